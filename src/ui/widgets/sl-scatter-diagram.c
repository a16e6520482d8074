/* sl-scatter-diagram.c: where a grenade landed, drawn — the thrower, the
 * aim point and the landing point, seen from above with the thrower at the
 * bottom (A-107: long and short along the line, left and right across it).
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "sl-scatter-diagram.h"
#include "sl-ui-util.h"

#define SIZE 96

struct _SlScatterDiagram
{
  GtkWidget parent_instance;

  double    range_m;
  double    along_m;
  double    across_m;
};

G_DEFINE_FINAL_TYPE (SlScatterDiagram, sl_scatter_diagram, GTK_TYPE_WIDGET)

static void
dot (cairo_t *cr,
     double   x,
     double   y,
     double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
}

static void
sl_scatter_diagram_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  SlScatterDiagram *self = SL_SCATTER_DIAGRAM (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  double reach = MAX (MAX (self->range_m, self->along_m), fabs (self->across_m) * 2) + 2;
  double scale = (h - 16) / reach;
  double x0 = w / 2, y0 = h - 8;
  GdkRGBA fg, accent = { 0.88f, 0.11f, 0.14f, 1 };
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  double ax = x0, ay = y0 - self->range_m * scale;
  double lx = x0 + self->across_m * scale, ly = y0 - self->along_m * scale;

  fg = sl_widget_get_color (widget);
  cairo_set_line_width (cr, 1.5);

  /* The thrower and the line to the aim point. */
  gdk_cairo_set_source_rgba (cr, &fg);
  dot (cr, x0, y0, 4);
  cairo_fill (cr);
  cairo_set_dash (cr, (double[]) { 3, 3 }, 2, 0);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, ax, ay);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);

  /* The aim point: a cross. */
  cairo_move_to (cr, ax - 5, ay - 5);
  cairo_line_to (cr, ax + 5, ay + 5);
  cairo_move_to (cr, ax + 5, ay - 5);
  cairo_line_to (cr, ax - 5, ay + 5);
  cairo_stroke (cr);

  /* Where it landed, and how it got there. */
  gdk_cairo_set_source_rgba (cr, &accent);
  if (fabs (lx - ax) > 0.5 || fabs (ly - ay) > 0.5)
    {
      cairo_move_to (cr, ax, ay);
      cairo_line_to (cr, lx, ly);
      cairo_stroke (cr);
    }
  dot (cr, lx, ly, 5);
  cairo_fill (cr);
  cairo_destroy (cr);
}

static void
sl_scatter_diagram_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  *minimum = *natural = SIZE;
}

void
sl_scatter_diagram_set (SlScatterDiagram *self,
                        double            range_m,
                        double            along_m,
                        double            across_m,
                        const char       *words)
{
  g_return_if_fail (SL_IS_SCATTER_DIAGRAM (self));
  self->range_m = range_m;
  self->along_m = along_m;
  self->across_m = across_m;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, words ? words : "", -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
sl_scatter_diagram_class_init (SlScatterDiagramClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = sl_scatter_diagram_snapshot;
  widget_class->measure = sl_scatter_diagram_measure;
  gtk_widget_class_set_css_name (widget_class, "scatterdiagram");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
sl_scatter_diagram_init (SlScatterDiagram *self)
{
}

GtkWidget *
sl_scatter_diagram_new (void)
{
  return g_object_new (SL_TYPE_SCATTER_DIAGRAM, NULL);
}
