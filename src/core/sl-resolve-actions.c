/* sl-resolve-actions.c: TEMPORARY scaffolding, replaced by the real handlers */
#include "config.h"

#include "sl-resolve-private.h"

gboolean
sl_resolve_action_cost (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_schedule (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_timing (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_rate_of_fire (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_movement (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_move_path (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_elevator (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_elevator_floor (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_daze (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_resolve_wound_effects (SlResolve  *rs,
          GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "kind", "Not implemented yet.");
  return FALSE;
}
