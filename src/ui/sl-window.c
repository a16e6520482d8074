/* sl-window.c: the main window
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-window.h"

struct _SlWindow
{
  AdwApplicationWindow  parent_instance;

  AdwStatusPage        *status_page;
};

G_DEFINE_FINAL_TYPE (SlWindow, sl_window, ADW_TYPE_APPLICATION_WINDOW)

/* Shows which rules are in force, or why they could not be loaded: a group
 * editing house rules sees the file, the entry and the problem. */
static void
show_rules (SlWindow *self)
{
  SlApplication *app = SL_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  SlRules *rules = app ? sl_application_get_rules (app) : NULL;
  g_autofree char *description = NULL;

  if (rules == NULL)
    {
      const GError *error = app ? sl_application_get_rules_error (app) : NULL;

      adw_status_page_set_icon_name (self->status_page, "dialog-error-symbolic");
      adw_status_page_set_title (self->status_page, _("The Rules Cannot Be Used"));
      adw_status_page_set_description (self->status_page,
                                       error ? error->message : _("The rules were not loaded."));
      return;
    }

  description = g_strdup_printf (
    _("%s (%s)\n%u troop types, %u races, %u suits, %u weapons and %u actions; %u rule options.\nRules file: %s"),
    rules->title, rules->edition,
    rules->troops.items->len, rules->races.items->len, rules->armor.items->len,
    rules->weapons.items->len, rules->actions.items->len,
    sl_option_set_size (rules->options), rules->path);
  adw_status_page_set_title (self->status_page, _("Squad Log"));
  adw_status_page_set_description (self->status_page, description);
}

/* The application is set after construction. */
static void
application_changed_cb (SlWindow   *self,
                        GParamSpec *pspec,
                        gpointer    user_data)
{
  show_rules (self);
}

static void
sl_window_class_init (SlWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/squadlog/SquadLog/sl-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SlWindow, status_page);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "window.close", NULL);
}

static void
sl_window_init (SlWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self, "notify::application", G_CALLBACK (application_changed_cb), NULL);
}

SlWindow *
sl_window_new (SlApplication *application)
{
  return g_object_new (SL_TYPE_WINDOW, "application", application, NULL);
}
