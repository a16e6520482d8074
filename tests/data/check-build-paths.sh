#!/bin/sh
# The program holds no path of the tree it was built in, nor of its sources
# (issue 20): the same sources build the same program in any folder. Its
# debugging information is left out (distributions map or split it off);
# what it runs with is not. TAP output.
#
#   check-build-paths.sh PROGRAM SOURCE_ROOT BUILD_ROOT
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
program=${1:?usage: check-build-paths.sh PROGRAM SOURCE_ROOT BUILD_ROOT}
source_root=$(cd "${2:?}" && pwd -P)
build_root=$(cd "${3:?}" && pwd -P)
stripped=$(mktemp)
trap 'rm -f "$stripped"' EXIT
if ! objcopy --strip-debug "$program" "$stripped" 2>/dev/null; then
  echo "1..0 # SKIP objcopy cannot read $program"
  exit 0
fi
n=0
fail=0
for path in "$source_root" "$build_root"; do
  n=$((n + 1))
  if LC_ALL=C grep -aqF "$path" "$stripped"; then
    echo "not ok $n - $program holds $path:"
    LC_ALL=C strings "$stripped" | grep -F "$path" | sed 's/^/#   /'
    fail=1
  else
    echo "ok $n - $program does not hold $path"
  fi
done
echo "1..$n"
exit $fail
