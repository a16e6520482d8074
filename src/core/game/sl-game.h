/* sl-game.h: a game — its setup, its journal of commands, and the state
 * that is their replay; undo, redo, saving and loading
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "sl-rules.h"
#include "sl-locks.h"
#include "sl-setup.h"
#include "sl-state.h"

G_BEGIN_DECLS

#define SL_GAME_ERROR (sl_game_error_quark ())

typedef enum
{
  SL_GAME_ERROR_READ,          /* the file cannot be read */
  SL_GAME_ERROR_SYNTAX,        /* not JSON: truncated or damaged */
  SL_GAME_ERROR_FORMAT,        /* not a Squad Log game, or a field is wrong */
  SL_GAME_ERROR_NEWER,         /* written by a newer Squad Log */
  SL_GAME_ERROR_INCONSISTENT,  /* a journal entry the rules refuse */
  SL_GAME_ERROR_WRITE,         /* saving failed; the old file is unchanged */
  SL_GAME_ERROR_CHANGED,       /* the file was changed by another program: not written over */
  SL_GAME_ERROR_LOCKED,        /* the file is open for writing elsewhere */
  SL_GAME_ERROR_READ_ONLY,     /* the game is only shown (sl_game_set_read_only) */
  SL_GAME_ERROR_UNSAVED,       /* the last change is not saved yet (sl_game_get_unsaved) */
} SlGameError;

GQuark sl_game_error_quark (void);

/* The current version of the file format. */
/* 2: the initiative order within a subphase is kept (P-08 step 2).
 * 5: PINs saved with PBKDF2 (issue 30 #4; format 4's salted SHA-256 still
 * read, saved again with PBKDF2 once typed).
 * 6: each seal's nonce bound to its place in the journal, with its "salt"
 * (issue 30 #5); an older game keeps the free nonces of the entries it held
 * ("free_nonces"). */
#define SL_GAME_FORMAT_VERSION 6

/* One entry of the journal: a command as it was applied, complete with the
 * dice the app rolled for it, and what happened.  The command is read with
 * sl_journal_entry_get_command(): an entry read from a file keeps it as its
 * compact JSON text until it is asked for (a long game's commands take a
 * tenth of the memory that way, and the game opens sooner). */
typedef struct
{
  JsonNode *command_node;  /* with every die it used; NULL until parsed */
  char     *command_text;  /* or its compact JSON text, as read from a file */
  GStrv     rolled;    /* the die fields the app rolled (the others were given) */
  JsonNode *result;    /* an object */
  char     *summary;   /* what happened, in plain words, one line per event */
  int       turn;      /* the moment it was applied */
  SlPhase   phase;
  int       subphase;
  SlStep    step;
  gint64    time;      /* wall clock, seconds since 1970 */
  /* Private to SlGame: */
  guint64   serial;    /* its identity in the saved file */
  int       reveals;   /* it told a secret (a detection, a unit or note shown): 1, 0, −1 unknown */
} SlJournalEntry;

/* An entry undone and then replaced, kept because it told a secret: an
 * undone detection must not be an oracle (it stays in the history, marked
 * undone, and in the file). @at is the number of entries before it. */
typedef struct
{
  const SlJournalEntry *entry;
  guint                 at;
} SlWithdrawnEntry;

/* The entry's command, parsed the first time it is asked for and then kept
 * with the entry (owned by it). */
JsonNode *sl_journal_entry_get_command (const SlJournalEntry *entry);

#define SL_TYPE_GAME (sl_game_get_type ())

G_DECLARE_FINAL_TYPE (SlGame, sl_game, SL, GAME, GObject)

/* A new game from a setup (taken). */
SlGame               *sl_game_new             (SlRules        *rules,
                                               SlSetup        *setup);
/* Loads a saved game and replays its journal. Errors name the problem and,
 * for a refused entry, the entry. Never writes to @path. */
SlGame               *sl_game_load            (SlRules        *rules,
                                               const char     *path,
                                               GError        **error);
/* The same, with the opening cache in @cache_dir (sl-cache.h): when it
 * holds what the replay of these very bytes reached (with these rules and
 * this program), the journal is read but not replayed, and @from_cache is
 * set; otherwise the game is replayed and the cache written for the next
 * time. The game is the same either way. */
SlGame               *sl_game_load_cached     (SlRules        *rules,
                                               const char     *path,
                                               const char     *cache_dir,
                                               gboolean       *from_cache,
                                               GError        **error);
/* Writes the opening cache for the game's file, for a game opened through
 * it, when the game is as its file was last read or written (else there is
 * nothing to write). */
gboolean              sl_game_write_cache     (SlGame         *self,
                                               GError        **error);

/* Takes the game's file for writing (an advisory lock, flock) for as long
 * as the game is kept, or until its path changes: another Squad Log — a
 * window, `squadlog play` — that tries gets SL_GAME_ERROR_LOCKED. Where
 * the file system has no locks, it goes on without. */
gboolean              sl_game_take_file       (SlGame         *self,
                                               GError        **error);
/* Lets the file go (the lock of sl_game_take_file), as when the game is
 * dropped: to open it again from the disk. */
void                  sl_game_release_file    (SlGame         *self);
/* A game only shown — its file open for writing elsewhere, or changed on
 * the disk since it was read: no command is applied, no step undone or
 * redone, no lock set and nothing saved (SL_GAME_ERROR_READ_ONLY); its
 * state, history and previews are all there. */
void                  sl_game_set_read_only   (SlGame         *self,
                                               gboolean        read_only);
gboolean              sl_game_get_read_only   (SlGame         *self);
/* When the file's last line was cut short (a save stopped halfway), the
 * game opened with the entries before it: what to tell the players. */
const char           *sl_game_get_load_warning (SlGame        *self);
/* Writes atomically (a temporary file, then a rename): a failure leaves the
 * previous file as it was. Remembers @path. A save after a command writes
 * only what changed, in place (docs/game-format.md "Writing"), and syncs
 * it to the disk before it returns, or, with sl_game_set_flush_in_background(),
 * just after on a worker thread. */
gboolean              sl_game_save            (SlGame         *self,
                                               const char     *path,
                                               GError        **error);
/* Why the last save to the game's own file failed, when no save has
 * succeeded since (a save to another path that succeeds makes that the
 * game's file); else NULL. While the game holds a change its file does not,
 * no command is applied (SL_GAME_ERROR_UNSAVED): the change is saved first,
 * or undone — undo and redo still work, and a save that finds the game as
 * its file holds it succeeds. A write that fails puts the file back as it
 * was, and the game still knows it as its own. */
const char           *sl_game_get_unsaved     (SlGame         *self);
/* Whether saves written in place are synced to the disk on a worker thread
 * (the window: a key press never waits for the disk) instead of before
 * sl_game_save() returns (the command line). A sync that fails there makes
 * the next save write the whole file, atomically and durably. */
void                  sl_game_set_flush_in_background (SlGame  *self,
                                                       gboolean background);
/* Waits until everything saved is on the disk; FALSE with @error when a
 * sync in the background failed since the last save (the next save writes
 * the whole file again). */
gboolean              sl_game_flush           (SlGame         *self,
                                               GError        **error);
const char           *sl_game_get_path        (SlGame         *self);

/* Applies a command: appends it to the journal (dropping what undo had
 * left to redo). Returns the new entry, or NULL with @error, an
 * SL_RULE_ERROR naming the command's field; then nothing changes. */
const SlJournalEntry *sl_game_apply           (SlGame         *self,
                                               JsonNode       *command,
                                               GError        **error);
const SlJournalEntry *sl_game_apply_text      (SlGame         *self,
                                               const char     *text,
                                               GError        **error);
/* What @command would do now, without doing it: its result (the number
 * needed, the odds, the modifiers, the end subphase …) and, when @summary
 * is not NULL, its summary — with dice rolled for the occasion and
 * forgotten. Or NULL with the refusal, as sl_game_apply. The game does not
 * change. */
JsonNode             *sl_game_preview         (SlGame         *self,
                                               JsonNode       *command,
                                               char          **summary,
                                               GError        **error);
/* Seeds the dice the app rolls (tests and repeatable runs). */
void                  sl_game_set_seed        (SlGame         *self,
                                               guint32         seed);

gboolean              sl_game_can_undo        (SlGame         *self);
gboolean              sl_game_can_redo        (SlGame         *self);
gboolean              sl_game_undo            (SlGame         *self);
gboolean              sl_game_redo            (SlGame         *self);
/* Undo or redo to just after entry @position − 1 (0 is the start). */
gboolean              sl_game_go_to           (SlGame         *self,
                                               guint           position);
/* Entries applied; entries after it are there to redo. */
guint                 sl_game_get_position    (SlGame         *self);
guint                 sl_game_get_n_entries   (SlGame         *self);
const SlJournalEntry *sl_game_get_entry       (SlGame         *self,
                                               guint           index);
/* The entries undone for good that told a secret, oldest first. */
guint                 sl_game_get_n_withdrawn (SlGame         *self);
const SlWithdrawnEntry *sl_game_get_withdrawn (SlGame         *self,
                                               guint           index);
/* What tells an entry (at @index of the journal, or the @index-th
 * withdrawn) from every other entry of this game, before or after: an
 * entry undone and replaced by another gives way to a new identity. A view
 * that shows the journal compares them to redraw only what changed; they
 * cost nothing (the entry is not read from the file). */
guint64               sl_game_get_entry_id    (SlGame         *self,
                                               guint           index);
guint64               sl_game_get_withdrawn_id (SlGame        *self,
                                                guint          index);

/* The PIN of a private view (@who: a side's id, or "referee",
 * SL_LOCK_REFEREE): it keeps the other players' eyes off it at the table,
 * saved with the game as a slow hash (PBKDF2, sl-locks.h); it does not
 * encrypt the file. An empty @pin removes it.
 *
 * sl_game_try_lock tries @pin: SL_PIN_OPENS (also when there is no lock),
 * SL_PIN_WRONG (the next try waits: *@retry_at, monotonic time),
 * SL_PIN_CLOSE (wrong, the SL_LOCK_WRONG_TO_CLOSE-th in a row: the view
 * asking closes), SL_PIN_WAIT (too soon after a wrong one: not tried).
 * The delay is the game's, whoever's PIN is tried (issue 30 #4).
 * sl_game_check_lock is sl_game_try_lock == SL_PIN_OPENS: a right PIN
 * typed too soon after a wrong one is FALSE too. A PIN saved by game
 * format 4 (salted SHA-256), typed right, is saved again with the slow
 * hash ("changed" is emitted). */
gboolean              sl_game_has_lock        (SlGame         *self,
                                               const char     *who);
SlPinCheck            sl_game_try_lock        (SlGame         *self,
                                               const char     *who,
                                               const char     *pin,
                                               gint64         *retry_at);
/* The PINs that open @who's private view, in the order to ask them (NULL
 * terminated; empty when it opens freely): a side's own; for "referee",
 * the referee's PIN if one is set and the PIN of every locked side that
 * does not let it in (sl_game_referee_opens), else the PIN of every side
 * that has one — the referee's view shows every side's secrets, so it never
 * opens past a side's lock (issue 19, issue 30 #3). */
GStrv                 sl_game_locks_to_open   (SlGame         *self,
                                               const char     *who);
/* Sets @who's PIN. A side's new PIN does not let the referee's in; the
 * referee's new PIN lets in every side locked now (their PINs opened the
 * view it is set in: set it from the referee's view only). */
void                  sl_game_set_lock        (SlGame         *self,
                                               const char     *who,
                                               const char     *pin);
/* Whether the referee's PIN opens @side's secrets without @side's PIN: the
 * sides locked when the referee's PIN was set, and a side that says so
 * knowingly in its own view (sl_game_set_referee_opens; a side without a
 * PIN, or no referee PIN: nothing to set). */
gboolean              sl_game_referee_opens   (SlGame         *self,
                                               const char     *side);
void                  sl_game_set_referee_opens (SlGame       *self,
                                                 const char   *side,
                                                 gboolean      opens);

SlRules              *sl_game_get_rules       (SlGame         *self);
const SlSetup        *sl_game_get_setup       (SlGame         *self);
const SlState        *sl_game_get_state       (SlGame         *self);
/* The state as JSON (see sl_state_to_json). */
JsonNode             *sl_game_state_to_json   (SlGame         *self);

G_END_DECLS
