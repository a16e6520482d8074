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

void         sl_history_view_set_game  (SlHistoryView *self,
                                        SlGame        *game);

G_END_DECLS
