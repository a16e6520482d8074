/* sl-score-window.h: the scenario's objectives and the score (P-40) — at
 * the end of the game, or as it would be if the game ended now
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"

G_BEGIN_DECLS

#define SL_TYPE_SCORE_WINDOW (sl_score_window_get_type ())
G_DECLARE_FINAL_TYPE (SlScoreWindow, sl_score_window, SL, SCORE_WINDOW, AdwWindow)

SlScoreWindow *sl_score_window_new          (GtkWindow     *parent,
                                             SlGame        *game);
/* Records what the players see on the table, as the controls would
 * (the objective command): charges set off in the objective room, or the
 * units of each side on the objective. Returns FALSE when refused. */
gboolean       sl_score_window_record_charges (SlScoreWindow *self,
                                               int            side,
                                               int            charges);
gboolean       sl_score_window_record_units  (SlScoreWindow *self,
                                              int            own,
                                              int            other);
/* A custom objective judged by the players (§10 E, T-39). */
gboolean       sl_score_window_record_objectives (SlScoreWindow *self,
                                                  int            side,
                                                  gboolean       primary,
                                                  int            secondary);

G_END_DECLS
