/* sl-builder-window.h: the squad builder (P-02, E-01) — soldiers, leader,
 * quality, groupings and budget, the cost as you edit and every rule the
 * squad breaks; squads kept in the user's library
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-draft-window.h"
#include "sl-squad-draft.h"

G_BEGIN_DECLS

#define SL_TYPE_BUILDER_WINDOW (sl_builder_window_get_type ())
G_DECLARE_FINAL_TYPE (SlBuilderWindow, sl_builder_window, SL, BUILDER_WINDOW, SlDraftWindow)

SlBuilderWindow    *sl_builder_window_new        (GtkWindow       *parent,
                                                  const SlRules   *rules,
                                                  const SlOptions *options);
/* Copies @unit's kit to its fire team or the squad, as the buttons do. */
void                sl_builder_window_apply_to   (SlBuilderWindow *self,
                                                  int              unit,
                                                  gboolean         whole_squad);
/* Saves to @path (the library when NULL: a file named after the squad);
 * FALSE with a message shown when it cannot. */
gboolean            sl_builder_window_save       (SlBuilderWindow *self,
                                                  const char      *path);
gboolean            sl_builder_window_load       (SlBuilderWindow *self,
                                                  const char      *path);

G_END_DECLS
