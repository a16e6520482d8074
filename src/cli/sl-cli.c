/* sl-cli.c: the squadlog command line
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sl-cli.h"
#include "sl-json.h"
#include "sl-resolve.h"
#include "sl-rules.h"

/* Exit statuses (documented in docs/cli.md). */
enum
{
  EXIT_OK = 0,
  EXIT_FAILURE_ = 1,   /* usage, files, rules data */
  EXIT_INVALID = 2,    /* at least one request was invalid */
};

gboolean
sl_cli_handles (const char *arg)
{
  static const char * const commands[] = {
    "resolve", "help", "--help", "-h", "-?", "--version", NULL
  };

  if (arg == NULL)
    return FALSE;
  /* Options are ours, except the one GApplication uses for D-Bus activation. */
  if (arg[0] == '-' && arg[1] != '\0' && !g_str_equal (arg, "--gapplication-service"))
    return TRUE;
  return g_strv_contains (commands, arg);
}

char *
sl_cli_usage (void)
{
  return g_strdup_printf (
    _("Usage:\n"
      "  squadlog [FILE]                   Open Squad Log (and the saved game FILE)\n"
      "  squadlog resolve [OPTION…] [FILE] Resolve a rules request given as JSON\n"
      "\n"
      "Squad Log keeps the squad logs of PHALANX: Streets of Blood.\n"
      "\n"
      "Commands:\n"
      "  resolve     Read one JSON request (or one per line with --jsonl) from FILE\n"
      "              or standard input and print the result as JSON\n"
      "\n"
      "Options:\n"
      "  -h, --help  Show this help\n"
      "  --version   Show the version\n"
      "\n"
      "“squadlog COMMAND --help” describes the options of a command.\n"
      "The request format is described in %s.\n"),
    "docs/resolve.md");
}

static SlRules *
load_rules (const char *path)
{
  g_autoptr(GError) error = NULL;
  SlRules *rules;

  rules = path ? sl_rules_load_file (path, &error) : sl_rules_load_default (&error);
  if (rules == NULL)
    g_printerr (_("squadlog: the rules data cannot be used.\n%s\n"), error->message);
  return rules;
}

static void
print_node (JsonNode *node,
            gboolean  pretty,
            GString  *buffer)
{
  sl_json_append (buffer, node, pretty, 0);
  g_string_append_c (buffer, '\n');
  if (buffer->len > 64 * 1024)
    {
      fwrite (buffer->str, 1, buffer->len, stdout);
      g_string_truncate (buffer, 0);
    }
}

static int
resolve_jsonl (SlResolver *resolver,
               FILE       *input,
               gboolean    pretty)
{
  g_autoptr(GString) out = g_string_sized_new (128 * 1024);
  char *line = NULL;
  size_t capacity = 0;
  ssize_t length;
  gboolean all_valid = TRUE;

  while ((length = getline (&line, &capacity, input)) >= 0)
    {
      g_autoptr(JsonNode) result = NULL;
      gboolean valid;
      char *text = line;

      g_strstrip (text);
      if (*text == '\0')
        continue;
      result = sl_resolver_resolve_text (resolver, text, -1, &valid);
      all_valid &= valid;
      print_node (result, pretty, out);
    }
  free (line);
  fwrite (out->str, 1, out->len, stdout);
  fflush (stdout);
  return all_valid ? EXIT_OK : EXIT_INVALID;
}

static int
resolve_one (SlResolver *resolver,
             const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(JsonNode) result = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  gboolean valid;

  if (path != NULL && !g_str_equal (path, "-"))
    {
      if (!g_file_get_contents (path, &contents, &length, &error))
        {
          g_printerr ("squadlog: %s\n", error->message);
          return EXIT_FAILURE_;
        }
    }
  else
    {
      GString *in = g_string_new (NULL);
      char buf[8192];
      size_t n;

      while ((n = fread (buf, 1, sizeof buf, stdin)) > 0)
        g_string_append_len (in, buf, n);
      length = in->len;
      contents = g_string_free (in, FALSE);
    }

  result = sl_resolver_resolve_text (resolver, contents, length, &valid);
  print_node (result, TRUE, out);
  fwrite (out->str, 1, out->len, stdout);
  fflush (stdout);
  return valid ? EXIT_OK : EXIT_INVALID;
}

static int
cmd_resolve (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SlRules) rules = NULL;
  g_autoptr(SlResolver) resolver = NULL;
  g_autofree char *rules_path = NULL;
  gboolean jsonl = FALSE;
  gboolean pretty = FALSE;
  gint64 seed = -1;
  GOptionEntry entries[] = {
    { "jsonl", 0, 0, G_OPTION_ARG_NONE, &jsonl,
      N_("Read one request per line and print one result per line"), NULL },
    { "pretty", 0, 0, G_OPTION_ARG_NONE, &pretty,
      N_("Indent the results of --jsonl"), NULL },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed,
      N_("Seed for the dice the requests leave out, to repeat a run"), N_("N") },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path,
      N_("Use this rules file (house rules) instead of the default"), N_("FILE") },
    { NULL }
  };
  int status;
  FILE *input = stdin;

  context = g_option_context_new (_("[FILE] — resolve rules requests"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Reads one JSON request from FILE (standard input when FILE is missing or “-”)\n"
      "and prints one JSON result. Dice left out of a request are rolled and\n"
      "reported under “rolls”. See docs/resolve.md for every kind of request.\n"
      "\n"
      "Exit status: 0 when every request was valid, 2 when any was not,\n"
      "1 when the input or the rules data could not be read."));

  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("squadlog resolve: %s\n", error->message);
      return EXIT_FAILURE_;
    }
  if (argc > 3)
    {
      g_printerr (_("squadlog resolve: give at most one input file.\n"));
      return EXIT_FAILURE_;
    }
  if (seed > G_MAXUINT32)
    {
      g_printerr (_("squadlog resolve: the seed must be a whole number from 0 to %u.\n"),
                  G_MAXUINT32);
      return EXIT_FAILURE_;
    }

  rules = load_rules (rules_path);
  if (rules == NULL)
    return EXIT_FAILURE_;
  resolver = sl_resolver_new (rules);
  if (seed >= 0)
    sl_resolver_set_seed (resolver, (guint32) seed);

  if (!jsonl)
    return resolve_one (resolver, argc > 2 ? argv[2] : NULL);

  if (argc > 2 && !g_str_equal (argv[2], "-"))
    {
      input = fopen (argv[2], "r");
      if (input == NULL)
        {
          g_printerr (_("squadlog resolve: cannot open “%s”: %s\n"), argv[2], g_strerror (errno));
          return EXIT_FAILURE_;
        }
    }
  status = resolve_jsonl (resolver, input, pretty);
  if (input != stdin)
    fclose (input);
  return status;
}

int
sl_cli_main (int    argc,
             char **argv)
{
  const char *command = argc > 1 ? argv[1] : "--help";

  if (g_str_equal (command, "--version"))
    {
      g_print ("squadlog %s\n", PACKAGE_VERSION);
      return EXIT_OK;
    }
  if (g_str_equal (command, "--help") || g_str_equal (command, "-h") ||
      g_str_equal (command, "-?") || g_str_equal (command, "help"))
    {
      g_autofree char *usage = sl_cli_usage ();
      g_print ("%s", usage);
      return EXIT_OK;
    }
  if (g_str_equal (command, "resolve"))
    return cmd_resolve (argc, argv);

  if (command[0] == '-')
    g_printerr (_("squadlog: unknown option “%s”. Try “squadlog --help”.\n"), command);
  else
    g_printerr (_("squadlog: unknown command “%s”. Try “squadlog --help”.\n"), command);
  return EXIT_FAILURE_;
}
