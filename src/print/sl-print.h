/* sl-print.h: the printed squad log — one page per squad, as the paper
 * sheet: header, eight unit logs, the subphase track around the page, the
 * action log; filled in from a game or blank. The same drawing serves the
 * print dialog and `squadlog print` (cairo, no GTK).
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "sl-game.h"

G_BEGIN_DECLS

typedef enum
{
  SL_PAPER_A4,
  SL_PAPER_LETTER,
} SlPaper;

/* Points (1/72 in), portrait. */
void         sl_print_paper_size  (SlPaper     paper,
                                   double     *width,
                                   double     *height);

/* Draws squad @squad's log of @game on @cr, in a @width × @height page
 * (points, origin top left). With @blank nothing of the game is filled in
 * but the squad's name (for photocopying). What the shared screen does
 * not show is not printed either: a hidden unit's position, action and
 * status (§15.1). */
void         sl_print_squad_log   (cairo_t    *cr,
                                   SlGame     *game,
                                   int         squad,
                                   gboolean    blank,
                                   double      width,
                                   double      height);

/* A PDF of the squads' logs, made in memory: every squad, or only
 * @squad_id. */
GBytes      *sl_print_to_pdf_bytes (SlGame     *game,
                                    const char *squad_id,
                                    gboolean    blank,
                                    SlPaper     paper,
                                    GError    **error);

G_END_DECLS
