/* sl-unit-sheet.h: one unit's log, every field correctable by hand
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"

G_BEGIN_DECLS

#define SL_TYPE_UNIT_SHEET (sl_unit_sheet_get_type ())
G_DECLARE_FINAL_TYPE (SlUnitSheet, sl_unit_sheet, SL, UNIT_SHEET, AdwWindow)

SlUnitSheet *sl_unit_sheet_new      (GtkWindow   *parent,
                                     SlGame      *game,
                                     int          unit);
/* Corrects @field of the log (a field of the `correct` command) to @value
 * (JSON text), as the sheet's controls do; the refusal, if any, is shown
 * on the sheet and returned. */
gboolean     sl_unit_sheet_correct  (SlUnitSheet *self,
                                     const char  *field,
                                     const char  *value,
                                     GError     **error);

G_END_DECLS
