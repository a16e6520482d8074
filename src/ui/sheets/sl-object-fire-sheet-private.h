/* sl-object-fire-sheet-private.h: what the tests of sl-object-fire-sheet ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-object-fire-sheet.h"

G_BEGIN_DECLS

/* What the shot does, as the sheet shows it ("+4: destroyed (P-25)"), or
 * the core's refusal. */
const char        *sl_object_fire_sheet_get_outcome (SlObjectFireSheet *self);
/* What the sheet asks for now. */
const char        *sl_object_fire_sheet_get_prompt  (SlObjectFireSheet *self);
/* What the row of @result ("none", "destroyed", "explosion") of the
 * firer's line of T-32 shows: "1–3 · 30 %". NULL at an obstacle. */
const char        *sl_object_fire_sheet_get_charge_odds (SlObjectFireSheet *self,
                                                         const char        *result);
/* Whether the shot breaks through into the units just behind (P-26), as
 * the core says. */
gboolean           sl_object_fire_sheet_follows_through (SlObjectFireSheet *self);
/* Ticks @unit as just behind the obstacle, or not; FALSE when there is
 * no follow-through or @unit is not offered. */
gboolean           sl_object_fire_sheet_set_behind  (SlObjectFireSheet *self,
                                                     int                unit,
                                                     gboolean           behind);
/* The odds of @unit's follow-through roll ("Needs 7 or less · 70 %"), or
 * NULL when it is not ticked. */
const char        *sl_object_fire_sheet_get_behind_odds (SlObjectFireSheet *self,
                                                         int                unit);
/* A key press: the die asked for (1–10). The last die needed fires;
 * FALSE when no die is asked for. */
gboolean           sl_object_fire_sheet_enter_die   (SlObjectFireSheet *self,
                                                     int                value);
/* Fires, the app rolling the dice not typed; closes the sheet. */
gboolean           sl_object_fire_sheet_fire        (SlObjectFireSheet *self);

G_END_DECLS
