/* sl-briefing-window.c: the scenario's briefing (book §10)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-ui-util.h"
#include "sl-briefing-window.h"
#include "sl-options.h"

struct _SlBriefingWindow
{
  AdwWindow             parent_instance;

  AdwPreferencesGroup  *situation;
  AdwPreferencesGroup  *objectives;
  AdwPreferencesGroup  *set_up;
  AdwPreferencesGroup  *bought;
  AdwPreferencesGroup  *conditions;
  AdwPreferencesGroup  *rules;
  AdwPreferencesGroup  *notes;
};

G_DEFINE_FINAL_TYPE (SlBriefingWindow, sl_briefing_window, ADW_TYPE_WINDOW)

static void
begin_cb (SlBriefingWindow *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

/* A row of text from the scenario, shown as text (never markup), whole. */
static void
add_row (AdwPreferencesGroup *group,
         const char          *title,
         const char          *subtitle)
{
  GtkWidget *row = sl_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_preferences_group_add (group, row);
  gtk_widget_set_visible (GTK_WIDGET (group), TRUE);
}

/* The scenario's special conditions: the ones the app applies, then the
 * ones the players keep to (§10 G), each with the rules it comes from. */
static void
fill_conditions (SlBriefingWindow *self,
                 const SlSetup    *setup)
{
  for (guint i = 0; i < setup->conditions->len; i++)
    {
      const SlCondition *c = &g_array_index (setup->conditions, SlCondition, i);
      g_autofree char *subtitle = NULL;

      if (c->text == NULL)
        continue;
      if (c->kind == SL_CONDITION_RESTRICTION)
        subtitle = c->ref != NULL ? g_strdup_printf (_("For the players to keep · %s"), c->ref)
                                  : g_strdup (_("For the players to keep"));
      else
        subtitle = c->ref != NULL ? g_strdup_printf (_("Applied by Squad Log · %s"), c->ref)
                                  : g_strdup (_("Applied by Squad Log"));
      add_row (self->conditions, c->text, subtitle);
    }
  /* Conditions in words only (older or hand-written scenarios). */
  for (guint i = 0; i < setup->special->len; i++)
    {
      const char *text = g_ptr_array_index (setup->special, i);
      gboolean rule = FALSE;

      for (guint k = 0; k < setup->conditions->len && !rule; k++)
        rule = g_strcmp0 (g_array_index (setup->conditions, SlCondition, k).text, text) == 0;
      if (!rule)
        add_row (self->conditions, text, _("For the players to keep"));
    }
}

/* P-37 step 1, P-38 step 1: the fire missions and mines each side bought
 * (T-37), which the game holds it to. */
static void
fill_bought (SlBriefingWindow *self,
             SlGame           *game)
{
  const SlSetup *setup = sl_game_get_setup (game);
  const SlTable *missions = &sl_game_get_rules (game)->fire_missions;
  gboolean any = FALSE;

  /* A game saved before purchases were kept knows none. */
  if (setup->purchases_unrecorded ||
      !(sl_setup_has_module (setup, SL_MODULE_MINES) || sl_setup_has_module (setup, SL_MODULE_FIRE_MISSIONS)))
    return;
  for (guint s = 0; s < setup->sides->len; s++)
    {
      const SlSideSetup *side = sl_setup_side_at (setup, s);

      any |= side->mines > 0;
      for (guint k = 0; k < SL_MAX_FIRE_MISSION_TYPES; k++)
        any |= side->fire_missions[k] > 0;
    }
  for (guint s = 0; s < setup->sides->len && any; s++)
    {
      const SlSideSetup *side = sl_setup_side_at (setup, s);
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint k = 0; k < missions->items->len && k < SL_MAX_FIRE_MISSION_TYPES; k++)
        if (side->fire_missions[k] > 0)
          {
            if (text->len > 0)
              g_string_append (text, _(", "));
            /* Translators: how many fire missions of a kind a side bought: "2 × Mortar Strike". */
            g_string_append_printf (text, _("%d × %s"), side->fire_missions[k],
                                    ((const SlFireMissionDef *) g_ptr_array_index (missions->items, k))->name);
          }
      if (side->mines > 0)
        {
          if (text->len > 0)
            g_string_append (text, _(", "));
          g_string_append_printf (text, ngettext ("%d mine", "%d mines", side->mines), side->mines);
        }
      add_row (self->bought, text->len > 0 ? text->str : _("Nothing"), side->name);
    }
}

/* The rule modules, the environment, and the rule options this game plays
 * with that the book does not (§10 F). */
static void
fill_rules (SlBriefingWindow *self,
            SlGame           *game)
{
  const SlSetup *setup = sl_game_get_setup (game);
  SlRules *rules = sl_game_get_rules (game);
  const SlEnvironmentSetup *env = &setup->environment;
  const struct { gboolean on; const char *label; } conditions[] = {
    { env->night, N_("Night") }, { env->rain, N_("Rain") }, { env->snow, N_("Snow") },
    { env->zero_g, N_("Zero-G") }, { env->vacuum, N_("Vacuum") }, { env->hostile, N_("Hostile atmosphere") },
    { env->indoors, N_("Indoors") },
  };
  g_autoptr(GString) modules = g_string_new (NULL);
  g_autoptr(GString) environment = g_string_new (NULL);
  g_autoptr(JsonNode) changed = sl_option_set_diff_json (rules->options, setup->options);
  g_autoptr(GList) ids = json_object_get_members (json_node_get_object (changed));

  /* The area-effect weapons by their own names, not together (§9.6). */
  for (int m = 0; m < SL_N_MODULES; m++)
    if (m != SL_MODULE_AREA_EFFECTS && sl_setup_has_module (setup, m))
      {
        if (modules->len > 0)
          g_string_append (modules, _(", "));
        g_string_append (modules, sl_module_label (m));
      }
  add_row (self->rules, modules->len > 0 ? modules->str : _("The basic rules only"), _("Rule modules (§10 F)"));
  for (guint i = 0; i < G_N_ELEMENTS (conditions); i++)
    if (conditions[i].on)
      {
        if (environment->len > 0)
          g_string_append (environment, _(", "));
        g_string_append (environment, _(conditions[i].label));
      }
  if (environment->len > 0)
    add_row (self->rules, environment->str, _("Environment"));
  for (GList *l = ids; l != NULL; l = l->next)
    {
      const SlOptionDef *def = sl_option_set_lookup (rules->options, l->data);
      g_autofree char *value = sl_json_to_string (json_object_get_member (json_node_get_object (changed), l->data),
                                                  FALSE);
      g_autofree char *subtitle = NULL;

      if (def == NULL)
        continue;
      /* Translators: a rule option the game changes: "Rule option, A-28: 2". */
      subtitle = g_strdup_printf (_("Rule option %s, %s: %s"), def->id, def->ref, value);
      add_row (self->rules, _(def->title), subtitle);
    }
}

static void
sl_briefing_window_class_init (SlBriefingWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/squadlog/SquadLog/sl-briefing-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SlBriefingWindow, situation);
  gtk_widget_class_bind_template_child (widget_class, SlBriefingWindow, objectives);
  gtk_widget_class_bind_template_child (widget_class, SlBriefingWindow, set_up);
  gtk_widget_class_bind_template_child (widget_class, SlBriefingWindow, bought);
  gtk_widget_class_bind_template_child (widget_class, SlBriefingWindow, conditions);
  gtk_widget_class_bind_template_child (widget_class, SlBriefingWindow, rules);
  gtk_widget_class_bind_template_child (widget_class, SlBriefingWindow, notes);
  gtk_widget_class_bind_template_callback (widget_class, begin_cb);
  sl_window_class_bind_close_keys (widget_class);
}

static void
sl_briefing_window_init (SlBriefingWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
sl_briefing_window_new (GtkWindow *parent,
                        SlGame    *game)
{
  SlBriefingWindow *self;
  const SlSetup *setup;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_BRIEFING_WINDOW, "transient-for", parent, NULL);
  setup = sl_game_get_setup (game);
  sl_group_set_title (self->situation, setup->name);
  {
    g_autoptr(GString) situation = g_string_new (setup->description != NULL ? setup->description : "");
    g_autofree char *length = NULL;

    /* Translators: the scenario's length and where it comes from. */
    if (setup->book != NULL)
      length = g_strdup_printf (ngettext ("%d turn · the rulebook's %s", "%d turns · the rulebook's %s",
                                          setup->length_turns), setup->length_turns, setup->book);
    else
      length = g_strdup_printf (ngettext ("%d turn", "%d turns", setup->length_turns), setup->length_turns);
    g_string_append_printf (situation, "%s%s", situation->len > 0 ? "\n\n" : "", length);
    sl_group_set_description (self->situation, situation->str);
  }
  for (guint s = 0; s < setup->sides->len; s++)
    {
      const SlSideSetup *side = sl_setup_side_at (setup, s);

      if (side->objective_description != NULL && *side->objective_description)
        add_row (self->objectives, side->objective_description, side->name);
      if (side->starting_position != NULL && *side->starting_position)
        add_row (self->set_up, side->starting_position, side->name);
    }
  fill_bought (self, game);
  fill_conditions (self, setup);
  fill_rules (self, game);
  for (guint i = 0; i < setup->notes->len; i++)
    add_row (self->notes, g_ptr_array_index (setup->notes, i), NULL);
  return GTK_WIDGET (self);
}
