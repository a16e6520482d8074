/* sl-secrets.h: what each side keeps from the other — hidden units and
 * their piles, decoys, secret modifiers and sealed notes — for the private
 * view (§15.1, P-27, P-28, P-37, P-38)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-detection.h"
#include "sl-state.h"

G_BEGIN_DECLS

typedef enum
{
  SL_SECRET_HIDDEN_UNIT,  /* a unit under a pile, with its secret modifiers */
  SL_SECRET_DECOY,        /* a decoy pile */
  SL_SECRET_NOTE,         /* a sealed note (a mine's, a charge's …) */
} SlSecretKind;

typedef struct
{
  SlSecretKind kind;
  int          side;
  int          unit;      /* the hidden unit, the decoy's unit, or -1 */
  int          note;      /* the note's id, or 0 */
  char        *title;     /* "Trooper Cole", "Pile A", "Note 2 · a mine" */
  char        *detail;    /* what only the side knows, in words */
  gboolean     kept;      /* still secret: not detected, not revealed */
  gboolean     dud;       /* a note revealed as a dud (P-37 step 6, P-38 step 6) */
} SlSecret;

void       sl_secret_free        (SlSecret         *secret);

/* The secrets of side @side (−1: every side, for a referee), in the order
 * hidden units, decoys, notes. Revealed notes are listed, not kept. */
GPtrArray *sl_secrets_list       (const SlRules    *rules,
                                  const SlSetup    *setup,
                                  const SlState    *state,
                                  int               side);

/* Fills @in's hidden-unit fields (its suit and secret modifiers, T-19 "*")
 * for the hidden unit @unit, from the logs. */
void       sl_secrets_unit_input (const SlSetup    *setup,
                                  const SlState    *state,
                                  int               unit,
                                  SlDetectionInput *in);

/* Who may hide now, side by side (P-28, §9.1): before play, in a game with
 * the detection rules. */
typedef struct
{
  int     side;
  GArray *to_place;   /* int: units the setup hid that lie under no pile yet */
  GArray *may_hide;   /* int: units in view that may hide too, by agreement (§9.1) */
} SlHiding;

void       sl_hiding_free        (SlHiding         *hiding);

/* Whether units may be put under piles now (P-28): before play, in a game
 * with the detection rules that is not over. */
gboolean   sl_secrets_hiding_open (const SlSetup  *setup,
                                   const SlState  *state);
/* Whether the sides write down their mines now (P-37 step 2): before
 * play, in a game with the mines rules. */
gboolean   sl_secrets_mines_open (const SlSetup    *setup,
                                  const SlState    *state);
/* Whether @unit may be put under a pile now (P-28, §9.1): hiding is open
 * and it is neither detected nor out of the fight. Hiding a unit already
 * under a pile replaces its pile. */
gboolean   sl_secrets_may_hide   (const SlRules    *rules,
                                  const SlSetup    *setup,
                                  const SlState    *state,
                                  int               unit);

/* One SlHiding per side; empty when hiding is not open
 * (sl_secrets_hiding_open). */
GPtrArray *sl_secrets_hiding     (const SlRules    *rules,
                                  const SlSetup    *setup,
                                  const SlState    *state);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlSecret, sl_secret_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlHiding, sl_hiding_free)

G_END_DECLS
