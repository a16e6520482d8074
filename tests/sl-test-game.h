/* sl-test-game.h: helpers for tests that play games
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-game.h"
#include "sl-test.h"

G_BEGIN_DECLS

/* A new game of the shipped training scenario (TOG squad tog-1 … tog-8 in
 * groupings tog-ft1, tog-ft2; Commonwealth cw-13 … cw-20 in cw-ft1, cw-ft2),
 * where units may declare in any order (freeDeclarationOrder). */
SlGame      *sl_test_game_new       (void);
/* The same, played in the initiative order as the rules want it (P-08
 * step 2). */
SlGame      *sl_test_game_new_strict (void);
/* A new game of @setup, written with single quotes like requests; in any
 * order unless its options say otherwise. */
SlGame      *sl_test_game_new_setup (const char *setup);

/* A new game of a bundled scenario (data/scenarios/@id.json), as the rules
 * want it (strict order), with rule options written as a test object
 * ("{'scenario1Detection': true}"), or NULL. */
SlGame      *sl_test_game_new_scenario (const char *id,
                                        const char *options);
/* Hidden units and secrets (§15.1, P-27, P-28, P-37): the Commonwealth
 * hides Trooper Cole (unit "c") under pile C (decoys B and D, where he
 * lies sealed: "ZULU-9 behind the crates"), with @amari Trooper Amari
 * ("c2") under E (decoy A), writes down a mine ("QUEBEC-4 by the old
 * well") and seals where its ground sensor stands ("YANKEE-2 on the
 * roof"); a TOG tech ("eye") looks for them. */
SlGame      *sl_test_game_new_hide_and_seek (gboolean amari);

/* Applies a command (single quotes) and asserts it was accepted (its
 * summary without a doubled full stop); returns the entry. */
const SlJournalEntry *sl_test_play  (SlGame     *game,
                                     const char *command);
/* Applies the same command @n times, asserting each was accepted, and
 * checks the reload once, after the last: for a long journal made as a
 * test's setup (the check after each command costs the whole game each
 * time). */
void         sl_test_play_many      (SlGame     *game,
                                     const char *command,
                                     guint       n);
/* What a command (test JSON) would do now: sl_game_preview, which must
 * accept it. */
JsonNode    *sl_test_json_preview   (SlGame     *game,
                                     const char *command);
/* Asserts that saving and loading @game gives the same state, and the same
 * result and summary for every journal entry, replayed and through the
 * opening cache (sl_test_play does it after every command). */
void         sl_test_check_reload   (SlGame     *game);
/* Asserts that @a and @b are in the same state; that their entry @i tells
 * the same (result, summary, moment). */
void         sl_test_assert_same_state (SlGame  *a,
                                        SlGame  *b);
/* The same state after the same journal: its chain too (issue 30 #5). */
void         sl_test_assert_same_journal (SlGame *a,
                                          SlGame *b);
void         sl_test_assert_same_entry (SlGame  *a,
                                        SlGame  *b,
                                        guint    i);
/* @text, a game's file, as a version before format 6 wrote it, at
 * @version: no seal has a "salt" (issue 30 #5). Returns the seals changed. */
guint        sl_test_make_old          (GString    *text,
                                        int         version);
/* Removes the directory @path and everything in it. */
void         sl_test_remove_dir        (const char *path);
/* Asserts that the command is refused on @field, with @text in the
 * message when not NULL; and that the game did not change. */
void         sl_test_refuse         (SlGame     *game,
                                     const char *command,
                                     const char *field,
                                     const char *text);

/* Rolls initiative with fixed rolls (TOG fire team 1 first) and moves to
 * the first subphase. */
void         sl_test_start_turn     (SlGame     *game);
/* Plays "next" until the clock is at @subphase's initiative-order step of
 * the current turn (or of the next turn when @next_turn). */
void         sl_test_go_to_subphase (SlGame     *game,
                                     int         subphase);

int          sl_test_unit           (SlGame     *game,
                                     const char *id);
const SlUnitState *sl_test_unit_state (SlGame   *game,
                                       const char *id);
/* §6.1, A-18, in the test game: Legionnaire Quill (tog-4), using a device,
 * is hit by Trooper Hale's fire in subphase 3's ranged-fire step, which
 * is still under way: he loses his action as it ends. */
void         sl_test_hit_in_step    (SlGame     *game);

G_END_DECLS
