/* sl-command-initiative.c: initiative: reading the groupings' dice, the
 * modifiers and who acts first (digest P-04, P-06)
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

gboolean
sl_flow_is_action (const SlAction *action,
                   const char     *id)
{
  return action != NULL && g_str_equal (action->id, id);
}

/* Actions whose end needs the players and their dice (P-08): fire in the
 * ranged-fire step, melee in the melee step, rally in the rally step. The
 * others take effect by themselves when their last subphase comes. */
SlStep
sl_flow_resolution_step (const SlAction *action)
{
  if (action == NULL)
    return SL_STEP_NONE;
  if (sl_flow_is_action (action, "fire") || sl_flow_is_action (action, "aimed-fire"))
    return SL_STEP_RANGED_FIRE;
  if (sl_flow_is_action (action, "melee"))
    return SL_STEP_MELEE;
  if (sl_flow_is_action (action, "rally"))
    return SL_STEP_RALLY;
  return SL_STEP_NONE;
}

gboolean
sl_flow_unit_in_fight (SlCommand *c,
                       int        unit)
{
  return !sl_state_unit_out (c->rules, c->state, unit);
}


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

      if (!in_grouping (c, i, g) || !sl_flow_unit_in_fight (c, i))
        continue;
      race = sl_setup_unit_at (c->setup, i)->race;
      for (int k = 0; k < c->state->n_units; k++)
        if (in_grouping (c, k, g) && sl_flow_unit_in_fight (c, k) &&
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
    if (in_grouping (c, i, g) && sl_flow_unit_in_fight (c, i))
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

/* The dice of grouping @g: its roll, and the re-rolls of a tie,
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
  return sl_flow_advance (c, error);
}
