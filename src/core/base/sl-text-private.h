/* sl-text-private.h: what the tests of sl-text ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-text.h"

G_BEGIN_DECLS

/* @s with & < > ' " escaped for Pango markup (NULL gives ""). */
char     *sl_markup_escape        (const char *s);

G_END_DECLS
