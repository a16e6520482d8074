/* test-table.c: the table model (docs/table-model.md) — its answers are
 * the commands' own (each action of T-05, the targets, an ambush, a
 * detection, a charge set off, Next and Pass) in the training game and the
 * three rulebook scenarios; who leads (P-32 step 8); what is due and its
 * dice (T-01); labels from the rules data; what each viewer is told, and
 * that one side's JSON holds none of another's secrets (§15.1, P-28,
 * P-37, T-19); worked out once per change
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-command-new.h"
#include "sl-json.h"
#include "sl-options.h"
#include "sl-table-labels.h"
#include "sl-table-model-private.h"
#include "sl-test-game.h"

/* Applies a command (single quotes) without the reload check of
 * sl_test_play: the moves that set a test up. */
static void
play (SlGame     *game,
      const char *command)
{
  g_autofree char *json = sl_test_json (command);
  g_autoptr(GError) error = NULL;

  if (sl_game_apply_text (game, json, &error) == NULL)
    g_error ("%s: %s", json, error->message);
}

static JsonNode *
command_node (const char *command)
{
  g_autofree char *json = sl_test_json (command);
  g_autoptr(GError) error = NULL;
  JsonNode *node = sl_json_parse (json, -1, &error);

  g_assert_no_error (error);
  return node;
}

/* What the core answers @command when it is applied to @game: NULL when
 * it is accepted (and then undone), else its refusal. */
static SlRefusal *
applied (SlGame   *game,
         JsonNode *command)
{
  g_autoptr(GError) error = NULL;
  guint position = sl_game_get_position (game);

  if (sl_game_apply (game, command, &error) == NULL)
    return sl_refusal_new (error);
  g_assert_true (sl_game_undo (game));
  g_assert_cmpuint (sl_game_get_position (game), ==, position);
  return NULL;
}

static void
assert_same_answer (const SlRefusal *table,
                    const SlRefusal *command,
                    const char      *what)
{
  if ((table == NULL) != (command == NULL))
    g_error ("%s: the table says %s, the command %s", what, table ? table->message : "allowed",
             command ? command->message : "accepted");
  if (table == NULL)
    return;
  g_assert_cmpstr (table->message, ==, command->message);
  g_assert_cmpstr (table->field, ==, command->field);
  g_assert_true (g_strv_equal ((const char * const *) table->rules, (const char * const *) command->rules));
}

/* Counts of what the checks below compared, so that a test can say it
 * compared both answers. */
typedef struct
{
  guint allowed;
  guint refused;
} Tally;

/* T-05: each action of @unit as the table gives it, against the
 * declaration applied. */
static void
check_actions (SlGame *game,
               int     unit,
               Tally  *tally)
{
  SlTableModel *table = sl_table_model_get_for_game (game);
  const SlSetup *setup = sl_game_get_setup (game);
  const SlTableAction *actions;
  g_autoptr(GPtrArray) said = g_ptr_array_new_with_free_func ((GDestroyNotify) sl_refusal_free);
  guint n = 0;

  actions = sl_table_model_get_actions (table, unit, &n);
  g_assert_cmpuint (n, ==, sl_game_get_rules (game)->actions.items->len);
  /* Copied: applying a command changes the game, and the table with it. */
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (said, actions[i].refusal ? sl_refusal_copy (actions[i].refusal) : NULL);
  for (guint i = 0; i < n; i++)
    {
      const SlAction *action = g_ptr_array_index (sl_game_get_rules (game)->actions.items, i);
      SlDeclareCommand declared = SL_DECLARE_COMMAND_INIT;
      g_autoptr(JsonNode) command = NULL;
      g_autoptr(SlRefusal) answer = NULL;
      g_autofree char *what = g_strdup_printf ("%s, %s", sl_setup_unit_at (setup, unit)->id, action->id);

      declared.unit = unit;
      declared.action = action;
      if (sl_setup_zero_g_checks (setup))
        declared.zero_g_roll = 1;
      command = sl_command_new_declare (setup, &declared);
      answer = applied (game, command);
      assert_same_answer (g_ptr_array_index (said, i), answer, what);
      if (answer == NULL)
        tally->allowed++;
      else
        tally->refused++;
    }
}

/* P-14 step 1, §15.1, T-16: the table's targets of @unit are the units a
 * fire declared at them is not refused for. */
static void
check_targets (SlGame *game,
               int     unit,
               Tally  *tally)
{
  SlTableModel *table = sl_table_model_get_for_game (game);
  const SlSetup *setup = sl_game_get_setup (game);
  g_autoptr(GArray) targets = NULL;

  targets = g_array_copy (sl_table_model_get_unit (table, unit)->targets);
  for (int t = 0; t < sl_setup_n_units (setup); t++)
    {
      SlDeclareCommand declared = SL_DECLARE_COMMAND_INIT;
      g_autoptr(JsonNode) command = NULL;
      g_autoptr(SlRefusal) answer = NULL;
      gboolean listed = FALSE;

      for (guint i = 0; i < targets->len; i++)
        listed |= g_array_index (targets, int, i) == t;
      declared.unit = unit;
      declared.action = sl_rules_action (sl_game_get_rules (game), "fire");
      declared.target = t;
      command = sl_command_new_declare (setup, &declared);
      answer = applied (game, command);
      if (listed != (g_strcmp0 (answer ? answer->field : NULL, "target") != 0))
        g_error ("%s at %s: listed %d, the command says %s", sl_setup_unit_at (setup, unit)->id,
                 sl_setup_unit_at (setup, t)->id, listed, answer ? answer->message : "accepted");
      if (listed)
        tally->allowed++;
      else
        tally->refused++;
    }
}

/* Every unit's actions, and the targets of those who may fire now. */
static void
check_units (SlGame *game,
             Tally  *tally)
{
  SlTableModel *table = sl_table_model_get_for_game (game);

  for (int u = 0; u < sl_setup_n_units (sl_game_get_setup (game)); u++)
    {
      const SlTableAction *fire;

      check_actions (game, u, tally);
      fire = sl_table_model_get_action (table, u, "fire");
      if (fire != NULL && fire->refusal == NULL)
        check_targets (game, u, tally);
    }
}

/* What Next and Pass would do: the commands applied. */
static void
check_buttons (SlGame *game)
{
  SlTableModel *table = sl_table_model_get_for_game (game);
  g_autoptr(SlRefusal) next = NULL;
  g_autoptr(SlRefusal) pass = NULL;
  g_autoptr(SlRefusal) table_next = NULL;
  g_autoptr(SlRefusal) table_pass = NULL;
  g_autoptr(JsonNode) next_command = sl_command_new_next ();
  g_autoptr(JsonNode) pass_command = sl_command_new_pass ();
  const char *sentence = NULL;

  if (sl_table_model_get_next (table)->refusal != NULL)
    table_next = sl_refusal_copy (sl_table_model_get_next (table)->refusal);
  if (sl_table_model_get_pass (table)->refusal != NULL)
    table_pass = sl_refusal_copy (sl_table_model_get_pass (table)->refusal);
  /* P-08: the prompt names what Next refuses for. */
  if (sl_table_model_get_prompt (table, &sentence) == SL_PROMPT_DUE)
    g_assert_cmpstr (sentence, ==, table_next->message);
  else
    g_assert_null (table_next);
  next = applied (game, next_command);
  pass = applied (game, pass_command);
  assert_same_answer (table_next, next, "next");
  assert_same_answer (table_pass, pass, "pass");
}

/* The training game in the initiative order (P-06 step 5, P-08 step 2):
 * the units of the grouping whose turn it is may act, the others are
 * refused; in a resolution step nobody declares; a dazed unit only goes
 * down (P-19, A-27). */
static void
test_answers_training (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_strict ();
  Tally tally = { 0 };

  check_buttons (game);
  sl_test_start_turn (game);
  check_units (game, &tally);
  check_buttons (game);
  play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13'}");
  play (game, "{'type': 'correct', 'unit': 'tog-2', 'field': 'dazed_until', 'value': {'turn': 1, 'subphase': 1}}");
  check_units (game, &tally);
  check_buttons (game);
  /* The ranged-fire step: the fire is due. */
  while (sl_game_get_state (game)->step == SL_STEP_INITIATIVE_ORDER)
    play (game, sl_table_model_get_pass (sl_table_model_get_for_game (game))->refusal == NULL
                ? "{'type': 'pass'}" : "{'type': 'next'}");
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_RANGED_FIRE);
  check_actions (game, sl_test_unit (game, "tog-3"), &tally);
  check_buttons (game);
  g_assert_cmpuint (tally.allowed, >, 0);
  g_assert_cmpuint (tally.refused, >, 0);
}

/* The three rulebook scenarios (T-41 … T-43): a side holding its fire,
 * locked doors, an airlock, at night and in vacuum. */
static void
test_answers_scenarios (void)
{
  static const struct { const char *id; const char *initiative; } scenarios[] = {
    { "definitely-not-camping", "{'type': 'initiative', 'rolls': {'cw-team1': 1, 'cw-team2': 2, 'cw-team3': 3,"
                                " 'tog-squad': 9}}" },
    { "blow-the-damn-thing-up", "{'type': 'initiative', 'rolls': {'cw-squad1': 1, 'cw-squad2': 2, 'tog-ft1': 8,"
                                " 'tog-ft2': 9}}" },
    { "pest-control", "{'type': 'initiative', 'rolls': {'tog-squad': 1, 'cw-marines': 5, 'cw-tech-ft1': 6,"
                      " 'cw-tech-ft2': 7}}" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (scenarios); i++)
    {
      g_autoptr(SlGame) game = sl_test_game_new_scenario (scenarios[i].id, NULL);
      Tally tally = { 0 };

      g_test_message ("%s", scenarios[i].id);
      check_buttons (game);
      play (game, scenarios[i].initiative);
      if (sl_game_get_state (game)->phase != SL_PHASE_ACTION)
        play (game, "{'type': 'next'}");
      check_units (game, &tally);
      check_buttons (game);
      play (game, "{'type': 'pass'}");
      check_units (game, &tally);
      check_buttons (game);
      g_assert_cmpuint (tally.allowed, >, 0);
      g_assert_cmpuint (tally.refused, >, 0);
    }
}

/* The table's ambushers against `ambush` applied by each grouping; how
 * many it offers. */
static guint
check_ambushers (SlGame *game)
{
  SlTableModel *table = sl_table_model_get_for_game (game);
  const SlSetup *setup = sl_game_get_setup (game);
  guint offered = 0;

  g_assert_cmpuint (sl_table_model_get_n_ambushers (table), ==, setup->groupings->len);
  for (guint i = 0; i < setup->groupings->len; i++)
    {
      const SlTableAmbusher *a = sl_table_model_get_ambusher (table, i);
      const char *id = sl_setup_grouping_at (setup, a->grouping)->id;
      g_autoptr(SlRefusal) said = a->refusal ? sl_refusal_copy (a->refusal) : NULL;
      g_autofree char *text = NULL;
      g_autoptr(JsonNode) command = NULL;
      g_autoptr(SlRefusal) answer = NULL;

      if (g_str_equal (id, "tog-squad"))
        continue;
      text = g_strdup_printf ("{'type': 'ambush', 'grouping': '%s', 'target_grouping': 'tog-squad'}", id);
      command = command_node (text);
      answer = applied (game, command);
      g_test_message ("%s: %s", id, said ? said->message : "may");
      assert_same_answer (said, answer, id);
      offered += said == NULL;
    }
  g_assert_true (sl_table_model_may_ambush (table) == (offered > 0));
  return offered;
}

/* §5.2: only a whole undetected grouping springs an ambush, and in its
 * turn (P-08 step 2): the table offers what `ambush` accepts — not the
 * hidden teams while TOG's turn has not ended (the menu once did). */
static void
test_ambush_turn (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_scenario ("definitely-not-camping", "{'scenario1Detection': true}");

  play (game, "{'type': 'initiative', 'rolls': {'cw-team1': 5, 'cw-team2': 6, 'cw-team3': 7, 'tog-squad': 1}}");
  while (sl_game_get_state (game)->phase != SL_PHASE_ACTION)
    play (game, "{'type': 'next'}");
  g_assert_cmpuint (check_ambushers (game), ==, 0);
  play (game, "{'type': 'pass'}");
  g_assert_cmpuint (check_ambushers (game), ==, 3);
  /* Cole of team 1 shows himself: team 1 is detected (§5.2). */
  play (game, "{'type': 'declare', 'unit': 'cw-21', 'action': 'walk'}");
  g_assert_cmpuint (check_ambushers (game), ==, 2);
  /* The training game has no ambushes: nobody may (§5.2 is a module). */
  {
    g_autoptr(SlGame) training = sl_test_game_new ();

    sl_test_start_turn (training);
    g_assert_false (sl_table_model_may_ambush (sl_table_model_get_for_game (training)));
  }
}

/* P-36 step 3: the charges offered to a unit to set off are those
 * `detonate` accepts: its squad's, armed, not deactivated (P-36 step 4). */
static void
test_charges_p36 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlTableModel *table = sl_table_model_get_for_game (game);
  int unit = sl_test_unit (game, "tog-6");
  g_autoptr(GArray) offered = NULL;
  guint accepted = 0;

  sl_test_start_turn (game);
  play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'plastic_charges', 'value': 1}");
  play (game, "{'type': 'correct', 'unit': 'tog-4', 'field': 'plastic_charges', 'value': 1}");
  play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'install-plastic', 'label': 'the gate'}");
  play (game, "{'type': 'declare', 'unit': 'tog-4', 'action': 'install-plastic', 'label': 'the door'}");
  sl_test_go_to_subphase (game, 6);
  play (game, "{'type': 'declare', 'unit': 'tog-5', 'action': 'use-device', 'charge': 1}");
  sl_test_go_to_subphase (game, 10);
  play (game, "{'type': 'declare', 'unit': 'tog-6', 'action': 'fire', 'throw': 'charge'}");
  play (game, "{'type': 'next'}");
  offered = g_array_copy (sl_table_model_get_charges (table, unit));
  for (int id = 1; id <= 2; id++)
    {
      g_autofree char *text = g_strdup_printf ("{'type': 'detonate', 'unit': 'tog-6', 'marker': %d}", id);
      g_autoptr(JsonNode) command = command_node (text);
      g_autoptr(SlRefusal) answer = applied (game, command);
      gboolean listed = FALSE;

      for (guint i = 0; i < offered->len; i++)
        listed |= g_array_index (offered, int, i) == id;
      g_assert_true (listed == (answer == NULL));
      accepted += answer == NULL;
    }
  /* The gate's charge was deactivated; the door's goes off. */
  g_assert_cmpuint (offered->len, ==, 1);
  g_assert_cmpint (g_array_index (offered, int, 0), ==, 2);
  g_assert_cmpuint (accepted, ==, 1);
}

/* P-32 step 8: the leader a squad answers to — its leader in the fight,
 * else its acting leader, else none; one answer for every front end. */
static void
test_leader_p32 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlTableModel *table = sl_table_model_get_for_game (game);
  int squad = sl_setup_find_squad (sl_game_get_setup (game), "cw-squad");
  int leader = sl_test_unit (game, "cw-17");
  int acting = sl_test_unit (game, "cw-13");
  gboolean is_acting = TRUE;

  g_assert_cmpint (sl_table_model_squad_leader (table, squad, &is_acting), ==, leader);
  g_assert_false (is_acting);
  g_assert_cmpint (sl_table_model_get_unit (table, leader)->leads, ==, SL_LEADS_SQUAD);
  g_assert_true (sl_table_model_get_unit (table, leader)->never_routs);
  play (game, "{'type': 'correct', 'unit': 'cw-17', 'field': 'wound', 'value': 'dead'}");
  g_assert_cmpint (sl_table_model_squad_leader (table, squad, &is_acting), ==, -1);
  g_assert_cmpint (sl_table_model_get_unit (table, leader)->leads, ==, SL_LEADS_NOT);
  play (game, "{'type': 'appoint-leader', 'squad': 'cw-squad', 'unit': 'cw-13'}");
  g_assert_cmpint (sl_table_model_squad_leader (table, squad, &is_acting), ==, acting);
  g_assert_true (is_acting);
  g_assert_cmpint (sl_table_model_get_unit (table, acting)->leads, ==, SL_LEADS_ACTING);
  /* P-31 step 5: the leader it answers to never routs. */
  g_assert_true (sl_table_model_get_unit (table, acting)->never_routs);
}

/* T-01: what is due comes with its dice, each with its check's die — a
 * rout check's d100 (P-31), a rally's d10; an avoidance takes the
 * zero-G die only where actions take a zero-G check (P-21, A-71). */
static void
test_due_dice_t01 (void)
{
  static const char * const worlds[] = { "{}", "{'zero_g': true}" };

  for (guint w = 0; w < G_N_ELEMENTS (worlds); w++)
    {
      g_autofree char *setup = g_strdup_printf (
        "{'id': 'e20', 'name': 'E-20', 'length_turns': 12, 'environment': %s,"
        " 'sides': ["
        "  {'id': 'a', 'name': 'TOG', 'squads': [{'id': 'a1', 'units': ["
        "     {'id': 'bounce', 'counter': 1, 'name': 'Legionnaire Bounce', 'troop': 'combat-arms', 'armor': 'BI', 'weapons': ['LP']}]}]},"
        "  {'id': 'b', 'name': 'Commonwealth', 'squads': [{'id': 'b1', 'units': ["
        "     {'id': 'tech', 'counter': 3, 'name': 'Tech Quill', 'troop': 'tech', 'armor': 'LI', 'weapons': ['LP']}]}]}]}",
        worlds[w]);
      g_autoptr(SlGame) game = sl_test_game_new_setup (setup);
      SlTableModel *table = sl_table_model_get_for_game (game);
      const SlTableDue *due;

      play (game, "{'type': 'initiative', 'rolls': {'a1': 8, 'b1': 2}}");
      play (game, "{'type': 'next'}");
      play (game, "{'type': 'declare', 'unit': 'tech', 'action': 'use-device'}");
      play (game, "{'type': 'engage', 'unit': 'bounce', 'target': 'tech', 'decision': 'avoid'}");
      g_assert_null (sl_table_model_get_unit_due (table, sl_test_unit (game, "tech")));
      for (int guard = 0; guard < 20 && sl_table_model_get_unit_due (table, sl_test_unit (game, "tech")) == NULL; guard++)
        play (game, "{'type': 'next'}");
      due = sl_table_model_get_unit_due (table, sl_test_unit (game, "tech"));
      g_assert_nonnull (due);
      g_assert_cmpstr (due->command, ==, "avoid");
      g_assert_cmpuint (due->dice->len, ==, w == 0 ? 2 : 3);
      g_assert_cmpstr (g_array_index (due->dice, SlTableDie, 0).field, ==, "roll");
      g_assert_cmpstr (g_array_index (due->dice, SlTableDie, 0).check->id, ==, "avoid-melee");
      g_assert_cmpint (g_array_index (due->dice, SlTableDie, 0).sides, ==, 10);
      if (w == 1)
        g_assert_cmpstr (g_array_index (due->dice, SlTableDie, 2).field, ==, "zero_g_roll");
      /* The prompt is Next's refusal, naming it (P-08). */
      {
        const char *sentence = NULL;

        g_assert_cmpint (sl_table_model_get_prompt (table, &sentence), ==, SL_PROMPT_DUE);
        g_assert_cmpstr (sentence, ==, sl_table_model_get_next (table)->refusal->message);
      }
    }

  /* The training game's turn 12 ends in the Rout/Rally Phase. */
  {
    g_autoptr(SlGame) game = sl_test_game_new ();
    SlTableModel *table = sl_table_model_get_for_game (game);
    const SlTableDue *due;

    for (int guard = 0; guard < 2000 && sl_game_get_state (game)->phase != SL_PHASE_ROUT_RALLY; guard++)
      play (game, sl_game_get_state (game)->phase == SL_PHASE_INITIATIVE
                  ? "{'type': 'initiative', 'rolls': {'tog-ft1': 1, 'tog-ft2': 2, 'cw-ft1': 3, 'cw-ft2': 4}}"
                  : "{'type': 'next'}");
    g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_ROUT_RALLY);
    g_assert_cmpuint (sl_table_model_get_n_due (table), >, 0);
    due = sl_table_model_get_due (table, 0);
    g_assert_cmpstr (due->command, ==, "rout-check");
    g_assert_cmpuint (due->dice->len, ==, 1);
    g_assert_cmpint (g_array_index (due->dice, SlTableDie, 0).sides, ==, 100);
    g_assert_cmpstr (g_array_index (due->dice, SlTableDie, 0).check->id, ==, "rout");
  }
}

/* The labels carry the rules data's values (T-19, T-27, T-01, T-38): a
 * house rule that makes half cover +4 (T-19) and hand grenades reach 30 m
 * (P-34 step 3) shows them. */
static void
test_labels_from_rules (void)
{
  g_autofree char *path = g_build_filename (SL_SOURCE_DATADIR, "rules", "streets-of-blood.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SlRules) house = NULL;
  g_autofree char *shipped_cover = sl_table_labels_detection_modifier (sl_test_rules (), "half-cover");
  g_autofree char *house_cover = NULL;
  g_autofree char *rout = sl_table_labels_check_die (sl_test_rules (), "rout");
  g_autofree char *window = sl_table_labels_through_window (sl_test_rules (), 2);
  g_autofree char *hidden = sl_table_labels_hidden_surcharge (sl_test_rules ());
  GString *changed;
  int least = 0, most = 0;

  g_assert_cmpstr (shipped_cover, ==, "Half cover (+2)");
  g_assert_cmpstr (rout, ==, "Rout check (d100)");
  g_assert_cmpstr (window, ==, "Grenade 2: through a window (+1)");
  g_assert_cmpstr (hidden, ==, "Hidden at the start (+25 %)");
  g_assert_null (sl_table_labels_detection_modifier (sl_test_rules (), "camo-tinter"));
  sl_table_labels_throw_range (sl_test_rules (), &least, &most);
  g_assert_cmpint (least, ==, 2);
  g_assert_cmpint (most, ==, 24);

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  changed = g_string_new (text);
  g_assert_cmpuint (g_string_replace (changed, "\"half-cover\": { \"name\": \"Half Cover\", \"value\": 2 }",
                                      "\"half-cover\": { \"name\": \"Half Cover\", \"value\": 4 }", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (changed, "\"maximum_range_m\": 24", "\"maximum_range_m\": 30", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (changed, "\"follow_through\": 3", "\"follow_through\": 4", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (changed, "\"follow_through_reach_m\": 1", "\"follow_through_reach_m\": 1.5", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (changed, "\"automatic_within_m\": 1", "\"automatic_within_m\": 2", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (changed, "\"no_melee_weapon\": 1", "\"no_melee_weapon\": 2", 1), ==, 1);
  house = sl_rules_load_data (changed->str, changed->len, "house.json", &error);
  g_string_free (changed, TRUE);
  g_assert_no_error (error);
  house_cover = sl_table_labels_detection_modifier (house, "half-cover");
  g_assert_cmpstr (house_cover, ==, "Half cover (+4)");
  sl_table_labels_throw_range (house, NULL, &most);
  g_assert_cmpint (most, ==, 30);

  /* P-26, §15.1, §18, T-44 and the rule option of A-80, shipped and
   * changed. */
  {
    g_autofree char *through = sl_table_labels_follow_through (sl_test_rules ());
    g_autofree char *house_through = sl_table_labels_follow_through (house);
    g_autofree char *at_once = sl_table_labels_detected_at_once (sl_test_rules ());
    g_autofree char *house_at_once = sl_table_labels_detected_at_once (house);
    g_autofree char *outside = sl_table_labels_detection_outside (house);
    g_autofree char *unarmed = sl_table_labels_no_melee_weapon (sl_test_rules ());
    g_autofree char *house_unarmed = sl_table_labels_no_melee_weapon (house);
    g_autofree char *untrained = sl_table_labels_untrained_non_combat (sl_test_rules ());
    g_autofree char *shaped = sl_table_labels_shaped_charge (sl_test_defaults ());
    g_autofree char *house_shaped = NULL;
    SlOptions options = *sl_test_defaults ();

    g_assert_nonnull (strstr (through, "within 1 m behind the breach"));
    g_assert_nonnull (strstr (through, "attacked at +3 and nothing else, with PF − 1 (P-26)"));
    g_assert_nonnull (strstr (house_through, "within 1.5 m behind the breach"));
    g_assert_nonnull (strstr (house_through, "attacked at +4"));
    g_assert_cmpstr (at_once, ==, "Within 1 m: detected at once");
    g_assert_cmpstr (house_at_once, ==, "Within 2 m: detected at once");
    g_assert_cmpstr (outside, ==, "Only within 2 m or inside a holotarp’s square (§15.1)");
    g_assert_cmpstr (unarmed, ==, "Without one: +1 in melee (§18)");
    g_assert_cmpstr (house_unarmed, ==, "Without one: +2 in melee (§18)");
    g_assert_cmpstr (untrained, ==, "Medic, engineer or technician: an untrained skill is +2, not +1 (T-44)");
    g_assert_cmpstr (shaped, ==, "A shaped charge destroys a door outright and deals PF 10 to a wall (A-80, A-81).");
    options.shaped_charge_obstacle_pf = 12;
    house_shaped = sl_table_labels_shaped_charge (&options);
    g_assert_nonnull (strstr (house_shaped, "PF 12 to a wall"));
  }
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* Worked out once per change, however often it is read; a PIN set
 * changes the file, not the table; undo and redo are changes. */
static void
test_once_per_change (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlTableModel *table = sl_table_model_get_for_game (game);
  guint computed, emitted = 0;

  g_assert_true (sl_table_model_get_for_game (game) == table);
  g_signal_connect_swapped (table, "changed", G_CALLBACK (count_cb), &emitted);
  sl_table_model_get_prompt (table, NULL);
  computed = sl_table_model_get_n_computed (table);
  for (int i = 0; i < 5; i++)
    {
      g_autoptr(JsonNode) node = sl_table_model_to_json (table, SL_VIEWER_REFEREE);

      sl_table_model_get_unit (table, i);
      sl_table_model_squad_leader (table, 0, NULL);
      sl_table_model_get_actions (table, i, NULL);
    }
  g_assert_cmpuint (sl_table_model_get_n_computed (table), ==, computed);
  sl_test_start_turn (game);
  g_assert_cmpuint (emitted, ==, 1);
  g_assert_cmpuint (sl_table_model_get_n_computed (table), ==, computed);
  sl_table_model_get_prompt (table, NULL);
  sl_table_model_get_unit (table, 3);
  g_assert_cmpuint (sl_table_model_get_n_computed (table), ==, computed + 1);
  play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk'}");
  sl_table_model_get_n_units (table);
  g_assert_cmpuint (sl_table_model_get_n_computed (table), ==, computed + 2);
  g_assert_cmpuint (emitted, ==, 2);
  sl_game_set_lock (game, "referee", "1234");
  sl_table_model_get_n_units (table);
  g_assert_cmpuint (emitted, ==, 2);
  g_assert_cmpuint (sl_table_model_get_n_computed (table), ==, computed + 2);
  g_assert_true (sl_game_undo (game));
  g_assert_null (sl_table_model_get_unit (table, sl_test_unit (game, "tog-1"))->log.action);
  g_assert_true (sl_game_redo (game));
  g_assert_nonnull (sl_table_model_get_unit (table, sl_test_unit (game, "tog-1"))->log.action);
  g_assert_cmpuint (sl_table_model_get_n_computed (table), ==, computed + 4);
  g_assert_cmpuint (emitted, ==, 4);
}

/* The Commonwealth's secrets, lower case: the notes' texts, the secret
 * modifiers' words (T-19 "*": the camo tinter, a Ranger suit, a power
 * suit's stealth power mode), where a unit lies and that a pile is a
 * decoy ("stealth" alone is an action's name, known to all). */
static const char * const cw_secrets[] = {
  "zulu", "quebec", "yankee", "camo", "tinter", "ranger", "stealth power mode", "decoy", "under pile", NULL
};
/* A pile and who lies under it. */
static const char * const cw_pairs[] = {
  "Pile C", "c", "Pile C", "Trooper Cole", "Pile E", "c2", "Pile E", "Trooper Amari", NULL
};

/* Every string in @node: what a remote view would be sent. Each object's
 * own strings are checked against @pairs (no object names both). */
static void
collect (JsonNode   *node,
         GPtrArray  *strings,
         guint      *paired,
         const char * const *pairs)
{
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    g_ptr_array_add (strings, g_utf8_strdown (json_node_get_string (node), -1));
  else if (JSON_NODE_HOLDS_ARRAY (node))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
      collect (json_array_get_element (json_node_get_array (node), i), strings, paired, pairs);
  else if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *o = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (o);
      g_autoptr(GPtrArray) own = g_ptr_array_new ();

      for (GList *l = members; l != NULL; l = l->next)
        {
          JsonNode *m = json_object_get_member (o, l->data);

          if (JSON_NODE_HOLDS_VALUE (m) && json_node_get_value_type (m) == G_TYPE_STRING)
            g_ptr_array_add (own, (gpointer) json_node_get_string (m));
          /* The members themselves: "decoy" says a pile is one. */
          g_ptr_array_add (strings, g_utf8_strdown (l->data, -1));
          collect (m, strings, paired, pairs);
        }
      for (guint k = 0; pairs[k] != NULL; k += 2)
        {
          gboolean first = FALSE, second = FALSE;

          for (guint i = 0; i < own->len; i++)
            {
              first |= g_str_equal (own->pdata[i], pairs[k]);
              second |= g_str_equal (own->pdata[i], pairs[k + 1]);
            }
          *paired += first && second;
        }
    }
}

/* How many of @secrets and @pairs the JSON of @viewer tells. */
static guint
told (SlGame   *game,
      SlViewer  viewer)
{
  SlTableModel *table = sl_table_model_get_for_game (game);
  g_autoptr(JsonNode) node = sl_table_model_to_json (table, viewer);
  g_autoptr(GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
  guint paired = 0, found = 0;

  collect (node, strings, &paired, cw_pairs);
  for (guint i = 0; i < strings->len; i++)
    for (guint k = 0; cw_secrets[k] != NULL; k++)
      if (strstr (strings->pdata[i], cw_secrets[k]) != NULL)
        {
          g_test_message ("%s tells “%s”: %s", sl_viewer_id (sl_game_get_setup (game), viewer),
                          cw_secrets[k], (char *) strings->pdata[i]);
          found++;
        }
  g_assert_cmpuint (strings->len, >, 100);
  return found + paired;
}

/* T-19, A-126: every viewer is told which units wear a power suit (their
 * armour is on the squad logs), so that a side's phone offers the stealth
 * power mode for those only, as the private view does: the Commonwealth's
 * light infantry suits have it, the TOG tech's suit (TS) not. */
static void
test_power_suit_t19 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (TRUE);
  g_autoptr(JsonNode) node = sl_table_model_to_json (sl_table_model_get_for_game (game), SL_VIEWER_TABLE);
  JsonArray *units = json_object_get_array_member (json_node_get_object (node), "units");

  g_assert_cmpuint (json_array_get_length (units), ==, 3);
  for (guint i = 0; i < json_array_get_length (units); i++)
    {
      JsonObject *u = json_array_get_object_element (units, i);
      const char *id = json_object_get_string_member (u, "id");

      g_assert_true (json_object_has_member (u, "power_suit"));
      g_assert_cmpint (json_object_get_boolean_member (u, "power_suit"), ==, !g_str_equal (id, "eye"));
    }
}

/* §15.1, P-28, P-37, T-19: TOG's view and the table's hold none of the
 * Commonwealth's secrets — no note's text, no secret modifier, no pile
 * with who lies under it, no decoy — in any string, member or pairing;
 * the Commonwealth's own view and the referee's hold them. */
static void
test_secrets_per_viewer (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (TRUE);
  SlTableModel *table = sl_table_model_get_for_game (game);
  int tog = sl_setup_find_side (sl_game_get_setup (game), "tog");
  int cw = sl_setup_find_side (sl_game_get_setup (game), "cw");
  int cole = sl_test_unit (game, "c");

  g_assert_cmpuint (told (game, tog), ==, 0);
  g_assert_cmpuint (told (game, SL_VIEWER_TABLE), ==, 0);
  g_assert_cmpuint (told (game, cw), >, 0);
  g_assert_cmpuint (told (game, SL_VIEWER_REFEREE), ==, told (game, cw));
  /* That Cole is hidden is known to all; where he lies and what he does
   * are his side's. */
  g_assert_true (sl_table_model_get_unit (table, cole)->hidden);
  g_assert_false (sl_table_model_unit_known (table, cole, tog));
  g_assert_false (sl_table_model_unit_known (table, cole, SL_VIEWER_TABLE));
  g_assert_true (sl_table_model_unit_known (table, cole, cw));
  g_assert_true (sl_table_model_unit_known (table, sl_test_unit (game, "eye"), SL_VIEWER_TABLE));
  /* The mine (P-37) is TOG's only as "mine 1, kept by the Commonwealth". */
  for (guint i = 0; i < sl_game_get_state (game)->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (sl_game_get_state (game)->markers, SlMarker, i);

      g_assert_false (sl_table_model_marker_shown (table, m, tog));
      g_assert_true (sl_table_model_marker_shown (table, m, cw));
    }
  g_assert_false (sl_table_model_note_readable (table, 1, tog));
  g_assert_true (sl_table_model_note_readable (table, 1, cw));

  /* Detected once Cole acts: his doings are the table's again (§15.1). */
  play (game, "{'type': 'initiative', 'rolls': {'hide': 1, 'look': 2}}");
  while (sl_game_get_state (game)->phase != SL_PHASE_ACTION)
    play (game, "{'type': 'next'}");
  play (game, "{'type': 'declare', 'unit': 'c', 'action': 'walk'}");
  g_assert_true (sl_table_model_unit_known (table, cole, tog));
}

/* P-27, §15.1: the units offered to look for a pile are those `detect`
 * takes; a hidden one gives itself away and may not. */
static void
test_detectors_p27 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (TRUE);
  SlTableModel *table = sl_table_model_get_for_game (game);
  const SlRefusal *refusal = NULL;
  GArray *detectors;

  /* Before play: no detection (P-27). */
  g_assert_cmpuint (sl_table_model_get_detectors (table, &refusal)->len, ==, 0);
  g_assert_nonnull (refusal);
  play (game, "{'type': 'initiative', 'rolls': {'hide': 1, 'look': 2}}");
  g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_DETECTION);
  detectors = sl_table_model_get_detectors (table, &refusal);
  g_assert_cmpuint (detectors->len, ==, 1);
  g_assert_cmpint (g_array_index (detectors, int, 0), ==, sl_test_unit (game, "eye"));
  g_assert_null (refusal);
  {
    g_autoptr(JsonNode) by_eye = command_node ("{'type': 'detect', 'unit': 'eye', 'pile': 'Pile A', 'distance_m': 0.5, 'roll': 1}");
    g_autoptr(JsonNode) by_cole = command_node ("{'type': 'detect', 'unit': 'c2', 'pile': 'Pile A', 'distance_m': 0.5, 'roll': 1}");
    g_autoptr(SlRefusal) eye = applied (game, by_eye);
    g_autoptr(SlRefusal) cole = applied (game, by_cole);

    g_assert_null (eye);
    g_assert_nonnull (cole);
  }
}

/* T-16, A-18: a blast in the explosion step may catch a unit knocked out
 * earlier in the same step (the core takes it), and the table offers it;
 * a hidden unit is not offered on the shared screen (§15.1). */
static void
test_units_in_view_a18 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (TRUE);
  SlTableModel *table = sl_table_model_get_for_game (game);
  g_autoptr(GArray) shared = sl_table_model_get_units_in_view (table, SL_VIEWER_TABLE);
  g_autoptr(GArray) referee = sl_table_model_get_units_in_view (table, SL_VIEWER_REFEREE);

  g_assert_cmpuint (shared->len, ==, 1);
  g_assert_cmpuint (referee->len, ==, 3);

  {
    g_autoptr(SlGame) training = sl_test_game_new ();
    SlTableModel *t = sl_table_model_get_for_game (training);
    g_autoptr(GArray) before = NULL;
    g_autoptr(GArray) after = NULL;
    g_autoptr(JsonNode) blast = NULL;
    g_autoptr(SlRefusal) answer = NULL;
    int cw13 = sl_test_unit (training, "cw-13");
    gboolean listed = FALSE;

    sl_test_start_turn (training);
    sl_test_go_to_subphase (training, 2);
    play (training, "{'type': 'declare', 'unit': 'tog-2', 'action': 'pick-up-object'}");
    sl_test_go_to_subphase (training, 3);
    play (training, "{'type': 'declare', 'unit': 'tog-2', 'action': 'fire', 'throw': 'grenade'}");
    play (training, "{'type': 'next'}");
    play (training, "{'type': 'throw', 'unit': 'tog-2', 'range_m': 12, 'roll': 3}");
    for (int guard = 0; guard < 100 && (sl_table_model_get_n_due (t) == 0 ||
                                        !g_str_equal (sl_table_model_get_due (t, 0)->command, "blast")); guard++)
      play (training, "{'type': 'next'}");
    g_assert_cmpint (sl_game_get_state (training)->held_step, ==, SL_STEP_EXPLOSION);
    before = sl_table_model_get_units_in_view (t, SL_VIEWER_TABLE);
    /* Knocked out in this step (another blast, as the table says it). */
    play (training, "{'type': 'correct', 'unit': 'cw-13', 'field': 'wound', 'value': 'dead'}");
    g_assert_true (sl_state_unit_out (sl_game_get_rules (training), sl_game_get_state (training), cw13));
    after = sl_table_model_get_units_in_view (t, SL_VIEWER_TABLE);
    g_assert_cmpuint (after->len, ==, before->len);
    for (guint i = 0; i < after->len; i++)
      listed |= g_array_index (after, int, i) == cw13;
    g_assert_true (listed);
    blast = command_node ("{'type': 'blast', 'marker': 1, 'units': [{'unit': 'cw-13', 'distance_m': 3}]}");
    answer = applied (training, blast);
    g_assert_null (answer);
  }
}

/* §15.1, T-16: the miniatures the whole table sees — who may move inside
 * or out (T-36: not dead) and who may stand behind a breach (P-26: in the
 * fight) — never a hidden unit; and P-07 step 6: a unit an action holds
 * is busy (a new declaration gives it up). */
static void
test_units_on_table (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (TRUE);
  SlTableModel *table = sl_table_model_get_for_game (game);
  g_autoptr(GArray) seen = sl_table_model_get_units_on_table (table, SL_ON_TABLE_NOT_DEAD);
  g_autoptr(SlGame) training = sl_test_game_new ();
  SlTableModel *t = sl_table_model_get_for_game (training);
  int cw13 = sl_test_unit (training, "cw-13");
  int tog1 = sl_test_unit (training, "tog-1");
  guint all = sl_game_get_state (training)->n_units;

  g_assert_cmpuint (seen->len, ==, 1);
  g_assert_false (sl_table_model_get_unit (table, g_array_index (seen, int, 0))->hidden);

  for (int which = SL_ON_TABLE_NOT_DEAD; which <= SL_ON_TABLE_IN_FIGHT; which++)
    {
      g_autoptr(GArray) units = sl_table_model_get_units_on_table (t, which);

      g_assert_cmpuint (units->len, ==, all);
    }
  sl_test_play (training, "{'type': 'correct', 'unit': 'cw-13', 'field': 'wound', 'value': 'unconscious'}");
  {
    g_autoptr(GArray) lying = sl_table_model_get_units_on_table (t, SL_ON_TABLE_NOT_DEAD);
    g_autoptr(GArray) fighting = sl_table_model_get_units_on_table (t, SL_ON_TABLE_IN_FIGHT);

    g_assert_cmpuint (lying->len, ==, all);
    g_assert_cmpuint (fighting->len, ==, all - 1);
    for (guint i = 0; i < fighting->len; i++)
      g_assert_cmpint (g_array_index (fighting, int, i), !=, cw13);
  }
  sl_test_play (training, "{'type': 'correct', 'unit': 'cw-13', 'field': 'wound', 'value': 'dead'}");
  {
    g_autoptr(GArray) lying = sl_table_model_get_units_on_table (t, SL_ON_TABLE_NOT_DEAD);

    g_assert_cmpuint (lying->len, ==, all - 1);
  }

  sl_test_start_turn (training);
  g_assert_false (sl_table_model_get_unit (t, tog1)->busy);
  sl_test_play (training, "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk'}");
  g_assert_true (sl_table_model_get_unit (t, tog1)->busy);
}

/* Every member of the JSON is documented in docs/table-model.md, and
 * the format says its name and version. */
static void
add_members (JsonNode   *node,
             GHashTable *names)
{
  if (JSON_NODE_HOLDS_ARRAY (node))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
      add_members (json_array_get_element (json_node_get_array (node), i), names);
  else if (JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autoptr(GList) members = json_object_get_members (json_node_get_object (node));

      for (GList *l = members; l != NULL; l = l->next)
        {
          g_hash_table_add (names, g_strdup (l->data));
          add_members (json_object_get_member (json_node_get_object (node), l->data), names);
        }
    }
}

static void
test_json_documented (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SL_DOCS_DIR"), "table-model.md", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (TRUE);
  g_autoptr(SlGame) training = sl_test_game_new ();
  GHashTableIter iter;
  gpointer name;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  sl_test_start_turn (training);
  play (training, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13'}");
  for (SlViewer v = SL_VIEWER_REFEREE; v <= 1; v++)
    {
      g_autoptr(JsonNode) a = sl_table_model_to_json (sl_table_model_get_for_game (game), v);
      g_autoptr(JsonNode) b = sl_table_model_to_json (sl_table_model_get_for_game (training), v);

      g_assert_cmpstr (json_object_get_string_member (json_node_get_object (a), "format"), ==, "squadlog-table");
      g_assert_cmpint (json_object_get_int_member (json_node_get_object (a), "version"), ==, 1);
      add_members (a, names);
      add_members (b, names);
    }
  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    {
      g_autofree char *quoted = g_strdup_printf ("`%s`", (char *) name);

      if (strstr (text, quoted) == NULL)
        g_error ("%s is not in docs/table-model.md", quoted);
    }
  g_assert_cmpuint (g_hash_table_size (names), >, 50);
}

/* Issue 31 #3: the last result stays on the table until the next one —
 * the initiative order, its scores and its dice (P-06 step 2), a fire's
 * number needed, die and hit or miss (P-14, T-01), whether the app
 * rolled; declaring, passing and Next leave it; undo takes it back. */
static void
test_outcome_stays (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlTableModel *table = sl_table_model_get_for_game (game);
  const SlTableOutcome *o;
  const SlJournalEntry *fire;
  guint initiative_entry;

  g_assert_null (sl_table_model_get_outcome (table));
  sl_test_start_turn (game);
  o = sl_table_model_get_outcome (table);
  g_assert_nonnull (o);
  g_assert_cmpstr (o->command, ==, "initiative");
  initiative_entry = o->entry;
  g_assert_nonnull (strstr (o->sentence, "Initiative for turn 1: TOG Fire Team 1 (3, move)"));
  g_assert_nonnull (strstr (o->sentence, "Dice: TOG Fire Team 1 3, Renegade Fire Team 1 6"));
  g_assert_nonnull (strstr (o->sentence, "Renegade Fire Team 2 9."));
  g_assert_false (o->app_rolled);
  g_assert_cmpstr (o->when, ==, "Turn 1 · Initiative Phase");

  play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'fire', 'target': 'cw-13'}");
  play (game, "{'type': 'pass'}");
  g_assert_cmpuint (sl_table_model_get_outcome (table)->entry, ==, initiative_entry);
  while (sl_game_get_state (game)->step != SL_STEP_RANGED_FIRE)
    play (game, "{'type': 'next'}");
  fire = sl_test_play (game, "{'type': 'fire', 'unit': 'tog-1', 'roll': 4}");
  o = sl_table_model_get_outcome (table);
  g_assert_cmpstr (o->command, ==, "fire");
  g_assert_cmpstr (o->sentence, ==, fire->summary);
  g_assert_nonnull (strstr (o->sentence, "rolled 4"));
  g_assert_nonnull (strstr (o->sentence, json_object_get_boolean_member (json_node_get_object (fire->result), "hit")
                                         ? ", hit" : ", miss"));
  {
    g_autofree char *when = g_strdup_printf ("Turn 1 · subphase %d", fire->subphase);

    g_assert_cmpstr (o->when, ==, when);
  }
  /* The clock moves on: the result stays. */
  play (game, "{'type': 'next'}");
  g_assert_cmpstr (sl_table_model_get_outcome (table)->command, ==, "fire");
  g_assert_true (sl_game_undo (game));
  g_assert_true (sl_game_undo (game));
  g_assert_cmpuint (sl_table_model_get_outcome (table)->entry, ==, initiative_entry);
  /* Rolled by the app: the die is shown, and who rolled it. */
  play (game, "{'type': 'fire', 'unit': 'tog-1'}");
  o = sl_table_model_get_outcome (table);
  g_assert_true (o->app_rolled);
  g_assert_nonnull (strstr (o->sentence, "rolled "));
  g_assert_true (g_str_has_suffix (o->sentence, " The app rolled the dice."));
}

/* P-08 step 2, issue 31 #4: the groupings Next would pass during
 * declarations are those from the one whose turn it is with units still
 * to decide, in the initiative order — and Next does take their
 * declarations away. */
static void
test_next_passes_p08 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_strict ();
  SlTableModel *table = sl_table_model_get_for_game (game);
  const SlSetup *setup = sl_game_get_setup (game);
  static const char * const order[] = { "tog-ft1", "cw-ft1", "tog-ft2", "cw-ft2" };
  GArray *passes;

  g_assert_cmpuint (sl_table_model_get_next_passes (table)->len, ==, 0);
  sl_test_start_turn (game);
  g_assert_cmpint (sl_game_get_state (game)->step, ==, SL_STEP_INITIATIVE_ORDER);
  passes = sl_table_model_get_next_passes (table);
  g_assert_cmpuint (passes->len, ==, G_N_ELEMENTS (order));
  for (guint i = 0; i < passes->len; i++)
    g_assert_cmpstr (sl_setup_grouping_at (setup, g_array_index (passes, int, i))->id, ==, order[i]);
  play (game, "{'type': 'pass'}");
  passes = sl_table_model_get_next_passes (table);
  g_assert_cmpuint (passes->len, ==, 3);
  g_assert_cmpstr (sl_setup_grouping_at (setup, g_array_index (passes, int, 0))->id, ==, "cw-ft1");
  /* Next passes them: their units to decide do nothing this subphase. */
  {
    g_autoptr(GArray) named = g_array_copy (passes);
    const SlState *s;

    play (game, "{'type': 'next'}");
    s = sl_game_get_state (game);
    g_assert_cmpint (s->subphase, ==, 2);
    for (int u = 0; u < s->n_units; u++)
      for (guint i = 0; i < named->len; i++)
        if (s->grouping_of[u] == g_array_index (named, int, i))
          g_assert_null (s->units[u].current.action);
  }
  /* With every unit of the last groupings decided, only those left count. */
  g_assert_true (sl_game_undo (game));
  play (game, "{'type': 'pass'}");
  play (game, "{'type': 'pass'}");
  passes = sl_table_model_get_next_passes (table);
  g_assert_cmpuint (passes->len, ==, 1);
  g_assert_cmpstr (sl_setup_grouping_at (setup, g_array_index (passes, int, 0))->id, ==, "cw-ft2");
  /* With freeDeclarationOrder every grouping may act until Next: a pass
   * takes none of them out. */
  {
    g_autoptr(SlGame) free = sl_test_game_new ();

    sl_test_start_turn (free);
    play (free, "{'type': 'pass'}");
    g_assert_cmpuint (sl_table_model_get_next_passes (sl_table_model_get_for_game (free))->len, ==, 4);
  }
}

/* P-28, §9.1, issue 31 #5: before play the table is told how many units
 * that may hide lie under no pile yet (the setup's hidden ones, and those
 * in view by agreement), and that Next from the Detection Phase of turn 1
 * ends the time for it (P-04): the counts follow the hide commands. */
static void
test_not_under_pile_p28 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_hide_and_seek (FALSE);
  SlTableModel *table = sl_table_model_get_for_game (game);
  guint to_place = 0;
  gboolean next_ends = TRUE;

  /* Cole is under Pile C; Amari (hidden) and Eye (in view) are not. */
  g_assert_cmpuint (sl_table_model_get_not_under_pile (table, &to_place, &next_ends), ==, 2);
  g_assert_cmpuint (to_place, ==, 1);
  g_assert_false (next_ends);
  play (game, "{'type': 'initiative', 'rolls': {'hide': 5, 'look': 6}}");
  g_assert_cmpint (sl_game_get_state (game)->phase, ==, SL_PHASE_DETECTION);
  g_assert_cmpuint (sl_table_model_get_not_under_pile (table, &to_place, &next_ends), ==, 2);
  g_assert_true (next_ends);
  play (game, "{'type': 'hide', 'unit': 'c2', 'pile': 'Pile E', 'decoys': ['Pile A']}");
  g_assert_cmpuint (sl_table_model_get_not_under_pile (table, &to_place, NULL), ==, 1);
  g_assert_cmpuint (to_place, ==, 0);
  play (game, "{'type': 'next'}");
  g_assert_cmpuint (sl_table_model_get_not_under_pile (table, &to_place, &next_ends), ==, 0);
  g_assert_false (next_ends);
  /* No hiding rules, nothing to count. */
  {
    g_autoptr(SlGame) training = sl_test_game_new ();

    g_assert_cmpuint (sl_table_model_get_not_under_pile (sl_table_model_get_for_game (training), NULL, &next_ends), ==, 0);
    g_assert_false (next_ends);
  }
}

/* T-41 G, A-132, issue 31 #6: "may not fire until fired upon" is the
 * table's answer for TOG's fire only while it holds — from the subphase
 * after a Commonwealth unit fires, the same table, asked again, allows it
 * (the answer follows the game, never kept from before). */
static void
test_hold_fire_clears_a132 (void)
{
  g_autoptr(SlGame) game = sl_test_game_new_scenario ("definitely-not-camping", NULL);
  SlTableModel *table = sl_table_model_get_for_game (game);
  int tog = sl_test_unit (game, "tog-1");
  const SlTableAction *fire;

  play (game, "{'type': 'initiative', 'rolls': {'cw-team1': 1, 'cw-team2': 2, 'cw-team3': 3, 'tog-squad': 9}}");
  if (sl_game_get_state (game)->phase != SL_PHASE_ACTION)
    play (game, "{'type': 'next'}");
  for (int i = 0; i < 3; i++)
    play (game, "{'type': 'pass'}");
  fire = sl_table_model_get_action (table, tog, "fire");
  g_assert_nonnull (fire->refusal);
  g_assert_nonnull (strstr (fire->refusal->message, "until fired upon"));
  play (game, "{'type': 'next'}");
  play (game, "{'type': 'declare', 'unit': 'cw-21', 'action': 'fire', 'target': 'tog-1'}");
  for (int i = 0; i < 3; i++)
    play (game, "{'type': 'pass'}");
  play (game, "{'type': 'next'}");
  play (game, "{'type': 'fire', 'unit': 'cw-21', 'roll': 9}");
  play (game, "{'type': 'next'}");
  for (int i = 0; i < 3; i++)
    play (game, "{'type': 'pass'}");
  fire = sl_table_model_get_action (table, tog, "fire");
  g_assert_true (fire->refusal == NULL || strstr (fire->refusal->message, "until fired upon") == NULL);
}

/* Issue 33 #2: the table's values are properties, notified once each
 * when they change and not when they do not, equal to what the getters
 * say; nobody listening, the table stays lazy. P-08: Pass is accepted
 * in a grouping's turn, not before the initiative. */
static void
notify_count_cb (GObject    *object,
                 GParamSpec *pspec,
                 GHashTable *counts)
{
  g_hash_table_insert (counts, (gpointer) pspec->name,
                       GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, pspec->name)) + 1));
}

static guint
notified (GHashTable *counts,
          const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (counts, name));
}

static void
test_values_notified (void)
{
  g_autoptr(SlGame) game = sl_test_game_new ();
  SlTableModel *table = sl_table_model_get_for_game (game);
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *title = NULL, *clock = NULL, *prompt = NULL, *outcome = NULL;
  gboolean may_pass = TRUE, over = TRUE;
  SlPromptKind kind;
  const char *sentence;
  guint computed;
  int mine = 0;

  guint start = sl_game_get_position (game);

  /* Nobody listening: a change works nothing out. */
  sl_table_model_get_prompt (table, NULL);
  computed = sl_table_model_get_n_computed (table);
  sl_test_start_turn (game);
  g_assert_cmpuint (sl_table_model_get_n_computed (table), ==, computed);

  g_object_get (table, "title", &title, "clock", &clock, "may-pass", &may_pass, "over", &over,
                "waiting-mine", &mine, "prompt-kind", &kind, "prompt", &prompt, "outcome", &outcome, NULL);
  g_assert_cmpstr (title, ==, sl_game_get_setup (game)->name);
  g_assert_true (g_str_has_prefix (clock, "Turn 1 of "));
  g_assert_true (may_pass);
  g_assert_true (may_pass == (sl_table_model_get_pass (table)->refusal == NULL));
  g_assert_false (over);
  g_assert_cmpint (mine, ==, -1);
  g_assert_cmpint (kind, ==, sl_table_model_get_prompt (table, &sentence));
  g_assert_cmpstr (prompt, ==, sentence);
  g_assert_cmpstr (outcome, ==, sl_table_model_get_outcome (table)->sentence);

  /* The first listener is told every value; then only what changes. */
  g_signal_connect (table, "notify", G_CALLBACK (notify_count_cb), counts);
  play (game, "{'type': 'declare', 'unit': 'tog-1', 'action': 'walk'}");
  g_assert_cmpuint (notified (counts, "title"), ==, 1);
  g_assert_cmpuint (notified (counts, "outcome"), ==, 1);
  g_hash_table_remove_all (counts);
  g_assert_true (sl_game_undo (game));
  g_assert_cmpuint (notified (counts, "title"), ==, 0);
  g_assert_cmpuint (notified (counts, "clock"), ==, 0);
  g_assert_cmpuint (notified (counts, "outcome"), ==, 0);
  g_assert_cmpuint (notified (counts, "over"), ==, 0);
  /* Back before the initiative: no result on the table, no Pass. */
  while (sl_game_get_position (game) > start)
    g_assert_true (sl_game_undo (game));
  g_assert_cmpuint (notified (counts, "outcome"), ==, 1);
  g_assert_cmpuint (notified (counts, "may-pass"), ==, 1);
  g_assert_cmpuint (notified (counts, "title"), ==, 0);
  g_object_get (table, "may-pass", &may_pass, NULL);
  g_assert_false (may_pass);
  g_clear_pointer (&outcome, g_free);
  g_object_get (table, "outcome", &outcome, NULL);
  g_assert_null (outcome);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table/answers/training-P-08", test_answers_training);
  g_test_add_func ("/table/answers/scenarios-T-41-T-43", test_answers_scenarios);
  g_test_add_func ("/table/ambush-in-turn-5.2", test_ambush_turn);
  g_test_add_func ("/table/charges-P-36", test_charges_p36);
  g_test_add_func ("/table/detectors-P-27", test_detectors_p27);
  g_test_add_func ("/table/leader-P-32", test_leader_p32);
  g_test_add_func ("/table/due-dice-T-01", test_due_dice_t01);
  g_test_add_func ("/table/labels-from-rules-T-19", test_labels_from_rules);
  g_test_add_func ("/table/units-in-view-A-18", test_units_in_view_a18);
  g_test_add_func ("/table/units-on-table-T-36", test_units_on_table);
  g_test_add_func ("/table/secrets-per-viewer-15.1", test_secrets_per_viewer);
  g_test_add_func ("/table/json-documented", test_json_documented);
  g_test_add_func ("/table/power-suit-T-19", test_power_suit_t19);
  g_test_add_func ("/table/once-per-change", test_once_per_change);
  g_test_add_func ("/table/values-notified-P-08", test_values_notified);
  g_test_add_func ("/table/outcome-stays-P-06-P-14", test_outcome_stays);
  g_test_add_func ("/table/next-passes-P-08", test_next_passes_p08);
  g_test_add_func ("/table/not-under-pile-P-28", test_not_under_pile_p28);
  g_test_add_func ("/table/hold-fire-clears-A-132", test_hold_fire_clears_a132);
  return g_test_run ();
}
