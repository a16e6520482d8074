/* sl-command-explosives.c: TEMPORARY scaffolding, replaced by the real command family */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sl-command.h"

gboolean
sl_command_throw (SlCommand  *c,
                 GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "type", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_command_launch (SlCommand  *c,
                  GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "type", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_command_blast (SlCommand  *c,
                 GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "type", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_command_detonate (SlCommand  *c,
                    GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "type", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_command_mine (SlCommand  *c,
                GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "type", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_command_fire_mission (SlCommand  *c,
                        GError    **error)
{
  sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "type", "Not implemented yet.");
  return FALSE;
}

gboolean
sl_command_finish_explosives (SlCommand *c,
                              int        unit)
{
  return FALSE;
}

char *
sl_command_pending_explosives (SlCommand *c)
{
  int now = sl_command_now (c);

  for (guint i = 0; i < c->state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (c->state->markers, SlMarker, i);

      if (m->due == now && !m->resolved)
        return g_strdup_printf ("%s is due.", m->label);
    }
  return NULL;
}
