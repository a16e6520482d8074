/* sl-resolve-explosives.c: TEMPORARY scaffolding, replaced by the real handlers */
#include "config.h"

#include "sl-resolve-private.h"

gboolean
sl_resolve_grenade (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_blast (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_charge_shot (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_mine (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_fire_mission (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_shaped_charge (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}
