/* test-phones-window.c: Private Views on Phones (docs/phones.md) — off
 * by default; switched on, the code of the side chosen with its QR code
 * and link, renewed once a phone used it; the paired devices with Revoke;
 * a locked side's PIN first (a phone is no way round a lock); never a
 * secret of the game on the laptop's screen (P-28, P-37 step 2); the
 * server stops when the game closes. Runs under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-application.h"
#include "sl-game-private.h"
#include "sl-phones-window-private.h"
#include "sl-phones-window.h"
#include "sl-server-private.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"
#include "sl-window.h"

static char *tmp_dir;

static const char * const cw_secrets[] = {
  "ZULU-9 behind the crates", "QUEBEC-4 by the old well", "YANKEE-2 on the roof", "Trooper Cole", NULL
};

/* Every text the window shows: labels, rows' titles and subtitles. */
static void
collect_texts (GtkWidget *widget,
               GString   *out)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  if (ADW_IS_PREFERENCES_ROW (widget))
    g_string_append_printf (out, "%s\n", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_texts (c, out);
}

static void
assert_no_secret (GtkWidget *window)
{
  g_autoptr(GString) texts = g_string_new (NULL);

  collect_texts (window, texts);
  for (guint i = 0; cw_secrets[i] != NULL; i++)
    if (strstr (texts->str, cw_secrets[i]) != NULL)
      g_error ("a secret of the Commonwealth (%s) on the sharing window:\n%s", cw_secrets[i], texts->str);
}

/* The QR code drawn reads, with a decoder of its own (zbar's), as the
 * link: what a phone's camera gets. Skipped without zbarimg. */
static void
assert_qr_reads (GtkWidget  *qr,
                 const char *link)
{
  g_autofree char *zbarimg = g_find_program_in_path ("zbarimg");
  g_autofree char *png = g_build_filename (tmp_dir, "qr.png", NULL);
  g_autofree char *out = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  int status = -1;

  if (zbarimg == NULL)
    {
      g_test_message ("zbarimg is not installed: the QR code is not read back");
      return;
    }
  texture = sl_test_ui_render (qr);
  g_assert_true (gdk_texture_save_to_png (texture, png));
  {
    const char *argv[] = { zbarimg, "--quiet", "--raw", png, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                                 &out, NULL, &status, &error));
  }
  g_assert_no_error (error);
  g_assert_cmpstr (g_strchomp (out), ==, link);
}

static SlPhonesWindow *
open_sharing (SlServer *server)
{
  SlPhonesWindow *window = sl_phones_window_new (NULL, server);
  g_autofree char *certificate = g_build_filename (tmp_dir, "phones", "certificate.pem", NULL);

  sl_phones_window_set_certificate_path (window, certificate);
  gtk_window_present (GTK_WINDOW (window));
  sl_test_ui_settle ();
  return window;
}

/* Off by default; on, a side's code and QR code; paired, the device is
 * listed and the code goes; Revoke; off again. */
static void
test_phones_window_share (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (FALSE);
  g_autoptr(SlServer) server = sl_server_new (game);
  SlPhonesWindow *window = open_sharing (server);
  GtkWidget *qr;
  g_autofree char *code = NULL;
  g_autofree char *token = NULL;
  SlViewer viewer;

  g_assert_false (sl_server_is_running (server));
  g_assert_false (sl_phones_window_show_code (window, "cw"));
  g_assert_null (sl_phones_window_get_code (window));
  assert_no_secret (GTK_WIDGET (window));

  sl_phones_window_set_sharing (window, TRUE);
  sl_test_ui_settle ();
  g_assert_true (sl_server_is_running (server));
  g_assert_nonnull (sl_test_ui_find (GTK_WIDGET (window), GTK_TYPE_LABEL, NULL));
  g_assert_true (sl_phones_window_show_code (window, "cw"));
  sl_test_ui_settle ();
  g_assert_cmpstr (sl_phones_window_get_code (window), ==,
                   sl_pairing_invite (sl_server_get_pairing (server), sl_setup_find_side (sl_game_get_setup (game), "cw"))->code);
  g_assert_true (g_str_has_prefix (sl_phones_window_get_link (window), "https://"));
  g_assert_nonnull (strstr (sl_phones_window_get_link (window), "/pair?s="));
  qr = sl_test_ui_find (GTK_WIDGET (window), GTK_TYPE_DRAWING_AREA, NULL);
  g_assert_true (sl_test_ui_drew_in (GTK_WIDGET (window), qr));
  assert_qr_reads (qr, sl_phones_window_get_link (window));
  assert_no_secret (GTK_WIDGET (window));

  /* A phone pairs with it: listed, and the code is gone. */
  code = g_strdup (sl_phones_window_get_code (window));
  g_assert_cmpint (sl_pairing_pair (sl_server_get_pairing (server), NULL, code, "192.0.2.7", "Android phone, 192.0.2.7",
                                    &viewer, &token, NULL), ==, SL_PAIR_OK);
  sl_test_ui_settle ();
  g_assert_cmpuint (sl_phones_window_get_n_devices (window), ==, 1);
  g_assert_nonnull (sl_test_ui_find (GTK_WIDGET (window), ADW_TYPE_ACTION_ROW, "Android phone, 192.0.2.7"));
  g_assert_null (sl_phones_window_get_code (window));
  assert_no_secret (GTK_WIDGET (window));

  sl_phones_window_revoke (window, 0);
  sl_test_ui_settle ();
  g_assert_cmpuint (sl_phones_window_get_n_devices (window), ==, 0);
  g_assert_null (sl_pairing_lookup (sl_server_get_pairing (server), token));

  sl_phones_window_set_sharing (window, FALSE);
  sl_test_ui_settle ();
  g_assert_false (sl_server_is_running (server));
  gtk_window_destroy (GTK_WINDOW (window));
  sl_test_ui_settle ();
}

/* The sharing window of @game with a PIN (2468) on the Commonwealth's
 * lock, sharing, asked for the Commonwealth's code: it asks the PIN. */
static SlPhonesWindow *
open_locked_sharing (SlGame   *game,
                     SlServer *server)
{
  SlPhonesWindow *window;

  sl_game_set_lock (game, "cw", "2468");
  window = open_sharing (server);
  sl_phones_window_set_sharing (window, TRUE);
  g_assert_false (sl_phones_window_show_code (window, "cw"));
  return window;
}

/* Issue 30 #4 in the sharing window as in the private view: each wrong PIN
 * makes the row wait, and the third in a row ends the asking: the code is
 * not shown, and Show the Code starts again. */
static void
test_phones_window_pin_close (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (FALSE);
  g_autoptr(SlServer) server = sl_server_new (game);
  SlPhonesWindow *window;

  window = open_locked_sharing (game, server);
  for (int i = 0; i < SL_LOCK_WRONG_TO_CLOSE; i++)
    {
      g_assert_true (sl_phones_window_asks_pin (window));
      while (sl_phones_window_pin_waits (window))
        g_main_context_iteration (NULL, TRUE);
      g_assert_false (sl_phones_window_enter_pin (window, "1357"));
    }
  g_assert_false (sl_phones_window_asks_pin (window));
  g_assert_null (sl_phones_window_get_code (window));
  /* The right PIN typed now opens nothing: no PIN is asked. */
  g_assert_false (sl_phones_window_enter_pin (window, "2468"));
  g_assert_null (sl_phones_window_get_code (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Port 9743 taken by another program: the server takes any free port,
 * and the link names it. */
static void
test_phones_window_port_taken (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (FALSE);
  g_autoptr(SlServer) server = sl_server_new (game);
  g_autoptr(GSocketListener) other = g_socket_listener_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *port = NULL;
  SlPhonesWindow *window;

  if (!g_socket_listener_add_inet_port (other, SL_SERVER_DEFAULT_PORT, NULL, &error))
    {
      /* Taken already (another test, another Squad Log): as good. */
      g_clear_error (&error);
    }
  window = open_sharing (server);
  sl_phones_window_set_sharing (window, TRUE);
  sl_test_ui_settle ();
  g_assert_true (sl_server_is_running (server));
  g_assert_cmpuint (sl_server_get_port (server), !=, SL_SERVER_DEFAULT_PORT);
  g_assert_true (sl_phones_window_show_code (window, "cw"));
  port = g_strdup_printf (":%u/pair?s=", sl_server_get_port (server));
  g_assert_nonnull (strstr (sl_phones_window_get_link (window), port));
  gtk_window_destroy (GTK_WINDOW (window));
  sl_test_ui_settle ();
}

/* A side with a PIN shows its code once its PIN is typed; the referee's
 * asks it too (sl_game_locks_to_open); closed, the window withdraws the
 * invitations. */
static void
test_phones_window_pin (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (FALSE);
  g_autoptr(SlServer) server = sl_server_new (game);
  SlPhonesWindow *window;

  window = open_locked_sharing (game, server);
  g_assert_null (sl_phones_window_get_code (window));
  g_assert_false (sl_phones_window_enter_pin (window, "1111"));
  g_assert_null (sl_phones_window_get_code (window));
  /* Issue 30 #4: after a wrong PIN the next try waits, the right one too. */
  g_assert_true (sl_phones_window_pin_waits (window));
  g_assert_false (sl_phones_window_enter_pin (window, "2468"));
  while (g_get_monotonic_time () < sl_game_lock_retry_at (game))
    g_usleep (20000);
  /* The row takes PINs again once the wait is over. */
  while (sl_phones_window_pin_waits (window))
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (sl_phones_window_enter_pin (window, "2468"));
  g_assert_nonnull (sl_phones_window_get_code (window));

  g_assert_false (sl_phones_window_show_code (window, "referee"));
  g_assert_null (sl_phones_window_get_code (window));
  g_assert_true (sl_phones_window_enter_pin (window, "2468"));
  g_assert_nonnull (sl_phones_window_get_code (window));
  /* TOG has none. */
  g_assert_true (sl_phones_window_show_code (window, "tog"));
  /* Closed, the window withdraws its invitations: the code shown is
   * void; the server goes on for the phones already paired. */
  {
    g_autofree char *code = g_strdup (sl_phones_window_get_code (window));
    g_autofree char *token = NULL;
    SlViewer viewer;

    gtk_window_close (GTK_WINDOW (window));
    sl_test_ui_settle ();
    g_assert_cmpint (sl_pairing_pair (sl_server_get_pairing (server), NULL, code, "192.0.2.8", "x",
                                      &viewer, &token, NULL), ==, SL_PAIR_WRONG);
    g_assert_true (sl_server_is_running (server));
  }
}

/* From the main menu, and stopped when the game closes. */
static void
test_phones_window_main_window (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = g_strdup_printf ("%s.TestPhones", APPLICATION_ID);
  g_autoptr(SlApplication) app = sl_application_new ();
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (FALSE);
  SlWindow *window;
  SlPhonesWindow *sharing;
  SlServer *server;

  g_application_set_application_id (G_APPLICATION (app), id);
  g_application_set_flags (G_APPLICATION (app), g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  window = sl_window_new (app);
  sl_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  sl_test_ui_settle ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.phones", NULL));
  sl_test_ui_settle ();
  sharing = SL_PHONES_WINDOW (sl_test_ui_find_toplevel (SL_TYPE_PHONES_WINDOW));
  g_assert_nonnull (sharing);
  sl_phones_window_set_sharing (sharing, TRUE);
  sl_test_ui_settle ();
  {
    GtkWidget *sw = sl_test_ui_find (GTK_WIDGET (sharing), GTK_TYPE_SWITCH, NULL);

    g_assert_true (gtk_switch_get_active (GTK_SWITCH (sw)));
  }
  /* The server of the game shown, running. */
  server = sl_phones_window_get_server (sharing);
  g_assert_true (sl_server_get_game (server) == game);
  g_assert_true (sl_server_is_running (server));
  g_object_add_weak_pointer (G_OBJECT (server), (gpointer *) &server);
  {
    g_autofree char *code = NULL;

    g_assert_true (sl_phones_window_show_code (sharing, "tog"));
    code = g_strdup (sl_phones_window_get_code (sharing));
    g_assert_cmpuint (strlen (code), ==, 6);
  }
  /* The game closed: the sharing window goes, and its server with it. */
  g_object_add_weak_pointer (G_OBJECT (sharing), (gpointer *) &sharing);
  sl_window_set_game (window, NULL);
  sl_test_ui_settle ();
  g_assert_null (sharing);
  g_assert_null (server);
  gtk_window_destroy (GTK_WINDOW (window));
  sl_test_ui_settle ();
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  tmp_dir = g_dir_make_tmp ("squadlog-phones-window-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);
  g_setenv ("XDG_STATE_HOME", tmp_dir, TRUE);
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/phones-window/share+P-28", test_phones_window_share);
  g_test_add_func ("/phones-window/pin", test_phones_window_pin);
  g_test_add_func ("/phones-window/pin-close", test_phones_window_pin_close);
  g_test_add_func ("/phones-window/port-taken", test_phones_window_port_taken);
  g_test_add_func ("/phones-window/main-window", test_phones_window_main_window);
  status = g_test_run ();
  sl_test_remove_dir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
