/* sl-preview.c: a command's preview read typed — the members the
 * commands write (sl-command-fire.c, sl-command-initiative.c), named here
 * once
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-preview.h"

static JsonObject *
object_member (JsonObject *o,
               const char *name)
{
  JsonNode *node = o != NULL ? json_object_get_member (o, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

void
sl_fire_preview_read (JsonNode      *preview,
                      SlFirePreview *out)
{
  JsonObject *o = preview != NULL && JSON_NODE_HOLDS_OBJECT (preview) ? json_node_get_object (preview) : NULL;

  g_return_if_fail (out != NULL);
  *out = (SlFirePreview) { NULL };
  if (o == NULL)
    return;
  out->breakdown = sl_breakdown_from_json (json_object_get_member (o, "breakdown"));
  /* The to-hit odds are the preview's own members (P-14 step 4). */
  out->has_roll = sl_check_odds_from_json (o, &out->odds);
  /* P-16: a natural 1 asks the jam die, with the jam check's odds. */
  out->jam_due = json_object_has_member (o, "jam_roll");
  out->has_jam_odds = sl_check_odds_from_json (object_member (o, "jam_check"), &out->jam_odds);
  /* P-30: a concentrated burst that hit asks the hits die. */
  out->hits_due = json_object_has_member (o, "hits_roll");
}

void
sl_fire_preview_clear (SlFirePreview *preview)
{
  g_return_if_fail (preview != NULL);
  g_clear_pointer (&preview->breakdown, sl_breakdown_free);
}

static void
initiative_line_clear (gpointer data)
{
  SlInitiativeLine *line = data;

  g_free (line->grouping);
  g_clear_pointer (&line->breakdown, sl_breakdown_free);
}

GArray *
sl_initiative_preview_read (JsonNode *preview)
{
  GArray *lines = g_array_new (FALSE, TRUE, sizeof (SlInitiativeLine));
  JsonObject *o = preview != NULL && JSON_NODE_HOLDS_OBJECT (preview) ? json_node_get_object (preview) : NULL;
  JsonNode *order = o != NULL ? json_object_get_member (o, "order") : NULL;
  JsonArray *list = order != NULL && JSON_NODE_HOLDS_ARRAY (order) ? json_node_get_array (order) : NULL;

  g_array_set_clear_func (lines, initiative_line_clear);
  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    {
      JsonNode *item = json_array_get_element (list, i);
      JsonObject *entry = JSON_NODE_HOLDS_OBJECT (item) ? json_node_get_object (item) : NULL;
      SlInitiativeLine line = { NULL };

      if (entry == NULL)
        continue;
      line.grouping = g_strdup (json_object_get_string_member_with_default (entry, "grouping", ""));
      line.breakdown = sl_breakdown_from_json (json_object_get_member (entry, "breakdown"));
      line.net = (int) json_object_get_int_member_with_default (entry, "net", 0);
      line.countermove = g_strcmp0 (json_object_get_string_member_with_default (entry, "decision", ""),
                                    "countermove") == 0;
      line.forced = json_object_get_boolean_member_with_default (entry, "forced", FALSE);
      g_array_append_val (lines, line);
    }
  return lines;
}
