/* sl-window-typing.c: a unit picked on the table, by its counter number
 * typed or its marker clicked: what it has due, its declaration, or its
 * log
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-a11y.h"
#include "sl-table-model.h"
#include "sl-ui-util.h"
#include "sl-unit-sheet.h"
#include "sl-window-private.h"

/* A unit's log, every field correctable by hand. */
void
sl_window_show_unit (SlWindow *self,
                     int       unit)
{
  SlUnitSheet *sheet;

  if (self->game == NULL || unit < 0)
    return;
  sheet = sl_unit_sheet_new (GTK_WINDOW (self), self->game, unit);
  sl_sheet_present (SL_SHEET (sheet));
}

/* A unit picked (its marker clicked, its counter number typed): what it
 * can do now — resolve what it has due, else declare its next action; a
 * unit whose grouping may not act now is told why (the core's refusal). */
static void
pick_unit (SlWindow *self,
           int       unit)
{
  const SlState *state;
  const SlTrack *track;

  if (self->game == NULL || unit < 0)
    return;
  state = sl_game_get_state (self->game);
  if (sl_window_resolve_due (self, unit))
    return;
  /* a zero-G dive carries the unit on, and it can do nothing else,
   * until it hits something: what is there to say is where it stops. */
  if (sl_unit_drifting (self->game, unit))
    {
      sl_sheet_present (SL_SHEET (sl_dive_stop_sheet_new (GTK_WINDOW (self), self->game, unit)));
      return;
    }
  track = sl_table_model_get_track (sl_table_model_get_for_game (self->game));
  for (guint i = 0; i < track->waiting->len; i++)
    if (g_array_index (track->waiting, int, i) == unit)
      {
        g_autofree char *why = sl_unit_turn_refusal (self->game, unit);
        /* "13 · Trooper Hale Cannot Act Yet" */
        g_autofree char *heading = g_strdup_printf (_("%s Cannot Act Yet"),
                                                    sl_setup_unit_at (sl_game_get_setup (self->game), unit)->label);

        sl_window_show_error (self, heading, why);
        return;
      }
  if (state->phase == SL_PHASE_ACTION && state->step == SL_STEP_INITIATIVE_ORDER && !state->over)
    {
      sl_window_present_declare (self, unit);
      return;
    }
  /* Nothing to do now: its log, to read or correct. */
  sl_window_show_unit (self, unit);
}

static void
unit_activated_cb (SlWindow *self,
                   int       unit)
{
  pick_unit (self, unit);
}

/* The unit with counter number @typed, or -1; *@longer tells whether
 * other counters start with the same digits (13 after 1). */
static int
unit_by_counter (SlWindow   *self,
                 const char *typed,
                 gboolean   *longer)
{
  return sl_counter_typed (sl_game_get_setup (self->game), NULL, typed, longer);
}

/* Issue 32 #7: what the keys typed on the table did, heard where the
 * focus is (a toast is not: libadwaita 1.2's are no live region). */
static void
tell_typed (SlWindow   *self,
            const char *text)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (focus == NULL || !sl_window_table_widget (self, focus))
    return;
  if (self->announced != NULL && self->announced != focus)
    sl_a11y_tell (self->announced, NULL);
  g_set_weak_pointer (&self->announced, focus);
  sl_a11y_tell (focus, text);
}

/* The digits typed are no unit's counter number: said, not ignored. */
static void
no_such_counter (SlWindow *self)
{
  /* "No unit has the counter number 9." */
  g_autofree char *text = g_strdup_printf (_("No unit has the counter number %s."), self->typed->str);

  sl_window_toast (self, text);
  tell_typed (self, text);
}

/* A unit picked by its number: what the table said before comes back. */
static void
picked_typed (SlWindow *self,
              int       unit)
{
  pick_unit (self, unit);
  sl_window_announce (self);
}

static gboolean
typed_timeout_cb (gpointer data)
{
  SlWindow *self = data;
  gboolean longer;
  int unit;

  self->typed_id = 0;
  unit = self->game ? unit_by_counter (self, self->typed->str, &longer) : -1;
  if (unit < 0 && self->game != NULL)
    no_such_counter (self);
  g_string_truncate (self->typed, 0);
  if (unit >= 0)
    picked_typed (self, unit);
  return G_SOURCE_REMOVE;
}

/* A counter number typed picks the unit: at once when no other counter
 * starts with the digits, else after a short pause. */
static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                SlWindow              *self)
{
  gboolean longer;
  int digit = -1, unit;

  if (self->game == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0 ||
      sl_window_private_showing (self) || sl_window_sheet_showing (self))
    return FALSE;
  if (keyval >= GDK_KEY_0 && keyval <= GDK_KEY_9)
    digit = keyval - GDK_KEY_0;
  else if (keyval >= GDK_KEY_KP_0 && keyval <= GDK_KEY_KP_9)
    digit = keyval - GDK_KEY_KP_0;
  if (digit < 0 && self->typed->len > 0)
    {
      SlSheet *sheet;

      /* "1 w": the letter ends the number (1, not 13 …) and is the sheet's
       * key, as if the number had been typed alone. */
      g_clear_handle_id (&self->typed_id, g_source_remove);
      unit = unit_by_counter (self, self->typed->str, &longer);
      if (unit < 0)
        no_such_counter (self);
      g_string_truncate (self->typed, 0);
      pick_unit (self, unit);
      sheet = sl_sheet_get_shown_in (GTK_WINDOW (self));
      return sheet != NULL && gtk_event_controller_key_forward (controller, GTK_WIDGET (sheet));
    }
  if (digit < 0)
    return FALSE;
  g_string_append_printf (self->typed, "%d", digit);
  g_clear_handle_id (&self->typed_id, g_source_remove);
  unit = unit_by_counter (self, self->typed->str, &longer);
  if (unit >= 0 && !longer)
    {
      g_string_truncate (self->typed, 0);
      picked_typed (self, unit);
    }
  else if (unit < 0 && !longer)
    {
      no_such_counter (self);
      g_string_truncate (self->typed, 0);
    }
  else
    {
      /* Translators: for a screen reader, the first digits of a counter
       * number typed on the table, while it waits for more: "1…". */
      g_autofree char *text = g_strdup_printf (_("Counter number %s…"), self->typed->str);

      tell_typed (self, text);
      self->typed_id = g_timeout_add (700, typed_timeout_cb, self);
    }
  return TRUE;
}

/* The template's callbacks for a unit picked (sl_window_class_init). */
void
sl_window_class_init_typing (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, key_pressed_cb);
  gtk_widget_class_bind_template_callback (widget_class, unit_activated_cb);
}
