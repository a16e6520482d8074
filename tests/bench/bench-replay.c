/* bench-replay.c: how long saving, and loading and replaying, a game takes
 *
 *   bench-replay save GAME SAVED [RUNS]
 *     Loads GAME, saves it as the app does (every summary written, durable)
 *     RUNS times into SAVED, and prints the median time.
 *   bench-replay load SAVED [RUNS]
 *     Loads SAVED RUNS times and prints the median time and the peak
 *     resident memory of the process.
 *   bench-replay cached SAVED CACHE_DIR [RUNS]
 *     The same, opening SAVED as the app does, with the opening cache in
 *     CACHE_DIR (sl_game_load_cached): the first opening replays and
 *     writes the cache, the RUNS after it read it.
 *   bench-replay append GAME SAVED [COMMANDS]
 *     Loads GAME, saves it into SAVED, then plays COMMANDS commands (a
 *     correction each), saving after each as the app does: the median and
 *     the 90th percentile of what one save costs.
 *   bench-replay table GAME [COMMANDS]
 *     Loads GAME, then plays COMMANDS commands (a correction each) three
 *     times over, timing after each: (1) the table model (src/core/table)
 *     worked out again, what the window reads on every change (the units,
 *     squads, what is due, the prompt, Next, Pass, Ambush and Detect); (2)
 *     that and one unit's actions, what a unit picked asks; (3) the JSON
 *     for one side, every unit's actions with it, what a remote view
 *     asks: the median and the 90th percentile, in processor time (the
 *     machine's other work left out) and on the clock.
 *
 * A measurement, not a test: tests/bench/bench-replay.sh runs them.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "sl-game.h"
#include "sl-table-model.h"

static int
compare (const void *a,
         const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
report (const char *what,
        double     *times,
        int         runs)
{
  qsort (times, runs, sizeof (double), compare);
  g_print ("%s: median %.1f ms (best %.1f, worst %.1f) of %d runs\n", what, times[runs / 2],
           times[0], times[runs - 1], runs);
}

/* Processor time of this thread, in milliseconds. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
fail (GError *error)
{
  g_printerr ("%s\n", error->message);
  return 1;
}

/* A correction of a-1's keys, one value then the other. */
static gboolean
correct (SlGame  *game,
         int      i,
         GError **error)
{
  g_autofree char *text = g_strdup_printf ("{\"type\": \"correct\", \"unit\": \"a-1\", \"field\": \"keys\","
                                           " \"value\": %d}", (i + 1) % 2);

  return sl_game_apply_text (game, text, error) != NULL;
}

typedef enum { ASK_TABLE, ASK_UNIT, ASK_JSON, N_ASKS } Ask;

/* What the table model costs after a change: @ask of it, @commands times. */
static int
table_bench (const char *game_path,
             int         commands)
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
  SlTableModel *table;

  commands = MAX (commands, 1);
  rules = sl_rules_load_default (&error);
  if (rules == NULL || (game = sl_game_load (rules, game_path, &error)) == NULL)
    return fail (error);
  table = sl_table_model_get_for_game (game);
  cpu = g_new (double, commands);
  wall = g_new (double, commands);
  g_print ("%u entries, %u units\n", sl_game_get_position (game), sl_table_model_get_n_units (table));
  for (Ask ask = ASK_TABLE; ask < N_ASKS; ask++)
    {
      for (int i = 0; i < commands; i++)
        {
          g_autoptr(JsonNode) node = NULL;
          gint64 start;
          double start_cpu;

          if (!correct (game, i, &error))
            return fail (error);
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
      qsort (cpu, commands, sizeof (double), compare);
      qsort (wall, commands, sizeof (double), compare);
      g_print ("%s: median %.2f ms, 90th percentile %.2f ms of processor time; on the clock %.2f, %.2f ms"
               " (%d runs)\n", what[ask], cpu[commands / 2], cpu[commands * 9 / 10], wall[commands / 2],
               wall[commands * 9 / 10], commands);
    }
  return 0;
}

/* Each command saved as the app saves it: what one save costs. */
static int
append_bench (const char *game_path,
              const char *saved,
              int         commands)
{
  g_autoptr(SlRules) rules = NULL;
  g_autoptr(SlGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree double *times = NULL;

  if (commands < 1)
    commands = 1;
  rules = sl_rules_load_default (&error);
  if (rules == NULL)
    return fail (error);
  game = sl_game_load (rules, game_path, &error);
  if (game == NULL || !sl_game_save (game, saved, &error))
    return fail (error);
  times = g_new (double, commands);
  for (int i = 0; i < commands; i++)
    {
      gint64 start;

      if (!correct (game, i, &error))
        return fail (error);
      start = g_get_monotonic_time ();
      if (!sl_game_save (game, saved, &error))
        return fail (error);
      times[i] = (g_get_monotonic_time () - start) / 1000.0;
    }
  qsort (times, commands, sizeof (double), compare);
  g_print ("%u entries: save per command median %.3f ms, 90th percentile %.3f ms (%d commands)\n",
           sl_game_get_position (game), times[commands / 2], times[commands * 9 / 10], commands);
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(SlRules) rules = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree double *times = NULL;
  const char *cache_dir = NULL;
  gboolean save, cached;
  int runs;

  if (argc >= 4 && g_str_equal (argv[1], "append"))
    return append_bench (argv[2], argv[3], argc > 4 ? atoi (argv[4]) : 200);
  if (argc >= 3 && g_str_equal (argv[1], "table"))
    return table_bench (argv[2], argc > 3 ? atoi (argv[3]) : 200);
  if (argc < 3 || (g_strcmp0 (argv[1], "save") != 0 && g_strcmp0 (argv[1], "load") != 0 &&
                   g_strcmp0 (argv[1], "cached") != 0) ||
      (!g_str_equal (argv[1], "load") && argc < 4))
    {
      g_printerr ("usage: bench-replay save GAME SAVED [RUNS]\n"
                  "       bench-replay load SAVED [RUNS]\n"
                  "       bench-replay cached SAVED CACHE_DIR [RUNS]\n"
                  "       bench-replay append GAME SAVED [COMMANDS]\n"
                  "       bench-replay table GAME [COMMANDS]\n");
      return 2;
    }
  save = g_str_equal (argv[1], "save");
  cached = g_str_equal (argv[1], "cached");
  if (cached)
    cache_dir = argv[3];
  runs = argc > (save || cached ? 4 : 3) ? atoi (argv[save || cached ? 4 : 3]) : 7;
  if (runs < 1)
    runs = 1;
  rules = sl_rules_load_default (&error);
  if (rules == NULL)
    return fail (error);
  times = g_new (double, runs);

  if (save)
    {
      g_autoptr(SlGame) game = sl_game_load (rules, argv[2], &error);

      if (game == NULL)
        return fail (error);
      for (int i = 0; i < runs; i++)
        {
          gint64 start = g_get_monotonic_time ();

          if (!sl_game_save (game, argv[3], &error))
            return fail (error);
          times[i] = (g_get_monotonic_time () - start) / 1000.0;
        }
      g_print ("game: %u journal entries\n", sl_game_get_position (game));
      report ("save (durable)", times, runs);
    }
  else
    {
      struct rusage usage;
      g_autofree double *told = g_new (double, runs);

      if (cached)
        {
          gint64 start = g_get_monotonic_time ();
          g_autoptr(SlGame) game = sl_game_load_cached (rules, argv[2], cache_dir, NULL, &error);

          if (game == NULL)
            return fail (error);
          g_print ("first opening (replayed, cache written): %.1f ms\n",
                   (g_get_monotonic_time () - start) / 1000.0);
        }
      for (int i = 0; i < runs; i++)
        {
          gint64 start = g_get_monotonic_time ();
          gboolean from_cache = FALSE;
          g_autoptr(SlGame) game = cached ? sl_game_load_cached (rules, argv[2], cache_dir, &from_cache, &error)
                                          : sl_game_load (rules, argv[2], &error);
          guint n;

          if (game == NULL)
            return fail (error);
          if (cached && !from_cache)
            {
              g_printerr ("the cache in %s was not used\n", cache_dir);
              return 1;
            }
          times[i] = (g_get_monotonic_time () - start) / 1000.0;
          /* What the history asks for as the game opens: its newest
           * entries, told (results and summaries worked out). */
          start = g_get_monotonic_time ();
          n = sl_game_get_n_entries (game);
          for (guint k = 0; k < 12 && k < n; k++)
            sl_game_get_entry (game, n - 1 - k);
          told[i] = (g_get_monotonic_time () - start) / 1000.0;
        }
      report (cached ? "load from the cache" : "load + replay", times, runs);
      report ("telling the newest 12 entries", told, runs);
      getrusage (RUSAGE_SELF, &usage);
      g_print ("peak memory: %.1f MB\n", usage.ru_maxrss / 1024.0);
    }
  return 0;
}
