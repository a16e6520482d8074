#!/usr/bin/env python3
# Checks the metainfo as built (translations merged) as a store reviewer
# would (Flathub, GNOME Circle): appstreamcli validate --no-net --pedantic
# says nothing but the note on the id's upper-case letters; the developer
# with an id and a name; the brand colours for light and dark; the links;
# a release entry for this version, with a date and notes; screenshots of
# the app's window at 1366×768, each a picture in docs/screenshots/ of that
# size, named at this version's tag. TAP output.
#
#   check-metainfo.py METAINFO SOURCE_ROOT
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

metainfo, source_root = sys.argv[1:3]
results = []


def check(ok, what):
    results.append((bool(ok), what))
    return bool(ok)


with open(f"{source_root}/meson.build", encoding="utf-8") as f:
    version = re.search(r"version: '([^']+)'", f.read()).group(1)
root = ET.parse(metainfo).getroot()
component_id = root.findtext("id")

# The validator. Debian 12's AppStream (0.16) does not know <developer>
# yet (AppStream 1.0 made it the way to name the developer, and
# <developer_name> deprecated): with it, that one note is expected too.
appstreamcli = shutil.which("appstreamcli")
if appstreamcli:
    run = subprocess.run([appstreamcli, "validate", "--no-net", "--pedantic", "--no-color", metainfo],
                         capture_output=True, text=True)
    about = subprocess.run([appstreamcli, "--version"], capture_output=True, text=True).stdout
    old = re.search(r"(\d+)\.(\d+)", about)
    allowed = {"cid-contains-uppercase-letter"}
    if old and (int(old.group(1)), int(old.group(2))) < (1, 0):
        allowed.add("unknown-tag developer")
    notes = [line for line in run.stdout.splitlines() if re.match(r"^[EWIP]: ", line)]
    unexpected = [n for n in notes if not any(a in n for a in allowed)]
    check(run.returncode == 0 and not unexpected,
          "appstreamcli validate --no-net --pedantic: nothing but " + " and ".join(sorted(allowed)))
    for line in unexpected:
        print(f"# {line}")

developer = root.find("developer")
check(developer is not None and developer.get("id") and developer.findtext("name"),
      "<developer id=…> with its <name>")
check(root.find("developer_name") is None, "no deprecated <developer_name>")
colours = {c.get("scheme_preference"): c.text for c in root.findall("branding/color")
           if c.get("type") == "primary"}
check(set(colours) == {"light", "dark"} and all(re.fullmatch(r"#[0-9a-fA-F]{6}", c or "") for c in colours.values()),
      "brand colours for the light and the dark style")
urls = {u.get("type"): u.text for u in root.findall("url")}
for kind in ("homepage", "bugtracker", "vcs-browser"):
    check((urls.get(kind) or "").startswith("https://"), f"<url type=\"{kind}\">")
check(root.findtext("launchable") == f"{component_id}.desktop", "launchable: the desktop file")
check(root.find("content_rating") is not None, "a content rating (OARS)")
check(root.findtext("project_license") == "GPL-3.0-or-later", "the project licence")
description = " ".join(root.find("description").itertext())
check("1995 FASA playtest rulebook" in description and "unofficial" in description,
      "the description says where the rules data come from")

release = root.find(f"releases/release[@version='{version}']")
check(release is not None, f"a release entry for {version} (meson.build's version)")
if release is not None:
    check(re.fullmatch(r"\d{4}-\d\d-\d\d", release.get("date", "")), f"release {version} has a date")
    check(release.find("description") is not None and len(list(release.find("description"))) > 0,
          f"release {version} has notes")


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


screenshots = root.findall("screenshots/screenshot")
check(len(screenshots) >= 3, f"screenshots ({len(screenshots)})")
check(sum(1 for s in screenshots if s.get("type") == "default") == 1, "one default screenshot")
for shot in screenshots:
    image = shot.find("image")
    url = image.text if image is not None else ""
    name = url.rsplit("/", 1)[-1]
    check(shot.findtext("caption"), f"{name}: a caption")
    check(url.startswith(f"https://raw.githubusercontent.com/squadlog/squadlog/v{version}/docs/screenshots/"),
          f"{name}: named at the tag v{version}, as it is in docs/screenshots/")
    size = png_size(f"{source_root}/docs/screenshots/{name}") if name.endswith(".png") else None
    check(size == (1366, 768), f"{name}: the window at 1366×768 (the picture is {size})")
    check(image is not None and (image.get("width"), image.get("height")) == ("1366", "768"),
          f"{name}: its size is given")

for i, (ok, what) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {what}")
print(f"1..{len(results)}")
sys.exit(0 if all(ok for ok, _ in results) else 1)
