/* wait-window.c — part of the start-up benchmark (tests/bench/bench-startup.sh).
 *
 *   wait-window NAME COMMAND [ARG...]
 *
 * Runs COMMAND and prints, on one line, the milliseconds from the launch to
 * the moment a top-level window is mapped with a title containing NAME, the
 * milliseconds to the last time that window is painted before it stays
 * still for half a second (its first complete frame), and the command's peak resident memory (VmHWM, kB) a little
 * later; then stops the command.  It listens for the X server's events
 * itself (MapNotify, PropertyNotify, DamageNotify), so the times are exact
 * (xdotool's --sync polls only twice a second).
 *
 * Copyright 2026 Squad Log developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xdamage.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* The window's title (_NET_WM_NAME, else WM_NAME) contains NAME. */
static int
title_matches (Display *display, Window window, const char *name)
{
  Atom net_wm_name = XInternAtom (display, "_NET_WM_NAME", False);
  Atom utf8 = XInternAtom (display, "UTF8_STRING", False);
  Atom type;
  int format;
  unsigned long count, after;
  unsigned char *value = NULL;
  int found = 0;

  if (XGetWindowProperty (display, window, net_wm_name, 0, 1024, False, utf8,
                          &type, &format, &count, &after, &value) == Success
      && value != NULL)
    found = strstr ((char *) value, name) != NULL;
  if (value != NULL)
    XFree (value);
  if (!found)
    {
      char *wm_name = NULL;
      if (XFetchName (display, window, &wm_name) && wm_name != NULL)
        {
          found = strstr (wm_name, name) != NULL;
          XFree (wm_name);
        }
    }
  return found;
}

static long
peak_kb (pid_t pid)
{
  char path[64], line[256];
  long kb = 0;
  snprintf (path, sizeof path, "/proc/%d/status", (int) pid);
  FILE *file = fopen (path, "r");
  if (file == NULL)
    return 0;
  while (fgets (line, sizeof line, file) != NULL)
    if (sscanf (line, "VmHWM: %ld", &kb) == 1)
      break;
  fclose (file);
  return kb;
}

int
main (int argc, char **argv)
{
  if (argc < 3)
    {
      fprintf (stderr, "usage: wait-window NAME COMMAND [ARG...]\n");
      return 2;
    }
  const char *name = argv[1];
  Display *display = XOpenDisplay (NULL);
  if (display == NULL)
    {
      fprintf (stderr, "wait-window: cannot open the display\n");
      return 1;
    }
  int damage_event, damage_error;
  if (!XDamageQueryExtension (display, &damage_event, &damage_error))
    {
      fprintf (stderr, "wait-window: the X server has no DAMAGE extension\n");
      return 1;
    }
  Window root = DefaultRootWindow (display);
  /* The pointer out of the way, in the screen's far corner: a tooltip
   * popping up under it would count as painting. */
  XWarpPointer (display, None, root, 0, 0, 0, 0,
                DisplayWidth (display, DefaultScreen (display)) - 1,
                DisplayHeight (display, DefaultScreen (display)) - 1);
  XSelectInput (display, root, SubstructureNotifyMask);
  XSync (display, False);

  double start = now_ms ();
  pid_t pid = fork ();
  if (pid == 0)
    {
      execvp (argv[2], argv + 2);
      _exit (127);
    }

  /* The window is mapped and its title names NAME, whichever comes last
   * (an application may map its window before it sets the final title). */
  double mapped = -1, painted = -1;
  Window target = None;
  Window shown[64];
  int n_shown = 0;
  for (;;)
    {
      XEvent event;
      Window window = None;

      /* Once the window is there, wait for its painting to stop. */
      if (mapped >= 0 && XPending (display) == 0)
        {
          fd_set fds;
          struct timeval quiet = { 0, 500 * 1000 };
          FD_ZERO (&fds);
          FD_SET (ConnectionNumber (display), &fds);
          if (select (ConnectionNumber (display) + 1, &fds, NULL, NULL, &quiet) == 0)
            break;
        }
      XNextEvent (display, &event);
      if (event.type == CreateNotify)
        XSelectInput (display, event.xcreatewindow.window, PropertyChangeMask);
      else if (event.type == MapNotify)
        {
          window = event.xmap.window;
          if (n_shown < 64)
            shown[n_shown++] = window;
        }
      else if (event.type == PropertyNotify)
        {
          for (int i = 0; i < n_shown; i++)
            if (shown[i] == event.xproperty.window)
              window = shown[i];
        }
      else if (event.type == damage_event + XDamageNotify
               && ((XDamageNotifyEvent *) &event)->drawable == target)
        painted = now_ms ();
      if (mapped < 0 && window != None && title_matches (display, window, name))
        {
          mapped = now_ms ();
          painted = mapped;
          target = window;
          XDamageCreate (display, target, XDamageReportRawRectangles);
        }
      int status;
      if (waitpid (pid, &status, WNOHANG) == pid)
        {
          fprintf (stderr, "wait-window: %s exited before its window appeared\n", argv[2]);
          return 1;
        }
    }
  /* It has been still for half a second: its peak memory is in. */
  long kb = peak_kb (pid);
  kill (pid, SIGTERM);
  waitpid (pid, NULL, 0);
  printf ("%.0f %.0f %ld\n", mapped - start, painted - start, kb);
  XCloseDisplay (display);
  return 0;
}
