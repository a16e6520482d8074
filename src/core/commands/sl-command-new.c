/* sl-command-new.c: the commands the app sends, built from typed fields.
 * Each constructor writes its fields in the order of docs/commands.md as
 * the app has always sent them, so that a journal written before these
 * constructors reads the same as one written with them.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-command-new.h"
#include "sl-json.h"
#include "sl-morale.h"

/* Helpers */

/* {"type": @type}, to be filled in. */
static JsonObject *
new_command (const char  *type,
             JsonNode   **node)
{
  JsonObject *o = json_object_new ();

  *node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (*node, o);
  json_object_set_string_member (o, "type", type);
  return o;
}

/* @member: the id of @unit, when it is not −1. */
static void
set_unit (JsonObject    *o,
          const char    *member,
          const SlSetup *setup,
          int            unit)
{
  if (unit < 0)
    return;
  g_return_if_fail (unit < sl_setup_n_units (setup));
  json_object_set_string_member (o, member, sl_setup_unit_at (setup, unit)->id);
}

/* @member: a die, when it is given. */
static void
set_die (JsonObject *o,
         const char *member,
         int         value)
{
  if (value > 0)
    json_object_set_int_member (o, member, value);
}

static void
set_true (JsonObject *o,
          const char *member,
          gboolean    value)
{
  if (value)
    json_object_set_boolean_member (o, member, TRUE);
}

/* {"turn", "subphase"} */
static JsonObject *
moment (int turn,
        int subphase)
{
  JsonObject *o = json_object_new ();

  json_object_set_int_member (o, "turn", turn);
  json_object_set_int_member (o, "subphase", subphase);
  return o;
}

/* "units" (always) and "charges" (when some are caught) of a blast, a
 * fire mission or a mine (§15.6 … §15.9). */
static void
set_caught (JsonObject           *o,
            const SlSetup        *setup,
            const SlBlastUnit    *units,
            guint                 n_units,
            const SlCaughtCharge *charges,
            guint                 n_charges)
{
  JsonArray *list = json_array_new ();

  for (guint i = 0; i < n_units; i++)
    {
      const SlBlastUnit *u = &units[i];
      JsonObject *item = json_object_new ();

      set_unit (item, "unit", setup, u->unit);
      json_object_set_double_member (item, "distance_m", u->distance_m);
      /* One cover or the other, as the table judges it. */
      if (u->half_cover)
        json_object_set_boolean_member (item, "half_cover", TRUE);
      else if (u->full_cover)
        json_object_set_boolean_member (item, "full_cover", TRUE);
      set_true (item, "sacrifice_dive", u->sacrifice_dive);
      set_true (item, "in_strip", u->in_strip);
      json_array_add_object_element (list, item);
    }
  json_object_set_array_member (o, "units", list);
  if (n_charges == 0)
    return;
  list = json_array_new ();
  for (guint i = 0; i < n_charges; i++)
    {
      JsonObject *item = json_object_new ();

      json_object_set_int_member (item, "marker", charges[i].marker);
      set_die (item, "roll", charges[i].roll);
      json_array_add_object_element (list, item);
    }
  json_object_set_array_member (o, "charges", list);
}

/* The dice, and filling in */

void
sl_command_set_die (JsonNode        *command,
                    const SlDieNeed *need,
                    int              value)
{
  JsonNode *v;

  g_return_if_fail (command != NULL && JSON_NODE_HOLDS_OBJECT (command));
  g_return_if_fail (need != NULL && need->field != NULL);
  g_return_if_fail (value >= 1 && value <= need->sides);

  v = json_node_new (JSON_NODE_VALUE);
  json_node_set_int (v, value);
  if (need->listed)
    {
      /* A list of dice ("scatter_rolls"): this one in it. */
      JsonNode *list = json_node_new (JSON_NODE_ARRAY);

      json_node_take_array (list, json_array_new ());
      json_array_add_element (json_node_get_array (list), v);
      v = list;
    }
  sl_json_set_path (command, need->field, v);
}

void
sl_command_set_value (JsonNode   *command,
                      const char *field,
                      GVariant   *value)
{
  g_autoptr(GVariant) held = NULL;
  JsonNode *v;

  g_return_if_fail (command != NULL && JSON_NODE_HOLDS_OBJECT (command));
  g_return_if_fail (field != NULL);
  g_return_if_fail (value != NULL);

  held = g_variant_ref_sink (value);
  if (g_variant_is_of_type (held, G_VARIANT_TYPE_STRING_ARRAY))
    {
      g_autofree const char **strings = g_variant_get_strv (held, NULL);
      JsonArray *list = json_array_new ();

      for (guint i = 0; strings[i] != NULL; i++)
        json_array_add_string_element (list, strings[i]);
      v = json_node_new (JSON_NODE_ARRAY);
      json_node_take_array (v, list);
      sl_json_set_path (command, field, v);
      return;
    }
  v = json_node_new (JSON_NODE_VALUE);
  if (g_variant_is_of_type (held, G_VARIANT_TYPE_BOOLEAN))
    json_node_set_boolean (v, g_variant_get_boolean (held));
  else if (g_variant_is_of_type (held, G_VARIANT_TYPE_INT32))
    json_node_set_int (v, g_variant_get_int32 (held));
  else if (g_variant_is_of_type (held, G_VARIANT_TYPE_INT64))
    json_node_set_int (v, g_variant_get_int64 (held));
  else if (g_variant_is_of_type (held, G_VARIANT_TYPE_DOUBLE))
    json_node_set_double (v, g_variant_get_double (held));
  else if (g_variant_is_of_type (held, G_VARIANT_TYPE_STRING))
    json_node_set_string (v, g_variant_get_string (held, NULL));
  else
    {
      g_critical ("%s: a command takes no value of type “%s”", G_STRFUNC,
                  g_variant_get_type_string (held));
      json_node_unref (v);
      return;
    }
  sl_json_set_path (command, field, v);
}

void
sl_command_set_modifier (JsonNode   *command,
                         const char *field,
                         const char *source,
                         int         value)
{
  JsonObject *m;
  JsonArray *list;
  JsonNode *v;

  g_return_if_fail (command != NULL && JSON_NODE_HOLDS_OBJECT (command));
  g_return_if_fail (field != NULL && source != NULL);

  m = json_object_new ();
  json_object_set_string_member (m, "source", source);
  json_object_set_int_member (m, "value", value);
  list = json_array_new ();
  json_array_add_object_element (list, m);
  v = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (v, list);
  sl_json_set_path (command, field, v);
}

int
sl_command_get_unit (const SlSetup *setup,
                     JsonNode      *command)
{
  JsonObject *o;
  const SlUnitSetup *us;

  g_return_val_if_fail (setup != NULL, -1);
  if (command == NULL || !JSON_NODE_HOLDS_OBJECT (command))
    return -1;
  o = json_node_get_object (command);
  us = json_object_has_member (o, "unit")
       ? sl_setup_unit (setup, json_object_get_string_member_with_default (o, "unit", NULL))
       : NULL;
  return us != NULL ? us->index : -1;
}

JsonNode *
sl_command_copy (JsonNode *command)
{
  JsonNode *copy;

  g_return_val_if_fail (command != NULL, NULL);

  /* json_node_copy() shares a node's object or list. */
  if (JSON_NODE_HOLDS_OBJECT (command))
    {
      JsonObject *from = json_node_get_object (command);
      JsonObject *to = json_object_new ();
      g_autoptr(GList) members = json_object_get_members (from);

      for (GList *l = members; l != NULL; l = l->next)
        {
          JsonNode *member = json_object_get_member (from, l->data);

          json_object_set_member (to, l->data, sl_command_copy (member));
        }
      copy = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (copy, to);
      return copy;
    }
  if (JSON_NODE_HOLDS_ARRAY (command))
    {
      JsonArray *from = json_node_get_array (command);
      JsonArray *to = json_array_new ();

      for (guint i = 0; i < json_array_get_length (from); i++)
        json_array_add_element (to, sl_command_copy (json_array_get_element (from, i)));
      copy = json_node_new (JSON_NODE_ARRAY);
      json_node_take_array (copy, to);
      return copy;
    }
  return json_node_copy (command);
}

/* The sequence of play */

JsonNode *
sl_command_new_next (void)
{
  JsonNode *node;

  new_command ("next", &node);
  return node;
}

JsonNode *
sl_command_new_pass (void)
{
  JsonNode *node;

  new_command ("pass", &node);
  return node;
}

/* A command that names one unit and nothing else yet. */
static JsonNode *
new_unit_command (const char    *type,
                  const SlSetup *setup,
                  int            unit)
{
  JsonNode *node;
  JsonObject *o;

  g_return_val_if_fail (setup != NULL, NULL);
  o = new_command (type, &node);
  set_unit (o, "unit", setup, unit);
  return node;
}

JsonNode *
sl_command_new_cancel (const SlSetup *setup,
                       int            unit)
{
  return new_unit_command ("cancel", setup, unit);
}

JsonNode *
sl_command_new_initiative (const SlSetup             *setup,
                           const SlInitiativeCommand *command)
{
  JsonNode *node;
  JsonObject *o, *rolls, *decisions;

  g_return_val_if_fail (setup != NULL && command != NULL, NULL);
  o = new_command ("initiative", &node);
  rolls = json_object_new ();
  decisions = json_object_new ();
  for (guint i = 0; i < command->n_groupings; i++)
    {
      const SlInitiativeRoll *r = &command->groupings[i];
      const char *id = sl_setup_grouping_at (setup, r->grouping)->id;

      set_die (rolls, id, r->roll);
      if (r->countermove)
        json_object_set_string_member (decisions, id, sl_decision_names[SL_DECISION_COUNTERMOVE]);
    }
  json_object_set_object_member (o, "rolls", rolls);
  json_object_set_object_member (o, "decisions", decisions);
  return node;
}

JsonNode *
sl_command_new_declare (const SlSetup          *setup,
                        const SlDeclareCommand *command)
{
  JsonNode *node;
  JsonObject *o;

  g_return_val_if_fail (setup != NULL && command != NULL, NULL);
  g_return_val_if_fail (command->action != NULL, NULL);
  o = new_command ("declare", &node);
  set_unit (o, "unit", setup, command->unit);
  json_object_set_string_member (o, "action", command->action->id);
  if (command->combined_with != SL_MOVE_NONE)
    json_object_set_string_member (o, "combined_with", sl_combine_names[command->combined_with]);
  if (command->thrown != SL_THROW_NONE)
    json_object_set_string_member (o, "throw", sl_throw_names[command->thrown]);
  if (command->burst != SL_BURST_NONE)
    json_object_set_string_member (o, "burst", sl_burst_names[command->burst]);
  if (command->mission != NULL)
    json_object_set_string_member (o, "mission", command->mission->id);
  set_unit (o, "target", setup, command->target);
  if (command->charge > 0)
    json_object_set_int_member (o, "charge", command->charge);
  if (command->obstacle_label != NULL)
    {
      JsonObject *obstacle = json_object_new ();

      json_object_set_string_member (obstacle, "label", command->obstacle_label);
      if (command->obstacle_kind != NULL)
        json_object_set_string_member (obstacle, "kind", command->obstacle_kind->id);
      json_object_set_object_member (o, "obstacle", obstacle);
    }
  if (command->to_position >= 0)
    json_object_set_string_member (o, "to_position", sl_position_names[command->to_position]);
  set_true (o, "replace", command->replace);
  set_die (o, "zero_g_roll", command->zero_g_roll);
  set_die (o, "roll", command->avoid_roll);
  set_die (o, "attack_roll", command->attack_roll);
  if (command->target_avoids)
    json_object_set_string_member (o, "target_decision", "avoid");
  return node;
}

/* Fire */

JsonNode *
sl_command_new_fire (const SlSetup       *setup,
                     const SlFireCommand *command)
{
  JsonNode *node;
  JsonObject *o;

  g_return_val_if_fail (setup != NULL && command != NULL, NULL);
  o = new_command ("fire", &node);
  set_unit (o, "unit", setup, command->unit);
  set_unit (o, "target", setup, command->target);
  if (command->cover != SL_COVER_NONE)
    json_object_set_string_member (o, "cover", sl_cover_names[command->cover]);
  if (command->target_movement >= 0)
    json_object_set_string_member (o, "target_movement", sl_move_names[command->target_movement]);
  set_true (o, "firing_at_firer", command->firing_at_firer);
  set_true (o, "smoke", command->smoke);
  if (command->concentrated)
    json_object_set_string_member (o, "burst", sl_burst_names[SL_BURST_CONCENTRATED]);
  set_true (o, "no_los", command->no_los);
  set_die (o, "roll", command->roll);
  set_die (o, "jam_roll", command->jam_roll);
  set_die (o, "hits_roll", command->hits_roll);
  if (command->follow_through)
    {
      JsonArray *behind = json_array_new ();

      for (guint i = 0; i < command->n_behind; i++)
        {
          JsonObject *item = json_object_new ();

          set_unit (item, "unit", setup, command->behind[i].unit);
          set_die (item, "roll", command->behind[i].roll);
          json_array_add_object_element (behind, item);
        }
      json_object_set_array_member (o, "behind", behind);
    }
  return node;
}

JsonNode *
sl_command_new_area_burst (const SlSetup            *setup,
                           const SlAreaBurstCommand *command)
{
  JsonNode *node;
  JsonObject *o;
  JsonArray *targets;

  g_return_val_if_fail (setup != NULL && command != NULL, NULL);
  o = new_command ("area-burst", &node);
  set_unit (o, "unit", setup, command->unit);
  targets = json_array_new ();
  for (guint i = 0; i < command->n_targets; i++)
    {
      const SlAreaBurstTarget *t = &command->targets[i];
      JsonObject *item = json_object_new ();

      set_unit (item, "unit", setup, t->unit);
      /* Always measured: it orders the burst, and in rain or snow it is
       * the range that reads the weather (T-36, A-118). */
      json_object_set_double_member (item, "distance_m", t->distance_m);
      if (t->cover != SL_COVER_NONE)
        json_object_set_string_member (item, "cover", sl_cover_names[t->cover]);
      set_true (item, "firing_at_firer", t->firing_at_firer);
      set_die (item, "roll", t->roll);
      json_array_add_object_element (targets, item);
    }
  json_object_set_array_member (o, "targets", targets);
  set_true (o, "smoke", command->smoke);
  set_die (o, "jam_roll", command->jam_roll);
  return node;
}

/* Logs and markers by hand */

/* {"type": "correct", "unit", "field"}, its "value" to be set. */
static JsonObject *
new_correct (const SlSetup  *setup,
             int             unit,
             const char     *field,
             JsonNode      **node)
{
  JsonObject *o = new_command ("correct", node);

  set_unit (o, "unit", setup, unit);
  json_object_set_string_member (o, "field", field);
  return o;
}

JsonNode *
sl_command_new_correct_string (const SlSetup *setup,
                               int            unit,
                               const char    *field,
                               const char    *value)
{
  JsonNode *node;

  g_return_val_if_fail (setup != NULL && field != NULL && value != NULL, NULL);
  json_object_set_string_member (new_correct (setup, unit, field, &node), "value", value);
  return node;
}

JsonNode *
sl_command_new_correct_int (const SlSetup *setup,
                            int            unit,
                            const char    *field,
                            int            value)
{
  JsonNode *node;

  g_return_val_if_fail (setup != NULL && field != NULL, NULL);
  json_object_set_int_member (new_correct (setup, unit, field, &node), "value", value);
  return node;
}

JsonNode *
sl_command_new_correct_boolean (const SlSetup *setup,
                                int            unit,
                                const char    *field,
                                gboolean       value)
{
  JsonNode *node;

  g_return_val_if_fail (setup != NULL && field != NULL, NULL);
  json_object_set_boolean_member (new_correct (setup, unit, field, &node), "value", value);
  return node;
}

JsonNode *
sl_command_new_correct_null (const SlSetup *setup,
                             int            unit,
                             const char    *field)
{
  JsonNode *node;

  g_return_val_if_fail (setup != NULL && field != NULL, NULL);
  json_object_set_null_member (new_correct (setup, unit, field, &node), "value");
  return node;
}

JsonNode *
sl_command_new_correct_moment (const SlSetup *setup,
                               int            unit,
                               const char    *field,
                               int            turn,
                               int            subphase)
{
  JsonNode *node;

  g_return_val_if_fail (setup != NULL && field != NULL, NULL);
  json_object_set_object_member (new_correct (setup, unit, field, &node), "value",
                                 moment (turn, subphase));
  return node;
}

JsonNode *
sl_command_new_correct_breach (const SlSetup *setup,
                               int            unit,
                               SlBreachState  state,
                               int            turn,
                               int            subphase)
{
  JsonNode *node;
  JsonObject *value;

  g_return_val_if_fail (setup != NULL, NULL);
  g_return_val_if_fail (state >= SL_BREACH_NONE && state <= SL_BREACH_BLEEDING, NULL);
  value = json_object_new ();
  json_object_set_string_member (value, "state", sl_breach_state_names[state]);
  if (turn > 0)
    {
      json_object_set_int_member (value, "turn", turn);
      json_object_set_int_member (value, "subphase", subphase);
    }
  json_object_set_object_member (new_correct (setup, unit, "breach", &node), "value", value);
  return node;
}

JsonNode *
sl_command_new_correct_fires (const SlSetup       *setup,
                              int                  unit,
                              const SlCorrectFire *fires,
                              guint                n_fires)
{
  JsonNode *node;
  JsonArray *list;

  g_return_val_if_fail (setup != NULL, NULL);
  g_return_val_if_fail (fires != NULL || n_fires == 0, NULL);
  list = json_array_new ();
  for (guint i = 0; i < n_fires; i++)
    {
      JsonObject *item = moment (fires[i].turn, fires[i].subphase);

      json_object_set_string_member (item, "mode", sl_fire_mode_ids[fires[i].mode]);
      set_unit (item, "target", setup, fires[i].target);
      json_array_add_object_element (list, item);
    }
  json_object_set_array_member (new_correct (setup, unit, "fires", &node), "value", list);
  return node;
}

/* {"type": "correct-marker", "marker", "field"}, its "value" to be set. */
static JsonObject *
new_correct_marker (int          marker,
                    const char  *field,
                    JsonNode   **node)
{
  JsonObject *o = new_command ("correct-marker", node);

  json_object_set_int_member (o, "marker", marker);
  json_object_set_string_member (o, "field", field);
  return o;
}

JsonNode *
sl_command_new_correct_marker_string (int         marker,
                                      const char *field,
                                      const char *value)
{
  JsonNode *node;

  g_return_val_if_fail (field != NULL && value != NULL, NULL);
  json_object_set_string_member (new_correct_marker (marker, field, &node), "value", value);
  return node;
}

JsonNode *
sl_command_new_correct_marker_int (int         marker,
                                   const char *field,
                                   int         value)
{
  JsonNode *node;

  g_return_val_if_fail (field != NULL, NULL);
  json_object_set_int_member (new_correct_marker (marker, field, &node), "value", value);
  return node;
}

JsonNode *
sl_command_new_correct_marker_number (int         marker,
                                      const char *field,
                                      double      value)
{
  JsonNode *node;

  g_return_val_if_fail (field != NULL, NULL);
  json_object_set_double_member (new_correct_marker (marker, field, &node), "value", value);
  return node;
}

JsonNode *
sl_command_new_correct_marker_boolean (int         marker,
                                       const char *field,
                                       gboolean    value)
{
  JsonNode *node;

  g_return_val_if_fail (field != NULL, NULL);
  json_object_set_boolean_member (new_correct_marker (marker, field, &node), "value", value);
  return node;
}

JsonNode *
sl_command_new_correct_marker_moment (int         marker,
                                      const char *field,
                                      int         turn,
                                      int         subphase)
{
  JsonNode *node;

  g_return_val_if_fail (field != NULL, NULL);
  json_object_set_object_member (new_correct_marker (marker, field, &node), "value",
                                 moment (turn, subphase));
  return node;
}

JsonNode *
sl_command_new_exposure (const SlSetup           *setup,
                         const SlExposureCommand *command)
{
  JsonNode *node;
  JsonObject *o;

  g_return_val_if_fail (setup != NULL && command != NULL, NULL);
  o = new_command ("exposure", &node);
  if (command->unit >= 0)
    set_unit (o, "unit", setup, command->unit);
  else
    {
      JsonArray *units = json_array_new ();

      for (guint i = 0; i < command->n_units; i++)
        {
          int unit = command->units[i];

          g_return_val_if_fail (unit >= 0 && unit < sl_setup_n_units (setup), node);
          json_array_add_string_element (units, sl_setup_unit_at (setup, unit)->id);
        }
      json_object_set_array_member (o, "units", units);
    }
  json_object_set_boolean_member (o, "inside", command->inside);
  return node;
}

JsonNode *
sl_command_new_dive_stop (const SlSetup *setup,
                          int            unit,
                          gboolean       into_cover,
                          int            into)
{
  JsonNode *node = new_unit_command ("dive-stop", setup, unit);
  JsonObject *o;

  g_return_val_if_fail (node != NULL, NULL);
  o = json_node_get_object (node);
  if (into_cover)
    json_object_set_string_member (o, "into", "cover");
  else
    set_unit (o, "into", setup, into);
  return node;
}

/* @member: {"SIDE": n} for the sides given (−1: not given), or left out. */
static void
set_by_side (JsonObject    *o,
             const char    *member,
             const SlSetup *setup,
             const int      values[2],
             gboolean       boolean)
{
  JsonObject *by_side = NULL;

  for (guint s = 0; s < 2; s++)
    {
      if (values[s] < 0)
        continue;
      g_return_if_fail (s < setup->sides->len);
      if (by_side == NULL)
        by_side = json_object_new ();
      if (boolean)
        json_object_set_boolean_member (by_side, sl_setup_side_at (setup, s)->id, values[s] > 0);
      else
        json_object_set_int_member (by_side, sl_setup_side_at (setup, s)->id, values[s]);
    }
  if (by_side != NULL)
    json_object_set_object_member (o, member, by_side);
}

JsonNode *
sl_command_new_objective (const SlSetup            *setup,
                          const SlObjectiveCommand *command)
{
  JsonNode *node;
  JsonObject *o;

  g_return_val_if_fail (setup != NULL && command != NULL, NULL);
  o = new_command ("objective", &node);
  set_by_side (o, "charges", setup, command->charges, FALSE);
  set_by_side (o, "on_objective", setup, command->on_objective, FALSE);
  set_by_side (o, "primary", setup, command->primary, TRUE);
  set_by_side (o, "secondary", setup, command->secondary, FALSE);
  return node;
}

/* Sheets of dice */

JsonNode *
sl_command_new_throw (const SlSetup *setup,
                      int            unit)
{
  return new_unit_command ("throw", setup, unit);
}

JsonNode *
sl_command_new_launch (const SlSetup *setup,
                       int            unit,
                       SlGrenadeType  type,
                       int            count)
{
  JsonNode *node = new_unit_command ("launch", setup, unit);
  JsonArray *grenades;

  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (type >= 0 && type < SL_N_GRENADE_TYPES, node);
  grenades = json_array_new ();
  for (int i = 0; i < count; i++)
    {
      JsonObject *g = json_object_new ();

      json_object_set_string_member (g, "grenade", sl_grenade_type_names[type]);
      json_array_add_object_element (grenades, g);
    }
  json_object_set_array_member (json_node_get_object (node), "grenades", grenades);
  return node;
}

char *
sl_command_launch_field (int           grenade,
                         SlLaunchField field)
{
  /* The members read_launched_grenade (sl-command-explosives.c) reads. */
  static const char * const names[] = {
    [SL_LAUNCH_ROLL] = "roll",
    [SL_LAUNCH_SCATTER_ROLLS] = "scatter_rolls",
    [SL_LAUNCH_RANGE_M] = "range_m",
    [SL_LAUNCH_INDIRECT] = "indirect",
    [SL_LAUNCH_THROUGH_WINDOW] = "through_window",
  };

  g_return_val_if_fail (grenade >= 0, NULL);
  g_return_val_if_fail ((guint) field < G_N_ELEMENTS (names), NULL);
  return g_strdup_printf ("grenades[%d].%s", grenade, names[field]);
}

JsonNode *
sl_command_new_detonate (const SlSetup *setup,
                         int            unit)
{
  return new_unit_command ("detonate", setup, unit);
}

JsonNode *
sl_command_new_avoid (const SlSetup *setup,
                      int            unit)
{
  return new_unit_command ("avoid", setup, unit);
}

JsonNode *
sl_command_new_melee (const SlSetup *setup,
                      int            unit)
{
  return new_unit_command ("melee", setup, unit);
}

JsonNode *
sl_command_new_rally (const SlSetup *setup,
                      int            unit)
{
  return new_unit_command ("rally", setup, unit);
}

JsonNode *
sl_command_new_rout_check (const SlSetup *setup,
                           int            squad)
{
  JsonNode *node;
  JsonObject *o;

  g_return_val_if_fail (setup != NULL, NULL);
  o = new_command ("rout-check", &node);
  if (squad >= 0)
    json_object_set_string_member (o, "squad", sl_setup_squad_at (setup, squad)->id);
  return node;
}

JsonNode *
sl_command_new_detect (void)
{
  JsonNode *node;

  new_command ("detect", &node);
  return node;
}

JsonNode *
sl_command_new_ambush (void)
{
  JsonNode *node;

  new_command ("ambush", &node);
  return node;
}

/* Melee */

JsonNode *
sl_command_new_engage (const SlSetup         *setup,
                       const SlEngageCommand *command)
{
  JsonNode *node;
  JsonObject *o;

  g_return_val_if_fail (setup != NULL && command != NULL, NULL);
  o = new_command ("engage", &node);
  set_unit (o, "unit", setup, command->unit);
  set_unit (o, "target", setup, command->target);
  if (command->avoid)
    json_object_set_string_member (o, "decision", "avoid");
  set_true (o, "replace", command->replace);
  set_die (o, "zero_g_roll", command->zero_g_roll);
  set_die (o, "target_zero_g_roll", command->target_zero_g_roll);
  return node;
}

/* Explosions */

JsonNode *
sl_command_new_blast (const SlSetup        *setup,
                      const SlBlastCommand *command)
{
  JsonNode *node;
  JsonObject *o;

  g_return_val_if_fail (setup != NULL && command != NULL, NULL);
  o = new_command ("blast", &node);
  json_object_set_int_member (o, "marker", command->marker);
  /* With the obstacle named, whether it is breached is the core's. */
  if (command->obstacle_label != NULL)
    {
      JsonObject *obstacle = json_object_new ();

      json_object_set_string_member (obstacle, "label", command->obstacle_label);
      if (command->obstacle_kind != NULL)
        json_object_set_string_member (obstacle, "kind", command->obstacle_kind->id);
      if (command->obstacle_distance)
        json_object_set_double_member (obstacle, "distance_m", command->obstacle_distance_m);
      json_object_set_object_member (o, "obstacle", obstacle);
    }
  else
    set_true (o, "breached", command->breached);
  set_caught (o, setup, command->units, command->n_units, command->charges, command->n_charges);
  return node;
}

JsonNode *
sl_command_new_fire_mission (const SlSetup              *setup,
                             const SlFireMissionCommand *command)
{
  JsonNode *node;
  JsonObject *o;

  g_return_val_if_fail (setup != NULL && command != NULL, NULL);
  o = new_command ("fire-mission", &node);
  json_object_set_int_member (o, "marker", command->marker);
  if (command->mission != NULL)
    json_object_set_string_member (o, "mission", command->mission->id);
  set_die (o, "roll", command->roll);
  if (command->scatter_roll > 0)
    {
      JsonArray *rolls = json_array_new ();

      json_array_add_int_element (rolls, command->scatter_roll);
      json_object_set_array_member (o, "scatter_rolls", rolls);
    }
  if (command->sealed > 0)
    json_object_set_int_member (o, "sealed", command->sealed);
  set_caught (o, setup, command->units, command->n_units, command->charges, command->n_charges);
  return node;
}

JsonNode *
sl_command_new_mine_trigger (const SlSetup              *setup,
                             const SlMineTriggerCommand *command)
{
  JsonNode *node;
  JsonObject *o;

  g_return_val_if_fail (setup != NULL && command != NULL, NULL);
  o = new_command ("mine", &node);
  json_object_set_string_member (o, "action", "trigger");
  json_object_set_int_member (o, "marker", command->marker);
  set_unit (o, "unit", setup, command->unit);
  json_object_set_double_member (o, "distance_m", command->distance_m);
  set_true (o, "dud", command->dud);
  set_caught (o, setup, command->units, command->n_units, command->charges, command->n_charges);
  return node;
}

JsonNode *
sl_command_new_mine_lay (const SlSetup *setup,
                         int            unit,
                         const char    *label)
{
  JsonNode *node;
  JsonObject *o;

  g_return_val_if_fail (setup != NULL && label != NULL, NULL);
  o = new_command ("mine", &node);
  json_object_set_string_member (o, "action", "lay");
  set_unit (o, "unit", setup, unit);
  json_object_set_string_member (o, "label", label);
  return node;
}

/* Secrets */

JsonNode *
sl_command_new_hide (const SlSetup       *setup,
                     const SlHideCommand *command)
{
  JsonNode *node;
  JsonObject *o;

  g_return_val_if_fail (setup != NULL && command != NULL, NULL);
  o = new_command ("hide", &node);
  set_unit (o, "unit", setup, command->unit);
  json_object_set_string_member (o, "pile", command->pile != NULL ? command->pile : "");
  if (command->n_decoys > 0)
    {
      JsonArray *decoys = json_array_new ();

      for (guint i = 0; i < command->n_decoys; i++)
        json_array_add_string_element (decoys, command->decoys[i]);
      json_object_set_array_member (o, "decoys", decoys);
    }
  if (command->where != NULL)
    json_object_set_string_member (o, "where", command->where);
  if (command->stealth_power >= 0)
    json_object_set_boolean_member (o, "stealth_power", command->stealth_power > 0);
  return node;
}

JsonNode *
sl_command_new_seal (const SlSetup *setup,
                     int            side,
                     SlNoteKind     kind,
                     const char    *text,
                     int            marker)
{
  JsonNode *node;
  JsonObject *o;

  g_return_val_if_fail (setup != NULL, NULL);
  g_return_val_if_fail (kind >= 0 && kind < SL_N_NOTE_KINDS, NULL);
  o = new_command ("seal", &node);
  if (side >= 0)
    json_object_set_string_member (o, "side", sl_setup_side_at (setup, side)->id);
  json_object_set_string_member (o, "kind", sl_note_kind_names[kind]);
  json_object_set_string_member (o, "text", text != NULL ? text : "");
  if (marker > 0)
    json_object_set_int_member (o, "marker", marker);
  return node;
}

JsonNode *
sl_command_new_seal_action (const SlSetup *setup,
                            int            side,
                            SlNoteKind     kind,
                            const char    *text,
                            int            unit)
{
  JsonNode *node = sl_command_new_seal (setup, side, kind, text, 0);

  g_return_val_if_fail (unit >= 0 && unit < (int) setup->units->len, node);
  json_object_set_string_member (json_node_get_object (node), "unit", sl_setup_unit_at (setup, unit)->id);
  return node;
}

JsonNode *
sl_command_new_reveal (int      note,
                       gboolean dud)
{
  JsonNode *node;
  JsonObject *o = new_command ("reveal", &node);

  json_object_set_int_member (o, "sealed", note);
  json_object_set_boolean_member (o, "dud", dud);
  return node;
}
