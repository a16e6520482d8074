/* fail-writes.c: an LD_PRELOAD module for the crash tests — files opened
 * for writing in one directory fail as on a full disk or a read-only file
 * system, so that saving a game meets the failure for real, through the
 * C library, with no hook in Squad Log itself.
 *
 *   SL_FAIL_DIR=/path/to/dir SL_FAIL_MODE=enospc|full|erofs LD_PRELOAD=…
 *
 * enospc: opening works and every write() to a file in the directory fails
 * with ENOSPC, as when the disk fills up while saving; full: a disk with no
 * room left — a write that would make a file there longer writes what fits
 * within its length and then fails with ENOSPC, while writing over what a
 * file holds and cutting it shorter work, as on a real full disk; erofs:
 * opening a file there for writing fails with EROFS (by its path, or by
 * its name in the directory opened: openat()).
 *
 * With SL_FAIL_WHILE=/path/to/flag as well, writes fail only while that
 * path exists: a test fills the disk under a running program, and frees
 * it, by making and removing the flag (outside SL_FAIL_DIR).
 *
 * The crash tests preload it into `squadlog play`; test-game links it in
 * (its definitions are the program's own, as with a preload).
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* open() and open64() are both wrapped: each must keep its own name. */
#undef _FILE_OFFSET_BITS
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static const char *
mode (void)
{
  const char *m = getenv ("SL_FAIL_MODE");
  const char *flag = getenv ("SL_FAIL_WHILE");

  if (m == NULL || (flag != NULL && access (flag, F_OK) != 0))
    return "";
  return m;
}

/* Whether @path (absolute, or relative to the working directory) lies in
 * SL_FAIL_DIR. */
static int
in_dir (const char *path)
{
  const char *dir = getenv ("SL_FAIL_DIR");
  size_t n;

  if (dir == NULL || path == NULL)
    return 0;
  n = strlen (dir);
  return strncmp (path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

static int
fd_in_dir (int fd)
{
  char link[64], path[PATH_MAX];
  ssize_t n;

  snprintf (link, sizeof link, "/proc/self/fd/%d", fd);
  n = readlink (link, path, sizeof path - 1);
  if (n <= 0)
    return 0;
  path[n] = '\0';
  return in_dir (path);
}

static int
refuse_open (const char *path,
             int         flags)
{
  return strcmp (mode (), "erofs") == 0 && (flags & (O_WRONLY | O_RDWR | O_CREAT)) != 0 && in_dir (path);
}

int open (const char *path, int flags, ...);
int open64 (const char *path, int flags, ...);
int openat (int dirfd, const char *path, int flags, ...);
int openat64 (int dirfd, const char *path, int flags, ...);
ssize_t write (int fd, const void *buf, size_t count);

typedef int (*OpenFunc) (const char *, int, mode_t);
typedef int (*OpenAtFunc) (int, const char *, int, mode_t);

/* The mode argument, when the flags say there is one. */
#define READ_MODE(flags, m) \
  G_STMT_START_ \
    if ((flags) & (O_CREAT | O_TMPFILE)) \
      { \
        va_list ap; \
        va_start (ap, flags); \
        m = va_arg (ap, mode_t); \
        va_end (ap); \
      } \
  G_STMT_END_

#define G_STMT_START_ do {
#define G_STMT_END_ } while (0)

static int
call_open (const char *name,
           const char *path,
           int         flags,
           mode_t      m)
{
  OpenFunc real = (OpenFunc) dlsym (RTLD_NEXT, name);

  if (refuse_open (path, flags))
    {
      errno = EROFS;
      return -1;
    }
  return real (path, flags, m);
}

static int
call_openat (const char *name,
             int         dirfd,
             const char *path,
             int         flags,
             mode_t      m)
{
  OpenAtFunc real = (OpenAtFunc) dlsym (RTLD_NEXT, name);
  char full[PATH_MAX];

  /* A name in a directory opened before: where that directory is. */
  if (path[0] != '/' && dirfd != AT_FDCWD)
    {
      char link[64], dir[PATH_MAX];
      ssize_t n;

      snprintf (link, sizeof link, "/proc/self/fd/%d", dirfd);
      n = readlink (link, dir, sizeof dir - 1);
      if (n > 0)
        {
          dir[n] = '\0';
          if (snprintf (full, sizeof full, "%s/%s", dir, path) < (int) sizeof full)
            path = full;
        }
    }
  if (refuse_open (path, flags))
    {
      errno = EROFS;
      return -1;
    }
  return real (dirfd, path, flags, m);
}

int
open (const char *path, int flags, ...)
{
  mode_t m = 0;

  READ_MODE (flags, m);
  return call_open ("open", path, flags, m);
}

int
open64 (const char *path, int flags, ...)
{
  mode_t m = 0;

  READ_MODE (flags, m);
  return call_open ("open64", path, flags, m);
}

int
openat (int dirfd, const char *path, int flags, ...)
{
  mode_t m = 0;

  READ_MODE (flags, m);
  return call_openat ("openat", dirfd, path, flags, m);
}

int
openat64 (int dirfd, const char *path, int flags, ...)
{
  mode_t m = 0;

  READ_MODE (flags, m);
  return call_openat ("openat64", dirfd, path, flags, m);
}

/* How much of @count bytes at @offset of @fd may be written: all of it,
 * what fits within the file's length on a full disk, or −1 (ENOSPC). A
 * negative @offset: where the file stands (write()). */
static ssize_t
room (int    fd,
      off_t  offset,
      size_t count)
{
  struct stat st;

  if (fd <= 2 || (strcmp (mode (), "enospc") != 0 && strcmp (mode (), "full") != 0) || !fd_in_dir (fd))
    return count;
  if (strcmp (mode (), "full") == 0 && fstat (fd, &st) == 0)
    {
      if (offset < 0)
        offset = (fcntl (fd, F_GETFL) & O_APPEND) ? st.st_size : lseek (fd, 0, SEEK_CUR);
      if (offset >= 0 && offset < st.st_size)
        return (size_t) (st.st_size - offset) < count ? (ssize_t) (st.st_size - offset) : (ssize_t) count;
      if (count == 0)
        return 0;
    }
  errno = ENOSPC;
  return -1;
}

ssize_t
write (int         fd,
       const void *buf,
       size_t      count)
{
  static ssize_t (*real) (int, const void *, size_t);
  ssize_t n = room (fd, -1, count);

  if (n < 0)
    return -1;
  if (real == NULL)
    real = (ssize_t (*) (int, const void *, size_t)) dlsym (RTLD_NEXT, "write");
  return real (fd, buf, n);
}

/* Saving in place writes with pwrite(). */
ssize_t pwrite (int fd, const void *buf, size_t count, off_t offset);
ssize_t pwrite64 (int fd, const void *buf, size_t count, off64_t offset);

ssize_t
pwrite (int         fd,
        const void *buf,
        size_t      count,
        off_t       offset)
{
  static ssize_t (*real) (int, const void *, size_t, off_t);
  ssize_t n = room (fd, offset, count);

  if (n < 0)
    return -1;
  if (real == NULL)
    real = (ssize_t (*) (int, const void *, size_t, off_t)) dlsym (RTLD_NEXT, "pwrite");
  return real (fd, buf, n, offset);
}

ssize_t
pwrite64 (int         fd,
          const void *buf,
          size_t      count,
          off64_t     offset)
{
  static ssize_t (*real) (int, const void *, size_t, off64_t);
  ssize_t n = room (fd, offset, count);

  if (n < 0)
    return -1;
  if (real == NULL)
    real = (ssize_t (*) (int, const void *, size_t, off64_t)) dlsym (RTLD_NEXT, "pwrite64");
  return real (fd, buf, n, offset);
}
