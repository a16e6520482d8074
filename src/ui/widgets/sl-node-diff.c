/* sl-node-diff.c: where two render nodes of the same widget draw
 * differently, and drawing a node only there.
 *
 * GTK keeps the render node of a widget that has not changed and gives
 * the same node again, so two snapshots of the table differ only along
 * the paths down to the widgets that changed: the two trees are walked
 * together, subtrees that are the same node skipped, and the bounds of
 * what differs, in the root's coordinates, added to the region. Where a
 * node is not one that is looked into (or its transform, clip or opacity
 * changed), the bounds of both the old and the new node are taken whole:
 * the region is never smaller than what changed, at most larger.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-node-diff.h"

#include <math.h>

/* @node's bounds, through @to_root, whole pixels around them: edges drawn
 * with antialiasing touch the pixel outside. */
static void
add_bounds (GskRenderNode  *node,
            GskTransform   *to_root,
            cairo_region_t *region)
{
  graphene_rect_t bounds, out;
  cairo_rectangle_int_t rect;

  gsk_render_node_get_bounds (node, &bounds);
  gsk_transform_transform_bounds (to_root, &bounds, &out);
  if (out.size.width <= 0 || out.size.height <= 0)
    return;
  rect.x = (int) floorf (out.origin.x) - 1;
  rect.y = (int) floorf (out.origin.y) - 1;
  rect.width = (int) ceilf (out.origin.x + out.size.width) + 1 - rect.x;
  rect.height = (int) ceilf (out.origin.y + out.size.height) + 1 - rect.y;
  cairo_region_union_rectangle (region, &rect);
}

static void
add_both (GskRenderNode  *old,
          GskRenderNode  *new,
          GskTransform   *to_root,
          cairo_region_t *region)
{
  add_bounds (old, to_root, region);
  add_bounds (new, to_root, region);
}

static gboolean
same_rounded_rect (const GskRoundedRect *a,
                   const GskRoundedRect *b)
{
  if (!graphene_rect_equal (&a->bounds, &b->bounds))
    return FALSE;
  for (int i = 0; i < 4; i++)
    if (!graphene_size_equal (&a->corner[i], &b->corner[i]))
      return FALSE;
  return TRUE;
}

static void diff (GskRenderNode  *old,
                  GskRenderNode  *new,
                  GskTransform   *to_root,
                  cairo_region_t *region);

/* Children the same in number are compared one by one. Otherwise (a row
 * added or gone) the ones the same at both ends are skipped, and the rest
 * taken whole. */
static void
diff_containers (GskRenderNode  *old,
                 GskRenderNode  *new,
                 GskTransform   *to_root,
                 cairo_region_t *region)
{
  guint n_old = gsk_container_node_get_n_children (old);
  guint n_new = gsk_container_node_get_n_children (new);
  guint start = 0, end_old, end_new;

  if (n_old == n_new)
    {
      for (guint i = 0; i < n_old; i++)
        diff (gsk_container_node_get_child (old, i), gsk_container_node_get_child (new, i), to_root, region);
      return;
    }
  while (start < n_old && start < n_new &&
         gsk_container_node_get_child (old, start) == gsk_container_node_get_child (new, start))
    start++;
  end_old = n_old;
  end_new = n_new;
  while (end_old > start && end_new > start &&
         gsk_container_node_get_child (old, end_old - 1) == gsk_container_node_get_child (new, end_new - 1))
    {
      end_old--;
      end_new--;
    }
  for (guint i = start; i < end_old; i++)
    add_bounds (gsk_container_node_get_child (old, i), to_root, region);
  for (guint i = start; i < end_new; i++)
    add_bounds (gsk_container_node_get_child (new, i), to_root, region);
}

static void
diff (GskRenderNode  *old,
      GskRenderNode  *new,
      GskTransform   *to_root,
      cairo_region_t *region)
{
  GskRenderNodeType type;

  if (old == new)
    return;
  type = gsk_render_node_get_node_type (old);
  if (type != gsk_render_node_get_node_type (new))
    {
      add_both (old, new, to_root, region);
      return;
    }
  switch (type)
    {
    case GSK_CONTAINER_NODE:
      diff_containers (old, new, to_root, region);
      break;
    case GSK_TRANSFORM_NODE:
      {
        GskTransform *transform = gsk_transform_node_get_transform (old);

        if (gsk_transform_equal (transform, gsk_transform_node_get_transform (new)))
          {
            /* The child's points go through its transform, then the
             * parents'. */
            GskTransform *child_to_root = gsk_transform_transform (gsk_transform_ref (to_root), transform);

            diff (gsk_transform_node_get_child (old), gsk_transform_node_get_child (new), child_to_root,
                  region);
            gsk_transform_unref (child_to_root);
          }
        else
          add_both (old, new, to_root, region);
        break;
      }
    case GSK_CLIP_NODE:
      if (graphene_rect_equal (gsk_clip_node_get_clip (old), gsk_clip_node_get_clip (new)))
        diff (gsk_clip_node_get_child (old), gsk_clip_node_get_child (new), to_root, region);
      else
        add_both (old, new, to_root, region);
      break;
    case GSK_ROUNDED_CLIP_NODE:
      if (same_rounded_rect (gsk_rounded_clip_node_get_clip (old), gsk_rounded_clip_node_get_clip (new)))
        diff (gsk_rounded_clip_node_get_child (old), gsk_rounded_clip_node_get_child (new), to_root, region);
      else
        add_both (old, new, to_root, region);
      break;
    case GSK_OPACITY_NODE:
      if (gsk_opacity_node_get_opacity (old) == gsk_opacity_node_get_opacity (new))
        diff (gsk_opacity_node_get_child (old), gsk_opacity_node_get_child (new), to_root, region);
      else
        add_both (old, new, to_root, region);
      break;
    case GSK_DEBUG_NODE:
      diff (gsk_debug_node_get_child (old), gsk_debug_node_get_child (new), to_root, region);
      break;
    case GSK_COLOR_NODE:
      {
        graphene_rect_t a, b;

        gsk_render_node_get_bounds (old, &a);
        gsk_render_node_get_bounds (new, &b);
        if (!graphene_rect_equal (&a, &b) ||
            !gdk_rgba_equal (gsk_color_node_get_color (old), gsk_color_node_get_color (new)))
          add_both (old, new, to_root, region);
        break;
      }
    default:
      /* Drawn anew: what it draws is taken to have changed. */
      add_both (old, new, to_root, region);
      break;
    }
}

void
sl_node_diff (GskRenderNode  *old,
              GskRenderNode  *new,
              cairo_region_t *region)
{
  g_return_if_fail (old != NULL);
  g_return_if_fail (new != NULL);
  g_return_if_fail (region != NULL);
  diff (old, new, NULL, region);
}

/* Whether @bounds (in the user space of @cr) meet its clip's extents. */
static gboolean
meets_clip (cairo_t               *cr,
            const graphene_rect_t *bounds)
{
  double x1, y1, x2, y2;

  cairo_clip_extents (cr, &x1, &y1, &x2, &y2);
  return bounds->origin.x < x2 && bounds->origin.x + bounds->size.width > x1 &&
         bounds->origin.y < y2 && bounds->origin.y + bounds->size.height > y1;
}

static void
draw_clipped (GskRenderNode *node,
              cairo_t       *cr)
{
  graphene_rect_t bounds;

  gsk_render_node_get_bounds (node, &bounds);
  if (!meets_clip (cr, &bounds))
    return;
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        draw_clipped (gsk_container_node_get_child (node, i), cr);
      break;
    case GSK_TRANSFORM_NODE:
      {
        GskTransform *transform = gsk_transform_node_get_transform (node);
        float xx, yx, xy, yy, dx, dy;
        cairo_matrix_t matrix;

        if (gsk_transform_get_category (transform) < GSK_TRANSFORM_CATEGORY_2D)
          {
            gsk_render_node_draw (node, cr);
            break;
          }
        gsk_transform_to_2d (transform, &xx, &yx, &xy, &yy, &dx, &dy);
        /* Flat (an axis scaled to nothing): nothing drawn, as GTK does. */
        if (xx * yy == xy * yx)
          break;
        cairo_matrix_init (&matrix, xx, yx, xy, yy, dx, dy);
        cairo_save (cr);
        cairo_transform (cr, &matrix);
        draw_clipped (gsk_transform_node_get_child (node), cr);
        cairo_restore (cr);
        break;
      }
    case GSK_CLIP_NODE:
      {
        const graphene_rect_t *clip = gsk_clip_node_get_clip (node);

        cairo_save (cr);
        cairo_rectangle (cr, clip->origin.x, clip->origin.y, clip->size.width, clip->size.height);
        cairo_clip (cr);
        draw_clipped (gsk_clip_node_get_child (node), cr);
        cairo_restore (cr);
        break;
      }
    case GSK_DEBUG_NODE:
      draw_clipped (gsk_debug_node_get_child (node), cr);
      break;
    default:
      gsk_render_node_draw (node, cr);
      break;
    }
}

void
sl_node_draw_clipped (GskRenderNode *node,
                      cairo_t       *cr)
{
  g_return_if_fail (node != NULL);
  g_return_if_fail (cr != NULL);
  draw_clipped (node, cr);
}
