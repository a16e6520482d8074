/* sl-track-view-private.h: what the tests of sl-track-view ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-track-view.h"

G_BEGIN_DECLS

GtkWidget   *sl_track_view_new          (void);
/* What the track shows, in words: the accessible description. */
const char  *sl_track_view_get_description (SlTrackView *self);
/* The focusable child that stands for @unit's marker (or, with @marker >
 * 0, for that marker of what goes off) for the keyboard and a screen
 * reader: a button named as the marker reads, "1 · Centurion Vale:
 * Fire/Throw, ends in subphase 3"; NULL when it is not on the track. */
GtkWidget   *sl_track_view_get_marker_widget (SlTrackView *self,
                                              int          unit,
                                              int          marker);

G_END_DECLS
