/* sl-command-flow.c: the sequence of play — initiative, the subphase
 * track, declaring and cancelling actions, corrections
 * (digest P-04, P-06, P-07, P-08, §6.1, §14)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-ammunition.h"
#include "sl-command.h"
#include "sl-due.h"
#include "sl-environment.h"
#include "sl-morale.h"
#include "sl-movement.h"

static gboolean
is_action (const SlAction *action,
           const char     *id)
{
  return action != NULL && g_str_equal (action->id, id);
}

/* Actions whose end needs the players and their dice (P-08): fire in the
 * ranged-fire step, melee in the melee step, rally in the rally step. The
 * others take effect by themselves when their last subphase comes. */
static SlStep
resolution_step (const SlAction *action)
{
  if (action == NULL)
    return SL_STEP_NONE;
  if (is_action (action, "fire") || is_action (action, "aimed-fire"))
    return SL_STEP_RANGED_FIRE;
  if (is_action (action, "melee"))
    return SL_STEP_MELEE;
  if (is_action (action, "rally"))
    return SL_STEP_RALLY;
  return SL_STEP_NONE;
}

static gboolean
unit_in_fight (SlCommand *c,
               int        unit)
{
  return !sl_state_unit_out (c->rules, c->state, unit);
}

static gboolean advance (SlCommand *c, GError **error);

/* Initiative (P-06) */

/* The units acting with grouping @g now (regroups change them, P-33). */
static gboolean
in_grouping (SlCommand *c,
             int        unit,
             int        g)
{
  return c->state->grouping_of[unit] == g;
}

static const SlRace *
majority_race (SlCommand *c,
               int        g)
{
  const SlRace *best = NULL;
  int best_count = 0;

  for (int i = 0; i < c->state->n_units; i++)
    {
      const SlRace *race;
      int count = 0;

      if (!in_grouping (c, i, g) || !unit_in_fight (c, i))
        continue;
      race = sl_setup_unit_at (c->setup, i)->race;
      for (int k = 0; k < c->state->n_units; k++)
        if (in_grouping (c, k, g) && unit_in_fight (c, k) &&
            sl_setup_unit_at (c->setup, k)->race == race)
          count++;
      /* On a tie the first listed race counts; the owner may name one. */
      if (count > best_count)
        {
          best = race;
          best_count = count;
        }
    }
  return best;
}

static gboolean
grouping_active (SlCommand *c,
                 int        g)
{
  for (int i = 0; i < c->state->n_units; i++)
    if (in_grouping (c, i, g) && unit_in_fight (c, i))
      return TRUE;
  return FALSE;
}

/* Reads {"grouping id": value} maps of the initiative command. */
static SlReader *
grouping_map (SlCommand  *c,
              const char *field)
{
  SlReader *map = sl_reader_object (c->command, field);
  g_autoptr(GList) members = NULL;

  if (map == NULL)
    return NULL;
  members = sl_reader_members (map);
  for (GList *l = members; l; l = l->next)
    if (sl_setup_find_grouping (c->setup, l->data) < 0)
      sl_reader_fail (map, l->data, _("There is no grouping “%s” in this game."), (char *) l->data);
  return map;
}

/* The initiative command's maps, {"grouping id": value} each. */
typedef struct
{
  SlReader *rolls;
  SlReader *decisions;
  SlReader *tie_rolls;
  SlReader *modifiers;
  SlReader *races;
} InitiativeMaps;

static void
initiative_maps_clear (InitiativeMaps *m)
{
  g_clear_pointer (&m->rolls, sl_reader_free);
  g_clear_pointer (&m->decisions, sl_reader_free);
  g_clear_pointer (&m->tie_rolls, sl_reader_free);
  g_clear_pointer (&m->modifiers, sl_reader_free);
  g_clear_pointer (&m->races, sl_reader_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (InitiativeMaps, initiative_maps_clear)

/* The squad grouping @g now answers to (P-33). */
static int
grouping_squad (SlCommand *c,
                int        g)
{
  for (int u = 0; u < c->state->n_units; u++)
    if (in_grouping (c, u, g))
      return c->state->squad_of[u];
  return sl_setup_grouping_at (c->setup, g)->squad;
}

/* P-06 step 1: the scenario's own modifiers (§10 G). */
static int
scenario_initiative_modifier (SlCommand *c,
                              int        g,
                              int        squad)
{
  int modifier = 0;

  for (guint k = 0; k < c->setup->conditions->len; k++)
    {
      const SlCondition *m = &g_array_index (c->setup->conditions, SlCondition, k);

      if (m->kind == SL_CONDITION_INITIATIVE && c->state->turn >= m->from_turn &&
          (m->until_turn == 0 || c->state->turn <= m->until_turn) &&
          (m->grouping >= 0 ? m->grouping == g
                            : m->side < 0 || m->side == sl_setup_squad_at (c->setup, squad)->side))
        modifier += m->modifier;
    }
  return modifier;
}

/* §15.4 and A-11: the leader in the grouping's chain of command. */
static void
grouping_leader (SlCommand  *c,
                 int         g,
                 int         squad,
                 SlGrouping *grp)
{
  int leader = sl_command_squad_leader (c, squad);
  const SlUnitSetup *lu;

  grp->leader.race = NULL;
  grp->leader.state = SL_LEADER_DEAD;
  grp->leader.rating = 0;
  if (!sl_setup_has_module (c->setup, SL_MODULE_LEADERSHIP) || leader < 0)
    return;
  lu = sl_setup_unit_at (c->setup, leader);
  grp->leader.race = lu->race;
  grp->leader.rating = sl_setup_squad_at (c->setup, squad)->leader_rating;
  grp->leader.state = leader == c->state->squad_leader[squad] ? SL_LEADER_ALIVE : SL_LEADER_ACTING;
  grp->contains_leader = c->state->grouping_of[leader] == g;
  grp->leader.charisma = sl_command_charisma (c, leader);  /* §18, A-136 */
}

/* The dice of grouping @g: its roll, and the re-rolls of a tie (A-09),
 * given or left to the app. */
static void
read_grouping_dice (SlCommand            *c,
                    const InitiativeMaps *m,
                    const char           *id,
                    SlGrouping           *grp)
{
  if (m->rolls != NULL)
    grp->roll_stream = sl_command_die (c, m->rolls, id, 10);
  else
    {
      char *stream = g_strdup_printf ("rolls.%s", id);
      g_ptr_array_add (c->strings, stream);
      grp->roll_stream = stream;
    }
  if (m->tie_rolls && sl_reader_has (m->tie_rolls, id))
    grp->tie_stream = sl_command_dice_list (c, m->tie_rolls, id, 10);
  else
    {
      char *stream = g_strdup_printf ("tie_rolls.%s", id);
      g_ptr_array_add (c->strings, stream);
      sl_dice_declare_list (c->dice, stream);
      grp->tie_stream = stream;
    }
}

/* Grouping @g's part of the roll (P-06): FALSE when it has nobody left
 * in the fight, and does not roll. */
static gboolean
read_grouping (SlCommand            *c,
               const InitiativeMaps *m,
               int                   g,
               SlGrouping           *grp)
{
  const SlGroupingSetup *gs = sl_setup_grouping_at (c->setup, g);
  int squad = grouping_squad (c, g);
  gboolean quality = sl_setup_has_module (c->setup, SL_MODULE_TROOP_QUALITY) ||
                     sl_setup_has_module (c->setup, SL_MODULE_MORALE);

  /* A grouping with nobody left in the fight does not roll. */
  if (!grouping_active (c, g))
    {
      if (m->rolls && sl_reader_has (m->rolls, gs->id))
        sl_reader_fail (m->rolls, gs->id, _("Every unit of “%s” is out of the fight."), gs->name);
      return FALSE;
    }

  grp->id = gs->id;
  grp->race = majority_race (c, g);
  if (m->races && sl_reader_has (m->races, gs->id))
    {
      const SlTable *t = &c->rules->races;
      int r = sl_reader_enum (m->races, gs->id, sl_table_ids (t), t->what, -1);

      if (r >= 0)
        grp->race = g_ptr_array_index (t->items, r);
    }
  grp->quality = quality ? (SlQuality) c->state->squad_quality[squad] : SL_QUALITY_REGULAR;
  grp->modifier = m->modifiers ? sl_reader_int (m->modifiers, gs->id, -10, 10, 0) : 0;
  grp->reaction = sl_command_reaction (c, g);  /* §18, A-136 */
  grp->modifier += scenario_initiative_modifier (c, g, squad);
  grouping_leader (c, g, squad, grp);
  if (m->decisions && sl_reader_has (m->decisions, gs->id))
    {
      grp->decision = sl_reader_enum (m->decisions, gs->id, sl_decision_names, N_("decision"),
                                      SL_DECISION_MOVE);
      grp->decision_given = TRUE;
    }
  read_grouping_dice (c, m, gs->id, grp);
  return TRUE;
}

/* Reads the command: one SlGrouping in @groupings per grouping still in
 * the fight, its index in the setup in @indices; their number in @n. */
static gboolean
read_initiative (SlCommand  *c,
                 SlGrouping *groupings,
                 int        *indices,
                 guint      *n)
{
  g_auto(InitiativeMaps) m = { 0 };

  m.rolls = grouping_map (c, "rolls");
  m.decisions = grouping_map (c, "decisions");
  m.tie_rolls = grouping_map (c, "tie_rolls");
  m.modifiers = grouping_map (c, "modifiers");
  m.races = grouping_map (c, "races");
  *n = 0;
  for (guint gi = 0; gi < c->setup->groupings->len; gi++)
    if (read_grouping (c, &m, gi, &groupings[*n]))
      indices[(*n)++] = gi;
  if (m.rolls)
    sl_reader_end (m.rolls);
  if (m.decisions)
    sl_reader_end (m.decisions);
  if (m.tie_rolls)
    sl_reader_end (m.tie_rolls);
  if (m.modifiers)
    sl_reader_end (m.modifiers);
  if (m.races)
    sl_reader_end (m.races);
  return sl_command_inputs_done (c);
}

static gboolean
check_initiative (SlCommand  *c,
                  guint       n,
                  GError    **error)
{
  if (!sl_command_require_clock (c, SL_PHASE_INITIATIVE, SL_STEP_NONE, N_("Rolling initiative"), error))
    return FALSE;
  if (c->state->initiative_done)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("Initiative has already been rolled this turn (P-06)."));
      return FALSE;
    }
  if (n == 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("No grouping has a unit left in the fight."));
      return FALSE;
    }
  return TRUE;
}

/* P-06, A-09: the rolls, ties broken, decisions. */
static gboolean
resolve_initiative (SlCommand          *c,
                    SlInitiativeInput  *in,
                    SlInitiativeResult *res,
                    GError            **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *mapped = NULL;
  const char *field;

  if (sl_initiative_resolve (c->rules, c->options, in, c->dice, res, &local_error))
    return TRUE;
  /* The engine names "groupings[i].…"; point at the command's maps. */
  field = sl_rule_error_get_field (local_error);
  if (field != NULL && g_str_has_prefix (field, "groupings["))
    {
      guint i = MIN ((guint) g_ascii_strtoull (field + strlen ("groupings["), NULL, 10),
                     in->n_groupings - 1);
      const char *rest = strchr (field, ']');

      mapped = g_strdup_printf (rest && g_str_has_prefix (rest, "].decision") ? "decisions.%s"
                                : rest && g_str_has_prefix (rest, "].tie") ? "tie_rolls.%s"
                                : "rolls.%s", in->groupings[i].id);
    }
  sl_rule_error_set (error, local_error->code, mapped ? mapped : field, "%s", local_error->message);
  return FALSE;
}

static JsonObject *
grouping_result_to_json (const SlGroupingSetup  *g,
                         const SlGroupingResult *gr)
{
  JsonObject *o = json_object_new ();

  json_object_set_string_member (o, "grouping", g->id);
  json_object_set_int_member (o, "natural", gr->natural);
  json_object_set_int_member (o, "net", gr->net);
  json_object_set_string_member (o, "decision", sl_decision_names[gr->decision]);
  if (gr->forced)
    json_object_set_boolean_member (o, "forced", TRUE);
  json_object_set_member (o, "breakdown", sl_breakdown_to_json (gr->breakdown));
  return o;
}

/* The order of play for the turn goes on the state; the result and the
 * summary tell it. */
static void
apply_initiative (SlCommand                *c,
                  const int                *indices,
                  const SlInitiativeResult *res)
{
  g_autoptr(GString) words = g_string_new (NULL);
  SlState *s = c->state;
  JsonArray *order = sl_command_telling (c) ? json_array_new () : NULL;

  s->n_order = res->order->len;
  for (guint k = 0; k < res->order->len; k++)
    {
      guint input = g_array_index (res->order, guint, k);
      int gi = indices[input];
      const SlGroupingResult *gr = &res->groupings[input];
      const SlGroupingSetup *g = sl_setup_grouping_at (c->setup, gi);

      s->order[k] = gi;
      s->initiative_net[gi] = gr->net;
      s->decisions[gi] = gr->decision;
      if (order != NULL)
        json_array_add_object_element (order, grouping_result_to_json (g, gr));
      if (k > 0)
        g_string_append (words, ", ");
      g_string_append_printf (words, "%s (%d, %s)", g->name, gr->net,
                              gr->forced ? _("must move")
                                         : gr->decision == SL_DECISION_MOVE ? _("move")
                                                                            : _("countermove"));
    }
  sl_command_result (c, json_object_set_array_member, "order", order);
  s->initiative_done = TRUE;
  sl_command_say (c, _("Initiative for turn %d: %s."), s->turn, words->str);
}

gboolean
sl_command_initiative (SlCommand  *c,
                       GError    **error)
{
  g_auto(SlInitiativeResult) res = { 0 };
  g_autofree SlGrouping *groupings = g_new0 (SlGrouping, MAX (c->setup->groupings->len, 1));
  g_autofree int *indices = g_new0 (int, MAX (c->setup->groupings->len, 1));
  SlInitiativeInput in = { 0 };
  guint n;

  if (!read_initiative (c, groupings, indices, &n) ||
      !check_initiative (c, n, error))
    return FALSE;
  in.groupings = groupings;
  in.n_groupings = n;
  if (!resolve_initiative (c, &in, &res, error))
    return FALSE;
  apply_initiative (c, indices, &res);

  /* P-04: on to the Detection Phase, or straight to the Action Phase. */
  return advance (c, error);
}

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
  g_autoptr(GArray) due = sl_state_due (c->rules, c->setup, c->state, step);
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

static void
finish_action (SlCommand *c,
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

  if (is_action (action, "position-change") && u->current.to_position >= 0)
    {
      u->position = u->current.to_position;
      sl_command_say (c, _("%s is now %s."), name, sl_position_label (u->position));
    }
  else if (action->ends != NULL && g_str_equal (action->ends, "kneeling"))
    u->position = SL_POSITION_KNEELING;
  else if (action->move == SL_MOVE_DIVE && c->setup->environment.zero_g)
    {
      /* A-72: a zero-G dive never stops by itself: it carries the unit on
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

  if (is_action (action, "reload"))
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
  else if (is_action (action, "clear-weapon"))
    {
      u->jammed = FALSE;
      sl_command_say (c, _("%s has cleared the jam."), name);
    }
  else if (is_action (action, "change-omni-mode"))
    {
      u->omni_slug = !u->omni_slug;
      sl_command_say (c, _("%s's OMNI rifle is now in %s mode."), name,
                      u->omni_slug ? _("slug") : _("spike"));
    }
  else if (is_action (action, "exchange"))
    {
      if (us->n_weapons > 1)
        {
          u->in_hand = 1 - u->in_hand;
          sl_command_say (c, _("%s now holds the %s."), name, us->weapons[u->in_hand]->name);
        }
    }
  else if (is_action (action, "leave-stealth"))
    {
      u->stealth_power = FALSE;
      sl_command_say (c, _("%s has left stealth power mode."), name);
    }
  else if (is_action (action, "enter-stealth"))
    {
      u->stealth_power = TRUE;
      sl_command_say (c, _("%s is in stealth power mode."), name);
    }
  else if (is_action (action, "pick-up-object") &&
           sl_setup_has_module (c->setup, SL_MODULE_AMMUNITION) &&
           sl_setup_has_module (c->setup, SL_MODULE_GRENADES) &&
           (u->grenades[SL_GRENADE_FG] > 0 || u->grenades[SL_GRENADE_SG] > 0))
    {
      /* A-92: with the ammunition rules a grenade is picked up before it is
       * thrown — where grenades are in use (§9.6, §10 F); elsewhere the
       * unit picks up something else. */
      u->grenade_ready = TRUE;
      sl_command_say (c, _("%s has a grenade ready."), name);
    }
  else if (is_action (action, "opportunity-fire"))
    {
      /* A-28: armed once its end subphase has resolved (one more with the
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

  /* P-08 step 1: timers. Smoke clears (A-112). */
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
       * a unit knocked out bleeds on until it dies (A-119). */
      sl_command_breach_tick (c, unit);
      if (sl_state_unit_out (c->rules, s, unit))
        continue;

      /* A-50: the move a unit makes this subphase, for the fire modifiers;
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
          resolution_step (u->current.action) == SL_STEP_NONE)
        finish_action (c, unit);
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
        standing = sl_command_side (c, u) == (int) side && unit_in_fight (c, u);
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

static gboolean
advance (SlCommand  *c,
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
  if (!advance (c, error))
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

/* Declaring actions (P-07) */

static gboolean
is_leader (SlCommand *c,
           int        unit)
{
  return sl_command_squad_leader (c, sl_setup_unit_at (c->setup, unit)->squad) == unit;
}

/* A movement action that takes the unit somewhere (P-23: beyond 1 m). */
static gboolean
moves_away (const SlAction *action)
{
  return action->category == SL_ACTION_MOVEMENT && !is_action (action, "change-facing");
}

static gboolean
check_can_act (SlCommand       *c,
               int              unit,
               const SlAction  *action,
               gboolean         replace,
               GError         **error)
{
  const SlUnitState *u = &c->state->units[unit];
  const char *name = sl_command_name (c, unit);

  if (sl_state_unit_out (c->rules, c->state, unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s is out of the fight (T-16)."), name);
      return FALSE;
    }
  if (sl_state_unit_ambushed (c->rules, c->state, unit))
    {
      g_autofree char *when = sl_command_when (c, u->idle_until);
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s was ambushed and can do nothing until after %s (§5.2)."), name, when);
      return FALSE;
    }
  if (sl_command_drifting (c, unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s dives in zero-G and can do nothing else until it hits full cover or another unit (A-72)."),
                         name);
      return FALSE;
    }
  if (!sl_command_check_zero_g_retry (c, unit, "unit", error))
    return FALSE;
  if (!sl_state_unit_idle (c->rules, c->state, unit) && !replace)
    {
      g_autofree char *when = sl_command_when (c, u->current.end);
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s is busy with “%s” until %s; starting another action cancels it, so say so with “replace” (P-07 step 6)."),
                         name, u->current.action->name, when);
      return FALSE;
    }
  /* P-22, P-23 a, A-75: in melee contact a unit fights, or leaves by
   * trying to avoid: a move away, after its avoidance roll (checked with
   * the declaration: sl_command_check_avoid_contact). */
  if (u->n_engaged > 0 && !is_action (action, "melee") && !moves_away (action))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s is in melee contact: it fights, or leaves by trying to avoid — a move away (Avoid melee, a walk …) after an avoidance roll (P-22, P-23 a, A-75)."),
                         name);
      return FALSE;
    }
  /* P-31: a routed unit only moves to cover or away from enemy fire. */
  if (u->routed && !c->options->routed_manual_control && action->category != SL_ACTION_MOVEMENT &&
      !is_action (action, "position-change"))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s is routed and may only move to cover or out of enemy fire (P-31)."), name);
      return FALSE;
    }
  if (is_action (action, "melee"))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "action",
                         _("Melee starts with an engagement (P-22), not a declared action."));
      return FALSE;
    }
  /* P-23 (a) step 3, (b): having avoided, it moves away first. */
  return moves_away (action) || sl_command_check_moves_away (c, unit, "action", error);
}

/* P-14 step 1: what the resolution would refuse of the target is refused
 * when the fire is declared (§15.1, T-16). */
static gboolean
check_fire_target (SlCommand  *c,
                   int         unit,
                   int         target,
                   GError    **error)
{
  if (target < 0)
    return TRUE;
  switch (sl_state_target_problem (c->rules, c->setup, c->state, unit, target))
    {
    case SL_TARGET_SELF:
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "target", _("A unit does not fire at itself."));
      return FALSE;
    case SL_TARGET_FRIEND:
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "target",
                         _("%s is on %s's own side."), sl_command_name (c, target), sl_command_name (c, unit));
      return FALSE;
    case SL_TARGET_OUT:
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target",
                         _("%s is already out of the fight (T-16)."), sl_command_name (c, target));
      return FALSE;
    case SL_TARGET_HIDDEN:
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target",
                         _("%s has not been detected and cannot be fired at (P-14 step 1, §15.1)."),
                         sl_command_name (c, target));
      return FALSE;
    case SL_TARGET_OK:
    default:
      return TRUE;
    }
}

/* Whether a charge of the unit's squad waits on the table to be set off by
 * radio (P-36 step 3), one not already spoken for by another detonation
 * the squad has declared. */
static gboolean
squad_has_charge (SlCommand *c,
                  int        unit)
{
  int charges = 0, detonations = 0;

  for (guint i = 0; i < c->state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (c->state->markers, SlMarker, i);

      if (m->kind == SL_MARKER_CHARGE && m->due < 0 && !m->resolved && m->owner >= 0 &&
          c->state->squad_of[m->owner] == c->state->squad_of[unit])
        charges++;
    }
  for (int u = 0; u < c->state->n_units; u++)
    {
      const SlCurrentAction *a = &c->state->units[u].current;

      if (u != unit && a->action != NULL && !a->resolved && a->throwing == SL_THROW_CHARGE &&
          c->state->squad_of[u] == c->state->squad_of[unit])
        detonations++;
    }
  return charges > detonations;
}

/* What the throw, the launch or the detonation would refuse when it
 * resolves, refused when the Fire/Throw action is declared (P-34 step 1,
 * A-92, P-35, P-36 step 3, A-87). The rate of fire is checked with the
 * cost (check_rate_of_fire). */
static gboolean
check_throw (SlCommand  *c,
             int         unit,
             int         throwing,
             GError    **error)
{
  const SlUnitState *u = &c->state->units[unit];
  const char *name = sl_command_name (c, unit);

  switch (throwing)
    {
    case SL_THROW_GRENADE:
      if (u->grenades[SL_GRENADE_FG] + u->grenades[SL_GRENADE_SG] <= 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                             _("%s has no grenade left on its log (P-34 step 1, T-20)."), name);
          return FALSE;
        }
      if (sl_setup_has_module (c->setup, SL_MODULE_AMMUNITION) && !u->grenade_ready)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                             _("%s must pick up a grenade first with a Pick-up object action (P-34 step 1, A-92)."),
                             name);
          return FALSE;
        }
      return TRUE;
    case SL_THROW_LAUNCHER:
      if (!u->launcher)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                             _("%s has no grenade launcher (P-35)."), name);
          return FALSE;
        }
      if (u->in_hand != 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                             _("%s's launcher is fitted to its %s: it fires with that weapon in hand (P-35)."),
                             name, sl_setup_unit_at (c->setup, unit)->weapons[0]->name);
          return FALSE;
        }
      if (u->launcher_load[SL_GRENADE_FG] + u->launcher_load[SL_GRENADE_SG] <= 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                             _("%s's launcher is empty, and it cannot be reloaded (P-35)."), name);
          return FALSE;
        }
      return TRUE;
    case SL_THROW_CHARGE:
      if (u->routed)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                             _("%s is routed: only a non-routed unit of the squad sets its charges off (P-36 step 3, A-87)."),
                             name);
          return FALSE;
        }
      if (!squad_has_charge (c, unit))
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                             _("%s's squad has no charge on the table left to set off (P-36 step 3)."), name);
          return FALSE;
        }
      return TRUE;
    case SL_THROW_NONE:
    case SL_N_THROWS:
    default:
      return TRUE;
    }
}

/* P-15, T-23: a fire the rate of fire will not allow when it ends is
 * refused now rather than later; a launch or a detonation counts too
 * (P-35 step 1, A-87). */
static gboolean
check_rate_of_fire (SlCommand       *c,
                    int              unit,
                    const SlAction  *action,
                    int              target,
                    int              throwing,
                    int              burst,
                    int              end,
                    GError         **error)
{
  SlFireModeId mode;

  if (is_action (action, "aimed-fire"))
    mode = SL_FIRE_MODE_AIMED;
  else if (!is_action (action, "fire") || throwing == SL_THROW_GRENADE)
    return TRUE;
  else if (throwing == SL_THROW_LAUNCHER)
    mode = SL_FIRE_MODE_LAUNCHER;
  /* T-22, T-23: bursts may follow a fire, the third fire is an area one. */
  else if (burst == SL_BURST_CONCENTRATED)
    mode = SL_FIRE_MODE_CONCENTRATED;
  else if (burst == SL_BURST_AREA)
    mode = SL_FIRE_MODE_AREA;
  else
    mode = SL_FIRE_MODE_SINGLE;
  return sl_command_check_rate_of_fire (c, unit, mode, throwing == SL_THROW_NONE ? target : -1,
                                        end, NULL, error);
}

/* P-13, T-09, T-10: the move the action makes, or is combined with, must
 * be one this unit can make here and now (night and zero-G sprints, prone
 * and kneeling units, the terrain). */
static gboolean
check_move (SlCommand       *c,
            int              unit,
            const SlAction  *action,
            int              combined_with,
            GError         **error)
{
  const SlUnitSetup *us = sl_setup_unit_at (c->setup, unit);
  const SlUnitState *u = &c->state->units[unit];
  const SlEnvironmentSetup *env = &c->setup->environment;
  SlMoveInput in = { 0 };
  SlMoveResult res;
  g_autoptr(GError) local_error = NULL;

  if (action->move != SL_MOVE_NONE)
    in.mode = action->move;
  else if (combined_with > SL_MOVE_NONE && combined_with < SL_N_MOVES)
    in.mode = combined_with;
  /* §8.2, A-40: having run or sprinted on its pack, the unit slows one
   * step a subphase all the way to a stop, pack or no pack now: it may not
   * stand still (go prone, fire without a move …) or drop two steps. A
   * dazed unit may only go down (P-19, A-27). */
  if (u->bounced_before && !sl_state_unit_dazed (c->rules, c->state, unit) &&
      !sl_bounce_inertia (u->moved_before, in.mode, &local_error))
    {
      sl_rule_error_set (error, local_error->code,
                         action->move == SL_MOVE_NONE && in.mode != SL_MOVE_NONE ? "combined_with" : "action",
                         "%s", local_error->message);
      return FALSE;
    }
  if (in.mode == SL_MOVE_NONE)
    return TRUE;
  in.position = u->position;
  in.race = us->race;
  in.wound = u->wound;
  in.armor = us->armor;
  in.troop = us->troop;
  in.legionnaire_m = sl_legionnaire_bonus (us->legionnaire, SL_LEGIONNAIRE_LAND_MOVEMENT);
  /* §7.9: a bounce pack does not work in zero-G. */
  in.bounce_pack = u->bounce_pack && !env->zero_g;
  in.snow = env->snow;
  in.night = env->night && (!env->indoors || env->blackout);
  in.zero_g = env->zero_g;
  /* The scenario's terrain everywhere (§10 G): heavy woods forbid running,
   * sprinting and diving (T-10). */
  in.terrain = sl_command_terrain (c, unit);
  /* T-07, A-31: a dive follows the move of the subphase before; A-40: a
   * bounce pack walks before it runs, runs before it sprints. */
  in.previous = u->moved_before;
  in.has_previous = TRUE;
  if (sl_movement_allowance (c->rules, c->options, &in, &res, &local_error))
    return TRUE;
  sl_rule_error_set (error, local_error->code, action->move != SL_MOVE_NONE ? "action" : "combined_with",
                     "%s", local_error->message);
  return FALSE;
}

/* The scenario's special conditions on declaring (§10 G): actions it
 * forbids, a side holding its fire until fired upon (T-41, T-42, A-132),
 * locked doors and airlocks blown open only (T-42, T-43, A-133, A-134). */
static gboolean
check_conditions (SlCommand       *c,
                  int              unit,
                  const SlAction  *action,
                  gboolean         locked,
                  gboolean         airlock,
                  GError         **error)
{
  int side = sl_command_side (c, unit);
  const SlCondition *doors;

  for (guint i = 0; i < c->setup->conditions->len; i++)
    {
      const SlCondition *k = &g_array_index (c->setup->conditions, SlCondition, i);

      if (k->kind != SL_CONDITION_FORBID_ACTIONS || (k->side >= 0 && k->side != side) ||
          c->state->turn < k->from_turn || (k->until_turn > 0 && c->state->turn > k->until_turn))
        continue;
      for (guint j = 0; j < k->actions->len; j++)
        if (g_ptr_array_index (k->actions, j) == action)
          {
            sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                               _("“%s” is forbidden by a special condition of the scenario (%s)."),
                               action->name, k->ref != NULL ? k->ref : "§10 G");
            return FALSE;
          }
    }
  if ((action->fire && !is_action (action, "opportunity-fire")) || is_action (action, "call-fire-mission"))
    if (!sl_command_check_hold (c, unit, FALSE, "action", error))
      return FALSE;
  doors = sl_setup_condition (c->setup, SL_CONDITION_DOORS, side, c->state->turn);
  if (doors != NULL && doors->airlocks_blown &&
      (is_action (action, "open-airlock") || (is_action (action, "open-door") && airlock)))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("The airlocks are locked and are opened only by blowing them open (%s)."),
                         doors->ref != NULL ? doors->ref : "§10 G");
      return FALSE;
    }
  /* §6.4: a locked door takes a key; without one it is destroyed. */
  if (is_action (action, "open-door") && locked && c->state->units[unit].keys <= 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         doors != NULL && doors->no_keys
                         ? _("The doors are locked and there are no keys: a door is breached with fire or charges (%s).")
                         : _("%s has no key: a locked door is opened with a key, or destroyed (§6.4)."),
                         doors != NULL && doors->no_keys ? (doors->ref != NULL ? doors->ref : "§10 G")
                                                         : sl_command_name (c, unit));
      return FALSE;
    }
  return TRUE;
}

/* The weapon a fire uses must be ready, and what is thrown must go
 * with a Fire/Throw action (P-16, P-29, P-34 … P-36, §9.6). */
static gboolean
check_weapon_ready (SlCommand       *c,
                    int              unit,
                    const SlAction  *action,
                    int              throwing,
                    GError         **error)
{
  const SlUnitState *u = &c->state->units[unit];
  const SlUnitSetup *us = sl_setup_unit_at (c->setup, unit);
  const SlWeapon *weapon = us->weapons[u->in_hand];
  const char *name = us->told;

  /* A grenade or a charge's radio does not care about the weapon in hand;
   * the launcher shares the rifle's jam (A-113). */
  if (action->fire && (throwing == SL_THROW_NONE || throwing == SL_THROW_LAUNCHER))
    {
      if (u->jammed)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                             _("%s's weapon is jammed: clear it first (P-16)."), name);
          return FALSE;
        }
      if (sl_setup_has_module (c->setup, SL_MODULE_AMMUNITION) && throwing == SL_THROW_NONE &&
          weapon->rounds > 0 && u->rounds_fired[u->in_hand] >= weapon->rounds)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                             _("%s's %s is empty: reload first (P-29)."), name, weapon->name);
          return FALSE;
        }
    }
  /* P-34, P-35, P-36: a grenade, the launcher or a radio with a Fire/Throw
   * action proper (not aimed or opportunity fire). */
  if (throwing != SL_THROW_NONE && !is_action (action, "fire"))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "throw",
                         _("Grenades are thrown, the launcher fired and charges set off with a Fire/Throw action, not with “%s” (T-05, P-34 step 2)."),
                         action->name);
      return FALSE;
    }
  return TRUE;
}

/* P-29: a reload the ammunition rules would refuse. */
static gboolean
check_reload (SlCommand  *c,
              int         unit,
              GError    **error)
{
  const SlUnitState *u = &c->state->units[unit];
  SlAmmoInput in = { 0 };
  SlAmmoResult res;

  if (!sl_setup_has_module (c->setup, SL_MODULE_AMMUNITION))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("Reloading needs the ammunition rules (§15.2)."));
      return FALSE;
    }
  in.weapon = sl_setup_unit_at (c->setup, unit)->weapons[u->in_hand];
  in.omni_mode = sl_state_unit_omni_mode (c->setup, c->state, unit);
  in.action = SL_AMMO_RELOAD;
  sl_state_unit_ammo (c->setup, c->state, unit, &in.state);
  if (!sl_ammo_resolve (c->rules, c->options, &in, &res, error))
    {
      g_autofree char *message = g_strdup ((*error)->message);
      g_clear_error (error);
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action", "%s", message);
      return FALSE;
    }
  return TRUE;
}

/* Actions on the unit's own kit need something to act on (P-16, T-12,
 * §15.13, P-36). */
static gboolean
check_kit_action (SlCommand       *c,
                  int              unit,
                  const SlAction  *action,
                  GError         **error)
{
  const SlUnitState *u = &c->state->units[unit];
  const SlUnitSetup *us = sl_setup_unit_at (c->setup, unit);
  const SlWeapon *weapon = us->weapons[u->in_hand];
  const char *name = us->told;

  if (is_action (action, "clear-weapon") && !u->jammed)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s's weapon is not jammed (P-16)."), name);
      return FALSE;
    }
  if (is_action (action, "change-omni-mode") && !weapon->has_modes)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s holds no OMNI rifle (T-12)."), name);
      return FALSE;
    }
  if (is_action (action, "exchange") && us->n_weapons < 2)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s carries only one weapon."), name);
      return FALSE;
    }
  if (is_action (action, "leave-stealth") && !u->stealth_power)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s is not in stealth power mode (§15.13)."), name);
      return FALSE;
    }
  if (is_action (action, "enter-stealth") && (u->stealth_power || !us->armor->power_suit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         u->stealth_power ? _("%s is already in stealth power mode (§15.13).")
                                          : _("%s has no power suit (§15.13)."), name);
      return FALSE;
    }
  if (is_action (action, "install-plastic") && u->plastic_charges == 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s carries no plastic charge (P-36)."), name);
      return FALSE;
    }
  if (is_action (action, "install-shaped") && u->shaped_charges == 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                         _("%s carries no shaped charge (P-36)."), name);
      return FALSE;
    }
  return TRUE;
}

/* §10 F, T-43 F: "rules in use" means only those — an action of an
 * advanced rule the game does not use is refused as it is declared: a
 * rally (morale, §9.5), a fire mission called (P-38), a charge installed,
 * set off, fired at, deactivated or picked up (P-36), a hand grenade or
 * the launcher (P-34, P-35). Reload (§15.2) and bursts (§15.3) are
 * checked with their own rules. */
static gboolean
check_rules_in_use (SlCommand       *c,
                    const SlAction  *action,
                    int              throwing,
                    int              charge,
                    GError         **error)
{
  if (is_action (action, "rally"))
    return sl_command_require_module (c, SL_MODULE_MORALE, "action", error);
  if (is_action (action, "call-fire-mission"))
    return sl_command_require_module (c, SL_MODULE_FIRE_MISSIONS, "action", error);
  if (is_action (action, "install-plastic") || is_action (action, "install-shaped"))
    return sl_command_require_module (c, SL_MODULE_EXPLOSIVES, "action", error);
  if (throwing == SL_THROW_GRENADE || throwing == SL_THROW_LAUNCHER)
    return sl_command_require_module (c, SL_MODULE_GRENADES, "throw", error);
  if (throwing == SL_THROW_CHARGE)
    return sl_command_require_module (c, SL_MODULE_EXPLOSIVES, "throw", error);
  if (charge > 0)
    return sl_command_require_module (c, SL_MODULE_EXPLOSIVES, "charge", error);
  return TRUE;
}

/* The action's own conditions beyond T-05 and T-06. */
static gboolean
check_action_state (SlCommand       *c,
                    int              unit,
                    const SlAction  *action,
                    int              target,
                    int              throwing,
                    GError         **error)
{
  return check_weapon_ready (c, unit, action, throwing, error) &&
         check_fire_target (c, unit, target, error) &&
         check_throw (c, unit, throwing, error) &&
         (!is_action (action, "reload") || check_reload (c, unit, error)) &&
         check_kit_action (c, unit, action, error);
}

/* A-27: what a dazed unit may start. */
static gboolean
check_daze (SlCommand       *c,
            int              unit,
            const SlAction  *action,
            int              to_position,
            GError         **error)
{
  if (!sl_state_unit_dazed (c->rules, c->state, unit))
    return TRUE;
  if (is_action (action, "position-change") &&
      (to_position == SL_POSITION_KNEELING || to_position == SL_POSITION_PRONE))
    return TRUE;
  sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "action",
                     _("%s is dazed: the only thing it may do is go kneeling or prone (P-19, A-27)."),
                     sl_command_name (c, unit));
  return FALSE;
}

/* A declaration as the command gives it (P-07), and what checking it
 * works out. */
typedef struct
{
  int                 unit;
  SlActionCostInput   in;          /* the action and its options; the unit's part once checked */
  int                 target;
  gboolean            replace;
  int                 throwing;
  int                 burst;
  int                 bounce;      /* the pack used (TRUE), not used (FALSE), or -1: not said */
  const char         *label;
  const char         *zero_g_stream;
  const char         *mission_id;
  gboolean            at_obstacle;
  SlObstacleAt        obstacle;
  int                 charge;      /* the charge marker's id, or 0 */
  /* A move away from melee contact (P-23 a, A-75): the opponent's wish to
   * break off too, the avoidance roll and the opponent's free attack. */
  gboolean            target_avoids;
  gboolean            has_target_decision;
  const char         *avoid_stream;
  const char         *attack_stream;
  /* Worked out */
  int                 opponent;    /* the unit in contact it tries to avoid, or −1 */
  int                 now;
  int                 mission;     /* the T-35 entry of the fire mission called, or −1 */
  SlActionCostResult  cost;
  SlBreakdown        *breakdown;
  gboolean            revealed;
} Declaration;

/* The action and how it is done. */
static void
read_declared_action (SlCommand   *c,
                      Declaration *d)
{
  SlReader *r = c->command;
  const SlTable *t = &c->rules->actions;

  d->unit = sl_command_unit (c, r, "unit", FALSE);
  sl_reader_require (r, "action");
  d->in.action = g_ptr_array_index (t->items,
                                    sl_reader_enum (r, "action", sl_table_ids (t), t->what, 0));
  d->in.combined_with = sl_reader_enum (r, "combined_with", sl_combine_names,
                                        N_("move to combine with"), SL_MOVE_NONE);
  d->in.to_position = sl_reader_enum (r, "to_position", sl_position_names, N_("position"), -1);
  d->in.locked = sl_reader_bool (r, "locked", FALSE);
  d->in.airlock = sl_reader_bool (r, "airlock", FALSE);
  d->in.key_from_body = sl_reader_bool (r, "key_from_body", FALSE);
  d->in.floors = sl_reader_int (r, "floors", 1, 30, 1);
}

/* What a fire is at, how it is fired and with what. */
static void
read_declared_fire (SlCommand   *c,
                    Declaration *d)
{
  SlReader *r = c->command;

  d->target = sl_command_unit (c, r, "target", TRUE);
  d->replace = sl_reader_bool (r, "replace", FALSE);
  d->throwing = sl_reader_enum (r, "throw", sl_throw_names, N_("what is thrown"), SL_THROW_NONE);
  /* P-30 step 2: a burst is declared with the fire. */
  d->burst = sl_reader_enum (r, "burst", sl_burst_names, N_("burst"), SL_BURST_NONE);
  if (d->burst != SL_BURST_NONE && sl_reader_ok (r) &&
      (!is_action (d->in.action, "fire") || d->throwing != SL_THROW_NONE))
    sl_reader_fail (r, "burst", _("A burst is fired with a Fire/Throw action of the weapon in hand (P-30)."));
  else if (d->burst == SL_BURST_AREA && d->target >= 0 && sl_reader_ok (r))
    sl_reader_fail (r, "target", _("An area burst engages every unit in its wedge, not one target (P-30 step 4)."));
  /* §8.2 limit 4: a unit may say before it moves that it does not use its
   * pack (or uses it again). */
  d->bounce = sl_reader_has (r, "bounce_pack") ? sl_reader_bool (r, "bounce_pack", TRUE) : -1;
  if (d->throwing != SL_THROW_NONE && !d->in.action->fire && sl_reader_ok (r))
    sl_reader_fail (r, "throw", _("Grenades are thrown and charges set off with a Fire/Throw action (P-34, P-36)."));
  else if (d->throwing != SL_THROW_NONE && d->target >= 0 && sl_reader_ok (r))
    sl_reader_fail (r, "target", _("A grenade is thrown at a point, not at a unit (P-34 step 3): name it with “label”."));
}

/* P-25, P-36 step 5: a fire at an obstacle or at a charge, not a unit;
 * P-36 step 4: a charge deactivated (Use device) or picked up. */
static void
read_declared_object (SlCommand   *c,
                      Declaration *d)
{
  SlReader *r = c->command;
  const char *field;
  gboolean fire;

  d->at_obstacle = sl_command_read_obstacle (c, r, "obstacle", &d->obstacle);
  d->charge = sl_reader_int (r, "charge", 1, G_MAXINT, 0);
  if (!sl_reader_ok (r) || !(d->at_obstacle || d->charge > 0))
    return;
  field = d->at_obstacle ? "obstacle" : "charge";
  fire = is_action (d->in.action, "fire") || is_action (d->in.action, "aimed-fire");
  if (d->at_obstacle && d->charge > 0)
    sl_reader_fail (r, "charge", _("A fire is at one thing: an obstacle or a charge."));
  else if (!fire && !(d->charge > 0 && (is_action (d->in.action, "use-device") ||
                                        is_action (d->in.action, "pick-up-object"))))
    sl_reader_fail (r, field, d->at_obstacle ? _("An obstacle is fired at with a Fire/Throw or Aimed fire action (P-25).")
                                             : _("A charge is fired at (Fire/Throw, Aimed fire), deactivated (Use device) or picked up (Pick up object) (P-36)."));
  else if (d->target >= 0)
    sl_reader_fail (r, "target", _("A fire is at one thing: a unit, an obstacle or a charge."));
  else if (d->throwing != SL_THROW_NONE || d->burst == SL_BURST_AREA)
    sl_reader_fail (r, field, _("Only a shot or a concentrated burst of the weapon in hand is fired at an obstacle or a charge (P-25, P-36 step 5)."));
  else if (d->at_obstacle && d->label != NULL)
    sl_reader_fail (r, "label", _("The obstacle's label names the spot."));
}

/* Reads the command, in the order its fields are checked. */
static gboolean
read_declaration (SlCommand   *c,
                  Declaration *d)
{
  SlReader *r = c->command;

  read_declared_action (c, d);
  read_declared_fire (c, d);
  d->label = sl_reader_string (r, "label", NULL);
  if (d->label != NULL && strlen (d->label) >= sizeof (((SlCurrentAction *) NULL)->label))
    sl_reader_fail (r, "label", _("A label is at most %d characters."),
                    (int) sizeof (((SlCurrentAction *) NULL)->label) - 1);
  d->zero_g_stream = sl_command_die (c, r, "zero_g_roll", 10);
  /* P-23 a: a move away from melee contact starts with an avoidance
   * roll; the opponent may want to break off too (P-22 step 6). */
  d->avoid_stream = sl_command_die (c, r, "roll", 10);
  d->attack_stream = sl_command_die (c, r, "attack_roll", 10);
  d->has_target_decision = sl_reader_has (r, "target_decision");
  d->target_avoids = sl_reader_enum (r, "target_decision", sl_melee_decision_names, N_("decision"), 0) == 1;
  /* P-38: the kind of fire mission is named as it is called. */
  d->mission_id = sl_reader_string (r, "mission", NULL);
  if (d->mission_id != NULL && sl_reader_ok (r) && !is_action (d->in.action, "call-fire-mission"))
    sl_reader_fail (r, "mission", _("A fire mission is named with a “Call fire mission” action (P-38)."));
  read_declared_object (c, d);
  return sl_command_inputs_done (c);
}

/* P-36 step 4: the charge a unit fires at, deactivates or picks up. */
static gboolean
check_declared_charge (SlCommand         *c,
                       const Declaration *d,
                       GError           **error)
{
  const SlUnitState *u = &c->state->units[d->unit];
  const SlMarker *m = sl_command_charge_marker (c, d->charge, d->unit, "charge", error);

  if (m == NULL)
    return FALSE;
  if (is_action (d->in.action, "pick-up-object") && !m->resolved)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "charge",
                         _("%s is armed: it is deactivated (Use device) before it is picked up (P-36 step 4)."),
                         m->label);
      return FALSE;
    }
  if (is_action (d->in.action, "pick-up-object") &&
      u->plastic_charges + u->shaped_charges >= c->rules->charges_per_carrier)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "charge",
                         _("%s already carries %d charges (P-36 step 1)."), sl_command_name (c, d->unit),
                         c->rules->charges_per_carrier);
      return FALSE;
    }
  if (is_action (d->in.action, "use-device") && m->resolved)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "charge",
                         _("%s is already deactivated (P-36 step 4)."), m->label);
      return FALSE;
    }
  return TRUE;
}

/* P-23 a, A-75: a move away declared in melee contact is the unit's try
 * to avoid: whom it avoids (its target, or its only opponent), and whether
 * it may. The move itself has no target. */
static gboolean
check_contact (SlCommand    *c,
               Declaration  *d,
               GError      **error)
{
  d->opponent = -1;
  if (c->state->units[d->unit].n_engaged == 0)
    {
      if (d->has_target_decision)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "target_decision",
                             _("The opponent's decision is given for a move away from melee contact (P-22 step 6, P-23 a)."));
          return FALSE;
        }
      return TRUE;
    }
  if (!sl_command_check_avoid_contact (c, d->unit, d->target, d->target_avoids, &d->opponent, error))
    return FALSE;
  d->target = -1;
  return TRUE;
}

/* Whether the unit may start the action now (P-07), before its cost. */
static gboolean
check_declaration (SlCommand    *c,
                   Declaration  *d,
                   GError      **error)
{
  int unit = d->unit;
  const SlCondition *doors;

  if (!sl_command_require_clock (c, SL_PHASE_ACTION, SL_STEP_INITIATIVE_ORDER,
                                 N_("Declaring an action"), error))
    return FALSE;

  d->now = sl_command_now (c);
  if (d->bounce == TRUE && !sl_setup_unit_at (c->setup, unit)->armor->bounce)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "bounce_pack", _("The %s has no bounce pack (T-13)."),
                         sl_setup_unit_at (c->setup, unit)->armor->name);
      return FALSE;
    }
  if (d->bounce >= 0)
    c->state->units[unit].bounce_pack = d->bounce;
  /* The scenario's locked doors count as locked (T-42, T-43). */
  doors = sl_setup_condition (c->setup, SL_CONDITION_DOORS, sl_command_side (c, unit),
                              c->state->turn);
  if (doors != NULL && doors->doors_locked && is_action (d->in.action, "open-door"))
    d->in.locked = TRUE;
  if (!check_can_act (c, unit, d->in.action, d->replace, error) ||
      !check_contact (c, d, error) ||
      !check_rules_in_use (c, d->in.action, d->throwing, d->charge, error) ||
      !check_conditions (c, unit, d->in.action, d->in.locked, d->in.airlock, error) ||
      !sl_command_check_turn (c, unit, "unit", error) ||
      !check_daze (c, unit, d->in.action, d->in.to_position, error) ||
      !check_action_state (c, unit, d->in.action, d->target, d->throwing, error))
    return FALSE;
  if (is_action (d->in.action, "call-fire-mission") &&
      !sl_command_check_mission_call (c, unit, d->mission_id, &d->mission, error))
    return FALSE;
  if (d->at_obstacle && sl_command_obstacle_breached (c, d->obstacle.label))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "obstacle",
                         _("%s is already destroyed: a Breach marker lies there (P-25)."), d->obstacle.label);
      return FALSE;
    }
  return d->charge <= 0 || check_declared_charge (c, d, error);
}

/* T-05, T-06: what the action costs this unit. */
static gboolean
declaration_cost (SlCommand    *c,
                  Declaration  *d,
                  GError      **error)
{
  const SlUnitState *u = &c->state->units[d->unit];
  g_autoptr(GError) local_error = NULL;
  const char *field;
  gboolean own;

  d->in.wound = u->wound;
  d->in.position = u->position;
  /* §18: a Legionnaire character may rally with its own leadership. */
  d->in.leader = is_leader (c, d->unit) ||
                 (sl_setup_unit_at (c->setup, d->unit)->legionnaire != NULL &&
                  is_action (d->in.action, "rally"));
  d->in.dazed = sl_state_unit_dazed (c->rules, c->state, d->unit);
  if (sl_action_cost (c->rules, c->options, &d->in, d->breakdown, &d->cost, &local_error))
    return TRUE;
  /* The engine names what it was given (the leader, the wound …);
   * here that comes from the unit's log. */
  field = sl_rule_error_get_field (local_error);
  own = g_strcmp0 (field, "action") == 0 || g_strcmp0 (field, "combined_with") == 0 ||
        g_strcmp0 (field, "to_position") == 0;
  sl_rule_error_set (error, local_error->code, own ? field : "unit", "%s", local_error->message);
  return FALSE;
}

/* What the action's end will need, checked now that its end is known:
 * a burst (P-30 step 1), the rate of fire, the move. */
static gboolean
check_declared_end (SlCommand          *c,
                    const Declaration  *d,
                    GError            **error)
{
  if (d->burst != SL_BURST_NONE && !sl_state_unit_fires_bursts (c->setup, c->state, d->unit))
    {
      if (!sl_command_require_module (c, SL_MODULE_AUTOMATIC_FIRE, "burst", error))
        return FALSE;
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "burst",
                         _("The %s fires no bursts (P-30 step 1)."),
                         sl_state_unit_weapon (c->setup, c->state, d->unit)->name);
      return FALSE;
    }
  return check_rate_of_fire (c, d->unit, d->in.action, d->target, d->throwing, d->burst,
                             d->now + d->cost.takes_effect_after - 1, error) &&
         check_move (c, d->unit, d->in.action, d->in.combined_with, error);
}

/* The unit turns to its new action: it gives up the running one, shows
 * itself and, in zero-G, makes its check; *@steady is FALSE when the
 * check fails and the action is lost. */
static gboolean
start_declared (SlCommand    *c,
                Declaration  *d,
                gboolean     *steady,
                GError      **error)
{
  SlUnitState *u = &c->state->units[d->unit];
  SlCheckOutcome check;
  SlMove move;

  /* §6.1, P-07 step 6: a new action cancels the running one. */
  if (u->current.action != NULL && !sl_state_unit_idle (c->rules, c->state, d->unit))
    sl_command_say (c, _("%s gives up “%s”."), sl_command_name (c, d->unit), u->current.action->name);
  u->opportunity_armed = FALSE;

  /* §15.1: a hidden unit that acts is detected. */
  if (u->hidden)
    {
      sl_state_reveal_unit (c->state, d->unit);
      u->revealed_at = d->now + 1;
      d->revealed = TRUE;
      sl_command_say (c, _("%s acts and is no longer hidden (§15.1)."), sl_command_name (c, d->unit));
    }

  /* P-21: in zero-G every action starts with a check; a failure loses it.
   * The move the action makes, or is combined with (a sprint with a fire
   * is no zero-G move either, P-21). A-71: a fire of the weapon in hand
   * (a shot or a burst, at a unit, an obstacle or a charge) is a fire of
   * that weapon — its +1 for a spike rifle or a caseless weapon, and no
   * slug weapon —; a Fire/Throw action that throws a grenade, fires the
   * launcher fitted to the rifle or sets a charge off by radio is none
   * (the launcher is its own weapon: its roll takes none of the rifle's
   * modifiers, P-35 step 3). */
  move = d->in.action->move != SL_MOVE_NONE ? d->in.action->move
       : d->in.combined_with > SL_MOVE_NONE && d->in.combined_with < SL_N_MOVES
       ? (SlMove) d->in.combined_with
       : SL_MOVE_NONE;
  if (!sl_command_zero_g_check (c, d->unit,
                                d->in.action->fire && d->throwing == SL_THROW_NONE ? SL_ZERO_G_FIRE
                                                                                   : SL_ZERO_G_OTHER,
                                move, d->zero_g_stream, "", steady, &check, error))
    return FALSE;
  if (!*steady)
    {
      sl_state_lose_action (c->state, d->unit);
      sl_command_say (c, _("%s fails the zero-G check (rolled %d, net %d): “%s” is lost; it may try again next subphase (P-21)."),
                      sl_command_name (c, d->unit), check.natural, check.net, d->in.action->name);
    }
  return TRUE;
}

/* The action goes on the unit's log. */
static void
apply_declaration (SlCommand         *c,
                   const Declaration *d)
{
  SlUnitState *u = &c->state->units[d->unit];
  int now = d->now;

  sl_state_lose_action (c->state, d->unit);
  if (moves_away (d->in.action))
    u->must_move_away = FALSE;
  u->current.action = d->in.action;
  u->current.combined_with = d->in.combined_with;
  u->current.start = now;
  u->current.end = now + d->cost.takes_effect_after - 1;
  u->current.cost = d->cost.cost;
  u->current.target = d->target;
  u->current.to_position = d->in.to_position;
  u->current.throwing = d->throwing;
  u->current.burst = d->burst;
  u->current.mission = d->mission + 1;
  u->current.target_marker = d->charge;
  if (d->at_obstacle)
    {
      u->current.obstacle = d->obstacle.index + 1;
      g_strlcpy (u->current.label, d->obstacle.label, sizeof u->current.label);
    }
  u->current.stairs_end = d->cost.stairs_ap > 0 ? now + d->cost.stairs_ap - 1 : -1;
  if (d->label != NULL)
    g_strlcpy (u->current.label, d->label, sizeof u->current.label);
  /* Movement happens at once (P-08 step 2): the move is made (A-50); an
   * action without one after a move made this subphase leaves it made. */
  if (d->in.action->move != SL_MOVE_NONE)
    u->moving = d->in.action->move;
  else if (d->in.combined_with > SL_MOVE_NONE && d->in.combined_with < SL_N_MOVES)
    u->moving = d->in.combined_with;
  else if (!u->move_made)
    u->moving = SL_MOVE_NONE;
  u->move_made = u->moving != SL_MOVE_NONE;
}

/* The action with what it is at or done with, as the summary says it:
 * "Aimed fire at 3 Legionnaire Ostra" — the target or the spot named. */
static char *
declared_what (SlCommand         *c,
               const Declaration *d)
{
  const char *name = d->in.action->name;
  const char *label = d->label;

  if (d->burst != SL_BURST_NONE)
    {
      const char *kind = d->burst == SL_BURST_AREA ? _("an area burst") : _("a concentrated burst");

      return d->target >= 0 ? g_strdup_printf (_("%s, %s, at %s"), name, kind, sl_command_name (c, d->target))
                            : g_strdup_printf (_("%s, %s"), name, kind);
    }
  if (d->target >= 0)
    return g_strdup_printf (_("%s at %s"), name, sl_command_name (c, d->target));
  if (d->throwing != SL_THROW_NONE)
    {
      const char *uses = d->throwing == SL_THROW_GRENADE ? _("a hand grenade")
                       : d->throwing == SL_THROW_LAUNCHER ? _("the grenade launcher")
                       : _("a charge by radio");

      return label != NULL ? g_strdup_printf (_("%s with %s at %s"), name, uses, label)
                           : g_strdup_printf (_("%s with %s"), name, uses);
    }
  if (d->at_obstacle)
    return g_strdup_printf (_("%s at %s"), name, d->obstacle.label);
  if (d->charge > 0 && d->in.action->fire)
    return g_strdup_printf (_("%s at %s"), name, sl_state_find_marker (c->state, d->charge)->label);
  if (d->charge > 0)
    return g_strdup_printf (_("%s (%s)"), name, sl_state_find_marker (c->state, d->charge)->label);
  if (d->mission >= 0)
    {
      const SlFireMissionDef *def = g_ptr_array_index (c->rules->fire_missions.items, d->mission);

      /* "Call Fire Mission (Mortar Strike at the ridge)" */
      return label != NULL ? g_strdup_printf (_("%s (%s at %s)"), name, def->name, label)
                           : g_strdup_printf (_("%s (%s)"), name, def->name);
    }
  if (label != NULL)
    return g_strdup_printf (_("%s (%s)"), name, label);
  if (d->in.to_position >= 0)
    return g_strdup_printf (_("%s to %s"), name, sl_position_label (d->in.to_position));
  return g_strdup (name);
}

/* The result (the cost, the end, the breakdown) and the summary. */
static JsonObject *
odds_json (const SlCheckOutcome *odds)
{
  JsonObject *o = json_object_new ();

  json_object_set_int_member (o, "target", odds->target);
  json_object_set_int_member (o, "modifier", odds->modifier);
  json_object_set_int_member (o, "needed", odds->needed);
  json_object_set_double_member (o, "probability", odds->probability);
  return o;
}

/* A shot declared at a unit: its to-hit odds with all the app knows (the
 * logs, the scenario's terrain, light and weather, the target's movement
 * when it resolves), before the table says the cover and the range (P-14,
 * T-14), and what they counted ("to_hit_note");
 * and, where the weapon may fire a concentrated burst, the burst's, so
 * that a player sees what aiming or a burst buys before spending the AP. */
static void
tell_odds (SlCommand         *c,
           const Declaration *d)
{
  const char *id = d->in.action->id;
  g_autofree char *note = NULL;
  SlFireKind kind;
  SlCheckOutcome odds;
  int at;

  if (d->target < 0 || d->throwing != 0 || d->at_obstacle || d->charge != 0 || d->burst == SL_BURST_AREA)
    return;
  if (g_str_equal (id, "fire"))
    kind = SL_FIRE_NORMAL;
  else if (g_str_equal (id, "aimed-fire"))
    kind = SL_FIRE_AIMED;
  else
    return;
  at = c->state->units[d->unit].current.end;
  if (sl_command_fire_odds (c, d->unit, d->target, kind, d->burst, at, &odds, &note))
    {
      json_object_set_object_member (c->result, "to_hit", odds_json (&odds));
      json_object_set_string_member (c->result, "to_hit_note", note);
    }
  if (d->burst == SL_BURST_NONE && sl_setup_has_module (c->setup, SL_MODULE_AUTOMATIC_FIRE) &&
      sl_command_fire_odds (c, d->unit, d->target, kind, SL_BURST_CONCENTRATED, at, &odds, NULL))
    json_object_set_object_member (c->result, "to_hit_burst", odds_json (&odds));
}

static void
tell_declaration (SlCommand         *c,
                  const Declaration *d)
{
  const SlUnitState *u = &c->state->units[d->unit];
  const char *name = sl_command_name (c, d->unit);
  g_autofree char *when = NULL;
  g_autofree char *what = NULL;
  JsonObject *end;
  int t, sp;

  if (!sl_command_telling (c))
    return;
  sl_subphase_split (c->rules, u->current.end, &t, &sp);
  end = json_object_new ();
  json_object_set_int_member (end, "turn", t);
  json_object_set_int_member (end, "subphase", sp);
  json_object_set_int_member (c->result, "cost", d->cost.cost);
  json_object_set_object_member (c->result, "end", end);
  json_object_set_member (c->result, "breakdown", sl_breakdown_to_json (d->breakdown));
  if (d->revealed)
    json_object_set_boolean_member (c->result, "revealed", TRUE);
  tell_odds (c, d);

  /* "Trooper Quint: Aimed fire at 3 Legionnaire Ostra, 3 AP, ends in
   * subphase 6." */
  when = sl_command_when (c, u->current.end);
  what = declared_what (c, d);
  if (d->in.combined_with != SL_MOVE_NONE)
    sl_command_say (c, _("%s: %s, combined with %s, %d AP, ends in %s."),
                    name, what, sl_combine_label (d->in.combined_with), d->cost.cost, when);
  else if (d->in.action->move == SL_MOVE_DIVE && c->setup->environment.zero_g)
    sl_command_say (c, _("%s: %s, %d AP, then it carries on until it hits full cover or another unit (A-72)."),
                    name, what, d->cost.cost);
  else
    sl_command_say (c, _("%s: %s, %d AP, ends in %s."), name, what, d->cost.cost, when);
}

gboolean
sl_command_declare (SlCommand  *c,
                    GError    **error)
{
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  Declaration d = { .mission = -1, .opponent = -1, .breakdown = breakdown };
  SlSchedule schedule;
  gboolean steady;

  if (!read_declaration (c, &d) ||
      !check_declaration (c, &d, error) ||
      !declaration_cost (c, &d, error) ||
      !check_declared_end (c, &d, error))
    return FALSE;
  /* P-23 a, A-75: from melee contact, the avoidance first; failed, a full
   * melee follows and the move does not happen. */
  if (d.opponent >= 0)
    {
      gboolean moves;

      if (!sl_command_avoid_contact (c, d.unit, d.opponent, d.target_avoids, d.avoid_stream,
                                     d.attack_stream, d.zero_g_stream, &moves, error))
        return FALSE;
      if (!moves)
        {
          sl_command_result (c, json_object_set_string_member, "outcome", "not-avoided");
          sl_command_say (c, _("%s does not get away: no “%s” (P-23 a)."), sl_command_name (c, d.unit),
                          d.in.action->name);
          return TRUE;
        }
    }
  if (!start_declared (c, &d, &steady, error))
    return FALSE;
  if (!steady)
    return TRUE;
  if (!sl_schedule (c->rules, c->state->turn, c->state->subphase, d.cost.cost, &schedule, error))
    return FALSE;

  apply_declaration (c, &d);
  tell_declaration (c, &d);
  /* A 1-AP action without dice ends here and now. */
  if (c->state->units[d.unit].current.end == d.now && resolution_step (d.in.action) == SL_STEP_NONE)
    finish_action (c, d.unit);
  return TRUE;
}

gboolean
sl_command_cancel (SlCommand  *c,
                   GError    **error)
{
  int unit = sl_command_unit (c, c->command, "unit", FALSE);
  SlUnitState *u;

  if (!sl_command_inputs_done (c))
    return FALSE;
  u = &c->state->units[unit];
  if (sl_command_drifting (c, unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s dives in zero-G and can do nothing else until it hits full cover or another unit (A-72)."),
                         sl_command_name (c, unit));
      return FALSE;
    }
  if (u->current.action == NULL || sl_state_unit_idle (c->rules, c->state, unit))
    {
      if (u->opportunity_armed)
        {
          u->opportunity_armed = FALSE;
          sl_command_say (c, _("%s stops watching for opportunity fire (P-09)."),
                          sl_command_name (c, unit));
          return TRUE;
        }
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s has no action to cancel."), sl_command_name (c, unit));
      return FALSE;
    }
  sl_command_say (c, _("%s cancels “%s”; it is lost (§6.1)."), sl_command_name (c, unit),
                  u->current.action->name);
  sl_state_lose_action (c->state, unit);
  return TRUE;
}

gboolean
sl_command_end_game (SlCommand  *c,
                     GError    **error)
{
  const char *reason = sl_reader_string (c->command, "reason", NULL);

  if (!sl_command_inputs_done (c))
    return FALSE;
  c->state->over = TRUE;
  if (reason != NULL && *reason)
    sl_command_say (c, _("The players end the game: %s"), reason);
  else
    sl_command_say (c, _("The players end the game."));
  return TRUE;
}

/* The scenario's objectives, as the players see them on the table
 * (T-42, T-43): "charges": {"tog": 2} — the charges set off in the
 * objective room so far; "on_objective": {"tog": 3, "cw": 1} — the units
 * of each side on the objective now. */
static gboolean
read_side_counts (SlCommand   *c,
                  const char  *field,
                  int          counts[2],
                  gboolean     given[2],
                  GError     **error)
{
  g_autoptr(SlReader) r = NULL;
  g_autoptr(GList) members = NULL;

  if (!sl_reader_has (c->command, field))
    return TRUE;
  r = sl_reader_object (c->command, field);
  if (r == NULL)
    return sl_command_inputs_done (c);
  members = sl_reader_members (r);
  for (GList *l = members; l; l = l->next)
    {
      int side = -1;

      for (guint s = 0; s < c->setup->sides->len; s++)
        if (g_str_equal (sl_setup_side_at (c->setup, s)->id, l->data))
          side = s;
      if (side < 0)
        {
          sl_reader_fail (r, l->data, _("There is no side “%s”."), (const char *) l->data);
          return sl_command_inputs_done (c);
        }
      if (g_str_equal (field, "primary"))
        counts[side] = sl_reader_bool (r, l->data, FALSE);
      else
        counts[side] = sl_reader_int (r, l->data, 0, 64, 0);
      given[side] = TRUE;
    }
  sl_reader_end (r);
  (void) error;
  return TRUE;
}

/* What the objective command says, side by side (0 and 1): what each
 * field gives, and for which side. */
typedef struct
{
  int      charges[2];
  int      units[2];
  int      primary[2];
  int      secondary[2];
  gboolean charges_given[2];
  gboolean units_given[2];
  gboolean primary_given[2];
  gboolean secondary_given[2];
} ObjectiveReport;

static gboolean
check_objective (SlCommand              *c,
                 const ObjectiveReport  *o,
                 GError                **error)
{
  gboolean hold = FALSE;

  for (int side = 0; side < 2; side++)
    hold |= sl_setup_side_at (c->setup, side)->objective == SL_OBJECTIVE_HOLD;
  if (!o->charges_given[0] && !o->charges_given[1] && !o->units_given[0] && !o->units_given[1] &&
      !o->primary_given[0] && !o->primary_given[1] &&
      !o->secondary_given[0] && !o->secondary_given[1])
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "charges",
                         _("Say the charges set off in the objective room, the units on the objective, or the objectives achieved."));
      return FALSE;
    }
  for (int side = 0; side < 2; side++)
    if (o->charges_given[side] &&
        sl_setup_side_at (c->setup, side)->objective != SL_OBJECTIVE_CHARGES)
      {
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "charges",
                           _("%s has no charges objective in this scenario (T-42)."),
                           sl_setup_side_at (c->setup, side)->name);
        return FALSE;
      }
  for (int side = 0; side < 2; side++)
    if ((o->primary_given[side] || o->secondary_given[side]) &&
        sl_setup_side_at (c->setup, side)->objective != SL_OBJECTIVE_PLAYERS)
      {
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN,
                           o->primary_given[side] ? "primary" : "secondary",
                           _("%s's objective is not judged by the players in this scenario (§10 E)."),
                           sl_setup_side_at (c->setup, side)->name);
        return FALSE;
      }
  if ((o->units_given[0] || o->units_given[1]) && !hold)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "on_objective",
                         _("No side has to hold an objective in this scenario (T-43)."));
      return FALSE;
    }
  if (c->state->over)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type", _("The game is over."));
      return FALSE;
    }
  return TRUE;
}

/* The charges set off (T-42) and the objectives the players judge (T-39). */
static void
apply_objectives_achieved (SlCommand             *c,
                           const ObjectiveReport *o,
                           const char            *place)
{
  SlState *s = c->state;

  for (int side = 0; side < 2; side++)
    if (o->charges_given[side])
      {
        s->objective_charges[side] = o->charges[side];
        sl_command_say (c, g_dngettext (GETTEXT_PACKAGE,
                                        "%s has set off %d charge in %s (T-42).",
                                        "%s has set off %d charges in %s (T-42).", o->charges[side]),
                        sl_setup_side_at (c->setup, side)->name, o->charges[side], place);
      }
  for (int side = 0; side < 2; side++)
    {
      const char *name = sl_setup_side_at (c->setup, side)->name;

      if (o->primary_given[side])
        {
          s->objective_primary[side] = o->primary[side];
          if (o->primary[side])
            sl_command_say (c, _("%s has achieved its primary objective (T-39)."), name);
          else
            sl_command_say (c, _("%s has not achieved its primary objective (T-39)."), name);
        }
      if (o->secondary_given[side])
        {
          s->objective_secondary[side] = o->secondary[side];
          sl_command_say (c, g_dngettext (GETTEXT_PACKAGE,
                                          "%s has achieved %d secondary objective (T-39).",
                                          "%s has achieved %d secondary objectives (T-39).", o->secondary[side]),
                          name, o->secondary[side]);
        }
    }
}

/* The units on the objective to hold (T-43). */
static void
apply_objective_held (SlCommand             *c,
                      const ObjectiveReport *o,
                      const char            *place)
{
  SlState *s = c->state;

  for (int side = 0; side < 2; side++)
    if (o->units_given[side])
      s->objective_units[side] = o->units[side];
  /* A-134: a side holds it with more units there than the enemy; the
   * turns count from the turn it took it, this one included. */
  for (int side = 0; side < 2; side++)
    {
      gboolean holds = s->objective_units[side] > s->objective_units[1 - side];

      if (!holds)
        s->objective_held_since[side] = 0;
      else if (s->objective_held_since[side] == 0)
        s->objective_held_since[side] = s->turn;
    }
  sl_command_say (c, _("On %s: %s %d, %s %d (T-43)."), place,
                  sl_setup_side_at (c->setup, 0)->name, s->objective_units[0],
                  sl_setup_side_at (c->setup, 1)->name, s->objective_units[1]);
}

gboolean
sl_command_objective (SlCommand  *c,
                      GError    **error)
{
  ObjectiveReport o = { 0 };
  const char *place = c->setup->objective_place ? c->setup->objective_place : _("the objective");

  if (!read_side_counts (c, "charges", o.charges, o.charges_given, error) ||
      !read_side_counts (c, "on_objective", o.units, o.units_given, error) ||
      !read_side_counts (c, "primary", o.primary, o.primary_given, error) ||
      !read_side_counts (c, "secondary", o.secondary, o.secondary_given, error) ||
      !sl_command_inputs_done (c) ||
      !check_objective (c, &o, error))
    return FALSE;

  apply_objectives_achieved (c, &o, place);
  if (o.units_given[0] || o.units_given[1])
    apply_objective_held (c, &o, place);
  return TRUE;
}

/* Corrections: any field of the log, by hand (the journal keeps them). */

/* A correction under way: the unit's log, changed in place by the
 * field's handler, and the new value in words for the summary. */
typedef struct
{
  SlCommand         *c;
  SlReader          *r;
  int                unit;
  SlUnitState       *u;
  const SlUnitSetup *us;
  char              *shown;
} Correction;

/* Reads "value" into the log; @which tells apart the fields that share a
 * handler (a magazine, a grenade kind, where a flag is). A bad value
 * fails the reader. */
typedef void (*CorrectFunc) (Correction *k,
                             int         which);

static char *
yes_no (gboolean value)
{
  return g_strdup (value ? _("yes") : _("no"));
}

static void
correct_wound (Correction *k,
               int         which)
{
  SlCommand *c = k->c;
  SlUnitState *u = k->u;

  u->wound = sl_reader_enum (k->r, "value", sl_wound_names, N_("wound level"), u->wound);
  k->shown = g_strdup (c->rules->wounds[u->wound].name);
  /* The battle report's turns: a hand correction counts from now. */
  if (u->wound == SL_WOUND_NONE)
    u->casualty_turn = 0;
  else if (u->casualty_turn == 0)
    u->casualty_turn = c->state->turn;
  if (!c->rules->wounds[u->wound].out)
    u->out_turn = 0;
  else if (u->out_turn == 0)
    u->out_turn = c->state->turn;
  /* §6.1: out, it loses its action and leaves its melees (as the step
   * ends, inside one). */
  if (c->rules->wounds[u->wound].out)
    {
      sl_state_lose_action_in_step (c->state, k->unit);
      if (c->state->held_step == SL_STEP_NONE)
        sl_state_leave_melee (c->state, k->unit);
    }
}

static void
correct_position (Correction *k,
                  int         which)
{
  k->u->position = sl_reader_enum (k->r, "value", sl_position_names, N_("position"), k->u->position);
  k->shown = g_strdup (sl_position_label (k->u->position));
}

static void
correct_in_hand (Correction *k,
                 int         which)
{
  const char *code = sl_reader_string (k->r, "value", "");
  int found = -1;

  for (int i = 0; i < k->us->n_weapons; i++)
    if (g_str_equal (k->us->weapons[i]->id, code))
      found = i;
  if (found < 0 && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "value", _("%s does not carry a “%s”."), k->us->told, code);
  else
    k->u->in_hand = found;
  k->shown = g_strdup (code);
}

static void
correct_omni_mode (Correction *k,
                   int         which)
{
  static const char * const modes[] = { "spike", "slug", NULL };
  gboolean omni = FALSE;

  k->u->omni_slug = sl_reader_enum (k->r, "value", modes, N_("OMNI mode"), 0) == 1;
  k->shown = g_strdup (modes[k->u->omni_slug]);

  /* T-12: only the OMNI rifle has two modes. */
  for (int i = 0; i < k->us->n_weapons; i++)
    omni |= k->us->weapons[i]->has_modes;
  if (sl_reader_ok (k->r) && !omni)
    sl_reader_fail (k->r, "field", _("%s carries no OMNI rifle: there is no OMNI mode to set (T-12)."),
                    k->us->told);
}

/* @which: the SlMagazine. */
static void
correct_magazines (Correction *k,
                   int         which)
{
  SlMagazine m = which;
  int boxes = sl_ammo_boxes (k->c->rules, k->c->options, m);

  k->u->magazines[m] = sl_reader_int (k->r, "value", 0, boxes, k->u->magazines[m]);
  k->shown = g_strdup_printf ("%d", k->u->magazines[m]);
}

static void
correct_rounds_fired (Correction *k,
                      int         which)
{
  SlUnitState *u = k->u;
  const SlWeapon *w = k->us->weapons[u->in_hand];

  u->rounds_fired[u->in_hand] = sl_reader_int (k->r, "value", 0, MAX (w->rounds, 0),
                                               u->rounds_fired[u->in_hand]);
  k->shown = g_strdup_printf ("%d", u->rounds_fired[u->in_hand]);
}

/* @which: the SlGrenade. */
static void
correct_grenades (Correction *k,
                  int         which)
{
  SlGrenade g = which;

  k->u->grenades[g] = sl_reader_int (k->r, "value", 0, k->c->rules->magazines[g == SL_GRENADE_FG
                                                                                ? SL_MAGAZINE_FG
                                                                                : SL_MAGAZINE_SG],
                                     k->u->grenades[g]);
  k->shown = g_strdup_printf ("%d", k->u->grenades[g]);
}

/* @which: the SlGrenade. */
static void
correct_launcher (Correction *k,
                  int         which)
{
  SlGrenade g = which;

  k->u->launcher_load[g] = sl_reader_int (k->r, "value", 0, k->c->rules->launcher.grenades,
                                          k->u->launcher_load[g]);
  k->shown = g_strdup_printf ("%d", k->u->launcher_load[g]);
  /* P-35: only a unit with a launcher has a load. */
  if (sl_reader_ok (k->r) && !k->u->launcher)
    sl_reader_fail (k->r, "field", _("%s has no grenade launcher (P-35)."), k->us->told);
}

/* A yes/no of the log with nothing more to it; @which: where it is in
 * SlUnitState. */
static void
correct_flag (Correction *k,
              int         which)
{
  gboolean *flag = G_STRUCT_MEMBER_P (k->u, which);

  *flag = sl_reader_bool (k->r, "value", *flag);
  k->shown = yes_no (*flag);
}

static void
correct_routed (Correction *k,
                int         which)
{
  SlUnitState *u = k->u;

  u->routed = sl_reader_bool (k->r, "value", u->routed);
  /* §18: a player character is immune to rout. */
  if (u->routed && k->us->legionnaire != NULL && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "value", _("%s is a Legionnaire character and never routs (§18)."), k->us->told);
  u->routed_turn = u->routed ? k->c->state->turn : 0;
  k->shown = yes_no (u->routed);
}

static void
correct_hidden (Correction *k,
                int         which)
{
  SlUnitState *u = k->u;

  u->hidden = sl_reader_bool (k->r, "value", u->hidden);
  /* §15.1: a detected unit can never hide again. */
  if (u->hidden && u->detected && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "value", _("%s has been detected and can never hide again (§15.1)."), k->us->told);
  k->shown = yes_no (u->hidden);
}

static void
correct_stealth_power (Correction *k,
                       int         which)
{
  SlUnitState *u = k->u;

  /* A-126: a hidden unit's mode is its side's secret: set it with the
   * pile (hide), not in the history everyone reads. */
  if (u->hidden && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "field", _("%s is hidden: its stealth power mode is set in secret, in the private view or with “hide” (T-19, A-126)."),
                    k->us->told);
  u->stealth_power = sl_reader_bool (k->r, "value", u->stealth_power);
  if (u->stealth_power && !k->us->armor->power_suit && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "value", _("Only a power suit has a stealth power mode (§15.13)."));
  k->shown = yes_no (u->stealth_power);
}

static void
correct_bounce_pack (Correction *k,
                     int         which)
{
  SlUnitState *u = k->u;

  u->bounce_pack = sl_reader_bool (k->r, "value", u->bounce_pack);
  if (u->bounce_pack && !k->us->armor->bounce && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "value", _("The %s has no bounce pack (T-13)."), k->us->armor->name);
  k->shown = yes_no (u->bounce_pack);
}

/* @which: where the count is in SlUnitState (plastic or shaped). */
static void
correct_charges (Correction *k,
                 int         which)
{
  int *charges = G_STRUCT_MEMBER_P (k->u, which);
  int most = k->c->rules->charges_per_carrier;

  *charges = sl_reader_int (k->r, "value", 0, most, *charges);
  k->shown = g_strdup_printf ("%d", *charges);
  /* P-36 step 1: at most 2 charges a carrier, plastic and shaped
   * together. */
  if (sl_reader_ok (k->r) && k->u->plastic_charges + k->u->shaped_charges > most)
    sl_reader_fail (k->r, "value", _("A unit carries at most %d charges, plastic and shaped together (P-36 step 1)."),
                    most);
}

static void
correct_keys (Correction *k,
              int         which)
{
  k->u->keys = sl_reader_int (k->r, "value", 0, 10, k->u->keys);
  k->shown = g_strdup_printf ("%d", k->u->keys);
}

static void
correct_dazed_until (Correction *k,
                     int         which)
{
  SlCommand *c = k->c;
  SlUnitState *u = k->u;
  g_autoptr(SlReader) v = NULL;

  if (sl_reader_is_null (k->r, "value"))
    {
      u->dazed_until = -1;
      u->dazed_from = -1;
      k->shown = g_strdup (_("not dazed"));
      return;
    }
  v = sl_reader_object (k->r, "value");
  if (v != NULL)
    {
      int turn = sl_reader_int (v, "turn", 1, 1000, c->state->turn);
      int subphase = sl_reader_int (v, "subphase", 1, c->rules->subphases_per_turn, 1);
      int now = sl_command_now (c);

      u->dazed_until = sl_subphase_index (c->rules, turn, subphase);
      if (u->dazed_from < 0 || u->dazed_from > now)
        u->dazed_from = MIN (now, u->dazed_until);
      sl_reader_end (v);
      k->shown = sl_command_when (c, u->dazed_until);
    }
}

static void
correct_action (Correction *k,
                int         which)
{
  if (!sl_reader_is_null (k->r, "value") && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "value", _("An action can only be taken off the log (null); declare a new one instead."));
  sl_state_lose_action (k->c->state, k->unit);
  k->shown = g_strdup (_("none"));
}

static void
correct_inside (Correction *k,
                int         which)
{
  const SlEnvironmentSetup *env = &k->c->setup->environment;

  if (!env->vacuum && !env->hostile && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "field", _("Inside or outside matters only in vacuum or a hostile atmosphere (T-36)."));
  k->u->inside = sl_reader_bool (k->r, "value", k->u->inside);
  k->shown = g_strdup (k->u->inside ? _("inside") : _("outside"));
}

/* The breach as the players set it: {"state", "turn", "subphase"}, the
 * moment of the next wound. */
static void
read_breach (Correction *k,
             SlReader   *v)
{
  SlCommand *c = k->c;
  SlUnitState *u = k->u;
  int delay = c->rules->environment.suit_breach_delay;
  int now = sl_command_now (c);
  SlBreachState state;
  int turn, subphase;

  sl_reader_require (v, "state");
  state = sl_reader_enum (v, "state", sl_breach_state_names, N_("breach state"), SL_BREACH_DELAYED);
  sl_subphase_split (c->rules, now + delay, &turn, &subphase);
  turn = sl_reader_int (v, "turn", 1, 1000, turn);
  subphase = sl_reader_int (v, "subphase", 1, c->rules->subphases_per_turn, subphase);
  u->breach = (SlBreach) { state, sl_subphase_index (c->rules, turn, subphase) };
  /* P-39: the next wound falls due in the next 20 subphases
   * (this one's has been dealt as it began). */
  if (sl_reader_ok (v) && state != SL_BREACH_NONE &&
      (u->breach.due <= now || u->breach.due > now + delay))
    sl_reader_fail (v, "turn", _("A breach wound falls due within the next %d subphases (P-39)."), delay);
  if (sl_reader_ok (v) && state == SL_BREACH_NONE)
    u->breach.due = 0;
  if (sl_reader_ok (v) && u->wound == SL_WOUND_DEAD && state != SL_BREACH_NONE)
    sl_reader_fail (v, "state", _("%s is dead: nothing bleeds any more."), k->us->told);
  sl_reader_end (v);
  if (state == SL_BREACH_NONE)
    k->shown = g_strdup (_("none: the suit is whole or sealed"));
  else
    {
      g_autofree char *when = sl_command_when (c, u->breach.due);

      k->shown = g_strdup_printf (state == SL_BREACH_DELAYED ? _("one more wound in %s, then it seals")
                                                             : _("bleeding, next wound in %s"),
                                  when);
    }
}

static void
correct_breach (Correction *k,
                int         which)
{
  const SlEnvironmentSetup *env = &k->c->setup->environment;
  g_autoptr(SlReader) v = NULL;

  if (!env->vacuum && !env->hostile && sl_reader_ok (k->r))
    sl_reader_fail (k->r, "field", _("Suits are breached only in vacuum or a hostile atmosphere (P-39)."));
  if (sl_reader_is_null (k->r, "value"))
    {
      k->u->breach = (SlBreach) { SL_BREACH_NONE, 0 };
      k->shown = g_strdup (_("none: the suit is whole or sealed"));
      return;
    }
  v = sl_reader_object (k->r, "value");
  if (v != NULL)
    read_breach (k, v);
}

static void
correct_fires (Correction *k,
               int         which)
{
  SlCommand *c = k->c;
  SlReader *r = k->r;
  SlUnitState *u = k->u;
  /* P-15, T-23: the fires the rate of fire counts, as the table says
   * they were: [{"turn", "subphase", "mode", "target"}], oldest
   * first; none from the future. */
  guint n = sl_reader_array_length (r, "value");
  int now = sl_command_now (c), last = -1;

  if (n > SL_MAX_FIRES && sl_reader_ok (r))
    sl_reader_fail (r, "value", _("The log keeps the last %d fires."), SL_MAX_FIRES);
  u->n_fires = 0;
  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      g_autoptr(SlReader) f = sl_reader_array_object (r, "value", i);
      SlFireMark mark;
      int turn, subphase;

      if (f == NULL)
        break;
      sl_reader_require (f, "turn");
      sl_reader_require (f, "subphase");
      sl_reader_require (f, "mode");
      turn = sl_reader_int (f, "turn", 1, 1000, 1);
      subphase = sl_reader_int (f, "subphase", 1, c->rules->subphases_per_turn, 1);
      mark.index = sl_subphase_index (c->rules, turn, subphase);
      mark.mode = sl_reader_enum (f, "mode", sl_fire_mode_ids, N_("fire mode"), 0);
      mark.target = sl_command_unit (c, f, "target", TRUE);
      if (sl_reader_ok (f) && mark.index > now)
        sl_reader_fail (f, "turn", _("A fire on the log was made by now, not later."));
      else if (sl_reader_ok (f) && mark.index < last)
        sl_reader_fail (f, "turn", _("The fires go oldest first."));
      sl_reader_end (f);
      last = mark.index;
      u->fires[u->n_fires++] = mark;
    }
  k->shown = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d fire", "%d fires", u->n_fires),
                              u->n_fires);
}

#define UNIT_MEMBER(member) G_STRUCT_OFFSET (SlUnitState, member)

/* The fields of the log a correction sets, in the order the command's
 * "field" lists them. */
static const struct
{
  const char  *field;
  const char  *label;       /* as the players name it in the history */
  CorrectFunc  correct;
  int          which;
  gboolean     ammunition;  /* part of the ammunition boxes (T-20, A-91) */
} correct_fields[] = {
  { "wound",           N_("wound"),                           correct_wound },
  { "position",        N_("position"),                        correct_position },
  { "in_hand",         N_("weapon in hand"),                  correct_in_hand },
  { "omni_mode",       N_("OMNI mode"),                       correct_omni_mode },
  { "magazines.R",     N_("R magazines"),                     correct_magazines,
    SL_MAGAZINE_R, TRUE },
  { "magazines.P",     N_("P magazines"),                     correct_magazines,
    SL_MAGAZINE_P, TRUE },
  { "rounds_fired",    N_("rounds fired"),                    correct_rounds_fired, 0, TRUE },
  { "grenades.FG",     N_("fragmentation grenades"),          correct_grenades,
    SL_GRENADE_FG, TRUE },
  { "grenades.SG",     N_("smoke grenades"),                  correct_grenades,
    SL_GRENADE_SG, TRUE },
  { "launcher.FG",     N_("launcher fragmentation grenades"), correct_launcher,
    SL_GRENADE_FG, TRUE },
  { "launcher.SG",     N_("launcher smoke grenades"),         correct_launcher,
    SL_GRENADE_SG, TRUE },
  { "grenade_ready",   N_("grenade in hand"),                 correct_flag,
    UNIT_MEMBER (grenade_ready), TRUE },
  { "jammed",          N_("jam"),                             correct_flag, UNIT_MEMBER (jammed) },
  { "routed",          N_("rout"),                            correct_routed },
  { "hidden",          N_("hiding"),                          correct_hidden },
  { "stealth_power",   N_("stealth power mode"),              correct_stealth_power },
  { "bounce_pack",     N_("bounce pack"),                     correct_bounce_pack },
  { "plastic_charges", N_("plastic charges"),                 correct_charges,
    UNIT_MEMBER (plastic_charges) },
  { "shaped_charges",  N_("shaped charges"),                  correct_charges,
    UNIT_MEMBER (shaped_charges) },
  { "keys",            N_("keys"),                            correct_keys },
  { "dazed_until",     N_("daze"),                            correct_dazed_until },
  { "action",          N_("action"),                          correct_action },
  { "inside",          N_("shelter"),                         correct_inside },
  { "breach",          N_("suit breach"),                     correct_breach },
  { "fires",           N_("fire history"),                    correct_fires },
};

/* The field names, NULL-terminated, for the reader. */
static const char * const *
correct_field_names (void)
{
  static const char *names[G_N_ELEMENTS (correct_fields) + 1];
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint i = 0; i < G_N_ELEMENTS (correct_fields); i++)
        names[i] = correct_fields[i].field;
      g_once_init_leave (&done, 1);
    }
  return names;
}

/* What the correction leaves must still be a log: the fields read well,
 * and the ammunition boxes still make one (T-20, A-91). */
static gboolean
check_correction (Correction  *k,
                  int          field,
                  GError     **error)
{
  SlAmmoState ammo;

  if (!sl_command_inputs_done (k->c))
    return FALSE;
  if (!correct_fields[field].ammunition)
    return TRUE;
  sl_state_unit_ammo (k->c->setup, k->c->state, k->unit, &ammo);
  if (!sl_ammo_check_state (k->c->rules, k->c->options, k->us->weapons[k->u->in_hand], &ammo,
                            error))
    {
      g_autofree char *message = g_strdup ((*error)->message);

      g_clear_error (error);
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "value", "%s", message);
      return FALSE;
    }
  return TRUE;
}

gboolean
sl_command_correct (SlCommand  *c,
                    GError    **error)
{
  SlReader *r = c->command;
  Correction k = { c, r, sl_command_unit (c, r, "unit", FALSE) };
  SlUnitState before;
  int field;

  sl_reader_require (r, "field");
  field = sl_reader_enum (r, "field", correct_field_names (), N_("log field"), 0);
  sl_reader_require (r, "value");
  if (!sl_reader_ok (r) || k.unit < 0)
    return sl_command_inputs_done (c);

  k.u = &c->state->units[k.unit];
  k.us = sl_setup_unit_at (c->setup, k.unit);
  before = *k.u;
  correct_fields[field].correct (&k, correct_fields[field].which);
  if (!check_correction (&k, field, error))
    {
      *k.u = before;
      g_free (k.shown);
      return FALSE;
    }

  sl_command_result (c, json_object_set_string_member, "field", correct_fields[field].field);
  /* Translators: "Correction: Trooper Hale's wound is now Serious Wound." */
  sl_command_say (c, _("Correction: %s's %s is now %s."), k.us->told, _(correct_fields[field].label),
                  k.shown ? k.shown : "");
  g_free (k.shown);
  return TRUE;
}
