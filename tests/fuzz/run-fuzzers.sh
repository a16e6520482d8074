#!/bin/sh
# run-fuzzers.sh: builds the fuzz targets with clang and libFuzzer, and runs
# each in turn for a while (docs/fuzzing.md)
#
#   tests/fuzz/run-fuzzers.sh [SECONDS] [TARGET…]
#
# SECONDS per target (default 600); TARGETs among game, rules, resolve (default
# all three). One fuzzer at a time, one process each. The build goes to
# build-fuzz/ (SL_FUZZ_BUILD to change it), configured on first use;
# SL_FUZZ_JOBS compile jobs (default 2); SL_FUZZ_ARGS more libFuzzer options
# ("-fork=1 -ignore_crashes=1" goes on after a crash).
#
# Each fuzzer starts from a copy of its seed corpus in a scratch directory,
# so the inputs it finds do not pile up in the source tree; what it finds to
# be a crash, a leak, a hang or running out of memory is copied to
# tests/fuzz/regressions/TARGET/, where the normal test suite runs it.
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu

seconds=${1:-600}
if [ $# -gt 0 ]; then
  shift
fi
targets=${*:-game rules resolve}

here=$(cd "$(dirname "$0")" && pwd)
source_root=$(cd "$here/../.." && pwd)
build=${SL_FUZZ_BUILD:-$source_root/build-fuzz}
# Compiling is the only part that can use more cores.
jobs=${SL_FUZZ_JOBS:-2}

case $seconds in
  ''|*[!0-9]*) echo "usage: $0 [SECONDS] [game|rules|resolve]…" >&2; exit 1 ;;
esac

names=
for t in $targets; do
  names="$names fuzz-$t"
  case $t in
    game|rules|resolve) ;;
    *) echo "$0: no fuzz target '$t' (game, rules, resolve)" >&2; exit 1 ;;
  esac
done

if [ ! -f "$build/build.ninja" ]; then
  # -fsanitize=fuzzer-no-link on everything, so that the core library has
  # the coverage the fuzzer steers by; the targets add -fsanitize=fuzzer.
  # b_lundef=false: the sanitizers' runtime is linked by the driver.
  CC=clang meson setup "$build" "$source_root" \
    -Dbuildtype=debugoptimized \
    -Db_sanitize=address,undefined \
    -Db_lundef=false \
    -Dc_args=-fsanitize=fuzzer-no-link \
    -Dfuzzing=true \
    -Dgui=false
fi
# shellcheck disable=SC2086 # one word per target
meson compile -C "$build" -j "$jobs" $names

scratch=$(mktemp -d "${TMPDIR:-/tmp}/squadlog-fuzz.XXXXXX")
summary=$scratch/summary
: > "$summary"
status=0

for t in $targets; do
  # A saved game of an evening is some tens of KB, and the rules file
  # 53 KB; a request is a line. Each target's words are in its document.
  case $t in
    game)    max_len=65536; doc=commands.md ;;
    rules)   max_len=65536; doc=rules-data.md ;;
    resolve) max_len=4096;  doc=resolve.md ;;
  esac

  corpus=$scratch/$t/corpus
  artifacts=$scratch/$t/artifacts
  log=$scratch/$t/fuzz.log
  mkdir -p "$corpus" "$artifacts"
  cp "$here/corpus/$t"/* "$corpus/"

  # A dictionary of the words the seeds and the document use (ids, field
  # names, command types, kinds), as JSON strings: mutations put them in
  # whole, where guessing them a byte at a time would take long.
  dict=$scratch/$t/dict
  {
    grep -ohE '"[A-Za-z0-9_.-]{2,40}"' "$here/corpus/$t"/* || true
    # shellcheck disable=SC2016 # backquotes, not a command
    grep -ohE '`[A-Za-z0-9_.-]{2,40}`' "$source_root/docs/$doc" | tr '`' '"' || true
  } | sort -u | sed 's/"/\\"/g; s/.*/"&"/' > "$dict"

  echo "== $t: $seconds s, max_len $max_len, log in $log"
  rc=0
  # shellcheck disable=SC2086 # SL_FUZZ_ARGS: options, one word each
  SQUADLOG_DATA_DIR="$source_root/data" \
  LC_ALL=C.UTF-8 LANGUAGE=C \
  ASAN_OPTIONS=detect_leaks=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  LSAN_OPTIONS="suppressions=$source_root/tests/lsan.supp:print_suppressions=0" \
    "$build/tests/fuzz/fuzz-$t" \
      -max_total_time="$seconds" \
      -max_len="$max_len" \
      -timeout=10 \
      -rss_limit_mb=2048 \
      -detect_leaks=1 \
      -dict="$dict" \
      -artifact_prefix="$artifacts/" \
      -print_final_stats=1 \
      ${SL_FUZZ_ARGS:-} \
      "$corpus" > "$log" 2>&1 || rc=$?

  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  if [ -z "$runs" ]; then
    # No final statistics (killed, or -fork): the last status line has the
    # runs.
    runs=$(sed -n 's/^#\([0-9]*\).*/\1/p' "$log" | tail -n 1)
    speed=$(( ${runs:-0} / (seconds > 0 ? seconds : 1) ))
  fi

  found=$(ls "$artifacts" 2>/dev/null || true)
  if [ -n "$found" ]; then
    mkdir -p "$here/regressions/$t"
    cp "$artifacts"/* "$here/regressions/$t/"
    result="FOUND $(echo "$found" | tr '\n' ' ')(copied to tests/fuzz/regressions/$t/)"
    status=1
    # What follows the fuzzer's last status line: the message, the stack
    # and the input.
    echo "-- $t:"
    # A deep recursion's stack is long: its top and its bottom tell.
    awk '/^#[0-9]+[\t:]|^INFO: / { n = 0; next } !/^stat::/ { line[n++] = $0 }
         END { for (i = 0; i < n; i++)
                 if (n <= 90 || i < 50 || i >= n - 40) print line[i]
                 else if (i == 50) print "    … " n - 90 " lines …" }' "$log"
  elif [ "$rc" -ne 0 ]; then
    result="FAILED (exit status $rc, no artifact; see $log)"
    status=1
  else
    result="ok"
  fi
  printf '%-8s runs %10s   exec/s %6s   %s\n' "$t" "${runs:-?}" "${speed:-?}" "$result" \
    | tee -a "$summary"
done

echo
echo "== summary ($seconds s per target; logs in $scratch)"
cat "$summary"
exit $status
