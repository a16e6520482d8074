/* press-latency.c — part of the interaction benchmark
 * (tests/bench/bench-interaction.sh).
 *
 *   press-latency NAME STEP...
 *
 * Waits for a top-level window whose title contains NAME, then plays the
 * STEPs in order. A step is "m:KEYS" (a measured press) or "u:KEYS" (a
 * press not measured), KEYS being keysyms joined by "+", modifiers first:
 * "ctrl+z", "ctrl+shift+z", "ctrl+Return", "0", "Escape". Before each
 * step the screen is let settle (no damage for SETTLE_MS); a measured step
 * prints, on a line of its own, the milliseconds from the key press sent
 * (XTest) to the first change of the screen's pixels the X server reports
 * after it (XDamage on the root window, which takes in every top-level
 * window, sheets included): the first repaint that shows the result.
 * A press that changes nothing within TIMEOUT_MS prints "timeout".
 * A step "s:KEYS" (a press that opens a sheet) is measured to the sheet's
 * own first frame instead: the first repaint after which most pixels of
 * the middle of the window differ from what it showed before the press (a
 * sheet, in the window or a window of its own, is centred on the table),
 * not an earlier repaint of the table behind it (its focus, the text of
 * a window gone to the background).
 * With PRESS_LATENCY_PID set, the window must be that process's: the
 * window of the program measured just before may not have gone yet.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xdamage.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <time.h>

#define SETTLE_MS 250.0
#define TIMEOUT_MS 3000.0

static int damage_event;

static int
ignore_error (Display     *display,
              XErrorEvent *event)
{
  return 0;
}

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* With PRESS_LATENCY_PID set, only a window of that process (its
 * _NET_WM_PID): not one of the program measured before, still going away. */
static int
pid_matches (Display *display,
             Window   window)
{
  const char *want = getenv ("PRESS_LATENCY_PID");
  Atom net_wm_pid = XInternAtom (display, "_NET_WM_PID", False);
  Atom type;
  int format, matches = 0;
  unsigned long n, after;
  unsigned char *data = NULL;

  if (want == NULL || *want == '\0')
    return 1;
  if (XGetWindowProperty (display, window, net_wm_pid, 0, 1, False, XA_CARDINAL, &type, &format,
                          &n, &after, &data) == Success && data != NULL && n == 1)
    matches = *(unsigned long *) data == strtoul (want, NULL, 10);
  if (data != NULL)
    XFree (data);
  return matches;
}

/* The window's title (_NET_WM_NAME, else WM_NAME) contains NAME. */
static int
title_matches (Display    *display,
               Window      window,
               const char *name)
{
  Atom utf8 = XInternAtom (display, "UTF8_STRING", False);
  Atom net_wm_name = XInternAtom (display, "_NET_WM_NAME", False);
  Atom type;
  int format, found = 0;
  unsigned long n, after;
  unsigned char *data = NULL;
  char *plain = NULL;

  if (XGetWindowProperty (display, window, net_wm_name, 0, 1024, False, utf8, &type, &format,
                          &n, &after, &data) == Success && data != NULL)
    found = strstr ((char *) data, name) != NULL;
  if (data != NULL)
    XFree (data);
  if (!found && XFetchName (display, window, &plain) && plain != NULL)
    {
      found = strstr (plain, name) != NULL;
      XFree (plain);
    }
  return found && pid_matches (display, window);
}

static Window
find_window (Display    *display,
             Window      window,
             const char *name)
{
  Window root, parent, *children = NULL, found = 0;
  unsigned int n = 0;

  if (title_matches (display, window, name))
    return window;
  if (!XQueryTree (display, window, &root, &parent, &children, &n))
    return 0;
  for (unsigned int i = 0; i < n && !found; i++)
    found = find_window (display, children[i], name);
  if (children != NULL)
    XFree (children);
  return found;
}

/* Waits up to @ms for a damage event; TRUE when one came. */
static int
wait_damage (Display *display,
             double   ms)
{
  double until = now_ms () + ms;

  for (;;)
    {
      while (XPending (display))
        {
          XEvent event;

          XNextEvent (display, &event);
          if (event.type == damage_event + XDamageNotify)
            {
              XDamageNotifyEvent *d = (XDamageNotifyEvent *) &event;

              XDamageSubtract (display, d->damage, None, None);
              return 1;
            }
        }
      {
        double left = until - now_ms ();
        fd_set fds;
        struct timeval tv;
        int fd = ConnectionNumber (display);

        if (left <= 0)
          return 0;
        FD_ZERO (&fds);
        FD_SET (fd, &fds);
        tv.tv_sec = (long) (left / 1000);
        tv.tv_usec = (long) ((left - tv.tv_sec * 1000.0) * 1000);
        select (fd + 1, &fds, NULL, NULL, &tv);
      }
    }
}

/* The PROBE × PROBE pixels of the screen around (x, y), into @pixels. */
#define PROBE 48

static void
probe (Display       *display,
       int            x,
       int            y,
       unsigned long *pixels)
{
  XImage *image = XGetImage (display, DefaultRootWindow (display), x - PROBE / 2, y - PROBE / 2, PROBE, PROBE,
                             AllPlanes, ZPixmap);

  for (int j = 0; j < PROBE; j++)
    for (int i = 0; i < PROBE; i++)
      pixels[j * PROBE + i] = image != NULL ? XGetPixel (image, i, j) : 0;
  if (image != NULL)
    XDestroyImage (image);
}

/* For an "s:" step: the time of the first repaint after which most of the
 * probe (@before: as it was before the press) shows something else — the
 * sheet over the middle of the window, not the table behind it changing
 * its focus or dimming (a few pixels of its text). */
static double
wait_sheet (Display             *display,
            double               sent,
            int                  x,
            int                  y,
            const unsigned long *before)
{
  unsigned long now[PROBE * PROBE];

  while (wait_damage (display, TIMEOUT_MS))
    {
      double at = now_ms () - sent;
      int changed = 0;

      probe (display, x, y, now);
      for (int i = 0; i < PROBE * PROBE; i++)
        changed += now[i] != before[i];
      if (changed * 2 >= PROBE * PROBE)
        return at;
    }
  return -1;
}

/* No damage for SETTLE_MS. */
static void
settle (Display *display)
{
  while (wait_damage (display, SETTLE_MS))
    ;
}

static void
press (Display    *display,
       const char *keys,
       int         down)
{
  char *copy = strdup (keys), *save = NULL;
  KeyCode codes[8];
  int n = 0;

  for (char *k = strtok_r (copy, "+", &save); k != NULL && n < 8; k = strtok_r (NULL, "+", &save))
    {
      const char *name = strcmp (k, "ctrl") == 0 ? "Control_L" : strcmp (k, "shift") == 0 ? "Shift_L"
                         : strcmp (k, "alt") == 0 ? "Alt_L" : k;
      KeySym sym = XStringToKeysym (name);

      if (sym == NoSymbol)
        {
          fprintf (stderr, "press-latency: unknown key “%s”\n", k);
          exit (2);
        }
      codes[n++] = XKeysymToKeycode (display, sym);
    }
  free (copy);
  if (down)
    for (int i = 0; i < n; i++)
      XTestFakeKeyEvent (display, codes[i], True, CurrentTime);
  else
    for (int i = n - 1; i >= 0; i--)
      XTestFakeKeyEvent (display, codes[i], False, CurrentTime);
  XFlush (display);
}

int
main (int    argc,
      char **argv)
{
  Display *display;
  Window window = 0;
  int error_base, major, minor;
  int middle_x = 0, middle_y = 0;
  static unsigned long before[PROBE * PROBE];
  double start;

  if (argc < 3)
    {
      fprintf (stderr, "usage: press-latency NAME STEP...\n");
      return 2;
    }
  display = XOpenDisplay (NULL);
  if (display == NULL || !XDamageQueryExtension (display, &damage_event, &error_base) ||
      !XTestQueryExtension (display, &error_base, &error_base, &major, &minor))
    {
      fprintf (stderr, "press-latency: no X display with XDamage and XTest\n");
      return 2;
    }
  /* A window of an earlier run may still be there, going: X errors about
   * it are not ours. */
  XSetErrorHandler (ignore_error);
  for (start = now_ms (); window == 0 && now_ms () - start < 30000; )
    {
      XWindowAttributes attributes;
      struct timespec pause = { 0, 50 * 1000 * 1000 };

      window = find_window (display, DefaultRootWindow (display), argv[1]);
      if (window != 0 && (!XGetWindowAttributes (display, window, &attributes) ||
                          attributes.map_state != IsViewable))
        window = 0;
      if (window == 0)
        nanosleep (&pause, NULL);
    }
  if (window == 0)
    {
      fprintf (stderr, "press-latency: no window titled “%s”\n", argv[1]);
      return 1;
    }
  /* The keys go to it: the pointer over it and the focus in it, with or
   * without a window manager. */
  {
    XWindowAttributes attributes;
    Window child;
    int x = 0, y = 0;

    XGetWindowAttributes (display, window, &attributes);
    XTranslateCoordinates (display, window, DefaultRootWindow (display), attributes.width / 2,
                           attributes.height / 2, &x, &y, &child);
    XTestFakeMotionEvent (display, -1, x, y, CurrentTime);
    middle_x = x;
    middle_y = y;
    XSetInputFocus (display, window, RevertToPointerRoot, CurrentTime);
  }
  XDamageCreate (display, DefaultRootWindow (display), XDamageReportNonEmpty);
  XSync (display, False);
  settle (display);

  for (int i = 2; i < argc; i++)
    {
      int sheet = strncmp (argv[i], "s:", 2) == 0;
      int measured = sheet || strncmp (argv[i], "m:", 2) == 0;
      const char *keys = argv[i] + 2;
      double sent;

      if (!measured && strncmp (argv[i], "u:", 2) != 0)
        {
          fprintf (stderr, "press-latency: a step is m:KEYS, s:KEYS or u:KEYS, not “%s”\n", argv[i]);
          return 2;
        }
      settle (display);
      if (sheet)
        probe (display, middle_x, middle_y, before);
      sent = now_ms ();
      press (display, keys, 1);
      press (display, keys, 0);
      if (!measured)
        continue;
      if (sheet)
        {
          double ms = wait_sheet (display, sent, middle_x, middle_y, before);

          if (ms >= 0)
            printf ("%.2f\n", ms);
          else
            printf ("timeout\n");
        }
      else if (wait_damage (display, TIMEOUT_MS))
        printf ("%.2f\n", now_ms () - sent);
      else
        printf ("timeout\n");
      fflush (stdout);
    }
  settle (display);
  XCloseDisplay (display);
  return 0;
}
