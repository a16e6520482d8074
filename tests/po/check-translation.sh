#!/bin/sh
# Checks a translation against the sources: msgfmt accepts it with format
# checks (every %s and %d of the source in the translation), nothing in it is
# untranslated or fuzzy, and it translates every message of a template made
# now from po/POTFILES.in (so a new string in the code fails here until it is
# translated). TAP output.
#
#   check-translation.sh SOURCE_ROOT LANG
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
top=${1:?usage: check-translation.sh SOURCE_ROOT LANG}
lang=${2:?usage: check-translation.sh SOURCE_ROOT LANG}
po=$top/po/$lang.po
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..3"
if out=$(msgfmt --check --check-format --statistics -o /dev/null "$po" 2>&1); then
  echo "ok 1 - $lang.po compiles with its formats checked"
else
  echo "not ok 1 - $lang.po does not compile:"
  echo "$out" | sed 's/^/# /'
  exit 1
fi
case "$out" in
  *untranslated*|*fuzzy*)
    echo "not ok 2 - $lang.po is incomplete: $out"
    fail=1 ;;
  *)
    echo "ok 2 - $lang.po has no untranslated or fuzzy message ($out)"
    fail=0 ;;
esac
# The same keywords as meson's i18n 'glib' preset.
grep -v '^#' "$top/po/POTFILES.in" | grep -v '^$' > "$tmp/files"
if ! xgettext --directory="$top" --files-from="$tmp/files" --from-code=UTF-8 \
       --add-comments --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
       --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
       --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
       --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
       --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
       --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
       -o "$tmp/template.pot" 2> "$tmp/err"; then
  echo "not ok 3 - xgettext could not read the sources:"
  sed 's/^/# /' "$tmp/err"
  exit 1
fi
if msgcmp "$po" "$tmp/template.pot" > "$tmp/cmp" 2>&1; then
  echo "ok 3 - $lang.po translates every message in the sources"
else
  echo "not ok 3 - $lang.po misses messages of the sources (msgmerge it with the template):"
  sed 's/^/# /' "$tmp/cmp" | head -40
  fail=1
fi
exit $fail
