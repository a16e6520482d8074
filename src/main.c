/* main.c: the squadlog program
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "sl-cli.h"
#ifdef SL_HAVE_GUI
#include "sl-application.h"
#endif

/* Run from the build tree, the program finds there a file meson wrote
 * beside it (src/squadlog-uninstalled.ini.in) that says where its data,
 * translations and settings schema are — what `meson devenv` sets —
 * unless the environment says otherwise. Installed, there is none. */
static void
find_uninstalled (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = exe != NULL ? g_path_get_dirname (exe) : NULL;
  g_autofree char *ini = dir != NULL ? g_build_filename (dir, "squadlog-uninstalled.ini", NULL) : NULL;
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  static const char * const vars[][2] = {
    { "PkgDataDir", "SQUADLOG_PKGDATADIR" },
    { "LocaleDir", "SQUADLOG_LOCALEDIR" },
    { "SchemaDir", "GSETTINGS_SCHEMA_DIR" },
  };

  if (ini == NULL || !g_key_file_load_from_file (keys, ini, G_KEY_FILE_NONE, NULL))
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (vars); i++)
    {
      g_autofree char *value = g_key_file_get_string (keys, "Uninstalled", vars[i][0], NULL);

      if (value != NULL && *value != '\0' && g_getenv (vars[i][1]) == NULL)
        g_setenv (vars[i][1], value, FALSE);
    }
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir;

  find_uninstalled ();
  localedir = g_getenv ("SQUADLOG_LOCALEDIR");
  setlocale (LC_ALL, "");
  /* From the build tree (`meson devenv`), the translations built there. */
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* Commands run without a display; anything else opens the window. */
  if (argc > 1 && sl_cli_handles (argv[1]))
    return sl_cli_main (argc, argv);

#ifdef SL_HAVE_GUI
#ifdef __GLIBC__
  /* GTK 4.8's cairo renderer allocates the pixels of each frame anew (a
   * 1366×768 window: 4 MB, twice): glibc maps such blocks from the system
   * and gives them back when freed, so every frame touched a thousand new
   * pages, a fifth of a sheet's first frame (issue 31 #2). Kept in the
   * heap, the next frame reuses them; the few frames' worth stay held. */
  mallopt (M_MMAP_THRESHOLD, 32 * 1024 * 1024);
  mallopt (M_TRIM_THRESHOLD, 64 * 1024 * 1024);
#endif
  return sl_application_run (argc, argv);
#else
  return sl_cli_main (argc, argv);
#endif
}
