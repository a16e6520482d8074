/* sl-environment.h: zero gravity, vacuum and hostile atmospheres (digest
 * §11, §15.10; P-21, P-39, T-36; … A-120)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-actions.h"
#include "sl-check.h"
#include "sl-dice.h"
#include "sl-rules.h"

G_BEGIN_DECLS

typedef enum { SL_ZERO_G_FIRE, SL_ZERO_G_OTHER } SlZeroGAction;

extern const char * const sl_zero_g_action_names[];

typedef struct
{
  const SlTroop  *troop;
  gboolean        naval;        /* naval tech troops use 0 (T-11) */
  SlZeroGAction   action;       /* fire includes aimed and opportunity fire */
  const SlWeapon *weapon;       /* used (fire) or carried (other), NULL for none */
  const char     *omni_mode;
  SlMove          movement;     /* a move made with the action, SL_MOVE_NONE for none */
  gboolean        bounce_pack;  /* the unit tries to use its bounce pack */
  const char     *roll_stream;
} SlZeroGInput;

typedef struct
{
  SlCheckOutcome check;
  gboolean       succeeded;
} SlZeroGResult;

/* P-21: the check made when a unit starts an action in zero-G. Fails with
 * the rule for what zero-G forbids. */
gboolean sl_zero_g_resolve (const SlRules      *rules,
                            const SlOptions    *options,
                            const SlZeroGInput *in,
                            SlDice             *dice,
                            SlBreakdown        *breakdown,
                            SlZeroGResult      *result,
                            GError            **error);

typedef enum { SL_ENVIRONMENT_VACUUM, SL_ENVIRONMENT_HOSTILE } SlEnvironment;

extern const char * const sl_environment_names[];

typedef enum
{
  SL_BREACH_NONE,      /* intact or sealed */
  SL_BREACH_DELAYED,   /* one more wound at @due, then the suit seals */
  SL_BREACH_BLEEDING,  /* a wound at @due and every 20 subphases after */
} SlBreachState;

extern const char * const sl_breach_state_names[];

/* Times are subphase indexes (sl_subphase_index() in sl-actions.h). */
typedef struct
{
  SlBreachState state;
  int           due;   /* when the next breach wound falls due */
} SlBreach;


typedef struct
{
  SlEnvironment  environment;
  gboolean       in_intact_building;  /* hostile atmosphere only */
  gboolean       inside;              /* sheltered: in a pressurised ship or an intact
                                       * building, out of the vacuum or atmosphere (T-36) */
  const SlArmor *armor;
  int            levels;              /* wound levels taken now, melee included */
  SlBreach       breach;              /* the state before this subphase */
  int            now;                 /* sl_subphase_index() of this subphase */
  gboolean       has_wound;
  SlWound        wound;               /* the level now, with @levels already ticked */
} SlSuitBreachInput;

typedef struct
{
  gboolean neutral;       /* sheltered from a hostile atmosphere: nothing happens */
  SlBreach breach;        /* the new state */
  gboolean breached_now;  /* this subphase's wounds breached an intact suit */
  int      levels;        /* the breach wound dealt now: 0 or 1 */
  gboolean sealed_now;    /* the delayed breach sealed after its wound */
  gboolean skipped;       /* a wound fell due while sheltered and was not taken */
  gboolean dazed;         /* the breach wound dazes */
  SlWound  wound;         /* when the wound level was given */
  gboolean dead;
} SlSuitBreachResult;

/* T-36 and P-39 with A-117 … A-120: what a breached suit does in the
 * subphase @in->now, applying first the wound that falls due (P-08 step 1)
 * and then the wounds just taken. */
gboolean sl_suit_breach_resolve (const SlRules            *rules,
                                 const SlOptions          *options,
                                 const SlSuitBreachInput  *in,
                                 SlSuitBreachResult       *result,
                                 GError                  **error);

G_END_DECLS
