/* sl-scenarios.c: the scenarios a new game can start from
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-scenarios.h"
#include "sl-setup.h"

void
sl_scenario_info_free (SlScenarioInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->id);
  g_free (info->name);
  g_free (info->description);
  g_free (info->path);
  g_free (info);
}

static int
by_name (gconstpointer a,
         gconstpointer b)
{
  const SlScenarioInfo *x = *(const SlScenarioInfo * const *) a;
  const SlScenarioInfo *y = *(const SlScenarioInfo * const *) b;

  return g_utf8_collate (x->name, y->name);
}

GPtrArray *
sl_scenario_list (const SlRules *rules,
                  GString       *problems)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) sl_scenario_info_free);
  g_autoptr(GPtrArray) dirs = sl_data_dirs ("scenarios");
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint d = 0; d < dirs->len; d++)
    {
      g_autoptr(GDir) dir = g_dir_open (g_ptr_array_index (dirs, d), 0, NULL);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      if (dir == NULL)
        continue;
      while ((name = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (name, ".json"))
          g_ptr_array_add (names, g_strdup (name));
      g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);

      for (guint i = 0; i < names->len; i++)
        {
          g_autofree char *path = g_build_filename (g_ptr_array_index (dirs, d),
                                                    g_ptr_array_index (names, i), NULL);
          g_autoptr(GError) error = NULL;
          SlSetup *setup = sl_setup_new_from_file (rules, path, &error);
          SlScenarioInfo *info;

          if (setup == NULL)
            {
              if (problems != NULL)
                g_string_append_printf (problems, "%s\n", error->message);
              continue;
            }
          if (g_hash_table_contains (seen, setup->id))
            {
              sl_setup_free (setup);
              continue;
            }
          info = g_new0 (SlScenarioInfo, 1);
          info->id = g_strdup (setup->id);
          info->name = g_strdup (setup->name);
          info->description = g_strdup (setup->description ? setup->description : "");
          info->length_turns = setup->length_turns;
          info->path = g_steal_pointer (&path);
          g_hash_table_add (seen, info->id);
          g_ptr_array_add (list, info);
          sl_setup_free (setup);
        }
    }
  g_ptr_array_sort (list, by_name);
  return list;
}
