/* sl-json.c: strict JSON reading with field paths, and JSON writing
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "sl-json.h"

struct _SlReadContext
{
  char *field;
  char *message;
};

struct _SlReader
{
  SlReadContext *ctx;
  JsonObject    *object;
  char          *path;
  /* The fields read, by their member nodes (owned by the object, which
   * outlives the reader): most objects have few, so a short list. Not by
   * name: interning the names that come from a file would keep every one
   * for the life of the process. */
  JsonNode      *seen[12];
  guint          n_seen;
  GPtrArray     *more_seen;
};

SlReadContext *
sl_read_context_new (void)
{
  return g_new0 (SlReadContext, 1);
}

void
sl_read_context_free (SlReadContext *ctx)
{
  if (ctx == NULL)
    return;
  g_free (ctx->field);
  g_free (ctx->message);
  g_free (ctx);
}

gboolean
sl_read_context_failed (SlReadContext *ctx)
{
  return ctx->message != NULL;
}

const char *
sl_read_context_field (SlReadContext *ctx)
{
  return ctx->field;
}

const char *
sl_read_context_message (SlReadContext *ctx)
{
  return ctx->message;
}

static void context_failv (SlReadContext *ctx,
                           const char    *field,
                           const char    *format,
                           va_list        args) G_GNUC_PRINTF (3, 0);

static void
context_failv (SlReadContext *ctx,
               const char    *field,
               const char    *format,
               va_list        args)
{
  if (ctx->message != NULL)
    return;
  ctx->field = g_strdup (field ? field : "");
  ctx->message = g_strdup_vprintf (format, args);
}

void
sl_read_context_fail (SlReadContext *ctx,
                      const char    *field,
                      const char    *format,
                      ...)
{
  va_list args;

  va_start (args, format);
  context_failv (ctx, field, format, args);
  va_end (args);
}

static char *
join_path (const char *path,
           const char *field)
{
  if (field == NULL || *field == '\0')
    return g_strdup (path);
  if (path == NULL || *path == '\0')
    return g_strdup (field);
  if (field[0] == '[')
    return g_strconcat (path, field, NULL);
  return g_strconcat (path, ".", field, NULL);
}

SlReader *
sl_reader_new (SlReadContext *ctx,
               JsonNode      *node,
               const char    *path)
{
  SlReader *reader;

  g_return_val_if_fail (ctx != NULL, NULL);

  reader = g_new0 (SlReader, 1);
  reader->ctx = ctx;
  reader->path = g_strdup (path ? path : "");

  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    {
      reader->object = json_object_ref (json_node_get_object (node));
    }
  else
    {
      g_autofree char *what = node ? sl_json_describe (node) : g_strdup (_("nothing"));
      sl_read_context_fail (ctx, reader->path, _("Expected an object, got %s."), what);
      reader->object = json_object_new ();
    }

  return reader;
}

void
sl_reader_free (SlReader *reader)
{
  if (reader == NULL)
    return;
  g_clear_pointer (&reader->object, json_object_unref);
  g_clear_pointer (&reader->more_seen, g_ptr_array_unref);
  g_free (reader->path);
  g_free (reader);
}

SlReadContext *
sl_reader_context (SlReader *reader)
{
  return reader->ctx;
}

gboolean
sl_reader_ok (SlReader *reader)
{
  return !sl_read_context_failed (reader->ctx);
}

char *
sl_reader_field_path (SlReader   *reader,
                      const char *field)
{
  return join_path (reader->path, field);
}

void
sl_reader_fail (SlReader   *reader,
                const char *field,
                const char *format,
                ...)
{
  g_autofree char *path = NULL;
  va_list args;

  if (sl_read_context_failed (reader->ctx))
    return;

  path = join_path (reader->path, field);
  va_start (args, format);
  context_failv (reader->ctx, path, format, args);
  va_end (args);
}

static gboolean
reader_saw (SlReader *reader,
            JsonNode *member)
{
  if (member == NULL)
    return FALSE;
  for (guint i = 0; i < reader->n_seen; i++)
    if (reader->seen[i] == member)
      return TRUE;
  if (reader->more_seen != NULL)
    for (guint i = 0; i < reader->more_seen->len; i++)
      if (g_ptr_array_index (reader->more_seen, i) == member)
        return TRUE;
  return FALSE;
}

/* Marks @field, a member of the object, as read. */
static void
mark_seen (SlReader   *reader,
           const char *field)
{
  JsonNode *member = json_object_get_member (reader->object, field);

  if (member == NULL || reader_saw (reader, member))
    return;
  if (reader->n_seen < G_N_ELEMENTS (reader->seen))
    reader->seen[reader->n_seen++] = member;
  else
    {
      if (reader->more_seen == NULL)
        reader->more_seen = g_ptr_array_new ();
      g_ptr_array_add (reader->more_seen, member);
    }
}

void
sl_reader_skip (SlReader   *reader,
                const char *field)
{
  if (json_object_has_member (reader->object, field))
    mark_seen (reader, field);
}

gboolean
sl_reader_end (SlReader *reader)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;
  gboolean all_seen = TRUE;

  if (sl_read_context_failed (reader->ctx))
    return FALSE;

  json_object_iter_init (&iter, reader->object);
  while (all_seen && json_object_iter_next (&iter, &name, &member))
    all_seen = reader_saw (reader, member);
  if (all_seen)
    return TRUE;

  /* Name the first unknown field in the order of the text. */
  {
    g_autoptr(GList) members = json_object_get_members (reader->object);

    for (GList *l = members; l != NULL; l = l->next)
      if (!reader_saw (reader, json_object_get_member (reader->object, l->data)))
        {
          sl_reader_fail (reader, l->data, _("Unknown field “%s”."), (const char *) l->data);
          break;
        }
  }
  return FALSE;
}

gboolean
sl_reader_has (SlReader   *reader,
               const char *field)
{
  return json_object_has_member (reader->object, field);
}

gboolean
sl_reader_is_null (SlReader   *reader,
                   const char *field)
{
  JsonNode *node = json_object_get_member (reader->object, field);

  if (node != NULL)
    sl_reader_skip (reader, field);
  return node != NULL && JSON_NODE_HOLDS_NULL (node);
}

JsonNode *
sl_reader_node (SlReader   *reader,
                const char *field)
{
  JsonNode *node = json_object_get_member (reader->object, field);

  if (node != NULL)
    mark_seen (reader, field);
  return node;
}

GList *
sl_reader_members (SlReader *reader)
{
  return json_object_get_members (reader->object);
}

gboolean
sl_reader_require (SlReader   *reader,
                   const char *field)
{
  if (json_object_has_member (reader->object, field))
    return TRUE;
  sl_reader_fail (reader, field, _("This field is required."));
  return FALSE;
}

char *
sl_json_describe (JsonNode *node)
{
  if (node == NULL)
    return g_strdup (_("nothing"));

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return g_strdup (_("an object"));
    case JSON_NODE_ARRAY:
      return g_strdup (_("a list"));
    case JSON_NODE_NULL:
      return g_strdup (_("null"));
    case JSON_NODE_VALUE:
    default:
      break;
    }

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_BOOLEAN:
      return g_strdup_printf (_("the value %s"), json_node_get_boolean (node) ? "true" : "false");
    case G_TYPE_INT64:
      {
        /* Formatted apart: xgettext cannot see through G_GINT64_FORMAT. */
        g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
        return g_strdup_printf (_("the number %s"), number);
      }
    case G_TYPE_DOUBLE:
      {
        char buf[G_ASCII_DTOSTR_BUF_SIZE];
        g_ascii_formatd (buf, sizeof buf, "%.6g", json_node_get_double (node));
        return g_strdup_printf (_("the number %s"), buf);
      }
    case G_TYPE_STRING:
      {
        const char *s = json_node_get_string (node);
        if (strlen (s) > 40)
          return g_strdup_printf (_("the text “%.40s…”"), s);
        return g_strdup_printf (_("the text “%s”"), s);
      }
    default:
      return g_strdup (_("an unknown value"));
    }
}

/* The path of the first string longer than SL_JSON_MAX_TEXT under
 * @node, which is at @path, or NULL; its length in *@length. */
static char *
find_long_text (JsonNode   *node,
                const char *path,
                gsize      *length)
{
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      *length = strlen (json_node_get_string (node));
      return *length > SL_JSON_MAX_TEXT ? g_strdup (path) : NULL;
    }
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *a = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (a); i++)
        {
          g_autofree char *at = g_strdup_printf ("%s[%u]", path, i);
          char *found = find_long_text (json_array_get_element (a, i), at, length);

          if (found != NULL)
            return found;
        }
    }
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *o = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (o);

      for (GList *l = members; l != NULL; l = l->next)
        {
          g_autofree char *at = *path ? g_strconcat (path, ".", l->data, NULL) : g_strdup (l->data);
          char *found;

          if ((*length = strlen (l->data)) > SL_JSON_MAX_TEXT)
            return g_strdup (path);
          found = find_long_text (json_object_get_member (o, l->data), at, length);
          if (found != NULL)
            return found;
        }
    }
  return NULL;
}

gboolean
sl_json_check_text_sizes (JsonNode      *node,
                          const char    *prefix,
                          SlReadContext *ctx)
{
  g_autofree char *path = NULL;
  gsize length = 0;

  g_return_val_if_fail (node != NULL && ctx != NULL, FALSE);
  path = find_long_text (node, prefix != NULL ? prefix : "", &length);
  if (path == NULL)
    return TRUE;
  {
    /* The length as a number apart: a format macro inside the message
     * would cut it short for the translators. */
    g_autofree char *holds = g_strdup_printf ("%" G_GSIZE_FORMAT, length);

    sl_read_context_fail (ctx, path, _("A text holds at most 64 KiB (%d bytes); this one holds %s bytes."),
                          SL_JSON_MAX_TEXT, holds);
  }
  return FALSE;
}

char *
sl_json_join_choices (const char * const *names)
{
  GString *s = g_string_new (NULL);
  guint n = names ? g_strv_length ((char **) names) : 0;

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (s, i + 1 == n ? _(" or ") : ", ");
      g_string_append (s, names[i]);
    }
  return g_string_free (s, FALSE);
}

static gboolean
node_is_number (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  return json_node_get_value_type (node) == G_TYPE_INT64 ||
         json_node_get_value_type (node) == G_TYPE_DOUBLE;
}

static gboolean
node_get_whole (JsonNode *node,
                gint64   *out)
{
  if (!node_is_number (node))
    return FALSE;
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    {
      *out = json_node_get_int (node);
      return TRUE;
    }
  else
    {
      double d = json_node_get_double (node);
      if (!isfinite (d) || d != floor (d) || fabs (d) > 1e15)
        return FALSE;
      *out = (gint64) d;
      return TRUE;
    }
}

static gboolean
read_bool (SlReader   *reader,
           const char *field,
           JsonNode   *node,
           gboolean    def)
{
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      g_autofree char *what = sl_json_describe (node);
      sl_reader_fail (reader, field, _("Expected true or false, got %s."), what);
      return def;
    }
  return json_node_get_boolean (node);
}

static int
read_int (SlReader   *reader,
          const char *field,
          JsonNode   *node,
          int         min,
          int         max,
          int         def)
{
  gint64 v;

  if (!node_get_whole (node, &v))
    {
      g_autofree char *what = sl_json_describe (node);
      sl_reader_fail (reader, field, _("Expected a whole number from %d to %d, got %s."),
                      min, max, what);
      return def;
    }
  if (v < min || v > max)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, v);
      sl_reader_fail (reader, field, _("Expected a whole number from %d to %d, got %s."),
                      min, max, number);
      return def;
    }
  return (int) v;
}

static double
read_number (SlReader   *reader,
             const char *field,
             JsonNode   *node,
             double      min,
             double      max,
             double      def)
{
  double v;
  char lo[G_ASCII_DTOSTR_BUF_SIZE], hi[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (lo, sizeof lo, "%g", min);
  g_ascii_formatd (hi, sizeof hi, "%g", max);

  if (!node_is_number (node))
    {
      g_autofree char *what = sl_json_describe (node);
      sl_reader_fail (reader, field, _("Expected a number from %s to %s, got %s."), lo, hi, what);
      return def;
    }
  v = json_node_get_double (node);
  if (!isfinite (v) || v < min || v > max)
    {
      g_autofree char *what = sl_json_describe (node);
      sl_reader_fail (reader, field, _("Expected a number from %s to %s, got %s."), lo, hi, what);
      return def;
    }
  return v;
}

static const char *
read_string (SlReader   *reader,
             const char *field,
             JsonNode   *node,
             const char *def)
{
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_autofree char *what = sl_json_describe (node);
      sl_reader_fail (reader, field, _("Expected text, got %s."), what);
      return def;
    }
  return json_node_get_string (node);
}

static int
read_enum (SlReader           *reader,
           const char         *field,
           JsonNode           *node,
           const char * const *names,
           const char         *what,
           int                 def)
{
  const char *s;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_autofree char *desc = sl_json_describe (node);
      g_autofree char *choices = sl_json_join_choices (names);
      sl_reader_fail (reader, field, _("Expected %s (%s), got %s."), _(what), choices, desc);
      return def;
    }

  s = json_node_get_string (node);
  for (int i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], s))
      return i;

  {
    g_autofree char *choices = sl_json_join_choices (names);
    sl_reader_fail (reader, field, _("Unknown %s “%s”: expected %s."), _(what), s, choices);
  }
  return def;
}

gboolean
sl_reader_bool (SlReader   *reader,
                const char *field,
                gboolean    def)
{
  JsonNode *node = sl_reader_node (reader, field);

  if (node == NULL || sl_read_context_failed (reader->ctx))
    return def;
  return read_bool (reader, field, node, def);
}

int
sl_reader_int (SlReader   *reader,
               const char *field,
               int         min,
               int         max,
               int         def)
{
  JsonNode *node = sl_reader_node (reader, field);

  if (node == NULL || sl_read_context_failed (reader->ctx))
    return def;
  return read_int (reader, field, node, min, max, def);
}

double
sl_reader_number (SlReader   *reader,
                  const char *field,
                  double      min,
                  double      max,
                  double      def)
{
  JsonNode *node = sl_reader_node (reader, field);

  if (node == NULL || sl_read_context_failed (reader->ctx))
    return def;
  return read_number (reader, field, node, min, max, def);
}

const char *
sl_reader_string (SlReader   *reader,
                  const char *field,
                  const char *def)
{
  JsonNode *node = sl_reader_node (reader, field);

  if (node == NULL || sl_read_context_failed (reader->ctx))
    return def;
  return read_string (reader, field, node, def);
}

const char *
sl_reader_text (SlReader   *reader,
                const char *field,
                const char *def)
{
  const char *text = sl_reader_string (reader, field, def);

  /* The empty msgid is the catalogue's header, never a translation. */
  if (text == NULL || *text == '\0')
    return text;
  return g_dgettext (GETTEXT_PACKAGE, text);
}

int
sl_reader_enum (SlReader           *reader,
                const char         *field,
                const char * const *names,
                const char         *what,
                int                 def)
{
  JsonNode *node = sl_reader_node (reader, field);

  if (node == NULL || sl_read_context_failed (reader->ctx))
    return def;
  return read_enum (reader, field, node, names, what, def);
}

SlReader *
sl_reader_object (SlReader   *reader,
                  const char *field)
{
  JsonNode *node = sl_reader_node (reader, field);
  g_autofree char *path = NULL;

  if (node == NULL)
    return NULL;
  if (sl_read_context_failed (reader->ctx) && !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;

  path = join_path (reader->path, field);
  return sl_reader_new (reader->ctx, node, path);
}

static JsonArray *
get_array (SlReader   *reader,
           const char *field)
{
  JsonNode *node = sl_reader_node (reader, field);

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_autofree char *what = sl_json_describe (node);
      sl_reader_fail (reader, field, _("Expected a list, got %s."), what);
      return NULL;
    }
  return json_node_get_array (node);
}

guint
sl_reader_array_length (SlReader   *reader,
                        const char *field)
{
  JsonArray *array = get_array (reader, field);

  return array ? json_array_get_length (array) : 0;
}

static char *
element_field (const char *field,
               guint       index)
{
  return g_strdup_printf ("%s[%u]", field, index);
}

JsonNode *
sl_reader_array_node (SlReader   *reader,
                      const char *field,
                      guint       index)
{
  JsonArray *array = get_array (reader, field);

  if (array == NULL || index >= json_array_get_length (array))
    return NULL;
  return json_array_get_element (array, index);
}

SlReader *
sl_reader_array_object (SlReader   *reader,
                        const char *field,
                        guint       index)
{
  JsonNode *node = sl_reader_array_node (reader, field, index);
  g_autofree char *elem = element_field (field, index);
  g_autofree char *path = join_path (reader->path, elem);

  return sl_reader_new (reader->ctx, node, path);
}

int
sl_reader_array_int (SlReader   *reader,
                     const char *field,
                     guint       index,
                     int         min,
                     int         max,
                     int         def)
{
  JsonNode *node = sl_reader_array_node (reader, field, index);
  g_autofree char *elem = element_field (field, index);

  if (node == NULL || sl_read_context_failed (reader->ctx))
    return def;
  return read_int (reader, elem, node, min, max, def);
}

double
sl_reader_array_number (SlReader   *reader,
                        const char *field,
                        guint       index,
                        double      min,
                        double      max,
                        double      def)
{
  JsonNode *node = sl_reader_array_node (reader, field, index);
  g_autofree char *elem = element_field (field, index);

  if (node == NULL || sl_read_context_failed (reader->ctx))
    return def;
  return read_number (reader, elem, node, min, max, def);
}

const char *
sl_reader_array_string (SlReader   *reader,
                        const char *field,
                        guint       index)
{
  JsonNode *node = sl_reader_array_node (reader, field, index);
  g_autofree char *elem = element_field (field, index);

  if (node == NULL || sl_read_context_failed (reader->ctx))
    return NULL;
  return read_string (reader, elem, node, NULL);
}

int
sl_reader_array_enum (SlReader           *reader,
                      const char         *field,
                      guint               index,
                      const char * const *names,
                      const char         *what,
                      int                 def)
{
  JsonNode *node = sl_reader_array_node (reader, field, index);
  g_autofree char *elem = element_field (field, index);

  if (node == NULL || sl_read_context_failed (reader->ctx))
    return def;
  return read_enum (reader, elem, node, names, what, def);
}

void
sl_reader_flags (SlReader           *reader,
                  const char         *field,
                  const char * const *names,
                  const char         *what,
                  gboolean           *flags,
                  guint               n_flags)
{
  JsonNode *node;

  for (guint i = 0; i < n_flags; i++)
    flags[i] = FALSE;
  if (!sl_reader_has (reader, field))
    return;

  node = sl_reader_node (reader, field);
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      guint n = sl_reader_array_length (reader, field);

      for (guint i = 0; i < n; i++)
        {
          int index = sl_reader_array_enum (reader, field, i, names, what, -1);

          if (index >= 0)
            flags[index] = TRUE;
        }
    }
  else
    {
      int index = sl_reader_enum (reader, field, names, what, -1);

      if (index >= 0)
        flags[index] = TRUE;
    }
}

/* Writing */

static void
append_number (GString *out,
               double   v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (v))
    {
      g_string_append (out, "null");
      return;
    }
  if (v == floor (v) && fabs (v) < 1e15)
    {
      g_string_append_printf (out, "%" G_GINT64_FORMAT, (gint64) v);
      return;
    }
  /* The shortest precision that reads back to the same double. */
  for (int precision = 1; precision <= 17; precision++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buf, sizeof buf, format, v);
      if (g_ascii_strtod (buf, NULL) == v)
        break;
    }
  g_string_append (out, buf);
}

void
sl_json_append_string (GString    *out,
                       const char *s)
{
  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    {
      switch (*p)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          if (*p < 0x20 || *p == 0x7F)
            g_string_append_printf (out, "\\u%04x", *p);
          /* C1 controls (U+0080 … U+009F: CSI is U+009B) */
          else if (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F)
            g_string_append_printf (out, "\\u%04x", *++p);
          /* U+061C (Arabic letter mark) */
          else if (*p == 0xD8 && p[1] == 0x9C)
            {
              g_string_append (out, "\\u061c");
              p++;
            }
          /* U+200E, U+200F, U+2028 … U+202E, U+2066 … U+2069 */
          else if (*p == 0xE2 && ((p[1] == 0x80 && (p[2] == 0x8E || p[2] == 0x8F ||
                                                     (p[2] >= 0xA8 && p[2] <= 0xAE))) ||
                                  (p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9)))
            {
              g_string_append_printf (out, "\\u%04x", 0x2000 + ((p[1] & 0x3F) << 6) + (p[2] & 0x3F));
              p += 2;
            }
          else
            g_string_append_c (out, (char) *p);
        }
    }
  g_string_append_c (out, '"');
}

static void
append_indent (GString *out,
               int      indent)
{
  g_string_append_c (out, '\n');
  for (int i = 0; i < indent; i++)
    g_string_append (out, "  ");
}

void
sl_json_append (GString  *out,
                JsonNode *node,
                gboolean  pretty,
                int       indent)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      g_string_append (out, "null");
      return;
    }

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (object);
      gboolean first = TRUE;

      if (members == NULL)
        {
          g_string_append (out, "{}");
          return;
        }
      g_string_append_c (out, '{');
      for (GList *l = members; l; l = l->next)
        {
          if (!first)
            g_string_append_c (out, ',');
          first = FALSE;
          if (pretty)
            append_indent (out, indent + 1);
          sl_json_append_string (out, l->data);
          g_string_append (out, pretty ? ": " : ":");
          sl_json_append (out, json_object_get_member (object, l->data), pretty, indent + 1);
        }
      if (pretty)
        append_indent (out, indent);
      g_string_append_c (out, '}');
      return;
    }

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      guint n = json_array_get_length (array);
      gboolean simple = TRUE;

      if (n == 0)
        {
          g_string_append (out, "[]");
          return;
        }
      /* Lists of plain values stay on one line even when pretty. */
      for (guint i = 0; i < n; i++)
        if (!JSON_NODE_HOLDS_VALUE (json_array_get_element (array, i)) &&
            !JSON_NODE_HOLDS_NULL (json_array_get_element (array, i)))
          simple = FALSE;

      g_string_append_c (out, '[');
      for (guint i = 0; i < n; i++)
        {
          if (i > 0)
            g_string_append (out, (pretty && simple) ? ", " : ",");
          if (pretty && !simple)
            append_indent (out, indent + 1);
          sl_json_append (out, json_array_get_element (array, i), pretty, indent + 1);
        }
      if (pretty && !simple)
        append_indent (out, indent);
      g_string_append_c (out, ']');
      return;
    }

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_BOOLEAN:
      g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
      break;
    case G_TYPE_INT64:
      g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
      break;
    case G_TYPE_DOUBLE:
      append_number (out, json_node_get_double (node));
      break;
    case G_TYPE_STRING:
      sl_json_append_string (out, json_node_get_string (node));
      break;
    default:
      g_string_append (out, "null");
      break;
    }
}

char *
sl_json_to_string (JsonNode *node,
                   gboolean  pretty)
{
  GString *out = g_string_new (NULL);

  sl_json_append (out, node, pretty, 0);
  return g_string_free (out, FALSE);
}

gboolean
sl_json_set_path (JsonNode   *root,
                  const char *path,
                  JsonNode   *value)
{
  g_auto(GStrv) parts = g_strsplit (path, ".", -1);
  JsonNode *node = root;
  guint n = g_strv_length (parts);

  for (guint i = 0; i < n; i++)
    {
      char *part = parts[i];
      char *bracket = strchr (part, '[');
      gboolean last = i + 1 == n;
      JsonObject *object;

      if (bracket)
        *bracket = '\0';
      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          json_node_unref (value);
          return FALSE;
        }
      object = json_node_get_object (node);

      if (bracket == NULL)
        {
          if (last)
            {
              json_object_set_member (object, part, value);
              return TRUE;
            }
          if (!json_object_has_member (object, part))
            json_object_set_object_member (object, part, json_object_new ());
          node = json_object_get_member (object, part);
          continue;
        }

      /* A list element: it must exist already. */
      node = json_object_get_member (object, part);
      while (bracket != NULL)
        {
          guint index = (guint) g_ascii_strtoull (bracket + 1, NULL, 10);
          JsonArray *array;

          if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
            {
              json_node_unref (value);
              return FALSE;
            }
          array = json_node_get_array (node);
          if (index >= json_array_get_length (array))
            {
              json_node_unref (value);
              return FALSE;
            }
          node = json_array_get_element (array, index);
          bracket = strchr (bracket + 1, '[');
        }
      if (last)
        {
          /* Replacing a list element itself is not needed by callers. */
          json_node_unref (value);
          return FALSE;
        }
    }
  json_node_unref (value);
  return FALSE;
}
