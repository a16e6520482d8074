/* test-blast-sheet.c: something goes off — the players say who is near,
 * and what only they can see: the diver who smothers a grenade (P-34 step
 * 7, A-111), who stands in the strip behind a shaped charge's obstacle
 * whether it breached it; a fire mission shows the kind
 * called (P-38). The core does the rest. Runs under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-blast-sheet-private.h"
#include "sl-blast-sheet.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"

static gboolean
shows_label (GtkWidget  *widget,
             const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (shows_label (c, text))
      return TRUE;
  return FALSE;
}

/* How many rows titled @title under @widget have their switch on. */
static int
count_on (GtkWidget  *widget,
          const char *title)
{
  int on = 0;

  if (ADW_IS_ACTION_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    {
      GtkWidget *toggle = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (widget));

      return GTK_IS_SWITCH (toggle) && gtk_switch_get_active (GTK_SWITCH (toggle));
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    on += count_on (c, title);
  return on;
}

/* The first marker on the table, due now. */
static int
first_marker (SlGame *game)
{
  const SlState *state = sl_game_get_state (game);

  g_assert_cmpuint (state->markers->len, >, 0);
  return g_array_index (state->markers, SlMarker, 0).id;
}

static JsonObject *
last_command (SlGame *game)
{
  return json_node_get_object (sl_journal_entry_get_command (sl_game_get_entry (game,
                                                                                sl_game_get_n_entries (game) - 1)));
}

static void
play_to_explosions (SlGame *game)
{
  for (int guard = 0; guard < 200 && sl_game_get_state (game)->step != SL_STEP_EXPLOSION; guard++)
    sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_EXPLOSION);
}

/* Sergeant Ames calls an Anti-Personnel Missile Strike (P-38, T-35) in a
 * game of its own: it lands in subphase 10's explosion step. */
static SlGame *
fire_mission_due (void)
{
  SlGame *game = sl_test_game_new_setup (
    "{'id': 'fm', 'name': 'Fire mission', 'length_turns': 3,"
    " 'modules': ['ammunition', 'leadership', 'area-effects'],"
    " 'sides': ["
    "  {'id': 'a', 'name': 'Commonwealth', 'fire_missions': {'mortar': 1, 'missile': 1}, 'squads': [{'id': 'a1',"
    "    'leader': 'a-1', 'units': [{'id': 'a-1', 'counter': 1,"
    "     'name': 'Sergeant Ames', 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'name': 'TOG', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 2,"
    "     'name': 'Legionnaire Brax', 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'call-fire-mission', 'mission': 'missile',"
                      " 'label': 'the ridge'}");
  play_to_explosions (game);
  while (sl_game_get_state (game)->subphase < 10)
    {
      sl_test_play (game, "{'type': 'next'}");
      play_to_explosions (game);
    }
  return game;
}

/* P-38, T-35: the mission lands as the kind its call named — the sheet
 * says which, and asks nothing about it; the missile's 4-charge column
 * (T-34a) is the core's. */
static void
test_blast_sheet_fire_mission_p38 (void)
{
  g_autoptr(SlGame) game = fire_mission_due ();
  SlBlastSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  GtkWidget *row;
  JsonObject *command;

  sheet = sl_blast_sheet_new (NULL, game, first_marker (game));
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  row = sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_PREFERENCES_ROW, "Mission");
  g_assert_nonnull (row);
  g_assert_false (ADW_IS_COMBO_ROW (row));
  g_assert_true (shows_label (row, "Anti-Personnel Missile Strike"));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "blast-sheet-fire-mission.png");
  g_assert_true (sl_blast_sheet_set_caught (sheet, sl_test_unit (game, "b-1"), 3, 0));
  g_assert_true (sl_blast_sheet_apply (sheet));
  command = last_command (game);
  g_assert_cmpstr (json_object_get_string_member (command, "type"), ==, "fire-mission");
  g_assert_false (json_object_has_member (command, "mission"));
  g_assert_cmpuint (sl_game_get_state (game)->markers->len, ==, 0);
  g_assert_cmpint (sl_game_get_state (game)->missions_called[0][1], ==, 1);
}

/* P-34 step 7, A-111: one unit dives onto the frag grenade and takes its
 * blast alone; the others listed are spared — the sheet never says so
 * itself (no `smothered`). A second diver takes the first one's place. */
static void
test_blast_sheet_sacrifice_dive_a111 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlBlastSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  JsonObject *command;
  JsonArray *units;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'pick-up-object'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'fire', 'throw': 'grenade'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'throw', 'unit': 'tog-3', 'range_m': 8, 'roll': 2, 'scatter_rolls': [7]}");
  sl_test_go_to_subphase (game, 3);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'dive'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'dive'}");
  sl_test_go_to_subphase (game, 4);
  play_to_explosions (game);

  sheet = sl_blast_sheet_new (NULL, game, first_marker (game));
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_true (sl_blast_sheet_set_caught (sheet, sl_test_unit (game, "cw-14"), 2, 0));
  g_assert_true (sl_blast_sheet_set_caught (sheet, sl_test_unit (game, "cw-13"), 0, 0));
  g_assert_true (sl_blast_sheet_set_caught (sheet, sl_test_unit (game, "cw-15"), 0, 0));
  /* Only a unit whose Dive ended on the grenade is offered the dive; one
   * diver at a time. */
  g_assert_false (sl_blast_sheet_set_dive (sheet, sl_test_unit (game, "cw-14")));
  g_assert_true (sl_blast_sheet_set_dive (sheet, sl_test_unit (game, "cw-15")));
  g_assert_true (sl_blast_sheet_set_dive (sheet, sl_test_unit (game, "cw-13")));
  g_assert_cmpint (count_on (GTK_WIDGET (sheet), "Sacrifice dive onto the grenade"), ==, 1);
  {
    GtkWidget *hale = sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_EXPANDER_ROW, "13 · Trooper Hale");

    /* Open, and scrolled to. */
    adw_expander_row_set_expanded (ADW_EXPANDER_ROW (hale), TRUE);
    sl_test_ui_settle ();
    gtk_widget_grab_focus (sl_test_ui_find (sl_test_ui_find (hale, ADW_TYPE_ACTION_ROW, "Sacrifice dive onto the grenade"),
                                            GTK_TYPE_SWITCH, NULL));
  }
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "blast-sheet-dive.png");
  g_assert_true (sl_blast_sheet_apply (sheet));
  command = last_command (game);
  units = json_object_get_array_member (command, "units");
  g_assert_cmpuint (json_array_get_length (units), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      JsonObject *u = json_array_get_object_element (units, i);
      gboolean diver = g_str_equal (json_object_get_string_member (u, "unit"), "cw-13");

      g_assert_cmpint (json_object_get_boolean_member_with_default (u, "sacrifice_dive", FALSE), ==, diver);
      g_assert_false (json_object_has_member (u, "smothered"));
    }
  /* The diver took it, alone. */
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->wound, >, SL_WOUND_NONE);
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->wound, ==, SL_WOUND_NONE);
}

/* a shaped charge hurts only who stands in the strip behind
 * its obstacle — its installer, in front, is untouched unless the
 * players say otherwise — and breaches the obstacle when they say so. */
static void
test_blast_sheet_shaped_charge_a80 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'sc', 'name': 'Shaped', 'length_turns': 4, 'modules': ['ammunition', 'area-effects'],"
    " 'sides': [{'id': 'a', 'name': 'TOG', 'squads': [{'id': 'a1', 'units': ["
    "   {'id': 'a-1', 'counter': 1, 'name': 'Legionnaire Brutus', 'troop': 'marines', 'armor': 'MZG',"
    "    'weapons': ['LR'], 'shaped_charges': 1},"
    "   {'id': 'a-2', 'counter': 2, 'name': 'Legionnaire Cato', 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'name': 'Commonwealth', 'squads': [{'id': 'b1', 'units': ["
    "   {'id': 'b-1', 'counter': 9, 'name': 'Trooper Rask', 'troop': 'marines', 'armor': 'MZG',"
    "    'weapons': ['LR']}]}]}]}");
  SlBlastSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  const SlState *state;
  JsonObject *command;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'install-shaped', 'label': 'the airlock door'}");
  while (sl_game_get_state (game)->turn == 1)
    sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-2', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'detonate', 'unit': 'a-2'}");
  play_to_explosions (game);

  sheet = sl_blast_sheet_new (NULL, game, first_marker (game));
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_true (sl_blast_sheet_set_caught (sheet, sl_test_unit (game, "a-1"), 1, 0));
  g_assert_true (sl_blast_sheet_set_caught (sheet, sl_test_unit (game, "b-1"), 1, 0));
  g_assert_true (sl_blast_sheet_set_in_strip (sheet, sl_test_unit (game, "b-1"), TRUE));
  g_assert_true (sl_blast_sheet_set_breached (sheet, TRUE));
  /* No dive onto a charge. */
  g_assert_false (sl_blast_sheet_set_dive (sheet, sl_test_unit (game, "b-1")));
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_EXPANDER_ROW,
                                                                     "9 · Trooper Rask")), TRUE);
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "blast-sheet-shaped.png");
  g_assert_true (sl_blast_sheet_apply (sheet));
  command = last_command (game);
  g_assert_true (json_object_get_boolean_member (command, "breached"));
  g_assert_cmpint (sl_test_unit_state (game, "a-1")->wound, ==, SL_WOUND_NONE);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->wound, >, SL_WOUND_NONE);
  state = sl_game_get_state (game);
  g_assert_cmpuint (state->markers->len, ==, 1);
  g_assert_cmpint (g_array_index (state->markers, SlMarker, 0).kind, ==, SL_MARKER_BREACH);
}

/* two plastic charges against an internal wall (AF 3), one after
 * the other: PF 4 of their 1–2 m band, one wound level each, building up
 * on its marker (P-25); the second names the wall marked by the first. */
static void
test_blast_sheet_obstacle_a79 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlBlastSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  JsonObject *command;
  const SlMarker *wall = NULL;

  sl_test_ui_two_charges (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-6', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-7', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-6', 'marker': 1}");
  sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-7', 'marker': 2}");
  sl_test_play (game, "{'type': 'next'}");

  sheet = sl_blast_sheet_new (NULL, game, 1);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_null (sl_blast_sheet_get_obstacle_outcome (sheet));
  g_assert_false (sl_blast_sheet_set_obstacle (sheet, "north wall", "drywall", 0));
  g_assert_true (sl_blast_sheet_set_obstacle (sheet, "north wall", "internal-wall", 0));
  g_assert_cmpstr (sl_blast_sheet_get_obstacle_outcome (sheet), ==, "+1: 1 of 5 wound levels (P-25)");
  /* Plastic charges breach nothing by themselves. */
  g_assert_false (sl_blast_sheet_set_breached (sheet, TRUE));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "blast-sheet-obstacle.png");
  g_assert_true (sl_blast_sheet_apply (sheet));
  command = last_command (game);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (command, "obstacle"), "kind"), ==,
                   "internal-wall");

  g_object_unref (keep);
  sheet = sl_blast_sheet_new (NULL, game, 2);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_false (sl_blast_sheet_set_obstacle (sheet, "south wall", NULL, 0));
  g_assert_true (sl_blast_sheet_set_obstacle (sheet, "north wall", NULL, 0));
  g_assert_cmpstr (sl_blast_sheet_get_obstacle_outcome (sheet), ==, "+1: 2 of 5 wound levels (P-25)");
  g_assert_true (sl_blast_sheet_apply (sheet));
  command = last_command (game);
  g_assert_false (json_object_has_member (json_object_get_object_member (command, "obstacle"), "kind"));
  for (guint i = 0; i < sl_game_get_state (game)->markers->len; i++)
    if (g_array_index (sl_game_get_state (game)->markers, SlMarker, i).kind == SL_MARKER_OBSTACLE)
      wall = &g_array_index (sl_game_get_state (game)->markers, SlMarker, i);
  g_assert_nonnull (wall);
  g_assert_cmpint (wall->amount, ==, 4);
}

/* a shaped charge against an airlock door destroys it outright;
 * with the obstacle named, whether it breaches is the core's — the sheet
 * sends no "breached" — and zone A behind it is hit. */
static void
test_blast_sheet_shaped_obstacle_a81 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'sc', 'name': 'Shaped', 'length_turns': 4, 'modules': ['ammunition', 'area-effects'],"
    " 'sides': [{'id': 'a', 'name': 'TOG', 'squads': [{'id': 'a1', 'units': ["
    "   {'id': 'a-1', 'counter': 1, 'name': 'Legionnaire Brutus', 'troop': 'marines', 'armor': 'MZG',"
    "    'weapons': ['LR'], 'shaped_charges': 1},"
    "   {'id': 'a-2', 'counter': 2, 'name': 'Legionnaire Cato', 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'name': 'Commonwealth', 'squads': [{'id': 'b1', 'units': ["
    "   {'id': 'b-1', 'counter': 9, 'name': 'Trooper Rask', 'troop': 'marines', 'armor': 'MZG',"
    "    'weapons': ['LR']}]}]}]}");
  SlBlastSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  JsonObject *command;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'install-shaped', 'label': 'the hatch'}");
  while (sl_game_get_state (game)->turn == 1)
    sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-2', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'detonate', 'unit': 'a-2'}");
  play_to_explosions (game);

  sheet = sl_blast_sheet_new (NULL, game, first_marker (game));
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_true (sl_blast_sheet_set_breached (sheet, TRUE));
  g_assert_true (sl_blast_sheet_set_obstacle (sheet, "the airlock", "airlock-door", 0));
  g_assert_false (sl_blast_sheet_set_breached (sheet, TRUE));
  g_assert_cmpstr (sl_blast_sheet_get_obstacle_outcome (sheet), ==, "+5: destroyed (P-25)");
  g_assert_true (sl_blast_sheet_set_caught (sheet, sl_test_unit (game, "b-1"), 1, 0));
  g_assert_true (sl_blast_sheet_set_in_strip (sheet, sl_test_unit (game, "b-1"), TRUE));
  g_assert_true (sl_blast_sheet_apply (sheet));
  command = last_command (game);
  g_assert_false (json_object_has_member (command, "breached"));
  g_assert_true (json_object_has_member (command, "obstacle"));
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->wound, >, SL_WOUND_NONE);
}

/* another charge caught in the blast, its die typed as one key: on
 * 10 it goes off in this explosion step; the charge going off is not
 * offered, nor one hidden under a sealed note. */
static void
test_blast_sheet_charges_a84 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlBlastSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  JsonObject *command, *caught;
  const SlState *state;

  sl_test_ui_two_charges (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-5', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-5', 'marker': 1}");
  sl_test_play (game, "{'type': 'next'}");
  sheet = sl_blast_sheet_new (NULL, game, 1);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_false (sl_blast_sheet_set_charge_caught (sheet, 1, TRUE));
  g_assert_false (sl_blast_sheet_enter_die (sheet, 10));
  g_assert_true (sl_blast_sheet_set_charge_caught (sheet, 2, TRUE));
  g_assert_true (sl_blast_sheet_enter_die (sheet, 10));
  g_assert_false (sl_blast_sheet_enter_die (sheet, 3));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "blast-sheet-charges.png");
  g_assert_true (sl_blast_sheet_apply (sheet));
  command = last_command (game);
  caught = json_array_get_object_element (json_object_get_array_member (command, "charges"), 0);
  g_assert_cmpint (json_object_get_int_member (caught, "marker"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (caught, "roll"), ==, 10);
  state = sl_game_get_state (game);
  g_assert_cmpint (sl_state_find_marker (state, 2)->due, ==, sl_state_now (sl_game_get_rules (game), state));

  /* The second one's own sheet offers none. */
  g_object_unref (keep);
  sheet = sl_blast_sheet_new (NULL, game, 2);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_false (sl_blast_sheet_set_charge_caught (sheet, 1, TRUE));
  g_assert_false (sl_blast_sheet_set_charge_caught (sheet, 2, TRUE));
}

/* A-84 with a mine that goes off at once: the charge caught is
 * destroyed on 1–9; one hidden under a sealed note is not offered. */
static void
test_blast_sheet_mine_charges_a84 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlBlastSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  int mine;

  mine = json_object_get_int_member (json_node_get_object (
    sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'tog-1', 'label': 'the well'}")->result), "marker");
  sl_test_ui_two_charges_sealed (game, "by the door");
  sheet = sl_blast_sheet_new_mine (NULL, game, mine);
  keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_true (sl_blast_sheet_set_trigger (sheet, sl_test_unit (game, "cw-13"), 1, FALSE));
  g_assert_false (sl_blast_sheet_set_obstacle (sheet, "the wall", "internal-wall", 0));
  g_assert_false (sl_blast_sheet_set_charge_caught (sheet, 3, TRUE));
  g_assert_true (sl_blast_sheet_set_charge_caught (sheet, 2, TRUE));
  g_assert_true (sl_blast_sheet_enter_die (sheet, 4));
  g_assert_true (sl_blast_sheet_apply (sheet));
  g_assert_null (sl_state_find_marker (sl_game_get_state (game), 2));
  g_assert_nonnull (sl_state_find_marker (sl_game_get_state (game), 3));
}

/* Issue 21 #9: a dialog whose focus starts on Resolve; its description
 * says what to type, then the die typed. (Variables: the accessibility
 * assertions print them as formats.) */
static void
test_blast_sheet_accessible (void)
{
  g_autoptr(SlGame) game = fire_mission_due ();
  SlBlastSheet *sheet = sl_blast_sheet_new (NULL, game, first_marker (game));
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));
  GtkWidget *resolve = sl_sheet_get_roll_button (SL_SHEET (sheet));
  const char *asked = "Type the hit roll, then the scatter die (used on a miss), "
                      "or let the app roll; say who is near the impact point.";
  const char *typed = "Dice typed: 4\nHit roll 4 · scatter die –";

  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (sheet), GTK_ACCESSIBLE_ROLE_DIALOG);
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (sheet))) == resolve);
  gtk_test_accessible_assert_property (resolve, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, asked);
  g_assert_true (sl_blast_sheet_enter_die (sheet, 4));
  gtk_test_accessible_assert_property (resolve, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, typed);
}

int
main (int argc, char *argv[])
{
  /* The accessibility tests read what GTK would tell a screen reader. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/blast-sheet/fire-mission-P-38", test_blast_sheet_fire_mission_p38);
  g_test_add_func ("/blast-sheet/sacrifice-dive-A-111", test_blast_sheet_sacrifice_dive_a111);
  g_test_add_func ("/blast-sheet/shaped-charge-A-80", test_blast_sheet_shaped_charge_a80);
  g_test_add_func ("/blast-sheet/obstacle-A-79", test_blast_sheet_obstacle_a79);
  g_test_add_func ("/blast-sheet/shaped-obstacle-A-81", test_blast_sheet_shaped_obstacle_a81);
  g_test_add_func ("/blast-sheet/charges-A-84", test_blast_sheet_charges_a84);
  g_test_add_func ("/blast-sheet/mine-charges-A-84", test_blast_sheet_mine_charges_a84);
  g_test_add_func ("/blast-sheet/accessible", test_blast_sheet_accessible);
  return g_test_run ();
}
