/* sl-blast-sheet.h: a grenade, a charge, a mine or a fire mission goes off
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"
#include "sl-sheet.h"

G_BEGIN_DECLS

#define SL_TYPE_BLAST_SHEET (sl_blast_sheet_get_type ())
G_DECLARE_FINAL_TYPE (SlBlastSheet, sl_blast_sheet, SL, BLAST_SHEET, SlSheet)

/* The sheet of marker @marker, due now. */
SlBlastSheet *sl_blast_sheet_new        (GtkWindow    *parent,
                                         SlGame       *game,
                                         int           marker);
/* A mine set off (P-37): the sheet names mines by number and side only,
 * @marker first; the players say who set it off and who else is near. */
SlBlastSheet *sl_blast_sheet_new_mine   (GtkWindow    *parent,
                                         SlGame       *game,
                                         int           marker);

G_END_DECLS
