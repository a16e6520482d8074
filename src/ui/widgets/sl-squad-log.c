/* sl-squad-log.c: one squad's log as players know it (T-04)
 *
 * The log is a table: a heading row, then one line per unit of the squad.
 * Each line is one widget (SlLogLine) that draws its cells itself at the
 * columns the table (SlLogTable) works out from all its lines, the way
 * the subphase track draws its boxes: a squad of eight is nine widgets
 * instead of well over a hundred labels and boxes, so a game opens and a
 * resolution shows within the frame. A line is a button to the unit's
 * log (click, or Enter when it has the focus), and tells a screen reader
 * everything it shows. The texts are kept up to date in place whenever
 * the game changes; only the status badges are widgets of their own.
 *
 * What a line says is made in sl-squad-log-texts.c, from the unit's log
 * and the table model; this file measures and draws it. Every part of it
 * reads the one table of columns below.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "sl-squad-log-private.h"
#include "sl-squad-log-texts-private.h"
#include "sl-squad-log.h"
#include "sl-table-model.h"
#include "sl-text.h"
#include "sl-ui-util.h"

#define COLUMN_SPACING 10   /* between cells */
#define AMMO_SPACING 8      /* between magazines, grenades and the tally */
#define BADGE_SPACING 4
#define LINE_PAD_X 6        /* inside a line, around its cells */
#define LINE_PAD_Y 4
#define HEADING_GAP 4       /* under the headings, above the first line's padding */
#define MAX_BOXES SL_LOG_MAX_BOXES
#define BOX 16
#define BOX_GAP 2
#define DIM 0.55f           /* libadwaita's .dim-label */
#define DIM_HIGH_CONTRAST 0.9f
#define OUT_ALPHA 0.5f      /* a unit out of the fight, as an insensitive label */
/* A line's natural width has the action at 16 characters and the details
 * under the name at 28: what the history folds away for (sl-window.ui).
 * Room beyond goes to them until they show whole (fit_columns). */
#define ACTION_MIN_CHARS 16
#define DETAILS_MAX_CHARS 28

/* One unit's line. */
#define SL_TYPE_LOG_LINE (sl_log_line_get_type ())
G_DECLARE_FINAL_TYPE (SlLogLine, sl_log_line, SL, LOG_LINE, GtkWidget)

/* What a cell of a line takes: its least and natural widths, the width
 * that shows its text whole, and its height. */
typedef struct
{
  int minimum;
  int natural;
  int full;
  int height;
} Size;

/* A cell of a line being drawn: the line, its column, the colours and
 * the middle of the line. */
typedef struct
{
  SlLogLine   *line;
  guint        column;
  GtkSnapshot *snapshot;
  GdkRGBA      fg;
  GdkRGBA      dim;
  double       middle;
  gboolean     rtl;
} Cell;

/* How a column's text is drawn. */
enum
{
  STYLE_NUMERIC = 1 << 0,       /* tabular figures, libadwaita's .numeric */
  STYLE_CUT = 1 << 1,           /* cut short (an ellipsis) to fit its column */
  STYLE_SMALL = 1 << 2,         /* libadwaita's .caption */
  STYLE_HEADING_END = 1 << 3,   /* its heading over the column's end */
};

/* A field of the unit log, and how the table shows it (the width budget
 * at the table below says what fold and grow do). */
typedef struct
{
  const char *id;                                /* for tests: sl_squad_log_get_cell, _get_column */
  const char *heading;                           /* NC_("squad log", …); NULL: told in the details only */
  char     *(*text)    (const SlLogUnit *unit);  /* what it says (sl-squad-log-texts.c): drawn, read, tested */
  int         fold;                              /* 0: always shown; n: the nth to fold into the details */
  int         grow;                              /* 0: its natural width; n: the nth to get room to spare
                                                  * (from its least; the 1st gets what is left, too) */
  guint       style;                             /* STYLE_* */
  void      (*measure) (SlLogLine *line, guint column, Size *size);
  void      (*draw)    (const Cell *cell);
  /* What it draws cut short at @y (-1: anywhere), whole; or NULL. */
  const char *(*cut)   (SlLogLine *line, guint column, int y);
} Column;

static void measure_text   (SlLogLine *line, guint column, Size *size);
static void measure_name   (SlLogLine *line, guint column, Size *size);
static void measure_ammo   (SlLogLine *line, guint column, Size *size);
static void measure_wounds (SlLogLine *line, guint column, Size *size);
static void measure_action (SlLogLine *line, guint column, Size *size);
static void measure_status (SlLogLine *line, guint column, Size *size);
static void draw_text      (const Cell *cell);
static void draw_name      (const Cell *cell);
static void draw_ammo      (const Cell *cell);
static void draw_wounds    (const Cell *cell);
static void draw_status    (const Cell *cell);
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
 * The width budget (fit_columns; docs/HACKING.md, "Adding a squad-log
 * field"): each column asks for a least and a natural width (measure).
 * The line has its cells' widths, COLUMN_SPACING between them and
 * LINE_PAD_X at either end; the table's natural width is every column at
 * its natural width, with the action at 16 characters and the details at
 * 28 (what the history beside the logs folds away for at 1024 pixels).
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
static const Column columns[] = {
  { .id = "counter", .heading = NC_("squad log", "#"), .text = sl_log_text_counter,
    .style = STYLE_NUMERIC, .measure = measure_text, .draw = draw_text },
  { .id = "name", .heading = NC_("squad log", "Unit"), .text = sl_log_text_name,
    .grow = 2, .measure = measure_name, .draw = draw_name, .cut = cut_name },
  { .id = "points", .text = sl_log_text_points },
  { .id = "race", .text = sl_log_text_race },
  { .id = "armor", .text = sl_log_text_armor },
  { .id = "weapon", .heading = NC_("squad log", "Wpn"), .text = sl_log_text_weapon,
    .fold = 2, .measure = measure_text, .draw = draw_text },
  { .id = "mod", .heading = NC_("squad log", "Mod"), .text = sl_log_text_mod,
    .fold = 1, .style = STYLE_NUMERIC, .measure = measure_text, .draw = draw_text },
  { .id = "ammo", .heading = NC_("squad log", "Ammo"), .text = sl_log_text_ammo,
    .measure = measure_ammo, .draw = draw_ammo },
  { .id = "wounds", .heading = NC_("squad log", "Wnds"), .text = sl_log_text_wounds,
    .measure = measure_wounds, .draw = draw_wounds },
  { .id = "position", .heading = NC_("squad log", "Position"), .text = sl_log_text_position,
    .fold = 3, .measure = measure_text, .draw = draw_text },
  { .id = "equipment", .text = sl_log_text_equipment },
  { .id = "action", .heading = NC_("squad log", "Action"), .text = sl_log_text_action,
    .grow = 1, .style = STYLE_CUT, .measure = measure_action, .draw = draw_text, .cut = cut_text },
  { .id = "status", .heading = NC_("squad log", "Status"), .text = sl_log_text_status,
    .style = STYLE_HEADING_END, .measure = measure_status, .draw = draw_status },
};

#define N_COLUMNS G_N_ELEMENTS (columns)
G_STATIC_ASSERT (N_COLUMNS <= 32);   /* the folded columns are bits of a guint */

typedef struct
{
  int    n;
  guint  ticked;
  char  *letters[MAX_BOXES];
} Boxes;

/* A text a line draws, made when first measured or drawn. */
typedef struct
{
  PangoLayout *layout;
  int          width;                  /* not cut short */
  int          height;
} Text;

struct _SlLogLine
{
  GtkWidget    parent_instance;

  int          unit;
  gboolean     out;
  char        *texts[N_COLUMNS];       /* what each field says: drawn, read aloud, and for tests */
  Text         drawn[N_COLUMNS];       /* … as the columns drawn as a text draw it */
  char        *description;            /* all of it, as a screen reader reads the line */
  char        *details;                /* drawn under the name: race · armor · points · equipment */
  Text         details_text;
  char        *tally;                  /* drawn after the boxes: rounds left in the magazine */
  Text         tally_text;
  Boxes        magazines;              /* R then P */
  Boxes        grenades;               /* FG then SG (launcher rounds with a launcher) */
  Boxes        wounds;                 /* L M S U D */
  guint        serial;                 /* of the Pango context the layouts were made with */
  PangoLayout *folded;                 /* the details with the columns the table folded into them */
  guint        folded_columns;         /* … which */
  int          folded_width;
};

G_DEFINE_FINAL_TYPE (SlLogLine, sl_log_line, GTK_TYPE_WIDGET)

/* The table of a squad's lines, with their headings. */
#define SL_TYPE_LOG_TABLE (sl_log_table_get_type ())
G_DECLARE_FINAL_TYPE (SlLogTable, sl_log_table, SL, LOG_TABLE, GtkWidget)

struct _SlLogTable
{
  GtkWidget    parent_instance;

  PangoLayout *headings[N_COLUMNS];
  GHashTable  *letters;                /* box letter → PangoLayout */
  int          char_width;             /* an average character of the text font */
  int          small_char_width;       /* … and of the details' smaller font */
  guint        serial;                 /* of the Pango context these were measured with */
  int          x[N_COLUMNS];           /* where each column starts, inside a line's padding */
  int          width[N_COLUMNS];
  guint        folded;                 /* 1 << column: the columns told in the details, for want of room */
  GtkWidget   *cursor;                 /* the line last focused, or NULL */
  GtkAdjustment *scroll;               /* the vertical scrolling of the view it shows in, while mapped */
};

G_DEFINE_FINAL_TYPE (SlLogTable, sl_log_table, GTK_TYPE_WIDGET)

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

/* Drawing helpers ------------------------------------------------------ */

static float
dim_alpha (void)
{
  return adw_style_manager_get_high_contrast (adw_style_manager_get_default ()) ? DIM_HIGH_CONTRAST : DIM;
}

static gboolean
is_rtl (GtkWidget *widget)
{
  return gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
}

/* A layout in the widget's font; @small is libadwaita's .caption (or
 * .caption-heading when @bold), @numeric its .numeric (tabular figures). */
static PangoLayout *
make_layout (GtkWidget  *widget,
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

static void
draw_layout (GtkSnapshot   *snapshot,
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
boxes_width (const Boxes *boxes)
{
  return boxes->n > 0 ? boxes->n * (BOX + BOX_GAP) - BOX_GAP + 1 : 0;
}

/* Whether @boxes changed; sets them to @n boxes, @ticked, @letters. */
static gboolean
boxes_set (Boxes              *boxes,
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
boxes_clear (Boxes *boxes)
{
  for (int i = 0; i < MAX_BOXES; i++)
    g_clear_pointer (&boxes->letters[i], g_free);
}

static void forget_table_layouts (SlLogTable *self);
static void table_check_context (SlLogTable *table);

static PangoLayout *
letter_layout (SlLogTable *table,
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

/* A row of check boxes as printed on the squad log, from @x (its left
 * edge, or its right edge right to left), centred on @middle; the ticked
 * ones crossed out with a pen's cross, as players tick their logs. */
static void
draw_boxes (GtkSnapshot   *snapshot,
            SlLogTable    *table,
            const Boxes   *boxes,
            double         x,
            double         middle,
            gboolean       rtl,
            const GdkRGBA *fg)
{
  GdkRGBA faint = *fg;
  double y = middle - BOX / 2.0;

  faint.alpha *= DIM;
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
          PangoLayout *layout = letter_layout (table, boxes->letters[i]);
          int w, h;

          pango_layout_get_pixel_size (layout, &w, &h);
          draw_layout (snapshot, layout, bx + (BOX - w) / 2.0, y + (BOX - h) / 2.0, ticked ? &faint : fg);
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


/* The table's columns ----------------------------------------------------- */

static SlLogTable *
line_table (SlLogLine *line)
{
  return SL_LOG_TABLE (gtk_widget_get_parent (GTK_WIDGET (line)));
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

static int
table_char_width (SlLogTable *table,
                  gboolean    small)
{
  table_check_context (table);
  if (table->char_width == 0)
    {
      PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (table));
      PangoFontDescription *font = pango_font_description_copy (pango_context_get_font_description (context));

      table->char_width = char_width (context, NULL);
      /* libadwaita's .caption, as make_layout() sets it */
      pango_font_description_set_size (font, 9 * PANGO_SCALE);
      table->small_char_width = char_width (context, font);
      pango_font_description_free (font);
    }
  return small ? table->small_char_width : table->char_width;
}


/* A line's texts ------------------------------------------------------- */

static void forget_layouts (SlLogLine *self);

/* @text, made into a layout for @value in @style when first asked for
 * (and again when the fonts change), and measured. */
static const Text *
line_text (SlLogLine  *self,
           Text       *text,
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
      text->layout = make_layout (GTK_WIDGET (self), value != NULL ? value : "", style & STYLE_SMALL, FALSE,
                                  style & STYLE_NUMERIC);
      pango_layout_get_pixel_size (text->layout, &text->width, &text->height);
      if (style & STYLE_CUT)
        pango_layout_set_ellipsize (text->layout, PANGO_ELLIPSIZE_END);
    }
  return text;
}

/* The text of @column, as it is drawn. */
static const Text *
column_text (SlLogLine *self,
             guint      column)
{
  return line_text (self, &self->drawn[column], self->texts[column], columns[column].style);
}

/* The details under the name, small, cut short to fit. */
static const Text *
details_text (SlLogLine *self)
{
  return line_text (self, &self->details_text, self->details, STYLE_SMALL | STYLE_CUT);
}

/* The tally after the ammunition's boxes. */
static const Text *
tally_text (SlLogLine *self)
{
  return line_text (self, &self->tally_text, self->tally, STYLE_NUMERIC);
}

static void
forget_layouts (SlLogLine *self)
{
  for (guint c = 0; c < N_COLUMNS; c++)
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
  for (int rank = 1; rank <= (int) N_COLUMNS; rank++)
    for (guint c = 0; c < N_COLUMNS; c++)
      if (columns[c].fold == rank && (folded & (1u << c)))
        {
          char *both = g_strdup_printf (_("%s · %s"), self->texts[c] != NULL ? self->texts[c] : "", text);

          g_free (text);
          text = both;
        }
  self->folded = make_layout (GTK_WIDGET (self), text, TRUE, FALSE, FALSE);
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
            Text        *text,
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
  int x = LINE_PAD_X + table->x[column] + offset;

  return is_rtl (GTK_WIDGET (self)) ? gtk_widget_get_width (GTK_WIDGET (self)) - x - width : x;
}

/* The columns' cells ----------------------------------------------------- */

/* A text, whole. */
static void
measure_text (SlLogLine *self,
              guint      column,
              Size      *size)
{
  const Text *text = column_text (self, column);

  size->minimum = size->natural = size->full = text->width;
  size->height = text->height;
}

/* The name whole; the details under it up to 28 characters. */
static void
measure_name (SlLogLine *self,
              guint      column,
              Size      *size)
{
  const Text *name = column_text (self, column);
  const Text *details = details_text (self);

  size->minimum = name->width;
  size->natural = MAX (name->width, MIN (details->width,
                                         DETAILS_MAX_CHARS * table_char_width (line_table (self), TRUE)));
  size->full = MAX (name->width, details->width);
  size->height = name->height + details->height;
}

/* The magazines' boxes, the grenades', the tally. */
static void
measure_ammo (SlLogLine *self,
              guint      column,
              Size      *size)
{
  const Text *tally = tally_text (self);
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
                Size      *size)
{
  size->minimum = size->natural = size->full = boxes_width (&self->wounds);
  size->height = BOX + 2;
}

/* 16 characters, and more when there is room (fit_columns). */
static void
measure_action (SlLogLine *self,
                guint      column,
                Size      *size)
{
  const Text *text = column_text (self, column);

  size->minimum = size->natural = ACTION_MIN_CHARS * table_char_width (line_table (self), FALSE);
  size->full = text->width;
  size->height = text->height;
}

/* The badges side by side. */
static void
measure_status (SlLogLine *self,
                guint      column,
                Size      *size)
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
draw_text (const Cell *cell)
{
  const Text *text = column_text (cell->line, cell->column);
  int room = line_table (cell->line)->width[cell->column];

  if (columns[cell->column].style & STYLE_CUT)
    pango_layout_set_width (text->layout, text->width > room ? room * PANGO_SCALE : -1);
  draw_layout (cell->snapshot, text->layout, cell_x (cell->line, cell->column, 0, MIN (text->width, room)),
               cell->middle - text->height / 2.0, &cell->fg);
}

/* The name, and the details under it, dim, cut short to fit. */
static void
draw_name (const Cell *cell)
{
  SlLogLine *self = cell->line;
  const Text *name = column_text (self, cell->column);
  int room = line_table (self)->width[cell->column];
  PangoLayout *details = details_layout (self);
  int width = details_width (self);
  double top = cell->middle - (name->height + details_text (self)->height) / 2.0;

  pango_layout_set_width (details, width > room ? room * PANGO_SCALE : -1);
  draw_layout (cell->snapshot, name->layout, cell_x (self, cell->column, 0, name->width), top, &cell->fg);
  draw_layout (cell->snapshot, details, cell_x (self, cell->column, 0, MIN (width, room)), top + name->height,
               &cell->dim);
}

/* A row of boxes @x into the cell; where the next thing goes after it. */
static int
draw_cell_boxes (const Cell  *cell,
                 const Boxes *boxes,
                 int          x)
{
  if (boxes->n == 0)
    return x;
  draw_boxes (cell->snapshot, line_table (cell->line), boxes, cell_x (cell->line, cell->column, x, 0),
              cell->middle, cell->rtl, &cell->fg);
  return x + boxes_width (boxes) + AMMO_SPACING;
}

/* Magazines, grenades and the tally. */
static void
draw_ammo (const Cell *cell)
{
  const Text *tally = tally_text (cell->line);
  int x = draw_cell_boxes (cell, &cell->line->magazines, 0);

  x = draw_cell_boxes (cell, &cell->line->grenades, x);
  draw_layout (cell->snapshot, tally->layout, cell_x (cell->line, cell->column, x, tally->width),
               cell->middle - tally->height / 2.0, &cell->fg);
}

static void
draw_wounds (const Cell *cell)
{
  draw_cell_boxes (cell, &cell->line->wounds, 0);
}

/* The badges are the line's children, at its end (size_allocate). */
static void
draw_status (const Cell *cell)
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
static gboolean
on_screen (guint column)
{
  return columns[column].measure != NULL;
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
  int min = -COLUMN_SPACING, nat = -COLUMN_SPACING, height = 0;

  /* At the least, without the columns the table folds. */
  for (guint c = 0; c < N_COLUMNS; c++)
    if (on_screen (c))
      {
        Size size;

        columns[c].measure (self, c, &size);
        if (columns[c].fold == 0)
          min += size.minimum + COLUMN_SPACING;
        nat += size.natural + COLUMN_SPACING;
        height = MAX (height, size.height);
      }
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = min + 2 * LINE_PAD_X;
      *natural = nat + 2 * LINE_PAD_X;
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
  int x = width - LINE_PAD_X - badges_width (self, NULL);

  for (GtkWidget *badge = gtk_widget_get_first_child (widget); badge != NULL;
       badge = gtk_widget_get_next_sibling (badge))
    {
      int bmin, bnat, bheight;

      gtk_widget_measure (badge, GTK_ORIENTATION_HORIZONTAL, -1, &bmin, &bnat, NULL, NULL);
      gtk_widget_measure (badge, GTK_ORIENTATION_VERTICAL, bnat, NULL, &bheight, NULL, NULL);
      gtk_widget_size_allocate (badge,
                                &(GtkAllocation) { is_rtl (widget) ? width - x - bnat : x,
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
  Cell cell = { .line = self, .snapshot = snapshot, .fg = sl_widget_get_color (widget),
                .middle = gtk_widget_get_height (widget) / 2.0, .rtl = is_rtl (widget) };

  /* A unit out of the fight is greyed out, as a struck-through line. */
  if (self->out)
    cell.fg.alpha *= OUT_ALPHA;
  cell.dim = cell.fg;
  cell.dim.alpha *= dim_alpha ();
  for (cell.column = 0; cell.column < N_COLUMNS; cell.column++)
    if (on_screen (cell.column) && !(table->folded & (1u << cell.column)))
      columns[cell.column].draw (&cell);
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
  int from = (is_rtl (widget) ? gtk_widget_get_width (widget) - x : x) - LINE_PAD_X;

  if (keyboard)
    return FALSE;
  for (guint c = 0; c < N_COLUMNS; c++)
    if (columns[c].cut != NULL && from >= table->x[c] && from < table->x[c] + table->width[c])
      {
        const char *whole = columns[c].cut (self, c, y);

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
    g_signal_emit (log, signals[SIGNAL_UNIT_ACTIVATED], 0, self->unit);
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

  for (guint c = 0; c < N_COLUMNS; c++)
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


/* The table -------------------------------------------------------------- */

static PangoLayout *
heading_layout (SlLogTable *self,
                guint       column)
{
  table_check_context (self);
  /* Column headings of the paper unit log (T-04) */
  if (self->headings[column] == NULL)
    self->headings[column] = make_layout (GTK_WIDGET (self), g_dpgettext2 (NULL, "squad log", columns[column].heading),
                                          TRUE, TRUE, FALSE);
  return self->headings[column];
}

static int
headings_height (SlLogTable *self)
{
  int height = 0;

  for (guint c = 0; c < N_COLUMNS; c++)
    if (on_screen (c))
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
               int         minimum[N_COLUMNS],
               int         natural[N_COLUMNS],
               int         full[N_COLUMNS])
{
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      int w = 0;

      if (on_screen (c))
        pango_layout_get_pixel_size (heading_layout (self, c), &w, NULL);
      minimum[c] = natural[c] = full[c] = w;
    }
  for (GtkWidget *line = gtk_widget_get_first_child (GTK_WIDGET (self)); line != NULL;
       line = gtk_widget_get_next_sibling (line))
    for (guint c = 0; c < N_COLUMNS; c++)
      if (on_screen (c))
        {
          Size size;

          columns[c].measure (SL_LOG_LINE (line), c, &size);
          minimum[c] = MAX (minimum[c], size.minimum);
          natural[c] = MAX (natural[c], size.natural);
          full[c] = MAX (full[c], MAX (size.natural, size.full));
        }
}

/* The width of the columns on screen and not folded, with their spacing
 * and padding. */
static int
columns_total (const int widths[N_COLUMNS],
               guint     folded)
{
  int total = 2 * LINE_PAD_X - COLUMN_SPACING;

  for (guint c = 0; c < N_COLUMNS; c++)
    if (on_screen (c) && !(folded & (1u << c)))
      total += widths[c] + COLUMN_SPACING;
  return total;
}

/* The columns that may fold (1 << column). */
static guint
foldable (void)
{
  guint columns_folding = 0;

  for (guint c = 0; c < N_COLUMNS; c++)
    if (columns[c].fold > 0)
      columns_folding |= 1u << c;
  return columns_folding;
}

/* The columns to fold into the details for the table to fit in @width,
 * in their order (Column.fold): none when every column fits at its least. */
static guint
columns_to_fold (const int minimum[N_COLUMNS],
                 int       width)
{
  guint folded = 0;

  for (int rank = 1; rank <= (int) N_COLUMNS && columns_total (minimum, folded) > width; rank++)
    for (guint c = 0; c < N_COLUMNS; c++)
      if (columns[c].fold == rank)
        folded |= 1u << c;
  return folded;
}

/* @spare pixels to the columns that grow, in their order (Column.grow),
 * each up to its @full width; what is left to the first. */
static void
share_spare (int       widths[N_COLUMNS],
             const int full[N_COLUMNS],
             int       spare)
{
  for (int rank = 1; rank <= (int) N_COLUMNS; rank++)
    for (guint c = 0; c < N_COLUMNS; c++)
      if (columns[c].grow == rank)
        {
          int give = MIN (spare, MAX (0, full[c] - widths[c]));

          widths[c] += give;
          spare -= give;
        }
  for (guint c = 0; c < N_COLUMNS; c++)
    if (columns[c].grow == 1)
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
             int         widths[N_COLUMNS],
             guint      *folded)
{
  int min[N_COLUMNS], full[N_COLUMNS], need[N_COLUMNS], total;

  column_widths (self, min, widths, full);
  for (guint c = 0; c < N_COLUMNS; c++)
    need[c] = columns[c].grow == 1 ? MAX (min[c], full[c]) : min[c];
  *folded = columns_to_fold (need, width);
  for (guint c = 0; c < N_COLUMNS; c++)
    if (columns[c].grow > 0)
      widths[c] = min[c];
  total = columns_total (widths, *folded);
  if (width > total)
    share_spare (widths, full, width - total);
  for (guint c = 0; c < N_COLUMNS; c++)
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
      int min[N_COLUMNS], nat[N_COLUMNS], full[N_COLUMNS];

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
  int widths[N_COLUMNS];
  int x = 0, y;
  guint folded;
  gboolean moved;

  fit_columns (self, width, widths, &folded);
  moved = folded != self->folded;
  self->folded = folded;
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      moved |= self->x[c] != x || self->width[c] != widths[c];
      self->x[c] = x;
      self->width[c] = widths[c];
      if (on_screen (c) && !(folded & (1u << c)))
        x += widths[c] + COLUMN_SPACING;
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

  dim.alpha *= dim_alpha ();
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      PangoLayout *layout;
      int w, x = LINE_PAD_X + self->x[c];

      if (!on_screen (c) || (self->folded & (1u << c)))
        continue;
      layout = heading_layout (self, c);
      pango_layout_get_pixel_size (layout, &w, NULL);
      if (columns[c].style & STYLE_HEADING_END)
        x += self->width[c] - w;   /* over the badges, at the end of the line */
      if (is_rtl (widget))
        x = gtk_widget_get_width (widget) - x - w;
      draw_layout (snapshot, layout, x, 0, &dim);
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
  for (guint c = 0; c < N_COLUMNS; c++)
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
  for (guint c = 0; c < N_COLUMNS; c++)
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


/* The squad's log ------------------------------------------------------- */

/* A row of boxes as the texts say; a change of them measures and draws
 * the line again. */
static void
update_boxes (SlLogLine        *line,
              Boxes            *boxes,
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

/* The line's texts, boxes and badges, as the unit's log says now. */
static void
update_line (SlSquadLog *self,
             SlLogLine  *line)
{
  SlLogUnit unit;
  SlLogBoxes boxes;
  SlLogBadge badges[SL_LOG_MAX_BADGES];
  g_autofree char *details = NULL, *tally = NULL;
  int n_badges;

  sl_log_unit_fill (&unit, self->game, line->unit);
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      g_autofree char *text = columns[c].text (&unit);

      store_text (line, &line->texts[c], &line->drawn[c], text);
    }
  details = sl_log_text_details (&unit);
  store_text (line, &line->details, &line->details_text, details);
  tally = sl_log_text_tally (&unit);
  store_text (line, &line->tally, &line->tally_text, tally);
  sl_log_boxes_magazines (&unit, &boxes);
  update_boxes (line, &line->magazines, &boxes);
  sl_log_boxes_grenades (&unit, &boxes);
  update_boxes (line, &line->grenades, &boxes);
  sl_log_boxes_wounds (&unit, &boxes);
  update_boxes (line, &line->wounds, &boxes);
  n_badges = sl_log_badges (&unit, badges);
  update_badges (line, badges, n_badges);
  sl_log_badges_clear (badges, n_badges);
  if (line->out != unit.log.out)
    {
      line->out = unit.log.out;
      gtk_widget_queue_draw (GTK_WIDGET (line));
    }
  update_description (line, sl_log_text_description (&unit));
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
  for (guint c = 0; c < N_COLUMNS; c++)
    if (g_str_equal (columns[c].id, id))
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

      for (guint c = 0; c < N_COLUMNS; c++)
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
  if (c < 0 || !on_screen (c) || (table->folded & (1u << c)))
    return FALSE;
  *x = LINE_PAD_X + table->x[c];
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
  g_return_val_if_fail (c >= 0 && columns[c].cut != NULL, FALSE);
  return columns[c].cut (line, c, -1) != NULL;
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
