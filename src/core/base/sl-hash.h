/* sl-hash.h: quick hashes of bytes — one to tell a changed text from the
 * same one (the rules file, a game file), one keyed with a secret (the
 * opening cache, sl-cache.h)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A 64-bit hash of @length bytes: quick (a few GB/s), not cryptographic —
 * it tells a changed text from the same one, not an attacker's. */
guint64      sl_hash_bytes        (const void    *data,
                                   gsize          length);

/* SipHash-2-4 of @length bytes with a 128-bit secret @key: what the cache
 * is keyed on. Without the key, no one can make another text with the same
 * value (say, a game file sent by an opponent to replace the last one). */
#define SL_CACHE_KEY_SIZE 16
guint64      sl_siphash           (const guint8  *key,
                                   const void    *data,
                                   gsize          length);

G_END_DECLS
