/* sl-check.c: roll-under checks, their odds, and modifier breakdowns
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sl-check.h"
#include "sl-dice.h"

struct _SlBreakdown
{
  GArray *items;  /* SlModifier */
};

static void
modifier_clear (gpointer data)
{
  SlModifier *m = data;
  g_free (m->label);
}

SlBreakdown *
sl_breakdown_new (void)
{
  SlBreakdown *b = g_new0 (SlBreakdown, 1);

  b->items = g_array_new (FALSE, TRUE, sizeof (SlModifier));
  g_array_set_clear_func (b->items, modifier_clear);
  return b;
}

void
sl_breakdown_free (SlBreakdown *breakdown)
{
  if (breakdown == NULL)
    return;
  g_array_unref (breakdown->items);
  g_free (breakdown);
}

void
sl_breakdown_add (SlBreakdown *breakdown,
                  const char  *source,
                  const char  *label,
                  int          value)
{
  SlModifier m;

  if (value == 0)
    return;
  m.source = g_intern_string (source);
  m.label = g_strdup (label);
  m.value = value;
  g_array_append_val (breakdown->items, m);
}

void
sl_breakdown_add_note (SlBreakdown *breakdown,
                       const char  *source,
                       const char  *label)
{
  SlModifier m;

  m.source = g_intern_string (source);
  m.label = g_strdup (label);
  m.value = 0;
  g_array_append_val (breakdown->items, m);
}

void
sl_breakdown_addf (SlBreakdown *breakdown,
                   const char  *source,
                   int          value,
                   const char  *format,
                   ...)
{
  g_autofree char *label = NULL;
  va_list args;

  if (value == 0)
    return;
  va_start (args, format);
  label = g_strdup_vprintf (format, args);
  va_end (args);
  sl_breakdown_add (breakdown, source, label, value);
}

void
sl_breakdown_append (SlBreakdown       *breakdown,
                     const SlBreakdown *other)
{
  for (guint i = 0; i < other->items->len; i++)
    {
      const SlModifier *m = &g_array_index (other->items, SlModifier, i);
      sl_breakdown_add (breakdown, m->source, m->label, m->value);
    }
}

int
sl_breakdown_total (const SlBreakdown *breakdown)
{
  int total = 0;

  for (guint i = 0; i < breakdown->items->len; i++)
    total += g_array_index (breakdown->items, SlModifier, i).value;
  return total;
}

guint
sl_breakdown_size (const SlBreakdown *breakdown)
{
  return breakdown->items->len;
}

const SlModifier *
sl_breakdown_get (const SlBreakdown *breakdown,
                  guint              index)
{
  g_return_val_if_fail (index < breakdown->items->len, NULL);
  return &g_array_index (breakdown->items, SlModifier, index);
}

int
sl_breakdown_value (const SlBreakdown *breakdown,
                    const char        *source)
{
  int total = 0;

  for (guint i = 0; i < breakdown->items->len; i++)
    {
      const SlModifier *m = &g_array_index (breakdown->items, SlModifier, i);
      if (g_str_equal (m->source, source))
        total += m->value;
    }
  return total;
}

JsonNode *
sl_breakdown_to_json (const SlBreakdown *breakdown)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i < breakdown->items->len; i++)
    {
      const SlModifier *m = &g_array_index (breakdown->items, SlModifier, i);
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "source", m->source);
      json_object_set_string_member (o, "label", m->label);
      json_object_set_int_member (o, "value", m->value);
      json_array_add_object_element (array, o);
    }
  json_node_take_array (node, array);
  return node;
}

SlBreakdown *
sl_breakdown_from_json (JsonNode *node)
{
  SlBreakdown *breakdown;
  JsonArray *items;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  breakdown = sl_breakdown_new ();
  items = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (items); i++)
    {
      JsonNode *item = json_array_get_element (items, i);
      JsonObject *o = JSON_NODE_HOLDS_OBJECT (item) ? json_node_get_object (item) : NULL;
      SlModifier m;

      if (o == NULL)
        continue;
      m.source = g_intern_string (json_object_get_string_member_with_default (o, "source", ""));
      m.label = g_strdup (json_object_get_string_member_with_default (o, "label", ""));
      m.value = (int) json_object_get_int_member_with_default (o, "value", 0);
      g_array_append_val (breakdown->items, m);
    }
  return breakdown;
}

gboolean
sl_check_succeeds (const SlCheckDef *check,
                   int               natural,
                   int               modifier)
{
  g_return_val_if_fail (check != NULL, FALSE);
  g_return_val_if_fail (natural >= 1 && natural <= check->die, FALSE);

  if (check->automatic)
    {
      if (natural == 1)
        return TRUE;
      if (natural == check->die)
        return FALSE;
    }
  if (check->natural_only)
    modifier = 0;
  return natural + modifier <= check->target;
}

double
sl_check_probability (const SlCheckDef *check,
                      int               modifier)
{
  int successes = 0;

  for (int face = 1; face <= check->die; face++)
    if (sl_check_succeeds (check, face, modifier))
      successes++;
  return (double) successes / check->die;
}

int
sl_check_needed (const SlCheckDef *check,
                 int               modifier)
{
  int needed = 0;

  for (int face = 1; face <= check->die; face++)
    if (sl_check_succeeds (check, face, modifier))
      needed = face;
  return needed;
}

void
sl_check_roll (const SlCheckDef *check,
               int               modifier,
               SlDice           *dice,
               const char       *stream,
               SlCheckOutcome   *outcome)
{
  if (check->natural_only)
    modifier = 0;
  outcome->natural = sl_dice_roll (dice, stream, check->die);
  outcome->modifier = modifier;
  outcome->net = outcome->natural + modifier;
  outcome->success = sl_check_succeeds (check, outcome->natural, modifier);
  outcome->probability = sl_check_probability (check, modifier);
  outcome->needed = sl_check_needed (check, modifier);
  outcome->target = check->target;
}

char *
sl_check_outcome_words (const SlCheckOutcome *outcome)
{
  if (outcome->needed <= 0)
    return g_strdup_printf (_("cannot succeed, rolled %d"), outcome->natural);
  if (outcome->needed == 1)
    return g_strdup_printf (_("needs a 1, rolled %d"), outcome->natural);
  return g_strdup_printf (_("needs %d or less, rolled %d"), outcome->needed, outcome->natural);
}

void
sl_check_outcome_to_json (const SlCheckOutcome *outcome,
                          const char           *success_name,
                          JsonObject           *object)
{
  json_object_set_int_member (object, "natural", outcome->natural);
  json_object_set_int_member (object, "modifier", outcome->modifier);
  json_object_set_int_member (object, "net", outcome->net);
  json_object_set_int_member (object, "target", outcome->target);
  json_object_set_int_member (object, "needed", outcome->needed);
  json_object_set_double_member (object, "probability", outcome->probability);
  json_object_set_boolean_member (object, success_name, outcome->success);
}

gboolean
sl_check_odds_from_json (JsonObject  *object,
                         SlCheckOdds *odds)
{
  g_return_val_if_fail (odds != NULL, FALSE);
  if (object == NULL || !json_object_has_member (object, "needed") ||
      !json_object_has_member (object, "probability"))
    return FALSE;
  odds->needed = (int) json_object_get_int_member (object, "needed");
  odds->probability = json_object_get_double_member (object, "probability");
  odds->meaning = json_object_has_member (object, "routs")  ? SL_ODDS_ROUT
                  : json_object_has_member (object, "jams") ? SL_ODDS_JAM
                                                            : SL_ODDS_SUCCESS;
  return TRUE;
}

/* Rule errors with a field */

typedef struct
{
  char *field;
} SlRuleErrorPrivate;

static void
sl_rule_error_private_init (SlRuleErrorPrivate *priv)
{
  priv->field = NULL;
}

static void
sl_rule_error_private_copy (const SlRuleErrorPrivate *src,
                            SlRuleErrorPrivate       *dest)
{
  dest->field = g_strdup (src->field);
}

static void
sl_rule_error_private_clear (SlRuleErrorPrivate *priv)
{
  g_clear_pointer (&priv->field, g_free);
}

G_DEFINE_EXTENDED_ERROR (SlRuleError, sl_rule_error)

void
sl_rule_error_set (GError          **error,
                   SlRuleErrorCode   code,
                   const char       *field,
                   const char       *format,
                   ...)
{
  g_autofree char *message = NULL;
  GError *e;
  va_list args;

  if (error == NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  e = g_error_new_literal (SL_RULE_ERROR, code, message);
  sl_rule_error_get_private (e)->field = g_strdup (field);
  g_propagate_error (error, e);
}

const char *
sl_rule_error_get_field (const GError *error)
{
  if (error == NULL || error->domain != SL_RULE_ERROR)
    return NULL;
  return sl_rule_error_get_private (error)->field;
}
