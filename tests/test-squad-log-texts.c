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

/* What @func says holds @part, or starts with it when @start. */
static void
assert_text_has (TextFunc         func,
                 const SlLogUnit *unit,
                 const char      *part,
                 gboolean         start)
{
  g_autofree char *text = func (unit);

  g_test_message ("%s", text);
  g_assert_true (start ? g_str_has_prefix (text, part) : strstr (text, part) != NULL);
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

/* The test game, and the unit whose line a test reads. */
typedef struct
{
  SlGame    *game;
  SlLogUnit  unit;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->game = sl_test_game_new ();
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->game);
}

/* Plays @command (as sl_test_play, unless NULL), then reads unit @id's
 * line. */
static const SlLogUnit *
play_and_read (Fixture    *f,
               const char *command,
               const char *id)
{
  if (command != NULL)
    sl_test_play (f->game, command);
  sl_log_unit_fill (&f->unit, f->game, sl_test_unit (f->game, id));
  return &f->unit;
}

/* The badges as "text (style: tip)", one after the other. */
static void
assert_badges (const SlLogUnit *unit,
               const char      *expected)
{
  SlLogBadge badges[SL_LOG_MAX_BADGES];
  int n = sl_log_badges (unit, badges);
  g_autoptr(GString) shown = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    g_string_append_printf (shown, "%s%s (%s%s%s)", i > 0 ? " | " : "", badges[i].text, badges[i].style,
                            badges[i].tip != NULL ? ": " : "", badges[i].tip != NULL ? badges[i].tip : "");
  sl_log_badges_clear (badges, n);
  g_assert_cmpstr (shown->str, ==, expected);
}

/* A fresh unit: every field as the book prints it (T-04). */
static void
test_texts_fields (Fixture       *f,
                   gconstpointer  data)
{
  static const struct { TextFunc text; const char *says; } fields[] = {
    { sl_log_text_counter, "3" }, { sl_log_text_name, "Legionnaire Ostra" }, { sl_log_text_points, "51" },
    { sl_log_text_race, "Human" }, { sl_log_text_armor, "BI" }, { sl_log_text_weapon, "SAR \xc2\xb7 SP" },
    { sl_log_text_mod, "+2/\xe2\x88\x92" "1" },
    { sl_log_text_ammo, "R 3 of 3; P 2 of 2; FG 2 of 2; SG 2 of 2; 6 of 6 rounds left" },
    { sl_log_text_wounds, "Wounds: none" }, { sl_log_text_position, "standing" },
    { sl_log_text_equipment, "bounce pack" }, { sl_log_text_action, "idle" }, { sl_log_text_status, "" },
    { sl_log_text_details, "Human \xc2\xb7 BI \xc2\xb7 51 pts \xc2\xb7 bounce pack" }, { sl_log_text_tally, "6/6" },
    { sl_log_text_description, "Unit 3, Legionnaire Ostra. Wounds: none. Position standing. Action: idle. "
                               "Human \xc2\xb7 BI \xc2\xb7 51 pts \xc2\xb7 bounce pack. "
                               "Weapon SAR \xc2\xb7 SP. Modifiers +2/\xe2\x88\x92" "1. "
                               "Ammunition: R 3 of 3; P 2 of 2; FG 2 of 2; SG 2 of 2; 6 of 6 rounds left." },
  };
  const SlLogUnit *unit = play_and_read (f, NULL, "tog-3");

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    assert_text (fields[i].text, unit, fields[i].says);
  assert_boxes (sl_log_boxes_magazines, unit, "RRRPP");
  assert_boxes (sl_log_boxes_grenades, unit, "FFSS");
  assert_boxes (sl_log_boxes_wounds, unit, "LMSUD");
}

/* T-20, A-70, P-35: spent magazines and the wounds are ticked boxes; a
 * launcher's load takes the hand grenades' place. */
static void
test_texts_boxes (Fixture       *f,
                  gconstpointer  data)
{
  const SlLogUnit *unit;

  sl_test_play (f->game, "{'type': 'correct', 'unit': 'cw-13', 'field': 'magazines.R', 'value': 1}");
  unit = play_and_read (f, "{'type': 'correct', 'unit': 'cw-13', 'field': 'wound', 'value': 'moderate'}",
                        "cw-13");
  assert_boxes (sl_log_boxes_magazines, unit, "Rrr");   /* his OR; no sidearm, no P */
  assert_boxes (sl_log_boxes_wounds, unit, "lmSUD");
  assert_text (sl_log_text_wounds, unit, "Wounds: Moderate Wound");
  assert_text (sl_log_text_tally, unit, "12/12");

  unit = play_and_read (f, NULL, "tog-6");
  assert_boxes (sl_log_boxes_grenades, unit, "FFFF");
  assert_text (sl_log_text_equipment, unit, "launcher, bounce pack");
  assert_text_has (sl_log_text_ammo, unit, "launcher FG 4 of 4; ", FALSE);
}

/* What the table knows of a unit's state (§15.1: a hidden unit's position
 * and action stay off the shared log, that it is hidden is known to all);
 * a badge in short, the status in words whole and under the pointer
 * (P-19, issue 32 #7); a unit out of the fight says only that (T-16); hit
 * in the step, Quill keeps his action until it ends — the table model
 * says he loses it then, and his line says so (§6.1, A-18). */
static void
test_texts_status (Fixture       *f,
                   gconstpointer  data)
{
  const SlLogUnit *unit;

  sl_test_hit_in_step (f->game);
  unit = play_and_read (f, NULL, "tog-4");
  g_assert_true (unit->losing);
  assert_text_has (sl_log_text_action, unit, "ends 5 \xc2\xb7 Use device (", TRUE);
  assert_text_has (sl_log_text_action, unit, " AP) \xe2\x80\x94 loses its action as the step ends", FALSE);
  assert_text (sl_log_text_status, unit, "Dazed until subphase 6, Loses its action");
  assert_badges (unit, "Dazed (warning: Dazed until subphase 6) | Loses its action (warning)");

  unit = play_and_read (f, "{'type': 'correct', 'unit': 'cw-14', 'field': 'hidden', 'value': true}",
                        "cw-14");
  g_assert_false (unit->known);
  assert_text (sl_log_text_action, unit, "\xe2\x80\x94");
  assert_text (sl_log_text_position, unit, "\xe2\x80\x94");
  assert_text (sl_log_text_status, unit, "Hidden");
  assert_badges (unit, "Hidden (accent)");

  sl_test_play (f->game, "{'type': 'correct', 'unit': 'cw-15', 'field': 'jammed', 'value': true}");
  unit = play_and_read (f, "{'type': 'correct', 'unit': 'cw-15', 'field': 'dazed_until',"
                           " 'value': {'turn': 1, 'subphase': 9}}", "cw-15");
  assert_text (sl_log_text_status, unit, "Dazed until subphase 9, Jammed");
  assert_badges (unit, "Dazed (warning: Dazed until subphase 9) | Jammed (warning)");

  unit = play_and_read (f, "{'type': 'correct', 'unit': 'cw-15', 'field': 'wound', 'value': 'dead'}",
                        "cw-15");
  assert_text (sl_log_text_status, unit, "Dead");
  assert_badges (unit, "Dead (error)");
  assert_text_has (sl_log_text_description, unit, "Unit 15, Trooper Kessel. Wounds: Dead. Status: Dead. ", TRUE);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, test) g_test_add (path, Fixture, NULL, fixture_set_up, test, fixture_tear_down)
  ADD ("/squad-log-texts/fields-T-04", test_texts_fields);
  ADD ("/squad-log-texts/boxes-T-20", test_texts_boxes);
  ADD ("/squad-log-texts/status-A-18", test_texts_status);
  return g_test_run ();
}
