/* test-crash.c: nothing lost, tested for real. `squadlog play` applies
 * commands to a game and says each one once it is saved; the test kills it
 * with SIGKILL at random moments — between commands, in the middle of
 * applying or saving one — and checks each time that the file still loads
 * and holds every command acknowledged before the kill, in order, and
 * nothing that was not sent. Then saving on a full disk and in a read-only
 * directory (a preloaded module makes the C library fail as they would):
 * a clear message, and the previous file byte for byte.
 *
 * The random moments come from the test's seed (g_test_rand_*): a failure
 * is repeated with --seed.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "sl-test.h"
#include "sl-test-game.h"

static char *tmp_dir;

static const char *
squadlog (void)
{
  return g_getenv ("SL_SQUADLOG");
}

/* The nth command the test sends: a correction whose summary is one line,
 * "Correction: Trooper Hale's keys is now 1." (0 and 1 in turn), with its
 * number in its note. */
static char *
command (guint n)
{
  return g_strdup_printf ("{\"type\": \"correct\", \"unit\": \"cw-13\", \"field\": \"keys\", \"value\": %u,"
                          " \"note\": \"command %u\"}", n % 2, n);
}

static void
new_game (const char *path)
{
  const char *argv[] = { squadlog (), "new", "--scenario", "training", "-o", path, "--force", NULL };
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

/* Loads the game as Squad Log would and checks its journal: every entry a
 * command the test sent, in order; at least @acknowledged of them. Returns
 * how many there are. */
static guint
check_saved (const char *path,
             guint       acknowledged,
             guint       sent)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) game = sl_game_load (sl_test_rules (), path, &error);
  guint n;

  g_assert_no_error (error);
  n = sl_game_get_n_entries (game);
  if (n < acknowledged)
    g_error ("%u commands were acknowledged, but the saved game holds %u", acknowledged, n);
  g_assert_cmpuint (n, <=, sent);
  for (guint i = 0; i < n; i++)
    {
      const SlJournalEntry *e = sl_game_get_entry (game, i);
      JsonObject *c = json_node_get_object (sl_journal_entry_get_command (e));
      g_autofree char *note = g_strdup_printf ("command %u", i + 1);

      g_assert_cmpstr (json_object_get_string_member (c, "note"), ==, note);
    }
  return n;
}

/* Reads one line of the child's output, or NULL at its end. */
static char *
read_line (GDataInputStream *out)
{
  g_autoptr(GError) error = NULL;
  char *line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);

  g_assert_no_error (error);
  return line;
}

/* Many runs of `squadlog play` on the same game, each killed at a random
 * moment: after waiting for a random number of acknowledgements, it is
 * sent a burst of further commands and killed a random few hundred
 * microseconds later — while it reads, applies or saves them. */
static void
test_sigkill (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "killed.squadlog", NULL);
  guint acknowledged = 0, sent = 0;
  int runs = g_test_slow () ? 200 : 40;

  new_game (path);
  for (int run = 0; run < runs; run++)
    {
      const char *argv[] = { squadlog (), "play", path, "-", NULL };
      g_autoptr(GError) error = NULL;
      g_autoptr(GSubprocess) child = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                                                G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                                G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error);
      GOutputStream *in;
      g_autoptr(GDataInputStream) out = NULL;
      int wait_for = g_test_rand_int_range (0, 6);
      int burst = g_test_rand_int_range (1, 12);
      guint before;

      g_assert_no_error (error);
      in = g_subprocess_get_stdin_pipe (child);
      out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (child));
      /* The game as this run starts: what was acknowledged, and maybe some
       * of what was sent after. */
      sent = acknowledged = before = check_saved (path, acknowledged, sent);

      for (int i = 0; i < wait_for; i++)
        {
          g_autofree char *text = command (++sent);
          g_autofree char *line = NULL;
          g_autofree char *expected = g_strdup_printf ("keys is now %u.", sent % 2);

          g_assert_true (g_output_stream_write_all (in, text, strlen (text), NULL, NULL, &error));
          g_assert_true (g_output_stream_write_all (in, "\n", 1, NULL, NULL, &error));
          g_assert_true (g_output_stream_flush (in, NULL, &error));
          line = read_line (out);
          g_assert_nonnull (line);
          g_assert_nonnull (strstr (line, expected));
          acknowledged = sent;
        }
      for (int i = 0; i < burst; i++)
        {
          g_autofree char *text = command (++sent);
          g_autofree char *with_newline = g_strconcat (text, "\n", NULL);

          g_output_stream_write_all (in, with_newline, strlen (with_newline), NULL, NULL, NULL);
        }
      g_output_stream_flush (in, NULL, NULL);
      g_usleep (g_test_rand_int_range (0, 3000));
      g_subprocess_force_exit (child);
      g_subprocess_wait (child, NULL, &error);
      g_assert_no_error (error);
      /* Lines already printed were acknowledged too. */
      for (char *line; (line = read_line (out)) != NULL; g_free (line))
        if (strstr (line, "keys is now") != NULL)
          acknowledged++;
      g_assert_cmpuint (acknowledged, <=, sent);
      g_test_message ("run %d: %u acknowledged, %u sent, %u before", run, acknowledged, sent, before);
    }
  check_saved (path, acknowledged, sent);
}

/* `squadlog play` with the C library failing to save as @mode says
 * ("enospc", "erofs"): the command is refused with a message naming the
 * problem, and the file is as it was. */
static void
check_save_fails (const char *mode,
                  const char *message)
{
  g_autofree char *dir = g_build_filename (tmp_dir, mode, NULL);
  g_autofree char *path = g_build_filename (dir, "game.squadlog", NULL);
  g_autofree char *before = NULL, *after = NULL, *err = NULL, *out = NULL;
  g_autofree char *text = command (1);
  g_autofree char *preload = g_build_filename (g_getenv ("SL_BUILD_TESTS"), "libfail-writes.so", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) child = NULL;
  const char *asan = g_getenv ("ASAN_OPTIONS");
  g_autofree char *asan_options = g_strdup_printf ("%s%sverify_asan_link_order=0", asan ? asan : "", asan ? ":" : "");

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  new_game (path);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LD_PRELOAD", preload, TRUE);
  g_subprocess_launcher_setenv (launcher, "SL_FAIL_DIR", dir, TRUE);
  g_subprocess_launcher_setenv (launcher, "SL_FAIL_MODE", mode, TRUE);
  g_subprocess_launcher_setenv (launcher, "ASAN_OPTIONS", asan_options, TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "C", TRUE);
  child = g_subprocess_launcher_spawn (launcher, &error, squadlog (), "play", path, "-", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (child, text, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_test_message ("stderr: %s", err);
  g_assert_false (g_subprocess_get_successful (child));
  g_assert_nonnull (strstr (err, "The game could not be saved to"));
  g_assert_nonnull (strstr (err, message));
  g_assert_nonnull (strstr (err, "is unchanged"));
  /* Nothing is said to be done that is not saved. */
  g_assert_null (strstr (out, "keys is now"));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  check_saved (path, 0, 0);
}

/* A disk that fails every write, and one with no room left, where what a
 * file holds can still be written over: the save in place is put back, and
 * nothing is acknowledged (issue 30 #8). */
static void
test_full_disk (void)
{
  check_save_fails ("enospc", "No space left on device");
  check_save_fails ("full", "No space left on device");
}

static void
test_read_only (void)
{
  check_save_fails ("erofs", "Read-only file system");
}

/* Issue 19 #7: `squadlog print` and `report` writing on a full disk or in
 * a read-only folder: a status that says it failed, a message naming the
 * file, and no cut file — the one there before is as it was, and no
 * temporary file is left. */
static void
check_output_fails (const char *mode,
                    const char *command,
                    const char *name,
                    const char *old,
                    const char *message)
{
  g_autofree char *sub = g_strdup_printf ("%s-%s", mode, command);
  g_autofree char *dir = g_build_filename (tmp_dir, sub, NULL);
  g_autofree char *game = g_build_filename (tmp_dir, "output-game.squadlog", NULL);
  g_autofree char *out_path = g_build_filename (dir, name, NULL);
  g_autofree char *preload = g_build_filename (g_getenv ("SL_BUILD_TESTS"), "libfail-writes.so", NULL);
  g_autofree char *err = NULL, *out = NULL, *after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) child = NULL;
  g_autoptr(GDir) listing = NULL;
  const char *asan = g_getenv ("ASAN_OPTIONS");
  g_autofree char *asan_options = g_strdup_printf ("%s%sverify_asan_link_order=0", asan ? asan : "", asan ? ":" : "");
  guint n = 0;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  new_game (game);
  g_file_set_contents (out_path, old, -1, &error);
  g_assert_no_error (error);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LD_PRELOAD", preload, TRUE);
  g_subprocess_launcher_setenv (launcher, "SL_FAIL_DIR", dir, TRUE);
  g_subprocess_launcher_setenv (launcher, "SL_FAIL_MODE", mode, TRUE);
  g_subprocess_launcher_setenv (launcher, "ASAN_OPTIONS", asan_options, TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "C", TRUE);
  child = g_subprocess_launcher_spawn (launcher, &error, squadlog (), command, game, "-o", out_path, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (child, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_test_message ("stderr: %s", err);
  g_assert_false (g_subprocess_get_successful (child));
  g_assert_nonnull (strstr (err, out_path));
  g_assert_nonnull (strstr (err, message));
  g_assert_true (g_file_get_contents (out_path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, old);
  listing = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  while (g_dir_read_name (listing) != NULL)
    n++;
  g_assert_cmpuint (n, ==, 1);
}

static void
test_print_full_disk (void)
{
  check_output_fails ("enospc", "print", "logs.pdf", "%PDF-1.5 the old logs", "No space left on device");
  check_output_fails ("erofs", "print", "logs.pdf", "%PDF-1.5 the old logs", "Read-only file system");
}

static void
test_report_full_disk (void)
{
  check_output_fails ("enospc", "report", "report.html", "<!DOCTYPE html> the old report",
                      "No space left on device");
  check_output_fails ("erofs", "report", "report.html", "<!DOCTYPE html> the old report",
                      "Read-only file system");
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("squadlog-crash-XXXXXX", &error);
  g_assert_no_error (error);
  g_test_add_func ("/crash/sigkill", test_sigkill);
  g_test_add_func ("/crash/full-disk", test_full_disk);
  g_test_add_func ("/crash/read-only", test_read_only);
  g_test_add_func ("/crash/print-full-disk", test_print_full_disk);
  g_test_add_func ("/crash/report-full-disk", test_report_full_disk);
  status = g_test_run ();
  sl_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
