/* sl-resolve-morale.c: requests for initiative, melee, rout, rally and
 * regroup
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-morale.h"
#include "sl-resolve-private.h"

/* Leader rating: T-24 prints −2 … +2. */
#define RATING_MIN (-2)
#define RATING_MAX 2
/* Head counts of a squad; merged squads may be of any size (P-33). */
#define COUNT_MAX 100

/* Whether @id was seen before; remembers it. */
static gboolean
duplicate_id (const char *id,
              GHashTable *seen)
{
  if (id == NULL)
    return FALSE;
  if (g_hash_table_contains (seen, id))
    return TRUE;
  g_hash_table_add (seen, (gpointer) id);
  return FALSE;
}

/* The leader fields shared by initiative, rout and rally: leader_rating,
 * leader_race, and whether an acting leader (P-32 step 8: rating +2) took
 * over. */
static void
read_leader (SlResolve *rs,
             SlReader  *r,
             SlLeader  *leader)
{
  leader->rating = sl_reader_int (r, "leader_rating", RATING_MIN, RATING_MAX, 0);
  leader->race = sl_resolve_get_race (rs, r, "leader_race", "human");
  if (sl_reader_ok (r) && leader->state == SL_LEADER_ACTING && sl_reader_has (r, "leader_rating"))
    sl_reader_fail (r, "leader_rating",
                    _("An acting leader's rating is always +2 (P-32); leave leader_rating out."));
}

/* initiative */

static void
breakdown_member (JsonObject        *object,
                  const char        *name,
                  const SlBreakdown *breakdown)
{
  json_object_set_member (object, name, sl_breakdown_to_json (breakdown));
}

static JsonArray *
ids_array (const SlGrouping *groupings,
           const guint      *indices,
           guint             n)
{
  JsonArray *array = json_array_sized_new (n);

  for (guint i = 0; i < n; i++)
    json_array_add_string_element (array, groupings[indices[i]].id);
  return array;
}

/* One grouping of the request (P-06); @seen holds the ids read so far. */
static void
read_grouping (SlResolve  *rs,
               SlReader   *r,
               GHashTable *seen,
               SlGrouping *g)
{
  sl_reader_require (r, "id");
  g->id = sl_reader_string (r, "id", NULL);
  if (duplicate_id (g->id, seen))
    sl_reader_fail (r, "id", _("Two groupings are called “%s”; each needs its own id."), g->id);
  g->roll_stream = sl_resolve_die (rs, r, "roll", 10);
  g->decision_given = sl_reader_has (r, "decision");
  g->decision = sl_reader_enum (r, "decision", sl_decision_names, N_("decision"),
                                SL_DECISION_MOVE);
  g->race = sl_resolve_get_race (rs, r, "race", "human");
  g->leader.state = sl_reader_enum (r, "leader_state", sl_leader_state_names,
                                    N_("leader state"), SL_LEADER_ALIVE);
  read_leader (rs, r, &g->leader);
  g->contains_leader = sl_reader_bool (r, "contains_leader", TRUE);
  g->quality = sl_resolve_quality (rs, r, "quality");
  g->modifier = sl_reader_int (r, "modifier", -10, 10, 0);
  g->ambushed = sl_reader_bool (r, "ambushed", FALSE);
  g->tie_stream = sl_resolve_dice_list (rs, r, "tie_rolls", 10);
}

/* The request's groupings, @n of them. */
static SlGrouping *
read_groupings (SlResolve *rs,
                guint     *n)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  SlGrouping *groupings;

  sl_reader_require (rs->request, "groupings");
  *n = sl_reader_array_length (rs->request, "groupings");
  if (*n == 0 && sl_reader_ok (rs->request))
    sl_reader_fail (rs->request, "groupings",
                    _("Initiative needs at least one grouping: a squad, a fire team or a scenario grouping (P-06)."));
  groupings = g_new0 (SlGrouping, MAX (*n, 1));

  for (guint i = 0; i < *n && sl_reader_ok (rs->request); i++)
    {
      g_autoptr(SlReader) r = sl_reader_array_object (rs->request, "groupings", i);

      read_grouping (rs, r, seen, &groupings[i]);
      sl_reader_end (r);
    }
  return groupings;
}

/* Tie rolls, as the dice fell. */
static JsonArray *
rolls_array (const GArray *rolls)
{
  JsonArray *array = json_array_new ();

  for (guint k = 0; k < rolls->len; k++)
    json_array_add_int_element (array, g_array_index (rolls, int, k));
  return array;
}

/* One grouping's line of "groupings". */
static JsonObject *
grouping_json (const SlGrouping       *g,
               const SlGroupingResult *gr)
{
  JsonObject *o = json_object_new ();

  json_object_set_string_member (o, "id", g->id);
  json_object_set_int_member (o, "natural", gr->natural);
  json_object_set_int_member (o, "modifier", sl_breakdown_total (gr->breakdown));
  json_object_set_int_member (o, "net", gr->net);
  json_object_set_int_member (o, "rank", gr->rank + 1);
  json_object_set_int_member (o, "place", gr->place + 1);
  json_object_set_string_member (o, "decision", sl_decision_names[gr->decision]);
  json_object_set_boolean_member (o, "forced", gr->forced);
  if (g->ambushed)
    {
      /* §5.2: it can do nothing for the next 3 subphases. */
      json_object_set_boolean_member (o, "ambushed", TRUE);
      json_object_set_int_member (o, "idle_subphases", SL_AMBUSH_SUBPHASES);
    }
  if (gr->tie_rolls->len > 0)
    json_object_set_array_member (o, "tie_rolls", rolls_array (gr->tie_rolls));
  return o;
}

/* "net", "decisions", "breakdown" and "groupings" by grouping, then the
 * ambushed ones in acting order. */
static void
groupings_json (SlResolve                *rs,
                const SlGrouping         *groupings,
                guint                     n,
                const SlInitiativeResult *res)
{
  JsonObject *net = sl_resolve_result_object (rs->result, "net");
  JsonObject *decisions = sl_resolve_result_object (rs->result, "decisions");
  JsonObject *breakdowns = sl_resolve_result_object (rs->result, "breakdown");
  JsonArray *details = json_array_new ();
  JsonArray *ambushed = json_array_new ();

  for (guint i = 0; i < n; i++)
    {
      const SlGroupingResult *gr = &res->groupings[i];

      json_object_set_int_member (net, groupings[i].id, gr->net);
      json_object_set_string_member (decisions, groupings[i].id, sl_decision_names[gr->decision]);
      breakdown_member (breakdowns, groupings[i].id, gr->breakdown);
      json_array_add_object_element (details, grouping_json (&groupings[i], gr));
    }
  json_object_set_array_member (rs->result, "groupings", details);
  for (guint p = 0; p < n; p++)
    {
      guint index = g_array_index (res->order, guint, p);

      if (groupings[index].ambushed)
        json_array_add_string_element (ambushed, groupings[index].id);
    }
  json_object_set_array_member (rs->result, "ambushed", ambushed);
}

/* The ties and how each was settled. */
static JsonArray *
ties_json (const SlGrouping         *groupings,
           const SlInitiativeResult *res)
{
  JsonArray *ties = json_array_new ();

  for (guint t = 0; t < res->ties->len; t++)
    {
      const SlInitiativeTie *tie = g_ptr_array_index (res->ties, t);
      JsonObject *o = json_object_new ();

      json_object_set_int_member (o, "net", tie->net);
      json_object_set_array_member (o, "groupings",
                                    ids_array (groupings, (guint *) (gpointer) tie->members->data,
                                               tie->members->len));
      json_object_set_string_member (o, "settled_by", sl_tie_settled_names[tie->settled_by]);
      json_object_set_boolean_member (o, "rerolled", tie->rerolled);
      if (tie->rerolled)
        {
          JsonObject *rolls = sl_resolve_result_object (o, "rolls");

          for (guint k = 0; k < tie->members->len; k++)
            {
              guint index = g_array_index (tie->members, guint, k);

              json_object_set_array_member (rolls, groupings[index].id,
                                            rolls_array (res->groupings[index].tie_rolls));
            }
        }
      json_array_add_object_element (ties, o);
    }
  return ties;
}

gboolean
sl_resolve_initiative (SlResolve  *rs,
                       GError    **error)
{
  g_autofree SlGrouping *groupings = NULL;
  g_auto(SlInitiativeResult) res = { 0 };
  SlInitiativeInput in = { 0 };
  guint n;

  groupings = read_groupings (rs, &n);
  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  in.groupings = groupings;
  in.n_groupings = n;
  if (!sl_initiative_resolve (rs->rules, &rs->options, &in, rs->dice, &res, error))
    return FALSE;

  json_object_set_array_member (rs->result, "order",
                                ids_array (groupings, (guint *) (gpointer) res.order->data, n));
  json_object_set_array_member (rs->result, "ranking",
                                ids_array (groupings, (guint *) (gpointer) res.ranking->data, n));
  groupings_json (rs, groupings, n, &res);
  json_object_set_array_member (rs->result, "ties", ties_json (groupings, &res));
  return TRUE;
}

/* melee */

typedef struct
{
  gboolean wound_given;
  gboolean roll_given;
  gboolean parry_share_given;
} SideFields;

static void
read_melee_side (SlResolve   *rs,
                 SlReader    *r,
                 SlMeleeSide *side,
                 SideFields  *given)
{
  side->troop = sl_resolve_get_troop (rs, r, "troop", NULL);
  side->race = sl_resolve_get_race (rs, r, "race", "human");
  side->armor = sl_resolve_get_armor (rs, r, "armor", "NONE");
  given->wound_given = sl_reader_has (r, "wound");
  side->wound = sl_resolve_wound (rs, r, "wound");
  side->stance = sl_reader_enum (r, "stance", sl_stance_names, N_("stance"), SL_STANCE_ATTACK);
  side->bonus = sl_reader_bool (r, "bonus", FALSE);
  given->parry_share_given = sl_reader_has (r, "parry_share");
  side->parry_share = sl_reader_int (r, "parry_share", 0, SL_MELEE_PARRY, SL_MELEE_PARRY);
  side->dazed = sl_reader_bool (r, "dazed", FALSE);
  side->modifier = sl_reader_int (r, "modifier", -5, 5, 0);
  given->roll_given = sl_reader_has (r, "roll");
  side->roll_stream = sl_resolve_die (rs, r, "roll", 10);
}

/* Refuses the fields of @side that its situation leaves unused. */
static void
check_melee_side (SlReader           *r,
                  const SlMeleeInput *in,
                  const SlMeleeSide  *side,
                  const SlMeleeSide  *opponent,
                  const SideFields   *given)
{
  if (!sl_reader_ok (r))
    return;
  if (given->parry_share_given && opponent->stance != SL_STANCE_PARRY)
    sl_reader_fail (r, "parry_share",
                    _("The opponent does not parry, so there is no parry to share (P-24 step 5, E-21)."));
  else if (given->roll_given && in->free_attack && side == &in->b)
    sl_reader_fail (r, "roll", _("Only the attacker rolls for the free attack (A-74)."));
  else if (given->roll_given && side->dazed)
    sl_reader_fail (r, "roll", _("A dazed unit makes no melee roll (A-27)."));
  else if (given->roll_given && side->stance == SL_STANCE_PARRY)
    sl_reader_fail (r, "roll", _("A parrying unit makes no roll (P-24 step 5)."));
}

static void
melee_side_json (SlResolve               *rs,
                 const SlMeleeSide       *side,
                 const SlMeleeSideResult *res,
                 const SideFields        *given,
                 JsonObject              *o)
{
  json_object_set_string_member (o, "stance", sl_stance_names[side->stance]);
  json_object_set_boolean_member (o, "rolled", res->roll == SL_MELEE_ROLLED);
  if (res->roll == SL_MELEE_ROLLED)
    {
      sl_check_outcome_to_json (&res->check, "hit", o);
      json_object_set_member (o, "breakdown", sl_breakdown_to_json (res->breakdown));
    }
  else
    {
      json_object_set_string_member (o, "no_roll", sl_melee_roll_names[res->roll]);
      json_object_set_boolean_member (o, "hit", FALSE);
    }
  json_object_set_boolean_member (o, "next_bonus", res->next_bonus);
  json_object_set_boolean_member (o, "hit_taken", res->hit_taken);
  if (res->hit_taken && given->wound_given)
    sl_resolve_damage_json (rs, &res->damage, sl_resolve_result_object (o, "damage"));
}

gboolean
sl_resolve_melee (SlResolve  *rs,
                  GError    **error)
{
  g_autoptr(SlReader) a = NULL;
  g_autoptr(SlReader) b = NULL;
  g_auto(SlMeleeResult) res = { 0 };
  SlMeleeInput in = { 0 };
  SideFields ga = { 0 }, gb = { 0 };

  sl_reader_require (rs->request, "a");
  sl_reader_require (rs->request, "b");
  a = sl_reader_object (rs->request, "a");
  b = sl_reader_object (rs->request, "b");
  if (a)
    read_melee_side (rs, a, &in.a, &ga);
  if (b)
    read_melee_side (rs, b, &in.b, &gb);
  in.zero_g = sl_reader_bool (rs->request, "zero_g", FALSE);
  in.free_attack = sl_reader_bool (rs->request, "free_attack", FALSE);
  if (a && b)
    {
      check_melee_side (a, &in, &in.a, &in.b, &ga);
      check_melee_side (b, &in, &in.b, &in.a, &gb);
    }
  if (a)
    sl_reader_end (a);
  if (b)
    sl_reader_end (b);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_melee_resolve (rs->rules, &rs->options, &in, rs->dice, &res, error))
    return FALSE;

  json_object_set_boolean_member (rs->result, "a_hits", res.a.hit);
  json_object_set_boolean_member (rs->result, "b_hits", res.b.hit);
  json_object_set_int_member (rs->result, "ap", res.ap);
  melee_side_json (rs, &in.a, &res.a, &ga, sl_resolve_result_object (rs->result, "a"));
  melee_side_json (rs, &in.b, &res.b, &gb, sl_resolve_result_object (rs->result, "b"));
  return TRUE;
}

/* avoid-melee */

gboolean
sl_resolve_avoid_melee (SlResolve  *rs,
                        GError    **error)
{
  g_autoptr(SlReader) defender = NULL;
  g_autoptr(SlReader) attacker = NULL;
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  SlAvoidInput in = { 0 };
  SlAvoidResult res;

  sl_reader_require (rs->request, "defender");
  sl_reader_require (rs->request, "attacker");
  defender = sl_reader_object (rs->request, "defender");
  if (defender)
    {
      in.defender_troop = sl_resolve_get_troop (rs, defender, "troop", NULL);
      in.defender_race = sl_resolve_get_race (rs, defender, "race", "human");
      in.defender_wound = sl_resolve_wound (rs, defender, "wound");
      in.defender_dazed = sl_reader_bool (defender, "dazed", FALSE);
      sl_reader_end (defender);
    }
  attacker = sl_reader_object (rs->request, "attacker");
  if (attacker)
    {
      in.attacker_troop = sl_resolve_get_troop (rs, attacker, "troop", NULL);
      in.attacker_race = sl_resolve_get_race (rs, attacker, "race", "human");
      sl_reader_end (attacker);
    }
  in.defender_acted = sl_reader_bool (rs->request, "defender_acted", TRUE);
  in.zero_g = sl_reader_bool (rs->request, "zero_g", FALSE);
  if (sl_reader_ok (rs->request) && !in.defender_acted && sl_reader_has (rs->request, "roll"))
    sl_reader_fail (rs->request, "roll",
                    _("A defender that has not acted yet this subphase simply moves away, without a roll (P-23 case b)."));
  in.roll_stream = sl_resolve_die (rs, rs->request, "roll", 10);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_avoid_melee_resolve (rs->rules, &rs->options, &in, rs->dice, breakdown, &res, error))
    return FALSE;

  json_object_set_string_member (rs->result, "case", in.defender_acted ? "a" : "b");
  json_object_set_boolean_member (rs->result, "rolled", res.rolled);
  if (res.rolled)
    {
      sl_check_outcome_to_json (&res.check, "avoided", rs->result);
      sl_resolve_set_breakdown (rs, "breakdown", breakdown);
    }
  else
    json_object_set_boolean_member (rs->result, "avoided", res.avoided);
  json_object_set_boolean_member (rs->result, "free_attack", res.free_attack);
  if (res.free_attack)
    json_object_set_int_member (rs->result, "free_attack_ap", SL_FREE_ATTACK_AP);
  json_object_set_boolean_member (rs->result, "melee_follows", res.melee_follows);
  json_object_set_int_member (rs->result, "extra_ap", res.extra_ap);
  return TRUE;
}

/* rout */

/* The squad's side of the rout check (T-26, A-101). */
static void
read_rout_squad (SlResolve   *rs,
                 SlReader    *r,
                 SlRoutInput *in)
{
  gboolean acting = sl_reader_bool (r, "acting_leader", FALSE);

  in->leader.state = acting ? SL_LEADER_ACTING : SL_LEADER_ALIVE;
  read_leader (rs, r, &in->leader);
  in->leader_dead = sl_reader_bool (r, "leader_dead", FALSE);
  in->quality = sl_resolve_quality (rs, r, "quality");
  in->wounded_friends = sl_reader_int (r, "wounded_friends", 0, COUNT_MAX, 0);
  in->dead_friends = sl_reader_int (r, "dead_friends", 0, COUNT_MAX, 0);
  in->enemy_leader_dead = sl_reader_bool (r, "enemy_leader_dead", FALSE);
  in->enemy_casualties = sl_reader_int (r, "enemy_casualties", 0, COUNT_MAX, 0);
  in->own_enemy_casualties = sl_reader_int (r, "own_enemy_casualties", 0, COUNT_MAX, 0);
  in->penal = sl_reader_bool (r, "penal", FALSE);
  if (in->penal)
    sl_reader_require (r, "penal_leader_visible");
  else if (sl_reader_ok (r) && sl_reader_has (r, "penal_leader_visible"))
    sl_reader_fail (r, "penal_leader_visible",
                    _("Leader visibility matters only for penal troops (T-26); set penal."));
  in->penal_leader_visible = sl_reader_bool (r, "penal_leader_visible", FALSE);

  if (!sl_reader_ok (r))
    return;
  /* the dead leader also counts as a dead friend. */
  if (in->leader_dead && in->dead_friends < 1)
    sl_reader_fail (r, "dead_friends",
                    _("A dead leader also counts −10 as a dead friendly unit (A-101): dead_friends includes him."));
  else if (sl_reader_has (r, "own_enemy_casualties") &&
           in->own_enemy_casualties > in->enemy_casualties && sl_reader_has (r, "enemy_casualties"))
    sl_reader_fail (r, "own_enemy_casualties",
                    _("A squad cannot have caused more enemy casualties than there are."));
  else if (rs->options.rout_own_casualties_only && in->enemy_casualties > 0 &&
           !sl_reader_has (r, "own_enemy_casualties"))
    sl_reader_fail (r, "own_enemy_casualties",
                    _("With the option routOwnCasualtiesOnly only the enemy casualties this squad caused count (A-101): give own_enemy_casualties."));
}

/* one d100 per squad, or one per unit: "unit_rolls", @n of them. */
static SlRoutUnit *
read_unit_rolls (SlResolve *rs,
                 SlReader  *r,
                 gboolean   per_unit,
                 guint     *n)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  SlRoutUnit *units;

  *n = sl_reader_array_length (r, "unit_rolls");
  if (sl_reader_ok (r) && per_unit)
    {
      if (sl_reader_has (r, "roll"))
        sl_reader_fail (r, "roll",
                        _("With one rout roll per unit (option routRollScope, A-99) each unit rolls: give unit_rolls."));
      else if (*n == 0)
        sl_reader_fail (r, "unit_rolls",
                        _("With one rout roll per unit (option routRollScope, A-99) give unit_rolls: every unit of the squad but the leader."));
    }
  else if (sl_reader_ok (r) && sl_reader_has (r, "unit_rolls"))
    sl_reader_fail (r, "unit_rolls",
                    _("With one rout roll per squad (option routRollScope “squad”, A-99) the units do not roll."));
  units = g_new0 (SlRoutUnit, MAX (*n, 1));
  for (guint i = 0; i < *n && sl_reader_ok (r); i++)
    {
      g_autoptr(SlReader) u = sl_reader_array_object (r, "unit_rolls", i);

      sl_reader_require (u, "id");
      units[i].id = sl_reader_string (u, "id", NULL);
      if (duplicate_id (units[i].id, seen))
        sl_reader_fail (u, "id", _("Two units are called “%s”; each needs its own id."),
                        units[i].id);
      units[i].roll_stream = sl_resolve_die (rs, u, "roll", 100);
      sl_reader_end (u);
    }
  return units;
}

/* A-99, a roll per unit: the check every unit made, and which rout. */
static void
rout_units_json (SlResolve          *rs,
                 const SlRoutUnit   *units,
                 const SlBreakdown  *breakdown,
                 const SlRoutResult *res)
{
  const SlCheckDef *check = sl_rules_check (rs->rules, "rout");
  int modifier = sl_breakdown_total (breakdown);
  JsonArray *list = json_array_new ();
  JsonArray *routed = json_array_new ();

  json_object_set_int_member (rs->result, "modifier", modifier);
  json_object_set_int_member (rs->result, "target", check->target);
  json_object_set_int_member (rs->result, "needed", sl_check_needed (check, modifier));
  json_object_set_double_member (rs->result, "probability",
                                 sl_check_probability (check, modifier));
  json_object_set_boolean_member (rs->result, "routs", res->routs);
  for (guint i = 0; i < res->n_units; i++)
    {
      JsonObject *o = json_object_new ();
      gboolean unit_routs = res->units[i].check.success ||
                            (res->squad_routs &&
                             rs->options.rout_roll_scope == SL_ROUT_SCOPE_UNIT_ROUTS_SQUAD);

      json_object_set_string_member (o, "id", units[i].id);
      json_object_set_int_member (o, "natural", res->units[i].check.natural);
      json_object_set_int_member (o, "net", res->units[i].check.net);
      json_object_set_boolean_member (o, "failed", res->units[i].check.success);
      json_object_set_boolean_member (o, "routs", unit_routs);
      json_array_add_object_element (list, o);
      if (unit_routs)
        json_array_add_string_element (routed, units[i].id);
    }
  json_object_set_array_member (rs->result, "units", list);
  json_object_set_array_member (rs->result, "routed", routed);
}

gboolean
sl_resolve_rout (SlResolve  *rs,
                 GError    **error)
{
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  g_autofree SlRoutUnit *units = NULL;
  g_auto(SlRoutResult) res = { 0 };
  SlReader *r = rs->request;
  SlRoutInput in = { 0 };
  gboolean per_unit = rs->options.rout_roll_scope != SL_ROUT_SCOPE_SQUAD;
  guint n;

  read_rout_squad (rs, r, &in);
  units = read_unit_rolls (rs, r, per_unit, &n);
  in.units = units;
  in.n_units = per_unit ? n : 0;
  in.roll_stream = per_unit ? NULL : sl_resolve_die (rs, r, "roll", 100);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_rout_resolve (rs->rules, &rs->options, &in, rs->dice, breakdown, &res, error))
    return FALSE;

  if (!per_unit)
    sl_check_outcome_to_json (&res.check, "routs", rs->result);
  else
    rout_units_json (rs, units, breakdown, &res);
  json_object_set_string_member (rs->result, "scope",
                                 rs->options.rout_roll_scope == SL_ROUT_SCOPE_SQUAD ? "squad"
                                 : rs->options.rout_roll_scope == SL_ROUT_SCOPE_UNIT ? "unit"
                                 : "unit-routs-squad");
  json_object_set_boolean_member (rs->result, "squad_routs", res.squad_routs);
  json_object_set_double_member (rs->result, "squad_probability", res.squad_probability);
  sl_resolve_set_breakdown (rs, "breakdown", breakdown);
  return TRUE;
}

/* rally */

gboolean
sl_resolve_rally (SlResolve  *rs,
                  GError    **error)
{
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  SlRallyInput in = { 0 };
  SlCheckOutcome outcome;

  in.leader.state = sl_reader_bool (rs->request, "acting_leader", FALSE) ? SL_LEADER_ACTING
                                                                         : SL_LEADER_ALIVE;
  read_leader (rs, rs->request, &in.leader);
  in.quality = sl_resolve_quality (rs, rs->request, "quality");
  in.roll_stream = sl_resolve_die (rs, rs->request, "roll", 10);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_rally_resolve (rs->rules, &rs->options, &in, rs->dice, breakdown, &outcome, error))
    return FALSE;

  sl_check_outcome_to_json (&outcome, "rallied", rs->result);
  sl_resolve_set_breakdown (rs, "breakdown", breakdown);
  return TRUE;
}

/* regroup */

/* One squad of the merge (P-33); @seen holds the ids read so far. */
static void
read_regroup_squad (SlResolve      *rs,
                    SlReader       *r,
                    GHashTable     *seen,
                    SlRegroupSquad *s)
{
  sl_reader_require (r, "id");
  s->id = sl_reader_string (r, "id", NULL);
  if (duplicate_id (s->id, seen))
    sl_reader_fail (r, "id", _("Two squads are called “%s”; each needs its own id."), s->id);
  s->quality = sl_resolve_quality (rs, r, "quality");
  /* a squad is 8 units. */
  s->size = sl_reader_int (r, "size", 1, COUNT_MAX, 8);
  s->lost = sl_reader_int (r, "lost", 0, COUNT_MAX, 0);
  s->has_leader = sl_reader_bool (r, "has_leader", TRUE);
  s->leader_rating = sl_reader_int (r, "leader_rating", RATING_MIN, RATING_MAX, 0);
  s->leader_quality = sl_reader_enum (r, "leader_quality", sl_quality_names, N_("troop quality"),
                                      s->quality);
  if (!sl_reader_ok (r))
    return;
  if (s->lost > s->size)
    sl_reader_fail (r, "lost", _("Squad “%s” cannot have lost more than its %d units."),
                    s->id, s->size);
  else if (!s->has_leader && sl_reader_has (r, "leader_rating"))
    sl_reader_fail (r, "leader_rating", _("Squad “%s” has no leader to have a rating."),
                    s->id);
  else if (!s->has_leader && sl_reader_has (r, "leader_quality"))
    sl_reader_fail (r, "leader_quality", _("Squad “%s” has no leader."), s->id);
  else if (s->has_leader && s->lost == s->size)
    sl_reader_fail (r, "lost",
                    _("The leader of squad “%s” is alive, so it has not lost all of its units."),
                    s->id);
}

/* The squads to merge, @n of them. */
static SlRegroupSquad *
read_regroup_squads (SlResolve *rs,
                     guint     *n)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  SlRegroupSquad *squads;

  sl_reader_require (rs->request, "squads");
  *n = sl_reader_array_length (rs->request, "squads");
  if (*n < 2 && sl_reader_ok (rs->request))
    sl_reader_fail (rs->request, "squads", _("A regroup merges two or more squads (P-33)."));
  squads = g_new0 (SlRegroupSquad, MAX (*n, 1));

  for (guint i = 0; i < *n && sl_reader_ok (rs->request); i++)
    {
      g_autoptr(SlReader) r = sl_reader_array_object (rs->request, "squads", i);

      read_regroup_squad (rs, r, seen, &squads[i]);
      sl_reader_end (r);
    }
  return squads;
}

/* The squad whose leader takes command (P-33): its index, or -1. */
static int
read_regroup_leader (SlResolve            *rs,
                     const SlRegroupSquad *squads,
                     guint                 n,
                     const char          **leader_id)
{
  int leader = -1;

  sl_reader_require (rs->request, "leader");
  *leader_id = sl_reader_string (rs->request, "leader", NULL);
  if (*leader_id != NULL && sl_reader_ok (rs->request))
    {
      for (guint i = 0; i < n; i++)
        if (g_strcmp0 (squads[i].id, *leader_id) == 0)
          leader = i;
      if (leader < 0)
        sl_reader_fail (rs->request, "leader",
                        _("No squad is called “%s”; name the squad whose leader takes command."),
                        *leader_id);
    }
  return leader;
}

static void
regroup_json (SlResolve             *rs,
              const SlRegroupResult *res,
              const char            *leader_id)
{
  JsonObject *units;
  JsonArray *reasons = json_array_new ();

  json_object_set_boolean_member (rs->result, "allowed", res->allowed);
  for (guint i = 0; i < res->problems->len; i++)
    {
      const SlRegroupProblem *p = g_ptr_array_index (res->problems, i);
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "field", p->field);
      json_object_set_string_member (o, "message", p->message);
      json_array_add_object_element (reasons, o);
    }
  json_object_set_array_member (rs->result, "reasons", reasons);
  json_object_set_string_member (rs->result, "leader", leader_id);
  json_object_set_string_member (rs->result, "quality", sl_quality_names[res->quality]);
  json_object_set_boolean_member (rs->result, "quality_tie", res->quality_tie);
  json_object_set_int_member (rs->result, "leader_rating", res->leader_rating);
  json_object_set_int_member (rs->result, "size", res->size);
  units = sl_resolve_result_object (rs->result, "units");
  for (int q = 0; q < SL_N_QUALITIES; q++)
    if (res->counts[q] > 0)
      json_object_set_int_member (units, sl_quality_names[q], res->counts[q]);
}

gboolean
sl_resolve_regroup (SlResolve  *rs,
                    GError    **error)
{
  g_autofree SlRegroupSquad *squads = NULL;
  g_auto(SlRegroupResult) res = { 0 };
  SlRegroupInput in = { 0 };
  const char *leader_id;
  guint n;

  squads = read_regroup_squads (rs, &n);
  in.leader = read_regroup_leader (rs, squads, n, &leader_id);
  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  in.squads = squads;
  in.n_squads = n;
  sl_regroup_resolve (rs->rules, &rs->options, &in, &res);
  regroup_json (rs, &res, leader_id);
  (void) error;
  return TRUE;
}
