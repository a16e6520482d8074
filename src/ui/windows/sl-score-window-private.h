/* sl-score-window-private.h: what the tests of sl-score-window ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-score-window.h"

G_BEGIN_DECLS

/* The headline as shown: "Marginal Victory for TOG (ratio 1.75)". */
const char    *sl_score_window_get_headline (SlScoreWindow *self);
/* Every line shown for a side (its score, its objective, its items). */
char          *sl_score_window_get_side_text (SlScoreWindow *self,
                                              int            side);

G_END_DECLS
