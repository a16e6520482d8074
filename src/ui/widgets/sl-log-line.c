/* sl-log-line.c: a unit's line in a squad's log (T-04)
 *
 * One widget per unit draws every cell of its line itself, at the columns
 * its table (SlLogTable, sl-log-table.c) works out from all its lines; it
 * is a button to the unit's log (click, or Enter when it has the focus),
 * and tells a screen reader everything it shows. Its texts are kept up to
 * date in place (sl_log_line_update); only the status badges are widgets
 * of their own.
 *
 * What a line says is made in sl-squad-log-texts.c, from the unit's log
 * and the table model; this file measures and draws it, and holds the one
 * table of columns every part of the squad log reads (sl_log_columns).
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
#include "sl-text.h"
#include "sl-ui-util.h"

#define AMMO_SPACING 8      /* between magazines, grenades and the tally */
#define BADGE_SPACING 4
#define LINE_PAD_Y 4
#define MAX_BOXES SL_LOG_MAX_BOXES
#define BOX 16
#define BOX_GAP 2
#define OUT_ALPHA 0.5f      /* a unit out of the fight, as an insensitive label */
/* A line's natural width has the action at 16 characters and the details
 * under the name at 28: what the history folds away for (sl-window.ui).
 * Room beyond goes to them until they show whole (fit_columns). */
#define ACTION_MIN_CHARS 16
#define DETAILS_MAX_CHARS 28

/* A cell of a line being drawn: the line, its column, the colours and
 * the middle of the line. */
struct _SlLogCell
{
  SlLogLine   *line;
  guint        column;
  GtkSnapshot *snapshot;
  GdkRGBA      fg;
  GdkRGBA      dim;
  double       middle;
  gboolean     rtl;
};

static void measure_text   (SlLogLine *line, guint column, SlLogSize *size);
static void measure_name   (SlLogLine *line, guint column, SlLogSize *size);
static void measure_ammo   (SlLogLine *line, guint column, SlLogSize *size);
static void measure_wounds (SlLogLine *line, guint column, SlLogSize *size);
static void measure_action (SlLogLine *line, guint column, SlLogSize *size);
static void measure_status (SlLogLine *line, guint column, SlLogSize *size);
static void draw_text      (const SlLogCell *cell);
static void draw_name      (const SlLogCell *cell);
static void draw_ammo      (const SlLogCell *cell);
static void draw_wounds    (const SlLogCell *cell);
static void draw_status    (const SlLogCell *cell);
static const char *cut_name (SlLogLine *line, guint column, int y);
static const char *cut_text (SlLogLine *line, guint column, int y);

/* The fields of the paper unit log (T-04), left to right: each a row.
 * A row with a heading is a column on screen, measured and drawn by its
 * functions; one without (points, race, armor, equipment) is told in the
 * details under the unit's name (race · armor · points · equipment),
 * which keeps the log within a laptop's width. Every field is read aloud
 * (sl_log_text_description). The status comes last: its badges sit at
 * the line's end.
 *
 * The width budget (fit_columns, sl-log-table.c; docs/HACKING.md,
 * "Adding a squad-log field"): each column asks for a least and a natural
 * width (measure). The line has its cells' widths, SL_LOG_COLUMN_SPACING
 * between them and SL_LOG_LINE_PAD_X at either end; the table's natural
 * width is every column at its natural width, with the action at 16
 * characters and the details at 28 (what the history beside the logs
 * folds away for at 1024 pixels).
 * Room to spare goes to the columns that grow, in order: the action
 * until it shows whole (what the unit does and when it ends: what the
 * table reads there), then the name's cell until the details under it
 * show whole, what is left to the action again. Short of room, the
 * details are cut short first, then the action, down to 16 characters;
 * then the columns that fold go into the details, in their order — the
 * modifiers, the weapon, the position: they change least in play or are
 * read least off the table — and columns fold for the action to show
 * whole as long as any can (issue 31 #7: the other way round, the action
 * lost its end subphase at 1024 × 700). The counter, the name, the
 * ammunition, the wounds, the action and the status never fold. The
 * window tests hold it, in English and French (/window/fits; and
 * /window/adaptive/sizes): at 1366 × 768 nothing folds; at 1024 × 700
 * every column fits at its natural width (in French the modifiers fold
 * there for the action to show whole); at 800 × 600 the columns that do
 * not fold fit at their least, without scrolling sideways. */
const SlLogColumn sl_log_columns[] = {
  { .id = "counter", .heading = NC_("squad log", "#"), .text = sl_log_text_counter,
    .style = SL_LOG_STYLE_NUMERIC, .measure = measure_text, .draw = draw_text },
  { .id = "name", .heading = NC_("squad log", "Unit"), .text = sl_log_text_name,
    .grow = 2, .measure = measure_name, .draw = draw_name, .cut = cut_name },
  { .id = "points", .text = sl_log_text_points },
  { .id = "race", .text = sl_log_text_race },
  { .id = "armor", .text = sl_log_text_armor },
  { .id = "weapon", .heading = NC_("squad log", "Wpn"), .text = sl_log_text_weapon,
    .fold = 2, .measure = measure_text, .draw = draw_text },
  { .id = "mod", .heading = NC_("squad log", "Mod"), .text = sl_log_text_mod,
    .fold = 1, .style = SL_LOG_STYLE_NUMERIC, .measure = measure_text, .draw = draw_text },
  { .id = "ammo", .heading = NC_("squad log", "Ammo"), .text = sl_log_text_ammo,
    .measure = measure_ammo, .draw = draw_ammo },
  { .id = "wounds", .heading = NC_("squad log", "Wnds"), .text = sl_log_text_wounds,
    .measure = measure_wounds, .draw = draw_wounds },
  { .id = "position", .heading = NC_("squad log", "Position"), .text = sl_log_text_position,
    .fold = 3, .measure = measure_text, .draw = draw_text },
  { .id = "equipment", .text = sl_log_text_equipment },
  { .id = "action", .heading = NC_("squad log", "Action"), .text = sl_log_text_action,
    .grow = 1, .style = SL_LOG_STYLE_CUT, .measure = measure_action, .draw = draw_text, .cut = cut_text },
  { .id = "status", .heading = NC_("squad log", "Status"), .text = sl_log_text_status,
    .style = SL_LOG_STYLE_HEADING_END, .measure = measure_status, .draw = draw_status },
};

/* A field more is a row more here and one more in SL_LOG_N_COLUMNS, which
 * the other parts size their arrays with. */
G_STATIC_ASSERT (G_N_ELEMENTS (sl_log_columns) == SL_LOG_N_COLUMNS);

G_DEFINE_FINAL_TYPE (SlLogLine, sl_log_line, GTK_TYPE_WIDGET)

/* Drawing helpers ------------------------------------------------------ */

float
sl_log_line_dim_alpha (void)
{
  return adw_style_manager_get_high_contrast (adw_style_manager_get_default ())
         ? SL_LOG_DIM_HIGH_CONTRAST : SL_LOG_DIM;
}

gboolean
sl_log_line_is_rtl (GtkWidget *widget)
{
  return gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
}

/* A layout in the widget's font; @small is libadwaita's .caption (or
 * .caption-heading when @bold), @numeric its .numeric (tabular figures). */
PangoLayout *
sl_log_line_make_layout (GtkWidget  *widget,
                         const char *text,
                         gboolean    small,
                         gboolean    bold,
                         gboolean    numeric)
{
  /* One line whatever a name holds: a line break or a bidi override in a
   * soldier's name does not break the table (issue 19 #12). */
  g_autofree char *line = sl_text_one_line (text);
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, line);
  PangoAttrList *attrs = pango_attr_list_new ();

  if (small)
    pango_attr_list_insert (attrs, pango_attr_size_new (9 * PANGO_SCALE));
  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  if (numeric)
    pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  return layout;
}

void
sl_log_line_draw_layout (GtkSnapshot   *snapshot,
                         PangoLayout   *layout,
                         double         x,
                         double         y,
                         const GdkRGBA *color)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

static int
boxes_width (const SlLogLineBoxes *boxes)
{
  return boxes->n > 0 ? boxes->n * (BOX + BOX_GAP) - BOX_GAP + 1 : 0;
}

/* Whether @boxes changed; sets them to @n boxes, @ticked, @letters. */
static gboolean
boxes_set (SlLogLineBoxes     *boxes,
           int                 n,
           guint               ticked,
           const char * const *letters)
{
  gboolean changed = FALSE;

  n = CLAMP (n, 0, MAX_BOXES);
  ticked &= (1u << n) - 1;
  for (int i = 0; i < MAX_BOXES; i++)
    {
      const char *letter = i < n ? letters[i] : NULL;

      if (g_strcmp0 (letter, boxes->letters[i]) != 0)
        {
          g_free (boxes->letters[i]);
          boxes->letters[i] = g_strdup (letter);
          changed = TRUE;
        }
    }
  changed |= n != boxes->n || ticked != boxes->ticked;
  boxes->n = n;
  boxes->ticked = ticked;
  return changed;
}

static void
boxes_clear (SlLogLineBoxes *boxes)
{
  for (int i = 0; i < MAX_BOXES; i++)
    g_clear_pointer (&boxes->letters[i], g_free);
}

/* A row of check boxes as printed on the squad log, from @x (its left
 * edge, or its right edge right to left), centred on @middle; the ticked
 * ones crossed out with a pen's cross, as players tick their logs. */
static void
draw_boxes (GtkSnapshot          *snapshot,
            SlLogTable           *table,
            const SlLogLineBoxes *boxes,
            double                x,
            double                middle,
            gboolean              rtl,
            const GdkRGBA        *fg)
{
  GdkRGBA faint = *fg;
  double y = middle - BOX / 2.0;

  faint.alpha *= SL_LOG_DIM;
  for (int i = 0; i < boxes->n; i++)
    {
      double bx = (rtl ? x - boxes_width (boxes) + (boxes->n - 1 - i) * (BOX + BOX_GAP) : x + i * (BOX + BOX_GAP)) + 0.5;
      gboolean ticked = (boxes->ticked & (1u << i)) != 0;
      GskRoundedRect rect;
      float widths[4] = { 1.2f, 1.2f, 1.2f, 1.2f };
      GdkRGBA colors[4] = { faint, faint, faint, faint };

      gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (bx, y, BOX, BOX), 3);
      gtk_snapshot_append_border (snapshot, &rect, widths, colors);
      if (boxes->letters[i] != NULL)
        {
          PangoLayout *layout = sl_log_table_letter_layout (table, boxes->letters[i]);
          int w, h;

          pango_layout_get_pixel_size (layout, &w, &h);
          sl_log_line_draw_layout (snapshot, layout, bx + (BOX - w) / 2.0, y + (BOX - h) / 2.0,
                                   ticked ? &faint : fg);
        }
      if (ticked)
        {
          cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (bx, y, BOX, BOX));

          gdk_cairo_set_source_rgba (cr, fg);
          cairo_set_line_width (cr, 2.0);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
          cairo_move_to (cr, bx + 4, y + 4);
          cairo_line_to (cr, bx + BOX - 4, y + BOX - 4);
          cairo_move_to (cr, bx + BOX - 4, y + 4);
          cairo_line_to (cr, bx + 4, y + BOX - 4);
          cairo_stroke (cr);
          cairo_destroy (cr);
        }
    }
}

static SlLogTable *
line_table (SlLogLine *line)
{
  return SL_LOG_TABLE (gtk_widget_get_parent (GTK_WIDGET (line)));
}

/* A line's texts ------------------------------------------------------- */

static void forget_layouts (SlLogLine *self);

/* @text, made into a layout for @value in @style when first asked for
 * (and again when the fonts change), and measured. */
static const SlLogText *
line_text (SlLogLine  *self,
           SlLogText  *text,
           const char *value,
           guint       style)
{
  guint serial = pango_context_get_serial (gtk_widget_get_pango_context (GTK_WIDGET (self)));

  if (serial != self->serial)
    {
      forget_layouts (self);
      self->serial = serial;
    }
  if (text->layout == NULL)
    {
      text->layout = sl_log_line_make_layout (GTK_WIDGET (self), value != NULL ? value : "",
                                              style & SL_LOG_STYLE_SMALL, FALSE, style & SL_LOG_STYLE_NUMERIC);
      pango_layout_get_pixel_size (text->layout, &text->width, &text->height);
      if (style & SL_LOG_STYLE_CUT)
        pango_layout_set_ellipsize (text->layout, PANGO_ELLIPSIZE_END);
    }
  return text;
}

/* The text of @column, as it is drawn. */
static const SlLogText *
column_text (SlLogLine *self,
             guint      column)
{
  return line_text (self, &self->drawn[column], self->texts[column], sl_log_columns[column].style);
}

/* The details under the name, small, cut short to fit. */
static const SlLogText *
details_text (SlLogLine *self)
{
  return line_text (self, &self->details_text, self->details, SL_LOG_STYLE_SMALL | SL_LOG_STYLE_CUT);
}

/* The tally after the ammunition's boxes. */
static const SlLogText *
tally_text (SlLogLine *self)
{
  return line_text (self, &self->tally_text, self->tally, SL_LOG_STYLE_NUMERIC);
}

static void
forget_layouts (SlLogLine *self)
{
  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    g_clear_object (&self->drawn[c].layout);
  g_clear_object (&self->details_text.layout);
  g_clear_object (&self->tally_text.layout);
  g_clear_object (&self->folded);
}

/* The details as drawn: after the texts of the columns the table folded
 * into them for want of room ("standing · SR · SP · 0/−1 · Human · BI ·
 * 46 pts"), the most useful first. */
static PangoLayout *
details_layout (SlLogLine *self)
{
  guint folded = line_table (self)->folded;
  PangoLayout *details = details_text (self)->layout;
  g_autofree char *text = NULL;

  if (folded == 0)
    return details;
  if (self->folded != NULL && self->folded_columns == folded)
    return self->folded;
  g_clear_object (&self->folded);
  text = g_strdup (self->details != NULL ? self->details : "");
  for (int rank = 1; rank <= (int) SL_LOG_N_COLUMNS; rank++)
    for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
      if (sl_log_columns[c].fold == rank && (folded & (1u << c)))
        {
          char *both = g_strdup_printf (_("%s · %s"), self->texts[c] != NULL ? self->texts[c] : "", text);

          g_free (text);
          text = both;
        }
  self->folded = sl_log_line_make_layout (GTK_WIDGET (self), text, TRUE, FALSE, FALSE);
  pango_layout_get_pixel_size (self->folded, &self->folded_width, NULL);
  pango_layout_set_ellipsize (self->folded, PANGO_ELLIPSIZE_END);
  self->folded_columns = folded;
  return self->folded;
}

/* The width the details would take whole, as drawn. */
static int
details_width (SlLogLine *self)
{
  details_layout (self);
  return line_table (self)->folded != 0 ? self->folded_width : self->details_text.width;
}

/* Sets a text the line keeps (@slot) to @value; changing it remakes its
 * layout (@text, or NULL), and perhaps the columns. */
static void
store_text (SlLogLine   *self,
            char       **slot,
            SlLogText   *text,
            const char  *value)
{
  if (g_strcmp0 (*slot, value) == 0)
    return;
  g_free (*slot);
  *slot = g_strdup (value);
  if (text == NULL)
    return;
  g_clear_object (&text->layout);
  g_clear_object (&self->folded);
  /* New columns perhaps; a new drawing of this line in any case. */
  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static int
badges_width (SlLogLine *self,
              int       *minimum)
{
  int width = 0, min = 0;

  for (GtkWidget *badge = gtk_widget_get_first_child (GTK_WIDGET (self)); badge != NULL;
       badge = gtk_widget_get_next_sibling (badge))
    {
      int bmin, bnat;

      gtk_widget_measure (badge, GTK_ORIENTATION_HORIZONTAL, -1, &bmin, &bnat, NULL, NULL);
      width += (width > 0 ? BADGE_SPACING : 0) + bnat;
      min += (min > 0 ? BADGE_SPACING : 0) + bmin;
    }
  if (minimum != NULL)
    *minimum = min;
  return width;
}

/* Where a cell of @width starts in @column, right to left too. */
static int
cell_x (SlLogLine *self,
        guint      column,
        int        offset,
        int        width)
{
  SlLogTable *table = line_table (self);
  int x = SL_LOG_LINE_PAD_X + table->x[column] + offset;

  return sl_log_line_is_rtl (GTK_WIDGET (self)) ? gtk_widget_get_width (GTK_WIDGET (self)) - x - width : x;
}

/* The columns' cells ----------------------------------------------------- */

/* A text, whole. */
static void
measure_text (SlLogLine *self,
              guint      column,
              SlLogSize *size)
{
  const SlLogText *text = column_text (self, column);

  size->minimum = size->natural = size->full = text->width;
  size->height = text->height;
}

/* The name whole; the details under it up to 28 characters. */
static void
measure_name (SlLogLine *self,
              guint      column,
              SlLogSize *size)
{
  const SlLogText *name = column_text (self, column);
  const SlLogText *details = details_text (self);

  size->minimum = name->width;
  size->natural = MAX (name->width,
                       MIN (details->width, DETAILS_MAX_CHARS * sl_log_table_char_width (line_table (self), TRUE)));
  size->full = MAX (name->width, details->width);
  size->height = name->height + details->height;
}

/* The magazines' boxes, the grenades', the tally. */
static void
measure_ammo (SlLogLine *self,
              guint      column,
              SlLogSize *size)
{
  const SlLogText *tally = tally_text (self);
  int width = boxes_width (&self->magazines);

  if (self->grenades.n > 0)
    width += (width > 0 ? AMMO_SPACING : 0) + boxes_width (&self->grenades);
  width += (width > 0 ? AMMO_SPACING : 0) + tally->width;
  size->minimum = size->natural = size->full = width;
  size->height = MAX (BOX + 2, tally->height);
}

static void
measure_wounds (SlLogLine *self,
                guint      column,
                SlLogSize *size)
{
  size->minimum = size->natural = size->full = boxes_width (&self->wounds);
  size->height = BOX + 2;
}

/* 16 characters, and more when there is room (fit_columns). */
static void
measure_action (SlLogLine *self,
                guint      column,
                SlLogSize *size)
{
  const SlLogText *text = column_text (self, column);

  size->minimum = size->natural = ACTION_MIN_CHARS * sl_log_table_char_width (line_table (self), FALSE);
  size->full = text->width;
  size->height = text->height;
}

/* The badges side by side. */
static void
measure_status (SlLogLine *self,
                guint      column,
                SlLogSize *size)
{
  size->natural = size->full = badges_width (self, &size->minimum);
  size->height = 0;
  for (GtkWidget *badge = gtk_widget_get_first_child (GTK_WIDGET (self)); badge != NULL;
       badge = gtk_widget_get_next_sibling (badge))
    {
      int bmin, bnat;

      gtk_widget_measure (badge, GTK_ORIENTATION_VERTICAL, -1, &bmin, &bnat, NULL, NULL);
      size->height = MAX (size->height, bnat);
    }
}

/* A text at the column's start, centred on the line; one that is cut
 * short to fit is given the column's width only then (a layout given one
 * aligns its text by the text's own direction within it). */
static void
draw_text (const SlLogCell *cell)
{
  const SlLogText *text = column_text (cell->line, cell->column);
  int room = line_table (cell->line)->width[cell->column];

  if (sl_log_columns[cell->column].style & SL_LOG_STYLE_CUT)
    pango_layout_set_width (text->layout, text->width > room ? room * PANGO_SCALE : -1);
  sl_log_line_draw_layout (cell->snapshot, text->layout,
                           cell_x (cell->line, cell->column, 0, MIN (text->width, room)),
                           cell->middle - text->height / 2.0, &cell->fg);
}

/* The name, and the details under it, dim, cut short to fit. */
static void
draw_name (const SlLogCell *cell)
{
  SlLogLine *self = cell->line;
  const SlLogText *name = column_text (self, cell->column);
  int room = line_table (self)->width[cell->column];
  PangoLayout *details = details_layout (self);
  int width = details_width (self);
  double top = cell->middle - (name->height + details_text (self)->height) / 2.0;

  pango_layout_set_width (details, width > room ? room * PANGO_SCALE : -1);
  sl_log_line_draw_layout (cell->snapshot, name->layout, cell_x (self, cell->column, 0, name->width), top,
                           &cell->fg);
  sl_log_line_draw_layout (cell->snapshot, details, cell_x (self, cell->column, 0, MIN (width, room)),
                           top + name->height, &cell->dim);
}

/* A row of boxes @x into the cell; where the next thing goes after it. */
static int
draw_cell_boxes (const SlLogCell      *cell,
                 const SlLogLineBoxes *boxes,
                 int                   x)
{
  if (boxes->n == 0)
    return x;
  draw_boxes (cell->snapshot, line_table (cell->line), boxes, cell_x (cell->line, cell->column, x, 0),
              cell->middle, cell->rtl, &cell->fg);
  return x + boxes_width (boxes) + AMMO_SPACING;
}

/* Magazines, grenades and the tally. */
static void
draw_ammo (const SlLogCell *cell)
{
  const SlLogText *tally = tally_text (cell->line);
  int x = draw_cell_boxes (cell, &cell->line->magazines, 0);

  x = draw_cell_boxes (cell, &cell->line->grenades, x);
  sl_log_line_draw_layout (cell->snapshot, tally->layout, cell_x (cell->line, cell->column, x, tally->width),
               cell->middle - tally->height / 2.0, &cell->fg);
}

static void
draw_wounds (const SlLogCell *cell)
{
  draw_cell_boxes (cell, &cell->line->wounds, 0);
}

/* The badges are the line's children, at its end (size_allocate). */
static void
draw_status (const SlLogCell *cell)
{
  GtkWidget *line = GTK_WIDGET (cell->line);

  for (GtkWidget *badge = gtk_widget_get_first_child (line); badge != NULL;
       badge = gtk_widget_get_next_sibling (badge))
    gtk_widget_snapshot_child (line, badge, cell->snapshot);
}

/* The details, in the lower half of the line, when cut short. */
static const char *
cut_name (SlLogLine *self,
          guint      column,
          int        y)
{
  if (y >= 0 && y < gtk_widget_get_height (GTK_WIDGET (self)) / 2)
    return NULL;
  if (details_width (self) <= line_table (self)->width[column])
    return NULL;
  return line_table (self)->folded != 0 ? pango_layout_get_text (details_layout (self)) : self->details;
}

static const char *
cut_text (SlLogLine *self,
          guint      column,
          int        y)
{
  return column_text (self, column)->width > line_table (self)->width[column] ? self->texts[column] : NULL;
}

/* The line ----------------------------------------------------------- */

/* Whether @column is one on screen (not told in the details only). */
gboolean
sl_log_line_on_screen (guint column)
{
  return sl_log_columns[column].measure != NULL;
}

static void
sl_log_line_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  SlLogLine *self = SL_LOG_LINE (widget);
  int min = -SL_LOG_COLUMN_SPACING, nat = -SL_LOG_COLUMN_SPACING, height = 0;

  /* At the least, without the columns the table folds. */
  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    if (sl_log_line_on_screen (c))
      {
        SlLogSize size;

        sl_log_columns[c].measure (self, c, &size);
        if (sl_log_columns[c].fold == 0)
          min += size.minimum + SL_LOG_COLUMN_SPACING;
        nat += size.natural + SL_LOG_COLUMN_SPACING;
        height = MAX (height, size.height);
      }
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = min + 2 * SL_LOG_LINE_PAD_X;
      *natural = nat + 2 * SL_LOG_LINE_PAD_X;
    }
  else
    *minimum = *natural = height + 2 * LINE_PAD_Y;
}

/* The badges, at the end of the line (the status is its last column). */
static void
sl_log_line_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  SlLogLine *self = SL_LOG_LINE (widget);
  int x = width - SL_LOG_LINE_PAD_X - badges_width (self, NULL);

  for (GtkWidget *badge = gtk_widget_get_first_child (widget); badge != NULL;
       badge = gtk_widget_get_next_sibling (badge))
    {
      int bmin, bnat, bheight;

      gtk_widget_measure (badge, GTK_ORIENTATION_HORIZONTAL, -1, &bmin, &bnat, NULL, NULL);
      gtk_widget_measure (badge, GTK_ORIENTATION_VERTICAL, bnat, NULL, &bheight, NULL, NULL);
      gtk_widget_size_allocate (badge,
                                &(GtkAllocation) { sl_log_line_is_rtl (widget) ? width - x - bnat : x,
                                                   (height - bheight) / 2, bnat, bheight }, -1);
      x += bnat + BADGE_SPACING;
    }
}

/* Each column's cell, but for those the table folded. */
static void
sl_log_line_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  SlLogLine *self = SL_LOG_LINE (widget);
  SlLogTable *table = line_table (self);
  SlLogCell cell = { .line = self, .snapshot = snapshot, .fg = sl_widget_get_color (widget),
                .middle = gtk_widget_get_height (widget) / 2.0, .rtl = sl_log_line_is_rtl (widget) };

  /* A unit out of the fight is greyed out, as a struck-through line. */
  if (self->out)
    cell.fg.alpha *= OUT_ALPHA;
  cell.dim = cell.fg;
  cell.dim.alpha *= sl_log_line_dim_alpha ();
  for (cell.column = 0; cell.column < SL_LOG_N_COLUMNS; cell.column++)
    if (sl_log_line_on_screen (cell.column) && !(table->folded & (1u << cell.column)))
      sl_log_columns[cell.column].draw (&cell);
}

/* The whole of a text cut short, under the pointer. */
static gboolean
sl_log_line_query_tooltip (GtkWidget  *widget,
                           int         x,
                           int         y,
                           gboolean    keyboard,
                           GtkTooltip *tooltip)
{
  SlLogLine *self = SL_LOG_LINE (widget);
  SlLogTable *table = line_table (self);
  int from = (sl_log_line_is_rtl (widget) ? gtk_widget_get_width (widget) - x : x) - SL_LOG_LINE_PAD_X;

  if (keyboard)
    return FALSE;
  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    if (sl_log_columns[c].cut != NULL && from >= table->x[c] && from < table->x[c] + table->width[c])
      {
        const char *whole = sl_log_columns[c].cut (self, c, y);

        if (whole == NULL)
          return FALSE;
        gtk_tooltip_set_text (tooltip, whole);
        return TRUE;
      }
  return FALSE;
}

static void
activate_line (SlLogLine *self)
{
  GtkWidget *log = gtk_widget_get_ancestor (GTK_WIDGET (self), SL_TYPE_SQUAD_LOG);

  if (log != NULL)
    g_signal_emit_by_name (log, "unit-activated", self->unit);
}

static void
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  activate_line (SL_LOG_LINE (widget));
}

/* A click opens the unit's log once (not again for a double click), and
 * leaves the keyboard on its line. */
static void
released_cb (GtkGestureClick *gesture,
             int              n_press,
             double           x,
             double           y,
             SlLogLine       *self)
{
  if (n_press != 1 || !gtk_widget_contains (GTK_WIDGET (self), x, y))
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  activate_line (self);
}

static void
sl_log_line_dispose (GObject *object)
{
  SlLogLine *self = SL_LOG_LINE (object);
  GtkWidget *badge;

  while ((badge = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (badge);
  forget_layouts (self);
  G_OBJECT_CLASS (sl_log_line_parent_class)->dispose (object);
}


static void
sl_log_line_finalize (GObject *object)
{
  SlLogLine *self = SL_LOG_LINE (object);

  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    g_free (self->texts[c]);
  g_free (self->details);
  g_free (self->tally);
  g_free (self->description);
  boxes_clear (&self->magazines);
  boxes_clear (&self->grenades);
  boxes_clear (&self->wounds);
  G_OBJECT_CLASS (sl_log_line_parent_class)->finalize (object);
}

static void
sl_log_line_class_init (SlLogLineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_log_line_dispose;
  object_class->finalize = sl_log_line_finalize;
  widget_class->measure = sl_log_line_measure;
  widget_class->size_allocate = sl_log_line_size_allocate;
  widget_class->snapshot = sl_log_line_snapshot;
  widget_class->query_tooltip = sl_log_line_query_tooltip;
  gtk_widget_class_set_css_name (widget_class, "logline");
  /* A line opens the unit's log, as a button would. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
  gtk_widget_class_install_action (widget_class, "line.activate", NULL, activate_action);
  sl_widget_class_bind_activate_keys (widget_class, "line.activate");
}

static void
sl_log_line_init (SlLogLine *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (click, "released", G_CALLBACK (released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}


/* What the line shows ------------------------------------------------ */

/* A row of boxes as the texts say; a change of them measures and draws
 * the line again. */
static void
update_boxes (SlLogLine        *line,
              SlLogLineBoxes   *boxes,
              const SlLogBoxes *from)
{
  if (!boxes_set (boxes, from->n, from->ticked, from->letters))
    return;
  gtk_widget_queue_resize (GTK_WIDGET (line));
  gtk_widget_queue_draw (GTK_WIDGET (line));
}

/* The status badges, as widgets (they are few): only when they change.
 * A badge with a tip says more under the pointer. */
static void
update_badges (SlLogLine        *line,
               const SlLogBadge *badges,
               int               n)
{
  GtkWidget *badge = gtk_widget_get_first_child (GTK_WIDGET (line));
  gboolean same = TRUE;
  int i = 0;

  for (; badge != NULL && i < n; badge = gtk_widget_get_next_sibling (badge), i++)
    same &= g_str_equal (gtk_label_get_text (GTK_LABEL (badge)), badges[i].text) &&
            g_strcmp0 (gtk_widget_get_tooltip_text (badge), badges[i].tip) == 0;
  if (same && badge == NULL && i == n)
    return;
  while ((badge = gtk_widget_get_first_child (GTK_WIDGET (line))) != NULL)
    gtk_widget_unparent (badge);
  for (i = 0; i < n; i++)
    {
      badge = gtk_label_new (badges[i].text);
      gtk_widget_add_css_class (badge, "badge");
      gtk_widget_add_css_class (badge, badges[i].style);
      gtk_widget_set_tooltip_text (badge, badges[i].tip);
      /* The line's own label says it already. */
      gtk_accessible_update_state (GTK_ACCESSIBLE (badge), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      gtk_widget_set_parent (badge, GTK_WIDGET (line));
    }
  gtk_widget_queue_resize (GTK_WIDGET (line));
  gtk_widget_queue_draw (GTK_WIDGET (line));
}

/* Everything the line shows, for a screen reader. */
static void
update_description (SlLogLine *line,
                    char      *label)
{
  if (g_strcmp0 (label, line->description) == 0)
    {
      g_free (label);
      return;
    }
  g_free (line->description);
  line->description = label;
  gtk_accessible_update_property (GTK_ACCESSIBLE (line), GTK_ACCESSIBLE_PROPERTY_LABEL, line->description, -1);
}

void
sl_log_line_update (SlLogLine       *self,
                    const SlLogUnit *unit)
{
  SlLogBoxes boxes;
  SlLogBadge badges[SL_LOG_MAX_BADGES];
  g_autofree char *details = NULL, *tally = NULL;
  int n_badges;

  for (guint c = 0; c < SL_LOG_N_COLUMNS; c++)
    {
      g_autofree char *text = sl_log_columns[c].text (unit);

      store_text (self, &self->texts[c], &self->drawn[c], text);
    }
  details = sl_log_text_details (unit);
  store_text (self, &self->details, &self->details_text, details);
  tally = sl_log_text_tally (unit);
  store_text (self, &self->tally, &self->tally_text, tally);
  sl_log_boxes_magazines (unit, &boxes);
  update_boxes (self, &self->magazines, &boxes);
  sl_log_boxes_grenades (unit, &boxes);
  update_boxes (self, &self->grenades, &boxes);
  sl_log_boxes_wounds (unit, &boxes);
  update_boxes (self, &self->wounds, &boxes);
  n_badges = sl_log_badges (unit, badges);
  update_badges (self, badges, n_badges);
  sl_log_badges_clear (badges, n_badges);
  if (self->out != unit->log.out)
    {
      self->out = unit->log.out;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  update_description (self, sl_log_text_description (unit));
}
