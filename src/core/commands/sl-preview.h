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

G_END_DECLS
