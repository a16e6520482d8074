/* sl-game.c: a game — its setup, its journal, and the state that is their
 * replay; applying a command, previewing it, undo and redo. Saving, loading,
 * the opening cache and the locks are the other parts of SlGame
 * (sl-game-private.h)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <unistd.h>

#include "sl-check.h"
#include "sl-command.h"
#include "sl-dice.h"
#include "sl-file.h"
#include "sl-game-private.h"
#include "sl-locks.h"
#include "sl-json.h"

G_DEFINE_QUARK (sl-game-error-quark, sl_game_error)

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

JsonNode *
sl_journal_entry_get_command (const SlJournalEntry *entry)
{
  /* Logically const: parsing the text changes what is kept, not what the
   * entry says. The text is what sl_json_to_string() wrote; it parses. */
  SlJournalEntry *e = (SlJournalEntry *) entry;

  g_return_val_if_fail (entry != NULL, NULL);
  if (e->command_node == NULL && e->command_text != NULL)
    e->command_node = sl_json_parse (e->command_text, -1, NULL);
  return e->command_node;
}

/* The command to apply, without keeping a parsed copy with the entry: a
 * replay goes through thousands of entries. */
static JsonNode *
entry_command_ref (const SlJournalEntry *entry)
{
  if (entry->command_node != NULL)
    return json_node_ref (entry->command_node);
  return entry->command_text ? sl_json_parse (entry->command_text, -1, NULL) : NULL;
}

/* The "rolled" of every entry read without one: most of a long game's
 * entries (an empty vector each took 32 bytes, 12 000 times). */
char *sl_game_no_rolls[] = { NULL };

void
sl_game_entry_free (gpointer data)
{
  SlJournalEntry *e = data;

  if (e == NULL)
    return;
  g_clear_pointer (&e->command_node, json_node_unref);
  g_free (e->command_text);
  g_clear_pointer (&e->result, json_node_unref);
  if (e->rolled != sl_game_no_rolls)
    g_strfreev (e->rolled);
  g_free (e->summary);
  g_free (e);
}

SlJournalEntry *
sl_game_new_entry (SlGame *self)
{
  SlJournalEntry *e = g_new0 (SlJournalEntry, 1);

  e->serial = ++self->next_serial;
  e->reveals = -1;
  return e;
}

static void
withdrawn_clear (gpointer data)
{
  SlWithdrawnEntry *w = data;

  sl_game_entry_free ((gpointer) w->entry);
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
  g_clear_pointer (&self->locks, sl_locks_free);
  g_clear_pointer (&self->offsets, g_array_unref);
  g_clear_pointer (&self->text, g_bytes_unref);
  g_clear_pointer (&self->text_offsets, g_array_unref);
  g_clear_pointer (&self->withdrawn, g_array_unref);
  g_clear_pointer (&self->saved, g_array_unref);
  g_free (self->load_warning);
  g_free (self->unsaved);
  /* What was saved is on the disk before the file is let go. */
  g_clear_pointer (&self->flusher, sl_file_flusher_free);
  if (self->lock_fd >= 0)
    close (self->lock_fd);
  g_free (self->cache_dir);
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
  self->journal = g_ptr_array_new_with_free_func (sl_game_entry_free);
  self->snapshots = g_ptr_array_new_with_free_func ((GDestroyNotify) sl_state_free);
  self->rand = g_rand_new ();
  self->locks = sl_locks_new ();
  self->offsets = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->withdrawn = g_array_new (FALSE, FALSE, sizeof (SlWithdrawnEntry));
  g_array_set_clear_func (self->withdrawn, withdrawn_clear);
  self->saved = g_array_new (FALSE, FALSE, sizeof (SavedRecord));
  self->dirty_from = G_MAXUINT;
  self->lock_fd = -1;
}

static void
notify_changed (SlGame *self)
{
  self->file_known = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

void
sl_game_emit_changed (SlGame *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

void
sl_game_notify_path (SlGame *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
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

/* A copy of the state after every SNAPSHOT_EVERY entries. */
void
sl_game_snapshot_if_due (SlGame *self)
{
  if (self->position % SNAPSHOT_EVERY == 0 &&
      self->snapshots->len == self->position / SNAPSHOT_EVERY)
    g_ptr_array_add (self->snapshots, sl_state_copy (self->state));
}


gboolean
sl_game_entry_unread (const SlJournalEntry *e)
{
  return e->command_node == NULL && e->command_text == NULL;
}

void
sl_game_forget_text_if_read (SlGame *self)
{
  if (self->n_unread == 0)
    {
      g_clear_pointer (&self->text, g_bytes_unref);
      g_clear_pointer (&self->text_offsets, g_array_unref);
    }
}

/* Entry @i, read from the file's text first if it has not been yet. */
SlJournalEntry *
sl_game_entry_at (SlGame *self,
          guint   i)
{
  SlJournalEntry *e = g_ptr_array_index (self->journal, i);

  if (G_UNLIKELY (sl_game_entry_unread (e)))
    sl_game_read_entries (self, i, i + 1);
  return e;
}

/* The state after @k × SNAPSHOT_EVERY entries (k < snapshots->len): a game
 * opened from the cache has only the last copies, and the others are made
 * when first needed, replaying from the nearest one before. */
static const SlState *
snapshot (SlGame *self,
          guint   k)
{
  guint j = k;
  g_autoptr(SlState) state = NULL;

  while (g_ptr_array_index (self->snapshots, j) == NULL)
    j--;  /* the first, the initial state, is always there */
  if (j == k)
    return g_ptr_array_index (self->snapshots, k);

  state = sl_state_copy (g_ptr_array_index (self->snapshots, j));
  sl_game_read_entries (self, j * SNAPSHOT_EVERY, k * SNAPSHOT_EVERY);
  for (guint i = j * SNAPSHOT_EVERY; i < k * SNAPSHOT_EVERY; i++)
    {
      g_autoptr(GError) error = NULL;

      /* Entries were valid when applied; replaying them cannot fail. */
      if (!sl_game_replay_entry (self, state, sl_game_entry_at (self, i), FALSE, &error))
        g_error ("Journal entry %u no longer applies: %s", i + 1, error->message);
      if ((i + 1) % SNAPSHOT_EVERY == 0 && g_ptr_array_index (self->snapshots, (i + 1) / SNAPSHOT_EVERY) == NULL)
        g_ptr_array_index (self->snapshots, (i + 1) / SNAPSHOT_EVERY) = sl_state_copy (state);
    }
  return g_ptr_array_index (self->snapshots, k);
}

/* What a state keeps secret, counted: an entry that lowers a count told a
 * secret (issue 19: undone, it stays in the history). */
typedef struct
{
  int hidden;      /* units hidden */
  int sealed;      /* notes still sealed */
  int secret;      /* markers kept secret (mines, decoys) */
} Secrets;

static void
count_secrets (const SlState *state,
               Secrets       *out)
{
  memset (out, 0, sizeof *out);
  for (int u = 0; u < state->n_units; u++)
    out->hidden += state->units[u].hidden ? 1 : 0;
  for (guint i = 0; i < state->notes->len; i++)
    out->sealed += state->note_status[i] == SL_NOTE_SEALED ? 1 : 0;
  for (guint i = 0; i < state->markers->len; i++)
    out->secret += g_array_index (state->markers, SlMarker, i).secret ? 1 : 0;
}

/* The "type" of @command when it is text, else NULL: for a command read
 * from a file, which may hold anything there. */
const char *
sl_game_command_type (JsonNode *command)
{
  JsonNode *type = command != NULL && JSON_NODE_HOLDS_OBJECT (command)
                   ? json_object_get_member (json_node_get_object (command), "type")
                   : NULL;

  if (type == NULL || !JSON_NODE_HOLDS_VALUE (type) || json_node_get_value_type (type) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (type);
}

/* Whether @command, taking the state from @before to @after, told a
 * secret: any detection roll (its outcome says what a pile is), or a
 * unit, a note, a mine or a decoy shown to the table. */
static gboolean
tells_secret (JsonNode      *command,
              const Secrets *before,
              const Secrets *after)
{
  return g_strcmp0 (sl_game_command_type (command), "detect") == 0 ||
         after->hidden < before->hidden || after->sealed < before->sealed ||
         after->secret < before->secret;
}

/* Issue 30 #5: @state is one entry, @command, further on in its journal:
 * what the nonce of the next seal is bound to (sl-notes.h). */
static void
advance_chain (SlState  *state,
               JsonNode *command)
{
  sl_journal_chain_next (state->journal_chain, command);
  state->journal_length++;
}

/* Applies the journal's @entry to @state, strictly (every die recorded).
 * With @full, refreshes the entry's result and summary. */
gboolean
sl_game_replay_entry (SlGame         *self,
              SlState        *state,
              SlJournalEntry *entry,
              gboolean        full,
              GError        **error)
{
  g_autoptr(SlDice) dice = sl_dice_new ();
  g_autoptr(GString) summary = full ? g_string_new (NULL) : NULL;
  g_autoptr(JsonNode) command = entry_command_ref (entry);
  JsonObject *result = full ? json_object_new () : NULL;
  gboolean ok;
  Secrets before = { 0 };

  g_return_val_if_fail (command != NULL, FALSE);
  sl_dice_set_strict (dice, TRUE);
  record_moment (entry, state);
  if (entry->reveals < 0)
    count_secrets (state, &before);
  ok = sl_command_apply (self->rules, self->setup, state, command, dice, result,
                         summary, error);
  if (ok)
    advance_chain (state, command);
  if (ok && entry->reveals < 0)
    {
      Secrets after;

      count_secrets (state, &after);
      entry->reveals = tells_secret (command, &before, &after);
    }
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
  else if (result != NULL)
    json_object_unref (result);
  return ok;
}

/* Makes known whether each entry from @from on told a secret. An entry
 * never applied in this session (read from the cache) does not know it: it
 * is replayed from the state copy before it, and so is every entry after
 * it, once. (Replaying from the copy for each entry in turn took a time
 * that grew with the square of their number: seconds, after an undo in a
 * long game opened from the cache.) No entry from the copy on may have
 * been taken out of the journal yet. */
void
sl_game_learn_reveals (SlGame *self,
               guint   from)
{
  guint first = from, k;
  g_autoptr(SlState) state = NULL;

  while (first < self->journal->len && sl_game_entry_at (self, first)->reveals >= 0)
    first++;
  if (first == self->journal->len)
    return;
  k = MIN (first / SNAPSHOT_EVERY, self->snapshots->len - 1);
  state = sl_state_copy (snapshot (self, k));
  sl_game_read_entries (self, k * SNAPSHOT_EVERY, self->journal->len);
  for (guint i = k * SNAPSHOT_EVERY; i < self->journal->len; i++)
    {
      g_autoptr(GError) error = NULL;

      /* Entries were valid when applied; replaying them cannot fail. */
      if (!sl_game_replay_entry (self, state, sl_game_entry_at (self, i), FALSE, &error))
        g_error ("Journal entry %u no longer applies: %s", i + 1, error->message);
    }
}

/* Whether entry @index told a secret (sl_game_learn_reveals first). */
gboolean
sl_game_entry_reveals (SlGame *self,
               guint   index)
{
  SlJournalEntry *e = sl_game_entry_at (self, index);

  g_assert (e->reveals >= 0);
  return e->reveals > 0;
}


void
sl_game_read_only_error (GError **error)
{
  g_set_error_literal (error, SL_GAME_ERROR, SL_GAME_ERROR_READ_ONLY,
                       _("This game is only shown here (open elsewhere, or changed on the disk): nothing is recorded."));
}

void
sl_game_set_read_only (SlGame   *self,
                       gboolean  read_only)
{
  g_return_if_fail (SL_IS_GAME (self));
  self->read_only = read_only;
  notify_changed (self);
}

gboolean
sl_game_get_read_only (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), FALSE);
  return self->read_only;
}

/* A command is an object, and no text in it is longer than a file may
 * hold (issue 30 #9: the app never writes a game it would refuse). */
static gboolean
check_command_shape (JsonNode  *command,
                     GError   **error)
{
  g_autoptr(SlReadContext) ctx = sl_read_context_new ();

  if (!JSON_NODE_HOLDS_OBJECT (command))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, "",
                         _("A command is a JSON object with a “type”."));
      return FALSE;
    }
  if (!sl_json_check_text_sizes (command, "", ctx))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_INVALID, sl_read_context_field (ctx), "%s",
                         sl_read_context_message (ctx));
      return FALSE;
    }
  return TRUE;
}

/* The command to apply: @command, or the copy in *@prepared that a note
 * sealed now needs, with its nonce, time and digest (sl-notes.h), the nonce
 * bound to the journal as it stands; NULL when it is refused, with @error. */
static JsonNode *
prepare_command (SlGame    *self,
                 JsonNode  *command,
                 JsonNode **prepared,
                 GError   **error)
{
  *prepared = sl_command_prepare (self->setup, self->state, command, error);
  if (*prepared == NULL && error != NULL && *error != NULL)
    return NULL;
  return *prepared != NULL ? *prepared : command;
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
  g_autoptr(JsonNode) prepared = NULL;
  JsonObject *result;
  SlJournalEntry *entry;
  SlState *swap;

  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  g_return_val_if_fail (command != NULL, NULL);

  if (!check_command_shape (command, error))
    return NULL;

  if (self->read_only)
    {
      sl_game_read_only_error (error);
      return NULL;
    }
  /* Nothing is built on a change the file does not hold (issue 30 #8). */
  if (self->unsaved != NULL)
    {
      g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_UNSAVED,
                   _("Nothing more is recorded until the last change is saved or undone: %s"), self->unsaved);
      return NULL;
    }

  command = prepare_command (self, command, &prepared, error);
  if (command == NULL)
    return NULL;

  dice = sl_dice_new_seeded (g_rand_int (self->rand));
  sl_state_assign (self->scratch, self->state);
  result = json_object_new ();
  if (!sl_command_apply (self->rules, self->setup, self->scratch, command, dice, result, summary,
                         error))
    {
      json_object_unref (result);
      return NULL;
    }

  entry = sl_game_new_entry (self);
  {
    Secrets before, after;

    count_secrets (self->state, &before);
    count_secrets (self->scratch, &after);
    entry->reveals = tells_secret (command, &before, &after);
  }
  record_moment (entry, self->state);
  entry->time = g_get_real_time () / G_USEC_PER_SEC;
  entry->command_node = json_node_copy (command);
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

      sl_json_set_path (entry->command_node, name, json_node_copy (value));
    }
  g_ptr_array_add (rolled, NULL);
  entry->rolled = (GStrv) g_ptr_array_free (g_steal_pointer (&rolled), FALSE);
  /* The chain goes on with the command as journaled, dice and all: as a
   * replay of the file will. */
  advance_chain (self->scratch, entry->command_node);

  /* The file changes from here on (save_in_place). */
  self->dirty_from = MIN (self->dirty_from, self->position);
  /* What undo left to redo is gone now — but an entry that told a secret
   * stays, undone, in the history and the file: undo is no oracle. */
  sl_game_learn_reveals (self, self->position);
  for (guint i = self->position; i < self->journal->len; i++)
    if (sl_game_entry_reveals (self, i))
      {
        SlWithdrawnEntry w = { sl_game_told_entry (self, i), self->position };

        g_array_append_val (self->withdrawn, w);
        self->journal->pdata[i] = NULL;
      }
  for (guint i = self->position; i < self->journal->len && self->n_unread > 0; i++)
    if (self->journal->pdata[i] != NULL &&
        sl_game_entry_unread (g_ptr_array_index (self->journal, i)))
      self->n_unread--;
  sl_game_forget_text_if_read (self);
  g_ptr_array_set_size (self->journal, self->position);
  g_ptr_array_set_size (self->snapshots, self->position / SNAPSHOT_EVERY + 1);
  g_ptr_array_add (self->journal, entry);
  self->position++;

  swap = self->state;
  self->state = self->scratch;
  self->scratch = swap;
  sl_game_snapshot_if_due (self);

  notify_changed (self);
  return entry;
}

JsonNode *
sl_game_preview (SlGame      *self,
                 JsonNode    *command,
                 char       **summary,
                 GError     **error)
{
  g_autoptr(SlDice) dice = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(JsonNode) prepared = NULL;
  JsonObject *result;
  JsonNode *node;

  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  g_return_val_if_fail (command != NULL, NULL);

  if (!check_command_shape (command, error))
    return NULL;
  command = prepare_command (self, command, &prepared, error);
  if (command == NULL)
    return NULL;
  /* The dice are rolled for the occasion and forgotten; the odds and the
   * number needed do not depend on them. */
  dice = sl_dice_new_seeded (1995);
  sl_state_assign (self->scratch, self->state);
  result = json_object_new ();
  if (!sl_command_apply (self->rules, self->setup, self->scratch, command, dice, result, text, error))
    {
      json_object_unref (result);
      return NULL;
    }
  if (summary != NULL)
    *summary = g_string_free (g_steal_pointer (&text), FALSE);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, result);
  return node;
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
  if (position > self->journal->len || self->read_only)
    return FALSE;
  if (position == self->position)
    return TRUE;
  self->dirty_from = MIN (self->dirty_from, MIN (position, self->position));

  if (position > self->position && position - self->position < SNAPSHOT_EVERY)
    from = self->position;  /* redo forward from here */
  else
    {
      k = MIN (position / SNAPSHOT_EVERY, self->snapshots->len - 1);
      sl_state_assign (self->state, snapshot (self, k));
      from = k * SNAPSHOT_EVERY;
    }

  for (guint i = from; i < position; i++)
    {
      g_autoptr(GError) error = NULL;

      /* Entries were valid when applied; replaying them cannot fail. */
      if (!sl_game_replay_entry (self, self->state, sl_game_entry_at (self, i), FALSE, &error))
        g_error ("Journal entry %u no longer applies: %s", i + 1, error->message);
      self->position = i + 1;
      sl_game_snapshot_if_due (self);
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

/* Entries replayed from a saved game are not told at once: their results
 * and summaries are worked out when first asked for, TELL_EVERY entries at
 * a time (replayed from the state copy before them, quietly up to the
 * stretch). The history asks for its newest rows as a game opens. */
#define TELL_EVERY 64

static void
tell_stretch (SlGame *self,
              guint   index)
{
  guint k = MIN (index / SNAPSHOT_EVERY, self->snapshots->len - 1);
  guint from = index / TELL_EVERY * TELL_EVERY;
  guint end = MIN (from + TELL_EVERY, self->journal->len);
  g_autoptr(SlState) state = sl_state_copy (snapshot (self, k));

  sl_game_read_entries (self, k * SNAPSHOT_EVERY, end);
  for (guint i = k * SNAPSHOT_EVERY; i < end; i++)
    {
      SlJournalEntry *e = sl_game_entry_at (self, i);
      g_autoptr(GError) error = NULL;

      /* Entries were valid when applied; replaying them cannot fail. */
      if (!sl_game_replay_entry (self, state, e, i >= from && e->result == NULL, &error))
        g_error ("Journal entry %u no longer applies: %s", i + 1, error->message);
    }
}

SlJournalEntry *
sl_game_told_entry (SlGame *self,
            guint   index)
{
  SlJournalEntry *e = sl_game_entry_at (self, index);

  if (e->result == NULL)
    tell_stretch (self, index);
  return e;
}

const SlJournalEntry *
sl_game_get_entry (SlGame *self,
                   guint   index)
{
  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->journal->len, NULL);
  return sl_game_told_entry (self, index);
}

guint
sl_game_get_n_withdrawn (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), 0);
  return self->withdrawn->len;
}

const SlWithdrawnEntry *
sl_game_get_withdrawn (SlGame *self,
                       guint   index)
{
  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->withdrawn->len, NULL);
  return &g_array_index (self->withdrawn, SlWithdrawnEntry, index);
}

guint64
sl_game_get_entry_id (SlGame *self,
                      guint   index)
{
  g_return_val_if_fail (SL_IS_GAME (self), 0);
  g_return_val_if_fail (index < self->journal->len, 0);
  return ((SlJournalEntry *) g_ptr_array_index (self->journal, index))->serial;
}

guint64
sl_game_get_withdrawn_id (SlGame *self,
                          guint   index)
{
  g_return_val_if_fail (SL_IS_GAME (self), 0);
  g_return_val_if_fail (index < self->withdrawn->len, 0);
  return g_array_index (self->withdrawn, SlWithdrawnEntry, index).entry->serial;
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
