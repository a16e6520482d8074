/* sl-sheet-private.h: what the tests of sl-sheet ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-sheet.h"

G_BEGIN_DECLS

/* Whether it is shown (presented and not closed). */
gboolean    sl_sheet_get_shown     (SlSheet    *self);
/* Its title: the accessible name of the dialog it is to a screen reader
 * (its header shows its own AdwWindowTitle). */
const char *sl_sheet_get_title     (SlSheet    *self);
/* The accessible description the entry has now. */
const char *sl_sheet_get_description (SlSheet  *self);

G_END_DECLS
