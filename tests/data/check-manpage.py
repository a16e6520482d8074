#!/usr/bin/env python3
# Checks the manual page against the program: every command `squadlog --help`
# lists has its part, with every option its `--help` shows; the exit
# statuses, the environment (as docs/cli.md lists it) and the files are
# there; nothing is left unfilled; and groff formats it without a warning.
# TAP output.
#
#   check-manpage.py SQUADLOG MANPAGE SOURCE_ROOT
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import shutil
import subprocess
import sys

squadlog, manpage, source_root = sys.argv[1:4]
results = []


def check(ok, what):
    results.append((bool(ok), what))


def help_text(*args):
    env = dict(os.environ, LANGUAGE="C", LC_ALL="C.UTF-8")
    return subprocess.run([squadlog, *args, "--help"], env=env, capture_output=True,
                          text=True, check=True).stdout


with open(manpage, encoding="utf-8") as f:
    man = f.read()
# The text as a reader sees it: no escapes before "-".
plain = man.replace("\\-", "-")

check("@" not in re.sub(r"\.UR .*|[\w.]+@[\w.]+", "", plain), "every @VARIABLE@ is filled in")
sections = re.findall(r'^\.SH "?([^"\n]+)"?$', man, re.M)
for name in ("NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "EXIT STATUS",
             "ENVIRONMENT", "FILES", "SEE ALSO"):
    check(name in sections, f"the section {name}")

# The commands, from the program's own usage.
usage = help_text()
commands = re.findall(r"^  (\w+) {2,}", usage.split("Commands:")[1], re.M)
check(len(commands) >= 6, f"the usage lists the commands ({', '.join(commands)})")
parts = dict(re.findall(r'^\.SS "squadlog (\w+)[^"]*"\n(.*?)(?=^\.S[SH] )', plain, re.M | re.S))
for command in commands:
    check(command in parts, f"squadlog {command} has its part")
    check(re.search(rf"^\.SY \"squadlog {command}\"", plain, re.M), f"squadlog {command} is in the synopsis")
    text = help_text(command)
    options = re.findall(r"^\s+(?:(-\w), )?(--[\w-]+)", text.split("Application Options:")[1], re.M)
    for short, long in options:
        check(long in parts.get(command, ""), f"squadlog {command} {long} is described")
        if short:
            check(short in parts.get(command, ""), f"squadlog {command} {short} is described")
for option in ("--help", "--version"):
    check(option in usage and option in plain, f"squadlog {option}")

# Exit statuses 0, 1 and 2.
status = plain.split('.SH "EXIT STATUS"')[1].split(".SH ")[0]
for code in ("0", "1", "2"):
    check(re.search(rf"^\.B {code}$", status, re.M), f"exit status {code}")

# The environment docs/cli.md lists.
with open(f"{source_root}/docs/cli.md", encoding="utf-8") as f:
    cli_md = f.read()
environment = plain.split(".SH ENVIRONMENT")[1].split(".SH ")[0]
for variable in re.findall(r"^\| `([A-Z_]+)`", cli_md.split("## Environment")[1], re.M):
    check(variable in environment, f"the environment variable {variable}")

files = plain.split(".SH FILES")[1].split(".SH ")[0]
for path in ("rules/streets-of-blood.json", "scenarios/", "~/.local/share/squadlog/",
             "~/.cache/squadlog/"):
    check(path in files, f"the file {path}")

groff = shutil.which("groff")
if groff:
    run = subprocess.run([groff, "-man", "-ww", "-z", manpage], capture_output=True, text=True,
                         env=dict(os.environ, LC_ALL="C.UTF-8"))
    check(run.returncode == 0 and run.stderr == "", "groff formats it without a warning")
    for line in run.stderr.splitlines():
        print(f"# {line}")

for i, (ok, what) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {what}")
print(f"1..{len(results)}")
sys.exit(0 if all(ok for ok, _ in results) else 1)
