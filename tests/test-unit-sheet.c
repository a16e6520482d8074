/* test-unit-sheet.c: correcting a unit's log by hand — each correction is
 * a journal entry, checked by the core (a refused value changes nothing
 * and says why), and undone like any other. Runs under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-command-new.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"
#include "sl-unit-sheet-private.h"
#include "sl-unit-sheet.h"

static void
test_unit_sheet (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  int unit = sl_test_unit (game, "cw-13");
  SlUnitSheet *sheet = sl_unit_sheet_new (NULL, game, unit);
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));
  g_autoptr(JsonNode) serious = sl_command_new_correct_string (sl_game_get_setup (game), unit, "wound", "serious");
  g_autoptr(JsonNode) magazines = sl_command_new_correct_int (sl_game_get_setup (game), unit, "magazines.R", 5);
  g_autoptr(GError) error = NULL;
  const SlJournalEntry *e;

  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  /* Opening the sheet corrects nothing. */
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, 0);
  sl_test_ui_save_png (GTK_WIDGET (sheet), "unit-sheet.png");

  g_assert_true (sl_unit_sheet_correct (sheet, serious, NULL));
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->wound, ==, SL_WOUND_SERIOUS);
  e = sl_game_get_entry (game, sl_game_get_n_entries (game) - 1);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (sl_journal_entry_get_command (e)), "type"), ==, "correct");

  /* T-20: there are only three R boxes. */
  g_assert_false (sl_unit_sheet_correct (sheet, magazines, &error));
  g_assert_error (error, SL_RULE_ERROR, SL_RULE_ERROR_INVALID);
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, 1);

  g_assert_true (sl_game_undo (game));
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->wound, ==, SL_WOUND_NONE);
  sl_sheet_close (SL_SHEET (sheet));
}

/* Whether the switch of @row is on. */
static gboolean
switch_row_active (GtkWidget *row)
{
  GtkWidget *toggle = row != NULL ? sl_test_ui_find (row, GTK_TYPE_SWITCH, NULL) : NULL;

  return toggle != NULL && gtk_switch_get_active (GTK_SWITCH (toggle));
}

/* Turns the switch of @row over, as a click would. */
static void
flip (GtkWidget *row)
{
  GtkSwitch *toggle = GTK_SWITCH (sl_test_ui_find (row, GTK_TYPE_SWITCH, NULL));

  gtk_switch_set_active (toggle, !gtk_switch_get_active (toggle));
}

static GtkSpinButton *
find_spin (GtkWidget *row)
{
  g_assert_nonnull (row);
  return GTK_SPIN_BUTTON (sl_test_ui_find (row, GTK_TYPE_SPIN_BUTTON, NULL));
}

/* §18: a Legionnaire character's sheet shows what its skills give; it
 * never routs, so its Routed switch is off limits (and the core refuses
 * it anyway). */
static void
test_unit_sheet_legionnaire (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'pc', 'name': 'PC', 'length_turns': 4, 'sides': ["
    " {'id': 'a', 'squads': [{'id': 'a1', 'units': ["
    "   {'id': 'a-1', 'counter': 1, 'name': 'Legionnaire Ostra', 'troop': 'combat-arms', 'armor': 'BI',"
    "    'weapons': ['SR'], 'legionnaire': {'weapon_skills': {'SR': 6}, 'melee_skill': 4}}]}]},"
    " {'id': 'b', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 9,"
    "   'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
  SlUnitSheet *sheet = sl_unit_sheet_new (NULL, game, sl_test_unit (game, "a-1"));
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));
  g_autoptr(JsonNode) routed = sl_command_new_correct_boolean (sl_game_get_setup (game), sl_test_unit (game, "a-1"),
                                                               "routed", TRUE);
  g_autoptr(GError) error = NULL;
  GtkWidget *row;

  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  row = sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_PREFERENCES_ROW, "Legionnaire character (§18)");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "SR \xe2\x88\x92" "2, grenades +1, melee \xe2\x88\x92" "1, never routs");
  row = sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_PREFERENCES_ROW, "Routed");
  g_assert_nonnull (row);
  g_assert_false (gtk_widget_get_sensitive (row));
  g_assert_false (sl_unit_sheet_correct (sheet, routed, &error));
  g_assert_error (error, SL_RULE_ERROR, SL_RULE_ERROR_INVALID);
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, 0);
  sl_test_ui_save_png (GTK_WIDGET (sheet), "unit-sheet-legionnaire.png");
  sl_sheet_close (SL_SHEET (sheet));
}

/* A vacuum scenario (T-36): a TOG marine out in it, a Commonwealth
 * marine inside the ship. */
#define VACUUM_SETUP \
  "{'id': 'vac', 'name': 'Vacuum', 'length_turns': 4, 'modules': ['environment']," \
  " 'environment': {'vacuum': true}, 'sides': [" \
  " {'id': 'a', 'name': 'TOG', 'squads': [{'id': 'a1', 'units': [" \
  "   {'id': 'a-1', 'counter': 1, 'name': 'Legionnaire Brutus', 'troop': 'marines', 'armor': 'MZG'," \
  "    'weapons': ['LR']}]}]}," \
  " {'id': 'b', 'name': 'Commonwealth', 'inside': true, 'squads': [{'id': 'b1', 'units': [" \
  "   {'id': 'b-1', 'counter': 9, 'name': 'Trooper Rask', 'troop': 'marines', 'armor': 'MZG'," \
  "    'weapons': ['LR']}]}]}]}"

/* T-36, A-120: in vacuum the sheet says whether the unit is sheltered
 * inside and sets it as the table says (an `exposure`, told to
 * everyone); its suit's breach is corrected by hand (P-39), the next
 * wound 1 to 20 subphases away. */
static void
test_unit_sheet_exposure_t36 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (VACUUM_SETUP);
  SlUnitSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  const SlRules *rules = sl_game_get_rules (game);
  const SlJournalEntry *e;
  GtkWidget *row;
  GtkSpinButton *due;
  int now;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  now = sl_state_now (rules, sl_game_get_state (game));
  sheet = sl_unit_sheet_new (NULL, game, sl_test_unit (game, "a-1"));
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, 1);

  /* Outside: the switch is off; on, the unit goes inside. */
  row = sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_PREFERENCES_ROW, "Inside, sheltered");
  g_assert_nonnull (row);
  g_assert_false (switch_row_active (row));
  flip (row);
  g_assert_true (sl_test_unit_state (game, "a-1")->inside);
  e = sl_game_get_entry (game, sl_game_get_n_entries (game) - 1);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (sl_journal_entry_get_command (e)), "type"),
                   ==, "exposure");
  g_assert_cmpstr (e->summary, ==, "Inside, sheltered from the vacuum: Legionnaire Brutus (T-36).");
  flip (row);
  g_assert_false (sl_test_unit_state (game, "a-1")->inside);

  /* P-39: one more wound, 20 subphases from now unless said … */
  row = sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_PREFERENCES_ROW, "Suit breach");
  g_assert_nonnull (row);
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), SL_BREACH_DELAYED);
  g_assert_cmpint (sl_test_unit_state (game, "a-1")->breach.state, ==, SL_BREACH_DELAYED);
  g_assert_cmpint (sl_test_unit_state (game, "a-1")->breach.due, ==, now + rules->environment.suit_breach_delay);
  /* … or sooner; bleeding keeps the moment. */
  due = find_spin (sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_PREFERENCES_ROW, "Subphases until the next breach wound"));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (due), ==, rules->environment.suit_breach_delay);
  gtk_spin_button_set_value (due, 5);
  g_assert_cmpint (sl_test_unit_state (game, "a-1")->breach.due, ==, now + 5);
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), SL_BREACH_BLEEDING);
  g_assert_cmpint (sl_test_unit_state (game, "a-1")->breach.state, ==, SL_BREACH_BLEEDING);
  g_assert_cmpint (sl_test_unit_state (game, "a-1")->breach.due, ==, now + 5);
  sl_test_ui_save_png (GTK_WIDGET (sheet), "unit-sheet-vacuum.png");
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), SL_BREACH_NONE);
  g_assert_cmpint (sl_test_unit_state (game, "a-1")->breach.state, ==, SL_BREACH_NONE);
  e = sl_game_get_entry (game, sl_game_get_n_entries (game) - 1);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (sl_journal_entry_get_command (e)), "field"),
                   ==, "breach");
  sl_sheet_close (SL_SHEET (sheet));

  /* The Commonwealth starts inside. */
  sheet = sl_unit_sheet_new (NULL, game, sl_test_unit (game, "b-1"));
  g_object_unref (keep);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_true (switch_row_active (sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_PREFERENCES_ROW, "Inside, sheltered")));
  sl_sheet_close (SL_SHEET (sheet));

  /* Without vacuum nor a hostile atmosphere, it does not matter. */
  {
    g_autoptr(SlGame) plain = sl_test_game_new ();

    sheet = sl_unit_sheet_new (NULL, plain, sl_test_unit (plain, "cw-13"));
    g_object_unref (keep);
    keep = g_object_ref (GTK_WIDGET (sheet));
    sl_sheet_present (SL_SHEET (sheet));
    g_assert_null (sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_PREFERENCES_ROW, "Inside, sheltered"));
    g_assert_null (sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_PREFERENCES_ROW, "Suit breach"));
    sl_sheet_close (SL_SHEET (sheet));
  }
}

/* P-15, T-23: the fire history the rate of fire counts, shown oldest
 * first; a fire taken off or the whole history cleared is a correction,
 * and the rate of fire then counts what is left. */
static void
test_unit_sheet_fires_t23 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlUnitSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  const SlUnitState *u;

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 3);
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-14', 'field': 'fires',"
                      " 'value': [{'turn': 1, 'subphase': 1, 'mode': 'single', 'target': 'tog-1'},"
                      " {'turn': 1, 'subphase': 2, 'mode': 'aimed'}]}");
  /* Two single shots a turn without automatic fire (T-23). */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'target': 'tog-1'}", "unit", NULL);
  sheet = sl_unit_sheet_new (NULL, game, sl_test_unit (game, "cw-14"));
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_cmpuint (sl_unit_sheet_get_n_fires (sheet), ==, 2);
  g_assert_cmpstr (sl_unit_sheet_get_fire_words (sheet, 0), ==, "Single shot at 1 · Centurion Vale");
  g_assert_cmpstr (sl_unit_sheet_get_fire_words (sheet, 1), ==, "Aimed fire");
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "unit-sheet-fires.png");

  g_assert_true (sl_unit_sheet_remove_fire (sheet, 0));
  u = sl_test_unit_state (game, "cw-14");
  g_assert_cmpint (u->n_fires, ==, 1);
  g_assert_cmpint (u->fires[0].mode, ==, SL_FIRE_MODE_AIMED);
  g_assert_cmpuint (sl_unit_sheet_get_n_fires (sheet), ==, 1);
  g_assert_false (sl_unit_sheet_remove_fire (sheet, 1));
  g_assert_true (sl_unit_sheet_clear_fires (sheet));
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->n_fires, ==, 0);
  g_assert_cmpuint (sl_unit_sheet_get_n_fires (sheet), ==, 0);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'target': 'tog-1'}");
}

/* Issue 21 #9: a dialog whose focus starts on its first choice, the
 * wounds; a refused correction is told there. */
static void
test_unit_sheet_accessible (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlUnitSheet *sheet = sl_unit_sheet_new (NULL, game, sl_test_unit (game, "cw-13"));
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));
  GtkWidget *entry = sl_sheet_get_entry (SL_SHEET (sheet));

  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (sheet), GTK_ACCESSIBLE_ROLE_DIALOG);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (entry)), ==, "Wounds");
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (sheet))) == entry);
  /* T-20: there are only three R boxes. */
  {
    const SlSetup *setup = sl_game_get_setup (game);
    g_autoptr(JsonNode) magazines = sl_command_new_correct_int (setup, sl_test_unit (game, "cw-13"), "magazines.R", 5);

    g_assert_false (sl_unit_sheet_correct (sheet, magazines, NULL));
  }
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       sl_sheet_get_problem (SL_SHEET (sheet)));
  sl_sheet_close (SL_SHEET (sheet));
}

int
main (int argc, char *argv[])
{
  /* The accessibility tests read what GTK would tell a screen reader. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/unit-sheet/correct", test_unit_sheet);
  g_test_add_func ("/unit-sheet/legionnaire", test_unit_sheet_legionnaire);
  g_test_add_func ("/unit-sheet/exposure-T-36", test_unit_sheet_exposure_t36);
  g_test_add_func ("/unit-sheet/fires-T-23", test_unit_sheet_fires_t23);
  g_test_add_func ("/unit-sheet/accessible", test_unit_sheet_accessible);
  return g_test_run ();
}
