/* fuzz-game.c: libFuzzer target for the saved-game loader
 *
 * Feeds the bytes to sl_game_load_from_data () with the shipped rules, as
 * opening a .squadlog file does. A file the loader accepts must then hold
 * up like one Squad Log wrote: every entry is told again, undo and redo
 * land on the same state, and the saved text loads back to that state and
 * saves to the same text; its state goes through the opening cache's bytes
 * (sl-cache.h) and back unchanged, and those bytes with one changed (where
 * the input says) are refused or read as a state the app can show. A
 * failure of those is an abort, so that the fuzzer keeps the input.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"
#include "sl-cache.h"
#include "sl-game-private.h"
#include "sl-game.h"
#include "sl-json.h"


int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  sl_fuzz_init ();
  /* Loading the rules is fuzz-rules.c's business: these are loaded once. */
  sl_fuzz_rules ();
  return 0;
}

static char *
state_text (SlGame *game)
{
  g_autoptr(JsonNode) node = sl_game_state_to_json (game);

  return sl_json_to_string (node, FALSE);
}

/* The game's state as the opening cache writes it, and read back: the same
 * state. With one byte changed (at @flip, modulo their length), read back
 * or refused, never anything the app could not show. */
static void
check_cache_state (SlGame *game,
                   gsize   flip)
{
  SlRules *rules = sl_fuzz_rules ();
  const SlSetup *setup = sl_game_get_setup (game);
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(SlState) back = sl_state_new_initial (rules, setup);
  g_autoptr(JsonNode) before = sl_game_state_to_json (game);
  g_autoptr(JsonNode) after = NULL;
  g_autoptr(SlState) damaged = sl_state_new_initial (rules, setup);
  SlCacheReader r;

  sl_cache_put_state (bytes, rules, sl_game_get_state (game));
  r = (SlCacheReader) { bytes->data, bytes->data + bytes->len, FALSE };
  if (!sl_cache_get_state (&r, rules, setup, back) || r.p != r.end)
    sl_fuzz_fail ("The opening cache refuses a state the replay reached");
  after = sl_state_to_json (rules, setup, back);
  if (!json_node_equal (before, after))
    sl_fuzz_fail ("A state read from the opening cache is another state");

  flip %= bytes->len;
  bytes->data[flip] ^= 0x81;
  r = (SlCacheReader) { bytes->data, bytes->data + bytes->len, FALSE };
  if (sl_cache_get_state (&r, rules, setup, damaged))
    {
      g_autoptr(JsonNode) shown = sl_state_to_json (rules, setup, damaged);

      (void) shown;
    }
}

/* What must hold of a game the loader accepted (tests/sl-test-game.c
 * checks the same of every game the tests play). */
static void
check_loaded (SlGame *game,
              gsize   flip)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) again = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;
  g_autofree char *state = NULL;
  g_autofree char *state_again = NULL;
  guint n = sl_game_get_n_entries (game);

  if (sl_game_get_position (game) != n)
    sl_fuzz_fail ("Loaded at entry %u of %u", sl_game_get_position (game), n);

  /* Telling an entry replays its stretch of the journal again: the
   * loader accepted every entry, so none may fail now (sl-game.c would
   * stop with g_error). */
  for (guint i = 0; i < n; i++)
    sl_game_get_entry (game, i);

  /* Undo to halfway, then redo: from a snapshot, or replayed. */
  state = state_text (game);
  if (n > 0)
    {
      sl_game_go_to (game, n / 2);
      sl_game_go_to (game, n);
      state_again = state_text (game);
      if (strcmp (state, state_again) != 0)
        sl_fuzz_fail ("Undo to %u and redo to %u changed the state:\n%s\n%s", n / 2, n, state,
              state_again);
      g_clear_pointer (&state_again, g_free);
    }

  /* Saved and loaded again: the same game, saved as the same text. */
  text = sl_game_serialize (game);
  again = sl_game_load_from_data (sl_fuzz_rules (), text, -1, "saved.squadlog", &error);
  if (again == NULL)
    sl_fuzz_fail ("A loaded game, saved, does not load again: %s\n%s", error->message, text);
  if (sl_game_get_n_entries (again) != n)
    sl_fuzz_fail ("%u entries loaded, %u after saving", n, sl_game_get_n_entries (again));
  state_again = state_text (again);
  if (strcmp (state, state_again) != 0)
    sl_fuzz_fail ("A loaded game, saved and loaded again, has another state:\n%s\n%s", state,
          state_again);
  for (guint i = 0; i < n; i++)
    sl_game_get_entry (again, i);
  text_again = sl_game_serialize (again);
  if (strcmp (text, text_again) != 0)
    sl_fuzz_fail ("A loaded game, saved twice, is saved as another text:\n%s\n%s", text, text_again);

  check_cache_state (game, flip);
}

/* Whether the @size bytes at @data hold @word. */
static gboolean
holds (const char *data,
       size_t      size,
       const char *word)
{
  size_t n = strlen (word);

  for (size_t i = 0; i + n <= size; i++)
    if (memcmp (data + i, word, n) == 0)
      return TRUE;
  return FALSE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) game = NULL;
  /* The bytes are not NUL-terminated: the length is what bounds them (and
   * AddressSanitizer catches a read past it). */
  const char *text = size > 0 ? (const char *) data : "";

  if (size > G_MAXSSIZE)
    return 0;
  game = sl_game_load_from_data (sl_fuzz_rules (), text, (gssize) size, "fuzz.squadlog", &error);
  if (game == NULL)
    {
      /* A refusal says why, in the game error domain — naming what it
       * read, never a NULL printed as "(null)" (issue 30 #7) unless the
       * file itself says so. */
      if (error == NULL || error->domain != SL_GAME_ERROR || error->message[0] == '\0')
        sl_fuzz_fail ("Refused without a game error");
      if (strstr (error->message, "(null)") != NULL && !holds (text, size, "(null)"))
        sl_fuzz_fail ("Refused with a message naming nothing: %s", error->message);
      return 0;
    }
  if (error != NULL)
    sl_fuzz_fail ("Loaded, yet with an error: %s", error->message);
  /* Which byte of the cache's bytes to change: from the input's length, so
   * that the fuzzer steers it. */
  check_loaded (game, size * 131);
  return 0;
}
