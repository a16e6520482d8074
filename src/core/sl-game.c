/* sl-game.c: a game — its setup, its journal, and the state that is their
 * replay
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "sl-check.h"
#include "sl-command.h"
#include "sl-dice.h"
#include "sl-game.h"
#include "sl-json.h"

G_DEFINE_QUARK (sl-game-error-quark, sl_game_error)

/* A copy of the state every so many entries makes undo to any point as
 * fast as replaying at most this many commands. */
#define SNAPSHOT_EVERY 64

struct _SlGame
{
  GObject    parent_instance;

  SlRules   *rules;
  SlSetup   *setup;
  SlState   *state;
  SlState   *scratch;
  GPtrArray *journal;    /* SlJournalEntry */
  guint      position;   /* entries applied */
  GPtrArray *snapshots;  /* SlState after k × SNAPSHOT_EVERY entries */
  GRand     *rand;
  char      *path;
};

G_DEFINE_FINAL_TYPE (SlGame, sl_game, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_POSITION,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
entry_free (gpointer data)
{
  SlJournalEntry *e = data;

  g_clear_pointer (&e->command, json_node_unref);
  g_clear_pointer (&e->result, json_node_unref);
  g_strfreev (e->rolled);
  g_free (e->summary);
  g_free (e);
}

static void
sl_game_finalize (GObject *object)
{
  SlGame *self = SL_GAME (object);

  g_clear_pointer (&self->journal, g_ptr_array_unref);
  g_clear_pointer (&self->snapshots, g_ptr_array_unref);
  g_clear_pointer (&self->state, sl_state_free);
  g_clear_pointer (&self->scratch, sl_state_free);
  g_clear_pointer (&self->setup, sl_setup_free);
  g_clear_pointer (&self->rules, sl_rules_unref);
  g_clear_pointer (&self->rand, g_rand_free);
  g_free (self->path);
  G_OBJECT_CLASS (sl_game_parent_class)->finalize (object);
}

static void
sl_game_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  SlGame *self = SL_GAME (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, sl_game_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, sl_game_can_redo (self));
      break;
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sl_game_class_init (SlGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = sl_game_finalize;
  object_class->get_property = sl_game_get_property;

  properties[PROP_POSITION] =
    g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Emitted whenever the state changes: a command, undo, redo. */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
sl_game_init (SlGame *self)
{
  self->journal = g_ptr_array_new_with_free_func (entry_free);
  self->snapshots = g_ptr_array_new_with_free_func ((GDestroyNotify) sl_state_free);
  self->rand = g_rand_new ();
}

static void
notify_changed (SlGame *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

SlGame *
sl_game_new (SlRules *rules,
             SlSetup *setup)
{
  SlGame *self;

  g_return_val_if_fail (rules != NULL && setup != NULL, NULL);

  self = g_object_new (SL_TYPE_GAME, NULL);
  self->rules = sl_rules_ref (rules);
  self->setup = setup;
  self->state = sl_state_new_initial (rules, setup);
  self->scratch = sl_state_copy (self->state);
  g_ptr_array_add (self->snapshots, sl_state_copy (self->state));
  return self;
}

SlGame *
sl_game_new_from_scenario (SlRules     *rules,
                           const char  *path,
                           GError     **error)
{
  SlSetup *setup = sl_setup_new_from_file (rules, path, error);

  return setup ? sl_game_new (rules, setup) : NULL;
}

void
sl_game_set_seed (SlGame  *self,
                  guint32  seed)
{
  g_return_if_fail (SL_IS_GAME (self));
  g_rand_set_seed (self->rand, seed);
}

static void
record_moment (SlJournalEntry *entry,
               const SlState  *state)
{
  entry->turn = state->turn;
  entry->phase = state->phase;
  entry->subphase = state->phase == SL_PHASE_ACTION ? state->subphase : 0;
  entry->step = state->phase == SL_PHASE_ACTION ? state->step : SL_STEP_NONE;
}

/* Gives @dice the values recorded for each stream in @dice_json. */
static void
snapshot_if_due (SlGame *self)
{
  if (self->position % SNAPSHOT_EVERY == 0 &&
      self->snapshots->len == self->position / SNAPSHOT_EVERY)
    g_ptr_array_add (self->snapshots, sl_state_copy (self->state));
}

/* Applies the journal's @entry to @state, strictly (every die recorded).
 * With @full, refreshes the entry's result and summary. */
static gboolean
replay_entry (SlGame         *self,
              SlState        *state,
              SlJournalEntry *entry,
              gboolean        full,
              GError        **error)
{
  g_autoptr(SlDice) dice = sl_dice_new ();
  g_autoptr(GString) summary = full ? g_string_new (NULL) : NULL;
  JsonObject *result = json_object_new ();
  gboolean ok;

  sl_dice_set_strict (dice, TRUE);
  record_moment (entry, state);
  ok = sl_command_apply (self->rules, self->setup, state, entry->command, dice, result,
                         summary, error);
  if (ok && sl_dice_is_short (dice))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "",
                         _("A die this command needs was not recorded."));
      ok = FALSE;
    }
  if (ok && full)
    {
      JsonNode *node = json_node_new (JSON_NODE_OBJECT);

      json_node_take_object (node, result);
      g_clear_pointer (&entry->result, json_node_unref);
      entry->result = node;
      g_free (entry->summary);
      entry->summary = g_string_free (g_steal_pointer (&summary), FALSE);
    }
  else
    json_object_unref (result);
  return ok;
}

const SlJournalEntry *
sl_game_apply (SlGame    *self,
               JsonNode  *command,
               GError   **error)
{
  g_autoptr(SlDice) dice = NULL;
  g_autoptr(GString) summary = g_string_new (NULL);
  g_autoptr(GPtrArray) rolled = NULL;
  g_autoptr(JsonNode) used = NULL;
  JsonObject *result;
  SlJournalEntry *entry;
  SlState *swap;

  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  g_return_val_if_fail (command != NULL, NULL);

  if (!JSON_NODE_HOLDS_OBJECT (command))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "",
                         _("A command is a JSON object with a “type”."));
      return NULL;
    }

  dice = sl_dice_new_seeded (g_rand_int (self->rand));
  sl_state_assign (self->scratch, self->state);
  result = json_object_new ();
  if (!sl_command_apply (self->rules, self->setup, self->scratch, command, dice, result, summary,
                         error))
    {
      json_object_unref (result);
      return NULL;
    }

  entry = g_new0 (SlJournalEntry, 1);
  record_moment (entry, self->state);
  entry->time = g_get_real_time () / G_USEC_PER_SEC;
  entry->command = json_node_copy (command);
  entry->result = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (entry->result, result);
  entry->summary = g_string_free (g_steal_pointer (&summary), FALSE);

  /* The command keeps the dice the app rolled, so the journal replays by
   * itself; "rolled" says which they were. */
  rolled = sl_dice_rolled_streams (dice);
  used = sl_dice_used (dice);
  for (guint i = 0; i < rolled->len; i++)
    {
      const char *name = g_ptr_array_index (rolled, i);
      JsonNode *value = json_object_get_member (json_node_get_object (used), name);

      sl_json_set_path (entry->command, name, json_node_copy (value));
    }
  g_ptr_array_add (rolled, NULL);
  entry->rolled = (GStrv) g_ptr_array_free (g_steal_pointer (&rolled), FALSE);

  /* What undo left to redo is gone now. */
  g_ptr_array_set_size (self->journal, self->position);
  g_ptr_array_set_size (self->snapshots, self->position / SNAPSHOT_EVERY + 1);
  g_ptr_array_add (self->journal, entry);
  self->position++;

  swap = self->state;
  self->state = self->scratch;
  self->scratch = swap;
  snapshot_if_due (self);

  notify_changed (self);
  return entry;
}

const SlJournalEntry *
sl_game_apply_text (SlGame      *self,
                    const char  *text,
                    GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonNode) node = sl_json_parse (text, -1, &local_error);

  if (node == NULL)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "",
                         _("The command is not valid JSON: %s"), local_error->message);
      return NULL;
    }
  return sl_game_apply (self, node, error);
}

gboolean
sl_game_can_undo (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), FALSE);
  return self->position > 0;
}

gboolean
sl_game_can_redo (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), FALSE);
  return self->position < self->journal->len;
}

gboolean
sl_game_go_to (SlGame *self,
               guint   position)
{
  guint k, from;

  g_return_val_if_fail (SL_IS_GAME (self), FALSE);
  if (position > self->journal->len)
    return FALSE;
  if (position == self->position)
    return TRUE;

  if (position > self->position && position - self->position < SNAPSHOT_EVERY)
    from = self->position;  /* redo forward from here */
  else
    {
      k = MIN (position / SNAPSHOT_EVERY, self->snapshots->len - 1);
      sl_state_assign (self->state, g_ptr_array_index (self->snapshots, k));
      from = k * SNAPSHOT_EVERY;
    }

  for (guint i = from; i < position; i++)
    {
      g_autoptr(GError) error = NULL;

      /* Entries were valid when applied; replaying them cannot fail. */
      if (!replay_entry (self, self->state, g_ptr_array_index (self->journal, i), FALSE, &error))
        g_error ("Journal entry %u no longer applies: %s", i + 1, error->message);
      self->position = i + 1;
      snapshot_if_due (self);
    }
  self->position = position;
  notify_changed (self);
  return TRUE;
}

gboolean
sl_game_undo (SlGame *self)
{
  return sl_game_can_undo (self) && sl_game_go_to (self, self->position - 1);
}

gboolean
sl_game_redo (SlGame *self)
{
  return sl_game_can_redo (self) && sl_game_go_to (self, self->position + 1);
}

guint
sl_game_get_position (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), 0);
  return self->position;
}

guint
sl_game_get_n_entries (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), 0);
  return self->journal->len;
}

const SlJournalEntry *
sl_game_get_entry (SlGame *self,
                   guint   index)
{
  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->journal->len, NULL);
  return g_ptr_array_index (self->journal, index);
}

SlRules *
sl_game_get_rules (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  return self->rules;
}

const SlSetup *
sl_game_get_setup (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  return self->setup;
}

const SlState *
sl_game_get_state (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  return self->state;
}

JsonNode *
sl_game_state_to_json (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  return sl_state_to_json (self->rules, self->setup, self->state);
}

const char *
sl_game_get_path (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  return self->path;
}

/* Saving */

static JsonNode *
moment_json (const SlJournalEntry *e)
{
  JsonObject *o = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_int_member (o, "turn", e->turn);
  json_object_set_string_member (o, "phase", sl_phase_names[e->phase]);
  if (e->phase == SL_PHASE_ACTION)
    {
      json_object_set_int_member (o, "subphase", e->subphase);
      json_object_set_string_member (o, "step", sl_step_names[e->step]);
    }
  json_node_take_object (node, o);
  return node;
}

char *
sl_game_serialize (SlGame *self)
{
  GString *out = g_string_sized_new (4096 + self->position * 200);

  g_return_val_if_fail (SL_IS_GAME (self), NULL);

  g_string_append (out, "{\n  \"format\": \"squadlog-game\",\n");
  g_string_append_printf (out, "  \"version\": %d,\n", SL_GAME_FORMAT_VERSION);
  g_string_append (out, "  \"rules\": ");
  {
    g_autoptr(JsonNode) id = json_node_new (JSON_NODE_VALUE);
    json_node_set_string (id, self->rules->id);
    sl_json_append (out, id, FALSE, 0);
  }
  g_string_append (out, ",\n  \"setup\": ");
  sl_json_append (out, self->setup->json, TRUE, 1);
  g_string_append (out, ",\n  \"journal\": [");

  /* One entry per line: readable, and quick to write. */
  for (guint i = 0; i < self->position; i++)
    {
      const SlJournalEntry *e = g_ptr_array_index (self->journal, i);
      g_autoptr(JsonNode) at = moment_json (e);
      g_autoptr(GDateTime) time = g_date_time_new_from_unix_utc (e->time);
      g_autofree char *stamp = time ? g_date_time_format_iso8601 (time) : g_strdup ("");
      g_autoptr(JsonNode) stamp_node = json_node_new (JSON_NODE_VALUE);
      g_autoptr(JsonNode) summary = json_node_new (JSON_NODE_VALUE);

      json_node_set_string (stamp_node, stamp);
      json_node_set_string (summary, e->summary ? e->summary : "");
      g_string_append (out, i == 0 ? "\n    {\"at\": " : ",\n    {\"at\": ");
      sl_json_append (out, at, FALSE, 0);
      g_string_append (out, ", \"time\": ");
      sl_json_append (out, stamp_node, FALSE, 0);
      g_string_append (out, ", \"command\": ");
      sl_json_append (out, e->command, FALSE, 0);
      if (e->rolled != NULL && e->rolled[0] != NULL)
        {
          g_string_append (out, ", \"rolled\": [");
          for (guint k = 0; e->rolled[k]; k++)
            {
              g_autoptr(JsonNode) name = json_node_new (JSON_NODE_VALUE);

              json_node_set_string (name, e->rolled[k]);
              if (k > 0)
                g_string_append (out, ", ");
              sl_json_append (out, name, FALSE, 0);
            }
          g_string_append_c (out, ']');
        }
      g_string_append (out, ", \"summary\": ");
      sl_json_append (out, summary, FALSE, 0);
      g_string_append_c (out, '}');
    }
  g_string_append (out, self->position > 0 ? "\n  ]\n}\n" : "]\n}\n");
  return g_string_free (out, FALSE);
}

gboolean
sl_game_save (SlGame      *self,
              const char  *path,
              GError     **error)
{
  g_autofree char *text = NULL;
  g_autofree char *display = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (SL_IS_GAME (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  text = sl_game_serialize (self);
  if (!g_file_set_contents_full (path, text, -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0644, &local_error))
    {
      display = g_filename_display_name (path);
      g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_WRITE,
                   _("The game could not be saved to %s: %s. The file there, if any, is unchanged."),
                   display, local_error->message);
      return FALSE;
    }
  if (g_strcmp0 (self->path, path) != 0)
    {
      g_free (self->path);
      self->path = g_strdup (path);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
    }
  return TRUE;
}

/* Loading */

static SlGame *
load_root (SlRules     *rules,
           JsonNode    *root,
           const char  *name,
           GError     **error)
{
  g_autoptr(SlReadContext) ctx = sl_read_context_new ();
  g_autoptr(SlReader) r = sl_reader_new (ctx, root, "");
  g_autoptr(GError) local_error = NULL;
  g_autoptr(SlGame) game = NULL;
  SlSetup *setup;
  const char *format, *rules_id;
  int version;
  guint n;

  if (sl_read_context_failed (ctx))
    {
      g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_FORMAT,
                   _("%s is not a Squad Log game."), name);
      return NULL;
    }
  format = sl_reader_string (r, "format", NULL);
  if (format == NULL || !g_str_equal (format, "squadlog-game"))
    {
      g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_FORMAT,
                   _("%s is not a Squad Log game."), name);
      return NULL;
    }
  version = sl_reader_int (r, "version", 1, G_MAXINT, 0);
  if (version > SL_GAME_FORMAT_VERSION)
    {
      g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_NEWER,
                   _("%s was saved by a newer version of Squad Log (game format %d); this version reads format %d."),
                   name, version, SL_GAME_FORMAT_VERSION);
      return NULL;
    }
  sl_reader_require (r, "version");
  rules_id = sl_reader_string (r, "rules", NULL);
  sl_reader_require (r, "rules");
  if (sl_reader_ok (r) && !g_str_equal (rules_id, rules->id))
    sl_reader_fail (r, "rules", _("The game is played with the rules “%s”, but the rules loaded are “%s”."),
                    rules_id, rules->id);
  sl_reader_require (r, "setup");
  sl_reader_require (r, "journal");
  if (sl_read_context_failed (ctx))
    goto failed;

  setup = sl_setup_new_from_json (rules, sl_reader_node (r, "setup"), &local_error);
  if (setup == NULL)
    {
      g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_FORMAT, "%s: setup.%s", name,
                   local_error->message);
      return NULL;
    }
  game = sl_game_new (rules, setup);

  n = sl_reader_array_length (r, "journal");
  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      g_autoptr(SlReader) er = sl_reader_array_object (r, "journal", i);
      SlJournalEntry *entry;
      guint n_rolled;

      if (!sl_reader_ok (r))
        break;
      sl_reader_require (er, "command");
      entry = g_new0 (SlJournalEntry, 1);
      g_ptr_array_add (game->journal, entry);
      {
        JsonNode *command = sl_reader_node (er, "command");
        if (command != NULL && JSON_NODE_HOLDS_OBJECT (command))
          entry->command = json_node_copy (command);
        else if (sl_reader_ok (er))
          sl_reader_fail (er, "command", _("Expected an object."));
      }
      n_rolled = sl_reader_array_length (er, "rolled");
      entry->rolled = g_new0 (char *, n_rolled + 1);
      for (guint k = 0; k < n_rolled; k++)
        entry->rolled[k] = g_strdup (sl_reader_array_string (er, "rolled", k));
      {
        const char *stamp = sl_reader_string (er, "time", NULL);
        g_autoptr(GDateTime) time = stamp ? g_date_time_new_from_iso8601 (stamp, NULL) : NULL;

        if (stamp != NULL && time == NULL && sl_reader_ok (er))
          sl_reader_fail (er, "time", _("Expected a date and time (ISO 8601)."));
        entry->time = time ? g_date_time_to_unix (time) : 0;
      }
      sl_reader_skip (er, "at");
      sl_reader_skip (er, "summary");
      sl_reader_skip (er, "result");
      if (!sl_reader_end (er))
        break;

      if (!replay_entry (game, game->state, entry, TRUE, &local_error))
        {
          const char *field = sl_rule_error_get_field (local_error);
          const char *type = json_object_get_string_member_with_default (
            json_node_get_object (entry->command), "type", "?");

          if (entry->phase == SL_PHASE_ACTION)
            g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_INCONSISTENT,
                         _("%s: journal entry %u (turn %d, subphase %d, “%s”) cannot be applied: %s%s%s"),
                         name, i + 1, entry->turn, entry->subphase, type,
                         field && *field ? field : "", field && *field ? ": " : "",
                         local_error->message);
          else
            g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_INCONSISTENT,
                         _("%s: journal entry %u (turn %d, %s phase, “%s”) cannot be applied: %s%s%s"),
                         name, i + 1, entry->turn, sl_phase_names[entry->phase], type,
                         field && *field ? field : "", field && *field ? ": " : "",
                         local_error->message);
          return NULL;
        }
      game->position = i + 1;
      snapshot_if_due (game);
    }
  sl_reader_end (r);

failed:
  if (sl_read_context_failed (ctx))
    {
      g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_FORMAT, "%s: %s: %s", name,
                   sl_read_context_field (ctx), sl_read_context_message (ctx));
      return NULL;
    }
  sl_state_assign (game->scratch, game->state);
  return g_steal_pointer (&game);
}

SlGame *
sl_game_load_from_data (SlRules     *rules,
                        const char  *data,
                        gssize       length,
                        const char  *name,
                        GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (rules != NULL && data != NULL, NULL);

  root = sl_json_parse (data, length, &local_error);
  if (root == NULL)
    {
      gsize len = length < 0 ? strlen (data) : (gsize) length;
      gboolean empty = TRUE;

      for (gsize i = 0; i < len && empty; i++)
        empty = g_ascii_isspace (data[i]);
      if (empty)
        g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_SYNTAX, _("%s is empty."), name);
      else
        g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_SYNTAX,
                     _("%s is damaged or cut short and cannot be read: %s"), name,
                     local_error->message);
      return NULL;
    }
  return load_root (rules, root, name, error);
}

SlGame *
sl_game_load (SlRules     *rules,
              const char  *path,
              GError     **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *display = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length;
  SlGame *game;

  g_return_val_if_fail (rules != NULL && path != NULL, NULL);

  display = g_filename_display_name (path);
  if (!g_file_get_contents (path, &contents, &length, &local_error))
    {
      g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_READ, _("%s cannot be read: %s"), display,
                   local_error->message);
      return NULL;
    }
  game = sl_game_load_from_data (rules, contents, length, display, error);
  if (game != NULL)
    game->path = g_strdup (path);
  return game;
}
