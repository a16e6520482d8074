/* sl-points.c: squad construction costs, victory points and the premade
 * scenarios' objectives
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "sl-options.h"
#include "sl-points-private.h"
#include "sl-points.h"

/* P-02 step 5: what a soldier carries himself; it counts in his point
 * value. Hand grenades cost 0 (T-38, A-129). */
const char * const sl_squad_unit_equipment[] = {
  "grenade-launcher", "plastic-charge", "shaped-charge", "grenades", NULL
};

/* P-02 step 6: the squad's equipment; it costs scenario points but is not
 * part of any unit's value. Mines are bought by number (P-37). */
const char * const sl_squad_side_equipment[] = {
  "ecm-jammer", "ground-sensor", "camo-tinter", "holotarp", "mortar-mission",
  "missile-mission", NULL
};

/* §1.1 and A-07: a squad is two fire teams of 4. */
#define SQUAD_SIZE 8
/* T-13 and A-144: “at most 2 [Ranger suits] per squad” (option
 * limitRangerSuits). */
#define RANGER_SUIT "RS"
#define RANGER_SUITS_PER_SQUAD 2
/* P-28 step 3: up to 2 decoy piles for each hidden unit (E-23). */
#define DECOYS_PER_HIDDEN_UNIT 2

static void
problem_free (gpointer data)
{
  SlSquadProblem *p = data;

  g_free (p->field);
  g_free (p->message);
  g_free (p);
}

static void add_problem (SlSquadCost *result,
                         const char  *rule,
                         char        *field,
                         const char  *format,
                         ...) G_GNUC_PRINTF (4, 5);

/* Takes @field. */
static void
add_problem (SlSquadCost *result,
             const char  *rule,
             char        *field,
             const char  *format,
             ...)
{
  SlSquadProblem *p = g_new0 (SlSquadProblem, 1);
  va_list args;

  va_start (args, format);
  p->rule = rule;
  p->field = field;
  p->message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (result->problems, p);
}

static char *
unit_field (guint       unit,
            const char *member)
{
  return g_strdup_printf ("units[%u].%s", unit, member);
}

static char *
unit_item_field (guint       unit,
                 const char *member,
                 guint       index)
{
  return g_strdup_printf ("units[%u].%s[%u]", unit, member, index);
}

static gboolean
in_list (const char * const *list,
         const char         *id)
{
  for (guint i = 0; list[i]; i++)
    if (g_str_equal (list[i], id))
      return TRUE;
  return FALSE;
}

int
sl_leader_cost (const SlRules *rules,
                int            rating)
{
  g_return_val_if_fail (rating >= -2 && rating <= 2, 0);

  /* T-24: +2 costs −20 (gives 20 back) … −2 costs 20 (E-29). */
  return rules->leader_cost[rating + 2];
}

int
sl_quality_cost (const SlRules   *rules,
                 const SlOptions *options,
                 SlQuality        quality,
                 guint            n_units)
{
  g_return_val_if_fail (quality < SL_N_QUALITIES, 0);

  /* the book prints no cost; the placeholder is the rout column of
   * T-25 (Civilian −20 … Elite +20), per squad, per unit, or free. */
  switch (options->troop_quality_cost)
    {
    case SL_QUALITY_COST_PER_UNIT:
      return rules->quality[quality].rout * (int) n_units;
    case SL_QUALITY_COST_FREE:
      return 0;
    case SL_QUALITY_COST_PER_SQUAD:
    default:
      return rules->quality[quality].rout;
    }
}

int
sl_hidden_cost (const SlRules *rules,
                int            points)
{
  /* §15.1: +25 % of the unit's value. Scenario points are whole, and the
   * book's only rounding rule is “fractions are rounded up” (T-21), so a
   * fraction of a point is paid in full (46 → 11.5 → 12). */
  return (int) ceil (points * rules->hidden_unit_surcharge - 1e-9);
}

static int
item_cost (const SlRules *rules,
           const char    *item)
{
  int cost = 0;

  if (!sl_rules_scenario_cost (rules, item, &cost))
    g_return_val_if_reached (0);
  return cost;
}

/* long arms use rifle magazines, sidearms pistol magazines. */
static gboolean
is_long_arm (const SlWeapon *weapon)
{
  return weapon->magazine == SL_MAGAZINE_R;
}

static void
check_weapons (const SlRules     *rules,
               guint              u,
               const SlSquadUnit *unit,
               SlSquadCost       *result)
{
  const char *required = unit->troop->required_weapon;
  const SlWeapon *required_weapon = required ? sl_rules_weapon (rules, required) : NULL;
  gboolean has_required = FALSE;
  int long_arms = 0, sidearms = 0;

  for (guint k = 0; k < unit->n_weapons; k++)
    {
      const SlWeapon *w = unit->weapons[k];

      if (required && g_str_equal (w->id, required))
        has_required = TRUE;

      /* penal troops carry their SMG and may buy no other long arm. */
      if (required_weapon && is_long_arm (required_weapon) && is_long_arm (w) &&
          !g_str_equal (w->id, required))
        {
          add_problem (result, "A-143", unit_item_field (u, "weapons", k),
                       _("Unit %s: %s troops are armed with the %s and may not buy another long arm such as the %s (A-143)."),
                       unit->id, unit->troop->name, required_weapon->name, w->name);
          continue;
        }

      /* one long arm and one sidearm. */
      if (is_long_arm (w) && ++long_arms == 2)
        add_problem (result, "A-146", unit_item_field (u, "weapons", k),
                     _("Unit %s carries a second long arm (%s); a unit carries one long arm and one sidearm (A-146)."),
                     unit->id, w->name);
      else if (!is_long_arm (w) && ++sidearms == 2)
        add_problem (result, "A-146", unit_item_field (u, "weapons", k),
                     _("Unit %s carries a second sidearm (%s); a unit carries one long arm and one sidearm (A-146)."),
                     unit->id, w->name);
    }

  if (required_weapon && !has_required)
    add_problem (result, "A-143", unit_field (u, "weapons"),
                 _("Unit %s: %s troops are armed with the %s; add it to the unit's weapons (T-11, A-143)."),
                 unit->id, unit->troop->name, required_weapon->name);
}

static const SlWeapon *
long_arm_of (const SlSquadUnit *unit)
{
  for (guint k = 0; k < unit->n_weapons; k++)
    if (is_long_arm (unit->weapons[k]))
      return unit->weapons[k];
  return NULL;
}

static void
check_equipment (const SlRules     *rules,
                 const SlOptions   *options,
                 guint              u,
                 const SlSquadUnit *unit,
                 SlSquadCost       *result)
{
  const SlWeapon *long_arm = long_arm_of (unit);
  int launchers = 0, charges = 0;
  gboolean grenades = FALSE;
  int launcher_index = -1;

  for (guint j = 0; j < unit->n_equipment; j++)
    {
      const char *item = unit->equipment[j];

      if (g_str_equal (item, "grenade-launcher"))
        {
          if (++launchers == 1)
            launcher_index = j;
          else
            add_problem (result, "A-146", unit_item_field (u, "equipment", j),
                         _("Unit %s has a second grenade launcher; a launcher fits on the unit's one long arm (P-35, A-146)."),
                         unit->id);
        }
      else if (g_str_equal (item, "plastic-charge") || g_str_equal (item, "shaped-charge"))
        {
          /* P-36: a unit may carry at most 2 charges. */
          if (++charges == rules->charges_per_carrier + 1)
            add_problem (result, "P-36", unit_item_field (u, "equipment", j),
                         _("Unit %s carries more than %d explosive charges (P-36)."),
                         unit->id, rules->charges_per_carrier);
        }
      else if (g_str_equal (item, "grenades"))
        grenades = TRUE;
    }

  if (launchers > 0)
    {
      g_autofree char *field = unit_item_field (u, "equipment", (guint) launcher_index);

      /* P-35 and A-146: rifles only (LR, SR, SAR, OR); the carbine by
       * option launcherOnCarbine. */
      if (long_arm == NULL)
        add_problem (result, "A-146", g_steal_pointer (&field),
                     _("Unit %s has a grenade launcher but no rifle to fit it on (P-35, A-146)."),
                     unit->id);
      else if (long_arm->carbine && !long_arm->rifle && !options->launcher_on_carbine)
        add_problem (result, "A-146", g_steal_pointer (&field),
                     _("Unit %s: a grenade launcher fits only on a rifle, not on the %s (P-35, A-146; option launcherOnCarbine)."),
                     unit->id, long_arm->name);
      else if (!long_arm->rifle && !long_arm->carbine)
        add_problem (result, "A-146", g_steal_pointer (&field),
                     _("Unit %s: a grenade launcher fits only on a rifle, not on the %s (P-35, A-146)."),
                     unit->id, long_arm->name);
      if (grenades)
        {
          for (guint j = 0; j < unit->n_equipment; j++)
            if (g_str_equal (unit->equipment[j], "grenades"))
              {
                add_problem (result, "P-35", unit_item_field (u, "equipment", j),
                             _("Unit %s: a grenade launcher replaces the unit's hand grenades (P-35)."),
                             unit->id);
                break;
              }
        }
    }
}

static void
check_suit (const SlRules     *rules,
            const SlOptions   *options,
            guint              u,
            const SlSquadUnit *unit,
            SlSquadCost       *result)
{
  const char *listed;
  const SlArmor *suit;

  if (!options->enforce_troop_suit)
    return;

  /* the SUIT column binds; A-145: naval tech troops wear SNF. */
  listed = unit->naval && unit->troop->naval_suit ? unit->troop->naval_suit : unit->troop->suit;
  if (listed == NULL || g_str_equal (listed, unit->armor->id))
    return;
  suit = sl_rules_armor (rules, listed);
  add_problem (result, unit->troop->naval_suit ? "A-145" : "A-144", unit_field (u, "armor"),
               unit->naval ? _("Unit %s: naval %s wear the %s suit, not the %s (A-144, A-145; option enforceTroopSuit).")
                           : _("Unit %s: %s wear the %s suit, not the %s (A-144, A-145; option enforceTroopSuit)."),
               unit->id, unit->troop->name, suit ? suit->name : listed, unit->armor->name);
}

static gboolean
cost_unit (const SlRules      *rules,
           const SlOptions    *options,
           const SlSquadInput *in,
           guint               u,
           SlUnitCost         *cost,
           GError            **error)
{
  const SlSquadUnit *unit = &in->units[u];
  gboolean required_free = options->penal_smg_included && unit->troop->required_weapon != NULL;

  if (unit->naval && unit->troop->naval_suit == NULL && !unit->troop->has_zero_g_naval)
    {
      g_autofree char *field = unit_field (u, "naval");
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, field,
                         _("Only tech troops can be naval troops (T-11)."));
      return FALSE;
    }

  /* P-02 steps 1–5 and E-02: troop + race (always 0) + armor + weapons +
   * personal equipment (A-130: computed from the tables). */
  cost->troop = unit->troop->cost;
  cost->race = 0;
  cost->armor = unit->armor->cost;
  for (guint k = 0; k < unit->n_weapons; k++)
    {
      /* A-143 option: the penal SMG comes with the troop cost. */
      if (required_free && g_str_equal (unit->weapons[k]->id, unit->troop->required_weapon))
        {
          required_free = FALSE;
          continue;
        }
      cost->weapons += unit->weapons[k]->cost;
    }
  for (guint j = 0; j < unit->n_equipment; j++)
    {
      int c;

      if (!in_list (sl_squad_unit_equipment, unit->equipment[j]) ||
          !sl_rules_scenario_cost (rules, unit->equipment[j], &c))
        {
          g_autofree char *field = unit_item_field (u, "equipment", j);
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, field,
                             _("“%s” is not equipment a soldier carries (P-02, T-37)."),
                             unit->equipment[j]);
          return FALSE;
        }
      cost->equipment += c;
    }
  cost->points = cost->troop + cost->race + cost->armor + cost->weapons + cost->equipment;

  /* §15.1 and A-127: hiding is paid from scenario points and is not part of
   * the unit's value; the whole-force package already covers every unit. */
  if (unit->hidden && !in->all_hidden)
    cost->hidden_cost = sl_hidden_cost (rules, cost->points);
  return TRUE;
}

static gboolean
cost_side_equipment (const SlRules      *rules,
                     const SlSquadInput *in,
                     SlSquadCost        *result,
                     GError            **error)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  int missions = 0;

  for (guint i = 0; i < in->n_side_equipment; i++)
    {
      const char *item = in->side_equipment[i];
      const SlEquipment *def = sl_rules_equipment (rules, item);
      int count, c;

      if (def == NULL || !in_list (sl_squad_side_equipment, item) ||
          !sl_rules_scenario_cost (rules, item, &c))
        {
          g_autofree char *field = g_strdup_printf ("side_equipment[%u]", i);
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, field,
                             _("“%s” is not squad equipment (P-02, T-37)."), item);
          return FALSE;
        }
      result->equipment += c;

      count = GPOINTER_TO_INT (g_hash_table_lookup (counts, item)) + 1;
      g_hash_table_insert (counts, (gpointer) item, GINT_TO_POINTER (count));
      /* T-37: one ground sensor, camo tinter and ECM jammer per side. */
      if (def->has_limit_per_side && count == def->limit_per_side + 1)
        add_problem (result, "T-37", g_strdup_printf ("side_equipment[%u]", i),
                     g_dngettext (GETTEXT_PACKAGE,
                                  "A side may have only %d %s (T-37).",
                                  "A side may have only %d of the item “%s” (T-37).",
                                  def->limit_per_side),
                     def->limit_per_side, def->name);

      /* P-38: at most 4 fire missions per side, mortar and missile together. */
      if ((g_str_equal (item, "mortar-mission") || g_str_equal (item, "missile-mission")) &&
          ++missions == rules->fire_missions_per_side + 1)
        add_problem (result, "P-38", g_strdup_printf ("side_equipment[%u]", i),
                     _("A side may buy at most %d fire missions (P-38, T-37)."),
                     rules->fire_missions_per_side);
    }
  return TRUE;
}

gboolean
sl_squad_cost (const SlRules      *rules,
               const SlOptions    *options,
               const SlSquadInput *in,
               SlSquadCost        *result,
               GError            **error)
{
  guint rangers = 0, hidden = 0;

  g_return_val_if_fail (rules != NULL && options != NULL && in != NULL, FALSE);
  g_return_val_if_fail (in->leader_rating >= -2 && in->leader_rating <= 2, FALSE);
  g_return_val_if_fail (in->mines >= 0, FALSE);

  memset (result, 0, sizeof *result);
  result->problems = g_ptr_array_new_with_free_func (problem_free);
  result->units = g_new0 (SlUnitCost, MAX (in->n_units, 1));
  result->n_units = in->n_units;

  for (guint u = 0; u < in->n_units; u++)
    {
      const SlSquadUnit *unit = &in->units[u];

      if (!cost_unit (rules, options, in, u, &result->units[u], error))
        {
          sl_squad_cost_clear (result);
          return FALSE;
        }
      result->units_total += result->units[u].points;
      result->hidden += result->units[u].hidden_cost;
      if (unit->hidden || in->all_hidden)
        hidden++;

      check_weapons (rules, u, unit, result);
      check_equipment (rules, options, u, unit, result);
      check_suit (rules, options, u, unit, result);

      /* T-36, A-117: only sealed suits take part in vacuum or a hostile
       * atmosphere; A-71: troops with no zero-G value stay out of zero-G. */
      if (in->sealed_suits_only && !unit->armor->sealed)
        add_problem (result, "T-36", unit_field (u, "armor"),
                     _("Unit %s wears %s (%s): only sealed suits take part in vacuum or a hostile atmosphere (T-36, A-117)."),
                     unit->id, unit->armor->name, unit->armor->id);
      if (in->zero_g && !unit->troop->zero_g_allowed && !options->penal_troops_in_zero_g)
        add_problem (result, "A-71", unit_field (u, "troop"),
                     _("Unit %s: %s cannot be fielded in zero-G, their zero-G value is “N/A” (T-11, A-71)."),
                     unit->id, unit->troop->name);

      if (g_str_equal (unit->armor->id, RANGER_SUIT) && ++rangers == RANGER_SUITS_PER_SQUAD + 1 &&
          options->limit_ranger_suits)
        add_problem (result, "A-144", unit_field (u, "armor"),
                     _("Unit %s: a squad may have at most %d Ranger suits (T-13, A-144; option limitRangerSuits)."),
                     unit->id, RANGER_SUITS_PER_SQUAD);
    }

  if (in->indoors && in->mines > 0)
    add_problem (result, "P-37", g_strdup ("mines"),
                 _("Mines are laid only outdoors, never inside buildings or ships (P-37 step 1)."));

  if (in->n_units > SQUAD_SIZE)
    add_problem (result, "A-07", g_strdup ("units"),
                 _("A squad has at most %d soldiers, not %u (§1.1, A-07)."),
                 SQUAD_SIZE, in->n_units);

  if (!cost_side_equipment (rules, in, result, error))
    {
      sl_squad_cost_clear (result);
      return FALSE;
    }

  result->leader = sl_leader_cost (rules, in->leader_rating);
  result->quality = sl_quality_cost (rules, options, in->quality, in->n_units);
  result->mines = in->mines * item_cost (rules, "mine");
  result->all_hidden = in->all_hidden ? item_cost (rules, "defender-undetected") : 0;
  result->decoys_allowed = DECOYS_PER_HIDDEN_UNIT * (int) hidden;

  result->total = result->units_total + result->hidden + result->leader + result->quality +
                  result->mines + result->equipment + result->all_hidden;

  if (in->has_budget)
    {
      result->remaining = in->budget - result->total;
      /* §16.1 C: the force is bought with the agreed budget. */
      if (result->remaining < 0)
        add_problem (result, "P-02", g_strdup ("budget"),
                     _("The squad costs %d points, %d more than the budget of %d (P-02, §16.1)."),
                     result->total, -result->remaining, in->budget);
    }
  return TRUE;
}

void
sl_squad_cost_clear (SlSquadCost *result)
{
  g_clear_pointer (&result->units, g_free);
  g_clear_pointer (&result->problems, g_ptr_array_unref);
}

/* Victory */

static void
item_clear (gpointer data)
{
  SlVictoryItem *item = data;

  g_free (item->label);
}

static SlVictoryItem *
add_item (SlVictoryScore *score,
          const char     *source,
          double          points,
          char           *label)
{
  SlVictoryItem item = { 0 };

  item.source = source;
  item.points = points;
  item.label = label;
  g_array_append_val (score->items, item);
  return &g_array_index (score->items, SlVictoryItem, score->items->len - 1);
}

/* scores are kept exact and rounded to 0.01 only at the end. */
static double
round_hundredths (double value)
{
  return round (value * 100) / 100;
}

static const char *
wound_label (SlWound wound)
{
  switch (wound)
    {
    case SL_WOUND_LIGHT: return _("lightly wounded");
    case SL_WOUND_MODERATE: return _("moderately wounded");
    case SL_WOUND_SERIOUS: return _("seriously wounded");
    case SL_WOUND_UNCONSCIOUS: return _("unconscious");
    case SL_WOUND_DEAD: return _("dead");
    case SL_WOUND_NONE:
    case SL_N_WOUNDS:
    default:
      return _("unwounded");
    }
}

static void
score_side (const SlRules       *rules,
            const SlVictorySide *side,
            SlVictoryScore      *score)
{
  double sum = 0;

  score->items = g_array_new (FALSE, TRUE, sizeof (SlVictoryItem));
  g_array_set_clear_func (score->items, item_clear);

  /* T-39. */
  if (side->primary)
    add_item (score, "primary", rules->vp_primary, g_strdup (_("Primary objective")));
  if (side->secondary > 0)
    add_item (score, "secondary", (double) side->secondary * rules->vp_secondary,
              g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d secondary objective",
                                            "%d secondary objectives", side->secondary),
                               side->secondary));
  if (side->objective_points != 0)
    add_item (score, "objective", side->objective_points, g_strdup (_("Scenario objective")));

  /* T-17, A-69: each damaged enemy unit by its state at the end; a dazed
   * or unwounded unit scores nothing. */
  for (guint i = 0; i < side->n_enemy_units; i++)
    {
      const SlVictoryUnit *u = &side->enemy_units[i];
      double fraction = rules->victory_fraction[u->wound];
      SlVictoryItem *item;
      char *label;

      if (u->id)
        label = g_strdup_printf (_("Enemy unit %s, %s%s (%d points)"), u->id, wound_label (u->wound),
                                 u->dazed && u->wound == SL_WOUND_NONE ? _(", dazed") : "",
                                 u->points);
      else
        label = g_strdup_printf (_("Enemy unit, %s%s (%d points)"), wound_label (u->wound),
                                 u->dazed && u->wound == SL_WOUND_NONE ? _(", dazed") : "",
                                 u->points);
      item = add_item (score, "enemy-unit", fraction * u->points, label);
      item->unit_id = u->id;
      item->wound = u->wound;
      item->fraction = fraction;
    }

  /* P-27 step 8, A-126: a unit removed under the honesty rule scores its
   * full value. */
  for (guint i = 0; i < side->n_removed_units; i++)
    {
      const SlVictoryUnit *u = &side->removed_units[i];
      SlVictoryItem *item;

      item = add_item (score, "removed-unit", u->points,
                       u->id ? g_strdup_printf (_("Enemy unit %s removed under the honesty rule (%d points)"),
                                                u->id, u->points)
                             : g_strdup_printf (_("Enemy unit removed under the honesty rule (%d points)"),
                                                u->points));
      item->unit_id = u->id;
      item->wound = SL_WOUND_DEAD;
      item->fraction = 1;
    }

  /* T-39: 1 per unspent scenario point. */
  if (side->unspent > 0)
    add_item (score, "unspent", (double) side->unspent * rules->vp_per_unspent_point,
              g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d unspent scenario point",
                                            "%d unspent scenario points", side->unspent),
                               side->unspent));

  /* scenario penalties come off the side's own score. */
  for (guint i = 0; i < side->n_penalties; i++)
    add_item (score, "penalty", side->penalties[i].points, g_strdup (side->penalties[i].source));

  for (guint i = 0; i < score->items->len; i++)
    sum += g_array_index (score->items, SlVictoryItem, i).points;
  score->exact = sum;
  score->score = round_hundredths (sum);
}

const SlVictoryLevel *
sl_victory_level (const SlRules *rules,
                  double         high,
                  double         low)
{
  /* Work in whole hundredths so that the comparison is exact; a
   * score below 0 counts as 0 for the ratio. */
  gint64 hi = llround (MAX (high, 0) * 100);
  gint64 lo = llround (MAX (low, 0) * 100);

  if (hi < lo)
    {
      gint64 t = hi;
      hi = lo;
      lo = t;
    }
  /* a low score of 0 against anything above 0 is decisive; 0 against
   * 0 is a draw. */
  if (lo == 0)
    return hi > 0 ? &rules->victory_levels[0] : &rules->victory_levels[3];
  for (int i = 0; i < 3; i++)
    if ((double) hi >= rules->victory_levels[i].min_ratio * (double) lo)
      return &rules->victory_levels[i];
  return &rules->victory_levels[3];
}

void
sl_victory_resolve (const SlRules       *rules,
                    const SlOptions     *options,
                    const SlVictorySide  sides[2],
                    SlVictoryResult     *result)
{
  int high;
  double hi, lo;

  g_return_if_fail (rules != NULL && sides != NULL && result != NULL);

  memset (result, 0, sizeof *result);
  /* P-40 step 1. */
  for (int s = 0; s < 2; s++)
    score_side (rules, &sides[s], &result->scores[s]);

  /* P-40 step 2: higher ÷ lower, from the rounded totals. */
  high = result->scores[1].score > result->scores[0].score ? 1 : 0;
  hi = MAX (result->scores[high].score, 0);
  lo = MAX (result->scores[1 - high].score, 0);
  result->level = sl_victory_level (rules, hi, lo);
  result->has_ratio = lo > 0;
  if (result->has_ratio)
    result->ratio = (double) llround (hi * 100) / (double) llround (lo * 100);

  /* P-40 step 3: T-40 for each side. */
  if (g_str_equal (result->level->id, "draw"))
    {
      result->winner = -1;
      result->scores[0].result = result->scores[1].result = result->level->high;
    }
  else
    {
      result->winner = high;
      result->scores[high].result = result->level->high;
      result->scores[1 - high].result = result->level->low;
    }
  (void) options;
}

void
sl_victory_result_clear (SlVictoryResult *result)
{
  for (int s = 0; s < 2; s++)
    g_clear_pointer (&result->scores[s].items, g_array_unref);
}

/* Premade scenarios */

int
sl_scenario_charge_points (const SlScenarioSummary *scenario,
                           int                      charges)
{
  int n;

  g_return_val_if_fail (scenario != NULL && charges >= 0, 0);

  n = scenario->n_charge_points;
  if (n == 0 || charges == 0)
    return 0;
  /* T-42 and E-39: 25, 70, 100, then +25 for each charge beyond three. */
  if (charges <= n)
    return scenario->charge_points[charges - 1];
  return scenario->charge_points[n - 1] + (charges - n) * scenario->extra_charge_points;
}

int
sl_scenario_kill_target (const SlScenarioSummary *scenario,
                         int                      enemy_units)
{
  int num, den;

  g_return_val_if_fail (scenario != NULL && enemy_units >= 0, 0);

  num = scenario->kill_fraction[0];
  den = scenario->kill_fraction[1];
  if (num == 0 || den == 0)
    return 0;
  /* T-41 and E-40: “at least 2/3”: two-thirds of 12 is 8; a fraction of a
   * unit is rounded up. */
  return (enemy_units * num + den - 1) / den;
}

int
sl_scenario_objective_penalty (const SlScenarioSummary *scenario,
                               int                      enemy_on_objective)
{
  g_return_val_if_fail (scenario != NULL && enemy_on_objective >= 0, 0);

  /* T-43 and A-134: −10 per enemy unit on the bridge at the end, off the
   * side's own score. */
  return scenario->enemy_on_objective_points * enemy_on_objective;
}

gboolean
sl_scenario_holds_objective (const SlScenarioSummary *scenario,
                             const SlScenarioOutcome *outcome)
{
  g_return_val_if_fail (scenario != NULL && outcome != NULL, FALSE);

  if (scenario->hold_turns == 0)
    return FALSE;
  /* T-43 and A-134: more own units than enemy units there at the end, for
   * at least the last 3 turns. */
  return outcome->own_on_objective > outcome->enemy_on_objective &&
         outcome->turns_held >= scenario->hold_turns;
}

void
sl_scenario_points (const SlRules           *rules,
                    const SlScenarioSummary *scenario,
                    const SlScenarioOutcome *outcome,
                    SlScenarioPoints        *result)
{
  g_return_if_fail (rules != NULL && scenario != NULL && outcome != NULL && result != NULL);

  memset (result, 0, sizeof *result);

  if (scenario->n_charge_points > 0)
    {
      /* T-42: the ladder's third step is the primary objective itself. */
      result->objective_points = sl_scenario_charge_points (scenario, outcome->charges);
      result->primary = outcome->charges >= scenario->n_charge_points;
    }
  if (scenario->kill_fraction[1] > 0 && scenario->kill_fraction[0] > 0)
    {
      /* T-41, A-132: 100 if at least the target is killed or unconscious. */
      result->kill_target = sl_scenario_kill_target (scenario, outcome->enemy_units);
      result->primary = outcome->enemy_units > 0 && outcome->enemy_out >= result->kill_target;
      result->objective_points = result->primary ? rules->vp_primary : 0;
    }
  if (scenario->hold_turns > 0)
    {
      result->primary = sl_scenario_holds_objective (scenario, outcome);
      result->objective_points = result->primary ? rules->vp_primary : 0;
      result->penalty = sl_scenario_objective_penalty (scenario, outcome->enemy_on_objective);
    }
  result->total = result->objective_points + result->penalty;
}
