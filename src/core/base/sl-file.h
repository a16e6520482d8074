/* sl-file.h: reading and writing the user's files safely
 *
 * Reading: only regular files are opened (without blocking, then checked),
 * so that a named pipe or a device given as a game never hangs the program,
 * and no more than a cap is read, so that /dev/zero never fills the memory.
 * Streams (standard input, a pipe) are allowed where a command reads one,
 * with the same caps, and one line at a time is capped too.
 *
 * Writing: a file is replaced atomically — the new text goes to a temporary
 * file beside it, is flushed, and then takes its place —, through symbolic
 * links to their target (the link stays a link), never over anything but a
 * regular file, keeping the mode the user gave the file (0600 for a new
 * game). The temporary file has a fixed name, ".NAME.sl-tmp", so that one
 * left by a crash is found and replaced the next time.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdio.h>
#include <glib.h>

G_BEGIN_DECLS

#define SL_FILE_ERROR (sl_file_error_quark ())
GQuark sl_file_error_quark (void);

/* Besides these, a system call that fails gives its G_FILE_ERROR. */
typedef enum
{
  SL_FILE_ERROR_NOT_REGULAR,    /* a folder, a named pipe, a device … */
  SL_FILE_ERROR_TOO_LARGE,      /* larger than its cap */
  SL_FILE_ERROR_LINE_TOO_LONG,  /* a line of a stream longer than SL_FILE_MAX_LINE */
  SL_FILE_ERROR_NOT_SAME_KIND,  /* replacing a file of another kind */
  SL_FILE_ERROR_BUSY,           /* another program is saving the same file */
  SL_FILE_ERROR_IN_THE_WAY,     /* a temporary file Squad Log did not make */
  SL_FILE_ERROR_EXISTS,         /* SL_FILE_REPLACE_NO_CLOBBER: the file is there */
} SlFileError;

/* What is read, and the most it may be. */
typedef enum
{
  SL_FILE_LIMIT_GAME,      /* 256 MiB: a 200 000-entry game is some 46 MB */
  SL_FILE_LIMIT_RULES,     /* 16 MiB: streets-of-blood.json is 54 kB */
  SL_FILE_LIMIT_SCENARIO,  /* 4 MiB: scenarios, squads, forces */
  SL_FILE_LIMIT_REQUEST,   /* 16 MiB: one `squadlog resolve` request */
  SL_FILE_LIMIT_CACHE,     /* 256 MiB: an opening cache file */
} SlFileLimit;

/* One line of a stream of commands or requests. */
#define SL_FILE_MAX_LINE (1u << 20)

gsize      sl_file_limit_bytes     (SlFileLimit      limit);

typedef enum
{
  SL_FILE_READ_DEFAULT = 0,
  /* Named pipes and character devices are read too (to their end, within
   * the cap): for a stream of requests or commands. */
  SL_FILE_READ_STREAM  = 1 << 0,
} SlFileReadFlags;

/* The whole of @path, followed by a NUL that its size does not count.
 * Anything but a regular file (or, with SL_FILE_READ_STREAM, a pipe or a
 * character device) is refused before it is opened, and again after
 * (opened without blocking); a file larger than @limit is refused. */
GBytes    *sl_file_read            (const char      *path,
                                    SlFileLimit      limit,
                                    SlFileReadFlags  flags,
                                    GError         **error);
/* The same from @fd (read from where it stands), named @display in
 * messages (such as "standard input"). */
GBytes    *sl_file_read_fd         (int              fd,
                                    const char      *display,
                                    SlFileLimit      limit,
                                    SlFileReadFlags  flags,
                                    GError         **error);
/* Opens @path for reading with the checks of sl_file_read(), for reading
 * it as a stream (fdopen()). -1 with @error set when it cannot. */
int        sl_file_open_read       (const char      *path,
                                    SlFileReadFlags  flags,
                                    GError         **error);
/* Reads the next line of @stream into @line, without its line break; line
 * @number (for messages) of @display. FALSE at the end (@error unset) or
 * when the line is longer than SL_FILE_MAX_LINE or cannot be read. */
gboolean   sl_file_read_line       (FILE            *stream,
                                    const char      *display,
                                    guint            number,
                                    GString         *line,
                                    GError         **error);

/* What a file is expected to be when it is replaced: @check sees its first
 * bytes (@head, @n of them). @name, "a PDF document", is marked with N_()
 * and translated in messages. */
typedef struct
{
  const char *name;
  gboolean  (*check) (const char *head,
                      gsize       n);
} SlFileKind;

/* PDF documents, HTML pages. */
const SlFileKind *sl_file_kind_pdf  (void);
const SlFileKind *sl_file_kind_html (void);

typedef enum
{
  SL_FILE_REPLACE_DEFAULT = 0,
  /* The new file is on the disk when it takes the old one's place: the
   * file, then its folder, are synced (for games, PDFs, reports; not for
   * caches). */
  SL_FILE_REPLACE_DURABLE = 1 << 0,
  /* The file gets @new_mode even over an existing one (the opening
   * cache's files are the program's own, never the user's to set). */
  SL_FILE_REPLACE_OWN_MODE = 1 << 1,
  /* Only a new file: refused (SL_FILE_ERROR_EXISTS) when one is there
   * when writing starts or when the new one would take its place (a
   * squad, a scenario or a force saved in the library never replaces
   * another one unasked; issue 19 #12). */
  SL_FILE_REPLACE_NO_CLOBBER = 1 << 2,
} SlFileReplaceFlags;

typedef struct _SlFileReplace SlFileReplace;

/* Starts replacing @path: follows symbolic links to their target (40 at
 * most), refuses a target that is not a regular file — or, with @kind, an
 * existing non-empty file that is not of that kind —, and opens the
 * temporary file beside the target, ".NAME.sl-tmp", removing one left by a
 * crash, locked (flock) against another Squad Log saving the same file. A
 * new file gets @new_mode (less the umask); an existing one keeps its
 * mode. */
SlFileReplace *sl_file_replace_begin    (const char          *path,
                                         SlFileReplaceFlags   flags,
                                         int                  new_mode,
                                         const SlFileKind    *kind,
                                         GError             **error);
/* The same for the file @name in the folder @dirfd, which must not be a
 * symbolic link itself (for the opening cache). */
SlFileReplace *sl_file_replace_begin_at (int                  dirfd,
                                         const char          *name,
                                         SlFileReplaceFlags   flags,
                                         int                  new_mode,
                                         const SlFileKind    *kind,
                                         GError             **error);
/* Appends @len bytes to the temporary file; every byte is written or the
 * error says why (naming the target). */
gboolean       sl_file_replace_write    (SlFileReplace       *self,
                                         const void          *data,
                                         gsize                len,
                                         GError             **error);
/* Puts the temporary file in the target's place: synced (when durable),
 * its mode set, closed (checked), renamed, the folder synced. With
 * @fd_out, a descriptor of the new file (still locked) is handed over
 * instead of closed. Frees @self whatever happens; on an error the
 * temporary file is removed and the target is unchanged. */
gboolean       sl_file_replace_commit   (SlFileReplace       *self,
                                         int                 *fd_out,
                                         GError             **error);
/* Gives up: the temporary file is removed, the target unchanged. */
void           sl_file_replace_abort    (SlFileReplace       *self);

/* A file of the user's library (a squad, a force, a custom scenario):
 * its folder made when missing (0700), @text written atomically and
 * durably, a new file 0644 less the umask; a file already at @path is
 * replaced only with @replace (SL_FILE_ERROR_EXISTS otherwise). */
gboolean       sl_file_write_library    (const char          *path,
                                         const char          *text,
                                         gboolean             replace,
                                         GError             **error);

/* All of the above for @len bytes of @data. */
gboolean       sl_file_replace          (const char          *path,
                                         const void          *data,
                                         gsize                len,
                                         SlFileReplaceFlags   flags,
                                         int                  new_mode,
                                         const SlFileKind    *kind,
                                         GError             **error);
gboolean       sl_file_replace_at       (int                  dirfd,
                                         const char          *name,
                                         const void          *data,
                                         gsize                len,
                                         SlFileReplaceFlags   flags,
                                         int                  new_mode,
                                         GError             **error);

/* Flushing in the background. A file written in place is synced to the
 * disk (fdatasync) by a worker thread, in the order the files were handed
 * over, so that a program's main loop never waits for the disk: what was
 * written is the system's as soon as write() returns (a crash of the
 * program loses nothing), and on the disk a moment later. */
typedef struct _SlFileFlusher SlFileFlusher;

SlFileFlusher *sl_file_flusher_new      (void);
/* Syncs @fd in the background, then closes it (@fd is taken). */
void           sl_file_flusher_push     (SlFileFlusher       *self,
                                         int                  fd);
/* Whether a sync failed since the last call (without waiting); the
 * failure is then forgotten, with its errno in @errno_out. */
gboolean       sl_file_flusher_failed   (SlFileFlusher       *self,
                                         int                 *errno_out);
/* Waits until every file handed over is synced. FALSE, with the errno of
 * the first failure since sl_file_flusher_failed() was last called, when a
 * sync failed; the failure is then forgotten. */
gboolean       sl_file_flusher_wait     (SlFileFlusher       *self,
                                         int                 *errno_out);
/* Waits, then frees @self. */
void           sl_file_flusher_free     (SlFileFlusher       *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlFileReplace, sl_file_replace_abort)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlFileFlusher, sl_file_flusher_free)

G_END_DECLS
