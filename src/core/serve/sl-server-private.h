/* sl-server-private.h: what the tests of sl-server ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-server.h"

G_BEGIN_DECLS

guint            sl_server_get_port         (SlServer     *self);
/* How many WebSockets are open. */
guint            sl_server_get_n_sockets    (SlServer     *self);

G_END_DECLS
