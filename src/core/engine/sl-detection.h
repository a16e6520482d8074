/* sl-detection.h: hiding and detection (digest §15.1, §15.11, §15.13;
 * P-27, P-28, T-19; E-23, E-24)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-check.h"
#include "sl-dice.h"
#include "sl-rules.h"

G_BEGIN_DECLS

/* The public modifiers of T-19 that depend on where the pile lies: every
 * player can see them. The names are the T-19 ids. */
typedef enum
{
  SL_DETECTION_LIGHT_WOODS,
  SL_DETECTION_HEAVY_WOODS,
  SL_DETECTION_HALF_COVER,
  SL_DETECTION_FULL_COVER,
  SL_N_DETECTION_PUBLIC
} SlDetectionPublic;

extern const char * const sl_detection_public_names[];

/* A label for people, translated. */
const char *sl_detection_public_label (SlDetectionPublic modifier);

/* The modifiers of T-19 marked "*": specific to the hidden unit, known only
 * to the hider (P-27 step 5). */
typedef enum
{
  SL_DETECTION_CAMO_TINTER,
  SL_DETECTION_RANGER_SUIT,
  SL_DETECTION_NOT_STEALTH,
  SL_N_DETECTION_SECRET
} SlDetectionSecret;

extern const char * const sl_detection_secret_names[];

typedef struct
{
  gboolean night;
  gboolean indoors;
  gboolean blackout;          /* night counts indoors only in a blackout (T-36) */
  gboolean rain;
  gboolean snow;
  gboolean smoke;
  gboolean enemy_ecm;         /* the hider's side has an ECM jammer (T-37) */
  gboolean ground_sensor;     /* the detector's side has a ground sensor that sees the pile */
  gboolean holotarp;          /* the pile lies under a holotarp */
  gboolean holotarp_entered;  /* an enemy unit is inside the holotarp's square */
} SlDetectionConditions;

typedef struct
{
  const SlArmor        *detector_armor;
  double                distance_m;        /* < 0 when not known */
  gboolean              in_field_of_view;  /* P-27 step 2 */
  SlDetectionConditions conditions;
  gboolean              public_modifiers[SL_N_DETECTION_PUBLIC];
  gboolean              secret_modifiers[SL_N_DETECTION_SECRET];
  const SlArmor        *target_armor;      /* the hidden unit's suit, NULL when not given */
  gboolean              decoy;
  const char           *roll_stream;
} SlDetectionInput;

typedef struct
{
  gboolean       automatic;         /* detected without a roll */
  const char    *automatic_reason;  /* translated, when automatic */
  SlCheckOutcome check;             /* when not automatic */
  int            public_modifier;
  int            secret_modifier;
  double         public_probability;
  int            public_needed;     /* the highest die that detects with the public modifiers */
  double         probability;
  gboolean       detected;
} SlDetectionResult;

/* P-27: one detection roll against one pile. The modifiers everyone may
 * know go to @public_breakdown (T-19 unmarked rows, the detector's own suit,
 * A-122's ECM); the hidden unit's own ones to @secret_breakdown. The roll
 * is made against their sum. Fails with the rule when the pile cannot be
 * tried at all. */
gboolean sl_detection_resolve   (const SlRules          *rules,
                                 const SlOptions        *options,
                                 const SlDetectionInput *in,
                                 SlDice                 *dice,
                                 SlBreakdown            *public_breakdown,
                                 SlBreakdown            *secret_breakdown,
                                 SlDetectionResult      *result,
                                 GError                **error);

/* P-28 and E-23: how many decoy piles a side that hides @hidden_units units
 * may place. */
int      sl_detection_max_decoys (const SlRules *rules,
                                  int            hidden_units);

/* Fails when @decoys piles are more than @hidden_units allow (P-28). */
gboolean sl_detection_check_decoys (const SlRules *rules,
                                    int            hidden_units,
                                    int            decoys,
                                    GError       **error);

/* The hidden unit's own modifiers of @in, known only to the hider
 * (T-19 "*", A-51, A-123); none for a decoy. */
void     sl_detection_secret_breakdown (const SlRules          *rules,
                                        const SlOptions        *options,
                                        const SlDetectionInput *in,
                                        SlBreakdown            *breakdown);

G_END_DECLS
