/* test-morale.c: initiative, melee, leadership and morale
 * (digest P-06, P-22 … P-24, P-31 … P-33; T-08, T-11, T-13, T-16, T-24 …
 * T-26; worked examples E-03, E-04, E-20, E-21, E-28 … E-32)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-morale.h"
#include "sl-rules-private.h"
#include "sl-test.h"

/* Asserts that the string list at @path of @result is @expected (NULL
 * terminated). */
static void
assert_ids (JsonNode           *result,
            const char         *path,
            const char * const *expected)
{
  JsonArray *array = json_node_get_array (sl_test_member (result, path));
  guint n = g_strv_length ((char **) expected);

  g_assert_cmpuint (json_array_get_length (array), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (json_array_get_string_element (array, i), ==, expected[i]);
}

/* The value the dice report under @stream (a field path such as
 * "groupings[0].roll", which the path helpers cannot walk). */
static JsonNode *
reported (JsonNode   *result,
          const char *stream)
{
  JsonObject *rolls = json_node_get_object (sl_test_member (result, "rolls"));

  g_assert_true (json_object_has_member (rolls, stream));
  return json_object_get_member (rolls, stream);
}

/* Initiative (P-06) */

#define E04_GROUPINGS \
  "{'id': 'Renegade 1', 'roll': 1, 'decision': 'countermove'}," \
  "{'id': 'TOG 1', 'roll': 3, 'decision': 'move'}," \
  "{'id': 'TOG 2', 'roll': 6, 'decision': 'countermove'}," \
  "{'id': 'Renegade 2', 'roll': 9}"

/* E-04: the book's table, no modifiers: movers ascending (3, 9), then
 * countermovers descending (6, 1). */
static void
test_e04_initiative_order (void)
{
  static const char * const order[] = { "TOG 1", "Renegade 2", "TOG 2", "Renegade 1", NULL };
  static const char * const ranking[] = { "Renegade 1", "TOG 1", "TOG 2", "Renegade 2", NULL };
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'initiative', 'groupings': [" E04_GROUPINGS "]}");

  assert_ids (r, "order", order);
  assert_ids (r, "ranking", ranking);
  g_assert_cmpint (sl_test_int (r, "net.Renegade 1"), ==, 1);
  g_assert_cmpint (sl_test_int (r, "net.TOG 2"), ==, 6);
  g_assert_cmpint (sl_test_int (r, "net.Renegade 2"), ==, 9);
  /* Renegade 2 has the worst roll: no choice, it moves. */
  g_assert_cmpstr (sl_test_string (r, "decisions.Renegade 2"), ==, "move");
  g_assert_true (sl_test_bool (r, "groupings[3].forced"));
  g_assert_false (sl_test_bool (r, "groupings[0].forced"));
  g_assert_cmpint (sl_test_int (r, "groupings[0].place"), ==, 4);
  g_assert_cmpint (sl_test_int (r, "groupings[1].place"), ==, 1);
  g_assert_cmpint (sl_test_int (r, "groupings[3].rank"), ==, 4);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (sl_test_member (r, "breakdown.TOG 1"))),
                    ==, 0);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (sl_test_member (r, "ties"))), ==, 0);
  g_assert_false (sl_test_has (r, "rolls"));
}

/* E-04: "Had it chosen MOVE, it would have gone first." */
static void
test_e04_best_roll_moves (void)
{
  static const char * const order[] = { "Renegade 1", "TOG 1", "Renegade 2", "TOG 2", NULL };
  g_autoptr(JsonNode) r = sl_test_resolve (
    "{'kind': 'initiative', 'groupings': ["
    " {'id': 'Renegade 1', 'roll': 1, 'decision': 'move'},"
    " {'id': 'TOG 1', 'roll': 3, 'decision': 'move'},"
    " {'id': 'TOG 2', 'roll': 6, 'decision': 'countermove'},"
    " {'id': 'Renegade 2', 'roll': 9, 'decision': 'move'}]}");

  assert_ids (r, "order", order);
}

/* E-03: TOG as one squad gets one roll; the Renegades as two fire teams get
 * two. Rolls left out are rolled and reported. */
static void
test_e03_grouping_count (void)
{
  static const char * const one[] = { "TOG", NULL };
  g_autoptr(JsonNode) tog = sl_test_resolve ("{'kind': 'initiative', 'groupings': [{'id': 'TOG'}]}");
  g_autoptr(JsonNode) ren = sl_test_resolve ("{'kind': 'initiative', 'groupings': ["
                                             " {'id': 'Fire team 1'}, {'id': 'Fire team 2'}]}");
  JsonObject *rolls;

  assert_ids (tog, "order", one);
  g_assert_true (sl_test_bool (tog, "groupings[0].forced"));
  rolls = json_node_get_object (sl_test_member (tog, "rolls"));
  g_assert_cmpuint (json_object_get_size (rolls), ==, 1);
  g_assert_cmpint (json_node_get_int (reported (tog, "groupings[0].roll")), ==,
                   sl_test_int (tog, "net.TOG"));

  rolls = json_node_get_object (sl_test_member (ren, "rolls"));
  g_assert_cmpuint (json_object_get_size (rolls), ==, 2);
  g_assert_cmpint (json_node_get_int (reported (ren, "groupings[1].roll")), ==,
                   sl_test_int (ren, "net.Fire team 2"));
}

/* P-06: with two groupings, the low roller chooses to go first or second. */
static void
test_two_groupings (void)
{
  static const char * const first[] = { "low", "high", NULL };
  static const char * const second[] = { "high", "low", NULL };
  g_autoptr(JsonNode) move = sl_test_resolve ("{'kind': 'initiative', 'groupings': ["
                                              " {'id': 'high', 'roll': 8},"
                                              " {'id': 'low', 'roll': 2, 'decision': 'move'}]}");
  g_autoptr(JsonNode) counter = sl_test_resolve ("{'kind': 'initiative', 'groupings': ["
                                                 " {'id': 'high', 'roll': 8},"
                                                 " {'id': 'low', 'roll': 2, 'decision': 'countermove'}]}");

  assert_ids (move, "order", first);
  assert_ids (counter, "order", second);
}

/* P-06 step 3: the highest roll must move. */
static void
test_forced_move (void)
{
  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': ["
                          " {'id': 'a', 'roll': 2}, {'id': 'b', 'roll': 7, 'decision': 'countermove'}]}",
                          "groupings[1].decision", "P-06");
  /* An explicit move is fine. */
  {
    g_autofree char *decision = sl_test_resolve_string ("{'kind': 'initiative', 'groupings': ["
                                                        " {'id': 'a', 'roll': 2},"
                                                        " {'id': 'b', 'roll': 7, 'decision': 'move'}]}",
                                                        "decisions.b");

    g_assert_cmpstr (decision, ==, "move");
  }
}

/* T-08 Init row: Vauvusar and Ssora −1, everyone else 0. */
static void
test_t08_initiative_row (void)
{
  static const struct { const char *race; int value; } rows[] = {
    { "human", 0 }, { "naram", 0 }, { "baufrin", 0 }, { "vauvusar", -1 },
    { "ssora", -1 }, { "kessrith", 0 }, { "zog", 0 }, { "menevagorean", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf (
        "{'kind': 'initiative', 'groupings': [{'id': 'g', 'roll': 5, 'race': '%s'}]}", rows[i].race);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_assert_cmpint (sl_test_breakdown (r, "breakdown.g", "race"), ==, rows[i].value);
      g_assert_cmpint (sl_test_int (r, "net.g"), ==, 5 + rows[i].value);
    }
}

/* T-08 Leader row with A-12: effective rating = rating + the leader's race
 * Leader value (Human 0, every other race +1; Naram's applies to the squad
 * leader, who is the one rolling here). */
static void
test_t08_leader_row (void)
{
  static const struct { const char *race; int value; } rows[] = {
    { "human", 0 }, { "naram", 1 }, { "baufrin", 1 }, { "vauvusar", 1 },
    { "ssora", 1 }, { "kessrith", 1 }, { "zog", 1 }, { "menevagorean", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *initiative = g_strdup_printf (
        "{'kind': 'initiative', 'groupings': [{'id': 'g', 'roll': 5, 'leader_rating': -2,"
        " 'leader_race': '%s'}]}", rows[i].race);
      g_autofree char *rally = g_strdup_printf (
        "{'kind': 'rally', 'roll': 5, 'leader_rating': -2, 'leader_race': '%s'}", rows[i].race);
      g_autofree char *rout = g_strdup_printf (
        "{'kind': 'rout', 'roll': 50, 'leader_rating': -2, 'leader_race': '%s'}", rows[i].race);
      g_autoptr(JsonNode) ri = sl_test_resolve (initiative);
      g_autoptr(JsonNode) rr = sl_test_resolve (rally);
      g_autoptr(JsonNode) rt = sl_test_resolve (rout);

      g_assert_cmpint (sl_test_breakdown (ri, "breakdown.g", "leader"), ==, -2);
      g_assert_cmpint (sl_test_breakdown (ri, "breakdown.g", "leader-race"), ==, rows[i].value);
      g_assert_cmpint (sl_test_int (ri, "net.g"), ==, 3 + rows[i].value);
      g_assert_cmpint (sl_test_breakdown (rr, "breakdown", "leader-race"), ==, rows[i].value);
      /* Rout: −10 × (rating + race value). */
      g_assert_cmpint (sl_test_int (rt, "modifier"), ==, -10 * (-2 + rows[i].value));
    }
}

/* a dead leader gives 0, an acting leader +2; with the option off,
 * only the grouping that holds the leader gets his rating. */
static void
test_leader_state_a11 (void)
{
  g_autoptr(JsonNode) alive = sl_test_resolve ("{'kind': 'initiative', 'groupings': ["
                                               " {'id': 'g', 'roll': 5, 'leader_rating': -1}]}");
  g_autoptr(JsonNode) dead = sl_test_resolve ("{'kind': 'initiative', 'groupings': ["
                                              " {'id': 'g', 'roll': 5, 'leader_rating': -1,"
                                              "  'leader_race': 'zog', 'leader_state': 'dead'}]}");
  g_autoptr(JsonNode) acting = sl_test_resolve ("{'kind': 'initiative', 'groupings': ["
                                                " {'id': 'g', 'roll': 5, 'leader_state': 'acting'}]}");

  g_assert_cmpint (sl_test_int (alive, "net.g"), ==, 4);
  g_assert_cmpint (sl_test_int (dead, "net.g"), ==, 5);
  g_assert_false (sl_test_breakdown (dead, "breakdown.g", "leader-race") != 0);
  g_assert_cmpint (sl_test_breakdown (acting, "breakdown.g", "leader"), ==, 2);
  g_assert_cmpint (sl_test_int (acting, "net.g"), ==, 7);
  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': [{'id': 'g', 'roll': 5,"
                          " 'leader_state': 'acting', 'leader_rating': -2}]}",
                          "groupings[0].leader_rating", "+2");
}

static void
test_option_leader_all_teams_a11 (void)
{
#define TEAMS_REQUEST \
  "{'kind': 'initiative', 'groupings': [" \
  " {'id': 'with', 'roll': 5, 'leader_rating': -2, 'contains_leader': true}," \
  " {'id': 'without', 'roll': 6, 'leader_rating': -2, 'contains_leader': false}]"
  g_autoptr(JsonNode) all = sl_test_resolve (TEAMS_REQUEST "}");
  g_autoptr(JsonNode) own = sl_test_resolve (TEAMS_REQUEST ", 'options': {'leaderRatingAllTeams': false}}");

  g_assert_cmpint (sl_test_int (all, "net.with"), ==, 3);
  g_assert_cmpint (sl_test_int (all, "net.without"), ==, 4);
  g_assert_cmpint (sl_test_int (own, "net.with"), ==, 3);
  g_assert_cmpint (sl_test_int (own, "net.without"), ==, 6);
#undef TEAMS_REQUEST
}

/* T-25 initiative column, with and without A-10. */
static void
test_option_quality_initiative_a10 (void)
{
  static const struct { const char *quality; int value; } rows[] = {
    { "civilian", 2 }, { "green", 1 }, { "regular", 0 }, { "veteran", -1 }, { "elite", -2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *on = g_strdup_printf (
        "{'kind': 'initiative', 'groupings': [{'id': 'g', 'roll': 5, 'quality': '%s'}]}",
        rows[i].quality);
      g_autofree char *off = g_strdup_printf (
        "{'kind': 'initiative', 'groupings': [{'id': 'g', 'roll': 5, 'quality': '%s'}],"
        " 'options': {'troopQualityAffectsInitiative': false}}", rows[i].quality);

      g_assert_cmpint (sl_test_resolve_int (on, "net.g"), ==, 5 + rows[i].value);
      g_assert_cmpint (sl_test_resolve_int (off, "net.g"), ==, 5);
    }
}

/* scenario and Legionnaire modifiers (reaction −1, §18). */
static void
test_scenario_modifier_a10 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'initiative', 'groupings': ["
                                           " {'id': 'g', 'roll': 5, 'modifier': -1, 'race': 'ssora',"
                                           "  'quality': 'green', 'leader_rating': 1}]}");

  g_assert_cmpint (sl_test_breakdown (r, "breakdown.g", "scenario"), ==, -1);
  /* 5 − 1 (Ssora) + 1 (leader) + 1 (green) − 1 (scenario) = 5. */
  g_assert_cmpint (sl_test_int (r, "net.g"), ==, 5);
  g_assert_cmpint (sl_test_int (r, "groupings[0].modifier"), ==, 0);
}

/* A-12 option: the race Leader value counts on rally rolls only. */
static void
test_option_race_leader_rally_only_a12 (void)
{
#define INIT_REQUEST(on) "{'kind': 'initiative', 'groupings': [{'id': 'g', 'roll': 5," \
                         " 'leader_race': 'vauvusar'}], 'options': {'raceLeaderRallyOnly': " on "}}"
#define ROUT_REQUEST(on) "{'kind': 'rout', 'roll': 50, 'leader_race': 'vauvusar'," \
                         " 'options': {'raceLeaderRallyOnly': " on "}}"
#define RALLY_REQUEST(on) "{'kind': 'rally', 'roll': 5, 'leader_race': 'vauvusar'," \
                          " 'options': {'raceLeaderRallyOnly': " on "}}"
  const char *init_off = INIT_REQUEST ("false");
  const char *init_on = INIT_REQUEST ("true");
  const char *rout_off = ROUT_REQUEST ("false");
  const char *rout_on = ROUT_REQUEST ("true");
  const char *rally_off = RALLY_REQUEST ("false");
  const char *rally_on = RALLY_REQUEST ("true");

  g_assert_cmpint (sl_test_resolve_int (init_off, "net.g"), ==, 6);
  g_assert_cmpint (sl_test_resolve_int (init_on, "net.g"), ==, 5);
  g_assert_cmpint (sl_test_resolve_int (rout_off, "modifier"), ==, -10);
  g_assert_cmpint (sl_test_resolve_int (rout_on, "modifier"), ==, 0);
  g_assert_cmpint (sl_test_resolve_int (rally_off, "modifier"), ==, 1);
  g_assert_cmpint (sl_test_resolve_int (rally_on, "modifier"), ==, 1);
#undef INIT_REQUEST
#undef ROUT_REQUEST
#undef RALLY_REQUEST
}

/* tied groupings re-roll among themselves; the re-rolls set only their
 * relative order, and whoever ends highest overall must move. */
static void
test_ties_reroll_a09 (void)
{
  static const char * const order[] = { "first", "b", "a", "last", NULL };
  g_autoptr(JsonNode) r = sl_test_resolve (
    "{'kind': 'initiative', 'groupings': ["
    " {'id': 'a', 'roll': 4, 'tie_rolls': [2, 6]},"
    " {'id': 'b', 'roll': 4, 'tie_rolls': [2, 3]},"
    " {'id': 'last', 'roll': 8},"
    " {'id': 'first', 'roll': 1}]}");

  assert_ids (r, "order", order);
  g_assert_cmpint (sl_test_int (r, "ties[0].net"), ==, 4);
  g_assert_cmpstr (sl_test_string (r, "ties[0].settled_by"), ==, "reroll");
  g_assert_cmpstr (sl_test_string (r, "ties[0].groupings[0]"), ==, "b");
  g_assert_cmpint (sl_test_int (r, "ties[0].rolls.a[1]"), ==, 6);
  g_assert_cmpint (sl_test_int (r, "groupings[1].tie_rolls[1]"), ==, 3);
  /* The net rolls stay as they were. */
  g_assert_cmpint (sl_test_int (r, "net.a"), ==, 4);
  g_assert_cmpint (sl_test_int (r, "net.b"), ==, 4);
  g_assert_true (sl_test_bool (r, "groupings[2].forced"));
}

/* a tie at the top decides who is forced to move. */
static void
test_ties_forced_move_a09 (void)
{
  static const char * const order[] = { "b", "a", NULL };
  g_autoptr(JsonNode) r = sl_test_resolve (
    "{'kind': 'initiative', 'groupings': ["
    " {'id': 'a', 'roll': 5, 'decision': 'countermove', 'tie_rolls': [2]},"
    " {'id': 'b', 'roll': 5, 'tie_rolls': [7]}]}");

  assert_ids (r, "order", order);
  g_assert_true (sl_test_bool (r, "groupings[1].forced"));
  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': ["
                          " {'id': 'a', 'roll': 5, 'decision': 'countermove', 'tie_rolls': [9]},"
                          " {'id': 'b', 'roll': 5, 'tie_rolls': [7]}]}",
                          "groupings[0].decision", "must move");
}

/* re-rolls not given are rolled and reported; re-rolls nobody needed
 * are refused. */
static void
test_ties_rolled_and_refused_a09 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'initiative', 'groupings': ["
                                           " {'id': 'a', 'roll': 3}, {'id': 'b', 'roll': 3}]}");
  JsonArray *a = json_node_get_array (reported (r, "groupings[0].tie_rolls"));
  JsonArray *b = json_node_get_array (reported (r, "groupings[1].tie_rolls"));
  guint n = json_array_get_length (a);

  /* Both rolled as often as it took, and the last re-rolls differ. */
  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpuint (json_array_get_length (b), ==, n);
  g_assert_cmpint (json_array_get_int_element (a, n - 1), !=, json_array_get_int_element (b, n - 1));
  g_assert_true (sl_test_bool (r, "ties[0].rerolled"));

  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': ["
                          " {'id': 'a', 'roll': 3, 'tie_rolls': [4]}, {'id': 'b', 'roll': 5}]}",
                          "groupings[0].tie_rolls", "not tied");
  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': ["
                          " {'id': 'a', 'roll': 3, 'tie_rolls': [4, 2]},"
                          " {'id': 'b', 'roll': 3, 'tie_rolls': [5]}]}",
                          "groupings[0].tie_rolls", "only 1 re-roll");
  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': ["
                          " {'id': 'a', 'roll': 3, 'tie_rolls': [11]}, {'id': 'b', 'roll': 3}]}",
                          "groupings[0].tie_rolls[0]", NULL);
}

/* A-09 options: the better leader, or the better quality, goes first; equal
 * ones still re-roll. */
static void
test_option_tie_break_a09 (void)
{
  static const char * const leader_order[] = { "good", "plain", NULL };
  static const char * const quality_order[] = { "elite", "green", NULL };
  g_autoptr(JsonNode) leader = sl_test_resolve (
    "{'kind': 'initiative', 'options': {'initiativeTieBreak': 'leader'}, 'groupings': ["
    " {'id': 'plain', 'roll': 5, 'leader_rating': 0},"
    " {'id': 'good', 'roll': 6, 'leader_rating': -1}]}");
  g_autoptr(JsonNode) quality = sl_test_resolve (
    "{'kind': 'initiative', 'options': {'initiativeTieBreak': 'quality',"
    " 'troopQualityAffectsInitiative': false}, 'groupings': ["
    " {'id': 'green', 'roll': 5, 'quality': 'green'},"
    " {'id': 'elite', 'roll': 5, 'quality': 'elite'}]}");
  g_autoptr(JsonNode) equal = sl_test_resolve (
    "{'kind': 'initiative', 'options': {'initiativeTieBreak': 'leader'}, 'groupings': ["
    " {'id': 'x', 'roll': 5, 'tie_rolls': [8]}, {'id': 'y', 'roll': 5, 'tie_rolls': [4]}]}");
  static const char * const equal_order[] = { "y", "x", NULL };

  assert_ids (leader, "order", leader_order);
  g_assert_cmpstr (sl_test_string (leader, "ties[0].settled_by"), ==, "leader");
  g_assert_false (sl_test_bool (leader, "ties[0].rerolled"));
  g_assert_false (sl_test_has (leader, "rolls"));
  assert_ids (quality, "order", quality_order);
  g_assert_cmpstr (sl_test_string (quality, "ties[0].settled_by"), ==, "quality");
  assert_ids (equal, "order", equal_order);
  sl_test_assert_refused ("{'kind': 'initiative', 'options': {'initiativeTieBreak': 'leader'},"
                          " 'groupings': [{'id': 'x', 'roll': 5, 'leader_rating': -1, 'tie_rolls': [3]},"
                          " {'id': 'y', 'roll': 4}]}", "groupings[0].tie_rolls", "without a re-roll");
  g_assert_true (sl_test_bool (equal, "ties[0].rerolled"));

  /* The same tie under the default re-roll rule: the re-rolls decide. */
  {
    static const char * const reroll_order[] = { "plain", "good", NULL };
    g_autoptr(JsonNode) reroll = sl_test_resolve (
      "{'kind': 'initiative', 'groupings': ["
      " {'id': 'plain', 'roll': 5, 'leader_rating': 0, 'tie_rolls': [1]},"
      " {'id': 'good', 'roll': 6, 'leader_rating': -1, 'tie_rolls': [2]}]}");

    assert_ids (reroll, "order", reroll_order);
  }
}

/* §5.2: an ambushed grouping leaves the order, can do nothing for 3
 * subphases, and then acts after everyone still in the order. */
static void
test_ambush (void)
{
  static const char * const order[] = { "TOG 1", "TOG 2", "Renegade 1", "Renegade 2", NULL };
  static const char * const ambushed[] = { "Renegade 1", "Renegade 2", NULL };
  static const char * const ranking[] = { "Renegade 1", "TOG 1", "TOG 2", "Renegade 2", NULL };
  g_autoptr(JsonNode) r = sl_test_resolve (
    "{'kind': 'initiative', 'groupings': ["
    " {'id': 'Renegade 1', 'roll': 1, 'decision': 'move', 'ambushed': true},"
    " {'id': 'TOG 1', 'roll': 3, 'decision': 'move'},"
    " {'id': 'TOG 2', 'roll': 6, 'decision': 'countermove'},"
    " {'id': 'Renegade 2', 'roll': 9, 'ambushed': true}]}");

  assert_ids (r, "order", order);
  assert_ids (r, "ambushed", ambushed);
  assert_ids (r, "ranking", ranking);
  g_assert_true (sl_test_bool (r, "groupings[0].ambushed"));
  g_assert_cmpint (sl_test_int (r, "groupings[0].idle_subphases"), ==, 3);
  g_assert_cmpint (sl_test_int (r, "groupings[0].place"), ==, 3);
  g_assert_false (sl_test_has (r, "groupings[1].ambushed"));
  /* The ambushed grouping still had the highest roll: it was the one forced to move. */
  g_assert_true (sl_test_bool (r, "groupings[3].forced"));
}

static void
test_initiative_malformed (void)
{
  sl_test_assert_refused ("{'kind': 'initiative'}", "groupings", NULL);
  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': []}", "groupings", "P-06");
  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': [{'roll': 3}]}", "groupings[0].id", NULL);
  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': [{'id': 'a'}, {'id': 'a'}]}",
                          "groupings[1].id", "“a”");
  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': [{'id': 'a'}, {'id': 'b', 'roll': 11}]}",
                          "groupings[1].roll", NULL);
  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': [{'id': 'a', 'decision': 'wait'}]}",
                          "groupings[0].decision", NULL);
  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': [{'id': 'a', 'leader_rating': 3}]}",
                          "groupings[0].leader_rating", NULL);
  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': [{'id': 'a', 'race': 'elf'}]}",
                          "groupings[0].race", NULL);
  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': [{'id': 'a', 'colour': 'red'}]}",
                          "groupings[0].colour", NULL);
  sl_test_assert_refused ("{'kind': 'initiative', 'groupings': [{'id': 'a', 'leader_state': 'lost'}]}",
                          "groupings[0].leader_state", NULL);
}

/* Melee (P-24) */

#define FIGHTER "'troop': 'marines'"

/* P-24 step 3: every modifier of the table on one roll. */
static void
test_melee_modifiers_p24 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve (
    "{'kind': 'melee', 'zero_g': true,"
    " 'a': {'troop': 'combat-arms', 'race': 'baufrin', 'wound': 'moderate', 'bonus': true, 'roll': 4},"
    " 'b': {'troop': 'tech', 'armor': 'MZG', 'stance': 'parry'}}");

  g_assert_cmpint (sl_test_breakdown (r, "a.breakdown", "troop"), ==, -1);
  g_assert_cmpint (sl_test_breakdown (r, "a.breakdown", "race"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (r, "a.breakdown", "wound"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (r, "a.breakdown", "opponent-armor"), ==, 2);
  g_assert_cmpint (sl_test_breakdown (r, "a.breakdown", "zero-g"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (r, "a.breakdown", "previous-hit"), ==, -1);
  g_assert_cmpint (sl_test_breakdown (r, "a.breakdown", "parry"), ==, 3);
  /* −1 +1 +1 +2 +1 −1 +3 = +6: only a natural 1 hits. */
  g_assert_cmpint (sl_test_int (r, "a.modifier"), ==, 6);
  g_assert_cmpint (sl_test_int (r, "a.net"), ==, 10);
  g_assert_false (sl_test_bool (r, "a_hits"));
  g_assert_cmpfloat (sl_test_double (r, "a.probability"), ==, 0.1);
  g_assert_false (sl_test_bool (r, "b.rolled"));
  g_assert_cmpstr (sl_test_string (r, "b.no_roll"), ==, "parried");
  g_assert_cmpint (sl_test_int (r, "ap"), ==, 5);
}

/* T-11 MELEE column. */
static void
test_t11_melee_column (void)
{
  static const struct { const char *troop; int value; } rows[] = {
    { "combat-arms", -1 }, { "marines", 0 }, { "counter-insurgency", -2 },
    { "tech", 1 }, { "civilian", 2 }, { "penal", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf (
        "{'kind': 'melee', 'a': {'troop': '%s', 'roll': 5}, 'b': {" FIGHTER ", 'roll': 5}}",
        rows[i].troop);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_assert_cmpint (sl_test_breakdown (r, "a.breakdown", "troop"), ==, rows[i].value);
      g_assert_cmpint (sl_test_int (r, "a.net"), ==, 5 + rows[i].value);
      g_assert_cmpint (sl_test_int (r, "b.net"), ==, 5);
    }
}

/* T-08 Melee row. */
static void
test_t08_melee_row (void)
{
  static const struct { const char *race; int value; } rows[] = {
    { "human", 0 }, { "naram", 0 }, { "baufrin", 1 }, { "vauvusar", 1 },
    { "ssora", 1 }, { "kessrith", -1 }, { "zog", -1 }, { "menevagorean", -1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf (
        "{'kind': 'melee', 'a': {" FIGHTER ", 'race': '%s', 'roll': 5}, 'b': {" FIGHTER ", 'roll': 5}}",
        rows[i].race);

      g_assert_cmpint (sl_test_resolve_int (request, "a.modifier"), ==, rows[i].value);
    }
}

/* T-13 MELEE PROT: a penalty to the opponent's roll, not one's own. */
static void
test_t13_melee_protection (void)
{
  static const struct { const char *armor; int value; } rows[] = {
    { "LI", 1 }, { "BI", 2 }, { "M", 2 }, { "TS", 1 }, { "RS", 1 },
    { "SNF", 0 }, { "SSS", 0 }, { "MZG", 2 }, { "NONE", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf (
        "{'kind': 'melee', 'a': {" FIGHTER ", 'roll': 5}, 'b': {" FIGHTER ", 'armor': '%s', 'roll': 5}}",
        rows[i].armor);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_assert_cmpint (sl_test_breakdown (r, "a.breakdown", "opponent-armor"), ==, rows[i].value);
      g_assert_cmpint (sl_test_int (r, "a.modifier"), ==, rows[i].value);
      g_assert_cmpint (sl_test_int (r, "b.modifier"), ==, 0);
    }
}

/* T-16: moderate +1, serious +3 on one's own melee roll; the knocked out
 * do not fight. */
static void
test_t16_melee_wounds (void)
{
  static const struct { const char *wound; int value; } rows[] = {
    { "none", 0 }, { "light", 0 }, { "moderate", 1 }, { "serious", 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf (
        "{'kind': 'melee', 'a': {" FIGHTER ", 'wound': '%s', 'roll': 5}, 'b': {" FIGHTER ", 'roll': 5}}",
        rows[i].wound);

      g_assert_cmpint (sl_test_resolve_int (request, "a.modifier"), ==, rows[i].value);
    }
  sl_test_assert_refused ("{'kind': 'melee', 'a': {" FIGHTER "}, 'b': {" FIGHTER ", 'wound': 'unconscious'}}",
                          "b.wound", "T-16");
  sl_test_assert_refused ("{'kind': 'melee', 'a': {" FIGHTER ", 'wound': 'dead'}, 'b': {" FIGHTER "}}",
                          "a.wound", "T-16");
}

/* P-24 step 4: both sides roll at once; each hit is exactly one wound level
 * whatever the armor, and never dazes. */
static void
test_melee_damage_p24 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve (
    "{'kind': 'melee',"
    " 'a': {'troop': 'combat-arms', 'armor': 'MZG', 'wound': 'serious', 'roll': 1},"
    " 'b': {'troop': 'tech', 'armor': 'MZG', 'wound': 'light', 'roll': 3}}");
  g_autoptr(JsonNode) no_wound = sl_test_resolve (
    "{'kind': 'melee', 'a': {" FIGHTER ", 'roll': 2}, 'b': {" FIGHTER ", 'roll': 9}}");

  /* a: −1 +2 +3 = +4, natural 1 hits anyway; b: +1 +2 = +3, 3 + 3 = 6 misses. */
  g_assert_true (sl_test_bool (r, "a_hits"));
  g_assert_false (sl_test_bool (r, "b_hits"));
  g_assert_cmpint (sl_test_int (r, "b.damage.levels"), ==, 1);
  g_assert_cmpstr (sl_test_string (r, "b.damage.wound"), ==, "moderate");
  g_assert_false (sl_test_bool (r, "b.damage.dazed"));
  g_assert_true (sl_test_bool (r, "b.hit_taken"));
  g_assert_false (sl_test_has (r, "a.damage"));
  g_assert_true (sl_test_bool (r, "a.next_bonus"));
  g_assert_false (sl_test_bool (r, "b.next_bonus"));

  /* Without a wound given, the hit is reported but not the new level. */
  g_assert_true (sl_test_bool (no_wound, "a_hits"));
  g_assert_true (sl_test_bool (no_wound, "b.hit_taken"));
  g_assert_false (sl_test_has (no_wound, "b.damage"));

  /* A serious wound plus one is unconscious: out, not dazed. */
  {
    g_autoptr(JsonNode) both = sl_test_resolve (
      "{'kind': 'melee', 'a': {" FIGHTER ", 'wound': 'serious', 'roll': 1},"
      " 'b': {" FIGHTER ", 'wound': 'none', 'roll': 5}}");

    g_assert_true (sl_test_bool (both, "a_hits"));
    g_assert_true (sl_test_bool (both, "b_hits"));
    g_assert_cmpstr (sl_test_string (both, "a.damage.wound"), ==, "unconscious");
    g_assert_true (sl_test_bool (both, "a.damage.out"));
    g_assert_false (sl_test_bool (both, "a.damage.dazed"));
    g_assert_cmpstr (sl_test_string (both, "b.damage.wound"), ==, "light");
  }
}

/* E-21 and A-76: a parry is +3, which a unit facing several attackers splits;
 * both parrying means nothing happens. */
static void
test_parry_e21 (void)
{
  static const int shares[] = { 0, 1, 2, 3 };

  for (guint i = 0; i < G_N_ELEMENTS (shares); i++)
    {
      g_autofree char *request = g_strdup_printf (
        "{'kind': 'melee', 'a': {" FIGHTER ", 'parry_share': %d, 'roll': 4},"
        " 'b': {" FIGHTER ", 'stance': 'parry'}}", shares[i]);
      g_autoptr(JsonNode) r = sl_test_resolve (request);

      g_assert_cmpint (sl_test_breakdown (r, "a.breakdown", "parry"), ==, shares[i]);
      g_assert_cmpint (sl_test_bool (r, "a_hits"), ==, 4 + shares[i] <= 5);
    }

  {
    g_autoptr(JsonNode) both = sl_test_resolve ("{'kind': 'melee',"
                                                " 'a': {" FIGHTER ", 'stance': 'parry'},"
                                                " 'b': {" FIGHTER ", 'stance': 'parry'}}");

    g_assert_false (sl_test_bool (both, "a.rolled"));
    g_assert_false (sl_test_bool (both, "b.rolled"));
    g_assert_false (sl_test_bool (both, "a_hits"));
    g_assert_false (sl_test_bool (both, "b_hits"));
    g_assert_false (sl_test_has (both, "rolls"));
  }

  sl_test_assert_refused ("{'kind': 'melee', 'a': {" FIGHTER ", 'parry_share': 2}, 'b': {" FIGHTER "}}",
                          "a.parry_share", "E-21");
  sl_test_assert_refused ("{'kind': 'melee', 'a': {" FIGHTER ", 'parry_share': 4},"
                          " 'b': {" FIGHTER ", 'stance': 'parry'}}", "a.parry_share", NULL);
  sl_test_assert_refused ("{'kind': 'melee', 'a': {" FIGHTER "},"
                          " 'b': {" FIGHTER ", 'stance': 'parry', 'roll': 3}}", "b.roll", "P-24");
}

/* a dazed unit makes no roll, cannot parry, and its opponent still
 * rolls. */
static void
test_dazed_a27 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'melee', 'a': {" FIGHTER ", 'roll': 5},"
                                           " 'b': {" FIGHTER ", 'dazed': true}}");

  g_assert_true (sl_test_bool (r, "a.rolled"));
  g_assert_true (sl_test_bool (r, "a_hits"));
  g_assert_false (sl_test_bool (r, "b.rolled"));
  g_assert_cmpstr (sl_test_string (r, "b.no_roll"), ==, "dazed");
  /* No parry from a dazed unit. */
  g_assert_cmpint (sl_test_breakdown (r, "a.breakdown", "parry"), ==, 0);
  sl_test_assert_refused ("{'kind': 'melee', 'a': {" FIGHTER "},"
                          " 'b': {" FIGHTER ", 'dazed': true, 'stance': 'parry'}}", "b.stance", "A-27");
  sl_test_assert_refused ("{'kind': 'melee', 'a': {" FIGHTER ", 'dazed': true, 'roll': 2},"
                          " 'b': {" FIGHTER "}}", "a.roll", "A-27");
}

/* the free attack after an avoidance: only the attacker rolls, with
 * all melee modifiers, for 1 AP, and it cannot be parried. */
static void
test_free_attack_a74 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'melee', 'free_attack': true,"
                                           " 'a': {'troop': 'combat-arms', 'roll': 6},"
                                           " 'b': {'troop': 'tech', 'armor': 'LI', 'wound': 'none'}}");

  g_assert_cmpint (sl_test_int (r, "ap"), ==, 1);
  g_assert_cmpint (sl_test_int (r, "a.net"), ==, 6);
  g_assert_false (sl_test_bool (r, "a_hits"));
  g_assert_false (sl_test_bool (r, "b.rolled"));
  g_assert_cmpstr (sl_test_string (r, "b.no_roll"), ==, "free-attack");
  sl_test_assert_refused ("{'kind': 'melee', 'free_attack': true, 'a': {" FIGHTER "},"
                          " 'b': {" FIGHTER ", 'stance': 'parry'}}", "b.stance", "A-74");
  sl_test_assert_refused ("{'kind': 'melee', 'free_attack': true, 'a': {" FIGHTER ", 'stance': 'parry'},"
                          " 'b': {" FIGHTER "}}", "a.stance", "A-74");
  sl_test_assert_refused ("{'kind': 'melee', 'free_attack': true, 'a': {" FIGHTER "},"
                          " 'b': {" FIGHTER ", 'roll': 4}}", "b.roll", "A-74");
}

/* The exact odds (net ≤ 5, natural 1 and 10), and the Legionnaire modifier. */
static void
test_melee_probabilities (void)
{
  /* −2 −1 −1 = −4: naturals 1–9 hit; a natural 10 still misses. */
  g_autoptr(JsonNode) good = sl_test_resolve (
    "{'kind': 'melee', 'a': {'troop': 'counter-insurgency', 'race': 'kessrith', 'bonus': true,"
    " 'roll': 10}, 'b': {" FIGHTER ", 'roll': 10}}");
  g_autoptr(JsonNode) nine = sl_test_resolve (
    "{'kind': 'melee', 'a': {'troop': 'counter-insurgency', 'race': 'kessrith', 'bonus': true,"
    " 'roll': 9}, 'b': {" FIGHTER ", 'roll': 10}}");
  /* +2 +3 = +5: only the natural 1. */
  g_autoptr(JsonNode) bad = sl_test_resolve (
    "{'kind': 'melee', 'a': {'troop': 'civilian', 'wound': 'serious', 'roll': 1},"
    " 'b': {" FIGHTER ", 'roll': 10}}");

  g_assert_cmpfloat (sl_test_double (good, "a.probability"), ==, 0.9);
  g_assert_cmpint (sl_test_int (good, "a.needed"), ==, 9);
  g_assert_false (sl_test_bool (good, "a_hits"));
  g_assert_true (sl_test_bool (nine, "a_hits"));
  g_assert_cmpfloat (sl_test_double (bad, "a.probability"), ==, 0.1);
  g_assert_cmpint (sl_test_int (bad, "a.net"), ==, 6);
  g_assert_true (sl_test_bool (bad, "a_hits"));
  g_assert_cmpfloat (sl_test_double (good, "b.probability"), ==, 0.5);

  /* §18: a Legionnaire without a melee weapon takes +1. */
  {
    g_autoptr(JsonNode) legionnaire = sl_test_resolve (
      "{'kind': 'melee', 'a': {" FIGHTER ", 'modifier': 1, 'roll': 5}, 'b': {" FIGHTER ", 'roll': 5}}");

    g_assert_cmpint (sl_test_breakdown (legionnaire, "a.breakdown", "other"), ==, 1);
    g_assert_cmpint (sl_test_int (legionnaire, "a.net"), ==, 6);
    g_assert_false (sl_test_bool (legionnaire, "a_hits"));
  }
}

/* Rolls left out are rolled and reported by side. */
static void
test_melee_rolled (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'melee', 'a': {" FIGHTER "}, 'b': {" FIGHTER "}}");

  g_assert_cmpint (json_node_get_int (reported (r, "a.roll")), ==, sl_test_int (r, "a.natural"));
  g_assert_cmpint (json_node_get_int (reported (r, "b.roll")), ==, sl_test_int (r, "b.natural"));
}

static void
test_melee_malformed (void)
{
  sl_test_assert_refused ("{'kind': 'melee', 'b': {" FIGHTER "}}", "a", NULL);
  sl_test_assert_refused ("{'kind': 'melee', 'a': {}, 'b': {" FIGHTER "}}", "a.troop", NULL);
  sl_test_assert_refused ("{'kind': 'melee', 'a': {'troop': 'pirates'}, 'b': {" FIGHTER "}}", "a.troop", NULL);
  sl_test_assert_refused ("{'kind': 'melee', 'a': {" FIGHTER "}, 'b': {" FIGHTER ", 'stance': 'dodge'}}",
                          "b.stance", NULL);
  sl_test_assert_refused ("{'kind': 'melee', 'a': {" FIGHTER ", 'roll': 0}, 'b': {" FIGHTER "}}", "a.roll", NULL);
  sl_test_assert_refused ("{'kind': 'melee', 'a': {" FIGHTER ", 'weapon': 'SR'}, 'b': {" FIGHTER "}}",
                          "a.weapon", NULL);
}

/* Avoiding melee (P-23) */

#define E20_REQUEST \
  "{'kind': 'avoid-melee', 'roll': 2, 'defender': {'troop': 'tech', 'race': 'human'}," \
  " 'attacker': {'troop': 'combat-arms', 'race': 'human'}}"

/* E-20: roll 2, +1 for the tech defender, +1 for the attacker's −1 reversed:
 * 4 ≤ 5, avoided; the attacker gets its free attack first. */
static void
test_e20_avoidance (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve (E20_REQUEST);

  g_assert_cmpint (sl_test_int (r, "net"), ==, 4);
  g_assert_cmpint (sl_test_int (r, "target"), ==, 5);
  g_assert_true (sl_test_bool (r, "avoided"));
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "troop"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "attacker-troop"), ==, 1);
  g_assert_cmpfloat (sl_test_double (r, "probability"), ==, 0.3);
  g_assert_true (sl_test_bool (r, "free_attack"));
  g_assert_cmpint (sl_test_int (r, "free_attack_ap"), ==, 1);
  g_assert_false (sl_test_bool (r, "melee_follows"));
  g_assert_cmpint (sl_test_int (r, "extra_ap"), ==, 0);
  g_assert_cmpstr (sl_test_string (r, "case"), ==, "a");
}

/* races reversed too, the defender's own wound, and no armor. */
static void
test_avoidance_modifiers_a73 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve (
    "{'kind': 'avoid-melee', 'roll': 1,"
    " 'defender': {'troop': 'counter-insurgency', 'race': 'baufrin', 'wound': 'serious'},"
    " 'attacker': {'troop': 'civilian', 'race': 'zog'}}");

  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "troop"), ==, -2);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "race"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "attacker-troop"), ==, -2);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "attacker-race"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "wound"), ==, 3);
  g_assert_cmpint (sl_test_int (r, "modifier"), ==, 1);
  /* A suit is not part of the avoidance roll. */
  sl_test_assert_refused ("{'kind': 'avoid-melee', 'defender': {'troop': 'tech'},"
                          " 'attacker': {'troop': 'tech', 'armor': 'BI'}}", "attacker.armor", NULL);
}

/* P-23 (a) failure: a full 5-AP melee follows; no free attack. */
static void
test_avoidance_failure (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'avoid-melee', 'roll': 4,"
                                           " 'defender': {'troop': 'tech'},"
                                           " 'attacker': {'troop': 'combat-arms'},"
                                           " 'options': {'avoidMeleeExtraAP': 3}}");

  g_assert_cmpint (sl_test_int (r, "net"), ==, 6);
  g_assert_false (sl_test_bool (r, "avoided"));
  g_assert_false (sl_test_bool (r, "free_attack"));
  g_assert_false (sl_test_has (r, "free_attack_ap"));
  g_assert_true (sl_test_bool (r, "melee_follows"));
  g_assert_cmpint (sl_test_int (r, "extra_ap"), ==, 0);
}

/* P-23 (b): a defender that has not acted just moves away. */
static void
test_avoidance_case_b (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'avoid-melee', 'defender_acted': false,"
                                           " 'defender': {'troop': 'civilian', 'wound': 'serious'},"
                                           " 'attacker': {'troop': 'counter-insurgency'}}");

  g_assert_true (sl_test_bool (r, "avoided"));
  g_assert_false (sl_test_bool (r, "rolled"));
  g_assert_false (sl_test_bool (r, "free_attack"));
  g_assert_false (sl_test_has (r, "rolls"));
  g_assert_cmpstr (sl_test_string (r, "case"), ==, "b");
  sl_test_assert_refused ("{'kind': 'avoid-melee', 'defender_acted': false, 'roll': 3,"
                          " 'defender': {'troop': 'tech'}, 'attacker': {'troop': 'tech'}}",
                          "roll", "P-23");
}

static void
test_option_avoid_zero_g_a73 (void)
{
#define ZERO_G_AVOID \
  "{'kind': 'avoid-melee', 'roll': 5, 'zero_g': true, 'defender': {'troop': 'marines'}," \
  " 'attacker': {'troop': 'marines'}"
  g_autoptr(JsonNode) off = sl_test_resolve (ZERO_G_AVOID "}");
  g_autoptr(JsonNode) on = sl_test_resolve (ZERO_G_AVOID ", 'options': {'avoidMeleeZeroG': true}}");

  g_assert_cmpint (sl_test_int (off, "modifier"), ==, 0);
  g_assert_true (sl_test_bool (off, "avoided"));
  g_assert_cmpint (sl_test_breakdown (on, "breakdown", "zero-g"), ==, 1);
  g_assert_false (sl_test_bool (on, "avoided"));
  g_assert_cmpfloat (sl_test_double (on, "probability"), ==, 0.4);
#undef ZERO_G_AVOID
}

static void
test_option_avoid_extra_ap_a21 (void)
{
  g_assert_cmpint (sl_test_resolve_int (E20_REQUEST, "extra_ap"), ==, 0);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'avoid-melee', 'roll': 2, 'defender': {'troop': 'tech'},"
                                        " 'attacker': {'troop': 'combat-arms'},"
                                        " 'options': {'avoidMeleeExtraAP': 3}}", "extra_ap"), ==, 3);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'avoid-melee', 'defender_acted': false,"
                                        " 'defender': {'troop': 'tech'}, 'attacker': {'troop': 'tech'},"
                                        " 'options': {'avoidMeleeExtraAP': 3}}", "extra_ap"), ==, 3);
}

static void
test_avoidance_probabilities (void)
{
  /* +2 (civilian) +3 (serious) +2 (counter-insurgency reversed) = +7. */
  g_autoptr(JsonNode) one = sl_test_resolve ("{'kind': 'avoid-melee', 'roll': 1,"
                                             " 'defender': {'troop': 'civilian', 'wound': 'serious'},"
                                             " 'attacker': {'troop': 'counter-insurgency'}}");
  /* −2 (counter-insurgency) −2 (civilian reversed) = −4. */
  g_autoptr(JsonNode) ten = sl_test_resolve ("{'kind': 'avoid-melee', 'roll': 10,"
                                             " 'defender': {'troop': 'counter-insurgency'},"
                                             " 'attacker': {'troop': 'civilian'}}");

  g_assert_true (sl_test_bool (one, "avoided"));
  g_assert_cmpint (sl_test_int (one, "net"), ==, 8);
  g_assert_cmpfloat (sl_test_double (one, "probability"), ==, 0.1);
  g_assert_false (sl_test_bool (ten, "avoided"));
  g_assert_cmpfloat (sl_test_double (ten, "probability"), ==, 0.9);
}

static void
test_avoidance_refused (void)
{
  sl_test_assert_refused ("{'kind': 'avoid-melee', 'defender': {'troop': 'tech', 'dazed': true},"
                          " 'attacker': {'troop': 'tech'}}", "defender.dazed", "A-27");
  sl_test_assert_refused ("{'kind': 'avoid-melee', 'defender': {'troop': 'tech', 'wound': 'unconscious'},"
                          " 'attacker': {'troop': 'tech'}}", "defender.wound", NULL);
  sl_test_assert_refused ("{'kind': 'avoid-melee', 'defender': {'troop': 'tech'}}", "attacker", NULL);
  sl_test_assert_refused ("{'kind': 'avoid-melee', 'defender': {'race': 'zog'},"
                          " 'attacker': {'troop': 'tech'}}", "defender.troop", NULL);
}

/* Rout (P-31, T-26) */

/* T-26, row by row, as printed (a negative value makes rout more likely). */
static void
test_t26_rows (void)
{
  static const struct { const char *fields; const char *source; int value; } rows[] = {
    { "'leader_rating': 1", "leader", -10 },
    { "'leader_rating': -2", "leader", 20 },
    { "'wounded_friends': 3", "wounded-friends", -15 },
    { "'dead_friends': 2", "dead-friends", -20 },
    { "'enemy_leader_dead': true", "enemy-leader-dead", 20 },
    { "'leader_dead': true, 'dead_friends': 1", "leader-dead", -20 },
    { "'penal': true, 'penal_leader_visible': true", "penal", 10 },
    { "'penal': true, 'penal_leader_visible': false", "penal", -10 },
    { "'enemy_casualties': 4", "enemy-casualties", 20 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *request = g_strdup_printf ("{'kind': 'rout', 'roll': 50, %s}", rows[i].fields);

      g_assert_cmpint (sl_test_resolve_breakdown (request, rows[i].source), ==, rows[i].value);
    }
}

/* T-25 rout and rally columns. */
static void
test_t25_quality_columns (void)
{
  static const struct { const char *quality; int rout; int rally; } rows[] = {
    { "civilian", -20, 2 }, { "green", -10, 1 }, { "regular", 0, 0 },
    { "veteran", 10, -1 }, { "elite", 20, -2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *rout = g_strdup_printf ("{'kind': 'rout', 'roll': 50, 'quality': '%s'}",
                                               rows[i].quality);
      g_autofree char *rally = g_strdup_printf ("{'kind': 'rally', 'roll': 5, 'quality': '%s'}",
                                                rows[i].quality);

      g_assert_cmpint (sl_test_resolve_breakdown (rout, "quality"), ==, rows[i].rout);
      g_assert_cmpint (sl_test_resolve_breakdown (rally, "quality"), ==, rows[i].rally);
    }
}

/* E-28, E-31 and A-97: the leader modifier on the rout roll is −10 × rating
 * ("a leader +2 has a −20 modifier while a −1 has +10"); on initiative and
 * rally a −2 leader subtracts 2. */
static void
test_e28_e31_leader_modifier (void)
{
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'rout', 'roll': 50, 'leader_rating': 2}", "modifier"),
                   ==, -20);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'rout', 'roll': 50, 'leader_rating': -1}", "modifier"),
                   ==, 10);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'rout', 'roll': 50, 'leader_rating': -2}", "modifier"),
                   ==, 20);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'rally', 'roll': 5, 'leader_rating': -2}", "modifier"),
                   ==, -2);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'initiative', 'groupings': [{'id': 'g', 'roll': 5,"
                                        " 'leader_rating': -2}]}", "net.g"), ==, 3);
}

/* E-32 and A-98: the enemy leader dead is +20, once. */
static void
test_e32_enemy_leader_dead (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'rout', 'roll': 24, 'enemy_leader_dead': true}");

  g_assert_cmpint (sl_test_int (r, "modifier"), ==, 20);
  g_assert_cmpint (sl_test_int (r, "net"), ==, 44);
  g_assert_false (sl_test_bool (r, "routs"));
  sl_test_assert_refused ("{'kind': 'rout', 'enemy_leader_dead': 2}", "enemy_leader_dead", NULL);
}

/* a dead leader: no rating, −20, and −10 as a dead friend. */
static void
test_dead_leader_a101 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'rout', 'roll': 40, 'leader_rating': -2,"
                                           " 'leader_race': 'zog', 'leader_dead': true,"
                                           " 'dead_friends': 1}");

  g_assert_false (sl_test_breakdown (r, "breakdown", "leader") != 0);
  g_assert_false (sl_test_breakdown (r, "breakdown", "leader-race") != 0);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "leader-dead"), ==, -20);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "dead-friends"), ==, -10);
  g_assert_cmpint (sl_test_int (r, "modifier"), ==, -30);
  g_assert_cmpint (sl_test_int (r, "net"), ==, 10);
  sl_test_assert_refused ("{'kind': 'rout', 'leader_dead': true}", "dead_friends", "A-101");

  /* An acting leader takes over at +2: −20 more on the rout roll. */
  {
    g_autoptr(JsonNode) acting = sl_test_resolve ("{'kind': 'rout', 'roll': 40, 'leader_dead': true,"
                                                  " 'dead_friends': 1, 'acting_leader': true}");

    g_assert_cmpint (sl_test_breakdown (acting, "breakdown", "leader"), ==, -20);
    g_assert_cmpint (sl_test_int (acting, "modifier"), ==, -50);
    g_assert_true (sl_test_bool (acting, "routs"));
  }
  sl_test_assert_refused ("{'kind': 'rout', 'acting_leader': true, 'leader_rating': 0}",
                          "leader_rating", "P-32");
}

/* the squad routs on a net 05 or less; a natural 01 always routs, a
 * natural 100 never; the odds count all 100 faces. */
static void
test_rout_orientation_a03 (void)
{
  g_autoptr(JsonNode) five = sl_test_resolve ("{'kind': 'rout', 'roll': 5}");
  g_autoptr(JsonNode) six = sl_test_resolve ("{'kind': 'rout', 'roll': 6}");
  g_autoptr(JsonNode) one = sl_test_resolve ("{'kind': 'rout', 'roll': 1, 'quality': 'elite',"
                                             " 'leader_rating': -2}");
  g_autoptr(JsonNode) hundred = sl_test_resolve ("{'kind': 'rout', 'roll': 100, 'dead_friends': 100}");

  g_assert_true (sl_test_bool (five, "routs"));
  g_assert_cmpfloat (sl_test_double (five, "probability"), ==, 0.05);
  g_assert_cmpint (sl_test_int (five, "needed"), ==, 5);
  g_assert_false (sl_test_bool (six, "routs"));
  /* +40: only the natural 01 routs. */
  g_assert_true (sl_test_bool (one, "routs"));
  g_assert_cmpint (sl_test_int (one, "net"), ==, 41);
  g_assert_cmpfloat (sl_test_double (one, "probability"), ==, 0.01);
  /* −1000: everything but the natural 100. */
  g_assert_false (sl_test_bool (hundred, "routs"));
  g_assert_cmpfloat (sl_test_double (hundred, "probability"), ==, 0.99);
  /* −35: naturals 01–40. */
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'rout', 'roll': 41, 'leader_rating': 2,"
                                             " 'wounded_friends': 1, 'dead_friends': 1}",
                                             "probability"), ==, 0.4);
  g_assert_false (sl_test_resolve_bool ("{'kind': 'rout', 'roll': 41, 'leader_rating': 2,"
                                        " 'wounded_friends': 1, 'dead_friends': 1}", "routs"));
  /* A left-out d100 is rolled and reported. */
  {
    g_autoptr(JsonNode) rolled = sl_test_resolve ("{'kind': 'rout'}");
    gint64 roll = json_node_get_int (reported (rolled, "roll"));

    g_assert_cmpint (roll, >=, 1);
    g_assert_cmpint (roll, <=, 100);
  }
}

/* one roll per squad, one per unit, or one per unit with any failure
 * routing the squad. */
static void
test_option_rout_scope_a99 (void)
{
#define UNIT_ROLLS "'unit_rolls': [{'id': 'u1', 'roll': 30}, {'id': 'u2', 'roll': 3}, {'id': 'u3', 'roll': 80}]"
  static const char * const alone[] = { "u2", NULL };
  static const char * const all[] = { "u1", "u2", "u3", NULL };
  g_autoptr(JsonNode) unit = sl_test_resolve ("{'kind': 'rout', 'options': {'routRollScope': 'unit'}, "
                                              UNIT_ROLLS "}");
  g_autoptr(JsonNode) squad = sl_test_resolve ("{'kind': 'rout',"
                                               " 'options': {'routRollScope': 'unit-routs-squad'}, "
                                               UNIT_ROLLS "}");

  g_assert_true (sl_test_bool (unit, "routs"));
  g_assert_false (sl_test_bool (unit, "squad_routs"));
  g_assert_true (sl_test_bool (unit, "units[1].routs"));
  g_assert_false (sl_test_bool (unit, "units[0].routs"));
  assert_ids (unit, "routed", alone);
  g_assert_cmpfloat (sl_test_double (unit, "probability"), ==, 0.05);
  g_assert_cmpfloat (sl_test_double (unit, "squad_probability"), ==, 0.000125);

  g_assert_true (sl_test_bool (squad, "squad_routs"));
  g_assert_true (sl_test_bool (squad, "units[0].routs"));
  g_assert_false (sl_test_bool (squad, "units[0].failed"));
  g_assert_true (sl_test_bool (squad, "units[1].failed"));
  assert_ids (squad, "routed", all);
  /* 1 − 0.95³. */
  g_assert_cmpfloat (sl_test_double (squad, "squad_probability"), ==, 0.142625);

  sl_test_assert_refused ("{'kind': 'rout', " UNIT_ROLLS "}", "unit_rolls", "A-99");
  sl_test_assert_refused ("{'kind': 'rout', 'roll': 4, 'options': {'routRollScope': 'unit'}}",
                          "roll", "A-99");
  sl_test_assert_refused ("{'kind': 'rout', 'options': {'routRollScope': 'unit'}}",
                          "unit_rolls", "A-99");
  sl_test_assert_refused ("{'kind': 'rout', 'options': {'routRollScope': 'unit'},"
                          " 'unit_rolls': [{'id': 'u1'}, {'id': 'u1'}]}", "unit_rolls[1].id", NULL);
  sl_test_assert_refused ("{'kind': 'rout', 'options': {'routRollScope': 'unit'},"
                          " 'unit_rolls': [{'id': 'u1', 'roll': 0}]}", "unit_rolls[0].roll", NULL);
#undef UNIT_ROLLS
}

/* A-101 option: only the enemy casualties this squad caused count. */
static void
test_option_own_casualties_a101 (void)
{
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'rout', 'roll': 50, 'enemy_casualties': 4,"
                                        " 'own_enemy_casualties': 1}", "modifier"), ==, 20);
  g_assert_cmpint (sl_test_resolve_int ("{'kind': 'rout', 'roll': 50, 'enemy_casualties': 4,"
                                        " 'own_enemy_casualties': 1,"
                                        " 'options': {'routOwnCasualtiesOnly': true}}", "modifier"), ==, 5);
  sl_test_assert_refused ("{'kind': 'rout', 'enemy_casualties': 4,"
                          " 'options': {'routOwnCasualtiesOnly': true}}", "own_enemy_casualties", "A-101");
  sl_test_assert_refused ("{'kind': 'rout', 'enemy_casualties': 1, 'own_enemy_casualties': 2}",
                          "own_enemy_casualties", NULL);
}

static void
test_rout_malformed (void)
{
  sl_test_assert_refused ("{'kind': 'rout', 'roll': 101}", "roll", NULL);
  sl_test_assert_refused ("{'kind': 'rout', 'leader_rating': -3}", "leader_rating", NULL);
  sl_test_assert_refused ("{'kind': 'rout', 'penal': true}", "penal_leader_visible", NULL);
  sl_test_assert_refused ("{'kind': 'rout', 'penal_leader_visible': true}", "penal_leader_visible", "T-26");
  sl_test_assert_refused ("{'kind': 'rout', 'wounded_friends': -1}", "wounded_friends", NULL);
  sl_test_assert_refused ("{'kind': 'rout', 'quality': 'heroic'}", "quality", NULL);
}

/* Rally (P-32) */

static void
test_rally_p32 (void)
{
  /* −1 leader, Veteran −1: a roll of 3 nets 1, rallied; 5 nets 3, not. */
  g_autoptr(JsonNode) ok = sl_test_resolve ("{'kind': 'rally', 'roll': 3, 'leader_rating': -1,"
                                            " 'quality': 'veteran'}");
  g_autoptr(JsonNode) no = sl_test_resolve ("{'kind': 'rally', 'roll': 5, 'leader_rating': -1,"
                                            " 'quality': 'veteran'}");

  g_assert_cmpint (sl_test_int (ok, "net"), ==, 1);
  g_assert_true (sl_test_bool (ok, "rallied"));
  g_assert_cmpint (sl_test_int (ok, "target"), ==, 2);
  g_assert_cmpfloat (sl_test_double (ok, "probability"), ==, 0.4);
  g_assert_cmpint (sl_test_int (no, "net"), ==, 3);
  g_assert_false (sl_test_bool (no, "rallied"));
  /* Plain: net 1 or 2, 20 %. */
  g_assert_cmpfloat (sl_test_resolve_double ("{'kind': 'rally', 'roll': 2}", "probability"), ==, 0.2);
  g_assert_true (sl_test_resolve_bool ("{'kind': 'rally', 'roll': 2}", "rallied"));
  g_assert_false (sl_test_resolve_bool ("{'kind': 'rally', 'roll': 3}", "rallied"));
}

/* P-32 step 8: an acting leader rallies at +2; a natural 1 always works. */
static void
test_rally_acting_leader (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'rally', 'roll': 1, 'acting_leader': true,"
                                           " 'leader_race': 'ssora', 'quality': 'civilian'}");

  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "leader"), ==, 2);
  g_assert_cmpint (sl_test_breakdown (r, "breakdown", "leader-race"), ==, 1);
  /* +2 +1 +2 = +5: only the natural 1. */
  g_assert_cmpint (sl_test_int (r, "net"), ==, 6);
  g_assert_true (sl_test_bool (r, "rallied"));
  g_assert_cmpfloat (sl_test_double (r, "probability"), ==, 0.1);
  g_assert_cmpint (sl_test_int (r, "needed"), ==, 1);
  sl_test_assert_refused ("{'kind': 'rally', 'acting_leader': true, 'leader_rating': 1}",
                          "leader_rating", "P-32");
  sl_test_assert_refused ("{'kind': 'rally', 'roll': 11}", "roll", NULL);
}

/* Regroup (P-33) */

/* E-30: 3 Green units and the leader's 4 Veterans make a Veteran squad. */
static void
test_e30_regroup_quality (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve (
    "{'kind': 'regroup', 'leader': 'vets', 'squads': ["
    " {'id': 'battered', 'quality': 'green', 'size': 8, 'lost': 5, 'has_leader': false},"
    " {'id': 'vets', 'quality': 'veteran', 'size': 8, 'lost': 4, 'leader_rating': -1}]}");

  g_assert_true (sl_test_bool (r, "allowed"));
  g_assert_cmpstr (sl_test_string (r, "quality"), ==, "veteran");
  g_assert_false (sl_test_bool (r, "quality_tie"));
  g_assert_cmpint (sl_test_int (r, "units.green"), ==, 3);
  g_assert_cmpint (sl_test_int (r, "units.veteran"), ==, 4);
  g_assert_cmpint (sl_test_int (r, "size"), ==, 7);
  g_assert_cmpint (sl_test_int (r, "leader_rating"), ==, -1);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (sl_test_member (r, "reasons"))), ==, 0);
}

/* P-33 and A-103: a leader must take command; a squad that keeps its leader
 * merges only after losing half its starting size. */
static void
test_regroup_conditions_p33 (void)
{
  g_autoptr(JsonNode) intact = sl_test_resolve (
    "{'kind': 'regroup', 'leader': 'a', 'squads': ["
    " {'id': 'a', 'lost': 2}, {'id': 'b', 'lost': 3}]}");
  g_autoptr(JsonNode) half = sl_test_resolve (
    "{'kind': 'regroup', 'leader': 'a', 'squads': ["
    " {'id': 'a', 'lost': 2}, {'id': 'b', 'lost': 4}]}");
  g_autoptr(JsonNode) leaderless = sl_test_resolve (
    "{'kind': 'regroup', 'leader': 'a', 'squads': ["
    " {'id': 'a', 'lost': 6, 'has_leader': false}, {'id': 'b', 'lost': 7, 'has_leader': false}]}");
  g_autoptr(JsonNode) small = sl_test_resolve (
    "{'kind': 'regroup', 'leader': 'a', 'squads': ["
    " {'id': 'a'}, {'id': 'team', 'size': 3, 'lost': 2}]}");

  g_assert_false (sl_test_bool (intact, "allowed"));
  g_assert_cmpstr (sl_test_string (intact, "reasons[0].field"), ==, "squads[1].lost");
  g_assert_true (strstr (sl_test_string (intact, "reasons[0].message"), "P-33") != NULL);
  g_assert_true (sl_test_bool (half, "allowed"));
  g_assert_false (sl_test_bool (leaderless, "allowed"));
  g_assert_cmpstr (sl_test_string (leaderless, "reasons[0].field"), ==, "leader");
  g_assert_true (sl_test_bool (small, "allowed"));
  g_assert_cmpint (sl_test_int (small, "size"), ==, 9);
}

/* a tied majority takes the lower quality, or the leader's. */
static void
test_option_regroup_tie_a103 (void)
{
#define TIE_REQUEST \
  "{'kind': 'regroup', 'leader': 'vets', 'squads': [" \
  " {'id': 'greens', 'quality': 'green', 'lost': 4, 'has_leader': false}," \
  " {'id': 'vets', 'quality': 'veteran', 'lost': 4}]"
  g_autoptr(JsonNode) lower = sl_test_resolve (TIE_REQUEST "}");
  g_autoptr(JsonNode) leader = sl_test_resolve (TIE_REQUEST ", 'options': {'regroupTieQuality': 'leader'}}");
  g_autoptr(JsonNode) elite = sl_test_resolve (
    "{'kind': 'regroup', 'leader': 'vets', 'options': {'regroupTieQuality': 'leader'}, 'squads': ["
    " {'id': 'greens', 'quality': 'green', 'lost': 4, 'has_leader': false},"
    " {'id': 'vets', 'quality': 'veteran', 'lost': 4, 'leader_quality': 'elite'}]}");

  g_assert_cmpstr (sl_test_string (lower, "quality"), ==, "green");
  g_assert_true (sl_test_bool (lower, "quality_tie"));
  g_assert_cmpstr (sl_test_string (leader, "quality"), ==, "veteran");
  g_assert_cmpstr (sl_test_string (elite, "quality"), ==, "elite");
#undef TIE_REQUEST
}

static void
test_regroup_malformed (void)
{
  sl_test_assert_refused ("{'kind': 'regroup', 'leader': 'a', 'squads': [{'id': 'a'}]}", "squads", "P-33");
  sl_test_assert_refused ("{'kind': 'regroup', 'squads': [{'id': 'a'}, {'id': 'b'}]}", "leader", NULL);
  sl_test_assert_refused ("{'kind': 'regroup', 'leader': 'c', 'squads': [{'id': 'a'}, {'id': 'b'}]}",
                          "leader", "“c”");
  sl_test_assert_refused ("{'kind': 'regroup', 'leader': 'a', 'squads': [{'id': 'a'}, {'id': 'a'}]}",
                          "squads[1].id", NULL);
  sl_test_assert_refused ("{'kind': 'regroup', 'leader': 'a', 'squads': [{'id': 'a'},"
                          " {'id': 'b', 'size': 4, 'lost': 5}]}", "squads[1].lost", NULL);
  sl_test_assert_refused ("{'kind': 'regroup', 'leader': 'a', 'squads': [{'id': 'a', 'lost': 8},"
                          " {'id': 'b'}]}", "squads[0].lost", "alive");
  sl_test_assert_refused ("{'kind': 'regroup', 'leader': 'a', 'squads': [{'id': 'a'},"
                          " {'id': 'b', 'has_leader': false, 'leader_rating': 1}]}",
                          "squads[1].leader_rating", NULL);
}

/* The engine without JSON: the acting leader's rating and the melee check of
 * a side set up by hand. */
static void
test_engine_direct (void)
{
  SlRules *rules = sl_test_rules ();
  const SlOptions *options = sl_test_defaults ();
  SlLeader dead = { -2, sl_rules_race (rules, "zog"), SL_LEADER_DEAD };
  SlLeader acting = { -2, NULL, SL_LEADER_ACTING };
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  g_autoptr(SlDice) dice = sl_dice_new_seeded (7);
  g_auto(SlMeleeResult) result = { 0 };
  SlMeleeInput in = { 0 };

  g_assert_cmpint (sl_leader_rating (&dead), ==, 0);
  g_assert_cmpint (sl_leader_rating (&acting), ==, 2);
  sl_leader_add_modifiers (rules, options, &acting, SL_LEADER_ROLL_ROUT, breakdown);
  g_assert_cmpint (sl_breakdown_total (breakdown), ==, -20);

  in.a.troop = in.b.troop = sl_rules_troop (rules, "marines");
  in.a.race = in.b.race = sl_rules_race (rules, "human");
  in.a.armor = in.b.armor = sl_rules_armor (rules, "NONE");
  in.a.roll_stream = "a";
  in.b.roll_stream = "b";
  in.b.stance = SL_STANCE_PARRY;
  in.a.parry_share = 2;
  sl_dice_give (dice, "a", 3);
  g_assert_true (sl_melee_resolve (rules, options, &in, dice, &result, NULL));
  g_assert_cmpint (result.a.check.net, ==, 5);
  g_assert_true (result.a.hit);
  g_assert_true (result.b.hit_taken);
  g_assert_cmpint (result.b.damage.wound, ==, SL_WOUND_LIGHT);
  g_assert_null (result.b.breakdown);
}

/* Issue 31 #8, T-24: a leader's rating in the modifiers has a real minus
 * sign, as its value beside it: "Leader rating −1", never "-1". */
static void
test_rating_minus_t24 (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'rally', 'roll': 5, 'leader_rating': -1}");
  JsonArray *breakdown = json_node_get_array (sl_test_member (r, "breakdown"));
  gboolean found = FALSE;

  for (guint i = 0; i < json_array_get_length (breakdown); i++)
    {
      const char *label = json_object_get_string_member (json_array_get_object_element (breakdown, i), "label");

      g_assert_null (strstr (label, "-1"));
      found |= g_str_equal (label, "Leader rating \xe2\x88\x92" "1");
    }
  g_assert_true (found);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/morale/initiative/E-04", test_e04_initiative_order);
  g_test_add_func ("/morale/initiative/E-04-best-roll-moves", test_e04_best_roll_moves);
  g_test_add_func ("/morale/initiative/E-03", test_e03_grouping_count);
  g_test_add_func ("/morale/initiative/two-groupings-P-06", test_two_groupings);
  g_test_add_func ("/morale/initiative/forced-move-P-06", test_forced_move);
  g_test_add_func ("/morale/initiative/T-08-init-row", test_t08_initiative_row);
  g_test_add_func ("/morale/initiative/T-08-leader-row-A-12", test_t08_leader_row);
  g_test_add_func ("/morale/initiative/leader-state-A-11", test_leader_state_a11);
  g_test_add_func ("/morale/initiative/option-leaderRatingAllTeams-A-11", test_option_leader_all_teams_a11);
  g_test_add_func ("/morale/initiative/option-troopQualityAffectsInitiative-A-10",
                   test_option_quality_initiative_a10);
  g_test_add_func ("/morale/initiative/scenario-modifier-A-10", test_scenario_modifier_a10);
  g_test_add_func ("/morale/initiative/option-raceLeaderRallyOnly-A-12",
                   test_option_race_leader_rally_only_a12);
  g_test_add_func ("/morale/initiative/ties-A-09", test_ties_reroll_a09);
  g_test_add_func ("/morale/initiative/ties-forced-move-A-09", test_ties_forced_move_a09);
  g_test_add_func ("/morale/initiative/ties-rolled-and-refused-A-09", test_ties_rolled_and_refused_a09);
  g_test_add_func ("/morale/initiative/option-initiativeTieBreak-A-09", test_option_tie_break_a09);
  g_test_add_func ("/morale/initiative/ambush", test_ambush);
  g_test_add_func ("/morale/initiative/malformed", test_initiative_malformed);

  g_test_add_func ("/morale/melee/modifiers-P-24", test_melee_modifiers_p24);
  g_test_add_func ("/morale/melee/T-11-melee-column", test_t11_melee_column);
  g_test_add_func ("/morale/melee/T-08-melee-row", test_t08_melee_row);
  g_test_add_func ("/morale/melee/T-13-melee-protection", test_t13_melee_protection);
  g_test_add_func ("/morale/melee/T-16-wounds", test_t16_melee_wounds);
  g_test_add_func ("/morale/melee/damage-P-24", test_melee_damage_p24);
  g_test_add_func ("/morale/melee/parry-E-21", test_parry_e21);
  g_test_add_func ("/morale/melee/dazed-A-27", test_dazed_a27);
  g_test_add_func ("/morale/melee/free-attack-A-74", test_free_attack_a74);
  g_test_add_func ("/morale/melee/probabilities", test_melee_probabilities);
  g_test_add_func ("/morale/melee/rolled-dice-reported", test_melee_rolled);
  g_test_add_func ("/morale/melee/malformed", test_melee_malformed);

  g_test_add_func ("/morale/avoid-melee/E-20", test_e20_avoidance);
  g_test_add_func ("/morale/avoid-melee/modifiers-A-73", test_avoidance_modifiers_a73);
  g_test_add_func ("/morale/avoid-melee/failure-P-23", test_avoidance_failure);
  g_test_add_func ("/morale/avoid-melee/case-b-P-23", test_avoidance_case_b);
  g_test_add_func ("/morale/avoid-melee/option-avoidMeleeZeroG-A-73", test_option_avoid_zero_g_a73);
  g_test_add_func ("/morale/avoid-melee/option-avoidMeleeExtraAP-A-21", test_option_avoid_extra_ap_a21);
  g_test_add_func ("/morale/avoid-melee/probabilities", test_avoidance_probabilities);
  g_test_add_func ("/morale/avoid-melee/refused", test_avoidance_refused);

  g_test_add_func ("/morale/rout/T-26-rows", test_t26_rows);
  g_test_add_func ("/morale/rout/T-25-columns", test_t25_quality_columns);
  g_test_add_func ("/morale/rout/E-28-E-31-leader", test_e28_e31_leader_modifier);
  g_test_add_func ("/morale/rout/E-32", test_e32_enemy_leader_dead);
  g_test_add_func ("/morale/rout/dead-leader-A-101", test_dead_leader_a101);
  g_test_add_func ("/morale/rout/orientation-A-03", test_rout_orientation_a03);
  g_test_add_func ("/morale/rout/option-routRollScope-A-99", test_option_rout_scope_a99);
  g_test_add_func ("/morale/rout/option-routOwnCasualtiesOnly-A-101", test_option_own_casualties_a101);
  g_test_add_func ("/morale/rout/malformed", test_rout_malformed);

  g_test_add_func ("/morale/rally/P-32", test_rally_p32);
  g_test_add_func ("/morale/rally/acting-leader-P-32", test_rally_acting_leader);

  g_test_add_func ("/morale/regroup/E-30", test_e30_regroup_quality);
  g_test_add_func ("/morale/regroup/conditions-P-33", test_regroup_conditions_p33);
  g_test_add_func ("/morale/regroup/option-regroupTieQuality-A-103", test_option_regroup_tie_a103);
  g_test_add_func ("/morale/regroup/malformed", test_regroup_malformed);

  g_test_add_func ("/morale/engine", test_engine_direct);
  g_test_add_func ("/morale/rating-minus-T-24", test_rating_minus_t24);

  return g_test_run ();
}
