/* sl-viewer.c: who reads the table, and whose secrets each is told
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sl-viewer.h"

gboolean
sl_viewer_parse (const SlSetup  *setup,
                 const char     *id,
                 SlViewer       *viewer,
                 GError        **error)
{
  g_autoptr(GString) sides = g_string_new (NULL);
  int side;

  g_return_val_if_fail (setup != NULL && viewer != NULL, FALSE);
  if (g_strcmp0 (id, "table") == 0)
    *viewer = SL_VIEWER_TABLE;
  else if (g_strcmp0 (id, "referee") == 0)
    *viewer = SL_VIEWER_REFEREE;
  else if (id != NULL && (side = sl_setup_find_side (setup, id)) >= 0)
    *viewer = side;
  else
    {
      for (guint i = 0; i < setup->sides->len; i++)
        g_string_append_printf (sides, ", “%s”", sl_setup_side_at (setup, i)->id);
      /* "No viewer “x”: say “table”, “referee”, “a”, “b”." */
      g_set_error (error, SL_SETUP_ERROR, 0, _("No viewer “%s”: say “table”, “referee”%s."),
                   id != NULL ? id : "", sides->str);
      return FALSE;
    }
  return TRUE;
}

const char *
sl_viewer_id (const SlSetup *setup,
              SlViewer       viewer)
{
  g_return_val_if_fail (setup != NULL, NULL);
  if (viewer == SL_VIEWER_REFEREE)
    return "referee";
  if (viewer < 0 || (guint) viewer >= setup->sides->len)
    return "table";
  return sl_setup_side_at (setup, viewer)->id;
}

gboolean
sl_viewer_knows_side (SlViewer viewer,
                      int      side)
{
  return viewer == SL_VIEWER_REFEREE || (viewer >= 0 && viewer == side);
}
