/* sl-preferences.c: the preferences window — who rolls the dice, and the
 * rule options a group plays its new games with (the digest's Defaults
 * unless changed here; a scenario's own options still come first)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-json.h"
#include "sl-options.h"
#include "sl-preferences.h"
#include "sl-ui-util.h"

typedef struct
{
  GSettings         *settings;
  const SlOptionDef *def;
} OptionRow;

static void
free_row (gpointer  data,
          GClosure *closure)
{
  g_free (data);
}

static JsonObject *
read_defaults (GSettings *settings)
{
  g_autofree char *text = g_settings_get_string (settings, "default-options");
  g_autoptr(JsonNode) node = json_from_string (text, NULL);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return json_object_new ();
  return json_object_ref (json_node_get_object (node));
}

static void
write_default (GSettings  *settings,
               const char *id,
               JsonNode   *value)
{
  g_autoptr(JsonObject) o = read_defaults (settings);
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *text = NULL;

  if (value != NULL)
    json_object_set_member (o, id, value);
  else
    json_object_remove_member (o, id);
  json_node_set_object (node, o);
  text = sl_json_to_string (node, FALSE);
  g_settings_set_string (settings, "default-options", text);
}

static void
bool_changed_cb (GtkSwitch  *toggle,
                 GParamSpec *pspec,
                 OptionRow  *row)
{
  JsonNode *v = json_node_new (JSON_NODE_VALUE);

  json_node_set_boolean (v, gtk_switch_get_active (toggle));
  write_default (row->settings, row->def->id, v);
}

static void
choice_changed_cb (AdwComboRow *combo,
                   GParamSpec  *pspec,
                   OptionRow   *row)
{
  JsonNode *v = json_node_new (JSON_NODE_VALUE);
  guint i = adw_combo_row_get_selected (combo);

  if (i == GTK_INVALID_LIST_POSITION || i >= g_strv_length (row->def->choices))
    {
      json_node_unref (v);
      return;
    }
  json_node_set_string (v, row->def->choices[i]);
  write_default (row->settings, row->def->id, v);
}

static void
number_changed_cb (GtkSpinButton *spin,
                   OptionRow     *row)
{
  JsonNode *v = json_node_new (JSON_NODE_VALUE);

  if (row->def->type == SL_OPTION_INT)
    json_node_set_int (v, gtk_spin_button_get_value_as_int (spin));
  else
    json_node_set_double (v, gtk_spin_button_get_value (spin));
  write_default (row->settings, row->def->id, v);
}

struct _SlPreferences
{
  AdwPreferencesWindow  parent_instance;

  GtkSwitch            *app_rolls;
  GtkSpinButton        *idle;
  AdwPreferencesGroup  *options;
};

G_DEFINE_FINAL_TYPE (SlPreferences, sl_preferences, ADW_TYPE_PREFERENCES_WINDOW)

static void
sl_preferences_class_init (SlPreferencesClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/squadlog/SquadLog/sl-preferences.ui");
  gtk_widget_class_bind_template_child (widget_class, SlPreferences, app_rolls);
  gtk_widget_class_bind_template_child (widget_class, SlPreferences, idle);
  gtk_widget_class_bind_template_child (widget_class, SlPreferences, options);
}

static void
sl_preferences_init (SlPreferences *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* An option's row, as its type wants it (a switch, a choice, a number),
 * showing @chosen; NULL for the options that may be "none", which only a
 * scenario file sets. */
static GtkWidget *
option_row_new (const SlOptionDef *def,
                JsonNode          *chosen,
                OptionRow         *data)
{
  GtkWidget *row = NULL;

  if (def->type == SL_OPTION_BOOL && !def->nullable)
    {
      GtkWidget *sw = gtk_switch_new ();

      row = sl_action_row_new ();
      gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
      gtk_switch_set_active (GTK_SWITCH (sw), JSON_NODE_HOLDS_VALUE (chosen) && json_node_get_boolean (chosen));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
      g_signal_connect_data (sw, "notify::active", G_CALLBACK (bool_changed_cb), data, free_row, 0);
    }
  else if (def->type == SL_OPTION_CHOICE && def->choices != NULL)
    {
      g_autoptr(GtkStringList) model = gtk_string_list_new ((const char * const *) def->choices);
      const char *current = JSON_NODE_HOLDS_VALUE (chosen) ? json_node_get_string (chosen) : NULL;

      row = sl_combo_row_new ();
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
      for (guint k = 0; def->choices[k] != NULL; k++)
        if (g_strcmp0 (def->choices[k], current) == 0)
          adw_combo_row_set_selected (ADW_COMBO_ROW (row), k);
      g_signal_connect_data (row, "notify::selected", G_CALLBACK (choice_changed_cb), data, free_row, 0);
    }
  else if ((def->type == SL_OPTION_INT || def->type == SL_OPTION_NUMBER) && !def->nullable)
    {
      GtkWidget *spin = gtk_spin_button_new_with_range (def->min, def->max, def->type == SL_OPTION_INT ? 1 : 0.5);

      row = sl_action_row_new ();
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      if (JSON_NODE_HOLDS_VALUE (chosen))
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), json_node_get_double (chosen));
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, def->title, -1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      g_signal_connect_data (spin, "value-changed", G_CALLBACK (number_changed_cb), data, free_row, 0);
    }
  return row;
}

GtkWidget *
sl_preferences_new (GtkWindow *parent,
                    GSettings *settings,
                    SlRules   *rules)
{
  SlPreferences *self = g_object_new (SL_TYPE_PREFERENCES, "transient-for", parent, NULL);
  g_autoptr(JsonObject) defaults = read_defaults (settings);
  const SlOptions *book = sl_option_set_defaults (rules->options);

  g_settings_bind (settings, "app-rolls", self->app_rolls, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "private-view-idle", self->idle, "value", G_SETTINGS_BIND_DEFAULT);
  for (guint i = 0; i < sl_option_set_size (rules->options); i++)
    {
      const SlOptionDef *def = sl_option_set_get (rules->options, i);
      g_autoptr(JsonNode) standard = sl_option_get_json (def, book);
      JsonNode *chosen = json_object_has_member (defaults, def->id) ? json_object_get_member (defaults, def->id)
                                                                     : standard;
      /* Translators: an option's title, its rule and its id, which the
       * briefing and the docs name and the search finds (issue 31 #8):
       * "Hidden Commonwealth in scenario 1 · scenario1Detection" */
      g_autofree char *title = g_strdup_printf (_("%s (%s) · %s"), def->title, def->ref, def->id);
      OptionRow *data = g_new0 (OptionRow, 1);
      GtkWidget *option_row;

      data->settings = settings;
      data->def = def;
      option_row = option_row_new (def, chosen, data);
      if (option_row == NULL)
        {
          g_free (data);
          continue;
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (option_row), title);
      if (ADW_IS_ACTION_ROW (option_row))
        {
          adw_action_row_set_subtitle (ADW_ACTION_ROW (option_row), def->description);
          adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (option_row), 3);
        }
      adw_preferences_group_add (self->options, option_row);
    }
  return GTK_WIDGET (self);
}

void
sl_preferences_apply_default_options (GSettings *settings,
                                      JsonNode  *setup)
{
  g_autoptr(JsonObject) defaults = NULL;
  g_autoptr(GList) ids = NULL;
  JsonObject *root, *options;

  if (settings == NULL || !JSON_NODE_HOLDS_OBJECT (setup))
    return;
  defaults = read_defaults (settings);
  root = json_node_get_object (setup);
  if (!json_object_has_member (root, "options"))
    json_object_set_object_member (root, "options", json_object_new ());
  options = json_object_get_object_member (root, "options");
  if (options == NULL)
    return;
  ids = json_object_get_members (defaults);
  for (GList *l = ids; l != NULL; l = l->next)
    if (!json_object_has_member (options, l->data))
      json_object_set_member (options, l->data, json_node_copy (json_object_get_member (defaults, l->data)));
}
