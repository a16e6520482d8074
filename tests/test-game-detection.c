/* test-game-detection.c: hidden units through the game — E-24's piles B,
 * C and D (P-27, T-19), the secret modifiers kept out of what the table
 * sees, automatic detection within 1 m, never hiding again, and an ambush
 * (§5.2)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-test-game.h"

/* E-24: a Commonwealth side with a camo tinter hides two troopers in light
 * infantry suits in stealth power mode; a tech in a tech suit (DETEC MOD 0,
 * as the example ignores it, A-125) looks for them by daylight. */
static SlGame *
hide_and_seek (void)
{
  return sl_test_game_new_setup (
    "{'id': 'e24', 'name': 'E-24', 'length_turns': 12,"
    " 'modules': ['detection', 'ambush', 'equipment'],"
    " 'sides': ["
    "  {'id': 'cw', 'name': 'Commonwealth', 'camo_tinter': true, 'squads': [{'id': 'hide', 'units': ["
    "     {'id': 'c', 'counter': 3, 'name': 'Trooper Cole', 'troop': 'counter-insurgency', 'armor': 'LI',"
    "      'weapons': ['LR'], 'hidden': true, 'stealth_power': true},"
    "     {'id': 'c2', 'counter': 4, 'name': 'Trooper Dunn', 'troop': 'counter-insurgency', 'armor': 'LI',"
    "      'weapons': ['LR'], 'hidden': true, 'stealth_power': true}]}]},"
    "  {'id': 'tog', 'name': 'TOG', 'squads': [{'id': 'look', 'units': ["
    "     {'id': 'eye', 'counter': 1, 'name': 'Tech Eye', 'troop': 'tech', 'armor': 'TS', 'weapons': ['LP']}]}]}]}");
}

static void
assert_no_secret (const char *text)
{
  g_autofree char *lower = g_utf8_strdown (text, -1);

  g_assert_null (strstr (lower, "camo"));
  g_assert_null (strstr (lower, "tinter"));
  g_assert_null (strstr (lower, "ranger"));
  g_assert_null (strstr (lower, "stealth"));
}

/* E-24: B (decoy) rolled 4: detected, removed; C (the trooper: +2 half
 * cover public, +1 camo tinter secret, no −2 in stealth mode) rolled 2: net
 * 5, detected and revealed; D (decoy, +1 light woods) rolled 8: net 9, not
 * detected. The summaries never name a secret modifier. */
static void
test_e24 (void)
{
  g_autoptr(SlGame) game = hide_and_seek ();
  const SlJournalEntry *e;
  JsonObject *o, *secret;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'hide': 3, 'look': 5}}");
  g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_DETECTION);

  e = sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'decoy': 'Pile B', 'roll': 4}");
  g_assert_true (json_object_get_boolean_member (json_node_get_object (e->result), "detected"));
  g_assert_nonnull (strstr (e->summary, "Pile B was a decoy"));

  e = sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'target': 'c', 'pile': 'Pile C',"
                          " 'cover': 'half-cover', 'roll': 2}");
  o = json_node_get_object (e->result);
  secret = json_object_get_object_member (o, "private");
  g_assert_true (json_object_get_boolean_member (o, "detected"));
  g_assert_cmpint (json_object_get_int_member (o, "public_modifier"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (secret, "secret_modifier"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (secret, "net"), ==, 5);
  g_assert_false (sl_test_unit_state (game, "c")->hidden);
  g_assert_true (sl_test_unit_state (game, "c")->detected);
  g_assert_nonnull (strstr (e->summary, "Trooper Cole is revealed"));
  assert_no_secret (e->summary);

  e = sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'decoy': 'Pile D', 'cover': 'light-woods', 'roll': 8}");
  g_assert_false (json_object_get_boolean_member (json_node_get_object (e->result), "detected"));
  g_assert_nonnull (strstr (e->summary, "not detected"));

  /* A pile that hides a unit and stays hidden: neither the unit nor its
   * modifiers are named. */
  e = sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'target': 'c2', 'pile': 'Pile E', 'roll': 9}");
  g_assert_nonnull (strstr (e->summary, "Pile E"));
  g_assert_null (strstr (e->summary, "Dunn"));
  assert_no_secret (e->summary);
  g_assert_true (sl_test_unit_state (game, "c2")->hidden);

  /* §15.1: a detected unit never hides again; one not hidden is no pile. */
  sl_test_refuse (game, "{'type': 'correct', 'unit': 'c', 'field': 'hidden', 'value': true}", "value", "never hide");
  sl_test_refuse (game, "{'type': 'detect', 'unit': 'eye', 'target': 'c', 'roll': 1}", "target", "not hidden");
  /* A hidden unit does not look for others. */
  sl_test_refuse (game, "{'type': 'detect', 'unit': 'c2', 'decoy': 'Pile X', 'roll': 1}", "unit", "P-27");
}

/* Outside the Detection Phase only the automatic cases: within 1 m. */
static void
test_automatic (void)
{
  g_autoptr(SlGame) game = hide_and_seek ();
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'hide': 3, 'look': 5}}");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_ACTION);
  sl_test_refuse (game, "{'type': 'detect', 'unit': 'eye', 'target': 'c2', 'distance_m': 5, 'roll': 1}",
                  "type", "Detection Phase");
  e = sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'target': 'c2', 'pile': 'Pile E', 'distance_m': 0.5}");
  g_assert_true (json_object_get_boolean_member (json_node_get_object (e->result), "automatic"));
  g_assert_false (sl_test_unit_state (game, "c2")->hidden);
}

/* §5.2: the whole undetected grouping attacks: the tech loses its action,
 * goes last in the order and can do nothing until after subphase 4. */
static void
test_ambush (void)
{
  g_autoptr(SlGame) game = hide_and_seek ();
  const SlState *s;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'hide': 3, 'look': 5}}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'eye', 'action': 'use-device'}");
  sl_test_refuse (game, "{'type': 'ambush', 'grouping': 'look', 'target_grouping': 'hide'}", "grouping", "detected");
  sl_test_play (game, "{'type': 'ambush', 'grouping': 'hide', 'target_grouping': 'look'}");
  s = sl_game_get_state (game);
  g_assert_null (sl_test_unit_state (game, "eye")->current.action);
  g_assert_cmpint (s->order[s->n_order - 1], ==, s->grouping_of[sl_test_unit (game, "eye")]);
  sl_test_go_to_subphase (game, 4);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'eye', 'action': 'walk'}", "unit", "ambushed");
  sl_test_go_to_subphase (game, 5);
  sl_test_play (game, "{'type': 'declare', 'unit': 'eye', 'action': 'walk'}");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/detection/E-24", test_e24);
  g_test_add_func ("/game/detection/automatic", test_automatic);
  g_test_add_func ("/game/detection/ambush", test_ambush);
  return g_test_run ();
}
