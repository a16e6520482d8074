/* sl-scenario-editor.h: the custom scenario editor (§10 A–H) — situation,
 * each side's squads from the library and its points budget, set-up,
 * objectives, rules in use, special conditions and length; saved among the
 * user's scenarios, where New Game finds it
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-draft-window.h"
#include "sl-scenario-draft.h"

G_BEGIN_DECLS

#define SL_TYPE_SCENARIO_EDITOR (sl_scenario_editor_get_type ())
G_DECLARE_FINAL_TYPE (SlScenarioEditor, sl_scenario_editor, SL, SCENARIO_EDITOR, SlDraftWindow)

SlScenarioEditor      *sl_scenario_editor_new        (GtkWindow        *parent,
                                                      const SlRules    *rules);
/* Adds a squad to side 0 or 1: a copy of @squad, or the library file @path. */
gboolean               sl_scenario_editor_add_squad  (SlScenarioEditor *self,
                                                      int               side,
                                                      const SlSquadDraft *squad,
                                                      const char       *path);
/* Saves side @side as a force (the user's forces when @path is NULL), or
 * replaces it by the force at @path, as the buttons do. */
gboolean               sl_scenario_editor_save_force (SlScenarioEditor *self,
                                                      int               side,
                                                      const char       *path);
gboolean               sl_scenario_editor_load_force (SlScenarioEditor *self,
                                                      int               side,
                                                      const char       *path);
/* Saves into @dir (the user's scenarios when NULL); the file's path, or
 * NULL with the reason shown. */
char                  *sl_scenario_editor_save       (SlScenarioEditor *self,
                                                      const char       *dir);

G_END_DECLS
