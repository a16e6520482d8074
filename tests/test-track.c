/* test-track.c: the subphase track as the table screen shows it — end
 * markers, carry-over, what resolves now, who may act (P-07, P-08, E-06,
 * E-07, §15.1)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-secrets.h"
#include "sl-table-model.h"
#include "sl-test-game.h"
#include "sl-track.h"

static SlTrack *
track_of (SlGame *game)
{
  return sl_track_new (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game));
}

static const SlTrackMarker *
marker_of (SlTrack *track,
           int      unit)
{
  for (guint i = 0; i < track->markers->len; i++)
    if (g_array_index (track->markers, SlTrackMarker, i).unit == unit)
      return &g_array_index (track->markers, SlTrackMarker, i);
  return NULL;
}

static gboolean
is_ready (SlTrack *track,
          int      unit)
{
  for (guint i = 0; i < track->ready->len; i++)
    if (g_array_index (track->ready, int, i) == unit)
      return TRUE;
  return FALSE;
}

/* Before initiative nobody acts and the track shows one turn. */
static void
test_track_start (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(SlTrack) track = track_of (game);

  g_assert_cmpint (track->turn, ==, 1);
  g_assert_cmpint (track->now, ==, -1);
  g_assert_cmpint (track->n_columns, ==, 10);
  g_assert_cmpuint (track->markers->len, ==, 0);
  g_assert_cmpuint (track->ready->len, ==, 0);
  g_assert_cmpuint (track->idle->len, ==, 16);
  g_assert_cmpint (sl_track_column (track, track->first), ==, 0);
  g_assert_cmpint (sl_track_column (track, track->first + 10), ==, -1);
}

/* E-07: at subphase 7, 13 fires (ends 7), 15 goes prone (ends 8), 16 clears
 * a jam (ends subphase 1 of the next turn): the track grows to two turns,
 * the markers sit by end subphase, 13's fire is due in the ranged-fire
 * step, and the others no longer may declare. */
static void
test_track_e07 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(SlTrack) before = NULL;
  g_autoptr(SlTrack) track = NULL;
  g_autoptr(SlTrack) fired = NULL;
  int hale = sl_test_unit (game, "cw-13");
  int prone = sl_test_unit (game, "cw-15");
  int jam = sl_test_unit (game, "cw-16");
  const SlTrackMarker *m;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-16', 'field': 'jammed', 'value': true}");
  sl_test_go_to_subphase (game, 7);
  before = track_of (game);
  g_assert_true (is_ready (before, hale));
  g_assert_cmpint (before->now, ==, before->first + 6);
  /* Acting order: TOG fire team 1 rolled lowest and acts first. */
  g_assert_cmpint (g_array_index (before->ready, int, 0), ==, sl_test_unit (game, "tog-1"));

  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-4'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'position-change',"
                      " 'to_position': 'prone'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-16', 'action': 'clear-weapon'}");
  track = track_of (game);
  g_assert_cmpint (track->n_columns, ==, 20);
  g_assert_cmpint (track->later, ==, 0);
  g_assert_cmpuint (track->markers->len, ==, 3);
  g_assert_cmpint (g_array_index (track->markers, SlTrackMarker, 0).unit, ==, hale);
  g_assert_cmpint (g_array_index (track->markers, SlTrackMarker, 1).unit, ==, prone);
  g_assert_cmpint (g_array_index (track->markers, SlTrackMarker, 2).unit, ==, jam);
  m = marker_of (track, hale);
  g_assert_cmpint (sl_track_column (track, m->end), ==, 6);
  g_assert_cmpint (m->status, ==, SL_TRACK_DUE);
  g_assert_cmpstr (m->action->id, ==, "fire");
  m = marker_of (track, prone);
  g_assert_cmpint (sl_track_column (track, m->end), ==, 7);
  g_assert_cmpint (m->status, ==, SL_TRACK_RUNNING);
  g_assert_cmpint (m->cost, ==, 2);
  m = marker_of (track, jam);
  g_assert_cmpint (sl_track_column (track, m->end), ==, 10);
  g_assert_false (is_ready (track, hale));
  g_assert_false (is_ready (track, jam));

  /* In the ranged-fire step nobody declares; once fired, 13's marker is
   * done and it may act again from the next subphase. */
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-13', 'roll': 9}");
  fired = track_of (game);
  g_assert_cmpuint (fired->ready->len, ==, 0);
  g_assert_cmpint (marker_of (fired, hale)->status, ==, SL_TRACK_DONE);
}

/* A hidden unit's action is not on the shared track (§15.1), nor is it
 * listed among those who may act; a unit out of the fight is not either. */
static void
test_track_private (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(SlTrack) track = NULL;
  int hidden = sl_test_unit (game, "tog-2");
  int out = sl_test_unit (game, "tog-3");

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'walk'}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-2', 'field': 'hidden', 'value': true}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'wound', 'value': 'dead'}");
  track = track_of (game);
  g_assert_null (marker_of (track, hidden));
  g_assert_false (is_ready (track, hidden));
  g_assert_false (is_ready (track, out));
  g_assert_cmpuint (track->idle->len, ==, 14);
  g_assert_true (is_ready (track, sl_test_unit (game, "tog-1")));
}

/* An action reaching beyond the next turn is counted as later. */
static void
test_track_later (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(SlTrack) track = NULL;

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 10);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'use-device'}");
  track = track_of (game);
  g_assert_cmpint (track->n_columns, ==, 20);
  g_assert_cmpint (sl_track_column (track, marker_of (track, sl_test_unit (game, "cw-14"))->end), ==, 13);
  g_assert_cmpint (track->later, ==, 0);
}

/* P-34 step 6: a thrown grenade is marked on the track where it goes off;
 * a secret charge is not. */
static void
test_track_events (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(SlTrack) track = NULL;
  const SlTrackEvent *e;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'pick-up-object'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'fire', 'throw': 'grenade'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'throw', 'unit': 'tog-3', 'range_m': 6, 'roll': 1}");
  track = track_of (game);
  g_assert_cmpuint (track->events->len, ==, 1);
  e = &g_array_index (track->events, SlTrackEvent, 0);
  g_assert_cmpint (e->kind, ==, SL_MARKER_GRENADE);
  g_assert_cmpint (sl_track_column (track, e->due), ==, 3);
}

static gboolean
has_unit (GArray *units,
          int     unit)
{
  for (guint i = 0; i < units->len; i++)
    if (g_array_index (units, int, i) == unit)
      return TRUE;
  return FALSE;
}

/* P-06 step 5, P-08 step 2: in the initiative-order step the track knows
 * whose turn it is and which of its units have still to decide; that
 * grouping's units are offered first, and the units of a later grouping
 * wait for its turn. Passing hands the turn on. */
static void
test_track_turn (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_strict ();
  g_autoptr(SlTrack) first = NULL;
  g_autoptr(SlTrack) acted = NULL;
  g_autoptr(SlTrack) passed = NULL;
  g_autoptr(SlTrack) free_order = NULL;
  g_autoptr(SlGame) any = sl_test_game_new ();
  const SlSetup *setup = sl_game_get_setup (game);
  int ft1 = sl_setup_find_grouping (setup, "tog-ft1");
  int vale = sl_test_unit (game, "tog-1");
  int hale = sl_test_unit (game, "cw-13");

  sl_test_start_turn (game);
  first = track_of (game);
  g_assert_cmpint (first->turn_grouping, ==, ft1);
  g_assert_cmpuint (first->to_decide->len, ==, 4);
  g_assert_cmpint (g_array_index (first->to_decide, int, 0), ==, vale);
  for (int i = 0; i < 4; i++)
    g_assert_cmpint (g_array_index (first->ready, int, i), ==, sl_test_unit (game, (const char *[]) { "tog-1", "tog-2", "tog-3", "tog-4" }[i]));
  g_assert_false (is_ready (first, hale));
  g_assert_true (has_unit (first->waiting, hale));
  g_assert_cmpuint (first->ready->len + first->waiting->len, ==, 16);

  /* Vale has decided: three still to. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk'}");
  acted = track_of (game);
  g_assert_cmpint (acted->turn_grouping, ==, ft1);
  g_assert_cmpuint (acted->to_decide->len, ==, 3);
  g_assert_false (has_unit (acted->to_decide, vale));

  /* Passed: the next grouping's turn; fire team 1's units wait for the
   * next subphase. */
  sl_test_play (game, "{'type': 'pass'}");
  passed = track_of (game);
  g_assert_cmpint (passed->turn_grouping, !=, ft1);
  g_assert_cmpint (passed->turn_grouping, ==, sl_game_get_state (game)->order[1]);
  g_assert_true (has_unit (passed->waiting, sl_test_unit (game, "tog-2")));
  g_assert_false (is_ready (passed, sl_test_unit (game, "tog-2")));
  g_assert_cmpint (sl_game_get_state (game)->grouping_of[g_array_index (passed->ready, int, 0)], ==,
                   passed->turn_grouping);

  /* In any order (freeDeclarationOrder) nobody has a turn or waits. */
  sl_test_start_turn (any);
  free_order = track_of (any);
  g_assert_cmpint (free_order->turn_grouping, ==, -1);
  g_assert_cmpuint (free_order->to_decide->len, ==, 0);
  g_assert_cmpuint (free_order->waiting->len, ==, 0);
  g_assert_cmpuint (free_order->ready->len, ==, 16);
}

/* What is due now comes from the core (sl_due_list) as `next` sees it:
 * the fire due in the ranged-fire step; nothing once it is resolved; the
 * rout checks of the Rout/Rally Phase. */
static void
test_track_due_now (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlState *s;
  GArray *due;
  const SlDue *d;

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 3);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-4'}");
  sl_test_play (game, "{'type': 'next'}");
  s = sl_game_get_state (game);
  due = sl_track_due_now (sl_game_get_rules (game), sl_game_get_setup (game), s);
  g_assert_cmpuint (due->len, ==, 1);
  d = &g_array_index (due, SlDue, 0);
  g_assert_cmpint (d->kind, ==, SL_DUE_FIRE);
  g_assert_cmpint (d->unit, ==, sl_test_unit (game, "cw-13"));
  g_array_unref (due);

  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-13', 'roll': 9}");
  due = sl_track_due_now (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game));
  g_assert_cmpuint (due->len, ==, 0);
  g_array_unref (due);
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* Before play, with the detection rules (P-28, §9.1): the units the setup
 * hid lie under no pile until their side places one; the others may hide
 * by agreement; once play begins nobody hides. */
static void
test_track_hiding (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'h', 'name': 'Hiding', 'length_turns': 12, 'modules': ['detection'],"
    " 'sides': ["
    "  {'id': 'joe', 'name': 'Joe Bloe', 'squads': [{'id': 'j', 'units': ["
    "     {'id': 'j1', 'counter': 1, 'name': 'Hider One', 'troop': 'combat-arms', 'armor': 'LI', 'weapons': ['LR'], 'hidden': true},"
    "     {'id': 'j2', 'counter': 2, 'name': 'Hider Two', 'troop': 'combat-arms', 'armor': 'LI', 'weapons': ['LR'], 'hidden': true},"
    "     {'id': 'j3', 'counter': 3, 'name': 'In View', 'troop': 'combat-arms', 'armor': 'LI', 'weapons': ['LR']}]}]},"
    "  {'id': 'other', 'name': 'Other', 'squads': [{'id': 'o', 'units': ["
    "     {'id': 'o1', 'counter': 9, 'name': 'Seeker', 'troop': 'combat-arms', 'armor': 'LI', 'weapons': ['LR']}]}]}]}");
  g_autoptr(SlGame) training = sl_test_game_new ();
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) placed = NULL;
  g_autoptr(GPtrArray) none = NULL;
  g_autoptr(GPtrArray) playing = NULL;
  const SlHiding *joe, *other;

  before = sl_secrets_hiding (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game));
  g_assert_cmpuint (before->len, ==, 2);
  joe = g_ptr_array_index (before, 0);
  other = g_ptr_array_index (before, 1);
  g_assert_cmpuint (joe->to_place->len, ==, 2);
  g_assert_cmpint (g_array_index (joe->to_place, int, 0), ==, sl_test_unit (game, "j1"));
  g_assert_cmpuint (joe->may_hide->len, ==, 1);
  g_assert_cmpint (g_array_index (joe->may_hide, int, 0), ==, sl_test_unit (game, "j3"));
  g_assert_cmpuint (other->to_place->len, ==, 0);
  g_assert_cmpuint (other->may_hide->len, ==, 1);
  /* The private view's form: open, and every unit in the fight may go
   * under a pile; no mines rules here (P-37). */
  g_assert_true (sl_secrets_hiding_open (sl_game_get_setup (game), sl_game_get_state (game)));
  g_assert_false (sl_secrets_mines_open (sl_game_get_setup (game), sl_game_get_state (game)));
  for (int u = 0; u < sl_game_get_state (game)->n_units; u++)
    g_assert_true (sl_secrets_may_hide (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game), u));

  sl_test_play (game, "{'type': 'hide', 'unit': 'j1', 'pile': 'Pile A'}");
  placed = sl_secrets_hiding (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game));
  joe = g_ptr_array_index (placed, 0);
  g_assert_cmpuint (joe->to_place->len, ==, 1);
  g_assert_cmpint (g_array_index (joe->to_place, int, 0), ==, sl_test_unit (game, "j2"));
  g_assert_cmpuint (joe->may_hide->len, ==, 1);
  /* Under a pile already, it may be hidden again (a new pile); out of
   * the fight, it may not (T-16). */
  g_assert_true (sl_secrets_may_hide (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game),
                                      sl_test_unit (game, "j1")));
  sl_test_play (game, "{'type': 'correct', 'unit': 'o1', 'field': 'wound', 'value': 'unconscious'}");
  g_assert_false (sl_secrets_may_hide (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game),
                                       sl_test_unit (game, "o1")));
  sl_test_play (game, "{'type': 'correct', 'unit': 'o1', 'field': 'wound', 'value': 'none'}");

  /* No detection rules: nobody hides. */
  none = sl_secrets_hiding (sl_game_get_rules (training), sl_game_get_setup (training), sl_game_get_state (training));
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_false (sl_secrets_hiding_open (sl_game_get_setup (training), sl_game_get_state (training)));
  g_assert_false (sl_secrets_may_hide (sl_game_get_rules (training), sl_game_get_setup (training),
                                       sl_game_get_state (training), 0));

  /* The table tells how many, never which (the prompt's words), and
   * notifies them as they change. */
  {
    SlTableModel *table = sl_table_model_get_for_game (game);
    g_autofree char *words = NULL;
    g_autofree char *none_left = NULL;
    gboolean agreed = FALSE;
    guint told = 0;
    gulong id;

    words = sl_table_model_get_hiding (table, &agreed);
    g_assert_cmpstr (words, ==, "Joe Bloe has 1 hidden unit to place under a pile");
    g_assert_true (agreed);
    id = g_signal_connect_swapped (table, "notify::hiding-to-place", G_CALLBACK (count_cb), &told);
    sl_test_play (game, "{'type': 'hide', 'unit': 'j2', 'pile': 'Pile B'}");
    g_assert_cmpuint (told, ==, 1);
    g_object_get (table, "hiding-to-place", &none_left, "hiding-by-agreement", &agreed, NULL);
    g_assert_null (none_left);
    g_assert_true (agreed);
    g_signal_handler_disconnect (table, id);
  }

  /* Play has begun. */
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'j': 3, 'o': 6}}");
  while (sl_state_before_play (sl_game_get_state (game)))
    sl_test_play (game, "{'type': 'next'}");
  playing = sl_secrets_hiding (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game));
  g_assert_cmpuint (playing->len, ==, 0);
  g_assert_false (sl_secrets_hiding_open (sl_game_get_setup (game), sl_game_get_state (game)));
  g_assert_false (sl_secrets_may_hide (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game),
                                       sl_test_unit (game, "j3")));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/track/start", test_track_start);
  g_test_add_func ("/track/E-07", test_track_e07);
  g_test_add_func ("/track/private", test_track_private);
  g_test_add_func ("/track/later", test_track_later);
  g_test_add_func ("/track/events", test_track_events);
  g_test_add_func ("/track/turn", test_track_turn);
  g_test_add_func ("/track/due-now", test_track_due_now);
  g_test_add_func ("/track/hiding", test_track_hiding);
  return g_test_run ();
}
