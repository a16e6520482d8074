#!/bin/sh
# Checks po/POTFILES.in against the sources: every file with a translatable
# string (_(), N_(), C_(), NC_(), g_dngettext, ngettext, translatable="yes")
# is listed, and every listed file exists. TAP output.
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
top=${1:?usage: check-potfiles.sh SOURCE_ROOT}
cd "$top" || exit 1
list=po/POTFILES.in
n=0
fail=0

listed () {
  grep -v '^#' "$list" | grep -qx "$1"
}

for f in $(find src ui data -type f \( -name '*.c' -o -name '*.ui' -o -name '*.desktop.in' \
             -o -name '*.metainfo.xml.in' -o -name '*.mime.xml.in' -o -name '*.gschema.xml' \) 2>/dev/null | LC_ALL=C sort); do
  if grep -Eq '(^|[^A-Za-z0-9_])(N?C?_|ngettext|g_dngettext) ?\(|translatable="yes"|<_?(name|summary|description|p|comment)>' "$f"; then
    n=$((n + 1))
    if listed "$f"; then
      echo "ok $n - $f is in $list"
    else
      echo "not ok $n - $f has translatable strings but is not in $list"
      fail=1
    fi
  fi
done
for f in $(grep -v '^#' "$list" | grep -v '^$'); do
  n=$((n + 1))
  if [ -f "$f" ]; then
    echo "ok $n - $f exists"
  else
    echo "not ok $n - $list names $f, which does not exist"
    fail=1
  fi
done
echo "1..$n"
exit $fail
