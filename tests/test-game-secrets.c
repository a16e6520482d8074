/* test-game-secrets.c: sealed notes (P-28, P-37 step 2 and 6, P-38 step 3
 * and 6) — sealing tells the table only a seal code, revealing shows the
 * text with proof it was not changed, a note changed in the file is caught
 * and made a dud; each side's secrets for its private view; and a saved
 * game that keeps them all out of what the table reads
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-game-private.h"
#include "sl-hash.h"
#include "sl-locks.h"
#include "sl-secrets.h"
#include "sl-test-game.h"
#include "sl-text.h"

#define SECRET_SETUP \
  "{'id': 'sealed', 'name': 'Sealed', 'length_turns': 6," \
  " 'modules': ['ammunition', 'leadership', 'area-effects', 'detection', 'equipment']," \
  " 'sides': [" \
  "  {'id': 'a', 'name': 'Commonwealth', 'camo_tinter': true, 'mines': 2, 'fire_missions': {'mortar': 1}, 'squads': [{'id': 'a1', 'leader': 'a-1', 'units': [" \
  "     {'id': 'a-1', 'counter': 1, 'name': 'Sergeant Ames', 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}," \
  "     {'id': 'a-2', 'counter': 2, 'name': 'Trooper Cole', 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']," \
  "      'hidden': true}]}]}," \
  "  {'id': 'b', 'name': 'TOG', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 7," \
  "     'name': 'Legionnaire Brax', 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}"

static char *
lower (const char *text)
{
  return g_utf8_strdown (text, -1);
}

/* Every summary the table has read so far: none names a secret. */
static void
assert_history_keeps (SlGame             *game,
                      const char * const *secrets)
{
  for (guint i = 0; i < sl_game_get_position (game); i++)
    {
      g_autofree char *text = lower (sl_game_get_entry (game, i)->summary);

      for (guint k = 0; secrets[k] != NULL; k++)
        {
          g_autofree char *secret = lower (secrets[k]);

          if (strstr (text, secret) != NULL)
            g_error ("entry %u tells “%s”: %s", i, secrets[k], sl_game_get_entry (game, i)->summary);
        }
    }
}

static SlGame *
reload (SlGame *game)
{
  g_autofree char *text = sl_game_serialize (game);
  g_autoptr(GError) error = NULL;
  SlGame *copy = sl_game_load_from_data (sl_game_get_rules (game), text, -1, "test.squadlog", &error);

  g_assert_no_error (error);
  return copy;
}

/* Sealing tells the seal code, not the text; revealing shows the text, the
 * turn it was sealed on and that the seal holds. */
static void
test_seal_reveal (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  const SlJournalEntry *e;
  const SlNote *note;
  g_autofree char *code = NULL;
  JsonObject *revealed;

  e = sl_test_play (game, "{'type': 'seal', 'side': 'a', 'kind': 'charge', 'text': 'ZULU-7 under the stairs'}");
  note = sl_state_find_note (sl_game_get_state (game), 1);
  g_assert_nonnull (note);
  g_assert_true (note->intact);
  g_assert_cmpuint (strlen (note->nonce), ==, 32);
  g_assert_cmpuint (strlen (note->digest), ==, 64);
  code = sl_note_seal_code (note->digest);
  g_assert_nonnull (strstr (e->summary, code));
  g_assert_nonnull (strstr (e->summary, "Commonwealth seals note 1 (a concealed charge)"));
  g_assert_null (strstr (e->summary, "ZULU"));
  /* The digest is of the text and a nonce: the same text sealed again has
   * another seal, so a seal code does not give a short note away. */
  sl_test_play (game, "{'type': 'seal', 'side': 'a', 'kind': 'charge', 'text': 'ZULU-7 under the stairs'}");
  g_assert_cmpstr (sl_state_find_note (sl_game_get_state (game), 2)->digest, !=, note->digest);

  sl_test_refuse (game, "{'type': 'reveal', 'sealed': 9}", "sealed", "no note 9");
  e = sl_test_play (game, "{'type': 'reveal', 'sealed': 1}");
  g_assert_nonnull (strstr (e->summary, "Note 1 of Commonwealth (a concealed charge), sealed on turn 1 at "));
  g_assert_nonnull (strstr (e->summary, "says: “ZULU-7 under the stairs”"));
  g_assert_nonnull (strstr (e->summary, "has not been changed"));
  revealed = json_object_get_object_member (json_node_get_object (e->result), "revealed");
  g_assert_true (json_object_get_boolean_member (revealed, "intact"));
  g_assert_false (json_object_get_boolean_member (revealed, "dud"));
  g_assert_cmpint (sl_game_get_state (game)->note_status[0], ==, SL_NOTE_REVEALED);
  sl_test_refuse (game, "{'type': 'reveal', 'sealed': 1}", "sealed", "revealed already");
  /* Where a hidden unit lies is revealed, never a dud (issue 31 #8). */
  {
    g_autoptr(SlGame) hidden = sl_test_game_new_hide_and_seek (FALSE);

    sl_test_refuse (hidden, "{'type': 'reveal', 'sealed': 1, 'dud': true}", "dud", "never a dud");
    g_assert_false (sl_note_kind_may_be_dud (SL_NOTE_HIDDEN_UNIT));
    g_assert_true (sl_note_kind_may_be_dud (SL_NOTE_MINE));
  }
  /* An unclear note: the players declare it a dud. */
  e = sl_test_play (game, "{'type': 'reveal', 'sealed': 2, 'dud': true}");
  g_assert_nonnull (strstr (e->summary, "dud"));
  g_assert_cmpint (sl_game_get_state (game)->note_status[1], ==, SL_NOTE_DUD);
  /* The private view tells a dud from a note revealed. */
  {
    g_autoptr(GPtrArray) notes = sl_secrets_list (sl_game_get_rules (game), sl_game_get_setup (game),
                                                  sl_game_get_state (game), 0);
    guint seen = 0;

    for (guint i = 0; i < notes->len; i++)
      {
        const SlSecret *n = g_ptr_array_index (notes, i);

        if (n->kind != SL_SECRET_NOTE || n->note > 2)
          continue;
        seen++;
        g_assert_false (n->kept);
        g_assert_cmpint (n->dud, ==, n->note == 2);
      }
    g_assert_cmpuint (seen, ==, 2);
  }

  sl_test_refuse (game, "{'type': 'seal', 'side': 'z', 'text': 'x'}", "side", "no side");
  sl_test_refuse (game, "{'type': 'seal', 'side': 'a', 'text': ''}", "text", "at most");
  sl_test_refuse (game, "{'type': 'seal', 'side': 'a', 'kind': 'mine', 'text': 'B4'}", "kind", "mine command");
  /* The seal is the app's own, never a player's (two texts with one
   * code could be prepared with a chosen nonce). */
  sl_test_refuse (game, "{'type': 'seal', 'side': 'a', 'text': 'x', 'nonce': '00000000000000000000000000000000'}",
                  "nonce", "made by Squad Log");
  sl_test_refuse (game, "{'type': 'seal', 'side': 'a', 'text': 'x', 'sealed_at': 5}", "sealed_at", NULL);
  sl_test_refuse (game, "{'type': 'mine', 'action': 'lay', 'unit': 'a-1', 'label': 'x',"
                        " 'digest': '0000000000000000000000000000000000000000000000000000000000000000'}", "digest", NULL);
}

/* The seal code told to the table carries 64 bits: sixteen hex digits in
 * groups of four. */
static void
test_seal_code_128_bits (void)
{
  g_autofree char *code = sl_note_seal_code ("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
  g_autofree char *other = sl_note_seal_code ("0123456789abcdeffedcba98765432100123456789abcdef0123456789abcdef");

  g_assert_cmpstr (code, ==, "0123 4567 89ab cdef 0123 4567 89ab cdef");
  /* Issue 30 #5: two digests alike in their first 64 bits have two codes
   * (a birthday search finds such a pair in minutes). */
  g_assert_cmpstr (code, !=, other);
}

/* A journal entry of a note whose nonce, time or digest was taken out of
 * the file is refused on load — never sealed again as intact. */
static void
test_seal_stripped_refused (void)
{
  static const char * const fields[] = { "nonce", "sealed_at", "digest" };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
      g_autoptr(JsonNode) root = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(SlGame) loaded = NULL;
      g_autofree char *text = NULL;
      g_autofree char *edited = NULL;
      JsonObject *command;

      sl_test_play (game, "{'type': 'seal', 'side': 'a', 'kind': 'sensor', 'text': 'sensor at F6'}");
      text = sl_game_serialize (game);
      root = json_from_string (text, NULL);
      command = json_object_get_object_member (
        json_array_get_object_element (json_object_get_array_member (json_node_get_object (root), "journal"), 0),
        "command");
      json_object_remove_member (command, fields[i]);
      edited = json_to_string (root, TRUE);
      loaded = sl_game_load_from_data (sl_game_get_rules (game), edited, -1, "edited.squadlog", &error);
      g_assert_null (loaded);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, fields[i]));
      g_assert_nonnull (strstr (error->message, "no seal"));
    }
}

/* A note edited in the saved file since it was sealed no longer matches
 * its digest: revealed, it is announced as changed and is a dud. The
 * table's seal code, told at sealing, is the one it was. */
static void
test_tamper (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  g_autoptr(SlGame) loaded = NULL;
  g_autofree char *text = NULL;
  g_autofree char *code = NULL;
  g_autoptr(GString) edited = NULL;
  g_autoptr(GError) error = NULL;
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'seal', 'side': 'a', 'kind': 'sensor', 'text': 'sensor at F6'}");
  code = sl_note_seal_code (sl_state_find_note (sl_game_get_state (game), 1)->digest);
  text = sl_game_serialize (game);
  edited = g_string_new (text);
  g_assert_cmpuint (g_string_replace (edited, "sensor at F6", "sensor at G7", 0), ==, 1);
  loaded = sl_game_load_from_data (sl_game_get_rules (game), edited->str, -1, "edited.squadlog", &error);
  g_assert_no_error (error);
  g_assert_false (sl_state_find_note (sl_game_get_state (loaded), 1)->intact);
  e = sl_test_play (loaded, "{'type': 'reveal', 'sealed': 1}");
  g_assert_nonnull (strstr (e->summary, "does not match its seal"));
  g_assert_nonnull (strstr (e->summary, code));
  g_assert_cmpint (sl_game_get_state (loaded)->note_status[0], ==, SL_NOTE_DUD);

  /* The same file, untouched, still holds. */
  g_clear_object (&loaded);
  loaded = sl_game_load_from_data (sl_game_get_rules (game), text, -1, "kept.squadlog", &error);
  g_assert_no_error (error);
  g_assert_true (sl_state_find_note (sl_game_get_state (loaded), 1)->intact);
}

/* P-37: a mine is written down as a sealed note; when it goes off under
 * an enemy its note is shown; a mine whose note was changed is a dud
 * (P-37 step 6). */
static void
test_mine_note (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  g_autoptr(SlGame) loaded = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GString) edited = NULL;
  g_autoptr(GError) error = NULL;
  const SlJournalEntry *e;

  e = sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'a-1', 'label': 'QUEBEC-4 by the old well'}");
  g_assert_null (strstr (e->summary, "QUEBEC"));
  g_assert_nonnull (strstr (e->summary, "sealed note 1"));
  sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'a-1', 'label': 'ROMEO-5 at the gate'}");
  text = sl_game_serialize (game);

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_go_to_subphase (game, 1);
  e = sl_test_play (game, "{'type': 'mine', 'marker': 1, 'unit': 'b-1', 'distance_m': 0.5}");
  g_assert_nonnull (strstr (e->summary, "says: “QUEBEC-4 by the old well”"));
  g_assert_nonnull (strstr (e->summary, "has not been changed"));
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->wound, >, SL_WOUND_NONE);
  g_assert_cmpint (sl_game_get_state (game)->note_status[0], ==, SL_NOTE_REVEALED);
  /* The other stays sealed. */
  g_assert_cmpint (sl_game_get_state (game)->note_status[1], ==, SL_NOTE_SEALED);
  assert_history_keeps (game, (const char * const[]) { "ROMEO", NULL });

  /* Moved in the file after it was written down: a dud when it goes off. */
  edited = g_string_new (text);
  g_string_replace (edited, "QUEBEC-4 by the old well", "QUEBEC-5 by the old well", 0);
  loaded = sl_game_load_from_data (sl_game_get_rules (game), edited->str, -1, "edited.squadlog", &error);
  g_assert_no_error (error);
  sl_test_play (loaded, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_go_to_subphase (loaded, 1);
  e = sl_test_play (loaded, "{'type': 'mine', 'marker': 1, 'unit': 'b-1', 'distance_m': 0.5}");
  g_assert_nonnull (strstr (e->summary, "does not match its seal"));
  g_assert_nonnull (strstr (e->summary, "dud"));
  g_assert_cmpint (sl_test_unit_state (loaded, "b-1")->wound, ==, SL_WOUND_NONE);
}

/* P-38 step 3: the impact point is written down when the call is made
 * (sealed with the calling unit, in the step it is declared) and shown when
 * the mission lands. */
static void
test_fire_mission_note (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_go_to_subphase (game, 1);
  sl_test_refuse (game, "{'type': 'seal', 'side': 'a', 'kind': 'fire-mission', 'text': 'x', 'unit': 'a-1'}",
                  "unit", "neither installing a charge nor calling a fire mission");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'call-fire-mission'}");
  sl_test_refuse (game, "{'type': 'seal', 'side': 'b', 'kind': 'fire-mission', 'text': 'x', 'unit': 'a-1'}",
                  "unit", "not that side");
  sl_test_refuse (game, "{'type': 'seal', 'side': 'a', 'kind': 'charge', 'text': 'x', 'unit': 'a-1'}",
                  "kind", "fire-mission");
  e = sl_test_play (game, "{'type': 'seal', 'side': 'a', 'kind': 'fire-mission', 'text': 'grid 4471, the ridge', 'unit': 'a-1'}");
  g_assert_null (strstr (e->summary, "4471"));
  sl_test_refuse (game, "{'type': 'seal', 'side': 'a', 'kind': 'fire-mission', 'text': 'grid 9', 'unit': 'a-1'}",
                  "unit", "already");
  while (sl_game_get_state (game)->step != SL_STEP_EXPLOSION || sl_game_get_state (game)->subphase < 10)
    sl_test_play (game, "{'type': 'next'}");
  sl_test_refuse (game, "{'type': 'fire-mission', 'marker': 1, 'mission': 'mortar', 'roll': 2, 'sealed': 5}",
                  "sealed", "P-38");
  e = sl_test_play (game, "{'type': 'fire-mission', 'marker': 1, 'mission': 'mortar', 'roll': 2,"
                          " 'units': [{'unit': 'b-1', 'distance_m': 3}]}");
  g_assert_nonnull (strstr (e->summary, "says: “grid 4471, the ridge”"));
  g_assert_cmpint (sl_game_get_state (game)->note_status[0], ==, SL_NOTE_REVEALED);
}

/* Issue 30 #1, P-38 step 3: a note sealed after the call was announced
 * never stands for it — neither sealed with the unit once the declaring
 * step is over, nor for the marker once it is on the table, nor named as
 * the mission lands: having seen where the enemy went, a side cannot aim
 * a mission there. */
static void
test_fire_mission_late_note (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  const SlJournalEntry *e;
  int marker;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_go_to_subphase (game, 1);
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'call-fire-mission'}");
  sl_test_go_to_subphase (game, 3);
  g_assert_nonnull (sl_test_unit_state (game, "a-1")->current.action);
  sl_test_refuse (game, "{'type': 'seal', 'side': 'a', 'kind': 'fire-mission', 'text': 'x', 'unit': 'a-1'}",
                  "unit", "as the call is announced");
  while (sl_game_get_state (game)->step != SL_STEP_EXPLOSION || sl_game_get_state (game)->subphase < 10)
    sl_test_play (game, "{'type': 'next'}");
  marker = ((const SlMarker *) sl_game_get_state (game)->markers->data)->id;
  g_assert_cmpint (((const SlMarker *) sl_game_get_state (game)->markers->data)->note, ==, 0);
  /* Sealed now, where the enemy stands. */
  e = sl_test_play (game, "{'type': 'seal', 'side': 'a', 'kind': 'fire-mission', 'text': 'where Brax is'}");
  g_assert_false (sl_state_mission_note_allowed (sl_game_get_setup (game), sl_game_get_state (game),
                                                 sl_state_find_marker (sl_game_get_state (game), marker),
                                                 g_ptr_array_index (sl_game_get_state (game)->notes, 0)));
  sl_test_refuse (game, "{'type': 'seal', 'side': 'a', 'kind': 'fire-mission', 'text': 'x', 'marker': 1}",
                  "marker", "never later");
  sl_test_refuse (game, "{'type': 'fire-mission', 'marker': 1, 'mission': 'mortar', 'roll': 2, 'sealed': 1}",
                  "sealed", "no later note stands for it");
  e = sl_test_play (game, "{'type': 'fire-mission', 'marker': 1, 'mission': 'mortar', 'roll': 2,"
                          " 'units': [{'unit': 'b-1', 'distance_m': 3}]}");
  g_assert_null (strstr (e->summary, "Brax is"));
  g_assert_cmpint (sl_game_get_state (game)->note_status[0], ==, SL_NOTE_SEALED);
}

/* P-28, P-36 step 6: a charge whose place is concealed: sealed in its
 * installing action, shown as it goes off. */
static void
test_charge_note (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'plastic_charges', 'value': 2}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'install-plastic', 'label': 'charge A'}");
  sl_test_refuse (game, "{'type': 'seal', 'side': 'cw', 'kind': 'charge', 'text': 'x', 'unit': 'tog-3'}", "unit", "not that side");
  e = sl_test_play (game, "{'type': 'seal', 'side': 'tog', 'kind': 'charge', 'text': 'KILO-3 under the gate', 'unit': 'tog-3'}");
  g_assert_null (strstr (e->summary, "KILO"));
  sl_test_refuse (game, "{'type': 'seal', 'side': 'tog', 'kind': 'charge', 'text': 'again', 'unit': 'tog-3'}", "unit", "already");
  sl_test_go_to_subphase (game, 5);
  g_assert_cmpint (((const SlMarker *) sl_game_get_state (game)->markers->data)->note, ==, 1);
  sl_test_go_to_subphase (game, 6);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-4', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-4', 'marker': 1}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'blast', 'marker': 1, 'units': [{'unit': 'cw-14', 'distance_m': 2}]}");
  g_assert_nonnull (strstr (e->summary, "says: “KILO-3 under the gate”"));
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->wound, >, SL_WOUND_NONE);
}

/* Issue 30 #1, P-36 step 6: a charge installed in the open is not
 * concealed later: no note sealed after its installing action hides it,
 * and fire at it goes on. A game of format 4 (setup late_seals) goes on
 * as it was played. */
static void
test_charge_late_note (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(SlGame) old = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GString) edited = NULL;
  const SlMarker *m;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'plastic_charges', 'value': 2}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'install-plastic', 'label': 'charge A'}");
  sl_test_go_to_subphase (game, 6);
  g_assert_cmpuint (sl_game_get_state (game)->markers->len, ==, 1);
  m = (const SlMarker *) sl_game_get_state (game)->markers->data;
  g_assert_true (sl_marker_is_public (sl_game_get_state (game), m));
  sl_test_refuse (game, "{'type': 'seal', 'side': 'tog', 'kind': 'charge', 'text': 'KILO-3', 'marker': 1}",
                  "marker", "never later");
  sl_test_refuse (game, "{'type': 'seal', 'side': 'tog', 'kind': 'charge', 'text': 'KILO-3', 'unit': 'tog-3'}",
                  "unit", "action is over");
  g_assert_true (sl_marker_is_public (sl_game_get_state (game), sl_state_find_marker (sl_game_get_state (game), 1)));
  /* Fire at it is not refused: the charge is seen. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'charge': 1}");

  /* Format 4 kept the sealing after the fact: such a game opens and goes
   * on as it was played. */
  text = sl_game_serialize (game);
  edited = g_string_new (text);
  g_assert_cmpuint (g_string_replace (edited, "\"version\": 6", "\"version\": 4", 1), ==, 1);
  old = sl_game_load_from_data (sl_game_get_rules (game), edited->str, -1, "old.squadlog", &error);
  g_assert_no_error (error);
  g_assert_true (sl_game_get_setup (old)->late_seals);
  sl_test_play (old, "{'type': 'seal', 'side': 'tog', 'kind': 'charge', 'text': 'KILO-3', 'marker': 1}");
  g_assert_false (sl_marker_is_public (sl_game_get_state (old), sl_state_find_marker (sl_game_get_state (old), 1)));
}

/* Each side's private view lists its own secrets only: Cole under pile C
 * with the camo tinter's +1, the decoy, the notes. */
static void
test_list (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  g_autoptr(GPtrArray) mine = NULL;
  g_autoptr(GPtrArray) theirs = NULL;
  g_autoptr(GPtrArray) all = NULL;
  const SlSecret *s;

  sl_test_play (game, "{'type': 'hide', 'unit': 'a-2', 'pile': 'Pile C', 'decoys': ['Pile B'],"
                      " 'where': 'ZULU-9 behind the crates'}");
  sl_test_play (game, "{'type': 'seal', 'side': 'b', 'kind': 'sensor', 'text': 'YANKEE-2 on the roof'}");
  mine = sl_secrets_list (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game), 0);
  theirs = sl_secrets_list (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game), 1);
  all = sl_secrets_list (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game), -1);
  g_assert_cmpuint (mine->len, ==, 3);
  g_assert_cmpuint (theirs->len, ==, 1);
  g_assert_cmpuint (all->len, ==, 4);

  s = g_ptr_array_index (mine, 0);
  g_assert_cmpint (s->kind, ==, SL_SECRET_HIDDEN_UNIT);
  g_assert_cmpstr (s->title, ==, "Trooper Cole");
  g_assert_nonnull (strstr (s->detail, "under Pile C"));
  g_assert_nonnull (strstr (s->detail, "Camo tinter +1"));
  /* A marine suit is a power suit; not in stealth power mode, −2. */
  g_assert_nonnull (strstr (s->detail, "stealth power mode −2"));
  s = g_ptr_array_index (mine, 1);
  g_assert_cmpint (s->kind, ==, SL_SECRET_DECOY);
  g_assert_cmpstr (s->title, ==, "Pile B");
  s = g_ptr_array_index (mine, 2);
  g_assert_cmpint (s->kind, ==, SL_SECRET_NOTE);
  g_assert_cmpstr (s->title, ==, "Note 1 · where Trooper Cole lies");
  g_assert_nonnull (strstr (s->detail, "ZULU-9 behind the crates"));
  g_assert_true (s->kept);
  s = g_ptr_array_index (theirs, 0);
  g_assert_nonnull (strstr (s->detail, "YANKEE-2"));

  assert_history_keeps (game, (const char * const[]) { "ZULU", "YANKEE", "Cole", "tinter", "decoy", NULL });
}

/* T-19, A-126: a hidden unit's stealth power mode is set in secret, with
 * its pile, never announced; a correction, which the history would tell,
 * is refused while it hides; a suit without the mode is refused. */
static void
test_stealth_power_secret (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  g_autoptr(GPtrArray) mine = NULL;
  const SlSecret *s;

  sl_test_play (game, "{'type': 'hide', 'unit': 'a-2', 'pile': 'Pile C', 'stealth_power': true}");
  g_assert_true (sl_test_unit_state (game, "a-2")->stealth_power);
  mine = sl_secrets_list (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game), 0);
  s = g_ptr_array_index (mine, 0);
  g_assert_nonnull (strstr (s->detail, "in stealth power mode"));
  g_assert_null (strstr (s->detail, "stealth power mode −2"));
  sl_test_refuse (game, "{'type': 'correct', 'unit': 'a-2', 'field': 'stealth_power', 'value': false}",
                  "field", "A-126");
  assert_history_keeps (game, (const char * const[]) { "stealth", "Cole", NULL });
}

/* A saved game keeps every secret, and what the table reads of it after
 * loading still names none. */
static void
test_round_trip (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  g_autoptr(SlGame) loaded = NULL;
  const SlState *s;
  int unit;
  SlMarker *decoy;

  sl_test_play (game, "{'type': 'hide', 'unit': 'a-2', 'pile': 'Pile C', 'decoys': ['Pile B'],"
                      " 'where': 'ZULU-9 behind the crates'}");
  sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'a-1', 'label': 'QUEBEC-4 by the old well'}");
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'detect', 'unit': 'b-1', 'pile': 'Pile B', 'roll': 9}");
  loaded = reload (game);
  s = sl_game_get_state (loaded);
  g_assert_true (sl_state_find_pile (s, "Pile C", &unit, &decoy));
  g_assert_cmpint (unit, ==, sl_test_unit (loaded, "a-2"));
  g_assert_true (sl_state_find_pile (s, "Pile B", &unit, &decoy));
  g_assert_nonnull (decoy);
  g_assert_cmpuint (s->notes->len, ==, 2);
  g_assert_true (sl_state_find_note (s, 2)->intact);
  g_assert_cmpstr (sl_state_find_note (s, 2)->text, ==, "QUEBEC-4 by the old well");
  assert_history_keeps (loaded, (const char * const[]) { "ZULU", "QUEBEC", "Cole", "tinter", "decoy", NULL });
}

/* A private view's PIN: checked, saved with the game as a slow hash
 * (never the PIN itself), removed with an empty one. */
static void
test_locks (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  g_autoptr(SlGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GString) bad = NULL;
  gint64 retry_at = 0;

  g_assert_false (sl_game_has_lock (game, "a"));
  g_assert_true (sl_game_check_lock (game, "a", "anything"));
  sl_game_set_lock (game, "a", "4711");
  sl_game_set_lock (game, "referee", "0000");
  g_assert_true (sl_game_has_lock (game, "a"));
  g_assert_false (sl_game_has_lock (game, "b"));
  /* The referee's view: its own PIN once set (it was set past side a's
   * lock, so it lets a in), before that every locked side's (issue 19
   * #1). */
  {
    g_auto(GStrv) side = sl_game_locks_to_open (game, "a");
    g_auto(GStrv) open_side = sl_game_locks_to_open (game, "b");
    g_auto(GStrv) referee = sl_game_locks_to_open (game, "referee");

    g_assert_cmpstrv (side, ((const char *[]) { "a", NULL }));
    g_assert_cmpstrv (open_side, ((const char *[]) { NULL }));
    g_assert_cmpstrv (referee, ((const char *[]) { "referee", NULL }));
    sl_game_set_lock (game, "referee", "");
    sl_game_set_lock (game, "b", "1234");
    g_strfreev (referee);
    referee = sl_game_locks_to_open (game, "referee");
    g_assert_cmpstrv (referee, ((const char *[]) { "a", "b", NULL }));
    sl_game_set_lock (game, "b", "");
    sl_game_set_lock (game, "referee", "0000");
  }
  g_assert_true (sl_game_try_lock (game, "a", "4711", &retry_at) == SL_PIN_OPENS);
  g_assert_true (sl_game_try_lock (game, "a", "4712", &retry_at) == SL_PIN_WRONG);
  g_assert_cmpint (retry_at, >, g_get_monotonic_time ());
  /* Issue 30 #4: right, but too soon after a wrong one: not even tried. */
  g_assert_true (sl_game_try_lock (game, "a", "4711", &retry_at) == SL_PIN_WAIT);
  g_assert_false (sl_game_check_lock (game, "a", "4711"));

  text = sl_game_serialize (game);
  g_assert_null (strstr (text, "4711"));
  loaded = sl_game_load_from_data (sl_game_get_rules (game), text, -1, "locked.squadlog", &error);
  g_assert_no_error (error);
  g_assert_true (sl_game_check_lock (loaded, "a", "4711"));
  g_assert_true (sl_game_check_lock (loaded, "referee", "0000"));
  g_assert_false (sl_game_check_lock (loaded, "referee", "4711"));
  sl_game_set_lock (loaded, "a", "");
  g_assert_false (sl_game_has_lock (loaded, "a"));

  /* A lock for no side of the game is named. */
  bad = g_string_new (text);
  g_string_replace (bad, "\"a\": {\"salt\"", "\"zz\": {\"salt\"", 1);
  g_clear_object (&loaded);
  loaded = sl_game_load_from_data (sl_game_get_rules (game), bad->str, -1, "bad.squadlog", &error);
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "locks.zz"));
}

static void
count_changed (int *n)
{
  (*n)++;
}

/* The hex of PBKDF2-HMAC-SHA256 of @pin with the hex @salt. */
static char *
pbkdf2_hex (const char *pin,
            const char *salt_hex,
            guint       rounds)
{
  guint8 salt[64], out[SL_PBKDF2_SIZE];
  gsize n = sl_text_from_hex (salt_hex, salt, sizeof salt);

  g_assert_cmpuint (n, >, 0);
  sl_hash_pbkdf2 (pin, salt, n, rounds, out);
  return sl_text_hex (out, sizeof out);
}

/* Issue 30 #4: a PIN is saved as PBKDF2-HMAC-SHA256 (RFC 8018) with a
 * random salt and at least SL_LOCK_MIN_ROUNDS rounds, so a guess from the
 * file costs a quarter of a second or so, not one SHA-256. */
static void
test_locks_slow_hash (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *expected = NULL;
  guint8 out[SL_PBKDF2_SIZE];
  g_autofree char *hex = NULL;
  JsonObject *lock;
  gint64 rounds;

  /* RFC 7914 §11's test vector of PBKDF2-HMAC-SHA256 (one round). */
  sl_hash_pbkdf2 ("passwd", (const guint8 *) "salt", 4, 1, out);
  hex = sl_text_hex (out, sizeof out);
  g_assert_cmpstr (hex, ==, "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc");

  sl_game_set_lock (game, "a", "4711");
  text = sl_game_serialize (game);
  root = json_from_string (text, NULL);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (root), "version"), ==, SL_GAME_FORMAT_VERSION);
  lock = json_object_get_object_member (json_object_get_object_member (json_node_get_object (root), "locks"), "a");
  g_assert_false (json_object_has_member (lock, "sha256"));
  rounds = json_object_get_int_member (lock, "rounds");
  g_assert_cmpint (rounds, >=, SL_LOCK_MIN_ROUNDS);
  g_assert_cmpuint (strlen (json_object_get_string_member (lock, "salt")), ==, 32);
  expected = pbkdf2_hex ("4711", json_object_get_string_member (lock, "salt"), rounds);
  g_assert_cmpstr (json_object_get_string_member (lock, "pbkdf2_sha256"), ==, expected);
}

/* A try at @t makes the next wait @seconds, from when its slow hash was
 * done (it takes well under 5 s). */
static void
assert_wait (gint64 retry,
             gint64 t,
             int    seconds)
{
  g_assert_cmpint (retry, >=, t + seconds * G_USEC_PER_SEC);
  g_assert_cmpint (retry, <, t + (seconds + 5) * G_USEC_PER_SEC);
}

/* Issue 30 #4: wrong PINs make the next try wait 1 s, 2 s, 4 s … (up to
 * SL_LOCK_MAX_WAIT_SECONDS), whoever's PIN it is; every third in a row
 * closes the view; a right PIN starts over. */
static void
test_locks_delay (void)
{
  g_autoptr(SlLocks) locks = sl_locks_new ();
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  const SlSetup *s = sl_game_get_setup (game);
  gint64 t = 1000 * G_USEC_PER_SEC, retry = 0;
  gboolean rehashed;

  sl_locks_set (locks, s, "a", "4711", 0);
  sl_locks_set (locks, s, "b", "1234", 0);
  g_assert_true (sl_locks_try (locks, "a", "1111", t, &retry, &rehashed) == SL_PIN_WRONG);
  assert_wait (retry, t, 1);
  /* Another side's view waits too. */
  g_assert_true (sl_locks_try (locks, "b", "1234", t + G_USEC_PER_SEC / 2, &retry, &rehashed) == SL_PIN_WAIT);
  t = retry;
  g_assert_true (sl_locks_try (locks, "a", "2222", t, &retry, &rehashed) == SL_PIN_WRONG);
  assert_wait (retry, t, 2);
  t = retry;
  g_assert_true (sl_locks_try (locks, "a", "3333", t, &retry, &rehashed) == SL_PIN_CLOSE);
  assert_wait (retry, t, 4);
  g_assert_true (sl_locks_try (locks, "a", "4711", t + 3 * G_USEC_PER_SEC, &retry, &rehashed) == SL_PIN_WAIT);
  for (int i = 0; i < 10; i++)
    {
      t = retry;
      g_assert_true (sl_locks_try (locks, "a", "0000", t, &retry, &rehashed) != SL_PIN_OPENS);
    }
  assert_wait (retry, t, SL_LOCK_MAX_WAIT_SECONDS);
  t = retry;
  g_assert_true (sl_locks_try (locks, "a", "4711", t, &retry, &rehashed) == SL_PIN_OPENS);
  g_assert_false (rehashed);
  g_assert_true (sl_locks_try (locks, "b", "0000", t, &retry, &rehashed) == SL_PIN_WRONG);
  assert_wait (retry, t, 1);
}

/* Issue 30 #3: a referee's PIN set while no side is locked (by anyone at
 * the table) does not open a side that locks later: the referee's view
 * asks that side's PIN too, until the side lets the referee's PIN in,
 * knowingly, in its own view; a new PIN of the side takes that back. The
 * referee's PIN set past the locked sides lets them in. Saved with the
 * game. */
static void
test_locks_referee_trust (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  g_autoptr(SlGame) loaded = NULL;
  g_auto(GStrv) pins = NULL;

  sl_game_set_lock (game, "referee", "0000");
  pins = sl_game_locks_to_open (game, "referee");
  g_assert_cmpstrv (pins, ((const char *[]) { "referee", NULL }));
  sl_game_set_lock (game, "a", "4711");
  g_assert_false (sl_game_referee_opens (game, "a"));
  g_strfreev (pins);
  pins = sl_game_locks_to_open (game, "referee");
  g_assert_cmpstrv (pins, ((const char *[]) { "referee", "a", NULL }));

  sl_game_set_referee_opens (game, "a", TRUE);
  g_assert_true (sl_game_referee_opens (game, "a"));
  g_strfreev (pins);
  pins = sl_game_locks_to_open (game, "referee");
  g_assert_cmpstrv (pins, ((const char *[]) { "referee", NULL }));
  /* Kept in the file. */
  loaded = reload (game);
  g_assert_true (sl_game_referee_opens (loaded, "a"));
  g_strfreev (pins);
  pins = sl_game_locks_to_open (loaded, "referee");
  g_assert_cmpstrv (pins, ((const char *[]) { "referee", NULL }));

  /* A's new PIN is its own again. */
  sl_game_set_lock (game, "a", "5813");
  g_assert_false (sl_game_referee_opens (game, "a"));
  g_strfreev (pins);
  pins = sl_game_locks_to_open (game, "referee");
  g_assert_cmpstrv (pins, ((const char *[]) { "referee", "a", NULL }));
  /* A side without a PIN has nothing to let in. */
  sl_game_set_referee_opens (game, "b", TRUE);
  g_assert_false (sl_game_referee_opens (game, "b"));

  /* The referee's PIN set again, from the view a's PIN opened: it lets a
   * in. */
  sl_game_set_lock (game, "referee", "9999");
  g_assert_true (sl_game_referee_opens (game, "a"));
  g_strfreev (pins);
  pins = sl_game_locks_to_open (game, "referee");
  g_assert_cmpstrv (pins, ((const char *[]) { "referee", NULL }));
}

/* Issue 30 #4: a game of format 4 saved its PINs as one salted SHA-256;
 * it opens with them, and a PIN typed right is saved again with PBKDF2
 * (docs/game-format.md). */
static void
test_locks_format_4 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  g_autoptr(SlGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = sl_game_serialize (game);
  g_autofree char *digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, "squadlog-pin-1:0123456789abcdef:4711", -1);
  g_autofree char *locks = g_strdup_printf (",\n  \"locks\": {\"a\": {\"salt\": \"0123456789abcdef\", \"sha256\": \"%s\"}},\n  \"journal\"", digest);
  g_autoptr(GString) old = g_string_new (text);
  g_autofree char *again = NULL;
  int changed = 0;

  g_assert_cmpuint (g_string_replace (old, "\"version\": 6", "\"version\": 4", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (old, ",\n  \"journal\"", locks, 1), ==, 1);
  loaded = sl_game_load_from_data (sl_game_get_rules (game), old->str, -1, "old.squadlog", &error);
  g_assert_no_error (error);
  g_assert_true (sl_game_has_lock (loaded, "a"));
  g_signal_connect_swapped (loaded, "changed", G_CALLBACK (count_changed), &changed);
  g_assert_true (sl_game_check_lock (loaded, "a", "4711"));
  g_assert_cmpint (changed, ==, 1);
  again = sl_game_serialize (loaded);
  g_assert_null (strstr (again, "\"sha256\""));
  g_assert_nonnull (strstr (again, "\"pbkdf2_sha256\""));
  g_clear_object (&loaded);
  loaded = sl_game_load_from_data (sl_game_get_rules (game), again, -1, "again.squadlog", &error);
  g_assert_no_error (error);
  g_assert_true (sl_game_check_lock (loaded, "a", "4711"));
}

/* The refusal of @command (with %d for a marker id) for marker @id, the id
 * written "N", the field after it. */
static char *
refusal (SlGame     *game,
         const char *command,
         int         id)
{
  g_autofree char *number = g_strdup_printf ("%d", id);
  g_autoptr(GString) filled = g_string_new (command);
  g_autofree char *json = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = NULL;

  g_string_replace (filled, "%d", number, 0);
  json = sl_test_json (filled->str);
  g_assert_null (sl_game_apply_text (game, json, &error));
  g_assert_nonnull (error);
  {
    /* "marker 3", "Marker 3": the id as the command gave it. */
    g_autofree char *pattern = g_strdup_printf ("(?<=[Mm]arker )%s\\b", number);
    g_autoptr(GRegex) id_in_text = g_regex_new (pattern, 0, 0, NULL);
    g_autofree char *replaced = g_regex_replace_literal (id_in_text, error->message, -1, 0, "N", 0, NULL);

    text = g_string_new (replaced);
  }
  g_string_append_printf (text, " [%s]", sl_rule_error_get_field (error));
  g_test_message ("%s → %s", filled->str, text->str);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Issue 30 #2 (P-28, P-37 step 2, A-88): a refusal about a decoy or a
 * secret marker (a mine, a concealed charge) reads the same as for a
 * marker that does not exist and names no label, so trying the numbers
 * does not tell which piles are decoys. */
static void
test_refusals_name_no_secret_marker (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (TRUE);
  const SlState *state = sl_game_get_state (game);
  const char * const commands[] = {
    "{'type': 'correct-marker', 'marker': %d, 'field': 'label', 'value': 'X'}",
    "{'type': 'seal', 'side': 'tog', 'kind': 'charge', 'text': 'x', 'marker': %d}",
    "{'type': 'seal', 'side': 'cw', 'kind': 'charge', 'text': 'x', 'marker': %d}",
    "{'type': 'blast', 'marker': %d, 'units': []}",
    "{'type': 'fire-mission', 'marker': %d, 'mission': 'mortar', 'roll': 2}",
    "{'type': 'detonate', 'unit': 'eye', 'marker': %d}",
    "{'type': 'detonate', 'unit': 'c', 'marker': %d}",
    "{'type': 'declare', 'unit': 'eye', 'action': 'fire', 'charge': %d}",
    "{'type': 'mine', 'marker': %d, 'unit': 'c', 'distance_m': 0.5}",
    NULL
  };
  int secret[8], n = 0;
  char labels[8][48];

  for (guint i = 0; i < state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (state->markers, SlMarker, i);

      if (!sl_marker_is_public (state, m))
        {
          g_strlcpy (labels[n], m->label, sizeof labels[n]);
          secret[n++] = m->id;
        }
    }
  g_assert_cmpint (n, ==, 4);
  /* Before play, and in the first subphase. */
  for (int moment = 0; moment < 2; moment++)
    {
      if (moment == 1)
        {
          sl_test_play (game, "{'type': 'initiative', 'rolls': {'hide': 2, 'look': 5}}");
          sl_test_go_to_subphase (game, 1);
        }
      for (guint k = 0; commands[k] != NULL; k++)
        {
          g_autofree char *none = refusal (game, commands[k], 99);

          for (int i = 0; i < n; i++)
            {
              g_autofree char *told = refusal (game, commands[k], secret[i]);

              g_assert_cmpstr (told, ==, none);
              for (int l = 0; l < n; l++)
                g_assert_null (strstr (told, labels[l]));
            }
        }
    }
}

/* Issue 30 #6 (P-28, P-27): which pile hides a unit, its decoys and its
 * stealth power mode are sealed as the piles are placed (the code is told
 * then); when a pile is detected the code is told again, checked. A hide
 * entry edited in the file — the unit moved under a decoy's pile — no
 * longer matches, and the table is told so; an entry without its seal is
 * refused in a game of format 5. */
static void
test_hiding_seal (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (FALSE);
  g_autoptr(SlGame) edited_game = NULL;
  g_autoptr(SlGame) stripped_game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = sl_game_serialize (game);
  g_autoptr(GString) edited = g_string_new (text);
  g_autoptr(GString) stripped = NULL;
  const SlJournalEntry *e = sl_game_get_entry (game, 0);
  g_autofree char *code = sl_note_seal_code (sl_test_unit_state (game, "c")->hiding_digest);

  g_assert_nonnull (strstr (e->summary, "Its hiding is sealed: seal "));
  g_assert_nonnull (strstr (e->summary, code));
  g_assert_true (sl_test_unit_state (game, "c")->hiding_intact);
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'hide': 3, 'look': 5}}");
  e = sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile B', 'roll': 1}");
  g_assert_nonnull (strstr (e->summary, "Pile B was placed under the hiding seal "));
  g_assert_nonnull (strstr (e->summary, code));
  g_assert_nonnull (strstr (e->summary, "which holds"));

  /* Moved under Pile B in the file. */
  g_assert_cmpuint (g_string_replace (edited, "\"pile\":\"Pile C\",\"decoys\":[\"Pile B\",", "\"pile\":\"Pile B\",\"decoys\":[\"Pile C\",", 1), ==, 1);
  edited_game = sl_game_load_from_data (sl_game_get_rules (game), edited->str, -1, "edited.squadlog", &error);
  g_assert_no_error (error);
  g_assert_false (sl_test_unit_state (edited_game, "c")->hiding_intact);
  sl_test_play (edited_game, "{'type': 'initiative', 'rolls': {'hide': 3, 'look': 5}}");
  e = sl_test_play (edited_game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile B', 'roll': 1}");
  g_assert_nonnull (strstr (e->summary, "Trooper Cole is revealed"));
  g_assert_nonnull (strstr (e->summary, "does not match"));

  /* Its seal taken out: refused. */
  stripped = g_string_new (text);
  {
    const char *at = strstr (stripped->str, ",\"hiding_seal\":{");
    const char *end = at != NULL ? strchr (at, '}') : NULL;

    g_assert_nonnull (end);
    g_string_erase (stripped, at - stripped->str, end + 1 - at);
  }
  stripped_game = sl_game_load_from_data (sl_game_get_rules (game), stripped->str, -1, "stripped.squadlog", &error);
  g_assert_null (stripped_game);
  g_assert_nonnull (strstr (error->message, "hiding_seal"));
}

/* The command of journal entry @i of a game file read as JSON. */
static JsonObject *
journal_command (JsonNode *root,
                 guint     i)
{
  JsonArray *journal = json_object_get_array_member (json_node_get_object (root), "journal");

  return json_object_get_object_member (json_array_get_object_element (journal, i), "command");
}

/* @root, a game file edited, is refused on load naming @entry ("journal
 * entry 3"), @field and @why. */
static void
assert_file_refused (JsonNode   *root,
                     const char *entry,
                     const char *field,
                     const char *why)
{
  g_autofree char *text = json_to_string (root, TRUE);
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) loaded = sl_game_load_from_data (sl_test_rules (), text, -1, "edited.squadlog", &error);

  g_assert_null (loaded);
  g_test_message ("%s", error->message);
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_INCONSISTENT);
  g_assert_nonnull (strstr (error->message, entry));
  g_assert_nonnull (strstr (error->message, field));
  g_assert_nonnull (strstr (error->message, why));
}

/* Another nonce (or salt) that looks as good: 32 hex digits. */
static void
change_hex (JsonObject *o,
            const char *member)
{
  g_autofree char *other = g_strdup (json_object_get_string_member (o, member));

  other[0] = other[0] == '0' ? '1' : '0';
  json_object_set_string_member (o, member, other);
}

/* Issue 30 #5: each seal's nonce is the app's own, made from a salt and
 * the journal before it; one replaced by another valid-looking nonce, or
 * its salt, is refused on load, naming the entry and the field. A file
 * laid out again by another program is the same journal. */
static void
test_nonce_bound (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (FALSE);
  g_autofree char *text = sl_game_serialize (game);
  const char *salt;

  /* Made by the app: the salt, and the nonce it makes there. */
  {
    g_autoptr(JsonNode) root = json_from_string (text, NULL);
    JsonObject *seal = journal_command (root, 2);
    g_autofree char *made = NULL;

    salt = json_object_get_string_member (seal, "salt");
    g_assert_true (sl_text_is_hex (salt, 32));
    made = sl_note_bound_nonce (sl_game_get_state (game)->journal_chain, 0, salt);
    /* Not the chain of this place (after two entries): another nonce. */
    g_assert_cmpstr (made, !=, json_object_get_string_member (seal, "nonce"));
    g_assert_true (sl_game_go_to (game, 2));
    g_free (made);
    made = sl_note_bound_nonce (sl_game_get_state (game)->journal_chain, 2, salt);
    g_assert_cmpstr (made, ==, json_object_get_string_member (seal, "nonce"));
    g_assert_true (sl_game_go_to (game, 3));
  }
  /* Laid out again: still opens. */
  {
    g_autoptr(JsonNode) root = json_from_string (text, NULL);
    g_autofree char *pretty = json_to_string (root, TRUE);
    g_autoptr(GError) error = NULL;
    g_autoptr(SlGame) loaded = sl_game_load_from_data (sl_test_rules (), pretty, -1, "pretty.squadlog", &error);

    g_assert_no_error (error);
    sl_test_assert_same_journal (game, loaded);
  }
  /* The sensor's nonce, the mine's salt, the hiding's nonce. */
  {
    g_autoptr(JsonNode) root = json_from_string (text, NULL);

    change_hex (journal_command (root, 2), "nonce");
    assert_file_refused (root, "journal entry 3", "nonce: ", "not the one Squad Log made");
  }
  {
    g_autoptr(JsonNode) root = json_from_string (text, NULL);

    change_hex (journal_command (root, 1), "salt");
    assert_file_refused (root, "journal entry 2", "nonce: ", "not the one Squad Log made");
  }
  {
    g_autoptr(JsonNode) root = json_from_string (text, NULL);

    change_hex (json_object_get_object_member (journal_command (root, 0), "hiding_seal"), "nonce");
    assert_file_refused (root, "journal entry 1", "hiding_seal.nonce: ", "not the one Squad Log made");
  }
  /* The salt taken out, or not hex. */
  {
    g_autoptr(JsonNode) root = json_from_string (text, NULL);

    json_object_remove_member (journal_command (root, 2), "salt");
    assert_file_refused (root, "journal entry 3", "salt: ", "no salt");
  }
  {
    g_autoptr(JsonNode) root = json_from_string (text, NULL);

    json_object_set_string_member (journal_command (root, 2), "salt", "a salt of my own choosing, thanks");
    assert_file_refused (root, "journal entry 3", "salt: ", "32 hexadecimal digits");
  }
  /* A command never brings its own. */
  sl_test_refuse (game, "{'type': 'seal', 'side': 'cw', 'text': 'x', 'salt': '00000000000000000000000000000000'}",
                  "salt", "made by Squad Log");
}

/* Issue 30 #5: a seal moved to another place in its journal, or copied
 * into another game, is not where the app made it: refused on load. */
static void
test_seal_moved (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (FALSE);
  g_autoptr(SlGame) other = sl_test_game_new_hide_and_seek (TRUE);
  g_autofree char *text = sl_game_serialize (game);
  g_autofree char *other_text = sl_game_serialize (other);

  /* The mine and the sensor swapped. */
  {
    g_autoptr(JsonNode) root = json_from_string (text, NULL);
    JsonArray *journal = json_object_get_array_member (json_node_get_object (root), "journal");
    g_autoptr(JsonArray) swapped = json_array_new ();

    json_array_add_element (swapped, json_node_copy (json_array_get_element (journal, 0)));
    json_array_add_element (swapped, json_node_copy (json_array_get_element (journal, 2)));
    json_array_add_element (swapped, json_node_copy (json_array_get_element (journal, 1)));
    json_object_set_array_member (json_node_get_object (root), "journal", json_array_ref (swapped));
    assert_file_refused (root, "journal entry 2", "nonce: ", "not the one Squad Log made");
  }
  /* The sensor copied once more at the end (a second sensor, the same
   * seal). */
  {
    g_autoptr(JsonNode) root = json_from_string (text, NULL);
    JsonArray *journal = json_object_get_array_member (json_node_get_object (root), "journal");

    json_array_add_element (journal, json_node_copy (json_array_get_element (journal, 2)));
    assert_file_refused (root, "journal entry 4", "nonce: ", "not the one Squad Log made");
  }
  /* The mine of one game in the place of the other's (its second entry
   * too): another journal before it. */
  {
    g_autoptr(JsonNode) root = json_from_string (other_text, NULL);
    g_autoptr(JsonNode) from = json_from_string (text, NULL);
    JsonArray *journal = json_object_get_array_member (json_node_get_object (root), "journal");
    JsonArray *source = json_object_get_array_member (json_node_get_object (from), "journal");

    json_array_remove_element (journal, 1);
    json_array_remove_element (journal, 1);
    json_array_add_element (journal, json_node_copy (json_array_get_element (source, 1)));
    assert_file_refused (root, "journal entry 2", "nonce: ", "not the one Squad Log made");
  }
  /* A first seal copied into a game of another setup, in its first place. */
  {
    g_autoptr(SlGame) sealed = sl_test_game_new_setup (SECRET_SETUP);
    g_autoptr(SlGame) renamed = NULL;
    g_autoptr(GString) setup = g_string_new (SECRET_SETUP);
    g_autofree char *sealed_text = NULL;
    g_autofree char *renamed_text = NULL;
    g_autoptr(JsonNode) root = NULL;
    g_autoptr(JsonNode) from = NULL;

    g_string_replace (setup, "'name': 'Sealed'", "'name': 'Sealed Again'", 1);
    renamed = sl_test_game_new_setup (setup->str);
    sl_test_play (sealed, "{'type': 'seal', 'side': 'a', 'kind': 'sensor', 'text': 'sensor at F6'}");
    sl_test_play (renamed, "{'type': 'seal', 'side': 'a', 'kind': 'sensor', 'text': 'sensor at F7'}");
    sealed_text = sl_game_serialize (sealed);
    renamed_text = sl_game_serialize (renamed);
    root = json_from_string (renamed_text, NULL);
    from = json_from_string (sealed_text, NULL);
    json_array_remove_element (json_object_get_array_member (json_node_get_object (root), "journal"), 0);
    json_array_add_element (json_object_get_array_member (json_node_get_object (root), "journal"),
                            json_node_copy (json_array_get_element (
                              json_object_get_array_member (json_node_get_object (from), "journal"), 0)));
    assert_file_refused (root, "journal entry 1", "nonce: ", "not the one Squad Log made");
  }
}

/* A new folder for a test's files. */
static char *
seals_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("squadlog-seals-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* Issue 30 #5: undone, redone, undone and sealed again in the same place,
 * saved in place and opened again (sl_test_play reloads, replayed and
 * through the cache, after each command): every seal holds where it is. */
static void
test_seals_undo_redo_save (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (FALSE);
  g_autoptr(SlGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = seals_dir ();
  g_autofree char *path = g_build_filename (dir, "seals.squadlog", NULL);
  const SlJournalEntry *e;

  g_assert_true (sl_game_undo (game));
  g_assert_true (sl_game_undo (game));
  g_assert_true (sl_game_redo (game));
  /* The sensor undone and sealed again: a new salt, the same place. */
  e = sl_test_play (game, "{'type': 'seal', 'side': 'cw', 'kind': 'sensor', 'text': 'YANKEE-3 on the roof'}");
  g_assert_nonnull (strstr (e->summary, "seals note 3"));
  g_assert_true (sl_game_save (game, path, &error));
  g_assert_no_error (error);
  sl_test_play (game, "{'type': 'seal', 'side': 'cw', 'kind': 'other', 'text': 'the back door'}");
  g_assert_true (sl_game_undo (game));
  sl_test_play (game, "{'type': 'seal', 'side': 'cw', 'kind': 'other', 'text': 'the front door'}");
  /* Written in place: only the new entry. */
  g_assert_true (sl_game_save (game, path, &error));
  g_assert_no_error (error);
  loaded = sl_game_load (sl_test_rules (), path, &error);
  g_assert_no_error (error);
  sl_test_assert_same_journal (game, loaded);
  e = sl_test_play (loaded, "{'type': 'reveal', 'sealed': 4}");
  g_assert_nonnull (strstr (e->summary, "the front door"));
  g_assert_nonnull (strstr (e->summary, "holds"));
  sl_test_remove_dir (dir);
}

/* Issue 30 #5: the opening cache spares the replay only for the very
 * bytes it was written for: a nonce changed in the file behind it (one hex
 * digit, the file's size the same) is replayed, and refused. */
static void
test_nonce_changed_under_cache (void)
{
  g_autofree char *dir = seals_dir ();
  g_autofree char *path = g_build_filename (dir, "seals.squadlog", NULL);
  g_autofree char *cache = g_build_filename (dir, "cache", NULL);
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (FALSE);
  g_autoptr(GError) error = NULL;
  gboolean from_cache = FALSE;
  g_autoptr(SlGame) opened = NULL;
  g_autofree char *text = NULL;
  char *nonce;
  g_autoptr(SlGame) edited = NULL;

  g_assert_true (sl_game_save (game, path, &error));
  g_object_unref (sl_game_load_cached (sl_test_rules (), path, cache, &from_cache, &error));
  g_assert_no_error (error);
  opened = sl_game_load_cached (sl_test_rules (), path, cache, &from_cache, &error);
  g_assert_no_error (error);
  g_assert_true (from_cache);

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  nonce = strstr (strstr (text, "\"type\":\"seal\""), "\"nonce\":\"") + strlen ("\"nonce\":\"");
  *nonce = *nonce == '0' ? '1' : '0';
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  edited = sl_game_load_cached (sl_test_rules (), path, cache, &from_cache, &error);
  g_assert_null (edited);
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_INCONSISTENT);
  g_assert_nonnull (strstr (error->message, "journal entry 3"));
  g_assert_nonnull (strstr (error->message, "nonce: "));
  sl_test_remove_dir (dir);
}

/* Issue 30 #5: a game saved in format 5 (tests/data/format-5-seals.squadlog:
 * two hides, a mine and a sensor, their nonces free) still opens and plays
 * as it was; a seal made in it now is bound, saved in format 6 with the
 * count of entries whose seals keep their free nonces, and a salt-less seal
 * after them is refused. */
static void
test_format_5_seals (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) game = sl_game_load (sl_test_rules (), SL_SOURCE_DATADIR "/../tests/data/format-5-seals.squadlog",
                                         &error);
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  const SlJournalEntry *e;

  g_assert_no_error (error);
  g_assert_cmpuint (sl_game_get_position (game), ==, 4);
  g_assert_cmpuint (sl_game_get_setup (game)->free_nonces, ==, 4);
  g_assert_true (sl_test_unit_state (game, "cw-15")->hiding_intact);
  e = sl_test_play (game, "{'type': 'reveal', 'sealed': 3}");
  g_assert_nonnull (strstr (e->summary, "YANKEE-2 on the water tower"));
  g_assert_nonnull (strstr (e->summary, "holds"));
  sl_test_play (game, "{'type': 'seal', 'side': 'cw', 'kind': 'other', 'text': 'the back door'}");
  text = sl_game_serialize (game);
  g_assert_nonnull (strstr (text, "\"free_nonces\": 4,"));
  root = json_from_string (text, NULL);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (root), "version"), ==, SL_GAME_FORMAT_VERSION);
  g_assert_false (json_object_has_member (journal_command (root, 3), "salt"));
  g_assert_true (json_object_has_member (journal_command (root, 5), "salt"));

  /* The old sensor's seal copied after the old entries: no salt there. */
  json_array_add_element (json_object_get_array_member (json_node_get_object (root), "journal"),
                          json_node_copy (json_array_get_element (
                            json_object_get_array_member (json_node_get_object (root), "journal"), 3)));
  assert_file_refused (root, "journal entry 7", "salt: ", "no salt");

  /* Called format 6 without its count of free nonces: refused at the
   * first seal. */
  {
    g_autofree char *old = NULL;
    g_autoptr(GString) edited = NULL;

    g_file_get_contents (SL_SOURCE_DATADIR "/../tests/data/format-5-seals.squadlog", &old, NULL, &error);
    g_assert_no_error (error);
    edited = g_string_new (old);
    g_assert_cmpuint (g_string_replace (edited, "\"version\": 5,", "\"version\": 6,", 1), ==, 1);
    g_clear_pointer (&root, json_node_unref);
    root = json_from_string (edited->str, NULL);
    assert_file_refused (root, "journal entry 1", "salt: ", "no salt");
  }
}

/* "Pile E was placed under the hiding seal …, which holds": the hiding of
 * @unit told again, checked, in @e's summary. */
static void
assert_hiding_told (SlGame               *game,
                    const SlJournalEntry *e,
                    const char           *unit,
                    const char           *pile,
                    gboolean              holds)
{
  g_autofree char *code = sl_note_seal_code (sl_test_unit_state (game, unit)->hiding_digest);
  g_autofree char *told = g_strdup_printf ("%s was placed under the hiding seal %s, which %s", pile, code,
                                           holds ? "holds: the hiding has not been changed since."
                                                 : "it does not match: the hiding was changed after the piles were placed");

  g_test_message ("%s", e->summary);
  g_assert_false (sl_test_unit_state (game, unit)->hidden);
  g_assert_nonnull (strstr (e->summary, told));
}

/* Trooper Cole under Pile C and Trooper Amari under Pile E, the first
 * initiative rolled: in the Detection Phase, or with @acting in the first
 * subphase. */
static SlGame *
hidden_in_play (gboolean acting)
{
  SlGame *game = sl_test_game_new_hide_and_seek (TRUE);

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'hide': 3, 'look': 5}}");
  if (acting)
    sl_test_play (game, "{'type': 'next'}");
  return game;
}

/* Issue 30 #6: however a hidden unit is revealed, its hiding's seal is
 * told again and checked, in the journal's words, after what revealed it:
 * it acts (§15.1), a correction reveals it, it is hit by a mine going off
 * it engages in melee (§15.1, P-22); a decoy pile detected tells
 * it too (P-27) and the unit's own pile detected (§15.1). */
static void
test_hiding_told_on_reveal (void)
{
  const SlJournalEntry *e;

  {
    g_autoptr(SlGame) game = hidden_in_play (TRUE);

    e = sl_test_play (game, "{'type': 'declare', 'unit': 'c2', 'action': 'walk'}");
    g_assert_nonnull (strstr (e->summary, "Trooper Amari acts and is no longer hidden (§15.1)."));
    assert_hiding_told (game, e, "c2", "Pile E", TRUE);
    /* Said after what revealed it. */
    g_assert_true (strstr (e->summary, "no longer hidden") < strstr (e->summary, "hiding seal"));
    /* Trooper Cole stays hidden: nothing of his. */
    g_assert_null (strstr (e->summary, "Pile C"));

    e = sl_test_play (game, "{'type': 'correct', 'unit': 'c', 'field': 'hidden', 'value': false}");
    assert_hiding_told (game, e, "c", "Pile C", TRUE);
  }
  {
    /* A TOG mine, written down, under Trooper Amari's feet. */
    g_autoptr(GString) setup = g_string_new (SECRET_SETUP);
    g_autoptr(SlGame) game = NULL;

    g_string_replace (setup, "{'id': 'b', 'name': 'TOG', ", "{'id': 'b', 'name': 'TOG', 'mines': 1, ", 1);
    game = sl_test_game_new_setup (setup->str);
    sl_test_play (game, "{'type': 'hide', 'unit': 'a-2', 'pile': 'Pile E'}");
    sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'b-1', 'label': 'by the well'}");
    sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
    sl_test_go_to_subphase (game, 1);
    e = sl_test_play (game, "{'type': 'mine', 'marker': 1, 'unit': 'a-2', 'distance_m': 0.5}");
    g_assert_nonnull (strstr (e->summary, "no longer hidden (A-27)"));
    assert_hiding_told (game, e, "a-2", "Pile E", TRUE);
  }
  {
    g_autoptr(SlGame) game = hidden_in_play (TRUE);

    e = sl_test_play (game, "{'type': 'engage', 'unit': 'c', 'target': 'eye'}");
    g_assert_nonnull (strstr (e->summary, "Trooper Cole acts and is no longer hidden (§15.1)."));
    assert_hiding_told (game, e, "c", "Pile C", TRUE);
  }
  {
    g_autoptr(SlGame) game = hidden_in_play (FALSE);

    e = sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile E', 'roll': 1}");
    g_assert_nonnull (strstr (e->summary, "Trooper Amari is revealed"));
    assert_hiding_told (game, e, "c2", "Pile E", TRUE);
    /* Told once. */
    g_assert_null (strstr (strstr (e->summary, "hiding seal") + 1, "hiding seal"));
  }
}

/* Issue 30 #6: a hide entry edited in the file (Trooper Cole moved from
 * Pile C to Pile B, a decoy's place): the game opens, and when he is
 * revealed the table hears that his hiding does not match its seal. */
static void
test_hiding_edited_told_on_reveal (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (TRUE);
  g_autofree char *text = sl_game_serialize (game);
  g_autoptr(GString) edited = g_string_new (text);
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) loaded = NULL;
  const SlJournalEntry *e;

  g_assert_cmpuint (g_string_replace (edited, "\"pile\":\"Pile C\",\"decoys\":[\"Pile B\",",
                                      "\"pile\":\"Pile B\",\"decoys\":[\"Pile C\",", 1), ==, 1);
  loaded = sl_game_load_from_data (sl_test_rules (), edited->str, -1, "edited.squadlog", &error);
  g_assert_no_error (error);
  sl_test_play (loaded, "{'type': 'initiative', 'rolls': {'hide': 3, 'look': 5}}");
  sl_test_play (loaded, "{'type': 'next'}");
  e = sl_test_play (loaded, "{'type': 'declare', 'unit': 'c', 'action': 'walk'}");
  assert_hiding_told (loaded, e, "c", "Pile B", FALSE);
  /* Trooper Amari's, not edited, holds. */
  e = sl_test_play (loaded, "{'type': 'correct', 'unit': 'c2', 'field': 'hidden', 'value': false}");
  assert_hiding_told (loaded, e, "c2", "Pile E", TRUE);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/secrets/seal-reveal", test_seal_reveal);
  g_test_add_func ("/game/secrets/tamper", test_tamper);
  g_test_add_func ("/game/secrets/seal-code-128-bits", test_seal_code_128_bits);
  g_test_add_func ("/game/secrets/seal-stripped-refused", test_seal_stripped_refused);
  g_test_add_func ("/game/secrets/mine", test_mine_note);
  g_test_add_func ("/game/secrets/fire-mission", test_fire_mission_note);
  g_test_add_func ("/game/secrets/charge", test_charge_note);
  g_test_add_func ("/game/secrets/fire-mission-late-note-P-38", test_fire_mission_late_note);
  g_test_add_func ("/game/secrets/charge-late-note-P-36", test_charge_late_note);
  g_test_add_func ("/game/secrets/list", test_list);
  g_test_add_func ("/game/secrets/hiding-seal-P-28", test_hiding_seal);
  g_test_add_func ("/game/secrets/hiding-told-on-reveal", test_hiding_told_on_reveal);
  g_test_add_func ("/game/secrets/hiding-edited-told-on-reveal", test_hiding_edited_told_on_reveal);
  g_test_add_func ("/game/secrets/nonce-bound", test_nonce_bound);
  g_test_add_func ("/game/secrets/seal-moved", test_seal_moved);
  g_test_add_func ("/game/secrets/seals-undo-redo-save", test_seals_undo_redo_save);
  g_test_add_func ("/game/secrets/nonce-changed-under-cache", test_nonce_changed_under_cache);
  g_test_add_func ("/game/secrets/format-5-seals", test_format_5_seals);
  g_test_add_func ("/game/secrets/stealth-power-A-126", test_stealth_power_secret);
  g_test_add_func ("/game/secrets/round-trip", test_round_trip);
  g_test_add_func ("/game/secrets/refusals-name-no-secret-marker", test_refusals_name_no_secret_marker);
  g_test_add_func ("/game/secrets/locks/basic", test_locks);
  g_test_add_func ("/game/secrets/locks/slow-hash", test_locks_slow_hash);
  g_test_add_func ("/game/secrets/locks/delay", test_locks_delay);
  g_test_add_func ("/game/secrets/locks/referee-trust", test_locks_referee_trust);
  g_test_add_func ("/game/secrets/locks/format-4", test_locks_format_4);
  return g_test_run ();
}
