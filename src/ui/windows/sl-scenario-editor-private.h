/* sl-scenario-editor-private.h: what the tests of sl-scenario-editor ask of it beyond
 * its public API (docs/HACKING.md, "Private headers"); and what the
 * editor (sl-scenario-editor.c) and its sides (SlScenarioSide,
 * sl-scenario-side.c) share
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-scenario-editor.h"
#include "sl-scenario-side.h"

G_BEGIN_DECLS

SlScenarioDraft       *sl_scenario_editor_get_draft  (SlScenarioEditor *self);
/* Whether the scenario on screen differs from the one last saved or
 * begun (closing asks first, issue 21 #8). */
gboolean               sl_scenario_editor_has_changes (SlScenarioEditor *self);
/* The problems as shown, one per line ("" when none). */
const char            *sl_scenario_editor_get_problems (SlScenarioEditor *self);

/* What the editor's parts share ---------------------------------------- */

/* A side of the scenario (§10 B–E), as its template lays it out. */
struct _SlScenarioSide
{
  AdwPreferencesGroup  parent_instance;

  int                  index;    /* 0 or 1 */
  AdwEntryRow         *name;
  GtkSpinButton       *budget;
  AdwEntryRow         *set_up;
  AdwEntryRow         *objective;
  GtkListBox          *squads;
  /* Its special conditions (§10 G). */
  GtkSwitch           *holds_fire;
  GtkSwitch           *holds_melee;
  GtkSwitch           *hides;
  GtkSpinButton       *initiative;
  AdwExpanderRow      *forbidden;
  AdwExpanderRow      *turns;
};

/* Reads every row into the draft and shows what it says now; nothing
 * while the editor fills its rows (the rows call it as they change). */
void                   sl_scenario_editor_read_widgets (SlScenarioEditor *self);
/* The rules the scenario is made with. */
const SlRules         *sl_scenario_editor_get_rules  (SlScenarioEditor *self);

G_END_DECLS
