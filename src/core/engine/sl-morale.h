/* sl-morale.h: initiative, melee, leadership and morale
 * (digest §5, §12, §15.4, §15.5; P-06, P-22 … P-24, P-31 … P-33; T-24 … T-26)
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

/* Leadership (§15.4) */

typedef enum
{
  SL_LEADER_ALIVE,
  SL_LEADER_DEAD,    /* his rating effect disappears (§15.4) */
  SL_LEADER_ACTING,  /* an appointed acting leader: rating +2 (P-32, A-11) */
  SL_N_LEADER_STATES
} SlLeaderState;

extern const char * const sl_leader_state_names[];

/* The rolls a leader modifies (§15.4). */
typedef enum
{
  SL_LEADER_ROLL_INITIATIVE,
  SL_LEADER_ROLL_ROUT,
  SL_LEADER_ROLL_RALLY,
} SlLeaderRoll;

/* The leader in a grouping's chain of command. */
typedef struct
{
  int            rating;  /* T-24: −2 (best) … +2; ignored unless alive */
  const SlRace  *race;    /* the leader's own race; NULL for none */
  SlLeaderState  state;
  int            charisma;  /* a Legionnaire character's −1 leadership (§18, A-136), or 0 */
} SlLeader;

/* The rating of an acting leader (P-32 step 8). */
#define SL_ACTING_LEADER_RATING 2

/* The rating that counts for @leader: his own, +2 for an acting leader, 0
 * when dead (§15.4, A-11). */
int      sl_leader_rating       (const SlLeader  *leader);
/* Adds the leader modifiers of @roll to @breakdown: the rating and the
 * leader's race Leader value (A-12; on rally only with the option
 * raceLeaderRallyOnly), each multiplied by −10 for the rout roll (T-26,
 * */
void     sl_leader_add_modifiers (const SlRules   *rules,
                                  const SlOptions *options,
                                  const SlLeader  *leader,
                                  SlLeaderRoll     roll,
                                  SlBreakdown     *breakdown);
/* Initiative (§5, P-06) */

typedef enum
{
  SL_DECISION_MOVE,
  SL_DECISION_COUNTERMOVE,
  SL_N_DECISIONS
} SlDecision;

extern const char * const sl_decision_names[];

/* An ambushed grouping can do nothing for the next 3 subphases (§5.2). */
#define SL_AMBUSH_SUBPHASES 3

typedef struct
{
  const char   *id;
  SlDecision    decision;
  gboolean      decision_given;  /* the owner declared it (the forced mover may not countermove) */
  const SlRace *race;            /* the grouping's majority race (P-06) */
  SlLeader      leader;
  gboolean      contains_leader; /* for leaderRatingAllTeams off */
  SlQuality     quality;
  int           modifier;        /* scenario or the table's */
  int           reaction;        /* a Legionnaire character's reaction: −1 (§18, A-136), or 0 */
  gboolean      ambushed;        /* a whole undetected enemy grouping attacked it (§5.2) */
  const char   *roll_stream;
  const char   *tie_stream;      /* re-rolls after a tie */
} SlGrouping;

typedef struct
{
  const SlGrouping *groupings;
  guint             n_groupings;
} SlInitiativeInput;

typedef enum
{
  SL_TIE_SETTLED_REROLL,
  SL_TIE_SETTLED_LEADER,
  SL_TIE_SETTLED_QUALITY,
} SlTieSettled;

extern const char * const sl_tie_settled_names[];

typedef struct
{
  int          natural;
  int          net;
  SlBreakdown *breakdown;
  int          leader_modifier;  /* what the leader added (A-09 leader) */
  gboolean     tied;             /* its net roll equalled another's */
  GArray      *tie_rolls;        /* int, the re-rolls it made */
  guint        rank;             /* 0 = lowest net roll */
  guint        place;            /* 0 = acts first */
  SlDecision   decision;
  gboolean     forced;           /* the highest roll: must move */
} SlGroupingResult;

/* One set of groupings that tied on net initiative. */
typedef struct
{
  int          net;
  GArray      *members;   /* guint, input indices, in the settled order */
  SlTieSettled settled_by;
  gboolean     rerolled;  /* re-rolls were needed (also after leader or quality) */
} SlInitiativeTie;

typedef struct
{
  SlGroupingResult *groupings;  /* one per input grouping, in input order */
  guint             n_groupings;
  GArray           *ranking;    /* guint: input indices, lowest net first */
  GArray           *order;      /* guint: input indices, in acting order;
                                 * ambushed groupings last (§5.2) */
  GPtrArray        *ties;       /* SlInitiativeTie */
} SlInitiativeResult;

/* The modifiers of one grouping's initiative roll (P-06, A-10, A-11, A-12). */
void     sl_initiative_modifiers (const SlRules     *rules,
                                  const SlOptions   *options,
                                  const SlGrouping  *grouping,
                                  SlBreakdown       *breakdown);
/* P-06 with A-09: rolls, ranks, settles ties and builds the acting order.
 * Ambushed groupings keep their roll and rank but leave their place in the
 * order: they act after every other grouping (§5.2).
 * Fails when the grouping forced to move was declared a countermover, or
 * when more re-rolls were given than the ties needed. */
gboolean sl_initiative_resolve   (const SlRules           *rules,
                                  const SlOptions         *options,
                                  const SlInitiativeInput *in,
                                  SlDice                  *dice,
                                  SlInitiativeResult      *result,
                                  GError                 **error);
void     sl_initiative_result_clear (SlInitiativeResult *result);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SlInitiativeResult, sl_initiative_result_clear)

/* Melee (§12, P-22 … P-24) */

typedef enum
{
  SL_STANCE_ATTACK,
  SL_STANCE_PARRY,
  SL_N_STANCES
} SlStance;

extern const char * const sl_stance_names[];

/* The whole parry (P-24 step 5), split among several attackers (E-21). */
#define SL_MELEE_PARRY 3
/* A unit that hit in its immediately preceding melee action (P-24). */
#define SL_MELEE_PREVIOUS_HIT (-1)
/* AP of a melee action, for both sides (P-24 step 1, A-75), and of the
 * free attack after a successful avoidance (P-23, A-74). */
#define SL_MELEE_AP 5
#define SL_FREE_ATTACK_AP 1

typedef struct
{
  const SlTroop *troop;
  const SlRace  *race;
  const SlArmor *armor;
  SlWound        wound;
  SlStance       stance;
  gboolean       bonus;        /* hit in its immediately preceding melee: −1 */
  int            parry_share;  /* of the opponent's +3 parry (E-21) */
  gboolean       dazed;        /* makes no roll and cannot parry */
  int            modifier;     /* any other modifier (the resolve protocol's) */
  const SlLegionnaire *legionnaire;  /* a character: melee skill, no melee weapon (§18) */
  const SlExtraModifier *extra;      /* the table's own modifiers */
  guint          n_extra;
  const char    *roll_stream;
} SlMeleeSide;

typedef struct
{
  SlMeleeSide a;
  SlMeleeSide b;
  gboolean    zero_g;
  gboolean    free_attack;     /* only a attacks, for 1 AP (P-23, A-74) */
} SlMeleeInput;

typedef enum
{
  SL_MELEE_ROLLED,
  SL_MELEE_PARRIED,      /* it parried instead (P-24 step 5) */
  SL_MELEE_DAZED,        /* */
  SL_MELEE_FREE_ATTACK,  /* the defender of a free attack */
} SlMeleeRoll;

extern const char * const sl_melee_roll_names[];

typedef struct
{
  SlMeleeRoll    roll;
  SlCheckOutcome check;       /* when rolled */
  SlBreakdown   *breakdown;   /* when rolled */
  gboolean       hit;
  gboolean       next_bonus;  /* −1 on its next melee action (P-24 step 4) */
  gboolean       hit_taken;   /* the opponent hit it */
  SlDamageResult damage;      /* when hit_taken: one level, no daze */
} SlMeleeSideResult;

typedef struct
{
  SlMeleeSideResult a;
  SlMeleeSideResult b;
  int               ap;       /* AP the action costs each side */
} SlMeleeResult;

/* The modifiers of @self's melee roll against @opponent (P-24 step 3). */
void     sl_melee_modifiers      (const SlRules      *rules,
                                  const SlOptions    *options,
                                  const SlMeleeSide  *self,
                                  const SlMeleeSide  *opponent,
                                  gboolean            zero_g,
                                  SlBreakdown        *breakdown);
/* P-24, with … A-76. */
gboolean sl_melee_resolve        (const SlRules      *rules,
                                  const SlOptions    *options,
                                  const SlMeleeInput *in,
                                  SlDice             *dice,
                                  SlMeleeResult      *result,
                                  GError            **error);
void     sl_melee_result_clear   (SlMeleeResult      *result);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SlMeleeResult, sl_melee_result_clear)

typedef struct
{
  const SlTroop *defender_troop;
  const SlRace  *defender_race;
  SlWound        defender_wound;
  gboolean       defender_dazed;
  const SlTroop *attacker_troop;
  const SlRace  *attacker_race;
  const SlLegionnaire *defender_legionnaire;  /* characters' melee skills (§18), or NULL */
  const SlLegionnaire *attacker_legionnaire;
  gboolean       defender_acted;  /* P-23 case (a): it has acted this subphase */
  gboolean       zero_g;
  const char    *roll_stream;
} SlAvoidInput;

typedef struct
{
  gboolean       rolled;          /* case (a) */
  SlCheckOutcome check;
  gboolean       avoided;
  gboolean       free_attack;     /* the attacker's 1-AP attack first */
  gboolean       melee_follows;   /* a full 5-AP melee, no new attempt (P-23) */
  int            extra_ap;        /* option avoidMeleeExtraAP */
} SlAvoidResult;

/* The modifiers of the avoidance roll. */
void     sl_avoid_melee_modifiers (const SlRules      *rules,
                                   const SlOptions    *options,
                                   const SlAvoidInput *in,
                                   SlBreakdown        *breakdown);
/* P-23 with. */
gboolean sl_avoid_melee_resolve  (const SlRules      *rules,
                                  const SlOptions    *options,
                                  const SlAvoidInput *in,
                                  SlDice             *dice,
                                  SlBreakdown        *breakdown,
                                  SlAvoidResult      *result,
                                  GError            **error);

/* Rout (P-31, T-26) */

typedef struct
{
  const char *id;
  const char *roll_stream;
} SlRoutUnit;

typedef struct
{
  SlLeader    leader;               /* state ACTING for an acting leader */
  gboolean    leader_dead;          /* the squad's leader is dead: −20 (T-26) */
  SlQuality   quality;
  int         wounded_friends;      /* L, M or S */
  int         dead_friends;         /* dead or unconscious, the leader included */
  gboolean    enemy_leader_dead;    /* +20, not cumulative */
  int         enemy_casualties;     /* wounded, unconscious or dead enemies */
  int         own_enemy_casualties; /* those this squad caused (A-101 option) */
  gboolean    penal;
  gboolean    penal_leader_visible;
  const char *roll_stream;          /* routRollScope squad */
  const SlRoutUnit *units;          /* the per-unit scopes */
  guint       n_units;
} SlRoutInput;

typedef struct
{
  SlCheckOutcome check;  /* success = the unit routs */
} SlRoutUnitResult;

typedef struct
{
  SlCheckOutcome    check;            /* routRollScope squad */
  gboolean          routs;            /* the squad (or any unit) routs */
  SlRoutUnitResult *units;            /* per-unit scopes, in input order */
  guint             n_units;
  gboolean          squad_routs;      /* every non-leader unit routs */
  double            squad_probability;/* chance that the whole squad routs */
} SlRoutResult;

/* The T-26 modifiers, as printed: a negative value makes
 * rout more likely. */
void     sl_rout_modifiers       (const SlRules     *rules,
                                  const SlOptions   *options,
                                  const SlRoutInput *in,
                                  SlBreakdown       *breakdown);
/* P-31 with. */
gboolean sl_rout_resolve         (const SlRules     *rules,
                                  const SlOptions   *options,
                                  const SlRoutInput *in,
                                  SlDice            *dice,
                                  SlBreakdown       *breakdown,
                                  SlRoutResult      *result,
                                  GError           **error);
void     sl_rout_result_clear    (SlRoutResult      *result);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SlRoutResult, sl_rout_result_clear)

/* Rally (P-32) */

typedef struct
{
  SlLeader    leader;     /* state ALIVE or ACTING */
  SlQuality   quality;    /* of the squad being rallied */
  const char *roll_stream;
} SlRallyInput;

void     sl_rally_modifiers      (const SlRules      *rules,
                                  const SlOptions    *options,
                                  const SlRallyInput *in,
                                  SlBreakdown        *breakdown);
/* P-32 with A-102: rallied on a net 1 or 2. */
gboolean sl_rally_resolve        (const SlRules      *rules,
                                  const SlOptions    *options,
                                  const SlRallyInput *in,
                                  SlDice             *dice,
                                  SlBreakdown        *breakdown,
                                  SlCheckOutcome     *outcome,
                                  GError            **error);

/* Regroup (P-33) */

typedef struct
{
  const char *id;
  SlQuality   quality;
  int         size;            /* at the start of the game */
  int         lost;            /* dead or unconscious */
  gboolean    has_leader;
  int         leader_rating;
  SlQuality   leader_quality;
} SlRegroupSquad;

typedef struct
{
  const SlRegroupSquad *squads;
  guint                 n_squads;
  guint                 leader;   /* index of the squad whose leader commands */
} SlRegroupInput;

/* One condition of P-33 that is not met. */
typedef struct
{
  char *field;    /* "squads[1].lost" */
  char *message;
} SlRegroupProblem;

typedef struct
{
  gboolean   allowed;
  GPtrArray *problems;               /* SlRegroupProblem */
  int        counts[SL_N_QUALITIES]; /* units still in the fight */
  int        size;                   /* of the merged squad */
  SlQuality  quality;
  gboolean   quality_tie;            /* settled by regroupTieQuality */
  int        leader_rating;
} SlRegroupResult;

/* P-33 with A-103. Unmet conditions are reported in the result, not as an
 * error. */
void     sl_regroup_resolve      (const SlRules        *rules,
                                  const SlOptions      *options,
                                  const SlRegroupInput *in,
                                  SlRegroupResult      *result);
void     sl_regroup_result_clear (SlRegroupResult      *result);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SlRegroupResult, sl_regroup_result_clear)

G_END_DECLS
