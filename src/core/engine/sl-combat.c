/* sl-combat.c: ranged combat, damage, automatic fire and obstacles
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sl-combat.h"
#include "sl-options.h"

const char * const sl_facing_names[] = { "none", "small", "large", NULL };
const char * const sl_fire_kind_names[] = { "normal", "aimed", "opportunity", NULL };
const char * const sl_burst_names[] = { "none", "concentrated", "area", NULL };
const char * const sl_damage_source_names[] = { "fire", "blast", "melee", "vacuum", NULL };
const char * const sl_obstacle_source_names[] = { "fire", "frag", "plastic", "shaped", NULL };

static gboolean
night_applies (const SlConditions *c)
{
  /* T-36: ignored inside buildings or ships unless there is a blackout. */
  return c->night && (!c->indoors || c->blackout);
}

/* T-05 and §6.4: what the firer's position lets it do while firing. */
static gboolean
check_firer_position (const SlRules      *rules,
                      const SlToHitInput *in,
                      GError            **error)
{
  const SlFirer *f = &in->firer;

  if (!rules->to_hit.firer_movement_allowed[f->movement])
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "firer.movement",
                         _("A unit cannot fire while %s (T-14: “don't bother think about it”)."),
                         sl_move_label (f->movement));
      return FALSE;
    }
  if (f->movement == SL_MOVE_CRAWL && f->position != SL_POSITION_PRONE)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "firer.movement",
                         _("Only a prone unit can crawl (T-05)."));
      return FALSE;
    }
  if (f->position == SL_POSITION_PRONE && f->movement != SL_MOVE_NONE &&
      f->movement != SL_MOVE_CRAWL)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "firer.movement",
                         _("A prone unit may only crawl (§6.4)."));
      return FALSE;
    }
  if (f->position == SL_POSITION_KNEELING && f->movement != SL_MOVE_NONE)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "firer.movement",
                         _("A kneeling unit cannot move (§6.4)."));
      return FALSE;
    }
  return TRUE;
}

/* The moves the kind of fire and the conditions forbid (T-05, T-06,
 * P-09, book §7.9, T-36). */
static gboolean
check_firer_movement (const SlRules      *rules,
                      const SlToHitInput *in,
                      GError            **error)
{
  const SlFirer *f = &in->firer;

  if (in->fire == SL_FIRE_AIMED &&
      (f->movement != SL_MOVE_NONE || f->facing_change != SL_FACING_NONE))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "fire",
                         _("Aimed fire cannot be combined with a move or a facing change (T-05, T-06)."));
      return FALSE;
    }
  if (in->fire == SL_FIRE_OPPORTUNITY &&
      (f->movement != SL_MOVE_NONE || f->facing_change != SL_FACING_NONE))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "fire",
                         _("A unit on opportunity fire stays put: starting another action ends it (P-09)."));
      return FALSE;
    }
  if (in->conditions.zero_g && f->movement == SL_MOVE_SPRINT)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "firer.movement",
                         _("No unit can sprint in zero-G (book §7.9)."));
      return FALSE;
    }
  if (night_applies (&in->conditions) && f->movement == SL_MOVE_SPRINT &&
      !f->armor->power_suit && !rules->night_no_power_suit_sprint)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "firer.movement",
                         _("At night a unit without a power suit cannot sprint (T-36)."));
      return FALSE;
    }
  return TRUE;
}

/* The weapon in zero-G (book §7.9) and the suit's stealth mode (§15.13). */
static gboolean
check_firer_gear (const SlToHitInput *in,
                  GError            **error)
{
  const SlFirer *f = &in->firer;
  const SlWeaponProfile *profile = sl_weapon_get_profile (f->weapon, f->omni_mode);

  if (in->conditions.zero_g && profile->weapon_class == SL_WEAPON_SLUG)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN,
                         f->weapon->has_modes ? "firer.omni_mode" : "firer.weapon",
                         _("Slug weapons cannot be used in zero-G (book §7.9)."));
      return FALSE;
    }
  if (f->stealth_power && !f->armor->power_suit)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "firer.stealth_power",
                         _("Only a power suit has a stealth power mode (§15.13)."));
      return FALSE;
    }
  return TRUE;
}

/* P-30: bursts from automatic weapons, with a normal Fire action, at
 * most 2 concentrated ones in a turn. */
static gboolean
check_burst (const SlToHitInput *in,
             GError            **error)
{
  const SlFirer *f = &in->firer;
  const SlWeaponProfile *profile = sl_weapon_get_profile (f->weapon, f->omni_mode);

  if (in->burst == SL_BURST_NONE)
    {
      if (in->consecutive > 1)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "consecutive",
                             _("Only bursts count as consecutive (P-30)."));
          return FALSE;
        }
      return TRUE;
    }
  if (!profile->auto_fire)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "burst",
                         _("The %s cannot fire automatic bursts (T-12, P-30)."),
                         f->weapon->name);
      return FALSE;
    }
  if (in->fire != SL_FIRE_NORMAL)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "burst",
                         _("A burst is fired with a normal Fire action, not aimed or opportunity fire (P-30)."));
      return FALSE;
    }
  if (in->burst == SL_BURST_CONCENTRATED && in->consecutive > 2)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "consecutive",
                         _("At most 2 concentrated bursts may be fired in a turn (P-30)."));
      return FALSE;
    }
  return TRUE;
}

/* The target can be seen (§15.1, A-112) and the weather has its range
 * (T-36). */
static gboolean
check_target_seen (const SlOptions    *options,
                   const SlToHitInput *in,
                   GError            **error)
{
  if (in->target.hidden)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target.hidden",
                         _("A hidden unit that has not been detected cannot be fired at (§15.1)."));
      return FALSE;
    }
  if (in->conditions.smoke && options->smoke_blocks_los)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "conditions.smoke",
                         _("Smoke blocks the line of sight (option smokeBlocksLOS, A-112)."));
      return FALSE;
    }
  if ((in->conditions.rain || in->conditions.snow) && !in->conditions.indoors &&
      in->conditions.range_m < 0)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "range_m",
                         _("Rain and snow depend on the range to the target: give range_m (T-36)."));
      return FALSE;
    }
  return TRUE;
}

/* Checks that @firer may take the shot at all; the field of the error is
 * relative to the request ("firer.movement"). */
static gboolean
check_firer (const SlRules      *rules,
             const SlOptions    *options,
             const SlToHitInput *in,
             GError            **error)
{
  if (rules->wounds[in->firer.wound].out)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "firer.wound",
                         _("An unconscious or dead unit cannot fire (T-16)."));
      return FALSE;
    }
  return check_firer_position (rules, in, error) &&
         check_firer_movement (rules, in, error) &&
         check_firer_gear (in, error) &&
         check_burst (in, error) &&
         check_target_seen (options, in, error);
}

int
sl_cover_to_hit_value (const SlRules   *rules,
                       const SlOptions *options,
                       SlCover          cover)
{
  gboolean table = options->woods_fire_modifier == SL_WOODS_TERRAIN_TABLE;

  switch (cover)
    {
    case SL_COVER_HALF_SOFT: return rules->to_hit.cover_half_soft;
    case SL_COVER_HALF_HARD: return rules->to_hit.cover_half_hard;
    case SL_COVER_FULL_SOFT: return rules->to_hit.cover_full_soft;
    case SL_COVER_FULL_HARD: return rules->to_hit.cover_full_hard;
    /* light +3 / heavy +5 as cover, or the Terrain Table's DET/FIR. */
    case SL_COVER_LIGHT_WOODS:
      return table ? ((const SlTerrain *) sl_rules_terrain (rules, "light-woods"))->modifier
                   : rules->to_hit.woods_light;
    case SL_COVER_HEAVY_WOODS:
      return table ? ((const SlTerrain *) sl_rules_terrain (rules, "heavy-woods"))->modifier
                   : rules->to_hit.woods_heavy;
    case SL_COVER_WINDOW:
      return rules->to_hit.cover_half_hard;
    case SL_COVER_NONE:
    case SL_N_COVERS:
    default:
      return 0;
    }
}

const char *
sl_cover_label (SlCover cover)
{
  switch (cover)
    {
    case SL_COVER_HALF_SOFT: return _("Soft half cover");
    case SL_COVER_HALF_HARD: return _("Hard half cover");
    case SL_COVER_FULL_SOFT: return _("Soft full cover");
    case SL_COVER_FULL_HARD: return _("Hard full cover");
    case SL_COVER_LIGHT_WOODS: return _("Light woods");
    case SL_COVER_HEAVY_WOODS: return _("Heavy woods");
    case SL_COVER_WINDOW: return _("Window (hard half cover)");
    case SL_COVER_NONE:
    case SL_N_COVERS:
    default:
      return _("No cover");
    }
}

typedef struct
{
  const char *source;
  const char *label;
  int         value;
} CoverItem;

/* Every cover that may count for a shot, before the best is chosen. */
typedef struct
{
  CoverItem items[SL_N_COVERS * 2 + 8];
  guint     n;
} Covers;

static void
covers_add (Covers     *covers,
            const char *label,
            int         value)
{
  covers->items[covers->n].source = "cover";
  covers->items[covers->n].label = label;
  covers->items[covers->n].value = value;
  covers->n++;
}

/* T-15: the covers the target lies behind; fails when one blocks the
 * line of sight. */
static gboolean
target_covers (const SlRules   *rules,
               const SlOptions *options,
               const SlTarget  *t,
               Covers          *covers,
               GError         **error)
{
  for (int c = SL_COVER_HALF_SOFT; c < SL_N_COVERS; c++)
    {
      SlCover cover = c;

      if (!t->covers[c] || c == SL_COVER_LIGHT_WOODS || c == SL_COVER_HEAVY_WOODS)
        continue;

      if (cover == SL_COVER_WINDOW && t->position != SL_POSITION_STANDING)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target.cover",
                             _("A window blocks the line of sight to a kneeling or prone target (T-15)."));
          return FALSE;
        }
      /* §6.4: prone, all cover is full cover; kneeling, half becomes full. */
      if (t->position != SL_POSITION_STANDING)
        {
          if (cover == SL_COVER_HALF_SOFT)
            cover = SL_COVER_FULL_SOFT;
          else if (cover == SL_COVER_HALF_HARD)
            cover = SL_COVER_FULL_HARD;
        }
      if ((cover == SL_COVER_FULL_SOFT || cover == SL_COVER_FULL_HARD) && !t->firing_at_firer)
        {
          if (cover != (SlCover) c)
            sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target.cover",
                               _("Half cover blocks the line of sight to a kneeling or prone target that is not firing or detecting toward the firer (T-15)."));
          else
            sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target.cover",
                               _("Full cover blocks the line of sight unless the target is firing or detecting toward the firer (T-15)."));
          return FALSE;
        }
      covers_add (covers, sl_cover_label (cover), sl_cover_to_hit_value (rules, options, cover));
    }
  return TRUE;
}

/* marsh is soft half cover for a unit standing in it. */
static gboolean
marsh_cover (const SlRules   *rules,
             const SlOptions *options,
             const SlTarget  *t,
             Covers          *covers,
             GError         **error)
{
  if (!t->in_marsh)
    return TRUE;
  if (t->position != SL_POSITION_STANDING && !t->firing_at_firer)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "target.terrain",
                         _("A kneeling or prone unit in a marsh is under full cover and cannot be seen unless it fires or detects toward the firer (T-14, A-38)."));
      return FALSE;
    }
  covers_add (covers,
              t->position == SL_POSITION_STANDING ? _("Marsh (soft half cover)")
                                                  : _("Marsh (soft full cover)"),
              sl_cover_to_hit_value (rules, options, t->position == SL_POSITION_STANDING
                                                     ? SL_COVER_HALF_SOFT : SL_COVER_FULL_SOFT));
  return TRUE;
}

/* woods never block below their depth limits, and count
 * once per shot whether they lie on the line or hold firer or target. */
static void
woods_cover (const SlRules      *rules,
             const SlOptions    *options,
             const SlToHitInput *in,
             Covers             *covers)
{
  const SlTarget *t = &in->target;
  gboolean light_woods, heavy_woods;
  SlCover woods;
  const char *label;

  light_woods = t->covers[SL_COVER_LIGHT_WOODS] || in->firer.in_light_woods || t->in_light_woods;
  heavy_woods = t->covers[SL_COVER_HEAVY_WOODS] || in->firer.in_heavy_woods || t->in_heavy_woods;
  if (!heavy_woods && !light_woods)
    return;
  woods = heavy_woods ? SL_COVER_HEAVY_WOODS : SL_COVER_LIGHT_WOODS;
  /* Named where the sheet shows it: the scenario's, not the table's. */
  if (in->conditions.scenario_terrain)
    label = heavy_woods ? _("Heavy woods (scenario)") : _("Light woods (scenario)");
  else
    label = sl_cover_label (woods);
  covers_add (covers, label, sl_cover_to_hit_value (rules, options, woods));
}

/* The covers that count go into @breakdown: all of them, or only the
 * single highest modifier. */
static void
add_counted_covers (const SlOptions *options,
                    const Covers    *covers,
                    SlBreakdown     *breakdown)
{
  const CoverItem *items = covers->items;
  guint best = 0;

  if (covers->n == 0)
    return;
  if (options->stack_cover)
    {
      for (guint i = 0; i < covers->n; i++)
        sl_breakdown_add (breakdown, items[i].source, items[i].label, items[i].value);
      return;
    }
  /* only the single highest cover modifier. */
  for (guint i = 1; i < covers->n; i++)
    if (items[i].value > items[best].value)
      best = i;
  sl_breakdown_add (breakdown, items[best].source, items[best].label, items[best].value);
  /* The others are named, at +0, with the reason: a cover the table
   * chose that changes nothing says why (issue 31 #6). */
  for (guint i = 0; i < covers->n; i++)
    if (i != best)
      {
        /* Translators: "Hard half cover: not counted, only the highest cover counts (A-47)" */
        g_autofree char *label = g_strdup_printf (_("%s: not counted, only the highest cover counts (A-47)"),
                                                  items[i].label);

        sl_breakdown_add_note (breakdown, items[i].source, label);
      }
}

/* T-15, P-17 and P-18: works out which cover counts, fails when the cover
 * blocks the line of sight, and adds the cover modifier. */
static gboolean
add_cover (const SlRules      *rules,
           const SlOptions    *options,
           const SlToHitInput *in,
           SlBreakdown        *breakdown,
           GError            **error)
{
  const SlTarget *t = &in->target;
  Covers covers;
  int units;

  covers.n = 0;
  if (!target_covers (rules, options, t, &covers, error) ||
      !marsh_cover (rules, options, t, &covers, error))
    return FALSE;

  /* other counters on the line are soft half cover and never
   * block the line of sight. */
  units = t->units_on_line + (t->in_melee ? 1 : 0);
  for (int u = 0; u < units; u++)
    {
      covers_add (&covers, _("Another unit on the line (soft half cover)"),
                  rules->to_hit.other_unit_on_line);
      if (!options->stack_cover)
        break;
    }

  woods_cover (rules, options, in, &covers);

  /* the firer's own cover counts only when the option says so. */
  if (!options->ignore_firer_own_cover)
    for (int c = SL_COVER_HALF_SOFT; c < SL_N_COVERS; c++)
      if (in->firer_own_cover[c])
        covers_add (&covers, _("Cover next to the firer"), sl_cover_to_hit_value (rules, options, c));

  add_counted_covers (options, &covers, breakdown);
  return TRUE;
}

SlExtraModifier *
sl_extra_modifiers_read (SlReader   *reader,
                         const char *field,
                         guint      *n_out)
{
  guint n = sl_reader_array_length (reader, field);
  SlExtraModifier *extra = g_new0 (SlExtraModifier, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(SlReader) m = sl_reader_array_object (reader, field, i);

      if (m == NULL)
        break;
      sl_reader_require (m, "source");
      sl_reader_require (m, "value");
      extra[i].source = "extra";
      extra[i].label = sl_reader_string (m, "source", "");
      extra[i].value = sl_reader_int (m, "value", -20, 20, 0);
      sl_reader_end (m);
    }
  *n_out = n;
  return extra;
}

/* Movement: ignored for both sides in an area burst (P-30). */
static void
add_movement (const SlRules      *rules,
              const SlOptions    *options,
              const SlToHitInput *in,
              SlBreakdown        *breakdown)
{
  const SlFirer *f = &in->firer;
  const SlTarget *t = &in->target;
  int target_move = rules->to_hit.target_movement[t->movement];

  /* nothing is printed for a crawling target. */
  if (t->movement == SL_MOVE_CRAWL)
    target_move = options->target_crawling_modifier;
  sl_breakdown_addf (breakdown, "firer-movement", rules->to_hit.firer_movement[f->movement],
                     _("Firer %s"), sl_move_label (f->movement));
  sl_breakdown_add (breakdown, "facing-change",
                    f->facing_change == SL_FACING_SMALL ? _("Facing change of 45° or less")
                                                        : _("Facing change of more than 45°"),
                    f->facing_change == SL_FACING_SMALL ? rules->to_hit.facing_small :
                    f->facing_change == SL_FACING_LARGE ? rules->to_hit.facing_large : 0);
  sl_breakdown_addf (breakdown, "target-movement", target_move, _("Target %s"),
                     sl_move_label (t->movement));
}

/* Position, and the special modifiers of T-14. */
static void
add_position_and_special (const SlRules      *rules,
                          const SlOptions    *options,
                          const SlToHitInput *in,
                          SlBreakdown        *breakdown)
{
  const SlFirer *f = &in->firer;
  const SlTarget *t = &in->target;

  /* Position. */
  if (f->position == SL_POSITION_PRONE)
    sl_breakdown_add (breakdown, "firing-prone", _("Firing prone"), rules->to_hit.firing_prone);
  if (t->position == SL_POSITION_PRONE)
    sl_breakdown_add (breakdown, "target-prone", _("Target prone"), rules->to_hit.target_prone);

  /* Special. */
  if (t->vehicle)
    sl_breakdown_add (breakdown, "vehicle", _("Firing at a vehicle"), rules->to_hit.vehicle);
  if (f->stealth_power)
    sl_breakdown_add (breakdown, "stealth-power", _("Firing in stealth power mode"),
                      rules->to_hit.stealth_power);
  /* T-14 and A-147: ECM only troubles a firer in a power suit. */
  if (in->conditions.enemy_ecm && f->armor->power_suit)
    sl_breakdown_add (breakdown, "ecm", _("Enemy ECM jammer"), rules->to_hit.ecm);
  /* the fire-control value is not printed; the example uses −2. */
  if (f->armor->fire_control)
    sl_breakdown_addf (breakdown, "fire-control", options->fire_control_bonus,
                       _("Fire-control suit (%s)"), f->armor->name);
}

/* Environment (T-36, A-118, A-147: the firer's own suit counts), and the
 * target's suit: camo tinter and Ranger suit. */
static void
add_environment (const SlRules      *rules,
                 const SlOptions    *options,
                 const SlToHitInput *in,
                 SlBreakdown        *breakdown)
{
  const SlFirer *f = &in->firer;
  const SlTarget *t = &in->target;
  const SlConditions *c = &in->conditions;

  if (night_applies (c))
    sl_breakdown_add (breakdown, "night",
                      f->armor->power_suit ? _("Night, firer in a power suit")
                                           : _("Night, firer without a power suit"),
                      f->armor->power_suit ? rules->to_hit.night_power_suit
                                           : rules->to_hit.night_no_power_suit);
  if (c->smoke)
    sl_breakdown_add (breakdown, "smoke", _("Firing through smoke"), rules->to_hit.smoke);
  if (c->rain && !c->indoors && c->range_m > rules->to_hit.rain_beyond_m)
    sl_breakdown_add (breakdown, "rain", _("Rain, target beyond 10 m"), rules->to_hit.rain);
  if (c->snow && !c->indoors)
    {
      if (c->range_m > rules->to_hit.snow_beyond_m[1])
        sl_breakdown_add (breakdown, "snow", _("Snow, target beyond 15 m"), rules->to_hit.snow[1]);
      else if (c->range_m > rules->to_hit.snow_beyond_m[0])
        sl_breakdown_add (breakdown, "snow", _("Snow, target beyond 5 m"), rules->to_hit.snow[0]);
    }

  if (t->camo_tinter &&
      (options->camo_tinter_all_units || (t->armor != NULL && t->armor->power_suit)))
    sl_breakdown_add (breakdown, "camo-tinter", _("Target treated with camo tinter"),
                      rules->to_hit.camo_tinter);
  if (t->armor != NULL && t->armor->to_hit_against != 0)
    sl_breakdown_addf (breakdown, "target-suit", t->armor->to_hit_against, _("Target in a %s"),
                       t->armor->name);
}

/* marsh DET/FIR +1 once per shot, or once per unit in it. */
static void
add_marsh (const SlRules      *rules,
           const SlOptions    *options,
           const SlToHitInput *in,
           SlBreakdown        *breakdown)
{
  const SlTerrain *marsh = sl_rules_terrain (rules, "marsh");
  int count = (in->firer.in_marsh ? 1 : 0) + (in->target.in_marsh ? 1 : 0);

  if (count > 0 && !options->terrain_modifier_per_unit)
    count = 1;
  sl_breakdown_add (breakdown, "terrain", _("Firing from or into a marsh"),
                    marsh->modifier * count);
}

/* Kind of fire: aimed, opportunity, bursts (T-14, P-30). */
static void
add_kind_of_fire (const SlRules      *rules,
                  const SlToHitInput *in,
                  SlBreakdown        *breakdown)
{
  if (in->fire == SL_FIRE_AIMED)
    sl_breakdown_add (breakdown, "aimed", _("Aimed fire"), rules->to_hit.aimed);
  else if (in->fire == SL_FIRE_OPPORTUNITY)
    sl_breakdown_add (breakdown, "opportunity", _("Opportunity fire"), rules->to_hit.opportunity);
  if (in->burst == SL_BURST_AREA)
    sl_breakdown_add (breakdown, "area-burst", _("Area burst"), rules->to_hit.area_burst);
  else if (in->burst == SL_BURST_CONCENTRATED)
    sl_breakdown_add (breakdown, "concentrated-burst", _("Concentrated burst"),
                      rules->to_hit.concentrated_burst);
  if (in->burst != SL_BURST_NONE && in->consecutive > 1)
    sl_breakdown_addf (breakdown, "consecutive-burst",
                       rules->to_hit.consecutive_burst * (in->consecutive - 1),
                       _("Consecutive burst number %d"), in->consecutive);
}

/* The firer's own: counter-insurgency from ambush and a
 * Legionnaire character's skill (§18, T-44). */
static void
add_firer_skill (const SlFirer *f,
                 SlBreakdown   *breakdown)
{
  const SlLegionnaireSkill *skill;

  /* counter-insurgency firing from ambush. */
  if (f->ambushing)
    sl_breakdown_addf (breakdown, "ambush", f->troop->ambush_to_hit, _("%s firing from ambush"),
                       f->troop->name);

  /* §18, T-44: a Legionnaire character's skill with the weapon it fires
   * (or, under grenadeAllRangedMods, the grenade it throws, A-105). */
  if (f->legionnaire == NULL)
    return;
  skill = sl_legionnaire_skill (f->legionnaire, f->weapon->id);
  if (skill != NULL && g_str_equal (skill->weapon, SL_LEGIONNAIRE_GRENADE))
    sl_breakdown_addf (breakdown, "legionnaire-skill", skill->modifier,
                       _("Legionnaire skill with hand grenades: %d (T-44)"), skill->level);
  else if (skill != NULL)
    sl_breakdown_addf (breakdown, "legionnaire-skill", skill->modifier,
                       _("Legionnaire skill with the %s: %d (T-44)"), f->weapon->name, skill->level);
}

gboolean
sl_to_hit_modifiers (const SlRules      *rules,
                     const SlOptions    *options,
                     const SlToHitInput *in,
                     SlBreakdown        *breakdown,
                     GError            **error)
{
  const SlFirer *f = &in->firer;
  const SlWeaponProfile *profile;

  g_return_val_if_fail (f->troop && f->race && f->armor && f->weapon, FALSE);

  if (!check_firer (rules, options, in, error))
    return FALSE;

  profile = sl_weapon_get_profile (f->weapon, f->omni_mode);

  /* Unit: troop, race, weapon (T-11, T-08, T-12). */
  sl_breakdown_addf (breakdown, "troop", f->troop->to_hit, _("Troop type: %s"), f->troop->name);
  sl_breakdown_addf (breakdown, "race", f->race->to_hit, _("Race: %s"), f->race->name);
  sl_breakdown_addf (breakdown, "weapon", profile->to_hit, _("Weapon: %s"), f->weapon->name);
  /* T-16: moderate +1, serious +3. */
  sl_breakdown_addf (breakdown, "wound", rules->wounds[f->wound].to_hit, _("Firer's wound: %s"),
                     rules->wounds[f->wound].name);

  /* Movement: ignored for both sides in an area burst (P-30). */
  if (in->burst != SL_BURST_AREA)
    add_movement (rules, options, in, breakdown);
  add_position_and_special (rules, options, in, breakdown);
  add_environment (rules, options, in, breakdown);

  /* Cover, woods and other units (P-18). */
  if (!add_cover (rules, options, in, breakdown, error))
    return FALSE;

  add_marsh (rules, options, in, breakdown);
  add_kind_of_fire (rules, in, breakdown);
  add_firer_skill (f, breakdown);

  for (guint i = 0; i < in->n_extra; i++)
    sl_breakdown_add (breakdown, in->extra[i].source, in->extra[i].label, in->extra[i].value);

  return TRUE;
}

gboolean
sl_to_hit_resolve (const SlRules      *rules,
                   const SlOptions    *options,
                   const SlToHitInput *in,
                   SlDice             *dice,
                   SlBreakdown        *breakdown,
                   SlToHitResult      *result,
                   GError            **error)
{
  const SlCheckDef *ranged = sl_rules_check (rules, "ranged");

  memset (result, 0, sizeof *result);
  if (!sl_to_hit_modifiers (rules, options, in, breakdown, error))
    return FALSE;

  sl_check_roll (ranged, sl_breakdown_total (breakdown), dice,
                 in->roll_stream ? in->roll_stream : "roll", &result->check);
  result->hit = result->check.success;

  /* P-16 and A-56: a natural 1 calls for a jam check; the shot still hits. */
  if (result->check.natural == 1)
    {
      const SlCheckDef *jam = sl_rules_check (rules, "jam");

      result->jam_checked = TRUE;
      result->jam_roll = sl_dice_roll (dice, in->jam_stream ? in->jam_stream : "jam_roll", jam->die);
      result->jammed = sl_check_succeeds (jam, result->jam_roll, 0);
    }

  /* A-58 option: a miss at a unit in melee may hit the other participant. */
  if (!result->hit && in->target.in_melee && options->melee_miss_hits_other)
    {
      result->other_checked = TRUE;
      sl_check_roll (ranged, sl_breakdown_total (breakdown), dice,
                     in->other_stream ? in->other_stream : "other_roll", &result->other);
      result->other_hit = result->other.success;
    }
  return TRUE;
}

void
sl_area_burst_result_clear (SlAreaBurstResult *result)
{
  for (guint i = 0; i < result->n_targets; i++)
    {
      g_clear_pointer (&result->targets[i].reason, g_free);
      g_clear_pointer (&result->targets[i].breakdown, sl_breakdown_free);
    }
  g_clear_pointer (&result->targets, g_free);
  result->n_targets = 0;
}

static int
compare_distance (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const SlAreaTarget *targets = user_data;
  guint x = *(const guint *) a, y = *(const guint *) b;

  if (targets[x].distance_m != targets[y].distance_m)
    return targets[x].distance_m < targets[y].distance_m ? -1 : 1;
  return x < y ? -1 : (x > y);
}

gboolean
sl_area_burst_resolve (const SlRules       *rules,
                       const SlOptions     *options,
                       const SlToHitInput  *base,
                       const SlAreaTarget  *targets,
                       guint                n_targets,
                       int                  rounds,
                       SlDice              *dice,
                       const char          *jam_stream,
                       SlAreaBurstResult   *result,
                       GError             **error)
{
  g_autofree guint *order = g_new (guint, MAX (n_targets, 1));
  SlToHitInput in = *base;
  gboolean first = TRUE;

  memset (result, 0, sizeof *result);
  in.burst = SL_BURST_AREA;
  in.fire = SL_FIRE_NORMAL;

  for (guint i = 0; i < n_targets; i++)
    {
      order[i] = i;
      if ((base->conditions.rain || base->conditions.snow) && !base->conditions.indoors &&
          !targets[i].distance_given && base->conditions.range_m < 0)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "targets",
                             _("Rain and snow depend on each target's range: give its distance_m (T-36, A-118)."));
          return FALSE;
        }
    }
  /* Nearest first; equal distances keep their order. */
  g_qsort_with_data (order, n_targets, sizeof (guint), compare_distance, (gpointer) targets);

  result->targets = g_new0 (SlAreaTargetResult, MAX (n_targets, 1));
  result->n_targets = n_targets;

  for (guint k = 0; k < n_targets; k++)
    {
      const SlAreaTarget *t = &targets[order[k]];
      SlAreaTargetResult *r = &result->targets[k];
      g_autoptr(GError) local_error = NULL;
      const char *field;

      r->index = order[k];
      if (result->hits >= rounds)
        {
          r->reason = g_strdup (_("Every round of the burst has hit."));
          continue;
        }

      in.target = t->target;
      /* T-36, A-118: rain and snow count each target's own range; a
       * distance the players did not measure falls back on the range
       * given for the whole burst. */
      in.conditions.range_m = t->distance_given ? t->distance_m : base->conditions.range_m;
      /* undetected hidden units are skipped unless the option says. */
      if (in.target.hidden && options->area_burst_includes_hidden)
        in.target.hidden = FALSE;

      r->breakdown = sl_breakdown_new ();
      if (!sl_to_hit_modifiers (rules, options, &in, r->breakdown, &local_error))
        {
          field = sl_rule_error_get_field (local_error);
          if (field == NULL || !g_str_has_prefix (field, "target"))
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              sl_area_burst_result_clear (result);
              return FALSE;
            }
          r->reason = g_strdup (local_error->message);
          continue;
        }

      r->engaged = TRUE;
      sl_check_roll (sl_rules_check (rules, "ranged"), sl_breakdown_total (r->breakdown), dice,
                     t->roll_stream, &r->check);
      r->hit = r->check.success;

      /* one jam check, on the first target's roll. */
      if (first && r->check.natural == 1)
        {
          const SlCheckDef *jam = sl_rules_check (rules, "jam");

          result->jam_checked = TRUE;
          result->jam_roll = sl_dice_roll (dice, jam_stream ? jam_stream : "jam_roll", jam->die);
          result->jammed = sl_check_succeeds (jam, result->jam_roll, 0);
        }
      first = FALSE;

      if (r->hit)
        {
          result->hits++;
          r->revealed = t->target.hidden;
        }
    }
  return TRUE;
}

void
sl_damage_resolve (const SlRules       *rules,
                   const SlOptions     *options,
                   const SlDamageInput *in,
                   SlDamageResult      *result)
{
  int rounds = MAX (in->rounds, 1);
  int levels = 0;
  int next;

  memset (result, 0, sizeof *result);
  result->armor_factor = (in->armor ? in->armor->af : 0) + (in->race ? in->race->armor : 0);

  switch (in->source)
    {
    case SL_DAMAGE_MELEE:
      /* P-24: exactly one level whatever the armor, and no daze. */
      levels = 1;
      break;

    case SL_DAMAGE_VACUUM:
      /* P-39: one level, no armor; dazes unless the option says no. */
      levels = 1;
      break;

    case SL_DAMAGE_FIRE:
    case SL_DAMAGE_BLAST:
    default:
      for (int r = 0; r < rounds; r++)
        {
          /* P-20 and A-65: PF − (AF + race armor). */
          int round = MAX (0, in->penetration - result->armor_factor);

          /* A-66 option: every hitting round of a natural-1 burst wounds. */
          if (in->source == SL_DAMAGE_FIRE && in->natural_roll == 1 && rounds > 1 &&
              options->natural1_min_wound_per_burst == SL_NAT1_EVERY_ROUND && round == 0)
            {
              round = 1;
              result->natural_one = TRUE;
            }
          levels += round;
        }
      /* a natural 1 wounds at least once (once per burst by default). */
      if (in->source == SL_DAMAGE_FIRE && in->natural_roll == 1 && levels == 0)
        {
          levels = 1;
          result->natural_one = TRUE;
        }
      break;
    }

  result->levels = levels;
  next = MIN ((int) in->wound + levels, SL_WOUND_DEAD);
  result->wound = next;

  /* P-19 and A-67: every weapon hit dazes, even without a wound; melee never
   * does; a unit knocked out is out of the fight rather than dazed. */
  if (rules->wounds[next].out)
    result->dazed = FALSE;
  else if (in->source == SL_DAMAGE_MELEE)
    result->dazed = FALSE;
  else if (in->source == SL_DAMAGE_VACUUM)
    result->dazed = options->vacuum_wounds_daze;
  else
    result->dazed = TRUE;
}

int
sl_burst_hits (const SlRules   *rules,
               const SlOptions *options,
               int              rounds,
               int              roll)
{
  int hits, minimum;

  g_return_val_if_fail (rounds >= 1 && rounds <= 5, 1);
  g_return_val_if_fail (roll >= 1 && roll <= 10, 1);

  if (rules->burst_hits[rounds].fixed)
    return rules->burst_hits[rounds].value;

  /* T-21: "fractions are rounded up": ceil(d10 / divisor − subtract). */
  hits = (int) ceil ((double) roll / rules->burst_hits[rounds].divisor -
                     rules->burst_hits[rounds].subtract);
  minimum = rules->burst_hits[rounds].minimum;
  /* the 5-round row has no printed minimum; by default it is 1. */
  if (rules->burst_hits[rounds].has_option_minimum && options->burst_min_one_hit)
    minimum = MAX (minimum, rules->burst_hits[rounds].option_minimum);
  return MAX (hits, minimum);
}

/* distances round up to a whole metre, and 0 counts as 1. */
static int
whole_metres (double distance_m)
{
  int m = (int) ceil (distance_m - 1e-9);

  return MAX (m, 1);
}

static int
band_penetration (const SlBand *bands,
                  int           n_bands,
                  double        distance_m)
{
  int m = whole_metres (distance_m);

  for (int i = 0; i < n_bands; i++)
    if (m <= bands[i].max_m)
      return bands[i].penetration;
  return 0;
}

int
sl_blast_penetration (const SlRules   *rules,
                      const SlOptions *options,
                      const char      *source,
                      double           distance_m)
{
  int column;
  int m = whole_metres (distance_m);
  const int (*table)[7];

  if (g_str_equal (source, "frag"))
    return band_penetration (rules->frag_bands, rules->n_frag_bands, distance_m);
  if (g_str_equal (source, "plastic"))
    return band_penetration (rules->plastic_bands, rules->n_plastic_bands, distance_m);

  if (g_str_equal (source, "mortar"))
    column = rules->mortar_column;
  else if (g_str_equal (source, "missile"))
    column = rules->missile_column;
  else if (g_str_has_prefix (source, "plastic-"))
    column = atoi (source + 8);
  else
    g_return_val_if_reached (0);
  g_return_val_if_fail (column >= 2 && column <= 4, 0);

  /* the garbled T-34 read by splitting digits, or progressively. */
  table = options->multi_charge_reading == SL_MULTI_PROGRESSIVE ? rules->multi_progressive
                                                               : rules->multi_split;
  for (int b = 0; b < 7; b++)
    if (m <= rules->multi_band_max_m[b])
      return table[column - 2][b];
  return 0;
}

/* The penetration of @in's source against its obstacle and the hits it
 * counts; TRUE when the source settles the result alone:
 * an obstacle it cannot harm, or a door it destroys outright. */
static gboolean
source_penetration (const SlRules         *rules,
                    const SlOptions       *options,
                    const SlObstacleInput *in,
                    SlObstacleResult      *result,
                    int                   *hits)
{
  const char *kind = in->obstacle->kind;

  switch (in->source)
    {
    case SL_OBSTACLE_FIRE:
      result->penetration = in->penetration;
      /* A-78 option: a burst counts as five hits. */
      if (in->burst && options->obstacle_burst_five_hits)
        *hits = rules->burst_rounds;
      break;

    case SL_OBSTACLE_FRAG:
      /* a grenade aimed at the object deals PF(distance) − AF. */
      result->penetration = sl_blast_penetration (rules, options, "frag", in->distance_m);
      break;

    case SL_OBSTACLE_PLASTIC:
      {
        /* bulkheads, bulkhead doors and airlock doors take nothing. */
        if (g_str_equal (kind, "bulkhead") || g_str_equal (kind, "bulkhead-door") ||
            g_str_equal (kind, "airlock-door"))
          {
            result->immune = TRUE;
            result->total = in->damage;
            return TRUE;
          }
        /* in contact, the 1–2 m band. */
        if (in->charges <= 1)
          result->penetration = sl_blast_penetration (rules, options, "plastic", 1);
        else
          {
            char source[16];
            g_snprintf (source, sizeof source, "plastic-%d", in->charges);
            result->penetration = sl_blast_penetration (rules, options, source, 1);
          }
      }
      break;

    case SL_OBSTACLE_SHAPED:
      /* a shaped charge destroys any door or airlock door outright. */
      if (g_str_equal (kind, "door") || g_str_equal (kind, "airlock-door") ||
          g_str_equal (kind, "bulkhead-door"))
        {
          result->penetration = options->shaped_charge_obstacle_pf;
          result->levels = rules->obstacle_destroyed_at - in->damage;
          result->total = rules->obstacle_destroyed_at;
          result->destroyed = result->destroyed_now = TRUE;
          result->marker = "breach";
          return TRUE;
        }
      /* A-80 placeholder: PF 10 against the obstacle it touches. */
      result->penetration = options->shaped_charge_obstacle_pf;
      break;

    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

/* P-25: PF − AF levels; equal gives a half level; AF > PF never harms. */
static void
damage_obstacle (const SlRules         *rules,
                 const SlObstacleInput *in,
                 int                    hits,
                 SlObstacleResult      *result)
{
  const char *kind = in->obstacle->kind;
  gboolean wall_or_door = g_str_equal (kind, "wall") || g_str_equal (kind, "door") ||
                          g_str_equal (kind, "bulkhead") || g_str_equal (kind, "bulkhead-door") ||
                          g_str_equal (kind, "airlock-door");

  if (result->penetration < result->armor_factor)
    {
      result->immune = TRUE;
      result->total = in->damage;
      return;
    }
  if (result->penetration == result->armor_factor)
    result->levels = 0.5 * hits;
  else
    result->levels = (double) (result->penetration - result->armor_factor) * hits;

  result->total = MIN (in->damage + result->levels, (double) rules->obstacle_destroyed_at);
  result->destroyed = result->total >= rules->obstacle_destroyed_at;
  result->destroyed_now = result->destroyed;
  if (result->destroyed)
    {
      /* P-25 step 4: a breach, or furniture removed. */
      result->marker = g_str_equal (kind, "furniture") ? "removed" : "breach";
      /* P-26: the shot that destroys a wall or door follows through when
       * PF − AF ≥ 2, at PF − 1. */
      if (in->source == SL_OBSTACLE_FIRE && wall_or_door &&
          result->penetration - result->armor_factor >= rules->follow_through_min_margin)
        {
          result->follow_through = TRUE;
          result->follow_through_penetration =
            result->penetration - rules->follow_through_penetration_loss;
        }
    }
}

gboolean
sl_obstacle_resolve (const SlRules          *rules,
                     const SlOptions        *options,
                     const SlObstacleInput  *in,
                     SlObstacleResult       *result,
                     GError                **error)
{
  const SlObstacle *o = in->obstacle;
  int hits = 1;

  memset (result, 0, sizeof *result);
  result->armor_factor = sl_rules_obstacle_af (rules, options, o);

  if (in->damage >= rules->obstacle_destroyed_at)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "damage",
                         _("The %s is already destroyed (P-25)."), o->name);
      return FALSE;
    }
  if (!source_penetration (rules, options, in, result, &hits))
    damage_obstacle (rules, in, hits, result);
  return TRUE;
}
