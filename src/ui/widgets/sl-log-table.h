/* sl-log-table.h: the table of a squad's lines, with their headings
 * (SlLogTable), private to the squad log (sl-squad-log.c): its struct is
 * in sl-squad-log-private.h
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SL_TYPE_LOG_TABLE (sl_log_table_get_type ())
G_DECLARE_FINAL_TYPE (SlLogTable, sl_log_table, SL, LOG_TABLE, GtkWidget)

/* The layout of a box's @letter, made once for all the lines (and again
 * when the fonts change). */
PangoLayout *sl_log_table_letter_layout (SlLogTable *self,
                                         const char *letter);
/* An average character of the text font, or of the details' smaller one
 * (@small), as GtkLabel counts its width in characters. */
int          sl_log_table_char_width    (SlLogTable *self,
                                         gboolean    small);

G_END_DECLS
