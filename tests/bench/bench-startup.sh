#!/bin/sh
# Start-up benchmark (a measurement, not a test): the time from launching
# squadlog with a saved 30-turn game to its window being on screen, against
# the same for a minimal libadwaita window built here, under Xvfb; median of
# RUNS runs each, the ratio, and the peak memory (VmHWM) of both.
#
# The like-for-like comparison (the last line) starts the minimal window
# with Squad Log's renderer settings and at its size: a window's first
# frame costs by its area (the buffers made for it, the pixels filled and
# sent), whatever it shows. The minimal window with GTK's defaults (its own
# small size) is measured too.
#
# Squad Log is measured twice: opening a game it has opened before (its
# opening cache holds what the replay reached: sl_game_load_cached), and
# opening it for the first time (no cache: the journal is replayed).
#
#   tests/bench/bench-startup.sh [BUILD_DIR] [RUNS]
#
# Needs Xvfb (apt-get install xvfb); tests/bench/wait-window.c, built here
# against Xlib, times the window's MapNotify event exactly.
set -eu
cd "$(dirname "$0")/../.."
build=${1:-build}
runs=${2:-5}
squadlog="$PWD/$build/src/squadlog"
[ -x "$squadlog" ] || { echo "build first: $squadlog is missing" >&2; exit 1; }
# The data, translations and settings schema of this tree, as `meson
# devenv` gives them (the program holds no path of it).
export SQUADLOG_PKGDATADIR="$PWD/data" SQUADLOG_LOCALEDIR="$PWD/$build/po" \
  GSETTINGS_SCHEMA_DIR="$PWD/$build/data"
dir=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$dir"' EXIT

# A long game: 30 turns, four squads, about 12 000 journal entries.
python3 tests/bench/gen-game.py > "$dir/generated.squadlog" 2>/dev/null
SQUADLOG_DATA_DIR="$PWD/data" "$build/tests/bench-replay" save "$dir/generated.squadlog" "$dir/game.squadlog" >/dev/null

# The minimal window: libadwaita, a header bar, nothing else.
cat > "$dir/minimal.c" <<'C'
#include <adwaita.h>
#include <stdlib.h>
static void
activate (GtkApplication *app)
{
  GtkWidget *window = adw_application_window_new (app);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  const char *width = g_getenv ("MINIMAL_WIDTH"), *height = g_getenv ("MINIMAL_HEIGHT");
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_title (GTK_WINDOW (window), "Minimal");
  if (width != NULL && height != NULL)
    gtk_window_set_default_size (GTK_WINDOW (window), atoi (width), atoi (height));
  gtk_window_present (GTK_WINDOW (window));
}
int
main (int argc, char **argv)
{
  AdwApplication *app = adw_application_new ("org.example.Minimal", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
C
gcc -O2 -o "$dir/minimal" "$dir/minimal.c" $(pkg-config --cflags --libs libadwaita-1)
gcc -O2 -o "$dir/wait-window" tests/bench/wait-window.c $(pkg-config --cflags --libs x11 xdamage)

Xvfb :97 -screen 0 1366x768x24 >/dev/null 2>&1 &
xvfb=$!
export DISPLAY=:97 GTK_A11Y=none GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
export XDG_STATE_HOME="$dir/state" XDG_DATA_HOME="$dir/data" XDG_CONFIG_HOME="$dir/config"
export XDG_CACHE_HOME="$dir/cache"
sleep 1

# Milliseconds from launch to a mapped window named $1, milliseconds to its
# first complete frame (its last paint before it stays still), peak memory in kB.
measure () {
  timeout 30 "$dir/wait-window" "$@"
}

median () { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# Squad Log picks GTK's renderer itself (cairo, and no GL at all, when there
# is no GPU: see sl-application.c); the minimal window is measured with
# GTK's defaults and with the settings Squad Log used, for a like-for-like
# ratio.
if [ -n "${GSK_RENDERER:-}" ]; then
  renderer=$GSK_RENDERER
elif ls /dev/dri/renderD* /dev/dri/card* /dev/nvidiactl >/dev/null 2>&1; then
  renderer=default
else
  renderer=cairo
fi
# Squad Log's window size: its settings' defaults (the benchmark's
# settings are fresh, so the window opens at that size).
schema=data/io.github.squadlog.SquadLog.gschema.xml
default_of () {
  sed -n "/name=\"$1\"/,/<\/key>/s/.*<default>\([0-9]*\)<\/default>.*/\1/p" "$schema"
}
width=$(default_of window-width)
height=$(default_of window-height)

# Interleaved, so that a busy moment of the machine falls on all three.
as_squadlog () {
  if [ "$renderer" = default ]; then
    "$@"
  else
    # As Squad Log does without a GPU: cairo, and GDK's GL not loaded.
    GSK_RENDERER=$renderer GDK_DEBUG=${GDK_DEBUG:-gl-disable} "$@"
  fi
}
# Opened once, so that the opening cache is there for the runs that measure it.
measure "Replay benchmark" "$squadlog" "$dir/game.squadlog" > /dev/null
for i in $(seq "$runs"); do
  measure "Replay benchmark" "$squadlog" "$dir/game.squadlog" >> "$dir/app"
  XDG_CACHE_HOME="$dir/cold-cache-$i" measure "Replay benchmark" "$squadlog" "$dir/game.squadlog" >> "$dir/app-cold"
  measure "Minimal" "$dir/minimal" >> "$dir/minimal.times"
  as_squadlog measure "Minimal" "$dir/minimal" >> "$dir/minimal-same.times"
  MINIMAL_WIDTH=$width MINIMAL_HEIGHT=$height as_squadlog measure "Minimal" "$dir/minimal" >> "$dir/minimal-sized.times"
done
field () { cut -d' ' -f"$1" "$2" | median; }
report () {
  echo "$1 window at $(field 1 "$2") ms, drawn at $(field 2 "$2") ms, peak $(field 3 "$2") kB"
}
report "squadlog, 30-turn game opened before ($renderer, ${width}×$height):" "$dir/app"
report "squadlog, 30-turn game opened the first time (replayed):" "$dir/app-cold"
report "minimal window (GTK's defaults):  " "$dir/minimal.times"
report "minimal window ($renderer, as squadlog):" "$dir/minimal-same.times"
report "minimal window ($renderer, ${width}×$height, as squadlog):" "$dir/minimal-sized.times"
echo "(medians of $runs runs)"
ratio () {
  app=${3:-$dir/app}
  awk -v a="$(field 2 "$app")" -v m="$(field 2 "$1")" -v am="$(field 1 "$app")" -v mm="$(field 1 "$1")" \
      -v ak="$(field 3 "$app")" -v mk="$(field 3 "$1")" -v what="$2" \
    'BEGIN { printf "ratio against the minimal window %s: %.2f× to the window shown, %.2f× to it drawn, %.2f× the memory\n", what, am / mm, a / m, ak / mk }'
}
ratio "$dir/minimal.times" "(GTK's defaults)"
ratio "$dir/minimal-same.times" "(same settings)"
ratio "$dir/minimal-sized.times" "(same settings and size; target at most 1.3×)"
ratio "$dir/minimal-sized.times" "(same settings and size), opened the first time" "$dir/app-cold"
