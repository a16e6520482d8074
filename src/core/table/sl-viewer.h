/* sl-viewer.h: who reads the table — everyone at it, one side, or the
 * referee — and whose secrets each is told (docs/table-model.md)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-setup.h"

G_BEGIN_DECLS

/* A viewer: a side's index (0, 1 …), told its own secrets and what the
 * table sees; or one of these. */
typedef int SlViewer;

/* What everyone at the table may see: the shared screen, the history,
 * the printed logs. */
#define SL_VIEWER_TABLE   (-1)
/* Everything: every side's secrets. */
#define SL_VIEWER_REFEREE (-2)

/* The viewer @id names: "table", "referee" or a side's id (as the private
 * view's locks name them). FALSE, with @error naming the sides, when it
 * names none. */
gboolean     sl_viewer_parse        (const SlSetup  *setup,
                                     const char     *id,
                                     SlViewer       *viewer,
                                     GError        **error);
/* "table", "referee" or the side's id. */
const char  *sl_viewer_id           (const SlSetup  *setup,
                                     SlViewer        viewer);
/* Whether @viewer is told the secrets of @side: the side itself, and the
 * referee every side's. */
gboolean     sl_viewer_knows_side   (SlViewer        viewer,
                                     int             side);

G_END_DECLS
