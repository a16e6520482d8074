/* test-squad-log.c: a squad's log on the screen — every field of the paper
 * unit log (T-04) and that it follows the game. Runs under Xvfb; with
 * SL_SCREENSHOT_DIR set it saves what it drew as PNG files.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-squad-log.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"

static void
assert_cell (GtkWidget  *log,
             SlGame     *game,
             const char *unit,
             const char *column,
             const char *expected)
{
  g_autofree char *text = sl_squad_log_get_cell (SL_SQUAD_LOG (log), sl_test_unit (game, unit), column);

  g_assert_cmpstr (text, ==, expected);
}

/* A fresh squad: the fields as the book prints them. */
static void
test_squad_log_fields (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *log = sl_squad_log_new (game, 0);
  GtkWidget *window = sl_test_ui_show (log, 1366, -1);

  assert_cell (log, game, "tog-3", "counter", "3");
  assert_cell (log, game, "tog-3", "name", "Legionnaire Ostra");
  assert_cell (log, game, "tog-3", "armor", "BI");
  assert_cell (log, game, "tog-3", "weapon", "SAR · SP");
  assert_cell (log, game, "tog-3", "mod", "+2/\xe2\x88\x92" "1");
  assert_cell (log, game, "tog-3", "wounds", "Wounds: none");
  assert_cell (log, game, "tog-3", "position", "standing");
  assert_cell (log, game, "tog-3", "action", "idle");
  assert_cell (log, game, "tog-3", "status", "");
  assert_cell (log, game, "tog-3", "ammo", "R 3 of 3; P 2 of 2; FG 2 of 2; SG 2 of 2; 6 of 6 rounds left");
  /* Units of the other squad are not on this log. */
  g_assert_null (sl_squad_log_get_cell (SL_SQUAD_LOG (log), sl_test_unit (game, "cw-13"), "name"));
  sl_test_ui_save_png (log, "squad-log.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The log follows the game: an action, wounds, a daze, a jam, the end of
 * the fight; undo puts everything back. */
static void
test_squad_log_follows (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *log = sl_squad_log_new (game, 1);
  GtkWidget *window = sl_test_ui_show (log, 1366, -1);
  guint before;

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 8);
  before = sl_game_get_position (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'use-device'}");
  assert_cell (log, game, "cw-14", "action", "Use device, ends 2 of turn 2 (0 of 5 AP)");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'wound', 'value': 'moderate'}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'jammed', 'value': true}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'magazines.R', 'value': 1}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'dazed_until',"
                      " 'value': {'turn': 1, 'subphase': 9}}");
  assert_cell (log, game, "cw-13", "wounds", "Wounds: Moderate Wound");
  assert_cell (log, game, "cw-13", "status", "Dazed, Jammed");
  {
    g_autofree char *ammo = sl_squad_log_get_cell (SL_SQUAD_LOG (log), sl_test_unit (game, "cw-13"), "ammo");

    g_assert_nonnull (strstr (ammo, "R 1 of 3"));
  }
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-15', 'field': 'wound', 'value': 'dead'}");
  assert_cell (log, game, "cw-15", "status", "Dead");
  sl_test_ui_save_png (log, "squad-log-play.png");

  g_assert_true (sl_game_go_to (game, before));
  assert_cell (log, game, "cw-14", "action", "idle");
  assert_cell (log, game, "cw-13", "wounds", "Wounds: none");
  assert_cell (log, game, "cw-13", "status", "");
  assert_cell (log, game, "cw-15", "status", "");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* §15.1: a hidden unit's position and action stay off the shared log. */
static void
test_squad_log_hidden (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *log = sl_squad_log_new (game, 0);
  GtkWidget *window = sl_test_ui_show (log, 1366, -1);

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'position-change', 'to_position': 'prone'}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-2', 'field': 'hidden', 'value': true}");
  assert_cell (log, game, "tog-2", "action", "—");
  assert_cell (log, game, "tog-2", "position", "—");
  assert_cell (log, game, "tog-2", "status", "Hidden");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/squad-log/fields", test_squad_log_fields);
  g_test_add_func ("/squad-log/follows", test_squad_log_follows);
  g_test_add_func ("/squad-log/hidden", test_squad_log_hidden);
  return g_test_run ();
}
