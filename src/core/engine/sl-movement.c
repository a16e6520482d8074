/* sl-movement.c: movement allowances and stepping along a path
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "sl-movement.h"
#include "sl-options.h"

const char * const sl_slope_names[] = { "none", "up", "down", "steep", NULL };

/* Allowances are sums of halves and quarters; this absorbs rounding. */
#define EPSILON 1e-9

/* §8.2: a bounce pack reaches windows up to the 6th storey. */
#define BOUNCE_HIGHEST_STOREY 6

/* §6.3: the free facing changes of a running or sprinting unit. */
#define RUN_FACING_DEGREES 90
#define RUN_FACING_SPACING_M 1.0
#define SPRINT_FACING_DEGREES 45
#define SPRINT_FACING_SPACING_M 2.0

static gboolean
bounce_is (const SlTerrain *terrain,
           const char      *treatment)
{
  return terrain != NULL && terrain->bounce != NULL && g_str_equal (terrain->bounce, treatment);
}

/* The bounce-pack speed ladder (§8.2, A-40): still, walk, run, sprint; a
 * move on foot (crawl, jump, dive) leaves the pack's speed behind. */
static int
pace (SlMove move)
{
  switch (move)
    {
    case SL_MOVE_WALK:
    case SL_MOVE_BACKWARD:
    case SL_MOVE_SIDEWAYS:
      return 1;
    case SL_MOVE_RUN:
      return 2;
    case SL_MOVE_SPRINT:
      return 3;
    default:
      return 0;
    }
}

gboolean
sl_bounce_inertia (SlMove    previous,
                   SlMove    mode,
                   GError  **error)
{
  if (pace (mode) > pace (previous) + 1)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "previous",
                         _("A bounce-pack unit must walk for a subphase before it runs, and run before it sprints (§8.2, A-40)."));
      return FALSE;
    }
  /* "The reverse is true" (book §6.0): slowing down takes the same steps,
   * to a stop — after a sprint it runs, after a run it walks. */
  if (pace (mode) < pace (previous) - 1)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "previous",
                         previous == SL_MOVE_SPRINT
                         ? _("A bounce-pack unit slows down one step a subphase, all the way to a stop: after sprinting it runs for a subphase (§8.2, A-40).")
                         : _("A bounce-pack unit slows down one step a subphase, all the way to a stop: after running it walks for a subphase before it stops (§8.2, A-40)."));
      return FALSE;
    }
  return TRUE;
}

/* §8.2, T-09, T-13, A-40, A-41: a bounce pack, and the move it boosts. */
static gboolean
check_bounce_mover (const SlOptions    *options,
                    const SlMoveInput  *in,
                    GError            **error)
{
  SlMove mode = in->mode;

  if (in->zero_g)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "bounce_pack",
                         _("Bounce packs do not work in zero-G (book §7.9)."));
      return FALSE;
    }
  if (!in->armor->bounce)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "bounce_pack",
                         _("The %s suit has no bounce pack (T-13)."), in->armor->name);
      return FALSE;
    }
  /* capability follows the suit, unless the option keeps Marines
   * troops on foot. */
  if (in->troop != NULL && !in->troop->bounce_doctrine && !options->marine_troops_use_bounce)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "troop",
                         _("%s troops do not use bounce packs (option marineTroopsUseBounce, A-41)."),
                         in->troop->name);
      return FALSE;
    }
  if (mode == SL_MOVE_CRAWL || mode == SL_MOVE_JUMP || mode == SL_MOVE_DIVE)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "bounce_pack",
                         _("A bounce pack boosts walking, running and sprinting; a unit crawls, jumps and dives on foot (T-09)."));
      return FALSE;
    }
  /* §8.2 and A-40: inertia, one step of the ladder per subphase. */
  return !in->has_previous || sl_bounce_inertia (in->previous, mode, error);
}

/* T-07, T-09: sprints and dives the conditions or the move before
 * forbid. */
static gboolean
check_move_mode (const SlRules      *rules,
                 const SlMoveInput  *in,
                 GError            **error)
{
  SlMove mode = in->mode;

  /* T-09: sprinting in zero-G, and at night without a power suit. */
  if (mode == SL_MOVE_SPRINT && in->zero_g && !rules->zero_g_sprint)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "mode",
                         _("No unit can sprint in zero-G (book §7.9)."));
      return FALSE;
    }
  if (mode == SL_MOVE_SPRINT && in->night && !in->armor->power_suit &&
      !rules->night_no_power_suit_sprint)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "mode",
                         _("At night a unit without a power suit cannot sprint (T-09, T-36)."));
      return FALSE;
    }

  /* T-07 and A-31: a dive follows the move of the previous subphase. */
  if (mode == SL_MOVE_DIVE && in->has_previous &&
      (in->previous == SL_MOVE_CRAWL || in->previous == SL_MOVE_DIVE ||
       in->previous == SL_MOVE_JUMP))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "previous",
                         in->previous == SL_MOVE_JUMP
                         ? _("A jump ends kneeling, and a kneeling unit cannot dive (§6.3, §6.4).")
                         : _("After crawling or diving the unit is prone, and a prone unit cannot dive (§6.3, §6.4)."));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_mover (const SlRules      *rules,
             const SlOptions    *options,
             const SlMoveInput  *in,
             GError            **error)
{
  SlMove mode = in->mode;

  if (rules->wounds[in->wound].out)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "wound",
                         _("An unconscious or dead unit cannot move (T-16)."));
      return FALSE;
    }
  if (mode == SL_MOVE_NONE)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "mode",
                         _("Name the move: crawl, walk, run, sprint, backward, sideways, jump or dive (P-13)."));
      return FALSE;
    }

  /* §6.4 and T-05: prone units crawl, kneeling units do not move, except
   * to jump off an obstacle they jumped onto. */
  if (in->position == SL_POSITION_KNEELING && mode != SL_MOVE_JUMP)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "mode",
                         _("A kneeling unit cannot move; it needs a position change first (§6.4)."));
      return FALSE;
    }
  if (in->position == SL_POSITION_PRONE && mode != SL_MOVE_CRAWL && mode != SL_MOVE_BACKWARD)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "mode",
                         _("A prone unit may only crawl (§6.4)."));
      return FALSE;
    }
  if (mode == SL_MOVE_CRAWL && in->position != SL_POSITION_PRONE)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "mode",
                         _("Only a prone unit can crawl (T-05)."));
      return FALSE;
    }

  if (!check_move_mode (rules, in, error))
    return FALSE;
  return !in->bounce_pack || check_bounce_mover (options, in, error);
}

/* the restrictions of the terrain the unit moves through. */
static gboolean
check_terrain (const SlMoveInput  *in,
               gboolean            bounce_in_use,
               GError            **error)
{
  const SlTerrain *t = in->terrain;

  if (t == NULL)
    return TRUE;
  /* §8.2: stream, marsh, river and slopes count as clear for a bounce pack. */
  if (bounce_in_use && bounce_is (t, "clear"))
    return TRUE;
  if (t->prohibited)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "terrain",
                         _("%s cannot be entered without a bounce pack (T-10)."), t->name);
      return FALSE;
    }
  if (t->forbids[in->mode])
    {
      if (bounce_in_use)
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "terrain",
                           _("%s forbids %s, even with a bounce pack (T-10, §8.2, E-14)."),
                           t->name, sl_move_label (in->mode));
      else
        sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "terrain",
                           _("%s forbids %s (T-10, A-39)."), t->name, sl_move_label (in->mode));
      return FALSE;
    }
  return TRUE;
}

/* the walk, run or sprint rate: the least of the normal, wound and
 * snow rates, then the race (not with a bounce pack), then doubled by the
 * pack. @pace_move says which column; @base is that column's base. */
static void
pace_rate (const SlRules      *rules,
           const SlOptions    *options,
           const SlMoveInput  *in,
           SlMove              pace_move,
           double              base,
           gboolean            bounce_in_use,
           gboolean            doubles,
           SlMoveResult       *result)
{
  double rate = base;
  double wound_rate = 0;

  result->base = base;
  result->rate_source = "base";

  if (in->wound == SL_WOUND_MODERATE)
    wound_rate = rules->rate_moderate[pace_move];
  else if (in->wound == SL_WOUND_SERIOUS)
    wound_rate = rules->rate_serious[pace_move];
  /* A-40 option: a bounce pack may ignore the wound rates. */
  if (bounce_in_use && options->bounce_ignores_wounds)
    wound_rate = 0;
  if (wound_rate > 0 && wound_rate < rate)
    {
      rate = wound_rate;
      result->rate_source = sl_wound_names[in->wound];
    }
  /* T-36 and A-40: snow slows only units not using a bounce pack. */
  if (in->snow && !bounce_in_use && rules->rate_snow[pace_move] > 0 &&
      rules->rate_snow[pace_move] < rate)
    {
      rate = rules->rate_snow[pace_move];
      result->rate_source = "snow";
    }
  result->rate = rate;

  if (!bounce_in_use)
    {
      /* T-08 and A-05: the race adds metres, not for crawling or bounce. */
      result->race = in->race ? in->race->move[pace_move - SL_MOVE_WALK] : 0;
      result->meters = MAX (0, rate + result->race);
    }
  else if (bounce_is (in->terrain, "light-woods"))
    {
      /* §8.2 and E-14: in light woods the pack gives the unboosted rates. */
      double cap = rules->bounce_light_woods[pace_move];

      result->meters = cap > 0 ? MIN (rate, cap) : rate;
      result->rate_source = "bounce-light-woods";
    }
  else
    result->meters = doubles ? rate * rules->bounce_multiplier : rate;
}

/* T-07 and A-31: a dive's distance, by the move of the previous subphase;
 * in zero-G it goes on. */
static void
dive_distance (const SlRules     *rules,
               const SlMoveInput *in,
               SlMoveResult      *result)
{
  SlMove before = in->has_previous ? in->previous : SL_MOVE_NONE;

  /* Moving backward or sideways is walking. */
  if (before == SL_MOVE_BACKWARD || before == SL_MOVE_SIDEWAYS)
    before = SL_MOVE_WALK;
  result->base = result->rate = result->meters = rules->dive_distance[before];
  result->ends_position = SL_POSITION_PRONE;
  /* in zero-G the dive goes on every subphase until it hits full
   * cover or another unit. */
  result->continues = in->zero_g;
}

/* P-13 step 3: the distance of the move by its mode (T-07, T-09, §6.3). */
static void
move_distance (const SlRules     *rules,
               const SlOptions   *options,
               const SlMoveInput *in,
               gboolean           bounce_in_use,
               SlMoveResult      *result)
{
  switch (in->mode)
    {
    case SL_MOVE_CRAWL:
      /* T-09: 0.5 m; wounds and snow leave it, and races do not apply. */
      result->base = result->rate = result->meters = rules->rate_base[SL_MOVE_CRAWL];
      break;

    case SL_MOVE_SIDEWAYS:
      result->base = result->rate = result->meters = rules->rate_sideways;
      break;

    case SL_MOVE_JUMP:
      /* the jump distance option; zero-G doubles it (book §7.9). */
      result->base = result->rate = result->meters = options->jump_distance;
      if (in->zero_g)
        {
          result->rate = result->meters = options->jump_distance *
                                          rules->environment.zero_g_jump_multiplier;
          result->rate_source = "zero-g";
        }
      result->ends_position = SL_POSITION_KNEELING;
      break;

    case SL_MOVE_DIVE:
      dive_distance (rules, in, result);
      break;

    case SL_MOVE_BACKWARD:
      if (in->position == SL_POSITION_PRONE)
        {
          result->base = result->rate = result->meters = rules->rate_backward_crawl;
          break;
        }
      /* §6.3: backward at walking distance; T-09 gives no bounce rate for
       * it, so the pack does not double it. */
      pace_rate (rules, options, in, SL_MOVE_WALK, rules->rate_backward_walk, bounce_in_use,
                 FALSE, result);
      result->full_metres = TRUE;
      break;

    case SL_MOVE_WALK:
    case SL_MOVE_RUN:
    case SL_MOVE_SPRINT:
      pace_rate (rules, options, in, in->mode, rules->rate_base[in->mode], bounce_in_use, TRUE,
                 result);
      result->full_metres = TRUE;
      if (in->mode == SL_MOVE_RUN)
        {
          result->facing_max_degrees = RUN_FACING_DEGREES;
          result->facing_spacing = RUN_FACING_SPACING_M;
        }
      else if (in->mode == SL_MOVE_SPRINT)
        {
          result->facing_max_degrees = SPRINT_FACING_DEGREES;
          result->facing_spacing = SPRINT_FACING_SPACING_M;
        }
      break;

    case SL_MOVE_NONE:
    case SL_N_MOVES:
    default:
      g_assert_not_reached ();
    }
}

gboolean
sl_movement_allowance (const SlRules      *rules,
                       const SlOptions    *options,
                       const SlMoveInput  *in,
                       SlMoveResult       *result,
                       GError            **error)
{
  gboolean bounce_in_use;

  g_return_val_if_fail (in != NULL && in->armor != NULL, FALSE);

  memset (result, 0, sizeof *result);
  result->ends_position = -1;
  result->rate_source = "base";

  if (!check_mover (rules, options, in, error))
    return FALSE;

  /* §8.2 and A-40: in heavy woods a bounce unit moves like a normal unit. */
  bounce_in_use = in->bounce_pack && !bounce_is (in->terrain, "normal");
  if (!check_terrain (in, bounce_in_use, error))
    return FALSE;

  result->bounce = bounce_in_use && (in->mode == SL_MOVE_WALK || in->mode == SL_MOVE_RUN ||
                                     in->mode == SL_MOVE_SPRINT);
  /* T-13 and A-42: the suit's move cost counts unless the pack is in use;
   * the MZG has no pack and always pays it. */
  result->suit_cost = bounce_in_use ? 1.0 : in->armor->move_cost;
  result->full_metres = FALSE;
  move_distance (rules, options, in, bounce_in_use, result);

  /* §18, A-136: a Legionnaire character's land movement adds its metres
   * to every move but crawling, and never to bounce movement. */
  if (in->legionnaire_m != 0 && !bounce_in_use && in->mode != SL_MOVE_CRAWL &&
      !(in->mode == SL_MOVE_BACKWARD && in->position == SL_POSITION_PRONE))
    {
      result->legionnaire = in->legionnaire_m;
      result->meters += in->legionnaire_m;
    }

  /* marsh lets a unit on foot move 1 m a subphase. */
  if (in->terrain != NULL && !bounce_in_use && in->terrain->max_per_subphase_m > 0)
    result->max_distance = in->terrain->max_per_subphase_m;
  return TRUE;
}

/* Paths */

void
sl_path_result_clear (SlPathResult *result)
{
  g_clear_pointer (&result->reason, g_free);
  g_clear_pointer (&result->steps, g_free);
  result->n_steps = 0;
}

static const SlTerrain *
slope_terrain (const SlRules *rules,
               SlSlope        slope)
{
  switch (slope)
    {
    case SL_SLOPE_UP: return sl_rules_terrain (rules, "up-slope");
    case SL_SLOPE_DOWN: return sl_rules_terrain (rules, "down-slope");
    case SL_SLOPE_STEEP: return sl_rules_terrain (rules, "steep-slope");
    case SL_SLOPE_NONE:
    case SL_N_SLOPES:
    default:
      return NULL;
    }
}

static SlSlope
slope_of (const SlTerrain *terrain)
{
  if (terrain == NULL || !terrain->slope)
    return SL_SLOPE_NONE;
  if (g_str_equal (terrain->id, "up-slope"))
    return SL_SLOPE_UP;
  if (g_str_equal (terrain->id, "down-slope"))
    return SL_SLOPE_DOWN;
  return SL_SLOPE_STEEP;
}

/* One way of paying for a metre: a ground and a slope. */
typedef struct
{
  const SlTerrain *ground;
  SlSlope          slope;
  double           cost;
  char            *refusal;   /* why the mover cannot take it */
  const char      *field;     /* the request field at fault */
  const char      *slope_field;  /* where the slope came from */
} Part;

static void
part_clear (Part *part)
{
  g_clear_pointer (&part->refusal, g_free);
}

/* T-10, A-37 and §8.2: the cost of @part for this mover, or why it cannot
 * go there. */
static void
part_evaluate (const SlRules   *rules,
               const SlOptions *options,
               Part            *part,
               SlMove           mode,
               gboolean         bounce_in_use,
               double           suit_cost)
{
  const SlTerrain *slope = slope_terrain (rules, part->slope);
  const SlTerrain *g = part->ground;
  double factors[3];
  guint n = 0;

  if (bounce_in_use && !bounce_is (g, "normal"))
    {
      /* §8.2: with the pack, stream, marsh, river and every slope are clear
       * ground, and light woods cost 1 m per m (but still forbid sprinting). */
      if (bounce_is (g, "light-woods") && g->forbids[mode])
        part->refusal = g_strdup_printf (_("%s forbids %s, even with a bounce pack (T-10, §8.2, E-14)."),
                                         g->name, sl_move_label (mode));
      part->cost = 1.0;
      return;
    }

  if (g->prohibited)
    {
      part->refusal = g_strdup_printf (_("%s cannot be entered without a bounce pack (T-10)."),
                                       g->name);
      return;
    }
  if (slope != NULL && slope->prohibited)
    {
      part->refusal = g_strdup_printf (_("%s cannot be crossed without a bounce pack (T-10)."),
                                       slope->name);
      part->field = part->slope_field;
      return;
    }
  if (g->forbids[mode] || (slope != NULL && slope->forbids[mode]))
    {
      part->refusal = g_strdup_printf (_("%s forbids %s anywhere on the path (T-10, A-39)."),
                                       g->forbids[mode] ? g->name : slope->name, sl_move_label (mode));
      if (!g->forbids[mode])
        part->field = part->slope_field;
      return;
    }

  /* elevation stacks with the ground, and the suit's move cost is
   * applied like terrain: multiplied, or (option) their excesses added. */
  factors[n++] = g->cost;
  if (slope != NULL)
    factors[n++] = slope->cost;
  factors[n++] = suit_cost;
  if (options->terrain_cost_combine == SL_TERRAIN_ADD)
    {
      part->cost = 1.0;
      for (guint i = 0; i < n; i++)
        part->cost += factors[i] - 1.0;
    }
  else
    {
      part->cost = 1.0;
      for (guint i = 0; i < n; i++)
        part->cost *= factors[i];
    }
}

static char *
metre_field (guint       index,
             const char *field)
{
  return g_strdup_printf ("path[%u].%s", index, field);
}

/* P-13 step 4: the cheapest way the mover may pay for metre @index. */
static gboolean
metre_cost (const SlRules      *rules,
            const SlOptions    *options,
            const SlPathMetre  *metre,
            guint               index,
            SlMove              mode,
            gboolean            bounce_in_use,
            double              suit_cost,
            SlPathStep         *step,
            GError            **error)
{
  const SlTerrain *clear = sl_rules_terrain (rules, "clear");
  Part parts[2] = { { 0 } };
  guint n = 1;
  int best = -1;

  parts[0].ground = metre->terrain ? metre->terrain : clear;
  parts[0].slope = metre->slope;
  parts[0].field = "terrain";
  parts[0].slope_field = "slope";
  /* A slope named as the terrain is clear ground on that slope. */
  if (parts[0].ground->slope)
    {
      if (metre->slope != SL_SLOPE_NONE)
        {
          g_autofree char *field = metre_field (index, "slope");

          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, field,
                             _("The terrain of this metre is already a slope."));
          return FALSE;
        }
      parts[0].slope = slope_of (parts[0].ground);
      parts[0].slope_field = "terrain";
      parts[0].ground = clear;
    }
  if (metre->mixed_with != NULL)
    {
      parts[1].ground = metre->mixed_with->slope ? clear : metre->mixed_with;
      parts[1].slope = slope_of (metre->mixed_with);
      parts[1].field = "mixed_with";
      parts[1].slope_field = "mixed_with";
      n = 2;
    }

  /* P-13 step 4: crossing a contour line always costs the slope, whichever
   * terrain the mover picks. */
  if (metre->contour)
    {
      SlSlope crossed = parts[0].slope != SL_SLOPE_NONE ? parts[0].slope : parts[1].slope;

      if (crossed == SL_SLOPE_NONE)
        {
          g_autofree char *field = metre_field (index, "slope");

          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, field,
                             _("Give the slope of the contour line this metre crosses: up, down or steep (T-10)."));
          return FALSE;
        }
      for (guint i = 0; i < n; i++)
        if (parts[i].slope != crossed)
          {
            parts[i].slope = crossed;
            parts[i].slope_field = parts[1 - i].slope_field;
          }
    }

  for (guint i = 0; i < n; i++)
    {
      part_evaluate (rules, options, &parts[i], mode, bounce_in_use, suit_cost);
      if (parts[i].refusal == NULL && (best < 0 || parts[i].cost < parts[best].cost - EPSILON))
        best = i;
    }

  if (best < 0)
    {
      g_autofree char *field = metre_field (index, parts[0].field);

      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field, "%s", parts[0].refusal);
      for (guint i = 0; i < n; i++)
        part_clear (&parts[i]);
      return FALSE;
    }

  step->cost = parts[best].cost;
  step->paid = parts[best].ground;
  step->slope = parts[best].slope;
  for (guint i = 0; i < n; i++)
    part_clear (&parts[i]);
  return TRUE;
}

/* P-13: the mover of a path, before its ground, so that its errors come
 * first. */
static gboolean
check_path_mover (const SlRules      *rules,
                  const SlOptions    *options,
                  const SlPathInput  *in,
                  GError            **error)
{
  const SlMoveInput *move = &in->move;
  SlMove mode = in->has_move ? move->mode : SL_MOVE_NONE;

  if (in->has_move && (mode == SL_MOVE_JUMP || mode == SL_MOVE_DIVE))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "mode",
                         _("A jump or a dive covers a fixed distance (T-07, A-30); use the movement request for it."));
      return FALSE;
    }
  /* The mover first, so its errors come before those of the ground. */
  if (in->has_move && !check_mover (rules, options, move, error))
    return FALSE;
  if (!in->has_move && move->bounce_pack && !move->armor->bounce)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "bounce_pack",
                         _("The %s suit has no bounce pack (T-13)."), move->armor->name);
      return FALSE;
    }
  return TRUE;
}

/* How the woods of a path affect a bounce pack (§8.2, A-40). */
typedef struct
{
  gboolean heavy;          /* heavy woods somewhere: it moves as a normal unit */
  gboolean light;          /* light woods somewhere: the unboosted rates */
  gboolean bounce_in_use;
  double   suit_cost;      /* T-13, A-42 */
} PathWoods;

/* §8.2 and A-33: flying up to a window above the ground floor. */
static gboolean
check_window (const SlOptions    *options,
              const SlPathInput  *in,
              const PathWoods    *woods,
              GError            **error)
{
  if (in->window_storey <= 1)
    return TRUE;
  if (!options->bounce_window_entry)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "window_storey",
                         _("Bounce packs do not enter buildings through high windows (option bounceWindowEntry, A-33)."));
      return FALSE;
    }
  if (!woods->bounce_in_use)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "window_storey",
                         woods->heavy && in->move.bounce_pack
                         ? _("A unit coming through heavy woods moves as a normal unit and cannot rise to a window (§8.2, A-40).")
                         : _("Only a unit using its bounce pack can rise to a window above the ground floor (§8.2)."));
      return FALSE;
    }
  if (in->window_storey > BOUNCE_HIGHEST_STOREY)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "window_storey",
                         _("A bounce pack reaches windows up to the %dth storey (§8.2)."),
                         BOUNCE_HIGHEST_STOREY);
      return FALSE;
    }
  return TRUE;
}

/* P-13 step 3: the allowance of the move along the path, in the woods it
 * crosses (§8.2, A-40). Returns whether a metre may be paid in part. */
static gboolean
path_allowance (const SlRules      *rules,
                const SlOptions    *options,
                const SlPathInput  *in,
                const PathWoods    *woods,
                SlPathResult       *result,
                gboolean           *fractional,
                GError            **error)
{
  const SlMoveInput *move = &in->move;

  *fractional = options->fractional_final_metre;
  if (in->has_move)
    {
      SlMoveInput whole = *move;

      if (move->bounce_pack && woods->heavy)
        whole.terrain = sl_rules_terrain (rules, "heavy-woods");
      else if (move->bounce_pack && woods->light)
        whole.terrain = sl_rules_terrain (rules, "light-woods");
      else
        whole.terrain = NULL;
      if (!sl_movement_allowance (rules, options, &whole, &result->move, error))
        return FALSE;
      /* crawls and sideways steps may end inside a metre. */
      *fractional = *fractional || !result->move.full_metres;
    }
  result->allowance = in->allowance >= 0 ? in->allowance : result->move.meters;
  return TRUE;
}

/* P-13 step 4: one full metre at a time, until the allowance or
 * the marsh stops the unit. */
static void
step_along_path (const SlPathInput *in,
                 const PathWoods   *woods,
                 gboolean           fractional,
                 SlPathResult      *result)
{
  double marsh = 0;

  for (guint i = 0; i < in->n_metres; i++)
    {
      SlPathStep *step = &result->steps[i];
      double left = result->allowance - result->spent;
      gboolean in_marsh = !woods->bounce_in_use && step->paid->max_per_subphase_m > 0;

      result->n_steps = i + 1;

      /* at most 1 m of marsh a subphase. */
      if (in_marsh && marsh + EPSILON >= step->paid->max_per_subphase_m)
        {
          result->stopped = TRUE;
          result->stopped_at = i;
          result->reason = g_strdup_printf (_("A unit on foot crosses at most %g m of %s a subphase, so it stops before metre %u (A-38)."),
                                            step->paid->max_per_subphase_m, step->paid->name,
                                            i + 1);
          break;
        }
      if (step->cost <= left + EPSILON)
        {
          step->covered = 1.0;
          result->spent += step->cost;
        }
      else
        {
          if (fractional && left > EPSILON)
            {
              step->covered = left / step->cost;
              result->spent = result->allowance;
            }
          result->stopped = TRUE;
          result->stopped_at = i;
          result->reason = g_strdup_printf (_("Metre %u costs %g m of allowance, more than the %g m left, so the unit stops (P-13, A-36)."),
                                            i + 1, step->cost, left);
        }
      result->covered += step->covered;
      if (in_marsh)
        marsh += step->covered;
      if (result->stopped)
        break;
    }
}

/* each 3 m of height costs 3 m of bounce movement, a rise too high
 * for one subphase goes on in the next, and the unit then enters with a
 * Jump. */
static void
rise_to_window (const SlRules     *rules,
                const SlPathInput *in,
                gboolean           fractional,
                SlPathResult      *result)
{
  double target = (in->window_storey - 1) * rules->level_height_m;
  double needed = MAX (0, target - in->risen);
  double left = result->allowance - result->spent;

  result->height = in->risen;
  if (needed <= left + EPSILON)
    {
      result->rise = needed;
      result->window_reached = TRUE;
    }
  else
    {
      /* whole metres, unless the option allows a part. */
      result->rise = fractional ? left : floor (left + EPSILON);
      result->stopped = TRUE;
      result->stopped_at = in->n_metres;
      result->reason = g_strdup_printf (_("The window on storey %d is %g m up and the unit can rise only %g m this subphase; it goes on rising next subphase (A-33)."),
                                        in->window_storey, target - in->risen, result->rise);
    }
  result->spent += result->rise;
  result->height += result->rise;
}

gboolean
sl_movement_path (const SlRules      *rules,
                  const SlOptions    *options,
                  const SlPathInput  *in,
                  SlPathResult       *result,
                  GError            **error)
{
  const SlMoveInput *move = &in->move;
  SlMove mode = in->has_move ? move->mode : SL_MOVE_NONE;
  PathWoods woods = { 0 };
  gboolean fractional;

  g_return_val_if_fail (in != NULL && move->armor != NULL, FALSE);

  memset (result, 0, sizeof *result);
  result->stopped_at = -1;

  if (!check_path_mover (rules, options, in, error))
    return FALSE;

  /* §8.2 and A-40: heavy woods anywhere on the path make a bounce unit move
   * as a normal unit; light woods give it the unboosted rates. */
  for (guint i = 0; i < in->n_metres; i++)
    {
      woods.heavy = woods.heavy || bounce_is (in->metres[i].terrain, "normal");
      woods.light = woods.light || bounce_is (in->metres[i].terrain, "light-woods");
    }
  woods.bounce_in_use = move->bounce_pack && !woods.heavy;
  woods.suit_cost = woods.bounce_in_use ? 1.0 : move->armor->move_cost;

  if (!check_window (options, in, &woods, error))
    return FALSE;

  /* every metre of the planned path must allow the move. */
  result->steps = g_new0 (SlPathStep, MAX (in->n_metres, 1));
  for (guint i = 0; i < in->n_metres; i++)
    if (!metre_cost (rules, options, &in->metres[i], i, mode, woods.bounce_in_use, woods.suit_cost,
                     &result->steps[i], error))
      {
        sl_path_result_clear (result);
        return FALSE;
      }

  if (!path_allowance (rules, options, in, &woods, result, &fractional, error))
    {
      sl_path_result_clear (result);
      return FALSE;
    }
  step_along_path (in, &woods, fractional, result);
  if (!result->stopped && in->window_storey > 1)
    rise_to_window (rules, in, fractional, result);
  /* P-13 step 7: the allowance left is lost at the end. */
  result->left = MAX (0, result->allowance - result->spent);
  return TRUE;
}
