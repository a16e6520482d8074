/* sl-cli.h: the squadlog command line
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether @arg (argv[1]) is a command-line command rather than a file for
 * the window. */
gboolean sl_cli_handles (const char *arg);
/* Runs the command in @argv[1]; returns the exit status. */
int      sl_cli_main    (int         argc,
                         char      **argv);
/* The general usage text. */
char    *sl_cli_usage   (void);

G_END_DECLS
