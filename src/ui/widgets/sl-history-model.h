/* sl-history-model.h: the history's rows — the journal, newest first, a
 * page at a time; only sl-history-view.c uses it
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "sl-game.h"
#include "sl-history-item.h"

G_BEGIN_DECLS

/* The entries the history offers at first (more than the pane shows at
 * the window's default size: each row is made, measured and drawn as the
 * game opens), and how many more each "Show earlier entries" adds. */
#define SL_HISTORY_FIRST 12
#define SL_HISTORY_MORE 200

#define SL_TYPE_HISTORY_MODEL (sl_history_model_get_type ())
G_DECLARE_FINAL_TYPE (SlHistoryModel, sl_history_model, SL, HISTORY_MODEL, GObject)

/* Shows @game from its newest entries. */
void      sl_history_model_set_game      (SlHistoryModel *self,
                                          SlGame         *game);
/* The game changed: the rows that did are told to the list. */
void      sl_history_model_update        (SlHistoryModel *self);
/* Earlier entries remain, offered on request (a last row tells how many). */
gboolean  sl_history_model_has_earlier   (SlHistoryModel *self);
/* Further back: @more entries more, in place of the last row. */
void      sl_history_model_show_earlier  (SlHistoryModel *self,
                                          guint           more);

G_END_DECLS
