/* sl-squad-log.h: one squad's log as players know it — a line per unit
 * with every field of the paper unit log (T-04)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "sl-game.h"

G_BEGIN_DECLS

#define SL_TYPE_SQUAD_LOG (sl_squad_log_get_type ())
G_DECLARE_FINAL_TYPE (SlSquadLog, sl_squad_log, SL, SQUAD_LOG, GtkWidget)

/* The log of squad @squad (an index into the setup's squads) of @game,
 * kept up to date as the game changes. */
GtkWidget   *sl_squad_log_new         (SlGame     *game,
                                       int         squad);
/* The line of @unit, a focusable button to its log; NULL when the unit is
 * not in this squad. */
GtkWidget   *sl_squad_log_get_line    (SlSquadLog *self,
                                       int         unit);
/* The text of a cell, for tests: @column is one of "counter", "name",
 * "points", "race", "armor", "weapon", "mod", "ammo", "wounds",
 * "position", "equipment", "action", "status". */
char        *sl_squad_log_get_cell    (SlSquadLog *self,
                                       int         unit,
                                       const char *column);

G_END_DECLS
