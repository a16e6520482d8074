/* sl-wrap-bin.c: a wrapping label's width asked one way only.
 *
 * A wrapping GtkLabel asked how wide it must be for a given height
 * (width-for-height) finds out by trying widths, laying its text out a
 * dozen times; the table screen's layout asks that of the prompt under the
 * track several times a frame, which cost more than the rest of the frame
 * (issue 21: a key press answered within a frame). The bin asks its child
 * for its width whatever the height, as a label that wraps to the width
 * it is given needs: its height is still asked for its width.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-wrap-bin.h"

struct _SlWrapBin
{
  GtkWidget  parent_instance;

  GtkWidget *child;
};

enum
{
  PROP_0,
  PROP_CHILD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (SlWrapBin, sl_wrap_bin, GTK_TYPE_WIDGET)

static GtkSizeRequestMode
sl_wrap_bin_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
sl_wrap_bin_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  SlWrapBin *self = SL_WRAP_BIN (widget);

  if (self->child == NULL || !gtk_widget_should_layout (self->child))
    return;
  gtk_widget_measure (self->child, orientation, orientation == GTK_ORIENTATION_HORIZONTAL ? -1 : for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

static void
sl_wrap_bin_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  SlWrapBin *self = SL_WRAP_BIN (widget);

  if (self->child != NULL && gtk_widget_should_layout (self->child))
    gtk_widget_allocate (self->child, width, height, baseline, NULL);
}

static void
sl_wrap_bin_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  SlWrapBin *self = SL_WRAP_BIN (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      g_value_set_object (value, self->child);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sl_wrap_bin_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  SlWrapBin *self = SL_WRAP_BIN (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      sl_wrap_bin_set_child (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sl_wrap_bin_dispose (GObject *object)
{
  SlWrapBin *self = SL_WRAP_BIN (object);

  g_clear_pointer (&self->child, gtk_widget_unparent);
  G_OBJECT_CLASS (sl_wrap_bin_parent_class)->dispose (object);
}

static void
sl_wrap_bin_class_init (SlWrapBinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_wrap_bin_dispose;
  object_class->get_property = sl_wrap_bin_get_property;
  object_class->set_property = sl_wrap_bin_set_property;
  widget_class->get_request_mode = sl_wrap_bin_get_request_mode;
  widget_class->measure = sl_wrap_bin_measure;
  widget_class->size_allocate = sl_wrap_bin_size_allocate;

  properties[PROP_CHILD] = g_param_spec_object ("child", NULL, NULL, GTK_TYPE_WIDGET,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
sl_wrap_bin_init (SlWrapBin *self)
{
}

GtkWidget *
sl_wrap_bin_new (void)
{
  return g_object_new (SL_TYPE_WRAP_BIN, NULL);
}

void
sl_wrap_bin_set_child (SlWrapBin *self,
                       GtkWidget *child)
{
  g_return_if_fail (SL_IS_WRAP_BIN (self));
  g_return_if_fail (child == NULL || gtk_widget_get_parent (child) == NULL);

  if (self->child == child)
    return;
  g_clear_pointer (&self->child, gtk_widget_unparent);
  self->child = child;
  if (child != NULL)
    gtk_widget_set_parent (child, GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD]);
}

GtkWidget *
sl_wrap_bin_get_child (SlWrapBin *self)
{
  g_return_val_if_fail (SL_IS_WRAP_BIN (self), NULL);
  return self->child;
}
