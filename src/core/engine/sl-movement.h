/* sl-movement.h: movement allowances and stepping along a path
 * (digest §6.3, §8; P-13, T-07, T-09, T-10, A-30, A-31, A-36 …)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-check.h"
#include "sl-rules.h"

G_BEGIN_DECLS

/* Who moves, how and where. */
typedef struct
{
  SlMove           mode;          /* crawl walk run sprint backward sideways jump dive */
  SlMove           previous;      /* the move of the previous subphase (T-07, A-31, A-40) */
  gboolean         has_previous;  /* without it bounce-pack inertia is not checked */
  SlPosition       position;      /* prone crawls (and crawls backward) */
  const SlRace    *race;
  SlWound          wound;
  const SlArmor   *armor;
  const SlTroop   *troop;         /* NULL when not given */
  gboolean         bounce_pack;   /* the unit uses its pack (§8.2) */
  gboolean         snow;
  gboolean         night;
  gboolean         zero_g;
  const SlTerrain *terrain;       /* the most restrictive terrain of the move, or NULL */
  int              legionnaire_m; /* a Legionnaire character's land movement bonus (§18, A-136) */
} SlMoveInput;

typedef struct
{
  double   meters;          /* the allowance on clear ground */
  double   base;            /* the table rate (T-09, T-07, A-30) */
  double   rate;            /* after the wound and snow rates */
  double   race;            /* metres the race adds */
  double   legionnaire;     /* metres a character's land movement adds (§18, A-136) */
  const char *rate_source;  /* "base", "moderate", "serious", "snow", "bounce-light-woods" */
  gboolean bounce;          /* the pack boosts this move */
  double   suit_cost;       /* metres of allowance per metre for the suit (T-13, A-42) */
  gboolean full_metres;     /* steps whole metres */
  int      ends_position;   /* SlPosition, or -1 when unchanged */
  gboolean continues;       /* a zero-G dive goes on */
  double   max_distance;    /* marsh: 1 m per subphase; 0 = none */
  int      facing_max_degrees;  /* free facing changes (§6.3); 0 = no limit */
  double   facing_spacing;      /* metres between them */
} SlMoveResult;

/* P-13 step 3: the allowance of one movement action. Fails with the rule
 * when the move is forbidden; the error field is the request field
 * ("mode", "previous", "bounce_pack", "terrain", "wound", "troop"). */
gboolean sl_movement_allowance (const SlRules      *rules,
                                const SlOptions    *options,
                                const SlMoveInput  *in,
                                SlMoveResult       *result,
                                GError            **error);

/* §8.2 and A-40: bounce-pack inertia, one step of the walk-run-sprint
 * ladder a subphase, up or down, all the way to a stop: from @previous, the
 * move of the subphase before made with the pack, to @mode now (a
 * backward or sideways move is at walking pace; SL_MOVE_NONE, a crawl, a
 * jump or a dive leave the pack's speed: a stop). Fails with the rule on
 * the field "previous". */
gboolean sl_bounce_inertia     (SlMove              previous,
                                SlMove              mode,
                                GError            **error);

/* One metre of a path. */
typedef enum
{
  SL_SLOPE_NONE,
  SL_SLOPE_UP,
  SL_SLOPE_DOWN,
  SL_SLOPE_STEEP,
  SL_N_SLOPES
} SlSlope;

extern const char * const sl_slope_names[];

typedef struct
{
  const SlTerrain *terrain;     /* the ground; a slope id means clear ground on that slope */
  const SlTerrain *mixed_with;  /* a second terrain the mover may pay instead, or NULL */
  SlSlope          slope;       /* the slope of the metre */
  gboolean         contour;     /* it crosses a contour line: the slope is always paid */
} SlPathMetre;

typedef struct
{
  gboolean           has_move;   /* FALSE: only @allowance is known */
  SlMoveInput        move;       /* mode and mover (bounce_pack and armor always) */
  double             allowance;  /* < 0: computed from @move */
  const SlPathMetre *metres;
  guint              n_metres;
  int                window_storey;  /* the path ends rising to a window there; 0 = none */
  double             risen;          /* height already reached in earlier subphases */
} SlPathInput;

typedef struct
{
  double           cost;        /* allowance this metre costs */
  double           covered;     /* ground covered in it: 1, a fraction, or 0 */
  const SlTerrain *paid;        /* the ground the mover chose to pay */
  SlSlope          slope;       /* and the slope it paid with it */
} SlPathStep;

typedef struct
{
  double      allowance;
  double      covered;     /* metres of ground */
  double      spent;       /* allowance used */
  double      left;        /* allowance lost at the end (P-13 step 7) */
  double      rise;        /* metres risen towards a window this subphase */
  double      height;      /* the height reached */
  gboolean    window_reached;
  gboolean    stopped;     /* the unit stopped before the end of the path */
  int         stopped_at;  /* index of the metre it could not enter, or -1 */
  char       *reason;      /* why it stopped, a sentence */
  SlMoveResult move;       /* when the allowance was computed */
  SlPathStep *steps;       /* the metres entered, and the one that stopped it */
  guint       n_steps;
} SlPathResult;

void     sl_path_result_clear   (SlPathResult *result);

/* P-13 steps 4–5 with T-10 and A-36 … A-40: steps along @in's metres, then
 * rises to a window if asked (§8.2, A-33). A move type the path's terrain
 * forbids, or impassable ground, is an error with the field
 * "path[i].terrain" (or ".mixed_with", ".slope"); a window out of reach is
 * one with "window_storey". */
gboolean sl_movement_path       (const SlRules      *rules,
                                 const SlOptions    *options,
                                 const SlPathInput  *in,
                                 SlPathResult       *result,
                                 GError            **error);

G_END_DECLS
