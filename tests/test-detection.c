/* test-detection.c: detection, line of sight, zero-G and suit breaches
 * (digest P-17, P-18, P-21, P-27, P-28, P-39; T-15, T-19, T-36; worked
 * examples E-15, E-23, E-24)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-check.h"
#include "sl-detection.h"
#include "sl-test.h"

/* A plain firer for to-hit cross-checks: no modifier of its own. */
#define PLAIN "'troop': 'combat-arms', 'armor': 'TS', 'weapon': 'LR'"

static gint64
detection_int (const char *request,
               const char *path)
{
  return sl_test_resolve_int (request, path);
}

/* ---------------------------------------------------------------------- */
/* detection                                                               */

/* E-24 in daylight: piles B (decoy), C (camo-tinted infantry in stealth
 * mode behind half cover) and D (decoy in light woods), rolled 4, 2, 8. The
 * book ignores the detector's suit, so the option is off. */
#define E24_OFF ", 'detector_armor': 'BI', 'options': {'detectorSuitModifier': false}}"
#define E24_B "{'kind': 'detection', 'decoy': true, 'roll': 4"
#define E24_C "{'kind': 'detection', 'public': 'half-cover', 'secret': 'camo-tinter'," \
              " 'target_armor': 'LI', 'roll': 2"
#define E24_D "{'kind': 'detection', 'decoy': true, 'public': 'light-woods', 'roll': 8"

static void
test_e24 (void)
{
  g_autoptr(JsonNode) b = sl_test_resolve (E24_B E24_OFF);
  g_autoptr(JsonNode) c = sl_test_resolve (E24_C E24_OFF);
  g_autoptr(JsonNode) d = sl_test_resolve (E24_D E24_OFF);
  g_autofree char *a = NULL;

  /* B: 4 + 0 = 4 ≤ 5, detected; the decoy is removed. */
  g_assert_cmpint (sl_test_int (b, "net"), ==, 4);
  g_assert_cmpint (sl_test_int (b, "public_modifier"), ==, 0);
  g_assert_cmpint (sl_test_int (b, "secret_modifier"), ==, 0);
  g_assert_true (sl_test_bool (b, "detected"));
  g_assert_true (sl_test_bool (b, "removed"));
  g_assert_false (sl_test_bool (b, "revealed"));

  /* C: 2 + 2 (half cover) + 1 (camo tinter, secret) = 5 ≤ 5, detected and
   * revealed; no −2, since the suit is in stealth mode. */
  g_assert_cmpint (sl_test_int (c, "natural"), ==, 2);
  g_assert_cmpint (sl_test_int (c, "public_modifier"), ==, 2);
  g_assert_cmpint (sl_test_breakdown (c, "public_breakdown", "half-cover"), ==, 2);
  g_assert_cmpint (sl_test_int (c, "secret_modifier"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (c, "secret_breakdown", "camo-tinter"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (c, "public_breakdown", "camo-tinter"), ==, 0);
  g_assert_cmpint (sl_test_breakdown (c, "secret_breakdown", "not-stealth"), ==, 0);
  g_assert_cmpint (sl_test_int (c, "modifier"), ==, 3);
  g_assert_cmpint (sl_test_int (c, "net"), ==, 5);
  g_assert_true (sl_test_bool (c, "detected"));
  g_assert_true (sl_test_bool (c, "revealed"));
  /* The detector sees naturals 1–3 succeed; really only 1–2 do. */
  g_assert_cmpfloat (sl_test_double (c, "public_probability"), ==, 0.3);
  g_assert_cmpfloat (sl_test_double (c, "probability"), ==, 0.2);

  /* D: 8 + 1 (light woods) = 9 > 5, not detected; the decoy stays. */
  g_assert_cmpint (sl_test_int (d, "net"), ==, 9);
  g_assert_cmpint (sl_test_int (d, "public_modifier"), ==, 1);
  g_assert_false (sl_test_bool (d, "detected"));
  g_assert_false (sl_test_bool (d, "removed"));

  /* A lies outside the 180° arc and cannot be tried. */
  a = sl_test_resolve_error ("{'kind': 'detection', 'in_field_of_view': false, 'roll': 3}",
                             "in_field_of_view");
  g_assert_nonnull (strstr (a, "P-27"));
}

/* The same piles by default: the BI detector's DETEC MOD −2 applies
 * to every pile, and counts as public. */
static void
test_e24_default_suit (void)
{
  g_autoptr(JsonNode) b = sl_test_resolve (E24_B ", 'detector_armor': 'BI'}");
  g_autoptr(JsonNode) c = sl_test_resolve (E24_C ", 'detector_armor': 'BI'}");
  g_autoptr(JsonNode) d = sl_test_resolve (E24_D ", 'detector_armor': 'BI'}");
  g_autoptr(JsonNode) li = sl_test_resolve (E24_D ", 'detector_armor': 'LI'}");

  g_assert_cmpint (sl_test_breakdown (b, "public_breakdown", "detector-suit"), ==, -2);
  g_assert_cmpint (sl_test_int (b, "net"), ==, 2);
  g_assert_true (sl_test_bool (b, "detected"));
  g_assert_cmpint (sl_test_int (c, "public_modifier"), ==, 0);
  g_assert_cmpint (sl_test_int (c, "net"), ==, 3);
  g_assert_true (sl_test_bool (c, "detected"));
  g_assert_cmpint (sl_test_int (d, "net"), ==, 7);
  g_assert_false (sl_test_bool (d, "detected"));
  /* LI has DETEC MOD −1: 8 + 1 − 1 = 8. */
  g_assert_cmpint (sl_test_int (li, "net"), ==, 8);
}

/* Every row of T-19, with the conflicts settled by the Defaults; secret
 * rows ("*") land in the secret breakdown, the others in the public one. */
static void
test_t19_rows (void)
{
  struct { const char *request; const char *breakdown; const char *source; int value; } rows[] = {
    { "'conditions': {'rain': true}, 'distance_m': 11", "public_breakdown", "rain", 1 },
    { "'conditions': {'night': true}, 'detector_armor': 'LI'", "public_breakdown", "night", 1 },
    { "'conditions': {'night': true}, 'detector_armor': 'TS'", "public_breakdown", "night", 2 },
    /* public, despite its "*". */
    { "'conditions': {'enemy_ecm': true}, 'detector_armor': 'LI'", "public_breakdown", "ecm", 3 },
    /* −3 by default. */
    { "'conditions': {'ground_sensor': true}, 'detector_armor': 'LI'", "public_breakdown",
      "ground-sensor", -3 },
    { "'conditions': {'smoke': true}", "public_breakdown", "smoke", 5 },
    { "'secret': 'camo-tinter', 'target_armor': 'LI'", "secret_breakdown", "camo-tinter", 1 },
    /* +3 by default. */
    { "'secret': 'ranger-suit', 'target_armor': 'RS'", "secret_breakdown", "ranger-suit", 3 },
    { "'public': 'light-woods'", "public_breakdown", "light-woods", 1 },
    { "'public': 'heavy-woods'", "public_breakdown", "heavy-woods", 3 },
    { "'public': 'half-cover'", "public_breakdown", "half-cover", 2 },
    { "'public': 'full-cover'", "public_breakdown", "full-cover", 3 },
    /* +2 only with the option. */
    { "'conditions': {'holotarp': true}, 'options': {'holotarpMode': 'modifier',"
      " 'detectorSuitModifier': false}", "public_breakdown", "holotarp", 2 },
    { "'secret': 'not-stealth', 'target_armor': 'LI'", "secret_breakdown", "not-stealth", -2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      /* The detector's own suit is left out, to see the row alone. */
      g_autofree char *request = g_strdup_printf ("{'kind': 'detection', %s, 'roll': 5%s}",
                                                  rows[i].request,
                                                  strstr (rows[i].request, "options") ? ""
                                                  : ", 'options': {'detectorSuitModifier': false}");
      g_autoptr(JsonNode) r = sl_test_resolve (request);
      const char *other = g_str_equal (rows[i].breakdown, "public_breakdown") ? "secret_breakdown"
                                                                              : "public_breakdown";

      g_test_message ("%s", request);
      g_assert_cmpint (sl_test_breakdown (r, rows[i].breakdown, rows[i].source), ==, rows[i].value);
      g_assert_cmpint (sl_test_breakdown (r, other, rows[i].source), ==, 0);
      g_assert_cmpint (sl_test_breakdown (r, "breakdown", rows[i].source), ==, rows[i].value);
      g_assert_cmpint (sl_test_int (r, "modifier"), ==, rows[i].value);
      g_assert_cmpint (sl_test_int (r, "net"), ==, 5 + rows[i].value);
    }
}

/* the Ranger suit counts whenever the hidden unit wears one. */
static void
test_ranger_suit_from_armor (void)
{
  g_assert_cmpint (detection_int ("{'kind': 'detection', 'target_armor': 'RS', 'roll': 5}",
                                  "secret_modifier"), ==, 3);
  sl_test_assert_refused ("{'kind': 'detection', 'secret': 'ranger-suit', 'target_armor': 'LI',"
                          " 'roll': 5}", "secret", "A-51");
}

/* T-36 night, rain and snow rows, for detection (here) and for fire
 * (to-hit), with their range limits and the indoor exceptions. */
static void
test_t36_weather_rows (void)
{
  struct { const char *conditions; double distance; int detection; int to_hit; } rows[] = {
    /* Night: +1 with a power suit, +2 without; the suit is the detector's
     * or the firer's own. These use the TS suit: +2. */
    { "'night': true", 20, 2, 2 },
    { "'night': true, 'indoors': true", 20, 0, 0 },
    { "'night': true, 'indoors': true, 'blackout': true", 20, 2, 2 },
    /* Rain: only beyond 10 m, never indoors. */
    { "'rain': true", 10, 0, 0 },
    { "'rain': true", 10.5, 1, 1 },
    { "'rain': true, 'indoors': true", 30, 0, 0 },
    /* Snow: +1 beyond 5 m, +2 beyond 15 m, never indoors. */
    { "'snow': true", 5, 0, 0 },
    { "'snow': true", 6, 1, 1 },
    { "'snow': true", 15, 1, 1 },
    { "'snow': true", 16, 2, 2 },
    { "'snow': true, 'indoors': true", 30, 0, 0 },
    /* All environment effects stack (§15.10). */
    { "'night': true, 'snow': true", 16, 4, 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *detection = g_strdup_printf (
        "{'kind': 'detection', 'detector_armor': 'TS', 'conditions': {%s}, 'distance_m': %g,"
        " 'roll': 3}", rows[i].conditions, rows[i].distance);
      g_autofree char *to_hit = g_strdup_printf (
        "{'kind': 'to-hit', 'firer': {" PLAIN "}, 'conditions': {%s}, 'range_m': %g, 'roll': 3}",
        rows[i].conditions, rows[i].distance);

      g_test_message ("%s", detection);
      g_assert_cmpint (detection_int (detection, "public_modifier"), ==, rows[i].detection);
      g_assert_cmpint (detection_int (to_hit, "modifier"), ==, rows[i].to_hit);
    }
  /* With a power suit, night is +1 for both. */
  g_assert_cmpint (detection_int ("{'kind': 'detection', 'detector_armor': 'LI',"
                                  " 'options': {'detectorSuitModifier': false},"
                                  " 'conditions': {'night': true}, 'roll': 3}", "modifier"), ==, 1);
}

/* §15.1: detection is automatic within 1 m, with no roll at all. */
static void
test_automatic_within_1m (void)
{
  g_autoptr(JsonNode) at1 = sl_test_resolve ("{'kind': 'detection', 'distance_m': 1,"
                                             " 'public': 'full-cover', 'conditions': {'smoke': true},"
                                             " 'secret': 'ranger-suit', 'target_armor': 'RS'}");
  g_autoptr(JsonNode) beyond = sl_test_resolve ("{'kind': 'detection', 'distance_m': 1.5,"
                                                " 'public': 'full-cover', 'roll': 3}");
  g_autoptr(JsonNode) decoy = sl_test_resolve ("{'kind': 'detection', 'distance_m': 0.5,"
                                               " 'decoy': true}");

  g_assert_true (sl_test_bool (at1, "automatic"));
  g_assert_true (sl_test_bool (at1, "detected"));
  g_assert_true (sl_test_bool (at1, "revealed"));
  g_assert_cmpfloat (sl_test_double (at1, "probability"), ==, 1.0);
  g_assert_cmpfloat (sl_test_double (at1, "public_probability"), ==, 1.0);
  g_assert_nonnull (strstr (sl_test_string (at1, "reason"), "1 m"));
  g_assert_false (sl_test_has (at1, "rolls"));
  g_assert_false (sl_test_has (at1, "natural"));

  g_assert_false (sl_test_bool (beyond, "automatic"));
  g_assert_cmpint (sl_test_int (beyond, "net"), ==, 6);
  g_assert_false (sl_test_bool (beyond, "detected"));

  g_assert_true (sl_test_bool (decoy, "removed"));
}

/* P-27 step 6: net ≤ 5 detects; natural 1 always, natural 10 never; the odds
 * count every face. */
static void
test_probabilities (void)
{
  /* Smoke +5, full cover +3: only a natural 1 detects. */
  g_autoptr(JsonNode) one = sl_test_resolve ("{'kind': 'detection', 'conditions': {'smoke': true},"
                                             " 'public': 'full-cover', 'roll': 1}");
  g_autoptr(JsonNode) two = sl_test_resolve ("{'kind': 'detection', 'conditions': {'smoke': true},"
                                             " 'public': 'full-cover', 'roll': 2}");
  /* Ground sensor −3, BI −2, not in stealth −2: a natural 10 still fails. */
  g_autoptr(JsonNode) ten = sl_test_resolve ("{'kind': 'detection', 'detector_armor': 'BI',"
                                             " 'conditions': {'ground_sensor': true},"
                                             " 'secret': 'not-stealth', 'target_armor': 'BI',"
                                             " 'roll': 10}");
  g_autoptr(JsonNode) nine = sl_test_resolve ("{'kind': 'detection', 'detector_armor': 'BI',"
                                              " 'conditions': {'ground_sensor': true},"
                                              " 'secret': 'not-stealth', 'target_armor': 'BI',"
                                              " 'roll': 9}");

  g_assert_cmpint (sl_test_int (one, "net"), ==, 9);
  g_assert_true (sl_test_bool (one, "detected"));
  g_assert_cmpfloat (sl_test_double (one, "probability"), ==, 0.1);
  g_assert_cmpint (sl_test_int (one, "needed"), ==, 1);
  g_assert_false (sl_test_bool (two, "detected"));

  g_assert_cmpint (sl_test_int (ten, "net"), ==, 3);
  g_assert_false (sl_test_bool (ten, "detected"));
  g_assert_cmpfloat (sl_test_double (ten, "probability"), ==, 0.9);
  g_assert_cmpint (sl_test_int (ten, "needed"), ==, 9);
  /* Public −5 alone already lets every natural but 10 succeed. */
  g_assert_cmpfloat (sl_test_double (ten, "public_probability"), ==, 0.9);
  g_assert_true (sl_test_bool (nine, "detected"));

  /* No modifier: naturals 1–5, exactly one half. */
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'detection', 'roll': 5}", "probability"),
                     ==, 0.5);
  /* A Ranger in stealth mode behind full cover: public +3 → 0.2, true +6
   * → only the natural 1: 0.1. */
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'detection', 'public': 'full-cover',"
                                             " 'target_armor': 'RS', 'roll': 5}",
                                             "public_probability"), ==, 0.2);
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'detection', 'public': 'full-cover',"
                                             " 'target_armor': 'RS', 'roll': 5}",
                                             "probability"), ==, 0.1);
}

/* A die that is not given is rolled and reported. */
static void
test_rolled_die_reported (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'detection'}");
  gint64 roll = sl_test_int (r, "rolls.roll");

  g_assert_cmpint (roll, >=, 1);
  g_assert_cmpint (roll, <=, 10);
  g_assert_cmpint (sl_test_int (r, "natural"), ==, roll);
}

static void
test_option_detector_suit_a125 (void)
{
  g_assert_cmpint (detection_int ("{'kind': 'detection', 'detector_armor': 'MZG', 'roll': 5}",
                                  "modifier"), ==, -2);
  g_assert_cmpint (detection_int ("{'kind': 'detection', 'detector_armor': 'MZG', 'roll': 5,"
                                  " 'options': {'detectorSuitModifier': false}}", "modifier"), ==, 0);
}

static void
test_option_ranger_a51 (void)
{
  g_assert_cmpint (detection_int ("{'kind': 'detection', 'secret': 'ranger-suit', 'roll': 5}",
                                  "secret_modifier"), ==, 3);
  g_assert_cmpint (detection_int ("{'kind': 'detection', 'secret': 'ranger-suit', 'roll': 5,"
                                  " 'options': {'rangerDetectionMod': 5}}", "secret_modifier"), ==, 5);
}

/* the sensor helps only detectors in suits with sensor helmets. */
static void
test_option_ground_sensor_a121 (void)
{
  g_assert_cmpint (detection_int ("{'kind': 'detection', 'detector_armor': 'LI', 'roll': 5,"
                                  " 'options': {'detectorSuitModifier': false},"
                                  " 'conditions': {'ground_sensor': true}}", "modifier"), ==, -3);
  g_assert_cmpint (detection_int ("{'kind': 'detection', 'detector_armor': 'LI', 'roll': 5,"
                                  " 'options': {'detectorSuitModifier': false, 'groundSensorBonus': -2},"
                                  " 'conditions': {'ground_sensor': true}}", "modifier"), ==, -2);
  g_assert_cmpint (detection_int ("{'kind': 'detection', 'detector_armor': 'TS', 'roll': 5,"
                                  " 'conditions': {'ground_sensor': true}}", "modifier"), ==, 0);
}

/* ECM troubles only a detector whose suit has sensors. */
static void
test_ecm_a122 (void)
{
  g_assert_cmpint (detection_int ("{'kind': 'detection', 'detector_armor': 'TS', 'roll': 5,"
                                  " 'conditions': {'enemy_ecm': true}}", "modifier"), ==, 0);
  g_assert_cmpint (detection_int ("{'kind': 'detection', 'detector_armor': 'SSS', 'roll': 5,"
                                  " 'conditions': {'enemy_ecm': true}}", "modifier"), ==, 0);
  g_assert_cmpint (detection_int ("{'kind': 'detection', 'detector_armor': 'BI', 'roll': 5,"
                                  " 'conditions': {'enemy_ecm': true}}", "public_modifier"), ==, 3 - 2);
}

/* by default only power-suited units benefit from the tinter. */
static void
test_option_camo_tinter_a123 (void)
{
#define CAMO(armor, options) \
  "{'kind': 'detection', 'secret': 'camo-tinter', 'target_armor': '" armor "', 'roll': 5" options "}"
  g_assert_cmpint (detection_int (CAMO ("TS", ""), "secret_modifier"), ==, 0);
  g_assert_cmpint (detection_int (CAMO ("TS", ", 'options': {'camoTinterAllUnits': true}"),
                                  "secret_modifier"), ==, 1);
  g_assert_cmpint (detection_int (CAMO ("BI", ""), "secret_modifier"), ==, 1);
  g_assert_cmpint (detection_int (CAMO ("BI", ", 'options': {'camoTinterAllUnits': true}"),
                                  "secret_modifier"), ==, 1);
#undef CAMO
  /* With every unit covered, the suit no longer matters. */
  g_assert_cmpint (detection_int ("{'kind': 'detection', 'secret': 'camo-tinter', 'roll': 5,"
                                  " 'options': {'camoTinterAllUnits': true}}", "secret_modifier"), ==, 1);
  sl_test_assert_refused ("{'kind': 'detection', 'secret': 'camo-tinter', 'roll': 5}",
                          "target_armor", "A-123");
}

/* invisible until an enemy enters the square (then found at once,
 * A-128), or a +2 modifier. */
static void
test_option_holotarp_a124 (void)
{
  g_autoptr(JsonNode) entered = sl_test_resolve ("{'kind': 'detection', 'roll': 9,"
                                                 " 'conditions': {'holotarp': true, 'holotarp_entered': true}}");
  g_autoptr(JsonNode) modifier = sl_test_resolve ("{'kind': 'detection', 'roll': 3,"
                                                  " 'conditions': {'holotarp': true},"
                                                  " 'options': {'holotarpMode': 'modifier'}}");
  g_autoptr(JsonNode) modifier_entered = sl_test_resolve (
    "{'kind': 'detection', 'roll': 4, 'conditions': {'holotarp': true, 'holotarp_entered': true},"
    " 'options': {'holotarpMode': 'modifier'}}");

  sl_test_assert_refused ("{'kind': 'detection', 'roll': 1, 'conditions': {'holotarp': true}}",
                          "conditions.holotarp", "A-124");
  g_assert_true (sl_test_bool (entered, "automatic"));
  g_assert_true (sl_test_bool (entered, "detected"));
  g_assert_nonnull (strstr (sl_test_string (entered, "reason"), "A-128"));

  g_assert_cmpint (sl_test_int (modifier, "public_modifier"), ==, 2);
  g_assert_cmpint (sl_test_int (modifier, "net"), ==, 5);
  g_assert_true (sl_test_bool (modifier, "detected"));
  /* In modifier mode, entering the square changes nothing. */
  g_assert_false (sl_test_bool (modifier_entered, "automatic"));
  g_assert_cmpint (sl_test_int (modifier_entered, "net"), ==, 6);
  g_assert_false (sl_test_bool (modifier_entered, "detected"));
}

static void
test_option_smoke_a112 (void)
{
  g_assert_cmpint (detection_int ("{'kind': 'detection', 'conditions': {'smoke': true}, 'roll': 3}",
                                  "modifier"), ==, 5);
  sl_test_assert_refused ("{'kind': 'detection', 'conditions': {'smoke': true}, 'roll': 3,"
                          " 'options': {'smokeBlocksLOS': true}}", "conditions.smoke", "A-112");
  /* Within 1 m nothing stops detection. */
  g_assert_true (sl_test_resolve_bool ("{'kind': 'detection', 'conditions': {'smoke': true},"
                                       " 'distance_m': 1, 'options': {'smokeBlocksLOS': true}}",
                                       "detected"));
}

/* A-47 applied to the cover around a pile: only the highest, unless the
 * option stacks them. */
static void
test_option_stack_cover_a47 (void)
{
  g_autoptr(JsonNode) single = sl_test_resolve ("{'kind': 'detection',"
                                                " 'public': ['light-woods', 'half-cover'], 'roll': 3}");
  g_autoptr(JsonNode) stacked = sl_test_resolve ("{'kind': 'detection',"
                                                 " 'public': ['light-woods', 'half-cover'], 'roll': 3,"
                                                 " 'options': {'stackCover': true}}");

  g_assert_cmpint (sl_test_int (single, "public_modifier"), ==, 2);
  g_assert_cmpint (sl_test_breakdown (single, "public_breakdown", "light-woods"), ==, 0);
  g_assert_cmpint (sl_test_int (stacked, "public_modifier"), ==, 3);
}

/* P-28 and E-23: three hidden units allow up to six decoy piles. */
static void
test_e23_decoys (void)
{
  const SlRules *rules = sl_test_rules ();
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (sl_detection_max_decoys (rules, 3), ==, 6);
  g_assert_cmpint (sl_detection_max_decoys (rules, 1), ==, 2);
  g_assert_cmpint (sl_detection_max_decoys (rules, 0), ==, 0);
  g_assert_true (sl_detection_check_decoys (rules, 3, 6, &error));
  g_assert_no_error (error);
  g_assert_false (sl_detection_check_decoys (rules, 3, 7, &error));
  g_assert_error (error, SL_RULE_ERROR, SL_RULE_ERROR_FORBIDDEN);
  g_assert_cmpstr (sl_rule_error_get_field (error), ==, "decoys");
  g_assert_nonnull (strstr (error->message, "E-23"));
}

static void
test_detection_refused (void)
{
  struct { const char *request; const char *field; const char *text; } cases[] = {
    { "'decoy': true, 'secret': 'camo-tinter'", "secret", "P-27" },
    { "'decoy': true, 'target_armor': 'LI'", "target_armor", "P-28" },
    { "'secret': 'not-stealth', 'target_armor': 'TS'", "secret", "15.13" },
    { "'conditions': {'rain': true}", "distance_m", "T-36" },
    { "'conditions': {'snow': true}", "distance_m", "T-36" },
    { "'conditions': {'holotarp_entered': true}", "conditions.holotarp_entered", "T-37" },
    { "'conditions': {'blackout': true}", "conditions.blackout", "T-36" },
    { "'public': 'window'", "public", "light-woods" },
    { "'public': ['half-cover', 'hedge']", "public[1]", "full-cover" },
    { "'secret': 'ecm'", "secret", "camo-tinter" },
    { "'detector_armor': 'XX'", "detector_armor", "BI" },
    { "'distance_m': -1", "distance_m", "" },
    { "'conditions': {'fog': true}", "conditions.fog", "" },
    { "'range_m': 5", "range_m", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'detection', %s, 'roll': 3}",
                                                  cases[i].request);
      sl_test_assert_refused (request, cases[i].field, cases[i].text);
    }
  sl_test_assert_refused ("{'kind': 'detection', 'roll': 11}", "roll", "");
  sl_test_assert_refused ("{'kind': 'detection', 'roll': 0}", "roll", "");
}

/* ---------------------------------------------------------------------- */
/* los                                                                     */

/* E-15: three contour lines within 1 m make a dead zone of 3 × 3 = 9 m. */
static void
test_e15_dead_zone (void)
{
  g_autoptr(JsonNode) inside = sl_test_resolve ("{'kind': 'los', 'dead_zone': {'lines': 3,"
                                                " 'distance_from_foot_m': 9}}");
  g_autoptr(JsonNode) outside = sl_test_resolve ("{'kind': 'los', 'dead_zone': {'lines': 3,"
                                                 " 'distance_from_foot_m': 9.5}}");
  g_autoptr(JsonNode) two = sl_test_resolve ("{'kind': 'los', 'dead_zone': {'lines': 2,"
                                             " 'distance_from_foot_m': 6.5}}");

  g_assert_cmpfloat (sl_test_double (inside, "dead_zone_m"), ==, 9);
  g_assert_true (sl_test_bool (inside, "blocked"));
  g_assert_true (sl_test_bool (inside, "detection.blocked"));
  g_assert_nonnull (strstr (sl_test_string (inside, "reason"), "9 m dead zone"));
  g_assert_cmpfloat (sl_test_double (outside, "dead_zone_m"), ==, 9);
  g_assert_false (sl_test_bool (outside, "blocked"));
  /* two lines are enough: 6 m. */
  g_assert_cmpfloat (sl_test_double (two, "dead_zone_m"), ==, 6);
  g_assert_false (sl_test_bool (two, "blocked"));
}

/* T-15 dead-zone notes 1–3. */
static void
test_dead_zone_notes (void)
{
  g_autoptr(JsonNode) negated = sl_test_resolve ("{'kind': 'los', 'dead_zone': {'lines': 4,"
                                                 " 'units_within_1m': true}}");
  g_autoptr(JsonNode) up = sl_test_resolve ("{'kind': 'los', 'dead_zone': {'lines': 2,"
                                            " 'distance_from_foot_m': 2, 'looking_up': true}}");
  g_autoptr(JsonNode) down = sl_test_resolve ("{'kind': 'los', 'dead_zone': {'lines': 2,"
                                              " 'distance_from_foot_m': 2}}");
  g_autoptr(JsonNode) one = sl_test_resolve ("{'kind': 'los', 'dead_zone': {'lines': 1,"
                                             " 'distance_from_foot_m': 0}}");

  /* Note 1: both units within 1 m of each other and of the lines. */
  g_assert_false (sl_test_bool (negated, "blocked"));
  g_assert_true (sl_test_bool (negated, "dead_zone_negated"));
  g_assert_cmpfloat (sl_test_double (negated, "dead_zone_m"), ==, 12);
  /* Note 2: within 2 m of the foot, looking up: infinite. */
  g_assert_true (sl_test_bool (up, "blocked"));
  g_assert_nonnull (strstr (sl_test_string (up, "reason"), "note 2"));
  g_assert_true (sl_test_bool (down, "blocked"));
  g_assert_null (strstr (sl_test_string (down, "reason"), "note 2"));
  /* Note 3: one level never makes a dead zone. */
  g_assert_false (sl_test_bool (one, "blocked"));
  g_assert_false (sl_test_has (one, "dead_zone_m"));
}

/* ground strictly higher than both units blocks; building floors
 * count as levels. */
static void
test_elevation_a52 (void)
{
  g_assert_true (sl_test_resolve_bool ("{'kind': 'los', 'elevation': {'firer_level': 1,"
                                       " 'target_level': 1, 'highest_between': 2}}", "blocked"));
  g_assert_false (sl_test_resolve_bool ("{'kind': 'los', 'elevation': {'firer_level': 2,"
                                        " 'target_level': 0, 'highest_between': 2}}", "blocked"));
  g_assert_false (sl_test_resolve_bool ("{'kind': 'los', 'elevation': {'firer_level': 0,"
                                        " 'target_level': 1, 'highest_between': 1}}", "blocked"));
  g_assert_true (sl_test_resolve_bool ("{'kind': 'los', 'elevation': {'firer_level': 0,"
                                       " 'target_level': 1, 'highest_between': 2}}",
                                       "detection.blocked"));
  g_assert_false (sl_test_resolve_bool ("{'kind': 'los', 'elevation': {'firer_level': 3,"
                                        " 'target_level': -1}}", "blocked"));
}

/* Every "blocked by" row of T-15, for fire; the physical ones block
 * detection too. */
static void
test_t15_blocked_rows (void)
{
  struct { const char *request; const char *rule; gboolean detection; } rows[] = {
    { "'obstacles': ['wall']", "wall", TRUE },
    { "'obstacles': ['bulkhead']", "bulkhead", TRUE },
    { "'obstacles': ['closed-door']", "closed door", TRUE },
    { "'obstacles': ['high-obstacle']", "high obstacle", TRUE },
    { "'heavy_woods_m': 3.5", "heavy woods", TRUE },
    { "'light_woods_m': 10.5", "light woods", TRUE },
    { "'obstacles': ['window'], 'target': {'kneeling': true, 'firing_at_firer': true}", "window", FALSE },
    { "'obstacles': ['window'], 'target': {'prone': true}", "window", FALSE },
    { "'obstacles': ['half-soft'], 'target': {'kneeling': true}", "Half cover", FALSE },
    { "'obstacles': ['half-hard'], 'target': {'prone': true}", "Half cover", FALSE },
    { "'obstacles': ['full-soft']", "Full cover", FALSE },
    { "'obstacles': ['full-hard']", "Full cover", FALSE },
    { "'elevation': {'firer_level': 0, 'target_level': 0, 'highest_between': 1}", "A-52", TRUE },
    { "'dead_zone': {'lines': 2, 'distance_from_foot_m': 3}", "A-54", TRUE },
    /* T-02 and P-10. */
    { "'obstacles': ['ship-window']", "T-02", FALSE },
    { "'in_stairwell': {'firer': true}", "P-10", TRUE },
    { "'in_stairwell': {'target': true}", "P-10", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'los', %s}", rows[i].request);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_test_message ("%s", request);
      g_assert_true (sl_test_bool (r, "blocked"));
      g_assert_nonnull (strstr (sl_test_string (r, "reason"), rows[i].rule));
      g_assert_false (sl_test_has (r, "modifier"));
      g_assert_cmpint (sl_test_bool (r, "detection.blocked"), ==, rows[i].detection);
    }
}

/* Every "penalised by" row of T-15, for fire (T-14) and detection (T-19). */
static void
test_t15_penalised_rows (void)
{
  struct { const char *request; const char *cover; int fire; const char *public; int detection; } rows[] = {
    { "'light_woods_m': 10", "light-woods", 3, "light-woods", 1 },
    { "'heavy_woods_m': 3", "heavy-woods", 5, "heavy-woods", 3 },
    { "'obstacles': ['window']", "window", 2, "half-cover", 2 },
    { "'obstacles': ['half-soft']", "half-soft", 1, "half-cover", 2 },
    { "'obstacles': ['half-hard'], 'target': {'firing_at_firer': true}", "half-hard", 2,
      "half-cover", 2 },
    /* Kneeling or prone: half becomes full, seen only when firing back. */
    { "'obstacles': ['half-soft'], 'target': {'kneeling': true, 'firing_at_firer': true}",
      "full-soft", 3, "full-cover", 3 },
    { "'obstacles': ['half-hard'], 'target': {'prone': true, 'firing_at_firer': true}",
      "full-hard", 5, "full-cover", 3 },
    { "'obstacles': ['full-soft'], 'target': {'firing_at_firer': true}", "full-soft", 3,
      "full-cover", 3 },
    { "'obstacles': ['full-hard'], 'target': {'firing_at_firer': true}", "full-hard", 5,
      "full-cover", 3 },
    /* another counter is soft half cover and never blocks. */
    { "'obstacles': ['other-unit'], 'target': {'prone': true}", "half-soft", 1, "half-cover", 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'los', %s}", rows[i].request);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_test_message ("%s", request);
      g_assert_false (sl_test_bool (r, "blocked"));
      g_assert_cmpstr (sl_test_string (r, "cover"), ==, rows[i].cover);
      g_assert_cmpint (sl_test_int (r, "modifier"), ==, rows[i].fire);
      g_assert_false (sl_test_bool (r, "detection.blocked"));
      g_assert_cmpstr (sl_test_string (r, "detection.public[0]"), ==, rows[i].public);
      g_assert_cmpint (sl_test_int (r, "detection.modifier"), ==, rows[i].detection);
    }
  /* A clear line: no cover, no modifier. */
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'los'}", "modifier"), ==, 0);
}

/* A hidden unit never fires or detects toward anyone, yet T-19 rates half
 * and full cover: around a pile, cover gives its penalty and never blocks. */
static void
test_detection_through_cover (void)
{
  g_autoptr(JsonNode) full = sl_test_resolve ("{'kind': 'los', 'obstacles': ['full-hard']}");
  g_autoptr(JsonNode) window = sl_test_resolve ("{'kind': 'los', 'obstacles': ['window'],"
                                                " 'target': {'prone': true}}");

  g_assert_true (sl_test_bool (full, "blocked"));
  g_assert_false (sl_test_bool (full, "detection.blocked"));
  g_assert_cmpint (sl_test_int (full, "detection.modifier"), ==, 3);
  g_assert_true (sl_test_bool (window, "blocked"));
  g_assert_false (sl_test_bool (window, "detection.blocked"));
  g_assert_cmpstr (sl_test_string (window, "detection.public[0]"), ==, "full-cover");
}

/* P-10: units inside a staircase see each other; nobody else sees them. */
static void
test_stairwell_p10 (void)
{
  g_assert_false (sl_test_resolve_bool ("{'kind': 'los', 'in_stairwell': {'firer': true,"
                                        " 'target': true}}", "blocked"));
  g_assert_true (sl_test_resolve_bool ("{'kind': 'los', 'in_stairwell': {'firer': true,"
                                       " 'target': false}}", "blocked"));
}

static void
test_los_option_woods_a45 (void)
{
  g_autoptr(JsonNode) light = sl_test_resolve ("{'kind': 'los', 'light_woods_m': 4}");
  g_autoptr(JsonNode) light_table = sl_test_resolve ("{'kind': 'los', 'light_woods_m': 4,"
                                                     " 'options': {'woodsFireModifier': 'terrain-table'}}");
  g_autoptr(JsonNode) heavy_table = sl_test_resolve ("{'kind': 'los', 'heavy_woods_m': 2,"
                                                     " 'options': {'woodsFireModifier': 'terrain-table'}}");
  g_autoptr(JsonNode) both = sl_test_resolve ("{'kind': 'los', 'heavy_woods_m': 2, 'light_woods_m': 5}");

  g_assert_cmpint (sl_test_int (light, "modifier"), ==, 3);
  g_assert_cmpint (sl_test_int (light_table, "modifier"), ==, 1);
  g_assert_cmpint (sl_test_int (heavy_table, "modifier"), ==, 3);
  /* Detection keeps T-19's +1 / +3 either way. */
  g_assert_cmpint (sl_test_int (light_table, "detection.modifier"), ==, 1);
  g_assert_cmpint (sl_test_int (heavy_table, "detection.modifier"), ==, 3);
  /* Woods count once per line, heavy first. */
  g_assert_cmpint (sl_test_int (both, "modifier"), ==, 5);
  g_assert_cmpstr (sl_test_string (both, "cover"), ==, "heavy-woods");
  g_assert_cmpint (sl_test_int (both, "detection.modifier"), ==, 3);
}

static void
test_los_option_stack_cover_a47 (void)
{
#define STACK "{'kind': 'los', 'obstacles': ['half-soft', 'half-hard', 'other-unit', 'other-unit']," \
              " 'light_woods_m': 2"
  g_autoptr(JsonNode) single = sl_test_resolve (STACK "}");
  g_autoptr(JsonNode) stacked = sl_test_resolve (STACK ", 'options': {'stackCover': true}}");
#undef STACK

  g_assert_cmpint (sl_test_int (single, "modifier"), ==, 3);
  g_assert_cmpstr (sl_test_string (single, "cover"), ==, "light-woods");
  g_assert_cmpint (sl_test_int (single, "detection.modifier"), ==, 2);
  /* 1 + 2 + 1 + 1 + 3 for fire; each T-19 row once for detection. */
  g_assert_cmpint (sl_test_int (stacked, "modifier"), ==, 8);
  g_assert_cmpint (sl_test_int (stacked, "detection.modifier"), ==, 2 + 1);
}

/* cover within 1 m of the firer is ignored, or counts as it stands
 * when the option is off; it never blocks either way. */
static void
test_los_option_firer_cover_a47 (void)
{
  g_autoptr(JsonNode) ignored = sl_test_resolve ("{'kind': 'los', 'obstacles':"
                                                 " [{'type': 'full-hard', 'near_firer': true}]}");
  g_autoptr(JsonNode) counted = sl_test_resolve ("{'kind': 'los', 'obstacles':"
                                                 " [{'type': 'full-hard', 'near_firer': true}],"
                                                 " 'options': {'ignoreFirerOwnCover': false}}");
  g_autoptr(JsonNode) wall = sl_test_resolve ("{'kind': 'los', 'obstacles':"
                                              " [{'type': 'wall', 'near_firer': true}]}");

  g_assert_false (sl_test_bool (ignored, "blocked"));
  g_assert_cmpint (sl_test_int (ignored, "modifier"), ==, 0);
  g_assert_cmpstr (sl_test_string (ignored, "cover"), ==, "none");
  g_assert_false (sl_test_bool (counted, "blocked"));
  g_assert_cmpint (sl_test_int (counted, "modifier"), ==, 5);
  g_assert_cmpint (sl_test_int (counted, "detection.modifier"), ==, 3);
  /* A wall cannot be shot through, near or far. */
  g_assert_true (sl_test_bool (wall, "blocked"));
}

static void
test_los_option_smoke_a112 (void)
{
  g_autoptr(JsonNode) penalty = sl_test_resolve ("{'kind': 'los', 'smoke': true,"
                                                 " 'obstacles': ['half-soft']}");
  g_autoptr(JsonNode) blocks = sl_test_resolve ("{'kind': 'los', 'smoke': true,"
                                                " 'options': {'smokeBlocksLOS': true}}");

  g_assert_cmpint (sl_test_int (penalty, "modifier"), ==, 5 + 1);
  g_assert_cmpint (sl_test_breakdown (penalty, "breakdown", "smoke"), ==, 5);
  g_assert_cmpint (sl_test_int (penalty, "detection.modifier"), ==, 5 + 2);
  g_assert_true (sl_test_bool (blocks, "blocked"));
  g_assert_true (sl_test_bool (blocks, "detection.blocked"));
  g_assert_nonnull (strstr (sl_test_string (blocks, "reason"), "A-112"));
}

/* The same cover described to `los` and to `to-hit` gives the same
 * modifier, and blocks in the same cases. */
static void
test_los_matches_to_hit (void)
{
  struct { const char *los; const char *to_hit; } cases[] = {
    { "'obstacles': ['half-soft']", "'target': {'cover': 'half-soft'}" },
    { "'obstacles': ['half-hard'], 'target': {'kneeling': true}",
      "'target': {'cover': 'half-hard', 'kneeling': true}" },
    { "'obstacles': ['half-hard'], 'target': {'kneeling': true, 'firing_at_firer': true}",
      "'target': {'cover': 'half-hard', 'kneeling': true, 'firing_at_firer': true}" },
    { "'obstacles': ['half-soft'], 'target': {'prone': true, 'firing_at_firer': true}",
      "'target': {'cover': 'half-soft', 'prone': true, 'firing_at_firer': true}" },
    { "'obstacles': ['full-soft']", "'target': {'cover': 'full-soft'}" },
    { "'obstacles': ['full-hard'], 'target': {'firing_at_firer': true}",
      "'target': {'cover': 'full-hard', 'firing_at_firer': true}" },
    { "'obstacles': ['window']", "'target': {'cover': 'window'}" },
    { "'obstacles': ['window'], 'target': {'prone': true, 'firing_at_firer': true}",
      "'target': {'cover': 'window', 'prone': true, 'firing_at_firer': true}" },
    { "'light_woods_m': 6, 'target': {'prone': true}",
      "'target': {'cover': 'light-woods', 'prone': true}" },
    { "'heavy_woods_m': 1, 'options': {'woodsFireModifier': 'terrain-table'}",
      "'target': {'cover': 'heavy-woods'}, 'options': {'woodsFireModifier': 'terrain-table'}" },
    { "'obstacles': ['other-unit', 'half-soft']", "'target': {'cover': 'half-soft', 'units_on_line': 1}" },
    { "'obstacles': ['other-unit', 'other-unit'], 'options': {'stackCover': true}",
      "'target': {'units_on_line': 2}, 'options': {'stackCover': true}" },
    { "'obstacles': ['half-soft', 'half-hard'], 'light_woods_m': 2, 'options': {'stackCover': true}",
      "'target': {'cover': ['half-soft', 'half-hard', 'light-woods']}, 'options': {'stackCover': true}" },
    { "'obstacles': [{'type': 'half-hard', 'near_firer': true}]", "'firer_cover': 'half-hard'" },
    { "'obstacles': [{'type': 'full-hard', 'near_firer': true}], 'options': {'ignoreFirerOwnCover': false}",
      "'firer_cover': 'full-hard', 'options': {'ignoreFirerOwnCover': false}" },
    { "'smoke': true, 'obstacles': ['half-hard']",
      "'conditions': {'smoke': true}, 'target': {'cover': 'half-hard'}" },
    { "'smoke': true, 'options': {'smokeBlocksLOS': true}",
      "'conditions': {'smoke': true}, 'options': {'smokeBlocksLOS': true}" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *los = g_strdup_printf ("{'kind': 'los', %s}", cases[i].los);
      g_autofree char *to_hit = g_strdup_printf ("{'kind': 'to-hit', 'firer': {" PLAIN "}, %s,"
                                                 " 'roll': 5}", cases[i].to_hit);
      g_autoptr(JsonNode) l = sl_test_resolve (los);
      g_autofree char *json = sl_test_json (to_hit);
      g_autoptr(SlResolver) resolver = sl_resolver_new (sl_test_rules ());
      gboolean valid;
      g_autoptr(JsonNode) t = sl_resolver_resolve_text (resolver, json, -1, &valid);

      g_test_message ("%s ~ %s", los, to_hit);
      g_assert_cmpint (sl_test_bool (l, "blocked"), ==, !valid);
      /* Only the cover and smoke; to-hit adds the target's posture too. */
      if (valid)
        g_assert_cmpint (sl_test_int (l, "modifier"), ==,
                         sl_test_breakdown (t, "breakdown", "cover") +
                         sl_test_breakdown (t, "breakdown", "smoke"));
    }
}

static void
test_los_refused (void)
{
  struct { const char *request; const char *field; const char *text; } cases[] = {
    { "'obstacles': ['hedge']", "obstacles[0]", "wall" },
    { "'obstacles': ['wall', {'near_firer': true}]", "obstacles[1].type", "" },
    { "'obstacles': [{'type': 'window', 'near': true}]", "obstacles[0].near", "" },
    { "'obstacles': 'wall'", "obstacles", "" },
    { "'light_woods_m': -2", "light_woods_m", "" },
    { "'dead_zone': {'lines': 3}", "dead_zone.distance_from_foot_m", "" },
    { "'target': {'position': 'crouching'}", "target.position", "" },
    { "'target': {'prone': true, 'kneeling': true}", "target.kneeling", "" },
    { "'elevation': {'firer_level': 'high'}", "elevation.firer_level", "" },
    { "'in_stairwell': {'both': true}", "in_stairwell.both", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'los', %s}", cases[i].request);
      sl_test_assert_refused (request, cases[i].field, cases[i].text);
    }
}

/* ---------------------------------------------------------------------- */
/* zero-g                                                                  */

/* T-11 zero-G column; tech troops 0 if naval, +1 otherwise. */
static void
test_zero_g_t11 (void)
{
  struct { const char *troop; int value; } rows[] = {
    { "'troop': 'combat-arms'", 1 },
    { "'troop': 'marines'", -1 },
    { "'troop': 'counter-insurgency'", 1 },
    { "'troop': 'tech'", 1 },
    { "'troop': 'tech', 'naval': true", 0 },
    { "'troop': 'civilian'", 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'zero-g', %s, 'roll': 5}", rows[i].troop);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_test_message ("%s", request);
      g_assert_cmpint (sl_test_breakdown (r, "breakdown", "troop"), ==, rows[i].value);
      g_assert_cmpint (sl_test_int (r, "modifier"), ==, rows[i].value);
      g_assert_cmpint (sl_test_int (r, "target"), ==, 8);
    }
}

/* P-21 step 4: fails on net 9 or 10. */
static void
test_zero_g_check_p21 (void)
{
  g_autoptr(JsonNode) eight = sl_test_resolve ("{'kind': 'zero-g', 'troop': 'tech', 'naval': true,"
                                               " 'roll': 8}");
  g_autoptr(JsonNode) nine = sl_test_resolve ("{'kind': 'zero-g', 'troop': 'tech', 'naval': true,"
                                              " 'roll': 9}");
  g_autoptr(JsonNode) plus = sl_test_resolve ("{'kind': 'zero-g', 'troop': 'combat-arms',"
                                              " 'roll': 8}");
  g_autoptr(JsonNode) marine = sl_test_resolve ("{'kind': 'zero-g', 'troop': 'marines',"
                                                " 'roll': 9}");
  g_autoptr(JsonNode) marine10 = sl_test_resolve ("{'kind': 'zero-g', 'troop': 'marines',"
                                                  " 'roll': 10}");

  g_assert_true (sl_test_bool (eight, "succeeded"));
  g_assert_false (sl_test_bool (eight, "action_lost"));
  g_assert_cmpfloat (sl_test_double (eight, "probability"), ==, 0.8);
  g_assert_false (sl_test_bool (nine, "succeeded"));
  g_assert_true (sl_test_bool (nine, "action_lost"));
  g_assert_cmpint (sl_test_int (plus, "net"), ==, 9);
  g_assert_false (sl_test_bool (plus, "succeeded"));
  g_assert_cmpfloat (sl_test_double (plus, "probability"), ==, 0.7);
  /* Marines −1: 9 − 1 = 8 succeeds; a natural 10 fails. */
  g_assert_true (sl_test_bool (marine, "succeeded"));
  g_assert_false (sl_test_bool (marine10, "succeeded"));
  g_assert_cmpfloat (sl_test_double (marine10, "probability"), ==, 0.9);
  /* A natural 1 always succeeds: civilians with an SMG firing, +3. */
  g_assert_true (sl_test_resolve_bool ("{'kind': 'zero-g', 'troop': 'civilian', 'action': 'fire',"
                                       " 'weapon': 'SMG', 'roll': 1}", "succeeded"));
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'zero-g', 'troop': 'civilian', 'action': 'fire',"
                                             " 'weapon': 'SMG', 'roll': 1}", "probability"), ==, 0.5);
}

/* P-21 step 3 and A-71: spike rifle, SMG and caseless pistol add +1 to fire
 * actions only. */
static void
test_zero_g_weapons_a71 (void)
{
  struct { const char *request; int value; } rows[] = {
    { "'action': 'fire', 'weapon': 'SR'", 1 },
    { "'action': 'fire', 'weapon': 'SMG'", 1 },
    { "'action': 'fire', 'weapon': 'P'", 1 },
    { "'action': 'fire', 'weapon': 'SC'", 0 },
    { "'action': 'fire', 'weapon': 'LR'", 0 },
    { "'action': 'fire', 'weapon': 'SP'", 0 },
    { "'action': 'fire', 'weapon': 'OR', 'omni_mode': 'spike'", 0 },
    { "'action': 'other', 'weapon': 'SR'", 0 },
    { "'weapon': 'SMG'", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'zero-g', 'troop': 'marines', %s,"
                                                  " 'roll': 5}", rows[i].request);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_test_message ("%s", request);
      g_assert_cmpint (sl_test_breakdown (r, "breakdown", "weapon"), ==, rows[i].value);
    }
}

static void
test_zero_g_option_all_actions_a71 (void)
{
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'zero-g', 'troop': 'marines', 'weapon': 'SR',"
                                        " 'roll': 5}", "modifier"), ==, -1);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'zero-g', 'troop': 'marines', 'weapon': 'SR',"
                                        " 'roll': 5, 'options': {'zeroGWeaponPenaltyAllActions': true}}",
                                        "modifier"), ==, 0);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'zero-g', 'troop': 'marines', 'weapon': 'LR',"
                                        " 'roll': 5, 'options': {'zeroGWeaponPenaltyAllActions': true}}",
                                        "modifier"), ==, -1);
}

static void
test_zero_g_option_penal_a71 (void)
{
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'zero-g', 'troop': 'penal', 'roll': 5,"
                                        " 'options': {'penalTroopsInZeroG': true}}", "modifier"), ==, 1);
  sl_test_assert_refused ("{'kind': 'zero-g', 'troop': 'penal', 'roll': 5}", "troop", "A-71");
}

/* What zero-G forbids (book §7.9, §8.2). */
static void
test_zero_g_forbidden (void)
{
  struct { const char *request; const char *field; const char *text; } cases[] = {
    { "'action': 'fire', 'weapon': 'SAR'", "weapon", "7.9" },
    { "'action': 'fire', 'weapon': 'OR', 'omni_mode': 'slug'", "omni_mode", "7.9" },
    { "'movement': 'sprint'", "movement", "7.9" },
    { "'bounce_pack': true", "bounce_pack", "7.9" },
    { "'action': 'fire'", "weapon", "" },
    { "'naval': true", "naval", "T-11" },
    { "'action': 'throw', 'weapon': 'SR'", "action", "fire" },
    { "'weapon': 'SR', 'omni_mode': 'slug'", "omni_mode", "OMNI" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'zero-g', 'troop': 'marines', %s,"
                                                  " 'roll': 5}", cases[i].request);
      sl_test_assert_refused (request, cases[i].field, cases[i].text);
    }
  sl_test_assert_refused ("{'kind': 'zero-g', 'roll': 5}", "troop", "");
  /* Carrying a slug rifle is allowed; only firing it is not. */
  g_assert_true (sl_test_resolve_bool ("{'kind': 'zero-g', 'troop': 'marines', 'weapon': 'SAR',"
                                       " 'roll': 5}", "succeeded"));
  /* Walking is fine. */
  g_assert_true (sl_test_resolve_bool ("{'kind': 'zero-g', 'troop': 'marines', 'movement': 'walk',"
                                       " 'roll': 5}", "succeeded"));
}

/* ---------------------------------------------------------------------- */
/* suit-breach                                                             */

#define BREACH "{'kind': 'suit-breach', 'armor': 'BI', "

/* P-39 step 2: exactly 1 level, one more 20 subphases later, then seal. */
static void
test_breach_one_level_p39 (void)
{
  g_autoptr(JsonNode) hit = sl_test_resolve (BREACH "'levels': 1, 'turn': 3, 'subphase': 4}");
  g_autoptr(JsonNode) waiting = sl_test_resolve (BREACH "'breach': {'delayed': {'turn': 5,"
                                                 " 'subphase': 4}}, 'turn': 4, 'subphase': 4}");
  g_autoptr(JsonNode) due = sl_test_resolve (BREACH "'breach': {'delayed': {'turn': 5,"
                                             " 'subphase': 4}}, 'turn': 5, 'subphase': 4}");

  g_assert_true (sl_test_bool (hit, "breached_now"));
  g_assert_cmpint (sl_test_int (hit, "breach.delayed.turn"), ==, 5);
  g_assert_cmpint (sl_test_int (hit, "breach.delayed.subphase"), ==, 4);
  g_assert_cmpint (sl_test_int (hit, "next_wound.turn"), ==, 5);
  g_assert_cmpint (sl_test_int (hit, "levels"), ==, 0);

  g_assert_cmpint (sl_test_int (waiting, "levels"), ==, 0);
  g_assert_cmpint (sl_test_int (waiting, "breach.delayed.turn"), ==, 5);

  g_assert_cmpint (sl_test_int (due, "levels"), ==, 1);
  g_assert_true (sl_test_bool (due, "dazed"));
  g_assert_true (sl_test_bool (due, "sealed_now"));
  g_assert_cmpstr (sl_test_string (due, "breach"), ==, "none");
  g_assert_true (JSON_NODE_HOLDS_NULL (sl_test_member (due, "next_wound")));

  /* Across the end of a turn: subphase 9 of turn 2 → subphase 9 of turn 4. */
  g_assert_cmpint (sl_test_resolve_int (BREACH "'levels': 1, 'turn': 2, 'subphase': 9}",
                                        "next_wound.turn"), ==, 4);
}

/* P-39 step 3: 2 or more levels bleed +1 every 20 subphases until dead. */
static void
test_breach_bleeding_p39 (void)
{
  g_autoptr(JsonNode) hit = sl_test_resolve (BREACH "'levels': 2, 'turn': 1, 'subphase': 10,"
                                             " 'wound': 'moderate'}");
  g_autoptr(JsonNode) bleed = sl_test_resolve (BREACH "'breach': {'bleeding': {'next_turn': 3,"
                                               " 'next_subphase': 10}}, 'turn': 3, 'subphase': 10,"
                                               " 'wound': 'moderate'}");
  g_autoptr(JsonNode) out = sl_test_resolve (BREACH "'breach': {'bleeding': {'next_turn': 5,"
                                             " 'next_subphase': 10}}, 'turn': 5, 'subphase': 10,"
                                             " 'wound': 'serious'}");
  g_autoptr(JsonNode) dies = sl_test_resolve (BREACH "'breach': {'bleeding': {'next_turn': 7,"
                                              " 'next_subphase': 10}}, 'turn': 7, 'subphase': 10,"
                                              " 'wound': 'unconscious'}");

  g_assert_true (sl_test_bool (hit, "breached_now"));
  g_assert_cmpint (sl_test_int (hit, "breach.bleeding.next_turn"), ==, 3);
  g_assert_cmpint (sl_test_int (hit, "breach.bleeding.next_subphase"), ==, 10);

  g_assert_cmpint (sl_test_int (bleed, "levels"), ==, 1);
  g_assert_cmpstr (sl_test_string (bleed, "wound"), ==, "serious");
  g_assert_true (sl_test_bool (bleed, "dazed"));
  g_assert_false (sl_test_bool (bleed, "sealed_now"));
  g_assert_cmpint (sl_test_int (bleed, "breach.bleeding.next_turn"), ==, 5);

  /* Knocked out: out of the fight, not dazed, still bleeding. */
  g_assert_cmpstr (sl_test_string (out, "wound"), ==, "unconscious");
  g_assert_false (sl_test_bool (out, "dazed"));
  g_assert_cmpint (sl_test_int (out, "breach.bleeding.next_turn"), ==, 7);

  /* Dead: the bleeding stops. */
  g_assert_cmpstr (sl_test_string (dies, "wound"), ==, "dead");
  g_assert_true (sl_test_bool (dies, "dead"));
  g_assert_cmpstr (sl_test_string (dies, "breach"), ==, "none");
}

/* each breach is tracked; a second one while unsealed, or any
 * 2-level hit, bleeds for good; melee wounds breach too. */
static void
test_breach_stacking_a119 (void)
{
  /* A second 1-level hit while the first is unsealed: bleeding, and the
   * wound already due keeps its time. */
  g_autoptr(JsonNode) second = sl_test_resolve (BREACH "'breach': {'delayed': {'turn': 5,"
                                                " 'subphase': 4}}, 'levels': 1, 'turn': 4,"
                                                " 'subphase': 1}");
  /* After sealing, a later 1-level hit (a melee wound, say) has its own
   * delayed wound. */
  g_autoptr(JsonNode) later = sl_test_resolve (BREACH "'levels': 1, 'turn': 8, 'subphase': 2}");
  /* The delayed wound and a new hit in the same subphase: the wound first
   * (P-08 step 1), so the suit seals and the new hit breaches it again. */
  g_autoptr(JsonNode) same = sl_test_resolve (BREACH "'breach': {'delayed': {'turn': 5,"
                                              " 'subphase': 4}}, 'levels': 1, 'turn': 5,"
                                              " 'subphase': 4}");
  /* Already bleeding: another hit changes nothing. */
  g_autoptr(JsonNode) more = sl_test_resolve (BREACH "'breach': {'bleeding': {'next_turn': 6,"
                                              " 'next_subphase': 1}}, 'levels': 3, 'turn': 5,"
                                              " 'subphase': 1}");

  g_assert_cmpint (sl_test_int (second, "breach.bleeding.next_turn"), ==, 5);
  g_assert_cmpint (sl_test_int (second, "breach.bleeding.next_subphase"), ==, 4);
  g_assert_false (sl_test_bool (second, "breached_now"));

  g_assert_cmpint (sl_test_int (later, "breach.delayed.turn"), ==, 10);

  g_assert_cmpint (sl_test_int (same, "levels"), ==, 1);
  g_assert_true (sl_test_bool (same, "sealed_now"));
  g_assert_true (sl_test_bool (same, "breached_now"));
  g_assert_cmpint (sl_test_int (same, "breach.delayed.turn"), ==, 7);

  g_assert_cmpint (sl_test_int (more, "breach.bleeding.next_turn"), ==, 6);
  g_assert_cmpint (sl_test_int (more, "levels"), ==, 0);
}

/* T-36 vacuum row and A-117: only sealed suits may take part. */
static void
test_vacuum_suits_t36 (void)
{
  const char *sealed[] = { "BI", "M", "SSS", "MZG", "SNF" };
  const char *unsealed[] = { "LI", "RS", "TS", "NONE" };

  for (guint i = 0; i < G_N_ELEMENTS (sealed); i++)
    {
      g_autofree char *vacuum = g_strdup_printf ("{'kind': 'suit-breach', 'armor': '%s',"
                                                 " 'levels': 2, 'turn': 1, 'subphase': 1}", sealed[i]);
      g_autofree char *hostile = g_strdup_printf ("{'kind': 'suit-breach', 'environment': 'hostile',"
                                                  " 'armor': '%s', 'levels': 1, 'turn': 1,"
                                                  " 'subphase': 1}", sealed[i]);

      g_assert_true (sl_test_resolve_bool (vacuum, "breached_now"));
      g_assert_true (sl_test_resolve_bool (hostile, "breached_now"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (unsealed); i++)
    {
      g_autofree char *vacuum = g_strdup_printf ("{'kind': 'suit-breach', 'armor': '%s',"
                                                 " 'turn': 1, 'subphase': 1}", unsealed[i]);
      g_autofree char *hostile = g_strdup_printf ("{'kind': 'suit-breach', 'environment': 'hostile',"
                                                  " 'armor': '%s', 'turn': 1, 'subphase': 1}",
                                                  unsealed[i]);

      sl_test_assert_refused (vacuum, "armor", "A-117");
      sl_test_assert_refused (hostile, "armor", "T-36");
    }
}

/* T-36 hostile row and A-120: like vacuum, but nothing happens inside an
 * intact, closed building. */
static void
test_hostile_a120 (void)
{
  g_autoptr(JsonNode) inside = sl_test_resolve ("{'kind': 'suit-breach', 'environment': 'hostile',"
                                                " 'in_intact_building': true, 'armor': 'LI',"
                                                " 'levels': 2, 'turn': 2, 'subphase': 2}");
  g_autoptr(JsonNode) sheltered = sl_test_resolve ("{'kind': 'suit-breach', 'environment': 'hostile',"
                                                   " 'in_intact_building': true, 'armor': 'BI',"
                                                   " 'breach': {'bleeding': {'next_turn': 2,"
                                                   " 'next_subphase': 2}}, 'turn': 2, 'subphase': 5}");
  g_autoptr(JsonNode) sealed = sl_test_resolve ("{'kind': 'suit-breach', 'environment': 'hostile',"
                                                " 'in_intact_building': true, 'armor': 'BI',"
                                                " 'breach': {'delayed': {'turn': 2,"
                                                " 'subphase': 2}}, 'turn': 2, 'subphase': 2}");

  g_assert_true (sl_test_bool (inside, "neutral"));
  g_assert_false (sl_test_bool (inside, "breached_now"));
  g_assert_cmpstr (sl_test_string (inside, "breach"), ==, "none");

  g_assert_true (sl_test_bool (sheltered, "skipped"));
  g_assert_cmpint (sl_test_int (sheltered, "levels"), ==, 0);
  g_assert_cmpint (sl_test_int (sheltered, "breach.bleeding.next_turn"), ==, 4);
  g_assert_cmpint (sl_test_int (sheltered, "breach.bleeding.next_subphase"), ==, 2);

  g_assert_true (sl_test_bool (sealed, "sealed_now"));
  g_assert_cmpint (sl_test_int (sealed, "levels"), ==, 0);

  sl_test_assert_refused ("{'kind': 'suit-breach', 'in_intact_building': true, 'armor': 'BI',"
                          " 'turn': 1, 'subphase': 1}", "in_intact_building", "A-120");
}

/* breach wounds daze unless the option says otherwise. */
static void
test_option_vacuum_daze_a67 (void)
{
#define DUE BREACH "'breach': {'delayed': {'turn': 3, 'subphase': 1}}, 'turn': 3, 'subphase': 1"
  g_assert_true (sl_test_resolve_bool (DUE "}", "dazed"));
  g_assert_false (sl_test_resolve_bool (DUE ", 'options': {'vacuumWoundsDaze': false}}", "dazed"));
  g_assert_true (sl_test_resolve_bool (DUE ", 'wound': 'light'}", "dazed"));
  g_assert_false (sl_test_resolve_bool (DUE ", 'wound': 'light',"
                                        " 'options': {'vacuumWoundsDaze': false}}", "dazed"));
#undef DUE
}

static void
test_breach_refused (void)
{
  struct { const char *request; const char *field; const char *text; } cases[] = {
    /* The caller skipped the subphase the wound fell due in. */
    { "'breach': {'delayed': {'turn': 2, 'subphase': 1}}, 'turn': 2, 'subphase': 2", "breach", "P-39" },
    { "'breach': {'bleeding': {'next_turn': 9, 'next_subphase': 1}}, 'turn': 2, 'subphase': 2",
      "breach", "P-39" },
    { "'breach': {'delayed': {'turn': 2, 'subphase': 1}, 'bleeding': {'next_turn': 2,"
      " 'next_subphase': 1}}, 'turn': 2, 'subphase': 1", "breach", "delayed" },
    { "'breach': {}, 'turn': 2, 'subphase': 1", "breach", "bleeding" },
    { "'breach': 'delayed', 'turn': 2, 'subphase': 1", "breach", "none" },
    { "'breach': {'delayed': {'turn': 2}}, 'turn': 2, 'subphase': 1", "breach.delayed.subphase", "" },
    { "'breach': {'bleeding': {'turn': 2, 'subphase': 1}}, 'turn': 2, 'subphase': 1",
      "breach.bleeding.next_turn", "" },
    { "'levels': 2, 'wound': 'light', 'turn': 1, 'subphase': 1", "wound", "2" },
    { "'levels': 6, 'turn': 1, 'subphase': 1", "levels", "" },
    { "'subphase': 1", "turn", "" },
    { "'turn': 1, 'subphase': 11", "subphase", "" },
    { "'environment': 'water', 'turn': 1, 'subphase': 1", "environment", "vacuum" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *request = g_strdup_printf (BREACH "%s}", cases[i].request);
      sl_test_assert_refused (request, cases[i].field, cases[i].text);
    }
  sl_test_assert_refused ("{'kind': 'suit-breach', 'turn': 1, 'subphase': 1}", "armor", "");
}

/* The T-36 rows not covered above point to the right rules: zero-G to §11,
 * vacuum and hostile to P-39. A dead unit does not bleed. */
static void
test_breach_dead (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve (BREACH "'levels': 3, 'wound': 'dead', 'turn': 1,"
                                           " 'subphase': 1}");

  g_assert_true (sl_test_bool (r, "dead"));
  g_assert_cmpstr (sl_test_string (r, "breach"), ==, "none");
  g_assert_false (sl_test_bool (r, "breached_now"));
}

/* T-15 and P-38: fire missions ignore dead zones; other fire does not. */
static void
test_los_fire_mission_dead_zone (void)
{
  g_autoptr(JsonNode) fire = sl_test_resolve ("{'kind': 'los', 'dead_zone': {'lines': 3,"
                                              " 'distance_from_foot_m': 5}}");
  g_autoptr(JsonNode) mission = sl_test_resolve ("{'kind': 'los', 'fire_mission': true,"
                                                 " 'dead_zone': {'lines': 3, 'distance_from_foot_m': 5}}");

  g_assert_true (sl_test_bool (fire, "blocked"));
  g_assert_false (sl_test_bool (mission, "blocked"));
  g_assert_cmpfloat (sl_test_double (mission, "dead_zone_m"), ==, 9);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/detection/detection/E-24", test_e24);
  g_test_add_func ("/detection/detection/E-24-default-suit-A-125", test_e24_default_suit);
  g_test_add_func ("/detection/detection/T-19-rows", test_t19_rows);
  g_test_add_func ("/detection/detection/ranger-suit-A-51", test_ranger_suit_from_armor);
  g_test_add_func ("/detection/detection/T-36-weather-rows", test_t36_weather_rows);
  g_test_add_func ("/detection/detection/automatic-within-1m", test_automatic_within_1m);
  g_test_add_func ("/detection/detection/probabilities-P-27", test_probabilities);
  g_test_add_func ("/detection/detection/rolled-die-reported", test_rolled_die_reported);
  g_test_add_func ("/detection/detection/option-detectorSuitModifier-A-125", test_option_detector_suit_a125);
  g_test_add_func ("/detection/detection/option-rangerDetectionMod-A-51", test_option_ranger_a51);
  g_test_add_func ("/detection/detection/option-groundSensorBonus-A-121", test_option_ground_sensor_a121);
  g_test_add_func ("/detection/detection/ecm-A-122", test_ecm_a122);
  g_test_add_func ("/detection/detection/option-camoTinterAllUnits-A-123", test_option_camo_tinter_a123);
  g_test_add_func ("/detection/detection/option-holotarpMode-A-124", test_option_holotarp_a124);
  g_test_add_func ("/detection/detection/option-smokeBlocksLOS-A-112", test_option_smoke_a112);
  g_test_add_func ("/detection/detection/option-stackCover-A-47", test_option_stack_cover_a47);
  g_test_add_func ("/detection/detection/E-23-decoys", test_e23_decoys);
  g_test_add_func ("/detection/detection/refused", test_detection_refused);
  g_test_add_func ("/detection/los/E-15-dead-zone", test_e15_dead_zone);
  g_test_add_func ("/detection/los/dead-zone-notes-A-53-A-54", test_dead_zone_notes);
  g_test_add_func ("/detection/los/elevation-A-52", test_elevation_a52);
  g_test_add_func ("/detection/los/T-15-blocked-rows", test_t15_blocked_rows);
  g_test_add_func ("/detection/los/T-15-penalised-rows", test_t15_penalised_rows);
  g_test_add_func ("/detection/los/detection-through-cover", test_detection_through_cover);
  g_test_add_func ("/detection/los/stairwell-P-10", test_stairwell_p10);
  g_test_add_func ("/detection/los/option-woodsFireModifier-A-45", test_los_option_woods_a45);
  g_test_add_func ("/detection/los/option-stackCover-A-47", test_los_option_stack_cover_a47);
  g_test_add_func ("/detection/los/option-ignoreFirerOwnCover-A-47", test_los_option_firer_cover_a47);
  g_test_add_func ("/detection/los/option-smokeBlocksLOS-A-112", test_los_option_smoke_a112);
  g_test_add_func ("/detection/los/matches-to-hit-P-18", test_los_matches_to_hit);
  g_test_add_func ("/detection/los/refused", test_los_refused);
  g_test_add_func ("/detection/zero-g/T-11", test_zero_g_t11);
  g_test_add_func ("/detection/zero-g/check-P-21", test_zero_g_check_p21);
  g_test_add_func ("/detection/zero-g/weapons-A-71", test_zero_g_weapons_a71);
  g_test_add_func ("/detection/zero-g/option-zeroGWeaponPenaltyAllActions-A-71", test_zero_g_option_all_actions_a71);
  g_test_add_func ("/detection/zero-g/option-penalTroopsInZeroG-A-71", test_zero_g_option_penal_a71);
  g_test_add_func ("/detection/zero-g/forbidden", test_zero_g_forbidden);
  g_test_add_func ("/detection/suit-breach/one-level-P-39", test_breach_one_level_p39);
  g_test_add_func ("/detection/suit-breach/bleeding-P-39", test_breach_bleeding_p39);
  g_test_add_func ("/detection/suit-breach/stacking-A-119", test_breach_stacking_a119);
  g_test_add_func ("/detection/suit-breach/T-36-vacuum-A-117", test_vacuum_suits_t36);
  g_test_add_func ("/detection/suit-breach/T-36-hostile-A-120", test_hostile_a120);
  g_test_add_func ("/detection/suit-breach/option-vacuumWoundsDaze-A-67", test_option_vacuum_daze_a67);
  g_test_add_func ("/detection/suit-breach/dead", test_breach_dead);
  g_test_add_func ("/detection/suit-breach/refused", test_breach_refused);

  g_test_add_func ("/detection/los/fire-mission-dead-zone-T-15", test_los_fire_mission_dead_zone);

  return g_test_run ();
}
