/* test-history-view.c: the history — newest first, in plain words, undo to
 * any point by activating an entry, undone entries kept to redo. Runs
 * under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-history-view-private.h"
#include "sl-history-view.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"

static GtkWidget *
find_list_view (GtkWidget *widget)
{
  if (GTK_IS_LIST_VIEW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_list_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_history_view (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *view = sl_history_view_new ();
  GtkWidget *window;
  GListModel *model = sl_history_view_get_model (SL_HISTORY_VIEW (view));
  g_autoptr(SlHistoryItem) newest = NULL;
  g_autoptr(SlHistoryItem) oldest = NULL;
  g_autoptr(SlHistoryItem) undone = NULL;
  g_autoptr(SlHistoryItem) kept = NULL;
  guint n;

  sl_history_view_set_game (SL_HISTORY_VIEW (view), game);
  window = sl_test_ui_show (view, 420, 600);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 7);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-4'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-13', 'roll': 9}");
  n = sl_game_get_n_entries (game);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n);

  newest = g_list_model_get_item (model, 0);
  g_assert_cmpuint (sl_history_item_get_index (newest), ==, n - 1);
  g_assert_nonnull (strstr (sl_history_item_get_summary (newest),
                            "Trooper Hale fires at Legionnaire Quill: needs 7 or less, rolled 9"));
  g_assert_cmpstr (sl_history_item_get_when (newest), ==, "Turn 1 · subphase 7");
  g_assert_false (sl_history_item_get_undone (newest));
  oldest = g_list_model_get_item (model, n - 1);
  g_assert_cmpuint (sl_history_item_get_index (oldest), ==, 0);
  g_assert_cmpstr (sl_history_item_get_when (oldest), ==, "Turn 1 · Initiative Phase");
  g_assert_nonnull (strstr (sl_history_item_get_summary (oldest), "Initiative for turn 1"));
  sl_test_ui_save_png (view, "history.png");

  /* Activating the third newest entry goes back to just after it: the
   * two newer ones are undone, still listed, and can be redone. */
  g_signal_emit_by_name (find_list_view (view), "activate", 2);
  g_assert_cmpuint (sl_game_get_position (game), ==, n - 2);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n);
  undone = g_list_model_get_item (model, 1);
  kept = g_list_model_get_item (model, 2);
  g_assert_true (sl_history_item_get_undone (undone));
  g_assert_false (sl_history_item_get_undone (kept));
  g_assert_true (sl_game_redo (game));
  g_assert_true (sl_game_redo (game));
  g_assert_cmpuint (sl_game_get_position (game), ==, n);

  /* A new command after an undo drops what was left to redo. */
  g_assert_true (sl_game_undo (game));
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'wound', 'value': 'light'}");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Issue 19: a detection undone and replaced stays in the history, marked
 * undone where it was, and cannot be done again. */
static void
test_history_undone_secret (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'h', 'name': 'H', 'length_turns': 3, 'modules': ['detection'],"
    " 'sides': ["
    "  {'id': 'cw', 'squads': [{'id': 'hide', 'units': ["
    "     {'id': 'c', 'counter': 3, 'name': 'Trooper Cole', 'troop': 'counter-insurgency', 'armor': 'LI',"
    "      'weapons': ['LR'], 'hidden': true}]}]},"
    "  {'id': 'tog', 'squads': [{'id': 'look', 'units': ["
    "     {'id': 'eye', 'counter': 1, 'name': 'Tech Eye', 'troop': 'tech', 'armor': 'TS', 'weapons': ['LP']}]}]}]}");
  GtkWidget *view = sl_history_view_new ();
  GtkWidget *window;
  GListModel *model = sl_history_view_get_model (SL_HISTORY_VIEW (view));
  g_autoptr(SlHistoryItem) kept = NULL;
  g_autoptr(SlHistoryItem) newest = NULL;
  guint position;

  sl_history_view_set_game (SL_HISTORY_VIEW (view), game);
  window = sl_test_ui_show (view, 420, 600);
  sl_test_play (game, "{'type': 'hide', 'unit': 'c', 'pile': 'Pile C', 'decoys': ['Pile D']}");
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'hide': 3, 'look': 5}}");
  sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile C', 'roll': 1}");
  g_assert_true (sl_game_undo (game));
  sl_test_play (game, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile D', 'roll': 9}");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, sl_game_get_n_entries (game) + 1);
  newest = g_list_model_get_item (model, 0);
  g_assert_nonnull (strstr (sl_history_item_get_summary (newest), "Pile D"));
  kept = g_list_model_get_item (model, 1);
  g_assert_true (sl_history_item_get_undone (kept));
  g_assert_nonnull (strstr (sl_history_item_get_summary (kept), "Pile C"));
  /* Activated, nothing happens: it is not done again. */
  position = sl_game_get_position (game);
  g_signal_emit_by_name (find_list_view (view), "activate", 1);
  g_assert_cmpuint (sl_game_get_position (game), ==, position);
  g_assert_true (sl_test_unit_state (game, "c")->hidden);
  sl_test_ui_save_png (view, "history-undone-secret.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* E-33 in the history: a miss scattering 2 m right is drawn under the
 * words (P-34, A-107). */
static void
test_history_throw (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *view = sl_history_view_new ();
  GtkWidget *window;
  g_autoptr(SlHistoryItem) item = NULL;
  double range, along, across;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'pick-up-object'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'fire', 'throw': 'grenade'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'throw', 'unit': 'tog-3', 'range_m': 12, 'roll': 5, 'scatter_rolls': [7]}");
  sl_history_view_set_game (SL_HISTORY_VIEW (view), game);
  window = sl_test_ui_show (view, 420, 500);
  item = g_list_model_get_item (sl_history_view_get_model (SL_HISTORY_VIEW (view)), 0);
  g_assert_true (sl_history_item_get_throw (item, &range, &along, &across));
  g_assert_cmpfloat (range, ==, 12);
  g_assert_cmpfloat (along, ==, 12);
  g_assert_cmpfloat (across, ==, 2);
  sl_test_ui_save_png (view, "history-throw.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A long game offers its newest entries and a last row for the earlier
 * ones (GTK's list view realizes up to 200 rows, whatever is on screen);
 * activating that row shows them. */
/* A history of @game, shown in a window @height pixels tall. */
static GtkWidget *
show_history (SlGame      *game,
              int          height,
              GListModel **model)
{
  GtkWidget *view = sl_history_view_new ();

  *model = sl_history_view_get_model (SL_HISTORY_VIEW (view));
  sl_history_view_set_game (SL_HISTORY_VIEW (view), game);
  sl_test_ui_show (view, 420, height);
  return view;
}

static void
test_history_long (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  GtkWidget *view, *list;
  GListModel *model;
  g_autoptr(SlHistoryItem) last = NULL;
  g_autoptr(SlHistoryItem) newest = NULL;
  guint n;

  sl_test_play_many (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'keys', 'value': 1}", 70);
  n = sl_game_get_n_entries (game);
  view = show_history (game, 500, &model);
  /* The newest 12, and a row for the earlier ones. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 13);
  newest = g_list_model_get_item (model, 0);
  g_assert_cmpuint (sl_history_item_get_index (newest), ==, n - 1);
  last = g_list_model_get_item (model, 12);
  g_assert_cmpuint (sl_history_item_get_more (last), ==, n - 12);
  g_assert_cmpstr (sl_history_item_get_summary (last), ==, "Show 58 earlier entries");
  for (list = gtk_widget_get_first_child (view); list && !GTK_IS_LIST_VIEW (list); )
    list = gtk_widget_get_first_child (list);
  g_assert_nonnull (list);
  gtk_widget_activate_action (list, "list.activate-item", "u", 12);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n);
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (view)));

  /* Scrolled to the end, the earlier entries come by themselves. */
  view = show_history (game, 500, &model);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 13);
  {
    GtkWidget *scrolled = gtk_widget_get_first_child (view);
    GtkAdjustment *adjustment;

    g_assert_true (GTK_IS_SCROLLED_WINDOW (scrolled));
    adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
    g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment));
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
    sl_test_ui_settle ();
  }
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n);
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (view)));

  /* A view taller than the first rows fills itself, a page at a time,
   * until it scrolls (the test's screen is 2400 pixels tall:
   * tests/meson.build). */
  view = show_history (game, 2300, &model);
  {
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (
      GTK_SCROLLED_WINDOW (gtk_widget_get_first_child (view)));
    gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
    guint rows;

    /* A page a frame: frames come at the frame clock's pace. */
    while (gtk_adjustment_get_upper (adjustment) <= gtk_adjustment_get_page_size (adjustment) &&
           g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, TRUE);
    sl_test_ui_settle ();
    rows = g_list_model_get_n_items (model);

    g_assert_cmpuint (rows, >, 13);
    g_assert_cmpuint (rows, <, n);
    g_assert_cmpuint ((rows - 1) % 12, ==, 0);
    g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment));
  }
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (view)));

  /* All of a shorter game, with no row for earlier entries. */
  {
    g_autoptr(SlGame) short_game = sl_test_game_new ();
    gint64 end;

    for (int i = 0; i < 20; i++)
      sl_test_play (short_game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'keys', 'value': 1}");
    end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
    view = show_history (short_game, 2300, &model);
    while (g_list_model_get_n_items (model) < sl_game_get_n_entries (short_game) &&
           g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, TRUE);
    sl_test_ui_settle ();
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, sl_game_get_n_entries (short_game));
    gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (view)));
  }
}

/* Issue 21: a change tells the list only the rows that changed, and a row
 * that did not keeps its item (the list binds it again only when its item
 * is another), so undo, redo and a command redraw a row or two whatever
 * the game's length. A shadow of the list kept from the model's
 * items-changed alone must always read as the game does. */
typedef struct
{
  GListModel *model;
  GPtrArray  *shadow;   /* of SlHistoryItem, as the list would hold them */
  guint       changed;  /* rows removed and added by the last change */
} Shadow;

static void
shadow_items_changed_cb (GListModel *model,
                         guint       position,
                         guint       removed,
                         guint       added,
                         Shadow     *shadow)
{
  g_ptr_array_remove_range (shadow->shadow, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (shadow->shadow, position + i, g_list_model_get_item (model, position + i));
  shadow->changed += removed + added;
}

/* The shadow reads as the game: newest first, undone past the position,
 * and, once earlier entries are left out, a last row counting them. */
static void
assert_shadow_reads_game (Shadow *shadow,
                          SlGame *game)
{
  guint n = sl_game_get_n_entries (game);
  guint rows = shadow->shadow->len;
  SlHistoryItem *last = g_ptr_array_index (shadow->shadow, rows - 1);
  guint offered = sl_history_item_get_more (last) > 0 ? rows - 1 : rows;

  g_assert_cmpuint (rows, ==, g_list_model_get_n_items (shadow->model));
  if (offered < rows)
    g_assert_cmpuint (sl_history_item_get_more (last), ==, n - offered);
  else
    g_assert_cmpuint (offered, ==, n);
  for (guint p = 0; p < offered; p++)
    {
      SlHistoryItem *item = g_ptr_array_index (shadow->shadow, p);
      guint index = n - 1 - p;
      const SlJournalEntry *e = sl_game_get_entry (game, index);

      g_assert_cmpuint (sl_history_item_get_index (item), ==, index);
      g_assert_cmpuint (sl_history_item_get_more (item), ==, 0);
      g_assert_cmpint (sl_history_item_get_undone (item), ==, index >= sl_game_get_position (game));
      g_assert_cmpstr (sl_history_item_get_summary (item), ==, e->summary);
    }
}

static void
test_history_changes_only (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (21);
  GtkWidget *view;
  Shadow shadow = { NULL, g_ptr_array_new_with_free_func (g_object_unref), 0 };
  g_autoptr(SlHistoryItem) before = NULL;
  g_autoptr(SlHistoryItem) after = NULL;
  g_autofree char *correct = sl_test_json ("{'type': 'correct', 'unit': 'tog-3', 'field': 'keys', 'value': 1}");

  sl_test_play_many (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'keys', 'value': 1}", 300);
  view = show_history (game, 500, &shadow.model);
  for (guint p = 0; p < g_list_model_get_n_items (shadow.model); p++)
    g_ptr_array_add (shadow.shadow, g_list_model_get_item (shadow.model, p));
  g_signal_connect (shadow.model, "items-changed", G_CALLBACK (shadow_items_changed_cb), &shadow);

  /* Undo: the newest row only, now undone; the row below keeps its item. */
  before = g_list_model_get_item (shadow.model, 1);
  g_assert_true (sl_game_undo (game));
  g_assert_cmpuint (shadow.changed, ==, 2);
  after = g_list_model_get_item (shadow.model, 1);
  g_assert_true (before == after);
  assert_shadow_reads_game (&shadow, game);
  /* Redo: the same row back. */
  shadow.changed = 0;
  g_assert_true (sl_game_redo (game));
  g_assert_cmpuint (shadow.changed, ==, 2);
  /* A command: one row more at the top, the earlier ones as they were. */
  shadow.changed = 0;
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'keys', 'value': 1}");
  g_assert_cmpuint (shadow.changed, ==, 1);
  assert_shadow_reads_game (&shadow, game);
  /* Three undos, then a command: the three rows undone give way to one. */
  for (int i = 0; i < 3; i++)
    g_assert_true (sl_game_undo (game));
  shadow.changed = 0;
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'keys', 'value': 1}");
  g_assert_cmpuint (shadow.changed, <=, 4);
  assert_shadow_reads_game (&shadow, game);

  /* Any mix of undo, redo, going back, going forward and commands: the
   * shadow always reads as the game, back past the rows first offered. */
  for (int step = 0; step < 300; step++)
    {
      guint n = sl_game_get_n_entries (game);

      switch (g_rand_int_range (rand, 0, 5))
        {
        case 0:
          sl_game_undo (game);
          break;
        case 1:
          sl_game_redo (game);
          break;
        case 2:
          sl_game_go_to (game, g_rand_int_range (rand, n > 40 ? n - 40 : 0, n + 1));
          break;
        case 3:
          sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'keys', 'value': 1}");
          break;
        default:
          sl_game_go_to (game, n);
          break;
        }
      assert_shadow_reads_game (&shadow, game);
    }
  sl_test_check_reload (game);
  g_signal_handlers_disconnect_by_data (shadow.model, &shadow);
  g_ptr_array_unref (shadow.shadow);
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (view)));
}

/* Issue 31 #3: a new entry brings the newest back into view, wherever the
 * list was scrolled; going back to an entry leaves it where it is. The
 * clock's lines (Next, a turn passed, P-08 step 2) are told small so that
 * the results stand out. */
static void
test_history_newest_in_view (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_strict ();
  GtkWidget *view;
  GListModel *model;
  GtkAdjustment *adjustment;

  sl_test_start_turn (game);
  sl_test_play_many (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'keys', 'value': 1}", 30);
  view = show_history (game, 400, &model);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (gtk_widget_get_first_child (view)));
  sl_test_ui_settle ();
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_page_size (adjustment) / 2);
  sl_test_ui_settle ();
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);
  sl_test_play (game, "{'type': 'pass'}");
  sl_test_ui_settle ();
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, gtk_adjustment_get_lower (adjustment));
  {
    g_autoptr(SlHistoryItem) pass = g_list_model_get_item (model, 0);
    g_autoptr(SlHistoryItem) correction = g_list_model_get_item (model, 1);

    g_assert_true (sl_history_item_get_clock (pass));
    g_assert_nonnull (strstr (sl_history_item_get_summary (pass), "has had its turn; now"));
    g_assert_false (sl_history_item_get_clock (correction));
  }
  /* Back to an entry: the list stays where the player scrolled. */
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_page_size (adjustment) / 2);
  sl_test_ui_settle ();
  g_assert_true (sl_game_go_to (game, 5));
  sl_test_ui_settle ();
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (view)));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/history-view/undo-to-any-point", test_history_view);
  g_test_add_func ("/history-view/throw-E-33", test_history_throw);
  g_test_add_func ("/history-view/long", test_history_long);
  g_test_add_func ("/history-view/undone-secret", test_history_undone_secret);
  g_test_add_func ("/history-view/changes-only", test_history_changes_only);
  g_test_add_func ("/history-view/newest-in-view-P-08", test_history_newest_in_view);
  return g_test_run ();
}
