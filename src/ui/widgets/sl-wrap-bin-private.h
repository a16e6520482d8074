/* sl-wrap-bin-private.h: what the tests of sl-wrap-bin ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-wrap-bin.h"

G_BEGIN_DECLS

GtkWidget *sl_wrap_bin_new (void);

G_END_DECLS
