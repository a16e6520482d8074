/* test-preview.c: what a command would do, shown before the roll — the
 * number needed, the odds, the modifiers, the end subphase — or the rule
 * that refuses it; the game does not change (P-05, P-07, P-14)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-json.h"
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

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/preview/fire-E-07", test_preview_fire);
  g_test_add_func ("/preview/declare", test_preview_declare);
  return g_test_run ();
}
