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
const char    *sl_reader_path             (SlReader      *reader);
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
JsonObject    *sl_reader_object_json      (SlReader      *reader);
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
/* Index into the NULL-terminated @names, or @def when missing. */
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

/* Sets the member at @path ("a.b", "list[2].roll") of @root to @value
 * (taking it), creating the objects on the way. Returns FALSE when the path
 * runs through something that is not an object or a list element. */
gboolean       sl_json_set_path           (JsonNode      *root,
                                           const char    *path,
                                           JsonNode      *value);

/* Parses @text into a node; on failure sets @error with the line and column. */
JsonNode      *sl_json_parse              (const char    *text,
                                           gssize         length,
                                           GError       **error);

G_END_DECLS
