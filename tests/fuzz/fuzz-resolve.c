/* fuzz-resolve.c: libFuzzer target for `squadlog resolve` requests
 *
 * Feeds the bytes to sl_resolver_resolve_text () as the text of one request
 * (docs/resolve.md), against the shipped rules, and writes the result out
 * as the command line does. The result is checked against the protocol:
 * never NULL, an object, and for a bad request {"error": {"field": …,
 * "message": …}}.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "fuzz-common.h"
#include "sl-json.h"
#include "sl-resolve.h"


int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  sl_fuzz_init ();
  /* Loading the rules is fuzz-rules.c's business: these are loaded once. */
  sl_fuzz_rules ();
  return 0;
}

static gboolean
holds_string (JsonObject *object,
              const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(SlResolver) resolver = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autofree char *text = NULL;
  gboolean valid = FALSE;
  /* The bytes are not NUL-terminated: the length is what bounds them (and
   * AddressSanitizer catches a read past it). */
  const char *request = size > 0 ? (const char *) data : "";

  if (size > G_MAXSSIZE)
    return 0;

  /* A new resolver with a fixed seed for every input, so that the dice a
   * request leaves out are the same each time it is run. */
  resolver = sl_resolver_new (sl_fuzz_rules ());
  sl_resolver_set_seed (resolver, 1995);
  result = sl_resolver_resolve_text (resolver, request, (gssize) size, &valid);
  if (result == NULL || !JSON_NODE_HOLDS_OBJECT (result))
    sl_fuzz_fail ("The result is not an object");
  if (!valid)
    {
      JsonObject *root = json_node_get_object (result);
      JsonNode *error = json_object_get_member (root, "error");
      JsonObject *o;

      if (error == NULL || !JSON_NODE_HOLDS_OBJECT (error))
        sl_fuzz_fail ("A bad request's result has no \"error\" object");
      o = json_node_get_object (error);
      if (!holds_string (o, "field") || !holds_string (o, "message"))
        sl_fuzz_fail ("A bad request's error has no \"field\" or \"message\"");
    }
  text = sl_json_to_string (result, TRUE);
  return 0;
}
