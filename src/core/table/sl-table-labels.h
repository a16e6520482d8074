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

/* P-26, T-18: what a shot that breaks through an obstacle does to the
 * units just behind it, the reach, the attack and the PF lost from the
 * rules data: the object-fire sheet's description. */
char        *sl_table_labels_follow_through     (const SlRules *rules);
/* §15.1: "Within 1 m: detected at once", a unit that near a pile, and
 * "Only within 1 m or inside a holotarp’s square (§15.1)", when a
 * detection roll may be tried outside the Detection Phase. */
char        *sl_table_labels_detected_at_once   (const SlRules *rules);
char        *sl_table_labels_detection_outside  (const SlRules *rules);
/* §18, T-44: a Legionnaire character without a melee weapon, "Without
 * one: +1 in melee (§18)", and an untrained skill of a medic, engineer
 * or technician, "… is +2, not +1 (T-44)". */
char        *sl_table_labels_no_melee_weapon    (const SlRules *rules);
char        *sl_table_labels_untrained_non_combat (const SlRules *rules);
/* what a shaped charge does to the obstacle it is set
 * against, with the game's rule option (shapedChargeObstaclePF). */
char        *sl_table_labels_shaped_charge      (const SlOptions *options);

G_END_DECLS
