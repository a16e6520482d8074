/* test-exposure-sheet.c: units go inside or out together (T-36, A-120,
 * one exposure command for all the units chosen; those already
 * there, the dead and the hidden are not offered. Runs under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-exposure-sheet-private.h"
#include "sl-exposure-sheet.h"
#include "sl-sheet-private.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"

/* Pest Control's situation: the TOG marines outside the hull, the
 * Commonwealth inside the ship. */
#define SHIP_SETUP \
  "{'id': 'ship', 'name': 'Ship', 'length_turns': 4, 'modules': ['environment'], 'environment': {'vacuum': true}," \
  " 'sides': [" \
  "  {'id': 'a', 'name': 'TOG', 'squads': [{'id': 'a1', 'name': 'Boarding Squad', 'units': [" \
  "    {'id': 'a-1', 'counter': 1, 'name': 'Legionnaire Brutus', 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']}]}]}," \
  "  {'id': 'b', 'name': 'Commonwealth', 'inside': true, 'squads': [{'id': 'b1', 'name': 'Crew', 'units': [" \
  "    {'id': 'b-1', 'counter': 21, 'name': 'Sergeant Kincaid', 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']}," \
  "    {'id': 'b-2', 'counter': 22, 'name': 'Trooper Rask', 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']}," \
  "    {'id': 'b-3', 'counter': 23, 'name': 'Trooper Solberg', 'troop': 'marines', 'armor': 'MZG'," \
  "     'weapons': ['LR']}]}]}]}"

/* A compartment opens to vacuum: two of the crew in it are out in the
 * vacuum at once, in one command; the TOG marine, outside
 * already, is not offered; the dead are not either. Back inside, the
 * crew outside are offered, and the one still inside is not. */
static void
test_exposure_sheet_a134 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SHIP_SETUP);
  SlExposureSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  const SlJournalEntry *e;
  JsonObject *command;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'b-3', 'field': 'wound', 'value': 'dead'}");
  sheet = sl_exposure_sheet_new (NULL, game, FALSE);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_false (sl_exposure_sheet_choose (sheet, sl_test_unit (game, "a-1"), TRUE));
  g_assert_false (sl_exposure_sheet_choose (sheet, sl_test_unit (game, "b-3"), TRUE));
  g_assert_true (sl_exposure_sheet_choose (sheet, sl_test_unit (game, "b-1"), TRUE));
  g_assert_true (sl_exposure_sheet_choose (sheet, sl_test_unit (game, "b-2"), TRUE));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "exposure-sheet.png");
  g_assert_true (sl_exposure_sheet_apply (sheet));
  e = sl_game_get_entry (game, sl_game_get_n_entries (game) - 1);
  command = json_node_get_object (sl_journal_entry_get_command (e));
  g_assert_cmpstr (json_object_get_string_member (command, "type"), ==, "exposure");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (command, "units")), ==, 2);
  g_assert_false (json_object_get_boolean_member (command, "inside"));
  g_assert_cmpstr (e->summary, ==, "Out in the vacuum: Sergeant Kincaid, Trooper Rask (T-36).");
  g_assert_false (sl_test_unit_state (game, "b-1")->inside);
  g_assert_false (sl_test_unit_state (game, "b-2")->inside);

  sheet = sl_exposure_sheet_new (NULL, game, FALSE);
  g_object_unref (keep);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  sl_exposure_sheet_set_inside (sheet, TRUE);
  g_assert_true (sl_exposure_sheet_choose (sheet, sl_test_unit (game, "a-1"), TRUE));
  g_assert_true (sl_exposure_sheet_choose (sheet, sl_test_unit (game, "b-2"), TRUE));
  /* The other way: who is there already is not chosen any more. */
  sl_exposure_sheet_set_inside (sheet, FALSE);
  g_assert_false (sl_exposure_sheet_choose (sheet, sl_test_unit (game, "b-2"), TRUE));
  g_assert_false (sl_exposure_sheet_choose (sheet, sl_test_unit (game, "a-1"), TRUE));
  sl_exposure_sheet_set_inside (sheet, TRUE);
  g_assert_false (sl_exposure_sheet_apply (sheet));
  g_assert_true (sl_exposure_sheet_choose (sheet, sl_test_unit (game, "a-1"), TRUE));
  g_assert_true (sl_exposure_sheet_apply (sheet));
  g_assert_true (sl_test_unit_state (game, "a-1")->inside);
  g_assert_false (sl_test_unit_state (game, "b-2")->inside);
  g_assert_false (sl_test_unit_state (game, "b-1")->inside);
}

/* Issue 21 #9: a dialog whose focus starts on its first choice, the way
 * the units go; a refusal is told there. */
static void
test_exposure_sheet_accessible (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (SHIP_SETUP);
  SlExposureSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  GtkWidget *entry;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sheet = sl_exposure_sheet_new (NULL, game, FALSE);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  entry = sl_sheet_get_entry (SL_SHEET (sheet));
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (sheet), GTK_ACCESSIBLE_ROLE_DIALOG);
  g_assert_true (GTK_IS_CHECK_BUTTON (entry));
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (entry)));
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (sheet))) == entry);
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (entry),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  /* Nobody chosen: refused, and told. */
  g_assert_false (sl_exposure_sheet_apply (sheet));
  g_assert_nonnull (sl_sheet_get_problem (SL_SHEET (sheet)));
  g_assert_cmpstr (sl_sheet_get_description (SL_SHEET (sheet)), ==,
                   sl_sheet_get_problem (SL_SHEET (sheet)));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       sl_sheet_get_problem (SL_SHEET (sheet)));
}

int
main (int argc, char *argv[])
{
  /* The accessibility tests read what GTK would tell a screen reader. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/exposure-sheet/A-134", test_exposure_sheet_a134);
  g_test_add_func ("/exposure-sheet/accessible", test_exposure_sheet_accessible);
  return g_test_run ();
}
