/* sl-log-line.h: a unit's line in a squad's log (SlLogLine), private to
 * the squad log (sl-squad-log.c): its struct and the column table it
 * draws are in sl-squad-log-private.h
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-squad-log-texts-private.h"

G_BEGIN_DECLS

#define SL_TYPE_LOG_LINE (sl_log_line_get_type ())
G_DECLARE_FINAL_TYPE (SlLogLine, sl_log_line, SL, LOG_LINE, GtkWidget)

/* The line's texts, boxes and badges, as @unit's log says now. */
void         sl_log_line_update       (SlLogLine       *self,
                                       const SlLogUnit *unit);

/* What the table draws as its lines do: whether @column is one on screen
 * (not told in the details only); the alpha of a dim text; whether
 * @widget is right to left; a layout in @widget's font (@small is
 * libadwaita's .caption, or .caption-heading when @bold; @numeric its
 * .numeric); and drawing one. */
gboolean     sl_log_line_on_screen    (guint            column);
float        sl_log_line_dim_alpha    (void);
gboolean     sl_log_line_is_rtl       (GtkWidget       *widget);
PangoLayout *sl_log_line_make_layout  (GtkWidget       *widget,
                                       const char      *text,
                                       gboolean         small,
                                       gboolean         bold,
                                       gboolean         numeric);
void         sl_log_line_draw_layout  (GtkSnapshot     *snapshot,
                                       PangoLayout     *layout,
                                       double           x,
                                       double           y,
                                       const GdkRGBA   *color);

G_END_DECLS
