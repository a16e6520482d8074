#!/usr/bin/env python3
# No rule is decided under src/ui or src/print (docs/HACKING.md, "No rule
# in the front ends"): what a unit may do, who leads, who may be a target,
# what is secret for whom are the core's — the table model's
# (src/core/table) or a core predicate's. This test finds the reads of the
# game state that such decisions are made of (a unit's status, its hidden
# flag, a marker's secret, a note's seal, the leaders, the step held, the
# zero-G environment, the rules modules) in the front ends, and fails when a
# file has more than tests/ui-rules-allowed.txt grants it: a new one goes
# to the core. The list only shrinks; a file below its count is told so.
# TAP output.
#
#   check-ui-rules.py SOURCE_ROOT
import os
import re
import sys

PATTERNS = [
    ("a unit's status", r"\bsl_state_unit_(out|dazed|out_at_step|dazed_at_step|ambushed|idle|to_decide)\b"),
    ("hidden (§15.1)", r"(->|\.)hidden\b"),
    ("a secret or a seal", r"(->|\.)secret\b|\bnote_status\s*\["),
    ("a squad's leader (P-32)", r"\b(squad|acting)_leader\s*\["),
    ("the step held (A-18)", r"\bstep_units\s*\[|\bheld_step\b"),
    ("an ambush (§5.2)", r"\bidle_until\b"),
    ("zero-G (P-21)", r"\benvironment\.zero_g\b"),
    ("automatic fire (§15.3)", r"->auto_fire\b"),
    ("a rules module", r"\bsl_setup_has_module\b"),
]


def code_lines(text):
    """The lines of @text without its comments and string literals."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r'"(\\.|[^"\\])*"', '""', text)
    return text.split("\n")


def main():
    top = sys.argv[1]
    allowed = {}
    with open(os.path.join(top, "tests", "ui-rules-allowed.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            path, count = line.split(":", 1)[0], line.split(":", 1)[1].split()[0]
            allowed[path] = int(count)
    found = {}
    places = {}
    for root in ("src/ui", "src/print"):
        for dirpath, _, files in os.walk(os.path.join(top, root)):
            for name in sorted(files):
                if not name.endswith(".c"):
                    continue
                path = os.path.relpath(os.path.join(dirpath, name), top)
                with open(os.path.join(top, path), encoding="utf-8") as f:
                    lines = code_lines(f.read())
                for number, line in enumerate(lines, 1):
                    for what, pattern in PATTERNS:
                        if re.search(pattern, line):
                            found[path] = found.get(path, 0) + 1
                            places.setdefault(path, []).append(f"{path}:{number}: {what}: {line.strip()}")
    paths = sorted(set(found) | set(allowed))
    print(f"1..{len(paths)}")
    failed = False
    for i, path in enumerate(paths, 1):
        n, most = found.get(path, 0), allowed.get(path, 0)
        if n > most:
            failed = True
            print(f"not ok {i} - {path}: {n} reads of the game state a rule is decided with, {most} allowed;"
                  " ask the table model (src/core/table) or a core predicate instead")
            for place in places.get(path, []):
                print(f"# {place}")
        elif n < most:
            print(f"ok {i} - {path}: {n} of {most} allowed # lower its count in tests/ui-rules-allowed.txt")
        else:
            print(f"ok {i} - {path}: {n}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
