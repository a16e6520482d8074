/* sl-game-load.c: a game read from its file — the loader, reading the
 * journal entry by entry and replaying it (or, with the opening cache,
 * reading it without replaying), the migrations from older game formats,
 * and a file cut short mended
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "sl-cache.h"
#include "sl-file.h"
#include "sl-game-private.h"
#include "sl-hash.h"
#include "sl-json.h"

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

/* The problem @ctx found, naming its field. */
static void
loader_fail_context (Loader        *l,
                     SlReadContext *ctx)
{
  loader_fail (l, sl_read_context_field (ctx), "%s", sl_read_context_message (ctx));
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
    loader_fail_context (l, ctx);
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
    loader_fail_context (l, ctx);
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
    entry->rolled = sl_game_no_rolls;
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
      SlJournalEntry *entry = sl_game_new_entry (game);
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

      if (!sl_game_entry_unread (entry))
        continue;

      sl_json_scanner_seek (scanner, g_array_index (self->text_offsets, guint32, i));
      if (!load_entry (&l, i, entry, &undone) || undone)
        g_error ("Journal entry %u cannot be read again: %s", i + 1, l.error ? l.error->message : "");
      self->n_unread--;
    }
  loader_clear (&l);
  sl_game_forget_text_if_read (self);
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
  const char *type = sl_game_command_type (entry->command_node);
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
      SlJournalEntry *entry = sl_game_new_entry (game);
      gsize offset = sl_json_scanner_tell (l->scanner);
      gboolean undone = FALSE;
      SavedRecord record = { 0 };

      if (!load_entry (l, game->saved->len, entry, &undone))
        {
          sl_game_entry_free (entry);
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
      if (!sl_game_replay_entry (game, game->state, entry, FALSE, &local_error))
        {
          entry_refused (l, i, entry, local_error);
          return FALSE;
        }
      /* Kept as text from here on (sl_journal_entry_get_command). */
      g_clear_pointer (&entry->command_node, json_node_unref);
      game->position = ++i;
      sl_game_snapshot_if_due (game);
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
  loader_fail_context (l, ctx);
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
  if (cache_dir != NULL)
    cache = sl_game_cache_read (cache_dir, key, path, rules, hash, length);
  if (cache != NULL)
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
