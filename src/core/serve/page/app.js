// The phones' page (docs/phones.md): pairing, and one viewer's private
// view, followed live over a WebSocket. Plain JavaScript, no build step.
'use strict';

let S = {};            // the page's words, in the program's language
let session = null;    // {viewer, name, device, fingerprint}
let view = null;       // the last view received
let socket = null;
let retry = 0;
let retryTimer = null;

const $ = (id) => document.getElementById(id);
const t = (key, arg) => (S[key] || key).replace('%s', arg === undefined ? '' : arg);

function el (tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

async function loadStrings () {
  try {
    const r = await fetch('/strings.json', { cache: 'no-store' });
    const data = await r.json();
    S = data.strings || {};
    document.documentElement.lang = data.lang || 'en';
    if (data.fingerprint && $('fingerprint')) $('fingerprint').textContent = data.fingerprint;
    document.title = t('title');
    for (const e of document.querySelectorAll('[data-s]')) e.textContent = t(e.dataset.s);
  } catch (e) { /* the English words in the page stay */ }
}

// Pairing by code.
function setupPair () {
  $('pair-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const status = $('status');
    status.className = '';
    status.textContent = t('pairing');
    try {
      const r = await fetch('/pair', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code: $('code').value.trim() })
      });
      const data = await r.json();
      if (r.ok) { location.replace('/'); return; }
      status.className = 'bad';
      status.textContent = data.error || String(r.status);
    } catch (e) {
      status.className = 'bad';
      status.textContent = t('offline');
    }
  });
}

// The live view.
function setConnected (live) {
  const b = $('connection');
  b.textContent = live ? t('live') : t('offline');
  b.classList.toggle('live', live);
}

function backToPairing () {
  if (socket) { socket.onclose = null; socket.close(); socket = null; }
  location.replace('/');
}

function connect () {
  clearTimeout(retryTimer);
  retryTimer = null;
  if (socket && socket.readyState <= 1) return;
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  socket = new WebSocket(proto + '//' + location.host + '/socket', 'squadlog-1');
  socket.onopen = () => { retry = 0; setConnected(true); };
  socket.onmessage = (ev) => {
    let m;
    try { m = JSON.parse(ev.data); } catch (e) { return; }
    if (m.type === 'view') { view = m.view; render(); }
    else if (m.type === 'revoked') { backToPairing(); }
  };
  socket.onclose = (ev) => {
    socket = null;
    setConnected(false);
    if (ev.code === 4403) { backToPairing(); return; }
    // 0.5 s, then 1, 2, 4 … up to 15 s between tries.
    const delay = Math.min(15000, 500 * Math.pow(2, retry++));
    retryTimer = setTimeout(checkThenConnect, delay);
  };
}

// A socket refused may mean the device was unpaired: the session tells.
async function checkThenConnect () {
  try {
    const r = await fetch('/session.json', { cache: 'no-store' });
    if (r.status === 401) { backToPairing(); return; }
  } catch (e) { /* offline: try the socket anyway */ }
  connect();
}

function sideName (id) {
  if (!view) return id;
  const s = (view.sides || []).find((x) => x.id === id);
  return s ? s.name : id;
}

function mine (side) {
  return session && (session.viewer === 'referee' || session.viewer === side);
}

function fillSelect (select, items, keep) {
  const before = select.value;
  select.replaceChildren();
  for (const [value, label] of items) {
    const o = el('option', label);
    o.value = value;
    select.appendChild(o);
  }
  if (keep && items.some(([v]) => v === before)) select.value = before;
}

function render () {
  if (!view) return;
  const c = view.clock || {};
  $('clock').textContent = [t('turn', c.turn), t('phase_' + c.phase), c.subphase ? t('subphase', c.subphase) : '']
    .filter(Boolean).join(' · ');
  $('prompt').textContent = view.prompt ? view.prompt.text : '';

  const due = $('due');
  due.replaceChildren();
  for (const d of view.due || []) {
    const unit = (view.units || []).find((u) => u.id === d.unit);
    due.appendChild(el('li', t('due_' + d.command) + (unit ? ': ' + unit.name : '')));
  }
  if (!due.children.length) due.appendChild(el('li', t('nothing_due'), 'muted'));

  const history = $('history');
  history.replaceChildren();
  for (const h of (view.history || []).slice().reverse()) history.appendChild(el('li', h));

  const secrets = $('secrets');
  secrets.replaceChildren();
  for (const s of view.secrets || []) {
    const li = el('li');
    li.appendChild(el('strong', s.title));
    li.appendChild(el('span', ' — ' + (s.detail || '') + ' (' + (s.kept ? t('kept') : t('told')) + ')'));
    secrets.appendChild(li);
  }
  if (!secrets.children.length) secrets.appendChild(el('li', t('no_secrets'), 'muted'));

  const notes = $('notes');
  notes.replaceChildren();
  for (const n of view.notes || []) {
    if (!mine(n.side)) continue;
    const li = el('li');
    li.appendChild(el('strong', '#' + n.id + ' ' + t('kind_' + n.kind)));
    li.appendChild(el('span', ' (' + sideName(n.side) + ', ' + t('status_' + n.status) + ') '));
    if (n.text) li.appendChild(el('div', n.text));
    li.appendChild(el('div', t('seal_code') + ': ' + n.seal, 'muted'));
    if (n.status === 'sealed') {
      const reveal = el('button', t('reveal'));
      reveal.type = 'button';
      reveal.addEventListener('click', () => send({ command: 'reveal', note: n.id, dud: false }));
      const dud = el('button', t('dud'), 'quiet');
      dud.type = 'button';
      dud.addEventListener('click', () => send({ command: 'reveal', note: n.id, dud: true }));
      li.append(reveal, dud);
    }
    notes.appendChild(li);
  }
  if (!notes.children.length) notes.appendChild(el('li', '—', 'muted'));

  // The side's squad logs: each squad, then its units as the table
  // model tells them to this viewer.
  const units = $('units');
  units.replaceChildren();
  const own = [];
  for (const squad of view.squads || []) {
    if (!mine(squad.side)) continue;
    const li = el('li');
    li.appendChild(el('strong', squad.name + ' (' + sideName(squad.side) + ')'));
    const list = el('ul');
    for (const u of view.units || []) {
      if (u.squad !== squad.id) continue;
      own.push([u.id, u.name + ' (' + u.counter + ')']);
      const bits = [t('wound_' + u.wound)];
      if (u.position) bits.push(t('position_' + u.position));
      if (u.action) bits.push(u.action.name + (u.action.cost ? ' ' + u.action.done + '/' + u.action.cost : ''));
      if (u.hidden) bits.push(u.pile ? t('hidden_under', u.pile) : t('hidden'));
      if (u.out) bits.push(t('out'));
      for (const flag of ['dazed', 'routed', 'jammed', 'in_melee'])
        if (u[flag]) bits.push(t('flag_' + flag));
      list.appendChild(el('li', u.counter + '. ' + u.name + ' — ' + bits.filter(Boolean).join(', ')));
    }
    li.appendChild(list);
    units.appendChild(li);
  }
  fillSelect($('hide-unit'), own, true);
  stealthRow();
  fillSelect($('mine-unit'), own, true);
  fillSelect($('seal-side'), (view.sides || []).map((s) => [s.id, s.name]), true);
}

// T-19: only a power suit has the stealth power mode, as the private
// view offers it.
function stealthRow () {
  const u = view && (view.units || []).find((x) => x.id === $('hide-unit').value);
  $('stealth-row').hidden = !(u && u.power_suit);
  if ($('stealth-row').hidden) $('hide-stealth').checked = false;
}

async function send (command) {
  const result = $('result');
  result.className = '';
  result.textContent = '…';
  try {
    const r = await fetch('/command', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(command)
    });
    if (r.status === 401) { backToPairing(); return false; }
    const data = await r.json();
    if (data.ok) { result.textContent = t('done'); return true; }
    result.className = 'bad';
    result.textContent = data.refusal ? data.refusal.message : String(r.status);
  } catch (e) {
    result.className = 'bad';
    result.textContent = t('offline');
  }
  return false;
}

function setupView () {
  $('hide-unit').addEventListener('change', stealthRow);
  $('hide-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const decoys = $('hide-decoys').value.split(',').map((s) => s.trim()).filter(Boolean);
    const command = { command: 'hide', unit: $('hide-unit').value, pile: $('hide-pile').value.trim(), decoys };
    if ($('hide-where').value.trim()) command.where = $('hide-where').value.trim();
    if (!$('stealth-row').hidden) command.stealth_power = $('hide-stealth').checked;
    if (await send(command)) ev.target.reset();
  });
  $('mine-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (await send({ command: 'mine', unit: $('mine-unit').value, where: $('mine-where').value.trim() }))
      ev.target.reset();
  });
  $('seal-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const command = { command: 'seal', kind: $('seal-kind').value, text: $('seal-text').value };
    const marker = parseInt($('seal-marker').value, 10);
    if (marker > 0) command.marker = marker;
    if (session.viewer === 'referee') command.side = $('seal-side').value;
    if (await send(command)) ev.target.reset();
  });
  $('unpair').addEventListener('click', async () => {
    await fetch('/unpair', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    backToPairing();
  });
  // Back at once when the page is shown again or the phone is online.
  document.addEventListener('visibilitychange', () => { if (!document.hidden) connect(); });
  window.addEventListener('online', connect);
  window.addEventListener('pageshow', connect);
}

async function start () {
  await loadStrings();
  if (document.body.dataset.page === 'pair') { setupPair(); return; }
  try {
    const r = await fetch('/session.json', { cache: 'no-store' });
    if (r.status === 401) { backToPairing(); return; }
    session = await r.json();
  } catch (e) { session = null; }
  if (session) {
    $('viewer-name').textContent = session.name;
    $('fingerprint').textContent = session.fingerprint;
    for (const e of document.querySelectorAll('.referee-only'))
      e.classList.toggle('off', session.viewer !== 'referee');
  }
  setupView();
  connect();
}

start();
