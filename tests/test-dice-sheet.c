/* test-dice-sheet.c: sheets that need only dice — a rout check's d100 typed
 * as two keys (00 is 100), a melee's two dice and a parry, the odds from
 * the core before the roll (P-24, P-31). Runs under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-dice-sheet-private.h"
#include "sl-dice-sheet.h"
#include "sl-json.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"

static SlGame *
training_every_turn (void)
{
  g_autofree char *path = g_build_filename (SL_SOURCE_DATADIR, "scenarios", "training.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  SlSetup *setup;
  SlGame *game;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  node = sl_json_parse (text, -1, &error);
  g_assert_no_error (error);
  json_object_set_member (json_node_get_object (node), "options",
                          json_from_string ("{\"routCheckInterval\": 1}", NULL));
  setup = sl_setup_new_from_json (sl_test_rules (), node, &error);
  g_assert_no_error (error);
  game = sl_game_new (sl_test_rules (), setup);
  sl_game_set_seed (game, 1995);
  return game;
}

/* The group titled @title under @widget, or NULL. */
static GtkWidget *
find_group (GtkWidget  *widget,
            const char *title)
{
  if (ADW_IS_PREFERENCES_GROUP (widget) &&
      g_strcmp0 (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)), title) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_group (c, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* P-31: the TOG squad (regular, leader 0) routs on 5 or less of a d100:
 * 5 %, and the sheet says so as the history will ("routs on 5 or less":
 * success is routing), with no empty Modifiers box. "6" then "0" is 60: it holds. */
static void
test_rout_sheet (void)
{
  g_autoptr(SlGame) game = training_every_turn ();
  const SlSetup *setup = sl_game_get_setup (game);
  const SlDieNeed dice[] = { { "roll", 100, "Rout check (d100)", FALSE } };
  g_autoptr(JsonNode) tog = sl_command_new_rout_check (setup, sl_setup_find_squad (setup, "tog-squad"));
  g_autoptr(JsonNode) cw = sl_command_new_rout_check (setup, sl_setup_find_squad (setup, "cw-squad"));
  /* (Variables: the accessibility assertions print them as formats.) */
  const char *asked = "Routs on 5 or less · 5 %\n"
                      "Rout check (d100): type the tens die, then the units die (00 is 100).";
  const char *tens = "Routs on 5 or less · 5 %\nRout check (d100): 6_ — now the units die";
  SlDiceSheet *sheet;
  guint n;

  sl_test_start_turn (game);
  for (int guard = 0; guard < 100 && sl_game_get_state (game)->phase == SL_PHASE_ACTION; guard++)
    sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_ROUT_RALLY);
  sheet = sl_dice_sheet_new (NULL, game, "TOG 1st Squad Checks for Rout", "P-31", tog, dice, G_N_ELEMENTS (dice), FALSE);
  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "rout-sheet.png");
  g_assert_cmpstr (sl_dice_sheet_get_odds (sheet), ==, "Routs on 5 or less · 5 %");
  /* Issue 31 #8: no modifier, no empty Modifiers box. */
  g_assert_nonnull (find_group (GTK_WIDGET (sheet), "Modifiers"));
  g_assert_false (gtk_widget_get_visible (find_group (GTK_WIDGET (sheet), "Modifiers")));
  /* Issue 21 #9: a dialog, its focus on the roll button, whose
   * description says the odds and what to type, then the tens typed. */
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (sheet), GTK_ACCESSIBLE_ROLE_DIALOG);
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (sheet))) ==
                 sl_sheet_get_roll_button (SL_SHEET (sheet)));
  gtk_test_accessible_assert_property (sl_sheet_get_roll_button (SL_SHEET (sheet)),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, asked);
  n = sl_game_get_n_entries (game);
  g_assert_true (sl_dice_sheet_type_digit (sheet, 6));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n);
  gtk_test_accessible_assert_property (sl_sheet_get_roll_button (SL_SHEET (sheet)),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tens);
  g_assert_true (sl_dice_sheet_type_digit (sheet, 0));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n + 1);
  g_assert_nonnull (strstr (sl_game_get_entry (game, n)->summary, "routs on 5 or less, rolled 60"));

  /* "00" is 100: never a rout. */
  sheet = sl_dice_sheet_new (NULL, game, "Renegade Squad Checks for Rout", "P-31", cw, dice, G_N_ELEMENTS (dice), FALSE);
  sl_sheet_present (SL_SHEET (sheet));
  /* A veteran squad led at −1 has modifiers: shown (T-26). */
  g_assert_true (gtk_widget_get_visible (find_group (GTK_WIDGET (sheet), "Modifiers")));
  g_assert_true (sl_dice_sheet_type_digit (sheet, 0));
  g_assert_true (sl_dice_sheet_type_digit (sheet, 0));
  g_assert_nonnull (strstr (sl_game_get_entry (game, n + 1)->summary, "rolled 100"));
}

/* P-24: both dice of a melee, then applied; a parry switch changes the
 * odds of the other side. */
static void
test_melee_sheet (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlDieNeed dice[] = {
    { "roll", 10, "Legionnaire Marek strikes", FALSE }, { "target_roll", 10, "Trooper Hale strikes", FALSE }
  };
  g_autoptr(JsonNode) melee = sl_command_new_melee (sl_game_get_setup (game), sl_test_unit (game, "tog-2"));
  SlDiceSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  g_autofree char *before = NULL;
  const SlJournalEntry *e;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'engage', 'unit': 'tog-2', 'target': 'cw-13'}");
  sl_test_go_to_subphase (game, 6);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_MELEE);
  sheet = sl_dice_sheet_new (NULL, game, "Melee", "P-24", melee, dice, G_N_ELEMENTS (dice), FALSE);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_test_message ("%s", sl_dice_sheet_get_odds (sheet));
  /* Each side named with its counter, as the pickers name units. */
  g_assert_nonnull (strstr (sl_dice_sheet_get_odds (sheet), "2 · Legionnaire Marek: Needs"));
  g_assert_nonnull (strstr (sl_dice_sheet_get_odds (sheet), "13 · Trooper Hale: Needs"));
  before = g_strdup (sl_dice_sheet_get_odds (sheet));
  sl_dice_sheet_add_switch (sheet, "Trooper Hale parries", "target_stance", g_variant_new_string ("parry"));
  g_assert_cmpstr (sl_dice_sheet_get_odds (sheet), ==, before);
  g_assert_true (sl_dice_sheet_type_digit (sheet, 1));
  g_assert_true (sl_dice_sheet_type_digit (sheet, 9));
  e = sl_game_get_entry (game, sl_game_get_n_entries (game) - 1);
  g_assert_nonnull (strstr (e->summary, "Legionnaire Marek strikes Trooper Hale"));
}

/* Whether a row under @widget is titled @title with @subtitle. */
static gboolean
has_row (GtkWidget  *widget,
         const char *title,
         const char *subtitle)
{
  if (ADW_IS_ACTION_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0 &&
      g_strcmp0 (adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)), subtitle) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (has_row (c, title, subtitle))
      return TRUE;
  return FALSE;
}

/* The spin button of the row titled @title under @widget, or NULL. */
static GtkWidget *
find_spin (GtkWidget  *widget,
           const char *title)
{
  if (GTK_IS_SPIN_BUTTON (widget) && title == NULL)
    return widget;
  if (ADW_IS_ACTION_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    title = NULL;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_spin (c, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The melee sheet lists the modifiers of each side's roll, and takes the
 * table's own modifier of either roll into the command's "modifiers" /
 * "target_modifiers" (P-24 step 3). */
static void
test_melee_sheet_modifiers (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlDieNeed dice[] = {
    { "roll", 10, "Legionnaire Marek strikes", FALSE }, { "target_roll", 10, "Trooper Hale strikes", FALSE }
  };
  g_autoptr(JsonNode) melee = sl_command_new_melee (sl_game_get_setup (game), sl_test_unit (game, "tog-2"));
  SlDiceSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  g_autofree char *before = NULL;
  const SlJournalEntry *e;
  JsonObject *command;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'engage', 'unit': 'tog-2', 'target': 'cw-13'}");
  sl_test_go_to_subphase (game, 6);
  sl_test_play (game, "{'type': 'next'}");
  sheet = sl_dice_sheet_new (NULL, game, "Melee", "P-24", melee, dice, G_N_ELEMENTS (dice), FALSE);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_true (has_row (GTK_WIDGET (sheet), "Troop type: Combat Arms", "Roll of 2 · Legionnaire Marek"));
  g_assert_true (has_row (GTK_WIDGET (sheet), "Opponent's suit: Bounce Infantry", "Roll of 13 · Trooper Hale"));
  before = g_strdup (sl_dice_sheet_get_odds (sheet));
  sl_dice_sheet_add_modifier (sheet, "Table’s modifier to Marek’s roll", "modifiers", "Table");
  g_assert_cmpstr (sl_dice_sheet_get_odds (sheet), ==, before);
  {
    GtkWidget *spin = find_spin (GTK_WIDGET (sheet), "Table’s modifier to Marek’s roll");

    g_assert_nonnull (spin);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), -2);
  }
  g_test_message ("%s", sl_dice_sheet_get_odds (sheet));
  g_assert_cmpstr (sl_dice_sheet_get_odds (sheet), !=, before);
  g_assert_true (has_row (GTK_WIDGET (sheet), "Table", "Roll of 2 · Legionnaire Marek"));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "melee-sheet.png");
  g_assert_true (sl_dice_sheet_type_digit (sheet, 5));
  g_assert_true (sl_dice_sheet_type_digit (sheet, 9));
  e = sl_game_get_entry (game, sl_game_get_n_entries (game) - 1);
  command = json_node_get_object (sl_journal_entry_get_command (e));
  g_assert_cmpint (json_array_get_length (json_object_get_array_member (command, "modifiers")), ==, 1);
  g_assert_false (json_object_has_member (command, "target_modifiers"));
}

int
main (int argc, char *argv[])
{
  /* The accessibility tests read what GTK would tell a screen reader. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/dice-sheet/rout-d100", test_rout_sheet);
  g_test_add_func ("/dice-sheet/melee", test_melee_sheet);
  g_test_add_func ("/dice-sheet/melee-modifiers", test_melee_sheet_modifiers);
  return g_test_run ();
}
