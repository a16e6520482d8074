#!/bin/sh
# Start-up benchmark (a measurement, not a test): the time from launching
# squadlog with a saved 30-turn game to its window being on screen, against
# the same for a minimal libadwaita window built here, under Xvfb; median of
# RUNS runs each, the ratio, and the peak memory (VmHWM) of both.
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
dir=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$dir"' EXIT

# A long game: 30 turns, four squads, about 12 000 journal entries.
python3 tests/bench/gen-game.py > "$dir/generated.squadlog" 2>/dev/null
SQUADLOG_DATA_DIR="$PWD/data" "$build/tests/bench-replay" save "$dir/generated.squadlog" "$dir/game.squadlog" >/dev/null

# The minimal window: libadwaita, a header bar, nothing else.
cat > "$dir/minimal.c" <<'C'
#include <adwaita.h>
static void
activate (GtkApplication *app)
{
  GtkWidget *window = adw_application_window_new (app);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_title (GTK_WINDOW (window), "Minimal");
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
for i in $(seq "$runs"); do measure "Replay benchmark" "$squadlog" "$dir/game.squadlog"; done > "$dir/app"
for i in $(seq "$runs"); do measure "Minimal" "$dir/minimal"; done > "$dir/minimal.times"
if [ "$renderer" = default ]; then
  cp "$dir/minimal.times" "$dir/minimal-same.times"
else
  # As Squad Log does without a GPU: cairo, and GDK's GL not loaded.
  for i in $(seq "$runs"); do GSK_RENDERER=$renderer GDK_DEBUG=${GDK_DEBUG:-gl-disable} measure "Minimal" "$dir/minimal"; done > "$dir/minimal-same.times"
fi
field () { cut -d' ' -f"$1" "$2" | median; }
report () {
  echo "$1 window at $(field 1 "$2") ms, drawn at $(field 2 "$2") ms, peak $(field 3 "$2") kB"
}
report "squadlog, 30-turn game ($renderer):" "$dir/app"
report "minimal window (GTK's default):  " "$dir/minimal.times"
report "minimal window ($renderer, as squadlog):" "$dir/minimal-same.times"
echo "(medians of $runs runs)"
ratio () {
  awk -v a="$(field 2 "$dir/app")" -v m="$(field 2 "$1")" -v am="$(field 1 "$dir/app")" -v mm="$(field 1 "$1")" \
      -v ak="$(field 3 "$dir/app")" -v mk="$(field 3 "$1")" -v what="$2" \
    'BEGIN { printf "ratio against the minimal window %s: %.2f× to the window shown, %.2f× to it drawn, %.2f× the memory\n", what, am / mm, a / m, ak / mk }'
}
ratio "$dir/minimal.times" "(GTK's default renderer)"
ratio "$dir/minimal-same.times" "(same settings)"
