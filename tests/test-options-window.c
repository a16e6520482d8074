/* test-options-window.c: the rule options of a game, with the ones the
 * scenario changed from the rulebook's defaults marked. Runs under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-json.h"
#include "sl-options-window-private.h"
#include "sl-options-window.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"

/* The training scenario with two options changed. */
static SlGame *
changed_game (void)
{
  g_autofree char *path = g_build_filename (SL_SOURCE_DATADIR, "scenarios", "training.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) options = json_from_string ("{\"fireMissionsInPhase\": true, \"routCheckInterval\": 4}", NULL);
  g_autoptr(GError) error = NULL;
  SlSetup *setup;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  node = sl_json_parse (text, -1, &error);
  g_assert_no_error (error);
  json_object_set_member (json_node_get_object (node), "options", json_node_copy (options));
  setup = sl_setup_new_from_json (sl_test_rules (), node, &error);
  g_assert_no_error (error);
  return sl_game_new (sl_test_rules (), setup);
}

static void
test_options_window (void)
{
  g_autoptr(SlGame) book = sl_test_game_new_strict ();
  g_autoptr(SlGame) house = changed_game ();
  GtkWidget *window;

  window = sl_options_window_new (NULL, book);
  gtk_window_present (GTK_WINDOW (window));
  sl_test_ui_settle ();
  g_assert_cmpuint (sl_options_window_count_changed (window), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));

  window = sl_options_window_new (NULL, house);
  gtk_window_present (GTK_WINDOW (window));
  sl_test_ui_settle ();
  sl_test_ui_save_png (window, "rule-options.png");
  g_assert_cmpuint (sl_options_window_count_changed (window), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/options-window/changed", test_options_window);
  return g_test_run ();
}
