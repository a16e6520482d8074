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
SlServer       *sl_phones_window_get_server   (SlPhonesWindow *self);
/* For the tests, as the widgets do. */
void            sl_phones_window_set_sharing  (SlPhonesWindow *self,
                                               gboolean        on);
/* Shows the code of @viewer (a side's id or "referee"), as choosing it
 * and Show the Code do; FALSE while a PIN is asked first. */
gboolean        sl_phones_window_show_code    (SlPhonesWindow *self,
                                               const char     *viewer);
/* Types a PIN asked for, as its row does: FALSE when it is wrong. */
gboolean        sl_phones_window_enter_pin    (SlPhonesWindow *self,
                                               const char     *pin);
/* The code and link shown, or NULL when none is. */
/* Whether a PIN is asked now, and whether its row waits after a wrong
 * one (issue 30 #4). */
gboolean        sl_phones_window_asks_pin     (SlPhonesWindow *self);
gboolean        sl_phones_window_pin_waits    (SlPhonesWindow *self);
const char     *sl_phones_window_get_code     (SlPhonesWindow *self);
const char     *sl_phones_window_get_link     (SlPhonesWindow *self);
/* The device rows listed, and Revoke on the @index'th. */
guint           sl_phones_window_get_n_devices (SlPhonesWindow *self);
void            sl_phones_window_revoke       (SlPhonesWindow *self,
                                               guint           index);
/* Where the certificate is kept (the tests give their own). */
void            sl_phones_window_set_certificate_path (SlPhonesWindow *self,
                                                       const char     *path);

G_END_DECLS
