/* sl-fire-sheet.c: the resolution sheet of a ranged fire (P-14) — the
 * target and what the table shows (cover, the target's movement, smoke …),
 * every modifier from the logs and the table, the number needed and the
 * odds, then the die: one key press (1–9, 0 for 10), or the app rolls.
 * A natural 1 asks for the jam check's die (P-16), a concentrated burst
 * for the hits die. The numbers come from the core (sl_game_preview); the
 * sheet only gathers what the table shows.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-area-burst-sheet.h"
#include "sl-combat.h"
#include "sl-command-new.h"
#include "sl-fire-sheet.h"
#include "sl-rule-links.h"
#include "sl-ui-util.h"

typedef enum
{
  DIE_ROLL,
  DIE_JAM,
  DIE_HITS,
} DieKind;

struct _SlFireSheet
{
  AdwWindow       parent_instance;

  SlGame         *game;
  int             unit;
  gboolean        app_rolls;
  GArray         *targets;     /* int: unit indices offered */

  AdwWindowTitle *title;
  AdwComboRow    *target_row;
  AdwComboRow    *cover_row;
  AdwComboRow    *movement_row;
  GtkSwitch      *at_firer;
  GtkSwitch      *smoke;
  GtkSwitch      *no_los;
  GtkSwitch      *burst;
  GtkListBox     *breakdown;
  GtkLabel       *odds;
  GtkLabel       *prompt;
  GtkLabel       *problem;
  GtkButton      *roll_button;
  GtkWidget      *give_up;
  GtkWidget      *area_row;    /* an area burst instead, when the core allows one */

  char           *odds_text;
  gboolean        can_fire;
  int             dice[3];     /* by DieKind: the dice given so far, 0 until then */
  DieKind         asking;
};

G_DEFINE_FINAL_TYPE (SlFireSheet, sl_fire_sheet, ADW_TYPE_WINDOW)

/* The movements the table may see, as T-14 counts them (A-50: default
 * what the log says). */
static const int movements[] = { -1, SL_MOVE_NONE, SL_MOVE_CRAWL, SL_MOVE_WALK, SL_MOVE_RUN, SL_MOVE_SPRINT };

static JsonNode *
build_command (SlFireSheet *self,
               gboolean     with_dice)
{
  SlFireCommand fire = SL_FIRE_COMMAND_INIT;
  guint target = adw_combo_row_get_selected (self->target_row);
  guint cover = adw_combo_row_get_selected (self->cover_row);
  guint movement = adw_combo_row_get_selected (self->movement_row);

  fire.unit = self->unit;
  if (target < self->targets->len)
    fire.target = g_array_index (self->targets, int, target);
  if (cover != GTK_INVALID_LIST_POSITION && cover > 0)
    fire.cover = cover;
  if (movement != GTK_INVALID_LIST_POSITION)
    fire.target_movement = movements[movement];
  fire.firing_at_firer = gtk_switch_get_active (self->at_firer);
  fire.smoke = gtk_switch_get_active (self->smoke);
  fire.concentrated = self->burst != NULL && gtk_switch_get_active (self->burst);
  fire.no_los = gtk_switch_get_active (self->no_los);
  if (with_dice)
    {
      fire.roll = self->dice[DIE_ROLL];
      fire.jam_roll = self->dice[DIE_JAM];
      fire.hits_roll = self->dice[DIE_HITS];
    }
  return sl_command_new_fire (sl_game_get_setup (self->game), &fire);
}

JsonNode *
sl_fire_sheet_get_command (SlFireSheet *self)
{
  g_return_val_if_fail (SL_IS_FIRE_SHEET (self), NULL);
  return build_command (self, FALSE);
}

const char *
sl_fire_sheet_get_odds (SlFireSheet *self)
{
  g_return_val_if_fail (SL_IS_FIRE_SHEET (self), NULL);
  return self->odds_text;
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static void
update_prompt (SlFireSheet *self)
{
  const char *text;

  switch (self->asking)
    {
    case DIE_JAM:
      text = _("A natural 1: the jam check (P-16). Type its die: 1–9, 0 for 10.");
      break;
    case DIE_HITS:
      text = _("A concentrated burst hits: type the die for the rounds that hit (1–9, 0 for 10).");
      break;
    case DIE_ROLL:
    default:
      text = self->app_rolls ? _("The app rolls the die.") : _("Type the die: 1–9, 0 for 10.");
      break;
    }
  gtk_label_set_text (self->prompt, text);
}

/* The command's fields the sheet sets. */
static const char * const inputs[] = {
  "target", "cover", "target_movement", "firing_at_firer", "smoke", "burst", "no_los",
  "roll", "jam_roll", "hits_roll", NULL
};

/* The fire is refused: why, plainly; when nothing on the sheet can put it
 * right, the way on is to give up the unit's action (§6.1). */
static void
show_refusal (SlFireSheet  *self,
              const GError *error)
{
  gboolean stuck = !sl_refusal_fixable (error, inputs);

  sl_rule_links_set_label (self->problem, error->message);
  gtk_widget_set_visible (GTK_WIDGET (self->problem), TRUE);
  gtk_widget_set_visible (self->give_up, stuck);
  /* No die to type, nothing to roll: only the way on. */
  gtk_widget_set_visible (GTK_WIDGET (self->prompt), !stuck);
  gtk_widget_set_visible (GTK_WIDGET (self->roll_button), !stuck);
}

gboolean
sl_fire_sheet_can_give_up (SlFireSheet *self)
{
  g_return_val_if_fail (SL_IS_FIRE_SHEET (self), FALSE);
  return gtk_widget_get_visible (self->give_up);
}

gboolean
sl_fire_sheet_give_up (SlFireSheet *self)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (SL_IS_FIRE_SHEET (self), FALSE);
  if (!sl_unit_give_up (self->game, self->unit, &error))
    {
      sl_rule_links_set_label (self->problem, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->problem), TRUE);
      return FALSE;
    }
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

/* Asks the core what the fire would be, and shows it. */
static void
refresh (SlFireSheet *self)
{
  g_autoptr(JsonNode) command = build_command (self, FALSE);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = sl_game_preview (self->game, command, NULL, &error);
  JsonObject *o;

  clear_list (self->breakdown);
  g_clear_pointer (&self->odds_text, g_free);
  self->can_fire = result != NULL;
  gtk_widget_set_visible (GTK_WIDGET (self->problem), result == NULL);
  gtk_widget_set_visible (self->give_up, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->odds), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->prompt), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->roll_button), TRUE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->roll_button), result != NULL);
  if (result == NULL)
    {
      show_refusal (self, error);
      self->odds_text = g_strdup (error->message);
      gtk_label_set_text (self->odds, "");
      gtk_widget_set_visible (GTK_WIDGET (self->odds), FALSE);
      return;
    }
  o = json_node_get_object (result);
  if (json_object_has_member (o, "breakdown"))
    {
      JsonArray *items = json_object_get_array_member (o, "breakdown");

      for (guint i = 0; i < json_array_get_length (items); i++)
        {
          JsonObject *m = json_array_get_object_element (items, i);
          GtkWidget *row = sl_action_row_new ();
          g_autofree char *value = sl_signed_text (json_object_get_int_member (m, "value"));
          GtkWidget *label = gtk_label_new (value);

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), json_object_get_string_member (m, "label"));
          gtk_widget_add_css_class (label, "numeric");
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
          gtk_list_box_append (self->breakdown, row);
        }
    }
  if (json_object_has_member (o, "needed"))
    /* "Needs 7 or less · 70 %", as the history will tell it */
    self->odds_text = sl_check_odds_words (o);
  else
    /* A wasted shot has no roll. */
    self->odds_text = g_strdup (_("No roll: the shot is wasted, but it counts (A-17)."));
  gtk_label_set_text (self->odds, self->odds_text);
}

static void
changed_cb (SlFireSheet *self)
{
  refresh (self);
}

/* Applies the fire with the dice given; closes the sheet. */
static gboolean
apply (SlFireSheet *self)
{
  g_autoptr(JsonNode) command = build_command (self, TRUE);
  g_autoptr(GError) error = NULL;

  if (sl_game_apply (self->game, command, &error) == NULL)
    {
      show_refusal (self, error);
      return FALSE;
    }
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

/* Which die the fire needs next, given those in: a natural 1 calls the jam
 * check; a concentrated burst that hits, the hits die. The core says. */
static gboolean
needs_more (SlFireSheet *self,
            DieKind     *next)
{
  g_autoptr(JsonNode) command = build_command (self, TRUE);
  g_autoptr(JsonNode) result = sl_game_preview (self->game, command, NULL, NULL);
  JsonObject *o = result ? json_node_get_object (result) : NULL;

  if (o == NULL)
    return FALSE;
  if (json_object_has_member (o, "jam_roll") && self->dice[DIE_JAM] == 0)
    {
      *next = DIE_JAM;
      return TRUE;
    }
  if (json_object_has_member (o, "hits_roll") && self->dice[DIE_HITS] == 0)
    {
      *next = DIE_HITS;
      return TRUE;
    }
  return FALSE;
}

gboolean
sl_fire_sheet_enter_die (SlFireSheet *self,
                         int          value)
{
  DieKind next;

  g_return_val_if_fail (SL_IS_FIRE_SHEET (self), FALSE);
  if (!self->can_fire || value < 1 || value > 10)
    return FALSE;
  self->dice[self->asking] = value;
  if (needs_more (self, &next))
    {
      self->asking = next;
      update_prompt (self);
      /* The table is settled once the first die is thrown. */
      gtk_widget_set_sensitive (GTK_WIDGET (self->target_row), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->cover_row), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->movement_row), FALSE);
      if (self->area_row != NULL)
        gtk_widget_set_sensitive (self->area_row, FALSE);
      return TRUE;
    }
  return apply (self);
}

gboolean
sl_fire_sheet_set_burst (SlFireSheet *self,
                         gboolean     concentrated)
{
  g_return_val_if_fail (SL_IS_FIRE_SHEET (self), FALSE);
  if (self->burst == NULL)
    return FALSE;
  gtk_switch_set_active (self->burst, concentrated);
  return TRUE;
}

/* Whether the core would take this fire as an area burst instead: a Fire
 * action declared without a burst, of a weapon that fires them, that the
 * rate of fire allows (P-30 step 4, T-23). The units named do not matter
 * for that: the first one offered stands in for the wedge. */
static gboolean
area_burst_allowed (SlFireSheet *self)
{
  SlAreaBurstTarget first = { .unit = -1, .distance_m = 1 };
  SlAreaBurstCommand burst = { .unit = self->unit, .targets = &first, .n_targets = 1 };
  g_autoptr(JsonNode) command = NULL;
  g_autoptr(JsonNode) result = NULL;

  if (self->targets->len == 0 || !sl_unit_fires_bursts (self->game, self->unit) ||
      sl_game_get_state (self->game)->units[self->unit].current.burst != SL_BURST_NONE)
    return FALSE;
  first.unit = g_array_index (self->targets, int, 0);
  command = sl_command_new_area_burst (sl_game_get_setup (self->game), &burst);
  result = sl_game_preview (self->game, command, NULL, NULL);
  return result != NULL;
}

SlAreaBurstSheet *
sl_fire_sheet_area_burst_instead (SlFireSheet *self)
{
  GtkWindow *parent;
  SlAreaBurstSheet *sheet;

  g_return_val_if_fail (SL_IS_FIRE_SHEET (self), NULL);
  if (self->area_row == NULL || !gtk_widget_get_sensitive (self->area_row))
    return NULL;
  parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  sheet = sl_area_burst_sheet_new (parent, self->game, self->unit, self->app_rolls);
  gtk_window_destroy (GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (sheet));
  return sheet;
}

void
sl_fire_sheet_set_cover (SlFireSheet *self,
                         int          cover)
{
  g_return_if_fail (SL_IS_FIRE_SHEET (self));
  adw_combo_row_set_selected (self->cover_row, (guint) cover);
}

/* "Roll for me": the app rolls the missing dice (they are recorded). */
static void
roll_clicked_cb (SlFireSheet *self)
{
  apply (self);
}

/* A die is one key press: 1–9, 0 for 10 (keypad too). */
static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                SlFireSheet           *self)
{
  int value = sl_key_die (keyval, state);

  if (value < 0)
    return FALSE;
  sl_fire_sheet_enter_die (self, value);
  return TRUE;
}

static GtkWidget *
switch_row (const char  *title,
            const char  *subtitle,
            GtkSwitch  **out)
{
  GtkWidget *row = sl_action_row_new ();
  GtkWidget *sw = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  *out = GTK_SWITCH (sw);
  return row;
}

static void
build (SlFireSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  const SlUnitState *u = &state->units[self->unit];
  const SlUnitSetup *us = sl_setup_unit_at (setup, self->unit);
  g_autoptr(GtkStringList) target_names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) cover_names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) movement_names = gtk_string_list_new (NULL);
  GtkWidget *header, *page, *table, *hit, *die, *cancel, *content;
  GtkEventController *keys;
  guint selected = 0;
  g_autofree char *title = g_strdup_printf (_("%s Fires"), us->label);

  /* Enemies in the fight and not hidden (§15.1): the declared target first
   * selected. */
  g_array_unref (self->targets);
  self->targets = sl_fire_targets (self->game, self->unit, target_names);
  for (guint i = 0; i < self->targets->len; i++)
    if (g_array_index (self->targets, int, i) == u->current.target)
      selected = i;
  for (int c = 0; c < SL_N_COVERS; c++)
    gtk_string_list_append (cover_names, sl_cover_label (c));
  for (guint m = 0; m < G_N_ELEMENTS (movements); m++)
    gtk_string_list_append (movement_names, movements[m] < 0 ? _("As its log says") : sl_move_label (movements[m]));

  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_window_set_default_size (GTK_WINDOW (self), 460, 700);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);

  content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  self->title = ADW_WINDOW_TITLE (adw_window_title_new (title, _("Ranged fire (P-14)")));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->title));
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  gtk_box_append (GTK_BOX (content), header);

  page = adw_preferences_page_new ();
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (content), page);

  table = adw_preferences_group_new ();
  sl_group_set_title (ADW_PREFERENCES_GROUP (table), _("What the Table Shows"));
  self->target_row = ADW_COMBO_ROW (sl_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->target_row), _("_Target"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->target_row), TRUE);
  adw_combo_row_set_model (self->target_row, G_LIST_MODEL (target_names));
  adw_combo_row_set_selected (self->target_row, selected);
  self->cover_row = ADW_COMBO_ROW (sl_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->cover_row), _("C_over"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->cover_row), TRUE);
  adw_combo_row_set_model (self->cover_row, G_LIST_MODEL (cover_names));
  self->movement_row = ADW_COMBO_ROW (sl_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->movement_row), _("Target _movement"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->movement_row), TRUE);
  adw_combo_row_set_model (self->movement_row, G_LIST_MODEL (movement_names));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (table), GTK_WIDGET (self->target_row));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (table), GTK_WIDGET (self->cover_row));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (table), GTK_WIDGET (self->movement_row));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (table),
                             switch_row (_("The target fired at this unit"), NULL, &self->at_firer));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (table),
                             switch_row (_("Through smoke"), NULL, &self->smoke));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (table),
                             switch_row (_("Line of sight lost"), _("The shot is wasted but counts (A-17)"),
                                         &self->no_los));
  /* §15.3: a weapon that fires bursts may fire a concentrated one; a
   * burst declared with the fire is the one fired (P-30 step 2). */
  if (sl_unit_fires_bursts (self->game, self->unit))
    {
      gboolean declared = u->current.burst == SL_BURST_CONCENTRATED;
      GtkWidget *row = switch_row (_("Concentrated burst"),
                                   declared ? _("Declared with the fire (P-30 step 2)")
                                            : _("Automatic fire at one target (P-29, §9.3)"),
                                   &self->burst);

      gtk_switch_set_active (self->burst, declared);
      gtk_widget_set_sensitive (row, !declared);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (table), row);
      /* P-30 step 4: a Fire action declared without a burst may be fired
       * as an area burst, when the rate of fire allows; its wedge is
       * named on its own sheet. */
      if (area_burst_allowed (self))
        {
          GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");

          self->area_row = sl_action_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->area_row), _("_Area burst instead…"));
          adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->area_row), TRUE);
          adw_action_row_set_subtitle (ADW_ACTION_ROW (self->area_row),
                                       _("At every unit in a wedge, named on its own sheet (P-30 step 4)"));
          adw_action_row_add_suffix (ADW_ACTION_ROW (self->area_row), arrow);
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self->area_row), TRUE);
          g_signal_connect_swapped (self->area_row, "activated",
                                    G_CALLBACK (sl_fire_sheet_area_burst_instead), self);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (table), self->area_row);
        }
    }
  hit = adw_preferences_group_new ();
  self->breakdown = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->breakdown, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->breakdown), "boxed-list");
  {
    GtkWidget *none = gtk_label_new (_("No modifier: the basic number (T-01)"));

    gtk_widget_add_css_class (none, "dim-label");
    gtk_widget_set_margin_top (none, 12);
    gtk_widget_set_margin_bottom (none, 12);
    gtk_list_box_set_placeholder (self->breakdown, none);
  }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (hit), GTK_WIDGET (self->breakdown));
  sl_group_set_title (ADW_PREFERENCES_GROUP (hit), _("Modifiers"));

  /* The odds and the die first: what the table waits for. */
  die = adw_preferences_group_new ();
  self->odds = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->odds), "title-2");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (die), GTK_WIDGET (self->odds));
  self->prompt = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->prompt, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->prompt), "title-4");
  self->problem = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->problem, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->problem), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->problem), FALSE);
  self->roll_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Roll for Me")));
  gtk_widget_set_halign (GTK_WIDGET (self->roll_button), GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (GTK_WIDGET (self->roll_button), 12);
  gtk_widget_add_css_class (GTK_WIDGET (self->roll_button), "pill");
  if (self->app_rolls)
    gtk_widget_add_css_class (GTK_WIDGET (self->roll_button), "suggested-action");
  g_signal_connect_swapped (self->roll_button, "clicked", G_CALLBACK (roll_clicked_cb), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (die), GTK_WIDGET (self->prompt));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (die), GTK_WIDGET (self->problem));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (die), GTK_WIDGET (self->roll_button));
  /* A refusal nothing here can put right: the unit's action is lost. */
  self->give_up = gtk_button_new_with_mnemonic (_("_Give Up the Action"));
  gtk_widget_set_tooltip_text (self->give_up, _("The unit’s action is lost, and the turn goes on (§6.1)"));
  gtk_widget_set_halign (self->give_up, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (self->give_up, 12);
  gtk_widget_add_css_class (self->give_up, "pill");
  gtk_widget_add_css_class (self->give_up, "destructive-action");
  gtk_widget_set_visible (self->give_up, FALSE);
  g_signal_connect_swapped (self->give_up, "clicked", G_CALLBACK (sl_fire_sheet_give_up), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (die), self->give_up);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (die));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (table));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (hit));

  adw_window_set_content (ADW_WINDOW (self), content);

  g_signal_connect_swapped (self->target_row, "notify::selected", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->cover_row, "notify::selected", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->movement_row, "notify::selected", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->at_firer, "notify::active", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->smoke, "notify::active", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->no_los, "notify::active", G_CALLBACK (changed_cb), self);
  if (self->burst != NULL)
    g_signal_connect_swapped (self->burst, "notify::active", G_CALLBACK (changed_cb), self);

  /* Before the focused widget sees them: digits are dice here. */
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  update_prompt (self);
  refresh (self);
}

static void
sl_fire_sheet_dispose (GObject *object)
{
  SlFireSheet *self = SL_FIRE_SHEET (object);

  g_clear_object (&self->game);
  G_OBJECT_CLASS (sl_fire_sheet_parent_class)->dispose (object);
}

static void
sl_fire_sheet_finalize (GObject *object)
{
  SlFireSheet *self = SL_FIRE_SHEET (object);

  g_array_unref (self->targets);
  g_free (self->odds_text);
  G_OBJECT_CLASS (sl_fire_sheet_parent_class)->finalize (object);
}

static void
sl_fire_sheet_class_init (SlFireSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_fire_sheet_dispose;
  object_class->finalize = sl_fire_sheet_finalize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sl_fire_sheet_init (SlFireSheet *self)
{
  self->targets = g_array_new (FALSE, FALSE, sizeof (int));
}

SlFireSheet *
sl_fire_sheet_new (GtkWindow *parent,
                   SlGame    *game,
                   int        unit,
                   gboolean   app_rolls)
{
  SlFireSheet *self;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_FIRE_SHEET, "transient-for", parent, NULL);
  self->game = g_object_ref (game);
  self->unit = unit;
  self->app_rolls = app_rolls;
  build (self);
  return self;
}
