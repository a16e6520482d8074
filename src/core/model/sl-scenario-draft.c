/* sl-scenario-draft.c: a custom scenario as the editor builds it
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-file.h"
#include "sl-json.h"
#include "sl-scenario-draft.h"

SlScenarioDraft *
sl_scenario_draft_new (void)
{
  SlScenarioDraft *d = g_new0 (SlScenarioDraft, 1);

  d->name = g_strdup (_("Custom Scenario"));
  d->situation = g_strdup ("");
  d->special = g_strdup ("");
  d->length_turns = 12;
  d->modules[SL_MODULE_AMMUNITION] = TRUE;
  d->modules[SL_MODULE_LEADERSHIP] = TRUE;
  d->modules[SL_MODULE_TROOP_QUALITY] = TRUE;
  d->modules[SL_MODULE_MORALE] = TRUE;
  /* Every condition in force the whole game. */
  d->terrain_turns.from_turn = d->doors_turns.from_turn = d->forbidden_turns.from_turn = 1;
  for (int s = 0; s < 2; s++)
    {
      d->sides[s].holds_turns.from_turn = 1;
      d->sides[s].initiative_turns.from_turn = 1;
      d->sides[s].forbidden_turns.from_turn = 1;
      /* Translators: the default names of a custom scenario's sides. */
      d->sides[s].name = g_strdup (s == 0 ? _("TOG") : _("Commonwealth"));
      /* §10 C: about 400 points buys one well-equipped squad and extras. */
      d->sides[s].budget = 400;
      d->sides[s].set_up = g_strdup ("");
      d->sides[s].objective = g_strdup ("");
      d->sides[s].squads = g_ptr_array_new_with_free_func ((GDestroyNotify) sl_squad_draft_free);
    }
  return d;
}

void
sl_scenario_draft_free (SlScenarioDraft *d)
{
  if (d == NULL)
    return;
  g_free (d->name);
  g_free (d->situation);
  g_free (d->special);
  g_free (d->terrain);
  g_strfreev (d->forbidden);
  for (int s = 0; s < 2; s++)
    {
      g_strfreev (d->sides[s].forbidden);
      g_free (d->sides[s].name);
      g_free (d->sides[s].set_up);
      g_free (d->sides[s].objective);
      g_ptr_array_unref (d->sides[s].squads);
    }
  g_free (d);
}

static int
side_cost (const SlRules            *rules,
           const SlSideDraft        *side,
           const SlEnvironmentSetup *environment,
           GPtrArray                *problems)
{
  int total = 0;

  for (guint q = 0; q < side->squads->len; q++)
    {
      const SlSquadDraft *squad = g_ptr_array_index (side->squads, q);
      g_autoptr(SlSquadDraft) priced = sl_squad_draft_copy (squad);
      SlSquadCost cost = { 0 };

      /* The side's budget is checked below, not each squad's own. */
      priced->budget = -1;
      if (!sl_squad_draft_cost_in (rules, sl_option_set_defaults (rules->options), priced, environment, &cost, NULL))
        continue;
      total += cost.total;
      for (guint i = 0; problems != NULL && i < cost.problems->len; i++)
        {
          const SlSquadProblem *p = g_ptr_array_index (cost.problems, i);

          /* Translators: a squad's broken rule: "TOG 1st Squad: Unit 3: …". */
          g_ptr_array_add (problems, g_strdup_printf (_("%s, %s: %s"), side->name, squad->name, p->message));
        }
      sl_squad_cost_clear (&cost);
    }
  return total;
}

GPtrArray *
sl_scenario_draft_problems (const SlRules         *rules,
                            const SlScenarioDraft *draft)
{
  GPtrArray *problems = g_ptr_array_new_with_free_func (g_free);

  for (int s = 0; s < 2; s++)
    {
      const SlSideDraft *side = &draft->sides[s];
      int total = side_cost (rules, side, &draft->environment, problems);
      int missions = 0, most = 0;

      if (side->squads->len == 0)
        g_ptr_array_add (problems, g_strdup_printf (_("%s has no squad."), side->name));
      /* P-38 step 1: 4 a side, whichever of its squads bought them
       * (sl_squad_side_equipment: 4 mortar, 5 missile). */
      for (guint q = 0; q < side->squads->len; q++)
        {
          const SlSquadDraft *squad = g_ptr_array_index (side->squads, q);

          missions += squad->side_equipment[4] + squad->side_equipment[5];
          most = MAX (most, squad->side_equipment[4] + squad->side_equipment[5]);
        }
      /* (A squad alone over the limit has said so already.) */
      if (missions > rules->fire_missions_per_side && most <= rules->fire_missions_per_side)
        g_ptr_array_add (problems,
                         g_strdup_printf (_("%s: a side buys at most %d fire missions for a game, not %d (P-38 step 1, T-37)."),
                                          side->name, rules->fire_missions_per_side, missions));
      if (side->budget >= 0 && total > side->budget)
        g_ptr_array_add (problems, g_strdup_printf (_("%s spends %d points, %d more than its budget of %d (§10 C)."),
                                                    side->name, total, total - side->budget, side->budget));
    }
  return problems;
}

/* "Blood in the Rain" → "blood-in-the-rain" */
static char *
slug (const char *name)
{
  g_autofree char *ascii = g_str_to_ascii (name, NULL);
  GString *out = g_string_new (NULL);

  for (const char *p = ascii; *p; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (out, g_ascii_tolower (*p));
      else if (out->len > 0 && out->str[out->len - 1] != '-')
        g_string_append_c (out, '-');
    }
  while (out->len > 0 && out->str[out->len - 1] == '-')
    g_string_truncate (out, out->len - 1);
  if (out->len == 0)
    g_string_append (out, "scenario");
  if (out->len > 48)
    g_string_truncate (out, 48);
  return g_string_free (out, FALSE);
}

static JsonObject *
environment_json (const SlScenarioDraft *draft)
{
  JsonObject *environment = json_object_new ();

  json_object_set_boolean_member (environment, "night", draft->environment.night);
  json_object_set_boolean_member (environment, "rain", draft->environment.rain);
  json_object_set_boolean_member (environment, "snow", draft->environment.snow);
  json_object_set_boolean_member (environment, "zero_g", draft->environment.zero_g);
  json_object_set_boolean_member (environment, "vacuum", draft->environment.vacuum);
  json_object_set_boolean_member (environment, "indoors", draft->environment.indoors);
  return environment;
}

/* A special condition of @kind, added to @conditions; its other members
 * are the caller's to set. */
static JsonObject *
add_condition (JsonArray  *conditions,
               const char *kind)
{
  JsonObject *k = json_object_new ();

  json_object_set_string_member (k, "kind", kind);
  json_array_add_object_element (conditions, k);
  return k;
}

/* The turns @k is in force, when not the whole game. */
static void
set_turns (JsonObject *k,
           SlTurnSpan  span)
{
  if (span.from_turn > 1)
    json_object_set_int_member (k, "from_turn", span.from_turn);
  if (span.until_turn > 0)
    json_object_set_int_member (k, "until_turn", span.until_turn);
}

/* The actions nobody (of @side_id, when not NULL) may declare, when any. */
static void
forbid_actions (JsonArray   *conditions,
                char       **actions,
                const char  *side_id,
                SlTurnSpan   span)
{
  JsonArray *ids;
  JsonObject *k;

  if (actions == NULL || actions[0] == NULL)
    return;
  k = add_condition (conditions, "forbid-actions");
  if (side_id != NULL)
    json_object_set_string_member (k, "side", side_id);
  ids = json_array_new ();
  for (guint i = 0; actions[i] != NULL; i++)
    json_array_add_string_element (ids, actions[i]);
  json_object_set_array_member (k, "actions", ids);
  set_turns (k, span);
}

/* A side's own conditions: holding fire, hiding, an initiative modifier,
 * actions it may not declare. Hiding is before play: no turns. */
static void
side_conditions (const SlSideDraft *side,
                 const char        *side_id,
                 JsonArray         *conditions)
{
  JsonObject *k;

  if (side->holds_fire || side->holds_melee)
    {
      k = add_condition (conditions, "hold-fire");
      json_object_set_string_member (k, "side", side_id);
      json_object_set_boolean_member (k, "fire", side->holds_fire);
      json_object_set_boolean_member (k, "melee", side->holds_melee);
      set_turns (k, side->holds_turns);
    }
  if (side->hides)
    {
      k = add_condition (conditions, "hiding");
      json_object_set_string_member (k, "side", side_id);
    }
  if (side->initiative != 0)
    {
      k = add_condition (conditions, "initiative");
      json_object_set_string_member (k, "side", side_id);
      json_object_set_int_member (k, "modifier", side->initiative);
      set_turns (k, side->initiative_turns);
    }
  forbid_actions (conditions, side->forbidden, side_id, side->forbidden_turns);
}

/* §10 G: what the app applies, then what the players keep to, a line
 * each. */
static JsonArray *
conditions_json (const SlScenarioDraft *draft)
{
  JsonArray *conditions = json_array_new ();
  g_auto(GStrv) lines = g_strsplit (draft->special ? draft->special : "", "\n", -1);
  JsonObject *k;

  if (draft->terrain != NULL && *draft->terrain)
    {
      k = add_condition (conditions, "terrain");
      json_object_set_string_member (k, "terrain", draft->terrain);
      set_turns (k, draft->terrain_turns);
    }
  if (draft->doors_locked || draft->no_keys || draft->airlocks_blown)
    {
      k = add_condition (conditions, "doors");
      json_object_set_string_member (k, "doors", draft->doors_locked ? "locked" : "open");
      json_object_set_string_member (k, "airlocks", draft->airlocks_blown ? "blown" : "open");
      json_object_set_boolean_member (k, "keys", !draft->no_keys);
      set_turns (k, draft->doors_turns);
    }
  forbid_actions (conditions, draft->forbidden, NULL, draft->forbidden_turns);
  for (int s = 0; s < 2; s++)
    {
      g_autofree char *side_id = g_strdup_printf ("side-%d", s + 1);

      side_conditions (&draft->sides[s], side_id, conditions);
    }
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (*lines[i] == '\0')
        continue;
      k = add_condition (conditions, "restriction");
      json_object_set_string_member (k, "text", lines[i]);
    }
  return conditions;
}

/* T-37: a jammer or a tinter bought by any of its squads serves the side
 * (sl_squad_side_equipment: 0 jammer, 2 tinter); the fire missions (4
 * mortar, 5 missile) and mines its squads bought are the side's to use
 * (P-37, P-38 step 1). */
static void
side_purchases (const SlSideDraft *side,
                JsonObject        *so)
{
  int mortars = 0, missiles = 0, mines = 0;

  for (guint q = 0; q < side->squads->len; q++)
    {
      const SlSquadDraft *squad = g_ptr_array_index (side->squads, q);

      if (squad->side_equipment[0] > 0)
        json_object_set_boolean_member (so, "ecm", TRUE);
      if (squad->side_equipment[2] > 0)
        json_object_set_boolean_member (so, "camo_tinter", TRUE);
      mortars += squad->side_equipment[4];
      missiles += squad->side_equipment[5];
      mines += squad->mines;
    }
  if (mortars + missiles > 0)
    {
      JsonObject *fm = json_object_new ();

      if (mortars > 0)
        json_object_set_int_member (fm, "mortar", mortars);
      if (missiles > 0)
        json_object_set_int_member (fm, "missile", missiles);
      json_object_set_object_member (so, "fire_missions", fm);
    }
  if (mines > 0)
    json_object_set_int_member (so, "mines", mines);
}

/* §10 E: an objective in words is the players' to judge (T-39); the
 * budget and what was spent of it. */
static JsonObject *
side_victory (const SlRules         *rules,
              const SlScenarioDraft *draft,
              const SlSideDraft     *side)
{
  JsonObject *vs = json_object_new ();

  if (side->objective && *side->objective)
    {
      json_object_set_string_member (vs, "primary", "players");
      json_object_set_string_member (vs, "description", side->objective);
    }
  else
    json_object_set_string_member (vs, "primary", "none");
  if (side->budget >= 0)
    {
      json_object_set_int_member (vs, "budget", side->budget);
      json_object_set_int_member (vs, "spent", side_cost (rules, side, &draft->environment, NULL));
    }
  return vs;
}

/* Side @s of the scenario, its squads' units counted on from @counter;
 * its starting position and victory go to @positions and @victory_sides. */
static JsonObject *
side_json (const SlRules         *rules,
           const SlScenarioDraft *draft,
           int                    s,
           int                   *counter,
           JsonObject            *positions,
           JsonObject            *victory_sides)
{
  const SlSideDraft *side = &draft->sides[s];
  JsonObject *so = json_object_new ();
  JsonArray *squads = json_array_new ();
  g_autofree char *side_id = g_strdup_printf ("side-%d", s + 1);

  json_object_set_string_member (so, "id", side_id);
  json_object_set_string_member (so, "name", side->name);
  side_purchases (side, so);
  for (guint q = 0; q < side->squads->len; q++)
    {
      const SlSquadDraft *squad = g_ptr_array_index (side->squads, q);
      g_autofree char *prefix = g_strdup_printf ("s%d-q%u", s + 1, q + 1);

      json_array_add_element (squads, sl_squad_draft_to_setup (squad, prefix, *counter));
      *counter += squad->n_units;
    }
  json_object_set_array_member (so, "squads", squads);
  if (side->set_up && *side->set_up)
    json_object_set_string_member (positions, side_id, side->set_up);
  json_object_set_object_member (victory_sides, side_id, side_victory (rules, draft, side));
  return so;
}

/* §10 E: the objectives are the players' to judge; the score counts the
 * body count and unspent points (T-39). The rules broken, when the
 * players play anyway. */
static void
notes_json (GPtrArray  *problems,
            JsonObject *o)
{
  JsonArray *notes = json_array_new ();

  json_array_add_string_element (notes, _("A custom scenario: the players say when a side achieves its objectives (Objectives and Score); the app adds the body count and the unspent points (T-39)."));
  if (problems->len > 0)
    {
      JsonArray *overrides = json_array_new ();

      for (guint i = 0; i < problems->len; i++)
        json_array_add_string_element (overrides, g_ptr_array_index (problems, i));
      json_object_set_array_member (o, "overrides", overrides);
      json_array_add_string_element (notes, _("The players chose to play although the forces break the construction rules listed under “overrides”."));
    }
  json_object_set_array_member (o, "notes", notes);
}

/* The scenario file's object, whether or not it is a valid scenario. */
static JsonNode *
draft_node (const SlRules         *rules,
            const SlScenarioDraft *draft,
            GPtrArray             *problems)
{
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  JsonObject *o = json_object_new ();
  JsonArray *modules = json_array_new (), *sides = json_array_new ();
  JsonObject *positions = json_object_new ();
  JsonObject *victory = json_object_new (), *victory_sides = json_object_new ();
  g_autofree char *id = slug (draft->name);
  int counter = 1;

  json_node_take_object (node, o);
  json_object_set_string_member (o, "id", id);
  json_object_set_string_member (o, "name", draft->name);
  json_object_set_string_member (o, "description", draft->situation);
  json_object_set_int_member (o, "length_turns", draft->length_turns);
  for (int m = 0; m < SL_N_MODULES; m++)
    if (draft->modules[m] ||
        /* §15.1: a side that hides plays with the detection rules. */
        (m == SL_MODULE_DETECTION && (draft->sides[0].hides || draft->sides[1].hides)))
      json_array_add_string_element (modules, sl_module_names[m]);
  json_object_set_array_member (o, "modules", modules);
  json_object_set_object_member (o, "environment", environment_json (draft));
  json_object_set_array_member (o, "special_conditions", conditions_json (draft));
  for (int s = 0; s < 2; s++)
    json_array_add_object_element (sides, side_json (rules, draft, s, &counter, positions, victory_sides));
  json_object_set_array_member (o, "sides", sides);
  json_object_set_object_member (o, "starting_positions", positions);
  json_object_set_object_member (victory, "sides", victory_sides);
  json_object_set_object_member (o, "victory", victory);
  notes_json (problems, o);
  return node;
}

JsonNode *
sl_scenario_draft_to_json (const SlRules         *rules,
                           const SlScenarioDraft *draft,
                           GError               **error)
{
  g_autoptr(GPtrArray) problems = sl_scenario_draft_problems (rules, draft);
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(SlSetup) setup = NULL;

  if (problems->len > 0 && !draft->override)
    {
      g_set_error (error, SL_SETUP_ERROR, 0, "%s", (const char *) g_ptr_array_index (problems, 0));
      return NULL;
    }
  node = draft_node (rules, draft, problems);
  /* Checked as any scenario is. */
  setup = sl_setup_new_from_json (rules, node, error);
  if (setup == NULL)
    return NULL;
  return g_steal_pointer (&node);
}

char *
sl_scenario_draft_fingerprint (const SlRules         *rules,
                               const SlScenarioDraft *draft)
{
  g_autoptr(GPtrArray) problems = sl_scenario_draft_problems (rules, draft);
  g_autoptr(JsonNode) node = draft_node (rules, draft, problems);
  g_autofree char *text = sl_json_to_string (node, FALSE);

  return g_strdup_printf ("%d %s", draft->override, text);
}

static char *
scenario_path (JsonNode   *node,
               const char *dir)
{
  g_autofree char *base = g_strdup_printf ("%s.json", json_object_get_string_member (json_node_get_object (node), "id"));

  return g_build_filename (dir, base, NULL);
}

char *
sl_scenario_draft_path (const SlRules         *rules,
                        const SlScenarioDraft *draft,
                        const char            *dir,
                        GError               **error)
{
  g_autoptr(JsonNode) node = sl_scenario_draft_to_json (rules, draft, error);

  return node != NULL ? scenario_path (node, dir) : NULL;
}

char *
sl_scenario_draft_save (const SlRules         *rules,
                        const SlScenarioDraft *draft,
                        const char            *dir,
                        gboolean               replace,
                        GError               **error)
{
  g_autoptr(JsonNode) node = sl_scenario_draft_to_json (rules, draft, error);
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;

  if (node == NULL)
    return NULL;
  text = sl_json_to_string (node, TRUE);
  path = scenario_path (node, dir);
  if (!sl_file_write_library (path, text, replace, error))
    return NULL;
  return g_steal_pointer (&path);
}

char *
sl_force_library_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "squadlog", "forces", NULL);
}

gboolean
sl_force_save (const SlSideDraft *side,
               const char        *path,
               gboolean           replace,
               GError           **error)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  JsonObject *o = json_object_new ();
  JsonArray *squads = json_array_new ();
  g_autofree char *text = NULL;

  json_object_set_string_member (o, "format", "squadlog-force");
  json_object_set_int_member (o, "version", 1);
  json_object_set_string_member (o, "name", side->name);
  if (side->budget >= 0)
    json_object_set_int_member (o, "budget", side->budget);
  for (guint q = 0; q < side->squads->len; q++)
    json_array_add_element (squads, sl_squad_draft_to_json (g_ptr_array_index (side->squads, q)));
  json_object_set_array_member (o, "squads", squads);
  json_node_take_object (node, o);
  text = sl_json_to_string (node, TRUE);
  return sl_file_write_library (path, text, replace, error);
}

gboolean
sl_force_load (const SlRules *rules,
               const char    *path,
               SlSideDraft   *side,
               GError       **error)
{
  g_autoptr(GBytes) text = NULL;
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) local = NULL;
  g_autoptr(GPtrArray) squads = g_ptr_array_new_with_free_func ((GDestroyNotify) sl_squad_draft_free);
  g_autoptr(SlReadContext) ctx = sl_read_context_new ();
  g_autoptr(SlReader) r = NULL;
  const char *name;
  int budget;
  guint n;

  if ((text = sl_file_read (path, SL_FILE_LIMIT_SCENARIO, SL_FILE_READ_DEFAULT, &local)) == NULL ||
      (node = sl_json_parse (g_bytes_get_data (text, NULL), g_bytes_get_size (text), &local)) == NULL)
    {
      g_set_error (error, SL_SETUP_ERROR, 0, "%s: %s", display, local->message);
      return FALSE;
    }
  if (!JSON_NODE_HOLDS_OBJECT (node) ||
      g_strcmp0 (json_object_get_string_member_with_default (json_node_get_object (node), "format", ""),
                 "squadlog-force") != 0)
    {
      g_set_error (error, SL_SETUP_ERROR, 0, _("%s: this is not a Squad Log force."), display);
      return FALSE;
    }
  /* Strictly: a wrong member names itself. */
  r = sl_reader_new (ctx, node, "");
  sl_reader_string (r, "format", NULL);
  sl_reader_int (r, "version", 1, 1, 1);
  name = sl_reader_string (r, "name", "");
  budget = sl_reader_int (r, "budget", 0, 100000, -1);
  sl_reader_require (r, "squads");
  n = sl_reader_array_length (r, "squads");
  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      SlSquadDraft *squad = sl_squad_draft_from_json (rules, sl_reader_array_node (r, "squads", i), &local);

      if (squad == NULL)
        {
          g_set_error (error, SL_SETUP_ERROR, 0, "%s: squads[%u]: %s", display, i, local->message);
          return FALSE;
        }
      g_ptr_array_add (squads, squad);
    }
  sl_reader_end (r);
  if (sl_read_context_failed (ctx))
    {
      g_set_error (error, SL_SETUP_ERROR, 0, "%s: %s: %s", display, sl_read_context_field (ctx),
                   sl_read_context_message (ctx));
      return FALSE;
    }
  g_free (side->name);
  side->name = g_strdup (name);
  side->budget = budget;
  g_ptr_array_set_size (side->squads, 0);
  while (squads->len > 0)
    g_ptr_array_add (side->squads, g_ptr_array_steal_index (squads, 0));
  return TRUE;
}
