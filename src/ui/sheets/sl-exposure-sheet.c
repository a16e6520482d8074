/* sl-exposure-sheet.c: units go inside or out together (T-36, A-120) —
 * when a compartment opens to vacuum (a blown airlock, a breached hull,
 * A-134) everyone in it is out in the vacuum at once. The players choose
 * which way and the units; one `exposure` command moves them, told to the
 * table and undone like any other. The layout is ui/sl-exposure-sheet.ui;
 * the rows, one per unit on the table, are built here.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-command-new.h"
#include "sl-exposure-sheet-private.h"
#include "sl-exposure-sheet.h"
#include "sl-table-model.h"
#include "sl-ui-util.h"

struct _SlExposureSheet
{
  SlSheet         parent_instance;

  SlGame         *game;      /* the sheet's (sl_sheet_get_game) */
  GArray         *offered;   /* int: the units with a row */
  GPtrArray      *checks;    /* GtkCheckButton, one per row */

  AdwWindowTitle *title;
  AdwActionRow   *outside_row;
  GtkCheckButton *outside;
  GtkCheckButton *inside;
  AdwPreferencesGroup *units;
};

G_DEFINE_FINAL_TYPE (SlExposureSheet, sl_exposure_sheet, SL_TYPE_SHEET)

static gboolean
going_inside (SlExposureSheet *self)
{
  return gtk_check_button_get_active (self->inside);
}

/* A unit already where the units go is not offered (the core would
 * refuse it); the units chosen go. */
static void
refresh (SlSheet *sheet)
{
  SlExposureSheet *self = SL_EXPOSURE_SHEET (sheet);
  const SlState *state = sl_game_get_state (self->game);
  gboolean inside = going_inside (self);
  gboolean any = FALSE;

  for (guint i = 0; i < self->offered->len; i++)
    {
      int unit = g_array_index (self->offered, int, i);
      GtkWidget *check = g_ptr_array_index (self->checks, i);
      GtkWidget *row = gtk_widget_get_ancestor (check, ADW_TYPE_ACTION_ROW);
      gboolean there = state->units[unit].inside == inside;

      gtk_widget_set_sensitive (row, !there);
      if (there)
        gtk_check_button_set_active (GTK_CHECK_BUTTON (check), FALSE);
      any |= gtk_check_button_get_active (GTK_CHECK_BUTTON (check));
    }
  sl_sheet_set_can_apply (sheet, any);
}

/* Once the one chosen is on (the other is turned off first). */
static void
direction_toggled_cb (SlExposureSheet *self,
                      GtkCheckButton  *check)
{
  if (!gtk_check_button_get_active (check))
    return;
  sl_sheet_show_problem (SL_SHEET (self), NULL);
  sl_sheet_refresh (SL_SHEET (self));
}

void
sl_exposure_sheet_set_inside (SlExposureSheet *self,
                              gboolean         inside)
{
  g_return_if_fail (SL_IS_EXPOSURE_SHEET (self));
  gtk_check_button_set_active (inside ? self->inside : self->outside, TRUE);
}

gboolean
sl_exposure_sheet_choose (SlExposureSheet *self,
                          int              unit,
                          gboolean         chosen)
{
  g_return_val_if_fail (SL_IS_EXPOSURE_SHEET (self), FALSE);
  for (guint i = 0; i < self->offered->len; i++)
    {
      GtkWidget *check = g_ptr_array_index (self->checks, i);

      if (g_array_index (self->offered, int, i) != unit)
        continue;
      if (!gtk_widget_is_sensitive (check))
        return FALSE;
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), chosen);
      return TRUE;
    }
  return FALSE;
}

static gboolean
apply (SlSheet *sheet)
{
  SlExposureSheet *self = SL_EXPOSURE_SHEET (sheet);
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  SlExposureCommand exposure = { .unit = -1 };
  g_autoptr(JsonNode) command = NULL;

  for (guint i = 0; i < self->offered->len; i++)
    {
      GtkWidget *check = g_ptr_array_index (self->checks, i);

      if (!gtk_widget_is_sensitive (check) || !gtk_check_button_get_active (GTK_CHECK_BUTTON (check)))
        continue;
      g_array_append_val (units, g_array_index (self->offered, int, i));
    }
  exposure.units = (const int *) units->data;
  exposure.n_units = units->len;
  exposure.inside = going_inside (self);
  command = sl_command_new_exposure (sl_game_get_setup (self->game), &exposure);
  return sl_sheet_apply_command (sheet, command);
}

gboolean
sl_exposure_sheet_apply (SlExposureSheet *self)
{
  g_return_val_if_fail (SL_IS_EXPOSURE_SHEET (self), FALSE);
  return sl_sheet_apply (SL_SHEET (self));
}

/* A row per unit on the table: in the fight or not (an unconscious unit
 * bleeds on, P-39), but not dead, nor hidden (where it lies is its side's
 * secret, §15.1). */
static void
add_units (SlExposureSheet *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  g_autoptr(GArray) units = sl_table_model_get_units_on_table (sl_table_model_get_for_game (self->game),
                                                               SL_ON_TABLE_NOT_DEAD);

  for (guint i = 0; i < units->len; i++)
    {
      int u = g_array_index (units, int, i);
      const SlUnitSetup *us = sl_setup_unit_at (setup, u);
      const SlSquadSetup *squad = sl_setup_squad_at (setup, state->squad_of[u]);
      GtkWidget *row;
      GtkCheckButton *check;
      g_autofree char *subtitle = NULL;

      row = sl_check_row_new (us->label, NULL, &check);
      /* "TOG Boarding Squad · outside now" */
      subtitle = g_strdup_printf (state->units[u].inside ? _("%s · inside now") : _("%s · outside now"), squad->name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (sl_sheet_refresh), self);
      adw_preferences_group_add (self->units, row);
      g_array_append_val (self->offered, u);
      g_ptr_array_add (self->checks, check);
    }
}

static void
sl_exposure_sheet_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), SL_TYPE_EXPOSURE_SHEET);
  G_OBJECT_CLASS (sl_exposure_sheet_parent_class)->dispose (object);
}

static void
sl_exposure_sheet_finalize (GObject *object)
{
  SlExposureSheet *self = SL_EXPOSURE_SHEET (object);

  g_array_unref (self->offered);
  g_ptr_array_unref (self->checks);
  G_OBJECT_CLASS (sl_exposure_sheet_parent_class)->finalize (object);
}

static void
sl_exposure_sheet_class_init (SlExposureSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  SlSheetClass *sheet_class = SL_SHEET_CLASS (klass);

  object_class->dispose = sl_exposure_sheet_dispose;
  object_class->finalize = sl_exposure_sheet_finalize;
  sheet_class->refresh = refresh;
  sheet_class->apply = apply;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/squadlog/SquadLog/sl-exposure-sheet.ui");
  sl_sheet_class_bind_template_parts (widget_class, 0);
  gtk_widget_class_bind_template_child (widget_class, SlExposureSheet, title);
  gtk_widget_class_bind_template_child (widget_class, SlExposureSheet, outside_row);
  gtk_widget_class_bind_template_child (widget_class, SlExposureSheet, outside);
  gtk_widget_class_bind_template_child (widget_class, SlExposureSheet, inside);
  gtk_widget_class_bind_template_child (widget_class, SlExposureSheet, units);
  gtk_widget_class_bind_template_callback (widget_class, direction_toggled_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "sheet.apply", NULL);
}

static void
sl_exposure_sheet_init (SlExposureSheet *self)
{
  self->offered = g_array_new (FALSE, FALSE, sizeof (int));
  self->checks = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

SlExposureSheet *
sl_exposure_sheet_new (GtkWindow *parent,
                       SlGame    *game,
                       gboolean   inside)
{
  SlExposureSheet *self;
  gboolean vacuum;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_EXPOSURE_SHEET, "window", parent, "game", game, NULL);
  self->game = game;
  vacuum = sl_game_get_setup (game)->environment.vacuum;
  adw_window_title_set_subtitle (self->title, vacuum ? _("Vacuum (T-36)") : _("Hostile atmosphere (T-36)"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->outside_row),
                                 vacuum ? _("Out into the vacuum") : _("Out into the atmosphere"));
  adw_action_row_set_subtitle (self->outside_row,
                               _("A compartment open to it, a blown airlock, a breached hull (A-134): a wound breaches the suit (P-39)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->outside), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->outside_row)), -1);
  add_units (self);
  sl_exposure_sheet_set_inside (self, inside);
  /* The first choice: which way they go. */
  sl_sheet_set_entry (SL_SHEET (self), GTK_WIDGET (inside ? self->inside : self->outside));
  sl_sheet_ready (SL_SHEET (self));
  return self;
}
