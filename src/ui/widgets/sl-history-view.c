/* sl-history-view.c: the history — every journal entry in plain words,
 * newest first; activating an entry takes the game back to just after it
 * (undo to any point), and the entries undone stay, dimmed, to redo.
 *
 * Its model (sl-history-model.c) offers the newest entries only: scrolling
 * to the end, or activating the last row, brings SL_HISTORY_MORE earlier
 * ones; a view taller than the rows it has brings SL_HISTORY_FIRST more
 * until filled.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-history-model.h"
#include "sl-history-view-private.h"
#include "sl-history-view.h"
#include "sl-rule-links.h"
#include "sl-scatter-diagram.h"

struct _SlHistoryView
{
  GtkWidget       parent_instance;

  SlGame         *game;
  gulong          changed_id;
  SlHistoryModel *model;
  GtkWidget      *scrolled;
  GtkWidget      *list;
  guint           fill_id;
  gboolean        clicked;   /* the focus comes in by the pointer */
  guint           focus_id;
  guint64         newest;     /* the newest entry's identity, or 0 */
};

G_DEFINE_FINAL_TYPE (SlHistoryView, sl_history_view, GTK_TYPE_WIDGET)

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *when = gtk_label_new (NULL);
  GtkWidget *summary = gtk_label_new (NULL);

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_label_set_xalign (GTK_LABEL (when), 0);
  gtk_widget_add_css_class (when, "caption");
  gtk_widget_add_css_class (when, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (summary), 0);
  gtk_label_set_wrap (GTK_LABEL (summary), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (summary), PANGO_WRAP_WORD_CHAR);
  gtk_box_append (GTK_BOX (box), when);
  gtk_box_append (GTK_BOX (box), summary);
  {
    GtkWidget *diagram = sl_scatter_diagram_new ();

    gtk_widget_set_halign (diagram, GTK_ALIGN_START);
    gtk_widget_set_visible (diagram, FALSE);
    gtk_box_append (GTK_BOX (box), diagram);
  }
  gtk_list_item_set_child (list_item, box);
  g_object_set_data (G_OBJECT (box), "sl-list-item", list_item);
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *list_item)
{
  SlHistoryItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *when = gtk_widget_get_first_child (box);
  GtkWidget *summary = gtk_widget_get_next_sibling (when);
  const char *item_when = sl_history_item_get_when (item);
  gboolean undone = sl_history_item_get_undone (item);
  g_autofree char *caption = NULL;

  if (undone && sl_history_item_get_more (item) == 0)
    /* "Turn 2 · subphase 7 · undone" */
    caption = g_strdup_printf (_("%s · undone"), item_when);
  gtk_label_set_text (GTK_LABEL (when), caption ? caption : item_when);
  /* The rules it cites, with their book sections, link to the reference. */
  sl_rule_links_set_label (GTK_LABEL (summary), sl_history_item_get_summary (item));
  /* The row named as it reads, "undone" included: GTK 4.8 names it
   * "GtkLabel" (issue 32 #4, #7). */
  if (gtk_widget_get_parent (box) != NULL)
    {
      /* Translators: a history entry, for a screen reader: when ("Turn 2 ·
       * subphase 7", "… · undone"), then what happened. */
      g_autofree char *name = g_strdup_printf (_("%s: %s"), caption ? caption : item_when,
                                               gtk_label_get_text (GTK_LABEL (summary)));

      gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (box)),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    }
  /* The clock's lines ("… has had its turn; now …'s") small and dim: the
   * results stand out (issue 31 #3). */
  if (sl_history_item_get_clock (item))
    {
      gtk_widget_add_css_class (summary, "caption");
      gtk_widget_add_css_class (summary, "dim-label");
    }
  else
    {
      gtk_widget_remove_css_class (summary, "caption");
      gtk_widget_remove_css_class (summary, "dim-label");
    }
  gtk_widget_set_opacity (box, undone ? 0.55 : 1.0);
  {
    GtkWidget *diagram = gtk_widget_get_next_sibling (summary);
    double range_m, along_m, across_m;
    gboolean thrown = sl_history_item_get_throw (item, &range_m, &along_m, &across_m);

    gtk_widget_set_visible (diagram, thrown);
    if (thrown)
      sl_scatter_diagram_set (SL_SCATTER_DIAGRAM (diagram), range_m, along_m, across_m,
                              sl_history_item_get_summary (item));
  }
}

/* Undo (or redo) to just after the entry. */
static void
activate_cb (GtkListView   *list,
             guint          position,
             SlHistoryView *self)
{
  g_autoptr(SlHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (self->model), position);

  if (item == NULL || self->game == NULL)
    return;
  if (sl_history_item_get_more (item) > 0)
    {
      sl_history_model_show_earlier (self->model, SL_HISTORY_MORE);
      return;
    }
  /* An entry kept undone is never done again. */
  if (sl_history_item_get_index (item) == G_MAXUINT - 1)
    return;
  sl_game_go_to (self->game, sl_history_item_get_index (item) + 1);
}

/* Issue 32 #7: Tab into the history lands on the newest entry, at the
 * top (GTK 4.8's list goes to the row it had last, the oldest at first). */
static gboolean
focus_newest_cb (gpointer data)
{
  SlHistoryView *self = data;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  self->focus_id = 0;
  if (focus == NULL || !gtk_widget_is_ancestor (focus, self->list))
    return G_SOURCE_REMOVE;
  for (GtkWidget *row = gtk_widget_get_first_child (self->list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *box = gtk_widget_get_first_child (row);
      GtkListItem *item = box != NULL ? g_object_get_data (G_OBJECT (box), "sl-list-item") : NULL;

      if (item != NULL && gtk_list_item_get_position (item) == 0)
        {
          if (focus != row && !gtk_widget_is_ancestor (focus, row))
            gtk_widget_grab_focus (row);
          break;
        }
    }
  return G_SOURCE_REMOVE;
}

/* Once GTK has moved the focus in: it goes on to the newest entry. */
static void
focus_enter_cb (GtkEventControllerFocus *controller,
                SlHistoryView           *self)
{
  if (self->clicked)
    {
      self->clicked = FALSE;
      return;
    }
  if (self->focus_id == 0)
    self->focus_id = g_idle_add (focus_newest_cb, self);
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            SlHistoryView   *self)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (self->list));

  self->clicked = focus == NULL || !gtk_widget_is_ancestor (focus, self->list);
}

/* Scrolled to the end: the earlier entries come without a click. */
static void
edge_reached_cb (GtkScrolledWindow *scrolled,
                 GtkPositionType    edge,
                 SlHistoryView     *self)
{
  if (edge == GTK_POS_BOTTOM && self->game != NULL && sl_history_model_has_earlier (self->model))
    sl_history_model_show_earlier (self->model, SL_HISTORY_MORE);
}

/* A view taller than the rows offered: earlier entries come, a page at a
 * time, until it is filled. Checked once a frame, with the layout of the
 * frame before (the list's height is not known during layout, and a list
 * shorter than its view does not change its adjustment). */
static gboolean
can_fill (SlHistoryView *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled));
  double page = gtk_adjustment_get_page_size (adjustment);

  return self->game != NULL && sl_history_model_has_earlier (self->model) &&
         page > 0 && gtk_adjustment_get_upper (adjustment) <= page;
}

static gboolean
fill_tick (GtkWidget     *widget,
           GdkFrameClock *clock,
           gpointer       data)
{
  SlHistoryView *self = SL_HISTORY_VIEW (widget);

  if (!can_fill (self))
    {
      self->fill_id = 0;
      return G_SOURCE_REMOVE;
    }
  sl_history_model_show_earlier (self->model, SL_HISTORY_FIRST);
  return G_SOURCE_CONTINUE;
}

static void
adjustment_changed_cb (GtkAdjustment *adjustment,
                       SlHistoryView *self)
{
  if (self->fill_id == 0 && can_fill (self))
    self->fill_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), fill_tick, NULL, NULL);
}

static guint64
newest_entry (SlGame *game)
{
  guint n = game != NULL ? sl_game_get_n_entries (game) : 0;

  return n > 0 ? sl_game_get_entry_id (game, n - 1) : 0;
}

static void
game_changed_cb (SlHistoryView *self)
{
  guint64 newest = newest_entry (self->game);

  sl_history_model_update (self->model);
  /* A new entry keeps the newest in view (issue 31 #3); going back to an
   * entry, or undo and redo, leave the list where it is. */
  if (newest != self->newest && g_list_model_get_n_items (G_LIST_MODEL (self->model)) > 0)
    /* The list view's own: it moves its anchor to the row (GTK 4.8 has
     * no gtk_list_view_scroll_to ()). */
    gtk_widget_activate_action (self->list, "list.scroll-to-item", "u", 0);
  self->newest = newest;
}

void
sl_history_view_set_game (SlHistoryView *self,
                          SlGame        *game)
{
  g_return_if_fail (SL_IS_HISTORY_VIEW (self));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_set_object (&self->game, game);
  self->newest = newest_entry (game);
  if (game != NULL)
    self->changed_id = g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb), self);
  sl_history_model_set_game (self->model, game);
}

GListModel *
sl_history_view_get_model (SlHistoryView *self)
{
  g_return_val_if_fail (SL_IS_HISTORY_VIEW (self), NULL);
  return G_LIST_MODEL (self->model);
}

static void
sl_history_view_dispose (GObject *object)
{
  SlHistoryView *self = SL_HISTORY_VIEW (object);

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
  if (self->fill_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->fill_id);
  self->fill_id = 0;
  g_clear_handle_id (&self->focus_id, g_source_remove);
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (sl_history_view_parent_class)->dispose (object);
}

static void
sl_history_view_class_init (SlHistoryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_history_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "history");
}

static void
sl_history_view_init (SlHistoryView *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkNoSelection *selection;

  self->model = g_object_new (SL_TYPE_HISTORY_MODEL, NULL);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), NULL);
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->model)));
  self->list = gtk_list_view_new (GTK_SELECTION_MODEL (selection), factory);
  gtk_list_view_set_single_click_activate (GTK_LIST_VIEW (self->list), FALSE);
  gtk_widget_add_css_class (self->list, "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("History"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Newest first. Activate an entry to go back to just after it."),
                                  -1);
  g_signal_connect (self->list, "activate", G_CALLBACK (activate_cb), self);
  {
    GtkEventController *focus = gtk_event_controller_focus_new ();
    GtkGesture *click = gtk_gesture_click_new ();

    g_signal_connect (focus, "enter", G_CALLBACK (focus_enter_cb), self);
    gtk_widget_add_controller (self->list, focus);
    gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
    g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
    gtk_widget_add_controller (self->list, GTK_EVENT_CONTROLLER (click));
  }
  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), self->list);
  g_signal_connect (self->scrolled, "edge-reached", G_CALLBACK (edge_reached_cb), self);
  g_signal_connect (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled)),
                    "changed", G_CALLBACK (adjustment_changed_cb), self);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));
}

GtkWidget *
sl_history_view_new (void)
{
  return g_object_new (SL_TYPE_HISTORY_VIEW, NULL);
}
