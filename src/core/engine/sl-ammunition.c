/* sl-ammunition.c: magazines, rounds, hand grenades and the grenade
 * launcher's load
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-ammunition.h"
#include "sl-options.h"

const char * const sl_ammo_action_names[] = {
  "fire", "burst", "reload", "pick-up", "grenade", "launcher", NULL
};

const char * const sl_grenade_names[] = { "FG", "SG", NULL };

static const char *
grenade_name (SlGrenade grenade)
{
  return grenade == SL_GRENADE_FG ? _("fragmentation grenade") : _("smoke grenade");
}

int
sl_ammo_boxes (const SlRules   *rules,
               const SlOptions *options,
               SlMagazine       magazine)
{
  g_return_val_if_fail (magazine < SL_N_MAGAZINES, 0);

  /* T-20 says 2 pistol magazines, the printed log 3 boxes. */
  if (magazine == SL_MAGAZINE_P)
    return options->pistol_magazines;
  return rules->magazines[magazine];
}

SlMagazine
sl_ammo_magazine (const SlWeapon *weapon)
{
  /* lasers (“No limit”) need no magazines. */
  if (weapon == NULL || weapon->rounds == 0)
    return SL_MAGAZINE_NONE;
  return weapon->magazine;
}

static gboolean
takes_launcher (const SlOptions *options,
                const SlWeapon  *weapon)
{
  /* P-35, A-146: rifles only; the carbine by option launcherOnCarbine. */
  return weapon->rifle || (weapon->carbine && options->launcher_on_carbine);
}

void
sl_ammo_initial_state (const SlRules   *rules,
                       const SlOptions *options,
                       const SlWeapon  *weapon,
                       gboolean         launcher,
                       SlGrenade        launcher_type,
                       SlAmmoState     *state)
{
  SlMagazine magazine = sl_ammo_magazine (weapon);

  memset (state, 0, sizeof *state);
  if (magazine != SL_MAGAZINE_NONE)
    state->magazines_left = sl_ammo_boxes (rules, options, magazine);
  /* T-20: 2 FG and 2 SG, which a launcher replaces with 4 grenades of one
   * type (P-35). */
  state->has_launcher = launcher;
  if (launcher)
    state->launcher[launcher_type] = rules->launcher.grenades;
  else
    {
      state->grenades[SL_GRENADE_FG] = sl_ammo_boxes (rules, options, SL_MAGAZINE_FG);
      state->grenades[SL_GRENADE_SG] = sl_ammo_boxes (rules, options, SL_MAGAZINE_SG);
    }
}

gboolean
sl_ammo_check_state (const SlRules     *rules,
                     const SlOptions   *options,
                     const SlWeapon    *weapon,
                     const SlAmmoState *state,
                     GError           **error)
{
  SlMagazine magazine = sl_ammo_magazine (weapon);

  if (magazine != SL_MAGAZINE_NONE)
    {
      int boxes = sl_ammo_boxes (rules, options, magazine);

      if (state->magazines_left < 0 || state->magazines_left > boxes)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "magazines_left",
                             magazine == SL_MAGAZINE_P
                               ? _("A unit carries %d pistol magazines (T-20, A-90; option pistolMagazines).")
                               : _("A unit carries %d rifle magazines (T-20)."),
                             boxes);
          return FALSE;
        }
      if (state->rounds_fired < 0 || state->rounds_fired > weapon->rounds)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "rounds_fired",
                             _("A magazine of the %s holds %d rounds (T-12)."),
                             weapon->name, weapon->rounds);
          return FALSE;
        }
      /* a box is ticked when the last round of its magazine is fired. */
      if (state->magazines_left == 0 && state->rounds_fired < weapon->rounds)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "rounds_fired",
                             _("With every magazine box ticked the %s is empty: %d rounds fired (A-91)."),
                             weapon->name, weapon->rounds);
          return FALSE;
        }
      if (state->magazines_left == boxes && state->rounds_fired == weapon->rounds)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "magazines_left",
                             _("An empty magazine has its box ticked, so at most %d can be left (A-91)."),
                             boxes - 1);
          return FALSE;
        }
    }

  for (int g = 0; g < SL_N_GRENADES; g++)
    {
      int boxes = sl_ammo_boxes (rules, options, g == SL_GRENADE_FG ? SL_MAGAZINE_FG : SL_MAGAZINE_SG);

      if (state->grenades[g] < 0 || state->grenades[g] > boxes)
        {
          g_autofree char *field = g_strdup_printf ("grenades.%s", sl_grenade_names[g]);
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, field,
                             _("A unit carries %d of each kind of hand grenade (T-20)."), boxes);
          return FALSE;
        }
      if (state->has_launcher && state->grenades[g] > 0)
        {
          g_autofree char *field = g_strdup_printf ("grenades.%s", sl_grenade_names[g]);
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, field,
                             _("A grenade launcher replaces the unit's hand grenades (P-35)."));
          return FALSE;
        }
    }
  if (state->picked_up && state->grenades[SL_GRENADE_FG] + state->grenades[SL_GRENADE_SG] == 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "picked_up",
                         _("The unit has no hand grenade left to hold (P-29)."));
      return FALSE;
    }

  if (state->has_launcher)
    {
      int total = state->launcher[SL_GRENADE_FG] + state->launcher[SL_GRENADE_SG];

      if (state->launcher[SL_GRENADE_FG] < 0 || state->launcher[SL_GRENADE_SG] < 0 ||
          total > rules->launcher.grenades)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "launcher",
                             _("A grenade launcher holds %d grenades (P-35)."),
                             rules->launcher.grenades);
          return FALSE;
        }
      /* one type, chosen at purchase, unless launcherMixedLoads. */
      if (state->launcher[SL_GRENADE_FG] > 0 && state->launcher[SL_GRENADE_SG] > 0 &&
          !options->launcher_mixed_loads)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "launcher",
                             _("A grenade launcher holds grenades of one type (A-113; option launcherMixedLoads)."));
          return FALSE;
        }
      if (weapon != NULL && !takes_launcher (options, weapon))
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "launcher",
                             _("A grenade launcher fits only on a rifle, not on the %s (P-35, A-146)."),
                             weapon->name);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
need_weapon (const SlAmmoInput *in,
             GError           **error)
{
  if (in->weapon != NULL)
    return TRUE;
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "weapon",
                     _("Firing and reloading need the weapon."));
  return FALSE;
}

static gboolean
fire (const SlRules     *rules,
      const SlAmmoInput *in,
      SlAmmoResult      *result,
      GError           **error)
{
  const SlWeapon *weapon = in->weapon;
  SlAmmoState *state = &result->state;
  const SlWeaponProfile *profile = sl_weapon_get_profile (weapon, in->omni_mode);

  if (in->action == SL_AMMO_BURST && !profile->auto_fire)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN,
                         weapon->has_modes ? "omni_mode" : "action",
                         _("The %s cannot fire automatic bursts (T-12, P-30)."), weapon->name);
      return FALSE;
    }

  /* P-29 step 6: lasers never run out. */
  if (result->unlimited)
    {
      result->spent = 1;
      return TRUE;
    }

  /* P-29 steps 3 and 5. */
  if (state->rounds_fired >= weapon->rounds)
    {
      if (state->magazines_left == 0)
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                           _("The %s is out of ammunition: pick some up or change weapons (P-29)."),
                           weapon->name);
      else
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                           _("The %s is empty and must be reloaded before it fires (P-29, A-91)."),
                           weapon->name);
      return FALSE;
    }

  /* P-29 step 1: a burst spends 5 rounds, or whatever is left. */
  if (in->action == SL_AMMO_BURST)
    result->spent = MIN (rules->burst_rounds, weapon->rounds - state->rounds_fired);
  else
    result->spent = 1;
  state->rounds_fired += result->spent;

  /* P-29 step 2 and A-91: the box is ticked with the magazine's last round. */
  if (state->rounds_fired == weapon->rounds)
    {
      state->magazines_left--;
      result->ticked = TRUE;
    }
  return TRUE;
}

static gboolean
reload (const SlOptions   *options,
        const SlAmmoInput *in,
        SlAmmoResult      *result,
        GError           **error)
{
  const SlWeapon *weapon = in->weapon;
  SlAmmoState *state = &result->state;

  if (result->unlimited)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("The %s never runs out and is never reloaded (P-29)."), weapon->name);
      return FALSE;
    }

  if (state->rounds_fired < weapon->rounds)
    {
      /* no partial reloads, unless the tactical reload option throws
       * the rest of the magazine away and ticks its box. */
      if (!options->tactical_reload)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                             _("A reload is allowed only when the magazine is empty (A-91; option tacticalReload)."));
          return FALSE;
        }
      if (state->rounds_fired == 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                             _("The magazine is full: there is nothing to reload (A-91)."));
          return FALSE;
        }
      if (state->magazines_left < 2)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                             _("There is no fresh magazine to load: this is the last one (P-29, A-91)."));
          return FALSE;
        }
      result->discarded = weapon->rounds - state->rounds_fired;
      state->magazines_left--;
      result->ticked = TRUE;
      state->rounds_fired = 0;
      return TRUE;
    }

  /* an empty magazine and an unticked box left. */
  if (state->magazines_left == 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("Every magazine of the %s is spent: pick some up or change weapons (P-29)."),
                         weapon->name);
      return FALSE;
    }
  state->rounds_fired = 0;
  return TRUE;
}

static gboolean
hand_grenade (const SlAmmoInput *in,
              SlAmmoResult      *result,
              GError           **error)
{
  SlAmmoState *state = &result->state;

  if (in->action == SL_AMMO_PICK_UP)
    {
      if (state->has_launcher && state->grenades[SL_GRENADE_FG] + state->grenades[SL_GRENADE_SG] == 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                             _("Launcher grenades need no pick-up, and the launcher replaced the hand grenades (P-35, A-92)."));
          return FALSE;
        }
      if (state->picked_up)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "picked_up",
                             _("The unit already holds a readied grenade (A-92)."));
          return FALSE;
        }
      if (state->grenades[SL_GRENADE_FG] + state->grenades[SL_GRENADE_SG] == 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "grenades",
                             _("The unit has no hand grenade left (P-29)."));
          return FALSE;
        }
      state->picked_up = TRUE;
      return TRUE;
    }

  /* P-29 step 4 and A-92: a Pick-up object action before every throw. */
  if (state->grenades[in->grenade] == 0)
    {
      g_autofree char *field = g_strdup_printf ("grenades.%s", sl_grenade_names[in->grenade]);
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field,
                         _("The unit has no %s left (P-29)."), grenade_name (in->grenade));
      return FALSE;
    }
  if (!state->picked_up)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "picked_up",
                         _("The grenade must first be readied with a Pick-up object action, 1 AP (P-29, A-92)."));
      return FALSE;
    }
  state->grenades[in->grenade]--;
  state->picked_up = FALSE;
  result->spent = 1;
  return TRUE;
}

static gboolean
launcher (const SlRules     *rules,
          const SlAmmoInput *in,
          SlAmmoResult      *result,
          GError           **error)
{
  SlAmmoState *state = &result->state;
  int left;

  if (!state->has_launcher)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "launcher",
                         _("The unit has no grenade launcher."));
      return FALSE;
    }
  if (in->count < 1 || in->count > rules->launcher.per_fire_action)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "count",
                         _("One fire action launches 1 to %d grenades (P-35)."),
                         rules->launcher.per_fire_action);
      return FALSE;
    }

  /* P-35, A-113: no reloading. */
  left = state->launcher[in->grenade];
  if (left == 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "launcher",
                         state->launcher[1 - in->grenade] > 0
                           ? _("The launcher holds no %s (A-113).")
                           : _("The launcher is empty and cannot be reloaded; it held no %s (P-35, A-113)."),
                         grenade_name (in->grenade));
      return FALSE;
    }
  if (in->count > left)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "count",
                         g_dngettext (GETTEXT_PACKAGE,
                                      "Only %d grenade is left in the launcher (P-35).",
                                      "Only %d grenades are left in the launcher (P-35).", left),
                         left);
      return FALSE;
    }
  state->launcher[in->grenade] -= in->count;
  result->spent = in->count;
  return TRUE;
}

gboolean
sl_ammo_resolve (const SlRules     *rules,
                 const SlOptions   *options,
                 const SlAmmoInput *in,
                 SlAmmoResult      *result,
                 GError           **error)
{
  gboolean ok = FALSE;

  g_return_val_if_fail (rules != NULL && options != NULL && in != NULL && result != NULL, FALSE);

  memset (result, 0, sizeof *result);
  if (!sl_ammo_check_state (rules, options, in->weapon, &in->state, error))
    return FALSE;

  result->state = in->state;
  result->magazine = sl_ammo_magazine (in->weapon);
  result->unlimited = in->weapon != NULL && result->magazine == SL_MAGAZINE_NONE;
  if (result->magazine != SL_MAGAZINE_NONE)
    {
      result->boxes = sl_ammo_boxes (rules, options, result->magazine);
      result->rounds = in->weapon->rounds;
    }

  switch (in->action)
    {
    case SL_AMMO_FIRE:
    case SL_AMMO_BURST:
      ok = need_weapon (in, error) && fire (rules, in, result, error);
      break;
    case SL_AMMO_RELOAD:
      ok = need_weapon (in, error) && reload (options, in, result, error);
      break;
    case SL_AMMO_PICK_UP:
    case SL_AMMO_GRENADE:
      ok = hand_grenade (in, result, error);
      break;
    case SL_AMMO_LAUNCHER:
      ok = launcher (rules, in, result, error);
      break;
    case SL_N_AMMO_ACTIONS:
    default:
      g_return_val_if_reached (FALSE);
    }
  if (!ok)
    return FALSE;

  /* P-29 steps 3 and 5. */
  if (result->magazine != SL_MAGAZINE_NONE)
    {
      result->empty = result->state.rounds_fired == result->rounds;
      result->out_of_ammunition = result->empty && result->state.magazines_left == 0;
    }
  return TRUE;
}
