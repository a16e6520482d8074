/* test-command-new.c: the typed constructors of the commands the app
 * sends (sl-command-new.h) — each one writes the form docs/commands.md
 * documents, member for member in the app's order, and the game takes it
 * where the rules allow it; the dice a sheet asks for go where the
 * command reads them.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-command-new.h"
#include "sl-json.h"
#include "sl-rules-private.h"
#include "sl-test-game.h"

/* @command is @expected (single quotes for double), member for member and
 * in the same order. */
static void
assert_command (JsonNode   *command,
                const char *expected)
{
  g_autofree char *json = sl_test_json (expected);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = sl_json_parse (json, -1, &error);
  g_autofree char *want = NULL;
  g_autofree char *got = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (command);
  want = sl_json_to_string (node, FALSE);
  got = sl_json_to_string (command, FALSE);
  g_assert_cmpstr (got, ==, want);
}

/* @command (taken) is @expected, and the game takes it. */
static const SlJournalEntry *
play (SlGame     *game,
      JsonNode   *command,
      const char *expected)
{
  g_autoptr(JsonNode) owned = command;
  g_autoptr(GError) error = NULL;
  const SlJournalEntry *entry;

  assert_command (command, expected);
  entry = sl_game_apply (game, command, &error);
  if (error != NULL)
    g_test_message ("%s → %s: %s", expected, sl_rule_error_get_field (error), error->message);
  g_assert_no_error (error);
  g_assert_nonnull (entry);
  g_test_message ("%s", entry->summary);
  sl_test_check_reload (game);
  return entry;
}

static int
grouping (SlGame     *game,
          const char *id)
{
  int g = sl_setup_find_grouping (sl_game_get_setup (game), id);

  g_assert_cmpint (g, >=, 0);
  return g;
}

/* The training game with @field of its root set to @json. */
static SlGame *
training_with (const char *field,
               const char *json)
{
  g_autofree char *path = g_build_filename (SL_SOURCE_DATADIR, "scenarios", "training.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *value = sl_test_json (json);
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  SlSetup *setup;
  SlGame *game;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  node = sl_json_parse (text, -1, &error);
  g_assert_no_error (error);
  json_object_set_member (json_node_get_object (node), field, sl_json_parse (value, -1, NULL));
  setup = sl_setup_new_from_json (sl_test_rules (), node, &error);
  g_assert_no_error (error);
  game = sl_game_new (sl_test_rules (), setup);
  sl_game_set_seed (game, 1995);
  return game;
}

/* Initiative, next, declare, cancel, fire (P-06, P-07, P-14). */
static void
test_sequence (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlSetup *setup = sl_game_get_setup (game);
  const SlRules *rules = sl_game_get_rules (game);
  SlInitiativeRoll rolls[] = {
    { grouping (game, "tog-ft1"), 3, FALSE },
    { grouping (game, "tog-ft2"), 6, FALSE },
    { grouping (game, "cw-ft1"), 6, TRUE },
    { grouping (game, "cw-ft2"), 9, FALSE },
  };
  SlInitiativeCommand initiative = { rolls, G_N_ELEMENTS (rolls) };
  SlDeclareCommand fire = SL_DECLARE_COMMAND_INIT;
  SlDeclareCommand kneel = SL_DECLARE_COMMAND_INIT;
  SlDeclareCommand walk = SL_DECLARE_COMMAND_INIT;
  SlFireCommand shot = SL_FIRE_COMMAND_INIT;

  play (game, sl_command_new_initiative (setup, &initiative),
        "{'type': 'initiative', 'rolls': {'tog-ft1': 3, 'tog-ft2': 6, 'cw-ft1': 6, 'cw-ft2': 9},"
        " 'decisions': {'cw-ft1': 'countermove'}}");
  g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_ACTION);
  play (game, sl_command_new_next (), "{'type': 'next'}");
  sl_test_go_to_subphase (game, 7);

  fire.unit = sl_test_unit (game, "cw-13");
  fire.action = sl_rules_action (rules, "fire");
  fire.target = sl_test_unit (game, "tog-4");
  play (game, sl_command_new_declare (setup, &fire),
        "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-4'}");
  kneel.unit = sl_test_unit (game, "tog-1");
  kneel.action = sl_rules_action (rules, "position-change");
  kneel.to_position = SL_POSITION_KNEELING;
  play (game, sl_command_new_declare (setup, &kneel),
        "{'type': 'declare', 'unit': 'tog-1', 'action': 'position-change', 'to_position': 'kneeling'}");
  play (game, sl_command_new_cancel (setup, sl_test_unit (game, "tog-1")), "{'type': 'cancel', 'unit': 'tog-1'}");
  g_assert_null (sl_test_unit_state (game, "tog-1")->current.action);
  walk.unit = sl_test_unit (game, "tog-1");
  walk.action = sl_rules_action (rules, "walk");
  walk.replace = TRUE;
  play (game, sl_command_new_declare (setup, &walk),
        "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk', 'replace': true}");

  play (game, sl_command_new_next (), "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_RANGED_FIRE);
  shot.unit = sl_test_unit (game, "cw-13");
  shot.roll = 9;
  play (game, sl_command_new_fire (setup, &shot), "{'type': 'fire', 'unit': 'cw-13', 'roll': 9}");

  /* Every field the fire sheet sets, in its order. */
  {
    g_autoptr(JsonNode) all = NULL;

    shot.target = sl_test_unit (game, "tog-4");
    shot.cover = SL_COVER_HALF_HARD;
    shot.target_movement = SL_MOVE_RUN;
    shot.firing_at_firer = shot.smoke = shot.concentrated = shot.no_los = TRUE;
    shot.jam_roll = 4;
    shot.hits_roll = 7;
    all = sl_command_new_fire (setup, &shot);
    assert_command (all, "{'type': 'fire', 'unit': 'cw-13', 'target': 'tog-4', 'cover': 'half-hard',"
                         " 'target_movement': 'run', 'firing_at_firer': true, 'smoke': true,"
                         " 'burst': 'concentrated', 'no_los': true, 'roll': 9, 'jam_roll': 4, 'hits_roll': 7}");
  }
  /* The declaration with everything the declare sheet may set. */
  {
    SlDeclareCommand everything = SL_DECLARE_COMMAND_INIT;
    g_autoptr(JsonNode) all = NULL;

    everything.unit = sl_test_unit (game, "tog-6");
    everything.action = sl_rules_action (rules, "fire");
    everything.combined_with = SL_COMBINE_KNEELING;
    everything.thrown = SL_THROW_LAUNCHER;
    everything.burst = SL_BURST_CONCENTRATED;
    everything.mission = sl_rules_fire_mission (rules, "mortar");
    everything.target = sl_test_unit (game, "cw-14");
    everything.charge = 3;
    everything.obstacle_label = "the door";
    everything.obstacle_kind = sl_rules_obstacle (rules, "internal-door");
    everything.to_position = SL_POSITION_PRONE;
    everything.replace = TRUE;
    everything.zero_g_roll = 2;
    everything.avoid_roll = 3;
    everything.attack_roll = 4;
    everything.target_avoids = TRUE;
    all = sl_command_new_declare (setup, &everything);
    assert_command (all, "{'type': 'declare', 'unit': 'tog-6', 'action': 'fire', 'combined_with': 'kneeling',"
                         " 'throw': 'launcher', 'burst': 'concentrated', 'mission': 'mortar', 'target': 'cw-14',"
                         " 'charge': 3, 'obstacle': {'label': 'the door', 'kind': 'internal-door'},"
                         " 'to_position': 'prone', 'replace': true, 'zero_g_roll': 2, 'roll': 3, 'attack_roll': 4,"
                         " 'target_decision': 'avoid'}");
  }
}

/* P-08 step 2: a grouping's turn is over. */
static void
test_pass (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_strict ();

  sl_test_start_turn (game);
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_INITIATIVE_ORDER);
  play (game, sl_command_new_pass (), "{'type': 'pass'}");
}

/* P-30 step 4: the units in the wedge, each with its distance. */
static void
test_area_burst (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'env', 'name': 'Environment', 'length_turns': 3,"
    " 'modules': ['ammunition', 'automatic-fire'],"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': [{'id': 'a-1', 'counter': 1,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['SR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'b-1', 'counter': 2, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'b-2', 'counter': 3, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
  const SlSetup *setup = sl_game_get_setup (game);
  SlDeclareCommand declared = SL_DECLARE_COMMAND_INIT;
  SlAreaBurstTarget targets[] = {
    { sl_test_unit (game, "b-2"), 12, SL_COVER_HALF_SOFT, FALSE, 9 },
    { sl_test_unit (game, "b-1"), 4.5, SL_COVER_NONE, TRUE, 8 },
  };
  SlAreaBurstCommand burst = { sl_test_unit (game, "a-1"), targets, G_N_ELEMENTS (targets), TRUE, 0 };

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  declared.unit = sl_test_unit (game, "a-1");
  declared.action = sl_rules_action (sl_game_get_rules (game), "fire");
  declared.burst = SL_BURST_AREA;
  play (game, sl_command_new_declare (setup, &declared),
        "{'type': 'declare', 'unit': 'a-1', 'action': 'fire', 'burst': 'area'}");
  sl_test_play (game, "{'type': 'next'}");
  play (game, sl_command_new_area_burst (setup, &burst),
        "{'type': 'area-burst', 'unit': 'a-1', 'targets': ["
        " {'unit': 'b-2', 'distance_m': 12, 'cover': 'half-soft', 'roll': 9},"
        " {'unit': 'b-1', 'distance_m': 4.5, 'firing_at_firer': true, 'roll': 8}], 'smoke': true}");

  /* A row not named yet; the jam check's die. */
  {
    SlAreaBurstTarget unnamed = { -1, 1, SL_COVER_NONE, FALSE, 0 };
    SlAreaBurstCommand probe = { sl_test_unit (game, "a-1"), &unnamed, 1, FALSE, 1 };
    g_autoptr(JsonNode) command = sl_command_new_area_burst (setup, &probe);

    assert_command (command, "{'type': 'area-burst', 'unit': 'a-1', 'targets': [{'distance_m': 1}], 'jam_roll': 1}");
  }
}

/* P-37, P-34, P-08 step 4: a mine written down, a grenade thrown and its
 * blast, the mine set off. */
static void
test_grenade_and_mine (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlSetup *setup = sl_game_get_setup (game);
  const SlDieNeed roll = { "roll", 10, "Landing roll", FALSE };
  SlDeclareCommand throw = SL_DECLARE_COMMAND_INIT;
  SlBlastUnit caught[] = {
    { sl_test_unit (game, "cw-14"), 1, FALSE, FALSE, FALSE, FALSE },
    { sl_test_unit (game, "cw-15"), 5, TRUE, FALSE, FALSE, FALSE },
  };
  SlBlastCommand blast = { .marker = 2, .units = caught, .n_units = G_N_ELEMENTS (caught) };
  SlMineTriggerCommand trigger = { .marker = 1, .unit = sl_test_unit (game, "cw-13"), .distance_m = 1 };
  JsonNode *command;

  play (game, sl_command_new_mine_lay (setup, sl_test_unit (game, "tog-1"), "D2"),
        "{'type': 'mine', 'action': 'lay', 'unit': 'tog-1', 'label': 'D2'}");
  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 2);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'pick-up-object'}");
  sl_test_go_to_subphase (game, 3);
  throw.unit = sl_test_unit (game, "tog-2");
  throw.action = sl_rules_action (sl_game_get_rules (game), "fire");
  throw.thrown = SL_THROW_GRENADE;
  play (game, sl_command_new_declare (setup, &throw),
        "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'throw': 'grenade'}");
  sl_test_play (game, "{'type': 'next'}");

  /* The throw sheet: the command as it opens, then what the table says. */
  command = sl_command_new_throw (setup, sl_test_unit (game, "tog-2"));
  assert_command (command, "{'type': 'throw', 'unit': 'tog-2'}");
  sl_command_set_value (command, "grenade", g_variant_new_string ("frag"));
  sl_command_set_value (command, "range_m", g_variant_new_double (12));
  sl_command_set_die (command, &roll, 3);
  play (game, command, "{'type': 'throw', 'unit': 'tog-2', 'grenade': 'frag', 'range_m': 12, 'roll': 3}");

  /* Due in subphase 5; the table says 6. */
  play (game, sl_command_new_correct_marker_moment (2, "due", 1, 6),
        "{'type': 'correct-marker', 'marker': 2, 'field': 'due', 'value': {'turn': 1, 'subphase': 6}}");
  sl_test_go_to_subphase (game, 6);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_EXPLOSION);
  play (game, sl_command_new_blast (setup, &blast),
        "{'type': 'blast', 'marker': 2, 'units': [{'unit': 'cw-14', 'distance_m': 1},"
        " {'unit': 'cw-15', 'distance_m': 5, 'half_cover': true}]}");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_INITIATIVE_ORDER);
  play (game, sl_command_new_mine_trigger (setup, &trigger),
        "{'type': 'mine', 'action': 'trigger', 'marker': 1, 'unit': 'cw-13', 'distance_m': 1, 'units': []}");
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->wound, >, SL_WOUND_NONE);

  /* A dud, with others caught and a charge: every field. */
  {
    SlCaughtCharge charges[] = { { 4, 0 }, { 5, 10 } };
    SlMineTriggerCommand dud = { 1, sl_test_unit (game, "cw-13"), 0.5, TRUE, caught, 1, charges, 2 };
    g_autoptr(JsonNode) all = sl_command_new_mine_trigger (setup, &dud);

    assert_command (all, "{'type': 'mine', 'action': 'trigger', 'marker': 1, 'unit': 'cw-13', 'distance_m': 0.5,"
                         " 'dud': true, 'units': [{'unit': 'cw-14', 'distance_m': 1}],"
                         " 'charges': [{'marker': 4}, {'marker': 5, 'roll': 10}]}");
  }
}

/* P-36: a charge fired at, a charge set off by radio, its blast against a
 * named obstacle. */
static void
test_charges (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlSetup *setup = sl_game_get_setup (game);
  const SlRules *rules = sl_game_get_rules (game);
  SlDeclareCommand at_charge = SL_DECLARE_COMMAND_INIT;
  SlDeclareCommand radio = SL_DECLARE_COMMAND_INIT;
  SlBlastCommand blast = { .marker = 1, .obstacle_label = "north wall",
                           .obstacle_kind = sl_rules_obstacle (rules, "internal-wall") };
  JsonNode *command;

  sl_test_start_turn (game);
  play (game, sl_command_new_correct_int (setup, sl_test_unit (game, "tog-3"), "plastic_charges", 1),
        "{'type': 'correct', 'unit': 'tog-3', 'field': 'plastic_charges', 'value': 1}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-4', 'field': 'plastic_charges', 'value': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'install-plastic', 'label': 'the gate'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-4', 'action': 'install-plastic', 'label': 'the door'}");
  sl_test_go_to_subphase (game, 6);

  at_charge.unit = sl_test_unit (game, "cw-14");
  at_charge.action = sl_rules_action (rules, "fire");
  at_charge.charge = 2;
  play (game, sl_command_new_declare (setup, &at_charge),
        "{'type': 'declare', 'unit': 'cw-14', 'action': 'fire', 'charge': 2}");
  radio.unit = sl_test_unit (game, "tog-6");
  radio.action = sl_rules_action (rules, "fire");
  radio.thrown = SL_THROW_CHARGE;
  play (game, sl_command_new_declare (setup, &radio),
        "{'type': 'declare', 'unit': 'tog-6', 'action': 'fire', 'throw': 'charge'}");
  sl_test_play (game, "{'type': 'next'}");
  {
    SlFireCommand shot = SL_FIRE_COMMAND_INIT;

    shot.unit = sl_test_unit (game, "cw-14");
    shot.roll = 2;
    play (game, sl_command_new_fire (setup, &shot), "{'type': 'fire', 'unit': 'cw-14', 'roll': 2}");
  }
  command = sl_command_new_detonate (setup, sl_test_unit (game, "tog-6"));
  sl_command_set_value (command, "marker", g_variant_new_int32 (1));
  play (game, command, "{'type': 'detonate', 'unit': 'tog-6', 'marker': 1}");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_EXPLOSION);
  play (game, sl_command_new_blast (setup, &blast),
        "{'type': 'blast', 'marker': 1, 'obstacle': {'label': 'north wall', 'kind': 'internal-wall'}, 'units': []}");

  /* A grenade's distance from the obstacle; a breach said without one. */
  {
    SlCaughtCharge charge = { 2, 3 };
    SlBlastCommand grenade = { .marker = 5, .obstacle_label = "the door", .obstacle_distance = TRUE,
                               .obstacle_distance_m = 2, .breached = TRUE };
    SlBlastCommand shaped = { .marker = 6, .breached = TRUE, .charges = &charge, .n_charges = 1 };
    g_autoptr(JsonNode) a = sl_command_new_blast (setup, &grenade);
    g_autoptr(JsonNode) b = sl_command_new_blast (setup, &shaped);

    assert_command (a, "{'type': 'blast', 'marker': 5, 'obstacle': {'label': 'the door', 'distance_m': 2}, 'units': []}");
    assert_command (b, "{'type': 'blast', 'marker': 6, 'breached': true, 'units': [],"
                       " 'charges': [{'marker': 2, 'roll': 3}]}");
  }
}

/* P-25, P-26: a fire at an obstacle, and the shot that breaks it goes on
 * into the units behind. */
static void
test_fire_at_obstacle (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlSetup *setup = sl_game_get_setup (game);
  const SlRules *rules = sl_game_get_rules (game);
  SlDeclareCommand door = SL_DECLARE_COMMAND_INIT;
  SlFireCommand shot = SL_FIRE_COMMAND_INIT;
  SlFireBehind behind = { sl_test_unit (game, "cw-13"), 4 };

  sl_test_start_turn (game);
  door.unit = sl_test_unit (game, "tog-1");
  door.action = sl_rules_action (rules, "fire");
  door.obstacle_label = "the door";
  door.obstacle_kind = sl_rules_obstacle (rules, "internal-door");
  play (game, sl_command_new_declare (setup, &door),
        "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'obstacle': {'label': 'the door', 'kind': 'internal-door'}}");
  sl_test_play (game, "{'type': 'next'}");
  shot.unit = sl_test_unit (game, "tog-1");
  play (game, sl_command_new_fire (setup, &shot), "{'type': 'fire', 'unit': 'tog-1'}");
  /* Its damage, 4 levels, said to be 1½ instead (P-25). */
  g_assert_cmpint (sl_game_get_state (game)->markers->len, ==, 1);
  g_assert_cmpint (g_array_index (sl_game_get_state (game)->markers, SlMarker, 0).id, ==, 1);
  play (game, sl_command_new_correct_marker_number (1, "damage", 1.5),
        "{'type': 'correct-marker', 'marker': 1, 'field': 'damage', 'value': 1.5}");
  g_assert_cmpint (g_array_index (sl_game_get_state (game)->markers, SlMarker, 0).amount, ==, 3);

  sl_test_go_to_subphase (game, 2);
  door.unit = sl_test_unit (game, "tog-2");
  door.obstacle_kind = NULL;
  play (game, sl_command_new_declare (setup, &door),
        "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'obstacle': {'label': 'the door'}}");
  sl_test_play (game, "{'type': 'next'}");
  shot.unit = sl_test_unit (game, "tog-2");
  shot.follow_through = TRUE;
  shot.behind = &behind;
  shot.n_behind = 1;
  play (game, sl_command_new_fire (setup, &shot),
        "{'type': 'fire', 'unit': 'tog-2', 'behind': [{'unit': 'cw-13', 'roll': 4}]}");
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->wound, >, SL_WOUND_NONE);

  /* Nobody ticked behind it: the list is there, empty. */
  {
    g_autoptr(JsonNode) none = NULL;

    shot.n_behind = 0;
    none = sl_command_new_fire (setup, &shot);
    assert_command (none, "{'type': 'fire', 'unit': 'tog-2', 'behind': []}");
  }
}

/* P-35: a salvo of two grenades, each with its range and dice. */
static void
test_launch (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlSetup *setup = sl_game_get_setup (game);
  const SlDieNeed dice[] = {
    { "grenades[0].roll", 10, "Grenade 1: landing roll", FALSE },
    { "grenades[1].roll", 10, "Grenade 2: landing roll", FALSE },
    { "grenades[1].scatter_rolls", 10, "Grenade 2: scatter direction, on a miss", TRUE },
  };
  SlDeclareCommand launcher = SL_DECLARE_COMMAND_INIT;
  JsonNode *command;

  sl_test_start_turn (game);
  launcher.unit = sl_test_unit (game, "tog-6");
  launcher.action = sl_rules_action (sl_game_get_rules (game), "fire");
  launcher.thrown = SL_THROW_LAUNCHER;
  play (game, sl_command_new_declare (setup, &launcher),
        "{'type': 'declare', 'unit': 'tog-6', 'action': 'fire', 'throw': 'launcher'}");
  sl_test_play (game, "{'type': 'next'}");
  command = sl_command_new_launch (setup, sl_test_unit (game, "tog-6"), SL_GRENADE_FRAG, 2);
  assert_command (command, "{'type': 'launch', 'unit': 'tog-6', 'grenades': [{'grenade': 'frag'}, {'grenade': 'frag'}]}");
  sl_command_set_value (command, "grenades[0].range_m", g_variant_new_double (20));
  sl_command_set_value (command, "grenades[1].range_m", g_variant_new_double (22));
  sl_command_set_die (command, &dice[0], 4);
  sl_command_set_die (command, &dice[1], 6);
  sl_command_set_die (command, &dice[2], 7);
  play (game, command, "{'type': 'launch', 'unit': 'tog-6', 'grenades': ["
                       " {'grenade': 'frag', 'range_m': 20, 'roll': 4},"
                       " {'grenade': 'frag', 'range_m': 22, 'roll': 6, 'scatter_rolls': [7]}]}");
}

/* P-38: a fire mission called, and landing. */
static void
test_fire_mission (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'fm', 'name': 'Fire missions', 'length_turns': 3,"
    " 'modules': ['ammunition', 'leadership', 'area-effects'],"
    " 'sides': ["
    "  {'id': 'a', 'fire_missions': {'mortar': 2, 'missile': 1}, 'squads': [{'id': 'a1', 'leader': 'a-1',"
    "     'units': [{'id': 'a-1', 'counter': 1, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 2,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
  const SlSetup *setup = sl_game_get_setup (game);
  const SlRules *rules = sl_game_get_rules (game);
  SlDeclareCommand call = SL_DECLARE_COMMAND_INIT;
  SlFireMissionCommand lands = { .marker = 1, .roll = 2 };

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  call.unit = sl_test_unit (game, "a-1");
  call.action = sl_rules_action (rules, "call-fire-mission");
  call.mission = sl_rules_fire_mission (rules, "missile");
  play (game, sl_command_new_declare (setup, &call),
        "{'type': 'declare', 'unit': 'a-1', 'action': 'call-fire-mission', 'mission': 'missile'}");
  while (sl_game_get_state (game)->step != SL_STEP_EXPLOSION)
    sl_test_play (game, "{'type': 'next'}");
  play (game, sl_command_new_fire_mission (setup, &lands), "{'type': 'fire-mission', 'marker': 1, 'roll': 2, 'units': []}");

  /* A call of a game of format 2, its note, a miss and its scatter die. */
  {
    SlBlastUnit unit = { sl_test_unit (game, "b-1"), 6, FALSE, TRUE, FALSE, FALSE };
    SlFireMissionCommand all = { 2, sl_rules_fire_mission (rules, "mortar"), 9, 3, 4, &unit, 1, NULL, 0 };
    g_autoptr(JsonNode) command = sl_command_new_fire_mission (setup, &all);

    assert_command (command, "{'type': 'fire-mission', 'marker': 2, 'mission': 'mortar', 'roll': 9,"
                             " 'scatter_rolls': [3], 'sealed': 4,"
                             " 'units': [{'unit': 'b-1', 'distance_m': 6, 'full_cover': true}]}");
  }
}

/* P-22, P-23, P-24: an engagement avoided, then one fought. */
static void
test_melee (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'e20', 'name': 'E-20', 'length_turns': 12,"
    " 'sides': ["
    "  {'id': 'a', 'name': 'TOG', 'squads': [{'id': 'a1', 'units': ["
    "     {'id': 'bounce', 'counter': 1, 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR']},"
    "     {'id': 'mate', 'counter': 2, 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR']}]}]},"
    "  {'id': 'b', 'name': 'Commonwealth', 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'tech', 'counter': 3, 'troop': 'tech', 'armor': 'LI', 'weapons': ['LP']}]}]}]}");
  const SlSetup *setup = sl_game_get_setup (game);
  SlEngageCommand engage = { sl_test_unit (game, "bounce"), sl_test_unit (game, "tech"), TRUE, FALSE, 0, 0 };
  const SlDieNeed avoid_dice[] = { { "roll", 10, "Avoidance roll", FALSE }, { "attack_roll", 10, "Free attack", FALSE } };
  const SlDieNeed melee_dice[] = { { "roll", 10, "Mate strikes", FALSE }, { "target_roll", 10, "Tech strikes", FALSE } };
  JsonNode *command;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 8, 'b1': 2}}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tech', 'action': 'use-device'}");
  play (game, sl_command_new_engage (setup, &engage),
        "{'type': 'engage', 'unit': 'bounce', 'target': 'tech', 'decision': 'avoid'}");
  sl_test_play (game, "{'type': 'next'}");
  command = sl_command_new_avoid (setup, sl_test_unit (game, "tech"));
  sl_command_set_die (command, &avoid_dice[0], 2);
  sl_command_set_die (command, &avoid_dice[1], 9);
  play (game, command, "{'type': 'avoid', 'unit': 'tech', 'roll': 2, 'attack_roll': 9}");

  engage.unit = sl_test_unit (game, "mate");
  engage.avoid = FALSE;
  engage.replace = TRUE;
  play (game, sl_command_new_engage (setup, &engage),
        "{'type': 'engage', 'unit': 'mate', 'target': 'tech', 'replace': true}");
  while (sl_game_get_state (game)->step != SL_STEP_MELEE)
    sl_test_play (game, "{'type': 'next'}");
  command = sl_command_new_melee (setup, sl_test_unit (game, "mate"));
  sl_command_set_value (command, "target_stance", g_variant_new_string ("parry"));
  sl_command_set_modifier (command, "modifiers", "Table", -2);
  sl_command_set_die (command, &melee_dice[0], 5);
  sl_command_set_die (command, &melee_dice[1], 9);
  play (game, command, "{'type': 'melee', 'unit': 'mate', 'target_stance': 'parry',"
                       " 'modifiers': [{'source': 'Table', 'value': -2}], 'roll': 5, 'target_roll': 9}");

  /* In zero-G, the checks' dice. */
  {
    SlEngageCommand zero_g = { sl_test_unit (game, "mate"), sl_test_unit (game, "tech"), FALSE, FALSE, 3, 10 };
    g_autoptr(JsonNode) all = sl_command_new_engage (setup, &zero_g);

    assert_command (all, "{'type': 'engage', 'unit': 'mate', 'target': 'tech', 'zero_g_roll': 3, 'target_zero_g_roll': 10}");
  }
}

/* P-31, P-32: rout checks every turn, then a rally. */
static void
test_morale (void)
{
  g_autoptr(SlGame) game = training_with ("options", "{'routCheckInterval': 1, 'freeDeclarationOrder': true}");
  const SlSetup *setup = sl_game_get_setup (game);
  const SlDieNeed d100 = { "roll", 100, "Rout check (d100)", FALSE };
  const SlDieNeed d10 = { "roll", 10, "Rally (d10)", FALSE };
  SlDeclareCommand rally = SL_DECLARE_COMMAND_INIT;
  JsonNode *command;

  sl_test_start_turn (game);
  for (int guard = 0; guard < 200 && sl_game_get_state (game)->phase == SL_PHASE_ACTION; guard++)
    sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_ROUT_RALLY);
  command = sl_command_new_rout_check (setup, sl_setup_find_squad (setup, "tog-squad"));
  sl_command_set_die (command, &d100, 60);
  play (game, command, "{'type': 'rout-check', 'squad': 'tog-squad', 'roll': 60}");
  command = sl_command_new_rout_check (setup, sl_setup_find_squad (setup, "cw-squad"));
  sl_command_set_die (command, &d100, 1);
  play (game, command, "{'type': 'rout-check', 'squad': 'cw-squad', 'roll': 1}");
  sl_test_play (game, "{'type': 'next'}");

  sl_test_start_turn (game);
  rally.unit = sl_test_unit (game, "cw-17");
  rally.action = sl_rules_action (sl_game_get_rules (game), "rally");
  play (game, sl_command_new_declare (setup, &rally), "{'type': 'declare', 'unit': 'cw-17', 'action': 'rally'}");
  sl_test_go_to_subphase (game, 10);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_RALLY);
  command = sl_command_new_rally (setup, sl_test_unit (game, "cw-17"));
  sl_command_set_die (command, &d10, 10);
  play (game, command, "{'type': 'rally', 'unit': 'cw-17', 'roll': 10}");
}

/* `correct` and `correct-marker`, a value of each kind. */
static void
test_corrections (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlSetup *setup = sl_game_get_setup (game);
  int tog1 = sl_test_unit (game, "tog-1");
  SlCorrectFire fires[] = { { 1, 1, SL_FIRE_MODE_SINGLE, sl_test_unit (game, "cw-13") } };

  sl_test_start_turn (game);
  play (game, sl_command_new_correct_string (setup, sl_test_unit (game, "cw-13"), "wound", "serious"),
        "{'type': 'correct', 'unit': 'cw-13', 'field': 'wound', 'value': 'serious'}");
  play (game, sl_command_new_correct_boolean (setup, sl_test_unit (game, "tog-2"), "routed", TRUE),
        "{'type': 'correct', 'unit': 'tog-2', 'field': 'routed', 'value': true}");
  play (game, sl_command_new_correct_moment (setup, tog1, "dazed_until", 1, 2),
        "{'type': 'correct', 'unit': 'tog-1', 'field': 'dazed_until', 'value': {'turn': 1, 'subphase': 2}}");
  play (game, sl_command_new_correct_null (setup, tog1, "dazed_until"),
        "{'type': 'correct', 'unit': 'tog-1', 'field': 'dazed_until', 'value': null}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk'}");
  play (game, sl_command_new_correct_null (setup, tog1, "action"),
        "{'type': 'correct', 'unit': 'tog-1', 'field': 'action', 'value': null}");
  g_assert_null (sl_test_unit_state (game, "tog-1")->current.action);
  play (game, sl_command_new_correct_fires (setup, tog1, fires, G_N_ELEMENTS (fires)),
        "{'type': 'correct', 'unit': 'tog-1', 'field': 'fires',"
        " 'value': [{'turn': 1, 'subphase': 1, 'mode': 'single', 'target': 'cw-13'}]}");
  g_assert_cmpint (sl_test_unit_state (game, "tog-1")->n_fires, ==, 1);
  play (game, sl_command_new_correct_fires (setup, tog1, NULL, 0),
        "{'type': 'correct', 'unit': 'tog-1', 'field': 'fires', 'value': []}");

  /* Markers: two charges at the gate (1) and the door (2). */
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'plastic_charges', 'value': 1}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-4', 'field': 'plastic_charges', 'value': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'install-plastic', 'label': 'the gate'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-4', 'action': 'install-plastic', 'label': 'the door'}");
  sl_test_go_to_subphase (game, 6);
  play (game, sl_command_new_correct_marker_int (1, "charges", 3),
        "{'type': 'correct-marker', 'marker': 1, 'field': 'charges', 'value': 3}");
  play (game, sl_command_new_correct_marker_string (2, "label", "the door, east"),
        "{'type': 'correct-marker', 'marker': 2, 'field': 'label', 'value': 'the door, east'}");
  play (game, sl_command_new_correct_marker_boolean (2, "removed", TRUE),
        "{'type': 'correct-marker', 'marker': 2, 'field': 'removed', 'value': true}");
}

/* Vacuum (T-36, P-39): going inside, breaches corrected by hand. */
static void
test_exposure (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'vac', 'name': 'Vacuum', 'length_turns': 12,"
    " 'modules': ['environment'], 'environment': {'vacuum': true},"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': ["
    "     {'id': 'a-1', 'counter': 1, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'b-1', 'counter': 3, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'b-2', 'counter': 4, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'b-3', 'counter': 5, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR'], 'inside': true}]}]}]}");
  const SlSetup *setup = sl_game_get_setup (game);
  int both[] = { sl_test_unit (game, "b-1"), sl_test_unit (game, "b-2") };
  SlExposureCommand in = { -1, both, G_N_ELEMENTS (both), TRUE };
  SlExposureCommand out = { sl_test_unit (game, "b-3"), NULL, 0, FALSE };

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  play (game, sl_command_new_correct_breach (setup, both[0], SL_BREACH_BLEEDING, 0, 0),
        "{'type': 'correct', 'unit': 'b-1', 'field': 'breach', 'value': {'state': 'bleeding'}}");
  play (game, sl_command_new_correct_breach (setup, both[1], SL_BREACH_DELAYED, 1, 5),
        "{'type': 'correct', 'unit': 'b-2', 'field': 'breach', 'value': {'state': 'delayed', 'turn': 1, 'subphase': 5}}");
  play (game, sl_command_new_correct_null (setup, both[1], "breach"),
        "{'type': 'correct', 'unit': 'b-2', 'field': 'breach', 'value': null}");
  play (game, sl_command_new_exposure (setup, &in), "{'type': 'exposure', 'units': ['b-1', 'b-2'], 'inside': true}");
  play (game, sl_command_new_exposure (setup, &out), "{'type': 'exposure', 'unit': 'b-3', 'inside': false}");
  g_assert_true (sl_test_unit_state (game, "b-1")->inside);
  g_assert_false (sl_test_unit_state (game, "b-3")->inside);
}

/* a zero-G dive stops against cover, or against a unit. */
static void
test_dive_stop (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'zg', 'name': 'Zero-G', 'length_turns': 3,"
    " 'modules': ['environment'], 'environment': {'zero_g': true},"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': ["
    "     {'id': 'a-1', 'counter': 1, 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']},"
    "     {'id': 'a-2', 'counter': 2, 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'b-1', 'counter': 3, 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']}]}]}]}");
  const SlSetup *setup = sl_game_get_setup (game);
  g_autoptr(JsonNode) sheet = sl_command_new_dive_stop (setup, sl_test_unit (game, "a-1"), FALSE, -1);

  assert_command (sheet, "{'type': 'dive-stop', 'unit': 'a-1'}");
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'walk', 'zero_g_roll': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-2', 'action': 'walk', 'zero_g_roll': 1}");
  sl_test_go_to_subphase (game, 2);
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'dive', 'zero_g_roll': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-2', 'action': 'dive', 'zero_g_roll': 1}");
  sl_test_go_to_subphase (game, 6);
  play (game, sl_command_new_dive_stop (setup, sl_test_unit (game, "a-1"), TRUE, -1),
        "{'type': 'dive-stop', 'unit': 'a-1', 'into': 'cover'}");
  play (game, sl_command_new_dive_stop (setup, sl_test_unit (game, "a-2"), FALSE, sl_test_unit (game, "b-1")),
        "{'type': 'dive-stop', 'unit': 'a-2', 'into': 'b-1'}");
}

/* T-42, T-43, §10 E: what the players see of the objectives. */
static void
test_objective (void)
{
  g_autoptr(SlGame) charges = training_with ("victory",
    "{'scenario': 'blow-the-damn-thing-up', 'objective': 'the communications room',"
    " 'sides': {'tog': {'primary': 'charges'}, 'cw': {'primary': 'none'}}}");
  g_autoptr(SlGame) hold = training_with ("victory",
    "{'scenario': 'pest-control', 'objective': 'the bridge',"
    " 'sides': {'tog': {'primary': 'hold'}, 'cw': {'primary': 'hold'}}}");
  g_autoptr(SlGame) players = training_with ("victory",
    "{'sides': {'tog': {'primary': 'players', 'description': 'Take the farmhouse.'}, 'cw': {'primary': 'none'}}}");
  SlObjectiveCommand objective = SL_OBJECTIVE_COMMAND_INIT;

  objective.charges[0] = 2;
  play (charges, sl_command_new_objective (sl_game_get_setup (charges), &objective),
        "{'type': 'objective', 'charges': {'tog': 2}}");
  objective = (SlObjectiveCommand) SL_OBJECTIVE_COMMAND_INIT;
  objective.on_objective[0] = 3;
  objective.on_objective[1] = 1;
  play (hold, sl_command_new_objective (sl_game_get_setup (hold), &objective),
        "{'type': 'objective', 'on_objective': {'tog': 3, 'cw': 1}}");
  objective = (SlObjectiveCommand) SL_OBJECTIVE_COMMAND_INIT;
  objective.primary[0] = TRUE;
  objective.secondary[0] = 2;
  play (players, sl_command_new_objective (sl_game_get_setup (players), &objective),
        "{'type': 'objective', 'primary': {'tog': true}, 'secondary': {'tog': 2}}");
}

/* E-24: hiding under piles, a detection roll, an ambush (§5.2, §15.1). */
static void
test_hidden (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'e24', 'name': 'E-24', 'length_turns': 12,"
    " 'modules': ['detection', 'ambush', 'equipment'],"
    " 'sides': ["
    "  {'id': 'cw', 'name': 'Commonwealth', 'camo_tinter': true, 'squads': [{'id': 'hide', 'units': ["
    "     {'id': 'c', 'counter': 3, 'name': 'Trooper Cole', 'troop': 'counter-insurgency', 'armor': 'LI',"
    "      'weapons': ['LR'], 'hidden': true, 'stealth_power': true},"
    "     {'id': 'c2', 'counter': 4, 'name': 'Trooper Dunn', 'troop': 'counter-insurgency', 'armor': 'LI',"
    "      'weapons': ['LR'], 'hidden': true, 'stealth_power': true}]}]},"
    "  {'id': 'tog', 'name': 'TOG', 'squads': [{'id': 'look', 'units': ["
    "     {'id': 'eye', 'counter': 1, 'name': 'Tech Eye', 'troop': 'tech', 'armor': 'TS', 'weapons': ['LP']}]}]}]}");
  const SlSetup *setup = sl_game_get_setup (game);
  const char * const decoys[] = { "Pile D", "Pile B" };
  SlHideCommand hide = { sl_test_unit (game, "c"), "Pile C", decoys, G_N_ELEMENTS (decoys), "behind the crates", -1 };
  SlHideCommand alone = { sl_test_unit (game, "c2"), "Pile E", NULL, 0, NULL, -1 };
  const SlDieNeed roll = { "roll", 10, "Detection roll (d10)", FALSE };
  JsonNode *command;

  play (game, sl_command_new_hide (setup, &hide),
        "{'type': 'hide', 'unit': 'c', 'pile': 'Pile C', 'decoys': ['Pile D', 'Pile B'], 'where': 'behind the crates'}");
  play (game, sl_command_new_hide (setup, &alone), "{'type': 'hide', 'unit': 'c2', 'pile': 'Pile E'}");
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'hide': 3, 'look': 5}}");
  g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_DETECTION);

  /* The detection sheet: who looks, which pile (a decoy, taken off the
   * table), what lies around it. */
  command = sl_command_new_detect ();
  assert_command (command, "{'type': 'detect'}");
  sl_command_set_value (command, "unit", g_variant_new_string ("eye"));
  sl_command_set_value (command, "pile", g_variant_new_string ("Pile D"));
  sl_command_set_value (command, "cover", g_variant_new_parsed ("['light-woods', 'half-cover']"));
  sl_command_set_value (command, "smoke", g_variant_new_boolean (TRUE));
  sl_command_set_value (command, "distance_m", g_variant_new_double (0.5));
  sl_command_set_die (command, &roll, 2);
  play (game, command, "{'type': 'detect', 'unit': 'eye', 'pile': 'Pile D', 'cover': ['light-woods', 'half-cover'],"
                       " 'smoke': true, 'distance_m': 0.5, 'roll': 2}");

  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'eye', 'action': 'use-device'}");
  command = sl_command_new_ambush ();
  sl_command_set_value (command, "grouping", g_variant_new_string ("hide"));
  sl_command_set_value (command, "target_grouping", g_variant_new_string ("look"));
  play (game, command, "{'type': 'ambush', 'grouping': 'hide', 'target_grouping': 'look'}");

  /* A power suit's stealth power mode, set in secret. */
  {
    SlHideCommand stealth = { sl_test_unit (game, "c"), NULL, NULL, 0, NULL, FALSE };
    g_autoptr(JsonNode) node = sl_command_new_hide (setup, &stealth);

    assert_command (node, "{'type': 'hide', 'unit': 'c', 'pile': '', 'stealth_power': false}");
  }
}

/* P-28, P-37 step 2: notes sealed and revealed, a mine written down. */
static void
test_secrets (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'sealed', 'name': 'Sealed', 'length_turns': 6,"
    " 'modules': ['ammunition', 'leadership', 'area-effects', 'detection', 'equipment'],"
    " 'sides': ["
    "  {'id': 'a', 'name': 'Commonwealth', 'mines': 2, 'squads': [{'id': 'a1', 'leader': 'a-1', 'units': ["
    "     {'id': 'a-1', 'counter': 1, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'name': 'TOG', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 7,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
  const SlSetup *setup = sl_game_get_setup (game);
  int a = sl_setup_find_side (setup, "a");

  play (game, sl_command_new_seal (setup, a, SL_NOTE_CHARGE, "ZULU-7 under the stairs", 0),
        "{'type': 'seal', 'side': 'a', 'kind': 'charge', 'text': 'ZULU-7 under the stairs'}");
  play (game, sl_command_new_seal (setup, a, SL_NOTE_OTHER, "the well", 0),
        "{'type': 'seal', 'side': 'a', 'kind': 'other', 'text': 'the well'}");
  play (game, sl_command_new_reveal (1, FALSE), "{'type': 'reveal', 'sealed': 1, 'dud': false}");
  play (game, sl_command_new_reveal (2, TRUE), "{'type': 'reveal', 'sealed': 2, 'dud': true}");
  play (game, sl_command_new_mine_lay (setup, sl_test_unit (game, "a-1"), "B4"),
        "{'type': 'mine', 'action': 'lay', 'unit': 'a-1', 'label': 'B4'}");
  {
    g_autoptr(JsonNode) on_marker = sl_command_new_seal (setup, a, SL_NOTE_FIRE_MISSION, NULL, 3);

    assert_command (on_marker, "{'type': 'seal', 'side': 'a', 'kind': 'fire-mission', 'text': '', 'marker': 3}");
  }
}

/* The dice and the fields a sheet fills in: a die in a list, a path into
 * a list of items, a value of each type, the table's modifier; a copy to
 * fill shares nothing with the command it was made from. */
static void
test_filling_in (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const SlSetup *setup = sl_game_get_setup (game);
  g_autoptr(JsonNode) launch = sl_command_new_launch (setup, sl_test_unit (game, "tog-6"), SL_GRENADE_SMOKE, 1);
  g_autoptr(JsonNode) copy = sl_command_copy (launch);
  const SlDieNeed scatter = { "grenades[0].scatter_rolls", 10, "Scatter direction, on a miss", TRUE };
  const SlDieNeed d100 = { "roll", 100, "Rout check (d100)", FALSE };

  sl_command_set_die (copy, &scatter, 10);
  sl_command_set_value (copy, "grenades[0].indirect", g_variant_new_boolean (TRUE));
  sl_command_set_value (copy, "marker", g_variant_new_int32 (7));
  sl_command_set_value (copy, "count", g_variant_new_int64 (8));
  sl_command_set_value (copy, "cover", g_variant_new_strv (NULL, 0));
  sl_command_set_die (copy, &d100, 100);
  sl_command_set_modifier (copy, "target_modifiers", "Table", 3);
  assert_command (copy, "{'type': 'launch', 'unit': 'tog-6',"
                        " 'grenades': [{'grenade': 'smoke', 'scatter_rolls': [10], 'indirect': true}],"
                        " 'marker': 7, 'count': 8, 'cover': [], 'roll': 100,"
                        " 'target_modifiers': [{'source': 'Table', 'value': 3}]}");
  assert_command (launch, "{'type': 'launch', 'unit': 'tog-6', 'grenades': [{'grenade': 'smoke'}]}");
  /* A modifier set again replaces the list. */
  sl_command_set_modifier (copy, "target_modifiers", "Table", -1);
  g_assert_cmpint (json_array_get_length (json_object_get_array_member (json_node_get_object (copy),
                                                                        "target_modifiers")), ==, 1);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/command-new/sequence", test_sequence);
  g_test_add_func ("/command-new/pass", test_pass);
  g_test_add_func ("/command-new/area-burst", test_area_burst);
  g_test_add_func ("/command-new/grenade-and-mine", test_grenade_and_mine);
  g_test_add_func ("/command-new/charges", test_charges);
  g_test_add_func ("/command-new/fire-at-obstacle", test_fire_at_obstacle);
  g_test_add_func ("/command-new/launch", test_launch);
  g_test_add_func ("/command-new/fire-mission", test_fire_mission);
  g_test_add_func ("/command-new/melee", test_melee);
  g_test_add_func ("/command-new/morale", test_morale);
  g_test_add_func ("/command-new/corrections", test_corrections);
  g_test_add_func ("/command-new/exposure", test_exposure);
  g_test_add_func ("/command-new/dive-stop", test_dive_stop);
  g_test_add_func ("/command-new/objective", test_objective);
  g_test_add_func ("/command-new/hidden", test_hidden);
  g_test_add_func ("/command-new/secrets", test_secrets);
  g_test_add_func ("/command-new/filling-in", test_filling_in);
  return g_test_run ();
}
