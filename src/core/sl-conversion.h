/* sl-conversion.h: Legionnaire characters and Centurion counters
 * (digest §18; T-44, A-136)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-check.h"
#include "sl-rules.h"

G_BEGIN_DECLS

/* Legionnaire → Phalanx. */

/* T-44: the Phalanx modifier for a weapon or melee skill @level (≥ 0);
 * non-combat characters take +2 rather than +1 at level 0. Beyond the last
 * band the modifier keeps falling by 1 per 3 full levels. */
int      sl_legionnaire_modifier  (const SlRules *rules,
                                   int            level,
                                   gboolean       non_combat);
/* Phalanx → Legionnaire: the lowest skill level that gives @modifier (each
 * −1 is 3 levels); FALSE when no level gives it. */
gboolean sl_legionnaire_level     (const SlRules *rules,
                                   int            modifier,
                                   gboolean       non_combat,
                                   int           *level);

typedef enum
{
  SL_LEGIONNAIRE_LAND_MOVEMENT,  /* +1 m on every move but crawling */
  SL_LEGIONNAIRE_REACTION,       /* −1 initiative */
  SL_LEGIONNAIRE_CHARISMA,       /* −1 leadership */
  SL_N_LEGIONNAIRE_ATTRIBUTES
} SlLegionnaireAttribute;

extern const char * const sl_legionnaire_attribute_names[];

/* the threshold of @attribute from the options, or −1 when it is
 * unset (then the attribute never gives anything). */
int      sl_legionnaire_threshold (const SlOptions        *options,
                                   SlLegionnaireAttribute  attribute);
/* The bonus an attribute above its threshold gives: 1 (metre) for land
 * movement, −1 for reaction (initiative) and charisma (leadership). */
int      sl_legionnaire_attribute (const SlOptions        *options,
                                   SlLegionnaireAttribute  attribute,
                                   int                     level);
/* The melee modifier for a character with or without a melee weapon. */
int      sl_legionnaire_melee_weapon (const SlRules *rules,
                                      gboolean       has_melee_weapon);
/* The Phalanx suit: partial armor counts as the Tanker Suit; otherwise the
 * players' nearest suit. */
const SlArmor *sl_legionnaire_armor (const SlRules *rules,
                                     gboolean       partial,
                                     const SlArmor *nearest);

/* Phalanx → Centurion. */

typedef enum
{
  SL_CENTURION_NONE,       /* nobody survived */
  SL_CENTURION_INFANTRY,   /* normal infantry */
  SL_CENTURION_CREW,       /* bailed-out tank crew */
} SlCenturionClass;

extern const char * const sl_centurion_class_names[];

gboolean sl_centurion_is_infantry (const SlRules *rules,
                                   const SlTroop *troop);
/* §18: one Centurion infantry counter for a squad, with IFW equal to its
 * surviving units (E-36) and the class of most of them. */
void     sl_centurion_convert     (const SlRules        *rules,
                                   const SlTroop * const *troops,
                                   const gboolean       *alive,
                                   guint                 n_units,
                                   int                  *ifw,
                                   SlCenturionClass     *counter);

G_END_DECLS
