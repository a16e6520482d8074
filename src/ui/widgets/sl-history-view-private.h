/* sl-history-view-private.h: what the tests of sl-history-view ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-history-view.h"

G_BEGIN_DECLS

GtkWidget   *sl_history_view_new       (void);
/* The rows' model: GListModel of SlHistoryItem, newest entry first. */
GListModel  *sl_history_view_get_model (SlHistoryView *self);
/* The journal index of the entry. */
guint        sl_history_item_get_index    (SlHistoryItem *self);
/* The last row, which shows earlier entries when activated: how many are
 * before the ones shown; 0 for an entry. */
guint        sl_history_item_get_more     (SlHistoryItem *self);
/* What happened, one line per event. */
const char  *sl_history_item_get_summary  (SlHistoryItem *self);
/* "Turn 2 · subphase 7" */
const char  *sl_history_item_get_when     (SlHistoryItem *self);
/* Undone: there to redo. */
gboolean     sl_history_item_get_undone   (SlHistoryItem *self);
/* The entry only moved the clock on (Next, a turn passed): shown small. */
gboolean     sl_history_item_get_clock    (SlHistoryItem *self);
/* A hand grenade's throw: the range to the aim point and where it landed
 * (along the line and across it), drawn under the words. */
gboolean     sl_history_item_get_throw    (SlHistoryItem *self,
                                           double        *range_m,
                                           double        *along_m,
                                           double        *across_m);

G_END_DECLS
