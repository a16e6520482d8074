/* sl-reference-window-private.h: what the tests of sl-reference-window ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-reference-window.h"

G_BEGIN_DECLS

/* Everything the page shown says, as text (for tests). */
char              *sl_reference_window_get_page_text (SlReferenceWindow *self);
/* Types @words into the search; the rows it leaves, in order. */
void               sl_reference_window_search       (SlReferenceWindow *self,
                                                     const char        *words);
/* The ids of the rows listed now, in order (free the array only). */
GPtrArray         *sl_reference_window_get_listed   (SlReferenceWindow *self);

G_END_DECLS
