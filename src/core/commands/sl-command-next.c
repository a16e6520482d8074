/* sl-command-next.c: the subphase track — finishing actions, moving the
 * clock on, ending the turn, and passing (digest P-06, P-07, P-08)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-ammunition.h"
#include "sl-command.h"
#include "sl-command-flow-private.h"
#include "sl-due.h"
#include "sl-environment.h"
#include "sl-morale.h"
#include "sl-movement.h"
#include "sl-options.h"

/* The subphase track (P-07, P-08) */

/* The most names a sentence of what is due lists; a longer list names one
 * fewer and ends "and N more" (N is then 2 or more). */
#define PENDING_NAMED 6

/* What must be resolved in @step of the current subphase before play goes
 * on: a sentence, or NULL when nothing. Fire is resolved here; the other
 * steps belong to their families. */
static char *
pending_in_step (SlCommand *c,
                 SlStep     step)
{
  g_autoptr(GArray) due = sl_due_list (c->rules, c->setup, c->state, step);
  g_autoptr(GPtrArray) listed = g_ptr_array_new ();
  g_autoptr(GString) names = g_string_new (NULL);
  int last_unit = -1;
  guint named;

  for (guint i = 0; i < due->len; i++)
    {
      const SlDue *d = &g_array_index (due, SlDue, i);

      if (d->unit >= 0 && d->unit == last_unit)
        continue;  /* its avoidance roll, then its melee */
      last_unit = d->unit;
      if (d->unit >= 0)
        g_ptr_array_add (listed, (gpointer) sl_command_name (c, d->unit));
      else if (d->squad >= 0)
        g_ptr_array_add (listed, sl_setup_squad_at (c->setup, d->squad)->name);
      else
        g_ptr_array_add (listed, sl_state_find_marker (c->state, d->marker)->label);
    }
  if (listed->len == 0)
    return NULL;
  /* A long list names the first few and says how many more: the track
   * shows them all. */
  named = listed->len > PENDING_NAMED ? PENDING_NAMED - 1 : listed->len;
  for (guint i = 0; i < named; i++)
    {
      if (i > 0)
        g_string_append (names, _(", "));
      g_string_append (names, g_ptr_array_index (listed, i));
    }
  if (named < listed->len)
    {
      g_autofree char *more = g_strdup_printf (ngettext ("%s and %u more", "%s and %u more", listed->len - named),
                                               names->str, listed->len - named);

      g_string_assign (names, more);
    }
  if (c->state->phase == SL_PHASE_ROUT_RALLY)
    return g_strdup_printf (_("Rout checks to make first: %s (P-31)."), names->str);
  if (c->state->phase == SL_PHASE_FIRE_MISSION)
    return g_strdup_printf (_("Fire missions to land first: %s (P-38, A-13)."), names->str);
  switch (step)
    {
    case SL_STEP_RANGED_FIRE:
      return g_strdup_printf (_("Fire to resolve first: %s (P-08 step 3)."), names->str);
    case SL_STEP_EXPLOSION:
      return g_strdup_printf (_("Explosions to resolve first: %s (P-08 step 4)."), names->str);
    case SL_STEP_MELEE:
      return g_strdup_printf (_("Melee to resolve first: %s (P-08 step 5, P-23, P-24)."), names->str);
    case SL_STEP_RALLY:
      return g_strdup_printf (_("Rally to resolve first: %s (P-08 step 6, P-32)."), names->str);
    case SL_STEP_NONE:
    case SL_STEP_START:
    case SL_STEP_INITIATIVE_ORDER:
    case SL_N_STEPS:
    default:
      return NULL;
    }
}

/* The things an action does when its last subphase comes and no dice are
 * needed (§6.1: an action takes effect only in its last subphase). */
static void finish_kit_action (SlCommand      *c,
                               int             unit,
                               const SlAction *action);

void
sl_flow_finish_action (SlCommand *c,
                       int        unit)
{
  SlUnitState *u = &c->state->units[unit];
  const SlUnitSetup *us = sl_setup_unit_at (c->setup, unit);
  const SlAction *action = u->current.action;
  const char *name = us->told;

  u->current.resolved = TRUE;

  if (u->current.combined_with == SL_COMBINE_KNEELING)
    u->position = SL_POSITION_KNEELING;
  if (sl_command_finish_explosives (c, unit) || sl_command_finish_charge_action (c, unit))
    return;

  if (sl_flow_is_action (action, "position-change") && u->current.to_position >= 0)
    {
      u->position = u->current.to_position;
      sl_command_say (c, _("%s is now %s."), name, sl_position_label (u->position));
    }
  else if (action->ends != NULL && g_str_equal (action->ends, "kneeling"))
    u->position = SL_POSITION_KNEELING;
  else if (action->move == SL_MOVE_DIVE && c->setup->environment.zero_g)
    {
      /* a zero-G dive never stops by itself: it carries the unit on
       * every subphase until it hits something (dive-stop). */
      u->current.resolved = FALSE;
      u->current.end++;
    }
  else if (action->move == SL_MOVE_DIVE)
    u->position = SL_POSITION_PRONE;  /* T-05: "Unit finishes dive prone" */
  else
    finish_kit_action (c, unit, action);
}

/* @action, on the unit's own weapon or kit, takes effect (T-05). */
static void
finish_kit_action (SlCommand      *c,
                   int             unit,
                   const SlAction *action)
{
  SlUnitState *u = &c->state->units[unit];
  const SlUnitSetup *us = sl_setup_unit_at (c->setup, unit);
  const char *name = us->told;

  if (sl_flow_is_action (action, "reload"))
    {
      SlAmmoInput in = { 0 };
      SlAmmoResult res;
      g_autoptr(GError) error = NULL;

      in.weapon = sl_state_unit_weapon (c->setup, c->state, unit);
      in.omni_mode = sl_state_unit_omni_mode (c->setup, c->state, unit);
      in.action = SL_AMMO_RELOAD;
      sl_state_unit_ammo (c->setup, c->state, unit, &in.state);
      if (sl_ammo_resolve (c->rules, c->options, &in, &res, &error))
        {
          sl_state_unit_set_ammo (c->setup, c->state, unit, &res.state);
          sl_command_say (c, _("%s has reloaded."), name);
        }
      else
        sl_command_say (c, _("%s could not reload: %s"), name, error->message);
    }
  else if (sl_flow_is_action (action, "clear-weapon"))
    {
      u->jammed = FALSE;
      sl_command_say (c, _("%s has cleared the jam."), name);
    }
  else if (sl_flow_is_action (action, "change-omni-mode"))
    {
      u->omni_slug = !u->omni_slug;
      sl_command_say (c, _("%s's OMNI rifle is now in %s mode."), name,
                      u->omni_slug ? _("slug") : _("spike"));
    }
  else if (sl_flow_is_action (action, "exchange"))
    {
      if (us->n_weapons > 1)
        {
          u->in_hand = 1 - u->in_hand;
          sl_command_say (c, _("%s now holds the %s."), name, us->weapons[u->in_hand]->name);
        }
    }
  else if (sl_flow_is_action (action, "leave-stealth"))
    {
      u->stealth_power = FALSE;
      sl_command_say (c, _("%s has left stealth power mode."), name);
    }
  else if (sl_flow_is_action (action, "enter-stealth"))
    {
      u->stealth_power = TRUE;
      sl_command_say (c, _("%s is in stealth power mode."), name);
    }
  else if (sl_flow_is_action (action, "pick-up-object") &&
           sl_setup_has_module (c->setup, SL_MODULE_AMMUNITION) &&
           sl_setup_has_module (c->setup, SL_MODULE_GRENADES) &&
           (u->grenades[SL_GRENADE_FG] > 0 || u->grenades[SL_GRENADE_SG] > 0))
    {
      /* with the ammunition rules a grenade is picked up before it is
       * thrown — where grenades are in use (§9.6, §10 F); elsewhere the
       * unit picks up something else. */
      u->grenade_ready = TRUE;
      sl_command_say (c, _("%s has a grenade ready."), name);
    }
  else if (sl_flow_is_action (action, "opportunity-fire"))
    {
      /* armed once its end subphase has resolved (one more with the
       * option); until the unit fires or starts another action (P-09). */
      u->opportunity_armed = TRUE;
      sl_command_say (c, _("%s is on opportunity fire."), name);
    }
}

static void
start_subphase (SlCommand *c,
                int        subphase)
{
  SlState *s = c->state;
  int now;

  s->phase = SL_PHASE_ACTION;
  s->subphase = subphase;
  s->step = SL_STEP_INITIATIVE_ORDER;
  s->slot = 0;
  now = sl_command_now (c);

  /* P-08 step 1: timers. Smoke clears. */
  for (guint i = 0; i < s->markers->len;)
    {
      SlMarker *m = &g_array_index (s->markers, SlMarker, i);

      if (m->expires >= 0 && m->expires <= now)
        {
          sl_command_say (c, _("%s clears."), m->label);
          g_array_remove_index (s->markers, i);
        }
      else
        i++;
    }

  for (int unit = 0; unit < s->n_units; unit++)
    {
      SlUnitState *u = &s->units[unit];

      /* P-08 step 1, P-39: a breached suit's wound that falls due now —
       * a unit knocked out bleeds on until it dies. */
      sl_command_breach_tick (c, unit);
      if (sl_state_unit_out (c->rules, s, unit))
        continue;

      /* the move a unit makes this subphase, for the fire modifiers;
       * the last one's, for what may follow it (T-07, A-31, A-40). */
      u->moved_before = u->moving;
      u->bounced_before = u->moving != SL_MOVE_NONE && u->bounce_pack && !c->setup->environment.zero_g;
      u->moving = SL_MOVE_NONE;
      u->move_made = FALSE;
      if (u->current.action != NULL && !u->current.resolved &&
          u->current.start <= now && now <= u->current.end)
        {
          if (u->current.action->move != SL_MOVE_NONE)
            u->moving = u->current.action->move;
          else if (u->current.combined_with < SL_N_MOVES)
            u->moving = u->current.combined_with;
        }

      /* §6.1: actions that end now take effect now; those that need dice
       * wait for their step. */
      if (u->current.action != NULL && !u->current.resolved && u->current.end == now &&
          sl_flow_resolution_step (u->current.action) == SL_STEP_NONE)
        sl_flow_finish_action (c, unit);
      sl_command_routed_in_contact (c, unit);
    }
}

static gboolean
rout_check_due (SlCommand *c)
{
  return sl_setup_has_module (c->setup, SL_MODULE_MORALE) &&
         c->state->turn % MAX (c->options->rout_check_interval, 1) == 0;
}

/* A-13 option: fire missions that land in the Fire Mission Phase. */
static gboolean
missions_in_phase (SlCommand *c)
{
  SlPhase phase = c->state->phase;
  g_autofree char *pending = NULL;

  if (!c->options->fire_missions_in_phase)
    return FALSE;
  c->state->phase = SL_PHASE_FIRE_MISSION;
  pending = pending_in_step (c, SL_STEP_NONE);
  c->state->phase = phase;
  return pending != NULL;
}

/* A side with no unit left in the fight (every one unconscious or dead,
 * T-16), or -1. */
static int
side_wiped_out (SlCommand *c)
{
  for (guint side = 0; side < c->setup->sides->len; side++)
    {
      gboolean standing = FALSE;

      for (int u = 0; u < c->state->n_units && !standing; u++)
        standing = sl_command_side (c, u) == (int) side && sl_flow_unit_in_fight (c, u);
      if (!standing)
        return side;
    }
  return -1;
}

/* P-04 step 6, §14: the End Phase, then the next turn. */
static void
end_turn (SlCommand *c)
{
  SlState *s = c->state;
  int wiped_out;

  s->phase = SL_PHASE_END;
  s->subphase = 0;
  /* §14 step 2: the victory conditions. Objectives are the scenario's; a
   * side with nobody left to fight ends the game whatever they are. */
  wiped_out = side_wiped_out (c);
  if (wiped_out >= 0)
    {
      s->over = TRUE;
      sl_command_say (c, _("No unit of %s is left in the fight: the game ends after turn %d (§14)."),
                      sl_setup_side_at (c->setup, wiped_out)->name, s->turn);
      return;
    }
  if (s->turn >= c->setup->length_turns)
    {
      s->over = TRUE;
      sl_command_say (c, _("The scenario ends after turn %d (§14)."), s->turn);
      return;
    }
  s->turn++;
  s->phase = SL_PHASE_INITIATIVE;
  s->initiative_done = FALSE;
  s->n_order = 0;
  memset (s->rout_checked, 0, sizeof s->rout_checked);
  sl_command_say (c, _("Turn %d begins."), s->turn);
}

static void
after_action_phase (SlCommand *c)
{
  SlState *s = c->state;

  s->subphase = 0;
  s->step = SL_STEP_NONE;
  if (missions_in_phase (c))
    {
      s->phase = SL_PHASE_FIRE_MISSION;
      /* The missions of the phase land at once (P-08 step 4). */
      sl_state_hold_step (c->rules, s, SL_STEP_EXPLOSION);
      sl_command_say (c, _("Fire Mission Phase (A-13)."));
      return;
    }
  if (rout_check_due (c))
    {
      s->phase = SL_PHASE_ROUT_RALLY;
      sl_command_say (c, _("Rout/Rally Phase: every squad checks for rout (P-31)."));
      return;
    }
  end_turn (c);
}

/* Outside the Action Phase: refuses to move on while anything of the
 * phase is left to resolve. */
static gboolean
check_nothing_pending (SlCommand  *c,
                       GError    **error)
{
  g_autofree char *pending = pending_in_step (c, SL_STEP_NONE);

  if (pending == NULL)
    return TRUE;
  sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type", "%s", pending);
  return FALSE;
}

/* The Action Phase moves on: to the next step of the subphase with
 * something to resolve, the next subphase, or past the last one. */
static gboolean
advance_action_phase (SlCommand  *c,
                      GError    **error)
{
  SlState *s = c->state;
  g_autofree char *pending = pending_in_step (c, s->step);

  /* Every step up to the current one must be done. */
  for (SlStep st = SL_STEP_RANGED_FIRE; st <= s->step && pending == NULL; st++)
    pending = pending_in_step (c, st);
  if (pending != NULL)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type", "%s", pending);
      return FALSE;
    }
  /* The step ends: what it cost is applied together (§6.1, A-18). */
  sl_state_release_step (c->rules, s);
  /* P-08: the next step with something to resolve; what is resolved
   * in it reads the units as they stand now. */
  for (SlStep st = s->step + 1; st <= SL_STEP_RALLY; st++)
    {
      g_autofree char *due = pending_in_step (c, st);

      if (due != NULL)
        {
          s->step = st;
          sl_state_hold_step (c->rules, s, st);
          return TRUE;
        }
    }
  if (s->subphase < c->rules->subphases_per_turn)
    start_subphase (c, s->subphase + 1);
  else
    after_action_phase (c);
  return TRUE;
}

gboolean
sl_flow_advance (SlCommand  *c,
                 GError    **error)
{
  SlState *s = c->state;

  switch (s->phase)
    {
    case SL_PHASE_INITIATIVE:
      if (!s->initiative_done)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                             _("Roll initiative first (P-04, P-06)."));
          return FALSE;
        }
      if (sl_setup_has_module (c->setup, SL_MODULE_DETECTION))
        {
          s->phase = SL_PHASE_DETECTION;
          sl_command_say (c, _("Detection Phase (P-27)."));
          return TRUE;
        }
      start_subphase (c, 1);
      return TRUE;

    case SL_PHASE_DETECTION:
      start_subphase (c, 1);
      return TRUE;

    case SL_PHASE_ACTION:
      return advance_action_phase (c, error);

    case SL_PHASE_FIRE_MISSION:
      if (!check_nothing_pending (c, error))
        return FALSE;
      sl_state_release_step (c->rules, s);
      if (rout_check_due (c))
        {
          s->phase = SL_PHASE_ROUT_RALLY;
          sl_command_say (c, _("Rout/Rally Phase: every squad checks for rout (P-31)."));
          return TRUE;
        }
      end_turn (c);
      return TRUE;

    case SL_PHASE_ROUT_RALLY:
      if (!check_nothing_pending (c, error))
        return FALSE;
      end_turn (c);
      return TRUE;

    case SL_PHASE_END:
    case SL_N_PHASES:
    default:
      end_turn (c);
      return TRUE;
    }
}

gboolean
sl_command_next (SlCommand  *c,
                 GError    **error)
{
  gsize said;

  if (!sl_command_inputs_done (c))
    return FALSE;
  said = c->summary ? c->summary->len : 0;
  if (!sl_flow_advance (c, error))
    return FALSE;
  /* The history says where the clock went, when nothing else happened. */
  if (c->summary != NULL && c->summary->len == said && c->state->phase == SL_PHASE_ACTION)
    {
      if (c->state->step > SL_STEP_INITIATIVE_ORDER)
        sl_command_say (c, _("Subphase %d: %s."), c->state->subphase, sl_step_label (c->state->step));
      else
        sl_command_say (c, _("Subphase %d."), c->state->subphase);
    }
  sl_command_result (c, json_object_set_int_member, "turn", c->state->turn);
  sl_command_result (c, json_object_set_string_member, "phase", sl_phase_names[c->state->phase]);
  if (c->state->phase == SL_PHASE_ACTION)
    {
      sl_command_result (c, json_object_set_int_member, "subphase", c->state->subphase);
      sl_command_result (c, json_object_set_string_member, "step", sl_step_names[c->state->step]);
    }
  return TRUE;
}

/* Whose turn it is (P-06 step 5, P-08 step 2) */

/* "Trooper A, Trooper B": the units of the grouping at @position that have
 * still to decide. */
static char *
units_to_decide (SlCommand *c,
                 int        position)
{
  GString *names = g_string_new (NULL);

  for (int u = 0; u < c->state->n_units; u++)
    if (c->state->grouping_of[u] == c->state->order[position] &&
        sl_state_unit_to_decide (c->rules, c->state, u))
      {
        if (names->len > 0)
          g_string_append (names, _(", "));
        g_string_append (names, sl_command_name (c, u));
      }
  return g_string_free (names, FALSE);
}

gboolean
sl_command_check_turn (SlCommand   *c,
                       int          unit,
                       const char  *field,
                       GError     **error)
{
  SlState *s = c->state;
  int grouping = s->grouping_of[unit];
  int p = sl_state_order_position (s, grouping);
  int turn;

  if (p < 0 || s->phase != SL_PHASE_ACTION || s->step != SL_STEP_INITIATIVE_ORDER)
    return TRUE;
  if (!c->options->free_declaration_order)
    {
      if (p < s->slot)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field,
                             _("%s has had its turn in this subphase: its units act again in the next (P-08 step 2)."),
                             sl_setup_grouping_at (c->setup, grouping)->name);
          return FALSE;
        }
      turn = sl_state_turn_position (c->rules, s);
      if (p > turn)
        {
          g_autofree char *names = units_to_decide (c, turn);

          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field,
                             _("It is %s's turn in the initiative order; still to act: %s. Declare their actions, or pass the turn, before %s acts (P-06 step 5, P-08 step 2)."),
                             sl_setup_grouping_at (c->setup, s->order[turn])->name, names,
                             sl_setup_grouping_at (c->setup, grouping)->name);
          return FALSE;
        }
    }
  /* The groupings before it have had their turn. */
  s->slot = MAX (s->slot, p);
  return TRUE;
}

gboolean
sl_command_pass (SlCommand  *c,
                 GError    **error)
{
  SlState *s = c->state;
  int grouping, turn;

  grouping = sl_reader_has (c->command, "grouping")
           ? sl_setup_find_grouping (c->setup, sl_reader_string (c->command, "grouping", ""))
           : -1;
  if (sl_reader_has (c->command, "grouping") && grouping < 0 && sl_reader_ok (c->command))
    sl_reader_fail (c->command, "grouping", _("There is no grouping “%s” in this game."),
                    sl_reader_string (c->command, "grouping", ""));
  if (!sl_command_inputs_done (c))
    return FALSE;
  if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_INITIATIVE_ORDER,
                                 N_("Passing a grouping's turn"), error))
    return FALSE;
  turn = sl_state_turn_position (c->rules, s);
  if (turn >= s->n_order)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("Every grouping has had its turn in this subphase: press Next (P-08 step 2)."));
      return FALSE;
    }
  if (grouping >= 0 && grouping != s->order[turn])
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "grouping",
                         _("It is %s's turn, not %s's (P-06 step 5, P-08 step 2)."),
                         sl_setup_grouping_at (c->setup, s->order[turn])->name,
                         sl_setup_grouping_at (c->setup, grouping)->name);
      return FALSE;
    }
  grouping = s->order[turn];
  s->slot = turn + 1;
  sl_command_result (c, json_object_set_string_member, "grouping",
                     sl_setup_grouping_at (c->setup, grouping)->id);
  turn = sl_state_turn_position (c->rules, s);
  if (turn < s->n_order)
    {
      sl_command_result (c, json_object_set_string_member, "turn",
                         sl_setup_grouping_at (c->setup, s->order[turn])->id);
      sl_command_say (c, _("%s has had its turn; now %s's (P-08 step 2)."),
                      sl_setup_grouping_at (c->setup, grouping)->name,
                      sl_setup_grouping_at (c->setup, s->order[turn])->name);
    }
  else
    sl_command_say (c, _("%s has had its turn; every grouping has acted in subphase %d (P-08 step 2)."),
                    sl_setup_grouping_at (c->setup, grouping)->name, s->subphase);
  return TRUE;
}
