/* sl-markers-window.c: the markers on the table the table can see — what
 * goes off and when, the charges (armed or deactivated, P-36 step 4), the
 * obstacles with the damage they have taken (P-25), smoke — each with the
 * corrections by hand the core takes for it (correct-marker): a grenade's
 * or a fire mission's subphase, a cloud's end, the charges at a spot, an
 * obstacle's damage, a label, or a marker put down by mistake taken off.
 * A side's secret markers are not here: corrected in the history everyone
 * reads, they would be told (P-37 step 2, A-88).
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-command-new.h"
#include "sl-markers-window-private.h"
#include "sl-markers-window.h"
#include "sl-rule-links.h"
#include "sl-ui-util.h"

typedef enum
{
  GROUP_GOING,
  GROUP_CHARGES,
  GROUP_OBSTACLES,
  GROUP_OTHER,
} Group;

/* One marker's row and its controls (NULL when not offered). */
typedef struct
{
  int             marker;
  SlMarkerKind    kind;
  Group           group;
  AdwExpanderRow *row;
  AdwEntryRow    *label;
  const char     *time_field;     /* "due" or "expires", or NULL */
  GtkSpinButton  *turn;
  GtkSpinButton  *subphase;
  GtkWidget      *set;
  const char     *number_field;   /* "charges" or "damage", or NULL */
  GtkSpinButton  *number;
  GtkWidget      *remove;
} MarkerRow;

struct _SlMarkersWindow
{
  AdwWindow            parent_instance;

  SlGame              *game;
  gulong               changed_id;
  GPtrArray           *rows;       /* MarkerRow */
  gboolean             updating;

  GtkWidget           *problem_group;
  GtkLabel            *problem;
  GtkWidget           *empty_group;
  AdwPreferencesGroup *going_group;
  AdwPreferencesGroup *charges_group;
  AdwPreferencesGroup *obstacles_group;
  AdwPreferencesGroup *other_group;
};

G_DEFINE_FINAL_TYPE (SlMarkersWindow, sl_markers_window, ADW_TYPE_WINDOW)

static void refresh (SlMarkersWindow *self);

static Group
group_of (const SlMarker *m)
{
  if (m->kind == SL_MARKER_GRENADE || m->kind == SL_MARKER_FIRE_MISSION || (m->due >= 0 && !m->resolved))
    return GROUP_GOING;
  if (m->kind == SL_MARKER_CHARGE)
    return GROUP_CHARGES;
  if (m->kind == SL_MARKER_OBSTACLE || m->kind == SL_MARKER_BREACH)
    return GROUP_OBSTACLES;
  return GROUP_OTHER;
}

static AdwPreferencesGroup *
group_widget (SlMarkersWindow *self,
              Group            group)
{
  AdwPreferencesGroup *groups[] = { self->going_group, self->charges_group, self->obstacles_group,
                                    self->other_group };

  return groups[group];
}

static MarkerRow *
find_row (SlMarkersWindow *self,
          int              marker)
{
  for (guint i = 0; i < self->rows->len; i++)
    if (((MarkerRow *) g_ptr_array_index (self->rows, i))->marker == marker)
      return g_ptr_array_index (self->rows, i);
  return NULL;
}

/* Applies @command, a correct-marker (taking it); the refusal, if any, is
 * shown, and the rows show the marker as it is. */
static gboolean
correct (SlMarkersWindow *self,
         JsonNode        *command)
{
  g_autoptr(JsonNode) owned = command;
  g_autoptr(GError) error = NULL;

  if (sl_game_apply (self->game, command, &error) == NULL)
    {
      sl_rule_links_set_label (self->problem, error->message);
      gtk_widget_set_visible (self->problem_group, TRUE);
      refresh (self);
      return FALSE;
    }
  gtk_widget_set_visible (self->problem_group, FALSE);
  return TRUE;
}

/* The correct-marker of @field of marker @marker to subphase index @index. */
static JsonNode *
correct_moment (SlMarkersWindow *self,
                int              marker,
                const char      *field,
                int              index)
{
  int turn, subphase;

  sl_subphase_split (sl_game_get_rules (self->game), index, &turn, &subphase);
  return sl_command_new_correct_marker_moment (marker, field, turn, subphase);
}

/* The correct-marker of @field of @m to the value it has now. */
static JsonNode *
current_value (SlMarkersWindow *self,
               const SlMarker  *m,
               const char      *field)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  int now = sl_state_now (rules, sl_game_get_state (self->game));

  if (g_str_equal (field, "due"))
    return correct_moment (self, m->id, field, m->due >= 0 ? m->due : now);
  if (g_str_equal (field, "expires"))
    return correct_moment (self, m->id, field, m->expires >= 0 ? m->expires : now);
  if (g_str_equal (field, "charges"))
    return sl_command_new_correct_marker_int (m->id, field, MAX (m->type, 1));
  /* Damage, in wound levels: halves in the marker (P-25). */
  return sl_command_new_correct_marker_number (m->id, field, m->amount / 2.0);
}

/* Whether the core takes a correction of @field for @m: asked with the
 * value it has now. A refusal of the field itself (a grenade has no
 * damage) is a no; one of the value is not. */
static gboolean
takes_field (SlMarkersWindow *self,
             const SlMarker  *m,
             const char      *field)
{
  g_autoptr(JsonNode) command = current_value (self, m, field);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = sl_game_preview (self->game, command, NULL, &error);

  return result != NULL || g_strcmp0 (sl_rule_error_get_field (error), "field") != 0;
}

static void
label_apply_cb (AdwEntryRow     *entry,
                SlMarkersWindow *self)
{
  MarkerRow *r = g_object_get_data (G_OBJECT (entry), "marker-row");

  correct (self, sl_command_new_correct_marker_string (r->marker, "label",
                                                       gtk_editable_get_text (GTK_EDITABLE (entry))));
}

static void
number_changed_cb (GtkSpinButton   *spin,
                   SlMarkersWindow *self)
{
  MarkerRow *r = g_object_get_data (G_OBJECT (spin), "marker-row");

  if (self->updating)
    return;
  if (g_str_equal (r->number_field, "damage"))
    {
      /* Half wound levels (P-25). */
      int halves = (int) (gtk_spin_button_get_value (spin) * 2 + 0.5);

      correct (self, sl_command_new_correct_marker_number (r->marker, r->number_field, halves / 2.0));
    }
  else
    correct (self, sl_command_new_correct_marker_int (r->marker, r->number_field,
                                                      gtk_spin_button_get_value_as_int (spin)));
}

static void
time_set_cb (GtkButton       *button,
             SlMarkersWindow *self)
{
  MarkerRow *r = g_object_get_data (G_OBJECT (button), "marker-row");

  correct (self, sl_command_new_correct_marker_moment (r->marker, r->time_field,
                                                       gtk_spin_button_get_value_as_int (r->turn),
                                                       gtk_spin_button_get_value_as_int (r->subphase)));
}

static void
remove_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    SlMarkersWindow  *self)
{
  int marker = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "marker"));

  if (g_str_equal (response, "remove"))
    correct (self, sl_command_new_correct_marker_boolean (marker, "removed", TRUE));
}

/* A marker put down by mistake: taken off once the players confirm it
 * (the history keeps the correction; undo brings it back). */
static AdwMessageDialog *
ask_remove (SlMarkersWindow *self,
            MarkerRow       *r)
{
  const SlMarker *m = sl_state_find_marker (sl_game_get_state (self->game), r->marker);
  g_autofree char *heading = NULL;
  AdwMessageDialog *dialog;

  if (m == NULL)
    return NULL;
  /* "Take “the gate” Off the Table?" */
  heading = g_strdup_printf (_("Take “%s” Off the Table?"), m->label);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading,
                                                       _("Only for a marker put down by mistake. The correction goes into the history, and undo puts it back.")));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "remove", _("_Take Off"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "remove", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data (G_OBJECT (dialog), "marker", GINT_TO_POINTER (r->marker));
  g_signal_connect (dialog, "response", G_CALLBACK (remove_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
remove_clicked_cb (GtkButton       *button,
                   SlMarkersWindow *self)
{
  ask_remove (self, g_object_get_data (G_OBJECT (button), "marker-row"));
}

static GtkSpinButton *
spin_new (double      min,
          double      max,
          double      step,
          const char *label)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (min, max, step));

  gtk_widget_set_valign (GTK_WIDGET (spin), GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return spin;
}

/* "due" or "expires": the turn and the subphase, set together. */
static void
add_time_row (SlMarkersWindow *self,
              MarkerRow       *r,
              const char      *field)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlState *state = sl_game_get_state (self->game);
  GtkWidget *row = sl_action_row_new ();
  GtkWidget *set = gtk_button_new_with_mnemonic (_("_Set"));
  gboolean due = g_str_equal (field, "due");

  r->time_field = field;
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), due ? _("Goes off in") : _("Clears in"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), due ? _("Turn and subphase: now or later (P-34 step 6, P-38)")
                                                         : _("Turn and subphase: now or later (A-112)"));
  /* Not in the past: what has gone by has happened. */
  r->turn = spin_new (state->turn, state->turn + 100, 1, _("Turn"));
  r->subphase = spin_new (1, rules->subphases_per_turn, 1, _("Subphase"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (r->turn));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (r->subphase));
  gtk_widget_set_valign (set, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (set, due ? _("Set when it goes off") : _("Set when it clears"));
  g_object_set_data (G_OBJECT (set), "marker-row", r);
  g_signal_connect (set, "clicked", G_CALLBACK (time_set_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), set);
  r->set = set;
  adw_expander_row_add_row (r->row, row);
}

/* "charges" (1–4 at a spot, T-34a) or "damage" (wound levels in halves,
 * below destruction, P-25). */
static void
add_number_row (SlMarkersWindow *self,
                MarkerRow       *r,
                const char      *field)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  gboolean damage = g_str_equal (field, "damage");

  r->number_field = field;
  r->number = damage
              ? sl_spin_row_add (GTK_WIDGET (r->row), _("Damage in wound levels (P-25)"), 0,
                                 rules->obstacle_destroyed_at - 0.5, 0.5)
              : sl_spin_row_add (GTK_WIDGET (r->row), _("Plastic charges at the spot (T-34a)"), 1, 4, 1);
  if (damage)
    gtk_spin_button_set_digits (r->number, 1);
  g_object_set_data (G_OBJECT (r->number), "marker-row", r);
  g_signal_connect (r->number, "value-changed", G_CALLBACK (number_changed_cb), self);
}

/* A marker's row, with the corrections the core takes for it. */
static MarkerRow *
add_row (SlMarkersWindow *self,
         const SlMarker  *m)
{
  MarkerRow *r = g_new0 (MarkerRow, 1);
  GtkWidget *remove_row;

  r->marker = m->id;
  r->kind = m->kind;
  r->group = group_of (m);
  r->row = ADW_EXPANDER_ROW (sl_expander_row_new ());
  r->label = ADW_ENTRY_ROW (sl_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (r->label), _("Label"));
  adw_entry_row_set_show_apply_button (r->label, TRUE);
  g_object_set_data (G_OBJECT (r->label), "marker-row", r);
  g_signal_connect (r->label, "apply", G_CALLBACK (label_apply_cb), self);
  adw_expander_row_add_row (r->row, GTK_WIDGET (r->label));
  if (takes_field (self, m, "due"))
    add_time_row (self, r, "due");
  else if (takes_field (self, m, "expires"))
    add_time_row (self, r, "expires");
  if (takes_field (self, m, "charges"))
    add_number_row (self, r, "charges");
  else if (takes_field (self, m, "damage"))
    add_number_row (self, r, "damage");
  remove_row = sl_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (remove_row), _("Put down by mistake"));
  r->remove = gtk_button_new_with_mnemonic (_("Take _Off the Table…"));
  gtk_widget_set_valign (r->remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (r->remove, "destructive-action");
  g_object_set_data (G_OBJECT (r->remove), "marker-row", r);
  g_signal_connect (r->remove, "clicked", G_CALLBACK (remove_clicked_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (remove_row), r->remove);
  adw_expander_row_add_row (r->row, remove_row);
  adw_preferences_group_add (group_widget (self, r->group), GTK_WIDGET (r->row));
  g_ptr_array_add (self->rows, r);
  return r;
}

/* The row shows the marker as it is now. */
static void
update_row (SlMarkersWindow *self,
            MarkerRow       *r,
            const SlMarker  *m)
{
  g_autofree char *words = sl_marker_words (self->game, m);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (r->row), m->label);
  adw_expander_row_set_subtitle (r->row, words);
  gtk_accessible_update_property (GTK_ACCESSIBLE (r->row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, words, -1);
  if (!gtk_widget_has_focus (GTK_WIDGET (r->label)) &&
      g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (r->label)), m->label) != 0)
    gtk_editable_set_text (GTK_EDITABLE (r->label), m->label);
  if (r->time_field != NULL)
    {
      int index = g_str_equal (r->time_field, "due") ? m->due : m->expires;
      int turn, subphase;

      if (index >= 0)
        {
          sl_subphase_split (sl_game_get_rules (self->game), index, &turn, &subphase);
          gtk_spin_button_set_value (r->turn, turn);
          gtk_spin_button_set_value (r->subphase, subphase);
        }
    }
  if (r->number != NULL)
    gtk_spin_button_set_value (r->number, g_str_equal (r->number_field, "damage") ? m->amount / 2.0 : m->type);
}

static void
remove_row (SlMarkersWindow *self,
            MarkerRow       *r)
{
  adw_preferences_group_remove (group_widget (self, r->group), GTK_WIDGET (r->row));
  g_ptr_array_remove (self->rows, r);
}

/* The rows follow the markers: new ones added, gone ones removed, the
 * others shown as they stand (a marker that changes kind — a grenade
 * become a smoke cloud, an obstacle a breach — gets a new row). */
static void
refresh (SlMarkersWindow *self)
{
  const SlState *state = sl_game_get_state (self->game);
  gboolean groups[4] = { FALSE };

  self->updating = TRUE;
  for (guint i = self->rows->len; i > 0; i--)
    {
      MarkerRow *r = g_ptr_array_index (self->rows, i - 1);
      const SlMarker *m = sl_state_find_marker (state, r->marker);

      if (m == NULL || m->kind != r->kind || group_of (m) != r->group ||
          !sl_marker_is_public (state, m))
        remove_row (self, r);
    }
  for (guint i = 0; i < state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (state->markers, SlMarker, i);
      MarkerRow *r;

      if (!sl_marker_is_public (state, m))
        continue;
      r = find_row (self, m->id);
      if (r == NULL)
        r = add_row (self, m);
      update_row (self, r, m);
      groups[r->group] = TRUE;
    }
  for (int g = 0; g < 4; g++)
    gtk_widget_set_visible (GTK_WIDGET (group_widget (self, g)), groups[g]);
  gtk_widget_set_visible (self->empty_group, self->rows->len == 0);
  self->updating = FALSE;
}

gboolean
sl_markers_window_show_marker (SlMarkersWindow *self,
                               int              marker)
{
  MarkerRow *r;

  g_return_val_if_fail (SL_IS_MARKERS_WINDOW (self), FALSE);
  r = find_row (self, marker);
  if (r == NULL)
    return FALSE;
  adw_expander_row_set_expanded (r->row, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (r->row));
  return TRUE;
}

const char *
sl_markers_window_get_words (SlMarkersWindow *self,
                             int              marker)
{
  MarkerRow *r;

  g_return_val_if_fail (SL_IS_MARKERS_WINDOW (self), NULL);
  r = find_row (self, marker);
  return r != NULL ? adw_expander_row_get_subtitle (r->row) : NULL;
}

gboolean
sl_markers_window_offers (SlMarkersWindow *self,
                          int              marker,
                          const char      *field)
{
  MarkerRow *r;

  g_return_val_if_fail (SL_IS_MARKERS_WINDOW (self), FALSE);
  r = find_row (self, marker);
  if (r == NULL)
    return FALSE;
  return g_str_equal (field, "label") || g_str_equal (field, "removed") ||
         g_strcmp0 (r->time_field, field) == 0 || g_strcmp0 (r->number_field, field) == 0;
}

gboolean
sl_markers_window_set_number (SlMarkersWindow *self,
                              int              marker,
                              double           value)
{
  MarkerRow *r;

  g_return_val_if_fail (SL_IS_MARKERS_WINDOW (self), FALSE);
  r = find_row (self, marker);
  if (r == NULL || r->number == NULL)
    return FALSE;
  gtk_spin_button_set_value (r->number, value);
  return gtk_widget_get_visible (self->problem_group) == FALSE;
}

gboolean
sl_markers_window_set_time (SlMarkersWindow *self,
                            int              marker,
                            int              turn,
                            int              subphase)
{
  MarkerRow *r;

  g_return_val_if_fail (SL_IS_MARKERS_WINDOW (self), FALSE);
  r = find_row (self, marker);
  if (r == NULL || r->turn == NULL)
    return FALSE;
  gtk_spin_button_set_value (r->turn, turn);
  gtk_spin_button_set_value (r->subphase, subphase);
  g_signal_emit_by_name (r->set, "clicked");
  return gtk_widget_get_visible (self->problem_group) == FALSE;
}

gboolean
sl_markers_window_set_label (SlMarkersWindow *self,
                             int              marker,
                             const char      *label)
{
  MarkerRow *r;

  g_return_val_if_fail (SL_IS_MARKERS_WINDOW (self), FALSE);
  r = find_row (self, marker);
  if (r == NULL)
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (r->label), label);
  g_signal_emit_by_name (r->label, "apply");
  return gtk_widget_get_visible (self->problem_group) == FALSE;
}

AdwMessageDialog *
sl_markers_window_remove (SlMarkersWindow *self,
                          int              marker)
{
  MarkerRow *r;

  g_return_val_if_fail (SL_IS_MARKERS_WINDOW (self), NULL);
  r = find_row (self, marker);
  return r != NULL ? ask_remove (self, r) : NULL;
}

const char *
sl_markers_window_get_problem (SlMarkersWindow *self)
{
  g_return_val_if_fail (SL_IS_MARKERS_WINDOW (self), NULL);
  return gtk_widget_get_visible (self->problem_group) ? gtk_label_get_text (self->problem) : NULL;
}

static void
sl_markers_window_dispose (GObject *object)
{
  SlMarkersWindow *self = SL_MARKERS_WINDOW (object);

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), SL_TYPE_MARKERS_WINDOW);
  G_OBJECT_CLASS (sl_markers_window_parent_class)->dispose (object);
}

static void
sl_markers_window_finalize (GObject *object)
{
  SlMarkersWindow *self = SL_MARKERS_WINDOW (object);

  g_ptr_array_unref (self->rows);
  G_OBJECT_CLASS (sl_markers_window_parent_class)->finalize (object);
}

static void
sl_markers_window_class_init (SlMarkersWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_markers_window_dispose;
  object_class->finalize = sl_markers_window_finalize;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/squadlog/SquadLog/sl-markers-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SlMarkersWindow, problem_group);
  gtk_widget_class_bind_template_child (widget_class, SlMarkersWindow, problem);
  gtk_widget_class_bind_template_child (widget_class, SlMarkersWindow, empty_group);
  gtk_widget_class_bind_template_child (widget_class, SlMarkersWindow, going_group);
  gtk_widget_class_bind_template_child (widget_class, SlMarkersWindow, charges_group);
  gtk_widget_class_bind_template_child (widget_class, SlMarkersWindow, obstacles_group);
  gtk_widget_class_bind_template_child (widget_class, SlMarkersWindow, other_group);
  sl_window_class_bind_close_keys (widget_class);
}

static void
sl_markers_window_init (SlMarkersWindow *self)
{
  self->rows = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));
}

SlMarkersWindow *
sl_markers_window_new (GtkWindow *parent,
                       SlGame    *game)
{
  SlMarkersWindow *self;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_MARKERS_WINDOW, "transient-for", parent, NULL);
  self->game = g_object_ref (game);
  refresh (self);
  self->changed_id = g_signal_connect_swapped (game, "changed", G_CALLBACK (refresh), self);
  return self;
}
