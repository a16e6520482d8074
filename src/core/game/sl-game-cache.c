/* sl-game-cache.c: the opening cache of a game file — what the replay of
 * the file reached, written for the next opening and read back instead of
 * replaying (sl_game_load_cached); its pieces, the states written as bytes
 * and the folder it is trusted in, are sl-cache.c's
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sl-cache.h"
#include "sl-file.h"
#include "sl-game-private.h"
#include "sl-hash.h"

/* The opening cache (sl-cache.h): a file in the user's cache directory per
 * game file, holding what the replay of that file reached — each entry's
 * moment and place in the file, the state at the end and the last state
 * copies — valid only for the same bytes of the game file (hashed under the
 * cache's secret key), the same rules text, the same language and the same
 * program. Anything else, or a cache damaged in any way, and the game is
 * replayed as always. */
#define CACHE_MAGIC "SLCACHE1"
/* Games remembered: the most recently written. */
#define CACHE_KEEP 16
/* The state copies kept besides the last state: the history's first rows
 * are told from them (tell_stretch). */
#define CACHE_SNAPSHOTS 2

typedef struct
{
  char    magic[8];
  guint32 sizes[4];
  char    build_id[72];
  guint64 rules_hash;
  guint64 locale_hash;
  guint64 file_hash;        /* sl_siphash of the game file, with the key */
  guint64 file_length;
  guint64 journal_start;
  guint64 journal_end;
  guint32 n_entries;
  guint32 n_states;
  guint64 payload_hash;     /* sl_siphash of the rest, with the key */
} CacheHeader;

typedef struct
{
  gint32  turn;
  guint8  phase;
  guint8  subphase;
  guint8  step;
  guint8  unused;
  guint32 offset;   /* where the entry starts in the file */
} CacheMoment;

#define FINAL_STATE G_MAXUINT32

struct _SlGameCache
{
  GBytes        *bytes;
  CacheHeader    header;
  const guint8  *moments;   /* n_entries CacheMoments */
  SlCacheReader  states;    /* the rest */
};

/* The name of the opening cache's file for the game file @path. */
static char *
cache_file (const char *path)
{
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);

  return g_strdup_printf ("%016" G_GINT64_MODIFIER "x.state", sl_hash_bytes (absolute, strlen (absolute)));
}

static void
cache_header_init (CacheHeader   *h,
                   const SlRules *rules)
{
  memset (h, 0, sizeof *h);
  memcpy (h->magic, CACHE_MAGIC, sizeof h->magic);
  h->sizes[0] = sizeof (SlState);
  h->sizes[1] = sizeof (SlUnitState);
  h->sizes[2] = sizeof (SlMarker);
  h->sizes[3] = sizeof (SlNote);
  g_strlcpy (h->build_id, sl_build_id (), sizeof h->build_id);
  h->rules_hash = rules->content_hash;
  h->locale_hash = sl_cache_locale_hash ();
}

/* Reads the cache for the file @path, whose bytes hash to @hash: TRUE when
 * it is whole and was written for these bytes, rules and program. */
static gboolean
cache_read (SlGameCache   *cache,
            const char    *cache_dir,
            const guint8  *key,
            const char    *path,
            const SlRules *rules,
            guint64        hash,
            gsize          length)
{
  g_autofree char *file = NULL;
  CacheHeader expected;
  const char *contents;
  gsize size;
  const guint8 *payload;
  int dirfd;

  if (sl_build_id () == NULL || strlen (sl_build_id ()) >= sizeof expected.build_id)
    return FALSE;
  /* Only from a folder and a file that no one else can write (sl-cache.h). */
  file = cache_file (path);
  dirfd = sl_cache_open_dir (cache_dir);
  if (dirfd < 0)
    return FALSE;
  cache->bytes = sl_cache_read_file (dirfd, cache_dir, file);
  close (dirfd);
  if (cache->bytes == NULL)
    return FALSE;
  contents = g_bytes_get_data (cache->bytes, &size);
  if (size < sizeof (CacheHeader))
    return FALSE;
  memcpy (&cache->header, contents, sizeof cache->header);
  cache_header_init (&expected, rules);
  expected.file_hash = hash;
  expected.file_length = length;
  payload = (const guint8 *) contents + sizeof (CacheHeader);
  if (memcmp (cache->header.magic, expected.magic, sizeof expected.magic) != 0 ||
      memcmp (cache->header.sizes, expected.sizes, sizeof expected.sizes) != 0 ||
      strncmp (cache->header.build_id, expected.build_id, sizeof expected.build_id) != 0 ||
      cache->header.rules_hash != expected.rules_hash ||
      cache->header.locale_hash != expected.locale_hash ||
      cache->header.file_hash != hash || cache->header.file_length != length ||
      cache->header.payload_hash != sl_siphash (key, payload, size - sizeof (CacheHeader)) ||
      cache->header.n_entries > (size - sizeof (CacheHeader)) / sizeof (CacheMoment))
    return FALSE;
  cache->moments = payload;
  cache->states.p = payload + (gsize) cache->header.n_entries * sizeof (CacheMoment);
  cache->states.end = (const guint8 *) contents + size;
  return TRUE;
}

SlGameCache *
sl_game_cache_read (const char    *cache_dir,
                    const guint8  *key,
                    const char    *path,
                    const SlRules *rules,
                    guint64        hash,
                    gsize          length)
{
  SlGameCache *cache = g_new0 (SlGameCache, 1);

  if (cache_read (cache, cache_dir, key, path, rules, hash, length))
    return cache;
  sl_game_cache_free (cache);
  return NULL;
}

void
sl_game_cache_free (SlGameCache *cache)
{
  g_clear_pointer (&cache->bytes, g_bytes_unref);
  g_free (cache);
}

void
sl_game_cache_journal (const SlGameCache *cache,
                       guint64           *start,
                       guint64           *end,
                       guint             *n_entries)
{
  *start = cache->header.journal_start;
  *end = cache->header.journal_end;
  *n_entries = cache->header.n_entries;
}

/* Entry @i's moment, from the cache. */
gboolean
sl_game_cache_moment (const SlGameCache *cache,
                      guint              i,
                      SlJournalEntry    *entry,
                      guint32           *offset)
{
  CacheMoment m;

  if (i >= cache->header.n_entries)
    return FALSE;
  memcpy (&m, cache->moments + (gsize) i * sizeof m, sizeof m);
  if (m.phase >= SL_N_PHASES || m.step >= SL_N_STEPS)
    return FALSE;
  entry->turn = m.turn;
  entry->phase = m.phase;
  entry->subphase = m.subphase;
  entry->step = m.step;
  *offset = m.offset;
  return TRUE;
}

/* The last state and the state copies, from the cache, once the journal
 * has been read (without replaying it). */
gboolean
sl_game_cache_apply (const SlGameCache *cache,
                     SlGame            *game)
{
  SlCacheReader r = cache->states;
  gboolean final = FALSE;

  if (game->journal->len != cache->header.n_entries)
    return FALSE;
  g_ptr_array_set_size (game->snapshots, game->journal->len / SNAPSHOT_EVERY + 1);
  for (guint s = 0; s < cache->header.n_states; s++)
    {
      g_autoptr(SlState) state = sl_state_copy (game->state);
      guint32 k;

      if (!sl_cache_read (&r, &k, sizeof k) ||
          !sl_cache_get_state (&r, game->rules, game->setup, state))
        return FALSE;
      if (k == FINAL_STATE && !final)
        {
          final = TRUE;
          sl_state_assign (game->state, state);
        }
      else if (k >= 1 && k < game->snapshots->len && g_ptr_array_index (game->snapshots, k) == NULL)
        g_ptr_array_index (game->snapshots, k) = g_steal_pointer (&state);
      else
        return FALSE;
    }
  return final && r.p == r.end;
}

typedef struct
{
  gint64  mtime;
  char   *name;
} CacheFile;

/* Keeps the CACHE_KEEP most recently written caches in the cache folder
 * @dirfd: only the user's own regular files, never through a link. A
 * temporary file a crash left (sl-file.h) goes after an hour. */
static void
cache_prune (int dirfd)
{
  g_autoptr(GArray) files = g_array_new (FALSE, FALSE, sizeof (CacheFile));
  int listing = openat (dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *dir = listing >= 0 ? fdopendir (listing) : NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  struct dirent *d;

  if (dir == NULL)
    {
      if (listing >= 0)
        close (listing);
      return;
    }
  while ((d = readdir (dir)) != NULL)
    {
      const char *name = d->d_name;
      struct stat st;
      CacheFile f;

      if (fstatat (dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG (st.st_mode) ||
          st.st_uid != geteuid ())
        continue;
      if (name[0] == '.' && g_str_has_suffix (name, ".sl-tmp") && st.st_mtime < now - 3600)
        unlinkat (dirfd, name, 0);
      if (!g_str_has_suffix (name, ".state"))
        continue;
      f.mtime = st.st_mtime;
      f.name = g_strdup (name);
      g_array_append_val (files, f);
    }
  closedir (dir);
  for (guint i = 0; i < files->len; i++)
    {
      CacheFile *f = &g_array_index (files, CacheFile, i);
      guint newer = 0;

      for (guint j = 0; j < files->len; j++)
        if (g_array_index (files, CacheFile, j).mtime > f->mtime ||
            (g_array_index (files, CacheFile, j).mtime == f->mtime && j < i))
          newer++;
      if (newer >= CACHE_KEEP)
        unlinkat (dirfd, f->name, 0);
    }
  for (guint i = 0; i < files->len; i++)
    g_free (g_array_index (files, CacheFile, i).name);
}

gboolean
sl_game_write_cache (SlGame  *self,
                     GError **error)
{
  g_autoptr(GByteArray) out = NULL;
  g_autofree char *file = NULL;
  const char *cache_dir;
  CacheHeader h;
  guint n, k, taken = 0;
  int dirfd;

  g_return_val_if_fail (SL_IS_GAME (self), FALSE);

  /* Only for a game opened through the cache, as its file says, by a
   * program that can tell itself. */
  n = self->position;
  cache_dir = self->cache_dir;
  /* Saved in place since it was read: the file is as the game, hashed
   * now, away from the saves. Entries kept undone are not cached. */
  if (cache_dir != NULL && !self->file_known && self->layout_known && self->dirty_from == G_MAXUINT &&
      self->path != NULL && self->withdrawn->len == 0)
    {
      g_autoptr(GBytes) bytes = sl_game_read_file (self->path, NULL);
      gsize length = 0;
      const char *data = bytes != NULL ? g_bytes_get_data (bytes, &length) : NULL;

      if (data != NULL && length == self->saved_size)
        {
          self->file_hash = sl_siphash (self->cache_key, data, length);
          self->file_length = length;
          self->file_known = TRUE;
        }
    }
  if (cache_dir == NULL || !self->file_known || self->path == NULL || sl_build_id () == NULL ||
      self->withdrawn->len > 0 ||
      strlen (sl_build_id ()) >= sizeof h.build_id || self->offsets->len != n ||
      self->file_length > G_MAXUINT32)
    return TRUE;

  cache_header_init (&h, self->rules);
  h.file_hash = self->file_hash;
  h.file_length = self->file_length;
  h.n_entries = n;
  h.journal_start = self->journal_start;
  h.journal_end = self->journal_end;
  out = g_byte_array_sized_new (sizeof h + n * sizeof (CacheMoment) + 4 * sizeof (SlState));
  g_byte_array_append (out, (const guint8 *) &h, sizeof h);
  for (guint i = 0; i < n; i++)
    {
      const SlJournalEntry *e = g_ptr_array_index (self->journal, i);
      CacheMoment m = { e->turn, e->phase, e->subphase, e->step, 0,
                        g_array_index (self->offsets, guint32, i) };

      g_byte_array_append (out, (const guint8 *) &m, sizeof m);
    }
  {
    guint32 final = FINAL_STATE;

    g_byte_array_append (out, (const guint8 *) &final, sizeof final);
    sl_cache_put_state (out, self->rules, self->state);
    h.n_states = 1;
  }
  for (k = MIN (n / SNAPSHOT_EVERY, self->snapshots->len - 1); k >= 1 && taken < CACHE_SNAPSHOTS; k--)
    {
      const SlState *state = g_ptr_array_index (self->snapshots, k);
      guint32 index = k;

      if (state == NULL)
        continue;
      g_byte_array_append (out, (const guint8 *) &index, sizeof index);
      sl_cache_put_state (out, self->rules, state);
      h.n_states++;
      taken++;
    }
  h.payload_hash = sl_siphash (self->cache_key, out->data + sizeof h, out->len - sizeof h);
  memcpy (out->data, &h, sizeof h);

  /* Only into a folder no one else can write to (sl-cache.h); otherwise
   * not at all, and that is no error. */
  file = cache_file (self->path);
  dirfd = sl_cache_open_dir (cache_dir);
  if (dirfd < 0)
    return TRUE;
  /* Written whole or not at all (sl-file.h); not worth waiting for the
   * disk. */
  if (!sl_file_replace_at (dirfd, file, out->data, out->len, SL_FILE_REPLACE_OWN_MODE, 0600, error))
    {
      close (dirfd);
      return FALSE;
    }
  cache_prune (dirfd);
  close (dirfd);
  return TRUE;
}
