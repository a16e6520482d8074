/* sl-options-window.c: the rule options a game is played with
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-json.h"
#include "sl-options-window-private.h"
#include "sl-options-window.h"
#include "sl-options.h"
#include "sl-ui-util.h"

static GtkWidget *
value_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 16);
  return label;
}

struct _SlOptionsWindow
{
  AdwPreferencesWindow  parent_instance;

  AdwPreferencesGroup  *modules;
  AdwPreferencesGroup  *options;
  GtkLabel             *env_night;
  GtkLabel             *env_rain;
  GtkLabel             *env_snow;
  GtkLabel             *env_zero_g;
  GtkLabel             *env_vacuum;
  GtkLabel             *env_hostile;
  GtkLabel             *env_indoors;
  guint                 changed;   /* options that differ from the book's */
};

G_DEFINE_FINAL_TYPE (SlOptionsWindow, sl_options_window, ADW_TYPE_PREFERENCES_WINDOW)

guint
sl_options_window_count_changed (GtkWidget *window)
{
  g_return_val_if_fail (SL_IS_OPTIONS_WINDOW (window), 0);
  return SL_OPTIONS_WINDOW (window)->changed;
}

/* A row of the game's rule options: its title and reference, what it
 * does, marked when the game plays it otherwise than the book. */
static void
add_option (SlOptionsWindow   *self,
            const SlOptionDef *def,
            const SlOptions   *options,
            const SlOptions   *defaults)
{
  g_autoptr(JsonNode) value = sl_option_get_json (def, options);
  g_autoptr(JsonNode) book = sl_option_get_json (def, defaults);
  g_autofree char *text = sl_option_value_text (value);
  g_autofree char *title = g_strdup_printf ("%s (%s)", def->title, def->ref);
  GtkWidget *row = sl_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), def->description);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 4);
  if (!json_node_equal (value, book))
    {
      GtkWidget *badge = gtk_label_new (_("changed"));

      gtk_widget_add_css_class (badge, "badge");
      gtk_widget_add_css_class (badge, "accent");
      gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), badge);
      self->changed++;
    }
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), value_label (text));
  adw_preferences_group_add (self->options, row);
}

static void
sl_options_window_class_init (SlOptionsWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/squadlog/SquadLog/sl-options-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SlOptionsWindow, modules);
  gtk_widget_class_bind_template_child (widget_class, SlOptionsWindow, options);
  gtk_widget_class_bind_template_child (widget_class, SlOptionsWindow, env_night);
  gtk_widget_class_bind_template_child (widget_class, SlOptionsWindow, env_rain);
  gtk_widget_class_bind_template_child (widget_class, SlOptionsWindow, env_snow);
  gtk_widget_class_bind_template_child (widget_class, SlOptionsWindow, env_zero_g);
  gtk_widget_class_bind_template_child (widget_class, SlOptionsWindow, env_vacuum);
  gtk_widget_class_bind_template_child (widget_class, SlOptionsWindow, env_hostile);
  gtk_widget_class_bind_template_child (widget_class, SlOptionsWindow, env_indoors);
}

static void
sl_options_window_init (SlOptionsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
sl_options_window_new (GtkWindow *parent,
                       SlGame    *game)
{
  const SlRules *rules = sl_game_get_rules (game);
  const SlSetup *setup = sl_game_get_setup (game);
  SlOptionsWindow *self = g_object_new (SL_TYPE_OPTIONS_WINDOW, "transient-for", parent, NULL);
  const struct { gboolean on; GtkLabel *label; } env[] = {
    { setup->environment.night, self->env_night }, { setup->environment.rain, self->env_rain },
    { setup->environment.snow, self->env_snow }, { setup->environment.zero_g, self->env_zero_g },
    { setup->environment.vacuum, self->env_vacuum }, { setup->environment.hostile, self->env_hostile },
    { setup->environment.indoors, self->env_indoors },
  };

  for (int m = 0; m < SL_N_MODULES; m++)
    {
      GtkWidget *row;

      /* The area-effect weapons by their own names (§9.6). */
      if (m == SL_MODULE_AREA_EFFECTS)
        continue;
      row = sl_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), sl_module_label (m));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), value_label (setup->modules[m] ? _("in play") : _("off")));
      adw_preferences_group_add (self->modules, row);
    }
  for (guint e = 0; e < G_N_ELEMENTS (env); e++)
    gtk_label_set_text (env[e].label, env[e].on ? _("yes") : _("no"));
  for (guint i = 0; i < sl_option_set_size (rules->options); i++)
    add_option (self, sl_option_set_get (rules->options, i), setup->options, sl_option_set_defaults (rules->options));
  return GTK_WIDGET (self);
}
