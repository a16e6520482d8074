/* test-window.c: the window opens on the real application and shows the
 * rules in force, or exactly what is wrong with a broken rules file.
 * Runs under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "sl-application.h"
#include "sl-window.h"

static SlApplication *
start_app (void)
{
  static int count;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = g_strdup_printf ("%s.Test%d", APPLICATION_ID, ++count);
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

static AdwStatusPage *
status_page (GtkWidget *window)
{
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));

  for (GtkWidget *child = gtk_widget_get_first_child (content); child;
       child = gtk_widget_get_next_sibling (child))
    if (ADW_IS_STATUS_PAGE (child))
      return ADW_STATUS_PAGE (child);
  g_assert_not_reached ();
}

static void
wait_for_mapped (GtkWidget *widget)
{
  for (int i = 0; i < 500 && !gtk_widget_get_mapped (widget); i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (gtk_widget_get_mapped (widget));
}

/* The window opens, with a header bar, and shows the rules in force. */
static void
test_window_opens (void)
{
  g_autoptr(SlApplication) app = NULL;
  GtkWidget *window;
  AdwStatusPage *page;

  g_setenv ("SQUADLOG_DATA_DIR", SL_SOURCE_DATADIR, TRUE);
  g_unsetenv ("SQUADLOG_RULES");
  app = start_app ();
  g_assert_nonnull (sl_application_get_rules (app));

  window = GTK_WIDGET (sl_window_new (app));
  gtk_window_present (GTK_WINDOW (window));
  wait_for_mapped (window);

  page = status_page (window);
  g_assert_cmpstr (adw_status_page_get_title (page), ==, "Squad Log");
  g_assert_nonnull (strstr (adw_status_page_get_description (page), "9 weapons"));
  g_assert_nonnull (strstr (adw_status_page_get_description (page), "PHALANX: Streets of Blood"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "about"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "quit"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A broken rules file: the window names the file, the entry and the problem. */
static void
test_broken_rules (void)
{
  g_autoptr(SlApplication) app = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *window;
  AdwStatusPage *page;
  int fd;

  fd = g_file_open_tmp ("house-XXXXXX.json", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, "{\"format\": \"squadlog-rules\", \"version\": 1}", -1, &error);
  g_assert_no_error (error);
  g_setenv ("SQUADLOG_RULES", path, TRUE);

  app = start_app ();
  g_assert_null (sl_application_get_rules (app));
  window = GTK_WIDGET (sl_window_new (app));
  gtk_window_present (GTK_WINDOW (window));
  wait_for_mapped (window);

  page = status_page (window);
  g_assert_cmpstr (adw_status_page_get_title (page), ==, "The Rules Cannot Be Used");
  g_assert_nonnull (strstr (adw_status_page_get_description (page), "house-"));
  g_assert_nonnull (strstr (adw_status_page_get_description (page), "id"));
  g_assert_nonnull (strstr (adw_status_page_get_description (page), "required"));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unsetenv ("SQUADLOG_RULES");
  g_unlink (path);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/window/opens", test_window_opens);
  g_test_add_func ("/window/broken-rules", test_broken_rules);

  return g_test_run ();
}
