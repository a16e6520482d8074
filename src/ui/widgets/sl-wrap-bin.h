/* sl-wrap-bin.h: a wrapping label's width asked one way only
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SL_TYPE_WRAP_BIN (sl_wrap_bin_get_type ())
G_DECLARE_FINAL_TYPE (SlWrapBin, sl_wrap_bin, SL, WRAP_BIN, AdwBin)

G_END_DECLS
