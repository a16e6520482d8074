/* sl-track-view.h: the subphase track, drawn
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"

G_BEGIN_DECLS

#define SL_TYPE_TRACK_VIEW (sl_track_view_get_type ())
G_DECLARE_FINAL_TYPE (SlTrackView, sl_track_view, SL, TRACK_VIEW, GtkWidget)

/* The game whose track is shown; it is followed as it changes. */
void         sl_track_view_set_game     (SlTrackView *self,
                                         SlGame      *game);
/* What the tooltip of @unit's marker says: its action and when it ends,
 * whether it may act now, or why not until its grouping's turn. */
char        *sl_track_view_describe_unit (SlTrackView *self,
                                          int          unit);
/* The unit whose marker is at (@x, @y), or -1. */
int          sl_track_view_unit_at      (SlTrackView *self,
                                         double       x,
                                         double       y);

/* The marker of what goes off drawn at (@x, @y) ("G1"), or 0. */
int          sl_track_view_marker_at    (SlTrackView *self,
                                         double       x,
                                         double       y);
/* What the tooltip of @marker's chip says: its label, what it is and
 * when it goes off; NULL for no such marker. */
char        *sl_track_view_describe_marker (SlTrackView *self,
                                            int          marker);

G_END_DECLS
