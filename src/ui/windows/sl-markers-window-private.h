/* sl-markers-window-private.h: what the tests of sl-markers-window ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-markers-window.h"

G_BEGIN_DECLS

/* What the row of @marker says of it ("Internal Door · 2½ of 5 wound
 * levels (P-25)"), or NULL when it is not listed. */
const char       *sl_markers_window_get_words  (SlMarkersWindow *self,
                                                int              marker);
/* Whether the row of @marker offers the correction of @field (a field of
 * correct-marker: "due", "expires", "charges", "damage", "label",
 * "removed"), as the core takes it. */
gboolean          sl_markers_window_offers     (SlMarkersWindow *self,
                                                int              marker,
                                                const char      *field);
/* Sets @marker's "charges" or "damage" (in wound levels) as its spin
 * button does: the correction is made at once. */
gboolean          sl_markers_window_set_number (SlMarkersWindow *self,
                                                int              marker,
                                                double           value);
/* Sets @marker's "due" or "expires" moment and presses Set. */
gboolean          sl_markers_window_set_time   (SlMarkersWindow *self,
                                                int              marker,
                                                int              turn,
                                                int              subphase);
/* Types @label into @marker's label and applies it. */
gboolean          sl_markers_window_set_label  (SlMarkersWindow *self,
                                                int              marker,
                                                const char      *label);
/* Presses @marker's Take Off the Table…: the confirmation it asks, or
 * NULL. Its "remove" response takes the marker off. */
AdwMessageDialog *sl_markers_window_remove     (SlMarkersWindow *self,
                                                int              marker);
/* The core's refusal of the last correction, or NULL. */
const char       *sl_markers_window_get_problem (SlMarkersWindow *self);

G_END_DECLS
