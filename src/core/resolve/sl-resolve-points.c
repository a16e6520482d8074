/* sl-resolve-points.c: requests for squad costs, victory, ammunition and
 * the Legionnaire and Centurion conversions
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "sl-ammunition.h"
#include "sl-conversion.h"
#include "sl-points.h"
#include "sl-resolve-private.h"

/* Requests may describe whole companies, but not absurd ones. */
#define MAX_UNITS 256
#define MAX_ITEMS 64
#define MAX_POINTS 100000

static gboolean
in_list (const char * const *list,
         const char         *id)
{
  return id != NULL && g_strv_contains (list, id);
}

/* squad-cost */

/* One entry of an equipment list: one of @allowed; an id of @elsewhere gets
 * a hint to move it. */
static const char *
read_item (SlReader           *r,
           const char         *field,
           guint               index,
           const char * const *allowed,
           const char * const *elsewhere,
           const char         *hint)
{
  JsonNode *node = sl_reader_array_node (r, field, index);
  const char *id;
  int i;

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
      json_node_get_value_type (node) == G_TYPE_STRING)
    {
      id = json_node_get_string (node);
      if (in_list (elsewhere, id) || (hint != NULL && g_str_equal (id, "mine")))
        {
          g_autofree char *elem = g_strdup_printf ("%s[%u]", field, index);
          sl_reader_fail (r, elem, "%s", hint);
          return NULL;
        }
    }
  i = sl_reader_array_enum (r, field, index, allowed, N_("equipment"), -1);
  return i < 0 ? NULL : allowed[i];
}

typedef struct
{
  GPtrArray *keep;     /* arrays owned for the request */
  GPtrArray *ids;      /* generated unit ids */
} Storage;

static void
storage_clear (Storage *s)
{
  g_clear_pointer (&s->keep, g_ptr_array_unref);
  g_clear_pointer (&s->ids, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Storage, storage_clear)

static void
read_squad_unit (SlResolve   *rs,
                 SlReader    *r,
                 guint        index,
                 SlSquadUnit *unit,
                 Storage     *storage,
                 GHashTable  *seen_ids)
{
  const SlTable *weapons = &rs->rules->weapons;
  const SlWeapon **w;
  const char **e;
  guint n_w, n_e;

  unit->id = sl_reader_string (r, "id", NULL);
  if (unit->id == NULL)
    {
      char *id = g_strdup_printf ("%u", index + 1);
      g_ptr_array_add (storage->ids, id);
      unit->id = id;
    }
  else if (sl_reader_ok (r) && !g_hash_table_add (seen_ids, (gpointer) unit->id))
    sl_reader_fail (r, "id", _("Two units have the id “%s”."), unit->id);

  unit->troop = sl_resolve_get_troop (rs, r, "troop", NULL);
  unit->race = sl_resolve_get_race (rs, r, "race", "human");
  unit->armor = sl_resolve_get_armor (rs, r, "armor", "NONE");

  n_w = MIN (sl_reader_array_length (r, "weapons"), MAX_ITEMS);
  w = g_new0 (const SlWeapon *, MAX (n_w, 1));
  g_ptr_array_add (storage->keep, w);
  for (guint k = 0; k < n_w; k++)
    {
      int i = sl_reader_array_enum (r, "weapons", k, sl_table_ids (weapons), weapons->what, -1);
      if (i >= 0)
        w[k] = g_ptr_array_index (weapons->items, i);
    }
  if (sl_reader_array_length (r, "weapons") > MAX_ITEMS)
    sl_reader_fail (r, "weapons", _("Too many weapons."));
  unit->weapons = w;
  unit->n_weapons = n_w;

  n_e = MIN (sl_reader_array_length (r, "equipment"), MAX_ITEMS);
  e = g_new0 (const char *, n_e + 1);
  g_ptr_array_add (storage->keep, e);
  for (guint j = 0; j < n_e; j++)
    e[j] = read_item (r, "equipment", j, sl_squad_unit_equipment, sl_squad_side_equipment,
                      _("This is squad equipment: list it in side_equipment, and mines in mines (P-02)."));
  if (sl_reader_array_length (r, "equipment") > MAX_ITEMS)
    sl_reader_fail (r, "equipment", _("Too many items."));
  unit->equipment = e;
  unit->n_equipment = n_e;

  unit->hidden = sl_reader_bool (r, "hidden", FALSE);
  unit->naval = sl_reader_bool (r, "naval", FALSE);
  if (sl_reader_ok (r) && unit->naval && unit->troop->naval_suit == NULL &&
      !unit->troop->has_zero_g_naval)
    sl_reader_fail (r, "naval", _("Only tech troops can be naval troops (T-11, A-145)."));
}

static JsonNode *
problems_json (const SlSquadCost *cost)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i < cost->problems->len; i++)
    {
      const SlSquadProblem *p = g_ptr_array_index (cost->problems, i);
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "rule", p->rule);
      json_object_set_string_member (o, "field", p->field);
      json_object_set_string_member (o, "message", p->message);
      json_array_add_object_element (array, o);
    }
  json_node_take_array (node, array);
  return node;
}

gboolean
sl_resolve_squad_cost (SlResolve  *rs,
                       GError    **error)
{
  g_auto(Storage) storage = { g_ptr_array_new_with_free_func (g_free),
                              g_ptr_array_new_with_free_func (g_free) };
  g_autoptr(GHashTable) seen_ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree SlSquadUnit *units = NULL;
  g_autofree const char **side = NULL;
  SlSquadInput in = { 0 };
  SlSquadCost cost;
  JsonArray *unit_results;
  JsonObject *costs;
  guint n, n_side;

  sl_reader_require (rs->request, "units");
  n = sl_reader_array_length (rs->request, "units");
  if (sl_reader_ok (rs->request) && n == 0)
    sl_reader_fail (rs->request, "units", _("A squad needs at least one unit."));
  else if (n > MAX_UNITS)
    sl_reader_fail (rs->request, "units", _("At most %d units, please."), MAX_UNITS);
  n = MIN (n, MAX_UNITS);
  units = g_new0 (SlSquadUnit, MAX (n, 1));
  for (guint i = 0; i < n && sl_reader_ok (rs->request); i++)
    {
      g_autoptr(SlReader) r = sl_reader_array_object (rs->request, "units", i);

      if (r == NULL)
        break;
      read_squad_unit (rs, r, i, &units[i], &storage, seen_ids);
      sl_reader_end (r);
    }
  in.units = units;
  in.n_units = n;

  in.leader_rating = sl_reader_int (rs->request, "leader_rating", -2, 2, 0);
  in.quality = sl_resolve_quality (rs, rs->request, "quality");
  in.mines = sl_reader_int (rs->request, "mines", 0, 1000, 0);

  n_side = MIN (sl_reader_array_length (rs->request, "side_equipment"), MAX_ITEMS);
  if (sl_reader_array_length (rs->request, "side_equipment") > MAX_ITEMS)
    sl_reader_fail (rs->request, "side_equipment", _("Too many items."));
  side = g_new0 (const char *, n_side + 1);
  for (guint i = 0; i < n_side; i++)
    side[i] = read_item (rs->request, "side_equipment", i, sl_squad_side_equipment,
                         sl_squad_unit_equipment,
                         _("Soldiers carry this themselves: list it in the unit's equipment, and mines in mines (P-02)."));
  in.side_equipment = side;
  in.n_side_equipment = n_side;

  in.all_hidden = sl_reader_bool (rs->request, "all_hidden", FALSE);
  in.has_budget = sl_reader_has (rs->request, "budget");
  in.budget = sl_reader_int (rs->request, "budget", 0, MAX_POINTS, 0);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_squad_cost (rs->rules, &rs->options, &in, &cost, error))
    return FALSE;

  unit_results = json_array_new ();
  for (guint i = 0; i < n; i++)
    {
      const SlUnitCost *c = &cost.units[i];
      JsonObject *o = json_object_new ();
      JsonObject *parts = json_object_new ();

      json_object_set_string_member (o, "id", units[i].id);
      json_object_set_int_member (o, "points", c->points);
      json_object_set_int_member (parts, "troop", c->troop);
      json_object_set_int_member (parts, "race", c->race);
      json_object_set_int_member (parts, "armor", c->armor);
      json_object_set_int_member (parts, "weapons", c->weapons);
      json_object_set_int_member (parts, "equipment", c->equipment);
      json_object_set_object_member (o, "costs", parts);
      json_object_set_boolean_member (o, "hidden", units[i].hidden || in.all_hidden);
      json_object_set_int_member (o, "hidden_cost", c->hidden_cost);
      json_array_add_object_element (unit_results, o);
    }
  json_object_set_array_member (rs->result, "units", unit_results);

  costs = sl_resolve_result_object (rs->result, "costs");
  json_object_set_int_member (costs, "units", cost.units_total);
  json_object_set_int_member (costs, "hidden", cost.hidden);
  json_object_set_int_member (costs, "leader", cost.leader);
  json_object_set_int_member (costs, "quality", cost.quality);
  json_object_set_int_member (costs, "mines", cost.mines);
  json_object_set_int_member (costs, "equipment", cost.equipment);
  json_object_set_int_member (costs, "all_hidden", cost.all_hidden);

  json_object_set_int_member (rs->result, "total", cost.total);
  if (in.has_budget)
    {
      json_object_set_int_member (rs->result, "budget", in.budget);
      json_object_set_int_member (rs->result, "remaining", cost.remaining);
    }
  else
    json_object_set_null_member (rs->result, "remaining");
  json_object_set_int_member (rs->result, "decoys_allowed", cost.decoys_allowed);
  json_object_set_member (rs->result, "problems", problems_json (&cost));

  sl_squad_cost_clear (&cost);
  return TRUE;
}

/* victory */

static SlVictoryUnit *
read_victory_units (SlResolve  *rs,
                    SlReader   *side,
                    const char *field,
                    gboolean    removed,
                    guint      *n_out)
{
  guint n = MIN (sl_reader_array_length (side, field), MAX_UNITS);
  SlVictoryUnit *units = g_new0 (SlVictoryUnit, MAX (n, 1));

  if (sl_reader_array_length (side, field) > MAX_UNITS)
    sl_reader_fail (side, field, _("At most %d units, please."), MAX_UNITS);
  for (guint i = 0; i < n && sl_reader_ok (side); i++)
    {
      g_autoptr(SlReader) r = sl_reader_array_object (side, field, i);

      if (r == NULL)
        break;
      units[i].id = sl_reader_string (r, "id", NULL);
      sl_reader_require (r, "points");
      units[i].points = sl_reader_int (r, "points", 0, MAX_POINTS, 0);
      if (removed)
        units[i].wound = SL_WOUND_DEAD;
      else
        {
          sl_reader_require (r, "wound");
          units[i].wound = sl_resolve_wound (rs, r, "wound");
          units[i].dazed = sl_reader_bool (r, "dazed", FALSE);
        }
      sl_reader_end (r);
    }
  *n_out = n;
  return units;
}

/* “secondary”: true, false, or the number of secondary objectives. */
static int
read_secondary (SlReader *r)
{
  JsonNode *node = sl_reader_node (r, "secondary");

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
      json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    return sl_reader_bool (r, "secondary", FALSE) ? 1 : 0;
  return sl_reader_int (r, "secondary", 0, 100, 0);
}

typedef struct
{
  SlVictorySide     side;
  SlVictoryUnit    *enemy;
  SlVictoryUnit    *removed;
  SlVictoryPenalty *penalties;
} VictorySide;

static void
victory_side_clear (VictorySide *s)
{
  g_free (s->enemy);
  g_free (s->removed);
  g_free (s->penalties);
}

static void
read_victory_side (SlResolve   *rs,
                   SlReader    *r,
                   VictorySide *vs)
{
  SlVictorySide *side = &vs->side;
  guint n;

  sl_reader_require (r, "id");
  side->id = sl_reader_string (r, "id", "");
  side->primary = sl_reader_bool (r, "primary", FALSE);
  side->secondary = read_secondary (r);
  side->objective_points = sl_reader_int (r, "objective_points", -MAX_POINTS, MAX_POINTS, 0);
  side->unspent = sl_reader_int (r, "unspent", 0, MAX_POINTS, 0);
  vs->enemy = read_victory_units (rs, r, "enemy_units", FALSE, &side->n_enemy_units);
  side->enemy_units = vs->enemy;
  vs->removed = read_victory_units (rs, r, "removed_units", TRUE, &side->n_removed_units);
  side->removed_units = vs->removed;

  n = MIN (sl_reader_array_length (r, "penalties"), MAX_ITEMS);
  if (sl_reader_array_length (r, "penalties") > MAX_ITEMS)
    sl_reader_fail (r, "penalties", _("Too many penalties."));
  vs->penalties = g_new0 (SlVictoryPenalty, MAX (n, 1));
  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      g_autoptr(SlReader) p = sl_reader_array_object (r, "penalties", i);

      if (p == NULL)
        break;
      sl_reader_require (p, "source");
      sl_reader_require (p, "points");
      vs->penalties[i].source = sl_reader_string (p, "source", "");
      /* a penalty comes off the side's own score. */
      vs->penalties[i].points = sl_reader_int (p, "points", -MAX_POINTS, MAX_POINTS, 0);
      if (sl_reader_ok (p) && vs->penalties[i].points > 0)
        sl_reader_fail (p, "points",
                        _("A penalty comes off the side's own score: give it as a negative number (A-134)."));
      sl_reader_end (p);
    }
  side->penalties = vs->penalties;
  side->n_penalties = n;
}

static JsonObject *
score_json (const SlVictoryScore *score)
{
  JsonObject *o = json_object_new ();
  JsonArray *items = json_array_new ();

  json_object_set_double_member (o, "score", score->score);
  json_object_set_string_member (o, "result", score->result);
  for (guint i = 0; i < score->items->len; i++)
    {
      const SlVictoryItem *item = &g_array_index (score->items, SlVictoryItem, i);
      JsonObject *e = json_object_new ();

      json_object_set_string_member (e, "source", item->source);
      json_object_set_string_member (e, "label", item->label);
      if (g_str_equal (item->source, "enemy-unit") || g_str_equal (item->source, "removed-unit"))
        {
          if (item->unit_id)
            json_object_set_string_member (e, "unit", item->unit_id);
          json_object_set_string_member (e, "wound", sl_wound_names[item->wound]);
          json_object_set_double_member (e, "fraction", item->fraction);
        }
      /* items are exact; they are shown to the hundredth. */
      json_object_set_double_member (e, "points", round (item->points * 100) / 100);
      json_array_add_object_element (items, e);
    }
  json_object_set_array_member (o, "breakdown", items);
  return o;
}

gboolean
sl_resolve_victory (SlResolve  *rs,
                    GError    **error)
{
  VictorySide sides[2] = { { { 0 } } };
  SlVictorySide in[2];
  SlVictoryResult res;
  JsonObject *scores;
  guint n;

  sl_reader_require (rs->request, "sides");
  n = sl_reader_array_length (rs->request, "sides");
  if (sl_reader_ok (rs->request) && n != 2)
    sl_reader_fail (rs->request, "sides",
                    _("Victory is scored between two sides, the high and the low scoring one (T-40)."));
  for (guint i = 0; i < 2 && sl_reader_ok (rs->request); i++)
    {
      g_autoptr(SlReader) r = sl_reader_array_object (rs->request, "sides", i);

      if (r == NULL)
        break;
      read_victory_side (rs, r, &sides[i]);
      if (i == 1 && sl_reader_ok (r) && g_str_equal (sides[0].side.id, sides[1].side.id))
        sl_reader_fail (r, "id", _("Both sides have the id “%s”."), sides[1].side.id);
      sl_reader_end (r);
    }

  if (!sl_resolve_inputs_done (rs))
    {
      victory_side_clear (&sides[0]);
      victory_side_clear (&sides[1]);
      return FALSE;
    }

  in[0] = sides[0].side;
  in[1] = sides[1].side;
  sl_victory_resolve (rs->rules, &rs->options, in, &res);

  scores = sl_resolve_result_object (rs->result, "scores");
  for (int s = 0; s < 2; s++)
    json_object_set_object_member (scores, in[s].id, score_json (&res.scores[s]));
  if (res.has_ratio)
    json_object_set_double_member (rs->result, "ratio", res.ratio);
  else
    json_object_set_null_member (rs->result, "ratio");
  json_object_set_string_member (rs->result, "level", res.level->id);
  if (res.winner >= 0)
    json_object_set_string_member (rs->result, "winner", in[res.winner].id);
  else
    json_object_set_null_member (rs->result, "winner");

  sl_victory_result_clear (&res);
  victory_side_clear (&sides[0]);
  victory_side_clear (&sides[1]);
  (void) error;
  return TRUE;
}

/* ammunition */

static void
read_grenades (SlReader    *parent,
               SlAmmoState *state)
{
  g_autoptr(SlReader) r = sl_reader_object (parent, "grenades");

  if (r == NULL)
    return;
  for (int g = 0; g < SL_N_GRENADES; g++)
    state->grenades[g] = sl_reader_int (r, sl_grenade_names[g], 0, 100, state->grenades[g]);
  sl_reader_end (r);
}

/* "launcher": {"type": "FG", "left": 4}, or with launcherMixedLoads
 * {"FG": 2, "SG": 2}. Returns whether the launcher holds one type. */
static gboolean
read_launcher (SlResolve   *rs,
               SlReader    *parent,
               SlAmmoState *state,
               SlGrenade   *type)
{
  g_autoptr(SlReader) r = sl_reader_object (parent, "launcher");
  int capacity = rs->rules->launcher.grenades;
  gboolean single;

  if (r == NULL)
    return TRUE;
  state->has_launcher = TRUE;
  state->grenades[SL_GRENADE_FG] = state->grenades[SL_GRENADE_SG] = 0;

  single = !sl_reader_has (r, "FG") && !sl_reader_has (r, "SG");
  if (single)
    {
      *type = sl_reader_enum (r, "type", sl_grenade_names, N_("grenade type"), SL_GRENADE_FG);
      sl_reader_require (r, "type");
      state->launcher[*type] = sl_reader_int (r, "left", 0, capacity, capacity);
    }
  else if (sl_reader_has (r, "type") || sl_reader_has (r, "left"))
    sl_reader_fail (r, sl_reader_has (r, "type") ? "type" : "left",
                    _("Give either the type and the grenades left, or the number of each type."));
  else
    {
      if (!rs->options.launcher_mixed_loads)
        sl_reader_fail (r, sl_reader_has (r, "FG") ? "FG" : "SG",
                        _("A grenade launcher holds grenades of one type (A-113; option launcherMixedLoads): give its type and the grenades left."));
      for (int g = 0; g < SL_N_GRENADES; g++)
        state->launcher[g] = sl_reader_int (r, sl_grenade_names[g], 0, capacity, 0);
      if (sl_reader_ok (r) && state->launcher[0] + state->launcher[1] > capacity)
        sl_reader_fail (r, "SG", _("A grenade launcher holds %d grenades (P-35)."), capacity);
    }
  sl_reader_end (r);
  return single;
}

static void
set_grenades_json (JsonObject  *parent,
                   const char  *name,
                   const int    counts[SL_N_GRENADES])
{
  JsonObject *o = sl_resolve_result_object (parent, name);

  for (int g = 0; g < SL_N_GRENADES; g++)
    json_object_set_int_member (o, sl_grenade_names[g], counts[g]);
}

/* The weapon's magazines before the action, by default as the unit
 * starts (T-20); none for a weapon that never runs out (P-29, A-89). */
static void
read_magazines (SlResolve   *rs,
                SlAmmoInput *in)
{
  SlMagazine magazine;

  sl_ammo_initial_state (rs->rules, &rs->options, in->weapon, FALSE, SL_GRENADE_FG, &in->state);
  magazine = sl_ammo_magazine (in->weapon);
  if (magazine != SL_MAGAZINE_NONE)
    {
      int boxes = sl_ammo_boxes (rs->rules, &rs->options, magazine);

      /* The engine checks the counts against T-20 and T-12. A missing count
       * follows from the other: an empty magazine has its box
       * ticked, and with every box ticked the last magazine is empty. */
      in->state.magazines_left = sl_reader_int (rs->request, "magazines_left", 0, 100, -1);
      in->state.rounds_fired = sl_reader_int (rs->request, "rounds_fired", 0, 1000, -1);
      if (in->state.magazines_left < 0)
        in->state.magazines_left = in->state.rounds_fired == in->weapon->rounds ? boxes - 1 : boxes;
      if (in->state.rounds_fired < 0)
        in->state.rounds_fired = in->state.magazines_left == 0 ? in->weapon->rounds : 0;
    }
  else if (in->weapon != NULL)
    {
      for (guint i = 0; i < 2; i++)
        {
          const char *field = i == 0 ? "magazines_left" : "rounds_fired";
          if (sl_reader_has (rs->request, field))
            sl_reader_fail (rs->request, field,
                            _("The %s never runs out and has no magazines (P-29, A-89)."),
                            in->weapon->name);
        }
    }
  else
    {
      sl_reader_skip (rs->request, "magazines_left");
      sl_reader_skip (rs->request, "rounds_fired");
      if (sl_reader_has (rs->request, "magazines_left") || sl_reader_has (rs->request, "rounds_fired"))
        sl_reader_fail (rs->request,
                        sl_reader_has (rs->request, "magazines_left") ? "magazines_left" : "rounds_fired",
                        _("Magazines belong to a weapon: give the weapon."));
    }
}

/* The grenade thrown or launched, and how many; a single-type launcher's
 * own type by default (A-113, P-35). */
static void
read_grenade_spent (SlResolve   *rs,
                    SlAmmoInput *in,
                    gboolean     single_type,
                    SlGrenade    launcher_type)
{
  SlReader *r = rs->request;

  if (in->action == SL_AMMO_GRENADE || (in->action == SL_AMMO_LAUNCHER && !single_type))
    sl_reader_require (r, "grenade");
  in->grenade = sl_reader_enum (r, "grenade", sl_grenade_names, N_("grenade type"),
                                in->action == SL_AMMO_LAUNCHER ? launcher_type : SL_GRENADE_FG);
  if (sl_reader_ok (r) && sl_reader_has (r, "grenade") &&
      in->action != SL_AMMO_GRENADE && in->action != SL_AMMO_LAUNCHER)
    sl_reader_fail (r, "grenade", _("Only a throw or a launch names a grenade."));
  if (sl_reader_ok (r) && in->action == SL_AMMO_LAUNCHER)
    {
      if (!in->state.has_launcher)
        sl_reader_require (r, "launcher");
      else if (single_type && in->grenade != launcher_type)
        sl_reader_fail (r, "grenade",
                        _("The launcher holds %s grenades only (A-113)."), sl_grenade_names[launcher_type]);
    }
  in->count = sl_reader_int (r, "count", 1, rs->rules->launcher.per_fire_action, 1);
  if (sl_reader_ok (r) && sl_reader_has (r, "count") &&
      in->action != SL_AMMO_LAUNCHER)
    sl_reader_fail (r, "count", _("Only a launcher fires several grenades in one action (P-35)."));
}

static void
ammunition_json (SlResolve          *rs,
                 const SlAmmoInput  *in,
                 const SlAmmoResult *res,
                 gboolean            single_type,
                 SlGrenade           launcher_type)
{
  JsonObject *result = rs->result;

  json_object_set_string_member (result, "action", sl_ammo_action_names[in->action]);
  json_object_set_int_member (result, "spent", res->spent);
  if (in->weapon != NULL)
    {
      json_object_set_string_member (result, "weapon", in->weapon->id);
      json_object_set_boolean_member (result, "unlimited", res->unlimited);
    }
  if (res->magazine != SL_MAGAZINE_NONE)
    {
      json_object_set_string_member (result, "magazine", sl_magazine_names[res->magazine]);
      json_object_set_int_member (result, "rounds", res->rounds);
      json_object_set_int_member (result, "boxes", res->boxes);
      json_object_set_int_member (result, "rounds_fired", res->state.rounds_fired);
      json_object_set_int_member (result, "rounds_left", res->rounds - res->state.rounds_fired);
      json_object_set_int_member (result, "magazines_left", res->state.magazines_left);
      json_object_set_int_member (result, "magazines_ticked", res->boxes - res->state.magazines_left);
      json_object_set_boolean_member (result, "ticked", res->ticked);
      if (res->discarded > 0)
        json_object_set_int_member (result, "discarded", res->discarded);
    }
  if (in->weapon != NULL)
    {
      json_object_set_boolean_member (result, "empty", res->empty);
      json_object_set_boolean_member (result, "out_of_ammunition", res->out_of_ammunition);
    }
  set_grenades_json (result, "grenades", res->state.grenades);
  json_object_set_boolean_member (result, "picked_up", res->state.picked_up);
  if (res->state.has_launcher)
    {
      if (single_type)
        {
          JsonObject *o = sl_resolve_result_object (result, "launcher");
          json_object_set_string_member (o, "type", sl_grenade_names[launcher_type]);
          json_object_set_int_member (o, "left", res->state.launcher[launcher_type]);
        }
      else
        set_grenades_json (result, "launcher", res->state.launcher);
    }
}

gboolean
sl_resolve_ammunition (SlResolve  *rs,
                       GError    **error)
{
  SlAmmoInput in = { 0 };
  SlAmmoResult res;
  SlGrenade launcher_type = SL_GRENADE_FG;
  gboolean single_type = TRUE;

  sl_reader_require (rs->request, "action");
  in.action = sl_reader_enum (rs->request, "action", sl_ammo_action_names, N_("action"), SL_AMMO_FIRE);
  if (sl_reader_ok (rs->request) && in.action <= SL_AMMO_RELOAD)
    sl_reader_require (rs->request, "weapon");
  if (sl_reader_has (rs->request, "weapon"))
    in.weapon = sl_resolve_get_weapon (rs, rs->request, "weapon", NULL);
  in.omni_mode = sl_resolve_omni_mode (rs, rs->request, "omni_mode", in.weapon);

  read_magazines (rs, &in);
  single_type = read_launcher (rs, rs->request, &in.state, &launcher_type);
  read_grenades (rs->request, &in.state);
  in.state.picked_up = sl_reader_bool (rs->request, "picked_up", FALSE);
  read_grenade_spent (rs, &in, single_type, launcher_type);

  if (!sl_resolve_inputs_done (rs))
    return FALSE;
  if (!sl_ammo_resolve (rs->rules, &rs->options, &in, &res, error))
    return FALSE;
  ammunition_json (rs, &in, &res, single_type, launcher_type);
  return TRUE;
}

/* legionnaire */

static int
attribute_of (const char *name)
{
  for (int a = 0; sl_legionnaire_attribute_names[a]; a++)
    if (g_str_equal (name, sl_legionnaire_attribute_names[a]))
      return a;
  return -1;
}

/* "melee_weapon": true/false, or a name ("none" for none). */
static gboolean
read_melee_weapon (SlReader *r)
{
  JsonNode *node = sl_reader_node (r, "melee_weapon");

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
      json_node_get_value_type (node) == G_TYPE_STRING)
    {
      const char *name = sl_reader_string (r, "melee_weapon", "");
      return *name != '\0' && g_ascii_strcasecmp (name, "none") != 0;
    }
  return sl_reader_bool (r, "melee_weapon", TRUE);
}

typedef struct
{
  const char *name;
  int         value;
} NamedValue;

/* An object of names and whole numbers in @min … @max, in request order. */
static GArray *
read_named_values (SlReader   *parent,
                   const char *field,
                   int         min,
                   int         max)
{
  g_autoptr(SlReader) r = sl_reader_object (parent, field);
  g_autoptr(GList) names = NULL;
  GArray *values = g_array_new (FALSE, TRUE, sizeof (NamedValue));

  if (r == NULL)
    return values;
  names = sl_reader_members (r);
  for (GList *l = names; l && sl_reader_ok (r); l = l->next)
    {
      NamedValue v = { l->data, sl_reader_int (r, l->data, min, max, 0) };
      g_array_append_val (values, v);
    }
  sl_reader_end (r);
  return values;
}

static void
legionnaire_forward (SlResolve *rs,
                     GArray    *skills,
                     gboolean   non_combat)
{
  int bonus[SL_N_LEGIONNAIRE_ATTRIBUTES] = { 0 };
  JsonObject *modifiers = sl_resolve_result_object (rs->result, "modifiers");
  JsonObject *attributes = NULL;

  for (guint i = 0; i < skills->len; i++)
    {
      const NamedValue *skill = &g_array_index (skills, NamedValue, i);
      int a = attribute_of (skill->name);
      JsonObject *o;
      int threshold;

      /* T-44 for weapon and melee skills. */
      if (a < 0)
        {
          json_object_set_int_member (modifiers, skill->name,
                                      sl_legionnaire_modifier (rs->rules, skill->value, non_combat));
          continue;
        }

      /* land movement, reaction and charisma above a threshold. */
      if (attributes == NULL)
        attributes = json_object_new ();
      o = json_object_new ();
      threshold = sl_legionnaire_threshold (&rs->options, a);
      bonus[a] = sl_legionnaire_attribute (&rs->options, a, skill->value);
      json_object_set_int_member (o, "level", skill->value);
      if (threshold < 0)
        json_object_set_null_member (o, "threshold");
      else
        json_object_set_int_member (o, "threshold", threshold);
      json_object_set_int_member (o, "modifier", bonus[a]);
      json_object_set_object_member (attributes, skill->name, o);
    }
  json_object_set_int_member (rs->result, "movement_bonus_m", bonus[SL_LEGIONNAIRE_LAND_MOVEMENT]);
  json_object_set_int_member (rs->result, "initiative", bonus[SL_LEGIONNAIRE_REACTION]);
  json_object_set_int_member (rs->result, "leadership", bonus[SL_LEGIONNAIRE_CHARISMA]);
  if (attributes != NULL)
    json_object_set_object_member (rs->result, "attributes", attributes);
}

gboolean
sl_resolve_legionnaire (SlResolve  *rs,
                        GError    **error)
{
  g_autoptr(GArray) values = NULL;
  const SlArmor *armor = NULL;
  gboolean non_combat, has_melee_weapon, partial = FALSE, reverse;

  non_combat = sl_reader_bool (rs->request, "non_combat", FALSE);
  has_melee_weapon = read_melee_weapon (rs->request);
  if (sl_reader_has (rs->request, "armor"))
    {
      JsonNode *node = sl_reader_node (rs->request, "armor");

      /* §18: “partial” armor, or the nearest Phalanx suit. */
      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING &&
          g_str_equal (json_node_get_string (node), "partial"))
        {
          partial = TRUE;
          sl_reader_string (rs->request, "armor", NULL);
        }
      else
        armor = sl_resolve_get_armor (rs, rs->request, "armor", NULL);
    }

  reverse = sl_reader_has (rs->request, "modifiers");
  if (reverse && sl_reader_has (rs->request, "skills"))
    sl_reader_fail (rs->request, "modifiers",
                    _("Give either Legionnaire skills or Phalanx modifiers, not both."));
  else if (!reverse)
    sl_reader_require (rs->request, "skills");

  if (!reverse)
    values = read_named_values (rs->request, "skills", 0, 100);
  else
    {
      g_autoptr(SlReader) r = NULL;

      values = read_named_values (rs->request, "modifiers", -33, 2);
      r = sl_reader_object (rs->request, "modifiers");
      for (guint i = 0; i < values->len && sl_reader_ok (rs->request); i++)
        {
          const NamedValue *v = &g_array_index (values, NamedValue, i);
          int level;

          if (attribute_of (v->name) >= 0)
            sl_reader_fail (r, v->name, _("Attributes have thresholds, not skill levels (A-136)."));
          else if (!sl_legionnaire_level (rs->rules, v->value, non_combat, &level))
            sl_reader_fail (r, v->name,
                            non_combat ? _("No skill level of a non-combat character gives %+d (T-44).")
                                       : _("No skill level gives %+d (T-44)."),
                            v->value);
        }
    }
  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  if (!reverse)
    legionnaire_forward (rs, values, non_combat);
  else
    {
      /* §18: in reverse, each −1 is 3 skill levels. */
      JsonObject *skills = sl_resolve_result_object (rs->result, "skills");

      for (guint i = 0; i < values->len; i++)
        {
          const NamedValue *v = &g_array_index (values, NamedValue, i);
          int level = 0;

          sl_legionnaire_level (rs->rules, v->value, non_combat, &level);
          json_object_set_int_member (skills, v->name, level);
        }
    }

  json_object_set_int_member (rs->result, "melee_weapon",
                              sl_legionnaire_melee_weapon (rs->rules, has_melee_weapon));
  armor = sl_legionnaire_armor (rs->rules, partial, armor);
  if (armor != NULL)
    json_object_set_string_member (rs->result, "armor", armor->id);
  /* §18: player characters never rout, but may rally with leadership. */
  json_object_set_boolean_member (rs->result, "immune_to_rout", TRUE);
  (void) error;
  return TRUE;
}

/* centurion */

gboolean
sl_resolve_centurion (SlResolve  *rs,
                      GError    **error)
{
  g_autofree const SlTroop **troops = NULL;
  g_autofree gboolean *alive = NULL;
  SlCenturionClass counter;
  int ifw;
  guint n;

  sl_reader_require (rs->request, "units");
  n = sl_reader_array_length (rs->request, "units");
  if (sl_reader_ok (rs->request) && n == 0)
    sl_reader_fail (rs->request, "units", _("A squad needs at least one unit."));
  else if (n > MAX_UNITS)
    sl_reader_fail (rs->request, "units", _("At most %d units, please."), MAX_UNITS);
  n = MIN (n, MAX_UNITS);
  troops = g_new0 (const SlTroop *, MAX (n, 1));
  alive = g_new0 (gboolean, MAX (n, 1));
  for (guint i = 0; i < n && sl_reader_ok (rs->request); i++)
    {
      g_autoptr(SlReader) r = sl_reader_array_object (rs->request, "units", i);

      if (r == NULL)
        break;
      troops[i] = sl_resolve_get_troop (rs, r, "troop", NULL);
      alive[i] = sl_reader_bool (r, "alive", TRUE);
      sl_reader_end (r);
    }
  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  sl_centurion_convert (rs->rules, troops, alive, n, &ifw, &counter);
  json_object_set_int_member (rs->result, "ifw", ifw);
  if (counter == SL_CENTURION_NONE)
    json_object_set_null_member (rs->result, "counter");
  else
    json_object_set_string_member (rs->result, "counter", sl_centurion_class_names[counter]);
  (void) error;
  return TRUE;
}
