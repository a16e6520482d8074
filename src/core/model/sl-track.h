/* sl-track.h: the subphase track as the table sees it — each unit's
 * end-of-action marker, what resolves now and who may act now (P-07, P-08)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-due.h"
#include "sl-state.h"

G_BEGIN_DECLS

typedef enum
{
  SL_TRACK_RUNNING,   /* under way; its marker waits on the track */
  SL_TRACK_DUE,       /* ends now and is still to be resolved (P-08) */
  SL_TRACK_DONE,      /* has ended and taken effect this turn */
} SlTrackStatus;

/* One End-Action counter on the track. */
typedef struct
{
  int             unit;
  const SlAction *action;
  int             start;    /* subphase index of its first subphase */
  int             end;      /* of its last: where the marker sits */
  int             cost;
  SlTrackStatus   status;
} SlTrackMarker;

/* A grenade, charge, mine or fire mission marked on the track where it
 * goes off (P-34 step 6). Secret ones are not (§15.1, P-36, P-37). */
typedef struct
{
  int           marker;   /* its id */
  SlMarkerKind  kind;
  int           due;      /* subphase index */
  char          label[48];  /* the marker's label */
} SlTrackEvent;

/* The part of the track the table looks at: this turn's subphases and, when
 * an action carries over, the next turn's (P-07, E-06). Hidden units are
 * not on it: their actions are their owner's secret (§15.1). */
typedef struct
{
  int     turn;
  int     first;       /* subphase index of this turn's subphase 1 */
  int     n_columns;   /* subphases shown: one turn, or two with a carry-over */
  int     now;         /* subphase index of the clock, or -1 outside the Action Phase */
  GArray *markers;     /* SlTrackMarker, by end subphase, then in acting order */
  GArray *idle;        /* int: units with no marker on these subphases (the START box), in acting order */
  GArray *ready;       /* int: units that may declare an action now: the units of
                        * the grouping whose turn it is first, then the others
                        * in acting order */
  GArray *waiting;     /* int: units free of their action whose grouping may not
                        * act now in the initiative order (P-08 step 2) */
  int     turn_grouping;  /* in the initiative-order step, the grouping whose
                           * turn it is (P-06 step 5), or -1: none, or units
                           * declare in any order (freeDeclarationOrder) */
  GArray *to_decide;   /* int: its units that have still to decide */
  int     later;       /* markers ending after the columns shown */
  GArray *events;      /* SlTrackEvent: what goes off on the shown subphases */
} SlTrack;

SlTrack     *sl_track_new   (const SlRules *rules,
                             const SlSetup *setup,
                             const SlState *state);
void         sl_track_free  (SlTrack       *track);

/* The column of a subphase index, or -1 when it is not shown. */
int          sl_track_column (const SlTrack *track,
                              int            index);

/* What must be resolved before the clock moves on, as `next` sees it: in
 * the Action Phase the current step's first, then any of the earlier steps
 * of the subphase (sl_due_list); in the Fire Mission and Rout/Rally
 * Phases, the phase's. SlDue, in the order the table takes them. */
GArray      *sl_track_due_now (const SlRules *rules,
                               const SlSetup *setup,
                               const SlState *state);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlTrack, sl_track_free)

G_END_DECLS
