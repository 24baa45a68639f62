#!/usr/bin/env python3
"""`ptriage report` in a real browser: real processes, the HTML file opened in headless Chromium.

usage: test_report_browser.py --ptriage PATH --actor PATH --out DIR
Exit 0 only if every check passes; the screenshots and the PDF stay in DIR.
"""

import argparse
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import devtools  # noqa: E402

SECRETS = {'API_TOKEN': 's3cr3t-value-123', 'GITHUB_TOKEN': 'ghp_abcdef'}
SCRIPT = '<script>alert(1)</script>'
PWN_SCRIPT = '<script>window.__pwned=1</script>'
ATTR = '"><img src=x onerror=alert(1)>'
PWN_IMG = '<img src=x onerror="window.__pwned=1">'
BIDI = '\u202etxt.exe'
BAD_UTF8 = b'\xff\xfe bad'
# A coding agent's session id, as its tools inherit it: shown as text, never markup.
AGENT_SESSION = '<img src=x onerror=window.__pwned=1>-5f0c'
AGENT_ENV = {'CLAUDECODE': '1', 'CLAUDE_CODE_SESSION_ID': AGENT_SESSION}
SECTIONS = ('summary', 'candidates', 'cards', 'processes', 'actions', 'methods')
CLASSES = ('useful', 'useful_bad', 'abandoned', 'zombie')
# An attribute or CSS reference that would make the browser fetch from elsewhere.
REMOTE = re.compile(rb'''(\b(src|href|srcset|action|poster|xlink:href)\s*=\s*["']?\s*|'''
                    rb'''url\(\s*["']?\s*|@import\s+["']?)(https?:)?//''', re.I)


class Checks:
    def __init__(self):
        self.failed = []
        self.count = 0

    def __call__(self, name, ok, detail=''):
        self.count += 1
        print('%s  %s%s' % ('PASS' if ok else 'FAIL', name, '  (%s)' % detail if detail else ''),
              flush=True)
        if not ok:
            self.failed.append('%s%s' % (name, ': ' + detail if detail else ''))
        return ok


class Actors:
    """Real processes from the test actor, killed through pidfds (never a reused pid)."""

    def __init__(self, actor):
        self.actor = actor
        self.dir = tempfile.mkdtemp(prefix='ptriage-report-test-')
        os.mkdir(os.path.join(self.dir, 'bin'))
        self.pidfds = []
        self.children = []

    def spawn(self, name, argv, env=None, orphan=False):
        """Runs the actor as `name` (its comm) with `argv`; returns (pid, port, zombie pid)."""
        path = os.path.join(self.dir, 'bin', name)
        if not os.path.lexists(path):
            os.symlink(self.actor, path)
        r, w = os.pipe()
        envp = {'PATH': '/usr/local/bin:/usr/bin:/bin', 'LANG': 'C.UTF-8',
                'ACTOR_LIFETIME': '300', 'ACTOR_READY_FD': str(w), **(env or {})}
        pid = os.fork()
        if pid == 0:
            try:
                os.setsid()  # no terminal, like something started from a script
                null = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(null, fd)
                if orphan and os.fork():
                    os._exit(0)  # its parent leaves: init adopts it
                os.set_inheritable(w, True)
                os.execve(path, argv, envp)
            finally:
                os._exit(127)
        os.close(w)
        if orphan:
            os.waitpid(pid, 0)
        else:
            self.children.append(pid)
        line = b''
        deadline = time.monotonic() + 10
        while b'\n' not in line and time.monotonic() < deadline:
            if select.select([r], [], [], 0.5)[0]:
                chunk = os.read(r, 128)
                if not chunk:
                    break
                line += chunk
        os.close(r)
        fields = line.split()
        if len(fields) != 4 or fields[0] != b'ready':
            raise RuntimeError('actor %r did not start: %r' % (argv, line))
        actor_pid, port, zombie = (int(f) for f in fields[1:])
        self.pidfds.append(os.pidfd_open(actor_pid))
        return actor_pid, port, zombie

    def kill_all(self):
        for fd in self.pidfds:
            try:
                signal.pidfd_send_signal(fd, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.close(fd)
        for pid in self.children:
            os.waitpid(pid, 0)
        shutil.rmtree(self.dir, ignore_errors=True)


def start_ticks(pid):
    with open('/proc/%d/stat' % pid, 'rb') as f:
        stat = f.read()
    return int(stat[stat.rindex(b')') + 2:].split()[19])  # field 22: starttime


def spawn_scene(actors):
    """The processes people leave behind, plus hostile command lines. {role: pid, ...}."""
    s = {}
    # A test runner's worker outliving its run: clearly abandoned (a plain `node worker.js` is
    # only just over the line, at 51 %).
    s['orphan'] = actors.spawn(
        'node', ['node', 'node_modules/jest-worker/build/workers/processChild.js'], orphan=True)[0]
    s['listener'], s['port'], _ = actors.spawn(
        'python3', ['python3', '-m', 'http.server', '--bind', '127.0.0.1'], {'ACTOR_LISTEN': '0'})
    s['client'] = actors.spawn('psql', ['psql', '-h', '127.0.0.1', '-p', str(s['port'])],
                               {'ACTOR_CONNECT': str(s['port'])})[0]
    # The one above is in use (a client): not a candidate. A dev server left behind is.
    s['devserver'], s['devport'], _ = actors.spawn('node', ['node', 'vite', '--host', '127.0.0.1'],
                                                   {'ACTOR_LISTEN': '0'}, orphan=True)
    s['zombie_parent'], _, s['zombie'] = actors.spawn('make', ['make', '-j2'],
                                                      {'ACTOR_ZOMBIE': '1'})
    log = os.path.join(actors.dir, 'sync.log')
    s['writer'] = actors.spawn('rsync', ['rsync', '--log-file=' + log, 'src/', 'dst/'],
                               {'ACTOR_WRITE': log})[0]
    s['hostile_script'] = actors.spawn('<script>', ['python3', SCRIPT, PWN_SCRIPT])[0]
    s['hostile_attr'] = actors.spawn('sh', ['sh', '-c', ATTR, PWN_IMG])[0]
    s['bad_utf8'] = actors.spawn('bad-utf8', [b'bad-utf8', BAD_UTF8])[0]
    s['bidi'] = actors.spawn('invoice' + BIDI, ['invoice', BIDI])[0]
    s['secret'] = actors.spawn('deploy', ['deploy', '--watch'], SECRETS)[0]
    # A crashed agent session's tools: orphans that share its session id (issue 37).
    s['agent_mcp'] = actors.spawn('node', ['node', 'mcp-server.js', '--stdio'], AGENT_ENV, orphan=True)[0]
    s['agent_watch'] = actors.spawn('node', ['node', 'tsc', '--watch'], AGENT_ENV, orphan=True)[0]
    return s


def run_ptriage(ptriage, args, env_extra, home):
    env = dict(os.environ, **env_extra)
    # Its own data directories, so past sessions and decisions on this machine do not show up.
    env.update(HOME=home, XDG_DATA_HOME=home + '/data', XDG_CONFIG_HOME=home + '/config',
               XDG_STATE_HOME=home + '/state', XDG_CACHE_HOME=home + '/cache')
    return subprocess.run([ptriage, *args], env=env, capture_output=True, timeout=120)


def check_raw(check, name, data):
    """Checks on the bytes of one report document."""
    try:
        text = data.decode('utf-8')
        check(name + ': valid UTF-8', True)
    except UnicodeDecodeError as e:
        check(name + ': valid UTF-8', False, str(e))
        text = data.decode('utf-8', errors='replace')
    check(name + ': is an HTML document',
          text.lstrip().lower().startswith('<!doctype html>') and text.rstrip().endswith('</html>')
          and 'id="candidate-table"' in text, text[:60].replace('\n', ' '))
    check(name + ': has a Content-Security-Policy with default-src \'none\'',
          'Content-Security-Policy' in text and "default-src 'none'" in text)
    for key, value in SECRETS.items():
        check(name + ': secret value of %s absent' % key, value not in text)
        check(name + ': secret key %s absent (not even masked)' % key, key not in text,
              context(text, key))
    check(name + ': hostile argv escaped (&lt;script&gt;alert(1)&lt;/script&gt;)',
          '&lt;script&gt;alert(1)&lt;/script&gt;' in text)
    for raw in ('<script>alert', '<script>window.__pwned', '<img src=x', '"><img'):
        check(name + ': no raw %s' % raw, raw not in text, context(text, raw))
    check(name + ': the bidi override U+202E is not left raw', '\u202e' not in text,
          context(text, '\u202e'))
    check(name + ': invalid UTF-8 shown as \\xff\\xfe', r'\xff\xfe bad' in text)
    m = REMOTE.search(data)
    check(name + ': nothing fetched from the network (src/href/url())', not m,
          m and data[max(0, m.start() - 60):m.end() + 60].decode(errors='replace'))


def context(text, needle):
    i = text.find(needle)
    return '' if i < 0 else repr(text[max(0, i - 80):i + 80])


def page_problems(browser, url):
    """Console errors, exceptions, CSP violations and foreign requests since the navigation."""
    out = []
    for e in browser.events_of('Runtime.consoleAPICalled'):
        p = e['params']
        if p['type'] in ('error', 'assert'):
            out.append('console.%s: %s' % (p['type'], ' '.join(
                str(a.get('value', a.get('description'))) for a in p['args'])))
    for e in browser.events_of('Runtime.exceptionThrown'):
        d = e['params']['exceptionDetails']
        out.append('exception: %s' % (d.get('exception', {}).get('description') or d['text']))
    for e in browser.events_of('Log.entryAdded'):
        entry = e['params']['entry']
        if entry['level'] == 'error' or entry['source'] in ('security', 'violation'):
            out.append('log %s/%s: %s' % (entry['source'], entry['level'], entry['text']))
    for e in browser.events_of('Network.requestWillBeSent'):
        req = e['params']['request']['url']
        if req != url and not req.startswith('data:'):
            out.append('request: ' + req)
    return out


def js(body):
    """An expression running `body` as a function body (its `return` is the value)."""
    return '(() => {%s})()' % body


PAGE_FACTS = js('''
  const q = s => Array.from(document.querySelectorAll(s));
  const rows = q('#candidate-table tbody tr');
  const counts = {};
  for (const li of q('#class-counts li[data-class]')) {
    const c = li.querySelector('.count');
    counts[li.dataset.class] = c ? c.textContent : null;
  }
  const proc = {};
  for (const tr of q('#process-table tbody tr'))
    proc[tr.dataset.class] = (proc[tr.dataset.class] || 0) + 1;
  return {
    lang: document.documentElement.lang,
    sections: q('[id]').map(e => e.id).filter(id => %s.includes(id)),
    rows: rows.map(tr => ({id: tr.id, pid: tr.dataset.pid, cls: tr.dataset.class,
                           card: ((tr.querySelector('a[href^="#card-"]') || {}).hash || '').slice(1)})),
    cards: q('#cards article.card').map(a => ({id: a.id, blast: !!a.querySelector('svg.blast'),
                                               processes: parseInt(a.dataset.processes || '1', 10),
                                               text: a.textContent})),
    counts: counts, procCounts: proc,
    procRows: q('#process-table tbody tr').length,
    procText: (document.getElementById('process-table') || {}).textContent || '',
    origins: q('#origin-table tbody tr').map(tr => ({
      text: tr.textContent,
      links: Array.from(tr.querySelectorAll('a[href^="#row-"]')).map(a => a.hash.slice(1))})),
    pwned: typeof window.__pwned,
    scripts: document.scripts.length,
    strayImages: q('img[src="x"]').length,
    filter: !!document.getElementById('candidate-filter'),
    classButtons: q('button.class-filter[data-class]').map(b => b.dataset.class),
    bodyBackground: getComputedStyle(document.body).backgroundColor,
  };''' % json.dumps(list(SECTIONS)))


def check_page(check, name, facts, lang):
    check(name + ': lang is ' + lang, facts['lang'] == lang, repr(facts['lang']))
    missing = [s for s in SECTIONS if s not in facts['sections']]
    check(name + ': sections present', not missing, missing and 'missing ' + ', '.join(missing))
    rows, cards = facts['rows'], {c['id']: c for c in facts['cards']}
    # Candidates that look the same share a card ("5 processes"): the cards' processes add up to the rows.
    check(name + ': one card per candidate row, or per group of them',
          len(rows) == sum(c['processes'] for c in cards.values())
          and {r['card'] for r in rows} == set(cards),
          '%d rows, %d cards for %d processes' % (len(rows), len(cards),
                                                  sum(c['processes'] for c in cards.values())))
    no_card = [r['id'] for r in rows if not r['id'].startswith('row-') or r['card'] not in cards]
    check(name + ': every row links to its card', not no_card, ' '.join(no_card))
    no_svg = [r['id'] for r in rows if not cards.get(r['card'], {}).get('blast')]
    check(name + ': every card has svg.blast', not no_svg, ' '.join(no_svg))
    counts = {c: int(re.sub(r'\D', '', facts['counts'].get(c) or '') or -1) for c in CLASSES}
    # The header counts candidates by class, as the window's headline and the tray do.
    rows_by_class = {c: sum(1 for r in rows if r['cls'] == c) for c in CLASSES}
    check(name + ': class counts equal candidate-table rows per class',
          counts == rows_by_class, 'counts %s, rows %s' % (counts, rows_by_class))
    for shown in (SCRIPT, PWN_SCRIPT, ATTR, PWN_IMG, r'\xff\xfe bad', '<U+202E>txt.exe'):
        check(name + ': process table shows %s as text' % shown, shown in facts['procText'])
    check(name + ': no injected script ran (window.__pwned undefined)',
          facts['pwned'] == 'undefined', facts['pwned'])
    check(name + ': no injected element (one script, no img[src=x])',
          facts['scripts'] == 1 and facts['strayImages'] == 0,
          '%d scripts, %d img' % (facts['scripts'], facts['strayImages']))


def expected_candidates(check, facts, scene, scan):
    candidates = {int(r['pid']) for r in facts['rows']}
    roles = {role: pid for role, pid in scene.items() if 'port' not in role}
    print('      candidates in the report: %d; ours: %s' % (len(candidates), ', '.join(
        '%s=%d' % (role, pid) for role, pid in roles.items() if pid in candidates) or 'none'))
    print('      (the listener with a client, %d, is %sa candidate)'
          % (scene['listener'], '' if scene['listener'] in candidates else 'not '))
    print('      ours that scan --json calls candidates: %s' % ', '.join(
        '%s=%d' % (role, pid) for role, pid in roles.items() if scan.get(pid)) or 'none')
    ticks = {pid: start_ticks(pid) for pid in roles.values() if os.path.exists('/proc/%d' % pid)}
    ids = {r['id'] for r in facts['rows']}
    for role in ('orphan', 'zombie'):
        pids = [scene[role]] + ([scene['zombie_parent']] if role == 'zombie' else [])
        hit = [p for p in pids if 'row-%d-%d' % (p, ticks.get(p, -1)) in ids]
        check('candidate rows include the %s (row-PID-STARTTICKS)' % role, hit,
              'pid %s' % hit[0] if hit else 'pids %s not candidates; scan --json candidate: %s'
              % (pids, [scan.get(p) for p in pids]))
    # The agent session's tools: one origin row, its owner ended, linking to their candidate rows.
    agent = [o for o in facts['origins'] if 'Claude Code' in o['text'] and '<img src' in o['text']]
    check('the crashed agent session is one row of "Left behind, by origin", owner ended', len(agent) == 1
          and ('ended' in agent[0]['text'] or 'beendet' in agent[0]['text']),
          repr([o['text'] for o in facts['origins']]))
    ours = {'row-%d-%d' % (scene[r], ticks.get(scene[r], -1)) for r in ('agent_mcp', 'agent_watch')}
    linked = set(agent[0]['links']) if agent else set()
    check('its row links to the candidate rows of its tools', linked and linked <= ids and linked & ours,
          'links %s, ours %s' % (sorted(linked), sorted(ours)))
    server = scene['devserver']
    card = next((c for c in facts['cards']
                 if c['id'] == 'card-%d-%d' % (server, ticks.get(server, -1))), None)
    check("the orphaned listener's card mentions its port",
          card and str(scene['devport']) in card['text'],
          'port %d in %s' % (scene['devport'], card['id']) if card else
          'no card: not a candidate (scan --json candidate: %s)' % scan.get(server))


def click_sort(browser, key):
    return browser.evaluate(js('''
      const th = document.querySelector('#candidate-table th[data-key="%s"]');
      if (!th) return null;
      th.click();
      const values = Array.from(document.querySelectorAll('#candidate-table tbody tr'),
          tr => (tr.querySelector('td[data-key="%s"]') || {dataset: {}}).dataset.value);
      const ordered = dir => values.every((v, i) => i === 0 || (%s) * dir <= 0);
      return {sort: th.getAttribute('aria-sort'), values,
              asc: ordered(1), desc: ordered(-1)};''' % (key, key, (
        'values[i-1].localeCompare(v)' if key == 'command'
        else 'Math.sign(parseFloat(values[i-1]) - parseFloat(v))'))))


def check_sorting(check, browser):
    for key in ('score', 'command'):
        first = click_sort(browser, key)
        if first is None:
            check('sort by %s: header th[data-key=%s] exists' % (key, key), False)
            continue
        second = click_sort(browser, key)
        for n, r in (('click 1', first), ('click 2', second)):
            ok = ((r['sort'] == 'ascending' and r['asc'])
                  or (r['sort'] == 'descending' and r['desc']))
            check('sort by %s, %s: aria-sort %s and rows in that order' % (key, n, r['sort']), ok,
                  'values %s' % r['values'])
        check('sort by %s: the second click reverses' % key,
              first['sort'] != second['sort'] and second['values'] == first['values'][::-1],
              '%s then %s' % (first['sort'], second['sort']))
    print('      (%d candidate rows sorted)' % len(first['values'] if first else []))


FILTER = js('''
  const f = document.getElementById('candidate-filter');
  f.value = %s;
  f.dispatchEvent(new Event('input', {bubbles: true}));
  return Array.from(document.querySelectorAll('#candidate-table tbody tr'), tr => ({
    pid: tr.dataset.pid, hidden: tr.hidden, attr: tr.hasAttribute('hidden'),
    match: (tr.textContent + ' ' + tr.dataset.pid + ' ' + tr.dataset.startId).includes(%s)}));''')


def click_class_button(browser, cls):
    return browser.evaluate(js('''
      const cls = %s;
      document.querySelector(`button.class-filter[data-class="${cls}"]`).click();
      const rows = Array.from(document.querySelectorAll('#candidate-table tbody tr'));
      const ids = f => rows.filter(f).map(r => r.id).sort().join(' ');
      return {hidden: ids(r => r.hidden), ofClass: ids(r => r.dataset.class === cls),
              others: ids(r => r.dataset.class !== cls)};''' % json.dumps(cls)))


def check_filtering(check, browser, facts):
    check('filter: #candidate-filter inserted by the script', facts['filter'])
    check('filter: class buttons button.class-filter[data-class]', facts['classButtons'],
          ', '.join(facts['classButtons']))
    if not facts['filter'] or not facts['rows']:
        return
    pid = facts['rows'][-1]['pid']
    deadline = time.monotonic() + 3  # a debounced filter may take a moment
    while True:
        rows = browser.evaluate(FILTER % (json.dumps(pid), json.dumps(pid)))
        wrong = [r for r in rows if (r['pid'] == pid and r['hidden'])
                 or (not r['match'] and not (r['hidden'] and r['attr']))
                 or (not r['hidden'] and not r['match'])]
        if not wrong or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    check('filter by pid %s: only matching rows visible, others [hidden]' % pid, not wrong,
          wrong and 'wrong rows: %s' % wrong)
    rows = browser.evaluate(FILTER % ('""', '""'))
    check('filter cleared: every row visible again', not any(r['hidden'] for r in rows))
    # A class button shows or hides that class: either way it is the class's rows that change.
    cls = facts['rows'][0]['cls']
    toggled = click_class_button(browser, cls)
    check('class button %s: hides exactly its rows, or shows only them' % cls,
          toggled['hidden'] in (toggled['ofClass'], toggled['others']), json.dumps(toggled))
    click_class_button(browser, cls)
    rows = browser.evaluate(FILTER % ('""', '""'))
    check('class button %s clicked again: every row visible' % cls,
          not any(r['hidden'] for r in rows))


def scan_candidates(ptriage, home):
    r = run_ptriage(ptriage, ['scan', '--json', '--all', '--min-age', '0'], {}, home)
    try:
        return {p['pid']: p['candidate'] for p in json.loads(r.stdout)['processes']}
    except (ValueError, KeyError):
        return {}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--ptriage', required=True)
    ap.add_argument('--actor', required=True)
    ap.add_argument('--out', required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    out = os.path.abspath(a.out)
    check = Checks()
    actors = Actors(os.path.abspath(a.actor))
    home = tempfile.mkdtemp(prefix='ptriage-report-home-')
    browser = None
    try:
        scene = spawn_scene(actors)
        print('spawned: ' + ', '.join('%s=%d' % kv for kv in scene.items()), flush=True)
        time.sleep(1)  # the client's connection and the zombie settle; idle takes a moment to show

        docs = {}
        for name, env in (('report.html', {}),
                          ('report-de.html', {'LANG': 'de_DE.UTF-8', 'LC_ALL': 'de_DE.UTF-8'})):
            path = os.path.join(out, name)
            if os.path.exists(path):
                os.remove(path)
            r = run_ptriage(a.ptriage, ['report', '--live', '--min-age', '0', '-o', path], env,
                            home)
            check('%s: ptriage report exits 0' % name, r.returncode == 0,
                  'exit %d: %s' % (r.returncode, r.stderr.decode(errors='replace')[-500:].strip()))
            if os.path.exists(path):
                with open(path, 'rb') as f:
                    docs[name] = f.read()
        r = run_ptriage(a.ptriage, ['report', '--live', '--min-age', '0', '-o', '-'], {}, home)
        check('-o -: exits 0', r.returncode == 0, 'exit %d' % r.returncode)
        docs['stdout'] = r.stdout
        scan = scan_candidates(a.ptriage, home)
        for name, data in docs.items():
            check_raw(check, name, data)
        if 'report.html' not in docs:
            raise RuntimeError('no report.html to open')

        browser = devtools.Browser()
        url = 'file://' + os.path.join(out, 'report.html')
        browser.open_page()
        browser.emulate_color_scheme('light')
        browser.navigate(url)
        facts = browser.evaluate(PAGE_FACTS)
        check_page(check, 'en', facts, 'en')
        expected_candidates(check, facts, scene, scan)
        browser.screenshot(os.path.join(out, 'report-light.png'))
        pdf = browser.print_pdf(os.path.join(out, 'report.pdf'))
        check('report.pdf is a PDF over 10 KB', pdf.startswith(b'%PDF') and len(pdf) > 10240,
              '%d bytes' % len(pdf))
        check_sorting(check, browser)
        check_filtering(check, browser, facts)
        problems = page_problems(browser, url)
        check('en: no console errors, exceptions, CSP violations or foreign requests',
              not problems, '; '.join(problems))

        browser.emulate_color_scheme('dark')
        browser.navigate(url)
        dark = browser.evaluate(PAGE_FACTS)
        browser.screenshot(os.path.join(out, 'report-dark.png'))
        check('dark: body background differs from light', dark['bodyBackground'] !=
              facts['bodyBackground'], 'light %s, dark %s' % (facts['bodyBackground'],
                                                             dark['bodyBackground']))
        problems = page_problems(browser, url)
        check('dark: no console errors, exceptions, CSP violations or foreign requests',
              not problems, '; '.join(problems))

        if 'report-de.html' in docs:
            de_url = 'file://' + os.path.join(out, 'report-de.html')
            browser.emulate_color_scheme('light')
            browser.navigate(de_url)
            de = browser.evaluate(PAGE_FACTS)
            check_page(check, 'de', de, 'de')
            browser.screenshot(os.path.join(out, 'report-de.png'))
            problems = page_problems(browser, de_url)
            check('de: no console errors, exceptions, CSP violations or foreign requests',
                  not problems, '; '.join(problems))

        browser.open_page()  # a fresh tab: scripting off applies from its first navigation
        browser.set_scripts_disabled(True)
        browser.navigate(url)
        bare = browser.evaluate(PAGE_FACTS)
        missing = [s for s in SECTIONS if s not in bare['sections']]
        check('no script: every section present', not missing,
              missing and 'missing ' + ', '.join(missing))
        check('no script: every candidate row and card present',
              len(bare['rows']) == len(facts['rows']) and len(bare['cards']) == len(facts['cards']),
              '%d/%d rows, %d/%d cards' % (len(bare['rows']), len(facts['rows']),
                                           len(bare['cards']), len(facts['cards'])))
        check('no script: every process row present', bare['procRows'] == facts['procRows'],
              '%d/%d' % (bare['procRows'], facts['procRows']))
        check('no script: no #candidate-filter', not bare['filter'])
    except (devtools.DevToolsError, RuntimeError, OSError, subprocess.TimeoutExpired) as e:
        check('the test ran to the end', False, str(e))
    finally:
        if browser:
            browser.close()
        actors.kill_all()
        shutil.rmtree(home, ignore_errors=True)

    print('\n%d checks, %d failed' % (check.count, len(check.failed)))
    for f in check.failed:
        print('  FAILED: ' + f)
    print('artifacts in ' + out)
    return 1 if check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
