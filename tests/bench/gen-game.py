#!/usr/bin/env python3
"""Writes a long saved game for the replay benchmark: 30 turns, 4 squads of
8 (32 units), about 10 000 journal entries, every die given.

    gen-game.py [--entries N]

With --entries, exactly N entries: the game's first N, or, for more than
a game of up to 200 turns holds, corrections (always allowed) before it.

Each subphase every unit starts a 1-AP action: a walk, or in subphases 2
and 6 a laser shot that misses (a 10), so that everyone lives for 30 turns
and the rate of fire (2 a turn, never in consecutive subphases) holds."""
import json
import sys

ENTRIES = None
if len(sys.argv) == 3 and sys.argv[1] == "--entries":
    ENTRIES = int(sys.argv[2])
TURNS = 30 if ENTRIES is None else min(200, max(1, ENTRIES // 380 + 1))

def unit(side, n):
    return {"id": f"{side}-{n}", "counter": n, "troop": "combat-arms", "armor": "BI",
            "weapons": ["LR", "LP"]}

def squad(side, q, first):
    units = [unit(side, first + i) for i in range(8)]
    ids = [u["id"] for u in units]
    return {"id": f"{side}-q{q}", "name": f"{side} squad {q}", "leader": ids[0],
            "groupings": [{"id": f"{side}-q{q}-a", "units": ids[:4]},
                          {"id": f"{side}-q{q}-b", "units": ids[4:]}],
            "units": units}

setup = {
    "id": "bench", "name": "Replay benchmark", "length_turns": TURNS,
    "modules": ["leadership"],
    "sides": [
        {"id": "a", "squads": [squad("a", 1, 1), squad("a", 2, 9)]},
        {"id": "b", "squads": [squad("b", 1, 17), squad("b", 2, 25)]},
    ],
}
groupings = [g["id"] for side in setup["sides"] for q in side["squads"] for g in q["groupings"]]
units = [u["id"] for side in setup["sides"] for q in side["squads"] for u in q["units"]]
enemy = {u: ("b-17" if u.startswith("a") else "a-1") for u in units}

journal = []
def add(command):
    journal.append({"command": command})

for turn in range(1, TURNS + 1):
    rolls = {g: 1 + i for i, g in enumerate(groupings)}  # no ties
    add({"type": "initiative", "rolls": rolls})
    for sub in range(1, 11):
        firing = sub in (2, 6)
        for u in units:
            if firing:
                add({"type": "declare", "unit": u, "action": "fire", "target": enemy[u]})
            else:
                add({"type": "declare", "unit": u, "action": "walk"})
        if firing:
            add({"type": "next"})  # to the ranged-fire step
            for u in units:
                add({"type": "fire", "unit": u, "roll": 10})
        add({"type": "next"})

if ENTRIES is not None:
    pad = max(0, ENTRIES - len(journal))
    journal = [{"command": {"type": "correct", "unit": "a-1", "field": "keys", "value": i % 2}}
               for i in range(pad)] + journal
    journal = journal[:ENTRIES]

out = sys.stdout
out.write('{\n  "format": "squadlog-game",\n  "version": 1,\n  "rules": "streets-of-blood",\n')
out.write('  "setup": ' + json.dumps(setup) + ',\n  "journal": [\n')
out.write(',\n'.join('    ' + json.dumps(e) for e in journal))
out.write('\n  ]\n}\n')
print(f"{len(journal)} entries", file=sys.stderr)
