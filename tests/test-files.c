/* test-files.c: the user's files read and written safely (issue 19, items
 * 4, 6, 9, 10, 13) — sl-file (special files refused, caps, atomic replace
 * through symbolic links, modes kept, temporary files), sl-random, sl-text,
 * saving a game, and the opening cache's trust in its folder
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sl-cache.h"
#include "sl-file.h"
#include "sl-game-private.h"
#include "sl-json.h"
#include "sl-random.h"
#include "sl-scenario-draft.h"
#include "sl-scenarios.h"
#include "sl-squad-draft.h"
#include "sl-test-game.h"
#include "sl-text-private.h"
#include "sl-text.h"

static char *tmp_dir;

/* A fresh path in a directory of its own. */
static char *
scratch (const char *name)
{
  static guint n;
  g_autofree char *sub = g_strdup_printf ("%u", ++n);
  g_autofree char *dir = g_build_filename (tmp_dir, sub, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return g_build_filename (dir, name, NULL);
}

static void
write_file (const char *path,
            const char *text,
            int         mode)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, mode), ==, 0);
}

static char *
read_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static int
mode_of (const char *path)
{
  struct stat st;

  g_assert_cmpint (lstat (path, &st), ==, 0);
  return st.st_mode & 07777;
}

static int
by_name (gconstpointer a,
         gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* The names in @path's directory, sorted, joined by spaces. */
static char *
listing (const char *path)
{
  g_autofree char *dir_path = g_path_get_dirname (path);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, by_name);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* Reading */

static void
test_read_regular (void)
{
  g_autofree char *path = scratch ("a.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  gsize size;
  const char *data;

  write_file (path, "{\"a\": 1}", 0644);
  bytes = sl_file_read (path, SL_FILE_LIMIT_SCENARIO, 0, &error);
  g_assert_no_error (error);
  data = g_bytes_get_data (bytes, &size);
  g_assert_cmpuint (size, ==, 8);
  g_assert_cmpstr (data, ==, "{\"a\": 1}");

  /* A long file (read into memory made at once), to the byte. */
  {
    g_autofree char *big_path = scratch ("big.squadlog");
    g_autofree char *big = g_malloc (3 << 20);
    g_autoptr(GBytes) read = NULL;

    for (gsize i = 0; i < 3 << 20; i++)
      big[i] = 'a' + i % 26;
    g_file_set_contents (big_path, big, 3 << 20, &error);
    g_assert_no_error (error);
    read = sl_file_read (big_path, SL_FILE_LIMIT_GAME, 0, &error);
    g_assert_no_error (error);
    data = g_bytes_get_data (read, &size);
    g_assert_cmpuint (size, ==, 3 << 20);
    g_assert_true (memcmp (data, big, size) == 0);
    g_assert_cmpint (data[size], ==, '\0');
  }

  g_clear_pointer (&bytes, g_bytes_unref);
  bytes = sl_file_read ("/nonexistent/a.json", SL_FILE_LIMIT_SCENARIO, 0, &error);
  g_assert_null (bytes);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_nonnull (strstr (error->message, "/nonexistent/a.json"));
}

/* Item 9: a named pipe, a folder, a device: refused at once, never waited
 * on; as a stream, pipes and devices are read within the cap. */
static void
test_read_special (void)
{
  g_autofree char *fifo = scratch ("game.squadlog");
  g_autofree char *dir = g_path_get_dirname (fifo);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  int fd;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  bytes = sl_file_read (fifo, SL_FILE_LIMIT_GAME, 0, &error);
  g_assert_null (bytes);
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_NOT_REGULAR);
  g_assert_nonnull (strstr (error->message, "named pipe"));
  g_assert_nonnull (strstr (error->message, "game.squadlog"));
  g_clear_error (&error);

  bytes = sl_file_read (dir, SL_FILE_LIMIT_GAME, SL_FILE_READ_STREAM, &error);
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_NOT_REGULAR);
  g_assert_nonnull (strstr (error->message, "folder"));
  g_clear_error (&error);

  bytes = sl_file_read ("/dev/null", SL_FILE_LIMIT_RULES, 0, &error);
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_NOT_REGULAR);
  g_assert_nonnull (strstr (error->message, "character device"));
  g_clear_error (&error);

  /* A stream: read to its end… */
  bytes = sl_file_read ("/dev/null", SL_FILE_LIMIT_REQUEST, SL_FILE_READ_STREAM, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (bytes), ==, 0);
  g_clear_pointer (&bytes, g_bytes_unref);
  /* … never past its cap. */
  bytes = sl_file_read ("/dev/zero", SL_FILE_LIMIT_REQUEST, SL_FILE_READ_STREAM, &error);
  g_assert_null (bytes);
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "16.0\u00a0MiB"));
  g_clear_error (&error);

  /* A pipe with nothing written and no writer ends at once. */
  fd = sl_file_open_read (fifo, SL_FILE_READ_STREAM, &error);
  g_assert_no_error (error);
  bytes = sl_file_read_fd (fd, "the pipe", SL_FILE_LIMIT_REQUEST, SL_FILE_READ_STREAM, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (bytes), ==, 0);
  close (fd);
}

/* A file larger than its cap is refused without being read; the message
 * names the cap. */
static void
test_read_caps (void)
{
  g_autofree char *path = scratch ("huge.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  int fd = open (path, O_WRONLY | O_CREAT, 0600);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (4 << 20) + 1), ==, 0);
  close (fd);
  bytes = sl_file_read (path, SL_FILE_LIMIT_SCENARIO, 0, &error);
  g_assert_null (bytes);
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "4.0\u00a0MiB"));
  g_assert_nonnull (strstr (error->message, "huge.json"));
  g_clear_error (&error);
  bytes = sl_file_read (path, SL_FILE_LIMIT_RULES, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (bytes), ==, (4 << 20) + 1);

  g_assert_cmpuint (sl_file_limit_bytes (SL_FILE_LIMIT_GAME), ==, 256u << 20);
  g_assert_cmpuint (sl_file_limit_bytes (SL_FILE_LIMIT_RULES), ==, 16u << 20);
  g_assert_cmpuint (sl_file_limit_bytes (SL_FILE_LIMIT_SCENARIO), ==, 4u << 20);
  g_assert_cmpuint (sl_file_limit_bytes (SL_FILE_LIMIT_REQUEST), ==, 16u << 20);
}

/* Lines of a stream, each within SL_FILE_MAX_LINE. */
static void
test_read_lines (void)
{
  g_autofree char *path = scratch ("commands.jsonl");
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  FILE *f;

  write_file (path, "one\n\ntwo\nlast", 0600);
  f = fopen (path, "r");
  g_assert_true (sl_file_read_line (f, "c", 1, line, &error));
  g_assert_cmpstr (line->str, ==, "one");
  g_assert_true (sl_file_read_line (f, "c", 2, line, &error));
  g_assert_cmpstr (line->str, ==, "");
  g_assert_true (sl_file_read_line (f, "c", 3, line, &error));
  g_assert_cmpstr (line->str, ==, "two");
  g_assert_true (sl_file_read_line (f, "c", 4, line, &error));
  g_assert_cmpstr (line->str, ==, "last");
  g_assert_false (sl_file_read_line (f, "c", 5, line, &error));
  g_assert_no_error (error);
  fclose (f);

  f = fopen ("/dev/zero", "r");
  g_assert_false (sl_file_read_line (f, "/dev/zero", 1, line, &error));
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_LINE_TOO_LONG);
  g_assert_nonnull (strstr (error->message, "line 1 is longer than 1.0\u00a0MiB"));
  g_assert_cmpuint (line->len, ==, SL_FILE_MAX_LINE);
  fclose (f);
}

/* Replacing */

static void
test_replace_modes (void)
{
  g_autofree char *path = scratch ("game.squadlog");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;
  mode_t mask = umask (022);

  /* New: the mode asked for; existing: the user's, kept. */
  g_assert_true (sl_file_replace (path, "one", 3, SL_FILE_REPLACE_DURABLE, 0600, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (mode_of (path), ==, 0600);
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  g_assert_true (sl_file_replace (path, "two", 3, SL_FILE_REPLACE_DURABLE, 0600, NULL, &error));
  g_assert_cmpint (mode_of (path), ==, 0640);
  text = read_text (path);
  g_assert_cmpstr (text, ==, "two");
  /* Nothing left beside it. */
  names = listing (path);
  g_assert_cmpstr (names, ==, "game.squadlog");
  umask (mask);
}

/* Item 6: through a symbolic link to its target; the link stays. */
static void
test_replace_symlink (void)
{
  g_autofree char *target = scratch ("real.squadlog");
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autofree char *link1 = g_build_filename (dir, "link.squadlog", NULL);
  g_autofree char *link2 = g_build_filename (sub, "again.squadlog", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.squadlog", NULL);
  g_autofree char *loop = g_build_filename (dir, "loop", NULL);
  g_autofree char *text = NULL;
  g_autofree char *made = NULL;
  g_autoptr(GError) error = NULL;

  write_file (target, "old", 0644);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_cmpint (symlink ("real.squadlog", link1), ==, 0);
  g_assert_cmpint (symlink ("../link.squadlog", link2), ==, 0);
  g_assert_true (sl_file_replace (link2, "new", 3, 0, 0600, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link1, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (link2, G_FILE_TEST_IS_SYMLINK));
  text = read_text (target);
  g_assert_cmpstr (text, ==, "new");
  g_assert_cmpint (mode_of (target), ==, 0644);

  /* A link to nothing yet: the file it names is made. */
  g_assert_cmpint (symlink ("made.squadlog", dangling), ==, 0);
  g_assert_true (sl_file_replace (dangling, "made", 4, 0, 0600, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (dangling, G_FILE_TEST_IS_SYMLINK));
  made = g_build_filename (dir, "made.squadlog", NULL);
  g_clear_pointer (&text, g_free);
  text = read_text (made);
  g_assert_cmpstr (text, ==, "made");

  /* A loop of links: refused. */
  g_assert_cmpint (symlink ("loop", loop), ==, 0);
  g_assert_false (sl_file_replace (loop, "x", 1, 0, 0600, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_LOOP);
}

/* Item 6: never over a named pipe, a folder or a device, and never
 * waiting on one. */
static void
test_replace_not_regular (void)
{
  g_autofree char *fifo = scratch ("game.squadlog");
  g_autofree char *dir = g_path_get_dirname (fifo);
  g_autofree char *to_null = g_build_filename (dir, "null.squadlog", NULL);
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;
  struct stat st;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_false (sl_file_replace (fifo, "x", 1, 0, 0600, NULL, &error));
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_NOT_REGULAR);
  g_assert_nonnull (strstr (error->message, "named pipe"));
  g_assert_cmpint (lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  g_clear_error (&error);

  g_assert_false (sl_file_replace (dir, "x", 1, 0, 0600, NULL, &error));
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_NOT_REGULAR);
  g_clear_error (&error);

  g_assert_cmpint (symlink ("/dev/null", to_null), ==, 0);
  g_assert_false (sl_file_replace (to_null, "x", 1, 0, 0600, NULL, &error));
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_NOT_REGULAR);
  g_assert_nonnull (strstr (error->message, "/dev/null"));
  g_assert_true (g_file_test ("/dev/null", G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  names = listing (fifo);
  g_assert_cmpstr (names, ==, "game.squadlog null.squadlog");
}

/* Item 6: a file of another kind is not replaced (a game named as the
 * PDF); an empty one, or one of the kind, is. */
static void
test_replace_kind (void)
{
  g_autofree char *path = scratch ("logs.pdf");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  write_file (path, "{\"format\": \"squadlog-game\"}", 0600);
  g_assert_false (sl_file_replace (path, "%PDF-1.5 new", 12, 0, 0644, sl_file_kind_pdf (), &error));
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_NOT_SAME_KIND);
  g_assert_nonnull (strstr (error->message, "is not a PDF document"));
  text = read_text (path);
  g_assert_cmpstr (text, ==, "{\"format\": \"squadlog-game\"}");
  g_clear_error (&error);
  g_clear_pointer (&text, g_free);

  write_file (path, "", 0600);
  g_assert_true (sl_file_replace (path, "%PDF-1.5 one", 12, 0, 0644, sl_file_kind_pdf (), &error));
  g_assert_true (sl_file_replace (path, "%PDF-1.5 two", 12, 0, 0644, sl_file_kind_pdf (), &error));
  g_assert_no_error (error);
  text = read_text (path);
  g_assert_cmpstr (text, ==, "%PDF-1.5 two");
  g_clear_pointer (&text, g_free);

  write_file (path, "\xEF\xBB\xBF\n  <!doctype HTML>\n<html>", 0644);
  g_assert_true (sl_file_replace (path, "<!DOCTYPE html>", 15, 0, 0644, sl_file_kind_html (), &error));
  g_assert_no_error (error);
  g_assert_false (sl_file_replace (path, "x", 1, 0, 0644, sl_file_kind_pdf (), &error));
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_NOT_SAME_KIND);
  /* Without a kind (the user said to), replaced. */
  g_clear_error (&error);
  g_assert_true (sl_file_replace (path, "x", 1, 0, 0644, NULL, &error));
  g_assert_no_error (error);
}

/* Item 4: a temporary file left by a crash is removed the next time; one
 * Squad Log did not make is never written through. */
static void
test_replace_temp (void)
{
  g_autofree char *path = scratch ("game.squadlog");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *temp = g_build_filename (dir, ".game.squadlog.sl-tmp", NULL);
  g_autofree char *other = g_build_filename (dir, "other", NULL);
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;

  /* Left by a crash, readable by all. */
  write_file (temp, "half a game", 0644);
  g_assert_true (sl_file_replace (path, "whole", 5, 0, 0600, NULL, &error));
  g_assert_no_error (error);
  names = listing (path);
  g_assert_cmpstr (names, ==, "game.squadlog");
  g_assert_cmpint (mode_of (path), ==, 0600);

  /* A link in its place: never followed. */
  write_file (other, "someone else's", 0644);
  g_assert_cmpint (symlink ("other", temp), ==, 0);
  g_assert_false (sl_file_replace (path, "again", 5, 0, 0600, NULL, &error));
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_IN_THE_WAY);
  g_assert_nonnull (strstr (error->message, ".game.squadlog.sl-tmp"));
  text = read_text (other);
  g_assert_cmpstr (text, ==, "someone else's");
  g_clear_pointer (&text, g_free);
  text = read_text (path);
  g_assert_cmpstr (text, ==, "whole");
  g_clear_error (&error);
  g_unlink (temp);

  /* A hard link to another file: never truncated. */
  g_assert_cmpint (link (other, temp), ==, 0);
  g_assert_false (sl_file_replace (path, "again", 5, 0, 0600, NULL, &error));
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_IN_THE_WAY);
  g_clear_pointer (&text, g_free);
  text = read_text (other);
  g_assert_cmpstr (text, ==, "someone else's");
  g_clear_error (&error);
  g_unlink (temp);

  /* Another user's (only root can make one here). */
  if (geteuid () == 0)
    {
      write_file (temp, "theirs", 0600);
      g_assert_cmpint (chown (temp, 65534, 65534), ==, 0);
      g_assert_false (sl_file_replace (path, "again", 5, 0, 0600, NULL, &error));
      g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_IN_THE_WAY);
      g_clear_error (&error);
      g_unlink (temp);
    }
}

/* Two saves of one file at once: the second is told, neither is cut. */
static void
test_replace_busy (void)
{
  g_autofree char *path = scratch ("game.squadlog");
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;
  SlFileReplace *first;
  int fd;

  write_file (path, "old", 0600);
  first = sl_file_replace_begin (path, SL_FILE_REPLACE_DURABLE, 0600, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (sl_file_replace_write (first, "first", 5, &error));
  g_assert_false (sl_file_replace (path, "second", 6, 0, 0600, NULL, &error));
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_BUSY);
  g_clear_error (&error);
  g_assert_true (sl_file_replace_commit (first, &fd, &error));
  g_assert_no_error (error);
  text = read_text (path);
  g_assert_cmpstr (text, ==, "first");

  /* The descriptor handed over is the new file's, still locked. */
  {
    struct stat a, b;
    int other = open (path, O_RDONLY);

    g_assert_cmpint (fstat (fd, &a), ==, 0);
    g_assert_cmpint (stat (path, &b), ==, 0);
    g_assert_true (a.st_ino == b.st_ino);
    g_assert_cmpint (flock (other, LOCK_EX | LOCK_NB), ==, -1);
    g_assert_cmpint (errno, ==, EWOULDBLOCK);
    close (other);
    close (fd);
  }

  /* Given up: the temporary file goes, the file stays. */
  first = sl_file_replace_begin (path, 0, 0600, NULL, &error);
  g_assert_true (sl_file_replace_write (first, "never", 5, &error));
  sl_file_replace_abort (first);
  g_clear_pointer (&text, g_free);
  text = read_text (path);
  g_assert_cmpstr (text, ==, "first");
  names = listing (path);
  g_assert_cmpstr (names, ==, "game.squadlog");
}

/* sl-random */

static void
test_random (void)
{
  guint8 a[32], b[32], big[1000];
  g_autoptr(GError) error = NULL;

  g_assert_true (sl_random_bytes (a, sizeof a, &error));
  g_assert_true (sl_random_bytes (b, sizeof b, &error));
  g_assert_no_error (error);
  g_assert_true (memcmp (a, b, sizeof a) != 0);
  g_assert_true (sl_random_bytes (big, sizeof big, &error));
  g_assert_true (sl_random_bytes (a, 0, &error));
}

/* sl-text (item 10) */

static void
check_terminal (const char *in,
                const char *expected)
{
  g_autofree char *out = sl_text_for_terminal (in, -1);

  g_assert_cmpstr (out, ==, expected);
}

static void
test_text (void)
{
  check_terminal ("Trooper Hale", "Trooper Hale");
  check_terminal ("Légionnaire\tMarek\n", "Légionnaire\tMarek\n");
  check_terminal ("\x1b]0;pwned\x07", "\\x1B]0;pwned\\x07");
  check_terminal ("\x1b[2J\r\x7f", "\\x1B[2J\\x0D\\x7F");
  /* C1 (CSI), bidi override and isolate, line separator. */
  check_terminal ("a\xc2\x9b" "1m", "a\\u009B1m");
  check_terminal ("\xe2\x80\xae" "evil" "\xe2\x81\xa6", "\\u202Eevil\\u2066");
  check_terminal ("x\xe2\x80\xa8y", "x\\u2028y");
  /* Not UTF-8: each byte shown. */
  check_terminal ("\xff\x9b", "\\xFF\\x9B");
  /* French typography's narrow no-break space stays. */
  check_terminal ("Tir\xe2\x80\xaf:", "Tir\xe2\x80\xaf:");
  {
    g_autofree char *with_nul = sl_text_for_terminal ("a\0b", 3);

    g_assert_cmpstr (with_nul, ==, "a\\x00b");
  }

  {
    g_autofree char *line = sl_text_one_line ("Smith\n& \xe2\x80\xae" "Sons\x1b\xff");

    g_assert_cmpstr (line, ==, "Smith & Sons \xef\xbf\xbd");
  }
  {
    g_autofree char *name = sl_text_file_name ("..\x1b]0;x\x07/etc:passwd\\ \xe2\x80\xae", 200, "game");
    g_autofree char *empty = sl_text_file_name (" ...\n", 200, "game");
    g_autofree char *cut = sl_text_file_name ("ééé", 5, "game");

    g_assert_cmpstr (name, ==, "]0;x -etc-passwd-");
    g_assert_cmpstr (empty, ==, "game");
    g_assert_cmpstr (cut, ==, "éé");
  }
  {
    g_autofree char *markup = sl_markup_escape ("Tom & <b>Jerry</b>");

    g_assert_cmpstr (markup, ==, "Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;");
  }
}

/* JSON output stays JSON, and inert on a terminal: C1 and bidi controls
 * and the line separators escaped as \uXXXX (item 10). */
static void
test_json_escapes (void)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) back = NULL;
  const char *name = "a\x1b\x7f\xc2\x85\xc2\x9b\xe2\x80\xa8\xe2\x80\xae\xe2\x81\xa9\xd8\x9c\xe2\x80\x8fé€";

  sl_json_append_string (out, name);
  g_assert_cmpstr (out->str, ==, "\"a\\u001b\\u007f\\u0085\\u009b\\u2028\\u202e\\u2069\\u061c\\u200fé€\"");
  back = sl_json_parse (out->str, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_node_get_string (back), ==, name);
}

/* Saving a game (items 4 and 6) */

static void
test_game_save (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autofree char *path = scratch ("game.squadlog");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *link = g_build_filename (dir, "link.squadlog", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.squadlog", NULL);
  g_autofree char *temp = g_build_filename (dir, ".game.squadlog.sl-tmp", NULL);
  g_autofree char *names = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  mode_t mask = umask (022);

  /* A new game: its owner's only, secrets and all. */
  g_assert_true (sl_game_save (game, path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (mode_of (path), ==, 0600);
  /* The mode its owner gave it is kept. */
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  sl_test_start_turn (game);
  g_assert_true (sl_game_save (game, path, &error));
  g_assert_cmpint (mode_of (path), ==, 0640);

  /* Through a link: the game it names is saved, the link stays. */
  g_assert_cmpint (symlink ("game.squadlog", link), ==, 0);
  sl_test_play (game, "{'type': 'pass', 'grouping': 'tog-ft1'}");
  g_assert_true (sl_game_save (game, link, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  text = read_text (path);
  {
    g_autofree char *saved = sl_game_serialize (game);

    g_assert_cmpstr (text, ==, saved);
  }

  /* A temporary file a crash left (mode 0644, with secrets): gone. */
  write_file (temp, "{\"format\": \"squadlog-game\", …", 0644);
  g_assert_true (sl_game_save (game, path, &error));
  names = listing (path);
  g_assert_cmpstr (names, ==, "game.squadlog link.squadlog");

  /* Never over a named pipe, and no waiting for a reader. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_false (sl_game_save (game, fifo, &error));
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "named pipe"));
  g_clear_error (&error);
  g_assert_false (sl_game_save (game, "/dev/null", &error));
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_WRITE);
  g_clear_error (&error);
  umask (mask);
}

/* Item 9: a game that is a named pipe or a device is refused at once, and
 * one larger than 256 MiB without being read. */
static void
test_game_load_special (void)
{
  g_autofree char *fifo = scratch ("fifo.squadlog");
  g_autofree char *dir = g_path_get_dirname (fifo);
  g_autofree char *huge = g_build_filename (dir, "huge.squadlog", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) game = NULL;
  int fd;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  game = sl_game_load (sl_test_rules (), fifo, &error);
  g_assert_null (game);
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_READ);
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_clear_error (&error);

  game = sl_game_load (sl_test_rules (), "/dev/zero", &error);
  g_assert_null (game);
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_READ);
  g_clear_error (&error);

  fd = open (huge, O_WRONLY | O_CREAT, 0600);
  g_assert_cmpint (ftruncate (fd, (256 << 20) + 1), ==, 0);
  close (fd);
  game = sl_game_load (sl_test_rules (), huge, &error);
  g_assert_null (game);
  g_assert_error (error, SL_GAME_ERROR, SL_GAME_ERROR_READ);
  g_assert_nonnull (strstr (error->message, "256.0\u00a0MiB"));
}

/* Item 9: a named pipe among the scenarios is passed over and reported;
 * New Game lists the others at once. */
static void
test_scenario_list_fifo (void)
{
  g_autofree char *first = scratch ("scenarios");
  g_autofree char *data = g_path_get_dirname (first);
  g_autofree char *fifo = g_build_filename (first, "a-pipe.json", NULL);
  g_autofree char *copy = g_build_filename (first, "training.json", NULL);
  g_autofree char *source = g_build_filename (g_getenv ("SQUADLOG_DATA_DIR"), "scenarios", "training.json", NULL);
  g_autofree char *text = read_text (source);
  g_autofree char *saved = g_strdup (g_getenv ("SQUADLOG_DATA_DIR"));
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autoptr(GPtrArray) list = NULL;
  SlRules *rules = sl_test_rules ();

  g_assert_cmpint (g_mkdir (first, 0700), ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  write_file (copy, text, 0644);
  g_setenv ("SQUADLOG_DATA_DIR", data, TRUE);
  list = sl_scenario_list (rules, problems);
  g_setenv ("SQUADLOG_DATA_DIR", saved, TRUE);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_cmpstr (((SlScenarioInfo *) g_ptr_array_index (list, 0))->id, ==, "training");
  g_assert_nonnull (strstr (problems->str, "a-pipe.json"));
  g_assert_nonnull (strstr (problems->str, "named pipe"));
}

/* Item 9: rules, squads and forces only from regular files, within their
 * caps. */
static void
test_other_files (void)
{
  g_autofree char *fifo = scratch ("pipe.json");
  g_autoptr(GError) error = NULL;
  SlSideDraft side = { 0, };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_null (sl_rules_load_file (fifo, &error));
  g_assert_nonnull (strstr (error->message, "named pipe"));
  g_clear_error (&error);
  g_assert_null (sl_rules_load_file ("/dev/zero", &error));
  g_assert_nonnull (strstr (error->message, "character device"));
  g_clear_error (&error);
  g_assert_null (sl_squad_draft_load (sl_test_rules (), fifo, &error));
  g_assert_nonnull (strstr (error->message, "named pipe"));
  g_clear_error (&error);
  g_assert_false (sl_force_load (sl_test_rules (), fifo, &side, &error));
  g_assert_nonnull (strstr (error->message, "named pipe"));
  g_clear_error (&error);
  g_assert_null (sl_setup_new_from_file (sl_test_rules (), fifo, &error));
  g_assert_nonnull (strstr (error->message, "named pipe"));
}

/* The opening cache (item 13) */

/* Opens @path through the cache in @cache; whether it came from there. */
static gboolean
opened_from_cache (const char *path,
                   const char *cache)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) game = NULL;
  gboolean from_cache = FALSE;

  game = sl_game_load_cached (sl_test_rules (), path, cache, &from_cache, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  return from_cache;
}

/* The one "*.state" file in @cache. */
static char *
state_file (const char *cache)
{
  g_autoptr(GDir) dir = g_dir_open (cache, 0, NULL);
  const char *name;
  char *found = NULL;

  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".state"))
      {
        g_assert_null (found);
        found = g_build_filename (cache, name, NULL);
      }
  g_assert_nonnull (found);
  return found;
}

/* A game saved and opened once through a fresh cache (which writes it). */
static void
cached_game (char **path,
             char **cache)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;

  *path = scratch ("game.squadlog");
  dir = g_path_get_dirname (*path);
  *cache = g_build_filename (dir, "cache", "games", NULL);
  sl_test_start_turn (game);
  g_assert_true (sl_game_save (game, *path, &error));
  g_assert_false (opened_from_cache (*path, *cache));
  g_assert_true (opened_from_cache (*path, *cache));
}

/* A cache folder others can write to, with a key and a cache planted
 * there that match the game: passed over, and said so once. */
static void
test_cache_untrusted_dir (void)
{
  g_autofree char *path = NULL, *cache = NULL, *state = NULL;
  g_autofree char *before = NULL, *after = NULL;

  if (g_test_subprocess ())
    {
      cached_game (&path, &cache);
      state = state_file (cache);
      before = read_text (state);
      g_assert_cmpint (g_chmod (cache, 0777), ==, 0);
      g_assert_false (opened_from_cache (path, cache));
      g_assert_false (opened_from_cache (path, cache));
      /* Nor written there. */
      after = read_text (state);
      g_assert_cmpstr (before, ==, after);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*The opening cache in *cache/games is not used: others can write to it (mode 0777).*");
  g_test_trap_assert_stderr_unmatched ("*not used*not used*");
}

/* Every way the folder or its files may be someone else's or open to
 * others: passed over; the user's own, 0700 and 0600: used. */
static void
test_cache_untrusted_files (void)
{
  g_autofree char *path = NULL, *cache = NULL, *state = NULL;
  g_autofree char *key = NULL, *key_bytes = NULL, *elsewhere = NULL, *parent = NULL;
  g_autofree char *moved = NULL;
  gsize key_size;
  g_autoptr(GError) error = NULL;

  cached_game (&path, &cache);
  state = state_file (cache);
  key = g_build_filename (cache, "key", NULL);
  parent = g_path_get_dirname (cache);
  g_assert_cmpint (mode_of (cache), ==, 0700);
  g_assert_cmpint (mode_of (key), ==, 0600);
  g_assert_true (g_file_get_contents (key, &key_bytes, &key_size, &error));
  g_assert_cmpuint (key_size, ==, SL_CACHE_KEY_SIZE);

  /* The key readable by others. */
  g_assert_cmpint (g_chmod (key, 0644), ==, 0);
  g_assert_false (opened_from_cache (path, cache));
  g_assert_cmpint (g_chmod (key, 0600), ==, 0);
  g_assert_true (opened_from_cache (path, cache));

  /* The key a link to a file with the same bytes. */
  elsewhere = g_build_filename (parent, "key-elsewhere", NULL);
  g_assert_cmpint (g_rename (key, elsewhere), ==, 0);
  g_assert_cmpint (symlink (elsewhere, key), ==, 0);
  g_assert_false (opened_from_cache (path, cache));
  g_assert_cmpint (g_unlink (key), ==, 0);
  g_assert_cmpint (g_rename (elsewhere, key), ==, 0);
  g_assert_true (opened_from_cache (path, cache));

  /* A key of another length. */
  {
    /* The key is random bytes, a zero among them perhaps: copied by length. */
    g_autofree char *longer = g_malloc (key_size + 1);

    memcpy (longer, key_bytes, key_size);
    longer[key_size] = 'x';

    g_assert_true (g_file_set_contents_full (key, longer, key_size + 1, G_FILE_SET_CONTENTS_CONSISTENT,
                                             0600, &error));
    g_assert_false (opened_from_cache (path, cache));
    g_assert_true (g_file_set_contents_full (key, key_bytes, key_size, G_FILE_SET_CONTENTS_CONSISTENT,
                                             0600, &error));
    g_assert_true (opened_from_cache (path, cache));
  }

  /* A cache file others can write to. */
  g_assert_cmpint (g_chmod (state, 0666), ==, 0);
  g_assert_false (opened_from_cache (path, cache));
  /* (written again by that opening, its owner's only) */
  g_assert_cmpint (mode_of (state), ==, 0600);
  g_assert_true (opened_from_cache (path, cache));

  /* The folder holding the cache open to others: not unless it is
   * sticky, as /tmp is. */
  g_assert_cmpint (g_chmod (parent, 0777), ==, 0);
  g_assert_false (opened_from_cache (path, cache));
  g_assert_cmpint (g_chmod (parent, 01777), ==, 0);
  g_assert_true (opened_from_cache (path, cache));
  g_assert_cmpint (g_chmod (parent, 0700), ==, 0);

  /* The cache folder a link to one that would do. */
  moved = g_build_filename (parent, "real-games", NULL);
  g_assert_cmpint (g_rename (cache, moved), ==, 0);
  g_assert_cmpint (symlink (moved, cache), ==, 0);
  g_assert_false (opened_from_cache (path, cache));
  g_assert_cmpint (g_unlink (cache), ==, 0);
  g_assert_cmpint (g_rename (moved, cache), ==, 0);
  g_assert_true (opened_from_cache (path, cache));

  /* Another user's key, cache file or folder (only root can make them). */
  if (geteuid () == 0)
    {
      g_assert_cmpint (chown (key, 65534, 65534), ==, 0);
      g_assert_false (opened_from_cache (path, cache));
      g_assert_cmpint (chown (key, 0, 0), ==, 0);
      g_assert_true (opened_from_cache (path, cache));

      g_assert_cmpint (chown (state, 65534, 65534), ==, 0);
      g_assert_false (opened_from_cache (path, cache));
      g_assert_true (opened_from_cache (path, cache));

      g_assert_cmpint (chown (cache, 65534, 65534), ==, 0);
      g_assert_false (opened_from_cache (path, cache));
      g_assert_cmpint (chown (cache, 0, 0), ==, 0);
      g_assert_true (opened_from_cache (path, cache));
    }
}

/* A new key comes from the secure random source: its owner's only. */
static void
test_cache_new_key (void)
{
  g_autofree char *dir = scratch ("cache");
  g_autofree char *key_file = g_build_filename (dir, "key", NULL);
  guint8 key[SL_CACHE_KEY_SIZE], again[SL_CACHE_KEY_SIZE];

  g_assert_true (sl_cache_key (dir, key));
  g_assert_cmpint (mode_of (key_file), ==, 0600);
  g_assert_cmpint (mode_of (dir), ==, 0700);
  g_assert_true (sl_cache_key (dir, again));
  g_assert_true (memcmp (key, again, sizeof key) == 0);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("squadlog-files-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/files/read/regular", test_read_regular);
  g_test_add_func ("/files/read/special", test_read_special);
  g_test_add_func ("/files/read/caps", test_read_caps);
  g_test_add_func ("/files/read/lines", test_read_lines);
  g_test_add_func ("/files/replace/modes", test_replace_modes);
  g_test_add_func ("/files/replace/symlink", test_replace_symlink);
  g_test_add_func ("/files/replace/not-regular", test_replace_not_regular);
  g_test_add_func ("/files/replace/kind", test_replace_kind);
  g_test_add_func ("/files/replace/temp", test_replace_temp);
  g_test_add_func ("/files/replace/busy", test_replace_busy);
  g_test_add_func ("/files/random", test_random);
  g_test_add_func ("/files/text", test_text);
  g_test_add_func ("/files/json-escapes", test_json_escapes);
  g_test_add_func ("/files/game/save", test_game_save);
  g_test_add_func ("/files/game/load-special", test_game_load_special);
  g_test_add_func ("/files/scenario-list-fifo", test_scenario_list_fifo);
  g_test_add_func ("/files/other-files", test_other_files);
  g_test_add_func ("/files/cache/untrusted-dir", test_cache_untrusted_dir);
  g_test_add_func ("/files/cache/untrusted-files", test_cache_untrusted_files);
  g_test_add_func ("/files/cache/new-key", test_cache_new_key);

  status = g_test_run ();
  sl_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
