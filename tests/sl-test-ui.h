/* sl-test-ui.h: helpers for widget tests (under Xvfb)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"

G_BEGIN_DECLS

/* The renderer the app would pick (sl_application_choose_renderer), then
 * adw_init() and the app's own style sheet, as the application loads it.
 * Call it before anything starts GTK. */
void         sl_test_ui_init      (void);
/* Shows @child alone in a window of the given default size and waits until
 * it is drawn. */
GtkWidget   *sl_test_ui_show      (GtkWidget  *child,
                                   int         width,
                                   int         height);
/* Spins the main loop until nothing is pending. */
void         sl_test_ui_settle    (void);
/* The first widget under @root, @root included, of @type, and titled
 * @title when it is not NULL (a preferences row's title, a button's label,
 * a window's title), depth first; or NULL. */
GtkWidget   *sl_test_ui_find      (GtkWidget  *root,
                                   GType       type,
                                   const char *title);
/* The open toplevel window of @type, or NULL. */
GtkWindow   *sl_test_ui_find_toplevel (GType   type);
/* The texts of the labels shown under @widget that are cut short (an
 * ellipsis in place of their end), as GPtrArray of strings. */
GPtrArray   *sl_test_ui_cut_labels (GtkWidget *widget);
/* The sheet of @type (an SlSheet's) shown now over any window, or NULL. */
gpointer     sl_test_ui_find_sheet    (GType   type);
/* Types @keys into @window as a player would, through the X server
 * (XTest) and GTK's own handling of key events: key names as
 * XStringToKeysym reads them, separated by spaces, "shift+" before one
 * to hold Shift ("3 w Return", "4 f 1 3 Return", "shift+d"); the table
 * settles after each. FALSE where the tests were built without XTest or
 * the display is not X11 (the test is then skipped). */
gboolean     sl_test_ui_type      (GtkWindow  *window,
                                   const char *keys);
/* Switches the translations to @language ("fr", "C"; NULL: the
 * environment's, LANGUAGE unset), as the app would start in it: gettext
 * keeps what it translated until the locale is set again. */
void         sl_test_ui_set_language (const char *language);
/* What @widget draws now, on the window's background. */
GdkTexture  *sl_test_ui_render    (GtkWidget  *widget);
/* Whether @widget, drawn now, shows anything where @part (one of its
 * descendants) is: more than one colour there. */
gboolean     sl_test_ui_drew_in   (GtkWidget  *widget,
                                   GtkWidget  *part);
/* Saves what @widget drew as @name in $SL_SCREENSHOT_DIR, when it is set,
 * for people to look at. */
void         sl_test_ui_save_png  (GtkWidget  *widget,
                                   const char *name);

/* In a new training game (sl_test_game_new), tog-3 and tog-4 each install
 * a plastic charge in subphase 1 (P-36): "the gate" and "the door"
 * (markers 1 and 2 in a game that had none before); the clock is then at
 * subphase 6. */
void         sl_test_ui_two_charges (SlGame   *game);

G_END_DECLS
