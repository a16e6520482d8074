/* test-actions.c: action costs, the subphase track, timings, dazes, rate of
 * fire, movement, elevators and wound effects
 * (digest §3, §6, §8, §10, §15.3; P-07 … P-13, P-15, P-19, P-30; T-05 …
 * T-07, T-09, T-10, T-16, T-17, T-22, T-23; worked examples E-05 … E-14,
 * E-17, E-18, E-26, E-37, E-42 … E-44)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "sl-actions.h"
#include "sl-movement.h"
#include "sl-test.h"

static gint64
cost_of (const char *fields)
{
  g_autofree char *request = g_strdup_printf ("{'kind': 'action-cost', %s}", fields);

  g_test_message ("%s", request);
  return sl_test_resolve_int (request, "cost");
}

static double
meters_of (const char *fields)
{
  g_autofree char *request = g_strdup_printf ("{'kind': 'movement', %s}", fields);

  g_test_message ("%s", request);
  return sl_test_resolve_double (request, "meters");
}

/* Asserts a moment member: turn, subphase (0 for none), phase and step
 * (NULL for none). */
static void
assert_moment (JsonNode   *r,
               const char *path,
               int         turn,
               int         subphase,
               const char *phase,
               const char *step)
{
  g_autofree char *turn_path = g_strdup_printf ("%s.turn", path);
  g_autofree char *subphase_path = g_strdup_printf ("%s.subphase", path);
  g_autofree char *phase_path = g_strdup_printf ("%s.phase", path);
  g_autofree char *step_path = g_strdup_printf ("%s.step", path);

  g_assert_cmpint (sl_test_int (r, turn_path), ==, turn);
  if (subphase > 0)
    g_assert_cmpint (sl_test_int (r, subphase_path), ==, subphase);
  else
    g_assert_false (sl_test_has (r, subphase_path));
  g_assert_cmpstr (sl_test_string (r, phase_path), ==, phase);
  if (step != NULL)
    g_assert_cmpstr (sl_test_string (r, step_path), ==, step);
  else
    g_assert_false (sl_test_has (r, step_path));
}

/* action-cost */

/* Every row of T-05 with the engine reading of its cost. */
static void
test_t05_rows (void)
{
  struct { const char *id; const char *fields; int cost; } rows[] = {
    { "aimed-fire", "", 3 },
    { "avoid-melee", "", 1 },                        /* A-21 */
    { "call-fire-mission", "", 10 },                 /* A-19 */
    { "call-elevator", "", 1 },                      /* A-20 */
    { "change-facing", "", 1 },
    { "change-omni-mode", "", 10 },
    { "clear-weapon", "", 5 },
    { "crawl", ", 'prone': true", 1 },
    { "dive", "", 2 },
    { "drop-object", "", 1 },
    { "pick-up-object", "", 1 },
    { "pick-up-object", ", 'key_from_body': true", 5 },
    { "fire", "", 1 },
    { "install-plastic", "", 5 },
    { "install-shaped", "", 10 },
    { "jump", "", 1 },
    { "leave-stealth", "", 1 },
    { "enter-stealth", ", 'options': {'allowEnterStealth': true}", 1 },  /* A-64 */
    { "melee", "", 5 },
    { "walk", "", 1 },
    { "run", "", 1 },
    { "sprint", "", 1 },
    { "move-sideways", "", 1 },
    { "move-backward", "", 1 },
    { "open-door", "", 1 },
    { "open-door", ", 'locked': true", 5 },
    { "open-door", ", 'airlock': true", 2 },
    { "open-door", ", 'locked': true, 'airlock': true", 6 },   /* P-12 */
    { "open-airlock", "", 10 },
    { "opportunity-fire", "", 2 },
    { "position-change", "", 2 },
    { "rally", "", 10 },
    { "reload", "", 5 },
    { "use-device", "", 5 },
    { "exchange", "", 3 },
    { "stairs", "", 5 },                             /* P-10 */
    { "stairs", ", 'floors': 2", 10 },
    { "elevator-travel", "", 2 },                    /* P-11 */
    { "elevator-travel", ", 'floors': 3", 6 },
  };
  const char * const *ids = sl_table_ids (&sl_test_rules ()->actions);

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *fields = g_strdup_printf ("'action': '%s'%s", rows[i].id, rows[i].fields);

      g_assert_cmpint (cost_of (fields), ==, rows[i].cost);
    }

  /* The list above covers every action of the rules data. */
  for (guint a = 0; ids[a]; a++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (rows) && !found; i++)
        found = g_str_equal (rows[i].id, ids[a]);
      if (!found)
        g_test_message ("T-05 row %s is not tested", ids[a]);
      g_assert_true (found);
    }
}

static void
test_t05_breakdown (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'action-cost', 'action': 'open-door',"
                                           " 'locked': true, 'airlock': true}");
  g_autoptr(JsonNode) s = sl_test_resolve ("{'kind': 'action-cost', 'action': 'stairs',"
                                           " 'floors': 3}");
  g_autoptr(JsonNode) k = sl_test_resolve ("{'kind': 'action-cost', 'action': 'pick-up-object',"
                                           " 'key_from_body': true}");

  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "base"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "locked"), ==, 4);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "airlock"), ==, 1);
  g_assert_cmpint (sl_test_int (r, "cost"), ==, 6);
  g_assert_cmpint (sl_test_breakdown (s, "breakdown", "base"), ==, 5);
  g_assert_cmpint (sl_test_breakdown (s, "breakdown", "floors"), ==, 10);
  g_assert_cmpint (sl_test_int (s, "cost"), ==, 15);
  g_assert_cmpint (sl_test_breakdown (k, "breakdown", "key-from-body"), ==, 4);
}

/* T-06: every combinable action with walking and running (the extra AP is
 * doubled when running), and every move that allows a combination. */
static void
test_t06_combinations (void)
{
  struct { const char *id; int walk; int run; } rows[] = {
    { "fire", 1, 1 },
    { "rally", 10, 10 },
    { "reload", 7, 9 },                  /* §6 text: 7 walking, 9 running */
    { "call-fire-mission", 10, 10 },
    { "use-device", 7, 9 },
    { "exchange", 4, 5 },
    { "clear-weapon", 8, 11 },           /* T-05: 8 walking, 11 running */
    { "change-facing", 1, 1 },
    { "drop-object", 1, 1 },
    { "leave-stealth", 1, 1 },
    { "change-omni-mode", 10, 10 },
  };
  g_autoptr(JsonNode) run = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *walk = g_strdup_printf ("'action': '%s',"
                                               " 'combined_with': 'walk'", rows[i].id);
      g_autofree char *running = g_strdup_printf ("'action': '%s',"
                                                  " 'combined_with': 'run'", rows[i].id);

      g_assert_cmpint (cost_of (walk), ==, rows[i].walk);
      g_assert_cmpint (cost_of (running), ==, rows[i].run);
    }

  /* The other moves of T-06 combine like walking. */
  g_assert_cmpint (cost_of ("'action': 'reload', 'combined_with': 'crawl', 'prone': true"), ==, 7);
  g_assert_cmpint (cost_of ("'action': 'reload', 'combined_with': 'backward'"), ==, 7);
  g_assert_cmpint (cost_of ("'action': 'reload', 'combined_with': 'backward',"
                            " 'prone': true"), ==, 7);
  g_assert_cmpint (cost_of ("'action': 'reload', 'combined_with': 'sideways'"), ==, 7);
  g_assert_cmpint (cost_of ("'action': 'reload', 'combined_with': 'kneeling'"), ==, 7);
  /* Sprinting allows Fire/Throw only. */
  g_assert_cmpint (cost_of ("'action': 'fire', 'combined_with': 'sprint'"), ==, 1);

  run = sl_test_resolve ("{'kind': 'action-cost', 'action': 'clear-weapon',"
                         " 'combined_with': 'run'}");
  g_assert_cmpint (sl_test_breakdown (run, "breakdown", "base"), ==, 5);
  g_assert_cmpint (sl_test_breakdown (run, "breakdown", "combination"), ==, 3);
  g_assert_cmpint (sl_test_breakdown (run, "breakdown", "running"), ==, 3);
  g_assert_cmpint (sl_test_int (run, "extra"), ==, 6);
  g_assert_cmpint (sl_test_int (run, "base"), ==, 5);
}

/* E-43: running with drop object; kneeling with reload. */
static void
test_e43_combination_examples (void)
{
  g_autoptr(JsonNode) drop = sl_test_resolve ("{'kind': 'action-cost', 'action': 'drop-object',"
                                              " 'combined_with': 'run'}");
  g_autoptr(JsonNode) reload = sl_test_resolve ("{'kind': 'action-cost', 'action': 'reload',"
                                                " 'combined_with': 'kneeling'}");

  g_assert_cmpint (sl_test_int (drop, "cost"), ==, 1);
  g_assert_cmpint (sl_test_int (reload, "cost"), ==, 7);
  g_assert_cmpstr (sl_test_string (reload, "ends_position"), ==, "kneeling");
}

/* Only combinable actions, only the moves of T-06, sprint only with fire,
 * and the unit's position must allow the move (§6.4). */
static void
test_illegal_combinations (void)
{
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'aimed-fire',"
                          " 'combined_with': 'walk'}",
                          "combined_with", "T-06");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'pick-up-object',"
                          " 'combined_with': 'walk'}",
                          "combined_with", "not picking one up");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'opportunity-fire',"
                          " 'combined_with': 'walk'}",
                          "combined_with", "T-06");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'install-plastic',"
                          " 'combined_with': 'crawl', 'prone': true}",
                          "combined_with", "T-06");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload', 'combined_with': 'sprint'}",
                          "combined_with", "sprinting only Fire/Throw");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'rally', 'combined_with': 'sprint'}",
                          "combined_with", "T-06");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'fire', 'combined_with': 'jump'}",
                          "combined_with", "T-06");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'fire', 'combined_with': 'dive'}",
                          "combined_with", "T-06");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload', 'combined_with': 'crawl'}",
                          "combined_with", "Only a prone unit can crawl");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload', 'combined_with': 'walk',"
                          " 'prone': true}",
                          "combined_with", "§6.4");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload',"
                          " 'combined_with': 'sideways', 'kneeling': true}",
                          "combined_with", "§6.4");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload',"
                          " 'combined_with': 'backward', 'kneeling': true}",
                          "combined_with", "§6.4");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload',"
                          " 'combined_with': 'kneeling', 'kneeling': true}",
                          "combined_with", "A-23");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'walk', 'combined_with': 'run'}",
                          "combined_with", "T-06");
}

/* A-25 and A-26: the wound penalty, once, after the running doubling, on
 * every action but moves, Fire/Throw and (by default) Melee. */
static void
test_wound_penalty_a25_a26 (void)
{
  g_autoptr(JsonNode) r = NULL;

  g_assert_cmpint (cost_of ("'action': 'reload', 'combined_with': 'run',"
                            " 'wound': 'moderate'"), ==, 10);
  g_assert_cmpint (cost_of ("'action': 'reload', 'combined_with': 'run',"
                            " 'wound': 'serious'"), ==, 11);
  g_assert_cmpint (cost_of ("'action': 'reload', 'wound': 'light'"), ==, 5);
  g_assert_cmpint (cost_of ("'action': 'position-change', 'wound': 'moderate'"), ==, 3);
  g_assert_cmpint (cost_of ("'action': 'call-elevator', 'wound': 'serious'"), ==, 3);
  /* Exempt: every movement action and Fire/Throw. */
  g_assert_cmpint (cost_of ("'action': 'walk', 'wound': 'serious'"), ==, 1);
  g_assert_cmpint (cost_of ("'action': 'jump', 'wound': 'serious'"), ==, 1);
  g_assert_cmpint (cost_of ("'action': 'dive', 'wound': 'serious'"), ==, 2);
  g_assert_cmpint (cost_of ("'action': 'stairs', 'wound': 'serious'"), ==, 5);
  g_assert_cmpint (cost_of ("'action': 'elevator-travel', 'wound': 'serious'"), ==, 2);
  g_assert_cmpint (cost_of ("'action': 'change-facing', 'wound': 'serious'"), ==, 1);
  g_assert_cmpint (cost_of ("'action': 'fire', 'combined_with': 'run', 'wound': 'serious'"), ==, 1);

  r = sl_test_resolve ("{'kind': 'action-cost', 'action': 'reload', 'combined_with': 'run',"
                       " 'wound': 'moderate'}");
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "wound"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "running"), ==, 2);
  g_assert_cmpint (sl_test_int (r, "wound_penalty"), ==, 1);
  g_assert_false (sl_test_bool (r, "wound_exempt"));
}

#define OTHER_SCOPE " 'options': {'woundPenaltyScope': 'exempt-aimed-opportunity'}"

static void
test_option_wound_scope_a26 (void)
{
  /* Default: melee exempt, aimed and opportunity fire penalised. */
  g_assert_cmpint (cost_of ("'action': 'melee', 'wound': 'serious'"), ==, 5);
  g_assert_cmpint (cost_of ("'action': 'aimed-fire', 'wound': 'serious'"), ==, 5);
  g_assert_cmpint (cost_of ("'action': 'opportunity-fire', 'wound': 'moderate'"), ==, 3);
  /* Option: the other way round. */
  g_assert_cmpint (cost_of ("'action': 'melee', 'wound': 'serious'," OTHER_SCOPE), ==, 7);
  g_assert_cmpint (cost_of ("'action': 'aimed-fire', 'wound': 'serious'," OTHER_SCOPE), ==, 3);
  g_assert_cmpint (cost_of ("'action': 'opportunity-fire', 'wound': 'moderate',"
                            OTHER_SCOPE), ==, 2);
  /* Either way reloading pays and walking does not. */
  g_assert_cmpint (cost_of ("'action': 'reload', 'wound': 'moderate'," OTHER_SCOPE), ==, 6);
  g_assert_cmpint (cost_of ("'action': 'walk', 'wound': 'moderate'," OTHER_SCOPE), ==, 1);
}

/* A-23: kneeling combinations cost max(2, action + extra), or the base AP
 * with the option. */
static void
test_option_kneeling_a23 (void)
{
  g_autoptr(JsonNode) fire = sl_test_resolve ("{'kind': 'action-cost', 'action': 'fire',"
                                              " 'combined_with': 'kneeling'}");

  g_assert_cmpint (sl_test_int (fire, "cost"), ==, 2);
  g_assert_cmpint (sl_test_breakdown (fire, "breakdown", "kneeling-minimum"), ==, 1);
  g_assert_cmpint (cost_of ("'action': 'reload', 'combined_with': 'kneeling'"), ==, 7);
  g_assert_cmpint (cost_of ("'action': 'exchange', 'combined_with': 'kneeling'"), ==, 4);
  /* From prone too: any position to any other (T-05). */
  g_assert_cmpint (cost_of ("'action': 'fire', 'combined_with': 'kneeling', 'prone': true"), ==, 2);
  /* The position change pays the wound penalty even when the action does
   * not; the wound penalty still counts once. */
  g_assert_cmpint (cost_of ("'action': 'fire', 'combined_with': 'kneeling',"
                            " 'wound': 'moderate'"), ==, 3);
  g_assert_cmpint (cost_of ("'action': 'reload', 'combined_with': 'kneeling',"
                            " 'wound': 'moderate'"), ==, 8);

  g_assert_cmpint (cost_of ("'action': 'reload', 'combined_with': 'kneeling',"
                            " 'options': {'kneelingCombinationFree': true}"), ==, 5);
  g_assert_cmpint (cost_of ("'action': 'fire', 'combined_with': 'kneeling',"
                            " 'options': {'kneelingCombinationFree': true}"), ==, 1);
  /* With the option, "kneeling" means while kneeling. */
  g_assert_cmpint (cost_of ("'action': 'reload', 'combined_with': 'kneeling', 'kneeling': true,"
                            " 'options': {'kneelingCombinationFree': true}"), ==, 5);
}

static void
test_option_avoid_melee_a21 (void)
{
  g_autoptr(JsonNode) text = sl_test_resolve ("{'kind': 'action-cost', 'action': 'avoid-melee'}");
  g_autoptr(JsonNode) table = sl_test_resolve ("{'kind': 'action-cost', 'action': 'avoid-melee',"
                                               " 'options': {'avoidMeleeExtraAP': 3}}");

  g_assert_cmpint (sl_test_int (text, "cost"), ==, 1);
  g_assert_cmpint (sl_test_int (text, "takes_effect_after"), ==, 1);
  g_assert_cmpint (sl_test_int (table, "cost"), ==, 4);
  g_assert_cmpint (sl_test_breakdown (table, "breakdown", "avoid-melee"), ==, 3);
  /* The move resolves at once; the unit then waits 3 more subphases. */
  g_assert_cmpint (sl_test_int (table, "takes_effect_after"), ==, 1);
  /* Avoiding is a move: no wound penalty. */
  g_assert_cmpint (cost_of ("'action': 'avoid-melee', 'wound': 'serious'"), ==, 1);
}

static void
test_option_enter_stealth_a64 (void)
{
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'enter-stealth'}", "action",
                          "allowEnterStealth");
  g_assert_cmpint (cost_of ("'action': 'enter-stealth', 'combined_with': 'walk',"
                            " 'options': {'allowEnterStealth': true}"), ==, 1);
  /* Leaving needs no option. */
  g_assert_cmpint (cost_of ("'action': 'leave-stealth'"), ==, 1);
}

static void
test_leader_only (void)
{
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'rally', 'leader': false}", "leader",
                          "squad leader");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'call-fire-mission', 'leader': false,"
                          " 'combined_with': 'walk'}", "leader", "squad leader");
  g_assert_cmpint (cost_of ("'action': 'rally', 'leader': true"), ==, 10);
  g_assert_cmpint (cost_of ("'action': 'reload', 'leader': false"), ==, 5);
}

/* P-19 and A-27: a dazed unit may only start going kneeling or prone. */
static void
test_dazed_a27 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'action-cost', 'action': 'position-change',"
                                           " 'dazed': true, 'to_position': 'prone'}");

  g_assert_cmpint (sl_test_int (r, "cost"), ==, 2);
  g_assert_cmpstr (sl_test_string (r, "ends_position"), ==, "prone");
  g_assert_cmpint (cost_of ("'action': 'position-change', 'dazed': true, 'to_position': 'kneeling',"
                            " 'wound': 'moderate'"), ==, 3);
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload',"
                          " 'dazed': true}", "dazed", "A-27");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'fire',"
                          " 'dazed': true}", "dazed", "P-19");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'walk',"
                          " 'dazed': true}", "dazed", "A-27");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'position-change', 'dazed': true,"
                          " 'prone': true, 'to_position': 'standing'}", "to_position", "A-27");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'position-change', 'dazed': true}",
                          "to_position", "kneeling or prone");
}

static void
test_positions (void)
{
  g_autoptr(JsonNode) jump = sl_test_resolve ("{'kind': 'action-cost', 'action': 'jump'}");
  g_autoptr(JsonNode) dive = sl_test_resolve ("{'kind': 'action-cost', 'action': 'dive'}");
  g_autoptr(JsonNode) stand = sl_test_resolve ("{'kind': 'action-cost',"
                                               " 'action': 'position-change',"
                                               " 'position': 'kneeling',"
                                               " 'to_position': 'standing'}");

  g_assert_cmpstr (sl_test_string (jump, "ends_position"), ==, "kneeling");
  g_assert_cmpstr (sl_test_string (dive, "ends_position"), ==, "prone");
  g_assert_cmpstr (sl_test_string (stand, "ends_position"), ==, "standing");
  g_assert_cmpint (cost_of ("'action': 'move-backward', 'prone': true"), ==, 1);
  /* A-62: a unit kneeling on an obstacle jumps off it. */
  g_assert_cmpint (cost_of ("'action': 'jump', 'kneeling': true"), ==, 1);
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'jump', 'prone': true}", "action",
                          "§6.4");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'dive', 'kneeling': true}", "action",
                          "§6.4");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'crawl'}", "action", "prone");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'walk', 'prone': true}", "action",
                          "§6.4");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'run', 'kneeling': true}", "action",
                          "§6.4");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'stairs', 'prone': true}", "action",
                          "§6.4");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'position-change', 'prone': true,"
                          " 'to_position': 'prone'}", "to_position", "already prone");
}

static void
test_action_cost_malformed (void)
{
  sl_test_assert_refused ("{'kind': 'action-cost'}", "action", NULL);
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'teleport'}", "action", NULL);
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload', 'combined_with': 'fly'}",
                          "combined_with", NULL);
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload', 'floors': 2}", "floors",
                          "P-10");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'stairs',"
                          " 'floors': 0}", "floors", NULL);
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload', 'locked': true}", "locked",
                          "door");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload', 'airlock': true}", "airlock",
                          "door");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'open-door', 'key_from_body': true}",
                          "key_from_body", "Pick up");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload', 'to_position': 'prone'}",
                          "to_position", NULL);
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload', 'wound': 'unconscious'}",
                          "wound", "T-16");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload', 'wound': 'dead'}", "wound",
                          NULL);
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload', 'dazed': 1}", "dazed", NULL);
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload', 'speed': 3}", "speed", NULL);
}

/* schedule */

static void
assert_schedule (int turn,
                 int subphase,
                 int cost,
                 int end_turn,
                 int end_subphase)
{
  g_autofree char *request = g_strdup_printf ("{'kind': 'schedule', 'turn': %d, 'subphase': %d,"
                                              " 'cost': %d}", turn, subphase, cost);
  g_autoptr(JsonNode) r = sl_test_resolve (request);

  g_test_message ("%s", request);
  g_assert_cmpint (sl_test_int (r, "end_turn"), ==, end_turn);
  g_assert_cmpint (sl_test_int (r, "end_subphase"), ==, end_subphase);
  g_assert_true (sl_test_bool (r, "carries_over") == (end_turn > turn));
}

/* E-05: a 3-AP action from subphase 5 ends in 7; a 1-AP one on its box. */
static void
test_e05_end_subphase (void)
{
  assert_schedule (1, 5, 3, 1, 7);
  assert_schedule (1, 5, 1, 1, 5);
  assert_schedule (1, 1, 10, 1, 10);
}

/* E-06: a 5-AP action from subphase 8 spends 3 AP this turn and 2 the next,
 * and completes in subphase 2 of the next turn. */
static void
test_e06_carry_over (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'schedule', 'turn': 3, 'subphase': 8,"
                                           " 'cost': 5}");

  g_assert_cmpint (sl_test_int (r, "end_turn"), ==, 4);
  g_assert_cmpint (sl_test_int (r, "end_subphase"), ==, 2);
  g_assert_true (sl_test_bool (r, "carries_over"));
  g_assert_cmpint (sl_test_int (r, "turns[0].turn"), ==, 3);
  g_assert_cmpint (sl_test_int (r, "turns[0].subphases"), ==, 3);
  g_assert_cmpint (sl_test_int (r, "turns[1].turn"), ==, 4);
  g_assert_cmpint (sl_test_int (r, "turns[1].subphases"), ==, 2);
  g_assert_false (sl_test_has (r, "turns[2]"));
}

/* E-07: troopers 13, 15 and 16 of the fire team at subphase 7. */
static void
test_e07_fire_team (void)
{
  assert_schedule (2, 7, 1, 2, 7);    /* 13 fires: resolves now */
  assert_schedule (2, 7, 2, 2, 8);    /* 15 goes prone */
  assert_schedule (2, 7, 5, 3, 1);    /* 16 clears a jam: 7, 8, 9, 10, 1 */
}

/* E-44: the track is 40 boxes, four turns; E-37's 30-subphase wait fits. */
static void
test_e44_track (void)
{
  g_autoptr(JsonNode) wait = sl_test_resolve ("{'kind': 'schedule', 'turn': 1, 'subphase': 1,"
                                              " 'cost': 30}");
  g_autoptr(JsonNode) wrap = sl_test_resolve ("{'kind': 'schedule', 'turn': 4, 'subphase': 9,"
                                              " 'cost': 4}");
  g_autoptr(JsonNode) full = sl_test_resolve ("{'kind': 'schedule', 'turn': 2, 'subphase': 3,"
                                              " 'cost': 40}");

  g_assert_cmpint (sl_test_int (wait, "start_box"), ==, 1);
  g_assert_cmpint (sl_test_int (wait, "end_box"), ==, 30);
  g_assert_cmpint (sl_test_int (wait, "end_turn"), ==, 3);
  g_assert_cmpint (sl_test_int (wait, "end_subphase"), ==, 10);
  g_assert_cmpint (sl_test_int (wait, "turns[2].subphases"), ==, 10);

  g_assert_cmpint (sl_test_int (wrap, "start_box"), ==, 39);
  g_assert_cmpint (sl_test_int (wrap, "end_box"), ==, 2);
  g_assert_cmpint (sl_test_int (wrap, "end_turn"), ==, 5);

  g_assert_cmpint (sl_test_int (full, "start_box"), ==, 13);
  g_assert_cmpint (sl_test_int (full, "end_box"), ==, 12);
  g_assert_cmpint (sl_test_int (full, "end_turn"), ==, 6);
  g_assert_cmpint (sl_test_int (full, "end_subphase"), ==, 2);

  /* Every box of the track, from the engine directly. */
  for (int turn = 1; turn <= 8; turn++)
    for (int s = 1; s <= 10; s++)
      g_assert_cmpint (sl_actions_track_box (sl_test_rules (), turn, s), ==, ((turn - 1) % 4) * 10 + s);
}

static void
test_schedule_malformed (void)
{
  sl_test_assert_refused ("{'kind': 'schedule', 'turn': 1, 'subphase': 11,"
                          " 'cost': 2}", "subphase", NULL);
  sl_test_assert_refused ("{'kind': 'schedule', 'turn': 0, 'subphase': 1,"
                          " 'cost': 2}", "turn", NULL);
  sl_test_assert_refused ("{'kind': 'schedule', 'turn': 1, 'subphase': 1}", "cost", NULL);
  sl_test_assert_refused ("{'kind': 'schedule', 'turn': 1, 'subphase': 1,"
                          " 'cost': 41}", "cost", NULL);
  sl_test_assert_refused ("{'kind': 'schedule', 'turn': 1, 'subphase': 1,"
                          " 'cost': 0}", "cost", NULL);
  sl_test_assert_refused ("{'kind': 'schedule', 'subphase': 1, 'cost': 2}", "turn", NULL);
}

/* timing */

static JsonNode *
timing (const char *fields)
{
  g_autofree char *request = g_strdup_printf ("{'kind': 'timing', %s}", fields);

  g_test_message ("%s", request);
  return sl_test_resolve (request);
}

/* P-34 step 6 and A-108: s + 2, explosion step; option s + 3. */
static void
test_timing_grenade_a108 (void)
{
  g_autoptr(JsonNode) a = timing ("'event': 'grenade', 'turn': 2, 'subphase': 4");
  g_autoptr(JsonNode) b = timing ("'event': 'grenade', 'turn': 2, 'subphase': 9");
  g_autoptr(JsonNode) c = timing ("'event': 'grenade', 'turn': 2, 'subphase': 4,"
                                  " 'options': {'grenadeDetonationDelay': 3}");
  g_autoptr(JsonNode) d = timing ("'event': 'grenade', 'turn': 2, 'subphase': 9,"
                                  " 'options': {'grenadeDetonationDelay': 3}");

  assert_moment (a, "at", 2, 6, "action", "explosion");
  g_assert_cmpint (sl_test_int (a, "delay"), ==, 2);
  assert_moment (b, "at", 3, 1, "action", "explosion");
  assert_moment (c, "at", 2, 7, "action", "explosion");
  g_assert_cmpint (sl_test_int (c, "delay"), ==, 3);
  assert_moment (d, "at", 3, 2, "action", "explosion");
}

/* A-28: armed after its end subphase s + 1 has resolved; option s + 2;
 * triggers on appearing units, or (option) on any move. */
static void
test_timing_opportunity_a28 (void)
{
  g_autoptr(JsonNode) a = timing ("'event': 'opportunity-fire', 'turn': 1, 'subphase': 4");
  g_autoptr(JsonNode) b = timing ("'event': 'opportunity-fire', 'turn': 1, 'subphase': 4,"
                                  " 'options': {'oppFireArmingDelay': 2, 'oppFireAnyMove': true}");
  g_autoptr(JsonNode) c = timing ("'event': 'opportunity-fire', 'turn': 1, 'subphase': 10");
  g_autoptr(JsonNode) d = timing ("'event': 'opportunity-fire', 'turn': 1, 'subphase': 4,"
                                  " 'cost': 3");

  assert_moment (a, "at", 1, 5, "action", "initiative-order");
  g_assert_false (sl_test_bool (a, "any_move_triggers"));
  assert_moment (b, "at", 1, 6, "action", "initiative-order");
  g_assert_true (sl_test_bool (b, "any_move_triggers"));
  assert_moment (c, "at", 2, 1, "action", "initiative-order");
  /* A moderately wounded unit pays 3 AP for the setup (A-26). */
  assert_moment (d, "at", 1, 6, "action", "initiative-order");
}

/* A-112: smoke lasts 12 turns, or 12 subphases with the option. */
static void
test_timing_smoke_a112 (void)
{
  g_autoptr(JsonNode) turns = timing ("'event': 'smoke', 'turn': 3, 'subphase': 5");
  g_autoptr(JsonNode) subphases = timing ("'event': 'smoke', 'turn': 3, 'subphase': 5,"
                                          " 'options': {'smokeDuration': '12-subphases'}");

  g_assert_cmpint (sl_test_int (turns, "duration_subphases"), ==, 120);
  assert_moment (turns, "at", 15, 5, "action", "start");
  assert_moment (turns, "last", 15, 4, "action", NULL);
  g_assert_cmpint (sl_test_int (subphases, "duration_subphases"), ==, 12);
  assert_moment (subphases, "at", 4, 7, "action", "start");
  assert_moment (subphases, "last", 4, 6, "action", NULL);
}

/* A-13: the round lands at the end of the call's last subphase, or in the
 * Fire Mission Phase with the option. */
static void
test_timing_fire_mission_a13 (void)
{
  g_autoptr(JsonNode) a = timing ("'event': 'fire-mission', 'turn': 2, 'subphase': 3");
  g_autoptr(JsonNode) b = timing ("'event': 'fire-mission', 'turn': 2, 'subphase': 3,"
                                  " 'options': {'fireMissionsInPhase': true}");
  g_autoptr(JsonNode) c = timing ("'event': 'fire-mission', 'turn': 2, 'subphase': 1,"
                                  " 'options': {'fireMissionsInPhase': true}");
  g_autoptr(JsonNode) d = timing ("'event': 'fire-mission', 'turn': 2, 'subphase': 1, 'cost': 12");

  assert_moment (a, "call_ends", 3, 2, "action", NULL);
  assert_moment (a, "at", 3, 2, "action", "explosion");
  assert_moment (b, "at", 3, 0, "fire-mission", NULL);
  assert_moment (c, "call_ends", 2, 10, "action", NULL);
  assert_moment (c, "at", 2, 0, "fire-mission", NULL);
  assert_moment (d, "at", 3, 2, "action", "explosion");
}

/* A-82: a mine goes off at once and stops the mover; option: explosion step. */
static void
test_timing_mine_a82 (void)
{
  g_autoptr(JsonNode) a = timing ("'event': 'mine', 'turn': 5, 'subphase': 6");
  g_autoptr(JsonNode) b = timing ("'event': 'mine', 'turn': 5, 'subphase': 6,"
                                  " 'options': {'minesInExplosionStep': true}");

  assert_moment (a, "at", 5, 6, "action", "initiative-order");
  g_assert_true (sl_test_bool (a, "mover_stops"));
  assert_moment (b, "at", 5, 6, "action", "explosion");
  g_assert_false (sl_test_bool (b, "mover_stops"));
}

/* P-31 and A-100: every 12 turns, or every turn with the option. */
static void
test_timing_rout_check_a100 (void)
{
  struct { int turn; int interval; gboolean due; int next; } rows[] = {
    { 1, 12, FALSE, 12 },
    { 11, 12, FALSE, 12 },
    { 12, 12, TRUE, 12 },
    { 13, 12, FALSE, 24 },
    { 24, 12, TRUE, 24 },
    { 5, 1, TRUE, 5 },
    { 7, 3, FALSE, 9 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *fields = g_strdup_printf ("'event': 'rout-check', 'turn': %d,"
                                                 " 'options': {'routCheckInterval': %d}",
                                                 rows[i].turn, rows[i].interval);
      g_autoptr(JsonNode) r = timing (fields);

      g_assert_true (sl_test_bool (r, "due") == rows[i].due);
      g_assert_cmpint (sl_test_int (r, "interval"), ==, rows[i].interval);
      assert_moment (r, "at", rows[i].next, 0, "rout-rally", NULL);
    }
  {
    g_autoptr(JsonNode) r = timing ("'event': 'rout-check', 'turn': 12");
    g_assert_true (sl_test_bool (r, "due"));
  }
}

static void
test_timing_daze_p19 (void)
{
  g_autoptr(JsonNode) r = timing ("'event': 'daze', 'turn': 1, 'subphase': 9");

  assert_moment (r, "at", 2, 2, "action", NULL);
  assert_moment (r, "dazed_from", 1, 10, "action", NULL);
  assert_moment (r, "expires", 2, 3, "action", "start");
}

static void
test_timing_malformed (void)
{
  sl_test_assert_refused ("{'kind': 'timing', 'turn': 1, 'subphase': 1}", "event", NULL);
  sl_test_assert_refused ("{'kind': 'timing', 'event': 'earthquake', 'turn': 1, 'subphase': 1}",
                          "event", NULL);
  sl_test_assert_refused ("{'kind': 'timing', 'event': 'grenade', 'turn': 1}", "subphase", NULL);
  sl_test_assert_refused ("{'kind': 'timing', 'event': 'smoke', 'subphase': 1}", "turn", NULL);
  sl_test_assert_refused ("{'kind': 'timing', 'event': 'grenade', 'turn': 1, 'subphase': 1,"
                          " 'cost': 2}",
                          "cost", NULL);
  sl_test_assert_refused ("{'kind': 'timing', 'event': 'grenade', 'turn': 1, 'subphase': 1,"
                          " 'options': {'grenadeDetonationDelay': 4}}",
                          "options.grenadeDetonationDelay",
                          NULL);
}

/* daze */

/* E-18 and P-19: several dazes in one subphase still mean 3 subphases; a
 * later daze restarts the count from the next subphase. */
static void
test_e18_daze (void)
{
  g_autoptr(JsonNode) first = sl_test_resolve ("{'kind': 'daze', 'turn': 4, 'subphase': 5}");
  g_autoptr(JsonNode) same = sl_test_resolve ("{'kind': 'daze', 'turn': 4, 'subphase': 5,"
                                              " 'dazed_until': {'turn': 4, 'subphase': 8}}");
  g_autoptr(JsonNode) later = sl_test_resolve ("{'kind': 'daze', 'turn': 4, 'subphase': 5,"
                                               " 'dazed_until': {'turn': 4, 'subphase': 6}}");
  g_autoptr(JsonNode) over = sl_test_resolve ("{'kind': 'daze', 'turn': 4, 'subphase': 5,"
                                              " 'dazed_until': {'turn': 4, 'subphase': 4}}");
  g_autoptr(JsonNode) wrap = sl_test_resolve ("{'kind': 'daze', 'turn': 4, 'subphase': 9}");

  assert_moment (first, "dazed_from", 4, 6, "action", NULL);
  assert_moment (first, "dazed_until", 4, 8, "action", NULL);
  assert_moment (first, "expires", 4, 9, "action", "start");
  g_assert_false (sl_test_bool (first, "was_dazed"));
  g_assert_cmpint (sl_test_int (first, "subphases"), ==, 3);
  g_assert_true (sl_test_bool (first, "action_lost"));

  /* Three dazes in the same subphase: still until subphase 8, not 14. */
  assert_moment (same, "dazed_until", 4, 8, "action", NULL);
  g_assert_true (sl_test_bool (same, "was_dazed"));
  g_assert_false (sl_test_bool (same, "restarted"));

  /* Dazed 2 subphases ago (in 3, until 6) and dazed again: 3 more from 6. */
  assert_moment (later, "dazed_until", 4, 8, "action", NULL);
  g_assert_true (sl_test_bool (later, "was_dazed"));
  g_assert_true (sl_test_bool (later, "restarted"));

  g_assert_false (sl_test_bool (over, "was_dazed"));
  assert_moment (over, "dazed_until", 4, 8, "action", NULL);

  assert_moment (wrap, "dazed_from", 4, 10, "action", NULL);
  assert_moment (wrap, "dazed_until", 5, 2, "action", NULL);
}

static void
test_daze_malformed (void)
{
  sl_test_assert_refused ("{'kind': 'daze', 'turn': 4, 'subphase': 5,"
                          " 'dazed_until': {'turn': 4, 'subphase': 9}}", "dazed_until", "P-19");
  sl_test_assert_refused ("{'kind': 'daze', 'turn': 4, 'subphase': 5,"
                          " 'dazed_until': {'turn': 4}}", "dazed_until.subphase", NULL);
  sl_test_assert_refused ("{'kind': 'daze', 'turn': 4, 'subphase': 5, 'dazed_until': 8}",
                          "dazed_until", NULL);
  sl_test_assert_refused ("{'kind': 'daze', 'turn': 4}", "subphase", NULL);
}

/* rate-of-fire */

static JsonNode *
rof (const char *fields)
{
  g_autofree char *request = g_strdup_printf ("{'kind': 'rate-of-fire', %s}", fields);

  g_test_message ("%s", request);
  return sl_test_resolve (request);
}

static void
assert_rof (const char *fields,
            gboolean    allowed,
            const char *reason_part)
{
  g_autoptr(JsonNode) r = rof (fields);

  if (reason_part != NULL && strstr (sl_test_string (r, "reason"), reason_part) == NULL)
    g_test_message ("“%s” is not in “%s”", reason_part, sl_test_string (r, "reason"));
  g_assert_true (sl_test_bool (r, "allowed") == allowed);
  if (reason_part != NULL)
    g_assert_nonnull (strstr (sl_test_string (r, "reason"), reason_part));
}

/* P-15 and T-23 without automatic fire: 2 a turn, never consecutive. */
static void
test_rof_normal_p15 (void)
{
  g_autoptr(JsonNode) first = rof ("'turn': 1, 'subphase': 5, 'mode': 'single'");
  g_autoptr(JsonNode) second = rof ("'turn': 1, 'subphase': 5, 'mode': 'aimed',"
                                    " 'history': [{'turn': 1, 'subphase': 2, 'mode': 'single'}]");
  g_autoptr(JsonNode) third = rof ("'turn': 1, 'subphase': 8, 'mode': 'single',"
                                   " 'history': [{'turn': 1, 'subphase': 2, 'mode': 'single'},"
                                   " {'turn': 1, 'subphase': 5, 'mode': 'opportunity'}]");

  g_assert_true (sl_test_bool (first, "allowed"));
  g_assert_cmpint (sl_test_int (first, "fires_this_turn"), ==, 1);
  g_assert_cmpint (sl_test_int (first, "fires_allowed"), ==, 2);
  g_assert_false (sl_test_has (first, "consecutive_burst"));
  g_assert_true (sl_test_bool (second, "allowed"));
  g_assert_cmpint (sl_test_int (second, "fires_this_turn"), ==, 2);
  g_assert_false (sl_test_bool (third, "allowed"));
  g_assert_cmpint (sl_test_int (third, "fires_this_turn"), ==, 2);
  g_assert_nonnull (strstr (sl_test_string (third, "reason"), "P-15"));

  assert_rof ("'turn': 1, 'subphase': 5, 'mode': 'single',"
              " 'history': [{'turn': 1, 'subphase': 4, 'mode': 'single'}]",
              FALSE, "previous subphase");
  assert_rof ("'turn': 1, 'subphase': 5, 'mode': 'launcher',"
              " 'history': [{'turn': 1, 'subphase': 4, 'mode': 'aimed'}]",
              FALSE, "previous subphase");
  assert_rof ("'turn': 1, 'subphase': 5, 'mode': 'opportunity',"
              " 'history': [{'turn': 1, 'subphase': 5, 'mode': 'single'}]",
              FALSE, "already fired in this subphase");
}

/* A-55: counts reset at subphase 1, but 10 → 1 is consecutive; the option
 * counts the last 10 subphases. */
static void
test_rof_window_a55 (void)
{
  const char *two_last_turn = "'history': [{'turn': 1, 'subphase': 5, 'mode': 'single'},"
                              " {'turn': 1, 'subphase': 7, 'mode': 'single'}]";
  g_autofree char *turn = g_strdup_printf ("'turn': 2, 'subphase': 3, 'mode': 'single', %s",
                                           two_last_turn);
  g_autofree char *rolling = g_strdup_printf ("'turn': 2, 'subphase': 3, 'mode': 'single', %s,"
                                              " 'options': {'rateOfFireWindow': 'rolling'}",
                                              two_last_turn);
  g_autofree char *rolling_later = g_strdup_printf ("'turn': 2, 'subphase': 6, 'mode': 'single',"
                                                    " %s,"
                                                    " 'options': {'rateOfFireWindow': 'rolling'}",
                                                    two_last_turn);
  g_autoptr(JsonNode) t = rof (turn);
  g_autoptr(JsonNode) r = rof (rolling);
  g_autoptr(JsonNode) later = rof (rolling_later);

  g_assert_true (sl_test_bool (t, "allowed"));
  g_assert_cmpint (sl_test_int (t, "fires_this_turn"), ==, 1);
  g_assert_cmpstr (sl_test_string (t, "window"), ==, "turn");
  g_assert_false (sl_test_bool (r, "allowed"));
  g_assert_cmpint (sl_test_int (r, "fires_this_turn"), ==, 2);
  g_assert_cmpstr (sl_test_string (r, "window"), ==, "rolling");
  g_assert_nonnull (strstr (sl_test_string (r, "reason"), "last 10 subphases"));
  /* Subphase 5 of turn 1 has left the window by subphase 6 of turn 2. */
  g_assert_true (sl_test_bool (later, "allowed"));
  g_assert_cmpint (sl_test_int (later, "fires_this_turn"), ==, 2);

  /* Subphase 10 and the next turn's subphase 1 touch. */
  assert_rof ("'turn': 2, 'subphase': 1, 'mode': 'single',"
              " 'history': [{'turn': 1, 'subphase': 10, 'mode': 'single'}]", FALSE, "A-55");
  assert_rof ("'turn': 2, 'subphase': 1, 'mode': 'area', 'auto_fire': true,"
              " 'history': [{'turn': 1, 'subphase': 10, 'mode': 'single'}]", TRUE, NULL);
}

/* P-30, T-22 and T-23 with automatic fire. */
static void
test_rof_automatic_p30 (void)
{
  const char *two = "'auto_fire': true, 'history': [{'turn': 1, 'subphase': 1, 'mode': 'single'},"
                    " {'turn': 1, 'subphase': 3, 'mode': 'concentrated', 'target': 'A'}]";
  g_autofree char *area = g_strdup_printf ("'turn': 1, 'subphase': 5, 'mode': 'area', %s", two);
  g_autofree char *conc = g_strdup_printf ("'turn': 1, 'subphase': 6, 'mode': 'concentrated',"
                                           " 'target': 'A', %s", two);
  g_autofree char *single = g_strdup_printf ("'turn': 1, 'subphase': 6, 'mode': 'single', %s", two);
  g_autoptr(JsonNode) third = rof (area);

  g_assert_true (sl_test_bool (third, "allowed"));
  g_assert_cmpint (sl_test_int (third, "fires_this_turn"), ==, 3);
  g_assert_cmpint (sl_test_int (third, "fires_allowed"), ==, 3);
  assert_rof (conc, FALSE, "area burst");
  assert_rof (single, FALSE, "area burst");

  /* A fourth fire is one too many, even an area burst. */
  assert_rof ("'turn': 1, 'subphase': 9, 'mode': 'area', 'auto_fire': true,"
              " 'history': [{'turn': 1, 'subphase': 1, 'mode': 'area'},"
              " {'turn': 1, 'subphase': 3, 'mode': 'area'}, {'turn': 1, 'subphase': 5,"
              " 'mode': 'area'}]",
              FALSE, "at most 3");
  /* Two concentrated bursts, then only an area burst. */
  assert_rof ("'turn': 1, 'subphase': 9, 'mode': 'concentrated', 'target': 'A', 'auto_fire': true,"
              " 'history': [{'turn': 1, 'subphase': 1, 'mode': 'concentrated', 'target': 'A'},"
              " {'turn': 1, 'subphase': 3, 'mode': 'concentrated', 'target': 'B'}]",
              FALSE, "P-30");
  /* A single shot never follows a fire in the previous subphase, even with
   * automatic fire; a burst may follow any fire. */
  assert_rof ("'turn': 1, 'subphase': 5, 'mode': 'single', 'auto_fire': true,"
              " 'history': [{'turn': 1, 'subphase': 4, 'mode': 'area'}]", FALSE, "single shot");
  assert_rof ("'turn': 1, 'subphase': 5, 'mode': 'area', 'auto_fire': true,"
              " 'history': [{'turn': 1, 'subphase': 4, 'mode': 'aimed'}]", TRUE, "Fire action 2");
}

/* P-30 step 5.1 and T-22 (book §9.3): a concentrated burst right after a
 * concentrated burst must be at the same target; after a single shot, an
 * aimed, opportunity or launcher fire or an area burst, at any. */
static void
test_rof_concentrated_same_target (void)
{
  g_autoptr(JsonNode) same = rof ("'turn': 1, 'subphase': 5, 'mode': 'concentrated',"
                                  " 'target': 'T13',"
                                  " 'weapon': 'SR', 'history': [{'turn': 1, 'subphase': 4,"
                                  " 'mode': 'concentrated', 'target': 'T13'}]");

  g_assert_true (sl_test_bool (same, "allowed"));
  g_assert_true (sl_test_bool (same, "follows_fire"));
  g_assert_cmpint (sl_test_int (same, "consecutive_burst"), ==, 2);
  assert_rof ("'turn': 1, 'subphase': 5, 'mode': 'concentrated', 'target': 'T15',"
              " 'auto_fire': true,"
              " 'history': [{'turn': 1, 'subphase': 4, 'mode': 'concentrated', 'target': 'T13'}]",
              FALSE, "same target, T13");
  /* After a single shot (aimed, opportunity, a launcher salvo too): any
   * target (T-22). */
  assert_rof ("'turn': 1, 'subphase': 5, 'mode': 'concentrated', 'target': 'T15',"
              " 'auto_fire': true,"
              " 'history': [{'turn': 1, 'subphase': 4, 'mode': 'single', 'target': 'T13'}]",
              TRUE, NULL);
  assert_rof ("'turn': 1, 'subphase': 5, 'mode': 'concentrated', 'target': 'T15',"
              " 'auto_fire': true,"
              " 'history': [{'turn': 1, 'subphase': 4, 'mode': 'aimed', 'target': 'T13'}]",
              TRUE, NULL);
  assert_rof ("'turn': 1, 'subphase': 5, 'mode': 'concentrated', 'target': 'T15',"
              " 'auto_fire': true,"
              " 'history': [{'turn': 1, 'subphase': 4, 'mode': 'opportunity', 'target': 'T13'}]",
              TRUE, NULL);
  assert_rof ("'turn': 1, 'subphase': 5, 'mode': 'concentrated', 'target': 'T15',"
              " 'auto_fire': true,"
              " 'history': [{'turn': 1, 'subphase': 4, 'mode': 'launcher'}]",
              TRUE, NULL);
  /* Across the turn (A-55): still the burst's target. */
  assert_rof ("'turn': 2, 'subphase': 1, 'mode': 'concentrated', 'target': 'T15',"
              " 'auto_fire': true,"
              " 'history': [{'turn': 1, 'subphase': 10, 'mode': 'concentrated', 'target': 'T13'}]",
              FALSE, "same target, T13");
  assert_rof ("'turn': 1, 'subphase': 5, 'mode': 'concentrated', 'target': 'T13',"
              " 'auto_fire': true,"
              " 'history': [{'turn': 1, 'subphase': 4, 'mode': 'single', 'target': 'T13'}]",
              TRUE, NULL);
  /* After an area burst there is no single target to keep. */
  assert_rof ("'turn': 1, 'subphase': 5, 'mode': 'concentrated', 'auto_fire': true,"
              " 'history': [{'turn': 1, 'subphase': 4, 'mode': 'area'}]", TRUE, NULL);
  /* Not consecutive: any target. */
  assert_rof ("'turn': 1, 'subphase': 6, 'mode': 'concentrated', 'target': 'T15',"
              " 'auto_fire': true,"
              " 'history': [{'turn': 1, 'subphase': 4, 'mode': 'concentrated', 'target': 'T13'}]",
              TRUE, NULL);

  sl_test_assert_refused ("{'kind': 'rate-of-fire', 'turn': 1, 'subphase': 5,"
                          " 'mode': 'concentrated',"
                          " 'auto_fire': true, 'history': [{'turn': 1, 'subphase': 4,"
                          " 'mode': 'concentrated', 'target': 'T13'}]}", "target", "same target");
  sl_test_assert_refused ("{'kind': 'rate-of-fire', 'turn': 2, 'subphase': 5,"
                          " 'mode': 'concentrated',"
                          " 'target': 'T13', 'auto_fire': true, 'history': [{'turn': 1,"
                          " 'subphase': 2,"
                          " 'mode': 'single'}, {'turn': 2, 'subphase': 4,"
                          " 'mode': 'concentrated'}]}",
                          "history[1].target", "same target");
}

/* E-26: the third consecutive burst (+2 to hit); the streak spans turns. */
static void
test_e26_consecutive_bursts (void)
{
  g_autoptr(JsonNode) r = rof ("'turn': 1, 'subphase': 5, 'mode': 'area', 'auto_fire': true,"
                               " 'history': [{'turn': 1, 'subphase': 3, 'mode': 'area'},"
                               " {'turn': 1, 'subphase': 4, 'mode': 'concentrated',"
                               " 'target': 'X'}]");
  g_autoptr(JsonNode) across = rof ("'turn': 2, 'subphase': 1, 'mode': 'concentrated',"
                                    " 'target': 'X',"
                                    " 'auto_fire': true, 'history': [{'turn': 1, 'subphase': 9,"
                                    " 'mode': 'area'}, {'turn': 1, 'subphase': 10,"
                                    " 'mode': 'concentrated', 'target': 'X'}]");
  g_autoptr(JsonNode) broken = rof ("'turn': 1, 'subphase': 5, 'mode': 'area', 'auto_fire': true,"
                                    " 'history': [{'turn': 1, 'subphase': 3, 'mode': 'area'}]");

  g_assert_true (sl_test_bool (r, "allowed"));
  g_assert_cmpint (sl_test_int (r, "consecutive_burst"), ==, 3);
  g_assert_true (sl_test_bool (across, "allowed"));
  g_assert_cmpint (sl_test_int (across, "consecutive_burst"), ==, 3);
  g_assert_cmpint (sl_test_int (across, "fires_this_turn"), ==, 1);
  g_assert_cmpint (sl_test_int (broken, "consecutive_burst"), ==, 1);
}

/* Every mode of T-22: its budget and whether it may follow a fire. */
static void
test_t22_modes (void)
{
  struct { const char *mode; gboolean follows; } rows[] = {
    { "single", FALSE },
    { "aimed", FALSE },
    { "opportunity", FALSE },
    { "launcher", FALSE },
    { "concentrated", TRUE },
    { "area", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *alone = g_strdup_printf ("'turn': 3, 'subphase': 5, 'mode': '%s',"
                                                " 'target': 'X', 'weapon': 'SC'", rows[i].mode);
      g_autofree char *after = g_strdup_printf ("'turn': 3, 'subphase': 5, 'mode': '%s',"
                                                " 'target': 'X', 'weapon': 'SC', 'history':"
                                                " [{'turn': 3, 'subphase': 4, 'mode': 'single',"
                                                " 'target': 'X'}]", rows[i].mode);

      assert_rof (alone, TRUE, "Fire action 1 of at most 3");
      assert_rof (after, rows[i].follows, NULL);
    }
}

static void
test_rof_malformed (void)
{
  sl_test_assert_refused ("{'kind': 'rate-of-fire', 'turn': 1, 'subphase': 5, 'mode': 'area'}",
                          "mode", "T-12");
  sl_test_assert_refused ("{'kind': 'rate-of-fire', 'turn': 1, 'subphase': 5, 'mode': 'area',"
                          " 'weapon': 'LR'}", "mode", "bursts");
  sl_test_assert_refused ("{'kind': 'rate-of-fire', 'turn': 1, 'subphase': 5, 'mode': 'area',"
                          " 'weapon': 'OR', 'omni_mode': 'slug'}", "mode", "bursts");
  sl_test_assert_refused ("{'kind': 'rate-of-fire', 'turn': 1, 'subphase': 5, 'mode': 'single',"
                          " 'weapon': 'LR', 'auto_fire': true}", "auto_fire", "T-12");
  sl_test_assert_refused ("{'kind': 'rate-of-fire', 'turn': 1, 'subphase': 5, 'mode': 'snipe'}",
                          "mode", NULL);
  sl_test_assert_refused ("{'kind': 'rate-of-fire', 'turn': 1, 'subphase': 5}", "mode", NULL);
  sl_test_assert_refused ("{'kind': 'rate-of-fire', 'turn': 1, 'subphase': 5, 'mode': 'single',"
                          " 'history': [{'turn': 1, 'subphase': 6, 'mode': 'single'}]}",
                          "history[0].subphase", "after");
  sl_test_assert_refused ("{'kind': 'rate-of-fire', 'turn': 1, 'subphase': 5, 'mode': 'single',"
                          " 'history': [{'turn': 1, 'subphase': 1, 'mode': 'single'},"
                          " {'turn': 1, 'subphase': 2,"
                          " 'mode': 'volley'}]}", "history[1].mode", NULL);
  sl_test_assert_refused ("{'kind': 'rate-of-fire', 'turn': 1, 'subphase': 5, 'mode': 'single',"
                          " 'history': [{'subphase': 2,"
                          " 'mode': 'single'}]}", "history[0].turn", NULL);
  sl_test_assert_refused ("{'kind': 'rate-of-fire', 'turn': 1, 'subphase': 5, 'mode': 'single',"
                          " 'history': [{'turn': 1, 'subphase': 2, 'mode': 'single', 'hits': 1}]}",
                          "history[0].hits", NULL);
}

/* movement */

/* T-09: every row of the movement-rate table. */
static void
test_t09_rows (void)
{
  /* Base. */
  g_assert_cmpfloat (meters_of ("'mode': 'crawl', 'prone': true"), ==, 0.5);
  g_assert_cmpfloat (meters_of ("'mode': 'walk'"), ==, 2);
  g_assert_cmpfloat (meters_of ("'mode': 'run'"), ==, 4);
  g_assert_cmpfloat (meters_of ("'mode': 'sprint'"), ==, 6);
  /* Move backward: walk or crawl. */
  g_assert_cmpfloat (meters_of ("'mode': 'backward'"), ==, 2);
  g_assert_cmpfloat (meters_of ("'mode': 'backward', 'prone': true"), ==, 0.5);
  /* Move sideways: 1 m. */
  g_assert_cmpfloat (meters_of ("'mode': 'sideways'"), ==, 1);
  /* Bounce pack: ×2. */
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'armor': 'BI', 'bounce_pack': true"), ==, 4);
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'armor': 'BI', 'bounce_pack': true"), ==, 8);
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'armor': 'BI', 'bounce_pack': true"), ==, 12);
  /* Bounce pack in light woods (E-14): 2 and 4, no sprint. */
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'armor': 'BI', 'bounce_pack': true,"
                                " 'terrain': 'light-woods'"), ==, 2);
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                                " 'terrain': 'light-woods'"), ==, 4);
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'sprint', 'armor': 'BI',"
                          " 'bounce_pack': true,"
                          " 'terrain': 'light-woods'}", "terrain", "E-14");
  /* Bounce pack in heavy woods: as a normal unit, no run, no sprint. */
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'armor': 'BI', 'bounce_pack': true,"
                                " 'terrain': 'heavy-woods'"), ==, 2);
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                          " 'terrain': 'heavy-woods'}", "terrain", "Heavy Woods");
  /* Moderate and serious wounds, snow. */
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'wound': 'moderate'"), ==, 1.5);
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'wound': 'moderate'"), ==, 3);
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'wound': 'moderate'"), ==, 5);
  g_assert_cmpfloat (meters_of ("'mode': 'crawl', 'wound': 'moderate', 'prone': true"), ==, 0.5);
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'wound': 'serious'"), ==, 1);
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'wound': 'serious'"), ==, 2);
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'wound': 'serious'"), ==, 3);
  g_assert_cmpfloat (meters_of ("'mode': 'crawl', 'wound': 'serious', 'prone': true"), ==, 0.5);
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'snow': true"), ==, 1.5);
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'snow': true"), ==, 3);
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'snow': true"), ==, 4);
  g_assert_cmpfloat (meters_of ("'mode': 'crawl', 'snow': true, 'prone': true"), ==, 0.5);
  /* Races: Baufrin −0.5/−1/−2, Kessrith +0.5/+1/+2. */
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'race': 'baufrin'"), ==, 1.5);
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'race': 'baufrin'"), ==, 3);
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'race': 'baufrin'"), ==, 4);
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'race': 'kessrith'"), ==, 2.5);
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'race': 'kessrith'"), ==, 5);
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'race': 'kessrith'"), ==, 8);
  /* Not for crawling, not with a bounce pack. */
  g_assert_cmpfloat (meters_of ("'mode': 'crawl', 'race': 'kessrith', 'prone': true"), ==, 0.5);
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'race': 'kessrith', 'armor': 'BI',"
                                " 'bounce_pack': true"), ==, 8);
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'race': 'baufrin', 'armor': 'BI',"
                                " 'bounce_pack': true"), ==, 8);
  /* Night without a power suit, and zero-G: no sprint. */
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'sprint', 'night': true, 'armor': 'TS'}",
                          "mode", "power suit");
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'night': true, 'armor': 'LI'"), ==, 6);
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'night': true, 'armor': 'TS'"), ==, 4);
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'sprint', 'zero_g': true, 'armor': 'BI'}",
                          "mode", "zero-G");
}

/* A-43: least of normal, wound and snow rates, then race, then bounce. */
static void
test_rate_order_a43 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'movement', 'mode': 'run', 'race': 'kessrith',"
                                           " 'wound': 'moderate'}");

  g_assert_cmpfloat (sl_test_double (r, "base"), ==, 4);
  g_assert_cmpfloat (sl_test_double (r, "rate"), ==, 3);
  g_assert_cmpstr (sl_test_string (r, "rate_source"), ==, "moderate");
  g_assert_cmpfloat (sl_test_double (r, "race_modifier"), ==, 1);
  g_assert_cmpfloat (sl_test_double (r, "meters"), ==, 4);
  /* Snow 4 is less than the moderate sprint 5. */
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'wound': 'moderate', 'snow': true"), ==, 4);
  /* Serious 3 is less than snow 4; then Baufrin −2. */
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'wound': 'serious', 'snow': true,"
                                " 'race': 'baufrin'"), ==, 1);
  /* A bounce pack ignores snow but not wounds (doubles the wound rate). */
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'armor': 'BI', 'bounce_pack': true,"
                                " 'wound': 'moderate'"), ==, 3);
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'armor': 'BI', 'bounce_pack': true,"
                                " 'snow': true"), ==, 12);
  /* In heavy woods the bounce unit is a normal unit: snow and race apply. */
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'armor': 'BI', 'bounce_pack': true, 'snow': true,"
                                " 'race': 'kessrith', 'terrain': 'heavy-woods'"), ==, 2);
}

static void
test_option_bounce_ignores_wounds_a40 (void)
{
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                                " 'wound': 'serious'"), ==, 4);
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                                " 'wound': 'serious',"
                                " 'options': {'bounceIgnoresWounds': true}"), ==, 8);
  /* Without the pack the option changes nothing. */
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'armor': 'BI', 'wound': 'serious',"
                                " 'options': {'bounceIgnoresWounds': true}"), ==, 2);
}

/* §8.2 and A-40: inertia, one step of walk-run-sprint per subphase. */
static void
test_bounce_inertia_a40 (void)
{
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                                " 'previous': 'walk'"), ==, 8);
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'armor': 'BI', 'bounce_pack': true,"
                                " 'previous': 'run'"), ==, 12);
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'armor': 'BI', 'bounce_pack': true,"
                                " 'previous': 'none'"), ==, 4);
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                                " 'previous': 'sprint'"), ==, 8);
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                          " 'previous': 'none'}", "previous", "walk for a subphase");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'sprint', 'armor': 'BI',"
                          " 'bounce_pack': true,"
                          " 'previous': 'walk'}", "previous", "A-40");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk', 'armor': 'BI', 'bounce_pack': true,"
                          " 'previous': 'sprint'}", "previous", "slows down");
  /* Backward and sideways are at walking pace: two steps down from a
   * sprint, one from a run (book §6.0 "The reverse is true"). */
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'sideways', 'armor': 'BI', 'bounce_pack': true,"
                          " 'previous': 'sprint'}", "previous", "A-40");
  g_assert_cmpfloat (meters_of ("'mode': 'backward', 'armor': 'BI', 'bounce_pack': true,"
                                " 'previous': 'run'"), >, 0);
  /* On foot there is no inertia. */
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'armor': 'BI', 'previous': 'none'"), ==, 6);
}

/* Bounce pack limits (§8.2, T-13, book §7.9, A-41). */
static void
test_bounce_limits (void)
{
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk', 'armor': 'LI',"
                          " 'bounce_pack': true}",
                          "bounce_pack", "T-13");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk', 'armor': 'MZG',"
                          " 'bounce_pack': true}",
                          "bounce_pack", "T-13");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk', 'bounce_pack': true}",
                          "bounce_pack", "T-13");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk', 'armor': 'BI', 'bounce_pack': true,"
                          " 'zero_g': true}", "bounce_pack", "zero-G");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'crawl', 'prone': true, 'armor': 'BI',"
                          " 'bounce_pack': true}", "bounce_pack", "T-09");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'dive', 'armor': 'BI',"
                          " 'bounce_pack': true}",
                          "bounce_pack", "T-09");
  /* The Ranger suit has a pack. */
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'armor': 'RS', 'bounce_pack': true"), ==, 4);
  /* Sideways and backward keep their rates; the pack only waives the suit
   * cost. */
  g_assert_cmpfloat (meters_of ("'mode': 'sideways', 'armor': 'BI', 'bounce_pack': true"), ==, 1);
  g_assert_cmpfloat (meters_of ("'mode': 'backward', 'armor': 'BI', 'bounce_pack': true"), ==, 2);
}

static void
test_option_marine_bounce_a41 (void)
{
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'troop': 'marines', 'armor': 'M',"
                                " 'bounce_pack': true"), ==, 4);
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk', 'troop': 'marines', 'armor': 'M',"
                          " 'bounce_pack': true, 'options': {'marineTroopsUseBounce': false}}",
                          "troop", "A-41");
  /* Other troops in an M suit keep the pack; marines on foot are fine. */
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'troop': 'combat-arms', 'armor': 'M',"
                                " 'bounce_pack': true,"
                                " 'options': {'marineTroopsUseBounce': false}"), ==, 4);
  g_assert_cmpfloat (meters_of ("'mode': 'walk', 'troop': 'marines', 'armor': 'M',"
                                " 'options': {'marineTroopsUseBounce': false}"), ==, 2);
}

/* T-13 and A-42: the suit's move cost per metre. */
static void
test_suit_cost_a42 (void)
{
  struct { const char *fields; double cost; } rows[] = {
    { "'mode': 'walk', 'armor': 'BI'", 1.25 },
    { "'mode': 'walk', 'armor': 'M'", 1.25 },
    { "'mode': 'walk', 'armor': 'MZG'", 1.25 },
    { "'mode': 'walk', 'armor': 'BI', 'bounce_pack': true", 1 },
    { "'mode': 'walk', 'armor': 'BI', 'bounce_pack': true, 'terrain': 'heavy-woods'", 1.25 },
    { "'mode': 'crawl', 'armor': 'BI', 'prone': true", 1.25 },
    { "'mode': 'walk', 'armor': 'LI'", 1 },
    { "'mode': 'walk', 'armor': 'RS'", 1 },
    { "'mode': 'walk'", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'movement', %s}", rows[i].fields);

      g_test_message ("%s", request);
      g_assert_cmpfloat (sl_test_resolve_double (request, "suit_cost_per_metre"), ==, rows[i].cost);
    }
}

/* A-30: the jump distance, doubled in zero-G. */
static void
test_option_jump_a30 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'movement', 'mode': 'jump'}");

  g_assert_cmpfloat (sl_test_double (r, "meters"), ==, 2);
  g_assert_cmpstr (sl_test_string (r, "ends_position"), ==, "kneeling");
  g_assert_false (sl_test_bool (r, "full_metres"));
  g_assert_cmpfloat (meters_of ("'mode': 'jump', 'zero_g': true"), ==, 4);
  g_assert_cmpfloat (meters_of ("'mode': 'jump', 'options': {'jumpDistance': 1.5}"), ==, 1.5);
  g_assert_cmpfloat (meters_of ("'mode': 'jump', 'zero_g': true,"
                                " 'options': {'jumpDistance': 1.5}"), ==, 3);
  /* Races do not change a jump. */
  g_assert_cmpfloat (meters_of ("'mode': 'jump', 'race': 'kessrith'"), ==, 2);
}

/* T-07 and E-42: 2 m from standing or walking, 3 m running, 4 m sprinting;
 * A-72: in zero-G the dive goes on. */
static void
test_e42_dive (void)
{
  g_autoptr(JsonNode) zero_g = sl_test_resolve ("{'kind': 'movement', 'mode': 'dive',"
                                                " 'previous': 'run',"
                                                " 'zero_g': true}");

  g_assert_cmpfloat (meters_of ("'mode': 'dive'"), ==, 2);
  g_assert_cmpfloat (meters_of ("'mode': 'dive', 'previous': 'none'"), ==, 2);
  g_assert_cmpfloat (meters_of ("'mode': 'dive', 'previous': 'walk'"), ==, 2);
  g_assert_cmpfloat (meters_of ("'mode': 'dive', 'previous': 'run'"), ==, 3);
  g_assert_cmpfloat (meters_of ("'mode': 'dive', 'previous': 'sprint'"), ==, 4);
  g_assert_cmpfloat (meters_of ("'mode': 'dive', 'previous': 'backward'"), ==, 2);
  g_assert_cmpfloat (meters_of ("'mode': 'dive', 'previous': 'sideways'"), ==, 2);
  g_assert_cmpfloat (meters_of ("'mode': 'dive', 'previous': 'sprint', 'wound': 'serious'"), ==, 4);
  g_assert_cmpfloat (sl_test_double (zero_g, "meters"), ==, 3);
  g_assert_true (sl_test_bool (zero_g, "continues"));
  g_assert_cmpstr (sl_test_string (zero_g, "ends_position"), ==, "prone");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'dive',"
                          " 'previous': 'crawl'}", "previous", "prone");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'dive',"
                          " 'previous': 'jump'}", "previous", "kneel");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'dive',"
                          " 'terrain': 'heavy-woods'}", "terrain",
                          "A-39");
}

/* T-10 restrictions on the move type (A-38, A-39). */
static void
test_terrain_restrictions (void)
{
  g_autoptr(JsonNode) marsh = sl_test_resolve ("{'kind': 'movement', 'mode': 'walk',"
                                               " 'terrain': 'marsh'}");

  g_assert_cmpfloat (sl_test_double (marsh, "max_distance_m"), ==, 1);
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'run',"
                          " 'terrain': 'marsh'}", "terrain", "Marsh");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'sprint',"
                          " 'terrain': 'stream'}", "terrain", "Stream");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'sprint',"
                          " 'terrain': 'light-woods'}", "terrain",
                          "Light Woods");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'run',"
                          " 'terrain': 'heavy-woods'}", "terrain",
                          "A-39");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk', 'terrain': 'river'}", "terrain",
                          "bounce pack");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk',"
                          " 'terrain': 'steep-slope'}", "terrain",
                          "bounce pack");
  /* A bounce pack treats them as clear. */
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'armor': 'BI', 'bounce_pack': true,"
                                " 'terrain': 'river'"), ==, 12);
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                                " 'terrain': 'marsh'"), ==, 8);
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'armor': 'BI', 'bounce_pack': true,"
                                " 'terrain': 'steep-slope'"), ==, 12);
  g_assert_cmpfloat (meters_of ("'mode': 'run', 'terrain': 'stream'"), ==, 4);
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'terrain': 'up-slope'"), ==, 6);
}

/* §6.3 and E-08: free facing changes while running (90°, 1 m apart) and
 * sprinting (45°, 2 m apart). */
static void
test_e08_facing (void)
{
  g_autoptr(JsonNode) run = sl_test_resolve ("{'kind': 'movement', 'mode': 'run'}");
  g_autoptr(JsonNode) sprint = sl_test_resolve ("{'kind': 'movement', 'mode': 'sprint'}");
  g_autoptr(JsonNode) walk = sl_test_resolve ("{'kind': 'movement', 'mode': 'walk'}");

  g_assert_cmpint (sl_test_int (run, "facing.max_degrees"), ==, 90);
  g_assert_cmpfloat (sl_test_double (run, "facing.metres_between"), ==, 1);
  g_assert_cmpint (sl_test_int (sprint, "facing.max_degrees"), ==, 45);
  g_assert_cmpfloat (sl_test_double (sprint, "facing.metres_between"), ==, 2);
  g_assert_false (sl_test_has (walk, "facing"));
}

static void
test_movement_forbidden (void)
{
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk', 'prone': true}", "mode", "§6.4");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'sideways',"
                          " 'prone': true}", "mode", "only crawl");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'crawl'}", "mode", "prone");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk',"
                          " 'kneeling': true}", "mode", "kneeling");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'dive', 'kneeling': true}", "mode",
                          "kneeling");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'jump', 'prone': true}", "mode",
                          "only crawl");
  /* A-62: jumping off an obstacle the unit kneels on. */
  g_assert_cmpfloat (meters_of ("'mode': 'jump', 'kneeling': true"), ==, 2);
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk',"
                          " 'wound': 'unconscious'}", "wound", "T-16");
}

static void
test_movement_malformed (void)
{
  sl_test_assert_refused ("{'kind': 'movement'}", "mode", NULL);
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'none'}", "mode", "P-13");
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'fly'}", "mode", NULL);
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk',"
                          " 'terrain': 'lava'}", "terrain", NULL);
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk', 'race': 'elf'}", "race", NULL);
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk',"
                          " 'previous': 'hop'}", "previous", NULL);
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk', 'snow': 'yes'}", "snow", NULL);
  sl_test_assert_refused ("{'kind': 'movement', 'mode': 'walk', 'path': []}", "path", NULL);
}

/* move-path */

static JsonNode *
path (const char *fields)
{
  g_autofree char *request = g_strdup_printf ("{'kind': 'move-path', %s}", fields);

  g_test_message ("%s", request);
  return sl_test_resolve (request);
}

/* E-12: running human, light woods (1.5), mixed woods/clear chosen as clear
 * (1), then a contour line (2 > 1.5): covered 2 m, spent 2.5 (A-139). */
static void
test_e12_sylvester (void)
{
  g_autoptr(JsonNode) r = path ("'mode': 'run', 'path': [{'terrain': 'light-woods'},"
                                " {'terrain': 'light-woods', 'mixed_with': 'clear'},"
                                " {'terrain': 'clear', 'slope': 'up', 'contour': true},"
                                " {'terrain': 'clear'}]");

  g_assert_cmpfloat (sl_test_double (r, "allowance_m"), ==, 4);
  g_assert_cmpfloat (sl_test_double (r, "covered_m"), ==, 2);
  g_assert_cmpfloat (sl_test_double (r, "spent_m"), ==, 2.5);
  g_assert_cmpfloat (sl_test_double (r, "left_m"), ==, 1.5);
  g_assert_true (sl_test_bool (r, "stopped"));
  g_assert_cmpint (sl_test_int (r, "stopped_at"), ==, 2);
  g_assert_nonnull (strstr (sl_test_string (r, "reason"), "A-36"));
  g_assert_cmpfloat (sl_test_double (r, "metres[0].cost"), ==, 1.5);
  g_assert_cmpstr (sl_test_string (r, "metres[1].terrain"), ==, "clear");
  g_assert_cmpfloat (sl_test_double (r, "metres[1].cost"), ==, 1);
  g_assert_cmpfloat (sl_test_double (r, "metres[2].cost"), ==, 2);
  g_assert_cmpstr (sl_test_string (r, "metres[2].slope"), ==, "up");
  g_assert_cmpfloat (sl_test_double (r, "metres[2].covered"), ==, 0);
  g_assert_false (sl_test_has (r, "metres[3]"));
  g_assert_cmpfloat (sl_test_double (r, "movement.meters"), ==, 4);
}

/* E-13 and A-39: heavy woods anywhere on the path forbid running. */
static void
test_e13_most_restrictive (void)
{
  g_autoptr(JsonNode) walk = path ("'mode': 'walk', 'path': [{'terrain': 'clear'},"
                                   " {'terrain': 'heavy-woods'}, {'terrain': 'clear'}]");

  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'run', 'path': [{'terrain': 'clear'},"
                          " {'terrain': 'clear'}, {'terrain': 'heavy-woods'}]}", "path[2].terrain",
                          "A-39");
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'sprint', 'path': [{'terrain': 'clear'},"
                          " {'terrain': 'light-woods'}]}", "path[1].terrain", "Light Woods");
  /* Walking is fine: 1 + 2 = 3 > 2, so it stops before the woods. */
  g_assert_cmpfloat (sl_test_double (walk, "covered_m"), ==, 1);
  g_assert_cmpint (sl_test_int (walk, "stopped_at"), ==, 1);
  /* A mixed metre lets the runner pay the clear part. */
  {
    g_autoptr(JsonNode) mixed = path ("'mode': 'run', 'path': [{'terrain': 'heavy-woods',"
                                      " 'mixed_with': 'clear'}]");
    g_assert_cmpfloat (sl_test_double (mixed, "covered_m"), ==, 1);
    g_assert_cmpstr (sl_test_string (mixed, "metres[0].terrain"), ==, "clear");
  }
}

/* E-11: a unit that could sprint 6 m sprints 5; the last metre is lost. */
static void
test_e11_unused (void)
{
  g_autoptr(JsonNode) r = path ("'mode': 'sprint', 'path': [{}, {}, {}, {}, {}]");

  g_assert_cmpfloat (sl_test_double (r, "covered_m"), ==, 5);
  g_assert_cmpfloat (sl_test_double (r, "spent_m"), ==, 5);
  g_assert_cmpfloat (sl_test_double (r, "left_m"), ==, 1);
  g_assert_false (sl_test_bool (r, "stopped"));
  g_assert_false (sl_test_has (r, "reason"));
}

/* T-10: the cost of every terrain row, walking 6 m of it with an allowance
 * of 6 (a number given directly). */
static void
test_t10_rows (void)
{
  struct { const char *metre; double cost; } rows[] = {
    { "{'terrain': 'clear'}", 1 },
    { "{'terrain': 'light-woods'}", 1.5 },
    { "{'terrain': 'heavy-woods'}", 2 },
    { "{'terrain': 'stream'}", 2 },
    { "{'terrain': 'marsh'}", 1 },
    { "{'terrain': 'up-slope'}", 2 },
    { "{'terrain': 'down-slope'}", 1 },
    { "{'slope': 'up'}", 2 },
    { "{'slope': 'down'}", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *fields = g_strdup_printf ("'allowance': 6, 'path': [%s]", rows[i].metre);
      g_autoptr(JsonNode) r = path (fields);

      g_assert_cmpfloat (sl_test_double (r, "metres[0].cost"), ==, rows[i].cost);
      g_assert_cmpfloat (sl_test_double (r, "spent_m"), ==, rows[i].cost);
    }
  sl_test_assert_refused ("{'kind': 'move-path', 'allowance': 6, 'path': [{'terrain': 'river'}]}",
                          "path[0].terrain", "bounce pack");
  sl_test_assert_refused ("{'kind': 'move-path', 'allowance': 6,"
                          " 'path': [{'terrain': 'steep-slope'}]}",
                          "path[0].terrain", "bounce pack");
  sl_test_assert_refused ("{'kind': 'move-path', 'allowance': 6, 'path': [{}, {'slope': 'steep'}]}",
                          "path[1].slope", "bounce pack");
}

/* A-36: whole metres; the option spends a partial last metre; crawls and
 * sideways steps are exempt. */
static void
test_option_fractional_a36 (void)
{
  g_autoptr(JsonNode) full = path ("'mode': 'walk', 'wound': 'moderate', 'path': [{}, {}]");
  g_autoptr(JsonNode) part = path ("'mode': 'walk', 'wound': 'moderate', 'path': [{}, {}],"
                                   " 'options': {'fractionalFinalMetre': true}");
  g_autoptr(JsonNode) woods = path ("'mode': 'walk', 'path': [{}, {'terrain': 'light-woods'}],"
                                    " 'options': {'fractionalFinalMetre': true}");
  g_autoptr(JsonNode) crawl = path ("'mode': 'crawl', 'prone': true, 'path': [{}]");
  g_autoptr(JsonNode) crawl_woods = path ("'mode': 'crawl', 'prone': true,"
                                          " 'path': [{'terrain': 'heavy-woods'}]");
  g_autoptr(JsonNode) sideways = path ("'mode': 'sideways', 'path': [{}, {}]");

  g_assert_cmpfloat (sl_test_double (full, "covered_m"), ==, 1);
  g_assert_cmpfloat (sl_test_double (full, "spent_m"), ==, 1);
  g_assert_cmpfloat (sl_test_double (full, "left_m"), ==, 0.5);
  g_assert_true (sl_test_bool (full, "stopped"));
  g_assert_cmpfloat (sl_test_double (part, "covered_m"), ==, 1.5);
  g_assert_cmpfloat (sl_test_double (part, "spent_m"), ==, 1.5);
  g_assert_cmpfloat (sl_test_double (part, "left_m"), ==, 0);
  /* 1 m of allowance left, the woods metre costs 1.5: two thirds of it. */
  g_assert_cmpfloat (fabs (sl_test_double (woods, "covered_m") - (1 + 2.0 / 3)), <, 1e-9);
  g_assert_cmpfloat (sl_test_double (crawl, "covered_m"), ==, 0.5);
  g_assert_cmpfloat (sl_test_double (crawl_woods, "covered_m"), ==, 0.25);
  g_assert_cmpfloat (sl_test_double (sideways, "covered_m"), ==, 1);
  g_assert_true (sl_test_bool (sideways, "stopped"));
}

/* A-37: elevation stacks with the ground, and the suit's 1.25 m/m counts
 * like terrain: multiplied, or their excesses added with the option. */
static void
test_option_terrain_combine_a37 (void)
{
  struct { const char *fields; double multiply; double add; } rows[] = {
    { "'armor': 'BI', 'path': [{'terrain': 'heavy-woods'}]", 2.5, 2.25 },
    { "'path': [{'terrain': 'light-woods', 'slope': 'up'}]", 3, 2.5 },
    { "'armor': 'BI', 'path': [{'terrain': 'light-woods', 'slope': 'up'}]", 3.75, 2.75 },
    { "'armor': 'MZG', 'path': [{}]", 1.25, 1.25 },
    { "'path': [{'terrain': 'stream', 'slope': 'down'}]", 2, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *multiply = g_strdup_printf ("'allowance': 10, %s", rows[i].fields);
      g_autofree char *add = g_strdup_printf ("'allowance': 10, %s, 'options':"
                                              " {'terrainCostCombine': 'add'}", rows[i].fields);
      g_autoptr(JsonNode) m = path (multiply);
      g_autoptr(JsonNode) a = path (add);

      g_assert_cmpfloat (sl_test_double (m, "metres[0].cost"), ==, rows[i].multiply);
      g_assert_cmpfloat (sl_test_double (a, "metres[0].cost"), ==, rows[i].add);
    }
}

/* A-42 and §8.2: a BI walking on foot pays 1.25 a metre and covers 1 m of 2;
 * with its pack it walks 4 m at 1 m per metre; an MZG always pays. */
static void
test_suit_on_path_a42 (void)
{
  g_autoptr(JsonNode) foot = path ("'mode': 'walk', 'armor': 'BI', 'path': [{}, {}, {}]");
  g_autoptr(JsonNode) pack = path ("'mode': 'walk', 'armor': 'BI', 'bounce_pack': true,"
                                   " 'path': [{}, {}, {}, {}, {}]");
  g_autoptr(JsonNode) mzg = path ("'mode': 'run', 'armor': 'MZG', 'path': [{}, {}, {}, {}]");

  g_assert_cmpfloat (sl_test_double (foot, "covered_m"), ==, 1);
  g_assert_cmpfloat (sl_test_double (foot, "spent_m"), ==, 1.25);
  g_assert_cmpfloat (sl_test_double (foot, "suit_cost_per_metre"), ==, 1.25);
  g_assert_cmpfloat (sl_test_double (pack, "covered_m"), ==, 4);
  g_assert_cmpfloat (sl_test_double (pack, "suit_cost_per_metre"), ==, 1);
  g_assert_cmpfloat (sl_test_double (mzg, "covered_m"), ==, 3);
  g_assert_cmpfloat (sl_test_double (mzg, "spent_m"), ==, 3.75);
}

/* §8.2: with the pack, stream, marsh, river and slopes are clear; light woods
 * give 2/4 at 1 m per metre (E-14); heavy woods make it a normal unit. */
static void
test_bounce_path (void)
{
  g_autoptr(JsonNode) clear = path ("'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                                    " 'path': [{'terrain': 'stream'}, {'terrain': 'marsh'},"
                                    " {'terrain': 'marsh'}, {'terrain': 'river'}, {'slope': 'up',"
                                    " 'contour': true}, {'slope': 'steep'},"
                                    " {'terrain': 'down-slope'}]");
  g_autoptr(JsonNode) woods = path ("'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                                    " 'path': [{}, {'terrain': 'light-woods'},"
                                    " {'terrain': 'light-woods'},"
                                    " {}, {}, {}]");
  g_autoptr(JsonNode) heavy = path ("'mode': 'walk', 'armor': 'BI', 'bounce_pack': true,"
                                    " 'path': [{'terrain': 'heavy-woods'}, {}]");

  g_assert_cmpfloat (sl_test_double (clear, "allowance_m"), ==, 8);
  g_assert_cmpfloat (sl_test_double (clear, "covered_m"), ==, 7);
  g_assert_cmpfloat (sl_test_double (clear, "spent_m"), ==, 7);
  g_assert_false (sl_test_bool (clear, "stopped"));
  g_assert_cmpfloat (sl_test_double (woods, "allowance_m"), ==, 4);
  g_assert_cmpfloat (sl_test_double (woods, "metres[1].cost"), ==, 1);
  g_assert_cmpfloat (sl_test_double (woods, "covered_m"), ==, 4);
  g_assert_cmpfloat (sl_test_double (heavy, "allowance_m"), ==, 2);
  g_assert_cmpfloat (sl_test_double (heavy, "metres[0].cost"), ==, 2.5);
  g_assert_cmpfloat (sl_test_double (heavy, "covered_m"), ==, 0);
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'sprint', 'armor': 'BI',"
                          " 'bounce_pack': true,"
                          " 'path': [{}, {'terrain': 'light-woods'}]}", "path[1].terrain", "E-14");
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                          " 'path': [{}, {'terrain': 'heavy-woods'}]}", "path[1].terrain", "A-39");
  sl_test_assert_refused ("{'kind': 'move-path', 'allowance': 4, 'armor': 'LI',"
                          " 'bounce_pack': true,"
                          " 'path': [{}]}", "bounce_pack", "T-13");
}

/* A-38: 1 m of marsh a subphase. */
static void
test_marsh_a38 (void)
{
  g_autoptr(JsonNode) in = path ("'mode': 'walk', 'path': [{'terrain': 'marsh'},"
                                 " {'terrain': 'marsh'}]");
  g_autoptr(JsonNode) through = path ("'mode': 'walk', 'path': [{'terrain': 'marsh'}, {}]");
  g_autoptr(JsonNode) into = path ("'mode': 'walk', 'path': [{}, {'terrain': 'marsh'}]");

  g_assert_cmpfloat (sl_test_double (in, "covered_m"), ==, 1);
  g_assert_true (sl_test_bool (in, "stopped"));
  g_assert_cmpint (sl_test_int (in, "stopped_at"), ==, 1);
  g_assert_nonnull (strstr (sl_test_string (in, "reason"), "A-38"));
  g_assert_cmpfloat (sl_test_double (through, "covered_m"), ==, 2);
  g_assert_cmpfloat (sl_test_double (into, "covered_m"), ==, 2);
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'run', 'path': [{'terrain': 'marsh'}]}",
                          "path[0].terrain", "Marsh");
}

/* P-13 step 4: a mixed metre costs what the mover chooses, except that a
 * contour line always costs the slope. */
static void
test_mixed_and_contour (void)
{
  g_autoptr(JsonNode) choose = path ("'allowance': 4, 'path': [{'terrain': 'clear',"
                                     " 'mixed_with': 'up-slope'}]");
  g_autoptr(JsonNode) contour = path ("'allowance': 4, 'path': [{'terrain': 'clear',"
                                      " 'mixed_with': 'up-slope',"
                                      " 'contour': true}]");
  g_autoptr(JsonNode) woods = path ("'allowance': 4, 'path': [{'terrain': 'light-woods',"
                                    " 'mixed_with': 'clear',"
                                    " 'slope': 'up', 'contour': true}]");
  g_autoptr(JsonNode) dearer = path ("'allowance': 4, 'path': [{'terrain': 'clear',"
                                     " 'mixed_with': 'stream'}]");

  g_assert_cmpfloat (sl_test_double (choose, "metres[0].cost"), ==, 1);
  g_assert_false (sl_test_has (choose, "metres[0].slope"));
  g_assert_cmpfloat (sl_test_double (contour, "metres[0].cost"), ==, 2);
  /* Clear chosen over light woods, but the slope is paid: 1 × 2. */
  g_assert_cmpfloat (sl_test_double (woods, "metres[0].cost"), ==, 2);
  g_assert_cmpstr (sl_test_string (woods, "metres[0].terrain"), ==, "clear");
  g_assert_cmpfloat (sl_test_double (dearer, "metres[0].cost"), ==, 1);
  sl_test_assert_refused ("{'kind': 'move-path', 'allowance': 4, 'path': [{'contour': true}]}",
                          "path[0].slope", "contour");
  sl_test_assert_refused ("{'kind': 'move-path', 'allowance': 4, 'path': [{'terrain': 'up-slope',"
                          " 'slope': 'up'}]}", "path[0].slope", NULL);
  /* A river mixed with clear ground: the mover takes the clear part. */
  {
    g_autoptr(JsonNode) bank = path ("'allowance': 4, 'path': [{'terrain': 'river',"
                                     " 'mixed_with': 'clear'}]");
    g_assert_cmpfloat (sl_test_double (bank, "covered_m"), ==, 1);
  }
}

/* §8.2 and A-33: a bounce unit rises to a window up to the 6th storey, each
 * 3 m of height costing 3 m of its movement; the option forbids it. */
static void
test_option_window_entry_a33 (void)
{
  g_autoptr(JsonNode) third = path ("'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                                    " 'path': [{}, {}], 'window_storey': 3");
  g_autoptr(JsonNode) fourth = path ("'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                                     " 'path': [{}, {}], 'window_storey': 4");
  g_autoptr(JsonNode) sixth = path ("'mode': 'sprint', 'armor': 'BI', 'bounce_pack': true,"
                                    " 'path': [], 'window_storey': 6");
  g_autoptr(JsonNode) sixth_on = path ("'mode': 'sprint', 'armor': 'BI', 'bounce_pack': true,"
                                       " 'path': [], 'window_storey': 6, 'risen_m': 12");
  g_autoptr(JsonNode) whole = path ("'mode': 'walk', 'armor': 'BI', 'bounce_pack': true,"
                                    " 'allowance': 3.5, 'path': [], 'window_storey': 3");
  g_autoptr(JsonNode) part = path ("'mode': 'walk', 'armor': 'BI', 'bounce_pack': true,"
                                   " 'allowance': 3.5, 'path': [], 'window_storey': 3,"
                                   " 'options': {'fractionalFinalMetre': true}");

  g_assert_cmpfloat (sl_test_double (third, "rise_m"), ==, 6);
  g_assert_true (sl_test_bool (third, "window_reached"));
  g_assert_cmpfloat (sl_test_double (third, "spent_m"), ==, 8);
  g_assert_cmpfloat (sl_test_double (third, "covered_m"), ==, 2);
  g_assert_false (sl_test_bool (third, "stopped"));
  /* 9 m of rise with 6 m left: it rises 6 m and goes on next subphase. */
  g_assert_false (sl_test_bool (fourth, "window_reached"));
  g_assert_true (sl_test_bool (fourth, "stopped"));
  g_assert_cmpint (sl_test_int (fourth, "stopped_at"), ==, 2);
  g_assert_cmpfloat (sl_test_double (fourth, "rise_m"), ==, 6);
  g_assert_cmpfloat (sl_test_double (fourth, "height_m"), ==, 6);
  g_assert_cmpfloat (sl_test_double (fourth, "spent_m"), ==, 8);
  g_assert_nonnull (strstr (sl_test_string (fourth, "reason"), "A-33"));
  /* The 6th storey is 15 m up: a sprint of 12 m, then 3 m more. */
  g_assert_cmpfloat (sl_test_double (sixth, "rise_m"), ==, 12);
  g_assert_false (sl_test_bool (sixth, "window_reached"));
  g_assert_cmpfloat (sl_test_double (sixth_on, "rise_m"), ==, 3);
  g_assert_cmpfloat (sl_test_double (sixth_on, "height_m"), ==, 15);
  g_assert_true (sl_test_bool (sixth_on, "window_reached"));
  g_assert_cmpfloat (sl_test_double (sixth_on, "spent_m"), ==, 3);
  /* A-36: 3.5 m of allowance rises 3 whole metres; the option also spends
   * the half. */
  g_assert_cmpfloat (sl_test_double (whole, "rise_m"), ==, 3);
  g_assert_cmpfloat (sl_test_double (whole, "left_m"), ==, 0.5);
  g_assert_false (sl_test_bool (whole, "window_reached"));
  g_assert_cmpfloat (sl_test_double (part, "rise_m"), ==, 3.5);
  g_assert_cmpfloat (sl_test_double (part, "height_m"), ==, 3.5);

  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                          " 'path': [{}], 'window_storey': 3, 'options': {'bounceWindowEntry': false}}",
                          "window_storey", "A-33");
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'sprint', 'armor': 'BI', 'bounce_pack': true,"
                          " 'path': [], 'window_storey': 7}", "window_storey", "6th storey");
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'run', 'armor': 'BI',"
                          " 'path': [{}], 'window_storey': 2}", "window_storey", "bounce pack");
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'walk', 'armor': 'BI', 'bounce_pack': true,"
                          " 'path': [{'terrain': 'heavy-woods'}], 'window_storey': 2}",
                          "window_storey", "heavy woods");
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                          " 'path': [{}], 'window_storey': 1}", "window_storey", NULL);
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'run', 'armor': 'BI', 'bounce_pack': true,"
                          " 'path': [{}], 'risen_m': 3}", "risen_m", "window_storey");
}

static void
test_move_path_malformed (void)
{
  sl_test_assert_refused ("{'kind': 'move-path', 'path': [{}]}", "mode", "allowance");
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'walk'}", "path", NULL);
  sl_test_assert_refused ("{'kind': 'move-path', 'allowance': 3, 'race': 'kessrith', 'path': [{}]}",
                          "race", "mode");
  sl_test_assert_refused ("{'kind': 'move-path', 'allowance': -1,"
                          " 'path': [{}]}", "allowance", NULL);
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'jump', 'path': [{}]}", "mode", "A-30");
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'walk', 'path': [{'terrain': 'lava'}]}",
                          "path[0].terrain", NULL);
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'walk', 'path': [{},"
                          " {'slope': 'sideways'}]}",
                          "path[1].slope", NULL);
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'walk', 'path': [{'height': 2}]}",
                          "path[0].height", NULL);
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'sprint', 'night': true, 'path': [{}]}",
                          "mode", "power suit");
  /* The mover is checked before the ground it crosses. */
  sl_test_assert_refused ("{'kind': 'move-path', 'mode': 'run', 'armor': 'LI', 'bounce_pack': true,"
                          " 'path': [{'terrain': 'river'}]}", "bounce_pack", "T-13");
}

/* elevator */

/* E-09: called from floor 2 while at floor 5: 3 × 3 = 9 subphases. */
static void
test_e09_elevator (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'elevator', 'from_floor': 5, 'to_floor': 2}");
  g_autoptr(JsonNode) up = sl_test_resolve ("{'kind': 'elevator', 'from_floor': 1, 'to_floor': 4}");
  g_autoptr(JsonNode) here = sl_test_resolve ("{'kind': 'elevator', 'from_floor': 3,"
                                              " 'to_floor': 3}");

  g_assert_cmpint (sl_test_int (r, "wait_subphases"), ==, 9);
  g_assert_cmpint (sl_test_int (r, "floors"), ==, 3);
  g_assert_cmpint (sl_test_int (r, "travel_ap"), ==, 6);
  g_assert_cmpint (sl_test_int (r, "call_ap"), ==, 1);
  g_assert_cmpint (sl_test_int (up, "wait_subphases"), ==, 9);
  g_assert_cmpint (sl_test_int (here, "wait_subphases"), ==, 0);
  g_assert_cmpint (sl_test_int (here, "travel_ap"), ==, 0);
  sl_test_assert_refused ("{'kind': 'elevator', 'from_floor': 5}", "to_floor", NULL);
  sl_test_assert_refused ("{'kind': 'elevator', 'from_floor': 1.5,"
                          " 'to_floor': 2}", "from_floor", NULL);
}

/* E-10 and A-35: ceil(d10 × floors / 10). */
static void
test_e10_elevator_floor (void)
{
  for (int roll = 1; roll <= 10; roll++)
    {
      g_autofree char *two = g_strdup_printf ("{'kind': 'elevator-floor', 'floors': 2,"
                                              " 'roll': %d}", roll);
      g_autofree char *three = g_strdup_printf ("{'kind': 'elevator-floor', 'floors': 3,"
                                                " 'roll': %d}", roll);
      g_autofree char *one = g_strdup_printf ("{'kind': 'elevator-floor', 'floors': 1,"
                                              " 'roll': %d}", roll);
      g_autofree char *ten = g_strdup_printf ("{'kind': 'elevator-floor', 'floors': 10,"
                                              " 'roll': %d}", roll);

      g_assert_cmpint (sl_test_resolve_int (two, "floor"), ==, roll <= 5 ? 1 : 2);
      g_assert_cmpint (sl_test_resolve_int (three, "floor"), ==, roll <= 3 ? 1 : roll <= 6 ? 2 : 3);
      g_assert_cmpint (sl_test_resolve_int (one, "floor"), ==, 1);
      g_assert_cmpint (sl_test_resolve_int (ten, "floor"), ==, roll);
    }
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'elevator-floor', 'floors': 2, 'roll': 6}");
    g_autoptr(JsonNode) t = sl_test_resolve ("{'kind': 'elevator-floor', 'floors': 3, 'roll': 10}");
    g_autoptr(JsonNode) rolled = sl_test_resolve ("{'kind': 'elevator-floor', 'floors': 4}");
    gint64 natural = sl_test_int (rolled, "natural");

    g_assert_cmpint (sl_test_int (r, "natural"), ==, 6);
    g_assert_cmpint (sl_test_int (r, "rolls_for_floor[0]"), ==, 6);
    g_assert_cmpint (sl_test_int (r, "rolls_for_floor[1]"), ==, 10);
    g_assert_cmpint (sl_test_int (t, "rolls_for_floor[0]"), ==, 7);
    g_assert_cmpint (sl_test_int (t, "rolls_for_floor[1]"), ==, 10);
    g_assert_false (sl_test_has (r, "rolls"));
    /* A die left out is rolled and reported. */
    g_assert_cmpint (sl_test_int (rolled, "rolls.roll"), ==, natural);
    g_assert_cmpint (sl_test_int (rolled, "floor"), ==, (natural * 4 + 9) / 10);
  }
  /* Each floor of a 4-floor building comes up on 2 or 3 of the 10 faces. */
  for (int f = 1; f <= 4; f++)
    {
      int first, last, faces = 0;

      for (int roll = 1; roll <= 10; roll++)
        faces += sl_elevator_floor (4, roll, &first, &last) == f;
      sl_elevator_floor (4, f * 10 / 4, &first, &last);
      g_assert_cmpint (last - first + 1, ==, faces);
      g_assert_cmpint (faces, >=, 2);
      g_assert_cmpint (faces, <=, 3);
    }
  sl_test_assert_refused ("{'kind': 'elevator-floor', 'floors': 11, 'roll': 3}", "floors", "A-35");
  sl_test_assert_refused ("{'kind': 'elevator-floor', 'floors': 0, 'roll': 3}", "floors", NULL);
  sl_test_assert_refused ("{'kind': 'elevator-floor', 'floors': 2, 'roll': 0}", "roll", NULL);
  sl_test_assert_refused ("{'kind': 'elevator-floor', 'floors': 2, 'roll': 11}", "roll", NULL);
  sl_test_assert_refused ("{'kind': 'elevator-floor', 'roll': 3}", "floors", NULL);
}

/* wound-effects */

/* T-16 and T-17: every level. */
static void
test_t16_t17_wound_levels (void)
{
  struct
  {
    const char *wound; const char *box; int to_hit; int ap; double walk, run, sprint;
    gboolean dazes; gboolean out; double fraction;
  } rows[] = {
    { "none", "", 0, 0, 2, 4, 6, FALSE, FALSE, 0 },
    { "light", "L", 0, 0, 2, 4, 6, TRUE, FALSE, 0.1 },
    { "moderate", "M", 1, 1, 1.5, 3, 5, TRUE, FALSE, 0.25 },
    { "serious", "S", 3, 2, 1, 2, 3, TRUE, FALSE, 0.5 },
    { "unconscious", "U", 0, 0, 0, 0, 0, FALSE, TRUE, 0.75 },
    { "dead", "D", 0, 0, 0, 0, 0, FALSE, TRUE, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'wound-effects',"
                                                  " 'wound': '%s'}", rows[i].wound);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_test_message ("%s", request);
      g_assert_cmpstr (sl_test_string (r, "box"), ==, rows[i].box);
      g_assert_cmpint (sl_test_int (r, "level"), ==, i);
      g_assert_cmpint (sl_test_int (r, "to_hit"), ==, rows[i].to_hit);
      g_assert_cmpint (sl_test_int (r, "melee"), ==, rows[i].to_hit);
      g_assert_cmpint (sl_test_int (r, "ap_penalty"), ==, rows[i].ap);
      g_assert_true (sl_test_bool (r, "dazes") == rows[i].dazes);
      g_assert_true (sl_test_bool (r, "out") == rows[i].out);
      g_assert_cmpfloat (sl_test_double (r, "victory_fraction"), ==, rows[i].fraction);
      if (rows[i].out)
        g_assert_false (sl_test_has (r, "movement"));
      else
        {
          g_assert_cmpfloat (sl_test_double (r, "movement.crawl"), ==, 0.5);
          g_assert_cmpfloat (sl_test_double (r, "movement.walk"), ==, rows[i].walk);
          g_assert_cmpfloat (sl_test_double (r, "movement.run"), ==, rows[i].run);
          g_assert_cmpfloat (sl_test_double (r, "movement.sprint"), ==, rows[i].sprint);
        }
    }
  sl_test_assert_refused ("{'kind': 'wound-effects'}", "wound", NULL);
  sl_test_assert_refused ("{'kind': 'wound-effects', 'wound': 'grazed'}", "wound", NULL);
}

/* E-17: at Serious, +3 to hit in ranged and melee, +2 AP on actions other
 * than move and fire/throw, movement 1/2/3 m, boxes L M S. */
static void
test_e17_serious (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'wound-effects', 'wound': 'serious'}");

  g_assert_cmpint (sl_test_int (r, "to_hit"), ==, 3);
  g_assert_cmpint (sl_test_int (r, "melee"), ==, 3);
  g_assert_cmpint (sl_test_int (r, "ap_penalty"), ==, 2);
  g_assert_cmpstr (sl_test_string (r, "boxes[0]"), ==, "L");
  g_assert_cmpstr (sl_test_string (r, "boxes[2]"), ==, "S");
  g_assert_false (sl_test_has (r, "boxes[3]"));
  g_assert_cmpfloat (sl_test_double (r, "movement.walk"), ==, 1);
  g_assert_cmpfloat (sl_test_double (r, "movement.run"), ==, 2);
  g_assert_cmpfloat (sl_test_double (r, "movement.sprint"), ==, 3);
  /* The same numbers where they are used. */
  g_assert_cmpint (cost_of ("'action': 'reload', 'wound': 'serious'"), ==, 7);
  g_assert_cmpint (cost_of ("'action': 'fire', 'wound': 'serious'"), ==, 1);
  g_assert_cmpfloat (meters_of ("'mode': 'sprint', 'wound': 'serious'"), ==, 3);
}

/* P-10 and A-32: a stairs climb counts as a move, so an action may be
 * combined with it; both start together and the climb ends on its own
 * schedule (5 AP a floor). Prone or kneeling units cannot climb. */
static void
test_stairs_combination_p10 (void)
{
  g_autoptr(JsonNode) reload = sl_test_resolve ("{'kind': 'action-cost', 'action': 'reload',"
                                                " 'combined_with': 'stairs'}");
  g_autoptr(JsonNode) fire = sl_test_resolve ("{'kind': 'action-cost', 'action': 'fire',"
                                              " 'combined_with': 'stairs', 'floors': 2}");

  g_assert_cmpint (sl_test_int (reload, "cost"), ==, 5 + 2);
  g_assert_cmpint (sl_test_int (reload, "stairs_ap"), ==, 5);
  g_assert_cmpint (sl_test_int (fire, "cost"), ==, 1);
  g_assert_cmpint (sl_test_int (fire, "stairs_ap"), ==, 10);
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'reload', 'combined_with': 'stairs',"
                          " 'position': 'prone'}", "combined_with", "6.4");
  sl_test_assert_refused ("{'kind': 'action-cost', 'action': 'aimed-fire',"
                          " 'combined_with': 'stairs'}", "combined_with", "T-06");
}

/* P-16 step 3: Clear weapon (5 AP) starts in the subphase after the jam; a
 * jam in subphase 9 is cleared in subphase 4 of the next turn (10, 1, 2, 3, 4). */
static void
test_clear_weapon_timing_p16 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'timing', 'event': 'clear-weapon',"
                                           " 'turn': 2, 'subphase': 9}");
  g_autoptr(JsonNode) wounded = sl_test_resolve ("{'kind': 'timing', 'event': 'clear-weapon',"
                                                 " 'turn': 2, 'subphase': 9, 'cost': 6}");

  g_assert_cmpint (sl_test_int (r, "starts.turn"), ==, 2);
  g_assert_cmpint (sl_test_int (r, "starts.subphase"), ==, 10);
  g_assert_cmpint (sl_test_int (r, "at.turn"), ==, 3);
  g_assert_cmpint (sl_test_int (r, "at.subphase"), ==, 4);
  g_assert_cmpint (sl_test_int (wounded, "at.subphase"), ==, 5);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/actions/action-cost/T-05-rows", test_t05_rows);
  g_test_add_func ("/actions/action-cost/T-05-breakdown", test_t05_breakdown);
  g_test_add_func ("/actions/action-cost/T-06-combinations", test_t06_combinations);
  g_test_add_func ("/actions/action-cost/E-43", test_e43_combination_examples);
  g_test_add_func ("/actions/action-cost/illegal-combinations-T-06", test_illegal_combinations);
  g_test_add_func ("/actions/action-cost/wound-penalty-A-25-A-26", test_wound_penalty_a25_a26);
  g_test_add_func ("/actions/action-cost/option-woundPenaltyScope-A-26",
                   test_option_wound_scope_a26);
  g_test_add_func ("/actions/action-cost/option-kneelingCombinationFree-A-23",
                   test_option_kneeling_a23);
  g_test_add_func ("/actions/action-cost/option-avoidMeleeExtraAP-A-21",
                   test_option_avoid_melee_a21);
  g_test_add_func ("/actions/action-cost/option-allowEnterStealth-A-64",
                   test_option_enter_stealth_a64);
  g_test_add_func ("/actions/action-cost/leader-only-A-19", test_leader_only);
  g_test_add_func ("/actions/action-cost/dazed-A-27", test_dazed_a27);
  g_test_add_func ("/actions/action-cost/positions", test_positions);
  g_test_add_func ("/actions/action-cost/malformed", test_action_cost_malformed);
  g_test_add_func ("/actions/schedule/E-05", test_e05_end_subphase);
  g_test_add_func ("/actions/schedule/E-06", test_e06_carry_over);
  g_test_add_func ("/actions/schedule/E-07", test_e07_fire_team);
  g_test_add_func ("/actions/schedule/E-44-E-37-track", test_e44_track);
  g_test_add_func ("/actions/schedule/malformed", test_schedule_malformed);
  g_test_add_func ("/actions/timing/grenade-option-grenadeDetonationDelay-A-108",
                   test_timing_grenade_a108);
  g_test_add_func ("/actions/timing/opportunity-options-oppFire-A-28", test_timing_opportunity_a28);
  g_test_add_func ("/actions/timing/smoke-option-smokeDuration-A-112", test_timing_smoke_a112);
  g_test_add_func ("/actions/timing/fire-mission-option-fireMissionsInPhase-A-13",
                   test_timing_fire_mission_a13);
  g_test_add_func ("/actions/timing/mine-option-minesInExplosionStep-A-82", test_timing_mine_a82);
  g_test_add_func ("/actions/timing/rout-check-option-routCheckInterval-A-100",
                   test_timing_rout_check_a100);
  g_test_add_func ("/actions/timing/daze-P-19", test_timing_daze_p19);
  g_test_add_func ("/actions/timing/malformed", test_timing_malformed);
  g_test_add_func ("/actions/daze/E-18", test_e18_daze);
  g_test_add_func ("/actions/daze/malformed", test_daze_malformed);
  g_test_add_func ("/actions/rate-of-fire/normal-P-15", test_rof_normal_p15);
  g_test_add_func ("/actions/rate-of-fire/option-rateOfFireWindow-A-55", test_rof_window_a55);
  g_test_add_func ("/actions/rate-of-fire/automatic-P-30-T-23", test_rof_automatic_p30);
  g_test_add_func ("/actions/rate-of-fire/concentrated-same-target-P-30",
                   test_rof_concentrated_same_target);
  g_test_add_func ("/actions/rate-of-fire/E-26", test_e26_consecutive_bursts);
  g_test_add_func ("/actions/rate-of-fire/T-22-modes", test_t22_modes);
  g_test_add_func ("/actions/rate-of-fire/malformed", test_rof_malformed);
  g_test_add_func ("/actions/movement/T-09-rows", test_t09_rows);
  g_test_add_func ("/actions/movement/rate-order-A-43", test_rate_order_a43);
  g_test_add_func ("/actions/movement/option-bounceIgnoresWounds-A-40",
                   test_option_bounce_ignores_wounds_a40);
  g_test_add_func ("/actions/movement/bounce-inertia-A-40", test_bounce_inertia_a40);
  g_test_add_func ("/actions/movement/bounce-limits", test_bounce_limits);
  g_test_add_func ("/actions/movement/option-marineTroopsUseBounce-A-41",
                   test_option_marine_bounce_a41);
  g_test_add_func ("/actions/movement/suit-cost-A-42", test_suit_cost_a42);
  g_test_add_func ("/actions/movement/option-jumpDistance-A-30", test_option_jump_a30);
  g_test_add_func ("/actions/movement/E-42-T-07-dive", test_e42_dive);
  g_test_add_func ("/actions/movement/terrain-T-10-A-39", test_terrain_restrictions);
  g_test_add_func ("/actions/movement/E-08-facing", test_e08_facing);
  g_test_add_func ("/actions/movement/forbidden", test_movement_forbidden);
  g_test_add_func ("/actions/movement/malformed", test_movement_malformed);
  g_test_add_func ("/actions/move-path/E-12", test_e12_sylvester);
  g_test_add_func ("/actions/move-path/E-13", test_e13_most_restrictive);
  g_test_add_func ("/actions/move-path/E-11", test_e11_unused);
  g_test_add_func ("/actions/move-path/T-10-rows", test_t10_rows);
  g_test_add_func ("/actions/move-path/option-fractionalFinalMetre-A-36",
                   test_option_fractional_a36);
  g_test_add_func ("/actions/move-path/option-terrainCostCombine-A-37",
                   test_option_terrain_combine_a37);
  g_test_add_func ("/actions/move-path/suit-A-42", test_suit_on_path_a42);
  g_test_add_func ("/actions/move-path/bounce-pack-E-14", test_bounce_path);
  g_test_add_func ("/actions/move-path/marsh-A-38", test_marsh_a38);
  g_test_add_func ("/actions/move-path/mixed-and-contour-P-13", test_mixed_and_contour);
  g_test_add_func ("/actions/move-path/option-bounceWindowEntry-A-33",
                   test_option_window_entry_a33);
  g_test_add_func ("/actions/move-path/malformed", test_move_path_malformed);
  g_test_add_func ("/actions/elevator/E-09", test_e09_elevator);
  g_test_add_func ("/actions/elevator-floor/E-10-A-35", test_e10_elevator_floor);
  g_test_add_func ("/actions/wound-effects/T-16-T-17", test_t16_t17_wound_levels);
  g_test_add_func ("/actions/wound-effects/E-17", test_e17_serious);

  g_test_add_func ("/actions/action-cost/stairs-P-10-A-32", test_stairs_combination_p10);
  g_test_add_func ("/actions/timing/clear-weapon-P-16", test_clear_weapon_timing_p16);

  return g_test_run ();
}
