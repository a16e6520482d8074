/* sl-random.h: the system's secure random source
 *
 * For what must not be guessed: the opening cache's key, the salt of a
 * PIN, the nonce of a sealed note. There is no fallback to a predictable
 * generator (GLib's g_random_*): when the system cannot give random bytes,
 * the caller is told, and does without.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Fills @buf with @len bytes from the kernel's secure random source
 * (getrandom(), else /dev/urandom; getentropy() elsewhere). FALSE, with
 * @error set, when it cannot. */
gboolean sl_random_bytes (void    *buf,
                          gsize    len,
                          GError **error);

G_END_DECLS
