#!/usr/bin/env python3
# Makes the bash completion of squadlog from its template, the rules data
# and the rules reference: the ids of the rule options, the values of those
# that have a list of them (true/false, the choices, null where an option
# may be unset), and the ids of the reference's entries.
#
#   gen-completion.py RULES.json TEMPLATE OUTPUT PKGDATADIR [REFERENCE.json…]
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import sys

rules_path, template_path, output_path, pkgdatadir = sys.argv[1:5]
reference_ids = []
for path in sys.argv[5:]:
    with open(path, encoding="utf-8") as f:
        reference_ids += [entry["id"] for entry in json.load(f)["entries"]]
with open(rules_path, encoding="utf-8") as f:
    options = json.load(f)["options"]

cases = []
for option in options:
    if option["type"] == "bool":
        values = ["true", "false"]
    elif option["type"] == "choice":
        values = list(option["choices"])
    else:
        values = []
    if option.get("nullable"):
        values.append("null")
    if values:
        cases.append(f"    {option['id']}) echo \"{' '.join(values)}\" ;;")

with open(template_path, encoding="utf-8") as f:
    text = f.read()
text = text.replace("@RULE_OPTIONS@", " ".join(o["id"] for o in options))
text = text.replace("@RULE_OPTION_VALUES@", "\n".join(cases))
text = text.replace("@REFERENCE_IDS@", " ".join(reference_ids))
text = text.replace("@PKGDATADIR@", pkgdatadir)
with open(output_path, "w", encoding="utf-8") as f:
    f.write(text)
