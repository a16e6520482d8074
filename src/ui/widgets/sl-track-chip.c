/* sl-track-chip.c: a marker of the track as the keyboard and a screen
 * reader reach it (issue 21 #9). The track (sl-track-view.c) draws the
 * markers; each has a focusable child of its own at its place, a button
 * named after what the marker says. It draws nothing but its focus ring;
 * Enter or Space on it is the track's click on the marker.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-track-chip.h"
#include "sl-ui-util.h"

struct _SlTrackChip
{
  GtkWidget  parent_instance;

  int        unit;     /* the unit whose marker it is, or -1 */
  int        marker;   /* what goes off (a grenade, a charge …): its marker's id, or 0 */
  char      *label;    /* its accessible name */
};

G_DEFINE_FINAL_TYPE (SlTrackChip, sl_track_chip, GTK_TYPE_WIDGET)

static void
sl_track_chip_finalize (GObject *object)
{
  g_free (SL_TRACK_CHIP (object)->label);
  G_OBJECT_CLASS (sl_track_chip_parent_class)->finalize (object);
}

/* Enter or Space on a marker does what a click does: the track (its
 * parent) tells it. */
static void
chip_activate_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  SlTrackChip *chip = SL_TRACK_CHIP (widget);
  GtkWidget *track = gtk_widget_get_parent (widget);

  if (chip->unit >= 0)
    g_signal_emit_by_name (track, "unit-activated", chip->unit);
  else if (chip->marker > 0)
    g_signal_emit_by_name (track, "marker-activated", chip->marker);
}

static void
sl_track_chip_class_init (SlTrackChipClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = sl_track_chip_finalize;
  gtk_widget_class_set_css_name (widget_class, "trackchip");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
  gtk_widget_class_install_action (widget_class, "chip.activate", NULL, chip_activate_action);
  sl_widget_class_bind_activate_keys (widget_class, "chip.activate");
}

static void
sl_track_chip_init (SlTrackChip *self)
{
  self->unit = -1;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
}

SlTrackChip *
sl_track_chip_new (int unit,
                   int marker)
{
  SlTrackChip *self = g_object_new (SL_TYPE_TRACK_CHIP, NULL);

  self->unit = unit;
  self->marker = marker;
  return self;
}

int
sl_track_chip_get_unit (SlTrackChip *self)
{
  g_return_val_if_fail (SL_IS_TRACK_CHIP (self), -1);
  return self->unit;
}

int
sl_track_chip_get_marker (SlTrackChip *self)
{
  g_return_val_if_fail (SL_IS_TRACK_CHIP (self), 0);
  return self->marker;
}

void
sl_track_chip_set_label (SlTrackChip *self,
                         const char  *label)
{
  g_return_if_fail (SL_IS_TRACK_CHIP (self));

  if (g_strcmp0 (label, self->label) == 0)
    return;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_free (self->label);
  self->label = g_strdup (label);
}
