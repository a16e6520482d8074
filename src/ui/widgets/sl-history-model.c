/* sl-history-model.c: the history's rows — the journal, newest first,
 * with the entries kept undone where they were.
 *
 * The model makes its items when the list view asks for them, and offers
 * the newest entries only (SL_HISTORY_FIRST at first; the view brings
 * SL_HISTORY_MORE earlier ones on request, or SL_HISTORY_FIRST more until
 * it is filled): GTK's list view realizes up to 200 rows whatever is on
 * screen, and a 30-turn journal has 12 000 entries. Opening a long game,
 * and every change, costs a page of rows.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-history-model.h"
#include "sl-preview-dice.h"
#include "sl-table-model.h"

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
  sl_history_item_set_throw (item, landing.range_m, landing.along_m, landing.across_m);
}

/* The item of @row, made once. */
static SlHistoryItem *
row_item (SlHistoryModel *self,
          Row            *row)
{
  const SlJournalEntry *e;
  guint index;
  g_autofree char *when = NULL;

  if (row->item != NULL)
    return row->item;
  if (row->ref < 0)
    {
      /* Undone for good, kept because it told a secret: shown, never
       * done again (issue 19: undo is no oracle). */
      e = sl_game_get_withdrawn (self->game, -1 - row->ref)->entry;
      index = G_MAXUINT - 1;
    }
  else
    {
      e = sl_game_get_entry (self->game, row->ref);
      index = row->ref;
    }
  when = entry_when (self->game, e);
  row->item = sl_history_item_new (index, e->summary && *e->summary ? e->summary : _("(nothing to tell)"),
                                   when, row->undone, sl_table_entry_kind (e) == SL_ENTRY_CLOCK);
  if (row->ref >= 0)
    item_set_throw (row->item, e);
  return row->item;
}

static gpointer
sl_history_model_get_item (GListModel *model,
                           guint       position)
{
  SlHistoryModel *self = SL_HISTORY_MODEL (model);
  guint left = self->floor;
  g_autofree char *summary = NULL;
  g_autofree char *when = NULL;

  if (position >= n_rows (self))
    return NULL;
  if (position < n_offered (self))
    return g_object_ref (row_item (self, &g_array_index (self->rows, Row, n_all (self) - 1 - position)));
  /* The last row: the earlier entries, on request. */
  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Show %u earlier entry",
                                          "Show %u earlier entries", MIN (left, SL_HISTORY_MORE)),
                             MIN (left, SL_HISTORY_MORE));
  /* "11 960 entries before these" */
  when = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u entry before these",
                                       "%u entries before these", left), left);
  return sl_history_item_new_more (left, summary, when);
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

void
sl_history_model_set_game (SlHistoryModel *self,
                           SlGame         *game)
{
  guint removed;

  g_return_if_fail (SL_IS_HISTORY_MODEL (self));

  removed = n_rows (self);
  g_set_object (&self->game, game);
  g_clear_pointer (&self->rows, g_array_unref);
  self->floor = 0;
  if (game != NULL)
    {
      self->rows = rows_new (0);
      append_rows (game, self->rows, 0);
      self->floor = n_all (self) > SL_HISTORY_FIRST ? n_all (self) - SL_HISTORY_FIRST : 0;
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
void
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

gboolean
sl_history_model_has_earlier (SlHistoryModel *self)
{
  g_return_val_if_fail (SL_IS_HISTORY_MODEL (self), FALSE);
  return has_earlier (self);
}

/* In place of the last row (the rows above stay as they are, and so does
 * the list's scroll position). */
void
sl_history_model_show_earlier (SlHistoryModel *self,
                               guint           more)
{
  guint before, kept;

  g_return_if_fail (SL_IS_HISTORY_MODEL (self));

  before = n_rows (self);
  kept = n_offered (self);
  self->floor = self->floor > more ? self->floor - more : 0;
  g_list_model_items_changed (G_LIST_MODEL (self), kept, before - kept, n_rows (self) - kept);
}
