/* sl-dice.c: injectable dice
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "sl-dice.h"

typedef struct
{
  char    *name;
  GArray  *given;    /* int */
  guint    next;
  GArray  *used;     /* int */
  gboolean rolled;
  gboolean list;
} Stream;

struct _SlDice
{
  GRand     *rand;      /* created on the first roll the players did not give */
  guint32    seed;
  gboolean   seeded;
  GPtrArray *streams;  /* Stream, in order of first use */
  gboolean   strict;
  gboolean   is_short;
};

static void
stream_free (gpointer data)
{
  Stream *s = data;

  g_free (s->name);
  g_array_unref (s->given);
  g_array_unref (s->used);
  g_free (s);
}

SlDice *
sl_dice_new (void)
{
  SlDice *dice = g_new0 (SlDice, 1);

  dice->streams = g_ptr_array_new_with_free_func (stream_free);
  return dice;
}

SlDice *
sl_dice_new_seeded (guint32 seed)
{
  SlDice *dice = sl_dice_new ();

  dice->seed = seed;
  dice->seeded = TRUE;
  return dice;
}

void
sl_dice_free (SlDice *dice)
{
  if (dice == NULL)
    return;
  g_clear_pointer (&dice->rand, g_rand_free);
  g_ptr_array_unref (dice->streams);
  g_free (dice);
}

static Stream *
get_stream (SlDice     *dice,
            const char *name)
{
  Stream *s;

  for (guint i = 0; i < dice->streams->len; i++)
    {
      s = g_ptr_array_index (dice->streams, i);
      if (g_str_equal (s->name, name))
        return s;
    }
  s = g_new0 (Stream, 1);
  s->name = g_strdup (name);
  s->given = g_array_new (FALSE, FALSE, sizeof (int));
  s->used = g_array_new (FALSE, FALSE, sizeof (int));
  g_ptr_array_add (dice->streams, s);
  return s;
}

void
sl_dice_give (SlDice     *dice,
              const char *stream,
              int         value)
{
  g_return_if_fail (dice != NULL && stream != NULL);
  g_array_append_val (get_stream (dice, stream)->given, value);
}

void
sl_dice_declare_list (SlDice     *dice,
                      const char *stream)
{
  get_stream (dice, stream)->list = TRUE;
}

int
sl_dice_roll (SlDice     *dice,
              const char *stream,
              int         sides)
{
  Stream *s;
  int value;

  g_return_val_if_fail (dice != NULL && stream != NULL, 1);
  g_return_val_if_fail (sides >= 2, 1);

  s = get_stream (dice, stream);
  if (s->next < s->given->len)
    {
      value = g_array_index (s->given, int, s->next++);
      g_assert (value >= 1 && value <= sides);
    }
  else if (dice->strict)
    {
      value = 1;
      dice->is_short = TRUE;
    }
  else
    {
      /* Seeding from the system is costly, and replaying a journal never
       * rolls, so the generator only exists once a die is really rolled. */
      if (dice->rand == NULL)
        dice->rand = dice->seeded ? g_rand_new_with_seed (dice->seed) : g_rand_new ();
      value = g_rand_int_range (dice->rand, 1, sides + 1);
      s->rolled = TRUE;
    }
  g_array_append_val (s->used, value);
  return value;
}

void
sl_dice_set_strict (SlDice   *dice,
                    gboolean  strict)
{
  dice->strict = strict;
}

gboolean
sl_dice_is_short (SlDice *dice)
{
  return dice->is_short;
}

GPtrArray *
sl_dice_rolled_streams (SlDice *dice)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < dice->streams->len; i++)
    {
      Stream *s = g_ptr_array_index (dice->streams, i);

      if (s->rolled)
        g_ptr_array_add (names, g_strdup (s->name));
    }
  return names;
}

gboolean
sl_dice_has_given (SlDice     *dice,
                   const char *stream)
{
  Stream *s = get_stream (dice, stream);

  return s->next < s->given->len;
}

static JsonNode *
stream_json (Stream *s)
{
  JsonNode *node;

  if (s->used->len == 1 && !s->list)
    {
      node = json_node_new (JSON_NODE_VALUE);
      json_node_set_int (node, g_array_index (s->used, int, 0));
    }
  else
    {
      JsonArray *array = json_array_sized_new (s->used->len);

      for (guint i = 0; i < s->used->len; i++)
        json_array_add_int_element (array, g_array_index (s->used, int, i));
      node = json_node_new (JSON_NODE_ARRAY);
      json_node_take_array (node, array);
    }
  return node;
}

static JsonNode *
report (SlDice   *dice,
        gboolean  rolled_only)
{
  JsonObject *object = NULL;
  JsonNode *node;

  for (guint i = 0; i < dice->streams->len; i++)
    {
      Stream *s = g_ptr_array_index (dice->streams, i);

      if (s->used->len == 0 || (rolled_only && !s->rolled))
        continue;
      if (object == NULL)
        object = json_object_new ();
      json_object_set_member (object, s->name, stream_json (s));
    }
  if (object == NULL)
    return NULL;
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, object);
  return node;
}

JsonNode *
sl_dice_report (SlDice *dice)
{
  return report (dice, TRUE);
}

JsonNode *
sl_dice_used (SlDice *dice)
{
  return report (dice, FALSE);
}
