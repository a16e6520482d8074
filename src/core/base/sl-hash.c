/* sl-hash.c: quick hashes (see sl-hash.h)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <time.h>

#include <nettle/pbkdf2.h>

#include "sl-hash.h"

/* Hashing: four lanes of 8 bytes at a time, each multiplied and rotated
 * (independent, so the processor works on them together), then folded and
 * mixed (the finalizer of MurmurHash3). Under a millisecond for a 3 MB game. */

#define K1 G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)
#define K2 G_GUINT64_CONSTANT (0xc2b2ae3d27d4eb4f)

static inline guint64
rotl (guint64 x, int r)
{
  return (x << r) | (x >> (64 - r));
}

static inline guint64
lane (guint64 h,
      guint64 w)
{
  return rotl (h ^ (w * K1), 31) * K2;
}

guint64
sl_hash_bytes (const void *data,
               gsize       length)
{
  const guint8 *p = data;
  guint64 h[4] = { K2 ^ length, K1, K1 ^ K2, ~K2 };
  guint64 w[4];
  gsize i = 0;

  for (; i + 32 <= length; i += 32)
    {
      memcpy (w, p + i, 32);
      h[0] = lane (h[0], w[0]);
      h[1] = lane (h[1], w[1]);
      h[2] = lane (h[2], w[2]);
      h[3] = lane (h[3], w[3]);
    }
  h[0] = lane (h[0], h[1]);
  h[0] = lane (h[0], h[2]);
  h[0] = lane (h[0], h[3]);
  for (; i < length; i += 8)
    {
      guint64 tail = 0;

      memcpy (&tail, p + i, MIN (8, length - i));
      h[0] = lane (h[0], tail);
    }
  h[0] ^= h[0] >> 33;
  h[0] *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  h[0] ^= h[0] >> 33;
  h[0] *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  h[0] ^= h[0] >> 33;
  return h[0];
}

/* SipHash-2-4 (Aumasson and Bernstein, 2012), from its specification. */

#define SIPROUND                                                   \
  do {                                                             \
    v0 += v1; v1 = rotl (v1, 13); v1 ^= v0; v0 = rotl (v0, 32);     \
    v2 += v3; v3 = rotl (v3, 16); v3 ^= v2;                         \
    v0 += v3; v3 = rotl (v3, 21); v3 ^= v0;                         \
    v2 += v1; v1 = rotl (v1, 17); v1 ^= v2; v2 = rotl (v2, 32);     \
  } while (0)

static inline guint64
read_le64 (const guint8 *p)
{
  guint64 w;

  memcpy (&w, p, 8);
  return GUINT64_FROM_LE (w);
}

guint64
sl_siphash (const guint8 *key,
            const void   *data,
            gsize         length)
{
  const guint8 *p = data;
  guint64 k0 = read_le64 (key), k1 = read_le64 (key + 8);
  guint64 v0 = k0 ^ G_GUINT64_CONSTANT (0x736f6d6570736575);
  guint64 v1 = k1 ^ G_GUINT64_CONSTANT (0x646f72616e646f6d);
  guint64 v2 = k0 ^ G_GUINT64_CONSTANT (0x6c7967656e657261);
  guint64 v3 = k1 ^ G_GUINT64_CONSTANT (0x7465646279746573);
  guint64 last = (guint64) length << 56;
  gsize i = 0;

  for (; i + 8 <= length; i += 8)
    {
      guint64 m = read_le64 (p + i);

      v3 ^= m;
      SIPROUND;
      SIPROUND;
      v0 ^= m;
    }
  for (gsize k = 0; i + k < length; k++)
    last |= (guint64) p[i + k] << (8 * k);
  v3 ^= last;
  SIPROUND;
  SIPROUND;
  v0 ^= last;
  v2 ^= 0xff;
  SIPROUND;
  SIPROUND;
  SIPROUND;
  SIPROUND;
  return v0 ^ v1 ^ v2 ^ v3;
}

void
sl_hash_pbkdf2 (const char   *password,
                const guint8 *salt,
                gsize         salt_length,
                guint         iterations,
                guint8       *out)
{
  g_return_if_fail (password != NULL && salt != NULL && iterations > 0);
  pbkdf2_hmac_sha256 (strlen (password), (const uint8_t *) password, iterations, salt_length, salt,
                      SL_PBKDF2_SIZE, out);
}

/* The calling thread's processor time in seconds: what a busy machine's
 * other programs do not add to. */
static double
thread_seconds (void)
{
  struct timespec t;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t) != 0)
    return g_get_monotonic_time () / (double) G_USEC_PER_SEC;
  return t.tv_sec + t.tv_nsec / 1e9;
}

guint
sl_hash_pbkdf2_rounds (double seconds,
                       guint  floor)
{
  static const guint8 salt[16] = { 0 };
  guint8 out[SL_PBKDF2_SIZE];
  guint probe = 20000;
  double start, spent, rounds;

  /* A twentieth of a second or so here: long enough to measure, short
   * enough to do as the PIN is set. */
  start = thread_seconds ();
  sl_hash_pbkdf2 ("0000", salt, sizeof salt, probe, out);
  spent = thread_seconds () - start;
  if (spent <= 0)
    return floor;
  rounds = probe * seconds / spent;
  return rounds > floor ? (guint) MIN (rounds, 20e6) : floor;
}
