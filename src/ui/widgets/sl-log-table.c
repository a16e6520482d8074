/* sl-log-table.c: the table of a squad's lines, with their headings (T-04)
 *
 * The table works out the columns from all its lines (SlLogLine,
 * sl-log-line.c), as the width budget at the column table says
 * (fit_columns), and draws the headings over them and the lines the view
 * shows. It keeps what the lines share: the box letters' layouts and an
 * average character's width, as long as the fonts hold.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-log-line.h"
#include "sl-log-table.h"
#include "sl-squad-log-private.h"
#include "sl-ui-util.h"

#define HEADING_GAP 4       /* under the headings, above the first line's padding */

G_DEFINE_FINAL_TYPE (SlLogTable, sl_log_table, GTK_TYPE_WIDGET)

static void forget_table_layouts (SlLogTable *self);
static void table_check_context (SlLogTable *table);

PangoLayout *
sl_log_table_letter_layout (SlLogTable *table,
                            const char *letter)
{
  PangoLayout *layout;

  table_check_context (table);
  layout = g_hash_table_lookup (table->letters, letter);

  if (layout == NULL)
    {
      PangoAttrList *attrs = pango_attr_list_new ();

      layout = gtk_widget_create_pango_layout (GTK_WIDGET (table), letter);
      pango_attr_list_insert (attrs, pango_attr_scale_new (0.8));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
      g_hash_table_insert (table->letters, g_strdup (letter), layout);
    }
  return layout;
}

/* What the table measured holds as long as its fonts do (a change of
 * style, settings or direction gives its Pango context a new serial). */
static void
table_check_context (SlLogTable *table)
{
  guint serial = pango_context_get_serial (gtk_widget_get_pango_context (GTK_WIDGET (table)));

  if (serial != table->serial)
    {
      forget_table_layouts (table);
      table->serial = serial;
    }
}

/* An average character, as GtkLabel counts its width in characters. */
static int
char_width (PangoContext               *context,
            const PangoFontDescription *font)
{
  PangoFontMetrics *metrics = pango_context_get_metrics (context, font, NULL);
  int width = MAX (pango_font_metrics_get_approximate_char_width (metrics),
                   pango_font_metrics_get_approximate_digit_width (metrics));

  pango_font_metrics_unref (metrics);
  return PANGO_PIXELS_CEIL (width);
}

int
sl_log_table_char_width (SlLogTable *table,
                         gboolean    small)
{
  table_check_context (table);
  if (table->char_width == 0)
    {
      PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (table));
      PangoFontDescription *font = pango_font_description_copy (pango_context_get_font_description (context));

      table->char_width = char_width (context, NULL);
      /* libadwaita's .caption, as sl_log_line_make_layout() sets it */
      pango_font_description_set_size (font, 9 * PANGO_SCALE);
      table->small_char_width = char_width (context, font);
      pango_font_description_free (font);
    }
  return small ? table->small_char_width : table->char_width;
}

/* The table -------------------------------------------------------------- */

static PangoLayout *
heading_layout (SlLogTable *self,
                guint       column)
{
  table_check_context (self);
  /* Column headings of the paper unit log (T-04) */
  if (self->headings[column] == NULL)
    self->headings[column] = sl_log_line_make_layout (GTK_WIDGET (self),
                                                      g_dpgettext2 (NULL, "squad log", sl_log_columns[column].heading),
                                                      TRUE, TRUE, FALSE);
  return self->headings[column];
}

static int
headings_height (SlLogTable *self)
{
  int height = 0;

  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    if (sl_log_line_on_screen (c))
      {
        int h;

        pango_layout_get_pixel_size (heading_layout (self, c), NULL, &h);
        height = MAX (height, h);
      }
  return height;
}

/* Each column as wide as its widest cell or heading; @full, what the
 * widest would take to show its text whole. 0 for a column not on screen. */
static void
column_widths (SlLogTable *self,
               int         minimum[SL_LOG_N_COLUMNS],
               int         natural[SL_LOG_N_COLUMNS],
               int         full[SL_LOG_N_COLUMNS])
{
  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    {
      int w = 0;

      if (sl_log_line_on_screen (c))
        pango_layout_get_pixel_size (heading_layout (self, c), &w, NULL);
      minimum[c] = natural[c] = full[c] = w;
    }
  for (GtkWidget *line = gtk_widget_get_first_child (GTK_WIDGET (self)); line != NULL;
       line = gtk_widget_get_next_sibling (line))
    for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
      if (sl_log_line_on_screen (c))
        {
          SlLogSize size;

          sl_log_columns[c].measure (SL_LOG_LINE (line), c, &size);
          minimum[c] = MAX (minimum[c], size.minimum);
          natural[c] = MAX (natural[c], size.natural);
          full[c] = MAX (full[c], MAX (size.natural, size.full));
        }
}

/* The width of the columns on screen and not folded, with their spacing
 * and padding. */
static int
columns_total (const int widths[SL_LOG_N_COLUMNS],
               guint     folded)
{
  int total = 2 * SL_LOG_LINE_PAD_X - SL_LOG_COLUMN_SPACING;

  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    if (sl_log_line_on_screen (c) && !(folded & (1u << c)))
      total += widths[c] + SL_LOG_COLUMN_SPACING;
  return total;
}

/* The columns that may fold (1 << column). */
static guint
foldable (void)
{
  guint columns_folding = 0;

  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    if (sl_log_columns[c].fold > 0)
      columns_folding |= 1u << c;
  return columns_folding;
}

/* The columns to fold into the details for the table to fit in @width,
 * in their order (SlLogColumn.fold): none when every column fits at its least. */
static guint
columns_to_fold (const int minimum[SL_LOG_N_COLUMNS],
                 int       width)
{
  guint folded = 0;

  for (int rank = 1; rank <= (int) SL_LOG_N_COLUMNS && columns_total (minimum, folded) > width; rank++)
    for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
      if (sl_log_columns[c].fold == rank)
        folded |= 1u << c;
  return folded;
}

/* @spare pixels to the columns that grow, in their order (SlLogColumn.grow),
 * each up to its @full width; what is left to the first. */
static void
share_spare (int       widths[SL_LOG_N_COLUMNS],
             const int full[SL_LOG_N_COLUMNS],
             int       spare)
{
  for (int rank = 1; rank <= (int) SL_LOG_N_COLUMNS; rank++)
    for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
      if (sl_log_columns[c].grow == rank)
        {
          int give = MIN (spare, MAX (0, full[c] - widths[c]));

          widths[c] += give;
          spare -= give;
        }
  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    if (sl_log_columns[c].grow == 1)
      {
        widths[c] += spare;
        return;
      }
}

/* The columns' widths in @width, and those folded: the width budget
 * written at the column table. The columns that grow start at their
 * least; the first to grow is needed whole when choosing what folds. */
static void
fit_columns (SlLogTable *self,
             int         width,
             int         widths[SL_LOG_N_COLUMNS],
             guint      *folded)
{
  int min[SL_LOG_N_COLUMNS], full[SL_LOG_N_COLUMNS], need[SL_LOG_N_COLUMNS], total;

  column_widths (self, min, widths, full);
  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    need[c] = sl_log_columns[c].grow == 1 ? MAX (min[c], full[c]) : min[c];
  *folded = columns_to_fold (need, width);
  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    if (sl_log_columns[c].grow > 0)
      widths[c] = min[c];
  total = columns_total (widths, *folded);
  if (width > total)
    share_spare (widths, full, width - total);
  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    if (*folded & (1u << c))
      widths[c] = 0;
}

static void
sl_log_table_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  SlLogTable *self = SL_LOG_TABLE (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int min[SL_LOG_N_COLUMNS], nat[SL_LOG_N_COLUMNS], full[SL_LOG_N_COLUMNS];

      /* Every column at its natural width; at the least, with the
       * foldable ones folded. */
      column_widths (self, min, nat, full);
      *minimum = columns_total (min, foldable ());
      *natural = columns_total (nat, 0);
    }
  else
    {
      int height = headings_height (self) + HEADING_GAP;

      for (GtkWidget *line = gtk_widget_get_first_child (widget); line != NULL;
           line = gtk_widget_get_next_sibling (line))
        {
          int min, nat;

          gtk_widget_measure (line, GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
          height += nat;
        }
      *minimum = *natural = height;
    }
}

static void
sl_log_table_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  SlLogTable *self = SL_LOG_TABLE (widget);
  int widths[SL_LOG_N_COLUMNS];
  int x = 0, y;
  guint folded;
  gboolean moved;

  fit_columns (self, width, widths, &folded);
  moved = folded != self->folded;
  self->folded = folded;
  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    {
      moved |= self->x[c] != x || self->width[c] != widths[c];
      self->x[c] = x;
      self->width[c] = widths[c];
      if (sl_log_line_on_screen (c) && !(folded & (1u << c)))
        x += widths[c] + SL_LOG_COLUMN_SPACING;
    }
  /* The lines draw at the columns: new columns, new drawings, even of the
   * lines whose size stays the same. */
  if (moved)
    {
      gtk_widget_queue_draw (widget);
      for (GtkWidget *line = gtk_widget_get_first_child (widget); line != NULL;
           line = gtk_widget_get_next_sibling (line))
        gtk_widget_queue_draw (line);
    }

  y = headings_height (self) + HEADING_GAP;
  for (GtkWidget *line = gtk_widget_get_first_child (widget); line != NULL;
       line = gtk_widget_get_next_sibling (line))
    {
      int lmin, lnat;

      gtk_widget_measure (line, GTK_ORIENTATION_VERTICAL, width, &lmin, &lnat, NULL, NULL);
      gtk_widget_size_allocate (line, &(GtkAllocation) { 0, y, width, lnat }, -1);
      y += lnat;
    }
}

static void
shown_span (SlLogTable *self,
            float      *top,
            float      *bottom)
{
  GtkWidget *view = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  *top = -G_MAXFLOAT;
  *bottom = G_MAXFLOAT;
  if (view != NULL && gtk_widget_compute_bounds (view, GTK_WIDGET (self), &bounds))
    {
      *top = bounds.origin.y;
      *bottom = bounds.origin.y + bounds.size.height;
    }
}

static void
sl_log_table_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  SlLogTable *self = SL_LOG_TABLE (widget);
  GdkRGBA dim = sl_widget_get_color (widget);
  float top, bottom;

  dim.alpha *= sl_log_line_dim_alpha ();
  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    {
      PangoLayout *layout;
      int w, x = SL_LOG_LINE_PAD_X + self->x[c];

      if (!sl_log_line_on_screen (c) || (self->folded & (1u << c)))
        continue;
      layout = heading_layout (self, c);
      pango_layout_get_pixel_size (layout, &w, NULL);
      if (sl_log_columns[c].style & SL_LOG_STYLE_HEADING_END)
        x += self->width[c] - w;   /* over the badges, at the end of the line */
      if (sl_log_line_is_rtl (widget))
        x = gtk_widget_get_width (widget) - x - w;
      sl_log_line_draw_layout (snapshot, layout, x, 0, &dim);
    }
  /* Only the lines the view shows: a game's squads are far longer than the
   * window, and every line drawn, seen or not, is drawn again in every
   * frame by a renderer without a cache (cairo), when Next changes them
   * all. Scrolling draws the table again (sl_log_table_map). */
  shown_span (self, &top, &bottom);
  for (GtkWidget *line = gtk_widget_get_first_child (widget); line != NULL;
       line = gtk_widget_get_next_sibling (line))
    {
      graphene_rect_t bounds;

      if (gtk_widget_compute_bounds (line, widget, &bounds) &&
          (bounds.origin.y >= bottom || bounds.origin.y + bounds.size.height <= top))
        continue;
      gtk_widget_snapshot_child (widget, line, snapshot);
    }
}

/* The lines drawn depend on how far the view is scrolled and how tall it
 * is: a change of either draws the table again. */
static void
sl_log_table_map (GtkWidget *widget)
{
  SlLogTable *self = SL_LOG_TABLE (widget);
  GtkWidget *view = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);

  GTK_WIDGET_CLASS (sl_log_table_parent_class)->map (widget);
  if (view == NULL)
    return;
  g_set_object (&self->scroll, gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (view)));
  g_signal_connect_object (self->scroll, "value-changed", G_CALLBACK (gtk_widget_queue_draw),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scroll, "changed", G_CALLBACK (gtk_widget_queue_draw),
                           self, G_CONNECT_SWAPPED);
}

static void
forget_scroll (SlLogTable *self)
{
  if (self->scroll == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->scroll, self);
  g_clear_object (&self->scroll);
}

static void
sl_log_table_unmap (GtkWidget *widget)
{
  forget_scroll (SL_LOG_TABLE (widget));
  GTK_WIDGET_CLASS (sl_log_table_parent_class)->unmap (widget);
}

/* Keyboard: the table is one stop of the Tab chain, as a list is; the
 * arrows go from line to line (and on to the next squad's log). */
static gboolean
sl_log_table_focus (GtkWidget        *widget,
                    GtkDirectionType  direction)
{
  return sl_focus_children (widget, direction, SL_LOG_TABLE (widget)->cursor, FALSE);
}

static void
sl_log_table_set_focus_child (GtkWidget *widget,
                              GtkWidget *child)
{
  if (child != NULL)
    g_set_weak_pointer (&SL_LOG_TABLE (widget)->cursor, child);
  GTK_WIDGET_CLASS (sl_log_table_parent_class)->set_focus_child (widget, child);
}

static void
forget_table_layouts (SlLogTable *self)
{
  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    g_clear_object (&self->headings[c]);
  g_hash_table_remove_all (self->letters);
  self->char_width = 0;
}

static void
sl_log_table_dispose (GObject *object)
{
  SlLogTable *self = SL_LOG_TABLE (object);
  GtkWidget *line;

  g_clear_weak_pointer (&self->cursor);
  forget_scroll (self);
  while ((line = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (line);
  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    g_clear_object (&self->headings[c]);
  g_clear_pointer (&self->letters, g_hash_table_unref);
  G_OBJECT_CLASS (sl_log_table_parent_class)->dispose (object);
}

static void
sl_log_table_class_init (SlLogTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_log_table_dispose;
  widget_class->measure = sl_log_table_measure;
  widget_class->size_allocate = sl_log_table_size_allocate;
  widget_class->snapshot = sl_log_table_snapshot;
  widget_class->map = sl_log_table_map;
  widget_class->unmap = sl_log_table_unmap;
  widget_class->focus = sl_log_table_focus;
  widget_class->set_focus_child = sl_log_table_set_focus_child;
  gtk_widget_class_set_css_name (widget_class, "logtable");
  /* An unlabelled group inside the squad's log, which is named. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
sl_log_table_init (SlLogTable *self)
{
  self->letters = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  gtk_widget_add_css_class (GTK_WIDGET (self), "card");
  gtk_widget_add_css_class (GTK_WIDGET (self), "squad-log-grid");
}
