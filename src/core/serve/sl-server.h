/* sl-server.h: the phones' private views, served over HTTPS on the local
 * network (libsoup 3): pairing, each viewer's table model as JSON, its
 * live updates over a WebSocket, the commands a phone sends (docs/phones.md)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "sl-game.h"
#include "sl-pairing.h"
#include "sl-viewer.h"

G_BEGIN_DECLS

#define SL_SERVER_DEFAULT_PORT 9743
/* The WebSocket's subprotocol. */
#define SL_SERVER_PROTOCOL     "squadlog-1"
#define SL_SERVER_COOKIE       "__Host-squadlog-session"

#define SL_TYPE_SERVER (sl_server_get_type ())

G_DECLARE_FINAL_TYPE (SlServer, sl_server, SL, SERVER, GObject)

/* A server for @game (not started). "changed": an invitation renewed, a
 * device paired or revoked, the server started or stopped. */
SlServer        *sl_server_new              (SlGame       *game);
/* Starts serving on @bind (an IP address; NULL: every address of the
 * machine) and @port (0: any free one), with the certificate at
 * @certificate_path (sl_certificate_default_path () when NULL), made
 * there first if need be. */
gboolean         sl_server_start            (SlServer     *self,
                                             const char   *bind,
                                             guint         port,
                                             const char   *certificate_path,
                                             GError      **error);
/* Stops: every socket closed (going away), every session and
 * invitation forgotten. */
void             sl_server_stop             (SlServer     *self);
gboolean         sl_server_is_running       (SlServer     *self);
/* The certificate's SHA-256 fingerprint, "AB:CD:…", once started. */
const char      *sl_server_get_fingerprint  (SlServer     *self);
SlPairing       *sl_server_get_pairing      (SlServer     *self);
SlGame          *sl_server_get_game         (SlServer     *self);
/* The viewers a phone may pair as: each side, then the referee (SlViewer). */
GArray          *sl_server_get_viewers      (SlServer     *self);
/* A side's name, or "Referee". */
const char      *sl_server_viewer_name      (SlServer     *self,
                                             SlViewer      viewer);
/* @viewer's pairing link at @host (an address of this machine), its
 * invitation made if need be; *@code (may be NULL) its code. */
char            *sl_server_pairing_link     (SlServer     *self,
                                             SlViewer      viewer,
                                             const char   *host,
                                             char        **code);

/* This machine's addresses a phone on the local network may reach
 * (IPv4, not loopback), most likely first; empty when it has none. */
GStrv            sl_server_local_addresses  (void);

G_END_DECLS
