/* sl-sheet-host.c: where a window shows its sheets. The host holds the
 * window's content and, over it, the panels shown (a sheet, centred, at
 * the size it would like shrunk to the window); while one is shown the
 * content is dimmed and inert — it takes no pointer and no focus, so Tab
 * stays in the panel — and the focus goes into the panel, then back to
 * where it was once the last one is gone.
 *
 * A sheet was a window of its own (issue 31 #2): mapping a new X11
 * window and drawing its first whole frame made the sheet's first frame
 * come 22–38 ms after the key. In the window it is drawn in the window's
 * next frame.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-sheet-host-private.h"

#include <adwaita.h>

/* Room left around a panel, in pixels. */
#define MARGIN 12
/* How long the content is still before its backdrop is drawn ahead. */
#define BACKDROP_DELAY_MS 100

typedef struct
{
  GtkWidget *widget;
  int        width;
  int        height;
} Panel;

struct _SlSheetHost
{
  GtkWidget  parent_instance;

  GtkWidget *child;
  GArray    *panels;        /* Panel, the top one last */
  Panel      prepared;      /* made ahead: laid out, not shown; or no widget */
  GtkWidget *return_focus;  /* weak: where the focus was before the first panel */

  /* The backdrop: the content dimmed, drawn ahead into a picture while
   * it is still, which the panels are then shown over. A sheet's first
   * frame then draws one picture, not every node of the table (with
   * GTK 4.8's cairo renderer about half of that frame, issue 31 #2).
   * Only for the cairo renderer: a GPU draws the table in no time. */
  GskRenderNode *drawn;        /* the content as it was last drawn, or NULL */
  GskRenderNode *backdrop;     /* its picture dimmed, or NULL */
  GskRenderNode *backdrop_of;  /* the content the picture shows */
  int            backdrop_width;
  int            backdrop_height;
  int            backdrop_scale;
  gboolean       use_backdrop; /* the panels shown are over the picture */
  gboolean       changing;     /* the content is about to change: not the picture */
  guint          backdrop_id;
};

G_DEFINE_FINAL_TYPE (SlSheetHost, sl_sheet_host, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CHILD,
  PROP_SHOWN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The content dimmed behind a panel. */
static const GdkRGBA dim = { 0, 0, 0, 0.3f };

#define HOST_KEY "sl-sheet-host"

SlSheetHost *
sl_sheet_host_get_for (GtkWindow *window)
{
  g_return_val_if_fail (window == NULL || GTK_IS_WINDOW (window), NULL);
  return window != NULL ? g_object_get_data (G_OBJECT (window), HOST_KEY) : NULL;
}

static Panel *
top_panel (SlSheetHost *self)
{
  return self->panels->len > 0 ? &g_array_index (self->panels, Panel, self->panels->len - 1) : NULL;
}

GtkWidget *
sl_sheet_host_get_shown (SlSheetHost *self)
{
  Panel *top;

  g_return_val_if_fail (SL_IS_SHEET_HOST (self), NULL);
  top = top_panel (self);
  return top != NULL ? top->widget : NULL;
}

void
sl_sheet_host_set_child (SlSheetHost *self,
                         GtkWidget   *child)
{
  g_return_if_fail (SL_IS_SHEET_HOST (self));
  g_return_if_fail (child == NULL || GTK_IS_WIDGET (child));
  if (self->child == child)
    return;
  g_clear_pointer (&self->child, gtk_widget_unparent);
  if (child != NULL)
    {
      self->child = child;
      /* Under the panels, in the order of the children. */
      gtk_widget_insert_after (child, GTK_WIDGET (self), NULL);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD]);
}

/* The content takes the pointer and the focus only when no panel is over it. */
static void
set_content_inert (SlSheetHost *self,
                   gboolean     inert)
{
  if (self->child == NULL)
    return;
  gtk_widget_set_can_target (self->child, !inert);
  gtk_widget_set_can_focus (self->child, !inert);
}

/* A panel made ahead is not there for anyone yet: not drawn, not in the
 * Tab chain nor under the pointer, not told to a screen reader. */
static void
set_made_ahead (GtkWidget *panel,
                gboolean   ahead)
{
  gtk_widget_set_child_visible (panel, !ahead);
  gtk_widget_set_can_focus (panel, !ahead);
  gtk_widget_set_can_target (panel, !ahead);
  gtk_accessible_update_state (GTK_ACCESSIBLE (panel), GTK_ACCESSIBLE_STATE_HIDDEN, ahead, -1);
}

void
sl_sheet_host_show (SlSheetHost *self,
                    GtkWidget   *panel,
                    int          width,
                    int          height,
                    GtkWidget   *focus)
{
  GtkRoot *root;
  Panel p = { panel, width, height };

  g_return_if_fail (SL_IS_SHEET_HOST (self));
  g_return_if_fail (GTK_IS_WIDGET (panel));
  g_return_if_fail (gtk_widget_get_parent (panel) == NULL || panel == self->prepared.widget);

  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (self->panels->len == 0)
    {
      g_set_weak_pointer (&self->return_focus, root != NULL ? gtk_root_get_focus (root) : NULL);
      /* The picture shows the content as it was last drawn: as the table
       * is now, unless it is about to change (its focus moving into the
       * panel aside: the picture is drawn again once it is still). */
      self->use_backdrop = self->backdrop != NULL && self->backdrop_of == self->drawn && !self->changing;
      set_content_inert (self, TRUE);
    }
  else
    gtk_widget_set_child_visible (top_panel (self)->widget, FALSE);
  if (panel == self->prepared.widget)
    {
      /* Laid out already: only drawn now. */
      self->prepared.widget = NULL;
      g_array_append_val (self->panels, p);
      set_made_ahead (panel, FALSE);
    }
  else
    {
      g_object_ref_sink (panel);
      g_array_append_val (self->panels, p);
      gtk_widget_set_parent (panel, GTK_WIDGET (self));
    }
  if (focus == NULL || !gtk_widget_grab_focus (focus))
    gtk_widget_child_focus (panel, GTK_DIR_TAB_FORWARD);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWN]);
}

static gboolean
release_cb (gpointer data)
{
  g_object_unref (data);
  return G_SOURCE_REMOVE;
}

void
sl_sheet_host_hide (SlSheetHost *self,
                    GtkWidget   *panel)
{
  gboolean was_top;
  guint i;

  g_return_if_fail (SL_IS_SHEET_HOST (self));
  if (panel != NULL && panel == self->prepared.widget)
    {
      sl_sheet_host_prepare (self, NULL, 0, 0);
      return;
    }
  for (i = 0; i < self->panels->len; i++)
    if (g_array_index (self->panels, Panel, i).widget == panel)
      break;
  if (i == self->panels->len)
    return;
  was_top = i == self->panels->len - 1;
  g_array_remove_index (self->panels, i);
  gtk_widget_unparent (panel);
  /* Let go of once whatever handler inside it closed it is done. */
  g_idle_add_full (G_PRIORITY_HIGH, release_cb, panel, NULL);
  if (self->panels->len > 0)
    {
      GtkWidget *top = top_panel (self)->widget;

      gtk_widget_set_child_visible (top, TRUE);
      if (was_top)
        gtk_widget_child_focus (top, GTK_DIR_TAB_FORWARD);
    }
  else
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

      GtkWidget *back = NULL;

      set_content_inert (self, FALSE);
      g_set_weak_pointer (&back, self->return_focus);
      /* Told first: the window makes its actions available again, so that
       * the focus can go back to a button a sheet shown made insensitive
       * (Next), and a screen reader hears it land there (issue 32 #1). */
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWN]);
      if (self->panels->len > 0)
        /* Another shown meanwhile: the focus goes back there after it. */
        g_set_weak_pointer (&self->return_focus, back);
      else
        {
          if (back == NULL || !gtk_widget_grab_focus (back))
            if (root != NULL)
              gtk_root_set_focus (root, NULL);
          g_clear_weak_pointer (&self->return_focus);
        }
      g_clear_weak_pointer (&back);
      return;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWN]);
}

GtkWidget *
sl_sheet_host_get_return_focus (SlSheetHost *self)
{
  g_return_val_if_fail (SL_IS_SHEET_HOST (self), NULL);
  return self->panels->len > 0 ? self->return_focus : NULL;
}

void
sl_sheet_host_prepare (SlSheetHost *self,
                       GtkWidget   *panel,
                       int          width,
                       int          height)
{
  g_return_if_fail (SL_IS_SHEET_HOST (self));
  g_return_if_fail (panel == NULL || gtk_widget_get_parent (panel) == NULL);
  if (self->prepared.widget != NULL)
    {
      GtkWidget *old = g_steal_pointer (&self->prepared.widget);

      gtk_widget_unparent (old);
      g_object_unref (old);
    }
  if (panel == NULL)
    return;
  self->prepared = (Panel) { g_object_ref_sink (panel), width, height };
  set_made_ahead (panel, TRUE);
  gtk_widget_set_parent (panel, GTK_WIDGET (self));
}

static void
sl_sheet_host_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  SlSheetHost *self = SL_SHEET_HOST (widget);

  /* The content's size: a panel is shrunk to the window (its rows scroll),
   * and measuring it here as well would cost its first frame a whole
   * measure of it (about 8 ms for the fire sheet). */
  *minimum = *natural = 0;
  if (self->child != NULL)
    gtk_widget_measure (self->child, orientation, for_size, minimum, natural, NULL, NULL);
}

/* Its size: the one it would like, shrunk to the window (never below its
 * smallest), centred. */
static void
allocate_panel (Panel *p,
                int    width,
                int    height)
{
  int min_w, min_h, w, h;

  gtk_widget_measure (p->widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  w = MAX (min_w, MIN (p->width, width - 2 * MARGIN));
  gtk_widget_measure (p->widget, GTK_ORIENTATION_VERTICAL, w, &min_h, NULL, NULL, NULL);
  h = MAX (min_h, MIN (p->height, height - 2 * MARGIN));
  gtk_widget_allocate (p->widget, w, h, -1,
                       gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT ((width - w) / 2, (height - h) / 2)));
}

static void
sl_sheet_host_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  SlSheetHost *self = SL_SHEET_HOST (widget);

  if (self->child != NULL)
    gtk_widget_allocate (self->child, width, height, baseline, NULL);
  /* The panels under the top one and the one made ahead are not drawn,
   * but are laid out: shown, they are drawn at once. */
  for (guint i = 0; i < self->panels->len; i++)
    allocate_panel (&g_array_index (self->panels, Panel, i), width, height);
  if (self->prepared.widget != NULL)
    allocate_panel (&self->prepared, width, height);
}

/* The picture fits the host as it is now. */
static gboolean
backdrop_fits (SlSheetHost *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  return self->backdrop != NULL && self->backdrop_width == gtk_widget_get_width (widget) &&
         self->backdrop_height == gtk_widget_get_height (widget) &&
         self->backdrop_scale == gtk_widget_get_scale_factor (widget);
}

/* The window draws with cairo (GTK's software renderer). */
static gboolean
draws_with_cairo (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;

  return renderer != NULL && GSK_IS_CAIRO_RENDERER (renderer);
}

/* The content as last drawn, dimmed, into a picture at the screen's
 * scale, drawn as the cairo renderer draws the window. */
static gboolean
draw_backdrop_cb (gpointer data)
{
  SlSheetHost *self = data;
  GtkWidget *widget = data;
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  cairo_surface_t *picture;
  cairo_t *cr;

  self->backdrop_id = 0;
  if (self->drawn == NULL || width <= 0 || height <= 0 || !draws_with_cairo (widget))
    return G_SOURCE_REMOVE;
  picture = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  cairo_surface_set_device_scale (picture, scale, scale);
  cr = cairo_create (picture);
  gsk_render_node_draw (self->drawn, cr);
  gdk_cairo_set_source_rgba (cr, &dim);
  cairo_paint (cr);
  cairo_destroy (cr);
  /* One node, kept: a frame that changes only the panel draws only the
   * panel (the same node is no change), and a cairo node, not a texture:
   * GTK 4.8 converts a texture pixel by pixel as cairo draws it. */
  g_clear_pointer (&self->backdrop, gsk_render_node_unref);
  self->backdrop = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (0, 0, width, height));
  cr = gsk_cairo_node_get_draw_context (self->backdrop);
  cairo_set_source_surface (cr, picture, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (picture);
  g_clear_pointer (&self->backdrop_of, gsk_render_node_unref);
  self->backdrop_of = gsk_render_node_ref (self->drawn);
  self->backdrop_width = width;
  self->backdrop_height = height;
  self->backdrop_scale = scale;
  self->changing = FALSE;
  if (self->panels->len > 0 && !self->use_backdrop)
    {
      /* The content under the panels is still again: the picture it is. */
      self->use_backdrop = TRUE;
      gtk_widget_queue_draw (widget);
    }
  return G_SOURCE_REMOVE;
}

/* The content drawn is @node: its picture is drawn again once it has
 * been still a moment. */
static void
content_drawn (SlSheetHost   *self,
               GskRenderNode *node)
{
  if (node == self->drawn)
    return;
  g_clear_pointer (&self->drawn, gsk_render_node_unref);
  self->drawn = node != NULL ? gsk_render_node_ref (node) : NULL;
  /* Under a panel shown over the picture, the table changes only as the
   * focus leaves it (or the game changes, sl_sheet_host_content_changed):
   * drawn again then, the picture would cost a whole frame for a focus
   * ring, often the frame of the next key. */
  if (self->panels->len > 0 && self->use_backdrop)
    return;
  g_clear_handle_id (&self->backdrop_id, g_source_remove);
  if (node != NULL && node != self->backdrop_of)
    self->backdrop_id = g_timeout_add_full (G_PRIORITY_LOW, BACKDROP_DELAY_MS, draw_backdrop_cb, self, NULL);
}

static void
sl_sheet_host_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  SlSheetHost *self = SL_SHEET_HOST (widget);
  Panel *top = top_panel (self);
  g_autoptr(GskRenderNode) content = NULL;

  if (self->child != NULL)
    {
      GtkSnapshot *own = gtk_snapshot_new ();

      gtk_widget_snapshot_child (widget, self->child, own);
      content = gtk_snapshot_free_to_node (own);
    }
  content_drawn (self, content);
  if (top != NULL && self->use_backdrop && backdrop_fits (self))
    gtk_snapshot_append_node (snapshot, self->backdrop);
  else if (content != NULL)
    {
      gtk_snapshot_append_node (snapshot, content);
      /* The table dimmed behind the panel. */
      if (top != NULL)
        gtk_snapshot_append_color (snapshot, &dim,
                                   &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                        gtk_widget_get_height (widget)));
    }
  if (top != NULL)
    gtk_widget_snapshot_child (widget, top->widget, snapshot);
}

gboolean
sl_sheet_host_draws_backdrop (SlSheetHost *self)
{
  g_return_val_if_fail (SL_IS_SHEET_HOST (self), FALSE);
  return self->panels->len > 0 && self->use_backdrop && backdrop_fits (self);
}

void
sl_sheet_host_content_changed (SlSheetHost *self)
{
  g_return_if_fail (SL_IS_SHEET_HOST (self));
  /* Until it is drawn and still again, the content is drawn itself. */
  self->changing = TRUE;
  if (self->use_backdrop && self->panels->len > 0)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  self->use_backdrop = FALSE;
  g_clear_handle_id (&self->backdrop_id, g_source_remove);
  self->backdrop_id = g_timeout_add_full (G_PRIORITY_LOW, BACKDROP_DELAY_MS, draw_backdrop_cb, self, NULL);
}

static void
style_changed_cb (SlSheetHost *self)
{
  sl_sheet_host_content_changed (self);
}

static void
sl_sheet_host_realize (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (sl_sheet_host_parent_class)->realize (widget);
  /* ui/style.css: sheets without blurred shadows for the software renderer. */
  if (draws_with_cairo (widget))
    gtk_widget_add_css_class (widget, "cairo");
  else
    gtk_widget_remove_css_class (widget, "cairo");
}

/* The window finds its host (sl_sheet_host_get_for). */
static void
sl_sheet_host_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (sl_sheet_host_parent_class)->root (widget);
  g_object_set_data (G_OBJECT (gtk_widget_get_root (widget)), HOST_KEY, widget);
}

static void
sl_sheet_host_unroot (GtkWidget *widget)
{
  GObject *root = G_OBJECT (gtk_widget_get_root (widget));

  if (g_object_get_data (root, HOST_KEY) == widget)
    g_object_set_data (root, HOST_KEY, NULL);
  GTK_WIDGET_CLASS (sl_sheet_host_parent_class)->unroot (widget);
}

static void
sl_sheet_host_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  SlSheetHost *self = SL_SHEET_HOST (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      g_value_set_object (value, self->child);
      break;
    case PROP_SHOWN:
      g_value_set_object (value, sl_sheet_host_get_shown (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sl_sheet_host_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_CHILD:
      sl_sheet_host_set_child (SL_SHEET_HOST (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sl_sheet_host_dispose (GObject *object)
{
  SlSheetHost *self = SL_SHEET_HOST (object);

  while (self->panels->len > 0)
    {
      GtkWidget *panel = top_panel (self)->widget;

      g_array_set_size (self->panels, self->panels->len - 1);
      gtk_widget_unparent (panel);
      g_object_unref (panel);
    }
  sl_sheet_host_prepare (self, NULL, 0, 0);
  g_clear_pointer (&self->child, gtk_widget_unparent);
  g_clear_weak_pointer (&self->return_focus);
  g_clear_handle_id (&self->backdrop_id, g_source_remove);
  g_clear_pointer (&self->drawn, gsk_render_node_unref);
  g_clear_pointer (&self->backdrop_of, gsk_render_node_unref);
  g_clear_pointer (&self->backdrop, gsk_render_node_unref);
  G_OBJECT_CLASS (sl_sheet_host_parent_class)->dispose (object);
}

static void
sl_sheet_host_finalize (GObject *object)
{
  g_array_unref (SL_SHEET_HOST (object)->panels);
  G_OBJECT_CLASS (sl_sheet_host_parent_class)->finalize (object);
}

static void
sl_sheet_host_class_init (SlSheetHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = sl_sheet_host_get_property;
  object_class->set_property = sl_sheet_host_set_property;
  object_class->dispose = sl_sheet_host_dispose;
  object_class->finalize = sl_sheet_host_finalize;
  widget_class->measure = sl_sheet_host_measure;
  widget_class->size_allocate = sl_sheet_host_size_allocate;
  widget_class->snapshot = sl_sheet_host_snapshot;
  widget_class->realize = sl_sheet_host_realize;
  widget_class->root = sl_sheet_host_root;
  widget_class->unroot = sl_sheet_host_unroot;

  properties[PROP_CHILD] =
    g_param_spec_object ("child", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOWN] =
    g_param_spec_object ("shown", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "sheethost");
}

static void
sl_sheet_host_init (SlSheetHost *self)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  self->panels = g_array_new (FALSE, FALSE, sizeof (Panel));
  /* Dark or high-contrast: the picture is of the old colours. */
  g_signal_connect_object (style, "notify::dark", G_CALLBACK (style_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (style, "notify::high-contrast", G_CALLBACK (style_changed_cb), self, G_CONNECT_SWAPPED);
}

GtkWidget *
sl_sheet_host_new (void)
{
  return g_object_new (SL_TYPE_SHEET_HOST, NULL);
}
