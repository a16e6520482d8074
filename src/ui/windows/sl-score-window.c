/* sl-score-window.c: the scenario's objectives and the score (P-40). The
 * core scores the game (sl_victory_compute); this window shows each side's
 * points item by item, its objective as it stands and the level (T-40),
 * and records what the players see of the objectives on the table (the
 * objective command: T-42's charges, T-43's units on the objective).
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-command-new.h"
#include "sl-file.h"
#include "sl-report.h"
#include "sl-rule-links.h"
#include "sl-score-window-private.h"
#include "sl-score-window.h"
#include "sl-ui-util.h"
#include "sl-victory.h"

struct _SlScoreWindow
{
  AdwWindow       parent_instance;

  SlGame         *game;
  gulong          changed_id;

  AdwWindowTitle *title;
  GtkLabel       *headline;
  GtkLabel       *ratio;
  GtkLabel       *problem;
  GtkWidget      *objectives;       /* the controls' group, or NULL */
  GtkSpinButton  *charges[2];       /* T-42, for sides with that objective */
  GtkSpinButton  *on_objective[2];  /* T-43 */
  GtkSwitch      *primary[2];       /* custom objectives (§10 E) */
  GtkSpinButton  *secondary[2];
  GtkWidget      *scores;           /* a box of one group per side */
  GtkWidget      *chart;            /* casualties per turn */
  GtkWidget      *moments;          /* a list box */
  GtkWidget      *briefing;         /* the scenario's group */
  SlReport       *report;
  char           *headline_text;
  char           *side_text[2];
};

G_DEFINE_FINAL_TYPE (SlScoreWindow, sl_score_window, ADW_TYPE_WINDOW)

static const char *
side_name (SlScoreWindow *self,
           int            side)
{
  return sl_setup_side_at (sl_game_get_setup (self->game), side)->name;
}

/* The headline: who wins if the game ended now, and by what ratio (T-40). */
static void
show_headline (SlScoreWindow       *self,
               const SlVictory *v)
{
  const SlState *state = sl_game_get_state (self->game);
  g_autofree char *ratio = NULL;

  adw_window_title_set_subtitle (self->title, state->over ? _("Final, at the end of the game")
                                                           : _("If the game ended now"));
  g_free (self->headline_text);
  self->headline_text = sl_victory_headline (sl_game_get_setup (self->game), v);
  gtk_label_set_text (self->headline, self->headline_text);
  if (v->result.has_ratio)
    /* Translators: the ratio of the scores and the rule that reads it. */
    ratio = g_strdup_printf (_("Ratio %.2f to 1 (T-40)"), v->result.ratio);
  else if (v->result.winner >= 0)
    ratio = g_strdup (_("No ratio: the lower score is 0 or less, so the higher one wins decisively (A-131)"));
  else
    ratio = g_strdup (_("Both sides at 0 or less: a draw (A-131)"));
  sl_rule_links_set_label (self->ratio, ratio);
}

/* Side @s's group: its score and result, its objective as it stands, and
 * its points item by item; what it shows as text in self->side_text. */
static GtkWidget *
side_group (SlScoreWindow       *self,
            const SlVictory *v,
            int                  s)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlVictoryScore *score = &v->result.scores[s];
  GtkWidget *group = adw_preferences_group_new ();
  g_autofree char *title = NULL;
  g_autofree char *objective = sl_objective_status_describe (setup, s, &v->objectives[s]);
  g_autofree char *description = NULL;
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *label = gtk_label_new (NULL);
  GString *text = g_string_new (NULL);
  const char *goal = sl_setup_side_at (setup, s)->objective_description;

  /* Translators: a side's score and its result: "TOG — 146.00 — Marginal Victory". */
  title = g_strdup_printf (_("%s — %.2f — %s"), side_name (self, s), score->score, score->result);
  description = goal != NULL ? g_strdup_printf ("%s\n%s", goal, objective) : g_strdup (objective);
  sl_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  /* The objective and how far it has got, its rules linked to the rules
   * reference (a group's description would not take links). */
  sl_rule_links_set_label (GTK_LABEL (label), description);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_margin_bottom (label, 6);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), label);
  g_string_append_printf (text, "%s\n%s\n", title, description);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint i = 0; i < score->items->len; i++)
    {
      const SlVictoryItem *item = &g_array_index (score->items, SlVictoryItem, i);
      GtkWidget *row = sl_action_row_new ();
      g_autofree char *points = g_strdup_printf ("%+.2f", item->points);
      GtkWidget *value = gtk_label_new (points);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), item->label);
      gtk_widget_add_css_class (value, "numeric");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), value);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
      g_string_append_printf (text, "%s %s\n", item->label, points);
    }
  if (score->items->len == 0)
    {
      GtkWidget *none = gtk_label_new (_("Nothing scored yet"));

      gtk_widget_add_css_class (none, "dim-label");
      gtk_widget_set_margin_top (none, 12);
      gtk_widget_set_margin_bottom (none, 12);
      gtk_list_box_set_placeholder (GTK_LIST_BOX (list), none);
    }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
  g_free (self->side_text[s]);
  self->side_text[s] = g_string_free (text, FALSE);
  return group;
}

/* The battle report: the chart and the decisive moments. */
static void
show_report (SlScoreWindow *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  g_autoptr(GString) described = g_string_new (NULL);
  GtkListBoxRow *row;

  g_clear_pointer (&self->report, sl_report_free);
  self->report = sl_report_new (sl_game_get_rules (self->game), setup, state);
  gtk_widget_queue_draw (self->chart);
  for (int s = 0; s < 2; s++)
    {
      /* Translators: the chart's accessible description, per side. */
      g_string_append_printf (described, _("%s: %d units out of the fight."), side_name (self, s),
                              self->report->total_out[s]);
      g_string_append_c (described, ' ');
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  described->str, -1);
  while ((row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->moments), 0)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->moments), GTK_WIDGET (row));
  for (guint i = 0; i < self->report->moments->len; i++)
    {
      const SlReportMoment *m = &g_array_index (self->report->moments, SlReportMoment, i);
      GtkWidget *moment = sl_action_row_new ();
      g_autofree char *turn = g_strdup_printf (_("Turn %d"), m->turn);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (moment), m->text);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (moment), turn);
      gtk_list_box_append (GTK_LIST_BOX (self->moments), moment);
    }
}

/* The controls show what is recorded. */
static void
show_recorded (SlScoreWindow *self)
{
  const SlState *state = sl_game_get_state (self->game);

  for (int s = 0; s < 2; s++)
    {
      if (self->charges[s] != NULL)
        gtk_spin_button_set_value (self->charges[s], state->objective_charges[s]);
      if (self->on_objective[s] != NULL)
        gtk_spin_button_set_value (self->on_objective[s], state->objective_units[s]);
      if (self->primary[s] != NULL)
        {
          gtk_switch_set_active (self->primary[s], state->objective_primary[s]);
          gtk_spin_button_set_value (self->secondary[s], state->objective_secondary[s]);
        }
    }
}

static void
refresh (SlScoreWindow *self)
{
  SlVictory v;
  GtkWidget *child;

  sl_victory_compute (sl_game_get_rules (self->game), sl_game_get_setup (self->game), sl_game_get_state (self->game),
                   &v);
  show_headline (self, &v);
  while ((child = gtk_widget_get_first_child (self->scores)) != NULL)
    gtk_box_remove (GTK_BOX (self->scores), child);
  for (int s = 0; s < 2; s++)
    gtk_box_append (GTK_BOX (self->scores), side_group (self, &v, s));
  show_report (self);
  show_recorded (self);
  sl_victory_clear (&v);
}

/* Applies an objective command. */
static gboolean
apply_objective (SlScoreWindow            *self,
                 const SlObjectiveCommand *objective)
{
  g_autoptr(JsonNode) command = sl_command_new_objective (sl_game_get_setup (self->game), objective);
  g_autoptr(GError) error = NULL;

  if (sl_game_apply (self->game, command, &error) == NULL)
    {
      sl_rule_links_set_label (self->problem, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->problem), TRUE);
      return FALSE;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->problem), FALSE);
  return TRUE;
}

gboolean
sl_score_window_record_charges (SlScoreWindow *self,
                                int            side,
                                int            charges)
{
  SlObjectiveCommand objective = SL_OBJECTIVE_COMMAND_INIT;

  g_return_val_if_fail (SL_IS_SCORE_WINDOW (self), FALSE);
  g_return_val_if_fail (side == 0 || side == 1, FALSE);
  objective.charges[side] = charges;
  return apply_objective (self, &objective);
}

gboolean
sl_score_window_record_units (SlScoreWindow *self,
                              int            first,
                              int            second)
{
  SlObjectiveCommand objective = SL_OBJECTIVE_COMMAND_INIT;

  g_return_val_if_fail (SL_IS_SCORE_WINDOW (self), FALSE);
  objective.on_objective[0] = first;
  objective.on_objective[1] = second;
  return apply_objective (self, &objective);
}

gboolean
sl_score_window_record_objectives (SlScoreWindow *self,
                                   int            side,
                                   gboolean       primary,
                                   int            secondary)
{
  SlObjectiveCommand objective = SL_OBJECTIVE_COMMAND_INIT;

  g_return_val_if_fail (SL_IS_SCORE_WINDOW (self), FALSE);
  g_return_val_if_fail (side == 0 || side == 1, FALSE);
  objective.primary[side] = primary ? TRUE : FALSE;
  objective.secondary[side] = secondary;
  return apply_objective (self, &objective);
}

static void
record_charges_cb (GtkButton     *button,
                   SlScoreWindow *self)
{
  int side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "side"));

  sl_score_window_record_charges (self, side, gtk_spin_button_get_value_as_int (self->charges[side]));
}

static void
record_objectives_cb (GtkButton     *button,
                      SlScoreWindow *self)
{
  int side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "side"));

  sl_score_window_record_objectives (self, side, gtk_switch_get_active (self->primary[side]),
                                     gtk_spin_button_get_value_as_int (self->secondary[side]));
}

static void
record_units_cb (SlScoreWindow *self)
{
  sl_score_window_record_units (self, gtk_spin_button_get_value_as_int (self->on_objective[0]),
                                gtk_spin_button_get_value_as_int (self->on_objective[1]));
}

static GtkSpinButton *
add_count_row (GtkWidget  *group,
               const char *label,
               GtkWidget  *button)
{
  GtkSpinButton *spin = sl_spin_row_add (group, label, 0, 64, 1);

  if (button != NULL)
    {
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (gtk_widget_get_ancestor (GTK_WIDGET (spin), ADW_TYPE_ACTION_ROW)),
                                 button);
    }
  return spin;
}

/* The objectives the players follow on the table (T-42, T-43). */
static void
build_objectives (SlScoreWindow *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const char *place = setup->objective_place ? setup->objective_place : _("the objective");
  gboolean hold = FALSE;

  for (int s = 0; s < 2; s++)
    hold |= sl_setup_side_at (setup, s)->objective == SL_OBJECTIVE_HOLD;
  for (int s = 0; s < 2; s++)
    {
      g_autofree char *label = NULL;
      GtkWidget *record;

      if (sl_setup_side_at (setup, s)->objective != SL_OBJECTIVE_CHARGES)
        continue;
      /* Translators: "TOG: charges set off in the communications room". */
      label = g_strdup_printf (_("%s: charges set off in %s"), side_name (self, s), place);
      record = gtk_button_new_with_mnemonic (_("_Record"));
      g_object_set_data (G_OBJECT (record), "side", GINT_TO_POINTER (s));
      g_signal_connect (record, "clicked", G_CALLBACK (record_charges_cb), self);
      self->charges[s] = add_count_row (self->objectives, label, record);
    }
  for (int s = 0; s < 2; s++)
    {
      GtkWidget *record;
      g_autofree char *primary = NULL;
      g_autofree char *secondary = NULL;

      if (sl_setup_side_at (setup, s)->objective != SL_OBJECTIVE_PLAYERS)
        continue;
      /* Translators: "TOG: primary objective achieved". */
      primary = g_strdup_printf (_("%s: primary objective achieved"), side_name (self, s));
      secondary = g_strdup_printf (_("%s: secondary objectives achieved"), side_name (self, s));
      self->primary[s] = sl_switch_row_add (self->objectives, primary,
                                            sl_setup_side_at (setup, s)->objective_description);
      record = gtk_button_new_with_mnemonic (_("_Record"));
      g_object_set_data (G_OBJECT (record), "side", GINT_TO_POINTER (s));
      g_signal_connect (record, "clicked", G_CALLBACK (record_objectives_cb), self);
      self->secondary[s] = add_count_row (self->objectives, secondary, record);
    }
  if (hold)
    {
      GtkWidget *record = gtk_button_new_with_mnemonic (_("Record _Who Is There"));

      for (int s = 0; s < 2; s++)
        {
          /* Translators: "TOG units on the bridge". */
          g_autofree char *label = g_strdup_printf (_("%s units on %s"), side_name (self, s), place);

          self->on_objective[s] = add_count_row (self->objectives, label, NULL);
        }
      gtk_widget_set_halign (record, GTK_ALIGN_END);
      gtk_widget_set_margin_top (record, 12);
      g_signal_connect_swapped (record, "clicked", G_CALLBACK (record_units_cb), self);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->objectives), record);
    }
  gtk_widget_set_visible (self->objectives, hold || self->charges[0] != NULL || self->charges[1] != NULL ||
                                            self->primary[0] != NULL || self->primary[1] != NULL);
}

static GtkWidget *
text_row (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_top (label, 8);
  gtk_widget_set_margin_bottom (label, 8);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  return label;
}

static void
add_texts (GtkWidget  *group,
           const char *title,
           GPtrArray  *texts,
           gboolean    expanded)
{
  GtkWidget *row;

  if (texts->len == 0)
    return;
  row = sl_expander_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), expanded);
  for (guint i = 0; i < texts->len; i++)
    adw_expander_row_add_row (ADW_EXPANDER_ROW (row), text_row (g_ptr_array_index (texts, i)));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
}

/* The scenario as the players set it up (§10 A, D, G): its set-up, its
 * special conditions and its notes. */
static void
build_briefing (SlScoreWindow *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  GtkWidget *group = self->briefing;
  g_autoptr(GPtrArray) positions = g_ptr_array_new_with_free_func (g_free);

  sl_group_set_title (ADW_PREFERENCES_GROUP (group), setup->name);
  if (setup->description != NULL && *setup->description)
    sl_group_set_description (ADW_PREFERENCES_GROUP (group), setup->description);
  for (int s = 0; s < 2; s++)
    {
      const SlSideSetup *side = sl_setup_side_at (setup, s);

      if (side->starting_position != NULL)
        /* Translators: a side's set-up: "TOG: the whole squad outside the hull …". */
        g_ptr_array_add (positions, g_strdup_printf (_("%s: %s"), side->name, side->starting_position));
    }
  add_texts (group, _("Set-Up"), positions, FALSE);
  /* The special conditions are rules of the game: in view. */
  add_texts (group, _("Special Conditions"), setup->special, TRUE);
  add_texts (group, _("Notes"), setup->notes, FALSE);
  add_texts (group, _("Rules Broken by the Players’ Choice"), setup->overrides, TRUE);
}

/* The chart: per turn, each side's units hit (light) and out of the
 * fight (dark), side by side; drawn from the report, nothing computed. */
static void
draw_chart (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        data)
{
  SlScoreWindow *self = data;
  const SlReport *r = self->report;
  static const double colours[2][2][3] = {
    { { 0.60, 0.76, 0.95 }, { 0.11, 0.44, 0.85 } },
    { { 0.96, 0.38, 0.32 }, { 0.65, 0.11, 0.18 } },
  };
  GdkRGBA fg;
  int most = 1;
  double left = 28, bottom = 20, plot_h, group;

  if (r == NULL)
    return;
  fg = sl_widget_get_color (GTK_WIDGET (area));
  for (int s = 0; s < 2; s++)
    for (int t = 0; t < r->n_turns; t++)
      most = MAX (most, MAX (r->wounded[s][t], r->out[s][t]));
  plot_h = height - bottom - 6;
  group = MIN (44, (width - left - 4) / (double) r->n_turns);

  /* The scale. */
  cairo_set_line_width (cr, 1);
  for (int v = 0; v <= most; v += MAX (1, most / 4))
    {
      double y = 6 + plot_h - v * plot_h / most;
      char text[16];

      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.15);
      cairo_move_to (cr, left, y + 0.5);
      cairo_line_to (cr, width - 4, y + 0.5);
      cairo_stroke (cr);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
      g_snprintf (text, sizeof text, "%d", v);
      cairo_move_to (cr, 4, y + 4);
      cairo_show_text (cr, text);
    }
  for (int t = 0; t < r->n_turns; t++)
    {
      double bar = MAX (1, (group - 2) / 2);
      double x = left + t * group + 1;

      for (int s = 0; s < 2; s++)
        for (int k = 0; k < 2; k++)
          {
            int v = k == 0 ? r->wounded[s][t] : r->out[s][t];
            double h = v * plot_h / most;

            cairo_set_source_rgb (cr, colours[s][k][0], colours[s][k][1], colours[s][k][2]);
            cairo_rectangle (cr, x + s * bar, 6 + plot_h - h, bar - 1, h);
            cairo_fill (cr);
          }
      if (r->n_turns <= 12 || (t + 1) % 5 == 0 || t == 0)
        {
          char text[16];

          g_snprintf (text, sizeof text, "%d", t + 1);
          cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
          cairo_move_to (cr, x + bar - 3, height - 4);
          cairo_show_text (cr, text);
        }
    }
}

static void
export_response_cb (GtkNativeDialog *dialog,
                    int              response,
                    SlScoreWindow   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *html = sl_report_to_html (self->report, sl_game_get_setup (self->game),
                                                 sl_game_get_state (self->game));
      g_autoptr(GError) error = NULL;

      /* The chooser asked before replacing a file; still never over a
       * pipe or a device, and through a link to its target. */
      if (path == NULL || !sl_file_replace (path, html, strlen (html), SL_FILE_REPLACE_DURABLE, 0644,
                                            NULL, &error))
        {
          sl_rule_links_set_label (self->problem, error ? error->message : _("Only files on this computer can be written."));
          gtk_widget_set_visible (GTK_WIDGET (self->problem), TRUE);
        }
    }
  g_object_unref (dialog);
}

static void
export_cb (SlScoreWindow *self)
{
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  /* Translators: the default file name of the exported battle report. */
  g_autofree char *name = g_strdup_printf (_("%s report.html"), sl_game_get_setup (self->game)->name);

  dialog = gtk_file_chooser_native_new (_("Export the Battle Report"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Web pages"));
  gtk_file_filter_add_mime_type (filter, "text/html");
  gtk_file_filter_add_pattern (filter, "*.html");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_strdelimit (name, "/\\:", '-');
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (export_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
sl_score_window_dispose (GObject *object)
{
  SlScoreWindow *self = SL_SCORE_WINDOW (object);

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
  g_clear_pointer (&self->report, sl_report_free);
  G_OBJECT_CLASS (sl_score_window_parent_class)->dispose (object);
}

static void
sl_score_window_finalize (GObject *object)
{
  SlScoreWindow *self = SL_SCORE_WINDOW (object);

  g_free (self->headline_text);
  g_free (self->side_text[0]);
  g_free (self->side_text[1]);
  G_OBJECT_CLASS (sl_score_window_parent_class)->finalize (object);
}

static void
sl_score_window_class_init (SlScoreWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_score_window_dispose;
  object_class->finalize = sl_score_window_finalize;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/squadlog/SquadLog/sl-score-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SlScoreWindow, title);
  gtk_widget_class_bind_template_child (widget_class, SlScoreWindow, headline);
  gtk_widget_class_bind_template_child (widget_class, SlScoreWindow, ratio);
  gtk_widget_class_bind_template_child (widget_class, SlScoreWindow, problem);
  gtk_widget_class_bind_template_child (widget_class, SlScoreWindow, objectives);
  gtk_widget_class_bind_template_child (widget_class, SlScoreWindow, scores);
  gtk_widget_class_bind_template_child (widget_class, SlScoreWindow, chart);
  gtk_widget_class_bind_template_child (widget_class, SlScoreWindow, moments);
  gtk_widget_class_bind_template_child (widget_class, SlScoreWindow, briefing);
  gtk_widget_class_bind_template_callback (widget_class, export_cb);
  sl_window_class_bind_close_keys (widget_class);
}

static void
sl_score_window_init (SlScoreWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->chart), draw_chart, self, NULL);
}

SlScoreWindow *
sl_score_window_new (GtkWindow *parent,
                     SlGame    *game)
{
  SlScoreWindow *self;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  self = g_object_new (SL_TYPE_SCORE_WINDOW, "transient-for", parent, NULL);
  self->game = g_object_ref (game);
  build_objectives (self);
  build_briefing (self);
  self->changed_id = g_signal_connect_swapped (game, "changed", G_CALLBACK (refresh), self);
  refresh (self);
  return self;
}

const char *
sl_score_window_get_headline (SlScoreWindow *self)
{
  g_return_val_if_fail (SL_IS_SCORE_WINDOW (self), NULL);
  return self->headline_text;
}

char *
sl_score_window_get_side_text (SlScoreWindow *self,
                               int            side)
{
  g_return_val_if_fail (SL_IS_SCORE_WINDOW (self), NULL);
  g_return_val_if_fail (side == 0 || side == 1, NULL);
  return g_strdup (self->side_text[side]);
}
