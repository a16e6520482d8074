#!/bin/sh
# Interaction benchmark (a measurement, not a test): how long a player waits
# to see the result of a key press on the table screen, with the 30-turn
# benchmark game open (about 12 000 journal entries), under Xvfb with the
# renderer the app picks there (cairo). From the key event sent (XTest) to
# the first repaint after it (XDamage), median and 95th percentile over
# PRESSES presses each:
#
#   undo           Ctrl+Z at the end of the game
#   redo           Ctrl+Shift+Z
#   next-advance   Ctrl+Return that moves the clock on (turn 29, subphase 4;
#                  undone, unmeasured, between presses)
#   next-sheet     Ctrl+Return that opens the fire sheet (turn 29, the
#                  ranged-fire step of subphase 2; closed with Escape)
#   fire-die       a die typed on that sheet (0: a miss), which resolves
#                  the fire
#   next-sheet-own Ctrl+Return that opens the fire sheet, to the sheet's own
#                  first frame (press-latency's "s:" steps: the first repaint
#                  after which the middle of the window shows the sheet as
#                  it stays), not the table's first repaint behind it
#   declare-own    a counter number typed (5) that opens the unit's
#                  declaration (turn 29, subphase 1), to the sheet's own
#                  first frame likewise; closed with Escape
#   floor          the same measure for a minimal GTK 4 window whose label
#                  changes on a key press: what GTK and the X server cost
#
#   tests/bench/bench-interaction.sh [BUILD_DIR] [PRESSES] [MEASURE...]
#
# With MEASUREs named (undo, next-sheet-own, ...), only those are made.
#
# Needs Xvfb, and Xlib's XTest and XDamage headers (apt-get install xvfb
# libxtst-dev libxdamage-dev; openbox too, to run under a window manager as
# on a desktop); tests/bench/press-latency.c is built here. Measure on an
# idle machine: the figures are the machine's as much as the app's.
set -eu
cd "$(dirname "$0")/../.."
build=${1:-build}
presses=${2:-30}
[ $# -gt 2 ] && shift 2 && only=" $* " || only=""
squadlog="$PWD/$build/src/squadlog"
[ -x "$squadlog" ] || { echo "build first: $squadlog is missing" >&2; exit 1; }
dir=$(mktemp -d)
app=""
xvfb=""
cleanup () {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  [ -n "${wm:-}" ] && kill "$wm" 2>/dev/null || true
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT

gcc -O2 -o "$dir/press-latency" tests/bench/press-latency.c $(pkg-config --cflags --libs x11 xdamage xtst)
cat > "$dir/minimal.c" <<'C'
#include <adwaita.h>
static int count;
static gboolean
key_cb (GtkEventControllerKey *c, guint keyval, guint code, GdkModifierType state, GtkLabel *label)
{
  char *text = g_strdup_printf ("Presses: %d", ++count);
  gtk_label_set_text (label, text);
  g_free (text);
  return TRUE;
}
static void
activate (GtkApplication *app)
{
  GtkWidget *window = adw_application_window_new (app);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *label = gtk_label_new ("Presses: 0");
  GtkEventController *keys = gtk_event_controller_key_new ();
  gtk_window_set_title (GTK_WINDOW (window), "Minimal window");
  gtk_window_set_default_size (GTK_WINDOW (window), 1366, 768);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_widget_set_vexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_cb), label);
  gtk_widget_add_controller (window, keys);
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

# The games: the whole 30-turn game, and the same cut where Next moves the
# clock on or opens the fire sheet. A turn is 397 entries: the initiative,
# 8 subphases of 32 walks and a next, 2 of 32 shots declared, a next, 32
# fires and a next.
export SQUADLOG_DATA_DIR="$PWD/data"
game () {
  python3 tests/bench/gen-game.py ${1:+--entries $1} > "$dir/gen.squadlog" 2>/dev/null
  "$build/tests/bench-replay" save "$dir/gen.squadlog" "$2" 1 >/dev/null
}
turn=$((28 * 397))
game "" "$dir/whole.squadlog"
game $((turn + 1 + 33 + 66 + 33 + 32)) "$dir/advance.squadlog"
game $((turn + 1 + 33 + 32 + 1)) "$dir/fire.squadlog"
game $((turn + 1)) "$dir/declare.squadlog"

display=:97
Xvfb $display -screen 0 1366x768x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
export DISPLAY=$display
sleep 1
# A window manager when there is one (openbox), as on a desktop.
wm=""
if command -v openbox >/dev/null; then
  openbox >/dev/null 2>&1 &
  wm=$!
  sleep 0.5
fi
export GSETTINGS_BACKEND=memory XDG_CACHE_HOME="$dir/cache" XDG_DATA_HOME="$dir/data" XDG_STATE_HOME="$dir/state"
export GTK_A11Y=none NO_AT_BRIDGE=1

# Runs the app (or COMMAND) on FILE, plays STEPs, prints its figures.
stats () {
  sort -n | awk -v what="$1" '
    /timeout/ { t++; next }
    { v[n++] = $1 }
    END {
      if (n == 0) { printf "%-14s no press answered (%d timeouts)\n", what, t; exit }
      p95 = v[int(0.95 * (n - 1) + 0.5)]
      printf "%-14s median %6.1f ms   p95 %6.1f ms   (%d presses%s)\n", what, v[int((n - 1) / 2)], p95, n,
             t ? sprintf(", %d timeouts", t) : ""
    }'
}
measure () {
  what=$1; title=$2; shift 2
  case "$only" in "" | *" $what "*) ;; *) return 0 ;; esac
  "$@" >/dev/null 2>&1 &
  app=$!
  PRESS_LATENCY_PID=$app "$dir/press-latency" "$title" $steps | stats "$what"
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  app=""
}
repeat () {
  out=""
  i=0
  while [ $i -lt "$presses" ]; do out="$out $*"; i=$((i + 1)); done
  echo "$out"
}

cp "$dir/whole.squadlog" "$dir/undo.squadlog"
steps=$(repeat m:ctrl+z)
measure undo "Replay benchmark" "$squadlog" "$dir/undo.squadlog"
cp "$dir/whole.squadlog" "$dir/redo.squadlog"
steps="$(repeat u:ctrl+z) $(repeat m:ctrl+shift+z)"
measure redo "Replay benchmark" "$squadlog" "$dir/redo.squadlog"
steps=$(repeat m:ctrl+Return u:ctrl+z)
measure next-advance "Replay benchmark" "$squadlog" "$dir/advance.squadlog"
cp "$dir/fire.squadlog" "$dir/fire2.squadlog"
steps=$(repeat m:ctrl+Return u:Escape)
measure next-sheet "Replay benchmark" "$squadlog" "$dir/fire.squadlog"
steps=$(repeat u:ctrl+Return m:0)
measure fire-die "Replay benchmark" "$squadlog" "$dir/fire2.squadlog"
cp "$dir/fire.squadlog" "$dir/fire3.squadlog"
steps=$(repeat s:ctrl+Return u:Escape)
measure next-sheet-own "Replay benchmark" "$squadlog" "$dir/fire3.squadlog"
steps=$(repeat s:5 u:Escape)
measure declare-own "Replay benchmark" "$squadlog" "$dir/declare.squadlog"
steps=$(repeat m:ctrl+z)
GSK_RENDERER=cairo measure floor "Minimal window" "$dir/minimal"
