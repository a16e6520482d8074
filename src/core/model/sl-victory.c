/* sl-victory.c: who won — P-40 for a game as it stands
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-due.h"
#include "sl-victory.h"

/* T-38: the scenario cost of @item, 0 for one the rules do not price. */
static int
item_cost (const SlRules *rules,
           const char    *item)
{
  int cost = 0;

  return sl_rules_scenario_cost (rules, item, &cost) ? cost : 0;
}

/* What the side paid for its forces (T-38, P-02): its units (their weapons
 * and personal equipment: launchers, charges), its leaders' ratings (T-24),
 * its squads' quality, its hidden units (§15.1), and what it bought
 * for the side: mines (P-37), fire missions (T-35), the camo tinter and
 * the ECM jammer (T-37). */
static int
side_cost (const SlRules *rules,
           const SlSetup *setup,
           int            side)
{
  const SlSideSetup *s = sl_setup_side_at (setup, side);
  int cost = 0, hiding = 0;
  gboolean all_hidden = TRUE;

  for (guint q = 0; q < s->squads->len; q++)
    {
      const SlSquadSetup *squad = sl_setup_squad_at (setup, g_array_index (s->squads, int, q));

      for (guint i = 0; i < squad->units->len; i++)
        {
          const SlUnitSetup *u = sl_setup_unit_at (setup, g_array_index (squad->units, int, i));

          cost += u->points;
          if (u->hidden)
            hiding += sl_hidden_cost (rules, u->points);
          all_hidden &= u->hidden;
        }
      if (squad->leader >= 0)
        cost += sl_leader_cost (rules, squad->leader_rating);
      cost += sl_quality_cost (rules, setup->options, squad->quality, squad->units->len);
    }
  /* §15.1, T-38, A-127: hiding the units the setup hides, unless the
   * scenario gives it (its "hiding" condition): +25 % of each one's value,
   * or the 150 points that hide a whole force when the side hides every
   * unit and that is cheaper. */
  if (all_hidden && hiding > 0)
    hiding = MIN (hiding, item_cost (rules, "defender-undetected"));
  if (sl_setup_condition (setup, SL_CONDITION_HIDING, side, 1) == NULL)
    cost += hiding;
  cost += s->mines * item_cost (rules, "mine");
  for (guint k = 0; k < rules->fire_missions.items->len && k < SL_MAX_FIRE_MISSION_TYPES; k++)
    cost += s->fire_missions[k] * ((const SlFireMissionDef *) g_ptr_array_index (rules->fire_missions.items, k))->cost;
  if (s->camo_tinter)
    cost += item_cost (rules, "camo-tinter");
  if (s->ecm)
    cost += item_cost (rules, "ecm-jammer");
  return cost;
}

static void
objective_status (const SlRules     *rules,
                  const SlSetup     *setup,
                  const SlState     *state,
                  int                side,
                  SlObjectiveStatus *st)
{
  const SlSideSetup *s = sl_setup_side_at (setup, side);
  const SlScenarioSummary *sc = setup->scenario;
  int n = sl_setup_n_units (setup);

  memset (st, 0, sizeof *st);
  st->kind = s->objective;
  for (int i = 0; i < n; i++)
    {
      const SlUnitSetup *u = sl_setup_unit_at (setup, i);
      const SlUnitState *us = &state->units[i];

      if (u->side == side)
        continue;
      st->enemy_units++;
      if (us->wound >= SL_WOUND_UNCONSCIOUS)
        st->enemy_out++;
      else if (!sl_due_unit_never_routs (rules, setup, state, i))
        {
          /* A squad leader never routs (P-31 step 5, A-99) — the one its
           * squad answers to now: the leader, or the acting leader
           * appointed once he is out (P-32 step 8), of the squad the unit
           * belongs to after any regroup (P-33) — nor does a Legionnaire
           * character (§18): a routed squad is its other units. */
          st->enemy_standing++;
          if (us->routed)
            st->enemy_routed++;
        }
    }

  switch (st->kind)
    {
    case SL_OBJECTIVE_KILL:
      /* T-41, A-132: at least two-thirds killed or unconscious. */
      st->kill_target = sl_scenario_kill_target (sc, st->enemy_units);
      st->achieved = st->enemy_units > 0 && st->enemy_out >= st->kill_target;
      st->points = st->achieved ? rules->vp_primary : 0;
      break;
    case SL_OBJECTIVE_ROUT:
      /* T-41, A-132: the enemy squad is routed at the end: every enemy
       * unit still in the fight, its leader apart, is routed. */
      st->achieved = st->enemy_routed > 0 && st->enemy_routed == st->enemy_standing;
      st->points = st->achieved ? rules->vp_primary : 0;
      break;
    case SL_OBJECTIVE_CHARGES:
      /* T-42, E-39: 25, 70, 100, then +25 a charge. */
      st->charges = state->objective_charges[side];
      st->points = sl_scenario_charge_points (sc, st->charges);
      st->achieved = st->charges >= sc->n_charge_points;
      break;
    case SL_OBJECTIVE_HOLD:
      {
        /* T-43, A-134: more own units than enemy units on the objective,
         * for the last hold_turns turns, ending with this one. */
        SlScenarioOutcome outcome = { 0 };

        st->own_on = state->objective_units[side];
        st->enemy_on = state->objective_units[1 - side];
        st->hold_turns = sc->hold_turns;
        st->turns_held = state->objective_held_since[side] > 0
                         ? state->turn - state->objective_held_since[side] + 1 : 0;
        outcome.own_on_objective = st->own_on;
        outcome.enemy_on_objective = st->enemy_on;
        outcome.turns_held = st->turns_held;
        st->achieved = sl_scenario_holds_objective (sc, &outcome);
        st->points = st->achieved ? rules->vp_primary : 0;
        st->penalty = sl_scenario_objective_penalty (sc, st->enemy_on);
      }
      break;
    case SL_OBJECTIVE_PLAYERS:
      /* §10 E, T-39: the players say whether it is achieved. */
      st->achieved = state->objective_primary[side];
      st->secondary = state->objective_secondary[side];
      st->points = (st->achieved ? rules->vp_primary : 0) + st->secondary * rules->vp_secondary;
      break;
    case SL_OBJECTIVE_NONE:
    case SL_N_OBJECTIVES:
    default:
      break;
    }

  if (s->budget >= 0)
    {
      /* What the builder priced, else every purchase the setup records
       * at the book's costs (T-38). */
      st->cost = s->spent >= 0 ? s->spent : side_cost (rules, setup, side);
      st->unspent = MAX (s->budget - st->cost, 0);
    }
}

void
sl_victory_compute (const SlRules *rules,
                    const SlSetup *setup,
                    const SlState *state,
                    SlVictory *victory)
{
  SlVictorySide sides[2];
  g_autofree SlVictoryUnit *units = NULL;
  SlVictoryPenalty penalties[2];
  char *penalty_label[2] = { NULL, NULL };
  int n = sl_setup_n_units (setup);
  int used = 0;

  g_return_if_fail (rules != NULL && setup != NULL && state != NULL && victory != NULL);

  memset (victory, 0, sizeof *victory);
  memset (sides, 0, sizeof sides);
  units = g_new0 (SlVictoryUnit, MAX (n, 1));
  for (int side = 0; side < 2; side++)
    {
      SlObjectiveStatus *st = &victory->objectives[side];
      SlVictorySide *vs = &sides[side];

      objective_status (rules, setup, state, side, st);
      vs->id = sl_setup_side_at (setup, side)->id;
      if (st->kind == SL_OBJECTIVE_CHARGES)
        vs->objective_points = st->points;
      else
        vs->primary = st->achieved;
      vs->secondary = st->secondary;
      vs->unspent = st->unspent;
      if (st->penalty != 0)
        {
          /* Translators: A-134's penalty, e.g. "2 enemy units on the bridge". */
          penalty_label[side] = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                              "%d enemy unit on %s",
                                                              "%d enemy units on %s", st->enemy_on),
                                                 st->enemy_on,
                                                 setup->objective_place ? setup->objective_place
                                                                        : _("the objective"));
          penalties[side].source = penalty_label[side];
          penalties[side].points = st->penalty;
          vs->penalties = &penalties[side];
          vs->n_penalties = 1;
        }

      /* T-17: every damaged enemy unit by its state now. */
      vs->enemy_units = units + used;
      for (int i = 0; i < n; i++)
        {
          const SlUnitSetup *u = sl_setup_unit_at (setup, i);
          const SlUnitState *us = &state->units[i];

          if (u->side == side || us->wound == SL_WOUND_NONE)
            continue;
          units[used].id = u->name;
          units[used].points = u->points;
          units[used].wound = us->wound;
          units[used].dazed = us->dazed_until >= 0;
          used++;
          vs->n_enemy_units++;
        }
    }
  sl_victory_resolve (rules, setup->options, sides, &victory->result);
  /* The items have copied the penalties' labels. */
  g_free (penalty_label[0]);
  g_free (penalty_label[1]);
}

void
sl_victory_clear (SlVictory *victory)
{
  sl_victory_result_clear (&victory->result);
}

char *
sl_victory_headline (const SlSetup       *setup,
                     const SlVictory *victory)
{
  const SlVictoryResult *r = &victory->result;

  if (r->winner < 0)
    return g_strdup (r->level->high);
  /* Translators: "Marginal Victory for TOG". */
  return g_strdup_printf (_("%s for %s"), r->level->high, sl_setup_side_at (setup, r->winner)->name);
}

char *
sl_objective_status_describe (const SlSetup           *setup,
                              int                      side,
                              const SlObjectiveStatus *st)
{
  const char *place = setup->objective_place ? setup->objective_place : _("the objective");

  switch (st->kind)
    {
    case SL_OBJECTIVE_KILL:
      return g_strdup_printf (_("%d of %d enemy units killed or unconscious; %d needed (T-41)."),
                              st->enemy_out, st->enemy_units, st->kill_target);
    case SL_OBJECTIVE_ROUT:
      if (st->enemy_standing == 0)
        return g_strdup (_("No enemy unit is left in the fight to rout (T-41)."));
      return g_strdup_printf (_("%d of the %d enemy units in the fight are routed; all must be (T-41)."),
                              st->enemy_routed, st->enemy_standing);
    case SL_OBJECTIVE_CHARGES:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%d charge set off in %s: %d points (T-42).",
                                           "%d charges set off in %s: %d points (T-42).", st->charges),
                              st->charges, place, st->points);
    case SL_OBJECTIVE_HOLD:
      if (st->turns_held == 0)
        return g_strdup_printf (_("Not holding %s (own units there: %d, enemy units: %d; T-43)."),
                                place, st->own_on, st->enemy_on);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Holding %s for %d turn of the %d needed (own units there: %d, enemy units: %d; T-43).",
                                           "Holding %s for %d turns of the %d needed (own units there: %d, enemy units: %d; T-43).",
                                           st->turns_held),
                              place, st->turns_held, st->hold_turns, st->own_on, st->enemy_on);
    case SL_OBJECTIVE_PLAYERS:
      if (st->achieved)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Primary objective achieved; %d secondary objective (T-39).",
                                             "Primary objective achieved; %d secondary objectives (T-39).", st->secondary),
                                st->secondary);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Primary objective not achieved; %d secondary objective (T-39).",
                                           "Primary objective not achieved; %d secondary objectives (T-39).", st->secondary),
                              st->secondary);
    case SL_OBJECTIVE_NONE:
    case SL_N_OBJECTIVES:
    default:
      return g_strdup (_("No primary objective: body count (T-39)."));
    }
  (void) side;
}

JsonNode *
sl_victory_to_json (const SlSetup       *setup,
                    const SlVictory *victory)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  const SlVictoryResult *r = &victory->result;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "sides");
  json_builder_begin_array (b);
  for (int s = 0; s < 2; s++)
    {
      const SlObjectiveStatus *st = &victory->objectives[s];
      const SlVictoryScore *score = &r->scores[s];
      g_autofree char *words = sl_objective_status_describe (setup, s, st);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "side");
      json_builder_add_string_value (b, sl_setup_side_at (setup, s)->id);
      json_builder_set_member_name (b, "objective");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, sl_objective_names[st->kind]);
      json_builder_set_member_name (b, "achieved");
      json_builder_add_boolean_value (b, st->achieved);
      json_builder_set_member_name (b, "points");
      json_builder_add_int_value (b, st->points);
      json_builder_set_member_name (b, "penalty");
      json_builder_add_int_value (b, st->penalty);
      json_builder_set_member_name (b, "status");
      json_builder_add_string_value (b, words);
      json_builder_end_object (b);
      if (sl_setup_side_at (setup, s)->budget >= 0)
        {
          json_builder_set_member_name (b, "cost");
          json_builder_add_int_value (b, st->cost);
          json_builder_set_member_name (b, "unspent");
          json_builder_add_int_value (b, st->unspent);
        }
      json_builder_set_member_name (b, "items");
      json_builder_begin_array (b);
      for (guint i = 0; i < score->items->len; i++)
        {
          const SlVictoryItem *item = &g_array_index (score->items, SlVictoryItem, i);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "source");
          json_builder_add_string_value (b, item->source);
          json_builder_set_member_name (b, "label");
          json_builder_add_string_value (b, item->label);
          json_builder_set_member_name (b, "points");
          json_builder_add_double_value (b, item->points);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "score");
      json_builder_add_double_value (b, score->score);
      json_builder_set_member_name (b, "result");
      json_builder_add_string_value (b, score->result);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  if (r->has_ratio)
    {
      json_builder_set_member_name (b, "ratio");
      json_builder_add_double_value (b, r->ratio);
    }
  json_builder_set_member_name (b, "level");
  json_builder_add_string_value (b, r->level->id);
  json_builder_set_member_name (b, "winner");
  if (r->winner >= 0)
    json_builder_add_string_value (b, sl_setup_side_at (setup, r->winner)->id);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}
