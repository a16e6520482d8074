/* sl-builder-window-private.h: what the tests of sl-builder-window ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-builder-window.h"

G_BEGIN_DECLS

const SlSquadDraft *sl_builder_window_get_draft  (SlBuilderWindow *self);
/* Whether the squad on screen differs from the one last saved, opened or
 * begun (closing asks first, issue 21 #8). */
gboolean            sl_builder_window_has_changes (SlBuilderWindow *self);
/* "368 of 400 points · 32 left", as shown. */
const char         *sl_builder_window_get_total  (SlBuilderWindow *self);
/* The rules the squad breaks, one per line, as shown ("" when none). */
const char         *sl_builder_window_get_problems (SlBuilderWindow *self);
/* The combo row of a unit's field ("troop", "race", "armor", "weapon",
 * "sidearm"), for the keyboard and for tests. */
AdwComboRow        *sl_builder_window_get_combo  (SlBuilderWindow *self,
                                                  int              unit,
                                                  const char      *field);

G_END_DECLS
