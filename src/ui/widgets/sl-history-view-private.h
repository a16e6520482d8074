/* sl-history-view-private.h: what the tests of sl-history-view ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-history-item.h"
#include "sl-history-view.h"

G_BEGIN_DECLS

GtkWidget   *sl_history_view_new       (void);
/* The rows' model: GListModel of SlHistoryItem, newest entry first. */
GListModel  *sl_history_view_get_model (SlHistoryView *self);

G_END_DECLS
