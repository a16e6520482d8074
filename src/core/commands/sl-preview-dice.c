/* sl-preview-dice.c: a dice command's preview read typed — the members
 * the commands write (the rout check and rally of sl-command-morale.c,
 * the melee sides and avoidance of sl-command-melee.c, the shots of
 * sl-command-explosives.c), named here once
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-preview-dice.h"
#include "sl-preview-private.h"

/* The odds and the modifiers @o tells, either or both. */
static void
read_roll (JsonObject *o,
           SlDiceRoll *out)
{
  out->has_odds = sl_check_odds_from_json (o, &out->odds);
  out->breakdown = sl_breakdown_from_json (json_object_get_member (o, "breakdown"));
}

static void
roll_clear (gpointer data)
{
  SlDiceRoll *roll = data;

  g_clear_pointer (&roll->breakdown, sl_breakdown_free);
}

/* A melee's side (P-24): an object naming its unit. A launch's "unit" is
 * its unit's id, not a side. */
static void
read_side (JsonObject *o,
           const char *name,
           SlDiceSide *out)
{
  JsonObject *side = sl_preview_object_member (o, name);

  if (side == NULL)
    return;
  out->present = TRUE;
  if (json_object_has_member (side, "unit"))
    out->unit = g_strdup (json_object_get_string_member_with_default (side, "unit", NULL));
  read_roll (side, &out->roll);
}

/* P-35: each grenade of a salvo, in the order launched; an element that
 * is no object tells nothing. */
static GArray *
read_grenades (JsonObject *o)
{
  JsonNode *node = json_object_get_member (o, "grenades");
  JsonArray *list = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node)
                                                                  : NULL;
  GArray *grenades;

  if (list == NULL)
    return NULL;
  grenades = g_array_new (FALSE, TRUE, sizeof (SlDiceRoll));
  g_array_set_clear_func (grenades, roll_clear);
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonObject *item = sl_preview_element_object (list, i);
      SlDiceRoll roll = { 0 };

      if (item != NULL)
        read_roll (item, &roll);
      g_array_append_val (grenades, roll);
    }
  return grenades;
}

void
sl_dice_preview_read (JsonNode      *preview,
                      SlDicePreview *out)
{
  JsonObject *o = sl_preview_node_object (preview);
  JsonObject *shot;

  g_return_if_fail (out != NULL);
  *out = (SlDicePreview) { { 0 } };
  if (o == NULL)
    return;
  read_roll (o, &out->roll);
  /* P-34, P-38: a hand grenade's or a fire mission's one shot. */
  shot = sl_preview_object_member (o, "shot");
  out->has_shot = shot != NULL;
  if (shot != NULL)
    read_roll (shot, &out->shot);
  out->grenades = read_grenades (o);
  read_side (o, "unit", &out->unit);
  read_side (o, "target", &out->target);
}

static void
side_clear (SlDiceSide *side)
{
  g_clear_pointer (&side->unit, g_free);
  roll_clear (&side->roll);
}

void
sl_dice_preview_clear (SlDicePreview *preview)
{
  g_return_if_fail (preview != NULL);
  roll_clear (&preview->roll);
  roll_clear (&preview->shot);
  g_clear_pointer (&preview->grenades, g_array_unref);
  side_clear (&preview->unit);
  side_clear (&preview->target);
}

gboolean
sl_throw_landing_read (JsonNode       *command,
                       JsonNode       *result,
                       SlThrowLanding *out)
{
  JsonObject *c = sl_preview_node_object (command);
  JsonObject *shot = sl_preview_object_member (sl_preview_node_object (result), "shot");
  JsonObject *landing;

  g_return_val_if_fail (out != NULL, FALSE);
  if (c == NULL || shot == NULL ||
      g_strcmp0 (json_object_get_string_member_with_default (c, "type", ""), "throw") != 0)
    return FALSE;
  out->range_m = json_object_get_double_member_with_default (c, "range_m", 0);
  /* P-34 step 5: no landing told, it came down where it was aimed. */
  out->along_m = out->range_m;
  out->across_m = 0;
  landing = sl_preview_object_member (shot, "landing");
  if (landing != NULL)
    {
      out->along_m = json_object_get_double_member_with_default (landing, "along_m", out->range_m);
      out->across_m = json_object_get_double_member_with_default (landing, "across_m", 0);
    }
  return TRUE;
}
