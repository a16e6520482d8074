/* sl-application.h: the Squad Log application
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-rules.h"

G_BEGIN_DECLS

#define SL_TYPE_APPLICATION (sl_application_get_type ())

G_DECLARE_FINAL_TYPE (SlApplication, sl_application, SL, APPLICATION, AdwApplication)

SlApplication *sl_application_new        (void);
/* The loaded rules, or NULL when they could not be loaded. */
SlRules       *sl_application_get_rules  (SlApplication *self);
/* Why the rules could not be loaded, or NULL. */
const GError  *sl_application_get_rules_error (SlApplication *self);
/* Picks GTK's renderer for this machine (cairo, GL off, where there is no
 * GPU, unless the user set GSK_RENDERER); call before GTK starts. */
void           sl_application_choose_renderer (void);
int            sl_application_run        (int            argc,
                                          char         **argv);
/* Runs @app on the command line: `squadlog [FILE]`.  The rules, and the
 * game FILE, are loaded on a thread while GTK starts. */
int            sl_application_run_app    (SlApplication *app,
                                          int            argc,
                                          char         **argv);

/* Where the opening cache of the games opened is kept (sl_game_load_cached):
 * squadlog/games in the user's cache directory. */
char           *sl_application_get_cache_dir  (void);

/* The app's settings, or NULL when the schema is not installed. */
GSettings      *sl_application_get_settings   (SlApplication *self);
/* A new settings object for the app's schema (the build tree's when run
 * uninstalled), or NULL. */
GSettings      *sl_application_settings_new   (void);

G_END_DECLS
