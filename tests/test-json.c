/* test-json.c: the JSON parser (sl-json-scanner.c), against json-glib's and
 * against broken text
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-json.h"
#include "sl-test.h"

/* json-glib's reading of @text, or NULL when it refuses it. */
static JsonNode *
reference_parse (const char *text,
                 gssize      length)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  if (!json_parser_load_from_data (parser, text, length, NULL) || json_parser_get_root (parser) == NULL)
    return NULL;
  return json_node_copy (json_parser_get_root (parser));
}

static void
assert_same_tree (JsonNode *a,
                  JsonNode *b)
{
  g_autofree char *sa = sl_json_to_string (a, FALSE);
  g_autofree char *sb = sl_json_to_string (b, FALSE);

  g_assert_cmpstr (sa, ==, sb);
  g_assert_true (json_node_equal (a, b));
}

/* Documents both parsers read the same way. */
static void
test_valid (void)
{
  static const char * const docs[] = {
    "{}",
    "[]",
    "0",
    "-0",
    "7",
    "-12",
    "9223372036854775807",
    "-9223372036854775808",
    "0.5",
    "-1.25e3",
    "1E-2",
    "2e+2",
    "true",
    "false",
    "null",
    "\"\"",
    "\"plain\"",
    "\"quote \\\" backslash \\\\ slash \\/ controls \\b\\f\\n\\r\\t\"",
    "\"\\u00e9t\\u00C9 \\u20ac \\ud83c\\udfb2\"",
    "\"UTF-8 as is: été € 🎲\"",
    "  \n\t\r {\"a\" : 1 , \"b\" :[ 1 ,2, [ ] ,{ } ] }  \n",
    "{\"nested\": {\"deeper\": {\"deepest\": [[[[1]]]]}}}",
    "[1, \"two\", 3.5, true, false, null, {\"k\": \"v\"}, []]",
    "{\"order\": 1, \"of\": 2, \"members\": 3, \"kept\": 4}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (docs); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) ours = sl_json_parse (docs[i], -1, &error);
      g_autoptr(JsonNode) theirs = reference_parse (docs[i], -1);

      g_test_message ("%s", docs[i]);
      g_assert_no_error (error);
      g_assert_nonnull (theirs);
      assert_same_tree (ours, theirs);
    }
}

/* Values that need a closer look than comparing with json-glib. */
static void
test_values (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) big = sl_json_parse ("[9223372036854775807, 9223372036854775808, 1.0, 2]", -1, &error);
  g_autoptr(JsonNode) text = NULL;
  g_autoptr(JsonNode) bom = NULL;
  JsonArray *a;

  g_assert_no_error (error);
  a = json_node_get_array (big);
  g_assert_cmpint (json_node_get_value_type (json_array_get_element (a, 0)), ==, G_TYPE_INT64);
  g_assert_cmpint (json_array_get_int_element (a, 0), ==, G_MAXINT64);
  /* Past the integers: a double, as json-glib would be expected to. */
  g_assert_cmpint (json_node_get_value_type (json_array_get_element (a, 1)), ==, G_TYPE_DOUBLE);
  g_assert_cmpfloat (json_array_get_double_element (a, 1), ==, 9223372036854775808.0);
  g_assert_cmpint (json_node_get_value_type (json_array_get_element (a, 2)), ==, G_TYPE_DOUBLE);
  g_assert_cmpint (json_node_get_value_type (json_array_get_element (a, 3)), ==, G_TYPE_INT64);

  text = sl_json_parse ("\"a\\u0041\\n\\ud83c\\udfb2\"", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_node_get_string (text), ==, "aA\n🎲");

  /* A byte order mark, as some editors write, is allowed. */
  bom = sl_json_parse ("\xEF\xBB\xBF{\"a\": 1}", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (bom), "a"), ==, 1);
}

typedef struct
{
  const char *text;
  const char *where;    /* "line L, column C" */
  const char *message;  /* part of the message */
} Broken;

static void
test_broken (void)
{
  static const Broken cases[] = {
    { "", NULL, "empty" },
    { "   \n  ", NULL, "empty" },
    { "{", "line 1, column 1", "never closed" },
    { "{\"a\": 1", "line 1, column 1", "never closed" },
    { "{\"a\": 1,}", "line 1, column 9", "member name" },
    { "[1, 2,]", "line 1, column 7", "Expected a value" },
    { "[1 2]", "line 1, column 4", "“,” or “]”" },
    { "{\"a\" 1}", "line 1, column 6", "“:”" },
    { "{a: 1}", "line 1, column 2", "member name" },
    { "{\"a\": 1, \"a\": 2}", "line 1, column 10", "appears twice" },
    { "\"open", "line 1, column 1", "never closed" },
    { "\"line\nbreak\"", "line 1, column 6", "line end" },
    { "\"tab\there\"", "line 1, column 5", "control character" },
    { "\"\\x41\"", "line 1, column 2", "escape" },
    { "\"\\u12\"", "line 1, column 2", "four hexadecimal" },
    { "\"\\ud83c\"", "line 1, column 2", "surrogate" },
    { "\"\\udfb2\"", "line 1, column 2", "surrogate" },
    { "\"\\u0000\"", "line 1, column 2", "NUL" },
    { "01", "line 1, column 1", "start with 0" },
    { "1.", "line 1, column 1", "decimal point" },
    { ".5", "line 1, column 1", "Expected a value" },
    { "1e", "line 1, column 1", "exponent" },
    { "1e400", "line 1, column 1", "too large" },
    { "-", "line 1, column 1", "Expected a value" },
    { "+1", "line 1, column 1", "Expected a value" },
    { "NaN", "line 1, column 1", "Expected a value" },
    { "tru", "line 1, column 1", "Expected a value" },
    { "truex", "line 1, column 1", "Expected a value" },
    { "nul", "line 1, column 1", "Expected a value" },
    { "{} {}", "line 1, column 4", "after the end" },
    { "[1]\n]", "line 2, column 1", "after the end" },
    { "// comment\n{}", "line 1, column 1", "Expected a value" },
    { "{\n  \"a\": 1,\n  \"b\": @\n}", "line 3, column 8", "Expected a value" },
    { "{\"é\": é}", "line 1, column 7", "Expected a value" },
    { "\"bad \xC3\x28 byte\"", "line 1, column 6", "UTF-8" },
    { "\"cut \xE2\x82\"", "line 1, column 6", "UTF-8" },
    { "\"surrogate \xED\xA0\x80 in UTF-8\"", "line 1, column 12", "UTF-8" },
    { "[\xFF]", "line 1, column 2", "Expected a value" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) node = sl_json_parse (cases[i].text, -1, &error);
      /* The broken bytes escaped: the TAP output stays UTF-8. */
      g_autofree char *shown = g_strescape (cases[i].text, "\"");

      g_test_message ("%s → %s", shown, error ? error->message : "accepted");
      g_assert_null (node);
      g_assert_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE);
      if (cases[i].where != NULL)
        g_assert_true (g_str_has_prefix (error->message, cases[i].where));
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

/* A NUL byte inside the given length is not text. */
static void
test_embedded_nul (void)
{
  static const char text[] = "{\"a\": \"x\0y\"}";
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = sl_json_parse (text, sizeof text - 1, &error);

  g_assert_null (node);
  g_assert_nonnull (strstr (error->message, "control character"));
}

static void
test_depth (void)
{
  g_autoptr(GString) ok = g_string_new (NULL);
  g_autoptr(GString) deep = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) none = NULL;

  for (int i = 0; i < 150; i++)
    g_string_append_c (ok, '[');
  for (int i = 0; i < 150; i++)
    g_string_append_c (ok, ']');
  node = sl_json_parse (ok->str, -1, &error);
  g_assert_no_error (error);

  /* Deeper than anything Squad Log writes: refused, without exhausting the
   * stack. */
  for (int i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  none = sl_json_parse (deep->str, -1, &error);
  g_assert_null (none);
  g_assert_nonnull (strstr (error->message, "nested too deeply"));
}

/* A random document of json-glib nodes. */
static JsonNode *
random_node (GRand *rand,
             int    depth)
{
  static const char * const words[] = {
    "a", "walk", "fire", "Trooper 13", "é", "€", "🎲", "\"quoted\"", "back\\slash", "line\nbreak",
    "tab\there", "\x01", "", "unit", "type",
  };
  JsonNode *node = json_node_alloc ();
  int kind = g_rand_int_range (rand, 0, depth > 4 ? 6 : 8);

  switch (kind)
    {
    case 0:
      return json_node_init_int (node, g_rand_int_range (rand, -100000, 100000));
    case 1:
      return json_node_init_double (node, g_rand_double_range (rand, -1e6, 1e6));
    case 2:
      return json_node_init_boolean (node, g_rand_boolean (rand));
    case 3:
      return json_node_init_null (node);
    case 4:
    case 5:
      return json_node_init_string (node, words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
    case 6:
      {
        JsonArray *array = json_array_new ();
        int n = g_rand_int_range (rand, 0, 5);

        for (int i = 0; i < n; i++)
          json_array_add_element (array, random_node (rand, depth + 1));
        json_node_init_array (node, array);
        json_array_unref (array);
        return node;
      }
    default:
      {
        JsonObject *object = json_object_new ();
        int n = g_rand_int_range (rand, 0, 5);

        for (int i = 0; i < n; i++)
          {
            g_autofree char *name = g_strdup_printf ("%s%d", words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))], i);
            json_object_set_member (object, name, random_node (rand, depth + 1));
          }
        json_node_init_object (node, object);
        json_object_unref (object);
        return node;
      }
    }
}

/* Random documents read back as written; random damage to them is either
 * refused or read as json-glib reads it, and never crashes. */
static void
test_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1995);
  guint refused = 0, accepted = 0;

  for (int round = 0; round < 2000; round++)
    {
      g_autoptr(JsonNode) doc = random_node (rand, 0);
      g_autofree char *text = sl_json_to_string (doc, g_rand_boolean (rand));
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) back = sl_json_parse (text, -1, &error);
      g_autoptr(GString) damaged = g_string_new (text);
      g_autoptr(JsonNode) ours = NULL;
      g_autoptr(JsonNode) theirs = NULL;
      int edits = g_rand_int_range (rand, 1, 4);

      g_assert_no_error (error);
      assert_same_tree (doc, back);

      for (int e = 0; e < edits && damaged->len > 0; e++)
        {
          static const char bytes[] = "{}[],:\"\\ 0-e.tfn\n\x80\xC3";
          guint at = g_rand_int_range (rand, 0, damaged->len);
          char c = bytes[g_rand_int_range (rand, 0, sizeof bytes - 1)];

          switch (g_rand_int_range (rand, 0, 3))
            {
            case 0: g_string_erase (damaged, at, 1); break;
            case 1: g_string_insert_c (damaged, at, c); break;
            default: damaged->str[at] = c; break;
            }
        }
      ours = sl_json_parse (damaged->str, damaged->len, NULL);
      theirs = reference_parse (damaged->str, damaged->len);
      if (ours == NULL)
        {
          refused++;
          continue;
        }
      /* What this parser accepts, json-glib accepts too, and reads alike. */
      accepted++;
      g_assert_nonnull (theirs);
      assert_same_tree (ours, theirs);
    }
  g_test_message ("damaged documents: %u refused, %u accepted", refused, accepted);
  g_assert_cmpuint (refused, >, 0);
  g_assert_cmpuint (accepted, >, 0);
}

/* Reading piece by piece: members in order, values read or skipped,
 * coming back to a value. */
static void
test_pull (void)
{
  static const char text[] =
    "{\"format\": \"x\", \"skip\": {\"deep\": [1, {\"a\": null}]}, \"list\": [ {\"n\": 1}, {\"n\": 2} ], \"s\": \"t\\u00e9\"}";
  g_autoptr(SlJsonScanner) s = sl_json_scanner_new (text, -1);
  g_autoptr(JsonNode) format = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *string = NULL;
  const char *name;
  gsize list_at = 0;
  int n = 0;

  g_assert_true (sl_json_scanner_begin_object (s));
  name = sl_json_scanner_next_member (s);
  g_assert_cmpstr (name, ==, "format");
  g_assert_cmpint (sl_json_scanner_peek (s), ==, '"');
  format = sl_json_scanner_read (s);
  g_assert_cmpstr (json_node_get_string (format), ==, "x");
  g_assert_cmpstr (sl_json_scanner_next_member (s), ==, "skip");
  g_assert_true (sl_json_scanner_skip (s));
  g_assert_cmpstr (sl_json_scanner_next_member (s), ==, "list");
  list_at = sl_json_scanner_tell (s);
  g_assert_true (sl_json_scanner_skip (s));
  g_assert_cmpstr (sl_json_scanner_next_member (s), ==, "s");
  string = sl_json_scanner_read_string (s);
  g_assert_cmpstr (string, ==, "té");
  g_assert_null (sl_json_scanner_next_member (s));
  g_assert_true (sl_json_scanner_finish (s));

  /* Back to the list, element by element. */
  sl_json_scanner_seek (s, list_at);
  g_assert_cmpint (sl_json_scanner_peek (s), ==, '[');
  g_assert_true (sl_json_scanner_begin_array (s));
  while (sl_json_scanner_next_element (s))
    {
      g_assert_true (sl_json_scanner_begin_object (s));
      g_assert_cmpstr (sl_json_scanner_next_member (s), ==, "n");
      g_assert_cmpint (sl_json_scanner_peek (s), ==, '0');
      {
        g_autoptr(JsonNode) v = sl_json_scanner_read (s);
        g_assert_cmpint (json_node_get_int (v), ==, ++n);
      }
      g_assert_null (sl_json_scanner_next_member (s));
    }
  g_assert_cmpint (n, ==, 2);
  g_assert_false (sl_json_scanner_failed (s));
  g_assert_false (sl_json_scanner_propagate (s, &error));
}

/* A failure stops everything and is reported once, with its place. */
static void
test_pull_failure (void)
{
  static const char text[] = "{\"a\": [1, 2,, 3], \"b\": 1}";
  g_autoptr(SlJsonScanner) s = sl_json_scanner_new (text, -1);
  g_autoptr(GError) error = NULL;

  g_assert_true (sl_json_scanner_begin_object (s));
  g_assert_cmpstr (sl_json_scanner_next_member (s), ==, "a");
  g_assert_true (sl_json_scanner_begin_array (s));
  g_assert_true (sl_json_scanner_next_element (s));
  g_assert_true (sl_json_scanner_skip (s));
  g_assert_true (sl_json_scanner_next_element (s));
  g_assert_true (sl_json_scanner_skip (s));
  g_assert_true (sl_json_scanner_next_element (s));
  g_assert_false (sl_json_scanner_skip (s));
  g_assert_true (sl_json_scanner_failed (s));
  g_assert_false (sl_json_scanner_next_element (s));
  g_assert_null (sl_json_scanner_next_member (s));
  g_assert_null (sl_json_scanner_read (s));
  g_assert_true (sl_json_scanner_propagate (s, &error));
  g_assert_true (g_str_has_prefix (error->message, "line 1, column 13"));
  g_assert_true (sl_json_scanner_failed (s));

  /* Something else than the container asked for. */
  {
    g_autoptr(SlJsonScanner) t = sl_json_scanner_new ("[1]", -1);
    g_autoptr(GError) e = NULL;

    g_assert_false (sl_json_scanner_begin_object (t));
    g_assert_true (sl_json_scanner_propagate (t, &e));
    g_assert_nonnull (strstr (e->message, "Expected an object"));
  }
}

/* The names of members read from a file are not interned: GLib keeps
 * every quark for the life of the process, and a long `resolve --jsonl`
 * run would grow with every new name it is sent (found by fuzzing). */
static void
test_reader_no_intern (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = sl_json_parse ("{\"known\": 1, \"zq-never-a-quark-1\": 2, \"zq-never-a-quark-2\": 3}",
                                            -1, &error);
  g_autoptr(SlReadContext) ctx = sl_read_context_new ();
  g_autoptr(SlReader) reader = NULL;
  g_autofree char *dynamic = g_strdup ("zq-never-a-quark-1");

  g_assert_no_error (error);
  reader = sl_reader_new (ctx, node, "");
  sl_reader_int (reader, "known", 0, 10, 0);
  /* A name made at run time, as from a map's keys. */
  g_assert_nonnull (sl_reader_node (reader, dynamic));
  g_assert_false (sl_reader_end (reader));
  g_assert_cmpstr (sl_read_context_field (ctx), ==, "zq-never-a-quark-2");
  g_assert_cmpuint (g_quark_try_string ("zq-never-a-quark-1"), ==, 0);
  g_assert_cmpuint (g_quark_try_string ("zq-never-a-quark-2"), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/json/valid", test_valid);
  g_test_add_func ("/json/reader-no-intern", test_reader_no_intern);
  g_test_add_func ("/json/values", test_values);
  g_test_add_func ("/json/broken", test_broken);
  g_test_add_func ("/json/embedded-nul", test_embedded_nul);
  g_test_add_func ("/json/depth", test_depth);
  g_test_add_func ("/json/random", test_random);
  g_test_add_func ("/json/pull", test_pull);
  g_test_add_func ("/json/pull-failure", test_pull_failure);

  return g_test_run ();
}
