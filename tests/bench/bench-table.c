/* bench-table.c: how long the table model takes to work out again after a
 * change of a long game, and what asking it for more costs
 *
 *   bench-table GAME [COMMANDS]
 *     Loads GAME, then plays COMMANDS commands (a correction each, as
 *     bench-replay does) three times over, timing after each: (1) the
 *     table worked out again, what the window reads on every change (the
 *     units, squads, what is due, the prompt, Next, Pass, Ambush and
 *     Detect); (2) that and one unit's actions, what a unit picked asks;
 *     (3) the JSON for one side, every unit's actions with it, what a
 *     remote view asks. Prints the median and the 90th percentile of each,
 *     in processor time (the machine's other work left out) and on the
 *     clock.
 *
 * A measurement, not a test: tests/bench/bench-table.sh runs it on the
 * 30-turn game of gen-game.py.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <time.h>

#include "sl-table-model.h"

/* Processor time of this thread, in milliseconds. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
compare (const void *a,
         const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
report (const char *what,
        double     *cpu,
        double     *wall,
        int         runs)
{
  qsort (cpu, runs, sizeof (double), compare);
  qsort (wall, runs, sizeof (double), compare);
  g_print ("%s: median %.2f ms, 90th percentile %.2f ms of processor time; on the clock %.2f, %.2f ms (%d runs)\n",
           what, cpu[runs / 2], cpu[runs * 9 / 10], wall[runs / 2], wall[runs * 9 / 10], runs);
}

typedef enum { ASK_TABLE, ASK_UNIT, ASK_JSON } Ask;

static gboolean
run (SlGame  *game,
     Ask      ask,
     int      commands,
     double  *cpu,
     double  *wall)
{
  SlTableModel *table = sl_table_model_get_for_game (game);

  for (int i = 0; i < commands; i++)
    {
      g_autofree char *text = g_strdup_printf ("{\"type\": \"correct\", \"unit\": \"a-1\", \"field\": \"keys\","
                                               " \"value\": %d}", (i + 1) % 2);
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) node = NULL;
      gint64 start;
      double start_cpu;

      if (sl_game_apply_text (game, text, &error) == NULL)
        {
          g_printerr ("%s\n", error->message);
          return FALSE;
        }
      start = g_get_monotonic_time ();
      start_cpu = cpu_ms ();
      if (ask == ASK_JSON)
        node = sl_table_model_to_json (table, 0);
      else
        sl_table_model_get_prompt (table, NULL);
      if (ask == ASK_UNIT)
        sl_table_model_get_actions (table, i % sl_table_model_get_n_units (table), NULL);
      cpu[i] = cpu_ms () - start_cpu;
      wall[i] = (g_get_monotonic_time () - start) / 1000.0;
    }
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  static const char * const what[] = {
    "the table worked out after a change",
    "that and one unit's actions",
    "the JSON for one side, every unit's actions",
  };
  g_autoptr(SlRules) rules = NULL;
  g_autoptr(SlGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree double *cpu = NULL;
  g_autofree double *wall = NULL;
  int commands;

  if (argc < 2)
    {
      g_printerr ("usage: bench-table GAME [COMMANDS]\n");
      return 2;
    }
  commands = argc > 2 ? MAX (1, atoi (argv[2])) : 100;
  rules = sl_rules_load_default (&error);
  if (rules != NULL)
    game = sl_game_load (rules, argv[1], &error);
  if (game == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  cpu = g_new (double, commands);
  wall = g_new (double, commands);
  g_print ("%u entries, %u units\n", sl_game_get_position (game),
           sl_table_model_get_n_units (sl_table_model_get_for_game (game)));
  for (Ask ask = ASK_TABLE; ask <= ASK_JSON; ask++)
    {
      if (!run (game, ask, commands, cpu, wall))
        return 1;
      report (what[ask], cpu, wall, commands);
    }
  return 0;
}
