/* sl-preview-dice.h: what the preview of a command resolved by dice alone
 * tells (a rout check, a rally, a melee, an avoidance, a hand grenade, a
 * salvo, a fire mission), and where a thrown grenade landed as its journal
 * entry tells it, read into typed fields beside the typed commands of
 * sl-command-new.h: the dice sheet and the history name no member of a
 * result, and a member renamed in the core fails a test, not a sheet at
 * run time (issue 33 #3)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "sl-check.h"

G_BEGIN_DECLS

/* One roll of the preview: its odds and its modifiers. */
typedef struct
{
  gboolean     has_odds;
  SlCheckOdds  odds;
  SlBreakdown *breakdown;   /* the modifiers counted, or NULL */
} SlDiceRoll;

/* One side of a two-sided roll (melee, P-24): whose roll it is. */
typedef struct
{
  gboolean     present;     /* the preview tells this side */
  char        *unit;        /* its unit's id, or NULL */
  SlDiceRoll   roll;
} SlDiceSide;

typedef struct
{
  SlDiceRoll   roll;        /* the command's own roll (a rout check, a rally, an avoidance) */
  gboolean     has_shot;    /* a hand grenade's or a fire mission's one shot (P-34, P-38) */
  SlDiceRoll   shot;
  GArray      *grenades;    /* a salvo's grenades, in order (SlDiceRoll, P-35), or NULL */
  SlDiceSide   unit;        /* a melee's: the unit's side and its target's (P-24) */
  SlDiceSide   target;
} SlDicePreview;

/* Reads @preview (NULL: a refused command) into @out, which
 * sl_dice_preview_clear() frees. */
void     sl_dice_preview_read   (JsonNode      *preview,
                                 SlDicePreview *out);
void     sl_dice_preview_clear  (SlDicePreview *preview);

/* Where a hand grenade thrown at a point came down (P-34): the range to
 * its aim point, and its landing along and across that line (metres). */
typedef struct
{
  double range_m;
  double along_m;
  double across_m;
} SlThrowLanding;

/* A journal entry's @command and @result: when it is a throw that told
 * its shot, fills @out and returns TRUE (a shot that names no landing
 * came down at its aim point); else FALSE, @out untouched. Either node
 * may be NULL. */
gboolean sl_throw_landing_read (JsonNode       *command,
                                JsonNode       *result,
                                SlThrowLanding *out);

G_END_DECLS
