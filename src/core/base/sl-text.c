/* sl-text.c: text made safe for where it goes (see sl-text.h)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "sl-text-private.h"
#include "sl-text.h"

/* Bidi controls (Unicode's Bidi_Control property) that embed, override or
 * isolate: they act on the text after them, up to the end of the line. */
static gboolean
is_bidi_scope (gunichar c)
{
  return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

gboolean
sl_text_is_control (gunichar c)
{
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029 ||
         c == 0x061C || c == 0x200E || c == 0x200F || is_bidi_scope (c);
}

char *
sl_text_for_terminal (const char *s,
                      gssize      len)
{
  const char *p, *end;
  GString *out;

  if (s == NULL)
    return g_strdup ("");
  if (len < 0)
    len = strlen (s);
  end = s + len;
  out = g_string_sized_new (len + 16);
  for (p = s; p < end;)
    {
      guchar b = *p;
      gunichar c;

      if (b < 0x80)
        {
          if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7F)
            g_string_append_printf (out, "\\x%02X", b);
          else
            g_string_append_c (out, b);
          p++;
          continue;
        }
      c = g_utf8_get_char_validated (p, end - p);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02X", b);
          p++;
          continue;
        }
      if (sl_text_is_control (c))
        g_string_append_printf (out, "\\u%04X", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

char *
sl_text_one_line (const char *s)
{
  GString *out;
  const char *p, *end;

  if (s == NULL)
    return g_strdup ("");
  end = s + strlen (s);
  out = g_string_sized_new (end - s);
  for (p = s; p < end;)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_unichar (out, 0xFFFD);
          p++;
          continue;
        }
      if (is_bidi_scope (c))
        ;
      else if (sl_text_is_control (c) && c != 0x061C && c != 0x200E && c != 0x200F)
        g_string_append_c (out, ' ');
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

char *
sl_text_file_name (const char *s,
                   gsize       max,
                   const char *fallback)
{
  g_autofree char *line = sl_text_one_line (s);
  char *start = line;
  char *end;

  g_strdelimit (line, "/\\:", '-');
  while (*start == '.' || *start == ' ')
    start++;
  end = start + strlen (start);
  /* Cut between characters, never inside one. */
  if ((gsize) (end - start) > max)
    {
      end = start + max;
      while (end > start && (*end & 0xC0) == 0x80)
        end--;
    }
  while (end > start && end[-1] == ' ')
    end--;
  if (end == start)
    return g_strdup (fallback);
  return g_strndup (start, end - start);
}

gboolean
sl_text_is_hex (const char *s,
                gssize      length)
{
  gsize n;

  if (s == NULL)
    return FALSE;
  n = strlen (s);
  if (length >= 0 ? n != (gsize) length : n == 0)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isxdigit (s[i]) || g_ascii_isupper (s[i]))
      return FALSE;
  return TRUE;
}

char *
sl_text_hex (const guint8 *bytes,
             gsize         length)
{
  static const char digits[] = "0123456789abcdef";
  char *out = g_new (char, 2 * length + 1);

  for (gsize i = 0; i < length; i++)
    {
      out[2 * i] = digits[bytes[i] >> 4];
      out[2 * i + 1] = digits[bytes[i] & 15];
    }
  out[2 * length] = '\0';
  return out;
}

gsize
sl_text_from_hex (const char *s,
                  guint8     *out,
                  gsize       max)
{
  gsize n = s != NULL ? strlen (s) / 2 : 0;

  if (n > max)
    return 0;
  for (gsize i = 0; i < n; i++)
    out[i] = g_ascii_xdigit_value (s[2 * i]) << 4 | g_ascii_xdigit_value (s[2 * i + 1]);
  return n;
}

char *
sl_text_clause (const char *s)
{
  gsize n = s != NULL ? strlen (s) : 0;

  /* One full stop, not two or three ("..." is an ellipsis). */
  if (n >= 1 && s[n - 1] == '.' && (n < 2 || s[n - 2] != '.'))
    n--;
  return g_strndup (s != NULL ? s : "", n);
}

char *
sl_text_signed (int value)
{
  if (value > 0)
    return g_strdup_printf ("+%d", value);
  if (value < 0)
    return g_strdup_printf ("\xe2\x88\x92%d", -value);
  return g_strdup ("0");
}

char *
sl_markup_escape (const char *s)
{
  return g_markup_escape_text (s != NULL ? s : "", -1);
}
