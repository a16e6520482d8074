/* sl-table-model-answers.c: what the commands the table asks about would
 * do now — Next, Pass, an ambush by each grouping, a detection roll by
 * each unit, each action a unit may declare, each charge it may set off —
 * as the core's previews of them answer: the same answer, refusal or not,
 * as the command gets when it is applied
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-command-new.h"
#include "sl-table-model-private.h"

void
sl_table_model_answer_clear (SlTableAnswer *answer)
{
  g_clear_pointer (&answer->refusal, sl_refusal_free);
  g_clear_pointer (&answer->summary, g_free);
}

void
sl_table_model_answer (SlTableModel  *self,
                       JsonNode      *command,
                       SlTableAnswer *answer)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = NULL;

  sl_table_model_answer_clear (answer);
  result = sl_game_preview (self->game, command, &answer->summary, &error);
  if (result == NULL)
    answer->refusal = sl_refusal_new (error);
}

/* The core's refusal of @command now, or NULL when it takes it. */
static SlRefusal *
refusal_of (SlTableModel *self,
            JsonNode     *command,
            JsonNode    **result)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = sl_game_preview (self->game, command, NULL, &error);

  if (node == NULL)
    return sl_refusal_new (error);
  if (result != NULL)
    *result = node;
  else
    json_node_unref (node);
  return NULL;
}

/* A refusal of the command itself ("type": the rules module it needs,
 * the phase or step): nobody may, whoever it names. */
static gboolean
refuses_everyone (const SlRefusal *refusal)
{
  return refusal != NULL && g_strcmp0 (refusal->field, "type") == 0;
}

/* §5.2: each grouping, by `ambush` against a grouping of another side. */
static void
compute_ambushers (SlTableModel *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlRefusal *everyone = NULL;

  for (guint g = 0; g < setup->groupings->len; g++)
    {
      const SlGroupingSetup *by = sl_setup_grouping_at (setup, g);
      int side = sl_setup_squad_at (setup, by->squad)->side;
      SlTableAmbusher a = { g, NULL };
      g_autoptr(JsonNode) command = sl_command_new_ambush ();

      for (guint v = 0; v < setup->groupings->len; v++)
        {
          const SlGroupingSetup *victims = sl_setup_grouping_at (setup, v);

          if (sl_setup_squad_at (setup, victims->squad)->side != side)
            {
              sl_command_set_value (command, "target_grouping", g_variant_new_string (victims->id));
              break;
            }
        }
      sl_command_set_value (command, "grouping", g_variant_new_string (by->id));
      a.refusal = everyone != NULL ? sl_refusal_copy (everyone) : refusal_of (self, command, NULL);
      if (refuses_everyone (a.refusal))
        everyone = a.refusal;
      g_array_append_val (self->ambushers, a);
    }
}

/* P-27, §15.1: the units the core lets try some pile of another side, at
 * hand (within 1 m: the automatic case, which is all the Action Phase
 * allows). */
static void
compute_detectors (SlTableModel *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  g_auto(GStrv) piles = NULL;

  for (int u = 0; u < state->n_units && !refuses_everyone (self->detect_refusal); u++)
    {
      int side = sl_setup_unit_at (setup, u)->side;
      gboolean found = FALSE, stop = FALSE;

      for (guint other = 0; other < setup->sides->len && !found && !stop; other++)
        {
          if ((int) other == side)
            continue;
          g_clear_pointer (&piles, g_strfreev);
          piles = sl_state_piles (setup, state, other);
          for (guint p = 0; piles[p] != NULL && !found && !stop; p++)
            {
              g_autoptr(JsonNode) command = sl_command_new_detect ();
              SlRefusal *refusal;

              sl_command_set_value (command, "unit", g_variant_new_string (sl_setup_unit_at (setup, u)->id));
              sl_command_set_value (command, "pile", g_variant_new_string (piles[p]));
              sl_command_set_value (command, "distance_m", g_variant_new_double (0.5));
              sl_command_set_value (command, "roll", g_variant_new_int64 (1));
              refusal = refusal_of (self, command, NULL);
              found = refusal == NULL;
              /* The unit itself may not (out of the fight, hidden): no
               * other pile changes that. */
              stop = refusal != NULL && (refuses_everyone (refusal) || g_strcmp0 (refusal->field, "unit") == 0);
              if (refusal != NULL && self->detect_refusal == NULL)
                self->detect_refusal = refusal;
              else
                sl_refusal_free (refusal);
            }
        }
      if (found)
        g_array_append_val (self->detectors, u);
    }
}

void
sl_table_model_compute_answers (SlTableModel *self)
{
  g_autoptr(JsonNode) next = sl_command_new_next ();
  g_autoptr(JsonNode) pass = sl_command_new_pass ();

  sl_table_model_answer (self, next, &self->next);
  sl_table_model_answer (self, pass, &self->pass);
  compute_ambushers (self);
  compute_detectors (self);
}

static void
action_clear (gpointer data)
{
  SlTableAction *a = data;

  g_clear_pointer (&a->refusal, sl_refusal_free);
}

GArray *
sl_table_model_compute_actions (SlTableModel *self,
                                int           unit)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlSetup *setup = sl_game_get_setup (self->game);
  GArray *actions = g_array_new (FALSE, TRUE, sizeof (SlTableAction));

  g_array_set_clear_func (actions, action_clear);
  for (guint i = 0; i < rules->actions.items->len; i++)
    {
      SlDeclareCommand declared = SL_DECLARE_COMMAND_INIT;
      g_autoptr(JsonNode) command = NULL;
      g_autoptr(JsonNode) result = NULL;
      SlTableAction a = { g_ptr_array_index (rules->actions.items, i), NULL, -1, 0, 0 };

      declared.unit = unit;
      declared.action = a.action;
      /* What the action does if its zero-G check succeeds (a natural 1
       * always does, A-02), as the declaration sheet asks. */
      if (sl_setup_zero_g_checks (setup))
        declared.zero_g_roll = 1;
      command = sl_command_new_declare (setup, &declared);
      a.refusal = refusal_of (self, command, &result);
      if (result != NULL)
        {
          JsonObject *r = json_node_get_object (result);
          JsonObject *end = json_object_has_member (r, "end") ? json_object_get_object_member (r, "end") : NULL;

          a.cost = json_object_has_member (r, "cost") ? json_object_get_int_member (r, "cost") : -1;
          a.end_turn = end != NULL ? json_object_get_int_member (end, "turn") : 0;
          a.end_subphase = end != NULL ? json_object_get_int_member (end, "subphase") : 0;
        }
      g_array_append_val (actions, a);
    }
  return actions;
}

GArray *
sl_table_model_compute_charges (SlTableModel *self,
                                int           unit)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  GArray *charges = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (state->markers, SlMarker, i);
      g_autoptr(JsonNode) command = NULL;
      g_autoptr(SlRefusal) refusal = NULL;

      if (m->kind != SL_MARKER_CHARGE)
        continue;
      command = sl_command_new_detonate (setup, unit);
      sl_command_set_value (command, "marker", g_variant_new_int64 (m->id));
      refusal = refusal_of (self, command, NULL);
      if (refusal == NULL)
        g_array_append_val (charges, m->id);
      else if (refuses_everyone (refusal))
        break;
    }
  return charges;
}
