/* sl-markers-window.h: the markers on the table, and their corrections by
 * hand
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"

G_BEGIN_DECLS

#define SL_TYPE_MARKERS_WINDOW (sl_markers_window_get_type ())
G_DECLARE_FINAL_TYPE (SlMarkersWindow, sl_markers_window, SL, MARKERS_WINDOW, AdwWindow)

/* Every marker of @game the table can see (a side's secrets are the
 * private view's), followed as the game changes. */
SlMarkersWindow  *sl_markers_window_new        (GtkWindow       *parent,
                                                SlGame          *game);
/* Opens the row of @marker and gives it the focus; FALSE when it is not
 * listed. */
gboolean          sl_markers_window_show_marker (SlMarkersWindow *self,
                                                 int              marker);

G_END_DECLS
