/* sl-private-view.h: a side's (or the referee's) private view — who lies
 * under which pile, the decoys, the secret modifiers, the sealed notes —
 * covering the whole window while it is open (§15.1, P-27, P-28, P-37,
 * P-38)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"
#include "sl-notes.h"

G_BEGIN_DECLS

/* Who a private view is for: a side's id, or this. */
#define SL_PRIVATE_REFEREE "referee"

#define SL_TYPE_PRIVATE_VIEW (sl_private_view_get_type ())
G_DECLARE_FINAL_TYPE (SlPrivateView, sl_private_view, SL, PRIVATE_VIEW, AdwBin)

SlPrivateView *sl_private_view_new          (void);
void           sl_private_view_set_game     (SlPrivateView *self,
                                             SlGame        *game);
/* Starts again at "whose secrets?", everything locked, and counts the idle
 * time from now. */
void           sl_private_view_start        (SlPrivateView *self);
/* Stops the idle count (the view is put away). */
void           sl_private_view_stop         (SlPrivateView *self);
/* Seconds without a key or pointer event before the view closes by itself
 * ("done"); 0 never. */
void           sl_private_view_set_idle_seconds (SlPrivateView *self,
                                                 guint          seconds);

/* What the buttons do, for the keyboard and tests. @who: a side's id or
 * SL_PRIVATE_REFEREE. Shows the PIN page when it has one. */
void           sl_private_view_choose       (SlPrivateView *self,
                                             const char    *who);
/* Enters the PIN on the PIN page; FALSE when it is wrong, or typed too
 * soon after a wrong one (the entry waits: sl_private_view_pin_waits); a
 * few wrong in a row close the view ("done", issue 30 #4). */
gboolean       sl_private_view_enter_pin    (SlPrivateView *self,
                                             const char    *pin);
/* Hides @unit (an id) under @pile with up to two decoys (NULL or ""),
 * @where a sealed note (or NULL), from the "Hide a Unit" form; a unit in a
 * power suit sets its stealth power mode in secret (T-19, A-126):
 * @stealth_power 1 on, 0 off, −1 as it is. */
gboolean       sl_private_view_hide_unit    (SlPrivateView *self,
                                             const char    *unit,
                                             const char    *pile,
                                             const char    *decoy1,
                                             const char    *decoy2,
                                             const char    *where,
                                             int            stealth_power);
/* Seals @text as a note of @kind for the side shown (or the side whose id
 * is @side, for the referee), from the "Seal a Note" form: in the action
 * of @unit (an id: the charge it installs, the fire mission it is calling;
 * NULL for none), or, in a game of format 4 only, for the marker @marker
 * (0 for none). */
gboolean       sl_private_view_seal         (SlPrivateView *self,
                                             const char    *side,
                                             SlNoteKind     kind,
                                             const char    *text,
                                             const char    *unit,
                                             int            marker);

G_END_DECLS
