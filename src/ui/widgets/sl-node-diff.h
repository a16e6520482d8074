/* sl-node-diff.h: where two render nodes of the same widget draw
 * differently, and drawing a node only there (sl-node-diff.c)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Adds to @region (in the nodes' coordinates, whole pixels) every place
 * where @new draws something @old did not: never less than what changed,
 * at times more. GTK gives a widget that has not changed the same node
 * again, so two snapshots of a window differ only where widgets changed. */
void sl_node_diff (GskRenderNode  *old,
                   GskRenderNode  *new,
                   cairo_region_t *region);

/* Draws @node on @cr as gsk_render_node_draw() does, but leaves out what
 * lies outside @cr's clip: with GTK 4.8 cairo draws every node it is
 * given, seen or not, and a few small places of a window changed cost as
 * much as all of it. */
void sl_node_draw_clipped (GskRenderNode *node,
                           cairo_t       *cr);

G_END_DECLS
