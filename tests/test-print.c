/* test-print.c: the printed squad logs — one page per squad, every unit's
 * counter number, armor and weapon codes, the wound state and the turn in
 * the text (pdftotext), nothing outside the page even with long names and
 * eight units (pdftotext -bbox), the blank variant, US Letter, and no
 * secret of a hidden unit (§15.1). With SL_SCREENSHOT_DIR set, each
 * variant is also rendered as PNG (pdftoppm).
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "sl-print-private.h"
#include "sl-print.h"
#include "sl-test-game.h"

static char *tmp_dir;

static char *
run (const char *const *argv)
{
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static char *
pdf_text (const char *pdf)
{
  const char *argv[] = { "pdftotext", "-layout", pdf, "-", NULL };

  return run (argv);
}

static int
pdf_pages (const char *pdf)
{
  const char *argv[] = { "pdfinfo", pdf, NULL };
  g_autofree char *info = run (argv);
  const char *pages = strstr (info, "Pages:");

  g_assert_nonnull (pages);
  return atoi (pages + strlen ("Pages:"));
}

/* Every word's box lies inside the page, off its edge by at least @margin. */
static void
assert_inside (const char *pdf,
               double      width,
               double      height,
               double      margin)
{
  const char *argv[] = { "pdftotext", "-bbox", pdf, "-", NULL };
  g_autofree char *html = run (argv);
  const char *p = html;
  int words = 0;

  while ((p = strstr (p, "<word ")) != NULL)
    {
      double x_min, y_min, x_max, y_max;

      g_assert_cmpint (sscanf (p, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\"",
                               &x_min, &y_min, &x_max, &y_max), ==, 4);
      g_assert_cmpfloat (x_min, >=, margin);
      g_assert_cmpfloat (y_min, >=, margin);
      g_assert_cmpfloat (x_max, <=, width - margin);
      g_assert_cmpfloat (y_max, <=, height - margin);
      words++;
      p++;
    }
  g_assert_cmpint (words, >, 100);
}

static void
render (const char *pdf,
        const char *name)
{
  const char *dir = g_getenv ("SL_SCREENSHOT_DIR");
  g_autofree char *prefix = NULL;

  if (dir == NULL)
    return;
  prefix = g_build_filename (dir, name, NULL);
  {
    const char *argv[] = { "pdftoppm", "-png", "-r", "60", pdf, prefix, NULL };
    g_autofree char *out = run (argv);
  }
}

/* A game in turn 1: wounds, a daze, an action under way. */
static SlGame *
played (void)
{
  SlGame *game = sl_test_game_new ();

  sl_test_start_turn (game);
  sl_test_go_to_subphase (game, 3);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-4', 'field': 'wound', 'value': 'serious'}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-15', 'field': 'wound', 'value': 'dead'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'cw-14', 'action': 'use-device'}");
  return game;
}

static void
test_print_filled (void)
{
  g_autoptr(SlGame) playing = played ();
  g_autoptr(SlGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = g_build_filename (tmp_dir, "game.squadlog", NULL);
  g_autofree char *pdf = g_build_filename (tmp_dir, "logs.pdf", NULL);
  g_autofree char *words = NULL;
  const SlSetup *setup;
  double w, h;

  /* A saved game, as `squadlog print` reads it. */
  g_assert_true (sl_game_save (playing, saved, &error));
  game = sl_game_load (sl_test_rules (), saved, &error);
  g_assert_no_error (error);
  setup = sl_game_get_setup (game);
  g_assert_true (sl_print_to_pdf (game, pdf, NULL, FALSE, SL_PAPER_A4, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pdf_pages (pdf), ==, 2);
  words = pdf_text (pdf);
  for (guint u = 0; u < setup->units->len; u++)
    {
      const SlUnitSetup *us = sl_setup_unit_at (setup, u);
      g_autofree char *counter = g_strdup_printf (" %d ", us->counter);

      g_assert_nonnull (strstr (words, us->name));
      g_assert_nonnull (strstr (words, counter));
      g_assert_nonnull (strstr (words, us->armor->id));
      g_assert_nonnull (strstr (words, us->weapons[0]->id));
    }
  g_assert_nonnull (strstr (words, "Serious Wound"));
  g_assert_nonnull (strstr (words, "Dead"));
  g_assert_nonnull (strstr (words, "Turn: 1"));
  g_assert_nonnull (strstr (words, "START"));
  g_assert_nonnull (strstr (words, "ACTION LOG"));
  sl_print_paper_size (SL_PAPER_A4, &w, &h);
  assert_inside (pdf, w, h, 20);
  render (pdf, "squad-log-a4");
}

static void
test_print_blank_letter (void)
{
  g_autoptr(SlGame) game = played ();
  g_autoptr(GError) error = NULL;
  g_autofree char *pdf = g_build_filename (tmp_dir, "blank.pdf", NULL);
  g_autofree char *words = NULL;
  double w, h;

  g_assert_true (sl_print_to_pdf (game, pdf, "cw-squad", TRUE, SL_PAPER_LETTER, &error));
  g_assert_cmpint (pdf_pages (pdf), ==, 1);
  words = pdf_text (pdf);
  /* Nothing of the game but the squad's name. */
  g_assert_nonnull (strstr (words, "Renegade Squad"));
  g_assert_null (strstr (words, "Trooper Hale"));
  g_assert_null (strstr (words, "Dead"));
  g_assert_nonnull (strstr (words, "Turn: ____"));
  sl_print_paper_size (SL_PAPER_LETTER, &w, &h);
  assert_inside (pdf, w, h, 20);
  render (pdf, "squad-log-blank");
}

/* Long names and eight units with full boxes stay inside the page; a
 * hidden unit's position and action are not printed. */
static void
test_print_long_names (void)
{
  g_autoptr(GString) setup = g_string_new ("{'id': 'long', 'name': 'A Scenario With A Remarkably Long Name For A"
                                           " Printed Header', 'length_turns': 4, 'modules': ['ammunition', "
                                           "'detection'], 'sides': [{'id': 'a', 'name': 'The Side With An Equally"
                                           " Long Name', 'squads': [{'id': 'a1', 'name': 'First Squad Of The Very"
                                           " Long Named Brigade', 'units': [");
  g_autoptr(SlGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *pdf = g_build_filename (tmp_dir, "long.pdf", NULL);
  g_autofree char *words = NULL;
  double w, h;

  for (int u = 1; u <= 8; u++)
    g_string_append_printf (setup, "%s{'id': 'a-%d', 'counter': %d, 'name': 'Legionnaire Maximilianus"
                            " Aurelius Constantinus %d', 'troop': 'combat-arms', 'armor': 'BI',"
                            " 'weapons': ['SR', 'SP']%s}", u > 1 ? ", " : "", u, u, u,
                            u == 8 ? ", 'hidden': true" : "");
  g_string_append (setup, "]}]}, {'id': 'b', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 9,"
                          " 'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
  game = sl_test_game_new_setup (setup->str);
  sl_test_play (game, "{'type': 'correct', 'unit': 'a-8', 'field': 'position', 'value': 'prone'}");
  g_assert_true (sl_print_to_pdf (game, pdf, "a1", FALSE, SL_PAPER_A4, &error));
  words = pdf_text (pdf);
  g_assert_nonnull (strstr (words, "Legionnaire Maximilianus"));
  g_assert_null (strstr (words, "prone"));
  sl_print_paper_size (SL_PAPER_A4, &w, &h);
  assert_inside (pdf, w, h, 20);
  render (pdf, "squad-log-long");
}

/* Issue 19 #12: a name's line breaks and bidi overrides do not break the
 * log: the name prints as one line, in the order typed, inside its box. */
static void
test_print_control_names (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'ctl', 'name': 'Broken\\nHeader', 'length_turns': 4,"
    " 'sides': [{'id': 'a', 'name': 'Side\\u2028A', 'squads': [{'id': 'a1', 'name': 'Squad\\rOne',"
    "  'units': [{'id': 'a-1', 'counter': 1, 'name': 'Line One\\nLine Two', 'troop': 'combat-arms',"
    "             'armor': 'BI', 'weapons': ['SR']},"
    "            {'id': 'a-2', 'counter': 2, 'name': 'Abc\\u202eDef Ghi', 'troop': 'combat-arms',"
    "             'armor': 'BI', 'weapons': ['SR']}]}]},"
    "  {'id': 'b', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 9,"
    "   'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
  g_autoptr(GError) error = NULL;
  g_autofree char *pdf = g_build_filename (tmp_dir, "controls.pdf", NULL);
  g_autofree char *words = NULL;
  double w, h;

  g_assert_true (sl_print_to_pdf (game, pdf, "a1", FALSE, SL_PAPER_A4, &error));
  g_assert_no_error (error);
  words = pdf_text (pdf);
  g_assert_nonnull (strstr (words, "Line One Line Two"));
  g_assert_nonnull (strstr (words, "Abc Def Ghi") != NULL ? "ok" : strstr (words, "AbcDef Ghi"));
  g_assert_null (strstr (words, "fe"));
  g_assert_null (strstr (words, "\u202e"));
  sl_print_paper_size (SL_PAPER_A4, &w, &h);
  assert_inside (pdf, w, h, 20);
}

/* §18, T-44: a Legionnaire character's log says so, with its skills, and
 * its Mod counts them: spike rifle 6 (−2), melee 4 (−1) with no melee
 * weapon (+1): −2/−1 for a Combat Arms human. */
static void
test_print_legionnaire (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'pc', 'name': 'PC', 'length_turns': 4, 'sides': ["
    " {'id': 'a', 'squads': [{'id': 'a1', 'units': ["
    "   {'id': 'a-1', 'counter': 1, 'name': 'Legionnaire Ostra', 'troop': 'combat-arms', 'armor': 'BI',"
    "    'weapons': ['SR', 'SP'], 'legionnaire': {'weapon_skills': {'SR': 6}, 'melee_skill': 4,"
    "    'melee_weapon': false}}]}]},"
    " {'id': 'b', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 9,"
    "   'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
  g_autoptr(GError) error = NULL;
  g_autofree char *pdf = g_build_filename (tmp_dir, "legionnaire.pdf", NULL);
  g_autofree char *words = NULL;

  g_assert_true (sl_print_to_pdf (game, pdf, "a1", FALSE, SL_PAPER_A4, &error));
  g_assert_no_error (error);
  words = pdf_text (pdf);
  g_assert_nonnull (strstr (words, "Character: SR \xe2\x88\x92" "2"));
  g_assert_nonnull (strstr (words, "\xe2\x88\x92" "2/\xe2\x88\x92" "1"));
}

/* The printed logs keep a side's secrets (§15.1): a hidden unit in
 * stealth power mode under a pile, its camo tinter, a mine and a sealed
 * note are in the game, and none of it is on paper: not the position, not
 * the piles, not the notes. (The action table lists "Enter stealth power"
 * for everyone.) */
static void
test_print_secrets (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_setup (
    "{'id': 'p', 'name': 'Secrets', 'length_turns': 6,"
    " 'modules': ['detection', 'equipment', 'ammunition', 'area-effects'],"
    " 'sides': ["
    "  {'id': 'a', 'name': 'Commonwealth', 'camo_tinter': true, 'mines': 1, 'squads': [{'id': 'a1', 'units': ["
    "     {'id': 'a-1', 'counter': 1, 'name': 'Trooper Cole', 'troop': 'marines', 'armor': 'M',"
    "      'weapons': ['LR'], 'hidden': true, 'stealth_power': true}]}]},"
    "  {'id': 'b', 'name': 'TOG', 'squads': [{'id': 'b1', 'units': [{'id': 'b-1', 'counter': 9,"
    "     'troop': 'marines', 'armor': 'M', 'weapons': ['LR']}]}]}]}");
  g_autofree char *pdf = g_build_filename (tmp_dir, "secrets.pdf", NULL);
  g_autofree char *words = NULL;
  g_autofree char *lower = NULL;
  g_autoptr(GError) error = NULL;

  sl_test_play (game, "{'type': 'hide', 'unit': 'a-1', 'pile': 'Pile C', 'decoys': ['Pile B'],"
                      " 'where': 'ZULU-9 behind the crates'}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'a-1', 'field': 'position', 'value': 'prone'}");
  sl_test_play (game, "{'type': 'mine', 'action': 'lay', 'unit': 'a-1', 'label': 'QUEBEC-4 by the well'}");
  g_assert_true (sl_print_to_pdf (game, pdf, NULL, FALSE, SL_PAPER_A4, &error));
  g_assert_no_error (error);
  words = pdf_text (pdf);
  g_assert_nonnull (strstr (words, "Trooper Cole"));
  lower = g_utf8_strdown (words, -1);
  for (const char * const *secret = (const char * const[]) { "zulu", "quebec", "pile", "decoy", "camo", "tinter",
                                                               "prone", NULL }; *secret; secret++)
    if (strstr (lower, *secret) != NULL)
      g_error ("The printed logs tell “%s”:\n%s", *secret, words);
}

/* P-32 step 8: the header names the leader the squad answers to — its
 * acting leader once the leader is out, none before one is appointed. */
static void
test_print_leader_p32 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *pdf = g_build_filename (tmp_dir, "leader.pdf", NULL);
  g_autofree char *standing = NULL;
  g_autofree char *nobody = NULL;
  g_autofree char *acting = NULL;

  g_assert_true (sl_print_to_pdf (game, pdf, "cw-squad", FALSE, SL_PAPER_A4, &error));
  standing = pdf_text (pdf);
  g_assert_nonnull (strstr (standing, "Leader: Sergeant Dusk "));
  sl_test_play (game, "{'type': 'correct', 'unit': 'cw-17', 'field': 'wound', 'value': 'dead'}");
  g_assert_true (sl_print_to_pdf (game, pdf, "cw-squad", FALSE, SL_PAPER_A4, &error));
  nobody = pdf_text (pdf);
  g_assert_nonnull (strstr (nobody, "Leader: none"));
  sl_test_play (game, "{'type': 'appoint-leader', 'squad': 'cw-squad', 'unit': 'cw-13'}");
  g_assert_true (sl_print_to_pdf (game, pdf, "cw-squad", FALSE, SL_PAPER_A4, &error));
  g_assert_no_error (error);
  acting = pdf_text (pdf);
  g_assert_nonnull (strstr (acting, "Leader: Trooper Hale (acting)"));
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("squadlog-print-XXXXXX", &error);
  g_assert_no_error (error);
  g_test_add_func ("/print/filled", test_print_filled);
  g_test_add_func ("/print/blank-letter", test_print_blank_letter);
  g_test_add_func ("/print/long-names", test_print_long_names);
  g_test_add_func ("/print/control-names", test_print_control_names);
  g_test_add_func ("/print/secrets", test_print_secrets);
  g_test_add_func ("/print/legionnaire-T-44", test_print_legionnaire);
  g_test_add_func ("/print/leader-P-32", test_print_leader_p32);
  status = g_test_run ();
  sl_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
