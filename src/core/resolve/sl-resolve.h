/* sl-resolve.h: the engine's JSON request/result protocol (squadlog resolve)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "sl-rules.h"

G_BEGIN_DECLS

typedef struct _SlResolver SlResolver;

SlResolver         *sl_resolver_new            (SlRules    *rules);
void                sl_resolver_free           (SlResolver *resolver);
/* Makes the dice that requests leave out repeatable. */
void                sl_resolver_set_seed       (SlResolver *resolver,
                                                guint32     seed);

/* Resolves one request. Returns the result object, or
 * {"error": {"field": …, "message": …}} for a bad request; @valid tells
 * which. Never returns NULL. */
JsonNode           *sl_resolver_resolve        (SlResolver *resolver,
                                                JsonNode   *request,
                                                gboolean   *valid);
/* The same for the text of one request; a syntax error is reported with
 * the field "" and the line and column. */
JsonNode           *sl_resolver_resolve_text   (SlResolver *resolver,
                                                const char *text,
                                                gssize      length,
                                                gboolean   *valid);

/* The kinds of request, NULL-terminated. */
const char * const *sl_resolver_kinds          (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlResolver, sl_resolver_free)

G_END_DECLS
