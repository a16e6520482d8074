/* sl-ui-util.h: small pieces the windows share — rows with a switch or a
 * spin button, choosing a JSON file from one of the user's libraries, and
 * the text colour custom-drawn widgets draw with
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* A row titled @title (and @subtitle, when not NULL) with a switch at its
 * end that the whole row toggles, added to @container: a preferences
 * group, an expander row or a list box. */
GtkSwitch     *sl_switch_row_add (GtkWidget  *container,
                                  const char *title,
                                  const char *subtitle);
/* The same with a spin button from @min to @max by @step; the title is its
 * accessible label. */
GtkSpinButton *sl_spin_row_add   (GtkWidget  *container,
                                  const char *title,
                                  double      min,
                                  double      max,
                                  double      step);

/* Asks for a *.json file (@filter_name) in @dir, made if missing, with the
 * native file chooser; @done gets its path (NULL when cancelled or not a
 * local file), @user_data and @tag. */
typedef void (*SlChooseFunc) (const char *path,
                              gpointer    user_data,
                              int         tag);
void           sl_choose_json    (GtkWindow    *parent,
                                  const char   *title,
                                  const char   *accept,
                                  const char   *filter_name,
                                  const char   *dir,
                                  SlChooseFunc  done,
                                  gpointer      user_data,
                                  int           tag);

/* @widget's text colour from its style (what GTK 4.10 calls
 * gtk_widget_get_color()), for widgets that draw themselves. */
GdkRGBA        sl_widget_get_color (GtkWidget *widget);

G_END_DECLS
