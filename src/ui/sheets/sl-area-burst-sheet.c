/* sl-area-burst-sheet.c: the resolution sheet of an area burst (P-30
 * step 4) — the players name the units in the burst's wedge (the app
 * never sees the table): for each its distance from the firer, its cover
 * and its to-hit die. The core engages them nearest first until every
 * round has hit and gives the odds of each roll before it is made
 * (sl_game_preview); the sheet asks for the dice in the core's order, one
 * key press each (1–9, 0 for 10), and the jam check's die after a natural
 * 1 on the first roll (P-16, A-56) — or the app rolls them. The layout
 * is ui/sl-area-burst-sheet.ui; the rows, one per unit in the wedge, are
 * built here.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "sl-area-burst-sheet-private.h"
#include "sl-area-burst-sheet.h"
#include "sl-combat.h"
#include "sl-command-new.h"
#include "sl-preview.h"
#include "sl-ui-util.h"

/* One unit in the wedge: its row and what the players typed. */
typedef struct
{
  AdwExpanderRow *row;
  AdwComboRow    *unit_row;
  GtkSpinButton  *distance;
  AdwComboRow    *cover_row;
  GtkSwitch      *at_firer;
  AdwActionRow   *modifiers;
  GtkLabel       *die;
  GtkWidget      *remove;
  int             roll;      /* the to-hit die typed, 0 until then */
  char           *odds;      /* "Needs 6 or less · 60 %", or why not */
} Target;

struct _SlAreaBurstSheet
{
  SlSheet               parent_instance;

  SlGame               *game;        /* the sheet's (sl_sheet_get_game) */
  int                   unit;
  GArray               *offered;     /* int: the units the rows offer */
  GPtrArray            *targets;     /* Target */
  int                   jam_roll;    /* the jam check's die typed, 0 until then */
  gboolean              can_fire;
  gboolean              settled;     /* a die is in: the table is as it stands */
  Target               *asking;      /* the unit whose die is asked for, or NULL */
  gboolean              asking_jam;

  AdwWindowTitle       *title;
  AdwPreferencesGroup  *targets_group;
  AdwActionRow         *jam_row;
  GtkLabel             *jam_label;
  GtkSwitch            *smoke;
};

G_DEFINE_FINAL_TYPE (SlAreaBurstSheet, sl_area_burst_sheet, SL_TYPE_SHEET)

/* The command's fields the sheet sets: a refusal of one of them can be put
 * right here (sl_refusal_fixable). */
static const char * const inputs[] = { "targets", "smoke", "jam_roll", NULL };

static void
target_free (gpointer data)
{
  Target *t = data;

  g_free (t->odds);
  g_free (t);
}

/* The unit row @t names, or -1. */
static int
target_unit (SlAreaBurstSheet *self,
             const Target     *t)
{
  guint selected = adw_combo_row_get_selected (t->unit_row);

  return selected < self->offered->len ? g_array_index (self->offered, int, selected) : -1;
}

static void
add_target (SlAreaBurstSheet *self,
            GArray           *targets,
            const Target     *t,
            gboolean          with_dice)
{
  guint cover = adw_combo_row_get_selected (t->cover_row);
  SlAreaBurstTarget target = { 0 };

  target.unit = target_unit (self, t);
  /* Always measured: it orders the burst, and in rain or snow it is the
   * range that reads the weather (T-36, A-118). */
  target.distance_m = gtk_spin_button_get_value (t->distance);
  if (cover != GTK_INVALID_LIST_POSITION && cover > 0 && cover < SL_N_COVERS)
    target.cover = cover;
  target.firing_at_firer = gtk_switch_get_active (t->at_firer);
  if (with_dice)
    target.roll = t->roll;
  g_array_append_val (targets, target);
}

/* The area-burst command: every unit in the wedge, or @only; the dice
 * typed so far when @with_dice. */
static JsonNode *
build_command (SlAreaBurstSheet *self,
               const Target     *only,
               gboolean          with_dice)
{
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (SlAreaBurstTarget));
  SlAreaBurstCommand burst = { 0 };

  if (only != NULL)
    add_target (self, targets, only, with_dice);
  else
    for (guint i = 0; i < self->targets->len; i++)
      add_target (self, targets, g_ptr_array_index (self->targets, i), with_dice);
  burst.unit = self->unit;
  burst.targets = (const SlAreaBurstTarget *) targets->data;
  burst.n_targets = targets->len;
  burst.smoke = gtk_switch_get_active (self->smoke);
  if (with_dice)
    burst.jam_roll = self->jam_roll;
  return sl_command_new_area_burst (sl_game_get_setup (self->game), &burst);
}

JsonNode *
sl_area_burst_sheet_get_command (SlAreaBurstSheet *self)
{
  g_return_val_if_fail (SL_IS_AREA_BURST_SHEET (self), NULL);
  return build_command (self, NULL, FALSE);
}

static Target *
find_target_by_id (SlAreaBurstSheet *self,
                   const char       *id)
{
  const SlSetup *setup = sl_game_get_setup (self->game);

  for (guint i = 0; i < self->targets->len; i++)
    {
      Target *t = g_ptr_array_index (self->targets, i);
      int unit = target_unit (self, t);

      if (unit >= 0 && g_strcmp0 (sl_setup_unit_at (setup, unit)->id, id) == 0)
        return t;
    }
  return NULL;
}

/* Which die the burst needs next, given those in, in the order the core
 * engages the units (nearest first, until every round has hit): a unit's
 * to-hit die, or the jam check's after a natural 1 on the first roll. The
 * core says; FALSE when every die needed is in (or the burst is refused). */
static gboolean
next_die (SlAreaBurstSheet  *self,
          Target           **target,
          gboolean          *jam)
{
  g_autoptr(JsonNode) command = build_command (self, NULL, TRUE);
  g_autoptr(JsonNode) result = sl_game_preview (self->game, command, NULL, NULL);
  SlAreaBurstPreview preview;
  gboolean first = TRUE;
  gboolean more = FALSE;

  *target = NULL;
  *jam = FALSE;
  sl_area_burst_preview_read (result, &preview);
  for (guint k = 0; k < preview.targets->len && !more; k++)
    {
      const SlAreaBurstLine *line = &g_array_index (preview.targets, SlAreaBurstLine, k);
      Target *t;

      if (!line->engaged)
        continue;
      t = find_target_by_id (self, line->unit);
      if (t == NULL)
        continue;
      if (t->roll == 0)
        {
          *target = t;
          more = TRUE;
        }
      /* one jam check, on the first roll; asked for once it is in. */
      else if (first && preview.jam_due && self->jam_roll == 0)
        {
          *jam = TRUE;
          more = TRUE;
        }
      first = FALSE;
    }
  sl_area_burst_preview_clear (&preview);
  return more;
}

static void
show_die (GtkLabel *label,
          int       value,
          gboolean  asked,
          gboolean  app_rolls)
{
  g_autofree char *text = value > 0 ? g_strdup_printf ("%d", value) : g_strdup (asked ? "?" : "–");

  gtk_label_set_text (label, text);
  if (asked)
    gtk_widget_add_css_class (GTK_WIDGET (label), "accent");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (label), "accent");
  if (value == 0 && app_rolls && !asked)
    gtk_widget_add_css_class (GTK_WIDGET (label), "dim-label");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (label), "dim-label");
}

/* The die asked for, on its row and in the prompt; the dice typed, in
 * the rows' order, for a screen reader. */
static void
update_prompt (SlAreaBurstSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  gboolean app_rolls = sl_sheet_get_app_rolls (SL_SHEET (self));
  g_autofree int *typed = g_new0 (int, self->targets->len + 1);
  guint n_typed = 0;
  g_autofree char *text = NULL;

  next_die (self, &self->asking, &self->asking_jam);
  for (guint i = 0; i < self->targets->len; i++)
    {
      Target *t = g_ptr_array_index (self->targets, i);

      show_die (t->die, t->roll, t == self->asking, app_rolls);
      if (t->roll > 0)
        typed[n_typed++] = t->roll;
    }
  if (self->jam_roll > 0)
    typed[n_typed++] = self->jam_roll;
  sl_sheet_set_typed (SL_SHEET (self), typed, n_typed);
  gtk_widget_set_visible (GTK_WIDGET (self->jam_row), self->asking_jam || self->jam_roll > 0);
  show_die (self->jam_label, self->jam_roll, self->asking_jam, FALSE);
  if (self->asking_jam)
    text = g_strdup (_("A natural 1: the jam check (P-16). Type its die: 1–9, 0 for 10."));
  else if (self->asking != NULL && app_rolls && !self->settled)
    text = g_strdup (_("The app rolls the dice, or type them as they are asked for: 1–9, 0 for 10."));
  else if (self->asking != NULL)
    /* "13 · Trooper Hale: type the die (1–9, 0 for 10)." */
    text = g_strdup_printf (_("%s: type the die (1–9, 0 for 10)."),
                            sl_setup_unit_at (setup, target_unit (self, self->asking))->label);
  else
    text = g_strdup (_("Name the units in the burst’s wedge."));
  sl_sheet_set_prompt (SL_SHEET (self), text);
}

/* The burst is refused: why, plainly; when nothing on the sheet can put it
 * right (a jammed weapon, the rate of fire …), the way on is to give up
 * the unit's action (§6.1). */
static void
show_refusal (SlSheet      *sheet,
              const GError *error)
{
  SlAreaBurstSheet *self = SL_AREA_BURST_SHEET (sheet);
  gboolean stuck = !sl_refusal_fixable (error, inputs) || self->offered->len == 0;
  const char *field = sl_rule_error_get_field (error);
  Target *t = NULL;
  g_autofree char *text = NULL;

  /* A refusal of one unit in the wedge ("targets[1].distance_m": beyond
   * what the firer can see, A-46 …) names it, and opens its row. */
  if (field != NULL && g_str_has_prefix (field, "targets["))
    {
      guint64 i = g_ascii_strtoull (field + strlen ("targets["), NULL, 10);

      t = i < self->targets->len ? g_ptr_array_index (self->targets, i) : NULL;
    }
  if (t != NULL && target_unit (self, t) >= 0)
    {
      const char *label = sl_setup_unit_at (sl_game_get_setup (self->game), target_unit (self, t))->label;
      g_autofree char *prompt = g_strdup_printf (_("Change the row of %s, or take it out of the wedge."),
                                                 label);

      /* Translators: a unit in an area burst's wedge, and why the core
       * refuses it: "3 · Trooper Amari: In Heavy Woods nothing is seen …" */
      text = g_strdup_printf (_("%s: %s"), label, error->message);
      sl_sheet_set_prompt (SL_SHEET (self), prompt);
      adw_expander_row_set_expanded (t->row, TRUE);
    }
  sl_sheet_show_refusal (SL_SHEET (self), text != NULL ? text : error->message, stuck);
}

/* Row @t's odds before its roll, from a preview of the burst at it alone:
 * its number does not hang on the other rolls, which the full preview
 * would roll for the occasion. */
static void
refresh_target (SlAreaBurstSheet *self,
                Target           *t,
                gboolean          firer_refused)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autoptr(JsonNode) command = build_command (self, t, FALSE);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = firer_refused ? NULL : sl_game_preview (self->game, command, NULL, &error);
  g_autoptr(GString) modifiers = g_string_new (NULL);
  g_autofree char *distance = NULL;
  g_autofree char *subtitle = NULL;
  int unit = target_unit (self, t);
  SlAreaBurstPreview preview;
  const SlAreaBurstLine *line;

  g_clear_pointer (&t->odds, g_free);
  sl_area_burst_preview_read (result, &preview);
  line = preview.targets->len > 0 ? &g_array_index (preview.targets, SlAreaBurstLine, 0) : NULL;
  if (line != NULL && line->engaged)
    {
      t->odds = line->has_roll ? sl_check_odds_words (&line->odds) : NULL;
      for (guint i = 0; line->breakdown != NULL && i < sl_breakdown_size (line->breakdown); i++)
        {
          const SlModifier *m = sl_breakdown_get (line->breakdown, i);
          g_autofree char *value = sl_signed_text (m->value);

          if (modifiers->len > 0)
            g_string_append_c (modifiers, '\n');
          /* "Area burst +3" */
          g_string_append_printf (modifiers, "%s %s", m->label, value);
        }
    }
  else if (line != NULL && line->reason != NULL)
    t->odds = g_strdup (line->reason);
  else if (error != NULL)
    t->odds = g_strdup (error->message);
  sl_area_burst_preview_clear (&preview);
  if (modifiers->len == 0)
    g_string_assign (modifiers, _("No modifier: the basic number (T-01)"));
  adw_action_row_set_subtitle (t->modifiers, modifiers->str);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (t->row),
                                 unit >= 0 ? sl_setup_unit_at (setup, unit)->label : _("No unit to engage"));
  /* Translators: a distance in metres, as "8 m". */
  distance = g_strdup_printf (_("%g m"), gtk_spin_button_get_value (t->distance));
  /* "8 m · Needs 6 or less · 60 %" */
  subtitle = t->odds != NULL ? g_strdup_printf ("%s · %s", distance, t->odds) : g_strdup (distance);
  adw_expander_row_set_subtitle (t->row, subtitle);
}

/* Asks the core what the burst would be, and shows it. */
static void
refresh (SlSheet *sheet)
{
  SlAreaBurstSheet *self = SL_AREA_BURST_SHEET (sheet);
  g_autoptr(JsonNode) command = build_command (self, NULL, TRUE);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = sl_game_preview (self->game, command, NULL, &error);
  const char *field = result == NULL ? sl_rule_error_get_field (error) : NULL;
  /* A refusal of the firer (a jam, the rate of fire …) is the same for
   * every unit in the wedge: said once, at the top. */
  gboolean firer_refused = result == NULL && (field == NULL || !g_str_has_prefix (field, "targets"));

  self->can_fire = result != NULL;
  for (guint i = 0; i < self->targets->len; i++)
    refresh_target (self, g_ptr_array_index (self->targets, i), firer_refused);
  sl_sheet_clear_refusal (sheet);
  sl_sheet_set_can_apply (sheet, self->can_fire);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "burst.add-target",
                                 !self->settled && self->targets->len < self->offered->len);
  update_prompt (self);
  if (result == NULL)
    sl_sheet_refused (SL_SHEET (self), error);
}

/* Once a die is thrown the table is as it stands. */
static void
settle (SlAreaBurstSheet *self)
{
  self->settled = TRUE;
  for (guint i = 0; i < self->targets->len; i++)
    {
      Target *t = g_ptr_array_index (self->targets, i);
      GtkWidget *distance_row = gtk_widget_get_ancestor (GTK_WIDGET (t->distance), ADW_TYPE_ACTION_ROW);
      GtkWidget *at_firer_row = gtk_widget_get_ancestor (GTK_WIDGET (t->at_firer), ADW_TYPE_ACTION_ROW);

      gtk_widget_set_sensitive (GTK_WIDGET (t->unit_row), FALSE);
      gtk_widget_set_sensitive (distance_row, FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (t->cover_row), FALSE);
      gtk_widget_set_sensitive (at_firer_row, FALSE);
      gtk_widget_set_sensitive (t->remove, FALSE);
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->smoke), FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "burst.add-target", FALSE);
}

static gboolean
apply (SlSheet *sheet)
{
  SlAreaBurstSheet *self = SL_AREA_BURST_SHEET (sheet);
  g_autoptr(JsonNode) command = build_command (self, NULL, TRUE);

  return sl_sheet_apply_command (sheet, command);
}

gboolean
sl_area_burst_sheet_apply (SlAreaBurstSheet *self)
{
  g_return_val_if_fail (SL_IS_AREA_BURST_SHEET (self), FALSE);
  return sl_sheet_apply (SL_SHEET (self));
}

static gboolean
enter_die (SlSheet *sheet,
           int      value)
{
  SlAreaBurstSheet *self = SL_AREA_BURST_SHEET (sheet);
  Target *target;
  gboolean jam;

  if (!self->can_fire || value < 1 || value > 10)
    return FALSE;
  if (!next_die (self, &target, &jam))
    return apply (sheet);
  if (jam)
    self->jam_roll = value;
  else
    target->roll = value;
  if (!self->settled)
    settle (self);
  if (next_die (self, &target, &jam))
    {
      update_prompt (self);
      return TRUE;
    }
  return apply (sheet);
}

gboolean
sl_area_burst_sheet_enter_die (SlAreaBurstSheet *self,
                               int               value)
{
  g_return_val_if_fail (SL_IS_AREA_BURST_SHEET (self), FALSE);
  return sl_sheet_enter_die (SL_SHEET (self), value);
}

gboolean
sl_area_burst_sheet_can_give_up (SlAreaBurstSheet *self)
{
  g_return_val_if_fail (SL_IS_AREA_BURST_SHEET (self), FALSE);
  return sl_sheet_can_give_up (SL_SHEET (self));
}

gboolean
sl_area_burst_sheet_give_up (SlAreaBurstSheet *self)
{
  g_return_val_if_fail (SL_IS_AREA_BURST_SHEET (self), FALSE);
  return sl_sheet_give_up (SL_SHEET (self));
}

const char *
sl_area_burst_sheet_get_odds (SlAreaBurstSheet *self,
                              guint             index)
{
  g_return_val_if_fail (SL_IS_AREA_BURST_SHEET (self), NULL);
  g_return_val_if_fail (index < self->targets->len, NULL);
  return ((Target *) g_ptr_array_index (self->targets, index))->odds;
}

const char *
sl_area_burst_sheet_get_prompt (SlAreaBurstSheet *self)
{
  g_return_val_if_fail (SL_IS_AREA_BURST_SHEET (self), NULL);
  return sl_sheet_get_prompt (SL_SHEET (self));
}

const char *
sl_area_burst_sheet_get_problem (SlAreaBurstSheet *self)
{
  g_return_val_if_fail (SL_IS_AREA_BURST_SHEET (self), NULL);
  return sl_sheet_get_problem (SL_SHEET (self));
}

guint
sl_area_burst_sheet_get_n_targets (SlAreaBurstSheet *self)
{
  g_return_val_if_fail (SL_IS_AREA_BURST_SHEET (self), 0);
  return self->targets->len;
}

gboolean
sl_area_burst_sheet_offers (SlAreaBurstSheet *self,
                            int               unit)
{
  g_return_val_if_fail (SL_IS_AREA_BURST_SHEET (self), FALSE);
  for (guint i = 0; i < self->offered->len; i++)
    if (g_array_index (self->offered, int, i) == unit)
      return TRUE;
  return FALSE;
}

gboolean
sl_area_burst_sheet_set_target (SlAreaBurstSheet *self,
                                guint             index,
                                int               unit,
                                double            distance_m,
                                int               cover)
{
  Target *t;

  g_return_val_if_fail (SL_IS_AREA_BURST_SHEET (self), FALSE);
  g_return_val_if_fail (index < self->targets->len, FALSE);
  t = g_ptr_array_index (self->targets, index);
  for (guint i = 0; i < self->offered->len; i++)
    if (g_array_index (self->offered, int, i) == unit)
      {
        adw_combo_row_set_selected (t->unit_row, i);
        gtk_spin_button_set_value (t->distance, distance_m);
        adw_combo_row_set_selected (t->cover_row, (guint) CLAMP (cover, 0, SL_N_COVERS - 1));
        return TRUE;
      }
  return FALSE;
}

void
sl_area_burst_sheet_remove_target (SlAreaBurstSheet *self,
                                   guint             index)
{
  Target *t;

  g_return_if_fail (SL_IS_AREA_BURST_SHEET (self));
  g_return_if_fail (index < self->targets->len);
  if (self->settled)
    return;
  t = g_ptr_array_index (self->targets, index);
  adw_preferences_group_remove (self->targets_group, GTK_WIDGET (t->row));
  g_ptr_array_remove_index (self->targets, index);
  sl_sheet_refresh (SL_SHEET (self));
}

static void
remove_clicked_cb (GtkButton        *button,
                   SlAreaBurstSheet *self)
{
  for (guint i = 0; i < self->targets->len; i++)
    if (((Target *) g_ptr_array_index (self->targets, i))->remove == GTK_WIDGET (button))
      {
        sl_area_burst_sheet_remove_target (self, i);
        return;
      }
}

/* The unit of a new row: the first one offered that no row names yet. */
static guint
unnamed_unit (SlAreaBurstSheet *self)
{
  for (guint i = 0; i < self->offered->len; i++)
    {
      gboolean named = FALSE;

      for (guint k = 0; k < self->targets->len && !named; k++)
        named = adw_combo_row_get_selected (((Target *) g_ptr_array_index (self->targets, k))->unit_row) == i;
      if (!named)
        return i;
    }
  return 0;
}

/* At the end of @t's row: the die as typed, and the way out of the
 * wedge. */
static void
add_row_actions (SlAreaBurstSheet *self,
                 Target           *t)
{
  t->die = sl_sheet_die_slot_new (_("The to-hit die"));
  adw_expander_row_add_action (t->row, GTK_WIDGET (t->die));
  t->remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_valign (t->remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (t->remove, "flat");
  gtk_widget_set_tooltip_text (t->remove, _("Remove from the wedge"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (t->remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove from the wedge"), -1);
  g_signal_connect (t->remove, "clicked", G_CALLBACK (remove_clicked_cb), self);
  adw_expander_row_add_action (t->row, t->remove);
}

/* In @t's row: its unit, its distance from the firer (@distance to begin
 * with), its cover, whether it fired at the firer, and its modifiers. */
static void
add_row_rows (SlAreaBurstSheet *self,
              Target           *t,
              double            distance)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autoptr(GtkStringList) units = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) covers = gtk_string_list_new (NULL);

  for (guint i = 0; i < self->offered->len; i++)
    gtk_string_list_append (units, sl_setup_unit_at (setup, g_array_index (self->offered, int, i))->label);
  for (int c = 0; c < SL_N_COVERS; c++)
    gtk_string_list_append (covers, sl_cover_label (c));
  t->unit_row = ADW_COMBO_ROW (sl_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (t->unit_row), _("Unit"));
  adw_combo_row_set_model (t->unit_row, G_LIST_MODEL (units));
  adw_combo_row_set_selected (t->unit_row, unnamed_unit (self));
  adw_expander_row_add_row (t->row, GTK_WIDGET (t->unit_row));
  t->distance = sl_spin_row_add (GTK_WIDGET (t->row), _("Distance from the firer (m)"), 0, 999, 0.5);
  gtk_spin_button_set_digits (t->distance, 1);
  gtk_spin_button_set_value (t->distance, distance);
  t->cover_row = ADW_COMBO_ROW (sl_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (t->cover_row), _("Cover"));
  adw_combo_row_set_model (t->cover_row, G_LIST_MODEL (covers));
  adw_expander_row_add_row (t->row, GTK_WIDGET (t->cover_row));
  t->at_firer = sl_switch_row_add (GTK_WIDGET (t->row), _("It fired at the firer"), NULL);
  t->modifiers = ADW_ACTION_ROW (sl_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (t->modifiers), _("Modifiers"));
  adw_action_row_set_subtitle_lines (t->modifiers, 0);
  adw_expander_row_add_row (t->row, GTK_WIDGET (t->modifiers));
}

/* A new row of the wedge, open, the rows before it folded up. */
static void
add_target_row (SlAreaBurstSheet *self)
{
  Target *t = g_new0 (Target, 1);
  double distance = 5;

  /* The next unit is likeliest a little farther: start from the last. */
  if (self->targets->len > 0)
    distance = gtk_spin_button_get_value (((Target *) g_ptr_array_index (self->targets,
                                                                         self->targets->len - 1))->distance);
  t->row = ADW_EXPANDER_ROW (sl_expander_row_new ());
  adw_expander_row_set_expanded (t->row, TRUE);
  add_row_actions (self, t);
  add_row_rows (self, t, distance);
  /* The rows named before fold up: their units and dice stay in sight. */
  for (guint i = 0; i < self->targets->len; i++)
    adw_expander_row_set_expanded (((Target *) g_ptr_array_index (self->targets, i))->row, FALSE);
  adw_preferences_group_add (self->targets_group, GTK_WIDGET (t->row));
  g_ptr_array_add (self->targets, t);

  g_signal_connect_swapped (t->unit_row, "notify::selected", G_CALLBACK (sl_sheet_refresh), self);
  g_signal_connect_swapped (t->distance, "value-changed", G_CALLBACK (sl_sheet_refresh), self);
  /* A distance typed and Enter pressed: the keys are dice again. */
  sl_sheet_return_on_enter (SL_SHEET (self), GTK_EDITABLE (t->distance));
  g_signal_connect_swapped (t->cover_row, "notify::selected", G_CALLBACK (sl_sheet_refresh), self);
  g_signal_connect_swapped (t->at_firer, "notify::active", G_CALLBACK (sl_sheet_refresh), self);
}

guint
sl_area_burst_sheet_add_target (SlAreaBurstSheet *self)
{
  g_return_val_if_fail (SL_IS_AREA_BURST_SHEET (self), 0);
  add_target_row (self);
  sl_sheet_refresh (SL_SHEET (self));
  return self->targets->len - 1;
}

static void
add_target_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  SlAreaBurstSheet *self = SL_AREA_BURST_SHEET (widget);
  Target *t;

  sl_area_burst_sheet_add_target (self);
  /* Keyboard first: on to the new row's unit. */
  t = g_ptr_array_index (self->targets, self->targets->len - 1);
  gtk_widget_grab_focus (GTK_WIDGET (t->unit_row));
}

static void
sl_area_burst_sheet_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), SL_TYPE_AREA_BURST_SHEET);
  G_OBJECT_CLASS (sl_area_burst_sheet_parent_class)->dispose (object);
}

static void
sl_area_burst_sheet_finalize (GObject *object)
{
  SlAreaBurstSheet *self = SL_AREA_BURST_SHEET (object);

  g_clear_pointer (&self->offered, g_array_unref);
  g_ptr_array_unref (self->targets);
  G_OBJECT_CLASS (sl_area_burst_sheet_parent_class)->finalize (object);
}

static void
sl_area_burst_sheet_class_init (SlAreaBurstSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  SlSheetClass *sheet_class = SL_SHEET_CLASS (klass);

  object_class->dispose = sl_area_burst_sheet_dispose;
  object_class->finalize = sl_area_burst_sheet_finalize;
  sheet_class->enter_die = enter_die;
  sheet_class->refresh = refresh;
  sheet_class->apply = apply;
  sheet_class->show_refusal = show_refusal;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/squadlog/SquadLog/sl-area-burst-sheet.ui");
  sl_sheet_class_bind_template_parts (widget_class, SL_SHEET_PROMPT | SL_SHEET_ROLL |
                                                    SL_SHEET_GIVE_UP);
  gtk_widget_class_bind_template_child (widget_class, SlAreaBurstSheet, title);
  gtk_widget_class_bind_template_child (widget_class, SlAreaBurstSheet, targets_group);
  gtk_widget_class_bind_template_child (widget_class, SlAreaBurstSheet, jam_row);
  gtk_widget_class_bind_template_child (widget_class, SlAreaBurstSheet, jam_label);
  gtk_widget_class_bind_template_child (widget_class, SlAreaBurstSheet, smoke);

  gtk_widget_class_install_action (widget_class, "burst.add-target", NULL, add_target_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "burst.add-target", NULL);
}

static void
sl_area_burst_sheet_init (SlAreaBurstSheet *self)
{
  self->targets = g_ptr_array_new_with_free_func (target_free);
  gtk_widget_init_template (GTK_WIDGET (self));
}

SlAreaBurstSheet *
sl_area_burst_sheet_new (GtkWindow *parent,
                         SlGame    *game,
                         int        unit,
                         gboolean   app_rolls)
{
  SlAreaBurstSheet *self;
  const SlUnitSetup *us;
  g_autofree char *title = NULL;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_AREA_BURST_SHEET, "window", parent, "game", game,
                       "unit", unit, "app-rolls", app_rolls, NULL);
  self->game = game;
  self->unit = unit;
  /* Enemies in the fight, as the shared screen shows them: never an
   * undetected hidden unit (§15.1, A-95). */
  self->offered = sl_fire_targets (game, unit, NULL);
  /* "13 · Trooper Hale Fires an Area Burst" */
  us = sl_setup_unit_at (sl_game_get_setup (game), unit);
  title = g_strdup_printf (_("%s Fires an Area Burst"), us->label);
  sl_sheet_set_title (SL_SHEET (self), title);
  adw_window_title_set_title (self->title, title);
  if (self->offered->len > 0)
    add_target_row (self);
  sl_sheet_ready (SL_SHEET (self));
  return self;
}
