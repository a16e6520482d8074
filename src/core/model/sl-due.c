/* sl-due.c: what the rules want resolved before the clock moves on
 * (P-08 steps 3–6, P-31, P-38)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-combat.h"
#include "sl-due.h"

const char * const sl_due_commands[] = {
  "fire", "area-burst", "throw", "launch", "detonate", "blast", "fire-mission", "avoid", "melee", "rally", "rout-check", NULL
};
G_STATIC_ASSERT (G_N_ELEMENTS (sl_due_commands) == SL_N_DUE_KINDS + 1);

int
sl_due_squad_leader (const SlRules *rules,
                     const SlState *state,
                     int            squad)
{
  int leader = state->squad_leader[squad];

  if (leader >= 0 && !sl_state_unit_out (rules, state, leader))
    return leader;
  return state->acting_leader[squad];
}

static void
add (GArray    *due,
     SlDueKind  kind,
     SlStep     step,
     int        unit,
     int        marker,
     int        squad)
{
  SlDue d = { kind, step, unit, marker, squad };

  g_array_append_val (due, d);
}

gboolean
sl_due_unit_never_routs (const SlRules *rules,
                         const SlSetup *setup,
                         const SlState *state,
                         int            unit)
{
  /* P-31 step 5: the leader never routs; §18: nor does a player
   * character. */
  return sl_setup_unit_at (setup, unit)->legionnaire != NULL ||
         sl_due_squad_leader (rules, state, state->squad_of[unit]) == unit;
}

gboolean
sl_due_squad_may_rout (const SlRules *rules,
                       const SlSetup *setup,
                       const SlState *state,
                       int            squad)
{
  /* A squad checks while somebody who may rout is in the fight: a squad of
   * its leader and characters alone does not, as a leader alone does not. */
  for (int u = 0; u < state->n_units; u++)
    if (state->squad_of[u] == squad && !sl_state_unit_out (rules, state, u) &&
        !sl_due_unit_never_routs (rules, setup, state, u))
      return TRUE;
  return FALSE;
}

static void
due_markers (const SlState *state,
             int            now,
             gboolean       in_phase,
             GArray        *due)
{
  for (guint i = 0; i < state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (state->markers, SlMarker, i);
      /* A-13 option: the mission lands in the Fire Mission Phase. */
      gboolean phase_mission = m->kind == SL_MARKER_FIRE_MISSION && m->amount == 1;

      if (m->due != now || m->resolved || phase_mission != in_phase)
        continue;
      add (due, m->kind == SL_MARKER_FIRE_MISSION ? SL_DUE_FIRE_MISSION : SL_DUE_BLAST,
           SL_STEP_EXPLOSION, -1, m->id, -1);
    }
}

GArray *
sl_due_list (const SlRules *rules,
             const SlSetup *setup,
             const SlState *state,
             SlStep         step)
{
  GArray *due = g_array_new (FALSE, FALSE, sizeof (SlDue));
  int now = sl_state_now (rules, state);
  int order[SL_MAX_UNITS], n;

  switch (state->phase)
    {
    case SL_PHASE_ROUT_RALLY:
      for (guint q = 0; q < setup->squads->len; q++)
        if (!state->rout_checked[q] && sl_due_squad_may_rout (rules, setup, state, q))
          add (due, SL_DUE_ROUT_CHECK, SL_STEP_NONE, -1, 0, q);
      return due;
    case SL_PHASE_FIRE_MISSION:
      due_markers (state, now, TRUE, due);
      return due;
    case SL_PHASE_ACTION:
      break;
    case SL_PHASE_INITIATIVE:
    case SL_PHASE_DETECTION:
    case SL_PHASE_END:
    case SL_N_PHASES:
    default:
      return due;
    }

  if (step == SL_STEP_EXPLOSION)
    {
      due_markers (state, now, FALSE, due);
      return due;
    }
  n = sl_state_acting_order (state, order);
  for (int k = 0; k < n; k++)
    {
      int u = order[k];
      const SlUnitState *us = &state->units[u];
      const SlCurrentAction *a = &us->current;
      gboolean ends_now = a->action != NULL && a->end == now && !a->resolved;

      switch (step)
        {
        case SL_STEP_RANGED_FIRE:
          if (ends_now && (g_str_equal (a->action->id, "fire") || g_str_equal (a->action->id, "aimed-fire")))
            {
              static const SlDueKind kinds[] = { SL_DUE_FIRE, SL_DUE_THROW, SL_DUE_LAUNCH, SL_DUE_DETONATE };

              g_assert (a->throwing >= 0 && a->throwing < (int) G_N_ELEMENTS (kinds));
              add (due, a->burst == SL_BURST_AREA ? SL_DUE_AREA_BURST : kinds[a->throwing], step, u, 0, -1);
            }
          break;
        case SL_STEP_MELEE:
          /* A melee ending now before an avoidance roll, whose failure
           * starts another (P-23 a, A-76). */
          if (ends_now && g_str_equal (a->action->id, "melee"))
            add (due, SL_DUE_MELEE, step, u, 0, -1);
          if (us->avoid_from > 0 && us->avoid_due <= now)
            add (due, SL_DUE_AVOID, step, u, 0, -1);
          break;
        case SL_STEP_RALLY:
          if (ends_now && g_str_equal (a->action->id, "rally"))
            add (due, SL_DUE_RALLY, step, u, 0, -1);
          break;
        case SL_STEP_NONE:
        case SL_STEP_START:
        case SL_STEP_INITIATIVE_ORDER:
        case SL_STEP_EXPLOSION:
        case SL_N_STEPS:
        default:
          break;
        }
    }
  return due;
}
