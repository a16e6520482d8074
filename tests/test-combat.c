/* test-combat.c: ranged combat, damage, bursts and obstacles
 * (digest P-14 … P-20, P-25, P-26, P-30; T-14, T-16, T-18, T-21;
 * worked examples E-16, E-17, E-18, E-22, E-26, E-27)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-combat.h"
#include "sl-options.h"
#include "sl-test.h"

/* A trooper of E-01's squad: Combat Arms, human, BI suit, spike rifle. */
#define TROOPER "'troop': 'combat-arms', 'armor': 'BI', 'weapon': 'SR'"
/* The same firer without fire control, to isolate single modifiers. */
#define PLAIN "'troop': 'combat-arms', 'armor': 'TS', 'weapon': 'LR'"

static gint64
modifier_of (const char *request)
{
  return sl_test_resolve_int (request, "modifier");
}

/* E-16: prone BI firer at night, walking target in light woods: −2 −1 +1
 * +1 +3 = +2; a roll of 4 gives 6 ≤ 7, a hit. */
static void
test_e16_ranged_example (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve (
    "{'kind': 'to-hit', 'firer': {" TROOPER ", 'prone': true},"
    " 'target': {'movement': 'walk', 'cover': 'light-woods'},"
    " 'conditions': {'night': true}, 'roll': 4}");

  g_assert_cmpint (sl_test_int (r, "modifier"), ==, 2);
  g_assert_cmpint (sl_test_int (r, "net"), ==, 6);
  g_assert_cmpint (sl_test_int (r, "target"), ==, 7);
  g_assert_true (sl_test_bool (r, "hit"));
  g_assert_true (sl_test_bool (r, "dazed"));
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "fire-control"), ==, -2);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "firing-prone"), ==, -1);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "night"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "target-movement"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "cover"), ==, 3);
  /* Naturals 1–5 hit: exactly 50 %, and 5 is the highest roll that hits. */
  g_assert_cmpfloat (sl_test_double (r, "probability"), ==, 0.5);
  g_assert_cmpint (sl_test_int (r, "needed"), ==, 5);
  g_assert_cmpint (sl_test_int (r, "penetration"), ==, 5);
}

/* the odds are (7 − mods)/10, clamped to 10 % … 90 % by the naturals. */
static void
test_probabilities_a08 (void)
{
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'to-hit', 'firer': {" PLAIN "}, 'roll': 5}",
                                             "probability"), ==, 0.7);
  /* Aimed −3 with fire control −2: 7 + 5 = 12, yet a natural 10 misses. */
  g_assert_cmpfloat (sl_test_resolve_double (
                       "{'kind': 'to-hit', 'fire': 'aimed', 'firer': {" TROOPER ", 'prone': true},"
                       " 'roll': 9}", "probability"), ==, 0.9);
  g_assert_true (sl_test_resolve_bool ("{'kind': 'to-hit', 'fire': 'aimed',"
                                       " 'firer': {" TROOPER ", 'prone': true}, 'roll': 9}", "hit"));
  g_assert_false (sl_test_resolve_bool ("{'kind': 'to-hit', 'fire': 'aimed',"
                                        " 'firer': {" TROOPER ", 'prone': true}, 'roll': 10}", "hit"));
  /* Smoke +5, sprinting +5: only the natural 1 hits. */
  g_assert_cmpfloat (sl_test_resolve_double (
                       "{'kind': 'to-hit', 'firer': {" PLAIN ", 'movement': 'sprint'},"
                       " 'conditions': {'smoke': true}, 'roll': 2}", "probability"), ==, 0.1);
  g_assert_true (sl_test_resolve_bool (
                   "{'kind': 'to-hit', 'firer': {" PLAIN ", 'movement': 'sprint'},"
                   " 'conditions': {'smoke': true}, 'roll': 1, 'jam_roll': 5}", "hit"));
}

/* Every row of T-14 with its printed value, one at a time. */
static void
test_t14_rows (void)
{
  struct { const char *request; const char *source; int value; } rows[] = {
    { "'firer': {" PLAIN ", 'movement': 'walk'}", "firer-movement", 1 },
    { "'firer': {" PLAIN ", 'movement': 'run'}", "firer-movement", 3 },
    { "'firer': {" PLAIN ", 'movement': 'sprint'}", "firer-movement", 5 },
    { "'firer': {" PLAIN ", 'movement': 'crawl', 'prone': true}", "firer-movement", 2 },
    { "'firer': {" PLAIN ", 'movement': 'jump'}", "firer-movement", 3 },
    { "'firer': {" PLAIN ", 'movement': 'backward'}", "firer-movement", 1 },   /* */
    { "'firer': {" PLAIN ", 'movement': 'sideways'}", "firer-movement", 1 },   /* */
    { "'firer': {" PLAIN ", 'facing_change': 'small'}", "facing-change", 1 },
    { "'firer': {" PLAIN ", 'facing_change': 'large'}", "facing-change", 3 },
    { "'firer': {" PLAIN "}, 'target': {'movement': 'walk'}", "target-movement", 1 },
    { "'firer': {" PLAIN "}, 'target': {'movement': 'run'}", "target-movement", 3 },
    { "'firer': {" PLAIN "}, 'target': {'movement': 'sprint'}", "target-movement", 4 },
    { "'firer': {" PLAIN "}, 'target': {'movement': 'jump'}", "target-movement", 2 },
    { "'firer': {" PLAIN "}, 'target': {'movement': 'dive'}", "target-movement", 4 },
    { "'firer': {" PLAIN "}, 'target': {'movement': 'sideways'}", "target-movement", 1 },
    { "'firer': {" PLAIN ", 'prone': true}", "firing-prone", -1 },
    { "'firer': {" PLAIN "}, 'target': {'prone': true}", "target-prone", 1 },
    { "'firer': {" PLAIN "}, 'target': {'vehicle': true}", "vehicle", -2 },
    { "'firer': {'troop': 'combat-arms', 'armor': 'LI', 'weapon': 'LR', 'stealth_power': true}",
      "stealth-power", 2 },
    { "'firer': {'troop': 'combat-arms', 'armor': 'LI', 'weapon': 'LR'},"
      " 'conditions': {'enemy_ecm': true}", "ecm", 2 },
    { "'firer': {" TROOPER "}", "fire-control", -2 },
    { "'firer': {'troop': 'combat-arms', 'armor': 'LI', 'weapon': 'LR'},"
      " 'conditions': {'night': true}", "night", 1 },
    { "'firer': {" PLAIN "}, 'conditions': {'night': true}", "night", 2 },
    { "'firer': {" PLAIN "}, 'conditions': {'smoke': true}", "smoke", 5 },
    { "'firer': {" PLAIN "}, 'target': {'armor': 'LI', 'camo_tinter': true}", "camo-tinter", 1 },
    { "'firer': {" PLAIN "}, 'target': {'armor': 'RS'}", "target-suit", 3 },   /* */
    { "'firer': {" PLAIN "}, 'target': {'cover': 'half-soft'}", "cover", 1 },
    { "'firer': {" PLAIN "}, 'target': {'cover': 'half-hard'}", "cover", 2 },
    { "'firer': {" PLAIN "}, 'target': {'cover': 'full-soft', 'firing_at_firer': true}", "cover", 3 },
    { "'firer': {" PLAIN "}, 'target': {'cover': 'full-hard', 'firing_at_firer': true}", "cover", 5 },
    { "'firer': {" PLAIN "}, 'target': {'cover': 'window'}", "cover", 2 },
    { "'firer': {" PLAIN "}, 'target': {'cover': 'heavy-woods'}", "cover", 5 },   /* */
    { "'firer': {" PLAIN ", 'wound': 'moderate'}", "wound", 1 },                  /* T-16 */
    { "'firer': {" PLAIN ", 'wound': 'serious'}", "wound", 3 },
    { "'fire': 'aimed', 'firer': {" PLAIN "}", "aimed", -3 },                       /* */
    { "'fire': 'opportunity', 'firer': {" PLAIN "}", "opportunity", 1 },
    { "'burst': 'area', 'firer': {'troop': 'combat-arms', 'armor': 'TS', 'weapon': 'SR'}",
      "area-burst", 3 },
    { "'burst': 'concentrated', 'firer': {'troop': 'combat-arms', 'armor': 'TS', 'weapon': 'SR'}",
      "concentrated-burst", 1 },
    { "'firer': {'troop': 'tech', 'armor': 'TS', 'weapon': 'LR'}", "troop", 1 },
    { "'firer': {'troop': 'civilian', 'armor': 'TS', 'weapon': 'LR'}", "troop", 2 },
    { "'firer': {'troop': 'combat-arms', 'race': 'zog', 'armor': 'TS', 'weapon': 'LR'}", "race", -1 },
    { "'firer': {'troop': 'combat-arms', 'armor': 'TS', 'weapon': 'SAR'}", "weapon", 2 },
    { "'firer': {'troop': 'combat-arms', 'armor': 'TS', 'weapon': 'SMG'}", "weapon", 1 },
    { "'firer': {'troop': 'combat-arms', 'armor': 'TS', 'weapon': 'OR', 'omni_mode': 'slug'}",
      "weapon", 1 },
    { "'firer': {'troop': 'counter-insurgency', 'armor': 'LI', 'weapon': 'LR', 'ambushing': true}",
      "ambush", -1 },                                                              /* */
    { "'firer': {" PLAIN "}, 'conditions': {'rain': true}, 'range_m': 11", "rain", 1 },
    { "'firer': {" PLAIN "}, 'conditions': {'snow': true}, 'range_m': 6", "snow", 1 },
    { "'firer': {" PLAIN "}, 'conditions': {'snow': true}, 'range_m': 16", "snow", 2 },
    { "'firer': {" PLAIN "}, 'target': {'units_on_line': 1}", "cover", 1 },          /* */
    { "'firer': {" PLAIN "}, 'target': {'in_melee': true}", "cover", 1 },            /* */
    { "'firer': {" PLAIN "}, 'target': {'terrain': 'marsh'}", "terrain", 1 },        /* */
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'to-hit', %s, 'roll': 5}",
                                                  rows[i].request);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_test_message ("%s", request);
      g_assert_cmpint (sl_test_breakdown (r, "breakdown", rows[i].source), ==, rows[i].value);
    }
}

/* Conditions that change nothing: rain at 10 m, snow at 5 m, night and rain
 * indoors, ECM on a firer without a power suit, the tinter on a unit without
 * a power suit, a crawling target. */
static void
test_no_modifier_cases (void)
{
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'conditions': {'rain': true}, 'range_m': 10, 'roll': 3}"), ==, 0);
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'conditions': {'snow': true}, 'range_m': 5, 'roll': 3}"), ==, 0);
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'conditions': {'night': true, 'rain': true, 'indoors': true},"
                                " 'range_m': 20, 'roll': 3}"), ==, 0);
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'conditions': {'night': true, 'indoors': true, 'blackout': true},"
                                " 'roll': 3}"), ==, 2);
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'conditions': {'enemy_ecm': true}, 'roll': 3}"), ==, 0);
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'target': {'armor': 'TS', 'camo_tinter': true}, 'roll': 3}"), ==, 0);
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'target': {'movement': 'crawl', 'prone': true, 'cover': 'none'},"
                                " 'roll': 3}"), ==, 1);
}

/* §6.4: prone, all cover is full; kneeling, half becomes full. Such cover
 * blocks the line of sight unless the target fires toward the firer. */
static void
test_cover_positions (void)
{
  g_autofree char *m1 = NULL, *m2 = NULL, *m3 = NULL;

  m1 = sl_test_resolve_error ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                              " 'target': {'cover': 'half-soft', 'prone': true}, 'roll': 3}",
                              "target.cover");
  g_assert_nonnull (strstr (m1, "T-15"));
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'target': {'cover': 'half-hard', 'kneeling': true,"
                                " 'firing_at_firer': true}, 'roll': 3}"), ==, 5);
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'target': {'cover': 'half-soft', 'prone': true,"
                                " 'firing_at_firer': true}, 'roll': 3}"), ==, 3 + 1);
  m2 = sl_test_resolve_error ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                              " 'target': {'cover': 'full-hard'}, 'roll': 3}", "target.cover");
  g_assert_nonnull (strstr (m2, "Full cover"));
  m3 = sl_test_resolve_error ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                              " 'target': {'cover': 'window', 'kneeling': true,"
                              " 'firing_at_firer': true}, 'roll': 3}", "target.cover");
  g_assert_nonnull (strstr (m3, "window"));
  /* woods never block, whatever the position. */
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'target': {'cover': 'light-woods', 'prone': true}, 'roll': 3}"),
                   ==, 3 + 1);
  /* A kneeling or prone unit in a marsh is under full cover. */
  sl_test_assert_refused ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                          " 'target': {'terrain': 'marsh', 'prone': true}, 'roll': 3}",
                          "target.terrain", "A-38");
}

/* Shots the rules forbid are errors naming the rule. */
static void
test_forbidden_shots (void)
{
  struct { const char *request; const char *field; const char *rule; } cases[] = {
    { "'firer': {" PLAIN ", 'movement': 'dive'}", "firer.movement", "T-14" },
    { "'fire': 'aimed', 'firer': {" PLAIN ", 'movement': 'walk'}", "fire", "T-05" },
    { "'fire': 'aimed', 'firer': {" PLAIN ", 'facing_change': 'small'}", "fire", "T-05" },
    { "'fire': 'opportunity', 'firer': {" PLAIN ", 'movement': 'walk'}", "fire", "P-09" },
    { "'firer': {" PLAIN ", 'movement': 'crawl'}", "firer.movement", "T-05" },
    { "'firer': {" PLAIN ", 'movement': 'run', 'prone': true}", "firer.movement", "6.4" },
    { "'firer': {" PLAIN ", 'movement': 'walk', 'kneeling': true}", "firer.movement", "6.4" },
    { "'firer': {" PLAIN ", 'wound': 'unconscious'}", "firer.wound", "T-16" },
    { "'firer': {" PLAIN ", 'movement': 'sprint'}, 'conditions': {'night': true}",
      "firer.movement", "T-36" },
    { "'firer': {" PLAIN ", 'movement': 'sprint'}, 'conditions': {'zero_g': true}",
      "firer.movement", "7.9" },
    { "'firer': {'troop': 'marines', 'armor': 'MZG', 'weapon': 'SAR'}, 'conditions': {'zero_g': true}",
      "firer.weapon", "7.9" },
    { "'firer': {'troop': 'marines', 'armor': 'MZG', 'weapon': 'OR', 'omni_mode': 'slug'},"
      " 'conditions': {'zero_g': true}", "firer.omni_mode", "7.9" },
    { "'firer': {" PLAIN ", 'stealth_power': true}", "firer.stealth_power", "15.13" },
    { "'burst': 'area', 'firer': {" PLAIN "}", "burst", "T-12" },
    { "'burst': 'concentrated', 'consecutive': 3,"
      " 'firer': {'troop': 'combat-arms', 'armor': 'TS', 'weapon': 'SR'}", "consecutive", "P-30" },
    { "'burst': 'area', 'fire': 'aimed', 'firer': {'troop': 'combat-arms', 'armor': 'TS', 'weapon': 'SR'}",
      "burst", "P-30" },
    { "'firer': {" PLAIN "}, 'target': {'hidden': true}", "target.hidden", "15.1" },
    { "'firer': {" PLAIN "}, 'conditions': {'rain': true}", "range_m", "T-36" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'to-hit', %s, 'roll': 3}",
                                                  cases[i].request);
      g_autofree char *message = sl_test_resolve_error (request, cases[i].field);

      g_test_message ("%s → %s", request, message);
      g_assert_nonnull (strstr (message, cases[i].rule));
    }
}

/* P-16 and A-56: a natural 1 hits and calls a jam check; 1–2 jams. */
static void
test_jam_p16 (void)
{
  g_autoptr(JsonNode) jams = sl_test_resolve ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                              " 'roll': 1, 'jam_roll': 2}");
  g_autoptr(JsonNode) clear = sl_test_resolve ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                               " 'roll': 1, 'jam_roll': 3}");
  g_autoptr(JsonNode) rolled = sl_test_resolve ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                                " 'roll': 1}");
  g_autoptr(JsonNode) no_check = sl_test_resolve ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                                  " 'roll': 2, 'jam_roll': 1}");

  g_assert_true (sl_test_bool (jams, "hit"));
  g_assert_true (sl_test_bool (jams, "jammed"));
  g_assert_cmpint (sl_test_int (jams, "jam_roll"), ==, 2);
  g_assert_true (sl_test_bool (clear, "hit"));
  g_assert_false (sl_test_bool (clear, "jammed"));
  /* The app rolls the jam die when it is not given, and says so. */
  g_assert_cmpint (sl_test_int (rolled, "rolls.jam_roll"), ==, sl_test_int (rolled, "jam_roll"));
  g_assert_false (sl_test_has (rolled, "rolls.roll"));
  /* No natural 1, no jam check. */
  g_assert_false (sl_test_bool (no_check, "jammed"));
  g_assert_false (sl_test_has (no_check, "jam_roll"));
}

/* A die that is not given is rolled and reported under "rolls". */
static void
test_rolled_die_reported (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'to-hit', 'firer': {" PLAIN "}}");
  gint64 roll = sl_test_int (r, "rolls.roll");

  g_assert_cmpint (roll, >=, 1);
  g_assert_cmpint (roll, <=, 10);
  g_assert_cmpint (sl_test_int (r, "natural"), ==, roll);
}

static void
test_option_fire_control_a44 (void)
{
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" TROOPER "}, 'roll': 3}"), ==, -2);
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" TROOPER "}, 'roll': 3,"
                                " 'options': {'fireControlBonus': 0}}"), ==, 0);
}

static void
test_option_woods_a45 (void)
{
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'target': {'cover': 'light-woods'}, 'roll': 3}"), ==, 3);
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'target': {'cover': 'light-woods'}, 'roll': 3,"
                                " 'options': {'woodsFireModifier': 'terrain-table'}}"), ==, 1);
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'target': {'terrain': 'heavy-woods'}, 'roll': 3,"
                                " 'options': {'woodsFireModifier': 'terrain-table'}}"), ==, 3);
  /* Woods count once per shot, even when the firer stands in them too. */
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN ", 'terrain': 'light-woods'},"
                                " 'target': {'cover': 'light-woods'}, 'roll': 3}"), ==, 3);
}

static void
test_option_stack_cover_a47 (void)
{
#define STACK_REQUEST "{'kind': 'to-hit', 'firer': {" PLAIN "}," \
                      " 'target': {'cover': ['half-soft', 'half-hard', 'light-woods']}, 'roll': 3"
  const char *single = STACK_REQUEST "}";
  const char *stacked = STACK_REQUEST ", 'options': {'stackCover': true}}";

  g_assert_cmpint (modifier_of (single), ==, 3);
  g_assert_cmpint (modifier_of (stacked), ==, 1 + 2 + 3);
  /* A cover that changes nothing says why (issue 31 #6): named at +0. */
  {
    g_autoptr(JsonNode) r = sl_test_resolve (single);
    JsonArray *breakdown = json_node_get_array (sl_test_member (r, "breakdown"));
    guint not_counted = 0;

    for (guint i = 0; i < json_array_get_length (breakdown); i++)
      {
        JsonObject *m = json_array_get_object_element (breakdown, i);

        if (strstr (json_object_get_string_member (m, "label"), ": not counted, only the highest cover counts (A-47)"))
          {
            g_assert_cmpint (json_object_get_int_member (m, "value"), ==, 0);
            not_counted++;
          }
      }
    g_assert_cmpuint (not_counted, ==, 2);
  }
}

static void
test_option_firer_own_cover_a47 (void)
{
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'firer_cover': 'half-hard', 'roll': 3}"), ==, 0);
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'firer_cover': 'half-hard', 'roll': 3,"
                                " 'options': {'ignoreFirerOwnCover': false}}"), ==, 2);
}

static void
test_option_marsh_a48 (void)
{
  g_assert_cmpint (sl_test_resolve_breakdown (
                     "{'kind': 'to-hit', 'firer': {" PLAIN ", 'terrain': 'marsh'},"
                     " 'target': {'terrain': 'marsh'}, 'roll': 3}", "terrain"), ==, 1);
  g_assert_cmpint (sl_test_resolve_breakdown (
                     "{'kind': 'to-hit', 'firer': {" PLAIN ", 'terrain': 'marsh'},"
                     " 'target': {'terrain': 'marsh'}, 'roll': 3,"
                     " 'options': {'terrainModifierPerUnit': true}}", "terrain"), ==, 2);
}

static void
test_option_crawling_target_a49 (void)
{
  g_assert_cmpint (sl_test_resolve_breakdown (
                     "{'kind': 'to-hit', 'firer': {" PLAIN "},"
                     " 'target': {'movement': 'crawl', 'prone': true}, 'roll': 3,"
                     " 'options': {'targetCrawlingModifier': 1}}", "target-movement"), ==, 1);
}

static void
test_option_camo_tinter_a123 (void)
{
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                " 'target': {'armor': 'TS', 'camo_tinter': true}, 'roll': 3,"
                                " 'options': {'camoTinterAllUnits': true}}"), ==, 1);
}

static void
test_option_smoke_a112 (void)
{
  g_autofree char *message = sl_test_resolve_error (
    "{'kind': 'to-hit', 'firer': {" PLAIN "}, 'conditions': {'smoke': true}, 'roll': 3,"
    " 'options': {'smokeBlocksLOS': true}}", "conditions.smoke");

  g_assert_nonnull (strstr (message, "A-112"));
}

/* a miss at a unit in melee may hit the other participant. */
static void
test_option_melee_miss_a58 (void)
{
  g_autoptr(JsonNode) off = sl_test_resolve ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                             " 'target': {'in_melee': true}, 'roll': 9,"
                                             " 'other_roll': 2}");
  g_autoptr(JsonNode) on = sl_test_resolve ("{'kind': 'to-hit', 'firer': {" PLAIN "},"
                                            " 'target': {'in_melee': true}, 'roll': 9,"
                                            " 'other_roll': 2, 'options': {'meleeMissHitsOther': true}}");

  g_assert_false (sl_test_bool (off, "hit"));
  g_assert_false (sl_test_has (off, "other_participant"));
  g_assert_false (sl_test_bool (on, "hit"));
  g_assert_true (sl_test_bool (on, "other_participant.hit"));
  g_assert_cmpint (sl_test_int (on, "other_participant.net"), ==, 3);
}

/* E-26: consecutive bursts take +1 per burst after the first. */
static void
test_e26_consecutive_bursts (void)
{
#define BURST_REQUEST "{'kind': 'to-hit', 'burst': '%s', 'consecutive': %d," \
                      " 'firer': {'troop': 'combat-arms', 'armor': 'TS', 'weapon': 'SR'}, 'roll': 3}"

  for (int n = 1; n <= 3; n++)
    {
      g_autofree char *area = g_strdup_printf (BURST_REQUEST, "area", n);
      g_assert_cmpint (modifier_of (area), ==, 3 + (n - 1));
    }
  for (int n = 1; n <= 2; n++)
    {
      g_autofree char *conc = g_strdup_printf (BURST_REQUEST, "concentrated", n);
      g_assert_cmpint (modifier_of (conc), ==, 1 + (n - 1));
    }
}

/* P-30: movement modifiers are ignored for both sides in an area burst. */
static void
test_area_burst_ignores_movement (void)
{
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'burst': 'area',"
                                " 'firer': {'troop': 'combat-arms', 'armor': 'TS', 'weapon': 'SR',"
                                " 'movement': 'run'}, 'target': {'movement': 'sprint'}, 'roll': 3}"),
                   ==, 3);
  g_assert_cmpint (modifier_of ("{'kind': 'to-hit', 'burst': 'concentrated',"
                                " 'firer': {'troop': 'combat-arms', 'armor': 'TS', 'weapon': 'SR',"
                                " 'movement': 'run'}, 'target': {'movement': 'sprint'}, 'roll': 3}"),
                   ==, 1 + 3 + 4);
}

/* E-17: PF 5 against a human in BI (AF 3) with L ticked: 2 levels, M and S
 * ticked, now Serious and dazed. */
static void
test_e17_damage (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'damage', 'weapon': 'SR', 'armor': 'BI',"
                                           " 'race': 'human', 'wound': 'light'}");
  JsonArray *boxes;

  g_assert_cmpint (sl_test_int (r, "levels"), ==, 2);
  g_assert_cmpstr (sl_test_string (r, "wound"), ==, "serious");
  g_assert_true (sl_test_bool (r, "dazed"));
  g_assert_false (sl_test_bool (r, "out"));
  boxes = json_node_get_array (sl_test_member (r, "boxes"));
  g_assert_cmpuint (json_array_get_length (boxes), ==, 3);
  g_assert_cmpstr (json_array_get_string_element (boxes, 2), ==, "S");
}

/* P-20: PF − (AF + race armor), A-65; no wound still dazes (P-19). */
static void
test_damage_formula (void)
{
  /* Baufrin +1 armor: 5 − 4 = 1; KessRith −1: 5 − 2 = 3. */
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'damage', 'penetration': 5, 'armor': 'BI',"
                                        " 'race': 'baufrin'}", "levels"), ==, 1);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'damage', 'penetration': 5, 'armor': 'BI',"
                                        " 'race': 'kessrith'}", "levels"), ==, 3);
  /* OMNI slug PF 6 against MZG AF 4: 2 levels. */
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'damage', 'weapon': 'OR', 'omni_mode': 'slug',"
                                        " 'armor': 'MZG'}", "levels"), ==, 2);
  /* No penetration: no wound, still dazed. */
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'damage', 'weapon': 'P', 'armor': 'MZG'}");
    g_assert_cmpint (sl_test_int (r, "levels"), ==, 0);
    g_assert_cmpstr (sl_test_string (r, "wound"), ==, "none");
    g_assert_true (sl_test_bool (r, "dazed"));
  }
  /* Five boxes: SAR PF 7 against no suit kills outright. */
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'damage', 'weapon': 'SAR', 'armor': 'NONE'}");
    g_assert_cmpint (sl_test_int (r, "levels"), ==, 7);
    g_assert_cmpstr (sl_test_string (r, "wound"), ==, "dead");
    g_assert_true (sl_test_bool (r, "out"));
    g_assert_false (sl_test_bool (r, "dazed"));
  }
  /* Unconscious at the fourth level. */
  {
    g_autofree char *wound = sl_test_resolve_string ("{'kind': 'damage', 'penetration': 5,"
                                                     " 'armor': 'LI', 'wound': 'light'}", "wound");
    g_assert_cmpstr (wound, ==, "unconscious");
  }
}

/* a natural 1 on the to-hit roll inflicts at least one level. */
static void
test_natural_one_a66 (void)
{
  g_autoptr(JsonNode) one = sl_test_resolve ("{'kind': 'damage', 'weapon': 'P', 'armor': 'MZG',"
                                             " 'natural_roll': 1}");
  g_autoptr(JsonNode) two = sl_test_resolve ("{'kind': 'damage', 'weapon': 'P', 'armor': 'MZG',"
                                             " 'natural_roll': 2}");
  g_autoptr(JsonNode) burst = sl_test_resolve ("{'kind': 'damage', 'weapon': 'SMG', 'armor': 'MZG',"
                                               " 'natural_roll': 1, 'rounds': 3}");
  g_autoptr(JsonNode) every = sl_test_resolve ("{'kind': 'damage', 'weapon': 'SMG', 'armor': 'MZG',"
                                               " 'natural_roll': 1, 'rounds': 3,"
                                               " 'options': {'natural1MinWoundPerBurst': 'every-round'}}");

  g_assert_cmpint (sl_test_int (one, "levels"), ==, 1);
  g_assert_true (sl_test_bool (one, "natural_one"));
  g_assert_cmpint (sl_test_int (two, "levels"), ==, 0);
  g_assert_cmpint (sl_test_int (burst, "levels"), ==, 1);
  g_assert_cmpint (sl_test_int (every, "levels"), ==, 3);
  /* Blasts have no to-hit roll. */
  sl_test_assert_refused ("{'kind': 'damage', 'source': 'blast', 'penetration': 2,"
                          " 'natural_roll': 1}", "natural_roll", "A-66");
}

/* each round of a burst resolves its own PF − AF. */
static void
test_burst_damage_a94 (void)
{
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'damage', 'weapon': 'SR', 'armor': 'LI',"
                                        " 'rounds': 2}", "levels"), ==, 6);
}

/* P-24 and A-67: melee deals one level and never dazes; vacuum wounds daze
 * unless the option says otherwise. */
static void
test_damage_sources (void)
{
  g_autoptr(JsonNode) melee = sl_test_resolve ("{'kind': 'damage', 'source': 'melee',"
                                               " 'armor': 'MZG'}");
  g_autoptr(JsonNode) vacuum = sl_test_resolve ("{'kind': 'damage', 'source': 'vacuum'}");
  g_autoptr(JsonNode) no_daze = sl_test_resolve ("{'kind': 'damage', 'source': 'vacuum',"
                                                 " 'options': {'vacuumWoundsDaze': false}}");
  g_assert_cmpint (sl_test_int (melee, "levels"), ==, 1);
  g_assert_false (sl_test_bool (melee, "dazed"));
  g_assert_cmpint (sl_test_int (vacuum, "levels"), ==, 1);
  g_assert_true (sl_test_bool (vacuum, "dazed"));
  g_assert_false (sl_test_bool (no_daze, "dazed"));
  sl_test_assert_refused ("{'kind': 'damage', 'source': 'melee', 'penetration': 5}",
                          "penetration", "P-24");
}

/* E-18: dazes never worsen the wound level. */
static void
test_e18_daze_keeps_wound (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'damage', 'penetration': 2, 'armor': 'BI',"
                                           " 'wound': 'light'}");

  g_assert_cmpstr (sl_test_string (r, "wound"), ==, "light");
  g_assert_true (sl_test_bool (r, "dazed"));
}

/* T-21, the derived lookup (digest §15.3), with and without A-93. */
static void
test_t21_burst_hits (void)
{
  static const int five_default[] = { 1, 1, 1, 1, 2, 2, 3, 3, 4, 4 };
  static const int five_literal[] = { 0, 0, 1, 1, 2, 2, 3, 3, 4, 4 };
  static const int four[] = { 1, 1, 1, 1, 1, 1, 2, 2, 3, 3 };
  static const int three[] = { 1, 1, 1, 1, 1, 1, 1, 1, 2, 2 };
  SlRules *rules = sl_test_rules ();
  SlOptions options = *sl_test_defaults ();

  for (int roll = 1; roll <= 10; roll++)
    {
      g_assert_cmpint (sl_burst_hits (rules, &options, 5, roll), ==, five_default[roll - 1]);
      g_assert_cmpint (sl_burst_hits (rules, &options, 4, roll), ==, four[roll - 1]);
      g_assert_cmpint (sl_burst_hits (rules, &options, 3, roll), ==, three[roll - 1]);
      g_assert_cmpint (sl_burst_hits (rules, &options, 2, roll), ==, 1);
      g_assert_cmpint (sl_burst_hits (rules, &options, 1, roll), ==, 1);
    }
  options.burst_min_one_hit = FALSE;
  for (int roll = 1; roll <= 10; roll++)
    g_assert_cmpint (sl_burst_hits (rules, &options, 5, roll), ==, five_literal[roll - 1]);

  /* E-27: a roll of 7 on a 5-round burst: 7/2 − 1 = 2.5, rounded up: 3. */
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'burst-hits', 'rounds': 5, 'roll': 7}", "hits"),
                   ==, 3);
  g_assert_false (sl_test_resolve_bool ("{'kind': 'burst-hits', 'rounds': 5, 'roll': 2,"
                                        " 'options': {'burstMinOneHit': false}}", "dazed"));
}

/* P-30 step 4: nearest first, movement ignored, stop when hits = rounds. */
static void
test_area_burst (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve (
    "{'kind': 'area-burst', 'rounds': 1,"
    " 'firer': {'troop': 'combat-arms', 'armor': 'TS', 'weapon': 'SR', 'movement': 'walk'},"
    " 'targets': ["
    "   {'id': 'far', 'distance_m': 12, 'roll': 2},"
    "   {'id': 'near', 'distance_m': 3, 'movement': 'run', 'armor': 'LI', 'roll': 4},"
    "   {'id': 'middle', 'distance_m': 6, 'roll': 9}]}");

  g_assert_cmpstr (sl_test_string (r, "targets[0].id"), ==, "near");
  g_assert_cmpint (sl_test_int (r, "targets[0].modifier"), ==, 3);
  g_assert_true (sl_test_bool (r, "targets[0].hit"));
  g_assert_cmpint (sl_test_int (r, "targets[0].damage.levels"), ==, 3);
  g_assert_cmpstr (sl_test_string (r, "targets[1].id"), ==, "middle");
  g_assert_false (sl_test_bool (r, "targets[1].engaged"));
  g_assert_false (sl_test_bool (r, "targets[2].engaged"));
  g_assert_cmpint (sl_test_int (r, "hits"), ==, 1);
}

/* hidden units in the wedge are skipped unless the option says. */
static void
test_area_burst_hidden_a95 (void)
{
#define HIDDEN_REQUEST \
    "{'kind': 'area-burst', 'firer': {'troop': 'combat-arms', 'armor': 'TS', 'weapon': 'SR'}," \
    " 'targets': [{'id': 'h', 'hidden': true, 'roll': 2}," \
    "             {'id': 'w', 'cover': 'full-hard', 'roll': 2}]"
  const char *plain = HIDDEN_REQUEST "}";
  const char *option = HIDDEN_REQUEST ", 'options': {'areaBurstIncludesHidden': true}}";
  g_autoptr(JsonNode) skipped = sl_test_resolve (plain);
  g_autoptr(JsonNode) revealed = sl_test_resolve (option);

  g_assert_false (sl_test_bool (skipped, "targets[0].engaged"));
  g_assert_false (sl_test_bool (skipped, "targets[1].engaged"));
  g_assert_true (sl_test_bool (revealed, "targets[0].hit"));
  g_assert_true (sl_test_bool (revealed, "targets[0].revealed"));
}

/* P-25: PF − AF, a half level when equal, nothing when AF > PF. */
static void
test_obstacles_p25 (void)
{
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'obstacle', 'obstacle': 'external-wall',"
                                             " 'weapon': 'SR'}", "levels"), ==, 1);
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'obstacle', 'obstacle': 'external-door',"
                                             " 'penetration': 3}", "levels"), ==, 0.5);
  g_assert_true (sl_test_resolve_bool ("{'kind': 'obstacle', 'obstacle': 'external-bulkhead',"
                                       " 'weapon': 'SR'}", "immune"));
  /* Half levels add up; destroyed at 5. */
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'obstacle', 'obstacle': 'internal-wall',"
                                             " 'weapon': 'SR', 'damage': 3}");
    g_assert_cmpfloat (sl_test_double (r, "total"), ==, 5);
    g_assert_true (sl_test_bool (r, "destroyed"));
    g_assert_cmpstr (sl_test_string (r, "marker"), ==, "breach");
  }
  g_assert_false (sl_test_resolve_bool ("{'kind': 'obstacle', 'obstacle': 'internal-wall',"
                                        " 'weapon': 'SR', 'damage': 2.5}", "destroyed"));
  {
    g_autofree char *marker = sl_test_resolve_string ("{'kind': 'obstacle', 'obstacle': 'furniture',"
                                                      " 'weapon': 'SAR'}", "marker");
    g_assert_cmpstr (marker, ==, "removed");
  }
  sl_test_assert_refused ("{'kind': 'obstacle', 'obstacle': 'furniture',"
                          " 'weapon': 'SAR', 'damage': 5}", "damage", "already destroyed");
}

/* E-22 and P-26: follow-through only when the breaching shot has PF − AF ≥ 2. */
static void
test_e22_follow_through (void)
{
  g_autoptr(JsonNode) ext = sl_test_resolve ("{'kind': 'obstacle', 'obstacle': 'external-wall',"
                                             " 'weapon': 'SR', 'damage': 4}");
  g_autoptr(JsonNode) in = sl_test_resolve ("{'kind': 'obstacle', 'obstacle': 'internal-wall',"
                                            " 'weapon': 'SR', 'damage': 4}");

  g_assert_true (sl_test_bool (ext, "destroyed"));
  g_assert_false (sl_test_bool (ext, "follow_through"));
  g_assert_true (sl_test_bool (in, "follow_through"));
  g_assert_cmpint (sl_test_int (in, "follow_through_penetration"), ==, 4);

  /* The attack behind the breach: +3 and nothing else, PF − 1. */
  {
    g_autoptr(JsonNode) hit = sl_test_resolve ("{'kind': 'follow-through', 'weapon': 'SR',"
                                               " 'target': {'armor': 'LI'}, 'roll': 4}");
    g_autoptr(JsonNode) miss = sl_test_resolve ("{'kind': 'follow-through', 'weapon': 'SR',"
                                                " 'target': {'armor': 'LI'}, 'roll': 5}");

    g_assert_cmpint (sl_test_int (hit, "modifier"), ==, 3);
    g_assert_true (sl_test_bool (hit, "hit"));
    g_assert_cmpint (sl_test_int (hit, "penetration"), ==, 4);
    g_assert_cmpint (sl_test_int (hit, "damage.levels"), ==, 2);
    g_assert_true (sl_test_bool (hit, "damage.dazed"));
    g_assert_false (sl_test_bool (miss, "hit"));
    g_assert_false (sl_test_has (miss, "damage"));
  }
}

static void
test_option_obstacle_burst_a78 (void)
{
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'obstacle', 'obstacle': 'external-wall',"
                                             " 'weapon': 'SR', 'burst': true}", "levels"), ==, 1);
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'obstacle', 'obstacle': 'external-wall',"
                                             " 'weapon': 'SR', 'burst': true,"
                                             " 'options': {'obstacleBurstFiveHits': true}}",
                                             "levels"), ==, 5);
}

/* explosives against obstacles. */
static void
test_obstacle_explosives (void)
{
  /* Plastic in contact: PF 4 against an internal door (AF 1): 3 levels. */
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'obstacle', 'obstacle': 'internal-door',"
                                             " 'source': 'plastic'}", "levels"), ==, 3);
  /* Plastic does nothing to bulkheads and airlocks. */
  g_assert_true (sl_test_resolve_bool ("{'kind': 'obstacle', 'obstacle': 'airlock-door',"
                                       " 'source': 'plastic'}", "immune"));
  /* Three charges (T-34a split reading): PF 5 against an external wall. */
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'obstacle', 'obstacle': 'external-wall',"
                                             " 'source': 'plastic', 'charges': 3}", "levels"), ==, 1);
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'obstacle', 'obstacle': 'external-wall',"
                                             " 'source': 'plastic', 'charges': 3,"
                                             " 'options': {'multiChargeReading': 'progressive'}}",
                                             "levels"), ==, 2);
  /* A shaped charge destroys an airlock door outright. */
  g_assert_true (sl_test_resolve_bool ("{'kind': 'obstacle', 'obstacle': 'airlock-door',"
                                       " 'source': 'shaped'}", "destroyed"));
  /* Against an external bulkhead: PF 10 − AF 7 = 3 levels. */
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'obstacle', 'obstacle': 'external-bulkhead',"
                                             " 'source': 'shaped'}", "levels"), ==, 3);
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'obstacle', 'obstacle': 'external-bulkhead',"
                                             " 'source': 'shaped',"
                                             " 'options': {'shapedChargeObstaclePF': 12}}",
                                             "levels"), ==, 5);
  /* A frag grenade aimed at a door 2 m away: PF 4 − 1. */
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'obstacle', 'obstacle': 'internal-door',"
                                             " 'source': 'frag', 'distance_m': 2}", "levels"), ==, 3);
  /* The sliding door takes its AF from the option. */
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'obstacle', 'obstacle': 'sliding-door',"
                                             " 'penetration': 4}", "levels"), ==, 3);
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'obstacle', 'obstacle': 'sliding-door',"
                                             " 'penetration': 4, 'options': {'slidingDoorAF': 4}}",
                                             "levels"), ==, 0.5);
}

/* T-30, T-33, T-34a and A-86: blast penetration by distance. */
static void
test_blast_penetration_tables (void)
{
  SlRules *rules = sl_test_rules ();
  SlOptions o = *sl_test_defaults ();
  static const int frag[] = { 6, 6, 4, 3, 3, 2, 2, 0 };      /* 0 … 7 m */
  static const int plastic[] = { 4, 4, 4, 3, 3, 2, 2, 1, 1, 1, 1, 0 }; /* 0 … 11 m */

  for (int m = 0; m < (int) G_N_ELEMENTS (frag); m++)
    g_assert_cmpint (sl_blast_penetration (rules, &o, "frag", m), ==, frag[m]);
  for (int m = 0; m < (int) G_N_ELEMENTS (plastic); m++)
    g_assert_cmpint (sl_blast_penetration (rules, &o, "plastic", m), ==, plastic[m]);
  /* Fractions round up: 1.2 m is in the 2 m band. */
  g_assert_cmpint (sl_blast_penetration (rules, &o, "frag", 1.2), ==, 4);
  /* T-34a: mortar = 3-charge column, missile = 4-charge column. */
  g_assert_cmpint (sl_blast_penetration (rules, &o, "mortar", 8), ==, 3);
  g_assert_cmpint (sl_blast_penetration (rules, &o, "missile", 8), ==, 4);
  g_assert_cmpint (sl_blast_penetration (rules, &o, "plastic-2", 11), ==, 1);
  g_assert_cmpint (sl_blast_penetration (rules, &o, "missile", 18), ==, 1);
  g_assert_cmpint (sl_blast_penetration (rules, &o, "missile", 19), ==, 0);
  o.multi_charge_reading = SL_MULTI_PROGRESSIVE;
  g_assert_cmpint (sl_blast_penetration (rules, &o, "missile", 1), ==, 7);
  g_assert_cmpint (sl_blast_penetration (rules, &o, "mortar", 3), ==, 5);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/combat/to-hit/E-16", test_e16_ranged_example);
  g_test_add_func ("/combat/to-hit/probabilities-A-08", test_probabilities_a08);
  g_test_add_func ("/combat/to-hit/T-14-rows", test_t14_rows);
  g_test_add_func ("/combat/to-hit/no-modifier-cases", test_no_modifier_cases);
  g_test_add_func ("/combat/to-hit/cover-positions-T-15", test_cover_positions);
  g_test_add_func ("/combat/to-hit/forbidden", test_forbidden_shots);
  g_test_add_func ("/combat/to-hit/jam-P-16", test_jam_p16);
  g_test_add_func ("/combat/to-hit/rolled-die-reported", test_rolled_die_reported);
  g_test_add_func ("/combat/to-hit/option-fireControlBonus-A-44", test_option_fire_control_a44);
  g_test_add_func ("/combat/to-hit/option-woodsFireModifier-A-45", test_option_woods_a45);
  g_test_add_func ("/combat/to-hit/option-stackCover-A-47", test_option_stack_cover_a47);
  g_test_add_func ("/combat/to-hit/option-ignoreFirerOwnCover-A-47", test_option_firer_own_cover_a47);
  g_test_add_func ("/combat/to-hit/option-terrainModifierPerUnit-A-48", test_option_marsh_a48);
  g_test_add_func ("/combat/to-hit/option-targetCrawlingModifier-A-49", test_option_crawling_target_a49);
  g_test_add_func ("/combat/to-hit/option-camoTinterAllUnits-A-123", test_option_camo_tinter_a123);
  g_test_add_func ("/combat/to-hit/option-smokeBlocksLOS-A-112", test_option_smoke_a112);
  g_test_add_func ("/combat/to-hit/option-meleeMissHitsOther-A-58", test_option_melee_miss_a58);
  g_test_add_func ("/combat/to-hit/E-26-consecutive-bursts", test_e26_consecutive_bursts);
  g_test_add_func ("/combat/to-hit/area-burst-ignores-movement-P-30", test_area_burst_ignores_movement);
  g_test_add_func ("/combat/damage/E-17", test_e17_damage);
  g_test_add_func ("/combat/damage/formula-P-20", test_damage_formula);
  g_test_add_func ("/combat/damage/natural-one-A-66", test_natural_one_a66);
  g_test_add_func ("/combat/damage/burst-A-94", test_burst_damage_a94);
  g_test_add_func ("/combat/damage/sources-A-67", test_damage_sources);
  g_test_add_func ("/combat/damage/E-18", test_e18_daze_keeps_wound);
  g_test_add_func ("/combat/burst-hits/T-21-E-27", test_t21_burst_hits);
  g_test_add_func ("/combat/area-burst/P-30", test_area_burst);
  g_test_add_func ("/combat/area-burst/option-areaBurstIncludesHidden-A-95", test_area_burst_hidden_a95);
  g_test_add_func ("/combat/obstacle/P-25", test_obstacles_p25);
  g_test_add_func ("/combat/obstacle/E-22-follow-through", test_e22_follow_through);
  g_test_add_func ("/combat/obstacle/option-obstacleBurstFiveHits-A-78", test_option_obstacle_burst_a78);
  g_test_add_func ("/combat/obstacle/explosives", test_obstacle_explosives);
  g_test_add_func ("/combat/blast/penetration-tables", test_blast_penetration_tables);

  return g_test_run ();
}
