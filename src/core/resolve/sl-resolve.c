/* sl-resolve.c: the engine's JSON request/result protocol
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sl-combat.h"
#include "sl-resolve-private.h"

typedef struct
{
  const char    *kind;
  SlResolveFunc  func;
} SlKind;

static const SlKind kinds[] = {
  { "rules", sl_resolve_rules },
  { "to-hit", sl_resolve_to_hit },
  { "damage", sl_resolve_damage },
  { "burst-hits", sl_resolve_burst_hits },
  { "area-burst", sl_resolve_area_burst },
  { "obstacle", sl_resolve_obstacle },
  { "follow-through", sl_resolve_follow_through },
  { "action-cost", sl_resolve_action_cost },
  { "schedule", sl_resolve_schedule },
  { "timing", sl_resolve_timing },
  { "rate-of-fire", sl_resolve_rate_of_fire },
  { "movement", sl_resolve_movement },
  { "move-path", sl_resolve_move_path },
  { "elevator", sl_resolve_elevator },
  { "elevator-floor", sl_resolve_elevator_floor },
  { "daze", sl_resolve_daze },
  { "wound-effects", sl_resolve_wound_effects },
  { "melee", sl_resolve_melee },
  { "avoid-melee", sl_resolve_avoid_melee },
  { "initiative", sl_resolve_initiative },
  { "rout", sl_resolve_rout },
  { "rally", sl_resolve_rally },
  { "regroup", sl_resolve_regroup },
  { "grenade", sl_resolve_grenade },
  { "blast", sl_resolve_blast },
  { "charge-shot", sl_resolve_charge_shot },
  { "mine", sl_resolve_mine },
  { "fire-mission", sl_resolve_fire_mission },
  { "shaped-charge", sl_resolve_shaped_charge },
  { "detection", sl_resolve_detection },
  { "los", sl_resolve_los },
  { "zero-g", sl_resolve_zero_g },
  { "suit-breach", sl_resolve_suit_breach },
  { "squad-cost", sl_resolve_squad_cost },
  { "victory", sl_resolve_victory },
  { "ammunition", sl_resolve_ammunition },
  { "legionnaire", sl_resolve_legionnaire },
  { "centurion", sl_resolve_centurion },
};

struct _SlResolver
{
  SlRules  *rules;
  gboolean  seeded;
  guint32   seed;
  guint64   count;
};

typedef struct
{
  SlResolve  pub;
  GPtrArray *strings;   /* stream names handed out */
} SlResolvePriv;

const char * const *
sl_resolver_kinds (void)
{
  static const char *names[G_N_ELEMENTS (kinds) + 1];

  if (names[0] == NULL)
    for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
      names[i] = kinds[i].kind;
  return names;
}

SlResolver *
sl_resolver_new (SlRules *rules)
{
  SlResolver *resolver;

  g_return_val_if_fail (rules != NULL, NULL);

  resolver = g_new0 (SlResolver, 1);
  resolver->rules = sl_rules_ref (rules);
  return resolver;
}

void
sl_resolver_free (SlResolver *resolver)
{
  if (resolver == NULL)
    return;
  sl_rules_unref (resolver->rules);
  g_free (resolver);
}

void
sl_resolver_set_seed (SlResolver *resolver,
                      guint32     seed)
{
  resolver->seeded = TRUE;
  resolver->seed = seed;
}

static JsonNode *
error_node (const char *field,
            const char *message)
{
  JsonObject *root = json_object_new ();
  JsonObject *error = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (error, "field", field ? field : "");
  json_object_set_string_member (error, "message", message);
  json_object_set_object_member (root, "error", error);
  json_node_take_object (node, root);
  return node;
}

gboolean
sl_resolve_inputs_done (SlResolve *rs)
{
  return sl_reader_end (rs->request);
}

const char *
sl_resolve_die (SlResolve  *rs,
                SlReader   *reader,
                const char *field,
                int         sides)
{
  SlResolvePriv *priv = (SlResolvePriv *) rs;
  char *stream = sl_reader_field_path (reader, field);

  g_ptr_array_add (priv->strings, stream);
  if (sl_reader_has (reader, field))
    {
      int value = sl_reader_int (reader, field, 1, sides, 0);

      if (value > 0)
        sl_dice_give (rs->dice, stream, value);
    }
  return stream;
}

const char *
sl_resolve_dice_list (SlResolve  *rs,
                      SlReader   *reader,
                      const char *field,
                      int         sides)
{
  SlResolvePriv *priv = (SlResolvePriv *) rs;
  char *stream = sl_reader_field_path (reader, field);
  guint n;

  g_ptr_array_add (priv->strings, stream);
  sl_dice_declare_list (rs->dice, stream);
  n = sl_reader_array_length (reader, field);
  for (guint i = 0; i < n; i++)
    {
      int value = sl_reader_array_int (reader, field, i, 1, sides, 0);

      if (value > 0)
        sl_dice_give (rs->dice, stream, value);
    }
  return stream;
}

gconstpointer
sl_resolve_lookup (SlResolve     *rs,
                   SlReader      *reader,
                   const char    *field,
                   const SlTable *table,
                   const char    *def_id)
{
  int index;

  if (!sl_reader_has (reader, field))
    {
      if (def_id == NULL)
        {
          sl_reader_require (reader, field);
          return NULL;
        }
      return sl_table_lookup (table, def_id);
    }

  index = sl_reader_enum (reader, field, sl_table_ids (table), table->what, -1);
  if (index < 0)
    return def_id ? sl_table_lookup (table, def_id) : NULL;
  return g_ptr_array_index (table->items, index);
}

SlWound
sl_resolve_wound (SlResolve  *rs,
                  SlReader   *reader,
                  const char *field)
{
  return sl_reader_enum (reader, field, sl_wound_names, N_("wound level"), SL_WOUND_NONE);
}

SlQuality
sl_resolve_quality (SlResolve  *rs,
                    SlReader   *reader,
                    const char *field)
{
  return sl_reader_enum (reader, field, sl_quality_names, N_("troop quality"),
                         rs->rules->default_quality);
}

const char *
sl_resolve_omni_mode (SlResolve      *rs,
                      SlReader       *reader,
                      const char     *field,
                      const SlWeapon *weapon)
{
  static const char * const modes[] = { "spike", "slug", NULL };
  int mode;

  if (weapon == NULL || !weapon->has_modes)
    {
      if (sl_reader_has (reader, field) && weapon != NULL)
        sl_reader_fail (reader, field, _("The %s has no firing modes; only the OMNI rifle has."),
                        weapon->name);
      else
        sl_reader_skip (reader, field);
      return NULL;
    }
  mode = sl_reader_enum (reader, field, modes, N_("OMNI mode"), 0);
  return modes[mode];
}

SlPosition
sl_resolve_position (SlResolve *rs,
                     SlReader  *reader)
{
  SlPosition position;
  gboolean prone, kneeling;

  position = sl_reader_enum (reader, "position", sl_position_names, N_("position"),
                             SL_POSITION_STANDING);
  prone = sl_reader_bool (reader, "prone", FALSE);
  kneeling = sl_reader_bool (reader, "kneeling", FALSE);

  if (prone && kneeling)
    {
      sl_reader_fail (reader, "kneeling", _("A unit cannot be both prone and kneeling."));
      return position;
    }
  if ((prone || kneeling) && sl_reader_has (reader, "position"))
    {
      SlPosition flag = prone ? SL_POSITION_PRONE : SL_POSITION_KNEELING;

      if (flag != position)
        sl_reader_fail (reader, prone ? "prone" : "kneeling",
                        _("This contradicts the position “%s”."), sl_position_names[position]);
      return position;
    }
  if (prone)
    return SL_POSITION_PRONE;
  if (kneeling)
    return SL_POSITION_KNEELING;
  return position;
}

void
sl_resolve_covers (SlResolve  *rs,
                   SlReader   *reader,
                   const char *field,
                   gboolean    covers[SL_N_COVERS])
{
  sl_reader_flags (reader, field, sl_cover_names, N_("cover"), covers, SL_N_COVERS);
  covers[SL_COVER_NONE] = FALSE;
}

void
sl_resolve_damage_json (SlResolve     *rs,
                        gconstpointer  data,
                        JsonObject    *object)
{
  const SlDamageResult *result = data;
  const SlWoundLevel *level = &rs->rules->wounds[result->wound];
  JsonArray *boxes = json_array_new ();

  for (int w = SL_WOUND_LIGHT; w <= (int) result->wound; w++)
    json_array_add_string_element (boxes, rs->rules->wounds[w].box);

  json_object_set_int_member (object, "armor_factor", result->armor_factor);
  json_object_set_int_member (object, "levels", result->levels);
  json_object_set_string_member (object, "wound", sl_wound_names[result->wound]);
  json_object_set_array_member (object, "boxes", boxes);
  json_object_set_boolean_member (object, "dazed", result->dazed);
  json_object_set_boolean_member (object, "out", level->out);
  if (result->natural_one)
    json_object_set_boolean_member (object, "natural_one", TRUE);
}

void
sl_resolve_set_breakdown (SlResolve         *rs,
                          const char        *name,
                          const SlBreakdown *breakdown)
{
  json_object_set_member (rs->result, name, sl_breakdown_to_json (breakdown));
}

JsonObject *
sl_resolve_result_object (JsonObject *parent,
                          const char *name)
{
  JsonObject *child = json_object_new ();

  json_object_set_object_member (parent, name, child);
  return child;
}

static const SlKind *
find_kind (const char *kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_str_equal (kinds[i].kind, kind))
      return &kinds[i];
  return NULL;
}

JsonNode *
sl_resolver_resolve (SlResolver *resolver,
                     JsonNode   *request,
                     gboolean   *valid)
{
  g_autoptr(SlReadContext) ctx = sl_read_context_new ();
  g_autoptr(SlReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SlDice) dice = NULL;
  g_autoptr(GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JsonNode) id = NULL;
  SlResolvePriv priv = { { 0 } };
  const SlKind *kind = NULL;
  const char *kind_name;
  JsonObject *result;
  JsonNode *node;
  JsonNode *rolls;
  gboolean ok;

  g_return_val_if_fail (resolver != NULL, NULL);

  if (valid)
    *valid = FALSE;

  reader = sl_reader_new (ctx, request, "");
  if (sl_read_context_failed (ctx))
    return error_node ("", _("A request is a JSON object with a “kind”."));

  if (sl_reader_has (reader, "id"))
    id = json_node_copy (sl_reader_node (reader, "id"));

  sl_reader_require (reader, "kind");
  kind_name = sl_reader_string (reader, "kind", NULL);
  if (kind_name != NULL)
    {
      kind = find_kind (kind_name);
      if (kind == NULL)
        {
          g_autofree char *choices = sl_json_join_choices (sl_resolver_kinds ());
          sl_reader_fail (reader, "kind", _("Unknown kind of request “%s”: expected %s."),
                          kind_name, choices);
        }
    }
  if (sl_read_context_failed (ctx))
    return error_node (sl_read_context_field (ctx), sl_read_context_message (ctx));

  resolver->count++;
  dice = resolver->seeded ? sl_dice_new_seeded (resolver->seed + (guint32) resolver->count)
                          : sl_dice_new ();

  priv.strings = strings;
  priv.pub.rules = resolver->rules;
  priv.pub.options = *sl_option_set_defaults (resolver->rules->options);
  priv.pub.dice = dice;
  priv.pub.request = reader;
  priv.pub.result = result = json_object_new ();

  if (sl_reader_has (reader, "options"))
    {
      g_autoptr(SlReader) options = sl_reader_object (reader, "options");

      if (options != NULL)
        sl_option_set_apply (resolver->rules->options, &priv.pub.options, options);
    }

  json_object_set_string_member (result, "kind", kind->kind);
  if (id != NULL)
    json_object_set_member (result, "id", g_steal_pointer (&id));

  ok = sl_read_context_failed (ctx) ? FALSE : kind->func (&priv.pub, &error);

  if (sl_read_context_failed (ctx))
    {
      json_object_unref (result);
      return error_node (sl_read_context_field (ctx), sl_read_context_message (ctx));
    }
  if (!ok)
    {
      json_object_unref (result);
      if (error == NULL)
        return error_node ("", _("The request could not be resolved."));
      return error_node (sl_rule_error_get_field (error), error->message);
    }

  rolls = sl_dice_report (dice);
  if (rolls != NULL)
    json_object_set_member (result, "rolls", rolls);

  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, result);
  if (valid)
    *valid = TRUE;
  return node;
}

JsonNode *
sl_resolver_resolve_text (SlResolver *resolver,
                          const char *text,
                          gssize      length,
                          gboolean   *valid)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) request = sl_json_parse (text, length, &error);

  if (request == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The request is not valid JSON: %s"),
                                                  error->message);
      if (valid)
        *valid = FALSE;
      return error_node ("", message);
    }
  return sl_resolver_resolve (resolver, request, valid);
}

/* The "rules" kind: what the loaded rules offer, for front ends. */

static JsonNode *
ids_node (const SlTable *table)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);
  const char * const *ids = sl_table_ids (table);

  for (guint i = 0; ids[i]; i++)
    json_array_add_string_element (array, ids[i]);
  json_node_take_array (node, array);
  return node;
}

gboolean
sl_resolve_rules (SlResolve  *rs,
                  GError    **error)
{
  const SlRules *rules = rs->rules;
  JsonArray *options;

  if (!sl_resolve_inputs_done (rs))
    return FALSE;

  json_object_set_string_member (rs->result, "rules", rules->id);
  json_object_set_string_member (rs->result, "title", rules->title);
  json_object_set_string_member (rs->result, "edition", rules->edition);
  json_object_set_string_member (rs->result, "file", rules->path);
  json_object_set_member (rs->result, "troops", ids_node (&rules->troops));
  json_object_set_member (rs->result, "races", ids_node (&rules->races));
  json_object_set_member (rs->result, "armor", ids_node (&rules->armor));
  json_object_set_member (rs->result, "weapons", ids_node (&rules->weapons));
  json_object_set_member (rs->result, "actions", ids_node (&rules->actions));
  json_object_set_member (rs->result, "terrain", ids_node (&rules->terrain));
  json_object_set_member (rs->result, "obstacles", ids_node (&rules->obstacles));
  {
    JsonArray *k = json_array_new ();
    for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
      json_array_add_string_element (k, kinds[i].kind);
    json_object_set_array_member (rs->result, "kinds", k);
  }

  options = json_array_new ();
  for (guint i = 0; i < sl_option_set_size (rules->options); i++)
    {
      const SlOptionDef *def = sl_option_set_get (rules->options, i);
      JsonObject *o = json_object_new ();
      static const char * const types[] = { "bool", "int", "number", "choice" };

      json_object_set_string_member (o, "id", def->id);
      json_object_set_string_member (o, "ref", def->ref);
      json_object_set_string_member (o, "type", types[def->type]);
      json_object_set_member (o, "value", sl_option_get_json (def, &rs->options));
      json_object_set_member (o, "default",
                              sl_option_get_json (def, sl_option_set_defaults (rules->options)));
      if (def->type == SL_OPTION_CHOICE)
        {
          JsonArray *choices = json_array_new ();
          for (guint c = 0; def->choices[c]; c++)
            json_array_add_string_element (choices, def->choices[c]);
          json_object_set_array_member (o, "choices", choices);
        }
      else if (def->type != SL_OPTION_BOOL)
        {
          json_object_set_double_member (o, "min", def->min);
          json_object_set_double_member (o, "max", def->max);
        }
      json_object_set_string_member (o, "title", def->title);
      json_array_add_object_element (options, o);
    }
  json_object_set_array_member (rs->result, "options", options);
  return TRUE;
}
