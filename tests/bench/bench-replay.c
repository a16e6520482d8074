/* bench-replay.c: how long loading and replaying a saved game takes
 *
 *   bench-replay GAME [RUNS]
 *
 * Loads GAME RUNS times (default 7) and prints the median time, the
 * entries, and the peak resident memory of the process.
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

int
main (int   argc,
      char *argv[])
{
  g_autoptr(SlRules) rules = NULL;
  g_autoptr(GError) error = NULL;
  int runs = argc > 2 ? atoi (argv[2]) : 7;
  double *times;
  guint entries = 0;
  struct rusage usage;

  if (argc < 2 || runs < 1)
    {
      g_printerr ("usage: bench-replay GAME [RUNS]\n");
      return 2;
    }
  rules = sl_rules_load_default (&error);
  if (rules == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  times = g_new (double, runs);
  for (int i = 0; i < runs; i++)
    {
      gint64 start = g_get_monotonic_time ();
      g_autoptr(SlGame) game = sl_game_load (rules, argv[1], &error);

      if (game == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      times[i] = (g_get_monotonic_time () - start) / 1000.0;
      entries = sl_game_get_position (game);
    }
  qsort (times, runs, sizeof (double), compare);
  getrusage (RUSAGE_SELF, &usage);
  g_print ("load + replay: %u journal entries, median %.1f ms (best %.1f, worst %.1f) of %d runs; "
           "peak memory %.1f MB\n", entries, times[runs / 2], times[0], times[runs - 1], runs,
           usage.ru_maxrss / 1024.0);
  g_free (times);
  return 0;
}
