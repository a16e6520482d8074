/* sl-ui-util-private.h: what the tests of sl-ui-util ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-ui-util.h"

G_BEGIN_DECLS

/* The same of the odds a preview's @check tells (read by the core,
 * sl_check_odds_from_json); NULL when it tells none. */
char          *sl_check_odds_words_of (JsonObject *check);
/* The tooltip @widget gives: sl_widget_set_tooltip's, else GTK's own. */
const char    *sl_widget_get_tooltip  (GtkWidget  *widget);

G_END_DECLS
