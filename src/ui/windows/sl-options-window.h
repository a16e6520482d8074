/* sl-options-window.h: the rule options a game is played with
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"

G_BEGIN_DECLS

#define SL_TYPE_OPTIONS_WINDOW (sl_options_window_get_type ())
G_DECLARE_FINAL_TYPE (SlOptionsWindow, sl_options_window, SL, OPTIONS_WINDOW, AdwPreferencesWindow)

/* A window listing the game's rule modules, environment and every rule
 * option with its value, the ones changed from the rulebook's defaults
 * marked; searchable. The options belong to the game (they are part of its
 * setup and replay), so they are shown, not changed, once it has begun. */
GtkWidget   *sl_options_window_new  (GtkWindow *parent,
                                     SlGame    *game);

G_END_DECLS
