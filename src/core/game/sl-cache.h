/* sl-cache.h: the pieces of the opening cache (sl_game_load_cached) —
 * a fast hash, the program's build id, and states written as bytes
 *
 * A game opens by replaying its journal; a long game's replay is most of
 * the time it takes to open. The cache keeps the state the replay reached,
 * for a file whose every byte, rules, language and program are the same as
 * when it was written, so that the next opening of that file can skip the
 * replay.
 * It is a copy of the program's memory, valid only for the very program
 * that wrote it (the build id says which): never a file format.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "sl-hash.h"
#include "sl-rules.h"
#include "sl-state.h"

G_BEGIN_DECLS

/* The cache folder @cache_dir, made (mode 0700) when missing, opened
 * (O_DIRECTORY) when it can be trusted: the user's own, a folder and not
 * a symbolic link, that no one else can write to, in a folder that is the
 * user's or root's and that others cannot write to (unless it is sticky).
 * -1 when it cannot be, having said why on standard error (once in a
 * process): then nothing is cached. */
int          sl_cache_open_dir    (const char    *cache_dir);

/* The file @name of the cache folder @dirfd (from sl_cache_open_dir()),
 * when it is a regular file of the user's that others cannot write to,
 * within its cap (sl-file.h); NULL otherwise (said on standard error when
 * it is there but cannot be trusted). */
GBytes      *sl_cache_read_file   (int            dirfd,
                                   const char    *cache_dir,
                                   const char    *name);

/* The secret key of the cache in @cache_dir (its file "key", made on first
 * use from the system's secure random source): a regular file of the
 * user's, of exactly SL_CACHE_KEY_SIZE bytes, that no one else can read or
 * write, in a folder that can be trusted (sl_cache_open_dir()). FALSE when
 * there is none to be had or it cannot be trusted: then nothing is
 * cached. */
gboolean     sl_cache_key         (const char    *cache_dir,
                                   guint8        *key);

/* What the messages of this process are in (its languages and the locale's
 * message and number categories), as a hash: a state holds translated text
 * (a marker's label), so a cache is for one language. */
guint64      sl_cache_locale_hash (void);

/* The running program's GNU build id (hex), or NULL when it has none: then
 * nothing is cached. */
const char  *sl_build_id          (void);

/* Appends @state to @out. */
void         sl_cache_put_state   (GByteArray    *out,
                                   const SlRules *rules,
                                   const SlState *state);

/* A cursor over bytes that checks every read against the end. */
typedef struct
{
  const guint8 *p;
  const guint8 *end;
  gboolean      failed;
} SlCacheReader;

gboolean     sl_cache_read        (SlCacheReader *r,
                                   void          *dest,
                                   gsize          size);

/* Reads a state written by sl_cache_put_state() into @state (made with
 * sl_state_copy() of a state of the same game), checking that it fits
 * @rules and the game's @setup: every count and every index within its
 * bounds. FALSE, with @state in no useful state, when it does not. */
gboolean     sl_cache_get_state   (SlCacheReader *r,
                                   const SlRules *rules,
                                   const SlSetup *setup,
                                   SlState       *state);

G_END_DECLS
