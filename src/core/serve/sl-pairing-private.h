/* sl-pairing-private.h: what the tests of sl-pairing ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-pairing.h"

G_BEGIN_DECLS

void                sl_pairing_set_clock      (SlPairing      *self,
                                               SlPairingClock  clock,
                                               gpointer        data);

G_END_DECLS
