/* sl-exposure-sheet.h: units go inside or out together, in vacuum or a
 * hostile atmosphere (T-36, A-120)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"
#include "sl-sheet.h"

G_BEGIN_DECLS

#define SL_TYPE_EXPOSURE_SHEET (sl_exposure_sheet_get_type ())
G_DECLARE_FINAL_TYPE (SlExposureSheet, sl_exposure_sheet, SL, EXPOSURE_SHEET, SlSheet)

/* The units of @game on the table, to send out into the vacuum or
 * atmosphere (or, with @inside, inside) with one `exposure` command. */
SlExposureSheet *sl_exposure_sheet_new        (GtkWindow       *parent,
                                               SlGame          *game,
                                               gboolean         inside);
/* Which way they go, as the player chooses it. */
void             sl_exposure_sheet_set_inside (SlExposureSheet *self,
                                               gboolean         inside);

G_END_DECLS
