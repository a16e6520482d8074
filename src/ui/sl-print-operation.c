/* sl-print-operation.c: printing the squad logs from the window
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-print.h"
#include "sl-print-operation.h"

struct _SlPrintOperation
{
  GtkPrintOperation  parent_instance;

  SlGame            *game;
  GArray            *squads;   /* int: the indices of the squads printed */
  gboolean           blank;
};

G_DEFINE_FINAL_TYPE (SlPrintOperation, sl_print_operation, GTK_TYPE_PRINT_OPERATION)

/* The printer and page settings chosen last, for this session; the file
 * keeps them for the next. */
static GtkPrintSettings *last_settings;
static GtkPageSetup *last_page_setup;

static char *
settings_file (void)
{
  return g_build_filename (g_get_user_config_dir (), "squadlog", "print-settings.ini", NULL);
}

static void
sl_print_operation_begin_print (GtkPrintOperation *op,
                                GtkPrintContext   *context)
{
  SlPrintOperation *self = SL_PRINT_OPERATION (op);

  gtk_print_operation_set_n_pages (op, MAX ((int) self->squads->len, 1));
}

static void
sl_print_operation_draw_page (GtkPrintOperation *op,
                              GtkPrintContext   *context,
                              int                page)
{
  SlPrintOperation *self = SL_PRINT_OPERATION (op);

  if (page < 0 || (guint) page >= self->squads->len)
    return;
  sl_print_squad_log (gtk_print_context_get_cairo_context (context), self->game,
                      g_array_index (self->squads, int, page), self->blank,
                      gtk_print_context_get_width (context), gtk_print_context_get_height (context));
}

static void
sl_print_operation_finalize (GObject *object)
{
  SlPrintOperation *self = SL_PRINT_OPERATION (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->squads, g_array_unref);
  G_OBJECT_CLASS (sl_print_operation_parent_class)->finalize (object);
}

static void
sl_print_operation_class_init (SlPrintOperationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkPrintOperationClass *op_class = GTK_PRINT_OPERATION_CLASS (klass);

  object_class->finalize = sl_print_operation_finalize;
  op_class->begin_print = sl_print_operation_begin_print;
  op_class->draw_page = sl_print_operation_draw_page;
}

static void
sl_print_operation_init (SlPrintOperation *self)
{
  GtkPrintOperation *op = GTK_PRINT_OPERATION (self);

  self->squads = g_array_new (FALSE, FALSE, sizeof (int));
  /* The drawing is in points, on the whole sheet: the log's own margins
   * (sl_print_squad_log) are those of the paper squad log. */
  gtk_print_operation_set_unit (op, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (op, TRUE);
  gtk_print_operation_set_embed_page_setup (op, TRUE);
}

SlPrintOperation *
sl_print_operation_new (SlGame     *game,
                        const char *squad_id,
                        gboolean    blank)
{
  SlPrintOperation *self;
  const SlSetup *setup;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_PRINT_OPERATION, NULL);
  self->game = g_object_ref (game);
  self->blank = blank;
  setup = sl_game_get_setup (game);
  for (guint s = 0; s < setup->squads->len; s++)
    if (squad_id == NULL || g_str_equal (sl_setup_squad_at (setup, s)->id, squad_id))
      {
        int index = (int) s;

        g_array_append_val (self->squads, index);
      }
  gtk_print_operation_set_job_name (GTK_PRINT_OPERATION (self), setup->name);
  return self;
}

int
sl_print_operation_get_n_squads (SlPrintOperation *self)
{
  g_return_val_if_fail (SL_IS_PRINT_OPERATION (self), 0);
  return (int) self->squads->len;
}

static void
keep_settings (SlPrintOperation *self)
{
  GtkPrintOperation *op = GTK_PRINT_OPERATION (self);
  g_autofree char *file = settings_file ();
  g_autofree char *dir = g_path_get_dirname (file);
  g_autoptr(GKeyFile) keys = g_key_file_new ();

  g_set_object (&last_settings, gtk_print_operation_get_print_settings (op));
  g_set_object (&last_page_setup, gtk_print_operation_get_default_page_setup (op));
  if (last_settings == NULL || g_mkdir_with_parents (dir, 0700) != 0)
    return;
  gtk_print_settings_to_key_file (last_settings, keys, NULL);
  if (last_page_setup != NULL)
    gtk_page_setup_to_key_file (last_page_setup, keys, NULL);
  g_key_file_save_to_file (keys, file, NULL);
}

GtkPrintOperationResult
sl_print_operation_run_dialog (SlPrintOperation *self,
                               GtkWindow        *parent,
                               GError          **error)
{
  GtkPrintOperation *op = GTK_PRINT_OPERATION (self);
  GtkPrintOperationResult result;

  g_return_val_if_fail (SL_IS_PRINT_OPERATION (self), GTK_PRINT_OPERATION_RESULT_ERROR);

  if (last_settings == NULL)
    {
      g_autofree char *file = settings_file ();

      last_settings = gtk_print_settings_new_from_file (file, NULL);
      last_page_setup = gtk_page_setup_new_from_file (file, NULL);
    }
  if (last_settings != NULL)
    gtk_print_operation_set_print_settings (op, last_settings);
  if (last_page_setup != NULL)
    gtk_print_operation_set_default_page_setup (op, last_page_setup);
  result = gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent, error);
  /* Kept for the next time, in this session and the next. */
  if (result == GTK_PRINT_OPERATION_RESULT_APPLY)
    keep_settings (self);
  return result;
}
