/* sl-preferences.h: the preferences window
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-rules.h"

G_BEGIN_DECLS

#define SL_TYPE_PREFERENCES (sl_preferences_get_type ())
G_DECLARE_FINAL_TYPE (SlPreferences, sl_preferences, SL, PREFERENCES, AdwPreferencesWindow)

/* The dice mode and the group's rule options for new games, kept in
 * @settings. */
GtkWidget   *sl_preferences_new   (GtkWindow *parent,
                                   GSettings *settings,
                                   SlRules   *rules);

/* Adds the group's rule options (@settings' default-options) to a scenario
 * setup given as JSON, for the options the scenario does not set itself. */
void         sl_preferences_apply_default_options (GSettings *settings,
                                                   JsonNode  *setup);

G_END_DECLS
