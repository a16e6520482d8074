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
prefix=$(meson introspect "$build" --buildoptions | python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')
datadir=$(meson introspect "$build" --buildoptions | python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "datadir"))')
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
  "$datadir/applications/io.github.squadlog.SquadLog.desktop" \
  "$datadir/metainfo/io.github.squadlog.SquadLog.metainfo.xml" \
  "$datadir/mime/packages/io.github.squadlog.SquadLog.xml" \
  "$datadir/glib-2.0/schemas/io.github.squadlog.SquadLog.gschema.xml" \
  "$datadir/icons/hicolor/scalable/apps/io.github.squadlog.SquadLog.svg" \
  "$datadir/icons/hicolor/symbolic/apps/io.github.squadlog.SquadLog-symbolic.svg" \
  "$datadir/licenses/squadlog/COPYING"
do
  n=$((n + 1))
  if [ -e "$root/$f" ]; then
    echo "ok $n - $f"
  else
    echo "not ok $n - $f is not installed"
    fail=1
  fi
done
echo "1..$n"
exit $fail
