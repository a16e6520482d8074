/* sl-initiative-sheet-private.h: what the tests of sl-initiative-sheet ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-initiative-sheet.h"

G_BEGIN_DECLS

/* Gives the next grouping's die (1–10), as a key press would. */
gboolean     sl_initiative_sheet_enter_die      (SlInitiativeSheet *self,
                                                 int                value);
/* Move (FALSE) or countermove (TRUE) for the grouping @id. Refused for the
 * grouping that must move. */
gboolean     sl_initiative_sheet_set_countermove (SlInitiativeSheet *self,
                                                  const char        *grouping,
                                                  gboolean           countermove);
/* The acting order as it would be: "1. TOG Fire Team 1 (3, move) …". */
const char  *sl_initiative_sheet_get_order      (SlInitiativeSheet *self);
/* Rolls initiative with the dice given (the app rolls the others) and
 * closes the sheet. */
gboolean     sl_initiative_sheet_apply          (SlInitiativeSheet *self);

G_END_DECLS
