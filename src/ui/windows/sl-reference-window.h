/* sl-reference-window.h: the rules reference (F1) — search, the entries
 * by kind, each entry with its book section, text, ruling and table, and
 * the open game's special conditions and rule options
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"

G_BEGIN_DECLS

#define SL_TYPE_REFERENCE_WINDOW (sl_reference_window_get_type ())
G_DECLARE_FINAL_TYPE (SlReferenceWindow, sl_reference_window, SL, REFERENCE_WINDOW, AdwWindow)

/* The reference, with @game's special conditions and rule options when
 * @game is not NULL. It reads only the rules reference, the scenario's
 * public texts and the game's options: never a secret. */
SlReferenceWindow *sl_reference_window_new          (GtkWindow         *parent,
                                                     SlGame            *game);
void               sl_reference_window_set_game     (SlReferenceWindow *self,
                                                     SlGame            *game);
/* Shows the entry of @id ("P-34", "t-23", an option id); FALSE, showing
 * nothing new, when the reference has none. */
gboolean           sl_reference_window_show_entry   (SlReferenceWindow *self,
                                                     const char        *id);
/* Shows the game's page: its special conditions and rule options. */
gboolean           sl_reference_window_show_game    (SlReferenceWindow *self);
/* The id of the entry shown, "game" for the game's page, or NULL. */
const char        *sl_reference_window_get_shown    (SlReferenceWindow *self);
/* Puts the keyboard in the search (when the window is narrow and shows
 * an entry, leaves it shown). */
void               sl_reference_window_focus_search (SlReferenceWindow *self);

/* Opens the reference at @id from @from: the reference window of the
 * table's window that @from belongs to (or is a sheet of), shown above
 * @from's window; the reference itself when @from is in it. */
void               sl_reference_window_open         (GtkWidget         *from,
                                                     const char        *id);

G_END_DECLS
