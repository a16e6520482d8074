/* sl-command-environment.c: vacuum and hostile atmospheres in a game — where
 * each unit is (inside, sheltered, or out in it) and the suit breaches
 * (T-36, P-39; A-117 … A-120)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

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
