/* test-squad-log-texts.c: what a squad log's line says of a unit (T-04),
 * made from its log and the table model without drawing anything
 * (src/ui/widgets/sl-squad-log-texts.c): no display, no GTK.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-squad-log-texts-private.h"
#include "sl-test-game.h"

typedef char *(*TextFunc) (const SlLogUnit *unit);

static void
assert_text (TextFunc         func,
             const SlLogUnit *unit,
             const char      *expected)
{
  g_autofree char *text = func (unit);

  g_assert_cmpstr (text, ==, expected);
}

/* The boxes as letters, the ticked ones in lower case: "RrrPP". */
static char *
boxes_string (const SlLogBoxes *boxes)
{
  GString *out = g_string_new (NULL);

  for (int i = 0; i < boxes->n; i++)
    {
      g_autofree char *letter = (boxes->ticked & (1u << i)) ? g_ascii_strdown (boxes->letters[i], -1)
                                                             : g_strdup (boxes->letters[i]);

      g_string_append (out, letter);
    }
  return g_string_free (out, FALSE);
}

typedef void (*BoxesFunc) (const SlLogUnit *unit,
                           SlLogBoxes      *boxes);

static void
assert_boxes (BoxesFunc        func,
              const SlLogUnit *unit,
              const char      *expected)
{
  SlLogBoxes boxes;
  g_autofree char *shown = NULL;

  func (unit, &boxes);
  shown = boxes_string (&boxes);
  g_assert_cmpstr (shown, ==, expected);
}

/* A fresh unit: every field as the book prints it (T-04). */
static void
test_texts_fields (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlLogUnit unit;

  sl_log_unit_fill (&unit, game, sl_test_unit (game, "tog-3"));
  assert_text (sl_log_text_counter, &unit, "3");
  assert_text (sl_log_text_name, &unit, "Legionnaire Ostra");
  assert_text (sl_log_text_points, &unit, "51");
  assert_text (sl_log_text_race, &unit, "Human");
  assert_text (sl_log_text_armor, &unit, "BI");
  assert_text (sl_log_text_weapon, &unit, "SAR \xc2\xb7 SP");
  assert_text (sl_log_text_mod, &unit, "+2/\xe2\x88\x92" "1");
  assert_text (sl_log_text_ammo, &unit, "R 3 of 3; P 2 of 2; FG 2 of 2; SG 2 of 2; 6 of 6 rounds left");
  assert_text (sl_log_text_wounds, &unit, "Wounds: none");
  assert_text (sl_log_text_position, &unit, "standing");
  assert_text (sl_log_text_equipment, &unit, "bounce pack");
  assert_text (sl_log_text_action, &unit, "idle");
  assert_text (sl_log_text_status, &unit, "");
  assert_text (sl_log_text_details, &unit, "Human \xc2\xb7 BI \xc2\xb7 51 pts \xc2\xb7 bounce pack");
  assert_text (sl_log_text_tally, &unit, "6/6");
  assert_text (sl_log_text_description, &unit,
               "Unit 3, Legionnaire Ostra. Wounds: none. Position standing. Action: idle. "
               "Human \xc2\xb7 BI \xc2\xb7 51 pts \xc2\xb7 bounce pack. "
               "Weapon SAR \xc2\xb7 SP. Modifiers +2/\xe2\x88\x92" "1. "
               "Ammunition: R 3 of 3; P 2 of 2; FG 2 of 2; SG 2 of 2; 6 of 6 rounds left.");
  assert_boxes (sl_log_boxes_magazines, &unit, "RRRPP");
  assert_boxes (sl_log_boxes_grenades, &unit, "FFSS");
  assert_boxes (sl_log_boxes_wounds, &unit, "LMSUD");
}

/* T-20, A-70, P-35: spent magazines and the wounds are ticked boxes; a
 * launcher's load takes the hand grenades' place. */
static void
test_texts_boxes (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlLogUnit unit;

  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'magazines.R', 'value': 1}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'wound', 'value': 'moderate'}");
  sl_log_unit_fill (&unit, game, sl_test_unit (game, "cw-13"));
  assert_boxes (sl_log_boxes_magazines, &unit, "Rrr");   /* his OR; no sidearm, no P */
  assert_boxes (sl_log_boxes_wounds, &unit, "lmSUD");
  assert_text (sl_log_text_wounds, &unit, "Wounds: Moderate Wound");
  assert_text (sl_log_text_tally, &unit, "12/12");

  sl_log_unit_fill (&unit, game, sl_test_unit (game, "tog-6"));
  assert_boxes (sl_log_boxes_grenades, &unit, "FFFF");
  assert_text (sl_log_text_equipment, &unit, "launcher, bounce pack");
  {
    g_autofree char *ammo = sl_log_text_ammo (&unit);

    g_assert_nonnull (strstr (ammo, "launcher FG 4 of 4; "));
  }
}

/* §15.1: a hidden unit's position and action stay off the shared log; that
 * it is hidden is known to all. */
static void
test_texts_hidden (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlLogUnit unit;
  SlLogBadge badges[SL_LOG_MAX_BADGES];
  int n;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-2', 'action': 'position-change', 'to_position': 'prone'}");
  sl_log_unit_fill (&unit, game, sl_test_unit (game, "tog-2"));
  assert_text (sl_log_text_action, &unit, "ends 2 \xc2\xb7 Position change (0 of 2 AP)");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-2', 'field': 'hidden', 'value': true}");
  sl_log_unit_fill (&unit, game, sl_test_unit (game, "tog-2"));
  g_assert_false (unit.known);
  assert_text (sl_log_text_action, &unit, "\xe2\x80\x94");
  assert_text (sl_log_text_position, &unit, "\xe2\x80\x94");
  assert_text (sl_log_text_status, &unit, "Hidden");
  n = sl_log_badges (&unit, badges);
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpstr (badges[0].text, ==, "Hidden");
  g_assert_cmpstr (badges[0].style, ==, "accent");
  g_assert_null (badges[0].tip);
  sl_log_badges_clear (badges, n);
}

/* P-19, issue 32 #7: a badge in short, the status in words whole and under
 * the pointer; a unit out of the fight says only that (T-16). */
static void
test_texts_badges (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlLogUnit unit;
  SlLogBadge badges[SL_LOG_MAX_BADGES];
  int n;

  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'jammed', 'value': true}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'dazed_until',"
                      " 'value': {'turn': 1, 'subphase': 9}}");
  sl_log_unit_fill (&unit, game, sl_test_unit (game, "cw-13"));
  assert_text (sl_log_text_status, &unit, "Dazed until subphase 9, Jammed");
  n = sl_log_badges (&unit, badges);
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpstr (badges[0].text, ==, "Dazed");
  g_assert_cmpstr (badges[0].style, ==, "warning");
  g_assert_cmpstr (badges[0].tip, ==, "Dazed until subphase 9");
  g_assert_cmpstr (badges[1].text, ==, "Jammed");
  g_assert_null (badges[1].tip);
  sl_log_badges_clear (badges, n);

  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'wound', 'value': 'dead'}");
  sl_log_unit_fill (&unit, game, sl_test_unit (game, "cw-13"));
  assert_text (sl_log_text_status, &unit, "Dead");
  {
    g_autofree char *description = sl_log_text_description (&unit);

    g_assert_true (g_str_has_prefix (description, "Unit 13, Trooper Hale. Wounds: Dead. Status: Dead. "));
  }
}

/* §6.1, A-18: hit in the step, Quill keeps his action until it ends —
 * the table model says he loses it then, and his line says so. */
static void
test_texts_step (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlLogUnit unit;
  g_autofree char *action = NULL, *status = NULL;

  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-4', 'action': 'use-device'}");
  sl_test_go_to_subphase (game, 3);
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-13', 'action': 'fire', 'target': 'tog-4'}");
  sl_test_play (game, "{'type': 'next'}");
  sl_test_play (game, "{'type': 'fire', 'unit': 'cw-13', 'roll': 2}");
  sl_log_unit_fill (&unit, game, sl_test_unit (game, "tog-4"));
  g_assert_true (unit.losing);
  action = sl_log_text_action (&unit);
  g_assert_true (g_str_has_prefix (action, "ends 5 \xc2\xb7 Use device ("));
  g_assert_true (g_str_has_suffix (action, " AP) \xe2\x80\x94 loses its action as the step ends"));
  status = sl_log_text_status (&unit);
  g_assert_cmpstr (status, ==, "Dazed until subphase 6, Loses its action");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/squad-log-texts/fields-T-04", test_texts_fields);
  g_test_add_func ("/squad-log-texts/boxes-T-20", test_texts_boxes);
  g_test_add_func ("/squad-log-texts/hidden", test_texts_hidden);
  g_test_add_func ("/squad-log-texts/badges-P-19", test_texts_badges);
  g_test_add_func ("/squad-log-texts/step-A-18", test_texts_step);
  return g_test_run ();
}
