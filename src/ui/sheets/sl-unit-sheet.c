/* sl-unit-sheet.c: one unit's log, every field correctable by hand — a
 * wound box, a magazine, a jam, a daze the table says is wrong. Each change
 * is a `correct` command: checked by the core, recorded in the journal,
 * undone like any other. The layout is ui/sl-unit-sheet.ui; the lists of
 * the game and the fire history's rows are filled here.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-command-new.h"
#include "sl-ui-util.h"
#include "sl-unit-log.h"
#include "sl-unit-sheet-private.h"
#include "sl-unit-sheet.h"

struct _SlUnitSheet
{
  SlSheet       parent_instance;

  SlGame       *game;          /* the sheet's (sl_sheet_get_game) */
  gulong        changed_id;
  int           unit;
  gboolean      updating;

  AdwWindowTitle *title;
  AdwPreferencesPage *page;
  AdwComboRow  *wound;
  AdwComboRow  *position;
  AdwComboRow  *in_hand;
  GtkSpinButton *magazines_r;
  GtkSpinButton *magazines_p;
  GtkSpinButton *rounds_fired;
  GtkSpinButton *grenades_fg;
  GtkSpinButton *grenades_sg;
  GtkSwitch    *jammed;
  GtkSwitch    *routed;
  GtkWidget    *routed_row;
  GtkWidget    *legionnaire_row;
  GtkSwitch    *hidden;
  GtkSwitch    *dazed;
  GtkSpinButton *dazed_subphase;
  GtkButton    *drop_action;
  GtkButton    *dive_stop;
  AdwActionRow *action_row;
  /* Vacuum or a hostile atmosphere (T-36, P-39): in the sheet when the
   * scenario has either (exposed). */
  gboolean      exposed;
  GtkWidget    *exposure;
  GtkSwitch    *inside;
  AdwComboRow  *breach;
  GtkSpinButton *breach_due;   /* subphases until the next breach wound */
  /* The fires the rate of fire counts (P-15, T-23): a row each. */
  AdwPreferencesGroup *fires_group;
  GPtrArray    *fire_rows;     /* AdwActionRow */
  GtkWidget    *clear_fires;
};

G_DEFINE_FINAL_TYPE (SlUnitSheet, sl_unit_sheet, SL_TYPE_SHEET)

/* Applies @command; the refusal, if any, is shown on the sheet. */
static gboolean
apply (SlUnitSheet *self,
       JsonNode    *command,
       GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (sl_game_apply (self->game, command, &local_error) == NULL)
    {
      sl_sheet_show_problem (SL_SHEET (self), local_error->message);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  sl_sheet_show_problem (SL_SHEET (self), NULL);
  return TRUE;
}

gboolean
sl_unit_sheet_correct (SlUnitSheet *self,
                       JsonNode    *command,
                       GError     **error)
{
  g_return_val_if_fail (SL_IS_UNIT_SHEET (self), FALSE);
  g_return_val_if_fail (command != NULL, FALSE);
  return apply (self, command, error);
}

/* Applies @command, a correction of the log (taking it). */
static gboolean
correct (SlUnitSheet *self,
         JsonNode    *command)
{
  g_autoptr(JsonNode) owned = command;

  return apply (self, command, NULL);
}

/* The unit goes inside or out (T-36, A-120): not a correction but what
 * happens on the table, as `exposure` tells it. */
static gboolean
set_inside (SlUnitSheet *self,
            gboolean     inside)
{
  SlExposureCommand exposure = { .unit = self->unit, .inside = inside };
  g_autoptr(JsonNode) command = sl_command_new_exposure (sl_game_get_setup (self->game), &exposure);

  return apply (self, command, NULL);
}

/* Where the unit is, and its suit's breach (T-36, P-39). */
static void
refresh_exposure (SlUnitSheet     *self,
                  const SlUnitLog *log)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  int now = sl_state_now (rules, sl_game_get_state (self->game));
  gboolean breached = log->breach.state != SL_BREACH_NONE;

  /* §15.1: like its position, where a hidden unit lies is its side's. */
  gtk_widget_set_visible (self->exposure, !log->hidden);
  gtk_switch_set_active (self->inside, log->inside);
  adw_combo_row_set_selected (self->breach, log->breach.state);
  gtk_widget_set_sensitive (gtk_widget_get_ancestor (GTK_WIDGET (self->breach_due), ADW_TYPE_ACTION_ROW), breached);
  if (breached)
    {
      int turn, subphase;
      g_autofree char *when = NULL;

      sl_subphase_split (rules, log->breach.due, &turn, &subphase);
      gtk_spin_button_set_value (self->breach_due, log->breach.due - now);
      /* "Next wound in subphase 1 of turn 3; it seals after it" */
      when = log->breach.state == SL_BREACH_DELAYED
             ? g_strdup_printf (_("Next wound in subphase %d of turn %d, then it seals"), subphase, turn)
             : g_strdup_printf (_("Next wound in subphase %d of turn %d, then one every %d subphases until it dies"),
                                subphase, turn, rules->environment.suit_breach_delay);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->breach), when);
    }
  else
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->breach), "");
}

/* The correction of the fire history, without the fire at @skip (−1:
 * none), oldest first. */
static JsonNode *
correct_fires (SlUnitSheet *self,
               int          skip)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlUnitState *u = &sl_game_get_state (self->game)->units[self->unit];
  SlCorrectFire fires[SL_MAX_FIRES];
  guint n = 0;

  for (int i = 0; i < u->n_fires; i++)
    {
      const SlFireMark *f = &u->fires[i];

      if (i == skip)
        continue;
      sl_subphase_split (rules, f->index, &fires[n].turn, &fires[n].subphase);
      fires[n].mode = f->mode;
      fires[n].target = f->target;
      n++;
    }
  return sl_command_new_correct_fires (sl_game_get_setup (self->game), self->unit, fires, n);
}

/* "Single shot at Legionnaire Marek", a fire of the history in words. */
static char *
fire_words (SlUnitSheet      *self,
            const SlFireMark *f)
{
  const SlFireMode *mode = sl_rules_fire_mode (sl_game_get_rules (self->game), sl_fire_mode_ids[f->mode]);
  const char *name = mode != NULL ? mode->name : sl_fire_mode_ids[f->mode];

  if (f->target < 0)
    return g_strdup (name);
  /* "Single shot at 13 · Trooper Hale" */
  return g_strdup_printf (_("%s at %s"), name, sl_setup_unit_at (sl_game_get_setup (self->game), f->target)->label);
}

gboolean
sl_unit_sheet_remove_fire (SlUnitSheet *self,
                           guint        index)
{
  g_return_val_if_fail (SL_IS_UNIT_SHEET (self), FALSE);
  if (index >= (guint) sl_game_get_state (self->game)->units[self->unit].n_fires)
    return FALSE;
  return correct (self, correct_fires (self, (int) index));
}

gboolean
sl_unit_sheet_clear_fires (SlUnitSheet *self)
{
  g_return_val_if_fail (SL_IS_UNIT_SHEET (self), FALSE);
  return correct (self, sl_command_new_correct_fires (sl_game_get_setup (self->game), self->unit, NULL, 0));
}

guint
sl_unit_sheet_get_n_fires (SlUnitSheet *self)
{
  g_return_val_if_fail (SL_IS_UNIT_SHEET (self), 0);
  return self->fire_rows->len;
}

const char *
sl_unit_sheet_get_fire_words (SlUnitSheet *self,
                              guint        index)
{
  g_return_val_if_fail (SL_IS_UNIT_SHEET (self), NULL);
  if (index >= self->fire_rows->len)
    return NULL;
  return adw_action_row_get_subtitle (g_ptr_array_index (self->fire_rows, index));
}

static void
remove_fire_cb (GtkButton   *button,
                SlUnitSheet *self)
{
  guint index;

  if (g_ptr_array_find (self->fire_rows, gtk_widget_get_ancestor (GTK_WIDGET (button), ADW_TYPE_ACTION_ROW), &index))
    sl_unit_sheet_remove_fire (self, index);
}

/* A row per fire, oldest first, each with its Remove button. */
static void
refresh_fires (SlUnitSheet *self)
{
  const SlUnitState *u = &sl_game_get_state (self->game)->units[self->unit];

  for (guint i = 0; i < self->fire_rows->len; i++)
    adw_preferences_group_remove (self->fires_group, g_ptr_array_index (self->fire_rows, i));
  g_ptr_array_set_size (self->fire_rows, 0);
  for (int i = 0; i < u->n_fires; i++)
    {
      GtkWidget *row = sl_action_row_new ();
      GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
      g_autofree char *when = sl_subphase_words (self->game, u->fires[i].index);
      g_autofree char *what = fire_words (self, &u->fires[i]);
      /* "Remove the fire of Subphase 3" */
      g_autofree char *remove_words = g_strdup_printf (_("Remove the fire of %s"), when);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), when);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), what);
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_tooltip_text (remove, remove_words);
      gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, remove_words, -1);
      g_signal_connect (remove, "clicked", G_CALLBACK (remove_fire_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
      adw_preferences_group_add (self->fires_group, row);
      g_ptr_array_add (self->fire_rows, row);
    }
  gtk_widget_set_sensitive (self->clear_fires, u->n_fires > 0);
  sl_group_set_description (self->fires_group,
                                         u->n_fires > 0 ? _("The fires the rate of fire counts, oldest first (P-15, T-23).")
                                                        : _("No fire on the log: the rate of fire counts none (P-15, T-23)."));
}

/* The controls show the log as it is. */
static void
refresh (SlUnitSheet *self)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlState *state = sl_game_get_state (self->game);
  const SlUnitState *u = &state->units[self->unit];
  SlUnitLog log;

  sl_unit_log_fill (rules, sl_game_get_setup (self->game), state, self->unit, &log);
  self->updating = TRUE;
  adw_combo_row_set_selected (self->wound, log.wound);
  adw_combo_row_set_selected (self->position, log.position);
  /* §15.1: how a hidden unit lies is its owner's secret. */
  gtk_widget_set_visible (GTK_WIDGET (self->position), !log.hidden);
  adw_combo_row_set_selected (self->in_hand, log.in_hand);
  gtk_spin_button_set_range (self->magazines_r, 0, log.boxes[SL_MAGAZINE_R]);
  gtk_spin_button_set_value (self->magazines_r, log.left[SL_MAGAZINE_R]);
  gtk_spin_button_set_range (self->magazines_p, 0, log.boxes[SL_MAGAZINE_P]);
  gtk_spin_button_set_value (self->magazines_p, log.left[SL_MAGAZINE_P]);
  gtk_spin_button_set_range (self->rounds_fired, 0, MAX (log.rounds, 0));
  gtk_spin_button_set_value (self->rounds_fired, log.rounds_fired);
  gtk_widget_set_sensitive (GTK_WIDGET (self->rounds_fired), log.rounds > 0);
  gtk_spin_button_set_range (self->grenades_fg, 0, rules->magazines[SL_MAGAZINE_FG]);
  gtk_spin_button_set_value (self->grenades_fg, log.left[SL_MAGAZINE_FG]);
  gtk_spin_button_set_range (self->grenades_sg, 0, rules->magazines[SL_MAGAZINE_SG]);
  gtk_spin_button_set_value (self->grenades_sg, log.left[SL_MAGAZINE_SG]);
  gtk_switch_set_active (self->jammed, log.jammed);
  gtk_switch_set_active (self->routed, log.routed);
  gtk_switch_set_active (self->hidden, log.hidden);
  gtk_switch_set_active (self->dazed, log.dazed_until >= 0);
  if (log.dazed_until >= 0)
    {
      int turn, subphase;

      sl_subphase_split (rules, log.dazed_until, &turn, &subphase);
      gtk_spin_button_set_value (self->dazed_subphase, subphase);
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->dazed_subphase), log.dazed_until >= 0);
  if (log.action != NULL)
    {
      int turn, subphase;
      g_autofree char *text = NULL;

      sl_subphase_split (rules, log.action_end, &turn, &subphase);
      text = g_strdup_printf (_("%s, ends in subphase %d of turn %d"), log.action->name, subphase, turn);
      adw_action_row_set_subtitle (self->action_row, text);
    }
  else
    adw_action_row_set_subtitle (self->action_row, _("None"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->drop_action), u->current.action != NULL);
  /* A-72: a zero-G dive carries on until it hits something. */
  gtk_widget_set_visible (GTK_WIDGET (self->dive_stop), sl_unit_drifting (self->game, self->unit));
  if (self->exposed)
    refresh_exposure (self, &log);
  refresh_fires (self);
  self->updating = FALSE;
}

static void
combo_changed_cb (AdwComboRow *row,
                  GParamSpec  *pspec,
                  SlUnitSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlUnitSetup *us = sl_setup_unit_at (setup, self->unit);
  guint i = adw_combo_row_get_selected (row);
  JsonNode *command;

  if (self->updating || i == GTK_INVALID_LIST_POSITION)
    return;
  if (row == self->wound)
    command = sl_command_new_correct_string (setup, self->unit, "wound", sl_wound_names[i]);
  else if (row == self->breach)
    {
      /* P-39: a new breach's wound falls due 20 subphases from now, as
       * the core counts unless told; a breach changing state keeps its
       * moment. */
      const SlUnitState *u = &sl_game_get_state (self->game)->units[self->unit];
      int turn = 0, subphase = 0;

      if (i != SL_BREACH_NONE && u->breach.state != SL_BREACH_NONE)
        sl_subphase_split (sl_game_get_rules (self->game), u->breach.due, &turn, &subphase);
      command = i == SL_BREACH_NONE ? sl_command_new_correct_null (setup, self->unit, "breach")
                                    : sl_command_new_correct_breach (setup, self->unit, i, turn, subphase);
    }
  else if (row == self->position)
    command = sl_command_new_correct_string (setup, self->unit, "position", sl_position_names[i]);
  else
    command = sl_command_new_correct_string (setup, self->unit, "in_hand",
                                             us->weapons[MIN ((int) i, us->n_weapons - 1)]->id);
  if (!correct (self, command))
    refresh (self);
}

static void
spin_changed_cb (GtkSpinButton *spin,
                 SlUnitSheet   *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const char *field = g_object_get_data (G_OBJECT (spin), "field");
  JsonNode *command;

  if (self->updating)
    return;
  if (spin == self->breach_due)
    {
      const SlRules *rules = sl_game_get_rules (self->game);
      const SlState *state = sl_game_get_state (self->game);
      int turn, subphase;

      sl_subphase_split (rules, sl_state_now (rules, state) + gtk_spin_button_get_value_as_int (spin),
                         &turn, &subphase);
      command = sl_command_new_correct_breach (setup, self->unit, state->units[self->unit].breach.state,
                                               turn, subphase);
    }
  else if (spin == self->dazed_subphase)
    command = sl_command_new_correct_moment (setup, self->unit, "dazed_until", sl_game_get_state (self->game)->turn,
                                             gtk_spin_button_get_value_as_int (spin));
  else
    command = sl_command_new_correct_int (setup, self->unit, field, gtk_spin_button_get_value_as_int (spin));
  if (!correct (self, command))
    refresh (self);
}

static void
switch_changed_cb (GtkSwitch   *sw,
                   GParamSpec  *pspec,
                   SlUnitSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const char *field = g_object_get_data (G_OBJECT (sw), "field");
  JsonNode *command;

  if (self->updating)
    return;
  if (sw == self->inside)
    {
      if (!set_inside (self, gtk_switch_get_active (sw)))
        refresh (self);
      return;
    }
  if (sw == self->dazed)
    {
      /* Dazed for the rest of this subphase and the next (P-19), unless
       * the table says otherwise with the subphase. */
      const SlState *state = sl_game_get_state (self->game);
      int until = MIN (MAX (state->subphase, 1) + 1, sl_game_get_rules (self->game)->subphases_per_turn);

      command = gtk_switch_get_active (sw)
                ? sl_command_new_correct_moment (setup, self->unit, field, state->turn, until)
                : sl_command_new_correct_null (setup, self->unit, field);
    }
  else
    command = sl_command_new_correct_boolean (setup, self->unit, field, gtk_switch_get_active (sw));
  if (!correct (self, command))
    refresh (self);
}

static void
drop_action_cb (SlUnitSheet *self)
{
  correct (self, sl_command_new_correct_null (sl_game_get_setup (self->game), self->unit, "action"));
}

static void
dive_stop_cb (SlUnitSheet *self)
{
  GtkWindow *parent = sl_sheet_get_window (SL_SHEET (self));

  sl_sheet_present (SL_SHEET (sl_dive_stop_sheet_new (parent, self->game, self->unit)));
  sl_sheet_close (SL_SHEET (self));
}

static void
sheet_refresh (SlSheet *sheet)
{
  refresh (SL_UNIT_SHEET (sheet));
}

static void
clear_fires_cb (SlUnitSheet *self)
{
  sl_unit_sheet_clear_fires (self);
}

/* The lists of the game: the wounds of T-03, the positions, the unit's
 * weapons. */
static void
fill_lists (SlUnitSheet *self)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlUnitSetup *us = sl_setup_unit_at (sl_game_get_setup (self->game), self->unit);
  g_autoptr(GtkStringList) wounds = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) positions = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) weapons = gtk_string_list_new (NULL);

  for (int w = 0; w < SL_N_WOUNDS; w++)
    gtk_string_list_append (wounds, w == SL_WOUND_NONE ? _("Unhurt") : rules->wounds[w].name);
  for (int p = 0; p < SL_N_POSITIONS; p++)
    gtk_string_list_append (positions, sl_position_label (p));
  for (int w = 0; w < us->n_weapons; w++)
    gtk_string_list_append (weapons, us->weapons[w]->name);
  adw_combo_row_set_model (self->wound, G_LIST_MODEL (wounds));
  adw_combo_row_set_model (self->position, G_LIST_MODEL (positions));
  adw_combo_row_set_model (self->in_hand, G_LIST_MODEL (weapons));
}

/* What the unit is: a Legionnaire character's skills (§18), as the setup
 * converted them — it never routs; in vacuum or a hostile atmosphere,
 * whether it is sheltered, and its suit (T-36, A-120, P-39). */
static void
show_unit (SlUnitSheet *self)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlUnitSetup *us = sl_setup_unit_at (setup, self->unit);
  gboolean vacuum = setup->environment.vacuum;

  if (us->legionnaire != NULL)
    {
      g_autofree char *words = sl_legionnaire_modifiers_words (us->legionnaire);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->legionnaire_row), words);
      gtk_widget_set_visible (self->legionnaire_row, TRUE);
    }
  gtk_widget_set_sensitive (self->routed_row, us->legionnaire == NULL);
  gtk_spin_button_set_range (self->dazed_subphase, 1, rules->subphases_per_turn);
  self->exposed = setup->environment.vacuum || setup->environment.hostile;
  if (!self->exposed)
    {
      adw_preferences_page_remove (self->page, ADW_PREFERENCES_GROUP (self->exposure));
      return;
    }
  sl_group_set_title (ADW_PREFERENCES_GROUP (self->exposure),
                      vacuum ? _("Vacuum") : _("Hostile Atmosphere"));
  sl_group_set_description (ADW_PREFERENCES_GROUP (self->exposure),
                            vacuum ? _("Out in the vacuum, a wound breaches the suit (T-36, P-39).")
                                   : _("Out in the atmosphere, a wound breaches the suit (T-36, P-39)."));
  gtk_spin_button_set_range (self->breach_due, 1, rules->environment.suit_breach_delay);
}

static void
sl_unit_sheet_dispose (GObject *object)
{
  SlUnitSheet *self = SL_UNIT_SHEET (object);

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  self->game = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (object), SL_TYPE_UNIT_SHEET);
  G_OBJECT_CLASS (sl_unit_sheet_parent_class)->dispose (object);
}

static void
sl_unit_sheet_finalize (GObject *object)
{
  g_ptr_array_unref (SL_UNIT_SHEET (object)->fire_rows);
  G_OBJECT_CLASS (sl_unit_sheet_parent_class)->finalize (object);
}

static void
sl_unit_sheet_class_init (SlUnitSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  SlSheetClass *sheet_class = SL_SHEET_CLASS (klass);

  object_class->dispose = sl_unit_sheet_dispose;
  object_class->finalize = sl_unit_sheet_finalize;
  sheet_class->refresh = sheet_refresh;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/squadlog/SquadLog/sl-unit-sheet.ui");
  sl_sheet_class_bind_template_parts (widget_class, 0);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, title);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, page);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, wound);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, position);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, legionnaire_row);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, exposure);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, inside);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, breach);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, breach_due);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, in_hand);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, magazines_r);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, magazines_p);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, rounds_fired);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, grenades_fg);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, grenades_sg);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, dazed);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, dazed_subphase);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, jammed);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, routed);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, routed_row);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, hidden);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, action_row);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, drop_action);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, dive_stop);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, fires_group);
  gtk_widget_class_bind_template_child (widget_class, SlUnitSheet, clear_fires);
  gtk_widget_class_bind_template_callback (widget_class, combo_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, spin_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, switch_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, drop_action_cb);
  gtk_widget_class_bind_template_callback (widget_class, dive_stop_cb);
  gtk_widget_class_bind_template_callback (widget_class, clear_fires_cb);
}

static void
sl_unit_sheet_init (SlUnitSheet *self)
{
  /* The `correct` command's field of each control (the breach's is the
   * breach's, worked out with its state). */
  const struct { gpointer *control; const char *field; } fields[] = {
    { (gpointer *) &self->magazines_r, "magazines.R" },
    { (gpointer *) &self->magazines_p, "magazines.P" },
    { (gpointer *) &self->rounds_fired, "rounds_fired" },
    { (gpointer *) &self->grenades_fg, "grenades.FG" },
    { (gpointer *) &self->grenades_sg, "grenades.SG" },
    { (gpointer *) &self->breach_due, "breach" },
    { (gpointer *) &self->dazed, "dazed_until" },
    { (gpointer *) &self->dazed_subphase, "dazed_until" },
    { (gpointer *) &self->jammed, "jammed" },
    { (gpointer *) &self->routed, "routed" },
    { (gpointer *) &self->hidden, "hidden" },
  };

  self->fire_rows = g_ptr_array_new ();
  /* Setting the controls up is not a correction. */
  self->updating = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    g_object_set_data (G_OBJECT (*fields[i].control), "field", (gpointer) fields[i].field);
}

SlUnitSheet *
sl_unit_sheet_new (GtkWindow *parent,
                   SlGame    *game,
                   int        unit)
{
  const SlUnitSetup *us;
  SlUnitSheet *self;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_UNIT_SHEET, "window", parent, "game", game, "unit", unit,
                       NULL);
  self->game = game;
  self->unit = unit;
  us = sl_setup_unit_at (sl_game_get_setup (game), unit);
  title = g_strdup_printf (_("%s’s Log"), us->label);
  subtitle = g_strdup_printf (_("Counter %d · corrections go into the journal"), us->counter);
  sl_sheet_set_title (SL_SHEET (self), title);
  adw_window_title_set_title (self->title, title);
  adw_window_title_set_subtitle (self->title, subtitle);
  fill_lists (self);
  show_unit (self);
  /* The first choice: its wounds. */
  sl_sheet_set_entry (SL_SHEET (self), GTK_WIDGET (self->wound));
  sl_sheet_ready (SL_SHEET (self));
  self->changed_id = g_signal_connect_swapped (game, "changed", G_CALLBACK (sl_sheet_refresh),
                                               self);
  return self;
}
