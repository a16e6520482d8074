/* sl-boxes.h: a row of check boxes as printed on the squad log — wound
 * boxes L M S U D, magazine and grenade boxes — ticked or not
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SL_TYPE_BOXES (sl_boxes_get_type ())
G_DECLARE_FINAL_TYPE (SlBoxes, sl_boxes, SL, BOXES, GtkWidget)

GtkWidget   *sl_boxes_new          (void);
/* @n boxes (at most 16); bit i of @ticked ticks box i; @letters, when not
 * NULL, has one short label per box ("L", "M" …) printed inside it.
 * @description says the same in words for screen readers. */
void         sl_boxes_set          (SlBoxes            *self,
                                    int                 n,
                                    guint               ticked,
                                    const char * const *letters,
                                    const char         *description);
int          sl_boxes_get_n        (SlBoxes            *self);
guint        sl_boxes_get_ticked   (SlBoxes            *self);

G_END_DECLS
