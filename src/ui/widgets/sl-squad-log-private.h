/* sl-squad-log-private.h: what the tests of sl-squad-log ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-squad-log.h"

G_BEGIN_DECLS

/* Every text the log's lines draw, and what they tell a screen reader: a
 * line of text per unit — the text of each field, the details under the
 * name, the tally, the line read aloud, the badges — separated by tabs
 * (for tests: what is on the screen). */
char        *sl_squad_log_get_text    (SlSquadLog *self);
/* Where a column is drawn in each line, left to right, in pixels from a
 * line's start (for tests): @column is one of "counter", "name", "weapon",
 * "mod", "ammo", "wounds", "position", "action", "status". FALSE for a
 * column folded into the details under the names, for want of room (the
 * modifiers, then the weapon, then the position). */
gboolean     sl_squad_log_get_column  (SlSquadLog *self,
                                       const char *column,
                                       int        *x,
                                       int        *width);
/* Whether @unit's line draws @text ("details": under the name, with the
 * columns folded into it; or "action") cut short, for tests. */
gboolean     sl_squad_log_get_cut     (SlSquadLog *self,
                                       int         unit,
                                       const char *text);

G_END_DECLS
