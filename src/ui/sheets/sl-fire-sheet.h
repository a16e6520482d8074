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
/* The command as the sheet stands, without dice. */
JsonNode    *sl_fire_sheet_get_command  (SlFireSheet *self);
/* "Needs 7 or less · 70 %", or why the fire cannot be made. */
const char  *sl_fire_sheet_get_odds     (SlFireSheet *self);
/* Gives the next die the sheet asks for, as a key press would (1–10).
 * Returns FALSE when the value is refused. When the last die is in, the
 * fire is applied and the sheet closes. */
gboolean     sl_fire_sheet_enter_die    (SlFireSheet *self,
                                         int          value);
/* Whether the fire is refused for a reason nothing on the sheet can put
 * right (a jammed weapon …), so that the sheet offers to give up the
 * unit's action. */
gboolean     sl_fire_sheet_can_give_up  (SlFireSheet *self);
/* Gives up the unit's action (cancel, §6.1) and closes the sheet. */
gboolean     sl_fire_sheet_give_up      (SlFireSheet *self);
/* A concentrated burst (§9.3), when the weapon fires bursts; FALSE when
 * it does not. */
gboolean     sl_fire_sheet_set_burst    (SlFireSheet *self,
                                         gboolean     concentrated);
/* Fires an area burst instead (P-30 step 4), when the sheet offers it (a
 * Fire action declared without a burst, that the rate of fire allows):
 * closes this sheet and presents the area-burst sheet, returned; NULL
 * when not offered. */
SlAreaBurstSheet *sl_fire_sheet_area_burst_instead (SlFireSheet *self);
/* Sets the cover shown by the table (for tests: an SlCover). */
void         sl_fire_sheet_set_cover    (SlFireSheet *self,
                                         int          cover);

G_END_DECLS
