/* sl-reference-private.h: what the tests of sl-reference ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-reference.h"

G_BEGIN_DECLS

/* The same from named texts (@names[i] holds @texts[i]), for tests. */
SlReference            *sl_reference_load_texts    (const char * const *names,
                                                    const char * const *texts);
guint                   sl_reference_get_n_entries (SlReference       *self);

G_END_DECLS
