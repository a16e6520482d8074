/* sl-print-operation.h: printing the squad logs from the window — every
 * squad filled in, every squad blank, or one squad — through GTK's print
 * dialog or the print portal (in a sandbox), drawn as `squadlog print`
 * draws them
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "sl-game.h"

G_BEGIN_DECLS

#define SL_TYPE_PRINT_OPERATION (sl_print_operation_get_type ())
G_DECLARE_FINAL_TYPE (SlPrintOperation, sl_print_operation, SL, PRINT_OPERATION, GtkPrintOperation)

/* One page per squad of @game, or only the squad @squad_id (NULL: every
 * squad); with @blank nothing is filled in but the squads' names. What to
 * print is chosen before the dialog opens (the window's menu): the print
 * portal shows no widgets of the application's own. The printer and page
 * settings chosen last time, in this session or an earlier one, are the
 * dialog's first choice. */
SlPrintOperation *sl_print_operation_new      (SlGame            *game,
                                               const char        *squad_id,
                                               gboolean           blank);
/* The number of pages it prints (the squads chosen). */
int               sl_print_operation_get_n_squads (SlPrintOperation *self);
/* Opens the print dialog over @parent and prints; the settings chosen are
 * kept for the next time. */
GtkPrintOperationResult
                  sl_print_operation_run_dialog (SlPrintOperation *self,
                                                 GtkWindow        *parent,
                                                 GError          **error);

G_END_DECLS
