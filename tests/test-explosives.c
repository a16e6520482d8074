/* test-explosives.c: grenades, the launcher, blasts, charges, mines and
 * fire missions (digest P-34 … P-38; T-27 … T-35; worked examples E-33,
 * E-34)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-explosives.h"
#include "sl-test.h"

/* Asserts that @request resolves with the string @expected at @path. */
static void
assert_resolved_string (const char *request,
                        const char *path,
                        const char *expected)
{
  g_autofree char *value = sl_test_resolve_string (request, path);

  g_assert_cmpstr (value, ==, expected);
}

/* E-33: Joe Bloe throws a frag grenade at a target 12 m away (medium, +1);
 * 5 + 1 = 6 > 5 misses; direction 7 → right; medium range → 2 m. */
static void
test_e33_grenade_throw (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'grenade', 'weapon': 'hand', 'range_m': 12,"
                                           " 'roll': 5, 'scatter_rolls': [7]}");

  g_assert_cmpstr (sl_test_string (r, "band"), ==, "medium");
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "range"), ==, 1);
  g_assert_cmpint (sl_test_int (r, "modifier"), ==, 1);
  g_assert_cmpint (sl_test_int (r, "net"), ==, 6);
  g_assert_cmpint (sl_test_int (r, "target"), ==, 5);
  g_assert_false (sl_test_bool (r, "on_target"));
  g_assert_cmpstr (sl_test_string (r, "scatter.direction"), ==, "right");
  g_assert_cmpfloat (sl_test_double (r, "scatter.distance_m"), ==, 2);
  g_assert_cmpint (sl_test_int (r, "scatter.multiplier"), ==, 1);
  g_assert_cmpint (sl_test_int (r, "scatter.rolls_used[0]"), ==, 7);
  /* right is across the thrower → aim line, seen from the thrower. */
  g_assert_cmpfloat (sl_test_double (r, "landing.along_m"), ==, 12);
  g_assert_cmpfloat (sl_test_double (r, "landing.across_m"), ==, 2);
  g_assert_cmpfloat (sl_test_double (r, "landing.from_thrower_m"), ==, 12.17);
  g_assert_false (sl_test_bool (r, "landing.moved"));
  /* Hand grenades never jam. */
  g_assert_false (sl_test_has (r, "jammed"));
}

/* E-34: the ×2 or ×3 counts once; later 9s and 10s are rerolled until 1–8. */
static void
test_e34_repeated_multiplier (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'grenade', 'range_m': 12, 'roll': 9,"
                                           " 'scatter_rolls': [9, 10, 9, 4]}");
  g_autoptr(JsonNode) t = sl_test_resolve ("{'kind': 'grenade', 'range_m': 20, 'roll': 9,"
                                           " 'scatter_rolls': [10, 9, 1]}");

  g_assert_cmpint (sl_test_int (r, "scatter.multiplier"), ==, 2);
  g_assert_cmpstr (sl_test_string (r, "scatter.direction"), ==, "short");
  g_assert_cmpfloat (sl_test_double (r, "scatter.distance_m"), ==, 4);
  g_assert_cmpint (json_array_get_length (json_node_get_array (sl_test_member (r, "scatter.rolls_used"))),
                   ==, 4);
  g_assert_cmpfloat (sl_test_double (r, "landing.along_m"), ==, 8);

  /* Triple first: 3 m (long range) × 3 = 9 m long. */
  g_assert_cmpint (sl_test_int (t, "scatter.multiplier"), ==, 3);
  g_assert_cmpstr (sl_test_string (t, "scatter.direction"), ==, "long");
  g_assert_cmpfloat (sl_test_double (t, "scatter.distance_m"), ==, 9);
  g_assert_cmpfloat (sl_test_double (t, "landing.along_m"), ==, 29);
}

/* T-27 every row, with the band edges of A-106, and the miscellaneous
 * modifiers. */
static void
test_t27_rows (void)
{
  struct { double range; const char *band; int modifier; } rows[] = {
    { 2, "short", 0 }, { 8, "short", 0 }, { 8.5, "medium", 1 }, { 16, "medium", 1 },
    { 16.1, "long", 3 }, { 24, "long", 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'grenade', 'range_m': %g, 'roll': 1}",
                                                  rows[i].range);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_test_message ("%s", request);
      g_assert_cmpstr (sl_test_string (r, "band"), ==, rows[i].band);
      g_assert_cmpint (sl_test_breakdown (r, "breakdown", "range"), ==, rows[i].modifier);
      g_assert_true (sl_test_bool (r, "on_target"));
    }

  g_assert_cmpint (sl_test_resolve_breakdown ("{'kind': 'grenade', 'range_m': 5, 'roll': 3,"
                                              " 'spotted_only': true}", "not-seen"), ==, 1);
  g_assert_cmpint (sl_test_resolve_breakdown ("{'kind': 'grenade', 'range_m': 5, 'roll': 3,"
                                              " 'through_window': true}", "window"), ==, 1);
  /* All together at long range: +3 +1 +1 = 5. */
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'grenade', 'range_m': 20, 'roll': 3,"
                                        " 'spotted_only': true, 'through_window': true,"
                                        " 'scatter_rolls': [1]}", "modifier"), ==, 5);
}

/* P-34 step 4 and P-05: net ≤ 5, a natural 1 always lands, a natural 10
 * never does; the exact odds count every face. */
static void
test_hand_probabilities (void)
{
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'grenade', 'range_m': 5, 'roll': 5}",
                                             "probability"), ==, 0.5);
  g_assert_true (sl_test_resolve_bool ("{'kind': 'grenade', 'range_m': 5, 'roll': 5}",
                                       "on_target"));
  g_assert_false (sl_test_resolve_bool ("{'kind': 'grenade', 'range_m': 5, 'roll': 6,"
                                        " 'scatter_rolls': [3]}", "on_target"));
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'grenade', 'range_m': 12, 'roll': 4}",
                                             "probability"), ==, 0.4);
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'grenade', 'range_m': 20, 'roll': 2}",
                                             "probability"), ==, 0.2);
  /* +3 +1 +1 +3 (serious wound) = +8: only the natural 1 lands. */
  {
    const char *request = "{'kind': 'grenade', 'range_m': 20, 'spotted_only': true,"
                          " 'through_window': true, 'thrower': {'wound': 'serious'}, 'roll': 1}";
    g_autoptr(JsonNode) r = sl_test_resolve (request);

    g_assert_cmpint (sl_test_int (r, "modifier"), ==, 8);
    g_assert_cmpfloat (sl_test_double (r, "probability"), ==, 0.1);
    g_assert_cmpint (sl_test_int (r, "needed"), ==, 1);
    g_assert_true (sl_test_bool (r, "on_target"));
    g_assert_false (sl_test_has (r, "scatter"));
  }
  /* With −5 (A-105 option, fire control −5) a natural 10 still misses. */
  {
#define BASE "{'kind': 'grenade', 'range_m': 5, 'thrower': {'troop': 'combat-arms'," \
             " 'armor': 'BI'}, 'options': {'grenadeAllRangedMods': true," \
             " 'fireControlBonus': -5}, 'scatter_rolls': [3], 'roll': %d}"
    g_autofree char *nine = g_strdup_printf (BASE, 9);
    g_autofree char *ten = g_strdup_printf (BASE, 10);
#undef BASE
    g_autoptr(JsonNode) r9 = sl_test_resolve (nine);
    g_autoptr(JsonNode) r10 = sl_test_resolve (ten);

    g_assert_cmpint (sl_test_int (r10, "net"), ==, 5);
    g_assert_false (sl_test_bool (r10, "on_target"));
    g_assert_true (sl_test_bool (r9, "on_target"));
    g_assert_cmpfloat (sl_test_double (r9, "probability"), ==, 0.9);
  }
}

/* T-28 every row: the direction, and 9 / 10 doubling and tripling. */
static void
test_t28_rows (void)
{
  static const char * const direction[] = {
    NULL, "long", "long", "short", "short", "left", "left", "right", "right",
  };

  for (int d = 1; d <= 8; d++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'grenade', 'range_m': 4, 'roll': 7,"
                                                  " 'scatter_rolls': [%d]}", d);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_assert_cmpstr (sl_test_string (r, "scatter.direction"), ==, direction[d]);
      g_assert_cmpint (sl_test_int (r, "scatter.multiplier"), ==, 1);
      g_assert_cmpfloat (sl_test_double (r, "scatter.distance_m"), ==, 1);
    }
  {
    g_autoptr(JsonNode) nine = sl_test_resolve ("{'kind': 'grenade', 'range_m': 4, 'roll': 7,"
                                                " 'scatter_rolls': [9, 5]}");
    g_autoptr(JsonNode) ten = sl_test_resolve ("{'kind': 'grenade', 'range_m': 4, 'roll': 7,"
                                               " 'scatter_rolls': [10, 8]}");

    g_assert_cmpstr (sl_test_string (nine, "scatter.direction"), ==, "left");
    g_assert_cmpint (sl_test_int (nine, "scatter.multiplier"), ==, 2);
    g_assert_cmpfloat (sl_test_double (nine, "scatter.distance_m"), ==, 2);
    g_assert_cmpfloat (sl_test_double (nine, "landing.across_m"), ==, -2);
    g_assert_cmpstr (sl_test_string (ten, "scatter.direction"), ==, "right");
    g_assert_cmpint (sl_test_int (ten, "scatter.multiplier"), ==, 3);
    g_assert_cmpfloat (sl_test_double (ten, "scatter.distance_m"), ==, 3);
  }
}

/* P-34 step 5.5: thrown at a wall, "long" (1–2) is rerolled. */
static void
test_scatter_at_obstacle (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'grenade', 'range_m': 6, 'roll': 8,"
                                           " 'at_obstacle': true, 'scatter_rolls': [1, 9, 2, 6]}");
  g_autoptr(JsonNode) open = sl_test_resolve ("{'kind': 'grenade', 'range_m': 6, 'roll': 8,"
                                              " 'scatter_rolls': [1, 9, 2, 6]}");

  g_assert_cmpstr (sl_test_string (r, "scatter.direction"), ==, "left");
  g_assert_cmpint (sl_test_int (r, "scatter.multiplier"), ==, 2);
  g_assert_cmpint (sl_test_int (r, "scatter.rolls_used[3]"), ==, 6);
  g_assert_cmpstr (sl_test_string (open, "scatter.direction"), ==, "long");
  g_assert_cmpint (json_array_get_length (json_node_get_array (sl_test_member (open, "scatter.rolls_used"))),
                   ==, 1);
}

/* T-29 every row; the multipliers apply to each. */
static void
test_t29_rows (void)
{
  struct { const char *request; double metres; } rows[] = {
    { "'weapon': 'hand', 'range_m': 8", 1 },
    { "'weapon': 'hand', 'range_m': 16", 2 },
    { "'weapon': 'hand', 'range_m': 24", 3 },
    { "'weapon': 'launcher', 'range_m': 40", 4 },
    { "'weapon': 'mortar'", 6 },
    { "'weapon': 'missile'", 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *plain = g_strdup_printf ("{'kind': 'grenade', %s, 'roll': 9,"
                                                " 'scatter_rolls': [3]}", rows[i].request);
      g_autofree char *doubled = g_strdup_printf ("{'kind': 'grenade', %s, 'roll': 9,"
                                                  " 'scatter_rolls': [9, 3]}", rows[i].request);
      g_autofree char *tripled = g_strdup_printf ("{'kind': 'grenade', %s, 'roll': 9,"
                                                  " 'scatter_rolls': [10, 3]}", rows[i].request);

      g_test_message ("%s", plain);
      g_assert_cmpfloat (sl_test_resolve_double (plain, "scatter.base_m"), ==, rows[i].metres);
      g_assert_cmpfloat (sl_test_resolve_double (plain, "scatter.distance_m"), ==, rows[i].metres);
      g_assert_cmpfloat (sl_test_resolve_double (doubled, "scatter.distance_m"), ==,
                         2 * rows[i].metres);
      g_assert_cmpfloat (sl_test_resolve_double (tripled, "scatter.distance_m"), ==,
                         3 * rows[i].metres);
    }
}

/* never behind the thrower nor closer than 2 m. */
static void
test_landing_a107 (void)
{
  /* 2 m away, short 1 m: moved back to 2 m in front. */
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'grenade', 'range_m': 2, 'roll': 6,"
                                             " 'scatter_rolls': [3]}");

    g_assert_cmpfloat (sl_test_double (r, "landing.along_m"), ==, 2);
    g_assert_cmpfloat (sl_test_double (r, "landing.from_thrower_m"), ==, 2);
    g_assert_true (sl_test_bool (r, "landing.moved"));
  }
  /* Launcher at 10 m, short × 3 = 12 m: it would land 2 m behind. */
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'grenade', 'weapon': 'launcher',"
                                             " 'range_m': 10, 'roll': 5,"
                                             " 'scatter_rolls': [10, 4]}");

    g_assert_cmpfloat (sl_test_double (r, "scatter.distance_m"), ==, 12);
    g_assert_cmpfloat (sl_test_double (r, "landing.along_m"), ==, 2);
    g_assert_cmpfloat (sl_test_double (r, "landing.across_m"), ==, 0);
    g_assert_true (sl_test_bool (r, "landing.moved"));
  }
  /* Launcher at 10 m, short 4 m: 6 m in front is legal. */
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'grenade', 'weapon': 'launcher',"
                                             " 'range_m': 10, 'roll': 5, 'scatter_rolls': [3]}");

    g_assert_cmpfloat (sl_test_double (r, "landing.along_m"), ==, 6);
    g_assert_false (sl_test_bool (r, "landing.moved"));
  }
  /* Scatter is the only way beyond 24 m. */
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'grenade', 'range_m': 24, 'roll': 8,"
                                             " 'scatter_rolls': [2]}", "landing.along_m"), ==, 27);
  /* A mortar round is not moved: it lands where the scatter takes it. */
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'grenade', 'weapon': 'mortar',"
                                             " 'range_m': 4, 'roll': 5, 'scatter_rolls': [4]}");

    g_assert_cmpfloat (sl_test_double (r, "landing.along_m"), ==, -2);
    g_assert_cmpfloat (sl_test_double (r, "landing.from_leader_m"), ==, 2);
    g_assert_false (sl_test_has (r, "landing.moved"));
  }
}

/* P-34 step 3 and T-31: 2 m to 24 m for the hand grenade. */
static void
test_hand_range_limits (void)
{
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 24.5, 'roll': 3}", "range_m", "P-34");
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 1.5, 'roll': 3}", "range_m", "T-31");
  sl_test_assert_refused ("{'kind': 'grenade', 'roll': 3}", "range_m", NULL);
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 5, 'thrower': {'wound': 'unconscious'}}",
                          "thrower.wound", "T-16");
}

/* P-35 and T-31: the launcher: ≤ 4, no range modifier, 10 m minimum
 * (15 m indirect), always 4 m, never into a dead zone. */
static void
test_launcher_p35 (void)
{
  g_autoptr(JsonNode) far = sl_test_resolve ("{'kind': 'grenade', 'weapon': 'launcher',"
                                             " 'range_m': 60, 'roll': 4}");

  g_assert_cmpint (sl_test_int (far, "target"), ==, 4);
  g_assert_cmpint (sl_test_int (far, "modifier"), ==, 0);
  g_assert_false (sl_test_has (far, "band"));
  g_assert_true (sl_test_bool (far, "on_target"));
  g_assert_cmpfloat (sl_test_double (far, "probability"), ==, 0.4);
  g_assert_false (sl_test_bool (far, "jammed"));
  g_assert_false (sl_test_resolve_bool ("{'kind': 'grenade', 'weapon': 'launcher',"
                                        " 'range_m': 60, 'roll': 5, 'scatter_rolls': [5]}",
                                        "on_target"));

  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 9.5, 'roll': 2}",
                          "range_m", "P-35");
  g_assert_true (sl_test_resolve_bool ("{'kind': 'grenade', 'weapon': 'launcher',"
                                       " 'range_m': 10, 'roll': 2}", "on_target"));

  /* Indirect: ≥ 15 m, +1 for the unseen target. */
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 14,"
                          " 'indirect': true, 'roll': 2}", "range_m", "15 m");
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'grenade', 'weapon': 'launcher',"
                                             " 'range_m': 15, 'indirect': true, 'roll': 2}");

    g_assert_true (sl_test_bool (r, "indirect"));
    g_assert_cmpint (sl_test_breakdown (r, "breakdown", "not-seen"), ==, 1);
    g_assert_cmpfloat (sl_test_double (r, "probability"), ==, 0.3);
  }
  /* A launcher grenade at a target the firer cannot see is indirect fire. */
  g_assert_true (sl_test_resolve_bool ("{'kind': 'grenade', 'weapon': 'launcher',"
                                       " 'range_m': 20, 'spotted_only': true, 'roll': 2}",
                                       "indirect"));
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 12,"
                          " 'spotted_only': true, 'roll': 2}", "range_m", "P-35 step 5");
  /* Through a window +1. */
  g_assert_cmpint (sl_test_resolve_breakdown ("{'kind': 'grenade', 'weapon': 'launcher',"
                                              " 'range_m': 20, 'through_window': true, 'roll': 2}",
                                              "window"), ==, 1);
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 20,"
                          " 'dead_zone': true, 'roll': 2}", "dead_zone", "P-35 step 6");
  /* The only modifiers are the unseen target and the window: not the
   * firer's wound, and not the other ranged modifiers (P-35 step 3). */
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 20,"
                                        " 'thrower': {'troop': 'civilian', 'wound': 'serious',"
                                        " 'movement': 'run'}, 'roll': 2}", "modifier"), ==, 0);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 20,"
                                        " 'thrower': {'troop': 'civilian', 'wound': 'serious',"
                                        " 'movement': 'run'}, 'roll': 2,"
                                        " 'options': {'grenadeAllRangedMods': true}}", "modifier"),
                   ==, 0);
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 20,"
                          " 'thrower': {'wound': 'dead'}}", "thrower.wound", "T-16");
  /* A hand grenade may be thrown into a dead zone. */
  g_assert_true (sl_test_resolve_bool ("{'kind': 'grenade', 'range_m': 8, 'dead_zone': true,"
                                       " 'roll': 2}", "on_target"));
}

/* P-35 step 1 and A-113: 1 to 4 grenades per fire action, each rolled
 * separately with its own aim point; one jam check. */
/* P-35, A-113: the salvo a load allows: frag first, at most 4 a fire
 * action, nothing when empty. */
static void
test_launcher_salvo_max (void)
{
  SlLauncherLoad full = { 4, 0 }, two = { 0, 2 }, empty = { 0, 0 }, six = { 6, 0 };
  SlGrenadeType type;

  g_assert_cmpint (sl_launcher_salvo_max (sl_test_rules (), &full, &type), ==, 4);
  g_assert_cmpint (type, ==, SL_GRENADE_FRAG);
  g_assert_cmpint (sl_launcher_salvo_max (sl_test_rules (), &two, &type), ==, 2);
  g_assert_cmpint (type, ==, SL_GRENADE_SMOKE);
  g_assert_cmpint (sl_launcher_salvo_max (sl_test_rules (), &empty, &type), ==, 0);
  g_assert_cmpint (sl_launcher_salvo_max (sl_test_rules (), &six, &type), ==, 4);
}

static void
test_launcher_salvo (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve (
    "{'kind': 'grenade', 'weapon': 'launcher', 'thrown': {'turn': 2, 'subphase': 4},"
    " 'grenades': [{'range_m': 20, 'roll': 1}, {'range_m': 25, 'roll': 1},"
    "              {'range_m': 30, 'roll': 7, 'scatter_rolls': [5]},"
    "              {'range_m': 18, 'indirect': true, 'roll': 3}],"
    " 'jam_roll': 1}");
  g_autoptr(JsonNode) rolls = NULL;

  g_assert_cmpint (sl_test_int (r, "fired"), ==, 4);
  g_assert_true (sl_test_bool (r, "grenades[0].on_target"));
  g_assert_true (sl_test_bool (r, "grenades[1].on_target"));
  g_assert_false (sl_test_bool (r, "grenades[2].on_target"));
  g_assert_cmpfloat (sl_test_double (r, "grenades[2].landing.across_m"), ==, -4);
  g_assert_cmpint (sl_test_int (r, "grenades[3].modifier"), ==, 1);
  g_assert_true (sl_test_bool (r, "grenades[3].on_target"));
  /* Two natural 1s, one jam check, and the grenades still landed. */
  g_assert_true (sl_test_bool (r, "jammed"));
  g_assert_cmpint (sl_test_int (r, "jam_roll"), ==, 1);
  g_assert_cmpint (sl_test_int (r, "detonates.turn"), ==, 2);
  g_assert_cmpint (sl_test_int (r, "detonates.subphase"), ==, 6);

  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher', 'grenades': ["
                          " {'range_m': 20}, {'range_m': 20}, {'range_m': 20}, {'range_m': 20},"
                          " {'range_m': 20}]}", "grenades", "1 to 4");
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher', 'grenades': []}",
                          "grenades", NULL);
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'hand', 'grenades': [{'range_m': 5}]}",
                          "grenades", "T-31");
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 20,"
                          " 'grenades': [{'range_m': 20}]}", "range_m", "grenades");
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher',"
                          " 'grenades': [{'range_m': 20}, {'range_m': 8}]}",
                          "grenades[1].range_m", "P-35");
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher',"
                          " 'grenades': [{'range_m': 20}, {'range_m': 20, 'dead_zone': true}]}",
                          "grenades[1].dead_zone", NULL);
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher',"
                          " 'grenades': [{'range_m': 20, 'colour': 'red'}]}",
                          "grenades[0].colour", NULL);
}

/* P-16 and A-56: a natural 1 calls a jam check for the launcher (jams on
 * 1–2), never for a hand grenade or a fire mission. */
static void
test_jam_a56 (void)
{
  g_assert_true (sl_test_resolve_bool ("{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 20,"
                                       " 'roll': 1, 'jam_roll': 2}", "jammed"));
  g_assert_false (sl_test_resolve_bool ("{'kind': 'grenade', 'weapon': 'launcher',"
                                        " 'range_m': 20, 'roll': 1, 'jam_roll': 3}", "jammed"));
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'grenade', 'weapon': 'launcher',"
                                             " 'range_m': 20, 'roll': 2}");

    g_assert_false (sl_test_bool (r, "jammed"));
    g_assert_false (sl_test_has (r, "jam_roll"));
  }
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 5, 'roll': 1, 'jam_roll': 1}",
                          "jam_roll", "A-56");
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'mortar', 'roll': 1, 'jam_roll': 1}",
                          "jam_roll", "A-56");
}

/* T-35 through the grenade kind: natural ≤ 4 / ≤ 6, no modifiers. */
static void
test_mortar_missile_rolls (void)
{
  g_assert_true (sl_test_resolve_bool ("{'kind': 'grenade', 'weapon': 'mortar', 'roll': 4}",
                                       "on_target"));
  g_assert_false (sl_test_resolve_bool ("{'kind': 'grenade', 'weapon': 'mortar', 'roll': 5,"
                                        " 'scatter_rolls': [1]}", "on_target"));
  g_assert_true (sl_test_resolve_bool ("{'kind': 'grenade', 'weapon': 'missile', 'roll': 6}",
                                       "on_target"));
  g_assert_false (sl_test_resolve_bool ("{'kind': 'grenade', 'weapon': 'missile', 'roll': 7,"
                                        " 'scatter_rolls': [1]}", "on_target"));
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'grenade', 'weapon': 'mortar', 'roll': 4}",
                                             "probability"), ==, 0.4);
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'grenade', 'weapon': 'missile', 'roll': 4}",
                                             "probability"), ==, 0.6);
  /* No landing without the distance from the calling leader. */
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'grenade', 'weapon': 'missile', 'roll': 4}");

    g_assert_false (sl_test_has (r, "landing"));
  }
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'mortar', 'spotted_only': true}",
                          "spotted_only", "T-35");
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'missile', 'thrower': {'wound': 'light'}}",
                          "thrower", "T-35");
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'mortar', 'thrown': {'turn': 1,"
                          " 'subphase': 1}}", "thrown", NULL);
}

/* by default only range, misc and the thrower's wound; with
 * grenadeAllRangedMods every ranged modifier. */
static void
test_option_all_ranged_mods_a105 (void)
{
#define REQUEST "{'kind': 'grenade', 'range_m': 12, 'roll': 3, 'scatter_rolls': [3]," \
                " 'thrower': {'troop': 'civilian', 'wound': 'moderate', 'movement': 'run'}," \
                " 'target': {'movement': 'walk', 'cover': 'half-hard'}," \
                " 'conditions': {'night': true}%s}"
  g_autofree char *off = g_strdup_printf (REQUEST, "");
  g_autofree char *on = g_strdup_printf (REQUEST, ", 'options': {'grenadeAllRangedMods': true}");
#undef REQUEST
  g_autoptr(JsonNode) r_off = sl_test_resolve (off);
  g_autoptr(JsonNode) r_on = sl_test_resolve (on);

  /* Range +1 and wound +1. */
  g_assert_cmpint (sl_test_int (r_off, "modifier"), ==, 2);
  g_assert_cmpint (sl_test_breakdown (r_off, "breakdown", "wound"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (r_off, "breakdown", "troop"), ==, 0);
  g_assert_true (sl_test_bool (r_off, "on_target"));
  /* Troop +2, wound +1, running +3, target walking +1, night +2, hard half
   * cover +2, range +1 = +12: only the natural 1 lands. */
  g_assert_cmpint (sl_test_breakdown (r_on, "breakdown", "troop"), ==, 2);
  g_assert_cmpint (sl_test_breakdown (r_on, "breakdown", "wound"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (r_on, "breakdown", "firer-movement"), ==, 3);
  g_assert_cmpint (sl_test_breakdown (r_on, "breakdown", "target-movement"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (r_on, "breakdown", "night"), ==, 2);
  g_assert_cmpint (sl_test_breakdown (r_on, "breakdown", "cover"), ==, 2);
  g_assert_cmpint (sl_test_breakdown (r_on, "breakdown", "range"), ==, 1);
  g_assert_cmpint (sl_test_int (r_on, "modifier"), ==, 12);
  g_assert_false (sl_test_bool (r_on, "on_target"));

  /* The option needs the thrower's troop; its refusals name the thrower. */
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 12, 'roll': 3,"
                          " 'options': {'grenadeAllRangedMods': true}}", "thrower.troop", "A-105");
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 12, 'roll': 3,"
                          " 'thrower': {'troop': 'marines', 'movement': 'dive'},"
                          " 'options': {'grenadeAllRangedMods': true}}", "thrower.movement", NULL);
  /* Without the option the dive is not judged here (the actions area
   * decides what may be combined). */
  g_assert_true (sl_test_resolve_bool ("{'kind': 'grenade', 'range_m': 12, 'roll': 3,"
                                       " 'thrower': {'troop': 'marines', 'movement': 'dive'}}",
                                       "on_target"));
}

/* detonation in s + 2 (option s + 3), wrapping into the next turn. */
static void
test_option_detonation_delay_a108 (void)
{
  g_autoptr(JsonNode) a = sl_test_resolve ("{'kind': 'grenade', 'range_m': 5, 'roll': 2,"
                                           " 'thrown': {'turn': 1, 'subphase': 5}}");
  g_autoptr(JsonNode) b = sl_test_resolve ("{'kind': 'grenade', 'range_m': 5, 'roll': 2,"
                                           " 'thrown': {'turn': 1, 'subphase': 9}}");
  g_autoptr(JsonNode) c = sl_test_resolve ("{'kind': 'grenade', 'range_m': 5, 'roll': 2,"
                                           " 'thrown': {'turn': 1, 'subphase': 9},"
                                           " 'options': {'grenadeDetonationDelay': 3}}");
  g_autoptr(JsonNode) d = sl_test_resolve ("{'kind': 'grenade', 'range_m': 5, 'roll': 2,"
                                           " 'thrown': {'turn': 4, 'subphase': 5},"
                                           " 'options': {'grenadeDetonationDelay': 3}}");

  g_assert_cmpint (sl_test_int (a, "detonates.turn"), ==, 1);
  g_assert_cmpint (sl_test_int (a, "detonates.subphase"), ==, 7);
  g_assert_cmpint (sl_test_int (b, "detonates.turn"), ==, 2);
  g_assert_cmpint (sl_test_int (b, "detonates.subphase"), ==, 1);
  g_assert_cmpint (sl_test_int (c, "detonates.turn"), ==, 2);
  g_assert_cmpint (sl_test_int (c, "detonates.subphase"), ==, 2);
  g_assert_cmpint (sl_test_int (d, "detonates.turn"), ==, 4);
  g_assert_cmpint (sl_test_int (d, "detonates.subphase"), ==, 8);
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 5, 'thrown': {'turn': 1,"
                          " 'subphase': 11}}", "thrown.subphase", NULL);
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 5, 'thrown': {'turn': 1}}",
                          "thrown.subphase", NULL);
}

/* a ground sensor spots for indirect launcher fire only with the
 * option; it never spots for a hand grenade. */
static void
test_option_sensor_spots_a121 (void)
{
#define REQUEST "{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 20," \
                " 'indirect': true, 'spotter': 'ground-sensor', 'roll': 2%s}"
  g_autofree char *off = g_strdup_printf (REQUEST, "");
  g_autofree char *on = g_strdup_printf (REQUEST, ", 'options': {'sensorSpotsForLauncher': true}");
#undef REQUEST

  sl_test_assert_refused (off, "spotter", "A-121");
  g_assert_true (sl_test_resolve_bool (on, "on_target"));
  g_assert_true (sl_test_resolve_bool ("{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 20,"
                                       " 'indirect': true, 'spotter': 'friendly-unit', 'roll': 2}",
                                       "on_target"));
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 10, 'spotted_only': true,"
                          " 'spotter': 'ground-sensor', 'options': {'sensorSpotsForLauncher': true}}",
                          "spotter", "A-121");
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 10, 'spotter': 'friendly-unit'}",
                          "spotter", "spotted_only");
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 10, 'spotted_only': true,"
                          " 'spotter': 'calling-leader'}", "spotter", NULL);
}

/* P-35 and A-113: 4 grenades of one type, never reloaded; option
 * launcherMixedLoads. */
static void
test_option_mixed_loads_a113 (void)
{
#define MIXED_LOAD "{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 20, 'roll': 2," \
                   " 'load': {'frag': 2, 'smoke': 2}, 'type': 'smoke'%s}"
#define MIXED_SALVO "{'kind': 'grenade', 'weapon': 'launcher'," \
                    " 'grenades': [{'range_m': 20, 'roll': 2}," \
                    "              {'range_m': 20, 'roll': 2, 'type': 'smoke'}]%s}"
  g_autofree char *load_off = g_strdup_printf (MIXED_LOAD, "");
  g_autofree char *load_on = g_strdup_printf (MIXED_LOAD,
                                              ", 'options': {'launcherMixedLoads': true}");
  g_autofree char *salvo_off = g_strdup_printf (MIXED_SALVO, "");
  g_autofree char *salvo_on = g_strdup_printf (MIXED_SALVO,
                                               ", 'options': {'launcherMixedLoads': true}");
#undef MIXED_LOAD
#undef MIXED_SALVO

  sl_test_assert_refused (load_off, "load", "A-113");
  {
    g_autoptr(JsonNode) r = sl_test_resolve (load_on);

    g_assert_cmpstr (sl_test_string (r, "type"), ==, "smoke");
    g_assert_cmpint (sl_test_int (r, "load_after.frag"), ==, 2);
    g_assert_cmpint (sl_test_int (r, "load_after.smoke"), ==, 1);
  }
  sl_test_assert_refused (salvo_off, "grenades[1].type", "A-113");
  assert_resolved_string (salvo_on, "grenades[1].type", "smoke");

  /* A single-type load gives the grenades their type. */
  assert_resolved_string ("{'kind': 'grenade', 'weapon': 'launcher',"
                          " 'range_m': 20, 'roll': 2, 'load': {'smoke': 4}}",
                          "type", "smoke");
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'grenade', 'weapon': 'launcher',"
                                             " 'grenades': [{'range_m': 20, 'roll': 2},"
                                             "  {'range_m': 22, 'roll': 2},"
                                             "  {'range_m': 24, 'roll': 2}],"
                                             " 'load': {'frag': 4}}");

    g_assert_cmpint (sl_test_int (r, "load_after.frag"), ==, 1);
  }
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 20,"
                          " 'load': {'frag': 5}}", "load", "at most 4");
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 20,"
                          " 'load': {'frag': 0}}", "load", "empty");
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher',"
                          " 'grenades': [{'range_m': 20}, {'range_m': 20}], 'load': {'frag': 1}}",
                          "grenades", "only 1 frag grenade");
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 20,"
                          " 'type': 'smoke', 'load': {'frag': 3}}", "grenades", "smoke");
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 20, 'load': {'frag': 3}}", "load",
                          "P-35");
}

/* T-31 every row: hand and launcher side by side. */
static void
test_t31_rows (void)
{
  SlRules *rules = sl_test_rules ();

  /* Carried (4 of one type) and extra cost (priced by the points area). */
  g_assert_cmpint (rules->launcher.grenades, ==, 4);
  g_assert_cmpint (rules->launcher.cost, ==, 2);
  /* Min / max range. */
  g_assert_cmpfloat (rules->launcher.hand_minimum_range_m, ==, 2);
  g_assert_cmpfloat (rules->launcher.hand_maximum_range_m, ==, 24);
  g_assert_cmpfloat (rules->launcher.minimum_range_m, ==, 10);
  g_assert_cmpfloat (rules->launcher.indirect_minimum_range_m, ==, 15);
  /* To land: ≤ 5 + range modifier against ≤ 4 without one, at 20 m. */
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'grenade', 'range_m': 20, 'roll': 1}",
                                        "needed"), ==, 2);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'grenade', 'weapon': 'launcher',"
                                        " 'range_m': 20, 'roll': 2}", "needed"), ==, 4);
  /* Scatter: by band against 4 m (T-29 test). Per fire action: 1 against
   * 1–4 (salvo test). */
  g_assert_cmpint (rules->launcher.per_fire_action, ==, 4);
}

/* P-34: the grenade type is reported, and smoke lands like frag. */
static void
test_smoke_throw (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'grenade', 'type': 'smoke', 'range_m': 10,"
                                           " 'roll': 4}");

  g_assert_cmpstr (sl_test_string (r, "type"), ==, "smoke");
  g_assert_true (sl_test_bool (r, "on_target"));
}

/* Malformed requests name the field. */
static void
test_grenade_malformed (void)
{
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 10, 'power': 3}", "power", NULL);
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'bazooka', 'range_m': 10}", "weapon",
                          NULL);
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 10, 'roll': 11}", "roll", NULL);
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 10, 'scatter_rolls': [3, 0]}",
                          "scatter_rolls[1]", NULL);
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 10, 'scatter_rolls': [1, 1, 1, 1, 1,"
                          " 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,"
                          " 1, 1, 1, 1, 1]}", "scatter_rolls", "at most 32");
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 10, 'indirect': true}", "indirect",
                          "P-35");
  sl_test_assert_refused ("{'kind': 'grenade', 'weapon': 'launcher', 'range_m': 20,"
                          " 'indirect': true, 'spotted_only': false}", "spotted_only", "P-35");
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 10, 'type': 'gas'}", "type", NULL);
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 10, 'thrower': {'wound': 'bad'}}",
                          "thrower.wound", NULL);
  sl_test_assert_refused ("{'kind': 'grenade', 'range_m': 10, 'target': {'cover': 'wall'}}",
                          "target.cover", NULL);
}

/* T-30 every row, A-86 (round up), and nothing beyond 6 m. */
static void
test_t30_rows (void)
{
  static const int frag[] = { 6, 6, 4, 3, 3, 2, 2, 0 };   /* 0 … 7 m */

  for (int m = 0; m < (int) G_N_ELEMENTS (frag); m++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'blast', 'source': 'frag',"
                                                  " 'distance_m': %d}", m);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_assert_cmpint (sl_test_int (r, "penetration"), ==, frag[m]);
      g_assert_true (sl_test_bool (r, "affected") == (frag[m] > 0));
      g_assert_true (sl_test_bool (r, "loses_action") == (frag[m] > 0));
    }
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'blast', 'source': 'frag', 'distance_m': 1.1}",
                                        "penetration"), ==, 4);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'blast', 'source': 'frag', 'distance_m': 1.1}",
                                        "table_distance_m"), ==, 2);
  g_assert_false (sl_test_resolve_bool ("{'kind': 'blast', 'source': 'frag', 'distance_m': 6.5}",
                                        "in_blast_area"));
}

/* T-33 every row. */
static void
test_t33_rows (void)
{
  static const int plastic[] = { 4, 4, 4, 3, 3, 2, 2, 1, 1, 1, 1, 0 };   /* 0 … 11 m */

  for (int m = 0; m < (int) G_N_ELEMENTS (plastic); m++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'blast', 'source': 'plastic',"
                                                  " 'distance_m': %d}", m);

      g_assert_cmpint (sl_test_resolve_int (request, "penetration"), ==, plastic[m]);
    }
}

/* T-34 / T-34a every row and column, in both readings (A-85,
 * multiChargeReading); mortar = 3 charges, missile = 4 (T-35). */
static void
test_t34a_rows (void)
{
  static const int metres[] = { 1, 3, 5, 7, 10, 13, 16, 19 };
  static const int split[3][8] = {
    { 5, 4, 3, 2, 1, 0, 0, 0 },
    { 5, 5, 4, 3, 2, 1, 0, 0 },
    { 5, 5, 4, 4, 3, 2, 1, 0 },
  };
  static const int progressive[3][8] = {
    { 5, 4, 3, 2, 1, 0, 0, 0 },
    { 6, 5, 4, 3, 2, 1, 0, 0 },
    { 7, 6, 5, 4, 3, 2, 1, 0 },
  };

  for (int c = 0; c < 3; c++)
    for (int b = 0; b < 8; b++)
      {
        g_autofree char *plain = g_strdup_printf ("{'kind': 'blast', 'source': 'plastic-%d',"
                                                  " 'distance_m': %d}", c + 2, metres[b]);
        g_autofree char *prog = g_strdup_printf ("{'kind': 'blast', 'source': 'plastic-%d',"
                                                 " 'distance_m': %d, 'options':"
                                                 " {'multiChargeReading': 'progressive'}}",
                                                 c + 2, metres[b]);

        g_test_message ("%s", plain);
        g_assert_cmpint (sl_test_resolve_int (plain, "table_penetration"), ==, split[c][b]);
        g_assert_cmpint (sl_test_resolve_int (prog, "table_penetration"), ==, progressive[c][b]);
        /* The band's upper edge reads the same row. */
        if (b < 7)
          {
            g_autofree char *edge = g_strdup_printf ("{'kind': 'blast', 'source': 'plastic-%d',"
                                                     " 'distance_m': %d}", c + 2,
                                                     metres[b + 1] - 1);
            g_assert_cmpint (sl_test_resolve_int (edge, "table_penetration"), ==, split[c][b]);
          }
      }

  for (int b = 0; b < 8; b++)
    {
      g_autofree char *mortar = g_strdup_printf ("{'kind': 'blast', 'source': 'mortar',"
                                                 " 'distance_m': %d}", metres[b]);
      g_autofree char *missile = g_strdup_printf ("{'kind': 'blast', 'source': 'missile',"
                                                  " 'distance_m': %d}", metres[b]);

      g_assert_cmpint (sl_test_resolve_int (mortar, "table_penetration"), ==, split[1][b]);
      g_assert_cmpint (sl_test_resolve_int (missile, "table_penetration"), ==, split[2][b]);
    }
  /* A zero in the table is outside the blast area: no daze, no lost action. */
  g_assert_false (sl_test_resolve_bool ("{'kind': 'blast', 'source': 'plastic-2',"
                                        " 'distance_m': 14}", "loses_action"));
}

/* T-30 and A-110: half cover −1; prone or kneeling behind half cover is
 * full cover; full cover is immune but still loses its action (§6.1). */
static void
test_cover_a110 (void)
{
  g_autoptr(JsonNode) half = sl_test_resolve ("{'kind': 'blast', 'source': 'frag',"
                                              " 'distance_m': 2, 'half_cover': true}");
  g_autoptr(JsonNode) prone = sl_test_resolve ("{'kind': 'blast', 'source': 'frag',"
                                               " 'distance_m': 2, 'half_cover': true,"
                                               " 'prone': true, 'target': {'armor': 'NONE'}}");
  g_autoptr(JsonNode) kneeling = sl_test_resolve ("{'kind': 'blast', 'source': 'frag',"
                                                  " 'distance_m': 2, 'half_cover': true,"
                                                  " 'position': 'kneeling'}");
  g_autoptr(JsonNode) full = sl_test_resolve ("{'kind': 'blast', 'source': 'plastic',"
                                              " 'distance_m': 2, 'full_cover': true}");
  g_autoptr(JsonNode) open = sl_test_resolve ("{'kind': 'blast', 'source': 'frag',"
                                              " 'distance_m': 2, 'prone': true}");

  g_assert_cmpstr (sl_test_string (half, "cover"), ==, "half");
  g_assert_cmpint (sl_test_int (half, "penetration"), ==, 3);
  g_assert_true (sl_test_bool (half, "affected"));
  g_assert_cmpstr (sl_test_string (prone, "cover"), ==, "full");
  g_assert_false (sl_test_bool (prone, "affected"));
  g_assert_true (sl_test_bool (prone, "loses_action"));
  g_assert_false (sl_test_has (prone, "damage"));
  g_assert_nonnull (strstr (sl_test_string (prone, "reason"), "A-110"));
  g_assert_false (sl_test_bool (kneeling, "affected"));
  g_assert_false (sl_test_bool (full, "affected"));
  g_assert_true (sl_test_bool (full, "in_blast_area"));
  /* A prone unit in the open takes the full PF: no "target prone". */
  g_assert_cmpint (sl_test_int (open, "penetration"), ==, 4);
  g_assert_true (sl_test_bool (open, "affected"));
  /* Half cover at the edge of a mortar blast: PF 1 − 1 = 0, still hit. */
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'blast', 'source': 'mortar', 'distance_m': 15,"
                                        " 'half_cover': true}", "penetration"), ==, 0);
  g_assert_true (sl_test_resolve_bool ("{'kind': 'blast', 'source': 'mortar', 'distance_m': 15,"
                                       " 'half_cover': true}", "affected"));
}

/* blast damage has no natural-1 rule, dazes at 0
 * wounds, and counts race armor. */
static void
test_blast_damage (void)
{
  g_autoptr(JsonNode) zero = sl_test_resolve ("{'kind': 'blast', 'source': 'frag',"
                                              " 'distance_m': 3, 'target': {'armor': 'BI'}}");
  g_autoptr(JsonNode) hurt = sl_test_resolve ("{'kind': 'blast', 'source': 'missile',"
                                              " 'distance_m': 1, 'target': {'armor': 'LI',"
                                              " 'race': 'baufrin', 'wound': 'light'}}");

  g_assert_cmpint (sl_test_int (zero, "damage.levels"), ==, 0);
  g_assert_true (sl_test_bool (zero, "damage.dazed"));
  g_assert_false (sl_test_has (zero, "damage.natural_one"));
  /* PF 5 − (2 + 1) = 2 levels on top of a light wound. */
  g_assert_cmpint (sl_test_int (hurt, "damage.armor_factor"), ==, 3);
  g_assert_cmpint (sl_test_int (hurt, "damage.levels"), ==, 2);
  g_assert_cmpstr (sl_test_string (hurt, "damage.wound"), ==, "serious");
  sl_test_assert_refused ("{'kind': 'blast', 'source': 'frag', 'distance_m': 3,"
                          " 'target': {'wound': 'dead'}}", "target.wound", "dead");
}

/* P-34 step 7 and A-111: the diver takes PF 6 + 2; nobody else is hit. */
static void
test_sacrifice_dive_a111 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'blast', 'source': 'frag',"
                                           " 'sacrifice_dive': true, 'target': {'armor': 'BI'}}");
  g_autoptr(JsonNode) other = sl_test_resolve ("{'kind': 'blast', 'source': 'frag',"
                                               " 'distance_m': 1, 'smothered': true}");

  g_assert_cmpint (sl_test_int (r, "penetration"), ==, 8);
  g_assert_cmpint (sl_test_int (r, "damage.levels"), ==, 5);
  g_assert_cmpstr (sl_test_string (r, "damage.wound"), ==, "dead");
  g_assert_true (sl_test_bool (r, "loses_action"));
  g_assert_false (sl_test_bool (other, "affected"));
  g_assert_false (sl_test_bool (other, "loses_action"));
  sl_test_assert_refused ("{'kind': 'blast', 'source': 'plastic', 'sacrifice_dive': true}",
                          "sacrifice_dive", "A-111");
  sl_test_assert_refused ("{'kind': 'blast', 'source': 'frag', 'sacrifice_dive': true,"
                          " 'smothered': true}", "smothered", "A-111");
}

/* walls and closed doors stop blasts; fire missions never
 * reach into buildings. */
static void
test_walls_a83_a116 (void)
{
  g_autoptr(JsonNode) wall = sl_test_resolve ("{'kind': 'blast', 'source': 'plastic',"
                                              " 'distance_m': 1, 'behind_wall': true}");
  g_autoptr(JsonNode) inside = sl_test_resolve ("{'kind': 'blast', 'source': 'mortar',"
                                                " 'distance_m': 1, 'inside_building': true}");

  g_assert_false (sl_test_bool (wall, "affected"));
  g_assert_false (sl_test_bool (wall, "loses_action"));
  g_assert_nonnull (strstr (sl_test_string (wall, "reason"), "A-83"));
  g_assert_false (sl_test_bool (inside, "affected"));
  g_assert_nonnull (strstr (sl_test_string (inside, "reason"), "A-116"));
  g_assert_true (sl_test_resolve_bool ("{'kind': 'blast', 'source': 'frag', 'distance_m': 1,"
                                       " 'inside_building': true}", "affected"));
}

/* Smoke (§15.6, A-112): a 3 m cloud for 12 turns or 12 subphases. */
static void
test_option_smoke_duration_a112 (void)
{
  g_autoptr(JsonNode) turns = sl_test_resolve ("{'kind': 'blast', 'source': 'smoke',"
                                               " 'distance_m': 3,"
                                               " 'detonated': {'turn': 2, 'subphase': 7}}");
  g_autoptr(JsonNode) subphases = sl_test_resolve ("{'kind': 'blast', 'source': 'smoke',"
                                                   " 'distance_m': 3.5,"
                                                   " 'detonated': {'turn': 2, 'subphase': 7},"
                                                   " 'options': {'smokeDuration': '12-subphases'}}");

  g_assert_cmpfloat (sl_test_double (turns, "smoke.radius_m"), ==, 3);
  g_assert_cmpint (sl_test_int (turns, "smoke.duration_subphases"), ==, 120);
  g_assert_cmpint (sl_test_int (turns, "smoke.duration_turns"), ==, 12);
  g_assert_true (sl_test_bool (turns, "smoke.in_cloud"));
  g_assert_cmpint (sl_test_int (turns, "smoke.clears.turn"), ==, 14);
  g_assert_cmpint (sl_test_int (turns, "smoke.clears.subphase"), ==, 7);
  g_assert_false (sl_test_bool (turns, "affected"));
  g_assert_false (sl_test_bool (turns, "loses_action"));
  g_assert_false (sl_test_has (turns, "damage"));

  g_assert_cmpint (sl_test_int (subphases, "smoke.duration_subphases"), ==, 12);
  g_assert_cmpint (sl_test_int (subphases, "smoke.duration_turns"), ==, 1);
  g_assert_false (sl_test_bool (subphases, "smoke.in_cloud"));
  g_assert_cmpint (sl_test_int (subphases, "smoke.clears.turn"), ==, 3);
  g_assert_cmpint (sl_test_int (subphases, "smoke.clears.subphase"), ==, 9);

  /* No distance needed for smoke; "detonated" only for smoke. */
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'blast', 'source': 'smoke'}");

    g_assert_false (sl_test_has (r, "smoke.in_cloud"));
  }
  sl_test_assert_refused ("{'kind': 'blast', 'source': 'frag', 'distance_m': 2,"
                          " 'detonated': {'turn': 1, 'subphase': 1}}", "detonated", NULL);
}

static void
test_blast_malformed (void)
{
  sl_test_assert_refused ("{'kind': 'blast', 'distance_m': 2}", "source", NULL);
  sl_test_assert_refused ("{'kind': 'blast', 'source': 'napalm', 'distance_m': 2}", "source",
                          NULL);
  sl_test_assert_refused ("{'kind': 'blast', 'source': 'frag'}", "distance_m", NULL);
  sl_test_assert_refused ("{'kind': 'blast', 'source': 'frag', 'distance_m': -1}", "distance_m",
                          NULL);
  sl_test_assert_refused ("{'kind': 'blast', 'source': 'frag', 'distance_m': 1,"
                          " 'target': {'armour': 'BI'}}", "target.armour", NULL);
}

/* T-32 every row and face, with A-84 for the Explosion row. */
static void
test_t32_rows (void)
{
  /* 0 none, 1 destroyed, 2 explosion, by face 1 … 10. */
  static const struct { const char *row; int result[10]; } rows[] = {
    { "smg-pistol", { 0, 0, 0, 0, 1, 1, 1, 2, 2, 2 } },
    { "laser", { 0, 0, 0, 1, 1, 2, 2, 2, 2, 2 } },
    { "slug", { 0, 1, 1, 1, 1, 1, 1, 1, 2, 2 } },
    { "spike", { 1, 1, 1, 1, 1, 1, 1, 1, 1, 2 } },
    { "explosion", { 1, 1, 1, 1, 1, 1, 1, 1, 1, 2 } },
  };
  static const char * const names[] = { "none", "destroyed", "explosion" };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    for (int roll = 1; roll <= 10; roll++)
      {
        g_autofree char *request = g_strdup_printf ("{'kind': 'charge-shot', 'weapon_class': '%s',"
                                                    " 'roll': %d}", rows[i].row, roll);
        g_autoptr(JsonNode) r = sl_test_resolve (request);
        int expected = rows[i].result[roll - 1];

        g_assert_cmpstr (sl_test_string (r, "result"), ==, names[expected]);
        g_assert_true (sl_test_bool (r, "destroyed") == (expected > 0));
        g_assert_true (sl_test_bool (r, "explodes") == (expected == 2));
      }

  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'charge-shot', 'weapon_class': 'laser',"
                                             " 'roll': 1}");

    g_assert_cmpfloat (sl_test_double (r, "odds.none"), ==, 0.3);
    g_assert_cmpfloat (sl_test_double (r, "odds.destroyed"), ==, 0.2);
    g_assert_cmpfloat (sl_test_double (r, "odds.explosion"), ==, 0.5);
  }
}

/* T-12 names each weapon's row of T-32; the OMNI rifle by its mode. */
static void
test_charge_shot_weapons (void)
{
  struct { const char *weapon; const char *row; } rows[] = {
    { "'LP'", "smg-pistol" }, { "'SP'", "smg-pistol" }, { "'P'", "smg-pistol" },
    { "'SMG'", "smg-pistol" }, { "'LR'", "laser" }, { "'SAR'", "slug" }, { "'SR'", "spike" },
    { "'SC'", "spike" }, { "'OR'", "spike" }, { "'OR', 'omni_mode': 'slug'", "slug" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'charge-shot', 'weapon': %s,"
                                                  " 'roll': 5}", rows[i].weapon);
      g_autofree char *row = sl_test_resolve_string (request, "weapon_class");

      g_assert_cmpstr (row, ==, rows[i].row);
    }

  sl_test_assert_refused ("{'kind': 'charge-shot', 'roll': 5}", "weapon_class", NULL);
  sl_test_assert_refused ("{'kind': 'charge-shot', 'weapon': 'SR', 'weapon_class': 'slug'}",
                          "weapon_class", NULL);
  sl_test_assert_refused ("{'kind': 'charge-shot', 'weapon_class': 'rocket'}", "weapon_class",
                          NULL);
  sl_test_assert_refused ("{'kind': 'charge-shot', 'weapon': 'LR', 'omni_mode': 'slug'}",
                          "omni_mode", NULL);
  /* a hidden charge cannot be targeted. */
  sl_test_assert_refused ("{'kind': 'charge-shot', 'weapon': 'SR', 'hidden': true}", "hidden",
                          "A-88");
}

/* P-37 and A-82: an enemy within 1 m sets it off at once (PF 6); friends
 * never do; duds never go off. */
static void
test_mine_p37 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'mine', 'distance_m': 1,"
                                           " 'target': {'armor': 'BI'}}");

  g_assert_true (sl_test_bool (r, "triggered"));
  g_assert_true (sl_test_bool (r, "detonates"));
  g_assert_cmpstr (sl_test_string (r, "resolves"), ==, "at-once");
  g_assert_true (sl_test_bool (r, "trigger_unit.stops"));
  g_assert_cmpint (sl_test_int (r, "trigger_unit.penetration"), ==, 6);
  g_assert_cmpint (sl_test_int (r, "trigger_unit.damage.levels"), ==, 3);
  g_assert_true (sl_test_bool (r, "trigger_unit.damage.dazed"));
  g_assert_cmpstr (sl_test_string (r, "blast.source"), ==, "frag");
  g_assert_cmpint (sl_test_int (r, "blast.reach_m"), ==, 6);

  g_assert_false (sl_test_resolve_bool ("{'kind': 'mine', 'distance_m': 1.2}", "triggered"));
  g_assert_false (sl_test_resolve_bool ("{'kind': 'mine', 'distance_m': 0, 'enemy': false}",
                                        "detonates"));
  {
    g_autoptr(JsonNode) dud = sl_test_resolve ("{'kind': 'mine', 'distance_m': 0, 'dud': true}");

    g_assert_false (sl_test_bool (dud, "detonates"));
    g_assert_nonnull (strstr (sl_test_string (dud, "reason"), "P-37"));
  }
}

/* P-37 step 5: caught in another explosion, it goes off on d10 ≤ 5 with no
 * natural rules; the chain goes off in the explosion step. */
static void
test_mine_chain (void)
{
  for (int roll = 1; roll <= 10; roll++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'mine', 'in_other_explosion': true,"
                                                  " 'roll': %d}", roll);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_assert_true (sl_test_bool (r, "detonates") == (roll <= 5));
      g_assert_cmpfloat (sl_test_double (r, "probability"), ==, 0.5);
      g_assert_false (sl_test_bool (r, "triggered"));
      if (roll <= 5)
        g_assert_cmpstr (sl_test_string (r, "resolves"), ==, "explosion-step");
    }
  sl_test_assert_refused ("{'kind': 'mine', 'distance_m': 1, 'in_other_explosion': true}",
                          "in_other_explosion", NULL);
  sl_test_assert_refused ("{'kind': 'mine', 'distance_m': 1, 'roll': 3}", "roll", "P-37");
  sl_test_assert_refused ("{'kind': 'mine'}", "distance_m", NULL);
  sl_test_assert_refused ("{'kind': 'mine', 'in_other_explosion': true, 'roll': 3,"
                          " 'target': {'armor': 'LI'}}", "target", NULL);
}

/* A-82 option minesInExplosionStep: the unit moves on; the blast waits. */
static void
test_option_mines_explosion_step_a82 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'mine', 'distance_m': 0.5,"
                                           " 'target': {'armor': 'LI'},"
                                           " 'options': {'minesInExplosionStep': true}}");

  g_assert_true (sl_test_bool (r, "detonates"));
  g_assert_cmpstr (sl_test_string (r, "resolves"), ==, "explosion-step");
  g_assert_false (sl_test_bool (r, "trigger_unit.stops"));
  g_assert_false (sl_test_has (r, "trigger_unit.damage"));
  g_assert_false (sl_test_has (r, "trigger_unit.penetration"));
}

/* T-35 both rows, P-38 and A-115: hit roll, scatter, damage profile. */
static void
test_t35_rows (void)
{
  g_autoptr(JsonNode) mortar = sl_test_resolve ("{'kind': 'fire-mission', 'mission': 'mortar',"
                                                " 'range_m': 40, 'roll': 5,"
                                                " 'scatter_rolls': [3]}");
  g_autoptr(JsonNode) missile = sl_test_resolve ("{'kind': 'fire-mission', 'mission': 'missile',"
                                                 " 'range_m': 40, 'roll': 7,"
                                                 " 'scatter_rolls': [9, 8]}");

  g_assert_cmpint (sl_test_int (mortar, "cost"), ==, 10);
  g_assert_cmpint (sl_test_int (mortar, "target"), ==, 4);
  g_assert_cmpfloat (sl_test_double (mortar, "probability"), ==, 0.4);
  g_assert_false (sl_test_bool (mortar, "on_target"));
  g_assert_cmpfloat (sl_test_double (mortar, "scatter.distance_m"), ==, 6);
  g_assert_cmpfloat (sl_test_double (mortar, "landing.along_m"), ==, 34);
  g_assert_cmpfloat (sl_test_double (mortar, "landing.from_leader_m"), ==, 34);
  g_assert_cmpstr (sl_test_string (mortar, "damage_profile.source"), ==, "mortar");
  g_assert_cmpint (sl_test_int (mortar, "damage_profile.charges"), ==, 3);
  g_assert_cmpint (sl_test_int (mortar, "damage_profile.reach_m"), ==, 15);

  g_assert_cmpint (sl_test_int (missile, "cost"), ==, 15);
  g_assert_cmpint (sl_test_int (missile, "target"), ==, 6);
  g_assert_cmpfloat (sl_test_double (missile, "probability"), ==, 0.6);
  g_assert_cmpfloat (sl_test_double (missile, "scatter.distance_m"), ==, 6);
  g_assert_cmpfloat (sl_test_double (missile, "landing.across_m"), ==, 6);
  g_assert_cmpint (sl_test_int (missile, "damage_profile.charges"), ==, 4);
  g_assert_cmpint (sl_test_int (missile, "damage_profile.reach_m"), ==, 18);

  g_assert_true (sl_test_resolve_bool ("{'kind': 'fire-mission', 'mission': 'mortar', 'roll': 4}",
                                       "on_target"));
  g_assert_true (sl_test_resolve_bool ("{'kind': 'fire-mission', 'mission': 'missile',"
                                       " 'roll': 6}", "on_target"));
  g_assert_false (sl_test_resolve_bool ("{'kind': 'fire-mission', 'mission': 'missile',"
                                        " 'roll': 10, 'scatter_rolls': [1]}", "on_target"));
  /* The progressive reading does not change the reach. */
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'fire-mission', 'mission': 'missile', 'roll': 1,"
                                        " 'options': {'multiChargeReading': 'progressive'}}",
                                        "damage_profile.reach_m"), ==, 18);
}

/* P-38 step 3, A-116, A-124: what cannot be targeted. */
static void
test_fire_mission_refusals (void)
{
  sl_test_assert_refused ("{'kind': 'fire-mission', 'mission': 'mortar', 'on_building': true}",
                          "on_building", "P-38");
  sl_test_assert_refused ("{'kind': 'fire-mission', 'mission': 'mortar', 'target_hidden': true}",
                          "target_hidden", "hidden");
  sl_test_assert_refused ("{'kind': 'fire-mission', 'mission': 'missile', 'holotarp': true}",
                          "holotarp", "A-124");
  sl_test_assert_refused ("{'kind': 'fire-mission', 'mission': 'missile', 'holotarp': true,"
                          " 'options': {'holotarpMode': 'modifier'}}", "holotarp", "A-124");
  sl_test_assert_refused ("{'kind': 'fire-mission', 'roll': 3}", "mission", NULL);
  sl_test_assert_refused ("{'kind': 'fire-mission', 'mission': 'artillery'}", "mission", NULL);
  sl_test_assert_refused ("{'kind': 'fire-mission', 'mission': 'mortar', 'spotter': 'drone'}",
                          "spotter", NULL);
  sl_test_assert_refused ("{'kind': 'fire-mission', 'mission': 'mortar', 'through_window': true}",
                          "through_window", NULL);
}

/* A-114 option fireMissionSpotter: the calling leader only. */
static void
test_option_fire_mission_spotter_a114 (void)
{
  static const char * const spotters[] = { "calling-leader", "friendly-unit", "ground-sensor" };

  for (guint i = 0; i < G_N_ELEMENTS (spotters); i++)
    {
      g_autofree char *plain = g_strdup_printf ("{'kind': 'fire-mission', 'mission': 'mortar',"
                                                " 'spotter': '%s', 'roll': 2}", spotters[i]);
      g_autofree char *leader = g_strdup_printf ("{'kind': 'fire-mission', 'mission': 'mortar',"
                                                 " 'spotter': '%s', 'roll': 2, 'options':"
                                                 " {'fireMissionSpotter': 'calling-leader'}}",
                                                 spotters[i]);
      g_autofree char *spotter = sl_test_resolve_string (plain, "spotter");

      g_assert_cmpstr (spotter, ==, spotters[i]);
      if (i == 0)
        g_assert_true (sl_test_resolve_bool (leader, "on_target"));
      else
        sl_test_assert_refused (leader, "spotter", "A-114");
    }
}

/* A-80 placeholder zones and A-81: nothing unless breached. */
static void
test_shaped_charge_zones (void)
{
  struct { double distance; const char *zone; int pf; } rows[] = {
    { 0, "A", 5 }, { 2, "A", 5 }, { 2.5, "B", 3 }, { 5, "B", 3 }, { 5.5, "none", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'shaped-charge', 'breached': true,"
                                                  " 'distance_m': %g}", rows[i].distance);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_assert_cmpstr (sl_test_string (r, "zone"), ==, rows[i].zone);
      g_assert_cmpint (sl_test_int (r, "penetration"), ==, rows[i].pf);
      g_assert_true (sl_test_bool (r, "affected") == (rows[i].pf > 0));
    }

  {
    g_autoptr(JsonNode) side = sl_test_resolve ("{'kind': 'shaped-charge', 'breached': true,"
                                                " 'distance_m': 1, 'in_strip': false}");
    g_autoptr(JsonNode) closed = sl_test_resolve ("{'kind': 'shaped-charge', 'breached': false}");
    g_autoptr(JsonNode) hit = sl_test_resolve ("{'kind': 'shaped-charge', 'breached': true,"
                                               " 'distance_m': 1, 'target': {'armor': 'BI'}}");

    g_assert_cmpstr (sl_test_string (side, "zone"), ==, "none");
    g_assert_cmpstr (sl_test_string (closed, "zone"), ==, "none");
    g_assert_nonnull (strstr (sl_test_string (closed, "reason"), "A-81"));
    g_assert_cmpint (sl_test_int (hit, "damage.levels"), ==, 2);
    g_assert_true (sl_test_bool (hit, "damage.dazed"));
    g_assert_true (sl_test_bool (hit, "loses_action"));
  }
}

/* every placeholder parameter is an option. */
static void
test_option_shaped_charge_a80 (void)
{
  const char *options = ", 'options': {'shapedChargeZoneAPF': 7, 'shapedChargeZoneAMax': 3,"
                        " 'shapedChargeZoneBPF': 4, 'shapedChargeZoneBMax': 8}";
  g_autofree char *a = g_strdup_printf ("{'kind': 'shaped-charge', 'breached': true,"
                                        " 'distance_m': 3%s}", options);
  g_autofree char *b = g_strdup_printf ("{'kind': 'shaped-charge', 'breached': true,"
                                        " 'distance_m': 7%s}", options);

  assert_resolved_string (a, "zone", "A");
  g_assert_cmpint (sl_test_resolve_int (a, "penetration"), ==, 7);
  assert_resolved_string (b, "zone", "B");
  g_assert_cmpint (sl_test_resolve_int (b, "penetration"), ==, 4);
  /* The same distances with the defaults: B, and beyond B. */
  assert_resolved_string ("{'kind': 'shaped-charge', 'breached': true,"
                          " 'distance_m': 3}", "zone", "B");
  assert_resolved_string ("{'kind': 'shaped-charge', 'breached': true,"
                          " 'distance_m': 7}", "zone", "none");
  /* shapedChargeObstaclePF decides whether a wall is breached. */
  g_assert_false (sl_test_resolve_bool ("{'kind': 'shaped-charge', 'obstacle': 'external-bulkhead',"
                                        " 'obstacle_damage': 1, 'distance_m': 1}", "breached"));
  g_assert_true (sl_test_resolve_bool ("{'kind': 'shaped-charge', 'obstacle': 'external-bulkhead',"
                                       " 'obstacle_damage': 1, 'distance_m': 1,"
                                       " 'options': {'shapedChargeObstaclePF': 11}}", "breached"));
}

/* A-81 through the obstacle engine: doors are destroyed outright, walls
 * need 5 levels. */
static void
test_shaped_charge_obstacles_a81 (void)
{
  g_autoptr(JsonNode) door = sl_test_resolve ("{'kind': 'shaped-charge', 'obstacle': 'airlock-door',"
                                              " 'distance_m': 2, 'target': {'armor': 'LI'}}");
  g_autoptr(JsonNode) wall = sl_test_resolve ("{'kind': 'shaped-charge',"
                                              " 'obstacle': 'external-bulkhead', 'distance_m': 2,"
                                              " 'target': {'armor': 'LI'}}");
  g_autoptr(JsonNode) second = sl_test_resolve ("{'kind': 'shaped-charge',"
                                                " 'obstacle': 'external-bulkhead',"
                                                " 'obstacle_damage': 3, 'distance_m': 4}");

  g_assert_true (sl_test_bool (door, "breached"));
  g_assert_cmpstr (sl_test_string (door, "obstacle.marker"), ==, "breach");
  g_assert_cmpstr (sl_test_string (door, "zone"), ==, "A");
  g_assert_cmpint (sl_test_int (door, "damage.levels"), ==, 3);
  /* AF 7: 3 levels, not yet a hole; the damage stays recorded. */
  g_assert_false (sl_test_bool (wall, "breached"));
  g_assert_cmpfloat (sl_test_double (wall, "obstacle.total"), ==, 3);
  g_assert_cmpstr (sl_test_string (wall, "zone"), ==, "none");
  g_assert_false (sl_test_has (wall, "damage"));
  /* The second charge finishes it. */
  g_assert_true (sl_test_bool (second, "breached"));
  g_assert_cmpstr (sl_test_string (second, "zone"), ==, "B");

  sl_test_assert_refused ("{'kind': 'shaped-charge', 'obstacle': 'internal-wall',"
                          " 'obstacle_damage': 5, 'distance_m': 1}", "obstacle_damage",
                          "already destroyed");
  sl_test_assert_refused ("{'kind': 'shaped-charge', 'breached': true, 'obstacle': 'internal-wall',"
                          " 'distance_m': 1}", "breached", NULL);
  sl_test_assert_refused ("{'kind': 'shaped-charge', 'distance_m': 1}", "breached", NULL);
  sl_test_assert_refused ("{'kind': 'shaped-charge', 'breached': true}", "distance_m", NULL);
  sl_test_assert_refused ("{'kind': 'shaped-charge', 'breached': true, 'distance_m': 1,"
                          " 'obstacle_damage': 2}", "obstacle_damage", NULL);
}

/* The engine directly: scatter rerolls and landing geometry. */
static void
test_engine_scatter (void)
{
  SlRules *rules = sl_test_rules ();
  g_autoptr(SlDice) dice = sl_dice_new ();
  SlScatter scatter;
  SlLanding landing;

  sl_dice_give (dice, "s", 10);
  sl_dice_give (dice, "s", 10);
  sl_dice_give (dice, "s", 9);
  sl_dice_give (dice, "s", 2);
  sl_dice_give (dice, "s", 7);
  sl_scatter_roll (rules, SL_GRENADE_LAUNCHER, SL_GRENADE_BAND_NONE, TRUE, dice, "s", &scatter);
  g_assert_cmpint (scatter.multiplier, ==, 3);
  g_assert_cmpint (scatter.direction, ==, SL_SCATTER_RIGHT);
  g_assert_cmpuint (scatter.n_rolls, ==, 5);
  g_assert_cmpfloat (scatter.distance_m, ==, 12);

  sl_scatter_landing (rules, SL_GRENADE_LAUNCHER, 10, &scatter, &landing);
  g_assert_cmpfloat (landing.along_m, ==, 10);
  g_assert_cmpfloat (landing.across_m, ==, 12);
  g_assert_false (landing.moved);
  sl_scatter_landing (rules, SL_GRENADE_HAND, 5, NULL, &landing);
  g_assert_cmpfloat (landing.from_origin_m, ==, 5);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/explosives/grenade/E-33", test_e33_grenade_throw);
  g_test_add_func ("/explosives/grenade/E-34", test_e34_repeated_multiplier);
  g_test_add_func ("/explosives/grenade/T-27-rows", test_t27_rows);
  g_test_add_func ("/explosives/grenade/probabilities-P-34", test_hand_probabilities);
  g_test_add_func ("/explosives/grenade/T-28-rows", test_t28_rows);
  g_test_add_func ("/explosives/grenade/at-obstacle-P-34", test_scatter_at_obstacle);
  g_test_add_func ("/explosives/grenade/T-29-rows", test_t29_rows);
  g_test_add_func ("/explosives/grenade/landing-A-107", test_landing_a107);
  g_test_add_func ("/explosives/grenade/range-limits-P-34", test_hand_range_limits);
  g_test_add_func ("/explosives/grenade/launcher-P-35", test_launcher_p35);
  g_test_add_func ("/explosives/grenade/salvo-A-113", test_launcher_salvo);
  g_test_add_func ("/explosives/grenade/salvo-max-P-35-A-113", test_launcher_salvo_max);
  g_test_add_func ("/explosives/grenade/jam-A-56", test_jam_a56);
  g_test_add_func ("/explosives/grenade/mortar-missile-T-35", test_mortar_missile_rolls);
  g_test_add_func ("/explosives/grenade/T-31-rows", test_t31_rows);
  g_test_add_func ("/explosives/grenade/smoke", test_smoke_throw);
  g_test_add_func ("/explosives/grenade/option-grenadeAllRangedMods-A-105",
                   test_option_all_ranged_mods_a105);
  g_test_add_func ("/explosives/grenade/option-grenadeDetonationDelay-A-108",
                   test_option_detonation_delay_a108);
  g_test_add_func ("/explosives/grenade/option-sensorSpotsForLauncher-A-121",
                   test_option_sensor_spots_a121);
  g_test_add_func ("/explosives/grenade/option-launcherMixedLoads-A-113",
                   test_option_mixed_loads_a113);
  g_test_add_func ("/explosives/grenade/malformed", test_grenade_malformed);
  g_test_add_func ("/explosives/grenade/engine-scatter", test_engine_scatter);
  g_test_add_func ("/explosives/blast/T-30-rows", test_t30_rows);
  g_test_add_func ("/explosives/blast/T-33-rows", test_t33_rows);
  g_test_add_func ("/explosives/blast/T-34a-rows-option-multiChargeReading-A-85", test_t34a_rows);
  g_test_add_func ("/explosives/blast/cover-A-110", test_cover_a110);
  g_test_add_func ("/explosives/blast/damage-A-66-A-67", test_blast_damage);
  g_test_add_func ("/explosives/blast/sacrifice-dive-A-111", test_sacrifice_dive_a111);
  g_test_add_func ("/explosives/blast/walls-A-83-A-116", test_walls_a83_a116);
  g_test_add_func ("/explosives/blast/option-smokeDuration-A-112", test_option_smoke_duration_a112);
  g_test_add_func ("/explosives/blast/malformed", test_blast_malformed);
  g_test_add_func ("/explosives/charge-shot/T-32-rows-A-84", test_t32_rows);
  g_test_add_func ("/explosives/charge-shot/weapons", test_charge_shot_weapons);
  g_test_add_func ("/explosives/mine/P-37", test_mine_p37);
  g_test_add_func ("/explosives/mine/chain-P-37", test_mine_chain);
  g_test_add_func ("/explosives/mine/option-minesInExplosionStep-A-82",
                   test_option_mines_explosion_step_a82);
  g_test_add_func ("/explosives/fire-mission/T-35-rows", test_t35_rows);
  g_test_add_func ("/explosives/fire-mission/refusals-P-38", test_fire_mission_refusals);
  g_test_add_func ("/explosives/fire-mission/option-fireMissionSpotter-A-114",
                   test_option_fire_mission_spotter_a114);
  g_test_add_func ("/explosives/shaped-charge/zones-A-80", test_shaped_charge_zones);
  g_test_add_func ("/explosives/shaped-charge/option-shapedCharge-A-80",
                   test_option_shaped_charge_a80);
  g_test_add_func ("/explosives/shaped-charge/obstacles-A-81", test_shaped_charge_obstacles_a81);

  return g_test_run ();
}
