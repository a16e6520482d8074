/* sl-actions.c: action costs, the subphase track, timings, dazes, rate of
 * fire, elevators and wound effects
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-actions.h"
#include "sl-options.h"

const char * const sl_phase_names[] = {
  "initiative", "detection", "action", "fire-mission", "rout-rally", "end", NULL
};
const char * const sl_step_names[] = {
  "none", "start", "initiative-order", "ranged-fire", "explosion", "melee", "rally", NULL
};
const char * const sl_combine_names[] = {
  "none", "walk", "run", "sprint", "crawl", "jump", "dive", "backward", "sideways", "kneeling",
  "stairs", NULL
};
const char * const sl_event_names[] = {
  "grenade", "opportunity-fire", "smoke", "fire-mission", "mine", "rout-check", "daze",
  "clear-weapon", NULL
};

/* Time */

int
sl_subphase_index (const SlRules *rules,
                   int            turn,
                   int            subphase)
{
  return (turn - 1) * rules->subphases_per_turn + (subphase - 1);
}

void
sl_subphase_split (const SlRules *rules,
                   int            index,
                   int           *turn,
                   int           *subphase)
{
  g_assert (index >= 0);
  *turn = index / rules->subphases_per_turn + 1;
  *subphase = index % rules->subphases_per_turn + 1;
}

void
sl_moment_at (const SlRules *rules,
              int            index,
              SlStep         step,
              SlMoment      *moment)
{
  g_assert (index >= 0);

  moment->turn = index / rules->subphases_per_turn + 1;
  moment->subphase = index % rules->subphases_per_turn + 1;
  moment->phase = SL_PHASE_ACTION;
  moment->step = step;
}

static void
moment_phase (int       turn,
              SlPhase   phase,
              SlMoment *moment)
{
  moment->turn = turn;
  moment->subphase = 0;
  moment->phase = phase;
  moment->step = SL_STEP_NONE;
}

int
sl_actions_track_box (const SlRules *rules,
                      int            turn,
                      int            subphase)
{
  /* E-44: the track covers 4 turns; turn 1 subphase 1 is box 1, and turn 5
   * starts on box 1 again. */
  int turns_on_track = SL_TRACK_BOXES / rules->subphases_per_turn;

  return ((turn - 1) % turns_on_track) * rules->subphases_per_turn + subphase;
}

/* Action costs */

const char *
sl_combine_label (int combined_with)
{
  if (combined_with == SL_COMBINE_KNEELING)
    return sl_position_label (SL_POSITION_KNEELING);
  if (combined_with == SL_COMBINE_STAIRS)
    return _("climbing or descending stairs");
  return sl_move_label (combined_with);
}

/* The value of a boolean rule option by its id. */
static gboolean
option_on (const SlRules   *rules,
           const SlOptions *options,
           const char      *id,
           const char     **ref)
{
  const SlOptionDef *def = sl_option_set_lookup (rules->options, id);

  if (ref)
    *ref = def ? def->ref : "";
  if (def == NULL || def->type != SL_OPTION_BOOL)
    return FALSE;
  return G_STRUCT_MEMBER (gboolean, options, def->offset);
}

/* moves, Fire/Throw and (by default) Melee are free of the wound AP
 * penalty; the option exempts aimed and opportunity fire instead of melee. */
static gboolean
wound_exempt (const SlOptions *options,
              const SlAction  *action)
{
  switch (action->category)
    {
    case SL_ACTION_MOVEMENT:
    case SL_ACTION_FIRE:
      return TRUE;
    case SL_ACTION_MELEE:
      return options->wound_penalty_scope == SL_WOUND_SCOPE_EXEMPT_MELEE;
    case SL_ACTION_AIMED_FIRE:
    case SL_ACTION_OPPORTUNITY_FIRE:
      return options->wound_penalty_scope == SL_WOUND_SCOPE_EXEMPT_AIMED_OPPORTUNITY;
    case SL_ACTION_OTHER:
    case SL_N_ACTION_CATEGORIES:
    default:
      return FALSE;
    }
}

static gboolean
is_action (const SlAction *action,
           const char     *id)
{
  return g_str_equal (action->id, id);
}

/* Stairs and elevator rides are paid per floor (P-10, P-11). */
static gboolean
per_floor (const SlAction *action)
{
  return is_action (action, "stairs") || is_action (action, "elevator-travel");
}

/* Actions that move the unit across the ground, which a prone unit (except
 * by crawling) or a kneeling unit cannot do (§6.4). */
static gboolean
moves_unit (const SlAction *action)
{
  if (is_action (action, "stairs"))
    return TRUE;
  return action->move != SL_MOVE_NONE && action->move != SL_MOVE_CRAWL;
}

static int
position_from_name (const char *name)
{
  for (int p = 0; p < SL_N_POSITIONS; p++)
    if (g_strcmp0 (sl_position_names[p], name) == 0)
      return p;
  return -1;
}

/* §6.4: where a combined move leaves room for the unit's position. */
static gboolean
check_combined_position (const SlRules            *rules,
                         const SlOptions          *options,
                         const SlActionCostInput  *in,
                         GError                  **error)
{
  int move = in->combined_with;

  switch (move)
    {
    case SL_MOVE_CRAWL:
      if (in->position != SL_POSITION_PRONE)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "combined_with",
                             _("Only a prone unit can crawl (T-05)."));
          return FALSE;
        }
      return TRUE;

    case SL_MOVE_BACKWARD:
      /* A prone unit moves backward by crawling (§6.3). */
      if (in->position == SL_POSITION_KNEELING)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "combined_with",
                             _("A kneeling unit cannot move (§6.4)."));
          return FALSE;
        }
      return TRUE;

    case SL_COMBINE_KNEELING:
      /* the combination is a position change into kneeling; a unit
       * that already kneels simply takes the action. */
      if (in->position == SL_POSITION_KNEELING && !options->kneeling_combination_free)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "combined_with",
                             _("The unit is already kneeling, so it takes the action alone; combining with kneeling means going down to kneel (A-23)."));
          return FALSE;
        }
      return TRUE;

    default:
      if (in->position == SL_POSITION_PRONE)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "combined_with",
                             _("A prone unit may only crawl (§6.4)."));
          return FALSE;
        }
      if (in->position == SL_POSITION_KNEELING)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "combined_with",
                             _("A kneeling unit cannot move (§6.4)."));
          return FALSE;
        }
      return TRUE;
    }
}

static char *
action_names (const SlRules      *rules,
              const char * const *ids)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; ids[i]; i++)
    {
      const SlAction *a = sl_rules_action (rules, ids[i]);

      if (i > 0)
        g_string_append (s, ids[i + 1] ? ", " : _(" or "));
      g_string_append (s, a ? a->name : ids[i]);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* T-06: is this a legal single combination? */
static gboolean
check_combination (const SlRules            *rules,
                   const SlOptions          *options,
                   const SlActionCostInput  *in,
                   GError                  **error)
{
  const SlAction *action = in->action;
  int move = in->combined_with;

  if (!action->combinable)
    {
      if (is_action (action, "pick-up-object"))
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "combined_with",
                           _("Only dropping an object combines with a move, not picking one up (T-06, A-22)."));
      else
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "combined_with",
                           _("“%s” cannot be combined with a move (T-06, A-22)."), action->name);
      return FALSE;
    }

  if (move == SL_MOVE_SPRINT)
    {
      if (!g_strv_contains ((const char * const *) rules->sprint_allows, action->id))
        {
          g_autofree char *names = NULL;

          names = action_names (rules, (const char * const *) rules->sprint_allows);

          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "combined_with",
                             _("While sprinting only %s may be combined (T-06)."), names);
          return FALSE;
        }
    }
  else if (move == SL_COMBINE_STAIRS)
    {
      /* P-10 and A-32: a stairs climb "counts as a move, so it can be
       * combined normally". */
    }
  else if (!rules->combination_moves[move])
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "combined_with",
                         _("An action cannot be combined with %s: only walking, running, crawling, kneeling and moving backward or sideways allow a combination, and sprinting allows Fire/Throw (T-06)."),
                         sl_combine_label (move));
      return FALSE;
    }

  return check_combined_position (rules, options, in, error);
}

/* T-05: the fields of the request that belong to other actions. */
static gboolean
check_cost_fields (const SlActionCostInput  *in,
                   GError                  **error)
{
  const SlAction *action = in->action;

  if (in->floors > 1 && !per_floor (action) && in->combined_with != SL_COMBINE_STAIRS)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "floors",
                         _("Only stairs and elevator rides are paid per floor (P-10, P-11)."));
      return FALSE;
    }
  if ((in->locked && action->locked_extra == 0) || (in->airlock && action->airlock_extra == 0))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, in->locked ? "locked" : "airlock",
                         _("Locked and airlock doors concern the Open/Close door action (T-05)."));
      return FALSE;
    }
  if (in->key_from_body && action->key_from_body_extra == 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "key_from_body",
                         _("Taking a key from a body is a Pick up object action (T-05)."));
      return FALSE;
    }
  if (in->to_position >= 0 && !is_action (action, "position-change"))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "to_position",
                         _("Only a position change has a new position (T-05)."));
      return FALSE;
    }
  if (in->to_position >= 0 && in->to_position == (int) in->position)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "to_position",
                         _("The unit is already %s."), sl_position_label (in->position));
      return FALSE;
    }
  return TRUE;
}

/* Who may take the action at all: A-64 (an option's action), T-05, A-19,
 * P-32 (the leader's), P-19 and A-27 (a dazed unit). */
static gboolean
check_cost_actor (const SlRules            *rules,
                  const SlOptions          *options,
                  const SlActionCostInput  *in,
                  GError                  **error)
{
  const SlAction *action = in->action;

  /* actions that exist only with an option. */
  if (action->option != NULL)
    {
      const char *ref = NULL;

      if (!option_on (rules, options, action->option, &ref))
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                             _("“%s” is only available with the option %s (%s)."),
                             action->name, action->option, ref);
          return FALSE;
        }
    }

  /* T-05, A-19, P-32: leader-only actions. */
  if (action->leader_only && !in->leader)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "leader",
                         _("Only the squad leader may take the action “%s” (T-05)."), action->name);
      return FALSE;
    }

  /* P-19 and A-27: a dazed unit may only start going kneeling or prone. */
  if (in->dazed)
    {
      if (!is_action (action, "position-change"))
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "dazed",
                             _("A dazed unit may only start a position change to kneeling or prone (P-19, A-27)."));
          return FALSE;
        }
      if (in->to_position < 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "to_position",
                             _("Give the new position: a dazed unit may only go kneeling or prone (A-27)."));
          return FALSE;
        }
      if (in->to_position == SL_POSITION_STANDING)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "to_position",
                             _("A dazed unit cannot stand up; it may only go kneeling or prone (P-19, A-27)."));
          return FALSE;
        }
    }
  return TRUE;
}

/* T-05 and §6.4: the unit's position. */
static gboolean
check_cost_position (const SlActionCostInput  *in,
                     GError                  **error)
{
  const SlAction *action = in->action;

  if (action->requires != NULL && g_str_equal (action->requires, "prone") &&
      in->position != SL_POSITION_PRONE)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("Only a prone unit can crawl (T-05)."));
      return FALSE;
    }
  if (moves_unit (action))
    {
      if (in->position == SL_POSITION_PRONE && action->move != SL_MOVE_BACKWARD)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                             _("A prone unit may only crawl (§6.4)."));
          return FALSE;
        }
      /* a unit that jumped onto an obstacle, and so kneels, jumps
       * off it again. */
      if (in->position == SL_POSITION_KNEELING && action->move != SL_MOVE_JUMP)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                             _("A kneeling unit cannot move; it needs a position change first (§6.4)."));
          return FALSE;
        }
    }
  return TRUE;
}

/* The action's own cost (T-05): per floor (P-10, P-11), a locked or
 * airlock door, a key from a body, avoiding melee. Returns it. */
static int
add_own_cost (const SlOptions          *options,
              const SlActionCostInput  *in,
              int                       floors,
              SlBreakdown              *breakdown)
{
  const SlAction *action = in->action;

  sl_breakdown_add (breakdown, "base", action->name, action->cost);
  if (floors > 1 && in->combined_with != SL_COMBINE_STAIRS)
    sl_breakdown_addf (breakdown, "floors", action->cost * (floors - 1),
                       g_dngettext (GETTEXT_PACKAGE, "%d more floor", "%d more floors", floors - 1),
                       floors - 1);
  if (in->locked)
    sl_breakdown_add (breakdown, "locked", _("Locked door, using a key"), action->locked_extra);
  if (in->airlock)
    sl_breakdown_add (breakdown, "airlock", _("Airlock door"), action->airlock_extra);
  if (in->key_from_body)
    sl_breakdown_add (breakdown, "key-from-body", _("Taking a key from a body"),
                      action->key_from_body_extra);
  /* the Action Table's extra AP for avoiding melee, by option. */
  if (is_action (action, "avoid-melee"))
    sl_breakdown_add (breakdown, "avoid-melee", _("Avoiding melee (option avoidMeleeExtraAP)"),
                      options->avoid_melee_extra_ap);
  return sl_breakdown_total (breakdown);
}

/* T-06: the extra AP of a combination; running doubles it.
 * Returns it. */
static int
add_combination_cost (const SlRules            *rules,
                      const SlOptions          *options,
                      const SlActionCostInput  *in,
                      SlBreakdown              *breakdown)
{
  const SlAction *action = in->action;
  gboolean combined = in->combined_with != SL_MOVE_NONE;
  int extra = 0;

  if (combined && in->combined_with != SL_COMBINE_KNEELING)
    {
      extra = action->combination_extra;
      sl_breakdown_addf (breakdown, "combination", extra, _("Combined with %s"),
                         sl_combine_label (in->combined_with));
      if (in->combined_with == SL_MOVE_RUN)
        {
          sl_breakdown_add (breakdown, "running", _("Running doubles the extra AP (T-06)"),
                            extra * (rules->running_multiplier - 1));
          extra *= rules->running_multiplier;
        }
    }
  else if (in->combined_with == SL_COMBINE_KNEELING && !options->kneeling_combination_free)
    {
      extra = action->combination_extra;
      sl_breakdown_addf (breakdown, "combination", extra, _("Combined with %s"),
                         sl_combine_label (in->combined_with));
    }
  return extra;
}

/* the wound penalty, once, after the doubling; A-23: the
 * minimum of going down to kneel. */
static void
add_wound_cost (const SlRules            *rules,
                const SlOptions          *options,
                const SlActionCostInput  *in,
                SlBreakdown              *breakdown,
                SlActionCostResult       *result)
{
  const SlWoundLevel *level = &rules->wounds[in->wound];

  /* the wound penalty, once, after the doubling. */
  result->wound_exempt = wound_exempt (options, in->action);
  if (!result->wound_exempt)
    {
      result->wound_penalty = level->ap_penalty;
      sl_breakdown_addf (breakdown, "wound", level->ap_penalty, _("%s (T-16)"), level->name);
    }

  /* going down to kneel while doing the action takes at least as long
   * as the position change itself, wound penalty included. */
  if (in->combined_with == SL_COMBINE_KNEELING && !options->kneeling_combination_free)
    {
      const SlAction *change = sl_rules_action (rules, "position-change");
      int minimum = rules->kneeling_minimum;

      if (change != NULL && !wound_exempt (options, change))
        minimum += level->ap_penalty;
      sl_breakdown_add (breakdown, "kneeling-minimum",
                        _("Going down to kneel takes at least as long as a position change (A-23)"),
                        MAX (0, minimum - sl_breakdown_total (breakdown)));
    }
}

/* When the action takes effect and the position it leaves the unit
 * in (T-05, A-23). */
static void
set_cost_effects (const SlActionCostInput *in,
                  SlActionCostResult      *result)
{
  const SlAction *action = in->action;

  result->takes_effect_after = result->cost;
  /* A-21 option: the avoiding move resolves at once, the unit then waits. */
  if (is_action (action, "avoid-melee"))
    result->takes_effect_after = action->cost;

  if (action->ends != NULL)
    result->ends_position = position_from_name (action->ends);
  else if (action->move == SL_MOVE_DIVE)
    result->ends_position = SL_POSITION_PRONE;  /* T-05: "Unit finishes dive prone" */
  if (is_action (action, "position-change") && in->to_position >= 0)
    result->ends_position = in->to_position;
  if (in->combined_with == SL_COMBINE_KNEELING)
    result->ends_position = SL_POSITION_KNEELING;
}

gboolean
sl_action_cost (const SlRules            *rules,
                const SlOptions          *options,
                const SlActionCostInput  *in,
                SlBreakdown              *breakdown,
                SlActionCostResult       *result,
                GError                  **error)
{
  int floors, own, extra;

  g_return_val_if_fail (in != NULL && in->action != NULL, FALSE);
  g_return_val_if_fail (in->combined_with >= SL_MOVE_NONE &&
                        in->combined_with <= SL_COMBINE_STAIRS, FALSE);

  memset (result, 0, sizeof *result);
  result->ends_position = -1;
  floors = MAX (in->floors, 1);

  if (rules->wounds[in->wound].out)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "wound",
                         _("An unconscious or dead unit cannot act (T-16)."));
      return FALSE;
    }
  if (!check_cost_fields (in, error) || !check_cost_actor (rules, options, in, error) ||
      !check_cost_position (in, error))
    return FALSE;
  if (in->combined_with != SL_MOVE_NONE && !check_combination (rules, options, in, error))
    return FALSE;

  own = add_own_cost (options, in, floors, breakdown);
  extra = add_combination_cost (rules, options, in, breakdown);
  add_wound_cost (rules, options, in, breakdown, result);

  /* P-10 and A-32 (ruling): the climb and the combined action start
   * together and run side by side, as any move does under A-24; the climb
   * (a move, free of the wound penalty, A-26) ends on its own schedule. */
  if (in->combined_with == SL_COMBINE_STAIRS)
    result->stairs_ap = sl_rules_action (rules, "stairs")->cost * floors;

  result->cost = sl_breakdown_total (breakdown);
  result->base = own;
  result->extra = extra;
  set_cost_effects (in, result);
  return TRUE;
}

/* Scheduling */

static gboolean
moment_valid (const SlRules *rules,
              int            turn,
              int            subphase)
{
  return turn >= 1 && subphase >= 1 && subphase <= rules->subphases_per_turn;
}

static gboolean
check_moment (const SlRules *rules,
              int            turn,
              int            subphase,
              const char    *field,
              GError       **error)
{
  if (!moment_valid (rules, turn, subphase))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, field,
                         _("Turns count from 1 and a turn has subphases 1 to %d (book §5.0)."),
                         rules->subphases_per_turn);
      return FALSE;
    }
  return TRUE;
}

gboolean
sl_schedule (const SlRules *rules,
             int            turn,
             int            subphase,
             int            cost,
             SlSchedule    *schedule,
             GError       **error)
{
  int start, end;
  SlMoment m;

  memset (schedule, 0, sizeof *schedule);
  if (!check_moment (rules, turn, subphase, "subphase", error))
    return FALSE;
  if (cost < 1 || cost > SL_TRACK_BOXES)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "cost",
                         _("An action costs 1 to %d AP: the subphase track has %d boxes (E-44)."),
                         SL_TRACK_BOXES, SL_TRACK_BOXES);
      return FALSE;
    }

  /* P-07 step 3: the action starts in s and ends in s + cost − 1, counting
   * the current box; 11 or more wraps into the next turn (E-05, E-06). */
  start = sl_subphase_index (rules, turn, subphase);
  end = start + cost - 1;
  sl_moment_at (rules, end, SL_STEP_NONE, &m);
  schedule->end_turn = m.turn;
  schedule->end_subphase = m.subphase;
  schedule->start_box = sl_actions_track_box (rules, turn, subphase);
  schedule->end_box = sl_actions_track_box (rules, m.turn, m.subphase);
  schedule->carries_over = m.turn > turn;

  for (int i = start; i <= end; i++)
    {
      SlMoment at;

      sl_moment_at (rules, i, SL_STEP_NONE, &at);
      if (schedule->n_turns == 0 || schedule->turns[schedule->n_turns - 1].turn != at.turn)
        {
          schedule->turns[schedule->n_turns].turn = at.turn;
          schedule->n_turns++;
        }
      schedule->turns[schedule->n_turns - 1].subphases++;
    }
  return TRUE;
}

/* Dazes */

gboolean
sl_daze (const SlRules *rules,
         int            turn,
         int            subphase,
         int            until_turn,
         int            until_subphase,
         SlDaze        *daze,
         GError       **error)
{
  int now, until;

  memset (daze, 0, sizeof *daze);
  if (!check_moment (rules, turn, subphase, "subphase", error))
    return FALSE;

  /* P-19 step 2: like a 3-subphase action starting next subphase. */
  now = sl_subphase_index (rules, turn, subphase);
  until = now + rules->daze_subphases;

  if (until_turn > 0)
    {
      int before;

      if (!check_moment (rules, until_turn, until_subphase, "dazed_until", error))
        return FALSE;
      before = sl_subphase_index (rules, until_turn, until_subphase);
      if (before > until)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "dazed_until",
                             _("A daze lasts %d subphases (P-19), so a daze running until turn %d, subphase %d cannot come before this one."),
                             rules->daze_subphases, until_turn, until_subphase);
          return FALSE;
        }
      /* P-19 step 5, E-18: a daze from this same subphase still means 3
       * subphases; a later one restarts the count. */
      daze->was_dazed = before >= now;
      daze->unchanged = before == until;
    }

  sl_moment_at (rules, now + 1, SL_STEP_NONE, &daze->from);
  sl_moment_at (rules, until, SL_STEP_NONE, &daze->until);
  sl_moment_at (rules, until + 1, SL_STEP_START, &daze->expires);
  return TRUE;
}

/* Timing */

/* P-31 and A-100: in the Rout/Rally Phase of every 12th turn (or every
 * Nth with the option). */
static gboolean
rout_check_timing (const SlOptions      *options,
                   const SlTimingInput  *in,
                   SlTimingResult       *result,
                   GError              **error)
{
  int interval = MAX (options->rout_check_interval, 1);
  int next;

  if (in->turn < 1)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "turn", _("Turns count from 1."));
      return FALSE;
    }
  result->interval = interval;
  result->due = in->turn % interval == 0;
  next = result->due ? in->turn : (in->turn / interval + 1) * interval;
  moment_phase (next, SL_PHASE_ROUT_RALLY, &result->at);
  return TRUE;
}

/* opportunity fire set up at subphase @now. */
static void
opportunity_fire_timing (const SlRules       *rules,
                         const SlOptions     *options,
                         const SlTimingInput *in,
                         int                  now,
                         SlTimingResult      *result)
{
  const SlAction *setup = sl_rules_action (rules, "opportunity-fire");
  int cost = in->cost > 0 ? in->cost : setup->cost;

  /* armed once its end subphase s + 1 has resolved in the unit's
   * initiative slot (the option waits one subphase more); a wound
   * penalty on the setup moves the end along. */
  result->delay = cost - 1 + (options->opp_fire_arming_delay - 1);
  sl_moment_at (rules, now + result->delay, SL_STEP_INITIATIVE_ORDER, &result->at);
  result->any_move_triggers = options->opp_fire_any_move;
}

/* P-38 step 4 and A-13: a fire mission called at subphase @now. */
static void
fire_mission_timing (const SlRules       *rules,
                     const SlOptions     *options,
                     const SlTimingInput *in,
                     int                  now,
                     SlTimingResult      *result)
{
  const SlAction *call = sl_rules_action (rules, "call-fire-mission");
  int cost = in->cost > 0 ? in->cost : call->cost;

  /* P-38 step 4 and A-13: the round lands in the explosion step of the
   * call's last subphase, or in the Fire Mission Phase of that turn. */
  sl_moment_at (rules, now + cost - 1, SL_STEP_NONE, &result->call_ends);
  if (options->fire_missions_in_phase)
    moment_phase (result->call_ends.turn, SL_PHASE_FIRE_MISSION, &result->at);
  else
    sl_moment_at (rules, now + cost - 1, SL_STEP_EXPLOSION, &result->at);
}

/* P-16 step 3: clearing a weapon jammed at subphase @now. */
static void
clear_weapon_timing (const SlRules       *rules,
                     const SlTimingInput *in,
                     int                  now,
                     SlTimingResult      *result)
{
  const SlAction *clear = sl_rules_action (rules, "clear-weapon");
  int cost = in->cost > 0 ? in->cost : clear->cost;

  /* P-16 step 3 and §6.4: Clear weapon starts in the subphase after
   * the jam, and the weapon fires again once it has resolved. */
  sl_moment_at (rules, now + 1, SL_STEP_INITIATIVE_ORDER, &result->starts);
  sl_moment_at (rules, now + cost, SL_STEP_INITIATIVE_ORDER, &result->at);
}

gboolean
sl_timing (const SlRules         *rules,
           const SlOptions       *options,
           const SlTimingInput   *in,
           SlTimingResult        *result,
           GError               **error)
{
  int now;

  memset (result, 0, sizeof *result);
  if (in->event == SL_EVENT_ROUT_CHECK)
    return rout_check_timing (options, in, result, error);

  if (!check_moment (rules, in->turn, in->subphase, "subphase", error))
    return FALSE;
  now = sl_subphase_index (rules, in->turn, in->subphase);

  switch (in->event)
    {
    case SL_EVENT_GRENADE:
      /* P-34 step 6 and A-108: s + 2 (or s + 3), in the explosion step. */
      result->delay = options->grenade_detonation_delay;
      sl_moment_at (rules, now + result->delay, SL_STEP_EXPLOSION, &result->at);
      break;

    case SL_EVENT_OPPORTUNITY_FIRE:
      opportunity_fire_timing (rules, options, in, now, result);
      break;

    case SL_EVENT_SMOKE:
      /* 12 turns (120 subphases) counted from the subphase the cloud
       * forms, or 12 subphases with the option; P-08 step 1 removes it. */
      result->duration = options->smoke_duration == SL_SMOKE_12_TURNS
                         ? SL_SMOKE_DURATION * rules->subphases_per_turn
                         : SL_SMOKE_DURATION;
      sl_moment_at (rules, now + result->duration - 1, SL_STEP_NONE, &result->last);
      sl_moment_at (rules, now + result->duration, SL_STEP_START, &result->at);
      break;

    case SL_EVENT_FIRE_MISSION:
      fire_mission_timing (rules, options, in, now, result);
      break;

    case SL_EVENT_MINE:
      /* at once, like opportunity fire, and the mover stops there; or
       * in the explosion step with the option. */
      result->mover_stops = !options->mines_in_explosion_step;
      sl_moment_at (rules, now,
                    options->mines_in_explosion_step ? SL_STEP_EXPLOSION : SL_STEP_INITIATIVE_ORDER,
                    &result->at);
      break;

    case SL_EVENT_DAZE:
      if (!sl_daze (rules, in->turn, in->subphase, 0, 0, &result->daze, error))
        return FALSE;
      result->at = result->daze.until;
      break;

    case SL_EVENT_CLEAR_WEAPON:
      clear_weapon_timing (rules, in, now, result);
      break;

    case SL_EVENT_ROUT_CHECK:
    case SL_N_EVENTS:
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* Rate of fire */

void
sl_rate_of_fire_result_clear (SlRateOfFireResult *result)
{
  g_clear_pointer (&result->reason, g_free);
}

static gboolean
is_burst (const SlFireMode *mode)
{
  /* T-22: only bursts may follow a fire in the previous subphase. */
  return mode->after_previous;
}

static void
refuse (SlRateOfFireResult *result,
        char               *reason)
{
  result->allowed = FALSE;
  result->reason = reason;
}

/* What the unit's earlier fires say about the one being checked. */
typedef struct
{
  int                 now;
  int                 window_start;
  int                 budget;
  int                 count;        /* fires in the window */
  int                 same_mode;
  int                 singles;
  gboolean            same_subphase;
  const SlFireRecord *previous;     /* the fire of the previous subphase that decides */
  gboolean            previous_other_turn;
} FireCount;

/* T-12, P-30: the fire checked is a fire the weapon may make at all. */
static gboolean
check_fire_record (const SlRules            *rules,
                   const SlRateOfFireInput  *in,
                   GError                  **error)
{
  const SlFireRecord *fire = &in->fire;

  if (!check_moment (rules, fire->turn, fire->subphase, "subphase", error))
    return FALSE;
  if (is_burst (fire->mode) && !in->auto_fire)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "mode",
                         _("Only a weapon capable of automatic fire can fire bursts (T-12, P-30)."));
      return FALSE;
    }
  return TRUE;
}

/* P-15, T-23, A-55: the fires of the history in the window, and the one of
 * the previous subphase. */
static gboolean
count_fires (const SlRules            *rules,
             const SlRateOfFireInput  *in,
             FireCount                *n,
             GError                  **error)
{
  const SlFireRecord *fire = &in->fire;

  for (guint i = 0; i < in->n_history; i++)
    {
      const SlFireRecord *h = &in->history[i];
      int at;

      if (!moment_valid (rules, h->turn, h->subphase))
        {
          g_autofree char *field = g_strdup_printf ("history[%u].subphase", i);

          return check_moment (rules, h->turn, h->subphase, field, error);
        }
      at = sl_subphase_index (rules, h->turn, h->subphase);
      if (at > n->now)
        {
          g_autofree char *field = g_strdup_printf ("history[%u].subphase", i);

          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, field,
                             _("This fire comes after the one being checked; the history holds earlier fires only."));
          return FALSE;
        }
      if (at == n->now)
        n->same_subphase = TRUE;
      if (at == n->now - 1)
        {
          /* Of several fires in the previous subphase, one at a single
           * target decides the concentrated-burst rule. */
          if (n->previous == NULL ||
              (g_str_equal (n->previous->mode->id, "area") && !g_str_equal (h->mode->id, "area")))
            n->previous = h;
          n->previous_other_turn = h->turn != fire->turn;
        }
      if (at >= n->window_start)
        {
          n->count++;
          if (h->mode == fire->mode)
            n->same_mode++;
          if (!is_burst (h->mode))
            n->singles++;
        }
    }
  return TRUE;
}

/* E-26: bursts in consecutive subphases, this one included. */
static int
consecutive_bursts (const SlRules           *rules,
                    const SlRateOfFireInput *in,
                    int                      now)
{
  int consecutive = 1;

  for (int at = now - 1; at >= 0; at--)
    {
      gboolean burst = FALSE;

      for (guint i = 0; i < in->n_history && !burst; i++)
        if (sl_subphase_index (rules, in->history[i].turn, in->history[i].subphase) == at &&
            is_burst (in->history[i].mode))
          burst = TRUE;
      if (!burst)
        break;
      consecutive++;
    }
  return consecutive;
}

/* P-07, P-15, P-30, T-22, T-23: the limits of the subphase, the turn (or
 * the window) and the mode. Refuses in @result and returns TRUE when one
 * is reached. */
static gboolean
over_fire_limits (const SlRules           *rules,
                  const SlOptions         *options,
                  const SlRateOfFireInput *in,
                  const FireCount         *n,
                  SlRateOfFireResult      *result)
{
  const SlFireRecord *fire = &in->fire;
  gboolean rolling = options->rate_of_fire_window == SL_ROF_ROLLING;

  if (n->same_subphase)
    {
      refuse (result, g_strdup (_("The unit has already fired in this subphase; every fire is an action of at least one subphase (P-07, P-15).")));
      return TRUE;
    }
  if (n->count >= n->budget)
    {
      if (rolling)
        refuse (result, g_strdup_printf (in->auto_fire
                                         ? _("The unit has already fired %d times in the last 10 subphases; with automatic fire it may fire at most %d times (P-30, T-23, option rateOfFireWindow).")
                                         : _("The unit has already fired %d times in the last 10 subphases; it may fire at most %d times (P-15, T-23, option rateOfFireWindow)."),
                                         n->count, n->budget));
      else
        refuse (result, g_strdup_printf (in->auto_fire
                                         ? _("The unit has already fired %d times this turn; with automatic fire it may fire at most %d times a turn (P-30, T-23).")
                                         : _("The unit has already fired %d times this turn; it may fire at most %d times a turn (P-15, T-23)."),
                                         n->count, n->budget));
      return TRUE;
    }
  /* P-30 step 6 and T-23: the third fire must be an area burst. */
  if (in->auto_fire && n->count == n->budget - 1 &&
      !g_str_equal (fire->mode->id, rules->third_fire_must_be))
    {
      refuse (result, g_strdup (_("The third fire action of a turn must be an area burst (P-30, T-23).")));
      return TRUE;
    }
  /* T-22: the limits of each mode (two concentrated bursts, two single
   * shots of every kind together). */
  if (is_burst (fire->mode) ? n->same_mode >= fire->mode->max_per_turn
                            : n->singles >= fire->mode->max_per_turn)
    {
      if (fire->mode->same_target)
        refuse (result, g_strdup_printf (_("At most %d concentrated bursts may be fired in a turn (P-30, T-22)."),
                                         fire->mode->max_per_turn));
      else
        refuse (result, g_strdup_printf (_("At most %d fire actions of this kind may be fired in a turn (T-22)."),
                                         fire->mode->max_per_turn));
      return TRUE;
    }
  return FALSE;
}

/* The fire of the previous subphase: what may follow it. Refuses in
 * @result and returns TRUE when this fire may not; FALSE with @error when
 * the request lacks a target. */
static gboolean
follows_fire (const SlRateOfFireInput  *in,
              const FireCount          *n,
              SlRateOfFireResult       *result,
              gboolean                 *refused,
              GError                  **error)
{
  const SlFireRecord *fire = &in->fire;
  const SlFireRecord *previous = n->previous;

  *refused = TRUE;
  /* P-15, T-23 and A-55: a single shot never follows a fire in the
   * previous subphase; subphase 10 and the next subphase 1 touch. */
  if (!is_burst (fire->mode))
    {
      refuse (result, g_strdup (n->previous_other_turn
                                ? _("A single shot may not follow a fire in the previous subphase, and subphase 10 and the next turn's subphase 1 are consecutive (P-15, T-23, A-55).")
                                : _("A single shot may not follow a fire in the previous subphase (P-15, T-23).")));
      return TRUE;
    }
  /* P-30 step 5.1 and T-22 (book §9.3: "must fire at the same target as
   * the previous burst"): a concentrated burst right after a concentrated
   * burst is at that burst's unit; after any other fire — a single shot,
   * an aimed or opportunity shot, a launcher salvo, an area burst — it
   * may take any target. */
  if (fire->mode->same_target && g_str_equal (previous->mode->id, fire->mode->id))
    {
      if (fire->target == NULL)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "target",
                             _("Give the target: a concentrated burst right after another must be at the same target (P-30 step 5, T-22)."));
          return FALSE;
        }
      if (previous->target == NULL)
        {
          g_autofree char *field = g_strdup_printf ("history[%u].target",
                                                    (guint) (previous - in->history));

          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, field,
                             _("Give the target of this burst: a concentrated burst right after it must be at the same target (P-30 step 5, T-22)."));
          return FALSE;
        }
      if (!g_str_equal (previous->target, fire->target))
        {
          refuse (result, g_strdup_printf (_("A concentrated burst right after another must be at the same target, %s (P-30 step 5, T-22)."),
                                           previous->target));
          return TRUE;
        }
    }
  *refused = FALSE;
  return TRUE;
}

gboolean
sl_rate_of_fire (const SlRules            *rules,
                 const SlOptions          *options,
                 const SlRateOfFireInput  *in,
                 SlRateOfFireResult       *result,
                 GError                  **error)
{
  const SlFireRecord *fire = &in->fire;
  gboolean rolling = options->rate_of_fire_window == SL_ROF_ROLLING;
  FireCount n = { 0 };

  g_return_val_if_fail (fire->mode != NULL, FALSE);

  memset (result, 0, sizeof *result);
  if (!check_fire_record (rules, in, error))
    return FALSE;

  n.now = sl_subphase_index (rules, fire->turn, fire->subphase);
  /* the count resets at subphase 1 of each turn, or (option) covers the
   * last 10 subphases. */
  n.window_start = rolling ? n.now - (rules->subphases_per_turn - 1)
                           : sl_subphase_index (rules, fire->turn, 1);
  n.budget = in->auto_fire ? rules->fire_budget_auto : rules->fire_budget_normal;
  result->fires_allowed = n.budget;
  if (!count_fires (rules, in, &n, error))
    return FALSE;
  result->follows_fire = n.previous != NULL;
  if (is_burst (fire->mode))
    result->consecutive_burst = consecutive_bursts (rules, in, n.now);
  result->fires_this_turn = n.count;

  if (over_fire_limits (rules, options, in, &n, result))
    return TRUE;
  if (n.previous != NULL)
    {
      gboolean refused;

      if (!follows_fire (in, &n, result, &refused, error))
        return FALSE;
      if (refused)
        return TRUE;
    }

  result->allowed = TRUE;
  result->fires_this_turn = n.count + 1;
  if (rolling)
    result->reason = g_strdup_printf (_("Fire action %d of at most %d in the last 10 subphases (P-15, T-23, option rateOfFireWindow)."),
                                      n.count + 1, n.budget);
  else
    result->reason = g_strdup_printf (_("Fire action %d of at most %d this turn (P-15, T-23)."),
                                      n.count + 1, n.budget);
  return TRUE;
}

/* Elevators */

void
sl_elevator (const SlRules *rules,
             int            from_floor,
             int            to_floor,
             SlElevator    *elevator)
{
  const SlAction *ride = sl_rules_action (rules, "elevator-travel");
  const SlAction *call = sl_rules_action (rules, "call-elevator");

  /* P-11 and E-09: 3 subphases per floor to come, 2 AP per floor to ride. */
  elevator->floors = ABS (from_floor - to_floor);
  elevator->wait_subphases = SL_ELEVATOR_WAIT_PER_FLOOR * elevator->floors;
  elevator->travel_ap = ride->cost * elevator->floors;
  elevator->call_ap = call->cost;
}

int
sl_elevator_floor (int  floors,
                   int  roll,
                   int *first_roll,
                   int *last_roll)
{
  int floor;

  g_return_val_if_fail (floors >= 1 && floors <= 10 && roll >= 1 && roll <= 10, 0);

  /* ceil(d10 × floors / 10); two floors give 1–5 and 6–10 (E-10). */
  floor = (roll * floors + 9) / 10;
  if (first_roll)
    *first_roll = ((floor - 1) * 10) / floors + 1;
  if (last_roll)
    *last_roll = (floor * 10) / floors;
  return floor;
}

/* Wound effects */

void
sl_wound_effects (const SlRules  *rules,
                  SlWound         wound,
                  SlWoundEffects *effects)
{
  const double *rates = rules->rate_base;

  memset (effects, 0, sizeof *effects);
  effects->level = &rules->wounds[wound];
  effects->can_move = !effects->level->out;
  effects->victory_fraction = rules->victory_fraction[wound];

  /* T-16 and T-09: moderate and serious wounds replace the walk, run and
   * sprint rates; crawling stays 0.5 m. */
  if (wound == SL_WOUND_MODERATE)
    rates = rules->rate_moderate;
  else if (wound == SL_WOUND_SERIOUS)
    rates = rules->rate_serious;
  if (!effects->can_move)
    return;
  effects->rate[SL_MOVE_CRAWL] = rules->rate_base[SL_MOVE_CRAWL];
  for (int m = SL_MOVE_WALK; m <= SL_MOVE_SPRINT; m++)
    effects->rate[m] = rates[m] > 0 ? rates[m] : rules->rate_base[m];
}
