/* sl-explosives.h: grenades, the grenade launcher, blasts, charges, mines
 * and fire missions (digest §15.6 … §15.9; P-34 … P-38, T-27 … T-35)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-check.h"
#include "sl-combat.h"
#include "sl-dice.h"
#include "sl-rules.h"

G_BEGIN_DECLS

/* What throws or fires the round (T-29, T-31, T-35). */
typedef enum
{
  SL_GRENADE_HAND,
  SL_GRENADE_LAUNCHER,
  SL_GRENADE_MORTAR,
  SL_GRENADE_MISSILE,
} SlGrenadeWeapon;

typedef enum
{
  SL_GRENADE_FRAG,
  SL_GRENADE_SMOKE,
  SL_N_GRENADE_TYPES
} SlGrenadeType;

/* Who sees a target the firer does not see (P-34, P-35, P-38; A-114,
 * */
typedef enum
{
  SL_SPOTTED_BY_LEADER,
  SL_SPOTTED_BY_UNIT,
  SL_SPOTTED_BY_SENSOR,
} SlSpotterKind;

/* T-28, in the order of the rules data. */
typedef enum
{
  SL_SCATTER_LONG,
  SL_SCATTER_SHORT,
  SL_SCATTER_LEFT,
  SL_SCATTER_RIGHT,
  SL_SCATTER_DOUBLE,
  SL_SCATTER_TRIPLE,
} SlScatterResult;

/* T-27 range bands of the hand grenade. */
typedef enum
{
  SL_GRENADE_BAND_NONE = -1,
  SL_GRENADE_BAND_SHORT,
  SL_GRENADE_BAND_MEDIUM,
  SL_GRENADE_BAND_LONG,
} SlGrenadeBand;

extern const char * const sl_grenade_weapon_names[];
extern const char * const sl_grenade_type_names[];
extern const char * const sl_spotter_names[];
extern const char * const sl_scatter_names[];
extern const char * const sl_grenade_band_names[];

/* The longest list of scatter dice one scatter may use before the engine
 * gives up rerolling (never reached with fair dice). */
#define SL_SCATTER_MAX_ROLLS 64

/* One hand grenade, launcher grenade, mortar round or missile. */
typedef struct
{
  SlGrenadeWeapon weapon;
  SlGrenadeType   type;
  double          range_m;        /* thrower (or calling leader) to aim point; < 0 unknown */
  gboolean        spotted_only;   /* not seen, spotted by a friend: +1 */
  SlSpotterKind   spotter;        /* who sees it when spotted_only */
  gboolean        through_window; /* +1 */
  gboolean        at_obstacle;    /* "long" scatter results are rerolled */
  gboolean        indirect;       /* launcher indirect fire (P-35 step 5) */
  gboolean        dead_zone;      /* the aim point lies in a dead zone */
  /* The thrower: its wound always counts; with the option
   * grenadeAllRangedMods every ranged modifier of T-14 counts, for which
   * firer, target and conditions are used (firer.weapon may be NULL). */
  const SlToHitInput *thrower;
  const char     *field_prefix;   /* "" or "grenades[2]." for errors */
  const char     *roll_stream;
  const char     *scatter_stream;
} SlGrenadeInput;

typedef struct
{
  SlScatterResult direction;      /* long, short, left or right */
  double          base_m;         /* T-29 */
  int             multiplier;     /* 1, 2 or 3 */
  double          distance_m;
  int             rolls[SL_SCATTER_MAX_ROLLS];
  guint           n_rolls;
} SlScatter;

typedef struct
{
  double   along_m;     /* along the thrower → aim line */
  double   across_m;    /* to the right of it, as seen from the thrower */
  double   from_origin_m;
  gboolean moved;       /* moved to 2 m in front of the thrower */
} SlLanding;

typedef struct
{
  SlCheckOutcome check;
  gboolean       on_target;
  SlGrenadeBand  band;
  gboolean       indirect;
  gboolean       scattered;
  SlScatter      scatter;
  gboolean       has_landing;
  SlLanding      landing;
} SlGrenadeResult;

/* P-34, P-35 (hand grenade and launcher) and the hit roll of T-35: the
 * landing check with its modifiers, and the scatter on a miss. */
gboolean sl_grenade_resolve        (const SlRules          *rules,
                                    const SlOptions        *options,
                                    const SlGrenadeInput   *in,
                                    SlDice                 *dice,
                                    SlBreakdown            *breakdown,
                                    SlGrenadeResult        *result,
                                    GError                **error);

/* T-28 and T-29 with E-34: direction and distance of one scatter. */
void     sl_scatter_roll           (const SlRules          *rules,
                                    SlGrenadeWeapon         weapon,
                                    SlGrenadeBand           band,
                                    gboolean                at_obstacle,
                                    SlDice                 *dice,
                                    const char             *stream,
                                    SlScatter              *scatter);

/* where a round aimed @range_m away lands after @scatter (NULL when
 * it landed on target); thrown and launched grenades never land behind the
 * thrower nor closer than 2 m, off-board rounds are not moved. */
void     sl_scatter_landing        (const SlRules          *rules,
                                    SlGrenadeWeapon         weapon,
                                    double                  range_m,
                                    const SlScatter        *scatter,
                                    SlLanding              *landing);

/* A launcher's load (P-35, A-113). */
typedef struct
{
  int frag;
  int smoke;
} SlLauncherLoad;

/* Checks a salvo of @n grenades of @types against the launcher's rules:
 * 1 to 4 per fire action, one type unless launcherMixedLoads, and, when
 * @load is not NULL, what the launcher still holds. Fills @after. */
gboolean sl_launcher_salvo_check   (const SlRules          *rules,
                                    const SlOptions        *options,
                                    const SlGrenadeType    *types,
                                    guint                   n,
                                    const SlLauncherLoad   *load,
                                    SlLauncherLoad         *after,
                                    GError                **error);

/* P-35, A-113: the salvo the launcher can fire now from @load: its type
 * (fragmentation while it holds any, else smoke) in @type, and the most
 * grenades of it, at most the rules' per-fire-action number; 0 when empty. */
int      sl_launcher_salvo_max     (const SlRules          *rules,
                                    const SlLauncherLoad   *load,
                                    SlGrenadeType          *type);

/* one jam check per launcher fire action, after the first natural 1
 * among @results. Returns whether the check was made. */
gboolean sl_launcher_jam           (const SlRules          *rules,
                                    const SlGrenadeResult  *results,
                                    guint                   n,
                                    SlDice                 *dice,
                                    const char             *stream,
                                    int                    *jam_roll,
                                    gboolean               *jammed);

/* P-34 step 6 and A-108: the subphase of the explosion step in which a
 * grenade thrown in @turn, @subphase goes off. */
void     sl_grenade_detonation     (const SlRules          *rules,
                                    const SlOptions        *options,
                                    int                     turn,
                                    int                     subphase,
                                    int                    *out_turn,
                                    int                    *out_subphase);

/* Blasts (T-30, T-33, T-34a, T-35,
 * A-116) and smoke. */
typedef enum
{
  SL_BLAST_FRAG,
  SL_BLAST_SMOKE,
  SL_BLAST_PLASTIC,
  SL_BLAST_PLASTIC_2,
  SL_BLAST_PLASTIC_3,
  SL_BLAST_PLASTIC_4,
  SL_BLAST_MORTAR,
  SL_BLAST_MISSILE,
} SlBlastSource;

extern const char * const sl_blast_source_names[];

typedef enum
{
  SL_BLAST_COVER_NONE,
  SL_BLAST_COVER_HALF,
  SL_BLAST_COVER_FULL,
} SlBlastCover;

extern const char * const sl_blast_cover_names[];

typedef struct
{
  SlBlastSource  source;
  double         distance_m;      /* from the blast point */
  gboolean       half_cover;      /* judged from the blast point */
  gboolean       full_cover;
  SlPosition     position;
  gboolean       sacrifice_dive;  /* this unit dived onto the grenade */
  gboolean       smothered;       /* another unit dived onto it */
  gboolean       behind_wall;     /* an intact wall or closed door between */
  gboolean       inside_building; /* fire missions never reach inside */
  gboolean       has_target;
  const SlArmor *armor;
  const SlRace  *race;
  SlWound        wound;
} SlBlastInput;

typedef struct
{
  int            table_m;         /* the distance looked up */
  gboolean       in_area;         /* inside the blast area: loses its action */
  gboolean       affected;        /* hit by the blast: damage and daze */
  gboolean       loses_action;
  SlBlastCover   cover;
  int            table_penetration;
  int            penetration;     /* after cover and the sacrifice dive */
  const char    *reason;          /* why not affected, for people */
  gboolean       has_damage;
  SlDamageResult damage;
  /* Smoke. */
  double         smoke_radius_m;
  int            smoke_subphases;
  int            smoke_turns;     /* 0 when it lasts less than a turn */
  gboolean       in_cloud;
} SlBlastResult;

gboolean sl_blast_resolve          (const SlRules          *rules,
                                    const SlOptions        *options,
                                    const SlBlastInput     *in,
                                    SlBlastResult          *result,
                                    GError                **error);

/* The source name sl_blast_penetration() knows for @source. */
const char *sl_blast_source_table  (SlBlastSource           source);

/* The farthest whole metre at which @source still has a penetration. */
int      sl_blast_reach            (const SlRules          *rules,
                                    const SlOptions        *options,
                                    SlBlastSource           source);

/* the subphase in which a smoke cloud made in @turn, @subphase is
 * gone. */
void     sl_smoke_clears           (const SlRules          *rules,
                                    const SlOptions        *options,
                                    int                     turn,
                                    int                     subphase,
                                    int                    *out_turn,
                                    int                    *out_subphase);

/* T-32 with A-84. */
typedef enum
{
  SL_CHARGE_SHOT_NONE,
  SL_CHARGE_SHOT_DESTROYED,
  SL_CHARGE_SHOT_EXPLOSION,
  SL_N_CHARGE_SHOT_RESULTS
} SlChargeShotResult;

extern const char * const sl_charge_shot_names[];

SlChargeShotResult sl_charge_shot  (const SlRules          *rules,
                                    SlChargeRow             row,
                                    int                     roll);
/* P-36 step 5: the shot hits automatically and @row of T-32 decides; a
 * hidden charge cannot be targeted. */
gboolean sl_charge_shot_resolve    (const SlRules          *rules,
                                    SlChargeRow             row,
                                    gboolean                hidden,
                                    SlDice                 *dice,
                                    const char             *stream,
                                    int                    *roll,
                                    SlChargeShotResult     *result,
                                    GError                **error);
/* The chance of @result on @row. */
double   sl_charge_shot_odds       (const SlRules          *rules,
                                    SlChargeRow             row,
                                    SlChargeShotResult      result);

/* Mines (P-37; ). */
typedef struct
{
  gboolean       dud;
  gboolean       has_distance;
  double         distance_m;      /* of the unit that comes near */
  gboolean       enemy;
  gboolean       in_other_explosion;
  const char    *roll_stream;     /* the chain roll */
  gboolean       has_target;      /* the unit that set it off */
  const SlArmor *armor;
  const SlRace  *race;
  SlWound        wound;
} SlMineInput;

typedef struct
{
  gboolean       triggered;
  gboolean       detonates;
  gboolean       chain_checked;
  SlCheckOutcome chain;
  gboolean       at_once;         /* at once, or in the explosion step */
  gboolean       stops_unit;
  const char    *reason;
  int            trigger_penetration;
  gboolean       has_damage;
  SlDamageResult damage;
} SlMineResult;

gboolean sl_mine_resolve           (const SlRules          *rules,
                                    const SlOptions        *options,
                                    const SlMineInput      *in,
                                    SlDice                 *dice,
                                    SlMineResult           *result,
                                    GError                **error);

/* Fire missions (P-38, T-35; ). */
typedef struct
{
  const SlFireMissionDef *mission;
  SlSpotterKind  spotter;
  gboolean       on_building;
  gboolean       target_hidden;
  gboolean       holotarp;
  double         range_m;         /* calling leader to the impact point; < 0 unknown */
  const char    *roll_stream;
  const char    *scatter_stream;
} SlFireMissionInput;

typedef struct
{
  SlGrenadeResult shot;
  SlBlastSource   profile;        /* mortar or missile */
  int             charges;        /* the T-34a column */
  int             reach_m;
} SlFireMissionResult;

gboolean sl_fire_mission_resolve   (const SlRules             *rules,
                                    const SlOptions           *options,
                                    const SlFireMissionInput  *in,
                                    SlDice                    *dice,
                                    SlFireMissionResult       *result,
                                    GError                   **error);

/* The shaped charge's zones behind a breached obstacle. */
typedef enum
{
  SL_SHAPED_ZONE_NONE,
  SL_SHAPED_ZONE_A,
  SL_SHAPED_ZONE_B,
} SlShapedZone;

extern const char * const sl_shaped_zone_names[];

typedef struct
{
  gboolean       breached;
  double         distance_m;      /* behind the obstacle */
  gboolean       in_strip;        /* in the 1 m strip straight behind it */
  gboolean       has_target;
  const SlArmor *armor;
  const SlRace  *race;
  SlWound        wound;
} SlShapedInput;

typedef struct
{
  SlShapedZone   zone;
  int            penetration;
  gboolean       affected;
  const char    *reason;
  gboolean       has_damage;
  SlDamageResult damage;
} SlShapedResult;

void     sl_shaped_charge_resolve  (const SlRules          *rules,
                                    const SlOptions        *options,
                                    const SlShapedInput    *in,
                                    SlShapedResult         *result);

G_END_DECLS
