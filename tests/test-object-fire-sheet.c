/* test-object-fire-sheet.c: a fire at an obstacle or a charge — the hit is
 * automatic; an obstacle's damage adds up to 5 wound levels and the
 * shot that destroys a door with PF − AF ≥ 2 goes on into the units just
 * behind (P-25, P-26); a charge's d10 is read on the firer's line of T-32
 * (P-36 step 5). Runs under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-object-fire-sheet-private.h"
#include "sl-object-fire-sheet.h"
#include "sl-sheet-private.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"

static JsonObject *
last_result (SlGame *game)
{
  return json_node_get_object (sl_game_get_entry (game, sl_game_get_n_entries (game) - 1)->result);
}

/* A spike rifle (PF 5) at an internal door (AF 1): 4 wound levels, no die,
 * no follow-through; the second shot destroys it (4 more, PF − AF = 4 ≥ 2)
 * and goes on into the unit ticked behind it, +3 and nothing else (P-26). */
static void
test_object_fire_obstacle_p26 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlObjectFireSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  const SlMarker *m;
  JsonObject *behind;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire',"
                      " 'obstacle': {'label': 'the door', 'kind': 'internal-door'}}");
  g_assert_false (sl_object_fire_sheet_applies (game, sl_test_unit (game, "tog-2")));
  g_assert_true (sl_object_fire_sheet_applies (game, sl_test_unit (game, "tog-1")));
  sl_test_play (game, "{'type': 'next'}");
  sheet = sl_object_fire_sheet_new (NULL, game, sl_test_unit (game, "tog-1"), FALSE);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_cmpstr (sl_sheet_get_title (SL_SHEET (sheet)), ==, "1 · Centurion Vale Fires at the door");
  g_assert_cmpstr (sl_object_fire_sheet_get_outcome (sheet), ==, "+4: 4 of 5 wound levels (P-25)");
  g_assert_false (sl_object_fire_sheet_follows_through (sheet));
  g_assert_false (sl_object_fire_sheet_set_behind (sheet, sl_test_unit (game, "cw-13"), TRUE));
  g_assert_nonnull (strstr (sl_object_fire_sheet_get_prompt (sheet), "no die"));
  g_assert_null (sl_object_fire_sheet_get_charge_odds (sheet, "none"));
  /* No die is asked for: a key press does nothing. */
  g_assert_false (sl_object_fire_sheet_enter_die (sheet, 4));
  g_assert_true (sl_object_fire_sheet_fire (sheet));
  m = sl_state_find_marker (sl_game_get_state (game), 1);
  g_assert_cmpint (m->kind, ==, SL_MARKER_OBSTACLE);
  g_assert_cmpint (m->amount, ==, 8);

  sl_test_go_to_subphase (game, 2);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'obstacle': {'label': 'the door'}}");
  sl_test_play (game, "{'type': 'next'}");
  g_object_unref (keep);
  sheet = sl_object_fire_sheet_new (NULL, game, sl_test_unit (game, "tog-2"), FALSE);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_cmpstr (sl_object_fire_sheet_get_outcome (sheet), ==, "+4: destroyed (P-25)");
  g_assert_true (sl_object_fire_sheet_follows_through (sheet));
  g_assert_false (sl_object_fire_sheet_set_behind (sheet, sl_test_unit (game, "tog-2"), TRUE));
  g_assert_true (sl_object_fire_sheet_set_behind (sheet, sl_test_unit (game, "cw-13"), TRUE));
  /* +3 and nothing else, net 7 or less: needs 4 or less (P-26 step 3). */
  g_assert_cmpstr (sl_object_fire_sheet_get_behind_odds (sheet, sl_test_unit (game, "cw-13")), ==,
                   "Needs 4 or less · 40 %");
  g_assert_nonnull (strstr (sl_object_fire_sheet_get_prompt (sheet), "Trooper Hale"));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "object-fire-sheet-obstacle.png");
  g_assert_true (sl_object_fire_sheet_enter_die (sheet, 4));
  behind = json_array_get_object_element (json_object_get_array_member (last_result (game), "behind"), 0);
  g_assert_cmpint (json_object_get_int_member (behind, "natural"), ==, 4);
  g_assert_true (json_object_get_boolean_member (behind, "hit"));
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->wound, >, SL_WOUND_NONE);
}

/* P-36 step 5, T-32: a laser rifle's line — nothing on 1–3, destroyed on
 * 4–5, set off on 6–10 — shown before the die; the die is one key. */
static void
test_object_fire_charge_t32 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlObjectFireSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;

  sl_test_ui_two_charges (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'charge': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'fire', 'charge': 2}");
  sl_test_play (game, "{'type': 'next'}");
  sheet = sl_object_fire_sheet_new (NULL, game, sl_test_unit (game, "cw-14"), FALSE);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_cmpstr (sl_object_fire_sheet_get_charge_odds (sheet, "none"), ==, "1–3 · 30 %");
  g_assert_cmpstr (sl_object_fire_sheet_get_charge_odds (sheet, "destroyed"), ==, "4–5 · 20 %");
  g_assert_cmpstr (sl_object_fire_sheet_get_charge_odds (sheet, "explosion"), ==, "6–10 · 50 %");
  g_assert_cmpstr (sl_object_fire_sheet_get_prompt (sheet), ==, "Type the d10 of T-32: 1–9, 0 for 10.");
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "object-fire-sheet-charge.png");
  g_assert_true (sl_object_fire_sheet_enter_die (sheet, 2));
  g_assert_cmpstr (json_object_get_string_member (last_result (game), "result"), ==, "none");
  g_assert_nonnull (sl_state_find_marker (sl_game_get_state (game), 1));

  g_object_unref (keep);
  sheet = sl_object_fire_sheet_new (NULL, game, sl_test_unit (game, "cw-15"), FALSE);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_true (sl_object_fire_sheet_enter_die (sheet, 5));
  g_assert_cmpstr (json_object_get_string_member (last_result (game), "result"), ==, "destroyed");
  g_assert_null (sl_state_find_marker (sl_game_get_state (game), 2));
}

/* Issue 21 #9: a dialog whose focus starts on Roll for Me; its
 * description says what the shot does, what to type, and what the button
 * does. (A variable: the accessibility assertions print it as a format.) */
static void
test_object_fire_accessible (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlObjectFireSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  GtkWidget *roll;
  const char *told = "An automatic hit: the d10 of T-32 decides (P-36 step 5)\n"
                     "Type the d10 of T-32: 1–9, 0 for 10.\n"
                     "The app rolls the die, and the shot is resolved (Ctrl+Return)";

  sl_test_ui_two_charges (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'charge': 1}");
  sl_test_play (game, "{'type': 'next'}");
  sheet = sl_object_fire_sheet_new (NULL, game, sl_test_unit (game, "cw-14"), FALSE);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  roll = sl_sheet_get_roll_button (SL_SHEET (sheet));
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (sheet), GTK_ACCESSIBLE_ROLE_DIALOG);
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (sheet))) == roll);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (roll), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       told);
}

int
main (int   argc,
      char *argv[])
{
  /* The accessibility tests read what GTK would tell a screen reader. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/object-fire-sheet/obstacle-P-26", test_object_fire_obstacle_p26);
  g_test_add_func ("/object-fire-sheet/charge-T-32", test_object_fire_charge_t32);
  g_test_add_func ("/object-fire-sheet/accessible", test_object_fire_accessible);
  return g_test_run ();
}
