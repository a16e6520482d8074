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
#include "sl-node-diff.h"

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
  GtkWidget *focus;   /* made ahead: where the focus will go, styled so (weak) */
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
   * GTK 4.8's cairo renderer about half of that frame, issue 31 #2); when
   * the table changed meanwhile (the key that opens the sheet is often a
   * command), only what changed is drawn again into the picture.
   * Only for the cairo renderer: a GPU draws the table in no time. */
  GskRenderNode   *drawn;        /* the content as it was last drawn, or NULL */
  cairo_surface_t *picture;      /* the content dimmed, at the screen's scale, or NULL */
  GskRenderNode   *backdrop;     /* a node that draws the picture, or NULL */
  GskRenderNode   *backdrop_of;  /* the content the picture shows */
  guint            picture_serial; /* counts the picture's changes */
  GskRenderNode   *around;       /* the picture around the panel shown, or NULL */
  graphene_rect_t  around_hole;  /* where it leaves out */
  guint            around_serial; /* the picture it draws */
  int              backdrop_width;
  int              backdrop_height;
  int              backdrop_scale;
  gboolean         use_backdrop; /* the panels shown are over the picture */
  gboolean         changing;     /* the content changes: the picture follows it */
  gboolean         sync_once;    /* the next frame brings the picture up to date */
  guint            backdrop_id;
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

/* The focus states of @from and its parents up to @panel as GTK gives
 * them with the focus on @focus (or nowhere): "focus-within" on the focus
 * and its parents, and "focus-visible" too while the window shows where
 * the focus is.
 *
 * A panel made ahead is styled as it will be with the focus in it: when
 * the focus goes in, these states would change for every widget around
 * the focus, and GTK 4.8 then works out the style of every widget inside
 * them again — the whole sheet, 185 styles in the fire sheet's first
 * frame (issue 31 #2). Styled ahead, what is left is the focus itself and
 * the widgets that depend on the window's own focus states, which GTK
 * turns off and on again with any move of the focus (120 to 145). */
static void
set_focus_state (GtkWidget *from,
                 GtkWidget *panel,
                 GtkWidget *focus)
{
  GtkRoot *root = gtk_widget_get_root (panel);
  GtkStateFlags visible = root != NULL && GTK_IS_WINDOW (root) && gtk_window_get_focus_visible (GTK_WINDOW (root))
                          ? GTK_STATE_FLAG_FOCUS_VISIBLE : 0;
  const GtkStateFlags both = GTK_STATE_FLAG_FOCUS_WITHIN | GTK_STATE_FLAG_FOCUS_VISIBLE;

  for (GtkWidget *w = from; w != NULL; w = gtk_widget_get_parent (w))
    {
      gboolean holds = focus != NULL && (w == focus || gtk_widget_is_ancestor (focus, w));
      GtkStateFlags want = holds ? GTK_STATE_FLAG_FOCUS_WITHIN | visible : 0;

      gtk_widget_unset_state_flags (w, both & ~want);
      if (want != 0)
        gtk_widget_set_state_flags (w, want, FALSE);
      if (w == panel)
        break;
    }
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
  Panel p = { panel, width, height, NULL };
  GtkWidget *styled_focus = NULL;

  g_return_if_fail (SL_IS_SHEET_HOST (self));
  g_return_if_fail (GTK_IS_WIDGET (panel));
  g_return_if_fail (gtk_widget_get_parent (panel) == NULL || panel == self->prepared.widget);

  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (self->panels->len == 0)
    {
      g_set_weak_pointer (&self->return_focus, root != NULL ? gtk_root_get_focus (root) : NULL);
      /* Over the picture, brought up to date in the panel's first frame:
       * only what changed in the table since it was drawn (often what the
       * key that opens the panel changed) is drawn again. */
      self->use_backdrop = self->backdrop != NULL;
      self->sync_once = TRUE;
      set_content_inert (self, TRUE);
    }
  else
    gtk_widget_set_child_visible (top_panel (self)->widget, FALSE);
  if (panel == self->prepared.widget)
    {
      /* Laid out already: only drawn now. */
      self->prepared.widget = NULL;
      g_set_weak_pointer (&styled_focus, self->prepared.focus);
      g_clear_weak_pointer (&self->prepared.focus);
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
  if (styled_focus != NULL)
    {
      /* Styled ahead for a focus that went elsewhere: as GTK leaves it. */
      set_focus_state (styled_focus, panel, root != NULL ? gtk_root_get_focus (root) : NULL);
      g_clear_weak_pointer (&styled_focus);
    }
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
      sl_sheet_host_prepare (self, NULL, 0, 0, NULL);
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
                       int          height,
                       GtkWidget   *focus)
{
  g_return_if_fail (SL_IS_SHEET_HOST (self));
  g_return_if_fail (panel == NULL || gtk_widget_get_parent (panel) == NULL);
  g_return_if_fail (focus == NULL || (panel != NULL && (focus == panel || gtk_widget_is_ancestor (focus, panel))));
  if (self->prepared.widget != NULL)
    {
      GtkWidget *old = g_steal_pointer (&self->prepared.widget);

      /* Not shown after all: no focus styled in it any more. */
      if (self->prepared.focus != NULL)
        set_focus_state (self->prepared.focus, old, NULL);
      g_clear_weak_pointer (&self->prepared.focus);
      gtk_widget_unparent (old);
      g_object_unref (old);
    }
  if (panel == NULL)
    return;
  self->prepared = (Panel) { g_object_ref_sink (panel), width, height, NULL };
  set_made_ahead (panel, TRUE);
  gtk_widget_set_parent (panel, GTK_WIDGET (self));
  if (focus != NULL)
    {
      g_set_weak_pointer (&self->prepared.focus, focus);
      set_focus_state (focus, panel, focus);
    }
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

/* Draws @content dimmed into @cr, only inside what is clipped already. */
static void
draw_dimmed (cairo_t       *cr,
             GskRenderNode *content)
{
  cairo_save (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_restore (cr);
  sl_node_draw_clipped (content, cr);
  gdk_cairo_set_source_rgba (cr, &dim);
  cairo_paint (cr);
}

/* The backdrop node draws the picture as it is when drawn, through a
 * pattern cairo cannot copy: a node that recorded the picture itself
 * would make cairo copy all of it (4 MB) before each change. A node
 * drawn is of the picture as it is: a new node is made each time the
 * picture changes, so that the renderer draws it again. */
static cairo_surface_t *
acquire_picture (cairo_pattern_t             *pattern,
                 void                        *picture,
                 cairo_surface_t             *target,
                 const cairo_rectangle_int_t *extents)
{
  return cairo_surface_reference (picture);
}

static void
release_picture (cairo_pattern_t *pattern,
                 void            *picture,
                 cairo_surface_t *surface)
{
  cairo_surface_destroy (surface);
}

static cairo_status_t
copy_picture (cairo_pattern_t       *pattern,
              void                  *picture,
              const cairo_pattern_t *other)
{
  cairo_surface_reference (picture);
  return CAIRO_STATUS_SUCCESS;
}

static void
finish_picture (cairo_pattern_t *pattern,
                void            *picture)
{
  cairo_surface_destroy (picture);
}

/* A node that draws the picture inside @bounds. */
static GskRenderNode *
picture_node_new (cairo_surface_t       *picture,
                  int                    width,
                  int                    height,
                  int                    scale,
                  const graphene_rect_t *bounds)
{
  GskRenderNode *node = gsk_cairo_node_new (bounds);
  cairo_t *cr = gsk_cairo_node_get_draw_context (node);
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;

  pattern = cairo_pattern_create_raster_source (cairo_surface_reference (picture), CAIRO_CONTENT_COLOR_ALPHA,
                                                width * scale, height * scale);
  cairo_raster_source_pattern_set_acquire (pattern, acquire_picture, release_picture);
  cairo_raster_source_pattern_set_copy (pattern, copy_picture);
  cairo_raster_source_pattern_set_finish (pattern, finish_picture);
  /* The picture's pixels are at the screen's scale. */
  cairo_matrix_init_scale (&matrix, scale, scale);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_set_source (cr, pattern);
  cairo_pattern_destroy (pattern);
  cairo_paint (cr);
  cairo_destroy (cr);
  return node;
}

/* How far inside its edges a panel surely covers what is under it: its
 * corners are rounded (sl-sheet.c), its edge is outside it. */
#define PANEL_INSET 13

/* The picture, less what the panel shown covers (@panel: its bounds): the
 * cairo renderer draws a node of a picture by copying it first, and the
 * part under a sheet was copied and drawn for nothing (a third of the
 * window or more). Kept while the picture and the panel stay the same. */
static GskRenderNode *
backdrop_around (SlSheetHost           *self,
                 const graphene_rect_t *panel)
{
  int width = self->backdrop_width, height = self->backdrop_height;
  graphene_rect_t hole, all = GRAPHENE_RECT_INIT (0, 0, width, height), pieces[4];
  GskRenderNode *nodes[4];
  guint n = 0;

  graphene_rect_inset_r (panel, PANEL_INSET, PANEL_INSET, &hole);
  if (hole.size.width <= 0 || hole.size.height <= 0 || !graphene_rect_intersection (&hole, &all, &hole))
    return self->backdrop;
  if (self->around != NULL && self->around_serial == self->picture_serial &&
      graphene_rect_equal (&self->around_hole, &hole))
    return self->around;
  /* Above it, below it, and either side of it. */
  pieces[0] = GRAPHENE_RECT_INIT (0, 0, width, hole.origin.y);
  pieces[1] = GRAPHENE_RECT_INIT (0, hole.origin.y + hole.size.height, width,
                                  height - hole.origin.y - hole.size.height);
  pieces[2] = GRAPHENE_RECT_INIT (0, hole.origin.y, hole.origin.x, hole.size.height);
  pieces[3] = GRAPHENE_RECT_INIT (hole.origin.x + hole.size.width, hole.origin.y,
                                  width - hole.origin.x - hole.size.width, hole.size.height);
  for (int i = 0; i < 4; i++)
    if (pieces[i].size.width > 0 && pieces[i].size.height > 0)
      nodes[n++] = picture_node_new (self->picture, width, height, self->backdrop_scale, &pieces[i]);
  g_clear_pointer (&self->around, gsk_render_node_unref);
  self->around = gsk_container_node_new (nodes, n);
  for (guint i = 0; i < n; i++)
    gsk_render_node_unref (nodes[i]);
  self->around_hole = hole;
  self->around_serial = self->picture_serial;
  return self->around;
}

/* Brings the picture to @content, drawn as the cairo renderer draws the
 * window: only where it differs from what the picture shows (GTK gives
 * an unchanged widget's node again), all of it when most of it changed
 * or the host is not the picture's size. Whether the picture changed. */
static gboolean
update_picture (SlSheetHost   *self,
                GskRenderNode *content)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  cairo_region_t *region = NULL;
  cairo_t *cr;

  if (content == NULL || width <= 0 || height <= 0)
    return FALSE;
  if (self->picture != NULL && self->backdrop_of != NULL && backdrop_fits (self))
    {
      cairo_rectangle_int_t all = { 0, 0, width, height }, extents;

      if (content == self->backdrop_of)
        return FALSE;
      region = cairo_region_create ();
      sl_node_diff (self->backdrop_of, content, region);
      cairo_region_intersect_rectangle (region, &all);
      cairo_region_get_extents (region, &extents);
      if (cairo_region_is_empty (region))
        {
          /* Drawn anew, but the same pixels. */
          cairo_region_destroy (region);
          g_clear_pointer (&self->backdrop_of, gsk_render_node_unref);
          self->backdrop_of = gsk_render_node_ref (content);
          return FALSE;
        }
      if ((gint64) extents.width * extents.height * 2 > (gint64) width * height)
        g_clear_pointer (&region, cairo_region_destroy);
    }
  g_clear_pointer (&self->backdrop, gsk_render_node_unref);
  if (region == NULL)
    {
      g_clear_pointer (&self->picture, cairo_surface_destroy);
      self->picture = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
    }
  cr = cairo_create (self->picture);
  cairo_scale (cr, scale, scale);
  if (region != NULL)
    {
      gdk_cairo_region (cr, region);
      cairo_clip (cr);
      cairo_region_destroy (region);
    }
  draw_dimmed (cr, content);
  cairo_destroy (cr);
  /* One node, kept: a frame that changes only the panel draws only the
   * panel (the same node is no change), and a cairo node, not a texture:
   * GTK 4.8 converts a texture pixel by pixel as cairo draws it. */
  self->backdrop = picture_node_new (self->picture, width, height, scale, &GRAPHENE_RECT_INIT (0, 0, width, height));
  self->picture_serial++;
  g_clear_pointer (&self->backdrop_of, gsk_render_node_unref);
  self->backdrop_of = gsk_render_node_ref (content);
  self->backdrop_width = width;
  self->backdrop_height = height;
  self->backdrop_scale = scale;
  return TRUE;
}

/* The content still a moment: its picture made, or brought up to date. */
static gboolean
draw_backdrop_cb (gpointer data)
{
  SlSheetHost *self = data;
  gboolean changed;

  self->backdrop_id = 0;
  if (self->drawn == NULL || !draws_with_cairo (GTK_WIDGET (self)))
    return G_SOURCE_REMOVE;
  changed = update_picture (self, self->drawn);
  self->changing = FALSE;
  if (self->panels->len > 0 && self->backdrop != NULL && (changed || !self->use_backdrop))
    {
      /* The content under the panels is still again: the picture it is. */
      self->use_backdrop = TRUE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
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
   * focus leaves it (or the game changes, sl_sheet_host_content_changed,
   * which the picture follows): drawn again then, the picture would cost
   * a frame for a focus ring fading, often the frame of the next key. */
  if (self->panels->len > 0 && self->use_backdrop && backdrop_fits (self))
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
    {
      /* The panel's first frame, or the game changed under it: the picture
       * shows the table as it is. */
      graphene_rect_t bounds;

      if ((self->sync_once || self->changing) && content != NULL)
        update_picture (self, content);
      self->sync_once = FALSE;
      if (gtk_widget_compute_bounds (top->widget, widget, &bounds))
        gtk_snapshot_append_node (snapshot, backdrop_around (self, &bounds));
      else
        gtk_snapshot_append_node (snapshot, self->backdrop);
    }
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
sl_sheet_host_forget_backdrop (SlSheetHost *self)
{
  g_return_if_fail (SL_IS_SHEET_HOST (self));
  g_clear_pointer (&self->backdrop, gsk_render_node_unref);
  g_clear_pointer (&self->around, gsk_render_node_unref);
  g_clear_pointer (&self->backdrop_of, gsk_render_node_unref);
  g_clear_pointer (&self->picture, cairo_surface_destroy);
  g_clear_pointer (&self->drawn, gsk_render_node_unref);
  self->use_backdrop = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
sl_sheet_host_content_changed (SlSheetHost *self)
{
  g_return_if_fail (SL_IS_SHEET_HOST (self));
  /* Until it is still again, the picture under a panel follows it. */
  self->changing = TRUE;
  if (self->use_backdrop && self->panels->len > 0)
    gtk_widget_queue_draw (GTK_WIDGET (self));
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
  sl_sheet_host_prepare (self, NULL, 0, 0, NULL);
  g_clear_pointer (&self->child, gtk_widget_unparent);
  g_clear_weak_pointer (&self->return_focus);
  g_clear_handle_id (&self->backdrop_id, g_source_remove);
  g_clear_pointer (&self->drawn, gsk_render_node_unref);
  g_clear_pointer (&self->backdrop_of, gsk_render_node_unref);
  g_clear_pointer (&self->backdrop, gsk_render_node_unref);
  g_clear_pointer (&self->around, gsk_render_node_unref);
  g_clear_pointer (&self->picture, cairo_surface_destroy);
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
