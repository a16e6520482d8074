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
 *
 * A measurement, not a test: tests/bench/bench-replay.sh runs both.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <sys/resource.h>

#include "sl-game.h"

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

static int
fail (GError *error)
{
  g_printerr ("%s\n", error->message);
  return 1;
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
      g_autofree char *text = g_strdup_printf ("{\"type\": \"correct\", \"unit\": \"a-1\", \"field\": \"keys\","
                                               " \"value\": %d}", (i + 1) % 2);
      gint64 start;

      if (sl_game_apply_text (game, text, &error) == NULL)
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
  if (argc < 3 || (g_strcmp0 (argv[1], "save") != 0 && g_strcmp0 (argv[1], "load") != 0 &&
                   g_strcmp0 (argv[1], "cached") != 0) ||
      (!g_str_equal (argv[1], "load") && argc < 4))
    {
      g_printerr ("usage: bench-replay save GAME SAVED [RUNS]\n"
                  "       bench-replay load SAVED [RUNS]\n"
                  "       bench-replay cached SAVED CACHE_DIR [RUNS]\n"
                  "       bench-replay append GAME SAVED [COMMANDS]\n");
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
