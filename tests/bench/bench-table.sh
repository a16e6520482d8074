#!/bin/sh
# Measures the table model (src/core/table) on a long game: 30 turns,
# 4 squads (32 units), about 12 000 journal entries — worked out again
# after a change, with one unit's actions, and as one side's JSON. A
# measurement, not a test.
#
#   tests/bench/bench-table.sh [BUILD_DIR]
set -eu
cd "$(dirname "$0")/../.."
build=${1:-build}
bench="$build/tests/bench-table"
[ -x "$bench" ] || { echo "build first: $bench is missing" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 tests/bench/gen-game.py > "$dir/generated.squadlog" 2>/dev/null
export SQUADLOG_DATA_DIR="$PWD/data"
"$bench" "$dir/generated.squadlog" 200
