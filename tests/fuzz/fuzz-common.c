/* fuzz-common.c: what the fuzz targets share (fuzz-common.h)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "fuzz-common.h"

void
sl_fuzz_fail (const char *format,
              ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("%s\n", message);
  abort ();
}

/* Writes the message, and stops with abort() at a critical or a warning:
 * libFuzzer keeps the input of an abort (SIGABRT), not of the breakpoint
 * (SIGTRAP) GLib stops at by itself. */
static GLogWriterOutput
fatal_writer (GLogLevelFlags   log_level,
              const GLogField *fields,
              gsize            n_fields,
              gpointer         user_data)
{
  GLogWriterOutput written = g_log_writer_default (log_level, fields, n_fields, user_data);

  if (log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
  return written;
}

void
sl_fuzz_init (void)
{
  g_log_set_writer_func (fatal_writer, NULL, NULL);
}

char *
sl_fuzz_data_path (const char *dir,
                   const char *name)
{
  const char *datadir = g_getenv ("SQUADLOG_DATA_DIR");

  return g_build_filename (datadir != NULL ? datadir : SL_SOURCE_DATADIR, dir, name, NULL);
}

SlRules *
sl_fuzz_rules (void)
{
  static SlRules *rules;

  if (rules == NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = sl_fuzz_data_path ("rules", "streets-of-blood.json");

      rules = sl_rules_load_file (path, &error);
      if (rules == NULL)
        sl_fuzz_fail ("%s", error->message);
    }
  return rules;
}
