#!/bin/sh
# Measures loading and replaying a long game: 30 turns, 4 squads (32 units),
# about 10 000 journal entries. A measurement, not a test.
#
#   tests/bench/bench-replay.sh [BUILD_DIR]
set -eu
cd "$(dirname "$0")/../.."
build=${1:-build}
[ -x "$build/tests/bench-replay" ] || { echo "build first: $build/tests/bench/bench-replay is missing" >&2; exit 1; }
game=$(mktemp --suffix=.squadlog)
trap 'rm -f "$game"' EXIT
python3 tests/bench/gen-game.py > "$game"
ls -l "$game" | awk '{printf "game file: %.1f MB\n", $5 / 1048576}'
SQUADLOG_DATA_DIR="$PWD/data" "$build/tests/bench-replay" "$game" 7
