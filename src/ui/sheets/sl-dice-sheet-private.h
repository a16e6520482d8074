/* sl-dice-sheet-private.h: what the tests of sl-dice-sheet ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-dice-sheet.h"

G_BEGIN_DECLS

/* Picks the choice of @field whose value is @value (a floating @value is
 * consumed), as the player would in its list; FALSE when there is none. */
gboolean     sl_dice_sheet_choose     (SlDiceSheet        *self,
                                       const char         *field,
                                       GVariant           *value);
/* Changes the count, as the player would. */
void         sl_dice_sheet_set_count  (SlDiceSheet        *self,
                                       int                 count);
/* The odds as the sheet shows them, one line per roll. */
const char  *sl_dice_sheet_get_odds   (SlDiceSheet        *self);
/* A key press: a digit (0–9). d10: 0 is 10; d100: two digits, tens then
 * units, 00 is 100. Returns FALSE when refused. */
gboolean     sl_dice_sheet_type_digit (SlDiceSheet        *self,
                                       int                 digit);
/* Whether the command is refused for a reason nothing on the sheet can
 * put right, so that the sheet offers to give up the unit's action. */
gboolean     sl_dice_sheet_can_give_up (SlDiceSheet      *self);
/* Gives up the unit's action (cancel, §6.1) and closes the sheet. */
gboolean     sl_dice_sheet_give_up    (SlDiceSheet        *self);
/* Applies the command, the app rolling the dice not typed. */
gboolean     sl_dice_sheet_apply      (SlDiceSheet        *self);

G_END_DECLS
