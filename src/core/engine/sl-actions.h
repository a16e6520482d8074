/* sl-actions.h: action costs, the subphase track, timings, dazes, rate of
 * fire, elevators and wound effects (digest §3, §6, §10, §15.3; P-07 … P-12,
 * P-15, P-19, P-30; T-05, T-06, T-16, T-17, T-22, T-23)
 *
 * Movement allowances and paths are in sl-movement.h.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-check.h"
#include "sl-rules.h"

G_BEGIN_DECLS

/* Time.
 *
 * A moment of play: a turn (1, 2, …) and, inside the Action Phase, a
 * subphase (1–10) and a step of the subphase pipeline (P-08). Moments in
 * the between-turn phases have no subphase (0). */
typedef enum
{
  SL_PHASE_INITIATIVE,
  SL_PHASE_DETECTION,
  SL_PHASE_ACTION,
  SL_PHASE_FIRE_MISSION,
  SL_PHASE_ROUT_RALLY,
  SL_PHASE_END,
  SL_N_PHASES
} SlPhase;

extern const char * const sl_phase_names[];

/* The steps of a subphase (P-08). */
typedef enum
{
  SL_STEP_NONE,              /* the whole subphase, or a between-turn phase */
  SL_STEP_START,             /* the marker advances; timers expire */
  SL_STEP_INITIATIVE_ORDER,  /* actions in initiative order, moves, opportunity fire */
  SL_STEP_RANGED_FIRE,
  SL_STEP_EXPLOSION,         /* "just before melee" */
  SL_STEP_MELEE,
  SL_STEP_RALLY,
  SL_N_STEPS
} SlStep;

extern const char * const sl_step_names[];

typedef struct
{
  int     turn;
  int     subphase;   /* 1–10, or 0 outside the Action Phase */
  SlPhase phase;
  SlStep  step;       /* inside the Action Phase only; NONE for the whole subphase */
} SlMoment;

/* The subphase track marks 4 turns, 40 boxes (E-44). */
#define SL_TRACK_BOXES 40

/* Subphases since subphase 1 of turn 1 (which is 0). */
int      sl_subphase_index     (const SlRules *rules,
                                int            turn,
                                int            subphase);
/* The turn and subphase of @index. */
void     sl_subphase_split     (const SlRules *rules,
                                int            index,
                                int           *turn,
                                int           *subphase);
/* The moment of subphase @index at @step. */
void     sl_moment_at          (const SlRules *rules,
                                int            index,
                                SlStep         step,
                                SlMoment      *moment);
/* The box (1–40) of a subphase on the subphase track (E-44). */
int      sl_actions_track_box (const SlRules *rules,
                               int            turn,
                               int            subphase);

/* Action costs (T-05, T-06, A-19 … ). */

/* What an action is combined with (T-06). The moves of SlMove, and the
 * position change into kneeling that T-06 lists among them. */
#define SL_COMBINE_KNEELING SL_N_MOVES
/* P-10 and A-32: climbing or descending stairs counts as a move. */
#define SL_COMBINE_STAIRS (SL_N_MOVES + 1)
extern const char * const sl_combine_names[];
/* "walking", "kneeling", "climbing or descending stairs": for people. */
const char  *sl_combine_label (int combined_with);

typedef struct
{
  const SlAction *action;
  int             combined_with;  /* SlMove, SL_COMBINE_KNEELING or SL_COMBINE_STAIRS */
  SlWound         wound;
  SlPosition      position;       /* at the start of the action */
  int             to_position;    /* position change: SlPosition, or -1 */
  gboolean        locked;         /* opening a locked door with a key */
  gboolean        airlock;        /* an airlock door */
  gboolean        key_from_body;  /* picking a key from a body */
  int             floors;         /* stairs and elevator travel; 0 = 1 */
  gboolean        leader;         /* the unit is its squad's leader */
  gboolean        dazed;
} SlActionCostInput;

typedef struct
{
  int      cost;           /* the AP, the sum of the breakdown */
  int      base;           /* the action's own AP, per floor included */
  int      extra;          /* combination extra after running doubled it */
  int      wound_penalty;  /* the wound AP penalty included in cost */
  gboolean wound_exempt;   /* the action is free of the wound penalty */
  int      takes_effect_after;  /* AP after which the action resolves (§6.1, A-21) */
  int      ends_position;  /* SlPosition the unit ends in, or -1 for unchanged */
  int      stairs_ap;      /* combined with stairs: the AP of the climb beside it */
} SlActionCostResult;

/* T-05 and T-06 with A-19 …: the AP an action costs this unit.
 * Every part of the cost goes into @breakdown (source "base", "floors",
 * "locked", "airlock", "key-from-body", "combination", "running",
 * "kneeling-minimum", "avoid-melee", "wound"); their sum is the cost. Fails
 * with the rule when the action or combination is not allowed. */
gboolean sl_action_cost        (const SlRules            *rules,
                                const SlOptions          *options,
                                const SlActionCostInput  *in,
                                SlBreakdown              *breakdown,
                                SlActionCostResult       *result,
                                GError                  **error);

/* Scheduling (P-07 step 3, E-05 … E-07, E-44). */

typedef struct
{
  int turn;
  int subphases;
} SlTurnShare;

typedef struct
{
  int         end_turn;
  int         end_subphase;
  int         start_box;
  int         end_box;
  gboolean    carries_over;   /* the action ends in a later turn */
  SlTurnShare turns[SL_TRACK_BOXES + 1];
  guint       n_turns;
} SlSchedule;

/* An action of @cost AP (1–40) started in @turn, @subphase. */
gboolean sl_schedule           (const SlRules *rules,
                                int            turn,
                                int            subphase,
                                int            cost,
                                SlSchedule    *schedule,
                                GError       **error);

/* Dazes (P-19, E-18). */

typedef struct
{
  SlMoment from;          /* first dazed subphase */
  SlMoment until;         /* last dazed subphase */
  SlMoment expires;       /* the start of the subphase after */
  gboolean was_dazed;     /* an earlier daze was still running */
  gboolean unchanged;     /* a daze from this same subphase: still 3 subphases */
} SlDaze;

/* A unit dazed in @turn, @subphase; @until_turn/@until_subphase is the end of
 * a daze it already has (0 for none). Fails when that daze ends more than 3
 * subphases ahead, which no daze can. */
gboolean sl_daze               (const SlRules *rules,
                                int            turn,
                                int            subphase,
                                int            until_turn,
                                int            until_subphase,
                                SlDaze        *daze,
                                GError       **error);

/* Timing of events (P-08, A-13, A-28, A-82, A-100, A-108, A-112). */

typedef enum
{
  SL_EVENT_GRENADE,
  SL_EVENT_OPPORTUNITY_FIRE,
  SL_EVENT_SMOKE,
  SL_EVENT_FIRE_MISSION,
  SL_EVENT_MINE,
  SL_EVENT_ROUT_CHECK,
  SL_EVENT_DAZE,
  SL_EVENT_CLEAR_WEAPON,
  SL_N_EVENTS
} SlEvent;

extern const char * const sl_event_names[];

/* Smoke lasts 12 turns, or 12 subphases with the option. */
#define SL_SMOKE_DURATION 12

typedef struct
{
  SlEvent event;
  int     turn;
  int     subphase;
  int     cost;          /* AP of the action (opportunity fire, fire mission,
                          * clear weapon, with any wound penalty); 0 = T-05's */
} SlTimingInput;

typedef struct
{
  SlMoment at;           /* when the event happens (see sl_timing) */
  /* grenade */
  int      delay;
  /* opportunity fire */
  gboolean any_move_triggers;
  /* smoke */
  SlMoment last;         /* last subphase with smoke */
  int      duration;     /* in subphases */
  /* fire mission */
  SlMoment call_ends;
  /* clear weapon */
  SlMoment starts;
  /* mine */
  gboolean mover_stops;
  /* rout check */
  gboolean due;
  int      interval;
  /* daze */
  SlDaze   daze;
} SlTimingResult;

/* When an event that starts in @turn, @subphase takes effect:
 * grenade: thrown → detonation (explosion step, A-108);
 * opportunity-fire: declared → armed;
 * smoke: formed → removed at the start of a later subphase;
 * fire-mission: call started → impact;
 * mine: triggered → blast;
 * rout-check: this turn → the next Rout/Rally Phase with a check;
 * daze: dazed → last dazed subphase (P-19);
 * clear-weapon: jammed → the Clear weapon action, which starts the next
 * subphase, and the subphase it ends in (P-16). */
gboolean sl_timing             (const SlRules         *rules,
                                const SlOptions       *options,
                                const SlTimingInput   *in,
                                SlTimingResult        *result,
                                GError               **error);

/* Rate of fire (P-15, P-30, T-22, T-23, A-55). */

typedef struct
{
  int               turn;
  int               subphase;
  const SlFireMode *mode;
  const char       *target;  /* NULL when not given */
} SlFireRecord;

typedef struct
{
  SlFireRecord        fire;      /* the fire being checked */
  gboolean            auto_fire; /* the weapon can fire bursts (T-12) */
  const SlFireRecord *history;   /* the unit's earlier fire actions */
  guint               n_history;
} SlRateOfFireInput;

typedef struct
{
  gboolean allowed;
  char    *reason;            /* a sentence naming the rule */
  int      fires_this_turn;   /* in the window, this one included if allowed */
  int      fires_allowed;     /* the budget: 2, or 3 with automatic fire */
  int      consecutive_burst; /* bursts in a row ending with this one (E-26); 0 for single shots */
  gboolean follows_fire;      /* a fire in the previous subphase */
} SlRateOfFireResult;

void     sl_rate_of_fire_result_clear (SlRateOfFireResult *result);

/* Whether the unit may fire now. A refusal is a normal result with the
 * reason; errors are for impossible requests (a burst from a weapon that
 * cannot fire one, a fire in the history that lies in the future, a missing
 * target the rule needs). Error fields: "mode", "target",
 * "history[i].subphase", "history[i].target". */
gboolean sl_rate_of_fire       (const SlRules            *rules,
                                const SlOptions          *options,
                                const SlRateOfFireInput  *in,
                                SlRateOfFireResult       *result,
                                GError                  **error);

/* Elevators (P-11, A-20, A-35, E-09, E-10). */

/* Subphases an elevator takes per floor, and the AP per floor of a ride
 * (P-11). */
#define SL_ELEVATOR_WAIT_PER_FLOOR 3

typedef struct
{
  int floors;
  int wait_subphases;
  int travel_ap;
  int call_ap;
} SlElevator;

void     sl_elevator           (const SlRules *rules,
                                int            from_floor,
                                int            to_floor,
                                SlElevator    *elevator);
/* the floor an elevator starts on, ceil(d10 × floors / 10), and the
 * rolls that give it. */
int      sl_elevator_floor     (int            floors,
                                int            roll,
                                int           *first_roll,
                                int           *last_roll);

/* Wound effects (T-16, T-17). */

typedef struct
{
  const SlWoundLevel *level;
  gboolean            can_move;  /* FALSE when unconscious or dead */
  double              rate[SL_N_MOVES];  /* crawl, walk, run, sprint per subphase */
  double              victory_fraction;
} SlWoundEffects;

void     sl_wound_effects      (const SlRules  *rules,
                                SlWound         wound,
                                SlWoundEffects *effects);

G_END_DECLS
