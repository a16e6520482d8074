/* sl-resolve-detection.c: TEMPORARY scaffolding, replaced by the real handlers */
#include "config.h"

#include "sl-resolve-private.h"

gboolean
sl_resolve_detection (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_los (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_zero_g (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_suit_breach (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}
