/* sl-game-save.c: a game written to its file — the serializer, saving
 * in place what changed, and writing the whole file atomically
 * (docs/game-format.md "Writing")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sl-file.h"
#include "sl-game-private.h"
#include "sl-hash.h"
#include "sl-json.h"
#include "sl-text.h"

/* "2026-11-22T10:00:00Z" for a time in years 1 to 9999, the inverse of
 * parse_utc_stamp(). */
static void
append_utc_stamp (GString *out,
                  gint64   time)
{
  gint64 days = time >= 0 ? time / 86400 : -((-time + 86399) / 86400);
  gint64 secs = time - days * 86400;
  gint64 z = days + 719468;
  gint64 era = (z >= 0 ? z : z - 146096) / 146097;
  gint64 doe = z - era * 146097;
  gint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  gint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  gint64 mp = (5 * doy + 2) / 153;
  gint64 d = doy - (153 * mp + 2) / 5 + 1;
  gint64 m = mp < 10 ? mp + 3 : mp - 9;
  gint64 y = yoe + era * 400 + (m <= 2);

  g_string_append_printf (out, "\"%04d-%02d-%02dT%02d:%02d:%02dZ\"", (int) y, (int) m, (int) d,
                          (int) (secs / 3600), (int) (secs / 60 % 60), (int) (secs % 60));
}

/* The journal's records, in the order of the file: the entries applied,
 * and among them, where they were, the entries undone for good that told a
 * secret; then those undone that may still be redone, if they told one. */
typedef struct
{
  SlJournalEntry *entry;
  gboolean        undone;
  guint           active;   /* entries applied before it */
} Record;

/* Appends the records whose place is at or after entry @from. */
static void
collect_records (SlGame *self,
                 guint   from,
                 GArray *out)
{
  g_autofree guint *order = g_new (guint, MAX (self->withdrawn->len, 1));
  guint n = 0, w = 0;

  /* The withdrawn entries at or after @from, by place (stable). */
  for (guint i = 0; i < self->withdrawn->len; i++)
    if (g_array_index (self->withdrawn, SlWithdrawnEntry, i).at >= from)
      order[n++] = i;
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && g_array_index (self->withdrawn, SlWithdrawnEntry, order[j - 1]).at >
                                 g_array_index (self->withdrawn, SlWithdrawnEntry, order[j]).at; j--)
      {
        guint t = order[j];

        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  for (guint i = from; i <= self->position; i++)
    {
      while (w < n && g_array_index (self->withdrawn, SlWithdrawnEntry, order[w]).at <= i)
        {
          Record r = { (SlJournalEntry *) g_array_index (self->withdrawn, SlWithdrawnEntry, order[w]).entry, TRUE, i };

          g_array_append_val (out, r);
          w++;
        }
      if (i < self->position)
        {
          /* The summary read with the file serves until it is told. */
          SlJournalEntry *e = sl_game_entry_at (self, i);
          Record r = { e->summary != NULL ? e : sl_game_told_entry (self, i), FALSE, i };

          g_array_append_val (out, r);
        }
    }
  for (; w < n; w++)
    {
      Record r = { (SlJournalEntry *) g_array_index (self->withdrawn, SlWithdrawnEntry, order[w]).entry, TRUE,
                   self->position };

      g_array_append_val (out, r);
    }
  sl_game_learn_reveals (self, self->position);
  for (guint i = self->position; i < self->journal->len; i++)
    if (sl_game_entry_reveals (self, i))
      {
        Record r = { sl_game_told_entry (self, i), TRUE, self->position };

        g_array_append_val (out, r);
      }
}

/* One record, on its line. */
static void
append_record (GString        *out,
               const Record   *r)
{
  const SlJournalEntry *e = r->entry;

  g_string_append_printf (out, "{\"at\": {\"turn\":%d,\"phase\":\"%s\"", e->turn, sl_phase_names[e->phase]);
  if (e->phase == SL_PHASE_ACTION)
    g_string_append_printf (out, ",\"subphase\":%d,\"step\":\"%s\"", e->subphase, sl_step_names[e->step]);
  g_string_append (out, "}, \"time\": ");
  append_utc_stamp (out, e->time);
  g_string_append (out, ", \"command\": ");
  if (e->command_node != NULL)
    sl_json_append (out, e->command_node, FALSE, 0);
  else
    g_string_append (out, e->command_text);
  if (e->rolled != NULL && e->rolled[0] != NULL)
    {
      g_string_append (out, ", \"rolled\": [");
      for (guint k = 0; e->rolled[k]; k++)
        {
          if (k > 0)
            g_string_append (out, ", ");
          sl_json_append_string (out, e->rolled[k]);
        }
      g_string_append_c (out, ']');
    }
  g_string_append (out, ", \"summary\": ");
  sl_json_append_string (out, e->summary ? e->summary : "");
  if (r->undone)
    g_string_append (out, ", \"undone\": true");
  g_string_append_c (out, '}');
}

/* What ends the file after the last record. */
#define JOURNAL_TAIL "\n  ]\n}\n"
#define JOURNAL_TAIL_AFTER "\n}\n"

/* Appends @records from the @k-th, at the file offset @base of the text's
 * start, to @out, and their places in the file to @saved and @offsets
 * (the entries applied). */
static void
append_records (GString    *out,
                guint64     base,
                GArray     *records,
                guint       first,
                gboolean    any_before,
                GArray     *saved,
                GArray     *offsets)
{
  for (guint i = first; i < records->len; i++)
    {
      const Record *r = &g_array_index (records, Record, i);
      SavedRecord sr;

      g_string_append (out, i == 0 && !any_before ? "\n    " : ",\n    ");
      sr.serial = r->entry->serial;
      sr.undone = r->undone;
      sr.active = r->active;
      sr.start = base + out->len;
      append_record (out, r);
      sr.end = base + out->len;
      if (saved != NULL)
        g_array_append_val (saved, sr);
      if (offsets != NULL && !r->undone && sr.start <= G_MAXUINT32)
        {
          guint32 at = sr.start;

          g_array_append_val (offsets, at);
        }
    }
}

/* The file's text; with @saved and @offsets, where each record and each
 * entry is in it, and where the journal is. */
static char *
serialize (SlGame  *self,
           GArray  *saved,
           GArray  *offsets,
           guint64 *journal_start,
           guint64 *journal_end)
{
  GString *out = g_string_sized_new (4096 + self->position * 200);
  g_autoptr(GArray) records = g_array_new (FALSE, FALSE, sizeof (Record));

  g_string_append (out, "{\n  \"format\": \"squadlog-game\",\n");
  g_string_append_printf (out, "  \"version\": %d,\n", SL_GAME_FORMAT_VERSION);
  g_string_append (out, "  \"rules\": ");
  sl_json_append_string (out, self->rules->id);
  g_string_append (out, ",\n  \"setup\": ");
  sl_json_append (out, self->setup->json, TRUE, 1);
  sl_locks_append (self->locks, out);
  if (self->setup->free_nonces > 0)
    g_string_append_printf (out, ",\n  \"free_nonces\": %u", self->setup->free_nonces);
  g_string_append (out, ",\n  \"journal\": ");
  if (journal_start != NULL)
    *journal_start = out->len;
  g_string_append_c (out, '[');

  /* One record per line: readable, and quick to write. */
  sl_game_read_entries (self, 0, self->position);
  collect_records (self, 0, records);
  append_records (out, 0, records, 0, FALSE, saved, offsets);
  g_string_append (out, JOURNAL_TAIL);
  if (journal_end != NULL)
    *journal_end = out->len - strlen (JOURNAL_TAIL_AFTER);
  return g_string_free (out, FALSE);
}

char *
sl_game_serialize (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  return serialize (self, NULL, NULL, NULL, NULL);
}

void
sl_game_file_id_of (const struct stat *st,
            FileId            *id)
{
  id->dev = st->st_dev;
  id->ino = st->st_ino;
  id->size = st->st_size;
  id->mtime_ns = (gint64) st->st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st->st_mtim.tv_nsec;
}

static gboolean
file_id_equal (const FileId *a,
               const FileId *b)
{
  return a->dev == b->dev && a->ino == b->ino && a->size == b->size && a->mtime_ns == b->mtime_ns;
}

static void
save_error (GError    **error,
            const char *path,
            const char *why)
{
  g_autofree char *display = g_filename_display_name (path);
  /* @why may be a sentence of its own ("… writes only regular files."). */
  g_autofree char *clause = sl_text_clause (why);

  g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_WRITE,
               _("The game could not be saved to %s: %s. The file there, if any, is unchanged."),
               display, clause);
}

static gboolean
pwrite_all (int         fd,
            const char *data,
            gsize       length,
            guint64     offset)
{
  gsize done = 0;

  while (done < length)
    {
      ssize_t w = pwrite (fd, data + done, length - done, offset + done);

      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        {
          if (w == 0)
            errno = EIO;
          return FALSE;
        }
      done += w;
    }
  return TRUE;
}

/* The saved records placed before the first entry changed since @dirty,
 * which are as saved (they come in the order of their places). */
static guint
records_unchanged (SlGame *self,
                   guint   dirty)
{
  guint lo = 0, hi = self->saved->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (self->saved, SavedRecord, mid).active < dirty)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* @path opened for writing in place, when it is still the file last
 * written or read; -1 otherwise, with @error set when nothing may be
 * written (unset: the whole file is written instead). */
static int
open_as_saved (SlGame      *self,
               const char  *path,
               GError     **error)
{
  struct stat st;
  FileId now;
  int fd = g_open (path, O_RDWR | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);

  if (fd < 0 && errno == ENOENT)
    return -1;  /* gone: written whole again */
  if (fd < 0)
    {
      /* Read-only file system, no permission …: said, nothing written. */
      save_error (error, path, g_strerror (errno));
      return -1;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      return -1;
    }
  sl_game_file_id_of (&st, &now);
  if (!file_id_equal (&now, &self->saved_id))
    {
      g_autofree char *display = g_filename_display_name (path);

      close (fd);
      g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_CHANGED,
                   _("%s was changed by another program since Squad Log read it: it was not overwritten. Open it again to go on from what it holds now."),
                   display);
      return -1;
    }
  return fd;
}

/* The file as last written or read, unchanged since: its records from the
 * first whose place is at or after the first entry changed since (a
 * command: its one record) are written again in place, the file cut to its
 * new length and synced (now, or by the flusher) — what a save costs does
 * not grow with the game. FALSE with @error unset when the whole file must
 * be written instead. */
static gboolean
save_in_place (SlGame      *self,
               const char  *path,
               GError     **error)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GArray) records = g_array_new (FALSE, FALSE, sizeof (Record));
  g_autoptr(GArray) added = g_array_new (FALSE, FALSE, sizeof (SavedRecord));
  g_autoptr(GArray) starts = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree char *old = NULL;
  guint keep, dirty, active = 0;
  guint64 base, new_size;
  struct stat st;
  int fd;

  /* A sync in the background failed: what the disk holds is not known,
   * so the whole file is written again (atomically, and synced). */
  if (self->flusher != NULL && sl_file_flusher_failed (self->flusher, NULL))
    self->layout_known = FALSE;
  if (!self->layout_known || self->header_dirty || g_strcmp0 (self->path, path) != 0)
    return FALSE;
  dirty = MIN (self->dirty_from, self->position);
  keep = records_unchanged (self, dirty);
  collect_records (self, dirty, records);
  base = keep == 0 ? self->saved_open : g_array_index (self->saved, SavedRecord, keep - 1).end;
  append_records (text, base, records, 0, keep > 0, added, starts);
  g_string_append (text, JOURNAL_TAIL);
  new_size = base + text->len;

  fd = open_as_saved (self, path, error);
  if (fd < 0)
    return FALSE;
  /* What is written over, to put it back if the write fails. */
  old = g_malloc (self->saved_size - base + 1);
  if (pread (fd, old, self->saved_size - base, base) != (ssize_t) (self->saved_size - base))
    {
      close (fd);
      return FALSE;
    }
  if (!pwrite_all (fd, text->str, text->len, base) ||
      (new_size < self->saved_size && ftruncate (fd, new_size) != 0) ||
      (self->flusher == NULL && fdatasync (fd) != 0))
    {
      int saved_errno = errno;

      /* The file as it was: nothing is saved. Putting it back changed its
       * time: the file is known as it is now, or not at all — not taken
       * for one changed by another program (issue 30 #8). */
      if (pwrite_all (fd, old, self->saved_size - base, base) && ftruncate (fd, self->saved_size) == 0 &&
          fstat (fd, &st) == 0)
        {
          fdatasync (fd);
          sl_game_file_id_of (&st, &self->saved_id);
        }
      else
        self->layout_known = FALSE;
      close (fd);
      save_error (error, path, g_strerror (saved_errno));
      return FALSE;
    }
  if (fstat (fd, &st) != 0)
    self->layout_known = FALSE;
  else
    sl_game_file_id_of (&st, &self->saved_id);
  /* Written: the system has it (a crash of the program loses nothing);
   * on the disk now, or in a moment without the caller waiting. */
  if (self->flusher != NULL)
    sl_file_flusher_push (self->flusher, fd);
  else
    close (fd);

  g_array_set_size (self->saved, keep);
  g_array_append_vals (self->saved, added->data, added->len);
  for (guint i = 0; i < keep; i++)
    active += g_array_index (self->saved, SavedRecord, i).undone ? 0 : 1;
  g_array_set_size (self->offsets, MIN (active, self->offsets->len));
  g_array_append_vals (self->offsets, starts->data, starts->len);
  self->saved_size = new_size;
  self->journal_end = new_size - strlen (JOURNAL_TAIL_AFTER);
  self->file_length = new_size;
  /* The opening cache hashes the file when it is written (later). */
  self->file_known = FALSE;
  self->dirty_from = G_MAXUINT;
  return TRUE;
}

static gboolean
save (SlGame      *self,
      const char  *path,
      GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GArray) offsets = NULL;
  g_autoptr(GArray) saved = NULL;
  g_autoptr(SlFileReplace) replace = NULL;
  guint64 journal_start, journal_end;
  int new_lock_fd = -1;
  struct stat st;

  if (save_in_place (self, path, &local_error))
    return TRUE;
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  /* The file Squad Log read, changed since by another program, is not
   * written over (issue 19 item 5). */
  if (self->layout_known && g_strcmp0 (self->path, path) == 0 && g_stat (path, &st) == 0)
    {
      FileId now;

      sl_game_file_id_of (&st, &now);
      if (!file_id_equal (&now, &self->saved_id))
        {
          g_autofree char *display = g_filename_display_name (path);

          g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_CHANGED,
                       _("%s was changed by another program since Squad Log read it: it was not overwritten. Open it again to go on from what it holds now."),
                       display);
          return FALSE;
        }
    }

  offsets = g_array_sized_new (FALSE, FALSE, sizeof (guint32), self->position);
  saved = g_array_sized_new (FALSE, FALSE, sizeof (SavedRecord), self->position);
  text = serialize (self, saved, offsets, &journal_start, &journal_end);
  /* The temporary file is locked (flock) as it is written: kept open, its
   * lock is the game file's own once it takes the old one's place, so a
   * game taken for writing (sl_game_take_file) is never left unlocked. */
  replace = sl_file_replace_begin (path, SL_FILE_REPLACE_DURABLE, 0600, NULL, &local_error);
  if (replace == NULL ||
      !sl_file_replace_write (replace, text, strlen (text), &local_error) ||
      !sl_file_replace_commit (g_steal_pointer (&replace), self->lock_fd >= 0 ? &new_lock_fd : NULL, &local_error))
    {
      save_error (error, path, local_error->message);
      return FALSE;
    }
  if (g_strcmp0 (self->path, path) != 0)
    {
      g_free (self->path);
      self->path = g_strdup (path);
      sl_game_notify_path (self);
    }
  self->file_length = strlen (text);
  if (self->cache_dir != NULL)
    self->file_hash = sl_siphash (self->cache_key, text, self->file_length);
  self->file_known = TRUE;
  g_array_unref (self->offsets);
  self->offsets = g_steal_pointer (&offsets);
  self->journal_start = journal_start;
  self->journal_end = journal_end;
  g_array_unref (self->saved);
  self->saved = g_steal_pointer (&saved);
  self->saved_open = journal_start + 1;
  self->saved_size = self->file_length;
  self->header_dirty = FALSE;
  self->dirty_from = G_MAXUINT;
  self->layout_known = g_stat (path, &st) == 0 && S_ISREG (st.st_mode) && (guint64) st.st_size == self->saved_size;
  if (self->layout_known)
    sl_game_file_id_of (&st, &self->saved_id);
  /* Written whole, the file is a new one: the lock goes with it. */
  if (self->lock_fd >= 0)
    {
      close (self->lock_fd);
      self->lock_fd = new_lock_fd;
    }
  return TRUE;
}

gboolean
sl_game_save (SlGame      *self,
              const char  *path,
              GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  gboolean own;

  g_return_val_if_fail (SL_IS_GAME (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  own = self->path == NULL || g_strcmp0 (self->path, path) == 0;

  if (self->read_only)
    {
      sl_game_read_only_error (error);
      return FALSE;
    }
  if (save (self, path, &local_error))
    {
      g_clear_pointer (&self->unsaved, g_free);
      return TRUE;
    }
  /* A copy elsewhere that failed leaves the game's own file as it was. */
  if (own)
    {
      g_free (self->unsaved);
      self->unsaved = g_strdup (local_error->message);
    }
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

const char *
sl_game_get_unsaved (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  return self->unsaved;
}

void
sl_game_set_flush_in_background (SlGame  *self,
                                 gboolean background)
{
  g_return_if_fail (SL_IS_GAME (self));
  if (background && self->flusher == NULL)
    self->flusher = sl_file_flusher_new ();
  else if (!background && self->flusher != NULL)
    {
      /* A failure not yet told is told by the next save: it writes the
       * whole file. */
      if (!sl_file_flusher_wait (self->flusher, NULL))
        self->layout_known = FALSE;
      g_clear_pointer (&self->flusher, sl_file_flusher_free);
    }
}

gboolean
sl_game_flush (SlGame  *self,
               GError **error)
{
  int failure;

  g_return_val_if_fail (SL_IS_GAME (self), FALSE);
  if (self->flusher == NULL || sl_file_flusher_wait (self->flusher, &failure))
    return TRUE;
  self->layout_known = FALSE;
  {
    g_autofree char *display = g_filename_display_name (self->path);

    g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_WRITE,
                 _("The game could not be written to the disk at %s: %s. The next change writes the whole file again."),
                 display, g_strerror (failure));
  }
  return FALSE;
}
