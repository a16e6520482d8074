/* test-preview.c: what a command would do, shown before the roll — the
 * number needed, the odds, the modifiers, the end subphase — or the rule
 * that refuses it; the game does not change (P-05, P-07, P-14)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-command-new.h"
#include "sl-json.h"
#include "sl-preview-declare.h"
#include "sl-preview-dice.h"
#include "sl-preview.h"
#include "sl-test-game.h"

static JsonNode *
preview (SlGame      *game,
         const char  *command,
         char       **summary,
         GError     **error)
{
  g_autofree char *json = sl_test_json (command);
  g_autoptr(JsonNode) node = sl_json_parse (json, -1, NULL);

  g_assert_nonnull (node);
  return sl_game_preview (game, node, summary, error);
}

static char *
state_text (SlGame *game)
{
  g_autoptr(JsonNode) node = sl_game_state_to_json (game);

  return sl_json_to_string (node, FALSE);
}

/* E-07: Trooper Hale's fire at Legionnaire Quill needs 7 — the same number
 * the fire itself then reports; the odds are those of a d10 roll of 7 or
 * less (P-05); nothing changes until the die is given. */
static void
test_preview_fire (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(JsonNode) result = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *o;
  guint n;

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 7);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-4'}");
  sl_test_play (game, "{'type': 'next'}");
  n = sl_game_get_n_entries (game);
  before = state_text (game);

  result = preview (game, "{'type': 'fire', 'unit': 'cw-13'}", &summary, &error);
  g_assert_no_error (error);
  o = json_node_get_object (result);
  g_assert_cmpint (json_object_get_int_member (o, "needed"), ==, 7);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o, "probability"), 0.7, 1e-9);
  g_assert_true (json_object_has_member (o, "breakdown"));
  g_assert_nonnull (strstr (summary, "needs 7"));

  after = state_text (game);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n);
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-13', 'roll': 9}");
}

/* Issue 33 #3, E-07, P-16: a fire's preview read typed gives what its
 * members say — needs 7 at 70 %, the breakdown line by line; a natural 1
 * asks the jam die with the jam check's odds (success: it jams). */
static void
test_preview_fire_typed (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(JsonNode) result = NULL, jam = NULL;
  g_autoptr(GError) error = NULL;
  SlFirePreview fire;
  JsonArray *items;

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 7);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-4'}");
  sl_test_play (game, "{'type': 'next'}");
  result = preview (game, "{'type': 'fire', 'unit': 'cw-13'}", NULL, &error);
  g_assert_no_error (error);
  sl_fire_preview_read (result, &fire);
  g_assert_true (fire.has_roll);
  g_assert_cmpint (fire.odds.needed, ==, 7);
  g_assert_cmpfloat_with_epsilon (fire.odds.probability, 0.7, 1e-9);
  g_assert_cmpint (fire.odds.meaning, ==, SL_ODDS_SUCCESS);
  g_assert_false (fire.jam_due);
  g_assert_false (fire.hits_due);
  items = json_object_get_array_member (json_node_get_object (result), "breakdown");
  g_assert_nonnull (fire.breakdown);
  g_assert_cmpuint (sl_breakdown_size (fire.breakdown), ==, json_array_get_length (items));
  for (guint i = 0; i < json_array_get_length (items); i++)
    {
      JsonObject *m = json_array_get_object_element (items, i);

      g_assert_cmpstr (sl_breakdown_get (fire.breakdown, i)->label, ==, json_object_get_string_member (m, "label"));
      g_assert_cmpint (sl_breakdown_get (fire.breakdown, i)->value, ==, json_object_get_int_member (m, "value"));
    }
  sl_fire_preview_clear (&fire);

  jam = preview (game, "{'type': 'fire', 'unit': 'cw-13', 'roll': 1}", NULL, &error);
  g_assert_no_error (error);
  sl_fire_preview_read (jam, &fire);
  g_assert_true (fire.jam_due);
  g_assert_true (fire.has_jam_odds);
  g_assert_cmpint (fire.jam_odds.meaning, ==, SL_ODDS_JAM);
  g_assert_cmpint (fire.jam_odds.needed, >=, 1);
  sl_fire_preview_clear (&fire);
  /* A refused command reads as nothing. */
  sl_fire_preview_read (NULL, &fire);
  g_assert_false (fire.has_roll);
  g_assert_null (fire.breakdown);
}

/* Issue 33 #3, P-06: an initiative's preview read typed: one line per
 * grouping in the order, its score and its modifiers. */
static void
test_preview_initiative_typed (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) lines = NULL;
  JsonArray *order;

  result = preview (game, "{'type': 'initiative'}", NULL, &error);
  g_assert_no_error (error);
  lines = sl_initiative_preview_read (result);
  order = json_object_get_array_member (json_node_get_object (result), "order");
  g_assert_cmpuint (lines->len, ==, json_array_get_length (order));
  g_assert_cmpuint (lines->len, >=, 2);
  for (guint i = 0; i < lines->len; i++)
    {
      const SlInitiativeLine *line = &g_array_index (lines, SlInitiativeLine, i);
      JsonObject *o = json_array_get_object_element (order, i);

      g_assert_cmpstr (line->grouping, ==, json_object_get_string_member (o, "grouping"));
      g_assert_cmpint (line->net, ==, json_object_get_int_member (o, "net"));
      g_assert_true (line->countermove == g_str_equal (json_object_get_string_member (o, "decision"), "countermove"));
    }
  g_array_unref (g_steal_pointer (&lines));
  lines = sl_initiative_preview_read (NULL);
  g_assert_cmpuint (lines->len, ==, 0);
}

/* A declaration shows its cost and end subphase before it is made; an
 * illegal one gives the rule, for the sheet to show beside the disabled
 * choice. */
static void
test_preview_declare (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(JsonNode) refused = NULL;
  g_autofree char *summary = NULL;
  g_autoptr(GError) error = NULL;

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 8);
  result = preview (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'use-device'}", &summary, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (summary, "5 AP, ends in subphase 2 of turn 2"));
  /* Only previewed: the unit is still free. */
  g_assert_true (sl_state_unit_idle (sl_test_rules (), sl_game_get_state (game), sl_test_unit (game, "cw-14")));

  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-15', 'field': 'position', 'value': 'prone'}");
  refused = preview (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'run'}", NULL, &error);
  g_assert_null (refused);
  g_assert_error (error, SL_RULE_ERROR, SL_RULE_ERROR_FORBIDDEN);
  g_test_message ("%s", error->message);
}

/* The odds a preview's member @path tells, as its JSON says them. */
static void
assert_odds (const SlCheckOdds *odds,
             JsonNode          *result,
             const char        *path)
{
  g_autofree char *needed = g_strconcat (path, path[0] != '\0' ? "." : "", "needed", NULL);
  g_autofree char *probability = g_strconcat (path, path[0] != '\0' ? "." : "", "probability", NULL);

  g_assert_cmpint (odds->needed, ==, sl_test_int (result, needed));
  g_assert_cmpfloat_with_epsilon (odds->probability, sl_test_double (result, probability), 1e-9);
}

/* The modifiers @breakdown read typed, line by line those of @items. */
static void
assert_breakdown (const SlBreakdown *breakdown,
                  JsonArray         *items)
{
  g_assert_nonnull (breakdown);
  g_assert_cmpuint (sl_breakdown_size (breakdown), ==, json_array_get_length (items));
  for (guint i = 0; i < json_array_get_length (items); i++)
    {
      JsonObject *m = json_array_get_object_element (items, i);

      g_assert_cmpstr (sl_breakdown_get (breakdown, i)->label, ==, json_object_get_string_member (m, "label"));
      g_assert_cmpint (sl_breakdown_get (breakdown, i)->value, ==, json_object_get_int_member (m, "value"));
    }
}

/* Issue 33 #3, P-07, P-14: a declaration's preview read typed — 5 AP,
 * ending in subphase 2 of turn 2 (what its summary says); a shot at a
 * unit tells its to-hit odds and what they counted; a refusal reads as
 * nothing. */
static void
test_preview_declare_typed (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(JsonNode) device = NULL, fire = NULL;
  g_autoptr(GError) error = NULL;
  SlDeclarePreview declared;

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 7);
  fire = preview (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-4'}", NULL, &error);
  g_assert_no_error (error);
  sl_declare_preview_read (fire, &declared);
  g_assert_true (declared.made);
  g_assert_cmpint (declared.cost, ==, sl_test_int (fire, "cost"));
  g_assert_true (declared.has_to_hit);
  assert_odds (&declared.to_hit, fire, "to_hit");
  g_assert_cmpint (declared.to_hit.needed, >=, 1);
  g_assert_cmpint (declared.to_hit.meaning, ==, SL_ODDS_SUCCESS);
  g_assert_cmpstr (declared.to_hit_note, ==, sl_test_string (fire, "to_hit_note"));
  g_assert_true (declared.has_to_hit_burst == sl_test_has (fire, "to_hit_burst"));
  if (declared.has_to_hit_burst)
    assert_odds (&declared.to_hit_burst, fire, "to_hit_burst");
  g_assert_false (declared.has_zero_g);
  g_assert_cmpint (declared.avoidance, ==, SL_AVOIDANCE_NONE);
  sl_declare_preview_clear (&declared);

  sl_test_go_to_subphase (game, 8);
  device = preview (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'use-device'}", NULL, &error);
  g_assert_no_error (error);
  sl_declare_preview_read (device, &declared);
  g_assert_true (declared.made);
  g_assert_cmpint (declared.cost, ==, 5);
  g_assert_cmpint (declared.end_turn, ==, 2);
  g_assert_cmpint (declared.end_subphase, ==, 2);
  g_assert_false (declared.has_to_hit);
  g_assert_null (declared.to_hit_note);
  sl_declare_preview_clear (&declared);

  sl_declare_preview_read (NULL, &declared);
  g_assert_false (declared.made);
  g_assert_cmpint (declared.avoidance, ==, SL_AVOIDANCE_NONE);
}

/* Issue 33 #3, P-21, A-71: in zero-G a declaration and an engagement
 * tell the odds of their zero-G check; the engagement no cost nor end
 * (the melee step resolves it, P-22). */
static void
test_preview_declare_zero_g_typed (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'zg', 'name': 'Zero-G', 'length_turns': 3,"
    " 'modules': ['environment'], 'environment': {'zero_g': true},"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': ["
    "     {'id': 'a-1', 'counter': 1, 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'b-1', 'counter': 3, 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']}]}]}]}");
  g_autoptr(JsonNode) walk = NULL, engage = NULL;
  SlDeclarePreview declared;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'next'}");
  walk = sl_test_json_preview (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'walk', 'zero_g_roll': 1}");
  sl_declare_preview_read (walk, &declared);
  g_assert_true (declared.made);
  g_assert_true (declared.has_zero_g);
  assert_odds (&declared.zero_g, walk, "zero_g_check");
  g_assert_cmpint (declared.zero_g.needed, >=, 1);
  sl_declare_preview_clear (&declared);

  engage = sl_test_json_preview (game, "{'type': 'engage', 'unit': 'a-1', 'target': 'b-1', 'zero_g_roll': 1}");
  sl_declare_preview_read (engage, &declared);
  g_assert_false (declared.made);
  g_assert_true (declared.has_zero_g);
  assert_odds (&declared.zero_g, engage, "zero_g_check");
  sl_declare_preview_clear (&declared);
}

/* E-20's two soldiers (test-game-melee.c): bounce engages tech in
 * subphase 1 (tech fights); the clock at the melee step of subphase 6. */
static SlGame *
duel_at_melee (void)
{
  SlGame *game = sl_test_game_new_setup (
    "{'id': 'e20', 'name': 'E-20', 'length_turns': 12,"
    " 'sides': ["
    "  {'id': 'a', 'name': 'TOG', 'squads': [{'id': 'a1', 'units': ["
    "     {'id': 'bounce', 'counter': 1, 'name': 'Legionnaire Bounce', 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR']},"
    "     {'id': 'mate', 'counter': 2, 'name': 'Legionnaire Mate', 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR']}]}]},"
    "  {'id': 'b', 'name': 'Commonwealth', 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'tech', 'counter': 3, 'name': 'Tech Quill', 'troop': 'tech', 'armor': 'LI', 'weapons': ['LP']}]}]}]}");

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 8}}");
  sl_test_play (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'tech', 'decision': 'fight'}");
  sl_test_go_to_subphase (game, 6);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_MELEE);
  return game;
}

/* The same melee fought out with both missing: still in contact at
 * subphase 7. */
static SlGame *
duel_in_contact (void)
{
  SlGame *game = duel_at_melee ();

  sl_test_play (game, "{'type': 'melee', 'unit': 'bounce', 'roll': 9, 'target_roll': 9}");
  sl_test_go_to_subphase (game, 7);
  return game;
}

/* Issue 33 #3, P-23 a, P-22 step 6: a move away from melee contact tells
 * its avoidance roll's odds first; when the opponent breaks off too, that
 * both do, no roll. */
static void
test_preview_declare_avoidance_typed (void)
{
  g_autoptr(SlGame) game = duel_in_contact ();
  g_autoptr(JsonNode) both = NULL, walk = NULL;
  SlDeclarePreview declared;

  both = sl_test_json_preview (game, "{'type': 'declare', 'unit': 'bounce', 'action': 'avoid-melee',"
                                     " 'target_decision': 'avoid', 'roll': 10, 'attack_roll': 1}");
  g_assert_true (sl_test_bool (both, "avoidance.both_avoid"));
  sl_declare_preview_read (both, &declared);
  g_assert_cmpint (declared.avoidance, ==, SL_AVOIDANCE_BOTH);
  sl_declare_preview_clear (&declared);

  sl_test_play (game, "{'type': 'pass'}");
  walk = sl_test_json_preview (game, "{'type': 'declare', 'unit': 'tech', 'action': 'walk', 'roll': 1, 'attack_roll': 10}");
  sl_declare_preview_read (walk, &declared);
  g_assert_cmpint (declared.avoidance, ==, SL_AVOIDANCE_ROLL);
  assert_odds (&declared.avoidance_odds, walk, "avoidance");
  /* P-23 a, E-20: the tech's 2 makes 4 ≤ 5; 3 makes 5. */
  g_assert_cmpint (declared.avoidance_odds.needed, ==, 3);
  g_assert_true (declared.made);
  sl_declare_preview_clear (&declared);
}

/* Issue 33 #3, P-23 a, P-24: the dice sheet's previews read typed — an
 * avoidance roll's odds and modifiers at the top; a melee's, side by side,
 * each naming its unit. */
static void
test_preview_dice_melee_typed (void)
{
  g_autoptr(SlGame) game = duel_in_contact ();
  g_autoptr(SlGame) melee = duel_at_melee ();
  g_autoptr(JsonNode) avoid = NULL, fight = NULL;
  SlDicePreview dice;

  sl_test_play (game, "{'type': 'pass'}");
  avoid = sl_test_json_preview (game, "{'type': 'avoid', 'unit': 'tech', 'roll': 2, 'attack_roll': 9}");
  sl_dice_preview_read (avoid, &dice);
  g_assert_true (dice.roll.has_odds);
  assert_odds (&dice.roll.odds, avoid, "");
  g_assert_cmpint (dice.roll.odds.needed, ==, 3);
  assert_breakdown (dice.roll.breakdown, json_object_get_array_member (json_node_get_object (avoid), "breakdown"));
  g_assert_false (dice.has_shot);
  g_assert_null (dice.grenades);
  g_assert_false (dice.unit.present);
  g_assert_false (dice.target.present);
  sl_dice_preview_clear (&dice);

  fight = sl_test_json_preview (melee, "{'type': 'melee', 'unit': 'bounce', 'roll': 2, 'target_roll': 2}");
  sl_dice_preview_read (fight, &dice);
  g_assert_false (dice.roll.has_odds);
  g_assert_true (dice.unit.present);
  g_assert_true (dice.target.present);
  g_assert_cmpstr (dice.unit.unit, ==, "bounce");
  g_assert_cmpstr (dice.target.unit, ==, "tech");
  g_assert_true (dice.unit.roll.has_odds);
  assert_odds (&dice.unit.roll.odds, fight, "unit");
  assert_odds (&dice.target.roll.odds, fight, "target");
  assert_breakdown (dice.unit.roll.breakdown,
                    json_object_get_array_member (json_object_get_object_member (json_node_get_object (fight), "unit"),
                                                  "breakdown"));
  sl_dice_preview_clear (&dice);
  sl_dice_preview_read (NULL, &dice);
  g_assert_false (dice.roll.has_odds);
  g_assert_false (dice.unit.present);
}

/* tog-2 picks a grenade up in subphase 2 and declares a throw in 3
 * (test-game-explosives.c). */
static void
ready_throw (SlGame *game)
{
  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 2);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'pick-up-object'}");
  sl_test_go_to_subphase (game, 3);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'throw': 'grenade'}");
  sl_test_play (game, "{'type': 'next'}");
}

/* Issue 33 #3, P-34: a hand grenade's preview tells its one shot's odds;
 * its journal entry where it came down: on target at its aim point 12 m
 * away, or, missed and scattered 2 m short (T-28, T-29), at 10 m. */
static void
test_preview_dice_throw_typed (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(SlGame) scatters = sl_test_game_new ();
  g_autoptr(JsonNode) throw = NULL;
  const SlJournalEntry *e;
  SlDicePreview dice;
  SlThrowLanding landing;

  ready_throw (game);
  throw = sl_test_json_preview (game, "{'type': 'throw', 'unit': 'tog-2', 'range_m': 12, 'roll': 3}");
  sl_dice_preview_read (throw, &dice);
  g_assert_true (dice.has_shot);
  g_assert_true (dice.shot.has_odds);
  assert_odds (&dice.shot.odds, throw, "shot");
  g_assert_null (dice.grenades);
  sl_dice_preview_clear (&dice);

  e = sl_test_play (game, "{'type': 'throw', 'unit': 'tog-2', 'range_m': 12, 'roll': 3}");
  g_assert_true (sl_throw_landing_read (sl_journal_entry_get_command (e), e->result, &landing));
  g_assert_cmpfloat (landing.range_m, ==, 12);
  g_assert_cmpfloat (landing.along_m, ==, 12);
  g_assert_cmpfloat (landing.across_m, ==, 0);

  ready_throw (scatters);
  e = sl_test_play (scatters, "{'type': 'throw', 'unit': 'tog-2', 'range_m': 12, 'roll': 8, 'scatter_rolls': [3]}");
  g_assert_true (sl_test_has (e->result, "shot.landing"));
  g_assert_true (sl_throw_landing_read (sl_journal_entry_get_command (e), e->result, &landing));
  g_assert_cmpfloat (landing.range_m, ==, 12);
  g_assert_cmpfloat (landing.along_m, ==, 10);
  g_assert_cmpfloat (landing.across_m, ==, 0);
  /* Not a throw: no landing. */
  e = sl_test_play (scatters, "{'type': 'next'}");
  g_assert_false (sl_throw_landing_read (sl_journal_entry_get_command (e), e->result, &landing));
}

/* Issue 33 #3, P-35: a salvo built with the launch command's own field
 * paths is one the core takes (it refuses an unknown field), and its
 * preview tells each grenade's odds, in order. */
static void
test_preview_dice_launch_typed (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(JsonNode) command = NULL, result = NULL;
  g_autoptr(GError) error = NULL;
  SlDicePreview dice;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-6', 'action': 'fire', 'throw': 'launcher'}");
  sl_test_play (game, "{'type': 'next'}");
  command = sl_command_new_launch (sl_game_get_setup (game), sl_test_unit (game, "tog-6"), SL_GRENADE_FRAG, 2);
  /* The unit whose action it resolves, as the dice sheet asks it. */
  g_assert_cmpint (sl_command_get_unit (sl_game_get_setup (game), command), ==, sl_test_unit (game, "tog-6"));
  {
    g_autoptr(JsonNode) next = sl_command_new_next ();

    g_assert_cmpint (sl_command_get_unit (sl_game_get_setup (game), next), ==, -1);
  }
  for (int i = 0; i < 2; i++)
    {
      g_autofree char *roll = sl_command_launch_field (i, SL_LAUNCH_ROLL);
      g_autofree char *scatter = sl_command_launch_field (i, SL_LAUNCH_SCATTER_ROLLS);
      g_autofree char *range = sl_command_launch_field (i, SL_LAUNCH_RANGE_M);
      g_autofree char *indirect = sl_command_launch_field (i, SL_LAUNCH_INDIRECT);
      g_autofree char *window = sl_command_launch_field (i, SL_LAUNCH_THROUGH_WINDOW);
      SlDieNeed landing = { roll, 10, NULL, FALSE };
      SlDieNeed direction = { scatter, 10, NULL, TRUE };

      g_assert_cmpstr (roll, ==, i == 0 ? "grenades[0].roll" : "grenades[1].roll");
      sl_command_set_value (command, range, g_variant_new_double (20 + 2 * i));
      sl_command_set_value (command, indirect, g_variant_new_boolean (FALSE));
      sl_command_set_value (command, window, g_variant_new_boolean (FALSE));
      sl_command_set_die (command, &landing, 4 + 2 * i);
      sl_command_set_die (command, &direction, 7);
    }
  result = sl_game_preview (game, command, NULL, &error);
  g_assert_no_error (error);
  sl_dice_preview_read (result, &dice);
  /* The launch's "unit" names the unit: no side of a melee. */
  g_assert_false (dice.unit.present);
  g_assert_false (dice.has_shot);
  g_assert_nonnull (dice.grenades);
  g_assert_cmpuint (dice.grenades->len, ==, 2);
  for (guint i = 0; i < dice.grenades->len; i++)
    {
      const SlDiceRoll *grenade = &g_array_index (dice.grenades, SlDiceRoll, i);
      g_autofree char *path = g_strdup_printf ("grenades[%u]", i);

      g_assert_true (grenade->has_odds);
      assert_odds (&grenade->odds, result, path);
    }
  sl_dice_preview_clear (&dice);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/preview/fire-E-07", test_preview_fire);
  g_test_add_func ("/preview/declare", test_preview_declare);
  g_test_add_func ("/preview/fire-typed-E-07-P-16", test_preview_fire_typed);
  g_test_add_func ("/preview/initiative-typed-P-06", test_preview_initiative_typed);
  g_test_add_func ("/preview/declare-typed-P-07-P-14", test_preview_declare_typed);
  g_test_add_func ("/preview/declare-zero-g-typed-P-21", test_preview_declare_zero_g_typed);
  g_test_add_func ("/preview/declare-avoidance-typed-P-23", test_preview_declare_avoidance_typed);
  g_test_add_func ("/preview/dice-melee-typed-P-24", test_preview_dice_melee_typed);
  g_test_add_func ("/preview/dice-throw-typed-P-34", test_preview_dice_throw_typed);
  g_test_add_func ("/preview/dice-launch-typed-P-35", test_preview_dice_launch_typed);
  return g_test_run ();
}
