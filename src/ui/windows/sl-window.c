/* sl-window.c: the main window — the start page, and the table screen:
 * the subphase track, each squad's log and the history; the game opened,
 * shown, saved and closed. Its other parts share its struct through
 * sl-window-private.h: the sheets it opens (sl-window-sheets.c), a unit
 * picked on the table (sl-window-typing.c), its actions
 * (sl-window-actions.c).
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "sl-a11y.h"
#include "sl-file.h"
#include "sl-options.h"
#include "sl-preferences.h"
#include "sl-reference.h"
#include "sl-rule-links.h"
#include "sl-secrets.h"
#include "sl-squad-log.h"
#include "sl-table-model.h"
#include "sl-wrap-bin.h"
#include "sl-ui-util.h"
#include "sl-window-private.h"

/* Seconds between two tries at saving a change held. */
#define RETRY_SECONDS 3

G_DEFINE_FINAL_TYPE (SlWindow, sl_window, ADW_TYPE_APPLICATION_WINDOW)

SlRules *
sl_window_rules (SlWindow *self)
{
  SlApplication *app = SL_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));

  return app ? sl_application_get_rules (app) : NULL;
}

GSettings *
sl_window_settings (SlWindow *self)
{
  SlApplication *app = SL_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));

  return app ? sl_application_get_settings (app) : NULL;
}

/* The last game played, to continue it (every command was saved as it
 * was applied, so nothing of it is lost). */
char *
sl_window_last_game_path (SlWindow *self)
{
  GSettings *settings = sl_window_settings (self);
  g_autofree char *path = settings ? g_settings_get_string (settings, "last-game") : NULL;

  if (path == NULL || *path == '\0' || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return NULL;
  return g_steal_pointer (&path);
}

static void
remember_last_game (SlWindow   *self,
                    const char *path)
{
  GSettings *settings = sl_window_settings (self);
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);

  if (settings != NULL)
    g_settings_set_string (settings, "last-game", path);
  /* Recent files, as every GNOME app keeps them. */
  if (uri != NULL)
    {
      GtkRecentData data = { 0 };

      data.mime_type = (char *) "application/x-squadlog";
      data.app_name = (char *) g_get_application_name ();
      data.app_exec = (char *) "squadlog %f";
      gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
    }
}

/* A toast, its rules cited with their book sections and linked to the
 * rules reference (a refusal names the rule that refuses). */
void
sl_window_toast (SlWindow   *self,
                 const char *text)
{
  AdwToast *t = sl_rule_links_toast_new (text);

  adw_toast_set_timeout (t, 6);
  adw_toast_overlay_add_toast (self->toasts, t);
}

/* Newest first. */
static int
compare_recent (GtkRecentInfo *a,
                GtkRecentInfo *b)
{
  GDateTime *ta = gtk_recent_info_get_modified (a);
  GDateTime *tb = gtk_recent_info_get_modified (b);

  return g_date_time_compare (tb, ta);
}

static void
recent_activated_cb (GtkListBox    *list,
                     GtkListBoxRow *row,
                     SlWindow      *self)
{
  const char *path = g_object_get_data (G_OBJECT (row), "path");
  g_autoptr(GFile) file = g_file_new_for_path (path);

  sl_window_open_file (self, file);
}

/* A row of the recent games for @path, unless it is @last, listed
 * already, or gone. */
static gboolean
add_recent_row (SlWindow   *self,
                GHashTable *listed,
                const char *path,
                const char *last)
{
  g_autofree char *base = NULL;
  g_autofree char *dir = NULL;
  GtkWidget *row;

  if (path == NULL || !g_str_has_suffix (path, ".squadlog") || g_strcmp0 (path, last) == 0 ||
      g_hash_table_contains (listed, path) || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return FALSE;
  g_hash_table_add (listed, g_strdup (path));
  base = g_path_get_basename (path);
  dir = g_path_get_dirname (path);
  row = sl_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), base);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), dir);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data_full (G_OBJECT (row), "path", g_strdup (path), g_free);
  gtk_list_box_append (self->recent_list, row);
  return TRUE;
}

typedef struct
{
  char   *path;
  gint64  modified;
} GameFile;

static void
game_file_clear (gpointer data)
{
  g_free (((GameFile *) data)->path);
}

static int
compare_game_files (gconstpointer a,
                    gconstpointer b)
{
  gint64 ma = ((const GameFile *) a)->modified, mb = ((const GameFile *) b)->modified;

  return ma < mb ? 1 : ma > mb ? -1 : 0;
}

/* The games kept where new games go (~/.local/share/squadlog/games),
 * newest first: there to reopen even when the desktop keeps no recent
 * files (issue 31 #8). */
static GArray *
kept_games (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "squadlog", "games", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  GArray *games = g_array_new (FALSE, FALSE, sizeof (GameFile));
  const char *name;

  g_array_set_clear_func (games, game_file_clear);
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      GameFile g = { g_build_filename (dir, name, NULL), 0 };
      GStatBuf st;

      if (!g_str_has_suffix (name, ".squadlog") || g_stat (g.path, &st) != 0)
        {
          g_free (g.path);
          continue;
        }
      g.modified = st.st_mtime;
      g_array_append_val (games, g);
    }
  g_array_sort (games, compare_game_files);
  return games;
}

/* The other games played lately (recent files, newest first, then the
 * games kept where new games go), besides the one to continue. */
static void
show_recent (SlWindow   *self,
             const char *last)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr(GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) kept = NULL;
  GtkWidget *child;
  int shown = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))) != NULL)
    gtk_list_box_remove (self->recent_list, child);
  items = g_list_sort (items, (GCompareFunc) compare_recent);
  for (GList *l = items; l != NULL && shown < 5; l = l->next)
    {
      g_autofree char *path = g_filename_from_uri (gtk_recent_info_get_uri (l->data), NULL, NULL);

      shown += add_recent_row (self, listed, path, last);
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  kept = kept_games ();
  for (guint i = 0; i < kept->len && shown < 5; i++)
    shown += add_recent_row (self, listed, g_array_index (kept, GameFile, i).path, last);
  gtk_widget_set_visible (GTK_WIDGET (self->recent_list), shown > 0);
}

/* Below these heights the start page is compact (a smaller icon, less
 * space around it), then without its icon: 1024 × 700 and 800 × 600 show
 * it whole, with the game to continue and the recent ones. */
#define COMPACT_HEIGHT 800

#define TINY_HEIGHT 640

static void
set_start_icon (SlWindow   *self,
                const char *icon)
{
  self->start_icon = icon;
  adw_status_page_set_icon_name (self->status_page, self->tiny ? NULL : icon);
}

/* The start page: which rules are in force, or why they could not be
 * loaded — a group editing house rules sees the file, the entry and the
 * problem — and the way into a game. */
static void
show_rules (SlWindow *self)
{
  SlApplication *app = SL_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  SlRules *rules = app ? sl_application_get_rules (app) : NULL;
  g_autofree char *description = NULL;
  g_autofree char *last = NULL;

  if (rules == NULL)
    {
      const GError *error = app ? sl_application_get_rules_error (app) : NULL;

      set_start_icon (self, "dialog-error-symbolic");
      adw_status_page_set_title (self->status_page, _("The Rules Cannot Be Used"));
      sl_status_page_set_description (self->status_page,
                                       error ? error->message : _("The rules were not loaded."));
      gtk_widget_set_visible (adw_status_page_get_child (self->status_page), FALSE);
      return;
    }

  description = g_strdup_printf (
    /* The rules file's path is a developer's detail: About says it
     * (Troubleshooting), not the players' start page (issue 31 #8). */
    _("%s (%s)\n%u troop types, %u races, %u suits, %u weapons and %u actions; %u rule options."),
    rules->title, rules->edition,
    rules->troops.items->len, rules->races.items->len, rules->armor.items->len,
    rules->weapons.items->len, rules->actions.items->len,
    sl_option_set_size (rules->options));
  /* The icon is set here rather than in the template: a game opened from
   * the command line never shows this page, and loading the 128-pixel
   * icon (an SVG, and the SVG library with it) slowed its start. */
  set_start_icon (self, APPLICATION_ID);
  adw_status_page_set_title (self->status_page, _("Squad Log"));
  sl_status_page_set_description (self->status_page, description);
  gtk_widget_set_visible (adw_status_page_get_child (self->status_page), TRUE);

  last = sl_window_last_game_path (self);
  if (last != NULL)
    {
      g_autofree char *base = g_path_get_basename (last);
      g_autofree char *label = g_strdup_printf (_("_Continue “%s”"), base);

      gtk_button_set_label (self->continue_button, label);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->continue_button), last != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.continue", last != NULL);
  show_recent (self, last);
}

/* "Turn 3 of 12 · Action Phase · subphase 7 · ranged fire" */
static void
update_title (SlWindow *self)
{
  /* With a game, the table model's "title" and "clock" are bound
   * (sl_window_init). */
  if (self->game != NULL)
    return;
  adw_window_title_set_title (self->window_title, _("Squad Log"));
  adw_window_title_set_subtitle (self->window_title, NULL);
  gtk_window_set_title (GTK_WINDOW (self), _("Squad Log"));
}

/* Before play, with the detection rules: the sides that have hidden units
 * to place under piles are told to do it now, in the private view, and
 * everyone that other units may hide by agreement (P-28, §9.1): the table
 * model's words, the keys the window's. NULL when nobody may hide. */
static char *
hiding_words (SlWindow *self)
{
  gboolean may_hide = FALSE;
  g_autofree char *to_place = sl_table_model_get_hiding (sl_table_model_get_for_game (self->game), &may_hide);

  if (to_place != NULL)
    return g_strdup_printf (may_hide ? _("Before play: %s. Do it now in the private view (Ctrl+H); other units may hide there too, by agreement (P-28, §9.1).")
                                     : _("Before play: %s. Do it now in the private view (Ctrl+H) (P-28)."),
                            to_place);
  if (may_hide)
    return g_strdup (_("Before play: units may hide now in the private view (Ctrl+H), by agreement between the players (P-28, §9.1)."));
  return NULL;
}

/* What the table does now, in a sentence: what the rules want resolved
 * before the clock moves on (the core's own words), or what comes next. */
static void
update_prompt (SlWindow *self)
{
  const char *sentence = NULL;
  g_autofree char *text = NULL;

  if (self->game == NULL)
    return;
  /* The table model's: what is due (Next's refusal, naming it), whose
   * turn it is (P-06 step 5, P-08 step 2); the keys are the window's. */
  switch (sl_table_model_get_prompt (sl_table_model_get_for_game (self->game), &sentence))
    {
    case SL_PROMPT_OVER:
      g_clear_pointer (&self->prompt_text, g_free);
      gtk_label_set_text (self->prompt, _("The game is over. The score is under Objectives and Score (Ctrl+K); undo to go back, or start a new game."));
      return;
    case SL_PROMPT_DUE:
      text = g_strdup_printf (_("%s Press Next (Ctrl+Return) to resolve it."), sentence);
      break;
    case SL_PROMPT_TURN:
      text = g_strdup_printf (_("%s Type a counter number or click a marker to declare; Pass (Ctrl+E) ends the grouping’s turn."),
                              sentence);
      break;
    case SL_PROMPT_DECLARE:
      text = g_strdup (_("Units may act in initiative order: type a counter number or click a marker on the track. Press Next when everyone has acted."));
      break;
    case SL_PROMPT_NEXT:
    default:
      text = g_strdup (_("Press Next (Ctrl+Return) to go on."));
      break;
    }
  {
    g_autofree char *hiding = hiding_words (self);

    if (hiding != NULL)
      {
        g_autofree char *both = g_strdup_printf ("%s %s", hiding, text);

        g_free (text);
        text = g_steal_pointer (&both);
      }
  }
  /* Told by several values at once: the label is set once. */
  if (g_strcmp0 (text, self->prompt_text) == 0)
    return;
  sl_rule_links_set_label (self->prompt, text);
  g_free (self->prompt_text);
  self->prompt_text = g_steal_pointer (&text);
}

static GParamSpec *outcome_pspec;

/* The last result, until the next one (issue 31 #3): the table model's
 * words, on the table under the prompt; the "outcome" property changes
 * with it, for a screen reader to tell (issue 32). */
static void
update_outcome (SlWindow *self)
{
  const SlTableOutcome *o = self->game != NULL
                            ? sl_table_model_get_outcome (sl_table_model_get_for_game (self->game)) : NULL;
  g_autofree char *text = NULL;

  if (o != NULL)
    /* Translators: the last result on the table: "Last result (Turn 2 ·
     * subphase 3): Trooper Hale fires at …" */
    text = g_strdup_printf (_("Last result (%s): %s"), o->when, o->sentence);
  gtk_widget_set_visible (self->outcome_box, text != NULL);
  if (g_strcmp0 (text, self->outcome_text) == 0)
    return;
  sl_rule_links_set_label (self->outcome, text);
  g_free (self->outcome_text);
  self->outcome_text = g_steal_pointer (&text);
  g_object_notify_by_pspec (G_OBJECT (self), outcome_pspec);
}

const char *
sl_window_get_outcome (SlWindow *self)
{
  g_return_val_if_fail (SL_IS_WINDOW (self), NULL);
  return self->outcome_text;
}

/* Whether @widget is one of the table's, with no description of its own:
 * a marker of the track, a squad log's line, a button of the header bar. */
gboolean
sl_window_table_widget (SlWindow  *self,
                        GtkWidget *widget)
{
  GtkWidget *buttons[] = { self->next_button, self->pass_button, self->undo_button, self->redo_button,
                           self->history_button, GTK_WIDGET (self->primary_menu_button) };

  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    if (widget == buttons[i] || gtk_widget_is_ancestor (widget, buttons[i]))
      return TRUE;
  return gtk_widget_is_ancestor (widget, GTK_WIDGET (self->track)) ||
         gtk_widget_is_ancestor (widget, GTK_WIDGET (self->squads));
}

/* Issue 21 #9: a screen reader hears what changed at the table (the
 * clock, the grouping whose turn it is, the hint) where the player is.
 * GTK 4.8 has no announcements (gtk_accessible_announce() is 4.14's): the
 * clock and the prompt become the accessible description of the widget
 * with the keyboard focus when it is one of the table's, which a screen
 * reader reads out as it changes; the prompt itself is a status (a live
 * region) for those elsewhere. */
void
sl_window_announce (SlWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  g_autofree char *text = NULL;

  /* Issue 32 #2: under a sheet, where the focus goes back when it closes
   * (the sheet's command applied closes it): heard as it lands there. */
  if (sl_sheet_host_get_shown (self->sheet_host) != NULL)
    focus = sl_sheet_host_get_return_focus (self->sheet_host);
  if (focus != NULL && (self->game == NULL || !sl_window_table_widget (self, focus)))
    focus = NULL;
  if (self->announced != NULL && self->announced != focus)
    sl_a11y_tell (self->announced, NULL);
  g_set_weak_pointer (&self->announced, focus);
  if (focus == NULL)
    return;
  /* Heard first: the change just made is not saved (issue 30 #8). */
  if (self->file_problem == FILE_UNSAVED)
    text = g_strdup (gtk_label_get_text (self->file_bar_label));
  else
    /* Translators: what a screen reader hears as the game changes: the
     * clock ("Turn 3 of 12 · Action Phase · subphase 7"), then the hint. */
    text = g_strdup_printf (_("%s. %s"), adw_window_title_get_subtitle (self->window_title),
                            gtk_label_get_text (self->prompt));
  /* First what the change did: the command's outcome, what Undo or Redo
   * changed (sl_journal_mark_tell). */
  if (self->told_outcome != NULL)
    {
      char *both = g_strdup_printf ("%s\n%s", self->told_outcome, text);

      g_free (text);
      text = both;
    }
  sl_a11y_tell (focus, text);
}

gboolean
sl_window_private_showing (SlWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->screen), "private") == 0;
}

/* A sheet is shown over the table: the table waits for it. */
gboolean
sl_window_sheet_showing (SlWindow *self)
{
  return sl_sheet_host_get_shown (self->sheet_host) != NULL;
}

/* The game shown holds a change its file does not (sl_game_get_unsaved). */
gboolean
sl_window_held (SlWindow *self)
{
  return self->game != NULL && sl_game_get_unsaved (self->game) != NULL;
}

/* A sheet shown over the table, or the last one gone. */
static void
sheet_shown_cb (SlWindow *self)
{
  sl_window_update_actions (self);
}

/* The game is put away: what its replay reached is kept for the next time
 * its file opens (sl_game_load_cached). A game changed since it was last
 * saved writes nothing. */
static void
keep_opening_cache (SlGame *game)
{
  g_autoptr(GError) error = NULL;

  if (game != NULL && !sl_game_write_cache (game, &error))
    g_debug ("The opening cache could not be written: %s", error->message);
}

static gboolean
cache_timeout_cb (gpointer data)
{
  SlWindow *self = data;

  self->cache_id = 0;
  keep_opening_cache (self->game);
  return G_SOURCE_REMOVE;
}

static void
show_file_bar (SlWindow    *self,
               FileProblem  problem)
{
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  self->file_problem = problem;
  if (problem == FILE_WRITABLE || self->game == NULL || sl_game_get_path (self->game) == NULL)
    {
      self->file_problem = FILE_WRITABLE;
      gtk_widget_set_visible (GTK_WIDGET (self->file_bar), FALSE);
      return;
    }
  name = g_filename_display_basename (sl_game_get_path (self->game));
  if (problem == FILE_ELSEWHERE)
    text = g_strdup_printf (_("“%s” is open in another window or in squadlog play: it is only shown here, and nothing is recorded. Try again once it is closed there."),
                            name);
  else if (problem == FILE_CHANGED)
    text = g_strdup_printf (_("“%s” was changed by another program: it was not written over, so the last change shown here is not in it, and nothing more is recorded here. Reload it to go on from what it holds now."),
                            name);
  else
    /* Translators: %s says why the save failed, in a sentence or two. */
    text = g_strdup_printf (_("Not saved: the last change shown here is not in the game's file. %s It is saved as soon as the disk takes it, and nothing more is recorded until then; Undo takes it back."),
                            sl_game_get_unsaved (self->game));
  gtk_label_set_text (self->file_bar_label, text);
  gtk_info_bar_set_message_type (self->file_bar, problem == FILE_UNSAVED ? GTK_MESSAGE_ERROR : GTK_MESSAGE_WARNING);
  gtk_button_set_label (GTK_BUTTON (self->file_bar_button),
                        problem == FILE_ELSEWHERE ? _("_Try Again")
                        : problem == FILE_CHANGED ? _("_Reload") : _("_Retry"));
  gtk_widget_set_visible (GTK_WIDGET (self->file_bar), TRUE);
}

static void save_now (SlWindow *self);

/* The bar's button: saves a change held once more, or opens the game's
 * file again from the disk, letting go of this copy's hold on it first. */
static void
file_bar_response_cb (SlWindow *self,
                      int       response)
{
  g_autoptr(GFile) file = NULL;

  if (self->game == NULL || sl_game_get_path (self->game) == NULL)
    return;
  if (self->file_problem == FILE_UNSAVED)
    {
      save_now (self);
      return;
    }
  file = g_file_new_for_path (sl_game_get_path (self->game));
  sl_game_release_file (self->game);
  if (sl_window_open_file (self, file) && !sl_game_get_read_only (self->game))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->file_bar), FALSE);
      sl_window_toast (self, _("The game is recorded here again."));
    }
}

/* Saved: a change held is no more — the bar goes, and the players are
 * told. */
static void
show_saved (SlWindow *self)
{
  g_clear_handle_id (&self->retry_id, g_source_remove);
  if (self->file_problem != FILE_UNSAVED)
    return;
  show_file_bar (self, FILE_WRITABLE);
  sl_window_update_actions (self);
  sl_window_toast (self, _("The game is saved: its file holds everything shown."));
}

static gboolean
retry_cb (gpointer data)
{
  SlWindow *self = data;

  self->retry_id = 0;
  save_now (self);
  return G_SOURCE_REMOVE;
}

/* Nothing lost: the game is written (atomically) after every change. A
 * change that cannot be saved (a full disk) is held — shown, with the bar
 * saying it is not saved and why, and tried again every few seconds and
 * at Retry — and the core records nothing more on top of it
 * (sl_game_get_unsaved): at most one change is ever at stake, the one the
 * table sees marked. Withdrawn instead, a result the players saw — the
 * dice the app rolled, a detection — would be rolled again. */
static void
save_now (SlWindow *self)
{
  g_autoptr(GError) error = NULL;
  const char *path;

  if (self->game == NULL || (path = sl_game_get_path (self->game)) == NULL ||
      sl_game_get_read_only (self->game))
    return;
  if (!sl_game_save (self->game, path, &error))
    {
      g_clear_handle_id (&self->retry_id, g_source_remove);
      if (g_error_matches (error, SL_GAME_ERROR, SL_GAME_ERROR_CHANGED))
        {
          /* Not written over, and nothing more recorded here that could
           * not be saved: the players reload what the file holds now. */
          sl_game_set_read_only (self->game, TRUE);
          show_file_bar (self, FILE_CHANGED);
          return;
        }
      show_file_bar (self, FILE_UNSAVED);
      self->retry_id = g_timeout_add_seconds (RETRY_SECONDS, retry_cb, self);
      sl_window_update_actions (self);
      return;
    }
  show_saved (self);
  /* And, once play has paused, the opening cache: the game opens quickly
   * next time even if this session does not end well. */
  g_clear_handle_id (&self->cache_id, g_source_remove);
  self->cache_id = g_timeout_add_seconds (10, cache_timeout_cb, self);
}

static void
game_changed_cb (SlWindow *self)
{
  gboolean over = sl_game_get_state (self->game)->over;

  /* At once, before anything else can happen: a crash or a power cut
   * after a command was acknowledged must not lose it; and the table says
   * at once if it could not be saved. */
  save_now (self);
  sl_sheet_host_content_changed (self->sheet_host);
  /* The game has just ended: the score (P-40). */
  if (over && !self->was_over)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.score", NULL);
  self->was_over = over;
  /* The prompt and the last result follow the table model's values
   * (prompt_changed_cb, outcome_changed_cb): the model follows the game's
   * `changed` first (it is made before this handler is connected), so
   * they are the new ones when they are told here. */
  g_free (self->told_outcome);
  self->told_outcome = sl_journal_mark_tell (&self->told, self->game);
  sl_window_announce (self);
  sl_window_prepare_later (self);
}

/* The phones' server stops when its game closes: every phone's socket
 * closed, every token forgotten. */
static void
drop_phones (SlWindow *self,
             SlGame   *game)
{
  if (self->phones == NULL || (game != NULL && sl_server_get_game (self->phones) == game))
    return;
  if (self->phones_window != NULL)
    gtk_window_destroy (GTK_WINDOW (self->phones_window));
  sl_server_stop (self->phones);
  g_clear_object (&self->phones);
}

/* Shows @game (or the start page without one). */
void
sl_window_set_game (SlWindow *self,
                    SlGame   *game)
{
  GtkWidget *child;

  g_return_if_fail (SL_IS_WINDOW (self));

  gtk_widget_set_visible (GTK_WIDGET (self->file_bar), FALSE);
  self->file_problem = FILE_WRITABLE;
  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_handle_id (&self->cache_id, g_source_remove);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  if (self->game != game)
    keep_opening_cache (self->game);
  drop_phones (self, game);
  /* Let go of the old game's table model before the old game: it is the
   * game's, and goes with it. */
  g_binding_group_set_source (self->table_bindings, NULL);
  g_signal_group_set_target (self->table_signals, NULL);
  g_signal_group_set_target (self->game_signals, NULL);
  g_set_object (&self->game, game);
  sl_journal_mark_set (&self->told, game);
  g_clear_pointer (&self->told_outcome, g_free);
  g_binding_group_set_source (self->table_bindings, game != NULL ? sl_table_model_get_for_game (game) : NULL);
  g_signal_group_set_target (self->table_signals, game != NULL ? sl_table_model_get_for_game (game) : NULL);
  g_signal_group_set_target (self->game_signals, game);
  /* Saved at once after every command, on the disk a moment later: a key
   * press never waits for the disk (sl_game_flush() when closing). */
  if (game != NULL)
    sl_game_set_flush_in_background (game, TRUE);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->squads))) != NULL)
    gtk_box_remove (self->squads, child);
  sl_window_drop_ahead (self);
  if (game != NULL)
    sl_window_prepare_later (self);
  sl_window_close_private (self);
  if (self->private_view != NULL)
    sl_private_view_set_game (self->private_view, game);
  sl_track_view_set_game (self->track, game);
  sl_history_view_set_game (self->history, game);
  if (self->reference != NULL)
    sl_reference_window_set_game (self->reference, game);
  if (game != NULL)
    {
      const SlSetup *setup = sl_game_get_setup (game);

      for (guint i = 0; i < setup->squads->len; i++)
        {
          GtkWidget *log = sl_squad_log_new (game, i);

          g_signal_connect_swapped (log, "unit-activated", G_CALLBACK (sl_window_show_unit), self);
          gtk_box_append (self->squads, log);
        }
      self->changed_id = g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb), self);
      self->was_over = sl_game_get_state (game)->over;
      if (sl_game_get_path (game) != NULL)
        remember_last_game (self, sl_game_get_path (game));
      gtk_stack_set_visible_child_name (self->stack, "table");
    }
  else
    {
      show_rules (self);
      gtk_stack_set_visible_child_name (self->stack, "start");
    }
  update_title (self);
  update_prompt (self);
  update_outcome (self);
  sl_window_update_print_menu (self);
  sl_window_update_actions (self);
}

SlGame *
sl_window_get_game (SlWindow *self)
{
  g_return_val_if_fail (SL_IS_WINDOW (self), NULL);
  return self->game;
}

/* A bad file: a dialog naming the file and the problem; nothing else
 * changes, and the file is not touched. */
void
sl_window_show_error (SlWindow   *self,
                      const char *heading,
                      const char *body)
{
  g_autofree char *cited = sl_reference_cite (NULL, body);
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, cited));
  /* The rules a refusal cites, as links to the rules reference. */
  GtkWidget *links = sl_rule_links_cited_new (body);

  if (links != NULL)
    adw_message_dialog_set_extra_child (dialog, links);
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  /* The reason heard with what takes the focus (issue 32 #6). */
  sl_a11y_describe_dialog (dialog, cited);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The game shown holds a change not saved, and is writable: another is
 * not opened over it, and the players are told why. A game only shown
 * (changed by another program) gives way: its bar says what is lost. */
static gboolean
refuse_to_replace (SlWindow *self,
                   GFile    *file)
{
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  if (!sl_window_held (self) || sl_game_get_read_only (self->game))
    return FALSE;
  name = file != NULL ? g_file_get_basename (file) : NULL;
  heading = name != NULL ? g_strdup_printf (_("Cannot Open “%s”"), name) : g_strdup (_("Cannot Start the Game"));
  body = g_strdup_printf (_("The last change of the game shown is not saved: %s Save it (Retry, or Save As elsewhere) or undo it first."),
                          sl_game_get_unsaved (self->game));
  sl_window_show_error (self, heading, body);
  return TRUE;
}

gboolean
sl_window_open_file (SlWindow *self,
                     GFile    *file)
{
  SlRules *rules = sl_window_rules (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) game = NULL;
  g_autofree char *path = g_file_get_path (file);

  g_return_val_if_fail (SL_IS_WINDOW (self), FALSE);
  if (rules == NULL)
    return FALSE;
  if (path == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                         _("Only files on this computer can be opened."));
  else
    {
      g_autofree char *cache_dir = sl_application_get_cache_dir ();

      game = sl_game_load_cached (rules, path, cache_dir, NULL, &error);
    }
  return sl_window_show_loaded (self, file, game, error);
}

gboolean
sl_window_show_loaded (SlWindow     *self,
                       GFile        *file,
                       SlGame       *game,
                       const GError *error)
{
  g_return_val_if_fail (SL_IS_WINDOW (self), FALSE);
  g_return_val_if_fail ((game == NULL) != (error == NULL), FALSE);

  if (refuse_to_replace (self, file))
    return FALSE;
  if (game == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *heading = g_strdup_printf (_("Cannot Open “%s”"), name);

      sl_window_show_error (self, heading, error->message);
      return FALSE;
    }
  /* One writer at a time: a game open in another window or in
   * `squadlog play` is not opened here too (issue 19). */
  {
    g_autoptr(GError) lock_error = NULL;

    if (!sl_game_take_file (game, &lock_error))
      {
        if (!g_error_matches (lock_error, SL_GAME_ERROR, SL_GAME_ERROR_LOCKED))
          {
            g_autofree char *name = g_file_get_basename (file);
            g_autofree char *heading = g_strdup_printf (_("Cannot Open “%s”"), name);

            sl_window_show_error (self, heading, lock_error->message);
            return FALSE;
          }
        /* Shown, not played: the other window or `squadlog play` keeps
         * recording; this one can try again once it has let go. */
        sl_game_set_read_only (game, TRUE);
        sl_window_set_game (self, game);
        show_file_bar (self, FILE_ELSEWHERE);
        return TRUE;
      }
  }
  sl_window_set_game (self, game);
  /* A save stopped halfway: opened with the whole entries, and said. */
  if (sl_game_get_load_warning (game) != NULL)
    sl_window_show_error (self, _("The End of the Game File Was Cut Short"),
                          sl_game_get_load_warning (game));
  return TRUE;
}

/* A scenario whose forces break construction rules (P-02 … P-38) does not
 * start: the dialog names each broken rule on a line of its own, in a list
 * that scrolls when they are many (a side in unsealed suits in vacuum
 * breaks T-36 once per soldier). */
static void
show_construction_error (SlWindow      *self,
                         const SlSetup *setup,
                         const GError  *error)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/squadlog/SquadLog/sl-construction-dialog.ui");
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (gtk_builder_get_object (builder, "dialog"));
  GtkListBox *list = GTK_LIST_BOX (gtk_builder_get_object (builder, "list"));
  g_autoptr(GPtrArray) left = sl_setup_unoverridden_problems (setup);
  g_autofree char *body = NULL;
  guint n = 0;

  for (guint i = 0; i < left->len; i++)
    {
      const SlSetupProblem *p = g_ptr_array_index (left, i);
      GtkWidget *label = gtk_label_new (NULL);

      /* The rule broken, a link to the rules reference. */
      sl_rule_links_set_label (GTK_LABEL (label), p->message);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_margin_start (label, 12);
      gtk_widget_set_margin_end (label, 12);
      gtk_widget_set_margin_top (label, 8);
      gtk_widget_set_margin_bottom (label, 8);
      gtk_list_box_append (list, label);
      gtk_list_box_row_set_activatable (gtk_list_box_get_row_at_index (list, n), FALSE);
      n++;
    }
  if (n == 0)
    {
      gtk_window_destroy (GTK_WINDOW (dialog));
      sl_window_show_error (self, _("Cannot Start the Game"), error->message);
      return;
    }
  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "The forces of “%s” break a construction rule. To play anyway, the scenario must list it under “overrides”, as the custom scenario editor’s Play Anyway does.",
                                       "The forces of “%s” break %u construction rules. To play anyway, the scenario must list them under “overrides”, as the custom scenario editor’s Play Anyway does.",
                                       n),
                          setup->name, n);
  adw_message_dialog_set_body (dialog, body);
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
sl_window_new_game (SlWindow   *self,
                    const char *scenario_path,
                    const char *game_path)
{
  SlRules *rules = sl_window_rules (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(SlGame) game = NULL;

  g_return_val_if_fail (SL_IS_WINDOW (self), FALSE);
  if (rules == NULL || refuse_to_replace (self, NULL))
    return FALSE;
  /* The scenario, with the group's own rule options where it sets none. */
  {
    g_autoptr(GBytes) text = NULL;
    g_autoptr(JsonNode) node = NULL;
    SlSetup *setup = NULL;

    if ((text = sl_file_read (scenario_path, SL_FILE_LIMIT_SCENARIO, SL_FILE_READ_DEFAULT, &error)) != NULL &&
        (node = sl_json_parse (g_bytes_get_data (text, NULL), g_bytes_get_size (text), &error)) != NULL)
      {
        sl_preferences_apply_default_options (sl_window_settings (self), node);
        setup = sl_setup_new_from_json (rules, node, &error);
        /* P-02 … P-38: forces built against the rules need the players'
         * word, written under the scenario's overrides. */
        if (setup != NULL && !sl_setup_check_construction (setup, &error))
          {
            show_construction_error (self, setup, error);
            sl_setup_free (setup);
            return FALSE;
          }
      }
    if (setup != NULL)
      game = sl_game_new (rules, setup);
    else
      {
        g_autofree char *display = g_filename_display_name (scenario_path);
        g_autofree char *message = g_strdup_printf ("%s: %s", display, error->message);

        sl_window_show_error (self, _("Cannot Start the Game"), message);
        return FALSE;
      }
  }
  if (!sl_game_save (game, game_path, &error) || !sl_game_take_file (game, &error))
    {
      sl_window_show_error (self, _("Cannot Start the Game"), error->message);
      return FALSE;
    }
  sl_window_set_game (self, game);
  /* The scenario's briefing, once, as the game starts (§10). */
  gtk_widget_activate_action (GTK_WIDGET (self), "win.briefing", NULL);
  return TRUE;
}

gboolean
sl_window_save_as (SlWindow   *self,
                   const char *path)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (SL_IS_WINDOW (self), FALSE);
  if (self->game == NULL)
    return FALSE;
  if (!sl_game_save (self->game, path, &error))
    {
      sl_window_show_error (self, _("Cannot Save the Game"), error->message);
      return FALSE;
    }
  /* A change held is saved with the rest, and the game goes on there. */
  show_saved (self);
  remember_last_game (self, path);
  return TRUE;
}

static gboolean
compact_cb (gpointer data)
{
  SlWindow *self = data;
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  self->compact_id = 0;
  self->compact = height < COMPACT_HEIGHT;
  self->tiny = height < TINY_HEIGHT;
  if (self->compact)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_page), "compact");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_page), "compact");
  set_start_icon (self, self->start_icon);
  return G_SOURCE_REMOVE;
}

/* The start page follows the window's height: after the allocation, as
 * changing its style then would lay the window out again. */
static void
sl_window_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  SlWindow *self = SL_WINDOW (widget);

  GTK_WIDGET_CLASS (sl_window_parent_class)->size_allocate (widget, width, height, baseline);
  if ((self->compact != (height < COMPACT_HEIGHT) || self->tiny != (height < TINY_HEIGHT)) && self->compact_id == 0)
    self->compact_id = g_idle_add (compact_cb, self);
}

SlReferenceWindow *
sl_window_get_reference (SlWindow *self)
{
  g_return_val_if_fail (SL_IS_WINDOW (self), NULL);

  /* Made the first time it is asked for, then kept (closing hides it). */
  if (self->reference == NULL)
    self->reference = g_object_ref_sink (sl_reference_window_new (GTK_WINDOW (self), self->game));
  return self->reference;
}

/* Everything saved is on the disk before the window goes. When syncing
 * in the background failed, the game is written whole once more; when that
 * fails too, the players are told, the change is held (save_now) and the
 * window stays: closing it again asks first. */
static gboolean
flushed_before_closing (SlWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (self->game == NULL || sl_game_flush (self->game, &error))
    return TRUE;
  g_clear_error (&error);
  save_now (self);
  if (!sl_window_held (self) && sl_game_flush (self->game, &error))
    return TRUE;
  sl_window_show_error (self, _("Cannot Save the Game"),
                        error != NULL ? error->message : sl_game_get_unsaved (self->game));
  return FALSE;
}

static gboolean
save_before_closing (GtkWindow *window)
{
  SlWindow *self = SL_WINDOW (window);

  save_now (self);
  return !sl_window_held (self);
}

/* A change not saved is not lost without the players' word: saved once
 * more, then asked about (Cancel, Discard, Save). */
static gboolean
asked_before_closing (SlWindow *self)
{
  g_autofree char *body = NULL;

  if (!sl_window_held (self))
    return FALSE;
  save_now (self);
  if (!sl_window_held (self))
    return FALSE;
  body = g_strdup_printf (_("The last change shown is not in the game's file: %s Closing the window loses it."),
                          sl_game_get_unsaved (self->game));
  return sl_ask_unsaved (GTK_WINDOW (self), body, save_before_closing);
}

/* The window's size and state, kept from one session to the next. */
static gboolean
close_request_cb (SlWindow *self)
{
  GSettings *settings = sl_window_settings (self);
  int width, height;

  if (asked_before_closing (self) || !flushed_before_closing (self))
    return TRUE;
  if (settings == NULL)
    return FALSE;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_delay (settings);
  g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)))
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
  g_settings_apply (settings);
  return FALSE;
}

/* The application is set after construction: its settings and rules. */
static void
application_changed_cb (SlWindow   *self,
                        GParamSpec *pspec,
                        gpointer    user_data)
{
  GSettings *settings = sl_window_settings (self);

  if (settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self), g_settings_get_int (settings, "window-width"),
                                   g_settings_get_int (settings, "window-height"));
      if (g_settings_get_boolean (settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      g_settings_bind (settings, "app-rolls", self, "app-rolls", G_SETTINGS_BIND_DEFAULT);
    }
  sl_window_update_actions (self);
}

enum
{
  PROP_0,
  PROP_APP_ROLLS,
  PROP_OUTCOME,
};

static void
sl_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  SlWindow *self = SL_WINDOW (object);

  switch (prop_id)
    {
    case PROP_APP_ROLLS:
      g_value_set_boolean (value, self->app_rolls);
      break;
    case PROP_OUTCOME:
      g_value_set_string (value, self->outcome_text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sl_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  SlWindow *self = SL_WINDOW (object);

  switch (prop_id)
    {
    case PROP_APP_ROLLS:
      self->app_rolls = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The main menu's popover is made the first time it opens (a popover
 * menu builds a widget for every item). */
static void
create_primary_menu_cb (GtkMenuButton *button,
                        gpointer       data)
{
  SlWindow *self = SL_WINDOW (data);

  if (gtk_menu_button_get_popover (button) == NULL)
    gtk_menu_button_set_menu_model (button, self->primary_menu);
}

static void
sl_window_dispose (GObject *object)
{
  SlWindow *self = SL_WINDOW (object);

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  if (self->table_bindings != NULL)
    g_binding_group_set_source (self->table_bindings, NULL);
  g_clear_object (&self->table_bindings);
  if (self->table_signals != NULL)
    g_signal_group_set_target (self->table_signals, NULL);
  g_clear_object (&self->table_signals);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_handle_id (&self->cache_id, g_source_remove);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  g_clear_handle_id (&self->compact_id, g_source_remove);
  g_clear_handle_id (&self->prepare_id, g_source_remove);
  sl_window_drop_ahead (self);
  g_clear_weak_pointer (&self->announced);
  g_clear_pointer (&self->told_outcome, g_free);
  keep_opening_cache (self->game);
  drop_phones (self, NULL);
  g_clear_weak_pointer (&self->phones_window);
  g_clear_object (&self->game);
  if (self->shortcuts != NULL)
    gtk_window_destroy (self->shortcuts);
  g_clear_object (&self->shortcuts);
  if (self->reference != NULL)
    gtk_window_destroy (GTK_WINDOW (self->reference));
  g_clear_object (&self->reference);
  g_clear_handle_id (&self->typed_id, g_source_remove);
  if (self->typed != NULL)
    {
      g_string_free (self->typed, TRUE);
      self->typed = NULL;
    }
  g_clear_pointer (&self->outcome_text, g_free);
  g_clear_pointer (&self->prompt_text, g_free);
  G_OBJECT_CLASS (sl_window_parent_class)->dispose (object);
}

/* The template (ui/sl-window.ui): its parts and its handlers. */
static void
bind_template (GtkWidgetClass *widget_class)
{
  g_type_ensure (SL_TYPE_TRACK_VIEW);
  g_type_ensure (SL_TYPE_WRAP_BIN);
  g_type_ensure (SL_TYPE_HISTORY_VIEW);
  g_type_ensure (SL_TYPE_PRIVATE_VIEW);
  g_type_ensure (SL_TYPE_SHEET_HOST);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/squadlog/SquadLog/sl-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SlWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, screen);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, sheet_host);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, status_page);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, print_squads_section);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, continue_button);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, track);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, history);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, squads);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, prompt);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, outcome_box);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, outcome);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, history_buttons);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, next_button);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, file_bar);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, file_bar_label);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, pass_button);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, file_bar_button);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, history_button);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, SlWindow, flap);
  gtk_widget_class_bind_template_callback (widget_class, application_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, close_request_cb);
  gtk_widget_class_bind_template_callback (widget_class, sheet_shown_cb);
  gtk_widget_class_bind_template_callback (widget_class, show_rules);
  gtk_widget_class_bind_template_callback (widget_class, recent_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, file_bar_response_cb);
}

static void
sl_window_class_init (SlWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_window_dispose;
  object_class->get_property = sl_window_get_property;
  object_class->set_property = sl_window_set_property;
  widget_class->size_allocate = sl_window_size_allocate;

  bind_template (widget_class);

  /* Dice mode: "we roll our own dice" (default) or "the app rolls". */
  g_object_class_install_property (object_class, PROP_APP_ROLLS,
                                   g_param_spec_boolean ("app-rolls", NULL, NULL, FALSE,
                                                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  /* The last result on the table, as one sentence, or NULL (issue 31 #3):
   * notified when it changes. */
  outcome_pspec = g_param_spec_string ("outcome", NULL, NULL, NULL,
                                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_property (object_class, PROP_OUTCOME, outcome_pspec);

  /* The parts of the window (sl-window-private.h): the win.* actions and
   * their keys, and the counter numbers typed on the table. */
  sl_window_class_init_actions (widget_class);
  sl_window_class_init_typing (widget_class);
}

/* The table model's values the window's actions follow. */
/* The table model's values the prompt and the last result are made of. */
static const char * const table_prompt[] = {
  "notify::prompt-kind", "notify::prompt", "notify::hiding-to-place", "notify::hiding-by-agreement",
};
static const char * const table_outcome[] = { "notify::outcome", "notify::outcome-when" };

static const char * const table_enabling[] = {
  "notify::over", "notify::may-pass", "notify::may-ambush", "notify::may-detect",
  "notify::waiting-mine", "notify::exposure-matters",
};

static void
sl_window_init (SlWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  sl_window_init_actions (self);
  gtk_menu_button_set_create_popup_func (self->primary_menu_button, create_primary_menu_cb, self, NULL);
  /* GTK 4.8 names a menu button's inner toggle, which takes the focus,
   * after its icon: named as the menu instead (issue 21 #9). */
  if (GTK_IS_TOGGLE_BUTTON (gtk_widget_get_first_child (GTK_WIDGET (self->primary_menu_button))))
    sl_a11y_set_name (gtk_widget_get_first_child (GTK_WIDGET (self->primary_menu_button)), _("Main Menu"));
  /* The header bar's buttons by their words, not "GtkImage" (issue 32 #4). */
  sl_a11y_name_by_value (GTK_WIDGET (self));
  sl_a11y_name_page (self->screen, "shared", _("Table and squad logs"));
  sl_a11y_name_page (self->stack, "start", _("Start"));
  sl_a11y_name_page (self->stack, "table", _("Table"));
  self->typed = g_string_new (NULL);
  /* Over the table and the sheets shown over it. */
  sl_quiet_still_pointer (GTK_WIDGET (self->sheet_host));
  /* The shown game's table binds the title; its values and the game's
   * undo and redo enable the actions (issue 33 #2): told only when one
   * changes, never read again after every command. */
  self->table_bindings = g_binding_group_new ();
  g_binding_group_bind (self->table_bindings, "title", self->window_title, "title", G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->table_bindings, "clock", self->window_title, "subtitle", G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->table_bindings, "title", self, "title", G_BINDING_SYNC_CREATE);
  self->table_signals = g_signal_group_new (SL_TYPE_TABLE_MODEL);
  self->game_signals = g_signal_group_new (SL_TYPE_GAME);
  for (guint i = 0; i < G_N_ELEMENTS (table_prompt); i++)
    g_signal_group_connect_swapped (self->table_signals, table_prompt[i], G_CALLBACK (update_prompt), self);
  for (guint i = 0; i < G_N_ELEMENTS (table_outcome); i++)
    g_signal_group_connect_swapped (self->table_signals, table_outcome[i], G_CALLBACK (update_outcome), self);
  for (guint i = 0; i < G_N_ELEMENTS (table_enabling); i++)
    g_signal_group_connect_swapped (self->table_signals, table_enabling[i],
                                    G_CALLBACK (sl_window_update_actions), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::can-undo", G_CALLBACK (sl_window_update_actions), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::can-redo", G_CALLBACK (sl_window_update_actions), self);
  update_title (self);
  sl_window_update_actions (self);
}

SlWindow *
sl_window_new (SlApplication *application)
{
  return g_object_new (SL_TYPE_WINDOW, "application", application, NULL);
}
