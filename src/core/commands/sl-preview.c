/* sl-preview.c: a command's preview read typed — the members the
 * commands write (sl-command-fire.c, sl-command-initiative.c,
 * sl-command-objects.c), named here once
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-preview-private.h"
#include "sl-preview.h"

JsonObject *
sl_preview_node_object (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

JsonObject *
sl_preview_object_member (JsonObject *o,
                          const char *name)
{
  return o != NULL ? sl_preview_node_object (json_object_get_member (o, name)) : NULL;
}

JsonArray *
sl_preview_array_member (JsonObject *o,
                         const char *name)
{
  JsonNode *node = o != NULL ? json_object_get_member (o, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

JsonObject *
sl_preview_element_object (JsonArray *list,
                           guint      i)
{
  return sl_preview_node_object (json_array_get_element (list, i));
}

void
sl_fire_preview_read (JsonNode      *preview,
                      SlFirePreview *out)
{
  JsonObject *o = sl_preview_node_object (preview);

  g_return_if_fail (out != NULL);
  *out = (SlFirePreview) { NULL };
  if (o == NULL)
    return;
  out->breakdown = sl_breakdown_from_json (json_object_get_member (o, "breakdown"));
  /* The to-hit odds are the preview's own members (P-14 step 4). */
  out->has_roll = sl_check_odds_from_json (o, &out->odds);
  /* P-16: a natural 1 asks the jam die, with the jam check's odds. */
  out->jam_due = json_object_has_member (o, "jam_roll");
  out->has_jam_odds = sl_check_odds_from_json (sl_preview_object_member (o, "jam_check"), &out->jam_odds);
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
  JsonObject *o = sl_preview_node_object (preview);
  JsonArray *list = sl_preview_array_member (o, "order");

  g_array_set_clear_func (lines, initiative_line_clear);
  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    {
      JsonObject *entry = sl_preview_element_object (list, i);
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

/* What sl_command_obstacle_json writes, with the follow-through of a fire
 * (P-26). */
static void
obstacle_damage_read (JsonObject       *o,
                      SlObstacleDamage *out)
{
  out->label = g_strdup (json_object_get_string_member_with_default (o, "label", ""));
  out->kind = g_strdup (json_object_get_string_member_with_default (o, "kind", ""));
  out->armor_factor = (int) json_object_get_int_member_with_default (o, "armor_factor", 0);
  out->penetration = (int) json_object_get_int_member_with_default (o, "penetration", 0);
  /* Halves are allowed: the levels are numbers, not integers. */
  out->levels = json_object_get_double_member_with_default (o, "levels", 0);
  out->total = json_object_get_double_member_with_default (o, "total", 0);
  out->immune = json_object_get_boolean_member_with_default (o, "immune", FALSE);
  out->destroyed = json_object_get_boolean_member_with_default (o, "destroyed", FALSE);
  out->follow_through = json_object_get_boolean_member_with_default (o, "follow_through", FALSE);
}

gboolean
sl_obstacle_damage_read (JsonNode         *result,
                         SlObstacleDamage *out)
{
  JsonObject *o = sl_preview_object_member (sl_preview_node_object (result), "obstacle");

  g_return_val_if_fail (out != NULL, FALSE);
  *out = (SlObstacleDamage) { NULL };
  if (o == NULL)
    return FALSE;
  obstacle_damage_read (o, out);
  return TRUE;
}

void
sl_obstacle_damage_clear (SlObstacleDamage *damage)
{
  g_return_if_fail (damage != NULL);
  g_clear_pointer (&damage->label, g_free);
  g_clear_pointer (&damage->kind, g_free);
}

static void
behind_line_clear (gpointer data)
{
  g_free (((SlBehindLine *) data)->unit);
}

void
sl_object_fire_preview_read (JsonNode            *preview,
                             SlObjectFirePreview *out)
{
  JsonObject *o = sl_preview_node_object (preview);
  JsonArray *list = sl_preview_array_member (o, "behind");

  g_return_if_fail (out != NULL);
  *out = (SlObjectFirePreview) { FALSE };
  out->behind = g_array_new (FALSE, TRUE, sizeof (SlBehindLine));
  g_array_set_clear_func (out->behind, behind_line_clear);
  if (o == NULL)
    return;
  /* A-17, P-25: lost sight of, or already destroyed. */
  out->wasted = json_object_get_boolean_member_with_default (o, "wasted", FALSE);
  out->at_obstacle = sl_obstacle_damage_read (preview, &out->obstacle);
  /* P-26: the units behind the breach, each with its roll at +3. */
  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    {
      JsonObject *entry = sl_preview_element_object (list, i);
      SlBehindLine line = { NULL };

      if (entry == NULL)
        continue;
      line.unit = g_strdup (json_object_get_string_member_with_default (entry, "unit", ""));
      line.has_roll = sl_check_odds_from_json (entry, &line.odds);
      g_array_append_val (out->behind, line);
    }
}

void
sl_object_fire_preview_clear (SlObjectFirePreview *preview)
{
  g_return_if_fail (preview != NULL);
  sl_obstacle_damage_clear (&preview->obstacle);
  g_clear_pointer (&preview->behind, g_array_unref);
}

static void
area_burst_line_clear (gpointer data)
{
  SlAreaBurstLine *line = data;

  g_free (line->unit);
  g_free (line->reason);
  g_clear_pointer (&line->breakdown, sl_breakdown_free);
}

void
sl_area_burst_preview_read (JsonNode           *preview,
                            SlAreaBurstPreview *out)
{
  JsonObject *o = sl_preview_node_object (preview);
  JsonArray *list = sl_preview_array_member (o, "targets");

  g_return_if_fail (out != NULL);
  *out = (SlAreaBurstPreview) { NULL };
  out->targets = g_array_new (FALSE, TRUE, sizeof (SlAreaBurstLine));
  g_array_set_clear_func (out->targets, area_burst_line_clear);
  if (o == NULL)
    return;
  /* one jam check, on the first roll, when it is a natural 1. */
  out->jam_due = json_object_has_member (o, "jam_roll");
  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    {
      JsonObject *entry = sl_preview_element_object (list, i);
      SlAreaBurstLine line = { NULL };
      const char *reason;

      if (entry == NULL)
        continue;
      line.unit = g_strdup (json_object_get_string_member_with_default (entry, "unit", ""));
      line.engaged = json_object_get_boolean_member_with_default (entry, "engaged", FALSE);
      /* Every round has hit, or the unit cannot be fired at. */
      reason = json_object_get_string_member_with_default (entry, "reason", NULL);
      line.reason = g_strdup (reason);
      line.has_roll = sl_check_odds_from_json (entry, &line.odds);
      line.breakdown = sl_breakdown_from_json (json_object_get_member (entry, "breakdown"));
      g_array_append_val (out->targets, line);
    }
}

void
sl_area_burst_preview_clear (SlAreaBurstPreview *preview)
{
  g_return_if_fail (preview != NULL);
  g_clear_pointer (&preview->targets, g_array_unref);
}
