/* test-track-view.c: the subphase track widget — what it says to a screen
 * reader, which marker is where, that it follows the game, keeps hidden
 * units off the shared screen, and draws in light and dark mode. Runs under
 * Xvfb; with SL_SCREENSHOT_DIR set it saves what it drew as PNG files.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-test-game.h"
#include "sl-test-ui.h"
#include "sl-track-view-private.h"
#include "sl-track-view.h"

/* E-07 at subphase 7: 13 fires (ends 7), 15 goes prone (ends 8), 16 clears
 * a jam (ends subphase 1 of turn 2). */
static SlGame *
e07_game (void)
{
  SlGame *game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-16', 'field': 'jammed', 'value': true}");
  sl_test_go_to_subphase (game, 7);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-4'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'position-change',"
                      " 'to_position': 'prone'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-16', 'action': 'clear-weapon'}");
  return game;
}

/* The accessible description says what the track shows, and follows the
 * game as commands are applied and undone. */
static void
test_track_view_description (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *track = sl_track_view_new ();
  GtkWidget *window;
  const char *text;

  window = sl_test_ui_show (track, 900, -1);
  /* Issue 32 #4: a group of markers, not an image. */
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (track)), ==, GTK_ACCESSIBLE_ROLE_GROUP);
  g_assert_cmpstr (sl_track_view_get_description (SL_TRACK_VIEW (track)), ==, "No game.");

  sl_track_view_set_game (SL_TRACK_VIEW (track), game);
  g_assert_cmpstr (sl_track_view_get_description (SL_TRACK_VIEW (track)), ==,
                   "Turn 1, outside the Action Phase. No action on the track.");

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 7);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-4'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-16', 'action': 'use-device'}");
  text = sl_track_view_get_description (SL_TRACK_VIEW (track));
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "Turn 1, subphase 7. Subphase 7: 13 · Trooper Hale, Fire/Throw, to resolve now."));
  g_assert_nonnull (strstr (text, " Subphase 1 of turn 2: "));
  g_assert_nonnull (strstr (text, "May act now: "));
  g_assert_null (strstr (text, "May act now: 13 · Trooper Hale"));

  g_assert_true (sl_game_undo (game));
  g_assert_true (sl_game_undo (game));
  text = sl_track_view_get_description (SL_TRACK_VIEW (track));
  g_assert_null (strstr (text, "Trooper Hale, Fire/Throw"));
  g_assert_nonnull (strstr (text, "No action on the track."));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Each marker sits in the column of its end subphase; the fullest column
 * sets the height; a click finds the unit. */
static void
test_track_view_layout (void)
{
  g_autoptr(SlGame) game = e07_game ();
  GtkWidget *track = sl_track_view_new ();
  GtkWidget *window;
  int width, min_height, nat_height;
  double unit, idle, row_y;

  sl_track_view_set_game (SL_TRACK_VIEW (track), game);
  window = sl_test_ui_show (track, 1080, -1);
  sl_test_ui_save_png (track, "track-e07.png");

  width = gtk_widget_get_width (track);
  /* The START box is 3 columns wide, then 20 subphases (a carry-over). */
  unit = width / 23.0;
  idle = 3 * unit;
  row_y = 20 + 26 + 4 + 12;  /* turn row, numbers, padding, half a marker */
  g_assert_cmpint (sl_track_view_unit_at (SL_TRACK_VIEW (track), idle + 6.5 * unit, row_y), ==,
                   sl_test_unit (game, "cw-13"));
  g_assert_cmpint (sl_track_view_unit_at (SL_TRACK_VIEW (track), idle + 7.5 * unit, row_y), ==,
                   sl_test_unit (game, "cw-15"));
  g_assert_cmpint (sl_track_view_unit_at (SL_TRACK_VIEW (track), idle + 10.5 * unit, row_y), ==,
                   sl_test_unit (game, "cw-16"));
  g_assert_cmpint (sl_track_view_unit_at (SL_TRACK_VIEW (track), idle + 3.5 * unit, row_y), ==, -1);
  /* The START box holds the 13 units without an action, in acting order. */
  g_assert_cmpint (sl_track_view_unit_at (SL_TRACK_VIEW (track), idle / 6, row_y), ==,
                   sl_test_unit (game, "tog-1"));
  gtk_widget_measure (track, GTK_ORIENTATION_VERTICAL, width, &min_height, &nat_height, NULL, NULL);
  /* The START box (141 px) holds four markers a row: 13 take 4 rows. */
  g_assert_cmpint (min_height, ==, 20 + 26 + 8 + 4 * 28);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* §15.1: a hidden unit is nowhere on the shared track, not even its name in
 * the description. */
static void
test_track_view_private (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *track = sl_track_view_new ();
  GtkWidget *window;
  const char *name = sl_setup_unit (sl_game_get_setup (game), "tog-2")->name;

  sl_track_view_set_game (SL_TRACK_VIEW (track), game);
  window = sl_test_ui_show (track, 900, -1);
  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'walk'}");
  g_assert_nonnull (strstr (sl_track_view_get_description (SL_TRACK_VIEW (track)), name));
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-2', 'field': 'hidden', 'value': true}");
  g_assert_null (strstr (sl_track_view_get_description (SL_TRACK_VIEW (track)), name));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Dark mode draws too (and the colours come from the theme). */
static void
test_track_view_dark (void)
{
  g_autoptr(SlGame) game = e07_game ();
  AdwStyleManager *style = adw_style_manager_get_default ();
  GtkWidget *track = sl_track_view_new ();
  GtkWidget *window;

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  sl_track_view_set_game (SL_TRACK_VIEW (track), game);
  window = sl_test_ui_show (track, 1080, -1);
  g_assert_true (adw_style_manager_get_dark (style));
  sl_test_ui_save_png (track, "track-e07-dark.png");
  gtk_window_destroy (GTK_WINDOW (window));
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* A box with more markers than fit shows "+N" and keeps the track's
 * height: 32 units ending in the same subphase. */
static void
test_track_view_full_box (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *track = sl_track_view_new ();
  GtkWidget *window;
  int min_height, nat_height;
  const char * const units[] = { "tog-1", "tog-2", "tog-3", "tog-4", "tog-5", "tog-6", "tog-7", "tog-8",
                                 "cw-13", "cw-14", "cw-15", "cw-16", "cw-17", "cw-18", "cw-19", "cw-20" };

  sl_test_start_turn (game);
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    {
      g_autofree char *command = g_strdup_printf ("{'type': 'declare', 'unit': '%s', 'action': 'walk'}", units[i]);

      sl_test_play (game, command);
    }
  sl_track_view_set_game (SL_TRACK_VIEW (track), game);
  window = sl_test_ui_show (track, 700, -1);
  gtk_widget_measure (track, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (track),
                      &min_height, &nat_height, NULL, NULL);
  /* At most five rows, whatever the count. */
  g_assert_cmpint (min_height, <=, 20 + 26 + 8 + 5 * 28);
  /* The description still names every one. */
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    g_assert_nonnull (strstr (sl_track_view_get_description (SL_TRACK_VIEW (track)),
                              sl_setup_unit (sl_game_get_setup (game), units[i])->name));
  sl_test_ui_save_png (track, "track-full.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/track-view/description", test_track_view_description);
  g_test_add_func ("/track-view/layout", test_track_view_layout);
  g_test_add_func ("/track-view/private", test_track_view_private);
  g_test_add_func ("/track-view/dark", test_track_view_dark);
  g_test_add_func ("/track-view/full-box", test_track_view_full_box);
  return g_test_run ();
}
