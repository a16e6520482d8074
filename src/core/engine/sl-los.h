/* sl-los.h: line of sight, cover, elevation and dead zones (digest §9;
 * T-15, P-17, P-18; E-15; A-45 … …)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-check.h"
#include "sl-detection.h"
#include "sl-rules.h"

G_BEGIN_DECLS

/* What the head-to-head line crosses. */
typedef enum
{
  SL_LOS_WALL,           /* walls of any kind (T-15) */
  SL_LOS_BULKHEAD,       /* bulkheads of any kind */
  SL_LOS_CLOSED_DOOR,
  SL_LOS_HIGH_OBSTACLE,  /* shelving, columns, ceiling-high machinery */
  SL_LOS_WINDOW,
  SL_LOS_SHIP_WINDOW,    /* closed: prohibits fire (T-02) */
  SL_LOS_HALF_SOFT,      /* T-14 note (1) */
  SL_LOS_HALF_HARD,      /* note (2) */
  SL_LOS_FULL_SOFT,      /* note (3) */
  SL_LOS_FULL_HARD,      /* note (4) */
  SL_LOS_OTHER_UNIT,     /* another counter: soft half cover */
  SL_N_LOS_OBSTACLES
} SlLosObstacleType;

extern const char * const sl_los_obstacle_names[];

typedef struct
{
  SlLosObstacleType type;
  gboolean          near_firer;  /* within 1 m of the firer, shot over or around */
} SlLosObstacle;

typedef struct
{
  const SlLosObstacle *obstacles;
  guint                n_obstacles;
  double               light_woods_m;   /* length of the line inside each woods type */
  double               heavy_woods_m;

  SlPosition           target_position;
  gboolean             target_firing_at_firer;  /* firing or detecting toward the firer */

  gboolean             has_elevation;
  int                  firer_level;     /* ground levels in 3 m steps */
  int                  target_level;
  int                  highest_between;

  gboolean             has_dead_zone;
  int                  dead_zone_lines;        /* contour lines within 1 m */
  double               distance_from_foot_m;   /* of the lower unit, along the line */
  gboolean             units_within_1m;        /* T-15 dead-zone note 1 */
  gboolean             looking_up;             /* the lower unit looks up the slope */

  gboolean             fire_mission;    /* spotting a fire mission: dead zones do not matter */
  gboolean             smoke;
  gboolean             firer_in_stairwell;
  gboolean             target_in_stairwell;
} SlLosInput;

typedef struct
{
  /* For fire (T-14, P-18). */
  gboolean blocked;
  char    *reason;                 /* the rule that blocks, when blocked */
  SlCover  cover;                  /* the highest cover that counts */
  int      modifier;

  /* For detection (T-19): cover gives a penalty but never blocks, since a
   * hidden unit never fires or detects toward anyone. */
  gboolean detection_blocked;
  char    *detection_reason;
  int      detection_modifier;
  gboolean detection_public[SL_N_DETECTION_PUBLIC];

  /* T-15 and E-15: the size of the dead zone, 0 without one. */
  double   dead_zone_m;
  gboolean dead_zone_negated;
} SlLosResult;

void     sl_los_result_clear (SlLosResult *result);

/* P-17 and P-18: whether the line is blocked, and the modifiers it gives
 * to fire (@fire_breakdown, T-14) and to detection (@detection_breakdown,
 * T-19). Nothing is added to a breakdown whose line is blocked. */
void     sl_los_resolve      (const SlRules     *rules,
                              const SlOptions   *options,
                              const SlLosInput  *in,
                              SlBreakdown       *fire_breakdown,
                              SlBreakdown       *detection_breakdown,
                              SlLosResult       *result);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SlLosResult, sl_los_result_clear)

G_END_DECLS
