#!/usr/bin/env python3
# Checks the Flatpak manifest (it cannot be built here: no Flatpak remotes):
# valid JSON, the application id and command, a GNOME runtime that ships
# every library meson asks for, only the permissions the app needs, and the
# app built with meson from this repository. TAP output.
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import re
import sys

source_root = sys.argv[1]
results = []


def check(ok, what):
    results.append((bool(ok), what))


try:
    with open(f"{source_root}/flatpak/io.github.squadlog.SquadLog.json", encoding="utf-8") as f:
        manifest = json.load(f)
    check(True, "the manifest is valid JSON")
except (OSError, ValueError) as e:
    print(f"not ok 1 - the manifest cannot be read: {e}")
    print("1..1")
    sys.exit(1)

check(manifest.get("id") == "io.github.squadlog.SquadLog", "the application id")
check(manifest.get("command") == "squadlog", "the command is squadlog")
check(manifest.get("runtime") == "org.gnome.Platform" and manifest.get("sdk") == "org.gnome.Sdk",
      "the GNOME runtime and SDK")
version = int(manifest.get("runtime-version", "0"))
# GNOME 43 is the first runtime with GTK 4.8 and libadwaita 1.2.
check(version >= 43, "a runtime with GTK 4.8 and libadwaita 1.2 (GNOME 43 or later)")

args = manifest.get("finish-args", [])
check("--share=network" not in args, "no network")
check(not any(a.startswith("--filesystem") for a in args), "files only through the portal (no --filesystem)")
check("--socket=wayland" in args and "--socket=fallback-x11" in args, "a display")

modules = manifest.get("modules", [])
app = modules[-1] if modules else {}
check(app.get("name") == "squadlog" and app.get("buildsystem") == "meson", "the app is built with meson")
check(any(s.get("type") == "dir" and s.get("path") == ".." for s in app.get("sources", [])),
      "from this repository")

# Every dependency meson asks for is in the GNOME runtime (or a module).
provided = {"glib-2.0", "gio-2.0", "json-glib-1.0", "gtk4", "libadwaita-1", "cairo", "cairo-pdf",
            "pangocairo"}
provided |= {m.get("name") for m in modules}
with open(f"{source_root}/meson.build", encoding="utf-8") as f:
    text = f.read()
for sub in ("src/print/meson.build",):
    with open(f"{source_root}/{sub}", encoding="utf-8") as f:
        text += f.read()
wanted = set(re.findall(r"dependency\('([^']+)'", text))
for dep in sorted(wanted):
    check(dep in provided, f"{dep} is in the runtime")

for i, (ok, what) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {what}")
print(f"1..{len(results)}")
sys.exit(0 if all(ok for ok, _ in results) else 1)
