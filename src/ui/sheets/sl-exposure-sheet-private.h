/* sl-exposure-sheet-private.h: what the tests of sl-exposure-sheet ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-exposure-sheet.h"

G_BEGIN_DECLS

/* Chooses @unit, or not; FALSE when it is not offered (out of sight,
 * dead, or already there). */
gboolean         sl_exposure_sheet_choose     (SlExposureSheet *self,
                                               int              unit,
                                               gboolean         chosen);
/* The units chosen go; the sheet closes, or shows the core's refusal. */
gboolean         sl_exposure_sheet_apply      (SlExposureSheet *self);

G_END_DECLS
