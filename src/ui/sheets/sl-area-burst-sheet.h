/* sl-area-burst-sheet.h: the resolution sheet of an area burst (P-30
 * step 4)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"
#include "sl-sheet.h"

G_BEGIN_DECLS

#define SL_TYPE_AREA_BURST_SHEET (sl_area_burst_sheet_get_type ())
G_DECLARE_FINAL_TYPE (SlAreaBurstSheet, sl_area_burst_sheet, SL, AREA_BURST_SHEET, SlSheet)

/* The sheet for @unit's area burst, due now, with one unit in the wedge to
 * begin with. With @app_rolls the app rolls the dice; otherwise the
 * players type theirs (1–9, 0 for 10). */
SlAreaBurstSheet *sl_area_burst_sheet_new            (GtkWindow        *parent,
                                                      SlGame           *game,
                                                      int               unit,
                                                      gboolean          app_rolls);
/* The units in the wedge, as rows: how many, adding one (its index), and
 * removing one. */
guint             sl_area_burst_sheet_add_target     (SlAreaBurstSheet *self);
void              sl_area_burst_sheet_remove_target  (SlAreaBurstSheet *self,
                                                      guint             index);

G_END_DECLS
