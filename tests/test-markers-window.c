/* test-markers-window.c: the markers on the table and their corrections
 * by hand (correct-marker) — the charges at a spot (T-34a), a label, a
 * marker put down by mistake taken off once confirmed, a grenade's
 * subphase (never into the past, P-34 step 6), an obstacle's damage in
 * half wound levels (P-25); a side's secret markers are not listed (P-37
 * step 2, A-88). Runs under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-markers-window-private.h"
#include "sl-markers-window.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"

static const char *
last_summary (SlGame *game)
{
  return sl_game_get_entry (game, sl_game_get_n_entries (game) - 1)->summary;
}

/* The charges at a spot, a label, a marker taken off; a mine and a charge
 * kept secret are not there; a grenade's subphase moved, not backwards. */
static void
test_markers_window_charges (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlMarkersWindow *window;
  g_autoptr(GtkWidget) keep = NULL;
  AdwMessageDialog *dialog;
  const SlMarker *m;

  /* Marker 1, a mine: secret. The gate (2) and the door (3). */
  sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'cw-17', 'label': 'B4'}");
  sl_test_ui_two_charges_sealed (game, "by the door");

  window = sl_markers_window_new (NULL, game);
  keep = g_object_ref (GTK_WIDGET (window));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_null (sl_markers_window_get_words (window, 1));
  g_assert_null (sl_markers_window_get_words (window, 3));
  g_assert_cmpstr (sl_markers_window_get_words (window, 2), ==, "1 plastic charge · armed (P-36)");
  g_assert_true (sl_markers_window_offers (window, 2, "charges"));
  g_assert_false (sl_markers_window_offers (window, 2, "damage"));
  g_assert_false (sl_markers_window_offers (window, 2, "due"));
  g_assert_true (sl_markers_window_offers (window, 2, "removed"));
  g_assert_true (sl_markers_window_show_marker (window, 2));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (window), "markers-window.png");

  g_assert_true (sl_markers_window_set_number (window, 2, 3));
  g_assert_cmpstr (last_summary (game), ==, "Correction: the gate — charges: 3.");
  g_assert_cmpint (sl_state_find_marker (sl_game_get_state (game), 2)->type, ==, 3);
  g_assert_cmpstr (sl_markers_window_get_words (window, 2), ==, "3 plastic charges · armed (P-36)");
  g_assert_true (sl_markers_window_set_label (window, 2, "the gate, east"));
  g_assert_cmpstr (sl_state_find_marker (sl_game_get_state (game), 2)->label, ==, "the gate, east");

  /* Taken off only once confirmed. */
  dialog = sl_markers_window_remove (window, 2);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "cancel");
  g_assert_nonnull (sl_state_find_marker (sl_game_get_state (game), 2));
  dialog = sl_markers_window_remove (window, 2);
  adw_message_dialog_response (dialog, "remove");
  g_assert_null (sl_state_find_marker (sl_game_get_state (game), 2));
  g_assert_null (sl_markers_window_get_words (window, 2));

  /* A grenade thrown in subphase 7 goes off in 9; moved to turn 2, not
   * back to 6. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'pick-up-object'}");
  sl_test_go_to_subphase (game, 7);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'throw': 'grenade'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'throw', 'unit': 'tog-2', 'range_m': 6, 'roll': 3}");
  m = sl_state_find_marker (sl_game_get_state (game), 4);
  g_assert_cmpint (m->kind, ==, SL_MARKER_GRENADE);
  g_assert_true (sl_markers_window_offers (window, 4, "due"));
  g_assert_false (sl_markers_window_offers (window, 4, "charges"));
  g_assert_cmpstr (sl_markers_window_get_words (window, 4), ==, "Fragmentation grenade · goes off: Subphase 9");
  g_assert_false (sl_markers_window_set_time (window, 4, 1, 6));
  g_assert_nonnull (strstr (sl_markers_window_get_problem (window), "passed"));
  g_assert_true (sl_markers_window_set_time (window, 4, 2, 1));
  g_assert_cmpstr (sl_markers_window_get_words (window, 4), ==, "Fragmentation grenade · goes off: Subphase 1 of turn 2");
  g_assert_null (sl_markers_window_get_problem (window));
}

/* P-25: an obstacle's damage, shown and corrected in half wound levels;
 * P-36 step 4: a deactivated charge says so. */
static void
test_markers_window_obstacle_p25 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlMarkersWindow *window;
  g_autoptr(GtkWidget) keep = NULL;

  sl_test_ui_two_charges (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-5', 'action': 'use-device', 'charge': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire',"
                      " 'obstacle': {'label': 'the fence', 'kind': 'furniture'}}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1'}");
  sl_test_go_to_subphase (game, 10);
  window = sl_markers_window_new (NULL, game);
  keep = g_object_ref (GTK_WIDGET (window));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_cmpint (sl_state_find_marker (sl_game_get_state (game), 3)->kind, ==, SL_MARKER_OBSTACLE);
  /* A spike rifle (PF 5) at furniture (AF 1): 4 levels. */
  g_assert_cmpstr (sl_markers_window_get_words (window, 3), ==, "Furniture · 4 of 5 wound levels (P-25)");
  g_assert_true (sl_markers_window_offers (window, 3, "damage"));
  g_assert_true (sl_markers_window_set_number (window, 3, 1.5));
  g_assert_cmpint (sl_state_find_marker (sl_game_get_state (game), 3)->amount, ==, 3);
  g_assert_cmpstr (sl_markers_window_get_words (window, 3), ==, "Furniture · 1½ of 5 wound levels (P-25)");
  g_assert_cmpstr (sl_markers_window_get_words (window, 1), ==,
                   "1 plastic charge · deactivated: it may be picked up (P-36 step 4)");
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (window), "markers-window-obstacle.png");
  /* Undone, the window follows. */
  sl_game_undo (game);
  g_assert_cmpstr (sl_markers_window_get_words (window, 3), ==, "Furniture · 4 of 5 wound levels (P-25)");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/markers-window/charges", test_markers_window_charges);
  g_test_add_func ("/markers-window/obstacle-P-25", test_markers_window_obstacle_p25);
  return g_test_run ();
}
