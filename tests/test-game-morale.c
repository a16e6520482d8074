/* test-game-morale.c: leadership and morale through the game — the rout
 * check on turn 12 (P-31, T-26, A-99, A-100), routed units only moving,
 * rally (P-32), acting leaders (P-32 step 8), regrouping (P-33, E-30)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-json.h"
#include "sl-options.h"
#include "sl-test-game.h"

/* The training scenario with some options changed. */
static SlGame *
training_with (const char *options)
{
  g_autofree char *path = g_build_filename (SL_SOURCE_DATADIR, "scenarios", "training.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  SlGame *game;
  SlSetup *setup;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  node = sl_json_parse (text, -1, &error);
  g_assert_no_error (error);
  json_object_set_member (json_node_get_object (node), "options", json_from_string (options, NULL));
  /* In any order, as sl_test_game_new (). */
  if (!json_object_has_member (json_object_get_object_member (json_node_get_object (node), "options"),
                               "freeDeclarationOrder"))
    json_object_set_boolean_member (json_object_get_object_member (json_node_get_object (node), "options"),
                                    "freeDeclarationOrder", TRUE);
  setup = sl_setup_new_from_json (sl_test_rules (), node, &error);
  g_assert_no_error (error);
  game = sl_game_new (sl_test_rules (), setup);
  sl_game_set_seed (game, 1995);
  return game;
}

/* Plays "next" until the clock leaves the Action Phase of this turn. */
static void
finish_action_phase (SlGame *game)
{
  for (int guard = 0; guard < 200 && sl_game_get_state (game)->phase == SL_PHASE_ACTION; guard++)
    sl_test_play (game, "{'type': 'next'}");
}

/* the rout check comes in the Rout/Rally Phase of turn 12 (and 24
 * …), not before; "next" waits for every squad's check; a natural 01
 * routs (P-31 step 3) everybody but the leader (P-31 step 5, A-99). */
static void
test_rout_turn_12 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;
  JsonObject *o;

  for (int turn = 1; turn <= 11; turn++)
    {
      sl_test_start_turn (game);
      finish_action_phase (game);
      /* No Rout/Rally Phase before turn 12. */
      g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_INITIATIVE);
      g_assert_cmpint (sl_game_get_state (game)->turn, ==, turn + 1);
    }
  sl_test_refuse (game, "{'type': 'rout-check', 'squad': 'tog-squad', 'roll': 50}", "type", "Rout/Rally");
  sl_test_start_turn (game);
  finish_action_phase (game);
  g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_ROUT_RALLY);
  sl_test_refuse (game, "{'type': 'next'}", "type", "TOG 1st Squad, Renegade Squad");

  /* TOG, regular with a 0 leader: no modifier; 60 holds. */
  e = sl_test_play (game, "{'type': 'rout-check', 'squad': 'tog-squad', 'roll': 60}");
  o = json_node_get_object (e->result);
  g_assert_false (json_object_get_boolean_member (o, "routs"));
  g_assert_cmpint (json_object_get_int_member (o, "net"), ==, 60);
  g_assert_nonnull (strstr (e->summary, "it holds"));
  sl_test_refuse (game, "{'type': 'rout-check', 'squad': 'tog-squad', 'roll': 1}", "squad", "already");
  sl_test_refuse (game, "{'type': 'next'}", "type", "Renegade Squad");

  /* The Renegades: veteran +10, leader rating −1 → +10 (T-26, A-97): a 3
   * would be net 23; a natural 01 routs all the same. */
  e = sl_test_play (game, "{'type': 'rout-check', 'squad': 'cw-squad', 'roll': 1}");
  o = json_node_get_object (e->result);
  g_assert_true (json_object_get_boolean_member (o, "routs"));
  g_assert_cmpint (json_object_get_int_member (o, "net"), ==, 21);
  g_assert_true (sl_test_unit_state (game, "cw-13")->routed);
  g_assert_true (sl_test_unit_state (game, "cw-20")->routed);
  /* The leader never routs. */
  g_assert_false (sl_test_unit_state (game, "cw-17")->routed);
  g_assert_false (sl_test_unit_state (game, "tog-1")->routed);
  g_assert_nonnull (strstr (e->summary, "it routs"));

  /* Turn 12 was the last: the game ends. */
  sl_test_play (game, "{'type': 'next'}");
  g_assert_true (sl_game_get_state (game)->over);
}

/* T-26 and A-101 through the game: each wounded friend −5, each dead or
 * unconscious friend −10, a dead leader −20 more, each enemy casualty +5. */
static void
test_rout_modifiers (void)
{
  g_autoptr(SlGame) game = training_with ("{'routCheckInterval': 1}");
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-2', 'field': 'wound', 'value': 'light'}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'wound', 'value': 'dead'}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-1', 'field': 'wound', 'value': 'dead'}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-14', 'field': 'wound', 'value': 'serious'}");
  sl_test_start_turn (game);
  finish_action_phase (game);
  /* 50 − 5 (tog-2) − 10 − 10 (tog-3, tog-1) − 20 (leader) + 5 (cw-14) = 10. */
  e = sl_test_play (game, "{'type': 'rout-check', 'squad': 'tog-squad', 'roll': 50}");
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (e->result), "net"), ==, 10);
  g_assert_false (json_object_get_boolean_member (json_node_get_object (e->result), "routs"));
  /* The Renegades: veteran +10, leader −1 → +10, one wounded −5, enemy
   * leader dead +20 (once), three enemy casualties (tog-1, tog-2, tog-3)
   * +15: 40 + 50 = 90. */
  e = sl_test_play (game, "{'type': 'rout-check', 'squad': 'cw-squad', 'roll': 40}");
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (e->result), "net"), ==, 90);
}

/* A routed unit may only move (P-31 step 4); a rally (10 AP, P-32)
 * resolves in the rally step of its last subphase: a natural 10 fails, a
 * net 1 or 2 rallies and every routed unit acts again. */
static void
test_rally (void)
{
  g_autoptr(SlGame) game = training_with ("{'routCheckInterval': 1}");
  const SlJournalEntry *e;
  guint before;
  g_autofree char *state_before = NULL;
  g_autoptr(JsonNode) after_undo = NULL;
  g_autofree char *state_after = NULL;

  sl_test_start_turn (game);
  finish_action_phase (game);
  sl_test_play (game, "{'type': 'rout-check', 'squad': 'tog-squad', 'roll': 60}");
  sl_test_play (game, "{'type': 'rout-check', 'squad': 'cw-squad', 'roll': 1}");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->turn, ==, 2);

  sl_test_start_turn (game);
  /* A routed unit attacking is refused; moving is fine. */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-4'}",
                  "action", "P-31");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'walk'}");
  /* Only a leader rallies. */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'rally'}", "unit", "leader");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-17', 'action': 'rally'}");
  sl_test_go_to_subphase (game, 10);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_RALLY);
  sl_test_refuse (game, "{'type': 'next'}", "type", "Sergeant Dusk");
  sl_test_refuse (game, "{'type': 'rally', 'unit': 'cw-13', 'roll': 3}", "unit", "P-32");
  e = sl_test_play (game, "{'type': 'rally', 'unit': 'cw-17', 'roll': 10}");
  g_assert_false (json_object_get_boolean_member (json_node_get_object (e->result), "rallied"));
  g_assert_nonnull (strstr (e->summary, "another full rally action"));
  g_assert_true (sl_test_unit_state (game, "cw-13")->routed);
  finish_action_phase (game);
  sl_test_play (game, "{'type': 'rout-check', 'squad': 'tog-squad', 'roll': 60}");
  sl_test_play (game, "{'type': 'rout-check', 'squad': 'cw-squad', 'roll': 90}");
  sl_test_play (game, "{'type': 'next'}");

  /* Turn 3: rating −1, veteran −1: a 3 is net 1 — rallied. */
  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-17', 'action': 'rally'}");
  sl_test_go_to_subphase (game, 10);
  sl_test_play (game, "{'type': 'next'}");
  before = sl_game_get_position (game);
  {
    g_autoptr(JsonNode) node = sl_game_state_to_json (game);

    state_before = sl_json_to_string (node, FALSE);
  }
  e = sl_test_play (game, "{'type': 'rally', 'unit': 'cw-17', 'roll': 3}");
  g_assert_true (json_object_get_boolean_member (json_node_get_object (e->result), "rallied"));
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (e->result), "net"), ==, 1);
  for (int u = 13; u <= 20; u++)
    {
      g_autofree char *id = g_strdup_printf ("cw-%d", u);

      g_assert_false (sl_test_unit_state (game, id)->routed);
    }
  /* Undo puts the routs back exactly. */
  g_assert_true (sl_game_undo (game));
  g_assert_cmpuint (sl_game_get_position (game), ==, before);
  after_undo = sl_game_state_to_json (game);
  state_after = sl_json_to_string (after_undo, FALSE);
  g_assert_cmpstr (state_before, ==, state_after);
  g_assert_true (sl_game_redo (game));
  g_assert_false (sl_test_unit_state (game, "cw-13")->routed);
}

/* P-32 step 8: with the leader out, any unit of the squad may be appointed
 * acting leader (+2); not while the leader stands. */
static void
test_acting_leader (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_refuse (game, "{'type': 'appoint-leader', 'squad': 'cw-squad', 'unit': 'cw-13'}", "squad",
                  "still has its leader");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-17', 'field': 'wound', 'value': 'dead'}");
  sl_test_refuse (game, "{'type': 'appoint-leader', 'squad': 'cw-squad', 'unit': 'tog-2'}", "unit", "not in");
  sl_test_refuse (game, "{'type': 'appoint-leader', 'squad': 'nobody', 'unit': 'cw-13'}", "squad", "nobody");
  e = sl_test_play (game, "{'type': 'appoint-leader', 'squad': 'cw-squad', 'unit': 'cw-13'}");
  g_assert_nonnull (strstr (e->summary, "acting leader"));
  g_assert_cmpint (sl_game_get_state (game)->acting_leader[1], ==, sl_test_unit (game, "cw-13"));
}

/* E-30: a battered squad of 3 green units (of 6, its own leader among the
 * survivors) joins the leader's own 4 veterans: the merged squad is
 * veteran (4 > 3), one grouping, under the veterans' leader. */
static void
test_regroup_e30 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'e30', 'name': 'E-30', 'length_turns': 12,"
    " 'modules': ['leadership', 'troop-quality', 'morale'],"
    " 'sides': ["
    "  {'id': 'a', 'squads': ["
    "   {'id': 'green', 'quality': 'green', 'leader': 'g-6', 'units': ["
    "     {'id': 'g-1', 'counter': 1, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'g-2', 'counter': 2, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'g-3', 'counter': 3, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'g-4', 'counter': 4, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'g-5', 'counter': 5, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'g-6', 'counter': 6, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]},"
    "   {'id': 'vets', 'quality': 'veteran', 'leader': 'v-1', 'units': ["
    "     {'id': 'v-1', 'counter': 7, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'v-2', 'counter': 8, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'v-3', 'counter': 9, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'v-4', 'counter': 10, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 11,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
  const SlState *s;
  const SlJournalEntry *e;

  /* Not battered yet: the green squad has its leader and has lost nobody
   * (P-33, A-103). */
  sl_test_refuse (game, "{'type': 'regroup', 'leader_squad': 'vets', 'squads': ['green']}", "squads", NULL);
  for (int u = 1; u <= 3; u++)
    {
      g_autofree char *command = g_strdup_printf ("{'type': 'correct', 'unit': 'g-%d', 'field': 'wound',"
                                                  " 'value': 'dead'}", u);

      sl_test_play (game, command);
    }
  sl_test_refuse (game, "{'type': 'regroup', 'leader_squad': 'vets', 'squads': ['b1']}", "squads", "other side");
  e = sl_test_play (game, "{'type': 'regroup', 'leader_squad': 'vets', 'squads': ['green']}");
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (e->result), "quality"), ==, "veteran");
  s = sl_game_get_state (game);
  g_assert_cmpint (s->squad_of[sl_test_unit (game, "g-4")], ==, 1);
  g_assert_cmpint (s->grouping_of[sl_test_unit (game, "g-4")], ==, s->grouping_of[sl_test_unit (game, "v-1")]);
  g_assert_cmpint (s->squad_quality[1], ==, SL_QUALITY_VETERAN);
  /* One grouping, one roll: the green squad's grouping no longer rolls. */
  sl_test_refuse (game, "{'type': 'initiative', 'rolls': {'green': 3, 'vets': 4, 'b1': 5}}", "rolls.green", NULL);
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'vets': 4, 'b1': 5}}");
  g_assert_cmpint (sl_game_get_state (game)->n_order, ==, 2);
  /* After initiative, no regroup. */
  sl_test_refuse (game, "{'type': 'regroup', 'leader_squad': 'vets', 'squads': ['green']}", "type", NULL);
}

/* what a routed unit must do is told to the players, unless the
 * group plays routed units by hand (routedManualControl); P-23: a unit
 * that avoided a melee moves away first. */
static void
test_routed_orders_a104 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlSetup *setup = sl_game_get_setup (game);
  SlOptions manual = *setup->options;
  int unit = sl_test_unit (game, "cw-14");
  g_autofree char *none = NULL;
  g_autofree char *orders = NULL;
  g_autofree char *by_hand = NULL;

  sl_test_start_turn (game);
  none = sl_state_unit_orders (setup->options, sl_game_get_state (game), unit, "Trooper Vance");
  g_assert_null (none);
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-14', 'field': 'routed', 'value': true}");
  orders = sl_state_unit_orders (setup->options, sl_game_get_state (game), unit, "Trooper Vance");
  g_assert_nonnull (orders);
  g_assert_true (g_str_has_prefix (orders, "Trooper Vance is routed"));
  g_assert_nonnull (strstr (orders, "(A-104)"));
  manual.routed_manual_control = TRUE;
  by_hand = sl_state_unit_orders (&manual, sl_game_get_state (game), unit, "Trooper Vance");
  g_assert_null (by_hand);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/morale/rout-turn-12", test_rout_turn_12);
  g_test_add_func ("/game/morale/rout-modifiers-A-101", test_rout_modifiers);
  g_test_add_func ("/game/morale/rally", test_rally);
  g_test_add_func ("/game/morale/routed-orders-A-104", test_routed_orders_a104);
  g_test_add_func ("/game/morale/acting-leader", test_acting_leader);
  g_test_add_func ("/game/morale/regroup-E-30", test_regroup_e30);
  return g_test_run ();
}
