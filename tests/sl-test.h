/* sl-test.h: helpers shared by the test suites
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "sl-resolve.h"
#include "sl-rules.h"

G_BEGIN_DECLS

/* The rules of the source tree, loaded once. */
SlRules     *sl_test_rules          (void);
const SlOptions *sl_test_defaults   (void);

/* Requests are written with single quotes for readability:
 * "{'kind': 'damage', 'penetration': 5}"; they are turned into JSON. */
char        *sl_test_json           (const char *request);

/* Resolves @request and asserts that it was valid; the caller owns the
 * result. */
JsonNode    *sl_test_resolve        (const char *request);
/* Resolves @request and asserts that it was refused with an error on
 * @field; returns the message (owned by the caller). */
char        *sl_test_resolve_error  (const char *request,
                                     const char *field);

/* Member access by path: "damage.levels", "targets[1].hit". Each asserts
 * that the member exists with the right type. */
gint64       sl_test_int            (JsonNode   *result,
                                     const char *path);
double       sl_test_double         (JsonNode   *result,
                                     const char *path);
gboolean     sl_test_bool           (JsonNode   *result,
                                     const char *path);
const char  *sl_test_string         (JsonNode   *result,
                                     const char *path);
gboolean     sl_test_has            (JsonNode   *result,
                                     const char *path);
JsonNode    *sl_test_member         (JsonNode   *result,
                                     const char *path);
/* The value of the breakdown entry with @source (0 when absent). */
gint64       sl_test_breakdown      (JsonNode   *result,
                                     const char *path,
                                     const char *source);

/* Shorthand: resolve and read one member. */
gint64       sl_test_resolve_int    (const char *request,
                                     const char *path);
gboolean     sl_test_resolve_bool   (const char *request,
                                     const char *path);
double       sl_test_resolve_double (const char *request,
                                     const char *path);
char        *sl_test_resolve_string (const char *request,
                                     const char *path);
gint64       sl_test_resolve_breakdown (const char *request,
                                        const char *source);
/* Resolves @request, which must be refused on @field, and asserts that the
 * message contains @text. */
void         sl_test_assert_refused (const char *request,
                                     const char *field,
                                     const char *text);

/* Deletes a directory the test made, with everything in it. */
void         sl_test_remove_tree    (const char *path);

/* Asserts that @text, a message for people, has no doubled full stop. */
void         sl_test_assert_sentences (const char *text);

G_END_DECLS
