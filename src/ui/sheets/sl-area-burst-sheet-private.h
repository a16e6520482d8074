/* sl-area-burst-sheet-private.h: what the tests of sl-area-burst-sheet ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-area-burst-sheet.h"

G_BEGIN_DECLS

/* The units in the wedge, as rows: how many, adding one (its index), and
 * removing one. */
guint             sl_area_burst_sheet_get_n_targets  (SlAreaBurstSheet *self);
/* Whether @unit is offered in the rows' unit lists (the units the firer
 * may engage, as the shared screen shows them). */
gboolean          sl_area_burst_sheet_offers         (SlAreaBurstSheet *self,
                                                      int               unit);
/* Sets row @index as the player would: @unit, @distance_m from the firer,
 * behind @cover (an SlCover). FALSE when @unit is not offered. */
gboolean          sl_area_burst_sheet_set_target     (SlAreaBurstSheet *self,
                                                      guint             index,
                                                      int               unit,
                                                      double            distance_m,
                                                      int               cover);
/* The odds of row @index's to-hit roll before it is made, as the core
 * gives them ("Needs 6 or less · 60 %"), or why it cannot be engaged. */
const char       *sl_area_burst_sheet_get_odds       (SlAreaBurstSheet *self,
                                                      guint             index);
/* What the sheet asks for now (the die of a unit, the jam check's …). */
const char       *sl_area_burst_sheet_get_prompt     (SlAreaBurstSheet *self);
/* The core's refusal shown, or NULL. */
const char       *sl_area_burst_sheet_get_problem    (SlAreaBurstSheet *self);
/* The command as the sheet stands, without dice. */
JsonNode         *sl_area_burst_sheet_get_command    (SlAreaBurstSheet *self);
/* Gives the die the sheet asks for, as a key press would (1–10). Returns
 * FALSE when the value is refused. When the last die is in, the burst is
 * resolved and the sheet closes. */
gboolean          sl_area_burst_sheet_enter_die      (SlAreaBurstSheet *self,
                                                      int               value);
/* Resolves the burst, the app rolling the dice not typed ("Roll for
 * Me"); closes the sheet, or shows the core's refusal. */
gboolean          sl_area_burst_sheet_apply          (SlAreaBurstSheet *self);
/* Whether the burst is refused for a reason nothing on the sheet can put
 * right, so that the sheet offers to give up the unit's action. */
gboolean          sl_area_burst_sheet_can_give_up    (SlAreaBurstSheet *self);
/* Gives up the unit's action (cancel, §6.1) and closes the sheet. */
gboolean          sl_area_burst_sheet_give_up        (SlAreaBurstSheet *self);

G_END_DECLS
