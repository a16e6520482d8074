/* sl-unit-sheet.c: one unit's log, every field correctable by hand — a
 * wound box, a magazine, a jam, a daze the table says is wrong. Each change
 * is a `correct` command: checked by the core, recorded in the journal,
 * undone like any other.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-command-new.h"
#include "sl-unit-log.h"
#include "sl-unit-sheet.h"
#include "sl-rule-links.h"
#include "sl-ui-util.h"

struct _SlUnitSheet
{
  AdwWindow     parent_instance;

  SlGame       *game;
  gulong        changed_id;
  int           unit;
  gboolean      updating;

  GtkLabel     *problem;
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
  GtkSwitch    *hidden;
  GtkSwitch    *dazed;
  GtkSpinButton *dazed_subphase;
  GtkButton    *drop_action;
  GtkButton    *dive_stop;
  AdwActionRow *action_row;
  /* Vacuum or a hostile atmosphere (T-36, P-39), or NULL. */
  GtkWidget    *exposure;
  GtkSwitch    *inside;
  AdwComboRow  *breach;
  GtkSpinButton *breach_due;   /* subphases until the next breach wound */
  /* The fires the rate of fire counts (P-15, T-23): a row each. */
  AdwPreferencesGroup *fires_group;
  GPtrArray    *fire_rows;     /* AdwActionRow */
  GtkWidget    *clear_fires;
};

G_DEFINE_FINAL_TYPE (SlUnitSheet, sl_unit_sheet, ADW_TYPE_WINDOW)

/* Applies @command; the refusal, if any, is shown on the sheet. */
static gboolean
apply (SlUnitSheet *self,
       JsonNode    *command,
       GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (sl_game_apply (self->game, command, &local_error) == NULL)
    {
      sl_rule_links_set_label (self->problem, local_error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->problem), TRUE);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->problem), FALSE);
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
  if (self->inside != NULL)
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
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  gtk_window_present (sl_dive_stop_sheet_new (parent, self->game, self->unit));
  gtk_window_destroy (GTK_WINDOW (self));
}

static GtkSpinButton *
spin_row (AdwPreferencesGroup *group,
          const char          *title,
          const char          *field,
          SlUnitSheet         *self)
{
  GtkSpinButton *spin = sl_spin_row_add (GTK_WIDGET (group), title, 0, 99, 1);

  g_object_set_data (G_OBJECT (spin), "field", (gpointer) field);
  g_signal_connect (spin, "value-changed", G_CALLBACK (spin_changed_cb), self);
  return spin;
}

static GtkSwitch *
switch_row (AdwPreferencesGroup *group,
            const char          *title,
            const char          *field,
            SlUnitSheet         *self)
{
  GtkSwitch *sw = sl_switch_row_add (GTK_WIDGET (group), title, NULL);

  g_object_set_data (G_OBJECT (sw), "field", (gpointer) field);
  g_signal_connect (sw, "notify::active", G_CALLBACK (switch_changed_cb), self);
  return sw;
}

static AdwComboRow *
combo_row (AdwPreferencesGroup *group,
           const char          *title,
           GtkStringList       *model,
           SlUnitSheet         *self)
{
  AdwComboRow *row = ADW_COMBO_ROW (sl_combo_row_new ());

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_combo_row_set_model (row, G_LIST_MODEL (model));
  g_signal_connect (row, "notify::selected", G_CALLBACK (combo_changed_cb), self);
  adw_preferences_group_add (group, GTK_WIDGET (row));
  return row;
}

/* T-36, A-120: in vacuum or a hostile atmosphere, whether the unit is
 * sheltered inside, and its suit's breach (P-39), corrected by hand. */
static void
build_exposure (SlUnitSheet        *self,
                AdwPreferencesPage *page)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  gboolean vacuum = sl_game_get_setup (self->game)->environment.vacuum;
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  /* In the order of SlBreachState. */
  g_autoptr(GtkStringList) breaches = gtk_string_list_new ((const char *[]) {
    C_("suit breach", "None"), C_("suit breach", "One more wound"), C_("suit breach", "Bleeding"), NULL });

  sl_group_set_title (group, vacuum ? _("Vacuum") : _("Hostile Atmosphere"));
  sl_group_set_description (group,
                                         vacuum ? _("Out in the vacuum, a wound breaches the suit (T-36, P-39).")
                                                : _("Out in the atmosphere, a wound breaches the suit (T-36, P-39)."));
  self->inside = switch_row (group, _("Inside, sheltered"), NULL, self);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (gtk_widget_get_ancestor (GTK_WIDGET (self->inside),
                                                                      ADW_TYPE_ACTION_ROW)),
                               _("In a pressurised ship or an intact, closed building (T-36, A-120)"));
  self->breach = combo_row (group, _("Suit breach"), breaches, self);
  self->breach_due = spin_row (group, _("Subphases until the next breach wound"), "breach", self);
  gtk_spin_button_set_range (self->breach_due, 1, rules->environment.suit_breach_delay);
  adw_preferences_page_add (page, group);
  self->exposure = GTK_WIDGET (group);
}

static void
build (SlUnitSheet *self)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlUnitSetup *us = sl_setup_unit_at (setup, self->unit);
  g_autoptr(GtkStringList) wounds = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) positions = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) weapons = gtk_string_list_new (NULL);
  g_autofree char *title = g_strdup_printf (_("%s’s Log"), us->label);
  g_autofree char *subtitle = g_strdup_printf (_("Counter %d · corrections go into the journal"), us->counter);
  GtkWidget *content, *header, *done, *page;
  AdwPreferencesGroup *body, *ammo, *counters, *action;

  /* Setting the controls up is not a correction. */
  self->updating = TRUE;
  for (int w = 0; w < SL_N_WOUNDS; w++)
    gtk_string_list_append (wounds, w == SL_WOUND_NONE ? _("Unhurt") : rules->wounds[w].name);
  for (int p = 0; p < SL_N_POSITIONS; p++)
    gtk_string_list_append (positions, sl_position_label (p));
  for (int w = 0; w < us->n_weapons; w++)
    gtk_string_list_append (weapons, us->weapons[w]->name);

  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_window_set_default_size (GTK_WINDOW (self), 460, 720);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), adw_window_title_new (title, subtitle));
  done = gtk_button_new_with_mnemonic (_("_Done"));
  gtk_widget_add_css_class (done, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (done), "window.close");
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), done);
  gtk_box_append (GTK_BOX (content), header);
  page = adw_preferences_page_new ();
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (content), page);

  body = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  self->problem = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->problem, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->problem), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->problem), FALSE);
  adw_preferences_group_add (body, GTK_WIDGET (self->problem));
  sl_group_set_title (body, _("Wounds and Position"));
  self->wound = combo_row (body, _("Wounds"), wounds, self);
  self->position = combo_row (body, _("Position"), positions, self);
  /* §18: a Legionnaire character's skills, as the setup converted them. */
  if (us->legionnaire != NULL)
    {
      GtkWidget *row = sl_action_row_new ();
      g_autofree char *words = sl_legionnaire_modifiers_words (us->legionnaire);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Legionnaire character (§18)"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), words);
      adw_preferences_group_add (body, row);
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), body);
  if (setup->environment.vacuum || setup->environment.hostile)
    build_exposure (self, ADW_PREFERENCES_PAGE (page));

  ammo = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  sl_group_set_title (ammo, _("Weapon and Ammunition"));
  self->in_hand = combo_row (ammo, _("Weapon in hand"), weapons, self);
  self->magazines_r = spin_row (ammo, _("Rifle magazines left (R)"), "magazines.R", self);
  self->magazines_p = spin_row (ammo, _("Pistol magazines left (P)"), "magazines.P", self);
  self->rounds_fired = spin_row (ammo, _("Rounds fired from this magazine"), "rounds_fired", self);
  self->grenades_fg = spin_row (ammo, _("Fragmentation grenades (FG)"), "grenades.FG", self);
  self->grenades_sg = spin_row (ammo, _("Smoke grenades (SG)"), "grenades.SG", self);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ammo);

  counters = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  sl_group_set_title (counters, _("Counters"));
  self->dazed = switch_row (counters, _("Dazed"), "dazed_until", self);
  self->dazed_subphase = spin_row (counters, _("Dazed until subphase"), "dazed_until", self);
  gtk_spin_button_set_range (self->dazed_subphase, 1, rules->subphases_per_turn);
  self->jammed = switch_row (counters, _("Weapon jammed"), "jammed", self);
  self->routed = switch_row (counters, _("Routed"), "routed", self);
  /* §18: a player character never routs. */
  gtk_widget_set_sensitive (gtk_widget_get_ancestor (GTK_WIDGET (self->routed), ADW_TYPE_ACTION_ROW),
                            us->legionnaire == NULL);
  self->hidden = switch_row (counters, _("Hidden"), "hidden", self);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), counters);

  action = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  sl_group_set_title (action, _("Action"));
  self->action_row = ADW_ACTION_ROW (sl_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->action_row), _("Under way"));
  self->drop_action = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Take Off the Log")));
  gtk_widget_set_valign (GTK_WIDGET (self->drop_action), GTK_ALIGN_CENTER);
  g_signal_connect_swapped (self->drop_action, "clicked", G_CALLBACK (drop_action_cb), self);
  adw_action_row_add_suffix (self->action_row, GTK_WIDGET (self->drop_action));
  self->dive_stop = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Dive Stops…")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->dive_stop),
                               _("The zero-G dive hits full cover or a unit, and ends (A-72)"));
  gtk_widget_set_valign (GTK_WIDGET (self->dive_stop), GTK_ALIGN_CENTER);
  g_signal_connect_swapped (self->dive_stop, "clicked", G_CALLBACK (dive_stop_cb), self);
  adw_action_row_add_suffix (self->action_row, GTK_WIDGET (self->dive_stop));
  adw_preferences_group_add (action, GTK_WIDGET (self->action_row));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), action);

  /* P-15, T-23: the fires the rate of fire counts, corrected by hand. */
  self->fires_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  sl_group_set_title (self->fires_group, _("Fire History"));
  self->clear_fires = gtk_button_new_with_mnemonic (_("C_lear"));
  gtk_widget_set_valign (self->clear_fires, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->clear_fires, "flat");
  gtk_widget_set_tooltip_text (self->clear_fires, _("Take every fire off the log"));
  g_signal_connect_swapped (self->clear_fires, "clicked", G_CALLBACK (sl_unit_sheet_clear_fires), self);
  adw_preferences_group_set_header_suffix (self->fires_group, self->clear_fires);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), self->fires_group);

  adw_window_set_content (ADW_WINDOW (self), content);
  refresh (self);
}

static void
sl_unit_sheet_dispose (GObject *object)
{
  SlUnitSheet *self = SL_UNIT_SHEET (object);

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
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

  object_class->dispose = sl_unit_sheet_dispose;
  object_class->finalize = sl_unit_sheet_finalize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sl_unit_sheet_init (SlUnitSheet *self)
{
  self->fire_rows = g_ptr_array_new ();
}

SlUnitSheet *
sl_unit_sheet_new (GtkWindow *parent,
                   SlGame    *game,
                   int        unit)
{
  SlUnitSheet *self;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_UNIT_SHEET, "transient-for", parent, NULL);
  self->game = g_object_ref (game);
  self->unit = unit;
  build (self);
  self->changed_id = g_signal_connect_swapped (game, "changed", G_CALLBACK (refresh), self);
  return self;
}
