/* sl-setup.c: reading and checking how a game is set up
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-file.h"
#include "sl-options.h"
#include "sl-points.h"
#include "sl-setup-private.h"
#include "sl-setup.h"

G_DEFINE_QUARK (sl-setup-error-quark, sl_setup_error)

const char * const sl_module_names[] = {
  "detection", "ambush", "ammunition", "automatic-fire", "leadership", "troop-quality",
  "morale", "area-effects", "environment", "equipment", "timed-play",
  "grenades", "explosives", "mines", "fire-missions", NULL
};
G_STATIC_ASSERT (G_N_ELEMENTS (sl_module_names) == SL_N_MODULES + 1);

const char * const sl_objective_names[] = {
  "none", "kill", "rout", "charges", "hold", "players", NULL
};

const char *
sl_module_label (SlModule module)
{
  switch (module)
    {
    case SL_MODULE_DETECTION: return _("Hiding and detection (§9.1)");
    case SL_MODULE_AMBUSH: return _("Ambush");
    case SL_MODULE_AMMUNITION: return _("Ammunition (§9.2)");
    case SL_MODULE_AUTOMATIC_FIRE: return _("Automatic fire (§9.3)");
    case SL_MODULE_LEADERSHIP: return _("Leadership (§9.4)");
    case SL_MODULE_TROOP_QUALITY: return _("Troop quality (§9.5)");
    case SL_MODULE_MORALE: return _("Rout, rally and regroup (§9.5)");
    case SL_MODULE_AREA_EFFECTS: return _("Grenades, explosives, mines and fire missions (§9.6)");
    case SL_MODULE_ENVIRONMENT: return _("Environment (§9.7)");
    case SL_MODULE_EQUIPMENT: return _("Optional equipment (§9.8)");
    case SL_MODULE_TIMED_PLAY: return _("Timed play (§9.9)");
    case SL_MODULE_GRENADES: return _("Grenades and grenade launchers (§9.6)");
    case SL_MODULE_EXPLOSIVES: return _("Explosive charges (§9.6)");
    case SL_MODULE_MINES: return _("Mines (§9.6)");
    case SL_MODULE_FIRE_MISSIONS: return _("Fire missions (§9.6)");
    case SL_N_MODULES:
    default:
      return "";
    }
}

gboolean
sl_module_is_area_effect (SlModule module)
{
  return module == SL_MODULE_GRENADES || module == SL_MODULE_EXPLOSIVES ||
         module == SL_MODULE_MINES || module == SL_MODULE_FIRE_MISSIONS;
}

/* A squad is at most 8 soldiers: two fire teams of 4 (§1.1, A-07). */
#define MAX_SQUAD 8

static void
unit_free (gpointer data)
{
  SlUnitSetup *u = data;

  g_free (u->id);
  g_free (u->name);
  g_free (u->told);
  g_free (u->label);
  g_free (u->omni_mode);
  g_free (u->legionnaire);
  g_free (u);
}

static void
grouping_free (gpointer data)
{
  SlGroupingSetup *g = data;

  g_free (g->id);
  g_free (g->name);
  g_array_unref (g->units);
  g_free (g);
}

static void
squad_free (gpointer data)
{
  SlSquadSetup *s = data;

  g_free (s->id);
  g_free (s->name);
  g_array_unref (s->units);
  g_array_unref (s->groupings);
  g_free (s);
}

static void
side_free (gpointer data)
{
  SlSideSetup *s = data;

  g_free (s->id);
  g_free (s->name);
  g_free (s->objective_description);
  g_free (s->starting_position);
  g_array_unref (s->squads);
  g_free (s);
}

const char * const sl_condition_kind_names[] = {
  "terrain", "forbid-actions", "hold-fire", "doors", "rules", "hiding", "initiative", "option-value",
  "restriction", NULL
};
G_STATIC_ASSERT (G_N_ELEMENTS (sl_condition_kind_names) == SL_N_CONDITIONS + 1);

static void
condition_clear (gpointer data)
{
  SlCondition *c = data;

  g_free (c->text);
  g_free (c->ref);
  g_clear_pointer (&c->actions, g_ptr_array_unref);
}

void
sl_setup_free (SlSetup *setup)
{
  if (setup == NULL)
    return;
  g_free (setup->id);
  g_free (setup->name);
  g_free (setup->description);
  g_free (setup->book);
  g_free (setup->objective_place);
  g_clear_pointer (&setup->notes, g_ptr_array_unref);
  g_clear_pointer (&setup->special, g_ptr_array_unref);
  g_clear_pointer (&setup->conditions, g_array_unref);
  g_clear_pointer (&setup->overrides, g_ptr_array_unref);
  g_clear_pointer (&setup->problems, g_ptr_array_unref);
  g_clear_pointer (&setup->sides, g_ptr_array_unref);
  g_clear_pointer (&setup->squads, g_ptr_array_unref);
  g_clear_pointer (&setup->groupings, g_ptr_array_unref);
  g_clear_pointer (&setup->units, g_ptr_array_unref);
  g_clear_pointer (&setup->unit_ids, g_hash_table_unref);
  g_clear_pointer (&setup->json, json_node_unref);
  g_free (setup->options);
  g_free (setup);
}

static gboolean
id_is_valid (const char *id)
{
  if (id == NULL || *id == '\0' || strlen (id) > 64)
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_')
      return FALSE;
  return TRUE;
}

static char *
read_id (SlReader   *r,
         const char *field)
{
  const char *id;

  sl_reader_require (r, field);
  id = sl_reader_string (r, field, NULL);
  if (id != NULL && !id_is_valid (id))
    sl_reader_fail (r, field,
                    _("An id is 1 to 64 letters, digits, “-” or “_”, got “%s”."), id);
  return g_strdup (id ? id : "");
}

static char *
read_name (SlReader   *r,
           const char *field,
           const char *def)
{
  const char *name = sl_reader_string (r, field, def);

  if (name != NULL && strlen (name) > 200)
    sl_reader_fail (r, field, _("A name is at most 200 characters."));
  /* A name is one line wherever it is shown: its line breaks and tabs are
   * spaces, so it does not break a squad log's, a printed page's or a
   * terminal's lines (issue 19 #12). Other controls and bidi overrides
   * stay, shown escaped on a terminal (sl_text_for_terminal) and dropped
   * where a name is drawn (sl_text_one_line). */
  return name != NULL ? g_strdelimit (g_strdup (name), "\n\t", ' ') : NULL;
}

/* A scenario's own text (its name, description, sides, squads, groupings):
 * translated when it is one of the shipped scenarios' (sl_reader_text). A
 * soldier's name is a name and is never looked up. */
static char *
read_text (SlReader   *r,
           const char *field,
           const char *def)
{
  g_autofree char *name = read_name (r, field, def);

  if (name == NULL || *name == '\0')
    return g_steal_pointer (&name);
  return g_strdup (g_dgettext (GETTEXT_PACKAGE, name));
}

/* A squad's, grouping's or side's id: its own, and never a unit's (issue
 * 30 #10: a command that names either would be ambiguous). */
static gboolean
unique_id (SlReader   *r,
           GHashTable *seen,
           GHashTable *unit_ids,
           const char *field,
           const char *id,
           const char *what)
{
  if (g_hash_table_contains (seen, id))
    {
      sl_reader_fail (r, field, _("There are two %s with the id “%s”."), what, id);
      return FALSE;
    }
  if (g_hash_table_contains (unit_ids, id))
    {
      sl_reader_fail (r, field, _("“%s” is a unit’s id: a squad, grouping or side has an id of its own."), id);
      return FALSE;
    }
  g_hash_table_add (seen, g_strdup (id));
  return TRUE;
}

/* "legionnaire": the unit is a Legionnaire player character (§18): its
 * skills, in the words of the resolve protocol's legionnaire request,
 * converted once here (T-44, A-136). */
static void
read_legionnaire (const SlRules *rules,
                  SlSetup       *setup,
                  SlReader      *unit,
                  SlUnitSetup   *u)
{
  g_autoptr(SlReader) r = sl_reader_object (unit, "legionnaire");
  SlLegionnaire *l;

  if (r == NULL)
    return;
  l = u->legionnaire = g_new0 (SlLegionnaire, 1);
  l->non_combat = sl_reader_bool (r, "non_combat", FALSE);
  l->melee_weapon = sl_reader_bool (r, "melee_weapon", TRUE);
  l->melee_level = sl_reader_int (r, "melee_skill", 0, 100, 0);
  for (int a = 0; a < SL_N_LEGIONNAIRE_ATTRIBUTES; a++)
    l->levels[a] = sl_reader_int (r, sl_legionnaire_attribute_names[a], 0, 100, 0);

  /* A skill for each weapon carried and for hand grenades: level 0 (no
   * skill, T-44) unless "weapon_skills" gives one. */
  for (int w = 0; w < u->n_weapons; w++)
    {
      gboolean again = FALSE;

      for (int k = 0; k < l->n_weapons; k++)
        again |= g_str_equal (l->weapons[k].weapon, u->weapons[w]->id);
      if (!again)
        l->weapons[l->n_weapons++].weapon = u->weapons[w]->id;
    }
  l->weapons[l->n_weapons++].weapon = SL_LEGIONNAIRE_GRENADE;
  if (sl_reader_has (r, "weapon_skills"))
    {
      g_autoptr(SlReader) skills = sl_reader_object (r, "weapon_skills");
      g_autoptr(GList) names = skills != NULL ? sl_reader_members (skills) : NULL;

      for (GList *n = names; n != NULL && sl_reader_ok (r); n = n->next)
        {
          SlLegionnaireSkill *skill = (SlLegionnaireSkill *) sl_legionnaire_skill (l, n->data);
          int level = sl_reader_int (skills, n->data, 0, 100, 0);

          if (skill != NULL)
            {
              skill->level = level;
              continue;
            }
          if (u->n_weapons > 1)
            sl_reader_fail (skills, n->data,
                            _("%s carries no “%s”: a weapon skill is for the %s, the %s or “grenade” (§18)."),
                            u->name, (const char *) n->data, u->weapons[0]->id, u->weapons[1]->id);
          else
            sl_reader_fail (skills, n->data,
                            _("%s carries no “%s”: a weapon skill is for the %s or “grenade” (§18)."),
                            u->name, (const char *) n->data, u->weapons[0]->id);
        }
      if (skills != NULL)
        sl_reader_end (skills);
    }
  sl_reader_end (r);
  sl_legionnaire_convert (rules, setup->options, l);
}

static const char * const launcher_types[] = { "frag", "smoke", NULL };

static void
problem_free (gpointer data)
{
  SlSetupProblem *p = data;

  g_free (p->rule);
  g_free (p->message);
  g_free (p);
}

/* Takes @message. */
static void
add_problem (SlSetup    *setup,
             const char *rule,
             char       *message)
{
  SlSetupProblem *p = g_new0 (SlSetupProblem, 1);

  p->rule = g_strdup (rule);
  p->message = message;
  g_ptr_array_add (setup->problems, p);
}

/* T-37, T-38: the fire missions (P-38 step 1: at most 4 a side) and the
 * mines (P-37 step 1: only outdoors) a side bought before the game. */
static void
read_purchases (const SlRules *rules,
                SlSetup       *setup,
                SlReader      *r,
                SlSideSetup   *side)
{
  int total = 0;

  if (sl_reader_has (r, "fire_missions"))
    {
      g_autoptr(SlReader) fm = sl_reader_object (r, "fire_missions");
      g_autoptr(GList) members = fm != NULL ? sl_reader_members (fm) : NULL;

      for (GList *l = members; l != NULL && sl_reader_ok (fm); l = l->next)
        {
          int index = -1;

          for (guint k = 0; k < rules->fire_missions.items->len; k++)
            if (g_str_equal (((SlFireMissionDef *) g_ptr_array_index (rules->fire_missions.items, k))->id,
                             l->data))
              index = k;
          if (index < 0)
            {
              g_autofree char *choices = sl_json_join_choices (sl_table_ids (&rules->fire_missions));

              sl_reader_fail (fm, l->data, _("Unknown fire mission “%s”; expected one of %s (T-35)."),
                              (const char *) l->data, choices);
              break;
            }
          side->fire_missions[index] = sl_reader_int (fm, l->data, 0, 100, 0);
          total += side->fire_missions[index];
        }
      if (fm != NULL && sl_reader_ok (fm) && total > rules->fire_missions_per_side)
        add_problem (setup, "P-38",
                     g_strdup_printf (_("%s: a side buys at most %d fire missions for a game, not %d (P-38 step 1, T-37)."),
                                      side->name, rules->fire_missions_per_side, total));
      if (fm != NULL)
        sl_reader_end (fm);
    }
  side->mines = sl_reader_int (r, "mines", 0, 100, 0);
  if (sl_reader_ok (r) && total > 0 && !setup->modules[SL_MODULE_FIRE_MISSIONS])
    sl_reader_fail (r, "fire_missions", _("Fire missions need the fire mission rules (§9.6, P-38)."));
  else if (sl_reader_ok (r) && side->mines > 0 && !setup->modules[SL_MODULE_MINES])
    sl_reader_fail (r, "mines", _("Mines need the mine rules (§9.6, P-37)."));
  else if (sl_reader_ok (r) && side->mines > 0 && setup->environment.indoors)
    add_problem (setup, "P-37",
                 g_strdup_printf (_("%s: mines are laid only outdoors, never inside buildings or ships (P-37 step 1)."),
                                  side->name));
}

/* T-36, A-120: where a unit, a squad or a side starts, inside or out
 * (the level above gives the default); only vacuum and hostile atmospheres
 * care. */
static gboolean
read_inside (SlSetup    *setup,
             SlReader   *r,
             gboolean    def)
{
  gboolean inside = sl_reader_bool (r, "inside", def);

  if (sl_reader_has (r, "inside") && sl_reader_ok (r) &&
      !setup->environment.vacuum && !setup->environment.hostile)
    sl_reader_fail (r, "inside",
                    _("Inside or outside matters only in vacuum or a hostile atmosphere (T-36)."));
  return inside;
}

static void
read_unit (const SlRules *rules,
           SlSetup       *setup,
           SlReader      *r,
           SlUnitSetup   *u,
           GHashTable    *counters,
           gboolean       inside)
{
  guint n;
  const SlTable *t;
  int index;

  u->id = read_id (r, "id");
  sl_reader_require (r, "counter");
  u->counter = sl_reader_int (r, "counter", 1, 999, 1);

  t = &rules->troops;
  sl_reader_require (r, "troop");
  index = sl_reader_enum (r, "troop", sl_table_ids (t), t->what, 0);
  u->troop = g_ptr_array_index (t->items, index);
  t = &rules->races;
  index = sl_reader_enum (r, "race", sl_table_ids (t), t->what, -1);
  u->race = index >= 0 ? g_ptr_array_index (t->items, index) : sl_rules_race (rules, "human");
  t = &rules->armor;
  sl_reader_require (r, "armor");
  index = sl_reader_enum (r, "armor", sl_table_ids (t), t->what, 0);
  u->armor = g_ptr_array_index (t->items, index);

  sl_reader_require (r, "weapons");
  n = sl_reader_array_length (r, "weapons");
  if (sl_reader_ok (r) && (n < 1 || n > 2))
    sl_reader_fail (r, "weapons", _("A unit carries one or two weapons: a long arm and a sidearm (A-146)."));
  t = &rules->weapons;
  for (guint i = 0; i < MIN (n, 2); i++)
    {
      index = sl_reader_array_enum (r, "weapons", i, sl_table_ids (t), t->what, 0);
      u->weapons[i] = g_ptr_array_index (t->items, index);
    }
  u->n_weapons = MIN (n, 2);

  if (sl_reader_has (r, "in_hand") && sl_reader_ok (r))
    {
      const char *code = sl_reader_string (r, "in_hand", NULL);

      u->in_hand = -1;
      for (int i = 0; i < u->n_weapons && code; i++)
        if (g_str_equal (u->weapons[i]->id, code))
          u->in_hand = i;
      if (u->in_hand < 0 && sl_reader_ok (r))
        sl_reader_fail (r, "in_hand", _("The weapon in hand must be one the unit carries."));
      u->in_hand = MAX (u->in_hand, 0);
    }

  if (sl_reader_has (r, "omni_mode"))
    {
      static const char * const modes[] = { "spike", "slug", NULL };
      gboolean omni = FALSE;

      for (int i = 0; i < u->n_weapons; i++)
        omni |= u->weapons[i] != NULL && u->weapons[i]->has_modes;
      if (!omni && sl_reader_ok (r))
        sl_reader_fail (r, "omni_mode", _("Only a unit with an OMNI rifle has a firing mode."));
      u->omni_mode = g_strdup (modes[sl_reader_enum (r, "omni_mode", modes, N_("OMNI mode"), 0)]);
    }
  else
    u->omni_mode = g_strdup ("spike");

  u->name = read_name (r, "name", NULL);
  if (u->name == NULL)
    u->name = g_strdup_printf ("%s %d", u->troop->name, u->counter);

  u->naval = sl_reader_bool (r, "naval", FALSE);
  if (sl_reader_has (r, "launcher"))
    {
      u->launcher = TRUE;
      u->launcher_type = sl_reader_enum (r, "launcher", launcher_types, N_("launcher load"), 0) == 1
                         ? SL_GRENADE_SG : SL_GRENADE_FG;
    }
  u->plastic_charges = sl_reader_int (r, "plastic_charges", 0, 10, 0);
  u->shaped_charges = sl_reader_int (r, "shaped_charges", 0, 10, 0);
  u->keys = sl_reader_int (r, "keys", 0, 10, 0);
  u->ecm_jammer = sl_reader_bool (r, "ecm_jammer", FALSE);
  u->position = sl_reader_enum (r, "position", sl_position_names, N_("position"),
                                SL_POSITION_STANDING);
  u->bounce_pack = sl_reader_bool (r, "bounce_pack", u->armor->bounce);
  if (u->bounce_pack && !u->armor->bounce && sl_reader_ok (r))
    sl_reader_fail (r, "bounce_pack", _("The %s has no bounce pack (T-13)."), u->armor->name);
  u->stealth_power = sl_reader_bool (r, "stealth_power", FALSE);
  if (u->stealth_power && !u->armor->power_suit && sl_reader_ok (r))
    sl_reader_fail (r, "stealth_power", _("Only a power suit has a stealth power mode (§15.13)."));
  u->hidden = sl_reader_bool (r, "hidden", FALSE);
  u->inside = read_inside (setup, r, inside);
  if (sl_reader_ok (r))
    read_legionnaire (rules, setup, r, u);

  if (sl_reader_ok (r))
    {
      if (g_hash_table_contains (counters, GINT_TO_POINTER (u->counter)))
        sl_reader_fail (r, "counter", _("Two units have the counter number %d."), u->counter);
      g_hash_table_add (counters, GINT_TO_POINTER (u->counter));
    }
}

/* The point value of each unit (P-02, E-02), through the squad builder. */
static void
compute_points (const SlRules *rules,
                SlSetup       *setup,
                SlSquadSetup  *squad)
{
  g_autofree SlSquadUnit *units = g_new0 (SlSquadUnit, MAX (squad->units->len, 1));
  g_autoptr(GPtrArray) equipment = g_ptr_array_new_with_free_func (g_free);
  SlSquadInput in = { 0 };
  SlSquadCost cost = { 0 };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < squad->units->len; i++)
    {
      SlUnitSetup *u = g_ptr_array_index (setup->units, g_array_index (squad->units, int, i));
      GPtrArray *items = g_ptr_array_new ();

      units[i].id = u->id;
      units[i].troop = u->troop;
      units[i].race = u->race;
      units[i].armor = u->armor;
      units[i].weapons = u->weapons;
      units[i].n_weapons = u->n_weapons;
      units[i].naval = u->naval;
      if (u->launcher)
        g_ptr_array_add (items, (gpointer) "grenade-launcher");
      for (int c = 0; c < u->plastic_charges; c++)
        g_ptr_array_add (items, (gpointer) "plastic-charge");
      for (int c = 0; c < u->shaped_charges; c++)
        g_ptr_array_add (items, (gpointer) "shaped-charge");
      units[i].equipment = (const char * const *) items->pdata;
      units[i].n_equipment = items->len;
      g_ptr_array_add (equipment, g_ptr_array_free (items, FALSE));
    }
  in.units = units;
  in.n_units = squad->units->len;
  in.leader_rating = squad->leader_rating;
  in.quality = squad->quality;
  in.sealed_suits_only = setup->environment.vacuum || setup->environment.hostile;
  in.zero_g = setup->environment.zero_g;
  in.indoors = setup->environment.indoors;

  if (sl_squad_cost (rules, setup->options, &in, &cost, &error))
    {
      for (guint i = 0; i < squad->units->len; i++)
        {
          SlUnitSetup *u = g_ptr_array_index (setup->units, g_array_index (squad->units, int, i));
          u->points = cost.units[i].points;
        }
      for (guint i = 0; i < cost.problems->len; i++)
        {
          const SlSquadProblem *p = g_ptr_array_index (cost.problems, i);
          const SlSideSetup *side = g_ptr_array_index (setup->sides, squad->side);

          /* Translators: a squad's broken rule: "TOG, 1st Squad: Unit 3: …". */
          add_problem (setup, p->rule, g_strdup_printf (_("%s, %s: %s"), side->name, squad->name, p->message));
        }
    }
  sl_squad_cost_clear (&cost);
}

static void
read_squad (const SlRules *rules,
            SlSetup       *setup,
            SlReader      *r,
            int            side,
            int            squad_index,
            GHashTable    *ids,
            GHashTable    *counters,
            gboolean       side_inside)
{
  SlSquadSetup *squad = g_new0 (SlSquadSetup, 1);
  g_autofree char *leader = NULL;
  guint n_units, n_groupings;
  gboolean inside;

  squad->side = side;
  squad->units = g_array_new (FALSE, FALSE, sizeof (int));
  squad->groupings = g_array_new (FALSE, FALSE, sizeof (int));
  squad->leader = -1;
  g_ptr_array_add (setup->squads, squad);

  squad->id = read_id (r, "id");
  if (sl_reader_ok (r))
    unique_id (r, ids, setup->unit_ids, "id", squad->id, _("squads, groupings or sides"));
  squad->name = read_text (r, "name", squad->id);
  squad->quality = sl_reader_enum (r, "quality", sl_quality_names, N_("troop quality"),
                                   rules->default_quality);
  squad->leader_rating = sl_reader_int (r, "leader_rating", -2, 2, 0);
  inside = read_inside (setup, r, side_inside);

  sl_reader_require (r, "units");
  n_units = sl_reader_array_length (r, "units");
  if (sl_reader_ok (r) && (n_units == 0 || n_units > MAX_SQUAD))
    sl_reader_fail (r, "units", _("A squad has 1 to %d soldiers (§1.1)."), MAX_SQUAD);
  for (guint i = 0; i < n_units && sl_reader_ok (r); i++)
    {
      g_autoptr(SlReader) ur = sl_reader_array_object (r, "units", i);
      SlUnitSetup *u = g_new0 (SlUnitSetup, 1);
      int index = setup->units->len;

      u->index = index;
      u->side = side;
      u->squad = squad_index;
      u->grouping = -1;
      g_ptr_array_add (setup->units, u);
      read_unit (rules, setup, ur, u, counters, inside);
      if (sl_reader_ok (ur))
        {
          if (g_hash_table_contains (setup->unit_ids, u->id))
            sl_reader_fail (ur, "id", _("Two units have the id “%s”."), u->id);
          else if (g_hash_table_contains (ids, u->id))
            sl_reader_fail (ur, "id", _("“%s” is the id of a squad, grouping or side: a unit has an id of its own."),
                            u->id);
          else
            g_hash_table_insert (setup->unit_ids, u->id, u);
        }
      sl_reader_end (ur);
      g_array_append_val (squad->units, index);
    }

  leader = g_strdup (sl_reader_string (r, "leader", NULL));
  if (leader != NULL && sl_reader_ok (r))
    {
      SlUnitSetup *u = g_hash_table_lookup (setup->unit_ids, leader);

      if (u == NULL || u->squad != squad_index)
        sl_reader_fail (r, "leader", _("The leader “%s” is not a unit of this squad."), leader);
      else
        squad->leader = u->index;
    }

  /* Groupings: a squad, fire teams or any split the players define (§5.1).
   * Without a list the squad is one grouping. */
  n_groupings = sl_reader_array_length (r, "groupings");
  for (guint i = 0; i < n_groupings && sl_reader_ok (r); i++)
    {
      g_autoptr(SlReader) gr = sl_reader_array_object (r, "groupings", i);
      SlGroupingSetup *g = g_new0 (SlGroupingSetup, 1);
      int gindex = setup->groupings->len;
      guint nu;

      g->squad = squad_index;
      g->units = g_array_new (FALSE, FALSE, sizeof (int));
      g_ptr_array_add (setup->groupings, g);
      g_array_append_val (squad->groupings, gindex);
      g->id = read_id (gr, "id");
      if (sl_reader_ok (gr))
        unique_id (gr, ids, setup->unit_ids, "id", g->id, _("squads, groupings or sides"));
      g->name = read_text (gr, "name", g->id);
      sl_reader_require (gr, "units");
      nu = sl_reader_array_length (gr, "units");
      if (sl_reader_ok (gr) && nu == 0)
        sl_reader_fail (gr, "units", _("A grouping has at least one unit."));
      for (guint k = 0; k < nu && sl_reader_ok (gr); k++)
        {
          const char *id = sl_reader_array_string (gr, "units", k);
          SlUnitSetup *u = id ? g_hash_table_lookup (setup->unit_ids, id) : NULL;
          g_autofree char *field = g_strdup_printf ("units[%u]", k);

          if (u == NULL || u->squad != squad_index)
            sl_reader_fail (gr, field, _("“%s” is not a unit of this squad."), id ? id : "");
          else if (u->grouping >= 0)
            sl_reader_fail (gr, field, _("“%s” is in two groupings; groupings never overlap (§5.1)."),
                            id);
          else
            {
              u->grouping = gindex;
              g_array_append_val (g->units, u->index);
            }
        }
      sl_reader_end (gr);
    }
  if (n_groupings == 0 && sl_reader_ok (r))
    {
      SlGroupingSetup *g = g_new0 (SlGroupingSetup, 1);
      int gindex = setup->groupings->len;

      g->squad = squad_index;
      g->id = g_strdup (squad->id);
      g->name = g_strdup (squad->name);
      g->units = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint i = 0; i < squad->units->len; i++)
        {
          int ui = g_array_index (squad->units, int, i);
          ((SlUnitSetup *) g_ptr_array_index (setup->units, ui))->grouping = gindex;
          g_array_append_val (g->units, ui);
        }
      g_ptr_array_add (setup->groupings, g);
      g_array_append_val (squad->groupings, gindex);
    }
  for (guint i = 0; i < squad->units->len && sl_reader_ok (r); i++)
    {
      SlUnitSetup *u = g_ptr_array_index (setup->units, g_array_index (squad->units, int, i));

      if (u->grouping < 0)
        sl_reader_fail (r, "groupings", _("The unit “%s” is in no grouping; every unit acts with one (§5.1)."),
                        u->id);
    }

  if (sl_reader_ok (r))
    compute_points (rules, setup, squad);
}

static void
read_environment (SlSetup  *setup,
                  SlReader *parent)
{
  g_autoptr(SlReader) r = sl_reader_object (parent, "environment");
  SlEnvironmentSetup *e = &setup->environment;

  if (r == NULL)
    return;
  e->night = sl_reader_bool (r, "night", FALSE);
  e->rain = sl_reader_bool (r, "rain", FALSE);
  e->snow = sl_reader_bool (r, "snow", FALSE);
  e->zero_g = sl_reader_bool (r, "zero_g", FALSE);
  e->vacuum = sl_reader_bool (r, "vacuum", FALSE);
  e->hostile = sl_reader_bool (r, "hostile", FALSE);
  e->indoors = sl_reader_bool (r, "indoors", FALSE);
  e->blackout = sl_reader_bool (r, "blackout", FALSE);
  if (sl_reader_ok (r) && e->blackout && !e->indoors)
    sl_reader_fail (r, "blackout", _("A blackout only matters indoors (T-36)."));
  if (sl_reader_ok (r) && e->rain && e->snow)
    sl_reader_fail (r, "snow", _("It cannot both rain and snow."));
  sl_reader_end (r);
}

/* A list of texts for the players ("notes", "special"). */
static void
read_texts (SlReader   *r,
            const char *field,
            GPtrArray  *into)
{
  guint n = sl_reader_array_length (r, field);

  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      const char *text = sl_reader_array_string (r, field, i);

      if (text != NULL)
        g_ptr_array_add (into, g_strdup (*text ? g_dgettext (GETTEXT_PACKAGE, text) : text));
    }
}

static SlSideSetup *
side_by_id (SlSetup    *setup,
            const char *id)
{
  for (guint i = 0; i < setup->sides->len; i++)
    {
      SlSideSetup *side = g_ptr_array_index (setup->sides, i);

      if (g_strcmp0 (side->id, id) == 0)
        return side;
    }
  return NULL;
}

/* "starting_positions": {"tog": "…"} (§10 D). */
static void
read_starting_positions (SlSetup  *setup,
                         SlReader *root)
{
  g_autoptr(SlReader) r = NULL;
  g_autoptr(GList) members = NULL;

  if (!sl_reader_ok (root) || !sl_reader_has (root, "starting_positions"))
    return;
  r = sl_reader_object (root, "starting_positions");
  if (r == NULL)
    return;
  members = sl_reader_members (r);
  for (GList *l = members; l && sl_reader_ok (r); l = l->next)
    {
      SlSideSetup *side = side_by_id (setup, l->data);

      if (side == NULL)
        {
          sl_reader_fail (r, l->data, _("There is no side “%s”."), (const char *) l->data);
          break;
        }
      side->starting_position = read_text (r, l->data, NULL);
    }
  sl_reader_end (r);
}

/* "victory": the premade scenario it follows, the objective's place, and
 * each side's primary objective, its description and its points budget
 * (§10 E, P-40, T-41 … T-43). */
static void
read_victory (const SlRules *rules,
              SlSetup       *setup,
              SlReader      *root)
{
  g_autoptr(SlReader) r = NULL;
  g_autoptr(SlReader) sides = NULL;
  g_autoptr(GList) members = NULL;
  const char *scenario;

  for (guint i = 0; i < setup->sides->len; i++)
    {
      SlSideSetup *side = g_ptr_array_index (setup->sides, i);

      side->objective = SL_OBJECTIVE_NONE;
      side->budget = -1;
      side->spent = -1;
    }
  if (!sl_reader_ok (root) || !sl_reader_has (root, "victory"))
    return;
  r = sl_reader_object (root, "victory");
  if (r == NULL)
    return;
  scenario = sl_reader_string (r, "scenario", NULL);
  if (scenario != NULL)
    {
      setup->scenario = sl_rules_scenario (rules, scenario);
      if (setup->scenario == NULL)
        sl_reader_fail (r, "scenario", _("The rules know no premade scenario “%s” (T-41 … T-43)."), scenario);
    }
  setup->objective_place = read_text (r, "objective", NULL);
  sides = sl_reader_ok (r) ? sl_reader_object (r, "sides") : NULL;
  if (sides != NULL)
    members = sl_reader_members (sides);
  for (GList *l = members; l && sl_reader_ok (r); l = l->next)
    {
      SlSideSetup *side = side_by_id (setup, l->data);
      g_autoptr(SlReader) sr = NULL;
      const SlScenarioSummary *sc = setup->scenario;

      if (side == NULL)
        {
          sl_reader_fail (sides, l->data, _("There is no side “%s”."), (const char *) l->data);
          break;
        }
      sr = sl_reader_object (sides, l->data);
      if (sr == NULL)
        break;
      side->objective = sl_reader_enum (sr, "primary", sl_objective_names, N_("objective"),
                                        SL_OBJECTIVE_NONE);
      side->objective_description = read_text (sr, "description", NULL);
      side->budget = sl_reader_int (sr, "budget", 0, 100000, -1);
      side->spent = sl_reader_int (sr, "spent", 0, 100000, -1);
      /* An objective scored by the premade scenario's numbers needs them. */
      if (sl_reader_ok (sr))
        {
          if (side->objective == SL_OBJECTIVE_KILL && (sc == NULL || sc->kill_fraction[1] <= 0))
            sl_reader_fail (sr, "primary", _("A kill objective needs a scenario with a kill share (T-41)."));
          else if (side->objective == SL_OBJECTIVE_CHARGES && (sc == NULL || sc->n_charge_points == 0))
            sl_reader_fail (sr, "primary", _("A charges objective needs a scenario with a charge ladder (T-42)."));
          else if (side->objective == SL_OBJECTIVE_HOLD && (sc == NULL || sc->hold_turns <= 0))
            sl_reader_fail (sr, "primary", _("A hold objective needs a scenario with turns to hold (T-43)."));
        }
      sl_reader_end (sr);
    }
  if (sides != NULL)
    sl_reader_end (sides);
  sl_reader_end (r);
}

/* The names units are told by: the counter number where two units share a
 * name ("3 Legionnaire Ostra"), and the label of pickers, counter and name
 * ("3 · Legionnaire Ostra"). */
static void
name_units (SlSetup *setup)
{
  for (guint i = 0; i < setup->units->len; i++)
    {
      SlUnitSetup *u = g_ptr_array_index (setup->units, i);
      gboolean shared = FALSE;

      for (guint k = 0; k < setup->units->len && !shared; k++)
        shared = k != i && g_strcmp0 (((SlUnitSetup *) g_ptr_array_index (setup->units, k))->name, u->name) == 0;
      g_free (u->told);
      g_free (u->label);
      /* Translators: a unit named with its counter where names repeat:
       * "3 Legionnaire Ostra". */
      u->told = shared ? g_strdup_printf (C_("unit", "%d %s"), u->counter, u->name) : g_strdup (u->name);
      /* Translators: a unit in a list: its counter number and its name. */
      u->label = g_strdup_printf (C_("unit", "%d · %s"), u->counter, u->name);
    }
}

/* Special conditions (§10 G) */

/* The value of the rule option @id in @options, or NULL when there is no
 * such option. */
static JsonNode *
option_value (const SlRules   *rules,
              const SlOptions *options,
              const char      *id)
{
  const SlOptionDef *def = id != NULL ? sl_option_set_lookup (rules->options, id) : NULL;

  return def != NULL ? sl_option_get_json (def, options) : NULL;
}

/* Whether a condition is in force with these options: its "when" names a
 * yes/no option that must be on. */
static gboolean
json_condition_applies (const SlRules   *rules,
                        const SlOptions *options,
                        JsonObject      *condition)
{
  JsonNode *when = json_object_get_member (condition, "when");
  g_autoptr(JsonNode) value = NULL;

  if (when == NULL || !JSON_NODE_HOLDS_OBJECT (when))
    return TRUE;
  if (!json_object_has_member (json_node_get_object (when), "option"))
    return TRUE;
  value = option_value (rules, options,
                        json_node_get_string (json_object_get_member (json_node_get_object (when), "option")));
  return value != NULL && json_node_get_value_type (value) == G_TYPE_BOOLEAN && json_node_get_boolean (value);
}

static const char *
member_string (JsonObject *o,
               const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
         ? json_node_get_string (n) : NULL;
}

static JsonArray *
member_array (JsonObject *o,
              const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  return n != NULL && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;
}

/* Calls @func on every unit object of @side (NULL: every side), or of
 * @squad (NULL: every squad). */
static void
for_units (JsonObject *root,
           const char *side,
           const char *squad,
           void      (*func) (JsonObject *unit, gpointer data),
           gpointer    data,
           void      (*squad_func) (JsonObject *squad, gpointer data))
{
  JsonArray *sides = member_array (root, "sides");

  for (guint s = 0; sides != NULL && s < json_array_get_length (sides); s++)
    {
      JsonNode *sn = json_array_get_element (sides, s);
      JsonArray *squads;

      if (!JSON_NODE_HOLDS_OBJECT (sn) ||
          (side != NULL && g_strcmp0 (member_string (json_node_get_object (sn), "id"), side) != 0))
        continue;
      squads = member_array (json_node_get_object (sn), "squads");
      for (guint q = 0; squads != NULL && q < json_array_get_length (squads); q++)
        {
          JsonNode *qn = json_array_get_element (squads, q);
          JsonArray *units;

          if (!JSON_NODE_HOLDS_OBJECT (qn) ||
              (squad != NULL && g_strcmp0 (member_string (json_node_get_object (qn), "id"), squad) != 0))
            continue;
          if (squad_func != NULL)
            squad_func (json_node_get_object (qn), data);
          units = member_array (json_node_get_object (qn), "units");
          for (guint u = 0; func != NULL && units != NULL && u < json_array_get_length (units); u++)
            if (JSON_NODE_HOLDS_OBJECT (json_array_get_element (units, u)))
              func (json_array_get_object_element (units, u), data);
        }
    }
}

static void
set_hidden (JsonObject *unit,
            gpointer    data)
{
  json_object_set_boolean_member (unit, "hidden", TRUE);
}

static void
set_troop (JsonObject *unit,
           gpointer    data)
{
  json_object_set_member (unit, "troop", json_node_copy (data));
}

static void
set_leader_rating (JsonObject *squad,
                   gpointer    data)
{
  json_object_set_member (squad, "leader_rating", json_node_copy (data));
}

/* What some conditions change in the setup itself, written into @root
 * before it is read: the modules a rule option adds, the units that hide
 * before play, the values a rule option gives. The
 * conditions are checked when they are read (read_conditions); here what
 * does not fit is passed over. */
static void
apply_condition_values (const SlRules *rules,
                        JsonObject    *root)
{
  g_autoptr(SlReadContext) ctx = sl_read_context_new ();
  JsonArray *conditions = member_array (root, "special_conditions");
  JsonNode *options_node = json_object_get_member (root, "options");
  SlOptions options = *sl_option_set_defaults (rules->options);

  if (conditions == NULL)
    return;
  if (options_node != NULL && JSON_NODE_HOLDS_OBJECT (options_node))
    {
      g_autoptr(SlReader) r = sl_reader_new (ctx, options_node, "options");

      sl_option_set_apply (rules->options, &options, r);
    }
  for (guint i = 0; i < json_array_get_length (conditions); i++)
    {
      JsonNode *cn = json_array_get_element (conditions, i);
      JsonObject *c;
      const char *kind;

      if (!JSON_NODE_HOLDS_OBJECT (cn))
        continue;
      c = json_node_get_object (cn);
      kind = member_string (c, "kind");
      if (kind == NULL || !json_condition_applies (rules, &options, c))
        continue;
      if (g_str_equal (kind, "rules"))
        {
          JsonArray *add = member_array (c, "modules");
          JsonArray *modules = member_array (root, "modules");

          if (modules == NULL)
            {
              json_object_set_array_member (root, "modules", json_array_new ());
              modules = member_array (root, "modules");
            }
          for (guint k = 0; add != NULL && k < json_array_get_length (add); k++)
            {
              const char *m = json_node_get_string (json_array_get_element (add, k));
              gboolean there = FALSE;

              for (guint j = 0; m != NULL && j < json_array_get_length (modules); j++)
                there |= g_strcmp0 (json_node_get_string (json_array_get_element (modules, j)), m) == 0;
              if (m != NULL && !there)
                json_array_add_string_element (modules, m);
            }
        }
      else if (g_str_equal (kind, "hiding"))
        for_units (root, member_string (c, "side"), NULL, set_hidden, NULL, NULL);
      else if (g_str_equal (kind, "option-value"))
        {
          g_autoptr(JsonNode) value = option_value (rules, &options, member_string (c, "option"));
          const char *field = member_string (c, "field");

          if (value == NULL || field == NULL)
            continue;
          if (g_str_equal (field, "troop"))
            for_units (root, member_string (c, "side"), NULL, set_troop, value, NULL);
          else if (g_str_equal (field, "leader_rating") && member_string (c, "squad") != NULL)
            for_units (root, NULL, member_string (c, "squad"), NULL, value, set_leader_rating);
        }
    }
}

/* A condition in words, when the scenario gives none. */
static char *
condition_words (const SlRules     *rules,
                 const SlSetup     *setup,
                 const SlCondition *c,
                 JsonObject        *raw)
{
  const char *side = c->side >= 0 ? sl_setup_side_at (setup, c->side)->name : NULL;

  switch (c->kind)
    {
    case SL_CONDITION_TERRAIN:
      return g_strdup_printf (_("The whole area counts as %s (T-10)."), c->terrain->name);
    case SL_CONDITION_FORBID_ACTIONS:
      {
        g_autoptr(GString) names = g_string_new (NULL);

        for (guint i = 0; i < c->actions->len; i++)
          {
            if (i > 0)
              g_string_append (names, _(", "));
            g_string_append (names, ((const SlAction *) g_ptr_array_index (c->actions, i))->name);
          }
        return side != NULL ? g_strdup_printf (_("%s may not: %s."), side, names->str)
                            : g_strdup_printf (_("Nobody may: %s."), names->str);
      }
    case SL_CONDITION_HOLD_FIRE:
      return g_strdup_printf (c->hold_fire && c->hold_melee ? _("%s may not fire or engage until fired upon.")
                              : c->hold_melee ? _("%s may not engage in melee until fired upon.")
                              : _("%s may not fire until fired upon."), side);
    case SL_CONDITION_DOORS:
      {
        g_autoptr(GString) words = g_string_new (NULL);

        if (c->doors_locked)
          g_string_append (words, c->no_keys ? _("All doors are locked, and there are no keys.")
                                             : _("All doors are locked."));
        else if (c->no_keys)
          g_string_append (words, _("There are no keys."));
        if (c->airlocks_blown)
          g_string_append_printf (words, "%s%s", words->len ? " " : "",
                                  _("The airlocks are opened only by blowing them open."));
        return g_string_free (g_steal_pointer (&words), FALSE);
      }
    case SL_CONDITION_RULES:
      {
        JsonArray *modules = member_array (raw, "modules");
        g_autoptr(GString) names = g_string_new (NULL);

        for (guint i = 0; modules != NULL && i < json_array_get_length (modules); i++)
          for (int m = 0; m < SL_N_MODULES; m++)
            if (g_strcmp0 (sl_module_names[m], json_array_get_string_element (modules, i)) == 0)
              {
                if (names->len > 0)
                  g_string_append (names, _(", "));
                g_string_append (names, sl_module_label (m));
              }
        return g_strdup_printf (_("Also in use: %s."), names->str);
      }
    case SL_CONDITION_HIDING:
      return side != NULL ? g_strdup_printf (_("%s starts hidden, at no cost: its units place their piles before play (P-28)."), side)
                          : g_strdup (_("Every unit starts hidden, at no cost, and places its pile before play (P-28)."));
    case SL_CONDITION_INITIATIVE:
      return g_strdup_printf (_("%s: %+d on initiative (P-06)."),
                              c->grouping >= 0 ? sl_setup_grouping_at (setup, c->grouping)->name
                              : side != NULL ? side : _("Every grouping"), c->modifier);
    case SL_CONDITION_OPTION_VALUE:
      return g_strdup_printf (_("Set by the rule option %s."), member_string (raw, "option"));
    case SL_CONDITION_RESTRICTION:
    case SL_N_CONDITIONS:
    default:
      return NULL;
    }
}

static const char * const door_states[] = { "open", "locked", NULL };
static const char * const airlock_states[] = { "open", "locked", "blown", NULL };
static const char * const value_fields[] = { "troop", "leader_rating", NULL };

/* "special_conditions": the scenario's special conditions as rules (§10 G),
 * after the sides are read: they name sides, groupings and squads. Those
 * whose "when" is off are not in force and are left out. */
static void
read_conditions (const SlRules *rules,
                 SlSetup       *setup,
                 SlReader      *root)
{
  guint n = sl_reader_array_length (root, "special_conditions");
  JsonArray *raw;

  setup->conditions = g_array_new (FALSE, TRUE, sizeof (SlCondition));
  g_array_set_clear_func (setup->conditions, condition_clear);
  if (n == 0 || !sl_reader_ok (root))
    return;
  raw = json_node_get_array (json_object_get_member (json_node_get_object (setup->json), "special_conditions"));
  for (guint i = 0; i < n && sl_reader_ok (root); i++)
    {
      g_autoptr(SlReader) r = sl_reader_array_object (root, "special_conditions", i);
      SlCondition c = { 0 };
      const char *side_id;
      gboolean applies;

      c.kind = sl_reader_enum (r, "kind", sl_condition_kind_names, N_("special condition"), 0);
      sl_reader_require (r, "kind");
      c.side = -1;
      c.grouping = -1;
      side_id = sl_reader_string (r, "side", NULL);
      if (side_id != NULL && (c.side = sl_setup_find_side (setup, side_id)) < 0 && sl_reader_ok (r))
        sl_reader_fail (r, "side", _("There is no side “%s” in this scenario."), side_id);
      {
        const char *text = sl_reader_string (r, "text", NULL);

        if (text != NULL && strlen (text) > 2000 && sl_reader_ok (r))
          sl_reader_fail (r, "text", _("A special condition's text is at most 2000 bytes."));
        c.text = text != NULL && *text ? g_strdup (g_dgettext (GETTEXT_PACKAGE, text)) : NULL;
      }
      c.ref = g_strdup (sl_reader_string (r, "ref", NULL));
      c.from_turn = sl_reader_int (r, "from_turn", 1, 200, 1);
      c.until_turn = sl_reader_int (r, "until_turn", 1, 200, 0);
      /* A condition that would end before it begins is never in force. */
      if (c.until_turn > 0 && c.until_turn < c.from_turn && sl_reader_ok (r))
        sl_reader_fail (r, "until_turn", _("A condition in force from turn %d cannot end before it, in turn %d."),
                        c.from_turn, c.until_turn);
      if (sl_reader_has (r, "when"))
        {
          g_autoptr(SlReader) w = sl_reader_object (r, "when");
          const char *option = w != NULL ? sl_reader_string (w, "option", "") : "";
          const SlOptionDef *def = sl_option_set_lookup (rules->options, option);

          if (w != NULL)
            sl_reader_require (w, "option");
          if (w != NULL && sl_reader_ok (w) && (def == NULL || def->type != SL_OPTION_BOOL))
            sl_reader_fail (w, "option", _("“%s” is no yes/no rule option."), option);
          if (w != NULL)
            sl_reader_end (w);
        }

      switch (c.kind)
        {
        case SL_CONDITION_TERRAIN:
          {
            const char *id = sl_reader_string (r, "terrain", "");

            sl_reader_require (r, "terrain");
            c.terrain = sl_rules_terrain (rules, id);
            if (c.terrain == NULL && sl_reader_ok (r))
              sl_reader_fail (r, "terrain", _("Unknown terrain “%s” (T-10)."), id);
          }
          break;
        case SL_CONDITION_FORBID_ACTIONS:
          {
            const SlTable *t = &rules->actions;
            guint k = sl_reader_array_length (r, "actions");

            sl_reader_require (r, "actions");
            c.actions = g_ptr_array_new ();
            for (guint j = 0; j < k && sl_reader_ok (r); j++)
              g_ptr_array_add (c.actions, g_ptr_array_index (t->items,
                                 sl_reader_array_enum (r, "actions", j, sl_table_ids (t), t->what, 0)));
          }
          break;
        case SL_CONDITION_HOLD_FIRE:
          c.hold_fire = sl_reader_bool (r, "fire", TRUE);
          c.hold_melee = sl_reader_bool (r, "melee", FALSE);
          if (c.side < 0 && sl_reader_ok (r))
            sl_reader_fail (r, "side", _("Name the side that holds its fire."));
          break;
        case SL_CONDITION_DOORS:
          c.doors_locked = sl_reader_enum (r, "doors", door_states, N_("door state"), 0) == 1;
          c.airlocks_blown = sl_reader_enum (r, "airlocks", airlock_states, N_("airlock state"), 0) == 2;
          c.no_keys = !sl_reader_bool (r, "keys", TRUE);
          break;
        case SL_CONDITION_RULES:
          {
            guint k = sl_reader_array_length (r, "modules");

            sl_reader_require (r, "modules");
            for (guint j = 0; j < k && sl_reader_ok (r); j++)
              sl_reader_array_enum (r, "modules", j, sl_module_names, N_("rule module"), 0);
          }
          break;
        case SL_CONDITION_HIDING:
          break;
        case SL_CONDITION_INITIATIVE:
          {
            const char *g = sl_reader_string (r, "grouping", NULL);

            sl_reader_require (r, "modifier");
            c.modifier = sl_reader_int (r, "modifier", -10, 10, 0);
            if (g != NULL && (c.grouping = sl_setup_find_grouping (setup, g)) < 0 && sl_reader_ok (r))
              sl_reader_fail (r, "grouping", _("There is no grouping “%s” in this scenario."), g);
          }
          break;
        case SL_CONDITION_OPTION_VALUE:
          {
            const char *option = sl_reader_string (r, "option", "");
            const char *squad = sl_reader_string (r, "squad", NULL);
            int field;

            sl_reader_require (r, "option");
            sl_reader_require (r, "field");
            field = sl_reader_enum (r, "field", value_fields, N_("setup field"), 0);
            if (sl_reader_ok (r) && sl_option_set_lookup (rules->options, option) == NULL)
              sl_reader_fail (r, "option", _("There is no rule option “%s”."), option);
            if (sl_reader_ok (r) && field == 1 && (squad == NULL || sl_setup_find_squad (setup, squad) < 0))
              sl_reader_fail (r, "squad", _("Name the squad whose leader rating the option gives."));
          }
          break;
        case SL_CONDITION_RESTRICTION:
          sl_reader_require (r, "text");
          break;
        case SL_N_CONDITIONS:
        default:
          g_assert_not_reached ();
        }
      applies = sl_reader_ok (r) &&
                json_condition_applies (rules, setup->options,
                                        json_array_get_object_element (raw, i));
      if (applies && c.text == NULL)
        c.text = condition_words (rules, setup, &c, json_array_get_object_element (raw, i));
      sl_reader_end (r);
      if (applies && sl_reader_ok (root))
        {
          /* What the players read of the scenario's special conditions. */
          if (c.text != NULL)
            g_ptr_array_add (setup->special, g_strdup (c.text));
          g_array_append_val (setup->conditions, c);
        }
      else
        condition_clear (&c);
    }
}

static void
read_all (const SlRules *rules,
          SlSetup       *setup,
          SlReader      *root)
{
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) counters = g_hash_table_new (NULL, NULL);
  guint n_sides, n_modules;

  setup->id = read_id (root, "id");
  setup->name = read_text (root, "name", NULL);
  sl_reader_require (root, "name");
  setup->description = read_text (root, "description", "");
  setup->book = g_strdup (sl_reader_string (root, "book", NULL));
  read_texts (root, "notes", setup->notes);
  read_texts (root, "special", setup->special);
  read_texts (root, "overrides", setup->overrides);
  setup->purchases_unrecorded = sl_reader_bool (root, "purchases_unrecorded", FALSE);
  setup->late_seals = sl_reader_bool (root, "late_seals", FALSE);
  sl_reader_require (root, "length_turns");
  setup->length_turns = sl_reader_int (root, "length_turns", 1, 200, 12);

  n_modules = sl_reader_array_length (root, "modules");
  for (guint i = 0; i < n_modules; i++)
    setup->modules[sl_reader_array_enum (root, "modules", i, sl_module_names,
                                         N_("rule module"), 0)] = TRUE;
  /* "area-effects" (the files before the area-effect weapons were rules of
   * their own) is all four of them (§9.6). */
  for (int m = 0; m < SL_N_MODULES; m++)
    if (sl_module_is_area_effect (m))
      setup->modules[m] |= setup->modules[SL_MODULE_AREA_EFFECTS];
  setup->modules[SL_MODULE_AREA_EFFECTS] = FALSE;
  /* §1.1: the dependencies between modules. */
  if (sl_reader_ok (root))
    {
      if ((setup->modules[SL_MODULE_AUTOMATIC_FIRE] || sl_setup_has_module (setup, SL_MODULE_AREA_EFFECTS)) &&
          !setup->modules[SL_MODULE_AMMUNITION])
        sl_reader_fail (root, "modules",
                        _("Automatic fire and area-effect weapons need the ammunition rules (§1.1)."));
      else if (setup->modules[SL_MODULE_MORALE] && !setup->modules[SL_MODULE_LEADERSHIP])
        sl_reader_fail (root, "modules", _("Morale needs the leadership rules (§1.1)."));
      else if (setup->modules[SL_MODULE_AMBUSH] && !setup->modules[SL_MODULE_DETECTION])
        sl_reader_fail (root, "modules", _("Ambush needs the detection rules (§15.14)."));
    }

  read_environment (setup, root);
  if (sl_reader_ok (root) && !setup->modules[SL_MODULE_ENVIRONMENT] &&
      (setup->environment.night || setup->environment.rain || setup->environment.snow ||
       setup->environment.vacuum || setup->environment.hostile))
    sl_reader_fail (root, "environment",
                    _("Night, rain, snow, vacuum and hostile atmospheres need the environment rules module."));

  setup->options = g_memdup2 (sl_option_set_defaults (rules->options), sizeof (SlOptions));
  if (sl_reader_has (root, "options"))
    {
      g_autoptr(SlReader) options = sl_reader_object (root, "options");
      if (options != NULL)
        sl_option_set_apply (rules->options, setup->options, options);
    }

  sl_reader_require (root, "sides");
  n_sides = sl_reader_array_length (root, "sides");
  if (sl_reader_ok (root) && n_sides != 2)
    sl_reader_fail (root, "sides", _("A game has two sides."));
  for (guint s = 0; s < n_sides && sl_reader_ok (root); s++)
    {
      g_autoptr(SlReader) sr = sl_reader_array_object (root, "sides", s);
      SlSideSetup *side = g_new0 (SlSideSetup, 1);
      guint n_squads;
      gboolean inside;

      side->squads = g_array_new (FALSE, FALSE, sizeof (int));
      g_ptr_array_add (setup->sides, side);
      side->id = read_id (sr, "id");
      if (sl_reader_ok (sr))
        unique_id (sr, ids, setup->unit_ids, "id", side->id, _("squads, groupings or sides"));
      side->name = read_text (sr, "name", side->id);
      side->camo_tinter = sl_reader_bool (sr, "camo_tinter", FALSE);
      side->ecm = sl_reader_bool (sr, "ecm", FALSE);
      if (sl_reader_ok (sr) && (side->camo_tinter || side->ecm) &&
          !setup->modules[SL_MODULE_EQUIPMENT])
        sl_reader_fail (sr, side->ecm ? "ecm" : "camo_tinter",
                        _("The camo tinter and the ECM jammer need the optional equipment rules (§15.11)."));

      read_purchases (rules, setup, sr, side);
      inside = read_inside (setup, sr, FALSE);
      sl_reader_require (sr, "squads");
      n_squads = sl_reader_array_length (sr, "squads");
      if (sl_reader_ok (sr) && n_squads == 0)
        sl_reader_fail (sr, "squads", _("A side has at least one squad."));
      for (guint q = 0; q < n_squads && sl_reader_ok (sr); q++)
        {
          g_autoptr(SlReader) qr = sl_reader_array_object (sr, "squads", q);
          int index = setup->squads->len;

          read_squad (rules, setup, qr, s, index, ids, counters, inside);
          g_array_append_val (side->squads, index);
          sl_reader_end (qr);
        }
      sl_reader_end (sr);
    }
  if (sl_reader_ok (root) && setup->units->len > 64)
    sl_reader_fail (root, "sides", _("A game has at most 64 units."));

  read_starting_positions (setup, root);
  read_victory (rules, setup, root);
  read_conditions (rules, setup, root);
  sl_reader_end (root);
  name_units (setup);
}

SlSetup *
sl_setup_new_from_json (const SlRules  *rules,
                        JsonNode       *node,
                        GError        **error)
{
  g_autoptr(SlReadContext) ctx = sl_read_context_new ();
  g_autoptr(SlReader) root = NULL;
  g_autoptr(SlSetup) setup = g_new0 (SlSetup, 1);
  g_autoptr(JsonNode) read = NULL;

  g_return_val_if_fail (rules != NULL && node != NULL, NULL);

  setup->sides = g_ptr_array_new_with_free_func (side_free);
  setup->squads = g_ptr_array_new_with_free_func (squad_free);
  setup->groupings = g_ptr_array_new_with_free_func (grouping_free);
  setup->units = g_ptr_array_new_with_free_func (unit_free);
  setup->unit_ids = g_hash_table_new (g_str_hash, g_str_equal);
  setup->notes = g_ptr_array_new_with_free_func (g_free);
  setup->special = g_ptr_array_new_with_free_func (g_free);
  setup->overrides = g_ptr_array_new_with_free_func (g_free);
  setup->problems = g_ptr_array_new_with_free_func (problem_free);
  setup->json = json_node_copy (node);

  /* Read as the special conditions make it (the file keeps them). */
  read = json_node_copy (node);
  if (JSON_NODE_HOLDS_OBJECT (read))
    apply_condition_values (rules, json_node_get_object (read));
  root = sl_reader_new (ctx, read, "");
  /* Issue 30 #9: no note, description or name of a size that would keep
   * the window busy showing it. */
  if (sl_json_check_text_sizes (node, "", ctx))
    read_all (rules, setup, root);
  if (sl_read_context_failed (ctx))
    {
      const char *field = sl_read_context_field (ctx);

      if (field && *field)
        g_set_error (error, SL_SETUP_ERROR, 0, "%s: %s", field, sl_read_context_message (ctx));
      else
        g_set_error_literal (error, SL_SETUP_ERROR, 0, sl_read_context_message (ctx));
      return NULL;
    }
  return g_steal_pointer (&setup);
}

SlSetup *
sl_setup_new_from_file (const SlRules  *rules,
                        const char     *path,
                        GError        **error)
{
  return sl_setup_new_from_file_with_options (rules, path, NULL, error);
}

SlSetup *
sl_setup_new_from_file_with_options (const SlRules  *rules,
                                     const char     *path,
                                     JsonObject     *options,
                                     GError        **error)
{
  g_autoptr(GBytes) text = NULL;
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonNode) node = NULL;
  SlSetup *setup;

  /* A regular file (a named pipe in the scenarios folder must not freeze
   * New Game) of 4 MiB at most. */
  text = sl_file_read (path, SL_FILE_LIMIT_SCENARIO, SL_FILE_READ_DEFAULT, &local_error);
  if (text == NULL)
    {
      g_set_error (error, SL_SETUP_ERROR, 0, _("Cannot read the scenario: %s"), local_error->message);
      return NULL;
    }
  node = sl_json_parse (g_bytes_get_data (text, NULL), g_bytes_get_size (text), &local_error);
  if (node == NULL)
    {
      g_set_error (error, SL_SETUP_ERROR, 0, _("%s: this is not valid JSON: %s"), display,
                   local_error->message);
      return NULL;
    }
  /* The players' choices over the scenario's own. */
  if (options != NULL && JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *root = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (options);

      if (!json_object_has_member (root, "options") ||
          !JSON_NODE_HOLDS_OBJECT (json_object_get_member (root, "options")))
        json_object_set_object_member (root, "options", json_object_new ());
      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (json_object_get_object_member (root, "options"), l->data,
                                json_node_copy (json_object_get_member (options, l->data)));
    }
  setup = sl_setup_new_from_json (rules, node, &local_error);
  if (setup == NULL)
    g_set_error (error, SL_SETUP_ERROR, 0, "%s: %s", display, local_error->message);
  return setup;
}

const SlUnitSetup *
sl_setup_unit (const SlSetup *setup,
               const char    *id)
{
  return id ? g_hash_table_lookup (setup->unit_ids, id) : NULL;
}

const SlUnitSetup *
sl_setup_unit_at (const SlSetup *setup,
                  int            index)
{
  g_return_val_if_fail (index >= 0 && (guint) index < setup->units->len, NULL);
  return g_ptr_array_index (setup->units, index);
}

const SlSquadSetup *
sl_setup_squad_at (const SlSetup *setup,
                   int            index)
{
  g_return_val_if_fail (index >= 0 && (guint) index < setup->squads->len, NULL);
  return g_ptr_array_index (setup->squads, index);
}

const SlGroupingSetup *
sl_setup_grouping_at (const SlSetup *setup,
                      int            index)
{
  g_return_val_if_fail (index >= 0 && (guint) index < setup->groupings->len, NULL);
  return g_ptr_array_index (setup->groupings, index);
}

const SlSideSetup *
sl_setup_side_at (const SlSetup *setup,
                  int            index)
{
  g_return_val_if_fail (index >= 0 && (guint) index < setup->sides->len, NULL);
  return g_ptr_array_index (setup->sides, index);
}

int
sl_setup_n_units (const SlSetup *setup)
{
  return setup->units->len;
}

static int
find_in (GPtrArray  *array,
         const char *id)
{
  for (guint i = 0; id && i < array->len; i++)
    if (g_str_equal (*(char **) g_ptr_array_index (array, i), id))
      return i;
  return -1;
}

int
sl_setup_find_squad (const SlSetup *setup,
                     const char    *id)
{
  return find_in (setup->squads, id);
}

int
sl_setup_find_grouping (const SlSetup *setup,
                        const char    *id)
{
  return find_in (setup->groupings, id);
}

int
sl_setup_find_side (const SlSetup *setup,
                    const char    *id)
{
  return find_in (setup->sides, id);
}

gboolean
sl_setup_has_module (const SlSetup *setup,
                     SlModule       module)
{
  if (module == SL_MODULE_AREA_EFFECTS)
    {
      for (int m = 0; m < SL_N_MODULES; m++)
        if (sl_module_is_area_effect (m) && setup->modules[m])
          return TRUE;
      return FALSE;
    }
  return setup->modules[module];
}

const SlCondition *
sl_setup_condition (const SlSetup   *setup,
                    SlConditionKind  kind,
                    int              side,
                    int              turn)
{
  for (guint i = 0; setup->conditions != NULL && i < setup->conditions->len; i++)
    {
      const SlCondition *c = &g_array_index (setup->conditions, SlCondition, i);

      if (c->kind != kind)
        continue;
      if (side >= 0 && c->side >= 0 && c->side != side)
        continue;
      if (turn > 0 && (turn < c->from_turn || (c->until_turn > 0 && turn > c->until_turn)))
        continue;
      return c;
    }
  return NULL;
}

gboolean
sl_setup_zero_g_checks (const SlSetup *setup)
{
  g_return_val_if_fail (setup != NULL, FALSE);
  return setup->environment.zero_g;
}

gboolean
sl_setup_fire_missions_bought (const SlSetup *setup,
                               int            side,
                               guint          kind)
{
  g_return_val_if_fail (setup != NULL, FALSE);
  g_return_val_if_fail (side >= 0 && (guint) side < setup->sides->len, FALSE);
  if (!sl_setup_has_module (setup, SL_MODULE_FIRE_MISSIONS) || kind >= SL_MAX_FIRE_MISSION_TYPES)
    return FALSE;
  return setup->purchases_unrecorded || sl_setup_side_at (setup, side)->fire_missions[kind] > 0;
}

const SlTerrain *
sl_setup_terrain (const SlSetup *setup)
{
  const SlCondition *c = sl_setup_condition (setup, SL_CONDITION_TERRAIN, -1, 0);

  return c != NULL ? c->terrain : NULL;
}

/* Whether @text names the rule @rule ("P-36"), not a longer id
 * ("P-361"). */
static gboolean
names_rule (const char *text,
            const char *rule)
{
  size_t n = strlen (rule);

  for (const char *p = strstr (text, rule); p != NULL; p = strstr (p + 1, rule))
    if (!g_ascii_isdigit (p[n]) && (p == text || !g_ascii_isalnum (p[-1])))
      return TRUE;
  return FALSE;
}

GPtrArray *
sl_setup_unoverridden_problems (const SlSetup *setup)
{
  GPtrArray *left = g_ptr_array_new ();

  g_return_val_if_fail (setup != NULL, left);
  for (guint i = 0; i < setup->problems->len; i++)
    {
      SlSetupProblem *p = g_ptr_array_index (setup->problems, i);
      gboolean overridden = FALSE;

      for (guint k = 0; k < setup->overrides->len && !overridden; k++)
        overridden = names_rule (g_ptr_array_index (setup->overrides, k), p->rule);
      if (!overridden)
        g_ptr_array_add (left, p);
    }
  return left;
}

gboolean
sl_setup_check_construction (const SlSetup *setup,
                             GError       **error)
{
  g_autoptr(GString) broken = g_string_new (NULL);
  g_autoptr(GPtrArray) left = NULL;
  guint n;

  g_return_val_if_fail (setup != NULL, FALSE);

  left = sl_setup_unoverridden_problems (setup);
  n = left->len;
  for (guint i = 0; i < n; i++)
    {
      const SlSetupProblem *p = g_ptr_array_index (left, i);

      if (i > 0)
        g_string_append_c (broken, ' ');
      g_string_append (broken, p->message);
    }
  if (n == 0)
    return TRUE;
  g_set_error (error, SL_SETUP_ERROR, 0,
               g_dngettext (GETTEXT_PACKAGE,
                            "The forces break a construction rule: %s To play anyway, list it under “overrides”.",
                            "The forces break construction rules: %s To play anyway, list them under “overrides”.", n),
               broken->str);
  return FALSE;
}
