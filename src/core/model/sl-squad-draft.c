/* sl-squad-draft.c: a squad as the builder edits it
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "sl-file.h"
#include "sl-json.h"
#include "sl-setup.h"
#include "sl-squad-draft.h"

static void
unit_clear (SlDraftUnit *u)
{
  g_clear_pointer (&u->name, g_free);
}

SlSquadDraft *
sl_squad_draft_new (const SlRules *rules)
{
  SlSquadDraft *d = g_new0 (SlSquadDraft, 1);

  g_return_val_if_fail (rules != NULL, NULL);
  d->name = g_strdup (_("New Squad"));
  d->quality = SL_QUALITY_REGULAR;
  d->leader = 0;
  d->fire_teams = TRUE;
  d->budget = 400;
  d->n_units = SL_DRAFT_MAX_UNITS;
  for (int i = 0; i < d->n_units; i++)
    {
      SlDraftUnit *u = &d->units[i];

      /* Translators: a soldier's default name, with his place in the squad. */
      u->name = g_strdup_printf (_("Soldier %d"), i + 1);
      u->troop = sl_table_lookup (&rules->troops, "combat-arms");
      u->race = sl_table_lookup (&rules->races, "human");
      u->armor = sl_table_lookup (&rules->armor, "BI");
      u->weapons[0] = sl_table_lookup (&rules->weapons, "SR");
      u->weapons[1] = sl_table_lookup (&rules->weapons, "SP");
      /* Should the player make him a character: armed with a knife. */
      u->character.melee_weapon = TRUE;
    }
  return d;
}

void
sl_squad_draft_free (SlSquadDraft *draft)
{
  if (draft == NULL)
    return;
  for (int i = 0; i < SL_DRAFT_MAX_UNITS; i++)
    unit_clear (&draft->units[i]);
  g_free (draft->name);
  g_free (draft);
}

SlSquadDraft *
sl_squad_draft_copy (const SlSquadDraft *draft)
{
  SlSquadDraft *copy = g_memdup2 (draft, sizeof *draft);

  copy->name = g_strdup (draft->name);
  for (int i = 0; i < SL_DRAFT_MAX_UNITS; i++)
    copy->units[i].name = g_strdup (draft->units[i].name);
  return copy;
}

void
sl_squad_draft_set_size (const SlRules *rules,
                         SlSquadDraft  *draft,
                         int            n_units)
{
  g_autoptr(SlSquadDraft) book = sl_squad_draft_new (rules);

  g_return_if_fail (draft != NULL);
  n_units = CLAMP (n_units, 1, SL_DRAFT_MAX_UNITS);
  for (int i = draft->n_units; i < n_units; i++)
    {
      unit_clear (&draft->units[i]);
      draft->units[i] = book->units[i];
      draft->units[i].name = g_strdup (book->units[i].name);
    }
  draft->n_units = n_units;
  draft->leader = MIN (draft->leader, n_units - 1);
}

void
sl_squad_draft_apply_to (SlSquadDraft *draft,
                         int           from,
                         gboolean      whole_squad)
{
  const SlDraftUnit *src;

  g_return_if_fail (draft != NULL && from >= 0 && from < draft->n_units);
  src = &draft->units[from];
  for (int i = 0; i < draft->n_units; i++)
    {
      SlDraftUnit *u = &draft->units[i];
      char *name;

      if (i == from)
        continue;
      /* fire teams of four, in the squad's order. */
      if (!whole_squad && draft->fire_teams && i / 4 != from / 4)
        continue;
      {
        gboolean legionnaire = u->legionnaire;
        SlDraftCharacter character = u->character;

        name = u->name;
        *u = *src;
        u->name = name;
        u->legionnaire = legionnaire;
        u->character = character;
      }
    }
}

gboolean
sl_squad_draft_cost (const SlRules      *rules,
                     const SlOptions    *options,
                     const SlSquadDraft *draft,
                     SlSquadCost        *cost,
                     GError            **error)
{
  return sl_squad_draft_cost_in (rules, options, draft, NULL, cost, error);
}

gboolean
sl_squad_draft_cost_in (const SlRules            *rules,
                        const SlOptions          *options,
                        const SlSquadDraft       *draft,
                        const SlEnvironmentSetup *environment,
                        SlSquadCost              *cost,
                        GError                  **error)
{
  SlSquadUnit units[SL_DRAFT_MAX_UNITS];
  const char *equipment[SL_DRAFT_MAX_UNITS][4];
  char ids[SL_DRAFT_MAX_UNITS][8];
  SlSquadInput in = { 0 };
  g_autoptr(GPtrArray) side = g_ptr_array_new ();

  g_return_val_if_fail (rules != NULL && draft != NULL && cost != NULL, FALSE);

  for (int k = 0; k < SL_DRAFT_SIDE_ITEMS && sl_squad_side_equipment[k]; k++)
    for (int n = 0; n < draft->side_equipment[k]; n++)
      g_ptr_array_add (side, (gpointer) sl_squad_side_equipment[k]);
  in.side_equipment = (const char * const *) side->pdata;
  in.n_side_equipment = side->len;
  in.mines = draft->mines;
  in.all_hidden = draft->all_hidden;
  if (environment != NULL)
    {
      in.sealed_suits_only = environment->vacuum || environment->hostile;
      in.zero_g = environment->zero_g;
      in.indoors = environment->indoors;
    }

  for (int i = 0; i < draft->n_units; i++)
    {
      const SlDraftUnit *u = &draft->units[i];
      guint n = 0;

      memset (&units[i], 0, sizeof units[i]);
      g_snprintf (ids[i], sizeof ids[i], "%d", i + 1);
      units[i].id = ids[i];
      units[i].troop = u->troop;
      units[i].race = u->race;
      units[i].armor = u->armor;
      units[i].weapons = u->weapons;
      units[i].n_weapons = u->weapons[1] != NULL ? 2 : 1;
      if (u->launcher)
        equipment[i][n++] = "grenade-launcher";
      if (u->plastic_charges > 0)
        equipment[i][n++] = "plastic-charge";
      if (u->shaped_charges > 0)
        equipment[i][n++] = "shaped-charge";
      units[i].equipment = equipment[i];
      units[i].n_equipment = n;
      units[i].hidden = u->hidden;
      units[i].naval = u->naval;
    }
  in.units = units;
  in.n_units = draft->n_units;
  in.leader_rating = draft->leader_rating;
  in.quality = draft->quality;
  in.has_budget = draft->budget >= 0;
  in.budget = MAX (draft->budget, 0);
  return sl_squad_cost (rules, options, &in, cost, error);
}

/* §18: "legionnaire", every field written out. */
static void
add_character (JsonBuilder       *b,
               const SlDraftUnit *u)
{
  const SlDraftCharacter *c = &u->character;

  json_builder_set_member_name (b, "legionnaire");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "weapon_skills");
  json_builder_begin_object (b);
  for (int w = 0; w < 2; w++)
    /* A weapon carried twice has one skill. */
    if (u->weapons[w] != NULL && (w == 0 || u->weapons[0] != u->weapons[1]))
      {
        json_builder_set_member_name (b, u->weapons[w]->id);
        json_builder_add_int_value (b, c->weapon_skills[w]);
      }
  json_builder_set_member_name (b, SL_LEGIONNAIRE_GRENADE);
  json_builder_add_int_value (b, c->grenade_skill);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "melee_skill");
  json_builder_add_int_value (b, c->melee_skill);
  json_builder_set_member_name (b, "melee_weapon");
  json_builder_add_boolean_value (b, c->melee_weapon);
  json_builder_set_member_name (b, "non_combat");
  json_builder_add_boolean_value (b, c->non_combat);
  for (int a = 0; a < SL_N_LEGIONNAIRE_ATTRIBUTES; a++)
    {
      json_builder_set_member_name (b, sl_legionnaire_attribute_names[a]);
      json_builder_add_int_value (b, c->attributes[a]);
    }
  json_builder_end_object (b);
}

/* The two fire teams of a squad of more than four: "groupings". */
static void
add_groupings (JsonBuilder        *b,
               const SlSquadDraft *draft,
               const char         *prefix)
{
  json_builder_set_member_name (b, "groupings");
  json_builder_begin_array (b);
  for (int t = 0; t < 2; t++)
    {
      g_autofree char *id = g_strdup_printf ("%s-ft%d", prefix, t + 1);
      /* Translators: "Fire Team 1" of a squad. */
      g_autofree char *name = g_strdup_printf (_("%s, Fire Team %d"), draft->name, t + 1);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, id);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, name);
      json_builder_set_member_name (b, "units");
      json_builder_begin_array (b);
      for (int i = t * 4; i < MIN (draft->n_units, t * 4 + 4); i++)
        {
          g_autofree char *unit = g_strdup_printf ("%s-%d", prefix, i + 1);

          json_builder_add_string_value (b, unit);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* One unit of the squad, as a scenario's "units" lists it. */
static void
add_unit (JsonBuilder       *b,
          const SlDraftUnit *u,
          const char        *id,
          int                counter)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, id);
  json_builder_set_member_name (b, "counter");
  json_builder_add_int_value (b, counter);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, u->name);
  json_builder_set_member_name (b, "troop");
  json_builder_add_string_value (b, u->troop->id);
  json_builder_set_member_name (b, "race");
  json_builder_add_string_value (b, u->race->id);
  json_builder_set_member_name (b, "armor");
  json_builder_add_string_value (b, u->armor->id);
  json_builder_set_member_name (b, "weapons");
  json_builder_begin_array (b);
  for (int w = 0; w < 2; w++)
    if (u->weapons[w] != NULL)
      json_builder_add_string_value (b, u->weapons[w]->id);
  json_builder_end_array (b);
  if (u->launcher)
    {
      json_builder_set_member_name (b, "launcher");
      json_builder_add_string_value (b, "frag");
    }
  if (u->plastic_charges > 0)
    {
      json_builder_set_member_name (b, "plastic_charges");
      json_builder_add_int_value (b, u->plastic_charges);
    }
  if (u->shaped_charges > 0)
    {
      json_builder_set_member_name (b, "shaped_charges");
      json_builder_add_int_value (b, u->shaped_charges);
    }
  if (u->hidden)
    {
      json_builder_set_member_name (b, "hidden");
      json_builder_add_boolean_value (b, TRUE);
    }
  if (u->naval)
    {
      json_builder_set_member_name (b, "naval");
      json_builder_add_boolean_value (b, TRUE);
    }
  if (u->legionnaire)
    add_character (b, u);
  json_builder_end_object (b);
}

JsonNode *
sl_squad_draft_to_setup (const SlSquadDraft *draft,
                         const char         *prefix,
                         int                 first_counter)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, prefix);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, draft->name);
  json_builder_set_member_name (b, "quality");
  json_builder_add_string_value (b, sl_quality_names[draft->quality]);
  json_builder_set_member_name (b, "leader_rating");
  json_builder_add_int_value (b, draft->leader_rating);
  if (draft->leader >= 0 && draft->leader < draft->n_units)
    {
      g_autofree char *leader = g_strdup_printf ("%s-%d", prefix, draft->leader + 1);

      json_builder_set_member_name (b, "leader");
      json_builder_add_string_value (b, leader);
    }
  if (draft->fire_teams && draft->n_units > 4)
    add_groupings (b, draft, prefix);
  json_builder_set_member_name (b, "units");
  json_builder_begin_array (b);
  for (int i = 0; i < draft->n_units; i++)
    {
      g_autofree char *id = g_strdup_printf ("%s-%d", prefix, i + 1);

      add_unit (b, &draft->units[i], id, first_counter + i);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

JsonNode *
sl_squad_draft_to_json (const SlSquadDraft *draft)
{
  JsonObject *o = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (o, "format", "squadlog-squad");
  json_object_set_int_member (o, "version", 1);
  if (draft->budget >= 0)
    json_object_set_int_member (o, "budget", draft->budget);
  {
    JsonObject *side = json_object_new ();

    for (int k = 0; k < SL_DRAFT_SIDE_ITEMS && sl_squad_side_equipment[k]; k++)
      if (draft->side_equipment[k] > 0)
        json_object_set_int_member (side, sl_squad_side_equipment[k], draft->side_equipment[k]);
    json_object_set_object_member (o, "side_equipment", side);
  }
  if (draft->mines > 0)
    json_object_set_int_member (o, "mines", draft->mines);
  if (draft->all_hidden)
    json_object_set_boolean_member (o, "all_hidden", TRUE);
  json_object_set_member (o, "squad", sl_squad_draft_to_setup (draft, "squad", 1));
  json_node_take_object (node, o);
  return node;
}

/* A squad file's own members, around its squad. */
typedef struct
{
  int       budget;
  int       mines;
  gboolean  all_hidden;
  int       side_items[SL_DRAFT_SIDE_ITEMS];
  JsonNode *squad;  /* in the file's node */
} SquadFile;

/* Reads the members of the squad file @node, strictly: each names itself
 * when it is wrong. */
static gboolean
read_squad_file (JsonNode   *node,
                 SquadFile  *file,
                 GError    **error)
{
  g_autoptr(SlReadContext) ctx = sl_read_context_new ();
  g_autoptr(SlReader) r = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (node) ||
      g_strcmp0 (json_object_get_string_member_with_default (json_node_get_object (node), "format", ""),
                 "squadlog-squad") != 0)
    {
      g_set_error_literal (error, SL_SETUP_ERROR, 0, _("This is not a Squad Log squad file."));
      return FALSE;
    }
  r = sl_reader_new (ctx, node, "");
  sl_reader_string (r, "format", NULL);
  if (sl_reader_int (r, "version", 1, G_MAXINT, 1) > 1)
    {
      g_set_error_literal (error, SL_SETUP_ERROR, 0, _("This squad was saved by a newer version of Squad Log."));
      return FALSE;
    }
  file->budget = sl_reader_int (r, "budget", 0, 100000, -1);
  file->mines = sl_reader_int (r, "mines", 0, 100, 0);
  file->all_hidden = sl_reader_bool (r, "all_hidden", FALSE);
  if (sl_reader_has (r, "side_equipment"))
    {
      g_autoptr(SlReader) side = sl_reader_object (r, "side_equipment");

      for (int k = 0; side != NULL && k < SL_DRAFT_SIDE_ITEMS && sl_squad_side_equipment[k]; k++)
        file->side_items[k] = sl_reader_int (side, sl_squad_side_equipment[k], 0, 10, 0);
      if (side != NULL)
        sl_reader_end (side);
    }
  sl_reader_require (r, "squad");
  file->squad = sl_reader_node (r, "squad");
  sl_reader_end (r);
  if (sl_read_context_failed (ctx))
    {
      g_set_error (error, SL_SETUP_ERROR, 0, "%s: %s", sl_read_context_field (ctx), sl_read_context_message (ctx));
      return FALSE;
    }
  if (file->squad == NULL || !JSON_NODE_HOLDS_OBJECT (file->squad))
    {
      g_set_error_literal (error, SL_SETUP_ERROR, 0, _("squad: Expected an object."));
      return FALSE;
    }
  return TRUE;
}

/* A scenario of @squad on one side against a stand-in on the other. */
static JsonNode *
stand_in_scenario (JsonNode *squad)
{
  JsonObject *root = json_object_new ();
  JsonArray *sides = json_array_new ();
  JsonObject *mine = json_object_new (), *other = json_object_new ();
  JsonArray *my_squads = json_array_new ();
  JsonNode *node;

  json_object_set_string_member (root, "id", "draft");
  json_object_set_string_member (root, "name", "draft");
  json_object_set_int_member (root, "length_turns", 1);
  json_object_set_string_member (mine, "id", "side");
  json_array_add_element (my_squads, json_node_copy (squad));
  json_object_set_array_member (mine, "squads", my_squads);
  json_object_set_string_member (other, "id", "other");
  json_object_set_member (other, "squads",
                          json_from_string ("[{\"id\": \"other-squad\", \"units\": [{\"id\": \"other-1\","
                                            " \"counter\": 999, \"troop\": \"combat-arms\", \"armor\": \"BI\","
                                            " \"weapons\": [\"SR\"]}]}]", NULL));
  json_array_add_object_element (sides, mine);
  json_array_add_object_element (sides, other);
  json_object_set_array_member (root, "sides", sides);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, root);
  return node;
}

/* The squad is checked as a scenario's would be: a setup of it against a
 * stand-in. */
static SlSetup *
check_squad (const SlRules  *rules,
             JsonNode       *squad,
             GError        **error)
{
  g_autoptr(JsonNode) setup_node = stand_in_scenario (squad);
  g_autoptr(SlSetup) setup = NULL;
  g_autoptr(GError) local = NULL;

  setup = sl_setup_new_from_json (rules, setup_node, &local);
  if (setup == NULL)
    {
      /* "sides[0].squads[0].units[2].armor: …" → "squad.units[2].armor: …" */
      const char *message = local->message;

      if (g_str_has_prefix (message, "sides[0].squads[0]"))
        message += strlen ("sides[0].squads[0]");
      g_set_error (error, SL_SETUP_ERROR, 0, "squad%s", message);
      return NULL;
    }
  if (sl_setup_squad_at (setup, 0)->units->len > SL_DRAFT_MAX_UNITS)
    {
      g_set_error_literal (error, SL_SETUP_ERROR, 0, _("squad.units: A squad has at most 8 units."));
      return NULL;
    }
  return g_steal_pointer (&setup);
}

/* §18: a legionnaire's skills and attributes, back from the setup. */
static void
fill_character (SlDraftUnit         *u,
                const SlLegionnaire *l)
{
  const SlLegionnaireSkill *skill;

  u->legionnaire = TRUE;
  for (int w = 0; w < 2; w++)
    if (u->weapons[w] != NULL && (skill = sl_legionnaire_skill (l, u->weapons[w]->id)) != NULL)
      u->character.weapon_skills[w] = skill->level;
  if ((skill = sl_legionnaire_skill (l, SL_LEGIONNAIRE_GRENADE)) != NULL)
    u->character.grenade_skill = skill->level;
  u->character.melee_skill = l->melee_level;
  u->character.melee_weapon = l->melee_weapon;
  u->character.non_combat = l->non_combat;
  memcpy (u->character.attributes, l->levels, sizeof l->levels);
}

static void
fill_unit (SlDraftUnit       *u,
           const SlUnitSetup *us)
{
  u->name = g_strdup (us->name);
  u->troop = us->troop;
  u->race = us->race;
  u->armor = us->armor;
  u->weapons[0] = us->weapons[0];
  u->weapons[1] = us->n_weapons > 1 ? us->weapons[1] : NULL;
  u->launcher = us->launcher;
  u->plastic_charges = us->plastic_charges;
  u->shaped_charges = us->shaped_charges;
  u->hidden = us->hidden;
  u->naval = us->naval;
  u->character.melee_weapon = TRUE;
  if (us->legionnaire != NULL)
    fill_character (u, us->legionnaire);
}

SlSquadDraft *
sl_squad_draft_from_json (const SlRules  *rules,
                          JsonNode       *node,
                          GError        **error)
{
  g_autoptr(SlSetup) setup = NULL;
  g_autoptr(SlSquadDraft) d = NULL;
  const SlSquadSetup *sq;
  SquadFile file = { 0 };

  g_return_val_if_fail (rules != NULL && node != NULL, NULL);

  if (!read_squad_file (node, &file, error) ||
      (setup = check_squad (rules, file.squad, error)) == NULL)
    return NULL;
  sq = sl_setup_squad_at (setup, 0);

  d = g_new0 (SlSquadDraft, 1);
  d->name = g_strdup (sq->name);
  d->quality = sq->quality;
  d->leader_rating = sq->leader_rating;
  d->fire_teams = sq->groupings->len == 2;
  d->budget = file.budget;
  d->mines = file.mines;
  d->all_hidden = file.all_hidden;
  memcpy (d->side_equipment, file.side_items, sizeof file.side_items);
  d->n_units = sq->units->len;
  d->leader = 0;
  for (int i = 0; i < d->n_units; i++)
    {
      const SlUnitSetup *us = sl_setup_unit_at (setup, g_array_index (sq->units, int, i));

      if (us->index == sq->leader)
        d->leader = i;
      fill_unit (&d->units[i], us);
    }
  return g_steal_pointer (&d);
}

char *
sl_squad_library_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "squadlog", "squads", NULL);
}

gboolean
sl_squad_draft_save (const SlSquadDraft *draft,
                     const char         *path,
                     gboolean            replace,
                     GError            **error)
{
  g_autoptr(JsonNode) node = sl_squad_draft_to_json (draft);
  g_autofree char *text = sl_json_to_string (node, TRUE);

  return sl_file_write_library (path, text, replace, error);
}

SlSquadDraft *
sl_squad_draft_load (const SlRules  *rules,
                     const char     *path,
                     GError        **error)
{
  g_autoptr(GBytes) text = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *display = g_filename_display_name (path);
  SlSquadDraft *draft;

  if ((text = sl_file_read (path, SL_FILE_LIMIT_SCENARIO, SL_FILE_READ_DEFAULT, &local)) == NULL ||
      (node = sl_json_parse (g_bytes_get_data (text, NULL), g_bytes_get_size (text), &local)) == NULL ||
      (draft = sl_squad_draft_from_json (rules, node, &local)) == NULL)
    {
      g_set_error (error, SL_SETUP_ERROR, 0, "%s: %s", display, local->message);
      return NULL;
    }
  return draft;
}
