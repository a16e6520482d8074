/* sl-points.h: squad construction costs, victory points and the premade
 * scenarios' objectives (digest §2, §15.4, §15.5, §15.11, §16, §17;
 * P-02, P-40, T-24, T-37 … T-43)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-check.h"
#include "sl-rules.h"

G_BEGIN_DECLS

/* Squad construction (P-02, T-38). */

/* One soldier as the squad builder buys it. */
typedef struct
{
  const char            *id;
  const SlTroop         *troop;
  const SlRace          *race;
  const SlArmor         *armor;
  const SlWeapon * const *weapons;     /* long arm and sidearm */
  guint                  n_weapons;
  const char * const    *equipment;   /* personal items: see sl_squad_unit_equipment */
  guint                  n_equipment;
  gboolean               hidden;      /* hidden at the start: +25 % (§15.1) */
  gboolean               naval;       /* naval tech troops (T-11 “*”, A-145) */
} SlSquadUnit;

typedef struct
{
  const SlSquadUnit  *units;
  guint               n_units;
  int                 leader_rating;   /* −2 … +2 (T-24) */
  SlQuality           quality;         /* T-25, cost by option troopQualityCost */
  int                 mines;           /* 3 points each (P-37) */
  const char * const *side_equipment;  /* see sl_squad_side_equipment */
  guint               n_side_equipment;
  gboolean            all_hidden;      /* “Defender Forces Undetected”, 150 (T-38) */
  gboolean            has_budget;
  int                 budget;
  /* Where the squad fights, when a scenario says (T-36, P-37, A-71): */
  gboolean            sealed_suits_only;  /* vacuum or a hostile atmosphere */
  gboolean            zero_g;
  gboolean            indoors;            /* no mines */
} SlSquadInput;

/* What one unit costs. @points is its value for victory points (T-04,
 * P-02 step 8); the hiding surcharge is paid on top of it. */
typedef struct
{
  int troop;
  int race;
  int armor;
  int weapons;
  int equipment;
  int points;
  int hidden_cost;
} SlUnitCost;

/* A rule the squad breaks. Costs are still computed. */
typedef struct
{
  const char *rule;     /* digest id: "A-144" */
  char       *field;    /* request path: "units[2].armor" */
  char       *message;  /* a sentence naming the rule */
} SlSquadProblem;

typedef struct
{
  SlUnitCost *units;          /* one per input unit */
  guint       n_units;
  int         units_total;    /* sum of the units' point values */
  int         hidden;         /* 25 % surcharges */
  int         leader;         /* T-24 */
  int         quality;        /* */
  int         mines;
  int         equipment;      /* squad equipment and fire missions */
  int         all_hidden;     /* 150 or 0 */
  int         total;
  int         remaining;      /* budget − total, when there is a budget */
  int         decoys_allowed; /* 2 per hidden unit (P-28, E-23) */
  GPtrArray  *problems;       /* of SlSquadProblem */
} SlSquadCost;

/* The ids a unit's equipment list may hold (P-02 step 5) and those of the
 * squad's equipment (step 6), NULL-terminated. */
extern const char * const sl_squad_unit_equipment[];
extern const char * const sl_squad_side_equipment[];

/* P-02, T-24, T-37, T-38, A-96, A-127, A-129, A-130, A-143 … A-146.
 * Fails only on ids the rules do not know; broken construction rules are
 * listed in @result->problems. Clear @result with sl_squad_cost_clear(). */
gboolean sl_squad_cost        (const SlRules      *rules,
                               const SlOptions    *options,
                               const SlSquadInput *in,
                               SlSquadCost        *result,
                               GError            **error);
void     sl_squad_cost_clear  (SlSquadCost        *result);

/* T-24: the cost of a leader rating (−2 … +2); a negative cost gives points
 * back. */
int      sl_leader_cost       (const SlRules      *rules,
                               int                 rating);
/* the cost of troop quality for a squad of @n_units. */
int      sl_quality_cost      (const SlRules      *rules,
                               const SlOptions    *options,
                               SlQuality           quality,
                               guint               n_units);
/* §15.1, A-127: the surcharge for hiding a unit worth @points, rounded up
 * to a whole point. */
int      sl_hidden_cost       (const SlRules      *rules,
                               int                 points);

/* Victory (P-40, T-17, T-39, T-40). */

typedef struct
{
  const char *id;      /* may be NULL */
  int         points;  /* the unit's point value */
  SlWound     wound;   /* its state at the end */
  gboolean    dazed;   /* scores nothing by itself (T-17) */
} SlVictoryUnit;

typedef struct
{
  const char *source;  /* what it is for, as the players say it */
  int         points;  /* ≤ 0: taken off the side's own score */
} SlVictoryPenalty;

typedef struct
{
  const char             *id;
  gboolean                primary;
  int                     secondary;        /* objectives achieved */
  int                     objective_points; /* scenario ladders (T-41 … T-43) */
  int                     unspent;          /* scenario points left over */
  const SlVictoryUnit    *enemy_units;      /* damaged enemy units */
  guint                   n_enemy_units;
  const SlVictoryUnit    *removed_units;    /* honesty rule */
  guint                   n_removed_units;
  const SlVictoryPenalty *penalties;
  guint                   n_penalties;
} SlVictorySide;

/* One line of a side's score. */
typedef struct
{
  const char *source;   /* primary secondary objective enemy-unit
                         * removed-unit unspent penalty */
  char       *label;
  const char *unit_id;  /* for units, may be NULL */
  SlWound     wound;    /* for enemy units */
  double      fraction; /* for units: the share of the value scored */
  double      points;   /* exact */
} SlVictoryItem;

typedef struct
{
  GArray     *items;    /* of SlVictoryItem */
  double      exact;    /* the exact sum */
  double      score;    /* rounded to 0.01 */
  const char *result;   /* T-40 name for this side */
} SlVictoryScore;

typedef struct
{
  SlVictoryScore        scores[2];
  gboolean              has_ratio;  /* FALSE when the low score is 0 */
  double                ratio;
  const SlVictoryLevel *level;
  int                   winner;     /* 0, 1, or −1 for a draw */
} SlVictoryResult;

/* P-40 for the two sides of a game. Clear @result with
 * sl_victory_result_clear(). */
void     sl_victory_resolve       (const SlRules        *rules,
                                   const SlOptions      *options,
                                   const SlVictorySide   sides[2],
                                   SlVictoryResult      *result);
void     sl_victory_result_clear  (SlVictoryResult      *result);
/* T-40 and A-131: the level for two scores (rounded to 0.01). */
const SlVictoryLevel *sl_victory_level (const SlRules *rules,
                                        double         high,
                                        double         low);

/* The premade scenarios' objectives (T-41 … T-43), from what the rules
 * data summarises of them. */

typedef struct
{
  int charges;             /* T-42: charges detonated in the objective room */
  int enemy_units;         /* T-41: enemy units at the start */
  int enemy_out;           /* T-41: of those, killed or unconscious at the end */
  int own_on_objective;    /* T-43: own units on the objective at the end */
  int enemy_on_objective;  /* T-43: enemy units there at the end */
  int turns_held;          /* T-43: consecutive turns held, ending with the last */
} SlScenarioOutcome;

typedef struct
{
  gboolean primary;          /* the primary objective is achieved */
  int      objective_points; /* what the objective is worth (ladder or primary) */
  int      penalty;          /* points off for enemy units on the objective */
  int      kill_target;      /* T-41: enemy units to put out of action */
  int      total;            /* objective_points + penalty */
} SlScenarioPoints;

/* T-42, E-39: the points for @charges detonated: 1 → 25, 2 → 70, 3 → 100,
 * each further one +25; 0 without a ladder. */
int      sl_scenario_charge_points    (const SlScenarioSummary *scenario,
                                       int                      charges);
/* T-41, E-40: how many of @enemy_units must be killed or knocked out (at
 * least two-thirds, rounded up); 0 without a kill objective. */
int      sl_scenario_kill_target      (const SlScenarioSummary *scenario,
                                       int                      enemy_units);
/* T-43, A-134: the points a side loses for enemy units on the objective. */
int      sl_scenario_objective_penalty (const SlScenarioSummary *scenario,
                                        int                      enemy_on_objective);
/* T-43, A-134: more own units than enemy units on the objective at the end,
 * held for the last hold_turns turns. */
gboolean sl_scenario_holds_objective  (const SlScenarioSummary *scenario,
                                       const SlScenarioOutcome *outcome);

G_END_DECLS
