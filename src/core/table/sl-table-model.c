/* sl-table-model.c: the table model — one per game, worked out again,
 * once, when the game has changed and it is read; what each unit is and
 * who leads, what is due and its dice, the prompt, and what each viewer
 * may see
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sl-secrets.h"
#include "sl-options.h"
#include "sl-table-model-private.h"

enum
{
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (SlTableModel, sl_table_model, G_TYPE_OBJECT)

/* The game's table, kept with it. */
static GQuark
table_quark (void)
{
  static GQuark quark;

  if (G_UNLIKELY (quark == 0))
    quark = g_quark_from_static_string ("sl-table-model");
  return quark;
}

/* The dice each kind of due takes from the table, with the T-01 check
 * that decides each (sl_due_commands). */
typedef struct
{
  const char *field;
  const char *check;    /* T-01 id; NULL: a scatter die (T-28) */
  gboolean    listed;
  gboolean    zero_g;   /* only where actions take a zero-G check (P-21) */
} DieDef;

static const DieDef fire_dice[] = { { "roll", "ranged" }, { "jam_roll", "jam" }, { NULL } };
static const DieDef area_burst_dice[] = { { "jam_roll", "jam" }, { NULL } };
static const DieDef throw_dice[] = { { "roll", "hand-grenade" }, { "scatter_rolls", NULL, TRUE }, { NULL } };
static const DieDef launch_dice[] = {
  { "grenades[0].roll", "grenade-launcher" }, { "grenades[0].scatter_rolls", NULL, TRUE }, { "jam_roll", "jam" },
  { NULL }
};
static const DieDef no_dice[] = { { NULL } };
/* the defender's melee after a failed avoidance starts with its
 * zero-G check. */
static const DieDef avoid_dice[] = {
  { "roll", "avoid-melee" }, { "attack_roll", "melee" }, { "zero_g_roll", "zero-g", FALSE, TRUE }, { NULL }
};
static const DieDef melee_dice[] = { { "roll", "melee" }, { "target_roll", "melee" }, { NULL } };
static const DieDef rally_dice[] = { { "roll", "rally" }, { NULL } };
static const DieDef rout_dice[] = { { "roll", "rout" }, { NULL } };

static const DieDef * const due_dice[] = {
  [SL_DUE_FIRE] = fire_dice,
  [SL_DUE_AREA_BURST] = area_burst_dice,
  [SL_DUE_THROW] = throw_dice,
  [SL_DUE_LAUNCH] = launch_dice,
  [SL_DUE_DETONATE] = no_dice,
  [SL_DUE_BLAST] = no_dice,
  [SL_DUE_FIRE_MISSION] = no_dice,
  [SL_DUE_AVOID] = avoid_dice,
  [SL_DUE_MELEE] = melee_dice,
  [SL_DUE_RALLY] = rally_dice,
  [SL_DUE_ROUT_CHECK] = rout_dice,
};
G_STATIC_ASSERT (G_N_ELEMENTS (due_dice) == SL_N_DUE_KINDS);

static void
unit_clear (gpointer data)
{
  SlTableUnit *u = data;

  g_free (u->orders);
  g_clear_pointer (&u->targets, g_array_unref);
}

static void
due_clear (gpointer data)
{
  SlTableDue *d = data;

  g_clear_pointer (&d->dice, g_array_unref);
}

static void
array_unref0 (gpointer data)
{
  if (data != NULL)
    g_array_unref (data);
}

static void
ambusher_clear (gpointer data)
{
  SlTableAmbusher *a = data;

  g_clear_pointer (&a->refusal, sl_refusal_free);
}

guint64
sl_table_model_game_moment (SlGame *game)
{
  guint position = sl_game_get_position (game);

  /* The entry last applied is unique to its game (an entry replaced gives
   * way to a new identity): it names everything applied before it. */
  return position > 0 ? sl_game_get_entry_id (game, position - 1) : 0;
}

static void
clear_parts (SlTableModel *self)
{
  g_array_set_size (self->units, 0);
  g_array_set_size (self->squads, 0);
  g_array_set_size (self->due, 0);
  g_clear_pointer (&self->track, sl_track_free);
  g_clear_pointer (&self->prompt, g_free);
  sl_table_model_answer_clear (&self->next);
  sl_table_model_answer_clear (&self->pass);
  g_array_set_size (self->ambushers, 0);
  g_array_set_size (self->detectors, 0);
  g_array_set_size (self->next_passes, 0);
  g_clear_pointer (&self->outcome.when, g_free);
  g_clear_pointer (&self->outcome.sentence, g_free);
  g_clear_pointer (&self->detect_refusal, sl_refusal_free);
  g_ptr_array_set_size (self->actions, 0);
  g_ptr_array_set_size (self->charges, 0);
  self->valid = FALSE;
}

static void
compute_unit (SlTableModel *self,
              int           unit,
              SlTableUnit  *t)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  const SlUnitState *u = &state->units[unit];
  const SlUnitSetup *us = sl_setup_unit_at (setup, unit);
  int leader;

  t->unit = unit;
  t->side = us->side;
  t->squad = state->squad_of[unit];
  t->grouping = state->grouping_of[unit];
  sl_unit_log_fill (rules, setup, state, unit, &t->log);
  t->hidden = t->log.hidden;
  t->out = t->log.out;
  t->wound = t->log.wound;
  leader = sl_due_squad_leader (rules, state, t->squad);
  t->leads = leader != unit ? SL_LEADS_NOT
             : state->squad_leader[t->squad] == unit ? SL_LEADS_SQUAD : SL_LEADS_ACTING;
  t->dazed = sl_state_unit_dazed (rules, state, unit);
  /* §6.1, A-18: the steps are simultaneous: hit in this one, the unit
   * keeps its action until the step ends, then loses it. */
  t->loses_action = state->held_step != SL_STEP_NONE && state->step_units[unit].loses_action &&
                    !t->out && (t->log.action != NULL || t->log.opportunity);
  t->busy = !sl_state_unit_idle (rules, state, unit);
  t->ambushed = !t->out && sl_state_unit_ambushed (rules, state, unit);
  t->never_routs = sl_due_unit_never_routs (rules, setup, state, unit);
  t->fires_bursts = sl_state_unit_fires_bursts (setup, state, unit);
  t->last_target = u->current.action != NULL ? u->current.target : -1;
  t->orders = sl_state_unit_orders (setup->options, state, unit, us->told);
  t->pile = u->hidden && u->pile[0] != '\0' ? u->pile : NULL;
  t->targets = g_array_new (FALSE, FALSE, sizeof (int));
  for (int target = 0; target < state->n_units; target++)
    if (sl_state_target_problem (rules, setup, state, unit, target) == SL_TARGET_OK)
      g_array_append_val (t->targets, target);
}

static void
compute_squads (SlTableModel *self)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);

  for (guint q = 0; q < setup->squads->len; q++)
    {
      SlTableSquad s = { 0 };

      s.squad = q;
      s.side = sl_setup_squad_at (setup, q)->side;
      /* P-32 step 8: its leader in the fight, else its acting leader. */
      s.leader = sl_due_squad_leader (rules, state, q);
      s.acting = s.leader >= 0 && s.leader != state->squad_leader[q];
      s.quality = state->squad_quality[q];
      g_array_append_val (self->squads, s);
    }
}

static void
compute_due (SlTableModel *self)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autoptr(GArray) due = sl_track_due_now (rules, setup, sl_game_get_state (self->game));

  for (guint i = 0; i < due->len; i++)
    {
      SlTableDue d = { 0 };

      d.due = g_array_index (due, SlDue, i);
      d.command = sl_due_commands[d.due.kind];
      d.dice = g_array_new (FALSE, FALSE, sizeof (SlTableDie));
      for (const DieDef *def = due_dice[d.due.kind]; def->field != NULL; def++)
        {
          SlTableDie die = { def->field, 0, NULL, def->listed };

          if (def->zero_g && !sl_setup_zero_g_checks (setup))
            continue;
          die.check = def->check != NULL ? sl_rules_check (rules, def->check) : NULL;
          /* T-01 gives each check its die; a scatter die is T-28's d10. */
          die.sides = die.check != NULL ? die.check->die : (int) G_N_ELEMENTS (rules->scatter_direction) - 1;
          g_array_append_val (d.dice, die);
        }
      g_array_append_val (self->due, d);
    }
}

/* "TOG Fire Team 1's turn (initiative order): Centurion Vale, Legionnaire
 * Marek have still to act." (P-06 step 5, P-08 step 2) */
static char *
turn_sentence (SlTableModel *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < self->track->to_decide->len; i++)
    {
      if (i > 0)
        g_string_append (names, _(", "));
      g_string_append (names, sl_setup_unit_at (setup, g_array_index (self->track->to_decide, int, i))->told);
    }
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%s’s turn (initiative order): %s has still to act.",
                                       "%s’s turn (initiative order): %s have still to act.",
                                       self->track->to_decide->len),
                          sl_setup_grouping_at (setup, self->track->turn_grouping)->name, names->str);
}

/* What the table does now: the core's refusal of Next names what is due. */
static void
compute_prompt (SlTableModel *self)
{
  const SlState *s = sl_game_get_state (self->game);

  if (s->over)
    {
      self->prompt_kind = SL_PROMPT_OVER;
      self->prompt = g_strdup (_("The game is over."));
    }
  else if (self->next.refusal != NULL)
    {
      self->prompt_kind = SL_PROMPT_DUE;
      self->prompt = g_strdup (self->next.refusal->message);
    }
  else if (self->track->turn_grouping >= 0)
    {
      self->prompt_kind = SL_PROMPT_TURN;
      self->prompt = turn_sentence (self);
    }
  else if (s->phase == SL_PHASE_ACTION && s->step == SL_STEP_INITIATIVE_ORDER && self->track->ready->len > 0)
    {
      self->prompt_kind = SL_PROMPT_DECLARE;
      self->prompt = g_strdup (_("Units may act in initiative order."));
    }
  else
    {
      self->prompt_kind = SL_PROMPT_NEXT;
      self->prompt = g_strdup (_("Nothing is due: the clock may move on."));
    }
}

/* Next during declarations (P-08 step 2): it ends the turn of the
 * grouping whose turn it is and of every one after it; those with units
 * still to decide lose their declarations (issue 31 #4). With the option
 * freeDeclarationOrder every grouping may still act. */
static void
compute_next_passes (SlTableModel *self)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlState *s = sl_game_get_state (self->game);
  int from;

  if (self->next.refusal != NULL || s->phase != SL_PHASE_ACTION || s->step != SL_STEP_INITIATIVE_ORDER)
    return;
  from = sl_game_get_setup (self->game)->options->free_declaration_order ? 0
         : sl_state_turn_position (rules, s);
  for (int p = from; p < s->n_order; p++)
    {
      gboolean to_decide = FALSE;

      for (int u = 0; u < s->n_units && !to_decide; u++)
        to_decide = s->grouping_of[u] == s->order[p] && sl_state_unit_to_decide (rules, s, u);
      if (to_decide)
        g_array_append_val (self->next_passes, s->order[p]);
    }
}

/* The commands that resolve something by the rules, with dice or without
 * (issue 31 #3): the initiative (P-06), the detection rolls (P-27), a
 * fire (P-14 … P-20, P-25, P-30), a throw or a launch (P-34, P-35), what
 * goes off (P-34 step 6, P-36, P-37, P-38), melee and its avoidance
 * (P-21 … P-24), a dive that stops, rallies and rout checks
 * (P-31, P-32). Declaring, passing, Next and corrections resolve
 * nothing. */
static const char * const resolutions[] = {
  "initiative", "detect", "fire", "area-burst", "throw", "launch", "blast", "detonate",
  "mine", "fire-mission", "engage", "avoid", "melee", "dive-stop", "rally", "rout-check",
};

static gboolean
is_resolution (const char *type)
{
  for (guint i = 0; i < G_N_ELEMENTS (resolutions); i++)
    if (g_strcmp0 (type, resolutions[i]) == 0)
      return TRUE;
  return FALSE;
}

/* " Dice: TOG Fire Team 1 3, Renegade Fire Team 1 6." — the naturals of
 * an initiative (P-06 step 2), which its summary gives as scores. */
static void
append_initiative_dice (SlTableModel         *self,
                        const SlJournalEntry *e,
                        GString              *sentence)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  JsonObject *result = e->result != NULL && JSON_NODE_HOLDS_OBJECT (e->result)
                       ? json_node_get_object (e->result) : NULL;
  JsonArray *order;
  g_autoptr(GString) dice = g_string_new (NULL);

  if (result == NULL || !json_object_has_member (result, "order") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (result, "order")))
    return;
  order = json_object_get_array_member (result, "order");
  for (guint i = 0; i < json_array_get_length (order); i++)
    {
      JsonObject *o = json_array_get_object_element (order, i);
      const char *id = o ? json_object_get_string_member_with_default (o, "grouping", "") : "";

      for (guint g = 0; g < setup->groupings->len; g++)
        if (g_str_equal (sl_setup_grouping_at (setup, g)->id, id))
          {
            if (dice->len > 0)
              g_string_append (dice, _(", "));
            /* "TOG Fire Team 1 3": a grouping and its die */
            g_string_append_printf (dice, _("%s %d"), sl_setup_grouping_at (setup, g)->name,
                                    (int) json_object_get_int_member_with_default (o, "natural", 0));
          }
    }
  if (dice->len > 0)
    /* The initiative dice, before the modifiers (P-06 step 2). */
    g_string_append_printf (sentence, _(" Dice: %s."), dice->str);
}

static const char *
entry_type (const SlJournalEntry *e)
{
  JsonNode *command = sl_journal_entry_get_command (e);

  return command != NULL && JSON_NODE_HOLDS_OBJECT (command)
         ? json_object_get_string_member_with_default (json_node_get_object (command), "type", NULL)
         : NULL;
}

SlEntryKind
sl_table_entry_kind (const SlJournalEntry *entry)
{
  const char *type;

  g_return_val_if_fail (entry != NULL, SL_ENTRY_OTHER);
  type = entry_type (entry);
  if (is_resolution (type))
    return SL_ENTRY_RESULT;
  if (g_strcmp0 (type, "next") == 0 || g_strcmp0 (type, "pass") == 0)
    return SL_ENTRY_CLOCK;
  return SL_ENTRY_OTHER;
}

/* The last result: the newest resolution up to the game's position. */
static void
compute_outcome (SlTableModel *self)
{
  for (guint i = sl_game_get_position (self->game); i-- > 0;)
    {
      const SlJournalEntry *e = sl_game_get_entry (self->game, i);
      const char *type = entry_type (e);
      g_autoptr(GString) sentence = NULL;
      g_auto(GStrv) lines = NULL;

      if (!is_resolution (type))
        continue;
      sentence = g_string_new (NULL);
      lines = g_strsplit (e->summary != NULL ? e->summary : "", "\n", -1);
      for (guint l = 0; lines[l] != NULL; l++)
        if (*g_strstrip (lines[l]) != '\0')
          {
            if (sentence->len > 0)
              g_string_append_c (sentence, ' ');
            g_string_append (sentence, lines[l]);
          }
      if (g_str_equal (type, "initiative"))
        append_initiative_dice (self, e, sentence);
      self->outcome.app_rolled = e->rolled != NULL && e->rolled[0] != NULL;
      if (self->outcome.app_rolled)
        g_string_append (sentence, _(" The app rolled the dice."));
      self->outcome.entry = i;
      self->outcome.command = type;
      self->outcome.when = e->phase == SL_PHASE_ACTION && e->subphase > 0
                           /* "Turn 2 · subphase 7" */
                           ? g_strdup_printf (_("Turn %d · subphase %d"), e->turn, e->subphase)
                           /* "Turn 2 · Initiative Phase" */
                           : g_strdup_printf (_("Turn %d · %s"), e->turn, sl_phase_label (e->phase));
      self->outcome.sentence = g_string_free (g_steal_pointer (&sentence), FALSE);
      return;
    }
}

void
sl_table_model_ensure (SlTableModel *self)
{
  const SlState *state;
  guint64 moment;

  g_return_if_fail (self->game != NULL);
  moment = sl_table_model_game_moment (self->game);
  if (self->valid && moment == self->moment)
    return;
  clear_parts (self);
  state = sl_game_get_state (self->game);
  g_array_set_size (self->units, state->n_units);
  for (int u = 0; u < state->n_units; u++)
    compute_unit (self, u, &g_array_index (self->units, SlTableUnit, u));
  compute_squads (self);
  compute_due (self);
  self->track = sl_track_new (sl_game_get_rules (self->game), sl_game_get_setup (self->game), state);
  sl_table_model_compute_answers (self);
  compute_prompt (self);
  compute_next_passes (self);
  compute_outcome (self);
  g_ptr_array_set_size (self->actions, state->n_units);
  g_ptr_array_set_size (self->charges, state->n_units);
  self->moment = moment;
  self->valid = TRUE;
  self->n_computed++;
}

guint
sl_table_model_get_n_computed (SlTableModel *self)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), 0);
  return self->n_computed;
}

static void
game_changed_cb (SlTableModel *self)
{
  guint64 moment = sl_table_model_game_moment (self->game);

  /* A lock set or removed changes the file, not the table. */
  if (moment == self->announced)
    return;
  self->announced = moment;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  sl_table_model_publish (self);
}

/* The game is going away (its dispose): its handlers are gone already. */
static void
game_gone_cb (gpointer  data,
              GObject  *game)
{
  SlTableModel *self = data;

  self->game = NULL;
  self->changed_id = 0;
}

SlTableModel *
sl_table_model_get_for_game (SlGame *game)
{
  SlTableModel *self;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);
  self = g_object_get_qdata (G_OBJECT (game), table_quark ());
  if (self != NULL)
    return self;
  self = g_object_new (SL_TYPE_TABLE_MODEL, NULL);
  self->game = game;
  self->announced = sl_table_model_game_moment (game);
  self->changed_id = g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb), self);
  g_object_weak_ref (G_OBJECT (game), game_gone_cb, self);
  g_object_set_qdata_full (G_OBJECT (game), table_quark (), self, g_object_unref);
  return self;
}

guint
sl_table_model_get_n_units (SlTableModel *self)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), 0);
  sl_table_model_ensure (self);
  return self->units->len;
}

const SlTableUnit *
sl_table_model_get_unit (SlTableModel *self,
                         int           unit)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), NULL);
  sl_table_model_ensure (self);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->units->len, NULL);
  return &g_array_index (self->units, SlTableUnit, unit);
}

gboolean
sl_table_model_unit_known (SlTableModel *self,
                           int           unit,
                           SlViewer      viewer)
{
  const SlTableUnit *t = sl_table_model_get_unit (self, unit);

  /* §15.1: where a hidden unit stands and what it does is its side's. */
  return t != NULL && (!t->hidden || sl_viewer_knows_side (viewer, t->side));
}

const SlTableAction *
sl_table_model_get_actions (SlTableModel *self,
                            int           unit,
                            guint        *n_actions)
{
  GArray *actions;

  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), NULL);
  sl_table_model_ensure (self);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->units->len, NULL);
  actions = g_ptr_array_index (self->actions, unit);
  if (actions == NULL)
    {
      actions = sl_table_model_compute_actions (self, unit);
      g_ptr_array_index (self->actions, unit) = actions;
    }
  if (n_actions != NULL)
    *n_actions = actions->len;
  return (const SlTableAction *) actions->data;
}

const SlTableAction *
sl_table_model_get_action (SlTableModel *self,
                           int           unit,
                           const char   *action)
{
  guint n = 0;
  const SlTableAction *actions = sl_table_model_get_actions (self, unit, &n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (actions[i].action->id, action) == 0)
      return &actions[i];
  return NULL;
}

const SlRefusal *
sl_table_model_turn_refusal (SlTableModel *self,
                             int           unit)
{
  /* Any action will do: the turn is checked before what the action needs. */
  const SlTableAction *walk = sl_table_model_get_action (self, unit, "walk");

  return walk != NULL ? walk->refusal : NULL;
}

GArray *
sl_table_model_get_charges (SlTableModel *self,
                            int           unit)
{
  GArray *charges;

  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), NULL);
  sl_table_model_ensure (self);
  g_return_val_if_fail (unit >= 0 && (guint) unit < self->units->len, NULL);
  charges = g_ptr_array_index (self->charges, unit);
  if (charges == NULL)
    {
      charges = sl_table_model_compute_charges (self, unit);
      g_ptr_array_index (self->charges, unit) = charges;
    }
  return charges;
}

GArray *
sl_table_model_get_units_in_view (SlTableModel *self,
                                  SlViewer      viewer)
{
  const SlRules *rules;
  const SlState *state;
  GArray *units = g_array_new (FALSE, FALSE, sizeof (int));

  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), units);
  sl_table_model_ensure (self);
  rules = sl_game_get_rules (self->game);
  state = sl_game_get_state (self->game);
  for (int u = 0; u < state->n_units; u++)
    /* T-16, A-18: out when the step began, it is caught no more; knocked
     * out in this step, it still is. */
    if (!sl_state_unit_out_at_step (rules, state, u) && sl_table_model_unit_known (self, u, viewer))
      g_array_append_val (units, u);
  return units;
}

GArray *
sl_table_model_get_units_on_table (SlTableModel *self,
                                   SlOnTable     which)
{
  GArray *units = g_array_new (FALSE, FALSE, sizeof (int));

  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), units);
  sl_table_model_ensure (self);
  for (guint u = 0; u < self->units->len; u++)
    {
      const SlTableUnit *t = &g_array_index (self->units, SlTableUnit, u);

      if (t->hidden || (which == SL_ON_TABLE_NOT_DEAD ? t->wound == SL_WOUND_DEAD : t->out))
        continue;
      g_array_append_val (units, t->unit);
    }
  return units;
}

int
sl_table_model_squad_leader (SlTableModel *self,
                             int           squad,
                             gboolean     *acting)
{
  const SlTableSquad *s;

  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), -1);
  sl_table_model_ensure (self);
  g_return_val_if_fail (squad >= 0 && (guint) squad < self->squads->len, -1);
  s = &g_array_index (self->squads, SlTableSquad, squad);

  if (acting != NULL)
    *acting = s != NULL && s->acting;
  return s != NULL ? s->leader : -1;
}

int
sl_table_model_marker_side (SlTableModel   *self,
                            const SlMarker *marker)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), -1);
  g_return_val_if_fail (marker != NULL, -1);
  if (marker->owner < 0 || self->game == NULL)
    return -1;
  return sl_setup_unit_at (sl_game_get_setup (self->game), marker->owner)->side;
}

gboolean
sl_table_model_marker_shown (SlTableModel   *self,
                             const SlMarker *marker,
                             SlViewer        viewer)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), FALSE);
  g_return_val_if_fail (marker != NULL, FALSE);
  if (sl_marker_is_public (sl_game_get_state (self->game), marker))
    return TRUE;
  /* A secret marker, or a decoy, is its side's (P-28, P-36 step 6, P-37). */
  return sl_viewer_knows_side (viewer, sl_table_model_marker_side (self, marker));
}

gboolean
sl_table_model_note_readable (SlTableModel *self,
                              int           id,
                              SlViewer      viewer)
{
  const SlState *state;
  const SlNote *note;

  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), FALSE);
  state = sl_game_get_state (self->game);
  note = sl_state_find_note (state, id);
  return note != NULL &&
         (state->note_status[id - 1] != SL_NOTE_SEALED || sl_viewer_knows_side (viewer, note->side));
}

guint
sl_table_model_get_n_due (SlTableModel *self)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), 0);
  sl_table_model_ensure (self);
  return self->due->len;
}

const SlTableDue *
sl_table_model_get_due (SlTableModel *self,
                        guint         index)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), NULL);
  sl_table_model_ensure (self);
  g_return_val_if_fail (index < self->due->len, NULL);
  return &g_array_index (self->due, SlTableDue, index);
}

const SlTableDue *
sl_table_model_get_unit_due (SlTableModel *self,
                             int           unit)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), NULL);
  sl_table_model_ensure (self);
  for (guint i = 0; i < self->due->len; i++)
    if (g_array_index (self->due, SlTableDue, i).due.unit == unit)
      return &g_array_index (self->due, SlTableDue, i);
  return NULL;
}

const SlTrack *
sl_table_model_get_track (SlTableModel *self)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), NULL);
  sl_table_model_ensure (self);
  return self->track;
}

SlPromptKind
sl_table_model_get_prompt (SlTableModel  *self,
                           const char   **sentence)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), SL_PROMPT_NEXT);
  sl_table_model_ensure (self);
  if (sentence != NULL)
    *sentence = self->prompt;
  return self->prompt_kind;
}

const SlTableAnswer *
sl_table_model_get_next (SlTableModel *self)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), NULL);
  sl_table_model_ensure (self);
  return &self->next;
}

const SlTableAnswer *
sl_table_model_get_pass (SlTableModel *self)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), NULL);
  sl_table_model_ensure (self);
  return &self->pass;
}

GArray *
sl_table_model_get_next_passes (SlTableModel *self)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), NULL);
  sl_table_model_ensure (self);
  return self->next_passes;
}

guint
sl_table_model_get_not_under_pile (SlTableModel *self,
                                   guint        *to_place,
                                   gboolean     *next_ends)
{
  const SlState *state;
  g_autoptr(GPtrArray) sides = NULL;
  guint placed = 0, agreed = 0;

  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), 0);
  state = sl_game_get_state (self->game);
  sides = sl_secrets_hiding (sl_game_get_rules (self->game), sl_game_get_setup (self->game), state);
  for (guint i = 0; i < sides->len; i++)
    {
      const SlHiding *h = g_ptr_array_index (sides, i);

      placed += h->to_place->len;
      agreed += h->may_hide->len;
    }
  if (to_place != NULL)
    *to_place = placed;
  /* Hiding is over once play begins (P-28): Next from the Detection
   * Phase of turn 1 begins the Action Phase (P-04). */
  if (next_ends != NULL)
    *next_ends = sides->len > 0 && state->phase == SL_PHASE_DETECTION;
  return placed + agreed;
}

char *
sl_table_model_get_hiding (SlTableModel *self,
                           gboolean     *by_agreement)
{
  const SlSetup *setup;
  g_autoptr(GPtrArray) sides = NULL;
  GString *to_place = g_string_new (NULL);
  gboolean agreed = FALSE;

  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), NULL);
  setup = sl_game_get_setup (self->game);
  sides = sl_secrets_hiding (sl_game_get_rules (self->game), setup, sl_game_get_state (self->game));
  for (guint i = 0; i < sides->len; i++)
    {
      const SlHiding *h = g_ptr_array_index (sides, i);

      agreed |= h->may_hide->len > 0;
      if (h->to_place->len == 0)
        continue;
      if (to_place->len > 0)
        g_string_append (to_place, _("; "));
      /* "Commonwealth has 2 hidden units to place under piles" */
      g_string_append_printf (to_place, g_dngettext (GETTEXT_PACKAGE, "%s has %u hidden unit to place under a pile",
                                                     "%s has %u hidden units to place under piles",
                                                     h->to_place->len),
                              sl_setup_side_at (setup, h->side)->name, h->to_place->len);
    }
  if (by_agreement != NULL)
    *by_agreement = agreed;
  if (to_place->len == 0)
    {
      g_string_free (to_place, TRUE);
      return NULL;
    }
  return g_string_free (to_place, FALSE);
}

const SlTableOutcome *
sl_table_model_get_outcome (SlTableModel *self)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), NULL);
  sl_table_model_ensure (self);
  return self->outcome.sentence != NULL ? &self->outcome : NULL;
}

guint
sl_table_model_get_n_ambushers (SlTableModel *self)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), 0);
  sl_table_model_ensure (self);
  return self->ambushers->len;
}

const SlTableAmbusher *
sl_table_model_get_ambusher (SlTableModel *self,
                             guint         index)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), NULL);
  sl_table_model_ensure (self);
  g_return_val_if_fail (index < self->ambushers->len, NULL);
  return &g_array_index (self->ambushers, SlTableAmbusher, index);
}

gboolean
sl_table_model_may_ambush (SlTableModel *self)
{
  for (guint i = 0; i < sl_table_model_get_n_ambushers (self); i++)
    if (sl_table_model_get_ambusher (self, i)->refusal == NULL)
      return TRUE;
  return FALSE;
}

GArray *
sl_table_model_get_detectors (SlTableModel     *self,
                              const SlRefusal **refusal)
{
  g_return_val_if_fail (SL_IS_TABLE_MODEL (self), NULL);
  sl_table_model_ensure (self);
  if (refusal != NULL)
    *refusal = self->detectors->len == 0 ? self->detect_refusal : NULL;
  return self->detectors;
}

static void
sl_table_model_dispose (GObject *object)
{
  SlTableModel *self = SL_TABLE_MODEL (object);

  if (self->game != NULL)
    {
      g_clear_signal_handler (&self->changed_id, self->game);
      g_object_weak_unref (G_OBJECT (self->game), game_gone_cb, self);
      self->game = NULL;
    }
  G_OBJECT_CLASS (sl_table_model_parent_class)->dispose (object);
}

static void
sl_table_model_finalize (GObject *object)
{
  SlTableModel *self = SL_TABLE_MODEL (object);

  clear_parts (self);
  sl_table_values_clear (&self->published);
  g_array_unref (self->units);
  g_array_unref (self->squads);
  g_array_unref (self->due);
  g_array_unref (self->ambushers);
  g_array_unref (self->detectors);
  g_array_unref (self->next_passes);
  g_ptr_array_unref (self->actions);
  g_ptr_array_unref (self->charges);
  G_OBJECT_CLASS (sl_table_model_parent_class)->finalize (object);
}

static void
sl_table_model_class_init (SlTableModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = sl_table_model_dispose;
  object_class->finalize = sl_table_model_finalize;
  sl_table_model_install_properties (object_class);

  /**
   * SlTableModel::changed:
   *
   * The game changed: what the table says may have changed with it (it
   * is worked out again when next read).
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
sl_table_model_init (SlTableModel *self)
{
  self->units = g_array_new (FALSE, TRUE, sizeof (SlTableUnit));
  g_array_set_clear_func (self->units, unit_clear);
  self->squads = g_array_new (FALSE, TRUE, sizeof (SlTableSquad));
  self->due = g_array_new (FALSE, TRUE, sizeof (SlTableDue));
  g_array_set_clear_func (self->due, due_clear);
  self->ambushers = g_array_new (FALSE, TRUE, sizeof (SlTableAmbusher));
  g_array_set_clear_func (self->ambushers, ambusher_clear);
  self->detectors = g_array_new (FALSE, FALSE, sizeof (int));
  self->next_passes = g_array_new (FALSE, FALSE, sizeof (int));
  self->actions = g_ptr_array_new_with_free_func (array_unref0);
  self->charges = g_ptr_array_new_with_free_func (array_unref0);
}
