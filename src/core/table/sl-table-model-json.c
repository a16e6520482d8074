/* sl-table-model-json.c: the table model as JSON for one viewer
 * (docs/table-model.md) — built from what that viewer may see only, so
 * that nothing of the secrets of a side it is not told is ever in it
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-secrets.h"
#include "sl-table-model-private.h"

#define TABLE_FORMAT_VERSION 1

static const char * const prompt_kinds[] = { "over", "due", "turn", "declare", "next" };
static const char * const leads_names[] = { NULL, "leader", "acting" };
static const char * const note_status_names[] = { "sealed", "revealed", "dud" };
static const char * const secret_kind_names[] = { "hidden-unit", "decoy", "note" };

static void
set_unit_id (JsonObject    *o,
             const char    *member,
             const SlSetup *setup,
             int            unit)
{
  if (unit >= 0)
    json_object_set_string_member (o, member, sl_setup_unit_at (setup, unit)->id);
  else
    json_object_set_null_member (o, member);
}

/* {"turn", "subphase"} of a subphase index, or null. */
static void
set_moment (JsonObject    *o,
            const char    *member,
            const SlRules *rules,
            int            index)
{
  JsonObject *m;
  int turn, subphase;

  if (index < 0)
    {
      json_object_set_null_member (o, member);
      return;
    }
  sl_subphase_split (rules, index, &turn, &subphase);
  m = json_object_new ();
  json_object_set_int_member (m, "turn", turn);
  json_object_set_int_member (m, "subphase", subphase);
  json_object_set_object_member (o, member, m);
}

static void
set_refusal (JsonObject      *o,
             const SlRefusal *refusal)
{
  json_object_set_boolean_member (o, "allowed", refusal == NULL);
  if (refusal != NULL)
    json_object_set_member (o, "refusal", sl_refusal_to_json (refusal));
  else
    json_object_set_null_member (o, "refusal");
}

static JsonObject *
answer_json (const SlTableAnswer *answer)
{
  JsonObject *o = json_object_new ();

  set_refusal (o, answer->refusal);
  if (answer->summary != NULL)
    json_object_set_string_member (o, "summary", answer->summary);
  else
    json_object_set_null_member (o, "summary");
  return o;
}

static JsonObject *
clock_json (const SlState *state)
{
  JsonObject *o = json_object_new ();

  json_object_set_int_member (o, "turn", state->turn);
  json_object_set_string_member (o, "phase", sl_phase_names[state->phase]);
  json_object_set_int_member (o, "subphase", state->subphase);
  if (state->phase == SL_PHASE_ACTION)
    json_object_set_string_member (o, "step", sl_step_names[state->step]);
  else
    json_object_set_null_member (o, "step");
  json_object_set_boolean_member (o, "over", state->over);
  return o;
}

static JsonArray *
sides_json (const SlSetup *setup)
{
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < setup->sides->len; i++)
    {
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "id", sl_setup_side_at (setup, i)->id);
      json_object_set_string_member (o, "name", sl_setup_side_at (setup, i)->name);
      json_array_add_object_element (a, o);
    }
  return a;
}

static JsonArray *
squads_json (SlTableModel  *self,
             const SlSetup *setup)
{
  JsonArray *a = json_array_new ();

  for (guint q = 0; q < self->squads->len; q++)
    {
      const SlTableSquad *s = &g_array_index (self->squads, SlTableSquad, q);
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "id", sl_setup_squad_at (setup, q)->id);
      json_object_set_string_member (o, "name", sl_setup_squad_at (setup, q)->name);
      json_object_set_string_member (o, "side", sl_setup_side_at (setup, s->side)->id);
      json_object_set_string_member (o, "quality", sl_quality_names[s->quality]);
      set_unit_id (o, "leader", setup, s->leader);
      json_object_set_boolean_member (o, "acting", s->acting);
      json_array_add_object_element (a, o);
    }
  return a;
}

static JsonArray *
actions_json (SlTableModel *self,
              int           unit)
{
  JsonArray *a = json_array_new ();
  guint n = 0;
  const SlTableAction *actions = sl_table_model_get_actions (self, unit, &n);

  for (guint i = 0; i < n; i++)
    {
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "id", actions[i].action->id);
      set_refusal (o, actions[i].refusal);
      if (actions[i].refusal == NULL)
        {
          JsonObject *end = json_object_new ();

          json_object_set_int_member (o, "cost", actions[i].cost);
          json_object_set_int_member (end, "turn", actions[i].end_turn);
          json_object_set_int_member (end, "subphase", actions[i].end_subphase);
          json_object_set_object_member (o, "end", end);
        }
      json_array_add_object_element (a, o);
    }
  return a;
}

static JsonObject *
action_json (const SlRules     *rules,
             const SlTableUnit *t)
{
  JsonObject *o = json_object_new ();

  json_object_set_string_member (o, "id", t->log.action->id);
  json_object_set_string_member (o, "name", t->log.action->name);
  set_moment (o, "end", rules, t->log.action_end);
  json_object_set_int_member (o, "cost", t->log.action_cost);
  json_object_set_int_member (o, "done", t->log.action_done);
  return o;
}

/* What only those who know what the unit does are told (§15.1). */
static void
add_unit_known (SlTableModel      *self,
                const SlRules     *rules,
                const SlSetup     *setup,
                const SlTableUnit *t,
                JsonObject        *o)
{
  JsonArray *targets = json_array_new ();

  json_object_set_string_member (o, "position", sl_position_names[t->log.position]);
  if (t->log.action != NULL)
    json_object_set_object_member (o, "action", action_json (rules, t));
  else
    json_object_set_null_member (o, "action");
  json_object_set_boolean_member (o, "dazed", t->dazed);
  set_moment (o, "dazed_until", rules, t->log.dazed_until);
  json_object_set_boolean_member (o, "routed", t->log.routed);
  json_object_set_boolean_member (o, "jammed", t->log.jammed);
  json_object_set_boolean_member (o, "in_melee", t->log.in_melee);
  json_object_set_boolean_member (o, "opportunity", t->log.opportunity);
  json_object_set_boolean_member (o, "drifting", t->log.drifting);
  json_object_set_boolean_member (o, "loses_action", t->loses_action);
  json_object_set_boolean_member (o, "busy", t->busy);
  json_object_set_boolean_member (o, "ambushed", t->ambushed);
  json_object_set_boolean_member (o, "never_routs", t->never_routs);
  json_object_set_boolean_member (o, "fires_bursts", t->fires_bursts);
  json_object_set_boolean_member (o, "stealth_power", t->log.stealth_power);
  set_unit_id (o, "last_target", setup, t->last_target);
  for (guint i = 0; i < t->targets->len; i++)
    json_array_add_string_element (targets, sl_setup_unit_at (setup, g_array_index (t->targets, int, i))->id);
  json_object_set_array_member (o, "targets", targets);
  if (t->orders != NULL)
    json_object_set_string_member (o, "orders", t->orders);
  else
    json_object_set_null_member (o, "orders");
  json_object_set_array_member (o, "actions", actions_json (self, t->unit));
}

static JsonArray *
units_json (SlTableModel  *self,
            const SlRules *rules,
            const SlSetup *setup,
            SlViewer       viewer)
{
  JsonArray *a = json_array_new ();

  for (guint u = 0; u < self->units->len; u++)
    {
      const SlTableUnit *t = &g_array_index (self->units, SlTableUnit, u);
      const SlUnitSetup *us = sl_setup_unit_at (setup, u);
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "id", us->id);
      json_object_set_int_member (o, "counter", us->counter);
      json_object_set_string_member (o, "name", us->name);
      json_object_set_string_member (o, "side", sl_setup_side_at (setup, t->side)->id);
      json_object_set_string_member (o, "squad", sl_setup_squad_at (setup, t->squad)->id);
      json_object_set_string_member (o, "grouping", sl_setup_grouping_at (setup, t->grouping)->id);
      json_object_set_boolean_member (o, "hidden", t->hidden);
      /* T-19: its armour, on every squad log, has the stealth power mode
       * (set in secret when it hides, A-126). */
      json_object_set_boolean_member (o, "power_suit", us->armor != NULL && us->armor->power_suit);
      json_object_set_boolean_member (o, "out", t->out);
      json_object_set_string_member (o, "wound", sl_wound_names[t->wound]);
      if (leads_names[t->leads] != NULL)
        json_object_set_string_member (o, "leads", leads_names[t->leads]);
      else
        json_object_set_null_member (o, "leads");
      json_object_set_boolean_member (o, "known", sl_table_model_unit_known (self, u, viewer));
      if (sl_table_model_unit_known (self, u, viewer))
        add_unit_known (self, rules, setup, t, o);
      /* P-28: the pile it lies under, its side's secret. */
      if (t->hidden && sl_viewer_knows_side (viewer, t->side) && t->pile != NULL)
        json_object_set_string_member (o, "pile", t->pile);
      json_array_add_object_element (a, o);
    }
  return a;
}

static JsonArray *
markers_json (SlTableModel  *self,
              const SlRules *rules,
              const SlSetup *setup,
              const SlState *state,
              SlViewer       viewer)
{
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (state->markers, SlMarker, i);
      int side = sl_table_model_marker_side (self, m);
      JsonObject *o;

      /* A decoy is a pile to whoever is not told its side's secrets. */
      if (!sl_table_model_marker_shown (self, m, viewer) && m->kind == SL_MARKER_DECOY)
        continue;
      o = json_object_new ();
      if (side >= 0)
        json_object_set_string_member (o, "side", sl_setup_side_at (setup, side)->id);
      else
        json_object_set_null_member (o, "side");
      json_object_set_string_member (o, "label", m->label);
      json_object_set_boolean_member (o, "secret", sl_marker_is_secret (state, m));
      /* Kept secret: the table knows only that the side keeps it. */
      if (sl_table_model_marker_shown (self, m, viewer))
        {
          json_object_set_int_member (o, "id", m->id);
          json_object_set_string_member (o, "kind", sl_marker_kind_names[m->kind]);
          set_unit_id (o, "owner", setup, m->owner);
          set_moment (o, "due", rules, m->resolved ? -1 : m->due);
          set_moment (o, "expires", rules, m->expires);
          json_object_set_boolean_member (o, "resolved", m->resolved);
          if (m->note > 0)
            json_object_set_int_member (o, "note", m->note);
        }
      json_array_add_object_element (a, o);
    }
  return a;
}

/* The piles on the table by their labels (P-28); what lies under each only
 * for those told its side's secrets. */
static JsonArray *
piles_json (const SlSetup *setup,
            const SlState *state,
            SlViewer       viewer)
{
  JsonArray *a = json_array_new ();

  for (guint side = 0; side < setup->sides->len; side++)
    {
      g_auto(GStrv) piles = sl_state_piles (setup, state, side);

      for (guint p = 0; piles[p] != NULL; p++)
        {
          JsonObject *o = json_object_new ();
          SlMarker *decoy = NULL;
          int unit = -1;

          json_object_set_string_member (o, "side", sl_setup_side_at (setup, side)->id);
          json_object_set_string_member (o, "label", piles[p]);
          if (sl_viewer_knows_side (viewer, side) && sl_state_find_pile (state, piles[p], &unit, &decoy))
            {
              set_unit_id (o, "unit", setup, unit);
              json_object_set_boolean_member (o, "decoy", decoy != NULL);
            }
          json_array_add_object_element (a, o);
        }
    }
  return a;
}

static JsonArray *
notes_json (SlTableModel  *self,
            const SlSetup *setup,
            const SlState *state,
            SlViewer       viewer)
{
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < state->notes->len; i++)
    {
      const SlNote *n = g_ptr_array_index (state->notes, i);
      g_autofree char *code = sl_note_seal_code (n->digest);
      JsonObject *o = json_object_new ();

      /* As sealing told the table: whose, what kind, when, the seal. */
      json_object_set_int_member (o, "id", n->id);
      json_object_set_string_member (o, "side", sl_setup_side_at (setup, n->side)->id);
      json_object_set_string_member (o, "kind", sl_note_kind_names[n->kind]);
      json_object_set_int_member (o, "sealed_turn", n->sealed_turn);
      json_object_set_string_member (o, "seal", code);
      json_object_set_string_member (o, "status", note_status_names[state->note_status[i]]);
      if (sl_table_model_note_readable (self, n->id, viewer))
        json_object_set_string_member (o, "text", n->text);
      json_array_add_object_element (a, o);
    }
  return a;
}

/* The viewer's own secrets, in words, as its private view lists them. */
static JsonArray *
secrets_json (const SlRules *rules,
              const SlSetup *setup,
              const SlState *state,
              SlViewer       viewer)
{
  JsonArray *a = json_array_new ();
  g_autoptr(GPtrArray) secrets = NULL;

  if (viewer == SL_VIEWER_TABLE)
    return a;
  secrets = sl_secrets_list (rules, setup, state, viewer == SL_VIEWER_REFEREE ? -1 : viewer);
  for (guint i = 0; i < secrets->len; i++)
    {
      const SlSecret *s = g_ptr_array_index (secrets, i);
      JsonObject *o = json_object_new ();

      g_assert (sl_viewer_knows_side (viewer, s->side));
      json_object_set_string_member (o, "kind", secret_kind_names[s->kind]);
      json_object_set_string_member (o, "side", sl_setup_side_at (setup, s->side)->id);
      json_object_set_string_member (o, "title", s->title);
      json_object_set_string_member (o, "detail", s->detail);
      json_object_set_boolean_member (o, "kept", s->kept);
      json_array_add_object_element (a, o);
    }
  return a;
}

static JsonArray *
due_json (SlTableModel  *self,
          const SlSetup *setup)
{
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < self->due->len; i++)
    {
      const SlTableDue *d = &g_array_index (self->due, SlTableDue, i);
      JsonObject *o = json_object_new ();
      JsonArray *dice = json_array_new ();

      json_object_set_string_member (o, "command", d->command);
      json_object_set_string_member (o, "step", sl_step_names[d->due.step]);
      set_unit_id (o, "unit", setup, d->due.unit);
      if (d->due.marker > 0)
        json_object_set_int_member (o, "marker", d->due.marker);
      else
        json_object_set_null_member (o, "marker");
      if (d->due.squad >= 0)
        json_object_set_string_member (o, "squad", sl_setup_squad_at (setup, d->due.squad)->id);
      else
        json_object_set_null_member (o, "squad");
      for (guint k = 0; k < d->dice->len; k++)
        {
          const SlTableDie *die = &g_array_index (d->dice, SlTableDie, k);
          JsonObject *dj = json_object_new ();

          json_object_set_string_member (dj, "field", die->field);
          json_object_set_int_member (dj, "sides", die->sides);
          if (die->check != NULL)
            json_object_set_string_member (dj, "check", die->check->id);
          else
            json_object_set_null_member (dj, "check");
          json_object_set_boolean_member (dj, "listed", die->listed);
          json_array_add_object_element (dice, dj);
        }
      json_object_set_array_member (o, "dice", dice);
      json_array_add_object_element (a, o);
    }
  return a;
}

static JsonArray *
ambush_json (SlTableModel  *self,
             const SlSetup *setup)
{
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < self->ambushers->len; i++)
    {
      const SlTableAmbusher *amb = &g_array_index (self->ambushers, SlTableAmbusher, i);
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "grouping", sl_setup_grouping_at (setup, amb->grouping)->id);
      set_refusal (o, amb->refusal);
      json_array_add_object_element (a, o);
    }
  return a;
}

static JsonObject *
detect_json (SlTableModel  *self,
             const SlSetup *setup)
{
  JsonObject *o = json_object_new ();
  JsonArray *units = json_array_new ();
  const SlRefusal *refusal = NULL;
  GArray *detectors = sl_table_model_get_detectors (self, &refusal);

  for (guint i = 0; i < detectors->len; i++)
    json_array_add_string_element (units, sl_setup_unit_at (setup, g_array_index (detectors, int, i))->id);
  json_object_set_array_member (o, "detectors", units);
  if (refusal != NULL)
    json_object_set_member (o, "refusal", sl_refusal_to_json (refusal));
  else
    json_object_set_null_member (o, "refusal");
  return o;
}

JsonNode *
sl_table_model_to_json (SlTableModel *self,
                        SlViewer      viewer)
{
  const SlRules *rules;
  const SlSetup *setup;
  const SlState *state;
  JsonObject *root;
  JsonObject *prompt;
  JsonNode *node;

  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), NULL);
  sl_table_model_ensure (self);
  rules = sl_game_get_rules (self->game);
  setup = sl_game_get_setup (self->game);
  state = sl_game_get_state (self->game);
  if (viewer >= 0 && (guint) viewer >= setup->sides->len)
    viewer = SL_VIEWER_TABLE;

  root = json_object_new ();
  json_object_set_string_member (root, "format", "squadlog-table");
  json_object_set_int_member (root, "version", TABLE_FORMAT_VERSION);
  json_object_set_string_member (root, "viewer", sl_viewer_id (setup, viewer));
  json_object_set_int_member (root, "entries", sl_game_get_position (self->game));
  json_object_set_object_member (root, "clock", clock_json (state));
  prompt = json_object_new ();
  json_object_set_string_member (prompt, "kind", prompt_kinds[self->prompt_kind]);
  json_object_set_string_member (prompt, "text", self->prompt);
  json_object_set_object_member (root, "prompt", prompt);
  json_object_set_array_member (root, "sides", sides_json (setup));
  json_object_set_array_member (root, "squads", squads_json (self, setup));
  json_object_set_array_member (root, "units", units_json (self, rules, setup, viewer));
  json_object_set_array_member (root, "markers", markers_json (self, rules, setup, state, viewer));
  json_object_set_array_member (root, "piles", piles_json (setup, state, viewer));
  json_object_set_array_member (root, "notes", notes_json (self, setup, state, viewer));
  json_object_set_array_member (root, "secrets", secrets_json (rules, setup, state, viewer));
  json_object_set_array_member (root, "due", due_json (self, setup));
  json_object_set_object_member (root, "next", answer_json (&self->next));
  json_object_set_object_member (root, "pass", answer_json (&self->pass));
  json_object_set_array_member (root, "ambush", ambush_json (self, setup));
  json_object_set_object_member (root, "detect", detect_json (self, setup));
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, root);
  return node;
}
