/* sl-squad-log.c: one squad's log as players know it (T-04)
 *
 * The log is a table: a heading row, then one line per unit of the squad.
 * Each line is one widget (SlLogLine, sl-log-line.c) that draws its cells
 * itself at the columns the table (SlLogTable, sl-log-table.c) works out
 * from all its lines, the way the subphase track draws its boxes: a squad
 * of eight is nine widgets instead of well over a hundred labels and
 * boxes, so a game opens and a resolution shows within the frame. This
 * file is the log around them: its title, the lines of the squad's units
 * as they stand, kept up to date whenever the game changes, and what the
 * tests read of them. Every part of it reads the one table of columns
 * (sl_log_columns, in sl-log-line.c).
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-log-line.h"
#include "sl-log-table.h"
#include "sl-squad-log-private.h"
#include "sl-squad-log-texts-private.h"
#include "sl-squad-log.h"
#include "sl-table-model.h"
#include "sl-ui-util.h"

struct _SlSquadLog
{
  GtkWidget  parent_instance;

  SlGame    *game;
  gulong     changed_id;
  int        squad;
  GtkWidget *box;
  GtkWidget *title;
  GtkWidget *subtitle;
  GtkWidget *table;   /* SlLogTable of SlLogLine */
};

G_DEFINE_FINAL_TYPE (SlSquadLog, sl_squad_log, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_UNIT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The squad's log ------------------------------------------------------- */

/* The line's texts, boxes and badges, as the unit's log says now. */
static void
update_line (SlSquadLog *self,
             SlLogLine  *line)
{
  SlLogUnit unit;

  sl_log_unit_fill (&unit, self->game, line->unit);
  sl_log_line_update (line, &unit);
}

static void
update_title (SlSquadLog *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  const SlSquadSetup *squad = sl_setup_squad_at (setup, self->squad);
  gboolean acting = FALSE;
  /* P-32 step 8: the leader it answers to now, as the table model says. */
  int leader = sl_table_model_squad_leader (sl_table_model_get_for_game (self->game), self->squad, &acting);
  g_autofree char *subtitle = NULL;

  gtk_label_set_text (GTK_LABEL (self->title), squad->name);
  if (acting)
    /* "Acting leader Trooper Hale · Regular" */
    subtitle = g_strdup_printf (_("%s · acting leader %s · %s"),
                                sl_setup_side_at (setup, squad->side)->name,
                                sl_setup_unit_at (setup, leader)->name,
                                sl_quality_label (state->squad_quality[self->squad]));
  else if (leader >= 0)
    {
      /* With a real minus sign, as the print has it (issue 31 #8). */
      g_autofree char *rating = sl_signed_text (squad->leader_rating);

      /* "TOG · leader Centurion Vale (rating 0) · Regular" */
      subtitle = g_strdup_printf (_("%s · leader %s (rating %s) · %s"),
                                  sl_setup_side_at (setup, squad->side)->name,
                                  sl_setup_unit_at (setup, leader)->name, rating,
                                  sl_quality_label (state->squad_quality[self->squad]));
    }
  else
    subtitle = g_strdup_printf (_("%s · no leader · %s"), sl_setup_side_at (setup, squad->side)->name,
                                sl_quality_label (state->squad_quality[self->squad]));
  gtk_label_set_text (GTK_LABEL (self->subtitle), subtitle);
}

/* Whether the lines are still the squad's units (P-33 regroups move them). */
static gboolean
lines_current (SlSquadLog *self)
{
  const SlState *state = sl_game_get_state (self->game);
  GtkWidget *line = gtk_widget_get_first_child (self->table);

  for (int unit = 0; unit < state->n_units; unit++)
    if (state->squad_of[unit] == self->squad)
      {
        if (line == NULL || SL_LOG_LINE (line)->unit != unit)
          return FALSE;
        line = gtk_widget_get_next_sibling (line);
      }
  return line == NULL;
}

static void
refresh (SlSquadLog *self)
{
  if (!lines_current (self))
    {
      const SlState *state = sl_game_get_state (self->game);
      GtkWidget *line;

      GtkWidget *focus = gtk_widget_get_focus_child (self->table);
      int focused = focus != NULL ? SL_LOG_LINE (focus)->unit : -1;

      g_clear_weak_pointer (&SL_LOG_TABLE (self->table)->cursor);
      while ((line = gtk_widget_get_first_child (self->table)) != NULL)
        gtk_widget_unparent (line);
      /* The squad's units as they stand now (regrouping moves them, P-33). */
      for (int unit = 0; unit < state->n_units; unit++)
        if (state->squad_of[unit] == self->squad)
          {
            line = g_object_new (SL_TYPE_LOG_LINE, NULL);
            SL_LOG_LINE (line)->unit = unit;
            gtk_widget_set_parent (line, self->table);
          }
      gtk_widget_queue_resize (self->table);
      /* The keyboard stays with the unit it was on. */
      if (focused >= 0 && (line = sl_squad_log_get_line (self, focused)) != NULL)
        gtk_widget_grab_focus (line);
    }
  update_title (self);
  for (GtkWidget *line = gtk_widget_get_first_child (self->table); line != NULL;
       line = gtk_widget_get_next_sibling (line))
    update_line (self, SL_LOG_LINE (line));
}

GtkWidget *
sl_squad_log_get_line (SlSquadLog *self,
                       int         unit)
{
  g_return_val_if_fail (SL_IS_SQUAD_LOG (self), NULL);

  for (GtkWidget *line = gtk_widget_get_first_child (self->table); line != NULL;
       line = gtk_widget_get_next_sibling (line))
    if (SL_LOG_LINE (line)->unit == unit)
      return line;
  return NULL;
}


/* The column called @id, or -1. */
static int
column_named (const char *id)
{
  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    if (g_str_equal (sl_log_columns[c].id, id))
      return c;
  return -1;
}

char *
sl_squad_log_get_text (SlSquadLog *self)
{
  GString *text;

  g_return_val_if_fail (SL_IS_SQUAD_LOG (self), NULL);
  text = g_string_new (NULL);
  for (GtkWidget *line = gtk_widget_get_first_child (self->table); line != NULL;
       line = gtk_widget_get_next_sibling (line))
    {
      SlLogLine *l = SL_LOG_LINE (line);

      for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
        g_string_append_printf (text, "%s\t", l->texts[c] != NULL ? l->texts[c] : "");
      g_string_append_printf (text, "%s\t%s\t%s", l->details ? l->details : "", l->tally ? l->tally : "",
                              l->description ? l->description : "");
      for (GtkWidget *badge = gtk_widget_get_first_child (line); badge != NULL;
           badge = gtk_widget_get_next_sibling (badge))
        g_string_append_printf (text, "\t%s", gtk_label_get_text (GTK_LABEL (badge)));
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

gboolean
sl_squad_log_get_column (SlSquadLog *self,
                         const char *column,
                         int        *x,
                         int        *width)
{
  SlLogTable *table;
  int c;

  g_return_val_if_fail (SL_IS_SQUAD_LOG (self), FALSE);
  table = SL_LOG_TABLE (self->table);
  c = column_named (column);
  if (c < 0 || !sl_log_line_on_screen (c) || (table->folded & (1u << c)))
    return FALSE;
  *x = SL_LOG_LINE_PAD_X + table->x[c];
  *width = table->width[c];
  return TRUE;
}

gboolean
sl_squad_log_get_cut (SlSquadLog *self,
                      int         unit,
                      const char *text)
{
  SlLogLine *line;
  int c;

  g_return_val_if_fail (SL_IS_SQUAD_LOG (self), FALSE);
  line = (SlLogLine *) sl_squad_log_get_line (self, unit);
  g_return_val_if_fail (line != NULL, FALSE);
  /* The details are drawn in the name's cell. */
  c = column_named (g_str_equal (text, "details") ? "name" : text);
  g_return_val_if_fail (c >= 0 && sl_log_columns[c].cut != NULL, FALSE);
  return sl_log_columns[c].cut (line, c, -1) != NULL;
}

char *
sl_squad_log_get_cell (SlSquadLog *self,
                       int         unit,
                       const char *column)
{
  GtkWidget *line;
  int c;

  g_return_val_if_fail (SL_IS_SQUAD_LOG (self), NULL);
  line = sl_squad_log_get_line (self, unit);
  c = column_named (column);
  if (line == NULL || c < 0)
    return NULL;
  return g_strdup (SL_LOG_LINE (line)->texts[c]);
}


static void
sl_squad_log_dispose (GObject *object)
{
  SlSquadLog *self = SL_SQUAD_LOG (object);

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (sl_squad_log_parent_class)->dispose (object);
}

static void
sl_squad_log_class_init (SlSquadLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_squad_log_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "squadlog");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  g_type_ensure (SL_TYPE_LOG_TABLE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/squadlog/SquadLog/sl-squad-log.ui");
  gtk_widget_class_bind_template_child (widget_class, SlSquadLog, box);
  gtk_widget_class_bind_template_child (widget_class, SlSquadLog, title);
  gtk_widget_class_bind_template_child (widget_class, SlSquadLog, subtitle);
  gtk_widget_class_bind_template_child (widget_class, SlSquadLog, table);

  /* A unit's line was clicked or activated: the unit's index. */
  signals[SIGNAL_UNIT_ACTIVATED] =
    g_signal_new ("unit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
sl_squad_log_init (SlSquadLog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
sl_squad_log_new (SlGame *game,
                  int     squad)
{
  SlSquadLog *self;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);
  g_return_val_if_fail (squad >= 0 && squad < (int) sl_game_get_setup (game)->squads->len, NULL);

  self = g_object_new (SL_TYPE_SQUAD_LOG, NULL);
  self->game = g_object_ref (game);
  self->squad = squad;
  refresh (self);
  self->changed_id = g_signal_connect_swapped (game, "changed", G_CALLBACK (refresh), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  sl_setup_squad_at (sl_game_get_setup (game), squad)->name,
                                  -1);
  return GTK_WIDGET (self);
}
