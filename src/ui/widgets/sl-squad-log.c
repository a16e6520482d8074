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
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "sl-text.h"
#include "sl-ammunition.h"
#include "sl-squad-log.h"
#include "sl-table-model.h"
#include "sl-unit-log.h"
#include "sl-ui-util.h"

static const char * const column_ids[] = {
  "counter", "name", "points", "race", "armor", "weapon", "mod", "ammo", "wounds",
  "position", "equipment", "action", "status", NULL
};

enum
{
  COL_COUNTER,
  COL_NAME,
  COL_POINTS,
  COL_RACE,
  COL_ARMOR,
  COL_WEAPON,
  COL_MOD,
  COL_AMMO,
  COL_WOUNDS,
  COL_POSITION,
  COL_EQUIPMENT,
  COL_ACTION,
  COL_STATUS,
  N_COLUMNS
};

/* The columns on screen. Points, race, armor and equipment are told in
 * the line under the unit's name (race · armor · points · equipment),
 * which keeps the log within a laptop's width. */
enum
{
  CELL_COUNTER,
  CELL_NAME,
  CELL_WEAPON,
  CELL_MOD,
  CELL_AMMO,
  CELL_WOUNDS,
  CELL_POSITION,
  CELL_ACTION,
  CELL_STATUS,
  N_CELLS
};

/* The texts a line draws. */
enum
{
  TEXT_COUNTER,
  TEXT_NAME,
  TEXT_DETAILS,   /* under the name, small and dim */
  TEXT_WEAPON,
  TEXT_MOD,
  TEXT_TALLY,     /* rounds left in the current magazine */
  TEXT_POSITION,
  TEXT_ACTION,
  N_TEXTS
};

#define COLUMN_SPACING 10   /* between cells */
#define AMMO_SPACING 8      /* between magazines, grenades and the tally */
#define BADGE_SPACING 4
#define LINE_PAD_X 6        /* inside a line, around its cells */
#define LINE_PAD_Y 4
#define HEADING_GAP 4       /* under the headings, above the first line's padding */
#define MAX_BOXES 16
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

/* A narrow window (800 pixels) has no room for every column: these are
 * folded into the details under the name, in this order, before the log
 * scrolls. They change least in play (the weapon and its modifiers) or
 * are read least off the table (the position); the ammunition, the
 * wounds, the action and the status stay in view. */
static const int fold_order[] = { CELL_MOD, CELL_WEAPON, CELL_POSITION };

typedef struct
{
  int    n;
  guint  ticked;
  char  *letters[MAX_BOXES];
} Boxes;

/* One unit's line. */
#define SL_TYPE_LOG_LINE (sl_log_line_get_type ())
G_DECLARE_FINAL_TYPE (SlLogLine, sl_log_line, SL, LOG_LINE, GtkWidget)

struct _SlLogLine
{
  GtkWidget    parent_instance;

  int          unit;
  gboolean     out;
  char        *texts[N_COLUMNS];       /* what each field says: drawn, read aloud, and for tests */
  char        *description;            /* all of it, as a screen reader reads the line */
  char        *details;                /* drawn under the name: race · armor · points · equipment */
  char        *tally;                  /* drawn after the boxes: rounds left in the magazine */
  PangoLayout *layouts[N_TEXTS];       /* made when first measured or drawn */
  int          natural[N_TEXTS];       /* each text's width, not cut short */
  int          height[N_TEXTS];
  Boxes        magazines;              /* R then P */
  Boxes        grenades;               /* FG then SG (launcher rounds with a launcher) */
  Boxes        wounds;                 /* L M S U D */
  guint        serial;                 /* of the Pango context the layouts were made with */
  PangoLayout *folded;                 /* the details with the columns the table folded into them */
  guint        folded_cells;           /* … which */
  int          folded_width;
};

G_DEFINE_FINAL_TYPE (SlLogLine, sl_log_line, GTK_TYPE_WIDGET)

/* The table of a squad's lines, with their headings. */
#define SL_TYPE_LOG_TABLE (sl_log_table_get_type ())
G_DECLARE_FINAL_TYPE (SlLogTable, sl_log_table, SL, LOG_TABLE, GtkWidget)

struct _SlLogTable
{
  GtkWidget    parent_instance;

  PangoLayout *headings[N_CELLS];
  GHashTable  *letters;                /* box letter → PangoLayout */
  int          char_width;             /* an average character of the text font */
  int          small_char_width;       /* … and of the details' smaller font */
  guint        serial;                 /* of the Pango context these were measured with */
  int          x[N_CELLS];             /* where each column starts, inside a line's padding */
  int          width[N_CELLS];
  guint        folded;                 /* 1 << cell: the columns told in the details, for want of room */
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

/* What the line draws as @text. */
static const char *
text_of (SlLogLine *self,
         int        text)
{
  static const int column_of[N_TEXTS] = {
    [TEXT_COUNTER] = COL_COUNTER, [TEXT_NAME] = COL_NAME, [TEXT_DETAILS] = -1,
    [TEXT_WEAPON] = COL_WEAPON, [TEXT_MOD] = COL_MOD, [TEXT_TALLY] = -1,
    [TEXT_POSITION] = COL_POSITION, [TEXT_ACTION] = COL_ACTION,
  };
  const char *value = text == TEXT_DETAILS ? self->details
                      : text == TEXT_TALLY ? self->tally
                      : self->texts[column_of[text]];

  return value != NULL ? value : "";
}

static PangoLayout *
line_layout (SlLogLine *self,
             int        text)
{
  guint serial = pango_context_get_serial (gtk_widget_get_pango_context (GTK_WIDGET (self)));

  /* Made again, and measured, when the fonts change. */
  if (serial != self->serial)
    {
      forget_layouts (self);
      self->serial = serial;
    }
  if (self->layouts[text] == NULL)
    {
      PangoLayout *layout = make_layout (GTK_WIDGET (self), text_of (self, text),
                                         text == TEXT_DETAILS, FALSE,
                                         text == TEXT_COUNTER || text == TEXT_MOD || text == TEXT_TALLY);

      pango_layout_get_pixel_size (layout, &self->natural[text], &self->height[text]);
      if (text == TEXT_ACTION || text == TEXT_DETAILS)
        pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      self->layouts[text] = layout;
    }
  return self->layouts[text];
}

static int
text_width (SlLogLine *self,
            int        text)
{
  line_layout (self, text);
  return self->natural[text];
}

static int
text_height (SlLogLine *self,
             int        text)
{
  line_layout (self, text);
  return self->height[text];
}

static void
forget_layouts (SlLogLine *self)
{
  for (int i = 0; i < N_TEXTS; i++)
    g_clear_object (&self->layouts[i]);
  g_clear_object (&self->folded);
}

/* The details as drawn: after the texts of the columns the table folded
 * into them for want of room ("standing · SR · SP · 0/−1 · Human · BI ·
 * 46 pts"), the most useful first. */
static PangoLayout *
details_layout (SlLogLine *self)
{
  static const int drawn_as[N_CELLS] = {
    [CELL_WEAPON] = TEXT_WEAPON, [CELL_MOD] = TEXT_MOD, [CELL_POSITION] = TEXT_POSITION,
  };
  guint folded = line_table (self)->folded;
  PangoLayout *details = line_layout (self, TEXT_DETAILS);
  g_autofree char *text = NULL;

  if (folded == 0)
    return details;
  if (self->folded != NULL && self->folded_cells == folded)
    return self->folded;
  g_clear_object (&self->folded);
  text = g_strdup (text_of (self, TEXT_DETAILS));
  for (guint i = 0; i < G_N_ELEMENTS (fold_order); i++)
    if (folded & (1u << fold_order[i]))
      {
        char *more = g_strdup_printf (_("%s · %s"), text_of (self, drawn_as[fold_order[i]]), text);

        g_free (text);
        text = more;
      }
  self->folded = make_layout (GTK_WIDGET (self), text, TRUE, FALSE, FALSE);
  pango_layout_get_pixel_size (self->folded, &self->folded_width, NULL);
  pango_layout_set_ellipsize (self->folded, PANGO_ELLIPSIZE_END);
  self->folded_cells = folded;
  return self->folded;
}

/* The width the details would take whole, as drawn. */
static int
details_width (SlLogLine *self)
{
  details_layout (self);
  return line_table (self)->folded != 0 ? self->folded_width : self->natural[TEXT_DETAILS];
}

/* A field's text, drawn as @text (a TEXT_*, or -1 when it is told in
 * another: equipment, points, race and armor in the details, the ammo and
 * wounds as boxes, the status as badges); changing it remakes the text's
 * layout. */
static void
store_text (SlLogLine   *self,
            char       **slot,
            int          text,
            const char  *value)
{
  if (g_strcmp0 (*slot, value) == 0)
    return;
  g_free (*slot);
  *slot = g_strdup (value);
  if (text < 0)
    return;
  g_clear_object (&self->layouts[text]);
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

/* The widths a cell of this line asks for. */
static void
cell_width (SlLogLine *self,
            int        cell,
            int       *minimum,
            int       *natural)
{
  int min = 0, nat = 0;

  switch (cell)
    {
    case CELL_COUNTER:
      min = nat = text_width (self, TEXT_COUNTER);
      break;
    case CELL_NAME:
      /* The name whole; the details under it up to 28 characters. */
      min = text_width (self, TEXT_NAME);
      nat = MAX (min, MIN (text_width (self, TEXT_DETAILS),
                           DETAILS_MAX_CHARS * table_char_width (line_table (self), TRUE)));
      break;
    case CELL_WEAPON:
      min = nat = text_width (self, TEXT_WEAPON);
      break;
    case CELL_MOD:
      min = nat = text_width (self, TEXT_MOD);
      break;
    case CELL_AMMO:
      nat = boxes_width (&self->magazines);
      if (self->grenades.n > 0)
        nat += (nat > 0 ? AMMO_SPACING : 0) + boxes_width (&self->grenades);
      nat += (nat > 0 ? AMMO_SPACING : 0) + text_width (self, TEXT_TALLY);
      min = nat;
      break;
    case CELL_WOUNDS:
      min = nat = boxes_width (&self->wounds);
      break;
    case CELL_POSITION:
      min = nat = text_width (self, TEXT_POSITION);
      break;
    case CELL_ACTION:
      min = nat = ACTION_MIN_CHARS * table_char_width (line_table (self), FALSE);
      break;
    case CELL_STATUS:
      nat = badges_width (self, &min);
      break;
    default:
      g_assert_not_reached ();
    }
  *minimum = min;
  *natural = nat;
}

/* What the name's cell would take to show the details under it whole
 * (its natural width stops at DETAILS_MAX_CHARS), and the action's its
 * text whole (its natural width is ACTION_MIN_CHARS); 0 for the others. */
static int
cell_full_width (SlLogLine *self,
                 int        cell)
{
  if (cell == CELL_NAME)
    return MAX (text_width (self, TEXT_NAME), text_width (self, TEXT_DETAILS));
  if (cell == CELL_ACTION)
    return text_width (self, TEXT_ACTION);
  return 0;
}

static gboolean
is_foldable (int cell)
{
  for (guint i = 0; i < G_N_ELEMENTS (fold_order); i++)
    if (fold_order[i] == cell)
      return TRUE;
  return FALSE;
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

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int min = 0, nat = 0;

      /* At the least, without the columns the table folds. */
      for (int cell = 0; cell < N_CELLS; cell++)
        {
          int cmin, cnat;

          cell_width (self, cell, &cmin, &cnat);
          if (!is_foldable (cell))
            min += cmin + COLUMN_SPACING;
          nat += cnat + COLUMN_SPACING;
        }
      *minimum = min - COLUMN_SPACING + 2 * LINE_PAD_X;
      *natural = nat - COLUMN_SPACING + 2 * LINE_PAD_X;
    }
  else
    {
      int height = MAX (BOX + 2, text_height (self, TEXT_NAME) + text_height (self, TEXT_DETAILS));

      for (int text = 0; text < N_TEXTS; text++)
        height = MAX (height, text_height (self, text));
      for (GtkWidget *badge = gtk_widget_get_first_child (widget); badge != NULL;
           badge = gtk_widget_get_next_sibling (badge))
        {
          int bmin, bnat;

          gtk_widget_measure (badge, GTK_ORIENTATION_VERTICAL, -1, &bmin, &bnat, NULL, NULL);
          height = MAX (height, bnat);
        }
      *minimum = *natural = height + 2 * LINE_PAD_Y;
    }
}

/* Where a cell of @width starts in the column @cell, right to left too. */
static int
cell_x (SlLogLine *self,
        int        cell,
        int        offset,
        int        width)
{
  SlLogTable *table = line_table (self);
  int x = LINE_PAD_X + table->x[cell] + offset;

  return is_rtl (GTK_WIDGET (self)) ? gtk_widget_get_width (GTK_WIDGET (self)) - x - width : x;
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

static void
sl_log_line_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  SlLogLine *self = SL_LOG_LINE (widget);
  SlLogTable *table = line_table (self);
  gboolean rtl = is_rtl (widget);
  GdkRGBA fg = sl_widget_get_color (widget);
  GdkRGBA dim;
  double middle = gtk_widget_get_height (widget) / 2.0;
  static const struct { int text, cell; } plain[] = {
    { TEXT_COUNTER, CELL_COUNTER }, { TEXT_WEAPON, CELL_WEAPON }, { TEXT_MOD, CELL_MOD },
    { TEXT_POSITION, CELL_POSITION }, { TEXT_ACTION, CELL_ACTION },
  };

  for (int text = 0; text < N_TEXTS; text++)
    line_layout (self, text);
  /* The action, and the details under the name, are cut short to fit
   * their columns (a width only then: a layout given one aligns its text
   * by the text's own direction within it). */
  pango_layout_set_width (self->layouts[TEXT_ACTION],
                          self->natural[TEXT_ACTION] > table->width[CELL_ACTION]
                          ? table->width[CELL_ACTION] * PANGO_SCALE : -1);
  pango_layout_set_width (details_layout (self),
                          details_width (self) > table->width[CELL_NAME]
                          ? table->width[CELL_NAME] * PANGO_SCALE : -1);

  /* A unit out of the fight is greyed out, as a struck-through line. */
  if (self->out)
    fg.alpha *= OUT_ALPHA;
  dim = fg;
  dim.alpha *= dim_alpha ();

  for (guint i = 0; i < G_N_ELEMENTS (plain); i++)
    {
      PangoLayout *layout = self->layouts[plain[i].text];
      int width = MIN (self->natural[plain[i].text], table->width[plain[i].cell]);

      if (table->folded & (1u << plain[i].cell))
        continue;
      draw_layout (snapshot, layout, cell_x (self, plain[i].cell, 0, width),
                   middle - self->height[plain[i].text] / 2.0, &fg);
    }

  /* The name, and the details under it. */
  {
    int block = self->height[TEXT_NAME] + self->height[TEXT_DETAILS];
    int details = MIN (details_width (self), table->width[CELL_NAME]);
    double top = middle - block / 2.0;

    draw_layout (snapshot, self->layouts[TEXT_NAME],
                 cell_x (self, CELL_NAME, 0, self->natural[TEXT_NAME]), top, &fg);
    draw_layout (snapshot, details_layout (self),
                 cell_x (self, CELL_NAME, 0, details), top + self->height[TEXT_NAME], &dim);
  }

  /* Magazines, grenades and the tally; the wound boxes. */
  {
    int x = 0;

    if (self->magazines.n > 0)
      {
        draw_boxes (snapshot, table, &self->magazines,
                    cell_x (self, CELL_AMMO, x, 0), middle, rtl, &fg);
        x += boxes_width (&self->magazines) + AMMO_SPACING;
      }
    if (self->grenades.n > 0)
      {
        draw_boxes (snapshot, table, &self->grenades,
                    cell_x (self, CELL_AMMO, x, 0), middle, rtl, &fg);
        x += boxes_width (&self->grenades) + AMMO_SPACING;
      }
    draw_layout (snapshot, self->layouts[TEXT_TALLY],
                 cell_x (self, CELL_AMMO, x, self->natural[TEXT_TALLY]),
                 middle - self->height[TEXT_TALLY] / 2.0, &fg);
    draw_boxes (snapshot, table, &self->wounds, cell_x (self, CELL_WOUNDS, 0, 0), middle, rtl, &fg);
  }

  for (GtkWidget *badge = gtk_widget_get_first_child (widget); badge != NULL;
       badge = gtk_widget_get_next_sibling (badge))
    gtk_widget_snapshot_child (widget, badge, snapshot);
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
  int from = is_rtl (widget) ? gtk_widget_get_width (widget) - x : x;
  PangoLayout *layout = NULL;
  const char *text = NULL;

  from -= LINE_PAD_X;
  if (keyboard)
    return FALSE;
  if (from >= table->x[CELL_ACTION] && from < table->x[CELL_ACTION] + table->width[CELL_ACTION])
    {
      layout = line_layout (self, TEXT_ACTION);
      text = text_of (self, TEXT_ACTION);
    }
  else if (from >= table->x[CELL_NAME] && from < table->x[CELL_NAME] + table->width[CELL_NAME] &&
           y >= gtk_widget_get_height (widget) / 2)
    {
      layout = details_layout (self);
      text = table->folded != 0 ? pango_layout_get_text (layout) : text_of (self, TEXT_DETAILS);
    }
  if (layout == NULL || !pango_layout_is_ellipsized (layout))
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
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

  for (int i = 0; i < N_COLUMNS; i++)
    g_free (self->texts[i]);
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

static const char *
heading_text (int cell)
{
  switch (cell)
    {
    /* Column headings of the paper unit log (T-04) */
    case CELL_COUNTER: return C_("squad log", "#");
    case CELL_NAME: return C_("squad log", "Unit");
    case CELL_WEAPON: return C_("squad log", "Wpn");
    case CELL_MOD: return C_("squad log", "Mod");
    case CELL_AMMO: return C_("squad log", "Ammo");
    case CELL_WOUNDS: return C_("squad log", "Wnds");
    case CELL_POSITION: return C_("squad log", "Position");
    case CELL_ACTION: return C_("squad log", "Action");
    case CELL_STATUS: return C_("squad log", "Status");
    default: g_assert_not_reached ();
    }
}

static PangoLayout *
heading_layout (SlLogTable *self,
                int         cell)
{
  table_check_context (self);
  if (self->headings[cell] == NULL)
    self->headings[cell] = make_layout (GTK_WIDGET (self), heading_text (cell), TRUE, TRUE, FALSE);
  return self->headings[cell];
}

static int
headings_height (SlLogTable *self)
{
  int height = 0;

  for (int cell = 0; cell < N_CELLS; cell++)
    {
      int h;

      pango_layout_get_pixel_size (heading_layout (self, cell), NULL, &h);
      height = MAX (height, h);
    }
  return height;
}

/* Each column as wide as its widest cell or heading; @full, when not
 * NULL, what the widest would take to show its text whole. */
static void
column_widths (SlLogTable *self,
               int         minimum[N_CELLS],
               int         natural[N_CELLS],
               int         full[N_CELLS])
{
  for (int cell = 0; cell < N_CELLS; cell++)
    {
      int w;

      pango_layout_get_pixel_size (heading_layout (self, cell), &w, NULL);
      minimum[cell] = natural[cell] = w;
      if (full != NULL)
        full[cell] = w;
    }
  for (GtkWidget *line = gtk_widget_get_first_child (GTK_WIDGET (self)); line != NULL;
       line = gtk_widget_get_next_sibling (line))
    for (int cell = 0; cell < N_CELLS; cell++)
      {
        int min, nat;

        cell_width (SL_LOG_LINE (line), cell, &min, &nat);
        minimum[cell] = MAX (minimum[cell], min);
        natural[cell] = MAX (natural[cell], nat);
        if (full != NULL)
          full[cell] = MAX (full[cell], MAX (nat, cell_full_width (SL_LOG_LINE (line), cell)));
      }
}

/* The width of the columns not folded, with their spacing and padding. */
static int
columns_total (const int widths[N_CELLS],
               guint     folded)
{
  int total = 2 * LINE_PAD_X - COLUMN_SPACING;

  for (int cell = 0; cell < N_CELLS; cell++)
    if (!(folded & (1u << cell)))
      total += widths[cell] + COLUMN_SPACING;
  return total;
}

/* The columns to fold into the details for the table to fit in @width
 * (fold_order): none when every column fits at its least. */
static guint
columns_to_fold (const int minimum[N_CELLS],
                 int       width)
{
  guint folded = 0;

  for (guint i = 0; i < G_N_ELEMENTS (fold_order) && columns_total (minimum, folded) > width; i++)
    folded |= 1u << fold_order[i];
  return folded;
}

/* The columns' widths in @width: room to spare goes to the action until
 * it shows whole (what the unit does and when it ends: what the table
 * reads there), then to the details under the names; what is missing the
 * details give up first, then the action, down to 16 characters, then the
 * columns fold (columns_to_fold). Issue 31 #7: the other way round, the
 * action lost its end subphase at 1024 × 700. */
static void
fit_columns (SlLogTable *self,
             int         width,
             int         widths[N_CELLS],
             guint      *folded)
{
  int min[N_CELLS], full[N_CELLS], total;

  column_widths (self, min, widths, full);
  /* Columns fold for the action to show whole, as long as any can. */
  {
    int need[N_CELLS];

    memcpy (need, min, sizeof need);
    need[CELL_ACTION] = MAX (min[CELL_ACTION], full[CELL_ACTION]);
    *folded = columns_to_fold (need, width);
  }
  /* The name and the action at their least, then the room left to the
   * action whole, to the details whole, and what is still left to the
   * action. */
  widths[CELL_NAME] = min[CELL_NAME];
  widths[CELL_ACTION] = min[CELL_ACTION];
  total = columns_total (widths, *folded);
  if (width > total)
    {
      int spare = width - total;
      int give = MIN (spare, MAX (0, full[CELL_ACTION] - widths[CELL_ACTION]));

      widths[CELL_ACTION] += give;
      spare -= give;
      give = MIN (spare, MAX (0, full[CELL_NAME] - widths[CELL_NAME]));
      widths[CELL_NAME] += give;
      widths[CELL_ACTION] += spare - give;
    }
  for (int cell = 0; cell < N_CELLS; cell++)
    if (*folded & (1u << cell))
      widths[cell] = 0;
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
      int min[N_CELLS], nat[N_CELLS];
      guint foldable = 0;

      /* Every column at its natural width; at the least, with the
       * foldable ones folded. */
      for (guint i = 0; i < G_N_ELEMENTS (fold_order); i++)
        foldable |= 1u << fold_order[i];
      column_widths (self, min, nat, NULL);
      *minimum = columns_total (min, foldable);
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
  int widths[N_CELLS];
  int x = 0, y;
  guint folded;
  gboolean moved;

  fit_columns (self, width, widths, &folded);
  moved = folded != self->folded;
  self->folded = folded;
  for (int cell = 0; cell < N_CELLS; cell++)
    {
      moved |= self->x[cell] != x || self->width[cell] != widths[cell];
      self->x[cell] = x;
      self->width[cell] = widths[cell];
      if (!(folded & (1u << cell)))
        x += widths[cell] + COLUMN_SPACING;
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

/* What of the table its scrolled view shows, from @top to @bottom in the
 * table's coordinates: everything when it is not in one. */
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
  for (int cell = 0; cell < N_CELLS; cell++)
    {
      PangoLayout *layout = heading_layout (self, cell);
      int w, x = LINE_PAD_X + self->x[cell];

      if (self->folded & (1u << cell))
        continue;
      pango_layout_get_pixel_size (layout, &w, NULL);
      if (cell == CELL_STATUS)
        x += self->width[cell] - w;   /* over the badges, at the end of the line */
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
  for (int cell = 0; cell < N_CELLS; cell++)
    g_clear_object (&self->headings[cell]);
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
  for (int cell = 0; cell < N_CELLS; cell++)
    g_clear_object (&self->headings[cell]);
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

static void
set_text (SlLogLine  *line,
          int         column,
          const char *text)
{
  static const int drawn_as[N_COLUMNS] = {
    [COL_COUNTER] = TEXT_COUNTER, [COL_NAME] = TEXT_NAME, [COL_POINTS] = -1, [COL_RACE] = -1,
    [COL_ARMOR] = -1, [COL_WEAPON] = TEXT_WEAPON, [COL_MOD] = TEXT_MOD, [COL_AMMO] = -1,
    [COL_WOUNDS] = -1, [COL_POSITION] = TEXT_POSITION, [COL_EQUIPMENT] = -1,
    [COL_ACTION] = TEXT_ACTION, [COL_STATUS] = -1,
  };

  store_text (line, &line->texts[column], drawn_as[column], text);
}

/* "L M S U D" with the boxes up to the wound ticked (A-70). */
static void
update_wounds (SlSquadLog      *self,
               SlLogLine       *line,
               const SlUnitLog *log)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const char *letters[SL_N_WOUNDS] = { NULL };
  g_autofree char *words = NULL;
  guint ticked = 0;
  int n = 0;

  for (int w = SL_WOUND_LIGHT; w <= SL_WOUND_DEAD; w++, n++)
    {
      letters[n] = rules->wounds[w].box;
      if ((int) log->wound >= w)
        ticked |= 1u << n;
    }
  words = log->wound == SL_WOUND_NONE
          ? g_strdup (_("Wounds: none"))
          : g_strdup_printf (_("Wounds: %s"), rules->wounds[log->wound].name);
  if (boxes_set (&line->wounds, n, ticked, letters))
    {
      gtk_widget_queue_resize (GTK_WIDGET (line));
      gtk_widget_queue_draw (GTK_WIDGET (line));
    }
  set_text (line, COL_WOUNDS, words);
}

/* The magazine boxes of the weapons carried, spent ones crossed (T-20),
 * then the grenade boxes, and the tally of the current magazine. */
static void
update_ammo (SlSquadLog      *self,
             SlLogLine       *line,
             const SlUnitLog *log)
{
  const char *letters[MAX_BOXES] = { NULL };
  g_autoptr(GString) words = g_string_new (NULL);
  g_autofree char *tally = NULL;
  guint ticked = 0;
  gboolean changed;
  int n = 0;
  static const char * const magazine_letters[] = { NULL, "R", "P", "FG", "SG" };

  for (int m = SL_MAGAZINE_R; m <= SL_MAGAZINE_P; m++)
    {
      gboolean carried = FALSE;

      for (int w = 0; w < log->n_weapons; w++)
        carried |= sl_ammo_magazine (log->weapons[w]) == (SlMagazine) m;
      if (!carried)
        continue;
      for (int b = 0; b < log->boxes[m] && n < MAX_BOXES; b++, n++)
        {
          letters[n] = magazine_letters[m];
          if (b >= log->left[m])
            ticked |= 1u << n;
        }
      /* "R 2 of 3" */
      g_string_append_printf (words, _("%s %d of %d; "), magazine_letters[m], log->left[m], log->boxes[m]);
    }
  changed = boxes_set (&line->magazines, n, ticked, letters);

  n = 0;
  ticked = 0;
  for (int g = 0; g < SL_N_GRENADES; g++)
    {
      int boxes = log->launcher ? log->launcher_boxes[g] : log->boxes[SL_MAGAZINE_FG + g];
      int left = log->launcher ? log->launcher_load[g] : log->left[SL_MAGAZINE_FG + g];

      for (int b = 0; b < boxes && n < MAX_BOXES; b++, n++)
        {
          letters[n] = g == SL_GRENADE_FG ? "F" : "S";
          if (b >= left)
            ticked |= 1u << n;
        }
      if (boxes == 0 && left == 0)
        /* None carried (a scenario without grenades): nothing to say. */
        continue;
      if (log->launcher)
        /* P-35: "launcher FG 4 of 4" */
        g_string_append_printf (words, _("launcher %s %d of %d; "), magazine_letters[SL_MAGAZINE_FG + g], left, boxes);
      else
        g_string_append_printf (words, _("%s %d of %d; "), magazine_letters[SL_MAGAZINE_FG + g], left, boxes);
    }
  changed |= boxes_set (&line->grenades, n, ticked, letters);
  if (changed)
    {
      gtk_widget_queue_resize (GTK_WIDGET (line));
      gtk_widget_queue_draw (GTK_WIDGET (line));
    }

  if (log->rounds > 0)
    {
      tally = g_strdup_printf ("%d/%d", log->rounds - log->rounds_fired, log->rounds);
      /* "10 of 10 rounds left" */
      g_string_append_printf (words, _("%d of %d rounds left"), log->rounds - log->rounds_fired, log->rounds);
    }
  else
    {
      tally = g_strdup ("∞");
      g_string_append (words, _("no magazine to count"));
    }
  store_text (line, &line->tally, TEXT_TALLY, tally);
  set_text (line, COL_AMMO, words->str);
}

static char *
equipment_text (const SlUnitLog *log,
                gboolean         known)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  if (log->launcher)
    g_ptr_array_add (items, g_strdup (_("launcher")));
  if (log->plastic_charges > 0)
    g_ptr_array_add (items, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d plastic charge",
                                                          "%d plastic charges", log->plastic_charges),
                                             log->plastic_charges));
  if (log->shaped_charges > 0)
    g_ptr_array_add (items, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d shaped charge",
                                                          "%d shaped charges", log->shaped_charges),
                                             log->shaped_charges));
  if (log->keys > 0)
    g_ptr_array_add (items, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d key", "%d keys", log->keys),
                                             log->keys));
  if (log->ecm_jammer)
    g_ptr_array_add (items, g_strdup (_("ECM jammer")));
  if (log->ground_sensor)
    g_ptr_array_add (items, g_strdup (_("ground sensor")));
  if (log->bounce_pack)
    g_ptr_array_add (items, g_strdup (_("bounce pack")));
  /* Stealth power mode is a secret modifier of a hidden unit (T-19). */
  if (log->stealth_power && known)
    g_ptr_array_add (items, g_strdup (_("stealth power")));
  g_ptr_array_add (items, NULL);
  return g_strjoinv (_(", "), (char **) items->pdata);
}

/* The status badges, as widgets (they are few): only when they change.
 * A badge with @tips (not NULL) says more under the pointer. */
static void
update_badges (SlLogLine         *line,
               const char * const texts[],
               const char * const styles[],
               const char * const tips[],
               int                n)
{
  GtkWidget *badge = gtk_widget_get_first_child (GTK_WIDGET (line));
  gboolean same = TRUE;
  int i = 0;

  for (; badge != NULL && i < n; badge = gtk_widget_get_next_sibling (badge), i++)
    same &= g_str_equal (gtk_label_get_text (GTK_LABEL (badge)), texts[i]) &&
            g_strcmp0 (gtk_widget_get_tooltip_text (badge), tips[i]) == 0;
  if (same && badge == NULL && i == n)
    return;
  while ((badge = gtk_widget_get_first_child (GTK_WIDGET (line))) != NULL)
    gtk_widget_unparent (badge);
  for (i = 0; i < n; i++)
    {
      badge = gtk_label_new (texts[i]);
      gtk_widget_add_css_class (badge, "badge");
      gtk_widget_add_css_class (badge, styles[i]);
      gtk_widget_set_tooltip_text (badge, tips[i]);
      /* The line's own label says it already. */
      gtk_accessible_update_state (GTK_ACCESSIBLE (badge), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      gtk_widget_set_parent (badge, GTK_WIDGET (line));
    }
  gtk_widget_queue_resize (GTK_WIDGET (line));
  gtk_widget_queue_draw (GTK_WIDGET (line));
}

/* Everything the line shows, for a screen reader. */
static void
update_description (SlLogLine  *line,
                    const char *details)
{
  const char * const *t = (const char * const *) line->texts;
  g_autofree char *status = *t[COL_STATUS] ? g_strdup_printf (_(" Status: %s."), t[COL_STATUS]) : g_strdup ("");
  /* A unit's line read aloud, what changes in play first (issue 32 #7:
   * the wounds came after some 35 words): "Unit 3, Legionnaire Ostra.
   * Wounds: none. Position standing. Action: idle." with the status
   * after the wounds, then "Human · BI · 46 pts. Weapon SAR · SP.
   * Modifiers +2/−1. Ammunition: R 3 of 3; …". */
  g_autofree char *label = g_strdup_printf (_("Unit %s, %s. %s.%s Position %s. Action: %s. %s. Weapon %s. "
                                              "Modifiers %s. Ammunition: %s."),
                                            t[COL_COUNTER], t[COL_NAME], t[COL_WOUNDS], status, t[COL_POSITION],
                                            t[COL_ACTION], details, t[COL_WEAPON], t[COL_MOD], t[COL_AMMO]);

  if (g_strcmp0 (label, line->description) == 0)
    return;
  g_free (line->description);
  line->description = g_steal_pointer (&label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (line), GTK_ACCESSIBLE_PROPERTY_LABEL, line->description, -1);
}

/* Under the name: "Human · BI · 46 pts · bounce pack", and a Legionnaire
 * character's skills and what they give (§18). */
static char *
details_text (const SlUnitLog *log,
              const char      *equipment)
{
  g_autofree char *race_armor = g_strdup_printf (_("%s · %s · %d pts"), log->race->name, log->armor->id, log->points);
  g_autofree char *character = sl_legionnaire_describe (log->legionnaire, FALSE);
  g_autofree char *details = *equipment ? g_strdup_printf ("%s · %s", race_armor, equipment)
                                        : g_steal_pointer (&race_armor);

  if (character != NULL)
    return g_strdup_printf ("%s · %s", details, character);
  return g_steal_pointer (&details);
}

/* The unit's position and its action, as the table may know them. */
static void
update_position_action (SlSquadLog      *self,
                        SlLogLine       *line,
                        const SlUnitLog *log,
                        gboolean         losing)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlState *state = sl_game_get_state (self->game);

  /* §15.1: where a hidden unit stands and what it does is its owner's
   * secret; the shared log says only that it is hidden (the table
   * model says what the table knows). */
  if (!sl_table_model_unit_known (sl_table_model_get_for_game (self->game), line->unit, SL_VIEWER_TABLE))
    {
      set_text (line, COL_POSITION, "—");
      set_text (line, COL_ACTION, "—");
      return;
    }
  /* T-36, A-120: in vacuum or a hostile atmosphere, whether it is
   * sheltered inside or out in it. */
  if (log->exposure)
    {
      /* "standing · inside" */
      g_autofree char *where = g_strdup_printf (_("%s · %s"), sl_position_label (log->position),
                                                log->inside ? _("inside") : _("outside"));

      set_text (line, COL_POSITION, where);
    }
  else
    set_text (line, COL_POSITION, sl_position_label (log->position));
  if (log->action != NULL)
    {
      int turn, subphase;
      g_autofree char *text = NULL;

      sl_subphase_split (rules, log->action_end, &turn, &subphase);
      /* A-72: a zero-G dive carries on past its AP until it hits
       * something (the core says whether it does). */
      if (log->action->move == SL_MOVE_DIVE && sl_unit_drifting (self->game, line->unit))
        text = g_strdup_printf (_("%s, carries on until it hits something (A-72)"), log->action->name);
      /* "ends 7 · Walk (1 of 3 AP)": where its marker is first, so that a
       * narrow column cuts the name, never the subphase (issue 31 #7). */
      else if (turn == state->turn)
        /* Translators: keep the subphase first: the end of a line too
         * long for its column is cut. */
        text = g_strdup_printf (_("ends %2$d · %1$s (%3$d of %4$d AP)"), log->action->name, subphase,
                                log->action_done, log->action_cost);
      else
        /* Translators: keep the subphase and turn first. */
        text = g_strdup_printf (_("ends %2$d of turn %3$d · %1$s (%4$d of %5$d AP)"), log->action->name,
                                subphase, turn, log->action_done, log->action_cost);
      if (losing)
        {
          /* §6.1, A-18: hit in this resolution step, it keeps its
           * action until the step ends, then loses it. */
          g_autofree char *lost = g_strdup_printf (_("%s — loses its action as the step ends"), text);

          g_free (text);
          text = g_steal_pointer (&lost);
        }
      set_text (line, COL_ACTION, text);
    }
  else
    set_text (line, COL_ACTION, _("idle"));
}

/* P-39: a breached suit and the wound it has still to give, as a badge,
 * in words and under the pointer; all NULL without one. */
static void
breach_texts (const SlRules    *rules,
              const SlUnitLog  *log,
              char            **badge,
              char            **words,
              char            **tip)
{
  int turn, subphase;

  if (log->breach.state == SL_BREACH_NONE || log->wound == SL_WOUND_DEAD)
    return;
  sl_subphase_split (rules, log->breach.due, &turn, &subphase);
  if (log->breach.state == SL_BREACH_DELAYED)
    {
      /* Translators: a badge; T3 S1 is turn 3, subphase 1. */
      *badge = g_strdup_printf (_("Suit breached · T%d S%d"), turn, subphase);
      *words = g_strdup_printf (_("Suit breached, one more wound T%d S%d"), turn, subphase);
      *tip = g_strdup_printf (_("The breached suit gives one more wound in subphase %d of turn %d, then seals (P-39)."),
                              subphase, turn);
    }
  else
    {
      /* Translators: a badge; T3 S1 is turn 3, subphase 1. */
      *badge = g_strdup_printf (_("Bleeding · T%d S%d"), turn, subphase);
      *words = g_strdup_printf (_("Bleeding, next wound T%d S%d"), turn, subphase);
      *tip = g_strdup_printf (_("The breached suit gives a wound in subphase %d of turn %d, then one every %d subphases until the unit dies (P-39)."),
                              subphase, turn, rules->environment.suit_breach_delay);
    }
}

/* The status badges, and the status in words. */
static void
update_status (SlSquadLog      *self,
               SlLogLine       *line,
               const SlUnitLog *log,
               gboolean         losing)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  g_autoptr(GString) status = g_string_new (NULL);
  g_autofree char *breach_badge = NULL;
  g_autofree char *breach_words = NULL;
  g_autofree char *breach_tip = NULL;
  g_autofree char *dazed = NULL;
  const char *badge_texts[10], *badge_styles[10], *badge_words[10], *badge_tips[10] = { NULL };
  gboolean known = sl_table_model_unit_known (sl_table_model_get_for_game (self->game), line->unit, SL_VIEWER_TABLE);
  int n_badges = 0;

  breach_texts (rules, log, &breach_badge, &breach_words, &breach_tip);
  if (log->out)
    {
      badge_texts[n_badges] = log->wound == SL_WOUND_DEAD ? _("Dead") : _("Out");
      badge_styles[n_badges++] = "error";
      /* Knocked out, it bleeds on (P-39 step 3). */
      if (breach_badge != NULL)
        {
          badge_texts[n_badges] = breach_badge;
          badge_words[n_badges] = breach_words;
          badge_tips[n_badges] = breach_tip;
          badge_styles[n_badges++] = "error";
        }
    }
  else
    {
      struct { gboolean on; const char *text; const char *style; const char *words; } badges[] = {
        /* §18: a Legionnaire player character; it never routs. */
        { log->legionnaire != NULL, C_("badge", "Character"), "accent", NULL },
        { log->hidden, _("Hidden"), "accent", NULL },
        { known && log->dazed_until >= 0, _("Dazed"), "warning", NULL },
        { known && log->jammed, _("Jammed"), "warning" },
        { known && log->routed, _("Routed"), "error" },
        { known && log->in_melee, _("In melee"), "warning" },
        { known && log->opportunity, _("Opportunity fire"), "accent" },
        { known && losing, _("Loses its action"), "warning" },
      };

      if (known && log->dazed_until >= 0)
        {
          int turn, subphase;

          sl_subphase_split (rules, log->dazed_until, &turn, &subphase);
          /* Issue 32 #7: how long, in the status read aloud and under the
           * pointer (P-19: dazed until the subphase the hit gave). */
          dazed = turn == sl_game_get_state (self->game)->turn
                  /* Translators: a unit's status, in words. */
                  ? g_strdup_printf (_("Dazed until subphase %d"), subphase)
                  /* Translators: a unit's status, in words. */
                  : g_strdup_printf (_("Dazed until subphase %d of turn %d"), subphase, turn);
          badges[2].words = dazed;
        }
      for (guint i = 0; i < G_N_ELEMENTS (badges); i++)
        if (badges[i].on)
          {
            badge_words[n_badges] = badges[i].words;
            badge_tips[n_badges] = badges[i].words;
            badge_texts[n_badges] = badges[i].text;
            badge_styles[n_badges++] = badges[i].style;
          }
      if (breach_badge != NULL)
        {
          badge_texts[n_badges] = breach_badge;
          badge_words[n_badges] = breach_words;
          badge_tips[n_badges] = breach_tip;
          badge_styles[n_badges++] = log->breach.state == SL_BREACH_BLEEDING ? "error" : "warning";
        }
    }
  for (int i = 0; i < n_badges; i++)
    {
      if (status->len > 0)
        g_string_append (status, _(", "));
      /* What a badge says in short, the status says whole. */
      g_string_append (status, badge_tips[i] != NULL ? badge_words[i] : badge_texts[i]);
    }
  set_text (line, COL_STATUS, status->str);
  update_badges (line, badge_texts, badge_styles, badge_tips, n_badges);
}

static void
update_line (SlSquadLog *self,
             SlLogLine  *line)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlState *state = sl_game_get_state (self->game);
  SlUnitLog log;
  g_autofree char *counter = NULL;
  g_autofree char *points = NULL;
  g_autofree char *mod = NULL;
  g_autofree char *equipment = NULL;
  g_autofree char *details = NULL;
  g_autoptr(GString) weapons = g_string_new (NULL);
  gboolean losing;

  sl_unit_log_fill (rules, sl_game_get_setup (self->game), state, line->unit, &log);
  /* The steps are simultaneous: what a hit costs applies as the step ends
   * (the table model says whether). */
  losing = sl_table_model_get_unit (sl_table_model_get_for_game (self->game), line->unit)->loses_action;
  counter = g_strdup_printf ("%d", log.counter);
  points = g_strdup_printf ("%d", log.points);
  mod = sl_unit_log_format_mod (&log);
  equipment = equipment_text (&log, sl_table_model_unit_known (sl_table_model_get_for_game (self->game),
                                                               line->unit, SL_VIEWER_TABLE));
  set_text (line, COL_COUNTER, counter);
  set_text (line, COL_NAME, log.name);
  set_text (line, COL_POINTS, points);
  set_text (line, COL_RACE, log.race->name);
  set_text (line, COL_ARMOR, log.armor->id);
  /* The weapon in hand first. */
  g_string_append (weapons, log.weapons[log.in_hand]->id);
  if (log.omni_mode != NULL)
    g_string_append_printf (weapons, " (%s)", g_str_equal (log.omni_mode, "slug") ? _("slug") : _("spike"));
  for (int w = 0; w < log.n_weapons; w++)
    if (w != log.in_hand)
      g_string_append_printf (weapons, " · %s", log.weapons[w]->id);
  set_text (line, COL_WEAPON, weapons->str);
  set_text (line, COL_MOD, mod);
  update_ammo (self, line, &log);
  update_wounds (self, line, &log);
  set_text (line, COL_EQUIPMENT, equipment);
  details = details_text (&log, equipment);
  update_position_action (self, line, &log, losing);
  update_status (self, line, &log, losing);
  store_text (line, &line->details, TEXT_DETAILS, details);
  if (line->out != log.out)
    {
      line->out = log.out;
      gtk_widget_queue_draw (GTK_WIDGET (line));
    }
  update_description (line, details);
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

      for (int i = 0; i < N_TEXTS; i++)
        g_string_append_printf (text, "%s%s", i > 0 ? "\t" : "", text_of (l, i));
      g_string_append_printf (text, "\t%s", l->description ? l->description : "");
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
  static const int field_of[N_CELLS] = {
    COL_COUNTER, COL_NAME, COL_WEAPON, COL_MOD, COL_AMMO, COL_WOUNDS, COL_POSITION, COL_ACTION, COL_STATUS
  };
  SlLogTable *table;

  g_return_val_if_fail (SL_IS_SQUAD_LOG (self), FALSE);
  table = SL_LOG_TABLE (self->table);
  for (int cell = 0; cell < N_CELLS; cell++)
    if (g_str_equal (column_ids[field_of[cell]], column))
      {
        if (table->folded & (1u << cell))
          return FALSE;
        *x = LINE_PAD_X + table->x[cell];
        *width = table->width[cell];
        return TRUE;
      }
  return FALSE;
}

gboolean
sl_squad_log_get_cut (SlSquadLog *self,
                      int         unit,
                      const char *text)
{
  SlLogLine *line;
  SlLogTable *table;

  g_return_val_if_fail (SL_IS_SQUAD_LOG (self), FALSE);
  line = (SlLogLine *) sl_squad_log_get_line (self, unit);
  g_return_val_if_fail (line != NULL, FALSE);
  table = SL_LOG_TABLE (self->table);
  if (g_str_equal (text, "action"))
    return text_width (line, TEXT_ACTION) > table->width[CELL_ACTION];
  g_return_val_if_fail (g_str_equal (text, "details"), FALSE);
  return details_width (line) > table->width[CELL_NAME];
}

char *
sl_squad_log_get_cell (SlSquadLog *self,
                       int         unit,
                       const char *column)
{
  GtkWidget *line;

  g_return_val_if_fail (SL_IS_SQUAD_LOG (self), NULL);
  line = sl_squad_log_get_line (self, unit);
  if (line == NULL)
    return NULL;
  for (int i = 0; column_ids[i] != NULL; i++)
    if (g_str_equal (column_ids[i], column))
      return g_strdup (SL_LOG_LINE (line)->texts[i]);
  return NULL;
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
