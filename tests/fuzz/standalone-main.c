/* standalone-main.c: runs a fuzz target over files, without libFuzzer
 *
 *   fuzz-TARGET [--optional DIR]… DIR|FILE…
 *
 * Calls the target's LLVMFuzzerTestOneInput once per file: each FILE, and
 * every file of each DIR in name order (not recursing, hidden files left
 * out). A DIR after --optional may be missing (tests/fuzz/regressions/
 * TARGET/ until a fuzzer finds something). Prints TAP, one test per file;
 * a crash ends the run, and the last line printed names the file that
 * crashed.
 *
 * This is how the seed corpora run in the normal test suite, built with
 * gcc: a regression run over known inputs, not fuzzing.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

int LLVMFuzzerTestOneInput (const uint8_t  *data,
                            size_t          size);
/* libFuzzer makes the initializer optional, and so does this. */
int LLVMFuzzerInitialize   (int            *argc,
                            char         ***argv) __attribute__ ((weak));

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Adds the files of @path to @files; FALSE with a message if it cannot be
 * read (unless it is @optional and missing). */
static gboolean
add_dir (GPtrArray  *files,
         const char *path,
         gboolean    optional)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    {
      if (optional && g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        {
          printf ("# %s: none\n", path);
          return TRUE;
        }
      fprintf (stderr, "%s\n", error->message);
      return FALSE;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = g_build_filename (path, name, NULL);

      if (name[0] != '.' && g_file_test (file, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (found, g_steal_pointer (&file));
    }
  /* g_dir_read_name () goes in no particular order: sort, so that every
   * run goes the same way. */
  g_ptr_array_sort (found, compare_paths);
  for (guint i = 0; i < found->len; i++)
    g_ptr_array_add (files, g_strdup (g_ptr_array_index (found, i)));
  return TRUE;
}

/* Runs the target on the bytes of @path, in a buffer of exactly their size
 * as libFuzzer gives them (no NUL after them), so that a build with
 * AddressSanitizer catches a read past the end. */
static gboolean
run_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree uint8_t *data = NULL;
  gsize length;

  if (!g_file_get_contents (path, &contents, &length, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return FALSE;
    }
  /* g_malloc (0) is NULL; libFuzzer passes a pointer even for no bytes. */
  data = g_malloc (MAX (length, 1));
  memcpy (data, contents, length);
  g_clear_pointer (&contents, g_free);
  LLVMFuzzerTestOneInput (data, length);
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  gboolean optional = FALSE;

  if (LLVMFuzzerInitialize != NULL)
    LLVMFuzzerInitialize (&argc, &argv);

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--optional"))
        {
          optional = TRUE;
          continue;
        }
      if (g_file_test (argv[i], G_FILE_TEST_IS_DIR) || optional)
        {
          if (!add_dir (files, argv[i], optional))
            return 1;
        }
      else
        g_ptr_array_add (files, g_strdup (argv[i]));
      optional = FALSE;
    }
  if (files->len == 0)
    {
      /* A corpus with nothing in it tests nothing: a mistake. */
      printf ("Bail out! No inputs\n");
      return 1;
    }

  printf ("1..%u\n", files->len);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);

      /* Said before the run, so that a crash's output follows its name. */
      printf ("# %s\n", path);
      fflush (stdout);
      if (!run_file (path))
        {
          printf ("not ok %u - %s\n", i + 1, path);
          return 1;
        }
      printf ("ok %u - %s\n", i + 1, path);
    }
  return 0;
}
