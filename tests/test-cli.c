/* test-cli.c: drives the squadlog program with the case files in
 * tests/cli/, and checks every example of docs/resolve.md against what the
 * program answers.
 *
 * A case file is a JSON object:
 *   "description"   what it shows (a digest reference where it has one)
 *   "args"          arguments after "squadlog" (default ["resolve"]); "@CASES@"
 *                   stands for the directory of the case files
 *   "input"         a request object written to standard input, or
 *   "input_lines"   lines written to standard input (raw text, for --jsonl)
 *   "exit"          the expected exit status (default 0)
 *   "expect"        an object the result must contain (members compared
 *                   recursively; lists element by element), or
 *   "expect_lines"  one such object per output line
 *   "stdout_contains", "stderr_contains"  text (or texts) the output must contain
 *   "stdout_lacks"  texts (a list) the output must not contain: secrets
 *   "env"           {"LANGUAGE": "fr", …}: environment variables for the run
 *   "runs"          a list of such objects run one after another (sharing
 *                   "@TMP@", a temporary directory for game files)
 *   "rules_patch"   {"weapons.entries.SR.penetration": 6, …}: the shipped rules
 *                   with these members replaced are written to a temporary
 *                   file, which "@RULES@" in an argument stands for
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <unistd.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include "sl-json.h"
#include "sl-test.h"

static const char *squadlog;

/* Whether @actual contains @expected; explains the first difference. */
static gboolean
contains (JsonNode   *actual,
          JsonNode   *expected,
          const char *path,
          GString    *why)
{
  if (JSON_NODE_HOLDS_OBJECT (expected))
    {
      g_autoptr(GList) members = NULL;

      if (actual == NULL || !JSON_NODE_HOLDS_OBJECT (actual))
        {
          g_string_printf (why, "%s: expected an object", path);
          return FALSE;
        }
      members = json_object_get_members (json_node_get_object (expected));
      for (GList *l = members; l; l = l->next)
        {
          g_autofree char *sub = g_strdup_printf ("%s.%s", path, (char *) l->data);
          JsonNode *a = json_object_get_member (json_node_get_object (actual), l->data);

          if (a == NULL)
            {
              g_string_printf (why, "%s: missing", sub);
              return FALSE;
            }
          if (!contains (a, json_object_get_member (json_node_get_object (expected), l->data),
                         sub, why))
            return FALSE;
        }
      return TRUE;
    }
  if (JSON_NODE_HOLDS_ARRAY (expected))
    {
      JsonArray *e = json_node_get_array (expected);
      JsonArray *a;

      if (actual == NULL || !JSON_NODE_HOLDS_ARRAY (actual))
        {
          g_string_printf (why, "%s: expected a list", path);
          return FALSE;
        }
      a = json_node_get_array (actual);
      if (json_array_get_length (a) != json_array_get_length (e))
        {
          g_string_printf (why, "%s: %u elements, expected %u", path,
                           json_array_get_length (a), json_array_get_length (e));
          return FALSE;
        }
      for (guint i = 0; i < json_array_get_length (e); i++)
        {
          g_autofree char *sub = g_strdup_printf ("%s[%u]", path, i);
          if (!contains (json_array_get_element (a, i), json_array_get_element (e, i), sub, why))
            return FALSE;
        }
      return TRUE;
    }
  if (JSON_NODE_HOLDS_NULL (expected))
    {
      if (JSON_NODE_HOLDS_NULL (actual))
        return TRUE;
      g_string_printf (why, "%s: expected null", path);
      return FALSE;
    }
  /* Plain values; numbers compare by value (2 equals 2.0). */
  if (!JSON_NODE_HOLDS_VALUE (actual))
    {
      g_string_printf (why, "%s: expected a value", path);
      return FALSE;
    }
  {
    GType et = json_node_get_value_type (expected);
    GType at = json_node_get_value_type (actual);
    gboolean en = et == G_TYPE_INT64 || et == G_TYPE_DOUBLE;
    gboolean an = at == G_TYPE_INT64 || at == G_TYPE_DOUBLE;
    g_autofree char *es = sl_json_to_string (expected, FALSE);
    g_autofree char *as = sl_json_to_string (actual, FALSE);

    if (en && an)
      {
        if (fabs (json_node_get_double (expected) - json_node_get_double (actual)) < 1e-9)
          return TRUE;
      }
    else if (json_node_equal (expected, actual))
      return TRUE;
    g_string_printf (why, "%s: %s, expected %s", path, as, es);
    return FALSE;
  }
}

typedef struct
{
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

static void
run_squadlog (GPtrArray  *args,
              const char *input,
              JsonObject *env,
              Run        *run)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (char *) squadlog);
  for (guint i = 0; i < args->len; i++)
    g_ptr_array_add (argv, g_ptr_array_index (args, i));
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                        G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  /* No display: the command line must work without one. */
  g_subprocess_launcher_unsetenv (launcher, "DISPLAY");
  g_subprocess_launcher_unsetenv (launcher, "WAYLAND_DISPLAY");
  /* A case's "env" sets variables (a language, say) for its run. */
  if (env != NULL)
    {
      g_autoptr(GList) names = json_object_get_members (env);

      for (GList *l = names; l; l = l->next)
        g_subprocess_launcher_setenv (launcher, l->data,
                                      json_object_get_string_member (env, l->data), TRUE);
    }
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input ? input : "", NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}

/* Runs squadlog with @args (NULL-terminated), @input on standard input and
 * standard output written to @stdout_path (a pipe when NULL), and fails the
 * test when it has not ended after @seconds: a named pipe or /dev/zero must
 * never make it wait or grow. */
typedef struct
{
  GMainLoop *loop;
  gboolean   done;
  char      *out;
  char      *err;
  GError    *error;
} Timed;

static void
timed_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  Timed *t = data;

  g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &t->out, &t->err, &t->error);
  t->done = TRUE;
  g_main_loop_quit (t->loop);
}

static gboolean
timed_out_cb (gpointer data)
{
  g_main_loop_quit (((Timed *) data)->loop);
  return G_SOURCE_REMOVE;
}

static void
run_timed (const char * const *args,
           const char         *input,
           const char         *stdout_path,
           guint               seconds,
           Run                *run)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GMainContext) context = g_main_context_new ();
  Timed t = { NULL, };
  GSource *timeout;

  g_ptr_array_add (argv, (char *) squadlog);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE |
                                        (stdout_path ? 0 : G_SUBPROCESS_FLAGS_STDOUT_PIPE));
  if (stdout_path != NULL)
    g_subprocess_launcher_set_stdout_file_path (launcher, stdout_path);
  g_subprocess_launcher_unsetenv (launcher, "DISPLAY");
  g_subprocess_launcher_unsetenv (launcher, "WAYLAND_DISPLAY");
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);

  g_main_context_push_thread_default (context);
  t.loop = g_main_loop_new (context, FALSE);
  g_subprocess_communicate_utf8_async (process, input ? input : "", NULL, timed_done_cb, &t);
  timeout = g_timeout_source_new_seconds (seconds);
  g_source_set_callback (timeout, timed_out_cb, &t, NULL);
  g_source_attach (timeout, context);
  g_main_loop_run (t.loop);
  g_source_destroy (timeout);
  g_source_unref (timeout);
  if (!t.done)
    {
      g_subprocess_force_exit (process);
      while (!t.done)
        g_main_context_iteration (context, TRUE);
      g_error ("squadlog %s did not end within %u seconds", args[0], seconds);
    }
  g_main_loop_unref (t.loop);
  g_main_context_pop_thread_default (context);
  g_assert_no_error (t.error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
  run->out = t.out ? t.out : g_strdup ("");
  run->err = t.err;
  g_test_message ("squadlog %s: exit %d\nstdout: %s\nstderr: %s", args[0], run->status, run->out,
                  run->err);
}

/* Writes the shipped rules with @patch applied to a temporary file. */
static char *
patched_rules (JsonObject *patch)
{
  g_autofree char *source = g_build_filename (g_getenv ("SQUADLOG_DATA_DIR"), "rules",
                                              "streets-of-blood.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GList) members = json_object_get_members (patch);
  char *path;
  int fd;

  g_file_get_contents (source, &text, NULL, &error);
  g_assert_no_error (error);
  root = sl_json_parse (text, -1, &error);
  g_assert_no_error (error);

  for (GList *l = members; l; l = l->next)
    {
      g_auto(GStrv) parts = g_strsplit (l->data, ".", -1);
      JsonObject *object = json_node_get_object (root);
      guint n = g_strv_length (parts);

      for (guint i = 0; i + 1 < n; i++)
        object = json_object_get_object_member (object, parts[i]);
      json_object_set_member (object, parts[n - 1],
                              json_node_copy (json_object_get_member (patch, l->data)));
    }

  fd = g_file_open_tmp ("squadlog-rules-XXXXXX.json", &path, &error);
  g_assert_no_error (error);
  close (fd);
  out = sl_json_to_string (root, TRUE);
  g_file_set_contents (path, out, -1, &error);
  g_assert_no_error (error);
  return path;
}

/* @expected: a text, or a list of texts, each in @text. */
static void
assert_contains (const char *text,
                 JsonNode   *expected)
{
  if (JSON_NODE_HOLDS_ARRAY (expected))
    {
      JsonArray *list = json_node_get_array (expected);

      for (guint i = 0; i < json_array_get_length (list); i++)
        assert_contains (text, json_array_get_element (list, i));
      return;
    }
  if (strstr (text, json_node_get_string (expected)) == NULL)
    g_error ("“%s” is not in the output:\n%s", json_node_get_string (expected), text);
}

static void
run_case (JsonObject *c,
          const char *tmpdir)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) input = g_string_new (NULL);
  g_auto(Run) run = { 0 };
  g_autofree char *rules_file = NULL;
  int expected_exit = 0;

  if (json_object_has_member (c, "description"))
    g_test_message ("%s", json_object_get_string_member (c, "description"));

  if (json_object_has_member (c, "rules_patch"))
    rules_file = patched_rules (json_object_get_object_member (c, "rules_patch"));

  if (json_object_has_member (c, "args"))
    {
      JsonArray *a = json_object_get_array_member (c, "args");
      /* "@CASES@" in an argument stands for the directory of the case files. */
      for (guint i = 0; i < json_array_get_length (a); i++)
        {
          g_autoptr(GString) arg = g_string_new (json_array_get_string_element (a, i));

          g_string_replace (arg, "@CASES@", g_getenv ("SL_CLI_CASES"), 0);
          g_string_replace (arg, "@TMP@", tmpdir, 0);
          if (rules_file != NULL)
            g_string_replace (arg, "@RULES@", rules_file, 0);
          g_ptr_array_add (args, g_string_free (g_steal_pointer (&arg), FALSE));
        }
    }
  else
    g_ptr_array_add (args, g_strdup ("resolve"));

  if (json_object_has_member (c, "input"))
    {
      g_autofree char *request = sl_json_to_string (json_object_get_member (c, "input"), FALSE);
      g_string_append (input, request);
    }
  if (json_object_has_member (c, "input_lines"))
    {
      JsonArray *lines = json_object_get_array_member (c, "input_lines");
      for (guint i = 0; i < json_array_get_length (lines); i++)
        {
          JsonNode *line = json_array_get_element (lines, i);
          if (JSON_NODE_HOLDS_VALUE (line) && json_node_get_value_type (line) == G_TYPE_STRING)
            g_string_append (input, json_node_get_string (line));
          else
            {
              g_autofree char *request = sl_json_to_string (line, FALSE);
              g_string_append (input, request);
            }
          g_string_append_c (input, '\n');
        }
    }
  if (json_object_has_member (c, "exit"))
    expected_exit = json_object_get_int_member (c, "exit");

  run_squadlog (args, input->str,
                json_object_has_member (c, "env") ? json_object_get_object_member (c, "env") : NULL,
                &run);
  g_test_message ("stdout: %s", run.out);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, expected_exit);

  if (json_object_has_member (c, "expect"))
    {
      g_autoptr(JsonNode) result = sl_json_parse (run.out, -1, &error);
      g_autoptr(GString) why = g_string_new (NULL);

      g_assert_no_error (error);
      if (!contains (result, json_object_get_member (c, "expect"), "result", why))
        g_test_message ("%s", why->str);
      g_assert_cmpstr (why->str, ==, "");
    }
  if (json_object_has_member (c, "expect_lines"))
    {
      JsonArray *expected = json_object_get_array_member (c, "expect_lines");
      g_auto(GStrv) lines = g_strsplit (run.out, "\n", -1);
      guint n = g_strv_length (lines);

      /* The output ends with a newline. */
      g_assert_cmpuint (n, ==, json_array_get_length (expected) + 1);
      for (guint i = 0; i < json_array_get_length (expected); i++)
        {
          g_autoptr(JsonNode) result = sl_json_parse (lines[i], -1, &error);
          g_autoptr(GString) why = g_string_new (NULL);
          g_autofree char *where = g_strdup_printf ("line %u", i + 1);

          g_assert_no_error (error);
          if (!contains (result, json_array_get_element (expected, i), where, why))
            g_test_message ("%s", why->str);
          g_assert_cmpstr (why->str, ==, "");
        }
    }
  if (json_object_has_member (c, "stdout_contains"))
    assert_contains (run.out, json_object_get_member (c, "stdout_contains"));
  if (json_object_has_member (c, "stderr_contains"))
    assert_contains (run.err, json_object_get_member (c, "stderr_contains"));
  if (json_object_has_member (c, "stdout_lacks"))
    {
      JsonArray *lacks = json_object_get_array_member (c, "stdout_lacks");

      for (guint i = 0; i < json_array_get_length (lacks); i++)
        if (strstr (run.out, json_array_get_string_element (lacks, i)) != NULL)
          g_error ("The output tells “%s”:\n%s", json_array_get_string_element (lacks, i), run.out);
    }
  if (rules_file != NULL)
    g_unlink (rules_file);
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

static void
check_case (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *tmpdir = g_dir_make_tmp ("squadlog-cli-XXXXXX", NULL);
  g_autoptr(JsonNode) root = NULL;
  JsonObject *c;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  root = sl_json_parse (text, -1, &error);
  g_assert_no_error (error);
  c = json_node_get_object (root);

  if (json_object_has_member (c, "runs"))
    {
      JsonArray *runs = json_object_get_array_member (c, "runs");

      if (json_object_has_member (c, "description"))
        g_test_message ("%s", json_object_get_string_member (c, "description"));
      for (guint i = 0; i < json_array_get_length (runs); i++)
        run_case (json_array_get_object_element (runs, i), tmpdir);
    }
  else
    run_case (c, tmpdir);
  remove_tree (tmpdir);
}

/* docs/resolve.md gives, for every kind, a request in a ```json block
 * followed by its result in another; the result must be what the program
 * answers (as a subset, so long results may be shortened). */
static GHashTable *documented_kinds;

static void
check_doc_examples (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) blocks = g_ptr_array_new_with_free_func (g_free);
  GHashTable *kinds = documented_kinds;
  const char *p;

  g_test_message ("%s", path);
  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);

  for (p = strstr (text, "```json\n"); p; p = strstr (p, "```json\n"))
    {
      const char *start = p + strlen ("```json\n");
      const char *end = strstr (start, "```");

      g_assert_nonnull (end);
      g_ptr_array_add (blocks, g_strndup (start, end - start));
      p = end + 3;
    }
  g_assert_cmpuint (blocks->len % 2, ==, 0);

  for (guint i = 0; i < blocks->len; i += 2)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(JsonNode) request = sl_json_parse (g_ptr_array_index (blocks, i), -1, &error);
      g_autoptr(JsonNode) expected = NULL;
      g_autoptr(JsonNode) result = NULL;
      g_autoptr(GString) why = g_string_new (NULL);
      g_auto(Run) run = { 0 };

      g_assert_no_error (error);
      expected = sl_json_parse (g_ptr_array_index (blocks, i + 1), -1, &error);
      g_assert_no_error (error);
      g_hash_table_add (kinds, g_strdup (json_object_get_string_member (json_node_get_object (request),
                                                                        "kind")));

      g_ptr_array_add (args, g_strdup ("resolve"));
      g_ptr_array_add (args, g_strdup ("--seed"));
      g_ptr_array_add (args, g_strdup ("1"));
      run_squadlog (args, g_ptr_array_index (blocks, i), NULL, &run);
      result = sl_json_parse (run.out, -1, &error);
      g_assert_no_error (error);
      if (!contains (result, expected, "result", why))
        g_test_message ("example %u (%s): %s\n%s", i / 2 + 1,
                        (char *) g_ptr_array_index (blocks, i), why->str, run.out);
      g_assert_cmpstr (why->str, ==, "");
    }
}

static void
test_docs_examples (void)
{
  const char *docs = g_getenv ("SL_DOCS_DIR");
  g_autofree char *path = g_build_filename (docs, "resolve.md", NULL);

  if (documented_kinds == NULL)
    documented_kinds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  check_doc_examples (path);
}

/* One example per kind, at least. */
static void
test_docs_every_kind (void)
{
  const char * const *all_kinds = sl_resolver_kinds ();

  if (documented_kinds == NULL)
    test_docs_examples ();
  for (guint i = 0; all_kinds[i]; i++)
    {
      if (!g_hash_table_contains (documented_kinds, all_kinds[i]))
        g_test_message ("docs/resolve.md has no example of “%s”", all_kinds[i]);
      g_assert_true (g_hash_table_contains (documented_kinds, all_kinds[i]));
    }
}

/* Issue 19 #9: a named pipe, a device or a folder given for any file the
 * command line reads is refused at once, and a stream (/dev/zero) is read
 * no further than its cap: nothing waits, nothing grows. */
static void
test_special_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("squadlog-cli-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.squadlog", NULL);
  g_autofree char *fifo_json = g_build_filename (dir, "fifo.json", NULL);
  g_autofree char *game = g_build_filename (dir, "g.squadlog", NULL);
  g_autofree char *other = g_build_filename (dir, "other.squadlog", NULL);
  g_autofree char *pdf = g_build_filename (dir, "logs.pdf", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  const struct
  {
    const char *args[7];
    const char *message;
  } cases[] = {
    { { "replay", fifo }, "is a named pipe (FIFO), not a regular file" },
    { { "replay", "/dev/zero" }, "is a character device, not a regular file" },
    { { "replay", dir }, "is a folder, not a regular file" },
    { { "print", fifo, "-o", pdf }, "named pipe" },
    { { "report", fifo, "-o", html }, "named pipe" },
    { { "play", fifo, "-" }, "named pipe" },
    { { "play", game, "/dev/zero" }, "/dev/zero: line 1 is longer than 1.0\u00a0MiB" },
    { { "play", game, dir }, "is a folder" },
    { { "resolve", "/dev/zero" }, "is larger than 16.0\u00a0MiB, the most a request may be" },
    { { "resolve", "--jsonl", "/dev/zero" }, "line 1 is longer than 1.0\u00a0MiB" },
    { { "resolve", "--rules", fifo_json, "-" }, "named pipe" },
    { { "new", "--scenario", fifo_json, "-o", other }, "named pipe" },
  };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (mkfifo (fifo_json, 0600), ==, 0);
  {
    const char *args[] = { "new", "--scenario", "training", "-o", game, NULL };
    g_auto(Run) run = { 0 };

    run_timed (args, NULL, NULL, 60, &run);
    g_assert_cmpint (run.status, ==, 0);
  }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      run_timed (cases[i].args, "", NULL, 60, &run);
      g_assert_cmpint (run.status, ==, 1);
      g_assert_nonnull (strstr (run.err, cases[i].message));
      sl_test_assert_sentences (run.err);
    }
  g_assert_false (g_file_test (other, G_FILE_TEST_EXISTS));
  remove_tree (dir);
}

/* Issue 19 #7: every command that writes to standard output exits with
 * status 1, and says so, when the writing fails (a full disk). */
static void
test_dev_full (void)
{
  g_autofree char *dir = g_dir_make_tmp ("squadlog-cli-XXXXXX", NULL);
  g_autofree char *game = g_build_filename (dir, "g.squadlog", NULL);
  g_autofree char *other = g_build_filename (dir, "other.squadlog", NULL);
  const char *request = "{\"kind\": \"burst-hits\", \"rounds\": 5, \"roll\": 7}\n";
  const struct
  {
    const char *args[7];
    const char *input;
  } cases[] = {
    { { "replay", game } },
    { { "replay", "--json", game } },
    { { "replay", "--until", "0", game } },
    { { "resolve" }, request },
    { { "resolve", "--jsonl" }, request },
    { { "new", "--scenario", "training", "-o", other } },
    { { "play", game, "-" }, "{\"type\": \"initiative\"}\n" },
    { { "--help" } },
    { { "--version" } },
    { { "replay", "--help" } },
  };

  {
    const char *args[] = { "new", "--scenario", "training", "-o", game, NULL };
    g_auto(Run) run = { 0 };

    run_timed (args, NULL, NULL, 60, &run);
    g_assert_cmpint (run.status, ==, 0);
  }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      run_timed (cases[i].args, cases[i].input, "/dev/full", 60, &run);
      g_assert_cmpint (run.status, ==, 1);
      g_assert_nonnull (strstr (run.err, "No space left on device"));
      g_assert_nonnull (strstr (run.err, "standard output"));
    }
  /* The command was saved all the same, and said so. */
  {
    const char *args[] = { "replay", game, NULL };
    g_auto(Run) run = { 0 };

    run_timed (args, NULL, NULL, 60, &run);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "(1 journal entries)"));
  }
  remove_tree (dir);
}

/* Issue 19 #6: a game reached through a symbolic link is saved to the
 * file it names (the link stays); no game is saved over a named pipe, not
 * even with --force. */
static void
test_symlink_target (void)
{
  g_autofree char *dir = g_dir_make_tmp ("squadlog-cli-XXXXXX", NULL);
  g_autofree char *game = g_build_filename (dir, "g.squadlog", NULL);
  g_autofree char *link = g_build_filename (dir, "link.squadlog", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.squadlog", NULL);
  GStatBuf st;

  {
    const char *args[] = { "new", "--scenario", "training", "-o", game, NULL };
    g_auto(Run) run = { 0 };

    run_timed (args, NULL, NULL, 60, &run);
    g_assert_cmpint (run.status, ==, 0);
    /* A game holds secrets: its owner's only. */
    g_assert_cmpint (g_stat (game, &st), ==, 0);
    g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  }
  g_assert_cmpint (symlink ("g.squadlog", link), ==, 0);
  {
    const char *args[] = { "play", link, "-", NULL };
    g_auto(Run) run = { 0 };

    run_timed (args, "{\"type\": \"initiative\"}\n", NULL, 60, &run);
    g_assert_cmpint (run.status, ==, 0);
  }
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  {
    const char *args[] = { "replay", game, NULL };
    g_auto(Run) run = { 0 };

    run_timed (args, NULL, NULL, 60, &run);
    g_assert_nonnull (strstr (run.out, "(1 journal entries)"));
  }
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  {
    const char *args[] = { "new", "--force", "--scenario", "training", "-o", fifo, NULL };
    g_auto(Run) run = { 0 };

    run_timed (args, NULL, NULL, 60, &run);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "is a named pipe (FIFO), not a regular file"));
    /* Issue 30 #10: the reason inside the message ends once ("… only
     * regular files. The file there …"). */
    g_assert_nonnull (strstr (run.err, "writes only regular files. The file there"));
    sl_test_assert_sentences (run.err);
  }
  remove_tree (dir);
}

/* Issue 19 #10: names holding terminal controls — an OSC sequence that
 * retitles the window, one that clears the screen, a carriage return, C1
 * CSI, a bidi override, a line separator — are shown escaped in the text
 * of new, play, replay and error messages, and as \uXXXX in JSON, which
 * stays JSON. */
static void
assert_inert (const char *text)
{
  static const char * const raw[] = { "\x1b", "\x07", "\r", "\xc2\x9b", "\xe2\x80\xae", "\xe2\x80\xa8" };

  for (guint i = 0; i < G_N_ELEMENTS (raw); i++)
    g_assert_null (strstr (text, raw[i]));
}

static void
test_control_chars (void)
{
  g_autofree char *dir = g_dir_make_tmp ("squadlog-cli-XXXXXX", NULL);
  g_autofree char *scenario = g_build_filename (dir, "evil.json", NULL);
  g_autofree char *game = g_build_filename (dir, "g.squadlog", NULL);
  g_autofree char *source = g_build_filename (g_getenv ("SQUADLOG_DATA_DIR"), "scenarios", "training.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *evil_text = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *side, *squad, *unit;
  g_autoptr(GString) all_text = g_string_new (NULL);

  g_file_get_contents (source, &text, NULL, &error);
  g_assert_no_error (error);
  root = sl_json_parse (text, -1, &error);
  g_assert_no_error (error);
  json_object_set_string_member (json_node_get_object (root), "name", "Evil\x1b]0;pwned\x07\nGround");
  side = json_array_get_object_element (json_object_get_array_member (json_node_get_object (root), "sides"), 0);
  json_object_set_string_member (side, "name", "TOG\xe2\x80\xae" "dlrow\xe2\x80\xa8");
  squad = json_array_get_object_element (json_object_get_array_member (side, "squads"), 0);
  unit = json_array_get_object_element (json_object_get_array_member (squad, "units"), 0);
  json_object_set_string_member (unit, "name", "Vale\x1b[2J\r\xc2\x9b" "31m");
  evil_text = sl_json_to_string (root, TRUE);
  g_file_set_contents (scenario, evil_text, -1, &error);
  g_assert_no_error (error);

  {
    const char *args[] = { "new", "--scenario", scenario, "-o", game, NULL };
    g_auto(Run) run = { 0 };

    run_timed (args, NULL, NULL, 60, &run);
    g_assert_cmpint (run.status, ==, 0);
    /* The line break in the name is a space (issue 19 #12). */
    g_assert_nonnull (strstr (run.out, "Evil\\x1B]0;pwned\\x07 Ground"));
    g_string_append (all_text, run.out);
  }
  {
    const char *args[] = { "play", game, "-", NULL };
    g_auto(Run) run = { 0 };

    run_timed (args,
               "{\"type\": \"correct\", \"unit\": \"tog-1\", \"field\": \"keys\", \"value\": 1}\n"
               "{\"type\": \"correct\", \"unit\": \"\\u001b[2J\", \"field\": \"keys\", \"value\": 1}\n",
               NULL, 60, &run);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.out, "Vale\\x1B[2J\\x0D\\u009B31m"));
    g_assert_nonnull (strstr (run.err, "\\x1B[2J"));
    g_string_append (all_text, run.out);
    g_string_append (all_text, run.err);
  }
  {
    const char *args[] = { "replay", game, NULL };
    g_auto(Run) run = { 0 };

    run_timed (args, NULL, NULL, 60, &run);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "TOG\\u202Edlrow\\u2028"));
    g_string_append (all_text, run.out);
  }
  {
    const char *args[] = { "replay", "--rules", "\x1b[2J", game, NULL };
    g_auto(Run) run = { 0 };

    run_timed (args, NULL, NULL, 60, &run);
    g_assert_cmpint (run.status, ==, 1);
    g_string_append (all_text, run.err);
  }
  {
    const char *args[] = { "--\x1b]0;pwned\x07", NULL };
    g_auto(Run) run = { 0 };

    run_timed (args, NULL, NULL, 60, &run);
    g_assert_cmpint (run.status, ==, 1);
    g_string_append (all_text, run.err);
  }
  assert_inert (all_text->str);

  /* JSON: the same names, escaped, and still JSON. */
  {
    const char *args[] = { "replay", "--json", game, NULL };
    g_auto(Run) run = { 0 };
    g_autoptr(JsonNode) state = NULL;

    run_timed (args, NULL, NULL, 60, &run);
    g_assert_cmpint (run.status, ==, 0);
    assert_inert (run.out);
    state = sl_json_parse (run.out, -1, &error);
    g_assert_no_error (error);
  }
  {
    const char *args[] = { "resolve", NULL };
    g_auto(Run) run = { 0 };

    run_timed (args, "{\"kind\": \"damage\", \"weapon\": \"\\u001b]0;x\\u0007\\u009b\\u202e\"}", NULL, 60, &run);
    g_assert_cmpint (run.status, ==, 2);
    assert_inert (run.out);
    g_assert_nonnull (strstr (run.out, "\\u001b]0;x\\u0007\\u009b\\u202e"));
  }
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  const char *cases = g_getenv ("SL_CLI_CASES");
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_test_init (&argc, &argv, NULL);
  squadlog = g_getenv ("SQUADLOG");
  g_assert_nonnull (squadlog);
  g_assert_nonnull (cases);

  dir = g_dir_open (cases, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)))
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      g_autofree char *base = g_strndup (file, strlen (file) - 5);
      /* "game-print.json" is /cli/game/print: a case's area is a suite
       * (tests/meson.build runs some areas in processes of their own). */
      g_autofree char *test_path = g_strdup_printf ("/cli/%s", base);
      char *dash = strchr (test_path + strlen ("/cli/"), '-');

      if (dash != NULL)
        *dash = '/';

      g_test_add_data_func_full (test_path, g_build_filename (cases, file, NULL), check_case,
                                 g_free);
    }
  g_test_add_func ("/cli/files/special", test_special_files);
  g_test_add_func ("/cli/files/dev-full", test_dev_full);
  g_test_add_func ("/cli/files/symlink-target", test_symlink_target);
  g_test_add_func ("/cli/files/control-chars", test_control_chars);
  g_test_add_func ("/cli/docs/examples", test_docs_examples);
  g_test_add_func ("/cli/docs/every-kind", test_docs_every_kind);

  return g_test_run ();
}
