/* sl-combat.h: ranged combat, damage, automatic fire and obstacles
 * (digest §9, §10, §13, §15.3; P-14 … P-20, P-25, P-26, P-30)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-check.h"
#include "sl-conversion.h"
#include "sl-dice.h"
#include "sl-json.h"
#include "sl-rules.h"

G_BEGIN_DECLS

typedef enum { SL_FACING_NONE, SL_FACING_SMALL, SL_FACING_LARGE } SlFacing;
typedef enum { SL_FIRE_NORMAL, SL_FIRE_AIMED, SL_FIRE_OPPORTUNITY } SlFireKind;
typedef enum { SL_BURST_NONE, SL_BURST_CONCENTRATED, SL_BURST_AREA } SlBurstMode;

extern const char * const sl_facing_names[];
extern const char * const sl_fire_kind_names[];
extern const char * const sl_burst_names[];

typedef struct
{
  const SlTroop  *troop;
  const SlRace   *race;
  const SlArmor  *armor;
  const SlWeapon *weapon;
  const char     *omni_mode;     /* "spike", "slug" or NULL */
  SlWound         wound;
  SlMove          movement;      /* the move combined with this fire */
  SlFacing        facing_change;
  SlPosition      position;
  gboolean        stealth_power;
  gboolean        ambushing;     /* */
  gboolean        in_marsh;      /* */
  gboolean        in_light_woods;
  gboolean        in_heavy_woods;
  const SlLegionnaire *legionnaire;  /* a Legionnaire character's skills (§18), or NULL */
} SlFirer;

typedef struct
{
  SlMove         movement;       /* this subphase's move */
  SlPosition     position;
  gboolean       covers[SL_N_COVERS];  /* cover on the line of fire */
  gboolean       firing_at_firer;      /* firing or detecting toward the firer */
  const SlArmor *armor;                /* NULL when not known */
  gboolean       camo_tinter;
  gboolean       vehicle;              /* */
  gboolean       in_marsh;
  gboolean       in_light_woods;
  gboolean       in_heavy_woods;
  int            units_on_line;        /* other counters the LOS crosses */
  gboolean       in_melee;             /* */
  gboolean       hidden;               /* hidden and not detected */
} SlTarget;

typedef struct
{
  gboolean night;
  gboolean indoors;
  gboolean blackout;     /* night applies indoors only in a blackout (T-36) */
  gboolean smoke;
  gboolean enemy_ecm;
  gboolean rain;
  gboolean snow;
  gboolean zero_g;
  double   range_m;      /* needed for rain and snow; < 0 when unknown */
  gboolean scenario_terrain;  /* the woods are the scenario's, everywhere (§10 G) */
} SlConditions;

typedef struct
{
  const char *source;
  const char *label;
  int         value;
} SlExtraModifier;

/* "modifiers": [{"source": "…", "value": n}], the table's own modifiers
 * of a roll (scenario-specific, house rules), each −20 … +20: a new array
 * of *@n_out entries (free with g_free; read with @reader's other fields
 * and checked with them). The same field for a fire, a to-hit request
 * and a melee. */
SlExtraModifier *sl_extra_modifiers_read (SlReader   *reader,
                                          const char *field,
                                          guint      *n_out);

typedef struct
{
  SlFirer          firer;
  SlTarget         target;
  SlConditions     conditions;
  SlFireKind       fire;
  SlBurstMode      burst;
  int              consecutive;          /* 1st, 2nd or 3rd consecutive burst */
  gboolean         firer_own_cover[SL_N_COVERS];
  const SlExtraModifier *extra;          /* scenario or skill modifiers */
  guint            n_extra;
  const char      *roll_stream;
  const char      *jam_stream;
  const char      *other_stream;         /* A-58 second roll */
} SlToHitInput;

typedef struct
{
  SlCheckOutcome check;
  gboolean       hit;
  gboolean       jam_checked;
  int            jam_roll;
  gboolean       jammed;
  gboolean       other_checked;
  SlCheckOutcome other;
  gboolean       other_hit;
} SlToHitResult;

/* Adds every to-hit modifier of T-14 that applies to @breakdown, or fails
 * with the rule that forbids the shot. */
gboolean sl_to_hit_modifiers (const SlRules      *rules,
                              const SlOptions    *options,
                              const SlToHitInput *in,
                              SlBreakdown        *breakdown,
                              GError            **error);
/* P-14 with P-16: the to-hit roll and the jam check after a natural 1. */
gboolean sl_to_hit_resolve   (const SlRules      *rules,
                              const SlOptions    *options,
                              const SlToHitInput *in,
                              SlDice             *dice,
                              SlBreakdown        *breakdown,
                              SlToHitResult      *result,
                              GError            **error);

/* An area burst (P-30 step 4, A-95): one of the units in the wedge. */
typedef struct
{
  double        distance_m;   /* from the firer: nearest are engaged first */
  gboolean      distance_given; /* distance_m was measured: it is the range (T-36, A-118) */
  SlTarget      target;
  const SlRace *race;
  SlWound       wound;        /* for the damage of a hit */
  const char   *roll_stream;
} SlAreaTarget;

typedef struct
{
  guint          index;       /* into the input targets */
  gboolean       engaged;
  char          *reason;      /* why not, when not engaged */
  SlCheckOutcome check;
  SlBreakdown   *breakdown;
  gboolean       hit;
  gboolean       revealed;    /* a hidden unit hit (A-95 option) */
} SlAreaTargetResult;

typedef struct
{
  SlAreaTargetResult *targets;  /* in the order they were engaged (nearest first) */
  guint               n_targets;
  int                 hits;
  gboolean            jam_checked;
  int                 jam_roll;
  gboolean            jammed;
} SlAreaBurstResult;

/* P-30 step 4: engages the units nearest first with the fire of @in (its
 * target ignored, burst area), until the hits equal @rounds or every unit
 * has been engaged once. Units the line of sight does not reach are not
 * engaged; one jam check on the first roll. Fails only for errors of
 * the firer (fields "firer.…"). */
gboolean sl_area_burst_resolve      (const SlRules       *rules,
                                     const SlOptions     *options,
                                     const SlToHitInput  *in,
                                     const SlAreaTarget  *targets,
                                     guint                n_targets,
                                     int                  rounds,
                                     SlDice              *dice,
                                     const char          *jam_stream,
                                     SlAreaBurstResult   *result,
                                     GError             **error);
void     sl_area_burst_result_clear (SlAreaBurstResult   *result);

typedef enum
{
  SL_DAMAGE_FIRE,     /* a to-hit roll preceded it */
  SL_DAMAGE_BLAST,    /* frag, charges, mines, missions: no roll */
  SL_DAMAGE_MELEE,    /* exactly one level, no daze */
  SL_DAMAGE_VACUUM,   /* one level from a breached suit */
} SlDamageSource;

extern const char * const sl_damage_source_names[];

typedef struct
{
  SlDamageSource source;
  int            penetration;
  const SlArmor *armor;
  const SlRace  *race;
  SlWound        wound;
  int            natural_roll;  /* of the to-hit roll, 0 when none */
  int            rounds;        /* rounds that hit (bursts), at least 1 */
} SlDamageInput;

typedef struct
{
  int      armor_factor;   /* AF + race armor */
  int      levels;         /* wound levels dealt */
  gboolean natural_one;    /* the natural-1 minimum raised the damage */
  SlWound  wound;          /* the new level */
  gboolean dazed;
} SlDamageResult;

/* P-20, with A-65 (race armor), A-66 (natural 1) and A-94 (bursts). */
void     sl_damage_resolve   (const SlRules       *rules,
                              const SlOptions     *options,
                              const SlDamageInput *in,
                              SlDamageResult      *result);

/* T-21 and A-93: how many rounds of a concentrated burst of @rounds hit for
 * the second d10 @roll. */
int      sl_burst_hits       (const SlRules   *rules,
                              const SlOptions *options,
                              int              rounds,
                              int              roll);

typedef enum
{
  SL_OBSTACLE_FIRE,
  SL_OBSTACLE_FRAG,
  SL_OBSTACLE_PLASTIC,
  SL_OBSTACLE_SHAPED,
} SlObstacleSource;

extern const char * const sl_obstacle_source_names[];

typedef struct
{
  const SlObstacle *obstacle;
  SlObstacleSource  source;
  int               penetration;  /* fire */
  double            distance_m;   /* frag */
  int               charges;      /* plastic: 1 … 4 */
  double            damage;       /* levels taken before, halves allowed */
  gboolean          burst;
} SlObstacleInput;

typedef struct
{
  int      armor_factor;
  int      penetration;
  double   levels;              /* this attack */
  double   total;
  gboolean immune;              /* this weapon can never harm it */
  gboolean destroyed;
  gboolean destroyed_now;
  const char *marker;           /* "breach", "removed" or NULL */
  gboolean follow_through;
  int      follow_through_penetration;
} SlObstacleResult;

/* P-25, P-26 with. */
gboolean sl_obstacle_resolve (const SlRules          *rules,
                              const SlOptions        *options,
                              const SlObstacleInput  *in,
                              SlObstacleResult       *result,
                              GError                **error);

/* The to-hit modifier of @cover (T-14, with A-45 for woods; a window is
 * hard half cover), and a label for people. */
int         sl_cover_to_hit_value (const SlRules   *rules,
                                   const SlOptions *options,
                                   SlCover          cover);
const char *sl_cover_label        (SlCover          cover);

/* Penetration of a blast at @distance_m: frag (T-30), plastic (T-33) or
 * @charges ≥ 2 charges (T-34a); 0 when out of reach. */
int      sl_blast_penetration (const SlRules   *rules,
                               const SlOptions *options,
                               const char      *source,
                               double           distance_m);

G_END_DECLS
