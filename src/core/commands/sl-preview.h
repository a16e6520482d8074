/* sl-preview.h: what a command's preview tells (sl_game_preview), read
 * into typed fields beside the typed commands of sl-command-new.h: a
 * front end names no member of a preview, and a member renamed in the
 * core fails a test, not a sheet at run time (issue 33 #3)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "sl-check.h"

G_BEGIN_DECLS

/* A fire's preview (a "fire" command, P-14, P-16, P-30). */
typedef struct
{
  SlBreakdown *breakdown;     /* the to-hit modifiers, or NULL */
  gboolean     has_roll;      /* FALSE: a wasted shot, no roll */
  SlCheckOdds  odds;          /* to hit, when @has_roll */
  gboolean     jam_due;       /* its natural 1 calls the jam check (P-16) */
  gboolean     has_jam_odds;
  SlCheckOdds  jam_odds;      /* the jam check's, when @has_jam_odds */
  gboolean     hits_due;      /* a concentrated burst hit: the hits die (P-30) */
} SlFirePreview;

/* Reads @preview (NULL: a refused command) into @out, which
 * sl_fire_preview_clear() frees. */
void     sl_fire_preview_read   (JsonNode      *preview,
                                 SlFirePreview *out);
void     sl_fire_preview_clear  (SlFirePreview *preview);

/* One grouping's line of an initiative preview (P-06): its score and
 * what made it, in the order the groupings act. */
typedef struct
{
  char        *grouping;      /* its id */
  SlBreakdown *breakdown;     /* the modifiers of its roll, or NULL */
  int          net;           /* its score */
  gboolean     countermove;   /* it chose to countermove (P-06 step 4) */
  gboolean     forced;        /* the rules made that choice for it */
} SlInitiativeLine;

/* The lines of an initiative's preview, in the initiative order (an array
 * of SlInitiativeLine that frees them), empty when it tells none. */
GArray  *sl_initiative_preview_read (JsonNode *preview);

/* What a fire or a blast does to an obstacle (P-25, A-78 … A-83): the
 * "obstacle" of the preview or the result (sl-command-objects.c). */
typedef struct
{
  char     *label;            /* the players' name for it */
  char     *kind;             /* its id in T-18 */
  int       armor_factor;     /* AF */
  int       penetration;      /* the PF it takes */
  double    levels;           /* the wound levels dealt, halves allowed */
  double    total;            /* its wound levels with them */
  gboolean  immune;           /* that PF can never harm it */
  gboolean  destroyed;
  gboolean  follow_through;   /* a fire breaks through into the units just behind (P-26) */
} SlObstacleDamage;

/* Reads the "obstacle" of @result (a preview or a command's result; NULL:
 * a refused command) into @out, which sl_obstacle_damage_clear() frees;
 * FALSE, *@out empty, when it tells of none. */
gboolean sl_obstacle_damage_read  (JsonNode         *result,
                                   SlObstacleDamage *out);
void     sl_obstacle_damage_clear (SlObstacleDamage *damage);

/* A unit just behind a breach the fire makes, and its odds (P-26). */
typedef struct
{
  char        *unit;          /* its id */
  gboolean     has_roll;
  SlCheckOdds  odds;          /* to hit it, when @has_roll */
} SlBehindLine;

/* A fire's preview at an obstacle or a charge (a "fire" command, P-25,
 * P-26, P-36 step 5): an automatic hit, no to-hit roll. */
typedef struct
{
  gboolean          wasted;       /* no roll: the shot is wasted, but it counts */
  gboolean          at_obstacle;  /* @obstacle tells what it does to the obstacle */
  SlObstacleDamage  obstacle;
  GArray           *behind;       /* of SlBehindLine: the units ticked behind the breach */
} SlObjectFirePreview;

/* Reads @preview (NULL: a refused command) into @out, which
 * sl_object_fire_preview_clear() frees. */
void     sl_object_fire_preview_read  (JsonNode            *preview,
                                       SlObjectFirePreview *out);
void     sl_object_fire_preview_clear (SlObjectFirePreview *preview);

/* One unit in an area burst's wedge (P-30 step 4). */
typedef struct
{
  char        *unit;          /* its id */
  gboolean     engaged;       /* the burst rolls at it */
  char        *reason;        /* why not, when not @engaged, or NULL */
  gboolean     has_roll;
  SlCheckOdds  odds;          /* to hit it, when @has_roll */
  SlBreakdown *breakdown;     /* the to-hit modifiers, or NULL */
} SlAreaBurstLine;

/* An area burst's preview (an "area-burst" command, P-30). */
typedef struct
{
  GArray   *targets;          /* of SlAreaBurstLine, nearest first: the order the rolls are made */
  gboolean  jam_due;          /* the first roll's natural 1 calls the jam check (P-16, A-56) */
} SlAreaBurstPreview;

/* Reads @preview (NULL: a refused command) into @out, which
 * sl_area_burst_preview_clear() frees. */
void     sl_area_burst_preview_read  (JsonNode           *preview,
                                      SlAreaBurstPreview *out);
void     sl_area_burst_preview_clear (SlAreaBurstPreview *preview);

G_END_DECLS
