/* sl-fire-sheet-private.h: what the tests of sl-fire-sheet ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-fire-sheet.h"

G_BEGIN_DECLS

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
/* Sets the cover shown by the table (for tests: an SlCover). */
void         sl_fire_sheet_set_cover    (SlFireSheet *self,
                                         int          cover);

G_END_DECLS
