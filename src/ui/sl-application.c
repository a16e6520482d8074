/* sl-application.c: the Squad Log application
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-application.h"
#include "sl-preferences.h"
#include "sl-window.h"

/* Built with AddressSanitizer (gcc says __SANITIZE_ADDRESS__, clang
 * __has_feature): allocations between these two are no leaks of ours. */
#if !defined(__SANITIZE_ADDRESS__) && defined(__has_feature)
#if __has_feature(address_sanitizer)
#define __SANITIZE_ADDRESS__ 1
#endif
#endif
#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
#define SL_LSAN_IGNORE_BEGIN() __lsan_disable ()
#define SL_LSAN_IGNORE_END() __lsan_enable ()
#else
#define SL_LSAN_IGNORE_BEGIN() ((void) 0)
#define SL_LSAN_IGNORE_END() ((void) 0)
#endif

/* Start-up work done on a thread while GTK starts: the rules, and the game
 * named on the command line, are loaded and checked in parallel with the
 * display, the theme and the window being set up. The application needs
 * the rules at its start-up and the game only when its window opens: it
 * waits for the rules alone first (the game may still be loading). */
typedef struct
{
  GThread        *thread;
  GMutex          lock;
  GCond           rules_ready;
  gboolean        rules_done;  /* rules and rules_error are set */
  char           *path;        /* the game to load, or NULL */
  SlRules        *rules;
  GError         *rules_error;
  SlGame         *game;
  GError         *game_error;
} SlPreload;

struct _SlApplication
{
  AdwApplication  parent_instance;

  SlRules        *rules;
  GError         *rules_error;
  GSettings      *settings;
  SlPreload      *preload;
};

G_DEFINE_FINAL_TYPE (SlApplication, sl_application, ADW_TYPE_APPLICATION)

/* The table's window last used (the squad builder or scenario editor may
 * be the active one), or a new one. */
static SlWindow *
get_window (SlApplication *self)
{
  GtkWindow *window = NULL;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL && window == NULL; l = l->next)
    if (SL_IS_WINDOW (l->data))
      window = l->data;
  if (window == NULL)
    {
      window = GTK_WINDOW (sl_window_new (self));
      /* The development profile's header bar is striped (Adwaita's
       * "devel" style), not to be taken for a release. */
      if (SL_DEVELOPMENT)
        gtk_widget_add_css_class (GTK_WIDGET (window), "devel");
    }
  return SL_WINDOW (window);
}

char *
sl_application_get_cache_dir (void)
{
  return g_build_filename (g_get_user_cache_dir (), "squadlog", "games", NULL);
}

static gpointer
preload_thread (gpointer data)
{
  g_autoptr(GError) error = NULL;
  SlPreload *preload = data;
  SlRules *rules = sl_rules_load_default (&error);

  /* The application takes the rules at once; this thread keeps its own
   * reference for loading the game. */
  g_mutex_lock (&preload->lock);
  preload->rules = rules ? sl_rules_ref (rules) : NULL;
  preload->rules_error = g_steal_pointer (&error);
  preload->rules_done = TRUE;
  g_cond_signal (&preload->rules_ready);
  g_mutex_unlock (&preload->lock);
  if (rules != NULL && preload->path != NULL)
    {
      g_autofree char *cache_dir = sl_application_get_cache_dir ();

      preload->game = sl_game_load_cached (rules, preload->path, cache_dir, NULL, &preload->game_error);
    }
  g_clear_pointer (&rules, sl_rules_unref);
  return NULL;
}

static void
preload_free (SlPreload *preload)
{
  if (preload->thread != NULL)
    g_thread_join (preload->thread);
  g_free (preload->path);
  g_clear_pointer (&preload->rules, sl_rules_unref);
  g_clear_error (&preload->rules_error);
  g_clear_object (&preload->game);
  g_clear_error (&preload->game_error);
  g_mutex_clear (&preload->lock);
  g_cond_clear (&preload->rules_ready);
  g_free (preload);
}

/* Waits for the start-up thread to have loaded the rules. */
static SlPreload *
preload_rules (SlApplication *self)
{
  SlPreload *preload = self->preload;

  if (preload != NULL && preload->thread != NULL)
    {
      g_mutex_lock (&preload->lock);
      while (!preload->rules_done)
        g_cond_wait (&preload->rules_ready, &preload->lock);
      g_mutex_unlock (&preload->lock);
    }
  return preload;
}

/* Waits for the start-up thread to finish its work. */
static SlPreload *
preload_join (SlApplication *self)
{
  if (self->preload != NULL && self->preload->thread != NULL)
    {
      g_thread_join (self->preload->thread);
      self->preload->thread = NULL;
    }
  return self->preload;
}

static void
sl_application_activate (GApplication *app)
{
  gtk_window_present (GTK_WINDOW (get_window (SL_APPLICATION (app))));
}

static void
sl_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  SlApplication *self = SL_APPLICATION (app);
  SlWindow *window = get_window (self);
  SlPreload *preload = preload_join (self);
  g_autofree char *path = n_files > 0 ? g_file_get_path (files[0]) : NULL;

  /* One window holds one game: the first file given is opened.  The game
   * named on the command line has been loaded already, on the start-up
   * thread, and is shown before the window is, so that the window's first
   * frame is the table.  A file that cannot be opened is named in a dialog
   * over the window. */
  if (preload != NULL && path != NULL && g_strcmp0 (path, preload->path) == 0 &&
      preload->game != NULL)
    {
      sl_window_show_loaded (window, files[0], preload->game, NULL);
      g_clear_object (&preload->game);
      gtk_window_present (GTK_WINDOW (window));
    }
  else if (preload != NULL && path != NULL && g_strcmp0 (path, preload->path) == 0 &&
           preload->game_error != NULL)
    {
      gtk_window_present (GTK_WINDOW (window));
      sl_window_show_loaded (window, files[0], NULL, preload->game_error);
      g_clear_error (&preload->game_error);
    }
  else
    {
      gtk_window_present (GTK_WINDOW (window));
      if (n_files > 0)
        sl_window_open_file (window, files[0]);
    }
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  SlApplication *self = user_data;
  static const char *developers[] = { "The Squad Log authors", NULL };
  static const char *game_design[] = { "Luc Nadon", "Dallen Masters", NULL };
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  AdwAboutWindow *about = ADW_ABOUT_WINDOW (adw_about_window_new ());

  gtk_window_set_transient_for (GTK_WINDOW (about), window);
  adw_about_window_set_application_name (about, _("Squad Log"));
  adw_about_window_set_application_icon (about, APPLICATION_ID);
  adw_about_window_set_developer_name (about, _("The Squad Log authors"));
  adw_about_window_set_version (about, PACKAGE_VERSION);
  adw_about_window_set_comments (about, _("Squad logs for PHALANX: Streets of Blood, kept for you"));
  adw_about_window_set_developers (about, developers);
  adw_about_window_set_website (about, SL_WEBSITE);
  adw_about_window_set_issue_url (about, SL_ISSUE_URL);
  /* The rules file in use, a developer's detail (issue 31 #8): under
   * Troubleshooting, not on the start page. */
  if (sl_application_get_rules (self) != NULL)
    {
      g_autofree char *debug = g_strdup_printf (_("Rules file: %s"), sl_application_get_rules (self)->path);

      adw_about_window_set_debug_info (about, debug);
    }
  adw_about_window_set_license_type (about, GTK_LICENSE_GPL_3_0);
  adw_about_window_set_copyright (about, "© 2026 The Squad Log authors");
  /* The rulebook Squad Log plays by: credit where it is due. A legal
   * section's copyright and licence are Pango markup: "&" is "&amp;" (a
   * bare one made GTK drop the whole text with a warning). */
  adw_about_window_add_credit_section (about, _("PHALANX: Streets of Blood, game design"), game_design);
  /* libadwaita 1.2 keeps a copy of a legal section's title that it never
   * frees (fixed in 1.3). Under LeakSanitizer that copy is told apart here,
   * where it is made: Debian's libadwaita and GLib have no frame pointers,
   * so the stack LeakSanitizer records at the leak is only malloc and
   * g_malloc, which no suppression can match without slow unwinding on
   * every allocation (which made the window tests 9 times slower). */
  SL_LSAN_IGNORE_BEGIN ();
  adw_about_window_add_legal_section (about, _("PHALANX: Streets of Blood"),
                                      "© 1995 Paul Arden Lidberg &amp; FASA", GTK_LICENSE_CUSTOM,
                                      _("Squad Log is an unofficial aid for players of the game. "
                                        "Its rules data are the tables of the game’s facts, from "
                                        "the 1995 FASA playtest rulebook; its texts are written "
                                        "for Squad Log."));
  SL_LSAN_IGNORE_END ();
  gtk_window_present (GTK_WINDOW (about));
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  SlApplication *self = user_data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (self->settings == NULL || self->rules == NULL)
    return;
  gtk_window_present (GTK_WINDOW (sl_preferences_new (window, self->settings, self->rules)));
}

/* Quitting closes every window as its close button does (its size kept,
 * the game on the disk, a squad or scenario with unsaved changes asked
 * about first); the application ends with the last window. */
static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  g_autoptr(GPtrArray) windows = g_ptr_array_new_with_free_func (g_object_unref);

  /* Held: closing one window may destroy others (its dialogs). */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (user_data)); l != NULL; l = l->next)
    g_ptr_array_add (windows, g_object_ref (l->data));
  for (guint i = 0; i < windows->len; i++)
    gtk_window_close (g_ptr_array_index (windows, i));
}

static const GActionEntry app_actions[] = {
  { "about", about_action },
  { "preferences", preferences_action },
  { "quit", quit_action },
};

static void
sl_application_startup (GApplication *app)
{
  SlApplication *self = SL_APPLICATION (app);
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *preferences_accels[] = { "<Control>comma", NULL };
  static const char *shortcuts_accels[] = { "<Control>question", NULL };

  G_APPLICATION_CLASS (sl_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.preferences", preferences_accels);
  /* The window builds its shortcuts window itself, when asked (sl-window.c). */
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.show-help-overlay", shortcuts_accels);

  self->settings = sl_application_settings_new ();

  /* The rules are loaded and validated once, at start-up (on the start-up
   * thread when there is one). */
  if (preload_rules (self) != NULL)
    {
      g_mutex_lock (&self->preload->lock);
      self->rules = g_steal_pointer (&self->preload->rules);
      self->rules_error = g_steal_pointer (&self->preload->rules_error);
      g_mutex_unlock (&self->preload->lock);
    }
  else
    self->rules = sl_rules_load_default (&self->rules_error);
  if (self->rules == NULL)
    g_message ("%s", self->rules_error->message);
}

static void
sl_application_finalize (GObject *object)
{
  SlApplication *self = SL_APPLICATION (object);

  g_clear_pointer (&self->preload, preload_free);
  g_clear_pointer (&self->rules, sl_rules_unref);
  g_clear_object (&self->settings);
  g_clear_error (&self->rules_error);
  G_OBJECT_CLASS (sl_application_parent_class)->finalize (object);
}

static void
sl_application_class_init (SlApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = sl_application_finalize;
  app_class->startup = sl_application_startup;
  app_class->activate = sl_application_activate;
  app_class->open = sl_application_open;
}

static void
sl_application_init (SlApplication *self)
{
}

SlApplication *
sl_application_new (void)
{
  return g_object_new (SL_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/squadlog/SquadLog",
                       NULL);
}

GSettings *
sl_application_settings_new (void)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  /* From the build tree, `meson devenv` points GSETTINGS_SCHEMA_DIR at the
   * schema compiled there. */
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, SL_SCHEMA_ID, TRUE);
  if (schema == NULL)
    {
      /* Not installed properly: play on, remembering nothing. */
      g_message ("The settings schema %s is not installed; settings are not kept.", SL_SCHEMA_ID);
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

GSettings *
sl_application_get_settings (SlApplication *self)
{
  g_return_val_if_fail (SL_IS_APPLICATION (self), NULL);
  return self->settings;
}

SlRules *
sl_application_get_rules (SlApplication *self)
{
  g_return_val_if_fail (SL_IS_APPLICATION (self), NULL);
  return self->rules;
}

const GError *
sl_application_get_rules_error (SlApplication *self)
{
  g_return_val_if_fail (SL_IS_APPLICATION (self), NULL);
  return self->rules_error;
}

/* Whether the machine has a graphics device GTK's GL renderer can use: a
 * DRM render node, or NVIDIA's own driver. Without one, Mesa renders GL in
 * software (llvmpipe), which draws this window markedly slower than GTK's
 * cairo renderer and takes longer to start: the table's first frame comes
 * about 400 ms later on a laptop-class CPU (tests/bench/bench-startup.sh). */
static gboolean
has_gpu (void)
{
  g_autoptr(GDir) dri = g_dir_open ("/dev/dri", 0, NULL);
  const char *name;

  while (dri != NULL && (name = g_dir_read_name (dri)) != NULL)
    if (g_str_has_prefix (name, "renderD") || g_str_has_prefix (name, "card"))
      return TRUE;
  return g_file_test ("/dev/nvidiactl", G_FILE_TEST_EXISTS);
}

void
sl_application_choose_renderer (void)
{
  /* No GPU: software GL is the slowest way to draw; cairo it is, unless
   * the user chose a renderer. GDK would still load Mesa's software GL
   * (LLVM and all: about 120 ms and 60 MB) at start-up: it is not used.
   * GDK reads both variables when it opens the display: this must run
   * before GTK is initialised. */
  if (g_getenv ("GSK_RENDERER") == NULL && !has_gpu ())
    {
      g_setenv ("GSK_RENDERER", "cairo", FALSE);
      if (g_getenv ("GDK_DEBUG") == NULL)
        g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
    }
}

int
sl_application_run (int    argc,
                    char **argv)
{
  g_autoptr(SlApplication) app = NULL;

  sl_application_choose_renderer ();
  app = sl_application_new ();

  return sl_application_run_app (app, argc, argv);
}

int
sl_application_run_app (SlApplication  *app,
                        int             argc,
                        char          **argv)
{
  g_return_val_if_fail (SL_IS_APPLICATION (app), 1);
  g_return_val_if_fail (app->preload == NULL, 1);

  /* `squadlog GAME`: start loading the rules and the game now. */
  app->preload = g_new0 (SlPreload, 1);
  g_mutex_init (&app->preload->lock);
  g_cond_init (&app->preload->rules_ready);
  if (argc == 2 && argv[1][0] != '-')
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (argv[1]);

      app->preload->path = g_file_get_path (file);
    }
  app->preload->thread = g_thread_new ("squadlog-preload", preload_thread, app->preload);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
