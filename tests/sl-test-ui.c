/* sl-test-ui.c: helpers for widget tests (under Xvfb)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "sl-test-game.h"
#include "sl-test-ui.h"
#include "sl-application.h"
#include "sl-sheet.h"

#ifdef SL_TEST_XTEST
#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>
#endif

void
sl_test_ui_init (void)
{
  g_autoptr(GtkCssProvider) provider = NULL;

  /* The window tests draw as the app does on this machine: under Xvfb
   * there is no GPU, so cairo with GL off, whether Mesa is installed or
   * not (Mesa's software GL, once loaded, leaks and is unloaded where
   * LeakSanitizer cannot name it). GTK must not have started yet. */
  g_assert_false (gtk_is_initialized ());
  /* The translations of the build (a test may switch LANGUAGE to "fr"). */
  if (g_getenv ("SQUADLOG_LOCALEDIR") != NULL)
    {
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("SQUADLOG_LOCALEDIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
    }
  sl_application_choose_renderer ();
  adw_init ();
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/io/github/squadlog/SquadLog/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static gboolean
done_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Frames a settle waits for on each window shown, and how long at most. */
#define SETTLE_FRAMES 3
#define SETTLE_MAX_US (20 * G_USEC_PER_SEC)

static gboolean
count_frame_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  guint *frames = data;

  return ++*frames < SETTLE_FRAMES ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

void
sl_test_ui_settle (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr(GArray) frames = g_array_new (FALSE, TRUE, sizeof (guint));
  g_autoptr(GArray) ticks = g_array_new (FALSE, TRUE, sizeof (guint));
  g_autoptr(GPtrArray) windows = g_ptr_array_new_with_free_func (g_object_unref);
  gint64 until = g_get_monotonic_time () + SETTLE_MAX_US;
  gboolean done = FALSE;
  gboolean counted = FALSE;

  /* Layout and drawing happen on the frame clock: the table has settled
   * once every window shown has drawn a few frames since now (a busy
   * machine draws them later: time alone is not enough), and a tenth of a
   * second has gone by, for the timeouts of the app and the X server's
   * answers. */
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, i);

      if (gtk_widget_get_mapped (w))
        g_ptr_array_add (windows, g_steal_pointer (&w));
    }
  g_array_set_size (frames, windows->len);
  g_array_set_size (ticks, windows->len);
  for (guint i = 0; i < windows->len; i++)
    g_array_index (ticks, guint, i) = gtk_widget_add_tick_callback (g_ptr_array_index (windows, i), count_frame_cb,
                                                                    &g_array_index (frames, guint, i), NULL);
  g_timeout_add (100, done_cb, &done);
  while (!done || !counted)
    {
      g_main_context_iteration (NULL, TRUE);
      counted = TRUE;
      for (guint i = 0; i < windows->len; i++)
        {
          GtkWidget *w = g_ptr_array_index (windows, i);

          /* A window closed meanwhile draws no more. */
          if (gtk_widget_get_mapped (w) && g_array_index (frames, guint, i) < SETTLE_FRAMES)
            counted = FALSE;
        }
      g_assert_cmpint (g_get_monotonic_time (), <, until);
    }
  /* (Those of windows hidden before their frames were counted.) */
  for (guint i = 0; i < windows->len; i++)
    if (g_array_index (frames, guint, i) < SETTLE_FRAMES)
      gtk_widget_remove_tick_callback (g_ptr_array_index (windows, i), g_array_index (ticks, guint, i));
}

GtkWidget *
sl_test_ui_show (GtkWidget *child,
                 int        width,
                 int        height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  for (int i = 0; i < 500 && !gtk_widget_get_mapped (window); i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (gtk_widget_get_mapped (window));
  sl_test_ui_settle ();
  return window;
}

static const char *
title_of (GtkWidget *widget)
{
  if (ADW_IS_PREFERENCES_ROW (widget))
    return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget));
  if (GTK_IS_BUTTON (widget))
    return gtk_button_get_label (GTK_BUTTON (widget));
  if (GTK_IS_WINDOW (widget))
    return gtk_window_get_title (GTK_WINDOW (widget));
  return NULL;
}

GtkWidget *
sl_test_ui_find (GtkWidget  *root,
                 GType       type,
                 const char *title)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) && (title == NULL || g_strcmp0 (title_of (root), title) == 0))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = sl_test_ui_find (child, type, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWindow *
sl_test_ui_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      /* Shown ones only: the table makes the next fire sheet ahead, hidden. */
      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_WINDOW (w);
    }
  return NULL;
}

static void
collect_cut (GtkWidget *widget,
             GPtrArray *cut)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget) && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))
    g_ptr_array_add (cut, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_cut (child, cut);
}

GPtrArray *
sl_test_ui_cut_labels (GtkWidget *widget)
{
  GPtrArray *cut = g_ptr_array_new_with_free_func (g_free);

  collect_cut (widget, cut);
  return cut;
}

gpointer
sl_test_ui_find_sheet (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);
      SlSheet *sheet = sl_sheet_get_shown_in (w);

      if (sheet != NULL && G_TYPE_CHECK_INSTANCE_TYPE (sheet, type))
        return sheet;
    }
  return NULL;
}

#ifdef SL_TEST_XTEST
static void
fake_key (Display    *display,
          const char *name,
          gboolean    down)
{
  KeySym sym = XStringToKeysym (name);

  g_assert_true (sym != NoSymbol);
  XTestFakeKeyEvent (display, XKeysymToKeycode (display, sym), down, CurrentTime);
}
#endif

void
sl_test_ui_set_language (const char *language)
{
  if (language != NULL)
    g_setenv ("LANGUAGE", language, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "");
}

gboolean
sl_test_ui_type (GtkWindow  *window,
                 const char *keys)
{
#ifdef SL_TEST_XTEST
  GdkDisplay *gdk_display = gtk_widget_get_display (GTK_WIDGET (window));
  g_auto(GStrv) names = g_strsplit (keys, " ", -1);
  Display *display;

  if (!GDK_IS_X11_DISPLAY (gdk_display))
    return FALSE;
  display = gdk_x11_display_get_xdisplay (gdk_display);
  /* The keys go to the window, with no window manager to give it the focus. */
  XSetInputFocus (display, gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))),
                  RevertToParent, CurrentTime);
  XSync (display, False);
  sl_test_ui_settle ();
  for (guint i = 0; names[i] != NULL; i++)
    {
      gboolean shift = g_str_has_prefix (names[i], "shift+");
      const char *name = shift ? names[i] + strlen ("shift+") : names[i];

      if (*name == '\0')
        continue;
      if (shift)
        fake_key (display, "Shift_L", TRUE);
      fake_key (display, name, TRUE);
      fake_key (display, name, FALSE);
      if (shift)
        fake_key (display, "Shift_L", FALSE);
      XFlush (display);
      sl_test_ui_settle ();
    }
  return TRUE;
#else
  return FALSE;
#endif
}

GdkTexture *
sl_test_ui_render (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  GskRenderer *renderer;
  int w, h;

  sl_test_ui_settle ();
  w = gtk_widget_get_width (widget);
  h = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  /* The window's background, which the widget alone does not draw. */
  gtk_snapshot_append_color (snapshot,
                             adw_style_manager_get_dark (adw_style_manager_get_default ())
                               ? &(GdkRGBA) { 0.14f, 0.14f, 0.14f, 1 } : &(GdkRGBA) { 0.98f, 0.98f, 0.98f, 1 },
                             &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  return gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
}

gboolean
sl_test_ui_drew_in (GtkWidget *widget,
                    GtkWidget *part)
{
  g_autoptr(GdkTexture) texture = sl_test_ui_render (widget);
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guint32 *pixels = g_new (guint32, (gsize) w * h);
  graphene_rect_t bounds;
  guint32 first = 0;

  gdk_texture_download (texture, (guchar *) pixels, w * sizeof (guint32));
  g_assert_true (gtk_widget_compute_bounds (part, widget, &bounds));
  for (int y = MAX (0, (int) bounds.origin.y); y < MIN (h, (int) (bounds.origin.y + bounds.size.height)); y++)
    for (int x = MAX (0, (int) bounds.origin.x); x < MIN (w, (int) (bounds.origin.x + bounds.size.width)); x++)
      {
        guint32 pixel = pixels[(gsize) y * w + x];

        if (first == 0)
          first = pixel | 1u;   /* never 0 once set */
        else if ((pixel | 1u) != first)
          return TRUE;
      }
  return FALSE;
}

void
sl_test_ui_save_png (GtkWidget  *widget,
                     const char *name)
{
  const char *dir = g_getenv ("SL_SCREENSHOT_DIR");
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  texture = sl_test_ui_render (widget);
  path = g_build_filename (dir, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

void
sl_test_ui_two_charges (SlGame *game)
{
  sl_test_start_turn (game);
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-3', 'field': 'plastic_charges', 'value': 1}");
  sl_test_play (game, "{'type': 'correct', 'unit': 'tog-4', 'field': 'plastic_charges', 'value': 1}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-3', 'action': 'install-plastic', 'label': 'the gate'}");
  sl_test_play (game, "{'type': 'declare', 'unit': 'tog-4', 'action': 'install-plastic', 'label': 'the door'}");
  sl_test_go_to_subphase (game, 6);
  for (guint i = 0, n = 0; i < sl_game_get_state (game)->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (sl_game_get_state (game)->markers, SlMarker, i);

      if (m->kind == SL_MARKER_CHARGE)
        g_assert_cmpstr (m->label, ==, n++ == 0 ? "the gate" : "the door");
    }
}
