/* sl-window.h: the main window
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-application.h"
#include "sl-game.h"
#include "sl-reference-window.h"

G_BEGIN_DECLS

#define SL_TYPE_WINDOW (sl_window_get_type ())

G_DECLARE_FINAL_TYPE (SlWindow, sl_window, SL, WINDOW, AdwApplicationWindow)

SlWindow    *sl_window_new        (SlApplication *application);

/* Shows @game on the table screen (NULL: the start page). The game is
 * saved to its path after every change. */
void         sl_window_set_game   (SlWindow      *self,
                                   SlGame        *game);
/* Opens a saved game; a bad file gets a dialog naming the problem, and
 * the game shown stays as it was. */
gboolean     sl_window_open_file  (SlWindow      *self,
                                   GFile         *file);
/* Shows @game, loaded from @file elsewhere, or the dialog naming @error
 * (exactly one of them is set). */
gboolean     sl_window_show_loaded (SlWindow     *self,
                                    GFile        *file,
                                    SlGame       *game,
                                    const GError *error);
/* Starts a game of the scenario file and keeps it at @game_path. */
gboolean     sl_window_new_game   (SlWindow      *self,
                                   const char    *scenario_path,
                                   const char    *game_path);
/* The rules reference of this window (made when first asked for), with
 * the game's special conditions and rule options. */
SlReferenceWindow *sl_window_get_reference (SlWindow *self);
/* Saves the game at @path, which it is kept at from then on. */
gboolean     sl_window_save_as    (SlWindow      *self,
                                   const char    *path);

G_END_DECLS
