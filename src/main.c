/* main.c: the squadlog program
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "sl-cli.h"
#ifdef SL_HAVE_GUI
#include "sl-application.h"
#endif

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("SQUADLOG_LOCALEDIR");

  setlocale (LC_ALL, "");
  /* From the build tree (`meson devenv`), the translations built there. */
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* Commands run without a display; anything else opens the window. */
  if (argc > 1 && sl_cli_handles (argv[1]))
    return sl_cli_main (argc, argv);

#ifdef SL_HAVE_GUI
  return sl_application_run (argc, argv);
#else
  return sl_cli_main (argc, argv);
#endif
}
