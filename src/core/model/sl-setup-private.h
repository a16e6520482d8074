/* sl-setup-private.h: what the tests of sl-setup ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-setup.h"

G_BEGIN_DECLS

/* The terrain the whole area counts as (T-10), or NULL. */
const SlTerrain    *sl_setup_terrain        (const SlSetup  *setup);

G_END_DECLS
