/* sl-scenario-editor.c: the custom scenario editor. The draft
 * (sl-scenario-draft.c) holds the scenario and the core checks it; this
 * window edits the draft, each of its two sides in an SlScenarioSide
 * (sl-scenario-side.c).
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-draft-window.h"
#include "sl-file.h"
#include "sl-rule-links.h"
#include "sl-scenario-editor-private.h"
#include "sl-scenario-editor.h"
#include "sl-scenario-side.h"
#include "sl-text.h"
#include "sl-ui-util.h"

static const SlModule shown_modules[] = {
  SL_MODULE_AMMUNITION, SL_MODULE_AUTOMATIC_FIRE, SL_MODULE_LEADERSHIP, SL_MODULE_TROOP_QUALITY,
  SL_MODULE_MORALE, SL_MODULE_GRENADES, SL_MODULE_EXPLOSIVES, SL_MODULE_MINES,
  SL_MODULE_FIRE_MISSIONS, SL_MODULE_DETECTION, SL_MODULE_AMBUSH,
  SL_MODULE_ENVIRONMENT, SL_MODULE_EQUIPMENT, SL_MODULE_TIMED_PLAY,
};

enum { E_NIGHT, E_RAIN, E_SNOW, E_ZERO_G, E_VACUUM, E_INDOORS, N_ENV };

/* The special conditions are the scenario's (FOR_ALL) or a side's. */
enum { FOR_ALL, FOR_SIDE_1, FOR_SIDE_2, N_FOR };

/* The conditions whose turns the editor limits: those the engine holds to
 * their turns in play (docs/game-format.md, special_conditions) — the
 * scenario's terrain and doors, a side's holding fire and initiative
 * modifier, and the actions forbidden to either; a side's hiding is before
 * play. Their rows: from which turn, until which. */
enum { SPAN_TERRAIN_OR_HOLDS, SPAN_DOORS_OR_INITIATIVE, SPAN_FORBIDDEN, N_SPANS };

static const char * const scenario_span_titles[N_SPANS][2] = {
  { N_("Terrain From Turn"), N_("Terrain Until Turn") },
  { N_("Doors and Airlocks From Turn"), N_("Doors and Airlocks Until Turn") },
  { N_("Forbidden Actions From Turn"), N_("Forbidden Actions Until Turn") },
};
static const char * const side_span_titles[N_SPANS][2] = {
  { N_("Holding Fire or Melee From Turn"), N_("Holding Fire or Melee Until Turn") },
  { N_("Initiative Modifier From Turn"), N_("Initiative Modifier Until Turn") },
  { N_("Forbidden Actions From Turn"), N_("Forbidden Actions Until Turn") },
};
/* The same conditions, named in the summary of their turns. */
static const char * const scenario_span_names[N_SPANS] = {
  N_("Terrain"), N_("Doors and airlocks"), N_("Forbidden actions"),
};
static const char * const side_span_names[N_SPANS] = {
  N_("Holding fire or melee"), N_("Initiative modifier"), N_("Forbidden actions"),
};

/* The terrains a scenario may spread over the whole area (T-10): those
 * that change shots and detection. */
static const char * const everywhere_terrains[] = { "light-woods", "heavy-woods", "marsh" };

struct _SlScenarioEditor
{
  SlDraftWindow    parent_instance;

  const SlRules   *rules;
  SlScenarioDraft *draft;
  char            *force_files[2];  /* each side's force file: used or saved */
  char            *scenario_file;   /* where this scenario was saved */
  gboolean         updating;

  AdwToastOverlay *toasts;
  GtkLabel        *problems;
  GtkSwitch       *override;
  GtkWidget       *override_list;
  AdwEntryRow     *name;
  AdwEntryRow     *situation;
  GtkSpinButton   *length;
  GtkWidget       *rules_group;
  GtkSwitch       *modules[SL_N_MODULES];
  GtkSwitch       *environment[N_ENV];
  GtkTextBuffer   *special;
  AdwComboRow     *terrain;
  GtkSwitch       *doors_locked;
  GtkSwitch       *no_keys;
  GtkSwitch       *airlocks_blown;
  AdwExpanderRow  *forbidden;
  AdwExpanderRow  *turns;
  SlScenarioSide  *sides[2];
  char            *problems_text;
  /* The actions a condition may forbid (const SlAction *, T-05), and a
   * switch for each, for everyone and for each side. */
  GPtrArray       *forbiddable;
  GtkSwitch      **forbid[N_FOR];
  GtkSpinButton   *spans[N_FOR][N_SPANS][2];
};

G_DEFINE_FINAL_TYPE (SlScenarioEditor, sl_scenario_editor, SL_TYPE_DRAFT_WINDOW)

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

static SlTurnSpan *
span_field (SlScenarioDraft *d,
            int              who,
            int              span)
{
  SlSideDraft *side = who == FOR_ALL ? NULL : &d->sides[who - FOR_SIDE_1];

  switch (span)
    {
    case SPAN_TERRAIN_OR_HOLDS: return side ? &side->holds_turns : &d->terrain_turns;
    case SPAN_DOORS_OR_INITIATIVE: return side ? &side->initiative_turns : &d->doors_turns;
    default: return side ? &side->forbidden_turns : &d->forbidden_turns;
    }
}

static char ***
forbidden_field (SlScenarioDraft *d,
                 int              who)
{
  return who == FOR_ALL ? &d->forbidden : &d->sides[who - FOR_SIDE_1].forbidden;
}

/* Whether the condition whose turns @span limits is set, and so written
 * with them. */
static gboolean
span_in_use (const SlScenarioDraft *d,
             int                    who,
             int                    span)
{
  const SlSideDraft *side = who == FOR_ALL ? NULL : &d->sides[who - FOR_SIDE_1];
  char **forbidden = side ? side->forbidden : d->forbidden;

  switch (span)
    {
    case SPAN_TERRAIN_OR_HOLDS:
      return side ? side->holds_fire || side->holds_melee : d->terrain != NULL;
    case SPAN_DOORS_OR_INITIATIVE:
      return side ? side->initiative != 0 : d->doors_locked || d->no_keys || d->airlocks_blown;
    default:
      return forbidden != NULL && forbidden[0] != NULL;
    }
}

/* The actions forbidden to @who and the turns of its conditions, from
 * the switches and spin buttons. */
static void
read_conditions (SlScenarioEditor *self,
                 int               who)
{
  char ***forbidden = forbidden_field (self->draft, who);
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();

  for (guint a = 0; a < self->forbiddable->len; a++)
    if (gtk_switch_get_active (self->forbid[who][a]))
      g_strv_builder_add (ids, ((const SlAction *) g_ptr_array_index (self->forbiddable, a))->id);
  g_strfreev (*forbidden);
  *forbidden = g_strv_builder_end (ids);
  for (int i = 0; i < N_SPANS; i++)
    {
      SlTurnSpan *span = span_field (self->draft, who, i);

      span->from_turn = gtk_spin_button_get_value_as_int (self->spans[who][i][0]);
      span->until_turn = gtk_spin_button_get_value_as_int (self->spans[who][i][1]);
    }
}

void
sl_scenario_editor_read_widgets (SlScenarioEditor *self)
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
      SlScenarioSide *rows = self->sides[s];

      g_free (side->name);
      side->name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (rows->name)));
      side->budget = gtk_spin_button_get_value_as_int (rows->budget);
      g_free (side->set_up);
      side->set_up = g_strdup (gtk_editable_get_text (GTK_EDITABLE (rows->set_up)));
      g_free (side->objective);
      side->objective = g_strdup (gtk_editable_get_text (GTK_EDITABLE (rows->objective)));
      side->holds_fire = gtk_switch_get_active (rows->holds_fire);
      side->holds_melee = gtk_switch_get_active (rows->holds_melee);
      side->hides = gtk_switch_get_active (rows->hides);
      side->initiative = gtk_spin_button_get_value_as_int (rows->initiative);
    }
  for (int who = 0; who < N_FOR; who++)
    read_conditions (self, who);
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

/* The turns @who's conditions are in force, summed up on its folded
 * "Turns in Force"; the turns of a condition not set are greyed. */
static void
refresh_turns (SlScenarioEditor *self,
               int               who)
{
  AdwExpanderRow *turns = who == FOR_ALL ? self->turns : self->sides[who - FOR_SIDE_1]->turns;
  g_autoptr(GString) limits = g_string_new (NULL);

  for (int i = 0; i < N_SPANS; i++)
    {
      const SlTurnSpan *span = span_field (self->draft, who, i);
      const char *what = _(who == FOR_ALL ? scenario_span_names[i] : side_span_names[i]);
      gboolean used = span_in_use (self->draft, who, i);

      for (int end = 0; end < 2; end++)
        gtk_widget_set_sensitive (gtk_widget_get_ancestor (GTK_WIDGET (self->spans[who][i][end]), ADW_TYPE_ACTION_ROW),
                                  used);
      if (!used || (span->from_turn <= 1 && span->until_turn <= 0))
        continue;
      if (limits->len > 0)
        g_string_append (limits, _("; "));
      if (span->from_turn > 1 && span->until_turn > 0)
        /* Translators: a special condition's turns: "Terrain: turns 2 to 5". */
        g_string_append_printf (limits, _("%s: turns %d to %d"), what, span->from_turn, span->until_turn);
      else if (span->from_turn > 1)
        g_string_append_printf (limits, _("%s: from turn %d"), what, span->from_turn);
      else
        g_string_append_printf (limits, _("%s: until turn %d"), what, span->until_turn);
    }
  adw_expander_row_set_subtitle (turns, limits->len > 0 ? limits->str : _("The whole game, unless limited here"));
}

/* What each forbids, seen with its list folded, and the turns of the
 * conditions. */
static void
refresh_conditions (SlScenarioEditor *self)
{
  AdwExpanderRow *forbidden_rows[N_FOR] = { self->forbidden, self->sides[0]->forbidden, self->sides[1]->forbidden };

  for (int who = 0; who < N_FOR; who++)
    {
      char **ids = *forbidden_field (self->draft, who);
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
        {
          if (names->len > 0)
            g_string_append (names, _(", "));
          g_string_append (names, sl_rules_action (self->rules, ids[i])->name);
        }
      adw_expander_row_set_subtitle (forbidden_rows[who],
                                     names->len > 0 ? names->str : _("None: every action may be declared (T-05)"));
      refresh_turns (self, who);
    }
}

/* The squads' rows and the problems, from the draft. */
static void
refresh (SlScenarioEditor *self)
{
  g_autoptr(GPtrArray) problems = sl_scenario_draft_problems (self->rules, self->draft);
  g_autoptr(GString) text = g_string_new (NULL);

  refresh_conditions (self);
  for (int s = 0; s < 2; s++)
    {
      SlSideDraft *side = &self->draft->sides[s];
      GtkWidget *child;

      sl_group_set_title (ADW_PREFERENCES_GROUP (self->sides[s]), *side->name ? side->name : _("Unnamed Side"));
      while ((child = GTK_WIDGET (gtk_list_box_get_row_at_index (self->sides[s]->squads, 0))) != NULL)
        gtk_list_box_remove (self->sides[s]->squads, child);
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
          gtk_list_box_append (self->sides[s]->squads, row);
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
      sl_draft_window_toast (SL_DRAFT_WINDOW (self), error->message);
      return FALSE;
    }
  g_ptr_array_add (self->draft->sides[side].squads, draft);
  refresh (self);
  return TRUE;
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
      g_autofree char *text = g_strdup_printf (_("The force could not be saved: %s"), error->message);

      sl_draft_window_save_failed (SL_DRAFT_WINDOW (self), error, path, replace_force_cb, side, text);
      return FALSE;
    }
  g_free (self->force_files[side]);
  self->force_files[side] = g_strdup (path);
  {
    g_autofree char *name = g_filename_display_basename (path);
    g_autofree char *text = g_strdup_printf (_("Saved as “%s” in your forces"), name);

    sl_draft_window_toast (SL_DRAFT_WINDOW (self), text);
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
  sl_scenario_editor_read_widgets (self);
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
      sl_draft_window_toast (SL_DRAFT_WINDOW (self), error->message);
      return FALSE;
    }
  g_free (self->force_files[side]);
  self->force_files[side] = g_strdup (path);
  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->sides[side]->name), self->draft->sides[side].name);
  gtk_spin_button_set_value (self->sides[side]->budget, MAX (self->draft->sides[side].budget, 0));
  self->updating = FALSE;
  sl_scenario_editor_read_widgets (self);
  return TRUE;
}

static char *save_scenario_in (SlScenarioEditor *self,
                               const char       *dir,
                               gboolean          replace);

/* The scenario on screen, to compare with the one last saved. */
static char *
editor_fingerprint (SlDraftWindow *window)
{
  SlScenarioEditor *self = SL_SCENARIO_EDITOR (window);

  sl_scenario_editor_read_widgets (self);
  return sl_scenario_draft_fingerprint (self->rules, self->draft);
}

gboolean
sl_scenario_editor_has_changes (SlScenarioEditor *self)
{
  g_return_val_if_fail (SL_IS_SCENARIO_EDITOR (self), FALSE);
  return sl_draft_window_has_changes (SL_DRAFT_WINDOW (self));
}

static gboolean
editor_save (SlDraftWindow *window)
{
  g_autofree char *path = sl_scenario_editor_save (SL_SCENARIO_EDITOR (window), NULL);

  return path != NULL;
}

static char *
editor_unsaved_body (SlDraftWindow *window)
{
  SlScenarioEditor *self = SL_SCENARIO_EDITOR (window);

  return g_strdup_printf (_("The scenario “%s” has changes that are not saved. Without saving, they are lost."),
                          self->draft->name && *self->draft->name ? self->draft->name : _("Custom Scenario"));
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

      sl_draft_window_toast (SL_DRAFT_WINDOW (self), text);
      return NULL;
    }
  {
    /* Translators: after saving a custom scenario. */
    g_autofree char *text = g_strdup_printf (_("“%s” saved: New Game offers it"), self->draft->name);

    sl_draft_window_toast (SL_DRAFT_WINDOW (self), text);
  }
  g_free (self->scenario_file);
  self->scenario_file = g_strdup (path);
  sl_draft_window_mark_saved (SL_DRAFT_WINDOW (self));
  return path;
}

char *
sl_scenario_editor_save (SlScenarioEditor *self,
                         const char       *dir)
{
  g_autofree char *user_dir = g_build_filename (g_get_user_data_dir (), "squadlog", "scenarios", NULL);

  g_return_val_if_fail (SL_IS_SCENARIO_EDITOR (self), NULL);
  sl_scenario_editor_read_widgets (self);
  return save_scenario_in (self, dir ? dir : user_dir, FALSE);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  g_free (sl_scenario_editor_save (SL_SCENARIO_EDITOR (widget), NULL));
}

/* A switch row of the rules in use, the draft's choice shown. */
static GtkSwitch *
rule_row (SlScenarioEditor *self,
          const char       *title,
          const char       *subtitle)
{
  GtkSwitch *toggle = sl_switch_row_add (self->rules_group, title, subtitle);

  g_signal_connect_swapped (toggle, "notify::active", G_CALLBACK (sl_scenario_editor_read_widgets), self);
  return toggle;
}

/* The rule modules a scenario may play with, and its environment (§10 F). */
static void
build_rules (SlScenarioEditor *self)
{
  static const char *env_titles[N_ENV] = {
    N_("Night"), N_("Rain"), N_("Snow"), N_("Zero-G"), N_("Vacuum"), N_("Indoors"),
  };

  for (guint i = 0; i < G_N_ELEMENTS (shown_modules); i++)
    {
      SlModule m = shown_modules[i];

      self->modules[m] = rule_row (self, sl_module_label (m), NULL);
      gtk_switch_set_active (self->modules[m], self->draft->modules[m]);
    }
  for (int e = 0; e < N_ENV; e++)
    self->environment[e] = rule_row (self, _(env_titles[e]), e == E_INDOORS ? NULL : _("Needs the environment rules"));
}

/* The special conditions' rows made from the rules: a switch for each
 * action of T-05 a condition may forbid (§10 G), and the turns each
 * condition is in force, for everyone and for each side. */
static void
build_conditions (SlScenarioEditor *self)
{
  AdwExpanderRow *forbidden_rows[N_FOR] = { self->forbidden, self->sides[0]->forbidden, self->sides[1]->forbidden };
  AdwExpanderRow *turn_rows[N_FOR] = { self->turns, self->sides[0]->turns, self->sides[1]->turns };
  const SlTable *actions = &self->rules->actions;

  self->forbiddable = g_ptr_array_new ();
  for (guint a = 0; a < actions->items->len; a++)
    {
      const SlAction *action = g_ptr_array_index (actions->items, a);

      /* Melee starts with an engagement, never declared (P-22). */
      if (action->category != SL_ACTION_MELEE)
        g_ptr_array_add (self->forbiddable, (gpointer) action);
    }
  for (int who = 0; who < N_FOR; who++)
    {
      self->forbid[who] = g_new0 (GtkSwitch *, self->forbiddable->len);
      for (guint a = 0; a < self->forbiddable->len; a++)
        {
          const SlAction *action = g_ptr_array_index (self->forbiddable, a);

          self->forbid[who][a] = sl_switch_row_add (GTK_WIDGET (forbidden_rows[who]), action->name, NULL);
          g_signal_connect_swapped (self->forbid[who][a], "notify::active",
                                    G_CALLBACK (sl_scenario_editor_read_widgets), self);
        }
      for (int i = 0; i < N_SPANS; i++)
        for (int end = 0; end < 2; end++)
          {
            const char *title = who == FOR_ALL ? scenario_span_titles[i][end] : side_span_titles[i][end];
            GtkSpinButton *spin = sl_spin_row_add (GTK_WIDGET (turn_rows[who]), _(title), end == 0 ? 1 : 0, 200, 1);

            if (end == 1)
              adw_action_row_set_subtitle (ADW_ACTION_ROW (gtk_widget_get_ancestor (GTK_WIDGET (spin), ADW_TYPE_ACTION_ROW)),
                                           _("0: to the end of the game"));
            g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (sl_scenario_editor_read_widgets), self);
            self->spans[who][i][end] = spin;
          }
    }
}

/* The draft's scenario and sides, as it begins, into the template. */
static void
show_draft (SlScenarioEditor *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  gtk_editable_set_text (GTK_EDITABLE (self->name), self->draft->name);
  gtk_editable_set_text (GTK_EDITABLE (self->situation), self->draft->situation);
  gtk_spin_button_set_value (self->length, self->draft->length_turns);
  for (int s = 0; s < 2; s++)
    {
      const SlSideDraft *side = &self->draft->sides[s];

      gtk_editable_set_text (GTK_EDITABLE (self->sides[s]->name), side->name);
      gtk_spin_button_set_value (self->sides[s]->budget, side->budget);
      gtk_editable_set_text (GTK_EDITABLE (self->sides[s]->set_up), side->set_up);
      gtk_editable_set_text (GTK_EDITABLE (self->sides[s]->objective), side->objective);
      gtk_spin_button_set_value (self->sides[s]->initiative, side->initiative);
    }
  for (int who = 0; who < N_FOR; who++)
    {
      char **forbidden = *forbidden_field (self->draft, who);

      for (guint a = 0; a < self->forbiddable->len; a++)
        gtk_switch_set_active (self->forbid[who][a],
                               forbidden != NULL &&
                               g_strv_contains ((const char * const *) forbidden,
                                                ((const SlAction *) g_ptr_array_index (self->forbiddable, a))->id));
      for (int i = 0; i < N_SPANS; i++)
        {
          const SlTurnSpan *span = span_field (self->draft, who, i);

          gtk_spin_button_set_value (self->spans[who][i][0], span->from_turn);
          gtk_spin_button_set_value (self->spans[who][i][1], span->until_turn);
        }
    }
  gtk_string_list_append (names, _("None"));
  for (guint t = 0; t < G_N_ELEMENTS (everywhere_terrains); t++)
    gtk_string_list_append (names, sl_rules_terrain (self->rules, everywhere_terrains[t])->name);
  adw_combo_row_set_model (self->terrain, G_LIST_MODEL (names));
}

static void
sl_scenario_editor_finalize (GObject *object)
{
  SlScenarioEditor *self = SL_SCENARIO_EDITOR (object);

  sl_scenario_draft_free (self->draft);
  g_free (self->force_files[0]);
  g_free (self->force_files[1]);
  g_free (self->scenario_file);
  g_free (self->problems_text);
  g_clear_pointer (&self->forbiddable, g_ptr_array_unref);
  for (int who = 0; who < N_FOR; who++)
    g_free (self->forbid[who]);
  G_OBJECT_CLASS (sl_scenario_editor_parent_class)->finalize (object);
}

static void
sl_scenario_editor_class_init (SlScenarioEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  SlDraftWindowClass *draft_class = SL_DRAFT_WINDOW_CLASS (klass);

  object_class->finalize = sl_scenario_editor_finalize;
  draft_class->fingerprint = editor_fingerprint;
  draft_class->save = editor_save;
  draft_class->unsaved_body = editor_unsaved_body;

  g_type_ensure (SL_TYPE_SCENARIO_SIDE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/squadlog/SquadLog/sl-scenario-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, SlScenarioEditor, toasts);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioEditor, problems);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioEditor, override);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioEditor, override_list);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioEditor, name);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioEditor, situation);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioEditor, length);
  gtk_widget_class_bind_template_child_full (widget_class, "rules", FALSE,
                                             G_STRUCT_OFFSET (SlScenarioEditor, rules_group));
  gtk_widget_class_bind_template_child (widget_class, SlScenarioEditor, special);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioEditor, terrain);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioEditor, doors_locked);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioEditor, no_keys);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioEditor, airlocks_blown);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioEditor, forbidden);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioEditor, turns);
  gtk_widget_class_bind_template_child_full (widget_class, "side0", FALSE,
                                             G_STRUCT_OFFSET (SlScenarioEditor, sides));
  gtk_widget_class_bind_template_child_full (widget_class, "side1", FALSE,
                                             G_STRUCT_OFFSET (SlScenarioEditor, sides) + sizeof (SlScenarioSide *));
  gtk_widget_class_bind_template_callback_full (widget_class, "read_widgets",
                                                G_CALLBACK (sl_scenario_editor_read_widgets));

  gtk_widget_class_install_action (widget_class, "editor.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "editor.save", NULL);
}

static void
sl_scenario_editor_init (SlScenarioEditor *self)
{
  /* The widgets say nothing to the draft until it is there. */
  self->updating = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  sl_draft_window_set_toasts (SL_DRAFT_WINDOW (self), self->toasts);
  self->sides[1]->index = 1;
}

SlScenarioEditor *
sl_scenario_editor_new (GtkWindow     *parent,
                        const SlRules *rules)
{
  SlScenarioEditor *self;

  g_return_val_if_fail (rules != NULL, NULL);

  self = g_object_new (SL_TYPE_SCENARIO_EDITOR, "transient-for", parent, NULL);
  self->rules = rules;
  self->draft = sl_scenario_draft_new ();
  build_conditions (self);
  show_draft (self);
  build_rules (self);
  self->updating = FALSE;
  sl_scenario_editor_read_widgets (self);
  sl_draft_window_mark_saved (SL_DRAFT_WINDOW (self));
  return self;
}

const SlRules *
sl_scenario_editor_get_rules (SlScenarioEditor *self)
{
  g_return_val_if_fail (SL_IS_SCENARIO_EDITOR (self), NULL);
  return self->rules;
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
