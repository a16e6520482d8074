#!/bin/sh
# Measures saving, and loading and replaying, a long game: 30 turns,
# 4 squads (32 units), about 12 000 journal entries, opening it as the
# app does, from its opening cache (sl_game_load_cached), and what its
# table model (src/core/table) costs after a change. A measurement, not a
# test.
#
#   tests/bench/bench-replay.sh [BUILD_DIR]
set -eu
cd "$(dirname "$0")/../.."
build=${1:-build}
bench="$build/tests/bench-replay"
[ -x "$bench" ] || { echo "build first: $bench is missing" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 tests/bench/gen-game.py > "$dir/generated.squadlog" 2>/dev/null
export SQUADLOG_DATA_DIR="$PWD/data"
"$bench" save "$dir/generated.squadlog" "$dir/saved.squadlog"
ls -l "$dir/saved.squadlog" | awk '{printf "saved file: %.1f MB\n", $5 / 1048576}'
"$bench" load "$dir/saved.squadlog"
"$bench" cached "$dir/saved.squadlog" "$dir/cache"
"$bench" table "$dir/saved.squadlog" 200
