/* sl-refusal.c: why the core refuses a command now
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-check.h"
#include "sl-reference.h"
#include "sl-refusal.h"

static void
add_id_cb (const char *text,
           gsize       offset,
           gsize       length,
           gpointer    user_data)
{
  GPtrArray *ids = user_data;
  g_autofree char *id = g_strndup (text + offset, length);

  for (guint i = 0; i < ids->len; i++)
    if (g_str_equal (g_ptr_array_index (ids, i), id))
      return;
  g_ptr_array_add (ids, g_steal_pointer (&id));
}

SlRefusal *
sl_refusal_new (const GError *error)
{
  SlRefusal *refusal;
  GPtrArray *ids = g_ptr_array_new ();
  const char *field;

  g_return_val_if_fail (error != NULL, NULL);
  refusal = g_new0 (SlRefusal, 1);
  refusal->message = g_strdup (error->message);
  field = error->domain == SL_RULE_ERROR ? sl_rule_error_get_field (error) : NULL;
  refusal->field = field != NULL && *field != '\0' ? g_strdup (field) : NULL;
  sl_reference_foreach_id (error->message, add_id_cb, ids);
  g_ptr_array_add (ids, NULL);
  refusal->rules = (GStrv) g_ptr_array_free (ids, FALSE);
  return refusal;
}

SlRefusal *
sl_refusal_copy (const SlRefusal *refusal)
{
  SlRefusal *copy;

  g_return_val_if_fail (refusal != NULL, NULL);
  copy = g_new0 (SlRefusal, 1);
  copy->message = g_strdup (refusal->message);
  copy->field = g_strdup (refusal->field);
  copy->rules = g_strdupv (refusal->rules);
  return copy;
}

void
sl_refusal_free (SlRefusal *refusal)
{
  if (refusal == NULL)
    return;
  g_free (refusal->message);
  g_free (refusal->field);
  g_strfreev (refusal->rules);
  g_free (refusal);
}

JsonNode *
sl_refusal_to_json (const SlRefusal *refusal)
{
  JsonObject *o = json_object_new ();
  JsonArray *rules = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  g_return_val_if_fail (refusal != NULL, NULL);
  json_object_set_string_member (o, "message", refusal->message);
  if (refusal->field != NULL)
    json_object_set_string_member (o, "field", refusal->field);
  else
    json_object_set_null_member (o, "field");
  for (guint i = 0; refusal->rules[i] != NULL; i++)
    json_array_add_string_element (rules, refusal->rules[i]);
  json_object_set_array_member (o, "rules", rules);
  json_node_take_object (node, o);
  return node;
}
