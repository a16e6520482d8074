/* sl-command-flow-private.h: what the sequence-of-play commands share
 * (sl-command-initiative.c, -next.c, -declare.c, -cancel.c,
 * -objective.c, -correct.c); not for use outside src/core/commands
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-command.h"

G_BEGIN_DECLS

/* Whether @action is the rules' action @id. */
gboolean sl_flow_is_action       (const SlAction *action,
                                  const char     *id);
/* The step in which @action's end needs the players and their dice
 * (P-08), or SL_STEP_NONE. */
SlStep   sl_flow_resolution_step (const SlAction *action);
/* Whether @unit is still in the fight (not out). */
gboolean sl_flow_unit_in_fight   (SlCommand      *c,
                                  int             unit);
/* Ends @unit's action: it takes effect (P-08). */
void     sl_flow_finish_action   (SlCommand      *c,
                                  int             unit);
/* Moves the subphase track on to the next thing due (P-07). */
gboolean sl_flow_advance         (SlCommand      *c,
                                  GError        **error);

G_END_DECLS
