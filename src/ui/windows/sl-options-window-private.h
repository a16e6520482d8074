/* sl-options-window-private.h: what the tests of sl-options-window ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-options-window.h"

G_BEGIN_DECLS

/* The number of options the window marks as changed from the defaults. */
guint        sl_options_window_count_changed (GtkWidget *window);

G_END_DECLS
