/* sl-command-fire.c: resolving ranged fire in a game (digest P-14 … P-20,
 * P-29, P-30)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-actions.h"
#include "sl-ammunition.h"
#include "sl-command.h"
#include "sl-explosives.h"
#include "sl-options.h"

static const char * const terrains[] = { "clear", "marsh", "light-woods", "heavy-woods", NULL };

/* The terrain of @field (an index of terrains[]), or the scenario's terrain
 * everywhere when the command does not say (§10 G); *@scenario says which. */
static int
read_terrain (SlCommand  *c,
              SlReader   *r,
              const char *field,
              int         unit,
              gboolean   *scenario)
{
  const SlTerrain *everywhere = unit >= 0 ? sl_command_terrain (c, unit) : NULL;

  if (sl_reader_has (r, field) || everywhere == NULL)
    return sl_reader_enum (r, field, terrains, N_("terrain"), 0);
  for (int t = 0; terrains[t] != NULL; t++)
    if (g_str_equal (terrains[t], everywhere->id))
      {
        *scenario = TRUE;
        return t;
      }
  return 0;
}

/* T-10, A-46: woods hide what lies deeper in them than their limit. */
static gboolean
check_sight (SlCommand  *c,
             int         terrain,
             double      range_m,
             const char *field,
             GError    **error)
{
  const SlTerrain *t = terrain > 0 ? sl_rules_terrain (c->rules, terrains[terrain]) : NULL;

  if (t == NULL || t->los_limit_m <= 0 || range_m <= t->los_limit_m)
    return TRUE;
  sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field,
                     _("In %s nothing is seen beyond %g m: no line of sight at %g m (T-10, A-46)."),
                     t->name, t->los_limit_m, range_m);
  return FALSE;
}

/* The engine names request fields ("target.cover"); a fire command has its
 * own ("cover"). */
static const char *
command_field (const char *engine_field)
{
  if (engine_field == NULL)
    return "";
  if (g_str_has_prefix (engine_field, "target.cover"))
    return "cover";
  if (g_str_has_prefix (engine_field, "target."))
    return "target";
  if (g_str_has_prefix (engine_field, "firer."))
    return "unit";
  if (g_str_equal (engine_field, "conditions.smoke"))
    return "smoke";
  if (g_str_equal (engine_field, "fire") || g_str_equal (engine_field, "consecutive"))
    return "burst";
  return engine_field;
}

static void
remap_error (GError **error)
{
  g_autoptr(GError) e = NULL;

  if (error == NULL || *error == NULL || (*error)->domain != SL_RULE_ERROR)
    return;
  e = g_steal_pointer (error);
  sl_rule_error_set (error, e->code, command_field (sl_rule_error_get_field (e)), "%s", e->message);
}

/* P-16: the jam check after a natural 1, jammed or not. */
static void
append_jam (GString    *line,
            const char *firer,
            int         roll,
            gboolean    jammed)
{
  if (jammed)
    g_string_append_printf (line, _("; jam check: rolled %d, %s's weapon jams (P-16)"), roll, firer);
  else
    g_string_append_printf (line, _("; jam check: rolled %d, no jam (P-16)"), roll);
}

static void
record_fire (SlUnitState  *u,
             int           index,
             SlFireModeId  mode,
             int           target)
{
  if (u->n_fires == SL_MAX_FIRES)
    {
      memmove (&u->fires[0], &u->fires[1], (SL_MAX_FIRES - 1) * sizeof u->fires[0]);
      u->n_fires--;
    }
  u->fires[u->n_fires].index = index;
  u->fires[u->n_fires].mode = mode;
  u->fires[u->n_fires].target = target;
  u->n_fires++;
}

/* Opportunity fire (P-09): armed, and the firer able to take it now. */
static gboolean
check_opportunity (SlCommand  *c,
                   int         unit,
                   GError    **error)
{
  const SlUnitSetup *fs = sl_setup_unit_at (c->setup, unit);
  SlUnitState *firer = &c->state->units[unit];
  int now = sl_command_now (c);

  if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_INITIATIVE_ORDER,
                                 N_("Opportunity fire"), error))
    return FALSE;
  if (sl_state_unit_dazed (c->rules, c->state, unit) || sl_state_unit_out (c->rules, c->state, unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s is dazed or out of the fight and cannot fire (P-19)."), fs->told);
      return FALSE;
    }
  /* §5.2: ambushed, it can do nothing; P-31 step 4: routed, it only
   * moves. */
  if (sl_state_unit_ambushed (c->rules, c->state, unit) ||
      (firer->routed && !c->options->routed_manual_control))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         firer->routed ? _("%s is routed and may only move (P-31 step 4).")
                                       : _("%s was ambushed and can do nothing yet (§5.2)."),
                         fs->told);
      return FALSE;
    }
  /* P-23 (a) step 3, (b): having avoided a melee, it moves away before it
   * takes its shot. */
  if (!sl_command_check_moves_away (c, unit, "unit", error))
    return FALSE;
  /* armed once its end subphase has resolved in the unit's own
   * slot of the initiative order, not at the start of it. Several
   * groupings may act before that slot: the message names the slot. */
  if (firer->current.action != NULL && firer->current.end == now &&
      !c->options->free_declaration_order &&
      sl_state_order_position (c->state, c->state->grouping_of[unit]) >
        sl_state_turn_position (c->rules, c->state))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         /* Translators: the first %s is a unit, the second its own
                          * grouping (a fire team). */
                         _("%s's opportunity fire is not armed yet: it is armed in %s's turn of this subphase (A-28)."),
                         fs->told, sl_setup_grouping_at (c->setup, c->state->grouping_of[unit])->name);
      return FALSE;
    }
  return TRUE;
}

/* The firer of a fire or area burst: which action, checks common to both.
 * Sets @mode (single, aimed, opportunity) and whether it is opportunity
 * fire. */
static gboolean
check_firer (SlCommand     *c,
             int            unit,
             SlFireModeId  *mode,
             gboolean      *opportunity,
             GError       **error)
{
  const SlUnitSetup *fs = sl_setup_unit_at (c->setup, unit);
  SlUnitState *firer = &c->state->units[unit];
  int now = sl_command_now (c);

  *opportunity = FALSE;
  if (c->state->phase != SL_PHASE_ACTION)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("Fire resolves in the Action Phase (P-04)."));
      return FALSE;
    }
  if (firer->current.action != NULL && firer->current.action->fire &&
      !g_str_equal (firer->current.action->id, "opportunity-fire") &&
      firer->current.end == now && !firer->current.resolved)
    {
      if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_RANGED_FIRE, N_("Ranged fire"), error))
        return FALSE;
      if (firer->current.throwing != SL_THROW_NONE)
        {
          static const char * const commands[] = { "fire", "throw", "launch", "detonate" };

          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                             _("%s's Fire/Throw action is no shot of its weapon: resolve it with “%s” (P-34, P-35, P-36)."),
                             fs->told, commands[firer->current.throwing]);
          return FALSE;
        }
      *mode = g_str_equal (firer->current.action->id, "aimed-fire") ? SL_FIRE_MODE_AIMED
                                                                     : SL_FIRE_MODE_SINGLE;
    }
  else if (firer->opportunity_armed)
    {
      if (!check_opportunity (c, unit, error))
        return FALSE;
      *opportunity = TRUE;
      *mode = SL_FIRE_MODE_OPPORTUNITY;
    }
  else
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s has no fire action ending now and is not on opportunity fire (P-08, P-09)."),
                         fs->told);
      return FALSE;
    }
  if (firer->jammed)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s's weapon is jammed: it cannot fire until cleared (P-16)."), fs->told);
      return FALSE;
    }
  return TRUE;
}

/* P-29: the rounds a fire spends from the unit's log, hit or wasted
 * when the game counts ammunition. */
static gboolean
spend_rounds (SlCommand       *c,
              int              unit,
              const SlWeapon  *weapon,
              const char      *omni,
              SlAmmoAction     action,
              SlAmmoResult    *ares,
              GError         **error)
{
  SlAmmoInput ain = { 0 };

  ain.weapon = weapon;
  ain.omni_mode = omni;
  ain.action = action;
  sl_state_unit_ammo (c->setup, c->state, unit, &ain.state);
  if (!sl_ammo_resolve (c->rules, c->options, &ain, ares, error))
    {
      remap_error (error);
      return FALSE;
    }
  sl_state_unit_set_ammo (c->setup, c->state, unit, &ares->state);
  return TRUE;
}

/* A fire at an obstacle or a charge, as the command gives it, and what
 * the checks work out. */
typedef struct
{
  gboolean               burst;
  gboolean               wasted;        /* no_los */
  const char            *roll_stream;
  GArray                *behind;        /* P-26: the units beyond the breach */
  GPtrArray             *behind_rolls;  /* their dice */
  SlFireModeId           mode;
  int                    now;
  const SlWeapon        *weapon;
  const char            *omni;
  const SlWeaponProfile *profile;
} ObjectFire;

static void
object_fire_clear (ObjectFire *f)
{
  g_clear_pointer (&f->behind, g_array_unref);
  g_clear_pointer (&f->behind_rolls, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ObjectFire, object_fire_clear)

static gboolean
read_object_fire (SlCommand  *c,
                  ObjectFire *f)
{
  SlReader *r = c->command;
  guint n;

  f->behind = g_array_new (FALSE, TRUE, sizeof (int));
  f->behind_rolls = g_ptr_array_new ();
  f->burst = sl_reader_enum (r, "burst", sl_burst_names, N_("burst"), SL_BURST_NONE) == SL_BURST_CONCENTRATED;
  f->wasted = sl_reader_bool (r, "no_los", FALSE);
  f->roll_stream = sl_command_die (c, r, "roll", 10);
  /* P-26: the units beyond a wall or door the shot breaks through. */
  n = sl_reader_array_length (r, "behind");
  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      g_autoptr(SlReader) br = sl_reader_array_object (r, "behind", i);
      int u = sl_command_unit (c, br, "unit", FALSE);

      g_ptr_array_add (f->behind_rolls, (gpointer) sl_command_die (c, br, "roll", 10));
      sl_reader_end (br);
      g_array_append_val (f->behind, u);
    }
  return sl_command_inputs_done (c);
}

static gboolean
check_object_fire (SlCommand   *c,
                   int          unit,
                   ObjectFire  *f,
                   GError     **error)
{
  SlUnitState *firer = &c->state->units[unit];
  gboolean opportunity;
  int consecutive = 1;

  if (!check_firer (c, unit, &f->mode, &opportunity, error))
    return FALSE;
  if (firer->current.burst == SL_BURST_CONCENTRATED)
    f->burst = TRUE;
  if (f->burst)
    {
      if (!sl_command_require_module (c, SL_MODULE_AUTOMATIC_FIRE, "burst", error))
        return FALSE;
      f->mode = SL_FIRE_MODE_CONCENTRATED;
    }
  f->now = sl_command_now (c);
  if (!sl_command_check_rate_of_fire (c, unit, f->mode, -1, f->now, &consecutive, error))
    return FALSE;
  f->weapon = sl_state_unit_weapon (c->setup, c->state, unit);
  f->omni = sl_state_unit_omni_mode (c->setup, c->state, unit);
  f->profile = sl_weapon_get_profile (f->weapon, f->omni);
  for (guint i = 0; i < f->behind->len; i++)
    if (sl_state_unit_out_at_step (c->rules, c->state, g_array_index (f->behind, int, i)))
      {
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "behind", _("%s is already out of the fight."),
                           sl_command_name (c, g_array_index (f->behind, int, i)));
        return FALSE;
      }
  return TRUE;
}

/* P-26: the shot that breaks a wall or door with PF − AF ≥ 2 goes on
 * into the units just behind: +3 and nothing else, PF − 1. */
static void
fire_through_breach (SlCommand        *c,
                     int               unit,
                     const ObjectFire *f,
                     int               penetration,
                     GString          *line)
{
  const SlCheckDef *check = sl_rules_check (c->rules, "follow-through");
  JsonArray *list = sl_command_telling (c) ? json_array_new () : NULL;

  c->actor = unit;
  for (guint i = 0; i < f->behind->len; i++)
    {
      int target = g_array_index (f->behind, int, i);
      const SlUnitSetup *ts = sl_setup_unit_at (c->setup, target);
      g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
      SlCheckOutcome outcome;
      JsonObject *o = list != NULL ? json_object_new () : NULL;
      g_autofree char *odds = NULL;

      sl_breakdown_add (breakdown, "follow-through", _("Follow-through behind a breach"),
                        c->rules->to_hit.follow_through);
      sl_check_roll (check, sl_breakdown_total (breakdown), c->dice,
                     g_ptr_array_index (f->behind_rolls, i), &outcome);
      odds = sl_check_outcome_words (&outcome);
      if (o != NULL)
        {
          json_object_set_string_member (o, "unit", ts->id);
          sl_check_outcome_to_json (&outcome, "hit", o);
        }
      if (outcome.success)
        {
          SlDamageInput d = { 0 };
          SlDamageResult dr;
          g_autofree char *words = NULL;

          d.source = SL_DAMAGE_FIRE;
          d.penetration = penetration;
          d.armor = ts->armor;
          d.race = ts->race;
          d.wound = c->state->units[target].wound;
          d.natural_roll = outcome.natural;
          d.rounds = 1;
          sl_damage_resolve (c->rules, c->options, &d, &dr);
          words = sl_command_apply_damage (c, target, &dr, o);
          g_string_append_printf (line, _("; through the breach at %s: %s, hit; %s"), ts->told, odds, words);
        }
      else
        g_string_append_printf (line, _("; through the breach at %s: %s, miss"), ts->told, odds);
      if (o != NULL)
        json_array_add_object_element (list, o);
    }
  c->actor = -1;
  sl_command_result (c, json_object_set_array_member, "behind", list);
}

/* P-25, P-26: the declared obstacle, hit automatically. */
static gboolean
fire_at_obstacle (SlCommand         *c,
                  int                unit,
                  const ObjectFire  *f,
                  GError           **error)
{
  SlUnitState *firer = &c->state->units[unit];
  const SlUnitSetup *fs = sl_setup_unit_at (c->setup, unit);
  g_autoptr(GString) line = g_string_new (NULL);
  SlObstacleAt at = { 0 };
  SlObstacleInput in = { 0 };
  SlObstacleResult res;

  at.index = firer->current.obstacle - 1;
  at.obstacle = g_ptr_array_index (c->rules->obstacles.items, at.index);
  g_strlcpy (at.label, firer->current.label, sizeof at.label);
  if (f->wasted)
    {
      sl_command_result (c, json_object_set_boolean_member, "wasted", TRUE);
      sl_command_say (c, _("%s fires at %s but has lost sight of it: the shot is wasted (A-17)."),
                      fs->told, at.label);
      return TRUE;
    }
  if (sl_command_obstacle_breached (c, at.label))
    {
      sl_command_result (c, json_object_set_boolean_member, "wasted", TRUE);
      sl_command_say (c, _("%s fires at %s, which is already destroyed: the shot is wasted (P-25)."),
                      fs->told, at.label);
      return TRUE;
    }
  in.source = SL_OBSTACLE_FIRE;
  in.penetration = f->profile->penetration;
  in.burst = f->burst;
  g_string_append_printf (line, _("%s fires at %s, an automatic hit (A-78): "), fs->told, at.label);
  {
    g_autoptr(GError) local_error = NULL;

    if (!sl_command_hit_obstacle (c, &at, &in, &res, line, &local_error))
      {
        /* Already destroyed: the marker is a breach now. */
        g_propagate_error (error, g_steal_pointer (&local_error));
        return FALSE;
      }
  }
  if (sl_command_telling (c))
    {
      JsonObject *o = json_object_new ();

      sl_command_obstacle_json (&at, &res, o);
      json_object_set_boolean_member (o, "follow_through", res.follow_through);
      json_object_set_object_member (c->result, "obstacle", o);
    }
  if (res.follow_through)
    fire_through_breach (c, unit, f, res.follow_through_penetration, line);
  g_string_append_c (line, '.');
  sl_command_say (c, "%s", line->str);
  return TRUE;
}

/* P-36 step 5, T-32: the charge, by the row of the weapon. */
static gboolean
fire_at_charge (SlCommand         *c,
                int                unit,
                const ObjectFire  *f,
                GError           **error)
{
  SlUnitState *firer = &c->state->units[unit];
  const SlUnitSetup *fs = sl_setup_unit_at (c->setup, unit);
  SlMarker *m = sl_state_find_marker (c->state, firer->current.target_marker);
  SlChargeShotResult result;
  char label[sizeof m->label];
  int roll;

  if (m == NULL || m->kind != SL_MARKER_CHARGE || m->due >= 0)
    {
      /* Gone or going off meanwhile: nothing left to hit. */
      sl_command_result (c, json_object_set_boolean_member, "wasted", TRUE);
      sl_command_say (c, _("%s fires, but the charge is no longer there: the shot is wasted (A-17)."), fs->told);
      return TRUE;
    }
  g_strlcpy (label, m->label, sizeof label);
  if (f->wasted)
    {
      sl_command_result (c, json_object_set_boolean_member, "wasted", TRUE);
      sl_command_say (c, _("%s fires at %s but has lost sight of it: the shot is wasted (A-17)."), fs->told, label);
      return TRUE;
    }
  if (!sl_charge_shot_resolve (c->rules, f->profile->charge_row, FALSE, c->dice, f->roll_stream,
                               &roll, &result, error))
    return FALSE;
  sl_command_result (c, json_object_set_int_member, "marker", m->id);
  sl_command_result (c, json_object_set_int_member, "roll", roll);
  sl_command_result (c, json_object_set_string_member, "result", sl_charge_shot_names[result]);
  switch (result)
    {
    case SL_CHARGE_SHOT_EXPLOSION:
      m->due = f->now;
      m->secret = FALSE;
      sl_command_say (c, _("%s fires at %s, an automatic hit: rolled %d, it explodes in the explosion step (P-36 step 5, T-32)."),
                      fs->told, label, roll);
      break;
    case SL_CHARGE_SHOT_DESTROYED:
      sl_state_remove_marker (c->state, m->id);
      sl_command_say (c, _("%s fires at %s, an automatic hit: rolled %d, it is destroyed (P-36 step 5, T-32)."),
                      fs->told, label, roll);
      break;
    case SL_CHARGE_SHOT_NONE:
    case SL_N_CHARGE_SHOT_RESULTS:
    default:
      sl_command_say (c, _("%s fires at %s, an automatic hit: rolled %d, no effect (P-36 step 5, T-32)."),
                      fs->told, label, roll);
      break;
    }
  return TRUE;
}

/* A Fire or Aimed fire action declared at an obstacle (P-25, P-26) or a
 * charge (P-36 step 5, T-32): the hit is automatic — no to-hit roll, no
 * jam, no natural 1 — the rate of fire and the rounds count. */
static gboolean
fire_at_object (SlCommand  *c,
                int         unit,
                GError    **error)
{
  SlUnitState *firer = &c->state->units[unit];
  const SlUnitSetup *fs = sl_setup_unit_at (c->setup, unit);
  g_auto(ObjectFire) f = { 0 };

  if (!read_object_fire (c, &f))
    return FALSE;
  if (!check_object_fire (c, unit, &f, error))
    return FALSE;

  /* P-29: the rounds are spent, hit or wasted. */
  if (sl_setup_has_module (c->setup, SL_MODULE_AMMUNITION))
    {
      SlAmmoResult ares;

      if (!spend_rounds (c, unit, f.weapon, f.omni, f.burst ? SL_AMMO_BURST : SL_AMMO_FIRE,
                         &ares, error))
        return FALSE;
    }
  record_fire (firer, f.now, f.mode, -1);
  firer->current.resolved = TRUE;
  sl_command_result (c, json_object_set_string_member, "unit", fs->id);
  sl_command_result (c, json_object_set_string_member, "mode", sl_fire_mode_ids[f.mode]);

  if (firer->current.obstacle > 0)
    return fire_at_obstacle (c, unit, &f, error);
  return fire_at_charge (c, unit, &f, error);
}

/* A fire at a unit (P-14), as the command gives it, and what the checks
 * work out. */
typedef struct
{
  int              unit;
  int              target;          /* -1 until named */
  SlToHitInput     in;
  int              target_terrain;
  int              firer_terrain;
  gboolean         wasted;          /* no_los, or a target already out */
  gboolean         target_out;
  SlExtraModifier *extra;
  guint            n_extra;
  const char      *hits_stream;
  SlFireModeId     mode;
  gboolean         opportunity;
  int              now;
  int              consecutive;
  int              rounds;
  const SlWeapon  *weapon;
  const char      *omni;
} Fire;

static void
fire_clear (Fire *f)
{
  g_clear_pointer (&f->extra, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Fire, fire_clear)

static gboolean
read_fire (SlCommand *c,
           Fire      *f)
{
  SlReader *r = c->command;
  SlToHitInput *in = &f->in;

  f->target = sl_command_unit (c, r, "target", TRUE);
  in->burst = sl_reader_enum (r, "burst", sl_burst_names, N_("burst"), SL_BURST_NONE);
  sl_reader_flags (r, "cover", sl_cover_names, N_("cover"), in->target.covers, SL_N_COVERS);
  in->target.covers[SL_COVER_NONE] = FALSE;
  in->target.firing_at_firer = sl_reader_bool (r, "firing_at_firer", FALSE);
  in->target.units_on_line = sl_reader_int (r, "units_on_line", 0, 32, 0);
  in->target.vehicle = sl_reader_bool (r, "vehicle", FALSE);
  f->target_terrain = read_terrain (c, r, "target_terrain", f->unit,
                                    &in->conditions.scenario_terrain);
  in->target.in_marsh = f->target_terrain == 1;
  in->target.in_light_woods = f->target_terrain == 2;
  in->target.in_heavy_woods = f->target_terrain == 3;
  f->firer_terrain = read_terrain (c, r, "firer_terrain", f->unit,
                                   &in->conditions.scenario_terrain);
  in->firer.in_marsh = f->firer_terrain == 1;
  in->firer.in_light_woods = f->firer_terrain == 2;
  in->firer.in_heavy_woods = f->firer_terrain == 3;
  sl_reader_flags (r, "firer_cover", sl_cover_names, N_("cover"), in->firer_own_cover, SL_N_COVERS);
  in->firer_own_cover[SL_COVER_NONE] = FALSE;
  in->firer.facing_change = sl_reader_enum (r, "facing_change", sl_facing_names, N_("facing change"),
                                            SL_FACING_NONE);
  in->firer.ambushing = sl_reader_bool (r, "ambushing", FALSE);
  in->conditions.smoke = sl_reader_bool (r, "smoke", FALSE);
  in->conditions.range_m = sl_reader_number (r, "range_m", 0, 10000, -1);
  /* The target's movement comes from the log; the players may say
   * otherwise for what the table shows. */
  in->target.movement = sl_reader_enum (r, "target_movement", sl_move_names, N_("movement"), -1);
  f->wasted = sl_reader_bool (r, "no_los", FALSE);
  f->extra = sl_extra_modifiers_read (r, "modifiers", &f->n_extra);
  in->roll_stream = sl_command_die (c, r, "roll", 10);
  in->jam_stream = sl_command_die (c, r, "jam_roll", 10);
  in->other_stream = sl_command_die (c, r, "other_roll", 10);
  f->hits_stream = sl_command_die (c, r, "hits_roll", 10);
  return sl_command_inputs_done (c);
}

/* P-30 step 2: the burst declared with the fire, if any, is the burst
 * fired; a fire declared without one may still be resolved as a
 * concentrated burst the rate of fire allows (checked below). */
static gboolean
check_fire_burst (SlCommand  *c,
                  Fire       *f,
                  GError    **error)
{
  const SlUnitState *firer = &c->state->units[f->unit];

  if (!f->opportunity && firer->current.burst != SL_BURST_NONE)
    {
      if (firer->current.burst == SL_BURST_AREA)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                             _("%s declared an area burst: resolve it with an area-burst command (P-30 step 4)."),
                             sl_command_name (c, f->unit));
          return FALSE;
        }
      if (sl_reader_has (c->command, "burst") && f->in.burst != (SlBurstMode) firer->current.burst)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "burst",
                             _("%s declared a concentrated burst (P-30 step 2)."), sl_command_name (c, f->unit));
          return FALSE;
        }
      f->in.burst = firer->current.burst;
    }
  if (f->in.burst != SL_BURST_NONE)
    {
      if (!sl_command_require_module (c, SL_MODULE_AUTOMATIC_FIRE, "burst", error))
        return FALSE;
      if (f->in.burst == SL_BURST_AREA)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "burst",
                             _("An area burst engages every unit in its wedge: use an area-burst command (P-30)."));
          return FALSE;
        }
      f->mode = SL_FIRE_MODE_CONCENTRATED;
    }
  return TRUE;
}

/* The target as the step found it: one killed by another shot of this
 * step is still fired at, all shots being at once. One out of the
 * fight before the step (opportunity fire, a mine, an earlier subphase
 * of an aimed fire) leaves the declared shot nothing to hit: it is
 * wasted, as when the firer loses sight of it; the players may
 * name another target instead. */
static gboolean
check_fire_target (SlCommand  *c,
                   Fire       *f,
                   GError    **error)
{
  const SlUnitSetup *ts = sl_setup_unit_at (c->setup, f->target);

  if (sl_state_unit_out_at_step (c->rules, c->state, f->target))
    {
      if (f->opportunity || c->state->units[f->unit].current.target != f->target)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target",
                             _("%s is already out of the fight."), ts->told);
          return FALSE;
        }
      f->target_out = TRUE;
      f->wasted = TRUE;
    }
  if (sl_state_step_unit (c->state, f->target).hidden)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target",
                         _("%s has not been detected and cannot be fired at (§15.1)."), ts->told);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_fire (SlCommand  *c,
            Fire       *f,
            GError    **error)
{
  SlUnitState *firer = &c->state->units[f->unit];

  f->now = sl_command_now (c);

  /* Which fire: a declared Fire or Aimed fire ending now, in the ranged-fire
   * step (P-08 step 3), or opportunity fire at once (P-09, A-28). */
  if (!check_firer (c, f->unit, &f->mode, &f->opportunity, error))
    return FALSE;
  /* A declared fire was checked against a hold when declared; opportunity
   * fire is checked as it is taken (§10 G, A-132). */
  if (f->opportunity && !sl_command_check_hold (c, f->unit, FALSE, "unit", error))
    return FALSE;
  if (!check_sight (c, MAX (f->target_terrain, f->firer_terrain), f->in.conditions.range_m,
                    "range_m", error))
    return FALSE;
  f->in.fire = f->mode == SL_FIRE_MODE_AIMED ? SL_FIRE_AIMED
             : f->mode == SL_FIRE_MODE_OPPORTUNITY ? SL_FIRE_OPPORTUNITY
             : SL_FIRE_NORMAL;

  /* The target named when the fire was declared, unless the command names
   * another (A-17: declared in initiative order, resolved later). */
  if (f->target < 0)
    f->target = firer->current.action != NULL ? firer->current.target : -1;
  if (f->target < 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "target", _("Name the target of the fire."));
      return FALSE;
    }

  if (!check_fire_burst (c, f, error) || !check_fire_target (c, f, error))
    return FALSE;
  return sl_command_check_rate_of_fire (c, f->unit, f->mode, f->target, f->now, &f->consecutive,
                                        error);
}

/* The fire is taken: its rounds spent, whether the shot hits or is wasted
 * (P-29, A-17), and written on the firer's log. */
static gboolean
take_fire (SlCommand  *c,
           Fire       *f,
           GError    **error)
{
  SlUnitState *firer = &c->state->units[f->unit];

  f->weapon = sl_state_unit_weapon (c->setup, c->state, f->unit);
  f->omni = sl_state_unit_omni_mode (c->setup, c->state, f->unit);

  /* P-29: the rounds, spent whether the shot hits or is wasted. */
  if (sl_setup_has_module (c->setup, SL_MODULE_AMMUNITION))
    {
      SlAmmoResult ares;

      if (!spend_rounds (c, f->unit, f->weapon, f->omni,
                         f->in.burst != SL_BURST_NONE ? SL_AMMO_BURST : SL_AMMO_FIRE, &ares, error))
        return FALSE;
      if (f->in.burst != SL_BURST_NONE)
        f->rounds = MAX (ares.spent, 1);
      if (ares.empty)
        sl_command_result (c, json_object_set_boolean_member, "empty", TRUE);
    }
  else if (f->in.burst != SL_BURST_NONE)
    f->rounds = c->rules->burst_rounds;

  record_fire (firer, f->now, f->mode, f->target);
  if (f->opportunity)
    firer->opportunity_armed = FALSE;
  else
    firer->current.resolved = TRUE;
  sl_command_attack (c, f->unit);

  sl_command_result (c, json_object_set_string_member, "unit",
                     sl_setup_unit_at (c->setup, f->unit)->id);
  sl_command_result (c, json_object_set_string_member, "target",
                     sl_setup_unit_at (c->setup, f->target)->id);
  sl_command_result (c, json_object_set_string_member, "mode", sl_fire_mode_ids[f->mode]);
  return TRUE;
}

/* The firer and the target of a shot of @unit at @target as the logs know
 * them, as they stood when the step began: all of the to-hit
 * input but what the table says (cover, terrain, range …). */
static void
fill_shot (SlCommand    *c,
           int           unit,
           int           target,
           SlToHitInput *in)
{
  const SlUnitSetup *ts = sl_setup_unit_at (c->setup, target);

  sl_command_fill_firer (c, unit, in);
  in->firer.weapon = sl_state_unit_weapon (c->setup, c->state, unit);
  in->firer.omni_mode = sl_state_unit_omni_mode (c->setup, c->state, unit);
  if ((int) in->target.movement < 0)
    in->target.movement = sl_state_step_unit (c->state, target).moving;
  in->target.position = c->state->units[target].position;
  in->target.armor = ts->armor;
  in->target.camo_tinter = sl_setup_has_module (c->setup, SL_MODULE_EQUIPMENT) &&
                           sl_setup_side_at (c->setup, ts->side)->camo_tinter;
  in->target.in_melee = sl_state_step_unit (c->state, target).in_melee;
  in->conditions.enemy_ecm = sl_setup_has_module (c->setup, SL_MODULE_EQUIPMENT) &&
                             sl_setup_side_at (c->setup, ts->side)->ecm;
}

/* How @unit moves in subphase @at as the logs know it now: the move of
 * an action under way then (A-50, T-07), its move now when @at is now. */
static SlMove
move_at (SlCommand *c,
         int        unit,
         int        at)
{
  const SlUnitState *u = &c->state->units[unit];

  if (at == sl_command_now (c))
    return sl_state_step_unit (c->state, unit).moving;
  if (u->current.action != NULL && !u->current.resolved && u->current.start <= at && at <= u->current.end)
    {
      if (u->current.action->move != SL_MOVE_NONE)
        return u->current.action->move;
      if (u->current.combined_with < SL_N_MOVES)
        return u->current.combined_with;
    }
  return SL_MOVE_NONE;
}

/* "heavy woods, night and the target walking": what the odds counted
 * that the table would otherwise add. */
static void
append_counted (GString    *counted,
                const char *what)
{
  if (counted->len > 0)
    g_string_append (counted, "\x1f");
  g_string_append (counted, what);
}

static char *
counted_words (GString *counted)
{
  g_auto(GStrv) parts = g_strsplit (counted->str, "\x1f", -1);
  guint n = g_strv_length (parts);
  GString *words = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        /* Translators: between the things counted: "heavy woods, night and the target walking" */
        g_string_append (words, i + 1 == n ? _(" and ") : _(", "));
      g_string_append (words, parts[i]);
    }
  return g_string_free (words, FALSE);
}

gboolean
sl_command_fire_odds (SlCommand      *c,
                      int             unit,
                      int             target,
                      SlFireKind      kind,
                      SlBurstMode     burst,
                      int             at,
                      SlCheckOutcome *odds,
                      char          **note)
{
  g_autoptr(SlDice) dice = sl_dice_new_seeded (1);
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  g_autoptr(GString) counted = g_string_new (NULL);
  const SlTerrain *everywhere = sl_command_terrain (c, unit);
  const SlEnvironmentSetup *env = &c->setup->environment;
  SlToHitInput in = { 0 };
  SlToHitResult hit = { 0 };

  in.fire = kind;
  in.burst = burst;
  in.consecutive = 1;
  /* The target as it will move when the shot resolves. */
  in.target.movement = move_at (c, target, at);
  in.conditions.range_m = -1;
  in.roll_stream = "roll";
  in.jam_stream = "jam_roll";
  in.other_stream = "other_roll";
  fill_shot (c, unit, target, &in);
  /* §10 G: the scenario's terrain everywhere, for both, as the fire
   * command reads it when the table says nothing else. */
  for (int t = 1; everywhere != NULL && terrains[t] != NULL; t++)
    if (g_str_equal (terrains[t], everywhere->id))
      {
        in.conditions.scenario_terrain = TRUE;
        in.target.in_marsh = in.firer.in_marsh = t == 1;
        in.target.in_light_woods = in.firer.in_light_woods = t == 2;
        in.target.in_heavy_woods = in.firer.in_heavy_woods = t == 3;
        append_counted (counted, everywhere->name);
      }
  /* T-36: the scenario's light and weather (sl_command_fill_firer). */
  if (env->night && (!env->indoors || env->blackout))
    append_counted (counted, _("night"));
  if (env->rain)
    append_counted (counted, _("rain"));
  if (env->snow)
    append_counted (counted, _("snow"));
  if (in.target.movement != SL_MOVE_NONE)
    {
      /* "the target walking" */
      g_autofree char *moving = g_strdup_printf (_("the target %s"), sl_move_label (in.target.movement));

      append_counted (counted, moving);
    }
  /* Dice of its own, forgotten: the odds do not depend on the roll, and
   * the declaration records no die. */
  if (!sl_to_hit_resolve (c->rules, c->options, &in, dice, breakdown, &hit, NULL))
    return FALSE;
  *odds = hit.check;
  if (note != NULL)
    {
      g_autofree char *words = counted_words (counted);

      *note = counted->len > 0
              /* Translators: after the odds of a shot declared: "with heavy woods and the target walking; …" */
              ? g_strdup_printf (_("with %s; the fire sheet adds the cover, the range and smoke"), words)
              : g_strdup (_("before the cover, the range and smoke, which the fire sheet adds"));
    }
  return TRUE;
}

/* The shot (P-14) with everything the logs know, as they stood when the
 * ranged-fire step began. */
static gboolean
roll_to_hit (SlCommand      *c,
             Fire           *f,
             SlBreakdown    *breakdown,
             SlToHitResult  *hit,
             GError        **error)
{
  SlToHitInput *in = &f->in;

  fill_shot (c, f->unit, f->target, in);
  in->firer.weapon = f->weapon;
  in->firer.omni_mode = f->omni;
  in->consecutive = in->burst != SL_BURST_NONE ? MIN (f->consecutive, 3) : 1;
  in->extra = f->extra;
  in->n_extra = f->n_extra;

  if (!sl_to_hit_resolve (c->rules, c->options, in, c->dice, breakdown, hit, error))
    {
      remap_error (error);
      return FALSE;
    }

  if (sl_command_telling (c))
    sl_check_outcome_to_json (&hit->check, "hit", c->result);
  sl_command_result (c, json_object_set_member, "breakdown", sl_breakdown_to_json (breakdown));
  if (hit->jam_checked)
    {
      sl_command_result (c, json_object_set_int_member, "jam_roll", hit->jam_roll);
      sl_command_result (c, json_object_set_boolean_member, "jammed", hit->jammed);
      c->state->units[f->unit].jammed = hit->jammed;
      if (sl_command_telling (c))
        {
          /* P-16: the jam check's odds, for the sheet to show with its
           * prompt before the die (issue 31 #6): it jams on success. */
          const SlCheckDef *jam = sl_rules_check (c->rules, "jam");
          JsonObject *odds = json_object_new ();

          json_object_set_int_member (odds, "needed", sl_check_needed (jam, 0));
          json_object_set_double_member (odds, "probability", sl_check_probability (jam, 0));
          json_object_set_boolean_member (odds, "jams", TRUE);
          json_object_set_object_member (c->result, "jam_check", odds);
        }
    }
  return TRUE;
}

/* P-20: the damage of a hit, and for a concentrated burst the rounds that
 * hit (T-21). Returns the words, or NULL for a miss. */
static char *
fire_damage (SlCommand           *c,
             const Fire          *f,
             const SlToHitResult *hit,
             int                 *rounds_hit)
{
  const SlUnitSetup *ts = sl_setup_unit_at (c->setup, f->target);
  SlDamageInput d = { 0 };
  SlDamageResult dr;
  JsonObject *damage;

  if (!hit->hit)
    return NULL;
  damage = sl_command_telling (c) ? json_object_new () : NULL;
  d.source = SL_DAMAGE_FIRE;
  d.penetration = sl_weapon_get_profile (f->weapon, f->omni)->penetration;
  d.armor = ts->armor;
  d.race = ts->race;
  d.wound = c->state->units[f->target].wound;
  d.natural_roll = hit->check.natural;
  d.rounds = 1;
  if (f->in.burst == SL_BURST_CONCENTRATED)
    {
      /* T-21: a second d10 for the rounds that hit. */
      int roll = sl_dice_roll (c->dice, f->hits_stream, 10);

      d.rounds = sl_burst_hits (c->rules, c->options, MIN (f->rounds, 5), roll);
      sl_command_result (c, json_object_set_int_member, "hits_roll", roll);
      sl_command_result (c, json_object_set_int_member, "rounds_hit", d.rounds);
      *rounds_hit = d.rounds;
    }
  if (d.rounds > 0)
    {
      sl_damage_resolve (c->rules, c->options, &d, &dr);
      sl_command_result (c, json_object_set_object_member, "damage", damage);
      return sl_command_apply_damage (c, f->target, &dr, damage);
    }
  g_clear_pointer (&damage, json_object_unref);
  return g_strdup (_("no round hits (A-93)"));
}

/* "Trooper Hale fires at Legionnaire Quill: needs 6 or less, rolled 4,
 * hit; …" — the odds in the words of the sheet. */
static void
tell_fire (SlCommand           *c,
           const Fire          *f,
           const SlToHitResult *hit,
           int                  rounds_hit,
           const char          *result_words)
{
  const SlUnitSetup *fs = sl_setup_unit_at (c->setup, f->unit);
  const SlUnitSetup *ts = sl_setup_unit_at (c->setup, f->target);
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree char *odds = sl_check_outcome_words (&hit->check);
  const char *kind = f->mode == SL_FIRE_MODE_AIMED ? _("aims and fires")
                   : f->mode == SL_FIRE_MODE_OPPORTUNITY ? _("takes opportunity fire")
                   : f->mode == SL_FIRE_MODE_CONCENTRATED ? _("fires a concentrated burst")
                   : _("fires");

  g_string_append_printf (line, _("%s %s at %s: %s, %s"), fs->told, kind, ts->told, odds,
                          hit->hit ? _("hit") : _("miss"));
  if (hit->check.natural == 1)
    g_string_append (line, _(" (a natural 1 always hits)"));
  else if (hit->check.natural == 10)
    g_string_append (line, _(" (a natural 10 always misses)"));
  if (f->in.burst == SL_BURST_CONCENTRATED && hit->hit)
    g_string_append_printf (line, g_dngettext (GETTEXT_PACKAGE, "; %d round hits",
                                               "; %d rounds hit",
                                               rounds_hit),
                            rounds_hit);
  if (result_words != NULL)
    g_string_append_printf (line, "; %s", result_words);
  if (hit->jam_checked)
    append_jam (line, fs->told, hit->jam_roll, hit->jammed);
  g_string_append_c (line, '.');
  sl_command_say (c, "%s", line->str);
}

gboolean
sl_command_fire (SlCommand  *c,
                 GError    **error)
{
  SlReader *r = c->command;
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  g_autofree char *result_words = NULL;
  g_auto(Fire) f = { 0 };
  SlToHitResult hit;
  int rounds_hit = 0;

  f.consecutive = 1;
  f.rounds = 1;
  f.unit = sl_command_unit (c, r, "unit", FALSE);
  /* An obstacle or a charge declared as the target (P-25, P-36 step 5). */
  if (f.unit >= 0 && !sl_reader_has (r, "target") &&
      (c->state->units[f.unit].current.obstacle > 0 ||
       c->state->units[f.unit].current.target_marker > 0) &&
      !c->state->units[f.unit].current.resolved)
    return fire_at_object (c, f.unit, error);
  if (!read_fire (c, &f))
    return FALSE;
  if (!check_fire (c, &f, error) || !take_fire (c, &f, error))
    return FALSE;

  if (f.wasted)
    {
      sl_command_result (c, json_object_set_boolean_member, "wasted", TRUE);
      if (f.target_out)
        sl_command_say (c, _("%s fires at %s, who is already out of the fight: the shot is wasted (A-17)."),
                        sl_command_name (c, f.unit), sl_command_name (c, f.target));
      else
        sl_command_say (c, _("%s fires at %s but has lost sight of it: the shot is wasted (A-17)."),
                        sl_command_name (c, f.unit), sl_command_name (c, f.target));
      return TRUE;
    }

  if (!roll_to_hit (c, &f, breakdown, &hit, error))
    return FALSE;
  c->actor = f.unit;
  result_words = fire_damage (c, &f, &hit, &rounds_hit);
  if (sl_command_telling (c))
    tell_fire (c, &f, &hit, rounds_hit, result_words);
  return TRUE;
}

/* An area burst (P-30 step 4), as the command gives it, and what the
 * checks work out. */
typedef struct
{
  int             unit;
  SlToHitInput    in;
  int             firer_terrain;
  const char     *jam_stream;
  GArray         *targets;   /* SlAreaTarget */
  GArray         *units;     /* int, the unit of each target */
  int             now;
  int             consecutive;
  int             rounds;
  const SlWeapon *weapon;
  const char     *omni;
} AreaBurst;

static void
area_burst_clear (AreaBurst *b)
{
  g_clear_pointer (&b->targets, g_array_unref);
  g_clear_pointer (&b->units, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (AreaBurst, area_burst_clear)

/* One unit in the wedge: "targets"[@i]. */
static void
read_area_target (SlCommand  *c,
                  SlReader   *r,
                  guint       i,
                  AreaBurst  *b,
                  GError    **sight)
{
  g_autoptr(SlReader) tr = sl_reader_array_object (r, "targets", i);
  SlAreaTarget t = { 0 };
  int target = sl_command_unit (c, tr, "unit", FALSE);
  int terrain;

  t.distance_given = sl_reader_has (tr, "distance_m");
  t.distance_m = sl_reader_number (tr, "distance_m", 0, 10000, (double) i);
  sl_reader_flags (tr, "cover", sl_cover_names, N_("cover"), t.target.covers, SL_N_COVERS);
  t.target.covers[SL_COVER_NONE] = FALSE;
  t.target.firing_at_firer = sl_reader_bool (tr, "firing_at_firer", FALSE);
  t.target.units_on_line = sl_reader_int (tr, "units_on_line", 0, 32, 0);
  terrain = read_terrain (c, tr, "terrain", b->unit, &b->in.conditions.scenario_terrain);
  if (sl_reader_ok (r) &&
      !check_sight (c, MAX (terrain, b->firer_terrain), t.distance_m, "targets", sight))
    sl_reader_fail (tr, "distance_m", "%s", (*sight)->message);
  t.target.in_marsh = terrain == 1;
  t.target.in_light_woods = terrain == 2;
  t.target.in_heavy_woods = terrain == 3;
  t.roll_stream = sl_command_die (c, tr, "roll", 10);
  sl_reader_end (tr);
  if (target >= 0)
    {
      for (guint k = 0; k < b->units->len; k++)
        if (g_array_index (b->units, int, k) == target && sl_reader_ok (r))
          sl_reader_fail (tr, "unit", _("A unit is engaged once by a burst (A-95)."));
      g_array_append_val (b->units, target);
      g_array_append_val (b->targets, t);
    }
}

static gboolean
read_area_burst (SlCommand *c,
                 AreaBurst *b)
{
  SlReader *r = c->command;
  g_autoptr(GError) sight = NULL;
  guint n;

  b->targets = g_array_new (FALSE, TRUE, sizeof (SlAreaTarget));
  b->units = g_array_new (FALSE, FALSE, sizeof (int));
  b->unit = sl_command_unit (c, r, "unit", FALSE);
  b->in.conditions.smoke = sl_reader_bool (r, "smoke", FALSE);
  b->in.conditions.range_m = sl_reader_number (r, "range_m", 0, 10000, -1);
  b->firer_terrain = read_terrain (c, r, "firer_terrain", b->unit,
                                   &b->in.conditions.scenario_terrain);
  sl_reader_flags (r, "firer_cover", sl_cover_names, N_("cover"), b->in.firer_own_cover, SL_N_COVERS);
  b->in.firer_own_cover[SL_COVER_NONE] = FALSE;
  b->jam_stream = sl_command_die (c, r, "jam_roll", 10);
  sl_reader_require (r, "targets");
  n = sl_reader_array_length (r, "targets");
  if (n == 0 && sl_reader_ok (r))
    sl_reader_fail (r, "targets", _("An area burst needs the units in its wedge (P-30)."));
  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    read_area_target (c, r, i, b, &sight);
  return sl_command_inputs_done (c);
}

static gboolean
check_area_burst (SlCommand  *c,
                  AreaBurst  *b,
                  GError    **error)
{
  SlUnitState *firer = &c->state->units[b->unit];
  SlFireModeId mode;
  gboolean opportunity;

  b->now = sl_command_now (c);
  if (!check_firer (c, b->unit, &mode, &opportunity, error))
    return FALSE;
  if (mode != SL_FIRE_MODE_SINGLE)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("A burst is fired with a normal Fire action, not aimed or opportunity fire (P-30)."));
      return FALSE;
    }
  if (firer->current.burst == SL_BURST_CONCENTRATED)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("%s declared a concentrated burst: resolve it with a fire command (P-30 step 5)."),
                         sl_command_name (c, b->unit));
      return FALSE;
    }
  if (!sl_command_require_module (c, SL_MODULE_AUTOMATIC_FIRE, "type", error))
    return FALSE;
  b->weapon = sl_state_unit_weapon (c->setup, c->state, b->unit);
  b->omni = sl_state_unit_omni_mode (c->setup, c->state, b->unit);
  if (!sl_command_check_rate_of_fire (c, b->unit, SL_FIRE_MODE_AREA, -1, b->now, &b->consecutive,
                                      error))
    return FALSE;

  /* Each unit's log gives its state; the players give the table's. */
  for (guint i = 0; i < b->targets->len; i++)
    {
      SlAreaTarget *t = &g_array_index (b->targets, SlAreaTarget, i);
      int target = g_array_index (b->units, int, i);
      const SlUnitSetup *ts = sl_setup_unit_at (c->setup, target);
      SlStepUnit tu = sl_state_step_unit (c->state, target);

      /* As the step found it. */
      t->target.movement = tu.moving;
      t->target.position = c->state->units[target].position;
      t->target.armor = ts->armor;
      t->target.camo_tinter = sl_setup_has_module (c->setup, SL_MODULE_EQUIPMENT) &&
                              sl_setup_side_at (c->setup, ts->side)->camo_tinter;
      t->target.in_melee = tu.in_melee;
      t->target.hidden = tu.hidden;
      t->race = ts->race;
      t->wound = tu.wound;
      if (sl_state_unit_out_at_step (c->rules, c->state, target))
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "targets",
                             _("%s is already out of the fight."), ts->told);
          return FALSE;
        }
    }
  return TRUE;
}

/* The burst is fired: its rounds (P-29), its rolls at every unit in the
 * wedge (P-30 step 4), the jam check, the firer's log. */
static gboolean
fire_area_burst (SlCommand          *c,
                 AreaBurst          *b,
                 SlAreaBurstResult  *res,
                 GError            **error)
{
  SlUnitState *firer = &c->state->units[b->unit];

  /* P-29: a burst spends 5 rounds, or what is left. */
  b->rounds = c->rules->burst_rounds;
  if (sl_setup_has_module (c->setup, SL_MODULE_AMMUNITION))
    {
      SlAmmoResult ares;

      if (!spend_rounds (c, b->unit, b->weapon, b->omni, SL_AMMO_BURST, &ares, error))
        return FALSE;
      b->rounds = MAX (ares.spent, 1);
    }

  sl_command_fill_firer (c, b->unit, &b->in);
  b->in.firer.weapon = b->weapon;
  b->in.firer.omni_mode = b->omni;
  b->in.consecutive = MIN (b->consecutive, 3);
  b->in.burst = SL_BURST_AREA;
  b->in.firer.in_marsh = b->firer_terrain == 1;
  b->in.firer.in_light_woods = b->firer_terrain == 2;
  b->in.firer.in_heavy_woods = b->firer_terrain == 3;

  if (!sl_area_burst_resolve (c->rules, c->options, &b->in, (SlAreaTarget *) b->targets->data,
                              b->targets->len, b->rounds, c->dice, b->jam_stream, res, error))
    {
      remap_error (error);
      return FALSE;
    }

  record_fire (firer, b->now, SL_FIRE_MODE_AREA, -1);
  firer->current.resolved = TRUE;
  firer->jammed = res->jammed;
  sl_command_attack (c, b->unit);
  c->actor = b->unit;
  return TRUE;
}

/* What the burst did to one unit of the wedge: its entry of "targets"
 * (added to @out unless NULL) and its words on @line. */
static void
tell_area_target (SlCommand                *c,
                  const AreaBurst          *b,
                  const SlAreaTargetResult *tr,
                  GString                  *line,
                  JsonArray                *out)
{
  int target = g_array_index (b->units, int, tr->index);
  const SlUnitSetup *ts = sl_setup_unit_at (c->setup, target);
  JsonObject *o = out != NULL ? json_object_new () : NULL;

  if (o != NULL)
    {
      json_object_set_string_member (o, "unit", ts->id);
      json_object_set_boolean_member (o, "engaged", tr->engaged);
    }
  if (!tr->engaged)
    {
      if (o != NULL)
        {
          json_object_set_string_member (o, "reason", tr->reason);
          json_array_add_object_element (out, o);
        }
      return;
    }
  if (o != NULL)
    {
      sl_check_outcome_to_json (&tr->check, "hit", o);
      json_object_set_member (o, "breakdown", sl_breakdown_to_json (tr->breakdown));
    }
  {
    g_autofree char *odds = sl_check_outcome_words (&tr->check);

    g_string_append_printf (line, _("; at %s: %s, %s"), ts->told, odds, tr->hit ? _("hit") : _("miss"));
  }
  if (tr->hit)
    {
      SlDamageInput d = { 0 };
      SlDamageResult dr;
      JsonObject *damage = o != NULL ? json_object_new () : NULL;
      g_autofree char *words = NULL;

      if (tr->revealed)
        sl_state_reveal_unit (c->state, target);
      d.source = SL_DAMAGE_FIRE;
      d.penetration = sl_weapon_get_profile (b->weapon, b->omni)->penetration;
      d.armor = ts->armor;
      d.race = ts->race;
      d.wound = c->state->units[target].wound;
      d.natural_roll = tr->check.natural;
      d.rounds = 1;
      sl_damage_resolve (c->rules, c->options, &d, &dr);
      words = sl_command_apply_damage (c, target, &dr, damage);
      if (o != NULL)
        json_object_set_object_member (o, "damage", damage);
      g_string_append_printf (line, " (%s)", words);
    }
  if (o != NULL)
    json_array_add_object_element (out, o);
}

gboolean
sl_command_area_burst (SlCommand  *c,
                       GError    **error)
{
  g_auto(AreaBurst) b = { 0 };
  g_autoptr(GString) line = g_string_new (NULL);
  SlAreaBurstResult res;
  const SlUnitSetup *fs;
  JsonArray *out;

  b.consecutive = 1;
  if (!read_area_burst (c, &b))
    return FALSE;
  if (!check_area_burst (c, &b, error) || !fire_area_burst (c, &b, &res, error))
    return FALSE;

  fs = sl_setup_unit_at (c->setup, b.unit);
  g_string_append_printf (line, g_dngettext (GETTEXT_PACKAGE,
                                             "%s fires an area burst of %d round",
                                             "%s fires an area burst of %d rounds", b.rounds),
                          fs->told, b.rounds);
  out = sl_command_telling (c) ? json_array_new () : NULL;
  for (guint k = 0; k < res.n_targets; k++)
    tell_area_target (c, &b, &res.targets[k], line, out);
  sl_command_result (c, json_object_set_array_member, "targets", out);
  sl_command_result (c, json_object_set_int_member, "rounds", b.rounds);
  sl_command_result (c, json_object_set_int_member, "hits", res.hits);
  if (res.jam_checked)
    sl_command_result (c, json_object_set_int_member, "jam_roll", res.jam_roll);
  sl_command_result (c, json_object_set_boolean_member, "jammed", res.jammed);
  if (res.jam_checked)
    append_jam (line, fs->told, res.jam_roll, res.jammed);
  g_string_append_c (line, '.');
  sl_command_say (c, "%s", line->str);
  sl_area_burst_result_clear (&res);
  return TRUE;
}
