/* test-rules.c: the rules data file loads, matches the digest's tables, and
 * a malformed or incomplete file is refused with a message naming the file,
 * the entry and the problem.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-json.h"
#include "sl-options.h"
#include "sl-rules-private.h"
#include "sl-test.h"

static JsonNode *
shipped_json (void)
{
  g_autofree char *path = g_build_filename (SL_SOURCE_DATADIR, "rules",
                                            "streets-of-blood.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  JsonNode *node;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  node = sl_json_parse (text, -1, &error);
  g_assert_no_error (error);
  return node;
}

/* Loads @root as "house.json" and returns the error message, or NULL. */
static char *
load_error (JsonNode *root)
{
  g_autofree char *text = sl_json_to_string (root, FALSE);
  g_autoptr(GError) error = NULL;
  g_autoptr(SlRules) rules = sl_rules_load_data (text, -1, "house.json", &error);

  if (rules != NULL)
    return NULL;
  g_assert_nonnull (error);
  return g_strdup (error->message);
}

/* Walks to the object holding the last element of @path and returns it with
 * the member name in @member. */
static JsonObject *
parent_of (JsonNode    *root,
           const char  *path,
           char       **member)
{
  g_auto(GStrv) parts = g_strsplit (path, ".", -1);
  guint n = g_strv_length (parts);
  JsonNode *node = root;

  for (guint i = 0; i + 1 < n; i++)
    {
      g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
      node = json_object_get_member (json_node_get_object (node), parts[i]);
      g_assert_nonnull (node);
    }
  *member = g_strdup (parts[n - 1]);
  return json_node_get_object (node);
}

static void
set_value (JsonNode   *root,
           const char *path,
           const char *json_value)
{
  g_autofree char *member = NULL;
  JsonObject *parent = parent_of (root, path, &member);
  g_autoptr(GError) error = NULL;
  JsonNode *value = sl_json_parse (json_value, -1, &error);

  g_assert_no_error (error);
  json_object_set_member (parent, member, value);
}

static void
remove_value (JsonNode   *root,
              const char *path)
{
  g_autofree char *member = NULL;
  JsonObject *parent = parent_of (root, path, &member);

  g_assert_true (json_object_has_member (parent, member));
  json_object_remove_member (parent, member);
}

/* Asserts that changing @path to @json_value (or removing it when NULL) is
 * refused with a message naming house.json and containing @expect … */
static void
assert_refused (const char *path,
                const char *json_value,
                const char *first,
                ...)
{
  g_autoptr(JsonNode) root = shipped_json ();
  g_autofree char *message = NULL;
  va_list args;

  if (json_value)
    set_value (root, path, json_value);
  else
    remove_value (root, path);

  message = load_error (root);
  if (message == NULL)
    g_test_message ("changing %s was accepted", path);
  g_assert_nonnull (message);
  g_test_message ("%s → %s", path, message);
  g_assert_true (g_str_has_prefix (message, "house.json: "));

  va_start (args, first);
  for (const char *expect = first; expect; expect = va_arg (args, const char *))
    {
      if (strstr (message, expect) == NULL)
        g_test_message ("“%s” is not in “%s”", expect, message);
      g_assert_nonnull (strstr (message, expect));
    }
  va_end (args);
}

static void
test_shipped_loads (void)
{
  SlRules *rules = sl_test_rules ();

  g_assert_cmpstr (rules->id, ==, "streets-of-blood");
  g_assert_cmpuint (rules->troops.items->len, ==, 6);     /* T-11 */
  g_assert_cmpuint (rules->weapons.items->len, ==, 9);    /* T-12 */
  g_assert_cmpuint (rules->armor.items->len, ==, 9);      /* T-13 */
  g_assert_cmpuint (rules->races.items->len, ==, 8);      /* T-08 */
  g_assert_cmpuint (rules->obstacles.items->len, ==, 13); /* T-18 and the sliding door */
  g_assert_cmpuint (rules->map_features.items->len, ==, 20); /* T-02 */
  g_assert_cmpuint (sl_option_set_size (rules->options), ==, sl_options_n_known ());
}

/* E-45: the listed counters add up to 211, not the stated 207. */
static void
test_counters_e45 (void)
{
  SlRules *rules = sl_test_rules ();

  g_assert_cmpint (rules->counters_stated_total, ==, 207);
  g_assert_cmpuint (rules->counters.items->len, ==, 16);
}

/* T-11, T-12, T-13, T-08 transcribed exactly (every row). */
static void
test_tables_transcribed (void)
{
  SlRules *rules = sl_test_rules ();
  static const struct { const char *id; int cost, to_hit, pf, rounds; gboolean auto_fire; } weapons[] = {
    { "LP", 1, 0, 3, 0, FALSE }, { "LR", 3, 0, 4, 0, FALSE }, { "SAR", 10, 2, 7, 6, FALSE },
    { "SP", 1, 0, 3, 25, FALSE }, { "SC", 3, 0, 4, 15, TRUE }, { "SR", 5, 0, 5, 10, TRUE },
    { "OR", 6, 0, 4, 12, TRUE }, { "SMG", 1, 1, 3, 30, TRUE }, { "P", 0, 1, 2, 12, FALSE },
  };
  static const struct { const char *id; int af, prot; double move; gboolean bounce; int cost, det; } suits[] = {
    { "LI", 2, 1, 1, FALSE, 10, -1 }, { "BI", 3, 2, 1.25, TRUE, 20, -2 },
    { "M", 3, 2, 1.25, TRUE, 20, -2 }, { "TS", 2, 1, 1, FALSE, 10, 0 },
    { "RS", 2, 1, 1, TRUE, 40, -2 }, { "SNF", 0, 0, 1, FALSE, 5, 0 },
    { "SSS", 1, 0, 1, FALSE, 10, 0 }, { "MZG", 4, 2, 1.25, FALSE, 25, -2 },
    { "NONE", 0, 0, 1, FALSE, 0, 0 },
  };
  static const struct { const char *id; int cost, to_hit, melee, zero_g; } troops[] = {
    { "combat-arms", 20, 0, -1, 1 }, { "marines", 20, 0, 0, -1 },
    { "counter-insurgency", 15, 0, -2, 1 }, { "tech", 5, 1, 1, 1 },
    { "civilian", 1, 2, 2, 2 }, { "penal", 4, 0, 0, 0 },
  };
  static const struct { const char *id; double walk; int init, armor, to_hit, leader, melee; } races[] = {
    { "human", 0, 0, 0, 0, 0, 0 }, { "naram", 0, 0, 0, 0, 1, 0 },
    { "baufrin", -0.5, 0, 1, 0, 1, 1 }, { "vauvusar", 0, -1, 1, 0, 1, 1 },
    { "ssora", 0, -1, 0, 0, 1, 1 }, { "kessrith", 0.5, 0, -1, 0, 1, -1 },
    { "zog", 0, 0, 0, -1, 1, -1 }, { "menevagorean", 0, 0, 1, 0, 1, -1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (weapons); i++)
    {
      const SlWeapon *w = sl_rules_weapon (rules, weapons[i].id);

      g_assert_nonnull (w);
      g_assert_cmpint (w->cost, ==, weapons[i].cost);
      g_assert_cmpint (w->profile.to_hit, ==, weapons[i].to_hit);
      g_assert_cmpint (w->profile.penetration, ==, weapons[i].pf);
      g_assert_cmpint (w->rounds, ==, weapons[i].rounds);
      g_assert_cmpint (w->profile.auto_fire, ==, weapons[i].auto_fire);
    }
  /* OMNI: 0/+1 to hit, PF 4/6 (spike/slug). */
  g_assert_cmpint (sl_weapon_get_profile (sl_rules_weapon (rules, "OR"), "slug")->to_hit, ==, 1);
  g_assert_cmpint (sl_weapon_get_profile (sl_rules_weapon (rules, "OR"), "slug")->penetration, ==, 6);
  g_assert_false (sl_weapon_get_profile (sl_rules_weapon (rules, "OR"), "slug")->auto_fire);

  for (guint i = 0; i < G_N_ELEMENTS (suits); i++)
    {
      const SlArmor *a = sl_rules_armor (rules, suits[i].id);

      g_assert_nonnull (a);
      g_assert_cmpint (a->af, ==, suits[i].af);
      g_assert_cmpint (a->melee_protection, ==, suits[i].prot);
      g_assert_cmpfloat (a->move_cost, ==, suits[i].move);
      g_assert_cmpint (a->bounce, ==, suits[i].bounce);
      g_assert_cmpint (a->cost, ==, suits[i].cost);
      g_assert_cmpint (a->detection, ==, suits[i].det);
    }
  /* T-13a: power suits LI BI M MZG RS; fire control BI M MZG RS; vacuum
   * BI M SSS MZG SNF (A-117). */
  g_assert_true (sl_rules_armor (rules, "LI")->power_suit);
  g_assert_false (sl_rules_armor (rules, "LI")->fire_control);
  g_assert_false (sl_rules_armor (rules, "LI")->sealed);
  g_assert_true (sl_rules_armor (rules, "RS")->fire_control);
  g_assert_false (sl_rules_armor (rules, "RS")->sealed);
  g_assert_true (sl_rules_armor (rules, "SNF")->sealed);
  g_assert_false (sl_rules_armor (rules, "SNF")->power_suit);
  g_assert_false (sl_rules_armor (rules, "TS")->power_suit);

  for (guint i = 0; i < G_N_ELEMENTS (troops); i++)
    {
      const SlTroop *t = sl_rules_troop (rules, troops[i].id);

      g_assert_nonnull (t);
      g_assert_cmpint (t->cost, ==, troops[i].cost);
      g_assert_cmpint (t->to_hit, ==, troops[i].to_hit);
      g_assert_cmpint (t->melee, ==, troops[i].melee);
      if (t->zero_g_allowed)
        g_assert_cmpint (t->zero_g, ==, troops[i].zero_g);
    }
  g_assert_false (sl_rules_troop (rules, "penal")->zero_g_allowed);  /* N/A */
  g_assert_cmpint (sl_rules_troop (rules, "tech")->zero_g_naval, ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (races); i++)
    {
      const SlRace *r = sl_rules_race (rules, races[i].id);

      g_assert_nonnull (r);
      g_assert_cmpfloat (r->move[0], ==, races[i].walk);
      g_assert_cmpint (r->initiative, ==, races[i].init);
      g_assert_cmpint (r->armor, ==, races[i].armor);
      g_assert_cmpint (r->to_hit, ==, races[i].to_hit);
      g_assert_cmpint (r->leader, ==, races[i].leader);
      g_assert_cmpint (r->melee, ==, races[i].melee);
    }
  g_assert_cmpfloat (sl_rules_race (rules, "kessrith")->move[2], ==, 2);
  g_assert_cmpfloat (sl_rules_race (rules, "baufrin")->move[1], ==, -1);
}

/* T-18 and A-142: obstacle armor factors; the sliding door comes from an
 * option. */
static void
test_obstacles_t18 (void)
{
  SlRules *rules = sl_test_rules ();
  SlOptions options = *sl_test_defaults ();
  static const struct { const char *id; int af; } table[] = {
    { "internal-wall", 3 }, { "external-wall", 4 }, { "internal-bulkhead", 5 },
    { "external-bulkhead", 7 }, { "internal-door", 1 }, { "external-door", 3 },
    { "airlock-door", 6 }, { "machinery", 3 }, { "bulkhead-door", 4 }, { "furniture", 1 },
    { "obstacle", 2 }, { "window", 0 }, { "sliding-door", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    g_assert_cmpint (sl_rules_obstacle_af (rules, &options, sl_rules_obstacle (rules, table[i].id)),
                     ==, table[i].af);
  options.sliding_door_af = 3;
  g_assert_cmpint (sl_rules_obstacle_af (rules, &options, sl_rules_obstacle (rules, "sliding-door")),
                   ==, 3);
}

/* Every option of the digest is defined, with the default the digest gives. */
static void
test_option_defaults (void)
{
  const SlOptions *o = sl_test_defaults ();

  g_assert_cmpint (o->initiative_tie_break, ==, SL_TIE_REROLL);          /* A-09 */
  g_assert_true (o->troop_quality_affects_initiative);                    /* A-10 */
  g_assert_cmpint (o->avoid_melee_extra_ap, ==, 0);                       /* A-21 */
  g_assert_cmpint (o->opp_fire_arming_delay, ==, 1);                      /* A-28 */
  g_assert_cmpfloat (o->jump_distance, ==, 2);                            /* A-30 */
  g_assert_false (o->fractional_final_metre);                             /* A-36 */
  g_assert_cmpint (o->terrain_cost_combine, ==, SL_TERRAIN_MULTIPLY);     /* A-37 */
  g_assert_true (o->marine_troops_use_bounce);                            /* A-41 */
  g_assert_cmpint (o->fire_control_bonus, ==, -2);                        /* A-44 */
  g_assert_cmpint (o->woods_fire_modifier, ==, SL_WOODS_COVER);           /* A-45 */
  g_assert_false (o->stack_cover);                                        /* A-47 */
  g_assert_true (o->ignore_firer_own_cover);                              /* A-47 */
  g_assert_cmpint (o->ranger_detection_mod, ==, 3);                       /* A-51 */
  g_assert_true (o->burst_min_one_hit);                                   /* A-93 */
  g_assert_cmpint (o->natural1_min_wound_per_burst, ==, SL_NAT1_ONCE_PER_BURST); /* A-66 */
  g_assert_cmpint (o->scenario1_leader_sign, ==, -1);                     /* A-97 */
  g_assert_cmpint (o->rout_roll_scope, ==, SL_ROUT_SCOPE_SQUAD);          /* A-99 */
  g_assert_cmpint (o->rout_check_interval, ==, 12);                       /* A-100 */
  g_assert_cmpint (o->multi_charge_reading, ==, SL_MULTI_SPLIT);          /* A-85 */
  g_assert_cmpint (o->ground_sensor_bonus, ==, -3);                       /* A-121 */
  g_assert_cmpint (o->holotarp_mode, ==, SL_HOLOTARP_INVISIBLE);          /* A-124 */
  g_assert_false (o->smoke_blocks_los);                                   /* A-112 */
  g_assert_cmpint (o->smoke_duration, ==, SL_SMOKE_12_TURNS);             /* A-112 */
  g_assert_cmpint (o->pistol_magazines, ==, 2);                           /* A-90 */
  g_assert_true (o->vacuum_wounds_daze);                                  /* A-67 */
  g_assert_false (o->enforce_troop_suit);                                 /* A-144 */
  g_assert_true (o->limit_ranger_suits);                                  /* A-144 */
  g_assert_false (o->launcher_on_carbine);                                /* A-146 */
  g_assert_cmpint (o->troop_quality_cost, ==, SL_QUALITY_COST_PER_SQUAD); /* A-96 */
  g_assert_cmpint (o->grenade_detonation_delay, ==, 2);                   /* A-108 */
  g_assert_cmpint (o->shaped_charge_obstacle_pf, ==, 10);                 /* A-80 */
  g_assert_cmpint (o->legionnaire_move_threshold, ==, -1);                /* A-136 */
  g_assert_cmpint (o->sliding_door_af, ==, 1);                            /* A-142 */
}

static void
test_not_json (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SlRules) rules = sl_rules_load_data ("{ \"format\": ", -1, "house.json", &error);

  g_assert_null (rules);
  g_assert_error (error, SL_RULES_ERROR, SL_RULES_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "house.json: "));
  g_assert_nonnull (strstr (error->message, "not valid JSON"));
}

static void
test_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SlRules) rules = sl_rules_load_file ("/nonexistent/rules.json", &error);

  g_assert_null (rules);
  g_assert_error (error, SL_RULES_ERROR, SL_RULES_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "rules.json"));
}

/* Each table removed in turn is reported by name. */
static void
test_every_section_required (void)
{
  g_autoptr(JsonNode) root = shipped_json ();
  g_autoptr(GList) members = json_object_get_members (json_node_get_object (root));
  guint tables = 0;

  for (GList *l = members; l; l = l->next)
    {
      const char *name = l->data;
      g_autoptr(JsonNode) copy = shipped_json ();
      g_autofree char *message = NULL;

      if (g_str_equal (name, "edition") || g_str_equal (name, "reference"))
        continue;
      json_object_remove_member (json_node_get_object (copy), name);
      message = load_error (copy);
      g_assert_nonnull (message);
      g_assert_nonnull (strstr (message, name));
      if (JSON_NODE_HOLDS_OBJECT (json_object_get_member (json_node_get_object (root), name)))
        tables++;
    }
  /* T-01 … T-44 with T-03a, T-13a and T-34a; T-41 … T-43 share a section. */
  g_assert_cmpuint (tables, ==, 45);
}

static void
test_malformed_entries (void)
{
  assert_refused ("weapons.entries.SAR.penetration", "\"seven\"",
                  "weapons.entries.SAR.penetration", "whole number", NULL);
  assert_refused ("weapons.entries.SAR.penetration", NULL,
                  "weapons.entries.SAR.penetration", "required", NULL);
  assert_refused ("weapons.entries.SAR.penetraton", "7",
                  "weapons.entries.SAR.penetraton", "Unknown field", NULL);
  assert_refused ("armor.entries.BI.af", "-1", "armor.entries.BI.af", NULL);
  assert_refused ("troops.entries.marines.suit", "\"XYZ\"", "troops.entries.marines",
                  "XYZ", "T-13", NULL);
  assert_refused ("races.entries.human", NULL, "races", "human", NULL);
  assert_refused ("checks.entries.ranged", NULL, "checks.entries", "ranged", NULL);
  assert_refused ("checks.table", "\"T-02\"", "checks.table", "T-01", NULL);
  assert_refused ("actions.entries.reload.combination_extra", NULL,
                  "actions.entries.reload.combination_extra", "T-06", NULL);
  assert_refused ("charge_shot.entries.laser.none", "[1, 4]", "charge_shot.entries.laser",
                  "exactly one column", NULL);
  assert_refused ("victory_levels.levels", "[]", "victory_levels.levels", "four levels", NULL);
  assert_refused ("wounds.levels", "[]", "wounds.levels", "six levels", NULL);
  assert_refused ("version", "2", "version", "newer", NULL);
  assert_refused ("format", "\"something-else\"", "format", NULL);
  assert_refused ("grenade_ranges.bands", "[]", "grenade_ranges.bands", NULL);
  assert_refused ("multiple_charges_reading.split.3", "[5, 5]",
                  "multiple_charges_reading.split.3", NULL);
  assert_refused ("fire_missions.entries.mortar.check", "\"artillery\"",
                  "fire_missions.entries.mortar.check", "artillery", NULL);
  assert_refused ("troop_quality.entries.elite", NULL, "troop_quality.entries", "elite", NULL);
  assert_refused ("terrain.entries.marsh", NULL, "terrain.entries", "marsh", NULL);
  assert_refused ("legionnaire_skills.partial_armor", "\"XX\"", "legionnaire_skills.partial_armor",
                  NULL);
  assert_refused ("equipment.fire_missions_per_side", "5", "equipment.fire_missions_per_side",
                  "T-35", NULL);
  assert_refused ("scenario_costs.entries.holotarp", NULL, "scenario_costs.entries", "holotarp",
                  NULL);
}

static void
test_malformed_options (void)
{
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *message = NULL;
  JsonArray *options;

  /* An option the engine does not know. */
  root = shipped_json ();
  options = json_object_get_array_member (json_node_get_object (root), "options");
  json_object_set_string_member (json_array_get_object_element (options, 0), "id", "madeUp");
  message = load_error (root);
  g_assert_nonnull (strstr (message, "options[0].id"));
  g_assert_nonnull (strstr (message, "madeUp"));
  g_clear_pointer (&message, g_free);
  g_clear_pointer (&root, json_node_unref);

  /* A missing option. */
  root = shipped_json ();
  options = json_object_get_array_member (json_node_get_object (root), "options");
  json_array_remove_element (options, json_array_get_length (options) - 1);
  message = load_error (root);
  g_assert_nonnull (strstr (message, "freeDeclarationOrder"));
  g_assert_nonnull (strstr (message, "missing"));
  g_clear_pointer (&message, g_free);
  g_clear_pointer (&root, json_node_unref);

  /* A default outside its own range. */
  root = shipped_json ();
  options = json_object_get_array_member (json_node_get_object (root), "options");
  for (guint i = 0; i < json_array_get_length (options); i++)
    {
      JsonObject *o = json_array_get_object_element (options, i);
      if (g_str_equal (json_object_get_string_member (o, "id"), "pistolMagazines"))
        json_object_set_int_member (o, "default", 7);
    }
  message = load_error (root);
  g_assert_nonnull (strstr (message, ".default"));
  g_assert_nonnull (strstr (message, "7"));
  g_clear_pointer (&message, g_free);
  g_clear_pointer (&root, json_node_unref);

  /* A choice option with other choices than the engine implements. */
  root = shipped_json ();
  options = json_object_get_array_member (json_node_get_object (root), "options");
  for (guint i = 0; i < json_array_get_length (options); i++)
    {
      JsonObject *o = json_array_get_object_element (options, i);
      if (g_str_equal (json_object_get_string_member (o, "id"), "routRollScope"))
        {
          JsonArray *choices = json_array_new ();
          json_array_add_string_element (choices, "squad");
          json_object_set_array_member (o, "choices", choices);
          json_object_set_string_member (o, "default", "squad");
        }
    }
  message = load_error (root);
  g_assert_nonnull (strstr (message, "routRollScope"));
  g_assert_nonnull (strstr (message, "unit-routs-squad"));
}

/* A house rule loads and takes effect: the spike rifle made stronger. */
static void
test_house_rule (void)
{
  g_autoptr(JsonNode) root = shipped_json ();
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SlRules) rules = NULL;

  set_value (root, "weapons.entries.SR.penetration", "6");
  text = sl_json_to_string (root, TRUE);
  rules = sl_rules_load_data (text, -1, "house.json", &error);
  g_assert_no_error (error);
  g_assert_cmpint (sl_rules_weapon (rules, "SR")->profile.penetration, ==, 6);
}

/* The default file is found from the environment, else the data that
 * comes with Squad Log: installed, or where SQUADLOG_PKGDATADIR says (as
 * `meson devenv` sets it for the build tree; the program itself holds no
 * path of the source tree). */
static void
test_find_default (void)
{
  g_autofree char *path = NULL;
  g_autofree char *data_dir = g_strdup (g_getenv ("SQUADLOG_DATA_DIR"));

  g_setenv ("SQUADLOG_RULES", "/tmp/house-rules.json", TRUE);
  path = sl_rules_find_default ();
  g_assert_cmpstr (path, ==, "/tmp/house-rules.json");
  g_unsetenv ("SQUADLOG_RULES");
  g_clear_pointer (&path, g_free);

  g_setenv ("SQUADLOG_DATA_DIR", SL_SOURCE_DATADIR, TRUE);
  path = sl_rules_find_default ();
  g_assert_true (g_str_has_prefix (path, SL_SOURCE_DATADIR));
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_clear_pointer (&path, g_free);

  /* (A name the user's own data folder cannot have.) */
  g_unsetenv ("SQUADLOG_DATA_DIR");
  g_unsetenv ("SQUADLOG_PKGDATADIR");
  path = sl_data_find ("rules", "no such file, for the test.json");
  g_assert_cmpstr (path, ==, SL_PKGDATADIR "/rules/no such file, for the test.json");
  g_clear_pointer (&path, g_free);
  g_setenv ("SQUADLOG_PKGDATADIR", SL_SOURCE_DATADIR, TRUE);
  path = sl_data_find ("rules", "no such file, for the test.json");
  g_assert_cmpstr (path, ==, SL_SOURCE_DATADIR "/rules/no such file, for the test.json");
  g_unsetenv ("SQUADLOG_PKGDATADIR");
  if (data_dir != NULL)
    g_setenv ("SQUADLOG_DATA_DIR", data_dir, TRUE);
}

/* docs/rules-data.md documents every option and every section. */
static void
test_documented (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SL_DOCS_DIR"), "rules-data.md", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = shipped_json ();
  g_autoptr(GList) members = json_object_get_members (json_node_get_object (root));
  SlRules *rules = sl_test_rules ();

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < sl_option_set_size (rules->options); i++)
    {
      g_autofree char *quoted = g_strdup_printf ("`%s`", sl_option_set_get (rules->options, i)->id);

      if (strstr (text, quoted) == NULL)
        g_test_message ("%s is not documented", quoted);
      g_assert_nonnull (strstr (text, quoted));
    }
  for (GList *l = members; l; l = l->next)
    {
      JsonNode *section = json_object_get_member (json_node_get_object (root), l->data);
      g_autofree char *quoted = g_strdup_printf ("`%s`", (char *) l->data);

      if (JSON_NODE_HOLDS_OBJECT (section))
        g_assert_nonnull (strstr (text, quoted));
    }
}

/* Issue 31 #8: the README and the manual page count the rule options
 * the rules give (A-nn options of the digest): "all 73", "the 73 rule
 * options". */
static void
test_options_counted (void)
{
  const char *files[] = { "../README.md", "squadlog.1.in" };
  g_autofree char *all = g_strdup_printf ("all %u\n", sl_option_set_size (sl_test_rules ()->options));
  g_autofree char *rule = g_strdup_printf ("%u rule options", sl_option_set_size (sl_test_rules ()->options));

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("SL_DOCS_DIR"), files[i], NULL);
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GRegex) counted = g_regex_new ("\\b([0-9]+) rule options|\\ball ([0-9]+)\n", 0, 0, NULL);
      g_autoptr(GMatchInfo) match = NULL;
      guint found = 0;

      g_file_get_contents (path, &text, NULL, &error);
      g_assert_no_error (error);
      for (g_regex_match (counted, text, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
        {
          g_autofree char *whole = g_match_info_fetch (match, 0);

          g_test_message ("%s: %s", files[i], whole);
          g_assert_true (g_str_equal (whole, all) || g_str_equal (whole, rule));
          found++;
        }
      g_assert_cmpuint (found, >, 0);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/shipped-loads", test_shipped_loads);
  g_test_add_func ("/rules/counters-E-45", test_counters_e45);
  g_test_add_func ("/rules/tables-transcribed", test_tables_transcribed);
  g_test_add_func ("/rules/obstacles-T-18", test_obstacles_t18);
  g_test_add_func ("/rules/option-defaults", test_option_defaults);
  g_test_add_func ("/rules/malformed/not-json", test_not_json);
  g_test_add_func ("/rules/malformed/missing-file", test_missing_file);
  g_test_add_func ("/rules/malformed/every-section-required", test_every_section_required);
  g_test_add_func ("/rules/malformed/entries", test_malformed_entries);
  g_test_add_func ("/rules/malformed/options", test_malformed_options);
  g_test_add_func ("/rules/house-rule", test_house_rule);
  g_test_add_func ("/rules/find-default", test_find_default);
  g_test_add_func ("/rules/documented", test_documented);
  g_test_add_func ("/rules/options-counted", test_options_counted);

  return g_test_run ();
}
