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

#include "sl-json.h"
#include "sl-resolve.h"

int LLVMFuzzerInitialize   (int            *argc,
                            char         ***argv);
int LLVMFuzzerTestOneInput (const uint8_t  *data,
                            size_t          size);

/* Loaded once: loading the rules is fuzz-rules.c's business, and the
 * process keeps them (reachable, so LeakSanitizer does not count them). */
static SlRules *rules;

static G_GNUC_NORETURN G_GNUC_PRINTF (1, 2) void
fail (const char *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("%s\n", message);
  abort ();
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  const char *datadir = g_getenv ("SQUADLOG_DATA_DIR");

  /* A critical or a warning on bad input is a bug of the code under test:
   * make it a crash the fuzzer reports, whatever G_DEBUG says. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);

  path = g_build_filename (datadir != NULL ? datadir : SL_SOURCE_DATADIR, "rules",
                           "streets-of-blood.json", NULL);
  rules = sl_rules_load_file (path, &error);
  if (rules == NULL)
    fail ("fuzz-resolve: %s", error->message);
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
  resolver = sl_resolver_new (rules);
  sl_resolver_set_seed (resolver, 1995);
  result = sl_resolver_resolve_text (resolver, request, (gssize) size, &valid);
  if (result == NULL || !JSON_NODE_HOLDS_OBJECT (result))
    fail ("The result is not an object");
  if (!valid)
    {
      JsonObject *root = json_node_get_object (result);
      JsonNode *error = json_object_get_member (root, "error");
      JsonObject *o;

      if (error == NULL || !JSON_NODE_HOLDS_OBJECT (error))
        fail ("A bad request's result has no \"error\" object");
      o = json_node_get_object (error);
      if (!holds_string (o, "field") || !holds_string (o, "message"))
        fail ("A bad request's error has no \"field\" or \"message\"");
    }
  text = sl_json_to_string (result, TRUE);
  return 0;
}
