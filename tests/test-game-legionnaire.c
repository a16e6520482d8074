/* test-game-legionnaire.c: Legionnaire player characters in play (digest
 * §18, T-44, A-136) — the setup's character and its conversion, its
 * weapon skill on every shot, its melee skill and the +1 without a melee
 * weapon, the table's own melee modifiers, reaction and charisma on the
 * initiative, rout and rally rolls, land movement, and immunity to rout
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-json.h"
#include "sl-movement.h"
#include "sl-test-game.h"

/* E-35's character, more or less: spike rifle 6 (−2), spike pistol 0
 * (+1), grenades 3 (−1), melee 4 (−1) with no melee weapon (+1); land
 * movement, reaction and charisma above the thresholds of OPTIONS. */
#define OSTRA "{'weapon_skills': {'SR': 6, 'SP': 0, 'grenade': 3}, 'melee_skill': 4," \
              " 'melee_weapon': false, 'land_movement': 12, 'reaction': 9, 'charisma': 8}"
#define OPTIONS "'legionnaireMoveThreshold': 10, 'legionnaireReactionThreshold': 8," \
                " 'legionnaireCharismaThreshold': 7, 'routCheckInterval': 1"

/* TOG: Centurion Vale (the leader), Legionnaire Ostra (a character, as
 * @ostra says) and her twin without skills, Legionnaire Plain, all Combat
 * Arms humans in BI; the Commonwealth: Sergeant Dusk and Trooper Hale.
 * @leader names TOG's leader; @modules and @options go in as written. */
static char *
setup_text (const char *modules,
            const char *options,
            const char *leader,
            const char *ostra)
{
  return g_strdup_printf (
    "{'id': 'legion', 'name': 'Legion', 'length_turns': 12,"
    " 'modules': [%s], 'options': {%s},"
    " 'sides': ["
    "  {'id': 'tog', 'name': 'TOG', 'squads': [{'id': 'a1', 'name': 'TOG Squad', 'leader': '%s', 'units': ["
    "     {'id': 'vale', 'counter': 1, 'name': 'Centurion Vale', 'troop': 'combat-arms', 'armor': 'BI',"
    "      'weapons': ['SR'], 'bounce_pack': false},"
    "     {'id': 'ostra', 'counter': 2, 'name': 'Legionnaire Ostra', 'troop': 'combat-arms', 'armor': 'BI',"
    "      'weapons': ['SR', 'SP'], 'bounce_pack': false, 'legionnaire': %s},"
    "     {'id': 'plain', 'counter': 3, 'name': 'Legionnaire Plain', 'troop': 'combat-arms', 'armor': 'BI',"
    "      'weapons': ['SR', 'SP'], 'bounce_pack': false}]}]},"
    "  {'id': 'cw', 'name': 'Commonwealth', 'squads': [{'id': 'b1', 'name': 'Renegades', 'leader': 'dusk', 'units': ["
    "     {'id': 'dusk', 'counter': 13, 'name': 'Sergeant Dusk', 'troop': 'combat-arms', 'armor': 'BI',"
    "      'weapons': ['SR'], 'bounce_pack': false},"
    "     {'id': 'hale', 'counter': 14, 'name': 'Trooper Hale', 'troop': 'combat-arms', 'armor': 'BI',"
    "      'weapons': ['SR'], 'bounce_pack': false}]}]}]}",
    modules, options, leader, ostra);
}

static SlGame *
legion_game (const char *modules,
             const char *options,
             const char *leader)
{
  g_autofree char *text = setup_text (modules, options, leader, OSTRA);

  return sl_test_game_new_setup (text);
}

/* The setup read by itself, or its error. */
static SlSetup *
read_setup (const char *text,
            GError    **error)
{
  g_autofree char *json = sl_test_json (text);
  g_autoptr(JsonNode) node = sl_json_parse (json, -1, NULL);

  g_assert_nonnull (node);
  return sl_setup_new_from_json (sl_test_rules (), node, error);
}

static const SlLegionnaire *
character (SlSetup    *setup,
           const char *id)
{
  return sl_setup_unit (setup, id)->legionnaire;
}

/* §18, T-44, E-35, A-136: the character's skills are converted once, when
 * the setup is read; a weapon it carries without a level is untrained
 * (level 0, +1); a non-combat character's level 0 is +2. */
static void
test_setup_conversion_T_44 (void)
{
  g_autofree char *text = setup_text ("", OPTIONS, "vale", OSTRA);
  g_autofree char *bare = setup_text ("", "", "vale", "{'weapon_skills': {'SR': 4}, 'non_combat': true}");
  g_autoptr(SlSetup) setup = NULL;
  g_autoptr(SlSetup) other = NULL;
  g_autoptr(GError) error = NULL;
  const SlLegionnaire *l;

  setup = read_setup (text, &error);
  g_assert_no_error (error);
  g_assert_null (character (setup, "plain"));
  l = character (setup, "ostra");
  g_assert_nonnull (l);
  g_assert_cmpint (sl_legionnaire_skill (l, "SR")->modifier, ==, -2);
  g_assert_cmpint (sl_legionnaire_skill (l, "SP")->modifier, ==, 1);
  g_assert_cmpint (sl_legionnaire_skill (l, SL_LEGIONNAIRE_GRENADE)->modifier, ==, -1);
  g_assert_null (sl_legionnaire_skill (l, "LR"));
  g_assert_cmpint (l->melee_modifier, ==, -1);
  g_assert_cmpint (l->no_melee_weapon, ==, 1);
  g_assert_cmpint (sl_legionnaire_melee (l), ==, 0);
  g_assert_cmpint (sl_legionnaire_bonus (l, SL_LEGIONNAIRE_LAND_MOVEMENT), ==, 1);
  g_assert_cmpint (sl_legionnaire_bonus (l, SL_LEGIONNAIRE_REACTION), ==, -1);
  g_assert_cmpint (sl_legionnaire_bonus (l, SL_LEGIONNAIRE_CHARISMA), ==, -1);

  /* A-136: without thresholds the attributes never count; E-35's spike
   * rifle 4 is −1; the pistol and grenades untrained, +2 for a medic. */
  other = read_setup (bare, &error);
  g_assert_no_error (error);
  l = character (other, "ostra");
  g_assert_cmpint (sl_legionnaire_skill (l, "SR")->modifier, ==, -1);
  g_assert_cmpint (sl_legionnaire_skill (l, "SP")->level, ==, 0);
  g_assert_cmpint (sl_legionnaire_skill (l, "SP")->modifier, ==, 2);
  g_assert_cmpint (l->melee_modifier, ==, 2);
  g_assert_true (l->melee_weapon);
  g_assert_cmpint (l->no_melee_weapon, ==, 0);
  for (int a = 0; a < SL_N_LEGIONNAIRE_ATTRIBUTES; a++)
    g_assert_cmpint (sl_legionnaire_bonus (l, a), ==, 0);
}

/* A character that is not what the format says is refused, naming the
 * field. */
static void
test_setup_errors (void)
{
  struct { const char *legionnaire; const char *field; const char *text; } cases[] = {
    { "{'weapon_skills': {'LR': 3}}", "units[1].legionnaire.weapon_skills.LR: ",
      "Legionnaire Ostra carries no “LR”: a weapon skill is for the SR, the SP or “grenade” (§18)." },
    { "{'melee_skill': 101}", "units[1].legionnaire.melee_skill: ", NULL },
    { "{'reaction': -1}", "units[1].legionnaire.reaction: ", NULL },
    { "{'melee': 3}", "units[1].legionnaire.melee: ", NULL },
    { "{'weapon_skills': ['SR']}", "units[1].legionnaire.weapon_skills: ", NULL },
    { "true", "units[1].legionnaire: ", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = setup_text ("", "", "vale", cases[i].legionnaire);
      g_autoptr(GError) error = NULL;
      g_autoptr(SlSetup) setup = read_setup (text, &error);

      g_assert_null (setup);
      g_assert_error (error, SL_SETUP_ERROR, 0);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, cases[i].field));
      if (cases[i].text != NULL)
        g_assert_nonnull (strstr (error->message, cases[i].text));
    }
}

/* Both of TOG's twins fire at Trooper Hale in subphase 1, resolved with the
 * same die. */
static void
twins_fire (SlGame     *game,
            const char *declare,
            JsonNode  **ostra,
            JsonNode  **plain)
{
  g_autofree char *d1 = g_strdup_printf ("{'type': 'declare', 'unit': 'ostra', %s}", declare);
  g_autofree char *d2 = g_strdup_printf ("{'type': 'declare', 'unit': 'plain', %s}", declare);

  sl_test_play (game, d1);
  sl_test_play (game, d2);
  while (sl_game_get_state (game)->step != SL_STEP_RANGED_FIRE)
    sl_test_play (game, "{'type': 'next'}");
  *ostra = json_node_ref (sl_test_play (game, "{'type': 'fire', 'unit': 'ostra', 'roll': 10}")->result);
  *plain = json_node_ref (sl_test_play (game, "{'type': 'fire', 'unit': 'plain', 'roll': 10}")->result);
}

/* §18, T-44, T-14: the character's skill with the weapon it fires is a
 * to-hit modifier of its own: spike rifle 6 is −2, and with the pistol in
 * hand level 0 is +1; aimed fire the same. Its twin has none. */
static void
test_to_hit_weapon_skill_T_44 (void)
{
  g_autoptr(SlGame) game = legion_game ("", "", "vale");
  g_autoptr(JsonNode) ostra = NULL;
  g_autoptr(JsonNode) plain = NULL;
  g_autoptr(JsonNode) ostra2 = NULL;
  g_autoptr(JsonNode) plain2 = NULL;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  twins_fire (game, "'action': 'fire', 'target': 'hale'", &ostra, &plain);
  g_assert_cmpint (sl_test_breakdown (ostra, "breakdown", "legionnaire-skill"), ==, -2);
  g_assert_cmpint (sl_test_breakdown (plain, "breakdown", "legionnaire-skill"), ==, 0);
  g_assert_cmpint (sl_test_int (ostra, "net"), ==, sl_test_int (plain, "net") - 2);

  /* The pistol in hand: untrained, +1; aimed fire keeps the skill. */
  sl_test_play (game, "{'type': 'correct', 'unit': 'ostra', 'field': 'in_hand', 'value': 'SP'}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'plain', 'field': 'in_hand', 'value': 'SP'}");
  sl_test_go_to_subphase (game, 2);
  twins_fire (game, "'action': 'aimed-fire', 'target': 'hale'", &ostra2, &plain2);
  g_assert_cmpint (sl_test_breakdown (ostra2, "breakdown", "aimed"), !=, 0);
  g_assert_cmpint (sl_test_breakdown (ostra2, "breakdown", "legionnaire-skill"), ==, 1);
  g_assert_cmpint (sl_test_int (ostra2, "net"), ==, sl_test_int (plain2, "net") + 1);
}

/* P-30 step 4 with T-44: each target of the character's area burst counts
 * its skill with the rifle. */
static void
test_area_burst_weapon_skill_T_44 (void)
{
  g_autoptr(SlGame) game = legion_game ("'ammunition', 'automatic-fire'", "", "vale");
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'ostra', 'action': 'fire', 'burst': 'area'}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'area-burst', 'unit': 'ostra', 'targets': ["
                          " {'unit': 'hale', 'distance_m': 5, 'roll': 9},"
                          " {'unit': 'dusk', 'distance_m': 6, 'roll': 9}]}");
  g_assert_cmpint (sl_test_breakdown (e->result, "targets[0].breakdown", "legionnaire-skill"), ==, -2);
  g_assert_cmpint (sl_test_breakdown (e->result, "targets[1].breakdown", "legionnaire-skill"), ==, -2);
}

/* Both twins throw a frag grenade 6 m with a 5; the net rolls. */
static void
twins_throw (SlGame *game,
             int    *ostra,
             int    *plain)
{
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'ostra', 'action': 'pick-up-object'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'plain', 'action': 'pick-up-object'}");
  sl_test_go_to_subphase (game, 2);
  sl_test_play (game, "{'type': 'declare', 'unit': 'ostra', 'action': 'fire', 'throw': 'grenade'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'plain', 'action': 'fire', 'throw': 'grenade'}");
  while (sl_game_get_state (game)->step != SL_STEP_RANGED_FIRE)
    sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'throw', 'unit': 'ostra', 'range_m': 6, 'roll': 5, 'scatter_rolls': [1]}");
  *ostra = sl_test_int (e->result, "shot.net");
  e = sl_test_play (game, "{'type': 'throw', 'unit': 'plain', 'range_m': 6, 'roll': 5, 'scatter_rolls': [1]}");
  *plain = sl_test_int (e->result, "shot.net");
}

/* Ruling (§18 with A-105): a hand grenade's landing roll takes no unit
 * modifier by default, so no weapon skill either; with the option
 * grenadeAllRangedMods every ranged modifier counts, the character's
 * grenade skill among them (level 3: −1). */
static void
test_throw_skill_A_105 (void)
{
  g_autoptr(SlGame) book = legion_game ("'ammunition', 'area-effects'", "", "vale");
  g_autoptr(SlGame) all = legion_game ("'ammunition', 'area-effects'", "'grenadeAllRangedMods': true", "vale");
  int ostra, plain;

  twins_throw (book, &ostra, &plain);
  g_assert_cmpint (ostra, ==, plain);
  twins_throw (all, &ostra, &plain);
  g_assert_cmpint (ostra, ==, plain - 1);
}

/* Ostra engages Hale in subphase 1; the clock goes to the melee step of
 * subphase 6, where both melee actions end. */
static void
ready_melee (SlGame     *game,
             const char *attacker,
             const char *defender)
{
  g_autofree char *engage = g_strdup_printf ("{'type': 'engage', 'unit': '%s', 'target': '%s'}",
                                             attacker, defender);

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, engage);
  sl_test_go_to_subphase (game, 6);
  while (sl_game_get_state (game)->step != SL_STEP_MELEE)
    sl_test_play (game, "{'type': 'next'}");
}

/* §18, T-44, P-24 step 3: the character's melee skill (4: −1) and +1 for
 * having no melee weapon are on its melee roll; the opponent's roll has
 * neither. */
static void
test_melee_skill_and_no_weapon_T_44 (void)
{
  g_autoptr(SlGame) game = legion_game ("", "", "vale");
  const SlJournalEntry *e;

  ready_melee (game, "ostra", "hale");
  e = sl_test_play (game, "{'type': 'melee', 'unit': 'ostra', 'roll': 4, 'target_roll': 7}");
  g_assert_cmpint (sl_test_breakdown (e->result, "unit.breakdown", "legionnaire-melee"), ==, -1);
  g_assert_cmpint (sl_test_breakdown (e->result, "unit.breakdown", "no-melee-weapon"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (e->result, "target.breakdown", "legionnaire-melee"), ==, 0);
  g_assert_cmpint (sl_test_breakdown (e->result, "target.breakdown", "no-melee-weapon"), ==, 0);
  /* Combat Arms −1, BI's protection +2, skill −1, no weapon +1: 4 + 1. */
  g_assert_cmpint (sl_test_int (e->result, "unit.net"), ==, 5);
  g_assert_true (sl_test_bool (e->result, "unit.hit"));
}

/* §18: with a melee weapon (which one does not matter) there is no +1. */
static void
test_melee_with_weapon (void)
{
  g_autofree char *text = setup_text ("", "", "vale", "{'melee_skill': 4, 'melee_weapon': true}");
  g_autoptr(SlGame) game = sl_test_game_new_setup (text);
  const SlJournalEntry *e;

  ready_melee (game, "ostra", "hale");
  e = sl_test_play (game, "{'type': 'melee', 'unit': 'ostra', 'roll': 4, 'target_roll': 7}");
  g_assert_cmpint (sl_test_breakdown (e->result, "unit.breakdown", "legionnaire-melee"), ==, -1);
  g_assert_cmpint (sl_test_breakdown (e->result, "unit.breakdown", "no-melee-weapon"), ==, 0);
  g_assert_cmpint (sl_test_int (e->result, "unit.net"), ==, 4);
}

/* `melee`'s "modifiers" and "target_modifiers": the table's own, on each
 * side's roll and in its breakdown, read like a fire's; a bad one is
 * refused on its field. */
static void
test_melee_table_modifiers (void)
{
  g_autoptr(SlGame) game = legion_game ("", "", "vale");
  const SlJournalEntry *e;

  ready_melee (game, "plain", "hale");
  sl_test_refuse (game, "{'type': 'melee', 'unit': 'plain', 'roll': 4, 'target_roll': 7,"
                        " 'modifiers': [{'source': 'Slippery deck'}]}", "modifiers[0].value", NULL);
  sl_test_refuse (game, "{'type': 'melee', 'unit': 'plain', 'roll': 4, 'target_roll': 7,"
                        " 'modifiers': [{'source': 'Slippery deck', 'value': 21}]}", "modifiers[0].value", NULL);
  e = sl_test_play (game, "{'type': 'melee', 'unit': 'plain', 'roll': 4, 'target_roll': 4,"
                          " 'modifiers': [{'source': 'Slippery deck', 'value': 2}, {'source': 'Higher ground', 'value': -1}],"
                          " 'target_modifiers': [{'source': 'Cornered', 'value': -3}]}");
  g_assert_cmpint (sl_test_breakdown (e->result, "unit.breakdown", "extra"), ==, 1);
  g_assert_cmpstr (sl_test_string (e->result, "unit.breakdown[2].label"), ==, "Slippery deck");
  g_assert_cmpint (sl_test_breakdown (e->result, "target.breakdown", "extra"), ==, -3);
  /* Combat Arms −1, BI +2, table +1: 4 + 2 = 6, a miss; Hale 4 + 1 − 3 = 2. */
  g_assert_cmpint (sl_test_int (e->result, "unit.net"), ==, 6);
  g_assert_false (sl_test_bool (e->result, "unit.hit"));
  g_assert_cmpint (sl_test_int (e->result, "target.net"), ==, 2);
}

/* Ruling (§18 with A-73): on the avoidance roll a character's melee skill
 * counts as its troop's melee modifier does — the attacker's reversed —
 * and the +1 for no melee weapon does not, like armor. */
static void
test_avoid_melee_skill_A_73 (void)
{
  g_autoptr(SlGame) game = legion_game ("", "", "vale");
  const SlJournalEntry *e;

  /* The Commonwealth first: Hale acts, then Ostra engages it. */
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 5, 'b1': 2}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'hale', 'action': 'use-device'}");
  sl_test_play (game, "{'type': 'engage', 'unit': 'ostra', 'target': 'hale', 'decision': 'avoid'}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'avoid', 'unit': 'hale', 'roll': 3, 'attack_roll': 9}");
  g_assert_cmpint (sl_test_breakdown (e->result, "breakdown", "attacker-legionnaire-melee"), ==, 1);
  g_assert_cmpint (sl_test_breakdown (e->result, "breakdown", "no-melee-weapon"), ==, 0);
  /* Own Combat Arms −1, Ostra's Combat Arms reversed +1, skill reversed
   * +1: 3 + 1 = 4, avoided. */
  g_assert_cmpint (sl_test_int (e->result, "net"), ==, 4);
  g_assert_true (sl_test_bool (e->result, "avoided"));
}

/* The order entry of @grouping in an initiative result. */
static JsonObject *
order_of (JsonNode   *result,
          const char *grouping)
{
  JsonArray *order = json_object_get_array_member (json_node_get_object (result), "order");

  for (guint i = 0; i < json_array_get_length (order); i++)
    {
      JsonObject *o = json_array_get_object_element (order, i);

      if (g_str_equal (json_object_get_string_member (o, "grouping"), grouping))
        return o;
    }
  g_assert_not_reached ();
}

static gint64
breakdown_of (JsonObject *o,
              const char *source)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  json_node_set_object (node, o);
  return sl_test_breakdown (node, "breakdown", source);
}

/* §18, A-10, A-136: reaction above the threshold is −1 on the initiative
 * of the character's grouping; charisma above it is −1 leadership, which
 * counts when the character leads (with the leadership rules): −1 on
 * initiative. Without thresholds, nothing. */
static void
test_initiative_reaction_and_charisma_A_136 (void)
{
  g_autoptr(SlGame) game = legion_game ("'leadership'", OPTIONS, "vale");
  g_autoptr(SlGame) leading = legion_game ("'leadership'", OPTIONS, "ostra");
  g_autoptr(SlGame) unset = legion_game ("'leadership'", "", "ostra");
  const SlJournalEntry *e;

  e = sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 5, 'b1': 5}}");
  g_assert_cmpint (breakdown_of (order_of (e->result, "a1"), "legionnaire-reaction"), ==, -1);
  g_assert_cmpint (breakdown_of (order_of (e->result, "a1"), "leader-charisma"), ==, 0);
  g_assert_cmpint (breakdown_of (order_of (e->result, "b1"), "legionnaire-reaction"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (order_of (e->result, "a1"), "net"), ==, 4);

  e = sl_test_play (leading, "{'type': 'initiative', 'rolls': {'a1': 5, 'b1': 9}}");
  g_assert_cmpint (breakdown_of (order_of (e->result, "a1"), "leader-charisma"), ==, -1);
  g_assert_cmpint (json_object_get_int_member (order_of (e->result, "a1"), "net"), ==, 3);

  e = sl_test_play (unset, "{'type': 'initiative', 'rolls': {'a1': 5, 'b1': 9}}");
  g_assert_cmpint (json_object_get_int_member (order_of (e->result, "a1"), "net"), ==, 5);
}

/* Plays to the Rout/Rally Phase of turn 1 (routCheckInterval 1). */
static void
to_rout_phase (SlGame *game)
{
  if (sl_game_get_state (game)->phase == SL_PHASE_INITIATIVE)
    sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  for (int guard = 0; guard < 200 && sl_game_get_state (game)->phase != SL_PHASE_ROUT_RALLY; guard++)
    sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_ROUT_RALLY);
}

/* §18, P-31: when its squad routs the character does not, and stays free
 * to act; it cannot be marked routed by hand; a squad of its leader and
 * characters alone has nobody who could rout, and makes no check. */
static void
test_immune_to_rout_P_31 (void)
{
  g_autoptr(SlGame) game = legion_game ("'leadership', 'morale'", OPTIONS, "vale");
  const SlJournalEntry *e;

  to_rout_phase (game);
  /* A natural 01 always routs (P-31 step 3). */
  e = sl_test_play (game, "{'type': 'rout-check', 'squad': 'a1', 'roll': 1}");
  g_assert_true (sl_test_bool (e->result, "routs"));
  g_assert_true (sl_test_unit_state (game, "plain")->routed);
  g_assert_false (sl_test_unit_state (game, "ostra")->routed);
  g_assert_false (sl_test_unit_state (game, "vale")->routed);
  g_assert_nonnull (strstr (e->summary, "Routed: Legionnaire Plain."));
  sl_test_play (game, "{'type': 'rout-check', 'squad': 'b1', 'roll': 90}");
  sl_test_play (game, "{'type': 'next'}");

  /* Turn 2: the character fires; the routed twin only moves. */
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'ostra', 'action': 'fire', 'target': 'hale'}");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'plain', 'action': 'fire', 'target': 'hale'}",
                  "action", "P-31");
  sl_test_refuse (game, "{'type': 'correct', 'unit': 'ostra', 'field': 'routed', 'value': true}",
                  "value", "never routs (§18)");
  while (sl_game_get_state (game)->step != SL_STEP_RANGED_FIRE)
    sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'ostra', 'roll': 10}");

  /* Plain falls: only the leader and the character are left. */
  sl_test_play (game, "{'type': 'correct', 'unit': 'plain', 'field': 'wound', 'value': 'dead'}");
  to_rout_phase (game);
  sl_test_refuse (game, "{'type': 'rout-check', 'squad': 'a1', 'roll': 1}", "squad",
                  "its leader and its Legionnaire characters never rout (P-31 step 5, §18)");
  sl_test_play (game, "{'type': 'rout-check', 'squad': 'b1', 'roll': 90}");
  /* Nothing is left to check: the turn moves on. */
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->turn, ==, 3);
}

/* §18, A-99: with one rout roll per unit the character makes none. */
static void
test_immune_to_rout_per_unit_A_99 (void)
{
  g_autoptr(SlGame) game = legion_game ("'leadership', 'morale'", OPTIONS ", 'routRollScope': 'unit'", "vale");

  to_rout_phase (game);
  sl_test_refuse (game, "{'type': 'rout-check', 'squad': 'a1', 'rolls': {'plain': 50, 'ostra': 1}}",
                  "rolls.ostra", NULL);
  sl_test_play (game, "{'type': 'rout-check', 'squad': 'a1', 'rolls': {'plain': 1}}");
  g_assert_true (sl_test_unit_state (game, "plain")->routed);
  g_assert_false (sl_test_unit_state (game, "ostra")->routed);
}

/* §18 ("may use leadership to rally"), with A-136: a character that does
 * not lead may rally its own squad, rating 0, its charisma −1; the
 * leader's charisma counts ×−10 on the rout roll (T-26). */
static void
test_character_rallies_A_136 (void)
{
  g_autoptr(SlGame) game = legion_game ("'leadership', 'morale'", OPTIONS, "vale");
  g_autoptr(SlGame) leading = legion_game ("'leadership', 'morale'", OPTIONS, "ostra");
  const SlJournalEntry *e;

  to_rout_phase (game);
  sl_test_play (game, "{'type': 'rout-check', 'squad': 'a1', 'roll': 1}");
  sl_test_play (game, "{'type': 'rout-check', 'squad': 'b1', 'roll': 90}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  /* Only a leader — or a character — rallies (T-05). */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'hale', 'action': 'rally'}", "unit", "leader");
  sl_test_play (game, "{'type': 'declare', 'unit': 'ostra', 'action': 'rally'}");
  sl_test_go_to_subphase (game, 10);
  while (sl_game_get_state (game)->step != SL_STEP_RALLY)
    sl_test_play (game, "{'type': 'next'}");
  sl_test_refuse (game, "{'type': 'rally', 'unit': 'ostra', 'squad': 'b1', 'roll': 3}", "squad", "§18");
  /* 3 − 1 (charisma) = 2: rallied (P-32 step 4). */
  e = sl_test_play (game, "{'type': 'rally', 'unit': 'ostra', 'roll': 3}");
  g_assert_cmpint (sl_test_breakdown (e->result, "breakdown", "leader-charisma"), ==, -1);
  g_assert_cmpint (sl_test_breakdown (e->result, "breakdown", "leader"), ==, 0);
  g_assert_cmpint (sl_test_int (e->result, "net"), ==, 2);
  g_assert_true (sl_test_bool (e->result, "rallied"));
  g_assert_false (sl_test_unit_state (game, "plain")->routed);

  /* Leading, her charisma is −1 leadership on the rout roll: +10. */
  to_rout_phase (leading);
  e = sl_test_play (leading, "{'type': 'rout-check', 'squad': 'a1', 'roll': 40}");
  g_assert_cmpint (sl_test_breakdown (e->result, "breakdown", "leader-charisma"), ==, 10);
  g_assert_cmpint (sl_test_int (e->result, "net"), ==, 50);
}

/* §18, A-136: land movement above the threshold is +1 m on every move but
 * crawling, never for bounce movement. */
static void
test_land_movement_A_136 (void)
{
  SlMoveInput in = { 0 };
  SlMoveResult plain, fast;
  g_autoptr(GError) error = NULL;

  in.race = sl_rules_race (sl_test_rules (), "human");
  in.armor = sl_rules_armor (sl_test_rules (), "BI");
  for (SlMove m = SL_MOVE_CRAWL; m <= SL_MOVE_SPRINT; m++)
    {
      in.mode = m;
      in.legionnaire_m = 0;
      g_assert_true (sl_movement_allowance (sl_test_rules (), sl_test_defaults (), &in, &plain, &error));
      in.legionnaire_m = 1;
      g_assert_true (sl_movement_allowance (sl_test_rules (), sl_test_defaults (), &in, &fast, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (fast.meters - plain.meters, ==, m == SL_MOVE_CRAWL ? 0 : 1);
    }
  /* With the bounce pack in use: nothing. */
  in.mode = SL_MOVE_RUN;
  in.bounce_pack = TRUE;
  g_assert_true (sl_movement_allowance (sl_test_rules (), sl_test_defaults (), &in, &fast, &error));
  in.legionnaire_m = 0;
  g_assert_true (sl_movement_allowance (sl_test_rules (), sl_test_defaults (), &in, &plain, &error));
  g_assert_cmpfloat (fast.meters, ==, plain.meters);
  g_assert_cmpfloat (fast.legionnaire, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/legionnaire/setup-conversion-T-44", test_setup_conversion_T_44);
  g_test_add_func ("/game/legionnaire/setup-errors", test_setup_errors);
  g_test_add_func ("/game/legionnaire/to-hit-weapon-skill-T-44", test_to_hit_weapon_skill_T_44);
  g_test_add_func ("/game/legionnaire/area-burst-weapon-skill-T-44", test_area_burst_weapon_skill_T_44);
  g_test_add_func ("/game/legionnaire/throw-skill-A-105", test_throw_skill_A_105);
  g_test_add_func ("/game/legionnaire/melee-skill-and-no-melee-weapon-T-44", test_melee_skill_and_no_weapon_T_44);
  g_test_add_func ("/game/legionnaire/melee-with-weapon", test_melee_with_weapon);
  g_test_add_func ("/game/legionnaire/melee-table-modifiers", test_melee_table_modifiers);
  g_test_add_func ("/game/legionnaire/avoid-melee-skill-A-73", test_avoid_melee_skill_A_73);
  g_test_add_func ("/game/legionnaire/initiative-reaction-charisma-A-136", test_initiative_reaction_and_charisma_A_136);
  g_test_add_func ("/game/legionnaire/immune-to-rout-P-31", test_immune_to_rout_P_31);
  g_test_add_func ("/game/legionnaire/immune-to-rout-per-unit-A-99", test_immune_to_rout_per_unit_A_99);
  g_test_add_func ("/game/legionnaire/character-rallies-A-136", test_character_rallies_A_136);
  g_test_add_func ("/game/legionnaire/land-movement-A-136", test_land_movement_A_136);
  return g_test_run ();
}
