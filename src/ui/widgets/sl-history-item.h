/* sl-history-item.h: one row of the history — a journal entry in plain
 * words, or the row that shows earlier entries
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define SL_TYPE_HISTORY_ITEM (sl_history_item_get_type ())
G_DECLARE_FINAL_TYPE (SlHistoryItem, sl_history_item, SL, HISTORY_ITEM, GObject)

/* The row of journal entry @index (G_MAXUINT - 1 for an entry kept undone,
 * never done again): when it was, what happened, whether it is undone and
 * whether it only moved the clock on. */
SlHistoryItem *sl_history_item_new          (guint          index,
                                             const char    *summary,
                                             const char    *when,
                                             gboolean       undone,
                                             gboolean       clock);
/* The last row, which shows earlier entries when activated: @more of them
 * are before the ones shown. */
SlHistoryItem *sl_history_item_new_more     (guint          more,
                                             const char    *summary,
                                             const char    *when);
/* A hand grenade's throw: where it landed, drawn under the words (P-34). */
void           sl_history_item_set_throw    (SlHistoryItem *self,
                                             double         range_m,
                                             double         along_m,
                                             double         across_m);

/* The journal index of the entry (G_MAXUINT for the last row,
 * G_MAXUINT - 1 for an entry kept undone). */
guint          sl_history_item_get_index    (SlHistoryItem *self);
/* The last row, which shows earlier entries when activated: how many are
 * before the ones shown; 0 for an entry. */
guint          sl_history_item_get_more     (SlHistoryItem *self);
/* What happened, one line per event. */
const char    *sl_history_item_get_summary  (SlHistoryItem *self);
/* "Turn 2 · subphase 7" */
const char    *sl_history_item_get_when     (SlHistoryItem *self);
/* Undone: there to redo. */
gboolean       sl_history_item_get_undone   (SlHistoryItem *self);
/* The entry only moved the clock on (Next, a turn passed): shown small. */
gboolean       sl_history_item_get_clock    (SlHistoryItem *self);
/* A hand grenade's throw: the range to the aim point and where it landed
 * (along the line and across it), drawn under the words. */
gboolean       sl_history_item_get_throw    (SlHistoryItem *self,
                                             double        *range_m,
                                             double        *along_m,
                                             double        *across_m);

G_END_DECLS
