/* sl-options-window.c: the rule options a game is played with
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-ui-util.h"
#include "sl-json.h"
#include "sl-options-window.h"

static GtkWidget *
value_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 16);
  return label;
}

/* "yes", "no", "2", "strict": an option's value for people. */
static char *
value_text (JsonNode *node)
{
  if (JSON_NODE_HOLDS_NULL (node))
    return g_strdup (_("none"));
  if (json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    return g_strdup (json_node_get_boolean (node) ? _("yes") : _("no"));
  if (json_node_get_value_type (node) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (node));
  return sl_json_to_string (node, FALSE);
}

guint
sl_options_window_count_changed (GtkWidget *window)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (window), "changed"));
}

GtkWidget *
sl_options_window_new (GtkWindow *parent,
                       SlGame    *game)
{
  const SlRules *rules = sl_game_get_rules (game);
  const SlSetup *setup = sl_game_get_setup (game);
  const SlOptions *defaults = sl_option_set_defaults (rules->options);
  GtkWidget *window = adw_preferences_window_new ();
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *modules = adw_preferences_group_new ();
  GtkWidget *environment = adw_preferences_group_new ();
  GtkWidget *options = adw_preferences_group_new ();
  const struct { gboolean on; const char *title; } env[] = {
    { setup->environment.night, _("Night") },
    { setup->environment.rain, _("Rain") },
    { setup->environment.snow, _("Snow") },
    { setup->environment.zero_g, _("Zero gravity") },
    { setup->environment.vacuum, _("Vacuum") },
    { setup->environment.hostile, _("Hostile atmosphere") },
    { setup->environment.indoors, _("Indoors") },
  };
  guint changed = 0;

  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_title (GTK_WINDOW (window), _("Rule Options"));
  adw_preferences_window_set_search_enabled (ADW_PREFERENCES_WINDOW (window), TRUE);
  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("Rules"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (page), "emblem-documents-symbolic");

  sl_group_set_title (ADW_PREFERENCES_GROUP (modules), _("Rule Modules"));
  sl_group_set_description (ADW_PREFERENCES_GROUP (modules),
                                         _("The advanced rules this scenario plays with (book §9)."));
  for (int m = 0; m < SL_N_MODULES; m++)
    {
      GtkWidget *row = sl_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), sl_module_label (m));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), value_label (setup->modules[m] ? _("in play") : _("off")));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (modules), row);
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (modules));

  sl_group_set_title (ADW_PREFERENCES_GROUP (environment), _("Environment"));
  for (guint e = 0; e < G_N_ELEMENTS (env); e++)
    {
      GtkWidget *row = sl_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), env[e].title);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), value_label (env[e].on ? _("yes") : _("no")));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (environment), row);
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (environment));

  sl_group_set_title (ADW_PREFERENCES_GROUP (options), _("Rule Options"));
  sl_group_set_description (ADW_PREFERENCES_GROUP (options),
                                         _("The rulings of the rules digest a group may switch. They are part of the game: set when it is created, kept with it."));
  for (guint i = 0; i < sl_option_set_size (rules->options); i++)
    {
      const SlOptionDef *def = sl_option_set_get (rules->options, i);
      g_autoptr(JsonNode) value = sl_option_get_json (def, &setup->options);
      g_autoptr(JsonNode) book = sl_option_get_json (def, defaults);
      g_autofree char *text = value_text (value);
      g_autofree char *title = g_strdup_printf ("%s (%s)", def->title, def->ref);
      GtkWidget *row = sl_action_row_new ();
      gboolean differs = !json_node_equal (value, book);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), def->description);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 4);
      if (differs)
        {
          GtkWidget *badge = gtk_label_new (_("changed"));

          gtk_widget_add_css_class (badge, "badge");
          gtk_widget_add_css_class (badge, "accent");
          gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), badge);
          changed++;
        }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), value_label (text));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (options), row);
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (options));
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (page));
  g_object_set_data (G_OBJECT (window), "changed", GUINT_TO_POINTER (changed));
  return window;
}
