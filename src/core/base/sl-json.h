/* sl-json.h: strict JSON reading with field paths, and JSON writing
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Reading.
 *
 * An SlReader walks one JSON object. Every getter records the member as
 * seen; sl_reader_end() then rejects members that nobody asked for, so a
 * misspelt field is an error rather than silently ignored. The first problem
 * found is kept (with the full path of the field, for example
 * "groupings[2].roll") and later getters return their defaults, so callers
 * read a whole object and check once at the end.
 */
typedef struct _SlReadContext SlReadContext;
typedef struct _SlReader SlReader;

SlReadContext *sl_read_context_new        (void);
void           sl_read_context_free       (SlReadContext *ctx);
gboolean       sl_read_context_failed     (SlReadContext *ctx);
const char    *sl_read_context_field      (SlReadContext *ctx);
const char    *sl_read_context_message    (SlReadContext *ctx);
void           sl_read_context_fail       (SlReadContext *ctx,
                                           const char    *field,
                                           const char    *format,
                                           ...) G_GNUC_PRINTF (3, 4);

/* Creates a reader for @node, which must be an object (otherwise the context
 * fails with @path). @path may be "" for the root. */
SlReader      *sl_reader_new              (SlReadContext *ctx,
                                           JsonNode      *node,
                                           const char    *path);
void           sl_reader_free             (SlReader      *reader);
SlReadContext *sl_reader_context          (SlReader      *reader);
gboolean       sl_reader_ok               (SlReader      *reader);
/* The path of @field inside this reader's object ("firer.movement"). */
char          *sl_reader_field_path       (SlReader      *reader,
                                           const char    *field);
void           sl_reader_fail             (SlReader      *reader,
                                           const char    *field,
                                           const char    *format,
                                           ...) G_GNUC_PRINTF (3, 4);
/* Fails on any member not read so far. Returns whether the context is ok. */
gboolean       sl_reader_end              (SlReader      *reader);
/* Marks @field as read without reading it. */
void           sl_reader_skip             (SlReader      *reader,
                                           const char    *field);

gboolean       sl_reader_has              (SlReader      *reader,
                                           const char    *field);
/* Whether @field is present and null. */
gboolean       sl_reader_is_null          (SlReader      *reader,
                                           const char    *field);
JsonNode      *sl_reader_node             (SlReader      *reader,
                                           const char    *field);
GList         *sl_reader_members          (SlReader      *reader);

/* Typed getters. A missing field gives @def; a present field of the wrong
 * type or out of range fails the context and gives @def. */
gboolean       sl_reader_bool             (SlReader      *reader,
                                           const char    *field,
                                           gboolean       def);
int            sl_reader_int              (SlReader      *reader,
                                           const char    *field,
                                           int            min,
                                           int            max,
                                           int            def);
double         sl_reader_number           (SlReader      *reader,
                                           const char    *field,
                                           double         min,
                                           double         max,
                                           double         def);
const char    *sl_reader_string           (SlReader      *reader,
                                           const char    *field,
                                           const char    *def);
/* A text the players read (a name, title, description) from a shipped data
 * file: in the user's language when the translation has it (the script
 * build-aux/extract-data-strings.py puts the data's texts in the template),
 * else as written. */
const char    *sl_reader_text             (SlReader      *reader,
                                           const char    *field,
                                           const char    *def);
/* Index into the NULL-terminated @names, or @def when missing. @what names
 * the kind of value in messages: an N_() string, translated on failure only
 * (the same for the other readers with @what). */
int            sl_reader_enum             (SlReader      *reader,
                                           const char    *field,
                                           const char * const *names,
                                           const char    *what,
                                           int            def);
/* Fails with "missing" when @field is absent. */
gboolean       sl_reader_require          (SlReader      *reader,
                                           const char    *field);

/* Child objects and arrays. Returned readers share the context and must be
 * freed; sl_reader_object() returns NULL when the field is missing (or, after
 * a failure, when it is not an object). */
SlReader      *sl_reader_object           (SlReader      *reader,
                                           const char    *field);
/* Number of elements, 0 if missing; fails if not an array. */
guint          sl_reader_array_length     (SlReader      *reader,
                                           const char    *field);
SlReader      *sl_reader_array_object     (SlReader      *reader,
                                           const char    *field,
                                           guint          index);
JsonNode      *sl_reader_array_node       (SlReader      *reader,
                                           const char    *field,
                                           guint          index);
int            sl_reader_array_int        (SlReader      *reader,
                                           const char    *field,
                                           guint          index,
                                           int            min,
                                           int            max,
                                           int            def);
double         sl_reader_array_number     (SlReader      *reader,
                                           const char    *field,
                                           guint          index,
                                           double         min,
                                           double         max,
                                           double         def);
const char    *sl_reader_array_string     (SlReader      *reader,
                                           const char    *field,
                                           guint          index);
int            sl_reader_array_enum       (SlReader      *reader,
                                           const char    *field,
                                           guint          index,
                                           const char * const *names,
                                           const char    *what,
                                           int            def);

/* @field: one of @names or a list of them; sets the matching @flags (all
 * FALSE when missing). */
void           sl_reader_flags            (SlReader      *reader,
                                           const char    *field,
                                           const char * const *names,
                                           const char    *what,
                                           gboolean      *flags,
                                           guint          n_flags);

/* Describes a JSON node's type for messages ("a string", "the number 11"). */
char          *sl_json_describe           (JsonNode      *node);
/* "a, b or c" from a NULL-terminated list, for messages. */
char          *sl_json_join_choices       (const char * const *names);

/* The most a text of a game or scenario file may hold (a note, a
 * description, a name, a summary): 64 KiB, far over any the table writes,
 * and short enough that showing one never keeps the window busy (issue 30
 * #9). */
#define SL_JSON_MAX_TEXT (64 * 1024)
/* Whether every string in @node, member names too, holds at most
 * SL_JSON_MAX_TEXT bytes; if not, fails @ctx naming the first one longer
 * (@prefix, then its path: "setup.notes[0]"). */
gboolean       sl_json_check_text_sizes   (JsonNode      *node,
                                           const char    *prefix,
                                           SlReadContext *ctx);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlReadContext, sl_read_context_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlReader, sl_reader_free)

/* Writing. Numbers are printed in their shortest exact form (0.6, not
 * 0.59999999999999998), members in insertion order. */
char          *sl_json_to_string          (JsonNode      *node,
                                           gboolean       pretty);
void           sl_json_append             (GString       *out,
                                           JsonNode      *node,
                                           gboolean       pretty,
                                           int            indent);
/* Appends @s as a JSON string, in quotes. Controls (C0, DEL, C1), the
 * line separators U+2028/U+2029 and the bidi controls are written as
 * \uXXXX: the same string, and inert on a terminal (issue 19 #10). */
void           sl_json_append_string      (GString       *out,
                                           const char    *s);

/* Sets the member at @path ("a.b", "list[2].roll") of @root to @value
 * (taking it), creating the objects on the way. Returns FALSE when the path
 * runs through something that is not an object or a list element. */
gboolean       sl_json_set_path           (JsonNode      *root,
                                           const char    *path,
                                           JsonNode      *value);

/* Parses @text into a node; on failure sets @error with the line and column.
 * Strict RFC 8259: no comments, trailing commas, duplicate members, lone
 * surrogates or numbers out of range. */
JsonNode      *sl_json_parse              (const char    *text,
                                           gssize         length,
                                           GError       **error);

/* Reading a long document piece by piece, building nodes only for the
 * values asked for (sl-json-scanner.c). Once anything fails, every call
 * returns FALSE or NULL and sl_json_scanner_propagate() gives the first
 * problem, with its line and column. */
typedef struct _SlJsonScanner SlJsonScanner;

SlJsonScanner *sl_json_scanner_new        (const char    *text,
                                           gssize         length);
void           sl_json_scanner_free       (SlJsonScanner *s);
gboolean       sl_json_scanner_failed     (SlJsonScanner *s);
/* Moves the first problem to @error; returns TRUE if there was one. */
gboolean       sl_json_scanner_propagate  (SlJsonScanner *s,
                                           GError       **error);
/* Only white space is left. */
gboolean       sl_json_scanner_at_end     (SlJsonScanner *s);
/* What the next value is: '{', '[', '"', '0' (a number), 't', 'f', 'n',
 * '?' (not a value) or '\0' (end of text or failed). */
char           sl_json_scanner_peek       (SlJsonScanner *s);
JsonNode      *sl_json_scanner_read       (SlJsonScanner *s);
/* Reads the next value, and sets @text to its JSON text: as written when
 * it is on one line, else compacted (sl_json_to_string). */
JsonNode      *sl_json_scanner_read_with_text (SlJsonScanner *s,
                                           char         **text);
gboolean       sl_json_scanner_skip       (SlJsonScanner *s);
/* Skips the value, giving its text as sl_json_scanner_read_with_text() does. */
char          *sl_json_scanner_skip_with_text (SlJsonScanner *s);
char          *sl_json_scanner_read_string (SlJsonScanner *s);
gboolean       sl_json_scanner_begin_object (SlJsonScanner *s);
/* The next member's name (valid until the next call), its value to be read
 * or skipped next; NULL after the closing brace or on failure. */
const char    *sl_json_scanner_next_member (SlJsonScanner *s);
gboolean       sl_json_scanner_begin_array (SlJsonScanner *s);
/* TRUE when another element follows, to be read or skipped next. */
gboolean       sl_json_scanner_next_element (SlJsonScanner *s);
/* Position of the next value, to come back to it with seek. */
gsize          sl_json_scanner_tell       (SlJsonScanner *s);
void           sl_json_scanner_seek       (SlJsonScanner *s,
                                           gsize          offset);
/* Checks that nothing but white space follows. */
gboolean       sl_json_scanner_finish     (SlJsonScanner *s);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlJsonScanner, sl_json_scanner_free)

G_END_DECLS
