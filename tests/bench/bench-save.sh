#!/bin/sh
# Measures what saving one command costs as a game grows: games of 1 000,
# 12 000 and 200 000 journal entries, each playing 200 commands saved one
# by one as the app saves them (durable). A measurement, not a test; with
# --check, exits 1 when the cost at 200 000 entries is more than twice the
# cost at 1 000 (issue 19: saving does not grow with the game).
#
#   tests/bench/bench-save.sh [--check] [BUILD_DIR] [DIR]
#
# DIR (default: a new folder under $TMPDIR) should be on a real disk: on a
# tmpfs an fsync costs nothing.
set -eu
check=0
[ "${1:-}" = "--check" ] && { check=1; shift; }
cd "$(dirname "$0")/../.."
build=${1:-build}
bench="$build/tests/bench-replay"
[ -x "$bench" ] || { echo "build first: $bench is missing" >&2; exit 1; }
dir=${2:-$(mktemp -d)}
[ -n "${2:-}" ] || trap 'rm -rf "$dir"' EXIT
export SQUADLOG_DATA_DIR="$PWD/data"
first=
last=
for n in 1000 12000 200000; do
  python3 tests/bench/gen-game.py --entries $n > "$dir/game-$n.squadlog" 2>/dev/null
  line=$("$bench" append "$dir/game-$n.squadlog" "$dir/saved-$n.squadlog" 200)
  echo "$line"
  median=$(echo "$line" | sed 's/.*median \([0-9.]*\) ms.*/\1/')
  [ -n "$first" ] || first=$median
  last=$median
done
if [ $check = 1 ]; then
  awk -v a="$first" -v b="$last" 'BEGIN { if (b > 2 * a) { printf "at 200 000 entries a save costs %.1f× what it costs at 1 000\n", b / a; exit 1 } }'
fi
