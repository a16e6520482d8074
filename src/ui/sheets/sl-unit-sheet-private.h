/* sl-unit-sheet-private.h: what the tests of sl-unit-sheet ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-unit-sheet.h"

G_BEGIN_DECLS

/* Applies @command, a correction of the log (sl_command_new_correct_*()),
 * as the sheet's controls do; the refusal, if any, is shown on the sheet
 * and returned. */
gboolean     sl_unit_sheet_correct  (SlUnitSheet *self,
                                     JsonNode    *command,
                                     GError     **error);
/* The fire history (P-15, T-23): how many fires it shows, and the words
 * of the fire at @index, oldest first ("Single shot at 1 · Centurion
 * Vale"). */
guint        sl_unit_sheet_get_n_fires    (SlUnitSheet *self);
const char  *sl_unit_sheet_get_fire_words (SlUnitSheet *self,
                                           guint        index);

G_END_DECLS
