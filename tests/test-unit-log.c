/* test-unit-log.c: a unit's line of the squad log as the screens and the
 * printed log show it (T-04, T-08, T-11, T-12, T-20)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-test-game.h"
#include "sl-unit-log.h"

static void
fill (SlGame     *game,
      const char *id,
      SlUnitLog  *log)
{
  sl_unit_log_fill (sl_game_get_rules (game), sl_game_get_setup (game), sl_game_get_state (game),
                    sl_test_unit (game, id), log);
}

/* T-04 "Mod": troop + race + weapon, ranged/melee. Legionnaire Ostra is
 * Combat Arms (to-hit 0, melee −1, T-11), human (0, 0, T-08), with a slug
 * assault rifle (+2, T-12): +2/−1. A counter-insurgency trooper (0, −2)
 * with an OMNI rifle: 0/−2 in spike mode, +1/−2 in slug mode. */
static void
test_unit_log_fresh (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autofree char *mod = NULL;
  g_autofree char *cw_mod = NULL;
  SlUnitLog log, cw;

  fill (game, "tog-3", &log);
  g_assert_cmpint (log.counter, ==, 3);
  g_assert_cmpstr (log.name, ==, "Legionnaire Ostra");
  g_assert_cmpstr (log.armor->id, ==, "BI");
  g_assert_cmpint (log.n_weapons, ==, 2);
  g_assert_cmpstr (log.weapons[log.in_hand]->id, ==, "SAR");
  g_assert_cmpint (log.ranged_mod, ==, 2);
  g_assert_cmpint (log.melee_mod, ==, -1);
  mod = sl_unit_log_format_mod (&log);
  g_assert_cmpstr (mod, ==, "+2/\xe2\x88\x92" "1");

  fill (game, "cw-13", &cw);
  cw_mod = sl_unit_log_format_mod (&cw);
  g_assert_cmpstr (cw.weapons[cw.in_hand]->id, ==, "OR");
  g_assert_cmpstr (cw.omni_mode, ==, "spike");
  g_assert_cmpstr (cw_mod, ==, "0/\xe2\x88\x92" "2");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'omni_mode', 'value': 'slug'}");
  fill (game, "cw-13", &cw);
  g_assert_cmpstr (cw.omni_mode, ==, "slug");
  g_assert_cmpint (cw.ranged_mod, ==, 1);

  /* T-20: R 3 boxes, FG 2, SG 2, all unticked; SAR magazines of 6. */
  g_assert_cmpint (log.boxes[SL_MAGAZINE_R], ==, 3);
  g_assert_cmpint (log.left[SL_MAGAZINE_R], ==, 3);
  g_assert_cmpint (log.boxes[SL_MAGAZINE_FG], ==, 2);
  g_assert_cmpint (log.left[SL_MAGAZINE_SG], ==, 2);
  g_assert_cmpint (log.rounds, ==, 6);
  g_assert_cmpint (log.rounds_fired, ==, 0);
  g_assert_cmpint (log.wound, ==, SL_WOUND_NONE);
  g_assert_null (log.action);
  g_assert_cmpint (log.dazed_until, ==, -1);
  g_assert_false (log.out);
}

/* The action log: cost and progress; the counters: wounds, out. */
static void
test_unit_log_play (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlUnitLog log;

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 8);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'use-device'}");
  fill (game, "cw-14", &log);
  g_assert_nonnull (log.action);
  g_assert_cmpstr (log.action->id, ==, "use-device");
  g_assert_cmpint (log.action_cost, ==, 5);
  g_assert_cmpint (log.action_done, ==, 0);
  sl_test_go_to_subphase (game, 10);
  fill (game, "cw-14", &log);
  g_assert_cmpint (log.action_done, ==, 2);

  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'wound', 'value': 'serious'}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'magazines.R', 'value': 1}");
  fill (game, "cw-13", &log);
  g_assert_cmpint (log.wound, ==, SL_WOUND_SERIOUS);
  g_assert_cmpint (log.boxes[SL_MAGAZINE_R], ==, 3);
  g_assert_cmpint (log.left[SL_MAGAZINE_R], ==, 1);
  g_assert_false (log.out);
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'wound', 'value': 'unconscious'}");
  fill (game, "cw-13", &log);
  g_assert_true (log.out);
}

/* §18, T-44: a Legionnaire character's skills are its own modifiers, in
 * the Mod of its log: spike rifle 6 (−2) with the rifle in hand, the pistol
 * untrained (+1) in hand; melee 4 (−1) and no melee weapon (+1). Its log
 * says it is a character, and what it has. */
static void
test_unit_log_character (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'pc', 'name': 'PC', 'length_turns': 12,"
    " 'options': {'legionnaireReactionThreshold': 8},"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': ["
    "     {'id': 'ostra', 'counter': 2, 'name': 'Legionnaire Ostra', 'troop': 'combat-arms', 'armor': 'BI',"
    "      'weapons': ['SR', 'SP'], 'legionnaire': {'weapon_skills': {'SR': 6, 'grenade': 3},"
    "      'melee_skill': 4, 'melee_weapon': false, 'reaction': 9}}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'hale', 'counter': 13, 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['SR']}]}]}]}");
  g_autofree char *mod = NULL;
  g_autofree char *words = NULL;
  g_autofree char *brief = NULL;
  SlUnitLog log;

  fill (game, "ostra", &log);
  g_assert_nonnull (log.legionnaire);
  /* Combat Arms 0/−1, human 0/0, spike rifle 0: −2/−1. */
  mod = sl_unit_log_format_mod (&log);
  g_assert_cmpstr (mod, ==, "\xe2\x88\x92" "2/\xe2\x88\x92" "1");
  words = sl_legionnaire_describe (log.legionnaire, FALSE);
  g_assert_cmpstr (words, ==, "Legionnaire character (§18): SR \xe2\x88\x92" "2, SP +1, grenades \xe2\x88\x92" "1,"
                              " melee \xe2\x88\x92" "1, no melee weapon +1, initiative \xe2\x88\x92" "1, never routs");
  brief = sl_legionnaire_describe (log.legionnaire, TRUE);
  g_assert_cmpstr (brief, ==, "Character: SR \xe2\x88\x92" "2, SP +1, grenades \xe2\x88\x92" "1, melee 0");
  sl_test_play (game, "{'type': 'correct', 'unit': 'ostra', 'field': 'in_hand', 'value': 'SP'}");
  fill (game, "ostra", &log);
  g_assert_cmpint (log.ranged_mod, ==, 1);

  fill (game, "hale", &log);
  g_assert_null (log.legionnaire);
  g_assert_null (sl_legionnaire_describe (log.legionnaire, FALSE));
}

/* §10 F, T-20, issue 31 #8: a scenario without the grenade rules (Pest
 * Control, T-43) has no grenade boxes on its logs; the training game,
 * with them, has two of each kind. */
static void
test_unit_log_no_grenades (void)
{
  g_autoptr(SlGame) pest = sl_test_game_new_scenario ("pest-control", NULL);
  g_autoptr(SlGame) training = sl_test_game_new ();
  SlUnitLog log;

  g_assert_false (sl_setup_has_module (sl_game_get_setup (pest), SL_MODULE_GRENADES));
  fill (pest, "tog-1", &log);
  g_assert_cmpint (log.boxes[SL_MAGAZINE_FG], ==, 0);
  g_assert_cmpint (log.boxes[SL_MAGAZINE_SG], ==, 0);
  fill (training, "tog-3", &log);
  g_assert_cmpint (log.boxes[SL_MAGAZINE_FG], ==, 2);
  g_assert_cmpint (log.boxes[SL_MAGAZINE_SG], ==, 2);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/unit-log/fresh", test_unit_log_fresh);
  g_test_add_func ("/unit-log/play", test_unit_log_play);
  g_test_add_func ("/unit-log/legionnaire-character-T-44", test_unit_log_character);
  g_test_add_func ("/unit-log/no-grenades-T-20", test_unit_log_no_grenades);
  return g_test_run ();
}
