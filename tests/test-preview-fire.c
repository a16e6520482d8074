/* test-preview-fire.c: the previews of a fire at an obstacle, of an area
 * burst and of a blast at an obstacle, read typed as the sheets read them
 * (sl-preview.h): each from a real preview of a game, so that a member
 * renamed in the core fails here, not in a sheet at run time (issue 33 #3;
 * P-25, P-26, P-30, A-79)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-preview.h"
#include "sl-test-game.h"

/* P-25, A-78: Centurion Vale's spike rifle (PF 5) at an internal door (AF
 * 1, T-18), an automatic hit: 4 wound levels of the 5 that destroy it,
 * so no breach yet (P-26). */
static void
test_object_fire_obstacle (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(JsonNode) result = NULL;
  SlObjectFirePreview fire;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire',"
                      " 'obstacle': {'label': 'the door', 'kind': 'internal-door'}}");
  sl_test_play (game, "{'type': 'next'}");
  result = sl_test_json_preview (game, "{'type': 'fire', 'unit': 'tog-1'}");
  sl_object_fire_preview_read (result, &fire);
  g_assert_false (fire.wasted);
  g_assert_true (fire.at_obstacle);
  g_assert_cmpstr (fire.obstacle.label, ==, "the door");
  g_assert_cmpstr (fire.obstacle.kind, ==, "internal-door");
  g_assert_cmpint (fire.obstacle.armor_factor, ==, 1);
  g_assert_cmpint (fire.obstacle.penetration, ==, 5);
  g_assert_cmpfloat (fire.obstacle.levels, ==, 4);
  g_assert_cmpfloat (fire.obstacle.total, ==, 4);
  g_assert_false (fire.obstacle.immune);
  g_assert_false (fire.obstacle.destroyed);
  g_assert_false (fire.obstacle.follow_through);
  g_assert_cmpuint (fire.behind->len, ==, 0);
  sl_object_fire_preview_clear (&fire);

  /* A refused command reads as nothing. */
  sl_object_fire_preview_read (NULL, &fire);
  g_assert_false (fire.wasted);
  g_assert_false (fire.at_obstacle);
  g_assert_null (fire.obstacle.label);
  g_assert_cmpuint (fire.behind->len, ==, 0);
  sl_object_fire_preview_clear (&fire);
}

/* P-25, P-26: the second shot at the door (4 levels taken) destroys it
 * with PF − AF = 4 ≥ 2: it breaks through into the unit just behind,
 * Trooper Hale, at +3 and nothing else against the follow-through's 7
 * (needs 4, 40 %). The door's marker is the first shot's, so the kind
 * comes from it. */
static void
test_object_fire_follow_through (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(JsonNode) result = NULL;
  SlObjectFirePreview fire;
  SlObstacleDamage obstacle;
  const SlBehindLine *behind;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire',"
                      " 'obstacle': {'label': 'the door', 'kind': 'internal-door'}}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1'}");
  sl_test_go_to_subphase (game, 2);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'obstacle': {'label': 'the door'}}");
  sl_test_play (game, "{'type': 'next'}");
  result = sl_test_json_preview (game, "{'type': 'fire', 'unit': 'tog-2', 'behind': [{'unit': 'cw-13', 'roll': 4}]}");
  sl_object_fire_preview_read (result, &fire);
  g_assert_false (fire.wasted);
  g_assert_true (fire.at_obstacle);
  g_assert_cmpstr (fire.obstacle.kind, ==, "internal-door");
  g_assert_cmpfloat (fire.obstacle.total, >=, 5);
  g_assert_true (fire.obstacle.destroyed);
  g_assert_true (fire.obstacle.follow_through);
  g_assert_cmpuint (fire.behind->len, ==, 1);
  behind = &g_array_index (fire.behind, SlBehindLine, 0);
  g_assert_cmpstr (behind->unit, ==, "cw-13");
  g_assert_true (behind->has_roll);
  g_assert_cmpint (behind->odds.needed, ==, 4);
  g_assert_cmpfloat_with_epsilon (behind->odds.probability, 0.4, 1e-9);
  g_assert_cmpint (behind->odds.meaning, ==, SL_ODDS_SUCCESS);
  sl_object_fire_preview_clear (&fire);

  /* The obstacle alone, as the sheet asks it first (P-26). */
  g_assert_true (sl_obstacle_damage_read (result, &obstacle));
  g_assert_true (obstacle.follow_through);
  g_assert_cmpint (obstacle.armor_factor, ==, 1);
  sl_obstacle_damage_clear (&obstacle);
}

/* PF 5 can never harm an external bulkhead (AF 7, T-18); a shot
 * the firer has lost sight of is wasted, with no roll. */
static void
test_object_fire_immune_wasted (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(JsonNode) wasted = NULL;
  SlObjectFirePreview fire;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire',"
                      " 'obstacle': {'label': 'the hull', 'kind': 'external-bulkhead'}}");
  sl_test_play (game, "{'type': 'next'}");
  result = sl_test_json_preview (game, "{'type': 'fire', 'unit': 'tog-1'}");
  sl_object_fire_preview_read (result, &fire);
  g_assert_true (fire.at_obstacle);
  g_assert_true (fire.obstacle.immune);
  g_assert_false (fire.obstacle.destroyed);
  g_assert_cmpint (fire.obstacle.armor_factor, ==, 7);
  g_assert_cmpint (fire.obstacle.penetration, ==, 5);
  g_assert_cmpfloat (fire.obstacle.levels, ==, 0);
  sl_object_fire_preview_clear (&fire);

  wasted = sl_test_json_preview (game, "{'type': 'fire', 'unit': 'tog-1', 'no_los': true}");
  sl_object_fire_preview_read (wasted, &fire);
  g_assert_true (fire.wasted);
  g_assert_false (fire.at_obstacle);
  sl_object_fire_preview_clear (&fire);
}

/* P-30 step 4: an area burst engages the nearest units first — Trooper
 * Nadeau at 3 m before Trooper Hale at 5 m and Trooper Kessel at 8 m —
 * each line with its odds and its modifiers, the same as the preview's
 * own members; a natural 1 on the first roll calls the jam check. */
static void
test_area_burst (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(JsonNode) jam = NULL;
  SlAreaBurstPreview burst;
  static const char * const order[] = { "cw-14", "cw-13", "cw-15" };
  JsonArray *targets;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'run'}");
  sl_test_play (game, "{'type': 'next'}");
  result = sl_test_json_preview (game, "{'type': 'area-burst', 'unit': 'tog-1', 'targets': ["
                                       "{'unit': 'cw-13', 'distance_m': 5, 'roll': 2},"
                                       "{'unit': 'cw-14', 'distance_m': 3, 'roll': 9},"
                                       "{'unit': 'cw-15', 'distance_m': 8, 'roll': 4}]}");
  sl_area_burst_preview_read (result, &burst);
  g_assert_false (burst.jam_due);
  g_assert_cmpuint (burst.targets->len, ==, G_N_ELEMENTS (order));
  targets = json_object_get_array_member (json_node_get_object (result), "targets");
  for (guint i = 0; i < burst.targets->len; i++)
    {
      const SlAreaBurstLine *line = &g_array_index (burst.targets, SlAreaBurstLine, i);
      JsonObject *o = json_array_get_object_element (targets, i);
      JsonArray *items = json_object_get_array_member (o, "breakdown");

      g_assert_cmpstr (line->unit, ==, order[i]);
      g_assert_true (line->engaged);
      g_assert_null (line->reason);
      g_assert_true (line->has_roll);
      g_assert_cmpint (line->odds.meaning, ==, SL_ODDS_SUCCESS);
      g_assert_cmpint (line->odds.needed, ==, json_object_get_int_member (o, "needed"));
      g_assert_cmpfloat (line->odds.probability, ==, json_object_get_double_member (o, "probability"));
      /* Roll-under 7 (T-01), every modifier counted. */
      g_assert_nonnull (line->breakdown);
      g_assert_cmpint (line->odds.needed, ==, 7 - sl_breakdown_total (line->breakdown));
      g_assert_cmpuint (sl_breakdown_size (line->breakdown), ==, json_array_get_length (items));
      for (guint k = 0; k < json_array_get_length (items); k++)
        {
          JsonObject *m = json_array_get_object_element (items, k);

          g_assert_cmpstr (sl_breakdown_get (line->breakdown, k)->label, ==, json_object_get_string_member (m, "label"));
          g_assert_cmpint (sl_breakdown_get (line->breakdown, k)->value, ==, json_object_get_int_member (m, "value"));
        }
    }
  /* +3 area burst −2 fire control; Trooper Kessel runs, but movement does
   * not count for a burst (P-30). */
  g_assert_cmpint (sl_breakdown_total (g_array_index (burst.targets, SlAreaBurstLine, 2).breakdown), ==, 1);
  g_assert_cmpint (sl_breakdown_value (g_array_index (burst.targets, SlAreaBurstLine, 2).breakdown, "area-burst"), ==, 3);
  sl_area_burst_preview_clear (&burst);

  jam = sl_test_json_preview (game, "{'type': 'area-burst', 'unit': 'tog-1', 'targets': ["
                                    "{'unit': 'cw-13', 'distance_m': 5, 'roll': 2},"
                                    "{'unit': 'cw-14', 'distance_m': 3, 'roll': 1}], 'jam_roll': 9}");
  sl_area_burst_preview_read (jam, &burst);
  g_assert_true (burst.jam_due);
  sl_area_burst_preview_clear (&burst);

  /* A refused command reads as nothing. */
  sl_area_burst_preview_read (NULL, &burst);
  g_assert_false (burst.jam_due);
  g_assert_cmpuint (burst.targets->len, ==, 0);
  sl_area_burst_preview_clear (&burst);
}

/* P-29, A-95: a burst of 5 rounds that has hit five units in the wedge
 * engages no sixth: its line says why, with no odds. */
static void
test_area_burst_spent (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(JsonNode) result = NULL;
  SlAreaBurstPreview burst;
  const SlAreaBurstLine *last;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire'}");
  sl_test_play (game, "{'type': 'next'}");
  result = sl_test_json_preview (game, "{'type': 'area-burst', 'unit': 'tog-1', 'targets': ["
                                       "{'unit': 'cw-13', 'distance_m': 1, 'roll': 2},"
                                       "{'unit': 'cw-14', 'distance_m': 2, 'roll': 2},"
                                       "{'unit': 'cw-15', 'distance_m': 3, 'roll': 2},"
                                       "{'unit': 'cw-16', 'distance_m': 4, 'roll': 2},"
                                       "{'unit': 'cw-17', 'distance_m': 5, 'roll': 2},"
                                       "{'unit': 'cw-18', 'distance_m': 6, 'roll': 2}]}");
  sl_area_burst_preview_read (result, &burst);
  g_assert_cmpuint (burst.targets->len, ==, 6);
  for (guint i = 0; i < 5; i++)
    g_assert_true (g_array_index (burst.targets, SlAreaBurstLine, i).engaged);
  last = &g_array_index (burst.targets, SlAreaBurstLine, 5);
  g_assert_cmpstr (last->unit, ==, "cw-18");
  g_assert_false (last->engaged);
  g_assert_cmpstr (last->reason, ==, "Every round of the burst has hit.");
  g_assert_false (last->has_roll);
  g_assert_null (last->breakdown);
  sl_area_burst_preview_clear (&burst);
}

/* a plastic charge (PF 4, T-33) against an internal wall (AF 3)
 * deals it one wound level of the 5 that destroy it. */
static void
test_blast_obstacle (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(JsonNode) result = NULL;
  SlObstacleDamage obstacle;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'plastic_charges', 'value': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'install-plastic', 'label': 'the gate'}");
  sl_test_go_to_subphase (game, 6);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-6', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-6', 'marker': 1}");
  sl_test_play (game, "{'type': 'next'}");
  result = sl_test_json_preview (game, "{'type': 'blast', 'marker': 1,"
                                       " 'obstacle': {'label': 'north wall', 'kind': 'internal-wall'}}");
  g_assert_true (sl_obstacle_damage_read (result, &obstacle));
  g_assert_cmpstr (obstacle.label, ==, "north wall");
  g_assert_cmpstr (obstacle.kind, ==, "internal-wall");
  g_assert_cmpint (obstacle.armor_factor, ==, 3);
  g_assert_cmpint (obstacle.penetration, ==, 4);
  g_assert_cmpfloat (obstacle.levels, ==, 1);
  g_assert_cmpfloat (obstacle.total, ==, 1);
  g_assert_false (obstacle.immune);
  g_assert_false (obstacle.destroyed);
  /* A blast tells no follow-through: that is a fire's (P-26). */
  g_assert_false (obstacle.follow_through);
  sl_obstacle_damage_clear (&obstacle);

  g_assert_false (sl_obstacle_damage_read (NULL, &obstacle));
  g_assert_null (obstacle.label);
  sl_obstacle_damage_clear (&obstacle);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/preview-fire/object-fire/obstacle-P-25", test_object_fire_obstacle);
  g_test_add_func ("/preview-fire/object-fire/follow-through-P-26", test_object_fire_follow_through);
  g_test_add_func ("/preview-fire/object-fire/immune-A-83-wasted-A-17", test_object_fire_immune_wasted);
  g_test_add_func ("/preview-fire/area-burst/P-30", test_area_burst);
  g_test_add_func ("/preview-fire/area-burst/spent-A-95", test_area_burst_spent);
  g_test_add_func ("/preview-fire/blast/obstacle-A-79", test_blast_obstacle);
  return g_test_run ();
}
