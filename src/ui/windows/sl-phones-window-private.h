/* sl-phones-window-private.h: what the tests of sl-phones-window ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-phones-window.h"

G_BEGIN_DECLS

/* The server it shares (the one it was made with). */
SlServer       *sl_phones_window_get_server   (SlPhonesWindow *self);
/* Turns sharing on or off, as the window's switch does. */
void            sl_phones_window_set_sharing  (SlPhonesWindow *self,
                                               gboolean        on);
/* Shows the code of @viewer (a side's id or "referee"), as choosing it
 * and Show the Code do; FALSE while a PIN is asked first. */
gboolean        sl_phones_window_show_code    (SlPhonesWindow *self,
                                               const char     *viewer);
/* Whether a PIN is asked now, and whether its row waits after a wrong
 * one (issue 30 #4). */
gboolean        sl_phones_window_asks_pin     (SlPhonesWindow *self);
gboolean        sl_phones_window_pin_waits    (SlPhonesWindow *self);
/* The code and link shown, or NULL when none is. */
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
