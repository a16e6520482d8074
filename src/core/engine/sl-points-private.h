/* sl-points-private.h: what the tests of sl-points ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-points.h"

G_BEGIN_DECLS

/* Everything the scenario's objective gives one side. */
void     sl_scenario_points           (const SlRules           *rules,
                                       const SlScenarioSummary *scenario,
                                       const SlScenarioOutcome *outcome,
                                       SlScenarioPoints        *result);

G_END_DECLS
