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

#include "sl-game-private.h"
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

/* E-24 as the app plays it: the Commonwealth player hides Trooper Cole
 * under pile C with decoys B and D (and Dunn under E with decoy A) before
 * the game; the TOG player names only piles, and the app applies the
 * hider's secret modifiers itself: B detected and removed, C detected
 * (net 5 with the secret +1), D not detected. Nothing the table reads
 * names a secret. */
static void
test_e24_piles (void)
{
  g_autoptr(SlGame) game = hide_and_seek ();
  const SlJournalEntry *e;
  g_auto(GStrv) piles = NULL;
  JsonObject *o;
  int unit;
  SlMarker *decoy;

  e = sl_test_play (game, "{'type': 'hide', 'unit': 'c', 'pile': 'Pile C', 'decoys': ['Pile D', 'Pile B']}");
  /* The labels in order: nothing says which one hides the unit. */
  g_assert_nonnull (strstr (e->summary, "Commonwealth places piles: Pile B, Pile C, Pile D (P-28)."));
  g_assert_null (strstr (e->summary, "Cole"));
  e = sl_test_play (game, "{'type': 'hide', 'unit': 'c2', 'pile': 'Pile E', 'decoys': ['Pile A']}");
  g_assert_null (strstr (e->summary, "Dunn"));
  piles = sl_state_piles (sl_game_get_setup (game), sl_game_get_state (game), -1);
  g_assert_cmpstrv (piles, ((const char * const[]) { "Pile A", "Pile B", "Pile C", "Pile D", "Pile E", NULL }));
  g_assert_true (sl_state_find_pile (sl_game_get_state (game), "Pile C", &unit, &decoy));
  g_assert_cmpint (unit, ==, sl_test_unit (game, "c"));

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'hide': 3, 'look': 5}}");
  /* A lies outside the 180° field of view: it cannot be tried. */
  sl_test_refuse (game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile A', 'in_field_of_view': false, 'roll': 1}",
                  "in_field_of_view", "field of view");
  sl_test_refuse (game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile Z', 'roll': 1}", "pile", "no pile");

  e = sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile B', 'roll': 4}");
  g_assert_true (json_object_get_boolean_member (json_node_get_object (e->result), "detected"));
  g_assert_nonnull (strstr (e->summary, "Pile B was a decoy"));
  g_assert_false (sl_state_find_pile (sl_game_get_state (game), "Pile B", &unit, &decoy));

  /* What the detector can know before the roll: +2, needs 3 or less. */
  {
    g_autoptr(JsonNode) preview = sl_test_json_preview (game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile C', 'cover': 'half-cover'}");

    o = json_node_get_object (preview);
    g_assert_cmpint (json_object_get_int_member (o, "needed"), ==, 3);
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o, "probability"), 0.3, 1e-9);
  }
  e = sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile C', 'cover': 'half-cover', 'roll': 2}");
  o = json_node_get_object (e->result);
  g_assert_true (json_object_get_boolean_member (o, "detected"));
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "private"), "net"), ==, 5);
  g_assert_nonnull (strstr (e->summary, "Trooper Cole is revealed"));
  assert_no_secret (e->summary);
  g_assert_false (sl_test_unit_state (game, "c")->hidden);

  e = sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile D', 'cover': 'light-woods', 'roll': 8}");
  g_assert_false (json_object_get_boolean_member (json_node_get_object (e->result), "detected"));
  g_assert_null (strstr (e->summary, "decoy"));
  assert_no_secret (e->summary);
  /* once per unit and pile in a Detection Phase. */
  sl_test_refuse (game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile D', 'roll': 1}", "pile", "A-128");
  /* Dunn's pile stays, and says nothing of him. */
  e = sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile E', 'roll': 9}");
  g_assert_null (strstr (e->summary, "Dunn"));
  assert_no_secret (e->summary);
  g_assert_true (sl_state_find_pile (sl_game_get_state (game), "Pile D", &unit, &decoy));
  g_assert_nonnull (decoy);
}

/* P-28, E-23: hiding before the game only, never after detection, up to 2
 * decoys per hidden unit of the side; hiding again moves the pile. */
static void
test_hide_rules (void)
{
  g_autoptr(SlGame) game = hide_and_seek ();

  sl_test_play (game, "{'type': 'hide', 'unit': 'c', 'pile': 'C', 'decoys': ['A', 'B']}");
  sl_test_refuse (game, "{'type': 'hide', 'unit': 'c2', 'pile': 'C'}", "pile", "already");
  sl_test_refuse (game, "{'type': 'hide', 'unit': 'c2', 'pile': 'E', 'decoys': ['F', 'F']}", "decoys", "twice");
  sl_test_refuse (game, "{'type': 'hide', 'unit': 'c2', 'pile': 'E', 'decoys': ['F', 'G', 'H']}", "decoys", "at most 2");
  /* Two hidden units: four decoys in all. */
  sl_test_play (game, "{'type': 'hide', 'unit': 'c2', 'pile': 'E', 'decoys': ['F', 'G']}");
  /* Placed again: its old pile and decoys are taken up. */
  sl_test_play (game, "{'type': 'hide', 'unit': 'c', 'pile': 'A', 'decoys': ['C']}");
  {
    g_auto(GStrv) piles = sl_state_piles (sl_game_get_setup (game), sl_game_get_state (game), 0);

    g_assert_cmpstrv (piles, ((const char * const[]) { "A", "C", "E", "F", "G", NULL }));
  }
  /* By agreement, the tech may hide too (§9.1): its side has 1 hidden
   * unit, so 2 decoys at most. */
  sl_test_refuse (game, "{'type': 'hide', 'unit': 'eye', 'pile': 'T', 'decoys': ['U', 'V', 'W']}", "decoys", "at most 2");
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'hide': 3, 'look': 5}}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_refuse (game, "{'type': 'hide', 'unit': 'eye', 'pile': 'T'}", "type", "P-28");
}

/* Issue 19: undo is no oracle. A detection roll undone and replaced by
 * another command stays in the history, marked undone, and in the file;
 * a command that told nothing is simply gone. Reloaded, it is still
 * there. */
static void
test_undone_detection_kept (void)
{
  g_autoptr(SlGame) game = hide_and_seek ();
  g_autoptr(SlGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const SlWithdrawnEntry *w;
  guint before;

  sl_test_play (game, "{'type': 'hide', 'unit': 'c', 'pile': 'Pile C', 'decoys': ['Pile D', 'Pile B']}");
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'hide': 3, 'look': 5}}");
  before = sl_game_get_position (game);
  /* Tried pile C with a 1 (it is the trooper), read it, undid it. */
  sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile C', 'roll': 1}");
  g_assert_true (sl_game_undo (game));
  /* A command that tells nothing, undone, leaves no trace. */
  sl_test_play (game, "{'type': 'next'}");
  g_assert_true (sl_game_undo (game));
  g_assert_cmpuint (sl_game_get_n_withdrawn (game), ==, 1);
  sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile D', 'roll': 9}");
  g_assert_cmpuint (sl_game_get_n_withdrawn (game), ==, 1);
  w = sl_game_get_withdrawn (game, 0);
  g_assert_cmpuint (w->at, ==, before);
  g_assert_nonnull (strstr (w->entry->summary, "Pile C"));
  g_assert_true (sl_test_unit_state (game, "c")->hidden);

  text = sl_game_serialize (game);
  g_assert_nonnull (strstr (text, "\"undone\": true"));
  loaded = sl_game_load_from_data (sl_game_get_rules (game), text, -1, "undone.squadlog", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sl_game_get_n_withdrawn (loaded), ==, 1);
  g_assert_cmpuint (sl_game_get_withdrawn (loaded, 0)->at, ==, before);
  g_assert_cmpuint (sl_game_get_position (loaded), ==, sl_game_get_position (game));
  g_assert_true (sl_test_unit_state (loaded, "c")->hidden);
  {
    g_autofree char *again = sl_game_serialize (loaded);

    g_assert_cmpstr (again, ==, text);
  }
}

/* E-23: Joe Bloe hides 3 units and may place 6 decoy piles, not 7. */
static void
test_e23 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'e23', 'name': 'E-23', 'length_turns': 12, 'modules': ['detection'],"
    " 'sides': ["
    "  {'id': 'joe', 'name': 'Joe Bloe', 'squads': [{'id': 'j', 'units': ["
    "     {'id': 'j1', 'counter': 1, 'troop': 'combat-arms', 'armor': 'LI', 'weapons': ['LR'], 'hidden': true},"
    "     {'id': 'j2', 'counter': 2, 'troop': 'combat-arms', 'armor': 'LI', 'weapons': ['LR'], 'hidden': true},"
    "     {'id': 'j3', 'counter': 3, 'troop': 'combat-arms', 'armor': 'LI', 'weapons': ['LR'], 'hidden': true}]}]},"
    "  {'id': 'other', 'name': 'Other', 'squads': [{'id': 'o', 'units': ["
    "     {'id': 'o1', 'counter': 9, 'troop': 'combat-arms', 'armor': 'LI', 'weapons': ['LR']}]}]}]}");
  g_auto(GStrv) piles = NULL;

  sl_test_play (game, "{'type': 'hide', 'unit': 'j1', 'pile': '1', 'decoys': ['1a', '1b']}");
  sl_test_play (game, "{'type': 'hide', 'unit': 'j2', 'pile': '2', 'decoys': ['2a', '2b']}");
  sl_test_play (game, "{'type': 'hide', 'unit': 'j3', 'pile': '3', 'decoys': ['3a']}");
  sl_test_play (game, "{'type': 'hide', 'unit': 'j3', 'pile': '3', 'decoys': ['3a', '3b']}");
  piles = sl_state_piles (sl_game_get_setup (game), sl_game_get_state (game), 0);
  g_assert_cmpint (g_strv_length (piles), ==, 9);
  /* A seventh decoy is one too many. */
  sl_test_refuse (game, "{'type': 'hide', 'unit': 'j3', 'pile': '3', 'decoys': ['3a', '3b', '3c']}", "decoys", "at most 2");
}

/* §15.1: a hidden unit that acts is detected at once. */
static void
test_acts (void)
{
  g_autoptr(SlGame) game = hide_and_seek ();
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'hide', 'unit': 'c2', 'pile': 'Pile E'}");
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'hide': 3, 'look': 5}}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'declare', 'unit': 'c2', 'action': 'walk'}");
  g_assert_nonnull (strstr (e->summary, "no longer hidden"));
  g_assert_false (sl_test_unit_state (game, "c2")->hidden);
  g_assert_true (sl_test_unit_state (game, "c2")->detected);
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
  /* An enemy entering a holotarp's square finds what is under it. */
  e = sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'target': 'c', 'pile': 'Pile F', 'holotarp': true,"
                          " 'holotarp_entered': true}");
  g_assert_true (json_object_get_boolean_member (json_node_get_object (e->result), "automatic"));
  g_assert_false (sl_test_unit_state (game, "c")->hidden);
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
  g_test_add_func ("/game/detection/E-24-piles", test_e24_piles);
  g_test_add_func ("/game/detection/E-23", test_e23);
  g_test_add_func ("/game/detection/undone-detection-kept", test_undone_detection_kept);
  g_test_add_func ("/game/detection/hide", test_hide_rules);
  g_test_add_func ("/game/detection/acts", test_acts);
  g_test_add_func ("/game/detection/automatic", test_automatic);
  g_test_add_func ("/game/detection/ambush", test_ambush);
  return g_test_run ();
}
