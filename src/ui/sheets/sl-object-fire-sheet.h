/* sl-object-fire-sheet.h: the resolution sheet of a fire at an obstacle
 * (P-25, P-26) or at a charge (P-36 step 5, T-32)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"
#include "sl-sheet.h"

G_BEGIN_DECLS

#define SL_TYPE_OBJECT_FIRE_SHEET (sl_object_fire_sheet_get_type ())
G_DECLARE_FINAL_TYPE (SlObjectFireSheet, sl_object_fire_sheet, SL, OBJECT_FIRE_SHEET, SlSheet)

/* Whether @unit's fire was declared at an obstacle or a charge, not a
 * unit: its resolution is this sheet's. */
gboolean           sl_object_fire_sheet_applies   (SlGame            *game,
                                                   int                unit);
SlObjectFireSheet *sl_object_fire_sheet_new       (GtkWindow         *parent,
                                                   SlGame            *game,
                                                   int                unit,
                                                   gboolean           app_rolls);

G_END_DECLS
