/* sl-json-scanner.c: a strict, quick JSON parser, whole-document or pulled
 *
 * json-glib's parser spends most of its time in GScanner and is slow on the
 * long journals of saved games. This one reads RFC 8259 JSON directly from
 * the bytes, builds json-glib nodes only for what the caller asks for, and
 * names the line and column of every problem. It is stricter than json-glib:
 * duplicate members, numbers out of range and lone surrogates are errors.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sl-json.h"

/* Deeper than any file Squad Log writes; stops runaway recursion. */
#define MAX_DEPTH 200

struct _SlJsonScanner
{
  const char *start;
  const char *p;
  const char *end;
  GError     *error;
  GString    *buffer;   /* scratch for strings with escapes */
  GArray     *first;    /* gboolean per open container: nothing read yet */
  int         depth;
};

static void
fail_at (SlJsonScanner *s,
         const char    *at,
         const char    *format,
         ...) G_GNUC_PRINTF (3, 4);

static void
fail_at (SlJsonScanner *s,
         const char    *at,
         const char    *format,
         ...)
{
  g_autofree char *message = NULL;
  const char *line_start = s->start;
  guint line = 1;
  glong column;
  va_list args;

  if (s->error != NULL)
    return;
  for (const char *q = s->start; q < at; q++)
    if (*q == '\n')
      {
        line++;
        line_start = q + 1;
      }
  /* Columns count characters; the text before a problem is valid UTF-8. */
  column = g_utf8_strlen (line_start, at - line_start) + 1;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (&s->error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE,
               _("line %u, column %ld: %s"), line, column, message);
}

static const char *
describe_at (SlJsonScanner *s)
{
  if (s->p >= s->end)
    return _("the end of the text");
  switch (*s->p)
    {
    case '{': return "“{”";
    case '}': return "“}”";
    case '[': return "“[”";
    case ']': return "“]”";
    case ',': return "“,”";
    case ':': return "“:”";
    case '"': return _("a string");
    default: return _("an unexpected character");
    }
}

static inline void
skip_space (SlJsonScanner *s)
{
  const char *p = s->p;

  while (p < s->end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
    p++;
  s->p = p;
}

SlJsonScanner *
sl_json_scanner_new (const char *text,
                     gssize      length)
{
  SlJsonScanner *s = g_new0 (SlJsonScanner, 1);
  gsize len = length < 0 ? strlen (text) : (gsize) length;

  s->start = text;
  s->p = text;
  s->end = text + len;
  s->buffer = g_string_new (NULL);
  s->first = g_array_new (FALSE, FALSE, sizeof (gboolean));
  /* A byte order mark, as some editors write. */
  if (len >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    s->p += 3;
  return s;
}

void
sl_json_scanner_free (SlJsonScanner *s)
{
  if (s == NULL)
    return;
  g_clear_error (&s->error);
  g_string_free (s->buffer, TRUE);
  g_array_unref (s->first);
  g_free (s);
}

gboolean
sl_json_scanner_failed (SlJsonScanner *s)
{
  return s->error != NULL;
}

gboolean
sl_json_scanner_propagate (SlJsonScanner  *s,
                           GError        **error)
{
  if (s->error == NULL)
    return FALSE;
  g_propagate_error (error, g_steal_pointer (&s->error));
  /* Keep the scanner failed. */
  s->error = g_error_new_literal (JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE, "");
  return TRUE;
}

gboolean
sl_json_scanner_at_end (SlJsonScanner *s)
{
  skip_space (s);
  return s->p >= s->end;
}

char
sl_json_scanner_peek (SlJsonScanner *s)
{
  if (s->error != NULL)
    return '\0';
  skip_space (s);
  if (s->p >= s->end)
    return '\0';
  switch (*s->p)
    {
    case '{': case '[': case '"': case 't': case 'f': case 'n':
      return *s->p;
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
      return '0';
    default:
      return '?';
    }
}

static int
hex4 (const char *p)
{
  int value = 0;

  for (int i = 0; i < 4; i++)
    {
      int c = p[i], d;

      if (c >= '0' && c <= '9')
        d = c - '0';
      else if (c >= 'a' && c <= 'f')
        d = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        d = c - 'A' + 10;
      else
        return -1;
      value = value * 16 + d;
    }
  return value;
}

/* Reads a string at s->p (on the opening quote). With @out, leaves its
 * text there (NUL-terminated, valid until the next string); returns its
 * start, which is inside the input itself when it had no escapes. */
static const char *
read_string (SlJsonScanner *s,
             gsize         *out_len,
             gboolean       want)
{
  const char *p = s->p + 1;
  const char *run = p;

  g_string_truncate (s->buffer, 0);
  for (;;)
    {
      while (p < s->end && *p != '"' && *p != '\\' && (guchar) *p >= 0x20)
        {
          if ((guchar) *p < 0x80)
            p++;
          else
            {
              /* Text is checked for UTF-8 where it may hold more than ASCII. */
              if (g_utf8_get_char_validated (p, s->end - p) >= 0x110000)
                {
                  fail_at (s, p, _("The text is not valid UTF-8."));
                  return NULL;
                }
              p = g_utf8_next_char (p);
            }
        }
      if (p >= s->end)
        {
          fail_at (s, s->p, _("This string is never closed."));
          return NULL;
        }
      if (*p == '"')
        break;
      if ((guchar) *p < 0x20)
        {
          fail_at (s, p, *p == '\n' ? _("A string cannot run over a line end (write \\n).")
                                    : _("A string cannot hold a control character."));
          return NULL;
        }
      /* An escape. */
      if (want)
        g_string_append_len (s->buffer, run, p - run);
      if (p + 1 >= s->end)
        {
          fail_at (s, s->p, _("This string is never closed."));
          return NULL;
        }
      switch (p[1])
        {
        case '"': case '\\': case '/':
          if (want) g_string_append_c (s->buffer, p[1]);
          p += 2;
          break;
        case 'b': if (want) g_string_append_c (s->buffer, '\b'); p += 2; break;
        case 'f': if (want) g_string_append_c (s->buffer, '\f'); p += 2; break;
        case 'n': if (want) g_string_append_c (s->buffer, '\n'); p += 2; break;
        case 'r': if (want) g_string_append_c (s->buffer, '\r'); p += 2; break;
        case 't': if (want) g_string_append_c (s->buffer, '\t'); p += 2; break;
        case 'u':
          {
            int unit = s->end - p >= 6 ? hex4 (p + 2) : -1;
            gunichar c;

            if (unit < 0)
              {
                fail_at (s, p, _("“\\u” must be followed by four hexadecimal digits."));
                return NULL;
              }
            p += 6;
            c = unit;
            if (unit >= 0xD800 && unit <= 0xDBFF)
              {
                int low = s->end - p >= 6 && p[0] == '\\' && p[1] == 'u' ? hex4 (p + 2) : -1;

                if (low < 0xDC00 || low > 0xDFFF)
                  {
                    fail_at (s, p - 6, _("A lone surrogate escape is not a character."));
                    return NULL;
                  }
                c = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                p += 6;
              }
            else if (unit >= 0xDC00 && unit <= 0xDFFF)
              {
                fail_at (s, p - 6, _("A lone surrogate escape is not a character."));
                return NULL;
              }
            if (c == 0)
              {
                fail_at (s, p - 6, _("A string cannot hold a NUL character."));
                return NULL;
              }
            if (want)
              g_string_append_unichar (s->buffer, c);
          }
          break;
        default:
          fail_at (s, p, _("“\\%c” is not an escape JSON knows."), g_ascii_isprint (p[1]) ? p[1] : '?');
          return NULL;
        }
      run = p;
    }

  s->p = p + 1;
  if (!want)
    return run;
  g_string_append_len (s->buffer, run, p - run);
  if (out_len)
    *out_len = s->buffer->len;
  return s->buffer->str;
}

static gboolean
expect_word (SlJsonScanner *s,
             const char    *word,
             gsize          len)
{
  if ((gsize) (s->end - s->p) >= len && memcmp (s->p, word, len) == 0 &&
      (s->p + len >= s->end || !g_ascii_isalnum (s->p[len])))
    {
      s->p += len;
      return TRUE;
    }
  fail_at (s, s->p, _("Expected a value (a string, number, object, list, true, false or null)."));
  return FALSE;
}

/* Reads a number; fills @node when given. */
static gboolean
read_number (SlJsonScanner *s,
             JsonNode      *node)
{
  const char *p = s->p, *begin = s->p;
  gboolean integral = TRUE;

  if (*p == '-')
    p++;
  if (p < s->end && *p == '0')
    {
      p++;
      if (p < s->end && g_ascii_isdigit (*p))
        {
          fail_at (s, begin, _("A number cannot start with 0 (write 7, not 07)."));
          return FALSE;
        }
    }
  else if (p < s->end && g_ascii_isdigit (*p))
    while (p < s->end && g_ascii_isdigit (*p))
      p++;
  else
    {
      fail_at (s, begin, _("Expected a value (a string, number, object, list, true, false or null)."));
      return FALSE;
    }
  if (p < s->end && *p == '.')
    {
      integral = FALSE;
      p++;
      if (p >= s->end || !g_ascii_isdigit (*p))
        {
          fail_at (s, begin, _("A number needs digits after its decimal point."));
          return FALSE;
        }
      while (p < s->end && g_ascii_isdigit (*p))
        p++;
    }
  if (p < s->end && (*p == 'e' || *p == 'E'))
    {
      integral = FALSE;
      p++;
      if (p < s->end && (*p == '+' || *p == '-'))
        p++;
      if (p >= s->end || !g_ascii_isdigit (*p))
        {
          fail_at (s, begin, _("A number needs digits in its exponent."));
          return FALSE;
        }
      while (p < s->end && g_ascii_isdigit (*p))
        p++;
    }
  if (p < s->end && (g_ascii_isalpha (*p) || *p == '.'))
    {
      fail_at (s, begin, _("This is not a number JSON knows."));
      return FALSE;
    }
  s->p = p;
  if (node == NULL)
    return TRUE;

  {
    char text[64];
    gsize len = p - begin;
    g_autofree char *long_text = len < sizeof text ? NULL : g_strndup (begin, len);
    char *digits = long_text ? long_text : text;

    if (long_text == NULL)
      {
        memcpy (text, begin, len);
        text[len] = '\0';
      }
    if (integral)
      {
        gint64 value;
        char *stop;

        errno = 0;
        value = g_ascii_strtoll (digits, &stop, 10);
        if (errno == 0)
          {
            json_node_init_int (node, value);
            return TRUE;
          }
      }
    {
      double value = g_ascii_strtod (digits, NULL);

      if (!isfinite (value))
        {
          fail_at (s, begin, _("This number is too large."));
          return FALSE;
        }
      json_node_init_double (node, value);
    }
  }
  return TRUE;
}

static JsonNode *parse_value (SlJsonScanner *s, gboolean want);

static JsonNode *
parse_object (SlJsonScanner *s,
              gboolean       want)
{
  JsonObject *object = want ? json_object_new () : NULL;
  const char *open = s->p;

  s->p++;
  skip_space (s);
  if (s->p < s->end && *s->p == '}')
    {
      s->p++;
      goto done;
    }
  for (;;)
    {
      const char *name_at;
      g_autofree char *name = NULL;
      JsonNode *value;

      skip_space (s);
      name_at = s->p;
      if (s->p >= s->end || *s->p != '"')
        {
          if (s->p >= s->end)
            fail_at (s, open, _("This object is never closed."));
          else
            fail_at (s, s->p, _("Expected a member name in quotes, found %s."), describe_at (s));
          goto failed;
        }
      if (want)
        {
          const char *text = read_string (s, NULL, TRUE);

          if (text == NULL)
            goto failed;
          if (json_object_has_member (object, text))
            {
              fail_at (s, name_at, _("The member “%s” appears twice."), text);
              goto failed;
            }
          name = g_strdup (text);
        }
      else if (read_string (s, NULL, FALSE) == NULL)
        goto failed;
      skip_space (s);
      if (s->p >= s->end || *s->p != ':')
        {
          fail_at (s, s->p, _("Expected “:” after a member name, found %s."), describe_at (s));
          goto failed;
        }
      s->p++;
      value = parse_value (s, want);
      if (s->error != NULL)
        goto failed;
      if (want)
        json_object_set_member (object, name, value);
      skip_space (s);
      if (s->p < s->end && *s->p == ',')
        {
          s->p++;
          continue;
        }
      if (s->p < s->end && *s->p == '}')
        {
          s->p++;
          break;
        }
      if (s->p >= s->end)
        fail_at (s, open, _("This object is never closed."));
      else
        fail_at (s, s->p, _("Expected “,” or “}” after a member, found %s."), describe_at (s));
      goto failed;
    }

done:
  if (want)
    {
      JsonNode *node = json_node_alloc ();

      json_node_init_object (node, object);
      json_object_unref (object);
      return node;
    }
  return NULL;

failed:
  if (object != NULL)
    json_object_unref (object);
  return NULL;
}

static JsonNode *
parse_array (SlJsonScanner *s,
             gboolean       want)
{
  JsonArray *array = want ? json_array_new () : NULL;
  const char *open = s->p;

  s->p++;
  skip_space (s);
  if (s->p < s->end && *s->p == ']')
    {
      s->p++;
      goto done;
    }
  for (;;)
    {
      JsonNode *value = parse_value (s, want);

      if (s->error != NULL)
        goto failed;
      if (want)
        json_array_add_element (array, value);
      skip_space (s);
      if (s->p < s->end && *s->p == ',')
        {
          s->p++;
          continue;
        }
      if (s->p < s->end && *s->p == ']')
        {
          s->p++;
          break;
        }
      if (s->p >= s->end)
        fail_at (s, open, _("This list is never closed."));
      else
        fail_at (s, s->p, _("Expected “,” or “]” after a list element, found %s."), describe_at (s));
      goto failed;
    }

done:
  if (want)
    {
      JsonNode *node = json_node_alloc ();

      json_node_init_array (node, array);
      json_array_unref (array);
      return node;
    }
  return NULL;

failed:
  if (array != NULL)
    json_array_unref (array);
  return NULL;
}

/* Parses one value. With @want returns it as a node (NULL on failure);
 * without, only checks it and returns NULL. */
static JsonNode *
parse_value (SlJsonScanner *s,
             gboolean       want)
{
  JsonNode *node = NULL;

  skip_space (s);
  if (s->p >= s->end)
    {
      fail_at (s, s->p, _("The text ends where a value was expected."));
      return NULL;
    }
  switch (*s->p)
    {
    case '{':
    case '[':
      if (s->depth >= MAX_DEPTH)
        {
          fail_at (s, s->p, _("The text is nested too deeply."));
          return NULL;
        }
      s->depth++;
      node = *s->p == '{' ? parse_object (s, want) : parse_array (s, want);
      s->depth--;
      return node;

    case '"':
      {
        gsize len;
        const char *text = read_string (s, &len, want);

        if (text == NULL || !want)
          return NULL;
        node = json_node_alloc ();
        json_node_init_string (node, text);
        return node;
      }

    case 't':
      if (!expect_word (s, "true", 4))
        return NULL;
      return want ? json_node_init_boolean (json_node_alloc (), TRUE) : NULL;

    case 'f':
      if (!expect_word (s, "false", 5))
        return NULL;
      return want ? json_node_init_boolean (json_node_alloc (), FALSE) : NULL;

    case 'n':
      if (!expect_word (s, "null", 4))
        return NULL;
      return want ? json_node_init_null (json_node_alloc ()) : NULL;

    default:
      if (want)
        node = json_node_alloc ();
      if (!read_number (s, node))
        {
          if (node != NULL)
            json_node_free (node);
          return NULL;
        }
      return node;
    }
}

JsonNode *
sl_json_scanner_read (SlJsonScanner *s)
{
  if (s->error != NULL)
    return NULL;
  return parse_value (s, TRUE);
}

gboolean
sl_json_scanner_skip (SlJsonScanner *s)
{
  if (s->error != NULL)
    return FALSE;
  parse_value (s, FALSE);
  return s->error == NULL;
}

char *
sl_json_scanner_read_string (SlJsonScanner *s)
{
  const char *text;

  if (s->error != NULL)
    return NULL;
  skip_space (s);
  if (s->p >= s->end || *s->p != '"')
    {
      fail_at (s, s->p, _("Expected a string, found %s."), describe_at (s));
      return NULL;
    }
  text = read_string (s, NULL, TRUE);
  return text ? g_strdup (text) : NULL;
}

static gboolean
begin (SlJsonScanner *s,
       char           open)
{
  gboolean first = TRUE;

  if (s->error != NULL)
    return FALSE;
  skip_space (s);
  if (s->p >= s->end || *s->p != open)
    {
      fail_at (s, s->p, "%s", open == '{' ? _("Expected an object.") : _("Expected a list."));
      return FALSE;
    }
  if (s->depth >= MAX_DEPTH)
    {
      fail_at (s, s->p, _("The text is nested too deeply."));
      return FALSE;
    }
  s->p++;
  s->depth++;
  g_array_append_val (s->first, first);
  return TRUE;
}

gboolean
sl_json_scanner_begin_object (SlJsonScanner *s)
{
  return begin (s, '{');
}

gboolean
sl_json_scanner_begin_array (SlJsonScanner *s)
{
  return begin (s, '[');
}

/* Moves past the "," between items of the innermost container, or its
 * closing bracket. Returns TRUE when an item follows. */
static gboolean
next_item (SlJsonScanner *s,
           char           close)
{
  gboolean *first;

  if (s->error != NULL || s->first->len == 0)
    return FALSE;
  first = &g_array_index (s->first, gboolean, s->first->len - 1);
  skip_space (s);
  if (s->p < s->end && *s->p == close)
    {
      s->p++;
      s->depth--;
      g_array_set_size (s->first, s->first->len - 1);
      return FALSE;
    }
  if (!*first)
    {
      if (s->p >= s->end || *s->p != ',')
        {
          if (s->p >= s->end)
            fail_at (s, s->p, _("The text ends before its last “%c”."), close);
          else
            fail_at (s, s->p, close == '}' ? _("Expected “,” or “}” after a member, found %s.")
                                           : _("Expected “,” or “]” after a list element, found %s."),
                     describe_at (s));
          return FALSE;
        }
      s->p++;
      skip_space (s);
    }
  *first = FALSE;
  if (s->p >= s->end)
    {
      fail_at (s, s->p, _("The text ends before its last “%c”."), close);
      return FALSE;
    }
  return TRUE;
}

const char *
sl_json_scanner_next_member (SlJsonScanner *s)
{
  const char *name;

  if (!next_item (s, '}'))
    return NULL;
  if (*s->p != '"')
    {
      fail_at (s, s->p, _("Expected a member name in quotes, found %s."), describe_at (s));
      return NULL;
    }
  name = read_string (s, NULL, TRUE);
  if (name == NULL)
    return NULL;
  skip_space (s);
  if (s->p >= s->end || *s->p != ':')
    {
      fail_at (s, s->p, _("Expected “:” after a member name, found %s."), describe_at (s));
      return NULL;
    }
  s->p++;
  return name;
}

gboolean
sl_json_scanner_next_element (SlJsonScanner *s)
{
  return next_item (s, ']');
}

gsize
sl_json_scanner_tell (SlJsonScanner *s)
{
  skip_space (s);
  return s->p - s->start;
}

/* Whether the text from @from to @to is on one line. */
static gboolean
on_one_line (const char *from,
             const char *to)
{
  return memchr (from, '\n', to - from) == NULL && memchr (from, '\r', to - from) == NULL;
}

JsonNode *
sl_json_scanner_read_with_text (SlJsonScanner  *s,
                                char          **text)
{
  const char *from;
  JsonNode *node;

  *text = NULL;
  if (s->error != NULL)
    return NULL;
  skip_space (s);
  from = s->p;
  node = parse_value (s, TRUE);
  if (node == NULL)
    return NULL;
  /* The file's own text when it is on one line, as the app writes it;
   * text spread over lines, as a person may have laid it out, is written
   * again compactly, so that a saved journal keeps one entry per line. */
  if (on_one_line (from, s->p))
    *text = g_strndup (from, s->p - from);
  else
    *text = sl_json_to_string (node, FALSE);
  return node;
}

char *
sl_json_scanner_skip_with_text (SlJsonScanner *s)
{
  const char *from;

  if (s->error != NULL)
    return NULL;
  skip_space (s);
  from = s->p;
  if (!sl_json_scanner_skip (s))
    return NULL;
  if (on_one_line (from, s->p))
    return g_strndup (from, s->p - from);
  else
    {
      /* Laid out over lines: written again compactly, as above. */
      g_autoptr(JsonNode) node = NULL;
      char *text = NULL;

      s->p = from;
      node = sl_json_scanner_read_with_text (s, &text);
      return text;
    }
}

void
sl_json_scanner_seek (SlJsonScanner *s,
                      gsize          offset)
{
  g_return_if_fail (offset <= (gsize) (s->end - s->start));
  s->p = s->start + offset;
}

gboolean
sl_json_scanner_finish (SlJsonScanner *s)
{
  if (s->error != NULL)
    return FALSE;
  skip_space (s);
  if (s->p < s->end)
    {
      fail_at (s, s->p, _("Unexpected text after the end of the document."));
      return FALSE;
    }
  return TRUE;
}

JsonNode *
sl_json_parse (const char *text,
               gssize      length,
               GError    **error)
{
  g_autoptr(SlJsonScanner) s = sl_json_scanner_new (text, length);
  g_autoptr(JsonNode) root = NULL;

  if (sl_json_scanner_propagate (s, error))
    return NULL;
  if (sl_json_scanner_at_end (s))
    {
      g_set_error_literal (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE,
                           _("The document is empty."));
      return NULL;
    }
  root = sl_json_scanner_read (s);
  if (!sl_json_scanner_finish (s))
    {
      sl_json_scanner_propagate (s, error);
      return NULL;
    }
  return g_steal_pointer (&root);
}
