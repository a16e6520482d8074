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
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "sl-cache.h"
#include "sl-check.h"
#include "sl-command.h"
#include "sl-dice.h"
#include "sl-file.h"
#include "sl-game-private.h"
#include "sl-locks.h"
#include "sl-json.h"
#include "sl-random.h"
#include "sl-text.h"

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
static char *no_rolls[] = { NULL };

static void
entry_free (gpointer data)
{
  SlJournalEntry *e = data;

  if (e == NULL)
    return;
  g_clear_pointer (&e->command_node, json_node_unref);
  g_free (e->command_text);
  g_clear_pointer (&e->result, json_node_unref);
  if (e->rolled != no_rolls)
    g_strfreev (e->rolled);
  g_free (e->summary);
  g_free (e);
}

static SlJournalEntry *
new_entry (SlGame *self)
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

  entry_free ((gpointer) w->entry);
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
  self->journal = g_ptr_array_new_with_free_func (entry_free);
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

/* Gives @dice the values recorded for each stream in @dice_json. */
static void
snapshot_if_due (SlGame *self)
{
  if (self->position % SNAPSHOT_EVERY == 0 &&
      self->snapshots->len == self->position / SNAPSHOT_EVERY)
    g_ptr_array_add (self->snapshots, sl_state_copy (self->state));
}

static gboolean replay_entry (SlGame *self, SlState *state, SlJournalEntry *entry, gboolean full,
                              GError **error);

static gboolean
entry_unread (const SlJournalEntry *e)
{
  return e->command_node == NULL && e->command_text == NULL;
}

static void
forget_text_if_read (SlGame *self)
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

  if (G_UNLIKELY (entry_unread (e)))
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
      if (!replay_entry (self, state, sl_game_entry_at (self, i), FALSE, &error))
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
static const char *
command_type (JsonNode *command)
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
  return g_strcmp0 (command_type (command), "detect") == 0 || after->hidden < before->hidden ||
         after->sealed < before->sealed || after->secret < before->secret;
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
static gboolean
replay_entry (SlGame         *self,
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
      if (!replay_entry (self, state, sl_game_entry_at (self, i), FALSE, &error))
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

  /* A note sealed now gets its nonce, time and digest (sl-notes.h), the
   * nonce bound to the journal as it stands. */
  prepared = sl_command_prepare (self->setup, self->state, command, error);
  if (prepared == NULL && error != NULL && *error != NULL)
    return NULL;
  if (prepared != NULL)
    command = prepared;

  dice = sl_dice_new_seeded (g_rand_int (self->rand));
  sl_state_assign (self->scratch, self->state);
  result = json_object_new ();
  if (!sl_command_apply (self->rules, self->setup, self->scratch, command, dice, result, summary,
                         error))
    {
      json_object_unref (result);
      return NULL;
    }

  entry = new_entry (self);
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
    if (self->journal->pdata[i] != NULL && entry_unread (g_ptr_array_index (self->journal, i)))
      self->n_unread--;
  forget_text_if_read (self);
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
  /* The dice are rolled for the occasion and forgotten; the odds and the
   * number needed do not depend on them. */
  prepared = sl_command_prepare (self->setup, self->state, command, error);
  if (prepared == NULL && error != NULL && *error != NULL)
    return NULL;
  if (prepared != NULL)
    command = prepared;
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
      if (!replay_entry (self, self->state, sl_game_entry_at (self, i), FALSE, &error))
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
      if (!replay_entry (self, state, e, i >= from && e->result == NULL, &error))
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

/* Loading
 *
 * A saved game is read piece by piece (sl-json-scanner.c): the header and
 * setup as nodes, then the journal entry by entry, building a node only for
 * each command. Each entry is replayed as soon as it is read. */

typedef struct
{
  SlRules       *rules;
  const char    *name;
  SlGameCache   *cache;     /* or NULL: replay */
  GBytes        *bytes;     /* the text, with a cache */
  gboolean       text_only; /* entries' commands kept as text, not parsed */
  SlJsonScanner *scanner;
  GError        *error;
  JsonNode      *format;
  JsonNode      *version;
  JsonNode      *rules_id;
  JsonNode      *setup;
  JsonNode      *locks;
  JsonNode      *free_nonces;
  gboolean       old_nonces; /* format 5 or older: every seal read may be free */
  gboolean       seen_journal;
  SlGame        *game;
  const char    *data;      /* the text read */
  gsize          length;
  gboolean       own_layout; /* the journal ends as Squad Log writes it */
} Loader;

static void
loader_clear (Loader *l)
{
  g_clear_error (&l->error);
  g_clear_pointer (&l->format, json_node_unref);
  g_clear_pointer (&l->version, json_node_unref);
  g_clear_pointer (&l->rules_id, json_node_unref);
  g_clear_pointer (&l->setup, json_node_unref);
  g_clear_pointer (&l->locks, json_node_unref);
  g_clear_pointer (&l->free_nonces, json_node_unref);
  g_clear_object (&l->game);
}

/* A problem with a field: "NAME: journal[3].command: Expected …". */
static void
loader_fail (Loader     *l,
             const char *field,
             const char *format,
             ...) G_GNUC_PRINTF (3, 4);

static void
loader_fail (Loader     *l,
             const char *field,
             const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (l->error != NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (&l->error, SL_GAME_ERROR, SL_GAME_ERROR_FORMAT, "%s: %s: %s", l->name, field,
               message);
}

static gboolean
loader_ok (Loader *l)
{
  if (l->error != NULL)
    return FALSE;
  if (sl_json_scanner_failed (l->scanner))
    {
      g_autoptr(GError) syntax = NULL;

      sl_json_scanner_propagate (l->scanner, &syntax);
      g_set_error (&l->error, SL_GAME_ERROR, SL_GAME_ERROR_SYNTAX,
                   _("%s is damaged or cut short and cannot be read: %s"), l->name,
                   syntax->message);
      return FALSE;
    }
  return TRUE;
}

/* Reads a value that must be of @type (an object, a list or a string). */
static JsonNode *
loader_read (Loader       *l,
             const char   *prefix,
             const char   *name,
             JsonNodeType  type,
             GType         value_type)
{
  g_autoptr(JsonNode) node = sl_json_scanner_read (l->scanner);
  g_autofree char *field = NULL;

  if (!loader_ok (l))
    return NULL;
  if (JSON_NODE_TYPE (node) != type ||
      (type == JSON_NODE_VALUE && json_node_get_value_type (node) != value_type))
    {
      g_autofree char *what = sl_json_describe (node);

      field = prefix ? g_strconcat (prefix, ".", name, NULL) : g_strdup (name);
      if (type == JSON_NODE_OBJECT)
        loader_fail (l, field, _("Expected an object, got %s."), what);
      else if (type == JSON_NODE_ARRAY)
        loader_fail (l, field, _("Expected a list, got %s."), what);
      else if (value_type == G_TYPE_STRING)
        loader_fail (l, field, _("Expected text, got %s."), what);
      else
        loader_fail (l, field, _("Expected a whole number from %d to %d, got %s."), 1, G_MAXINT,
                     what);
      return NULL;
    }
  return g_steal_pointer (&node);
}

/* Reads a string, without making a node of it. */
static char *
loader_read_string (Loader     *l,
                    const char *prefix,
                    const char *name)
{
  if (sl_json_scanner_peek (l->scanner) != '"')
    {
      g_autoptr(JsonNode) node = loader_read (l, prefix, name, JSON_NODE_VALUE, G_TYPE_STRING);
      return node != NULL ? json_node_dup_string (node) : NULL;
    }
  return sl_json_scanner_read_string (l->scanner);
}

/* Once the header and setup are known: checks them and starts the game. */
static gboolean
loader_start (Loader *l)
{
  g_autoptr(GError) local_error = NULL;
  const char *format = l->format ? json_node_get_string (l->format) : NULL;
  gint64 version;
  SlSetup *setup;

  if (format == NULL || !g_str_equal (format, "squadlog-game"))
    {
      g_clear_error (&l->error);
      g_set_error (&l->error, SL_GAME_ERROR, SL_GAME_ERROR_FORMAT,
                   _("%s is not a Squad Log game."), l->name);
      return FALSE;
    }
  if (l->version == NULL)
    {
      loader_fail (l, "version", _("This field is required."));
      return FALSE;
    }
  version = json_node_get_int (l->version);
  if (version > SL_GAME_FORMAT_VERSION)
    {
      g_set_error (&l->error, SL_GAME_ERROR, SL_GAME_ERROR_NEWER,
                   _("%s was saved by a newer version of Squad Log (game format %d); this version reads format %d."),
                   l->name, (int) MIN (version, G_MAXINT), SL_GAME_FORMAT_VERSION);
      return FALSE;
    }
  if (version < 1)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, version);
      loader_fail (l, "version", _("Expected a whole number from %d to %d, got %s."),
                   1, G_MAXINT, number);
      return FALSE;
    }
  if (l->rules_id == NULL)
    {
      loader_fail (l, "rules", _("This field is required."));
      return FALSE;
    }
  if (!g_str_equal (json_node_get_string (l->rules_id), l->rules->id))
    {
      loader_fail (l, "rules", _("The game is played with the rules “%s”, but the rules loaded are “%s”."),
                   json_node_get_string (l->rules_id), l->rules->id);
      return FALSE;
    }
  if (l->setup == NULL)
    {
      loader_fail (l, "setup", _("This field is required."));
      return FALSE;
    }
  /* Format 1 kept no initiative order within a subphase: such a game goes
   * on as it was played, units declaring in any order, and says so in its
   * setup from now on. */
  if (version < 2 && JSON_NODE_HOLDS_OBJECT (l->setup))
    {
      JsonObject *root = json_node_get_object (l->setup);
      JsonNode *options = json_object_get_member (root, "options");

      if (options == NULL)
        {
          json_object_set_object_member (root, "options", json_object_new ());
          options = json_object_get_member (root, "options");
        }
      if (JSON_NODE_HOLDS_OBJECT (options) &&
          !json_object_has_member (json_node_get_object (options), "freeDeclarationOrder"))
        json_object_set_boolean_member (json_node_get_object (options), "freeDeclarationOrder", TRUE);
    }
  /* Format 2 kept no record of the fire missions and mines each side
   * bought (P-37, P-38): such a game goes on as it was played. */
  if (version < 3 && JSON_NODE_HOLDS_OBJECT (l->setup) &&
      !json_object_has_member (json_node_get_object (l->setup), "purchases_unrecorded"))
    json_object_set_boolean_member (json_node_get_object (l->setup), "purchases_unrecorded", TRUE);
  /* Format 4 let a note sealed after a fire mission was called or a charge
   * installed stand for it (issue 30 #1): such a game goes on as it was
   * played. */
  if (version < 5 && JSON_NODE_HOLDS_OBJECT (l->setup) &&
      !json_object_has_member (json_node_get_object (l->setup), "late_seals"))
    json_object_set_boolean_member (json_node_get_object (l->setup), "late_seals", TRUE);
  setup = sl_setup_new_from_json (l->rules, l->setup, &local_error);
  if (setup == NULL)
    {
      g_set_error (&l->error, SL_GAME_ERROR, SL_GAME_ERROR_FORMAT, "%s: setup.%s", l->name,
                   local_error->message);
      return FALSE;
    }
  /* Format 5 made each seal's nonce at random, free of the journal (issue
   * 30 #5): the seals the file holds keep theirs; the entries it holds are
   * counted once the journal is read (loader_count_free_nonces). */
  l->old_nonces = version < 6;
  if (l->old_nonces)
    setup->free_nonces = G_MAXUINT;
  else if (l->free_nonces != NULL)
    setup->free_nonces = json_node_get_int (l->free_nonces);
  l->game = sl_game_new (l->rules, setup);
  return TRUE;
}

/* A game of format 5 or older, read: its seals have free nonces, those of
 * the entries it holds (issue 30 #5); saved, it is written whole, in the
 * format of today. */
static void
loader_count_free_nonces (Loader *l)
{
  if (!l->old_nonces)
    return;
  l->game->setup->free_nonces = l->game->journal->len;
  l->game->header_dirty = TRUE;
}

/* "2026-11-22T10:00:00Z", as Squad Log writes it, without GDateTime. */
static gboolean
parse_utc_stamp (const char *s,
                 gint64     *out)
{
  int v[6], widths[6] = { 4, 2, 2, 2, 2, 2 };
  const char seps[6] = { '-', '-', 'T', ':', ':', 'Z' };
  gint64 y, m, era, yoe, doy, doe, days;

  for (int k = 0; k < 6; k++)
    {
      v[k] = 0;
      for (int c = 0; c < widths[k]; c++, s++)
        {
          if (!g_ascii_isdigit (*s))
            return FALSE;
          v[k] = v[k] * 10 + (*s - '0');
        }
      if (*s++ != seps[k])
        return FALSE;
    }
  if (*s != '\0' || v[0] < 1 || v[1] < 1 || v[1] > 12 || v[2] < 1 ||
      v[2] > g_date_get_days_in_month (v[1], v[0]) || v[3] > 23 || v[4] > 59 || v[5] > 59)
    return FALSE;
  /* Days from 1970-01-01 in the proleptic Gregorian calendar. */
  y = v[0] - (v[1] <= 2);
  m = v[1];
  era = y / 400;
  yoe = y - era * 400;
  doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + v[2] - 1;
  doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  days = era * 146097 + doe - 719468;
  *out = days * 86400 + v[3] * 3600 + v[4] * 60 + v[5];
  return TRUE;
}

static gboolean
parse_stamp (const char *stamp,
             gint64     *out)
{
  g_autoptr(GDateTime) time = NULL;

  if (parse_utc_stamp (stamp, out))
    return TRUE;
  time = g_date_time_new_from_iso8601 (stamp, NULL);
  if (time == NULL)
    return FALSE;
  *out = g_date_time_to_unix (time);
  return TRUE;
}

enum { ENTRY_AT, ENTRY_TIME, ENTRY_COMMAND, ENTRY_ROLLED, ENTRY_SUMMARY, ENTRY_RESULT, ENTRY_UNDONE,
       N_ENTRY_FIELDS };
static const char * const entry_fields[N_ENTRY_FIELDS] = {
  "at", "time", "command", "rolled", "summary", "result", "undone"
};

/* "journal[12]": where entry @i is, for messages; written by hand, as
 * printf costs as much as reading a short entry. */
static void
entry_path (char  path[64],
            guint i)
{
  char digits[16];
  int n = 0;

  do
    digits[n++] = '0' + i % 10;
  while ((i /= 10) > 0);
  memcpy (path, "journal[", 8);
  for (int k = 0; k < n; k++)
    path[8 + k] = digits[n - 1 - k];
  path[8 + n] = ']';
  path[9 + n] = '\0';
}

/* Readers of an entry's fields, the scanner on the value; @path is
 * "journal[12]". A problem fails the loader. */
typedef void (*EntryFieldReader) (Loader         *l,
                                  const char     *path,
                                  SlJournalEntry *entry,
                                  gboolean       *undone);

/* Issue 30 #9: no text over SL_JSON_MAX_TEXT in @node, read at
 * @path.@name: the loader fails naming the first. */
static void
loader_check_text_sizes (Loader     *l,
                         JsonNode   *node,
                         const char *path,
                         const char *name)
{
  g_autoptr(SlReadContext) ctx = sl_read_context_new ();
  g_autofree char *field = g_strconcat (path, ".", name, NULL);

  if (!sl_json_check_text_sizes (node, field, ctx))
    loader_fail (l, sl_read_context_field (ctx), "%s", sl_read_context_message (ctx));
}

static void
load_entry_command (Loader         *l,
                    const char     *path,
                    SlJournalEntry *entry,
                    gboolean       *undone)
{
  /* Its text is kept as the file has it (sl_journal_entry_get_command),
   * and only that when the cache spares the replay. */
  if (l->text_only && sl_json_scanner_peek (l->scanner) == '{')
    entry->command_text = sl_json_scanner_skip_with_text (l->scanner);
  else if (sl_json_scanner_peek (l->scanner) == '{')
    entry->command_node = sl_json_scanner_read_with_text (l->scanner, &entry->command_text);
  else
    entry->command_node = loader_read (l, path, "command", JSON_NODE_OBJECT, G_TYPE_INVALID);
  /* A command of that size or less holds no longer text. */
  if (entry->command_node != NULL &&
      (entry->command_text == NULL || strlen (entry->command_text) > SL_JSON_MAX_TEXT))
    loader_check_text_sizes (l, entry->command_node, path, "command");
}

static void
load_entry_rolled (Loader         *l,
                   const char     *path,
                   SlJournalEntry *entry,
                   gboolean       *undone)
{
  g_autoptr(JsonNode) rolled = loader_read (l, path, "rolled", JSON_NODE_ARRAY, G_TYPE_INVALID);
  JsonArray *array = rolled ? json_node_get_array (rolled) : NULL;
  guint n = array ? json_array_get_length (array) : 0;

  if (array == NULL)
    return;
  entry->rolled = g_new0 (char *, n + 1);
  for (guint r = 0; r < n; r++)
    {
      JsonNode *element = json_array_get_element (array, r);

      if (!JSON_NODE_HOLDS_VALUE (element) ||
          json_node_get_value_type (element) != G_TYPE_STRING)
        {
          g_autofree char *what = sl_json_describe (element);
          g_autofree char *at = g_strdup_printf ("%s.rolled[%u]", path, r);

          loader_fail (l, at, _("Expected text, got %s."), what);
          return;
        }
      entry->rolled[r] = g_strdup (json_node_get_string (element));
    }
}

static void
load_entry_time (Loader         *l,
                 const char     *path,
                 SlJournalEntry *entry,
                 gboolean       *undone)
{
  g_autofree char *stamp = loader_read_string (l, path, "time");

  if (stamp != NULL && !parse_stamp (stamp, &entry->time))
    {
      g_autofree char *field = g_strconcat (path, ".time", NULL);

      loader_fail (l, field, _("Expected a date and time (ISO 8601)."));
    }
}

static void
load_entry_summary (Loader         *l,
                    const char     *path,
                    SlJournalEntry *entry,
                    gboolean       *undone)
{
  /* Kept for saving until the entry is told again (sl_game_told_entry). */
  entry->summary = loader_read_string (l, path, "summary");
  if (entry->summary != NULL && strlen (entry->summary) > SL_JSON_MAX_TEXT)
    {
      g_autoptr(JsonNode) node = json_node_init_string (json_node_alloc (), entry->summary);

      loader_check_text_sizes (l, node, path, "summary");
    }
}

static void
load_entry_undone (Loader         *l,
                   const char     *path,
                   SlJournalEntry *entry,
                   gboolean       *undone)
{
  /* Undone, kept because it told a secret (format 4). */
  g_autoptr(JsonNode) flag = loader_read (l, path, "undone", JSON_NODE_VALUE, G_TYPE_BOOLEAN);

  if (flag != NULL && !json_node_get_boolean (flag))
    {
      g_autofree char *field = g_strconcat (path, ".undone", NULL);

      loader_fail (l, field, _("Only an entry undone is marked, with true."));
    }
  else if (flag != NULL)
    *undone = TRUE;
}

static void
load_entry_at (Loader         *l,
               const char     *path,
               SlJournalEntry *entry,
               gboolean       *undone)
{
  /* What the replay works out for an entry applied; the only
   * word for one kept undone. Each member of its type, or a
   * message naming it (issue 30 #7). */
  g_autoptr(JsonNode) at = loader_read (l, path, "at", JSON_NODE_OBJECT, G_TYPE_INVALID);
  g_autoptr(SlReadContext) ctx = NULL;
  g_autoptr(SlReader) r = NULL;
  g_autofree char *field = NULL;

  if (at == NULL)
    return;
  ctx = sl_read_context_new ();
  field = g_strconcat (path, ".at", NULL);
  r = sl_reader_new (ctx, at, field);
  sl_reader_require (r, "turn");
  sl_reader_require (r, "phase");
  entry->turn = sl_reader_int (r, "turn", 1, G_MAXINT, 1);
  entry->phase = sl_reader_enum (r, "phase", sl_phase_names, N_("phase"), SL_PHASE_INITIATIVE);
  entry->subphase = sl_reader_int (r, "subphase", 0, l->rules->subphases_per_turn, 0);
  entry->step = sl_reader_enum (r, "step", sl_step_names, N_("step"), SL_STEP_NONE);
  if (!sl_reader_end (r))
    loader_fail (l, sl_read_context_field (ctx), "%s", sl_read_context_message (ctx));
}

static void
load_entry_skip (Loader         *l,
                 const char     *path,
                 SlJournalEntry *entry,
                 gboolean       *undone)
{
  /* "result" is what the replay works out. */
  sl_json_scanner_skip (l->scanner);
}

static const EntryFieldReader entry_readers[N_ENTRY_FIELDS] = {
  [ENTRY_AT] = load_entry_at,
  [ENTRY_TIME] = load_entry_time,
  [ENTRY_COMMAND] = load_entry_command,
  [ENTRY_ROLLED] = load_entry_rolled,
  [ENTRY_SUMMARY] = load_entry_summary,
  [ENTRY_RESULT] = load_entry_skip,
  [ENTRY_UNDONE] = load_entry_undone,
};

/* The ENTRY_ field @name is, or -1 after failing the loader when it is
 * unknown or was @seen already. */
static int
entry_field (Loader         *l,
             const char     *path,
             const char     *name,
             const gboolean *seen)
{
  g_autofree char *field = NULL;
  int k;

  for (k = 0; k < N_ENTRY_FIELDS && !g_str_equal (name, entry_fields[k]); k++)
    ;
  if (k < N_ENTRY_FIELDS && !seen[k])
    return k;
  field = g_strconcat (path, ".", name, NULL);
  if (k == N_ENTRY_FIELDS)
    loader_fail (l, field, _("Unknown field “%s”."), name);
  else
    loader_fail (l, field, _("The member “%s” appears twice."), name);
  return -1;
}

/* Reads journal entry @i into @entry; the scanner is on its value. */
static gboolean
load_entry (Loader         *l,
            guint           i,
            SlJournalEntry *entry,
            gboolean       *undone)
{
  gboolean seen[N_ENTRY_FIELDS] = { FALSE, };
  const char *name;
  char path[64];

  entry_path (path, i);
  if (sl_json_scanner_peek (l->scanner) != '{')
    {
      g_autoptr(JsonNode) node = sl_json_scanner_read (l->scanner);

      if (loader_ok (l))
        {
          g_autofree char *what = sl_json_describe (node);
          loader_fail (l, path, _("Expected an object, got %s."), what);
        }
      return FALSE;
    }
  sl_json_scanner_begin_object (l->scanner);
  while ((name = sl_json_scanner_next_member (l->scanner)) != NULL)
    {
      int k = entry_field (l, path, name, seen);

      if (k < 0)
        return FALSE;
      seen[k] = TRUE;
      entry_readers[k] (l, path, entry, undone);
      if (!loader_ok (l))
        return FALSE;
    }
  if (!loader_ok (l))
    return FALSE;
  if (entry->command_node == NULL && entry->command_text == NULL)
    {
      g_autofree char *field = g_strconcat (path, ".command", NULL);

      loader_fail (l, field, _("This field is required."));
      return FALSE;
    }
  if (entry->rolled == NULL)
    entry->rolled = no_rolls;
  return TRUE;
}

static gboolean
cache_mismatch (Loader *l)
{
  if (loader_ok (l))
    g_set_error (&l->error, SL_GAME_ERROR, SL_GAME_ERROR_FORMAT, "%s: the cache does not match", l->name);
  return FALSE;
}

/* Whether the text before @offset, white space aside, ends in @c (after
 * @start). */
static gboolean
follows (const char *text,
         gsize       start,
         gsize       offset,
         char        c)
{
  while (offset > start && g_ascii_isspace (text[offset - 1]))
    offset--;
  return offset > start && text[offset - 1] == c;
}

/* With the cache: the journal's entries as the cache places them in the
 * text, each read when first needed (sl_game_entry_at); the scanner goes on after
 * the journal. */
static gboolean
load_journal_cached (Loader *l)
{
  SlGame *game = l->game;
  const SlGameCache *cache = l->cache;
  gsize length, at = sl_json_scanner_tell (l->scanner);
  const char *text = g_bytes_get_data (l->bytes, &length);
  guint64 previous = at, start, end;
  guint n;

  sl_game_cache_journal (cache, &start, &end, &n);
  if (sl_json_scanner_peek (l->scanner) != '[' || at != start || end > length || end <= at)
    return cache_mismatch (l);
  for (guint i = 0; i < n; i++)
    {
      SlJournalEntry *entry = new_entry (game);
      guint32 offset;

      g_ptr_array_add (game->journal, entry);
      if (!sl_game_cache_moment (cache, i, entry, &offset) || offset <= previous || offset >= end ||
          text[offset] != '{' ||
          !follows (text, at, offset, i == 0 ? '[' : ','))
        return cache_mismatch (l);
      g_array_append_val (game->offsets, offset);
      previous = offset;
    }
  game->position = game->journal->len;
  game->journal_start = at;
  game->journal_end = end;
  game->text = g_bytes_ref (l->bytes);
  game->text_offsets = g_array_ref (game->offsets);
  game->n_unread = game->journal->len;
  sl_json_scanner_seek (l->scanner, end);
  if (!sl_game_cache_apply (cache, game))
    return cache_mismatch (l);
  return TRUE;
}

/* Reads the entries from @from to @to not read yet from the text of the
 * file the game was opened from. They were read whole when the cache was
 * written, from the same bytes: it cannot fail now. */
void
sl_game_read_entries (SlGame *self,
              guint   from,
              guint   to)
{
  gsize length;
  const char *data;
  g_autoptr(SlJsonScanner) scanner = NULL;
  Loader l = { .rules = self->rules, .name = "journal", .text_only = TRUE };

  if (self->n_unread == 0)
    return;
  data = g_bytes_get_data (self->text, &length);
  scanner = sl_json_scanner_new (data, length);
  l.scanner = scanner;
  for (guint i = from; i < to && self->n_unread > 0; i++)
    {
      SlJournalEntry *entry = g_ptr_array_index (self->journal, i);
      gboolean undone = FALSE;

      if (!entry_unread (entry))
        continue;

      sl_json_scanner_seek (scanner, g_array_index (self->text_offsets, guint32, i));
      if (!load_entry (&l, i, entry, &undone) || undone)
        g_error ("Journal entry %u cannot be read again: %s", i + 1, l.error ? l.error->message : "");
      self->n_unread--;
    }
  loader_clear (&l);
  forget_text_if_read (self);
}

/* Journal entry @i (counting from 0) is refused by the rules, @why: the
 * loader fails naming it, its moment and its command's type when that is
 * text. */
static void
entry_refused (Loader               *l,
               guint                 i,
               const SlJournalEntry *entry,
               const GError         *why)
{
  const char *field = sl_rule_error_get_field (why);
  const char *type = command_type (entry->command_node);
  g_autofree char *moment = NULL;

  if (entry->phase == SL_PHASE_ACTION)
    moment = g_strdup_printf (_("turn %d, subphase %d"), entry->turn, entry->subphase);
  else
    /* Translators: "turn 2, initiative phase"; the phase's name is as the file has it. */
    moment = g_strdup_printf (_("turn %d, %s phase"), entry->turn, sl_phase_names[entry->phase]);
  if (type != NULL)
    g_set_error (&l->error, SL_GAME_ERROR, SL_GAME_ERROR_INCONSISTENT,
                 _("%s: journal entry %u (%s, “%s”) cannot be applied: %s%s%s"),
                 l->name, i + 1, moment, type, field && *field ? field : "", field && *field ? ": " : "",
                 why->message);
  else
    g_set_error (&l->error, SL_GAME_ERROR, SL_GAME_ERROR_INCONSISTENT,
                 _("%s: journal entry %u (%s) cannot be applied: %s%s%s"),
                 l->name, i + 1, moment, field && *field ? field : "", field && *field ? ": " : "",
                 why->message);
}

/* Reads and replays the journal; the scanner is on its value. */
static gboolean
load_journal (Loader *l)
{
  SlGame *game = l->game;
  guint i = 0;

  if (l->cache != NULL)
    return load_journal_cached (l);
  if (sl_json_scanner_peek (l->scanner) != '[')
    {
      loader_read (l, NULL, "journal", JSON_NODE_ARRAY, G_TYPE_INVALID);
      return FALSE;
    }
  game->journal_start = sl_json_scanner_tell (l->scanner);
  game->saved_open = game->journal_start + 1;
  g_array_set_size (game->saved, 0);
  sl_json_scanner_begin_array (l->scanner);
  while (sl_json_scanner_next_element (l->scanner))
    {
      g_autoptr(GError) local_error = NULL;
      SlJournalEntry *entry = new_entry (game);
      gsize offset = sl_json_scanner_tell (l->scanner);
      gboolean undone = FALSE;
      SavedRecord record = { 0 };

      if (!load_entry (l, game->saved->len, entry, &undone))
        {
          entry_free (entry);
          return FALSE;
        }
      record.serial = entry->serial;
      record.undone = undone;
      record.active = i;
      record.start = offset;
      record.end = sl_json_scanner_tell (l->scanner);
      /* Just after its '}', whatever the scanner went on over. */
      while (l->data != NULL && record.end > offset && g_ascii_isspace (l->data[record.end - 1]))
        record.end--;
      g_array_append_val (game->saved, record);
      if (undone)
        {
          /* Undone for good, kept because it told a secret: in the
           * history, not in the game. */
          SlWithdrawnEntry w = { entry, i };

          g_clear_pointer (&entry->command_node, json_node_unref);
          g_array_append_val (game->withdrawn, w);
          continue;
        }
      if (offset <= G_MAXUINT32)
        {
          guint32 at = offset;

          g_array_append_val (game->offsets, at);
        }
      g_ptr_array_add (game->journal, entry);
      if (!replay_entry (game, game->state, entry, FALSE, &local_error))
        {
          entry_refused (l, i, entry, local_error);
          return FALSE;
        }
      /* Kept as text from here on (sl_journal_entry_get_command). */
      g_clear_pointer (&entry->command_node, json_node_unref);
      game->position = ++i;
      snapshot_if_due (game);
    }
  game->journal_end = sl_json_scanner_tell (l->scanner);
  /* Written as Squad Log writes it, ending with the journal: saving can
   * write in place what changes (save_in_place). */
  {
    guint64 last = game->saved->len > 0 ? g_array_index (game->saved, SavedRecord, game->saved->len - 1).end
                                        : game->saved_open;

    l->own_layout = l->data != NULL && last <= l->length &&
                    l->length - last == strlen (JOURNAL_TAIL) &&
                    memcmp (l->data + last, JOURNAL_TAIL, strlen (JOURNAL_TAIL)) == 0;
  }
  return loader_ok (l);
}

/* "locks": the PINs of the private views, by side id or "referee"
 * (sl-locks.h). */
static gboolean
load_locks (Loader *l)
{
  g_autoptr(SlReadContext) ctx = sl_read_context_new ();

  if (sl_locks_load (l->game->locks, l->locks, l->game->setup, ctx))
    return TRUE;
  loader_fail (l, sl_read_context_field (ctx), "%s", sl_read_context_message (ctx));
  return FALSE;
}

enum { TOP_FORMAT, TOP_VERSION, TOP_RULES, TOP_SETUP, TOP_LOCKS, TOP_FREE_NONCES, TOP_JOURNAL, N_TOP_FIELDS };
static const char * const top_fields[N_TOP_FIELDS] = {
  "format", "version", "rules", "setup", "locks", "free_nonces", "journal"
};

static gboolean
load_document (Loader *l)
{
  gboolean seen[N_TOP_FIELDS] = { FALSE, };
  gssize journal_at = -1;
  const char *name;

  if (sl_json_scanner_at_end (l->scanner) && loader_ok (l))
    {
      g_set_error (&l->error, SL_GAME_ERROR, SL_GAME_ERROR_SYNTAX, _("%s is empty."), l->name);
      return FALSE;
    }
  if (sl_json_scanner_peek (l->scanner) != '{')
    {
      /* Valid JSON of another kind, or not JSON at all. */
      if (sl_json_scanner_skip (l->scanner) && sl_json_scanner_finish (l->scanner))
        g_set_error (&l->error, SL_GAME_ERROR, SL_GAME_ERROR_FORMAT,
                     _("%s is not a Squad Log game."), l->name);
      loader_ok (l);
      return FALSE;
    }

  sl_json_scanner_begin_object (l->scanner);
  while ((name = sl_json_scanner_next_member (l->scanner)) != NULL)
    {
      int k;

      for (k = 0; k < N_TOP_FIELDS && !g_str_equal (name, top_fields[k]); k++)
        ;
      if (k == N_TOP_FIELDS)
        {
          loader_fail (l, name, _("Unknown field “%s”."), name);
          return FALSE;
        }
      if (seen[k])
        {
          loader_fail (l, name, _("The member “%s” appears twice."), name);
          return FALSE;
        }
      seen[k] = TRUE;
      switch (k)
        {
        case TOP_FORMAT:
          l->format = sl_json_scanner_read (l->scanner);
          if (l->format != NULL && (!JSON_NODE_HOLDS_VALUE (l->format) ||
                                    json_node_get_value_type (l->format) != G_TYPE_STRING))
            {
              g_set_error (&l->error, SL_GAME_ERROR, SL_GAME_ERROR_FORMAT,
                           _("%s is not a Squad Log game."), l->name);
              return FALSE;
            }
          break;
        case TOP_VERSION:
          l->version = loader_read (l, NULL, "version", JSON_NODE_VALUE, G_TYPE_INT64);
          break;
        case TOP_RULES:
          l->rules_id = loader_read (l, NULL, "rules", JSON_NODE_VALUE, G_TYPE_STRING);
          break;
        case TOP_SETUP:
          l->setup = sl_json_scanner_read (l->scanner);
          break;
        case TOP_LOCKS:
          l->locks = loader_read (l, NULL, "locks", JSON_NODE_OBJECT, G_TYPE_INVALID);
          break;
        case TOP_FREE_NONCES:
          /* Issue 30 #5: read before the journal, whose seals it concerns. */
          if (l->game != NULL)
            {
              loader_fail (l, "free_nonces", _("This member comes before the journal."));
              return FALSE;
            }
          l->free_nonces = loader_read (l, NULL, "free_nonces", JSON_NODE_VALUE, G_TYPE_INT64);
          if (l->free_nonces != NULL && (json_node_get_int (l->free_nonces) < 1 ||
                                         json_node_get_int (l->free_nonces) > G_MAXINT))
            {
              g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (l->free_nonces));

              loader_fail (l, "free_nonces", _("Expected a whole number from %d to %d, got %s."), 1, G_MAXINT,
                           number);
              return FALSE;
            }
          break;
        case TOP_JOURNAL:
          /* Replayed at once when the game can start (as Squad Log writes
           * it), else once the rest of the document has been read. */
          if (seen[TOP_FORMAT] && seen[TOP_VERSION] && seen[TOP_RULES] && seen[TOP_SETUP])
            {
              if (!loader_start (l) || !load_journal (l))
                return FALSE;
            }
          else
            {
              journal_at = sl_json_scanner_tell (l->scanner);
              sl_json_scanner_skip (l->scanner);
            }
          break;
        default:
          g_assert_not_reached ();
        }
      if (!loader_ok (l))
        return FALSE;
    }
  sl_json_scanner_finish (l->scanner);
  if (!loader_ok (l))
    return FALSE;
  if (l->game == NULL && !loader_start (l))
    return FALSE;
  if (!seen[TOP_JOURNAL])
    {
      loader_fail (l, "journal", _("This field is required."));
      return FALSE;
    }
  if (journal_at >= 0)
    {
      sl_json_scanner_seek (l->scanner, journal_at);
      if (!load_journal (l))
        return FALSE;
    }
  loader_count_free_nonces (l);
  return l->locks == NULL || load_locks (l);
}

static SlGame *
load_from_data (SlRules     *rules,
                const char  *data,
                gssize       length,
                const char  *name,
                SlGameCache *cache,
                GBytes      *bytes,
                GError     **error)
{
  g_autoptr(SlJsonScanner) scanner = NULL;
  Loader l = { .rules = rules, .name = name, .cache = cache, .bytes = bytes };
  SlGame *game = NULL;

  scanner = sl_json_scanner_new (data, length);
  l.scanner = scanner;
  l.data = data;
  l.length = length < 0 ? strlen (data) : (gsize) length;
  if (load_document (&l))
    {
      game = g_steal_pointer (&l.game);
      sl_state_assign (game->scratch, game->state);
      /* Confirmed by the file's identity when it was read from a path. */
      game->layout_known = l.own_layout;
      game->saved_size = l.length;
    }
  else
    g_propagate_error (error, g_steal_pointer (&l.error));
  loader_clear (&l);
  return game;
}

SlGame *
sl_game_load_from_data (SlRules     *rules,
                        const char  *data,
                        gssize       length,
                        const char  *name,
                        GError     **error)
{
  g_return_val_if_fail (rules != NULL && data != NULL, NULL);
  return load_from_data (rules, data, length, name, NULL, NULL, error);
}

/* The whole of the game file at @path, NUL-terminated: a regular file
 * only (a named pipe would hang the opening, /dev/zero fill the memory),
 * of 256 MiB at most (sl-file.h). */
GBytes *
sl_game_read_file (const char  *path,
                   GError     **error)
{
  return sl_file_read (path, SL_FILE_LIMIT_GAME, SL_FILE_READ_DEFAULT, error);
}

/* A file as Squad Log writes it whose journal ends in a line cut short:
 * the game of the whole lines before it, with a warning; else NULL. */
static SlGame *
load_repaired (SlRules    *rules,
               const char *data,
               gsize       length,
               const char *display)
{
  const char *journal = g_strstr_len (data, length, "\n  \"journal\": [");
  const char *line, *good;
  g_autoptr(GString) repaired = NULL;
  SlGame *game;
  guint n = 0;

  if (journal == NULL)
    return NULL;
  line = journal + strlen ("\n  \"journal\": [");
  good = line;
  /* Each record is a line of its own: "\n    {…}" with a "," between.
   * The last line may end the file: cut just after a whole record, with
   * its "," or without, the record is kept the same (issue 30 #10). */
  while (line < data + length && g_str_has_prefix (line, "\n    {"))
    {
      const char *end = memchr (line + 1, '\n', data + length - line - 1);
      gsize size;
      g_autoptr(JsonNode) node = NULL;
      g_autofree char *text = NULL;

      if (end == NULL)
        end = data + length;
      size = end - (line + 5);
      if (size > 0 && line[5 + size - 1] == ',')
        size--;
      text = g_strndup (line + 5, size);
      node = sl_json_parse (text, size, NULL);
      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        break;
      good = line + 5 + size;
      line = end;
      n++;
    }
  /* Whole as it was: not ours to mend. */
  if (g_str_has_prefix (line, JOURNAL_TAIL))
    return NULL;
  repaired = g_string_new_len (data, good - data);
  g_string_append (repaired, JOURNAL_TAIL);
  game = load_from_data (rules, repaired->str, repaired->len, display, NULL, NULL, NULL);
  if (game == NULL)
    return NULL;
  game->layout_known = FALSE;
  game->load_warning = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                     "The end of %s was cut short, as when a save is stopped halfway: the game opens with its %u whole entry. The next save writes the file without the rest.",
                                                     "The end of %s was cut short, as when a save is stopped halfway: the game opens with its %u whole entries. The next save writes the file without the rest.",
                                                     n),
                                        display, n);
  return game;
}

SlGame *
sl_game_load_cached (SlRules     *rules,
                     const char  *path,
                     const char  *cache_dir,
                     gboolean    *from_cache,
                     GError     **error)
{
  g_autoptr(GBytes) contents = NULL;
  g_autofree char *display = NULL;
  g_autoptr(GError) local_error = NULL;
  SlGameCache *cache = NULL;
  const char *data;
  gsize length;
  guint64 hash = 0;
  guint8 key[SL_CACHE_KEY_SIZE];
  gboolean used = FALSE;
  SlGame *game = NULL;

  g_return_val_if_fail (rules != NULL && path != NULL, NULL);

  if (from_cache != NULL)
    *from_cache = FALSE;
  display = g_filename_display_name (path);
  if ((contents = sl_game_read_file (path, &local_error)) == NULL)
    {
      g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_READ, _("%s cannot be read: %s"), display,
                   local_error->message);
      return NULL;
    }
  data = g_bytes_get_data (contents, &length);
  if (cache_dir != NULL && !sl_cache_key (cache_dir, key))
    cache_dir = NULL;
  if (cache_dir != NULL)
    hash = sl_siphash (key, data, length);

  /* With a cache that matches, the journal is read but not replayed;
   * should it not fit after all, the game is replayed as always. */
  if (cache_dir != NULL && (cache = sl_game_cache_read (cache_dir, key, path, rules, hash, length)) != NULL)
    {
      game = load_from_data (rules, data, length, display, cache, contents, NULL);
      used = game != NULL;
    }
  g_clear_pointer (&cache, sl_game_cache_free);
  if (game == NULL)
    {
      g_autoptr(GError) load_error = NULL;

      game = load_from_data (rules, data, length, display, NULL, NULL, &load_error);
      /* A save stopped halfway (the machine went down as it wrote in
       * place): the entries before it are whole; the game opens with them,
       * and says so. */
      if (game == NULL && g_error_matches (load_error, SL_GAME_ERROR, SL_GAME_ERROR_SYNTAX))
        game = load_repaired (rules, data, length, display);
      if (game == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&load_error));
          return NULL;
        }
    }

  game->path = g_strdup (path);
  game->file_hash = hash;
  game->file_length = length;
  game->file_known = TRUE;
  {
    struct stat st;

    /* The file as read: what saving in place checks it against. */
    if (game->layout_known && g_stat (path, &st) == 0 && S_ISREG (st.st_mode) && (gsize) st.st_size == length)
      sl_game_file_id_of (&st, &game->saved_id);
    else
      game->layout_known = FALSE;
  }
  if (cache_dir != NULL)
    {
      game->cache_dir = g_strdup (cache_dir);
      memcpy (game->cache_key, key, sizeof key);
    }
  if (from_cache != NULL)
    *from_cache = used;
  if (cache_dir != NULL && !used)
    {
      g_autoptr(GError) cache_error = NULL;

      if (!sl_game_write_cache (game, &cache_error))
        g_debug ("The opening cache could not be written: %s", cache_error->message);
    }
  return game;
}

const char *
sl_game_get_load_warning (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  return self->load_warning;
}

SlGame *
sl_game_load (SlRules     *rules,
              const char  *path,
              GError     **error)
{
  return sl_game_load_cached (rules, path, NULL, NULL, error);
}
