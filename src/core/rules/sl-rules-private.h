/* sl-rules-private.h: what the tests of sl-rules ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-rules.h"

G_BEGIN_DECLS

const SlTroop  *sl_rules_troop          (const SlRules *rules, const char *id);
const SlObstacle *sl_rules_obstacle     (const SlRules *rules, const char *id);

G_END_DECLS
