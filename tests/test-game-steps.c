/* test-game-steps.c: the steps of a subphase are simultaneous (P-08 steps
 * 3–5, A-18, A-50): whatever order the table enters a step's fires,
 * blasts and melees in, the outcome is the same.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-game-private.h"
#include "sl-options.h"
#include "sl-test-game.h"

/* Plays @before, then @step in the order @order gives (indices into
 * @step), then "next". */
static SlGame *
play_step (const char * const *before,
           const char * const *step,
           const int          *order,
           guint               n_step)
{
  SlGame *game = sl_test_game_new_strict ();

  sl_test_start_turn (game);
  for (guint i = 0; before[i] != NULL; i++)
    sl_test_play (game, before[i]);
  for (guint i = 0; i < n_step; i++)
    sl_test_play (game, step[order[i]]);
  sl_test_play (game, "{'type': 'next'}");
  return game;
}

/* The result of the entry that resolved @command in @game. */
static JsonNode *
result_of (SlGame     *game,
           const char *command)
{
  g_autofree char *json = sl_test_json (command);

  for (guint i = 0; i < sl_game_get_n_entries (game); i++)
    {
      const SlJournalEntry *e = sl_game_get_entry (game, i);
      g_autofree char *text = sl_json_to_string (sl_journal_entry_get_command (e), FALSE);
      g_autoptr(JsonNode) a = sl_json_parse (text, -1, NULL);
      g_autoptr(JsonNode) b = sl_json_parse (json, -1, NULL);

      /* The entry carries the dice the app rolled; ours gives them all. */
      if (json_node_equal (a, b))
        return e->result;
    }
  g_assert_not_reached ();
  return NULL;
}

static void
assert_same_member (JsonNode   *a,
                    JsonNode   *b,
                    const char *member)
{
  g_autofree char *x = sl_json_to_string (json_object_get_member (json_node_get_object (a), member), FALSE);
  g_autofree char *y = sl_json_to_string (json_object_get_member (json_node_get_object (b), member), FALSE);

  g_assert_cmpstr (x, ==, y);
}

/* a unit knocked out earlier in the ranged-fire step still takes its
 * own shot, and its shot is the same whichever is entered first; `next`
 * then moves on. */
static void
test_killed_still_fires_a18 (void)
{
  static const char * const before[] = {
    /* Seriously wounded: one more level knocks it out (T-16). */
    "{'type': 'correct', 'unit': 'tog-2', 'field': 'wound', 'value': 'serious'}",
    "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'target': 'cw-13'}",
    "{'type': 'pass', 'grouping': 'tog-ft1'}",
    "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-2'}",
    "{'type': 'next'}",
    NULL
  };
  static const char * const step[] = {
    /* A natural 1 always hits and wounds (P-05, A-66). */
    "{'type': 'fire', 'unit': 'cw-13', 'roll': 1, 'jam_roll': 5}",
    "{'type': 'fire', 'unit': 'tog-2', 'roll': 2}",
  };
  static const int forward[] = { 0, 1 }, backward[] = { 1, 0 };
  g_autoptr(SlGame) a = play_step (before, step, forward, 2);
  g_autoptr(SlGame) b = play_step (before, step, backward, 2);
  JsonNode *ra = result_of (a, step[1]), *rb = result_of (b, step[1]);

  g_assert_cmpint (sl_test_unit_state (a, "tog-2")->wound, >=, SL_WOUND_UNCONSCIOUS);
  /* Its shot counts its Serious wound (+3), not the knock-out. */
  g_assert_cmpint (sl_test_breakdown (ra, "breakdown", "wound"), ==, 3);
  assert_same_member (ra, rb, "breakdown");
  assert_same_member (ra, rb, "net");
  sl_test_assert_same_state (a, b);
  /* Its action is lost as the step ends (§6.1). */
  g_assert_null (sl_test_unit_state (a, "tog-2")->current.action);
}

/* A wound taken earlier in the step does not count against the firer's own
 * shot (P-08 step 3: every fire of the step at once). */
static void
test_wound_in_step_not_counted (void)
{
  static const char * const before[] = {
    "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'target': 'cw-13'}",
    "{'type': 'pass', 'grouping': 'tog-ft1'}",
    "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-2'}",
    "{'type': 'next'}",
    NULL
  };
  static const char * const step[] = {
    "{'type': 'fire', 'unit': 'cw-13', 'roll': 1, 'jam_roll': 5}",
    "{'type': 'fire', 'unit': 'tog-2', 'roll': 6}",
  };
  static const int forward[] = { 0, 1 }, backward[] = { 1, 0 };
  g_autoptr(SlGame) a = play_step (before, step, forward, 2);
  g_autoptr(SlGame) b = play_step (before, step, backward, 2);
  JsonNode *ra = result_of (a, step[1]), *rb = result_of (b, step[1]);

  g_assert_cmpint (sl_test_unit_state (a, "tog-2")->wound, >, SL_WOUND_NONE);
  g_assert_cmpint (sl_test_breakdown (ra, "breakdown", "wound"), ==, 0);
  assert_same_member (ra, rb, "breakdown");
  assert_same_member (ra, rb, "hit");
  sl_test_assert_same_state (a, b);
}

/* a target hit earlier in the step keeps the movement modifier of
 * the move it makes this subphase for the step's other shots; and the
 * odds shown for the second shot (the sheet's preview) are those of the
 * start of the step. */
static void
test_target_keeps_movement_a50 (void)
{
  static const char * const before[] = {
    "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-14'}",
    "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'target': 'cw-14'}",
    "{'type': 'pass', 'grouping': 'tog-ft1'}",
    "{'type': 'declare', 'unit': 'cw-14', 'action': 'walk'}",
    "{'type': 'next'}",
    NULL
  };
  static const char * const step[] = {
    "{'type': 'fire', 'unit': 'tog-1', 'roll': 1, 'jam_roll': 5}",
    "{'type': 'fire', 'unit': 'tog-2', 'roll': 5}",
  };
  static const int forward[] = { 0, 1 }, backward[] = { 1, 0 };
  g_autoptr(SlGame) a = play_step (before, step, forward, 2);
  g_autoptr(SlGame) b = play_step (before, step, backward, 2);
  g_autoptr(SlGame) c = sl_test_game_new_strict ();
  g_autoptr(JsonNode) odds_before = NULL;
  g_autoptr(JsonNode) odds_after = NULL;
  JsonNode *ra = result_of (a, step[1]), *rb = result_of (b, step[1]);

  g_assert_cmpint (sl_test_breakdown (ra, "breakdown", "target-movement"), !=, 0);
  assert_same_member (ra, rb, "breakdown");
  sl_test_assert_same_state (a, b);

  sl_test_start_turn (c);
  for (guint i = 0; before[i] != NULL; i++)
    sl_test_play (c, before[i]);
  odds_before = sl_test_json_preview (c, "{'type': 'fire', 'unit': 'tog-2'}");
  sl_test_play (c, step[0]);
  odds_after = sl_test_json_preview (c, "{'type': 'fire', 'unit': 'tog-2'}");
  assert_same_member (odds_before, odds_after, "breakdown");
  assert_same_member (odds_before, odds_after, "probability");
}

/* P-08 step 4: two grenades going off in one explosion step catch the same
 * units; the order the blasts are entered in changes nothing, and a unit
 * knocked out by the first is still caught by the second. */
static void
test_blasts_at_once (void)
{
  static const char * const before[] = {
    "{'type': 'correct', 'unit': 'tog-1', 'field': 'grenade_ready', 'value': true}",
    "{'type': 'correct', 'unit': 'tog-2', 'field': 'grenade_ready', 'value': true}",
    "{'type': 'correct', 'unit': 'cw-14', 'field': 'wound', 'value': 'serious'}",
    "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'throw': 'grenade', 'label': 'the door'}",
    "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'throw': 'grenade', 'label': 'the door'}",
    "{'type': 'pass', 'grouping': 'tog-ft1'}",
    "{'type': 'declare', 'unit': 'cw-14', 'action': 'use-device'}",
    "{'type': 'next'}",
    "{'type': 'throw', 'unit': 'tog-1', 'range_m': 8, 'roll': 1}",
    "{'type': 'throw', 'unit': 'tog-2', 'range_m': 8, 'roll': 1}",
    "{'type': 'next'}",
    "{'type': 'next'}",
    "{'type': 'next'}",
    NULL
  };
  static const char * const step[] = {
    "{'type': 'blast', 'marker': 1, 'units': [{'unit': 'cw-14', 'distance_m': 1},"
    " {'unit': 'cw-15', 'distance_m': 3}]}",
    "{'type': 'blast', 'marker': 2, 'units': [{'unit': 'cw-14', 'distance_m': 2},"
    " {'unit': 'cw-15', 'distance_m': 2}]}",
  };
  static const int forward[] = { 0, 1 }, backward[] = { 1, 0 };
  g_autoptr(SlGame) a = play_step (before, step, forward, 2);
  g_autoptr(SlGame) b = play_step (before, step, backward, 2);

  g_assert_cmpint (sl_test_unit_state (a, "cw-14")->wound, >=, SL_WOUND_UNCONSCIOUS);
  sl_test_assert_same_state (a, b);
}

/* P-06 step 5, P-08 step 2: groupings act in the initiative order; a
 * grouping's turn ends when none of its units has still to decide, when it
 * passes, or when a later grouping acts once the ones between have nothing
 * to decide. */
static void
test_declaration_order_p08 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_strict ();
  g_autoptr(SlGame) free_game = sl_test_game_new ();

  /* TOG Fire Team 1 (3), Renegade Fire Team 1 (4), TOG Fire Team 2 (6),
   * Renegade Fire Team 2 (7). */
  sl_test_start_turn (game);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'walk'}", "unit", "P-08 step 2");
  sl_test_refuse (game, "{'type': 'pass', 'grouping': 'cw-ft1'}", "grouping", "TOG Fire Team 1");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'use-device'}");
  sl_test_play (game, "{'type': 'pass'}");
  g_assert_cmpint (sl_game_get_state (game)->slot, ==, 1);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'walk'}");
  /* TOG Fire Team 1 has had its turn. */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'walk'}", "unit", "had its turn");
  sl_test_play (game, "{'type': 'pass', 'grouping': 'cw-ft1'}");
  sl_test_play (game, "{'type': 'pass', 'grouping': 'tog-ft2'}");
  sl_test_play (game, "{'type': 'pass', 'grouping': 'cw-ft2'}");
  sl_test_refuse (game, "{'type': 'pass'}", "type", "press Next");
  sl_test_play (game, "{'type': 'next'}");
  /* In the next subphase the order starts again; the busy TOG unit does
   * not hold its grouping's turn, its idle ones do. */
  g_assert_cmpint (sl_game_get_state (game)->subphase, ==, 2);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'walk'}", "unit", "Legionnaire Marek");

  /* The house rule: any order. */
  sl_test_start_turn (free_game);
  sl_test_play (free_game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'walk'}");
  sl_test_play (free_game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk'}");
}

/* A later grouping may act at once when the groupings before it have
 * nobody left to decide: their units are busy. */
static void
test_busy_groupings_skipped (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_strict ();
  static const char * const tog1[] = { "tog-1", "tog-2", "tog-3", "tog-4" };

  sl_test_start_turn (game);
  for (guint i = 0; i < G_N_ELEMENTS (tog1); i++)
    {
      g_autofree char *command = g_strdup_printf ("{'type': 'declare', 'unit': '%s', 'action': 'use-device'}",
                                                  tog1[i]);
      sl_test_play (game, command);
    }
  /* Every unit of TOG Fire Team 1 busy: its turn is over by itself. */
  g_assert_cmpint (sl_state_turn_position (sl_test_rules (), sl_game_get_state (game)), ==, 1);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'walk'}");
}

/* opportunity fire declared in subphase s is armed in the unit's own
 * turn of subphase s+1, not at its start; the refusal names that turn, not
 * the grouping acting now (two act before it here). */
static void
test_opportunity_armed_in_slot_a28 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_strict ();

  /* The order: TOG Fire Team 1, TOG Fire Team 2, Renegade Fire Team 1,
   * Renegade Fire Team 2. */
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'tog-ft1': 1, 'tog-ft2': 3, 'cw-ft1': 9, 'cw-ft2': 10}}");
  sl_test_play (game, "{'type': 'pass'}");
  sl_test_play (game, "{'type': 'pass'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'opportunity-fire'}");
  sl_test_play (game, "{'type': 'next'}");
  /* Subphase 2: TOG Fire Team 1 acts first; cw-13 may not fire yet. */
  g_assert_true (sl_test_unit_state (game, "cw-13")->opportunity_armed);
  sl_test_refuse (game, "{'type': 'fire', 'unit': 'cw-13', 'target': 'tog-1', 'roll': 5}", "unit",
                  "armed in Renegade Fire Team 1's turn of this subphase (A-28)");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk'}");
  sl_test_play (game, "{'type': 'pass'}");
  /* TOG Fire Team 2's turn: not yet either. */
  sl_test_refuse (game, "{'type': 'fire', 'unit': 'cw-13', 'target': 'tog-1', 'roll': 5}", "unit",
                  "armed in Renegade Fire Team 1's turn of this subphase (A-28)");
  sl_test_play (game, "{'type': 'pass'}");
  /* Renegade Fire Team 1's turn: armed. */
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-13', 'target': 'tog-1', 'roll': 5}");
}

/* A game saved before the initiative order was kept (format 1) goes on as
 * it was played: in any order. */
static void
test_format_1_any_order (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_strict ();
  g_autoptr(SlGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GString) old = NULL;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'pass'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'walk'}");
  text = sl_game_serialize (game);
  old = g_string_new (text);
  /* As format 1 wrote it: no pass, the order not kept. */
  g_assert_cmpuint (g_string_replace (old, "\"version\": 6", "\"version\": 1", 1), ==, 1);
  {
    char *pass = strstr (old->str, "{\"type\":\"pass\"}");
    char *start, *end;

    g_assert_nonnull (pass);
    start = g_strrstr_len (old->str, pass - old->str, "\n");
    end = strchr (pass, '\n');
    g_string_erase (old, start - old->str, end - start);
  }
  loaded = sl_game_load_from_data (sl_test_rules (), old->str, -1, "old", &error);
  g_assert_no_error (error);
  g_assert_true (sl_game_get_setup (loaded)->options->free_declaration_order);
  g_assert_cmpint (sl_test_unit_state (loaded, "cw-13")->moving, ==, SL_MOVE_WALK);
  /* Saved again, it says so. */
  g_clear_pointer (&text, g_free);
  text = sl_game_serialize (loaded);
  g_assert_nonnull (strstr (text, "\"freeDeclarationOrder\": true"));
}

/* Anything the resolution would refuse is refused when the action is
 * declared (P-14 step 1, P-34 step 1, A-92, P-35, P-36 step 3). */
static void
test_refuse_early (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  /* P-14 step 1, §15.1: not at an undetected unit; T-16: not at one out. */
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'hidden', 'value': true}");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13'}",
                  "target", "P-14 step 1");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'aimed-fire', 'target': 'cw-13'}",
                  "target", "§15.1");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-14', 'field': 'wound', 'value': 'dead'}");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-14'}",
                  "target", "T-16");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'tog-2'}",
                  "target", "own side");
  /* P-34 step 1, A-92: a grenade picked up first, and one left. */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'throw': 'grenade', 'label': 'door'}",
                  "throw", "A-92");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'aimed-fire', 'throw': 'grenade', 'label': 'door'}",
                  "throw", "T-05");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-2', 'field': 'grenades.FG', 'value': 0}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-2', 'field': 'grenades.SG', 'value': 0}");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'throw': 'grenade', 'label': 'door'}",
                  "throw", "P-34 step 1");
  /* P-35: a launcher, loaded; P-36 step 3: a charge to set off. */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'throw': 'launcher'}",
                  "throw", "no grenade launcher");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-6', 'field': 'launcher.FG', 'value': 0}");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-6', 'action': 'fire', 'throw': 'launcher'}",
                  "throw", "empty");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'throw': 'charge'}",
                  "throw", "P-36 step 3");
  /* What can succeed is accepted. */
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'grenade_ready', 'value': true}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'fire', 'throw': 'grenade', 'label': 'door'}");
}

/* T-36, P-21: a sprint at night without a power suit, or in zero-G, is
 * refused when declared, combined with a fire too. */
static void
test_refuse_sprint (void)
{
  g_autoptr(SlGame) night = sl_test_game_new_setup (
    "{'id': 'night', 'name': 'Night', 'length_turns': 4, 'modules': ['environment'],"
    " 'environment': {'night': true},"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': [{'id': 'li', 'counter': 1,"
    "     'troop': 'tech', 'armor': 'TS', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': [{'id': 'n', 'counter': 2,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");

  /* A tech suit is no power suit (T-13a). */
  sl_test_play (night, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_refuse (night, "{'type': 'declare', 'unit': 'li', 'action': 'sprint'}", "action", "T-36");
  sl_test_refuse (night, "{'type': 'declare', 'unit': 'li', 'action': 'fire', 'target': 'n',"
                         " 'combined_with': 'sprint'}", "combined_with", "T-36");
  sl_test_play (night, "{'type': 'declare', 'unit': 'li', 'action': 'run'}");
}

/* §8.2, A-40: a bounce pack walks a subphase before it runs, runs before it
 * sprints; a unit may say it moves without its pack. T-07, A-31: no dive
 * after a crawl. */
static void
test_bounce_inertia_a40 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'run'}", "action", "A-40");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'run', 'bounce_pack': false}");
  g_assert_false (sl_test_unit_state (game, "tog-2")->bounce_pack);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'run', 'bounce_pack': true}",
                  "bounce_pack", "T-13");
  sl_test_go_to_subphase (game, 2);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'sprint'}", "action", "A-40");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'run'}");
  sl_test_go_to_subphase (game, 3);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'sprint'}");
}

/* §8.2, A-40 (book §6.0: "The reverse is true"): a bounce pack slows down
 * one step a subphase, all the way to a stop. Having run on its pack, a
 * unit walks before it stops — it may not go prone or fire standing still,
 * pack or no pack —; having sprinted, it runs first; a dazed unit may go
 * down all the same (P-19). */
static void
test_bounce_slows_to_stop_a40 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'walk'}");
  sl_test_go_to_subphase (game, 2);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'run'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'run'}");
  sl_test_go_to_subphase (game, 3);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'position-change', 'to_position': 'prone'}",
                  "action", "A-40");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13'}",
                  "action", "walks for a subphase");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'position-change', 'to_position': 'prone',"
                        " 'bounce_pack': false}", "action", "A-40");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'dive', 'bounce_pack': false}",
                  "action", "A-40");
  /* A fire combined with a walk is a step down; so is a walk on foot. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13', 'combined_with': 'walk'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'sprint'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1', 'roll': 9}");
  sl_test_go_to_subphase (game, 4);
  /* After walking it may stop. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'position-change', 'to_position': 'prone'}");
  /* After a sprint: a run, not a walk. */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'walk'}", "action", "after sprinting it runs");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'walk', 'bounce_pack': false}",
                  "action", "A-40");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'run'}");
  sl_test_go_to_subphase (game, 5);
  /* Dazed after its run, it may only go down, and does. */
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-2', 'field': 'dazed_until', 'value': {'turn': 1, 'subphase': 6}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'position-change', 'to_position': 'prone'}");
}

/* P-30 step 2, T-22, T-23, E-26: bursts are declared with the fire and
 * budgeted as bursts: they may follow a fire in the subphase before (a
 * single shot may not), at most two concentrated (the second at the same
 * target), the third fire an area burst, with +1 per burst in a row. */
static void
test_bursts_budget_e26 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_start_turn (game);
  /* A weapon that fires no bursts (P-30 step 1). */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'target': 'tog-2',"
                        " 'burst': 'concentrated'}", "burst", "P-30 step 1");
  /* tog-1 holds a spike rifle: bursts. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13',"
                      " 'burst': 'concentrated'}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1', 'roll': 9}");
  g_assert_cmpstr (sl_test_string (e->result, "mode"), ==, "concentrated");
  sl_test_go_to_subphase (game, 2);
  /* A single shot may not follow a fire; a burst may, at the same target. */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13'}",
                  "unit", NULL);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-14',"
                        " 'burst': 'concentrated'}", "unit", NULL);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13',"
                      " 'burst': 'concentrated'}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1', 'roll': 9}");
  g_assert_cmpint (sl_test_breakdown (e->result, "breakdown", "consecutive-burst"), ==, 1);
  /* Ten rounds spent: a fresh magazine, by hand. */
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-1', 'field': 'rounds_fired', 'value': 0}");
  sl_test_go_to_subphase (game, 3);
  /* A third concentrated burst: no; the third fire is an area burst, the
   * third in a row: +2 (E-26). */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13',"
                        " 'burst': 'concentrated'}", "unit", NULL);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13'}", "unit", NULL);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13', 'burst': 'area'}",
                  "target", "P-30 step 4");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'burst': 'area'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_refuse (game, "{'type': 'fire', 'unit': 'tog-1', 'target': 'cw-13', 'roll': 9}", "type", "area-burst");
  e = sl_test_play (game, "{'type': 'area-burst', 'unit': 'tog-1', 'targets': [{'unit': 'cw-13', 'distance_m': 8,"
                          " 'roll': 9}]}");
  g_assert_cmpint (sl_test_breakdown (sl_test_member (e->result, "targets[0]"), "breakdown", "consecutive-burst"),
                   ==, 2);
}

/* T-22, P-30 step 5.1 (book §9.3: "must fire at the same target as the
 * previous burst"): a concentrated burst keeps its target only after a
 * concentrated burst. After a single shot in the subphase before it may
 * take another target; after a concentrated burst it may not. */
static void
test_concentrated_after_single_t22 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 9);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1', 'roll': 9}");
  sl_test_go_to_subphase (game, 10);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-14',"
                      " 'burst': 'concentrated'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1', 'roll': 9}");
  /* Right after that concentrated burst — subphase 10, then the next
   * turn's subphase 1 —, one at its unit only. */
  while (sl_game_get_state (game)->phase != SL_PHASE_INITIATIVE)
    sl_test_play (game, "{'type': 'next'}");
  sl_test_start_turn (game);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13',"
                        " 'burst': 'concentrated'}", "unit", "same target");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-14',"
                      " 'burst': 'concentrated'}");
}

/* No dead end: a declared shot whose target went out of the fight before
 * the ranged-fire step is wasted, and the game moves on. */
static void
test_target_out_shot_wasted_a17 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'aimed-fire', 'target': 'cw-13'}");
  sl_test_go_to_subphase (game, 2);
  /* Knocked out meanwhile (by a mine, opportunity fire, a correction). */
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'wound', 'value': 'dead'}");
  sl_test_go_to_subphase (game, 3);
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1', 'roll': 3}");
  g_assert_true (sl_test_bool (e->result, "wasted"));
  g_assert_nonnull (strstr (e->summary, "A-17"));
  g_assert_cmpint (sl_test_unit_state (game, "tog-1")->n_fires, ==, 1);
  /* Not at another out unit, though. */
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->subphase, ==, 4);
}

/* No dead end in melee: an opponent knocked out ends the melee against it
 * and an avoidance roll against it is not demanded (P-23); a dazed
 * defender cannot avoid. */
static void
test_melee_no_dead_end (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'engage', 'unit': 'tog-1', 'target': 'cw-13'}");
  g_assert_cmpstr (sl_test_unit_state (game, "tog-1")->current.action->id, ==, "melee");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'wound', 'value': 'unconscious'}");
  g_assert_null (sl_test_unit_state (game, "tog-1")->current.action);
  g_assert_cmpint (sl_test_unit_state (game, "tog-1")->n_engaged, ==, 0);

  /* An avoidance due next subphase: the attacker goes out meanwhile. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'walk'}");
  sl_test_play (game, "{'type': 'engage', 'unit': 'tog-2', 'target': 'cw-14', 'decision': 'avoid'}");
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->avoid_from, >, 0);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-2', 'field': 'wound', 'value': 'dead'}");
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->avoid_from, ==, 0);
  sl_test_go_to_subphase (game, 3);

  /* dazed, it cannot avoid; it fights. */
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-15', 'field': 'dazed_until',"
                      " 'value': {'turn': 1, 'subphase': 4}}");
  sl_test_refuse (game, "{'type': 'engage', 'unit': 'tog-3', 'target': 'cw-15', 'decision': 'avoid'}",
                  "decision", "A-27");
  sl_test_play (game, "{'type': 'engage', 'unit': 'tog-3', 'target': 'cw-15'}");
}

/* A dazed defender's avoidance roll, due after it was dazed, fails without
 * a roll: the full melee follows (A-27, P-23 a). */
static void
test_avoid_dazed_fails_a27 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'walk'}");
  sl_test_play (game, "{'type': 'engage', 'unit': 'tog-2', 'target': 'cw-14', 'decision': 'avoid'}");
  /* Dazed from subphase 2 (a hit in the ranged-fire step). */
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-14', 'field': 'dazed_until',"
                      " 'value': {'turn': 1, 'subphase': 4}}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'avoid', 'unit': 'cw-14'}");
  g_assert_false (sl_test_bool (e->result, "avoided"));
  g_assert_nonnull (strstr (e->summary, "A-27"));
  g_assert_cmpstr (sl_test_unit_state (game, "cw-14")->current.action->id, ==, "melee");
}

/* P-31 step 5: a squad with nobody but its leader in the fight has nobody
 * to rout: no check is demanded, none is made. */
static void
test_rout_only_leader_p31 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  static const char * const others[] = { "tog-2", "tog-3", "tog-4", "tog-5", "tog-6", "tog-7", "tog-8" };

  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_autofree char *command = g_strdup_printf ("{'type': 'correct', 'unit': '%s', 'field': 'wound',"
                                                  " 'value': 'dead'}", others[i]);
      sl_test_play (game, command);
    }
  /* Turn 12 has the rout check. */
  while (sl_game_get_state (game)->turn < 12 || sl_game_get_state (game)->phase != SL_PHASE_ROUT_RALLY)
    {
      if (sl_game_get_state (game)->phase == SL_PHASE_INITIATIVE && !sl_game_get_state (game)->initiative_done)
        sl_test_play (game, "{'type': 'initiative', 'rolls': {'tog-ft1': 3, 'cw-ft1': 6, 'cw-ft2': 9}}");
      else
        sl_test_play (game, "{'type': 'next'}");
    }
  sl_test_refuse (game, "{'type': 'rout-check', 'squad': 'tog-squad', 'roll': 1}", "squad", "P-31 step 5");
  sl_test_play (game, "{'type': 'rout-check', 'squad': 'cw-squad', 'roll': 90}");
  sl_test_play (game, "{'type': 'next'}");
}

/* Issue 22 item 5 (P-14, T-14, T-22): a declared shot tells its odds
 * before the AP are spent — those of the shot it declares and of a
 * concentrated burst where the weapon fires one — and they are the odds
 * the shot has when it is resolved, nothing having changed. Aiming buys
 * what T-14 says it does. */
static void
test_declared_odds (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(JsonNode) fire = NULL;
  g_autoptr(JsonNode) aimed = NULL;
  g_autoptr(JsonNode) shot = NULL;
  JsonObject *f, *a;

  sl_test_start_turn (game);
  fire = sl_test_json_preview (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13'}");
  aimed = sl_test_json_preview (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'aimed-fire', 'target': 'cw-13'}");
  f = json_object_get_object_member (json_node_get_object (fire), "to_hit");
  a = json_object_get_object_member (json_node_get_object (aimed), "to_hit");
  g_assert_nonnull (f);
  g_assert_nonnull (a);
  g_assert_cmpint (json_object_get_int_member (a, "modifier"), <, json_object_get_int_member (f, "modifier"));
  /* (A natural 10 always misses: both may need 9 or less.) */
  g_assert_cmpint (json_object_get_int_member (a, "needed"), >=, json_object_get_int_member (f, "needed"));
  g_assert_cmpfloat (json_object_get_double_member (a, "probability"), >=, json_object_get_double_member (f, "probability"));
  /* A declaration of a walk tells no odds. */
  {
    g_autoptr(JsonNode) walk = sl_test_json_preview (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk'}");

    g_assert_false (json_object_has_member (json_node_get_object (walk), "to_hit"));
  }
  /* Resolved as declared, the shot needs what the declaration said. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13'}");
  sl_test_play (game, "{'type': 'pass', 'grouping': 'tog-ft1'}");
  sl_test_play (game, "{'type': 'next'}");
  shot = sl_test_json_preview (game, "{'type': 'fire', 'unit': 'tog-1', 'roll': 5}");
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (shot), "needed"), ==,
                   json_object_get_int_member (f, "needed"));
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (shot), "modifier"), ==,
                   json_object_get_int_member (f, "modifier"));
}

/* P-08 step 3: Next refused while fire is left to resolve names what is
 * left — the first five and how many more when there are over six (the
 * track shows them all), every one when there are six or fewer. */
static void
test_pending_named (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  for (int i = 1; i <= 8; i++)
    {
      g_autofree char *declare = g_strdup_printf ("{'type': 'declare', 'unit': 'tog-%d', 'action': 'fire',"
                                                  " 'target': 'cw-13'}", i);

      sl_test_play (game, declare);
    }
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_RANGED_FIRE);
  sl_test_refuse (game, "{'type': 'next'}", "type",
                  "Fire to resolve first: Centurion Vale, Legionnaire Marek, Legionnaire Ostra, Legionnaire Quill, "
                  "Legionnaire Brann and 3 more (P-08 step 3).");
  sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1', 'roll': 10}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'tog-2', 'roll': 10}");
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (sl_game_apply_text (game, "{\"type\": \"next\"}", &error));
    g_assert_nonnull (error);
    g_assert_true (g_str_has_prefix (error->message, "Fire to resolve first: Legionnaire Ostra, "));
    g_assert_null (strstr (error->message, "more"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/steps/killed-still-fires-A-18", test_killed_still_fires_a18);
  g_test_add_func ("/steps/wound-in-step-P-08", test_wound_in_step_not_counted);
  g_test_add_func ("/steps/target-movement-A-50", test_target_keeps_movement_a50);
  g_test_add_func ("/steps/declared-odds", test_declared_odds);
  g_test_add_func ("/steps/blasts-at-once-P-08", test_blasts_at_once);
  g_test_add_func ("/steps/declaration-order-P-08", test_declaration_order_p08);
  g_test_add_func ("/steps/busy-groupings-skipped-P-08", test_busy_groupings_skipped);
  g_test_add_func ("/steps/opportunity-armed-in-slot-A-28", test_opportunity_armed_in_slot_a28);
  g_test_add_func ("/steps/pending-named-P-08", test_pending_named);
  g_test_add_func ("/steps/format-1-any-order", test_format_1_any_order);
  g_test_add_func ("/steps/refuse-early-P-14-P-34-A-92", test_refuse_early);
  g_test_add_func ("/steps/refuse-sprint-T-36", test_refuse_sprint);
  g_test_add_func ("/steps/bounce-inertia-A-40", test_bounce_inertia_a40);
  g_test_add_func ("/steps/bounce-slows-to-stop-A-40", test_bounce_slows_to_stop_a40);
  g_test_add_func ("/steps/bursts-budget-E-26", test_bursts_budget_e26);
  g_test_add_func ("/steps/concentrated-after-single-T-22", test_concentrated_after_single_t22);
  g_test_add_func ("/steps/target-out-shot-wasted-A-17", test_target_out_shot_wasted_a17);
  g_test_add_func ("/steps/melee-no-dead-end-A-75", test_melee_no_dead_end);
  g_test_add_func ("/steps/avoid-dazed-fails-A-27", test_avoid_dazed_fails_a27);
  g_test_add_func ("/steps/rout-only-leader-P-31", test_rout_only_leader_p31);
  return g_test_run ();
}
