/* sl-command-detection.c: hidden units in a game — detection rolls (P-27,
 * T-19, E-24) and ambushes (§5.2)
 *
 * The hidden unit's own modifiers (camo tinter, Ranger suit, a power suit
 * not in stealth power mode) are applied by the app from the logs, as the
 * hider would in secret; the summary, which the whole table sees, never
 * names them: it says only "detected" or "not detected". The result keeps
 * them apart under "private".
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sl-command.h"
#include "sl-detection.h"
#include "sl-secrets.h"

gboolean
sl_command_detect (SlCommand  *c,
                   GError    **error)
{
  SlReader *r = c->command;
  g_autoptr(SlBreakdown) public_breakdown = sl_breakdown_new ();
  g_autoptr(SlBreakdown) secret_breakdown = sl_breakdown_new ();
  SlDetectionInput in = { 0 };
  SlDetectionResult res = { 0 };
  const char *pile, *decoy, *tried;
  SlMarker *decoy_marker = NULL;
  const SlSideSetup *hider = NULL;
  gboolean equipment = sl_setup_has_module (c->setup, SL_MODULE_EQUIPMENT);
  gboolean automatic_case;
  int unit, target;

  unit = sl_command_unit (c, r, "unit", FALSE);
  target = sl_command_unit (c, r, "target", TRUE);
  decoy = sl_reader_string (r, "decoy", NULL);
  pile = sl_reader_string (r, "pile", NULL);
  sl_reader_flags (r, "cover", sl_detection_public_names, N_("detection modifier"),
                   in.public_modifiers, SL_N_DETECTION_PUBLIC);
  in.conditions.smoke = sl_reader_bool (r, "smoke", FALSE);
  in.conditions.ground_sensor = sl_reader_bool (r, "ground_sensor", FALSE);
  in.conditions.holotarp = sl_reader_bool (r, "holotarp", FALSE);
  in.conditions.holotarp_entered = sl_reader_bool (r, "holotarp_entered", FALSE);
  in.distance_m = sl_reader_number (r, "distance_m", 0, 100000, -1);
  in.in_field_of_view = sl_reader_bool (r, "in_field_of_view", TRUE);
  in.roll_stream = sl_command_die (c, r, "roll", 10);
  if (sl_reader_ok (r) && target < 0 && decoy == NULL && pile != NULL)
    {
      /* The table names the pile; the app knows what lies under it (the
       * hider's secret, P-28). */
      if (!sl_state_find_pile (c->state, pile, &target, &decoy_marker))
        sl_reader_fail (r, "pile", _("There is no pile “%s” on the table."), pile);
      else if (decoy_marker != NULL)
        decoy = decoy_marker->label;
      if (sl_reader_ok (r) && unit >= 0 &&
          sl_command_side (c, target >= 0 ? target : decoy_marker->owner) == sl_command_side (c, unit))
        sl_reader_fail (r, "pile", _("“%s” is one of your own side’s piles."), pile);
    }
  else if (sl_reader_ok (r) && (target < 0) == (decoy == NULL))
    sl_reader_fail (r, target < 0 ? "pile" : "decoy",
                    _("Name the pile (“pile”), or the hidden unit under it (“target”) or that it is a decoy (“decoy”)."));
  if (!sl_command_inputs_done (c))
    return FALSE;
  if (!sl_command_require_module (c, SL_MODULE_DETECTION, "type", error))
    return FALSE;
  /* The scenario's terrain everywhere (§10 G): the pile lies in it unless
   * the command names its cover; woods hide beyond their depth (T-10,
   * T-19, A-46). */
  {
    const SlTerrain *everywhere = sl_command_terrain (c, unit);

    if (everywhere != NULL && !sl_reader_has (r, "cover"))
      {
        if (g_str_equal (everywhere->id, "heavy-woods"))
          in.public_modifiers[SL_DETECTION_HEAVY_WOODS] = TRUE;
        else if (g_str_equal (everywhere->id, "light-woods"))
          in.public_modifiers[SL_DETECTION_LIGHT_WOODS] = TRUE;
      }
    if (everywhere != NULL && everywhere->los_limit_m > 0 && in.distance_m > everywhere->los_limit_m)
      {
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "distance_m",
                           _("In %s nothing is seen beyond %g m: no detection at %g m (T-10, A-46)."),
                           everywhere->name, everywhere->los_limit_m, in.distance_m);
        return FALSE;
      }
  }
  /* P-27 and the standing rules: rolls in the Detection Phase; at other
   * times only the automatic cases (within 1 m, a holotarp entered). */
  automatic_case = (in.distance_m >= 0 && in.distance_m <= c->rules->detection_automatic_within_m) ||
                   in.conditions.holotarp_entered;
  if (c->state->phase != SL_PHASE_DETECTION &&
      !(automatic_case && c->state->phase == SL_PHASE_ACTION && c->state->step == SL_STEP_INITIATIVE_ORDER))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("Detection rolls are made in the Detection Phase (P-27); in the Action Phase only a unit within 1 m or inside a holotarp's square is detected, at once (§15.1)."));
      return FALSE;
    }
  if (sl_state_unit_out (c->rules, c->state, unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit", _("%s is out of the fight (T-16)."),
                         sl_command_name (c, unit));
      return FALSE;
    }
  if (c->state->units[unit].hidden)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("A hidden unit does not try to detect: it would give itself away (P-27)."));
      return FALSE;
    }
  if (target >= 0)
    {
      if (sl_command_side (c, target) == sl_command_side (c, unit))
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target", _("%s is on the same side."),
                             sl_command_name (c, target));
          return FALSE;
        }
      if (!c->state->units[target].hidden)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target", _("%s is not hidden."),
                             sl_command_name (c, target));
          return FALSE;
        }
      hider = sl_setup_side_at (c->setup, sl_command_side (c, target));
    }
  else if (decoy_marker != NULL)
    hider = sl_setup_side_at (c->setup, sl_command_side (c, decoy_marker->owner));
  else
    {
      /* A decoy belongs to the other side. */
      for (guint s = 0; s < c->setup->sides->len && hider == NULL; s++)
        if ((int) s != sl_command_side (c, unit))
          hider = sl_setup_side_at (c->setup, s);
    }

  /* each unit rolls against each pile once per Detection Phase. */
  tried = pile ? pile : (decoy ? decoy : sl_setup_unit_at (c->setup, target)->id);
  if (!automatic_case)
    for (int i = 0; i < c->state->n_detect_tries; i++)
      {
        const SlDetectTry *t = &c->state->detect_tries[i];

        if (t->turn == c->state->turn && t->unit == unit && g_str_equal (t->pile, tried))
          {
            sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "pile",
                               _("%s has tried %s already in this Detection Phase: once per unit and pile (A-128)."),
                               sl_command_name (c, unit), tried);
            return FALSE;
          }
      }

  in.detector_armor = sl_setup_unit_at (c->setup, unit)->armor;
  in.conditions.night = c->setup->environment.night;
  in.conditions.indoors = c->setup->environment.indoors;
  in.conditions.blackout = c->setup->environment.blackout;
  in.conditions.rain = c->setup->environment.rain;
  in.conditions.snow = c->setup->environment.snow;
  in.conditions.enemy_ecm = equipment && hider != NULL && hider->ecm;
  in.decoy = decoy != NULL;
  if (target >= 0)
    {
      /* The hider's secret modifiers, from the logs (T-19 "*"). */
      sl_secrets_unit_input (c->setup, c->state, target, &in);
    }
  if (!sl_detection_resolve (c->rules, c->options, &in, c->dice, public_breakdown, secret_breakdown, &res, error))
    return FALSE;

  if (!automatic_case)
    {
      SlDetectTry *t;
      int k = 0;

      /* Only this turn's tries count. */
      for (int i = 0; i < c->state->n_detect_tries; i++)
        if (c->state->detect_tries[i].turn == c->state->turn)
          c->state->detect_tries[k++] = c->state->detect_tries[i];
      c->state->n_detect_tries = MIN (k, SL_MAX_DETECT_TRIES - 1);
      t = &c->state->detect_tries[c->state->n_detect_tries++];
      t->turn = c->state->turn;
      t->unit = unit;
      g_strlcpy (t->pile, tried, sizeof t->pile);
    }
  if (res.detected && target >= 0)
    {
      sl_state_reveal_unit (c->state, target);
    }
  /* P-27 step 7: a detected decoy is taken off the map. */
  if (res.detected && decoy_marker != NULL)
    {
      g_autofree char *label = g_strdup (decoy_marker->label);

      sl_state_remove_marker (c->state, decoy_marker->id);
      decoy_marker = NULL;
      g_ptr_array_add (c->strings, g_steal_pointer (&label));
      decoy = g_ptr_array_index (c->strings, c->strings->len - 1);
    }

  if (sl_command_telling (c))
    {
      JsonObject *secret = json_object_new ();
      const char *shown = pile ? pile : (decoy ? decoy : _("a pile"));

      json_object_set_boolean_member (c->result, "detected", res.detected);
      json_object_set_string_member (c->result, "pile", shown);
      json_object_set_boolean_member (c->result, "automatic", res.automatic);
      if (!res.automatic)
        {
          json_object_set_int_member (c->result, "natural", res.check.natural);
          json_object_set_int_member (c->result, "public_modifier", res.public_modifier);
          json_object_set_double_member (c->result, "public_probability", res.public_probability);
          /* The odds as the detecting side can know them: its public
           * modifiers, the hider's secret counted as 0. */
          json_object_set_int_member (c->result, "needed", res.public_needed);
          json_object_set_double_member (c->result, "probability", res.public_probability);
        }
      json_object_set_member (c->result, "breakdown", sl_breakdown_to_json (public_breakdown));
      /* Known to the hider (and the private view) only. */
      json_object_set_int_member (secret, "secret_modifier", res.secret_modifier);
      json_object_set_member (secret, "secret_breakdown", sl_breakdown_to_json (secret_breakdown));
      if (!res.automatic)
        json_object_set_int_member (secret, "net", res.check.net);
      json_object_set_boolean_member (secret, "decoy", decoy != NULL);
      if (target >= 0)
        json_object_set_string_member (secret, "unit", sl_setup_unit_at (c->setup, target)->id);
      json_object_set_object_member (c->result, "private", secret);

      /* What the table hears: the pile, the roll, detected or not — and
       * who was under it once it is revealed. */
      if (res.automatic)
        sl_command_say (c, _("%s detects %s at once (%s)."), sl_command_name (c, unit), shown,
                        res.automatic_reason ? res.automatic_reason : _("§15.1"));
      else
        sl_command_say (c, _("%s tries to detect %s: rolled %d with %+d for what everyone sees: %s."),
                        sl_command_name (c, unit), shown, res.check.natural, res.public_modifier,
                        res.detected ? _("detected") : _("not detected"));
      if (res.detected && target >= 0)
        sl_command_say (c, _("%s is revealed and can never hide again (§15.1)."), sl_command_name (c, target));
      else if (res.detected)
        sl_command_say (c, _("%s was a decoy: it is taken off the table (P-27)."), shown);
    }
  return TRUE;
}

/* §5.2: a whole undetected grouping attacks: the victims leave the order,
 * lose their actions and do nothing for the next 3 subphases. */
gboolean
sl_command_ambush (SlCommand  *c,
                   GError    **error)
{
  SlReader *r = c->command;
  g_autoptr(GString) names = g_string_new (NULL);
  const char *by_id, *victim_id;
  int by = -1, victims = -1, now, members = 0, k = 0;
  g_autofree char *when = NULL;

  sl_reader_require (r, "grouping");
  sl_reader_require (r, "target_grouping");
  by_id = sl_reader_string (r, "grouping", "");
  victim_id = sl_reader_string (r, "target_grouping", "");
  for (guint g = 0; g < c->setup->groupings->len; g++)
    {
      if (g_str_equal (sl_setup_grouping_at (c->setup, g)->id, by_id))
        by = g;
      if (g_str_equal (sl_setup_grouping_at (c->setup, g)->id, victim_id))
        victims = g;
    }
  if (sl_reader_ok (r) && by < 0)
    sl_reader_fail (r, "grouping", _("There is no grouping “%s” in this game."), by_id);
  else if (sl_reader_ok (r) && victims < 0)
    sl_reader_fail (r, "target_grouping", _("There is no grouping “%s” in this game."), victim_id);
  if (!sl_command_inputs_done (c))
    return FALSE;
  if (!sl_command_require_module (c, SL_MODULE_AMBUSH, "type", error))
    return FALSE;
  if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_INITIATIVE_ORDER, N_("An ambush"), error))
    return FALSE;

  /* The whole grouping, every unit still in the fight, undetected. */
  for (int u = 0; u < c->state->n_units; u++)
    if (c->state->grouping_of[u] == by && !sl_state_unit_out (c->rules, c->state, u))
      {
        members++;
        if (!c->state->units[u].hidden)
          {
            sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "grouping",
                               _("%s has been detected: an ambush is a whole undetected grouping attacking (§5.2)."),
                               sl_command_name (c, u));
            return FALSE;
          }
      }
  if (members == 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "grouping", _("Nobody of that grouping is left in the fight."));
      return FALSE;
    }
  /* The ambushers act in their grouping's turn (P-08 step 2). */
  for (int u = 0; u < c->state->n_units; u++)
    if (c->state->grouping_of[u] == by)
      {
        if (!sl_command_check_turn (c, u, "grouping", error))
          return FALSE;
        break;
      }
  {
    int any = -1;

    for (int u = 0; u < c->state->n_units; u++)
      if (c->state->grouping_of[u] == victims)
        any = u;
    for (int u = 0; u < c->state->n_units && any >= 0; u++)
      if (c->state->grouping_of[u] == by && sl_command_side (c, u) == sl_command_side (c, any))
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target_grouping", _("Both groupings are on the same side."));
          return FALSE;
        }
  }

  now = sl_command_now (c);
  for (int u = 0; u < c->state->n_units; u++)
    {
      SlUnitState *us = &c->state->units[u];

      if (c->state->grouping_of[u] != victims || sl_state_unit_out (c->rules, c->state, u))
        continue;
      if (us->current.action != NULL && !us->current.resolved)
        sl_state_lose_action (c->state, u);
      /* §5.2: it can do nothing, opportunity fire included. */
      us->opportunity_armed = FALSE;
      us->idle_until = now + 3;
      if (sl_command_telling (c))
        {
          if (names->len > 0)
            g_string_append (names, _(", "));
          g_string_append (names, sl_command_name (c, u));
        }
    }
  /* It leaves the initiative order: last, after everyone; whose turn it
   * is stays the same grouping's. */
  if (sl_state_order_position (c->state, victims) >= 0 &&
      sl_state_order_position (c->state, victims) < c->state->slot)
    c->state->slot--;
  for (int i = 0; i < c->state->n_order; i++)
    if (c->state->order[i] != victims)
      c->state->order[k++] = c->state->order[i];
  if (k < c->state->n_order)
    c->state->order[k] = victims;

  if (sl_command_telling (c))
    when = sl_command_when (c, now + 3);
  sl_command_result (c, json_object_set_string_member, "target_grouping", victim_id);
  sl_command_say (c, _("%s ambushes %s: %s lose their actions, leave the initiative order and can do nothing until after %s (§5.2)."),
                  sl_setup_grouping_at (c->setup, by)->name, sl_setup_grouping_at (c->setup, victims)->name,
                  names->str, when);
  return TRUE;
}
