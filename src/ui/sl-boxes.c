/* sl-boxes.c: a row of check boxes as printed on the squad log
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-boxes.h"

#define MAX_BOXES 16
#define BOX 16
#define GAP 2

struct _SlBoxes
{
  GtkWidget  parent_instance;

  int        n;
  guint      ticked;
  char      *letters[MAX_BOXES];
};

G_DEFINE_FINAL_TYPE (SlBoxes, sl_boxes, GTK_TYPE_WIDGET)

static GdkRGBA
foreground (GtkWidget *widget)
{
  GdkRGBA rgba;

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &rgba);
G_GNUC_END_IGNORE_DEPRECATIONS
  return rgba;
}

static void
sl_boxes_snapshot (GtkWidget   *widget,
                   GtkSnapshot *snapshot)
{
  SlBoxes *self = SL_BOXES (widget);
  GdkRGBA fg = foreground (widget);
  GdkRGBA faint = fg;
  double y = (gtk_widget_get_height (widget) - BOX) / 2.0;

  faint.alpha *= 0.55f;
  for (int i = 0; i < self->n; i++)
    {
      double x = i * (BOX + GAP) + 0.5;
      gboolean ticked = (self->ticked & (1u << i)) != 0;
      GskRoundedRect rect;
      float widths[4] = { 1.2f, 1.2f, 1.2f, 1.2f };
      GdkRGBA colors[4] = { faint, faint, faint, faint };

      gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (x, y, BOX, BOX), 3);
      gtk_snapshot_append_border (snapshot, &rect, widths, colors);

      if (self->letters[i] != NULL)
        {
          PangoLayout *layout = gtk_widget_create_pango_layout (widget, self->letters[i]);
          PangoAttrList *attrs = pango_attr_list_new ();
          GdkRGBA color = ticked ? faint : fg;
          int w, h;

          pango_attr_list_insert (attrs, pango_attr_scale_new (0.8));
          pango_layout_set_attributes (layout, attrs);
          pango_attr_list_unref (attrs);
          pango_layout_get_pixel_size (layout, &w, &h);
          gtk_snapshot_save (snapshot);
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x + (BOX - w) / 2.0, y + (BOX - h) / 2.0));
          gtk_snapshot_append_layout (snapshot, layout, &color);
          gtk_snapshot_restore (snapshot);
          g_object_unref (layout);
        }
      if (ticked)
        {
          /* A pen's cross, as players tick their logs. */
          cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (x, y, BOX, BOX));

          gdk_cairo_set_source_rgba (cr, &fg);
          cairo_set_line_width (cr, 2.0);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
          cairo_move_to (cr, x + 4, y + 4);
          cairo_line_to (cr, x + BOX - 4, y + BOX - 4);
          cairo_move_to (cr, x + BOX - 4, y + 4);
          cairo_line_to (cr, x + 4, y + BOX - 4);
          cairo_stroke (cr);
          cairo_destroy (cr);
        }
    }
}

static void
sl_boxes_measure (GtkWidget      *widget,
                  GtkOrientation  orientation,
                  int             for_size,
                  int            *minimum,
                  int            *natural,
                  int            *minimum_baseline,
                  int            *natural_baseline)
{
  SlBoxes *self = SL_BOXES (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = self->n > 0 ? self->n * (BOX + GAP) - GAP + 1 : 0;
  else
    *minimum = *natural = BOX + 2;
}

void
sl_boxes_set (SlBoxes            *self,
              int                 n,
              guint               ticked,
              const char * const *letters,
              const char         *description)
{
  g_return_if_fail (SL_IS_BOXES (self));

  n = CLAMP (n, 0, MAX_BOXES);
  ticked &= n >= 32 ? ~0u : (1u << n) - 1;
  for (int i = 0; i < MAX_BOXES; i++)
    {
      const char *letter = letters != NULL && i < n ? letters[i] : NULL;

      if (g_strcmp0 (letter, self->letters[i]) != 0)
        {
          g_free (self->letters[i]);
          self->letters[i] = g_strdup (letter);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
    }
  if (n != self->n)
    {
      self->n = n;
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
  if (ticked != self->ticked)
    {
      self->ticked = ticked;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, description ? description : "",
                                  -1);
}

int
sl_boxes_get_n (SlBoxes *self)
{
  g_return_val_if_fail (SL_IS_BOXES (self), 0);
  return self->n;
}

guint
sl_boxes_get_ticked (SlBoxes *self)
{
  g_return_val_if_fail (SL_IS_BOXES (self), 0);
  return self->ticked;
}

static void
sl_boxes_finalize (GObject *object)
{
  SlBoxes *self = SL_BOXES (object);

  for (int i = 0; i < MAX_BOXES; i++)
    g_free (self->letters[i]);
  G_OBJECT_CLASS (sl_boxes_parent_class)->finalize (object);
}

static void
sl_boxes_class_init (SlBoxesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = sl_boxes_finalize;
  widget_class->snapshot = sl_boxes_snapshot;
  widget_class->measure = sl_boxes_measure;
  gtk_widget_class_set_css_name (widget_class, "logboxes");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
sl_boxes_init (SlBoxes *self)
{
}

GtkWidget *
sl_boxes_new (void)
{
  return g_object_new (SL_TYPE_BOXES, NULL);
}
