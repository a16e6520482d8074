/* sl-preview-declare.h: what the preview of a declaration ("declare",
 * P-07) or an engagement ("engage", P-22) tells, read into typed fields
 * beside sl_command_new_declare and sl_command_new_engage: the declare
 * sheet names no member of it, and a member renamed in the core fails a
 * test, not the sheet at run time (issue 33 #3)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "sl-check.h"

G_BEGIN_DECLS

/* What a move away from melee contact does first (P-23 a, A-75). */
typedef enum
{
  SL_AVOIDANCE_NONE,       /* not in contact: no avoidance */
  SL_AVOIDANCE_BOTH,       /* both sides break off: no roll (P-22 step 6) */
  SL_AVOIDANCE_ROLL,       /* the avoidance roll, with its odds */
  SL_AVOIDANCE_NO_ODDS,    /* an avoidance that tells no odds (a dazed defender) */
} SlAvoidance;

typedef struct
{
  gboolean    made;            /* the action starts: its cost and end are told
                                * (not an engagement, a failed zero-G check, a
                                * unit that does not get away) */
  int         cost;            /* its AP (T-05) */
  int         end_turn;        /* the turn and subphase it ends in (P-07) */
  int         end_subphase;
  gboolean    has_to_hit;      /* a shot at a unit: its to-hit odds now (P-14, T-14) */
  SlCheckOdds to_hit;
  char       *to_hit_note;     /* what those odds counted and what the fire sheet adds, or NULL */
  gboolean    has_to_hit_burst;
  SlCheckOdds to_hit_burst;    /* a concentrated burst's, where the weapon fires one (P-30) */
  gboolean    has_zero_g;      /* a zero-G check's odds (P-21) */
  SlCheckOdds zero_g;
  SlAvoidance avoidance;
  SlCheckOdds avoidance_odds;  /* when SL_AVOIDANCE_ROLL */
} SlDeclarePreview;

/* Reads @preview (NULL: a refused command) into @out, which
 * sl_declare_preview_clear() frees. */
void     sl_declare_preview_read  (JsonNode         *preview,
                                   SlDeclarePreview *out);
void     sl_declare_preview_clear (SlDeclarePreview *preview);

G_END_DECLS
