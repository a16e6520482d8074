#!/bin/sh
# Measures resolutions per second through `squadlog resolve --jsonl`.
#
#   tests/bench/bench-resolve.sh [N] [SQUADLOG]
#
# Generates N mixed requests (every die given, so the work is the same each
# run), resolves them five times, and prints the median rate.
set -eu
cd "$(dirname "$0")/../.."
n=${1:-100000}
squadlog=${2:-build/src/squadlog}
[ -x "$squadlog" ] || { echo "build first: $squadlog is missing" >&2; exit 1; }
# The rules data of this tree (the program holds no path of it).
export SQUADLOG_PKGDATADIR="$PWD/data"

requests=$(mktemp)
trap 'rm -f "$requests"' EXIT

python3 - "$n" > "$requests" <<'PY'
import json, sys, random
random.seed(1995)
n = int(sys.argv[1])
weapons = ["LP", "LR", "SAR", "SP", "SC", "SR", "SMG", "P"]
suits = ["LI", "BI", "M", "TS", "RS", "SNF", "SSS", "MZG", "NONE"]
moves = ["none", "walk", "run", "sprint", "jump"]
covers = ["none", "half-soft", "half-hard", "light-woods", "heavy-woods"]
wounds = ["none", "light", "moderate", "serious"]
out = []
for i in range(n):
    k = i % 4
    if k == 0:
        r = {"kind": "to-hit",
             "firer": {"troop": "combat-arms", "armor": random.choice(suits),
                       "weapon": random.choice(weapons), "movement": random.choice(moves)},
             "target": {"movement": random.choice(moves), "cover": random.choice(covers)},
             "conditions": {"night": random.random() < 0.3},
             "roll": random.randint(2, 10)}
    elif k == 1:
        r = {"kind": "damage", "weapon": random.choice(weapons), "armor": random.choice(suits),
             "wound": random.choice(wounds), "natural_roll": random.randint(1, 10)}
    elif k == 2:
        r = {"kind": "burst-hits", "rounds": random.randint(1, 5), "roll": random.randint(1, 10)}
    else:
        r = {"kind": "obstacle", "obstacle": "internal-wall", "weapon": random.choice(weapons)}
    out.append(json.dumps(r))
print("\n".join(out))
PY

python3 - "$squadlog" "$requests" "$n" <<'PY'
import statistics, subprocess, sys, time
squadlog, requests, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
rates = []
for run in range(5):
    with open(requests) as f:
        start = time.perf_counter()
        subprocess.run([squadlog, "resolve", "--jsonl"], stdin=f, stdout=subprocess.DEVNULL)
        rates.append(n / (time.perf_counter() - start))
print(f"squadlog resolve --jsonl: {n} requests, median {statistics.median(rates):.0f} resolutions/s")
PY
