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

#include "sl-secrets.h"
#include "sl-test-game.h"

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
test_seal_code_64_bits (void)
{
  g_autofree char *code = sl_note_seal_code ("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");

  g_assert_cmpstr (code, ==, "0123 4567 89ab cdef");
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

/* P-38 step 3: the impact point is written down when the call is made and
 * shown when the mission lands. */
static void
test_fire_mission_note (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_go_to_subphase (game, 1);
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'call-fire-mission'}");
  e = sl_test_play (game, "{'type': 'seal', 'side': 'a', 'kind': 'fire-mission', 'text': 'grid 4471, the ridge'}");
  g_assert_null (strstr (e->summary, "4471"));
  while (sl_game_get_state (game)->step != SL_STEP_EXPLOSION || sl_game_get_state (game)->subphase < 10)
    sl_test_play (game, "{'type': 'next'}");
  sl_test_refuse (game, "{'type': 'fire-mission', 'marker': 1, 'mission': 'mortar', 'roll': 2, 'sealed': 5}",
                  "sealed", "P-38");
  e = sl_test_play (game, "{'type': 'fire-mission', 'marker': 1, 'mission': 'mortar', 'roll': 2, 'sealed': 1,"
                          " 'units': [{'unit': 'b-1', 'distance_m': 3}]}");
  g_assert_nonnull (strstr (e->summary, "says: “grid 4471, the ridge”"));
  g_assert_cmpint (sl_game_get_state (game)->note_status[0], ==, SL_NOTE_REVEALED);
}

/* P-28: a charge whose place is concealed: sealed against its marker,
 * shown as it goes off. */
static void
test_charge_note (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'plastic_charges', 'value': 2}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'install-plastic', 'label': 'charge A'}");
  sl_test_go_to_subphase (game, 5);
  sl_test_refuse (game, "{'type': 'seal', 'side': 'cw', 'text': 'x', 'marker': 1}", "marker", "not that side");
  sl_test_refuse (game, "{'type': 'seal', 'side': 'tog', 'text': 'x', 'marker': 9}", "marker", "no marker 9");
  e = sl_test_play (game, "{'type': 'seal', 'side': 'tog', 'kind': 'charge', 'text': 'KILO-3 under the gate', 'marker': 1}");
  g_assert_null (strstr (e->summary, "KILO"));
  sl_test_refuse (game, "{'type': 'seal', 'side': 'tog', 'text': 'again', 'marker': 1}", "marker", "already");
  sl_test_go_to_subphase (game, 6);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-4', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-4', 'marker': 1}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'blast', 'marker': 1, 'units': [{'unit': 'cw-14', 'distance_m': 2}]}");
  g_assert_nonnull (strstr (e->summary, "says: “KILO-3 under the gate”"));
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->wound, >, SL_WOUND_NONE);
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

/* A private view's PIN: checked, saved with the game as a salted digest
 * (never the PIN itself), removed with an empty one. */
static void
test_locks (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SECRET_SETUP);
  g_autoptr(SlGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GString) bad = NULL;

  g_assert_false (sl_game_has_lock (game, "a"));
  g_assert_true (sl_game_check_lock (game, "a", "anything"));
  sl_game_set_lock (game, "a", "4711");
  sl_game_set_lock (game, "referee", "0000");
  g_assert_true (sl_game_has_lock (game, "a"));
  g_assert_false (sl_game_has_lock (game, "b"));
  /* The referee's view: its own PIN once set, before that every locked
   * side's (issue 19 #1). */
  {
    g_auto(GStrv) side = sl_game_locks_to_open (game, "a");
    g_auto(GStrv) open_side = sl_game_locks_to_open (game, "b");
    g_auto(GStrv) referee = sl_game_locks_to_open (game, "referee");

    g_assert_cmpstrv (side, ((const char *[]) { "a", NULL }));
    g_assert_cmpstrv (open_side, ((const char *[]) { NULL }));
    g_assert_cmpstrv (referee, ((const char *[]) { "referee", NULL }));
    sl_game_set_lock (game, "referee", "");
    sl_game_set_lock (game, "b", "1");
    g_strfreev (referee);
    referee = sl_game_locks_to_open (game, "referee");
    g_assert_cmpstrv (referee, ((const char *[]) { "a", "b", NULL }));
    sl_game_set_lock (game, "b", "");
    sl_game_set_lock (game, "referee", "0000");
  }
  g_assert_false (sl_game_check_lock (game, "a", "4712"));
  g_assert_false (sl_game_check_lock (game, "a", ""));
  g_assert_true (sl_game_check_lock (game, "a", "4711"));

  text = sl_game_serialize (game);
  g_assert_null (strstr (text, "4711"));
  loaded = sl_game_load_from_data (sl_game_get_rules (game), text, -1, "locked.squadlog", &error);
  g_assert_no_error (error);
  g_assert_true (sl_game_check_lock (loaded, "a", "4711"));
  g_assert_false (sl_game_check_lock (loaded, "referee", "4711"));
  g_assert_true (sl_game_check_lock (loaded, "referee", "0000"));
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

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/secrets/seal-reveal", test_seal_reveal);
  g_test_add_func ("/game/secrets/tamper", test_tamper);
  g_test_add_func ("/game/secrets/seal-code-64-bits", test_seal_code_64_bits);
  g_test_add_func ("/game/secrets/seal-stripped-refused", test_seal_stripped_refused);
  g_test_add_func ("/game/secrets/mine", test_mine_note);
  g_test_add_func ("/game/secrets/fire-mission", test_fire_mission_note);
  g_test_add_func ("/game/secrets/charge", test_charge_note);
  g_test_add_func ("/game/secrets/list", test_list);
  g_test_add_func ("/game/secrets/stealth-power-A-126", test_stealth_power_secret);
  g_test_add_func ("/game/secrets/round-trip", test_round_trip);
  g_test_add_func ("/game/secrets/locks", test_locks);
  return g_test_run ();
}
