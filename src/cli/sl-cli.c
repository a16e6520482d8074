/* sl-cli.c: the squadlog command line
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <signal.h>
#include <glib-unix.h>

#include "sl-cli.h"
#include "sl-options.h"
#include "sl-report.h"
#include "sl-victory.h"
#include "sl-print.h"
#include "sl-reference.h"
#include "sl-unit-log.h"
#include "sl-file.h"
#include "sl-game.h"
#include "sl-json.h"
#include "sl-check.h"
#include "sl-resolve.h"
#include "sl-rules.h"
#include "sl-table-model.h"
#include "sl-text.h"
#include "sl-server.h"

/* Exit statuses (documented in docs/cli.md). */
enum
{
  EXIT_OK = 0,
  EXIT_FAILURE_ = 1,   /* usage, files, rules data */
  EXIT_INVALID = 2,    /* at least one request was invalid */
};

/* Standard output
 *
 * Every write is checked: a command whose output could not be written
 * (a full disk, `> /dev/full`) exits with status 1 and says so, as the
 * GNU tools do (gnulib's close_stdout). Everything goes through
 * cli_write(), g_print() included. */

/* "squadlog replay", for messages. */
static char *cli_command;
/* The first error writing standard output (an errno value), and whether
 * it was reported already. */
static int stdout_error;
static gboolean stdout_error_told;
static gboolean stdout_written;

static void
cli_write (const char *data,
           gsize       len)
{
  if (len == 0)
    return;
  stdout_written = TRUE;
  if (fwrite (data, 1, len, stdout) != len && stdout_error == 0)
    stdout_error = errno != 0 ? errno : EIO;
}

/* Flushes standard output; FALSE (the error kept) when it failed. */
static gboolean
cli_flush (void)
{
  if (fflush (stdout) != 0 && stdout_error == 0)
    stdout_error = errno != 0 ? errno : EIO;
  if (ferror (stdout) && stdout_error == 0)
    stdout_error = EIO;
  return stdout_error == 0;
}

/* @string (UTF-8) for the terminal: names from files (a scenario, a game
 * sent by an opponent) may hold escape sequences, C1 controls or bidi
 * overrides, which must be shown, never obeyed (issue 19 #10); then in the
 * console's character set, as GLib's own print handlers write it. */
static char *
for_console (const char *string,
             gssize      len)
{
  g_autofree char *safe = sl_text_for_terminal (string, len);
  const char *charset;

  if (g_get_console_charset (&charset))
    return g_steal_pointer (&safe);
  return g_convert_with_fallback (safe, -1, charset, "UTF-8", "?", NULL, NULL, NULL);
}

/* Text (not JSON, whose strings are escaped already) to standard output. */
static void
cli_write_text (const char *text,
                gsize       len)
{
  g_autofree char *safe = for_console (text, len);

  if (safe != NULL)
    cli_write (safe, strlen (safe));
}

/* What people read: every rule cited with its book section (issue 22),
 * "(P-34 step 1, A-92; book §9.6, §4.1)". */
static void
cli_print_cb (const char *string)
{
  g_autofree char *cited = sl_reference_cite (NULL, string);

  cli_write_text (cited, strlen (cited));
}

static void
cli_printerr_cb (const char *string)
{
  g_autofree char *cited = sl_reference_cite (NULL, string);
  g_autofree char *text = for_console (cited, -1);

  if (text != NULL)
    fputs (text, stderr);
  fflush (stderr);
}

static void
tell_stdout_error (void)
{
  if (!stdout_error_told)
    fprintf (stderr, _("%s: cannot write to standard output: %s\n"),
             cli_command ? cli_command : "squadlog", g_strerror (stdout_error));
  stdout_error_told = TRUE;
}

/* At exit (from main() or from GOption's --help): whatever was printed
 * reached its file, or the exit status says it did not. */
static void
close_stdout (void)
{
  gboolean flushed = cli_flush ();

  if (fclose (stdout) != 0 && flushed && !(errno == EBADF && !stdout_written))
    stdout_error = errno != 0 ? errno : EIO;
  if (stdout_error != 0)
    {
      tell_stdout_error ();
      _exit (EXIT_FAILURE_);
    }
}

gboolean
sl_cli_handles (const char *arg)
{
  static const char * const commands[] = {
    "resolve", "new", "play", "replay", "print", "report", "rules", "serve", "help", "--help", "-h", "-?", "--version", NULL
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
      "  squadlog [FILE]                                 Open Squad Log (and the saved game FILE)\n"
      "  squadlog resolve [OPTION…] [FILE]               Resolve a rules request given as JSON\n"
      "  squadlog new --scenario ID|FILE -o GAME         Start a new game\n"
      "  squadlog play GAME COMMANDS.jsonl               Apply commands to a game\n"
      "  squadlog replay GAME [--until N] [--json]       Show a game's state\n"
      "  squadlog print GAME -o LOGS.pdf [--squad ID] [--blank] [--paper a4|letter]\n"
      "                                                  Print the squad logs to PDF\n"
      "  squadlog report GAME -o REPORT.html             Write the after-action report\n"
      "  squadlog rules show ID | search WORDS… | list [--kind KIND]\n"
      "                                                  Look up the rules the app cites\n"
      "  squadlog serve GAME [--bind ADDR] [--port N] [--json]\n"
      "                                                  Serve the private views to phones\n"
      "\n"
      "Squad Log keeps the squad logs of PHALANX: Streets of Blood.\n"
      "\n"
      "Commands:\n"
      "  resolve     Read one JSON request (or one per line with --jsonl) from FILE\n"
      "              or standard input and print the result as JSON\n"
      "  new         Create a game from a scenario and save it\n"
      "  play        Apply journal commands, one JSON object per line, saving\n"
      "              after each; stop at the first the rules refuse\n"
      "  replay      Print the state after the journal's first N entries\n"
      "  print       Draw each squad's log, filled in or blank, as a PDF page\n"
      "  report      Write the after-action report (score, casualties per turn,\n"
      "              decisive moments) as a self-contained HTML page\n"
      "  rules       Show a rule of the reference by its id (P-34, A-92, T-23 or a\n"
      "              rule option), search the reference, or list it\n"
      "  serve       Serve each side's private view, and the referee's, to phones\n"
      "              on the local network, saving every command they send\n"
      "\n"
      "Options:\n"
      "  -h, --help  Show this help\n"
      "  --version   Show the version\n"
      "\n"
      "“squadlog COMMAND --help” describes the options of a command.\n"
      "The request format is described in %s, the game commands in %s.\n"),
    /* The documentation as installed (docs/ in the sources). */
    SL_DOCDIR "/resolve.md", SL_DOCDIR "/commands.md");
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

/* The sentences of a result ("message", "reason") with the book's
 * sections of the rules they cite; every other value is left as it is. */
static void
cite_messages (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, object);
      while (json_object_iter_next (&iter, &name, &member))
        {
          if ((g_str_equal (name, "message") || g_str_equal (name, "reason")) &&
              JSON_NODE_HOLDS_VALUE (member) && json_node_get_value_type (member) == G_TYPE_STRING)
            {
              g_autofree char *cited = sl_reference_cite (NULL, json_node_get_string (member));

              json_node_set_string (member, cited);
            }
          else
            cite_messages (member);
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        cite_messages (json_array_get_element (array, i));
    }
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
      cli_write (buffer->str, buffer->len);
      g_string_truncate (buffer, 0);
    }
}

/* Opens @path (a file, a pipe or "-" for standard input) to be read a
 * line at a time; NULL, having said why, when it cannot be. */
static FILE *
open_stream (const char *command,
             const char *path)
{
  g_autoptr(GError) error = NULL;
  FILE *stream;
  int fd;

  if (path == NULL || g_str_equal (path, "-"))
    return stdin;
  fd = sl_file_open_read (path, SL_FILE_READ_STREAM, &error);
  if (fd < 0)
    {
      g_printerr ("squadlog %s: %s\n", command, error->message);
      return NULL;
    }
  stream = fdopen (fd, "r");
  if (stream == NULL)
    {
      g_printerr (_("squadlog %s: cannot open “%s”: %s\n"), command, path, g_strerror (errno));
      close (fd);
    }
  return stream;
}

static int
resolve_jsonl (SlResolver *resolver,
               FILE       *input,
               const char *display,
               gboolean    pretty)
{
  g_autoptr(GString) out = g_string_sized_new (128 * 1024);
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  gboolean all_valid = TRUE;
  guint number = 0;

  /* Each line within SL_FILE_MAX_LINE: /dev/zero is one endless line. */
  while (sl_file_read_line (input, display, ++number, line, &error))
    {
      g_autoptr(JsonNode) result = NULL;
      gboolean valid;
      char *text = line->str;

      g_strstrip (text);
      if (*text == '\0')
        continue;
      result = sl_resolver_resolve_text (resolver, text, -1, &valid);
      all_valid &= valid;
      cite_messages (result);
      print_node (result, pretty, out);
    }
  cli_write (out->str, out->len);
  cli_flush ();
  if (error != NULL)
    {
      g_printerr ("squadlog resolve: %s\n", error->message);
      return EXIT_FAILURE_;
    }
  return all_valid ? EXIT_OK : EXIT_INVALID;
}

static int
resolve_one (SlResolver *resolver,
             const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GBytes) contents = NULL;
  gboolean valid;

  /* A file, a pipe or standard input, of 16 MiB at most. */
  if (path != NULL && !g_str_equal (path, "-"))
    contents = sl_file_read (path, SL_FILE_LIMIT_REQUEST, SL_FILE_READ_STREAM, &error);
  else
    contents = sl_file_read_fd (STDIN_FILENO, _("standard input"), SL_FILE_LIMIT_REQUEST,
                                SL_FILE_READ_STREAM, &error);
  if (contents == NULL)
    {
      g_printerr ("squadlog resolve: %s\n", error->message);
      return EXIT_FAILURE_;
    }

  result = sl_resolver_resolve_text (resolver, g_bytes_get_data (contents, NULL),
                                     g_bytes_get_size (contents), &valid);
  cite_messages (result);
  print_node (result, TRUE, out);
  cli_write (out->str, out->len);
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

  input = open_stream ("resolve", argc > 2 ? argv[2] : NULL);
  if (input == NULL)
    return EXIT_FAILURE_;
  status = resolve_jsonl (resolver, input, input == stdin ? _("standard input") : argv[2], pretty);
  if (input != stdin)
    fclose (input);
  return status;
}

static gboolean
parse_options (const char   *command,
               const char   *parameter,
               const char   *summary,
               GOptionEntry *entries,
               int          *argc,
               char       ***argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (parameter);
  g_autoptr(GError) error = NULL;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, summary);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr ("squadlog %s: %s\n", command, error->message);
      return FALSE;
    }
  return TRUE;
}

/* A scenario given by id (data/scenarios/ID.json) or by file. */
static char *
scenario_path (const char *scenario)
{
  if (g_file_test (scenario, G_FILE_TEST_IS_REGULAR) || strchr (scenario, '/') != NULL ||
      g_str_has_suffix (scenario, ".json"))
    return g_strdup (scenario);
  {
    g_autofree char *file = g_strconcat (scenario, ".json", NULL);
    return sl_data_find ("scenarios", file);
  }
}

static int
cmd_new (int    argc,
         char **argv)
{
  g_autofree char *scenario = NULL;
  g_autofree char *output = NULL;
  g_autofree char *rules_path = NULL;
  g_autofree char *path = NULL;
  g_autoptr(SlRules) rules = NULL;
  g_autoptr(SlGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) option_values = NULL;
  g_autoptr(JsonObject) options = json_object_new ();
  SlSetup *setup;
  gboolean force = FALSE;
  GOptionEntry entries[] = {
    { "scenario", 's', 0, G_OPTION_ARG_STRING, &scenario,
      N_("The scenario: an id (such as “training”) or a scenario file"), N_("ID|FILE") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("The game file to write"), N_("GAME") },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &option_values,
      N_("Set a rule option for this game (repeatable; docs/rules-data.md lists them)"), N_("ID=VALUE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace GAME if it exists"), NULL },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path, N_("Use this rules file"), N_("FILE") },
    { NULL }
  };

  if (!parse_options ("new", _("— start a new game"),
                      _("Creates a game from a scenario and saves it, ready for its first command."),
                      entries, &argc, &argv))
    return EXIT_FAILURE_;
  if (scenario == NULL || output == NULL || argc > 2)
    {
      g_printerr (_("squadlog new: give --scenario and -o (see “squadlog new --help”).\n"));
      return EXIT_FAILURE_;
    }
  if (!force && g_file_test (output, G_FILE_TEST_EXISTS))
    {
      g_printerr (_("squadlog new: %s exists; a game is never overwritten without --force.\n"), output);
      return EXIT_FAILURE_;
    }
  rules = load_rules (rules_path);
  if (rules == NULL)
    return EXIT_FAILURE_;
  /* --option ID=VALUE, checked against the rules data. */
  for (guint i = 0; option_values != NULL && option_values[i] != NULL; i++)
    {
      g_auto(GStrv) pair = g_strsplit (option_values[i], "=", 2);
      const SlOptionDef *def = pair[0] != NULL ? sl_option_set_lookup (rules->options, pair[0]) : NULL;
      JsonNode *value;

      if (pair[0] == NULL || pair[1] == NULL)
        {
          g_printerr (_("squadlog new: --option takes ID=VALUE, not “%s”.\n"), option_values[i]);
          return EXIT_FAILURE_;
        }
      if (def == NULL)
        {
          g_printerr (_("squadlog new: there is no rule option “%s” (docs/rules-data.md lists them).\n"), pair[0]);
          return EXIT_FAILURE_;
        }
      /* One value an option: a second would silently win over the first. */
      if (json_object_has_member (options, def->id))
        {
          g_printerr (_("squadlog new: --option %s is given twice; give each rule option once.\n"), def->id);
          return EXIT_FAILURE_;
        }
      /* Checked here, range included, so that a bad value is blamed on the
       * --option given and not on the scenario it is merged into. */
      value = sl_option_parse_value (def, pair[1], &error);
      if (value == NULL)
        {
          /* Translators: the first %s is the option as given
           * ("routCheckInterval=0"), the second what it takes ("expected a
           * whole number from 1 to 30"). */
          g_printerr (_("squadlog new: --option %s: %s.\n"), option_values[i], error->message);
          return EXIT_FAILURE_;
        }
      json_object_set_member (options, def->id, value);
    }
  path = scenario_path (scenario);
  setup = sl_setup_new_from_file_with_options (rules, path, options, &error);
  /* P-02 … P-38: forces built against the rules need the players' word. */
  if (setup != NULL && !sl_setup_check_construction (setup, &error))
    g_clear_pointer (&setup, sl_setup_free);
  if (setup != NULL)
    game = sl_game_new (rules, setup);
  if (game == NULL || !sl_game_save (game, output, &error))
    {
      g_printerr ("squadlog new: %s\n", error->message);
      return EXIT_FAILURE_;
    }
  g_print (_("%s: a new game of “%s”, %d turns.\n"), output, sl_game_get_setup (game)->name,
           sl_game_get_setup (game)->length_turns);
  return EXIT_OK;
}

static SlGame *
load_game (const char *command,
           const char *rules_path,
           const char *path)
{
  g_autoptr(SlRules) rules = load_rules (rules_path);
  g_autoptr(GError) error = NULL;
  SlGame *game;

  if (rules == NULL)
    return NULL;
  game = sl_game_load (rules, path, &error);
  if (game == NULL)
    g_printerr ("squadlog %s: %s\n", command, error->message);
  else if (sl_game_get_load_warning (game) != NULL)
    g_printerr ("squadlog %s: %s\n", command, sl_game_get_load_warning (game));
  return game;
}

static int
cmd_play (int    argc,
          char **argv)
{
  g_autofree char *rules_path = NULL;
  g_autoptr(SlGame) game = NULL;
  gint64 seed = -1;
  gboolean quiet = FALSE;
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed for the dice the commands leave out"), N_("N") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Do not print what happened"), NULL },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path, N_("Use this rules file"), N_("FILE") },
    { NULL }
  };
  FILE *input;
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(GError) read_error = NULL;
  const char *display;
  guint number = 0;
  int status = EXIT_OK;

  if (!parse_options ("play", _("GAME [COMMANDS.jsonl] — apply commands to a game"),
                      _("Applies the commands, one JSON object per line (standard input without a file),\n"
                        "saving the game after each one. Stops at the first command the rules\n"
                        "refuse, naming its line and the reason; the game keeps every command\n"
                        "before it. See docs/commands.md."),
                      entries, &argc, &argv))
    return EXIT_FAILURE_;
  if (argc < 3 || argc > 4)
    {
      g_printerr (_("squadlog play: give the game file and the commands file (see “squadlog play --help”).\n"));
      return EXIT_FAILURE_;
    }
  game = load_game ("play", rules_path, argv[2]);
  if (game == NULL)
    return EXIT_FAILURE_;
  /* One writer at a time (issue 19): another play, or a window. */
  {
    g_autoptr(GError) error = NULL;

    if (!sl_game_take_file (game, &error))
      {
        g_printerr ("squadlog play: %s\n", error->message);
        return EXIT_FAILURE_;
      }
  }
  if (seed >= 0)
    sl_game_set_seed (game, (guint32) seed);
  /* The commands: a file, a pipe (`<(…)`) or standard input, each line
   * within SL_FILE_MAX_LINE. The game itself must be a regular file. */
  input = open_stream ("play", argc == 4 ? argv[3] : NULL);
  if (input == NULL)
    return EXIT_FAILURE_;
  display = input == stdin ? _("standard input") : argv[3];

  while (sl_file_read_line (input, display, ++number, line, &read_error))
    {
      g_autoptr(GError) error = NULL;
      const SlJournalEntry *entry;
      char *text = g_strstrip (line->str);

      if (*text == '\0' || *text == '#')
        continue;
      entry = sl_game_apply_text (game, text, &error);
      if (entry == NULL)
        {
          const char *field = sl_rule_error_get_field (error);

          if (field != NULL && *field)
            g_printerr (_("squadlog play: line %u: %s: %s\n"), number, field, error->message);
          else
            g_printerr (_("squadlog play: line %u: %s\n"), number, error->message);
          status = EXIT_INVALID;
          break;
        }
      if (!sl_game_save (game, argv[2], &error))
        {
          g_printerr ("squadlog play: %s\n", error->message);
          status = EXIT_FAILURE_;
          break;
        }
      if (!quiet && entry->summary && *entry->summary)
        g_print ("%s\n", entry->summary);
      /* What is printed is saved: a reader of a pipe hears of each command
       * as soon as it is on the disk. */
      if (!cli_flush ())
        {
          g_printerr (_("squadlog play: the command of line %u was saved, but what happened could not be written to standard output: %s\n"),
                      number, g_strerror (stdout_error));
          stdout_error_told = TRUE;
          status = EXIT_FAILURE_;
          break;
        }
    }
  if (read_error != NULL && status == EXIT_OK)
    {
      g_printerr ("squadlog play: %s\n", read_error->message);
      status = EXIT_FAILURE_;
    }
  if (input != stdin)
    fclose (input);
  return status;
}

static void
print_unit_line (SlGame  *game,
                 int      index,
                 GString *out)
{
  const SlRules *rules = sl_game_get_rules (game);
  /* §15.1: what a hidden unit does is its owner's secret (the table
   * model says what the table knows). */
  gboolean known = sl_table_model_unit_known (sl_table_model_get_for_game (game), index, SL_VIEWER_TABLE);
  SlUnitLog log;
  const SlWeapon *w;

  sl_unit_log_fill (rules, sl_game_get_setup (game), sl_game_get_state (game), index, &log);
  w = log.weapons[log.in_hand];
  g_string_append_printf (out, "  %3d %-22s %3d pts  %-8s %-3s %-4s", log.counter, log.name,
                          log.points, log.race->name, log.armor->id, w->id);
  if (log.rounds > 0)
    g_string_append_printf (out, " %2d/%-2d", log.rounds - log.rounds_fired, log.rounds);
  else
    g_string_append (out, "   -  ");
  g_string_append_printf (out, "  R%d P%d", log.left[SL_MAGAZINE_R], log.left[SL_MAGAZINE_P]);
  /* P-35: a launcher's load replaces the hand grenades in the Ammo box. */
  if (log.launcher)
    g_string_append_printf (out, " GL-FG%d GL-SG%d", log.launcher_load[SL_GRENADE_FG],
                            log.launcher_load[SL_GRENADE_SG]);
  else if (log.boxes[SL_MAGAZINE_FG] == 0 && log.boxes[SL_MAGAZINE_SG] == 0)
    /* No grenade boxes (a scenario without the grenade rules, §10 F):
     * none shown, the columns kept (issue 31 #8). */
    g_string_append (out, "        ");
  else
    g_string_append_printf (out, " FG%d SG%d", log.left[SL_MAGAZINE_FG], log.left[SL_MAGAZINE_SG]);
  /* The wound boxes L M S U D, ticked as on paper. */
  g_string_append (out, "  ");
  for (int w2 = SL_WOUND_LIGHT; w2 <= SL_WOUND_DEAD; w2++)
    g_string_append (out, (int) log.wound >= w2 ? rules->wounds[w2].box : ".");
  g_string_append_printf (out, "  %-8s", known ? sl_position_label (log.position) : "—");
  if (known && log.action != NULL)
    {
      int turn, subphase;

      sl_subphase_split (rules, log.action_end, &turn, &subphase);
      if (log.drifting)
        g_string_append_printf (out, _("  %s (carries on until it hits something, A-72)"), log.action->name);
      else
        /* Translators: an action on a unit's line, and where on the subphase
         * track it ends: turn and subphase. */
        g_string_append_printf (out, _("  %s (ends T%d S%d)"), log.action->name, turn, subphase);
    }
  if (known && log.dazed_until >= 0)
    {
      int turn, subphase;

      sl_subphase_split (rules, log.dazed_until, &turn, &subphase);
      g_string_append_printf (out, _("  dazed until T%d S%d"), turn, subphase);
    }
  if (known && log.jammed)
    g_string_append (out, _("  jammed"));
  if (known && log.routed)
    g_string_append (out, _("  routed"));
  if (log.hidden)
    g_string_append (out, _("  hidden"));
  if (known && log.opportunity)
    g_string_append (out, _("  opportunity fire"));
  if (known && log.in_melee)
    g_string_append (out, _("  in melee"));
  if (log.out)
    g_string_append (out, _("  OUT"));
  if (known && log.exposure && log.inside)
    g_string_append (out, _("  inside"));
  if (log.breach.state != SL_BREACH_NONE)
    {
      int turn, subphase;

      sl_subphase_split (rules, log.breach.due, &turn, &subphase);
      /* P-39: the breach wound to come. */
      if (log.breach.state == SL_BREACH_DELAYED)
        g_string_append_printf (out, _("  suit breached (one more wound T%d S%d)"), turn, subphase);
      else
        g_string_append_printf (out, _("  suit bleeding (next wound T%d S%d)"), turn, subphase);
    }
  /* §18: a Legionnaire character, and what its skills give. */
  if (log.legionnaire != NULL)
    {
      g_autofree char *character = sl_legionnaire_describe (log.legionnaire, FALSE);

      g_string_append_printf (out, "  %s", character);
    }
  g_string_append_c (out, '\n');
}

static int
cmd_print (int    argc,
           char **argv)
{
  g_autofree char *rules_path = NULL;
  g_autofree char *output = NULL;
  g_autofree char *squad = NULL;
  g_autofree char *paper = NULL;
  g_autoptr(SlGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) pdf = NULL;
  gboolean blank = FALSE;
  gboolean force = FALSE;
  SlPaper size = SL_PAPER_A4;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the PDF to FILE"), N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace FILE even if it is not a PDF"), NULL },
    { "squad", 0, 0, G_OPTION_ARG_STRING, &squad, N_("Only this squad’s log"), N_("ID") },
    { "blank", 0, 0, G_OPTION_ARG_NONE, &blank, N_("Blank logs, nothing filled in, for photocopying"), NULL },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &paper, N_("Paper size: a4 (default) or letter"), N_("SIZE") },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path, N_("Use this rules file"), N_("FILE") },
    { NULL }
  };

  if (!parse_options ("print", _("GAME -o LOGS.pdf — print the squad logs"),
                      _("Draws one page per squad, as the paper squad log: the unit logs with their\n"
                        "boxes ticked, the subphase track around the page and the action log. A\n"
                        "hidden unit's position, action and status are not printed."),
                      entries, &argc, &argv))
    return EXIT_FAILURE_;
  if (argc != 3 || output == NULL)
    {
      g_printerr (_("squadlog print: give one game file and -o (see “squadlog print --help”).\n"));
      return EXIT_FAILURE_;
    }
  if (paper != NULL && g_ascii_strcasecmp (paper, "letter") == 0)
    size = SL_PAPER_LETTER;
  else if (paper != NULL && g_ascii_strcasecmp (paper, "a4") != 0)
    {
      g_printerr (_("squadlog print: the paper is a4 or letter, not “%s”.\n"), paper);
      return EXIT_FAILURE_;
    }
  game = load_game ("print", rules_path, argv[2]);
  if (game == NULL)
    return EXIT_FAILURE_;
  /* Made in memory, then written atomically: over a PDF, or anything
   * regular with --force, never over a pipe, a device or a folder. */
  pdf = sl_print_to_pdf_bytes (game, squad, blank, size, &error);
  if (pdf == NULL ||
      !sl_file_replace (output, g_bytes_get_data (pdf, NULL), g_bytes_get_size (pdf),
                        SL_FILE_REPLACE_DURABLE, 0644, force ? NULL : sl_file_kind_pdf (), &error))
    {
      if (g_error_matches (error, SL_FILE_ERROR, SL_FILE_ERROR_NOT_SAME_KIND))
        g_printerr (_("squadlog print: %s Use --force to replace it.\n"), error->message);
      else
        g_printerr ("squadlog print: %s\n", error->message);
      return EXIT_FAILURE_;
    }
  return EXIT_OK;
}

static int
cmd_report (int    argc,
            char **argv)
{
  g_autofree char *rules_path = NULL;
  g_autofree char *output = NULL;
  g_autoptr(SlGame) game = NULL;
  g_autoptr(SlReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *html = NULL;
  gboolean force = FALSE;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the report to FILE"), N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace FILE even if it is not an HTML page"), NULL },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path, N_("Use this rules file"), N_("FILE") },
    { NULL }
  };

  if (!parse_options ("report", _("GAME -o REPORT.html — the after-action report"),
                      _("Writes the score (P-40) item by item, the casualties of each side per turn\n"
                        "as a chart, and the decisive moments (first blood, leaders lost, routs,\n"
                        "the end) as one HTML page with nothing outside it, to share."),
                      entries, &argc, &argv))
    return EXIT_FAILURE_;
  if (argc != 3 || output == NULL)
    {
      g_printerr (_("squadlog report: give one game file and -o (see “squadlog report --help”).\n"));
      return EXIT_FAILURE_;
    }
  game = load_game ("report", rules_path, argv[2]);
  if (game == NULL)
    return EXIT_FAILURE_;
  report = sl_report_new (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game));
  html = sl_report_to_html (report, sl_game_get_setup (game), sl_game_get_state (game));
  /* Atomically, over an HTML page (or, with --force, any regular file),
   * never over a game by mistake. */
  if (!sl_file_replace (output, html, strlen (html), SL_FILE_REPLACE_DURABLE, 0644,
                        force ? NULL : sl_file_kind_html (), &error))
    {
      if (g_error_matches (error, SL_FILE_ERROR, SL_FILE_ERROR_NOT_SAME_KIND))
        g_printerr (_("squadlog report: %s Use --force to replace it.\n"), error->message);
      else
        g_printerr ("squadlog report: %s\n", error->message);
      return EXIT_FAILURE_;
    }
  return EXIT_OK;
}

static JsonNode *
game_victory_json (SlGame *game)
{
  SlVictory victory;
  JsonNode *node;

  sl_victory_compute (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game), &victory);
  node = sl_victory_to_json (sl_game_get_setup (game), &victory);
  sl_victory_clear (&victory);
  return node;
}

/* P-40 as the game stands: each side's objective, score and result. */
static void
print_victory (SlGame  *game,
               GString *out)
{
  const SlSetup *setup = sl_game_get_setup (game);
  SlVictory victory;

  sl_victory_compute (sl_game_get_rules (game), setup, sl_game_get_state (game), &victory);
  g_string_append (out, sl_game_get_state (game)->over ? _("\nVictory points (P-40):\n")
                                                        : _("\nVictory points if the game ended now (P-40):\n"));
  for (int s = 0; s < 2; s++)
    {
      const SlVictoryScore *score = &victory.result.scores[s];
      g_autofree char *objective = sl_objective_status_describe (setup, s, &victory.objectives[s]);

      /* Translators: a side's victory points and its result: "TOG: 46.00 — Marginal Victory". */
      g_string_append_printf (out, _("  %s: %.2f — %s\n"), sl_setup_side_at (setup, s)->name,
                              score->score, score->result);
      g_string_append_printf (out, "    %s\n", objective);
      for (guint i = 0; i < score->items->len; i++)
        {
          const SlVictoryItem *item = &g_array_index (score->items, SlVictoryItem, i);

          g_string_append_printf (out, "    %+8.2f  %s\n", item->points, item->label);
        }
    }
  if (victory.result.has_ratio)
    g_string_append_printf (out, _("  Ratio %.2f (T-40, A-131)\n"), victory.result.ratio);
  sl_victory_clear (&victory);
}

static int
cmd_replay (int    argc,
            char **argv)
{
  g_autofree char *rules_path = NULL;
  g_autoptr(SlGame) game = NULL;
  gint64 until = -1;
  gboolean json = FALSE;
  g_autofree char *viewer_id = NULL;
  GOptionEntry entries[] = {
    { "until", 0, 0, G_OPTION_ARG_INT64, &until, N_("Show the state after the first N journal entries"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the state as JSON"), NULL },
    { "table", 0, 0, G_OPTION_ARG_STRING, &viewer_id,
      N_("Print the table model as JSON for VIEWER: table, referee or a side's id"), N_("VIEWER") },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path, N_("Use this rules file"), N_("FILE") },
    { NULL }
  };
  const SlSetup *setup;
  const SlState *state;
  SlTableModel *table;
  g_autoptr(GString) out = g_string_new (NULL);

  if (!parse_options ("replay", _("GAME — show a game's state"),
                      _("Replays the journal (all of it, or its first N entries) and prints the\n"
                        "turn, phase and subphase, the initiative order, and every unit's log line."),
                      entries, &argc, &argv))
    return EXIT_FAILURE_;
  if (argc != 3)
    {
      g_printerr (_("squadlog replay: give one game file (see “squadlog replay --help”).\n"));
      return EXIT_FAILURE_;
    }
  game = load_game ("replay", rules_path, argv[2]);
  if (game == NULL)
    return EXIT_FAILURE_;
  if (until >= 0)
    {
      if (until > sl_game_get_n_entries (game))
        {
          g_printerr (_("squadlog replay: the journal has %u entries.\n"), sl_game_get_n_entries (game));
          return EXIT_FAILURE_;
        }
      sl_game_go_to (game, (guint) until);
    }

  /* What one viewer may see, as a remote view is sent it
   * (docs/table-model.md). */
  if (viewer_id != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) node = NULL;
      SlViewer viewer;

      if (!sl_viewer_parse (sl_game_get_setup (game), viewer_id, &viewer, &error))
        {
          g_printerr ("squadlog replay: %s\n", error->message);
          return EXIT_FAILURE_;
        }
      node = sl_table_model_to_json (sl_table_model_get_for_game (game), viewer);
      sl_json_append (out, node, TRUE, 0);
      g_string_append_c (out, '\n');
      cli_write (out->str, out->len);
      return EXIT_OK;
    }

  if (json)
    {
      g_autoptr(JsonNode) node = sl_game_state_to_json (game);
      JsonObject *o = json_node_get_object (node);

      json_object_set_int_member (o, "entries", sl_game_get_position (game));
      json_object_set_member (o, "victory", game_victory_json (game));
      sl_json_append (out, node, TRUE, 0);
      g_string_append_c (out, '\n');
      cli_write (out->str, out->len);
      return EXIT_OK;
    }

  setup = sl_game_get_setup (game);
  state = sl_game_get_state (game);
  table = sl_table_model_get_for_game (game);
  g_string_append_printf (out, "%s — ", setup->name);
  if (state->over)
    g_string_append_printf (out, _("over after turn %d"), state->turn);
  else if (state->phase == SL_PHASE_ACTION)
    g_string_append_printf (out, _("turn %d, Action Phase, subphase %d, %s"), state->turn,
                            state->subphase, sl_step_label (state->step));
  else
    g_string_append_printf (out, _("turn %d, %s"), state->turn, sl_phase_label (state->phase));
  g_string_append_printf (out, _(" (%u journal entries)\n"), sl_game_get_position (game));

  if (state->n_order > 0)
    {
      g_string_append (out, _("Initiative order:"));
      for (int i = 0; i < state->n_order; i++)
        g_string_append_printf (out, "%s %s (%d)", i ? "," : "",
                                sl_setup_grouping_at (setup, state->order[i])->name,
                                state->initiative_net[state->order[i]]);
      g_string_append_c (out, '\n');
    }
  for (guint q = 0; q < setup->squads->len; q++)
    {
      const SlSquadSetup *sq = sl_setup_squad_at (setup, q);

      g_string_append_printf (out, "\n%s — %s, %s\n", sl_setup_side_at (setup, sq->side)->name,
                              sq->name, sl_game_get_rules (game)->quality[sq->quality].name);
      for (guint g = 0; g < sq->groupings->len; g++)
        {
          const SlGroupingSetup *gr = sl_setup_grouping_at (setup, g_array_index (sq->groupings, int, g));

          if (sq->groupings->len > 1)
            g_string_append_printf (out, " %s\n", gr->name);
          for (guint i = 0; i < gr->units->len; i++)
            print_unit_line (game, g_array_index (gr->units, int, i), out);
        }
    }
  if (state->markers->len > 0 || state->notes->len > 0)
    {
      g_string_append (out, _("\nOn the table:\n"));
      /* Piles by their labels only: which hides a unit is a secret. */
      for (guint side = 0; side < setup->sides->len; side++)
        {
          g_auto(GStrv) piles = sl_state_piles (setup, state, side);
          g_autofree char *list = g_strjoinv (_(", "), piles);

          if (piles[0] != NULL)
            /* "  piles of Commonwealth: Pile A, Pile B, Pile C" */
            g_string_append_printf (out, _("  piles of %s: %s\n"), sl_setup_side_at (setup, side)->name, list);
        }
      for (guint i = 0; i < state->markers->len; i++)
        {
          const SlMarker *m = &g_array_index (state->markers, SlMarker, i);
          int side = sl_table_model_marker_side (table, m);

          /* What the table sees (the table model's): a decoy only as a
           * pile, a secret (a mine written down) never by where it is. */
          if (sl_table_model_marker_shown (table, m, SL_VIEWER_TABLE))
            g_string_append_printf (out, "  %s\n", m->label);
          else if (m->kind != SL_MARKER_DECOY && side >= 0)
            g_string_append_printf (out, _("  %s, kept secret by %s\n"), m->label,
                                    sl_setup_side_at (setup, side)->name);
        }
      for (guint i = 0; i < state->notes->len; i++)
        {
          const SlNote *n = g_ptr_array_index (state->notes, i);
          g_autofree char *code = sl_note_seal_code (n->digest);

          /* "  note 3 of Commonwealth, sealed (seal 4055 cd57)" */
          if (state->note_status[i] == SL_NOTE_SEALED)
            g_string_append_printf (out, _("  note %d of %s, sealed (seal %s)\n"), n->id,
                                    sl_setup_side_at (setup, n->side)->name, code);
        }
    }
  print_victory (game, out);
  {
    g_autofree char *cited = sl_reference_cite (NULL, out->str);

    cli_write_text (cited, strlen (cited));
  }
  return EXIT_OK;
}

/* squadlog rules: the rules reference (issue 22) */

/* Columns a terminal gives @s: wide characters two, marks none. */
static guint
text_width (const char *s)
{
  guint width = 0;

  for (const char *p = s; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iszerowidth (c))
        continue;
      width += g_unichar_iswide (c) ? 2 : 1;
    }
  return width;
}

/* @text, its lines broken between words to @width columns, each line
 * after @indent. */
static void
append_wrapped (GString    *out,
                const char *text,
                guint       width,
                const char *indent)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint l = 0; lines[l] != NULL; l++)
    {
      g_auto(GStrv) words = g_strsplit (lines[l], " ", -1);
      guint column = 0;

      g_string_append (out, indent);
      for (guint w = 0; words[w] != NULL; w++)
        {
          guint n = text_width (words[w]);

          if (column > 0 && column + 1 + n > width)
            {
              g_string_append_c (out, '\n');
              g_string_append (out, indent);
              column = 0;
            }
          else if (column > 0)
            {
              g_string_append_c (out, ' ');
              column++;
            }
          g_string_append (out, words[w]);
          column += n;
        }
      g_string_append_c (out, '\n');
    }
}

static void
append_padded (GString    *out,
               const char *cell,
               guint       width)
{
  g_string_append (out, cell);
  for (guint w = text_width (cell); w < width; w++)
    g_string_append_c (out, ' ');
}

/* The columns of the terminal: $COLUMNS, the terminal's own, else 80. */
static guint
terminal_columns (void)
{
  const char *env = g_getenv ("COLUMNS");
  struct winsize size;

  if (env != NULL && atoi (env) >= 20)
    return atoi (env);
  if (isatty (STDOUT_FILENO) && ioctl (STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col >= 20)
    return size.ws_col;
  return 80;
}

/* @cell broken between words into lines of @width columns at most (a
 * longer word on a line of its own). */
static GPtrArray *
wrap_cell (const char *cell,
           guint       width)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) words = g_strsplit (cell, " ", -1);
  g_autoptr(GString) line = g_string_new (NULL);
  guint column = 0;

  for (guint w = 0; words[w] != NULL; w++)
    {
      guint n = text_width (words[w]);

      if (column > 0 && column + 1 + n > width)
        {
          g_ptr_array_add (lines, g_strdup (line->str));
          g_string_truncate (line, 0);
          column = 0;
        }
      if (column > 0)
        {
          g_string_append_c (line, ' ');
          column++;
        }
      g_string_append (line, words[w]);
      column += n;
    }
  g_ptr_array_add (lines, g_strdup (line->str));
  return lines;
}

static guint
longest_word (const char *cell)
{
  g_auto(GStrv) words = g_strsplit (cell, " ", -1);
  guint longest = 0;

  for (guint w = 0; words[w] != NULL; w++)
    longest = MAX (longest, text_width (words[w]));
  return longest;
}

static void
append_table_row (GString     *out,
                  char       **cells,
                  const guint *widths,
                  guint        n)
{
  g_autoptr(GPtrArray) wrapped = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  guint height = 1;

  for (guint c = 0; c < n; c++)
    {
      GPtrArray *lines = wrap_cell (cells[c], widths[c]);

      height = MAX (height, lines->len);
      g_ptr_array_add (wrapped, lines);
    }
  for (guint l = 0; l < height; l++)
    {
      g_autoptr(GString) line = g_string_new ("  ");

      for (guint c = 0; c < n; c++)
        {
          GPtrArray *lines = g_ptr_array_index (wrapped, c);

          append_padded (line, l < lines->len ? g_ptr_array_index (lines, l) : "", widths[c]);
          if (c + 1 < n)
            g_string_append (line, "  ");
        }
      /* No spaces at the end of a line. */
      while (line->len > 0 && line->str[line->len - 1] == ' ')
        g_string_truncate (line, line->len - 1);
      g_string_append_printf (out, "%s\n", line->str);
    }
}

/* A table as the terminal shows it: every column as wide as its widest
 * cell, two spaces apart, the heads underlined; when that is wider than
 * the terminal, the widest columns are narrowed and their cells wrapped. */
static void
append_table (GString                *out,
              const SlReferenceEntry *entry)
{
  guint n = g_strv_length (entry->columns);
  g_autofree guint *widths = g_new0 (guint, n);
  g_autofree guint *least = g_new0 (guint, n);
  guint room = terminal_columns () - 2 - 2 * (n - 1);
  guint total = 0;

  for (guint c = 0; c < n; c++)
    {
      widths[c] = text_width (entry->columns[c]);
      least[c] = longest_word (entry->columns[c]);
    }
  for (guint r = 0; r < entry->rows->len; r++)
    {
      char **row = g_ptr_array_index (entry->rows, r);

      for (guint c = 0; c < n; c++)
        {
          widths[c] = MAX (widths[c], text_width (row[c]));
          least[c] = MAX (least[c], MIN (longest_word (row[c]), 12));
        }
    }
  for (guint c = 0; c < n; c++)
    total += widths[c];
  while (total > room)
    {
      guint widest = 0;

      for (guint c = 1; c < n; c++)
        if (widths[c] > widths[widest])
          widest = c;
      if (widths[widest] <= least[widest] || widths[widest] <= 8)
        break;
      widths[widest]--;
      total--;
    }

  append_table_row (out, entry->columns, widths, n);
  g_string_append (out, "  ");
  for (guint c = 0; c < n; c++)
    {
      for (guint w = 0; w < widths[c]; w++)
        g_string_append (out, "─");
      if (c + 1 < n)
        g_string_append (out, "  ");
    }
  g_string_append_c (out, '\n');
  for (guint r = 0; r < entry->rows->len; r++)
    append_table_row (out, g_ptr_array_index (entry->rows, r), widths, n);
}

/* "P-34 · Throwing a hand grenade · Procedure · book §9.6" */
static char *
entry_heading (const SlReferenceEntry *entry)
{
  g_autofree char *section = sl_reference_entry_section_label (entry);

  if (section != NULL)
    /* Translators: an entry of the rules reference on one line: its id,
     * title, kind and book section ("book §9.6"). */
    return g_strdup_printf (_("%s · %s · %s · %s"), entry->id, entry->title,
                            sl_reference_kind_label (entry->kind), section);
  /* Translators: the same without a book section. */
  return g_strdup_printf (_("%s · %s · %s"), entry->id, entry->title, sl_reference_kind_label (entry->kind));
}

static void
append_entry_text (GString                *out,
                   SlReference            *reference,
                   const SlReferenceEntry *entry)
{
  g_autofree char *heading = entry_heading (entry);

  g_string_append_printf (out, "%s\n\n", heading);
  append_wrapped (out, entry->text, 78, "");
  if (entry->ruling != NULL)
    {
      g_string_append_printf (out, "\n%s\n", _("What Squad Log does:"));
      append_wrapped (out, entry->ruling, 76, "  ");
    }
  if (entry->option != NULL)
    {
      const SlReferenceEntry *option = sl_reference_lookup (reference, entry->option);
      g_autofree char *line =
        /* Translators: a ruling's rule option, by its id and its title. */
        g_strdup_printf (_("Changed by the rule option %s (%s)."), entry->option,
                         option != NULL ? option->title : entry->option);

      g_string_append_c (out, '\n');
      append_wrapped (out, line, 78, "");
    }
  if (entry->rows != NULL)
    {
      g_string_append_c (out, '\n');
      append_table (out, entry);
    }
  if (entry->related[0] != NULL)
    {
      g_string_append_printf (out, "\n%s\n", _("See also:"));
      for (guint i = 0; entry->related[i] != NULL; i++)
        {
          const SlReferenceEntry *related = sl_reference_lookup (reference, entry->related[i]);

          g_string_append (out, "  ");
          append_padded (out, related->id, 8);
          g_string_append_printf (out, " %s\n", related->title);
        }
    }
}

static JsonNode *
entry_json (const SlReferenceEntry *entry,
            gboolean                whole)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, entry->id);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, sl_reference_kind_name (entry->kind));
  json_builder_set_member_name (b, "title");
  json_builder_add_string_value (b, entry->title);
  json_builder_set_member_name (b, "section");
  json_builder_add_string_value (b, entry->section);
  if (whole)
    {
      json_builder_set_member_name (b, "text");
      json_builder_add_string_value (b, entry->text);
      if (entry->ruling != NULL)
        {
          json_builder_set_member_name (b, "ruling");
          json_builder_add_string_value (b, entry->ruling);
        }
      if (entry->option != NULL)
        {
          json_builder_set_member_name (b, "option");
          json_builder_add_string_value (b, entry->option);
        }
      if (entry->rows != NULL)
        {
          json_builder_set_member_name (b, "table");
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "columns");
          json_builder_begin_array (b);
          for (guint c = 0; entry->columns[c] != NULL; c++)
            json_builder_add_string_value (b, entry->columns[c]);
          json_builder_end_array (b);
          json_builder_set_member_name (b, "rows");
          json_builder_begin_array (b);
          for (guint r = 0; r < entry->rows->len; r++)
            {
              char **row = g_ptr_array_index (entry->rows, r);

              json_builder_begin_array (b);
              for (guint c = 0; row[c] != NULL; c++)
                json_builder_add_string_value (b, row[c]);
              json_builder_end_array (b);
            }
          json_builder_end_array (b);
          json_builder_end_object (b);
        }
      json_builder_set_member_name (b, "related");
      json_builder_begin_array (b);
      for (guint i = 0; entry->related[i] != NULL; i++)
        json_builder_add_string_value (b, entry->related[i]);
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
write_json (JsonNode *node)
{
  g_autoptr(GString) out = g_string_new (NULL);

  sl_json_append (out, node, TRUE, 0);
  g_string_append_c (out, '\n');
  cli_write (out->str, out->len);
}

/* A list of entries, one a line, or as JSON. */
static void
write_entries (GPtrArray *entries,
               gboolean   json)
{
  if (json)
    {
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_ARRAY);
      JsonArray *array = json_array_new ();

      for (guint i = 0; i < entries->len; i++)
        json_array_add_element (array, entry_json (g_ptr_array_index (entries, i), FALSE));
      json_node_take_array (node, array);
      write_json (node);
    }
  else
    {
      g_autoptr(GString) out = g_string_new (NULL);
      guint width = 0;

      /* The ids in a column as wide as the longest ("rateOfFireWindow"). */
      for (guint i = 0; i < entries->len; i++)
        width = MAX (width, text_width (((SlReferenceEntry *) g_ptr_array_index (entries, i))->id));
      for (guint i = 0; i < entries->len; i++)
        {
          const SlReferenceEntry *entry = g_ptr_array_index (entries, i);
          g_autofree char *section = sl_reference_entry_section_label (entry);

          append_padded (out, entry->id, width + 2);
          if (section != NULL)
            g_string_append_printf (out, "%s (%s)\n", entry->title, section);
          else
            g_string_append_printf (out, "%s\n", entry->title);
        }
      cli_write_text (out->str, out->len);
    }
}

static int
cmd_rules (int    argc,
           char **argv)
{
  g_autofree char *kind_name = NULL;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { "kind", 0, 0, G_OPTION_ARG_STRING, &kind_name,
      N_("With list: only the entries of this kind (table, procedure, example, ruling or option)"), N_("KIND") },
    { NULL }
  };
  SlReference *reference;
  const char * const *problems;
  const char *what;
  int kind = -1;

  if (!parse_options ("rules", _("show ID | search WORDS… | list — the rules reference"),
                      _("Every rule the app cites, explained for players, with the book's section:\n"
                        "  show ID         one entry: a table (T-23), a procedure (P-34), a worked\n"
                        "                  example (E-16), a ruling (A-92) or a rule option\n"
                        "                  (rateOfFireWindow)\n"
                        "  search WORDS…   the entries holding every word, in any case, with or\n"
                        "                  without accents\n"
                        "  list            every entry, or those of one --kind\n"
                        "Exit status 1 for an unknown id, or a search that finds nothing."),
                      entries, &argc, &argv))
    return EXIT_FAILURE_;
  what = argc > 2 ? argv[2] : "";
  if (kind_name != NULL)
    {
      kind = sl_reference_kind_from_name (kind_name);
      if (kind < 0 || !g_str_equal (what, "list"))
        {
          g_printerr (_("squadlog rules: --kind goes with list, and is table, procedure, example, ruling or option, not “%s”.\n"),
                      kind_name);
          return EXIT_FAILURE_;
        }
    }
  if (!((g_str_equal (what, "show") && argc == 4) || (g_str_equal (what, "search") && argc >= 4) ||
        (g_str_equal (what, "list") && argc == 3)))
    {
      g_printerr (_("squadlog rules: give show ID, search WORDS… or list (see “squadlog rules --help”).\n"));
      return EXIT_FAILURE_;
    }

  reference = sl_reference_get_default ();
  problems = sl_reference_get_problems (reference);
  if (problems[0] != NULL)
    {
      guint n = g_strv_length ((char **) problems);

      g_printerr (g_dngettext (GETTEXT_PACKAGE,
                               "squadlog rules: the rules reference has %u problem: %s\n",
                               "squadlog rules: the rules reference has %u problems; the first: %s\n", n),
                  n, problems[0]);
    }

  if (g_str_equal (what, "show"))
    {
      const SlReferenceEntry *entry = sl_reference_lookup (reference, argv[3]);

      if (entry == NULL)
        {
          g_printerr (_("squadlog rules: there is no entry “%s” in the rules reference; "
                        "“squadlog rules search WORDS” finds one by its words.\n"), argv[3]);
          return EXIT_FAILURE_;
        }
      if (json)
        {
          g_autoptr(JsonNode) node = entry_json (entry, TRUE);

          write_json (node);
        }
      else
        {
          g_autoptr(GString) out = g_string_new (NULL);

          append_entry_text (out, reference, entry);
          cli_write_text (out->str, out->len);
        }
      return EXIT_OK;
    }
  if (g_str_equal (what, "search"))
    {
      g_autofree char *words = g_strjoinv (" ", argv + 3);
      g_autoptr(GPtrArray) found = sl_reference_search (reference, words);

      if (found->len == 0 && !json)
        {
          g_printerr (_("squadlog rules: nothing in the rules reference matches “%s”.\n"), words);
          return EXIT_FAILURE_;
        }
      write_entries (found, json);
      return found->len > 0 ? EXIT_OK : EXIT_FAILURE_;
    }
  {
    g_autoptr(GPtrArray) all = sl_reference_list (reference, kind);

    write_entries (all, json);
  }
  return EXIT_OK;
}

/* squadlog serve: the phones' server without the window (docs/phones.md). */
typedef struct
{
  SlServer   *server;
  GMainLoop  *loop;
  const char *path;
  const char *host;
  gboolean    json;
  GHashTable *told;      /* viewer → the invitation's secret last printed */
  int         status;
} Serve;

/* Every viewer's invitation, printed when it is new: one line each. */
static void
serve_tell (Serve *s)
{
  GArray *viewers = sl_server_get_viewers (s->server);
  const SlSetup *setup = sl_game_get_setup (sl_server_get_game (s->server));
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < viewers->len; i++)
    {
      SlViewer viewer = g_array_index (viewers, SlViewer, i);
      g_autofree char *code = NULL;
      g_autofree char *url = sl_server_pairing_link (s->server, viewer, s->host, &code);
      const char *told = g_hash_table_lookup (s->told, GINT_TO_POINTER (viewer));

      if (g_strcmp0 (told, url) == 0)
        continue;
      if (s->json)
        {
          g_autoptr(JsonBuilder) b = json_builder_new ();
          g_autoptr(JsonNode) node = NULL;

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "side");
          json_builder_add_string_value (b, sl_viewer_id (setup, viewer));
          json_builder_set_member_name (b, "url");
          json_builder_add_string_value (b, url);
          json_builder_set_member_name (b, "code");
          json_builder_add_string_value (b, code);
          json_builder_set_member_name (b, "fingerprint");
          json_builder_add_string_value (b, sl_server_get_fingerprint (s->server));
          json_builder_end_object (b);
          node = json_builder_get_root (b);
          sl_json_append (out, node, FALSE, 0);
          g_string_append_c (out, '\n');
        }
      else
        g_string_append_printf (out, _("%s: %s — code %s\n"), sl_server_viewer_name (s->server, viewer), url, code);
      g_hash_table_insert (s->told, GINT_TO_POINTER (viewer), g_strdup (url));
    }
  if (out->len > 0)
    {
      cli_write (out->str, out->len);
      cli_flush ();
    }
}

/* An invitation lasts five minutes: each renewed is printed again. */
static gboolean
serve_tick_cb (gpointer data)
{
  serve_tell (data);
  return G_SOURCE_CONTINUE;
}

/* Every command a phone sends is saved before the next is taken. */
static void
serve_game_changed_cb (SlGame *game,
                       Serve  *s)
{
  g_autoptr(GError) error = NULL;

  if (!sl_game_save (game, s->path, &error))
    {
      g_printerr ("squadlog serve: %s\n", error->message);
      s->status = EXIT_FAILURE_;
      g_main_loop_quit (s->loop);
    }
}

static gboolean
serve_quit_cb (gpointer data)
{
  g_main_loop_quit (((Serve *) data)->loop);
  return G_SOURCE_CONTINUE;
}

static int
cmd_serve (int    argc,
           char **argv)
{
  g_autofree char *rules_path = NULL;
  g_autofree char *bind = NULL;
  g_autofree char *certificate = NULL;
  g_autoptr(SlGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) addresses = NULL;
  gint64 port = SL_SERVER_DEFAULT_PORT;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "bind", 0, 0, G_OPTION_ARG_STRING, &bind, N_("Listen on this address only (default: every address)"), N_("ADDR") },
    { "port", 0, 0, G_OPTION_ARG_INT64, &port, N_("Listen on this port (default: 9743; 0: any free one)"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print each viewer's pairing link as a line of JSON"), NULL },
    { "certificate", 0, 0, G_OPTION_ARG_FILENAME, &certificate,
      N_("Keep the server's certificate in this file (default: in the user's data folder)"), N_("FILE") },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path, N_("Use this rules file"), N_("FILE") },
    { NULL }
  };
  Serve s = { .json = FALSE };
  guint tick, term, intr;

  if (!parse_options ("serve", _("GAME — serve the private views to phones"),
                      _("Serves each side's private view, and the referee's, over HTTPS on the\n"
                        "local network, until interrupted; prints each viewer's pairing link and\n"
                        "code, and saves every command a phone sends (docs/phones.md)."),
                      entries, &argc, &argv))
    return EXIT_FAILURE_;
  if (argc != 3)
    {
      g_printerr (_("squadlog serve: give one game file (see “squadlog serve --help”).\n"));
      return EXIT_FAILURE_;
    }
  if (port < 0 || port > 65535)
    {
      g_printerr (_("squadlog serve: --port takes a port from 0 to 65535.\n"));
      return EXIT_FAILURE_;
    }
  game = load_game ("serve", rules_path, argv[2]);
  if (game == NULL)
    return EXIT_FAILURE_;
  if (!sl_game_take_file (game, &error))
    {
      g_printerr ("squadlog serve: %s\n", error->message);
      return EXIT_FAILURE_;
    }
  s.server = sl_server_new (game);
  if (!sl_server_start (s.server, bind, (guint) port, certificate, &error))
    {
      g_printerr ("squadlog serve: %s\n", error->message);
      g_object_unref (s.server);
      return EXIT_FAILURE_;
    }
  addresses = sl_server_local_addresses ();
  s.host = bind != NULL ? bind : addresses[0] != NULL ? addresses[0] : "127.0.0.1";
  s.path = argv[2];
  s.json = json;
  s.loop = g_main_loop_new (NULL, FALSE);
  s.told = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  g_signal_connect (game, "changed", G_CALLBACK (serve_game_changed_cb), &s);
  g_signal_connect_swapped (s.server, "changed", G_CALLBACK (serve_tell), &s);
  serve_tell (&s);
  tick = g_timeout_add_seconds (1, serve_tick_cb, &s);
  term = g_unix_signal_add (SIGTERM, serve_quit_cb, &s);
  intr = g_unix_signal_add (SIGINT, serve_quit_cb, &s);
  g_main_loop_run (s.loop);
  g_source_remove (tick);
  g_source_remove (term);
  g_source_remove (intr);
  g_signal_handlers_disconnect_by_data (game, &s);
  g_signal_handlers_disconnect_by_data (s.server, &s);
  sl_server_stop (s.server);
  g_object_unref (s.server);
  g_hash_table_unref (s.told);
  g_main_loop_unref (s.loop);
  if (!sl_game_flush (game, &error) && s.status == 0)
    {
      g_printerr ("squadlog serve: %s\n", error->message);
      return EXIT_FAILURE_;
    }
  return s.status;
}

int
sl_cli_main (int    argc,
             char **argv)
{
  const char *command = argc > 1 ? argv[1] : "--help";

  g_set_print_handler (cli_print_cb);
  g_set_printerr_handler (cli_printerr_cb);
  cli_command = command[0] != '-' && sl_cli_handles (command) && !g_str_equal (command, "help")
                ? g_strdup_printf ("squadlog %s", command) : g_strdup ("squadlog");
  atexit (close_stdout);

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
  if (g_str_equal (command, "new"))
    return cmd_new (argc, argv);
  if (g_str_equal (command, "play"))
    return cmd_play (argc, argv);
  if (g_str_equal (command, "replay"))
    return cmd_replay (argc, argv);
  if (g_str_equal (command, "print"))
    return cmd_print (argc, argv);
  if (g_str_equal (command, "report"))
    return cmd_report (argc, argv);
  if (g_str_equal (command, "rules"))
    return cmd_rules (argc, argv);
  if (g_str_equal (command, "serve"))
    return cmd_serve (argc, argv);

  if (command[0] == '-')
    g_printerr (_("squadlog: unknown option “%s”. Try “squadlog --help”.\n"), command);
  else
    g_printerr (_("squadlog: unknown command “%s”. Try “squadlog --help”.\n"), command);
  return EXIT_FAILURE_;
}
