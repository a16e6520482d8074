/* test-game-explosives.c: grenades, charges, mines and fire missions
 * through the game — a throw (E-33) going off two subphases later (P-34,
 * A-108), a smoke cloud for 12 turns, charges installed and set
 * off by radio (P-36, T-34), a mine (P-37), fire missions landing at the
 * end of the call or in their phase (P-38, A-13)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-json.h"
#include "sl-test-game.h"

/* The training scenario with some top-level members changed. */
static SlGame *
training_with (const char *members)
{
  g_autofree char *path = g_build_filename (SL_SOURCE_DATADIR, "scenarios", "training.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) extra = json_from_string (members, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GList) names = NULL;
  SlGame *game;
  SlSetup *setup;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  node = sl_json_parse (text, -1, &error);
  g_assert_no_error (error);
  names = json_object_get_members (json_node_get_object (extra));
  for (GList *l = names; l; l = l->next)
    json_object_set_member (json_node_get_object (node), l->data,
                            json_node_copy (json_object_get_member (json_node_get_object (extra), l->data)));
  setup = sl_setup_new_from_json (sl_test_rules (), node, &error);
  g_assert_no_error (error);
  game = sl_game_new (sl_test_rules (), setup);
  sl_game_set_seed (game, 1995);
  return game;
}

static const SlMarker *
find_marker (SlGame       *game,
             SlMarkerKind  kind)
{
  const SlState *s = sl_game_get_state (game);

  for (guint i = 0; i < s->markers->len; i++)
    if (g_array_index (s->markers, SlMarker, i).kind == kind)
      return &g_array_index (s->markers, SlMarker, i);
  return NULL;
}

static char *
state_text (SlGame *game)
{
  g_autoptr(JsonNode) node = sl_game_state_to_json (game);

  return sl_json_to_string (node, FALSE);
}

/* Legionnaire Ostra picks a grenade up in subphase 1 and throws it
 * in subphase 2. */
static void
throw_in_subphase_2 (SlGame     *game,
                     const char *grenade)
{
  g_autofree char *declare = g_strdup_printf ("{'type': 'declare', 'unit': 'tog-3', 'action': 'fire',"
                                              " 'throw': 'grenade', 'label': '%s aim'}", grenade);

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'pick-up-object'}");
  g_assert_true (sl_test_unit_state (game, "tog-3")->grenade_ready);
  sl_test_go_to_subphase (game, 2);
  sl_test_play (game, declare);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_RANGED_FIRE);
}

/* E-33: 12 m is medium range (+1); a 5 is net 6, a miss; the scatter die 7
 * is "right", 2 m at medium range. P-34 step 6, A-108: it goes off in the
 * explosion step of subphase 4; the unit caught loses its action and is
 * wounded; undo puts everything back. */
static void
test_grenade (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;
  const SlMarker *m;
  JsonObject *o;
  g_autofree char *before = NULL;
  g_autofree char *after_undo = NULL;
  int turn, subphase;

  throw_in_subphase_2 (game, "frag");
  sl_test_refuse (game, "{'type': 'fire', 'unit': 'tog-3', 'target': 'cw-13', 'roll': 3}", "unit", "throw");
  e = sl_test_play (game, "{'type': 'throw', 'unit': 'tog-3', 'grenade': 'frag', 'range_m': 12,"
                          " 'roll': 5, 'scatter_rolls': [7]}");
  o = json_node_get_object (e->result);
  g_assert_false (json_object_get_boolean_member (o, "on_target"));
  g_assert_cmpint (json_object_get_int_member (o, "net"), ==, 6);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (o, "scatter"), "direction"), ==,
                   "right");
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (o, "scatter"), "distance_m"),
                     ==, 2.0);
  g_assert_nonnull (strstr (e->summary, "it goes off in subphase 4"));
  g_assert_cmpint (sl_test_unit_state (game, "tog-3")->grenades[SL_GRENADE_FG], ==, 1);
  m = find_marker (game, SL_MARKER_GRENADE);
  g_assert_nonnull (m);
  sl_subphase_split (sl_test_rules (), m->due, &turn, &subphase);
  g_assert_cmpint (subphase, ==, 4);

  /* Not yet. */
  sl_test_go_to_subphase (game, 3);
  sl_test_refuse (game, "{'type': 'blast', 'marker': 1, 'units': []}", "type", "explosion");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'use-device'}");
  sl_test_go_to_subphase (game, 4);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_EXPLOSION);
  sl_test_refuse (game, "{'type': 'next'}", "type", "Grenade 1");

  before = state_text (game);
  e = sl_test_play (game, "{'type': 'blast', 'marker': 1, 'units': ["
                          " {'unit': 'cw-13', 'distance_m': 1}, {'unit': 'cw-14', 'distance_m': 30}]}");
  g_assert_nonnull (strstr (e->summary, "Trooper Hale is caught by the blast"));
  g_assert_nonnull (strstr (e->summary, "Trooper Nadeau is out of the blast"));
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->wound, >, SL_WOUND_NONE);
  g_assert_null (sl_test_unit_state (game, "cw-13")->current.action);
  g_assert_null (find_marker (game, SL_MARKER_GRENADE));
  sl_test_play (game, "{'type': 'next'}");

  /* Undo, twice, restores the state before the blast exactly. */
  g_assert_true (sl_game_undo (game));
  g_assert_true (sl_game_undo (game));
  after_undo = state_text (game);
  g_assert_cmpstr (before, ==, after_undo);
  g_assert_true (sl_game_redo (game));
  g_assert_null (find_marker (game, SL_MARKER_GRENADE));
}

/* Refusals: no pick-up first, no grenade left (T-20), the throw as
 * a shot at a unit. */
static void
test_grenade_refused (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'walk', 'throw': 'grenade'}",
                  "throw", "Fire/Throw");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'fire', 'throw': 'grenade',"
                        " 'target': 'cw-13'}", "target", "point");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'fire', 'throw': 'grenade'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_refuse (game, "{'type': 'throw', 'unit': 'tog-3', 'range_m': 5, 'roll': 3}", "unit", "A-92");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'grenades.FG', 'value': 0}");
  sl_test_refuse (game, "{'type': 'throw', 'unit': 'tog-3', 'range_m': 5, 'roll': 3}", "grenade", "T-20");
}

/* a smoke cloud stays 12 turns: made in subphase 4 of turn 1, it is
 * still there in subphase 3 of turn 13 and clears in subphase 4. */
static void
test_smoke_12_turns (void)
{
  g_autoptr(SlGame) game = training_with ("{\"length_turns\": 14}");
  const SlJournalEntry *e;
  const SlMarker *cloud;
  int turn, subphase;

  throw_in_subphase_2 (game, "smoke");
  sl_test_play (game, "{'type': 'throw', 'unit': 'tog-3', 'grenade': 'smoke', 'range_m': 6, 'roll': 2}");
  sl_test_go_to_subphase (game, 4);
  sl_test_play (game, "{'type': 'next'}");
  sl_test_refuse (game, "{'type': 'blast', 'marker': 1, 'units': [{'unit': 'cw-13', 'distance_m': 1}]}",
                  "units", "A-112");
  e = sl_test_play (game, "{'type': 'blast', 'marker': 1}");
  g_assert_nonnull (strstr (e->summary, "smoke cloud"));
  cloud = find_marker (game, SL_MARKER_SMOKE);
  g_assert_nonnull (cloud);
  sl_subphase_split (sl_test_rules (), cloud->expires, &turn, &subphase);
  g_assert_cmpint (turn, ==, 13);
  g_assert_cmpint (subphase, ==, 4);

  for (int t = 1; t <= 12; t++)
    {
      for (int guard = 0; guard < 100 && sl_game_get_state (game)->phase != SL_PHASE_INITIATIVE; guard++)
        {
          if (sl_game_get_state (game)->phase == SL_PHASE_ROUT_RALLY)
            {
              sl_test_play (game, "{'type': 'rout-check', 'squad': 'tog-squad', 'roll': 90}");
              sl_test_play (game, "{'type': 'rout-check', 'squad': 'cw-squad', 'roll': 90}");
            }
          sl_test_play (game, "{'type': 'next'}");
        }
      g_assert_nonnull (find_marker (game, SL_MARKER_SMOKE));
      sl_test_start_turn (game);
    }
  g_assert_cmpint (sl_game_get_state (game)->turn, ==, 13);
  sl_test_go_to_subphase (game, 3);
  g_assert_nonnull (find_marker (game, SL_MARKER_SMOKE));
  e = sl_test_play (game, "{'type': 'next'}");
  g_assert_null (find_marker (game, SL_MARKER_SMOKE));
  g_assert_nonnull (strstr (e->summary, "Smoke cloud 2 clears"));
}

/* P-36: two plastic charges installed at one spot (5 AP each) go off
 * together (T-34) when a unit of the same squad sets them off by radio. */
static void
test_charges (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlMarker *m;
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'plastic_charges', 'value': 2}");
  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'install-plastic', 'label': 'the door'}");
  sl_test_go_to_subphase (game, 6);
  m = find_marker (game, SL_MARKER_CHARGE);
  g_assert_nonnull (m);
  g_assert_cmpint (m->amount, ==, 1);
  g_assert_true (m->secret);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'install-plastic', 'label': 'the door'}");
  sl_test_go_to_subphase (game, 10);
  for (int guard = 0; guard < 20 && sl_game_get_state (game)->phase != SL_PHASE_INITIATIVE; guard++)
    sl_test_play (game, "{'type': 'next'}");
  m = find_marker (game, SL_MARKER_CHARGE);
  g_assert_cmpint (m->amount, ==, 2);
  g_assert_cmpint (sl_test_unit_state (game, "tog-3")->plastic_charges, ==, 0);

  sl_test_start_turn (game);
  /* Only the installer's squad sets it off. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-4', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_refuse (game, "{'type': 'detonate', 'unit': 'cw-13', 'marker': 1}", "unit", "squad");
  sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-4', 'marker': 1}");
  sl_test_play (game, "{'type': 'cancel', 'unit': 'cw-13'}");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_EXPLOSION);
  e = sl_test_play (game, "{'type': 'blast', 'marker': 1, 'units': [{'unit': 'cw-15', 'distance_m': 2}]}");
  g_assert_nonnull (strstr (e->summary, "Charge 1: the door goes off"));
  g_assert_null (find_marker (game, SL_MARKER_CHARGE));
}

/* P-37: a mine goes off at once under the enemy that comes within 1 m. */
static void
test_mine (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_start_turn (game);
  e = sl_test_play (game, "{'type': 'mine', 'unit': 'cw-13', 'label': 'the ford', 'distance_m': 0.5}");
  g_assert_true (json_object_get_boolean_member (json_node_get_object (e->result), "detonates"));
  g_assert_nonnull (strstr (e->summary, "The mine at the ford goes off under Trooper Hale"));
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->wound, >, SL_WOUND_NONE);
}

/* P-38, A-13: a fire mission called by the leader (10 AP) lands at the end
 * of the call's last subphase — or, with the option, in the Fire Mission
 * Phase. */
static void
test_fire_mission (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(SlGame) phased = training_with ("{\"options\": {\"fireMissionsInPhase\": true}}");
  const SlJournalEntry *e;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'call-fire-mission', 'label': 'the bridge'}");
  sl_test_go_to_subphase (game, 10);
  g_assert_nonnull (find_marker (game, SL_MARKER_FIRE_MISSION));
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_EXPLOSION);
  sl_test_refuse (game, "{'type': 'next'}", "type", "Fire mission 1: the bridge");
  e = sl_test_play (game, "{'type': 'fire-mission', 'marker': 1, 'mission': 'mortar', 'roll': 1,"
                          " 'units': [{'unit': 'cw-13', 'distance_m': 3}]}");
  g_assert_true (json_object_get_boolean_member (json_node_get_object (e->result), "on_target"));
  g_assert_null (find_marker (game, SL_MARKER_FIRE_MISSION));

  sl_test_start_turn (phased);
  sl_test_play (phased, "{'type': 'declare', 'unit': 'tog-1', 'action': 'call-fire-mission'}");
  sl_test_go_to_subphase (phased, 10);
  sl_test_refuse (phased, "{'type': 'fire-mission', 'marker': 1, 'mission': 'mortar', 'roll': 1}",
                  "type", "Fire Mission");
  sl_test_play (phased, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (phased)->phase, ==, SL_PHASE_FIRE_MISSION);
  sl_test_refuse (phased, "{'type': 'next'}", "type", "Fire mission 1");
  sl_test_play (phased, "{'type': 'fire-mission', 'marker': 1, 'mission': 'missile', 'roll': 2}");
  sl_test_play (phased, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (phased)->turn, ==, 2);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/explosives/grenade-E-33", test_grenade);
  g_test_add_func ("/game/explosives/grenade-refused", test_grenade_refused);
  g_test_add_func ("/game/explosives/smoke-12-turns", test_smoke_12_turns);
  g_test_add_func ("/game/explosives/charges", test_charges);
  g_test_add_func ("/game/explosives/mine", test_mine);
  g_test_add_func ("/game/explosives/fire-mission", test_fire_mission);
  return g_test_run ();
}
