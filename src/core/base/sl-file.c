/* sl-file.c: reading and writing the user's files safely (see sl-file.h)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* MAP_POPULATE */
#endif
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sl-file.h"

G_DEFINE_QUARK (sl-file-error-quark, sl_file_error)

/* Symbolic links followed to a file being replaced, as the kernel does. */
#define MAX_LINKS 40
/* The longest part of a file's name kept in its temporary file's name,
 * which adds 8 bytes (".", ".sl-tmp"); names may have 255. */
#define MAX_TEMP_BASE 200

gsize
sl_file_limit_bytes (SlFileLimit limit)
{
  switch (limit)
    {
    case SL_FILE_LIMIT_GAME:
    case SL_FILE_LIMIT_CACHE:
      return (gsize) 256 << 20;
    case SL_FILE_LIMIT_RULES:
    case SL_FILE_LIMIT_REQUEST:
      return (gsize) 16 << 20;
    case SL_FILE_LIMIT_SCENARIO:
      return (gsize) 4 << 20;
    default:
      g_assert_not_reached ();
    }
}

static const char *
limit_what (SlFileLimit limit)
{
  switch (limit)
    {
    case SL_FILE_LIMIT_GAME:
      return _("a game file");
    case SL_FILE_LIMIT_RULES:
      return _("a rules file");
    case SL_FILE_LIMIT_SCENARIO:
      return _("a scenario, squad or force file");
    case SL_FILE_LIMIT_REQUEST:
      return _("a request");
    case SL_FILE_LIMIT_CACHE:
      return _("an opening cache file");
    default:
      g_assert_not_reached ();
    }
}

/* "“/home/joe/game.squadlog”", for messages. */
static char *
quoted (const char *path)
{
  g_autofree char *display = g_filename_display_name (path);

  /* Translators: a file's name in a message, in quotes. */
  return g_strdup_printf (_("“%s”"), display);
}

/* What a file that is not a regular file is, for messages. */
static const char *
type_phrase (mode_t mode)
{
  if (S_ISDIR (mode))
    return _("a folder");
  if (S_ISFIFO (mode))
    return _("a named pipe (FIFO)");
  if (S_ISCHR (mode))
    return _("a character device");
  if (S_ISBLK (mode))
    return _("a block device");
  if (S_ISSOCK (mode))
    return _("a socket");
  if (S_ISLNK (mode))
    return _("a symbolic link");
  return _("a special file");
}

typedef enum { CANNOT_OPEN, CANNOT_READ, CANNOT_WRITE } Cannot;

/* "Cannot write “…”: No space left on device": what could not be done to
 * @display, and the system's word for @saved (an errno value). */
static gboolean
errno_error (GError     **error,
             int          saved,
             Cannot       what,
             const char  *display)
{
  const char *message = g_strerror (saved);

  switch (what)
    {
    case CANNOT_OPEN:
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("Cannot open %s: %s"),
                   display, message);
      break;
    case CANNOT_READ:
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("Cannot read %s: %s"),
                   display, message);
      break;
    case CANNOT_WRITE:
    default:
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("Cannot write %s: %s"),
                   display, message);
      break;
    }
  return FALSE;
}

static gboolean
too_large (GError     **error,
           const char  *display,
           SlFileLimit  limit)
{
  g_autofree char *size = g_format_size_full (sl_file_limit_bytes (limit), G_FORMAT_SIZE_IEC_UNITS);

  /* Translators: "“/dev/zero” is larger than 16.0 MiB, the most a request
   * may be; it was not read." */
  g_set_error (error, SL_FILE_ERROR, SL_FILE_ERROR_TOO_LARGE,
               _("%s is larger than %s, the most %s may be; it was not read."), display, size,
               limit_what (limit));
  return FALSE;
}

static gboolean
readable_type (mode_t          mode,
               SlFileReadFlags flags)
{
  return S_ISREG (mode) ||
         ((flags & SL_FILE_READ_STREAM) && (S_ISFIFO (mode) || S_ISCHR (mode)));
}

static gboolean
not_readable (GError    **error,
              const char *display,
              mode_t      mode)
{
  /* Translators: "“/tmp/game” is a named pipe (FIFO), not a regular file: …" */
  g_set_error (error, SL_FILE_ERROR, SL_FILE_ERROR_NOT_REGULAR,
               _("%s is %s, not a regular file: Squad Log reads only regular files."), display,
               type_phrase (mode));
  return FALSE;
}

int
sl_file_open_read (const char      *path,
                   SlFileReadFlags  flags,
                   GError         **error)
{
  g_autofree char *display = NULL;
  struct stat before, st;
  int fd;

  g_return_val_if_fail (path != NULL, -1);


  display = quoted (path);
  /* Not even opened when it is not a file: opening a tape or a serial line
   * does something, and opening a named pipe waits for a writer. */
  if (stat (path, &before) != 0)
    {
      errno_error (error, errno, CANNOT_OPEN, display);
      return -1;
    }
  if (!readable_type (before.st_mode, flags))
    {
      not_readable (error, display, before.st_mode);
      return -1;
    }
  fd = open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    {
      errno_error (error, errno, CANNOT_OPEN, display);
      return -1;
    }
  /* Checked again: it may have been swapped since. */
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;

      close (fd);
      errno_error (error, saved, CANNOT_OPEN, display);
      return -1;
    }
  if (!readable_type (st.st_mode, flags))
    {
      close (fd);
      not_readable (error, display, st.st_mode);
      return -1;
    }
  /* A pipe is read as a stream: waiting for its writer is what it is for. */
  if (!S_ISREG (st.st_mode))
    {
      int fl = fcntl (fd, F_GETFL);

      if (fl >= 0)
        fcntl (fd, F_SETFL, fl & ~O_NONBLOCK);
    }
  return fd;
}

#if defined(__linux__) && defined(MAP_POPULATE)
typedef struct
{
  char  *buffer;
  gsize  size;
} Mapped;

static void
unmap_buffer (gpointer data)
{
  Mapped *mapped = data;

  munmap (mapped->buffer, mapped->size);
  g_free (mapped);
}
#endif

/* A buffer for @size bytes and a NUL. A long game's file is a few
 * megabytes: on Linux its buffer is made with all its pages at once
 * (MAP_POPULATE) instead of one page fault at a time as the reading fills
 * it, which cost as much as parsing it (measured by tests/bench). */
static char *
buffer_new (gsize      size,
            gboolean  *mapped)
{
#if defined(__linux__) && defined(MAP_POPULATE)
  if (size > (1 << 20))
    {
      char *buffer = mmap (NULL, size + 1, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

      if (buffer != MAP_FAILED)
        {
          *mapped = TRUE;
          return buffer;
        }
    }
#endif
  *mapped = FALSE;
  return g_try_malloc (size + 1);
}

static GBytes *
buffer_to_bytes (char     *buffer,
                 gsize     length,
                 gsize     size,
                 gboolean  mapped)
{
  buffer[length] = '\0';
#if defined(__linux__) && defined(MAP_POPULATE)
  if (mapped)
    {
      Mapped *m = g_new (Mapped, 1);

      m->buffer = buffer;
      m->size = size + 1;
      return g_bytes_new_with_free_func (buffer, length, unmap_buffer, m);
    }
#endif
  return g_bytes_new_take (buffer, length);
}

static void
buffer_free (char     *buffer,
             gsize     size,
             gboolean  mapped)
{
#if defined(__linux__) && defined(MAP_POPULATE)
  if (mapped)
    {
      munmap (buffer, size + 1);
      return;
    }
#endif
  g_free (buffer);
}

/* A regular file: as long as fstat() says, within the cap. A file growing
 * meanwhile is cut at the size seen, as if read a moment earlier. */
static GBytes *
read_regular (int          fd,
              const char  *display,
              gsize        size,
              GError     **error)
{
  gsize length = 0;
  gboolean mapped;
  char *buffer = buffer_new (size, &mapped);

  if (buffer == NULL)
    {
      errno_error (error, ENOMEM, CANNOT_READ, display);
      return NULL;
    }
  while (length < size)
    {
      gssize n = read (fd, buffer + length, size - length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          buffer_free (buffer, size, mapped);
          errno_error (error, saved, CANNOT_READ, display);
          return NULL;
        }
      if (n == 0)
        break;
      length += n;
    }
  return buffer_to_bytes (buffer, length, size, mapped);
}

/* A stream: to its end, but never more than the cap (plus one byte, to
 * know it is more). */
static GBytes *
read_stream (int           fd,
             const char   *display,
             SlFileLimit   limit,
             GError      **error)
{
  gsize max = sl_file_limit_bytes (limit);
  g_autoptr(GByteArray) data = g_byte_array_new ();
  guint8 chunk[65536];

  for (;;)
    {
      gssize n = read (fd, chunk, MIN (sizeof chunk, max + 1 - data->len));

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          errno_error (error, errno, CANNOT_READ, display);
          return NULL;
        }
      if (n == 0)
        break;
      g_byte_array_append (data, chunk, n);
      if (data->len > max)
        {
          too_large (error, display, limit);
          return NULL;
        }
    }
  {
    gsize length = data->len;
    char *buffer;

    g_byte_array_append (data, (const guint8 *) "", 1);
    buffer = (char *) g_byte_array_free (g_steal_pointer (&data), FALSE);
    return g_bytes_new_take (buffer, length);
  }
}

static GBytes *
read_fd (int              fd,
         const char      *display,
         SlFileLimit      limit,
         SlFileReadFlags  flags,
         GError         **error)
{
  struct stat st;

  if (fstat (fd, &st) != 0)
    {
      errno_error (error, errno, CANNOT_READ, display);
      return NULL;
    }
  if (!readable_type (st.st_mode, flags))
    {
      not_readable (error, display, st.st_mode);
      return NULL;
    }
  /* A regular file as a stream (standard input from a file) is read from
   * where it stands to its end. */
  if (S_ISREG (st.st_mode) && !(flags & SL_FILE_READ_STREAM))
    {
      if ((guint64) st.st_size > sl_file_limit_bytes (limit))
        {
          too_large (error, display, limit);
          return NULL;
        }
      return read_regular (fd, display, st.st_size, error);
    }
  return read_stream (fd, display, limit, error);
}

GBytes *
sl_file_read_fd (int              fd,
                 const char      *display,
                 SlFileLimit      limit,
                 SlFileReadFlags  flags,
                 GError         **error)
{
  g_return_val_if_fail (fd >= 0 && display != NULL, NULL);
  return read_fd (fd, display, limit, flags, error);
}

GBytes *
sl_file_read (const char      *path,
              SlFileLimit      limit,
              SlFileReadFlags  flags,
              GError         **error)
{
  g_autofree char *display = NULL;
  GBytes *bytes;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  fd = sl_file_open_read (path, flags, error);
  if (fd < 0)
    return NULL;
  display = quoted (path);
  bytes = read_fd (fd, display, limit, flags, error);
  close (fd);
  return bytes;
}

gboolean
sl_file_read_line (FILE        *stream,
                   const char  *display,
                   guint        number,
                   GString     *line,
                   GError     **error)
{
  int c;

  g_return_val_if_fail (stream != NULL && line != NULL, FALSE);

  g_string_truncate (line, 0);
  /* Byte by byte: a line may hold a NUL, and is never read past the cap. */
  flockfile (stream);
  while ((c = getc_unlocked (stream)) != EOF && c != '\n')
    {
      if (line->len >= SL_FILE_MAX_LINE)
        {
          g_autofree char *size = g_format_size_full (SL_FILE_MAX_LINE, G_FORMAT_SIZE_IEC_UNITS);

          funlockfile (stream);
          g_set_error (error, SL_FILE_ERROR, SL_FILE_ERROR_LINE_TOO_LONG,
                       _("%s: line %u is longer than %s, the most one line may be; it was not read."),
                       display, number, size);
          return FALSE;
        }
      g_string_append_c (line, c);
    }
  funlockfile (stream);
  if (c == EOF && ferror (stream))
    {
      errno_error (error, errno, CANNOT_READ, display);
      return FALSE;
    }
  return c != EOF || line->len > 0;
}

/* Kinds of files */

static gboolean
is_pdf (const char *head,
        gsize       n)
{
  return n >= 5 && memcmp (head, "%PDF-", 5) == 0;
}

static gboolean
is_html (const char *head,
         gsize       n)
{
  gsize i = 0;

  /* A byte order mark and white space may come first. */
  if (n >= 3 && memcmp (head, "\xEF\xBB\xBF", 3) == 0)
    i = 3;
  while (i < n && g_ascii_isspace (head[i]))
    i++;
  return (n - i >= 14 && g_ascii_strncasecmp (head + i, "<!DOCTYPE html", 14) == 0) ||
         (n - i >= 5 && g_ascii_strncasecmp (head + i, "<html", 5) == 0);
}

const SlFileKind *
sl_file_kind_pdf (void)
{
  static const SlFileKind kind = { N_("a PDF document"), is_pdf };

  return &kind;
}

const SlFileKind *
sl_file_kind_html (void)
{
  static const SlFileKind kind = { N_("an HTML page"), is_html };

  return &kind;
}

/* Replacing */

struct _SlFileReplace
{
  int                 dirfd;
  char               *name;     /* the target, in dirfd */
  char               *temp;     /* its temporary file, in dirfd */
  char               *display;  /* the target, quoted, for messages */
  char               *path;     /* the target's path (links resolved) */
  int                 fd;
  gboolean            exists;
  mode_t              mode;     /* the target's, when it exists */
  SlFileReplaceFlags  flags;
};

static void
replace_free (SlFileReplace *self)
{
  if (self->fd >= 0)
    close (self->fd);
  if (self->dirfd >= 0)
    close (self->dirfd);
  g_free (self->name);
  g_free (self->temp);
  g_free (self->display);
  g_free (self->path);
  g_free (self);
}

/* Whether @fd is still the file named @name in @dirfd. */
static gboolean
still_named (int         dirfd,
             const char *name,
             int         fd)
{
  struct stat a, b;

  return fstat (fd, &a) == 0 && fstatat (dirfd, name, &b, AT_SYMLINK_NOFOLLOW) == 0 &&
         a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* Removes the temporary file, if it is still ours. */
static void
remove_temp (SlFileReplace *self)
{
  if (self->fd >= 0 && still_named (self->dirfd, self->temp, self->fd))
    unlinkat (self->dirfd, self->temp, 0);
}

void
sl_file_replace_abort (SlFileReplace *self)
{
  if (self == NULL)
    return;
  remove_temp (self);
  replace_free (self);
}

/* The first bytes of the existing target, checked against @kind. */
static gboolean
check_kind (SlFileReplace     *self,
            const SlFileKind  *kind,
            GError           **error)
{
  char head[512];
  gssize n;
  int fd = openat (self->dirfd, self->name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
  struct stat st;

  if (fd < 0)
    return errno_error (error, errno, CANNOT_READ, self->display);
  if (fstat (fd, &st) != 0)
    st.st_mode = 0;
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error (error, SL_FILE_ERROR, SL_FILE_ERROR_NOT_REGULAR,
                   _("%s is %s, not a regular file: Squad Log writes only regular files."),
                   self->display, type_phrase (st.st_mode));
      return FALSE;
    }
  do
    n = read (fd, head, sizeof head);
  while (n < 0 && errno == EINTR);
  if (n < 0)
    {
      int saved = errno;

      close (fd);
      return errno_error (error, saved, CANNOT_READ, self->display);
    }
  close (fd);
  /* An empty file is nothing yet. */
  if (n > 0 && !kind->check (head, n))
    {
      /* Translators: "“game.squadlog” exists and is not a PDF document: it was not replaced." */
      g_set_error (error, SL_FILE_ERROR, SL_FILE_ERROR_NOT_SAME_KIND,
                   _("%s exists and is not %s: it was not replaced."), self->display, _(kind->name));
      return FALSE;
    }
  return TRUE;
}

/* Opens the temporary file, locked; one left by a crash (or by a save that
 * failed) is removed first. */
static gboolean
open_temp (SlFileReplace  *self,
           int             new_mode,
           GError        **error)
{
  uid_t uid = geteuid ();

  for (int attempt = 0; attempt < 4; attempt++)
    {
      /* The new file's mode from the start (so that the umask applies);
       * an existing file's is set before it is replaced. */
      int create_mode = self->exists ? 0600 : new_mode;
      gboolean created = TRUE;
      struct stat st;
      int fd;

      fd = openat (self->dirfd, self->temp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC,
                   create_mode);
      if (fd < 0 && errno == EEXIST)
        {
          /* There already: only looked at (and locked), never written. */
          created = FALSE;
          fd = openat (self->dirfd, self->temp, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
          if (fd < 0 && errno == ENOENT)
            continue;
        }
      if (fd < 0)
        {
          if (errno == ELOOP)
            goto in_the_way;
          return errno_error (error, errno, CANNOT_WRITE, self->display);
        }
      /* One there already is removed only if it is a file of the user's
       * and no other file's name (a hard link): another user's, a pipe,
       * or a name of some other file is not ours to touch. */
      if (!created && (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_uid != uid ||
                       st.st_nlink != 1))
        {
          close (fd);
          goto in_the_way;
        }
      if (flock (fd, LOCK_EX | LOCK_NB) != 0)
        {
          int saved = errno;

          /* A file system that cannot lock (the Flatpak document portal):
           * on without the lock. */
          if (saved == EWOULDBLOCK || saved == EINTR)
            {
              close (fd);
              g_set_error (error, SL_FILE_ERROR, SL_FILE_ERROR_BUSY,
                           _("%s is being saved by another program at this moment."), self->display);
              return FALSE;
            }
        }
      /* Removed or replaced by another save between opening and locking:
       * again. */
      if (!still_named (self->dirfd, self->temp, fd))
        {
          close (fd);
          continue;
        }
      if (!created)
        {
          /* Left by a crash, and nobody is writing it: removed, and made
           * again with the right mode. */
          unlinkat (self->dirfd, self->temp, 0);
          close (fd);
          continue;
        }
      self->fd = fd;
      return TRUE;
    }
  g_set_error (error, SL_FILE_ERROR, SL_FILE_ERROR_BUSY,
               _("%s is being saved by another program at this moment."), self->display);
  return FALSE;

in_the_way:
  {
    g_autofree char *dir = g_path_get_dirname (self->path);
    g_autofree char *full = g_build_filename (dir, self->temp, NULL);
    g_autofree char *temp = quoted (full);

    g_set_error (error, SL_FILE_ERROR, SL_FILE_ERROR_IN_THE_WAY,
                 _("%s cannot be saved: %s is in the way, and Squad Log did not make it. Remove it first."),
                 self->display, temp);
    return FALSE;
  }
}

static SlFileReplace *
exists_error (SlFileReplace  *self,
              GError        **error)
{
  g_set_error (error, SL_FILE_ERROR, SL_FILE_ERROR_EXISTS,
               _("%s already exists: it was not replaced."), self->display);
  return NULL;
}

/* Puts the temporary file in place of none: atomically where the file
 * system can (renameat2), else by a second link, which fails as well when
 * a file took the name meanwhile. */
static gboolean
rename_no_clobber (SlFileReplace *self)
{
#ifdef RENAME_NOREPLACE
  if (renameat2 (self->dirfd, self->temp, self->dirfd, self->name, RENAME_NOREPLACE) == 0)
    return TRUE;
  if (errno != EINVAL && errno != ENOSYS)
    return FALSE;
#endif
  if (linkat (self->dirfd, self->temp, self->dirfd, self->name, 0) != 0)
    return FALSE;
  unlinkat (self->dirfd, self->temp, 0);
  return TRUE;
}

static SlFileReplace *
replace_begin (int                  dirfd,
               const char          *name,
               const char          *path,
               SlFileReplaceFlags   flags,
               int                  new_mode,
               const SlFileKind    *kind,
               GError             **error)
{
  g_autoptr(SlFileReplace) self = g_new0 (SlFileReplace, 1);
  g_autofree char *base = NULL;
  struct stat st;

  self->dirfd = dirfd;
  self->fd = -1;
  self->flags = flags;
  self->name = g_strdup (name);
  self->path = g_strdup (path);
  self->display = quoted (path);

  if ((flags & SL_FILE_REPLACE_NO_CLOBBER) && fstatat (dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0)
    return exists_error (self, error);
  if (fstatat (dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0)
    {
      /* Never over a folder, a pipe or a device (or, here, a link). */
      if (!S_ISREG (st.st_mode))
        {
          g_set_error (error, SL_FILE_ERROR, SL_FILE_ERROR_NOT_REGULAR,
                       _("%s is %s, not a regular file: Squad Log writes only regular files."),
                       self->display, type_phrase (st.st_mode));
          return NULL;
        }
      self->exists = TRUE;
      self->mode = (flags & SL_FILE_REPLACE_OWN_MODE) ? (mode_t) new_mode : st.st_mode & 0777;
      if (kind != NULL && st.st_size > 0 && !check_kind (self, kind, error))
        return NULL;
    }
  else if (errno != ENOENT)
    {
      errno_error (error, errno, CANNOT_WRITE, self->display);
      return NULL;
    }

  base = strlen (name) > MAX_TEMP_BASE ? g_strndup (name, MAX_TEMP_BASE) : g_strdup (name);
  self->temp = g_strdup_printf (".%s.sl-tmp", base);
  if (!open_temp (self, new_mode, error))
    return NULL;
  return g_steal_pointer (&self);
}

SlFileReplace *
sl_file_replace_begin_at (int                  dirfd,
                          const char          *name,
                          SlFileReplaceFlags   flags,
                          int                  new_mode,
                          const SlFileKind    *kind,
                          GError             **error)
{
  g_autofree char *dir_path = NULL;
  g_autofree char *path = NULL;
  int own;

  g_return_val_if_fail (dirfd >= 0 && name != NULL && strchr (name, '/') == NULL, NULL);

  own = fcntl (dirfd, F_DUPFD_CLOEXEC, 3);
  if (own < 0)
    {
      errno_error (error, errno, CANNOT_WRITE, name);
      return NULL;
    }
  /* For messages only. */
  {
    g_autofree char *link = g_strdup_printf ("/proc/self/fd/%d", dirfd);

    dir_path = g_file_read_link (link, NULL);
  }
  path = g_build_filename (dir_path ? dir_path : ".", name, NULL);
  return replace_begin (own, name, path, flags, new_mode, kind, error);
}

SlFileReplace *
sl_file_replace_begin (const char          *path,
                       SlFileReplaceFlags   flags,
                       int                  new_mode,
                       const SlFileKind    *kind,
                       GError             **error)
{
  g_autofree char *current = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  current = g_strdup (path);
  /* Through symbolic links to the file they name: the link stays a link. */
  for (int hops = 0;; hops++)
    {
      g_autofree char *dir = g_path_get_dirname (current);
      g_autofree char *name = g_path_get_basename (current);
      struct stat st;
      int dirfd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

      if (dirfd < 0)
        {
          int saved = errno;
          g_autofree char *display = quoted (current);

          errno_error (error, saved, CANNOT_WRITE, display);
          return NULL;
        }
      if (fstatat (dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK (st.st_mode))
        {
          char target[4096];
          gssize n = readlinkat (dirfd, name, target, sizeof target - 1);
          int saved = n < 0 ? errno : ELOOP;

          close (dirfd);
          if (n < 0 || hops >= MAX_LINKS)
            {
              g_autofree char *display = quoted (path);

              errno_error (error, saved, CANNOT_WRITE, display);
              return NULL;
            }
          target[n] = '\0';
          g_free (current);
          current = g_path_is_absolute (target) ? g_strdup (target) : g_build_filename (dir, target, NULL);
          continue;
        }
      return replace_begin (dirfd, name, current, flags, new_mode, kind, error);
    }
}

gboolean
sl_file_replace_write (SlFileReplace  *self,
                       const void     *data,
                       gsize           len,
                       GError        **error)
{
  const char *p = data;

  g_return_val_if_fail (self != NULL && self->fd >= 0, FALSE);

  while (len > 0)
    {
      gssize n = write (self->fd, p, MIN (len, (gsize) G_MAXSSIZE));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return errno_error (error, n < 0 ? errno : ENOSPC, CANNOT_WRITE, self->display);
      p += n;
      len -= n;
    }
  return TRUE;
}

gboolean
sl_file_replace_commit (SlFileReplace  *self,
                        int            *fd_out,
                        GError        **error)
{
  int saved, keep;

  g_return_val_if_fail (self != NULL && self->fd >= 0, FALSE);

  if (fd_out != NULL)
    *fd_out = -1;
  if ((self->flags & SL_FILE_REPLACE_DURABLE) && fsync (self->fd) != 0 && errno != EINVAL)
    goto failed;
  if (self->exists && fchmod (self->fd, self->mode) != 0)
    goto failed;
  /* The lock lives as long as any descriptor of the file: a copy keeps it
   * while the first is closed — and a late write error, which some file
   * systems report only then, is heard before the file takes the old one's
   * place. */
  keep = fcntl (self->fd, F_DUPFD_CLOEXEC, 3);
  if (keep < 0)
    goto failed;
  if (close (self->fd) != 0)
    {
      saved = errno;
      self->fd = keep;
      errno = saved;
      goto failed;
    }
  self->fd = keep;
  if (self->flags & SL_FILE_REPLACE_NO_CLOBBER)
    {
      if (!rename_no_clobber (self))
        {
          if (errno == EEXIST)
            {
              exists_error (self, error);
              sl_file_replace_abort (self);
              return FALSE;
            }
          goto failed;
        }
    }
  else if (renameat (self->dirfd, self->temp, self->dirfd, self->name) != 0)
    goto failed;
  /* The rename is on the disk too. A folder that cannot be synced (some
   * network file systems) does not undo the save. */
  if ((self->flags & SL_FILE_REPLACE_DURABLE) && fsync (self->dirfd) != 0)
    g_debug ("The folder of %s could not be synced: %s", self->display, g_strerror (errno));
  if (fd_out != NULL)
    {
      *fd_out = self->fd;
      self->fd = -1;
    }
  replace_free (self);
  return TRUE;

failed:
  saved = errno;
  errno_error (error, saved, CANNOT_WRITE, self->display);
  sl_file_replace_abort (self);
  return FALSE;
}

gboolean
sl_file_replace (const char          *path,
                 const void          *data,
                 gsize                len,
                 SlFileReplaceFlags   flags,
                 int                  new_mode,
                 const SlFileKind    *kind,
                 GError             **error)
{
  SlFileReplace *self = sl_file_replace_begin (path, flags, new_mode, kind, error);

  if (self == NULL)
    return FALSE;
  if (!sl_file_replace_write (self, data, len, error))
    {
      sl_file_replace_abort (self);
      return FALSE;
    }
  return sl_file_replace_commit (self, NULL, error);
}

gboolean
sl_file_replace_at (int                  dirfd,
                    const char          *name,
                    const void          *data,
                    gsize                len,
                    SlFileReplaceFlags   flags,
                    int                  new_mode,
                    GError             **error)
{
  SlFileReplace *self = sl_file_replace_begin_at (dirfd, name, flags, new_mode, NULL, error);

  if (self == NULL)
    return FALSE;
  if (!sl_file_replace_write (self, data, len, error))
    {
      sl_file_replace_abort (self);
      return FALSE;
    }
  return sl_file_replace_commit (self, NULL, error);
}

gboolean
sl_file_write_library (const char  *path,
                       const char  *text,
                       gboolean     replace,
                       GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_return_val_if_fail (path != NULL && text != NULL, FALSE);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_autofree char *display = quoted (dir);

      return errno_error (error, saved, CANNOT_WRITE, display);
    }
  return sl_file_replace (path, text, strlen (text),
                          SL_FILE_REPLACE_DURABLE | (replace ? 0 : SL_FILE_REPLACE_NO_CLOBBER),
                          0644, NULL, error);
}

/* Flushing in the background --------------------------------------------- */

struct _SlFileFlusher
{
  GThreadPool *pool;      /* one thread: the files are synced in order */
  GMutex       lock;
  GCond        done;
  guint        pending;   /* handed over, not yet synced */
  int          failure;   /* the errno of the first sync that failed, or 0 */
};

static void
flush_one (gpointer data,
           gpointer user_data)
{
  SlFileFlusher *self = user_data;
  int fd = GPOINTER_TO_INT (data) - 1;
  int failure = 0;

  if (fdatasync (fd) != 0 && errno != EINVAL)
    failure = errno;
  if (close (fd) != 0 && errno != EINTR && failure == 0)
    failure = errno;
  g_mutex_lock (&self->lock);
  if (failure != 0 && self->failure == 0)
    self->failure = failure;
  self->pending--;
  g_cond_broadcast (&self->done);
  g_mutex_unlock (&self->lock);
}

SlFileFlusher *
sl_file_flusher_new (void)
{
  SlFileFlusher *self = g_new0 (SlFileFlusher, 1);

  g_mutex_init (&self->lock);
  g_cond_init (&self->done);
  /* Not exclusive: the thread is GLib's, made when first needed. */
  self->pool = g_thread_pool_new (flush_one, self, 1, FALSE, NULL);
  return self;
}

void
sl_file_flusher_push (SlFileFlusher *self,
                      int            fd)
{
  g_return_if_fail (self != NULL && fd >= 0);

  g_mutex_lock (&self->lock);
  self->pending++;
  g_mutex_unlock (&self->lock);
  /* Cannot fail for a pool that is not exclusive. */
  g_thread_pool_push (self->pool, GINT_TO_POINTER (fd + 1), NULL);
}

static gboolean
take_failure (SlFileFlusher *self,
              int           *errno_out)
{
  int failure = self->failure;

  self->failure = 0;
  if (errno_out != NULL)
    *errno_out = failure;
  return failure != 0;
}

gboolean
sl_file_flusher_failed (SlFileFlusher *self,
                        int           *errno_out)
{
  gboolean failed;

  g_return_val_if_fail (self != NULL, FALSE);
  g_mutex_lock (&self->lock);
  failed = take_failure (self, errno_out);
  g_mutex_unlock (&self->lock);
  return failed;
}

gboolean
sl_file_flusher_wait (SlFileFlusher *self,
                      int           *errno_out)
{
  gboolean failed;

  g_return_val_if_fail (self != NULL, FALSE);
  g_mutex_lock (&self->lock);
  while (self->pending > 0)
    g_cond_wait (&self->done, &self->lock);
  failed = take_failure (self, errno_out);
  g_mutex_unlock (&self->lock);
  return !failed;
}

void
sl_file_flusher_free (SlFileFlusher *self)
{
  if (self == NULL)
    return;
  /* Every file handed over is synced first. */
  g_thread_pool_free (self->pool, FALSE, TRUE);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->done);
  g_free (self);
}
