/* test-initiative-sheet.c: the Initiative Phase on screen — dice typed in
 * turn, the order worked out by the core, the forced mover's choice
 * refused (P-06, E-04). Runs under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-initiative-sheet-private.h"
#include "sl-initiative-sheet.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"

/* The training game's first turn: TOG fire team 1 rolls 3, TOG 2 rolls 6,
 * Renegade 1 rolls 6 and Renegade 2 rolls 9; the Renegades' veteran
 * leader's rating takes 2 off (nets 3, 6, 4, 7): the highest, Renegade
 * Fire Team 2, must move. */
static void
test_initiative_sheet (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlInitiativeSheet *sheet = sl_initiative_sheet_new (NULL, game);
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));
  const SlState *s;

  sl_sheet_present (SL_SHEET (sheet));
  g_assert_cmpstr (sl_initiative_sheet_get_order (sheet), ==, "");
  g_assert_true (sl_initiative_sheet_enter_die (sheet, 3));
  g_assert_true (sl_initiative_sheet_enter_die (sheet, 6));
  g_assert_true (sl_initiative_sheet_enter_die (sheet, 6));
  g_assert_true (sl_initiative_sheet_enter_die (sheet, 9));
  g_assert_false (sl_initiative_sheet_enter_die (sheet, 4));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "initiative-sheet.png");
  g_test_message ("%s", sl_initiative_sheet_get_order (sheet));
  g_assert_cmpstr (sl_initiative_sheet_get_order (sheet), ==,
                   "1. TOG Fire Team 1 (3, move)\n"
                   "2. Renegade Fire Team 1 (4, move)\n"
                   "3. TOG Fire Team 2 (6, move)\n"
                   "4. Renegade Fire Team 2 (7, must move)");

  /* The forced mover has no choice; the lowest may countermove: it then
   * acts after every mover. */
  g_assert_false (sl_initiative_sheet_set_countermove (sheet, "cw-ft2", TRUE));
  g_assert_true (sl_initiative_sheet_set_countermove (sheet, "tog-ft1", TRUE));
  g_assert_nonnull (strstr (sl_initiative_sheet_get_order (sheet), "4. TOG Fire Team 1 (3, countermove)"));
  g_assert_true (sl_initiative_sheet_set_countermove (sheet, "tog-ft1", FALSE));

  g_assert_true (sl_initiative_sheet_apply (sheet));
  s = sl_game_get_state (game);
  g_assert_true (s->initiative_done);
  g_assert_cmpint (s->n_order, ==, 4);
  g_assert_cmpstr (sl_setup_grouping_at (sl_game_get_setup (game), s->order[0])->id, ==, "tog-ft1");
  g_assert_null (sl_game_get_entry (game, 0)->rolled[0]);
}

/* E-04, the book's example: no modifiers; rolls 1 (Renegade 1,
 * countermove), 3 (TOG 1, move), 6 (TOG 2, countermove), 9 (Renegade 2,
 * forced to move). Order: movers ascending, then countermovers
 * descending. */
static void
test_initiative_sheet_e04 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'e04', 'name': 'E-04', 'length_turns': 4,"
    " 'sides': ["
    "  {'id': 'tog', 'name': 'TOG', 'squads': [{'id': 'tog-squad', 'groupings': ["
    "     {'id': 'tog-ft1', 'name': 'TOG Fire Team 1', 'units': ['t1']},"
    "     {'id': 'tog-ft2', 'name': 'TOG Fire Team 2', 'units': ['t2']}],"
    "   'units': [{'id': 't1', 'counter': 1, 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR']},"
    "             {'id': 't2', 'counter': 2, 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR']}]}]},"
    "  {'id': 'ren', 'name': 'Renegades', 'squads': [{'id': 'ren-squad', 'groupings': ["
    "     {'id': 'ren-ft1', 'name': 'Renegade Fire Team 1', 'units': ['r1']},"
    "     {'id': 'ren-ft2', 'name': 'Renegade Fire Team 2', 'units': ['r2']}],"
    "   'units': [{'id': 'r1', 'counter': 3, 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR']},"
    "             {'id': 'r2', 'counter': 4, 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR']}]}]}]}");
  SlInitiativeSheet *sheet = sl_initiative_sheet_new (NULL, game);
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));

  sl_sheet_present (SL_SHEET (sheet));
  g_assert_true (sl_initiative_sheet_enter_die (sheet, 3));
  g_assert_true (sl_initiative_sheet_enter_die (sheet, 6));
  g_assert_true (sl_initiative_sheet_enter_die (sheet, 1));
  g_assert_true (sl_initiative_sheet_enter_die (sheet, 9));
  g_assert_true (sl_initiative_sheet_set_countermove (sheet, "tog-ft2", TRUE));
  g_assert_true (sl_initiative_sheet_set_countermove (sheet, "ren-ft1", TRUE));
  g_assert_false (sl_initiative_sheet_set_countermove (sheet, "ren-ft2", TRUE));
  g_assert_cmpstr (sl_initiative_sheet_get_order (sheet), ==,
                   "1. TOG Fire Team 1 (3, move)\n"
                   "2. Renegade Fire Team 2 (9, must move)\n"
                   "3. TOG Fire Team 2 (6, countermove)\n"
                   "4. Renegade Fire Team 1 (1, countermove)");
  g_assert_true (sl_initiative_sheet_apply (sheet));
  g_assert_cmpstr (sl_setup_grouping_at (sl_game_get_setup (game), sl_game_get_state (game)->order[3])->id, ==,
                   "ren-ft1");
}

/* Issue 21 #9: a dialog whose focus starts on its roll button; that
 * button's description says which grouping's die is asked for, and the
 * dice typed; a grouping's row is named with its die once typed. (The
 * texts are variables: the assertions print them as formats.) */
static void
test_initiative_sheet_accessible (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlInitiativeSheet *sheet = sl_initiative_sheet_new (NULL, game);
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));
  GtkWidget *roll = sl_sheet_get_roll_button (SL_SHEET (sheet));
  GtkWidget *row = sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_ACTION_ROW, "TOG Fire Team 1");
  const char *first = "TOG Fire Team 1: type the die (1–9, 0 for 10).";
  const char *second = "Dice typed: 3\nTOG Fire Team 2: type the die (1–9, 0 for 10).";
  const char *all = "Dice typed: 3, 6, 6, 9\nChoose move or countermove, then roll initiative.";
  const char *name = "TOG Fire Team 1";
  const char *rolled = "TOG Fire Team 1: rolled 3";
  const char *countermove = "Countermove: TOG Fire Team 1";
  const char *list = "Initiative rolls";
  const char *roll_name = "Roll Initiative";

  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (sheet), GTK_ACCESSIBLE_ROLE_DIALOG);
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (sheet))) == roll);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (roll), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       first);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name);

  g_assert_true (sl_initiative_sheet_enter_die (sheet, 3));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (roll), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       second);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, rolled);
  g_assert_true (sl_initiative_sheet_enter_die (sheet, 6));
  g_assert_true (sl_initiative_sheet_enter_die (sheet, 6));
  g_assert_true (sl_initiative_sheet_enter_die (sheet, 9));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (roll), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       all);
  /* Issue 32 #3, #7: the row named with its roll alone (Orca reads a
   * "labelled by" title first, without the roll); each countermove switch
   * names its grouping; the list is named. */
  g_assert_false (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (sl_test_ui_find (row, GTK_TYPE_SWITCH, NULL)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, countermove);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (gtk_widget_get_ancestor (row, GTK_TYPE_LIST_BOX)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, list);
  /* Issue 32 #4: the roll button named by its words, no mnemonic. */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (roll), GTK_ACCESSIBLE_PROPERTY_LABEL, roll_name);
  g_assert_false (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (roll), GTK_ACCESSIBLE_RELATION_LABELLED_BY));
}

int
main (int argc, char *argv[])
{
  /* The accessibility tests read what GTK would tell a screen reader. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/initiative-sheet/P-06", test_initiative_sheet);
  g_test_add_func ("/initiative-sheet/E-04", test_initiative_sheet_e04);
  g_test_add_func ("/initiative-sheet/accessible", test_initiative_sheet_accessible);
  return g_test_run ();
}
