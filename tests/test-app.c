/* test-app.c: what a packager and a reviewer look at in the running
 * application — the About window's texts and links, Ctrl+W closing each
 * window, and printing chosen from the main menu (every squad, blank
 * logs, one squad) so that it works through the print portal too. Runs
 * under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "sl-application.h"
#include "sl-briefing-window.h"
#include "sl-builder-window.h"
#include "sl-markers-window.h"
#include "sl-print-operation.h"
#include "sl-scenario-editor.h"
#include "sl-score-window.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"
#include "sl-window.h"

static char *tmp_dir;

static SlApplication *
start_app (void)
{
  static int count;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = g_strdup_printf ("%s.App%d", APPLICATION_ID, ++count);
  SlApplication *app = sl_application_new ();

  /* Each test has an application of its own on the test's session bus. */
  g_application_set_application_id (G_APPLICATION (app), id);
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) |
                           G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  return app;
}

/* The first label under @widget whose text holds @text, or NULL. */
static GtkLabel *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The About window: the links, and the legal text of the game's section
 * whole ("&" in its markup once made GTK drop it, with a warning, which
 * G_DEBUG=fatal-warnings makes fatal here). */
static void
test_about (void)
{
  g_autoptr(SlApplication) app = start_app ();
  SlWindow *window = sl_window_new (app);
  AdwAboutWindow *about;
  GtkLabel *legal;

  gtk_window_present (GTK_WINDOW (window));
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  sl_test_ui_settle ();
  about = ADW_ABOUT_WINDOW (sl_test_ui_find_toplevel (ADW_TYPE_ABOUT_WINDOW));
  g_assert_nonnull (about);
  g_assert_cmpstr (adw_about_window_get_website (about), ==, "https://github.com/squadlog/squadlog");
  g_assert_cmpstr (adw_about_window_get_issue_url (about), ==,
                   "https://github.com/squadlog/squadlog/issues");
  g_assert_cmpstr (adw_about_window_get_version (about), ==, PACKAGE_VERSION);
  g_assert_cmpint (adw_about_window_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);
  legal = find_label (GTK_WIDGET (about), "Paul Arden Lidberg & FASA");
  g_assert_nonnull (legal);
  g_assert_nonnull (strstr (gtk_label_get_text (legal), "© 1995 Paul Arden Lidberg & FASA"));
  g_assert_nonnull (strstr (gtk_label_get_text (legal), "unofficial aid for players"));
  g_assert_nonnull (strstr (gtk_label_get_text (legal), "1995 FASA playtest rulebook"));

  gtk_window_destroy (GTK_WINDOW (about));
  gtk_window_destroy (GTK_WINDOW (window));
  sl_test_ui_settle ();
}

/* The action @window's Ctrl+W runs, as its class's shortcuts have it, or
 * NULL. */
static const char *
ctrl_w_action (GtkWidget *window)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (window);
  g_autoptr(GtkShortcutTrigger) ctrl_w = gtk_keyval_trigger_new (GDK_KEY_w, GDK_CONTROL_MASK);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), ctrl_w) &&
              GTK_IS_NAMED_ACTION (action))
            return gtk_named_action_get_action_name (GTK_NAMED_ACTION (action));
        }
    }
  return NULL;
}

static void
destroyed_cb (GtkWidget *widget,
              gboolean  *destroyed)
{
  *destroyed = TRUE;
}

/* Ctrl+W closes the window it is pressed in: the main window (HIG), and
 * each window of its own that the main window opens. */
static void
test_ctrl_w (void)
{
  g_autoptr(SlApplication) app = start_app ();
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlWindow *window = sl_window_new (app);
  const SlSetup *setup = sl_game_get_setup (game);
  GtkWidget *others[5];
  gboolean destroyed = FALSE;

  gtk_window_present (GTK_WINDOW (window));
  sl_window_set_game (window, game);
  others[0] = GTK_WIDGET (sl_score_window_new (GTK_WINDOW (window), game));
  others[1] = sl_briefing_window_new (GTK_WINDOW (window), game);
  others[2] = GTK_WIDGET (sl_markers_window_new (GTK_WINDOW (window), game));
  others[3] = GTK_WIDGET (sl_builder_window_new (GTK_WINDOW (window), sl_game_get_rules (game),
                                                 setup->options));
  others[4] = GTK_WIDGET (sl_scenario_editor_new (GTK_WINDOW (window), sl_game_get_rules (game)));
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_test_message ("%s", G_OBJECT_TYPE_NAME (others[i]));
      g_assert_cmpstr (ctrl_w_action (others[i]), ==, "window.close");
      gtk_window_destroy (GTK_WINDOW (others[i]));
    }

  /* Pressed (its shortcut's action run as GTK runs it): the window goes. */
  g_assert_cmpstr (ctrl_w_action (GTK_WIDGET (window)), ==, "window.close");
  g_signal_connect (window, "destroy", G_CALLBACK (destroyed_cb), &destroyed);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "window.close", NULL));
  sl_test_ui_settle ();
  g_assert_true (destroyed);
}

typedef struct
{
  char     *action;
  GVariant *target;
} MenuEntry;

static void
menu_entry_free (MenuEntry *entry)
{
  g_free (entry->action);
  g_clear_pointer (&entry->target, g_variant_unref);
  g_free (entry);
}

/* Every entry of @model, its sections and submenus included. */
static void
collect_entries (GMenuModel *model,
                 GPtrArray  *entries)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (model, i);
      GMenuModel *link;
      char *action = NULL;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        {
          MenuEntry *entry = g_new0 (MenuEntry, 1);

          entry->action = action;
          entry->target = g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, NULL);
          g_ptr_array_add (entries, entry);
        }
      while (g_menu_link_iter_get_next (links, NULL, &link))
        {
          collect_entries (link, entries);
          g_object_unref (link);
        }
    }
}

static gboolean
has_entry (GPtrArray  *entries,
           const char *action,
           const char *target)
{
  for (guint i = 0; i < entries->len; i++)
    {
      MenuEntry *entry = g_ptr_array_index (entries, i);

      if (g_str_equal (entry->action, action) &&
          (target == NULL ? entry->target == NULL :
           entry->target != NULL && g_str_equal (g_variant_get_string (entry->target, NULL), target)))
        return TRUE;
    }
  return FALSE;
}

/* The main menu has Print Squad Logs…, Print Blank Logs… and one entry per
 * squad; none of the last without a game. */
static void
test_print_menu (void)
{
  g_autoptr(SlApplication) app = start_app ();
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlWindow *window = sl_window_new (app);
  GMenuModel *menu = G_MENU_MODEL (gtk_widget_get_template_child (GTK_WIDGET (window), SL_TYPE_WINDOW,
                                                                  "primary_menu"));
  const SlSetup *setup = sl_game_get_setup (game);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) menu_entry_free);

  gtk_window_present (GTK_WINDOW (window));
  collect_entries (menu, entries);
  g_assert_true (has_entry (entries, "win.print", NULL));
  g_assert_true (has_entry (entries, "win.print-blank", NULL));
  g_assert_false (has_entry (entries, "win.print-squad", "tog"));

  sl_window_set_game (window, game);
  g_ptr_array_set_size (entries, 0);
  collect_entries (menu, entries);
  g_assert_true (has_entry (entries, "win.print", NULL));
  g_assert_true (has_entry (entries, "win.print-blank", NULL));
  g_assert_cmpuint (setup->squads->len, ==, 2);
  for (guint s = 0; s < setup->squads->len; s++)
    g_assert_true (has_entry (entries, "win.print-squad", sl_setup_squad_at (setup, s)->id));

  /* Another game: its squads, not the last one's. */
  sl_window_set_game (window, NULL);
  g_ptr_array_set_size (entries, 0);
  collect_entries (menu, entries);
  g_assert_false (has_entry (entries, "win.print-squad", sl_setup_squad_at (setup, 0)->id));

  gtk_window_destroy (GTK_WINDOW (window));
  sl_test_ui_settle ();
}

static char *
run_tool (const char *tool,
          const char *pdf)
{
  const char *argv[] = { tool, pdf, "-", NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;

  if (g_str_equal (tool, "pdfinfo"))
    argv[2] = NULL;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* What each menu entry prints, exported as the print operation draws it:
 * every squad filled in, every squad blank, one squad. */
static void
test_print_operation (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlSetup *setup = sl_game_get_setup (game);
  const SlSquadSetup *second = sl_setup_squad_at (setup, 1);
  const SlSquadSetup *first = sl_setup_squad_at (setup, 0);
  const struct
  {
    const char *squad_id;
    gboolean    blank;
    int         pages;
  } cases[] = {
    { NULL, FALSE, 2 },
    { NULL, TRUE, 2 },
    { second->id, FALSE, 1 },
    { "no-such-squad", FALSE, 0 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(SlPrintOperation) op = sl_print_operation_new (game, cases[c].squad_id, cases[c].blank);
      g_autofree char *pdf = g_build_filename (tmp_dir, "logs.pdf", NULL);
      g_autofree char *pages = g_strdup_printf ("Pages:           %d\n", cases[c].pages);
      g_autofree char *info = NULL;
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_cmpint (sl_print_operation_get_n_squads (op), ==, cases[c].pages);
      if (cases[c].pages == 0)
        continue;
      gtk_print_operation_set_export_filename (GTK_PRINT_OPERATION (op), pdf);
      g_assert_cmpint (gtk_print_operation_run (GTK_PRINT_OPERATION (op), GTK_PRINT_OPERATION_ACTION_EXPORT,
                                                NULL, &error), ==, GTK_PRINT_OPERATION_RESULT_APPLY);
      g_assert_no_error (error);
      info = run_tool ("pdfinfo", pdf);
      g_assert_nonnull (strstr (info, pages));
      text = run_tool ("pdftotext", pdf);
      /* Each squad's name heads its page; the units are filled in unless
       * the logs are blank. */
      g_assert_true ((strstr (text, first->name) != NULL) == (cases[c].squad_id == NULL));
      g_assert_nonnull (strstr (text, second->name));
      g_assert_true ((strstr (text, "Trooper Hale") != NULL) == !cases[c].blank);
      g_remove (pdf);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  /* Nothing of the tests' goes into the user's own directories. */
  tmp_dir = g_dir_make_tmp ("squadlog-app-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_STATE_HOME", tmp_dir, TRUE);
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);
  g_setenv ("XDG_CONFIG_HOME", tmp_dir, TRUE);
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();

  g_test_add_func ("/app/about", test_about);
  g_test_add_func ("/app/ctrl-w", test_ctrl_w);
  g_test_add_func ("/app/print-menu", test_print_menu);
  g_test_add_func ("/app/print-operation", test_print_operation);

  status = g_test_run ();
  sl_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
