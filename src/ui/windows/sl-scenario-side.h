/* sl-scenario-side.h: a side of the custom scenario (SlScenarioSide,
 * §10 B–E), private to the scenario editor (sl-scenario-editor.c): its
 * struct is in sl-scenario-editor-private.h
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SL_TYPE_SCENARIO_SIDE (sl_scenario_side_get_type ())
G_DECLARE_FINAL_TYPE (SlScenarioSide, sl_scenario_side, SL, SCENARIO_SIDE, AdwPreferencesGroup)

G_END_DECLS
