/* sl-environment.c: zero gravity, vacuum and hostile atmospheres
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-combat.h"
#include "sl-environment.h"
#include "sl-json.h"
#include "sl-options.h"

const char * const sl_zero_g_action_names[] = { "fire", "other", NULL };
const char * const sl_environment_names[] = { "vacuum", "hostile", NULL };
const char * const sl_breach_state_names[] = { "none", "delayed", "bleeding", NULL };

/* A-71 option: penal troops ("N/A") in zero-G use +1. */
#define PENAL_ZERO_G_MODIFIER 1

gboolean
sl_zero_g_resolve (const SlRules      *rules,
                   const SlOptions    *options,
                   const SlZeroGInput *in,
                   SlDice             *dice,
                   SlBreakdown        *breakdown,
                   SlZeroGResult      *result,
                   GError            **error)
{
  const SlCheckDef *check = sl_rules_check (rules, "zero-g");
  const SlTroop *troop = in->troop;

  g_return_val_if_fail (troop != NULL, FALSE);

  memset (result, 0, sizeof *result);

  /* T-11: penal troops have no zero-G value. */
  if (!troop->zero_g_allowed && !options->penal_troops_in_zero_g)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "troop",
                         _("%s cannot be fielded in zero-G: their zero-G value is “N/A” (T-11, A-71)."),
                         troop->name);
      return FALSE;
    }
  /* Book §7.9 and §8.2. */
  if (in->bounce_pack)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "bounce_pack",
                         _("Bounce packs do not work in zero-G (book §7.9, §8.2)."));
      return FALSE;
    }
  if (in->movement == SL_MOVE_SPRINT && !rules->zero_g_sprint)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "movement",
                         _("No unit can sprint in zero-G (book §7.9, T-09)."));
      return FALSE;
    }
  if (in->action == SL_ZERO_G_FIRE)
    {
      const SlWeaponProfile *profile;

      if (in->weapon == NULL)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "weapon",
                             _("A fire action needs the weapon it fires."));
          return FALSE;
        }
      profile = sl_weapon_get_profile (in->weapon, in->omni_mode);
      if (profile->weapon_class == SL_WEAPON_SLUG)
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN,
                             in->weapon->has_modes ? "omni_mode" : "weapon",
                             _("Slug weapons, and the OMNI rifle in slug mode, cannot be used in zero-G (book §7.9)."));
          return FALSE;
        }
    }

  /* P-21 step 2: the troop's zero-G modifier; tech troops use 0 when naval
   * and +1 otherwise (T-11, A-71). */
  if (!troop->zero_g_allowed)
    sl_breakdown_addf (breakdown, "troop", PENAL_ZERO_G_MODIFIER,
                       _("Troop type: %s (option penalTroopsInZeroG)"), troop->name);
  else if (in->naval && troop->has_zero_g_naval)
    sl_breakdown_addf (breakdown, "troop", troop->zero_g_naval, _("Troop type: naval %s"),
                       troop->name);
  else
    sl_breakdown_addf (breakdown, "troop", troop->zero_g, _("Troop type: %s"), troop->name);

  /* P-21 step 3 and A-71: the spike rifle and the caseless weapons add +1
   * to their fire actions, or to every action with the option. */
  if (in->weapon != NULL && in->weapon->zero_g_penalty &&
      (in->action == SL_ZERO_G_FIRE || options->zero_g_weapon_penalty_all_actions))
    sl_breakdown_addf (breakdown, "weapon", rules->environment.zero_g_weapon_penalty,
                       _("Weapon: %s"), in->weapon->name);

  /* P-21 step 4 and A-02: net 9 or 10 fails; a natural 1 always succeeds and
   * a natural 10 always fails. */
  sl_check_roll (check, sl_breakdown_total (breakdown), dice,
                 in->roll_stream ? in->roll_stream : "roll", &result->check);
  result->succeeded = result->check.success;
  return TRUE;
}

static char *
sealed_suits (const SlRules *rules)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; i < rules->armor.items->len; i++)
    {
      const SlArmor *armor = g_ptr_array_index (rules->armor.items, i);

      if (armor->sealed)
        g_ptr_array_add (ids, armor->id);
    }
  g_ptr_array_add (ids, NULL);
  return sl_json_join_choices ((const char * const *) ids->pdata);
}

/* The wound a breach deals (P-39): one level, no armor, dazing
 * unless the option says otherwise. */
static void
breach_wound (const SlRules           *rules,
              const SlOptions         *options,
              const SlSuitBreachInput *in,
              SlSuitBreachResult      *result)
{
  result->levels = 1;
  if (in->has_wound)
    {
      SlDamageInput damage = { 0 };
      SlDamageResult dealt;

      damage.source = SL_DAMAGE_VACUUM;
      damage.wound = in->wound;
      sl_damage_resolve (rules, options, &damage, &dealt);
      result->wound = dealt.wound;
      result->dazed = dealt.dazed;
      result->dead = dealt.wound == SL_WOUND_DEAD;
    }
  else
    result->dazed = options->vacuum_wounds_daze;
}

/* Where the unit is: vacuum is everywhere, a hostile atmosphere
 * does nothing inside intact, closed buildings (result->neutral); only
 * sealed suits may take part (T-36, A-117). */
static gboolean
check_surroundings (const SlRules            *rules,
                    const SlSuitBreachInput  *in,
                    SlSuitBreachResult       *result,
                    GError                  **error)
{
  if (in->environment == SL_ENVIRONMENT_VACUUM && in->in_intact_building)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "in_intact_building",
                         _("Only a hostile atmosphere is kept out by intact buildings; a place in vacuum is in vacuum (A-120)."));
      return FALSE;
    }
  /* a hostile atmosphere does nothing inside intact, closed
   * buildings. */
  result->neutral = in->inside ||
                    (in->environment == SL_ENVIRONMENT_HOSTILE && in->in_intact_building);

  /* T-36 and A-117: only sealed suits may take part. */
  if (!result->neutral && !in->armor->sealed)
    {
      g_autofree char *suits = sealed_suits (rules);

      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "armor",
                         _("A unit wearing %s (%s) cannot be in %s: only units in sealed suits (%s) may take part (T-36, A-117)."),
                         in->armor->name, in->armor->id,
                         in->environment == SL_ENVIRONMENT_VACUUM ? _("vacuum")
                                                                  : _("a hostile atmosphere"),
                         suits);
      return FALSE;
    }
  return TRUE;
}

/* P-39: an open breach's wound falls due now or ahead, within the delay;
 * sheltered (@neutral), it may have fallen due already. */
static gboolean
check_breach_due (const SlRules            *rules,
                  const SlSuitBreachInput  *in,
                  gboolean                  neutral,
                  GError                  **error)
{
  int delay = rules->environment.suit_breach_delay;
  int turn, subphase;

  if (in->breach.state == SL_BREACH_NONE)
    return TRUE;
  sl_subphase_split (rules, in->breach.due, &turn, &subphase);
  if (!neutral && in->breach.due < in->now)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "breach",
                         _("The breach wound fell due at turn %d, subphase %d: resolve that subphase first (P-39)."),
                         turn, subphase);
      return FALSE;
    }
  if (in->breach.due > in->now + delay)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "breach",
                         _("A breach wound falls due at most %d subphases ahead, not at turn %d, subphase %d (P-39)."),
                         delay, turn, subphase);
      return FALSE;
    }
  return TRUE;
}

/* Ruling: a wound that falls due while sheltered is not taken; a
 * delayed breach seals without it, a bleeding one skips it. */
static void
shelter (const SlSuitBreachInput *in,
         int                      delay,
         SlSuitBreachResult      *result)
{
  SlBreach *breach = &result->breach;

  if (breach->state == SL_BREACH_NONE || breach->due > in->now)
    return;
  result->skipped = TRUE;
  if (breach->state == SL_BREACH_DELAYED)
    {
      *breach = (SlBreach) { SL_BREACH_NONE, 0 };
      result->sealed_now = TRUE;
    }
  else
    while (breach->due <= in->now)
      breach->due += delay;
}

/* P-08 step 1: the breach wound that falls due in this subphase. */
static void
take_due_wound (const SlRules           *rules,
                const SlOptions         *options,
                const SlSuitBreachInput *in,
                int                      delay,
                SlSuitBreachResult      *result)
{
  SlBreach *breach = &result->breach;

  if (breach->state == SL_BREACH_NONE || breach->due != in->now)
    return;
  breach_wound (rules, options, in, result);
  if (breach->state == SL_BREACH_DELAYED)
    {
      /* P-39 step 2: one more level, then the suit seals. */
      *breach = (SlBreach) { SL_BREACH_NONE, 0 };
      result->sealed_now = TRUE;
    }
  else
    /* P-39 step 3: +1 level every 20 subphases. */
    breach->due = in->now + delay;
  if (result->dead)
    *breach = (SlBreach) { SL_BREACH_NONE, 0 };
}

/* P-39 and A-119: the wounds just taken, melee included. */
static void
breach_by_wounds (const SlSuitBreachInput *in,
                  int                      delay,
                  SlSuitBreachResult      *result)
{
  SlBreach *breach = &result->breach;

  if (in->levels <= 0)
    return;
  switch (breach->state)
    {
    case SL_BREACH_NONE:
      result->breached_now = TRUE;
      breach->state = in->levels == 1 ? SL_BREACH_DELAYED : SL_BREACH_BLEEDING;
      breach->due = in->now + delay;
      break;
    case SL_BREACH_DELAYED:
      /* a second breach while the first is unsealed bleeds for
       * good; the wound already due keeps its time. */
      breach->state = SL_BREACH_BLEEDING;
      break;
    case SL_BREACH_BLEEDING:
    default:
      break;
    }
}

gboolean
sl_suit_breach_resolve (const SlRules            *rules,
                        const SlOptions          *options,
                        const SlSuitBreachInput  *in,
                        SlSuitBreachResult       *result,
                        GError                  **error)
{
  int delay = rules->environment.suit_breach_delay;

  g_return_val_if_fail (in->armor != NULL, FALSE);

  memset (result, 0, sizeof *result);
  result->breach = in->breach;
  result->wound = in->wound;

  if (!check_surroundings (rules, in, result, error))
    return FALSE;

  /* P-39: bleeding goes on until the unit is dead, and stops there. */
  if (in->has_wound && in->wound == SL_WOUND_DEAD)
    {
      result->breach = (SlBreach) { SL_BREACH_NONE, 0 };
      result->dead = TRUE;
      return TRUE;
    }

  if (!check_breach_due (rules, in, result->neutral, error))
    return FALSE;
  if (result->neutral)
    {
      shelter (in, delay, result);
      return TRUE;
    }
  take_due_wound (rules, options, in, delay, result);
  if (result->dead)
    return TRUE;
  breach_by_wounds (in, delay, result);
  return TRUE;
}
