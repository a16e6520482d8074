/* sl-wrap-bin.c: a wrapping label's width asked one way only.
 *
 * A wrapping GtkLabel asked how wide it must be for a given height
 * (width-for-height) finds out by trying widths, laying its text out a
 * dozen times; the table screen's layout asks that of the prompt under the
 * track several times a frame, which cost more than the rest of the frame
 * (issue 21: a key press answered within a frame). The bin (an AdwBin:
 * its child, as a property or a <child>) asks its child for its width
 * whatever the height, as a label that wraps to the width it is given
 * needs: its height is still asked for its width.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-wrap-bin-private.h"
#include "sl-wrap-bin.h"

struct _SlWrapBin
{
  AdwBin parent_instance;
};

G_DEFINE_FINAL_TYPE (SlWrapBin, sl_wrap_bin, ADW_TYPE_BIN)

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
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  if (child == NULL || !gtk_widget_should_layout (child))
    return;
  gtk_widget_measure (child, orientation, orientation == GTK_ORIENTATION_HORIZONTAL ? -1 : for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

static void
sl_wrap_bin_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  if (child != NULL && gtk_widget_should_layout (child))
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

static void
sl_wrap_bin_class_init (SlWrapBinClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->get_request_mode = sl_wrap_bin_get_request_mode;
  widget_class->measure = sl_wrap_bin_measure;
  widget_class->size_allocate = sl_wrap_bin_size_allocate;
}

static void
sl_wrap_bin_init (SlWrapBin *self)
{
  /* AdwBin lays its child out with a GtkBinLayout, which would ask the
   * child as it is asked: the bin's own measure instead. */
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
}

GtkWidget *
sl_wrap_bin_new (void)
{
  return g_object_new (SL_TYPE_WRAP_BIN, NULL);
}
