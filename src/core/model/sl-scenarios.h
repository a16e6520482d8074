/* sl-scenarios.h: the scenarios a new game can start from — the shipped
 * ones and the group's own
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-rules.h"

G_BEGIN_DECLS

typedef struct
{
  char *id;
  char *name;
  char *description;
  int   length_turns;
  char *path;
} SlScenarioInfo;

/* Every scenario file (*.json) in the scenario directories, by name; a
 * user's file hides a shipped one with the same id. Files that cannot be
 * read are left out and named in @problems (may be NULL), one line each. */
GPtrArray   *sl_scenario_list   (const SlRules  *rules,
                                 GString        *problems);
void         sl_scenario_info_free (SlScenarioInfo *info);

G_END_DECLS
