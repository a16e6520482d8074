/* test-squad-draft.c: the squad builder's model — E-01's 368-point squad,
 * "apply to the fire team / squad", the rules a squad breaks, squad files
 * (P-02, E-01, E-02, A-07)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "sl-file.h"
#include "sl-json.h"
#include "sl-scenario-draft.h"
#include "sl-squad-draft.h"
#include "sl-test.h"

static int
cost_of (SlSquadDraft *d,
         SlSquadCost  *cost)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (sl_squad_draft_cost (sl_test_rules (), sl_option_set_defaults (sl_test_rules ()->options),
                                      d, cost, &error));
  g_assert_no_error (error);
  return cost->total;
}

/* E-01, E-02: eight Combat Arms in BI with spike rifle and pistol: 46
 * each, 368 of 400, 32 left, nothing broken. */
static void
test_e01 (void)
{
  g_autoptr(SlSquadDraft) d = sl_squad_draft_new (sl_test_rules ());
  SlSquadCost cost;

  g_assert_cmpint (cost_of (d, &cost), ==, 368);
  g_assert_cmpint (cost.remaining, ==, 32);
  g_assert_cmpint (cost.units[0].points, ==, 46);
  g_assert_cmpuint (cost.problems->len, ==, 0);
  sl_squad_cost_clear (&cost);
}

/* "Apply to the fire team" copies within the unit's team of four;
 * "to the squad" copies to all; names stay. Going over the budget is a
 * problem named in words. */
static void
test_apply_and_problems (void)
{
  g_autoptr(SlSquadDraft) d = sl_squad_draft_new (sl_test_rules ());
  const SlRules *rules = sl_test_rules ();
  SlSquadCost cost;

  d->units[5].armor = sl_table_lookup (&rules->armor, "LI");
  sl_squad_draft_apply_to (d, 5, FALSE);
  g_assert_cmpstr (d->units[4].armor->id, ==, "LI");
  g_assert_cmpstr (d->units[7].armor->id, ==, "LI");
  g_assert_cmpstr (d->units[3].armor->id, ==, "BI");
  g_assert_cmpstr (d->units[4].name, ==, "Soldier 5");

  d->units[0].armor = sl_table_lookup (&rules->armor, "RS");
  sl_squad_draft_apply_to (d, 0, TRUE);
  for (int i = 0; i < 8; i++)
    g_assert_cmpstr (d->units[i].armor->id, ==, "RS");
  cost_of (d, &cost);
  g_assert_cmpuint (cost.problems->len, >, 0);
  for (guint i = 0; i < cost.problems->len; i++)
    g_test_message ("%s", ((SlSquadProblem *) g_ptr_array_index (cost.problems, i))->message);
  sl_squad_cost_clear (&cost);
}

/* T-38: the squad's side equipment, mines and "defender forces
 * undetected" are paid for; a second jammer and a fifth fire mission are
 * problems in words (T-37, P-38). */
static void
test_side_equipment (void)
{
  g_autoptr(SlSquadDraft) d = sl_squad_draft_new (sl_test_rules ());
  SlSquadCost cost;
  g_autofree char *text = NULL;

  d->budget = 1000;
  d->side_equipment[0] = 1;   /* ECM jammer, 20 */
  d->mines = 2;               /* 3 each */
  d->all_hidden = TRUE;       /* 150 */
  g_assert_cmpint (cost_of (d, &cost), ==, 368 + 20 + 6 + 150);
  g_assert_cmpuint (cost.problems->len, ==, 0);
  sl_squad_cost_clear (&cost);

  d->side_equipment[0] = 2;
  d->side_equipment[4] = 5;   /* mortar missions */
  cost_of (d, &cost);
  for (guint i = 0; i < cost.problems->len; i++)
    {
      const SlSquadProblem *p = g_ptr_array_index (cost.problems, i);

      g_test_message ("%s: %s", p->rule, p->message);
    }
  g_assert_cmpuint (cost.problems->len, >=, 2);
  sl_squad_cost_clear (&cost);

  /* They go into the squad file and come back. */
  {
    g_autoptr(JsonNode) node = sl_squad_draft_to_json (d);
    g_autoptr(SlSquadDraft) back = NULL;
    g_autoptr(GError) error = NULL;

    text = sl_json_to_string (node, FALSE);
    back = sl_squad_draft_from_json (sl_test_rules (), node, &error);
    g_assert_no_error (error);
    g_assert_cmpint (back->side_equipment[0], ==, 2);
    g_assert_cmpint (back->side_equipment[4], ==, 5);
    g_assert_cmpint (back->mines, ==, 2);
    g_assert_true (back->all_hidden);
  }
}

/* Fewer or more soldiers: new ones are the book's, the leader stays. */
static void
test_size (void)
{
  g_autoptr(SlSquadDraft) d = sl_squad_draft_new (sl_test_rules ());
  SlSquadCost cost;

  d->leader = 6;
  sl_squad_draft_set_size (sl_test_rules (), d, 4);
  g_assert_cmpint (d->n_units, ==, 4);
  g_assert_cmpint (d->leader, ==, 3);
  g_assert_cmpint (cost_of (d, &cost), ==, 4 * 46);
  sl_squad_cost_clear (&cost);
  sl_squad_draft_set_size (sl_test_rules (), d, 6);
  g_assert_cmpstr (d->units[5].name, ==, "Soldier 6");
  g_assert_cmpint (cost_of (d, &cost), ==, 6 * 46);
  sl_squad_cost_clear (&cost);
}

/* A squad file round trip, and a damaged one named. */
static void
test_files (void)
{
  g_autoptr(SlSquadDraft) d = sl_squad_draft_new (sl_test_rules ());
  g_autoptr(SlSquadDraft) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("squadlog-squads-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "e01.json", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.json", NULL);
  SlSquadCost cost;

  g_free (d->name);
  d->name = g_strdup ("John Doe's Squad");
  d->leader = 2;
  d->leader_rating = 1;
  d->units[1].launcher = TRUE;
  d->units[3].weapons[1] = NULL;
  g_assert_true (sl_squad_draft_save (d, path, FALSE, &error));
  g_assert_no_error (error);
  /* Issue 19 #12: another squad saved at the same name does not replace
   * it unasked; asked, it does. */
  {
    g_autoptr(SlSquadDraft) other = sl_squad_draft_new (sl_test_rules ());
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;

    g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
    g_assert_false (sl_squad_draft_save (other, path, FALSE, &error));
    g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_EXISTS);
    g_assert_nonnull (strstr (error->message, "already exists"));
    g_clear_error (&error);
    g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
    g_assert_cmpstr (before, ==, after);
    g_assert_true (sl_squad_draft_save (d, path, TRUE, &error));
    g_assert_no_error (error);
  }
  back = sl_squad_draft_load (sl_test_rules (), path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back->name, ==, "John Doe's Squad");
  g_assert_cmpint (back->leader, ==, 2);
  g_assert_cmpint (back->leader_rating, ==, 1);
  g_assert_true (back->fire_teams);
  g_assert_true (back->units[1].launcher);
  g_assert_null (back->units[3].weapons[1]);
  g_assert_cmpint (back->budget, ==, 400);
  {
    SlSquadCost again;

    g_assert_cmpint (cost_of (back, &cost), ==, cost_of (d, &again));
    sl_squad_cost_clear (&again);
  }
  sl_squad_cost_clear (&cost);

  g_assert_true (g_file_set_contents (bad, "{\"format\": \"squadlog-squad\", \"version\": 1, \"squad\": "
                                           "{\"id\": \"s\", \"units\": [{\"id\": \"a\", \"counter\": 1,"
                                           " \"troop\": \"combat-arms\", \"armor\": \"XX\", \"weapons\": [\"SR\"]}]}}",
                                      -1, NULL));
  g_assert_null (sl_squad_draft_load (sl_test_rules (), bad, &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "bad.json: squad.units[0].armor"));
  g_clear_error (&error);
  /* A member of the wrong kind is named, never read as a default. */
  g_assert_true (g_file_set_contents (bad, "{\"format\": \"squadlog-squad\", \"budget\": \"lots\", \"squad\": {}}",
                                      -1, NULL));
  g_assert_null (sl_squad_draft_load (sl_test_rules (), bad, &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "bad.json: budget: Expected a whole number"));
  g_unlink (path);
  g_unlink (bad);
  g_rmdir (dir);
}

/* §18: a soldier marked as a Legionnaire character keeps its skills
 * through the squad file and into a scenario, where they are converted
 * (T-44); "Apply to Squad" copies kit, not who is a character. */
static void
test_legionnaire_round_trip (void)
{
  g_autoptr(SlSquadDraft) d = sl_squad_draft_new (sl_test_rules ());
  g_autoptr(SlSquadDraft) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("squadlog-squads-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "pc.json", NULL);
  g_autoptr(JsonNode) squad = NULL;
  const SlDraftCharacter *c;
  SlDraftCharacter *e;

  d->units[1].legionnaire = TRUE;
  e = &d->units[1].character;
  e->weapon_skills[0] = 6;
  e->weapon_skills[1] = 2;
  e->grenade_skill = 3;
  e->melee_skill = 4;
  e->melee_weapon = FALSE;
  e->non_combat = TRUE;
  e->attributes[SL_LEGIONNAIRE_LAND_MOVEMENT] = 12;
  e->attributes[SL_LEGIONNAIRE_REACTION] = 9;
  e->attributes[SL_LEGIONNAIRE_CHARISMA] = 5;
  g_assert_true (sl_squad_draft_save (d, path, TRUE, &error));
  g_assert_no_error (error);
  back = sl_squad_draft_load (sl_test_rules (), path, &error);
  g_assert_no_error (error);
  g_assert_false (back->units[0].legionnaire);
  g_assert_true (back->units[1].legionnaire);
  c = &back->units[1].character;
  g_assert_cmpint (c->weapon_skills[0], ==, 6);
  g_assert_cmpint (c->weapon_skills[1], ==, 2);
  g_assert_cmpint (c->grenade_skill, ==, 3);
  g_assert_cmpint (c->melee_skill, ==, 4);
  g_assert_false (c->melee_weapon);
  g_assert_true (c->non_combat);
  g_assert_cmpint (c->attributes[SL_LEGIONNAIRE_LAND_MOVEMENT], ==, 12);
  g_assert_cmpint (c->attributes[SL_LEGIONNAIRE_REACTION], ==, 9);
  g_assert_cmpint (c->attributes[SL_LEGIONNAIRE_CHARISMA], ==, 5);

  /* As a scenario's squad: the character, converted. */
  squad = sl_squad_draft_to_setup (back, "tog", 1);
  {
    JsonObject *u = json_array_get_object_element (json_object_get_array_member (json_node_get_object (squad),
                                                                                  "units"), 1);
    JsonObject *l = json_object_get_object_member (u, "legionnaire");

    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (l, "weapon_skills"), "SR"), ==, 6);
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (l, "weapon_skills"), "SP"), ==, 2);
    g_assert_false (json_object_has_member (json_array_get_object_element (
      json_object_get_array_member (json_node_get_object (squad), "units"), 0), "legionnaire"));
  }

  /* Kit goes to the whole squad; being a character does not. */
  back->units[0].armor = sl_rules_armor (sl_test_rules (), "LI");
  sl_squad_draft_apply_to (back, 0, TRUE);
  g_assert_cmpstr (back->units[1].armor->id, ==, "LI");
  g_assert_true (back->units[1].legionnaire);
  g_assert_cmpint (back->units[1].character.weapon_skills[0], ==, 6);
  sl_squad_draft_apply_to (back, 1, TRUE);
  g_assert_false (back->units[2].legionnaire);
  g_unlink (path);
  g_rmdir (dir);
}

/* A custom scenario (§10 A–H): each side needs a squad; the E-01 squad
 * on each side fits 400 points; a side over its budget is refused unless
 * the players override it, and then the file says so. */
static void
test_custom_scenario (void)
{
  g_autoptr(SlScenarioDraft) d = sl_scenario_draft_new ();
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(SlSetup) setup = NULL;
  g_autofree char *dir = g_dir_make_tmp ("squadlog-scenarios-XXXXXX", NULL);
  g_autofree char *path = NULL;
  JsonObject *o;

  problems = sl_scenario_draft_problems (sl_test_rules (), d);
  g_assert_cmpuint (problems->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (problems, 0), ==, "TOG has no squad.");
  g_assert_null (sl_scenario_draft_to_json (sl_test_rules (), d, &error));
  g_clear_error (&error);

  g_free (d->name);
  d->name = g_strdup ("Blood in the Rain!");
  d->environment.rain = TRUE;
  d->modules[SL_MODULE_ENVIRONMENT] = TRUE;
  g_free (d->special);
  d->special = g_strdup ("No one fires before turn 2.\n\n  The bridge is out.  ");
  for (int s = 0; s < 2; s++)
    g_ptr_array_add (d->sides[s].squads, sl_squad_draft_new (sl_test_rules ()));
  g_clear_pointer (&problems, g_ptr_array_unref);
  problems = sl_scenario_draft_problems (sl_test_rules (), d);
  g_assert_cmpuint (problems->len, ==, 0);
  path = sl_scenario_draft_save (sl_test_rules (), d, dir, FALSE, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (path, "/blood-in-the-rain.json"));
  /* The same id again: refused unless replacing is asked for. */
  g_assert_null (sl_scenario_draft_save (sl_test_rules (), d, dir, FALSE, &error));
  g_assert_error (error, SL_FILE_ERROR, SL_FILE_ERROR_EXISTS);
  g_clear_error (&error);
  g_free (path);
  path = sl_scenario_draft_save (sl_test_rules (), d, dir, TRUE, &error);
  g_assert_no_error (error);
  setup = sl_setup_new_from_file (sl_test_rules (), path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sl_setup_n_units (setup), ==, 16);
  g_assert_cmpint (sl_setup_unit_at (setup, 15)->counter, ==, 16);
  g_assert_true (setup->environment.rain);
  g_assert_cmpuint (setup->special->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (setup->special, 1), ==, "The bridge is out.");
  g_assert_cmpint (sl_setup_side_at (setup, 1)->budget, ==, 400);
  g_assert_cmpint (sl_setup_side_at (setup, 1)->spent, ==, 368);
  g_assert_cmpuint (setup->overrides->len, ==, 0);

  d->sides[1].budget = 300;
  g_clear_pointer (&problems, g_ptr_array_unref);
  problems = sl_scenario_draft_problems (sl_test_rules (), d);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (problems, 0), ==,
                   "Commonwealth spends 368 points, 68 more than its budget of 300 (§10 C).");
  g_assert_null (sl_scenario_draft_to_json (sl_test_rules (), d, &error));
  g_assert_nonnull (strstr (error->message, "68 more"));
  g_clear_error (&error);
  d->override = TRUE;
  node = sl_scenario_draft_to_json (sl_test_rules (), d, &error);
  g_assert_no_error (error);
  o = json_node_get_object (node);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "overrides")), ==, 1);
  g_unlink (path);
  g_rmdir (dir);
}

/* T-36, A-117, P-38 step 1: the construction rules of where the scenario
 * is fought, the same the game checks when it starts: a suit that is not
 * sealed in vacuum, more than 4 fire missions a side. Played anyway, the
 * overrides name them and the game starts. */
static void
test_custom_scenario_construction (void)
{
  g_autoptr(SlScenarioDraft) d = sl_scenario_draft_new ();
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(SlSetup) setup = NULL;
  SlSquadDraft *squad;

  d->environment.vacuum = TRUE;
  d->modules[SL_MODULE_ENVIRONMENT] = TRUE;
  d->modules[SL_MODULE_AMMUNITION] = TRUE;
  d->modules[SL_MODULE_AREA_EFFECTS] = TRUE;
  for (int s = 0; s < 2; s++)
    g_ptr_array_add (d->sides[s].squads, sl_squad_draft_new (sl_test_rules ()));
  squad = g_ptr_array_index (d->sides[0].squads, 0);
  squad->units[2].armor = sl_rules_armor (sl_test_rules (), "LI");
  squad->side_equipment[4] = 3;
  g_ptr_array_add (d->sides[0].squads, sl_squad_draft_new (sl_test_rules ()));
  squad = g_ptr_array_index (d->sides[0].squads, 1);
  squad->side_equipment[5] = 2;
  for (int s = 0; s < 2; s++)
    d->sides[s].budget = -1;
  problems = sl_scenario_draft_problems (sl_test_rules (), d);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%s", (const char *) g_ptr_array_index (problems, i));
  g_assert_cmpuint (problems->len, ==, 2);
  g_assert_nonnull (strstr (g_ptr_array_index (problems, 0), "T-36"));
  g_assert_nonnull (strstr (g_ptr_array_index (problems, 1), "P-38"));
  g_assert_null (sl_scenario_draft_to_json (sl_test_rules (), d, &error));
  g_clear_error (&error);

  d->override = TRUE;
  node = sl_scenario_draft_to_json (sl_test_rules (), d, &error);
  g_assert_no_error (error);
  setup = sl_setup_new_from_json (sl_test_rules (), node, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sl_setup_side_at (setup, 0)->fire_missions[0], ==, 3);
  g_assert_cmpint (sl_setup_side_at (setup, 0)->fire_missions[1], ==, 2);
  g_assert_cmpuint (setup->problems->len, ==, 2);
  g_assert_cmpstr (((SlSetupProblem *) g_ptr_array_index (setup->problems, 0))->rule, ==, "P-38");
  sl_setup_check_construction (setup, &error);
  g_assert_no_error (error);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/squad-draft/E-01", test_e01);
  g_test_add_func ("/squad-draft/apply-and-problems", test_apply_and_problems);
  g_test_add_func ("/squad-draft/files", test_files);
  g_test_add_func ("/squad-draft/size", test_size);
  g_test_add_func ("/squad-draft/side-equipment", test_side_equipment);
  g_test_add_func ("/squad-draft/custom-scenario", test_custom_scenario);
  g_test_add_func ("/squad-draft/custom-scenario-construction-T-36", test_custom_scenario_construction);
  g_test_add_func ("/squad-draft/legionnaire-round-trip", test_legionnaire_round_trip);
  return g_test_run ();
}
