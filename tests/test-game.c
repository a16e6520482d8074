/* test-game.c: whole games through the command API — the sequence of play,
 * the subphase track, dazes and cancellations, refusals, the journal with
 * undo and redo, saving and loading (digest P-04, P-07, P-08, P-19, §6.1;
 * E-05, E-06, E-07, E-18)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sl-cache.h"
#include "sl-game-private.h"
#include "sl-json.h"
#include "sl-test-game.h"

static void
assert_end (SlGame     *game,
            const char *unit,
            int         turn,
            int         subphase)
{
  const SlUnitState *u = sl_test_unit_state (game, unit);
  int t, s;

  g_assert_nonnull (u->current.action);
  sl_subphase_split (sl_test_rules (), u->current.end, &t, &s);
  g_assert_cmpint (t, ==, turn);
  g_assert_cmpint (s, ==, subphase);
}

/* P-06 through the game: the acting order is kept for the turn. */
static void
test_initiative (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlState *s;

  g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_INITIATIVE);
  sl_test_refuse (game, "{'type': 'next'}", "type", "initiative");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk'}", "type", "Action");
  sl_test_start_turn (game);
  s = sl_game_get_state (game);
  /* Nets: TOG 1 3, Renegade 1 6 − 2 = 4, TOG 2 6, Renegade 2 9 − 2 = 7:
   * every grouping moves, lowest first. */
  g_assert_cmpint (s->n_order, ==, 4);
  g_assert_cmpstr (sl_setup_grouping_at (sl_game_get_setup (game), s->order[0])->id, ==, "tog-ft1");
  g_assert_cmpstr (sl_setup_grouping_at (sl_game_get_setup (game), s->order[1])->id, ==, "cw-ft1");
  g_assert_cmpstr (sl_setup_grouping_at (sl_game_get_setup (game), s->order[3])->id, ==, "cw-ft2");
  g_assert_cmpint (s->phase, ==, SL_PHASE_ACTION);
  g_assert_cmpint (s->subphase, ==, 1);
  sl_test_refuse (game, "{'type': 'initiative', 'rolls': {'tog-ft1': 2}}", "type", "Rolling initiative");
}

/* E-04 through the game: the forced mover may not countermove. */
static void
test_initiative_refused (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_refuse (game, "{'type': 'initiative', 'rolls': {'tog-ft1': 3, 'tog-ft2': 6,"
                        " 'cw-ft1': 6, 'cw-ft2': 9}, 'decisions': {'cw-ft2': 'countermove'}}",
                  "decisions.cw-ft2", "must move");
  sl_test_refuse (game, "{'type': 'initiative', 'rolls': {'nobody': 3}}", "rolls.nobody", "nobody");
}

/* E-05: a 3-AP action declared in subphase 5 ends in subphase 7. */
static void
test_e05_schedule (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 5);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'aimed-fire', 'target': 'cw-14'}");
  assert_end (game, "tog-2", 1, 7);
}

/* E-06: a 5-AP action from subphase 8 spends 3 AP this turn and 2 the
 * next, and completes in subphase 2 of turn 2. */
static void
test_e06_carry_over (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 8);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'use-device'}");
  assert_end (game, "cw-14", 2, 2);
  sl_test_go_to_subphase (game, 10);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->turn, ==, 2);
  g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_INITIATIVE);
  /* Still busy at the start of turn 2, free after subphase 2. */
  sl_test_start_turn (game);
  g_assert_false (sl_state_unit_idle (sl_test_rules (), sl_game_get_state (game), sl_test_unit (game, "cw-14")));
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'walk'}", "unit", "P-07");
  sl_test_go_to_subphase (game, 2);
  g_assert_true (sl_test_unit_state (game, "cw-14")->current.resolved);
  sl_test_go_to_subphase (game, 3);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'walk'}");
}

/* E-07: the fire team at subphase 7 — 13 fires (1 AP, ends 7), 15 goes
 * prone (2 AP, ends 8), 16 clears a jam (5 AP, ends subphase 1 of the next
 * turn); 13 resolves its fire while the others wait. */
static void
test_e07_fire_team (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-16', 'field': 'jammed', 'value': true}");
  sl_test_go_to_subphase (game, 7);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-4'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'position-change',"
                      " 'to_position': 'prone'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-16', 'action': 'clear-weapon'}");
  assert_end (game, "cw-13", 1, 7);
  assert_end (game, "cw-15", 1, 8);
  assert_end (game, "cw-16", 2, 1);

  /* 13 may now resolve its fire: the ranged-fire step. */
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_RANGED_FIRE);
  sl_test_refuse (game, "{'type': 'next'}", "type", "Trooper Hale");
  e = sl_test_play (game, "{'type': 'fire', 'unit': 'cw-13', 'roll': 9}");
  g_assert_false (json_object_get_boolean_member (json_node_get_object (e->result), "hit"));
  g_assert_nonnull (strstr (e->summary, "Trooper Hale fires at Legionnaire Quill: needs 7 or less, rolled 9"));
  /* The others wait. */
  g_assert_cmpint (sl_test_unit_state (game, "cw-15")->position, ==, SL_POSITION_STANDING);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->subphase, ==, 8);
  g_assert_cmpint (sl_test_unit_state (game, "cw-15")->position, ==, SL_POSITION_PRONE);
  g_assert_true (sl_test_unit_state (game, "cw-16")->jammed);
  sl_test_go_to_subphase (game, 10);
  sl_test_play (game, "{'type': 'next'}");
  sl_test_start_turn (game);
  g_assert_false (sl_test_unit_state (game, "cw-16")->jammed);
}

/* E-16 and E-17 through the game: the history line the players read. */
static void
test_fire_history_line (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;
  const SlUnitState *t;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-14', 'field': 'wound', 'value': 'light'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'position-change', 'to_position': 'prone'}");
  sl_test_go_to_subphase (game, 3);
  /* The target walks this subphase. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'walk'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-14'}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1', 'cover': 'light-woods', 'roll': 4}");
  /* E-16 in daylight: −2 fire control −1 prone +1 walking +3 light woods
   * = +1; 4 + 1 = 5. The spike rifle's PF 5 against LI (AF 2) is 3 levels
   * on top of L: Unconscious. */
  g_assert_cmpstr (e->summary, ==,
                   "Centurion Vale fires at Trooper Nadeau: needs 6 or less, rolled 4, hit; "
                   "3 wound levels, now Unconscious.");
  t = sl_test_unit_state (game, "cw-14");
  g_assert_cmpint (t->wound, ==, SL_WOUND_UNCONSCIOUS);
  /* §6.1: its action is lost as the ranged-fire step ends. */
  g_assert_nonnull (t->current.action);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_null (sl_test_unit_state (game, "cw-14")->current.action);
}

/* P-19, E-18, §6.1: a hit dazes for the next 3 subphases and costs the
 * action in progress; a dazed unit may only go kneeling or prone. */
static void
test_daze_and_cancellation (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlUnitState *u;
  int now;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-3'}");
  /* Legionnaire Ostra starts a 5-AP device use: E-19's lost action. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'use-device'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-13', 'roll': 2}");
  u = sl_test_unit_state (game, "tog-3");
  now = sl_subphase_index (sl_test_rules (), 1, 1);
  g_assert_cmpint (u->dazed_from, ==, now + 1);
  g_assert_cmpint (u->dazed_until, ==, now + 3);

  /* Its action is lost as the ranged-fire step ends (§6.1, A-18). */
  sl_test_play (game, "{'type': 'next'}");
  g_assert_null (sl_test_unit_state (game, "tog-3")->current.action);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'walk'}", "action", "A-27");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'fire', 'target': 'cw-13'}",
                  "action", "dazed");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'position-change',"
                      " 'to_position': 'prone'}");
  sl_test_go_to_subphase (game, 4);
  /* Dazed in 2, 3 and 4; free in 5. */
  g_assert_true (sl_state_unit_dazed (sl_test_rules (), sl_game_get_state (game), sl_test_unit (game, "tog-3")));
  sl_test_go_to_subphase (game, 5);
  g_assert_false (sl_state_unit_dazed (sl_test_rules (), sl_game_get_state (game), sl_test_unit (game, "tog-3")));
  g_assert_cmpint (sl_test_unit_state (game, "tog-3")->position, ==, SL_POSITION_PRONE);
}

/* a unit dazed in the ranged-fire step still takes its shot. */
static void
test_simultaneous_fire_a18 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-2'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'target': 'cw-13'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-13', 'roll': 1, 'jam_roll': 5}");
  g_assert_cmpint (sl_test_unit_state (game, "tog-2")->wound, ==, SL_WOUND_LIGHT);
  sl_test_play (game, "{'type': 'fire', 'unit': 'tog-2', 'roll': 3}");
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->wound, >=, SL_WOUND_LIGHT);
}

/* Commands the rules refuse name the rule, and change nothing. */
static void
test_refusals (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  /* A prone unit does not run (§6.4). */
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-5', 'field': 'position', 'value': 'prone'}");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-5', 'action': 'run'}", "action", "6.4");
  /* No reload combined with a sprint (T-06). */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-6', 'action': 'reload', 'combined_with': 'sprint'}",
                  "action", "A-91");
  /* An empty magazine has its box ticked: the log must say both. */
  sl_test_refuse (game, "{'type': 'correct', 'unit': 'tog-6', 'field': 'rounds_fired', 'value': 10}",
                  "value", "A-91");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-6', 'field': 'magazines.R', 'value': 2}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-6', 'field': 'rounds_fired', 'value': 10}");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-6', 'action': 'reload', 'combined_with': 'sprint'}",
                  "combined_with", "T-06");
  /* A routed unit does not attack (P-31). */
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-7', 'field': 'routed', 'value': true}");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-7', 'action': 'fire', 'target': 'cw-13'}",
                  "action", "P-31");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-7', 'action': 'walk'}");
  /* Rally is for the leader (T-05). */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-8', 'action': 'rally'}", "unit", "leader");
  /* A busy unit keeps its action unless told to replace it. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-8', 'action': 'use-device'}");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-8', 'action': 'walk'}", "unit", "replace");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-8', 'action': 'walk', 'replace': true}");
  /* An empty weapon (P-29) and unknown units and fields. */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-6', 'action': 'fire', 'target': 'cw-13'}",
                  "action", "empty");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-99', 'action': 'walk'}", "unit", "tog-99");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'teleport'}", "action", "teleport");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk', 'speed': 3}", "speed", NULL);
  sl_test_refuse (game, "{'type': 'fly'}", "type", "fly");
  sl_test_refuse (game, "{'type': 'fire', 'unit': 'tog-1', 'target': 'cw-13', 'roll': 3}", "unit", "P-08");
}

/* P-15 and T-23: at most 2 fires a turn, never in consecutive subphases. */
static void
test_rate_of_fire (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'target': 'tog-1'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-14', 'roll': 9}");
  sl_test_play (game, "{'type': 'next'}");
  /* Refused when declared, since it would end in the next subphase. */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'target': 'tog-1'}",
                  "unit", "previous subphase");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'target': 'tog-1'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-14', 'roll': 9}");
  /* A third fire in the turn is refused (2 per turn without bursts). */
  sl_test_go_to_subphase (game, 6);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'target': 'tog-1'}",
                  "unit", "2");
}

/* The ammunition rules: rounds are spent, and a laser never runs out. */
static void
test_ammunition (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'fire', 'target': 'cw-13'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'target': 'tog-1'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'tog-3', 'roll': 10}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-14', 'roll': 10}");
  g_assert_cmpint (sl_test_unit_state (game, "tog-3")->rounds_fired[0], ==, 1);
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->rounds_fired[0], ==, 0);
}

/* P-30 and T-21: a concentrated burst — 5 rounds spent, a second d10 for
 * the rounds that hit (E-27: 7 → 3), each dealing its own damage. */
static void
test_concentrated_burst (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13'}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1', 'burst': 'concentrated', 'roll': 3,"
                          " 'hits_roll': 7}");
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (e->result), "rounds_hit"), ==, 3);
  /* 3 rounds of PF 5 against LI (AF 2): 9 levels, dead. */
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->wound, ==, SL_WOUND_DEAD);
  g_assert_cmpint (sl_test_unit_state (game, "tog-1")->rounds_fired[0], ==, 5);
  g_assert_nonnull (strstr (e->summary, "3 rounds hit"));
}

/* P-30 step 4: an area burst engages the nearest units first with +3 and
 * no movement modifiers, until the hits equal the rounds. */
static void
test_area_burst (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;
  JsonObject *r;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'run'}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'area-burst', 'unit': 'tog-1', 'targets': ["
                          "{'unit': 'cw-13', 'distance_m': 5, 'roll': 2},"
                          "{'unit': 'cw-14', 'distance_m': 3, 'roll': 9},"
                          "{'unit': 'cw-15', 'distance_m': 8, 'roll': 4}]}");
  r = json_node_get_object (e->result);
  g_assert_cmpint (json_object_get_int_member (r, "hits"), ==, 2);
  /* +3 area −2 fire control; cw-15 runs but movement does not count. */
  {
    JsonArray *t = json_object_get_array_member (r, "targets");
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (t, 0), "unit"), ==, "cw-14");
    g_assert_false (json_object_get_boolean_member (json_array_get_object_element (t, 0), "hit"));
    g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (t, 2), "modifier"), ==, 1);
  }
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->wound, ==, SL_WOUND_SERIOUS);
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->wound, ==, SL_WOUND_NONE);
  g_assert_cmpint (sl_test_unit_state (game, "tog-1")->rounds_fired[0], ==, 5);
  /* A laser cannot fire a burst (T-12). */
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-16', 'action': 'fire'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_refuse (game, "{'type': 'area-burst', 'unit': 'cw-16', 'targets': [{'unit': 'tog-2', 'roll': 2}]}",
                  "unit", "T-12");
}

/* A die left out is rolled, kept in the journal's command, and reported. */
static void
test_rolled_dice_recorded (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  e = sl_test_play (game, "{'type': 'initiative'}");
  g_assert_true (g_strv_contains ((const char * const *) e->rolled, "rolls.tog-ft1"));
  g_assert_true (g_strv_contains ((const char * const *) e->rolled, "rolls.cw-ft2"));
  g_assert_true (json_object_has_member (json_object_get_object_member (json_node_get_object (sl_journal_entry_get_command (e)),
                                                                        "rolls"), "cw-ft2"));
}

static char *
serialize (SlGame *game)
{
  return sl_game_serialize (game);
}

/* Undo restores the state before the command exactly, byte for byte when
 * saved; redo brings back the state after it. */
static void
test_undo_redo (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autofree char *start = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  g_autoptr(JsonNode) state_before = NULL;
  g_autoptr(JsonNode) state_after = NULL;
  g_autoptr(JsonNode) state_undone = NULL;

  start = serialize (game);
  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-2'}");
  sl_test_play (game, "{'type': 'next'}");
  before = serialize (game);
  state_before = sl_game_state_to_json (game);
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-13', 'roll': 2}");
  after = serialize (game);
  state_after = sl_game_state_to_json (game);

  g_assert_true (sl_game_undo (game));
  undone = serialize (game);
  state_undone = sl_game_state_to_json (game);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (json_node_equal (state_undone, state_before));
  g_assert_true (sl_game_can_redo (game));

  g_assert_true (sl_game_redo (game));
  redone = serialize (game);
  g_assert_cmpstr (redone, ==, after);

  /* Undo all the way, then redo all the way. */
  g_assert_true (sl_game_go_to (game, 0));
  {
    g_autofree char *zero = serialize (game);
    g_assert_cmpstr (zero, ==, start);
  }
  g_assert_true (sl_game_go_to (game, sl_game_get_n_entries (game)));
  {
    g_autofree char *end = serialize (game);
    g_assert_cmpstr (end, ==, after);
  }
  /* A new command after undo drops what was left to redo. */
  g_assert_true (sl_game_undo (game));
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-13', 'roll': 9}");
  g_assert_false (sl_game_can_redo (game));
}

/* Undo far back in a long game: snapshots make it exact. The state is
 * kept and compared at every seventh position and around each state copy
 * (SNAPSHOT_EVERY, 512). */
#define SNAPSHOT_EVERY 512

static gboolean
undo_checked (guint position)
{
  return position % 7 == 0 || (position + 1) % SNAPSHOT_EVERY <= 2;
}

/* sl_test_play() without its reload check, which would make this test
 * quadratic; the game is checked once, at the end. */
static void
play_quickly (SlGame     *game,
              const char *command)
{
  g_autofree char *json = sl_test_json (command);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (sl_game_apply_text (game, json, &error));
  g_assert_no_error (error);
}

static void
free_state (gpointer node)
{
  if (node != NULL)
    json_node_unref (node);
}

static void
keep_state (GPtrArray *states,
            SlGame    *game)
{
  g_ptr_array_add (states, undo_checked (states->len) ? sl_game_state_to_json (game) : NULL);
}

static void
test_undo_long (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GPtrArray *states = g_ptr_array_new_with_free_func (free_state);

  keep_state (states, game);
  /* Long enough to cross two state copies. */
  for (int turn = 0; turn < 8; turn++)
    {
      sl_test_start_turn (game);
      keep_state (states, game);
      for (int i = 0; i < 45; i++)
        {
          const SlState *s = sl_game_get_state (game);

          if (s->phase == SL_PHASE_INITIATIVE)
            break;
          /* Declared again and again (replacing), for a long journal. */
          for (int d = 0; s->subphase % 3 == 1 && s->step == SL_STEP_INITIATIVE_ORDER && d < 36; d++)
            {
              play_quickly (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk', 'replace': true}");
              keep_state (states, game);
            }
          play_quickly (game, "{'type': 'next'}");
          keep_state (states, game);
        }
    }
  g_assert_cmpuint (states->len, ==, sl_game_get_position (game) + 1);
  g_assert_cmpuint (states->len, >, 2 * SNAPSHOT_EVERY + 1);
  sl_test_check_reload (game);
  for (guint p = states->len; p-- > 0;)
    {
      g_autoptr(JsonNode) now = NULL;

      if (!undo_checked (p))
        continue;
      g_assert_true (sl_game_go_to (game, p));
      now = sl_game_state_to_json (game);
      g_assert_true (json_node_equal (now, g_ptr_array_index (states, p)));
    }
  g_ptr_array_unref (states);
}

static char *
temp_path (const char *name)
{
  g_autofree char *dir = g_dir_make_tmp ("squadlog-test-XXXXXX", NULL);

  return g_build_filename (dir, name, NULL);
}

static void
remove_temp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_unlink (path);
  g_rmdir (dir);
}

/* Four entries to save: initiative, a declared shot, the step to ranged
 * fire, the shot with a die the app rolled. */
static void
play_a_shot (SlGame *game)
{
  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-2'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-13'}");
}

/* Save and load give back the same game, byte for byte. */
static void
test_save_load (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(SlGame) loaded = NULL;
  g_autofree char *path = temp_path ("game.squadlog");
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) s1 = NULL;
  g_autoptr(JsonNode) s2 = NULL;

  play_a_shot (game);
  g_assert_true (sl_game_save (game, path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (sl_game_get_path (game), ==, path);

  loaded = sl_game_load (sl_test_rules (), path, &error);
  g_assert_no_error (error);
  text = sl_game_serialize (game);
  again = sl_game_serialize (loaded);
  g_assert_cmpstr (text, ==, again);
  s1 = sl_game_state_to_json (game);
  s2 = sl_game_state_to_json (loaded);
  g_assert_true (json_node_equal (s1, s2));
  g_assert_cmpuint (sl_game_get_position (loaded), ==, 4);
  g_assert_cmpstr (sl_game_get_entry (loaded, 3)->summary, ==, sl_game_get_entry (game, 3)->summary);

  /* A loaded entry keeps its command as text until asked for; asked, it
   * is the command as applied (dice included), and kept. */
  for (guint i = 0; i < sl_game_get_n_entries (loaded); i++)
    {
      const SlJournalEntry *e = sl_game_get_entry (loaded, i);
      const SlJournalEntry *original = sl_game_get_entry (game, i);

      g_assert_null (e->command_node);
      g_assert_nonnull (e->command_text);
      g_assert_true (json_node_equal (sl_journal_entry_get_command (e), sl_journal_entry_get_command (original)));
      g_assert_nonnull (e->command_node);
    }
  /* Undo and redo in the loaded game replay from the texts. */
  g_assert_true (sl_game_go_to (loaded, 1));
  g_assert_true (sl_game_go_to (loaded, 4));
  g_clear_pointer (&s2, json_node_unref);
  s2 = sl_game_state_to_json (loaded);
  g_assert_true (json_node_equal (s1, s2));
  g_clear_pointer (&again, g_free);
  again = sl_game_serialize (loaded);
  g_assert_cmpstr (text, ==, again);
  remove_temp (path);
}

/* A file laid out by hand (a command over several lines) or long (more
 * than a megabyte, read another way) loads as the game it holds; saving
 * writes it back in the app's own layout. */
static void
test_load_layout (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autofree char *path = temp_path ("game.squadlog");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) state = NULL;

  play_a_shot (game);
  text = sl_game_serialize (game);
  state = sl_game_state_to_json (game);

  for (int layout = 0; layout < 2; layout++)
    {
      g_autoptr(GString) edited = g_string_new (text);
      g_autoptr(SlGame) loaded = NULL;
      g_autoptr(JsonNode) loaded_state = NULL;
      g_autofree char *again = NULL;

      if (layout == 0)
        /* Every command spread over lines, as a person may write it. */
        g_assert_cmpuint (g_string_replace (edited, "\"command\": {\"type\":",
                                            "\"command\": {\n      \"type\" :\n", 0), ==, 4);
      else
        /* Two megabytes of white space before the closing brace. */
        for (int i = 0; i < 2 * 1024 * 1024 / 64; i++)
          g_string_insert (edited, edited->len - 2, "                                                               \n");
      g_assert_true (g_file_set_contents (path, edited->str, edited->len, &error));
      g_assert_no_error (error);
      loaded = sl_game_load (sl_test_rules (), path, &error);
      g_assert_no_error (error);
      loaded_state = sl_game_state_to_json (loaded);
      g_assert_true (json_node_equal (state, loaded_state));
      again = sl_game_serialize (loaded);
      g_assert_cmpstr (again, ==, text);
    }
  remove_temp (path);
}

/* The single cache file in @cache_dir. */
static char *
cache_file_in (const char *cache_dir)
{
  g_autoptr(GDir) dir = g_dir_open (cache_dir, 0, NULL);
  const char *name;
  char *found = NULL;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (g_str_equal (name, "key"))
        continue;
      g_assert_null (found);
      g_assert_true (g_str_has_suffix (name, ".state"));
      found = g_build_filename (cache_dir, name, NULL);
    }
  g_assert_nonnull (found);
  return found;
}

static SlGame *
open_cached (SlRules    *rules,
             const char *path,
             const char *cache_dir,
             gboolean    expect_cache,
             SlGame     *like)
{
  g_autoptr(GError) error = NULL;
  gboolean from_cache = !expect_cache;
  SlGame *game = sl_game_load_cached (rules, path, cache_dir, &from_cache, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_cmpint (from_cache, ==, expect_cache);
  sl_test_assert_same_state (like, game);
  return game;
}

/* The opening cache (sl-cache.h) serves only the very file it was written
 * for, with the same rules; a damaged cache is passed over; a game changed
 * since its file was written writes none. Always the same game. */
static void
test_opening_cache (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autofree char *path = temp_path ("game.squadlog");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *cache = g_build_filename (dir, "cache", NULL);
  g_autofree char *file = NULL;
  g_autofree char *bytes = NULL;
  g_autofree char *rules_path = sl_rules_find_default ();
  g_autofree char *rules_text = NULL;
  g_autoptr(SlRules) edited_rules = NULL;
  g_autoptr(GError) error = NULL;
  gsize size;

  play_a_shot (game);
  g_assert_true (sl_game_save (game, path, &error));
  g_assert_no_error (error);

  /* Written by the first opening, read by the next. */
  g_object_unref (open_cached (sl_test_rules (), path, cache, FALSE, game));
  file = cache_file_in (cache);
  g_object_unref (open_cached (sl_test_rules (), path, cache, TRUE, game));

  /* Rules edited (house rules), even by a space: replayed. */
  g_assert_true (g_file_get_contents (rules_path, &rules_text, NULL, &error));
  {
    g_autofree char *spaced = g_strconcat (rules_text, " ", NULL);

    edited_rules = sl_rules_load_data (spaced, -1, "edited", &error);
    g_assert_no_error (error);
  }
  g_object_unref (open_cached (edited_rules, path, cache, FALSE, game));
  /* … which wrote the cache for those rules. */
  g_object_unref (open_cached (edited_rules, path, cache, TRUE, game));
  g_object_unref (open_cached (sl_test_rules (), path, cache, FALSE, game));

  /* In another language (a state holds translated text): replayed. */
  {
    g_autofree char *language = g_strdup (g_getenv ("LANGUAGE"));

    g_setenv ("LANGUAGE", "fr", TRUE);
    g_object_unref (open_cached (sl_test_rules (), path, cache, FALSE, game));
    g_object_unref (open_cached (sl_test_rules (), path, cache, TRUE, game));
    if (language != NULL)
      g_setenv ("LANGUAGE", language, TRUE);
    else
      g_unsetenv ("LANGUAGE");
    g_object_unref (open_cached (sl_test_rules (), path, cache, FALSE, game));
  }

  /* With another secret key (the file "key" beside the caches, which no
   * one who sends a game file knows): replayed. */
  {
    g_autofree char *key_file = g_build_filename (cache, "key", NULL);
    g_autofree char *key = NULL;
    gsize key_size;

    g_assert_true (g_file_get_contents (key_file, &key, &key_size, &error));
    g_assert_cmpuint (key_size, ==, SL_CACHE_KEY_SIZE);
    key[0] ^= 1;
    /* Its owner's only, or it is not trusted (issue 19 #13). */
    g_assert_true (g_file_set_contents_full (key_file, key, key_size, G_FILE_SET_CONTENTS_CONSISTENT,
                                             0600, &error));
    g_object_unref (open_cached (sl_test_rules (), path, cache, FALSE, game));
    g_object_unref (open_cached (sl_test_rules (), path, cache, TRUE, game));
  }

  /* Damaged anywhere, cut short, or empty: passed over (and written again). */
  g_assert_true (g_file_get_contents (file, &bytes, &size, &error));
  {
    gsize offsets[] = { 0, 9, 100, size / 2, size - 1 };

    for (guint i = 0; i < G_N_ELEMENTS (offsets) + 2; i++)
      {
        g_autofree char *damaged = g_memdup2 (bytes, size);
        gsize length = size;

        if (i < G_N_ELEMENTS (offsets))
          damaged[offsets[i]] ^= 0x5a;
        else
          length = i == G_N_ELEMENTS (offsets) ? size / 2 : 0;
        g_assert_true (g_file_set_contents (file, damaged, length, &error));
        g_object_unref (open_cached (sl_test_rules (), path, cache, FALSE, game));
        g_object_unref (open_cached (sl_test_rules (), path, cache, TRUE, game));
      }
  }

  /* The file changed since, even by one character of the same length: the
   * cache is for other bytes. */
  {
    g_autofree char *text = NULL;
    g_autoptr(SlGame) edited = NULL;
    char *stamp;

    g_assert_true (g_file_get_contents (path, &text, NULL, &error));
    /* The last digit of the first entry's seconds. */
    stamp = strstr (text, "\"time\": \"");
    g_assert_nonnull (stamp);
    stamp += strlen ("\"time\": \"YYYY-MM-DDTHH:MM:S");
    g_assert_true (g_ascii_isdigit (*stamp) && stamp[1] == 'Z');
    *stamp = *stamp == '1' ? '2' : '1';
    g_assert_true (g_file_set_contents (path, text, -1, &error));
    edited = open_cached (sl_test_rules (), path, cache, FALSE, game);
    g_assert_cmpint (sl_game_get_entry (edited, 0)->time, !=, sl_game_get_entry (game, 0)->time);
  }

  /* A game changed since its file was written writes no cache; saved, it
   * does, and that opens as the game. */
  {
    g_autoptr(SlGame) played = NULL;
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;

    /* The file was edited behind the game's back: it is not written over
     * (issue 19); gone, it is written again. */
    g_assert_false (sl_game_save (game, path, &error));
    g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_CHANGED);
    g_clear_error (&error);
    g_assert_cmpint (g_unlink (path), ==, 0);
    g_assert_true (sl_game_save (game, path, &error));
    played = open_cached (sl_test_rules (), path, cache, FALSE, game);
    g_assert_true (g_file_get_contents (file, &before, NULL, &error));
    sl_test_play (played, "{'type': 'next'}");
    g_assert_true (sl_game_write_cache (played, &error));
    g_assert_true (g_file_get_contents (file, &after, NULL, &error));
    g_assert_cmpstr (before, ==, after);
    g_assert_true (sl_game_save (played, path, &error));
    g_assert_true (sl_game_write_cache (played, &error));
    g_object_unref (open_cached (sl_test_rules (), path, cache, TRUE, played));
  }

  /* Opened from the cache, undone, saved (entries left to redo are not in
   * the new file), redone: the entries not read yet still come from the
   * text the game was opened from. */
  {
    g_autoptr(SlGame) opened = NULL;
    g_autoptr(JsonNode) s1 = NULL;
    g_autoptr(JsonNode) s2 = NULL;
    gboolean from_cache = FALSE;
    guint n;

    opened = sl_game_load_cached (sl_test_rules (), path, cache, &from_cache, &error);
    g_assert_no_error (error);
    g_assert_true (from_cache);
    n = sl_game_get_position (opened);
    s1 = sl_game_state_to_json (opened);
    g_assert_true (sl_game_go_to (opened, n - 2));
    g_assert_true (sl_game_save (opened, path, &error));
    g_assert_no_error (error);
    g_assert_true (sl_game_go_to (opened, n));
    s2 = sl_game_state_to_json (opened);
    g_assert_true (json_node_equal (s1, s2));
    g_assert_nonnull (sl_game_get_entry (opened, n - 1)->summary);
    /* And a command in place of the undone ones. */
    g_assert_true (sl_game_go_to (opened, n - 2));
    sl_test_play (opened, "{'type': 'fire', 'unit': 'cw-13', 'roll': 5}");
  }

  sl_test_remove_dir (cache);
  remove_temp (path);
}

static gboolean
try_play (SlGame     *game,
          const char *command)
{
  g_autofree char *json = sl_test_json (command);
  g_autoptr(GError) error = NULL;

  return sl_game_apply_text (game, json, &error) != NULL;
}

static void
assert_same_game (SlGame *a,
                  SlGame *b)
{
  sl_test_assert_same_state (a, b);
  g_assert_cmpuint (sl_game_get_position (a), ==, sl_game_get_position (b));
  g_assert_cmpuint (sl_game_get_n_entries (a), ==, sl_game_get_n_entries (b));
}

/* The same entry, and the same command given at the same time. */
static void
assert_same_entry (SlGame *a,
                   SlGame *b,
                   guint   i)
{
  const SlJournalEntry *x = sl_game_get_entry (a, i);
  const SlJournalEntry *y = sl_game_get_entry (b, i);
  g_autofree char *cx = sl_json_to_string (sl_journal_entry_get_command (x), FALSE);
  g_autofree char *cy = sl_json_to_string (sl_journal_entry_get_command (y), FALSE);

  sl_test_assert_same_entry (a, b, i);
  g_assert_cmpstr (cx, ==, cy);
  g_assert_cmpint (x->time, ==, y->time);
}

/* A long game (over 5 × 512 entries: state copies the cache leaves out,
 * made when needed) opened through the cache and replayed, then both put
 * through the same random undo, redo, go-to, telling, new commands after
 * an undo (dropping entries not read yet), saving: always the same game. */
static void
test_opening_cache_long (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autofree char *path = temp_path ("long.squadlog");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *cache = g_build_filename (dir, "cache", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (1995);

  while (sl_game_get_position (game) < 5 * SNAPSHOT_EVERY + 100)
    {
      const SlState *s = sl_game_get_state (game);

      if (s->phase == SL_PHASE_INITIATIVE)
        sl_test_start_turn (game);
      /* Declared again and again (replacing), for a long journal. */
      for (int d = 0; s->subphase % 3 == 1 && s->step == SL_STEP_INITIATIVE_ORDER && d < 100; d++)
        g_assert_true (try_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk', 'replace': true}"));
      if (!try_play (game, "{'type': 'next'}"))
        {
          try_play (game, "{'type': 'rout-check', 'squad': 'tog-squad', 'roll': 1}");
          try_play (game, "{'type': 'rout-check', 'squad': 'cw-squad', 'roll': 1}");
          g_assert_true (try_play (game, "{'type': 'next'}"));
        }
    }
  g_assert_true (sl_game_save (game, path, &error));
  g_assert_no_error (error);

  for (int round = 0; round < 4; round++)
    {
      g_autoptr(SlGame) replayed = sl_game_load (sl_test_rules (), path, &error);
      g_autoptr(SlGame) cached = NULL;
      gboolean from_cache = FALSE;

      g_assert_no_error (error);
      g_object_unref (sl_game_load_cached (sl_test_rules (), path, cache, NULL, &error));
      cached = sl_game_load_cached (sl_test_rules (), path, cache, &from_cache, &error);
      g_assert_no_error (error);
      g_assert_true (from_cache);
      assert_same_game (replayed, cached);
      for (int op = 0; op < 50; op++)
        {
          guint n = sl_game_get_n_entries (replayed);

          switch (g_rand_int_range (rand, 0, 8))
            {
            case 0: case 1: case 2:
              {
                guint p = g_rand_int_range (rand, 0, n + 1);

                g_assert_true (sl_game_go_to (replayed, p));
                g_assert_true (sl_game_go_to (cached, p));
              }
              break;
            case 3:
              g_assert_cmpint (sl_game_undo (replayed), ==, sl_game_undo (cached));
              break;
            case 4:
              g_assert_cmpint (sl_game_redo (replayed), ==, sl_game_redo (cached));
              break;
            case 5:
              if (n > 0)
                assert_same_entry (replayed, cached, g_rand_int_range (rand, 0, n));
              break;
            case 6:
              /* In the later rounds: a command, maybe after an undo. */
              if (round >= 2)
                g_assert_cmpint (try_play (replayed, "{'type': 'next'}"), ==,
                                 try_play (cached, "{'type': 'next'}"));
              break;
            default:
              if (round < 2)
                {
                  g_autofree char *a = sl_game_serialize (replayed);
                  g_autofree char *b = sl_game_serialize (cached);

                  g_assert_cmpstr (a, ==, b);
                }
              else
                {
                  /* Saved as the app does after every change (entries
                   * left to redo stay unread). */
                  g_assert_true (sl_game_save (cached, path, &error));
                  g_assert_no_error (error);
                }
            }
          assert_same_game (replayed, cached);
        }
      /* Saved, its cache written, opened again: the same game, at every
       * point. */
      {
        g_autoptr(SlGame) again = NULL;
        g_autoptr(SlGame) again_replayed = NULL;

        g_assert_true (sl_game_save (cached, path, &error));
        g_assert_true (sl_game_write_cache (cached, &error));
        g_assert_no_error (error);
        again = sl_game_load_cached (sl_test_rules (), path, cache, &from_cache, &error);
        g_assert_no_error (error);
        g_assert_true (from_cache);
        again_replayed = sl_game_load (sl_test_rules (), path, &error);
        g_assert_no_error (error);
        assert_same_game (again_replayed, again);
        for (guint p = 0; p <= sl_game_get_n_entries (again); p += 251)
          {
            g_assert_true (sl_game_go_to (again_replayed, p));
            g_assert_true (sl_game_go_to (again, p));
            assert_same_game (again_replayed, again);
          }
        for (guint i = 0; i < sl_game_get_n_entries (again); i += 37)
          assert_same_entry (again_replayed, again, i);
      }
    }

  sl_test_remove_dir (cache);
  remove_temp (path);
}

/* The cache's hash (sl-cache.c): every byte and the length count, whatever
 * the length (the four lanes and the tail). */
static void
test_cache_hash (void)
{
  guint8 bytes[100];

  for (guint i = 0; i < sizeof bytes; i++)
    bytes[i] = i * 7;
  for (gsize length = 1; length <= sizeof bytes; length++)
    {
      guint64 h = sl_hash_bytes (bytes, length);

      g_assert_cmpuint (h, !=, sl_hash_bytes (bytes, length - 1));
      for (gsize i = 0; i < length; i++)
        {
          bytes[i] ^= 1;
          g_assert_cmpuint (h, !=, sl_hash_bytes (bytes, length));
          bytes[i] ^= 1;
        }
      g_assert_cmpuint (h, ==, sl_hash_bytes (bytes, length));
    }
}

static gboolean
get_state (GByteArray    *bytes,
           gsize          length,
           const SlSetup *setup,
           SlState       *into)
{
  SlCacheReader r = { bytes->data, bytes->data + length, FALSE };

  return sl_cache_get_state (&r, sl_test_rules (), setup, into) && r.p == r.end;
}

/* A state through the cache's bytes comes back the same (an action under
 * way, markers, a sealed note); bytes that do not fit the game, or cut
 * short, are refused, never used. */
static void
test_cache_states (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlState *state;
  g_autoptr(SlState) back = NULL;
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(JsonNode) s1 = NULL;
  g_autoptr(JsonNode) s2 = NULL;

  sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'cw-13', 'label': 'by the well'}");
  play_a_shot (game);
  state = sl_game_get_state (game);
  g_assert_nonnull (sl_test_unit_state (game, "cw-13")->current.action);
  g_assert_cmpuint (state->notes->len, ==, 1);
  g_assert_cmpuint (state->markers->len, >=, 1);

  sl_cache_put_state (bytes, sl_test_rules (), state);
  back = sl_state_new_initial (sl_test_rules (), sl_game_get_setup (game));
  g_assert_true (get_state (bytes, bytes->len, sl_game_get_setup (game), back));
  s1 = sl_state_to_json (sl_test_rules (), sl_game_get_setup (game), state);
  s2 = sl_state_to_json (sl_test_rules (), sl_game_get_setup (game), back);
  g_assert_true (json_node_equal (s1, s2));

  /* Another game's units, or cut short anywhere. */
  {
    /* A game with one unit fewer (the setup looked at, not owned). */
    SlSetup fewer = *sl_game_get_setup (game);
    g_autoptr(GPtrArray) units = g_ptr_array_new ();

    for (guint i = 0; i + 1 < fewer.units->len; i++)
      g_ptr_array_add (units, g_ptr_array_index (fewer.units, i));
    fewer.units = units;
    g_assert_false (get_state (bytes, bytes->len, &fewer, back));
  }
  for (gsize length = 0; length < bytes->len; length += length < sizeof (SlState) ? 997 : 1)
    g_assert_false (get_state (bytes, length, sl_game_get_setup (game), back));

  /* Values the code would go astray on. */
  {
    struct { gsize offset; guint32 value; } bad[] = {
      { G_STRUCT_OFFSET (SlState, phase), SL_N_PHASES },
      { G_STRUCT_OFFSET (SlState, n_order), SL_MAX_GROUPINGS + 1 },
      { G_STRUCT_OFFSET (SlState, units) + G_STRUCT_OFFSET (SlUnitState, n_engaged), SL_MAX_ENGAGED + 1 },
      { G_STRUCT_OFFSET (SlState, units) + G_STRUCT_OFFSET (SlUnitState, wound), SL_N_WOUNDS },
      /* Found by fuzz-game: an avoidance roll due against no unit. */
      { G_STRUCT_OFFSET (SlState, units) + G_STRUCT_OFFSET (SlUnitState, avoid_from), 100 },
      { G_STRUCT_OFFSET (SlState, units) + G_STRUCT_OFFSET (SlUnitState, position), SL_N_POSITIONS },
      { G_STRUCT_OFFSET (SlState, units) + G_STRUCT_OFFSET (SlUnitState, current) +
        G_STRUCT_OFFSET (SlCurrentAction, target), 100 },
      { sizeof (SlState), 100000 },             /* the first unit's action */
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(GByteArray) damaged = g_byte_array_new ();

        g_byte_array_append (damaged, bytes->data, bytes->len);
        memcpy (damaged->data + bad[i].offset, &bad[i].value, sizeof bad[i].value);
        g_assert_false (get_state (damaged, damaged->len, sl_game_get_setup (game), back));
      }
  }
}

/* Saving into a directory that cannot be written: a clear message, and the
 * previous file is unchanged. */
static void
test_save_failure_keeps_file (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autofree char *path = temp_path ("game.squadlog");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (sl_game_save (game, path, &error));
  g_file_get_contents (path, &before, NULL, NULL);
  sl_test_start_turn (game);

  if (getuid () == 0)
    {
      /* root writes anywhere: use a path below a file instead. */
      g_autofree char *bad = g_build_filename (path, "inside", NULL);
      g_assert_false (sl_game_save (game, bad, &error));
    }
  else
    {
      g_chmod (dir, 0500);
      g_assert_false (sl_game_save (game, path, &error));
      g_chmod (dir, 0700);
    }
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "unchanged"));
  g_file_get_contents (path, &after, NULL, NULL);
  g_assert_cmpstr (before, ==, after);
  remove_temp (path);
}

/* Every kind of bad file gets a message naming the problem, never a crash,
 * and the file is never written. */
static void
assert_load_fails (const char *text,
                   int         code,
                   const char *expect)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) game = sl_game_load_from_data (sl_test_rules (), text, -1, "bad.squadlog", &error);

  g_assert_null (game);
  g_test_message ("%s", error ? error->message : "(no error)");
  g_assert_error (error, SL_GAME_ERROR, code);
  g_assert_nonnull (strstr (error->message, "bad.squadlog"));
  if (expect != NULL)
    g_assert_nonnull (strstr (error->message, expect));
}

static void
test_corrupt_files (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autofree char *good = NULL;
  g_autofree char *cut = NULL;
  g_autoptr(GString) edited = NULL;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-2'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-13', 'roll': 2}");
  good = sl_game_serialize (game);

  /* Truncated, as after a crash of an editor that did not write atomically. */
  cut = g_strndup (good, strlen (good) / 2);
  assert_load_fails (cut, SL_GAME_ERROR_SYNTAX, "cut short");
  assert_load_fails ("", SL_GAME_ERROR_SYNTAX, "empty");
  assert_load_fails ("\x89PNG\r\n", SL_GAME_ERROR_SYNTAX, NULL);
  assert_load_fails ("[1, 2, 3]", SL_GAME_ERROR_FORMAT, "not a Squad Log game");
  assert_load_fails ("{\"format\": \"squadlog-rules\"}", SL_GAME_ERROR_FORMAT, "not a Squad Log game");

  edited = g_string_new (good);
  g_string_replace (edited, "\"version\": 6", "\"version\": 7", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_NEWER, "newer version");

  g_string_assign (edited, good);
  g_string_replace (edited, "\"armor\": \"BI\"", "\"armor\": \"XX\"", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_FORMAT, "armor");

  /* A journal entry the rules refuse: a fire that no longer hits makes no
   * difference, but firing twice does. */
  g_string_assign (edited, good);
  g_string_replace (edited, "\"type\":\"next\"", "\"type\":\"fire\",\"unit\":\"tog-1\"", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_INCONSISTENT, "journal entry 3");

  /* An entry whose die was removed. */
  g_string_assign (edited, good);
  g_string_replace (edited, ",\"roll\":2", "", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_INCONSISTENT, "not recorded");

  /* An unknown command type. */
  g_string_assign (edited, good);
  g_string_replace (edited, "\"type\":\"next\"", "\"type\":\"teleport\"", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_INCONSISTENT, "teleport");

  /* A journal that is not a list. */
  g_string_assign (edited, good);
  {
    char *journal = strstr (edited->str, "\"journal\": [");
    g_assert_nonnull (journal);
    g_string_truncate (edited, journal - edited->str);
    g_string_append (edited, "\"journal\": 7}");
  }
  assert_load_fails (edited->str, SL_GAME_ERROR_FORMAT, "journal: Expected a list, got the number 7");

  /* Entries that are not what the format says, named by their place. */
  g_string_assign (edited, good);
  g_string_replace (edited, "{\"at\"", "7, {\"at\"", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_FORMAT, "journal[0]: Expected an object, got the number 7");
  g_string_assign (edited, good);
  g_string_replace (edited, ", \"summary\":", ", \"colour\": \"red\", \"summary\":", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_FORMAT, "journal[0].colour: Unknown field");
  {
    /* … past the tenth entry too. */
    g_autoptr(SlGame) longer = sl_test_game_new ();
    g_autofree char *text = NULL;
    g_autoptr(GString) edited_longer = NULL;
    const char *last;

    for (int i = 0; i < 12; i++)
      sl_test_play (longer, "{'type': 'correct', 'unit': 'tog-3', 'field': 'keys', 'value': 1}");
    text = sl_game_serialize (longer);
    edited_longer = g_string_new (text);
    last = g_strrstr (edited_longer->str, ", \"summary\":");
    g_assert_nonnull (last);
    g_string_insert (edited_longer, last - edited_longer->str, ", \"colour\": \"red\"");
    assert_load_fails (edited_longer->str, SL_GAME_ERROR_FORMAT, "journal[11].colour: Unknown field");
  }
  g_string_assign (edited, good);
  g_string_replace (edited, ", \"summary\":", ", \"time\": \"2026-11-22T10:00:00Z\", \"summary\":", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_FORMAT, "journal[0].time: The member “time” appears twice");
  g_string_assign (edited, good);
  g_string_replace (edited, "\"command\": {", "\"command\": [{", 1);
  g_string_replace (edited, "}, \"summary\"", "}], \"summary\"", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_FORMAT, "journal[0].command: Expected an object, got a list");
  g_string_assign (edited, good);
  g_string_replace (edited, "\"time\": \"", "\"time\": \"yesterday", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_FORMAT, "journal[0].time: Expected a date and time");
  g_string_assign (edited, good);
  g_string_replace (edited, "\"summary\": \"", "\"summary\": 12, \"x\": \"", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_FORMAT, "journal[0].summary: Expected text, got the number 12");
  g_string_assign (edited, good);
  g_string_replace (edited, "\"command\": {", "\"cmd\": {", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_FORMAT, "journal[0].cmd: Unknown field");
  g_string_assign (edited, good);
  g_string_replace (edited, "\"rules\": ", "\"rules\": \"house\", \"old_rules\": ", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_FORMAT, "old_rules: Unknown field");
  g_string_assign (edited, good);
  g_string_replace (edited, "\"rules\": \"", "\"rules\": \"house-", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_FORMAT, "rules: The game is played with the rules “house-");

  /* A syntax error deep in the journal names its line. */
  g_string_assign (edited, good);
  g_string_replace (edited, "\"type\":\"fire\"", "\"type\":\"fire\",,", 1);
  assert_load_fails (edited->str, SL_GAME_ERROR_SYNTAX, "cannot be read: line ");

  /* Not a game at all, but valid JSON; and text after the document. */
  assert_load_fails ("\"squadlog-game\"", SL_GAME_ERROR_FORMAT, "not a Squad Log game");
  g_string_assign (edited, good);
  g_string_append (edited, "{}");
  assert_load_fails (edited->str, SL_GAME_ERROR_SYNTAX, "after the end of the document");
  assert_load_fails ("{\"format\": \"squadlog-game\", \"version\": 1, \"rules\": \"x\"}",
                     SL_GAME_ERROR_FORMAT, NULL);
}

/* Issue 30 #7: every member of a journal entry is read for its type and
 * range — one edited value in an entry's moment or its command's type is a
 * message naming the field, never a crash or a critical (the test runs
 * with fatal warnings). */
static void
test_entry_members_typed (void)
{
  static const struct
  {
    const char *from;
    const char *to;
    int         code;
    const char *expect;
  } edits[] = {
    { "\"phase\":\"initiative\"}", "\"phase\":5}", SL_GAME_ERROR_FORMAT,
      "journal[0].at.phase: Expected phase (initiative, detection, action, fire-mission, rout-rally or end), got the number 5." },
    { "\"phase\":\"initiative\"}", "\"phase\":true}", SL_GAME_ERROR_FORMAT,
      "journal[0].at.phase: Expected phase" },
    { "\"phase\":\"initiative\"}", "\"phase\":\"lunch\"}", SL_GAME_ERROR_FORMAT,
      "journal[0].at.phase: Unknown phase “lunch”" },
    { "\"step\":\"initiative-order\"", "\"step\":7", SL_GAME_ERROR_FORMAT,
      "journal[1].at.step: Expected step (none, start, initiative-order, ranged-fire, explosion, melee or rally), got the number 7." },
    { "\"subphase\":1,", "\"subphase\":11,", SL_GAME_ERROR_FORMAT,
      "journal[1].at.subphase: Expected a whole number from 0 to 10, got 11." },
    { "{\"turn\":1,\"phase\":\"initiative\"}", "{\"turn\":\"1\",\"phase\":\"initiative\"}", SL_GAME_ERROR_FORMAT,
      "journal[0].at.turn: Expected a whole number from 1 to" },
    { "{\"turn\":1,\"phase\":\"initiative\"}", "{\"phase\":\"initiative\"}", SL_GAME_ERROR_FORMAT,
      "journal[0].at.turn: This field is required." },
    { "{\"turn\":1,\"phase\":\"initiative\"}", "[1]", SL_GAME_ERROR_FORMAT,
      "journal[0].at: Expected an object, got a list." },
    { "\"phase\":\"initiative\"}", "\"phase\":\"initiative\",\"colour\":1}", SL_GAME_ERROR_FORMAT,
      "journal[0].at.colour: Unknown field “colour”." },
    { "\"type\":\"declare\"", "\"type\":[1]", SL_GAME_ERROR_INCONSISTENT,
      "journal entry 2 (turn 1, subphase 1) cannot be applied: type: Expected text, got a list." },
    { "\"type\":\"declare\"", "\"type\":5", SL_GAME_ERROR_INCONSISTENT,
      "journal entry 2 (turn 1, subphase 1) cannot be applied: type: Expected text, got the number 5." },
    { "\"type\":\"declare\"", "\"type\":\"teleport\"", SL_GAME_ERROR_INCONSISTENT,
      "journal entry 2 (turn 1, subphase 1, “teleport”) cannot be applied: type: Unknown command “teleport”" },
  };
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autofree char *good = NULL;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'walk'}");
  good = sl_game_serialize (game);
  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autoptr(GString) edited = g_string_new (good);
      g_autoptr(GError) error = NULL;
      g_autoptr(SlGame) loaded = NULL;

      g_assert_cmpuint (g_string_replace (edited, edits[i].from, edits[i].to, 1), ==, 1);
      assert_load_fails (edited->str, edits[i].code, edits[i].expect);
      loaded = sl_game_load_from_data (sl_test_rules (), edited->str, -1, "bad.squadlog", &error);
      g_assert_null (strstr (error->message, "(null)"));
    }
}

/* Issue 30 #10: a file cut just after a whole entry, before the end of the
 * journal, opens with that entry, whether the cut is before or after its
 * comma or the end of its line — and says the file was cut. */
static void
test_cut_after_entry (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autofree char *good = NULL;
  g_autofree char *path = temp_path ("cut.squadlog");
  const char *ends[] = { "}", "},", "}\n", "},\n" };
  const char *last;
  guint n;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'walk'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'walk'}");
  n = sl_game_get_position (game);
  good = sl_game_serialize (game);
  /* The last entry's line: the first n − 1 entries are before it. */
  last = g_strrstr (good, "\n    {\"at\"");
  g_assert_nonnull (last);
  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(SlGame) cut = NULL;
      g_autoptr(GString) text = g_string_new_len (good, last - good);
      g_autofree char *shown = g_strescape (ends[i], NULL);

      /* Cut after the entry before the last, ended each way. */
      g_assert_true (text->str[text->len - 1] == ',');
      g_string_truncate (text, text->len - 1);
      g_string_append (text, ends[i] + 1);
      g_assert_true (g_file_set_contents (path, text->str, text->len, &error));
      cut = sl_game_load (sl_test_rules (), path, &error);
      g_assert_no_error (error);
      g_test_message ("cut after “%s”: %u entries", shown, sl_game_get_position (cut));
      g_assert_cmpuint (sl_game_get_position (cut), ==, n - 1);
      g_assert_nonnull (sl_game_get_load_warning (cut));
      g_assert_nonnull (strstr (sl_game_get_load_warning (cut), "cut short"));
    }
  remove_temp (path);
}

/* Issue 30 #9: no text of a game or scenario file holds more than 64 KiB
 * — a scenario's note, a summary, a command's text: refused as the file
 * is read, naming the field, and never written (a command with one is
 * refused). 64 KiB itself is kept. */
static void
test_text_cap (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autofree char *text = sl_game_serialize (game);
  g_autofree char *path = temp_path ("scenario.json");
  g_autofree char *most = g_strnfill (SL_JSON_MAX_TEXT, 'x');
  g_autofree char *over = g_strnfill (SL_JSON_MAX_TEXT + 1, 'x');
  g_autofree char *command = g_strdup_printf ("{\"type\": \"end-game\", \"reason\": \"%s\"}", over);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = json_from_string (text, NULL);
  JsonObject *setup = json_object_get_object_member (json_node_get_object (root), "setup");
  const struct
  {
    const char *field;     /* where the text goes: "setup.notes", "journal" … */
    const char *named;
    gboolean    most_kept; /* 64 KiB is within the field's own limit */
  } cases[] = {
    { "setup.notes", "setup.notes[0]: A text holds at most 64 KiB (65536 bytes); this one holds 65537 bytes.", TRUE },
    { "setup.description", "setup.description: A text holds at most", FALSE },
    { "summary", "journal[0].summary: A text holds at most", TRUE },
    { "reason", "journal[0].command.reason: A text holds at most", TRUE },
  };

  /* The command itself is refused, naming its field. */
  g_assert_null (sl_game_apply_text (game, command, &error));
  g_assert_cmpstr (sl_rule_error_get_field (error), ==, "reason");
  g_clear_error (&error);
  sl_test_play (game, "{'type': 'end-game', 'reason': 'withdrawn'}");
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&root, json_node_unref);
  text = sl_game_serialize (game);
  root = json_from_string (text, NULL);
  setup = json_object_get_object_member (json_node_get_object (root), "setup");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint fits = 0; fits < (cases[i].most_kept ? 2u : 1u); fits++)
      {
        /* A copy of its own (json_node_copy shares the objects). */
        g_autoptr(JsonNode) copy = json_from_string (text, NULL);
        JsonObject *o = json_node_get_object (copy);
        JsonObject *entry = json_array_get_object_element (json_object_get_array_member (o, "journal"), 0);
        JsonObject *s = json_object_get_object_member (o, "setup");
        const char *value = fits ? most : over;
        g_autofree char *edited = NULL;
        g_autoptr(SlGame) loaded = NULL;

        if (g_str_equal (cases[i].field, "setup.notes"))
          {
            JsonArray *notes = json_array_new ();

            json_array_add_string_element (notes, value);
            json_object_set_array_member (s, "notes", notes);
          }
        else if (g_str_equal (cases[i].field, "setup.description"))
          json_object_set_string_member (s, "description", value);
        else if (g_str_equal (cases[i].field, "summary"))
          json_object_set_string_member (entry, "summary", value);
        else
          json_object_set_string_member (json_object_get_object_member (entry, "command"), "reason", value);
        edited = json_to_string (copy, FALSE);
        loaded = sl_game_load_from_data (sl_test_rules (), edited, -1, "long.squadlog", &error);
        if (fits)
          {
            g_assert_no_error (error);
            g_assert_nonnull (loaded);
            continue;
          }
        g_assert_null (loaded);
        g_test_message ("%s", error->message);
        g_assert_nonnull (strstr (error->message, cases[i].named));
        g_clear_error (&error);
      }

  /* A scenario file: the same, naming its field. */
  json_object_set_string_member (setup, "description", over);
  {
    g_autofree char *scenario = json_to_string (json_object_get_member (json_node_get_object (root), "setup"), FALSE);
    g_autoptr(SlSetup) read = NULL;

    g_assert_true (g_file_set_contents (path, scenario, -1, NULL));
    read = sl_setup_new_from_file (sl_test_rules (), path, &error);
    g_assert_null (read);
    g_assert_nonnull (strstr (error->message, "description: A text holds at most 64 KiB"));
  }
  remove_temp (path);
}

/* The file's order of members does not matter, times are read in any ISO
 * 8601 form and written in UTC, and the summaries in the file are kept
 * until the entries are told again. */
static void
test_file_details (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(GString) edited = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) loaded = NULL;
  g_autofree char *good = NULL;
  g_autofree char *saved = NULL;
  char *journal, *end;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'walk'}");
  good = sl_game_serialize (game);

  /* The journal before the setup. */
  edited = g_string_new (good);
  journal = strstr (edited->str, ",\n  \"journal\": [");
  end = strrchr (edited->str, '}');
  g_assert_nonnull (journal);
  {
    g_autofree char *part = g_strndup (journal + 2, end - journal - 3);
    g_string_truncate (edited, journal - edited->str);
    g_string_append (edited, "\n}\n");
    g_string_replace (edited, "\"rules\":", part, 1);
    g_string_replace (edited, part, "PART,\n  \"rules\":", 1);
    g_string_replace (edited, "PART", part, 1);
  }
  g_test_message ("%s", edited->str);
  loaded = sl_game_load_from_data (sl_test_rules (), edited->str, -1, "reordered", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sl_game_get_position (loaded), ==, sl_game_get_position (game));
  saved = sl_game_serialize (loaded);
  g_assert_cmpstr (saved, ==, good);
  g_clear_object (&loaded);
  g_clear_pointer (&saved, g_free);

  /* Times: with an offset, before 1970, a leap day, the last second of
   * year 9999; written back in UTC. */
  {
    static const char * const stamps[][2] = {
      { "2026-11-22T11:00:00+01:00", "2026-11-22T10:00:00Z" },
      { "1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z" },
      { "2000-02-29T12:34:56Z", "2000-02-29T12:34:56Z" },
      { "9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z" },
      { "0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z" },
    };
    const char *first = strstr (good, "\"time\": \"") + 8;

    for (guint i = 0; i < G_N_ELEMENTS (stamps); i++)
      {
        g_autofree char *want = NULL;

        g_string_assign (edited, good);
        g_string_erase (edited, first - good, 22);
        g_string_insert (edited, first - good, "\"\"");
        g_string_insert (edited, first - good + 1, stamps[i][0]);
        loaded = sl_game_load_from_data (sl_test_rules (), edited->str, -1, "times", &error);
        g_assert_no_error (error);
        saved = sl_game_serialize (loaded);
        want = g_strdup_printf ("\"time\": \"%s\"", stamps[i][1]);
        g_test_message ("%s → %s", stamps[i][0], stamps[i][1]);
        g_assert_nonnull (strstr (saved, want));
        g_clear_object (&loaded);
        g_clear_pointer (&saved, g_free);
      }
    g_string_assign (edited, good);
    g_string_erase (edited, first - good, 22);
    g_string_insert (edited, first - good, "\"2026-02-30T10:00:00Z\"");
    assert_load_fails (edited->str, SL_GAME_ERROR_FORMAT, "Expected a date and time");
  }

  /* A summary edited in the file is written back as it is until the entry
   * is told; then the replay's words replace it. */
  g_string_assign (edited, good);
  g_string_replace (edited, "Walk, 1 AP", "Walk (noted by hand), 1 AP", 1);
  loaded = sl_game_load_from_data (sl_test_rules (), edited->str, -1, "summaries", &error);
  g_assert_no_error (error);
  saved = sl_game_serialize (loaded);
  g_assert_nonnull (strstr (saved, "noted by hand"));
  g_clear_pointer (&saved, g_free);
  g_assert_null (strstr (sl_game_get_entry (loaded, sl_game_get_position (loaded) - 1)->summary,
                         "noted by hand"));
  saved = sl_game_serialize (loaded);
  g_assert_cmpstr (saved, ==, good);
}

/* Loading a file that does not exist. */
static void
test_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) game = sl_game_load (sl_test_rules (), "/nonexistent/game.squadlog", &error);

  g_assert_null (game);
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_READ);
}

/* §14: the game ends after its last turn. */
static void
test_game_end (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'short', 'name': 'Short', 'length_turns': 2,"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': [{'id': 'a-1', 'counter': 1,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 2,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");

  for (int turn = 1; turn <= 2; turn++)
    {
      sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
      for (int s = 0; s < 10; s++)
        sl_test_play (game, "{'type': 'next'}");
    }
  g_assert_true (sl_game_get_state (game)->over);
  sl_test_refuse (game, "{'type': 'next'}", "type", "over");
  /* Corrections are still possible. */
  sl_test_play (game, "{'type': 'correct', 'unit': 'a-1', 'field': 'wound', 'value': 'light'}");
}

/* §14 step 2: when one side has nobody left in the fight, the game ends
 * in that turn's End Phase. */
static void
test_game_end_wiped_out (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'duel', 'name': 'Duel', 'length_turns': 12,"
    " 'sides': ["
    "  {'id': 'a', 'name': 'Red', 'squads': [{'id': 'a1', 'units': [{'id': 'a-1', 'counter': 1,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'name': 'Blue', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 2,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  /* Knocked out in turn 1 (a correction stands for the fire here). */
  sl_test_play (game, "{'type': 'correct', 'unit': 'b-1', 'field': 'wound', 'value': 'unconscious'}");
  for (int s = 0; s < 9; s++)
    sl_test_play (game, "{'type': 'next'}");
  g_assert_false (sl_game_get_state (game)->over);
  e = sl_test_play (game, "{'type': 'next'}");
  g_assert_true (sl_game_get_state (game)->over);
  g_assert_cmpint (sl_game_get_state (game)->turn, ==, 1);
  g_assert_nonnull (strstr (e->summary, "No unit of Blue is left in the fight"));
  sl_test_refuse (game, "{'type': 'next'}", "type", "over");
}

/* The players may end the game at any time. */
static void
test_end_game_command (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_play (game, "{'type': 'end-game', 'reason': 'The TOG squad withdrew.'}");
  g_assert_true (sl_game_get_state (game)->over);
}

/* Setups are checked: the message names the field. */
static void
test_bad_setups (void)
{
  struct { const char *setup; const char *expect; } cases[] = {
    { "{'id': 'x', 'name': 'X', 'length_turns': 5, 'sides': []}", "two sides" },
    { "{'id': 'x', 'name': 'X', 'length_turns': 5, 'modules': ['automatic-fire'],"
      " 'sides': []}", "ammunition" },
    { "{'id': 'x', 'name': 'X', 'length_turns': 5, 'environment': {'night': true}, 'sides': []}",
      "environment" },
    { "{'id': 'x', 'name': 'X', 'length_turns': 5, 'sides': ["
      " {'id': 'a', 'squads': [{'id': 'q', 'units': [{'id': 'u1', 'counter': 1, 'troop': 'marines',"
      "   'armor': 'M', 'weapons': ['LR']}]}]},"
      " {'id': 'b', 'squads': [{'id': 'r', 'units': [{'id': 'u2', 'counter': 1, 'troop': 'marines',"
      "   'armor': 'M', 'weapons': ['LR']}]}]}]}", "counter number 1" },
    { "{'id': 'x', 'name': 'X', 'length_turns': 5, 'sides': ["
      " {'id': 'a', 'squads': [{'id': 'q', 'leader': 'u2', 'units': [{'id': 'u1', 'counter': 1,"
      "   'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]},"
      " {'id': 'b', 'squads': [{'id': 'r', 'units': [{'id': 'u2', 'counter': 2, 'troop': 'marines',"
      "   'armor': 'M', 'weapons': ['LR']}]}]}]}", "leader" },
    { "{'id': 'x', 'name': 'X', 'length_turns': 5, 'sides': ["
      " {'id': 'a', 'squads': [{'id': 'q', 'units': [{'id': 'u1', 'counter': 1,"
      "   'troop': 'marines', 'armor': 'LI', 'weapons': ['LR'], 'bounce_pack': true}]}]},"
      " {'id': 'b', 'squads': [{'id': 'r', 'units': [{'id': 'u2', 'counter': 2, 'troop': 'marines',"
      "   'armor': 'M', 'weapons': ['LR']}]}]}]}", "bounce" },
    /* Issue 30 #10: a grouping, a squad or a side never has a unit's id,
     * read before the unit or after it. */
    { "{'id': 'x', 'name': 'X', 'length_turns': 5, 'sides': ["
      " {'id': 'a', 'squads': [{'id': 'q', 'groupings': [{'id': 'u1', 'units': ['u1']}], 'units': [{'id': 'u1',"
      "   'counter': 1, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]},"
      " {'id': 'b', 'squads': [{'id': 'r', 'units': [{'id': 'u2', 'counter': 2, 'troop': 'marines',"
      "   'armor': 'M', 'weapons': ['LR']}]}]}]}", "groupings[0].id: “u1” is a unit’s id" },
    { "{'id': 'x', 'name': 'X', 'length_turns': 5, 'sides': ["
      " {'id': 'a', 'squads': [{'id': 'q', 'units': [{'id': 'u1', 'counter': 1, 'troop': 'marines',"
      "   'armor': 'M', 'weapons': ['LR']}]}]},"
      " {'id': 'b', 'squads': [{'id': 'r', 'units': [{'id': 'q', 'counter': 2, 'troop': 'marines',"
      "   'armor': 'M', 'weapons': ['LR']}]}]}]}", "units[0].id: “q” is the id of a squad, grouping or side" },
    { "{'id': 'x', 'name': 'X', 'length_turns': 5, 'sides': ["
      " {'id': 'a', 'squads': [{'id': 'q', 'units': [{'id': 'b', 'counter': 1, 'troop': 'marines',"
      "   'armor': 'M', 'weapons': ['LR']}]}]},"
      " {'id': 'b', 'squads': [{'id': 'r', 'units': [{'id': 'u2', 'counter': 2, 'troop': 'marines',"
      "   'armor': 'M', 'weapons': ['LR']}]}]}]}", "sides[1].id: “b” is a unit’s id" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *json = sl_test_json (cases[i].setup);
      g_autoptr(JsonNode) node = sl_json_parse (json, -1, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(SlSetup) setup = sl_setup_new_from_json (sl_test_rules (), node, &error);

      g_assert_null (setup);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, cases[i].expect));
    }
}

/* Saves @game to @path and checks the file is what writing it whole
 * gives, byte for byte, and that it loads as the game. */
static void
save_and_check (SlGame     *game,
                const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *on_disk = NULL;
  g_autofree char *whole = sl_game_serialize (game);
  g_autoptr(SlGame) loaded = NULL;

  g_assert_true (sl_game_save (game, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &on_disk, NULL, &error));
  g_assert_cmpstr (on_disk, ==, whole);
  loaded = sl_game_load (sl_test_rules (), path, &error);
  g_assert_no_error (error);
  sl_test_assert_same_state (game, loaded);
}

/* fdatasync() and fsync() as the C library's, watched for the files whose
 * name holds @watched: how many calls the test's own thread makes, and
 * made to fail as a failing disk would (EIO) while @failing_syncs is set.
 * The program's own definitions are those Squad Log's core calls. */
static GThread *test_thread;
static const char *watched;
static gint syncs_in_test_thread;
static gint failing_syncs;

static int
watched_sync (int  fd,
              long call)
{
  g_autofree char *link = g_strdup_printf ("/proc/self/fd/%d", fd);
  g_autofree char *target = g_file_read_link (link, NULL);

  if (watched != NULL && target != NULL && strstr (target, watched) != NULL)
    {
      if (g_thread_self () == test_thread)
        g_atomic_int_inc (&syncs_in_test_thread);
      if (g_atomic_int_get (&failing_syncs))
        {
          errno = EIO;
          return -1;
        }
    }
  return syscall (call, fd);
}

int
fdatasync (int fd)
{
  return watched_sync (fd, SYS_fdatasync);
}

int
fsync (int fd)
{
  return watched_sync (fd, SYS_fsync);
}

static ino_t
inode_of (const char *path)
{
  struct stat st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return st.st_ino;
}

/* Issue 21: the window's saves are synced to the disk on a worker thread,
 * so that a key press never waits for the disk; the file is the same, at
 * once. A sync that fails there is told by sl_game_flush() and makes the
 * next save write the whole file, atomically and synced. */
static void
test_flush_in_background (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = temp_path ("background.squadlog");
  ino_t inode;

  test_thread = g_thread_self ();
  watched = "background.squadlog";
  save_and_check (game, path);
  sl_test_start_turn (game);
  save_and_check (game, path);
  sl_game_set_flush_in_background (game, TRUE);
  g_atomic_int_set (&syncs_in_test_thread, 0);
  inode = inode_of (path);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'walk'}");
  save_and_check (game, path);
  g_assert_true (sl_game_undo (game));
  save_and_check (game, path);
  g_assert_true (sl_game_flush (game, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_atomic_int_get (&syncs_in_test_thread), ==, 0);
  g_assert_cmpuint (inode_of (path), ==, inode);   /* in place */

  /* The disk fails: the save is written (the system has it), the sync
   * fails behind it, and waiting for it says so. */
  g_atomic_int_set (&failing_syncs, 1);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'walk'}");
  save_and_check (game, path);
  g_assert_false (sl_game_flush (game, &error));
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, g_strerror (EIO)));
  g_clear_error (&error);
  g_atomic_int_set (&failing_syncs, 0);
  /* The next save writes the whole file again, synced before the rename. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'walk'}");
  save_and_check (game, path);
  g_assert_cmpuint (inode_of (path), !=, inode);
  g_assert_cmpint (g_atomic_int_get (&syncs_in_test_thread), >, 0);
  g_assert_true (sl_game_flush (game, &error));

  /* A failure not waited for is found by the next save all the same. */
  inode = inode_of (path);
  g_atomic_int_set (&failing_syncs, 1);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-16', 'action': 'walk'}");
  save_and_check (game, path);
  sl_game_set_flush_in_background (game, FALSE);   /* waits for the sync */
  g_atomic_int_set (&failing_syncs, 0);
  sl_test_play (game, "{'type': 'next'}");
  save_and_check (game, path);
  g_assert_cmpuint (inode_of (path), !=, inode);

  /* Synced before the save returns, without the worker. */
  inode = inode_of (path);
  g_atomic_int_set (&syncs_in_test_thread, 0);
  g_assert_true (sl_game_undo (game));
  save_and_check (game, path);
  g_assert_cmpuint (inode_of (path), ==, inode);
  g_assert_cmpint (g_atomic_int_get (&syncs_in_test_thread), ==, 1);
  test_thread = NULL;
  watched = NULL;
}

/* The disk full or not, for the crash tests' module linked in
 * (fail-writes.c): writes to files in @dir that would make them longer
 * fail with ENOSPC while the flag @full exists. */
static void
fill_disk (const char *dir,
           const char *full,
           gboolean    filled)
{
  g_autoptr(GError) error = NULL;

  g_setenv ("SL_FAIL_DIR", dir, TRUE);
  g_setenv ("SL_FAIL_MODE", "full", TRUE);
  g_setenv ("SL_FAIL_WHILE", full, TRUE);
  if (filled)
    g_assert_true (g_file_set_contents (full, "", 0, &error));
  else
    g_assert_cmpint (g_unlink (full), ==, 0);
  /* The write put back after the failure must get a time of its own:
   * the clock the file system stamps with moves in ticks. */
  g_usleep (20000);
}

/* Issue 30 #8: on a full disk a save in place fails and puts the file
 * back as it was; the game holds the change, says why
 * (sl_game_get_unsaved) and applies nothing more on top of it; with room
 * again it saves in place — putting the file back changed its time, and
 * the game does not take its own file for one changed by another program.
 * Undone, the change held is gone, and the game is saved as its file holds
 * it. A file written whole (a PIN) fails the same way, the old one kept; a
 * copy elsewhere that fails leaves the game saved. */
static void
test_full_disk (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = temp_path ("full.squadlog");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *full = g_strconcat (dir, ".full", NULL);
  g_autofree char *copy = g_build_filename (dir, "copy.squadlog", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint at;
  ino_t inode;

  save_and_check (game, path);
  sl_test_start_turn (game);
  save_and_check (game, path);
  at = sl_game_get_position (game);
  inode = inode_of (path);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));

  fill_disk (dir, full, TRUE);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'walk'}");
  g_assert_false (sl_game_save (game, path, &error));
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  g_assert_nonnull (sl_game_get_unsaved (game));
  g_assert_nonnull (strstr (sl_game_get_unsaved (game), g_strerror (ENOSPC)));
  /* Nothing more on top of it: the table would pile up commands lost. */
  g_assert_null (sl_game_apply_text (game, "{\"type\": \"next\"}", &error));
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_UNSAVED);
  g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
  g_clear_error (&error);
  g_assert_cmpuint (sl_game_get_position (game), ==, at + 1);
  /* Tried again, still full: held. */
  g_assert_false (sl_game_save (game, path, &error));
  g_clear_error (&error);

  /* Room again: saved in place, the game trusting its own file. */
  fill_disk (dir, full, FALSE);
  save_and_check (game, path);
  g_assert_null (sl_game_get_unsaved (game));
  g_assert_cmpuint (inode_of (path), ==, inode);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'walk'}");
  save_and_check (game, path);
  g_assert_cmpuint (inode_of (path), ==, inode);

  /* Full again, the change undone: the game is as its file holds it. */
  g_free (before);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  fill_disk (dir, full, TRUE);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'walk'}");
  g_assert_false (sl_game_save (game, path, &error));
  g_clear_error (&error);
  g_assert_true (sl_game_undo (game));
  save_and_check (game, path);
  g_assert_null (sl_game_get_unsaved (game));
  g_free (after);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);

  /* Written whole: the new file cannot be written, the old one stays. */
  sl_game_set_lock (game, "cw", "1234");
  g_assert_false (sl_game_save (game, path, &error));
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_WRITE);
  g_clear_error (&error);
  g_free (after);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  g_assert_nonnull (sl_game_get_unsaved (game));
  fill_disk (dir, full, FALSE);
  save_and_check (game, path);
  g_assert_null (sl_game_get_unsaved (game));

  /* A copy elsewhere that fails: the game's own file holds it all. */
  fill_disk (dir, full, TRUE);
  g_assert_false (sl_game_save (game, copy, &error));
  g_clear_error (&error);
  g_assert_null (sl_game_get_unsaved (game));
  g_assert_cmpstr (sl_game_get_path (game), ==, path);
  fill_disk (dir, full, FALSE);
  sl_test_play (game, "{'type': 'next'}");
  save_and_check (game, path);

  g_unsetenv ("SL_FAIL_DIR");
  g_unsetenv ("SL_FAIL_MODE");
  g_unsetenv ("SL_FAIL_WHILE");
  g_unlink (copy);
  remove_temp (path);
}

/* Issue 19: saving writes in place only what changed — a command, its one
 * line; an undo, the lines after it — and the file is always what
 * writing it whole gives. A file changed by another program since is not
 * written over. */
static void
test_save_in_place (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(SlGame) reopened = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = temp_path ("in-place.squadlog");
  struct stat before, after;

  save_and_check (game, path);
  sl_test_start_turn (game);
  save_and_check (game, path);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'walk'}");
  g_assert_cmpint (g_stat (path, &before), ==, 0);
  save_and_check (game, path);
  g_assert_cmpint (g_stat (path, &after), ==, 0);
  /* The same file, written in place (a whole write renames a new one). */
  g_assert_cmpuint (before.st_ino, ==, after.st_ino);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'walk'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'walk'}");
  save_and_check (game, path);
  g_assert_true (sl_game_undo (game));
  save_and_check (game, path);
  g_assert_true (sl_game_undo (game));
  g_assert_true (sl_game_undo (game));
  save_and_check (game, path);
  g_assert_true (sl_game_redo (game));
  save_and_check (game, path);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-16', 'action': 'run'}");
  save_and_check (game, path);
  /* A PIN changes the head of the file: written whole. */
  sl_game_set_lock (game, "tog", "1234");
  save_and_check (game, path);
  sl_test_play (game, "{'type': 'next'}");
  save_and_check (game, path);

  /* Opened again, it goes on in place too. */
  reopened = sl_game_load (sl_test_rules (), path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &before), ==, 0);
  sl_test_play (reopened, "{'type': 'next'}");
  save_and_check (reopened, path);
  g_assert_cmpint (g_stat (path, &after), ==, 0);
  g_assert_cmpuint (before.st_ino, ==, after.st_ino);

  /* A save stopped halfway through its line (the machine went down): the
   * game opens with the whole entries before it, and says so; saved, the
   * file is whole again. */
  {
    g_autofree char *text = NULL;
    g_autoptr(SlGame) mended = NULL;
    gsize length;
    guint n = sl_game_get_position (reopened);

    g_assert_true (g_file_get_contents (path, &text, &length, &error));
    g_assert_true (g_file_set_contents (path, text, length - strlen ("\n  ]\n}\n") - 20, &error));
    mended = sl_game_load (sl_test_rules (), path, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (sl_game_get_position (mended), ==, n - 1);
    g_assert_nonnull (sl_game_get_load_warning (mended));
    g_assert_nonnull (strstr (sl_game_get_load_warning (mended), "cut short"));
    save_and_check (mended, path);
    g_clear_object (&mended);
    /* Cut short before the journal: refused, as any damaged file. */
    g_assert_true (g_file_set_contents (path, text, length / 3, &error));
    g_assert_null (sl_game_load (sl_test_rules (), path, &error));
    g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_SYNTAX);
    g_clear_error (&error);
    g_assert_true (g_file_set_contents (path, text, length, &error));
  }

  /* One writer at a time: the file taken by one game (a window, a
   * `squadlog play`) is refused to another, until the first lets it go. */
  {
    g_autoptr(SlGame) first = sl_game_load (sl_test_rules (), path, &error);
    g_autoptr(SlGame) second = sl_game_load (sl_test_rules (), path, &error);

    g_assert_no_error (error);
    g_assert_true (sl_game_take_file (first, &error));
    g_assert_no_error (error);
    g_assert_false (sl_game_take_file (second, &error));
    g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_LOCKED);
    g_clear_error (&error);
    /* Written whole (a PIN), the lock follows the new file. */
    sl_game_set_lock (first, "cw", "42");
    g_assert_true (sl_game_save (first, path, &error));
    g_clear_object (&second);
    second = sl_game_load (sl_test_rules (), path, &error);
    g_assert_false (sl_game_take_file (second, &error));
    g_clear_error (&error);
    /* Shown only, it records nothing, undoes nothing, saves nothing. */
    sl_game_set_read_only (second, TRUE);
    {
      guint at = sl_game_get_position (second);
      g_autoptr(JsonNode) next = sl_json_parse ("{\"type\": \"next\"}", -1, NULL);

      g_assert_null (sl_game_apply (second, next, &error));
      g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_READ_ONLY);
      g_clear_error (&error);
      g_assert_false (sl_game_undo (second));
      g_assert_cmpuint (sl_game_get_position (second), ==, at);
      g_assert_false (sl_game_save (second, path, &error));
      g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_READ_ONLY);
      g_clear_error (&error);
    }
    sl_game_set_read_only (second, FALSE);
    /* Let go, the file is another's to take. */
    sl_game_release_file (first);
    g_assert_true (sl_game_take_file (second, &error));
    g_clear_object (&first);
  }

  /* Another program wrote the file meanwhile: not written over. */
  sl_test_play (game, "{'type': 'next'}");
  g_assert_false (sl_game_save (game, path, &error));
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_CHANGED);
  remove_temp (path);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/initiative-P-06", test_initiative);
  g_test_add_func ("/game/initiative-refused-E-04", test_initiative_refused);
  g_test_add_func ("/game/schedule-E-05", test_e05_schedule);
  g_test_add_func ("/game/carry-over-E-06", test_e06_carry_over);
  g_test_add_func ("/game/fire-team-E-07", test_e07_fire_team);
  g_test_add_func ("/game/fire-history-line-E-16", test_fire_history_line);
  g_test_add_func ("/game/daze-and-cancellation-P-19", test_daze_and_cancellation);
  g_test_add_func ("/game/simultaneous-fire-A-18", test_simultaneous_fire_a18);
  g_test_add_func ("/game/refusals", test_refusals);
  g_test_add_func ("/game/rate-of-fire-P-15", test_rate_of_fire);
  g_test_add_func ("/game/ammunition-P-29", test_ammunition);
  g_test_add_func ("/game/concentrated-burst-P-30-E-27", test_concentrated_burst);
  g_test_add_func ("/game/area-burst-P-30", test_area_burst);
  g_test_add_func ("/game/rolled-dice-recorded", test_rolled_dice_recorded);
  g_test_add_func ("/game/journal/undo-redo", test_undo_redo);
  g_test_add_func ("/game/journal/undo-long", test_undo_long);
  g_test_add_func ("/game/journal/save-load", test_save_load);
  g_test_add_func ("/game/journal/save-in-place", test_save_in_place);
  g_test_add_func ("/game/journal/flush-in-background", test_flush_in_background);
  g_test_add_func ("/game/journal/load-layout", test_load_layout);
  g_test_add_func ("/game/cache/opening", test_opening_cache);
  g_test_add_func ("/game/cache/opening-long", test_opening_cache_long);
  g_test_add_func ("/game/cache/hash", test_cache_hash);
  g_test_add_func ("/game/cache/states", test_cache_states);
  g_test_add_func ("/game/journal/save-failure", test_save_failure_keeps_file);
  g_test_add_func ("/game/journal/full-disk", test_full_disk);
  g_test_add_func ("/game/journal/corrupt-files", test_corrupt_files);
  g_test_add_func ("/game/journal/entry-members-typed", test_entry_members_typed);
  g_test_add_func ("/game/journal/cut-after-entry", test_cut_after_entry);
  g_test_add_func ("/game/journal/text-cap-64k", test_text_cap);
  g_test_add_func ("/game/journal/missing-file", test_missing_file);
  g_test_add_func ("/game/journal/file-details", test_file_details);
  g_test_add_func ("/game/end-14", test_game_end);
  g_test_add_func ("/game/end-14-wiped-out", test_game_end_wiped_out);
  g_test_add_func ("/game/end-game-command", test_end_game_command);
  g_test_add_func ("/game/bad-setups", test_bad_setups);

  return g_test_run ();
}
