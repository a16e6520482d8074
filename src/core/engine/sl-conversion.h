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

/* A Legionnaire player character in play (§18): the skill levels and
 * attributes the setup gives, and what they convert to, worked out once
 * (sl_legionnaire_convert) when the setup is read. */

/* The weapon id of a hand grenade's skill (the thrown-weapon skill): the
 * to-hit rules stand a grenade in for the weapon under the option
 * grenadeAllRangedMods. */
#define SL_LEGIONNAIRE_GRENADE "grenade"
/* A long arm, a sidearm and hand grenades. */
#define SL_LEGIONNAIRE_MAX_SKILLS 3

typedef struct
{
  const char *weapon;    /* a T-12 weapon id, or SL_LEGIONNAIRE_GRENADE */
  int         level;     /* the Legionnaire skill level, 0 … 100 */
  int         modifier;  /* T-44 */
} SlLegionnaireSkill;

typedef struct
{
  gboolean           non_combat;       /* medic, engineer, technician: level 0 is +2 */
  SlLegionnaireSkill weapons[SL_LEGIONNAIRE_MAX_SKILLS];
  int                n_weapons;
  int                melee_level;
  int                melee_modifier;   /* T-44 */
  gboolean           melee_weapon;     /* carries any melee weapon */
  int                no_melee_weapon;  /* §18: +1 in melee without one */
  int                levels[SL_N_LEGIONNAIRE_ATTRIBUTES];
  int                bonuses[SL_N_LEGIONNAIRE_ATTRIBUTES];  /* sl_legionnaire_attribute */
} SlLegionnaire;

/* Fills the modifiers and bonuses of @character from its levels: T-44 for
 * the skills, §18 for the melee weapon, the A-136 thresholds of @options
 * for the attributes. */
void     sl_legionnaire_convert   (const SlRules   *rules,
                                   const SlOptions *options,
                                   SlLegionnaire   *character);
/* The skill of @character with @weapon (a T-12 id or
 * SL_LEGIONNAIRE_GRENADE), or NULL when it has none for it. */
const SlLegionnaireSkill *sl_legionnaire_skill (const SlLegionnaire *character,
                                                const char          *weapon);
/* The bonus of @attribute (0 when @character is NULL). */
int      sl_legionnaire_bonus     (const SlLegionnaire   *character,
                                   SlLegionnaireAttribute attribute);
/* Everything @character adds to its own melee roll: the melee skill and
 * the +1 without a melee weapon (0 when @character is NULL). */
int      sl_legionnaire_melee     (const SlLegionnaire   *character);

/* What a character has on its log, in words (NULL for NULL): "Legionnaire
 * character (§18): SR −2, SP +1, grenades −1, melee −1, no melee weapon +1,
 * initiative −1, never routs"; @brief, for the printed log: "Character:
 * SR −2, SP +1, grenades −1, melee 0". */
char    *sl_legionnaire_describe  (const SlLegionnaire   *character,
                                   gboolean               brief);
/* The same list alone: "SR −2, SP +1, …, never routs". */
char    *sl_legionnaire_modifiers_words (const SlLegionnaire *character);

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
