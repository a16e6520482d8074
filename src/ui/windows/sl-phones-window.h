/* sl-phones-window.h: Private Views on Phones — sharing each side's
 * private view, and the referee's, to phones on the local network
 * (docs/phones.md)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-server.h"

G_BEGIN_DECLS

#define SL_TYPE_PHONES_WINDOW (sl_phones_window_get_type ())
G_DECLARE_FINAL_TYPE (SlPhonesWindow, sl_phones_window, SL, PHONES_WINDOW, AdwWindow)

/* The sharing window of @server (its game's; started and stopped by the
 * window's switch). */
SlPhonesWindow *sl_phones_window_new          (GtkWindow      *parent,
                                               SlServer       *server);
/* Types a PIN asked for, as its row does: FALSE when it is wrong. */
gboolean        sl_phones_window_enter_pin    (SlPhonesWindow *self,
                                               const char     *pin);

G_END_DECLS
