#!/usr/bin/python3
# A blind player plays one turn by keyboard (issue 32): the window under
# Xvfb with the accessibility bus, read by an AT-SPI client as a screen
# reader reads it — initiative, two declarations, the passes, Next, a fire
# with a typed die, Undo and Redo. Each step asserts what the client
# receives: the dialog's role and title when a sheet opens, the focus event
# into it, the odds and the prompt, each combo row's value, the outcome
# (P-06 initiative, P-07 declaration, P-08 step 2 passes, P-14 fire), what
# Undo and Redo changed, and the names (no mnemonic, no class name).
#
# Run by meson (tests/meson.build, "a11y-turn") inside dbus-run-session and
# xvfb-run:  check-a11y.py SQUADLOG TMPDIR.  TAP on standard output; the
# whole test is skipped (exit 77, "1..0 # SKIP") without the Atspi GIR
# (gir1.2-atspi-2.0) or the accessibility bus (at-spi2-core).
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later

import ctypes
import os
import re
import subprocess
import sys
import time


# TAP goes to the descriptor SL_TAP_FD names (tests/meson.build: the
# accessibility registry, started by the session bus, prints on standard
# output too).
TAP = os.fdopen(int(os.environ.get("SL_TAP_FD", "1")), "w", buffering=1)


def tap(line):
    TAP.write(line + "\n")
    TAP.flush()


def skip(why):
    tap("1..0 # SKIP " + why)
    sys.exit(77)


# The app keeps the tests' G_DEBUG (fatal warnings); this client does not:
# libatspi warns of what GTK 4.8 does not serve (its cache interface).
APP_ENV = dict(os.environ, GTK_A11Y="atspi")
os.environ.pop("G_DEBUG", None)

try:
    import gi
    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi, GLib
except (ImportError, ValueError) as e:
    skip("no AT-SPI client library (python3-gi, gir1.2-atspi-2.0): %s" % e)

if not os.environ.get("DISPLAY"):
    skip("no X display")
# The session bus starts the accessibility bus on demand (at-spi2-core).
if not any(os.path.exists(os.path.join(d, "dbus-1", "services", "org.a11y.Bus.service"))
           for d in os.environ.get("XDG_DATA_DIRS", "/usr/local/share:/usr/share").split(":")):
    skip("no accessibility bus to start (at-spi2-core)")

SQUADLOG, TMP = sys.argv[1], sys.argv[2]
TIMEOUT = 30.0 * float(os.environ.get("MESON_TEST_TIMEOUT_MULTIPLIER", "1"))

# Every event a screen reader follows, as it arrives: (type, source, any_data).
events = []


def on_event(ev):
    events.append((ev.type, ev.source, ev.detail1, ev.any_data))


def spin(seconds):
    ctx = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while ctx.iteration(False):
            pass
        time.sleep(0.01)


def wait_for(what, predicate, timeout=TIMEOUT):
    """Spins until predicate() gives something true, and returns it."""
    end = time.monotonic() + timeout
    ctx = GLib.MainContext.default()
    while time.monotonic() < end:
        while ctx.iteration(False):
            pass
        try:
            got = predicate()
        except GLib.Error:
            got = None
        if got:
            return got
        time.sleep(0.02)
    raise AssertionError("timed out waiting for " + what)


# Keys through the X server (XTest), as a player types them: the accessibility
# registry was started by the session bus before Xvfb and has no display.
_x = ctypes.CDLL("libX11.so.6")
_x.XOpenDisplay.restype = ctypes.c_void_p
_x.XOpenDisplay.argtypes = [ctypes.c_char_p]
_x.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
_x.XStringToKeysym.restype = ctypes.c_ulong
_x.XStringToKeysym.argtypes = [ctypes.c_char_p]
_x.XFlush.argtypes = [ctypes.c_void_p]
_x.XDefaultRootWindow.restype = ctypes.c_ulong
_x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
_x.XSetInputFocus.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong]
_x.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                          ctypes.POINTER(ctypes.c_ulong),
                          ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
                          ctypes.POINTER(ctypes.c_uint)]
_x.XGetGeometry.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + \
    [ctypes.POINTER(ctypes.c_ulong)] + [ctypes.POINTER(ctypes.c_int)] * 2 + \
    [ctypes.POINTER(ctypes.c_uint)] * 4
try:
    _xt = ctypes.CDLL("libXtst.so.6")
except OSError:
    skip("no XTest library (libxtst6) to type keys")
_xt.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
_dpy = _x.XOpenDisplay(None)
if not _dpy:
    skip("cannot open the X display")


def focus_window():
    """No window manager gives the window the focus: the biggest one takes it."""
    root = _x.XDefaultRootWindow(_dpy)
    r, p = ctypes.c_ulong(), ctypes.c_ulong()
    children, n = ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
    _x.XQueryTree(_dpy, root, ctypes.byref(r), ctypes.byref(p), ctypes.byref(children), ctypes.byref(n))
    best, area = None, 0
    for i in range(n.value):
        g = [ctypes.c_ulong()] + [ctypes.c_int() for _ in range(2)] + [ctypes.c_uint() for _ in range(4)]
        _x.XGetGeometry(_dpy, children[i], *[ctypes.byref(v) for v in g])
        if g[3].value * g[4].value > area:
            best, area = children[i], g[3].value * g[4].value
    _x.XSetInputFocus(_dpy, best, 2, 0)
    _x.XFlush(_dpy)


def type_keys(keys):
    """Key names as XStringToKeysym reads them; ctrl+ and shift+ hold a modifier."""
    for key in keys.split():
        mods = []
        while "+" in key and len(key) > 1:
            mod, key = key.split("+", 1)
            mods.append({"ctrl": "Control_L", "shift": "Shift_L"}[mod])
        codes = [_x.XKeysymToKeycode(_dpy, _x.XStringToKeysym(m.encode())) for m in mods]
        code = _x.XKeysymToKeycode(_dpy, _x.XStringToKeysym(key.encode()))
        for c in codes:
            _xt.XTestFakeKeyEvent(_dpy, c, 1, 0)
        _xt.XTestFakeKeyEvent(_dpy, code, 1, 0)
        _xt.XTestFakeKeyEvent(_dpy, code, 0, 0)
        for c in reversed(codes):
            _xt.XTestFakeKeyEvent(_dpy, c, 0, 0)
        _x.XFlush(_dpy)
        spin(0.15)


# TAP
n_tests = 0
failures = 0


def check(ok, what, detail=""):
    global n_tests, failures
    n_tests += 1
    tap("%s %d - %s" % ("ok" if ok else "not ok", n_tests, what))
    if not ok:
        failures += 1
        for line in str(detail).splitlines():
            tap("# " + line)


def states(acc):
    s = acc.get_state_set()
    return {n for n in ("focused", "sensitive", "visible", "modal", "focusable")
            if s.contains(getattr(Atspi.StateType, n.upper()))}


def labelled_by(acc):
    for r in acc.get_relation_set():
        if r.get_relation_type() == Atspi.RelationType.LABELLED_BY:
            return [r.get_target(i) for i in range(r.get_n_targets())]
    return []


def descendants(acc):
    yield acc
    for i in range(acc.get_child_count()):
        child = acc.get_child_at_index(i)
        if child is not None:
            yield from descendants(child)


def find(root, role=None, name=None):
    for a in descendants(root):
        if (role is None or a.get_role_name() == role) and (name is None or re.search(name, a.get_name() or "")):
            return a
    return None


def ancestor(acc, role):
    while acc is not None:
        if acc.get_role_name() == role:
            return acc
        acc = acc.get_parent()
    return None


def focused_since(start):
    """The last object that took the focus (a focus event with detail1 1) since @start."""
    for type_, source, detail1, _ in reversed(events[start:]):
        if type_ == "object:state-changed:focused" and detail1 == 1:
            return source
    return None


def said(acc):
    """What a screen reader says of an object on focus: its name and its description."""
    return "%s | %s" % (acc.get_name(), acc.get_description())


def main():
    game = os.path.join(TMP, "a11y-turn.squadlog")
    if os.path.exists(game):
        os.unlink(game)
    subprocess.run([SQUADLOG, "new", "--scenario", "training", "-o", game], check=True,
                   stdout=subprocess.DEVNULL)
    try:
        Atspi.init()
        desktop = Atspi.get_desktop(0)
    except GLib.Error as e:
        skip("no accessibility bus: %s" % e.message)
    listener = Atspi.EventListener.new(on_event)
    for t in ("object:state-changed:focused", "object:property-change:accessible-description",
              "object:property-change:accessible-name", "object:children-changed"):
        listener.register(t)
    app = subprocess.Popen([SQUADLOG, game], env=APP_ENV)
    try:
        name = os.path.basename(SQUADLOG)

        def the_app():
            for i in range(desktop.get_child_count()):
                a = desktop.get_child_at_index(i)
                if a is not None and a.get_name() == name and a.get_child_count() > 0:
                    return a
        application = wait_for("the application on the accessibility bus", the_app)
        # The tree as it is, not as the client cached it.
        application.set_cache_mask(Atspi.Cache.NONE)
        frame = application.get_child_at_index(0)
        next_button = wait_for("Next", lambda: find(frame, "push button", r"(^|\s)Next$"))
        focus_window()
        spin(0.5)
        play(frame, next_button)
    finally:
        app.terminate()
        app.wait(10)
    tap("1..%d" % n_tests)
    sys.exit(1 if failures else 0)


CLASS_NAME = re.compile(r"^(Gtk|Adw|Sl)[A-Z]")
# Roles a screen reader says, with their names (Orca passes fillers by).
SPOKEN_ROLES = {"push button", "toggle button", "check box", "combo box", "list", "list item",
                "panel", "dialog", "label", "status bar", "image", "table", "table cell"}


def shown(acc):
    """Visible, and inside nothing hidden."""
    while acc is not None and acc.get_role_name() not in ("frame", "application"):
        if "visible" not in states(acc):
            return False
        acc = acc.get_parent()
    return True


def shown_descendants(root):
    """(object, role, shown(object)) for @root and every object under it: shown()
    worked out once per object from its parent's, not again from each object up
    (one AT-SPI call per object, where shown() is one per ancestor: issue 35)."""
    def walk(acc, role, acc_shown):
        yield acc, role, acc_shown
        for i in range(acc.get_child_count()):
            child = acc.get_child_at_index(i)
            if child is None:
                continue
            child_role = child.get_role_name()
            child_shown = child_role in ("frame", "application") or \
                (acc_shown and "visible" in states(child))
            yield from walk(child, child_role, child_shown)
    yield from walk(root, root.get_role_name(), shown(root))


def assert_names(root, where):
    """Issue 32 #4: no name a screen reader says is a mnemonic or a class name."""
    bad = []
    for a, role, a_shown in shown_descendants(root):
        name = a.get_name() or ""
        if role not in SPOKEN_ROLES or not a_shown:
            continue
        if CLASS_NAME.match(name) or re.search(r"(^|\s)_\w", name):
            bad.append("%s %r in %r" % (role, name, a.get_parent().get_parent().get_name()))
        for target in labelled_by(a):
            if target.get_role_name() == "image":
                bad.append("%s %r labelled by an image %r" % (role, name, target.get_name()))
    check(not bad, "names without mnemonics or class names: " + where, "\n".join(bad))


def step(keys, what, predicate):
    start = len(events)
    type_keys(keys)
    return start, wait_for(what, lambda: predicate(start))


def play(frame, next_button):
    # The header bar (issue 32 #4).
    for name in ("Undo", "Redo", "History", "Main Menu"):
        b = find(frame, "push button", "^%s$" % name) or find(frame, "toggle button", "^%s$" % name)
        check(b is not None and not labelled_by(b), "the header bar's %s button is named %s alone" % (name, name),
              b and [t.get_name() for t in labelled_by(b)])
    assert_names(frame, "the table")

    # P-06: Next opens the initiative sheet, a dialog inside the window.
    start, entry = step("ctrl+Return", "the focus in the initiative sheet",
                        lambda s: (lambda f: f if f and ancestor(f, "dialog") else None)(focused_since(s)))
    dialog = ancestor(entry, "dialog")
    check(dialog.get_name() == "Initiative, Turn 1", "P-06: the initiative sheet is a dialog named by its title",
          dialog.get_name())
    check("modal" in states(dialog), "the sheet is modal")
    check("focused" in states(entry), "the focus event lands on the sheet's entry", said(entry))
    check("TOG Fire Team 1: type the die (1–9, 0 for 10)." in entry.get_description(),
          "P-06: the first thing to do is said with the focus", said(entry))
    assert_names(dialog, "the initiative sheet")

    # Each die typed is told once, with the next grouping's prompt (issue 32 #7).
    start = len(events)
    type_keys("1")
    wait_for("the die told", lambda: "Dice typed: 1" in entry.get_description())
    spin(0.5)
    told = [d for t, src, _, d in events[start:] if t == "object:property-change:accessible-description"]
    check(told == ["Dice typed: 1\nTOG Fire Team 2: type the die (1–9, 0 for 10)."],
          "P-06: a die typed is told once, with the next grouping's prompt", told)
    start = len(events)
    type_keys("9 9 9")
    wait_for("every die", lambda: "Dice typed: 1, 9, 9, 9" in entry.get_description())
    spin(0.5)
    names = [d for t, src, _, d in events[start:]
             if t == "object:property-change:accessible-name" and src.get_role_name() == "push button"]
    check(names == ["Roll Initiative"], "P-06: the roll button's new name is heard once, without its mnemonic", names)
    rows = [a for a in descendants(dialog) if a.get_role_name() == "list item"]
    names = [r.get_name() for r in rows]
    check("TOG Fire Team 1: rolled 1" in names and all(not labelled_by(r) for r in rows),
          "P-06: a grouping's row is named with its roll, alone", names)
    switches = sorted(a.get_name() for a in descendants(dialog) if a.get_role_name() == "check box")
    check(len(switches) == 4 and len(set(switches)) == 4 and all(s.startswith("Countermove: ") for s in switches),
          "P-06: each countermove switch names its grouping", switches)

    start, back = step("Return", "the focus back on Next",
                       lambda s: (lambda f: f if f and f.get_name().endswith("Next") else None)(focused_since(s)))
    check(back.get_description().startswith("Initiative for turn 1: TOG Fire Team 1 (1, move)"),
          "P-06: the initiative's outcome is heard where the focus lands", said(back))
    check(find(frame, "dialog") is None, "the sheet is gone")

    # P-07: declarations typed on the table; the outcome is heard on Next.
    def told_on_next(text):
        return lambda s: next_button.get_description().startswith(text) and next_button

    # A counter number typed is heard as it is typed (issue 32 #7).
    step("9", "an unknown counter number", told_on_next("No unit has the counter number 9."))
    start, _ = step("1 w Return", "the walk declared", told_on_next("Centurion Vale: Walk, 1 AP"))
    told = [d for t, src, _, d in events[start:] if t == "object:property-change:accessible-description"]
    check("Counter number 1…" in told, "the first digit of a counter number is heard", told)
    check("focused" in states(next_button), "P-07: the focus comes back to Next after a declaration")
    start = len(events)
    type_keys("3")
    cell = wait_for("the declaration sheet", lambda: (lambda f: f if f and ancestor(f, "dialog") else None)(
        focused_since(start)))
    dialog = ancestor(cell, "dialog")
    check(dialog.get_name() == "3 · Legionnaire Ostra Acts", "P-07: the declaration is a dialog named by its unit",
          dialog.get_name())
    crawl = find(dialog, "table cell", "^Crawl, key C$")
    check(crawl is not None and "sensitive" not in states(crawl)
          and "Only a prone unit can crawl (T-05)" in crawl.get_description(),
          "T-05: a forbidden action is unavailable, with its reason", crawl and said(crawl))
    walk = find(dialog, "table cell", "^Walk, key W$")
    check(walk is not None and "sensitive" in states(walk), "T-05: an allowed action is available")
    assert_names(dialog, "the declaration sheet")
    type_keys("Escape")
    wait_for("the declaration closed", lambda: find(frame, "dialog") is None)
    fired = step("2 f 1 3 Return", "the fire declared", told_on_next("Legionnaire Marek: Fire/Throw at Trooper Hale"))
    check(fired[1] is next_button, "P-07: a fire declared is heard with its target", said(next_button))

    # P-08 step 2: each grouping passes, in the initiative order (its ties
    # re-rolled by the app, A-09); what it did is heard.
    passed = []
    for i in range(4):
        def passed_now(s):
            m = re.match(r"(.+) has had its turn", next_button.get_description())
            return m and m.group(1) not in passed and m.group(1)
        passed.append(step("ctrl+e", "a pass", passed_now)[1])
    check(passed[0] == "TOG Fire Team 1" and len(set(passed)) == 4,
          "P-08 step 2: each grouping's pass is heard, in the initiative order", passed)
    step("ctrl+Return", "the fire step", told_on_next("Subphase 1: ranged fire."))

    # P-14: the fire sheet, with the odds and the prompt, and the rows' values.
    start, entry = step("ctrl+Return", "the focus in the fire sheet",
                        lambda s: (lambda f: f if f and ancestor(f, "dialog") else None)(focused_since(s)))
    dialog = ancestor(entry, "dialog")
    check(dialog.get_name() == "2 · Legionnaire Marek Fires", "P-14: the fire sheet is a dialog named by its title",
          dialog.get_name())
    check(entry.get_description().startswith("Needs 9 or less · 90 %\nType the die: 1–9, 0 for 10."),
          "P-14, T-01: the odds and the prompt are said with the focus", said(entry))
    combos = {a.get_name(): a for a in descendants(dialog) if a.get_role_name() == "combo box"}
    for name in ("Target: 13 · Trooper Hale", "Cover: No cover", "Target movement: As its log says"):
        check(name in combos and not labelled_by(combos[name]),
              "T-14: the row %r is named with its value, alone" % name, sorted(combos))
    assert_names(dialog, "the fire sheet")

    # The die typed: the outcome is heard where the focus comes back.
    step("5", "the fire resolved", told_on_next("Legionnaire Marek fires at Trooper Hale: needs 9 or less, rolled 5, hit"))
    check("focused" in states(next_button), "P-14: the outcome of the fire is heard on Next, focused",
          said(next_button))

    # The target's line says its wound and how long it is dazed, first
    # (P-19, P-20; issue 32 #7).
    hale = find(frame, "push button", r"^Unit 13, Trooper Hale")
    check(hale is not None and hale.get_name().startswith(
        "Unit 13, Trooper Hale. Wounds: Serious Wound. Status: Dazed until subphase 4"),
        "P-19: the target's line says its wound and until when it is dazed, first", hale and hale.get_name())

    # Undo and Redo say what they changed.
    undone = step("ctrl+z", "the fire undone", told_on_next("Undone: Legionnaire Marek fires at Trooper Hale"))
    check(undone[1] is next_button, "Undo: what it took back is heard", said(next_button))
    redone = step("ctrl+shift+z", "the fire redone", told_on_next("Redone: Legionnaire Marek fires at Trooper Hale"))
    check(redone[1] is next_button, "Redo: what it did again is heard", said(next_button))

    # Tab into the history lands on the newest entry, named as it reads
    # (issue 32 #4, #7).
    def history_row():
        f = focused_since(0)
        return f if f.get_role_name() == "list item" and ancestor(f, "list").get_name() == "History" else None

    row = None
    for i in range(15):
        start = len(events)
        type_keys("Tab")
        f = wait_for("the focus moved on by Tab", lambda: focused_since(start), timeout=5)
        if history_row() is not None:
            spin(0.5)
            row = history_row()
            break
    check(row is not None and row.get_name().startswith("Turn 1 · subphase 1: Legionnaire Marek fires at Trooper Hale"),
          "Tab into the history lands on its newest entry, named as it reads", row and said(row))


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        check(False, str(e))
        tap("1..%d" % n_tests)
        sys.exit(1)
