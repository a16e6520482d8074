/* sl-command-morale.c: leadership and morale in a game — the rout check of
 * the Rout/Rally Phase (P-31, T-26), the rally action (P-32), regrouping
 * (P-33) and acting leaders (P-32 step 8)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sl-command.h"
#include "sl-due.h"
#include "sl-morale.h"
#include "sl-options.h"

static gboolean
in_fight (SlCommand *c,
          int        unit)
{
  return !sl_state_unit_out (c->rules, c->state, unit);
}

/* The squad named by @field, or -1 after failing the reader. */
static int
squad_field (SlCommand  *c,
             SlReader   *r,
             const char *field,
             gboolean    optional)
{
  const char *id;

  if (!optional)
    sl_reader_require (r, field);
  id = sl_reader_string (r, field, NULL);
  if (id == NULL)
    return -1;
  for (guint i = 0; i < c->setup->squads->len; i++)
    if (g_str_equal (sl_setup_squad_at (c->setup, i)->id, id))
      return i;
  sl_reader_fail (r, field, _("There is no squad “%s” in this game."), id);
  return -1;
}

static const char *
squad_name (SlCommand *c,
            int        squad)
{
  return sl_setup_squad_at (c->setup, squad)->name;
}

/* Legionnaire characters (§18, A-136) */

int
sl_command_reaction (SlCommand *c,
                     int        grouping)
{
  int best = 0;

  /* Ruling (A-10 lists "Legionnaire modifiers" among the initiative
   * modifiers but not whose): a character's reaction counts for the
   * grouping it acts with while it is in the fight, and once — several
   * characters do not add up, as a grouping has one leader rating. */
  for (int u = 0; u < c->state->n_units; u++)
    if (c->state->grouping_of[u] == grouping && in_fight (c, u))
      best = MIN (best, sl_legionnaire_bonus (sl_setup_unit_at (c->setup, u)->legionnaire,
                                              SL_LEGIONNAIRE_REACTION));
  return best;
}

int
sl_command_charisma (SlCommand *c,
                     int        leader)
{
  /* §18: charisma is −1 leadership, which counts when the character leads
   * (as the leader, or as an acting leader). */
  if (leader < 0)
    return 0;
  return sl_legionnaire_bonus (sl_setup_unit_at (c->setup, leader)->legionnaire, SL_LEGIONNAIRE_CHARISMA);
}

static gboolean
never_routs (SlCommand *c,
             int        unit)
{
  return sl_due_unit_never_routs (c->rules, c->setup, c->state, unit);
}

/* The leader a squad answers to now, as the engine takes it: alive, acting
 * (+2, P-32 step 8) or none. */
static void
squad_leader (SlCommand *c,
              int        squad,
              SlLeader  *leader,
              int       *unit)
{
  int l = sl_command_squad_leader (c, squad);

  leader->race = NULL;
  leader->rating = 0;
  leader->state = SL_LEADER_DEAD;
  if (l >= 0)
    {
      leader->race = sl_setup_unit_at (c->setup, l)->race;
      leader->rating = sl_setup_squad_at (c->setup, squad)->leader_rating;
      leader->state = l == c->state->squad_leader[squad] ? SL_LEADER_ALIVE : SL_LEADER_ACTING;
    }
  leader->charisma = sl_command_charisma (c, l);
  if (unit != NULL)
    *unit = l;
}

/* Rout check (P-31) */

/* The T-26 counts for @squad, as A-101 reads them. */
static void
rout_counts (SlCommand   *c,
             int          squad,
             SlRoutInput *in)
{
  int side = sl_setup_squad_at (c->setup, squad)->side;
  int leader = c->state->squad_leader[squad];
  int penal = 0, members = 0;

  for (int u = 0; u < c->state->n_units; u++)
    {
      const SlUnitState *us = &c->state->units[u];
      gboolean out = sl_state_unit_out (c->rules, c->state, u);

      if (c->state->squad_of[u] == squad)
        {
          members++;
          if (g_str_equal (sl_setup_unit_at (c->setup, u)->troop->id, "penal"))
            penal++;
          if (out)
            in->dead_friends++;
          else if (us->wound != SL_WOUND_NONE)
            in->wounded_friends++;
        }
      else if (sl_command_side (c, u) != side)
        {
          if (out || us->wound != SL_WOUND_NONE)
            {
              in->enemy_casualties++;
              /* A-101 option: the casualties this squad caused. The game
               * credits casualties to the side that caused them. */
              if (us->casualty_by == side)
                in->own_enemy_casualties++;
            }
        }
    }
  /* §15.4: a dead leader −20 (and −10 as a dead unit, A-101). */
  in->leader_dead = leader >= 0 && sl_state_unit_out (c->rules, c->state, leader);
  /* +20 once for any enemy squad's leader dead. */
  for (guint s = 0; s < c->setup->squads->len; s++)
    {
      int l = c->state->squad_leader[s];

      if (sl_setup_squad_at (c->setup, s)->side != side && l >= 0 &&
          sl_state_unit_out (c->rules, c->state, l))
        in->enemy_leader_dead = TRUE;
    }
  /* Penal troops (T-26): the squad is penal when most of it is. */
  in->penal = penal * 2 > members;
}

/* A rout check as the command gives it. */
typedef struct
{
  int          squad;
  gboolean     per_unit;  /* one roll per unit, not one for the squad */
  SlRoutInput  in;
  GArray      *units;     /* SlRoutUnit: the units that roll, one roll each */
} RoutCheck;

/* one d100 per unit but the leader; the app rolls those not given. */
static void
read_unit_rolls (SlCommand *c,
                 RoutCheck *k)
{
  SlReader *r = c->command;
  g_autoptr(SlReader) rolls = NULL;

  if (sl_reader_has (r, "roll"))
    sl_reader_fail (r, "roll",
                    _("With one rout roll per unit (option routRollScope, A-99) give “rolls”, one per unit."));
  rolls = sl_reader_has (r, "rolls") ? sl_reader_object (r, "rolls") : NULL;
  for (int u = 0; u < c->state->n_units; u++)
    if (c->state->squad_of[u] == k->squad && !never_routs (c, u) && in_fight (c, u))
      {
        SlRoutUnit ru = { 0 };
        const char *id = sl_setup_unit_at (c->setup, u)->id;

        ru.id = id;
        if (rolls != NULL && sl_reader_has (rolls, id))
          ru.roll_stream = sl_command_die (c, rolls, id, 100);
        else
          {
            char *stream = g_strdup_printf ("rolls.%s", id);

            g_ptr_array_add (c->strings, stream);
            ru.roll_stream = stream;
          }
        g_array_append_val (k->units, ru);
      }
  if (rolls != NULL)
    sl_reader_end (rolls);
}

static gboolean
read_rout_check (SlCommand *c,
                 RoutCheck *k)
{
  SlReader *r = c->command;
  int leader = -1;

  k->squad = squad_field (c, r, "squad", FALSE);
  k->in.penal_leader_visible = sl_reader_bool (r, "penal_leader_visible", TRUE);
  if (k->squad >= 0)
    {
      squad_leader (c, k->squad, &k->in.leader, &leader);
      /* one d100 for the squad, or one per unit but the leader. */
      if (k->per_unit)
        read_unit_rolls (c, k);
      else
        {
          if (sl_reader_has (r, "rolls"))
            sl_reader_fail (r, "rolls",
                            _("With one rout roll per squad (option routRollScope “squad”, A-99) give “roll”."));
          k->in.roll_stream = sl_command_die (c, r, "roll", 100);
        }
    }
  return sl_command_inputs_done (c);
}

static gboolean
check_rout_check (SlCommand  *c,
                  int         squad,
                  GError    **error)
{
  gboolean characters = FALSE;

  if (!sl_command_require_clock (c, SL_PHASE_ROUT_RALLY, SL_STEP_NONE, N_("A rout check"), error))
    return FALSE;
  if (c->state->rout_checked[squad])
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "squad",
                         _("%s has already checked for rout this turn (P-31)."), squad_name (c, squad));
      return FALSE;
    }
  if (sl_due_squad_may_rout (c->rules, c->setup, c->state, squad))
    return TRUE;
  for (int u = 0; u < c->state->n_units; u++)
    characters |= c->state->squad_of[u] == squad && in_fight (c, u) &&
                  sl_setup_unit_at (c->setup, u)->legionnaire != NULL;
  if (characters)
    sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "squad",
                       _("Nobody of %s who could rout is left in the fight: its leader and its Legionnaire characters never rout (P-31 step 5, §18)."),
                       squad_name (c, squad));
  else
    sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "squad",
                       _("Nobody of %s but its leader is left in the fight, and a leader never routs (P-31 step 5)."),
                       squad_name (c, squad));
  return FALSE;
}

/* Unit @u routs (P-31 step 4). */
static void
rout_unit (SlCommand *c,
           int        u)
{
  SlUnitState *us = &c->state->units[u];

  us->routed = TRUE;
  us->routed_turn = c->state->turn;
  /* A routed unit may only move: anything else it had started is
   * dropped (P-31 step 4). */
  if (us->current.action != NULL && us->current.action->category != SL_ACTION_MOVEMENT &&
      !us->current.resolved)
    sl_state_lose_action (c->state, u);
  us->opportunity_armed = FALSE;
  /* P-31 step 4, P-23: in melee, it tries to avoid at once: its
   * roll comes in the next subphase (one attacker at a time). */
  if (us->n_engaged > 0 && us->avoid_from == 0)
    {
      us->avoid_from = us->engaged[0] + 1;
      us->avoid_due = sl_command_now (c) + 1;
    }
}

/* The units the check routs; their names in @names when told. Returns
 * how many rout now. */
static int
apply_rout_check (SlCommand          *c,
                  const RoutCheck    *k,
                  const SlRoutResult *res,
                  GString            *names)
{
  SlRoutScope scope = c->options->rout_roll_scope;
  int routed = 0;

  c->state->rout_checked[k->squad] = TRUE;
  /* P-31 step 5: the leader never routs; on a failure (one roll per squad)
   * every other unit of the squad does. */
  for (int u = 0, i = 0; u < c->state->n_units; u++)
    {
      gboolean routs;

      /* P-31 step 5: the leader never routs; §18: nor does a player
       * character, who stays free to act. */
      if (c->state->squad_of[u] != k->squad || never_routs (c, u) || !in_fight (c, u))
        continue;
      if (!k->per_unit)
        routs = res->routs;
      else
        {
          routs = res->units[i].check.success ||
                  (res->squad_routs && scope == SL_ROUT_SCOPE_UNIT_ROUTS_SQUAD) ||
                  (res->routs && scope == SL_ROUT_SCOPE_UNIT_ROUTS_SQUAD);
          i++;
        }
      if (routs && !c->state->units[u].routed)
        {
          rout_unit (c, u);
          routed++;
          if (sl_command_telling (c))
            {
              if (names->len > 0)
                g_string_append (names, _(", "));
              g_string_append (names, sl_command_name (c, u));
            }
        }
    }
  return routed;
}

static void
rout_check_result (SlCommand          *c,
                   const RoutCheck    *k,
                   const SlRoutResult *res,
                   SlBreakdown        *breakdown,
                   int                 routed)
{
  JsonArray *list = json_array_new ();

  json_object_set_string_member (c->result, "squad", sl_setup_squad_at (c->setup, k->squad)->id);
  if (!k->per_unit)
    sl_check_outcome_to_json (&res->check, "routs", c->result);
  else
    json_object_set_boolean_member (c->result, "routs", routed > 0);
  json_object_set_member (c->result, "breakdown", sl_breakdown_to_json (breakdown));
  for (int u = 0; u < c->state->n_units; u++)
    if (c->state->squad_of[u] == k->squad && c->state->units[u].routed)
      json_array_add_string_element (list, sl_setup_unit_at (c->setup, u)->id);
  json_object_set_array_member (c->result, "routed", list);
}

static void
tell_rout_check (SlCommand          *c,
                 const RoutCheck    *k,
                 const SlRoutResult *res,
                 int                 routed,
                 const char         *names)
{
  const char *squad = squad_name (c, k->squad);

  if (!k->per_unit)
    {
      /* "Rout check for TOG 1st Squad: routs on 20 or less, rolled 37: it
       * holds." — the odds as the sheet shows them. */
      if (res->routs)
        sl_command_say (c, _("Rout check for %s: routs on %d or less, rolled %d: it routs (P-31). Routed: %s."),
                        squad, res->check.needed, res->check.natural,
                        routed > 0 ? names : _("nobody new"));
      else
        sl_command_say (c, _("Rout check for %s: routs on %d or less, rolled %d: it holds (P-31)."),
                        squad, res->check.needed, res->check.natural);
    }
  else if (routed > 0)
    sl_command_say (c, _("Rout check for %s, unit by unit (A-99): routed: %s."), squad, names);
  else
    sl_command_say (c, _("Rout check for %s, unit by unit (A-99): every unit holds."), squad);
}

gboolean
sl_command_rout_check (SlCommand  *c,
                       GError    **error)
{
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  g_auto(SlRoutResult) res = { 0 };
  g_autoptr(GArray) units = g_array_new (FALSE, TRUE, sizeof (SlRoutUnit));
  g_autoptr(GString) names = g_string_new (NULL);
  RoutCheck k = { 0 };
  int routed;

  k.per_unit = c->options->rout_roll_scope != SL_ROUT_SCOPE_SQUAD;
  k.units = units;
  if (!read_rout_check (c, &k) ||
      !check_rout_check (c, k.squad, error))
    return FALSE;

  k.in.quality = c->state->squad_quality[k.squad];
  rout_counts (c, k.squad, &k.in);
  k.in.units = (const SlRoutUnit *) units->data;
  k.in.n_units = units->len;
  if (!sl_rout_resolve (c->rules, c->options, &k.in, c->dice, breakdown, &res, error))
    return FALSE;

  routed = apply_rout_check (c, &k, &res, names);
  if (sl_command_telling (c))
    rout_check_result (c, &k, &res, breakdown, routed);
  tell_rout_check (c, &k, &res, routed, names->str);
  return TRUE;
}

/* Rally (P-32) */

/* A rally resolved, as the command gives it and checking it finds. */
typedef struct
{
  int           unit;
  int           squad;      /* the squad rallied, or -1 until known */
  int           leader_of;  /* the squad the unit leads (or leads as acting leader), or -1 */
  gboolean      character;  /* a Legionnaire character rallying with its own leadership (§18) */
  SlRallyInput  in;
} Rally;

static gboolean
read_rally (SlCommand *c,
            Rally     *k)
{
  SlReader *r = c->command;

  k->unit = sl_command_unit (c, r, "unit", FALSE);
  k->squad = squad_field (c, r, "squad", TRUE);
  k->in.roll_stream = sl_command_die (c, r, "roll", 10);
  return sl_command_inputs_done (c);
}

/* The unit's rally must end now; the squad it rallies is the one it
 * leads, or a character's own. */
static gboolean
check_rally (SlCommand  *c,
             Rally      *k,
             GError    **error)
{
  const SlUnitState *u = &c->state->units[k->unit];
  const char *name = sl_command_name (c, k->unit);

  if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_RALLY, N_("Resolving a rally"), error))
    return FALSE;
  if (u->current.action == NULL || !g_str_equal (u->current.action->id, "rally") ||
      u->current.end != sl_command_now (c) || u->current.resolved)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s has no rally ending in this subphase: a rally is a 10-AP action, resolved at the end of its last subphase (P-32)."),
                         name);
      return FALSE;
    }
  /* The squads the unit leads, or leads as acting leader. */
  for (guint s = 0; s < c->setup->squads->len; s++)
    if (sl_command_squad_leader (c, s) == k->unit)
      k->leader_of = s;
  /* §18: a Legionnaire character may rally with its own leadership, its
   * squad's leader or not (ruling: its own squad, with a rating of 0 and
   * its charisma). */
  k->character = k->leader_of < 0 && sl_setup_unit_at (c->setup, k->unit)->legionnaire != NULL;
  if (k->character && k->squad >= 0 && k->squad != c->state->squad_of[k->unit])
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "squad",
                         _("%s is not the leader of %s: a Legionnaire character rallies its own squad (§18)."),
                         name, squad_name (c, k->squad));
      return FALSE;
    }
  if (k->squad < 0)
    k->squad = k->leader_of >= 0 ? k->leader_of : c->state->squad_of[k->unit];
  return TRUE;
}

/* P-32 step 7: only one leader at a time rallies a squad. */
static gboolean
check_one_leader (SlCommand    *c,
                  const Rally  *k,
                  GError      **error)
{
  const SlUnitState *u = &c->state->units[k->unit];
  int now = sl_command_now (c);

  for (int o = 0; o < c->state->n_units; o++)
    {
      const SlUnitState *other = &c->state->units[o];

      if (o != k->unit && other->current.action == u->current.action && other->current.end == now &&
          other->current.resolved && other->current.rallied == k->squad + 1)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "squad",
                             _("%s has already been rallied at in this subphase: one leader at a time (P-32)."),
                             squad_name (c, k->squad));
          return FALSE;
        }
    }
  return TRUE;
}

/* The leader rallying: his rating (acting +2), his race, and the quality
 * of the squad he rallies. */
static void
rally_input (SlCommand *c,
             Rally     *k)
{
  SlRallyInput *in = &k->in;

  in->leader.race = sl_setup_unit_at (c->setup, k->unit)->race;
  in->leader.charisma = sl_command_charisma (c, k->unit);
  if (k->character)
    in->leader.state = SL_LEADER_ALIVE;
  else
    {
      in->leader.state = c->state->squad_leader[k->leader_of] == k->unit ? SL_LEADER_ALIVE
                                                                          : SL_LEADER_ACTING;
      in->leader.rating = sl_setup_squad_at (c->setup, k->leader_of)->leader_rating;
    }
  in->quality = c->state->squad_quality[k->squad];
}

static void
tell_rally (SlCommand            *c,
            const Rally          *k,
            const SlCheckOutcome *outcome,
            SlBreakdown          *breakdown)
{
  const char *name = sl_command_name (c, k->unit);
  g_autofree char *odds = NULL;

  if (!sl_command_telling (c))
    return;
  sl_check_outcome_to_json (outcome, "rallied", c->result);
  json_object_set_string_member (c->result, "squad", sl_setup_squad_at (c->setup, k->squad)->id);
  json_object_set_member (c->result, "breakdown", sl_breakdown_to_json (breakdown));
  odds = sl_check_outcome_words (outcome);
  if (outcome->success)
    sl_command_say (c, _("%s rallies %s: %s: rallied; its routed units act normally again (P-32)."),
                    name, squad_name (c, k->squad), odds);
  else
    sl_command_say (c, _("%s rallies %s: %s: it fails; another full rally action is needed (P-32)."),
                    name, squad_name (c, k->squad), odds);
}

gboolean
sl_command_rally (SlCommand  *c,
                  GError    **error)
{
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  SlCheckOutcome outcome = { 0 };
  Rally k = { .leader_of = -1 };
  SlUnitState *u;
  const char *name;
  int routed = 0;

  if (!read_rally (c, &k) || !check_rally (c, &k, error))
    return FALSE;
  u = &c->state->units[k.unit];
  name = sl_command_name (c, k.unit);
  if (k.leader_of < 0 && !k.character)
    {
      /* It led when it declared the rally (T-05 leader only), but leads
       * no more (a regroup, another acting leader): the rally is lost. */
      u->current.resolved = TRUE;
      sl_command_result (c, json_object_set_boolean_member, "rallied", FALSE);
      sl_command_result (c, json_object_set_boolean_member, "lost", TRUE);
      sl_command_say (c, _("%s no longer leads a squad: its rally is lost (P-32)."), name);
      return TRUE;
    }
  if (!check_one_leader (c, &k, error))
    return FALSE;

  u->current.resolved = TRUE;
  u->current.rallied = k.squad + 1;
  for (int o = 0; o < c->state->n_units; o++)
    if (c->state->squad_of[o] == k.squad && c->state->units[o].routed && in_fight (c, o))
      routed++;
  if (routed == 0)
    {
      sl_command_result (c, json_object_set_boolean_member, "rallied", FALSE);
      sl_command_say (c, _("%s rallies %s, but nobody there is routed."), name, squad_name (c, k.squad));
      return TRUE;
    }

  rally_input (c, &k);
  if (!sl_rally_resolve (c->rules, c->options, &k.in, c->dice, breakdown, &outcome, error))
    return FALSE;
  if (outcome.success)
    for (int o = 0; o < c->state->n_units; o++)
      if (c->state->squad_of[o] == k.squad)
        c->state->units[o].routed = FALSE;
  tell_rally (c, &k, &outcome, breakdown);
  return TRUE;
}

/* Regroup (P-33) */

/* Reads the squads that join the leader's squad into @squads. */
static void
read_joining_squads (SlCommand *c,
                     int        leader_squad,
                     GArray    *squads)
{
  SlReader *r = c->command;
  guint n = sl_reader_array_length (r, "squads");

  if (sl_reader_ok (r) && n == 0)
    sl_reader_fail (r, "squads", _("Name the squads that join the leader's squad."));
  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      const char *id = sl_reader_array_string (r, "squads", i);
      int found = -1;

      for (guint s = 0; s < c->setup->squads->len && id != NULL; s++)
        if (g_str_equal (sl_setup_squad_at (c->setup, s)->id, id))
          found = s;
      if (found < 0)
        sl_reader_fail (r, "squads", _("There is no squad “%s” in this game."), id ? id : "");
      else if (found == leader_squad)
        sl_reader_fail (r, "squads", _("%s is the leader's own squad: list the squads that join it."),
                        squad_name (c, found));
      else
        g_array_append_val (squads, found);
    }
}

static gboolean
check_regroup (SlCommand     *c,
               int            leader_squad,
               const GArray  *squads,
               GError       **error)
{
  /* P-33 is a morale rule (§9.5, §1.1): only with it (§10 F). */
  if (!sl_command_require_module (c, SL_MODULE_MORALE, "type", error) ||
      !sl_command_require_clock (c, SL_PHASE_INITIATIVE, SL_STEP_NONE, N_("A regroup"), error))
    return FALSE;
  if (c->state->initiative_done)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("A regroup is declared in the Initiative Phase, before initiative is rolled (P-33)."));
      return FALSE;
    }
  for (guint i = 0; i < squads->len; i++)
    {
      int s = g_array_index (squads, int, i);

      if (sl_setup_squad_at (c->setup, s)->side != sl_setup_squad_at (c->setup, leader_squad)->side)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "squads",
                             _("%s is on the other side."), squad_name (c, s));
          return FALSE;
        }
    }
  return TRUE;
}

/* The engine checks P-33's conditions on the squads as they
 * stand: the leader's squad first. */
static gboolean
resolve_regroup (SlCommand        *c,
                 int               leader_squad,
                 const GArray     *squads,
                 SlRegroupResult  *res,
                 GError          **error)
{
  g_autofree SlRegroupSquad *in_squads = g_new0 (SlRegroupSquad, squads->len + 1);
  SlRegroupInput in = { 0 };
  const SlRegroupProblem *p;

  for (guint i = 0; i <= squads->len; i++)
    {
      int s = i == 0 ? leader_squad : g_array_index (squads, int, i - 1);
      const SlSquadSetup *ss = sl_setup_squad_at (c->setup, s);
      SlRegroupSquad *q = &in_squads[i];

      q->id = ss->id;
      q->quality = c->state->squad_quality[s];
      q->has_leader = sl_command_squad_leader (c, s) >= 0;
      q->leader_rating = ss->leader_rating;
      q->leader_quality = c->state->squad_quality[s];
      for (int u = 0; u < c->state->n_units; u++)
        if (c->state->squad_of[u] == s)
          {
            q->size++;
            if (!in_fight (c, u))
              q->lost++;
          }
    }
  in.squads = in_squads;
  in.n_squads = squads->len + 1;
  in.leader = 0;
  sl_regroup_resolve (c->rules, c->options, &in, res);
  if (res->allowed)
    return TRUE;
  p = g_ptr_array_index (res->problems, 0);
  sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "squads", "%s", p->message);
  return FALSE;
}

/* The squads become one, in one grouping — the one the leader acts with
 * (P-33 step 5): one initiative roll. Returns that grouping. */
static int
apply_regroup (SlCommand             *c,
               int                    leader_squad,
               const GArray          *squads,
               const SlRegroupResult *res)
{
  int leader = sl_command_squad_leader (c, leader_squad);
  int grouping = -1;

  for (int u = 0; u < c->state->n_units && grouping < 0; u++)
    if (c->state->squad_of[u] == leader_squad && (u == leader || leader < 0))
      grouping = c->state->grouping_of[u];
  for (int u = 0; u < c->state->n_units; u++)
    {
      gboolean joins = c->state->squad_of[u] == leader_squad;

      for (guint i = 0; i < squads->len && !joins; i++)
        joins = c->state->squad_of[u] == g_array_index (squads, int, i);
      if (joins)
        {
          c->state->squad_of[u] = leader_squad;
          c->state->grouping_of[u] = grouping;
        }
    }
  for (guint i = 0; i < squads->len; i++)
    {
      int s = g_array_index (squads, int, i);

      c->state->squad_leader[s] = -1;
      c->state->acting_leader[s] = -1;
    }
  c->state->squad_quality[leader_squad] = res->quality;
  return grouping;
}

gboolean
sl_command_regroup (SlCommand  *c,
                    GError    **error)
{
  g_autoptr(GArray) squads = g_array_new (FALSE, FALSE, sizeof (int));
  g_auto(SlRegroupResult) res = { 0 };
  int leader_squad, grouping;

  leader_squad = squad_field (c, c->command, "leader_squad", FALSE);
  read_joining_squads (c, leader_squad, squads);
  if (!sl_command_inputs_done (c) ||
      !check_regroup (c, leader_squad, squads, error) ||
      !resolve_regroup (c, leader_squad, squads, &res, error))
    return FALSE;

  grouping = apply_regroup (c, leader_squad, squads, &res);
  if (sl_command_telling (c))
    {
      json_object_set_string_member (c->result, "squad", sl_setup_squad_at (c->setup, leader_squad)->id);
      json_object_set_int_member (c->result, "size", res.size);
      json_object_set_string_member (c->result, "quality", sl_quality_names[res.quality]);
      json_object_set_string_member (c->result, "grouping", sl_setup_grouping_at (c->setup, grouping)->id);
    }
  sl_command_say (c, g_dngettext (GETTEXT_PACKAGE,
                                  "%s regroups with %u other squad: %d units, %s, one grouping (P-33).",
                                  "%s regroups with %u other squads: %d units, %s, one grouping (P-33).",
                                  squads->len),
                  squad_name (c, leader_squad), squads->len, res.size, sl_quality_label (res.quality));
  return TRUE;
}

/* Acting leader (P-32 step 8) */

gboolean
sl_command_appoint_leader (SlCommand  *c,
                           GError    **error)
{
  SlReader *r = c->command;
  int squad, unit, leader;

  squad = squad_field (c, r, "squad", FALSE);
  unit = sl_command_unit (c, r, "unit", FALSE);
  if (!sl_command_inputs_done (c))
    return FALSE;
  if (!sl_command_require_module (c, SL_MODULE_LEADERSHIP, "type", error))
    return FALSE;
  leader = c->state->squad_leader[squad];
  if (leader >= 0 && in_fight (c, leader))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "squad",
                         _("%s still has its leader, %s: an acting leader is appointed only when no leader is alive or present (P-32)."),
                         squad_name (c, squad), sl_command_name (c, leader));
      return FALSE;
    }
  if (c->state->squad_of[unit] != squad)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s is not in %s."), sl_command_name (c, unit), squad_name (c, squad));
      return FALSE;
    }
  if (!in_fight (c, unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s is out of the fight (T-16)."), sl_command_name (c, unit));
      return FALSE;
    }
  c->state->acting_leader[squad] = unit;
  /* P-31 step 5: a leader never routs; appointed, it leads — and rallies
   * the squad (P-32 step 8). */
  if (c->state->units[unit].routed)
    {
      c->state->units[unit].routed = FALSE;
      sl_command_say (c, _("%s no longer routs: a leader never does (P-31 step 5)."), sl_command_name (c, unit));
    }
  sl_command_result (c, json_object_set_string_member, "squad", sl_setup_squad_at (c->setup, squad)->id);
  sl_command_result (c, json_object_set_string_member, "acting_leader", sl_setup_unit_at (c->setup, unit)->id);
  sl_command_say (c, _("%s is the acting leader of %s, with a rating of +2 (P-32)."),
                  sl_command_name (c, unit), squad_name (c, squad));
  return TRUE;
}

