/* sl-command-environment.c: vacuum and hostile atmospheres in a game — where
 * each unit is (inside, sheltered, or out in it) and the suit breaches
 * (T-36, P-39; A-117 … A-120)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "sl-command.h"
#include "sl-environment.h"

static SlEnvironment
environment_of (SlCommand *c)
{
  return c->setup->environment.vacuum ? SL_ENVIRONMENT_VACUUM : SL_ENVIRONMENT_HOSTILE;
}

void
sl_command_breach_tick (SlCommand *c,
                        int        unit)
{
  SlUnitState *u = &c->state->units[unit];
  int now = sl_command_now (c);
  SlSuitBreachInput in = { 0 };
  SlSuitBreachResult res;
  g_autoptr(GError) error = NULL;

  /* P-39 step 3: it bleeds until it dies, out of the fight or not. */
  if (u->breach.state == SL_BREACH_NONE || u->breach.due != now || u->wound == SL_WOUND_DEAD)
    return;

  in.environment = environment_of (c);
  in.armor = sl_setup_unit_at (c->setup, unit)->armor;
  in.breach = u->breach;
  in.inside = u->inside;
  in.now = now;
  in.has_wound = TRUE;
  in.wound = u->wound;
  if (!sl_suit_breach_resolve (c->rules, c->options, &in, &res, &error))
    {
      /* The state keeps a breach due now or later, in a sealed suit: the
       * engine cannot refuse it. */
      g_debug ("suit breach of unit %d: %s", unit, error->message);
      return;
    }
  u->breach = res.breach;
  if (res.levels > 0)
    {
      SlDamageInput d = { 0 };
      SlDamageResult dr;
      g_autofree char *words = NULL;

      d.source = SL_DAMAGE_VACUUM;
      d.wound = u->wound;
      sl_damage_resolve (c->rules, c->options, &d, &dr);
      words = sl_command_apply_breach_wound (c, unit, &dr);
      if (res.sealed_now)
        sl_command_say (c, _("%s's breached suit: %s; the suit seals (P-39)."), sl_command_name (c, unit),
                        words);
      else
        sl_command_say (c, _("%s's breached suit: %s; it goes on bleeding (P-39)."),
                        sl_command_name (c, unit), words);
    }
  else if (res.skipped)
    {
      if (res.sealed_now)
        sl_command_say (c, _("%s's breached suit seals: sheltered inside, the wound is not taken (P-39, A-120)."),
                        sl_command_name (c, unit));
      else
        sl_command_say (c, _("%s's breached suit: sheltered inside, no wound this time (P-39, A-120)."),
                        sl_command_name (c, unit));
    }
}

/* exposure: units go inside (a pressurised ship, an intact, closed
 * building) or out into the vacuum or atmosphere (T-36, A-120, A-134). */
gboolean
sl_command_exposure (SlCommand  *c,
                     GError    **error)
{
  SlReader *r = c->command;
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GString) names = g_string_new (NULL);
  gboolean inside;
  guint n;

  if (sl_reader_has (r, "units"))
    {
      n = sl_reader_array_length (r, "units");
      if (n == 0 && sl_reader_ok (r))
        sl_reader_fail (r, "units", _("Name the units that go inside or out."));
      for (guint i = 0; i < n && sl_reader_ok (r); i++)
        {
          const char *id = sl_reader_array_string (r, "units", i);
          const SlUnitSetup *us = id != NULL ? sl_setup_unit (c->setup, id) : NULL;

          if (id == NULL)
            break;
          if (us == NULL)
            {
              sl_reader_fail (r, "units", _("There is no unit “%s” in this game."), id);
              break;
            }
          for (guint k = 0; k < units->len; k++)
            if (g_array_index (units, int, k) == us->index)
              {
                sl_reader_fail (r, "units", _("%s is named twice."), us->told);
                break;
              }
          g_array_append_val (units, us->index);
        }
      if (sl_reader_has (r, "unit") && sl_reader_ok (r))
        sl_reader_fail (r, "unit", _("Name one unit with “unit” or several with “units”, not both."));
    }
  else
    {
      int unit = sl_command_unit (c, r, "unit", FALSE);

      if (unit >= 0)
        g_array_append_val (units, unit);
    }
  sl_reader_require (r, "inside");
  inside = sl_reader_bool (r, "inside", FALSE);
  if (!sl_command_inputs_done (c))
    return FALSE;

  if (!c->setup->environment.vacuum && !c->setup->environment.hostile)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "inside",
                         _("Inside or outside matters only in vacuum or a hostile atmosphere (T-36)."));
      return FALSE;
    }
  if (c->state->over)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type", _("The game is over."));
      return FALSE;
    }
  for (guint k = 0; k < units->len; k++)
    {
      int unit = g_array_index (units, int, k);
      const SlUnitState *u = &c->state->units[unit];
      const char *field = sl_reader_has (r, "units") ? "units" : "unit";

      if (u->wound == SL_WOUND_DEAD)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field, _("%s is dead."), sl_command_name (c, unit));
          return FALSE;
        }
      if (u->inside == inside)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field,
                             inside ? _("%s is already inside.") : _("%s is already outside."),
                             sl_command_name (c, unit));
          return FALSE;
        }
    }

  for (guint k = 0; k < units->len; k++)
    {
      int unit = g_array_index (units, int, k);

      c->state->units[unit].inside = inside;
      if (names->len > 0)
        g_string_append (names, _(", "));
      g_string_append (names, sl_command_name (c, unit));
    }
  sl_command_result (c, json_object_set_boolean_member, "inside", inside);
  if (inside)
    sl_command_say (c, c->setup->environment.vacuum
                       ? _("Inside, sheltered from the vacuum: %s (T-36).")
                       : _("Inside, sheltered from the atmosphere: %s (A-120)."),
                    names->str);
  else
    sl_command_say (c, c->setup->environment.vacuum
                       ? _("Out in the vacuum: %s (T-36).")
                       : _("Out in the hostile atmosphere: %s (T-36)."),
                    names->str);
  return TRUE;
}

gboolean
sl_command_zero_g_check (SlCommand      *c,
                         int             unit,
                         SlZeroGAction   action,
                         SlMove          movement,
                         const char     *stream,
                         const char     *prefix,
                         gboolean       *succeeded,
                         SlCheckOutcome *check,
                         GError        **error)
{
  const SlUnitSetup *us = sl_setup_unit_at (c->setup, unit);
  const SlUnitState *u = &c->state->units[unit];
  SlZeroGInput zin = { 0 };
  SlZeroGResult zres;
  g_autoptr(SlBreakdown) zb = sl_breakdown_new ();

  *succeeded = TRUE;
  if (check != NULL)
    memset (check, 0, sizeof *check);
  if (!sl_setup_zero_g_checks (c->setup))
    return TRUE;
  zin.troop = us->troop;
  zin.naval = us->naval;
  zin.action = action;
  zin.weapon = us->weapons[u->in_hand];
  zin.omni_mode = sl_state_unit_omni_mode (c->setup, c->state, unit);
  zin.movement = movement;
  zin.bounce_pack = FALSE;
  zin.roll_stream = stream;
  if (!sl_zero_g_resolve (c->rules, c->options, &zin, c->dice, zb, &zres, error))
    return FALSE;
  if (sl_command_telling (c))
    {
      g_autofree char *ok = g_strconcat (prefix, "zero_g_succeeded", NULL);
      g_autofree char *roll = g_strconcat (prefix, "zero_g_roll", NULL);
      g_autofree char *odds = g_strconcat (prefix, "zero_g_check", NULL);
      JsonObject *o = json_object_new ();

      json_object_set_boolean_member (c->result, ok, zres.succeeded);
      json_object_set_int_member (c->result, roll, zres.check.natural);
      /* The check itself — the number needed and the odds — for a sheet
       * to show before the die is rolled. */
      sl_check_outcome_to_json (&zres.check, "succeeded", o);
      json_object_set_object_member (c->result, odds, o);
    }
  *succeeded = zres.succeeded;
  if (check != NULL)
    *check = zres.check;
  /* P-21 step 4: the action is lost, and tried again next subphase. */
  if (!zres.succeeded)
    c->state->units[unit].zero_g_failed = sl_command_now (c) + 1;
  return TRUE;
}

gboolean
sl_command_check_zero_g_retry (SlCommand   *c,
                               int          unit,
                               const char  *field,
                               GError     **error)
{
  if (c->state->units[unit].zero_g_failed != sl_command_now (c) + 1)
    return TRUE;
  sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field,
                     _("%s failed its zero-G check in this subphase: the action is lost, and it tries again next subphase (P-21 step 4)."),
                     sl_command_name (c, unit));
  return FALSE;
}

gboolean
sl_command_drifting (SlCommand *c,
                     int        unit)
{
  return sl_state_unit_drifting (c->rules, c->setup, c->state, unit);
}

/* dive-stop: a zero-G dive ends when the diver hits full cover (it is
 * dazed) or another unit (both are dazed and prone). */
gboolean
sl_command_dive_stop (SlCommand  *c,
                      GError    **error)
{
  SlReader *r = c->command;
  int unit = sl_command_unit (c, r, "unit", FALSE);
  const char *into;
  int other = -1;
  SlDamageResult daze = { 0 };
  g_autofree char *words = NULL;
  g_autofree char *other_words = NULL;

  sl_reader_require (r, "into");
  into = sl_reader_string (r, "into", NULL);
  if (into != NULL && !g_str_equal (into, "cover"))
    {
      const SlUnitSetup *os = sl_setup_unit (c->setup, into);

      if (os == NULL)
        sl_reader_fail (r, "into", _("Say “cover” or the unit the diver hits (A-72)."));
      else
        other = os->index;
    }
  if (!sl_command_inputs_done (c))
    return FALSE;
  if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_NONE, N_("A dive"), error))
    return FALSE;
  if (!sl_command_drifting (c, unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s is not diving in zero-G (A-72)."), sl_command_name (c, unit));
      return FALSE;
    }
  if (other == unit)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "into", _("A diver does not hit itself."));
      return FALSE;
    }
  if (other >= 0 && sl_state_unit_out (c->rules, c->state, other))
    {
      /* A body floats: it is no unit in the fight to be dazed. */
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "into",
                         _("%s is out of the fight (T-16)."), sl_command_name (c, other));
      return FALSE;
    }

  /* §11: dazed from the next subphase (P-19); the dive is over. Against
   * cover only the daze is said; against a unit both end prone. */
  sl_state_lose_action_in_step (c->state, unit);
  if (other >= 0)
    c->state->units[unit].position = SL_POSITION_PRONE;
  daze.dazed = TRUE;
  words = sl_command_apply_damage (c, unit, &daze, NULL);
  if (other < 0)
    {
      sl_command_say (c, _("%s's dive ends against full cover: %s (A-72)."), sl_command_name (c, unit), words);
      return TRUE;
    }
  c->state->units[other].position = SL_POSITION_PRONE;
  other_words = sl_command_apply_damage (c, other, &daze, NULL);
  sl_command_result (c, json_object_set_string_member, "into", sl_setup_unit_at (c->setup, other)->id);
  sl_command_say (c, _("%s's dive ends against %s: both are prone; %s: %s; %s: %s (A-72)."),
                  sl_command_name (c, unit), sl_command_name (c, other), sl_command_name (c, unit), words,
                  sl_command_name (c, other), other_words);
  return TRUE;
}
