/* sl-random.c: the system's secure random source (see sl-random.h)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/random.h>
#endif

#include "sl-random.h"

static gboolean
fail (GError **error,
      int      saved)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
               _("The system’s secure random source cannot be read: %s"), g_strerror (saved));
  return FALSE;
}

#ifdef __linux__
/* The kernel's device, for a kernel without getrandom() (before 3.17). It
 * must be the character device, not a file someone put there. */
static gboolean
read_urandom (guint8  *buf,
              gsize    len,
              GError **error)
{
  struct stat st;
  gsize got = 0;
  int fd = open ("/dev/urandom", O_RDONLY | O_CLOEXEC | O_NOCTTY);

  if (fd < 0)
    return fail (error, errno);
  if (fstat (fd, &st) != 0 || !S_ISCHR (st.st_mode))
    {
      close (fd);
      return fail (error, ENODEV);
    }
  while (got < len)
    {
      ssize_t n = read (fd, buf + got, len - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = n < 0 ? errno : EIO;

          close (fd);
          return fail (error, saved);
        }
      got += n;
    }
  close (fd);
  return TRUE;
}
#endif

gboolean
sl_random_bytes (void    *buf,
                 gsize    len,
                 GError **error)
{
  guint8 *p = buf;
  gsize got = 0;

  g_return_val_if_fail (buf != NULL || len == 0, FALSE);

#ifdef __linux__
  while (got < len)
    {
      /* Blocks only until the kernel's pool is first seeded, at boot. */
      ssize_t n = getrandom (p + got, len - got, 0);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0 && errno == ENOSYS)
        return read_urandom (p + got, len - got, error);
      if (n <= 0)
        return fail (error, n < 0 ? errno : EIO);
      got += n;
    }
#else
  while (got < len)
    {
      /* getentropy() gives at most 256 bytes a call. */
      gsize chunk = MIN (len - got, 256);

      if (getentropy (p + got, chunk) != 0)
        return fail (error, errno);
      got += chunk;
    }
#endif
  return TRUE;
}
