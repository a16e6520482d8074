#!/usr/bin/env python3
# check-parts.py BUILD_DIR: every part of a test program split in parts
# (tests/meson.build, test_parts) runs at least one test: a suite renamed
# or removed would otherwise leave a part that runs nothing, and passes.
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import subprocess
import sys

build = sys.argv[1]
with open(os.path.join(build, 'meson-info', 'intro-tests.json')) as f:
    tests = json.load(f)

parts = [t for t in tests if '-r' in t['cmd']]
print('1..%d' % len(parts))
for n, t in enumerate(parts, 1):
    cmd = [a for a in t['cmd'] if a != '--tap']
    # The window tests start GTK before they list: under Xvfb, as they run.
    i = next(i for i, a in enumerate(cmd) if os.path.basename(a).startswith('test-'))
    program = cmd[i:]
    if cmd[0].endswith('dbus-run-session'):
        program = ['xvfb-run', '-a'] + program
    env = dict(os.environ, **t['env'])
    out = subprocess.run(program + ['-l'], env=env, capture_output=True, text=True)
    listed = [line for line in out.stdout.splitlines() if line.startswith('/')]
    ok = out.returncode == 0 and len(listed) > 0
    print('%s %d %s: %d tests' % ('ok' if ok else 'not ok', n, t['name'], len(listed)))
    if not ok:
        print('# ' + ' '.join(program + ['-l']))
        for line in out.stderr.splitlines()[-5:]:
            print('# ' + line)
