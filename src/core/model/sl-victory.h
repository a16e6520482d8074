/* sl-victory.h: who won — P-40 for a game as it stands, with the
 * scenario's objectives (T-39 … T-43)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "sl-points.h"
#include "sl-setup.h"
#include "sl-state.h"

G_BEGIN_DECLS

/* Where a side stands on its primary objective. */
typedef struct
{
  SlObjectiveKind kind;
  gboolean        achieved;
  int             points;       /* what it scores (100, or the T-42 ladder) */
  int             penalty;      /* ≤ 0: A-134, off the side's own score */
  /* T-41 kill */
  int             enemy_units;
  int             enemy_out;    /* killed or unconscious */
  int             kill_target;
  /* T-41 rout */
  int             enemy_routed; /* enemy units in the fight that are routed */
  int             enemy_standing;
  /* T-42 charges */
  int             charges;
  /* custom (players) */
  int             secondary;
  /* T-43 hold */
  int             own_on;
  int             enemy_on;
  int             turns_held;
  int             hold_turns;
  /* A budget: what the side spent and what it left (T-39) */
  int             cost;
  int             unspent;
} SlObjectiveStatus;

typedef struct
{
  SlVictoryResult   result;
  SlObjectiveStatus objectives[2];
} SlVictory;

/* P-40 for @state: each side's objective as it stands, the enemy units
 * by their wounds (T-17), unspent points, the ratio and the level (T-40,
 * The items name units by their names in @setup, which must
 * outlive @victory. Clear @victory with sl_victory_clear(). */
void       sl_victory_compute (const SlRules  *rules,
                               const SlSetup  *setup,
                               const SlState  *state,
                               SlVictory  *victory);
void       sl_victory_clear (SlVictory  *victory);
/* The result in words: "Marginal Victory for TOG", or "Draw". */
char      *sl_victory_headline (const SlSetup       *setup,
                                const SlVictory *victory);
/* The score as JSON (docs/game-format.md, "Victory"). */
JsonNode  *sl_victory_to_json (const SlSetup       *setup,
                               const SlVictory *victory);
/* One sentence on a side's objective as it stands, for people:
 * "7 of 12 enemy units out of the fight; 8 needed (T-41)." */
char      *sl_objective_status_describe (const SlSetup            *setup,
                                         int                       side,
                                         const SlObjectiveStatus  *status);

G_END_DECLS
