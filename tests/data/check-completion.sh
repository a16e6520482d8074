#!/bin/bash
# Drives the bash completion of squadlog as bash would (COMP_LINE,
# COMP_WORDS split at "=") and checks what it offers: the commands, each
# command's options, the scenarios' ids, the rule options' ids and values,
# the rules reference's ids.
# TAP output.
#
#   check-completion.sh COMPLETION_FILE SOURCE_ROOT
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
completion=${1:?usage: check-completion.sh COMPLETION_FILE SOURCE_ROOT}
top=${2:?usage: check-completion.sh COMPLETION_FILE SOURCE_ROOT}
top=$(cd "$top" && pwd)
n=0
fail=0

# shellcheck disable=SC1090
source "$completion" || { echo "not ok 1 - $completion cannot be read by bash"; echo "1..1"; exit 1; }
# The scenarios that come with Squad Log, none of the user's.
export SQUADLOG_PKGDATADIR=$top/data XDG_DATA_HOME=$(mktemp -d)
unset SQUADLOG_DATA_DIR
trap 'rm -rf "$XDG_DATA_HOME"' EXIT
cd "$XDG_DATA_HOME" || exit 1

# complete LINE: what the completion offers at the end of LINE, sorted.
complete_line () {
  COMP_LINE=$1
  COMP_POINT=${#COMP_LINE}
  local split=${COMP_LINE//=/ = }
  read -ra COMP_WORDS <<< "$split"
  [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _squadlog
  printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//'
}

expect () {
  local got
  got=$(complete_line "$1")
  n=$((n + 1))
  if [[ $got == "$2" ]]; then
    echo "ok $n - “$1” offers $2"
  else
    echo "not ok $n - “$1” offers “$got”, not “$2”"
    fail=1
  fi
}

# contains LINE WORD: WORD is among what LINE offers.
contains () {
  local got
  got=" $(complete_line "$1") "
  n=$((n + 1))
  if [[ $got == *" $2 "* ]]; then
    echo "ok $n - “$1” offers $2"
  else
    echo "not ok $n - “$1” does not offer $2 (offers:$got)"
    fail=1
  fi
}

expect "squadlog re" "replay report resolve"
expect "squadlog ru" "rules"
expect "squadlog -" "--help --version"
expect "squadlog resolve --" "--help --jsonl --pretty --rules --seed"
expect "squadlog new --" "--force --help --option --output --rules --scenario"
expect "squadlog play --" "--help --quiet --rules --seed"
expect "squadlog replay --" "--help --json --rules --table --until"
expect "squadlog print --" "--blank --force --help --output --paper --rules --squad"
expect "squadlog report --" "--force --help --output --rules"
expect "squadlog rules --" "--help --json --kind"
expect "squadlog rules " "list search show"
expect "squadlog rules list --kind " "example option procedure ruling table"
expect "squadlog rules show P-3" "P-30 P-31 P-32 P-33 P-34 P-35 P-36 P-37 P-38 P-39"
expect "squadlog rules show initiativeT" "initiativeTieBreak"
expect "squadlog rules show P-34 " ""
expect "squadlog print game.squadlog --paper " "a4 letter"

# Every scenario that comes with Squad Log, by its id.
ids=$(cd "$top/data/scenarios" && ls -- *.json | sed 's/\.json$//' | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')
expect "squadlog new --scenario " "$ids"
expect "squadlog new -s t" "training"
expect "squadlog new --scenario=pe" "pest-control"
# The user's own scenarios too.
mkdir -p "$XDG_DATA_HOME/squadlog/scenarios"
echo '{}' > "$XDG_DATA_HOME/squadlog/scenarios/my-raid.json"
expect "squadlog new --scenario my" "my-raid"

# Every rule option of the rules data, by its id, and the values of those
# that have a list of them.
while IFS=' ' read -r id values; do
  contains "squadlog new --option ${id:0:${#id}-1}" "$id="
  if [[ -n $values ]]; then
    expect "squadlog new --option $id=" "$(printf '=%s\n' $values | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')"
  fi
done < <(python3 - "$top/data/rules/streets-of-blood.json" <<'PY'
import json, sys
for o in json.load(open(sys.argv[1], encoding="utf-8"))["options"]:
    values = ["true", "false"] if o["type"] == "bool" else o.get("choices", [])
    values = list(values) + (["null"] if o.get("nullable") else [])
    print(o["id"], " ".join(values))
PY
)
expect "squadlog new --option initiativeTieBreak=le" "leader"

echo "1..$n"
exit $fail
