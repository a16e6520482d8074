/* sl-resolve-detection.c: requests for detection, line of sight, zero-G
 * and suit breaches
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sl-detection.h"
#include "sl-environment.h"
#include "sl-los.h"
#include "sl-resolve-private.h"

static JsonNode *
flags_node (const gboolean     *flags,
            const char * const *names,
            guint               n_flags)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i < n_flags; i++)
    if (flags[i])
      json_array_add_string_element (array, names[i]);
  json_node_take_array (node, array);
  return node;
}

/* detection */

static void
read_detection_conditions (SlReader              *parent,
                           SlDetectionConditions *c)
{
  g_autoptr(SlReader) r = sl_reader_object (parent, "conditions");

  if (r == NULL)
    return;
  c->night = sl_reader_bool (r, "night", FALSE);
  c->indoors = sl_reader_bool (r, "indoors", FALSE);
  c->blackout = sl_reader_bool (r, "blackout", FALSE);
  c->rain = sl_reader_bool (r, "rain", FALSE);
  c->snow = sl_reader_bool (r, "snow", FALSE);
  c->smoke = sl_reader_bool (r, "smoke", FALSE);
  c->enemy_ecm = sl_reader_bool (r, "enemy_ecm", FALSE);
  c->ground_sensor = sl_reader_bool (r, "ground_sensor", FALSE);
  c->holotarp = sl_reader_bool (r, "holotarp", FALSE);
  c->holotarp_entered = sl_reader_bool (r, "holotarp_entered", FALSE);
  if (sl_reader_ok (r) && c->blackout && !c->indoors)
    sl_reader_fail (r, "blackout", _("A blackout only matters indoors (T-36)."));
  else if (sl_reader_ok (r) && c->holotarp_entered && !c->holotarp)
    sl_reader_fail (r, "holotarp_entered",
                    _("Only a pile under a holotarp can have its holotarp entered (T-37)."));
  sl_reader_end (r);
}

gboolean
sl_resolve_detection (SlResolve  *rs,
                      GError    **error)
{
  SlReader *r = rs->request;
  g_autoptr(SlBreakdown) public_breakdown = sl_breakdown_new ();
  g_autoptr(SlBreakdown) secret_breakdown = sl_breakdown_new ();
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  SlDetectionInput in = { 0 };
  SlDetectionResult res;

  in.roll_stream = sl_resolve_die (rs, r, "roll", 10);
  in.distance_m = sl_reader_number (r, "distance_m", 0, 10000, -1);
  in.detector_armor = sl_resolve_get_armor (rs, r, "detector_armor", "NONE");
  in.in_field_of_view = sl_reader_bool (r, "in_field_of_view", TRUE);
  read_detection_conditions (r, &in.conditions);
  sl_reader_flags (r, "public", sl_detection_public_names, N_("public detection modifier"),
              in.public_modifiers, SL_N_DETECTION_PUBLIC);
  sl_reader_flags (r, "secret", sl_detection_secret_names, N_("secret detection modifier"),
              in.secret_modifiers, SL_N_DETECTION_SECRET);
  if (sl_reader_has (r, "target_armor"))
    in.target_armor = sl_resolve_get_armor (rs, r, "target_armor", NULL);
  in.decoy = sl_reader_bool (r, "decoy", FALSE);

  if (sl_reader_ok (r) && in.decoy)
    {
      if (sl_reader_has (r, "secret"))
        sl_reader_fail (r, "secret", _("A decoy has no hidden unit, so its secret modifier is 0 (P-27)."));
      else if (in.target_armor != NULL)
        sl_reader_fail (r, "target_armor", _("A decoy has no hidden unit and so no suit (P-28)."));
    }

  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  if (!sl_detection_resolve (rs->rules, &rs->options, &in, rs->dice, public_breakdown,
                             secret_breakdown, &res, error))
    return FALSE;

  if (res.automatic)
    {
      json_object_set_boolean_member (rs->result, "detected", TRUE);
      json_object_set_boolean_member (rs->result, "automatic", TRUE);
      json_object_set_string_member (rs->result, "reason", res.automatic_reason);
      json_object_set_double_member (rs->result, "probability", res.probability);
      json_object_set_double_member (rs->result, "public_probability", res.public_probability);
    }
  else
    {
      sl_check_outcome_to_json (&res.check, "detected", rs->result);
      json_object_set_boolean_member (rs->result, "automatic", FALSE);
      /* What the detecting player may know: the front end shows only these
       * (P-27 step 5). */
      json_object_set_int_member (rs->result, "public_modifier", res.public_modifier);
      json_object_set_double_member (rs->result, "public_probability", res.public_probability);
      sl_resolve_set_breakdown (rs, "public_breakdown", public_breakdown);
      /* The hider's secret, and the truth. */
      json_object_set_int_member (rs->result, "secret_modifier", res.secret_modifier);
      sl_resolve_set_breakdown (rs, "secret_breakdown", secret_breakdown);
      sl_breakdown_append (breakdown, public_breakdown);
      sl_breakdown_append (breakdown, secret_breakdown);
      sl_resolve_set_breakdown (rs, "breakdown", breakdown);
    }
  /* P-27 step 7: a detected decoy leaves the map; a detected unit is
   * revealed. */
  json_object_set_boolean_member (rs->result, "decoy", in.decoy);
  json_object_set_boolean_member (rs->result, "revealed", res.detected && !in.decoy);
  json_object_set_boolean_member (rs->result, "removed", res.detected && in.decoy);
  return TRUE;
}

/* los */

static SlLosObstacle *
read_obstacles (SlReader *parent,
                guint    *n_out)
{
  guint n = sl_reader_array_length (parent, "obstacles");
  SlLosObstacle *obstacles = g_new0 (SlLosObstacle, MAX (n, 1));

  for (guint i = 0; i < n && sl_reader_ok (parent); i++)
    {
      JsonNode *node = sl_reader_array_node (parent, "obstacles", i);

      if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
        {
          g_autoptr(SlReader) o = sl_reader_array_object (parent, "obstacles", i);

          sl_reader_require (o, "type");
          obstacles[i].type = sl_reader_enum (o, "type", sl_los_obstacle_names, N_("obstacle"), 0);
          obstacles[i].near_firer = sl_reader_bool (o, "near_firer", FALSE);
          sl_reader_end (o);
        }
      else
        obstacles[i].type = sl_reader_array_enum (parent, "obstacles", i, sl_los_obstacle_names,
                                                  N_("obstacle"), 0);
    }
  *n_out = n;
  return obstacles;
}

static void
read_los (SlResolve  *rs,
          SlLosInput *in)
{
  SlReader *r = rs->request;
  g_autoptr(SlReader) target = sl_reader_object (r, "target");
  g_autoptr(SlReader) elevation = sl_reader_object (r, "elevation");
  g_autoptr(SlReader) dead_zone = sl_reader_object (r, "dead_zone");
  g_autoptr(SlReader) stairwell = sl_reader_object (r, "in_stairwell");

  in->light_woods_m = sl_reader_number (r, "light_woods_m", 0, 10000, 0);
  in->heavy_woods_m = sl_reader_number (r, "heavy_woods_m", 0, 10000, 0);
  in->smoke = sl_reader_bool (r, "smoke", FALSE);
  in->fire_mission = sl_reader_bool (r, "fire_mission", FALSE);

  if (target != NULL)
    {
      in->target_position = sl_resolve_position (rs, target);
      in->target_firing_at_firer = sl_reader_bool (target, "firing_at_firer", FALSE);
      sl_reader_end (target);
    }
  if (elevation != NULL)
    {
      in->has_elevation = TRUE;
      in->firer_level = sl_reader_int (elevation, "firer_level", -100, 100, 0);
      in->target_level = sl_reader_int (elevation, "target_level", -100, 100, 0);
      in->highest_between = sl_reader_int (elevation, "highest_between", -100, 100,
                                           MAX (in->firer_level, in->target_level));
      sl_reader_end (elevation);
    }
  if (dead_zone != NULL)
    {
      in->has_dead_zone = TRUE;
      in->dead_zone_lines = sl_reader_int (dead_zone, "lines", 0, 100, 0);
      in->units_within_1m = sl_reader_bool (dead_zone, "units_within_1m", FALSE);
      in->looking_up = sl_reader_bool (dead_zone, "looking_up", FALSE);
      /* The distance decides whether the lower unit is in the zone. */
      if (in->dead_zone_lines >= rs->rules->dead_zone_min_lines && !in->units_within_1m)
        sl_reader_require (dead_zone, "distance_from_foot_m");
      in->distance_from_foot_m = sl_reader_number (dead_zone, "distance_from_foot_m", 0, 10000, 0);
      sl_reader_end (dead_zone);
    }
  if (stairwell != NULL)
    {
      in->firer_in_stairwell = sl_reader_bool (stairwell, "firer", FALSE);
      in->target_in_stairwell = sl_reader_bool (stairwell, "target", FALSE);
      sl_reader_end (stairwell);
    }
}

gboolean
sl_resolve_los (SlResolve  *rs,
                GError    **error)
{
  g_autoptr(SlBreakdown) fire = sl_breakdown_new ();
  g_autoptr(SlBreakdown) detection = sl_breakdown_new ();
  g_autofree SlLosObstacle *obstacles = NULL;
  g_auto(SlLosResult) res = { 0 };
  SlLosInput in = { 0 };
  JsonObject *d;

  obstacles = read_obstacles (rs->request, &in.n_obstacles);
  in.obstacles = obstacles;
  read_los (rs, &in);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  sl_los_resolve (rs->rules, &rs->options, &in, fire, detection, &res);

  json_object_set_boolean_member (rs->result, "blocked", res.blocked);
  if (res.blocked)
    json_object_set_string_member (rs->result, "reason", res.reason);
  else
    {
      json_object_set_string_member (rs->result, "cover", sl_cover_names[res.cover]);
      json_object_set_int_member (rs->result, "modifier", res.modifier);
      sl_resolve_set_breakdown (rs, "breakdown", fire);
    }

  d = sl_resolve_result_object (rs->result, "detection");
  json_object_set_boolean_member (d, "blocked", res.detection_blocked);
  if (res.detection_blocked)
    json_object_set_string_member (d, "reason", res.detection_reason);
  else
    {
      json_object_set_member (d, "public", flags_node (res.detection_public,
                                                       sl_detection_public_names,
                                                       SL_N_DETECTION_PUBLIC));
      json_object_set_int_member (d, "modifier", res.detection_modifier);
      json_object_set_member (d, "breakdown", sl_breakdown_to_json (detection));
    }

  if (res.dead_zone_m > 0)
    {
      json_object_set_double_member (rs->result, "dead_zone_m", res.dead_zone_m);
      json_object_set_boolean_member (rs->result, "dead_zone_negated", res.dead_zone_negated);
    }
  return TRUE;
}

/* zero-g */

gboolean
sl_resolve_zero_g (SlResolve  *rs,
                   GError    **error)
{
  SlReader *r = rs->request;
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  SlZeroGInput in = { 0 };
  SlZeroGResult res;

  in.troop = sl_resolve_get_troop (rs, r, "troop", NULL);
  in.naval = sl_reader_bool (r, "naval", FALSE);
  in.action = sl_reader_enum (r, "action", sl_zero_g_action_names, N_("action"), SL_ZERO_G_OTHER);
  if (sl_reader_has (r, "weapon"))
    in.weapon = sl_resolve_get_weapon (rs, r, "weapon", NULL);
  in.omni_mode = sl_resolve_omni_mode (rs, r, "omni_mode", in.weapon);
  in.movement = sl_reader_enum (r, "movement", sl_move_names, N_("movement"), SL_MOVE_NONE);
  in.bounce_pack = sl_reader_bool (r, "bounce_pack", FALSE);
  in.roll_stream = sl_resolve_die (rs, r, "roll", 10);

  if (sl_reader_ok (r) && in.action == SL_ZERO_G_FIRE && in.weapon == NULL)
    sl_reader_require (r, "weapon");
  if (sl_reader_ok (r) && in.naval && in.troop != NULL && !in.troop->has_zero_g_naval)
    sl_reader_fail (r, "naval", _("Only tech troops have a naval zero-G value (T-11)."));

  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  if (!sl_zero_g_resolve (rs->rules, &rs->options, &in, rs->dice, breakdown, &res, error))
    return FALSE;

  sl_check_outcome_to_json (&res.check, "succeeded", rs->result);
  /* P-21 step 4: a failed action is lost; it may be tried again next
   * subphase. */
  json_object_set_boolean_member (rs->result, "action_lost", !res.succeeded);
  sl_resolve_set_breakdown (rs, "breakdown", breakdown);
  return TRUE;
}

/* suit-breach */

/* "breach": "none", {"delayed": {"turn", "subphase"}} or
 * {"bleeding": {"next_turn", "next_subphase"}}. */
static void
read_breach (SlResolve *rs,
             SlReader  *parent,
             SlBreach  *breach)
{
  static const char * const none[] = { "none", NULL };
  const SlRules *rules = rs->rules;
  g_autoptr(SlReader) r = NULL;
  g_autoptr(SlReader) inner = NULL;
  JsonNode *node;
  const char *turn_field, *subphase_field;
  int turn, subphase;

  breach->state = SL_BREACH_NONE;
  if (!sl_reader_has (parent, "breach"))
    return;
  node = sl_reader_node (parent, "breach");
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      sl_reader_enum (parent, "breach", none, N_("breach"), 0);
      return;
    }

  r = sl_reader_object (parent, "breach");
  if (sl_reader_has (r, "delayed") == sl_reader_has (r, "bleeding"))
    {
      sl_reader_fail (parent, "breach",
                      _("A breach is “none”, or an object with either “delayed” or “bleeding”."));
      return;
    }
  if (sl_reader_has (r, "delayed"))
    {
      breach->state = SL_BREACH_DELAYED;
      inner = sl_reader_object (r, "delayed");
      turn_field = "turn";
      subphase_field = "subphase";
    }
  else
    {
      breach->state = SL_BREACH_BLEEDING;
      inner = sl_reader_object (r, "bleeding");
      turn_field = "next_turn";
      subphase_field = "next_subphase";
    }
  sl_reader_end (r);
  if (inner == NULL)
    return;
  sl_reader_require (inner, turn_field);
  sl_reader_require (inner, subphase_field);
  turn = sl_reader_int (inner, turn_field, 1, 10000, 1);
  subphase = sl_reader_int (inner, subphase_field, 1, rules->subphases_per_turn, 1);
  sl_reader_end (inner);
  breach->due = sl_subphase_index (rules, turn, subphase);
}

static void
set_when (const SlRules *rules,
          JsonObject    *object,
          int            index,
          const char    *turn_name,
          const char    *subphase_name)
{
  int turn, subphase;

  sl_subphase_split (rules, index, &turn, &subphase);
  json_object_set_int_member (object, turn_name, turn);
  json_object_set_int_member (object, subphase_name, subphase);
}

static void
breach_json (SlResolve      *rs,
             const SlBreach *breach)
{
  JsonObject *o, *inner;

  switch (breach->state)
    {
    case SL_BREACH_DELAYED:
      o = sl_resolve_result_object (rs->result, "breach");
      inner = sl_resolve_result_object (o, "delayed");
      set_when (rs->rules, inner, breach->due, "turn", "subphase");
      break;
    case SL_BREACH_BLEEDING:
      o = sl_resolve_result_object (rs->result, "breach");
      inner = sl_resolve_result_object (o, "bleeding");
      set_when (rs->rules, inner, breach->due, "next_turn", "next_subphase");
      break;
    case SL_BREACH_NONE:
    default:
      json_object_set_string_member (rs->result, "breach", "none");
      break;
    }

  if (breach->state == SL_BREACH_NONE)
    json_object_set_null_member (rs->result, "next_wound");
  else
    set_when (rs->rules, sl_resolve_result_object (rs->result, "next_wound"), breach->due,
              "turn", "subphase");
}

gboolean
sl_resolve_suit_breach (SlResolve  *rs,
                        GError    **error)
{
  SlReader *r = rs->request;
  SlSuitBreachInput in = { 0 };
  SlSuitBreachResult res;
  int turn, subphase;

  in.environment = sl_reader_enum (r, "environment", sl_environment_names, N_("environment"),
                                   SL_ENVIRONMENT_VACUUM);
  in.in_intact_building = sl_reader_bool (r, "in_intact_building", FALSE);
  in.inside = sl_reader_bool (r, "inside", FALSE);
  in.armor = sl_resolve_get_armor (rs, r, "armor", NULL);
  in.levels = sl_reader_int (r, "levels", 0, SL_WOUND_DEAD, 0);
  read_breach (rs, r, &in.breach);
  sl_reader_require (r, "turn");
  sl_reader_require (r, "subphase");
  turn = sl_reader_int (r, "turn", 1, 10000, 1);
  subphase = sl_reader_int (r, "subphase", 1, rs->rules->subphases_per_turn, 1);
  in.now = sl_subphase_index (rs->rules, turn, subphase);
  in.has_wound = sl_reader_has (r, "wound");
  in.wound = sl_resolve_wound (rs, r, "wound");

  if (sl_reader_ok (r) && in.environment == SL_ENVIRONMENT_VACUUM && in.in_intact_building)
    sl_reader_fail (r, "in_intact_building",
                    _("Only a hostile atmosphere is kept out by intact buildings; a place in vacuum is in vacuum (A-120)."));
  else if (sl_reader_ok (r) && in.has_wound && in.wound != SL_WOUND_DEAD &&
           (int) in.wound < in.levels)
    sl_reader_fail (r, "wound",
                    _("The wound level must include the %d levels just taken."), in.levels);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  if (!sl_suit_breach_resolve (rs->rules, &rs->options, &in, &res, error))
    return FALSE;

  breach_json (rs, &res.breach);
  json_object_set_int_member (rs->result, "levels", res.levels);
  json_object_set_boolean_member (rs->result, "dazed", res.dazed);
  json_object_set_boolean_member (rs->result, "breached_now", res.breached_now);
  json_object_set_boolean_member (rs->result, "sealed_now", res.sealed_now);
  json_object_set_boolean_member (rs->result, "neutral", res.neutral);
  if (res.skipped)
    json_object_set_boolean_member (rs->result, "skipped", TRUE);
  if (in.has_wound)
    {
      json_object_set_string_member (rs->result, "wound", sl_wound_names[res.wound]);
      json_object_set_boolean_member (rs->result, "dead", res.dead);
    }
  return TRUE;
}
