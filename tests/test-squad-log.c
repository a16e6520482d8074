/* test-squad-log.c: a squad's log on the screen — every field of the paper
 * unit log (T-04) and that it follows the game. Runs under Xvfb; with
 * SL_SCREENSHOT_DIR set it saves what it drew as PNG files.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-squad-log-private.h"
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
  assert_cell (log, game, "cw-14", "action", "ends 2 of turn 2 · Use device (0 of 5 AP)");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'wound', 'value': 'moderate'}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'jammed', 'value': true}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'magazines.R', 'value': 1}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'dazed_until',"
                      " 'value': {'turn': 1, 'subphase': 9}}");
  assert_cell (log, game, "cw-13", "wounds", "Wounds: Moderate Wound");
  /* Issue 32 #7: how long it stays dazed (P-19). */
  assert_cell (log, game, "cw-13", "status", "Dazed until subphase 9, Jammed");
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

/* Whether a label under @widget shows @text. */
static gboolean
label_shows (GtkWidget  *widget,
             const char *text)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (label_shows (child, text))
      return TRUE;
  return FALSE;
}

/* P-32 step 8: the title names the leader the squad answers to — none
 * once the leader is out, until an acting leader is appointed. */
static void
test_squad_log_leader_p32 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *log = sl_squad_log_new (game, 1);
  GtkWidget *window = sl_test_ui_show (log, 1366, -1);

  g_assert_true (label_shows (log, "leader Sergeant Dusk (rating"));
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-17', 'field': 'wound', 'value': 'dead'}");
  sl_test_ui_settle ();
  g_assert_false (label_shows (log, "Sergeant Dusk"));
  g_assert_true (label_shows (log, "no leader"));
  sl_test_play (game, "{'type': 'appoint-leader', 'squad': 'cw-squad', 'unit': 'cw-13'}");
  sl_test_ui_settle ();
  g_assert_true (label_shows (log, "acting leader Trooper Hale"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
count_activation (SlSquadLog *log,
                  int         unit,
                  int        *activated)
{
  *activated = unit;
}

/* Each unit's line is one focusable button to its log, which tells a
 * screen reader everything the line shows; Enter opens it. */
static void
test_squad_log_lines (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *log = sl_squad_log_new (game, 0);
  GtkWidget *window = sl_test_ui_show (log, 1366, -1);
  GtkWidget *line = sl_squad_log_get_line (SL_SQUAD_LOG (log), sl_test_unit (game, "tog-3"));
  int activated = -1, lines = 0, height;

  g_assert_nonnull (line);
  g_assert_null (sl_squad_log_get_line (SL_SQUAD_LOG (log), sl_test_unit (game, "cw-13")));
  for (GtkWidget *w = gtk_widget_get_first_child (gtk_widget_get_parent (line)); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    lines++;
  g_assert_cmpint (lines, ==, 8);   /* the TOG squad of the test game */
  g_assert_true (gtk_widget_get_focusable (line));
  g_assert_true (gtk_test_accessible_has_role (GTK_ACCESSIBLE (line), GTK_ACCESSIBLE_ROLE_BUTTON));
  gtk_test_accessible_assert_property (line, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Unit 3, Legionnaire Ostra. Wounds: none. Position standing. Action: idle. "
                                       "Human \xc2\xb7 BI \xc2\xb7 51 pts \xc2\xb7 bounce pack. "
                                       "Weapon SAR \xc2\xb7 SP. Modifiers +2/\xe2\x88\x92" "1. "
                                       "Ammunition: R 3 of 3; P 2 of 2; FG 2 of 2; SG 2 of 2; 6 of 6 rounds left.");
  /* Two lines of text: the name and, under it, race, armor and points. */
  gtk_widget_measure (line, GTK_ORIENTATION_VERTICAL, -1, &height, NULL, NULL, NULL);
  g_assert_cmpint (height, >=, 30);
  g_assert_cmpint (gtk_widget_get_width (line), ==, gtk_widget_get_width (gtk_widget_get_parent (line)));

  g_signal_connect (log, "unit-activated", G_CALLBACK (count_activation), &activated);
  gtk_widget_grab_focus (line);
  g_assert_true (gtk_widget_has_focus (line));
  g_assert_true (gtk_widget_activate_action (line, "line.activate", NULL));
  g_assert_cmpint (activated, ==, sl_test_unit (game, "tog-3"));

  /* Up and down go from line to line; Tab leaves the table, and comes
   * back to the line it left. */
  {
    GtkWidget *table = gtk_widget_get_parent (line);
    GtkWidget *first = gtk_widget_get_first_child (table);

    gtk_widget_grab_focus (first);
    g_assert_false (gtk_widget_child_focus (table, GTK_DIR_UP));
    g_assert_true (gtk_widget_child_focus (table, GTK_DIR_DOWN));
    g_assert_true (gtk_widget_has_focus (gtk_widget_get_next_sibling (first)));
    g_assert_false (gtk_widget_child_focus (table, GTK_DIR_TAB_FORWARD));
    gtk_window_set_focus (GTK_WINDOW (window), NULL);
    g_assert_true (gtk_widget_child_focus (table, GTK_DIR_TAB_FORWARD));
    g_assert_true (gtk_widget_has_focus (gtk_widget_get_next_sibling (first)));
  }

  /* The status is told too, and a unit out of the fight says so. */
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'wound', 'value': 'dead'}");
  sl_test_ui_settle ();
  {
    /* The label differs from "", so the check gives it back. */
    g_autofree char *label = gtk_test_accessible_check_property (GTK_ACCESSIBLE (line),
                                                                 GTK_ACCESSIBLE_PROPERTY_LABEL, "");

    g_assert_nonnull (label);
    /* Issue 32 #7: the wounds and the status first, after the name. */
    g_test_message ("%s", label);
    g_assert_true (g_str_has_prefix (label, "Unit 3, Legionnaire Ostra. Wounds: Dead. Status: Dead. "));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A squad longer than its view draws the lines the view shows (only
 * those, for speed): scrolled down, the last line is drawn; back up, the
 * first; a taller view draws the lines it now shows. */
static void
test_squad_log_scrolled (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *log = sl_squad_log_new (game, 0);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *window;
  GtkWidget *line = sl_squad_log_get_line (SL_SQUAD_LOG (log), sl_test_unit (game, "tog-3"));
  GtkWidget *first = gtk_widget_get_first_child (gtk_widget_get_parent (line));
  GtkWidget *last = gtk_widget_get_last_child (gtk_widget_get_parent (line));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  graphene_rect_t bounds;

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), log);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 160);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  window = sl_test_ui_show (scroller, 1366, -1);
  g_assert_true (gtk_widget_compute_bounds (last, scroller, &bounds));
  g_assert_cmpfloat (bounds.origin.y, >=, gtk_widget_get_height (scroller));   /* out of view */
  g_assert_true (sl_test_ui_drew_in (scroller, first));

  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment));
  sl_test_ui_settle ();
  g_assert_true (gtk_widget_compute_bounds (last, scroller, &bounds));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (scroller));
  g_assert_true (sl_test_ui_drew_in (scroller, last));
  gtk_adjustment_set_value (adjustment, 0);
  g_assert_true (sl_test_ui_drew_in (scroller, first));

  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 2000);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 600);
  sl_test_ui_settle ();
  g_assert_cmpfloat (gtk_adjustment_get_page_size (adjustment), >=, gtk_adjustment_get_upper (adjustment));
  g_assert_true (sl_test_ui_drew_in (scroller, last));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* §18, T-44: a Legionnaire character's line says so (a badge, the
 * details read aloud), and its Mod counts its skills: spike rifle 6 (−2),
 * melee 4 (−1) with no melee weapon (+1). */
static void
test_squad_log_legionnaire (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'pc', 'name': 'PC', 'length_turns': 4, 'sides': ["
    " {'id': 'a', 'squads': [{'id': 'a1', 'units': ["
    "   {'id': 'a-1', 'counter': 1, 'name': 'Legionnaire Ostra', 'troop': 'combat-arms', 'armor': 'BI',"
    "    'weapons': ['SR', 'SP'], 'legionnaire': {'weapon_skills': {'SR': 6}, 'melee_skill': 4,"
    "    'melee_weapon': false}},"
    "   {'id': 'a-2', 'counter': 2, 'name': 'Trooper Plain', 'troop': 'combat-arms', 'armor': 'BI',"
    "    'weapons': ['SR', 'SP']}]}]},"
    " {'id': 'b', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 9,"
    "   'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
  GtkWidget *log = sl_squad_log_new (game, 0);
  GtkWidget *window = sl_test_ui_show (log, 1366, -1);
  GtkWidget *line = sl_squad_log_get_line (SL_SQUAD_LOG (log), sl_test_unit (game, "a-1"));
  g_autofree char *label = NULL;

  assert_cell (log, game, "a-1", "mod", "\xe2\x88\x92" "2/\xe2\x88\x92" "1");
  assert_cell (log, game, "a-1", "status", "Character");
  assert_cell (log, game, "a-2", "mod", "0/\xe2\x88\x92" "1");
  assert_cell (log, game, "a-2", "status", "");
  label = gtk_test_accessible_check_property (GTK_ACCESSIBLE (line), GTK_ACCESSIBLE_PROPERTY_LABEL, "");
  g_assert_nonnull (label);
  g_assert_nonnull (strstr (label, "Legionnaire character (§18): SR \xe2\x88\x92" "2, SP +1, grenades +1, melee "
                                   "\xe2\x88\x92" "1, no melee weapon +1, never routs"));
  sl_test_ui_save_png (log, "squad-log-legionnaire.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Narrower than it would like, the log cuts the action short, then the
 * details under the names, and its last column still ends inside each
 * line; bigger text makes wider columns. */
static void
test_squad_log_columns (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *log = sl_squad_log_new (game, 1);
  GtkWidget *line = sl_squad_log_get_line (SL_SQUAD_LOG (log), sl_test_unit (game, "cw-13"));
  GtkWidget *window;
  g_autoptr(GtkCssProvider) bigger = gtk_css_provider_new ();
  int min, nat, x, width, name_width, status_x, status_width, action_x, action_width;

  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'jammed', 'value': true}");
  gtk_widget_measure (log, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, <, nat);
  window = sl_test_ui_show (log, min, -1);
  g_assert_cmpint (gtk_widget_get_width (log), <, nat);
  g_assert_true (sl_squad_log_get_column (SL_SQUAD_LOG (log), "status", &status_x, &status_width));
  g_assert_true (sl_squad_log_get_column (SL_SQUAD_LOG (log), "action", &action_x, &action_width));
  g_assert_cmpint (status_x + status_width, <=, gtk_widget_get_width (line));
  g_assert_cmpint (action_x + action_width, <, status_x);
  /* The jammed badge sits in the status column. */
  {
    GtkWidget *badge = gtk_widget_get_first_child (line);
    graphene_rect_t bounds;

    g_assert_nonnull (badge);
    g_assert_true (gtk_widget_compute_bounds (badge, line, &bounds));
    g_assert_cmpfloat (bounds.origin.x, >=, status_x);
    g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, status_x + status_width);
  }
  g_assert_true (sl_squad_log_get_column (SL_SQUAD_LOG (log), "name", &x, &name_width));
  g_assert_false (sl_squad_log_get_column (SL_SQUAD_LOG (log), "equipment", &x, &width));

  gtk_css_provider_load_from_data (bigger, "logline, logtable { font-size: 20pt; }", -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (bigger),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
  gtk_window_set_default_size (GTK_WINDOW (window), 2400, -1);
  sl_test_ui_settle ();
  g_assert_true (sl_squad_log_get_column (SL_SQUAD_LOG (log), "name", &x, &width));
  g_assert_cmpint (width, >, name_width * 3 / 2);
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (bigger));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Steps are simultaneous (§6.1, A-18): Quill, hit in the ranged-fire step,
 * keeps his action until the step ends — his line says he loses it then —
 * and has lost it once Next ends the step. */
static void
test_squad_log_step (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *log = sl_squad_log_new (game, 0);
  GtkWidget *window = sl_test_ui_show (log, 1366, -1);
  g_autofree char *action = NULL;
  g_autofree char *status = NULL;

  sl_test_hit_in_step (game);
  g_assert_true (sl_game_get_state (game)->step_units[sl_test_unit (game, "tog-4")].loses_action);
  action = sl_squad_log_get_cell (SL_SQUAD_LOG (log), sl_test_unit (game, "tog-4"), "action");
  g_test_message ("%s", action);
  g_assert_true (g_str_has_suffix (action, " — loses its action as the step ends"));
  g_assert_true (g_str_has_prefix (action, "ends 5 · Use device"));
  status = sl_squad_log_get_cell (SL_SQUAD_LOG (log), sl_test_unit (game, "tog-4"), "status");
  g_assert_nonnull (strstr (status, "Loses its action"));
  sl_test_ui_save_png (log, "squad-log-step.png");

  sl_test_play (game, "{'type': 'next'}");
  g_free (action);
  action = sl_squad_log_get_cell (SL_SQUAD_LOG (log), sl_test_unit (game, "tog-4"), "action");
  g_assert_cmpstr (action, ==, "idle");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* T-36, A-120, P-39: in vacuum each line says whether the unit is
 * sheltered inside or out in it, and a breached suit with the moment of
 * its next wound — an unconscious unit bleeds on. */
static void
test_squad_log_exposure_t36 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'vac', 'name': 'Vacuum', 'length_turns': 4, 'modules': ['environment'],"
    " 'environment': {'vacuum': true}, 'sides': ["
    " {'id': 'a', 'name': 'TOG', 'squads': [{'id': 'a1', 'units': ["
    "   {'id': 'a-1', 'counter': 1, 'name': 'Legionnaire Brutus', 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']},"
    "   {'id': 'a-2', 'counter': 2, 'name': 'Legionnaire Cornelia', 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR'],"
    "    'inside': true}]}]},"
    " {'id': 'b', 'name': 'Commonwealth', 'squads': [{'id': 'b1', 'units': ["
    "   {'id': 'b-1', 'counter': 9, 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']}]}]}]}");
  GtkWidget *log = sl_squad_log_new (game, 0);
  GtkWidget *window = sl_test_ui_show (log, 1366, -1);
  GtkWidget *line;
  GtkWidget *badge;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  assert_cell (log, game, "a-1", "position", "standing · outside");
  assert_cell (log, game, "a-2", "position", "standing · inside");
  assert_cell (log, game, "a-1", "status", "");
  sl_test_play (game, "{'type': 'correct', 'unit': 'a-1', 'field': 'breach', 'value': {'state': 'delayed'}}");
  assert_cell (log, game, "a-1", "status", "Suit breached, one more wound T3 S1");
  line = sl_squad_log_get_line (SL_SQUAD_LOG (log), sl_test_unit (game, "a-1"));
  badge = gtk_widget_get_first_child (line);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (badge)), ==, "Suit breached · T3 S1");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (badge), ==,
                   "The breached suit gives one more wound in subphase 1 of turn 3, then seals (P-39).");
  g_assert_true (gtk_widget_has_css_class (badge, "warning"));
  sl_test_play (game, "{'type': 'correct', 'unit': 'a-1', 'field': 'breach',"
                      " 'value': {'state': 'bleeding', 'turn': 2, 'subphase': 4}}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'a-1', 'field': 'wound', 'value': 'unconscious'}");
  assert_cell (log, game, "a-1", "status", "Out, Bleeding, next wound T2 S4");
  sl_test_ui_save_png (log, "squad-log-vacuum.png");
  sl_test_play (game, "{'type': 'exposure', 'unit': 'a-1', 'inside': true}");
  assert_cell (log, game, "a-1", "position", "standing · inside");
  /* Once dead, nothing bleeds any more. */
  sl_test_play (game, "{'type': 'correct', 'unit': 'a-1', 'field': 'wound', 'value': 'dead'}");
  assert_cell (log, game, "a-1", "status", "Dead");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
shows_label (GtkWidget  *widget,
             const char *text)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (shows_label (c, text))
      return TRUE;
  return FALSE;
}

/* Issue 31 #8, T-24: the leader's rating with a real minus sign, as the
 * print and the modifiers have it (the Renegade Squad's −1). */
static void
test_squad_log_rating_t24 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *log = sl_squad_log_new (game, 1);
  GtkWidget *window = sl_test_ui_show (log, 1366, -1);

  g_assert_true (shows_label (log, "leader Sergeant Dusk (rating \xe2\x88\x92" "1)"));
  g_assert_false (shows_label (log, "rating -1"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* GTK's test accessibility backend, to read what a screen reader gets. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  sl_test_ui_init ();
  g_test_add_func ("/squad-log/fields", test_squad_log_fields);
  g_test_add_func ("/squad-log/follows", test_squad_log_follows);
  g_test_add_func ("/squad-log/hidden", test_squad_log_hidden);
  g_test_add_func ("/squad-log/leader-P-32", test_squad_log_leader_p32);
  g_test_add_func ("/squad-log/lines", test_squad_log_lines);
  g_test_add_func ("/squad-log/scrolled", test_squad_log_scrolled);
  g_test_add_func ("/squad-log/legionnaire-T-44", test_squad_log_legionnaire);
  g_test_add_func ("/squad-log/columns", test_squad_log_columns);
  g_test_add_func ("/squad-log/step", test_squad_log_step);
  g_test_add_func ("/squad-log/exposure-T-36", test_squad_log_exposure_t36);
  g_test_add_func ("/squad-log/rating-T-24", test_squad_log_rating_t24);
  return g_test_run ();
}
