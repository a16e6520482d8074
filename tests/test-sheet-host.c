/* test-sheet-host.c: the sheets shown in the window (SlSheetHost) — over
 * the table dimmed, drawn over its picture made ahead while the table is
 * still (issue 31 #2), which looks as the table drawn in the frame would,
 * and never shows a table that has changed since: what changed is drawn
 * into it again. Runs under Xvfb with
 * GTK's cairo renderer, as the benchmark does.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-sheet-host-private.h"
#include "sl-test-ui.h"

typedef struct
{
  GtkWidget   *window;
  SlSheetHost *host;
  GtkLabel    *label;   /* in the content */
  GtkWidget   *panel;
  gboolean     skip;    /* not the cairo renderer */
} Fixture;

/* Lets the main loop run for @ms milliseconds (the host waits for the
 * content to be still before it draws its picture). */
static void
run_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (2000);
  sl_test_ui_settle ();
}

static void
fixture_set_up (Fixture      *f,
                gconstpointer data)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *host = sl_sheet_host_new ();

  f->label = GTK_LABEL (gtk_label_new ("Turn 3 · subphase 4"));
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (f->label));
  for (int i = 0; i < 12; i++)
    {
      g_autofree char *text = g_strdup_printf ("Combat Arms %d · walks, ends in subphase %d", i + 1, i % 10 + 1);

      gtk_box_append (GTK_BOX (content), gtk_button_new_with_label (text));
    }
  sl_sheet_host_set_child (SL_SHEET_HOST (host), content);
  f->host = SL_SHEET_HOST (host);
  f->window = sl_test_ui_show (host, 800, 600);
  /* Kept: shown again after it was hidden. */
  f->panel = g_object_ref_sink (gtk_label_new ("A sheet"));
  /* Opaque, as a panel is (sl-sheet-host.h). */
  gtk_widget_add_css_class (f->panel, "view");
  f->skip = !GSK_IS_CAIRO_RENDERER (gtk_native_get_renderer (GTK_NATIVE (f->window)));
  if (f->skip)
    g_test_skip ("the picture ahead is for GTK’s cairo renderer");
}

static void
fixture_tear_down (Fixture      *f,
                   gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  sl_test_ui_settle ();
  g_object_unref (f->panel);
}

/* The pixels of @a and @b differ by at most one step of a colour. */
static gboolean
same_picture (GdkTexture *a,
              GdkTexture *b)
{
  int w = gdk_texture_get_width (a), h = gdk_texture_get_height (a);
  g_autofree guchar *pa = g_malloc ((gsize) w * h * 4), *pb = g_malloc ((gsize) w * h * 4);

  if (gdk_texture_get_width (b) != w || gdk_texture_get_height (b) != h)
    return FALSE;
  gdk_texture_download (a, pa, w * 4);
  gdk_texture_download (b, pb, w * 4);
  for (gsize i = 0; i < (gsize) w * h * 4; i++)
    if (ABS ((int) pa[i] - (int) pb[i]) > 1)
      return FALSE;
  return TRUE;
}

/* The sheet shown over a table still a moment: over its picture. */
static void
show_over_still_table (Fixture *f)
{
  run_for (400);
  sl_sheet_host_show (f->host, f->panel, 300, 100, NULL);
  g_assert_true (sl_sheet_host_draws_backdrop (f->host));
}

/* The same picture as the one drawn with the table itself under the
 * sheet, rather than its picture: @shown, rendered before. */
static void
assert_as_drawn_itself (Fixture    *f,
                        GdkTexture *shown)
{
  g_autoptr(GdkTexture) itself = NULL;

  sl_sheet_host_forget_backdrop (f->host);
  g_assert_false (sl_sheet_host_draws_backdrop (f->host));
  itself = sl_test_ui_render (GTK_WIDGET (f->host));
  g_assert_true (same_picture (shown, itself));
}

/* Still a moment, the table is drawn ahead: the sheet shown is over that
 * picture, which shows just what the table drawn in the frame shows. */
static void
test_backdrop_still (Fixture      *f,
                     gconstpointer data)
{
  g_autoptr(GdkTexture) over_picture = NULL;

  if (f->skip)
    return;
  show_over_still_table (f);
  over_picture = sl_test_ui_render (GTK_WIDGET (f->host));
  assert_as_drawn_itself (f, over_picture);
  sl_sheet_host_hide (f->host, f->panel);
  g_assert_false (sl_sheet_host_draws_backdrop (f->host));
}

/* The key that opens the sheet changed the table (a command): the sheet's
 * first frame is over the picture brought up to date — the table as it is
 * now, not as it was; and so while the game changes under the sheet. */
static void
test_backdrop_changed (Fixture      *f,
                       gconstpointer data)
{
  g_autoptr(GdkTexture) before = NULL, shown = NULL, again = NULL, back = NULL;

  if (f->skip)
    return;
  show_over_still_table (f);
  before = sl_test_ui_render (GTK_WIDGET (f->host));
  sl_sheet_host_hide (f->host, f->panel);
  sl_test_ui_settle ();
  gtk_label_set_text (f->label, "Turn 3 · subphase 5");
  sl_sheet_host_content_changed (f->host);
  sl_sheet_host_show (f->host, f->panel, 300, 100, NULL);
  g_assert_true (sl_sheet_host_draws_backdrop (f->host));
  shown = sl_test_ui_render (GTK_WIDGET (f->host));
  g_assert_false (same_picture (before, shown));
  /* The game changes again under the sheet. */
  gtk_label_set_text (f->label, "Turn 4 · subphase 1");
  sl_sheet_host_content_changed (f->host);
  again = sl_test_ui_render (GTK_WIDGET (f->host));
  g_assert_true (sl_sheet_host_draws_backdrop (f->host));
  g_assert_false (same_picture (shown, again));
  assert_as_drawn_itself (f, again);
  /* Still again, the picture made anew shows the same. */
  run_for (400);
  g_assert_true (sl_sheet_host_draws_backdrop (f->host));
  back = sl_test_ui_render (GTK_WIDGET (f->host));
  g_assert_true (same_picture (again, back));
}

/* The table changed since its picture was drawn without the game changing
 * (a row under the pointer, say) and the sheet shown before it was still
 * again: the sheet's first frame still shows the table as it is. */
static void
test_backdrop_brought_up_to_date (Fixture      *f,
                                  gconstpointer data)
{
  g_autoptr(GdkTexture) shown = NULL;

  if (f->skip)
    return;
  run_for (400);
  gtk_label_set_text (f->label, "Turn 4 · subphase 1");
  sl_test_ui_settle ();
  sl_sheet_host_show (f->host, f->panel, 300, 100, NULL);
  g_assert_true (sl_sheet_host_draws_backdrop (f->host));
  shown = sl_test_ui_render (GTK_WIDGET (f->host));
  assert_as_drawn_itself (f, shown);
}

/* Not still yet since the window was shown: no picture, the table itself. */
static void
test_backdrop_not_yet (Fixture      *f,
                       gconstpointer data)
{
  if (f->skip)
    return;
  sl_sheet_host_forget_backdrop (f->host);
  sl_sheet_host_show (f->host, f->panel, 300, 100, NULL);
  g_assert_false (sl_sheet_host_draws_backdrop (f->host));
}

/* Under a sheet, a table that is only redrawn (its focus ring fading once
 * the focus went into the sheet) keeps its picture: drawing it again would
 * cost a frame, often the next key's. */
static void
test_backdrop_kept (Fixture      *f,
                    gconstpointer data)
{
  g_autoptr(GdkTexture) shown = NULL, table = NULL;

  if (f->skip)
    return;
  show_over_still_table (f);
  /* The sheet's first frame. */
  shown = sl_test_ui_render (GTK_WIDGET (f->host));
  g_clear_object (&shown);
  /* Only drawn differently (as a focus ring going would be). */
  gtk_widget_add_css_class (GTK_WIDGET (f->label), "dim-label");
  run_for (400);
  g_assert_true (sl_sheet_host_draws_backdrop (f->host));
  /* The picture kept is the one made before, in the next frame too (the
   * sheet drawn again, as a key typed on it does). */
  gtk_widget_queue_draw (f->panel);
  shown = sl_test_ui_render (GTK_WIDGET (f->host));
  sl_sheet_host_forget_backdrop (f->host);
  table = sl_test_ui_render (GTK_WIDGET (f->host));
  g_assert_false (same_picture (shown, table));
}

/* A window made smaller: what is drawn is the table at its new size (its
 * picture of the old size is not drawn; a new one is made once still). */
static void
test_backdrop_resized (Fixture      *f,
                       gconstpointer data)
{
  g_autoptr(GdkTexture) shown = NULL, table = NULL;
  int width;

  if (f->skip)
    return;
  show_over_still_table (f);
  width = gtk_widget_get_width (GTK_WIDGET (f->host));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 640, 480);
  sl_test_ui_settle ();
  if (gtk_widget_get_width (GTK_WIDGET (f->host)) == width)
    {
      g_test_skip ("the window kept its size");
      return;
    }
  shown = sl_test_ui_render (GTK_WIDGET (f->host));
  assert_as_drawn_itself (f, shown);
  run_for (400);
  g_assert_true (sl_sheet_host_draws_backdrop (f->host));
}

/* Whether @w and its parents up to @top all have @flags (@all), or none
 * has any of them. */
static gboolean
chain_has (GtkWidget     *w,
           GtkWidget     *top,
           GtkStateFlags  flags,
           gboolean       all)
{
  for (; w != NULL; w = gtk_widget_get_parent (w))
    {
      GtkStateFlags has = gtk_widget_get_state_flags (w) & flags;

      if (all ? has != flags : has != 0)
        return FALSE;
      if (w == top)
        return TRUE;
    }
  return !all;
}

/* A panel made ahead is styled as it will be with the focus in it (the
 * focus going in restyled all of it, issue 31 #2); shown with the focus
 * elsewhere, or dropped, it is left as GTK would leave it. */
static void
test_prepared_focus_state (Fixture      *f,
                           gconstpointer data)
{
  GtkWidget *panel = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  GtkWidget *inner = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *first = gtk_button_new_with_label ("Roll for me");
  GtkWidget *second = gtk_button_new_with_label ("Give up");
  GtkWidget *dropped = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  GtkWidget *button = gtk_button_new_with_label ("Done");

  gtk_box_append (GTK_BOX (inner), first);
  gtk_box_append (GTK_BOX (panel), inner);
  gtk_box_append (GTK_BOX (panel), second);
  gtk_box_append (GTK_BOX (dropped), button);
  /* Dropped before it is shown: nothing styled focused in it. */
  sl_sheet_host_prepare (f->host, dropped, 300, 200, button);
  g_assert_true (chain_has (button, dropped, GTK_STATE_FLAG_FOCUS_WITHIN, TRUE));
  sl_sheet_host_prepare (f->host, NULL, 0, 0, NULL);
  g_assert_true (chain_has (button, dropped, GTK_STATE_FLAG_FOCUS_WITHIN | GTK_STATE_FLAG_FOCUS_VISIBLE, FALSE));
  /* Made ahead: the focus's way styled, nothing else. */
  sl_sheet_host_prepare (f->host, panel, 300, 200, first);
  g_assert_true (chain_has (first, panel, GTK_STATE_FLAG_FOCUS_WITHIN, TRUE));
  g_assert_true (chain_has (second, second, GTK_STATE_FLAG_FOCUS_WITHIN, FALSE));
  g_assert_false (gtk_widget_has_focus (first));
  /* Shown with the focus elsewhere: only its way is. */
  sl_sheet_host_show (f->host, panel, 300, 200, second);
  g_assert_true (gtk_widget_has_focus (second));
  g_assert_true (chain_has (second, panel, GTK_STATE_FLAG_FOCUS_WITHIN, TRUE));
  g_assert_true (chain_has (first, inner, GTK_STATE_FLAG_FOCUS_WITHIN | GTK_STATE_FLAG_FOCUS_VISIBLE, FALSE));
  sl_sheet_host_hide (f->host, panel);
  sl_test_ui_settle ();
  g_assert_true (chain_has (second, panel, GTK_STATE_FLAG_FOCUS_WITHIN | GTK_STATE_FLAG_FOCUS_VISIBLE, FALSE));
  g_object_unref (panel);
  g_object_unref (dropped);
}

int
main (int argc, char **argv)
{
  sl_test_ui_init ();
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) g_test_add ("/sheet-host/" path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("backdrop-still", test_backdrop_still);
  ADD ("backdrop-changed", test_backdrop_changed);
  ADD ("backdrop-brought-up-to-date", test_backdrop_brought_up_to_date);
  ADD ("backdrop-not-yet", test_backdrop_not_yet);
  ADD ("backdrop-kept", test_backdrop_kept);
  ADD ("backdrop-resized", test_backdrop_resized);
  ADD ("prepared-focus-state", test_prepared_focus_state);
#undef ADD
  return g_test_run ();
}
