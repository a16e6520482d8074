/* sl-command-declare.c: declaring an action — who may do what now, its
 * checks, cost and odds (digest P-07, P-08, §6.1)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-ammunition.h"
#include "sl-command.h"
#include "sl-command-flow-private.h"
#include "sl-due.h"
#include "sl-environment.h"
#include "sl-morale.h"
#include "sl-movement.h"
#include "sl-options.h"

/* Declaring actions (P-07) */

static gboolean
is_leader (SlCommand *c,
           int        unit)
{
  return sl_command_squad_leader (c, sl_setup_unit_at (c->setup, unit)->squad) == unit;
}

/* A movement action that takes the unit somewhere (P-23: beyond 1 m). */
static gboolean
moves_away (const SlAction *action)
{
  return action->category == SL_ACTION_MOVEMENT && !sl_flow_is_action (action, "change-facing");
}

static gboolean
check_can_act (SlCommand       *c,
               int              unit,
               const SlAction  *action,
               gboolean         replace,
               GError         **error)
{
  const SlUnitState *u = &c->state->units[unit];
  const char *name = sl_command_name (c, unit);

  if (sl_state_unit_out (c->rules, c->state, unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s is out of the fight (T-16)."), name);
      return FALSE;
    }
  if (sl_state_unit_ambushed (c->rules, c->state, unit))
    {
      g_autofree char *when = sl_command_when (c, u->idle_until);
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s was ambushed and can do nothing until after %s (§5.2)."), name, when);
      return FALSE;
    }
  if (sl_command_drifting (c, unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s dives in zero-G and can do nothing else until it hits full cover or another unit (A-72)."),
                         name);
      return FALSE;
    }
  if (!sl_command_check_zero_g_retry (c, unit, "unit", error))
    return FALSE;
  if (!sl_state_unit_idle (c->rules, c->state, unit) && !replace)
    {
      g_autofree char *when = sl_command_when (c, u->current.end);
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s is busy with “%s” until %s; starting another action cancels it, so say so with “replace” (P-07 step 6)."),
                         name, u->current.action->name, when);
      return FALSE;
    }
  /* P-22, P-23 a, A-75: in melee contact a unit fights, or leaves by
   * trying to avoid: a move away, after its avoidance roll (checked with
   * the declaration: sl_command_check_avoid_contact). */
  if (u->n_engaged > 0 && !sl_flow_is_action (action, "melee") && !moves_away (action))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s is in melee contact: it fights, or leaves by trying to avoid — a move away (Avoid melee, a walk …) after an avoidance roll (P-22, P-23 a, A-75)."),
                         name);
      return FALSE;
    }
  /* P-31: a routed unit only moves to cover or away from enemy fire. */
  if (u->routed && !c->options->routed_manual_control && action->category != SL_ACTION_MOVEMENT &&
      !sl_flow_is_action (action, "position-change"))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s is routed and may only move to cover or out of enemy fire (P-31)."), name);
      return FALSE;
    }
  if (sl_flow_is_action (action, "melee"))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "action",
                         _("Melee starts with an engagement (P-22), not a declared action."));
      return FALSE;
    }
  /* P-23 (a) step 3, (b): having avoided, it moves away first. */
  return moves_away (action) || sl_command_check_moves_away (c, unit, "action", error);
}

/* P-14 step 1: what the resolution would refuse of the target is refused
 * when the fire is declared (§15.1, T-16). */
static gboolean
check_fire_target (SlCommand  *c,
                   int         unit,
                   int         target,
                   GError    **error)
{
  if (target < 0)
    return TRUE;
  switch (sl_state_target_problem (c->rules, c->setup, c->state, unit, target))
    {
    case SL_TARGET_SELF:
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "target", _("A unit does not fire at itself."));
      return FALSE;
    case SL_TARGET_FRIEND:
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "target",
                         _("%s is on %s's own side."), sl_command_name (c, target), sl_command_name (c, unit));
      return FALSE;
    case SL_TARGET_OUT:
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target",
                         _("%s is already out of the fight (T-16)."), sl_command_name (c, target));
      return FALSE;
    case SL_TARGET_HIDDEN:
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target",
                         _("%s has not been detected and cannot be fired at (P-14 step 1, §15.1)."),
                         sl_command_name (c, target));
      return FALSE;
    case SL_TARGET_OK:
    default:
      return TRUE;
    }
}

/* Whether a charge of the unit's squad waits on the table to be set off by
 * radio (P-36 step 3), one not already spoken for by another detonation
 * the squad has declared. */
static gboolean
squad_has_charge (SlCommand *c,
                  int        unit)
{
  int charges = 0, detonations = 0;

  for (guint i = 0; i < c->state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (c->state->markers, SlMarker, i);

      if (m->kind == SL_MARKER_CHARGE && m->due < 0 && !m->resolved && m->owner >= 0 &&
          c->state->squad_of[m->owner] == c->state->squad_of[unit])
        charges++;
    }
  for (int u = 0; u < c->state->n_units; u++)
    {
      const SlCurrentAction *a = &c->state->units[u].current;

      if (u != unit && a->action != NULL && !a->resolved && a->throwing == SL_THROW_CHARGE &&
          c->state->squad_of[u] == c->state->squad_of[unit])
        detonations++;
    }
  return charges > detonations;
}

/* What the throw, the launch or the detonation would refuse when it
 * resolves, refused when the Fire/Throw action is declared (P-34 step 1,
 * A-92, P-35, P-36 step 3, A-87). The rate of fire is checked with the
 * cost (check_rate_of_fire). */
static gboolean
check_throw (SlCommand  *c,
             int         unit,
             int         throwing,
             GError    **error)
{
  const SlUnitState *u = &c->state->units[unit];
  const char *name = sl_command_name (c, unit);

  switch (throwing)
    {
    case SL_THROW_GRENADE:
      if (u->grenades[SL_GRENADE_FG] + u->grenades[SL_GRENADE_SG] <= 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                             _("%s has no grenade left on its log (P-34 step 1, T-20)."), name);
          return FALSE;
        }
      if (sl_setup_has_module (c->setup, SL_MODULE_AMMUNITION) && !u->grenade_ready)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                             _("%s must pick up a grenade first with a Pick-up object action (P-34 step 1, A-92)."),
                             name);
          return FALSE;
        }
      return TRUE;
    case SL_THROW_LAUNCHER:
      if (!u->launcher)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                             _("%s has no grenade launcher (P-35)."), name);
          return FALSE;
        }
      if (u->in_hand != 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                             _("%s's launcher is fitted to its %s: it fires with that weapon in hand (P-35)."),
                             name, sl_setup_unit_at (c->setup, unit)->weapons[0]->name);
          return FALSE;
        }
      if (u->launcher_load[SL_GRENADE_FG] + u->launcher_load[SL_GRENADE_SG] <= 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                             _("%s's launcher is empty, and it cannot be reloaded (P-35)."), name);
          return FALSE;
        }
      return TRUE;
    case SL_THROW_CHARGE:
      if (u->routed)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                             _("%s is routed: only a non-routed unit of the squad sets its charges off (P-36 step 3, A-87)."),
                             name);
          return FALSE;
        }
      if (!squad_has_charge (c, unit))
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                             _("%s's squad has no charge on the table left to set off (P-36 step 3)."), name);
          return FALSE;
        }
      return TRUE;
    case SL_THROW_NONE:
    case SL_N_THROWS:
    default:
      return TRUE;
    }
}

/* P-15, T-23: a fire the rate of fire will not allow when it ends is
 * refused now rather than later; a launch or a detonation counts too
 * (P-35 step 1, A-87). */
static gboolean
check_rate_of_fire (SlCommand       *c,
                    int              unit,
                    const SlAction  *action,
                    int              target,
                    int              throwing,
                    int              burst,
                    int              end,
                    GError         **error)
{
  SlFireModeId mode;

  if (sl_flow_is_action (action, "aimed-fire"))
    mode = SL_FIRE_MODE_AIMED;
  else if (!sl_flow_is_action (action, "fire") || throwing == SL_THROW_GRENADE)
    return TRUE;
  else if (throwing == SL_THROW_LAUNCHER)
    mode = SL_FIRE_MODE_LAUNCHER;
  /* T-22, T-23: bursts may follow a fire, the third fire is an area one. */
  else if (burst == SL_BURST_CONCENTRATED)
    mode = SL_FIRE_MODE_CONCENTRATED;
  else if (burst == SL_BURST_AREA)
    mode = SL_FIRE_MODE_AREA;
  else
    mode = SL_FIRE_MODE_SINGLE;
  return sl_command_check_rate_of_fire (c, unit, mode, throwing == SL_THROW_NONE ? target : -1,
                                        end, NULL, error);
}

/* P-13, T-09, T-10: the move the action makes, or is combined with, must
 * be one this unit can make here and now (night and zero-G sprints, prone
 * and kneeling units, the terrain). */
static gboolean
check_move (SlCommand       *c,
            int              unit,
            const SlAction  *action,
            int              combined_with,
            GError         **error)
{
  const SlUnitSetup *us = sl_setup_unit_at (c->setup, unit);
  const SlUnitState *u = &c->state->units[unit];
  const SlEnvironmentSetup *env = &c->setup->environment;
  SlMoveInput in = { 0 };
  SlMoveResult res;
  g_autoptr(GError) local_error = NULL;

  if (action->move != SL_MOVE_NONE)
    in.mode = action->move;
  else if (combined_with > SL_MOVE_NONE && combined_with < SL_N_MOVES)
    in.mode = combined_with;
  /* §8.2, A-40: having run or sprinted on its pack, the unit slows one
   * step a subphase all the way to a stop, pack or no pack now: it may not
   * stand still (go prone, fire without a move …) or drop two steps. A
   * dazed unit may only go down (P-19, A-27). */
  if (u->bounced_before && !sl_state_unit_dazed (c->rules, c->state, unit) &&
      !sl_bounce_inertia (u->moved_before, in.mode, &local_error))
    {
      sl_rule_error_set (error, local_error->code,
                         action->move == SL_MOVE_NONE && in.mode != SL_MOVE_NONE ? "combined_with" : "action",
                         "%s", local_error->message);
      return FALSE;
    }
  if (in.mode == SL_MOVE_NONE)
    return TRUE;
  in.position = u->position;
  in.race = us->race;
  in.wound = u->wound;
  in.armor = us->armor;
  in.troop = us->troop;
  in.legionnaire_m = sl_legionnaire_bonus (us->legionnaire, SL_LEGIONNAIRE_LAND_MOVEMENT);
  /* §7.9: a bounce pack does not work in zero-G. */
  in.bounce_pack = u->bounce_pack && !env->zero_g;
  in.snow = env->snow;
  in.night = env->night && (!env->indoors || env->blackout);
  in.zero_g = env->zero_g;
  /* The scenario's terrain everywhere (§10 G): heavy woods forbid running,
   * sprinting and diving (T-10). */
  in.terrain = sl_command_terrain (c, unit);
  /* T-07, A-31: a dive follows the move of the subphase before; A-40: a
   * bounce pack walks before it runs, runs before it sprints. */
  in.previous = u->moved_before;
  in.has_previous = TRUE;
  if (sl_movement_allowance (c->rules, c->options, &in, &res, &local_error))
    return TRUE;
  sl_rule_error_set (error, local_error->code, action->move != SL_MOVE_NONE ? "action" : "combined_with",
                     "%s", local_error->message);
  return FALSE;
}

/* The scenario's special conditions on declaring (§10 G): actions it
 * forbids, a side holding its fire until fired upon (T-41, T-42, A-132),
 * locked doors and airlocks blown open only (T-42, T-43, A-133, A-134). */
static gboolean
check_conditions (SlCommand       *c,
                  int              unit,
                  const SlAction  *action,
                  gboolean         locked,
                  gboolean         airlock,
                  GError         **error)
{
  int side = sl_command_side (c, unit);
  const SlCondition *doors;

  for (guint i = 0; i < c->setup->conditions->len; i++)
    {
      const SlCondition *k = &g_array_index (c->setup->conditions, SlCondition, i);

      if (k->kind != SL_CONDITION_FORBID_ACTIONS || (k->side >= 0 && k->side != side) ||
          c->state->turn < k->from_turn || (k->until_turn > 0 && c->state->turn > k->until_turn))
        continue;
      for (guint j = 0; j < k->actions->len; j++)
        if (g_ptr_array_index (k->actions, j) == action)
          {
            sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                               _("“%s” is forbidden by a special condition of the scenario (%s)."),
                               action->name, k->ref != NULL ? k->ref : "§10 G");
            return FALSE;
          }
    }
  if ((action->fire && !sl_flow_is_action (action, "opportunity-fire")) || sl_flow_is_action (action, "call-fire-mission"))
    if (!sl_command_check_hold (c, unit, FALSE, "action", error))
      return FALSE;
  doors = sl_setup_condition (c->setup, SL_CONDITION_DOORS, side, c->state->turn);
  if (doors != NULL && doors->airlocks_blown &&
      (sl_flow_is_action (action, "open-airlock") || (sl_flow_is_action (action, "open-door") && airlock)))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("The airlocks are locked and are opened only by blowing them open (%s)."),
                         doors->ref != NULL ? doors->ref : "§10 G");
      return FALSE;
    }
  /* §6.4: a locked door takes a key; without one it is destroyed. */
  if (sl_flow_is_action (action, "open-door") && locked && c->state->units[unit].keys <= 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         doors != NULL && doors->no_keys
                         ? _("The doors are locked and there are no keys: a door is breached with fire or charges (%s).")
                         : _("%s has no key: a locked door is opened with a key, or destroyed (§6.4)."),
                         doors != NULL && doors->no_keys ? (doors->ref != NULL ? doors->ref : "§10 G")
                                                         : sl_command_name (c, unit));
      return FALSE;
    }
  return TRUE;
}

/* The weapon a fire uses must be ready, and what is thrown must go
 * with a Fire/Throw action (P-16, P-29, P-34 … P-36, §9.6). */
static gboolean
check_weapon_ready (SlCommand       *c,
                    int              unit,
                    const SlAction  *action,
                    int              throwing,
                    GError         **error)
{
  const SlUnitState *u = &c->state->units[unit];
  const SlUnitSetup *us = sl_setup_unit_at (c->setup, unit);
  const SlWeapon *weapon = us->weapons[u->in_hand];
  const char *name = us->told;

  /* A grenade or a charge's radio does not care about the weapon in hand;
   * the launcher shares the rifle's jam. */
  if (action->fire && (throwing == SL_THROW_NONE || throwing == SL_THROW_LAUNCHER))
    {
      if (u->jammed)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                             _("%s's weapon is jammed: clear it first (P-16)."), name);
          return FALSE;
        }
      if (sl_setup_has_module (c->setup, SL_MODULE_AMMUNITION) && throwing == SL_THROW_NONE &&
          weapon->rounds > 0 && u->rounds_fired[u->in_hand] >= weapon->rounds)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                             _("%s's %s is empty: reload first (P-29)."), name, weapon->name);
          return FALSE;
        }
    }
  /* P-34, P-35, P-36: a grenade, the launcher or a radio with a Fire/Throw
   * action proper (not aimed or opportunity fire). */
  if (throwing != SL_THROW_NONE && !sl_flow_is_action (action, "fire"))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                         _("Grenades are thrown, the launcher fired and charges set off with a Fire/Throw action, not with “%s” (T-05, P-34 step 2)."),
                         action->name);
      return FALSE;
    }
  return TRUE;
}

/* P-29: a reload the ammunition rules would refuse. */
static gboolean
check_reload (SlCommand  *c,
              int         unit,
              GError    **error)
{
  const SlUnitState *u = &c->state->units[unit];
  SlAmmoInput in = { 0 };
  SlAmmoResult res;

  if (!sl_setup_has_module (c->setup, SL_MODULE_AMMUNITION))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("Reloading needs the ammunition rules (§15.2)."));
      return FALSE;
    }
  in.weapon = sl_setup_unit_at (c->setup, unit)->weapons[u->in_hand];
  in.omni_mode = sl_state_unit_omni_mode (c->setup, c->state, unit);
  in.action = SL_AMMO_RELOAD;
  sl_state_unit_ammo (c->setup, c->state, unit, &in.state);
  if (!sl_ammo_resolve (c->rules, c->options, &in, &res, error))
    {
      g_autofree char *message = g_strdup ((*error)->message);
      g_clear_error (error);
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action", "%s", message);
      return FALSE;
    }
  return TRUE;
}

/* Actions on the unit's own kit need something to act on (P-16, T-12,
 * §15.13, P-36). */
static gboolean
check_kit_action (SlCommand       *c,
                  int              unit,
                  const SlAction  *action,
                  GError         **error)
{
  const SlUnitState *u = &c->state->units[unit];
  const SlUnitSetup *us = sl_setup_unit_at (c->setup, unit);
  const SlWeapon *weapon = us->weapons[u->in_hand];
  const char *name = us->told;

  if (sl_flow_is_action (action, "clear-weapon") && !u->jammed)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s's weapon is not jammed (P-16)."), name);
      return FALSE;
    }
  if (sl_flow_is_action (action, "change-omni-mode") && !weapon->has_modes)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s holds no OMNI rifle (T-12)."), name);
      return FALSE;
    }
  if (sl_flow_is_action (action, "exchange") && us->n_weapons < 2)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s carries only one weapon."), name);
      return FALSE;
    }
  if (sl_flow_is_action (action, "leave-stealth") && !u->stealth_power)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s is not in stealth power mode (§15.13)."), name);
      return FALSE;
    }
  if (sl_flow_is_action (action, "enter-stealth") && (u->stealth_power || !us->armor->power_suit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         u->stealth_power ? _("%s is already in stealth power mode (§15.13).")
                                          : _("%s has no power suit (§15.13)."), name);
      return FALSE;
    }
  if (sl_flow_is_action (action, "install-plastic") && u->plastic_charges == 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s carries no plastic charge (P-36)."), name);
      return FALSE;
    }
  if (sl_flow_is_action (action, "install-shaped") && u->shaped_charges == 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s carries no shaped charge (P-36)."), name);
      return FALSE;
    }
  return TRUE;
}

/* §10 F, T-43 F: "rules in use" means only those — an action of an
 * advanced rule the game does not use is refused as it is declared: a
 * rally (morale, §9.5), a fire mission called (P-38), a charge installed,
 * set off, fired at, deactivated or picked up (P-36), a hand grenade or
 * the launcher (P-34, P-35). Reload (§15.2) and bursts (§15.3) are
 * checked with their own rules. */
static gboolean
check_rules_in_use (SlCommand       *c,
                    const SlAction  *action,
                    int              throwing,
                    int              charge,
                    GError         **error)
{
  if (sl_flow_is_action (action, "rally"))
    return sl_command_require_module (c, SL_MODULE_MORALE, "action", error);
  if (sl_flow_is_action (action, "call-fire-mission"))
    return sl_command_require_module (c, SL_MODULE_FIRE_MISSIONS, "action", error);
  if (sl_flow_is_action (action, "install-plastic") || sl_flow_is_action (action, "install-shaped"))
    return sl_command_require_module (c, SL_MODULE_EXPLOSIVES, "action", error);
  if (throwing == SL_THROW_GRENADE || throwing == SL_THROW_LAUNCHER)
    return sl_command_require_module (c, SL_MODULE_GRENADES, "throw", error);
  if (throwing == SL_THROW_CHARGE)
    return sl_command_require_module (c, SL_MODULE_EXPLOSIVES, "throw", error);
  if (charge > 0)
    return sl_command_require_module (c, SL_MODULE_EXPLOSIVES, "charge", error);
  return TRUE;
}

/* The action's own conditions beyond T-05 and T-06. */
static gboolean
check_action_state (SlCommand       *c,
                    int              unit,
                    const SlAction  *action,
                    int              target,
                    int              throwing,
                    GError         **error)
{
  return check_weapon_ready (c, unit, action, throwing, error) &&
         check_fire_target (c, unit, target, error) &&
         check_throw (c, unit, throwing, error) &&
         (!sl_flow_is_action (action, "reload") || check_reload (c, unit, error)) &&
         check_kit_action (c, unit, action, error);
}

/* what a dazed unit may start. */
static gboolean
check_daze (SlCommand       *c,
            int              unit,
            const SlAction  *action,
            int              to_position,
            GError         **error)
{
  if (!sl_state_unit_dazed (c->rules, c->state, unit))
    return TRUE;
  if (sl_flow_is_action (action, "position-change") &&
      (to_position == SL_POSITION_KNEELING || to_position == SL_POSITION_PRONE))
    return TRUE;
  sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                     _("%s is dazed: the only thing it may do is go kneeling or prone (P-19, A-27)."),
                     sl_command_name (c, unit));
  return FALSE;
}

/* A declaration as the command gives it (P-07), and what checking it
 * works out. */
typedef struct
{
  int                 unit;
  SlActionCostInput   in;          /* the action and its options; the unit's part once checked */
  int                 target;
  gboolean            replace;
  int                 throwing;
  int                 burst;
  int                 bounce;      /* the pack used (TRUE), not used (FALSE), or -1: not said */
  const char         *label;
  const char         *zero_g_stream;
  const char         *mission_id;
  gboolean            at_obstacle;
  SlObstacleAt        obstacle;
  int                 charge;      /* the charge marker's id, or 0 */
  /* A move away from melee contact (P-23 a, A-75): the opponent's wish to
   * break off too, the avoidance roll and the opponent's free attack. */
  gboolean            target_avoids;
  gboolean            has_target_decision;
  const char         *avoid_stream;
  const char         *attack_stream;
  /* Worked out */
  int                 opponent;    /* the unit in contact it tries to avoid, or −1 */
  int                 now;
  int                 mission;     /* the T-35 entry of the fire mission called, or −1 */
  SlActionCostResult  cost;
  SlBreakdown        *breakdown;
  gboolean            revealed;
} Declaration;

/* The action and how it is done. */
static void
read_declared_action (SlCommand   *c,
                      Declaration *d)
{
  SlReader *r = c->command;
  const SlTable *t = &c->rules->actions;

  d->unit = sl_command_unit (c, r, "unit", FALSE);
  sl_reader_require (r, "action");
  d->in.action = g_ptr_array_index (t->items,
                                    sl_reader_enum (r, "action", sl_table_ids (t), t->what, 0));
  d->in.combined_with = sl_reader_enum (r, "combined_with", sl_combine_names,
                                        N_("move to combine with"), SL_MOVE_NONE);
  d->in.to_position = sl_reader_enum (r, "to_position", sl_position_names, N_("position"), -1);
  d->in.locked = sl_reader_bool (r, "locked", FALSE);
  d->in.airlock = sl_reader_bool (r, "airlock", FALSE);
  d->in.key_from_body = sl_reader_bool (r, "key_from_body", FALSE);
  d->in.floors = sl_reader_int (r, "floors", 1, 30, 1);
}

/* What a fire is at, how it is fired and with what. */
static void
read_declared_fire (SlCommand   *c,
                    Declaration *d)
{
  SlReader *r = c->command;

  d->target = sl_command_unit (c, r, "target", TRUE);
  d->replace = sl_reader_bool (r, "replace", FALSE);
  d->throwing = sl_reader_enum (r, "throw", sl_throw_names, N_("what is thrown"), SL_THROW_NONE);
  /* P-30 step 2: a burst is declared with the fire. */
  d->burst = sl_reader_enum (r, "burst", sl_burst_names, N_("burst"), SL_BURST_NONE);
  if (d->burst != SL_BURST_NONE && sl_reader_ok (r) &&
      (!sl_flow_is_action (d->in.action, "fire") || d->throwing != SL_THROW_NONE))
    sl_reader_fail (r, "burst", _("A burst is fired with a Fire/Throw action of the weapon in hand (P-30)."));
  else if (d->burst == SL_BURST_AREA && d->target >= 0 && sl_reader_ok (r))
    sl_reader_fail (r, "target", _("An area burst engages every unit in its wedge, not one target (P-30 step 4)."));
  /* §8.2 limit 4: a unit may say before it moves that it does not use its
   * pack (or uses it again). */
  d->bounce = sl_reader_has (r, "bounce_pack") ? sl_reader_bool (r, "bounce_pack", TRUE) : -1;
  if (d->throwing != SL_THROW_NONE && !d->in.action->fire && sl_reader_ok (r))
    sl_reader_fail (r, "throw", _("Grenades are thrown and charges set off with a Fire/Throw action (P-34, P-36)."));
  else if (d->throwing != SL_THROW_NONE && d->target >= 0 && sl_reader_ok (r))
    sl_reader_fail (r, "target", _("A grenade is thrown at a point, not at a unit (P-34 step 3): name it with “label”."));
}

/* P-25, P-36 step 5: a fire at an obstacle or at a charge, not a unit;
 * P-36 step 4: a charge deactivated (Use device) or picked up. */
static void
read_declared_object (SlCommand   *c,
                      Declaration *d)
{
  SlReader *r = c->command;
  const char *field;
  gboolean fire;

  d->at_obstacle = sl_command_read_obstacle (c, r, "obstacle", &d->obstacle);
  d->charge = sl_reader_int (r, "charge", 1, G_MAXINT, 0);
  if (!sl_reader_ok (r) || !(d->at_obstacle || d->charge > 0))
    return;
  field = d->at_obstacle ? "obstacle" : "charge";
  fire = sl_flow_is_action (d->in.action, "fire") || sl_flow_is_action (d->in.action, "aimed-fire");
  if (d->at_obstacle && d->charge > 0)
    sl_reader_fail (r, "charge", _("A fire is at one thing: an obstacle or a charge."));
  else if (!fire && !(d->charge > 0 && (sl_flow_is_action (d->in.action, "use-device") ||
                                        sl_flow_is_action (d->in.action, "pick-up-object"))))
    sl_reader_fail (r, field, d->at_obstacle ? _("An obstacle is fired at with a Fire/Throw or Aimed fire action (P-25).")
                                             : _("A charge is fired at (Fire/Throw, Aimed fire), deactivated (Use device) or picked up (Pick up object) (P-36)."));
  else if (d->target >= 0)
    sl_reader_fail (r, "target", _("A fire is at one thing: a unit, an obstacle or a charge."));
  else if (d->throwing != SL_THROW_NONE || d->burst == SL_BURST_AREA)
    sl_reader_fail (r, field, _("Only a shot or a concentrated burst of the weapon in hand is fired at an obstacle or a charge (P-25, P-36 step 5)."));
  else if (d->at_obstacle && d->label != NULL)
    sl_reader_fail (r, "label", _("The obstacle's label names the spot."));
}

/* Reads the command, in the order its fields are checked. */
static gboolean
read_declaration (SlCommand   *c,
                  Declaration *d)
{
  SlReader *r = c->command;

  read_declared_action (c, d);
  read_declared_fire (c, d);
  d->label = sl_reader_string (r, "label", NULL);
  if (d->label != NULL && strlen (d->label) >= sizeof (((SlCurrentAction *) NULL)->label))
    sl_reader_fail (r, "label", _("A label is at most %d characters."),
                    (int) sizeof (((SlCurrentAction *) NULL)->label) - 1);
  d->zero_g_stream = sl_command_die (c, r, "zero_g_roll", 10);
  /* P-23 a: a move away from melee contact starts with an avoidance
   * roll; the opponent may want to break off too (P-22 step 6). */
  d->avoid_stream = sl_command_die (c, r, "roll", 10);
  d->attack_stream = sl_command_die (c, r, "attack_roll", 10);
  d->has_target_decision = sl_reader_has (r, "target_decision");
  d->target_avoids = sl_reader_enum (r, "target_decision", sl_melee_decision_names, N_("decision"), 0) == 1;
  /* P-38: the kind of fire mission is named as it is called. */
  d->mission_id = sl_reader_string (r, "mission", NULL);
  if (d->mission_id != NULL && sl_reader_ok (r) && !sl_flow_is_action (d->in.action, "call-fire-mission"))
    sl_reader_fail (r, "mission", _("A fire mission is named with a “Call fire mission” action (P-38)."));
  read_declared_object (c, d);
  return sl_command_inputs_done (c);
}

/* P-36 step 4: the charge a unit fires at, deactivates or picks up. */
static gboolean
check_declared_charge (SlCommand         *c,
                       const Declaration *d,
                       GError           **error)
{
  const SlUnitState *u = &c->state->units[d->unit];
  const SlMarker *m = sl_command_charge_marker (c, d->charge, d->unit, "charge", error);

  if (m == NULL)
    return FALSE;
  if (sl_flow_is_action (d->in.action, "pick-up-object") && !m->resolved)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "charge",
                         _("%s is armed: it is deactivated (Use device) before it is picked up (P-36 step 4)."),
                         m->label);
      return FALSE;
    }
  if (sl_flow_is_action (d->in.action, "pick-up-object") &&
      u->plastic_charges + u->shaped_charges >= c->rules->charges_per_carrier)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "charge",
                         _("%s already carries %d charges (P-36 step 1)."), sl_command_name (c, d->unit),
                         c->rules->charges_per_carrier);
      return FALSE;
    }
  if (sl_flow_is_action (d->in.action, "use-device") && m->resolved)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "charge",
                         _("%s is already deactivated (P-36 step 4)."), m->label);
      return FALSE;
    }
  return TRUE;
}

/* P-23 a, A-75: a move away declared in melee contact is the unit's try
 * to avoid: whom it avoids (its target, or its only opponent), and whether
 * it may. The move itself has no target. */
static gboolean
check_contact (SlCommand    *c,
               Declaration  *d,
               GError      **error)
{
  d->opponent = -1;
  if (c->state->units[d->unit].n_engaged == 0)
    {
      if (d->has_target_decision)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "target_decision",
                             _("The opponent's decision is given for a move away from melee contact (P-22 step 6, P-23 a)."));
          return FALSE;
        }
      return TRUE;
    }
  if (!sl_command_check_avoid_contact (c, d->unit, d->target, d->target_avoids, &d->opponent, error))
    return FALSE;
  d->target = -1;
  return TRUE;
}

/* Whether the unit may start the action now (P-07), before its cost. */
static gboolean
check_declaration (SlCommand    *c,
                   Declaration  *d,
                   GError      **error)
{
  int unit = d->unit;
  const SlCondition *doors;

  if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_INITIATIVE_ORDER,
                                 N_("Declaring an action"), error))
    return FALSE;

  d->now = sl_command_now (c);
  if (d->bounce == TRUE && !sl_setup_unit_at (c->setup, unit)->armor->bounce)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "bounce_pack", _("The %s has no bounce pack (T-13)."),
                         sl_setup_unit_at (c->setup, unit)->armor->name);
      return FALSE;
    }
  if (d->bounce >= 0)
    c->state->units[unit].bounce_pack = d->bounce;
  /* The scenario's locked doors count as locked (T-42, T-43). */
  doors = sl_setup_condition (c->setup, SL_CONDITION_DOORS, sl_command_side (c, unit),
                              c->state->turn);
  if (doors != NULL && doors->doors_locked && sl_flow_is_action (d->in.action, "open-door"))
    d->in.locked = TRUE;
  if (!check_can_act (c, unit, d->in.action, d->replace, error) ||
      !check_contact (c, d, error) ||
      !check_rules_in_use (c, d->in.action, d->throwing, d->charge, error) ||
      !check_conditions (c, unit, d->in.action, d->in.locked, d->in.airlock, error) ||
      !sl_command_check_turn (c, unit, "unit", error) ||
      !check_daze (c, unit, d->in.action, d->in.to_position, error) ||
      !check_action_state (c, unit, d->in.action, d->target, d->throwing, error))
    return FALSE;
  if (sl_flow_is_action (d->in.action, "call-fire-mission") &&
      !sl_command_check_mission_call (c, unit, d->mission_id, &d->mission, error))
    return FALSE;
  if (d->at_obstacle && sl_command_obstacle_breached (c, d->obstacle.label))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "obstacle",
                         _("%s is already destroyed: a Breach marker lies there (P-25)."), d->obstacle.label);
      return FALSE;
    }
  return d->charge <= 0 || check_declared_charge (c, d, error);
}

/* T-05, T-06: what the action costs this unit. */
static gboolean
declaration_cost (SlCommand    *c,
                  Declaration  *d,
                  GError      **error)
{
  const SlUnitState *u = &c->state->units[d->unit];
  g_autoptr(GError) local_error = NULL;
  const char *field;
  gboolean own;

  d->in.wound = u->wound;
  d->in.position = u->position;
  /* §18: a Legionnaire character may rally with its own leadership. */
  d->in.leader = is_leader (c, d->unit) ||
                 (sl_setup_unit_at (c->setup, d->unit)->legionnaire != NULL &&
                  sl_flow_is_action (d->in.action, "rally"));
  d->in.dazed = sl_state_unit_dazed (c->rules, c->state, d->unit);
  if (sl_action_cost (c->rules, c->options, &d->in, d->breakdown, &d->cost, &local_error))
    return TRUE;
  /* The engine names what it was given (the leader, the wound …);
   * here that comes from the unit's log. */
  field = sl_rule_error_get_field (local_error);
  own = g_strcmp0 (field, "action") == 0 || g_strcmp0 (field, "combined_with") == 0 ||
        g_strcmp0 (field, "to_position") == 0;
  sl_rule_error_set (error, local_error->code, own ? field : "unit", "%s", local_error->message);
  return FALSE;
}

/* What the action's end will need, checked now that its end is known:
 * a burst (P-30 step 1), the rate of fire, the move. */
static gboolean
check_declared_end (SlCommand          *c,
                    const Declaration  *d,
                    GError            **error)
{
  if (d->burst != SL_BURST_NONE && !sl_state_unit_fires_bursts (c->setup, c->state, d->unit))
    {
      if (!sl_command_require_module (c, SL_MODULE_AUTOMATIC_FIRE, "burst", error))
        return FALSE;
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "burst",
                         _("The %s fires no bursts (P-30 step 1)."),
                         sl_state_unit_weapon (c->setup, c->state, d->unit)->name);
      return FALSE;
    }
  return check_rate_of_fire (c, d->unit, d->in.action, d->target, d->throwing, d->burst,
                             d->now + d->cost.takes_effect_after - 1, error) &&
         check_move (c, d->unit, d->in.action, d->in.combined_with, error);
}

/* The unit turns to its new action: it gives up the running one, shows
 * itself and, in zero-G, makes its check; *@steady is FALSE when the
 * check fails and the action is lost. */
static gboolean
start_declared (SlCommand    *c,
                Declaration  *d,
                gboolean     *steady,
                GError      **error)
{
  SlUnitState *u = &c->state->units[d->unit];
  SlCheckOutcome check;
  SlMove move;

  /* §6.1, P-07 step 6: a new action cancels the running one. */
  if (u->current.action != NULL && !sl_state_unit_idle (c->rules, c->state, d->unit))
    sl_command_say (c, _("%s gives up “%s”."), sl_command_name (c, d->unit), u->current.action->name);
  u->opportunity_armed = FALSE;

  /* §15.1: a hidden unit that acts is detected. */
  if (u->hidden)
    {
      sl_state_reveal_unit (c->state, d->unit);
      u->revealed_at = d->now + 1;
      d->revealed = TRUE;
      sl_command_say (c, _("%s acts and is no longer hidden (§15.1)."), sl_command_name (c, d->unit));
    }

  /* P-21: in zero-G every action starts with a check; a failure loses it.
   * The move the action makes, or is combined with (a sprint with a fire
   * is no zero-G move either, P-21). A-71: a fire of the weapon in hand
   * (a shot or a burst, at a unit, an obstacle or a charge) is a fire of
   * that weapon — its +1 for a spike rifle or a caseless weapon, and no
   * slug weapon —; a Fire/Throw action that throws a grenade, fires the
   * launcher fitted to the rifle or sets a charge off by radio is none
   * (the launcher is its own weapon: its roll takes none of the rifle's
   * modifiers, P-35 step 3). */
  move = d->in.action->move != SL_MOVE_NONE ? d->in.action->move
       : d->in.combined_with > SL_MOVE_NONE && d->in.combined_with < SL_N_MOVES
       ? (SlMove) d->in.combined_with
       : SL_MOVE_NONE;
  if (!sl_command_zero_g_check (c, d->unit,
                                d->in.action->fire && d->throwing == SL_THROW_NONE ? SL_ZERO_G_FIRE
                                                                                   : SL_ZERO_G_OTHER,
                                move, d->zero_g_stream, "", steady, &check, error))
    return FALSE;
  if (!*steady)
    {
      sl_state_lose_action (c->state, d->unit);
      sl_command_say (c, _("%s fails the zero-G check (rolled %d, net %d): “%s” is lost; it may try again next subphase (P-21)."),
                      sl_command_name (c, d->unit), check.natural, check.net, d->in.action->name);
    }
  return TRUE;
}

/* The action goes on the unit's log. */
static void
apply_declaration (SlCommand         *c,
                   const Declaration *d)
{
  SlUnitState *u = &c->state->units[d->unit];
  int now = d->now;

  sl_state_lose_action (c->state, d->unit);
  if (moves_away (d->in.action))
    u->must_move_away = FALSE;
  u->current.action = d->in.action;
  u->current.combined_with = d->in.combined_with;
  u->current.start = now;
  u->current.end = now + d->cost.takes_effect_after - 1;
  u->current.cost = d->cost.cost;
  u->current.target = d->target;
  u->current.to_position = d->in.to_position;
  u->current.throwing = d->throwing;
  u->current.burst = d->burst;
  u->current.mission = d->mission + 1;
  u->current.target_marker = d->charge;
  if (d->at_obstacle)
    {
      u->current.obstacle = d->obstacle.index + 1;
      g_strlcpy (u->current.label, d->obstacle.label, sizeof u->current.label);
    }
  u->current.stairs_end = d->cost.stairs_ap > 0 ? now + d->cost.stairs_ap - 1 : -1;
  if (d->label != NULL)
    g_strlcpy (u->current.label, d->label, sizeof u->current.label);
  /* Movement happens at once (P-08 step 2): the move is made; an
   * action without one after a move made this subphase leaves it made. */
  if (d->in.action->move != SL_MOVE_NONE)
    u->moving = d->in.action->move;
  else if (d->in.combined_with > SL_MOVE_NONE && d->in.combined_with < SL_N_MOVES)
    u->moving = d->in.combined_with;
  else if (!u->move_made)
    u->moving = SL_MOVE_NONE;
  u->move_made = u->moving != SL_MOVE_NONE;
}

/* The action with what it is at or done with, as the summary says it:
 * "Aimed fire at 3 Legionnaire Ostra" — the target or the spot named. */
static char *
declared_what (SlCommand         *c,
               const Declaration *d)
{
  const char *name = d->in.action->name;
  const char *label = d->label;

  if (d->burst != SL_BURST_NONE)
    {
      const char *kind = d->burst == SL_BURST_AREA ? _("an area burst") : _("a concentrated burst");

      return d->target >= 0 ? g_strdup_printf (_("%s, %s, at %s"), name, kind, sl_command_name (c, d->target))
                            : g_strdup_printf (_("%s, %s"), name, kind);
    }
  if (d->target >= 0)
    return g_strdup_printf (_("%s at %s"), name, sl_command_name (c, d->target));
  if (d->throwing != SL_THROW_NONE)
    {
      const char *uses = d->throwing == SL_THROW_GRENADE ? _("a hand grenade")
                       : d->throwing == SL_THROW_LAUNCHER ? _("the grenade launcher")
                       : _("a charge by radio");

      return label != NULL ? g_strdup_printf (_("%s with %s at %s"), name, uses, label)
                           : g_strdup_printf (_("%s with %s"), name, uses);
    }
  if (d->at_obstacle)
    return g_strdup_printf (_("%s at %s"), name, d->obstacle.label);
  if (d->charge > 0 && d->in.action->fire)
    return g_strdup_printf (_("%s at %s"), name, sl_state_find_marker (c->state, d->charge)->label);
  if (d->charge > 0)
    return g_strdup_printf (_("%s (%s)"), name, sl_state_find_marker (c->state, d->charge)->label);
  if (d->mission >= 0)
    {
      const SlFireMissionDef *def = g_ptr_array_index (c->rules->fire_missions.items, d->mission);

      /* "Call Fire Mission (Mortar Strike at the ridge)" */
      return label != NULL ? g_strdup_printf (_("%s (%s at %s)"), name, def->name, label)
                           : g_strdup_printf (_("%s (%s)"), name, def->name);
    }
  if (label != NULL)
    return g_strdup_printf (_("%s (%s)"), name, label);
  if (d->in.to_position >= 0)
    return g_strdup_printf (_("%s to %s"), name, sl_position_label (d->in.to_position));
  return g_strdup (name);
}

/* The result (the cost, the end, the breakdown) and the summary. */
static JsonObject *
odds_json (const SlCheckOutcome *odds)
{
  JsonObject *o = json_object_new ();

  json_object_set_int_member (o, "target", odds->target);
  json_object_set_int_member (o, "modifier", odds->modifier);
  json_object_set_int_member (o, "needed", odds->needed);
  json_object_set_double_member (o, "probability", odds->probability);
  return o;
}

/* A shot declared at a unit: its to-hit odds with all the app knows (the
 * logs, the scenario's terrain, light and weather, the target's movement
 * when it resolves), before the table says the cover and the range (P-14,
 * T-14), and what they counted ("to_hit_note");
 * and, where the weapon may fire a concentrated burst, the burst's, so
 * that a player sees what aiming or a burst buys before spending the AP. */
static void
tell_odds (SlCommand         *c,
           const Declaration *d)
{
  const char *id = d->in.action->id;
  g_autofree char *note = NULL;
  SlFireKind kind;
  SlCheckOutcome odds;
  int at;

  if (d->target < 0 || d->throwing != 0 || d->at_obstacle || d->charge != 0 || d->burst == SL_BURST_AREA)
    return;
  if (g_str_equal (id, "fire"))
    kind = SL_FIRE_NORMAL;
  else if (g_str_equal (id, "aimed-fire"))
    kind = SL_FIRE_AIMED;
  else
    return;
  at = c->state->units[d->unit].current.end;
  if (sl_command_fire_odds (c, d->unit, d->target, kind, d->burst, at, &odds, &note))
    {
      json_object_set_object_member (c->result, "to_hit", odds_json (&odds));
      json_object_set_string_member (c->result, "to_hit_note", note);
    }
  if (d->burst == SL_BURST_NONE && sl_setup_has_module (c->setup, SL_MODULE_AUTOMATIC_FIRE) &&
      sl_command_fire_odds (c, d->unit, d->target, kind, SL_BURST_CONCENTRATED, at, &odds, NULL))
    json_object_set_object_member (c->result, "to_hit_burst", odds_json (&odds));
}

static void
tell_declaration (SlCommand         *c,
                  const Declaration *d)
{
  const SlUnitState *u = &c->state->units[d->unit];
  const char *name = sl_command_name (c, d->unit);
  g_autofree char *when = NULL;
  g_autofree char *what = NULL;
  JsonObject *end;
  int t, sp;

  if (!sl_command_telling (c))
    return;
  sl_subphase_split (c->rules, u->current.end, &t, &sp);
  end = json_object_new ();
  json_object_set_int_member (end, "turn", t);
  json_object_set_int_member (end, "subphase", sp);
  json_object_set_int_member (c->result, "cost", d->cost.cost);
  json_object_set_object_member (c->result, "end", end);
  json_object_set_member (c->result, "breakdown", sl_breakdown_to_json (d->breakdown));
  if (d->revealed)
    json_object_set_boolean_member (c->result, "revealed", TRUE);
  tell_odds (c, d);

  /* "Trooper Quint: Aimed fire at 3 Legionnaire Ostra, 3 AP, ends in
   * subphase 6." */
  when = sl_command_when (c, u->current.end);
  what = declared_what (c, d);
  if (d->in.combined_with != SL_MOVE_NONE)
    sl_command_say (c, _("%s: %s, combined with %s, %d AP, ends in %s."),
                    name, what, sl_combine_label (d->in.combined_with), d->cost.cost, when);
  else if (d->in.action->move == SL_MOVE_DIVE && c->setup->environment.zero_g)
    sl_command_say (c, _("%s: %s, %d AP, then it carries on until it hits full cover or another unit (A-72)."),
                    name, what, d->cost.cost);
  else
    sl_command_say (c, _("%s: %s, %d AP, ends in %s."), name, what, d->cost.cost, when);
}

gboolean
sl_command_declare (SlCommand  *c,
                    GError    **error)
{
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  Declaration d = { .mission = -1, .opponent = -1, .breakdown = breakdown };
  SlSchedule schedule;
  gboolean steady;

  if (!read_declaration (c, &d) ||
      !check_declaration (c, &d, error) ||
      !declaration_cost (c, &d, error) ||
      !check_declared_end (c, &d, error))
    return FALSE;
  /* P-23 a, A-75: from melee contact, the avoidance first; failed, a full
   * melee follows and the move does not happen. */
  if (d.opponent >= 0)
    {
      gboolean moves;

      if (!sl_command_avoid_contact (c, d.unit, d.opponent, d.target_avoids, d.avoid_stream,
                                     d.attack_stream, d.zero_g_stream, &moves, error))
        return FALSE;
      if (!moves)
        {
          sl_command_result (c, json_object_set_string_member, "outcome", "not-avoided");
          sl_command_say (c, _("%s does not get away: no “%s” (P-23 a)."), sl_command_name (c, d.unit),
                          d.in.action->name);
          return TRUE;
        }
    }
  if (!start_declared (c, &d, &steady, error))
    return FALSE;
  if (!steady)
    return TRUE;
  if (!sl_schedule (c->rules, c->state->turn, c->state->subphase, d.cost.cost, &schedule, error))
    return FALSE;

  apply_declaration (c, &d);
  tell_declaration (c, &d);
  /* A 1-AP action without dice ends here and now. */
  if (c->state->units[d.unit].current.end == d.now && sl_flow_resolution_step (d.in.action) == SL_STEP_NONE)
    sl_flow_finish_action (c, d.unit);
  return TRUE;
}
