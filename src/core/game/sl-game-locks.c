/* sl-game-locks.c: what a game keeps locked — its file, taken for writing
 * by one Squad Log at a time (flock), and the private views' PINs (kept
 * and checked by SlLocks, sl-locks.c; saved with the game)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sl-game-private.h"
#include "sl-locks.h"

/* The game file */

/* flock() on @path: 1 taken, 0 held elsewhere, −1 no locks here (or the
 * file is gone); *@fd_out the descriptor kept. */
static int
lock_path (const char *path,
           int        *fd_out)
{
  int fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);
  struct stat st;

  *fd_out = -1;
  if (fd < 0)
    return -1;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      return -1;
    }
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int e = errno;

      close (fd);
      return e == EWOULDBLOCK ? 0 : -1;
    }
  *fd_out = fd;
  return 1;
}

gboolean
sl_game_take_file (SlGame  *self,
                   GError **error)
{
  int fd, taken;

  g_return_val_if_fail (SL_IS_GAME (self), FALSE);
  if (self->path == NULL)
    return TRUE;
  if (self->lock_fd >= 0)
    {
      close (self->lock_fd);
      self->lock_fd = -1;
    }
  taken = lock_path (self->path, &fd);
  if (taken == 0)
    {
      g_autofree char *display = g_filename_display_name (self->path);

      g_set_error (error, SL_GAME_ERROR, SL_GAME_ERROR_LOCKED,
                   _("%s is open in another Squad Log (a window, or squadlog play): only one may write it at a time."),
                   display);
      return FALSE;
    }
  self->lock_fd = fd;
  return TRUE;
}

void
sl_game_release_file (SlGame *self)
{
  g_return_if_fail (SL_IS_GAME (self));
  if (self->lock_fd >= 0)
    close (self->lock_fd);
  self->lock_fd = -1;
}

/* Private views' PINs (sl-locks.h) */

gboolean
sl_game_has_lock (SlGame     *self,
                  const char *who)
{
  g_return_val_if_fail (SL_IS_GAME (self), FALSE);
  return sl_locks_has (self->locks, who);
}

/* Saved at once, as a command is: the whole file is written again. */
static void
locks_changed (SlGame *self)
{
  self->header_dirty = TRUE;
  self->file_known = FALSE;
  sl_game_emit_changed (self);
}

SlPinCheck
sl_game_try_lock (SlGame     *self,
                  const char *who,
                  const char *pin,
                  gint64     *retry_at)
{
  gint64 retry = 0;
  gboolean rehashed = FALSE;
  SlPinCheck check;

  g_return_val_if_fail (SL_IS_GAME (self), SL_PIN_WRONG);
  check = sl_locks_try (self->locks, who, pin, g_get_monotonic_time (), &retry, &rehashed);
  if (retry_at != NULL)
    *retry_at = retry;
  /* A PIN of game format 4 (one salted SHA-256), typed right: saved again
   * with the slow hash, at once (docs/game-format.md). */
  if (rehashed && !self->read_only)
    locks_changed (self);
  return check;
}

gboolean
sl_game_check_lock (SlGame     *self,
                    const char *who,
                    const char *pin)
{
  return sl_game_try_lock (self, who, pin, NULL) == SL_PIN_OPENS;
}

gint64
sl_game_lock_retry_at (SlGame *self)
{
  g_return_val_if_fail (SL_IS_GAME (self), 0);
  return sl_locks_retry_at (self->locks);
}

GStrv
sl_game_locks_to_open (SlGame     *self,
                       const char *who)
{
  g_return_val_if_fail (SL_IS_GAME (self), NULL);
  return sl_locks_to_open (self->locks, self->setup, who);
}

void
sl_game_set_lock (SlGame     *self,
                  const char *who,
                  const char *pin)
{
  g_return_if_fail (SL_IS_GAME (self));
  if (self->read_only)
    return;
  sl_locks_set (self->locks, self->setup, who, pin, g_get_real_time () / G_USEC_PER_SEC);
  locks_changed (self);
}

gboolean
sl_game_referee_opens (SlGame     *self,
                       const char *side)
{
  g_return_val_if_fail (SL_IS_GAME (self), FALSE);
  return sl_locks_referee_opens (self->locks, side);
}

void
sl_game_set_referee_opens (SlGame     *self,
                           const char *side,
                           gboolean    opens)
{
  g_return_if_fail (SL_IS_GAME (self));
  if (self->read_only || !sl_locks_has (self->locks, side) || !sl_locks_has (self->locks, SL_LOCK_REFEREE) ||
      sl_locks_referee_opens (self->locks, side) == opens)
    return;
  sl_locks_set_referee_opens (self->locks, side, opens);
  locks_changed (self);
}
