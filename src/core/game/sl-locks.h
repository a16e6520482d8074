/* sl-locks.h: the PINs of the private views — what opens whose secrets,
 * saved with the game (issue 19 #1, issue 30 #3 and #4)
 *
 * A PIN keeps the other players' eyes off a private view at the table.
 * It is saved as PBKDF2-HMAC-SHA256 with a random 16-byte salt, in as many
 * rounds as take this machine about a quarter of a second (at least
 * SL_LOCK_MIN_ROUNDS): whoever holds the file pays that for each guess,
 * so the 10 000 PINs of four digits cost some 40 minutes of one processor
 * core — a delay, not a wall: a PIN does not encrypt the file, which
 * holds every secret in plain words. At the table, wrong PINs make the
 * next try wait longer and longer (sl_locks_try).
 *
 * The referee's view shows every side's secrets. Its PIN opens a side's
 * secrets only if that side trusts it: the sides that had PINs when the
 * referee's PIN was set (their PINs, or a referee's PIN they trusted, were
 * needed to open the view it was set in), and a side that says so
 * knowingly when it locks (sl_locks_set_referee_opens). A side that locks
 * after the referee's PIN was set, without saying so, is asked for its own
 * PIN too: a PIN set early by anyone at the table opens no lock set after
 * it.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-json.h"
#include "sl-setup.h"

G_BEGIN_DECLS

/* Who the referee's lock is saved for. */
#define SL_LOCK_REFEREE "referee"
/* A quarter of a second of one core here, never fewer rounds than this
 * (about a quarter of a second on a 2 GHz core without SHA instructions). */
#define SL_LOCK_SECONDS 0.25
#define SL_LOCK_MIN_ROUNDS 200000
/* Wrong PINs in a row make the next try wait 1 s, 2 s, 4 s … at most
 * this long. */
#define SL_LOCK_MAX_WAIT_SECONDS 60
/* The view asking closes after this many wrong PINs in a row. */
#define SL_LOCK_WRONG_TO_CLOSE 3
/* A saved lock of more rounds than this is refused on load: each try of
 * it would keep the app busy for minutes. */
#define SL_LOCK_MAX_ROUNDS 50000000

typedef struct _SlLocks SlLocks;

typedef enum
{
  SL_PIN_OPENS,   /* the PIN is right */
  SL_PIN_WRONG,   /* it is not: the next try waits */
  SL_PIN_WAIT,    /* too soon after a wrong one: not even tried */
  SL_PIN_CLOSE,   /* wrong, SL_LOCK_WRONG_TO_CLOSE in a row: close the view */
} SlPinCheck;

SlLocks    *sl_locks_new               (void);
void        sl_locks_free              (SlLocks        *locks);

/* Reads a saved game's "locks" (@node) for @setup's sides; fails @ctx
 * naming the field ("locks.cw.salt") when a lock is not one Squad Log
 * writes — one that could never be opened included. */
gboolean    sl_locks_load              (SlLocks        *locks,
                                        JsonNode       *node,
                                        const SlSetup  *setup,
                                        SlReadContext  *ctx);
/* Appends ",\n  \"locks\": {…}", or nothing when there is no lock. */
void        sl_locks_append            (SlLocks        *locks,
                                        GString        *out);

gboolean    sl_locks_has               (SlLocks        *locks,
                                        const char     *who);
/* Tries @pin for @who's lock at @now_us (g_get_monotonic_time): SL_PIN_WAIT
 * before *@retry_at, set after each wrong PIN (1 s, then twice as long each
 * time, up to SL_LOCK_MAX_WAIT_SECONDS; a right one starts over); every
 * SL_LOCK_WRONG_TO_CLOSE-th wrong one in a row is SL_PIN_CLOSE. A lock
 * saved as one salted SHA-256 (game format 4) opens as it did and is saved
 * again with PBKDF2: *@rehashed is TRUE then. No lock: SL_PIN_OPENS. */
SlPinCheck  sl_locks_try               (SlLocks        *locks,
                                        const char     *who,
                                        const char     *pin,
                                        gint64          now_us,
                                        gint64         *retry_at,
                                        gboolean       *rehashed);
/* The monotonic time before which no PIN is tried (0: none). */
gint64      sl_locks_retry_at          (SlLocks        *locks);
/* The PINs that open @who's view, in the order to ask them: a side's own;
 * for SL_LOCK_REFEREE its PIN and the PIN of every locked side that does
 * not trust it — or, with no referee PIN, every locked side's. */
GStrv       sl_locks_to_open           (SlLocks        *locks,
                                        const SlSetup  *setup,
                                        const char     *who);
/* Sets @who's PIN (@pin empty or NULL: removes it) at @now (seconds since
 * 1970). A side's new PIN is not opened by the referee's until the side
 * says so; the referee's new PIN opens every side locked now. */
void        sl_locks_set               (SlLocks        *locks,
                                        const SlSetup  *setup,
                                        const char     *who,
                                        const char     *pin,
                                        gint64          now);
/* Whether the referee's PIN opens @side's view. */
gboolean    sl_locks_referee_opens     (SlLocks        *locks,
                                        const char     *side);
void        sl_locks_set_referee_opens (SlLocks        *locks,
                                        const char     *side,
                                        gboolean        opens);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlLocks, sl_locks_free)

G_END_DECLS
