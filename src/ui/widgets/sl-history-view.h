/* sl-history-view.h: the history — every journal entry in plain words,
 * newest first, with undo to any point
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"

G_BEGIN_DECLS

#define SL_TYPE_HISTORY_VIEW (sl_history_view_get_type ())
G_DECLARE_FINAL_TYPE (SlHistoryView, sl_history_view, SL, HISTORY_VIEW, GtkWidget)

GtkWidget   *sl_history_view_new       (void);
void         sl_history_view_set_game  (SlHistoryView *self,
                                        SlGame        *game);
/* The rows' model: GListModel of SlHistoryItem, newest entry first. */
GListModel  *sl_history_view_get_model (SlHistoryView *self);

#define SL_TYPE_HISTORY_ITEM (sl_history_item_get_type ())
G_DECLARE_FINAL_TYPE (SlHistoryItem, sl_history_item, SL, HISTORY_ITEM, GObject)

/* The journal index of the entry. */
guint        sl_history_item_get_index    (SlHistoryItem *self);
/* What happened, one line per event. */
/* The last row, which shows earlier entries when activated: how many are
 * before the ones shown; 0 for an entry. */
guint        sl_history_item_get_more     (SlHistoryItem *self);
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
