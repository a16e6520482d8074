/* test-declare-sheet.c: declaring an action — cost and end subphase shown
 * before the choice (E-05, E-06), illegal choices disabled with the rule
 * (P-19, T-06), the choice applied. Runs under Xvfb.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-combat.h"
#include "sl-declare-sheet-private.h"
#include "sl-declare-sheet.h"
#include "sl-dice-sheet-private.h"
#include "sl-dice-sheet.h"
#include "sl-sheet-private.h"
#include "sl-test-game.h"
#include "sl-test-ui.h"
#include "sl-ui-util-private.h"
#include "sl-ui-util.h"

/* E-06 at subphase 8: a 5-AP action ends in subphase 2 of turn 2; E-05's
 * 3-AP aimed fire from subphase 5 would end in 7 (here from 8: 10). */
/* The declaration of @unit, shown; *@keep holds a reference until the
 * test lets it go (the sheet goes when it is closed). */
static SlDeclareSheet *
present_sheet (SlGame     *game,
               const char *unit,
               GtkWidget **keep)
{
  SlDeclareSheet *sheet = sl_declare_sheet_new (NULL, game, sl_test_unit (game, unit));

  g_clear_object (keep);
  *keep = g_object_ref (GTK_WIDGET (sheet));
  sl_sheet_present (SL_SHEET (sheet));
  return sheet;
}

/* Every grouping whose turn comes passes (@n of them). */
static void
pass_groupings (SlGame *game,
                int     n)
{
  for (int i = 0; i < n; i++)
    sl_test_play (game, "{'type': 'pass'}");
}

static void
test_declare_sheet_choices (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlDeclareSheet *sheet;
  guint n;

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 8);
  sheet = sl_declare_sheet_new (NULL, game, sl_test_unit (game, "cw-14"));
  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "declare-sheet.png");

  g_assert_cmpstr (sl_declare_sheet_get_choice (sheet, "use-device"), ==, "5 AP · ends in subphase 2 of turn 2");
  /* Issue 22 item 5: a shot tells its odds before the AP are spent, the
   * core's for the target picked (the first one offered). */
  {
    g_autoptr(GArray) targets = sl_fire_targets (game, sl_test_unit (game, "cw-14"), NULL);
    const char *target = sl_setup_unit_at (sl_game_get_setup (game), g_array_index (targets, int, 0))->id;
    g_autofree char *declare = g_strdup_printf ("{'type': 'declare', 'unit': 'cw-14', 'action': 'aimed-fire',"
                                                " 'target': '%s'}", target);
    g_autoptr(JsonNode) preview = sl_test_json_preview (game, declare);
    JsonObject *to_hit = json_object_get_object_member (json_node_get_object (preview), "to_hit");
    g_autofree char *odds = sl_check_odds_words_of (to_hit);
    g_autofree char *expected = g_strdup_printf ("3 AP · ends in subphase 10 · to hit: %s, before the cover, the range "
                                                 "and smoke, which the fire sheet adds", odds);

    g_assert_cmpstr (sl_declare_sheet_get_choice (sheet, "aimed-fire"), ==, expected);
  }
  g_assert_cmpstr (sl_declare_sheet_get_choice (sheet, "walk"), ==, "1 AP · ends in subphase 8");
  g_assert_null (sl_declare_sheet_get_choice (sheet, "melee"));
  g_assert_true (sl_declare_sheet_can_choose (sheet, "use-device"));

  n = sl_game_get_n_entries (game);
  g_assert_true (sl_declare_sheet_choose (sheet, "use-device"));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n + 1);
  g_assert_cmpstr (sl_test_unit_state (game, "cw-14")->current.action->id, ==, "use-device");
}

/* Legionnaire Ostra (tog-3), dazed until subphase 5 of the first turn
 * (P-19), declares: its sheet, shown. */
static SlDeclareSheet *
dazed_sheet (SlGame *game)
{
  SlDeclareSheet *sheet;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'dazed_until',"
                      " 'value': {'turn': 1, 'subphase': 5}}");
  sheet = sl_declare_sheet_new (NULL, game, sl_test_unit (game, "tog-3"));
  sl_sheet_present (SL_SHEET (sheet));
  return sheet;
}

/* A dazed unit may only go kneeling or prone (P-19, A-27): the other
 * choices are disabled and say why. */
static void
test_declare_sheet_refused (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlDeclareSheet *sheet = dazed_sheet (game);
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));

  g_assert_false (sl_declare_sheet_can_choose (sheet, "walk"));
  g_assert_nonnull (strstr (sl_declare_sheet_get_choice (sheet, "walk"), "P-19"));
  g_assert_true (sl_declare_sheet_can_choose (sheet, "position-change"));
  g_assert_false (sl_declare_sheet_choose (sheet, "walk"));
  sl_sheet_close (SL_SHEET (sheet));
}

/* Melee starts with an engagement from the same sheet (P-22); a Fire/Throw
 * action may throw a grenade instead of shooting (P-34). */
static void
test_declare_sheet_engage (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlDeclareSheet *sheet;

  sl_test_start_turn (game);
  sheet = sl_declare_sheet_new (NULL, game, sl_test_unit (game, "cw-14"));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_true (sl_declare_sheet_engage (sheet));
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->n_engaged, ==, 1);
  g_assert_cmpstr (sl_test_unit_state (game, "cw-14")->current.action->id, ==, "melee");
}

/* No dead end: what a Fire/Throw action would use is offered only when the
 * core would let it resolve — Ostra has no grenade in hand until he picks
 * one up, and neither a launcher nor a charge on the table (P-35,
 * P-36): those choices are insensitive and say why. */
static void
test_declare_sheet_throws (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlDeclareSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;

  sl_test_start_turn (game);
  sheet = present_sheet (game, "tog-3", &keep);
  g_assert_cmpstr (sl_sheet_get_title (SL_SHEET (sheet)), ==, "3 · Legionnaire Ostra Acts");
  g_assert_null (sl_declare_sheet_get_throw_refusal (sheet, NULL));
  g_test_message ("%s", sl_declare_sheet_get_throw_refusal (sheet, "grenade"));
  g_assert_nonnull (strstr (sl_declare_sheet_get_throw_refusal (sheet, "grenade"), "A-92"));
  g_assert_nonnull (sl_declare_sheet_get_throw_refusal (sheet, "launcher"));
  g_assert_nonnull (sl_declare_sheet_get_throw_refusal (sheet, "charge"));
  g_assert_false (sl_declare_sheet_set_throw (sheet, "grenade"));
  g_assert_true (sl_declare_sheet_can_choose (sheet, "pick-up-object"));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "declare-sheet-refused-throws.png");
  sl_sheet_close (SL_SHEET (sheet));

  /* Picked up: it may throw it, and the declaration resolves. */
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'pick-up-object'}");
  sl_test_play (game, "{'type': 'next'}");
  sheet = sl_declare_sheet_new (NULL, game, sl_test_unit (game, "tog-3"));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_null (sl_declare_sheet_get_throw_refusal (sheet, "grenade"));
  g_assert_true (sl_declare_sheet_set_throw (sheet, "grenade"));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "declare-sheet-throws.png");
  g_assert_true (sl_declare_sheet_choose (sheet, "fire"));
  g_assert_cmpint (sl_test_unit_state (game, "tog-3")->current.throwing, ==, SL_THROW_GRENADE);
}

/* Issue 31 #6, T-05: a hand grenade chosen, then Aimed fire: what is
 * declared is the last action chosen — an aimed shot of the rifle, not a
 * grenade (a grenade is not aimed, T-05) — and the grenade chosen again
 * is a Fire/Throw that throws it. */
static void
test_declare_sheet_grenade_then_aimed (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlDeclareSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'pick-up-object'}");
  sl_test_play (game, "{'type': 'next'}");
  sheet = present_sheet (game, "tog-3", &keep);
  g_assert_true (sl_declare_sheet_set_throw (sheet, "grenade"));
  g_assert_true (sl_declare_sheet_choose (sheet, "aimed-fire"));
  g_assert_cmpstr (sl_test_unit_state (game, "tog-3")->current.action->id, ==, "aimed-fire");
  g_assert_cmpint (sl_test_unit_state (game, "tog-3")->current.throwing, ==, SL_THROW_NONE);
  g_assert_cmpint (sl_test_unit_state (game, "tog-3")->current.target, >=, 0);
  /* Undone: the grenade, chosen last, is what is declared. */
  g_assert_true (sl_game_undo (game));
  sl_sheet_close (SL_SHEET (sheet));
  sheet = present_sheet (game, "tog-3", &keep);
  g_assert_true (sl_declare_sheet_can_choose (sheet, "aimed-fire"));
  g_assert_true (sl_declare_sheet_set_throw (sheet, "grenade"));
  g_assert_true (sl_declare_sheet_choose (sheet, "fire"));
  g_assert_cmpint (sl_test_unit_state (game, "tog-3")->current.throwing, ==, SL_THROW_GRENADE);
}

/* T-41 G, A-132 (issue 31 #6): in Definitely Not Camping TOG may not fire
 * until fired upon. The sheet refuses its Fire and Aimed fire and says
 * why; a sheet opened once a Commonwealth unit has fired at it offers
 * them, and what it declares is a fire. */
static void
test_declare_sheet_hold_fire_t41 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_scenario ("definitely-not-camping", NULL);
  SlDeclareSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'cw-team1': 1, 'cw-team2': 2, 'cw-team3': 3,"
                      " 'tog-squad': 9}}");
  if (sl_game_get_state (game)->phase != SL_PHASE_ACTION)
    sl_test_play (game, "{'type': 'next'}");
  pass_groupings (game, 3);
  sheet = present_sheet (game, "tog-1", &keep);
  g_assert_false (sl_declare_sheet_can_choose (sheet, "fire"));
  g_assert_nonnull (strstr (sl_declare_sheet_get_choice (sheet, "fire"), "until fired upon"));
  g_assert_false (sl_declare_sheet_can_choose (sheet, "aimed-fire"));
  g_assert_true (sl_declare_sheet_can_choose (sheet, "walk"));
  sl_sheet_close (SL_SHEET (sheet));

  /* Subphase 2: cw-21 fires at tog-1; from subphase 3 TOG may fire. */
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-21', 'action': 'fire', 'target': 'tog-1'}");
  pass_groupings (game, 3);
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-21', 'roll': 9}");
  sl_test_play (game, "{'type': 'next'}");
  pass_groupings (game, 3);
  sheet = present_sheet (game, "tog-1", &keep);
  g_assert_true (sl_declare_sheet_can_choose (sheet, "fire"));
  g_assert_null (strstr (sl_declare_sheet_get_choice (sheet, "fire"), "until fired upon"));
  g_assert_true (sl_declare_sheet_can_choose (sheet, "aimed-fire"));
  g_assert_true (sl_declare_sheet_choose (sheet, "fire"));
  g_assert_cmpstr (sl_test_unit_state (game, "tog-1")->current.action->id, ==, "fire");
}

/* P-21: in zero-G the players' die for the check is typed on the sheet and
 * recorded as theirs. */
static void
test_declare_sheet_zero_g (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'void', 'name': 'Void', 'length_turns': 4, 'modules': ['environment'],"
    " 'environment': {'zero_g': true, 'vacuum': true},"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': [{'id': 'm', 'counter': 1,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': [{'id': 'n', 'counter': 2,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
  SlDeclareSheet *sheet;
  const SlJournalEntry *e;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sheet = sl_declare_sheet_new (NULL, game, sl_test_unit (game, "m"));
  sl_sheet_present (SL_SHEET (sheet));
  /* The check's odds are shown before the die: the core's, as it reads
   * the unit (P-21, T-36). */
  {
    g_autoptr(JsonNode) preview = sl_test_json_preview (game, "{'type': 'declare', 'unit': 'm', 'action': 'walk'}");
    JsonObject *check = json_object_get_object_member (json_node_get_object (preview), "zero_g_check");
    g_autofree char *needs = g_strdup_printf ("zero-G check: Needs %d or less", (int) json_object_get_int_member (check, "needed"));

    g_test_message ("%s", sl_declare_sheet_get_choice (sheet, "walk"));
    g_assert_cmpint (json_object_get_int_member (check, "needed"), >, 0);
    g_assert_nonnull (strstr (sl_declare_sheet_get_choice (sheet, "walk"), needs));
  }
  g_assert_true (sl_declare_sheet_set_zero_g_roll (sheet, 1));
  g_assert_true (sl_declare_sheet_choose (sheet, "walk"));
  e = sl_game_get_entry (game, sl_game_get_n_entries (game) - 1);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (sl_journal_entry_get_command (e)), "zero_g_roll"), ==, 1);
  g_assert_null (e->rolled[0]);
}

/* in zero-G an engagement waits for its two zero-G checks, each die
 * one key press on a sheet of its own: the attacker's (failed, no contact)
 * and the defender's (failed, it defends without a melee action). */
static void
test_declare_sheet_engage_zero_g_a71 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'zg', 'name': 'Zero-G', 'length_turns': 3,"
    " 'modules': ['environment'], 'environment': {'zero_g': true},"
    " 'sides': ["
    "  {'id': 'a', 'squads': [{'id': 'a1', 'units': ["
    "     {'id': 'a-1', 'counter': 1, 'name': 'Trooper Hale', 'troop': 'marines', 'armor': 'MZG', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': ["
    "     {'id': 'b-1', 'counter': 3, 'name': 'Legionnaire Brax', 'troop': 'marines', 'armor': 'MZG',"
    "      'weapons': ['LR']}]}]}]}");
  SlDeclareSheet *sheet;
  SlSheet *dice;
  const SlJournalEntry *e;
  JsonObject *command;
  guint n;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'b1': 5}}");
  sheet = sl_declare_sheet_new (NULL, game, sl_test_unit (game, "a-1"));
  sl_sheet_present (SL_SHEET (sheet));
  n = sl_game_get_n_entries (game);
  g_assert_true (sl_declare_sheet_engage (sheet));
  /* Nothing yet: the dice first. */
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n);
  dice = sl_test_ui_find_sheet (SL_TYPE_DICE_SHEET);
  g_assert_nonnull (dice);
  g_assert_cmpstr (sl_sheet_get_title (dice), ==, "1 · Trooper Hale Engages 3 · Legionnaire Brax");
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (dice), "engage-zero-g.png");
  g_assert_true (sl_dice_sheet_type_digit (SL_DICE_SHEET (dice), 1));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n);
  g_assert_true (sl_dice_sheet_type_digit (SL_DICE_SHEET (dice), 0));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n + 1);
  e = sl_game_get_entry (game, n);
  command = json_node_get_object (sl_journal_entry_get_command (e));
  g_assert_cmpstr (json_object_get_string_member (command, "type"), ==, "engage");
  g_assert_cmpint (json_object_get_int_member (command, "zero_g_roll"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (command, "target_zero_g_roll"), ==, 10);
  g_assert_null (e->rolled[0]);
  /* In contact; the defender failed its check: no melee action of its own. */
  g_assert_cmpint (sl_test_unit_state (game, "a-1")->n_engaged, ==, 1);
  g_assert_nonnull (sl_test_unit_state (game, "a-1")->current.action);
  g_assert_null (sl_test_unit_state (game, "b-1")->current.action);
}

/* P-38 step 1, T-37: a squad leader calls one of the fire missions his
 * side bought, named as it is called; the sheet shows what is left of
 * each kind, a call under way counted, and the core's refusal for a kind
 * used up. A unit that may not call one is not offered the choice. */
static void
test_declare_sheet_fire_mission_p38 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'fm', 'name': 'Fire missions', 'length_turns': 3,"
    " 'modules': ['ammunition', 'leadership', 'area-effects'],"
    " 'sides': ["
    "  {'id': 'a', 'name': 'Commonwealth', 'fire_missions': {'mortar': 2, 'missile': 1}, 'squads': ["
    "    {'id': 'a1', 'leader': 'a-1', 'units': ["
    "      {'id': 'a-1', 'counter': 1, 'name': 'Sergeant Ames', 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']},"
    "      {'id': 'a-3', 'counter': 3, 'name': 'Trooper Cole', 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]},"
    "    {'id': 'a2', 'leader': 'a-2', 'units': ["
    "      {'id': 'a-2', 'counter': 2, 'name': 'Sergeant Bell', 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]},"
    "  {'id': 'b', 'name': 'TOG', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 9,"
    "     'name': 'Legionnaire Brax', 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
  SlDeclareSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;

  sl_test_play (game, "{'type': 'initiative', 'rolls': {'a1': 2, 'a2': 3, 'b1': 5}}");
  sheet = present_sheet (game, "a-1", &keep);
  g_assert_cmpstr (sl_declare_sheet_get_mission_choice (sheet, NULL), ==, "Mortar Strike — 2 of 2 left");
  g_assert_cmpstr (sl_declare_sheet_get_mission_choice (sheet, "missile"), ==, "1 of 1 left");
  g_assert_true (sl_declare_sheet_set_mission (sheet, "missile"));
  g_assert_cmpstr (sl_declare_sheet_get_mission_choice (sheet, NULL), ==,
                   "Anti-Personnel Missile Strike — 1 of 1 left");
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (gtk_widget_get_ancestor (
    sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_PREFERENCES_ROW, "Fire _mission called"), ADW_TYPE_EXPANDER_ROW)), TRUE);
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "declare-sheet-fire-mission.png");
  g_assert_true (sl_declare_sheet_choose (sheet, "call-fire-mission"));
  g_assert_cmpint (sl_test_unit_state (game, "a-1")->current.mission, ==, 2);

  /* The other leader: the missile is being called, a mortar is left. */
  sheet = present_sheet (game, "a-2", &keep);
  g_assert_cmpstr (sl_declare_sheet_get_mission_choice (sheet, NULL), ==, "Mortar Strike — 2 of 2 left");
  g_assert_nonnull (strstr (sl_declare_sheet_get_mission_choice (sheet, "missile"), "P-38 step 1"));
  g_assert_false (sl_declare_sheet_set_mission (sheet, "missile"));
  g_assert_true (sl_declare_sheet_can_choose (sheet, "call-fire-mission"));
  sl_sheet_close (SL_SHEET (sheet));

  /* Not a leader: nothing to call. */
  sheet = present_sheet (game, "a-3", &keep);
  g_assert_null (sl_declare_sheet_get_mission_choice (sheet, NULL));
  g_assert_false (sl_declare_sheet_can_choose (sheet, "call-fire-mission"));
  sl_sheet_close (SL_SHEET (sheet));
}

/* P-30 step 2: a weapon that fires bursts declares a single shot, a
 * concentrated burst at the target or an area burst, which takes no
 * target; the kind of fire is what the command carries. A weapon that
 * fires none is not offered the choice. */
static void
test_declare_sheet_burst (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlDeclareSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  const SlJournalEntry *e;
  JsonObject *command;

  sl_test_start_turn (game);
  /* A laser rifle fires no bursts (T-12). */
  sheet = present_sheet (game, "cw-14", &keep);
  g_assert_false (sl_declare_sheet_has_burst (sheet));
  g_assert_false (sl_declare_sheet_set_burst (sheet, "area"));
  sl_sheet_close (SL_SHEET (sheet));

  /* Centurion Vale's spike rifle does: an area burst, without a target. */
  sheet = sl_declare_sheet_new (NULL, game, sl_test_unit (game, "tog-1"));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_true (sl_declare_sheet_has_burst (sheet));
  g_assert_true (sl_declare_sheet_set_burst (sheet, "area"));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "declare-sheet-burst.png");
  g_assert_true (sl_declare_sheet_can_choose (sheet, "fire"));
  g_assert_true (sl_declare_sheet_choose (sheet, "fire"));
  e = sl_game_get_entry (game, sl_game_get_n_entries (game) - 1);
  command = json_node_get_object (sl_journal_entry_get_command (e));
  g_assert_cmpstr (json_object_get_string_member (command, "burst"), ==, "area");
  g_assert_false (json_object_has_member (command, "target"));
  g_assert_cmpint (sl_test_unit_state (game, "tog-1")->current.burst, ==, SL_BURST_AREA);

  /* A concentrated burst is at the target (Marek's spike rifle). */
  sheet = sl_declare_sheet_new (NULL, game, sl_test_unit (game, "tog-2"));
  sl_sheet_present (SL_SHEET (sheet));
  g_assert_true (sl_declare_sheet_set_burst (sheet, "concentrated"));
  g_assert_true (sl_declare_sheet_choose (sheet, "fire"));
  e = sl_game_get_entry (game, sl_game_get_n_entries (game) - 1);
  command = json_node_get_object (sl_journal_entry_get_command (e));
  g_assert_cmpstr (json_object_get_string_member (command, "burst"), ==, "concentrated");
  g_assert_true (json_object_has_member (command, "target"));
  g_assert_cmpint (sl_test_unit_state (game, "tog-2")->current.burst, ==, SL_BURST_CONCENTRATED);
}

/* T-22, T-23: after a fire, a single shot in the next subphase is refused
 * in the core's words, a burst is not; choosing the burst makes the Fire
 * action possible again, and the refusal its key showed goes. */
static void
test_declare_sheet_burst_rate (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlDeclareSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  g_autofree char *single = NULL;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13',"
                      " 'burst': 'concentrated'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1', 'roll': 9}");
  sl_test_go_to_subphase (game, 2);
  sheet = present_sheet (game, "tog-1", &keep);
  g_assert_false (sl_declare_sheet_can_choose (sheet, "fire"));
  single = g_strdup (sl_declare_sheet_get_choice (sheet, "fire"));
  g_assert_nonnull (strstr (single, "T-23"));
  g_assert_false (sl_declare_sheet_choose (sheet, "fire"));
  /* Its key says why; the refusal goes once the burst puts it right
   * (issue 31 #6). */
  sl_sheet_show_problem (SL_SHEET (sheet), NULL);
  sl_test_ui_settle ();
  if (sl_test_ui_type (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (sheet))), "f"))
    {
      g_assert_nonnull (strstr (sl_sheet_get_problem (SL_SHEET (sheet)), "T-23"));
      g_assert_true (g_str_has_prefix (sl_sheet_get_problem (SL_SHEET (sheet)), "Fire/Throw (F): "));
    }
  g_assert_true (sl_declare_sheet_set_burst (sheet, "concentrated"));
  g_assert_null (sl_sheet_get_problem (SL_SHEET (sheet)));
  g_assert_true (sl_declare_sheet_can_choose (sheet, "fire"));
  /* The burst declared tells the burst's odds (issue 22 item 5). */
  g_assert_true (g_str_has_prefix (sl_declare_sheet_get_choice (sheet, "fire"),
                                   "1 AP · ends in subphase 2 · to hit: Needs "));
  g_assert_true (sl_declare_sheet_set_burst (sheet, "none"));
  g_assert_cmpstr (sl_declare_sheet_get_choice (sheet, "fire"), ==, single);
  sl_sheet_close (SL_SHEET (sheet));
}

/* P-25, A-78: a Fire action at an obstacle — a new one named with its
 * kind (T-18), or one marked already, shown with its damage (2 of 5). A
 * move takes no obstacle; melee is against a unit. */
static void
test_declare_sheet_obstacle_p25 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlDeclareSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;
  const SlUnitState *u;
  const SlMarker *m;

  sl_test_start_turn (game);
  sheet = present_sheet (game, "tog-1", &keep);
  g_assert_false (sl_declare_sheet_set_new_obstacle (sheet, "the door", "drawbridge"));
  /* Unnamed, it is refused with the core's words. */
  g_assert_true (sl_declare_sheet_set_new_obstacle (sheet, "", "internal-door"));
  g_assert_cmpstr (sl_declare_sheet_get_target_name (sheet), ==, "A new obstacle…");
  g_assert_false (sl_declare_sheet_can_choose (sheet, "fire"));
  g_assert_nonnull (strstr (sl_declare_sheet_get_choice (sheet, "fire"), "Name the obstacle"));
  g_assert_true (sl_declare_sheet_set_new_obstacle (sheet, "the door", "internal-door"));
  g_assert_true (sl_declare_sheet_can_choose (sheet, "fire"));
  g_assert_true (sl_declare_sheet_can_choose (sheet, "walk"));
  g_assert_false (sl_declare_sheet_engage (sheet));
  sl_test_ui_settle ();
  sl_test_ui_save_png (GTK_WIDGET (sheet), "declare-sheet-obstacle.png");
  g_assert_true (sl_declare_sheet_choose (sheet, "fire"));
  u = sl_test_unit_state (game, "tog-1");
  g_assert_cmpstr (u->current.action->id, ==, "fire");
  g_assert_cmpint (u->current.target, <, 0);
  g_assert_cmpstr (u->current.label, ==, "the door");
  g_assert_cmpint (u->current.obstacle - 1, ==, 4);

  /* Spike rifle PF 5 against an internal door, AF 1: 4 levels. */
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1'}");
  m = sl_state_find_marker (sl_game_get_state (game), 1);
  g_assert_cmpint (m->kind, ==, SL_MARKER_OBSTACLE);
  sl_test_go_to_subphase (game, 2);
  sheet = present_sheet (game, "tog-2", &keep);
  g_assert_true (sl_declare_sheet_set_target_marker (sheet, 1));
  g_assert_cmpstr (sl_declare_sheet_get_target_name (sheet), ==, "Obstacle: the door (4 of 5)");
  g_assert_nonnull (strstr (sl_declare_sheet_get_target_words (sheet), "Internal Door · 4 of 5 wound levels (P-25)"));
  g_assert_true (sl_declare_sheet_choose (sheet, "aimed-fire"));
  g_assert_cmpstr (sl_test_unit_state (game, "tog-2")->current.label, ==, "the door");
}

/* P-36 steps 4 and 5: a charge on the table is fired at, deactivated with
 * Use device, picked up once deactivated; a charge hidden under a sealed
 * note is not offered. */
static void
test_declare_sheet_charge_p36 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlDeclareSheet *sheet;
  g_autoptr(GtkWidget) keep = NULL;

  sl_test_ui_two_charges_sealed (game, "by the gate");
  sheet = present_sheet (game, "tog-5", &keep);
  g_assert_false (sl_declare_sheet_set_target_marker (sheet, 2));
  g_assert_true (sl_declare_sheet_set_target_marker (sheet, 1));
  g_assert_cmpstr (sl_declare_sheet_get_target_name (sheet), ==, "Charge: the gate");
  g_assert_nonnull (strstr (sl_declare_sheet_get_target_words (sheet), "1 plastic charge · armed"));
  g_assert_true (sl_declare_sheet_can_choose (sheet, "walk"));
  g_assert_false (sl_declare_sheet_can_choose (sheet, "pick-up-object"));
  g_assert_nonnull (strstr (sl_declare_sheet_get_choice (sheet, "pick-up-object"), "deactivated"));
  g_assert_true (sl_declare_sheet_choose (sheet, "use-device"));
  g_assert_cmpint (sl_test_unit_state (game, "tog-5")->current.target_marker, ==, 1);

  sheet = present_sheet (game, "cw-14", &keep);
  g_assert_true (sl_declare_sheet_set_target_marker (sheet, 1));
  g_assert_true (sl_declare_sheet_choose (sheet, "fire"));
  g_assert_cmpint (sl_test_unit_state (game, "cw-14")->current.target_marker, ==, 1);

  /* A laser rifle: no effect on a 2 (T-32). Deactivated, it may be
   * picked up. */
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-14', 'roll': 2}");
  sl_test_go_to_subphase (game, 10);
  g_assert_true (sl_state_find_marker (sl_game_get_state (game), 1)->resolved);
  sheet = present_sheet (game, "tog-7", &keep);
  g_assert_true (sl_declare_sheet_set_target_marker (sheet, 1));
  g_assert_cmpstr (sl_declare_sheet_get_target_name (sheet), ==, "Charge: the gate (deactivated)");
  g_assert_false (sl_declare_sheet_can_choose (sheet, "use-device"));
  g_assert_true (sl_declare_sheet_choose (sheet, "pick-up-object"));
  g_assert_cmpint (sl_test_unit_state (game, "tog-7")->current.target_marker, ==, 1);
}

/* Issue 21 #9, issue 31 #2: a dialog named by its title whose focus starts
 * on its first choice, the first action the rules allow; an action they
 * refuse (P-19: a dazed unit may not walk) is unavailable to a screen
 * reader, no focus stop, and says why in its description; a refusal is
 * told where the focus is. */
static void
test_declare_sheet_accessible (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlDeclareSheet *sheet = dazed_sheet (game);
  g_autoptr(GtkWidget) keep = g_object_ref (GTK_WIDGET (sheet));
  GtkWidget *entry, *walk;

  sl_test_ui_settle ();
  entry = sl_sheet_get_entry (SL_SHEET (sheet));
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (sheet), GTK_ACCESSIBLE_ROLE_DIALOG);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (sheet), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "3 · Legionnaire Ostra Acts");
  g_assert_true (GTK_IS_FLOW_BOX_CHILD (entry));
  g_assert_true (gtk_widget_get_sensitive (entry));
  g_assert_true (entry == sl_declare_sheet_get_action_widget (sheet, sl_declare_sheet_get_chosen (sheet)));
  g_assert_true (sl_declare_sheet_can_choose (sheet, sl_declare_sheet_get_chosen (sheet)));
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (sheet))) == entry);
  walk = sl_declare_sheet_get_action_widget (sheet, "walk");
  g_assert_false (gtk_widget_get_sensitive (walk));
  gtk_test_accessible_assert_state (GTK_ACCESSIBLE (walk), GTK_ACCESSIBLE_STATE_DISABLED, TRUE);
  g_assert_false (gtk_widget_grab_focus (walk));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (walk), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       sl_declare_sheet_get_choice (sheet, "walk"));
  g_assert_nonnull (strstr (sl_declare_sheet_get_choice (sheet, "walk"), "P-19"));
  /* P-19: declared anyway, the core refuses; why is told where the focus is. */
  g_assert_false (sl_declare_sheet_choose (sheet, "walk"));
  g_assert_nonnull (strstr (sl_sheet_get_problem (SL_SHEET (sheet)), "P-19"));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       sl_sheet_get_description (SL_SHEET (sheet)));
  g_assert_nonnull (strstr (sl_sheet_get_description (SL_SHEET (sheet)), sl_sheet_get_problem (SL_SHEET (sheet))));
  sl_sheet_close (SL_SHEET (sheet));
}

/* The group of rows titled @title under @widget, or NULL. */
/* a routed unit's sheet says, over its actions, what the rules
 * make it do; another unit's says nothing there. */
static void
test_declare_sheet_routed_a104 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlDeclareSheet *sheet;
  const char *orders;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-14', 'field': 'routed', 'value': true}");
  for (int routed = 0; routed < 2; routed++)
    {
      sheet = sl_declare_sheet_new (NULL, game, sl_test_unit (game, routed ? "cw-14" : "cw-13"));
      sl_sheet_present (SL_SHEET (sheet));
      sl_test_ui_settle ();
      orders = sl_declare_sheet_get_orders (sheet);
      if (routed)
        {
          g_assert_nonnull (orders);
          g_assert_nonnull (strstr (orders, "is routed"));
          g_assert_nonnull (strstr (orders, "(A-104)"));
          sl_test_ui_save_png (GTK_WIDGET (sheet), "declare-sheet-routed.png");
        }
      else
        g_assert_null (orders);
      sl_sheet_close (SL_SHEET (sheet));
    }
}

/* Issue 31 #1: every action of the Action Table has a key of its own on
 * the sheet (the 32 declared, melee's engagement and the three things a
 * Fire/Throw may throw: 36), each different, in English and in French,
 * whose keys are French ones (M for Marcher). */
static void
test_declare_sheet_keys (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autofree char *saved = g_strdup (g_getenv ("LANGUAGE"));

  sl_test_start_turn (game);
  for (int fr = 0; fr < 2; fr++)
    {
      SlDeclareSheet *sheet;
      g_auto(GStrv) keys = NULL;
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

      sl_test_ui_set_language (fr ? "fr" : "C");
      sheet = g_object_ref_sink (sl_declare_sheet_new (NULL, game, sl_test_unit (game, "tog-1")));
      keys = sl_declare_sheet_dup_keys (sheet);
      g_assert_cmpuint (g_strv_length (keys), ==, 36);
      for (guint k = 0; keys[k] != NULL; k++)
        {
          g_assert_cmpstr (keys[k], !=, "");
          g_assert_false (g_hash_table_contains (seen, keys[k]));
          g_hash_table_add (seen, keys[k]);
        }
      g_assert_cmpstr (sl_declare_sheet_get_key (sheet, "walk"), ==, fr ? "M" : "W");
      g_assert_cmpstr (sl_declare_sheet_get_key (sheet, "fire"), ==, fr ? "T" : "F");
      g_object_unref (sheet);
    }
  sl_test_ui_set_language (saved);
}

/* Issue 31 #1: the target by its counter number, typed (two digits, "13"),
 * and in a list letters are type-ahead by name ("ke": Trooper Kessel);
 * a number no target has is said. */
static void
test_declare_sheet_type_target (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlDeclareSheet *sheet;
  GtkWindow *window;
  GtkWidget *target;

  sl_test_start_turn (game);
  sheet = sl_declare_sheet_new (NULL, game, sl_test_unit (game, "tog-1"));
  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  window = GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (sheet)));
  if (!sl_test_ui_type (window, "f 1 4"))
    {
      g_test_skip ("built without XTest: no keys to type");
      sl_sheet_close (SL_SHEET (sheet));
      return;
    }
  g_assert_cmpstr (sl_declare_sheet_get_chosen (sheet), ==, "fire");
  g_assert_cmpstr (sl_declare_sheet_get_target_name (sheet), ==, "14 · Trooper Nadeau");
  g_assert_true (sl_test_ui_type (window, "9"));
  g_assert_nonnull (strstr (sl_sheet_get_problem (SL_SHEET (sheet)), "No target has the counter number 9."));
  target = sl_test_ui_find (GTK_WIDGET (sheet), ADW_TYPE_COMBO_ROW, "_Target");
  g_assert_nonnull (target);
  g_assert_true (gtk_widget_grab_focus (target));
  g_assert_true (sl_test_ui_type (window, "k e"));
  g_assert_cmpstr (sl_declare_sheet_get_target_name (sheet), ==, "15 · Trooper Kessel");
  /* The letters went to the list, not to the actions. */
  g_assert_cmpstr (sl_declare_sheet_get_chosen (sheet), ==, "fire");
  sl_sheet_close (SL_SHEET (sheet));
}

/* Issue 31 #2: a declaration made ahead expects a unit (its targets made
 * then); bound to that unit or another, it offers the bound unit's targets
 * and its last target as the default, as one made on the key does. */
static void
test_declare_sheet_expect (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  const char *units[] = { "tog-2", "cw-13" };

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-15'}");
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    {
      g_autoptr(SlDeclareSheet) ahead = g_object_ref_sink (sl_declare_sheet_new_ahead (NULL, game));
      g_autoptr(SlDeclareSheet) fresh = NULL;

      sl_declare_sheet_expect (ahead, sl_test_unit (game, "tog-1"));
      sl_declare_sheet_bind (ahead, sl_test_unit (game, units[i]));
      fresh = g_object_ref_sink (sl_declare_sheet_new (NULL, game, sl_test_unit (game, units[i])));
      g_assert_cmpstr (sl_declare_sheet_get_target_name (ahead), ==, sl_declare_sheet_get_target_name (fresh));
      g_assert_true (sl_declare_sheet_set_throw (ahead, NULL) == sl_declare_sheet_set_throw (fresh, NULL));
      g_assert_cmpstr (sl_declare_sheet_get_choice (ahead, "fire"), ==, sl_declare_sheet_get_choice (fresh, "fire"));
      sl_sheet_close (SL_SHEET (ahead));
      sl_sheet_close (SL_SHEET (fresh));
    }
  /* Expected and bound the same: the last target (cw-15) is the default. */
  {
    g_autoptr(SlDeclareSheet) ahead = g_object_ref_sink (sl_declare_sheet_new_ahead (NULL, game));

    sl_declare_sheet_expect (ahead, sl_test_unit (game, "tog-1"));
    sl_declare_sheet_bind (ahead, sl_test_unit (game, "tog-1"));
    g_assert_cmpstr (sl_declare_sheet_get_target_name (ahead), ==, "15 · Trooper Kessel");
    sl_sheet_close (SL_SHEET (ahead));
  }
}

/* P-23 a, A-75: a unit still in melee contact after a melee may try to
 * leave it: its sheet offers the moves away, each with the avoidance
 * roll's odds (the core's), says over the moves why, and refuses the rest
 * with the rule. Chosen, the avoidance roll and the opponent's free attack
 * are one key press each on a dice sheet; avoided, the unit moves away. */
static void
test_declare_sheet_leave_contact_p23 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlDeclareSheet *sheet;
  const char *orders;
  SlSheet *dice;
  const char *choice;
  guint n;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'engage', 'unit': 'tog-1', 'target': 'cw-13', 'decision': 'fight'}");
  sl_test_go_to_subphase (game, 6);
  while (sl_game_get_state (game)->step != SL_STEP_MELEE)
    sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'melee', 'unit': 'tog-1', 'roll': 9, 'target_roll': 9}");
  sl_test_go_to_subphase (game, 7);

  sheet = sl_declare_sheet_new (NULL, game, sl_test_unit (game, "cw-13"));
  sl_sheet_present (SL_SHEET (sheet));
  sl_test_ui_settle ();
  orders = sl_declare_sheet_get_orders (sheet);
  g_assert_nonnull (orders);
  g_assert_nonnull (strstr (orders, "in melee contact"));
  g_assert_nonnull (strstr (orders, "(P-23 a, A-75)"));
  g_assert_true (sl_declare_sheet_can_choose (sheet, "avoid-melee"));
  g_assert_true (sl_declare_sheet_can_choose (sheet, "walk"));
  choice = sl_declare_sheet_get_choice (sheet, "avoid-melee");
  g_test_message ("%s", choice);
  g_assert_nonnull (strstr (choice, "avoidance roll first: Needs"));
  g_assert_false (sl_declare_sheet_can_choose (sheet, "use-device"));
  g_assert_nonnull (strstr (sl_declare_sheet_get_choice (sheet, "use-device"), "P-23 a"));
  sl_test_ui_save_png (GTK_WIDGET (sheet), "declare-sheet-contact.png");

  n = sl_game_get_n_entries (game);
  g_assert_true (sl_declare_sheet_choose (sheet, "avoid-melee"));
  /* Nothing yet: the dice first. */
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n);
  dice = sl_test_ui_find_sheet (SL_TYPE_DICE_SHEET);
  g_assert_nonnull (dice);
  g_assert_true (g_str_has_suffix (sl_sheet_get_title (dice), "Tries to Avoid Melee"));
  g_assert_true (sl_dice_sheet_type_digit (SL_DICE_SHEET (dice), 1));
  g_assert_true (sl_dice_sheet_type_digit (SL_DICE_SHEET (dice), 9));
  g_assert_cmpuint (sl_game_get_n_entries (game), ==, n + 1);
  g_assert_cmpint (sl_test_unit_state (game, "cw-13")->n_engaged, ==, 0);
  g_assert_cmpstr (sl_test_unit_state (game, "cw-13")->current.action->id, ==, "avoid-melee");
}

int
main (int argc, char *argv[])
{
  /* The accessibility tests read what GTK would tell a screen reader. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  sl_test_ui_init ();
  g_test_add_func ("/declare-sheet/choices", test_declare_sheet_choices);
  g_test_add_func ("/declare-sheet/refused", test_declare_sheet_refused);
  g_test_add_func ("/declare-sheet/routed-A-104", test_declare_sheet_routed_a104);
  g_test_add_func ("/declare-sheet/leave-contact-P-23", test_declare_sheet_leave_contact_p23);
  g_test_add_func ("/declare-sheet/engage", test_declare_sheet_engage);
  g_test_add_func ("/declare-sheet/zero-g", test_declare_sheet_zero_g);
  g_test_add_func ("/declare-sheet/engage-zero-g-A-71", test_declare_sheet_engage_zero_g_a71);
  g_test_add_func ("/declare-sheet/fire-mission-P-38", test_declare_sheet_fire_mission_p38);
  g_test_add_func ("/declare-sheet/throws", test_declare_sheet_throws);
  g_test_add_func ("/declare-sheet/hold-fire-T-41", test_declare_sheet_hold_fire_t41);
  g_test_add_func ("/declare-sheet/grenade-then-aimed-T-05", test_declare_sheet_grenade_then_aimed);
  g_test_add_func ("/declare-sheet/burst-P-30", test_declare_sheet_burst);
  g_test_add_func ("/declare-sheet/burst-rate-of-fire-T-23", test_declare_sheet_burst_rate);
  g_test_add_func ("/declare-sheet/obstacle-P-25", test_declare_sheet_obstacle_p25);
  g_test_add_func ("/declare-sheet/charge-P-36", test_declare_sheet_charge_p36);
  g_test_add_func ("/declare-sheet/accessible", test_declare_sheet_accessible);
  g_test_add_func ("/declare-sheet/keys", test_declare_sheet_keys);
  g_test_add_func ("/declare-sheet/type-target", test_declare_sheet_type_target);
  g_test_add_func ("/declare-sheet/expect", test_declare_sheet_expect);
  return g_test_run ();
}
