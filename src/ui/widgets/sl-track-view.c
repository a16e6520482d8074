/* sl-track-view.c: the subphase track, drawn — this turn's ten subphases
 * (and the next turn's when an action carries over), each unit's
 * End-Action marker in the subphase its action ends, the current subphase
 * highlighted, the markers due now and the units that may act now picked
 * out (P-07, P-08)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-text.h"
#include "sl-track-chip.h"
#include "sl-track-view-private.h"
#include "sl-track-view.h"
#include "sl-track.h"
#include "sl-ui-util.h"

/* Sizes in pixels at scale 1; everything is drawn as vectors. */
#define TURN_ROW 20
#define NUMBER_ROW 26
#define CHIP_HEIGHT 24
#define CHIP_GAP 4
#define PAD 4
#define IDLE_COLUMN_FACTOR 3.0
#define MIN_CHIP 28
#define MAX_ROWS 5
#define MIN_COLUMN 34

struct _SlTrackView
{
  GtkWidget  parent_instance;

  SlGame    *game;
  gulong     changed_id;
  SlTrack   *track;
  char      *description;
  GtkWidget *cursor;      /* the marker last focused, or NULL */
};

G_DEFINE_FINAL_TYPE (SlTrackView, sl_track_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_UNIT_ACTIVATED,
  SIGNAL_MARKER_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Columns: the START box for idle units, then the subphases. */
static int
n_columns (SlTrackView *self)
{
  return self->track ? self->track->n_columns : 10;
}

static void
column_geometry_for (SlTrackView *self,
                     double       total,
                     int          column,   /* -1: the START box */
                     double      *x,
                     double      *width)
{
  double unit = total / (n_columns (self) + IDLE_COLUMN_FACTOR);
  double idle = unit * IDLE_COLUMN_FACTOR;

  if (column < 0)
    {
      *x = 0;
      *width = idle;
    }
  else
    {
      *x = idle + column * unit;
      *width = unit;
    }
}

static void
column_geometry (SlTrackView *self,
                 int          column,
                 double      *x,
                 double      *width)
{
  column_geometry_for (self, gtk_widget_get_width (GTK_WIDGET (self)), column, x, width);
}

/* One marker as laid out: where, and what. A box with more markers than
 * MAX_ROWS rows hold shows "+N" in its last place. */
typedef struct
{
  int           unit;       /* -1: the "+N" of a full box, or an event */
  int           event;      /* 1 + index into the track's events, or 0 */
  int           more;
  SlTrackStatus status;
  gboolean      idle;
  gboolean      overflow;   /* not drawn: one of the "+N" of a full box, for the keyboard */
  double        x, y, w;
} Chip;

/* Places @n chips in the box at @x, @width, as many a row as fit. */
static void
place_box (GArray        *chips,
           const int     *units,      /* a unit, or −1 − event index */
           const SlTrackStatus *statuses,
           int            n,
           gboolean       idle,
           double         x,
           double         width,
           int           *rows)
{
  int per_row = MAX (1, (int) ((width - PAD) / (MIN_CHIP + PAD)));
  int slots = per_row * MAX_ROWS;
  int shown = n > slots ? slots - 1 : n;
  double cell = (width - PAD) / per_row;

  for (int i = 0; i < shown + (n > slots ? 1 : 0); i++)
    {
      Chip c = { 0 };

      c.unit = i < shown ? MAX (units[i], -1) : -1;
      c.event = i < shown && units[i] < 0 ? -units[i] : 0;
      c.more = i < shown ? 0 : n - shown;
      c.status = i < shown ? statuses[i] : SL_TRACK_RUNNING;
      c.idle = idle;
      c.x = x + PAD + (i % per_row) * cell;
      c.w = MAX (cell - PAD, 4);
      c.y = TURN_ROW + NUMBER_ROW + PAD + (i / per_row) * (CHIP_HEIGHT + CHIP_GAP);
      g_array_append_val (chips, c);
    }
  /* The markers behind the "+N", where it is, for the keyboard. */
  for (int i = shown; n > slots && i < n; i++)
    {
      Chip c = g_array_index (chips, Chip, chips->len - 1);

      c.unit = MAX (units[i], -1);
      c.event = units[i] < 0 ? -units[i] : 0;
      c.more = 0;
      c.status = statuses[i];
      c.overflow = TRUE;
      g_array_append_val (chips, c);
    }
  *rows = MAX (*rows, (MIN (n, slots) + per_row - 1) / per_row);
}

/* Lays every marker out for a width: the START box, then each subphase's
 * box. Returns the rows the fullest box needs. */
static int
layout (SlTrackView *self,
        double       total,
        GArray      *chips)
{
  SlTrack *t = self->track;
  int units[SL_MAX_UNITS];
  SlTrackStatus statuses[SL_MAX_UNITS];
  int rows = 0;
  double x, w;

  if (t == NULL)
    return 0;
  for (guint i = 0; i < t->idle->len; i++)
    {
      units[i] = g_array_index (t->idle, int, i);
      statuses[i] = SL_TRACK_RUNNING;
    }
  column_geometry_for (self, total, -1, &x, &w);
  place_box (chips, units, statuses, t->idle->len, TRUE, x, w, &rows);

  for (int column = 0; column < t->n_columns; column++)
    {
      int n = 0;

      for (guint i = 0; i < t->markers->len; i++)
        {
          const SlTrackMarker *m = &g_array_index (t->markers, SlTrackMarker, i);
          int at = sl_track_column (t, m->end);

          /* Later still: in the last box. */
          if ((at < 0 ? t->n_columns - 1 : at) == column)
            {
              units[n] = m->unit;
              statuses[n++] = m->status;
            }
        }
      /* What goes off there (P-34 step 6). */
      for (guint i = 0; i < t->events->len && n < SL_MAX_UNITS; i++)
        {
          int at = sl_track_column (t, g_array_index (t->events, SlTrackEvent, i).due);

          if ((at < 0 ? t->n_columns - 1 : at) == column)
            {
              units[n] = -1 - (int) i;
              statuses[n++] = SL_TRACK_RUNNING;
            }
        }
      column_geometry_for (self, total, column, &x, &w);
      place_box (chips, units, statuses, n, FALSE, x, w, &rows);
    }
  return rows;
}

static const SlUnitSetup *
unit_setup (SlTrackView *self,
            int          unit)
{
  return sl_setup_unit_at (sl_game_get_setup (self->game), unit);
}

static gboolean
is_ready (SlTrackView *self,
          int          unit)
{
  for (guint i = 0; i < self->track->ready->len; i++)
    if (g_array_index (self->track->ready, int, i) == unit)
      return TRUE;
  return FALSE;
}

/* "Trooper Hale, fire, to resolve now" */
static char *
marker_words (SlTrackView         *self,
              const SlTrackMarker *m)
{
  const char *name = unit_setup (self, m->unit)->label;

  switch (m->status)
    {
    case SL_TRACK_DUE:
      return g_strdup_printf (_("%s, %s, to resolve now"), name, m->action->name);
    case SL_TRACK_DONE:
      return g_strdup_printf (_("%s, %s, done"), name, m->action->name);
    case SL_TRACK_RUNNING:
    default:
      return g_strdup_printf (_("%s, %s"), name, m->action->name);
    }
}

static char *
subphase_words (SlTrackView *self,
                int          index)
{
  return sl_subphase_words (self->game, index);
}

static void
append_units (SlTrackView *self,
              GString     *out,
              GArray      *units)
{
  for (guint i = 0; i < units->len; i++)
    {
      if (i > 0)
        g_string_append (out, _(", "));
      g_string_append (out, unit_setup (self, g_array_index (units, int, i))->label);
    }
}

/* The accessible description: what a sighted player reads off the track. */
static char *
describe (SlTrackView *self)
{
  GString *out = g_string_new (NULL);
  SlTrack *t = self->track;
  int last_end = -1;

  if (t == NULL)
    return g_strdup (_("No game."));

  if (t->now >= 0)
    {
      int turn, subphase;

      sl_subphase_split (sl_game_get_rules (self->game), t->now, &turn, &subphase);
      g_string_append_printf (out, _("Turn %d, subphase %d."), turn, subphase);
    }
  else
    g_string_append_printf (out, _("Turn %d, outside the Action Phase."), t->turn);

  for (guint i = 0; i < t->markers->len; i++)
    {
      const SlTrackMarker *m = &g_array_index (t->markers, SlTrackMarker, i);
      g_autofree char *words = marker_words (self, m);

      if (m->end != last_end)
        {
          g_autofree char *when = subphase_words (self, m->end);

          /* "Subphase 7: Trooper Hale, fire, to resolve now; …" */
          g_string_append_printf (out, " %s: %s", when, words);
          last_end = m->end;
        }
      else
        g_string_append_printf (out, _("; %s"), words);
      if (i + 1 == t->markers->len || g_array_index (t->markers, SlTrackMarker, i + 1).end != m->end)
        g_string_append_c (out, '.');
    }
  if (t->markers->len == 0)
    g_string_append_printf (out, " %s", _("No action on the track."));
  for (guint i = 0; i < t->events->len; i++)
    {
      const SlTrackEvent *e = &g_array_index (t->events, SlTrackEvent, i);
      g_autofree char *when = subphase_words (self, e->due);

      /* "Subphase 4: Grenade 1 goes off." */
      g_string_append_printf (out, _(" %s: %s goes off."), when, e->label);
    }
  if (t->turn_grouping >= 0)
    {
      /* "TOG Fire Team 1's turn; still to act: …" (P-08 step 2) */
      g_string_append_printf (out, _(" %s’s turn; still to act: "),
                              sl_setup_grouping_at (sl_game_get_setup (self->game), t->turn_grouping)->name);
      append_units (self, out, t->to_decide);
      g_string_append_c (out, '.');
    }
  if (t->ready->len > 0)
    {
      g_string_append_printf (out, " %s ", _("May act now:"));
      append_units (self, out, t->ready);
      g_string_append_c (out, '.');
    }
  if (t->waiting->len > 0)
    {
      g_string_append_printf (out, " %s ", _("Not available until their grouping’s turn:"));
      append_units (self, out, t->waiting);
      g_string_append_c (out, '.');
    }
  return g_string_free (out, FALSE);
}

static void sync_chips (SlTrackView *self);

static void
refresh (SlTrackView *self)
{
  g_clear_pointer (&self->track, sl_track_free);
  g_clear_pointer (&self->description, g_free);
  if (self->game != NULL)
    self->track = sl_track_new (sl_game_get_rules (self->game), sl_game_get_setup (self->game),
                                sl_game_get_state (self->game));
  self->description = describe (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description,
                                  -1);
  sync_chips (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
game_changed_cb (SlTrackView *self)
{
  refresh (self);
}

/* Colours from the theme, so that dark mode and high contrast follow. */
static GdkRGBA
theme_color (SlTrackView *self,
             const char  *name,
             const char  *fallback)
{
  GdkRGBA rgba;

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (self)), name, &rgba))
    gdk_rgba_parse (&rgba, fallback);
G_GNUC_END_IGNORE_DEPRECATIONS
  return rgba;
}

static GdkRGBA
with_alpha (GdkRGBA rgba,
            float   alpha)
{
  rgba.alpha *= alpha;
  return rgba;
}

/* One colour per side, told apart in dark and light mode. */
static GdkRGBA
side_color (SlTrackView *self,
            int          side)
{
  /* Not blue: the accent colour marks what happens now. */
  static const char * const names[] = { "green_4", "red_3", "purple_3", "orange_4", "brown_3" };
  static const char * const fallbacks[] = { "#2ec27e", "#e01b24", "#9141ac", "#e66100", "#986a44" };

  side = side % (int) G_N_ELEMENTS (names);
  return theme_color (self, names[side], fallbacks[side]);
}

static void
draw_text (SlTrackView *self,
           GtkSnapshot *snapshot,
           const char  *text,
           double       x,
           double       y,
           double       width,
           double       height,
           GdkRGBA      color,
           gboolean     bold)
{
  g_autofree char *line = sl_text_one_line (text);
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), line);
  int w, h;

  if (bold)
    {
      PangoAttrList *attrs = pango_attr_list_new ();

      pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y + (height - h) / 2));
  gtk_snapshot_append_layout (snapshot, layout, &color);
  gtk_snapshot_restore (snapshot);
  g_object_unref (layout);
}

static void
rounded_box (GtkSnapshot *snapshot,
             double       x,
             double       y,
             double       width,
             double       height,
             double       radius,
             GdkRGBA      fill,
             GdkRGBA      border,
             double       border_width)
{
  GskRoundedRect rect;
  float widths[4] = { border_width, border_width, border_width, border_width };
  GdkRGBA borders[4] = { border, border, border, border };

  gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (x, y, width, height), radius);
  gtk_snapshot_push_rounded_clip (snapshot, &rect);
  gtk_snapshot_append_color (snapshot, &fill, &GRAPHENE_RECT_INIT (x, y, width, height));
  gtk_snapshot_pop (snapshot);
  if (border_width > 0)
    gtk_snapshot_append_border (snapshot, &rect, widths, borders);
}

static void
draw_chip (SlTrackView   *self,
           GtkSnapshot   *snapshot,
           int            unit,
           SlTrackStatus  status,
           gboolean       idle,
           double         cx,
           double         cy,
           double         cw)
{
  const SlUnitSetup *us = unit_setup (self, unit);
  GdkRGBA side = side_color (self, us->side);
  GdkRGBA fg = sl_widget_get_color (GTK_WIDGET (self));
  GdkRGBA accent = theme_color (self, "accent_bg_color", "#3584e4");
  GdkRGBA accent_fg = theme_color (self, "accent_fg_color", "#ffffff");
  g_autofree char *label = g_strdup_printf ("%d", us->counter);

  if (status == SL_TRACK_DUE)
    {
      /* Resolves now: filled with the accent, bold. */
      rounded_box (snapshot, cx, cy, cw, CHIP_HEIGHT, 6, accent, side, 2);
      draw_text (self, snapshot, label, cx, cy, cw, CHIP_HEIGHT, accent_fg, TRUE);
    }
  else if (status == SL_TRACK_DONE || idle)
    {
      rounded_box (snapshot, cx, cy, cw, CHIP_HEIGHT, 6, with_alpha (side, 0.10f),
                   with_alpha (side, 0.6f), 1);
      draw_text (self, snapshot, label, cx, cy, cw, CHIP_HEIGHT, with_alpha (fg, 0.7f), FALSE);
    }
  else
    {
      rounded_box (snapshot, cx, cy, cw, CHIP_HEIGHT, 6, with_alpha (side, 0.22f), side, 1);
      draw_text (self, snapshot, label, cx, cy, cw, CHIP_HEIGHT, fg, FALSE);
    }
  if (is_ready (self, unit))
    {
      /* May act now: a ring in the accent colour around the marker. */
      GskRoundedRect ring;
      float w[4] = { 2, 2, 2, 2 };
      GdkRGBA c[4] = { accent, accent, accent, accent };

      gsk_rounded_rect_init_from_rect (&ring, &GRAPHENE_RECT_INIT (cx - 2, cy - 2, cw + 4, CHIP_HEIGHT + 4), 8);
      gtk_snapshot_append_border (snapshot, &ring, w, c);
    }
}

/* The End-Action markers, what goes off, and the "+N" of a full box. */
static void
draw_markers (SlTrackView *self,
              GtkSnapshot *snapshot)
{
  SlTrack *t = self->track;
  GdkRGBA fg = sl_widget_get_color (GTK_WIDGET (self));
  g_autoptr(GArray) chips = g_array_new (FALSE, FALSE, sizeof (Chip));

  layout (self, gtk_widget_get_width (GTK_WIDGET (self)), chips);
  for (guint i = 0; i < chips->len; i++)
    {
      const Chip *c = &g_array_index (chips, Chip, i);

      if (c->overflow)
        continue;
      if (c->unit >= 0)
        draw_chip (self, snapshot, c->unit, c->status, c->idle, c->x, c->y, c->w);
      else if (c->event > 0)
        {
          const SlTrackEvent *e = &g_array_index (t->events, SlTrackEvent, c->event - 1);
          GdkRGBA warning = theme_color (self, "warning_color", "#9c6e03");
          /* G grenade, C charge, M mine, F fire mission: what goes off. */
          const char *letter = e->kind == SL_MARKER_GRENADE ? C_("track", "G")
                               : e->kind == SL_MARKER_CHARGE ? C_("track", "C")
                               : e->kind == SL_MARKER_MINE ? C_("track", "M") : C_("track", "F");
          g_autofree char *text = g_strdup_printf ("%s%d", letter, e->marker);

          rounded_box (snapshot, c->x, c->y, c->w, CHIP_HEIGHT, CHIP_HEIGHT / 2.0,
                       with_alpha (warning, 0.18f), warning, 1.5);
          draw_text (self, snapshot, text, c->x, c->y, c->w, CHIP_HEIGHT, warning, TRUE);
        }
      else
        {
          /* "+3": more markers than the box shows; the tooltip and the
           * description list them all. */
          g_autofree char *more = g_strdup_printf ("+%d", c->more);

          draw_text (self, snapshot, more, c->x, c->y, c->w, CHIP_HEIGHT, with_alpha (fg, 0.8f), TRUE);
        }
    }
}

static void
sl_track_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  SlTrackView *self = SL_TRACK_VIEW (widget);
  SlTrack *t = self->track;
  double height = gtk_widget_get_height (widget);
  GdkRGBA fg = sl_widget_get_color (GTK_WIDGET (self));
  GdkRGBA accent = theme_color (self, "accent_color", "#1c71d8");
  GdkRGBA accent_bg = theme_color (self, "accent_bg_color", "#3584e4");
  GdkRGBA line = with_alpha (fg, 0.15f);
  int per_turn;
  double x, w;

  if (t == NULL)
    return;
  per_turn = sl_game_get_rules (self->game)->subphases_per_turn;

  /* The START box. */
  column_geometry (self, -1, &x, &w);
  draw_text (self, snapshot, C_("subphase track", "Start"), x, TURN_ROW, w, NUMBER_ROW,
             with_alpha (fg, 0.7f), FALSE);

  /* The turns, above their subphases. */
  for (int first = 0; first < t->n_columns; first += per_turn)
    {
      g_autofree char *turn = g_strdup_printf (_("Turn %d"), t->turn + first / per_turn);
      double x2, w2;

      column_geometry (self, first, &x, &w);
      column_geometry (self, MIN (first + per_turn, t->n_columns) - 1, &x2, &w2);
      draw_text (self, snapshot, turn, x, 0, x2 + w2 - x, TURN_ROW, with_alpha (fg, 0.7f), TRUE);
    }

  /* The subphase boxes. */
  for (int column = 0; column < t->n_columns; column++)
    {
      int index = t->first + column;
      g_autofree char *number = g_strdup_printf ("%d", column % per_turn + 1);
      gboolean now = index == t->now;
      gboolean past = t->now >= 0 && index < t->now;

      column_geometry (self, column, &x, &w);
      if (now)
        rounded_box (snapshot, x + 1, TURN_ROW, w - 2, height - TURN_ROW, 8,
                     with_alpha (accent_bg, 0.16f), accent, 2);
      else
        gtk_snapshot_append_color (snapshot, &line, &GRAPHENE_RECT_INIT (x, TURN_ROW, 1, height - TURN_ROW));
      draw_text (self, snapshot, number, x, TURN_ROW, w, NUMBER_ROW,
                 now ? accent : with_alpha (fg, past ? 0.45f : 0.85f), now);
    }

  /* The End-Action markers. */
  draw_markers (self, snapshot);
  /* The markers' children draw only a focus ring. */
  for (GtkWidget *chip = gtk_widget_get_first_child (widget); chip != NULL; chip = gtk_widget_get_next_sibling (chip))
    gtk_widget_snapshot_child (widget, chip, snapshot);
}

static void
sl_track_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  SlTrackView *self = SL_TRACK_VIEW (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      double columns = n_columns (self) + IDLE_COLUMN_FACTOR;

      *minimum = (int) (columns * MIN_COLUMN);
      *natural = (int) (columns * 56);
    }
  else
    {
      g_autoptr(GArray) chips = g_array_new (FALSE, FALSE, sizeof (Chip));
      double width = for_size > 0 ? for_size : (n_columns (self) + IDLE_COLUMN_FACTOR) * 56;
      int rows = MAX (layout (self, width, chips), 1);

      *minimum = *natural = TURN_ROW + NUMBER_ROW + 2 * PAD + rows * (CHIP_HEIGHT + CHIP_GAP);
    }
}

static GtkSizeRequestMode
sl_track_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* Which marker is under the pointer: the START box, then each column. */
int
sl_track_view_unit_at (SlTrackView *self,
                       double       px,
                       double       py)
{
  g_autoptr(GArray) chips = g_array_new (FALSE, FALSE, sizeof (Chip));

  g_return_val_if_fail (SL_IS_TRACK_VIEW (self), -1);
  if (self->track == NULL)
    return -1;
  layout (self, gtk_widget_get_width (GTK_WIDGET (self)), chips);
  for (guint i = 0; i < chips->len; i++)
    {
      const Chip *c = &g_array_index (chips, Chip, i);

      if (!c->overflow && px >= c->x && px < c->x + c->w && py >= c->y && py < c->y + CHIP_HEIGHT)
        return c->unit;
    }
  return -1;
}

static const SlTrackMarker *
marker_of (SlTrackView *self,
           int          unit)
{
  for (guint i = 0; i < self->track->markers->len; i++)
    if (g_array_index (self->track->markers, SlTrackMarker, i).unit == unit)
      return &g_array_index (self->track->markers, SlTrackMarker, i);
  return NULL;
}

static gboolean
is_waiting (SlTrackView *self,
            int          unit)
{
  for (guint i = 0; i < self->track->waiting->len; i++)
    if (g_array_index (self->track->waiting, int, i) == unit)
      return TRUE;
  return FALSE;
}

char *
sl_track_view_describe_unit (SlTrackView *self,
                             int          unit)
{
  const SlTrackMarker *m;
  g_autofree char *text = NULL;

  g_return_val_if_fail (SL_IS_TRACK_VIEW (self), NULL);
  if (self->track == NULL || unit < 0)
    return NULL;
  m = marker_of (self, unit);
  if (m != NULL)
    {
      g_autofree char *words = marker_words (self, m);
      g_autofree char *when = subphase_words (self, m->end);

      /* "Trooper Hale, fire — ends: Subphase 7" */
      text = g_strdup_printf (_("%s — ends: %s"), words, when);
    }
  else
    text = g_strdup_printf (_("%s, no action under way"), unit_setup (self, unit)->label);
  if (is_ready (self, unit))
    {
      g_autofree char *ready = g_strdup_printf (_("%s (may act now)"), text);

      g_free (text);
      text = g_steal_pointer (&ready);
    }
  else if (is_waiting (self, unit))
    {
      /* Not its grouping's turn: the core's refusal says whose it is. */
      g_autofree char *why = sl_unit_turn_refusal (self->game, unit);
      g_autofree char *waiting = why ? g_strdup_printf (_("%s — not available now: %s"), text, why)
                                     : g_strdup (text);

      g_free (text);
      text = g_steal_pointer (&waiting);
    }
  return g_steal_pointer (&text);
}

int
sl_track_view_marker_at (SlTrackView *self,
                         double       px,
                         double       py)
{
  g_autoptr(GArray) chips = g_array_new (FALSE, FALSE, sizeof (Chip));

  g_return_val_if_fail (SL_IS_TRACK_VIEW (self), 0);
  if (self->track == NULL)
    return 0;
  layout (self, gtk_widget_get_width (GTK_WIDGET (self)), chips);
  for (guint i = 0; i < chips->len; i++)
    {
      const Chip *c = &g_array_index (chips, Chip, i);

      if (c->event > 0 && !c->overflow && px >= c->x && px < c->x + c->w && py >= c->y && py < c->y + CHIP_HEIGHT)
        return g_array_index (self->track->events, SlTrackEvent, c->event - 1).marker;
    }
  return 0;
}

char *
sl_track_view_describe_marker (SlTrackView *self,
                               int          marker)
{
  const SlMarker *m;
  g_autofree char *words = NULL;

  g_return_val_if_fail (SL_IS_TRACK_VIEW (self), NULL);
  m = self->game != NULL && marker > 0 ? sl_state_find_marker (sl_game_get_state (self->game), marker) : NULL;
  if (m == NULL)
    return NULL;
  words = sl_marker_words (self->game, m);
  /* "the gate: 1 plastic charge · goes off: Subphase 6 — click to correct it" */
  return g_strdup_printf (_("%s: %s — click to correct it"), m->label, words);
}

/* The markers for the keyboard and a screen reader (sl-track-chip.c) ----- */

/* "ends in subphase 3", "ends in subphase 1 of turn 4" */
static char *
ends_words (SlTrackView *self,
            int          index)
{
  int turn, subphase;

  sl_subphase_split (sl_game_get_rules (self->game), index, &turn, &subphase);
  if (turn == sl_game_get_state (self->game)->turn)
    return g_strdup_printf (_("ends in subphase %d"), subphase);
  return g_strdup_printf (_("ends in subphase %d of turn %d"), subphase, turn);
}

/* A unit's marker as a screen reader names it: "1 · Centurion Vale:
 * Fire/Throw, ends in subphase 3 (may act now)". */
static char *
chip_label (SlTrackView *self,
            int          unit)
{
  const SlTrackMarker *m = marker_of (self, unit);
  const char *name = unit_setup (self, unit)->label;
  g_autofree char *text = NULL;

  if (m == NULL)
    text = g_strdup_printf (_("%s: no action under way"), name);
  else if (m->status == SL_TRACK_DONE)
    text = g_strdup_printf (_("%s: %s, done"), name, m->action->name);
  else
    {
      g_autofree char *ends = ends_words (self, m->end);

      text = m->status == SL_TRACK_DUE ? g_strdup_printf (_("%s: %s, %s; to resolve now"), name, m->action->name, ends)
                                       : g_strdup_printf (_("%s: %s, %s"), name, m->action->name, ends);
    }
  if (is_ready (self, unit))
    return g_strdup_printf (_("%s (may act now)"), text);
  if (is_waiting (self, unit))
    return g_strdup_printf (_("%s (not before its grouping’s turn)"), text);
  return g_steal_pointer (&text);
}

static SlTrackChip *
find_chip (SlTrackView *self,
           int          unit,
           int          marker)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      SlTrackChip *chip = SL_TRACK_CHIP (child);

      if (sl_track_chip_get_unit (chip) == unit && sl_track_chip_get_marker (chip) == marker)
        return chip;
    }
  return NULL;
}

/* The chip of a laid-out marker, or NULL for a box's "+N". */
static SlTrackChip *
chip_of (SlTrackView *self,
         const Chip  *c)
{
  if (c->unit >= 0)
    return find_chip (self, c->unit, 0);
  if (c->event > 0)
    return find_chip (self, -1, g_array_index (self->track->events, SlTrackEvent, c->event - 1).marker);
  return NULL;
}

/* One child per marker, in the order the track lays them out (the START
 * box, then each subphase's), kept across changes so that the keyboard
 * stays on its marker; named as they stand now. */
static void
sync_chips (SlTrackView *self)
{
  g_autoptr(GArray) chips = g_array_new (FALSE, FALSE, sizeof (Chip));
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();
  GtkWidget *previous = NULL, *child;

  if (self->track != NULL)
    layout (self, 1000, chips);
  for (guint i = 0; i < chips->len; i++)
    {
      const Chip *c = &g_array_index (chips, Chip, i);
      int marker = c->event > 0 ? g_array_index (self->track->events, SlTrackEvent, c->event - 1).marker : 0;
      SlTrackChip *chip;
      g_autofree char *label = NULL;

      if (c->unit < 0 && c->event == 0)
        continue;
      chip = find_chip (self, c->unit, marker);
      if (chip == NULL)
        chip = sl_track_chip_new (c->unit, marker);
      if (gtk_widget_get_parent (GTK_WIDGET (chip)) != GTK_WIDGET (self) ||
          gtk_widget_get_prev_sibling (GTK_WIDGET (chip)) != previous)
        gtk_widget_insert_after (GTK_WIDGET (chip), GTK_WIDGET (self), previous);
      label = c->unit >= 0 ? chip_label (self, c->unit) : sl_track_view_describe_marker (self, marker);
      sl_track_chip_set_label (chip, label);
      previous = GTK_WIDGET (chip);
    }
  /* The markers no longer on the track. */
  while ((child = previous != NULL ? gtk_widget_get_next_sibling (previous)
                                   : gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
}

static void
sl_track_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  SlTrackView *self = SL_TRACK_VIEW (widget);
  g_autoptr(GArray) chips = g_array_new (FALSE, FALSE, sizeof (Chip));

  if (self->track == NULL)
    return;
  layout (self, width, chips);
  for (guint i = 0; i < chips->len; i++)
    {
      const Chip *c = &g_array_index (chips, Chip, i);
      SlTrackChip *chip = chip_of (self, c);
      int min, nat;

      if (chip == NULL)
        continue;
      gtk_widget_measure (GTK_WIDGET (chip), GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      gtk_widget_size_allocate (GTK_WIDGET (chip),
                                &(GtkAllocation) { (int) c->x, (int) c->y, MAX ((int) c->w, min), CHIP_HEIGHT }, -1);
    }
}

static GtkWidget *
first_to_act (SlTrackView *self)
{
  for (int pass = 0; pass < 2; pass++)
    for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      {
        int unit = sl_track_chip_get_unit (SL_TRACK_CHIP (child));
        const SlTrackMarker *m = unit >= 0 ? marker_of (self, unit) : NULL;

        if (pass == 0 ? m != NULL && m->status == SL_TRACK_DUE : unit >= 0 && is_ready (self, unit))
          return child;
      }
  return gtk_widget_get_first_child (GTK_WIDGET (self));
}

/* Keyboard: the track is one stop of the Tab chain; the arrows go from
 * marker to marker, in the order of the boxes, and out at either end. */
static gboolean
sl_track_view_focus (GtkWidget        *widget,
                     GtkDirectionType  direction)
{
  SlTrackView *self = SL_TRACK_VIEW (widget);

  /* Back where it was, else on the first marker to resolve, else on the
   * first unit that may act. */
  return sl_focus_children (widget, direction, self->cursor != NULL ? self->cursor : first_to_act (self), TRUE);
}

static void
sl_track_view_set_focus_child (GtkWidget *widget,
                               GtkWidget *child)
{
  if (child != NULL)
    g_set_weak_pointer (&SL_TRACK_VIEW (widget)->cursor, child);
  GTK_WIDGET_CLASS (sl_track_view_parent_class)->set_focus_child (widget, child);
}

GtkWidget *
sl_track_view_get_marker_widget (SlTrackView *self,
                                 int          unit,
                                 int          marker)
{
  g_return_val_if_fail (SL_IS_TRACK_VIEW (self), NULL);
  return (GtkWidget *) find_chip (self, marker > 0 ? -1 : unit, MAX (marker, 0));
}

static gboolean
query_tooltip_cb (SlTrackView *self,
                  int          x,
                  int          y,
                  gboolean     keyboard,
                  GtkTooltip  *tooltip)
{
  g_autofree char *text = sl_track_view_describe_unit (self, sl_track_view_unit_at (self, x, y));

  if (text == NULL)
    text = sl_track_view_describe_marker (self, sl_track_view_marker_at (self, x, y));

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            SlTrackView     *self)
{
  int unit = sl_track_view_unit_at (self, x, y);
  int marker = sl_track_view_marker_at (self, x, y);

  if (unit >= 0)
    g_signal_emit (self, signals[SIGNAL_UNIT_ACTIVATED], 0, unit);
  else if (marker > 0)
    g_signal_emit (self, signals[SIGNAL_MARKER_ACTIVATED], 0, marker);
}

static void
style_changed_cb (SlTrackView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
sl_track_view_set_game (SlTrackView *self,
                        SlGame      *game)
{
  g_return_if_fail (SL_IS_TRACK_VIEW (self));
  g_return_if_fail (game == NULL || SL_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_set_object (&self->game, game);
  if (game != NULL)
    self->changed_id = g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb), self);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

const char *
sl_track_view_get_description (SlTrackView *self)
{
  g_return_val_if_fail (SL_IS_TRACK_VIEW (self), NULL);
  return self->description;
}

static void
sl_track_view_dispose (GObject *object)
{
  SlTrackView *self = SL_TRACK_VIEW (object);

  GtkWidget *chip;

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
  g_clear_weak_pointer (&self->cursor);
  while ((chip = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (chip);
  G_OBJECT_CLASS (sl_track_view_parent_class)->dispose (object);
}

static void
sl_track_view_finalize (GObject *object)
{
  SlTrackView *self = SL_TRACK_VIEW (object);

  g_clear_pointer (&self->track, sl_track_free);
  g_free (self->description);
  G_OBJECT_CLASS (sl_track_view_parent_class)->finalize (object);
}

static void
sl_track_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  SlTrackView *self = SL_TRACK_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sl_track_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  SlTrackView *self = SL_TRACK_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      sl_track_view_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sl_track_view_class_init (SlTrackViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_track_view_dispose;
  object_class->finalize = sl_track_view_finalize;
  object_class->get_property = sl_track_view_get_property;
  object_class->set_property = sl_track_view_set_property;
  widget_class->snapshot = sl_track_view_snapshot;
  widget_class->measure = sl_track_view_measure;
  widget_class->get_request_mode = sl_track_view_get_request_mode;
  widget_class->size_allocate = sl_track_view_size_allocate;
  widget_class->focus = sl_track_view_focus;
  widget_class->set_focus_child = sl_track_view_set_focus_child;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, SL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A marker was clicked: the unit's index. */
  signals[SIGNAL_UNIT_ACTIVATED] =
    g_signal_new ("unit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /* What goes off was clicked (a grenade, a charge …): its marker's id. */
  signals[SIGNAL_MARKER_ACTIVATED] =
    g_signal_new ("marker-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_css_name (widget_class, "subphasetrack");
  /* A group of markers (the buttons in it), named, with what it shows in
   * words as its description; not an image, which a screen reader reads
   * as a picture and passes by (issue 32 #4). GTK 4.8 tells AT-SPI
   * "panel". */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
sl_track_view_init (SlTrackView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (style_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Subphase track"),
                                  -1);
  self->description = describe (self);
}

GtkWidget *
sl_track_view_new (void)
{
  return g_object_new (SL_TYPE_TRACK_VIEW, NULL);
}
