/* sl-pairing.h: who may see a private view on a phone — invitations
 * (a link's secret and a six-digit code, once, for five minutes), the
 * rate limit on wrong tries, and the paired devices' session tokens
 * (docs/phones.md)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "sl-viewer.h"

G_BEGIN_DECLS

/* How long an invitation lasts, a session lasts, and the rate limit's
 * window and counts. */
#define SL_PAIRING_INVITATION_LIFETIME ((gint64) 5 * 60 * G_USEC_PER_SEC)
#define SL_PAIRING_SESSION_LIFETIME    ((gint64) 12 * 60 * 60 * G_USEC_PER_SEC)
#define SL_PAIRING_LIMIT_WINDOW        ((gint64) 60 * G_USEC_PER_SEC)
#define SL_PAIRING_LIMIT_PER_ADDRESS   5
#define SL_PAIRING_LIMIT_ALL           20

/* One viewer's invitation: its link's secret (128 random bits, in hex)
 * and its code (six digits), valid once until @expires. */
typedef struct
{
  SlViewer viewer;
  char     secret[33];
  char     code[7];
  gint64   expires;          /* the clock's time */
} SlInvitation;

/* A paired device. */
typedef struct
{
  guint64  id;
  SlViewer viewer;
  char    *name;             /* what its browser calls itself, shortened */
  char    *address;          /* where it paired from */
  gint64   paired;           /* the wall clock, µs since 1970 */
  gint64   expires;          /* the clock's time */
} SlDevice;

typedef enum
{
  SL_PAIR_OK,
  SL_PAIR_WRONG,             /* no live invitation has it: used, expired or never made */
  SL_PAIR_LIMITED,           /* too many wrong tries: try again later */
} SlPairResult;

/* The clock, µs: g_get_monotonic_time unless a test sets another. */
typedef gint64 (*SlPairingClock) (gpointer data);

#define SL_TYPE_PAIRING (sl_pairing_get_type ())

G_DECLARE_FINAL_TYPE (SlPairing, sl_pairing, SL, PAIRING, GObject)

/* "changed": an invitation was used or made again, a device paired or
 * was revoked. */
SlPairing          *sl_pairing_new            (void);
/* @viewer's live invitation, made when it has none or its one has
 * expired or been used. */
const SlInvitation *sl_pairing_invite         (SlPairing      *self,
                                               SlViewer        viewer);
/* Forgets @viewer's invitation (or every viewer's, SL_VIEWER_TABLE). */
void                sl_pairing_withdraw       (SlPairing      *self,
                                               SlViewer        viewer);
/* Pairs by a link's @secret or by a @code typed, from @address (for the
 * rate limit). On SL_PAIR_OK *@viewer is the invitation's, *@token the
 * new session token (64 hex digits: 256 bits), the invitation is used
 * up; on SL_PAIR_LIMITED *@retry_after is the seconds to wait. */
SlPairResult        sl_pairing_pair           (SlPairing      *self,
                                               const char     *secret,
                                               const char     *code,
                                               const char     *address,
                                               const char     *device_name,
                                               SlViewer       *viewer,
                                               char          **token,
                                               guint          *retry_after);
/* The live device holding @token, or NULL. */
const SlDevice     *sl_pairing_lookup         (SlPairing      *self,
                                               const char     *token);
/* The paired devices, in the order they paired (SlDevice *, owned). */
GPtrArray          *sl_pairing_get_devices    (SlPairing      *self);
/* Forgets a device: its token opens nothing any more. FALSE when there
 * is none of @id. */
gboolean            sl_pairing_revoke         (SlPairing      *self,
                                               guint64         id);

G_END_DECLS
