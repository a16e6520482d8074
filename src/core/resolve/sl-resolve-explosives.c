/* sl-resolve-explosives.c: requests for grenades, the launcher, blasts,
 * charges, mines and fire missions
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-explosives.h"
#include "sl-resolve-private.h"

/* The fields that describe one grenade of a throw or salvo. */
static const char * const grenade_fields[] = {
  "range_m", "spotted_only", "spotter", "through_window", "at_obstacle", "indirect",
  "dead_zone", "type", "roll", "scatter_rolls", NULL
};

/* The spotters of a grenade: the thrower is no calling leader. */
static const char * const grenade_spotters[] = { "friendly-unit", "ground-sensor", NULL };

/* Scatter dice a request may give for one round. */
#define MAX_SCATTER_ROLLS 32

static void
read_wounded_unit (SlResolve      *rs,
                   SlReader       *parent,
                   const char     *field,
                   gboolean       *has,
                   const SlArmor **armor,
                   const SlRace  **race,
                   SlWound        *wound)
{
  g_autoptr(SlReader) r = sl_reader_object (parent, field);

  *armor = sl_table_lookup (&rs->rules->armor, "NONE");
  *race = sl_rules_race (rs->rules, "human");
  *wound = SL_WOUND_NONE;
  *has = r != NULL;
  if (r == NULL)
    return;
  *armor = sl_resolve_get_armor (rs, r, "armor", "NONE");
  *race = sl_resolve_get_race (rs, r, "race", "human");
  *wound = sl_resolve_wound (rs, r, "wound");
  if (sl_reader_ok (r) && *wound == SL_WOUND_DEAD)
    sl_reader_fail (r, "wound", _("The unit is already dead."));
  sl_reader_end (r);
}

/* The thrower, and for the option grenadeAllRangedMods the target
 * and conditions of the throw as for fire. */
static void
read_thrower (SlResolve    *rs,
              SlReader     *parent,
              SlToHitInput *in)
{
  g_autoptr(SlReader) r = sl_reader_object (parent, "thrower");
  g_autoptr(SlReader) t = NULL;
  g_autoptr(SlReader) c = NULL;

  in->firer.race = sl_rules_race (rs->rules, "human");
  in->firer.armor = sl_table_lookup (&rs->rules->armor, "NONE");
  if (r != NULL)
    {
      if (sl_reader_has (r, "troop"))
        in->firer.troop = sl_resolve_get_troop (rs, r, "troop", NULL);
      in->firer.race = sl_resolve_get_race (rs, r, "race", "human");
      in->firer.armor = sl_resolve_get_armor (rs, r, "armor", "NONE");
      in->firer.wound = sl_resolve_wound (rs, r, "wound");
      in->firer.movement = sl_reader_enum (r, "movement", sl_move_names, N_("movement"),
                                           SL_MOVE_NONE);
      in->firer.facing_change = sl_reader_enum (r, "facing_change", sl_facing_names,
                                                N_("facing change"), SL_FACING_NONE);
      in->firer.position = sl_resolve_position (rs, r);
      in->firer.stealth_power = sl_reader_bool (r, "stealth_power", FALSE);
      sl_reader_end (r);
    }

  t = sl_reader_object (parent, "target");
  if (t != NULL)
    {
      in->target.movement = sl_reader_enum (t, "movement", sl_move_names, N_("movement"),
                                            SL_MOVE_NONE);
      in->target.position = sl_resolve_position (rs, t);
      sl_resolve_covers (rs, t, "cover", in->target.covers);
      in->target.firing_at_firer = sl_reader_bool (t, "firing_at_firer", FALSE);
      if (sl_reader_has (t, "armor"))
        in->target.armor = sl_resolve_get_armor (rs, t, "armor", NULL);
      in->target.camo_tinter = sl_reader_bool (t, "camo_tinter", FALSE);
      in->target.units_on_line = sl_reader_int (t, "units_on_line", 0, 32, 0);
      sl_reader_end (t);
    }

  c = sl_reader_object (parent, "conditions");
  if (c != NULL)
    {
      in->conditions.night = sl_reader_bool (c, "night", FALSE);
      in->conditions.indoors = sl_reader_bool (c, "indoors", FALSE);
      in->conditions.blackout = sl_reader_bool (c, "blackout", FALSE);
      in->conditions.smoke = sl_reader_bool (c, "smoke", FALSE);
      in->conditions.enemy_ecm = sl_reader_bool (c, "enemy_ecm", FALSE);
      in->conditions.rain = sl_reader_bool (c, "rain", FALSE);
      in->conditions.snow = sl_reader_bool (c, "snow", FALSE);
      in->conditions.zero_g = sl_reader_bool (c, "zero_g", FALSE);
      sl_reader_end (c);
    }
}

/* A list of scatter dice, no longer than any scatter could use. */
static const char *
read_scatter_rolls (SlResolve *rs,
                    SlReader  *r)
{
  if (sl_reader_array_length (r, "scatter_rolls") > MAX_SCATTER_ROLLS && sl_reader_ok (r))
    sl_reader_fail (r, "scatter_rolls", _("Give at most %d scatter dice."), MAX_SCATTER_ROLLS);
  return sl_resolve_dice_list (rs, r, "scatter_rolls", 10);
}

/* The fields of one hand or launcher grenade, from the request or from an
 * element of "grenades". */
static void
read_grenade (SlResolve      *rs,
              SlReader       *r,
              SlGrenadeInput *g,
              SlGrenadeType   default_type)
{
  gboolean launcher = g->weapon == SL_GRENADE_LAUNCHER;

  sl_reader_require (r, "range_m");
  g->range_m = sl_reader_number (r, "range_m", 0, 10000, 0);
  g->spotted_only = sl_reader_bool (r, "spotted_only", FALSE);
  g->spotter = 1 + sl_reader_enum (r, "spotter", grenade_spotters, N_("spotter"), 0);
  g->through_window = sl_reader_bool (r, "through_window", FALSE);
  g->at_obstacle = sl_reader_bool (r, "at_obstacle", FALSE);
  g->indirect = sl_reader_bool (r, "indirect", FALSE);
  g->dead_zone = sl_reader_bool (r, "dead_zone", FALSE);
  g->type = sl_reader_enum (r, "type", sl_grenade_type_names, N_("grenade type"), default_type);
  g->roll_stream = sl_resolve_die (rs, r, "roll", 10);
  g->scatter_stream = read_scatter_rolls (rs, r);

  if (!sl_reader_ok (r))
    return;
  if (g->indirect && !launcher)
    sl_reader_fail (r, "indirect", _("Only the grenade launcher fires indirectly (P-35 step 5)."));
  else if (g->indirect && sl_reader_has (r, "spotted_only") && !g->spotted_only)
    sl_reader_fail (r, "spotted_only",
                    _("Indirect fire is fire at a target the firer cannot see, spotted by a friendly unit (P-35 step 5)."));
  else if (sl_reader_has (r, "spotter") && !g->spotted_only && !g->indirect)
    sl_reader_fail (r, "spotter",
                    _("A spotter matters only for a target the thrower cannot see: set spotted_only (P-34, A-109)."));
}

static JsonObject *
scatter_json (const SlScatter *s)
{
  JsonObject *o = json_object_new ();
  JsonArray *rolls = json_array_new ();

  for (guint i = 0; i < s->n_rolls; i++)
    json_array_add_int_element (rolls, s->rolls[i]);
  json_object_set_string_member (o, "direction", sl_scatter_names[s->direction]);
  json_object_set_double_member (o, "distance_m", s->distance_m);
  json_object_set_double_member (o, "base_m", s->base_m);
  json_object_set_int_member (o, "multiplier", s->multiplier);
  json_object_set_array_member (o, "rolls_used", rolls);
  return o;
}

static void
grenade_json (const SlGrenadeInput  *g,
              const SlGrenadeResult *res,
              const SlBreakdown     *breakdown,
              JsonObject            *o)
{
  gboolean thrown = g->weapon == SL_GRENADE_HAND || g->weapon == SL_GRENADE_LAUNCHER;

  if (thrown)
    json_object_set_string_member (o, "type", sl_grenade_type_names[g->type]);
  if (g->range_m >= 0)
    json_object_set_double_member (o, "range_m", g->range_m);
  if (res->band != SL_GRENADE_BAND_NONE)
    json_object_set_string_member (o, "band", sl_grenade_band_names[res->band]);
  if (g->weapon == SL_GRENADE_LAUNCHER)
    json_object_set_boolean_member (o, "indirect", res->indirect);
  sl_check_outcome_to_json (&res->check, "on_target", o);
  json_object_set_member (o, "breakdown", sl_breakdown_to_json (breakdown));
  if (res->scattered)
    json_object_set_object_member (o, "scatter", scatter_json (&res->scatter));
  if (res->has_landing)
    {
      JsonObject *l = sl_resolve_result_object (o, "landing");

      json_object_set_double_member (l, "along_m", res->landing.along_m);
      json_object_set_double_member (l, "across_m", res->landing.across_m);
      json_object_set_double_member (l, thrown ? "from_thrower_m" : "from_leader_m",
                                     res->landing.from_origin_m);
      if (thrown)
        json_object_set_boolean_member (l, "moved", res->landing.moved);
    }
}

static void
turn_json (JsonObject *parent,
           const char *name,
           int         turn,
           int         subphase)
{
  JsonObject *o = sl_resolve_result_object (parent, name);

  json_object_set_int_member (o, "turn", turn);
  json_object_set_int_member (o, "subphase", subphase);
}

/* "thrown" or "detonated": {turn, subphase}. */
static gboolean
read_turn (SlResolve  *rs,
           SlReader   *parent,
           const char *field,
           int        *turn,
           int        *subphase)
{
  g_autoptr(SlReader) r = sl_reader_object (parent, field);

  if (r == NULL)
    return FALSE;
  sl_reader_require (r, "turn");
  sl_reader_require (r, "subphase");
  *turn = sl_reader_int (r, "turn", 1, 10000, 1);
  *subphase = sl_reader_int (r, "subphase", 1, rs->rules->subphases_per_turn, 1);
  sl_reader_end (r);
  return TRUE;
}

typedef struct
{
  SlGrenadeInput  in;
  SlGrenadeResult result;
  SlBreakdown    *breakdown;
  char           *prefix;
} Grenade;

static void
grenade_clear (gpointer data)
{
  Grenade *g = data;

  g_clear_pointer (&g->breakdown, sl_breakdown_free);
  g_clear_pointer (&g->prefix, g_free);
}

/* A grenade request: the weapon, the thrower and the grenades of its
 * throw or salvo, as the request gives them, then what they did. */
typedef struct
{
  SlGrenadeWeapon  weapon;
  gboolean         thrown;      /* a hand grenade or the launcher, not a mortar or missile */
  gboolean         listed;      /* a salvo given as "grenades" */
  SlToHitInput     thrower;
  gboolean         has_thrown;
  int              thrown_turn;
  int              thrown_subphase;
  gboolean         has_load;
  SlLauncherLoad   load;
  SlLauncherLoad   after;
  SlGrenadeType    default_type;
  const char      *jam_stream;
  GArray          *grenades;    /* Grenade */
  gboolean         jam_checked;
  gboolean         jammed;
  int              jam_roll;
} GrenadeRequest;

static void
grenade_request_clear (GrenadeRequest *q)
{
  g_clear_pointer (&q->grenades, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (GrenadeRequest, grenade_request_clear)

/* P-34, P-35: the thrower and when it threw; T-35: a mortar or missile
 * round has neither. */
static void
read_grenade_thrower (SlResolve      *rs,
                      GrenadeRequest *q)
{
  if (q->thrown)
    {
      read_thrower (rs, rs->request, &q->thrower);
      q->has_thrown = read_turn (rs, rs->request, "thrown", &q->thrown_turn, &q->thrown_subphase);
    }
  else
    {
      /* T-35: fire missions take no modifiers; their timing is the actions
       * area's. */
      static const char * const thrown_only[] = {
        "thrower", "target", "conditions", "thrown", "spotted_only", "spotter", "through_window",
        "at_obstacle", "indirect", "dead_zone", "type", "load", "grenades", NULL
      };

      for (guint i = 0; thrown_only[i] && sl_reader_ok (rs->request); i++)
        if (sl_reader_has (rs->request, thrown_only[i]))
          sl_reader_fail (rs->request, thrown_only[i],
                          _("Mortar and missile rounds take no modifiers and have no grenade details (T-35): use the fire-mission kind for the whole mission."));
    }
}

/* P-35, A-56, A-113: the launcher's load and jam die, which no other
 * weapon has. */
static void
read_launcher_load (SlResolve      *rs,
                    GrenadeRequest *q)
{
  if (q->weapon == SL_GRENADE_LAUNCHER)
    {
      g_autoptr(SlReader) l = sl_reader_object (rs->request, "load");

      q->jam_stream = sl_resolve_die (rs, rs->request, "jam_roll", 10);
      if (l != NULL)
        {
          q->has_load = TRUE;
          q->load.frag = sl_reader_int (l, "frag", 0, 100, 0);
          q->load.smoke = sl_reader_int (l, "smoke", 0, 100, 0);
          sl_reader_end (l);
          if (q->load.frag == 0 && q->load.smoke > 0)
            q->default_type = SL_GRENADE_SMOKE;
        }
    }
  else if (sl_reader_has (rs->request, "jam_roll"))
    sl_reader_fail (rs->request, "jam_roll",
                    _("Only the grenade launcher can jam; hand grenades and fire missions never do (A-56)."));
  else if (q->thrown && sl_reader_has (rs->request, "load"))
    sl_reader_fail (rs->request, "load", _("Only the grenade launcher has a load (P-35)."));
}

/* Adds a grenade of the throw or salvo, its result fields prefixed with
 * @prefix (taken); returns it. */
static SlGrenadeInput *
add_grenade (GrenadeRequest *q,
             char           *prefix)
{
  Grenade g = { { 0 } };

  g.in.weapon = q->weapon;
  g.prefix = prefix;
  g.breakdown = sl_breakdown_new ();
  g_array_append_val (q->grenades, g);
  return &g_array_index (q->grenades, Grenade, q->grenades->len - 1).in;
}

/* P-35 step 1: a salvo of 1 to 4 launcher grenades, each with its own
 * fields inside "grenades". */
static void
read_salvo (SlResolve      *rs,
            GrenadeRequest *q)
{
  guint n = sl_reader_array_length (rs->request, "grenades");

  for (guint i = 0; grenade_fields[i] && sl_reader_ok (rs->request); i++)
    if (sl_reader_has (rs->request, grenade_fields[i]))
      sl_reader_fail (rs->request, grenade_fields[i],
                      _("In a salvo each grenade gives its own “%s” inside “grenades”."),
                      grenade_fields[i]);
  if (n == 0 && sl_reader_ok (rs->request))
    sl_reader_fail (rs->request, "grenades", _("A salvo needs at least one grenade."));
  for (guint i = 0; i < n && sl_reader_ok (rs->request); i++)
    {
      g_autoptr(SlReader) r = sl_reader_array_object (rs->request, "grenades", i);
      SlGrenadeInput *in = add_grenade (q, g_strdup_printf ("grenades[%u].", i));

      if (r != NULL)
        {
          read_grenade (rs, r, in, q->default_type);
          sl_reader_end (r);
        }
    }
}

/* One grenade, or one mortar or missile round, given at the top. */
static void
read_single_grenade (SlResolve      *rs,
                     GrenadeRequest *q)
{
  SlGrenadeInput *in = add_grenade (q, g_strdup (""));

  if (q->thrown)
    read_grenade (rs, rs->request, in, q->default_type);
  else
    {
      in->range_m = sl_reader_number (rs->request, "range_m", 0, 10000, -1);
      in->roll_stream = sl_resolve_die (rs, rs->request, "roll", 10);
      in->scatter_stream = read_scatter_rolls (rs, rs->request);
    }
}

static gboolean
read_grenade_request (SlResolve      *rs,
                      GrenadeRequest *q)
{
  q->grenades = g_array_new (FALSE, TRUE, sizeof (Grenade));
  g_array_set_clear_func (q->grenades, grenade_clear);
  q->default_type = SL_GRENADE_FRAG;
  q->weapon = sl_reader_enum (rs->request, "weapon", sl_grenade_weapon_names, N_("grenade weapon"),
                              SL_GRENADE_HAND);
  q->thrown = q->weapon == SL_GRENADE_HAND || q->weapon == SL_GRENADE_LAUNCHER;
  q->listed = sl_reader_has (rs->request, "grenades");

  read_grenade_thrower (rs, q);
  read_launcher_load (rs, q);
  if (q->listed && q->weapon != SL_GRENADE_LAUNCHER)
    sl_reader_fail (rs->request, "grenades",
                    _("Only the grenade launcher fires several grenades in one action (P-35, T-31)."));
  if (q->listed)
    read_salvo (rs, q);
  else
    read_single_grenade (rs, q);
  return sl_resolve_inputs_done (rs);
}

/* P-35 and A-113: the salvo and the load; then each grenade's roll and
 * scatter (P-34 steps 3 … 5, P-35 steps 3 … 6) and the launcher's jam
 * check. */
static gboolean
resolve_grenades (SlResolve       *rs,
                  GrenadeRequest  *q,
                  GError         **error)
{
  g_autofree SlGrenadeType *types = g_new0 (SlGrenadeType, q->grenades->len);

  for (guint i = 0; i < q->grenades->len; i++)
    {
      Grenade *g = &g_array_index (q->grenades, Grenade, i);

      g->in.thrower = q->thrown ? &q->thrower : NULL;
      g->in.field_prefix = g->prefix;
      types[i] = g->in.type;
    }

  /* P-35 and A-113: the salvo and the load. */
  if (q->weapon == SL_GRENADE_LAUNCHER &&
      !sl_launcher_salvo_check (rs->rules, &rs->options, types, q->grenades->len,
                                q->has_load ? &q->load : NULL, &q->after, error))
    return FALSE;

  for (guint i = 0; i < q->grenades->len; i++)
    {
      Grenade *g = &g_array_index (q->grenades, Grenade, i);

      if (!sl_grenade_resolve (rs->rules, &rs->options, &g->in, rs->dice, g->breakdown,
                               &g->result, error))
        return FALSE;
    }

  if (q->weapon == SL_GRENADE_LAUNCHER)
    {
      g_autofree SlGrenadeResult *results = g_new0 (SlGrenadeResult, q->grenades->len);

      for (guint i = 0; i < q->grenades->len; i++)
        results[i] = g_array_index (q->grenades, Grenade, i).result;
      q->jam_checked = sl_launcher_jam (rs->rules, results, q->grenades->len, rs->dice, q->jam_stream,
                                        &q->jam_roll, &q->jammed);
    }
  return TRUE;
}

/* The result: the grenade or the salvo, the launcher's jam and load, and
 * when a thrown grenade goes off (P-34 step 6). */
static void
grenade_request_json (SlResolve            *rs,
                      const GrenadeRequest *q)
{
  json_object_set_string_member (rs->result, "weapon", sl_grenade_weapon_names[q->weapon]);
  if (q->listed)
    {
      JsonArray *list = json_array_new ();

      json_object_set_int_member (rs->result, "fired", q->grenades->len);
      for (guint i = 0; i < q->grenades->len; i++)
        {
          Grenade *g = &g_array_index (q->grenades, Grenade, i);
          JsonObject *o = json_object_new ();

          grenade_json (&g->in, &g->result, g->breakdown, o);
          json_array_add_object_element (list, o);
        }
      json_object_set_array_member (rs->result, "grenades", list);
    }
  else
    {
      Grenade *g = &g_array_index (q->grenades, Grenade, 0);

      grenade_json (&g->in, &g->result, g->breakdown, rs->result);
    }

  if (q->weapon == SL_GRENADE_LAUNCHER)
    {
      json_object_set_boolean_member (rs->result, "jammed", q->jammed);
      if (q->jam_checked)
        json_object_set_int_member (rs->result, "jam_roll", q->jam_roll);
      if (q->has_load)
        {
          JsonObject *o = sl_resolve_result_object (rs->result, "load_after");

          json_object_set_int_member (o, "frag", q->after.frag);
          json_object_set_int_member (o, "smoke", q->after.smoke);
        }
    }
  if (q->has_thrown)
    {
      int turn, subphase;

      sl_grenade_detonation (rs->rules, &rs->options, q->thrown_turn, q->thrown_subphase, &turn,
                             &subphase);
      turn_json (rs->result, "detonates", turn, subphase);
    }
}

gboolean
sl_resolve_grenade (SlResolve  *rs,
                    GError    **error)
{
  g_auto(GrenadeRequest) q = { 0 };

  if (!read_grenade_request (rs, &q) || !resolve_grenades (rs, &q, error))
    return FALSE;
  grenade_request_json (rs, &q);
  return TRUE;
}

gboolean
sl_resolve_blast (SlResolve  *rs,
                  GError    **error)
{
  SlBlastInput in = { 0 };
  SlBlastResult res;
  gboolean has_detonated = FALSE;
  int det_turn = 0, det_subphase = 0;

  sl_reader_require (rs->request, "source");
  in.source = sl_reader_enum (rs->request, "source", sl_blast_source_names, N_("blast source"),
                              SL_BLAST_FRAG);
  in.sacrifice_dive = sl_reader_bool (rs->request, "sacrifice_dive", FALSE);
  in.smothered = sl_reader_bool (rs->request, "smothered", FALSE);
  if (in.source != SL_BLAST_SMOKE && !in.sacrifice_dive && !in.smothered)
    sl_reader_require (rs->request, "distance_m");
  in.distance_m = sl_reader_number (rs->request, "distance_m", 0, 10000, -1);
  in.half_cover = sl_reader_bool (rs->request, "half_cover", FALSE);
  in.full_cover = sl_reader_bool (rs->request, "full_cover", FALSE);
  in.position = sl_resolve_position (rs, rs->request);
  in.behind_wall = sl_reader_bool (rs->request, "behind_wall", FALSE);
  in.inside_building = sl_reader_bool (rs->request, "inside_building", FALSE);
  read_wounded_unit (rs, rs->request, "target", &in.has_target, &in.armor, &in.race, &in.wound);
  if (in.source == SL_BLAST_SMOKE)
    has_detonated = read_turn (rs, rs->request, "detonated", &det_turn, &det_subphase);
  else if (sl_reader_has (rs->request, "detonated"))
    sl_reader_fail (rs->request, "detonated",
                    _("Only a smoke cloud lasts; a blast is over at once (§15.6)."));

  if (sl_reader_ok (rs->request) && in.sacrifice_dive && in.smothered)
    sl_reader_fail (rs->request, "smothered",
                    _("The diver is the unit that smothers the grenade: set only sacrifice_dive for it (A-111)."));

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_blast_resolve (rs->rules, &rs->options, &in, &res, error))
    return FALSE;

  json_object_set_string_member (rs->result, "source", sl_blast_source_names[in.source]);
  if (in.source == SL_BLAST_SMOKE)
    {
      JsonObject *smoke = sl_resolve_result_object (rs->result, "smoke");

      json_object_set_double_member (smoke, "radius_m", res.smoke_radius_m);
      json_object_set_int_member (smoke, "duration_subphases", res.smoke_subphases);
      json_object_set_int_member (smoke, "duration_turns", res.smoke_turns);
      if (in.distance_m >= 0)
        json_object_set_boolean_member (smoke, "in_cloud", res.in_cloud);
      if (has_detonated)
        {
          int turn, subphase;

          sl_smoke_clears (rs->rules, &rs->options, det_turn, det_subphase, &turn, &subphase);
          turn_json (smoke, "clears", turn, subphase);
        }
    }
  else if (!in.sacrifice_dive && !in.smothered)
    json_object_set_int_member (rs->result, "table_distance_m", res.table_m);

  json_object_set_boolean_member (rs->result, "in_blast_area", res.in_area);
  json_object_set_boolean_member (rs->result, "affected", res.affected);
  json_object_set_boolean_member (rs->result, "loses_action", res.loses_action);
  if (in.source != SL_BLAST_SMOKE)
    {
      json_object_set_string_member (rs->result, "cover", sl_blast_cover_names[res.cover]);
      json_object_set_int_member (rs->result, "table_penetration", res.table_penetration);
      json_object_set_int_member (rs->result, "penetration", res.penetration);
    }
  if (res.reason != NULL)
    json_object_set_string_member (rs->result, "reason", res.reason);
  if (res.has_damage)
    sl_resolve_damage_json (rs, &res.damage, sl_resolve_result_object (rs->result, "damage"));
  return TRUE;
}

gboolean
sl_resolve_charge_shot (SlResolve  *rs,
                        GError    **error)
{
  const SlWeapon *weapon = NULL;
  const char *omni_mode, *stream;
  SlChargeRow row = SL_CHARGE_ROW_SMG_PISTOL;
  SlChargeShotResult result;
  gboolean hidden;
  JsonObject *odds;
  int roll;

  if (sl_reader_has (rs->request, "weapon"))
    weapon = sl_resolve_get_weapon (rs, rs->request, "weapon", NULL);
  omni_mode = sl_resolve_omni_mode (rs, rs->request, "omni_mode", weapon);
  if (sl_reader_has (rs->request, "weapon_class"))
    row = sl_reader_enum (rs->request, "weapon_class", sl_charge_row_names, N_("weapon class"),
                          SL_CHARGE_ROW_SMG_PISTOL);
  hidden = sl_reader_bool (rs->request, "hidden", FALSE);
  stream = sl_resolve_die (rs, rs->request, "roll", 10);

  if (sl_reader_ok (rs->request))
    {
      if (weapon != NULL && sl_reader_has (rs->request, "weapon_class"))
        sl_reader_fail (rs->request, "weapon_class",
                        _("Give either the weapon or the weapon_class of T-32, not both."));
      else if (weapon == NULL && !sl_reader_has (rs->request, "weapon_class"))
        sl_reader_fail (rs->request, "weapon_class",
                        _("Give the weapon that shoots at the charge, or its weapon_class of T-32."));
    }
  /* T-12: each weapon (and OMNI mode) names its row of T-32. */
  if (weapon != NULL)
    row = sl_weapon_get_profile (weapon, omni_mode)->charge_row;

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_charge_shot_resolve (rs->rules, row, hidden, rs->dice, stream, &roll, &result, error))
    return FALSE;

  json_object_set_string_member (rs->result, "weapon_class", sl_charge_row_names[row]);
  json_object_set_int_member (rs->result, "natural", roll);
  json_object_set_string_member (rs->result, "result", sl_charge_shot_names[result]);
  json_object_set_boolean_member (rs->result, "destroyed", result != SL_CHARGE_SHOT_NONE);
  json_object_set_boolean_member (rs->result, "explodes", result == SL_CHARGE_SHOT_EXPLOSION);
  odds = sl_resolve_result_object (rs->result, "odds");
  for (int r = 0; r < SL_N_CHARGE_SHOT_RESULTS; r++)
    json_object_set_double_member (odds, sl_charge_shot_names[r],
                                   sl_charge_shot_odds (rs->rules, row, r));
  return TRUE;
}

gboolean
sl_resolve_mine (SlResolve  *rs,
                 GError    **error)
{
  SlMineInput in = { 0 };
  SlMineResult res;

  in.dud = sl_reader_bool (rs->request, "dud", FALSE);
  in.has_distance = sl_reader_has (rs->request, "distance_m");
  in.distance_m = sl_reader_number (rs->request, "distance_m", 0, 10000, 0);
  in.enemy = sl_reader_bool (rs->request, "enemy", TRUE);
  in.in_other_explosion = sl_reader_bool (rs->request, "in_other_explosion", FALSE);
  in.roll_stream = sl_resolve_die (rs, rs->request, "roll", 10);
  read_wounded_unit (rs, rs->request, "target", &in.has_target, &in.armor, &in.race, &in.wound);

  if (sl_reader_ok (rs->request))
    {
      if (in.has_distance && in.in_other_explosion)
        sl_reader_fail (rs->request, "in_other_explosion",
                        _("Give either the distance of a unit coming near or in_other_explosion, not both."));
      else if (!in.dud && !in.has_distance && !in.in_other_explosion)
        sl_reader_require (rs->request, "distance_m");
      else if (sl_reader_has (rs->request, "roll") && !in.in_other_explosion)
        sl_reader_fail (rs->request, "roll",
                        _("Only a mine caught in another explosion rolls to go off (P-37 step 5)."));
      else if (in.has_target && in.in_other_explosion)
        sl_reader_fail (rs->request, "target",
                        _("A chain detonation is resolved for each unit with the blast kind (P-37 step 4)."));
    }

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_mine_resolve (rs->rules, &rs->options, &in, rs->dice, &res, error))
    return FALSE;

  if (res.chain_checked)
    sl_check_outcome_to_json (&res.chain, "detonates", rs->result);
  json_object_set_boolean_member (rs->result, "triggered", res.triggered);
  json_object_set_boolean_member (rs->result, "detonates", res.detonates);
  if (res.detonates)
    {
      JsonObject *blast = sl_resolve_result_object (rs->result, "blast");

      json_object_set_string_member (rs->result, "resolves",
                                     res.at_once ? "at-once" : "explosion-step");
      /* P-37 step 4: like a frag grenade, centred on the mine. */
      json_object_set_string_member (blast, "source", "frag");
      json_object_set_string_member (blast, "centre", "mine");
      json_object_set_int_member (blast, "reach_m", sl_blast_reach (rs->rules, &rs->options,
                                                                    SL_BLAST_FRAG));
    }
  if (res.triggered)
    {
      JsonObject *unit = sl_resolve_result_object (rs->result, "trigger_unit");

      json_object_set_boolean_member (unit, "stops", res.stops_unit);
      /* With minesInExplosionStep the unit moves on, and the blast kind
       * resolves it where it stands in the explosion step. */
      if (res.at_once)
        {
          json_object_set_boolean_member (unit, "loses_action", TRUE);
          json_object_set_int_member (unit, "penetration", res.trigger_penetration);
        }
      if (res.has_damage)
        sl_resolve_damage_json (rs, &res.damage, sl_resolve_result_object (unit, "damage"));
    }
  if (res.reason != NULL)
    json_object_set_string_member (rs->result, "reason", res.reason);
  return TRUE;
}

gboolean
sl_resolve_fire_mission (SlResolve  *rs,
                         GError    **error)
{
  g_autoptr(SlBreakdown) breakdown = sl_breakdown_new ();
  SlFireMissionInput in = { 0 };
  SlFireMissionResult res;
  SlGrenadeInput shot = { 0 };
  JsonObject *profile;

  in.mission = sl_resolve_lookup (rs, rs->request, "mission", &rs->rules->fire_missions, NULL);
  in.spotter = sl_reader_enum (rs->request, "spotter", sl_spotter_names, N_("spotter"),
                               SL_SPOTTED_BY_LEADER);
  in.on_building = sl_reader_bool (rs->request, "on_building", FALSE);
  in.target_hidden = sl_reader_bool (rs->request, "target_hidden", FALSE);
  in.holotarp = sl_reader_bool (rs->request, "holotarp", FALSE);
  in.range_m = sl_reader_number (rs->request, "range_m", 0, 10000, -1);
  in.roll_stream = sl_resolve_die (rs, rs->request, "roll", 10);
  in.scatter_stream = read_scatter_rolls (rs, rs->request);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_fire_mission_resolve (rs->rules, &rs->options, &in, rs->dice, &res, error))
    return FALSE;

  shot.weapon = res.profile == SL_BLAST_MISSILE ? SL_GRENADE_MISSILE : SL_GRENADE_MORTAR;
  shot.range_m = in.range_m;
  json_object_set_string_member (rs->result, "mission", in.mission->id);
  json_object_set_int_member (rs->result, "cost", in.mission->cost);
  json_object_set_string_member (rs->result, "spotter", sl_spotter_names[in.spotter]);
  grenade_json (&shot, &res.shot, breakdown, rs->result);
  profile = sl_resolve_result_object (rs->result, "damage_profile");
  json_object_set_string_member (profile, "source", sl_blast_source_names[res.profile]);
  json_object_set_int_member (profile, "charges", res.charges);
  json_object_set_int_member (profile, "reach_m", res.reach_m);
  return TRUE;
}

gboolean
sl_resolve_shaped_charge (SlResolve  *rs,
                          GError    **error)
{
  SlShapedInput in = { 0 };
  SlShapedResult res;
  SlObstacleInput obstacle = { 0 };
  SlObstacleResult obstacle_res = { 0 };
  gboolean has_breached = sl_reader_has (rs->request, "breached");
  gboolean has_obstacle = sl_reader_has (rs->request, "obstacle");

  in.breached = sl_reader_bool (rs->request, "breached", FALSE);
  if (has_obstacle)
    obstacle.obstacle = sl_resolve_get_obstacle (rs, rs->request, "obstacle", NULL);
  obstacle.damage = sl_reader_number (rs->request, "obstacle_damage", 0, 5, 0);
  obstacle.source = SL_OBSTACLE_SHAPED;
  if (!(has_breached && !in.breached))
    sl_reader_require (rs->request, "distance_m");
  in.distance_m = sl_reader_number (rs->request, "distance_m", 0, 1000, 0);
  in.in_strip = sl_reader_bool (rs->request, "in_strip", TRUE);
  read_wounded_unit (rs, rs->request, "target", &in.has_target, &in.armor, &in.race, &in.wound);

  if (sl_reader_ok (rs->request))
    {
      if (has_breached && has_obstacle)
        sl_reader_fail (rs->request, "breached",
                        _("Give either whether the charge breached, or the obstacle it touches, not both."));
      else if (!has_breached && !has_obstacle)
        sl_reader_require (rs->request, "breached");
      else if (sl_reader_has (rs->request, "obstacle_damage") && !has_obstacle)
        sl_reader_fail (rs->request, "obstacle_damage",
                        _("The damage an obstacle has taken needs the obstacle."));
    }

  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  if (has_obstacle)
    {
      g_autoptr(GError) local_error = NULL;

      /* P-25 with A-80 and A-81 (the obstacle kind's engine). */
      if (!sl_obstacle_resolve (rs->rules, &rs->options, &obstacle, &obstacle_res, &local_error))
        {
          const char *field = sl_rule_error_get_field (local_error);

          if (g_strcmp0 (field, "damage") == 0)
            sl_rule_error_set (error, local_error->code, "obstacle_damage", "%s",
                               local_error->message);
          else
            g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      in.breached = obstacle_res.destroyed;
    }
  sl_shaped_charge_resolve (rs->rules, &rs->options, &in, &res);

  if (has_obstacle)
    {
      JsonObject *o = sl_resolve_result_object (rs->result, "obstacle");

      json_object_set_string_member (o, "id", obstacle.obstacle->id);
      json_object_set_int_member (o, "armor_factor", obstacle_res.armor_factor);
      json_object_set_int_member (o, "penetration", obstacle_res.penetration);
      json_object_set_double_member (o, "levels", obstacle_res.levels);
      json_object_set_double_member (o, "total", obstacle_res.total);
      json_object_set_boolean_member (o, "destroyed", obstacle_res.destroyed);
      if (obstacle_res.marker)
        json_object_set_string_member (o, "marker", obstacle_res.marker);
    }
  json_object_set_boolean_member (rs->result, "breached", in.breached);
  json_object_set_string_member (rs->result, "zone", sl_shaped_zone_names[res.zone]);
  json_object_set_int_member (rs->result, "penetration", res.penetration);
  json_object_set_boolean_member (rs->result, "affected", res.affected);
  json_object_set_boolean_member (rs->result, "loses_action", res.affected);
  if (res.reason != NULL)
    json_object_set_string_member (rs->result, "reason", res.reason);
  if (res.has_damage)
    sl_resolve_damage_json (rs, &res.damage, sl_resolve_result_object (rs->result, "damage"));
  return TRUE;
}
