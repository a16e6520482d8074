/* sl-scatter-diagram.h: where a grenade landed, drawn (P-34, A-107)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SL_TYPE_SCATTER_DIAGRAM (sl_scatter_diagram_get_type ())
G_DECLARE_FINAL_TYPE (SlScatterDiagram, sl_scatter_diagram, SL, SCATTER_DIAGRAM, GtkWidget)

GtkWidget   *sl_scatter_diagram_new (void);
/* The thrower at the bottom, the aim point @range_m ahead, the landing
 * point @along_m ahead and @across_m to the right; @words says the same for
 * screen readers. */
void         sl_scatter_diagram_set (SlScatterDiagram *self,
                                     double            range_m,
                                     double            along_m,
                                     double            across_m,
                                     const char       *words);

G_END_DECLS
