/* sl-hash.h: hashes of bytes — a quick one to tell a changed text from the
 * same one (the rules file, a game file), one keyed with a secret (the
 * opening cache, sl-cache.h), and a slow one for the private views' PINs
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

/* PBKDF2-HMAC-SHA256 (RFC 8018, Nettle's) of @password with @salt, in
 * @iterations rounds: 32 bytes into @out. Each round costs as much as two
 * SHA-256 of a block; a PIN read from a saved game costs a guess all of
 * them. */
#define SL_PBKDF2_SIZE 32
void         sl_hash_pbkdf2       (const char    *password,
                                   const guint8  *salt,
                                   gsize          salt_length,
                                   guint          iterations,
                                   guint8        *out);
/* How many PBKDF2 rounds take this processor about @seconds of the
 * calling thread's time, measured now, and never fewer than @floor (a
 * quick or busy machine still saves a slow hash). */
guint        sl_hash_pbkdf2_rounds (double        seconds,
                                    guint         floor);

G_END_DECLS
