#!/usr/bin/env python3
# Checks the Flatpak manifests as flatpak-builder would need them (no
# runtime can be installed here to build them): the release manifest
# (flatpak/io.github.squadlog.SquadLog.json) builds a tagged commit of the
# git repository — the tag of meson.build's version and the commit it
# names, written in after tagging — the .Devel one the working tree. Both: valid JSON, the
# application id and command, a GNOME runtime still supported (50 or newer)
# whose SDK's meson is as new as meson.build asks, every library meson asks
# for in that runtime, only the permissions the app needs, meson options
# that exist. TAP output.
#
#   check-flatpak.py SOURCE_ROOT
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import re
import subprocess
import sys

source_root = sys.argv[1]
results = []

APP_ID = "io.github.squadlog.SquadLog"
# GNOME 47 went end-of-life in October 2025, 48 in March 2026 (issue 20).
OLDEST_SUPPORTED = 50
# The meson of each GNOME SDK: the freedesktop-sdk it is built on
# (gnome-build-meta's elements/freedesktop-sdk.bst on the gnome-NN branch)
# and that SDK's meson (freedesktop-sdk's elements/components/meson.bst at
# its .0 release). GNOME 43's 0.63 is why the old manifest could not build.
SDK_MESON = {
    43: (0, 63), 44: (0, 63),      # freedesktop-sdk 22.08
    45: (1, 2), 46: (1, 2),        # 23.08
    47: (1, 5), 48: (1, 5),        # 24.08
    49: (1, 9), 50: (1, 9),        # 25.08
    51: (1, 12),                   # 26.08
}
# Options of meson itself that config-opts may set.
MESON_BUILTINS = {"buildtype", "prefix", "libdir", "debug", "optimization", "strip",
                  "b_lto", "b_ndebug", "werror", "warning_level"}


def check(ok, what):
    results.append((bool(ok), what))
    return bool(ok)


def version_tuple(text):
    return tuple(int(x) for x in re.findall(r"\d+", text)[:3])


with open(f"{source_root}/meson.build", encoding="utf-8") as f:
    meson_build = f.read()
with open(f"{source_root}/meson_options.txt", encoding="utf-8") as f:
    project_options = set(re.findall(r"option\('([^']+)'", f.read()))
project_version = re.search(r"version: '([^']+)'", meson_build).group(1)
meson_wanted = version_tuple(re.search(r"meson_version: '>= ?([^']+)'", meson_build).group(1))

# Every dependency meson asks for is in the GNOME runtime (or a module).
provided = {"glib-2.0", "gio-2.0", "json-glib-1.0", "gtk4", "libadwaita-1", "cairo", "cairo-pdf",
            "pangocairo", "bash-completion", "libsoup-3.0", "gnutls"}
wanted = set()
for sub in ("meson.build", "src/print/meson.build", "data/meson.build"):
    with open(f"{source_root}/{sub}", encoding="utf-8") as f:
        wanted |= set(re.findall(r"dependency\('([^']+)'", f.read()))


def git(*args):
    run = subprocess.run(["git", "-C", source_root, *args], capture_output=True, text=True)
    return run.stdout.strip() if run.returncode == 0 else None


def check_manifest(name, app_id):
    path = f"{source_root}/flatpak/{name}"
    try:
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        check(False, f"{name} cannot be read: {e}")
        return None
    check(True, f"{name} is valid JSON")
    check(manifest.get("id") == app_id, f"{name}: the application id {app_id}")
    check(manifest.get("command") == "squadlog", f"{name}: the command is squadlog")
    check(manifest.get("runtime") == "org.gnome.Platform" and manifest.get("sdk") == "org.gnome.Sdk",
          f"{name}: the GNOME runtime and SDK")
    runtime = str(manifest.get("runtime-version", ""))
    version = int(runtime) if runtime.isdigit() else 0
    check(version >= OLDEST_SUPPORTED,
          f"{name}: GNOME {runtime or '?'} is still supported ({OLDEST_SUPPORTED} or newer)")
    sdk_meson = SDK_MESON.get(version)
    check(sdk_meson is not None and sdk_meson >= meson_wanted,
          f"{name}: the SDK's meson ({'.'.join(map(str, sdk_meson or ())) or 'unknown'}) is as new "
          f"as meson.build asks ({'.'.join(map(str, meson_wanted))})")

    args = manifest.get("finish-args", [])
    # The network only for the private views on phones (docs/phones.md): a
    # server on the local network, off until switched on; nothing else.
    check("--share=network" in args, f"{name}: the network, for the private views on phones")
    check(not any(a.startswith("--filesystem") for a in args),
          f"{name}: files only through the portal (no --filesystem)")
    check("--socket=wayland" in args and "--socket=fallback-x11" in args and "--share=ipc" in args,
          f"{name}: a display")
    check(not any(a.startswith("--talk-name") or a.startswith("--own-name") or a == "--socket=x11"
                  for a in args), f"{name}: no other permission")

    modules = manifest.get("modules", [])
    app = modules[-1] if modules else {}
    check(app.get("name") == "squadlog" and app.get("buildsystem") == "meson",
          f"{name}: the app is built with meson")
    for opt in app.get("config-opts", []):
        m = re.match(r"-D([\w-]+)=", opt)
        check(m and (m.group(1) in project_options or m.group(1) in MESON_BUILTINS),
              f"{name}: {opt} is an option meson knows")
    mine = provided | {m.get("name") for m in modules}
    for dep in sorted(wanted):
        check(dep in mine, f"{name}: {dep} is in the runtime")
    return manifest


release = check_manifest(f"{APP_ID}.json", APP_ID)
devel = check_manifest(f"{APP_ID}.Devel.json", f"{APP_ID}.Devel")

if release and devel:
    check(release.get("runtime-version") == devel.get("runtime-version")
          and release.get("finish-args") == devel.get("finish-args"),
          "the release and .Devel manifests have the same runtime and permissions")

if release:
    # The release builds a tagged commit of the git repository, nothing of
    # the working tree.
    app = release.get("modules", [{}])[-1]
    sources = app.get("sources", [])
    check(not any(s.get("type") == "dir" for m in release.get("modules", []) for s in m.get("sources", [])),
          "release: no dir source (the working tree is the .Devel manifest's)")
    git_sources = [s for s in sources if s.get("type") == "git"]
    source = git_sources[0] if len(git_sources) == 1 else {}
    check(len(git_sources) == 1, "release: built from one git source")
    check(re.fullmatch(r"https://github\.com/squadlog/squadlog(\.git)?", source.get("url", "")),
          "release: from the project's repository, over https")
    tag = source.get("tag", "")
    commit = source.get("commit", "")
    check(tag == f"v{project_version}", f"release: the tag is v{project_version} (meson.build's version)")
    check(re.fullmatch(r"[0-9a-f]{40}", commit), "release: a commit (40 hexadecimal digits)")
    check("branch" not in source, "release: a tag and a commit, not a branch")
    check("-Dtests=false" in app.get("config-opts", []) and "-Dbuildtype=release" in app.get("config-opts", []),
          "release: a release build without the tests")
    # The commit is the one the tag names. It can only be written in once
    # the tag is made (build-aux/flatpak-release-manifest): until then, and
    # in the tagged commit itself, the manifest holds zeros.
    in_git = git("rev-parse", "--git-dir") is not None
    tagged = git("rev-parse", "--verify", "--quiet", f"refs/tags/{tag}^{{commit}}") if in_git else None
    if commit == "0" * 40:
        if tagged is None:
            results.append((True, f"release: the tag's commit # SKIP {tag} is not made yet; "
                                  f"after tagging, run build-aux/flatpak-release-manifest {tag}"))
        else:
            check(tagged == git("rev-parse", "HEAD"),
                  f"release: {tag} is made: build-aux/flatpak-release-manifest {tag} writes its commit in")
    elif tagged is not None:
        check(tagged == commit, f"release: {tag} is commit {commit[:12]} in this clone too")
    else:
        results.append((True, f"release: the tag's commit # SKIP {tag} is not in this "
                              f"{'clone' if in_git else 'tree (not a git clone)'}"))
    # The metainfo describes this release.
    with open(f"{source_root}/data/{APP_ID}.metainfo.xml.in", encoding="utf-8") as f:
        metainfo = f.read()
    check(re.search(rf'<release version="{re.escape(project_version)}" date="\d{{4}}-\d\d-\d\d"', metainfo),
          f"release: the metainfo has the release {project_version}, with its date")

if devel:
    app = devel.get("modules", [{}])[-1]
    check(any(s.get("type") == "dir" and s.get("path") == ".." for s in app.get("sources", [])),
          ".Devel: built from this working tree (a dir source)")
    check("-Dprofile=development" in app.get("config-opts", []), ".Devel: the development profile")

for i, (ok, what) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {what}")
print(f"1..{len(results)}")
sys.exit(0 if all(ok for ok, _ in results) else 1)
