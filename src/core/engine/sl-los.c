/* sl-los.c: line of sight, cover, elevation and dead zones
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-combat.h"
#include "sl-los.h"
#include "sl-options.h"

const char * const sl_los_obstacle_names[] = {
  "wall", "bulkhead", "closed-door", "high-obstacle", "window", "ship-window", "half-soft",
  "half-hard", "full-soft", "full-hard", "other-unit", NULL
};

/* Room for every obstacle plus the woods. */
#define MAX_ITEMS(in) ((in)->n_obstacles + 1)

typedef struct
{
  SlCover     cover;
  const char *label;
  int         value;
} FireItem;

typedef struct
{
  SlDetectionPublic id;
  int               value;
} DetectionItem;

static int
detection_value (const SlRules     *rules,
                 SlDetectionPublic  id)
{
  return sl_rules_detection_modifier (rules, sl_detection_public_names[id])->value;
}

static gboolean
is_full (SlCover cover)
{
  return cover == SL_COVER_FULL_SOFT || cover == SL_COVER_FULL_HARD;
}

/* Records the first reason only; later ones are dropped. */
static void
block (gboolean *blocked,
       char    **reason,
       char     *text)
{
  if (*blocked)
    {
      g_free (text);
      return;
    }
  *blocked = TRUE;
  *reason = text;
}

static void
block_both (SlLosResult *result,
            char        *text)
{
  block (&result->detection_blocked, &result->detection_reason, g_strdup (text));
  block (&result->blocked, &result->reason, text);
}

void
sl_los_result_clear (SlLosResult *result)
{
  g_clear_pointer (&result->reason, g_free);
  g_clear_pointer (&result->detection_reason, g_free);
}

/* T-15 blockers that no posture or cover rule can open: staircases, walls,
 * doors, high obstacles, deep woods, elevation, dead zones and (as an
 * option) smoke. They block detection as well as fire. */
static void
physical_blockers (const SlRules    *rules,
                   const SlOptions  *options,
                   const SlLosInput *in,
                   SlLosResult      *result)
{
  const SlTerrain *light = sl_rules_terrain (rules, "light-woods");
  const SlTerrain *heavy = sl_rules_terrain (rules, "heavy-woods");

  /* T-02 and P-10: a staircase blocks the line except between units that
   * are both inside it. */
  if (in->firer_in_stairwell != in->target_in_stairwell)
    block_both (result, g_strdup (_("A staircase blocks the line of sight except between units that are both inside it (T-02, P-10).")));

  for (guint i = 0; i < in->n_obstacles; i++)
    switch (in->obstacles[i].type)
      {
      case SL_LOS_WALL:
      case SL_LOS_BULKHEAD:
        block_both (result, g_strdup (_("A wall or bulkhead on the line blocks the line of sight (T-15).")));
        break;
      case SL_LOS_CLOSED_DOOR:
        block_both (result, g_strdup (_("A closed door on the line blocks the line of sight (T-15).")));
        break;
      case SL_LOS_HIGH_OBSTACLE:
        block_both (result, g_strdup (_("A high obstacle (shelving, column, ceiling-high machinery) on the line blocks the line of sight (T-15).")));
        break;
      case SL_LOS_WINDOW:
      case SL_LOS_SHIP_WINDOW:
      case SL_LOS_HALF_SOFT:
      case SL_LOS_HALF_HARD:
      case SL_LOS_FULL_SOFT:
      case SL_LOS_FULL_HARD:
      case SL_LOS_OTHER_UNIT:
      case SL_N_LOS_OBSTACLES:
      default:
        break;
      }

  /* T-10 and T-15: more than 3 m of heavy or 10 m of light woods. */
  if (in->heavy_woods_m > heavy->los_limit_m)
    block_both (result, g_strdup_printf (_("The line runs through %g m of heavy woods; more than %g m blocks the line of sight (T-10, T-15)."),
                                         in->heavy_woods_m, heavy->los_limit_m));
  if (in->light_woods_m > light->los_limit_m)
    block_both (result, g_strdup_printf (_("The line runs through %g m of light woods; more than %g m blocks the line of sight (T-10, T-15)."),
                                         in->light_woods_m, light->los_limit_m));

  /* T-15 and A-52: a level strictly higher than both units blocks; an
   * equal one does not. */
  if (in->has_elevation && in->highest_between > MAX (in->firer_level, in->target_level))
    block_both (result, g_strdup_printf (_("Ground of level %d between the units is higher than both of them (levels %d and %d) and blocks the line of sight (T-15, A-52)."),
                                         in->highest_between, in->firer_level, in->target_level));

  /* T-15, A-53, A-54: two or more contour lines within 1 m make a dead zone
   * of 3 m per line beyond their foot (E-15: 3 lines, 9 m). Fire missions
   * ignore dead zones (T-15, P-38 step 3); grenade launchers cannot fire
   * into them, like any other fire. */
  if (in->has_dead_zone && in->dead_zone_lines >= rules->dead_zone_min_lines && in->fire_mission)
    result->dead_zone_m = in->dead_zone_lines * rules->dead_zone_m_per_line;
  else if (in->has_dead_zone && in->dead_zone_lines >= rules->dead_zone_min_lines)
    {
      result->dead_zone_m = in->dead_zone_lines * rules->dead_zone_m_per_line;
      if (in->units_within_1m)
        /* Note 1: both units within 1 m of each other and of the lines. */
        result->dead_zone_negated = TRUE;
      else if (in->looking_up && in->distance_from_foot_m <= rules->dead_zone_infinite_within_m)
        /* Note 2. */
        block_both (result, g_strdup_printf (_("A unit within %g m of the foot of the slope looking up sees nothing beyond the crest: its dead zone is infinite in that direction (T-15 note 2, A-54)."),
                                             rules->dead_zone_infinite_within_m));
      else if (in->distance_from_foot_m <= result->dead_zone_m)
        block_both (result, g_strdup_printf (_("The lower unit is %g m from the foot of %d contour lines, inside their %g m dead zone, which blocks the line of sight into and out of it (T-15, A-54)."),
                                             in->distance_from_foot_m, in->dead_zone_lines,
                                             result->dead_zone_m));
    }

  /* A-112 option. */
  if (in->smoke && options->smoke_blocks_los)
    block_both (result, g_strdup (_("Smoke blocks the line of sight (option smokeBlocksLOS, A-112).")));
}

static SlCover
cover_class (SlLosObstacleType type)
{
  switch (type)
    {
    case SL_LOS_WINDOW:
    case SL_LOS_SHIP_WINDOW: return SL_COVER_WINDOW;
    case SL_LOS_HALF_SOFT: return SL_COVER_HALF_SOFT;
    case SL_LOS_HALF_HARD: return SL_COVER_HALF_HARD;
    case SL_LOS_FULL_SOFT: return SL_COVER_FULL_SOFT;
    case SL_LOS_FULL_HARD: return SL_COVER_FULL_HARD;
    /* other counters are soft half cover. */
    case SL_LOS_OTHER_UNIT: return SL_COVER_HALF_SOFT;
    case SL_LOS_WALL:
    case SL_LOS_BULKHEAD:
    case SL_LOS_CLOSED_DOOR:
    case SL_LOS_HIGH_OBSTACLE:
    case SL_N_LOS_OBSTACLES:
    default:
      return SL_COVER_NONE;
    }
}

/* The cover on the line, as fire and as detection see it. */
typedef struct
{
  FireItem      *fire;
  guint          n_fire;
  DetectionItem *detection;
  guint          n_detection;
} CoverItems;

static void
add_fire_item (CoverItems *items,
               SlCover     cover,
               const char *label,
               int         value)
{
  items->fire[items->n_fire] = (FireItem) { cover, label, value };
  items->n_fire++;
}

static void
add_detection_item (const SlRules     *rules,
                    CoverItems        *items,
                    SlDetectionPublic  id)
{
  items->detection[items->n_detection].id = id;
  items->detection[items->n_detection].value = detection_value (rules, id);
  items->n_detection++;
}

/* What fire counts of cover @raw on the line and what blocks it, as the
 * target's posture makes it (T-15, §6.4, A-61). Returns the cover as
 * detection counts it. */
static SlCover
posture_cover (const SlRules     *rules,
               const SlOptions   *options,
               const SlLosInput  *in,
               SlLosObstacleType  type,
               SlCover            raw,
               SlLosResult       *result,
               CoverItems        *items)
{
  gboolean standing = in->target_position == SL_POSITION_STANDING;
  SlCover cover = raw;

  /* other counters never block and are never turned into full
   * cover. */
  if (type == SL_LOS_OTHER_UNIT)
    {
      add_fire_item (items, SL_COVER_HALF_SOFT, _("Another unit on the line (soft half cover)"),
                     rules->to_hit.other_unit_on_line);
      return cover;
    }
  if (raw == SL_COVER_WINDOW)
    {
      /* T-15: a window blocks the line to a kneeling or prone target
       * and is hard half cover for a standing one. */
      if (standing)
        {
          add_fire_item (items, SL_COVER_WINDOW, sl_cover_label (SL_COVER_WINDOW),
                         sl_cover_to_hit_value (rules, options, SL_COVER_WINDOW));
          return cover;
        }
      block (&result->blocked, &result->reason,
             g_strdup (_("A window blocks the line of sight to a kneeling or prone target (T-15).")));
      return SL_COVER_FULL_HARD;
    }

  /* §6.4: prone, all cover is full cover; kneeling, half cover
   * becomes full cover. */
  if (!standing && raw == SL_COVER_HALF_SOFT)
    cover = SL_COVER_FULL_SOFT;
  else if (!standing && raw == SL_COVER_HALF_HARD)
    cover = SL_COVER_FULL_HARD;

  /* T-15: full cover blocks unless the target fires or detects
   * toward the firer. */
  if (is_full (cover) && !in->target_firing_at_firer)
    block (&result->blocked, &result->reason,
           g_strdup (cover != raw
                     ? _("Half cover blocks the line of sight to a kneeling or prone target that is not firing or detecting toward the firer (T-15).")
                     : _("Full cover blocks the line of sight unless the target is firing or detecting toward the firer (T-15).")));
  else
    add_fire_item (items, cover, sl_cover_label (cover), sl_cover_to_hit_value (rules, options, cover));
  return cover;
}

/* One object on the line: what it blocks and what it counts as cover. */
static void
collect_obstacle (const SlRules       *rules,
                  const SlOptions     *options,
                  const SlLosInput    *in,
                  const SlLosObstacle *o,
                  SlLosResult         *result,
                  CoverItems          *items)
{
  SlCover raw = cover_class (o->type);
  SlCover cover;

  if (raw == SL_COVER_NONE)
    return;

  /* T-02: the windows of a spaceship are closed and prohibit fire,
   * wherever they are on the line. */
  if (o->type == SL_LOS_SHIP_WINDOW)
    block (&result->blocked, &result->reason,
           g_strdup (_("The windows of a spaceship are closed and prohibit fire through them (T-02).")));

  /* P-18 step 2 and A-47: cover within 1 m of the firer that it shoots
   * over or around is ignored, or counts as it stands when the option
   * is off; it never blocks. */
  if (o->near_firer)
    {
      if (options->ignore_firer_own_cover)
        return;
      add_fire_item (items, raw, _("Cover next to the firer"),
                     sl_cover_to_hit_value (rules, options, raw));
      add_detection_item (rules, items, is_full (raw) ? SL_DETECTION_FULL_COVER
                                                      : SL_DETECTION_HALF_COVER);
      return;
    }

  cover = posture_cover (rules, options, in, o->type, raw, result, items);

  /* T-19: half cover +2, full cover +3, after the same posture rules;
   * a window counts as half cover. */
  add_detection_item (rules, items, is_full (cover) ? SL_DETECTION_FULL_COVER
                                                    : SL_DETECTION_HALF_COVER);
}

/* P-17 step 5 and P-18 step 1: the cover objects on the line, as fire and
 * as detection see them. */
static void
collect_cover (const SlRules    *rules,
               const SlOptions  *options,
               const SlLosInput *in,
               SlLosResult      *result,
               CoverItems       *items)
{
  for (guint i = 0; i < in->n_obstacles; i++)
    collect_obstacle (rules, options, in, &in->obstacles[i], result, items);

  /* woods never block below their depth limits, and count
   * once per line, heavy before light. */
  if (in->heavy_woods_m > 0 || in->light_woods_m > 0)
    {
      gboolean heavy = in->heavy_woods_m > 0;
      SlCover woods = heavy ? SL_COVER_HEAVY_WOODS : SL_COVER_LIGHT_WOODS;

      add_fire_item (items, woods, sl_cover_label (woods), sl_cover_to_hit_value (rules, options, woods));
      add_detection_item (rules, items, heavy ? SL_DETECTION_HEAVY_WOODS : SL_DETECTION_LIGHT_WOODS);
    }
}

void
sl_los_resolve (const SlRules    *rules,
                const SlOptions  *options,
                const SlLosInput *in,
                SlBreakdown      *fire_breakdown,
                SlBreakdown      *detection_breakdown,
                SlLosResult      *result)
{
  g_autofree FireItem *fire = g_new0 (FireItem, MAX_ITEMS (in));
  g_autofree DetectionItem *detection = g_new0 (DetectionItem, MAX_ITEMS (in));
  CoverItems items = { fire, 0, detection, 0 };

  memset (result, 0, sizeof *result);
  result->cover = SL_COVER_NONE;

  physical_blockers (rules, options, in, result);
  collect_cover (rules, options, in, result, &items);

  if (!result->blocked)
    {
      /* P-18 step 3 and A-47: only the single highest cover value, unless
       * the option stacks them. */
      guint best = 0;

      for (guint i = 0; i < items.n_fire; i++)
        {
          if (fire[i].value > fire[best].value)
            best = i;
          if (options->stack_cover)
            sl_breakdown_add (fire_breakdown, "cover", fire[i].label, fire[i].value);
        }
      if (items.n_fire > 0)
        {
          result->cover = fire[best].cover;
          if (!options->stack_cover)
            sl_breakdown_add (fire_breakdown, "cover", fire[best].label, fire[best].value);
        }
      /* by default smoke is +5 rather than a block. */
      if (in->smoke)
        sl_breakdown_add (fire_breakdown, "smoke", _("Firing through smoke"), rules->to_hit.smoke);
      result->modifier = sl_breakdown_total (fire_breakdown);
    }

  if (!result->detection_blocked)
    {
      guint best = 0;

      /* The same single-highest rule for the cover around a pile. */
      for (guint i = 0; i < items.n_detection; i++)
        {
          if (detection[i].value > detection[best].value)
            best = i;
          /* Stacked, each row of T-19 still counts once. */
          if (options->stack_cover && !result->detection_public[detection[i].id])
            {
              sl_breakdown_add (detection_breakdown, sl_detection_public_names[detection[i].id],
                                sl_detection_public_label (detection[i].id), detection[i].value);
              result->detection_public[detection[i].id] = TRUE;
            }
        }
      if (items.n_detection > 0 && !options->stack_cover)
        {
          sl_breakdown_add (detection_breakdown, sl_detection_public_names[detection[best].id],
                            sl_detection_public_label (detection[best].id), detection[best].value);
          result->detection_public[detection[best].id] = TRUE;
        }
      if (in->smoke)
        sl_breakdown_add (detection_breakdown, "smoke", _("Smoke"),
                          sl_rules_detection_modifier (rules, "smoke")->value);
      result->detection_modifier = sl_breakdown_total (detection_breakdown);
    }
}
