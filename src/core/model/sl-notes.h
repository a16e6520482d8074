/* sl-notes.h: sealed notes — what the rules want written down in secret
 * before it matters (mine positions, concealed charges and sensors,
 * fire-mission targets, where a hidden unit lies: P-28, P-37, P-38), kept
 * immutable and revealed with proof that they were not changed
 *
 * A note is sealed with a commitment: the SHA-256 digest of its side, kind,
 * time, a random nonce and its text. The digest's first sixteen hex digits
 * (64 bits), the "seal code", are told to the table when the note is
 * sealed; the text and the nonce stay private. The nonce comes from the
 * system's secure random source, never from a player's command, and a
 * journal entry of a note without its seal is refused. When the note is revealed, the app computes
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
/* "3f9a 2c1b 07d4 e1aa": the first sixteen hex digits of @digest, told to
 * the table. */
char       *sl_note_seal_code   (const char   *digest);
/* "14:02": the local time a note was sealed. */
char       *sl_note_time_label  (const SlNote *note);

/* Seals a new command that seals a text ("seal"; a "mine" written down; a
 * "hide" with "where"): a secure random "nonce", the time "sealed_at" and
 * the "digest". Returns a new command, or NULL when @command seals
 * nothing — or, with @error set, when it names its own seal or there is no
 * secure random source. */
JsonNode   *sl_notes_prepare    (JsonNode     *command,
                                 const char   *side_id,
                                 SlNoteKind    kind,
                                 const char   *text_field,
                                 GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlNote, sl_note_unref)

G_END_DECLS
