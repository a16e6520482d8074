/* sl-cache.c: the pieces of the opening cache (see sl-cache.h)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* dl_iterate_phdr */
#endif
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#ifdef __linux__
#include <link.h>
#include <elf.h>
#endif

#include "sl-cache.h"
#include "sl-file.h"
#include "sl-random.h"

/* Trust
 *
 * The cache is read back into memory as it was written, and its key is the
 * secret that makes a planted cache fail its hash: both are used only from
 * a folder that is the user's own and that no one else can write to, and
 * from files of the user's that no one else can write to (the key: that no
 * one else can read either). Anything else and the cache is not used, and
 * standard error says so, once. */

static void
distrust (const char *cache_dir,
          const char *why)
{
  static gsize told;

  if (g_once_init_enter (&told))
    {
      g_autofree char *display = g_filename_display_name (cache_dir);

      g_printerr (_("The opening cache in %s is not used: %s.\n"), display, why);
      g_once_init_leave (&told, 1);
    }
}

/* @why, which takes a mode, with @mode. */
#define distrust_mode(cache_dir, why, mode)                                      \
  G_STMT_START {                                                                 \
    g_autofree char *why_ = g_strdup_printf (why, (unsigned) ((mode) & 07777));  \
    distrust ((cache_dir), why_);                                                \
  } G_STMT_END

int
sl_cache_open_dir (const char *cache_dir)
{
  struct stat st, parent;
  uid_t uid = geteuid ();
  int fd;

  g_return_val_if_fail (cache_dir != NULL, -1);

  if (g_mkdir_with_parents (cache_dir, 0700) != 0)
    {
      g_debug ("The opening cache %s cannot be made: %s", cache_dir, g_strerror (errno));
      return -1;
    }
  fd = open (cache_dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    {
      if (errno == ELOOP || errno == ENOTDIR)
        distrust (cache_dir, _("it is a symbolic link"));
      else
        g_debug ("The opening cache %s cannot be opened: %s", cache_dir, g_strerror (errno));
      return -1;
    }
  if (fstat (fd, &st) != 0 || fstatat (fd, "..", &parent, 0) != 0)
    {
      close (fd);
      return -1;
    }
  if (st.st_uid != uid)
    distrust (cache_dir, _("it belongs to another user"));
  else if (st.st_mode & 022)
    distrust_mode (cache_dir, _("others can write to it (mode %04o)"), st.st_mode);
  /* The folder holding it could have it renamed and replaced. */
  else if (parent.st_uid != uid && parent.st_uid != 0)
    distrust (cache_dir, _("the folder it is in belongs to another user"));
  else if ((parent.st_mode & 022) && !(parent.st_mode & S_ISVTX))
    distrust_mode (cache_dir, _("others can write to the folder it is in (mode %04o)"), parent.st_mode);
  else
    return fd;
  close (fd);
  return -1;
}

/* Opens the file @name of the cache folder @dirfd for reading, when it is
 * a regular file of the user's that others cannot write to (@secret: nor
 * read). -1 with errno ENOENT when there is none; -1 having said why when
 * it cannot be trusted. */
static int
open_trusted (int         dirfd,
              const char *cache_dir,
              const char *name,
              gboolean    secret,
              struct stat *st)
{
  int fd = openat (dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

  if (fd < 0)
    {
      int saved = errno;

      if (saved == ELOOP)
        distrust (cache_dir, _("a file in it is a symbolic link"));
      errno = saved;
      return -1;
    }
  if (fstat (fd, st) != 0 || !S_ISREG (st->st_mode))
    distrust (cache_dir, _("a file in it is not a regular file"));
  else if (st->st_uid != geteuid ())
    distrust (cache_dir, _("a file in it belongs to another user"));
  else if (secret && (st->st_mode & 077))
    distrust_mode (cache_dir, _("its key can be read or written by others (mode %04o)"), st->st_mode);
  else if (st->st_mode & 022)
    distrust_mode (cache_dir, _("others can write to a file in it (mode %04o)"), st->st_mode);
  else
    return fd;
  close (fd);
  errno = EPERM;
  return -1;
}

GBytes *
sl_cache_read_file (int         dirfd,
                    const char *cache_dir,
                    const char *name)
{
  struct stat st;
  GBytes *bytes;
  int fd;

  g_return_val_if_fail (dirfd >= 0 && name != NULL, NULL);

  fd = open_trusted (dirfd, cache_dir, name, FALSE, &st);
  if (fd < 0)
    return NULL;
  bytes = sl_file_read_fd (fd, name, SL_FILE_LIMIT_CACHE, SL_FILE_READ_DEFAULT, NULL);
  close (fd);
  return bytes;
}

gboolean
sl_cache_key (const char *cache_dir,
              guint8     *key)
{
  g_autoptr(GError) error = NULL;
  struct stat st;
  gboolean ok = FALSE;
  int dirfd, fd;

  dirfd = sl_cache_open_dir (cache_dir);
  if (dirfd < 0)
    return FALSE;
  fd = open_trusted (dirfd, cache_dir, "key", TRUE, &st);
  if (fd >= 0)
    {
      gsize got = 0;

      /* Exactly its size: anything else is not a key of ours. */
      if (st.st_size != SL_CACHE_KEY_SIZE)
        distrust (cache_dir, _("its key is not 16 bytes long"));
      else
        while (got < SL_CACHE_KEY_SIZE)
          {
            gssize n = read (fd, key + got, SL_CACHE_KEY_SIZE - got);

            if (n < 0 && errno == EINTR)
              continue;
            if (n <= 0)
              break;
            got += n;
          }
      ok = got == SL_CACHE_KEY_SIZE;
      close (fd);
    }
  else if (errno == ENOENT)
    {
      /* A new key, from the system's secure random source (never a
       * predictable one); whoever writes one last wins, and the caches
       * written with the other are passed over. */
      ok = sl_random_bytes (key, SL_CACHE_KEY_SIZE, &error) &&
           sl_file_replace_at (dirfd, "key", key, SL_CACHE_KEY_SIZE, SL_FILE_REPLACE_OWN_MODE, 0600,
                               &error);
      if (!ok)
        g_debug ("The opening cache has no key: %s", error->message);
    }
  close (dirfd);
  return ok;
}

guint64
sl_cache_locale_hash (void)
{
  g_autofree char *joined = g_strjoinv (":", (char **) g_get_language_names ());
  g_autofree char *text = g_strdup_printf ("%s|%s|%s", joined,
                                           setlocale (LC_MESSAGES, NULL) ? setlocale (LC_MESSAGES, NULL) : "",
                                           setlocale (LC_NUMERIC, NULL) ? setlocale (LC_NUMERIC, NULL) : "");

  return sl_hash_bytes (text, strlen (text));
}

/* The build id */

#ifdef __linux__
static int
find_build_id (struct dl_phdr_info *info,
               size_t               size,
               void                *data)
{
  char **out = data;

  (void) size;
  /* The first object is the program itself: the rules are linked into it. */
  for (int i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
      const guint8 *p, *end;

      if (ph->p_type != PT_NOTE)
        continue;
      p = (const guint8 *) (info->dlpi_addr + ph->p_vaddr);
      end = p + ph->p_memsz;
      while (p + sizeof (ElfW(Nhdr)) <= end)
        {
          const ElfW(Nhdr) *note = (const ElfW(Nhdr) *) p;
          const guint8 *name = p + sizeof *note;
          const guint8 *desc = name + ((note->n_namesz + 3) & ~3u);

          if (desc + note->n_descsz > end)
            break;
          if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 &&
              memcmp (name, "GNU", 4) == 0 && note->n_descsz > 0)
            {
              GString *hex = g_string_new (NULL);

              for (guint k = 0; k < note->n_descsz; k++)
                g_string_append_printf (hex, "%02x", desc[k]);
              *out = g_string_free (hex, FALSE);
              return 1;
            }
          p = desc + ((note->n_descsz + 3) & ~3u);
        }
    }
  return 1;
}
#endif

const char *
sl_build_id (void)
{
  static char *id = NULL;
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
#ifdef __linux__
      dl_iterate_phdr (find_build_id, &id);
#endif
      g_once_init_leave (&done, 1);
    }
  return id;
}

/* States as bytes: the structure as it is in memory, its pointers (the
 * markers, the notes, each unit's action) written out after it. */

static void
put (GByteArray *out,
     const void *data,
     gsize       size)
{
  g_byte_array_append (out, data, size);
}

static void
put_u32 (GByteArray *out,
         guint32     value)
{
  put (out, &value, sizeof value);
}

static int
action_index (const SlRules  *rules,
              const SlAction *action)
{
  if (action == NULL)
    return -1;
  for (guint i = 0; i < rules->actions.items->len; i++)
    if (g_ptr_array_index (rules->actions.items, i) == action)
      return i;
  g_return_val_if_reached (-1);
}

void
sl_cache_put_state (GByteArray    *out,
                    const SlRules *rules,
                    const SlState *state)
{
  g_autofree SlState *copy = g_new0 (SlState, 1);

  memcpy (copy, state, sizeof *copy);
  copy->markers = NULL;
  copy->notes = NULL;
  for (int u = 0; u < SL_MAX_UNITS; u++)
    copy->units[u].current.action = NULL;
  put (out, copy, sizeof *copy);
  for (int u = 0; u < state->n_units; u++)
    put_u32 (out, (guint32) action_index (rules, state->units[u].current.action));

  put_u32 (out, state->markers->len);
  put (out, state->markers->data, state->markers->len * sizeof (SlMarker));

  put_u32 (out, state->notes->len);
  for (guint i = 0; i < state->notes->len; i++)
    {
      const SlNote *note = g_ptr_array_index (state->notes, i);
      SlNote plain = *note;
      guint32 length = note->text ? strlen (note->text) : 0;

      plain.text = NULL;
      put (out, &plain, sizeof plain);
      put_u32 (out, length);
      put (out, note->text ? note->text : "", length);
    }
}

gboolean
sl_cache_read (SlCacheReader *r,
               void          *dest,
               gsize          size)
{
  if (r->failed || (gsize) (r->end - r->p) < size)
    {
      r->failed = TRUE;
      return FALSE;
    }
  if (size == 0)
    return TRUE;  /* @dest may be NULL: an empty array's data */
  memcpy (dest, r->p, size);
  r->p += size;
  return TRUE;
}

static gboolean
read_u32 (SlCacheReader *r,
          guint32       *value)
{
  return sl_cache_read (r, value, sizeof *value);
}

static inline gboolean
in_range (int value,
          int low,
          int end)
{
  return value >= low && value < end;
}

/* What a state must hold for the code that reads it not to go astray:
 * every count and index within its bounds. */
static gboolean
state_is_sane (const SlState *s,
               const SlRules *rules,
               const SlSetup *setup)
{
  int n_units = setup->units->len;
  int n_squads = setup->squads->len;
  int n_groupings = setup->groupings->len;

  if (s->n_units != n_units || n_squads > SL_MAX_SQUADS || n_groupings > SL_MAX_GROUPINGS ||
      !in_range (s->phase, 0, SL_N_PHASES) || !in_range (s->step, 0, SL_N_STEPS) ||
      !in_range (s->held_step, 0, SL_N_STEPS) ||
      !in_range (s->n_order, 0, n_groupings + 1) ||
      !in_range (s->n_detect_tries, 0, SL_MAX_DETECT_TRIES + 1))
    return FALSE;
  for (int i = 0; i < s->n_order; i++)
    if (!in_range (s->order[i], 0, n_groupings))
      return FALSE;
  for (int q = 0; q < n_squads; q++)
    if (!in_range (s->squad_leader[q], -1, n_units) || !in_range (s->acting_leader[q], -1, n_units) ||
        !in_range (s->squad_quality[q], 0, SL_N_QUALITIES))
      return FALSE;
  for (int i = 0; i < s->n_detect_tries; i++)
    if (!in_range (s->detect_tries[i].unit, 0, n_units) ||
        s->detect_tries[i].pile[SL_PILE_LABEL_SIZE - 1] != '\0')
      return FALSE;
  for (int u = 0; u < n_units; u++)
    {
      const SlUnitState *unit = &s->units[u];
      const SlStepUnit *at_step = &s->step_units[u];
      const SlUnitSetup *us = g_ptr_array_index (setup->units, u);

      if (!in_range (s->grouping_of[u], 0, n_groupings) || !in_range (s->squad_of[u], 0, n_squads) ||
          !in_range (unit->wound, 0, SL_N_WOUNDS) || !in_range (unit->in_hand, 0, us->n_weapons) ||
          !in_range (unit->n_engaged, 0, SL_MAX_ENGAGED + 1) ||
          !in_range (unit->n_fires, 0, SL_MAX_FIRES + 1) ||
          !in_range (unit->current.target, -1, n_units) || !in_range (unit->melee_target, -1, n_units) ||
          !in_range (unit->position, 0, SL_N_POSITIONS) || !in_range (unit->moving, 0, SL_N_MOVES) ||
          !in_range (unit->moved_before, 0, SL_N_MOVES) ||
          !in_range (unit->current.combined_with, 0, SL_COMBINE_STAIRS + 1) ||
          !in_range (unit->current.to_position, -1, SL_N_POSITIONS) ||
          !in_range (unit->current.throwing, 0, SL_N_THROWS) ||
          !in_range (unit->current.burst, 0, 3) ||
          !in_range (unit->current.mission, 0, SL_MAX_FIRE_MISSION_TYPES + 1) ||
          !in_range (unit->current.obstacle, 0, (int) rules->obstacles.items->len + 1) ||
          unit->current.target_marker < 0 || unit->current.note < 0 ||
          !in_range (unit->current.rallied, 0, n_squads + 1) ||
          !in_range (unit->breach.state, 0, SL_BREACH_BLEEDING + 1) ||
          !in_range (unit->avoid_from, 0, n_units + 1) ||
          !in_range (unit->avoid_failed, 0, n_units + 1) ||
          !in_range (unit->casualty_by, -1, (int) setup->sides->len) ||
          unit->pile[SL_PILE_LABEL_SIZE - 1] != '\0' ||
          unit->hiding_digest[sizeof unit->hiding_digest - 1] != '\0' ||
          unit->current.label[sizeof unit->current.label - 1] != '\0')
        return FALSE;
      if (!in_range (at_step->wound, 0, SL_N_WOUNDS) || !in_range (at_step->moving, 0, SL_N_MOVES) ||
          !in_range (at_step->casualty_by, -1, (int) setup->sides->len))
        return FALSE;
      for (int k = 0; k < unit->n_engaged; k++)
        if (!in_range (unit->engaged[k], 0, n_units))
          return FALSE;
      for (int k = 0; k < unit->n_fires; k++)
        if (!in_range (unit->fires[k].target, -1, n_units) ||
            !in_range (unit->fires[k].mode, 0, SL_N_FIRE_MODES))
          return FALSE;
    }
  return TRUE;
}

gboolean
sl_cache_get_state (SlCacheReader *r,
                    const SlRules *rules,
                    const SlSetup *setup,
                    SlState       *state)
{
  int n_units = setup->units->len;
  g_autofree SlState *plain = g_new (SlState, 1);
  GArray *markers = state->markers;
  GPtrArray *notes = state->notes;
  guint32 n_markers, n_notes;

  if (!sl_cache_read (r, plain, sizeof *plain) || !state_is_sane (plain, rules, setup))
    return FALSE;
  memcpy (state, plain, sizeof *state);
  state->markers = markers;
  state->notes = notes;
  for (int u = 0; u < n_units; u++)
    {
      guint32 index;

      if (!read_u32 (r, &index))
        return FALSE;
      if (index == G_MAXUINT32)
        state->units[u].current.action = NULL;
      else if (index < rules->actions.items->len)
        state->units[u].current.action = g_ptr_array_index (rules->actions.items, index);
      else
        return FALSE;
    }

  if (!read_u32 (r, &n_markers) || n_markers > (gsize) (r->end - r->p) / sizeof (SlMarker))
    return FALSE;
  g_array_set_size (markers, n_markers);
  if (!sl_cache_read (r, markers->data, n_markers * sizeof (SlMarker)))
    return FALSE;
  for (guint i = 0; i < n_markers; i++)
    {
      SlMarker *m = &g_array_index (markers, SlMarker, i);

      if (!in_range (m->kind, 0, SL_N_MARKERS) || !in_range (m->owner, -1, n_units) ||
          m->label[sizeof m->label - 1] != '\0')
        return FALSE;
    }

  g_ptr_array_set_size (notes, 0);
  if (!read_u32 (r, &n_notes) || n_notes > SL_MAX_NOTES)
    return FALSE;
  for (guint i = 0; i < n_notes; i++)
    if (!in_range (state->note_status[i], 0, SL_NOTE_DUD + 1))
      return FALSE;
  for (guint i = 0; i < n_notes; i++)
    {
      SlNote plain_note, *note;
      guint32 length;

      if (!sl_cache_read (r, &plain_note, sizeof plain_note) || !read_u32 (r, &length) ||
          length > (gsize) (r->end - r->p) || plain_note.id != (int) i + 1 ||
          !in_range (plain_note.side, 0, setup->sides->len) ||
          !in_range (plain_note.unit, -1, n_units) || !in_range (plain_note.kind, 0, SL_N_NOTE_KINDS) ||
          plain_note.nonce[sizeof plain_note.nonce - 1] != '\0' ||
          plain_note.digest[sizeof plain_note.digest - 1] != '\0')
        return FALSE;
      note = g_atomic_rc_box_new0 (SlNote);
      *note = plain_note;
      note->text = g_strndup ((const char *) r->p, length);
      r->p += length;
      g_ptr_array_add (notes, note);
    }
  return TRUE;
}
