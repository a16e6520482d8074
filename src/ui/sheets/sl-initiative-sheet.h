/* sl-initiative-sheet.h: the Initiative Phase (P-06)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"
#include "sl-sheet.h"

G_BEGIN_DECLS

#define SL_TYPE_INITIATIVE_SHEET (sl_initiative_sheet_get_type ())
G_DECLARE_FINAL_TYPE (SlInitiativeSheet, sl_initiative_sheet, SL, INITIATIVE_SHEET, SlSheet)

SlInitiativeSheet *sl_initiative_sheet_new      (GtkWindow         *parent,
                                                 SlGame            *game);

G_END_DECLS
