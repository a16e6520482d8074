/* sl-resolve-actions.c: requests for action costs, scheduling, timings,
 * dazes, rate of fire, movement, elevators and wound effects
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-actions.h"
#include "sl-movement.h"
#include "sl-resolve-private.h"

/* Turns are bounded only to keep arithmetic sane. */
#define MAX_TURN 10000

/* A moment as JSON: turn, subphase and its box on the track, phase, step. */
static JsonObject *
moment_json (const SlRules  *rules,
             const SlMoment *moment)
{
  JsonObject *o = json_object_new ();

  json_object_set_int_member (o, "turn", moment->turn);
  if (moment->subphase > 0)
    {
      json_object_set_int_member (o, "subphase", moment->subphase);
      json_object_set_int_member (o, "box", sl_actions_track_box (rules, moment->turn, moment->subphase));
    }
  json_object_set_string_member (o, "phase", sl_phase_names[moment->phase]);
  if (moment->step != SL_STEP_NONE)
    json_object_set_string_member (o, "step", sl_step_names[moment->step]);
  return o;
}

static void
set_moment (SlResolve      *rs,
            JsonObject     *object,
            const char     *name,
            const SlMoment *moment)
{
  json_object_set_object_member (object, name, moment_json (rs->rules, moment));
}

static int
read_turn (SlReader *r)
{
  sl_reader_require (r, "turn");
  return sl_reader_int (r, "turn", 1, MAX_TURN, 1);
}

static int
read_subphase (SlResolve *rs,
               SlReader  *r)
{
  sl_reader_require (r, "subphase");
  return sl_reader_int (r, "subphase", 1, rs->rules->subphases_per_turn, 1);
}

/* action-cost */

gboolean
sl_resolve_action_cost (SlResolve  *rs,
                        GError    **error)
{
  SlReader *r = rs->request;
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  SlActionCostInput in = { 0 };
  SlActionCostResult res;

  in.action = sl_resolve_get_action (rs, r, "action", NULL);
  in.combined_with = sl_reader_enum (r, "combined_with", sl_combine_names,
                                     N_("move to combine with"), SL_MOVE_NONE);
  in.wound = sl_resolve_wound (rs, r, "wound");
  in.position = sl_resolve_position (rs, r);
  in.to_position = sl_reader_has (r, "to_position")
                   ? sl_reader_enum (r, "to_position", sl_position_names, N_("position"), -1)
                   : -1;
  in.locked = sl_reader_bool (r, "locked", FALSE);
  in.airlock = sl_reader_bool (r, "airlock", FALSE);
  in.key_from_body = sl_reader_bool (r, "key_from_body", FALSE);
  in.floors = sl_reader_int (r, "floors", 1, 100, 1);
  in.leader = sl_reader_bool (r, "leader", TRUE);
  in.dazed = sl_reader_bool (r, "dazed", FALSE);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_action_cost (rs->rules, &rs->options, &in, breakdown, &res, error))
    return FALSE;

  json_object_set_string_member (rs->result, "action", in.action->id);
  json_object_set_string_member (rs->result, "combined_with", sl_combine_names[in.combined_with]);
  json_object_set_int_member (rs->result, "cost", res.cost);
  json_object_set_int_member (rs->result, "base", res.base);
  json_object_set_int_member (rs->result, "extra", res.extra);
  json_object_set_int_member (rs->result, "wound_penalty", res.wound_penalty);
  json_object_set_boolean_member (rs->result, "wound_exempt", res.wound_exempt);
  json_object_set_int_member (rs->result, "takes_effect_after", res.takes_effect_after);
  if (res.ends_position >= 0)
    json_object_set_string_member (rs->result, "ends_position",
                                   sl_position_names[res.ends_position]);
  if (res.stairs_ap > 0)
    json_object_set_int_member (rs->result, "stairs_ap", res.stairs_ap);
  sl_resolve_set_breakdown (rs, "breakdown", breakdown);
  return TRUE;
}

/* schedule */

gboolean
sl_resolve_schedule (SlResolve  *rs,
                     GError    **error)
{
  SlReader *r = rs->request;
  SlSchedule schedule;
  JsonArray *turns;
  int turn, subphase, cost;

  turn = read_turn (r);
  subphase = read_subphase (rs, r);
  sl_reader_require (r, "cost");
  cost = sl_reader_int (r, "cost", 1, SL_TRACK_BOXES, 1);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_schedule (rs->rules, turn, subphase, cost, &schedule, error))
    return FALSE;

  json_object_set_int_member (rs->result, "end_turn", schedule.end_turn);
  json_object_set_int_member (rs->result, "end_subphase", schedule.end_subphase);
  json_object_set_int_member (rs->result, "start_box", schedule.start_box);
  json_object_set_int_member (rs->result, "end_box", schedule.end_box);
  json_object_set_boolean_member (rs->result, "carries_over", schedule.carries_over);
  turns = json_array_new ();
  for (guint i = 0; i < schedule.n_turns; i++)
    {
      JsonObject *t = json_object_new ();

      json_object_set_int_member (t, "turn", schedule.turns[i].turn);
      json_object_set_int_member (t, "subphases", schedule.turns[i].subphases);
      json_array_add_object_element (turns, t);
    }
  json_object_set_array_member (rs->result, "turns", turns);
  return TRUE;
}

/* daze */

static void
daze_json (SlResolve    *rs,
           const SlDaze *daze,
           JsonObject   *object)
{
  set_moment (rs, object, "dazed_from", &daze->from);
  set_moment (rs, object, "dazed_until", &daze->until);
  set_moment (rs, object, "expires", &daze->expires);
  json_object_set_int_member (object, "subphases", rs->rules->daze_subphases);
}

gboolean
sl_resolve_daze (SlResolve  *rs,
                 GError    **error)
{
  SlReader *r = rs->request;
  g_autoptr(SlReader) until = NULL;
  SlDaze daze;
  int turn, subphase, until_turn = 0, until_subphase = 0;

  turn = read_turn (r);
  subphase = read_subphase (rs, r);
  until = sl_reader_object (r, "dazed_until");
  if (until != NULL)
    {
      until_turn = read_turn (until);
      until_subphase = read_subphase (rs, until);
      sl_reader_end (until);
    }

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_daze (rs->rules, turn, subphase, until_turn, until_subphase, &daze, error))
    return FALSE;

  daze_json (rs, &daze, rs->result);
  json_object_set_boolean_member (rs->result, "was_dazed", daze.was_dazed);
  json_object_set_boolean_member (rs->result, "restarted", daze.was_dazed && !daze.unchanged);
  json_object_set_boolean_member (rs->result, "action_lost", TRUE);
  return TRUE;
}

/* timing */

gboolean
sl_resolve_timing (SlResolve  *rs,
                   GError    **error)
{
  SlReader *r = rs->request;
  SlTimingInput in = { 0 };
  SlTimingResult res;

  sl_reader_require (r, "event");
  in.event = sl_reader_enum (r, "event", sl_event_names, N_("event"), SL_EVENT_GRENADE);
  in.turn = read_turn (r);
  if (in.event == SL_EVENT_ROUT_CHECK)
    in.subphase = sl_reader_int (r, "subphase", 1, rs->rules->subphases_per_turn, 1);
  else
    in.subphase = read_subphase (rs, r);
  if (sl_reader_has (r, "cost") && sl_reader_ok (r) &&
      in.event != SL_EVENT_OPPORTUNITY_FIRE && in.event != SL_EVENT_FIRE_MISSION &&
      in.event != SL_EVENT_CLEAR_WEAPON)
    sl_reader_fail (r, "cost", _("Only opportunity fire, fire missions and clearing a weapon take the cost of their action."));
  in.cost = sl_reader_int (r, "cost", 1, SL_TRACK_BOXES, 0);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_timing (rs->rules, &rs->options, &in, &res, error))
    return FALSE;

  json_object_set_string_member (rs->result, "event", sl_event_names[in.event]);
  set_moment (rs, rs->result, "at", &res.at);
  switch (in.event)
    {
    case SL_EVENT_GRENADE:
      json_object_set_int_member (rs->result, "delay", res.delay);
      break;
    case SL_EVENT_OPPORTUNITY_FIRE:
      json_object_set_boolean_member (rs->result, "any_move_triggers", res.any_move_triggers);
      break;
    case SL_EVENT_SMOKE:
      json_object_set_int_member (rs->result, "duration_subphases", res.duration);
      set_moment (rs, rs->result, "last", &res.last);
      break;
    case SL_EVENT_FIRE_MISSION:
      set_moment (rs, rs->result, "call_ends", &res.call_ends);
      break;
    case SL_EVENT_MINE:
      json_object_set_boolean_member (rs->result, "mover_stops", res.mover_stops);
      break;
    case SL_EVENT_ROUT_CHECK:
      json_object_set_boolean_member (rs->result, "due", res.due);
      json_object_set_int_member (rs->result, "interval", res.interval);
      break;
    case SL_EVENT_DAZE:
      daze_json (rs, &res.daze, rs->result);
      break;
    case SL_EVENT_CLEAR_WEAPON:
      set_moment (rs, rs->result, "starts", &res.starts);
      break;
    case SL_N_EVENTS:
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* rate-of-fire */

static void
read_fire (SlResolve    *rs,
           SlReader     *r,
           SlFireRecord *fire)
{
  fire->turn = read_turn (r);
  fire->subphase = read_subphase (rs, r);
  fire->mode = sl_resolve_lookup (rs, r, "mode", &rs->rules->fire_modes, NULL);
  fire->target = sl_reader_string (r, "target", NULL);
}

gboolean
sl_resolve_rate_of_fire (SlResolve  *rs,
                         GError    **error)
{
  SlReader *r = rs->request;
  g_autofree SlFireRecord *history = NULL;
  SlRateOfFireInput in = { { 0 } };
  SlRateOfFireResult res;
  const SlWeapon *weapon = NULL;
  guint n;

  read_fire (rs, r, &in.fire);
  if (sl_reader_has (r, "weapon"))
    weapon = sl_resolve_get_weapon (rs, r, "weapon", NULL);
  {
    const char *omni = sl_resolve_omni_mode (rs, r, "omni_mode", weapon);
    gboolean weapon_auto = weapon ? sl_weapon_get_profile (weapon, omni)->auto_fire : FALSE;

    in.auto_fire = sl_reader_bool (r, "auto_fire", weapon_auto);
    if (weapon != NULL && sl_reader_has (r, "auto_fire") && sl_reader_ok (r) &&
        in.auto_fire != weapon_auto)
      sl_reader_fail (r, "auto_fire", weapon_auto
                      ? _("The %s can fire automatic bursts (T-12).")
                      : _("The %s cannot fire automatic bursts (T-12, P-30)."),
                      weapon->name);
  }

  n = sl_reader_array_length (r, "history");
  history = g_new0 (SlFireRecord, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(SlReader) h = sl_reader_array_object (r, "history", i);

      /* The target strings belong to the request's JSON, not the reader. */
      if (h == NULL)
        continue;
      read_fire (rs, h, &history[i]);
      sl_reader_end (h);
    }
  in.history = history;
  in.n_history = n;

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_rate_of_fire (rs->rules, &rs->options, &in, &res, error))
    return FALSE;

  json_object_set_boolean_member (rs->result, "allowed", res.allowed);
  json_object_set_string_member (rs->result, "reason", res.reason);
  json_object_set_int_member (rs->result, "fires_this_turn", res.fires_this_turn);
  json_object_set_int_member (rs->result, "fires_allowed", res.fires_allowed);
  json_object_set_boolean_member (rs->result, "follows_fire", res.follows_fire);
  if (res.consecutive_burst > 0)
    json_object_set_int_member (rs->result, "consecutive_burst", res.consecutive_burst);
  json_object_set_string_member (rs->result, "window",
                                 rs->options.rate_of_fire_window == SL_ROF_ROLLING
                                 ? "rolling" : "turn");
  sl_rate_of_fire_result_clear (&res);
  return TRUE;
}

/* movement and move-path */

static void
read_mover (SlResolve   *rs,
            SlReader    *r,
            SlMoveInput *in)
{
  in->mode = sl_reader_enum (r, "mode", sl_move_names, N_("movement"), SL_MOVE_NONE);
  in->has_previous = sl_reader_has (r, "previous");
  in->previous = sl_reader_enum (r, "previous", sl_move_names, N_("movement"), SL_MOVE_NONE);
  in->position = sl_resolve_position (rs, r);
  in->race = sl_resolve_get_race (rs, r, "race", "human");
  in->wound = sl_resolve_wound (rs, r, "wound");
  in->armor = sl_resolve_get_armor (rs, r, "armor", "NONE");
  in->troop = sl_reader_has (r, "troop") ? sl_resolve_get_troop (rs, r, "troop", NULL) : NULL;
  in->bounce_pack = sl_reader_bool (r, "bounce_pack", FALSE);
  in->snow = sl_reader_bool (r, "snow", FALSE);
  in->night = sl_reader_bool (r, "night", FALSE);
  in->zero_g = sl_reader_bool (r, "zero_g", FALSE);
}

static void
move_json (const SlMoveResult *res,
           JsonObject         *o)
{
  json_object_set_double_member (o, "meters", res->meters);
  json_object_set_double_member (o, "base", res->base);
  json_object_set_double_member (o, "rate", res->rate);
  json_object_set_string_member (o, "rate_source", res->rate_source);
  json_object_set_double_member (o, "race_modifier", res->race);
  json_object_set_boolean_member (o, "bounce", res->bounce);
  json_object_set_double_member (o, "suit_cost_per_metre", res->suit_cost);
  json_object_set_boolean_member (o, "full_metres", res->full_metres);
  if (res->ends_position >= 0)
    json_object_set_string_member (o, "ends_position", sl_position_names[res->ends_position]);
  if (res->continues)
    json_object_set_boolean_member (o, "continues", TRUE);
  if (res->max_distance > 0)
    json_object_set_double_member (o, "max_distance_m", res->max_distance);
  if (res->facing_max_degrees > 0)
    {
      JsonObject *f = json_object_new ();

      json_object_set_int_member (f, "max_degrees", res->facing_max_degrees);
      json_object_set_double_member (f, "metres_between", res->facing_spacing);
      json_object_set_object_member (o, "facing", f);
    }
}

gboolean
sl_resolve_movement (SlResolve  *rs,
                     GError    **error)
{
  SlReader *r = rs->request;
  SlMoveInput in = { 0 };
  SlMoveResult res;

  sl_reader_require (r, "mode");
  read_mover (rs, r, &in);
  in.terrain = sl_reader_has (r, "terrain") ? sl_resolve_get_terrain (rs, r, "terrain", NULL)
                                            : NULL;

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_movement_allowance (rs->rules, &rs->options, &in, &res, error))
    return FALSE;

  json_object_set_string_member (rs->result, "mode", sl_move_names[in.mode]);
  move_json (&res, rs->result);
  return TRUE;
}

gboolean
sl_resolve_move_path (SlResolve  *rs,
                      GError    **error)
{
  static const char * const mover_fields[] = {
    "previous", "position", "prone", "kneeling", "race", "wound", "troop", "snow", "night",
    "zero_g", NULL
  };
  SlReader *r = rs->request;
  g_autofree SlPathMetre *metres = NULL;
  SlPathInput in = { 0 };
  SlPathResult res;
  JsonArray *steps;
  guint n;

  in.has_move = sl_reader_has (r, "mode");
  in.allowance = sl_reader_number (r, "allowance", 0, 100, -1);
  if (!in.has_move && !sl_reader_has (r, "allowance"))
    sl_reader_fail (r, "mode", _("Give the move (mode and the mover) or an allowance in metres."));
  if (!in.has_move)
    for (guint i = 0; mover_fields[i]; i++)
      if (sl_reader_has (r, mover_fields[i]) && sl_reader_ok (r))
        sl_reader_fail (r, mover_fields[i],
                        _("This describes the mover, which only matters with a mode; with an allowance alone give only bounce_pack and armor."));
  read_mover (rs, r, &in.move);

  sl_reader_require (r, "path");
  n = sl_reader_array_length (r, "path");
  metres = g_new0 (SlPathMetre, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(SlReader) m = sl_reader_array_object (r, "path", i);

      if (m == NULL)
        continue;
      metres[i].terrain = sl_resolve_get_terrain (rs, m, "terrain", "clear");
      metres[i].mixed_with = sl_reader_has (m, "mixed_with")
                             ? sl_resolve_get_terrain (rs, m, "mixed_with", NULL) : NULL;
      metres[i].slope = sl_reader_enum (m, "slope", sl_slope_names, N_("slope"), SL_SLOPE_NONE);
      metres[i].contour = sl_reader_bool (m, "contour", FALSE);
      sl_reader_end (m);
    }
  in.metres = metres;
  in.n_metres = n;
  in.window_storey = sl_reader_int (r, "window_storey", 2, 100, 0);
  if (sl_reader_has (r, "risen_m") && !sl_reader_has (r, "window_storey") && sl_reader_ok (r))
    sl_reader_fail (r, "risen_m", _("A height already risen only matters on the way to a window (window_storey)."));
  in.risen = sl_reader_number (r, "risen_m", 0, 100, 0);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_movement_path (rs->rules, &rs->options, &in, &res, error))
    return FALSE;

  json_object_set_double_member (rs->result, "allowance_m", res.allowance);
  json_object_set_double_member (rs->result, "covered_m", res.covered);
  json_object_set_double_member (rs->result, "spent_m", res.spent);
  json_object_set_double_member (rs->result, "left_m", res.left);
  if (in.window_storey > 0)
    {
      json_object_set_double_member (rs->result, "rise_m", res.rise);
      json_object_set_double_member (rs->result, "height_m", res.height);
      json_object_set_boolean_member (rs->result, "window_reached", res.window_reached);
    }
  json_object_set_boolean_member (rs->result, "stopped", res.stopped);
  if (res.stopped)
    {
      json_object_set_int_member (rs->result, "stopped_at", res.stopped_at);
      json_object_set_string_member (rs->result, "reason", res.reason);
    }
  json_object_set_double_member (rs->result, "suit_cost_per_metre",
                                 in.has_move ? res.move.suit_cost
                                 : (in.move.bounce_pack ? 1.0 : in.move.armor->move_cost));
  steps = json_array_new ();
  for (guint i = 0; i < res.n_steps; i++)
    {
      JsonObject *s = json_object_new ();

      json_object_set_string_member (s, "terrain", res.steps[i].paid->id);
      if (res.steps[i].slope != SL_SLOPE_NONE)
        json_object_set_string_member (s, "slope", sl_slope_names[res.steps[i].slope]);
      json_object_set_double_member (s, "cost", res.steps[i].cost);
      json_object_set_double_member (s, "covered", res.steps[i].covered);
      json_array_add_object_element (steps, s);
    }
  json_object_set_array_member (rs->result, "metres", steps);
  if (in.has_move)
    {
      JsonObject *move = sl_resolve_result_object (rs->result, "movement");

      json_object_set_string_member (move, "mode", sl_move_names[in.move.mode]);
      move_json (&res.move, move);
    }
  sl_path_result_clear (&res);
  return TRUE;
}

/* elevator and elevator-floor */

gboolean
sl_resolve_elevator (SlResolve  *rs,
                     GError    **error)
{
  SlReader *r = rs->request;
  SlElevator elevator;
  int from, to;

  sl_reader_require (r, "from_floor");
  sl_reader_require (r, "to_floor");
  from = sl_reader_int (r, "from_floor", -20, 200, 1);
  to = sl_reader_int (r, "to_floor", -20, 200, 1);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  sl_elevator (rs->rules, from, to, &elevator);
  json_object_set_int_member (rs->result, "floors", elevator.floors);
  json_object_set_int_member (rs->result, "wait_subphases", elevator.wait_subphases);
  json_object_set_int_member (rs->result, "call_ap", elevator.call_ap);
  json_object_set_int_member (rs->result, "travel_ap", elevator.travel_ap);
  return TRUE;
}

gboolean
sl_resolve_elevator_floor (SlResolve  *rs,
                           GError    **error)
{
  SlReader *r = rs->request;
  const char *stream;
  int floors, roll, floor, first, last;

  sl_reader_require (r, "floors");
  floors = sl_reader_int (r, "floors", 1, 100, 1);
  if (floors > 10 && sl_reader_ok (r))
    sl_reader_fail (r, "floors",
                    _("One d10 can pick among at most 10 floors (A-35); the scenario should fix the elevator's floor."));
  stream = sl_resolve_die (rs, r, "roll", 10);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  roll = sl_dice_roll (rs->dice, stream, 10);
  floor = sl_elevator_floor (floors, roll, &first, &last);
  json_object_set_int_member (rs->result, "natural", roll);
  json_object_set_int_member (rs->result, "floor", floor);
  {
    JsonArray *rolls = json_array_new ();

    json_array_add_int_element (rolls, first);
    json_array_add_int_element (rolls, last);
    json_object_set_array_member (rs->result, "rolls_for_floor", rolls);
  }
  return TRUE;
}

/* wound-effects */

gboolean
sl_resolve_wound_effects (SlResolve  *rs,
                          GError    **error)
{
  SlReader *r = rs->request;
  SlWoundEffects effects;
  JsonArray *boxes;
  SlWound wound;

  sl_reader_require (r, "wound");
  wound = sl_resolve_wound (rs, r, "wound");

  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  sl_wound_effects (rs->rules, wound, &effects);
  json_object_set_string_member (rs->result, "wound", sl_wound_names[wound]);
  json_object_set_string_member (rs->result, "name", effects.level->name);
  json_object_set_int_member (rs->result, "level", wound);
  json_object_set_string_member (rs->result, "box", effects.level->box);
  boxes = json_array_new ();
  for (int w = SL_WOUND_LIGHT; w <= (int) wound; w++)
    json_array_add_string_element (boxes, rs->rules->wounds[w].box);
  json_object_set_array_member (rs->result, "boxes", boxes);
  json_object_set_int_member (rs->result, "to_hit", effects.level->to_hit);
  json_object_set_int_member (rs->result, "melee", effects.level->melee);
  json_object_set_int_member (rs->result, "ap_penalty", effects.level->ap_penalty);
  if (effects.can_move)
    {
      JsonObject *m = sl_resolve_result_object (rs->result, "movement");

      json_object_set_double_member (m, "crawl", effects.rate[SL_MOVE_CRAWL]);
      json_object_set_double_member (m, "walk", effects.rate[SL_MOVE_WALK]);
      json_object_set_double_member (m, "run", effects.rate[SL_MOVE_RUN]);
      json_object_set_double_member (m, "sprint", effects.rate[SL_MOVE_SPRINT]);
    }
  json_object_set_boolean_member (rs->result, "dazes", effects.level->dazes);
  json_object_set_boolean_member (rs->result, "out", effects.level->out);
  json_object_set_double_member (rs->result, "victory_fraction", effects.victory_fraction);
  return TRUE;
}
