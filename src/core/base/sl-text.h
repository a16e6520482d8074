/* sl-text.h: text made safe for where it goes
 *
 * Names and notes come from files anyone can write (a scenario, a squad, a
 * saved game sent by an opponent). On a terminal, an escape sequence in a
 * name could retitle the window, clear the screen or hide lines; a bidi
 * override could make a line read backwards. These functions show such
 * characters instead of letting them act.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether @c changes how the text around it is shown rather than being
 * shown itself: C0 and C1 controls, DEL, the line and paragraph
 * separators (U+2028, U+2029) and the bidi controls (U+061C, U+200E,
 * U+200F, U+202A … U+202E, U+2066 … U+2069). */
gboolean  sl_text_is_control      (gunichar    c);

/* @s (@len bytes, or up to its NUL when -1) for a terminal: every control
 * character but the newline and the tab written as an escape — C0 and DEL
 * as "\x1B", the others as "\u202E" —, and every byte that is not UTF-8 as
 * "\xFF". Everything else is kept. */
char     *sl_text_for_terminal    (const char *s,
                                   gssize      len);

/* @s as one line of plain text, for a name shown in a label or a file
 * name: controls and line breaks become spaces, bidi embeddings, overrides
 * and isolates are dropped, bytes that are not UTF-8 become U+FFFD. */
char     *sl_text_one_line        (const char *s);

/* @s made fit to start a file's name: one line (sl_text_one_line()), no
 * "/", "\\" or ":" (they become "-"), no leading dots or spaces (a
 * hidden file), at most @max bytes (cut between characters); @fallback
 * when nothing is left. */
char     *sl_text_file_name       (const char *s,
                                   gsize       max,
                                   const char *fallback);

/* Whether @s is @length lower-case hexadecimal digits (a digest, a nonce, a
 * salt as Squad Log writes them; -1: any length but none). */
gboolean  sl_text_is_hex          (const char *s,
                                   gssize      length);

/* @length bytes as lower-case hexadecimal digits (newly allocated). */
char     *sl_text_hex             (const guint8 *bytes,
                                   gsize         length);
/* The bytes of the hexadecimal @s (sl_text_is_hex, an even number of
 * digits) into @out, at most @max: how many, or 0 when it does not fit. */
gsize     sl_text_from_hex        (const char   *s,
                                   guint8       *out,
                                   gsize         max);

/* @s as a clause of a longer sentence: without its closing full stop
 * ("… only regular files." inside "…: %s. The file there …" would end in
 * two), an ellipsis kept. */
char     *sl_text_clause          (const char *s);

/* A modifier as the logs print it: "+2", "−2" (U+2212 MINUS SIGN), "0". */
char     *sl_text_signed          (int         value);

G_END_DECLS
