/* sl-unit-sheet.h: one unit's log, every field correctable by hand
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"
#include "sl-sheet.h"

G_BEGIN_DECLS

#define SL_TYPE_UNIT_SHEET (sl_unit_sheet_get_type ())
G_DECLARE_FINAL_TYPE (SlUnitSheet, sl_unit_sheet, SL, UNIT_SHEET, SlSheet)

SlUnitSheet *sl_unit_sheet_new      (GtkWindow   *parent,
                                     SlGame      *game,
                                     int          unit);

/* Takes the fire at @index off the history, as its Remove button does. */
gboolean     sl_unit_sheet_remove_fire    (SlUnitSheet *self,
                                           guint        index);
/* Clears the fire history, as its Clear button does. */
gboolean     sl_unit_sheet_clear_fires    (SlUnitSheet *self);

G_END_DECLS
