/* sl-track-chip.h: a marker of the track as the keyboard and a screen
 * reader reach it; only sl-track-view.c uses it
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SL_TYPE_TRACK_CHIP (sl_track_chip_get_type ())
G_DECLARE_FINAL_TYPE (SlTrackChip, sl_track_chip, SL, TRACK_CHIP, GtkWidget)

/* The child for @unit's marker (@unit ≥ 0, @marker 0), or for @marker,
 * what goes off (@unit -1). */
SlTrackChip *sl_track_chip_new        (int          unit,
                                       int          marker);
/* The unit whose marker it is, or -1. */
int          sl_track_chip_get_unit   (SlTrackChip *self);
/* What goes off (a grenade, a charge …): its marker's id, or 0. */
int          sl_track_chip_get_marker (SlTrackChip *self);
/* Its accessible name, as the marker reads now; told to the screen reader
 * only when it changed. */
void         sl_track_chip_set_label  (SlTrackChip *self,
                                       const char  *label);

G_END_DECLS
