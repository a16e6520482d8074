/* test-app.c: what a packager and a reviewer look at in the running
 * application — the About window's texts and links, Ctrl+W closing each
 * window. Runs under Xvfb.
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
                                                 &setup->options));
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

  status = g_test_run ();
  sl_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
