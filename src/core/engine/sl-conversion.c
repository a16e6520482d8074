/* sl-conversion.c: Legionnaire characters and Centurion counters
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sl-conversion.h"
#include "sl-options.h"
#include "sl-text.h"

const char * const sl_legionnaire_attribute_names[] = {
  "land_movement", "reaction", "charisma", NULL
};

const char * const sl_centurion_class_names[] = {
  "none", "normal-infantry", "bailed-out-crew", NULL
};

static int
band_modifier (const SlSkillBand *band,
               gboolean           non_combat)
{
  /* T-44: level 0 is +1, or +2 for medics, engineers and technicians. */
  return non_combat && band->has_non_combat ? band->non_combat_modifier : band->modifier;
}

int
sl_legionnaire_modifier (const SlRules *rules,
                         int            level,
                         gboolean       non_combat)
{
  const SlSkillBand *last;

  g_return_val_if_fail (rules->n_skill_bands > 0, 0);
  g_return_val_if_fail (level >= 0, 0);

  for (int i = 0; i < rules->n_skill_bands; i++)
    if (level >= rules->skill_bands[i].min && level <= rules->skill_bands[i].max)
      return band_modifier (&rules->skill_bands[i], non_combat);

  /* Beyond the table: −1 per 3 full levels, as the book's rule says. */
  last = &rules->skill_bands[rules->n_skill_bands - 1];
  return band_modifier (last, non_combat) -
         (level - last->min) / rules->skill_levels_per_modifier;
}

gboolean
sl_legionnaire_level (const SlRules *rules,
                      int            modifier,
                      gboolean       non_combat,
                      int           *level)
{
  const SlSkillBand *last;
  int last_modifier;

  g_return_val_if_fail (rules->n_skill_bands > 0, FALSE);

  /* §18: “apply the Legionnaire rules in reverse: each −1 equals 3 skill
   * levels”; the lowest level of the band is the one that is sure to give
   * the modifier back. */
  for (int i = 0; i < rules->n_skill_bands; i++)
    if (band_modifier (&rules->skill_bands[i], non_combat) == modifier)
      {
        *level = rules->skill_bands[i].min;
        return TRUE;
      }
  last = &rules->skill_bands[rules->n_skill_bands - 1];
  last_modifier = band_modifier (last, non_combat);
  if (modifier < last_modifier)
    {
      *level = last->min + (last_modifier - modifier) * rules->skill_levels_per_modifier;
      return TRUE;
    }
  return FALSE;
}

int
sl_legionnaire_threshold (const SlOptions        *options,
                          SlLegionnaireAttribute  attribute)
{
  switch (attribute)
    {
    case SL_LEGIONNAIRE_LAND_MOVEMENT: return options->legionnaire_move_threshold;
    case SL_LEGIONNAIRE_REACTION: return options->legionnaire_reaction_threshold;
    case SL_LEGIONNAIRE_CHARISMA: return options->legionnaire_charisma_threshold;
    case SL_N_LEGIONNAIRE_ATTRIBUTES:
    default:
      g_return_val_if_reached (-1);
    }
}

int
sl_legionnaire_attribute (const SlOptions        *options,
                          SlLegionnaireAttribute  attribute,
                          int                     level)
{
  int threshold = sl_legionnaire_threshold (options, attribute);

  /* the book's thresholds are lost (“above (?)”); unset means the
   * attribute never counts. */
  if (threshold < 0 || level <= threshold)
    return 0;
  /* §18: land movement +1 m; reaction −1 initiative; charisma −1
   * leadership (negative is better on both rolls). */
  return attribute == SL_LEGIONNAIRE_LAND_MOVEMENT ? 1 : -1;
}

int
sl_legionnaire_melee_weapon (const SlRules *rules,
                             gboolean       has_melee_weapon)
{
  /* §18: specific melee weapons are ignored; none at all is +1. */
  return has_melee_weapon ? 0 : rules->no_melee_weapon;
}

const SlArmor *
sl_legionnaire_armor (const SlRules *rules,
                      gboolean       partial,
                      const SlArmor *nearest)
{
  /* §18: any partial armor counts as a Tanker Suit. */
  if (partial)
    return sl_rules_armor (rules, rules->partial_armor);
  return nearest;
}

void
sl_legionnaire_convert (const SlRules   *rules,
                        const SlOptions *options,
                        SlLegionnaire   *character)
{
  g_return_if_fail (rules != NULL && options != NULL && character != NULL);

  /* T-44: weapon and melee skills; level 0 is +2 for non-combat
   * characters. */
  for (int i = 0; i < character->n_weapons; i++)
    character->weapons[i].modifier = sl_legionnaire_modifier (rules, character->weapons[i].level,
                                                              character->non_combat);
  character->melee_modifier = sl_legionnaire_modifier (rules, character->melee_level,
                                                       character->non_combat);
  /* §18: +1 in melee with no melee weapon. */
  character->no_melee_weapon = sl_legionnaire_melee_weapon (rules, character->melee_weapon);
  /* land movement, reaction and charisma above their thresholds. */
  for (int a = 0; a < SL_N_LEGIONNAIRE_ATTRIBUTES; a++)
    character->bonuses[a] = sl_legionnaire_attribute (options, a, character->levels[a]);
}

const SlLegionnaireSkill *
sl_legionnaire_skill (const SlLegionnaire *character,
                      const char          *weapon)
{
  g_return_val_if_fail (character != NULL, NULL);

  for (int i = 0; weapon != NULL && i < character->n_weapons; i++)
    if (g_strcmp0 (character->weapons[i].weapon, weapon) == 0)
      return &character->weapons[i];
  return NULL;
}

int
sl_legionnaire_bonus (const SlLegionnaire    *character,
                      SlLegionnaireAttribute  attribute)
{
  g_return_val_if_fail (attribute < SL_N_LEGIONNAIRE_ATTRIBUTES, 0);
  return character != NULL ? character->bonuses[attribute] : 0;
}

int
sl_legionnaire_melee (const SlLegionnaire *character)
{
  return character != NULL ? character->melee_modifier + character->no_melee_weapon : 0;
}

/* The modifiers of a character, in a list ("SR −2, SP +1, …"). */
static char *
character_parts (const SlLegionnaire *l,
                 gboolean             brief)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  /* T-44: each weapon skill, by the weapon's code. */
  for (int i = 0; i < l->n_weapons; i++)
    {
      g_autofree char *value = sl_text_signed (l->weapons[i].modifier);

      if (g_str_equal (l->weapons[i].weapon, SL_LEGIONNAIRE_GRENADE))
        /* Translators: a Legionnaire character's skill with hand grenades,
         * as a modifier: "grenades −1". */
        g_ptr_array_add (parts, g_strdup_printf (_("grenades %s"), value));
      else
        g_ptr_array_add (parts, g_strdup_printf ("%s %s", l->weapons[i].weapon, value));
    }
  if (brief)
    {
      g_autofree char *value = sl_text_signed (sl_legionnaire_melee (l));

      /* Translators: a Legionnaire character's melee modifiers, "melee −1". */
      g_ptr_array_add (parts, g_strdup_printf (_("melee %s"), value));
    }
  else
    {
      g_autofree char *melee = sl_text_signed (l->melee_modifier);

      g_ptr_array_add (parts, g_strdup_printf (_("melee %s"), melee));
      if (l->no_melee_weapon != 0)
        {
          g_autofree char *value = sl_text_signed (l->no_melee_weapon);

          g_ptr_array_add (parts, g_strdup_printf (_("no melee weapon %s"), value));
        }
      /* the attributes above their thresholds. */
      if (l->bonuses[SL_LEGIONNAIRE_LAND_MOVEMENT] != 0)
        {
          g_autofree char *value = sl_text_signed (l->bonuses[SL_LEGIONNAIRE_LAND_MOVEMENT]);

          /* Translators: the metres a character adds to every move but
           * crawling: "moves +1 m". */
          g_ptr_array_add (parts, g_strdup_printf (_("moves %s m"), value));
        }
      if (l->bonuses[SL_LEGIONNAIRE_REACTION] != 0)
        {
          g_autofree char *value = sl_text_signed (l->bonuses[SL_LEGIONNAIRE_REACTION]);

          g_ptr_array_add (parts, g_strdup_printf (_("initiative %s"), value));
        }
      if (l->bonuses[SL_LEGIONNAIRE_CHARISMA] != 0)
        {
          g_autofree char *value = sl_text_signed (l->bonuses[SL_LEGIONNAIRE_CHARISMA]);

          g_ptr_array_add (parts, g_strdup_printf (_("leadership %s"), value));
        }
      g_ptr_array_add (parts, g_strdup (_("never routs")));
    }
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (_(", "), (char **) parts->pdata);
}

char *
sl_legionnaire_describe (const SlLegionnaire *l,
                         gboolean             brief)
{
  g_autofree char *joined = NULL;

  if (l == NULL)
    return NULL;
  joined = character_parts (l, brief);
  return brief ? g_strdup_printf (_("Character: %s"), joined)
               : g_strdup_printf (_("Legionnaire character (§18): %s"), joined);
}

char *
sl_legionnaire_modifiers_words (const SlLegionnaire *l)
{
  return l != NULL ? character_parts (l, FALSE) : NULL;
}

gboolean
sl_centurion_is_infantry (const SlRules *rules,
                          const SlTroop *troop)
{
  g_return_val_if_fail (troop != NULL, FALSE);

  if (rules->centurion_infantry == NULL)
    return FALSE;
  return g_strv_contains ((const char * const *) rules->centurion_infantry, troop->id);
}

void
sl_centurion_convert (const SlRules        *rules,
                      const SlTroop * const *troops,
                      const gboolean       *alive,
                      guint                 n_units,
                      int                  *ifw,
                      SlCenturionClass     *counter)
{
  int infantry = 0, crew = 0;

  /* §18 and E-36: IFW is the number of surviving units. */
  for (guint i = 0; i < n_units; i++)
    {
      if (!alive[i])
        continue;
      if (sl_centurion_is_infantry (rules, troops[i]))
        infantry++;
      else
        crew++;
    }
  *ifw = infantry + crew;
  /* A mixed squad takes the class of most of its survivors; a tie counts as
   * infantry. */
  if (*ifw == 0)
    *counter = SL_CENTURION_NONE;
  else
    *counter = infantry >= crew ? SL_CENTURION_INFANTRY : SL_CENTURION_CREW;
}
