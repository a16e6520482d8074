/* sl-briefing-window.h: the scenario's briefing (book §10): situation,
 * objectives, set-up, special conditions, rules in use, notes
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"

G_BEGIN_DECLS

#define SL_TYPE_BRIEFING_WINDOW (sl_briefing_window_get_type ())

G_DECLARE_FINAL_TYPE (SlBriefingWindow, sl_briefing_window, SL, BRIEFING_WINDOW, AdwWindow)

/* The briefing of @game's scenario, over @parent. It shows no secret:
 * what a side hides is in the private view. */
GtkWidget *sl_briefing_window_new (GtkWindow *parent,
                                   SlGame    *game);

G_END_DECLS
