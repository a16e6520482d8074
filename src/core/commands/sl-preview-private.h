/* sl-preview-private.h: what the typed preview readers (sl-preview.c,
 * sl-preview-declare.c, sl-preview-dice.c) share — a member read only
 * when it is of the kind expected, so a reader never fails on a preview
 * that leaves a member out
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* @node's object, or NULL (no node, or not an object). */
JsonObject *sl_preview_node_object    (JsonNode   *node);
/* Member @name of @o (may be NULL) when it is an object / an array, else
 * NULL. */
JsonObject *sl_preview_object_member  (JsonObject *o,
                                       const char *name);
JsonArray  *sl_preview_array_member   (JsonObject *o,
                                       const char *name);
/* Element @i of @list when it is an object, else NULL. */
JsonObject *sl_preview_element_object (JsonArray  *list,
                                       guint       i);

G_END_DECLS
