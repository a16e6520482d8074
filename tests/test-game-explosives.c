/* test-game-explosives.c: grenades, the launcher, blasts, smoke, charges,
 * mines and fire missions in whole games through the command API (digest
 * P-34 … P-38, T-27 … T-35)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-game-private.h"
#include "sl-json.h"
#include "sl-test-game.h"

#define PHASE_SETUP(options) \
  "{'id': 'fm', 'name': 'Fire missions', 'length_turns': 3," \
  " 'modules': ['ammunition', 'leadership', 'area-effects']," options \
  " 'sides': [" \
  "  {'id': 'a', 'fire_missions': {'mortar': 2, 'missile': 1}, 'squads': [{'id': 'a1', 'leader': 'a-1', 'units': [{'id': 'a-1', 'counter': 1," \
  "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}," \
  "  {'id': 'b', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 2," \
  "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}"

static JsonObject *
result_of (const SlJournalEntry *e)
{
  return json_node_get_object (e->result);
}

static void
assert_summary (const SlJournalEntry *e,
                const char           *text)
{
  if (strstr (e->summary, text) == NULL)
    g_error ("“%s” not in the summary: %s", text, e->summary);
}

static const SlMarker *
marker (SlGame *game,
        int     id)
{
  return sl_state_find_marker (sl_game_get_state (game), id);
}

/* Plays "next" until the clock is at the explosion step of @subphase. */
static void
go_to_explosion (SlGame *game,
                 int     subphase)
{
  sl_test_go_to_subphase (game, subphase);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->subphase, ==, subphase);
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_EXPLOSION);
}

/* tog-2 picks a grenade up in subphase 2 and declares a throw in 3. */
static void
ready_throw (SlGame *game)
{
  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 2);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'pick-up-object'}");
  g_assert_true (sl_test_unit_state (game, "tog-2")->grenade_ready);
  sl_test_go_to_subphase (game, 3);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'throw': 'grenade'}");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_RANGED_FIRE);
}

/* P-34, T-27, A-108: a frag grenade thrown 12 m (medium, +1) in subphase 3
 * on a 3 (net 4 ≤ 5) lands on target and goes off in subphase 5; the
 * blast (T-30) hurts the units caught and drops their actions (§6.1). */
static void
test_grenade (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;
  JsonObject *shot;
  int fg;

  ready_throw (game);
  fg = sl_test_unit_state (game, "tog-2")->grenades[SL_GRENADE_FG];
  e = sl_test_play (game, "{'type': 'throw', 'unit': 'tog-2', 'range_m': 12, 'roll': 3}");
  shot = json_object_get_object_member (result_of (e), "shot");
  g_assert_true (json_object_get_boolean_member (shot, "on_target"));
  g_assert_cmpint (json_object_get_int_member (shot, "net"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (result_of (e), "detonates_subphase"), ==, 5);
  assert_summary (e, "goes off in the explosion step of subphase 5");
  g_assert_cmpint (sl_test_unit_state (game, "tog-2")->grenades[SL_GRENADE_FG], ==, fg - 1);
  g_assert_false (sl_test_unit_state (game, "tog-2")->grenade_ready);
  g_assert_cmpint (marker (game, 1)->kind, ==, SL_MARKER_GRENADE);

  /* Not due yet in subphase 4: nothing stops play. */
  sl_test_go_to_subphase (game, 4);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'use-device'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'use-device'}");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->subphase, ==, 5);
  sl_test_refuse (game, "{'type': 'blast', 'marker': 1, 'units': []}", "type", "explosion");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_EXPLOSION);
  sl_test_refuse (game, "{'type': 'next'}", "type", "P-08 step 4");

  /* cw-14 at 1 m (PF 6), cw-15 at 5 m behind half cover (PF 2 − 1). */
  e = sl_test_play (game, "{'type': 'blast', 'marker': 1, 'units': ["
                          " {'unit': 'cw-14', 'distance_m': 1},"
                          " {'unit': 'cw-15', 'distance_m': 5, 'half_cover': true},"
                          " {'unit': 'cw-16', 'distance_m': 8}]}");
  g_test_message ("%s", e->summary);
  {
    JsonArray *units = json_object_get_array_member (result_of (e), "units");
    JsonObject *u14 = json_array_get_object_element (units, 0);
    JsonObject *u15 = json_array_get_object_element (units, 1);
    JsonObject *u16 = json_array_get_object_element (units, 2);

    g_assert_cmpint (json_object_get_int_member (u14, "penetration"), ==, 6);
    g_assert_true (json_object_get_boolean_member (u14, "affected"));
    g_assert_cmpint (json_object_get_int_member (u15, "penetration"), ==, 1);
    g_assert_false (json_object_get_boolean_member (u16, "affected"));
  }
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->wound, >, SL_WOUND_NONE);
  g_assert_null (marker (game, 1));
  /* §6.1: the units in the blast area lose their actions as the explosion
   * step ends (P-08 step 4: every blast of the step at once). */
  sl_test_play (game, "{'type': 'next'}");
  g_assert_null (sl_test_unit_state (game, "cw-14")->current.action);
  g_assert_null (sl_test_unit_state (game, "cw-15")->current.action);
  g_assert_cmpint (sl_game_get_state (game)->subphase, ==, 6);
}

/* P-34 step 7, A-111: a unit whose Dive ends on the frag grenade before
 * it goes off takes the blast alone, PF 6 + 2; the others listed are not
 * affected and keep their actions. */
static void
test_sacrifice_dive (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 2);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'pick-up-object'}");
  sl_test_go_to_subphase (game, 3);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'throw': 'grenade'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'walk'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'throw', 'unit': 'tog-2', 'range_m': 6, 'roll': 3}");
  sl_test_go_to_subphase (game, 4);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'dive'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'use-device'}");
  go_to_explosion (game, 5);
  /* A unit that made no dive smothers nothing; one diver at a time. */
  sl_test_refuse (game, "{'type': 'blast', 'marker': 1, 'units': [{'unit': 'cw-15', 'distance_m': 0,"
                        " 'sacrifice_dive': true}]}", "units", "P-34 step 7");
  sl_test_refuse (game, "{'type': 'blast', 'marker': 1, 'units': [{'unit': 'cw-14', 'distance_m': 1,"
                        " 'smothered': true}]}", "units", "P-34 step 7");
  e = sl_test_play (game, "{'type': 'blast', 'marker': 1, 'units': ["
                          " {'unit': 'cw-13', 'distance_m': 0, 'sacrifice_dive': true},"
                          " {'unit': 'cw-14', 'distance_m': 1}]}");
  g_test_message ("%s", e->summary);
  g_assert_cmpint (sl_test_int (e->result, "units[0].penetration"), ==, 8);
  g_assert_true (sl_test_bool (e->result, "units[0].affected"));
  g_assert_false (sl_test_bool (e->result, "units[1].affected"));
  g_assert_false (sl_test_bool (e->result, "units[1].loses_action"));
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->wound, ==, SL_WOUND_NONE);
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->wound, >, SL_WOUND_NONE);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_nonnull (sl_test_unit_state (game, "cw-14")->current.action);
}

/* P-37 step 1, T-38: mines are bought by number, and laid only outdoors;
 * a game saved before purchases were recorded (format 2) goes on as it
 * was played. */
static void
test_mines_bought (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) old = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GString) edited = NULL;

  /* The training scenario: three mines a side. */
  for (int i = 0; i < 3; i++)
    {
      g_autofree char *lay = g_strdup_printf ("{'type': 'mine', 'action': 'lay', 'unit': 'cw-17', 'label': 'B%d'}", i);

      sl_test_play (game, lay);
    }
  sl_test_refuse (game, "{'type': 'mine', 'action': 'lay', 'unit': 'cw-13', 'label': 'B9'}", "type", "P-37 step 1");
  sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'tog-1', 'label': 'C1'}");

  /* A format 2 game kept no count: its mines stay laid, more may be. */
  text = sl_game_serialize (game);
  edited = g_string_new (text);
  g_assert_cmpuint (sl_test_make_old (edited, 2), ==, 4);
  g_string_replace (edited, "\"mines\": 3,", "", 0);
  old = sl_game_load_from_data (sl_test_rules (), edited->str, -1, "old.squadlog", &error);
  g_assert_no_error (error);
  g_assert_true (sl_game_get_setup (old)->purchases_unrecorded);
  sl_test_play (old, "{'type': 'mine', 'action': 'lay', 'unit': 'cw-13', 'label': 'B9'}");

  /* Indoors: none may be bought, and none laid. */
  {
    g_autofree char *json = sl_test_json ("{'id': 'in', 'name': 'In', 'length_turns': 3,"
                                          " 'modules': ['ammunition', 'area-effects'], 'environment': {'indoors': true},"
                                          " 'sides': [{'id': 'a', 'mines': 2, 'squads': [{'id': 'a1', 'units': [{'id': 'a-1',"
                                          " 'counter': 1, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]},"
                                          " {'id': 'b', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 2,"
                                          " 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
    g_autoptr(JsonNode) node = json_from_string (json, NULL);
    SlSetup *setup = sl_setup_new_from_json (sl_test_rules (), node, &error);

    g_assert_no_error (error);
    g_assert_false (sl_setup_check_construction (setup, &error));
    g_assert_nonnull (strstr (error->message, "P-37 step 1"));
    g_assert_nonnull (strstr (error->message, "mines"));
    sl_setup_free (setup);
  }
}

/* P-38 step 1, T-37: the fire missions a side bought; a call names its
 * kind (or takes the only kind left) and uses one; a side without one
 * left is refused; the mission lands as the kind called. */
static void
test_fire_missions_bought (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (PHASE_SETUP (""));
  g_autoptr(GError) error = NULL;
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'call-fire-mission'}", "mission", "say which");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'call-fire-mission', 'mission': 'naval'}",
                  "mission", "T-35");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'walk', 'mission': 'mortar'}",
                  "mission", "P-38");
  e = sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'call-fire-mission', 'mission': 'missile'}");
  assert_summary (e, "Anti-Personnel Missile Strike");
  while (sl_game_get_state (game)->step != SL_STEP_EXPLOSION)
    sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->missions_called[0][1], ==, 1);
  sl_test_refuse (game, "{'type': 'fire-mission', 'marker': 1, 'mission': 'mortar', 'roll': 2}", "mission",
                  "Anti-Personnel Missile Strike");
  e = sl_test_play (game, "{'type': 'fire-mission', 'marker': 1, 'roll': 2}");
  g_assert_cmpstr (json_object_get_string_member (result_of (e), "mission"), ==, "missile");
  while (sl_game_get_state (game)->step != SL_STEP_INITIATIVE_ORDER || sl_game_get_state (game)->phase != SL_PHASE_ACTION)
    if (sl_game_get_state (game)->phase == SL_PHASE_INITIATIVE && !sl_game_get_state (game)->initiative_done)
      sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
    else
      sl_test_play (game, "{'type': 'next'}");
  /* Only mortars are left: unnamed, the call is a mortar strike. */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'call-fire-mission', 'mission': 'missile'}",
                  "mission", "no Anti-Personnel Missile Strike left");
  e = sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'call-fire-mission'}");
  assert_summary (e, "Mortar Strike");

  /* At most 4 a side (P-38 step 1). */
  {
    g_autofree char *json = sl_test_json (PHASE_SETUP (""));
    g_autoptr(GString) five = g_string_new (json);
    g_autoptr(JsonNode) node = NULL;

    SlSetup *setup;

    g_string_replace (five, "\"mortar\": 2", "\"mortar\": 4", 1);
    node = json_from_string (five->str, NULL);
    setup = sl_setup_new_from_json (sl_test_rules (), node, &error);
    g_assert_no_error (error);
    g_assert_false (sl_setup_check_construction (setup, &error));
    g_assert_nonnull (strstr (error->message, "P-38 step 1"));
    sl_setup_free (setup);
  }
}

/* P-35, P-36 step 1, T-12: a hand correction cannot make a log the rules
 * cannot: a launcher load without a launcher, more than 2 charges on a
 * carrier, an OMNI mode without an OMNI rifle. */
static void
test_correct_impossible (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_refuse (game, "{'type': 'correct', 'unit': 'tog-1', 'field': 'launcher.FG', 'value': 2}", "field", "P-35");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-6', 'field': 'launcher.FG', 'value': 2}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-1', 'field': 'plastic_charges', 'value': 2}");
  sl_test_refuse (game, "{'type': 'correct', 'unit': 'tog-1', 'field': 'shaped_charges', 'value': 1}", "value",
                  "P-36 step 1");
  sl_test_refuse (game, "{'type': 'correct', 'unit': 'tog-1', 'field': 'plastic_charges', 'value': 3}", "value", NULL);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-1', 'field': 'plastic_charges', 'value': 1}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-1', 'field': 'shaped_charges', 'value': 1}");
  sl_test_refuse (game, "{'type': 'correct', 'unit': 'tog-1', 'field': 'omni_mode', 'value': 'slug'}", "field", "T-12");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'omni_mode', 'value': 'slug'}");
}

/* P-37 step 5: a mine inside a grenade's blast goes off on d10 ≤ 5, in
 * the same explosion step; the other does not on a 6. */
static void
test_mine_chain (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'tog-1', 'label': 'D2'}");
  sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'tog-1', 'label': 'D3'}");
  ready_throw (game);
  sl_test_play (game, "{'type': 'throw', 'unit': 'tog-2', 'range_m': 12, 'roll': 3}");
  go_to_explosion (game, 5);
  sl_test_refuse (game, "{'type': 'blast', 'marker': 3, 'mines': [{'marker': 3}]}", "mines", "P-37 step 5");
  e = sl_test_play (game, "{'type': 'blast', 'marker': 3, 'mines': [{'marker': 1, 'roll': 5},"
                          " {'marker': 2, 'roll': 6}]}");
  assert_summary (e, "mine 1 is caught in the explosion: rolled 5, it goes off too");
  /* Its sealed note is shown as it goes off; the other's stays sealed. */
  assert_summary (e, "says: “D2”");
  assert_summary (e, "Its seal");
  g_assert_null (strstr (e->summary, "D3"));
  g_assert_cmpint (marker (game, 1)->due, ==, sl_subphase_index (sl_test_rules (), 1, 5));
  g_assert_cmpint (marker (game, 2)->due, ==, -1);
  sl_test_refuse (game, "{'type': 'next'}", "type", "mine 1");
  sl_test_refuse (game, "{'type': 'blast', 'marker': 1, 'units': [{'unit': 'tog-2', 'distance_m': 2}]}",
                  "units", "P-37 step 3");
  sl_test_play (game, "{'type': 'blast', 'marker': 1, 'units': [{'unit': 'cw-14', 'distance_m': 2}]}");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->subphase, ==, 6);
}

/* P-34 step 5, T-28, T-29: missed on an 8 (net 9); the 3 scatters it
 * short by 2 m (medium band). */
static void
test_grenade_scatter (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;
  JsonObject *shot, *scatter;

  ready_throw (game);
  e = sl_test_play (game, "{'type': 'throw', 'unit': 'tog-2', 'range_m': 12, 'roll': 8,"
                          " 'scatter_rolls': [3]}");
  shot = json_object_get_object_member (result_of (e), "shot");
  g_assert_false (json_object_get_boolean_member (shot, "on_target"));
  scatter = json_object_get_object_member (shot, "scatter");
  g_assert_cmpstr (json_object_get_string_member (scatter, "direction"), ==, "short");
  g_assert_cmpfloat (json_object_get_double_member (scatter, "distance_m"), ==, 2);
  assert_summary (e, "scatters 2 m short");
}

/* a smoke grenade makes a cloud that stays 12 turns, then clears
 * at the start of the subphase it is gone. */
static void
test_smoke (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;
  int sg;

  ready_throw (game);
  sg = sl_test_unit_state (game, "tog-2")->grenades[SL_GRENADE_SG];
  sl_test_play (game, "{'type': 'throw', 'unit': 'tog-2', 'grenade': 'smoke', 'range_m': 6, 'roll': 2}");
  g_assert_cmpint (sl_test_unit_state (game, "tog-2")->grenades[SL_GRENADE_SG], ==, sg - 1);
  go_to_explosion (game, 5);
  sl_test_refuse (game, "{'type': 'blast', 'marker': 1, 'units': [{'unit': 'cw-14', 'distance_m': 1}]}",
                  "units", "A-112");
  e = sl_test_play (game, "{'type': 'blast', 'marker': 1}");
  g_assert_cmpint (json_object_get_int_member (result_of (e), "clears_turn"), ==, 13);
  g_assert_cmpint (json_object_get_int_member (result_of (e), "clears_subphase"), ==, 5);
  g_assert_cmpint (marker (game, 1)->kind, ==, SL_MARKER_SMOKE);
  g_assert_cmpint (marker (game, 1)->expires, ==, sl_subphase_index (sl_test_rules (), 13, 5));
  sl_test_play (game, "{'type': 'next'}");
  g_assert_nonnull (marker (game, 1));
}

/* a cloud made in subphase 5 of turn 1 is there until subphase 4
 * of turn 13 and gone in subphase 5. */
static void
test_smoke_clears (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'long', 'name': 'Long', 'length_turns': 14,"
    " 'modules': ['ammunition', 'area-effects'],"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': [{'id': 'a-1', 'counter': 1,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 2,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
  const SlJournalEntry *e = NULL;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'pick-up-object'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'fire', 'throw': 'grenade'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'throw', 'unit': 'a-1', 'grenade': 'smoke', 'range_m': 6, 'roll': 2}");
  /* Thrown in subphase 3: goes off in 5, clears in subphase 5 of turn 13. */
  while (sl_game_get_state (game)->step != SL_STEP_EXPLOSION)
    sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->subphase, ==, 5);
  sl_test_play (game, "{'type': 'blast', 'marker': 1}");
  for (;;)
    {
      const SlState *s = sl_game_get_state (game);

      if (s->turn == 13 && s->phase == SL_PHASE_ACTION && s->subphase == 4)
        break;
      if (s->phase == SL_PHASE_INITIATIVE && !s->initiative_done)
        sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
      else
        sl_test_play (game, "{'type': 'next'}");
    }
  g_assert_nonnull (marker (game, 1));
  e = sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->subphase, ==, 5);
  g_assert_null (marker (game, 1));
  assert_summary (e, "clears");
}

/* Refusals: no grenade left (T-20), not picked up, no throw action,
 * not due, not the explosion step. */
static void
test_refusals (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  ready_throw (game);
  sl_test_refuse (game, "{'type': 'throw', 'unit': 'tog-3', 'range_m': 6}", "unit", "P-34 step 2");
  sl_test_refuse (game, "{'type': 'throw', 'unit': 'tog-2', 'range_m': 30}", "range_m", "24");
  sl_test_refuse (game, "{'type': 'launch', 'unit': 'tog-2', 'grenades': [{'range_m': 12}]}", "unit", "P-35");
  sl_test_refuse (game, "{'type': 'throw', 'unit': 'tog-2', 'range_m': 6, 'color': 'red'}", "color", NULL);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-2', 'field': 'grenades.FG', 'value': 0}");
  sl_test_refuse (game, "{'type': 'throw', 'unit': 'tog-2', 'grenade': 'frag', 'range_m': 6}", "grenade", "T-20");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-2', 'field': 'grenade_ready', 'value': false}");
  sl_test_refuse (game, "{'type': 'throw', 'unit': 'tog-2', 'grenade': 'smoke', 'range_m': 6}", "unit", "A-92");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-2', 'field': 'grenade_ready', 'value': true}");
  sl_test_play (game, "{'type': 'throw', 'unit': 'tog-2', 'grenade': 'smoke', 'range_m': 6, 'roll': 1}");
  sl_test_refuse (game, "{'type': 'blast', 'marker': 1}", "type", "explosion");
  sl_test_refuse (game, "{'type': 'detonate', 'unit': 'tog-2', 'marker': 1}", "unit", "A-87");
  go_to_explosion (game, 5);
  sl_test_refuse (game, "{'type': 'blast', 'marker': 7}", "marker", "no marker 7");
  sl_test_refuse (game, "{'type': 'fire-mission', 'marker': 1, 'mission': 'mortar'}", "marker", "blast");
}

/* A grenade thrown in subphase 9 goes off in subphase 1 of turn 2; a
 * blast is refused while it is not due. */
static void
test_not_due (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-2', 'field': 'grenade_ready', 'value': true}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'grenade_ready', 'value': true}");
  sl_test_go_to_subphase (game, 3);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'throw': 'grenade'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'throw', 'unit': 'tog-2', 'range_m': 4, 'roll': 1}");
  sl_test_go_to_subphase (game, 4);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'fire', 'throw': 'grenade'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'throw', 'unit': 'tog-3', 'range_m': 4, 'roll': 1}");
  go_to_explosion (game, 5);
  sl_test_refuse (game, "{'type': 'blast', 'marker': 2}", "marker", "subphase 6");
  sl_test_play (game, "{'type': 'blast', 'marker': 1}");
}

/* P-36, A-87: a plastic charge installed (5 AP) and set off by radio by
 * another unit of the squad; it goes off in that subphase's explosion step
 * (T-33: 4 at 1–2 m). */
static void
test_charge (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'plastic_charges', 'value': 2}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'install-plastic',"
                      " 'label': 'the gate'}");
  sl_test_go_to_subphase (game, 5);
  g_assert_cmpint (sl_test_unit_state (game, "tog-3")->plastic_charges, ==, 1);
  g_assert_cmpint (marker (game, 1)->kind, ==, SL_MARKER_CHARGE);
  g_assert_cmpstr (marker (game, 1)->label, ==, "the gate");
  g_assert_cmpint (marker (game, 1)->due, ==, -1);

  sl_test_go_to_subphase (game, 6);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-4', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'target': 'tog-4'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_refuse (game, "{'type': 'detonate', 'unit': 'cw-14', 'marker': 1}", "unit", "A-87");
  e = sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-4', 'marker': 1}");
  assert_summary (e, "sets off the gate by radio");
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-14', 'roll': 10}");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_EXPLOSION);
  e = sl_test_play (game, "{'type': 'blast', 'marker': 1, 'units': [{'unit': 'cw-14', 'distance_m': 2}]}");
  g_test_message ("%s", e->summary);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (
    json_object_get_array_member (result_of (e), "units"), 0), "penetration"), ==, 4);
  g_assert_null (marker (game, 1));
}

/* The marker of @kind labelled @label, or NULL. */
static const SlMarker *
find_marker (SlMarkerKind   kind,
             const SlState *state,
             const char    *label)
{
  for (guint i = 0; i < state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (state->markers, SlMarker, i);

      if (m->kind == kind && g_str_equal (m->label, label))
        return m;
    }
  return NULL;
}

/* One step on: initiative (fixed rolls) when it is due, else "next". */
static void
advance (SlGame *game)
{
  const SlState *s = sl_game_get_state (game);

  if (s->phase == SL_PHASE_INITIATIVE && !s->initiative_done)
    sl_test_play (game, "{'type': 'initiative', 'rolls': {'tog-ft1': 3, 'tog-ft2': 6, 'cw-ft1': 6, 'cw-ft2': 9}}");
  else
    sl_test_play (game, "{'type': 'next'}");
}

/* tog-3 and tog-4 each install a plastic charge in subphase 1 (5 AP),
 * at "the gate" (marker 1) and "the door" (marker 2). */
static void
two_charges (SlGame *game)
{
  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'plastic_charges', 'value': 1}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-4', 'field': 'plastic_charges', 'value': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'install-plastic', 'label': 'the gate'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-4', 'action': 'install-plastic', 'label': 'the door'}");
  sl_test_go_to_subphase (game, 6);
  g_assert_nonnull (find_marker (SL_MARKER_CHARGE, sl_game_get_state (game), "the gate"));
  g_assert_nonnull (find_marker (SL_MARKER_CHARGE, sl_game_get_state (game), "the door"));
}

/* P-36 step 5, T-32: a charge shot at is hit automatically and the
 * weapon's row decides — a laser rifle: nothing on 1–3, destroyed on
 * 4–5, set off on 6–10 (then it goes off in the explosion step). */
static void
test_charge_shot_t32 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  two_charges (game);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'charge': 1, 'target': 'tog-3'}",
                  "target", NULL);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'walk', 'charge': 1}", "charge", "P-36");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'charge': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'fire', 'charge': 2}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'fire', 'unit': 'cw-14', 'roll': 2}");
  g_assert_cmpstr (sl_test_string (e->result, "result"), ==, "none");
  g_assert_nonnull (marker (game, 1));
  e = sl_test_play (game, "{'type': 'fire', 'unit': 'cw-15', 'roll': 5}");
  g_assert_cmpstr (sl_test_string (e->result, "result"), ==, "destroyed");
  assert_summary (e, "destroyed");
  g_assert_null (marker (game, 2));
  /* Rounds and the rate of fire count as for any fire (P-25 step 5). */
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->n_fires, ==, 1);

  sl_test_go_to_subphase (game, 7);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-16', 'action': 'fire', 'charge': 1}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'fire', 'unit': 'cw-16', 'roll': 6}");
  g_assert_cmpstr (sl_test_string (e->result, "result"), ==, "explosion");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_EXPLOSION);
  sl_test_refuse (game, "{'type': 'next'}", "type", "P-08 step 4");
  sl_test_play (game, "{'type': 'blast', 'marker': 1, 'units': [{'unit': 'tog-3', 'distance_m': 1}]}");
  g_assert_null (marker (game, 1));
}

/* a charge inside another explosion is destroyed on 1–9 and goes
 * off on 10, in the same explosion step. */
static void
test_charge_caught_a84 (void)
{
  for (int roll = 9; roll <= 10; roll++)
    {
      g_autoptr(SlGame) game = sl_test_game_new ();
      g_autofree char *blast = g_strdup_printf ("{'type': 'blast', 'marker': 1, 'charges': [{'marker': 2, 'roll': %d}]}",
                                                roll);
      const SlJournalEntry *e;

      two_charges (game);
      sl_test_play (game, "{'type': 'declare', 'unit': 'tog-5', 'action': 'fire', 'throw': 'charge'}");
      sl_test_play (game, "{'type': 'next'}");
      sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-5', 'marker': 1}");
      sl_test_play (game, "{'type': 'next'}");
      e = sl_test_play (game, blast);
      g_test_message ("%s", e->summary);
      if (roll == 10)
        {
          g_assert_cmpint (marker (game, 2)->due, ==, sl_state_now (sl_game_get_rules (game), sl_game_get_state (game)));
          sl_test_refuse (game, "{'type': 'next'}", "type", "P-08 step 4");
          sl_test_play (game, "{'type': 'blast', 'marker': 2}");
        }
      else
        g_assert_null (marker (game, 2));
      sl_test_play (game, "{'type': 'next'}");
    }
}

/* P-36 step 4: a friendly unit deactivates a charge with Use device (5
 * AP); it may then be picked up (one more charge carried) — an enemy's
 * attempt sets it off. */
static void
test_charge_deactivate (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  
  two_charges (game);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-5', 'action': 'pick-up-object', 'charge': 1}",
                  "charge", "deactivated");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-5', 'action': 'use-device', 'charge': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'use-device', 'charge': 2}");
  sl_test_go_to_subphase (game, 10);
  /* Friendly: deactivated; enemy: it goes off in this explosion step. */
  g_assert_true (marker (game, 1)->resolved);
  g_assert_cmpint (marker (game, 2)->due, ==, sl_state_now (sl_game_get_rules (game), sl_game_get_state (game)));
  /* A deactivated charge is not set off by radio. */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-6', 'action': 'fire', 'throw': 'charge'}", "throw",
                  "P-36 step 3");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-7', 'action': 'pick-up-object', 'charge': 1}");
  while (sl_game_get_state (game)->step != SL_STEP_EXPLOSION)
    sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'blast', 'marker': 2, 'units': [{'unit': 'cw-14', 'distance_m': 0}]}");
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->wound, >, SL_WOUND_NONE);
  while (sl_game_get_state (game)->phase == SL_PHASE_ACTION)
    sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_test_unit_state (game, "tog-7")->plastic_charges, ==, 1);
  g_assert_null (marker (game, 1));
}

/* P-36 step 4: a charge deactivated goes off no more by radio until it is
 * installed again, even when its squad has another to set off. */
static void
test_detonate_deactivated_p36 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  two_charges (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-5', 'action': 'use-device', 'charge': 1}");
  sl_test_go_to_subphase (game, 10);
  g_assert_true (marker (game, 1)->resolved);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-6', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_refuse (game, "{'type': 'detonate', 'unit': 'tog-6', 'marker': 1}", "marker", "P-36 step 4");
  e = sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-6', 'marker': 2}");
  g_assert_cmpint (sl_test_int (e->result, "marker"), ==, 2);
  g_assert_true (marker (game, 1)->due < 0);
}

/* P-25, A-78, P-26: fire at an obstacle hits automatically for PF − AF
 * wound levels that add up; at 5 it is destroyed (a Breach marker), and
 * the shot that breaks a door with PF − AF ≥ 2 goes on into the unit just
 * behind (+3 and nothing else, PF − 1). */
static void
test_fire_at_obstacle (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;
  const SlMarker *m;

  sl_test_start_turn (game);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'obstacle': {'label': 'the door'}}",
                  "obstacle.kind", "T-18");
  /* Spike rifle PF 5 against an internal door, AF 1: 4 levels. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire',"
                      " 'obstacle': {'label': 'the door', 'kind': 'internal-door'}}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1'}");
  g_test_message ("%s", e->summary);
  g_assert_cmpfloat (sl_test_double (e->result, "obstacle.levels"), ==, 4);
  m = find_marker (SL_MARKER_OBSTACLE, sl_game_get_state (game), "the door");
  g_assert_nonnull (m);
  g_assert_cmpint (m->amount, ==, 8);
  sl_test_go_to_subphase (game, 2);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire',"
                        " 'obstacle': {'label': 'the door', 'kind': 'external-wall'}}", "obstacle.kind", "Internal Door");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'obstacle': {'label': 'the door'}}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'fire', 'unit': 'tog-2', 'behind': [{'unit': 'cw-13', 'roll': 4}]}");
  g_test_message ("%s", e->summary);
  g_assert_true (sl_test_bool (e->result, "obstacle.destroyed"));
  g_assert_true (sl_test_bool (e->result, "obstacle.follow_through"));
  g_assert_true (sl_test_bool (e->result, "behind[0].hit"));
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->wound, >, SL_WOUND_NONE);
  /* The Breach marker is placed as the step ends: its shots are at once. */
  g_assert_true (find_marker (SL_MARKER_OBSTACLE, sl_game_get_state (game), "the door")->destroyed);
  sl_test_go_to_subphase (game, 3);
  g_assert_null (find_marker (SL_MARKER_OBSTACLE, sl_game_get_state (game), "the door"));
  g_assert_nonnull (find_marker (SL_MARKER_BREACH, sl_game_get_state (game), "the door"));
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tog-4', 'action': 'fire', 'obstacle': {'label': 'the door'}}",
                  "obstacle.label", "P-25");
}

/* charges and grenades build up an obstacle's damage:
 * a plastic charge against an internal wall (PF 4, AF 3) one level each,
 * nothing on a bulkhead; a shaped charge destroys a door outright (and
 * its zones then apply), or deals PF 10 to a wall. */
static void
test_blast_obstacle (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  two_charges (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-5', 'field': 'shaped_charges', 'value': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-5', 'action': 'install-shaped', 'label': 'the hatch'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-6', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-7', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-6', 'marker': 1}");
  sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-7', 'marker': 2}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'blast', 'marker': 1, 'obstacle': {'label': 'north wall', 'kind': 'internal-wall'}}");
  g_test_message ("%s", e->summary);
  g_assert_cmpfloat (sl_test_double (e->result, "obstacle.total"), ==, 1);
  sl_test_refuse (game, "{'type': 'blast', 'marker': 2, 'obstacle': {'label': 'north wall'}, 'breached': true}",
                  "breached", "A-81");
  e = sl_test_play (game, "{'type': 'blast', 'marker': 2, 'obstacle': {'label': 'north wall'}}");
  g_assert_cmpfloat (sl_test_double (e->result, "obstacle.total"), ==, 2);
  g_assert_cmpint (find_marker (SL_MARKER_OBSTACLE, sl_game_get_state (game), "north wall")->amount, ==, 4);

  /* The shaped charge at an airlock door: destroyed outright, zone A hit. */
  while (find_marker (SL_MARKER_CHARGE, sl_game_get_state (game), "the hatch") == NULL ||
         sl_game_get_state (game)->phase != SL_PHASE_ACTION ||
         sl_game_get_state (game)->step != SL_STEP_INITIATIVE_ORDER)
    advance (game);
  g_assert_cmpint (find_marker (SL_MARKER_CHARGE, sl_game_get_state (game), "the hatch")->id, ==, 4);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-8', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-8', 'marker': 4}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'blast', 'marker': 4, 'obstacle': {'label': 'the airlock', 'kind': 'airlock-door'},"
                          " 'units': [{'unit': 'cw-15', 'distance_m': 1, 'in_strip': true}]}");
  g_test_message ("%s", e->summary);
  g_assert_true (sl_test_bool (e->result, "obstacle.destroyed"));
  g_assert_cmpint (sl_test_int (e->result, "units[0].penetration"), ==, 5);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_nonnull (find_marker (SL_MARKER_BREACH, sl_game_get_state (game), "the airlock"));
}

/* Hand corrections of markers: a grenade's subphase, a spot's charges,
 * an obstacle's damage, a label, a marker put down by mistake — never one
 * kept secret, never into the past (P-34 step 6, T-34a, P-25). */
static void
test_correct_marker (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'cw-17', 'label': 'B4'}");
  /* A secret marker is its side's (P-37 step 2): as far as the refusal
   * tells, it is not there (issue 30 #2). */
  sl_test_refuse (game, "{'type': 'correct-marker', 'marker': 1, 'field': 'label', 'value': 'here'}", "marker", "There is no marker 1.");
  two_charges (game);
  e = sl_test_play (game, "{'type': 'correct-marker', 'marker': 2, 'field': 'charges', 'value': 3}");
  assert_summary (e, "the gate");
  g_assert_cmpint (marker (game, 2)->type, ==, 3);
  sl_test_refuse (game, "{'type': 'correct-marker', 'marker': 2, 'field': 'due', 'value': {'turn': 1, 'subphase': 9}}",
                  "field", "P-34");
  sl_test_play (game, "{'type': 'correct-marker', 'marker': 3, 'field': 'label', 'value': 'the door, east'}");
  g_assert_cmpstr (marker (game, 3)->label, ==, "the door, east");
  sl_test_play (game, "{'type': 'correct-marker', 'marker': 3, 'field': 'removed', 'value': true}");
  g_assert_null (marker (game, 3));

  /* A grenade thrown in subphase 6 goes off in 8; moved to 9. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'pick-up-object'}");
  sl_test_go_to_subphase (game, 7);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'throw': 'grenade'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'throw', 'unit': 'tog-2', 'range_m': 6, 'roll': 3}");
  sl_test_refuse (game, "{'type': 'correct-marker', 'marker': 4, 'field': 'due', 'value': {'turn': 1, 'subphase': 6}}",
                  "value", "passed");
  sl_test_play (game, "{'type': 'correct-marker', 'marker': 4, 'field': 'due', 'value': {'turn': 1, 'subphase': 10}}");
  sl_test_go_to_subphase (game, 10);
  while (sl_game_get_state (game)->step != SL_STEP_EXPLOSION)
    sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'blast', 'marker': 4}");

  /* An obstacle's damage, in half levels. */
  sl_test_play (game, "{'type': 'next'}");
  advance (game);
  advance (game);
  while (sl_game_get_state (game)->step != SL_STEP_INITIATIVE_ORDER)
    advance (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire',"
                      " 'obstacle': {'label': 'the fence', 'kind': 'furniture'}}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1'}");
  g_assert_nonnull (find_marker (SL_MARKER_OBSTACLE, sl_game_get_state (game), "the fence"));
  {
    int id = find_marker (SL_MARKER_OBSTACLE, sl_game_get_state (game), "the fence")->id;
    g_autofree char *fix = g_strdup_printf ("{'type': 'correct-marker', 'marker': %d, 'field': 'damage', 'value': 1.5}", id);
    g_autofree char *bad = g_strdup_printf ("{'type': 'correct-marker', 'marker': %d, 'field': 'damage', 'value': 1.2}", id);

    sl_test_refuse (game, bad, "value", "half");
    sl_test_play (game, fix);
    g_assert_cmpint (marker (game, id)->amount, ==, 3);
  }
}

/* P-15, T-23: a unit's fire history corrected by hand is the one the rate
 * of fire counts. */
static void
test_correct_fires (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 3);
  /* Say tog-1 fired single shots in subphases 1 and 2: a third is refused
   * (two a turn for a weapon without automatic fire, T-23)... */
  sl_test_refuse (game, "{'type': 'correct', 'unit': 'cw-14', 'field': 'fires',"
                        " 'value': [{'turn': 1, 'subphase': 4, 'mode': 'single'}]}", "value[0].turn", NULL);
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-14', 'field': 'fires',"
                      " 'value': [{'turn': 1, 'subphase': 1, 'mode': 'single'}, {'turn': 1, 'subphase': 2, 'mode': 'single'}]}");
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->n_fires, ==, 2);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'target': 'tog-1'}", "unit", NULL);
  /* ... and cleared, it may fire. */
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-14', 'field': 'fires', 'value': []}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'target': 'tog-1'}");
}

/* T-34a: two plastic charges at the same spot go off together (5 at
 * 1–2 m); A-80: a shaped charge that breached its wall hits zone A (PF 5). */
static void
test_charges_together (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'plastic_charges', 'value': 1}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-4', 'field': 'plastic_charges', 'value': 1}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-5', 'field': 'shaped_charges', 'value': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'install-plastic', 'label': 'gate'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-4', 'action': 'install-plastic', 'label': 'gate'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-5', 'action': 'install-shaped', 'label': 'wall'}");
  sl_test_go_to_subphase (game, 6);
  g_assert_cmpint (marker (game, 1)->type, ==, 2);
  g_assert_cmpint (sl_test_unit_state (game, "tog-4")->plastic_charges, ==, 0);
  sl_test_go_to_subphase (game, 10);
  g_assert_cmpint (marker (game, 2)->kind, ==, SL_MARKER_CHARGE);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-4', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-3', 'marker': 1}");
  sl_test_refuse (game, "{'type': 'detonate', 'unit': 'tog-4', 'marker': 1}", "marker", "already");
  sl_test_play (game, "{'type': 'detonate', 'unit': 'tog-4', 'marker': 2}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_refuse (game, "{'type': 'blast', 'marker': 1, 'breached': true}", "breached", "A-81");
  e = sl_test_play (game, "{'type': 'blast', 'marker': 1, 'units': [{'unit': 'cw-14', 'distance_m': 1.5}]}");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (
    json_object_get_array_member (result_of (e), "units"), 0), "penetration"), ==, 5);
  /* only the units named in the strip behind the wall; the
   * installer in front of it is not. */
  e = sl_test_play (game, "{'type': 'blast', 'marker': 2, 'breached': true,"
                          " 'units': [{'unit': 'cw-15', 'distance_m': 1, 'in_strip': true},"
                          " {'unit': 'tog-5', 'distance_m': 1}]}");
  g_test_message ("%s", e->summary);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (
    json_object_get_array_member (result_of (e), "units"), 0), "penetration"), ==, 5);
  g_assert_false (sl_test_bool (e->result, "units[1].affected"));
  g_assert_cmpint (sl_test_unit_state (game, "tog-5")->wound, ==, SL_WOUND_NONE);
  g_assert_cmpint (json_object_get_int_member (result_of (e), "breach_marker"), ==, 3);
  g_assert_cmpint (marker (game, 3)->kind, ==, SL_MARKER_BREACH);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->phase, !=, SL_PHASE_ACTION);
}

/* P-37 step 6: a dud stays on the table, never goes off again. */
static void
test_mine_dud (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'cw-17', 'label': 'B4'}");
  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'mine', 'marker': 1, 'unit': 'tog-5', 'distance_m': 1, 'dud': true}");
  g_assert_true (marker (game, 1)->resolved);
  g_assert_cmpint (sl_test_unit_state (game, "tog-5")->wound, ==, SL_WOUND_NONE);
  sl_test_refuse (game, "{'type': 'mine', 'marker': 1, 'unit': 'tog-5', 'distance_m': 1}", "marker", "P-37");
}

/* P-37, A-82: a mine written down before the game goes off at once when
 * an enemy comes within 1 m: PF 6 on the unit, which stops. */
static void
test_mine (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  e = sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'cw-17', 'label': 'B4 crossroads'}");
  g_assert_true (marker (game, 1)->secret);
  sl_test_start_turn (game);
  sl_test_refuse (game, "{'type': 'mine', 'action': 'lay', 'unit': 'cw-17', 'label': 'C5'}",
                  "type", "P-37 step 2");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-5', 'action': 'walk'}");
  /* P-37 step 3; issue 30 #2: as for a marker that is no mine. */
  sl_test_refuse (game, "{'type': 'mine', 'marker': 1, 'unit': 'cw-13', 'distance_m': 0.5}",
                  "marker", "friendly units never set off their own side’s mines (P-37 step 3)");
  sl_test_refuse (game, "{'type': 'mine', 'marker': 1, 'unit': 'tog-5', 'distance_m': 3}",
                  "distance_m", "P-37");
  e = sl_test_play (game, "{'type': 'mine', 'marker': 1, 'unit': 'tog-5', 'distance_m': 0.5,"
                          " 'units': [{'unit': 'tog-6', 'distance_m': 3}]}");
  g_test_message ("%s", e->summary);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (result_of (e), "trigger_unit"),
                                               "penetration"), ==, 6);
  g_assert_null (sl_test_unit_state (game, "tog-5")->current.action);
  g_assert_null (marker (game, 1));
}

/* the target's movement is what it did this subphase, up to the
 * shot. A walker stopped by the mine it set off has walked: the
 * opportunity fire at it then takes the walking +1, as it would have
 * before the mine went off; a shot in the ranged-fire step too. */
static void
test_mine_stops_walker_keeps_movement_a50 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'cw-17', 'label': 'B4 crossroads'}");
  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'opportunity-fire'}");
  sl_test_go_to_subphase (game, 3);
  g_assert_true (sl_test_unit_state (game, "cw-13")->opportunity_armed);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'target': 'tog-5'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-5', 'action': 'walk'}");
  sl_test_play (game, "{'type': 'mine', 'marker': 1, 'unit': 'tog-5', 'distance_m': 0.5}");
  g_assert_null (sl_test_unit_state (game, "tog-5")->current.action);
  g_assert_cmpint (sl_test_unit_state (game, "tog-5")->moving, ==, SL_MOVE_WALK);
  e = sl_test_play (game, "{'type': 'fire', 'unit': 'cw-13', 'target': 'tog-5', 'roll': 9}");
  g_assert_cmpint (sl_test_breakdown (e->result, "breakdown", "target-movement"), ==, 1);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_RANGED_FIRE);
  e = sl_test_play (game, "{'type': 'fire', 'unit': 'cw-14', 'roll': 9}");
  g_assert_cmpint (sl_test_breakdown (e->result, "breakdown", "target-movement"), ==, 1);
  /* Next subphase it stands still. */
  sl_test_go_to_subphase (game, 4);
  g_assert_cmpint (sl_test_unit_state (game, "tog-5")->moving, ==, SL_MOVE_NONE);
}

/* P-38, A-13: a mortar strike called in subphase 1 (10 AP) lands in the
 * explosion step of subphase 10; T-35 hits on ≤ 4, 3-charge profile. */
static void
test_fire_mission (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (PHASE_SETUP (""));
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  g_assert_cmpint (sl_game_get_state (game)->subphase, ==, 1);
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'call-fire-mission', 'mission': 'mortar', 'label': 'the ridge'}");
  while (sl_game_get_state (game)->subphase < 10)
    sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (marker (game, 1)->kind, ==, SL_MARKER_FIRE_MISSION);
  sl_test_refuse (game, "{'type': 'fire-mission', 'marker': 1, 'mission': 'mortar', 'roll': 2}",
                  "type", "explosion");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_EXPLOSION);
  sl_test_refuse (game, "{'type': 'next'}", "type", "the ridge");
  sl_test_refuse (game, "{'type': 'fire-mission', 'marker': 1, 'mission': 'howitzer'}", "mission", "T-35");
  e = sl_test_play (game, "{'type': 'fire-mission', 'marker': 1, 'mission': 'mortar', 'roll': 2,"
                          " 'units': [{'unit': 'b-1', 'distance_m': 3}]}");
  g_test_message ("%s", e->summary);
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (result_of (e), "shot"),
                                                 "on_target"));
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (
    json_object_get_array_member (result_of (e), "units"), 0), "penetration"), ==, 5);
  g_assert_null (marker (game, 1));
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->turn, ==, 2);
}

/* A-13 option fireMissionsInPhase: the mission lands in the Fire Mission
 * Phase, after subphase 10; a missile misses on a 7 and scatters 3 m. */
static void
test_fire_mission_in_phase (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (PHASE_SETUP (" 'options': {'fireMissionsInPhase': true},"));
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  g_assert_cmpint (sl_game_get_state (game)->subphase, ==, 1);
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'call-fire-mission', 'mission': 'missile'}");
  while (sl_game_get_state (game)->subphase < 10)
    sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_FIRE_MISSION);
  sl_test_refuse (game, "{'type': 'next'}", "type", "A-13");
  e = sl_test_play (game, "{'type': 'fire-mission', 'marker': 1, 'mission': 'missile', 'roll': 7,"
                          " 'scatter_rolls': [5], 'units': [{'unit': 'b-1', 'distance_m': 9}]}");
  g_test_message ("%s", e->summary);
  assert_summary (e, "scatters 3 m left");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (
    json_object_get_array_member (result_of (e), "units"), 0), "penetration"), ==, 4);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->turn, ==, 2);
}

/* P-35: the launcher fires 2 of its 4 frag grenades in one action. */
static void
test_launch (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlJournalEntry *e;
  int load = sl_test_unit_state (game, "tog-6")->launcher_load[SL_GRENADE_FG];

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-6', 'action': 'fire', 'throw': 'launcher'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_refuse (game, "{'type': 'launch', 'unit': 'tog-6', 'grenades': [{'range_m': 5}]}",
                  "grenades[0].range_m", "10");
  e = sl_test_play (game, "{'type': 'launch', 'unit': 'tog-6', 'grenades': ["
                          " {'range_m': 20, 'roll': 4}, {'range_m': 22, 'roll': 6, 'scatter_rolls': [7]}]}");
  g_test_message ("%s", e->summary);
  g_assert_cmpint (sl_test_unit_state (game, "tog-6")->launcher_load[SL_GRENADE_FG], ==, load - 2);
  assert_summary (e, "scatters 4 m right");
  g_assert_nonnull (marker (game, 1));
  g_assert_nonnull (marker (game, 2));
}

/* Undo and redo of a blast restore the state exactly. */
static void
test_undo_redo (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(JsonNode) before = NULL;
  g_autoptr(JsonNode) after = NULL;
  g_autoptr(JsonNode) undone = NULL;
  g_autoptr(JsonNode) redone = NULL;

  ready_throw (game);
  sl_test_play (game, "{'type': 'throw', 'unit': 'tog-2', 'range_m': 3, 'roll': 1}");
  go_to_explosion (game, 5);
  before = sl_game_state_to_json (game);
  sl_test_play (game, "{'type': 'blast', 'marker': 1, 'units': [{'unit': 'cw-14', 'distance_m': 1}]}");
  after = sl_game_state_to_json (game);
  g_assert_false (json_node_equal (before, after));
  g_assert_true (sl_game_undo (game));
  undone = sl_game_state_to_json (game);
  g_assert_true (json_node_equal (undone, before));
  g_assert_true (sl_game_redo (game));
  redone = sl_game_state_to_json (game);
  g_assert_true (json_node_equal (redone, after));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/explosives/grenade", test_grenade);
  g_test_add_func ("/game/explosives/grenade-scatter", test_grenade_scatter);
  g_test_add_func ("/game/explosives/sacrifice-dive-A-111", test_sacrifice_dive);
  g_test_add_func ("/game/explosives/smoke", test_smoke);
  g_test_add_func ("/game/explosives/smoke-clears", test_smoke_clears);
  g_test_add_func ("/game/explosives/refusals", test_refusals);
  g_test_add_func ("/game/explosives/not-due", test_not_due);
  g_test_add_func ("/game/explosives/charge", test_charge);
  g_test_add_func ("/game/explosives/charges-together", test_charges_together);
  g_test_add_func ("/game/explosives/charge-shot-T-32", test_charge_shot_t32);
  g_test_add_func ("/game/explosives/charge-caught-A-84", test_charge_caught_a84);
  g_test_add_func ("/game/explosives/charge-deactivate-P-36", test_charge_deactivate);
  g_test_add_func ("/game/explosives/detonate-deactivated-P-36", test_detonate_deactivated_p36);
  g_test_add_func ("/game/explosives/fire-at-obstacle-P-25-P-26", test_fire_at_obstacle);
  g_test_add_func ("/game/explosives/blast-obstacle-A-79-A-81", test_blast_obstacle);
  g_test_add_func ("/game/explosives/correct-marker", test_correct_marker);
  g_test_add_func ("/game/explosives/correct-fires-P-15", test_correct_fires);
  g_test_add_func ("/game/explosives/mine", test_mine);
  g_test_add_func ("/game/explosives/mine-dud", test_mine_dud);
  g_test_add_func ("/game/explosives/mine-chain", test_mine_chain);
  g_test_add_func ("/game/explosives/mine-stops-walker-keeps-movement-A-50", test_mine_stops_walker_keeps_movement_a50);
  g_test_add_func ("/game/explosives/fire-mission", test_fire_mission);
  g_test_add_func ("/game/explosives/fire-missions-bought-P-38", test_fire_missions_bought);
  g_test_add_func ("/game/explosives/mines-bought-P-37", test_mines_bought);
  g_test_add_func ("/game/explosives/correct-impossible-P-36", test_correct_impossible);
  g_test_add_func ("/game/explosives/fire-mission-in-phase", test_fire_mission_in_phase);
  g_test_add_func ("/game/explosives/launch", test_launch);
  g_test_add_func ("/game/explosives/undo-redo", test_undo_redo);
  return g_test_run ();
}
