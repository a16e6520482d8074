/* sl-track.c: the subphase track as the table sees it (P-07, P-08)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-track.h"
#include "sl-options.h"

/* Whether the unit is free to declare an action: in the initiative-order
 * step (P-08 step 2), free of its last action, not ambushed (§5.2). Its
 * grouping's turn is another matter (sl_state_grouping_may_act). */
static gboolean
may_declare (const SlRules *rules,
             const SlState *state,
             int            unit,
             int            now)
{
  return now >= 0 && state->phase == SL_PHASE_ACTION && state->step == SL_STEP_INITIATIVE_ORDER &&
         !state->over && !sl_state_unit_ambushed (rules, state, unit) &&
         sl_state_unit_idle (rules, state, unit);
}

/* A unit free to declare goes to the ready list, its grouping's turn
 * first, or waits for its grouping's turn. */
static void
sort_ready (const SlRules *rules,
            const SlSetup *setup,
            const SlState *state,
            SlTrack       *track,
            int            unit,
            GArray        *others)
{
  if (!may_declare (rules, state, unit, track->now))
    return;
  if (!sl_state_grouping_may_act (rules, setup->options, state, state->grouping_of[unit]))
    g_array_append_val (track->waiting, unit);
  else if (state->grouping_of[unit] == track->turn_grouping)
    g_array_append_val (track->ready, unit);
  else
    g_array_append_val (others, unit);
}

/* Each unit's action as a marker on the track, in acting order (@order),
 * and who is idle, ready or waiting. Returns the last subphase a marker
 * reaches, or @last. */
static int
add_unit_markers (const SlRules *rules,
                  const SlSetup *setup,
                  const SlState *state,
                  SlTrack       *track,
                  const int     *order,
                  int            last)
{
  g_autoptr(GArray) others = g_array_new (FALSE, FALSE, sizeof (int));

  for (int k = 0; k < state->n_units; k++)
    {
      int unit = order[k];
      const SlUnitState *u = &state->units[unit];
      SlTrackMarker m = { 0 };

      /* §15.1: a hidden unit's doings are its owner's secret. */
      if (u->hidden || sl_state_unit_out (rules, state, unit))
        continue;
      if (u->current.action == NULL || (u->current.resolved && u->current.end < track->first))
        {
          g_array_append_val (track->idle, unit);
          sort_ready (rules, setup, state, track, unit, others);
          continue;
        }
      m.unit = unit;
      m.action = u->current.action;
      m.start = u->current.start;
      m.end = u->current.end;
      m.cost = u->current.cost;
      if (!u->current.resolved)
        m.status = m.end == track->now ? SL_TRACK_DUE : SL_TRACK_RUNNING;
      else
        m.status = SL_TRACK_DONE;
      g_array_append_val (track->markers, m);
      last = MAX (last, m.end);
      sort_ready (rules, setup, state, track, unit, others);
    }
  g_array_append_vals (track->ready, others->data, others->len);
  return last;
}

/* What goes off, where everyone can see it. Returns the last subphase an
 * event falls in, or @last. */
static int
add_events (const SlState *state,
            SlTrack       *track,
            int            last)
{
  for (guint i = 0; i < state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (state->markers, SlMarker, i);
      SlTrackEvent e;

      if (m->secret || m->resolved || m->due < track->first ||
          (m->kind != SL_MARKER_GRENADE && m->kind != SL_MARKER_CHARGE && m->kind != SL_MARKER_MINE &&
           m->kind != SL_MARKER_FIRE_MISSION))
        continue;
      e.marker = m->id;
      e.kind = m->kind;
      e.due = m->due;
      g_strlcpy (e.label, m->label, sizeof e.label);
      g_array_append_val (track->events, e);
      last = MAX (last, m->due);
    }
  return last;
}

/* By end subphase; equal ends keep the acting order. */
static void
sort_markers (GArray *markers)
{
  for (guint i = 1; i < markers->len; i++)
    {
      SlTrackMarker m = g_array_index (markers, SlTrackMarker, i);
      guint j = i;

      while (j > 0 && g_array_index (markers, SlTrackMarker, j - 1).end > m.end)
        {
          g_array_index (markers, SlTrackMarker, j) = g_array_index (markers, SlTrackMarker, j - 1);
          j--;
        }
      g_array_index (markers, SlTrackMarker, j) = m;
    }
}

SlTrack *
sl_track_new (const SlRules *rules,
              const SlSetup *setup,
              const SlState *state)
{
  SlTrack *track = g_new0 (SlTrack, 1);
  int per_turn = rules->subphases_per_turn;
  int order[SL_MAX_UNITS];
  int last;

  g_return_val_if_fail (state->n_units <= SL_MAX_UNITS, track);

  track->turn = state->turn;
  track->first = sl_subphase_index (rules, state->turn, 1);
  track->now = state->phase == SL_PHASE_ACTION ? sl_state_now (rules, state) : -1;
  track->markers = g_array_new (FALSE, FALSE, sizeof (SlTrackMarker));
  track->idle = g_array_new (FALSE, FALSE, sizeof (int));
  track->events = g_array_new (FALSE, FALSE, sizeof (SlTrackEvent));
  track->ready = g_array_new (FALSE, FALSE, sizeof (int));
  track->waiting = g_array_new (FALSE, FALSE, sizeof (int));
  track->to_decide = g_array_new (FALSE, FALSE, sizeof (int));
  track->turn_grouping = -1;
  last = track->first + per_turn - 1;

  /* Whose turn it is (P-06 step 5, P-08 step 2). */
  if (track->now >= 0 && state->step == SL_STEP_INITIATIVE_ORDER && !state->over &&
      !setup->options->free_declaration_order)
    {
      int turn = sl_state_turn_position (rules, state);

      if (turn < state->n_order)
        track->turn_grouping = state->order[turn];
    }

  sl_state_acting_order (state, order);
  last = add_unit_markers (rules, setup, state, track, order, last);
  if (track->turn_grouping >= 0)
    for (int k = 0; k < state->n_units; k++)
      if (state->grouping_of[order[k]] == track->turn_grouping &&
          sl_state_unit_to_decide (rules, state, order[k]))
        g_array_append_val (track->to_decide, order[k]);
  last = add_events (state, track, last);

  /* A carry-over shows the next turn too (E-06); further still, the
   * markers are counted as later. */
  track->n_columns = last >= track->first + per_turn ? 2 * per_turn : per_turn;
  for (guint i = 0; i < track->markers->len; i++)
    if (g_array_index (track->markers, SlTrackMarker, i).end >= track->first + track->n_columns)
      track->later++;
  sort_markers (track->markers);
  return track;
}

void
sl_track_free (SlTrack *track)
{
  if (track == NULL)
    return;
  g_array_unref (track->markers);
  g_array_unref (track->idle);
  g_array_unref (track->events);
  g_array_unref (track->ready);
  g_array_unref (track->waiting);
  g_array_unref (track->to_decide);
  g_free (track);
}

GArray *
sl_track_due_now (const SlRules *rules,
                  const SlSetup *setup,
                  const SlState *state)
{
  GArray *due = sl_due_list (rules, setup, state, state->step);

  /* As `next` checks them: every step up to the current one is done. */
  if (state->phase == SL_PHASE_ACTION)
    for (SlStep st = SL_STEP_RANGED_FIRE; st < state->step && due->len == 0; st++)
      {
        g_autoptr(GArray) earlier = sl_due_list (rules, setup, state, st);

        g_array_append_vals (due, earlier->data, earlier->len);
      }
  return due;
}

int
sl_track_column (const SlTrack *track,
                 int            index)
{
  int column = index - track->first;

  return column >= 0 && column < track->n_columns ? column : -1;
}
