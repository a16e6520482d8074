/* test-game-environment.c: automatic fire and the environment in whole
 * games through the command API (digest P-30, T-36; A-118)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-json.h"
#include "sl-test-game.h"

/* Two sides of marines; a-1 holds a spike rifle (bursts), the b side
 * stands in its wedge. @extra goes in the scenario (environment, options). */
static SlGame *
burst_game (const char *extra)
{
  g_autofree char *setup = g_strdup_printf (
    "{'id': 'env', 'name': 'Environment', 'length_turns': 3,"
    " 'modules': ['ammunition', 'automatic-fire', 'environment'], %s"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': [{'id': 'a-1', 'counter': 1,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['SR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'b-1', 'counter': 2, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'b-2', 'counter': 3, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'b-3', 'counter': 4, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}",
    extra);

  return sl_test_game_new_setup (setup);
}

/* a-1 declares an area burst in subphase 1; the clock goes to its
 * ranged-fire step. */
static void
ready_area_burst (SlGame *game)
{
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'fire', 'burst': 'area'}");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_RANGED_FIRE);
}

/* T-36, A-118: in rain or snow an area burst counts each target's own
 * range: rain +1 only beyond 10 m; snow +1 beyond 5 m, +2 beyond 15 m. */
static void
test_area_burst_weather_per_target (void)
{
  struct { const char *weather; double near, mid, far; int near_mod, mid_mod, far_mod; const char *source; } cases[] = {
    { "rain", 4, 10, 12, 0, 0, 1, "rain" },
    { "snow", 5, 6, 16, 0, 1, 2, "snow" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *env = g_strdup_printf ("'environment': {'%s': true},", cases[i].weather);
      g_autoptr(SlGame) game = burst_game (env);
      g_autofree char *burst = NULL;
      const SlJournalEntry *e;

      ready_area_burst (game);
      /* Without each target's distance there is no range band to read. */
      sl_test_refuse (game, "{'type': 'area-burst', 'unit': 'a-1', 'targets': [{'unit': 'b-1', 'roll': 9},"
                            " {'unit': 'b-2', 'roll': 9}]}", "targets", "distance_m");
      /* Listed far to near: engaged and read near to far. */
      burst = g_strdup_printf ("{'type': 'area-burst', 'unit': 'a-1', 'targets': ["
                               " {'unit': 'b-3', 'distance_m': %g, 'roll': 9},"
                               " {'unit': 'b-2', 'distance_m': %g, 'roll': 9},"
                               " {'unit': 'b-1', 'distance_m': %g, 'roll': 9}]}",
                               cases[i].far, cases[i].mid, cases[i].near);
      e = sl_test_play (game, burst);
      g_assert_cmpstr (sl_test_string (e->result, "targets[0].unit"), ==, "b-1");
      g_assert_cmpint (sl_test_breakdown (e->result, "targets[0].breakdown", cases[i].source), ==, cases[i].near_mod);
      g_assert_cmpstr (sl_test_string (e->result, "targets[1].unit"), ==, "b-2");
      g_assert_cmpint (sl_test_breakdown (e->result, "targets[1].breakdown", cases[i].source), ==, cases[i].mid_mod);
      g_assert_cmpstr (sl_test_string (e->result, "targets[2].unit"), ==, "b-3");
      g_assert_cmpint (sl_test_breakdown (e->result, "targets[2].breakdown", cases[i].source), ==, cases[i].far_mod);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/environment/area-burst-weather-per-target-A-118", test_area_burst_weather_per_target);
  return g_test_run ();
}
