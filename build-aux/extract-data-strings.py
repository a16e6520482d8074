#!/usr/bin/env python3
# Writes data/data-strings.c: the names and texts of the rules data
# (data/rules/*.json), of the shipped scenarios (data/scenarios/*.json) and
# of the rules reference (data/reference/*.json: titles, texts, rulings,
# table heads and the table cells that hold words) as N_() entries, so that
# xgettext puts them in po/squadlog.pot and the core can show them
# translated (sl-rules.c, sl-setup.c and sl-reference.c look every one of
# them up in the catalogue when they load the files).
#
#   extract-data-strings.py SOURCE_ROOT           rewrite the file
#   extract-data-strings.py SOURCE_ROOT --check   TAP: is it up to date?
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import sys

RULES_KEYS = {"name", "title", "description", "high", "low"}


def c_string(s):
    out = s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + out + '"'


def rules_strings(doc, path, out):
    """Every name, title and description in the rules data, with where."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            where = f"{path}.{key}" if path else key
            if isinstance(value, str) and key in RULES_KEYS and value:
                out.append((value, where))
            else:
                rules_strings(value, where, out)
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            rules_strings(value, f"{path}[{i}]", out)


def scenario_strings(doc, out):
    """A scenario's own texts: not its soldiers' names, which are names."""
    sid = doc.get("id", "?")
    for key in ("name", "description"):
        if doc.get(key):
            out.append((doc[key], f"scenario {sid}: {key}"))
    for key in ("notes", "special"):
        for i, note in enumerate(doc.get(key, [])):
            if isinstance(note, str) and note:
                out.append((note, f"scenario {sid}: {key}[{i}]"))
    for i, condition in enumerate(doc.get("special_conditions", [])):
        if isinstance(condition, dict) and isinstance(condition.get("text"), str) and condition["text"]:
            out.append((condition["text"], f"scenario {sid}: special_conditions[{i}].text"))
    for side_id, text in (doc.get("starting_positions") or {}).items():
        if isinstance(text, str) and text:
            out.append((text, f"scenario {sid}: starting_positions.{side_id}"))
    victory = doc.get("victory") or {}
    if victory.get("objective"):
        out.append((victory["objective"], f"scenario {sid}: victory.objective"))
    for side_id, side in (victory.get("sides") or {}).items():
        if isinstance(side, dict) and side.get("description"):
            out.append((side["description"], f"scenario {sid}: victory.sides.{side_id}.description"))
    for side in doc.get("sides", []):
        if side.get("name"):
            out.append((side["name"], f"scenario {sid}: side {side.get('id')}"))
        for squad in side.get("squads", []):
            if squad.get("name"):
                out.append((squad["name"], f"scenario {sid}: squad {squad.get('id')}"))
            for g in squad.get("groupings", []):
                if g.get("name"):
                    out.append((g["name"], f"scenario {sid}: grouping {g.get('id')}"))


def has_letters(s):
    return any(c.isalpha() for c in s)


def reference_strings(doc, out):
    """An entry's words: what sl-reference.c translates (a cell that is a
    number or a range, "+1" or "4–5", is shown as it is)."""
    for entry in doc.get("entries", []):
        if not isinstance(entry, dict):
            continue
        eid = entry.get("id", "?")
        for key in ("title", "text", "ruling"):
            if isinstance(entry.get(key), str) and entry[key]:
                out.append((entry[key], f"{eid} {key}"))
        table = entry.get("table")
        if isinstance(table, dict):
            for i, head in enumerate(table.get("columns", [])):
                if isinstance(head, str) and head:
                    out.append((head, f"{eid} table column {i + 1}"))
            for r, row in enumerate(table.get("rows", [])):
                for c, cell in enumerate(row if isinstance(row, list) else []):
                    if isinstance(cell, str) and has_letters(cell):
                        out.append((cell, f"{eid} table row {r + 1}, column {c + 1}"))


def generate(top):
    entries = []
    for sub, collect in (("rules", lambda d, f, o: rules_strings(d, "", o)),
                         ("scenarios", lambda d, f, o: scenario_strings(d, o)),
                         ("reference", lambda d, f, o: reference_strings(d, o))):
        folder = os.path.join(top, "data", sub)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                doc = json.load(f)
            found = []
            collect(doc, name, found)
            entries.extend((text, f"data/{sub}/{name}: {where}") for text, where in found)
    seen = set()
    lines = [
        "/* Generated by build-aux/extract-data-strings.py from data/rules,",
        " * data/scenarios and data/reference: do not edit; run the script after",
        " * changing the data.",
        " * Not compiled: it shows xgettext the data's names and texts. */",
        "",
        "static const char *data_strings[] = {",
    ]
    for text, where in entries:
        if text in seen:
            continue
        seen.add(text)
        lines.append(f"  /* Translators: {where.replace('*/', '* /')} */")
        if "%" in text:
            # "a 50 % chance" is words, not a printf format.
            lines.append("  /* xgettext:no-c-format */")
        lines.append(f"  N_({c_string(text)}),")
    lines.append("};")
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) < 2:
        print("usage: extract-data-strings.py SOURCE_ROOT [--check]", file=sys.stderr)
        return 2
    top = sys.argv[1]
    target = os.path.join(top, "data", "data-strings.c")
    text = generate(top)
    if "--check" in sys.argv[2:]:
        try:
            with open(target, encoding="utf-8") as f:
                current = f.read()
        except OSError:
            current = None
        print("1..1")
        if current == text:
            print("ok 1 - data/data-strings.c holds every name and text of the data")
            return 0
        print("not ok 1 - data/data-strings.c is out of date: "
              "run build-aux/extract-data-strings.py . and translate the new strings")
        return 1
    with open(target, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
