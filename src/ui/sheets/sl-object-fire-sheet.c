/* sl-object-fire-sheet.c: the resolution sheet of a fire at an obstacle
 * (P-25, P-26) or at a charge (P-36 step 5, T-32). The hit is automatic,
 * with no jam and no natural-1 rule: at an obstacle the core says
 * what the shot does to it and whether it breaks through into the units
 * just behind (their dice, one key press each), at a charge the sheet
 * asks the d10 of the firer's line of T-32 — or the app rolls. The sheet
 * only gathers what the table shows (sl_game_preview decides). The layout
 * is ui/sl-object-fire-sheet.ui; the rows of the units just behind are
 * built here.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-a11y.h"
#include "sl-combat.h"
#include "sl-command-new.h"
#include "sl-explosives.h"
#include "sl-object-fire-sheet-private.h"
#include "sl-object-fire-sheet.h"
#include "sl-preview.h"
#include "sl-table-labels.h"
#include "sl-table-model.h"
#include "sl-ui-util.h"

/* A unit that may stand just behind the obstacle (P-26). */
typedef struct
{
  int             unit;
  AdwActionRow   *row;
  GtkCheckButton *check;
  GtkLabel       *die;
  int             roll;     /* typed, 0 until then */
  char           *odds;     /* "Needs 7 or less · 70 %" while ticked */
} Behind;

struct _SlObjectFireSheet
{
  SlSheet              parent_instance;

  SlGame              *game;            /* the sheet's (sl_sheet_get_game) */
  int                  unit;
  gboolean             charge;          /* at a charge, else at an obstacle */
  int                  roll;            /* the charge's d10, 0 until typed */
  GArray              *behind;          /* Behind */
  gboolean             follow_through;
  gboolean             can_fire;
  char                *outcome_text;
  char                *charge_odds[SL_N_CHARGE_SHOT_RESULTS];

  AdwWindowTitle      *title;
  AdwPreferencesGroup *object_group;
  AdwActionRow        *object_row;
  AdwActionRow        *shot_row;
  GtkWidget           *none_row;
  GtkWidget           *destroyed_row;
  GtkWidget           *explosion_row;
  GtkWidget           *die_row;
  GtkLabel            *none_label;
  GtkLabel            *destroyed_label;
  GtkLabel            *explosion_label;
  GtkLabel            *die_label;
  AdwPreferencesGroup *behind_group;
  GtkWidget           *burst_row;
  GtkSwitch           *burst;
  GtkSwitch           *no_los;
};

G_DEFINE_FINAL_TYPE (SlObjectFireSheet, sl_object_fire_sheet, SL_TYPE_SHEET)

/* The command's fields the sheet sets (sl_refusal_fixable). */
static const char * const inputs[] = { "burst", "no_los", "behind", "roll", NULL };

static void
behind_clear (gpointer data)
{
  g_free (((Behind *) data)->odds);
}

gboolean
sl_object_fire_sheet_applies (SlGame *game,
                              int     unit)
{
  const SlCurrentAction *current;

  g_return_val_if_fail (SL_IS_GAME (game), FALSE);
  current = &sl_game_get_state (game)->units[unit].current;
  return current->action != NULL && current->action->fire && current->target < 0 &&
         (current->obstacle > 0 || current->target_marker > 0);
}

/* The fire command: the units ticked behind the obstacle, with the dice
 * typed so far when @with_dice. */
static JsonNode *
build_command (SlObjectFireSheet *self,
               gboolean           with_dice)
{
  SlFireCommand fire = SL_FIRE_COMMAND_INIT;
  g_autoptr(GArray) behind = g_array_new (FALSE, FALSE, sizeof (SlFireBehind));

  fire.unit = self->unit;
  fire.concentrated = gtk_widget_get_visible (self->burst_row) && gtk_switch_get_active (self->burst);
  fire.no_los = gtk_switch_get_active (self->no_los);
  if (self->charge && with_dice)
    fire.roll = self->roll;
  if (!self->charge && self->follow_through)
    {
      for (guint i = 0; i < self->behind->len; i++)
        {
          const Behind *k = &g_array_index (self->behind, Behind, i);
          SlFireBehind unit = { k->unit, with_dice ? k->roll : 0 };

          if (gtk_check_button_get_active (k->check))
            g_array_append_val (behind, unit);
        }
      fire.follow_through = TRUE;
      fire.behind = (const SlFireBehind *) behind->data;
      fire.n_behind = behind->len;
    }
  return sl_command_new_fire (sl_game_get_setup (self->game), &fire);
}

/* The first unit ticked behind the obstacle whose die is still to type. */
static Behind *
next_behind (SlObjectFireSheet *self)
{
  for (guint i = 0; self->follow_through && i < self->behind->len; i++)
    {
      Behind *k = &g_array_index (self->behind, Behind, i);

      if (gtk_check_button_get_active (k->check) && k->roll == 0)
        return k;
    }
  return NULL;
}

static void
show_refusal (SlSheet      *sheet,
              const GError *error)
{
  sl_sheet_show_refusal (sheet, error->message, !sl_refusal_fixable (error, inputs));
}

/* What the shot does to the obstacle (P-25): "+4: 4 of 5 wound levels". */
static void
show_obstacle (SlObjectFireSheet      *self,
               const SlObstacleDamage *obstacle)
{
  g_autofree char *shot = NULL;

  self->outcome_text = sl_obstacle_outcome_words (self->game, obstacle);
  self->follow_through = obstacle->follow_through;
  shot = self->follow_through
         ? g_strdup_printf (_("PF %d − AF %d, an automatic hit (A-78); it breaks through into the units just behind (P-26)"),
                            obstacle->penetration, obstacle->armor_factor)
         : g_strdup_printf (_("PF %d − AF %d, an automatic hit (A-78)"),
                            obstacle->penetration, obstacle->armor_factor);
  adw_action_row_set_subtitle (self->shot_row, shot);
}

/* The odds of each unit ticked behind the obstacle, from the core. */
static void
show_behind (SlObjectFireSheet         *self,
             const SlObjectFirePreview *preview)
{
  const SlSetup *setup = sl_game_get_setup (self->game);

  gtk_widget_set_visible (GTK_WIDGET (self->behind_group), self->follow_through);
  for (guint i = 0; i < self->behind->len; i++)
    {
      Behind *k = &g_array_index (self->behind, Behind, i);
      gboolean ticked = gtk_check_button_get_active (k->check);
      char value[8] = "–";

      g_clear_pointer (&k->odds, g_free);
      for (guint j = 0; ticked && j < preview->behind->len; j++)
        {
          const SlBehindLine *b = &g_array_index (preview->behind, SlBehindLine, j);

          if (g_strcmp0 (b->unit, sl_setup_unit_at (setup, k->unit)->id) == 0)
            {
              g_free (k->odds);
              k->odds = b->has_roll ? sl_check_odds_words (&b->odds) : NULL;
            }
        }
      if (k->roll > 0)
        g_snprintf (value, sizeof value, "%d", k->roll);
      gtk_label_set_text (k->die, value);
      gtk_widget_set_visible (GTK_WIDGET (k->die), ticked);
      if (k == next_behind (self))
        gtk_widget_add_css_class (GTK_WIDGET (k->die), "accent");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (k->die), "accent");
      adw_action_row_set_subtitle (k->row, k->odds != NULL ? k->odds : "");
    }
}

/* What the sheet asks for, and the dice typed (for a screen reader). */
static void
update_prompt (SlObjectFireSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  Behind *next = next_behind (self);
  g_autofree int *typed = g_new0 (int, self->behind->len + 1);
  guint n_typed = 0;
  g_autofree char *text = NULL;

  if (self->charge)
    text = g_strdup (sl_sheet_get_app_rolls (SL_SHEET (self))
                     ? _("The app rolls the die.") : _("Type the d10 of T-32: 1–9, 0 for 10."));
  else if (next != NULL)
    /* "Type the die of Trooper Hale: 1–9, 0 for 10 — or Fire, and the app rolls it." */
    text = g_strdup_printf (_("Type the die of %s: 1–9, 0 for 10 — or Fire, and the app rolls it."),
                            sl_setup_unit_at (setup, next->unit)->label);
  else
    text = g_strdup (_("An automatic hit: no die to roll (A-78). Fire when the table is set."));
  sl_sheet_set_prompt (SL_SHEET (self), text);
  if (self->roll > 0)
    typed[n_typed++] = self->roll;
  for (guint i = 0; i < self->behind->len; i++)
    if (g_array_index (self->behind, Behind, i).roll > 0)
      typed[n_typed++] = g_array_index (self->behind, Behind, i).roll;
  sl_sheet_set_typed (SL_SHEET (self), typed, n_typed);
  if (self->charge)
    {
      char value[8] = "–";

      if (self->roll > 0)
        g_snprintf (value, sizeof value, "%d", self->roll);
      gtk_label_set_text (self->die_label, value);
    }
}

/* Asks the core what the fire would do, and shows it. */
static void
refresh (SlSheet *sheet)
{
  SlObjectFireSheet *self = SL_OBJECT_FIRE_SHEET (sheet);
  g_autoptr(JsonNode) command = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) error = NULL;
  SlObjectFirePreview preview;

  /* Whether it breaks through is the core's (P-26): asked first, without
   * the units behind. */
  if (!self->charge)
    {
      g_autoptr(JsonNode) plain = NULL;
      g_autoptr(JsonNode) first = NULL;
      SlObstacleDamage obstacle;

      self->follow_through = FALSE;
      plain = build_command (self, FALSE);
      first = sl_game_preview (self->game, plain, NULL, NULL);
      if (sl_obstacle_damage_read (first, &obstacle))
        self->follow_through = obstacle.follow_through;
      sl_obstacle_damage_clear (&obstacle);
    }
  command = build_command (self, FALSE);
  result = sl_game_preview (self->game, command, NULL, &error);
  g_clear_pointer (&self->outcome_text, g_free);
  self->can_fire = result != NULL;
  sl_sheet_clear_refusal (sheet);
  sl_sheet_set_can_apply (sheet, result != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->shot_row), !self->charge);
  if (result == NULL)
    {
      sl_sheet_refused (SL_SHEET (self), error);
      self->outcome_text = g_strdup (error->message);
      sl_sheet_set_odds (sheet, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->behind_group), FALSE);
      return;
    }
  sl_object_fire_preview_read (result, &preview);
  if (preview.wasted)
    {
      self->outcome_text = g_strdup (_("No roll: the shot is wasted, but it counts (A-17)."));
      gtk_widget_set_visible (GTK_WIDGET (self->shot_row), FALSE);
      self->follow_through = FALSE;
    }
  else if (self->charge)
    self->outcome_text = g_strdup (_("An automatic hit: the d10 of T-32 decides (P-36 step 5)"));
  else if (preview.at_obstacle)
    show_obstacle (self, &preview.obstacle);
  sl_sheet_set_odds (sheet, self->outcome_text);
  if (!self->charge)
    show_behind (self, &preview);
  sl_object_fire_preview_clear (&preview);
  update_prompt (self);
}

/* Fires with the dice given; closes the sheet. */
static gboolean
apply (SlObjectFireSheet *self)
{
  g_autoptr(JsonNode) command = build_command (self, TRUE);

  return sl_sheet_apply_command (SL_SHEET (self), command);
}

/* Fire (Ctrl+Return), the app rolling the dice not typed. */
static gboolean
fire (SlSheet *sheet)
{
  SlObjectFireSheet *self = SL_OBJECT_FIRE_SHEET (sheet);

  if (!self->can_fire)
    return FALSE;
  return apply (self);
}

gboolean
sl_object_fire_sheet_fire (SlObjectFireSheet *self)
{
  g_return_val_if_fail (SL_IS_OBJECT_FIRE_SHEET (self), FALSE);
  return sl_sheet_apply (SL_SHEET (self));
}

static gboolean
enter_die (SlSheet *sheet,
           int      value)
{
  SlObjectFireSheet *self = SL_OBJECT_FIRE_SHEET (sheet);
  Behind *next;

  if (!self->can_fire || value < 1 || value > 10)
    return FALSE;
  if (self->charge)
    {
      self->roll = value;
      update_prompt (self);
      return apply (self);
    }
  next = next_behind (self);
  if (next == NULL)
    return FALSE;
  next->roll = value;
  /* The table is settled once a die is thrown. */
  for (guint i = 0; i < self->behind->len; i++)
    gtk_widget_set_sensitive (GTK_WIDGET (g_array_index (self->behind, Behind, i).check), FALSE);
  if (next_behind (self) == NULL)
    return apply (self);
  refresh (sheet);
  return TRUE;
}

gboolean
sl_object_fire_sheet_enter_die (SlObjectFireSheet *self,
                                int                value)
{
  g_return_val_if_fail (SL_IS_OBJECT_FIRE_SHEET (self), FALSE);
  return sl_sheet_enter_die (SL_SHEET (self), value);
}

const char *
sl_object_fire_sheet_get_outcome (SlObjectFireSheet *self)
{
  g_return_val_if_fail (SL_IS_OBJECT_FIRE_SHEET (self), NULL);
  return self->outcome_text;
}

const char *
sl_object_fire_sheet_get_prompt (SlObjectFireSheet *self)
{
  g_return_val_if_fail (SL_IS_OBJECT_FIRE_SHEET (self), NULL);
  /* None when stuck: nothing to type. */
  return sl_sheet_can_give_up (SL_SHEET (self)) ? NULL : sl_sheet_get_prompt (SL_SHEET (self));
}

const char *
sl_object_fire_sheet_get_charge_odds (SlObjectFireSheet *self,
                                      const char        *result)
{
  g_return_val_if_fail (SL_IS_OBJECT_FIRE_SHEET (self), NULL);
  for (int r = 0; self->charge && r < SL_N_CHARGE_SHOT_RESULTS; r++)
    if (g_strcmp0 (sl_charge_shot_names[r], result) == 0)
      return self->charge_odds[r];
  return NULL;
}

gboolean
sl_object_fire_sheet_follows_through (SlObjectFireSheet *self)
{
  g_return_val_if_fail (SL_IS_OBJECT_FIRE_SHEET (self), FALSE);
  return self->follow_through;
}

static Behind *
find_behind (SlObjectFireSheet *self,
             int                unit)
{
  for (guint i = 0; i < self->behind->len; i++)
    if (g_array_index (self->behind, Behind, i).unit == unit)
      return &g_array_index (self->behind, Behind, i);
  return NULL;
}

gboolean
sl_object_fire_sheet_set_behind (SlObjectFireSheet *self,
                                 int                unit,
                                 gboolean           behind)
{
  Behind *k;

  g_return_val_if_fail (SL_IS_OBJECT_FIRE_SHEET (self), FALSE);
  k = find_behind (self, unit);
  if (!self->follow_through || k == NULL || !gtk_widget_is_sensitive (GTK_WIDGET (k->check)))
    return FALSE;
  gtk_check_button_set_active (k->check, behind);
  return TRUE;
}

const char *
sl_object_fire_sheet_get_behind_odds (SlObjectFireSheet *self,
                                      int                unit)
{
  Behind *k;

  g_return_val_if_fail (SL_IS_OBJECT_FIRE_SHEET (self), NULL);
  k = find_behind (self, unit);
  return k != NULL ? k->odds : NULL;
}

/* The firer's line of T-32: each result's rolls and their chance. */
static void
fill_charge_table (SlObjectFireSheet *self)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  const SlWeapon *weapon = sl_state_unit_weapon (setup, state, self->unit);
  GtkLabel *labels[] = { self->none_label, self->destroyed_label, self->explosion_label };
  SlChargeRow row;

  if (weapon == NULL)
    return;
  row = sl_weapon_get_profile (weapon, sl_state_unit_omni_mode (setup, state, self->unit))->charge_row;
  for (int r = 0; r < SL_N_CHARGE_SHOT_RESULTS; r++)
    {
      int low = 0, high = 0;

      for (int roll = 1; roll <= 10; roll++)
        if ((int) sl_charge_shot (rules, row, roll) == r)
          {
            low = low == 0 ? roll : low;
            high = roll;
          }
      if (low == 0)
        /* No roll gives it: "—" */
        self->charge_odds[r] = g_strdup ("\xe2\x80\x94");
      else if (low == high)
        /* "10 · 10 %" */
        self->charge_odds[r] = g_strdup_printf (_("%d · %.0f %%"), low, sl_charge_shot_odds (rules, row, r) * 100);
      else
        /* "1–3 · 30 %" */
        self->charge_odds[r] = g_strdup_printf (_("%d–%d · %.0f %%"), low, high,
                                                sl_charge_shot_odds (rules, row, r) * 100);
      gtk_label_set_text (labels[r], self->charge_odds[r]);
    }
}

/* A row per unit in the fight the table can see, the firer aside: any of
 * them may stand just behind the obstacle (P-26), the enemies first. */
static void
add_behind_rows (SlObjectFireSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autoptr(GArray) units = sl_table_model_get_units_on_table (sl_table_model_get_for_game (self->game),
                                                               SL_ON_TABLE_IN_FIGHT);
  g_autofree char *description = sl_table_labels_follow_through (sl_game_get_rules (self->game));
  int side = sl_setup_unit_at (setup, self->unit)->side;

  sl_group_set_description (self->behind_group, description);

  for (guint k_u = 0; k_u < 2 * units->len; k_u++)
    {
      int u = g_array_index (units, int, k_u % units->len);
      const SlUnitSetup *us = sl_setup_unit_at (setup, u);
      Behind k = { 0 };

      if ((us->side == side) == (k_u < units->len) || u == self->unit)
        continue;
      k.unit = u;
      k.row = ADW_ACTION_ROW (sl_check_row_new (us->label, NULL, &k.check));
      k.die = sl_sheet_die_slot_new (_("The follow-through die"));
      gtk_widget_set_visible (GTK_WIDGET (k.die), FALSE);
      adw_action_row_add_suffix (k.row, GTK_WIDGET (k.die));
      g_signal_connect_swapped (k.check, "toggled", G_CALLBACK (refresh), self);
      adw_preferences_group_add (self->behind_group, GTK_WIDGET (k.row));
      g_array_append_val (self->behind, k);
    }
}

/* The object fired at, by its label, and how it stands. */
static void
describe_object (SlObjectFireSheet *self)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlState *state = sl_game_get_state (self->game);
  const SlCurrentAction *current = &state->units[self->unit].current;
  const SlMarker *m = NULL;
  g_autofree char *words = NULL;
  const char *label = current->label;

  if (self->charge)
    {
      m = sl_state_find_marker (state, current->target_marker);
      label = m != NULL ? m->label : _("The charge");
    }
  else
    for (guint i = 0; i < state->markers->len; i++)
      {
        const SlMarker *k = &g_array_index (state->markers, SlMarker, i);

        if (k->kind == SL_MARKER_OBSTACLE && g_str_equal (k->label, current->label))
          m = k;
      }
  if (m != NULL)
    words = sl_marker_words (self->game, m);
  else if (!self->charge && current->obstacle > 0 && current->obstacle <= (int) rules->obstacles.items->len)
    /* "Internal Door · no damage yet (P-25)" */
    words = g_strdup_printf (_("%s · no damage yet (P-25)"),
                             ((const SlObstacle *) g_ptr_array_index (rules->obstacles.items,
                                                                      current->obstacle - 1))->name);
  else
    words = g_strdup (_("It is no longer on the table"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->object_row), label);
  adw_action_row_set_subtitle (self->object_row, words);
  {
    g_autofree char *title = g_strdup_printf (_("%s Fires at %s"),
                                              sl_setup_unit_at (sl_game_get_setup (self->game), self->unit)->label,
                                              label);

    adw_window_title_set_title (self->title, title);
    sl_sheet_set_title (SL_SHEET (self), title);
  }
}

static void
sl_object_fire_sheet_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), SL_TYPE_OBJECT_FIRE_SHEET);
  G_OBJECT_CLASS (sl_object_fire_sheet_parent_class)->dispose (object);
}

static void
sl_object_fire_sheet_finalize (GObject *object)
{
  SlObjectFireSheet *self = SL_OBJECT_FIRE_SHEET (object);

  g_array_unref (self->behind);
  g_free (self->outcome_text);
  for (int r = 0; r < SL_N_CHARGE_SHOT_RESULTS; r++)
    g_free (self->charge_odds[r]);
  G_OBJECT_CLASS (sl_object_fire_sheet_parent_class)->finalize (object);
}

static void
sl_object_fire_sheet_class_init (SlObjectFireSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  SlSheetClass *sheet_class = SL_SHEET_CLASS (klass);

  object_class->dispose = sl_object_fire_sheet_dispose;
  object_class->finalize = sl_object_fire_sheet_finalize;
  sheet_class->enter_die = enter_die;
  sheet_class->refresh = refresh;
  sheet_class->apply = fire;
  sheet_class->show_refusal = show_refusal;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/squadlog/SquadLog/sl-object-fire-sheet.ui");
  sl_sheet_class_bind_template_parts (widget_class, SL_SHEET_ALL_PARTS);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, title);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, object_group);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, object_row);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, shot_row);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, none_row);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, destroyed_row);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, explosion_row);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, die_row);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, none_label);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, destroyed_label);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, explosion_label);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, die_label);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, behind_group);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, burst_row);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, burst);
  gtk_widget_class_bind_template_child (widget_class, SlObjectFireSheet, no_los);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "sheet.apply", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK,
                                       "sheet.apply", NULL);
}

static void
sl_object_fire_sheet_init (SlObjectFireSheet *self)
{
  self->behind = g_array_new (FALSE, TRUE, sizeof (Behind));
  g_array_set_clear_func (self->behind, behind_clear);
  gtk_widget_init_template (GTK_WIDGET (self));
}

SlObjectFireSheet *
sl_object_fire_sheet_new (GtkWindow *parent,
                          SlGame    *game,
                          int        unit,
                          gboolean   app_rolls)
{
  SlObjectFireSheet *self;
  GtkWidget *fire_button;
  const SlUnitState *u;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_OBJECT_FIRE_SHEET, "window", parent, "game", game,
                       "unit", unit, "app-rolls", app_rolls, NULL);
  self->game = game;
  self->unit = unit;
  u = &sl_game_get_state (game)->units[unit];
  self->charge = u->current.target_marker > 0;
  adw_window_title_set_subtitle (self->title, self->charge ? _("Fire at a charge (P-36 step 5)")
                                                           : _("Fire at an obstacle (P-25)"));
  sl_group_set_title (self->object_group, self->charge ? _("The Charge") : _("The Obstacle"));
  fire_button = sl_sheet_get_roll_button (SL_SHEET (self));
  sl_a11y_set_button_label (GTK_BUTTON (fire_button), self->charge ? _("_Roll for Me") : _("_Fire"));
  if (self->charge)
    gtk_widget_set_tooltip_text (fire_button, _("The app rolls the die, and the shot is resolved "
                                                "(Ctrl+Return)"));
  else
    gtk_widget_set_tooltip_text (fire_button, _("The shot is resolved, the app rolling the dice not typed "
                                                "(Ctrl+Return)"));
  gtk_widget_set_visible (self->none_row, self->charge);
  gtk_widget_set_visible (self->destroyed_row, self->charge);
  gtk_widget_set_visible (self->explosion_row, self->charge);
  gtk_widget_set_visible (self->die_row, self->charge);
  /* §15.3: a burst is one hit; one declared with the fire is the
   * one fired (P-30 step 2). */
  if (sl_unit_fires_bursts (game, unit))
    {
      gboolean declared = u->current.burst == SL_BURST_CONCENTRATED;

      gtk_widget_set_visible (self->burst_row, TRUE);
      gtk_switch_set_active (self->burst, declared);
      gtk_widget_set_sensitive (self->burst_row, !declared);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->burst_row),
                                   declared ? _("Declared with the fire (P-30 step 2)")
                                            : _("A burst of the weapon in hand (P-30, A-78)"));
    }
  describe_object (self);
  if (self->charge)
    fill_charge_table (self);
  else
    add_behind_rows (self);
  sl_sheet_ready (SL_SHEET (self));
  return self;
}
