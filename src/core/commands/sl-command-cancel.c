/* sl-command-cancel.c: cancelling a unit's action (§6.1) and ending
 * the game by the players' word
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-ammunition.h"
#include "sl-command.h"
#include "sl-command-flow-private.h"
#include "sl-due.h"
#include "sl-environment.h"
#include "sl-morale.h"
#include "sl-movement.h"

gboolean
sl_command_cancel (SlCommand  *c,
                   GError    **error)
{
  int unit = sl_command_unit (c, c->command, "unit", FALSE);
  SlUnitState *u;

  if (!sl_command_inputs_done (c))
    return FALSE;
  u = &c->state->units[unit];
  if (sl_command_drifting (c, unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s dives in zero-G and can do nothing else until it hits full cover or another unit (A-72)."),
                         sl_command_name (c, unit));
      return FALSE;
    }
  if (u->current.action == NULL || sl_state_unit_idle (c->rules, c->state, unit))
    {
      if (u->opportunity_armed)
        {
          u->opportunity_armed = FALSE;
          sl_command_say (c, _("%s stops watching for opportunity fire (P-09)."),
                          sl_command_name (c, unit));
          return TRUE;
        }
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit",
                         _("%s has no action to cancel."), sl_command_name (c, unit));
      return FALSE;
    }
  sl_command_say (c, _("%s cancels “%s”; it is lost (§6.1)."), sl_command_name (c, unit),
                  u->current.action->name);
  sl_state_lose_action (c->state, unit);
  return TRUE;
}

gboolean
sl_command_end_game (SlCommand  *c,
                     GError    **error)
{
  const char *reason = sl_reader_string (c->command, "reason", NULL);

  if (!sl_command_inputs_done (c))
    return FALSE;
  c->state->over = TRUE;
  if (reason != NULL && *reason)
    sl_command_say (c, _("The players end the game: %s"), reason);
  else
    sl_command_say (c, _("The players end the game."));
  return TRUE;
}
