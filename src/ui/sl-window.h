/* sl-window.h: the main window
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-application.h"

G_BEGIN_DECLS

#define SL_TYPE_WINDOW (sl_window_get_type ())

G_DECLARE_FINAL_TYPE (SlWindow, sl_window, SL, WINDOW, AdwApplicationWindow)

SlWindow *sl_window_new (SlApplication *application);

G_END_DECLS
