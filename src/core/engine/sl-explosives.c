/* sl-explosives.c: grenades, the grenade launcher, blasts, charges, mines
 * and fire missions (digest §15.6 … §15.9)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "sl-explosives.h"
#include "sl-options.h"

const char * const sl_grenade_weapon_names[] = { "hand", "launcher", "mortar", "missile", NULL };
const char * const sl_grenade_type_names[] = { "frag", "smoke", NULL };
const char * const sl_spotter_names[] = { "calling-leader", "friendly-unit", "ground-sensor", NULL };
const char * const sl_scatter_names[] = { "long", "short", "left", "right", "double", "triple", NULL };
const char * const sl_grenade_band_names[] = { "short", "medium", "long", NULL };
const char * const sl_blast_source_names[] = {
  "frag", "smoke", "plastic", "plastic-2", "plastic-3", "plastic-4", "mortar", "missile", NULL
};
const char * const sl_blast_cover_names[] = { "none", "half", "full", NULL };
const char * const sl_charge_shot_names[] = { "none", "destroyed", "explosion", NULL };
const char * const sl_shaped_zone_names[] = { "none", "A", "B", NULL };

/* Smoke grenade (book §9.6, digest §15.6): a sphere of 3 m radius that
 * lasts 12 turns (or 12 subphases with the option smokeDuration, A-112). */
#define SMOKE_RADIUS_M 3.0
#define SMOKE_DURATION 12

/* P-37 step 3 and A-82: a mine goes off when an enemy comes within 1 m. */
#define MINE_TRIGGER_M 1.0

/* A thrown grenade is not in the weapon table; under the option
 * grenadeAllRangedMods it stands in for the firer's weapon, with no
 * modifier of its own. */
static SlWeapon grenade_weapon = {
  .id = (char *) SL_LEGIONNAIRE_GRENADE,  /* a character's hand-grenade skill (§18) */
  .name = (char *) "grenade",
  .profile = { .to_hit = 0, .penetration = 0, .auto_fire = FALSE,
               .weapon_class = SL_WEAPON_CASELESS, .charge_row = SL_CHARGE_ROW_EXPLOSION },
};

static gboolean
is_thrown (SlGrenadeWeapon weapon)
{
  return weapon == SL_GRENADE_HAND || weapon == SL_GRENADE_LAUNCHER;
}

static const SlCheckDef *
grenade_check (const SlRules   *rules,
               SlGrenadeWeapon  weapon)
{
  switch (weapon)
    {
    case SL_GRENADE_HAND: return sl_rules_check (rules, "hand-grenade");
    case SL_GRENADE_LAUNCHER: return sl_rules_check (rules, "grenade-launcher");
    case SL_GRENADE_MORTAR: return sl_rules_check (rules, "mortar");
    case SL_GRENADE_MISSILE: return sl_rules_check (rules, "missile");
    default: g_assert_not_reached ();
    }
}

static double
round_cm (double metres)
{
  double r = round (metres * 100.0) / 100.0;

  /* No "-0" in the results. */
  return r == 0 ? 0 : r;
}

/* Range, band and spotting limits of a throw or launch (P-34, P-35, T-31,
 * */
static gboolean
check_throw (const SlRules        *rules,
             const SlOptions      *options,
             const SlGrenadeInput *in,
             gboolean              indirect,
             GError              **error)
{
  const char *prefix = in->field_prefix ? in->field_prefix : "";
  g_autofree char *range_field = g_strconcat (prefix, "range_m", NULL);
  g_autofree char *spotter_field = g_strconcat (prefix, "spotter", NULL);
  g_autofree char *dead_zone_field = g_strconcat (prefix, "dead_zone", NULL);

  if (in->thrower != NULL && rules->wounds[in->thrower->firer.wound].out)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "thrower.wound",
                         _("An unconscious or dead unit cannot throw or fire (T-16)."));
      return FALSE;
    }

  if (in->weapon == SL_GRENADE_HAND)
    {
      /* P-34 step 3: up to 24 m; T-31: at least 2 m. */
      if (in->range_m > rules->launcher.hand_maximum_range_m)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, range_field,
                             _("A hand grenade can be thrown at most %g m (P-34 step 3)."),
                             rules->launcher.hand_maximum_range_m);
          return FALSE;
        }
      if (in->range_m < rules->launcher.hand_minimum_range_m)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, range_field,
                             _("A hand grenade must be aimed at least %g m away (T-31)."),
                             rules->launcher.hand_minimum_range_m);
          return FALSE;
        }
      if (in->spotted_only && in->spotter == SL_SPOTTED_BY_SENSOR)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, spotter_field,
                             _("A hand grenade thrown at a target the thrower cannot see needs a friendly unit that sees it; a ground sensor cannot spot for it (P-34, A-121)."));
          return FALSE;
        }
      return TRUE;
    }

  /* The launcher: at least 10 m, 15 m for indirect fire (P-35, T-31). */
  if (in->range_m < rules->launcher.minimum_range_m)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, range_field,
                         _("The grenade launcher cannot aim closer than %g m (P-35 step 2, A-113)."),
                         rules->launcher.minimum_range_m);
      return FALSE;
    }
  if (indirect && in->range_m < rules->launcher.indirect_minimum_range_m)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, range_field,
                         _("Indirect launcher fire at a target the firer cannot see needs %g m or more (P-35 step 5)."),
                         rules->launcher.indirect_minimum_range_m);
      return FALSE;
    }
  if (in->dead_zone)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, dead_zone_field,
                         _("The grenade launcher cannot fire into a dead zone (P-35 step 6)."));
      return FALSE;
    }
  if (indirect && in->spotter == SL_SPOTTED_BY_SENSOR && !options->sensor_spots_for_launcher)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, spotter_field,
                         _("Indirect launcher fire needs a friendly unit that sees the target; a ground sensor may spot for it only with the option sensorSpotsForLauncher (P-35 step 5, A-121)."));
      return FALSE;
    }
  return TRUE;
}

/* every ranged modifier of T-14 for the thrower, with the errors of
 * the "firer" renamed to the request's "thrower". */
static gboolean
all_ranged_modifiers (const SlRules        *rules,
                      const SlOptions      *options,
                      const SlGrenadeInput *in,
                      SlBreakdown          *breakdown,
                      GError              **error)
{
  g_autoptr(GError) local_error = NULL;
  SlToHitInput to_hit = *in->thrower;
  const char *field;

  if (to_hit.firer.troop == NULL)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "thrower.troop",
                         _("With the option grenadeAllRangedMods every ranged modifier counts: give the thrower's troop (A-105)."));
      return FALSE;
    }
  if (to_hit.firer.weapon == NULL)
    to_hit.firer.weapon = &grenade_weapon;
  to_hit.firer.omni_mode = NULL;
  to_hit.fire = SL_FIRE_NORMAL;
  to_hit.burst = SL_BURST_NONE;
  to_hit.consecutive = 1;
  to_hit.conditions.range_m = in->range_m;

  if (sl_to_hit_modifiers (rules, options, &to_hit, breakdown, &local_error))
    return TRUE;

  field = sl_rule_error_get_field (local_error);
  if (field != NULL && g_str_has_prefix (field, "firer."))
    {
      g_autofree char *renamed = g_strconcat ("thrower.", field + strlen ("firer."), NULL);

      sl_rule_error_set (error, local_error->code, renamed, "%s", local_error->message);
    }
  else
    g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

static SlGrenadeBand
hand_band (const SlRules *rules,
           double         range_m)
{
  /* ≤ 8 m short, > 8 and ≤ 16 medium, > 16 and ≤ 24 long. */
  for (int b = 0; b < (int) G_N_ELEMENTS (rules->grenade_ranges); b++)
    if (range_m <= rules->grenade_ranges[b].max_m)
      return b;
  return SL_GRENADE_BAND_LONG;
}

static const char *
band_label (SlGrenadeBand band)
{
  switch (band)
    {
    case SL_GRENADE_BAND_SHORT: return _("Short range");
    case SL_GRENADE_BAND_MEDIUM: return _("Medium range");
    case SL_GRENADE_BAND_LONG: return _("Long range");
    case SL_GRENADE_BAND_NONE:
    default:
      return "";
    }
}

gboolean
sl_grenade_resolve (const SlRules         *rules,
                    const SlOptions       *options,
                    const SlGrenadeInput  *in,
                    SlDice                *dice,
                    SlBreakdown           *breakdown,
                    SlGrenadeResult       *result,
                    GError               **error)
{
  const SlCheckDef *check;
  gboolean thrown = is_thrown (in->weapon);
  gboolean indirect;

  g_return_val_if_fail (rules != NULL && options != NULL && in != NULL, FALSE);
  g_return_val_if_fail (!thrown || in->range_m >= 0, FALSE);

  memset (result, 0, sizeof *result);
  result->band = SL_GRENADE_BAND_NONE;
  check = grenade_check (rules, in->weapon);

  /* P-35 step 5: launcher fire at a target the firer cannot see is indirect
   * fire (and indirect fire is at a target it cannot see). */
  indirect = in->weapon == SL_GRENADE_LAUNCHER && (in->indirect || in->spotted_only);
  result->indirect = indirect;

  if (thrown)
    {
      if (!check_throw (rules, options, in, indirect, error))
        return FALSE;

      /* by default only the thrower's wound joins T-27; the option
       * applies every ranged modifier. The launcher has none of these: its
       * only modifiers are the unseen target and the window (P-35 step 3,
       * */
      if (in->weapon == SL_GRENADE_HAND && in->thrower != NULL)
        {
          if (options->grenade_all_ranged_mods)
            {
              if (!all_ranged_modifiers (rules, options, in, breakdown, error))
                return FALSE;
            }
          else
            {
              const SlWoundLevel *w = &rules->wounds[in->thrower->firer.wound];

              /* T-16: moderate +1, serious +3. */
              sl_breakdown_addf (breakdown, "wound", w->to_hit, _("Thrower's wound: %s"),
                                 w->name);
            }
        }

      if (in->weapon == SL_GRENADE_HAND)
        {
          /* T-27 range bands; the launcher has none (P-35 step 3). */
          result->band = hand_band (rules, in->range_m);
          sl_breakdown_add (breakdown, "range", band_label (result->band),
                            rules->grenade_ranges[result->band].modifier);
        }
      /* T-27 miscellaneous, also for the launcher. */
      if (in->spotted_only || indirect)
        sl_breakdown_add (breakdown, "not-seen", _("Target not seen, spotted by a friendly unit"),
                          rules->grenade_not_seen);
      if (in->through_window)
        sl_breakdown_add (breakdown, "window", _("Through a window"),
                          rules->grenade_through_window);
    }

  /* P-34 step 4, P-35 step 3, T-35: roll-under with the naturals; fire
   * missions take no modifiers at all. */
  sl_check_roll (check, sl_breakdown_total (breakdown), dice,
                 in->roll_stream ? in->roll_stream : "roll", &result->check);
  result->on_target = result->check.success;

  if (!result->on_target)
    {
      result->scattered = TRUE;
      sl_scatter_roll (rules, in->weapon, result->band, in->at_obstacle, dice,
                       in->scatter_stream ? in->scatter_stream : "scatter_rolls",
                       &result->scatter);
    }

  if (in->range_m >= 0)
    {
      result->has_landing = TRUE;
      sl_scatter_landing (rules, in->weapon, in->range_m,
                          result->scattered ? &result->scatter : NULL, &result->landing);
    }
  return TRUE;
}

void
sl_scatter_roll (const SlRules   *rules,
                 SlGrenadeWeapon  weapon,
                 SlGrenadeBand    band,
                 gboolean         at_obstacle,
                 SlDice          *dice,
                 const char      *stream,
                 SlScatter       *scatter)
{
  gboolean multiplied = FALSE;

  memset (scatter, 0, sizeof *scatter);
  scatter->multiplier = 1;

  for (;;)
    {
      int roll = sl_dice_roll (dice, stream, 10);
      SlScatterResult r = rules->scatter_direction[roll];

      if (scatter->n_rolls < SL_SCATTER_MAX_ROLLS)
        scatter->rolls[scatter->n_rolls++] = roll;

      if (r == SL_SCATTER_DOUBLE || r == SL_SCATTER_TRIPLE)
        {
          /* T-28: roll again and double or triple the distance; E-34: only
           * once, later 9s and 10s are simply rerolled. */
          if (!multiplied)
            {
              scatter->multiplier = r == SL_SCATTER_DOUBLE ? rules->scatter_multiplier_double
                                                           : rules->scatter_multiplier_triple;
              multiplied = TRUE;
            }
          continue;
        }
      /* P-34 step 5.5: thrown at a wall, "long" is rerolled. */
      if (at_obstacle && rules->scatter_obstacle_reroll[r])
        continue;
      scatter->direction = r;
      break;
    }

  /* T-29: by range band for the hand grenade, fixed for the others. */
  switch (weapon)
    {
    case SL_GRENADE_HAND:
      g_assert (band >= SL_GRENADE_BAND_SHORT && band <= SL_GRENADE_BAND_LONG);
      scatter->base_m = rules->scatter_hand[band];
      break;
    case SL_GRENADE_LAUNCHER:
      scatter->base_m = rules->scatter_launcher;
      break;
    case SL_GRENADE_MORTAR:
      scatter->base_m = rules->scatter_mortar;
      break;
    case SL_GRENADE_MISSILE:
      scatter->base_m = rules->scatter_missile;
      break;
    default:
      g_assert_not_reached ();
    }
  scatter->distance_m = scatter->base_m * scatter->multiplier;
}

void
sl_scatter_landing (const SlRules   *rules,
                    SlGrenadeWeapon  weapon,
                    double           range_m,
                    const SlScatter *scatter,
                    SlLanding       *landing)
{
  double along = range_m, across = 0;

  memset (landing, 0, sizeof *landing);

  /* long and short run along the line from the thrower
   * (or calling leader) to the aim point, left and right across it. */
  if (scatter != NULL)
    switch (scatter->direction)
      {
      case SL_SCATTER_LONG: along += scatter->distance_m; break;
      case SL_SCATTER_SHORT: along -= scatter->distance_m; break;
      case SL_SCATTER_LEFT: across -= scatter->distance_m; break;
      case SL_SCATTER_RIGHT: across += scatter->distance_m; break;
      case SL_SCATTER_DOUBLE:
      case SL_SCATTER_TRIPLE:
      default:
        g_assert_not_reached ();
      }

  /* P-34 step 5.4 and A-107: a thrown or launched grenade never lands
   * behind the thrower nor closer than 2 m; it moves to the nearest legal
   * point. Off-board rounds have no such limit. */
  if (is_thrown (weapon))
    {
      double minimum = rules->grenade_minimum_landing_m;
      double d;

      if (along < 0)
        {
          along = 0;
          landing->moved = TRUE;
        }
      d = hypot (along, across);
      if (d < minimum)
        {
          if (d == 0)
            along = minimum;
          else
            {
              along *= minimum / d;
              across *= minimum / d;
            }
          landing->moved = TRUE;
        }
    }

  landing->along_m = round_cm (along);
  landing->across_m = round_cm (across);
  landing->from_origin_m = round_cm (hypot (along, across));
}

int
sl_launcher_salvo_max (const SlRules        *rules,
                       const SlLauncherLoad *load,
                       SlGrenadeType        *type)
{
  int held;

  g_return_val_if_fail (rules != NULL && load != NULL && type != NULL, 0);
  *type = load->frag > 0 ? SL_GRENADE_FRAG : SL_GRENADE_SMOKE;
  held = load->frag > 0 ? load->frag : load->smoke;
  return CLAMP (held, 0, rules->launcher.per_fire_action);
}

gboolean
sl_launcher_salvo_check (const SlRules         *rules,
                         const SlOptions       *options,
                         const SlGrenadeType   *types,
                         guint                  n,
                         const SlLauncherLoad  *load,
                         SlLauncherLoad        *after,
                         GError               **error)
{
  int count[SL_N_GRENADE_TYPES] = { 0 };

  memset (after, 0, sizeof *after);

  /* P-35 step 1: one fire action launches 1 to 4 grenades. */
  if (n < 1 || n > (guint) rules->launcher.per_fire_action)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "grenades",
                         _("One fire action launches 1 to %d grenades (P-35 step 1)."),
                         rules->launcher.per_fire_action);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      count[types[i]]++;
      /* all grenades are one type unless loads may be mixed. */
      if (i > 0 && types[i] != types[0] && !options->launcher_mixed_loads)
        {
          g_autofree char *field = g_strdup_printf ("grenades[%u].type", i);

          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, field,
                             _("A launcher holds grenades of one type only (P-35, A-113; option launcherMixedLoads)."));
          return FALSE;
        }
    }

  if (load == NULL)
    return TRUE;

  /* P-35: 4 grenades, never reloaded; one type unless the option. */
  if (load->frag + load->smoke > rules->launcher.grenades)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "load",
                         _("A grenade launcher holds at most %d grenades (P-35, T-31)."),
                         rules->launcher.grenades);
      return FALSE;
    }
  if (load->frag > 0 && load->smoke > 0 && !options->launcher_mixed_loads)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "load",
                         _("A launcher holds grenades of one type only (P-35, A-113; option launcherMixedLoads)."));
      return FALSE;
    }
  if (load->frag + load->smoke == 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "load",
                         _("The launcher is empty, and it cannot be reloaded (P-35)."));
      return FALSE;
    }
  if (count[SL_GRENADE_FRAG] > load->frag)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "grenades",
                         ngettext ("The launcher holds only %d frag grenade (P-35).",
                                   "The launcher holds only %d frag grenades (P-35).",
                                   load->frag),
                         load->frag);
      return FALSE;
    }
  if (count[SL_GRENADE_SMOKE] > load->smoke)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "grenades",
                         ngettext ("The launcher holds only %d smoke grenade (P-35).",
                                   "The launcher holds only %d smoke grenades (P-35).",
                                   load->smoke),
                         load->smoke);
      return FALSE;
    }
  after->frag = load->frag - count[SL_GRENADE_FRAG];
  after->smoke = load->smoke - count[SL_GRENADE_SMOKE];
  return TRUE;
}

gboolean
sl_launcher_jam (const SlRules          *rules,
                 const SlGrenadeResult  *results,
                 guint                   n,
                 SlDice                 *dice,
                 const char             *stream,
                 int                    *jam_roll,
                 gboolean               *jammed)
{
  const SlCheckDef *jam = sl_rules_check (rules, "jam");

  *jam_roll = 0;
  *jammed = FALSE;
  /* P-16 and A-56: one jam check per launcher fire action, after a natural
   * 1; the grenades still fly, the launcher (and its rifle, A-113) jams. */
  for (guint i = 0; i < n; i++)
    if (results[i].check.natural == 1)
      {
        *jam_roll = sl_dice_roll (dice, stream ? stream : "jam_roll", jam->die);
        *jammed = sl_check_succeeds (jam, *jam_roll, 0);
        return TRUE;
      }
  return FALSE;
}

static void
add_subphases (const SlRules *rules,
               int            turn,
               int            subphase,
               int            delay,
               int           *out_turn,
               int           *out_subphase)
{
  int per_turn = rules->subphases_per_turn;
  int index = (turn - 1) * per_turn + (subphase - 1) + delay;

  *out_turn = index / per_turn + 1;
  *out_subphase = index % per_turn + 1;
}

void
sl_grenade_detonation (const SlRules   *rules,
                       const SlOptions *options,
                       int              turn,
                       int              subphase,
                       int             *out_turn,
                       int             *out_subphase)
{
  /* P-34 step 6 and A-108: s + 2, not counting the throw subphase (option:
   * s + 3); the track wraps into the next turn. */
  add_subphases (rules, turn, subphase, options->grenade_detonation_delay, out_turn, out_subphase);
}

void
sl_smoke_clears (const SlRules   *rules,
                 const SlOptions *options,
                 int              turn,
                 int              subphase,
                 int             *out_turn,
                 int             *out_subphase)
{
  int duration = options->smoke_duration == SL_SMOKE_12_SUBPHASES
                   ? SMOKE_DURATION : SMOKE_DURATION * rules->subphases_per_turn;

  /* The cloud counts from its own subphase and is gone (P-08 step 1) when
   * the track has moved on by its whole duration. */
  add_subphases (rules, turn, subphase, duration, out_turn, out_subphase);
}

const char *
sl_blast_source_table (SlBlastSource source)
{
  switch (source)
    {
    case SL_BLAST_FRAG: return "frag";
    case SL_BLAST_PLASTIC: return "plastic";
    case SL_BLAST_PLASTIC_2: return "plastic-2";
    case SL_BLAST_PLASTIC_3: return "plastic-3";
    case SL_BLAST_PLASTIC_4: return "plastic-4";
    case SL_BLAST_MORTAR: return "mortar";
    case SL_BLAST_MISSILE: return "missile";
    case SL_BLAST_SMOKE:
    default:
      return NULL;
    }
}

int
sl_blast_reach (const SlRules   *rules,
                const SlOptions *options,
                SlBlastSource    source)
{
  const char *table = sl_blast_source_table (source);
  int reach = 0;

  if (table == NULL)
    return 0;
  for (int m = 1; m <= 100; m++)
    if (sl_blast_penetration (rules, options, table, m) > 0)
      reach = m;
  return reach;
}

/* the distance rounded up to a whole metre, 0 counting as 1. */
static int
table_metres (double distance_m)
{
  int m = (int) ceil (distance_m - 1e-9);

  return MAX (m, 1);
}

static void
blast_damage (const SlRules       *rules,
              const SlOptions     *options,
              int                  penetration,
              const SlArmor       *armor,
              const SlRace        *race,
              SlWound              wound,
              SlDamageResult      *damage)
{
  SlDamageInput d = { 0 };

  /* no to-hit roll, so no natural-1 minimum; every unit hit
   * is dazed, even at 0 wounds. */
  d.source = SL_DAMAGE_BLAST;
  d.penetration = penetration;
  d.armor = armor;
  d.race = race;
  d.wound = wound;
  d.rounds = 1;
  sl_damage_resolve (rules, options, &d, damage);
}

/* Smoke grenade and A-112: a cloud, no blast and no damage. */
static void
smoke_cloud (const SlRules      *rules,
             const SlOptions    *options,
             const SlBlastInput *in,
             SlBlastResult      *result)
{
  result->smoke_radius_m = SMOKE_RADIUS_M;
  result->smoke_subphases = options->smoke_duration == SL_SMOKE_12_SUBPHASES
                              ? SMOKE_DURATION : SMOKE_DURATION * rules->subphases_per_turn;
  result->smoke_turns = result->smoke_subphases / rules->subphases_per_turn;
  result->in_cloud = in->distance_m >= 0 && in->distance_m <= SMOKE_RADIUS_M;
  result->reason = _("A smoke grenade makes a cloud and does no damage (§15.6, A-112).");
}

/* P-34 step 7 and A-111: the diver lies on the grenade and takes its
 * point-blank PF + 2, whatever its cover. */
static void
dive_on_grenade (const SlRules   *rules,
                 const SlOptions *options,
                 SlBlastResult   *result)
{
  result->table_m = 1;
  result->table_penetration = sl_blast_penetration (rules, options, "frag", 0);
  result->penetration = result->table_penetration + rules->sacrifice_dive_bonus;
  result->in_area = result->affected = result->loses_action = TRUE;
  result->cover = SL_BLAST_COVER_NONE;
}

/* Whether the blast reaches the unit, through what cover, at what PF;
 * FALSE with the reason when it does not hurt it. */
static gboolean
caught_in_blast (const SlRules      *rules,
                 const SlOptions    *options,
                 const SlBlastInput *in,
                 SlBlastResult      *result)
{
  gboolean mission = in->source == SL_BLAST_MORTAR || in->source == SL_BLAST_MISSILE;

  result->table_m = table_metres (in->distance_m);
  result->table_penetration = sl_blast_penetration (rules, options,
                                                    sl_blast_source_table (in->source),
                                                    in->distance_m);
  if (result->table_penetration <= 0)
    {
      result->reason = _("The unit is beyond the reach of the blast (T-30, T-33, T-34a, A-86).");
      return FALSE;
    }
  if (in->behind_wall)
    {
      result->reason = _("Blast damage never passes through an intact wall or closed door (A-83, A-116).");
      return FALSE;
    }
  if (mission && in->inside_building)
    {
      result->reason = _("Fire missions never affect units inside buildings (A-116).");
      return FALSE;
    }

  /* §6.1: every unit inside the blast area loses its action, even one
   * the blast cannot hurt. */
  result->in_area = result->loses_action = TRUE;

  /* T-30 and A-110: full cover is judged from the blast point; prone or
   * kneeling behind half cover counts as full cover. */
  if (in->full_cover || (in->half_cover && in->position != SL_POSITION_STANDING))
    result->cover = SL_BLAST_COVER_FULL;
  else if (in->half_cover)
    result->cover = SL_BLAST_COVER_HALF;
  else
    result->cover = SL_BLAST_COVER_NONE;

  if (result->cover == SL_BLAST_COVER_FULL)
    {
      result->reason = in->full_cover
                         ? _("A unit under full cover from the blast point is not hit (T-30).")
                         : _("A prone or kneeling unit behind half cover counts as under full cover (A-110).");
      return FALSE;
    }

  result->affected = TRUE;
  /* T-30: half cover reduces the PF by 1 (every blast works like frag). */
  result->penetration = result->table_penetration;
  if (result->cover == SL_BLAST_COVER_HALF)
    result->penetration = MAX (0, result->penetration - rules->frag_half_cover_reduction);
  return TRUE;
}

gboolean
sl_blast_resolve (const SlRules       *rules,
                  const SlOptions     *options,
                  const SlBlastInput  *in,
                  SlBlastResult       *result,
                  GError             **error)
{
  g_return_val_if_fail (rules != NULL && options != NULL && in != NULL, FALSE);

  memset (result, 0, sizeof *result);

  if ((in->sacrifice_dive || in->smothered) && in->source != SL_BLAST_FRAG)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN,
                         in->sacrifice_dive ? "sacrifice_dive" : "smothered",
                         _("Only a frag grenade can be smothered by a sacrifice dive (P-34 step 7, A-111)."));
      return FALSE;
    }

  if (in->source == SL_BLAST_SMOKE)
    {
      smoke_cloud (rules, options, in, result);
      return TRUE;
    }

  if (in->sacrifice_dive)
    dive_on_grenade (rules, options, result);
  else if (in->smothered)
    {
      /* nobody else is affected. */
      result->reason = _("Another unit smothered the grenade with a sacrifice dive: nobody else is affected (P-34 step 7, A-111).");
      return TRUE;
    }
  else if (!caught_in_blast (rules, options, in, result))
    return TRUE;

  if (in->has_target)
    {
      result->has_damage = TRUE;
      blast_damage (rules, options, result->penetration, in->armor, in->race, in->wound,
                    &result->damage);
    }
  return TRUE;
}

SlChargeShotResult
sl_charge_shot (const SlRules *rules,
                SlChargeRow    row,
                int            roll)
{
  g_return_val_if_fail (row < SL_N_CHARGE_ROWS, SL_CHARGE_SHOT_NONE);
  g_return_val_if_fail (roll >= 1 && roll <= 10, SL_CHARGE_SHOT_NONE);

  /* T-32 (A-84: the Explosion row is footnote 2, any other explosion). */
  for (int r = 0; r < SL_N_CHARGE_SHOT_RESULTS; r++)
    {
      int first = rules->charge_shot[row][r][0];
      int last = rules->charge_shot[row][r][1];

      if (first > 0 && roll >= first && roll <= last)
        return r;
    }
  g_return_val_if_reached (SL_CHARGE_SHOT_NONE);
}

gboolean
sl_charge_shot_resolve (const SlRules       *rules,
                        SlChargeRow          row,
                        gboolean             hidden,
                        SlDice              *dice,
                        const char          *stream,
                        int                 *roll,
                        SlChargeShotResult  *result,
                        GError             **error)
{
  if (hidden)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "hidden",
                         _("A hidden charge cannot be targeted; it is revealed only when it goes off (A-88)."));
      return FALSE;
    }
  *roll = sl_dice_roll (dice, stream ? stream : "roll", 10);
  *result = sl_charge_shot (rules, row, *roll);
  return TRUE;
}

double
sl_charge_shot_odds (const SlRules      *rules,
                     SlChargeRow         row,
                     SlChargeShotResult  result)
{
  int faces = 0;

  for (int roll = 1; roll <= 10; roll++)
    if (sl_charge_shot (rules, row, roll) == result)
      faces++;
  return faces / 10.0;
}

gboolean
sl_mine_resolve (const SlRules      *rules,
                 const SlOptions    *options,
                 const SlMineInput  *in,
                 SlDice             *dice,
                 SlMineResult       *result,
                 GError            **error)
{
  g_return_val_if_fail (rules != NULL && options != NULL && in != NULL, FALSE);

  memset (result, 0, sizeof *result);

  if (in->dud)
    {
      /* P-37 step 6: any irregularity makes it a dud for the whole game. */
      result->reason = _("The mine is a dud for the rest of the game (P-37 step 6).");
      return TRUE;
    }

  if (in->in_other_explosion)
    {
      const SlCheckDef *chain = sl_rules_check (rules, "mine-chain");

      /* P-37 step 5: d10 ≤ 5, no natural rules (T-01); chain detonations
       * go off in the explosion step (P-08 step 4). */
      result->chain_checked = TRUE;
      sl_check_roll (chain, 0, dice, in->roll_stream ? in->roll_stream : "roll", &result->chain);
      result->detonates = result->chain.success;
      result->at_once = FALSE;
      if (!result->detonates)
        result->reason = _("The mine survives the other explosion (P-37 step 5).");
      return TRUE;
    }

  g_return_val_if_fail (in->has_distance, FALSE);

  if (!in->enemy)
    {
      result->reason = _("Friendly units never set off their own mines (P-37 step 3).");
      return TRUE;
    }
  if (in->distance_m > MINE_TRIGGER_M)
    {
      result->reason = _("A mine goes off only when an enemy comes within 1 m (P-37 step 3).");
      return TRUE;
    }

  /* at once, like opportunity fire, and the unit stops there; with
   * the option minesInExplosionStep it waits for the explosion step. */
  result->triggered = result->detonates = TRUE;
  result->at_once = !options->mines_in_explosion_step;
  result->stops_unit = result->at_once;
  if (result->at_once)
    {
      /* P-37 step 4: a frag blast centred on the mine; the triggering unit
       * is within 1 m (PF 6). */
      result->trigger_penetration = sl_blast_penetration (rules, options, "frag", in->distance_m);
      if (in->has_target)
        {
          result->has_damage = TRUE;
          blast_damage (rules, options, result->trigger_penetration, in->armor, in->race,
                        in->wound, &result->damage);
        }
    }
  return TRUE;
}

gboolean
sl_fire_mission_resolve (const SlRules              *rules,
                         const SlOptions            *options,
                         const SlFireMissionInput   *in,
                         SlDice                     *dice,
                         SlFireMissionResult        *result,
                         GError                    **error)
{
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  SlGrenadeInput shot = { 0 };
  gboolean missile;

  g_return_val_if_fail (rules != NULL && options != NULL && in != NULL && in->mission, FALSE);

  memset (result, 0, sizeof *result);

  if (in->on_building)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "on_building",
                         _("A fire mission cannot be aimed at a building or spaceship (P-38 step 3, A-116)."));
      return FALSE;
    }
  if (in->target_hidden)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target_hidden",
                         _("A hidden unit that has not been detected cannot be targeted (§15.1, A-88)."));
      return FALSE;
    }
  if (in->holotarp)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "holotarp",
                         _("A holotarp cannot be targeted by direct fire or fire missions (A-124)."));
      return FALSE;
    }
  /* by default the calling leader, a friendly unit or a ground
   * sensor may see the point; the option restricts it to the leader. */
  if (options->fire_mission_spotter == SL_SPOTTER_CALLING_LEADER &&
      in->spotter != SL_SPOTTED_BY_LEADER)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "spotter",
                         _("Only the calling leader may see the impact point (option fireMissionSpotter, A-114)."));
      return FALSE;
    }

  missile = g_str_equal (in->mission->scatter, "missile");
  shot.weapon = missile ? SL_GRENADE_MISSILE : SL_GRENADE_MORTAR;
  shot.range_m = in->range_m;
  shot.field_prefix = "";
  shot.roll_stream = in->roll_stream;
  shot.scatter_stream = in->scatter_stream;
  if (!sl_grenade_resolve (rules, options, &shot, dice, breakdown, &result->shot, error))
    return FALSE;

  /* T-35 and T-34a: mortar as 3 charges, missile as 4. */
  result->profile = missile ? SL_BLAST_MISSILE : SL_BLAST_MORTAR;
  result->charges = in->mission->charges;
  result->reach_m = sl_blast_reach (rules, options, result->profile);
  return TRUE;
}

void
sl_shaped_charge_resolve (const SlRules        *rules,
                          const SlOptions      *options,
                          const SlShapedInput  *in,
                          SlShapedResult       *result)
{
  memset (result, 0, sizeof *result);

  /* the zones only exist once the obstacle is breached. */
  if (!in->breached)
    {
      result->reason = _("The charge did not breach the obstacle: Zones A and B are ignored (A-81).");
      return;
    }
  /* A-80 placeholder (not from the book): a 1 m strip straight behind the
   * obstacle, Zone A up to shapedChargeZoneAMax, Zone B up to
   * shapedChargeZoneBMax, nothing to the sides or rear. */
  if (!in->in_strip)
    result->reason = _("A shaped charge does nothing outside the 1 m strip straight behind the obstacle (A-80 placeholder).");
  else if (in->distance_m <= options->shaped_charge_zone_a_max)
    {
      result->zone = SL_SHAPED_ZONE_A;
      result->penetration = options->shaped_charge_zone_a_pf;
    }
  else if (in->distance_m <= options->shaped_charge_zone_b_max)
    {
      result->zone = SL_SHAPED_ZONE_B;
      result->penetration = options->shaped_charge_zone_b_pf;
    }
  else
    result->reason = _("The unit is beyond Zone B (A-80 placeholder).");

  result->affected = result->zone != SL_SHAPED_ZONE_NONE;
  if (result->affected && in->has_target)
    {
      result->has_damage = TRUE;
      blast_damage (rules, options, result->penetration, in->armor, in->race, in->wound,
                    &result->damage);
    }
}
