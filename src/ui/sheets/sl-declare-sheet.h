/* sl-declare-sheet.h: a unit declares its next action (P-07)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"
#include "sl-sheet.h"

G_BEGIN_DECLS

#define SL_TYPE_DECLARE_SHEET (sl_declare_sheet_get_type ())
G_DECLARE_FINAL_TYPE (SlDeclareSheet, sl_declare_sheet, SL, DECLARE_SHEET, SlSheet)

SlDeclareSheet *sl_declare_sheet_new        (GtkWindow      *parent,
                                             SlGame         *game,
                                             int             unit);
/* A declaration made ahead, for no unit yet (its template and its grid:
 * most of what opening it costs), while the table is idle; bound to the
 * unit typed (sl_declare_sheet_bind, once) it is the sheet
 * sl_declare_sheet_new makes. */
SlDeclareSheet *sl_declare_sheet_new_ahead  (GtkWindow      *parent,
                                             SlGame         *game);
/* Before it is bound: @unit is the likeliest to be typed (the first of
 * the grouping whose turn it is), its lists are made now. */
void            sl_declare_sheet_expect     (SlDeclareSheet *self,
                                             int             unit);
void            sl_declare_sheet_bind       (SlDeclareSheet *self,
                                             int             unit);
/* Whether a sheet opened from this one (the zero-G checks of an
 * engagement) has the app roll its dice. */
void            sl_declare_sheet_set_app_rolls (SlDeclareSheet *self,
                                                gboolean        app_rolls);
/* Engages the target chosen in melee (P-22), the defender fighting or
 * trying to avoid as chosen; closes the sheet. In zero-G it opens the
 * sheet of the two zero-G checks first (P-21, A-71): the engagement is
 * made when their dice are in. */
gboolean        sl_declare_sheet_engage     (SlDeclareSheet *self);

G_END_DECLS
