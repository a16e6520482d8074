/* sl-history-item.c: one row of the history — a journal entry as the
 * history tells it (when, what happened, undone or not, a throw's landing),
 * or the last row, which shows earlier entries. The history's model
 * (sl-history-model.c) makes the items; the view (sl-history-view.c) shows
 * them.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-history-item.h"

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

SlHistoryItem *
sl_history_item_new (guint       index,
                     const char *summary,
                     const char *when,
                     gboolean    undone,
                     gboolean    clock)
{
  SlHistoryItem *self = g_object_new (SL_TYPE_HISTORY_ITEM, NULL);

  self->index = index;
  self->summary = g_strdup (summary);
  self->when = g_strdup (when);
  self->undone = undone;
  self->clock = clock;
  return self;
}

SlHistoryItem *
sl_history_item_new_more (guint       more,
                          const char *summary,
                          const char *when)
{
  SlHistoryItem *self = g_object_new (SL_TYPE_HISTORY_ITEM, NULL);

  self->index = G_MAXUINT;
  self->more = more;
  self->summary = g_strdup (summary);
  self->when = g_strdup (when);
  return self;
}

void
sl_history_item_set_throw (SlHistoryItem *self,
                           double         range_m,
                           double         along_m,
                           double         across_m)
{
  g_return_if_fail (SL_IS_HISTORY_ITEM (self));

  self->thrown = TRUE;
  self->range_m = range_m;
  self->along_m = along_m;
  self->across_m = across_m;
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
