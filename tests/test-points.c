/* test-points.c: squad costs, victory, ammunition, the premade scenarios'
 * objectives and the Legionnaire and Centurion conversions
 * (digest P-02, P-29, P-35 … P-38, P-40; T-11 … T-13, T-17, T-20, T-24,
 * T-25, T-37 … T-44; worked examples E-01, E-02, E-23, E-25, E-29, E-35,
 * E-36, E-39, E-40, E-41)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-ammunition.h"
#include "sl-conversion.h"
#include "sl-points-private.h"
#include "sl-points.h"
#include "sl-rules-private.h"
#include "sl-test.h"

/* A trooper of E-01's squad: Combat Arms, human, BI suit, spike rifle and
 * spike pistol. */
#define TROOPER "{'troop': 'combat-arms', 'race': 'human', 'armor': 'BI', 'weapons': ['SR', 'SP']}"
#define SQUAD8 TROOPER ", " TROOPER ", " TROOPER ", " TROOPER ", " \
               TROOPER ", " TROOPER ", " TROOPER ", " TROOPER

static guint
n_problems (JsonNode *result)
{
  JsonNode *node = sl_test_member (result, "problems");

  g_assert_true (JSON_NODE_HOLDS_ARRAY (node));
  return json_array_get_length (json_node_get_array (node));
}

/* Asserts that @result lists exactly one problem, of @rule on @field. */
static void
assert_one_problem (JsonNode   *result,
                    const char *rule,
                    const char *field)
{
  if (n_problems (result) != 1)
    {
      g_autofree char *text = sl_json_to_string (result, FALSE);
      g_test_message ("%s", text);
    }
  g_assert_cmpuint (n_problems (result), ==, 1);
  g_assert_cmpstr (sl_test_string (result, "problems[0].rule"), ==, rule);
  g_assert_cmpstr (sl_test_string (result, "problems[0].field"), ==, field);
  /* The sentence names the rule. */
  g_assert_nonnull (strstr (sl_test_string (result, "problems[0].message"), rule));
}

static JsonNode *
squad (const char *units,
       const char *rest)
{
  g_autofree char *request = g_strdup_printf ("{'kind': 'squad-cost', 'units': [%s]%s%s}", units,
                                              rest ? ", " : "", rest ? rest : "");
  return sl_test_resolve (request);
}

/* The point value of one unit. */
static gint64
unit_points (const char *unit,
             const char *rest)
{
  g_autoptr(JsonNode) r = squad (unit, rest);

  return sl_test_int (r, "units[0].points");
}

/* squad-cost */

/* E-01: 8 Combat Arms in BI with spike rifle and spike pistol: 160 + 160 +
 * 40 + 8 = 368, leaving 32 of 400. */
static void
test_e01_squad (void)
{
  g_autoptr(JsonNode) r = squad (SQUAD8, "'budget': 400");

  g_assert_cmpint (sl_test_int (r, "total"), ==, 368);
  g_assert_cmpint (sl_test_int (r, "remaining"), ==, 32);
  g_assert_cmpint (sl_test_int (r, "costs.units"), ==, 368);
  g_assert_cmpint (sl_test_int (r, "costs.leader"), ==, 0);
  g_assert_cmpint (sl_test_int (r, "costs.quality"), ==, 0);
  g_assert_cmpint (sl_test_int (r, "decoys_allowed"), ==, 0);
  g_assert_cmpuint (n_problems (r), ==, 0);
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *path = g_strdup_printf ("units[%u].points", i);
      g_assert_cmpint (sl_test_int (r, path), ==, 46);
    }
  /* Per soldier 20 + 20 + 5 + 1; summed over the squad, 160 + 160 + 48. */
  g_assert_cmpint (8 * sl_test_int (r, "units[0].costs.troop"), ==, 160);
  g_assert_cmpint (8 * sl_test_int (r, "units[0].costs.armor"), ==, 160);
  g_assert_cmpint (8 * sl_test_int (r, "units[0].costs.weapons"), ==, 48);
}

/* E-02 and A-130: the book's “= 47” is 46. */
static void
test_e02_unit_value (void)
{
  g_autoptr(JsonNode) r = squad (TROOPER, NULL);

  g_assert_cmpint (sl_test_int (r, "units[0].points"), ==, 46);
  g_assert_cmpint (sl_test_int (r, "units[0].costs.troop"), ==, 20);
  g_assert_cmpint (sl_test_int (r, "units[0].costs.race"), ==, 0);
  g_assert_cmpint (sl_test_int (r, "units[0].costs.armor"), ==, 20);
  g_assert_cmpint (sl_test_int (r, "units[0].costs.weapons"), ==, 6);
  g_assert_cmpint (sl_test_int (r, "units[0].costs.equipment"), ==, 0);
  g_assert_cmpstr (sl_test_string (r, "units[0].id"), ==, "1");
  /* No budget: nothing remains to compute. */
  g_assert_true (JSON_NODE_HOLDS_NULL (sl_test_member (r, "remaining")));
}

/* E-41: 400 points buy one well-equipped squad plus extras: E-01's 32
 * points left pay for an ECM jammer and a camo tinter. */
static void
test_e41_rule_of_thumb (void)
{
  g_autoptr(JsonNode) r = squad (SQUAD8, "'side_equipment': ['ecm-jammer', 'camo-tinter'],"
                                         " 'budget': 400");

  g_assert_cmpint (sl_test_int (r, "costs.equipment"), ==, 30);
  g_assert_cmpint (sl_test_int (r, "total"), ==, 398);
  g_assert_cmpint (sl_test_int (r, "remaining"), ==, 2);
  g_assert_cmpuint (n_problems (r), ==, 0);
}

/* Every row of T-11, T-12 and T-13, and races costing nothing (T-08). */
static void
test_table_costs (void)
{
  struct { const char *troop; int cost; } troops[] = {
    { "combat-arms", 20 }, { "marines", 20 }, { "counter-insurgency", 15 }, { "tech", 5 },
    { "civilian", 1 }, { "penal", 4 },
  };
  struct { const char *id; int cost; } weapons[] = {
    { "LP", 1 }, { "LR", 3 }, { "SAR", 10 }, { "SP", 1 }, { "SC", 3 }, { "SR", 5 }, { "OR", 6 },
    { "SMG", 1 }, { "P", 0 },
  };
  struct { const char *id; int cost; } armor[] = {
    { "LI", 10 }, { "BI", 20 }, { "M", 20 }, { "TS", 10 }, { "RS", 40 }, { "SNF", 5 },
    { "SSS", 10 }, { "MZG", 25 }, { "NONE", 0 },
  };
  const char *races[] = { "human", "naram", "baufrin", "vauvusar", "ssora", "kessrith", "zog",
                          "menevagorean" };

  for (guint i = 0; i < G_N_ELEMENTS (troops); i++)
    {
      g_autofree char *unit = g_strdup_printf ("{'troop': '%s'%s}", troops[i].troop,
                                               g_str_equal (troops[i].troop, "penal")
                                                 ? ", 'weapons': ['SMG']" : "");
      g_autoptr(JsonNode) r = squad (unit, NULL);

      g_assert_cmpint (sl_test_int (r, "units[0].costs.troop"), ==, troops[i].cost);
      g_assert_cmpuint (n_problems (r), ==, 0);
    }
  for (guint i = 0; i < G_N_ELEMENTS (weapons); i++)
    {
      g_autofree char *unit = g_strdup_printf ("{'troop': 'civilian', 'weapons': ['%s']}",
                                               weapons[i].id);
      g_assert_cmpint (unit_points (unit, NULL), ==, 1 + weapons[i].cost);
    }
  for (guint i = 0; i < G_N_ELEMENTS (armor); i++)
    {
      g_autofree char *unit = g_strdup_printf ("{'troop': 'civilian', 'armor': '%s'}", armor[i].id);
      g_assert_cmpint (unit_points (unit, NULL), ==, 1 + armor[i].cost);
    }
  for (guint i = 0; i < G_N_ELEMENTS (races); i++)
    {
      g_autofree char *unit = g_strdup_printf ("{'troop': 'combat-arms', 'race': '%s',"
                                               " 'armor': 'BI', 'weapons': ['SR', 'SP']}", races[i]);
      g_autoptr(JsonNode) r = squad (unit, NULL);

      g_assert_cmpint (sl_test_int (r, "units[0].costs.race"), ==, 0);
      g_assert_cmpint (sl_test_int (r, "units[0].points"), ==, 46);
    }
}

/* T-38 and T-37: the equipment costs. Personal items count in the unit's
 * value; squad items only in the total. */
static void
test_t38_equipment (void)
{
  struct { const char *item; int cost; } personal[] = {
    { "grenades", 0 }, { "grenade-launcher", 2 }, { "plastic-charge", 5 }, { "shaped-charge", 10 },
  };
  struct { const char *item; int cost; } side[] = {
    { "mortar-mission", 10 }, { "missile-mission", 15 }, { "holotarp", 15 }, { "ecm-jammer", 20 },
    { "ground-sensor", 20 }, { "camo-tinter", 10 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (personal); i++)
    {
      g_autofree char *unit = g_strdup_printf ("{'troop': 'combat-arms', 'armor': 'BI',"
                                               " 'weapons': ['SR', 'SP'], 'equipment': ['%s']}",
                                               personal[i].item);
      g_autoptr(JsonNode) r = squad (unit, NULL);

      g_assert_cmpint (sl_test_int (r, "units[0].costs.equipment"), ==, personal[i].cost);
      g_assert_cmpint (sl_test_int (r, "units[0].points"), ==, 46 + personal[i].cost);
      g_assert_cmpint (sl_test_int (r, "total"), ==, 46 + personal[i].cost);
      g_assert_cmpuint (n_problems (r), ==, 0);
    }
  for (guint i = 0; i < G_N_ELEMENTS (side); i++)
    {
      g_autofree char *rest = g_strdup_printf ("'side_equipment': ['%s']", side[i].item);
      g_autoptr(JsonNode) r = squad (TROOPER, rest);

      g_assert_cmpint (sl_test_int (r, "units[0].points"), ==, 46);
      g_assert_cmpint (sl_test_int (r, "costs.equipment"), ==, side[i].cost);
      g_assert_cmpint (sl_test_int (r, "total"), ==, 46 + side[i].cost);
    }
  {
    /* P-37: mines, 3 each. */
    g_autoptr(JsonNode) r = squad (TROOPER, "'mines': 4");

    g_assert_cmpint (sl_test_int (r, "costs.mines"), ==, 12);
    g_assert_cmpint (sl_test_int (r, "total"), ==, 58);
  }
  {
    /* Holotarps have no limit (T-37). */
    g_autoptr(JsonNode) r = squad (TROOPER, "'side_equipment': ['holotarp', 'holotarp', 'holotarp']");

    g_assert_cmpint (sl_test_int (r, "costs.equipment"), ==, 45);
    g_assert_cmpuint (n_problems (r), ==, 0);
  }
}

/* T-24 and E-29: a +2 leader gives 20 back … a −2 leader costs 20. */
static void
test_t24_leader_e29 (void)
{
  int costs[] = { 20, 10, 0, -10, -20 };

  for (int rating = -2; rating <= 2; rating++)
    {
      g_autofree char *rest = g_strdup_printf ("'leader_rating': %d, 'budget': 400", rating);
      g_autoptr(JsonNode) r = squad (SQUAD8, rest);

      g_assert_cmpint (sl_test_int (r, "costs.leader"), ==, costs[rating + 2]);
      g_assert_cmpint (sl_test_int (r, "total"), ==, 368 + costs[rating + 2]);
      g_assert_cmpint (sl_test_int (r, "remaining"), ==, 32 - costs[rating + 2]);
      g_assert_cmpint (sl_leader_cost (sl_test_rules (), rating), ==, costs[rating + 2]);
    }
}

/* A-96: troop quality costs the T-25 rout column per squad (default), per
 * unit, or nothing. */
static void
test_quality_cost_a96 (void)
{
  const char *qualities[] = { "civilian", "green", "regular", "veteran", "elite" };
  int per_squad[] = { -20, -10, 0, 10, 20 };

  for (guint q = 0; q < G_N_ELEMENTS (qualities); q++)
    {
      g_autofree char *rest = g_strdup_printf ("'quality': '%s'", qualities[q]);
      g_autofree char *unit_rest = g_strdup_printf ("'quality': '%s',"
                                                    " 'options': {'troopQualityCost': 'per-unit'}",
                                                    qualities[q]);
      g_autofree char *free_rest = g_strdup_printf ("'quality': '%s',"
                                                    " 'options': {'troopQualityCost': 'free'}",
                                                    qualities[q]);
      g_autoptr(JsonNode) a = squad (SQUAD8, rest);
      g_autoptr(JsonNode) b = squad (SQUAD8, unit_rest);
      g_autoptr(JsonNode) c = squad (SQUAD8, free_rest);

      g_assert_cmpint (sl_test_int (a, "costs.quality"), ==, per_squad[q]);
      g_assert_cmpint (sl_test_int (a, "total"), ==, 368 + per_squad[q]);
      g_assert_cmpint (sl_test_int (b, "costs.quality"), ==, 8 * per_squad[q]);
      g_assert_cmpint (sl_test_int (c, "costs.quality"), ==, 0);
      /* Quality never changes a unit's value. */
      g_assert_cmpint (sl_test_int (b, "units[0].points"), ==, 46);
    }
}

/* §15.1 and A-127: hiding costs 25 % of the unit's value, rounded up, from
 * scenario points; the unit's value is unchanged. */
static void
test_hidden_a127 (void)
{
  {
    g_autoptr(JsonNode) r = squad ("{'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR', 'SP'],"
                                   " 'hidden': true}", "'budget': 400");

    /* 46 × 25 % = 11.5, paid as 12. */
    g_assert_cmpint (sl_test_int (r, "units[0].points"), ==, 46);
    g_assert_cmpint (sl_test_int (r, "units[0].hidden_cost"), ==, 12);
    g_assert_true (sl_test_bool (r, "units[0].hidden"));
    g_assert_cmpint (sl_test_int (r, "costs.hidden"), ==, 12);
    g_assert_cmpint (sl_test_int (r, "total"), ==, 58);
    g_assert_cmpint (sl_test_int (r, "remaining"), ==, 342);
    g_assert_cmpint (sl_test_int (r, "decoys_allowed"), ==, 2);
  }
  /* A value divisible by 4 needs no rounding: 40 → 10. */
  g_assert_cmpint (sl_hidden_cost (sl_test_rules (), 40), ==, 10);
  g_assert_cmpint (sl_hidden_cost (sl_test_rules (), 45), ==, 12);
  g_assert_cmpint (sl_hidden_cost (sl_test_rules (), 47), ==, 12);
  g_assert_cmpint (sl_hidden_cost (sl_test_rules (), 1), ==, 1);
  {
    /* T-38 “Defender Forces Undetected”: 150 hides every unit; a unit's own
     * surcharge is not paid again. */
    g_autoptr(JsonNode) r = squad (TROOPER ", {'troop': 'combat-arms', 'armor': 'BI',"
                                   " 'weapons': ['SR', 'SP'], 'hidden': true}", "'all_hidden': true");

    g_assert_cmpint (sl_test_int (r, "costs.all_hidden"), ==, 150);
    g_assert_cmpint (sl_test_int (r, "costs.hidden"), ==, 0);
    g_assert_cmpint (sl_test_int (r, "units[1].hidden_cost"), ==, 0);
    g_assert_true (sl_test_bool (r, "units[0].hidden"));
    g_assert_cmpint (sl_test_int (r, "total"), ==, 92 + 150);
    g_assert_cmpint (sl_test_int (r, "decoys_allowed"), ==, 4);
  }
}

/* E-23: three hidden units may place up to 6 decoys. */
static void
test_e23_decoys (void)
{
  g_autoptr(JsonNode) r = squad ("{'troop': 'counter-insurgency', 'armor': 'LI', 'weapons': ['LR'], 'hidden': true},"
                                 "{'troop': 'counter-insurgency', 'armor': 'LI', 'weapons': ['LR'], 'hidden': true},"
                                 "{'troop': 'counter-insurgency', 'armor': 'LI', 'weapons': ['LR'], 'hidden': true},"
                                 "{'troop': 'counter-insurgency', 'armor': 'LI', 'weapons': ['OR']}", NULL);

  g_assert_cmpint (sl_test_int (r, "decoys_allowed"), ==, 6);
  /* 15 + 10 + 3 = 28, + 7 each for hiding. */
  g_assert_cmpint (sl_test_int (r, "units[0].hidden_cost"), ==, 7);
  g_assert_cmpint (sl_test_int (r, "units[3].hidden_cost"), ==, 0);
  g_assert_cmpint (sl_test_int (r, "total"), ==, 3 * 35 + 31);
}

/* §16.1: a force over its budget is still costed, with the overrun. */
static void
test_over_budget (void)
{
  g_autoptr(JsonNode) r = squad (SQUAD8, "'budget': 300");

  g_assert_cmpint (sl_test_int (r, "total"), ==, 368);
  g_assert_cmpint (sl_test_int (r, "remaining"), ==, -68);
  assert_one_problem (r, "P-02", "budget");
  g_assert_nonnull (strstr (sl_test_string (r, "problems[0].message"), "68"));
}

/* A-144 option limitRangerSuits: at most 2 Ranger suits per squad. */
static void
test_ranger_suits_a144 (void)
{
#define RANGER "{'troop': 'counter-insurgency', 'armor': 'RS', 'weapons': ['LR']}"
  g_autoptr(JsonNode) two = squad (RANGER ", " RANGER, NULL);
  g_autoptr(JsonNode) three = squad (RANGER ", " RANGER ", " RANGER, NULL);
  g_autoptr(JsonNode) off = squad (RANGER ", " RANGER ", " RANGER,
                                   "'options': {'limitRangerSuits': false}");

  g_assert_cmpuint (n_problems (two), ==, 0);
  assert_one_problem (three, "A-144", "units[2].armor");
  g_assert_cmpint (sl_test_int (three, "total"), ==, 3 * 58);
  g_assert_cmpuint (n_problems (off), ==, 0);
#undef RANGER
}

/* T-37: one ECM jammer, ground sensor and camo tinter per side. */
static void
test_side_limits_t37 (void)
{
  const char *items[] = { "ecm-jammer", "ground-sensor", "camo-tinter" };

  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      g_autofree char *one = g_strdup_printf ("'side_equipment': ['holotarp', '%s']", items[i]);
      g_autofree char *two = g_strdup_printf ("'side_equipment': ['%s', 'holotarp', '%s']",
                                              items[i], items[i]);
      g_autoptr(JsonNode) a = squad (TROOPER, one);
      g_autoptr(JsonNode) b = squad (TROOPER, two);

      g_assert_cmpuint (n_problems (a), ==, 0);
      assert_one_problem (b, "T-37", "side_equipment[2]");
    }
}

/* P-38: at most 4 fire missions per side, both kinds together. */
static void
test_fire_missions_p38 (void)
{
  g_autoptr(JsonNode) four = squad (TROOPER, "'side_equipment': ['mortar-mission', 'mortar-mission',"
                                             " 'missile-mission', 'mortar-mission']");
  g_autoptr(JsonNode) five = squad (TROOPER, "'side_equipment': ['mortar-mission', 'mortar-mission',"
                                             " 'missile-mission', 'ecm-jammer', 'missile-mission',"
                                             " 'mortar-mission']");

  g_assert_cmpuint (n_problems (four), ==, 0);
  g_assert_cmpint (sl_test_int (four, "costs.equipment"), ==, 45);
  assert_one_problem (five, "P-38", "side_equipment[5]");
  g_assert_cmpint (sl_test_int (five, "costs.equipment"), ==, 30 + 30 + 20);
}

/* P-36: a unit carries at most 2 charges, plastic and shaped together. */
static void
test_charges_p36 (void)
{
  g_autoptr(JsonNode) two = squad ("{'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR'],"
                                   " 'equipment': ['plastic-charge', 'shaped-charge']}", NULL);
  g_autoptr(JsonNode) three = squad ("{'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR'],"
                                     " 'equipment': ['plastic-charge', 'shaped-charge', 'plastic-charge']}",
                                     NULL);

  g_assert_cmpuint (n_problems (two), ==, 0);
  g_assert_cmpint (sl_test_int (two, "units[0].points"), ==, 20 + 25 + 3 + 15);
  assert_one_problem (three, "P-36", "units[0].equipment[2]");
  g_assert_cmpint (sl_test_int (three, "units[0].costs.equipment"), ==, 20);
}

/* P-35 and A-146: the launcher fits only on a rifle; option
 * launcherOnCarbine admits the spike carbine. */
static void
test_launcher_a146 (void)
{
  const char *rifles[] = { "LR", "SR", "SAR", "OR" };

  for (guint i = 0; i < G_N_ELEMENTS (rifles); i++)
    {
      g_autofree char *unit = g_strdup_printf ("{'troop': 'combat-arms', 'weapons': ['%s', 'SP'],"
                                               " 'equipment': ['grenade-launcher']}", rifles[i]);
      g_autoptr(JsonNode) r = squad (unit, NULL);

      g_assert_cmpuint (n_problems (r), ==, 0);
    }
  {
    g_autoptr(JsonNode) off = squad ("{'troop': 'combat-arms', 'weapons': ['SC'],"
                                     " 'equipment': ['grenade-launcher']}", NULL);
    g_autoptr(JsonNode) on = squad ("{'troop': 'combat-arms', 'weapons': ['SC'],"
                                    " 'equipment': ['grenade-launcher']}",
                                    "'options': {'launcherOnCarbine': true}");

    assert_one_problem (off, "A-146", "units[0].equipment[0]");
    g_assert_nonnull (strstr (sl_test_string (off, "problems[0].message"), "launcherOnCarbine"));
    g_assert_cmpint (sl_test_int (off, "units[0].points"), ==, 20 + 3 + 2);
    g_assert_cmpuint (n_problems (on), ==, 0);
  }
  {
    /* The SMG is no rifle whatever the option; a pistol carries none. */
    g_autoptr(JsonNode) smg = squad ("{'troop': 'combat-arms', 'weapons': ['SMG'],"
                                     " 'equipment': ['plastic-charge', 'grenade-launcher']}",
                                     "'options': {'launcherOnCarbine': true}");
    g_autoptr(JsonNode) pistol = squad ("{'troop': 'combat-arms', 'weapons': ['SP'],"
                                        " 'equipment': ['grenade-launcher']}", NULL);
    g_autoptr(JsonNode) second = squad ("{'troop': 'combat-arms', 'weapons': ['SR'],"
                                        " 'equipment': ['grenade-launcher', 'grenade-launcher']}", NULL);

    assert_one_problem (smg, "A-146", "units[0].equipment[1]");
    assert_one_problem (pistol, "A-146", "units[0].equipment[0]");
    assert_one_problem (second, "A-146", "units[0].equipment[1]");
  }
  {
    /* P-35: the launcher replaces the hand grenades. */
    g_autoptr(JsonNode) r = squad ("{'troop': 'combat-arms', 'weapons': ['SR'],"
                                   " 'equipment': ['grenades', 'grenade-launcher']}", NULL);

    assert_one_problem (r, "P-35", "units[0].equipment[0]");
  }
}

/* A-143: penal troops carry a caseless SMG, paid separately unless option
 * penalSmgIncluded; they buy no other long arm. */
static void
test_penal_smg_a143 (void)
{
  g_autoptr(JsonNode) paid = squad ("{'troop': 'penal', 'armor': 'LI', 'weapons': ['SMG', 'P']}", NULL);
  g_autoptr(JsonNode) included = squad ("{'troop': 'penal', 'armor': 'LI', 'weapons': ['SMG', 'P']}",
                                        "'options': {'penalSmgIncluded': true}");
  g_autoptr(JsonNode) missing = squad ("{'troop': 'penal', 'armor': 'LI', 'weapons': ['SP']}", NULL);
  g_autoptr(JsonNode) missing_included = squad ("{'troop': 'penal', 'armor': 'LI', 'weapons': ['SP']}",
                                                "'options': {'penalSmgIncluded': true}");
  g_autoptr(JsonNode) rifle = squad ("{'troop': 'penal', 'armor': 'LI', 'weapons': ['SMG', 'SR']}", NULL);

  g_assert_cmpuint (n_problems (paid), ==, 0);
  g_assert_cmpint (sl_test_int (paid, "units[0].costs.weapons"), ==, 1);
  g_assert_cmpint (sl_test_int (paid, "units[0].points"), ==, 15);
  g_assert_cmpuint (n_problems (included), ==, 0);
  g_assert_cmpint (sl_test_int (included, "units[0].costs.weapons"), ==, 0);
  g_assert_cmpint (sl_test_int (included, "units[0].points"), ==, 14);
  assert_one_problem (missing, "A-143", "units[0].weapons");
  g_assert_cmpint (sl_test_int (missing, "units[0].costs.weapons"), ==, 1);
  assert_one_problem (missing_included, "A-143", "units[0].weapons");
  /* The SP is no SMG: it is still paid for. */
  g_assert_cmpint (sl_test_int (missing_included, "units[0].costs.weapons"), ==, 1);
  assert_one_problem (rifle, "A-143", "units[0].weapons[1]");
  g_assert_cmpint (sl_test_int (rifle, "units[0].costs.weapons"), ==, 6);
}

/* A-144 and A-145 option enforceTroopSuit: the T-11 SUIT column binds;
 * naval tech troops wear SNF, other tech troops LI. */
static void
test_troop_suit_a144_a145 (void)
{
  struct { const char *unit; const char *rule; } wrong[] = {
    { "{'troop': 'combat-arms', 'armor': 'LI'}", "A-144" },
    { "{'troop': 'marines', 'armor': 'BI'}", "A-144" },
    { "{'troop': 'counter-insurgency', 'armor': 'BI'}", "A-144" },
    { "{'troop': 'civilian', 'armor': 'LI'}", "A-144" },
    { "{'troop': 'penal', 'armor': 'NONE', 'weapons': ['SMG']}", "A-144" },
    { "{'troop': 'tech', 'naval': true, 'armor': 'SSS'}", "A-145" },
    { "{'troop': 'tech', 'armor': 'SNF'}", "A-145" },
  };
  const char *right[] = {
    "{'troop': 'combat-arms', 'armor': 'BI'}",
    "{'troop': 'marines', 'armor': 'M'}",
    "{'troop': 'counter-insurgency', 'armor': 'LI'}",
    "{'troop': 'civilian'}",
    "{'troop': 'penal', 'armor': 'LI', 'weapons': ['SMG']}",
    "{'troop': 'tech', 'naval': true, 'armor': 'SNF'}",
    "{'troop': 'tech', 'armor': 'LI'}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      g_autoptr(JsonNode) on = squad (wrong[i].unit, "'options': {'enforceTroopSuit': true}");
      g_autoptr(JsonNode) off = squad (wrong[i].unit, NULL);

      assert_one_problem (on, wrong[i].rule, "units[0].armor");
      g_assert_cmpuint (n_problems (off), ==, 0);
    }
  for (guint i = 0; i < G_N_ELEMENTS (right); i++)
    {
      g_autoptr(JsonNode) on = squad (right[i], "'options': {'enforceTroopSuit': true}");

      g_assert_cmpuint (n_problems (on), ==, 0);
    }
}

/* A-146: one long arm (R class) and one sidearm (P class). */
static void
test_weapon_count_a146 (void)
{
  g_autoptr(JsonNode) longs = squad ("{'troop': 'combat-arms', 'weapons': ['SR', 'SP', 'LR']}", NULL);
  g_autoptr(JsonNode) sides = squad ("{'troop': 'combat-arms', 'weapons': ['SP', 'SR', 'P']}", NULL);
  g_autoptr(JsonNode) smg = squad ("{'troop': 'combat-arms', 'weapons': ['SMG', 'SC']}", NULL);

  assert_one_problem (longs, "A-146", "units[0].weapons[2]");
  g_assert_cmpint (sl_test_int (longs, "units[0].costs.weapons"), ==, 9);
  assert_one_problem (sides, "A-146", "units[0].weapons[2]");
  assert_one_problem (smg, "A-146", "units[0].weapons[1]");
}

/* §1.1 and A-07: a squad has at most 8 soldiers. */
static void
test_squad_size_a07 (void)
{
  g_autoptr(JsonNode) eight = squad (SQUAD8, NULL);
  g_autoptr(JsonNode) nine = squad (SQUAD8 ", " TROOPER, NULL);

  g_assert_cmpuint (n_problems (eight), ==, 0);
  assert_one_problem (nine, "A-07", "units");
  g_assert_cmpint (sl_test_int (nine, "total"), ==, 9 * 46);
}

static void
test_squad_refused (void)
{
  sl_test_assert_refused ("{'kind': 'squad-cost'}", "units", "required");
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': []}", "units", "at least one");
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [{'armor': 'BI'}]}", "units[0].troop",
                          "required");
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [{'troop': 'jedi'}]}", "units[0].troop",
                          "jedi");
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [" TROOPER ", {'troop': 'tech',"
                          " 'weapons': ['SR', 'XR']}]}", "units[1].weapons[1]", "XR");
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [{'troop': 'tech',"
                          " 'equipment': ['ecm-jammer']}]}", "units[0].equipment[0]", "side_equipment");
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [{'troop': 'tech',"
                          " 'equipment': ['mine']}]}", "units[0].equipment[0]", "mines");
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [{'troop': 'tech',"
                          " 'equipment': ['laser-sword']}]}", "units[0].equipment[0]", "laser-sword");
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [" TROOPER "],"
                          " 'side_equipment': ['holotarp', 'grenade-launcher']}", "side_equipment[1]",
                          "unit's equipment");
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [" TROOPER "],"
                          " 'side_equipment': ['mine']}", "side_equipment[0]", "mines");
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [" TROOPER "], 'leader_rating': 3}",
                          "leader_rating", "-2 to 2");
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [" TROOPER "], 'quality': 'heroic'}",
                          "quality", "heroic");
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [" TROOPER "], 'mines': -1}",
                          "mines", NULL);
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [{'troop': 'combat-arms', 'naval': true}]}",
                          "units[0].naval", "A-145");
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [{'id': 'a', 'troop': 'tech'},"
                          " {'id': 'a', 'troop': 'tech'}]}", "units[1].id", "“a”");
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [{'troop': 'tech', 'colour': 'red'}]}",
                          "units[0].colour", NULL);
  sl_test_assert_refused ("{'kind': 'squad-cost', 'units': [" TROOPER "], 'budget': 'lots'}",
                          "budget", NULL);
}

/* The engine refuses ids the rules do not know, naming the field. */
static void
test_squad_engine_errors (void)
{
  SlRules *rules = sl_test_rules ();
  const SlWeapon *weapons[] = { sl_rules_weapon (rules, "SR") };
  const char *equipment[] = { "holotarp" };
  const char *side[] = { "ecm-jammer", "shaped-charge" };
  SlSquadUnit unit = { "1", sl_rules_troop (rules, "tech"), sl_rules_race (rules, "human"),
                       sl_rules_armor (rules, "LI"), weapons, 1, NULL, 0, FALSE, FALSE };
  SlSquadInput in = { &unit, 1, 0, SL_QUALITY_REGULAR, 0, NULL, 0, FALSE, FALSE, 0 };
  SlSquadCost cost;
  g_autoptr(GError) error = NULL;

  g_assert_true (sl_squad_cost (rules, sl_test_defaults (), &in, &cost, &error));
  g_assert_no_error (error);
  g_assert_cmpint (cost.total, ==, 20);
  sl_squad_cost_clear (&cost);

  unit.equipment = equipment;
  unit.n_equipment = 1;
  g_assert_false (sl_squad_cost (rules, sl_test_defaults (), &in, &cost, &error));
  g_assert_error (error, SL_RULE_ERROR, SL_RULE_ERROR_INVALID);
  g_assert_cmpstr (sl_rule_error_get_field (error), ==, "units[0].equipment[0]");
  g_assert_null (cost.problems);
  g_clear_error (&error);

  unit.n_equipment = 0;
  in.side_equipment = side;
  in.n_side_equipment = 2;
  g_assert_false (sl_squad_cost (rules, sl_test_defaults (), &in, &cost, &error));
  g_assert_cmpstr (sl_rule_error_get_field (error), ==, "side_equipment[1]");
}

/* victory */

static JsonNode *
victory (const char *a,
         const char *b)
{
  g_autofree char *request = g_strdup_printf ("{'kind': 'victory', 'sides': [{'id': 'tog'%s%s},"
                                              " {'id': 'cw'%s%s}]}",
                                              *a ? ", " : "", a, *b ? ", " : "", b);
  return sl_test_resolve (request);
}

/* T-17 and A-69: the share of an enemy unit's value by its final state;
 * dazed or unwounded scores nothing. */
static void
test_t17_fractions (void)
{
  struct { const char *wound; double points; } rows[] = {
    { "none", 0 }, { "light", 10 }, { "moderate", 25 }, { "serious", 50 }, { "unconscious", 75 },
    { "dead", 100 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *side = g_strdup_printf ("'enemy_units': [{'id': 'x', 'points': 100,"
                                               " 'wound': '%s'}]", rows[i].wound);
      g_autoptr(JsonNode) r = victory (side, "");

      g_assert_cmpfloat (sl_test_double (r, "scores.tog.score"), ==, rows[i].points);
      g_assert_cmpfloat (sl_test_double (r, "scores.tog.breakdown[0].points"), ==, rows[i].points);
      g_assert_cmpstr (sl_test_string (r, "scores.tog.breakdown[0].source"), ==, "enemy-unit");
      g_assert_cmpstr (sl_test_string (r, "scores.tog.breakdown[0].wound"), ==, rows[i].wound);
      g_assert_cmpstr (sl_test_string (r, "scores.tog.breakdown[0].unit"), ==, "x");
    }
  {
    /* T-17's first row: a dazed unit scores 0. */
    g_autoptr(JsonNode) r = victory ("'enemy_units': [{'points': 46, 'wound': 'none', 'dazed': true}]", "");

    g_assert_cmpfloat (sl_test_double (r, "scores.tog.score"), ==, 0);
    g_assert_cmpfloat (sl_test_double (r, "scores.tog.breakdown[0].fraction"), ==, 0);
  }
}

/* T-39: every row. */
static void
test_t39_rows (void)
{
  g_autoptr(JsonNode) r = victory ("'primary': true, 'secondary': true, 'unspent': 32,"
                                   " 'enemy_units': [{'points': 46, 'wound': 'dead'},"
                                   " {'points': 46, 'wound': 'moderate'}]",
                                   "'secondary': 2");

  /* 100 + 50 + 46 + 11.5 + 32. */
  g_assert_cmpfloat (sl_test_double (r, "scores.tog.score"), ==, 239.5);
  g_assert_cmpstr (sl_test_string (r, "scores.tog.breakdown[0].source"), ==, "primary");
  g_assert_cmpfloat (sl_test_double (r, "scores.tog.breakdown[0].points"), ==, 100);
  g_assert_cmpstr (sl_test_string (r, "scores.tog.breakdown[1].source"), ==, "secondary");
  g_assert_cmpfloat (sl_test_double (r, "scores.tog.breakdown[1].points"), ==, 50);
  g_assert_cmpfloat (sl_test_double (r, "scores.tog.breakdown[2].points"), ==, 46);
  g_assert_cmpfloat (sl_test_double (r, "scores.tog.breakdown[3].points"), ==, 11.5);
  g_assert_cmpstr (sl_test_string (r, "scores.tog.breakdown[4].source"), ==, "unspent");
  g_assert_cmpfloat (sl_test_double (r, "scores.tog.breakdown[4].points"), ==, 32);
  /* Two secondary objectives: 2 × 50. */
  g_assert_cmpfloat (sl_test_double (r, "scores.cw.score"), ==, 100);
  g_assert_cmpfloat (sl_test_double (r, "ratio"), ==, 2.395);
  g_assert_cmpstr (sl_test_string (r, "level"), ==, "substantial");
  g_assert_cmpstr (sl_test_string (r, "winner"), ==, "tog");
  g_assert_cmpstr (sl_test_string (r, "scores.tog.result"), ==, "Substantial Victory");
  g_assert_cmpstr (sl_test_string (r, "scores.cw.result"), ==, "Substantial Defeat");
}

/* T-40 and A-131: every row, with the exact ratio at the edges. */
static void
test_t40_levels_a131 (void)
{
  struct { int high; int low; const char *level; const char *won; const char *lost; } rows[] = {
    { 300, 100, "decisive", "Decisive Victory", "Decisive Defeat" },
    { 299, 100, "substantial", "Substantial Victory", "Substantial Defeat" },
    { 200, 100, "substantial", "Substantial Victory", "Substantial Defeat" },
    { 199, 100, "marginal", "Marginal Victory", "Marginal Defeat" },
    { 150, 100, "marginal", "Marginal Victory", "Marginal Defeat" },
    { 149, 100, "draw", "Draw", "Draw" },
    { 100, 100, "draw", "Draw", "Draw" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *a = g_strdup_printf ("'unspent': %d", rows[i].low);
      g_autofree char *b = g_strdup_printf ("'unspent': %d", rows[i].high);
      g_autoptr(JsonNode) r = victory (a, b);

      g_assert_cmpstr (sl_test_string (r, "level"), ==, rows[i].level);
      g_assert_cmpfloat (sl_test_double (r, "ratio"), ==, (double) rows[i].high / rows[i].low);
      g_assert_cmpstr (sl_test_string (r, "scores.cw.result"), ==, rows[i].won);
      g_assert_cmpstr (sl_test_string (r, "scores.tog.result"), ==, rows[i].lost);
      if (g_str_equal (rows[i].level, "draw"))
        g_assert_true (JSON_NODE_HOLDS_NULL (sl_test_member (r, "winner")));
      else
        g_assert_cmpstr (sl_test_string (r, "winner"), ==, "cw");
    }
  {
    /* A-131 closes the 1.49–1.50 gap: 149.5 ÷ 100 = 1.495 is a draw. */
    g_autoptr(JsonNode) r = victory ("'unspent': 149, 'enemy_units': [{'points': 1, 'wound': 'serious'}]",
                                     "'unspent': 100");

    g_assert_cmpfloat (sl_test_double (r, "scores.tog.score"), ==, 149.5);
    g_assert_cmpstr (sl_test_string (r, "level"), ==, "draw");
  }
  /* A-131: 0 against more than 0 is decisive; 0 against 0 a draw. */
  {
    g_autoptr(JsonNode) r = victory ("'enemy_units': [{'points': 1, 'wound': 'light'}]", "");

    g_assert_cmpfloat (sl_test_double (r, "scores.tog.score"), ==, 0.1);
    g_assert_cmpstr (sl_test_string (r, "level"), ==, "decisive");
    g_assert_cmpstr (sl_test_string (r, "winner"), ==, "tog");
    g_assert_true (JSON_NODE_HOLDS_NULL (sl_test_member (r, "ratio")));
    g_assert_cmpstr (sl_test_string (r, "scores.cw.result"), ==, "Decisive Defeat");
  }
  {
    g_autoptr(JsonNode) r = victory ("", "");

    g_assert_cmpstr (sl_test_string (r, "level"), ==, "draw");
    g_assert_true (JSON_NODE_HOLDS_NULL (sl_test_member (r, "winner")));
    g_assert_true (JSON_NODE_HOLDS_NULL (sl_test_member (r, "ratio")));
    g_assert_cmpstr (sl_test_string (r, "scores.tog.result"), ==, "Draw");
  }
  /* The engine function on its own. */
  g_assert_cmpstr (sl_victory_level (sl_test_rules (), 4.5, 3)->id, ==, "marginal");
  g_assert_cmpstr (sl_victory_level (sl_test_rules (), 3, 4.49)->id, ==, "draw");
  g_assert_cmpstr (sl_victory_level (sl_test_rules (), 0.03, 0.01)->id, ==, "decisive");
}

/* A-68: exact fractions, rounded only in the final totals. */
static void
test_rounding_a68 (void)
{
  /* Three tenths of 1 point each: 0.3, not 0.30000000000000004. */
  g_autoptr(JsonNode) r = victory ("'enemy_units': [{'points': 1, 'wound': 'light'},"
                                   " {'points': 1, 'wound': 'light'}, {'points': 1, 'wound': 'light'}]",
                                   "'enemy_units': [{'points': 1, 'wound': 'moderate'}]");
  /* 15 × 1/10 three times is exactly 4.5 against 3: 1.5, marginal. */
  g_autoptr(JsonNode) m = victory ("'enemy_units': [{'points': 15, 'wound': 'light'},"
                                   " {'points': 15, 'wound': 'light'}, {'points': 15, 'wound': 'light'}]",
                                   "'unspent': 3");

  g_assert_cmpfloat (sl_test_double (r, "scores.tog.score"), ==, 0.3);
  g_assert_cmpfloat (sl_test_double (r, "scores.cw.score"), ==, 0.25);
  g_assert_cmpfloat (sl_test_double (r, "ratio"), ==, 1.2);
  g_assert_cmpstr (sl_test_string (r, "level"), ==, "draw");
  g_assert_cmpfloat (sl_test_double (m, "scores.tog.score"), ==, 4.5);
  g_assert_cmpfloat (sl_test_double (m, "ratio"), ==, 1.5);
  g_assert_cmpstr (sl_test_string (m, "level"), ==, "marginal");
}

/* A-126: a unit removed under the honesty rule scores its full value. */
static void
test_honesty_a126 (void)
{
  g_autoptr(JsonNode) r = victory ("'removed_units': [{'id': '7', 'points': 46}]",
                                   "'enemy_units': [{'points': 46, 'wound': 'dead'}]");

  g_assert_cmpfloat (sl_test_double (r, "scores.tog.score"), ==, 46);
  g_assert_cmpstr (sl_test_string (r, "scores.tog.breakdown[0].source"), ==, "removed-unit");
  g_assert_cmpfloat (sl_test_double (r, "scores.tog.breakdown[0].fraction"), ==, 1);
  g_assert_cmpstr (sl_test_string (r, "level"), ==, "draw");
}

/* A-134: scenario penalties come off the side's own score; a side below 0
 * counts as 0 for the ratio. */
static void
test_penalties_a134 (void)
{
  g_autoptr(JsonNode) r = victory ("'primary': true, 'penalties': [{'source': 'Enemy units on the bridge',"
                                   " 'points': -20}]",
                                   "'penalties': [{'source': 'Enemy units on the bridge', 'points': -30}]");

  g_assert_cmpfloat (sl_test_double (r, "scores.tog.score"), ==, 80);
  g_assert_cmpstr (sl_test_string (r, "scores.tog.breakdown[1].source"), ==, "penalty");
  g_assert_cmpstr (sl_test_string (r, "scores.tog.breakdown[1].label"), ==, "Enemy units on the bridge");
  g_assert_cmpfloat (sl_test_double (r, "scores.cw.score"), ==, -30);
  g_assert_cmpstr (sl_test_string (r, "level"), ==, "decisive");
  g_assert_true (JSON_NODE_HOLDS_NULL (sl_test_member (r, "ratio")));
  g_assert_cmpstr (sl_test_string (r, "winner"), ==, "tog");
}

static void
test_victory_refused (void)
{
  sl_test_assert_refused ("{'kind': 'victory'}", "sides", "required");
  sl_test_assert_refused ("{'kind': 'victory', 'sides': [{'id': 'tog'}]}", "sides", "two sides");
  sl_test_assert_refused ("{'kind': 'victory', 'sides': [{'id': 'a'}, {'id': 'a'}]}", "sides[1].id",
                          "“a”");
  sl_test_assert_refused ("{'kind': 'victory', 'sides': [{'primary': true}, {'id': 'b'}]}",
                          "sides[0].id", "required");
  sl_test_assert_refused ("{'kind': 'victory', 'sides': [{'id': 'a', 'enemy_units': [{'wound': 'dead'}]},"
                          " {'id': 'b'}]}", "sides[0].enemy_units[0].points", "required");
  sl_test_assert_refused ("{'kind': 'victory', 'sides': [{'id': 'a'}, {'id': 'b', 'enemy_units':"
                          " [{'points': 4}]}]}", "sides[1].enemy_units[0].wound", "required");
  sl_test_assert_refused ("{'kind': 'victory', 'sides': [{'id': 'a'}, {'id': 'b', 'enemy_units':"
                          " [{'points': 4, 'wound': 'scratched'}]}]}", "sides[1].enemy_units[0].wound",
                          "scratched");
  sl_test_assert_refused ("{'kind': 'victory', 'sides': [{'id': 'a', 'secondary': 'yes'}, {'id': 'b'}]}",
                          "sides[0].secondary", NULL);
  sl_test_assert_refused ("{'kind': 'victory', 'sides': [{'id': 'a', 'penalties': [{'source': 'x',"
                          " 'points': 10}]}, {'id': 'b'}]}", "sides[0].penalties[0].points", "A-134");
  sl_test_assert_refused ("{'kind': 'victory', 'sides': [{'id': 'a', 'removed_units': [{'points': 3,"
                          " 'wound': 'dead'}]}, {'id': 'b'}]}", "sides[0].removed_units[0].wound", NULL);
  sl_test_assert_refused ("{'kind': 'victory', 'sides': [{'id': 'a', 'unspent': -5}, {'id': 'b'}]}",
                          "sides[0].unspent", NULL);
}

/* Premade scenarios (T-41 … T-43) */

/* E-39: 1 → 25, 2 → 70, 3 → 100 (the primary), then +25 each. */
static void
test_e39_charge_ladder (void)
{
  const SlScenarioSummary *s = sl_rules_scenario (sl_test_rules (), "blow-the-damn-thing-up");
  int ladder[] = { 0, 25, 70, 100, 125, 150, 175 };

  g_assert_nonnull (s);
  for (int charges = 0; charges <= 6; charges++)
    {
      SlScenarioOutcome outcome = { 0 };
      SlScenarioPoints points;

      g_assert_cmpint (sl_scenario_charge_points (s, charges), ==, ladder[charges]);
      outcome.charges = charges;
      sl_scenario_points (sl_test_rules (), s, &outcome, &points);
      g_assert_cmpint (points.objective_points, ==, ladder[charges]);
      g_assert_cmpint (points.total, ==, ladder[charges]);
      g_assert_cmpint (points.primary, ==, charges >= 3);
      g_assert_cmpint (points.penalty, ==, 0);
    }
  /* The other scenarios have no ladder. */
  g_assert_cmpint (sl_scenario_charge_points (sl_rules_scenario (sl_test_rules (), "pest-control"), 3),
                   ==, 0);
}

/* E-40: two-thirds of 12 is 8 (A-132: killed or unconscious). */
static void
test_e40_kill_target (void)
{
  const SlScenarioSummary *s = sl_rules_scenario (sl_test_rules (), "definitely-not-camping");
  SlScenarioOutcome outcome = { 0 };
  SlScenarioPoints points;

  g_assert_nonnull (s);
  g_assert_cmpint (sl_scenario_kill_target (s, 12), ==, 8);
  /* “At least” two-thirds: 16/3 rounds up to 6. */
  g_assert_cmpint (sl_scenario_kill_target (s, 8), ==, 6);
  g_assert_cmpint (sl_scenario_kill_target (s, 9), ==, 6);

  outcome.enemy_units = 12;
  outcome.enemy_out = 8;
  sl_scenario_points (sl_test_rules (), s, &outcome, &points);
  g_assert_cmpint (points.kill_target, ==, 8);
  g_assert_true (points.primary);
  g_assert_cmpint (points.total, ==, 100);

  outcome.enemy_out = 7;
  sl_scenario_points (sl_test_rules (), s, &outcome, &points);
  g_assert_false (points.primary);
  g_assert_cmpint (points.total, ==, 0);
  g_assert_cmpint (sl_scenario_kill_target (sl_rules_scenario (sl_test_rules (), "pest-control"), 12),
                   ==, 0);
}

/* T-43 and A-134: hold the bridge for the last 3 turns with more units than
 * the enemy; −10 per enemy unit on it at the end. */
static void
test_a134_bridge (void)
{
  const SlScenarioSummary *s = sl_rules_scenario (sl_test_rules (), "pest-control");
  SlScenarioOutcome outcome = { 0 };
  SlScenarioPoints points;

  g_assert_nonnull (s);
  g_assert_cmpint (sl_scenario_objective_penalty (s, 3), ==, -30);
  g_assert_cmpint (sl_scenario_objective_penalty (s, 0), ==, 0);

  outcome.own_on_objective = 3;
  outcome.enemy_on_objective = 2;
  outcome.turns_held = 3;
  sl_scenario_points (sl_test_rules (), s, &outcome, &points);
  g_assert_true (points.primary);
  g_assert_cmpint (points.objective_points, ==, 100);
  g_assert_cmpint (points.penalty, ==, -20);
  g_assert_cmpint (points.total, ==, 80);

  /* Two turns are not enough. */
  outcome.turns_held = 2;
  g_assert_false (sl_scenario_holds_objective (s, &outcome));
  /* Equal numbers do not hold it. */
  outcome.turns_held = 5;
  outcome.own_on_objective = 2;
  sl_scenario_points (sl_test_rules (), s, &outcome, &points);
  g_assert_false (points.primary);
  g_assert_cmpint (points.total, ==, -20);
  /* Scenario 2 has no bridge. */
  g_assert_cmpint (sl_scenario_objective_penalty (sl_rules_scenario (sl_test_rules (),
                                                                     "blow-the-damn-thing-up"), 3),
                   ==, 0);
}

/* ammunition */

/* E-25: no FG and no rifle ammunition left; one pistol magazine spent and 3
 * rounds fired from the second; one SG left. It fits 2 pistol magazines. */
static void
test_e25_log (void)
{
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'ammunition', 'weapon': 'SP', 'action': 'fire',"
                                             " 'magazines_left': 1, 'rounds_fired': 3,"
                                             " 'grenades': {'FG': 0, 'SG': 1}}");

    g_assert_cmpint (sl_test_int (r, "boxes"), ==, 2);
    g_assert_cmpint (sl_test_int (r, "magazines_ticked"), ==, 1);
    g_assert_cmpint (sl_test_int (r, "rounds_fired"), ==, 4);
    g_assert_cmpint (sl_test_int (r, "rounds_left"), ==, 21);
    g_assert_false (sl_test_bool (r, "empty"));
    g_assert_cmpint (sl_test_int (r, "grenades.FG"), ==, 0);
    g_assert_cmpint (sl_test_int (r, "grenades.SG"), ==, 1);
  }
  {
    /* With the 3 boxes the log prints (option pistolMagazines), “one spent”
     * would leave 2 boxes; T-20's 2 magazines cannot hold a third. */
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'ammunition', 'weapon': 'SP', 'action': 'fire',"
                                             " 'magazines_left': 2, 'rounds_fired': 3,"
                                             " 'options': {'pistolMagazines': 3}}");

    g_assert_cmpint (sl_test_int (r, "boxes"), ==, 3);
    g_assert_cmpint (sl_test_int (r, "magazines_ticked"), ==, 1);
    sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SP', 'action': 'fire',"
                            " 'magazines_left': 3}", "magazines_left", "A-90");
  }
  /* No rifle ammunition: every box ticked, the magazine empty. */
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'fire', 'magazines_left': 0}",
                          "action", "out of ammunition");
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'reload', 'magazines_left': 0}",
                          "action", "P-29");
  /* No FG to throw, but the SG can be readied and thrown. */
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'grenade', 'grenade': 'FG', 'picked_up': true,"
                          " 'grenades': {'FG': 0, 'SG': 1}}", "grenades.FG", "P-29");
  {
    g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'ammunition', 'action': 'grenade', 'grenade': 'SG',"
                                             " 'picked_up': true, 'grenades': {'FG': 0, 'SG': 1}}");

    g_assert_cmpint (sl_test_int (r, "grenades.SG"), ==, 0);
    g_assert_false (sl_test_bool (r, "picked_up"));
  }
}

/* T-20: R 3, P 2 (A-90 option 3), FG 2, SG 2 as a unit starts. */
static void
test_t20_magazines (void)
{
  struct { const char *weapon; const char *magazine; int boxes; int rounds; } rows[] = {
    { "SAR", "R", 3, 6 }, { "SC", "R", 3, 15 }, { "SR", "R", 3, 10 }, { "OR", "R", 3, 12 },
    { "SMG", "R", 3, 30 }, { "SP", "P", 2, 25 }, { "P", "P", 2, 12 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'ammunition', 'weapon': '%s',"
                                                  " 'action': 'fire'}", rows[i].weapon);
      g_autofree char *three = g_strdup_printf ("{'kind': 'ammunition', 'weapon': '%s',"
                                                " 'action': 'fire', 'options': {'pistolMagazines': 3}}",
                                                rows[i].weapon);
      g_autoptr(JsonNode) r = sl_test_resolve (request);
      g_autoptr(JsonNode) r3 = sl_test_resolve (three);

      g_assert_cmpstr (sl_test_string (r, "magazine"), ==, rows[i].magazine);
      g_assert_cmpint (sl_test_int (r, "boxes"), ==, rows[i].boxes);
      g_assert_cmpint (sl_test_int (r, "magazines_left"), ==, rows[i].boxes);
      g_assert_cmpint (sl_test_int (r, "rounds"), ==, rows[i].rounds);
      g_assert_cmpint (sl_test_int (r, "rounds_fired"), ==, 1);
      g_assert_cmpint (sl_test_int (r, "grenades.FG"), ==, 2);
      g_assert_cmpint (sl_test_int (r, "grenades.SG"), ==, 2);
      /* A-90 option: 3 pistol magazines, as the log prints; rifles keep 3. */
      g_assert_cmpint (sl_test_int (r3, "boxes"), ==, 3);
      g_assert_cmpint (sl_test_int (r3, "magazines_left"), ==, 3);
    }
  g_assert_cmpint (sl_ammo_boxes (sl_test_rules (), sl_test_defaults (), SL_MAGAZINE_P), ==, 2);
  g_assert_cmpint (sl_ammo_boxes (sl_test_rules (), sl_test_defaults (), SL_MAGAZINE_R), ==, 3);
  g_assert_cmpint (sl_ammo_boxes (sl_test_rules (), sl_test_defaults (), SL_MAGAZINE_FG), ==, 2);
  g_assert_cmpint (sl_ammo_boxes (sl_test_rules (), sl_test_defaults (), SL_MAGAZINE_SG), ==, 2);
}

/* P-29: rounds are tallied, the box is ticked with the last one. */
static void
test_fire_p29 (void)
{
  g_autoptr(JsonNode) last = sl_test_resolve ("{'kind': 'ammunition', 'weapon': 'SAR', 'action': 'fire',"
                                              " 'rounds_fired': 5}");
  g_autoptr(JsonNode) final = sl_test_resolve ("{'kind': 'ammunition', 'weapon': 'SAR', 'action': 'fire',"
                                               " 'magazines_left': 1, 'rounds_fired': 5}");

  g_assert_cmpint (sl_test_int (last, "spent"), ==, 1);
  g_assert_true (sl_test_bool (last, "ticked"));
  g_assert_true (sl_test_bool (last, "empty"));
  g_assert_false (sl_test_bool (last, "out_of_ammunition"));
  g_assert_cmpint (sl_test_int (last, "magazines_left"), ==, 2);
  g_assert_true (sl_test_bool (final, "out_of_ammunition"));
  g_assert_cmpint (sl_test_int (final, "magazines_left"), ==, 0);
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SAR', 'action': 'fire', 'magazines_left': 2,"
                          " 'rounds_fired': 6}", "action", "reload");
}

/* P-29 and P-30: a burst spends 5 rounds or what is left. */
static void
test_burst_p29 (void)
{
  g_autoptr(JsonNode) full = sl_test_resolve ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'burst'}");
  g_autoptr(JsonNode) rest = sl_test_resolve ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'burst',"
                                              " 'rounds_fired': 7}");
  g_autoptr(JsonNode) omni = sl_test_resolve ("{'kind': 'ammunition', 'weapon': 'OR', 'omni_mode': 'spike',"
                                              " 'action': 'burst', 'rounds_fired': 10}");

  g_assert_cmpint (sl_test_int (full, "spent"), ==, 5);
  g_assert_cmpint (sl_test_int (full, "rounds_fired"), ==, 5);
  g_assert_false (sl_test_bool (full, "ticked"));
  g_assert_cmpint (sl_test_int (rest, "spent"), ==, 3);
  g_assert_true (sl_test_bool (rest, "ticked"));
  g_assert_true (sl_test_bool (rest, "empty"));
  g_assert_cmpint (sl_test_int (omni, "spent"), ==, 2);
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SP', 'action': 'burst'}", "action", "P-30");
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'OR', 'omni_mode': 'slug', 'action': 'burst'}",
                          "omni_mode", "P-30");
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'burst', 'rounds_fired': 10}",
                          "action", "reload");
}

/* P-29 step 6: lasers never run out, and have no magazines (A-89). */
static void
test_lasers (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'ammunition', 'weapon': 'LR', 'action': 'fire'}");
  g_autoptr(JsonNode) p = sl_test_resolve ("{'kind': 'ammunition', 'weapon': 'LP', 'action': 'fire'}");

  g_assert_true (sl_test_bool (r, "unlimited"));
  g_assert_false (sl_test_bool (r, "empty"));
  g_assert_false (sl_test_bool (r, "out_of_ammunition"));
  g_assert_false (sl_test_has (r, "magazines_left"));
  g_assert_true (sl_test_bool (p, "unlimited"));
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'LR', 'action': 'reload'}", "action", "P-29");
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'LR', 'action': 'burst'}", "action", "P-30");
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'LR', 'action': 'fire', 'magazines_left': 1}",
                          "magazines_left", "A-89");
}

/* A-91: reload only an empty weapon with a box left; option tacticalReload
 * discards the rest of the magazine. */
static void
test_reload_a91 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'reload',"
                                           " 'magazines_left': 2, 'rounds_fired': 10}");
  g_autoptr(JsonNode) t = sl_test_resolve ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'reload',"
                                           " 'rounds_fired': 4, 'options': {'tacticalReload': true}}");
  g_autoptr(JsonNode) te = sl_test_resolve ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'reload',"
                                            " 'magazines_left': 1, 'rounds_fired': 10,"
                                            " 'options': {'tacticalReload': true}}");

  /* A fresh magazine: no second box is ticked. */
  g_assert_cmpint (sl_test_int (r, "rounds_fired"), ==, 0);
  g_assert_cmpint (sl_test_int (r, "magazines_left"), ==, 2);
  g_assert_false (sl_test_bool (r, "ticked"));
  g_assert_false (sl_test_bool (r, "empty"));
  /* Tactical: the 6 rounds left are thrown away and the box ticked. */
  g_assert_cmpint (sl_test_int (t, "discarded"), ==, 6);
  g_assert_cmpint (sl_test_int (t, "magazines_left"), ==, 2);
  g_assert_cmpint (sl_test_int (t, "rounds_fired"), ==, 0);
  g_assert_true (sl_test_bool (t, "ticked"));
  /* An empty weapon reloads the same way with the option. */
  g_assert_cmpint (sl_test_int (te, "magazines_left"), ==, 1);
  g_assert_false (sl_test_bool (te, "ticked"));

  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'reload', 'rounds_fired': 4}",
                          "action", "tacticalReload");
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'reload',"
                          " 'options': {'tacticalReload': true}}", "action", "full");
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'reload', 'magazines_left': 1,"
                          " 'rounds_fired': 4, 'options': {'tacticalReload': true}}", "action", "last");
}

/* A-92: a Pick-up object before every hand-grenade throw. */
static void
test_grenades_a92 (void)
{
  g_autoptr(JsonNode) pick = sl_test_resolve ("{'kind': 'ammunition', 'action': 'pick-up'}");
  g_autoptr(JsonNode) last = sl_test_resolve ("{'kind': 'ammunition', 'action': 'pick-up',"
                                              " 'grenades': {'FG': 1, 'SG': 0}}");
  g_autoptr(JsonNode) thrown = sl_test_resolve ("{'kind': 'ammunition', 'action': 'grenade', 'grenade': 'FG',"
                                                " 'picked_up': true}");

  g_assert_true (sl_test_bool (pick, "picked_up"));
  g_assert_cmpint (sl_test_int (pick, "grenades.FG"), ==, 2);
  g_assert_true (sl_test_bool (last, "picked_up"));
  g_assert_cmpint (sl_test_int (thrown, "grenades.FG"), ==, 1);
  g_assert_cmpint (sl_test_int (thrown, "spent"), ==, 1);
  g_assert_false (sl_test_bool (thrown, "picked_up"));

  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'grenade', 'grenade': 'FG'}", "picked_up", "A-92");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'pick-up', 'picked_up': true}", "picked_up",
                          "A-92");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'pick-up', 'grenades': {'FG': 0, 'SG': 0}}",
                          "grenades", "P-29");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'grenade', 'picked_up': true}", "grenade",
                          "required");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'grenade', 'grenade': 'FG', 'picked_up': true,"
                          " 'grenades': {'FG': 0, 'SG': 0}}", "picked_up", "P-29");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'pick-up', 'grenades': {'FG': 3}}",
                          "grenades.FG", "T-20");
}

/* P-35 and A-113: 4 grenades of one type, 1 to 4 per fire action, never
 * reloaded; option launcherMixedLoads allows both types. */
static void
test_launcher_a113 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'launcher',"
                                           " 'launcher': {'type': 'SG'}, 'count': 3}");
  g_autoptr(JsonNode) mixed = sl_test_resolve ("{'kind': 'ammunition', 'action': 'launcher',"
                                               " 'launcher': {'FG': 2, 'SG': 2}, 'grenade': 'SG', 'count': 2,"
                                               " 'options': {'launcherMixedLoads': true}}");
  g_autoptr(JsonNode) carbine = sl_test_resolve ("{'kind': 'ammunition', 'weapon': 'SC', 'action': 'launcher',"
                                                 " 'launcher': {'type': 'FG', 'left': 1},"
                                                 " 'options': {'launcherOnCarbine': true}}");

  g_assert_cmpint (sl_test_int (r, "spent"), ==, 3);
  g_assert_cmpstr (sl_test_string (r, "launcher.type"), ==, "SG");
  g_assert_cmpint (sl_test_int (r, "launcher.left"), ==, 1);
  /* The launcher replaces the hand grenades, and leaves the rifle alone. */
  g_assert_cmpint (sl_test_int (r, "grenades.FG"), ==, 0);
  g_assert_cmpint (sl_test_int (r, "rounds_fired"), ==, 0);
  g_assert_cmpint (sl_test_int (mixed, "launcher.FG"), ==, 2);
  g_assert_cmpint (sl_test_int (mixed, "launcher.SG"), ==, 0);
  g_assert_cmpint (sl_test_int (carbine, "launcher.left"), ==, 0);

  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'launcher', 'launcher': {'FG': 2, 'SG': 2},"
                          " 'grenade': 'SG'}", "launcher.FG", "A-113");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'launcher', 'launcher': {'type': 'FG', 'left': 0}}",
                          "launcher", "cannot be reloaded");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'launcher', 'launcher': {'type': 'FG', 'left': 2},"
                          " 'count': 3}", "count", "Only 2");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'launcher', 'launcher': {'type': 'FG'},"
                          " 'count': 5}", "count", NULL);
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'launcher', 'launcher': {'type': 'FG'},"
                          " 'grenade': 'SG'}", "grenade", "A-113");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'launcher', 'launcher': {'FG': 1, 'SG': 1},"
                          " 'options': {'launcherMixedLoads': true}}", "grenade", "required");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'launcher', 'launcher': {'FG': 3, 'SG': 2},"
                          " 'grenade': 'FG', 'options': {'launcherMixedLoads': true}}", "launcher.SG", "4");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'launcher'}", "launcher", "required");
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SC', 'action': 'launcher',"
                          " 'launcher': {'type': 'FG'}}", "launcher", "A-146");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'launcher', 'launcher': {'type': 'FG'},"
                          " 'grenades': {'FG': 1}}", "grenades.FG", "P-35");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'pick-up', 'launcher': {'type': 'FG'}}",
                          "action", "A-92");
}

static void
test_ammunition_refused (void)
{
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR'}", "action", "required");
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'spray'}", "action", "spray");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'fire'}", "weapon", "required");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'reload'}", "weapon", "required");
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'fire', 'rounds_fired': 11}",
                          "rounds_fired", "10 rounds");
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'fire', 'magazines_left': 4}",
                          "magazines_left", "T-20");
  /* A-91: every box ticked means an empty magazine, and the other way. */
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'fire', 'magazines_left': 0,"
                          " 'rounds_fired': 3}", "rounds_fired", "A-91");
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'fire', 'magazines_left': 3,"
                          " 'rounds_fired': 10}", "magazines_left", "A-91");
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'fire', 'grenade': 'FG'}",
                          "grenade", NULL);
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR', 'action': 'fire', 'count': 2}",
                          "count", "P-35");
  sl_test_assert_refused ("{'kind': 'ammunition', 'action': 'pick-up', 'rounds_fired': 2}",
                          "rounds_fired", "weapon");
  sl_test_assert_refused ("{'kind': 'ammunition', 'weapon': 'SR', 'omni_mode': 'slug', 'action': 'fire'}",
                          "omni_mode", "OMNI");
}

/* legionnaire */

/* E-35: spike rifle 4, handgun 2, laser rifle 0 → −1, 0, +1. */
static void
test_e35_skills (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'legionnaire', 'skills': {'spike rifle': 4,"
                                           " 'handgun': 2, 'laser rifle': 0}}");

  g_assert_cmpint (sl_test_int (r, "modifiers.spike rifle"), ==, -1);
  g_assert_cmpint (sl_test_int (r, "modifiers.handgun"), ==, 0);
  g_assert_cmpint (sl_test_int (r, "modifiers.laser rifle"), ==, 1);
  g_assert_cmpint (sl_test_int (r, "melee_weapon"), ==, 0);
  g_assert_true (sl_test_bool (r, "immune_to_rout"));
  g_assert_false (sl_test_has (r, "armor"));
}

/* T-44: every level of every band; beyond 8, −1 per 3 full levels. */
static void
test_t44_bands (void)
{
  int expected[] = { 1, 0, 0, -1, -1, -1, -2, -2, -2, -3, -3, -3, -4 };

  for (int level = 0; level < (int) G_N_ELEMENTS (expected); level++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'legionnaire', 'skills': {'melee': %d}}", level);
      g_autofree char *nc = g_strdup_printf ("{'kind': 'legionnaire', 'non_combat': true,"
                                             " 'skills': {'melee': %d}}", level);

      g_assert_cmpint (sl_test_resolve_int (request, "modifiers.melee"), ==, expected[level]);
      /* Non-combat characters: +2 at level 0, the same elsewhere. */
      g_assert_cmpint (sl_test_resolve_int (nc, "modifiers.melee"), ==, level == 0 ? 2 : expected[level]);
    }
}

/* §18: Phalanx → Legionnaire, each −1 is 3 skill levels. */
static void
test_reverse (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'legionnaire', 'modifiers': {'a': 1, 'b': 0,"
                                           " 'c': -1, 'd': -2, 'e': -3}}");
  g_autoptr(JsonNode) nc = sl_test_resolve ("{'kind': 'legionnaire', 'non_combat': true,"
                                            " 'modifiers': {'medic': 2}}");

  g_assert_cmpint (sl_test_int (r, "skills.a"), ==, 0);
  g_assert_cmpint (sl_test_int (r, "skills.b"), ==, 1);
  g_assert_cmpint (sl_test_int (r, "skills.c"), ==, 3);
  g_assert_cmpint (sl_test_int (r, "skills.d"), ==, 6);
  g_assert_cmpint (sl_test_int (r, "skills.e"), ==, 9);
  g_assert_cmpint (sl_test_int (nc, "skills.medic"), ==, 0);
  /* Each level given back converts to the same modifier. */
  for (int m = 1; m >= -5; m--)
    {
      int level;

      g_assert_true (sl_legionnaire_level (sl_test_rules (), m, FALSE, &level));
      g_assert_cmpint (sl_legionnaire_modifier (sl_test_rules (), level, FALSE), ==, m);
    }
  sl_test_assert_refused ("{'kind': 'legionnaire', 'modifiers': {'rifle': 2}}", "modifiers.rifle", "T-44");
  sl_test_assert_refused ("{'kind': 'legionnaire', 'non_combat': true, 'modifiers': {'rifle': 1}}",
                          "modifiers.rifle", "non-combat");
}

/* A-136: the lost thresholds come from options; unset, they never count. */
static void
test_thresholds_a136 (void)
{
  struct { const char *attribute; const char *option; const char *result; int bonus; } rows[] = {
    { "land_movement", "legionnaireMoveThreshold", "movement_bonus_m", 1 },
    { "reaction", "legionnaireReactionThreshold", "initiative", -1 },
    { "charisma", "legionnaireCharismaThreshold", "leadership", -1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *unset = g_strdup_printf ("{'kind': 'legionnaire', 'skills': {'%s': 20}}",
                                                rows[i].attribute);
      g_autofree char *above = g_strdup_printf ("{'kind': 'legionnaire', 'skills': {'%s': 11},"
                                                " 'options': {'%s': 10}}", rows[i].attribute,
                                                rows[i].option);
      g_autofree char *at = g_strdup_printf ("{'kind': 'legionnaire', 'skills': {'%s': 10},"
                                             " 'options': {'%s': 10}}", rows[i].attribute, rows[i].option);
      g_autofree char *path = g_strdup_printf ("attributes.%s.threshold", rows[i].attribute);
      g_autoptr(JsonNode) u = sl_test_resolve (unset);
      g_autoptr(JsonNode) a = sl_test_resolve (above);
      g_autoptr(JsonNode) t = sl_test_resolve (at);

      g_assert_cmpint (sl_test_int (u, rows[i].result), ==, 0);
      g_assert_true (JSON_NODE_HOLDS_NULL (sl_test_member (u, path)));
      g_assert_cmpint (sl_test_int (a, rows[i].result), ==, rows[i].bonus);
      g_assert_cmpint (sl_test_int (a, path), ==, 10);
      /* “Above” the threshold: equal is not enough. */
      g_assert_cmpint (sl_test_int (t, rows[i].result), ==, 0);
      /* An attribute is no weapon skill. */
      g_assert_false (sl_test_has (a, "modifiers.reaction"));
    }
  sl_test_assert_refused ("{'kind': 'legionnaire', 'modifiers': {'charisma': -1}}", "modifiers.charisma",
                          "A-136");
}

/* §18: no melee weapon is +1; partial armor is a Tanker Suit. */
static void
test_melee_and_armor (void)
{
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'legionnaire', 'skills': {}, 'melee_weapon': 'none'}",
                                        "melee_weapon"), ==, 1);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'legionnaire', 'skills': {}, 'melee_weapon': false}",
                                        "melee_weapon"), ==, 1);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'legionnaire', 'skills': {}, 'melee_weapon': 'vibro-knife'}",
                                        "melee_weapon"), ==, 0);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'legionnaire', 'skills': {}, 'melee_weapon': true}",
                                        "melee_weapon"), ==, 0);
  {
    g_autofree char *a = sl_test_resolve_string ("{'kind': 'legionnaire', 'skills': {}, 'armor': 'partial'}",
                                                 "armor");
    g_autofree char *b = sl_test_resolve_string ("{'kind': 'legionnaire', 'skills': {}, 'armor': 'BI'}",
                                                 "armor");
    g_assert_cmpstr (a, ==, "TS");
    g_assert_cmpstr (b, ==, "BI");
  }
}

static void
test_legionnaire_refused (void)
{
  sl_test_assert_refused ("{'kind': 'legionnaire'}", "skills", "required");
  sl_test_assert_refused ("{'kind': 'legionnaire', 'skills': {'a': 1}, 'modifiers': {'a': 0}}", "modifiers",
                          "not both");
  sl_test_assert_refused ("{'kind': 'legionnaire', 'skills': {'rifle': -1}}", "skills.rifle", NULL);
  sl_test_assert_refused ("{'kind': 'legionnaire', 'skills': {'rifle': 'good'}}", "skills.rifle", NULL);
  sl_test_assert_refused ("{'kind': 'legionnaire', 'skills': {}, 'armor': 'chainmail'}", "armor",
                          "chainmail");
  sl_test_assert_refused ("{'kind': 'legionnaire', 'skills': [1]}", "skills", NULL);
}

/* centurion */

/* E-36: a 5-unit squad is IFW 5. */
static void
test_e36_centurion (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'centurion', 'units': ["
                                           "{'troop': 'combat-arms'}, {'troop': 'combat-arms'},"
                                           " {'troop': 'combat-arms'}, {'troop': 'combat-arms'},"
                                           " {'troop': 'combat-arms'}, {'troop': 'combat-arms', 'alive': false},"
                                           " {'troop': 'combat-arms', 'alive': false},"
                                           " {'troop': 'combat-arms', 'alive': false}]}");

  g_assert_cmpint (sl_test_int (r, "ifw"), ==, 5);
  g_assert_cmpstr (sl_test_string (r, "counter"), ==, "normal-infantry");
}

/* §18: LI, counter-insurgency, penal, bounce infantry and marines are
 * normal infantry; everyone else a bailed-out tank crew. */
static void
test_centurion_classes (void)
{
  struct { const char *troop; const char *counter; } rows[] = {
    { "combat-arms", "normal-infantry" }, { "marines", "normal-infantry" },
    { "counter-insurgency", "normal-infantry" }, { "penal", "normal-infantry" },
    { "tech", "bailed-out-crew" }, { "civilian", "bailed-out-crew" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'centurion', 'units': [{'troop': '%s'},"
                                                  " {'troop': '%s'}]}", rows[i].troop, rows[i].troop);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_assert_cmpint (sl_test_int (r, "ifw"), ==, 2);
      g_assert_cmpstr (sl_test_string (r, "counter"), ==, rows[i].counter);
    }
  {
    /* Mixed: the survivors' majority; a tie counts as infantry. */
    g_autoptr(JsonNode) crew = sl_test_resolve ("{'kind': 'centurion', 'units': [{'troop': 'tech'},"
                                                " {'troop': 'tech'}, {'troop': 'marines'},"
                                                " {'troop': 'marines', 'alive': false}]}");
    g_autoptr(JsonNode) tie = sl_test_resolve ("{'kind': 'centurion', 'units': [{'troop': 'tech'},"
                                               " {'troop': 'marines'}]}");
    g_autoptr(JsonNode) none = sl_test_resolve ("{'kind': 'centurion', 'units': [{'troop': 'tech',"
                                                " 'alive': false}]}");

    g_assert_cmpint (sl_test_int (crew, "ifw"), ==, 3);
    g_assert_cmpstr (sl_test_string (crew, "counter"), ==, "bailed-out-crew");
    g_assert_cmpstr (sl_test_string (tie, "counter"), ==, "normal-infantry");
    g_assert_cmpint (sl_test_int (none, "ifw"), ==, 0);
    g_assert_true (JSON_NODE_HOLDS_NULL (sl_test_member (none, "counter")));
  }
  sl_test_assert_refused ("{'kind': 'centurion', 'units': []}", "units", "at least one");
  sl_test_assert_refused ("{'kind': 'centurion', 'units': [{'troop': 'tanker'}]}", "units[0].troop", "tanker");
  sl_test_assert_refused ("{'kind': 'centurion', 'units': [{'troop': 'tech', 'alive': 1}]}",
                          "units[0].alive", NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/points/squad-cost/E-01", test_e01_squad);
  g_test_add_func ("/points/squad-cost/E-02-A-130", test_e02_unit_value);
  g_test_add_func ("/points/squad-cost/E-41", test_e41_rule_of_thumb);
  g_test_add_func ("/points/squad-cost/T-08-T-11-T-12-T-13", test_table_costs);
  g_test_add_func ("/points/squad-cost/T-37-T-38", test_t38_equipment);
  g_test_add_func ("/points/squad-cost/T-24-E-29", test_t24_leader_e29);
  g_test_add_func ("/points/squad-cost/quality-A-96", test_quality_cost_a96);
  g_test_add_func ("/points/squad-cost/hidden-A-127", test_hidden_a127);
  g_test_add_func ("/points/squad-cost/E-23", test_e23_decoys);
  g_test_add_func ("/points/squad-cost/over-budget", test_over_budget);
  g_test_add_func ("/points/squad-cost/ranger-suits-A-144", test_ranger_suits_a144);
  g_test_add_func ("/points/squad-cost/side-limits-T-37", test_side_limits_t37);
  g_test_add_func ("/points/squad-cost/fire-missions-P-38", test_fire_missions_p38);
  g_test_add_func ("/points/squad-cost/charges-P-36", test_charges_p36);
  g_test_add_func ("/points/squad-cost/launcher-A-146", test_launcher_a146);
  g_test_add_func ("/points/squad-cost/penal-A-143", test_penal_smg_a143);
  g_test_add_func ("/points/squad-cost/troop-suit-A-144-A-145", test_troop_suit_a144_a145);
  g_test_add_func ("/points/squad-cost/weapons-A-146", test_weapon_count_a146);
  g_test_add_func ("/points/squad-cost/squad-size-A-07", test_squad_size_a07);
  g_test_add_func ("/points/squad-cost/refused", test_squad_refused);
  g_test_add_func ("/points/squad-cost/engine-errors", test_squad_engine_errors);

  g_test_add_func ("/points/victory/T-17-A-69", test_t17_fractions);
  g_test_add_func ("/points/victory/T-39", test_t39_rows);
  g_test_add_func ("/points/victory/T-40-A-131", test_t40_levels_a131);
  g_test_add_func ("/points/victory/rounding-A-68", test_rounding_a68);
  g_test_add_func ("/points/victory/honesty-A-126", test_honesty_a126);
  g_test_add_func ("/points/victory/penalties-A-134", test_penalties_a134);
  g_test_add_func ("/points/victory/refused", test_victory_refused);

  g_test_add_func ("/points/scenario/E-39", test_e39_charge_ladder);
  g_test_add_func ("/points/scenario/E-40", test_e40_kill_target);
  g_test_add_func ("/points/scenario/bridge-A-134", test_a134_bridge);

  g_test_add_func ("/points/ammunition/E-25-A-90", test_e25_log);
  g_test_add_func ("/points/ammunition/T-20", test_t20_magazines);
  g_test_add_func ("/points/ammunition/fire-P-29", test_fire_p29);
  g_test_add_func ("/points/ammunition/burst-P-29", test_burst_p29);
  g_test_add_func ("/points/ammunition/lasers-A-89", test_lasers);
  g_test_add_func ("/points/ammunition/reload-A-91", test_reload_a91);
  g_test_add_func ("/points/ammunition/grenades-A-92", test_grenades_a92);
  g_test_add_func ("/points/ammunition/launcher-A-113", test_launcher_a113);
  g_test_add_func ("/points/ammunition/refused", test_ammunition_refused);

  g_test_add_func ("/points/legionnaire/E-35", test_e35_skills);
  g_test_add_func ("/points/legionnaire/T-44", test_t44_bands);
  g_test_add_func ("/points/legionnaire/reverse", test_reverse);
  g_test_add_func ("/points/legionnaire/thresholds-A-136", test_thresholds_a136);
  g_test_add_func ("/points/legionnaire/melee-armor", test_melee_and_armor);
  g_test_add_func ("/points/legionnaire/refused", test_legionnaire_refused);

  g_test_add_func ("/points/centurion/E-36", test_e36_centurion);
  g_test_add_func ("/points/centurion/classes", test_centurion_classes);

  return g_test_run ();
}
