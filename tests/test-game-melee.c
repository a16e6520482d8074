/* test-game-melee.c: melee through the game — an engagement and its
 * resolution five subphases later, both sides at once (P-22, P-24, A-75),
 * avoidance before and after acting (P-23, E-20, A-74), the next-melee
 * bonus, parries, refusals (P-19, P-31)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-json.h"
#include "sl-table-model.h"
#include "sl-test-game.h"

/* E-20's two soldiers: a bounce infantryman (Combat Arms, melee −1) and a
 * tech trooper (melee +1), both human, in BI and LI. */
static SlGame *
duel (void)
{
  return sl_test_game_new_setup (
    "{'id': 'e20', 'name': 'E-20', 'length_turns': 12,"
    " 'sides': ["
    "  {'id': 'a', 'name': 'TOG', 'squads': [{'id': 'a1', 'units': ["
    "     {'id': 'bounce', 'counter': 1, 'name': 'Legionnaire Bounce', 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR']},"
    "     {'id': 'mate', 'counter': 2, 'name': 'Legionnaire Mate', 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR']}]}]},"
    "  {'id': 'b', 'name': 'Commonwealth', 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'tech', 'counter': 3, 'name': 'Tech Quill', 'troop': 'tech', 'armor': 'LI', 'weapons': ['LP']}]}]}]}");
}

static char *
state_text (SlGame *game)
{
  g_autoptr(JsonNode) node = sl_game_state_to_json (game);

  return sl_json_to_string (node, FALSE);
}

/* P-22, P-24: engaged in subphase 2, both get a 5-AP melee action from
 * subphase 3, resolved at the end of subphase 7 in the melee step, both
 * rolling at once: the bounce trooper (−1, tech's LI protection) and the
 * tech (+1, BI's protection). A hit is exactly one wound level, no daze,
 * and gives −1 on the next melee. */
static void
test_engagement_to_resolution (void)
{
  g_autoptr(SlGame) game = duel ();
  const SlJournalEntry *e;
  const SlUnitState *b, *t;
  JsonObject *o;
  g_autofree char *before = NULL;
  g_autofree char *undone = NULL;
  int turn, subphase;

  /* The tech rolls lower: it acts first. */
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 8, 'b1': 2}}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tech', 'action': 'use-device'}");
  e = sl_test_play (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'tech'}");
  /* P-22 step 3: the use-device is lost. */
  g_assert_nonnull (strstr (e->summary, "Tech Quill loses “Use device”"));
  b = sl_test_unit_state (game, "bounce");
  t = sl_test_unit_state (game, "tech");
  g_assert_cmpint (b->n_engaged, ==, 1);
  g_assert_cmpint (t->n_engaged, ==, 1);
  g_assert_cmpstr (b->current.action->id, ==, "melee");
  g_assert_cmpint (b->current.cost, ==, 5);
  sl_subphase_split (sl_test_rules (), b->current.end, &turn, &subphase);
  g_assert_cmpint (subphase, ==, 7);
  sl_subphase_split (sl_test_rules (), t->current.end, &turn, &subphase);
  g_assert_cmpint (subphase, ==, 7);

  /* Engaged units fight or avoid (P-22): nothing else. */
  sl_test_go_to_subphase (game, 4);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tech', 'action': 'walk', 'replace': true}", "action", "melee");
  sl_test_go_to_subphase (game, 7);
  sl_test_refuse (game, "{'type': 'melee', 'unit': 'bounce', 'roll': 3, 'target_roll': 3}", "type", "Melee");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_MELEE);
  /* In the acting order: the tech first. */
  sl_test_refuse (game, "{'type': 'next'}", "type", "Tech Quill, Legionnaire Bounce");

  before = state_text (game);
  e = sl_test_play (game, "{'type': 'melee', 'unit': 'bounce', 'roll': 2, 'target_roll': 2}");
  o = json_node_get_object (e->result);
  /* Both struck at once: 2 − 1 + 1 (LI) = 2 and 2 + 1 + 2 (BI) = 5, both
   * hit, one level each, no daze. */
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (o, "unit"), "hit"));
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (o, "target"), "hit"));
  g_assert_cmpint (sl_test_unit_state (game, "bounce")->wound, ==, SL_WOUND_LIGHT);
  g_assert_cmpint (sl_test_unit_state (game, "tech")->wound, ==, SL_WOUND_LIGHT);
  g_assert_cmpint (sl_test_unit_state (game, "tech")->dazed_until, ==, -1);
  g_assert_true (sl_test_unit_state (game, "bounce")->melee_bonus);
  g_assert_nonnull (strstr (e->summary, "still in contact"));
  sl_test_play (game, "{'type': 'next'}");

  /* Undo restores the state before the melee exactly. */
  g_assert_true (sl_game_undo (game));
  g_assert_true (sl_game_undo (game));
  undone = state_text (game);
  g_assert_cmpstr (before, ==, undone);
  g_assert_true (sl_game_redo (game));
  g_assert_true (sl_game_redo (game));

  /* still in contact, another 5-AP melee may start. */
  sl_test_play (game, "{'type': 'engage', 'unit': 'tech', 'target': 'bounce'}");
  g_assert_cmpstr (sl_test_unit_state (game, "bounce")->current.action->id, ==, "melee");
}

/* E-20: the tech has already acted (its grouping came first) and is in a
 * use-device, which it loses. Next subphase it rolls 2: +1 (its own tech
 * melee) +1 (the attacker's −1 reversed) = 4 ≤ 5: avoided; the attacker
 * gets its free attack first. */
static void
test_avoid_e20 (void)
{
  g_autoptr(SlGame) game = duel ();
  const SlJournalEntry *e;
  JsonObject *o;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 8, 'b1': 2}}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tech', 'action': 'use-device'}");
  e = sl_test_play (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'tech', 'decision': 'avoid'}");
  g_assert_true (json_object_get_boolean_member (json_node_get_object (e->result), "defender_acted"));
  sl_test_refuse (game, "{'type': 'avoid', 'unit': 'tech', 'roll': 2}", "unit", "next subphase");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'avoid', 'unit': 'tech', 'roll': 2, 'attack_roll': 9}");
  o = json_node_get_object (e->result);
  g_assert_true (json_object_get_boolean_member (o, "avoided"));
  g_assert_cmpint (json_object_get_int_member (o, "net"), ==, 4);
  g_assert_nonnull (strstr (e->summary, "free attack misses"));
  g_assert_cmpint (sl_test_unit_state (game, "tech")->n_engaged, ==, 0);
  /* Free to move away. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'tech', 'action': 'run'}");
}

/* P-23(b): a defender that has not acted yet simply moves away; P-23(a)
 * failing: a full melee follows and no new attempt. */
static void
test_avoid_cases (void)
{
  g_autoptr(SlGame) game = duel ();
  const SlJournalEntry *e;

  /* The tech rolls higher: it has not acted when engaged. */
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 8}}");
  e = sl_test_play (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'tech', 'decision': 'avoid'}");
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (e->result), "outcome"), ==, "avoided");
  g_assert_cmpint (sl_test_unit_state (game, "tech")->n_engaged, ==, 0);

  /* Next subphase, after the tech has acted (moving away, as it must,
   * P-23 b): the roll fails. */
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tech', 'action': 'walk'}");
  sl_test_play (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'tech', 'decision': 'avoid'}");
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'avoid', 'unit': 'tech', 'roll': 9}");
  g_assert_false (json_object_get_boolean_member (json_node_get_object (e->result), "avoided"));
  g_assert_cmpint (sl_test_unit_state (game, "tech")->avoid_failed, ==, sl_test_unit (game, "bounce") + 1);
  g_assert_cmpstr (sl_test_unit_state (game, "tech")->current.action->id, ==, "melee");
  g_assert_cmpstr (sl_test_unit_state (game, "bounce")->current.action->id, ==, "melee");
}

/* Refusals: a routed unit does not attack (P-31), a dazed one neither
 * (P-19), friends are not engaged. */
static void
test_melee_refused (void)
{
  g_autoptr(SlGame) game = duel ();

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 8}}");
  sl_test_refuse (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'mate'}", "target", "same side");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'bounce', 'action': 'melee'}", "action", "engagement");
  sl_test_play (game, "{'type': 'correct', 'unit': 'bounce', 'field': 'routed', 'value': true}");
  sl_test_refuse (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'tech'}", "unit", "P-31");
  sl_test_play (game, "{'type': 'correct', 'unit': 'bounce', 'field': 'routed', 'value': false}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'bounce', 'field': 'dazed_until',"
                      " 'value': {'turn': 1, 'subphase': 2}}");
  sl_test_refuse (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'tech'}", "unit", "P-19");
  sl_test_refuse (game, "{'type': 'avoid', 'unit': 'tech', 'roll': 3}", "unit", "no avoidance");
}

/* P-31 step 4, P-23: a routed defender always tries to avoid; one that
 * avoided must then move away beyond 1 m, and may do nothing else until
 * it has (P-23 a step 3, P-23 b). */
static void
test_compulsions_p23_p31 (void)
{
  g_autoptr(SlGame) game = duel ();

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 8}}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tech', 'field': 'routed', 'value': true}");
  sl_test_refuse (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'tech', 'decision': 'fight'}",
                  "decision", "P-31 step 4");
  sl_test_refuse (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'tech'}", "decision", "routed");
  sl_test_play (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'tech', 'decision': 'avoid'}");
  g_assert_true (sl_test_unit_state (game, "tech")->must_move_away);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tech', 'action': 'change-facing'}", "action", "P-23");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tech', 'action': 'position-change', 'to_position': 'prone'}",
                  "action", "beyond 1 m");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tech', 'action': 'run'}");
  g_assert_false (sl_test_unit_state (game, "tech")->must_move_away);
}

/* P-23 (a) step 3, (b): a unit that avoided a melee makes a movement
 * action taking it beyond 1 m before anything else: it neither engages
 * (the unit it avoided or another) nor declares anything else, in its own
 * turn or out of it. The opportunity fire it was holding is lost the
 * moment it is engaged (P-22 step 3, P-09 step 5). */
static void
test_avoided_moves_away_p23 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_strict ();

  /* The order: TOG Fire Team 1, Renegade Fire Team 1, Renegade Fire Team 2,
   * TOG Fire Team 2. */
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'tog-ft1': 1, 'cw-ft1': 7, 'tog-ft2': 9, 'cw-ft2': 10}}");
  sl_test_play (game, "{'type': 'pass'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'opportunity-fire'}");
  sl_test_go_to_subphase (game, 3);
  g_assert_true (sl_test_unit_state (game, "cw-15")->opportunity_armed);

  /* P-23 (b): it has not acted this subphase; it moves away. */
  sl_test_play (game, "{'type': 'engage', 'unit': 'tog-3', 'target': 'cw-15', 'decision': 'avoid'}");
  g_assert_true (sl_test_unit_state (game, "cw-15")->must_move_away);
  g_assert_false (sl_test_unit_state (game, "cw-15")->opportunity_armed);
  {
    g_autofree char *orders = sl_state_unit_orders (sl_game_get_setup (game)->options, sl_game_get_state (game),
                                                    sl_test_unit (game, "cw-15"), "Trooper Kessel");

    g_assert_cmpstr (orders, ==, "Trooper Kessel avoided a melee: its next action is a move taking it beyond 1 m (P-23).");
  }
  sl_test_refuse (game, "{'type': 'fire', 'unit': 'cw-15', 'target': 'tog-4', 'roll': 5}", "unit",
                  "not on opportunity fire");
  sl_test_play (game, "{'type': 'pass'}");
  sl_test_refuse (game, "{'type': 'engage', 'unit': 'cw-15', 'target': 'tog-3'}", "unit", "P-23");
  sl_test_refuse (game, "{'type': 'engage', 'unit': 'cw-15', 'target': 'tog-4'}", "unit", "beyond 1 m");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'use-device'}", "action", "P-23");
  /* Its squad mates are free to. */
  sl_test_play (game, "{'type': 'engage', 'unit': 'cw-16', 'target': 'tog-4'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'run'}");
  g_assert_false (sl_test_unit_state (game, "cw-15")->must_move_away);
  g_assert_false (sl_test_unit_state (game, "cw-15")->opportunity_armed);
}

/* P-22 step 3, P-09 step 5: a defender holding opportunity fire loses it
 * when it is engaged, and fights without it; the history says so. The
 * attacker's own opportunity fire ends as it engages (another action). */
static void
test_engaged_loses_opportunity_p22 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_strict ();
  const SlJournalEntry *entry;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'tog-ft1': 1, 'cw-ft1': 7, 'tog-ft2': 9, 'cw-ft2': 10}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'opportunity-fire'}");
  sl_test_play (game, "{'type': 'pass'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-15', 'action': 'opportunity-fire'}");
  sl_test_go_to_subphase (game, 3);
  g_assert_true (sl_test_unit_state (game, "cw-15")->opportunity_armed);
  g_assert_true (sl_test_unit_state (game, "tog-3")->opportunity_armed);

  entry = sl_test_play (game, "{'type': 'engage', 'unit': 'tog-3', 'target': 'cw-15', 'decision': 'fight'}");
  g_assert_nonnull (strstr (entry->summary, "Trooper Kessel loses its opportunity fire (P-22, P-09)."));
  g_assert_false (sl_test_unit_state (game, "cw-15")->opportunity_armed);
  g_assert_false (sl_test_unit_state (game, "tog-3")->opportunity_armed);
  /* Nothing left to fire with out of turn. */
  sl_test_refuse (game, "{'type': 'fire', 'unit': 'cw-15', 'target': 'tog-4', 'roll': 5}", "unit",
                  "not on opportunity fire");
}

/* P-24 step 5, E-21: a defender parrying two attackers divides its +3 as it
 * says — +3 in all, whatever order the melees are entered in. */
static void
test_parry_share_e21 (void)
{
  g_autoptr(SlGame) game = duel ();

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 8}}");
  sl_test_play (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'tech'}");
  sl_test_play (game, "{'type': 'engage', 'unit': 'mate', 'target': 'tech'}");
  sl_test_go_to_subphase (game, 6);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_MELEE);
  sl_test_refuse (game, "{'type': 'melee', 'unit': 'mate', 'target_stance': 'parry', 'roll': 3}",
                  "parry_share", "E-21");
  sl_test_play (game, "{'type': 'melee', 'unit': 'mate', 'target_stance': 'parry', 'parry_share': 2, 'roll': 3}");
  sl_test_refuse (game, "{'type': 'melee', 'unit': 'bounce', 'target_stance': 'parry', 'parry_share': 2,"
                        " 'roll': 3}", "parry_share", "+1");
  sl_test_play (game, "{'type': 'melee', 'unit': 'bounce', 'target_stance': 'parry', 'parry_share': 1,"
                      " 'roll': 3}");
}

/* P-31 step 4: a unit that routs while in melee tries to avoid it: its roll
 * is due next subphase. P-31 step 5, P-32 step 8: appointed acting leader,
 * a routed unit routs no more. */
static void
test_rout_in_melee_p31 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'engage', 'unit': 'tog-2', 'target': 'cw-13'}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-1', 'field': 'wound', 'value': 'dead'}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'routed', 'value': true}");
  sl_test_play (game, "{'type': 'appoint-leader', 'squad': 'tog-squad', 'unit': 'tog-3'}");
  g_assert_false (sl_test_unit_state (game, "tog-3")->routed);
  while (sl_game_get_state (game)->turn < 12 || sl_game_get_state (game)->phase != SL_PHASE_ROUT_RALLY)
    {
      const SlState *s = sl_game_get_state (game);

      if (s->phase == SL_PHASE_INITIATIVE && !s->initiative_done)
        sl_test_play (game, "{'type': 'initiative'}");
      else if (s->phase == SL_PHASE_ACTION && s->step == SL_STEP_MELEE)
        {
          g_autoptr(GError) error = NULL;

          /* The melee goes on, engaged again as each ends. */
          sl_game_apply_text (game, "{\"type\": \"melee\", \"unit\": \"tog-2\", \"roll\": 9, \"target_roll\": 9}", &error);
          sl_test_play (game, "{'type': 'next'}");
        }
      else if (s->phase == SL_PHASE_ACTION && s->step == SL_STEP_INITIATIVE_ORDER &&
               sl_test_unit_state (game, "tog-2")->current.action == NULL)
        {
          g_autoptr(GError) error = NULL;

          sl_game_apply_text (game, "{\"type\": \"engage\", \"unit\": \"tog-2\", \"target\": \"cw-13\"}", &error);
          sl_test_play (game, "{'type': 'next'}");
        }
      else
        sl_test_play (game, "{'type': 'next'}");
    }
  g_assert_cmpint (sl_test_unit_state (game, "tog-2")->n_engaged, ==, 1);
  /* Every roll a natural 1: the squad routs. */
  sl_test_play (game, "{'type': 'rout-check', 'squad': 'tog-squad', 'roll': 1}");
  g_assert_true (sl_test_unit_state (game, "tog-2")->routed);
  g_assert_cmpint (sl_test_unit_state (game, "tog-2")->avoid_from, ==, sl_test_unit (game, "cw-13") + 1);
}

/* The duel fought out: bounce engages tech in subphase 1 (tech fights), the
 * melee ends in subphase 6 with both missing; both still in contact, at
 * subphase 7, in the initiative-order step. */
static SlGame *
duel_in_contact (void)
{
  SlGame *game = duel ();

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 8}}");
  sl_test_play (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'tech', 'decision': 'fight'}");
  sl_test_go_to_subphase (game, 6);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_MELEE);
  sl_test_play (game, "{'type': 'melee', 'unit': 'bounce', 'roll': 9, 'target_roll': 9}");
  sl_test_go_to_subphase (game, 7);
  g_assert_cmpint (sl_test_unit_state (game, "tech")->n_engaged, ==, 1);
  g_assert_true (sl_state_unit_idle (sl_test_rules (), sl_game_get_state (game), sl_test_unit (game, "tech")));
  return game;
}

/* P-23 a, A-75, book §7.10: a unit still in contact after a melee may try
 * to leave it on its own. A move away declared in contact — Avoid melee,
 * a walk … — is its attempt: the avoidance roll first (tech: 2, +1 own
 * tech troop, +1 for the attacker's −1 reversed = 4 ≤ 5), the opponent's
 * free attack, then the move. Failed, a full 5-AP melee follows at
 * once and the move does not happen; anything but a move is still
 * refused in contact. */
static void
test_leave_contact_p23 (void)
{
  g_autoptr(SlGame) game = duel_in_contact ();
  g_autoptr(SlGame) fails = duel_in_contact ();
  g_autoptr(SlGame) by_avoid = duel_in_contact ();
  const SlJournalEntry *e;

  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tech', 'action': 'use-device'}", "action", "P-23 a");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tech', 'action': 'walk', 'target': 'mate'}", "target",
                  "not in melee contact");
  sl_test_play (game, "{'type': 'pass'}");
  e = sl_test_play (game, "{'type': 'declare', 'unit': 'tech', 'action': 'walk', 'roll': 2, 'attack_roll': 9}");
  g_assert_true (sl_test_bool (e->result, "avoidance.avoided"));
  g_assert_cmpint (sl_test_int (e->result, "avoidance.net"), ==, 4);
  g_assert_false (sl_test_bool (e->result, "avoidance.free_attack.hit"));
  g_assert_cmpint (sl_test_unit_state (game, "tech")->n_engaged, ==, 0);
  g_assert_cmpint (sl_test_unit_state (game, "bounce")->n_engaged, ==, 0);
  g_assert_cmpstr (sl_test_unit_state (game, "tech")->current.action->id, ==, "walk");
  g_assert_false (sl_test_unit_state (game, "tech")->must_move_away);

  /* Failed (9 + 2): a full melee from now, neither avoids until it is over. */
  sl_test_play (fails, "{'type': 'pass'}");
  e = sl_test_play (fails, "{'type': 'declare', 'unit': 'tech', 'action': 'avoid-melee', 'roll': 9}");
  g_assert_false (sl_test_bool (e->result, "avoidance.avoided"));
  g_assert_cmpstr (sl_test_string (e->result, "outcome"), ==, "not-avoided");
  g_assert_cmpstr (sl_test_unit_state (fails, "tech")->current.action->id, ==, "melee");
  g_assert_cmpstr (sl_test_unit_state (fails, "bounce")->current.action->id, ==, "melee");
  g_assert_cmpint (sl_test_unit_state (fails, "tech")->current.start, ==,
                   sl_state_now (sl_test_rules (), sl_game_get_state (fails)));
  sl_test_refuse (fails, "{'type': 'declare', 'unit': 'tech', 'action': 'walk', 'replace': true, 'roll': 1}",
                  "action", "A-75");

  /* The avoidance roll alone: avoided, it moves away next (P-23). */
  sl_test_play (by_avoid, "{'type': 'pass'}");
  e = sl_test_play (by_avoid, "{'type': 'avoid', 'unit': 'tech', 'roll': 2, 'attack_roll': 9}");
  g_assert_true (sl_test_bool (e->result, "avoided"));
  g_assert_true (sl_test_unit_state (by_avoid, "tech")->must_move_away);
  g_assert_cmpint (sl_test_unit_state (by_avoid, "tech")->n_engaged, ==, 0);
}

/* P-22 step 6 (book §7.10: "melee ends automatically"): both units in
 * contact want to break off: no roll, no free attack, the melee ends and
 * each moves away. Said by the unit that declares (the opponent's
 * decision), or because the opponent is routed: a routed unit always
 * avoids (P-31 step 4). A dazed opponent cannot move. */
static void
test_both_break_off_p22 (void)
{
  g_autoptr(SlGame) game = duel_in_contact ();
  g_autoptr(SlGame) routed = duel_in_contact ();
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'declare', 'unit': 'bounce', 'action': 'avoid-melee', 'target_decision': 'avoid',"
                      " 'roll': 10, 'attack_roll': 1}");
  e = sl_game_get_entry (game, sl_game_get_n_entries (game) - 1);
  g_assert_true (sl_test_bool (e->result, "avoidance.both_avoid"));
  g_assert_false (sl_test_has (e->result, "avoidance.free_attack"));
  g_assert_nonnull (strstr (e->summary, "P-22 step 6"));
  g_assert_cmpint (sl_test_unit_state (game, "tech")->n_engaged, ==, 0);
  g_assert_true (sl_test_unit_state (game, "tech")->must_move_away);
  g_assert_cmpint (sl_test_unit_state (game, "tech")->wound, ==, SL_WOUND_NONE);
  g_assert_cmpstr (sl_test_unit_state (game, "bounce")->current.action->id, ==, "avoid-melee");

  sl_test_play (routed, "{'type': 'correct', 'unit': 'tech', 'field': 'routed', 'value': true}");
  sl_test_play (routed, "{'type': 'correct', 'unit': 'tech', 'field': 'dazed_until',"
                        " 'value': {'turn': 1, 'subphase': 7}}");
  sl_test_refuse (routed, "{'type': 'declare', 'unit': 'bounce', 'action': 'walk', 'target_decision': 'avoid'}",
                  "target_decision", "A-27");
  sl_test_play (routed, "{'type': 'correct', 'unit': 'tech', 'field': 'dazed_until', 'value': null}");
  e = sl_test_play (routed, "{'type': 'declare', 'unit': 'bounce', 'action': 'walk'}");
  g_assert_true (sl_test_bool (e->result, "avoidance.both_avoid"));
  g_assert_cmpint (sl_test_unit_state (routed, "bounce")->n_engaged, ==, 0);
}

/* P-31 step 4 (book §9.5: "a routing unit will do anything to avoid
 * melee"), P-23 a: a unit routed while in contact is not pinned there: as
 * each subphase starts, with no melee action under way, its avoidance roll
 * falls due, made with `avoid` as its units act or in the melee step at
 * the latest (`next` waits for it); avoided, it moves away. */
static void
test_routed_in_contact_p31 (void)
{
  g_autoptr(SlGame) game = duel_in_contact ();
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'correct', 'unit': 'tech', 'field': 'routed', 'value': true}");
  sl_test_go_to_subphase (game, 8);
  g_assert_cmpint (sl_test_unit_state (game, "tech")->avoid_from, ==, sl_test_unit (game, "bounce") + 1);
  /* It may not engage or declare anything but its avoidance. */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'tech', 'action': 'walk'}", "unit", "P-23 a");
  sl_test_play (game, "{'type': 'next'}");
  while (sl_game_get_state (game)->step != SL_STEP_MELEE)
    sl_test_play (game, "{'type': 'next'}");
  sl_test_refuse (game, "{'type': 'next'}", "type", NULL);
  e = sl_test_play (game, "{'type': 'avoid', 'unit': 'tech', 'roll': 2, 'attack_roll': 9}");
  g_assert_true (sl_test_bool (e->result, "avoided"));
  g_assert_cmpint (sl_test_unit_state (game, "tech")->n_engaged, ==, 0);
  g_assert_true (sl_test_unit_state (game, "tech")->must_move_away);
  sl_test_play (game, "{'type': 'next'}");
  sl_test_go_to_subphase (game, 9);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tech', 'action': 'run'}");
}

/* P-22 step 6, P-08: two routed units in contact each roll to avoid the
 * other; whichever roll is entered first, both break off — the same state
 * in either order. */
static void
test_both_routed_any_order_p22 (void)
{
  g_autoptr(SlGame) a = duel_in_contact ();
  g_autoptr(SlGame) b = duel_in_contact ();
  SlGame *games[] = { a, b };

  for (int g = 0; g < 2; g++)
    {
      sl_test_play (games[g], "{'type': 'correct', 'unit': 'tech', 'field': 'routed', 'value': true}");
      sl_test_play (games[g], "{'type': 'correct', 'unit': 'bounce', 'field': 'routed', 'value': true}");
      sl_test_go_to_subphase (games[g], 8);
      while (sl_game_get_state (games[g])->step != SL_STEP_MELEE)
        sl_test_play (games[g], "{'type': 'next'}");
    }
  sl_test_play (a, "{'type': 'avoid', 'unit': 'tech', 'roll': 9}");
  sl_test_play (b, "{'type': 'avoid', 'unit': 'bounce', 'roll': 9}");
  sl_test_refuse (a, "{'type': 'avoid', 'unit': 'bounce', 'roll': 9}", "unit", "no avoidance roll");
  sl_test_refuse (b, "{'type': 'avoid', 'unit': 'tech', 'roll': 9}", "unit", "no avoidance roll");
  sl_test_assert_same_state (a, b);
  g_assert_true (sl_test_unit_state (a, "tech")->must_move_away);
  g_assert_true (sl_test_unit_state (a, "bounce")->must_move_away);
}

/* P-24 step 5: a parrying unit makes no roll and its opponent takes +3. */
static void
test_parry (void)
{
  g_autoptr(SlGame) game = duel ();
  const SlJournalEntry *e;
  JsonObject *u;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 8}}");
  sl_test_play (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'tech'}");
  sl_test_go_to_subphase (game, 6);
  sl_test_play (game, "{'type': 'next'}");
  e = sl_test_play (game, "{'type': 'melee', 'unit': 'bounce', 'target_stance': 'parry', 'roll': 3}");
  u = json_object_get_object_member (json_node_get_object (e->result), "unit");
  /* 3 − 1 (Combat Arms) + LI's protection + 3 (parry). */
  g_assert_cmpint (json_object_get_int_member (u, "net"), >=, 5);
  g_assert_nonnull (strstr (e->summary, "Tech Quill parries"));
  g_assert_cmpint (sl_test_unit_state (game, "bounce")->wound, ==, SL_WOUND_NONE);
}

/* P-22, A-75, issue 31 #6: a unit in melee contact is offered its
 * opponent as its target, to engage again or to avoid — whatever its log
 * says of its last action — and the rules' words tell the ways out. */
static void
test_contact_default_target_a75 (void)
{
  g_autoptr(SlGame) game = duel_in_contact ();
  SlTableModel *table = sl_table_model_get_for_game (game);
  int tech = sl_test_unit (game, "tech");

  sl_test_play (game, "{'type': 'correct', 'unit': 'tech', 'field': 'action', 'value': null}");
  g_assert_cmpint (sl_state_unit_last_target (sl_game_get_state (game), tech), ==, sl_test_unit (game, "bounce"));
  g_assert_nonnull (strstr (sl_table_model_get_unit (table, tech)->orders,
                            "is in melee contact: it engages again, or leaves by trying to avoid"));
  /* Out of contact, the record of its fires again. */
  sl_test_play (game, "{'type': 'pass'}");
  sl_test_play (game, "{'type': 'avoid', 'unit': 'tech', 'roll': 2, 'attack_roll': 9}");
  g_assert_cmpint (sl_state_unit_last_target (sl_game_get_state (game), tech), ==, -1);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/melee/contact-default-target-A-75", test_contact_default_target_a75);
  g_test_add_func ("/game/melee/engagement-to-resolution", test_engagement_to_resolution);
  g_test_add_func ("/game/melee/avoid-E-20", test_avoid_e20);
  g_test_add_func ("/game/melee/avoid-cases", test_avoid_cases);
  g_test_add_func ("/game/melee/compulsions-P-23-P-31", test_compulsions_p23_p31);
  g_test_add_func ("/game/melee/avoided-moves-away-P-23", test_avoided_moves_away_p23);
  g_test_add_func ("/game/melee/engaged-loses-opportunity-P-22", test_engaged_loses_opportunity_p22);
  g_test_add_func ("/game/melee/parry-share-E-21", test_parry_share_e21);
  g_test_add_func ("/game/melee/rout-in-melee-P-31", test_rout_in_melee_p31);
  g_test_add_func ("/game/melee/leave-contact-P-23", test_leave_contact_p23);
  g_test_add_func ("/game/melee/both-break-off-P-22", test_both_break_off_p22);
  g_test_add_func ("/game/melee/routed-in-contact-P-31", test_routed_in_contact_p31);
  g_test_add_func ("/game/melee/both-routed-any-order-P-22", test_both_routed_any_order_p22);
  g_test_add_func ("/game/melee/refused", test_melee_refused);
  g_test_add_func ("/game/melee/parry", test_parry);
  return g_test_run ();
}
