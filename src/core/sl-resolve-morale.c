/* sl-resolve-morale.c: TEMPORARY scaffolding, replaced by the real handlers */
#include "config.h"

#include "sl-resolve-private.h"

gboolean
sl_resolve_melee (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_avoid_melee (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_initiative (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_rout (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_rally (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_regroup (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}
