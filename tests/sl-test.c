/* sl-test.c: helpers shared by the test suites
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include <string.h>

#include "sl-json.h"
#include "sl-options.h"
#include "sl-test.h"

SlRules *
sl_test_rules (void)
{
  static SlRules *rules;

  if (rules == NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = g_build_filename (SL_SOURCE_DATADIR, "rules",
                                                "streets-of-blood.json", NULL);

      rules = sl_rules_load_file (path, &error);
      g_assert_no_error (error);
      g_assert_nonnull (rules);
    }
  return rules;
}

const SlOptions *
sl_test_defaults (void)
{
  return sl_option_set_defaults (sl_test_rules ()->options);
}

char *
sl_test_json (const char *request)
{
  char *json = g_strdup (request);

  for (char *p = json; *p; p++)
    if (*p == '\'')
      *p = '"';
  return json;
}

static SlResolver *
resolver (void)
{
  static SlResolver *r;

  if (r == NULL)
    {
      r = sl_resolver_new (sl_test_rules ());
      sl_resolver_set_seed (r, 1995);
    }
  return r;
}

JsonNode *
sl_test_resolve (const char *request)
{
  g_autofree char *json = sl_test_json (request);
  gboolean valid = FALSE;
  JsonNode *result = sl_resolver_resolve_text (resolver (), json, -1, &valid);

  if (!valid)
    {
      g_autofree char *text = sl_json_to_string (result, FALSE);
      g_test_message ("request: %s", json);
      g_test_message ("result: %s", text);
    }
  g_assert_true (valid);
  return result;
}

char *
sl_test_resolve_error (const char *request,
                       const char *field)
{
  g_autofree char *json = sl_test_json (request);
  g_autoptr(JsonNode) result = NULL;
  gboolean valid = TRUE;

  result = sl_resolver_resolve_text (resolver (), json, -1, &valid);
  if (valid || !sl_test_has (result, "error"))
    {
      g_autofree char *text = sl_json_to_string (result, FALSE);
      g_test_message ("request: %s", json);
      g_test_message ("result: %s", text);
    }
  g_assert_false (valid);
  if (g_strcmp0 (sl_test_string (result, "error.field"), field) != 0)
    {
      g_autofree char *text = sl_json_to_string (result, FALSE);
      g_test_message ("request: %s", json);
      g_test_message ("result: %s", text);
    }
  g_assert_cmpstr (sl_test_string (result, "error.field"), ==, field);
  g_assert_cmpstr (sl_test_string (result, "error.message"), !=, "");
  return g_strdup (sl_test_string (result, "error.message"));
}

/* Walks "a.b[2].c" from @node; NULL when missing. */
static JsonNode *
walk (JsonNode   *node,
      const char *path)
{
  g_auto(GStrv) parts = g_strsplit (path, ".", -1);

  for (guint i = 0; parts[i] && node; i++)
    {
      char *part = parts[i];
      char *bracket = strchr (part, '[');

      if (bracket)
        *bracket = '\0';
      if (*part)
        {
          if (!JSON_NODE_HOLDS_OBJECT (node))
            return NULL;
          node = json_object_get_member (json_node_get_object (node), part);
        }
      while (bracket && node)
        {
          guint index = (guint) g_ascii_strtoull (bracket + 1, NULL, 10);

          if (!JSON_NODE_HOLDS_ARRAY (node) ||
              index >= json_array_get_length (json_node_get_array (node)))
            return NULL;
          node = json_array_get_element (json_node_get_array (node), index);
          bracket = strchr (bracket + 1, '[');
        }
    }
  return node;
}

gboolean
sl_test_has (JsonNode   *result,
             const char *path)
{
  return walk (result, path) != NULL;
}

JsonNode *
sl_test_member (JsonNode   *result,
                const char *path)
{
  JsonNode *node = walk (result, path);

  if (node == NULL)
    {
      g_autofree char *text = sl_json_to_string (result, FALSE);
      g_test_message ("no member %s in %s", path, text);
    }
  g_assert_nonnull (node);
  return node;
}

gint64
sl_test_int (JsonNode   *result,
             const char *path)
{
  JsonNode *node = sl_test_member (result, path);

  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  g_assert_cmpint (json_node_get_value_type (node), ==, G_TYPE_INT64);
  return json_node_get_int (node);
}

double
sl_test_double (JsonNode   *result,
                const char *path)
{
  JsonNode *node = sl_test_member (result, path);

  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  return json_node_get_double (node);
}

gboolean
sl_test_bool (JsonNode   *result,
              const char *path)
{
  JsonNode *node = sl_test_member (result, path);

  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  g_assert_cmpint (json_node_get_value_type (node), ==, G_TYPE_BOOLEAN);
  return json_node_get_boolean (node);
}

const char *
sl_test_string (JsonNode   *result,
                const char *path)
{
  JsonNode *node = sl_test_member (result, path);

  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  g_assert_cmpint (json_node_get_value_type (node), ==, G_TYPE_STRING);
  return json_node_get_string (node);
}

gint64
sl_test_breakdown (JsonNode   *result,
                   const char *path,
                   const char *source)
{
  JsonNode *node = sl_test_member (result, path);
  JsonArray *array;
  gint64 total = 0;

  g_assert_true (JSON_NODE_HOLDS_ARRAY (node));
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *o = json_array_get_object_element (array, i);

      if (g_str_equal (json_object_get_string_member (o, "source"), source))
        total += json_object_get_int_member (o, "value");
    }
  return total;
}

gint64
sl_test_resolve_int (const char *request,
                     const char *path)
{
  g_autoptr(JsonNode) result = sl_test_resolve (request);

  return sl_test_int (result, path);
}

gboolean
sl_test_resolve_bool (const char *request,
                      const char *path)
{
  g_autoptr(JsonNode) result = sl_test_resolve (request);

  return sl_test_bool (result, path);
}

double
sl_test_resolve_double (const char *request,
                        const char *path)
{
  g_autoptr(JsonNode) result = sl_test_resolve (request);

  return sl_test_double (result, path);
}

char *
sl_test_resolve_string (const char *request,
                        const char *path)
{
  g_autoptr(JsonNode) result = sl_test_resolve (request);

  return g_strdup (sl_test_string (result, path));
}

gint64
sl_test_resolve_breakdown (const char *request,
                           const char *source)
{
  g_autoptr(JsonNode) result = sl_test_resolve (request);

  return sl_test_breakdown (result, "breakdown", source);
}

void
sl_test_assert_refused (const char *request,
                        const char *field,
                        const char *text)
{
  g_autofree char *message = sl_test_resolve_error (request, field);

  if (text != NULL && strstr (message, text) == NULL)
    g_test_message ("“%s” is not in “%s”", text, message);
  if (text != NULL)
    g_assert_nonnull (strstr (message, text));
}

void
sl_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *child = g_build_filename (path, name, NULL);

        if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
          sl_test_remove_tree (child);
        else
          g_unlink (child);
      }
  g_rmdir (path);
}

void
sl_test_assert_sentences (const char *text)
{
  /* Issue 30 #10: a sentence put inside another ends once ("… regular
   * files. The file", never "files.. The file"); "..." and "…" are
   * ellipses. */
  for (const char *p = strstr (text, ".."); p != NULL; p = strstr (p + 1, ".."))
    if (p[2] != '.' && (p == text || p[-1] != '.'))
      g_error ("A doubled full stop: %s", text);
  g_assert_null (strstr (text, ". ."));
}
