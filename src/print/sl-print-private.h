/* sl-print-private.h: what the tests of sl-print ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-print.h"

G_BEGIN_DECLS

/* Writes it to @path, atomically (sl_file_replace()): never over anything
 * but a regular file, nor over an existing file that is not a PDF. */
gboolean     sl_print_to_pdf      (SlGame     *game,
                                   const char *path,
                                   const char *squad_id,
                                   gboolean    blank,
                                   SlPaper     paper,
                                   GError    **error);

G_END_DECLS
