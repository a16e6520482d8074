/* sl-unit-log.c: one unit's line of the paper squad log (T-04)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-ammunition.h"
#include "sl-unit-log.h"

void
sl_unit_log_fill (const SlRules *rules,
                  const SlSetup *setup,
                  const SlState *state,
                  int            unit,
                  SlUnitLog     *log)
{
  const SlUnitSetup *us = sl_setup_unit_at (setup, unit);
  const SlUnitState *u = &state->units[unit];
  const SlWeapon *weapon = us->weapons[u->in_hand];
  const SlWeaponProfile *profile = &weapon->profile;
  SlAmmoState start;
  int now = sl_state_now (rules, state);

  memset (log, 0, sizeof *log);
  log->counter = us->counter;
  log->name = us->name;
  log->points = us->points;
  log->race = us->race;
  log->armor = us->armor;
  log->n_weapons = us->n_weapons;
  for (int i = 0; i < us->n_weapons; i++)
    log->weapons[i] = us->weapons[i];
  log->in_hand = u->in_hand;
  if (weapon->has_modes)
    {
      log->omni_mode = u->omni_slug ? "slug" : "spike";
      profile = u->omni_slug ? &weapon->slug_mode : &weapon->spike_mode;
    }

  /* T-04: "ranged/melee total modifier from troop type + race + weapon";
   * in melee only the troop and the race count (P-24 step 3: no weapon
   * modifier, every soldier has the same knife or bayonet). */
  log->ranged_mod = us->troop->to_hit + us->race->to_hit + profile->to_hit;
  log->melee_mod = us->troop->melee + us->race->melee;
  /* §18: a Legionnaire character's own modifiers are as much its own as
   * its troop's: the skill with the weapon in hand (T-44), the melee skill
   * and +1 without a melee weapon. */
  log->legionnaire = us->legionnaire;
  if (us->legionnaire != NULL)
    {
      const SlLegionnaireSkill *skill = sl_legionnaire_skill (us->legionnaire, weapon->id);

      log->ranged_mod += skill != NULL ? skill->modifier : 0;
      log->melee_mod += sl_legionnaire_melee (us->legionnaire);
    }

  for (int m = SL_MAGAZINE_R; m <= SL_MAGAZINE_P; m++)
    {
      log->boxes[m] = MAX (sl_ammo_boxes (rules, setup->options, m), u->magazines[m]);
      log->left[m] = u->magazines[m];
    }
  /* The grenade boxes as the unit started (T-20; a launcher's rounds in
   * their place, P-35); a correction may have given it more since. */
  sl_ammo_initial_state (rules, setup->options, us->weapons[0], us->launcher, us->launcher_type, &start);
  log->boxes[SL_MAGAZINE_FG] = MAX (start.grenades[SL_GRENADE_FG], u->grenades[SL_GRENADE_FG]);
  log->boxes[SL_MAGAZINE_SG] = MAX (start.grenades[SL_GRENADE_SG], u->grenades[SL_GRENADE_SG]);
  log->left[SL_MAGAZINE_FG] = u->grenades[SL_GRENADE_FG];
  log->left[SL_MAGAZINE_SG] = u->grenades[SL_GRENADE_SG];
  /* §10 F: a scenario without the grenade rules has no hand grenades to
   * tick (issue 31 #8). */
  if (!sl_setup_has_module (setup, SL_MODULE_GRENADES))
    for (int m = SL_MAGAZINE_FG; m <= SL_MAGAZINE_SG; m++)
      log->boxes[m] = log->left[m] = 0;
  log->rounds = weapon->rounds;
  log->rounds_fired = u->rounds_fired[u->in_hand];
  log->launcher = u->launcher;
  for (int g = 0; g < SL_N_GRENADES; g++)
    {
      log->launcher_boxes[g] = MAX (start.launcher[g], u->launcher_load[g]);
      log->launcher_load[g] = u->launcher_load[g];
    }

  log->wound = u->wound;
  log->position = u->position;
  log->plastic_charges = u->plastic_charges;
  log->shaped_charges = u->shaped_charges;
  log->keys = u->keys;
  log->ecm_jammer = u->ecm_jammer;
  log->ground_sensor = us->ground_sensor;
  log->bounce_pack = u->bounce_pack;
  log->stealth_power = u->stealth_power;

  /* The Action counter stays on the log until the action has taken effect
   * and its last subphase is over (P-07). */
  if (u->current.action != NULL && !(u->current.resolved && u->current.end < now))
    {
      log->action = u->current.action;
      log->action_start = u->current.start;
      log->action_end = u->current.end;
      log->action_cost = u->current.cost;
      log->action_done = CLAMP (now - u->current.start + (u->current.resolved ? 1 : 0), 0,
                                u->current.end - u->current.start + 1);
      /* a zero-G dive carries on past its AP; its end moves on. */
      log->drifting = sl_state_unit_drifting (rules, setup, state, unit);
      if (log->drifting)
        log->action_done = MIN (log->action_done, log->action_cost);
    }
  log->dazed_until = u->dazed_until >= now ? u->dazed_until : -1;
  log->jammed = u->jammed;
  log->routed = u->routed;
  log->hidden = u->hidden;
  log->opportunity = u->opportunity_armed;
  log->in_melee = u->n_engaged > 0;
  log->out = sl_state_unit_out (rules, state, unit);
  log->exposure = setup->environment.vacuum || setup->environment.hostile;
  log->inside = u->inside;
  log->breach = u->breach;
}

static void
append_signed (GString *out,
               int      value)
{
  /* U+2212 MINUS SIGN, as printed. */
  if (value > 0)
    g_string_append_printf (out, "+%d", value);
  else if (value < 0)
    g_string_append_printf (out, "\xe2\x88\x92%d", -value);
  else
    g_string_append_c (out, '0');
}

char *
sl_unit_log_format_mod (const SlUnitLog *log)
{
  GString *out = g_string_new (NULL);

  append_signed (out, log->ranged_mod);
  g_string_append_c (out, '/');
  append_signed (out, log->melee_mod);
  return g_string_free (out, FALSE);
}
