/* sl-notes.h: sealed notes — what the rules want written down in secret
 * before it matters (mine positions, concealed charges and sensors,
 * fire-mission targets, where a hidden unit lies: P-28, P-37, P-38), kept
 * immutable and revealed with proof that they were not changed
 *
 * A note is sealed with a commitment: the SHA-256 digest of its side, kind,
 * time, a random nonce and its text. The digest's first 32 hex digits
 * (128 bits, issue 30 #5), the "seal code", are told to the table when the note is
 * sealed; the text and the nonce stay private. The nonce comes from the
 * system's secure random source, never from a player's command, and a
 * journal entry of a note without its seal is refused.
 *
 * The nonce is bound to the journal (issue 30 #5): it is the first 128
 * bits of SHA-256("squadlog-nonce-1", the journal's chain before the
 * entry, the entry's index, a fresh random "salt"), the chain a SHA-256
 * over the setup and every command applied before (sl_journal_chain_next).
 * A seal is checked against its place whenever its entry is applied (a
 * file read, a command from a file): two notes with one code prepared
 * before that place was known, or a seal moved from another place or
 * another game, are refused. Only a game saved before format 6 keeps the
 * free nonces of the entries it held then (the file's "free_nonces"). When the note is revealed, the app computes
 * the digest again: a note changed in the file since it was sealed no
 * longer matches, and the table can compare the seal code with the one it
 * heard (or wrote down) at sealing. The nonce keeps a short note ("B4")
 * from being guessed from its seal code.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The size of the journal's chain, in bytes (SHA-256). */
#define SL_JOURNAL_CHAIN_SIZE 32

/* The journal's chain before its first entry: of the game's setup as the
 * file holds it (@setup: its JSON, or NULL). */
void        sl_journal_chain_start (guint8    chain[SL_JOURNAL_CHAIN_SIZE],
                                    JsonNode *setup);
/* @chain after one more entry, whose command is @command (as journaled:
 * the dice the app rolled in it). */
void        sl_journal_chain_next  (guint8    chain[SL_JOURNAL_CHAIN_SIZE],
                                    JsonNode *command);
/* The nonce (32 hex digits, newly allocated) the app makes for a seal in
 * the entry after @index entries whose chain is @chain, with @salt. */
char       *sl_note_bound_nonce    (const guint8 chain[SL_JOURNAL_CHAIN_SIZE],
                                    guint        index,
                                    const char  *salt);

/* The longest note, in bytes. */
#define SL_NOTE_MAX_TEXT 500

typedef enum
{
  SL_NOTE_HIDDEN_UNIT,    /* where a hidden unit lies (P-28) */
  SL_NOTE_MINE,           /* a mine's position (P-37 step 2) */
  SL_NOTE_CHARGE,         /* a concealed charge (P-28) */
  SL_NOTE_SENSOR,         /* a concealed ground sensor (P-28, T-38) */
  SL_NOTE_HOLOTARP,       /* what is under a holotarp (T-38) */
  SL_NOTE_FIRE_MISSION,   /* a fire mission's impact point (P-38 step 3) */
  SL_NOTE_OTHER,
  SL_N_NOTE_KINDS
} SlNoteKind;

extern const char * const sl_note_kind_names[];

/* "a mine", "a concealed charge": for people, translated. */
const char *sl_note_kind_label (SlNoteKind kind);
/* Whether a note of @kind may be declared a dud when the players find it
 * unclear (P-37 step 6, P-38 step 6): what it places goes off no more.
 * Not where a hidden unit lies: a unit is no dud (issue 31 #8). */
gboolean    sl_note_kind_may_be_dud (SlNoteKind kind);

typedef enum
{
  SL_NOTE_SEALED,
  SL_NOTE_REVEALED,
  SL_NOTE_DUD,            /* revealed and declared a dud (P-37 step 6, P-38 step 6) */
} SlNoteStatus;

/* A sealed note: immutable once made, shared between states. */
typedef struct
{
  int         id;          /* 1, 2, … in the order sealed */
  int         side;        /* index of the side that wrote it */
  SlNoteKind  kind;
  char       *text;
  gint64      sealed_at;   /* wall clock, seconds since 1970 */
  int         sealed_turn;
  int         unit;        /* the hidden unit a "hidden-unit" note places, or -1 */
  char        nonce[33];   /* 32 hex digits */
  char        digest[65];  /* SHA-256, hex */
  gboolean    intact;      /* the digest matches the text */
} SlNote;

SlNote     *sl_note_ref         (SlNote       *note);
void        sl_note_unref       (SlNote       *note);

/* The digest of a note as sealed (hex SHA-256, newly allocated). */
char       *sl_note_digest      (const char   *side_id,
                                 SlNoteKind    kind,
                                 gint64        sealed_at,
                                 const char   *nonce,
                                 const char   *text);
/* Issue 30 #6: a unit's hiding as its seal commits to it — the unit, its
 * pile, its decoys in the order given and its stealth power mode (−1: not
 * said) — as one text (newly allocated). */
char       *sl_note_hiding_text (const char         *unit_id,
                                 const char         *pile,
                                 const char * const *decoys,
                                 guint               n_decoys,
                                 int                 stealth);
/* Adds to the hide command @command (a copy is returned; NULL when it
 * is no hide this can read) the seal of its hiding: "hiding_seal":
 * {"nonce", "salt", "sealed_at", "digest"}, the digest that of
 * sl_note_hiding_text sealed as a note of @side_id's of kind
 * "hidden-unit", the nonce bound to the journal's @chain after its @index
 * entries. Refused when the command gives it itself. */
JsonNode   *sl_notes_prepare_hiding (JsonNode     *command,
                                     const char   *side_id,
                                     const guint8 *chain,
                                     guint         index,
                                     GError      **error);
/* "3f9a 2c1b 07d4 e1aa 5c20 9b71 0e3d 44f8": the first 32 hex digits of
 * @digest (128 bits), told to the table. */
char       *sl_note_seal_code   (const char   *digest);
/* "14:02": the local time a note was sealed. */
char       *sl_note_time_label  (const SlNote *note);

/* Seals a new command that seals a text ("seal"; a "mine" written down; a
 * "hide" with "where"): a secure random "salt", the "nonce" it makes with
 * the journal's @chain after its @index entries (sl_note_bound_nonce), the
 * time "sealed_at" and the "digest". Returns a new command, or NULL when
 * @command seals nothing — or, with @error set, when it names its own
 * seal or there is no secure random source. */
JsonNode   *sl_notes_prepare    (JsonNode     *command,
                                 const char   *side_id,
                                 SlNoteKind    kind,
                                 const char   *text_field,
                                 const guint8 *chain,
                                 guint         index,
                                 GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlNote, sl_note_unref)

G_END_DECLS
