/* sl-scenario-editor.c: the custom scenario editor. The draft
 * (sl-scenario-draft.c) holds the scenario and the core checks it; this
 * window edits the draft.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-file.h"
#include "sl-text.h"
#include "sl-scenario-editor.h"
#include "sl-rule-links.h"
#include "sl-ui-util.h"

static const SlModule shown_modules[] = {
  SL_MODULE_AMMUNITION, SL_MODULE_AUTOMATIC_FIRE, SL_MODULE_LEADERSHIP, SL_MODULE_TROOP_QUALITY,
  SL_MODULE_MORALE, SL_MODULE_AREA_EFFECTS, SL_MODULE_DETECTION, SL_MODULE_AMBUSH,
  SL_MODULE_ENVIRONMENT, SL_MODULE_EQUIPMENT, SL_MODULE_TIMED_PLAY,
};

enum { E_NIGHT, E_RAIN, E_SNOW, E_ZERO_G, E_VACUUM, E_INDOORS, N_ENV };

typedef struct
{
  GtkWidget     *group;
  AdwEntryRow   *name;
  GtkSpinButton *budget;
  AdwEntryRow   *set_up;
  AdwEntryRow   *objective;
  GtkWidget     *squads;   /* a list box */
  /* Its special conditions (§10 G). */
  GtkSwitch     *holds_fire;
  GtkSwitch     *holds_melee;
  GtkSwitch     *hides;
  GtkSpinButton *initiative;
} SideRows;

/* The terrains a scenario may spread over the whole area (T-10): those
 * that change shots and detection. */
static const char * const everywhere_terrains[] = { "light-woods", "heavy-woods", "marsh" };

struct _SlScenarioEditor
{
  AdwWindow        parent_instance;

  const SlRules   *rules;
  SlScenarioDraft *draft;
  char            *force_files[2];  /* each side's force file: used or saved */
  char            *scenario_file;   /* where this scenario was saved */
  char            *saved;           /* the draft as last saved or begun */
  gboolean         updating;

  AdwToastOverlay *toasts;
  GtkLabel        *problems;
  GtkSwitch       *override;
  GtkWidget       *override_list;
  AdwEntryRow     *name;
  AdwEntryRow     *situation;
  GtkSpinButton   *length;
  GtkSwitch       *modules[SL_N_MODULES];
  GtkSwitch       *environment[N_ENV];
  GtkTextBuffer   *special;
  AdwComboRow     *terrain;
  GtkSwitch       *doors_locked;
  GtkSwitch       *no_keys;
  GtkSwitch       *airlocks_blown;
  SideRows         sides[2];
  char            *problems_text;
};

G_DEFINE_FINAL_TYPE (SlScenarioEditor, sl_scenario_editor, ADW_TYPE_WINDOW)

static void refresh (SlScenarioEditor *self);

static gboolean *
env_field (SlScenarioDraft *d,
           int              e)
{
  switch (e)
    {
    case E_NIGHT: return &d->environment.night;
    case E_RAIN: return &d->environment.rain;
    case E_SNOW: return &d->environment.snow;
    case E_ZERO_G: return &d->environment.zero_g;
    case E_VACUUM: return &d->environment.vacuum;
    default: return &d->environment.indoors;
    }
}

static void
read_widgets (SlScenarioEditor *self)
{
  SlScenarioDraft *d = self->draft;
  GtkTextIter start, end;

  if (self->updating)
    return;
  g_free (d->name);
  d->name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name)));
  g_free (d->situation);
  d->situation = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->situation)));
  d->length_turns = gtk_spin_button_get_value_as_int (self->length);
  for (guint i = 0; i < G_N_ELEMENTS (shown_modules); i++)
    d->modules[shown_modules[i]] = gtk_switch_get_active (self->modules[shown_modules[i]]);
  for (int e = 0; e < N_ENV; e++)
    *env_field (d, e) = gtk_switch_get_active (self->environment[e]);
  gtk_text_buffer_get_bounds (self->special, &start, &end);
  g_free (d->special);
  d->special = gtk_text_buffer_get_text (self->special, &start, &end, FALSE);
  {
    guint t = adw_combo_row_get_selected (self->terrain);

    g_free (d->terrain);
    d->terrain = t > 0 && t <= G_N_ELEMENTS (everywhere_terrains) ? g_strdup (everywhere_terrains[t - 1]) : NULL;
  }
  d->doors_locked = gtk_switch_get_active (self->doors_locked);
  d->no_keys = gtk_switch_get_active (self->no_keys);
  d->airlocks_blown = gtk_switch_get_active (self->airlocks_blown);
  d->override = gtk_switch_get_active (self->override);
  for (int s = 0; s < 2; s++)
    {
      SlSideDraft *side = &d->sides[s];

      g_free (side->name);
      side->name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->sides[s].name)));
      side->budget = gtk_spin_button_get_value_as_int (self->sides[s].budget);
      g_free (side->set_up);
      side->set_up = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->sides[s].set_up)));
      g_free (side->objective);
      side->objective = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->sides[s].objective)));
      side->holds_fire = gtk_switch_get_active (self->sides[s].holds_fire);
      side->holds_melee = gtk_switch_get_active (self->sides[s].holds_melee);
      side->hides = gtk_switch_get_active (self->sides[s].hides);
      side->initiative = gtk_spin_button_get_value_as_int (self->sides[s].initiative);
    }
  refresh (self);
}

static gboolean
refresh_idle (gpointer data)
{
  refresh (data);
  return G_SOURCE_REMOVE;
}

static void
remove_squad_cb (GtkButton        *button,
                 SlScenarioEditor *self)
{
  int side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "side"));
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "index"));

  if (index < self->draft->sides[side].squads->len)
    g_ptr_array_remove_index (self->draft->sides[side].squads, index);
  /* The rows are built again once the button's click is over. */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, refresh_idle, g_object_ref (self), g_object_unref);
}

/* The squads' rows and the problems, from the draft. */
static void
refresh (SlScenarioEditor *self)
{
  g_autoptr(GPtrArray) problems = sl_scenario_draft_problems (self->rules, self->draft);
  g_autoptr(GString) text = g_string_new (NULL);

  for (int s = 0; s < 2; s++)
    {
      SlSideDraft *side = &self->draft->sides[s];
      GtkWidget *child;

      sl_group_set_title (ADW_PREFERENCES_GROUP (self->sides[s].group),
                                       *side->name ? side->name : _("Unnamed Side"));
      while ((child = gtk_widget_get_first_child (self->sides[s].squads)) != NULL)
        gtk_list_box_remove (GTK_LIST_BOX (self->sides[s].squads), child);
      for (guint q = 0; q < side->squads->len; q++)
        {
          const SlSquadDraft *squad = g_ptr_array_index (side->squads, q);
          g_autoptr(SlSquadDraft) priced = sl_squad_draft_copy (squad);
          SlSquadCost cost = { 0 };
          GtkWidget *row = sl_action_row_new ();
          GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
          g_autofree char *subtitle = NULL;
          g_autofree char *remove_label = g_strdup_printf (_("Remove %s"), squad->name);

          priced->budget = -1;
          sl_squad_draft_cost (self->rules, sl_option_set_defaults (self->rules->options), priced, &cost, NULL);
          /* Translators: a squad in the scenario editor: "8 soldiers · 368 points". */
          subtitle = g_strdup_printf (_("%d soldiers · %d points"), squad->n_units, cost.total);
          sl_squad_cost_clear (&cost);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), squad->name);
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
          gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
          gtk_widget_add_css_class (remove, "flat");
          gtk_widget_set_tooltip_text (remove, remove_label);
          gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, remove_label, -1);
          g_object_set_data (G_OBJECT (remove), "side", GINT_TO_POINTER (s));
          g_object_set_data (G_OBJECT (remove), "index", GUINT_TO_POINTER (q));
          g_signal_connect (remove, "clicked", G_CALLBACK (remove_squad_cb), self);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
          gtk_list_box_append (GTK_LIST_BOX (self->sides[s].squads), row);
        }
    }
  for (guint i = 0; i < problems->len; i++)
    {
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, g_ptr_array_index (problems, i));
    }
  g_free (self->problems_text);
  self->problems_text = g_strdup (text->str);
  sl_rule_links_set_label (self->problems, text->len ? text->str : _("The forces keep every construction rule."));
  gtk_widget_set_visible (self->override_list, problems->len > 0);
}

gboolean
sl_scenario_editor_add_squad (SlScenarioEditor   *self,
                              int                 side,
                              const SlSquadDraft *squad,
                              const char         *path)
{
  g_autoptr(GError) error = NULL;
  SlSquadDraft *draft;

  g_return_val_if_fail (SL_IS_SCENARIO_EDITOR (self), FALSE);
  g_return_val_if_fail (side == 0 || side == 1, FALSE);
  draft = squad != NULL ? sl_squad_draft_copy (squad) : sl_squad_draft_load (self->rules, path, &error);
  if (draft == NULL)
    {
      adw_toast_overlay_add_toast (self->toasts, sl_toast_new (error->message));
      return FALSE;
    }
  g_ptr_array_add (self->draft->sides[side].squads, draft);
  refresh (self);
  return TRUE;
}

static void
squad_chosen (const char *path,
              gpointer    user_data,
              int         side)
{
  sl_scenario_editor_add_squad (SL_SCENARIO_EDITOR (user_data), side, NULL, path);
}

static void
add_from_library_cb (GtkButton        *button,
                     SlScenarioEditor *self)
{
  g_autofree char *dir = sl_squad_library_dir ();

  sl_choose_json (GTK_WINDOW (self), _("Add a Squad"), _("_Add"), _("Squads"), dir, squad_chosen, self,
                  GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "side")));
}

static void
add_book_squad_cb (GtkButton        *button,
                   SlScenarioEditor *self)
{
  g_autoptr(SlSquadDraft) squad = sl_squad_draft_new (self->rules);

  sl_scenario_editor_add_squad (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "side")),
                                squad, NULL);
}

static gboolean save_force_to (SlScenarioEditor *self,
                               int               side,
                               const char       *path,
                               gboolean          replace);

static void
replace_force_cb (GtkWindow  *owner,
                  const char *path,
                  int         side)
{
  save_force_to (SL_SCENARIO_EDITOR (owner), side, path, TRUE);
}

/* Saves @side's force at @path; a file there that is not this force's own
 * is replaced only with @replace, otherwise the player is asked. */
static gboolean
save_force_to (SlScenarioEditor *self,
               int               side,
               const char       *path,
               gboolean          replace)
{
  g_autoptr(GError) error = NULL;

  if (!sl_force_save (&self->draft->sides[side], path, replace || g_strcmp0 (self->force_files[side], path) == 0,
                      &error))
    {
      g_autofree char *text = NULL;

      if (g_error_matches (error, SL_FILE_ERROR, SL_FILE_ERROR_EXISTS))
        {
          sl_ask_replace (GTK_WINDOW (self), path, replace_force_cb, side);
          return FALSE;
        }
      text = g_strdup_printf (_("The force could not be saved: %s"), error->message);
      adw_toast_overlay_add_toast (self->toasts, sl_toast_new (text));
      return FALSE;
    }
  g_free (self->force_files[side]);
  self->force_files[side] = g_strdup (path);
  {
    g_autofree char *name = g_filename_display_basename (path);
    g_autofree char *text = g_strdup_printf (_("Saved as “%s” in your forces"), name);

    adw_toast_overlay_add_toast (self->toasts, sl_toast_new (text));
  }
  return TRUE;
}

gboolean
sl_scenario_editor_save_force (SlScenarioEditor *self,
                               int               side,
                               const char       *path)
{
  g_autofree char *dir = sl_force_library_dir ();
  g_autofree char *file = NULL;

  g_return_val_if_fail (SL_IS_SCENARIO_EDITOR (self), FALSE);
  g_return_val_if_fail (side == 0 || side == 1, FALSE);
  read_widgets (self);
  if (path == NULL)
    {
      g_autofree char *stem = sl_text_file_name (self->draft->sides[side].name, 200, _("Force"));
      g_autofree char *base = g_strconcat (stem, ".json", NULL);

      file = g_build_filename (dir, base, NULL);
      path = file;
    }
  return save_force_to (self, side, path, FALSE);
}

gboolean
sl_scenario_editor_load_force (SlScenarioEditor *self,
                               int               side,
                               const char       *path)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (SL_IS_SCENARIO_EDITOR (self), FALSE);
  g_return_val_if_fail (side == 0 || side == 1, FALSE);
  if (!sl_force_load (self->rules, path, &self->draft->sides[side], &error))
    {
      adw_toast_overlay_add_toast (self->toasts, sl_toast_new (error->message));
      return FALSE;
    }
  g_free (self->force_files[side]);
  self->force_files[side] = g_strdup (path);
  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->sides[side].name), self->draft->sides[side].name);
  gtk_spin_button_set_value (self->sides[side].budget, MAX (self->draft->sides[side].budget, 0));
  self->updating = FALSE;
  read_widgets (self);
  return TRUE;
}

static void
force_chosen (const char *path,
              gpointer    user_data,
              int         side)
{
  sl_scenario_editor_load_force (SL_SCENARIO_EDITOR (user_data), side, path);
}

static void
open_force_cb (GtkButton        *button,
               SlScenarioEditor *self)
{
  g_autofree char *dir = sl_force_library_dir ();

  sl_choose_json (GTK_WINDOW (self), _("Use a Force"), _("_Use"), _("Forces"), dir, force_chosen, self,
                  GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "side")));
}

static void
save_force_cb (GtkButton        *button,
               SlScenarioEditor *self)
{
  sl_scenario_editor_save_force (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "side")), NULL);
}

static char *save_scenario_in (SlScenarioEditor *self,
                               const char       *dir,
                               gboolean          replace);

static void
mark_saved (SlScenarioEditor *self)
{
  g_free (self->saved);
  self->saved = sl_scenario_draft_fingerprint (self->rules, self->draft);
}

gboolean
sl_scenario_editor_has_changes (SlScenarioEditor *self)
{
  g_autofree char *now = NULL;

  g_return_val_if_fail (SL_IS_SCENARIO_EDITOR (self), FALSE);
  read_widgets (self);
  now = sl_scenario_draft_fingerprint (self->rules, self->draft);
  return g_strcmp0 (now, self->saved) != 0;
}

static gboolean
save_before_close (GtkWindow *window)
{
  g_autofree char *path = sl_scenario_editor_save (SL_SCENARIO_EDITOR (window), NULL);

  return path != NULL;
}

static gboolean
close_request_cb (SlScenarioEditor *self)
{
  g_autofree char *body = NULL;

  if (!sl_scenario_editor_has_changes (self))
    return FALSE;
  body = g_strdup_printf (_("The scenario “%s” has changes that are not saved. Without saving, they are lost."),
                          self->draft->name && *self->draft->name ? self->draft->name : _("Custom Scenario"));
  return sl_ask_unsaved (GTK_WINDOW (self), body, save_before_close);
}

static void
replace_scenario_cb (GtkWindow  *owner,
                     const char *path,
                     int         tag)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_free (save_scenario_in (SL_SCENARIO_EDITOR (owner), dir, TRUE));
}

/* Saves the scenario in @dir; a scenario there of the same id that is not
 * this one as saved before is replaced only with @replace, otherwise the
 * player is asked. */
static char *
save_scenario_in (SlScenarioEditor *self,
                  const char       *dir,
                  gboolean          replace)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *target = NULL;
  char *path;

  if (!replace && self->scenario_file != NULL)
    {
      target = sl_scenario_draft_path (self->rules, self->draft, dir, NULL);
      replace = g_strcmp0 (target, self->scenario_file) == 0;
    }
  path = sl_scenario_draft_save (self->rules, self->draft, dir, replace, &error);
  if (path == NULL && g_error_matches (error, SL_FILE_ERROR, SL_FILE_ERROR_EXISTS))
    {
      g_free (target);
      target = sl_scenario_draft_path (self->rules, self->draft, dir, NULL);
      sl_ask_replace (GTK_WINDOW (self), target, replace_scenario_cb, 0);
      return NULL;
    }
  if (path == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The scenario cannot be saved: %s"), error->message);

      adw_toast_overlay_add_toast (self->toasts, sl_toast_new (text));
      return NULL;
    }
  {
    /* Translators: after saving a custom scenario. */
    g_autofree char *text = g_strdup_printf (_("“%s” saved: New Game offers it"), self->draft->name);

    adw_toast_overlay_add_toast (self->toasts, sl_toast_new (text));
  }
  g_free (self->scenario_file);
  self->scenario_file = g_strdup (path);
  mark_saved (self);
  return path;
}

char *
sl_scenario_editor_save (SlScenarioEditor *self,
                         const char       *dir)
{
  g_autofree char *user_dir = g_build_filename (g_get_user_data_dir (), "squadlog", "scenarios", NULL);

  g_return_val_if_fail (SL_IS_SCENARIO_EDITOR (self), NULL);
  read_widgets (self);
  return save_scenario_in (self, dir ? dir : user_dir, FALSE);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  g_free (sl_scenario_editor_save (SL_SCENARIO_EDITOR (widget), NULL));
}

static AdwEntryRow *
entry_row (GtkWidget  *group,
           const char *title,
           const char *text,
           gpointer    self)
{
  AdwEntryRow *row = ADW_ENTRY_ROW (sl_entry_row_new ());

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_editable_set_text (GTK_EDITABLE (row), text);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (row));
  g_signal_connect_swapped (row, "changed", G_CALLBACK (read_widgets), self);
  return row;
}

static GtkSpinButton *
spin_row (GtkWidget  *group,
          const char *title,
          double      min,
          double      max,
          double      value,
          gpointer    self)
{
  GtkSpinButton *spin = sl_spin_row_add (group, title, min, max, 1);

  gtk_spin_button_set_value (spin, value);
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (read_widgets), self);
  return spin;
}

static void
build_side (SlScenarioEditor *self,
            GtkWidget        *page,
            int               s)
{
  SideRows *rows = &self->sides[s];
  SlSideDraft *side = &self->draft->sides[s];
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *library = gtk_button_new_with_mnemonic (_("Add from _Your Squads…"));
  GtkWidget *book = gtk_button_new_with_mnemonic (_("Add the _Book's Squad"));
  GtkWidget *force_buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *use_force = gtk_button_new_with_mnemonic (_("_Use a Force…"));
  GtkWidget *save_force = gtk_button_new_with_mnemonic (_("Save Side as a _Force"));

  rows->group = adw_preferences_group_new ();
  sl_group_set_description (ADW_PREFERENCES_GROUP (rows->group),
                                         _("§10 B–E: the forces, their points, the set-up and the objective"));
  rows->name = entry_row (rows->group, _("Side"), side->name, self);
  rows->budget = spin_row (rows->group, _("Budget (scenario points)"), 0, 5000, side->budget, self);
  rows->set_up = entry_row (rows->group, _("Set-up"), side->set_up, self);
  rows->objective = entry_row (rows->group, _("Objective"), side->objective, self);
  /* §10 G: what the app will hold this side to. */
  rows->holds_fire = sl_switch_row_add (rows->group, _("Holds Its Fire Until Fired Upon"),
                                        _("No fire, grenade or charge until the enemy attacks (as in T-41)"));
  rows->holds_melee = sl_switch_row_add (rows->group, _("Stays Out of Melee Until Fired Upon"),
                                         _("No engagement until the enemy attacks (as in T-42)"));
  rows->hides = sl_switch_row_add (rows->group, _("Hides Before Play"),
                                   _("Every unit starts hidden, at no cost, with the detection rules (P-28)"));
  rows->initiative = spin_row (rows->group, _("Initiative Modifier (P-06)"), -5, 5, side->initiative, self);
  g_signal_connect_swapped (rows->holds_fire, "notify::active", G_CALLBACK (read_widgets), self);
  g_signal_connect_swapped (rows->holds_melee, "notify::active", G_CALLBACK (read_widgets), self);
  g_signal_connect_swapped (rows->hides, "notify::active", G_CALLBACK (read_widgets), self);
  rows->squads = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (rows->squads), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (rows->squads, "boxed-list");
  gtk_widget_set_margin_top (rows->squads, 12);
  {
    GtkWidget *none = gtk_label_new (_("No squad yet"));

    gtk_widget_add_css_class (none, "dim-label");
    gtk_widget_set_margin_top (none, 12);
    gtk_widget_set_margin_bottom (none, 12);
    gtk_list_box_set_placeholder (GTK_LIST_BOX (rows->squads), none);
  }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (rows->group), rows->squads);
  g_object_set_data (G_OBJECT (library), "side", GINT_TO_POINTER (s));
  g_object_set_data (G_OBJECT (book), "side", GINT_TO_POINTER (s));
  g_signal_connect (library, "clicked", G_CALLBACK (add_from_library_cb), self);
  g_signal_connect (book, "clicked", G_CALLBACK (add_book_squad_cb), self);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_set_margin_top (buttons, 12);
  gtk_box_append (GTK_BOX (buttons), book);
  gtk_box_append (GTK_BOX (buttons), library);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (rows->group), buttons);
  g_object_set_data (G_OBJECT (use_force), "side", GINT_TO_POINTER (s));
  g_object_set_data (G_OBJECT (save_force), "side", GINT_TO_POINTER (s));
  gtk_widget_set_tooltip_text (use_force, _("Replace this side by a force from your forces"));
  gtk_widget_set_tooltip_text (save_force, _("Keep this side's name, budget and squads in your forces"));
  g_signal_connect (use_force, "clicked", G_CALLBACK (open_force_cb), self);
  g_signal_connect (save_force, "clicked", G_CALLBACK (save_force_cb), self);
  gtk_widget_set_halign (force_buttons, GTK_ALIGN_END);
  gtk_widget_set_margin_top (force_buttons, 6);
  gtk_box_append (GTK_BOX (force_buttons), use_force);
  gtk_box_append (GTK_BOX (force_buttons), save_force);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (rows->group), force_buttons);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (rows->group));
}

static void
sl_scenario_editor_finalize (GObject *object)
{
  SlScenarioEditor *self = SL_SCENARIO_EDITOR (object);

  sl_scenario_draft_free (self->draft);
  g_free (self->force_files[0]);
  g_free (self->force_files[1]);
  g_free (self->scenario_file);
  g_free (self->saved);
  g_free (self->problems_text);
  G_OBJECT_CLASS (sl_scenario_editor_parent_class)->finalize (object);
}

static void
sl_scenario_editor_class_init (SlScenarioEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = sl_scenario_editor_finalize;
  gtk_widget_class_install_action (widget_class, "editor.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "editor.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
sl_scenario_editor_init (SlScenarioEditor *self)
{
}

SlScenarioEditor *
sl_scenario_editor_new (GtkWindow     *parent,
                        const SlRules *rules)
{
  static const char *env_titles[N_ENV] = {
    N_("Night"), N_("Rain"), N_("Snow"), N_("Zero-G"), N_("Vacuum"), N_("Indoors"),
  };
  SlScenarioEditor *self;
  GtkWidget *content, *header, *page, *group, *save, *frame, *view, *summary;

  g_return_val_if_fail (rules != NULL, NULL);

  self = g_object_new (SL_TYPE_SCENARIO_EDITOR, "transient-for", parent, NULL);
  self->rules = rules;
  self->draft = sl_scenario_draft_new ();
  gtk_window_set_title (GTK_WINDOW (self), _("Custom Scenario"));
  gtk_window_set_default_size (GTK_WINDOW (self), 640, 760);

  content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  save = gtk_button_new_with_mnemonic (_("_Save"));
  gtk_widget_set_tooltip_text (save, _("Save among your scenarios (Ctrl+S)"));
  gtk_widget_add_css_class (save, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (save), "editor.save");
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), save);
  gtk_box_append (GTK_BOX (content), header);
  self->toasts = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  page = adw_preferences_page_new ();
  gtk_widget_set_vexpand (page, TRUE);
  adw_toast_overlay_set_child (self->toasts, page);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->toasts));

  self->updating = TRUE;

  /* The rules the forces break, first, with the players' choice. */
  summary = adw_preferences_group_new ();
  self->problems = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->problems, TRUE);
  gtk_label_set_xalign (self->problems, 0);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->problems), 12);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (summary), GTK_WIDGET (self->problems));
  {
    GtkWidget *list = gtk_list_box_new ();

    gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
    gtk_widget_add_css_class (list, "boxed-list");
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (summary), list);
    self->override_list = list;
    self->override = sl_switch_row_add (list, _("Play Anyway"), _("The broken rules are written into the scenario"));
    g_signal_connect_swapped (self->override, "notify::active", G_CALLBACK (read_widgets), self);
  }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (summary));

  group = adw_preferences_group_new ();
  sl_group_set_title (ADW_PREFERENCES_GROUP (group), _("Scenario"));
  self->name = entry_row (group, _("Name"), self->draft->name, self);
  self->situation = entry_row (group, _("Situation (§10 A)"), self->draft->situation, self);
  self->length = spin_row (group, _("Length in turns (§10 H)"), 1, 200, self->draft->length_turns, self);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  for (int s = 0; s < 2; s++)
    build_side (self, page, s);

  group = adw_preferences_group_new ();
  sl_group_set_title (ADW_PREFERENCES_GROUP (group), _("Rules in Use (§10 F)"));
  for (guint i = 0; i < G_N_ELEMENTS (shown_modules); i++)
    {
      SlModule m = shown_modules[i];

      self->modules[m] = sl_switch_row_add (group, sl_module_label (m), NULL);
      gtk_switch_set_active (self->modules[m], self->draft->modules[m]);
      g_signal_connect_swapped (self->modules[m], "notify::active", G_CALLBACK (read_widgets), self);
    }
  for (int e = 0; e < N_ENV; e++)
    {
      self->environment[e] = sl_switch_row_add (group, _(env_titles[e]), e == E_INDOORS ? NULL : _("Needs the environment rules"));
      g_signal_connect_swapped (self->environment[e], "notify::active", G_CALLBACK (read_widgets), self);
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  group = adw_preferences_group_new ();
  sl_group_set_title (ADW_PREFERENCES_GROUP (group), _("Special Conditions (§10 G)"));
  sl_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Squad Log applies these; each side’s own are with the side."));
  {
    g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

    gtk_string_list_append (names, _("None"));
    for (guint t = 0; t < G_N_ELEMENTS (everywhere_terrains); t++)
      gtk_string_list_append (names, sl_rules_terrain (rules, everywhere_terrains[t])->name);
    self->terrain = ADW_COMBO_ROW (sl_combo_row_new ());
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->terrain), _("The Whole Area Counts As"));
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->terrain),
                                 _("For every shot, detection and move (T-10), as Definitely Not Camping’s woods"));
    adw_combo_row_set_model (self->terrain, G_LIST_MODEL (names));
    g_signal_connect_swapped (self->terrain, "notify::selected", G_CALLBACK (read_widgets), self);
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->terrain));
  }
  self->doors_locked = sl_switch_row_add (group, _("Doors Locked"), _("Opened with a key, or destroyed (§6.4)"));
  self->no_keys = sl_switch_row_add (group, _("No Keys"), _("Doors are breached with fire or charges (as in T-42)"));
  self->airlocks_blown = sl_switch_row_add (group, _("Airlocks Blown Open Only"), _("As in Pest Control (T-43)"));
  g_signal_connect_swapped (self->doors_locked, "notify::active", G_CALLBACK (read_widgets), self);
  g_signal_connect_swapped (self->no_keys, "notify::active", G_CALLBACK (read_widgets), self);
  g_signal_connect_swapped (self->airlocks_blown, "notify::active", G_CALLBACK (read_widgets), self);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  group = adw_preferences_group_new ();
  sl_group_set_title (ADW_PREFERENCES_GROUP (group), _("Conditions the Players Keep"));
  sl_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("One per line: what only the table can check (no map), shown with the briefing"));
  view = gtk_text_view_new ();
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 8);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 8);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 8);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 8);
  gtk_widget_set_size_request (view, -1, 90);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Conditions the players keep, one per line"), -1);
  self->special = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  g_signal_connect_swapped (self->special, "changed", G_CALLBACK (read_widgets), self);
  frame = gtk_frame_new (NULL);
  gtk_frame_set_child (GTK_FRAME (frame), view);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), frame);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  adw_window_set_content (ADW_WINDOW (self), content);
  self->updating = FALSE;
  read_widgets (self);
  mark_saved (self);
  g_signal_connect (self, "close-request", G_CALLBACK (close_request_cb), NULL);
  return self;
}

SlScenarioDraft *
sl_scenario_editor_get_draft (SlScenarioEditor *self)
{
  g_return_val_if_fail (SL_IS_SCENARIO_EDITOR (self), NULL);
  return self->draft;
}

const char *
sl_scenario_editor_get_problems (SlScenarioEditor *self)
{
  g_return_val_if_fail (SL_IS_SCENARIO_EDITOR (self), NULL);
  return self->problems_text ? self->problems_text : "";
}
