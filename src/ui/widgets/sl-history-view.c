/* sl-history-view.c: the history — every journal entry in plain words,
 * newest first; activating an entry takes the game back to just after it
 * (undo to any point), and the entries undone stay, dimmed, to redo.
 *
 * The list model makes its items when the list view asks for them, and
 * offers the newest entries only (HISTORY_FIRST at first; scrolling to the
 * end, or activating the last row, brings HISTORY_MORE earlier ones; a view
 * taller than the rows it has brings HISTORY_FIRST more until filled): GTK's
 * list view realizes up to 200 rows whatever is on screen, and a 30-turn
 * journal has 12 000 entries. Opening a long game, and every change, costs
 * a page of rows.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-history-view-private.h"
#include "sl-history-view.h"
#include "sl-preview-dice.h"
#include "sl-rule-links.h"
#include "sl-scatter-diagram.h"
#include "sl-table-model.h"

/* The items */

/* The entries the history offers at first (more than the pane shows at
 * the window's default size: each row is made, measured and drawn as the
 * game opens), and how many more each "Show earlier entries" adds. */
#define HISTORY_FIRST 12
#define HISTORY_MORE 200

struct _SlHistoryItem
{
  GObject   parent_instance;

  guint     index;
  guint     more;       /* the row that shows earlier entries: how many are left, else 0 */
  char     *summary;
  char     *when;
  gboolean  undone;
  gboolean  clock;      /* Next or a turn passed: told small, not to bury results (issue 31 #3) */
  /* A hand grenade's landing, for the small diagram (P-34). */
  gboolean  thrown;
  double    range_m, along_m, across_m;
};

G_DEFINE_FINAL_TYPE (SlHistoryItem, sl_history_item, G_TYPE_OBJECT)

static void
sl_history_item_finalize (GObject *object)
{
  SlHistoryItem *self = SL_HISTORY_ITEM (object);

  g_free (self->summary);
  g_free (self->when);
  G_OBJECT_CLASS (sl_history_item_parent_class)->finalize (object);
}

static void
sl_history_item_class_init (SlHistoryItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = sl_history_item_finalize;
}

static void
sl_history_item_init (SlHistoryItem *self)
{
}

guint
sl_history_item_get_index (SlHistoryItem *self)
{
  return self->index;
}

guint
sl_history_item_get_more (SlHistoryItem *self)
{
  return self->more;
}

const char *
sl_history_item_get_summary (SlHistoryItem *self)
{
  return self->summary;
}

const char *
sl_history_item_get_when (SlHistoryItem *self)
{
  return self->when;
}

gboolean
sl_history_item_get_undone (SlHistoryItem *self)
{
  return self->undone;
}

gboolean
sl_history_item_get_clock (SlHistoryItem *self)
{
  g_return_val_if_fail (SL_IS_HISTORY_ITEM (self), FALSE);
  return self->clock;
}

gboolean
sl_history_item_get_throw (SlHistoryItem *self,
                           double        *range_m,
                           double        *along_m,
                           double        *across_m)
{
  if (self->thrown)
    {
      *range_m = self->range_m;
      *along_m = self->along_m;
      *across_m = self->across_m;
    }
  return self->thrown;
}

/* The model: the journal, newest first */

#define SL_TYPE_HISTORY_MODEL (sl_history_model_get_type ())
G_DECLARE_FINAL_TYPE (SlHistoryModel, sl_history_model, SL, HISTORY_MODEL, GObject)

/* A row of the history, oldest first: a journal entry, or an entry kept
 * undone because it told a secret (sl_game_get_withdrawn), where it was. */
typedef struct
{
  guint64  id;      /* sl_game_get_entry_id / _withdrawn_id */
  guint    at;      /* the entry's index; a withdrawn entry: the entries before it */
  int      ref;     /* the entry's index, or −1 − k for the k-th withdrawn */
  gboolean undone;
  /* Its item once the list asked for it, kept while the row is the same:
   * the list binds a row again only when its item is another. */
  SlHistoryItem *item;
} Row;

static void
row_clear (gpointer data)
{
  g_clear_object (&((Row *) data)->item);
}

static GArray *
rows_new (guint reserved)
{
  GArray *rows = g_array_sized_new (FALSE, FALSE, sizeof (Row), reserved);

  g_array_set_clear_func (rows, row_clear);
  return rows;
}

struct _SlHistoryModel
{
  GObject  parent_instance;

  SlGame  *game;
  GArray  *rows;        /* of Row, oldest first */
  guint    floor;       /* the oldest row offered; those before it come on request */
  guint    position;    /* the game's position the rows were made at */
  guint    n_withdrawn;
};

static guint
n_all (SlHistoryModel *self)
{
  return self->rows != NULL ? self->rows->len : 0;
}

/* The entries offered, and whether earlier ones remain (a last row tells
 * how many). */
static guint
n_offered (SlHistoryModel *self)
{
  return n_all (self) - self->floor;
}

static gboolean
has_earlier (SlHistoryModel *self)
{
  return self->floor > 0;
}

static guint
n_rows (SlHistoryModel *self)
{
  return n_offered (self) + (has_earlier (self) ? 1 : 0);
}

static GType
sl_history_model_get_item_type (GListModel *model)
{
  return SL_TYPE_HISTORY_ITEM;
}

static guint
sl_history_model_get_n_items (GListModel *model)
{
  return n_rows (SL_HISTORY_MODEL (model));
}

static char *
entry_when (SlGame               *game,
            const SlJournalEntry *e)
{
  if (e->phase == SL_PHASE_ACTION && e->subphase > 0)
    /* "Turn 2 · subphase 7" */
    return g_strdup_printf (_("Turn %d · subphase %d"), e->turn, e->subphase);
  /* "Turn 2 · Initiative Phase" */
  return g_strdup_printf (_("Turn %d · %s"), e->turn, sl_phase_label (e->phase));
}

/* A throw: where it was aimed and where it landed (P-34). */
static void
item_set_throw (SlHistoryItem        *item,
                const SlJournalEntry *e)
{
  SlThrowLanding landing;

  if (!sl_throw_landing_read (sl_journal_entry_get_command (e), e->result, &landing))
    return;
  item->thrown = TRUE;
  item->range_m = landing.range_m;
  item->along_m = landing.along_m;
  item->across_m = landing.across_m;
}

/* The item of @row, made once. */
static SlHistoryItem *
row_item (SlHistoryModel *self,
          Row            *row)
{
  SlHistoryItem *item;
  const SlJournalEntry *e;

  if (row->item != NULL)
    return row->item;
  item = g_object_new (SL_TYPE_HISTORY_ITEM, NULL);
  if (row->ref < 0)
    {
      /* Undone for good, kept because it told a secret: shown, never
       * done again (issue 19: undo is no oracle). */
      e = sl_game_get_withdrawn (self->game, -1 - row->ref)->entry;
      item->index = G_MAXUINT - 1;
    }
  else
    {
      e = sl_game_get_entry (self->game, row->ref);
      item->index = row->ref;
      item_set_throw (item, e);
    }
  item->summary = g_strdup (e->summary && *e->summary ? e->summary : _("(nothing to tell)"));
  item->clock = sl_table_entry_kind (e) == SL_ENTRY_CLOCK;
  item->when = entry_when (self->game, e);
  item->undone = row->undone;
  row->item = item;
  return item;
}

static gpointer
sl_history_model_get_item (GListModel *model,
                           guint       position)
{
  SlHistoryModel *self = SL_HISTORY_MODEL (model);
  SlHistoryItem *item;
  guint left = self->floor;

  if (position >= n_rows (self))
    return NULL;
  if (position < n_offered (self))
    return g_object_ref (row_item (self, &g_array_index (self->rows, Row, n_all (self) - 1 - position)));
  /* The last row: the earlier entries, on request. */
  item = g_object_new (SL_TYPE_HISTORY_ITEM, NULL);
  item->index = G_MAXUINT;
  item->more = left;
  item->summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Show %u earlier entry",
                                                "Show %u earlier entries", MIN (left, HISTORY_MORE)),
                                   MIN (left, HISTORY_MORE));
  /* "11 960 entries before these" */
  item->when = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u entry before these",
                                             "%u entries before these", left), left);
  return item;
}

static void
sl_history_model_list_init (GListModelInterface *iface)
{
  iface->get_item_type = sl_history_model_get_item_type;
  iface->get_n_items = sl_history_model_get_n_items;
  iface->get_item = sl_history_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (SlHistoryModel, sl_history_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, sl_history_model_list_init))

static void
sl_history_model_dispose (GObject *object)
{
  SlHistoryModel *self = SL_HISTORY_MODEL (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->rows, g_array_unref);
  G_OBJECT_CLASS (sl_history_model_parent_class)->dispose (object);
}

static void
sl_history_model_class_init (SlHistoryModelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = sl_history_model_dispose;
}

static void
sl_history_model_init (SlHistoryModel *self)
{
}

/* Appends to @rows the rows of the entries from @from on, with the
 * withdrawn entries where they were: before the entry that took their
 * place, in the order they were withdrawn. */
static void
append_rows (SlGame *game,
             GArray *rows,
             guint   from)
{
  guint n = sl_game_get_n_entries (game);
  guint position = sl_game_get_position (game);
  guint n_withdrawn = sl_game_get_n_withdrawn (game);

  for (guint i = from; i <= n; i++)
    {
      for (guint k = 0; k < n_withdrawn; k++)
        {
          guint at = sl_game_get_withdrawn (game, k)->at;

          if (at == i || (i == n && at > n))
            {
              Row row = { sl_game_get_withdrawn_id (game, k), at, -1 - (int) k, TRUE, NULL };

              g_array_append_val (rows, row);
            }
        }
      if (i < n)
        {
          Row row = { sl_game_get_entry_id (game, i), i, (int) i, i >= position, NULL };

          g_array_append_val (rows, row);
        }
    }
}

/* @row is @was's (the same entry, done or undone alike): it takes its item. */
static gboolean
take_if_same (Row *row,
              Row *was)
{
  if (row->id != was->id || row->undone != was->undone)
    return FALSE;
  g_clear_object (&row->item);
  row->item = g_steal_pointer (&was->item);
  return TRUE;
}

/* Shows @game from its newest entries. */
static void
sl_history_model_set_game (SlHistoryModel *self,
                           SlGame         *game)
{
  guint removed = n_rows (self);

  g_set_object (&self->game, game);
  g_clear_pointer (&self->rows, g_array_unref);
  self->floor = 0;
  if (game != NULL)
    {
      self->rows = rows_new (0);
      append_rows (game, self->rows, 0);
      self->floor = n_all (self) > HISTORY_FIRST ? n_all (self) - HISTORY_FIRST : 0;
      self->position = sl_game_get_position (game);
      self->n_withdrawn = sl_game_get_n_withdrawn (game);
    }
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, n_rows (self));
}

/* The game changed: only the rows that did are told to the list, so a
 * command, an undo or a redo redraws a row or two whatever the game's
 * length. The journal changes only from the lower of the positions before
 * and after (a command replaces the entries undone; undo and redo move the
 * position; an entry is withdrawn where the position was): the rows before
 * are kept, those from there on made again and compared. */
static void
sl_history_model_update (SlHistoryModel *self)
{
  SlGame *game = self->game;
  guint from = MIN (self->position, sl_game_get_position (game));
  g_autoptr(GArray) old = self->rows;
  guint old_rows = n_rows (self), old_floor = self->floor;
  guint keep, top = 0, bottom = 0, n_old, n_new;

  /* A withdrawn entry placed before the rows kept would move them: a
   * change the journal does not make, made in full if it ever did. */
  for (guint k = self->n_withdrawn; k < sl_game_get_n_withdrawn (game); k++)
    if (sl_game_get_withdrawn (game, k)->at < from)
      {
        self->rows = g_steal_pointer (&old);
        sl_history_model_set_game (self, game);
        return;
      }
  /* The rows kept: those of entries (and withdrawn entries) before @from. */
  for (keep = old->len; keep > 0 && g_array_index (old, Row, keep - 1).at >= from; keep--)
    ;
  self->rows = rows_new (keep + 16);
  /* The rows kept move over with their items. */
  g_array_append_vals (self->rows, old->data, keep);
  for (guint i = 0; i < keep; i++)
    g_array_index (old, Row, i).item = NULL;
  append_rows (game, self->rows, from);
  self->position = sl_game_get_position (game);
  self->n_withdrawn = sl_game_get_n_withdrawn (game);

  /* What differs: the rows above @keep, less those the same at both ends. */
  n_old = old->len - keep;
  n_new = self->rows->len - keep;
  while (top < n_old && top < n_new &&
         take_if_same (&g_array_index (self->rows, Row, self->rows->len - 1 - top),
                       &g_array_index (old, Row, old->len - 1 - top)))
    top++;
  while (bottom < n_old - top && bottom < n_new - top &&
         take_if_same (&g_array_index (self->rows, Row, keep + bottom), &g_array_index (old, Row, keep + bottom)))
    bottom++;
  if (top == n_old && top == n_new)
    return;
  /* Every row that changed is offered (the earlier ones stay earlier). */
  self->floor = MIN (old_floor, keep + bottom);
  {
    guint first = top;
    /* From the bottom of the list: the rows kept and same that are
     * offered, and the row of earlier entries, while it says the same. */
    guint same_below = self->floor == old_floor
                       ? keep + bottom - old_floor + (has_earlier (self) ? 1 : 0)
                       : 0;

    g_list_model_items_changed (G_LIST_MODEL (self), first, old_rows - first - same_below,
                                n_rows (self) - first - same_below);
  }
}

/* The view */

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
  g_autofree char *caption = NULL;

  if (item->undone && item->more == 0)
    /* "Turn 2 · subphase 7 · undone" */
    caption = g_strdup_printf (_("%s · undone"), item->when);
  gtk_label_set_text (GTK_LABEL (when), caption ? caption : item->when);
  /* The rules it cites, with their book sections, link to the reference. */
  sl_rule_links_set_label (GTK_LABEL (summary), item->summary);
  /* The row named as it reads, "undone" included: GTK 4.8 names it
   * "GtkLabel" (issue 32 #4, #7). */
  if (gtk_widget_get_parent (box) != NULL)
    {
      /* Translators: a history entry, for a screen reader: when ("Turn 2 ·
       * subphase 7", "… · undone"), then what happened. */
      g_autofree char *name = g_strdup_printf (_("%s: %s"), caption ? caption : item->when,
                                               gtk_label_get_text (GTK_LABEL (summary)));

      gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (box)),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    }
  /* The clock's lines ("… has had its turn; now …'s") small and dim: the
   * results stand out (issue 31 #3). */
  if (item->clock)
    {
      gtk_widget_add_css_class (summary, "caption");
      gtk_widget_add_css_class (summary, "dim-label");
    }
  else
    {
      gtk_widget_remove_css_class (summary, "caption");
      gtk_widget_remove_css_class (summary, "dim-label");
    }
  gtk_widget_set_opacity (box, item->undone ? 0.55 : 1.0);
  {
    GtkWidget *diagram = gtk_widget_get_next_sibling (summary);

    gtk_widget_set_visible (diagram, item->thrown);
    if (item->thrown)
      sl_scatter_diagram_set (SL_SCATTER_DIAGRAM (diagram), item->range_m, item->along_m, item->across_m,
                              item->summary);
  }
}

/* Further back: @more entries more, in place of the last row (the rows
 * above stay as they are, and so does the scroll position). */
static void
show_earlier (SlHistoryView *self,
              guint          more)
{
  SlHistoryModel *model = self->model;
  guint before = n_rows (model);
  guint kept = n_offered (model);

  model->floor = model->floor > more ? model->floor - more : 0;
  g_list_model_items_changed (G_LIST_MODEL (model), kept, before - kept, n_rows (model) - kept);
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
  if (item->more > 0)
    {
      show_earlier (self, HISTORY_MORE);
      return;
    }
  /* An entry kept undone is never done again. */
  if (item->index == G_MAXUINT - 1)
    return;
  sl_game_go_to (self->game, item->index + 1);
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
  if (edge == GTK_POS_BOTTOM && self->game != NULL && has_earlier (self->model))
    show_earlier (self, HISTORY_MORE);
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

  return self->game != NULL && has_earlier (self->model) &&
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
  show_earlier (self, HISTORY_FIRST);
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
