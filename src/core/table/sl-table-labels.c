/* sl-table-labels.c: the words beside a choice that carries a table's
 * value, formatted from the rules data
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "sl-conversion.h"
#include "sl-options.h"
#include "sl-table-labels.h"
#include "sl-text.h"

char *
sl_table_labels_detection_modifier (const SlRules *rules,
                                    const char    *id)
{
  const SlDetectionModifier *m;
  g_autofree char *value = NULL;

  g_return_val_if_fail (rules != NULL, NULL);
  m = sl_rules_detection_modifier (rules, id);
  if (m == NULL)
    return NULL;
  value = sl_text_signed (m->value);
  /* Translators: a detection modifier of T-19 and its value, "(+2)". */
  if (g_str_equal (id, "half-cover"))
    return g_strdup_printf (_("Half cover (%s)"), value);
  if (g_str_equal (id, "full-cover"))
    return g_strdup_printf (_("Full cover (%s)"), value);
  if (g_str_equal (id, "light-woods"))
    return g_strdup_printf (_("Light woods (%s)"), value);
  if (g_str_equal (id, "heavy-woods"))
    return g_strdup_printf (_("Heavy woods (%s)"), value);
  if (g_str_equal (id, "smoke"))
    return g_strdup_printf (_("Smoke in the way (%s)"), value);
  return NULL;
}

char *
sl_table_labels_through_window (const SlRules *rules,
                                int            grenade)
{
  g_autofree char *value = NULL;

  g_return_val_if_fail (rules != NULL, NULL);
  value = sl_text_signed (rules->grenade_through_window);
  if (grenade <= 0)
    /* Translators: T-27's modifier for a grenade through a window, "(+1)". */
    return g_strdup_printf (_("Through a window (%s)"), value);
  /* "Grenade 2: through a window (+1)" */
  return g_strdup_printf (_("Grenade %d: through a window (%s)"), grenade, value);
}

char *
sl_table_labels_not_seen (const SlRules *rules)
{
  g_autofree char *value = NULL;

  g_return_val_if_fail (rules != NULL, NULL);
  value = sl_text_signed (rules->grenade_not_seen);
  /* Translators: T-27's modifier for a grenade aimed where a friend sees, "(+1)". */
  return g_strdup_printf (_("The thrower does not see it, a friend does (%s)"), value);
}

char *
sl_table_labels_check_die (const SlRules *rules,
                           const char    *check)
{
  const SlCheckDef *def;

  g_return_val_if_fail (rules != NULL, NULL);
  def = sl_rules_check (rules, check);
  if (def == NULL)
    return NULL;
  /* Translators: a roll and its die, "(d100)". */
  if (g_str_equal (check, "rout"))
    return g_strdup_printf (_("Rout check (d%d)"), def->die);
  if (g_str_equal (check, "rally"))
    return g_strdup_printf (_("Rally (d%d)"), def->die);
  if (g_str_equal (check, "detection"))
    return g_strdup_printf (_("Detection roll (d%d)"), def->die);
  return NULL;
}

char *
sl_table_labels_hidden_surcharge (const SlRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);
  /* Translators: T-38's surcharge for a unit hidden at the start, "(+25 %)". */
  return g_strdup_printf (_("Hidden at the start (+%g %%)"), rules->hidden_unit_surcharge * 100);
}

void
sl_table_labels_throw_range (const SlRules *rules,
                             int           *minimum_m,
                             int           *maximum_m)
{
  g_return_if_fail (rules != NULL);
  /* P-34 step 3: up to the farthest; T-31: not nearer than the least. */
  if (minimum_m != NULL)
    *minimum_m = (int) ceil (rules->launcher.hand_minimum_range_m);
  if (maximum_m != NULL)
    *maximum_m = (int) floor (rules->launcher.hand_maximum_range_m);
}

char *
sl_table_labels_follow_through (const SlRules *rules)
{
  g_autofree char *attack = NULL;

  g_return_val_if_fail (rules != NULL, NULL);
  attack = sl_text_signed (rules->to_hit.follow_through);
  /* Translators: P-26: the reach behind the breach in metres ("1"), the
   * attack's modifier ("+3") and the penetration lost ("1"). */
  return g_strdup_printf (_("The shot breaks through: each unit within %g m behind the breach, on the line "
                            "from the firer, is attacked at %s and nothing else, with PF − %d (P-26). Tick "
                            "them, then type their dice in this order."),
                          rules->follow_through_reach_m, attack, rules->follow_through_penetration_loss);
}

char *
sl_table_labels_detected_at_once (const SlRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);
  /* Translators: §15.1: a unit this near a pile (metres, "1") finds it. */
  return g_strdup_printf (_("Within %g m: detected at once"), rules->detection_automatic_within_m);
}

char *
sl_table_labels_detection_outside (const SlRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);
  /* Translators: §15.1: outside the Detection Phase, only this near a
   * pile (metres, "1"). */
  return g_strdup_printf (_("Only within %g m or inside a holotarp’s square (§15.1)"),
                          rules->detection_automatic_within_m);
}

char *
sl_table_labels_no_melee_weapon (const SlRules *rules)
{
  g_autofree char *value = NULL;

  g_return_val_if_fail (rules != NULL, NULL);
  value = sl_text_signed (rules->no_melee_weapon);
  /* Translators: §18: a character without a melee weapon, "+1". */
  return g_strdup_printf (_("Without one: %s in melee (§18)"), value);
}

char *
sl_table_labels_untrained_non_combat (const SlRules *rules)
{
  g_autofree char *theirs = NULL;
  g_autofree char *others = NULL;

  g_return_val_if_fail (rules != NULL, NULL);
  theirs = sl_text_signed (sl_legionnaire_modifier (rules, 0, TRUE));
  others = sl_text_signed (sl_legionnaire_modifier (rules, 0, FALSE));
  /* Translators: T-44, skill level 0: "+2", "+1". */
  return g_strdup_printf (_("Medic, engineer or technician: an untrained skill is %s, not %s (T-44)"), theirs, others);
}

char *
sl_table_labels_shaped_charge (const SlOptions *options)
{
  g_return_val_if_fail (options != NULL, NULL);
  /* Translators: A-80: the PF a shaped charge deals a wall, "10". */
  return g_strdup_printf (_("A shaped charge destroys a door outright and deals PF %d to a wall (A-80, A-81)."),
                          options->shaped_charge_obstacle_pf);
}
