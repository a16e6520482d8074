/* sl-dice-sheet.h: a resolution sheet for a command that needs only dice
 * (and a few switches): rout checks, rallies, melee, avoidance
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-command-new.h"
#include "sl-game.h"
#include "sl-sheet.h"

G_BEGIN_DECLS

#define SL_TYPE_DICE_SHEET (sl_dice_sheet_get_type ())
G_DECLARE_FINAL_TYPE (SlDiceSheet, sl_dice_sheet, SL, DICE_SHEET, SlSheet)

/* @command (from a sl_command_new_*() constructor) is the command without
 * its dice; the sheet fills in a copy. @dice are the @n_dice dice it
 * needs, in the order they are typed. */
SlDiceSheet *sl_dice_sheet_new        (GtkWindow          *parent,
                                       SlGame             *game,
                                       const char         *title,
                                       const char         *subtitle,
                                       JsonNode           *command,
                                       const SlDieNeed    *dice,
                                       guint               n_dice,
                                       gboolean            app_rolls);
/* A switch that sets @field to @value when on (as sl_command_set_value
 * takes it; a floating @value is consumed). */
void         sl_dice_sheet_add_switch (SlDiceSheet        *self,
                                       const char         *label,
                                       const char         *field,
                                       GVariant           *value);
/* A number the command takes (a distance …). */
void         sl_dice_sheet_add_number (SlDiceSheet        *self,
                                       const char         *label,
                                       const char         *field,
                                       double              min,
                                       double              max,
                                       double              value);
/* The table's own modifier of a roll (−20 … +20): @field is a list of
 * modifiers ("modifiers", "target_modifiers"), set to [{"source":
 * @source, "value": n}] when it is not 0. */
void         sl_dice_sheet_add_modifier (SlDiceSheet      *self,
                                       const char         *label,
                                       const char         *field,
                                       const char         *source);
/* A choice among the elements of the list @values (a string, an integer
 * or a list of strings each, as sl_command_set_value takes them; a
 * floating @values is consumed), shown as @labels. */
void         sl_dice_sheet_add_choice (SlDiceSheet        *self,
                                       const char         *label,
                                       const char         *field,
                                       GVariant           *values,
                                       const char * const *labels);
/* How many of something the command is about (the grenades of a salvo):
 * a spin from @min to @max; when the player changes it, @func is called
 * (from an idle, once the change is over) with the new count: the caller
 * builds the sheet again for it. */
typedef void (*SlDiceSheetCountFunc) (SlDiceSheet *sheet,
                                      int          count,
                                      gpointer     user_data);
void         sl_dice_sheet_add_count  (SlDiceSheet        *self,
                                       const char         *label,
                                       int                 min,
                                       int                 max,
                                       int                 value,
                                       SlDiceSheetCountFunc func,
                                       gpointer            user_data);

G_END_DECLS
