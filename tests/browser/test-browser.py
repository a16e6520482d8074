#!/usr/bin/env python3
# test-browser.py SQUADLOG: the phones' page in a real browser (docs/phones.md)
# — Debian's Chromium, headless, driven through chromedriver's WebDriver
# API with Python's standard library, at 390×844: a Commonwealth phone
# pairs through its link, hides a unit from the page (P-28: the command
# lands in the saved journal), and sees the next command of the table (the
# referee's, from another device) arrive live; TOG's page never shows the
# Commonwealth's secrets. Skipped (TAP) when Chromium or chromedriver is
# not installed. Only this test starts Chromium with
# --ignore-certificate-errors, in place of a player accepting the warning.
#
# Copyright 2026 The Squad Log authors
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.request

squadlog = sys.argv[1]
chromium = shutil.which('chromium') or shutil.which('chromium-browser')
chromedriver = shutil.which('chromedriver')
TESTS = 6
if not chromium or not chromedriver:
    print('1..0 # SKIP Chromium or chromedriver is not installed')
    sys.exit(0)
print('1..%d' % TESTS)
n = 0


def ok(cond, what):
    global n
    n += 1
    print('%s %d %s' % ('ok' if cond else 'not ok', n, what))
    sys.stdout.flush()
    if not cond:
        raise SystemExit(1)


def free_port():
    s = socket.socket()
    s.bind(('127.0.0.1', 0))
    port = s.getsockname()[1]
    s.close()
    return port


class WebDriver:
    def __init__(self, port):
        self.base = 'http://127.0.0.1:%d' % port

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={'Content-Type': 'application/json'})
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.load(r).get('value')

    def start(self, profile):
        caps = {'capabilities': {'alwaysMatch': {
            'browserName': 'chrome',
            'acceptInsecureCerts': True,
            'goog:chromeOptions': {
                'binary': chromium,
                'mobileEmulation': {'deviceMetrics': {'width': 390, 'height': 844, 'pixelRatio': 2}},
                'args': ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
                         '--ignore-certificate-errors', '--window-size=390,844',
                         '--no-first-run', '--user-data-dir=' + profile],
            }}}}
        value = self.call('POST', '/session', caps)
        return Session(self, value['sessionId'])


class Session:
    def __init__(self, driver, sid):
        self.driver = driver
        self.path = '/session/' + sid

    def go(self, url):
        self.driver.call('POST', self.path + '/url', {'url': url})

    def js(self, script, *args):
        return self.driver.call('POST', self.path + '/execute/sync', {'script': script, 'args': list(args)})

    def element(self, css):
        value = self.driver.call('POST', self.path + '/element', {'using': 'css selector', 'value': css})
        return next(iter(value.values()))

    def type(self, css, text):
        self.driver.call('POST', self.path + '/element/%s/value' % self.element(css), {'text': text})

    def click(self, css):
        self.driver.call('POST', self.path + '/element/%s/click' % self.element(css), {})

    def wait(self, script, within=10.0):
        deadline = time.time() + within
        while time.time() < deadline:
            value = self.js(script)
            if value:
                return value
            time.sleep(0.05)
        return None

    def close(self):
        self.driver.call('DELETE', self.path)


tmp = tempfile.mkdtemp(prefix='squadlog-browser-')
server = driver_process = None
env = dict(os.environ, XDG_DATA_HOME=tmp, XDG_CACHE_HOME=tmp)
try:
    game = os.path.join(tmp, 'camping.squadlog')
    subprocess.run([squadlog, 'new', '--scenario', 'definitely-not-camping',
                    '--option', 'scenario1Detection=true', '-o', game],
                   check=True, env=env, stdout=subprocess.DEVNULL)
    server = subprocess.Popen([squadlog, 'serve', game, '--bind', '127.0.0.1', '--port', '0', '--json',
                               '--certificate', os.path.join(tmp, 'certificate.pem')],
                              stdout=subprocess.PIPE, env=env, text=True)
    lines = {}
    while len(lines) < 3:
        line = json.loads(server.stdout.readline())
        lines[line['side']] = line
    base = lines['cw']['url'].split('/pair')[0]

    port = free_port()
    driver_process = subprocess.Popen([chromedriver, '--port=%d' % port], stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL, env=env)
    driver = WebDriver(port)
    deadline = time.time() + 20
    while True:
        try:
            driver.call('GET', '/status')
            break
        except Exception:
            if time.time() > deadline:
                raise
            time.sleep(0.1)

    cw = driver.start(os.path.join(tmp, 'cw-profile'))
    cw.go(lines['cw']['url'])
    live = cw.wait("return document.getElementById('connection')?.classList.contains('live')"
                   " && document.getElementById('viewer-name').textContent")
    ok(live == 'Commonwealth', 'the link pairs the phone as the Commonwealth, live (%r)' % live)
    width = cw.js('return window.innerWidth')
    overflow = cw.js('return document.documentElement.scrollWidth > window.innerWidth')
    ok(width <= 400 and not overflow, 'the page fits a phone %dpx wide' % width)

    # Hide Corporal Okafor from the page (P-28).
    cw.js("document.getElementById('hide-unit').value = 'cw-21'")
    cw.type('#hide-pile', 'Pile A')
    cw.type('#hide-decoys', 'Pile B, Pile C')
    cw.type('#hide-where', 'under the canoe')
    cw.click('#hide-form button[type="submit"]')
    shown = cw.wait("return [...document.querySelectorAll('#secrets li')].map(e => e.textContent)"
                    ".find(t => t.includes('Pile A')) || ''")
    saved = subprocess.run([squadlog, 'replay', game, '--table', 'cw'], capture_output=True, text=True, env=env)
    cw_view = json.loads(saved.stdout) if saved.returncode == 0 else {}
    # The README's picture of the page (SL_PHONE_SCREENSHOT=FILE.png).
    if os.environ.get('SL_PHONE_SCREENSHOT'):
        import base64
        cw.js('window.scrollTo(0, 0)')
        png = cw.driver.call('GET', cw.path + '/screenshot')
        with open(os.environ['SL_PHONE_SCREENSHOT'], 'wb') as f:
            f.write(base64.b64decode(png))
    ok(bool(shown) and any(s.get('detail', '').startswith('under Pile A') for s in cw_view.get('secrets', [])),
       'a unit hidden from the page is in the saved journal: %r' % shown)

    # The table's next command, from the referee's device: on the page live.
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    req = urllib.request.Request(base + '/pair', data=json.dumps({'code': lines['referee']['code']}).encode(),
                                 headers={'Content-Type': 'application/json'}, method='POST')
    with urllib.request.urlopen(req, context=ctx, timeout=10) as r:
        cookie = r.headers['Set-Cookie'].split(';')[0]
    before = cw.js("return document.getElementById('history').textContent")
    req = urllib.request.Request(base + '/command', data=json.dumps(
        {'command': 'seal', 'side': 'tog', 'kind': 'other', 'text': 'TOG waits at the gate'}).encode(),
        headers={'Content-Type': 'application/json', 'Cookie': cookie}, method='POST')
    started = time.time()
    with urllib.request.urlopen(req, context=ctx, timeout=10) as r:
        json.load(r)
    arrived = cw.wait("return document.getElementById('history').textContent.includes('TOG seals note')", 5)
    took = time.time() - started
    page = cw.js('return document.body.innerText')
    ok(arrived and took < 1.5 and 'TOG waits at the gate' not in page and before != page,
       'the next command arrives on the page in %.2f s, without TOG\'s secret' % took)

    # The Wi-Fi drops (the socket closes under the page): the page comes
    # back by itself, and brings what happened meanwhile.
    cw.js('socket.close()')
    req = urllib.request.Request(base + '/command', data=json.dumps(
        {'command': 'seal', 'side': 'tog', 'kind': 'other', 'text': 'TOG moves at dawn'}).encode(),
        headers={'Content-Type': 'application/json', 'Cookie': cookie}, method='POST')
    with urllib.request.urlopen(req, context=ctx, timeout=10) as r:
        json.load(r)
    back = cw.wait("return document.getElementById('connection').classList.contains('live')"
                   " && document.getElementById('history').textContent.includes('TOG seals note 3')", 5)
    ok(bool(back), 'the page reconnects by itself and shows what happened meanwhile')
    cw.close()
    # Interrupted, `serve` stops cleanly: everything saved, nothing leaked
    # (under the sanitizers a finding is a failing status).
    server.terminate()
    status = server.wait(timeout=30)
    ok(status == 0, 'squadlog serve stops on SIGTERM with status %d' % status)
    server = None
finally:
    if driver_process:
        driver_process.terminate()
        driver_process.wait()
    if server:
        server.terminate()
        server.wait()
    shutil.rmtree(tmp, ignore_errors=True)
