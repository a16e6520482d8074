/* sl-command-melee.c: melee in a game — engaging (P-22), avoiding (P-23)
 * and the melee actions resolved together at the end of their fifth
 * subphase (P-24, A-74 … A-76)
 *
 * An engagement costs the defender its ongoing action at once; if it fights,
 * both sides get a 5-AP melee action from the next subphase. If it
 * avoids before it has acted this subphase, it simply moves away; after, it
 * rolls next subphase (P-23 a): on a success the attacker gets a free
 * attack, on a failure a full melee follows and neither may avoid again
 * until it is over. Melee resolves in the melee step (P-08 step 5), every
 * pair with the wounds as they were before that step's hits.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sl-command.h"
#include "sl-morale.h"
#include "sl-options.h"

const char * const sl_melee_decision_names[] = { "fight", "avoid", NULL };

static gboolean
engaged_with (const SlUnitState *u,
              int                other)
{
  for (int k = 0; k < u->n_engaged; k++)
    if (u->engaged[k] == other)
      return TRUE;
  return FALSE;
}

static gboolean
engage_pair (SlCommand  *c,
             int         a,
             int         b,
             GError    **error)
{
  SlUnitState *ua = &c->state->units[a];
  SlUnitState *ub = &c->state->units[b];

  if (engaged_with (ua, b))
    return TRUE;
  if (ua->n_engaged >= SL_MAX_ENGAGED || ub->n_engaged >= SL_MAX_ENGAGED)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target",
                         _("At most %d units are in melee with one unit here."), SL_MAX_ENGAGED);
      return FALSE;
    }
  ua->engaged[ua->n_engaged++] = b;
  ub->engaged[ub->n_engaged++] = a;
  return TRUE;
}

static void
disengage_pair (SlCommand *c,
                int        a,
                int        b)
{
  for (int pass = 0; pass < 2; pass++)
    {
      SlUnitState *u = &c->state->units[pass == 0 ? a : b];
      int other = pass == 0 ? b : a;
      int w = 0;

      for (int k = 0; k < u->n_engaged; k++)
        if (u->engaged[k] != other)
          u->engaged[w++] = u->engaged[k];
      u->n_engaged = w;
      if (u->avoid_failed == other + 1)
        u->avoid_failed = 0;
      /* Out of contact: no avoidance roll left between them either (both
       * routed in the same melee, each rolls to avoid the other). */
      if (u->avoid_from == other + 1)
        {
          u->avoid_from = 0;
          u->avoid_due = 0;
        }
      /* Out of contact, the melee between them is over (P-23). */
      if (u->current.action != NULL && g_str_equal (u->current.action->id, "melee") &&
          u->current.target == other && !u->current.resolved)
        sl_state_lose_action (c->state, pass == 0 ? a : b);
    }
}

/* A 5-AP melee action from the next subphase (P-22 step 5, A-75). */
static void
start_melee (SlCommand *c,
             int        unit,
             int        target)
{
  SlUnitState *u = &c->state->units[unit];
  int now = sl_command_now (c);

  sl_state_lose_action (c->state, unit);
  u->current.action = sl_rules_action (c->rules, "melee");
  u->current.start = now + 1;
  u->current.end = now + SL_MELEE_AP;
  u->current.cost = SL_MELEE_AP;
  u->current.target = target;
  u->melee_target = target;
}

/* A unit drawn into two melees at once by failed avoidances of one step
 * attacks one target per melee action (P-24 step 6): the opponent it came
 * into contact with first (its engagements are kept in that order), so
 * that the order the rolls are entered in does not matter; against the
 * other it defends without a roll until it engages it. */
static gboolean
keeps_first_melee (SlCommand *c,
                   int        unit,
                   int        other)
{
  const SlUnitState *u = &c->state->units[unit];
  int now = sl_command_now (c), mine = -1, theirs = -1;

  if (u->current.action == NULL || !g_str_equal (u->current.action->id, "melee") ||
      u->current.resolved || u->current.start != now)
    return FALSE;
  for (int k = 0; k < u->n_engaged; k++)
    {
      if (u->engaged[k] == u->current.target)
        mine = k;
      if (u->engaged[k] == other)
        theirs = k;
    }
  return mine >= 0 && (theirs < 0 || mine < theirs);
}

/* Whether the defender has already acted this subphase (P-22 step 5,
 * P-23): its grouping came before the attacker's in the acting order, or
 * it declared an action now. */
static gboolean
has_acted (SlCommand *c,
           int        defender,
           int        attacker)
{
  const SlState *s = c->state;
  int gd = s->grouping_of[defender], ga = s->grouping_of[attacker];
  int pd = -1, pa = -1;

  if (s->units[defender].current.action != NULL && s->units[defender].current.start == sl_command_now (c))
    return TRUE;
  for (int k = 0; k < s->n_order; k++)
    {
      if (s->order[k] == gd)
        pd = k;
      if (s->order[k] == ga)
        pa = k;
    }
  return pd >= 0 && pa >= 0 && pd < pa;
}

static const char *
name (SlCommand *c,
      int        unit)
{
  return sl_command_name (c, unit);
}

/* An engagement (P-22), as the command gives it, and what the checks
 * work out. */
typedef struct
{
  int         attacker;
  int         defender;
  gboolean    avoid;     /* the defender's decision (P-23) */
  gboolean    replace;
  const char *zero_g_stream;
  const char *target_zero_g_stream;
  gboolean    acted;     /* the defender has acted this subphase */
  gboolean    stuck;     /* dazed, it cannot move away */
  gboolean    again;     /* the pair is already in contact */
} Engage;

static gboolean
read_engage (SlCommand *c,
             Engage    *e)
{
  SlReader *r = c->command;

  e->attacker = sl_command_unit (c, r, "unit", FALSE);
  e->defender = sl_command_unit (c, r, "target", FALSE);
  e->avoid = sl_reader_enum (r, "decision", sl_melee_decision_names, N_("decision"), 0) == 1;
  e->replace = sl_reader_bool (r, "replace", FALSE);
  e->zero_g_stream = sl_command_die (c, r, "zero_g_roll", 10);
  e->target_zero_g_stream = sl_command_die (c, r, "target_zero_g_roll", 10);
  return sl_command_inputs_done (c);
}

/* P-22 step 1: the attacker may engage the defender now. */
static gboolean
check_engage_attacker (SlCommand     *c,
                       const Engage  *e,
                       GError       **error)
{
  int attacker = e->attacker, defender = e->defender;
  const SlUnitState *ua = &c->state->units[attacker];

  if (sl_command_side (c, attacker) == sl_command_side (c, defender))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target",
                         _("%s and %s are on the same side."), name (c, attacker), name (c, defender));
      return FALSE;
    }
  if (sl_state_unit_out (c->rules, c->state, attacker) || sl_state_unit_out (c->rules, c->state, defender))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, sl_state_unit_out (c->rules, c->state, attacker) ? "unit" : "target",
                         _("A unit out of the fight neither engages nor is engaged (T-16)."));
      return FALSE;
    }
  if (c->state->units[defender].hidden)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target",
                         _("%s has not been detected (§15.1)."), name (c, defender));
      return FALSE;
    }
  /* P-31: a routed unit never attacks; it avoids melee. */
  if (ua->routed && !c->options->routed_manual_control)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s is routed: it does not attack, it always tries to avoid melee (P-31)."),
                         name (c, attacker));
      return FALSE;
    }
  if (sl_state_unit_dazed (c->rules, c->state, attacker))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s is dazed: the only thing it may do is go kneeling or prone (P-19, A-27)."),
                         name (c, attacker));
      return FALSE;
    }
  if (sl_state_unit_ambushed (c->rules, c->state, attacker))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s was ambushed and can do nothing yet (§5.2)."), name (c, attacker));
      return FALSE;
    }
  if (!sl_command_check_zero_g_retry (c, attacker, "unit", error))
    return FALSE;
  /* P-23 (a) step 3, (b): having avoided a melee, it moves away before it
   * engages anyone, the unit it avoided included. */
  return sl_command_check_moves_away (c, attacker, "unit", error) &&
         sl_command_check_turn (c, attacker, "unit", error) &&
         sl_command_check_hold (c, attacker, TRUE, "unit", error);
}

/* P-23: what the defender may decide. */
static gboolean
check_engage_decision (SlCommand  *c,
                       Engage     *e,
                       GError    **error)
{
  int attacker = e->attacker, defender = e->defender;
  const SlUnitState *ud = &c->state->units[defender];

  /* a dazed unit cannot move, so it cannot avoid — now, having not
   * acted (P-23 b), or with its roll next subphase (P-23 a). */
  e->acted = has_acted (c, defender, attacker);
  e->stuck = sl_state_unit_dazed_at (c->rules, c->state, defender,
                                     sl_command_now (c) + (e->acted ? 1 : 0));
  if (e->avoid && e->stuck)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "decision",
                         _("%s is dazed and cannot move, so it cannot avoid the melee: it fights (A-27, P-23)."),
                         name (c, defender));
      return FALSE;
    }
  /* P-31 step 4, P-23: a routed defender always tries to avoid. */
  if (ud->routed && !e->avoid && !e->stuck && !c->options->routed_manual_control)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "decision",
                         _("%s is routed: it always tries to avoid melee (P-31 step 4, P-23)."),
                         name (c, defender));
      return FALSE;
    }
  /* P-22 step 8: each attacker is avoided on its own; one roll at a time. */
  if (e->avoid && ud->avoid_from > 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "decision",
                         _("%s already rolls to avoid %s: it fights this attacker (P-22 step 8, P-23)."),
                         name (c, defender), name (c, ud->avoid_from - 1));
      return FALSE;
    }
  return TRUE;
}

/* The melees the pair is already in, and what the attacker is busy with. */
static gboolean
check_engage_contact (SlCommand  *c,
                      Engage     *e,
                      GError    **error)
{
  int attacker = e->attacker, defender = e->defender;
  const SlUnitState *ua = &c->state->units[attacker];
  const SlUnitState *ud = &c->state->units[defender];

  e->again = engaged_with (ua, defender);
  /* P-22, P-23: an engaged unit fights or tries to avoid; it engages
   * nobody else, and its avoidance roll comes first. */
  if (ua->avoid_from > 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s rolls to avoid %s first (P-23 a)."), name (c, attacker),
                         name (c, ua->avoid_from - 1));
      return FALSE;
    }
  for (int k = 0; k < ua->n_engaged; k++)
    if (ua->engaged[k] != defender)
      {
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                           _("%s is in melee with %s: it fights or tries to avoid, and engages nobody else (P-22, P-23)."),
                           name (c, attacker), name (c, ua->engaged[k]));
        return FALSE;
      }
  if (sl_command_drifting (c, attacker))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s dives in zero-G and can do nothing else until it hits full cover or another unit (A-72)."),
                         name (c, attacker));
      return FALSE;
    }
  if (!sl_state_unit_idle (c->rules, c->state, attacker) && !e->replace)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s is busy with “%s”; engaging gives it up, so say so with “replace” (P-07 step 6)."),
                         name (c, attacker), ua->current.action->name);
      return FALSE;
    }
  if (e->again && (!sl_state_unit_idle (c->rules, c->state, defender) || ud->avoid_from > 0))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target",
                         _("%s's melee with %s is still under way (P-24)."), name (c, attacker), name (c, defender));
      return FALSE;
    }
  if (e->avoid && ud->avoid_failed == attacker + 1 && e->again)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "decision",
                         _("%s failed to avoid this melee: it may not try again until the melee action is over (P-23)."),
                         name (c, defender));
      return FALSE;
    }
  return TRUE;
}

/* P-22 step 3: the defender loses its ongoing action at once, opportunity
 * fire it holds included — but a melee it is fighting goes on: several
 * attackers each have their own. The attacker gives up its own and
 * attacks. */
static void
make_contact (SlCommand    *c,
              const Engage *e)
{
  int attacker = e->attacker, defender = e->defender;
  SlUnitState *ua = &c->state->units[attacker];
  SlUnitState *ud = &c->state->units[defender];

  if (ud->current.action != NULL && !ud->current.resolved && !g_str_equal (ud->current.action->id, "melee"))
    {
      sl_command_say (c, _("%s loses “%s” (P-22)."), name (c, defender), ud->current.action->name);
      sl_state_lose_action (c->state, defender);
    }
  else if (ud->opportunity_armed)
    {
      /* Opportunity fire it holds is ongoing too, and whether it fights
       * or avoids it starts another action (P-09 step 5). */
      ud->opportunity_armed = FALSE;
      sl_command_say (c, _("%s loses its opportunity fire (P-22, P-09)."), name (c, defender));
    }
  if (!sl_state_unit_idle (c->rules, c->state, attacker))
    sl_command_say (c, _("%s gives up “%s”."), name (c, attacker), ua->current.action->name);
  sl_state_lose_action (c->state, attacker);
  ua->stance = SL_STANCE_ATTACK;
  sl_command_attack (c, attacker);
  /* §15.1: a hidden unit that acts is detected. */
  if (ua->hidden)
    {
      sl_state_reveal_unit (c->state, attacker);
      sl_command_say (c, _("%s acts and is no longer hidden (§15.1)."), name (c, attacker));
    }
}

/* P-22 step 5, A-75: both sides get a melee action from the next
 * subphase. */
static gboolean
start_engaged_melee (SlCommand     *c,
                     const Engage  *e,
                     GError       **error)
{
  int attacker = e->attacker, defender = e->defender;
  SlCheckOutcome check;
  gboolean steady;

  start_melee (c, attacker, defender);
  /* the defender's melee action starts with its own check; failed,
   * it has none and defends without a roll. */
  if (!sl_command_zero_g_check (c, defender, SL_ZERO_G_OTHER, SL_MOVE_NONE, e->target_zero_g_stream,
                                "target_", &steady, &check, error))
    return FALSE;
  if (steady)
    start_melee (c, defender, attacker);
  c->state->units[defender].stance = SL_STANCE_ATTACK;
  sl_command_result (c, json_object_set_string_member, "outcome", "melee");
  {
    g_autofree char *when = sl_command_telling (c)
                            ? sl_command_when (c, c->state->units[attacker].current.end) : NULL;

    if (steady)
      sl_command_say (c, _("%s engages %s in melee: 5 AP each from the next subphase, resolved at the end of %s (P-22, P-24)."),
                      name (c, attacker), name (c, defender), when);
    else
      sl_command_say (c, _("%s engages %s in melee, resolved at the end of %s (P-22, P-24); %s fails the zero-G check (rolled %d, net %d) and defends without a melee action (P-21, A-71)."),
                      name (c, attacker), name (c, defender), when, name (c, defender), check.natural, check.net);
  }
  return TRUE;
}

gboolean
sl_command_engage (SlCommand  *c,
                   GError    **error)
{
  Engage e = { 0 };
  SlUnitState *ua, *ud;
  SlCheckOutcome check;
  gboolean steady;

  if (!read_engage (c, &e))
    return FALSE;
  if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_INITIATIVE_ORDER, N_("An engagement"), error))
    return FALSE;
  if (!check_engage_attacker (c, &e, error) || !check_engage_decision (c, &e, error) ||
      !check_engage_contact (c, &e, error))
    return FALSE;
  ua = &c->state->units[e.attacker];
  ud = &c->state->units[e.defender];

  /* P-21, A-71: engaging is an action of the attacker's: in zero-G it
   * starts with a check, and a failure loses it — no contact is made. */
  if (!sl_command_zero_g_check (c, e.attacker, SL_ZERO_G_OTHER, SL_MOVE_NONE, e.zero_g_stream, "",
                                &steady, &check, error))
    return FALSE;
  if (!steady)
    {
      if (ua->hidden)
        {
          sl_state_reveal_unit (c->state, e.attacker);
          sl_command_say (c, _("%s acts and is no longer hidden (§15.1)."), name (c, e.attacker));
        }
      sl_state_lose_action (c->state, e.attacker);
      sl_command_result (c, json_object_set_string_member, "outcome", "zero-g-failed");
      sl_command_say (c, _("%s fails the zero-G check (rolled %d, net %d): the engagement is lost; it may try again next subphase (P-21, A-71)."),
                      name (c, e.attacker), check.natural, check.net);
      return TRUE;
    }

  make_contact (c, &e);
  sl_command_result (c, json_object_set_boolean_member, "defender_acted", e.acted);
  if (e.avoid && !e.acted)
    {
      /* P-23(b): it simply moves away, no roll, no free attack. */
      disengage_pair (c, e.attacker, e.defender);
      ud->must_move_away = TRUE;
      sl_command_result (c, json_object_set_string_member, "outcome", "avoided");
      sl_command_say (c, _("%s engages %s, who has not acted yet and moves away: no melee (P-23 b). It must now make a movement action taking it beyond 1 m."),
                      name (c, e.attacker), name (c, e.defender));
      return TRUE;
    }
  if (!engage_pair (c, e.attacker, e.defender, error))
    return FALSE;
  if (e.avoid)
    {
      /* P-23(a): it rolls next subphase. */
      ud->avoid_from = e.attacker + 1;
      ud->avoid_due = sl_command_now (c) + 1;
      sl_command_result (c, json_object_set_string_member, "outcome", "avoid-roll-next-subphase");
      sl_command_say (c, _("%s engages %s, who has already acted and will try to avoid next subphase (P-23 a)."),
                      name (c, e.attacker), name (c, e.defender));
      return TRUE;
    }
  return start_engaged_melee (c, &e, error);
}

/* The melee side of a unit, with its wound as it was when the melee step
 * began (P-24: every melee of the step is at once; P-08 step 5). */
static void
melee_side (SlCommand   *c,
            int          unit,
            SlMeleeSide *side)
{
  const SlUnitSetup *us = sl_setup_unit_at (c->setup, unit);
  const SlUnitState *u = &c->state->units[unit];

  side->troop = us->troop;
  side->race = us->race;
  side->armor = us->armor;
  side->wound = sl_state_step_unit (c->state, unit).wound;
  side->bonus = u->melee_bonus;
  side->dazed = sl_state_unit_dazed_at_step (c->rules, c->state, unit);
  /* §18: a Legionnaire character's melee skill and melee weapon. */
  side->legionnaire = us->legionnaire;
}

/* One melee wound level (P-24 step 4: no daze). */
static char *
melee_hit (SlCommand            *c,
           int                   unit,
           int                   by,
           const SlDamageResult *damage,
           JsonObject           *into)
{
  SlDamageResult d = *damage;
  char *words;

  d.dazed = FALSE;
  c->actor = by;
  words = sl_command_apply_damage (c, unit, &d, into);
  c->actor = -1;
  return words;
}

/* An avoidance roll (P-23 a), as the command gives it, and the roll's
 * input. The defender is the unit that tries to avoid, the attacker its
 * opponent. */
typedef struct
{
  int           defender;
  int           attacker;
  SlAvoidInput  in;
  const char   *attack_stream;
  const char   *zero_g_stream;
  int           target;         /* the opponent named, or -1 */
  gboolean      target_avoids;  /* the opponent wants to break off too (P-22 step 6) */
  JsonObject   *into;           /* where the result goes, or NULL when not told */
} Avoid;

static gboolean
read_avoid (SlCommand *c,
            Avoid     *a)
{
  SlReader *r = c->command;

  a->defender = sl_command_unit (c, r, "unit", FALSE);
  a->target = sl_command_unit (c, r, "target", TRUE);
  a->target_avoids = sl_reader_enum (r, "target_decision", sl_melee_decision_names, N_("decision"), 0) == 1;
  a->in.roll_stream = sl_command_die (c, r, "roll", 10);
  a->attack_stream = sl_command_die (c, r, "attack_roll", 10);
  a->zero_g_stream = sl_command_die (c, r, "zero_g_roll", 10);
  a->into = sl_command_telling (c) ? c->result : NULL;
  return sl_command_inputs_done (c);
}

/* A melee action of @unit's under way (P-24). */
static gboolean
fights_melee (SlCommand *c,
              int        unit)
{
  const SlCurrentAction *a = &c->state->units[unit].current;

  return a->action != NULL && g_str_equal (a->action->id, "melee") && !a->resolved;
}

/* P-23 a, A-75: @unit, in contact after a melee and with no roll due,
 * tries to avoid an opponent on its own as its action: the one named
 * (@target), or its only one (P-22 step 8: each is avoided apart). Sets
 * *@opponent. */
static gboolean
check_own_avoidance (SlCommand  *c,
                     int         unit,
                     int         target,
                     int        *opponent,
                     GError    **error)
{
  const SlUnitState *u = &c->state->units[unit];
  int now = sl_command_now (c);

  if (sl_state_unit_dazed (c->rules, c->state, unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s is dazed and cannot move, so it cannot avoid the melee: it defends (A-27, P-23)."),
                         name (c, unit));
      return FALSE;
    }
  if (u->idle_until >= now)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s was ambushed and can do nothing yet (§5.2)."), name (c, unit));
      return FALSE;
    }
  if (u->avoid_from > 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s rolls to avoid %s first, with its avoidance roll (P-23 a)."), name (c, unit),
                         name (c, u->avoid_from - 1));
      return FALSE;
    }
  if (fights_melee (c, unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s fights its melee with %s to the end of the melee action; then, still in contact, it may try to avoid (P-23 a, A-75)."),
                         name (c, unit), name (c, u->current.target));
      return FALSE;
    }
  if (target >= 0 && !engaged_with (u, target))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target",
                         _("%s is not in melee contact with %s (P-22)."), name (c, unit), name (c, target));
      return FALSE;
    }
  if (target < 0 && u->n_engaged > 1)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "target",
                         _("%s is in contact with %d units: name the one it tries to avoid; it avoids each of them apart (P-22 step 8)."),
                         name (c, unit), u->n_engaged);
      return FALSE;
    }
  *opponent = target >= 0 ? target : u->engaged[0];
  if (u->avoid_failed == *opponent + 1)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s failed to avoid this melee: it may not try again until the melee action is over (P-23)."),
                         name (c, unit));
      return FALSE;
    }
  return sl_command_check_zero_g_retry (c, unit, "unit", error) &&
         sl_command_check_turn (c, unit, "unit", error);
}

/* P-22 step 6, A-27: the opponent may want to break off too, unless it
 * is dazed: it cannot move. */
static gboolean
check_opponent_avoids (SlCommand  *c,
                       int         opponent,
                       gboolean    target_avoids,
                       GError    **error)
{
  if (!target_avoids || !sl_state_unit_dazed (c->rules, c->state, opponent))
    return TRUE;
  sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target_decision",
                     _("%s is dazed and cannot move, so it cannot avoid the melee (A-27, P-23)."),
                     name (c, opponent));
  return FALSE;
}

static gboolean
check_avoid (SlCommand  *c,
             Avoid      *a,
             GError    **error)
{
  const SlUnitState *ud;

  /* In the subphase the melee starts: as its units act, or at the latest
   * in the melee step, where `next` waits for it. */
  if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_NONE, N_("Avoiding melee"), error))
    return FALSE;
  ud = &c->state->units[a->defender];
  if (ud->avoid_from == 0 && ud->n_engaged > 0)
    {
      /* in contact after a melee, it tries on its own, as its
       * action in the initiative order. */
      if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_INITIATIVE_ORDER,
                                     N_("Trying to avoid a melee one is in contact with"), error) ||
          !check_own_avoidance (c, a->defender, a->target, &a->attacker, error))
        return FALSE;
    }
  else if (ud->avoid_from == 0 || ud->avoid_due > sl_command_now (c))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         ud->avoid_from == 0 ? _("%s has no avoidance roll to make (P-23).")
                                             : _("%s rolls to avoid next subphase, when the melee starts (P-23 a)."),
                         name (c, a->defender));
      return FALSE;
    }
  else
    {
      a->attacker = ud->avoid_from - 1;
      if (a->target >= 0 && a->target != a->attacker)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target",
                             _("%s rolls to avoid %s (P-23 a)."), name (c, a->defender), name (c, a->attacker));
          return FALSE;
        }
    }
  if (!check_opponent_avoids (c, a->attacker, a->target_avoids, error))
    return FALSE;
  /* A failure starts a melee for both now: a melee either is fighting
   * that ends in this subphase is resolved first (P-24, A-76). */
  for (int pass = 0; pass < 2; pass++)
    {
      int u = pass == 0 ? a->defender : a->attacker;
      const SlCurrentAction *action = &c->state->units[u].current;

      if (action->action != NULL && g_str_equal (action->action->id, "melee") &&
          !action->resolved && action->end == sl_command_now (c))
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                             _("%s's melee with %s ends in this subphase: resolve it first (P-24, A-76)."),
                             name (c, u), name (c, action->target));
          return FALSE;
        }
    }
  return TRUE;
}

/* P-23 a: the defender's roll, with its wound as the step found it. */
static gboolean
roll_avoid (SlCommand      *c,
            Avoid          *a,
            SlBreakdown    *breakdown,
            SlAvoidResult  *res,
            GError        **error)
{
  const SlUnitSetup *ds = sl_setup_unit_at (c->setup, a->defender);
  const SlUnitSetup *as = sl_setup_unit_at (c->setup, a->attacker);

  a->in.defender_troop = ds->troop;
  a->in.defender_race = ds->race;
  a->in.defender_wound = sl_state_step_unit (c->state, a->defender).wound;
  a->in.defender_dazed = sl_state_unit_dazed_at_step (c->rules, c->state, a->defender);
  a->in.attacker_troop = as->troop;
  a->in.attacker_race = as->race;
  a->in.defender_legionnaire = ds->legionnaire;
  a->in.attacker_legionnaire = as->legionnaire;
  a->in.defender_acted = TRUE;
  a->in.zero_g = c->setup->environment.zero_g;
  /* dazed since the engagement, it cannot move: no roll, the
   * avoidance fails. */
  return a->in.defender_dazed ||
         sl_avoid_melee_resolve (c->rules, c->options, &a->in, c->dice, breakdown, res, error);
}

/* P-23 a, A-74: avoided — the attacker's free attack, then the defender
 * moves away. */
static gboolean
melee_avoided (SlCommand            *c,
               const Avoid          *a,
               const SlAvoidResult  *res,
               GError              **error)
{
  int defender = a->defender, attacker = a->attacker;
  SlUnitState *ud = &c->state->units[defender];
  g_auto(SlMeleeResult) free_attack = { 0 };
  SlMeleeInput mi = { 0 };

  {
    g_autofree char *odds = sl_check_outcome_words (&res->check);

    sl_command_say (c, _("%s tries to avoid %s: %s: avoided (P-23)."), name (c, defender),
                    name (c, attacker), odds);
  }
  /* first the attacker's free attack, 1 AP, no parry. */
  melee_side (c, attacker, &mi.a);
  melee_side (c, defender, &mi.b);
  mi.a.stance = SL_STANCE_ATTACK;
  mi.a.roll_stream = a->attack_stream;
  mi.zero_g = c->setup->environment.zero_g;
  mi.free_attack = TRUE;
  if (!sl_melee_resolve (c->rules, c->options, &mi, c->dice, &free_attack, error))
    return FALSE;
  if (a->into != NULL)
    {
      JsonObject *fa = json_object_new ();

      sl_check_outcome_to_json (&free_attack.a.check, "hit", fa);
      json_object_set_object_member (a->into, "free_attack", fa);
    }
  if (free_attack.a.hit)
    {
      g_autofree char *words = melee_hit (c, defender, attacker, &free_attack.b.damage, NULL);

      c->state->units[attacker].melee_bonus = TRUE;
      sl_command_say (c, _("%s's free attack hits (rolled %d): %s (A-74)."), name (c, attacker),
                      free_attack.a.check.natural, words);
    }
  else
    sl_command_say (c, _("%s's free attack misses (rolled %d) (A-74)."), name (c, attacker),
                    free_attack.a.check.natural);
  disengage_pair (c, attacker, defender);
  /* Knocked out in this step, it leaves melee as the step ends
   * (sl_state_leave_melee), and need move no more. */
  ud->must_move_away = TRUE;
  if (!sl_state_unit_out (c->rules, c->state, defender))
    sl_command_say (c, _("%s must now make a movement action taking it beyond 1 m (P-23)."),
                    name (c, defender));
  else if (c->state->held_step == SL_STEP_NONE)
    ud->must_move_away = FALSE;
  return TRUE;
}

/* P-23(a) step 4: a full melee follows; no new attempt until it is over.
 * the defender's melee action starts with its zero-G check (the
 * attacker made its own as it engaged); failed, it defends without a
 * roll. */
static gboolean
melee_not_avoided (SlCommand            *c,
                   const Avoid          *a,
                   const SlAvoidResult  *res,
                   GError              **error)
{
  int defender = a->defender, attacker = a->attacker;
  SlCheckOutcome zero_g = { 0 };
  gboolean steady = TRUE;

  c->state->units[defender].avoid_failed = attacker + 1;
  if (!keeps_first_melee (c, defender, attacker) &&
      !sl_command_zero_g_check (c, defender, SL_ZERO_G_OTHER, SL_MOVE_NONE, a->zero_g_stream, "",
                                &steady, &zero_g, error))
    return FALSE;
  /* It starts now, this subphase, which is "next subphase" of the
   * engagement. */
  for (int pass = 0; pass < 2; pass++)
    {
      int self = pass == 0 ? attacker : defender, other = pass == 0 ? defender : attacker;
      SlUnitState *u = &c->state->units[self];

      /* a unit fighting another melee goes on with it, and defends
       * this one without a roll until it engages. */
      if (keeps_first_melee (c, self, other) || (self == defender && !steady) ||
          (fights_melee (c, self) && u->current.target != other))
        continue;
      start_melee (c, self, other);
      u->current.start -= 1;
      u->current.end -= 1;
    }
  if (a->in.defender_dazed)
    sl_command_say (c, _("%s is dazed and cannot avoid %s: a full 5-AP melee follows (A-27, P-23)."),
                    name (c, defender), name (c, attacker));
  else
    {
      g_autofree char *odds = sl_check_outcome_words (&res->check);

      sl_command_say (c, _("%s tries to avoid %s: %s: fails; a full 5-AP melee follows (P-23)."),
                      name (c, defender), name (c, attacker), odds);
    }
  if (!steady)
    sl_command_say (c, _("%s fails the zero-G check (rolled %d, net %d) and defends without a melee action (P-21, A-71)."),
                    name (c, defender), zero_g.natural, zero_g.net);
  return TRUE;
}

/* P-22 step 6: whether the opponent wants to break off too — the table
 * says so, it is routed (a routed unit always tries to avoid, P-31 step
 * 4), or it has a roll of its own to avoid this unit — and can. */
static gboolean
opponent_avoids (SlCommand   *c,
                 const Avoid *a)
{
  const SlUnitState *uo = &c->state->units[a->attacker];

  if (sl_state_unit_dazed_at_step (c->rules, c->state, a->attacker))
    return FALSE;
  return a->target_avoids || uo->avoid_from == a->defender + 1 ||
         (uo->routed && !c->options->routed_manual_control);
}

/* P-22 step 6: both sides want to avoid: the melee ends, no roll, no free
 * attack; each makes a movement action taking it beyond 1 m. */
static void
melee_broken_off (SlCommand   *c,
                  const Avoid *a)
{
  int defender = a->defender, attacker = a->attacker;

  disengage_pair (c, attacker, defender);
  for (int pass = 0; pass < 2; pass++)
    {
      int u = pass == 0 ? defender : attacker;

      if (!sl_state_unit_out (c->rules, c->state, u))
        c->state->units[u].must_move_away = TRUE;
    }
  if (a->into != NULL)
    {
      json_object_set_boolean_member (a->into, "avoided", TRUE);
      json_object_set_boolean_member (a->into, "both_avoid", TRUE);
    }
  sl_command_say (c, _("%s and %s both break off: the melee ends, no roll and no free attack (P-22 step 6). Each must now make a movement action taking it beyond 1 m (P-23)."),
                  name (c, defender), name (c, attacker));
}

/* The avoidance of @a, checked: both break off, or the roll and what
 * follows it (P-23 a). Sets *@avoided. */
static gboolean
resolve_avoidance (SlCommand  *c,
                   Avoid      *a,
                   gboolean   *avoided,
                   GError    **error)
{
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  SlAvoidResult res = { 0 };
  SlUnitState *ud = &c->state->units[a->defender];

  if (opponent_avoids (c, a))
    {
      ud->avoid_from = 0;
      ud->avoid_due = 0;
      melee_broken_off (c, a);
      *avoided = TRUE;
      return TRUE;
    }
  if (!roll_avoid (c, a, breakdown, &res, error))
    return FALSE;

  ud->avoid_from = 0;
  ud->avoid_due = 0;
  if (a->into != NULL && !a->in.defender_dazed)
    {
      sl_check_outcome_to_json (&res.check, "avoided", a->into);
      json_object_set_member (a->into, "breakdown", sl_breakdown_to_json (breakdown));
    }
  else if (a->into != NULL)
    json_object_set_boolean_member (a->into, "avoided", FALSE);
  *avoided = res.avoided;
  if (res.avoided)
    return melee_avoided (c, a, &res, error);
  return melee_not_avoided (c, a, &res, error);
}

gboolean
sl_command_avoid (SlCommand  *c,
                  GError    **error)
{
  Avoid a = { 0 };
  gboolean avoided;

  if (!read_avoid (c, &a) || !check_avoid (c, &a, error))
    return FALSE;
  return resolve_avoidance (c, &a, &avoided, error);
}

void
sl_command_routed_in_contact (SlCommand *c,
                              int        unit)
{
  SlUnitState *u = &c->state->units[unit];

  if (!u->routed || c->options->routed_manual_control || u->n_engaged == 0 || u->avoid_from > 0 ||
      fights_melee (c, unit) || sl_state_unit_dazed (c->rules, c->state, unit))
    return;
  for (int k = 0; k < u->n_engaged; k++)
    if (u->avoid_failed != u->engaged[k] + 1)
      {
        u->avoid_from = u->engaged[k] + 1;
        u->avoid_due = sl_command_now (c);
        sl_command_say (c, _("%s is routed and in melee contact with %s: it tries to avoid the melee, its roll due in this subphase (P-31 step 4, P-23 a)."),
                        name (c, unit), name (c, u->engaged[k]));
        return;
      }
}

gboolean
sl_command_check_avoid_contact (SlCommand  *c,
                                int         unit,
                                int         target,
                                gboolean    target_avoids,
                                int        *opponent,
                                GError    **error)
{
  return check_own_avoidance (c, unit, target, opponent, error) &&
         check_opponent_avoids (c, *opponent, target_avoids, error);
}

gboolean
sl_command_avoid_contact (SlCommand   *c,
                          int          unit,
                          int          opponent,
                          gboolean     target_avoids,
                          const char  *roll_stream,
                          const char  *attack_stream,
                          const char  *zero_g_stream,
                          gboolean    *moves,
                          GError     **error)
{
  Avoid a = { 0 };
  gboolean avoided;

  a.defender = unit;
  a.attacker = opponent;
  a.target = opponent;
  a.target_avoids = target_avoids;
  a.in.roll_stream = roll_stream;
  a.attack_stream = attack_stream;
  a.zero_g_stream = zero_g_stream;
  if (sl_command_telling (c))
    {
      a.into = json_object_new ();
      json_object_set_object_member (c->result, "avoidance", a.into);
    }
  if (!resolve_avoidance (c, &a, &avoided, error))
    return FALSE;
  *moves = avoided && !sl_state_unit_out (c->rules, c->state, unit);
  return TRUE;
}

/* One pair's melee actions (P-24), as the command gives them, and what
 * the checks work out. */
typedef struct
{
  int              a;
  int              b;
  SlMeleeInput     in;
  int              parry_share;
  SlExtraModifier *extra;
  SlExtraModifier *target_extra;
  int              now;
  gboolean         b_fights;   /* b's own melee action at a ends now too */
} Melee;

static void
melee_clear (Melee *m)
{
  g_clear_pointer (&m->extra, g_free);
  g_clear_pointer (&m->target_extra, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Melee, melee_clear)

static gboolean
read_melee (SlCommand *c,
            Melee     *m)
{
  SlReader *r = c->command;

  m->a = sl_command_unit (c, r, "unit", FALSE);
  m->b = sl_command_unit (c, r, "target", TRUE);
  m->in.a.stance = sl_reader_enum (r, "stance", sl_stance_names, N_("stance"), SL_STANCE_ATTACK);
  m->in.b.stance = sl_reader_enum (r, "target_stance", sl_stance_names, N_("stance"), SL_STANCE_ATTACK);
  m->parry_share = sl_reader_int (r, "parry_share", 0, SL_MELEE_PARRY, SL_MELEE_PARRY);
  m->in.a.roll_stream = sl_command_die (c, r, "roll", 10);
  m->in.b.roll_stream = sl_command_die (c, r, "target_roll", 10);
  /* The table's own modifiers of each side's roll, read as a fire's. */
  m->extra = sl_extra_modifiers_read (r, "modifiers", &m->in.a.n_extra);
  m->target_extra = sl_extra_modifiers_read (r, "target_modifiers", &m->in.b.n_extra);
  return sl_command_inputs_done (c);
}

/* P-24 step 1: a melee action of the unit's ends now, against a unit it
 * is in contact with. */
static gboolean
check_melee (SlCommand  *c,
             Melee      *m,
             GError    **error)
{
  const SlUnitState *ua, *ub;

  if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_MELEE, N_("Melee"), error))
    return FALSE;

  m->now = sl_command_now (c);
  ua = &c->state->units[m->a];
  if (m->b < 0)
    m->b = ua->current.target;
  if (ua->current.action == NULL || !g_str_equal (ua->current.action->id, "melee") ||
      ua->current.end != m->now || ua->current.resolved || m->b < 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s has no melee action ending in this subphase (P-24)."), name (c, m->a));
      return FALSE;
    }
  ub = &c->state->units[m->b];
  if (!engaged_with (ua, m->b))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target",
                         _("%s is not in melee with %s (P-22)."), name (c, m->a), name (c, m->b));
      return FALSE;
    }
  /* The other side fights back in the same roll when its own melee action
   * against this unit ends now too (A-76: several attackers each resolve
   * their own melee). */
  m->b_fights = ub->current.action != NULL && g_str_equal (ub->current.action->id, "melee") &&
                ub->current.end == m->now && !ub->current.resolved && ub->current.target == m->a;
  return TRUE;
}

/* P-24 step 5, E-21: a parry's +3 is divided among the attackers as the
 * defender says — never more than +3 in all; against several attackers
 * in this step it says how, whatever order the melees are entered in. */
static gboolean
check_parry_share (SlCommand  *c,
                   Melee      *m,
                   GError    **error)
{
  int attackers = 0, left = SL_MELEE_PARRY - c->state->step_units[m->b].parry_used;

  for (int o = 0; o < c->state->n_units; o++)
    {
      const SlCurrentAction *oa = &c->state->units[o].current;

      if (oa->action != NULL && g_str_equal (oa->action->id, "melee") && oa->end == m->now &&
          oa->target == m->b && engaged_with (&c->state->units[o], m->b))
        attackers++;
    }
  if (attackers > 1 && !sl_reader_has (c->command, "parry_share"))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "parry_share",
                         _("%s parries %d attackers: say how its +3 is divided among them (P-24 step 5, E-21)."),
                         name (c, m->b), attackers);
      return FALSE;
    }
  if (m->parry_share > left)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "parry_share",
                         _("Only %+d of %s's parry is left for this attacker: +3 in all (P-24 step 5, E-21)."),
                         left, name (c, m->b));
      return FALSE;
    }
  m->in.a.parry_share = m->parry_share;
  return TRUE;
}

/* Both sides' rolls at once (P-24 steps 2 … 5). */
static gboolean
roll_melee (SlCommand      *c,
            Melee          *m,
            SlMeleeResult  *res,
            GError        **error)
{
  melee_side (c, m->a, &m->in.a);
  melee_side (c, m->b, &m->in.b);
  m->in.a.extra = m->extra;
  m->in.b.extra = m->target_extra;
  if (!m->b_fights)
    {
      m->in.b.stance = m->in.b.stance == SL_STANCE_PARRY ? SL_STANCE_PARRY : SL_STANCE_ATTACK;
      m->in.free_attack = m->in.b.stance != SL_STANCE_PARRY;
    }
  if (m->in.b.stance == SL_STANCE_PARRY && !check_parry_share (c, m, error))
    return FALSE;
  if (m->in.a.stance == SL_STANCE_PARRY)
    m->in.b.parry_share = SL_MELEE_PARRY;
  m->in.zero_g = c->setup->environment.zero_g;
  return sl_melee_resolve (c->rules, c->options, &m->in, c->dice, res, error);
}

/* The result's "unit" and "target": each side's stance and roll. */
static void
melee_json (SlCommand           *c,
            const Melee         *m,
            const SlMeleeResult *res)
{
  JsonObject *sa = json_object_new ();
  JsonObject *sb = json_object_new ();

  json_object_set_string_member (sa, "unit", sl_setup_unit_at (c->setup, m->a)->id);
  json_object_set_string_member (sa, "stance", sl_stance_names[m->in.a.stance]);
  if (res->a.roll == SL_MELEE_ROLLED)
    sl_check_outcome_to_json (&res->a.check, "hit", sa);
  if (res->a.breakdown != NULL)
    json_object_set_member (sa, "breakdown", sl_breakdown_to_json (res->a.breakdown));
  json_object_set_string_member (sb, "unit", sl_setup_unit_at (c->setup, m->b)->id);
  json_object_set_string_member (sb, "stance", sl_stance_names[m->in.b.stance]);
  if (m->b_fights && res->b.roll == SL_MELEE_ROLLED)
    sl_check_outcome_to_json (&res->b.check, "hit", sb);
  if (m->b_fights && res->b.breakdown != NULL)
    json_object_set_member (sb, "breakdown", sl_breakdown_to_json (res->b.breakdown));
  json_object_set_object_member (c->result, "unit", sa);
  json_object_set_object_member (c->result, "target", sb);
}

/* The words, then the wounds: both sides struck at once. */
static void
strike (SlCommand           *c,
        const Melee         *m,
        const SlMeleeResult *res)
{
  for (int pass = 0; pass < 2; pass++)
    {
      int self = pass == 0 ? m->a : m->b, other = pass == 0 ? m->b : m->a;
      const SlMeleeSideResult *sr = pass == 0 ? &res->a : &res->b;
      const SlMeleeSideResult *or = pass == 0 ? &res->b : &res->a;
      SlStance stance = pass == 0 ? m->in.a.stance : m->in.b.stance;

      if (pass == 1 && !m->b_fights)
        break;
      if (stance == SL_STANCE_PARRY)
        {
          sl_command_say (c, _("%s parries."), name (c, self));
          continue;
        }
      if (sr->roll == SL_MELEE_DAZED)
        {
          sl_command_say (c, _("%s is dazed and does not strike (A-27)."), name (c, self));
          continue;
        }
      if (sr->hit)
        {
          g_autofree char *words = melee_hit (c, other, self, &or->damage, NULL);
          g_autofree char *odds = sl_check_outcome_words (&sr->check);

          sl_command_say (c, _("%s strikes %s: %s: hit; %s (P-24)."), name (c, self), name (c, other),
                          odds, words);
        }
      else
        {
          g_autofree char *odds = sl_check_outcome_words (&sr->check);

          sl_command_say (c, _("%s strikes %s: %s: miss (P-24)."), name (c, self), name (c, other), odds);
        }
    }
}

/* Resolves one pair's melee actions at once (P-24). */
gboolean
sl_command_melee (SlCommand  *c,
                  GError    **error)
{
  g_auto(SlMeleeResult) res = { 0 };
  g_auto(Melee) m = { 0 };
  SlUnitState *ua, *ub;

  if (!read_melee (c, &m) || !check_melee (c, &m, error))
    return FALSE;
  if (!roll_melee (c, &m, &res, error))
    return FALSE;

  ua = &c->state->units[m.a];
  ub = &c->state->units[m.b];
  if (m.in.b.stance == SL_STANCE_PARRY && c->state->held_step == SL_STEP_MELEE)
    c->state->step_units[m.b].parry_used += m.parry_share;
  ua->current.resolved = TRUE;
  ua->stance = m.in.a.stance;
  ua->melee_bonus = res.a.next_bonus;
  if (m.b_fights)
    {
      ub->current.resolved = TRUE;
      ub->stance = m.in.b.stance;
      ub->melee_bonus = res.b.next_bonus;
    }

  if (sl_command_telling (c))
    melee_json (c, &m, &res);
  strike (c, &m, &res);

  /* The melee is over for a side that is out (as the step ends:
   * sl_state_release_step); the others stay in contact and may go on
   * (A-75). */
  if (engaged_with (ua, m.b) && !sl_state_unit_out (c->rules, c->state, m.a) &&
      !sl_state_unit_out (c->rules, c->state, m.b))
    {
      /* P-23: that melee over, this pair may try to avoid again. */
      if (ua->avoid_failed == m.b + 1)
        ua->avoid_failed = 0;
      if (ub->avoid_failed == m.a + 1)
        ub->avoid_failed = 0;
      sl_command_say (c, _("%s and %s are still in contact: another melee action, or an attempt to avoid (A-75)."),
                      name (c, m.a), name (c, m.b));
    }
  return TRUE;
}

