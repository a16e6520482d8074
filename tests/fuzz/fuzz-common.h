/* fuzz-common.h: what the fuzz targets share — failing loudly, and the
 * set-up every target does before its first input
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>
#include <stdlib.h>

#include "sl-rules.h"

G_BEGIN_DECLS

int  LLVMFuzzerInitialize   (int            *argc,
                             char         ***argv);
int  LLVMFuzzerTestOneInput (const uint8_t  *data,
                             size_t          size);

/* Prints the message and aborts: the fuzzer reports it as a crash. */
G_NORETURN void sl_fuzz_fail (const char *format,
                              ...) G_GNUC_PRINTF (1, 2);

/* Makes a GLib critical or warning fatal (on bad input it is a bug of the
 * code under test, whatever G_DEBUG says). */
void     sl_fuzz_init        (void);
/* The path of a shipped data file (SQUADLOG_DATA_DIR, or the source tree). */
char    *sl_fuzz_data_path   (const char *dir,
                              const char *name);
/* The shipped rules, loaded once and kept by the process (reachable, so
 * LeakSanitizer does not count them); aborts when they do not load. */
SlRules *sl_fuzz_rules       (void);

G_END_DECLS
