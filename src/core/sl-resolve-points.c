/* sl-resolve-points.c: TEMPORARY scaffolding, replaced by the real handlers */
#include "config.h"

#include "sl-resolve-private.h"

gboolean
sl_resolve_squad_cost (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_victory (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_ammunition (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_legionnaire (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_centurion (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}
