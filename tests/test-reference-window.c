/* test-reference-window.c: the rules reference in the window (issue 22) —
 * F1 opens it on the game's page (special conditions, the rule options
 * that change a rule marked); search, kinds, an entry with its table and
 * the entries to read next; a rule cited in a refusal on a sheet and one
 * in the history are links that open the reference at that rule; nothing
 * secret is shown. Runs under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-application.h"
#include "sl-declare-sheet-private.h"
#include "sl-declare-sheet.h"
#include "sl-history-view.h"
#include "sl-reference-window-private.h"
#include "sl-reference-window.h"
#include "sl-reference.h"
#include "sl-rule-links.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"
#include "sl-track-view.h"
#include "sl-window.h"

static char *tmp_dir;

static SlApplication *
start_app (void)
{
  static int count;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = g_strdup_printf ("%s.RefTest%d", APPLICATION_ID, ++count);
  SlApplication *app = sl_application_new ();

  g_application_set_application_id (G_APPLICATION (app), id);
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  return app;
}

/* The table's window on @game, shown. */
static SlWindow *
open_window (SlApplication *app,
             SlGame        *game)
{
  SlWindow *window = sl_window_new (app);

  sl_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  for (int i = 0; i < 500 && !gtk_widget_get_mapped (GTK_WIDGET (window)); i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window)));
  sl_test_ui_settle ();
  return window;
}

/* The first label under @root whose markup links to @id. */
static GtkLabel *
find_link (GtkWidget  *root,
           const char *id)
{
  g_autofree char *href = g_strdup_printf ("href=\"rule:%s\"", id);

  if (GTK_IS_LABEL (root) && gtk_label_get_use_markup (GTK_LABEL (root)) &&
      strstr (gtk_label_get_label (GTK_LABEL (root)), href) != NULL)
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_link (child, id);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Clicks the link to @id in @label, as GTK does: its activate-link. */
static void
activate_link (GtkLabel   *label,
               const char *id)
{
  g_autofree char *uri = g_strdup_printf ("rule:%s", id);
  gboolean handled = FALSE;

  g_signal_emit_by_name (label, "activate-link", uri, &handled);
  g_assert_true (handled);
  sl_test_ui_settle ();
}

static char *
listed (SlReferenceWindow *reference)
{
  g_autoptr(GPtrArray) ids = sl_reference_window_get_listed (reference);

  g_ptr_array_add (ids, NULL);
  return g_strjoinv (" ", (char **) ids->pdata);
}

/* The markup of a message: escaped, its sections added, its ids linked;
 * ids the reference does not have are left as text. */
static void
test_markup (void)
{
  g_autofree char *markup = sl_rule_links_markup ("<Hale> & co: roll first (P-34 step 1, A-92, P-999).", TRUE);
  g_autofree char *plain = sl_rule_links_markup ("Plain <b>", FALSE);
  g_autofree char *cited = sl_reference_cite (NULL, "(P-34 step 1, A-92, P-999)");
  g_autofree char *expected = NULL;
  const char *sections = strchr (cited, ';');

  g_test_message ("%s", markup);
  g_assert_true (g_str_has_prefix (markup, "&lt;Hale&gt; &amp; co: roll first (<a href=\"rule:P-34\" title=\""));
  g_assert_nonnull (strstr (markup, ">P-34</a> step 1, <a href=\"rule:A-92\""));
  g_assert_nonnull (strstr (markup, ">A-92</a>, P-999"));
  g_assert_nonnull (sections);
  expected = g_markup_escape_text (sections, -1);
  g_assert_nonnull (strstr (markup, expected));
  g_assert_cmpstr (plain, ==, "Plain &lt;b&gt;");
  /* Valid markup for a label (a warning would be fatal), which reads as
   * the message with its sections. */
  {
    GtkWidget *label = g_object_ref_sink (gtk_label_new (NULL));
    g_autofree char *whole = sl_reference_cite (NULL, "<Hale> & co: roll first (P-34 step 1, A-92, P-999).");

    sl_rule_links_set_label (GTK_LABEL (label), "<Hale> & co: roll first (P-34 step 1, A-92, P-999).");
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, whole);
    g_object_unref (label);
  }
}

/* F1 opens the reference on the game's page; search, kinds, an entry and
 * its related entries, back; narrow, a leaflet. */
static void
test_browse (void)
{
  g_autoptr(SlApplication) app = start_app ();
  /* Played in any order: freeDeclarationOrder, changed from the default. */
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlWindow *window = open_window (app, game);
  SlReferenceWindow *reference;
  g_autofree char *text = NULL;
  g_autofree char *list = NULL;

  {
    gint64 start = g_get_monotonic_time ();

    gtk_widget_activate_action (GTK_WIDGET (window), "win.reference", NULL);
    g_test_message ("The reference opened in %.1f ms", (g_get_monotonic_time () - start) / 1000.0);
  }
  sl_test_ui_settle ();
  reference = SL_REFERENCE_WINDOW (sl_test_ui_find_toplevel (SL_TYPE_REFERENCE_WINDOW));
  g_assert_nonnull (reference);
  g_assert_true (reference == sl_window_get_reference (window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (reference)));
  g_assert_cmpstr (sl_reference_window_get_shown (reference), ==, "game");
  text = sl_reference_window_get_page_text (reference);
  g_test_message ("%s", text);
  /* The option the game changes, marked, with both values. */
  g_assert_nonnull (strstr (text, "Declare in any order\n“yes” in this game, “no” by default · changes P-08"));
  g_assert_nonnull (strstr (text, "Special Conditions"));
  sl_test_ui_save_png (GTK_WIDGET (reference), "reference-game.png");

  /* An entry the option changes says so. */
  g_assert_true (sl_reference_window_show_entry (reference, "p-08"));
  g_assert_cmpstr (sl_reference_window_get_shown (reference), ==, "P-08");
  g_clear_pointer (&text, g_free);
  text = sl_reference_window_get_page_text (reference);
  g_assert_nonnull (strstr (text, "In this game, Declare in any order is “yes” (by default “no”): it changes this rule."));
  /* A ruling: what Squad Log does; not changed in this game. */
  g_assert_true (sl_reference_window_show_entry (reference, "A-55"));
  g_clear_pointer (&text, g_free);
  text = sl_reference_window_get_page_text (reference);
  g_assert_nonnull (strstr (text, "What Squad Log Does"));
  g_assert_null (strstr (text, "In this game"));

  /* A table as a table; its related entries open. */
  g_assert_true (sl_reference_window_show_entry (reference, "T-23"));
  g_clear_pointer (&text, g_free);
  text = sl_reference_window_get_page_text (reference);
  g_assert_nonnull (strstr (text, " | "));
  g_assert_nonnull (sl_test_ui_find (GTK_WIDGET (reference), GTK_TYPE_GRID, NULL));
  sl_test_ui_save_png (GTK_WIDGET (reference), "reference-table.png");
  {
    const SlReferenceEntry *t23 = sl_reference_lookup (sl_reference_get_default (), "T-23");
    GtkWidget *row;

    g_assert_nonnull (t23->related[0]);
    row = sl_test_ui_find (GTK_WIDGET (reference), ADW_TYPE_ACTION_ROW,
                           sl_reference_lookup (sl_reference_get_default (), t23->related[0])->title);
    g_assert_nonnull (row);
    g_signal_emit_by_name (row, "activated");
    /* The page turns on the frame clock: a slow machine (or the sanitizer
     * build) takes more than a few frames. */
    for (int i = 0; i < 50 && g_strcmp0 (sl_reference_window_get_shown (reference), t23->related[0]) != 0; i++)
      sl_test_ui_settle ();
    g_assert_cmpstr (sl_reference_window_get_shown (reference), ==, t23->related[0]);
    /* Alt+Left: back where it was. */
    gtk_widget_activate_action (GTK_WIDGET (reference), "reference.back", NULL);
    g_assert_cmpstr (sl_reference_window_get_shown (reference), ==, "T-23");
  }
  g_assert_false (sl_reference_window_show_entry (reference, "P-999"));
  g_assert_cmpstr (sl_reference_window_get_shown (reference), ==, "T-23");

  /* The search: every word, any case or accent; an id first. */
  sl_reference_window_search (reference, "rateoffirewindow");
  g_clear_pointer (&list, g_free);
  list = listed (reference);
  g_assert_cmpstr (list, ==, "rateOfFireWindow");
  sl_reference_window_search (reference, "xyzzy");
  g_clear_pointer (&list, g_free);
  list = listed (reference);
  g_assert_cmpstr (list, ==, "");
  sl_reference_window_search (reference, "");
  g_clear_pointer (&list, g_free);
  list = listed (reference);
  g_assert_true (g_str_has_prefix (list, "game T-01 T-02 "));
  /* Only the rule options. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (sl_test_ui_find (GTK_WIDGET (reference), GTK_TYPE_DROP_DOWN, NULL)), 5);
  g_clear_pointer (&list, g_free);
  list = listed (reference);
  g_assert_true (g_str_has_prefix (list, "initiativeTieBreak troopQualityAffectsInitiative "));

  /* Narrow: one page at a time. */
  gtk_window_set_default_size (GTK_WINDOW (reference), 400, 600);
  sl_test_ui_settle ();
  g_assert_true (adw_leaflet_get_folded (ADW_LEAFLET (sl_test_ui_find (GTK_WIDGET (reference), ADW_TYPE_LEAFLET, NULL))));
  sl_reference_window_show_entry (reference, "rateOfFireWindow");
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (reference), "reference-narrow.png");
  g_clear_pointer (&text, g_free);
  text = sl_reference_window_get_page_text (reference);
  g_assert_nonnull (strstr (text, "In this game: “turn”, as by default."));

  /* Closed, it is hidden and kept; F1 shows it where it was. */
  gtk_window_close (GTK_WINDOW (reference));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (reference)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reference", NULL);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (reference)));
  g_assert_cmpstr (sl_reference_window_get_shown (reference), ==, "rateOfFireWindow");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A refusal on a sheet: its rule is a link that opens the reference at
 * that rule. */
static void
test_refusal_link (void)
{
  g_autoptr(SlApplication) app = start_app ();
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlWindow *window;
  SlDeclareSheet *sheet;
  GtkLabel *label;
  SlReferenceWindow *reference;

  sl_test_start_turn (game);
  /* A dazed unit may only go kneeling or prone (P-19). */
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'dazed_until',"
                      " 'value': {'turn': 1, 'subphase': 5}}");
  window = open_window (app, game);
  sheet = sl_declare_sheet_new (GTK_WINDOW (window), game, sl_test_unit (game, "tog-3"));
  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  g_assert_false (sl_declare_sheet_choose (sheet, "walk"));
  label = find_link (GTK_WIDGET (sheet), "P-19");
  g_assert_nonnull (label);
  g_test_message ("%s", gtk_label_get_label (label));
  /* The book's section is there too. */
  g_assert_nonnull (strstr (gtk_label_get_text (label), "; book §"));
  g_assert_null (sl_test_ui_find_toplevel (SL_TYPE_REFERENCE_WINDOW));

  activate_link (label, "P-19");
  reference = SL_REFERENCE_WINDOW (sl_test_ui_find_toplevel (SL_TYPE_REFERENCE_WINDOW));
  g_assert_nonnull (reference);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (reference)));
  g_assert_cmpstr (sl_reference_window_get_shown (reference), ==, "P-19");
  sl_test_ui_save_png (GTK_WIDGET (reference), "reference-p19.png");
  sl_sheet_close (SL_SHEET (sheet));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A refusal in a dialog (a unit that waits for its grouping's turn): the
 * rules it cites are links under its text. */
static void
test_dialog_link (void)
{
  g_autoptr(SlApplication) app = start_app ();
  g_autoptr(SlGame) game = sl_test_game_new_strict ();
  SlWindow *window;
  AdwMessageDialog *dialog;
  GtkLabel *label;
  SlReferenceWindow *reference;

  sl_test_start_turn (game);
  window = open_window (app, game);
  /* Hale (13) waits for TOG Fire Team 1's turn (P-06 step 5, P-08 step 2). */
  g_signal_emit_by_name (sl_test_ui_find (GTK_WIDGET (window), SL_TYPE_TRACK_VIEW, NULL), "unit-activated",
                         sl_test_unit (game, "cw-13"));
  dialog = ADW_MESSAGE_DIALOG (sl_test_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "(P-06 step 5, P-08 step 2; book §"));
  label = find_link (adw_message_dialog_get_extra_child (dialog), "P-06");
  g_assert_nonnull (label);
  g_assert_nonnull (find_link (adw_message_dialog_get_extra_child (dialog), "P-08"));
  sl_test_ui_save_png (GTK_WIDGET (dialog), "reference-dialog.png");
  activate_link (label, "P-06");
  reference = sl_window_get_reference (window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (reference)));
  g_assert_cmpstr (sl_reference_window_get_shown (reference), ==, "P-06");
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The history: a rule cited in an entry is a link that opens the
 * reference at that rule; the reference never shows a secret. */
static void
test_history_link (void)
{
  g_autoptr(SlApplication) app = start_app ();
  /* In the initiative order, where a grouping passes (P-08 step 2). */
  g_autoptr(SlGame) game = sl_test_game_new_strict ();
  SlWindow *window;
  GtkLabel *label;
  SlReferenceWindow *reference;
  g_autofree char *text = NULL;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'next'}");
  /* "TOG Fire Team 1 has had its turn; now Renegade Fire Team 1's (P-08 step 2)." */
  sl_test_play (game, "{'type': 'pass'}");
  window = open_window (app, game);
  label = find_link (GTK_WIDGET (window), "P-08");
  g_assert_nonnull (label);
  g_assert_nonnull (gtk_widget_get_ancestor (GTK_WIDGET (label), SL_TYPE_HISTORY_VIEW));
  g_test_message ("%s", gtk_label_get_label (label));

  activate_link (label, "P-08");
  reference = sl_window_get_reference (window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (reference)));
  g_assert_cmpstr (sl_reference_window_get_shown (reference), ==, "P-08");
  /* A link in the reference's own text moves it on. */
  {
    const SlReferenceEntry *p08 = sl_reference_lookup (sl_reference_get_default (), "P-08");
    GtkLabel *inner = NULL;
    const char *id = NULL;

    for (guint i = 0; p08->related[i] != NULL && inner == NULL; i++)
      if ((inner = find_link (GTK_WIDGET (reference), p08->related[i])) != NULL)
        id = p08->related[i];
    if (inner != NULL)
      {
        activate_link (inner, id);
        g_assert_cmpstr (sl_reference_window_get_shown (reference), ==, id);
      }
  }
  /* The game's page: public texts and options only. */
  g_assert_true (sl_reference_window_show_game (reference));
  text = sl_reference_window_get_page_text (reference);
  g_assert_null (strstr (text, "pile"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  tmp_dir = g_dir_make_tmp ("squadlog-reference-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_STATE_HOME", tmp_dir, TRUE);
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();

  g_test_add_func ("/reference-window/markup", test_markup);
  g_test_add_func ("/reference-window/browse", test_browse);
  g_test_add_func ("/reference-window/refusal-link", test_refusal_link);
  g_test_add_func ("/reference-window/dialog-link", test_dialog_link);
  g_test_add_func ("/reference-window/history-link", test_history_link);

  status = g_test_run ();
  sl_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
