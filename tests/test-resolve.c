/* test-resolve.c: the request/result protocol itself: bad requests are
 * refused with the field that is wrong and never give a partial result.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-json.h"
#include "sl-options.h"
#include "sl-test.h"

static void
test_not_an_object (void)
{
  g_autofree char *m1 = sl_test_resolve_error ("[1, 2]", "");
  g_autofree char *m2 = sl_test_resolve_error ("'to-hit'", "");
  g_autofree char *m3 = sl_test_resolve_error ("{'kind': ", "");

  g_assert_nonnull (strstr (m3, "not valid JSON"));
}

static void
test_kind (void)
{
  g_autofree char *missing = sl_test_resolve_error ("{'roll': 3}", "kind");
  g_autofree char *unknown = sl_test_resolve_error ("{'kind': 'fireball'}", "kind");
  g_autofree char *wrong = sl_test_resolve_error ("{'kind': 7}", "kind");

  g_assert_nonnull (strstr (missing, "required"));
  g_assert_nonnull (strstr (unknown, "fireball"));
  g_assert_nonnull (strstr (unknown, "to-hit"));
}

static void
test_unknown_field (void)
{
  g_autofree char *top = sl_test_resolve_error ("{'kind': 'damage', 'penetration': 4, 'armour': 'BI'}",
                                                "armour");
  g_autofree char *nested = sl_test_resolve_error (
    "{'kind': 'to-hit', 'firer': {'troop': 'marines', 'weapon': 'LR', 'speed': 3}}",
    "firer.speed");

  g_assert_nonnull (strstr (top, "Unknown field"));
}

static void
test_wrong_values (void)
{
  struct { const char *request; const char *field; const char *text; } cases[] = {
    { "{'kind': 'damage', 'penetration': 'high'}", "penetration", "whole number" },
    { "{'kind': 'damage', 'penetration': 4.5}", "penetration", "whole number" },
    { "{'kind': 'damage', 'penetration': 51}", "penetration", "51" },
    { "{'kind': 'damage', 'weapon': 'XYZ'}", "weapon", "XYZ" },
    { "{'kind': 'damage', 'penetration': 3, 'armor': 'XYZ'}", "armor", "LI" },
    { "{'kind': 'damage', 'penetration': 3, 'race': 'elf'}", "race", "human" },
    { "{'kind': 'damage', 'penetration': 3, 'wound': 'scratched'}", "wound", "moderate" },
    { "{'kind': 'to-hit', 'firer': {'troop': 'marines', 'weapon': 'LR'}, 'roll': 0}", "roll", "1 to 10" },
    { "{'kind': 'to-hit', 'firer': {'troop': 'marines', 'weapon': 'LR'}, 'roll': 11}", "roll", "11" },
    { "{'kind': 'to-hit', 'firer': {'troop': 'marines', 'weapon': 'LR'}, 'roll': '4'}", "roll", "text" },
    { "{'kind': 'to-hit', 'firer': {'troop': 'marines', 'weapon': 'LR', 'prone': 'yes'}}", "firer.prone", "true or false" },
    { "{'kind': 'to-hit', 'firer': {'troop': 'marines'}}", "firer.weapon", "required" },
    { "{'kind': 'to-hit', 'firer': {'troop': 'marines', 'weapon': 'LR', 'omni_mode': 'slug'}}",
      "firer.omni_mode", "OMNI" },
    { "{'kind': 'to-hit', 'firer': {'troop': 'marines', 'weapon': 'LR', 'prone': true, 'kneeling': true}}",
      "firer.kneeling", "both" },
    { "{'kind': 'to-hit', 'firer': {'troop': 'marines', 'weapon': 'LR'}, 'target': {'cover': ['half-soft', 'bush']}}",
      "target.cover[1]", "bush" },
    { "{'kind': 'to-hit', 'firer': 'marine'}", "firer", "object" },
    { "{'kind': 'damage', 'penetration': 3, 'options': {'fireControl': -2}}", "options.fireControl", "Unknown rule option" },
    { "{'kind': 'damage', 'penetration': 3, 'options': {'fireControlBonus': 3}}", "options.fireControlBonus", "-5 to 0" },
    { "{'kind': 'damage', 'penetration': 3, 'options': {'routRollScope': 'team'}}", "options.routRollScope", "squad" },
    { "{'kind': 'damage', 'penetration': 3, 'options': {'stackCover': 1}}", "options.stackCover", "true or false" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].request);
      sl_test_assert_refused (cases[i].request, cases[i].field, cases[i].text);
    }
}

/* Options in the request change the result; the id comes back. */
static void
test_options_and_id (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'damage', 'id': 'shot-7', 'penetration': 3,"
                                           " 'armor': 'MZG', 'natural_roll': 1}");

  g_assert_cmpstr (sl_test_string (r, "id"), ==, "shot-7");
  g_assert_cmpstr (sl_test_string (r, "kind"), ==, "damage");
  g_assert_false (sl_test_has (r, "rolls"));
}

/* Rule refusals name the field and never give a partial result. */
static void
test_refusal_is_whole (void)
{
  g_autofree char *json = sl_test_json ("{'kind': 'to-hit', 'firer': {'troop': 'marines',"
                                        " 'weapon': 'LR', 'movement': 'dive'}, 'roll': 3}");
  g_autoptr(SlResolver) resolver = sl_resolver_new (sl_test_rules ());
  gboolean valid = TRUE;
  g_autoptr(JsonNode) r = sl_resolver_resolve_text (resolver, json, -1, &valid);
  JsonObject *o = json_node_get_object (r);

  g_assert_false (valid);
  g_assert_cmpuint (json_object_get_size (o), ==, 1);
  g_assert_true (json_object_has_member (o, "error"));
  g_assert_cmpuint (json_object_get_size (json_object_get_object_member (o, "error")), ==, 2);
}

/* The "rules" kind lists what a front end may offer. */
static void
test_rules_kind (void)
{
  g_autoptr(JsonNode) r = sl_test_resolve ("{'kind': 'rules', 'options': {'pistolMagazines': 3}}");
  JsonArray *options = json_node_get_array (sl_test_member (r, "options"));
  gboolean found = FALSE;

  g_assert_cmpstr (sl_test_string (r, "rules"), ==, "streets-of-blood");
  g_assert_cmpuint (json_array_get_length (options), ==, sl_options_n_known ());
  for (guint i = 0; i < json_array_get_length (options); i++)
    {
      JsonObject *o = json_array_get_object_element (options, i);

      if (g_str_equal (json_object_get_string_member (o, "id"), "pistolMagazines"))
        {
          found = TRUE;
          g_assert_cmpint (json_object_get_int_member (o, "value"), ==, 3);
          g_assert_cmpint (json_object_get_int_member (o, "default"), ==, 2);
          g_assert_cmpstr (json_object_get_string_member (o, "ref"), ==, "A-90");
        }
    }
  g_assert_true (found);
  g_assert_cmpstr (sl_test_string (r, "weapons[2]"), ==, "SAR");
}

/* Every kind named in the protocol answers something other than an error
 * about its kind. */
static void
test_every_kind_known (void)
{
  const char * const *kinds = sl_resolver_kinds ();
  static const char * const required[] = {
    "to-hit", "damage", "initiative", "schedule", "action-cost", "grenade", "blast",
    "detection", "rout", "rally", "melee", "avoid-melee", "squad-cost", "victory",
    "burst-hits", "zero-g", "movement", "elevator", "charge-shot", NULL
  };

  for (guint i = 0; required[i]; i++)
    g_assert_true (g_strv_contains (kinds, required[i]));
}

/* Numbers come out in their shortest exact form. */
static void
test_number_output (void)
{
  g_autoptr(JsonNode) node = sl_json_parse ("{\"a\": 0.6, \"b\": 2.0, \"c\": 1.25, \"d\": [0.1, 3]}",
                                            -1, NULL);
  g_autofree char *text = sl_json_to_string (node, FALSE);

  g_assert_cmpstr (text, ==, "{\"a\":0.6,\"b\":2,\"c\":1.25,\"d\":[0.1,3]}");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/resolve/not-an-object", test_not_an_object);
  g_test_add_func ("/resolve/kind", test_kind);
  g_test_add_func ("/resolve/unknown-field", test_unknown_field);
  g_test_add_func ("/resolve/wrong-values", test_wrong_values);
  g_test_add_func ("/resolve/options-and-id", test_options_and_id);
  g_test_add_func ("/resolve/refusal-is-whole", test_refusal_is_whole);
  g_test_add_func ("/resolve/rules-kind", test_rules_kind);
  g_test_add_func ("/resolve/every-kind-known", test_every_kind_known);
  g_test_add_func ("/resolve/number-output", test_number_output);

  return g_test_run ();
}
