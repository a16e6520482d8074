/* sl-resolve-combat.c: requests for ranged combat, damage, bursts and
 * obstacles
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-combat.h"
#include "sl-resolve-private.h"

/* Terrain a unit stands in, as far as fire is concerned. */
static void
read_terrain (SlReader *r,
              gboolean *marsh,
              gboolean *light_woods,
              gboolean *heavy_woods)
{
  static const char * const terrain[] = { "clear", "marsh", "light-woods", "heavy-woods", NULL };
  int t = sl_reader_enum (r, "terrain", terrain, N_("terrain"), 0);

  *marsh = t == 1;
  *light_woods = t == 2;
  *heavy_woods = t == 3;
}

static void
read_firer (SlResolve *rs,
            SlReader  *r,
            SlFirer   *f)
{
  f->troop = sl_resolve_get_troop (rs, r, "troop", NULL);
  f->race = sl_resolve_get_race (rs, r, "race", "human");
  f->armor = sl_resolve_get_armor (rs, r, "armor", "NONE");
  f->weapon = sl_resolve_get_weapon (rs, r, "weapon", NULL);
  f->omni_mode = sl_resolve_omni_mode (rs, r, "omni_mode", f->weapon);
  f->wound = sl_resolve_wound (rs, r, "wound");
  f->movement = sl_reader_enum (r, "movement", sl_move_names, N_("movement"), SL_MOVE_NONE);
  f->facing_change = sl_reader_enum (r, "facing_change", sl_facing_names, N_("facing change"),
                                     SL_FACING_NONE);
  f->position = sl_resolve_position (rs, r);
  f->stealth_power = sl_reader_bool (r, "stealth_power", FALSE);
  f->ambushing = sl_reader_bool (r, "ambushing", FALSE);
  read_terrain (r, &f->in_marsh, &f->in_light_woods, &f->in_heavy_woods);
}

static void
read_target (SlResolve *rs,
             SlReader  *r,
             SlTarget  *t,
             gboolean   area)
{
  t->movement = sl_reader_enum (r, "movement", sl_move_names, N_("movement"), SL_MOVE_NONE);
  t->position = sl_resolve_position (rs, r);
  sl_resolve_covers (rs, r, "cover", t->covers);
  t->firing_at_firer = sl_reader_bool (r, "firing_at_firer", FALSE);
  t->armor = sl_reader_has (r, "armor") ? sl_resolve_get_armor (rs, r, "armor", NULL) : NULL;
  t->camo_tinter = sl_reader_bool (r, "camo_tinter", FALSE);
  t->vehicle = sl_reader_bool (r, "vehicle", FALSE);
  read_terrain (r, &t->in_marsh, &t->in_light_woods, &t->in_heavy_woods);
  t->units_on_line = sl_reader_int (r, "units_on_line", 0, 32, 0);
  t->in_melee = sl_reader_bool (r, "in_melee", FALSE);
  t->hidden = sl_reader_bool (r, "hidden", FALSE);

  if (sl_reader_ok (r) && t->position == SL_POSITION_PRONE &&
      t->movement != SL_MOVE_NONE && t->movement != SL_MOVE_CRAWL && t->movement != SL_MOVE_DIVE)
    sl_reader_fail (r, "movement", _("A prone unit may only crawl (§6.4)."));
  if (sl_reader_ok (r) && t->position == SL_POSITION_KNEELING && t->movement != SL_MOVE_NONE &&
      t->movement != SL_MOVE_JUMP)
    sl_reader_fail (r, "movement", _("A kneeling unit cannot move (§6.4)."));
  (void) area;
}

static void
read_conditions (SlResolve    *rs,
                 SlReader     *parent,
                 SlConditions *c)
{
  g_autoptr(SlReader) r = sl_reader_object (parent, "conditions");

  c->range_m = sl_reader_number (parent, "range_m", 0, 10000, -1);
  if (r == NULL)
    return;
  c->night = sl_reader_bool (r, "night", FALSE);
  c->indoors = sl_reader_bool (r, "indoors", FALSE);
  c->blackout = sl_reader_bool (r, "blackout", FALSE);
  c->smoke = sl_reader_bool (r, "smoke", FALSE);
  c->enemy_ecm = sl_reader_bool (r, "enemy_ecm", FALSE);
  c->rain = sl_reader_bool (r, "rain", FALSE);
  c->snow = sl_reader_bool (r, "snow", FALSE);
  c->zero_g = sl_reader_bool (r, "zero_g", FALSE);
  sl_reader_end (r);
}

static void
read_firer_cover (SlResolve    *rs,
                  SlReader     *parent,
                  SlToHitInput *in)
{
  sl_resolve_covers (rs, parent, "firer_cover", in->firer_own_cover);
}

gboolean
sl_resolve_to_hit (SlResolve  *rs,
                   GError    **error)
{
  g_autoptr(SlReader) firer = NULL;
  g_autoptr(SlReader) target = NULL;
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  g_autofree SlExtraModifier *extra = NULL;
  SlToHitInput in = { 0 };
  SlToHitResult res;
  const SlWeaponProfile *profile;

  sl_reader_require (rs->request, "firer");
  firer = sl_reader_object (rs->request, "firer");
  if (firer)
    {
      read_firer (rs, firer, &in.firer);
      sl_reader_end (firer);
    }
  target = sl_reader_object (rs->request, "target");
  if (target)
    {
      read_target (rs, target, &in.target, FALSE);
      sl_reader_end (target);
    }
  read_conditions (rs, rs->request, &in.conditions);
  in.fire = sl_reader_enum (rs->request, "fire", sl_fire_kind_names, N_("kind of fire"),
                            SL_FIRE_NORMAL);
  in.burst = sl_reader_enum (rs->request, "burst", sl_burst_names, N_("burst"), SL_BURST_NONE);
  in.consecutive = sl_reader_int (rs->request, "consecutive", 1, 3, 1);
  read_firer_cover (rs, rs->request, &in);
  extra = sl_extra_modifiers_read (rs->request, "modifiers", &in.n_extra);
  in.extra = extra;
  in.roll_stream = sl_resolve_die (rs, rs->request, "roll", 10);
  in.jam_stream = sl_resolve_die (rs, rs->request, "jam_roll", 10);
  in.other_stream = sl_resolve_die (rs, rs->request, "other_roll", 10);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  if (!sl_to_hit_resolve (rs->rules, &rs->options, &in, rs->dice, breakdown, &res, error))
    return FALSE;

  profile = sl_weapon_get_profile (in.firer.weapon, in.firer.omni_mode);
  sl_check_outcome_to_json (&res.check, "hit", rs->result);
  json_object_set_boolean_member (rs->result, "dazed", res.hit);
  json_object_set_int_member (rs->result, "penetration", profile->penetration);
  json_object_set_boolean_member (rs->result, "jammed", res.jammed);
  if (res.jam_checked)
    json_object_set_int_member (rs->result, "jam_roll", res.jam_roll);
  if (res.other_checked)
    {
      JsonObject *other = sl_resolve_result_object (rs->result, "other_participant");
      sl_check_outcome_to_json (&res.other, "hit", other);
    }
  sl_resolve_set_breakdown (rs, "breakdown", breakdown);
  return TRUE;
}

gboolean
sl_resolve_damage (SlResolve  *rs,
                   GError    **error)
{
  SlDamageInput in = { 0 };
  SlDamageResult res;
  const SlWeapon *weapon = NULL;
  const char *omni_mode;

  in.source = sl_reader_enum (rs->request, "source", sl_damage_source_names,
                              N_("source of damage"), SL_DAMAGE_FIRE);
  if (sl_reader_has (rs->request, "weapon"))
    weapon = sl_resolve_get_weapon (rs, rs->request, "weapon", NULL);
  omni_mode = sl_resolve_omni_mode (rs, rs->request, "omni_mode", weapon);
  in.penetration = sl_reader_int (rs->request, "penetration", 0, 50, -1);
  in.armor = sl_resolve_get_armor (rs, rs->request, "armor", "NONE");
  in.race = sl_resolve_get_race (rs, rs->request, "race", "human");
  in.wound = sl_resolve_wound (rs, rs->request, "wound");
  in.natural_roll = sl_reader_int (rs->request, "natural_roll", 1, 10, 0);
  in.rounds = sl_reader_int (rs->request, "rounds", 1, 5, 1);

  if (sl_reader_ok (rs->request))
    {
      gboolean needs_pf = in.source == SL_DAMAGE_FIRE || in.source == SL_DAMAGE_BLAST;

      if (weapon != NULL && in.penetration >= 0)
        sl_reader_fail (rs->request, "penetration", _("Give either a weapon or a penetration, not both."));
      else if (needs_pf && weapon == NULL && in.penetration < 0)
        sl_reader_fail (rs->request, "penetration", _("Give the weapon or the penetration (PF) of the hit."));
      else if (!needs_pf && (weapon != NULL || in.penetration >= 0))
        sl_reader_fail (rs->request, weapon ? "weapon" : "penetration",
                        _("Melee and vacuum wounds do not depend on penetration (P-24, P-39)."));
      else if (in.natural_roll > 0 && in.source != SL_DAMAGE_FIRE)
        sl_reader_fail (rs->request, "natural_roll",
                        _("Only fire has a to-hit roll; blasts, melee and vacuum have none (A-66)."));
      else if (in.rounds > 1 && in.source != SL_DAMAGE_FIRE)
        sl_reader_fail (rs->request, "rounds", _("Only a burst hits with several rounds (P-30)."));
      else if (in.wound == SL_WOUND_DEAD)
        sl_reader_fail (rs->request, "wound", _("The unit is already dead."));
    }
  if (weapon != NULL)
    in.penetration = sl_weapon_get_profile (weapon, omni_mode)->penetration;

  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  sl_damage_resolve (rs->rules, &rs->options, &in, &res);
  json_object_set_int_member (rs->result, "penetration", MAX (in.penetration, 0));
  sl_resolve_damage_json (rs, &res, rs->result);
  return TRUE;
}

gboolean
sl_resolve_burst_hits (SlResolve  *rs,
                       GError    **error)
{
  const char *stream;
  int rounds, roll, hits;

  rounds = sl_reader_int (rs->request, "rounds", 1, 5, rs->rules->burst_rounds);
  stream = sl_resolve_die (rs, rs->request, "roll", 10);
  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  roll = sl_dice_roll (rs->dice, stream, 10);
  hits = sl_burst_hits (rs->rules, &rs->options, rounds, roll);
  json_object_set_int_member (rs->result, "rounds", rounds);
  json_object_set_int_member (rs->result, "natural", roll);
  json_object_set_int_member (rs->result, "hits", hits);
  /* with the literal table a burst can hit with 0 rounds: no daze. */
  json_object_set_boolean_member (rs->result, "dazed", hits > 0);
  return TRUE;
}

gboolean
sl_resolve_area_burst (SlResolve  *rs,
                       GError    **error)
{
  g_autoptr(SlReader) firer = NULL;
  g_autoptr(GArray) targets = g_array_new (FALSE, TRUE, sizeof (SlAreaTarget));
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  SlAreaBurstResult res;
  JsonArray *results;
  SlToHitInput in = { 0 };
  const SlWeaponProfile *profile;
  const char *jam_stream;
  int rounds;
  guint n;

  sl_reader_require (rs->request, "firer");
  firer = sl_reader_object (rs->request, "firer");
  if (firer)
    {
      read_firer (rs, firer, &in.firer);
      sl_reader_end (firer);
    }
  read_conditions (rs, rs->request, &in.conditions);
  in.consecutive = sl_reader_int (rs->request, "consecutive", 1, 3, 1);
  rounds = sl_reader_int (rs->request, "rounds", 1, 5, rs->rules->burst_rounds);
  read_firer_cover (rs, rs->request, &in);
  jam_stream = sl_resolve_die (rs, rs->request, "jam_roll", 10);

  sl_reader_require (rs->request, "targets");
  n = sl_reader_array_length (rs->request, "targets");
  if (n == 0 && sl_reader_ok (rs->request))
    sl_reader_fail (rs->request, "targets", _("An area burst needs the units in its wedge."));
  for (guint i = 0; i < n && sl_reader_ok (rs->request); i++)
    {
      g_autoptr(SlReader) r = sl_reader_array_object (rs->request, "targets", i);
      SlAreaTarget t = { 0 };
      const char *id = sl_reader_string (r, "id", NULL);

      g_ptr_array_add (ids, id ? g_strdup (id) : g_strdup_printf ("%u", i));
      t.distance_given = sl_reader_has (r, "distance_m");
      t.distance_m = sl_reader_number (r, "distance_m", 0, 10000, (double) i);
      read_target (rs, r, &t.target, TRUE);
      t.race = sl_resolve_get_race (rs, r, "race", "human");
      t.wound = sl_resolve_wound (rs, r, "wound");
      t.roll_stream = sl_resolve_die (rs, r, "roll", 10);
      sl_reader_end (r);
      g_array_append_val (targets, t);
    }

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_area_burst_resolve (rs->rules, &rs->options, &in, (SlAreaTarget *) targets->data,
                              targets->len, rounds, rs->dice, jam_stream, &res, error))
    return FALSE;

  profile = sl_weapon_get_profile (in.firer.weapon, in.firer.omni_mode);
  results = json_array_new ();
  for (guint k = 0; k < res.n_targets; k++)
    {
      const SlAreaTargetResult *r = &res.targets[k];
      const SlAreaTarget *t = &g_array_index (targets, SlAreaTarget, r->index);
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "id", g_ptr_array_index (ids, r->index));
      json_object_set_boolean_member (o, "engaged", r->engaged);
      if (!r->engaged)
        json_object_set_string_member (o, "reason", r->reason);
      else
        {
          sl_check_outcome_to_json (&r->check, "hit", o);
          json_object_set_member (o, "breakdown", sl_breakdown_to_json (r->breakdown));
        }
      if (r->revealed)
        json_object_set_boolean_member (o, "revealed", TRUE);
      if (r->hit && t->target.armor != NULL)
        {
          SlDamageInput d = { 0 };
          SlDamageResult dr;

          /* Each unit takes at most one hit; A-66 per target. */
          d.source = SL_DAMAGE_FIRE;
          d.penetration = profile->penetration;
          d.armor = t->target.armor;
          d.race = t->race;
          d.wound = t->wound;
          d.natural_roll = r->check.natural;
          d.rounds = 1;
          sl_damage_resolve (rs->rules, &rs->options, &d, &dr);
          sl_resolve_damage_json (rs, &dr, sl_resolve_result_object (o, "damage"));
        }
      json_array_add_object_element (results, o);
    }

  json_object_set_int_member (rs->result, "rounds", rounds);
  json_object_set_int_member (rs->result, "hits", res.hits);
  if (res.jam_checked)
    json_object_set_int_member (rs->result, "jam_roll", res.jam_roll);
  json_object_set_boolean_member (rs->result, "jammed", res.jammed);
  json_object_set_array_member (rs->result, "targets", results);
  sl_area_burst_result_clear (&res);
  return TRUE;
}

gboolean
sl_resolve_obstacle (SlResolve  *rs,
                     GError    **error)
{
  SlObstacleInput in = { 0 };
  SlObstacleResult res;
  const SlWeapon *weapon = NULL;
  const char *omni_mode;
  int pf;

  in.obstacle = sl_resolve_get_obstacle (rs, rs->request, "obstacle", NULL);
  in.source = sl_reader_enum (rs->request, "source", sl_obstacle_source_names,
                              N_("source of damage"), SL_OBSTACLE_FIRE);
  if (sl_reader_has (rs->request, "weapon"))
    weapon = sl_resolve_get_weapon (rs, rs->request, "weapon", NULL);
  omni_mode = sl_resolve_omni_mode (rs, rs->request, "omni_mode", weapon);
  pf = sl_reader_int (rs->request, "penetration", 0, 50, -1);
  in.distance_m = sl_reader_number (rs->request, "distance_m", 0, 100, 0);
  in.charges = sl_reader_int (rs->request, "charges", 1, 4, 1);
  in.damage = sl_reader_number (rs->request, "damage", 0, 5, 0);
  in.burst = sl_reader_bool (rs->request, "burst", FALSE);

  if (sl_reader_ok (rs->request))
    {
      if (in.source == SL_OBSTACLE_FIRE && weapon == NULL && pf < 0)
        sl_reader_fail (rs->request, "penetration", _("Give the weapon or the penetration (PF) of the shot."));
      else if (weapon != NULL && pf >= 0)
        sl_reader_fail (rs->request, "penetration", _("Give either a weapon or a penetration, not both."));
      else if (in.source != SL_OBSTACLE_FIRE && (weapon != NULL || pf >= 0))
        sl_reader_fail (rs->request, weapon ? "weapon" : "penetration",
                        _("Explosives have their own penetration (T-30, T-33, A-80)."));
      else if (in.source != SL_OBSTACLE_FIRE && in.burst)
        sl_reader_fail (rs->request, "burst", _("Only fire comes in bursts."));
      else if (in.burst && weapon != NULL && !sl_weapon_get_profile (weapon, omni_mode)->auto_fire)
        sl_reader_fail (rs->request, "burst", _("The %s cannot fire automatic bursts (T-12)."),
                        weapon->name);
    }
  in.penetration = weapon ? sl_weapon_get_profile (weapon, omni_mode)->penetration : MAX (pf, 0);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_obstacle_resolve (rs->rules, &rs->options, &in, &res, error))
    return FALSE;

  json_object_set_int_member (rs->result, "armor_factor", res.armor_factor);
  json_object_set_int_member (rs->result, "penetration", res.penetration);
  json_object_set_double_member (rs->result, "levels", res.levels);
  json_object_set_double_member (rs->result, "total", res.total);
  json_object_set_boolean_member (rs->result, "immune", res.immune);
  json_object_set_boolean_member (rs->result, "destroyed", res.destroyed);
  if (res.marker)
    json_object_set_string_member (rs->result, "marker", res.marker);
  json_object_set_boolean_member (rs->result, "follow_through", res.follow_through);
  if (res.follow_through)
    json_object_set_int_member (rs->result, "follow_through_penetration",
                                res.follow_through_penetration);
  return TRUE;
}

gboolean
sl_resolve_follow_through (SlResolve  *rs,
                           GError    **error)
{
  g_autoptr(SlReader) target = NULL;
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  const SlCheckDef *check = sl_rules_check (rs->rules, "follow-through");
  const SlWeapon *weapon = NULL;
  const char *stream, *omni_mode;
  SlDamageInput d = { 0 };
  SlCheckOutcome outcome;
  int pf;

  if (sl_reader_has (rs->request, "weapon"))
    weapon = sl_resolve_get_weapon (rs, rs->request, "weapon", NULL);
  omni_mode = sl_resolve_omni_mode (rs, rs->request, "omni_mode", weapon);
  pf = sl_reader_int (rs->request, "penetration", 0, 50, -1);
  if (sl_reader_ok (rs->request) && weapon == NULL && pf < 0)
    sl_reader_fail (rs->request, "penetration",
                    _("Give the weapon or the penetration (PF) of the shot that breached."));
  else if (sl_reader_ok (rs->request) && weapon != NULL && pf >= 0)
    sl_reader_fail (rs->request, "penetration", _("Give either a weapon or a penetration, not both."));

  target = sl_reader_object (rs->request, "target");
  d.armor = sl_table_lookup (&rs->rules->armor, "NONE");
  d.race = sl_rules_race (rs->rules, "human");
  if (target)
    {
      d.armor = sl_resolve_get_armor (rs, target, "armor", "NONE");
      d.race = sl_resolve_get_race (rs, target, "race", "human");
      d.wound = sl_resolve_wound (rs, target, "wound");
      sl_reader_end (target);
    }
  stream = sl_resolve_die (rs, rs->request, "roll", 10);
  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  if (weapon)
    pf = sl_weapon_get_profile (weapon, omni_mode)->penetration;

  /* P-26: +3 and nothing else; a hit does damage at PF − 1. */
  sl_breakdown_add (breakdown, "follow-through", _("Follow-through behind a breach"),
                    rs->rules->to_hit.follow_through);
  sl_check_roll (check, sl_breakdown_total (breakdown), rs->dice, stream, &outcome);
  sl_check_outcome_to_json (&outcome, "hit", rs->result);
  sl_resolve_set_breakdown (rs, "breakdown", breakdown);
  json_object_set_int_member (rs->result, "penetration",
                              MAX (0, pf - rs->rules->follow_through_penetration_loss));
  if (outcome.success)
    {
      SlDamageResult dr;

      d.source = SL_DAMAGE_FIRE;
      d.penetration = MAX (0, pf - rs->rules->follow_through_penetration_loss);
      d.natural_roll = outcome.natural;
      d.rounds = 1;
      sl_damage_resolve (rs->rules, &rs->options, &d, &dr);
      sl_resolve_damage_json (rs, &dr, sl_resolve_result_object (rs->result, "damage"));
    }
  return TRUE;
}
