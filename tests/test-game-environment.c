/* test-game-environment.c: automatic fire and the environment in whole
 * games through the command API (digest P-30, T-36; A-118)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-json.h"
#include "sl-test-game.h"

/* Two sides of marines; a-1 holds a spike rifle (bursts), the b side
 * stands in its wedge. @extra goes in the scenario (environment, options). */
static SlGame *
burst_game (const char *extra)
{
  g_autofree char *setup = g_strdup_printf (
    "{'id': 'env', 'name': 'Environment', 'length_turns': 3,"
    " 'modules': ['ammunition', 'automatic-fire', 'environment'], %s"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': [{'id': 'a-1', 'counter': 1,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['SR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'b-1', 'counter': 2, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'b-2', 'counter': 3, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'b-3', 'counter': 4, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}",
    extra);

  return sl_test_game_new_setup (setup);
}

/* a-1 declares an area burst in subphase 1; the clock goes to its
 * ranged-fire step. */
static void
ready_area_burst (SlGame *game)
{
  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'fire', 'burst': 'area'}");
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_RANGED_FIRE);
}

/* T-36, A-118: in rain or snow an area burst counts each target's own
 * range: rain +1 only beyond 10 m; snow +1 beyond 5 m, +2 beyond 15 m. */
static void
test_area_burst_weather_per_target (void)
{
  struct { const char *weather; double near, mid, far; int near_mod, mid_mod, far_mod; const char *source; } cases[] = {
    { "rain", 4, 10, 12, 0, 0, 1, "rain" },
    { "snow", 5, 6, 16, 0, 1, 2, "snow" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *env = g_strdup_printf ("'environment': {'%s': true},", cases[i].weather);
      g_autoptr(SlGame) game = burst_game (env);
      g_autofree char *burst = NULL;
      const SlJournalEntry *e;

      ready_area_burst (game);
      /* Without each target's distance there is no range band to read. */
      sl_test_refuse (game, "{'type': 'area-burst', 'unit': 'a-1', 'targets': [{'unit': 'b-1', 'roll': 9},"
                            " {'unit': 'b-2', 'roll': 9}]}", "targets", "distance_m");
      /* Listed far to near: engaged and read near to far. */
      burst = g_strdup_printf ("{'type': 'area-burst', 'unit': 'a-1', 'targets': ["
                               " {'unit': 'b-3', 'distance_m': %g, 'roll': 9},"
                               " {'unit': 'b-2', 'distance_m': %g, 'roll': 9},"
                               " {'unit': 'b-1', 'distance_m': %g, 'roll': 9}]}",
                               cases[i].far, cases[i].mid, cases[i].near);
      e = sl_test_play (game, burst);
      g_assert_cmpstr (sl_test_string (e->result, "targets[0].unit"), ==, "b-1");
      g_assert_cmpint (sl_test_breakdown (e->result, "targets[0].breakdown", cases[i].source), ==, cases[i].near_mod);
      g_assert_cmpstr (sl_test_string (e->result, "targets[1].unit"), ==, "b-2");
      g_assert_cmpint (sl_test_breakdown (e->result, "targets[1].breakdown", cases[i].source), ==, cases[i].mid_mod);
      g_assert_cmpstr (sl_test_string (e->result, "targets[2].unit"), ==, "b-3");
      g_assert_cmpint (sl_test_breakdown (e->result, "targets[2].breakdown", cases[i].source), ==, cases[i].far_mod);
    }
}

/* A game in vacuum: a-1 (laser rifle: 1 level through a marine suit) and
 * a-2 (spike rifle: 2 levels) against b-1 … b-3 in marine suits; the b
 * side's b-3 starts inside, as @b_inside says for the whole side. */
static SlGame *
vacuum_game (const char *b_inside)
{
  g_autofree char *setup = g_strdup_printf (
    "{'id': 'vac', 'name': 'Vacuum', 'length_turns': 12,"
    " 'modules': ['environment'], 'environment': {'vacuum': true},"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': ["
    "     {'id': 'a-1', 'counter': 1, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'a-2', 'counter': 2, 'troop': 'marines', 'armor': 'M', 'weapons': ['SR']}]}]},"
    "  {'id': 'b', %s 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'b-1', 'counter': 3, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'b-2', 'counter': 4, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "     {'id': 'b-3', 'counter': 5, 'troop': 'marines', 'armor': 'M', 'weapons': ['LR'],"
    "      'inside': true}]}]}]}",
    b_inside);

  return sl_test_game_new_setup (setup);
}

/* Plays on (initiative with fixed rolls) until the clock is at the
 * initiative-order step of @subphase of @turn. */
static void
play_until (SlGame *game,
            int     turn,
            int     subphase)
{
  for (;;)
    {
      const SlState *s = sl_game_get_state (game);

      if (s->turn == turn && s->phase == SL_PHASE_ACTION && s->subphase == subphase &&
          s->step == SL_STEP_INITIATIVE_ORDER)
        return;
      g_assert_false (s->over);
      if (s->phase == SL_PHASE_INITIATIVE && !s->initiative_done)
        sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
      else
        sl_test_play (game, "{'type': 'next'}");
    }
}

/* @firer hits @target in the current subphase (a roll of 2). */
static void
hit (SlGame     *game,
     const char *firer,
     const char *target)
{
  g_autofree char *declare = g_strdup_printf ("{'type': 'declare', 'unit': '%s', 'action': 'fire', 'target': '%s'}",
                                              firer, target);
  g_autofree char *fire = g_strdup_printf ("{'type': 'fire', 'unit': '%s', 'roll': 2}", firer);

  sl_test_play (game, declare);
  sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_RANGED_FIRE);
  sl_test_play (game, fire);
}

/* P-39 step 2: one level on an intact suit gives one more level 20
 * subphases later, and then the suit seals — the delayed wound breaches
 * nothing again. */
static void
test_breach_one_level_seals (void)
{
  g_autoptr(SlGame) game = vacuum_game ("");

  play_until (game, 1, 1);
  hit (game, "a-1", "b-1");
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->wound, ==, SL_WOUND_LIGHT);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->breach.state, ==, SL_BREACH_DELAYED);
  play_until (game, 3, 1);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->wound, ==, SL_WOUND_MODERATE);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->breach.state, ==, SL_BREACH_NONE);
  play_until (game, 7, 1);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->wound, ==, SL_WOUND_MODERATE);
  /* a later 1-level hit gives its own single delayed wound. */
  hit (game, "a-1", "b-1");
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->wound, ==, SL_WOUND_SERIOUS);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->breach.state, ==, SL_BREACH_DELAYED);
  play_until (game, 9, 1);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->wound, ==, SL_WOUND_UNCONSCIOUS);
  play_until (game, 12, 1);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->wound, ==, SL_WOUND_UNCONSCIOUS);
}

/* P-39 step 3, A-119: two levels or more cannot seal: +1 level every 20
 * subphases until the unit dies — knocked out, it bleeds on. */
static void
test_breach_bleeds_until_dead (void)
{
  g_autoptr(SlGame) game = vacuum_game ("");

  play_until (game, 1, 1);
  hit (game, "a-2", "b-1");
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->wound, ==, SL_WOUND_MODERATE);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->breach.state, ==, SL_BREACH_BLEEDING);
  play_until (game, 3, 1);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->wound, ==, SL_WOUND_SERIOUS);
  play_until (game, 5, 1);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->wound, ==, SL_WOUND_UNCONSCIOUS);
  play_until (game, 7, 1);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->wound, ==, SL_WOUND_DEAD);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->breach.state, ==, SL_BREACH_NONE);
}

/* T-36, A-120, A-134: a unit inside (a pressurised ship, an intact
 * building) is not breached; its exposure is on its log, set by the
 * scenario and by the `exposure` command. */
static void
test_exposure (void)
{
  g_autoptr(SlGame) game = vacuum_game ("");
  const SlJournalEntry *e;

  g_assert_false (sl_test_unit_state (game, "b-1")->inside);
  g_assert_true (sl_test_unit_state (game, "b-3")->inside);
  play_until (game, 1, 1);
  hit (game, "a-1", "b-3");
  g_assert_cmpint (sl_test_unit_state (game, "b-3")->wound, ==, SL_WOUND_LIGHT);
  g_assert_cmpint (sl_test_unit_state (game, "b-3")->breach.state, ==, SL_BREACH_NONE);

  sl_test_refuse (game, "{'type': 'exposure', 'unit': 'b-3', 'inside': true}", "unit", "already inside");
  sl_test_refuse (game, "{'type': 'exposure', 'units': ['b-1', 'b-1'], 'inside': true}", "units", "twice");
  e = sl_test_play (game, "{'type': 'exposure', 'units': ['b-1', 'b-2'], 'inside': true}");
  g_assert_true (sl_test_unit_state (game, "b-1")->inside);
  g_assert_true (sl_test_unit_state (game, "b-2")->inside);
  g_assert_nonnull (strstr (e->summary, "sheltered from the vacuum"));
  sl_test_play (game, "{'type': 'exposure', 'unit': 'b-3', 'inside': false}");
  play_until (game, 1, 3);
  hit (game, "a-1", "b-3");
  g_assert_cmpint (sl_test_unit_state (game, "b-3")->breach.state, ==, SL_BREACH_DELAYED);
  /* Gone inside before the wound falls due: it is not taken, and the
   * delayed breach seals without it (A-120 ruling). */
  sl_test_play (game, "{'type': 'exposure', 'unit': 'b-3', 'inside': true}");
  play_until (game, 3, 4);
  g_assert_cmpint (sl_test_unit_state (game, "b-3")->wound, ==, SL_WOUND_MODERATE);
  g_assert_cmpint (sl_test_unit_state (game, "b-3")->breach.state, ==, SL_BREACH_NONE);
}

/* A scenario sets exposure for a whole side or squad, a unit's own field
 * winning; only vacuum and hostile atmospheres have it. */
static void
test_exposure_setup (void)
{
  g_autoptr(SlGame) game = vacuum_game ("'inside': true,");
  g_autoptr(SlGame) plain = sl_test_game_new ();

  g_assert_true (sl_test_unit_state (game, "b-1")->inside);
  g_assert_false (sl_test_unit_state (game, "a-1")->inside);
  sl_test_refuse (plain, "{'type': 'exposure', 'unit': 'cw-13', 'inside': true}", "inside", "T-36");
}

/* Hand corrections of exposure and of a suit breach (P-39). */
static void
test_breach_corrections (void)
{
  g_autoptr(SlGame) game = vacuum_game ("");
  const SlJournalEntry *e;

  play_until (game, 1, 2);
  e = sl_test_play (game, "{'type': 'correct', 'unit': 'b-1', 'field': 'breach',"
                          " 'value': {'state': 'bleeding'}}");
  g_test_message ("%s", e->summary);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->breach.state, ==, SL_BREACH_BLEEDING);
  /* Due 20 subphases from now unless the players say when. */
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->breach.due, ==,
                   sl_subphase_index (sl_game_get_rules (game), 3, 2));
  sl_test_refuse (game, "{'type': 'correct', 'unit': 'b-1', 'field': 'breach',"
                        " 'value': {'state': 'delayed', 'turn': 1, 'subphase': 2}}", "value.turn", "P-39");
  sl_test_refuse (game, "{'type': 'correct', 'unit': 'b-1', 'field': 'breach',"
                        " 'value': {'state': 'delayed', 'turn': 4, 'subphase': 1}}", "value.turn", "P-39");
  sl_test_play (game, "{'type': 'correct', 'unit': 'b-1', 'field': 'breach',"
                      " 'value': {'state': 'delayed', 'turn': 1, 'subphase': 5}}");
  play_until (game, 1, 6);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->wound, ==, SL_WOUND_LIGHT);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->breach.state, ==, SL_BREACH_NONE);
  sl_test_play (game, "{'type': 'correct', 'unit': 'b-2', 'field': 'breach',"
                      " 'value': {'state': 'bleeding', 'turn': 2, 'subphase': 1}}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'b-2', 'field': 'breach', 'value': null}");
  play_until (game, 3, 1);
  g_assert_cmpint (sl_test_unit_state (game, "b-2")->wound, ==, SL_WOUND_NONE);
  sl_test_play (game, "{'type': 'correct', 'unit': 'b-2', 'field': 'inside', 'value': true}");
  g_assert_true (sl_test_unit_state (game, "b-2")->inside);
}

/* Zero-G: marines with laser rifles on both sides, in reach of each
 * other. */
static SlGame *
zero_g_game (void)
{
  return sl_test_game_new_setup (
    "{'id': 'zg', 'name': 'Zero-G', 'length_turns': 3,"
    " 'modules': ['environment'], 'environment': {'zero_g': true},"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': ["
    "     {'id': 'a-1', 'counter': 1, 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']},"
    "     {'id': 'a-2', 'counter': 2, 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'b-1', 'counter': 3, 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']},"
    "     {'id': 'b-2', 'counter': 4, 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']}]}]}]}");
}

/* each melee action starts with a zero-G check like any other
 * action: the attacker's as it engages (failed: no contact), the
 * defender's as its melee action starts (failed: it defends without a
 * roll). */
static void
test_zero_g_melee_check (void)
{
  g_autoptr(SlGame) game = zero_g_game ();
  const SlJournalEntry *e;

  play_until (game, 1, 1);
  /* A natural 10 always fails (T-01). */
  e = sl_test_play (game, "{'type': 'engage', 'unit': 'a-1', 'target': 'b-1', 'zero_g_roll': 10}");
  g_assert_false (sl_test_bool (e->result, "zero_g_succeeded"));
  g_assert_cmpint (sl_test_unit_state (game, "a-1")->n_engaged, ==, 0);
  g_assert_null (sl_test_unit_state (game, "a-1")->current.action);
  g_assert_cmpstr (sl_test_string (e->result, "outcome"), ==, "zero-g-failed");

  e = sl_test_play (game, "{'type': 'engage', 'unit': 'a-2', 'target': 'b-2', 'zero_g_roll': 1,"
                          " 'target_zero_g_roll': 10}");
  g_assert_true (sl_test_bool (e->result, "zero_g_succeeded"));
  g_assert_false (sl_test_bool (e->result, "target_zero_g_succeeded"));
  g_assert_cmpint (sl_test_unit_state (game, "a-2")->n_engaged, ==, 1);
  g_assert_nonnull (sl_test_unit_state (game, "a-2")->current.action);
  g_assert_null (sl_test_unit_state (game, "b-2")->current.action);
  /* The melee ends in subphase 6: only a-2 strikes. */
  play_until (game, 1, 6);
  while (sl_game_get_state (game)->step != SL_STEP_MELEE)
    sl_test_play (game, "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->subphase, ==, 6);
  e = sl_test_play (game, "{'type': 'melee', 'unit': 'a-2', 'roll': 9}");
  g_assert_false (sl_test_has (e->result, "target.hit"));
  sl_test_refuse (game, "{'type': 'melee', 'unit': 'b-2', 'roll': 1}", "unit", "P-24");
}

/* P-21 step 4 (book §7.9: "It must be tried again the next subphase"): a
 * failed zero-G check loses the action, and the unit starts nothing more
 * in that subphase — the same action or another, a declaration or an
 * engagement; its grouping's turn does not wait for it. Next subphase it
 * tries again. */
static void
test_zero_g_retry_next_subphase_p21 (void)
{
  g_autoptr(SlGame) game = zero_g_game ();
  const SlJournalEntry *e;

  play_until (game, 1, 1);
  e = sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'walk', 'zero_g_roll': 10}");
  g_assert_false (sl_test_bool (e->result, "zero_g_succeeded"));
  g_assert_null (sl_test_unit_state (game, "a-1")->current.action);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'walk', 'zero_g_roll': 1}",
                  "unit", "P-21 step 4");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'position-change',"
                        " 'to_position': 'prone', 'zero_g_roll': 1}", "unit", "next subphase");
  sl_test_refuse (game, "{'type': 'engage', 'unit': 'a-1', 'target': 'b-1', 'zero_g_roll': 1}",
                  "unit", "P-21 step 4");
  g_assert_false (sl_state_unit_to_decide (sl_game_get_rules (game), sl_game_get_state (game),
                                           sl_test_unit (game, "a-1")));
  /* A failed engagement the same. */
  sl_test_play (game, "{'type': 'engage', 'unit': 'a-2', 'target': 'b-2', 'zero_g_roll': 10}");
  sl_test_refuse (game, "{'type': 'engage', 'unit': 'a-2', 'target': 'b-2', 'zero_g_roll': 1}",
                  "unit", "P-21 step 4");
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'a-2', 'action': 'walk', 'zero_g_roll': 1}",
                  "unit", "P-21 step 4");
  /* Its grouping's turn is over: every unit has done what it could. */
  g_assert_cmpint (sl_state_turn_position (sl_game_get_rules (game), sl_game_get_state (game)), ==, 1);

  play_until (game, 1, 2);
  e = sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'walk', 'zero_g_roll': 1}");
  g_assert_true (sl_test_bool (e->result, "zero_g_succeeded"));
  sl_test_play (game, "{'type': 'engage', 'unit': 'a-2', 'target': 'b-2', 'zero_g_roll': 1, 'target_zero_g_roll': 1}");
  g_assert_cmpint (sl_test_unit_state (game, "a-2")->n_engaged, ==, 1);
}

/* A-71 (the ruling in data/reference): the spike rifle's +1 on the zero-G
 * check is for a fire of the spike rifle itself. Firing the grenade
 * launcher fitted to it, throwing a hand grenade or setting a charge off
 * by radio is a Fire/Throw action but no fire of the rifle: no +1; and a
 * launcher fitted to a slug rifle may be fired in zero-G, where the slug
 * rifle may not (book §7.9). With option zeroGWeaponPenaltyAllActions the
 * +1 counts for every action. */
static void
test_zero_g_launcher_a71 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'zgl', 'name': 'Zero-G launcher', 'length_turns': 3,"
    " 'modules': ['ammunition', 'area-effects', 'environment'], 'environment': {'zero_g': true},"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': ["
    "     {'id': 'a-1', 'counter': 1, 'troop': 'marines', 'armor': 'MZG', 'weapons': ['SR'], 'launcher': 'frag'},"
    "     {'id': 'a-2', 'counter': 2, 'troop': 'marines', 'armor': 'MZG', 'weapons': ['SAR'], 'launcher': 'frag'},"
    "     {'id': 'a-3', 'counter': 5, 'troop': 'marines', 'armor': 'MZG', 'weapons': ['SR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'b-1', 'counter': 3, 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']}]}]}]}");
  g_autoptr(JsonNode) launch = NULL;
  g_autoptr(JsonNode) shot = NULL;
  g_autoptr(JsonNode) slug_launch = NULL;

  play_until (game, 1, 1);
  launch = sl_test_json_preview (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'fire', 'throw': 'launcher',"
                                       " 'label': 'the hatch', 'zero_g_roll': 5}");
  shot = sl_test_json_preview (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'fire', 'target': 'b-1',"
                                     " 'zero_g_roll': 5}");
  /* Marines −1; the rifle's +1 only on its own shot. */
  g_assert_cmpint (sl_test_int (sl_test_member (launch, "zero_g_check"), "modifier"), ==, -1);
  g_assert_cmpint (sl_test_int (sl_test_member (shot, "zero_g_check"), "modifier"), ==, 0);
  /* The slug rifle does not fire in zero-G; the launcher on it does. */
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'a-2', 'action': 'fire', 'target': 'b-1', 'zero_g_roll': 5}",
                  "weapon", "§7.9");
  slug_launch = sl_test_json_preview (game, "{'type': 'declare', 'unit': 'a-2', 'action': 'fire', 'throw': 'launcher',"
                                            " 'label': 'the hatch', 'zero_g_roll': 5}");
  g_assert_true (sl_test_bool (slug_launch, "zero_g_succeeded"));
  /* A grenade picked up and thrown: no rifle fired either. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-3', 'action': 'pick-up-object', 'zero_g_roll': 1}");
  play_until (game, 1, 2);
  {
    g_autoptr(JsonNode) thrown = sl_test_json_preview (game, "{'type': 'declare', 'unit': 'a-3', 'action': 'fire',"
                                                             " 'throw': 'grenade', 'label': 'the hatch', 'zero_g_roll': 5}");

    g_assert_cmpint (sl_test_int (sl_test_member (thrown, "zero_g_check"), "modifier"), ==, -1);
  }
}

/* a zero-G dive does not end after its 2 AP: it carries the unit on,
 * which can do nothing else, until it hits full cover (dazed) or another
 * unit (both dazed and prone). */
static void
test_zero_g_dive_carries_on (void)
{
  g_autoptr(SlGame) game = zero_g_game ();
  const SlJournalEntry *e;

  play_until (game, 1, 1);
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'walk', 'zero_g_roll': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-2', 'action': 'walk', 'zero_g_roll': 1}");
  play_until (game, 1, 2);
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'dive', 'zero_g_roll': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'a-2', 'action': 'dive', 'zero_g_roll': 1}");
  play_until (game, 1, 6);
  g_assert_nonnull (sl_test_unit_state (game, "a-1")->current.action);
  g_assert_false (sl_test_unit_state (game, "a-1")->current.resolved);
  g_assert_cmpint (sl_test_unit_state (game, "a-1")->moving, ==, SL_MOVE_DIVE);
  g_assert_cmpint (sl_test_unit_state (game, "a-1")->position, ==, SL_POSITION_STANDING);
  sl_test_refuse (game, "{'type': 'declare', 'unit': 'a-1', 'action': 'walk', 'replace': true,"
                        " 'zero_g_roll': 1}", "unit", "A-72");
  sl_test_refuse (game, "{'type': 'cancel', 'unit': 'a-1'}", "unit", "A-72");
  sl_test_refuse (game, "{'type': 'dive-stop', 'unit': 'b-1', 'into': 'cover'}", "unit", "A-72");

  e = sl_test_play (game, "{'type': 'dive-stop', 'unit': 'a-1', 'into': 'cover'}");
  g_test_message ("%s", e->summary);
  g_assert_null (sl_test_unit_state (game, "a-1")->current.action);
  g_assert_true (sl_state_unit_dazed_at (sl_game_get_rules (game), sl_game_get_state (game),
                                         sl_test_unit (game, "a-1"),
                                         sl_state_now (sl_game_get_rules (game), sl_game_get_state (game)) + 1));

  e = sl_test_play (game, "{'type': 'dive-stop', 'unit': 'a-2', 'into': 'b-1'}");
  g_test_message ("%s", e->summary);
  g_assert_cmpint (sl_test_unit_state (game, "a-2")->position, ==, SL_POSITION_PRONE);
  g_assert_cmpint (sl_test_unit_state (game, "b-1")->position, ==, SL_POSITION_PRONE);
  g_assert_true (sl_state_unit_dazed_at (sl_game_get_rules (game), sl_game_get_state (game),
                                         sl_test_unit (game, "b-1"),
                                         sl_state_now (sl_game_get_rules (game), sl_game_get_state (game)) + 1));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/environment/area-burst-weather-per-target-A-118", test_area_burst_weather_per_target);
  g_test_add_func ("/environment/breach-one-level-seals-P-39", test_breach_one_level_seals);
  g_test_add_func ("/environment/breach-bleeds-until-dead-A-119", test_breach_bleeds_until_dead);
  g_test_add_func ("/environment/exposure-T-36", test_exposure);
  g_test_add_func ("/environment/exposure-setup-A-120", test_exposure_setup);
  g_test_add_func ("/environment/breach-corrections-P-39", test_breach_corrections);
  g_test_add_func ("/environment/zero-g-melee-check-A-71", test_zero_g_melee_check);
  g_test_add_func ("/environment/zero-g-dive-carries-on-A-72", test_zero_g_dive_carries_on);
  g_test_add_func ("/environment/zero-g-retry-next-subphase-P-21", test_zero_g_retry_next_subphase_p21);
  g_test_add_func ("/environment/zero-g-launcher-A-71", test_zero_g_launcher_a71);
  return g_test_run ();
}
