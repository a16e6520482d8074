/* sl-scenario-editor-private.h: what the tests of sl-scenario-editor ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-scenario-editor.h"

G_BEGIN_DECLS

SlScenarioDraft       *sl_scenario_editor_get_draft  (SlScenarioEditor *self);
/* Whether the scenario on screen differs from the one last saved or
 * begun (closing asks first, issue 21 #8). */
gboolean               sl_scenario_editor_has_changes (SlScenarioEditor *self);
/* The problems as shown, one per line ("" when none). */
const char            *sl_scenario_editor_get_problems (SlScenarioEditor *self);

G_END_DECLS
