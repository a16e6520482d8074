#!/bin/sh
# Installs the build into a scratch directory and checks that every file a
# desktop needs is there. TAP output.
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
build=${1:?usage: check-install.sh BUILD_DIR}
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
if ! meson install -C "$build" --destdir "$dest" --no-rebuild --quiet >"$dest.log" 2>&1; then
  echo "not ok 1 - meson install"
  sed 's/^/# /' "$dest.log"
  rm -f "$dest.log"
  echo "1..1"
  exit 1
fi
rm -f "$dest.log"
option () {
  meson introspect "$build" --buildoptions |
    python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == sys.argv[1]))' "$1"
}
prefix=$(option prefix)
datadir=$(option datadir)
mandir=$(option mandir)
root="$dest$prefix"
n=0
fail=0
for f in \
  bin/squadlog \
  "$datadir/squadlog/rules/streets-of-blood.json" \
  "$datadir/squadlog/scenarios/training.json" \
  "$datadir/squadlog/scenarios/definitely-not-camping.json" \
  "$datadir/squadlog/scenarios/blow-the-damn-thing-up.json" \
  "$datadir/squadlog/scenarios/pest-control.json" \
  "$datadir/squadlog/reference/tables.json" \
  "$datadir/squadlog/reference/procedures.json" \
  "$datadir/squadlog/reference/examples.json" \
  "$datadir/squadlog/reference/rulings-1.json" \
  "$datadir/squadlog/reference/rulings-2.json" \
  "$datadir/squadlog/reference/options.json" \
  "$datadir/applications/io.github.squadlog.SquadLog.desktop" \
  "$datadir/metainfo/io.github.squadlog.SquadLog.metainfo.xml" \
  "$datadir/mime/packages/io.github.squadlog.SquadLog.xml" \
  "$datadir/glib-2.0/schemas/io.github.squadlog.SquadLog.gschema.xml" \
  "$datadir/icons/hicolor/scalable/apps/io.github.squadlog.SquadLog.svg" \
  "$datadir/icons/hicolor/symbolic/apps/io.github.squadlog.SquadLog-symbolic.svg" \
  "$mandir/man1/squadlog.1" \
  "$datadir/bash-completion/completions/squadlog" \
  "$datadir/licenses/squadlog/COPYING" \
  "$datadir/doc/squadlog/README.md" \
  "$datadir/doc/squadlog/cli.md" \
  "$datadir/doc/squadlog/resolve.md" \
  "$datadir/doc/squadlog/commands.md" \
  "$datadir/doc/squadlog/game-format.md" \
  "$datadir/doc/squadlog/rules-data.md" \
  "$datadir/doc/squadlog/table-screen.md" \
  "$datadir/doc/squadlog/screenshots/printed-log.png"
do
  n=$((n + 1))
  if [ -e "$root/$f" ]; then
    echo "ok $n - $f"
  else
    echo "not ok $n - $f is not installed"
    fail=1
  fi
done

# What is installed is valid as installed: the launcher, the store listing
# (with the upper-case letters of the id, the only note allowed), the file
# type (with its translations), the manual page.
check () {
  n=$((n + 1))
  if out=$("$@" 2>&1); then
    echo "ok $n - $*" | sed "s|$dest||g"
  else
    echo "not ok $n - $*" | sed "s|$dest||g"
    echo "$out" | sed 's/^/# /'
    fail=1
  fi
}
apps="$root/$datadir/applications"
if command -v desktop-file-validate >/dev/null; then
  check desktop-file-validate "$apps/io.github.squadlog.SquadLog.desktop"
fi
# The metainfo as installed, as check-metainfo.py checks it in the build.
metainfo="$root/$datadir/metainfo/io.github.squadlog.SquadLog.metainfo.xml"
n=$((n + 1))
if out=$(python3 "$(dirname "$0")/check-metainfo.py" "$metainfo" "$(dirname "$0")/../.." 2>&1); then
  echo "ok $n - the installed metainfo passes check-metainfo.py (appstreamcli --pedantic among its checks)"
else
  echo "not ok $n - the installed metainfo:"
  echo "$out" | grep -v '^ok' | sed 's/^/# /'
  fail=1
fi
if command -v update-mime-database >/dev/null; then
  mime=$(mktemp -d)
  mkdir -p "$mime/packages"
  cp "$root/$datadir/mime/packages/io.github.squadlog.SquadLog.xml" "$mime/packages/"
  n=$((n + 1))
  if update-mime-database "$mime" >/dev/null 2>&1 && grep -q "application/x-squadlog" "$mime/globs2" 2>/dev/null; then
    echo "ok $n - update-mime-database knows *.squadlog"
  else
    echo "not ok $n - update-mime-database does not know *.squadlog"
    fail=1
  fi
  rm -rf "$mime"
fi
echo "1..$n"
exit $fail
