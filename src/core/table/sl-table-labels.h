/* sl-table-labels.h: the words the front ends put beside a choice that
 * carries a table's value — "Half cover (+2)", "Rout check (d100)" —
 * formatted from the rules data (SlRules), never written into the UI
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-rules.h"

G_BEGIN_DECLS

/* A T-19 modifier a detection roll takes where the pile lies, with its
 * value: "Half cover (+2)" for "half-cover"; also "full-cover",
 * "light-woods", "heavy-woods", "smoke". NULL for another id. */
char        *sl_table_labels_detection_modifier (const SlRules *rules,
                                                 const char    *id);
/* T-27: a grenade through a window, "Through a window (+1)", or for the
 * @grenade-th (1 …) of a salvo "Grenade 2: through a window (+1)" (0:
 * the only one). */
char        *sl_table_labels_through_window     (const SlRules *rules,
                                                 int            grenade);
/* T-27: "The thrower does not see it, a friend does (+1)". */
char        *sl_table_labels_not_seen           (const SlRules *rules);
/* A die and what it decides, from its T-01 check ("rout" → "Rout check
 * (d100)"; "rally", "detection"). NULL for another id. */
char        *sl_table_labels_check_die          (const SlRules *rules,
                                                 const char    *check);
/* T-38: "Hidden at the start (+25 %)", what hiding adds to a unit's
 * points. */
char        *sl_table_labels_hidden_surcharge   (const SlRules *rules);
/* P-34 step 3, T-31: the ranges a hand grenade may be thrown to, in
 * whole metres. */
void         sl_table_labels_throw_range        (const SlRules *rules,
                                                 int           *minimum_m,
                                                 int           *maximum_m);

G_END_DECLS
