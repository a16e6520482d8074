/* fuzz-rules.c: libFuzzer target for the rules-data loader
 *
 * Feeds the bytes to sl_rules_load_data () as the text of a rules file:
 * house rules are a file the players edit by hand (docs/rules-data.md), so
 * anything may be in it. Rules the loader accepts are then put to work a
 * little, since the checks are there so that the engine can trust them:
 * the "rules" request lists them, and the training scenario is set up and
 * its first turn started with them.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "sl-game.h"
#include "fuzz-common.h"
#include "sl-json.h"
#include "sl-resolve.h"

/* The training scenario, read once (the process keeps it). */
static JsonNode *scenario;

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;

  sl_fuzz_init ();
  path = sl_fuzz_data_path ("scenarios", "training.json");
  if (!g_file_get_contents (path, &text, NULL, &error) ||
      (scenario = sl_json_parse (text, -1, &error)) == NULL)
    sl_fuzz_fail ("fuzz-rules: %s", error->message);
  return 0;
}

/* The rules' tables and options, as a front end asks for them. */
static void
list_rules (SlRules *rules)
{
  g_autoptr(SlResolver) resolver = sl_resolver_new (rules);
  g_autoptr(JsonNode) result = NULL;
  g_autofree char *text = NULL;
  gboolean valid = FALSE;

  result = sl_resolver_resolve_text (resolver, "{\"kind\": \"rules\"}", -1, &valid);
  if (!valid)
    sl_fuzz_fail ("Rules the loader accepted cannot be listed");
  text = sl_json_to_string (result, FALSE);
}

/* A game of the training scenario: set up, and its first turn begun with
 * the dice rolled by the app. The scenario may well not fit the rules
 * (a troop type the file no longer has): a refusal is fine. */
static void
start_game (SlRules *rules)
{
  static const char * const commands[] = {
    "{\"type\": \"initiative\"}",
    "{\"type\": \"next\"}",
    "{\"type\": \"declare\", \"unit\": \"cw-13\", \"action\": \"fire\", \"target\": \"tog-4\"}",
    "{\"type\": \"next\"}",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) game = NULL;
  g_autoptr(JsonNode) state = NULL;
  g_autofree char *text = NULL;
  SlSetup *setup;

  setup = sl_setup_new_from_json (rules, scenario, &error);
  if (setup == NULL)
    {
      if (error == NULL)
        sl_fuzz_fail ("The setup was refused without an error");
      return;
    }
  game = sl_game_new (rules, setup);
  sl_game_set_seed (game, 1995);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      if (sl_game_apply_text (game, commands[i], &error) == NULL)
        {
          if (error == NULL)
            sl_fuzz_fail ("%s was refused without an error", commands[i]);
          g_clear_error (&error);
        }
    }
  state = sl_game_state_to_json (game);
  text = sl_json_to_string (state, FALSE);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SlRules) rules = NULL;
  /* The bytes are not NUL-terminated: the length is what bounds them (and
   * AddressSanitizer catches a read past it). */
  const char *text = size > 0 ? (const char *) data : "";

  if (size > G_MAXSSIZE)
    return 0;
  rules = sl_rules_load_data (text, (gssize) size, "fuzz-rules.json", &error);
  if (rules == NULL)
    {
      /* A refusal names the problem, in the rules error domain. */
      if (error == NULL || error->domain != SL_RULES_ERROR || error->message[0] == '\0')
        sl_fuzz_fail ("Refused without a rules error");
      return 0;
    }
  if (error != NULL)
    sl_fuzz_fail ("Loaded, yet with an error: %s", error->message);
  list_rules (rules);
  start_game (rules);
  return 0;
}
