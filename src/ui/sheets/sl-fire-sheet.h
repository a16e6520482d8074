/* sl-fire-sheet.h: the resolution sheet of a ranged fire (P-14)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-area-burst-sheet.h"
#include "sl-game.h"
#include "sl-sheet.h"

G_BEGIN_DECLS

#define SL_TYPE_FIRE_SHEET (sl_fire_sheet_get_type ())
G_DECLARE_FINAL_TYPE (SlFireSheet, sl_fire_sheet, SL, FIRE_SHEET, SlSheet)

/* The sheet for @unit's fire, due now. With @app_rolls the app rolls the
 * dice; otherwise the players type theirs (1–9, 0 for 10). */
SlFireSheet *sl_fire_sheet_new          (GtkWindow   *parent,
                                         SlGame      *game,
                                         int          unit,
                                         gboolean     app_rolls);
/* Fires an area burst instead (P-30 step 4), when the sheet offers it (a
 * Fire action declared without a burst, that the rate of fire allows):
 * closes this sheet and presents the area-burst sheet, returned; NULL
 * when not offered. */
SlAreaBurstSheet *sl_fire_sheet_area_burst_instead (SlFireSheet *self);

G_END_DECLS
