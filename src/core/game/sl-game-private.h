/* sl-game-private.h: what the parts of SlGame share — its struct, and the
 * functions one part calls in another (none of it is API: sl-game.h is)
 *
 * SlGame is one object in several files, one per concern, as
 * gnome-text-editor splits its window:
 *   sl-game.c        the object, the journal, apply and preview, undo and redo
 *   sl-game-save.c   the serializer, saving in place, atomic writes
 *   sl-game-load.c   the loader and the migrations from older formats
 *   sl-game-cache.c  the opening cache of a game file (its pieces: sl-cache.c)
 *   sl-game-locks.c  the file taken for writing, the private views' PINs (sl-locks.c)
 * Only they include this header.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sys/stat.h>

#include "sl-cache.h"
#include "sl-file.h"
#include "sl-game.h"
#include "sl-locks.h"

G_BEGIN_DECLS

/* A copy of the state every so many entries makes undo to any point as
 * fast as replaying at most this many commands (512: about 2 ms; a
 * 30-turn game keeps 24 copies, 0.8 MB). */
#define SNAPSHOT_EVERY 512

/* What tells that a file is still the one last written or read: its
 * device, inode, size and modification time. */
typedef struct
{
  guint64 dev;
  guint64 ino;
  guint64 size;
  gint64  mtime_ns;
} FileId;

struct _SlGame
{
  GObject    parent_instance;

  SlRules   *rules;
  SlSetup   *setup;
  SlState   *state;
  SlState   *scratch;
  GPtrArray *journal;    /* SlJournalEntry */
  guint      position;   /* entries applied */
  GPtrArray *snapshots;  /* SlState after k × SNAPSHOT_EVERY entries; NULL
                          * until needed when opened from the cache */
  GRand     *rand;
  char      *path;
  SlLocks   *locks;      /* the private views' PINs (sl-locks.h) */
  /* A game opened through the opening cache writes it there again
   * (sl_game_write_cache), keyed on its file as last read or written, while
   * the game is as that file says. */
  char      *cache_dir;
  guint8     cache_key[SL_CACHE_KEY_SIZE];
  gboolean   file_known;
  guint64    file_hash;      /* sl_siphash with cache_key */
  guint64    file_length;
  GArray    *offsets;        /* guint32: where each entry starts in the file */
  guint64    journal_start;  /* where the journal's array starts … */
  guint64    journal_end;    /* … and where the text goes on after it */
  /* A game opened from the cache reads an entry from the text of the file
   * it was opened from when it is first needed (entry_at), at its offset
   * there; the text is kept until all are read. */
  GBytes    *text;
  GArray    *text_offsets;   /* guint32 */
  guint      n_unread;

  /* Entries undone for good that told a secret (SlWithdrawnEntry, owning
   * the entry). */
  GArray    *withdrawn;
  guint64    next_serial;
  /* The file at @path as last written or read, when its layout is Squad
   * Log's own: where each record of its journal ends, so that saving
   * writes only what changed (a command: one record) in place. */
  gboolean   layout_known;
  GArray    *saved;          /* SavedRecord */
  guint64    saved_open;     /* just after the journal's '[' */
  guint64    saved_size;
  gboolean   header_dirty;   /* the locks changed: the whole file is written */
  guint      dirty_from;     /* the first entry whose records may have changed since */
  FileId     saved_id;
  char      *load_warning;   /* what went wrong reading the file, mended */
  int        lock_fd;        /* the file taken for writing (sl_game_take_file), or −1 */
  SlFileFlusher *flusher;    /* saves synced in the background, or NULL */
  gboolean   read_only;      /* sl_game_set_read_only */
  char      *unsaved;        /* why the last save to the game's file failed, none since succeeding */
};

/* A record of the saved journal: an entry, or an entry kept undone. */
typedef struct
{
  guint64  serial;
  gboolean undone;
  guint    active;       /* entries applied before it */
  guint64  start;        /* its '{' */
  guint64  end;          /* just after its '}' */
} SavedRecord;

/* What ends the file after the last record. */
#define JOURNAL_TAIL "\n  ]\n}\n"
#define JOURNAL_TAIL_AFTER "\n}\n"

/* sl-game.c: the journal */

/* The "rolled" of every entry read without one (most of a long game's). */
extern char    *sl_game_no_rolls[];

SlJournalEntry *sl_game_new_entry         (SlGame   *self);
void            sl_game_entry_free        (gpointer  data);
/* An entry of a game opened from the cache, not read from the file yet. */
gboolean        sl_game_entry_unread      (const SlJournalEntry *e);
/* Lets the file's text go once every entry has been read from it. */
void            sl_game_forget_text_if_read (SlGame *self);
/* Applies the journal's @entry to @state, strictly (every die recorded);
 * with @full, refreshes the entry's result and summary. */
gboolean        sl_game_replay_entry      (SlGame          *self,
                                           SlState         *state,
                                           SlJournalEntry  *entry,
                                           gboolean         full,
                                           GError         **error);
/* Keeps a copy of the state every SNAPSHOT_EVERY entries. */
void            sl_game_snapshot_if_due   (SlGame   *self);
/* The "type" of @command when it is text, else NULL. */
const char     *sl_game_command_type      (JsonNode *command);
/* Entry @i, read from the file's text first if it has not been yet. */
SlJournalEntry *sl_game_entry_at          (SlGame   *self,
                                           guint     i);
/* Entry @index with its result and summary worked out (sl_game_get_entry). */
SlJournalEntry *sl_game_told_entry        (SlGame   *self,
                                           guint     index);
/* Makes known whether each entry from @from on told a secret … */
void            sl_game_learn_reveals     (SlGame   *self,
                                           guint     from);
/* … and whether entry @index did (sl_game_learn_reveals first). */
gboolean        sl_game_entry_reveals     (SlGame   *self,
                                           guint     index);
/* Sets @error to SL_GAME_ERROR_READ_ONLY (sl_game_set_read_only). */
void            sl_game_read_only_error   (GError  **error);
/* Emits SlGame::changed, the journal unchanged (the PINs changed). */
void            sl_game_emit_changed      (SlGame   *self);
/* Notifies SlGame:path, once @self->path has changed. */
void            sl_game_notify_path       (SlGame   *self);

/* sl-game-load.c */

/* Reads the entries from @from to @to not read yet from the text of the
 * file the game was opened from (a game opened from the cache). */
void            sl_game_read_entries      (SlGame   *self,
                                           guint     from,
                                           guint     to);

/* The whole of the game file at @path, NUL-terminated: a regular file
 * only, of 256 MiB at most (sl-file.h). */
GBytes         *sl_game_read_file         (const char  *path,
                                           GError     **error);

/* sl-game-cache.c: the opening cache of a game file, as read */
typedef struct _SlGameCache SlGameCache;

/* The cache in @cache_dir for the file @path, whose @length bytes hash to
 * @hash under @key: when it is whole and was written for these bytes,
 * rules and program; else NULL. */
SlGameCache    *sl_game_cache_read        (const char    *cache_dir,
                                           const guint8  *key,
                                           const char    *path,
                                           const SlRules *rules,
                                           guint64        hash,
                                           gsize          length);
void            sl_game_cache_free        (SlGameCache   *cache);
/* Where the journal's list starts and ends in the file, and its entries. */
void            sl_game_cache_journal     (const SlGameCache *cache,
                                           guint64           *start,
                                           guint64           *end,
                                           guint             *n_entries);
/* Entry @i's moment, and where it starts in the file. */
gboolean        sl_game_cache_moment      (const SlGameCache *cache,
                                           guint              i,
                                           SlJournalEntry    *entry,
                                           guint32           *offset);
/* The last state and the state copies, once the journal has been read
 * (without replaying it). */
gboolean        sl_game_cache_apply       (const SlGameCache *cache,
                                           SlGame            *game);

/* sl-game-save.c */

/* @id is what @st says of its file. */
void            sl_game_file_id_of        (const struct stat *st,
                                           FileId            *id);

/* For the tests. */
SlGame               *sl_game_load_from_data  (SlRules        *rules,
                                               const char     *data,
                                               gssize          length,
                                               const char     *name,
                                               GError        **error);
/* The file's text: the setup and the journal up to the current position. */
char                 *sl_game_serialize       (SlGame         *self);
gboolean              sl_game_check_lock      (SlGame         *self,
                                               const char     *who,
                                               const char     *pin);
/* The monotonic time (g_get_monotonic_time) before which no PIN is tried
 * after a wrong one, or 0. */
gint64                sl_game_lock_retry_at   (SlGame         *self);

G_END_DECLS
