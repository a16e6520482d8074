/* sl-window-actions.c: the main window's actions (win.*) and their keys, and
 * which of them are enabled: new, open, save, print, the windows it opens,
 * the private view, undo and redo, Next and Pass
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-a11y.h"
#include "sl-blast-sheet.h"
#include "sl-briefing-window.h"
#include "sl-builder-window.h"
#include "sl-command-new.h"
#include "sl-exposure-sheet.h"
#include "sl-initiative-sheet.h"
#include "sl-markers-window.h"
#include "sl-options-window.h"
#include "sl-print-operation.h"
#include "sl-scenario-editor.h"
#include "sl-scenarios.h"
#include "sl-score-window.h"
#include "sl-table-model.h"
#include "sl-text.h"
#include "sl-ui-util.h"
#include "sl-window-private.h"

/* Piles to try: the Detection Phase (P-27), or the Action Phase for the
 * automatic cases (§15.1, A-128): the table model says who may look. */
static gboolean
may_detect (SlWindow *self)
{
  return sl_table_model_get_detectors (sl_table_model_get_for_game (self->game), NULL)->len > 0;
}

/* A grouping's turn to end (P-08 step 2): the core says whether. */
static gboolean
may_pass (SlWindow *self)
{
  return sl_table_model_get_pass (sl_table_model_get_for_game (self->game))->refusal == NULL;
}

/* The one function that decides which of the window's actions are
 * enabled: whether a game is shown and may be played, what covers the
 * table, and what the core says may be done now. */
void
sl_window_update_actions (SlWindow *self)
{
  gboolean game = self->game != NULL;
  gboolean shared = !sl_window_private_showing (self) && !sl_window_sheet_showing (self);
  gboolean over = TRUE, exposure = FALSE;
  int mine = -1;

  /* The start page has no turn to move on or undo. */
  gtk_widget_set_visible (self->history_buttons, game);
  gtk_widget_set_visible (self->next_button, game);
  gtk_widget_set_visible (self->pass_button, game);
  gtk_widget_set_visible (self->history_button, game);

  /* While the private view covers the window or a sheet is over the
   * table, the table's actions wait (its keys reach the window too);
   * a game only shown (its file open elsewhere, or changed on the disk)
   * takes none. */
  game = game && shared && !sl_game_get_read_only (self->game);
  if (self->game != NULL)
    g_object_get (sl_table_model_get_for_game (self->game), "over", &over, "waiting-mine", &mine,
                  "exposure-matters", &exposure, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", game && sl_game_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", game && sl_game_can_redo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next", game && !over);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pass", game && may_pass (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.options", game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.score", game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.briefing", game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.mine", game && mine >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.detect", game && may_detect (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.markers", game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.phones", game);
  /* T-36, as the table model says. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.exposure", game && exposure);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.ambush",
                                 game && sl_table_model_may_ambush (sl_table_model_get_for_game (self->game)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.private",
                                 self->game != NULL && !sl_window_sheet_showing (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.print", game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.print-blank", game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.print-squad", game);
  /* A game whose last change is not saved is not put away for another
   * (sl_window_show_loaded refuses it too); Save As may save it elsewhere. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.new",
                                 shared && sl_window_rules (self) != NULL &&
                                 !sl_window_held (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.open",
                                 shared && sl_window_rules (self) != NULL &&
                                 !sl_window_held (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.builder",
                                 shared && sl_window_rules (self) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.scenario-editor",
                                 shared && sl_window_rules (self) != NULL);
}

/* Where a new game is kept until the players save it elsewhere: the user's
 * data directory, named after the scenario and the time — the name made
 * fit for a file (no controls, no folders, not hidden, not too long), and
 * never that of a game already there (two in one second). */
static char *
new_game_path (const SlScenarioInfo *scenario)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d %H.%M.%S");
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "squadlog", "games", NULL);
  g_autofree char *name = sl_text_file_name (scenario->name, 200, "Squad Log");
  char *path = NULL;

  g_mkdir_with_parents (dir, 0700);
  for (guint n = 1; path == NULL || g_file_test (path, G_FILE_TEST_EXISTS) ||
                    g_file_test (path, G_FILE_TEST_IS_SYMLINK); n++)
    {
      /* "Training Ground 2026-11-23 20.15.02.squadlog", then "… (2).squadlog" */
      g_autofree char *base = n == 1 ? g_strdup_printf ("%s %s.squadlog", name, stamp)
                                     : g_strdup_printf ("%s %s (%u).squadlog", name, stamp, n);

      g_free (path);
      path = g_build_filename (dir, base, NULL);
    }
  return path;
}

static void
scenario_activated_cb (GtkListBox    *list,
                       GtkListBoxRow *row,
                       SlWindow      *self)
{
  const SlScenarioInfo *scenario = g_object_get_data (G_OBJECT (row), "scenario");
  g_autofree char *path = new_game_path (scenario);
  GtkWidget *dialog = gtk_widget_get_ancestor (GTK_WIDGET (list), ADW_TYPE_MESSAGE_DIALOG);

  sl_window_new_game (self, scenario->path, path);
  if (dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (dialog));
}

/* New game: the scenarios to start from. */
static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);
  g_autoptr(GString) problems = g_string_new (NULL);
  GPtrArray *scenarios = sl_scenario_list (sl_window_rules (self), problems);
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/squadlog/SquadLog/sl-new-game-dialog.ui");
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (gtk_builder_get_object (builder, "dialog"));
  GtkListBox *list = GTK_LIST_BOX (gtk_builder_get_object (builder, "list"));

  for (guint i = 0; i < scenarios->len; i++)
    {
      const SlScenarioInfo *scenario = g_ptr_array_index (scenarios, i);
      GtkWidget *row = sl_action_row_new ();
      g_autofree char *subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d turn. %s", "%d turns. %s",
                                                                scenario->length_turns),
                                                   scenario->length_turns, scenario->description);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), scenario->name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 3);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data (G_OBJECT (row), "scenario", (gpointer) scenario);
      gtk_list_box_append (list, row);
    }
  /* The list lives as long as the dialog. */
  g_object_set_data_full (G_OBJECT (dialog), "scenarios", scenarios, (GDestroyNotify) g_ptr_array_unref);
  g_signal_connect (list, "row-activated", G_CALLBACK (scenario_activated_cb), self);
  if (problems->len > 0)
    {
      g_autofree char *body = g_strdup_printf (_("Choose the scenario to play. Some scenario files could not be read:\n%s"),
                                               problems->str);

      adw_message_dialog_set_body (dialog, body);
    }
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The folder games were last opened from or saved to. */
static void
set_last_folder (SlWindow       *self,
                 GtkFileChooser *chooser)
{
  GSettings *settings = sl_window_settings (self);
  g_autofree char *folder = settings ? g_settings_get_string (settings, "last-folder") : NULL;

  if (folder != NULL && *folder && g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GFile) dir = g_file_new_for_path (folder);

      gtk_file_chooser_set_current_folder (chooser, dir, NULL);
    }
}

static void
remember_folder (SlWindow *self,
                 GFile    *file)
{
  GSettings *settings = sl_window_settings (self);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *path = parent ? g_file_get_path (parent) : NULL;

  if (settings != NULL && path != NULL)
    g_settings_set_string (settings, "last-folder", path);
}

static GtkFileFilter *
game_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Squad Log games"));
  gtk_file_filter_add_mime_type (filter, "application/x-squadlog");
  gtk_file_filter_add_pattern (filter, "*.squadlog");
  return filter;
}

static void
open_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  SlWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      remember_folder (self, file);
      sl_window_open_file (self, file);
    }
  g_object_unref (dialog);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = game_filter ();

  dialog = gtk_file_chooser_native_new (_("Open a Saved Game"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  set_last_folder (self, GTK_FILE_CHOOSER (dialog));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
save_as_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     SlWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL && !g_str_has_suffix (path, ".squadlog"))
        {
          char *with = g_strconcat (path, ".squadlog", NULL);

          g_free (path);
          path = with;
        }
      if (path != NULL)
        {
          remember_folder (self, file);
          sl_window_save_as (self, path);
        }
    }
  g_object_unref (dialog);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = game_filter ();
  g_autofree char *name = NULL;

  if (self->game == NULL)
    return;
  dialog = gtk_file_chooser_native_new (_("Save the Game As"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  set_last_folder (self, GTK_FILE_CHOOSER (dialog));
  name = g_strdup_printf ("%s.squadlog", sl_game_get_setup (self->game)->name);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (save_as_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
continue_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  g_autofree char *path = sl_window_last_game_path (SL_WINDOW (widget));
  g_autoptr(GFile) file = NULL;

  if (path == NULL)
    return;
  file = g_file_new_for_path (path);
  sl_window_open_file (SL_WINDOW (widget), file);
}

/* Printing: every squad's log (Ctrl+P), every squad's blank log, or one
 * squad's, each from its own menu entry (the print portal of a sandbox
 * shows no widgets of ours in its dialog); sl-print-operation.c. */
static void
print_logs (SlWindow   *self,
            const char *squad_id,
            gboolean    blank)
{
  g_autoptr(SlPrintOperation) op = NULL;
  g_autoptr(GError) error = NULL;

  if (self->game == NULL)
    return;
  op = sl_print_operation_new (self->game, squad_id, blank);
  if (sl_print_operation_get_n_squads (op) == 0)
    return;
  if (sl_print_operation_run_dialog (op, GTK_WINDOW (self), &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    sl_window_show_error (self, _("Cannot Print the Squad Logs"), error->message);
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  print_logs (SL_WINDOW (widget), NULL, FALSE);
}

static void
print_blank_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  print_logs (SL_WINDOW (widget), NULL, TRUE);
}

static void
print_squad_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  print_logs (SL_WINDOW (widget), g_variant_get_string (parameter, NULL), FALSE);
}

/* The main menu's entries for printing one squad's log, one per squad of
 * the game (none without a game). */
void
sl_window_update_print_menu (SlWindow *self)
{
  g_autoptr(GMenu) squads = NULL;
  const SlSetup *setup;

  g_menu_remove_all (self->print_squads_section);
  if (self->game == NULL)
    return;
  setup = sl_game_get_setup (self->game);
  squads = g_menu_new ();
  for (guint s = 0; s < setup->squads->len; s++)
    {
      const SlSquadSetup *squad = sl_setup_squad_at (setup, s);
      /* A name's own underscores are not mnemonics. */
      g_autoptr(GString) label = g_string_new (squad->name);
      g_autoptr(GMenuItem) item = NULL;

      g_string_replace (label, "_", "__", 0);
      item = g_menu_item_new (label->str, NULL);
      g_menu_item_set_action_and_target_value (item, "win.print-squad", g_variant_new_string (squad->id));
      g_menu_append_item (squads, item);
    }
  g_menu_append_submenu (self->print_squads_section, _("Print One S_quad’s Log"), G_MENU_MODEL (squads));
}

static void
options_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);

  if (self->game != NULL)
    gtk_window_present (GTK_WINDOW (sl_options_window_new (GTK_WINDOW (self), self->game)));
}

static void
builder_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);
  SlRules *rules = sl_window_rules (self);

  if (rules != NULL)
    gtk_window_present (GTK_WINDOW (sl_builder_window_new (GTK_WINDOW (self), rules,
                                                           sl_option_set_defaults (rules->options))));
}

static void
scenario_editor_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);
  SlRules *rules = sl_window_rules (self);

  if (rules != NULL)
    gtk_window_present (GTK_WINDOW (sl_scenario_editor_new (GTK_WINDOW (self), rules)));
}

/* Units go inside or out together (T-36, A-120, A-134): out, as when a
 * compartment opens to vacuum, first. */
static void
exposure_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);

  if (self->game != NULL)
    sl_sheet_present (SL_SHEET (sl_exposure_sheet_new (GTK_WINDOW (self), self->game, FALSE)));
}

static void
ambush_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  sl_window_present_ambush (SL_WINDOW (widget));
}

static void
mine_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);
  int marker = -1;

  if (self->game != NULL)
    g_object_get (sl_table_model_get_for_game (self->game), "waiting-mine", &marker, NULL);
  if (marker >= 0)
    sl_sheet_present (SL_SHEET (sl_blast_sheet_new_mine (GTK_WINDOW (self), self->game, marker)));
}

/* The markers on the table the table can see, to correct by hand; with
 * @marker > 0, that one's row opened. */
static void
show_markers (SlWindow *self,
              int       marker)
{
  SlMarkersWindow *markers;

  if (self->game == NULL)
    return;
  markers = sl_markers_window_new (GTK_WINDOW (self), self->game);
  gtk_window_present (GTK_WINDOW (markers));
  if (marker > 0)
    sl_markers_window_show_marker (markers, marker);
}

/* Private Views on Phones: the sharing window of the game's server. */
static void
phones_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);

  if (self->game == NULL)
    return;
  if (self->phones == NULL)
    self->phones = sl_server_new (self->game);
  if (self->phones_window == NULL)
    g_set_weak_pointer (&self->phones_window, sl_phones_window_new (GTK_WINDOW (self), self->phones));
  gtk_window_present (GTK_WINDOW (self->phones_window));
}

static void
markers_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  show_markers (SL_WINDOW (widget), 0);
}

/* The private view is made the first time it is asked for: a game opens
 * without it (its forms and icons cost start-up time), and nothing of it
 * exists on the shared screen until then. */
static void
ensure_private_view (SlWindow *self)
{
  if (self->private_view != NULL)
    return;
  self->private_view = sl_private_view_new ();
  g_signal_connect_swapped (self->private_view, "done", G_CALLBACK (sl_window_close_private), self);
  sl_private_view_set_game (self->private_view, self->game);
  gtk_stack_add_named (self->screen, GTK_WIDGET (self->private_view), "private");
  sl_a11y_name_page (self->screen, "private", _("Private view"));
}

/* The private view covers the whole window (nothing of the table shows
 * around it) until it is closed: by Escape, Ctrl+H, its Close button or
 * the idle time. */
void
sl_window_close_private (SlWindow *self)
{
  if (!sl_window_private_showing (self))
    return;
  sl_private_view_stop (self->private_view);
  gtk_stack_set_visible_child_name (self->screen, "shared");
  sl_window_update_actions (self);
}

static void
private_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);
  GSettings *settings = sl_window_settings (self);

  if (self->game == NULL)
    return;
  if (sl_window_private_showing (self))
    {
      sl_window_close_private (self);
      return;
    }
  ensure_private_view (self);
  if (settings != NULL)
    sl_private_view_set_idle_seconds (self->private_view, g_settings_get_uint (settings, "private-view-idle"));
  gtk_stack_set_visible_child_name (self->screen, "private");
  sl_private_view_start (self->private_view);
  sl_window_update_actions (self);
}

static void
detect_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);

  if (self->game == NULL || !may_detect (self))
    return;
  sl_window_present_detect (self);
}

/* The scenario's briefing (§10): as a game starts, and from the menu. */
static void
briefing_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);

  if (self->game != NULL)
    gtk_window_present (GTK_WINDOW (sl_briefing_window_new (GTK_WINDOW (self), self->game)));
}

static void
score_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);

  if (self->game != NULL)
    gtk_window_present (GTK_WINDOW (sl_score_window_new (GTK_WINDOW (self), self->game)));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);

  if (self->game != NULL)
    sl_game_undo (self->game);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);

  if (self->game != NULL)
    sl_game_redo (self->game);
}

/* The grouping whose turn it is passes: its turn is over (P-08 step 2). */
static void
pass_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  g_autoptr(JsonNode) command = sl_command_new_pass ();

  if (self->game != NULL && sl_game_apply (self->game, command, &error) == NULL)
    sl_window_toast (self, error->message);
}

/* Moves the clock on; when the rules say something must be resolved
 * first, says what, and opens the sheet of the first fire due. */
static void apply_next (SlWindow *self);

/* "Pass Only …", "Pass All" or Cancel (issue 31 #4). */
static void
next_passes_response_cb (AdwMessageDialog *dialog,
                         const char       *response,
                         SlWindow         *self)
{
  if (self->game == NULL || sl_window_sheet_showing (self))
    return;
  if (g_str_equal (response, "all"))
    apply_next (self);
  else if (g_str_equal (response, "one"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.pass", NULL);
}

/* Next would end the turn of several groupings with units still to
 * decide, as the table model says: it asks first, naming them, and
 * offers to pass only the one whose turn it is (P-08 step 2). */
static gboolean
ask_next_passes (SlWindow *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  GArray *passes = sl_table_model_get_next_passes (sl_table_model_get_for_game (self->game));
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *body = NULL;
  g_autofree char *one = NULL;
  const char *first;
  AdwMessageDialog *dialog;

  if (passes->len < 2)
    return FALSE;
  first = sl_setup_grouping_at (setup, g_array_index (passes, int, 0))->name;
  for (guint i = 0; i < passes->len; i++)
    {
      if (i > 0)
        /* Translators: between the groupings named: "A, B and C" */
        g_string_append (names, i + 1 == passes->len ? _(" and ") : _(", "));
      g_string_append (names, sl_setup_grouping_at (setup, g_array_index (passes, int, i))->name);
    }
  /* Translators: %u is at least 2, then the groupings' names. */
  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Next ends the turn of %u groupings whose units have still to act: %s. Those units do nothing new in this subphase (P-08 step 2).",
                                       "Next ends the turn of %u groupings whose units have still to act: %s. Those units do nothing new in this subphase (P-08 step 2).",
                                       passes->len),
                          passes->len, names->str);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Pass Several Groupings?"), body));
  /* Translators: "Pass Only TOG Fire Team 1" */
  one = g_strdup_printf (_("Pass _Only %s"), first);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "one", one, "all", _("Pass _All"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "all", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "one");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (next_passes_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* "Begin Play", "Hide Units…" or Cancel (issue 31 #5). */
static void
hiding_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    SlWindow         *self)
{
  if (self->game == NULL || sl_window_sheet_showing (self))
    return;
  if (g_str_equal (response, "go"))
    apply_next (self);
  else if (g_str_equal (response, "private"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.private", NULL);
}

/* Next would begin play while units that may hide lie under no pile
 * (the table model's count, P-28, §9.1): it says how many, never which,
 * and asks. */
static gboolean
ask_hiding (SlWindow *self)
{
  guint to_place = 0;
  gboolean next_ends = FALSE;
  guint n = sl_table_model_get_not_under_pile (sl_table_model_get_for_game (self->game), &to_place, &next_ends);
  g_autofree char *count = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  if (n == 0 || !next_ends)
    return FALSE;
  /* "3 units that may hide are not under a pile yet" */
  count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u unit that may hide is not under a pile yet",
                                        "%u units that may hide are not under a pile yet", n),
                           n);
  if (to_place > 0)
    /* Translators: the count above, then how many of them the scenario hid. */
    body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%s, %u of them hidden by the scenario. Once play begins, no unit can hide any more (P-28, §9.1).",
                                         "%s, %u of them hidden by the scenario. Once play begins, no unit can hide any more (P-28, §9.1).",
                                         to_place),
                            count, to_place);
  else
    /* Translators: the count above. */
    body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%s: it may hide by agreement. Once play begins, no unit can hide any more (P-28, §9.1).",
                                         "%s: they may hide by agreement. Once play begins, no unit can hide any more (P-28, §9.1).",
                                         n),
                            count);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Begin Play?"), body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "private", _("_Hide Units…"),
                                    "go", _("_Begin Play"), NULL);
  adw_message_dialog_set_default_response (dialog, "private");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (hiding_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);

  if (self->game == NULL || ask_hiding (self) || ask_next_passes (self))
    return;
  apply_next (self);
}

static void
apply_next (SlWindow *self)
{
  g_autoptr(JsonNode) command = sl_command_new_next ();
  g_autoptr(GError) error = NULL;

  if (sl_game_apply (self->game, command, &error) == NULL)
    {
      const SlState *state = sl_game_get_state (self->game);

      /* Not for the rules to say: the change before it is not saved. */
      if (error->domain == SL_GAME_ERROR)
        sl_window_toast (self, error->message);
      else if (state->phase == SL_PHASE_INITIATIVE && !state->initiative_done)
        {
          /* P-04: the turn starts with initiative. */
          SlInitiativeSheet *sheet = sl_initiative_sheet_new (GTK_WINDOW (self), self->game);

          sl_sheet_present (SL_SHEET (sheet));
        }
      else if (!sl_window_resolve_due (self, -1))
        sl_window_toast (self, error->message);
    }
}

/* The history shown or put away (F9): beside the squad logs in a wide
 * window, over them in a narrow one. */
static void
history_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);

  if (self->game != NULL)
    adw_flap_set_reveal_flap (self->flap, !adw_flap_get_reveal_flap (self->flap));
}

/* The rules reference (F1, the main menu): where it was left, or on the
 * game's page, or on its search. It reads no secret, so the private view
 * need not be closed. */
static void
reference_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  SlWindow *self = SL_WINDOW (widget);
  SlReferenceWindow *reference = sl_window_get_reference (self);

  if (sl_reference_window_get_shown (reference) == NULL && self->game != NULL)
    sl_reference_window_show_game (reference);
  gtk_window_present (GTK_WINDOW (reference));
  sl_reference_window_focus_search (reference);
}

/* The keyboard shortcuts window (Ctrl+?), built the first time it is asked
 * for: GTK would build gtk/help-overlay.ui with every window, a few
 * hundred widgets, before the window first shows. */
static void
show_help_overlay_cb (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       data)
{
  SlWindow *self = SL_WINDOW (data);

  if (self->shortcuts == NULL)
    {
      g_autoptr(GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/squadlog/SquadLog/shortcuts-window.ui");

      self->shortcuts = g_object_ref (GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
      gtk_window_set_transient_for (self->shortcuts, GTK_WINDOW (self));
      gtk_window_set_hide_on_close (self->shortcuts, TRUE);
    }
  gtk_window_present (self->shortcuts);
}

/* The window's actions and their keys (sl_window_class_init): the
 * template is set already, for its callbacks here. */
void
sl_window_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.continue", NULL, continue_action);
  gtk_widget_class_install_action (widget_class, "win.options", NULL, options_action);
  gtk_widget_class_install_action (widget_class, "win.score", NULL, score_action);
  gtk_widget_class_install_action (widget_class, "win.briefing", NULL, briefing_action);
  gtk_widget_class_install_action (widget_class, "win.mine", NULL, mine_action);
  gtk_widget_class_install_action (widget_class, "win.ambush", NULL, ambush_action);
  gtk_widget_class_install_action (widget_class, "win.exposure", NULL, exposure_action);
  gtk_widget_class_install_action (widget_class, "win.private", NULL, private_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.private", NULL);
  gtk_widget_class_install_action (widget_class, "win.detect", NULL, detect_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK, "win.detect", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK, "win.mine", NULL);
  gtk_widget_class_install_action (widget_class, "win.markers", NULL, markers_action);
  gtk_widget_class_install_action (widget_class, "win.phones", NULL, phones_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_H, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.phones", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK, "win.markers", NULL);
  gtk_widget_class_install_action (widget_class, "win.builder", NULL, builder_action);
  gtk_widget_class_install_action (widget_class, "win.scenario-editor", NULL, scenario_editor_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_b, GDK_CONTROL_MASK, "win.builder", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_k, GDK_CONTROL_MASK, "win.score", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK, "win.briefing", NULL);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "win.print", NULL);
  gtk_widget_class_install_action (widget_class, "win.print-blank", NULL, print_blank_action);
  gtk_widget_class_install_action (widget_class, "win.print-squad", "s", print_squad_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "win.pass", NULL, pass_action);
  gtk_widget_class_install_action (widget_class, "win.reference", NULL, reference_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F1, 0, "win.reference", NULL);
  gtk_widget_class_install_action (widget_class, "win.history", NULL, history_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.history", NULL);
  /* The dice mode, the "app-rolls" property sl_window_class_init installs. */
  gtk_widget_class_install_property_action (widget_class, "win.app-rolls", "app-rolls");

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "win.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "win.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.pass", NULL);
  gtk_widget_class_bind_template_callback (widget_class, show_markers);
}

/* The actions of the window's own action group (sl_window_init). */
void
sl_window_init_actions (SlWindow *self)
{
  static const GActionEntry entries[] = {
    { .name = "show-help-overlay", .activate = show_help_overlay_cb },
  };

  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
}
