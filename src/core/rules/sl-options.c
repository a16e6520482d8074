/* sl-options.c: the named rule options
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "sl-options.h"

/* The options this engine implements. The rules data must define each of
 * them, with the same type and choices; it provides the default, the range
 * and the descriptions. */
typedef struct
{
  const char         *id;
  SlOptionType        type;
  goffset             offset;
  const char * const *choices;
  gboolean            nullable;
} SlOptionSpec;

#define OFF(field) G_STRUCT_OFFSET (SlOptions, field)

static const char * const tie_choices[] = { "reroll", "leader", "quality", NULL };
static const char * const wound_scope_choices[] = { "exempt-melee", "exempt-aimed-opportunity", NULL };
static const char * const terrain_choices[] = { "multiply", "add", NULL };
static const char * const woods_choices[] = { "cover", "terrain-table", NULL };
static const char * const rof_choices[] = { "turn", "rolling", NULL };
static const char * const nat1_choices[] = { "once-per-burst", "every-round", NULL };
static const char * const multi_choices[] = { "split", "progressive", NULL };
static const char * const quality_cost_choices[] = { "per-squad", "per-unit", "free", NULL };
static const char * const rout_scope_choices[] = { "squad", "unit", "unit-routs-squad", NULL };
static const char * const regroup_choices[] = { "lower", "leader", NULL };
static const char * const smoke_choices[] = { "12-turns", "12-subphases", NULL };
static const char * const spotter_choices[] = { "any-friendly", "calling-leader", NULL };
static const char * const holotarp_choices[] = { "invisible", "modifier", NULL };
static const char * const s2_choices[] = { "combat-arms", "counter-insurgency", NULL };

static const SlOptionSpec specs[] = {
  { "initiativeTieBreak", SL_OPTION_CHOICE, OFF (initiative_tie_break), tie_choices },
  { "troopQualityAffectsInitiative", SL_OPTION_BOOL, OFF (troop_quality_affects_initiative) },
  { "leaderRatingAllTeams", SL_OPTION_BOOL, OFF (leader_rating_all_teams) },
  { "raceLeaderRallyOnly", SL_OPTION_BOOL, OFF (race_leader_rally_only) },
  { "fireMissionsInPhase", SL_OPTION_BOOL, OFF (fire_missions_in_phase) },
  { "fireResolvesAtEndOfSubphase", SL_OPTION_BOOL, OFF (fire_resolves_at_end_of_subphase) },
  { "avoidMeleeExtraAP", SL_OPTION_INT, OFF (avoid_melee_extra_ap) },
  { "kneelingCombinationFree", SL_OPTION_BOOL, OFF (kneeling_combination_free) },
  { "woundPenaltyScope", SL_OPTION_CHOICE, OFF (wound_penalty_scope), wound_scope_choices },
  { "oppFireArmingDelay", SL_OPTION_INT, OFF (opp_fire_arming_delay) },
  { "oppFireAnyMove", SL_OPTION_BOOL, OFF (opp_fire_any_move) },
  { "jumpDistance", SL_OPTION_NUMBER, OFF (jump_distance) },
  { "bounceWindowEntry", SL_OPTION_BOOL, OFF (bounce_window_entry) },
  { "fractionalFinalMetre", SL_OPTION_BOOL, OFF (fractional_final_metre) },
  { "terrainCostCombine", SL_OPTION_CHOICE, OFF (terrain_cost_combine), terrain_choices },
  { "bounceIgnoresWounds", SL_OPTION_BOOL, OFF (bounce_ignores_wounds) },
  { "marineTroopsUseBounce", SL_OPTION_BOOL, OFF (marine_troops_use_bounce) },
  { "fireControlBonus", SL_OPTION_INT, OFF (fire_control_bonus) },
  { "woodsFireModifier", SL_OPTION_CHOICE, OFF (woods_fire_modifier), woods_choices },
  { "stackCover", SL_OPTION_BOOL, OFF (stack_cover) },
  { "ignoreFirerOwnCover", SL_OPTION_BOOL, OFF (ignore_firer_own_cover) },
  { "terrainModifierPerUnit", SL_OPTION_BOOL, OFF (terrain_modifier_per_unit) },
  { "targetCrawlingModifier", SL_OPTION_INT, OFF (target_crawling_modifier) },
  { "rangerDetectionMod", SL_OPTION_INT, OFF (ranger_detection_mod) },
  { "rateOfFireWindow", SL_OPTION_CHOICE, OFF (rate_of_fire_window), rof_choices },
  { "meleeMissHitsOther", SL_OPTION_BOOL, OFF (melee_miss_hits_other) },
  { "allowEnterStealth", SL_OPTION_BOOL, OFF (allow_enter_stealth) },
  { "natural1MinWoundPerBurst", SL_OPTION_CHOICE, OFF (natural1_min_wound_per_burst), nat1_choices },
  { "vacuumWoundsDaze", SL_OPTION_BOOL, OFF (vacuum_wounds_daze) },
  { "zeroGWeaponPenaltyAllActions", SL_OPTION_BOOL, OFF (zero_g_weapon_penalty_all_actions) },
  { "penalTroopsInZeroG", SL_OPTION_BOOL, OFF (penal_troops_in_zero_g) },
  { "avoidMeleeZeroG", SL_OPTION_BOOL, OFF (avoid_melee_zero_g) },
  { "obstacleBurstFiveHits", SL_OPTION_BOOL, OFF (obstacle_burst_five_hits) },
  { "shapedChargeObstaclePF", SL_OPTION_INT, OFF (shaped_charge_obstacle_pf) },
  { "shapedChargeZoneAPF", SL_OPTION_INT, OFF (shaped_charge_zone_a_pf) },
  { "shapedChargeZoneAMax", SL_OPTION_NUMBER, OFF (shaped_charge_zone_a_max) },
  { "shapedChargeZoneBPF", SL_OPTION_INT, OFF (shaped_charge_zone_b_pf) },
  { "shapedChargeZoneBMax", SL_OPTION_NUMBER, OFF (shaped_charge_zone_b_max) },
  { "minesInExplosionStep", SL_OPTION_BOOL, OFF (mines_in_explosion_step) },
  { "multiChargeReading", SL_OPTION_CHOICE, OFF (multi_charge_reading), multi_choices },
  { "pistolMagazines", SL_OPTION_INT, OFF (pistol_magazines) },
  { "tacticalReload", SL_OPTION_BOOL, OFF (tactical_reload) },
  { "burstMinOneHit", SL_OPTION_BOOL, OFF (burst_min_one_hit) },
  { "areaBurstIncludesHidden", SL_OPTION_BOOL, OFF (area_burst_includes_hidden) },
  { "troopQualityCost", SL_OPTION_CHOICE, OFF (troop_quality_cost), quality_cost_choices },
  { "scenario1LeaderSign", SL_OPTION_INT, OFF (scenario1_leader_sign) },
  { "routRollScope", SL_OPTION_CHOICE, OFF (rout_roll_scope), rout_scope_choices },
  { "routCheckInterval", SL_OPTION_INT, OFF (rout_check_interval) },
  { "routOwnCasualtiesOnly", SL_OPTION_BOOL, OFF (rout_own_casualties_only) },
  { "regroupTieQuality", SL_OPTION_CHOICE, OFF (regroup_tie_quality), regroup_choices },
  { "routedManualControl", SL_OPTION_BOOL, OFF (routed_manual_control) },
  { "grenadeAllRangedMods", SL_OPTION_BOOL, OFF (grenade_all_ranged_mods) },
  { "grenadeDetonationDelay", SL_OPTION_INT, OFF (grenade_detonation_delay) },
  { "smokeBlocksLOS", SL_OPTION_BOOL, OFF (smoke_blocks_los) },
  { "smokeDuration", SL_OPTION_CHOICE, OFF (smoke_duration), smoke_choices },
  { "launcherMixedLoads", SL_OPTION_BOOL, OFF (launcher_mixed_loads) },
  { "fireMissionSpotter", SL_OPTION_CHOICE, OFF (fire_mission_spotter), spotter_choices },
  { "groundSensorBonus", SL_OPTION_INT, OFF (ground_sensor_bonus) },
  { "sensorSpotsForLauncher", SL_OPTION_BOOL, OFF (sensor_spots_for_launcher) },
  { "camoTinterAllUnits", SL_OPTION_BOOL, OFF (camo_tinter_all_units) },
  { "holotarpMode", SL_OPTION_CHOICE, OFF (holotarp_mode), holotarp_choices },
  { "detectorSuitModifier", SL_OPTION_BOOL, OFF (detector_suit_modifier) },
  { "scenario1Detection", SL_OPTION_BOOL, OFF (scenario1_detection) },
  { "scenario2TroopType", SL_OPTION_CHOICE, OFF (scenario2_troop_type), s2_choices },
  { "legionnaireMoveThreshold", SL_OPTION_INT, OFF (legionnaire_move_threshold), NULL, TRUE },
  { "legionnaireReactionThreshold", SL_OPTION_INT, OFF (legionnaire_reaction_threshold), NULL, TRUE },
  { "legionnaireCharismaThreshold", SL_OPTION_INT, OFF (legionnaire_charisma_threshold), NULL, TRUE },
  { "slidingDoorAF", SL_OPTION_INT, OFF (sliding_door_af) },
  { "penalSmgIncluded", SL_OPTION_BOOL, OFF (penal_smg_included) },
  { "enforceTroopSuit", SL_OPTION_BOOL, OFF (enforce_troop_suit) },
  { "limitRangerSuits", SL_OPTION_BOOL, OFF (limit_ranger_suits) },
  { "launcherOnCarbine", SL_OPTION_BOOL, OFF (launcher_on_carbine) },
  { "freeDeclarationOrder", SL_OPTION_BOOL, OFF (free_declaration_order) },
};

#undef OFF

static const char * const type_names[] = { "bool", "int", "number", "choice", NULL };

struct _SlOptionSet
{
  GPtrArray  *defs;    /* SlOptionDef */
  GHashTable *by_id;
  SlOptions   defaults;
};

guint
sl_options_n_known (void)
{
  return G_N_ELEMENTS (specs);
}

const char *
sl_options_known_id (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (specs), NULL);
  return specs[index].id;
}

static const SlOptionSpec *
find_spec (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    if (g_str_equal (specs[i].id, id))
      return &specs[i];
  return NULL;
}

static void
option_def_free (gpointer data)
{
  SlOptionDef *def = data;

  g_free (def->id);
  g_free (def->ref);
  g_free (def->title);
  g_free (def->description);
  g_strfreev (def->choices);
  g_free (def);
}

void
sl_option_set_free (SlOptionSet *set)
{
  if (set == NULL)
    return;
  g_clear_pointer (&set->defs, g_ptr_array_unref);
  g_clear_pointer (&set->by_id, g_hash_table_unref);
  g_free (set);
}

static gboolean *
bool_field (SlOptions *options, goffset offset)
{
  return G_STRUCT_MEMBER_P (options, offset);
}

static int *
int_field (SlOptions *options, goffset offset)
{
  return G_STRUCT_MEMBER_P (options, offset);
}

static double *
number_field (SlOptions *options, goffset offset)
{
  return G_STRUCT_MEMBER_P (options, offset);
}

/* Reads one value of @def from @node into @options. @field names it for
 * messages. */
static void
read_value (SlReader          *reader,
            const char        *field,
            const SlOptionDef *def,
            SlOptions         *options)
{
  JsonNode *node = sl_reader_node (reader, field);

  if (node == NULL)
    return;

  if (JSON_NODE_HOLDS_NULL (node))
    {
      if (def->nullable)
        *int_field (options, def->offset) = -1;
      else
        sl_reader_fail (reader, field, _("The option “%s” needs a value."), def->id);
      return;
    }

  switch (def->type)
    {
    case SL_OPTION_BOOL:
      *bool_field (options, def->offset) = sl_reader_bool (reader, field, FALSE);
      break;
    case SL_OPTION_INT:
      *int_field (options, def->offset) =
        sl_reader_int (reader, field, (int) def->min, (int) def->max, 0);
      break;
    case SL_OPTION_NUMBER:
      *number_field (options, def->offset) =
        sl_reader_number (reader, field, def->min, def->max, 0);
      break;
    case SL_OPTION_CHOICE:
      *int_field (options, def->offset) =
        sl_reader_enum (reader, field, (const char * const *) def->choices,
                        N_("choice"), 0);
      break;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
same_choices (const char * const *a,
              char              **b)
{
  guint n = g_strv_length ((char **) a);

  if (b == NULL || g_strv_length (b) != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!g_str_equal (a[i], b[i]))
      return FALSE;
  return TRUE;
}

SlOptionSet *
sl_option_set_load (SlReader   *parent,
                    const char *field)
{
  SlOptionSet *set = g_new0 (SlOptionSet, 1);
  guint n;

  set->defs = g_ptr_array_new_with_free_func (option_def_free);
  set->by_id = g_hash_table_new (g_str_hash, g_str_equal);

  if (!sl_reader_require (parent, field))
    return set;

  n = sl_reader_array_length (parent, field);
  for (guint i = 0; i < n && sl_reader_ok (parent); i++)
    {
      g_autoptr(SlReader) r = sl_reader_array_object (parent, field, i);
      const SlOptionSpec *spec;
      SlOptionDef *def;
      const char *id;

      id = sl_reader_string (r, "id", NULL);
      if (!sl_reader_require (r, "id") || id == NULL)
        break;

      spec = find_spec (id);
      if (spec == NULL)
        {
          sl_reader_fail (r, "id", _("The option “%s” is not known to this version of Squad Log."), id);
          break;
        }
      if (g_hash_table_contains (set->by_id, id))
        {
          sl_reader_fail (r, "id", _("The option “%s” is defined twice."), id);
          break;
        }

      def = g_new0 (SlOptionDef, 1);
      def->id = g_strdup (id);
      def->offset = spec->offset;
      def->nullable = spec->nullable;
      g_ptr_array_add (set->defs, def);
      g_hash_table_insert (set->by_id, def->id, def);

      sl_reader_require (r, "ref");
      def->ref = g_strdup (sl_reader_string (r, "ref", ""));
      sl_reader_require (r, "title");
      def->title = g_strdup (sl_reader_text (r, "title", ""));
      def->description = g_strdup (sl_reader_text (r, "description", ""));
      sl_reader_require (r, "type");
      def->type = sl_reader_enum (r, "type", type_names, N_("option type"), SL_OPTION_BOOL);
      if (sl_reader_ok (r) && def->type != spec->type)
        {
          sl_reader_fail (r, "type", _("The option “%s” must be of type “%s”."),
                          id, type_names[spec->type]);
          break;
        }
      sl_reader_bool (r, "nullable", FALSE);

      if (def->type == SL_OPTION_INT || def->type == SL_OPTION_NUMBER)
        {
          sl_reader_require (r, "min");
          sl_reader_require (r, "max");
          def->min = sl_reader_number (r, "min", -1000, 1000, 0);
          def->max = sl_reader_number (r, "max", -1000, 1000, 0);
          if (sl_reader_ok (r) && def->min > def->max)
            sl_reader_fail (r, "max", _("The maximum is below the minimum."));
          if (sl_reader_ok (r) && def->type == SL_OPTION_INT &&
              (def->min != floor (def->min) || def->max != floor (def->max)))
            sl_reader_fail (r, "min", _("The range of a whole-number option must be whole numbers."));
        }
      if (def->type == SL_OPTION_CHOICE)
        {
          guint nc;

          sl_reader_require (r, "choices");
          nc = sl_reader_array_length (r, "choices");
          def->choices = g_new0 (char *, nc + 1);
          for (guint c = 0; c < nc; c++)
            def->choices[c] = g_strdup (sl_reader_array_string (r, "choices", c));
          if (sl_reader_ok (r) && !same_choices (spec->choices, def->choices))
            {
              g_autofree char *expected = sl_json_join_choices (spec->choices);
              sl_reader_fail (r, "choices", _("The option “%s” must offer exactly: %s."),
                              id, expected);
            }
        }

      sl_reader_require (r, "default");
      if (sl_reader_ok (r))
        read_value (r, "default", def, &set->defaults);
      sl_reader_end (r);
    }

  /* Every option the engine implements must be defined. */
  for (guint i = 0; i < G_N_ELEMENTS (specs) && sl_reader_ok (parent); i++)
    if (!g_hash_table_contains (set->by_id, specs[i].id))
      sl_reader_fail (parent, field, _("The option “%s” is missing."), specs[i].id);

  return set;
}

const SlOptions *
sl_option_set_defaults (const SlOptionSet *set)
{
  return &set->defaults;
}

guint
sl_option_set_size (const SlOptionSet *set)
{
  return set->defs->len;
}

const SlOptionDef *
sl_option_set_get (const SlOptionSet *set,
                   guint              index)
{
  g_return_val_if_fail (index < set->defs->len, NULL);
  return g_ptr_array_index (set->defs, index);
}

const SlOptionDef *
sl_option_set_lookup (const SlOptionSet *set,
                      const char        *id)
{
  return g_hash_table_lookup (set->by_id, id);
}

void
sl_option_set_apply (const SlOptionSet *set,
                     SlOptions         *options,
                     SlReader          *reader)
{
  g_autoptr(GList) members = sl_reader_members (reader);

  for (GList *l = members; l != NULL && sl_reader_ok (reader); l = l->next)
    {
      const char *id = l->data;
      const SlOptionDef *def = sl_option_set_lookup (set, id);

      if (def == NULL)
        {
          sl_reader_fail (reader, id, _("Unknown rule option “%s”."), id);
          return;
        }
      read_value (reader, id, def, options);
    }
}

G_DEFINE_QUARK (sl-option-error-quark, sl_option_error)

/* What @def takes, as a clause for sl_option_parse_value's errors. */
static char *
describe_values (const SlOptionDef *def)
{
  char lo[G_ASCII_DTOSTR_BUF_SIZE], hi[G_ASCII_DTOSTR_BUF_SIZE];

  switch (def->type)
    {
    case SL_OPTION_BOOL:
      return g_strdup (_("expected true or false"));
    case SL_OPTION_INT:
      return def->nullable ? g_strdup_printf (_("expected a whole number from %d to %d, or null"),
                                              (int) def->min, (int) def->max)
                           : g_strdup_printf (_("expected a whole number from %d to %d"),
                                              (int) def->min, (int) def->max);
    case SL_OPTION_NUMBER:
      g_ascii_formatd (lo, sizeof lo, "%g", def->min);
      g_ascii_formatd (hi, sizeof hi, "%g", def->max);
      return g_strdup_printf (_("expected a number from %s to %s"), lo, hi);
    case SL_OPTION_CHOICE:
      {
        g_autofree char *choices = sl_json_join_choices ((const char * const *) def->choices);

        /* Translators: %s lists the choices ("turn or rolling"). */
        return g_strdup_printf (_("expected %s"), choices);
      }
    default:
      g_assert_not_reached ();
    }
}

JsonNode *
sl_option_parse_value (const SlOptionDef *def,
                       const char        *text,
                       GError           **error)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_VALUE);
  g_autofree char *takes = NULL;
  char *end = NULL;

  if (def->nullable && g_strcmp0 (text, "null") == 0)
    {
      json_node_init_null (node);
      return g_steal_pointer (&node);
    }
  /* The same values, in the same range, as the option reads from a
   * scenario or a game (read_value). */
  switch (def->type)
    {
    case SL_OPTION_BOOL:
      if (g_strcmp0 (text, "true") == 0 || g_strcmp0 (text, "yes") == 0 || g_strcmp0 (text, "on") == 0)
        json_node_set_boolean (node, TRUE);
      else if (g_strcmp0 (text, "false") == 0 || g_strcmp0 (text, "no") == 0 || g_strcmp0 (text, "off") == 0)
        json_node_set_boolean (node, FALSE);
      else
        break;
      return g_steal_pointer (&node);
    case SL_OPTION_INT:
      {
        gint64 v = g_ascii_strtoll (text, &end, 10);

        if (end == text || *end != '\0' || v < (gint64) def->min || v > (gint64) def->max)
          break;
        json_node_set_int (node, v);
        return g_steal_pointer (&node);
      }
    case SL_OPTION_NUMBER:
      {
        double v = g_ascii_strtod (text, &end);

        if (end == text || *end != '\0' || !isfinite (v) || v < def->min || v > def->max)
          break;
        json_node_set_double (node, v);
        return g_steal_pointer (&node);
      }
    case SL_OPTION_CHOICE:
      if (!g_strv_contains ((const char * const *) def->choices, text))
        break;
      json_node_set_string (node, text);
      return g_steal_pointer (&node);
    default:
      g_assert_not_reached ();
    }
  takes = describe_values (def);
  g_set_error_literal (error, SL_OPTION_ERROR, 0, takes);
  return NULL;
}

JsonNode *
sl_option_get_json (const SlOptionDef *def,
                    const SlOptions   *options)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);
  SlOptions *o = (SlOptions *) options;

  switch (def->type)
    {
    case SL_OPTION_BOOL:
      json_node_set_boolean (node, *bool_field (o, def->offset));
      break;
    case SL_OPTION_INT:
      if (def->nullable && *int_field (o, def->offset) < 0)
        {
          json_node_init_null (node);
          break;
        }
      json_node_set_int (node, *int_field (o, def->offset));
      break;
    case SL_OPTION_NUMBER:
      json_node_set_double (node, *number_field (o, def->offset));
      break;
    case SL_OPTION_CHOICE:
      json_node_set_string (node, def->choices[*int_field (o, def->offset)]);
      break;
    default:
      g_assert_not_reached ();
    }
  return node;
}

char *
sl_option_value_text (JsonNode *value)
{
  g_return_val_if_fail (value != NULL, NULL);
  if (JSON_NODE_HOLDS_NULL (value))
    return g_strdup (_("none"));
  if (json_node_get_value_type (value) == G_TYPE_BOOLEAN)
    return g_strdup (json_node_get_boolean (value) ? _("yes") : _("no"));
  if (json_node_get_value_type (value) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (value));
  return sl_json_to_string (value, FALSE);
}

JsonNode *
sl_option_set_diff_json (const SlOptionSet *set,
                         const SlOptions   *options)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  for (guint i = 0; i < set->defs->len; i++)
    {
      const SlOptionDef *def = g_ptr_array_index (set->defs, i);
      g_autoptr(JsonNode) mine = sl_option_get_json (def, options);
      g_autoptr(JsonNode) dflt = sl_option_get_json (def, &set->defaults);

      if (!json_node_equal (mine, dflt))
        json_object_set_member (object, def->id, g_steal_pointer (&mine));
    }
  json_node_take_object (node, object);
  return node;
}
