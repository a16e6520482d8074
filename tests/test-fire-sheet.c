/* test-fire-sheet.c: the resolution sheet of a fire — the odds before the
 * roll from the core, the table's modifiers changing them, the die as one
 * key press, the jam check's die after a natural 1 (P-14, P-16, E-07).
 * Runs under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-combat.h"
#include "sl-fire-sheet-private.h"
#include "sl-fire-sheet.h"
#include "sl-sheet-private.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"
#include "sl-ui-util-private.h"
#include "sl-ui-util.h"

/* E-07: Trooper Hale's fire at Legionnaire Quill is due. */
static SlGame *
e07_fire (void)
{
  SlGame *game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 7);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-4'}");
  sl_test_play (game, "{'type': 'next'}");
  return game;
}

static const SlJournalEntry *
last_entry (SlGame *game)
{
  return sl_game_get_entry (game, sl_game_get_n_entries (game) - 1);
}

/* The sheet shows the number needed before the roll; cover changes it;
 * the die key applies the fire and closes the sheet. */
static void
test_fire_sheet_odds (void)
{
  g_autoptr(SlGame) game = e07_fire ();
  SlFireSheet *sheet = sl_fire_sheet_new (NULL, game, sl_test_unit (game, "cw-13"), FALSE);
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));
  g_autofree char *open = NULL;
  guint n = sl_game_get_n_entries (game);

  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  g_assert_cmpstr (sl_fire_sheet_get_odds (sheet), ==, "Needs 7 or less · 70 %");
  sl_test_ui_save_png (GTK_WIDGET (sheet), "fire-sheet.png");

  /* T-14: a target in hard half cover is harder to hit. */
  open = g_strdup (sl_fire_sheet_get_odds (sheet));
  sl_fire_sheet_set_cover (sheet, SL_COVER_HALF_HARD);
  g_assert_cmpstr (sl_fire_sheet_get_odds (sheet), !=, open);
  sl_fire_sheet_set_cover (sheet, SL_COVER_NONE);
  g_assert_cmpstr (sl_fire_sheet_get_odds (sheet), ==, open);

  /* Out of range: refused, nothing applied. */
  g_assert_false (sl_fire_sheet_enter_die (sheet, 11));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n);

  g_assert_true (sl_fire_sheet_enter_die (sheet, 9));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n + 1);
  g_assert_nonnull (strstr (last_entry (game)->summary, "needs 7 or less, rolled 9"));
  g_assert_null (last_entry (game)->rolled[0]);
  g_assert_false (sl_sheet_get_shown (SL_SHEET (sheet)));
}

/* A natural 1 asks for the jam check's die before anything is applied;
 * both dice are the players' own. */
static void
test_fire_sheet_jam (void)
{
  g_autoptr(SlGame) game = e07_fire ();
  SlFireSheet *sheet = sl_fire_sheet_new (NULL, game, sl_test_unit (game, "cw-13"), FALSE);
  guint n = sl_game_get_n_entries (game);
  JsonObject *command;

  sl_sheet_present (SL_SHEET (sheet));
  g_assert_true (sl_fire_sheet_enter_die (sheet, 1));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n);
  g_assert_true (sl_fire_sheet_enter_die (sheet, 5));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n + 1);
  command = json_node_get_object (sl_journal_entry_get_command (last_entry (game)));
  g_assert_cmpint (json_object_get_int_member (command, "roll"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (command, "jam_roll"), ==, 5);
  g_assert_null (last_entry (game)->rolled[0]);
}

/* §9.3: Trooper Hale's OMNI rifle in spike mode fires a concentrated
 * burst; a hit asks the die for the rounds that hit. */
static void
test_fire_sheet_burst (void)
{
  g_autoptr(SlGame) game = e07_fire ();
  SlFireSheet *sheet = sl_fire_sheet_new (NULL, game, sl_test_unit (game, "cw-13"), FALSE);
  guint n = sl_game_get_n_entries (game);
  JsonObject *command;

  sl_sheet_present (SL_SHEET (sheet));
  g_assert_true (sl_fire_sheet_set_burst (sheet, TRUE));
  g_test_message ("%s", sl_fire_sheet_get_odds (sheet));
  g_assert_true (sl_fire_sheet_enter_die (sheet, 2));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n);
  g_assert_true (sl_fire_sheet_enter_die (sheet, 5));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n + 1);
  command = json_node_get_object (sl_journal_entry_get_command (last_entry (game)));
  g_assert_cmpstr (json_object_get_string_member (command, "burst"), ==, "concentrated");
  g_assert_cmpint (json_object_get_int_member (command, "hits_roll"), ==, 5);
}

/* P-30 step 2: a fire declared as a concentrated burst is resolved as
 * one — the sheet's switch starts on and stays so, and the command says
 * so, and no area burst is offered instead. A fire declared as a single
 * shot starts with it off, and may be fired as an area burst instead. */
static void
test_fire_sheet_declared_burst (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlFireSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  g_autoptr(JsonNode) declared = NULL;
  g_autoptr(JsonNode) single = NULL;
  guint n;
  JsonObject *command;

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 7);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-4',"
                      " 'burst': 'concentrated'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-17', 'action': 'fire', 'target': 'tog-4'}");
  sl_test_play (game, "{'type': 'next'}");

  sheet = sl_fire_sheet_new (NULL, game, sl_test_unit (game, "cw-17"), FALSE);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  single = sl_fire_sheet_get_command (sheet);
  g_assert_false (json_object_has_member (json_node_get_object (single), "burst"));
  /* P-30 step 4: declared without a burst, it may be fired as an area
   * burst instead — on the area-burst sheet. */
  {
    SlAreaBurstSheet *area = sl_fire_sheet_area_burst_instead (sheet);

    g_assert_nonnull (area);
    g_assert_false (sl_sheet_get_shown (SL_SHEET (sheet)));
    g_assert_true (sl_sheet_get_shown (SL_SHEET (area)));
    sl_sheet_close (SL_SHEET (area));
  }
  g_clear_object (&keep);

  sheet = sl_fire_sheet_new (NULL, game, sl_test_unit (game, "cw-13"), FALSE);
  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "fire-sheet-declared-burst.png");
  declared = sl_fire_sheet_get_command (sheet);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (declared), "burst"), ==, "concentrated");
  g_assert_null (sl_fire_sheet_area_burst_instead (sheet));
  n = sl_game_get_n_entries (game);
  g_assert_true (sl_fire_sheet_enter_die (sheet, 2));
  g_assert_true (sl_fire_sheet_enter_die (sheet, 5));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n + 1);
  command = json_node_get_object (sl_journal_entry_get_command (last_entry (game)));
  g_assert_cmpint (json_object_get_int_member (command, "hits_roll"), ==, 5);
}

/* Issue 21 #9: a screen reader reads the sheet as a dialog whose focus
 * starts on the roll button, and that button's description tells the odds
 * and what to type, then the die typed and the jam check asked for; a
 * modifier's row is named with its value. (The texts are variables: the
 * assertions print them as formats.) */
static void
test_fire_sheet_accessible (void)
{
  g_autoptr(SlGame) game = e07_fire ();
  SlFireSheet *sheet = sl_fire_sheet_new (NULL, game, sl_test_unit (game, "cw-13"), FALSE);
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));
  GtkWidget *roll = sl_test_ui_find (GTK_WIDGET (sheet), GTK_TYPE_BUTTON, "_Roll for Me");
  const char *title = "13 · Trooper Hale Fires";
  const char *asked = "Needs 7 or less · 70 %\nType the die: 1–9, 0 for 10.";
  const char *jam = "Needs 7 or less · 70 %\nDice typed: 1\n"
                    "A natural 1: the jam check (P-16) — Jams on 2 or less · 20 %. Type its die: 1–9, 0 for 10.";
  g_autoptr(JsonNode) command = NULL;
  g_autoptr(JsonNode) preview = NULL;
  JsonArray *breakdown;
  JsonObject *first;
  GtkWidget *row;
  g_autofree char *value = NULL;
  g_autofree char *name = NULL;

  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (sheet), GTK_ACCESSIBLE_ROLE_DIALOG);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (sheet), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       title);
  g_assert_true (sl_sheet_get_entry (SL_SHEET (sheet)) == roll);
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (sheet))) == roll);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (roll), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       asked);

  /* T-14: hard half cover, a modifier whose value is in its row's name. */
  sl_fire_sheet_set_cover (sheet, SL_COVER_HALF_HARD);
  command = sl_fire_sheet_get_command (sheet);
  preview = sl_game_preview (game, command, NULL, NULL);
  breakdown = json_object_get_array_member (json_node_get_object (preview), "breakdown");
  first = json_array_get_object_element (breakdown, 0);
  row = sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_ACTION_ROW,
                         json_object_get_string_member (first, "label"));
  g_assert_nonnull (row);
  value = sl_signed_text (json_object_get_int_member (first, "value"));
  name = g_strdup_printf ("%s %s", json_object_get_string_member (first, "label"), value);
  g_test_message ("%s", name);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name);
  /* Issue 32 #3: alone — Orca reads a "labelled by" title first. */
  g_assert_false (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY));
  /* Issue 32 #3 (T-14): the Cover row is named with the cover chosen,
   * as it changes, and alone. */
  {
    AdwComboRow *cover = ADW_COMBO_ROW (sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_COMBO_ROW, "C_over"));
    GObject *item = adw_combo_row_get_selected_item (cover);
    g_autofree char *cover_name = NULL;

    g_assert_true (GTK_IS_STRING_OBJECT (item));
    cover_name = g_strdup_printf ("Cover: %s", gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
    g_test_message ("%s", cover_name);
    g_assert_nonnull (strstr (cover_name, "alf"));
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cover), GTK_ACCESSIBLE_PROPERTY_LABEL, cover_name);
    g_assert_false (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (cover), GTK_ACCESSIBLE_RELATION_LABELLED_BY));
    sl_fire_sheet_set_cover (sheet, SL_COVER_NONE);
    g_free (cover_name);
    item = adw_combo_row_get_selected_item (cover);
    cover_name = g_strdup_printf ("Cover: %s", gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
    g_test_message ("%s", cover_name);
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cover), GTK_ACCESSIBLE_PROPERTY_LABEL, cover_name);
  }

  /* A natural 1: the die typed and the jam check's are told. */
  g_assert_true (sl_fire_sheet_enter_die (sheet, 1));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (roll), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       jam);
  g_assert_cmpstr (sl_sheet_get_description (SL_SHEET (sheet)), ==, jam);
}

/* Issue 31 #6: the sheet says what will happen. Full cover blocks the
 * line of sight (T-15): the sheet says so and asks for no die, and the
 * refusal clears once the cover is put right; a cover that changes
 * nothing, under the scenario's heavy woods, says why (A-47, T-41 G). */
static void
test_fire_sheet_says_why (void)
{
  g_autoptr(SlGame) game = e07_fire ();
  SlFireSheet *sheet = sl_fire_sheet_new (NULL, game, sl_test_unit (game, "cw-13"), FALSE);
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));
  guint n = sl_game_get_n_entries (game);

  sl_sheet_present (SL_SHEET (sheet));
  sl_fire_sheet_set_cover (sheet, SL_COVER_FULL_HARD);
  g_assert_nonnull (strstr (sl_sheet_get_problem (SL_SHEET (sheet)), "Full cover blocks the line of sight"));
  g_assert_cmpstr (sl_sheet_get_prompt (SL_SHEET (sheet)), ==,
                   "No die: the fire cannot be resolved as the sheet stands (see above).");
  g_assert_false (sl_fire_sheet_enter_die (sheet, 4));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n);
  sl_fire_sheet_set_cover (sheet, SL_COVER_NONE);
  g_assert_true (sl_sheet_get_problem (SL_SHEET (sheet)) == NULL || *sl_sheet_get_problem (SL_SHEET (sheet)) == '\0');
  g_assert_cmpstr (sl_sheet_get_prompt (SL_SHEET (sheet)), ==, "Type the die: 1–9, 0 for 10.");
  sl_sheet_close (SL_SHEET (sheet));

  {
    g_autoptr(SlGame) woods = sl_test_game_new_scenario ("definitely-not-camping", NULL);
    SlFireSheet *woods_sheet;
    g_autoptr(GtkWidget) woods_keep = NULL;

    sl_test_play (woods, "{'type': 'initiative', 'rolls': {'cw-team1': 1, 'cw-team2': 2, 'cw-team3': 3,"
                         " 'tog-squad': 9}}");
    if (sl_game_get_state (woods)->phase != SL_PHASE_ACTION)
      sl_test_play (woods, "{'type': 'next'}");
    sl_test_play (woods, "{'type': 'declare', 'unit': 'cw-22', 'action': 'fire', 'target': 'tog-2'}");
    sl_test_play (woods, "{'type': 'next'}");
    woods_sheet = sl_fire_sheet_new (NULL, woods, sl_test_unit (woods, "cw-22"), FALSE);
    woods_keep = g_object_ref (GTK_WIDGET (woods_sheet));
    sl_sheet_present (SL_SHEET (woods_sheet));
    sl_fire_sheet_set_cover (woods_sheet, SL_COVER_HALF_HARD);
    g_assert_nonnull (sl_test_ui_find (GTK_WIDGET (woods_sheet), ADW_TYPE_ACTION_ROW,
                                       "Hard half cover: not counted, only the highest cover counts (A-47)"));
    g_assert_cmpstr (sl_fire_sheet_get_odds (woods_sheet), ==, "Needs a 1 · 10 %");
    /* … said by the choice itself. */
    g_assert_cmpstr (sl_widget_get_tooltip (sl_test_ui_find (GTK_WIDGET (woods_sheet), ADW_TYPE_COMBO_ROW, "C_over")),
                     ==, "Hard half cover: not counted, only the highest cover counts (A-47)");
    sl_test_ui_settle ();
    sl_test_ui_save_png (GTK_WIDGET (woods_sheet), "fire-sheet-a47.png");
    sl_sheet_close (SL_SHEET (woods_sheet));
  }
}

int
main (int argc, char *argv[])
{
  /* The accessibility tests read what GTK would tell a screen reader. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/fire-sheet/odds", test_fire_sheet_odds);
  g_test_add_func ("/fire-sheet/jam", test_fire_sheet_jam);
  g_test_add_func ("/fire-sheet/concentrated-burst", test_fire_sheet_burst);
  g_test_add_func ("/fire-sheet/declared-burst-P-30", test_fire_sheet_declared_burst);
  g_test_add_func ("/fire-sheet/accessible", test_fire_sheet_accessible);
  g_test_add_func ("/fire-sheet/says-why-T-15-A-47", test_fire_sheet_says_why);
  return g_test_run ();
}
