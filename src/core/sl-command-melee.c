/* sl-command-melee.c: TEMPORARY scaffolding, replaced by the real command family */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sl-command.h"

gboolean
sl_command_engage (SlCommand  *c,
                  GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "type", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_command_avoid (SlCommand  *c,
                 GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "type", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_command_melee (SlCommand  *c,
                 GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "type", "Not implemented yet.");
  return FALSE;
}

char *
sl_command_pending_melee (SlCommand *c)
{
  return NULL;
}
