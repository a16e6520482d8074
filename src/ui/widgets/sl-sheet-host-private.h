/* sl-sheet-host-private.h: what the tests read of SlSheetHost
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-sheet-host.h"

G_BEGIN_DECLS

/* The panels shown are drawn over the content's picture made ahead (its
 * backdrop), not over the content drawn in the frame. */
gboolean sl_sheet_host_draws_backdrop (SlSheetHost *self);

/* Lets go of the picture: the panels shown are drawn over the content
 * itself, as they are before the content has first been still. */
void     sl_sheet_host_forget_backdrop (SlSheetHost *self);

G_END_DECLS
