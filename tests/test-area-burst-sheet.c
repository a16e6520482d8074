/* test-area-burst-sheet.c: the resolution sheet of an area burst — the
 * units in the wedge named by the players, the odds of each roll before it
 * is made, the dice asked for in the core's order (nearest first), one key
 * press each, the jam check after a natural 1 on the first roll, the
 * core's refusals (P-30 step 4, A-56, A-95). Runs under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-area-burst-sheet-private.h"
#include "sl-area-burst-sheet.h"
#include "sl-combat.h"
#include "sl-sheet-private.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"

/* Centurion Vale (tog-1, a spike rifle) declares an area burst in subphase
 * 1; the clock goes to its ranged-fire step. */
static SlGame *
area_burst_due (void)
{
  SlGame *game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'burst': 'area'}");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_RANGED_FIRE);
  return game;
}

static const SlJournalEntry *
last_entry (SlGame *game)
{
  return sl_game_get_entry (game, sl_game_get_n_entries (game) - 1);
}

static JsonObject *
target_at (JsonObject *command,
           guint       i)
{
  return json_array_get_object_element (json_object_get_array_member (command, "targets"), i);
}

/* Two units in the wedge: the command names both, with their distances
 * and cover; the odds of each roll are shown before it (+3 for the area
 * burst, −2 for the fire control: +1, needs 6 or less, T-14, P-30 step 4;
 * half cover counts on top); the dice are asked for nearest first, and the
 * last one resolves the burst with the players' own dice. */
static void
test_area_burst_sheet_two_targets (void)
{
  g_autoptr(SlGame) game = area_burst_due ();
  SlAreaBurstSheet *sheet = sl_area_burst_sheet_new (NULL, game, sl_test_unit (game, "tog-1"), FALSE);
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));
  g_autoptr(JsonNode) node = NULL;
  JsonObject *command, *e;
  guint n = sl_game_get_n_entries (game);

  sl_sheet_present (SL_SHEET (sheet));
  g_assert_cmpstr (sl_sheet_get_title (SL_SHEET (sheet)), ==, "1 · Centurion Vale Fires an Area Burst");
  /* It opens with one unit in the wedge; a second is added. */
  g_assert_cmpuint (sl_area_burst_sheet_get_n_targets (sheet), ==, 1);
  g_assert_cmpuint (sl_area_burst_sheet_add_target (sheet), ==, 1);
  g_assert_true (sl_area_burst_sheet_set_target (sheet, 0, sl_test_unit (game, "cw-13"), 8, SL_COVER_NONE));
  g_assert_true (sl_area_burst_sheet_set_target (sheet, 1, sl_test_unit (game, "cw-14"), 3, SL_COVER_HALF_SOFT));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "area-burst-sheet.png");

  node = sl_area_burst_sheet_get_command (sheet);
  command = json_node_get_object (node);
  g_assert_cmpstr (json_object_get_string_member (command, "type"), ==, "area-burst");
  g_assert_cmpstr (json_object_get_string_member (command, "unit"), ==, "tog-1");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (command, "targets")), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (target_at (command, 0), "unit"), ==, "cw-13");
  g_assert_cmpfloat (json_object_get_double_member (target_at (command, 0), "distance_m"), ==, 8);
  g_assert_false (json_object_has_member (target_at (command, 0), "cover"));
  g_assert_cmpstr (json_object_get_string_member (target_at (command, 1), "unit"), ==, "cw-14");
  g_assert_cmpfloat (json_object_get_double_member (target_at (command, 1), "distance_m"), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (target_at (command, 1), "cover"), ==,
                   sl_cover_names[SL_COVER_HALF_SOFT]);
  g_assert_false (json_object_has_member (target_at (command, 0), "roll"));

  /* The odds before the roll, from the core. */
  g_test_message ("%s / %s", sl_area_burst_sheet_get_odds (sheet, 0), sl_area_burst_sheet_get_odds (sheet, 1));
  g_assert_cmpstr (sl_area_burst_sheet_get_odds (sheet, 0), ==, "Needs 6 or less · 60 %");
  g_assert_cmpstr (sl_area_burst_sheet_get_odds (sheet, 1), ==, "Needs 5 or less · 50 %");

  /* Nearest first: Hale's partner at 3 m, then Hale at 8 m. */
  g_assert_true (g_str_has_prefix (sl_area_burst_sheet_get_prompt (sheet), "14 · "));
  g_assert_false (sl_area_burst_sheet_enter_die (sheet, 0));
  g_assert_true (sl_area_burst_sheet_enter_die (sheet, 9));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n);
  g_assert_true (g_str_has_prefix (sl_area_burst_sheet_get_prompt (sheet), "13 · Trooper Hale: "));
  g_assert_true (sl_area_burst_sheet_enter_die (sheet, 2));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n + 1);
  g_assert_false (sl_sheet_get_shown (SL_SHEET (sheet)));

  command = json_node_get_object (sl_journal_entry_get_command (last_entry (game)));
  g_assert_cmpstr (json_object_get_string_member (target_at (command, 0), "unit"), ==, "cw-13");
  g_assert_cmpint (json_object_get_int_member (target_at (command, 0), "roll"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (target_at (command, 1), "roll"), ==, 9);
  g_assert_null (last_entry (game)->rolled[0]);
  e = json_node_get_object (last_entry (game)->result);
  g_assert_cmpint (json_object_get_int_member (e, "hits"), ==, 1);
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->wound, >, SL_WOUND_NONE);
}

/* a natural 1 on the first roll asks for the jam check's die; the
 * other units' dice are the app's when the players leave them. */
static void
test_area_burst_sheet_jam (void)
{
  g_autoptr(SlGame) game = area_burst_due ();
  SlAreaBurstSheet *sheet = sl_area_burst_sheet_new (NULL, game, sl_test_unit (game, "tog-1"), TRUE);
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));
  JsonObject *command;
  guint n = sl_game_get_n_entries (game);

  sl_sheet_present (SL_SHEET (sheet));
  sl_area_burst_sheet_add_target (sheet);
  g_assert_true (sl_area_burst_sheet_set_target (sheet, 0, sl_test_unit (game, "cw-13"), 4, SL_COVER_NONE));
  g_assert_true (sl_area_burst_sheet_set_target (sheet, 1, sl_test_unit (game, "cw-14"), 6, SL_COVER_NONE));
  g_assert_true (sl_area_burst_sheet_enter_die (sheet, 1));
  g_assert_nonnull (strstr (sl_area_burst_sheet_get_prompt (sheet), "jam check"));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "area-burst-sheet-jam.png");
  g_assert_true (sl_area_burst_sheet_enter_die (sheet, 7));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n);
  /* Roll for Me: the app rolls the die left. */
  g_assert_true (sl_area_burst_sheet_apply (sheet));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n + 1);
  command = json_node_get_object (sl_journal_entry_get_command (last_entry (game)));
  g_assert_cmpint (json_object_get_int_member (command, "jam_roll"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (target_at (command, 0), "roll"), ==, 1);
  g_assert_true (json_object_has_member (target_at (command, 1), "roll"));
  g_assert_nonnull (last_entry (game)->rolled[0]);
}

/* What the shared screen offers: enemies in the fight, never an undetected
 * hidden unit (§15.1); a unit named twice is refused with the core's
 * words; a jammed weapon leaves only giving up the action (§6.1). */
static void
test_area_burst_sheet_refused (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlAreaBurstSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-15', 'field': 'hidden', 'value': true}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'burst': 'area'}");
  sl_test_play (game, "{'type': 'next'}");
  sheet = sl_area_burst_sheet_new (NULL, game, sl_test_unit (game, "tog-1"), FALSE);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_true (sl_area_burst_sheet_offers (sheet, sl_test_unit (game, "cw-13")));
  g_assert_false (sl_area_burst_sheet_offers (sheet, sl_test_unit (game, "cw-15")));
  g_assert_false (sl_area_burst_sheet_offers (sheet, sl_test_unit (game, "tog-2")));
  g_assert_false (sl_area_burst_sheet_set_target (sheet, 0, sl_test_unit (game, "cw-15"), 4, SL_COVER_NONE));

  sl_area_burst_sheet_add_target (sheet);
  g_assert_true (sl_area_burst_sheet_set_target (sheet, 0, sl_test_unit (game, "cw-13"), 4, SL_COVER_NONE));
  g_assert_true (sl_area_burst_sheet_set_target (sheet, 1, sl_test_unit (game, "cw-13"), 6, SL_COVER_NONE));
  g_test_message ("%s", sl_area_burst_sheet_get_problem (sheet));
  g_assert_nonnull (strstr (sl_area_burst_sheet_get_problem (sheet), "A-95"));
  g_assert_false (sl_area_burst_sheet_can_give_up (sheet));
  g_assert_false (sl_area_burst_sheet_enter_die (sheet, 5));
  sl_area_burst_sheet_remove_target (sheet, 1);
  g_assert_cmpuint (sl_area_burst_sheet_get_n_targets (sheet), ==, 1);
  g_assert_null (sl_area_burst_sheet_get_problem (sheet));
  sl_sheet_close (SL_SHEET (sheet));
  g_clear_object (&keep);

  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-1', 'field': 'jammed', 'value': true}");
  sheet = sl_area_burst_sheet_new (NULL, game, sl_test_unit (game, "tog-1"), FALSE);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_test_message ("%s", sl_area_burst_sheet_get_problem (sheet));
  g_assert_nonnull (strstr (sl_area_burst_sheet_get_problem (sheet), "jammed"));
  g_assert_true (sl_area_burst_sheet_can_give_up (sheet));
  g_assert_true (sl_area_burst_sheet_give_up (sheet));
  g_assert_null (sl_test_unit_state (game, "tog-1")->current.action);
}

static SlGame *
weather_game (const char *weather)
{
  g_autofree char *setup = g_strdup_printf (
    "{'id': 'rain', 'name': 'Rain', 'length_turns': 3,"
    " 'modules': ['ammunition', 'automatic-fire', 'environment'], %s,"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': [{'id': 'a-1', 'counter': 1, 'name': 'Centurion Vale',"
    "     'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'b-1', 'counter': 2, 'name': 'Trooper Hale', 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'b-2', 'counter': 3, 'name': 'Trooper Amari', 'troop': 'marines', 'armor': 'M',"
    "      'weapons': ['LR']}]}]}]}", weather);
  SlGame *game = sl_test_game_new_setup (setup);

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'fire', 'burst': 'area'}");
  sl_test_play (game, "{'type': 'next'}");
  return game;
}

/* T-36, A-118: in rain each unit in the wedge is fired at across its own
 * distance, which reads the weather's range band: the odds differ row by
 * row. In heavy woods a unit beyond what the firer can see (3 m, A-46) is
 * refused on its own row, in the core's words naming it, and the burst
 * waits: nothing to give up, the row is put right. */
static void
test_area_burst_sheet_range_a118 (void)
{
  g_autoptr(SlGame) game = weather_game ("'environment': {'rain': true}");
  g_autoptr(SlGame) woods = weather_game (
    "'special_conditions': [{'kind': 'terrain', 'terrain': 'heavy-woods', 'text': 'Heavy woods everywhere.'}]");
  SlAreaBurstSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  const char *problem;

  sheet = sl_area_burst_sheet_new (NULL, game, sl_test_unit (game, "a-1"), FALSE);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  sl_area_burst_sheet_add_target (sheet);
  g_assert_true (sl_area_burst_sheet_set_target (sheet, 0, sl_test_unit (game, "b-1"), 5, SL_COVER_NONE));
  g_assert_true (sl_area_burst_sheet_set_target (sheet, 1, sl_test_unit (game, "b-2"), 40, SL_COVER_NONE));
  g_assert_cmpstr (sl_area_burst_sheet_get_odds (sheet, 0), ==, "Needs 6 or less · 60 %");
  g_assert_cmpstr (sl_area_burst_sheet_get_odds (sheet, 1), ==, "Needs 5 or less · 50 %");
  g_assert_null (sl_area_burst_sheet_get_problem (sheet));
  sl_sheet_close (SL_SHEET (sheet));

  sheet = sl_area_burst_sheet_new (NULL, woods, sl_test_unit (woods, "a-1"), FALSE);
  g_object_unref (keep);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  sl_area_burst_sheet_add_target (sheet);
  g_assert_true (sl_area_burst_sheet_set_target (sheet, 0, sl_test_unit (woods, "b-1"), 2, SL_COVER_NONE));
  g_assert_true (sl_area_burst_sheet_set_target (sheet, 1, sl_test_unit (woods, "b-2"), 8, SL_COVER_NONE));
  problem = sl_area_burst_sheet_get_problem (sheet);
  g_assert_cmpstr (problem, ==, "3 · Trooper Amari: In Heavy Woods nothing is seen beyond 3 m: no line of sight at 8 m (T-10, A-46; book §6.0, §7.6, §7.7).");
  g_assert_cmpstr (sl_area_burst_sheet_get_odds (sheet, 1), ==,
                   "In Heavy Woods nothing is seen beyond 3 m: no line of sight at 8 m (T-10, A-46).");
  g_assert_cmpstr (sl_area_burst_sheet_get_prompt (sheet), ==,
                   "Change the row of 3 · Trooper Amari, or take it out of the wedge.");
  g_assert_false (sl_area_burst_sheet_can_give_up (sheet));
  g_assert_false (sl_area_burst_sheet_enter_die (sheet, 3));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "area-burst-woods.png");
  /* Put right, the burst goes on. */
  g_assert_true (sl_area_burst_sheet_set_target (sheet, 1, sl_test_unit (woods, "b-2"), 3, SL_COVER_NONE));
  g_assert_null (sl_area_burst_sheet_get_problem (sheet));
  g_assert_cmpstr (sl_area_burst_sheet_get_prompt (sheet), ==, "2 · Trooper Hale: type the die (1–9, 0 for 10).");
  sl_sheet_close (SL_SHEET (sheet));
}

/* Issue 21 #9: a dialog whose focus starts on Roll for Me, whose
 * description says which unit's die is asked for (and what the button
 * does), then the dice typed. (Texts in variables: the accessibility
 * assertions print them as formats.) */
static void
test_area_burst_sheet_accessible (void)
{
  g_autoptr(SlGame) game = area_burst_due ();
  SlAreaBurstSheet *sheet = sl_area_burst_sheet_new (NULL, game, sl_test_unit (game, "tog-1"), FALSE);
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));
  GtkWidget *roll = sl_sheet_get_roll_button (SL_SHEET (sheet));
  g_autofree char *asked = NULL;
  g_autofree char *typed = NULL;

  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (sheet), GTK_ACCESSIBLE_ROLE_DIALOG);
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (sheet))) == roll);
  g_assert_cmpuint (sl_area_burst_sheet_add_target (sheet), ==, 1);
  g_assert_true (sl_area_burst_sheet_set_target (sheet, 0, sl_test_unit (game, "cw-13"), 8,
                                                 SL_COVER_NONE));
  g_assert_true (sl_area_burst_sheet_set_target (sheet, 1, sl_test_unit (game, "cw-14"), 3,
                                                 SL_COVER_NONE));
  asked = g_strdup_printf ("%s\n%s", sl_area_burst_sheet_get_prompt (sheet),
                           gtk_widget_get_tooltip_text (roll));
  g_assert_nonnull (strstr (asked, "14 · Trooper Nadeau: type the die"));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (roll), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       asked);
  g_assert_true (sl_area_burst_sheet_enter_die (sheet, 9));
  typed = g_strdup_printf ("Dice typed: 9\n%s\n%s", sl_area_burst_sheet_get_prompt (sheet),
                           gtk_widget_get_tooltip_text (roll));
  g_assert_nonnull (strstr (typed, "13 · Trooper Hale: type the die"));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (roll), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       typed);
}

int
main (int argc, char *argv[])
{
  /* The accessibility tests read what GTK would tell a screen reader. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/area-burst-sheet/two-targets", test_area_burst_sheet_two_targets);
  g_test_add_func ("/area-burst-sheet/jam", test_area_burst_sheet_jam);
  g_test_add_func ("/area-burst-sheet/refused", test_area_burst_sheet_refused);
  g_test_add_func ("/area-burst-sheet/range-A-118", test_area_burst_sheet_range_a118);
  g_test_add_func ("/area-burst-sheet/accessible", test_area_burst_sheet_accessible);
  return g_test_run ();
}
