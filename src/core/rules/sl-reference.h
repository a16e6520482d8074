/* sl-reference.h: the rules reference — every rule the app cites (T-, P-,
 * E-, A- and every rule option) explained for players, with the book's
 * section, read from the JSON files of data/reference/ (docs/rules-reference.md)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  SL_REFERENCE_TABLE,
  SL_REFERENCE_PROCEDURE,
  SL_REFERENCE_EXAMPLE,
  SL_REFERENCE_RULING,
  SL_REFERENCE_OPTION,
  SL_REFERENCE_N_KINDS
} SlReferenceKind;

/* One entry, its words in the user's language (the English ones when the
 * catalogue has no translation). */
typedef struct
{
  char            *id;        /* "P-34", "A-92", "T-23", or an option id */
  SlReferenceKind  kind;
  char            *title;
  char            *section;   /* the book's section(s) as printed ("8.2", "7.1, 7.7"), or "" */
  char            *text;      /* paragraphs separated by "\n\n" */
  char            *ruling;    /* rulings: what Squad Log does by default; else NULL */
  char            *option;    /* rulings: the rule option that changes it, or NULL */
  char           **columns;   /* tables: the column heads; else NULL */
  GPtrArray       *rows;      /* tables: char ** of as many cells; else NULL */
  char           **related;   /* ids worth reading next (never NULL) */
  char            *file;      /* the file it came from ("tables.json") */
} SlReferenceEntry;

typedef struct _SlReference SlReference;

#define SL_REFERENCE_ERROR (sl_reference_error_quark ())
GQuark                  sl_reference_error_quark   (void);

typedef enum
{
  SL_REFERENCE_ERROR_NOT_FOUND,  /* the folder cannot be read */
} SlReferenceError;

/* The folder holding the reference files: $SQUADLOG_DATA_DIR/reference,
 * else the user's own (~/.local/share/squadlog/reference) when there is
 * one, else the data that comes with Squad Log (sl_data_pkgdatadir(): the
 * installed data, or the source tree's under `meson devenv`), as
 * sl_data_find() finds the rules data. */
char                   *sl_reference_find_dir      (void);

/* Reads every *.json of @dir, in name order. A file or an entry that
 * breaks the format (docs/rules-reference.md) is left out and said so in
 * the problems, which name the file, the entry and the field; the rest is
 * kept. NULL only when @dir cannot be read. */
SlReference            *sl_reference_load_dir      (const char        *dir,
                                                    GError           **error);
/* The reference of sl_reference_find_dir(), read once and shared by the
 * program; an empty one (with its problem) when it cannot be read. */
SlReference            *sl_reference_get_default   (void);
SlReference            *sl_reference_ref           (SlReference       *self);
void                    sl_reference_unref         (SlReference       *self);

/* What was left out and why, one sentence each ("tables.json: T-04:
 * table.rows[2]: …"). Empty when all is well. */
const char * const     *sl_reference_get_problems  (SlReference       *self);

/* The entry of @id (exactly, or "p-34" in any case), or NULL. */
const SlReferenceEntry *sl_reference_lookup        (SlReference       *self,
                                                    const char        *id);
/* Entries of @kind (every kind when @kind is -1), in id order: T-01 before
 * T-02 before T-10, options in the order of sl-options.c. Free the array
 * only. */
GPtrArray              *sl_reference_list          (SlReference       *self,
                                                    int                kind);
/* Entries holding every word of @words in their id, title, text or
 * ruling, in the user's language or in English, ignoring case and
 * accents ("detonation" finds "détonation"); an id typed whole first,
 * then entries with the words in their title, then id order. */
GPtrArray              *sl_reference_search        (SlReference       *self,
                                                    const char        *words);

/* @message with the book's section added to each citation of the rules
 * in it: "… (P-34 step 1, A-92)." gives "… (P-34 step 1, A-92; book §8.2,
 * §4.1)." Sections are given once each, in the order cited; option ids
 * and unknown ids add nothing, and a citation that has its sections
 * already is left as it is (so it may be applied twice). @self NULL is
 * the default reference, read only when @message cites a rule. */
char                   *sl_reference_cite          (SlReference       *self,
                                                    const char        *message);

/* Calls @func for each rule id in @text ("P-34", "T-34a", "A-92") with
 * its byte offset and length, in order. */
typedef void (*SlReferenceIdFunc) (const char *text,
                                   gsize       offset,
                                   gsize       length,
                                   gpointer    user_data);
void                    sl_reference_foreach_id    (const char        *text,
                                                    SlReferenceIdFunc  func,
                                                    gpointer           user_data);

/* "table" … "option", as the files and --kind write them. */
const char             *sl_reference_kind_name     (SlReferenceKind    kind);
/* The kind named @name, or -1. */
int                     sl_reference_kind_from_name (const char       *name);
/* "Table", "Procedure", "Example", "Ruling", "Rule option", translated. */
const char             *sl_reference_kind_label    (SlReferenceKind    kind);
/* "book §8.2", "book §7.1, §7.7", translated; NULL when @entry has no
 * section. */
char                   *sl_reference_entry_section_label (const SlReferenceEntry *entry);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlReference, sl_reference_unref)

G_END_DECLS
