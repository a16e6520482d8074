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

for i in $(seq "$runs"); do measure "Replay benchmark" "$squadlog" "$dir/game.squadlog"; done > "$dir/app"
for i in $(seq "$runs"); do measure "Minimal" "$dir/minimal"; done > "$dir/minimal.times"
field () { cut -d' ' -f"$1" "$2" | median; }
app_map=$(field 1 "$dir/app"); app_ms=$(field 2 "$dir/app"); app_kb=$(field 3 "$dir/app")
min_map=$(field 1 "$dir/minimal.times"); min_ms=$(field 2 "$dir/minimal.times"); min_kb=$(field 3 "$dir/minimal.times")
echo "squadlog with a 30-turn game: window at ${app_map} ms, drawn at ${app_ms} ms, peak ${app_kb} kB (median of $runs)"
echo "minimal libadwaita window:    window at ${min_map} ms, drawn at ${min_ms} ms, peak ${min_kb} kB"
awk -v a="$app_ms" -v m="$min_ms" -v ak="$app_kb" -v mk="$min_kb" \
  'BEGIN { printf "ratio: %.2f× the time to the drawn window, %.2f× the memory\n", a / m, ak / mk }'
