/* test-node-diff.c: where two render nodes draw differently
 * (sl_node_diff), which the sheet host draws again into the table's
 * picture under a sheet (issue 31 #2): never less than what changed, and
 * nothing of what stayed the same node.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-node-diff.h"

static const GdkRGBA red = { 1, 0, 0, 1 }, blue = { 0, 0, 1, 1 };

static GskRenderNode *
color (const GdkRGBA *rgba,
       float          x,
       float          y,
       float          w,
       float          h)
{
  return gsk_color_node_new (rgba, &GRAPHENE_RECT_INIT (x, y, w, h));
}

static GskRenderNode *
container (GskRenderNode **children,
           guint           n)
{
  return gsk_container_node_new (children, n);
}

/* The region's extents are @x, @y, @w, @h. */
static void
assert_extents (cairo_region_t *region,
                int             x,
                int             y,
                int             w,
                int             h)
{
  cairo_rectangle_int_t e;

  cairo_region_get_extents (region, &e);
  g_assert_cmpint (e.x, ==, x);
  g_assert_cmpint (e.y, ==, y);
  g_assert_cmpint (e.width, ==, w);
  g_assert_cmpint (e.height, ==, h);
}

static cairo_region_t *
diff (GskRenderNode *old,
      GskRenderNode *new)
{
  cairo_region_t *region = cairo_region_create ();

  sl_node_diff (old, new, region);
  return region;
}

static void
test_same (void)
{
  g_autoptr(GskRenderNode) a = color (&red, 0, 0, 10, 10);
  GskRenderNode *children[] = { a, a };
  g_autoptr(GskRenderNode) c = container (children, 2);
  cairo_region_t *region = diff (c, c);

  g_assert_true (cairo_region_is_empty (region));
  cairo_region_destroy (region);
}

/* Only the child that changed, a pixel around it (antialiased edges). */
static void
test_child_changed (void)
{
  g_autoptr(GskRenderNode) a = color (&red, 0, 0, 10, 10);
  g_autoptr(GskRenderNode) b = color (&red, 100, 40, 20, 5);
  g_autoptr(GskRenderNode) b2 = color (&blue, 100, 40, 20, 5);
  GskRenderNode *before[] = { a, b }, *after[] = { a, b2 };
  g_autoptr(GskRenderNode) old = container (before, 2);
  g_autoptr(GskRenderNode) new = container (after, 2);
  cairo_region_t *region = diff (old, new);

  assert_extents (region, 99, 39, 22, 7);
  g_assert_cmpint (cairo_region_contains_point (region, 5, 5), ==, FALSE);
  cairo_region_destroy (region);
}

/* A colour drawn anew the same, where it was: no change. */
static void
test_color_same (void)
{
  g_autoptr(GskRenderNode) a = color (&red, 0, 0, 10, 10);
  g_autoptr(GskRenderNode) a2 = color (&red, 0, 0, 10, 10);
  g_autoptr(GskRenderNode) moved = color (&red, 3, 0, 10, 10);
  cairo_region_t *region = diff (a, a2);

  g_assert_true (cairo_region_is_empty (region));
  cairo_region_destroy (region);
  region = diff (a, moved);
  /* Moved: where it was and where it is. */
  assert_extents (region, -1, -1, 15, 12);
  cairo_region_destroy (region);
}

/* Under transforms, in the root's coordinates: the child's own transform
 * applies first, then its parents'. */
static void
test_transformed (void)
{
  g_autoptr(GskRenderNode) a = color (&red, 0, 0, 5, 5);
  g_autoptr(GskRenderNode) a2 = color (&blue, 0, 0, 5, 5);
  g_autoptr(GskTransform) scale = gsk_transform_scale (NULL, 2, 2);
  g_autoptr(GskTransform) translate = gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (10, 20));
  g_autoptr(GskRenderNode) scaled = gsk_transform_node_new (a, scale);
  g_autoptr(GskRenderNode) scaled2 = gsk_transform_node_new (a2, scale);
  g_autoptr(GskRenderNode) old = gsk_transform_node_new (scaled, translate);
  g_autoptr(GskRenderNode) new = gsk_transform_node_new (scaled2, translate);
  cairo_region_t *region = diff (old, new);

  /* (0, 0, 5, 5) scaled twice, then moved by (10, 20). */
  assert_extents (region, 9, 19, 12, 12);
  cairo_region_destroy (region);
}

/* A transform that changed: both whole. */
static void
test_transform_changed (void)
{
  g_autoptr(GskRenderNode) a = color (&red, 0, 0, 5, 5);
  g_autoptr(GskTransform) here = gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (10, 10));
  g_autoptr(GskTransform) there = gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (50, 10));
  g_autoptr(GskRenderNode) old = gsk_transform_node_new (a, here);
  g_autoptr(GskRenderNode) new = gsk_transform_node_new (a, there);
  cairo_region_t *region = diff (old, new);

  g_assert_true (cairo_region_contains_point (region, 12, 12));
  g_assert_true (cairo_region_contains_point (region, 52, 12));
  cairo_region_destroy (region);
}

/* A row added between others: only it (the others are the same nodes). */
static void
test_child_added (void)
{
  g_autoptr(GskRenderNode) a = color (&red, 0, 0, 100, 10);
  g_autoptr(GskRenderNode) b = color (&red, 0, 20, 100, 10);
  g_autoptr(GskRenderNode) c = color (&red, 0, 40, 100, 10);
  g_autoptr(GskRenderNode) x = color (&blue, 0, 30, 100, 5);
  GskRenderNode *before[] = { a, b, c }, *after[] = { a, b, x, c };
  g_autoptr(GskRenderNode) old = container (before, 3);
  g_autoptr(GskRenderNode) new = container (after, 4);
  cairo_region_t *region = diff (old, new);

  assert_extents (region, -1, 29, 102, 7);
  cairo_region_destroy (region);
  /* And gone again. */
  region = diff (new, old);
  assert_extents (region, -1, 29, 102, 7);
  cairo_region_destroy (region);
}

/* Nodes of another kind, or not looked into: both whole. */
static void
test_other_kinds (void)
{
  g_autoptr(GskRenderNode) a = color (&red, 0, 0, 10, 10);
  g_autoptr(GskRenderNode) opacity = gsk_opacity_node_new (a, 0.5f);
  g_autoptr(GskRenderNode) clip = gsk_clip_node_new (a, &GRAPHENE_RECT_INIT (0, 0, 5, 5));
  g_autoptr(GskRenderNode) a2 = color (&blue, 0, 0, 10, 10);
  g_autoptr(GskRenderNode) clip2 = gsk_clip_node_new (a2, &GRAPHENE_RECT_INIT (0, 0, 5, 5));
  cairo_region_t *region = diff (opacity, a);

  assert_extents (region, -1, -1, 12, 12);
  cairo_region_destroy (region);
  /* The same clip: looked into. */
  region = diff (clip, clip2);
  g_assert_false (cairo_region_is_empty (region));
  cairo_region_destroy (region);
}

/* Drawn only inside a clip, a tree looks there as gsk_render_node_draw()
 * draws it: its transforms, clips and order kept. */
static void
test_draw_clipped (void)
{
  g_autoptr(GskRenderNode) back = color (&red, 0, 0, 200, 100);
  g_autoptr(GskRenderNode) a = color (&blue, 0, 0, 30, 30);
  g_autoptr(GskRenderNode) b = color (&(GdkRGBA) { 0, 1, 0, 0.5f }, 10, 10, 100, 20);
  g_autoptr(GskRenderNode) clipped = gsk_clip_node_new (b, &GRAPHENE_RECT_INIT (0, 0, 40, 25));
  g_autoptr(GskTransform) t = gsk_transform_scale (gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (20, 10)),
                                                   1.5f, 1.5f);
  GskRenderNode *inner[] = { a, clipped };
  g_autoptr(GskRenderNode) group = container (inner, 2);
  g_autoptr(GskRenderNode) moved = gsk_transform_node_new (group, t);
  g_autoptr(GskRenderNode) far = color (&blue, 150, 70, 20, 20);
  GskRenderNode *outer[] = { back, moved, far };
  g_autoptr(GskRenderNode) root = container (outer, 3);
  cairo_surface_t *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 100);
  cairo_surface_t *part = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 100);
  cairo_t *cr;
  guint32 *pw, *pp;
  int stride;

  cr = cairo_create (whole);
  gsk_render_node_draw (root, cr);
  cairo_destroy (cr);
  cr = cairo_create (part);
  cairo_rectangle (cr, 25, 15, 60, 40);
  cairo_clip (cr);
  sl_node_draw_clipped (root, cr);
  cairo_destroy (cr);
  cairo_surface_flush (whole);
  cairo_surface_flush (part);
  stride = cairo_image_surface_get_stride (whole) / 4;
  pw = (guint32 *) cairo_image_surface_get_data (whole);
  pp = (guint32 *) cairo_image_surface_get_data (part);
  for (int y = 0; y < 100; y++)
    for (int x = 0; x < 200; x++)
      {
        gboolean inside = x >= 25 && x < 85 && y >= 15 && y < 55;

        if (inside)
          g_assert_cmphex (pp[y * stride + x], ==, pw[y * stride + x]);
        else
          g_assert_cmphex (pp[y * stride + x], ==, 0);
      }
  cairo_surface_destroy (whole);
  cairo_surface_destroy (part);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* The node types are GTK's, registered as it starts. */
  gtk_init ();
  g_test_add_func ("/node-diff/same", test_same);
  g_test_add_func ("/node-diff/child-changed", test_child_changed);
  g_test_add_func ("/node-diff/color-same", test_color_same);
  g_test_add_func ("/node-diff/transformed", test_transformed);
  g_test_add_func ("/node-diff/transform-changed", test_transform_changed);
  g_test_add_func ("/node-diff/child-added", test_child_added);
  g_test_add_func ("/node-diff/other-kinds", test_other_kinds);
  g_test_add_func ("/node-diff/draw-clipped", test_draw_clipped);
  return g_test_run ();
}
