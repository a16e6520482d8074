/* test-game-victory.c: who won — P-40 through the game, with the premade
 * scenarios' objectives (T-39 … T-43, A-132 … A-134) and the objective
 * command
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-json.h"
#include "sl-test-game.h"
#include "sl-report.h"
#include "sl-victory.h"

/* The training scenario (8 against 8) with a "victory" member. */
static SlGame *
training_with_victory (const char *victory)
{
  g_autofree char *path = g_build_filename (SL_SOURCE_DATADIR, "scenarios", "training.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *json = victory ? sl_test_json (victory) : NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  SlGame *game;
  SlSetup *setup;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  node = sl_json_parse (text, -1, &error);
  g_assert_no_error (error);
  if (json != NULL)
    json_object_set_member (json_node_get_object (node), "victory", json_from_string (json, NULL));
  setup = sl_setup_new_from_json (sl_test_rules (), node, &error);
  g_assert_no_error (error);
  game = sl_game_new (sl_test_rules (), setup);
  sl_game_set_seed (game, 1995);
  return game;
}

static void
victory_now (SlGame        *game,
             SlVictory *victory)
{
  sl_victory_compute (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game), victory);
}

static void
wound (SlGame     *game,
       const char *unit,
       const char *level)
{
  g_autofree char *command = g_strdup_printf ("{'type': 'correct', 'unit': '%s', 'field': 'wound', 'value': '%s'}",
                                              unit, level);
  sl_test_play (game, command);
}

static void
finish_turn (SlGame *game)
{
  sl_test_start_turn (game);
  for (int guard = 0; guard < 200 && sl_game_get_state (game)->phase != SL_PHASE_INITIATIVE &&
                      !sl_game_get_state (game)->over; guard++)
    sl_test_play (game, "{'type': 'next'}");
}

/* T-39, T-17: without objectives, body count: a dead enemy scores its full
 * value, a serious wound its T-17 share; the ratio gives the level (T-40,
 * */
static void
test_body_count (void)
{
  g_autoptr(SlGame) game = training_with_victory (NULL);
  SlVictory v;
  int marek = sl_setup_unit (sl_game_get_setup (game), "tog-2")->points;

  wound (game, "tog-2", "dead");
  victory_now (game, &v);
  g_assert_cmpint (v.objectives[0].kind, ==, SL_OBJECTIVE_NONE);
  g_assert_cmpfloat (v.result.scores[1].score, ==, marek);
  g_assert_cmpfloat (v.result.scores[0].score, ==, 0);
  g_assert_cmpint (v.result.winner, ==, 1);
  sl_victory_clear (&v);
}

/* T-41, A-132: the kill objective needs two-thirds of the enemy killed or
 * unconscious (8 units: 6); the rout objective every enemy unit in the
 * fight routed, its leader apart. */
static void
test_kill_and_rout (void)
{
  g_autoptr(SlGame) game = training_with_victory (
    "{'scenario': 'definitely-not-camping',"
    " 'sides': {'tog': {'primary': 'kill'}, 'cw': {'primary': 'rout'}}}");
  const char *cw[] = { "cw-13", "cw-14", "cw-15", "cw-16", "cw-18" };
  SlVictory v;
  g_autofree char *words = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cw); i++)
    wound (game, cw[i], "dead");
  victory_now (game, &v);
  g_assert_cmpint (v.objectives[0].kill_target, ==, 6);
  g_assert_cmpint (v.objectives[0].enemy_out, ==, 5);
  g_assert_false (v.objectives[0].achieved);
  words = sl_objective_status_describe (sl_game_get_setup (game), 0, &v.objectives[0]);
  g_assert_cmpstr (words, ==, "5 of 8 enemy units killed or unconscious; 6 needed (T-41).");
  sl_victory_clear (&v);

  wound (game, "cw-19", "unconscious");
  victory_now (game, &v);
  g_assert_true (v.objectives[0].achieved);
  g_assert_cmpint (v.objectives[0].points, ==, 100);
  g_assert_cmpstr (g_array_index (v.result.scores[0].items, SlVictoryItem, 0).source, ==, "primary");
  g_assert_false (v.objectives[1].achieved);
  sl_victory_clear (&v);

  /* The TOG squad routs, its leader (tog-1) standing: the Commonwealth's
   * objective. */
  for (int i = 2; i <= 7; i++)
    {
      g_autofree char *command = g_strdup_printf ("{'type': 'correct', 'unit': 'tog-%d', 'field': 'routed', 'value': true}", i);
      sl_test_play (game, command);
    }
  victory_now (game, &v);
  g_assert_false (v.objectives[1].achieved);
  g_assert_cmpint (v.objectives[1].enemy_routed, ==, 6);
  g_assert_cmpint (v.objectives[1].enemy_standing, ==, 7);
  sl_victory_clear (&v);
  wound (game, "tog-8", "dead");
  victory_now (game, &v);
  g_assert_true (v.objectives[1].achieved);
  g_assert_cmpint (v.objectives[1].points, ==, 100);
  sl_victory_clear (&v);
}

/* P-31 step 5, A-132: a leader never routs, and the leader is the one the
 * squad answers to now. TOG's leader (tog-1) dead, tog-2 appointed acting
 * leader (P-32 step 8): the rout of every other unit in the fight meets
 * the Commonwealth's objective, as it does with the leader alive. */
static void
test_rout_acting_leader_p31 (void)
{
  g_autoptr(SlGame) game = training_with_victory (
    "{'scenario': 'definitely-not-camping',"
    " 'sides': {'tog': {'primary': 'kill'}, 'cw': {'primary': 'rout'}}}");
  SlVictory v;

  sl_test_start_turn (game);
  wound (game, "tog-1", "dead");
  sl_test_play (game, "{'type': 'appoint-leader', 'squad': 'tog-squad', 'unit': 'tog-2'}");
  for (int i = 3; i <= 8; i++)
    {
      g_autofree char *command = g_strdup_printf ("{'type': 'correct', 'unit': 'tog-%d', 'field': 'routed', 'value': true}", i);
      sl_test_play (game, command);
    }
  victory_now (game, &v);
  g_assert_cmpint (v.objectives[1].enemy_standing, ==, 6);
  g_assert_cmpint (v.objectives[1].enemy_routed, ==, 6);
  g_assert_true (v.objectives[1].achieved);
  g_assert_cmpint (v.objectives[1].points, ==, 100);
  sl_victory_clear (&v);

  /* The acting leader out in turn: the squad has no leader, and he counts
   * among the units knocked out, not among those to rout. */
  wound (game, "tog-2", "unconscious");
  victory_now (game, &v);
  g_assert_cmpint (v.objectives[1].enemy_standing, ==, 6);
  g_assert_true (v.objectives[1].achieved);
  sl_victory_clear (&v);
}

/* T-42, E-39: the charges objective scores its ladder (2 charges: 70);
 * only the side with that objective records charges, and nobody holds. */
static void
test_charges (void)
{
  g_autoptr(SlGame) game = training_with_victory (
    "{'scenario': 'blow-the-damn-thing-up', 'objective': 'the communications room',"
    " 'sides': {'tog': {'primary': 'charges'}, 'cw': {'primary': 'none'}}}");
  const SlJournalEntry *e;
  SlVictory v;

  e = sl_test_play (game, "{'type': 'objective', 'charges': {'tog': 2}}");
  g_assert_nonnull (strstr (e->summary, "2 charges in the communications room"));
  sl_test_refuse (game, "{'type': 'objective', 'charges': {'cw': 1}}", "charges", "no charges objective");
  sl_test_refuse (game, "{'type': 'objective', 'on_objective': {'tog': 1}}", "on_objective", "hold");
  sl_test_refuse (game, "{'type': 'objective', 'charges': {'nobody': 1}}", "charges.nobody", "no side");
  victory_now (game, &v);
  g_assert_cmpint (v.objectives[0].charges, ==, 2);
  g_assert_cmpint (v.objectives[0].points, ==, 70);
  g_assert_false (v.objectives[0].achieved);
  g_assert_cmpfloat (v.result.scores[0].score, ==, 70);
  sl_victory_clear (&v);

  sl_test_play (game, "{'type': 'objective', 'charges': {'tog': 4}}");
  victory_now (game, &v);
  g_assert_true (v.objectives[0].achieved);
  g_assert_cmpint (v.objectives[0].points, ==, 125);
  sl_victory_clear (&v);
}

/* T-43, A-134: holding is having more units on the objective than the
 * enemy, for the last three turns, ending with the last; each side loses
 * 10 per enemy unit there at the end. */
static void
test_hold (void)
{
  g_autoptr(SlGame) game = training_with_victory (
    "{'scenario': 'pest-control', 'objective': 'the bridge',"
    " 'sides': {'tog': {'primary': 'hold'}, 'cw': {'primary': 'hold'}}}");
  SlVictory v;
  g_autofree char *words = NULL;

  sl_test_play (game, "{'type': 'objective', 'on_objective': {'tog': 3, 'cw': 1}}");
  finish_turn (game);
  finish_turn (game);
  victory_now (game, &v);
  /* Turn 3 now: held since turn 1, but turn 3 is not over yet: 3 turns
   * once it is, counted up to now. */
  g_assert_cmpint (v.objectives[0].turns_held, ==, 3);
  g_assert_true (v.objectives[0].achieved);
  g_assert_cmpint (v.objectives[0].penalty, ==, -10);
  g_assert_cmpint (v.objectives[1].penalty, ==, -30);
  g_assert_false (v.objectives[1].achieved);
  words = sl_objective_status_describe (sl_game_get_setup (game), 0, &v.objectives[0]);
  g_assert_cmpstr (words, ==, "Holding the bridge for 3 turns of the 3 needed (own units there: 3, enemy units: 1; T-43).");
  /* 100 − 10. */
  g_assert_cmpfloat (v.result.scores[0].score, ==, 90);
  sl_victory_clear (&v);

  /* The Commonwealth takes it back: the count starts again. */
  sl_test_play (game, "{'type': 'objective', 'on_objective': {'tog': 1, 'cw': 2}}");
  victory_now (game, &v);
  g_assert_cmpint (v.objectives[0].turns_held, ==, 0);
  g_assert_cmpint (v.objectives[1].turns_held, ==, 1);
  g_assert_false (v.objectives[1].achieved);
  sl_victory_clear (&v);
}

/* §10 E, T-39: a custom objective the players judge: 100 for the primary,
 * 50 for each secondary; only for a side whose objective it is. */
static void
test_players_objectives (void)
{
  g_autoptr(SlGame) game = training_with_victory (
    "{'sides': {'tog': {'primary': 'players', 'description': 'Take the farmhouse.'}, 'cw': {'primary': 'none'}}}");
  const SlJournalEntry *e;
  SlVictory v;
  g_autofree char *words = NULL;

  e = sl_test_play (game, "{'type': 'objective', 'primary': {'tog': true}, 'secondary': {'tog': 2}}");
  g_assert_nonnull (strstr (e->summary, "TOG has achieved its primary objective"));
  sl_test_refuse (game, "{'type': 'objective', 'primary': {'cw': true}}", "primary", "not judged by the players");
  victory_now (game, &v);
  g_assert_true (v.objectives[0].achieved);
  g_assert_cmpint (v.objectives[0].points, ==, 200);
  g_assert_cmpfloat (v.result.scores[0].score, ==, 200);
  words = sl_objective_status_describe (sl_game_get_setup (game), 0, &v.objectives[0]);
  g_assert_cmpstr (words, ==, "Primary objective achieved; 2 secondary objectives (T-39).");
  sl_victory_clear (&v);

  sl_test_play (game, "{'type': 'objective', 'primary': {'tog': false}}");
  victory_now (game, &v);
  g_assert_cmpfloat (v.result.scores[0].score, ==, 100);
  sl_victory_clear (&v);
}

/* T-39: with a budget, every unspent point scores one. */
static void
test_budget (void)
{
  g_autoptr(SlGame) game = training_with_victory ("{'sides': {'tog': {'primary': 'none', 'budget': 450}}}");
  SlVictory v;

  victory_now (game, &v);
  g_assert_cmpint (v.objectives[0].cost, >, 0);
  g_assert_cmpint (v.objectives[0].unspent, ==, 450 - v.objectives[0].cost);
  g_assert_cmpfloat (v.result.scores[0].score, ==, v.objectives[0].unspent);
  g_assert_cmpint (v.objectives[1].unspent, ==, 0);
  sl_victory_clear (&v);
}

/* P-40, T-39, T-38: without a "spent" member, unspent points count every
 * purchase the setup records at the book's costs. Side A: two Combat Arms
 * in BI with spike rifles, 20 + 20 + 5 = 45 each (E-02), one of them
 * hidden (+25 %: 11.25, paid 12, §15.1), 2 mines (3 each), a mortar
 * strike (10) and the camo tinter (10): 90 + 12 + 6 + 10 + 10 = 128 of
 * 200, 72 unspent. Side B: one such soldier (45), the ECM jammer (20) and
 * a missile strike (15): 80 of 100, 20 unspent. */
static void
test_unspent_purchases_p40 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'buy', 'name': 'Purchases', 'length_turns': 3,"
    " 'modules': ['ammunition', 'area-effects', 'equipment', 'detection'],"
    " 'sides': ["
    "  {'id': 'a', 'name': 'A', 'mines': 2, 'fire_missions': {'mortar': 1}, 'camo_tinter': true,"
    "   'squads': [{'id': 'a1', 'units': ["
    "     {'id': 'a-1', 'counter': 1, 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR']},"
    "     {'id': 'a-2', 'counter': 2, 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR'], 'hidden': true}]}]},"
    "  {'id': 'b', 'name': 'B', 'ecm': true, 'fire_missions': {'missile': 1},"
    "   'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'b-1', 'counter': 3, 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR'],"
    "      'ecm_jammer': true}]}]}],"
    " 'victory': {'sides': {'a': {'primary': 'none', 'budget': 200}, 'b': {'primary': 'none', 'budget': 100}}}}");
  SlVictory v;

  victory_now (game, &v);
  g_assert_cmpint (v.objectives[0].cost, ==, 128);
  g_assert_cmpint (v.objectives[0].unspent, ==, 72);
  g_assert_cmpint (v.objectives[1].cost, ==, 80);
  g_assert_cmpint (v.objectives[1].unspent, ==, 20);
  g_assert_cmpfloat (v.result.scores[0].score, ==, 72);
  g_assert_cmpfloat (v.result.scores[1].score, ==, 20);
  sl_victory_clear (&v);
}

/* A setup's victory member is checked: objectives scored by a premade
 * scenario's numbers need that scenario. */
static void
test_setup_checked (void)
{
  g_autofree char *path = g_build_filename (SL_SOURCE_DATADIR, "scenarios", "training.json", NULL);
  const char *bad[][2] = {
    { "{'sides': {'tog': {'primary': 'kill'}}}", "victory.sides.tog.primary" },
    { "{'scenario': 'pest-control', 'sides': {'tog': {'primary': 'charges'}}}", "victory.sides.tog.primary" },
    { "{'scenario': 'no-such-scenario'}", "victory.scenario" },
    { "{'sides': {'nobody': {'primary': 'none'}}}", "victory.sides.nobody" },
    { "{'sides': {'tog': {'primary': 'win'}}}", "victory.sides.tog.primary" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = NULL;
      g_autofree char *json = sl_test_json (bad[i][0]);
      g_autoptr(JsonNode) node = NULL;
      g_autoptr(GError) error = NULL;
      SlSetup *setup;

      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      node = sl_json_parse (text, -1, &error);
      g_assert_no_error (error);
      json_object_set_member (json_node_get_object (node), "victory", json_from_string (json, NULL));
      setup = sl_setup_new_from_json (sl_test_rules (), node, &error);
      g_assert_null (setup);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, bad[i][1]));
    }
}

/* The after-action report: casualties per turn per side, from the logs;
 * the decisive moments in turn order; the page escapes what it shows. */
static void
test_report (void)
{
  g_autoptr(SlGame) game = training_with_victory (NULL);
  g_autoptr(SlReport) report = NULL;
  g_autofree char *html = NULL;
  const SlReportMoment *m;

  wound (game, "cw-13", "light");
  finish_turn (game);
  wound (game, "tog-1", "dead");
  wound (game, "cw-14", "unconscious");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-5', 'field': 'routed', 'value': true}");
  sl_test_play (game, "{'type': 'end-game', 'reason': 'time'}");

  report = sl_report_new (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game));
  g_assert_cmpint (report->n_turns, ==, 2);
  g_assert_cmpint (report->wounded[1][0], ==, 1);
  g_assert_cmpint (report->out[1][0], ==, 0);
  g_assert_cmpint (report->wounded[0][1], ==, 1);
  g_assert_cmpint (report->out[0][1], ==, 1);
  g_assert_cmpint (report->out[1][1], ==, 1);
  g_assert_cmpint (report->total_out[0], ==, 1);
  g_assert_cmpuint (report->moments->len, ==, 4);
  m = &g_array_index (report->moments, SlReportMoment, 0);
  g_assert_cmpstr (m->kind, ==, "first-blood");
  g_assert_cmpint (m->turn, ==, 1);
  g_assert_cmpstr (m->text, ==, "First blood: Trooper Hale (Commonwealth) is hit.");
  m = &g_array_index (report->moments, SlReportMoment, 1);
  g_assert_cmpstr (m->kind, ==, "leader-lost");
  g_assert_cmpstr (m->text, ==, "Leader lost: Centurion Vale of TOG 1st Squad (Dead).");
  g_assert_cmpstr (g_array_index (report->moments, SlReportMoment, 2).kind, ==, "rout");
  g_assert_cmpstr (g_array_index (report->moments, SlReportMoment, 3).kind, ==, "end");

  html = sl_report_to_html (report, sl_game_get_setup (game), sl_game_get_state (game));
  g_assert_true (g_str_has_prefix (html, "<!DOCTYPE html>"));
  g_assert_nonnull (strstr (html, "<svg role=\"img\""));
  g_assert_nonnull (strstr (html, "Over after turn 2 of 12"));
  g_assert_null (strstr (html, "<script"));
  /* Self-contained: nothing loaded from elsewhere. */
  g_assert_null (strstr (html, "src="));
  g_assert_null (strstr (html, "href="));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/victory/body-count", test_body_count);
  g_test_add_func ("/victory/kill-and-rout", test_kill_and_rout);
  g_test_add_func ("/victory/rout-acting-leader-P-31", test_rout_acting_leader_p31);
  g_test_add_func ("/victory/charges", test_charges);
  g_test_add_func ("/victory/hold", test_hold);
  g_test_add_func ("/victory/budget", test_budget);
  g_test_add_func ("/victory/unspent-purchases-P-40", test_unspent_purchases_p40);
  g_test_add_func ("/victory/players-objectives", test_players_objectives);
  g_test_add_func ("/victory/setup-checked", test_setup_checked);
  g_test_add_func ("/victory/report", test_report);
  return g_test_run ();
}
