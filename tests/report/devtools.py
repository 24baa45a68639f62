"""A small Chrome DevTools protocol client over --remote-debugging-pipe (stdlib only).

The browser reads commands on its fd 3 and writes replies and events on its fd 4, each message
a JSON object followed by a NUL byte. One page target, attached as a flat session.
"""

import base64
import fcntl
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time

BROWSERS = (
    ('chromium-headless-shell', []),
    ('chromium', ['--headless']),
    ('chromium-browser', ['--headless']),
    ('google-chrome', ['--headless']),
)


class DevToolsError(Exception):
    pass


def find_browser():
    """(path, extra args) of the first headless-capable Chromium on PATH, or raise."""
    for name, extra in BROWSERS:
        path = shutil.which(name)
        if path:
            return path, extra
    raise DevToolsError(
        'no Chromium found (looked for %s); install one, e.g. '
        'apt-get install chromium-headless-shell' % ', '.join(n for n, _ in BROWSERS))


class Browser:
    def __init__(self, timeout=30.0):
        self.timeout = timeout
        path, extra = find_browser()
        self._profile = tempfile.mkdtemp(prefix='ptriage-chromium-')
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def child_fds():
            # Copy high first so the dup2 onto 3 cannot clobber the other end.
            r = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
            w = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
            os.dup2(r, 3)
            os.dup2(w, 4)

        args = [path, *extra, '--remote-debugging-pipe', '--no-sandbox', '--disable-gpu',
                '--no-first-run', '--disable-background-networking', '--hide-scrollbars',
                '--user-data-dir=' + self._profile, 'about:blank']
        # close_fds=False: Python's own descriptors are close-on-exec anyway; 3 and 4 must survive.
        self.proc = subprocess.Popen(args, preexec_fn=child_fds, close_fds=False,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._stderr = []
        threading.Thread(target=self._drain_stderr, daemon=True).start()

        self._lock = threading.Condition()
        self._replies = {}
        self.events = []
        self._closed = False
        self._next_id = 0
        self.session = None
        threading.Thread(target=self._read, daemon=True).start()

    # -- transport --------------------------------------------------------------------------
    def _drain_stderr(self):
        for line in self.proc.stderr:
            self._stderr.append(line.decode(errors='replace'))

    def _read(self):
        buf = b''
        while True:
            try:
                chunk = os.read(self._from_chrome, 1 << 16)
            except OSError:
                chunk = b''
            if not chunk:
                break
            buf += chunk
            *messages, buf = buf.split(b'\0')
            with self._lock:
                for raw in messages:
                    msg = json.loads(raw)
                    if 'id' in msg:
                        self._replies[msg['id']] = msg
                    else:
                        self.events.append(msg)
                self._lock.notify_all()
        with self._lock:
            self._closed = True
            self._lock.notify_all()

    def _wait(self, predicate, timeout, what):
        deadline = time.monotonic() + (timeout or self.timeout)
        with self._lock:
            while True:
                result = predicate()
                if result:
                    return result
                if self._closed:
                    raise DevToolsError('browser went away while waiting for %s; stderr:\n%s'
                                        % (what, ''.join(self._stderr[-20:])))
                left = deadline - time.monotonic()
                if left <= 0:
                    raise DevToolsError('timed out waiting for ' + what)
                self._lock.wait(left)

    def send(self, method, params=None, browser_level=False, timeout=None):
        with self._lock:
            self._next_id += 1
            msg_id = self._next_id
        msg = {'id': msg_id, 'method': method, 'params': params or {}}
        if self.session and not browser_level:
            msg['sessionId'] = self.session
        data = json.dumps(msg).encode() + b'\0'
        try:
            while data:
                data = data[os.write(self._to_chrome, data):]
        except OSError as e:
            raise DevToolsError('cannot send %s: %s' % (method, e))
        reply = self._wait(lambda: self._replies.pop(msg_id, None), timeout, method)
        if 'error' in reply:
            raise DevToolsError('%s: %s' % (method, reply['error'].get('message')))
        return reply.get('result', {})

    # -- page -------------------------------------------------------------------------------
    def open_page(self, width=1280, height=900):
        """A fresh about:blank tab with the event domains on; replaces the current one."""
        if self.session:
            self.send('Target.closeTarget', {'targetId': self._target}, browser_level=True)
        self._target = self.send('Target.createTarget', {'url': 'about:blank'},
                                 browser_level=True)['targetId']
        self.session = self.send('Target.attachToTarget',
                                 {'targetId': self._target, 'flatten': True},
                                 browser_level=True)['sessionId']
        for domain in ('Page', 'Runtime', 'Log', 'Network'):
            self.send(domain + '.enable')
        self.send('Emulation.setDeviceMetricsOverride',
                  {'width': width, 'height': height, 'deviceScaleFactor': 1, 'mobile': False})

    def clear_events(self):
        with self._lock:
            self.events = []

    def events_of(self, *methods):
        """Events of this page's session with one of `methods`."""
        with self._lock:
            return [e for e in self.events
                    if e.get('method') in methods and e.get('sessionId') == self.session]

    def navigate(self, url, timeout=None):
        self.clear_events()
        result = self.send('Page.navigate', {'url': url})
        if result.get('errorText'):
            raise DevToolsError('navigate %s: %s' % (url, result['errorText']))
        self._wait(lambda: self.events_of('Page.loadEventFired'), timeout, 'load of ' + url)

    def evaluate(self, expression):
        result = self.send('Runtime.evaluate', {'expression': expression, 'returnByValue': True,
                                                'awaitPromise': True})
        if 'exceptionDetails' in result:
            details = result['exceptionDetails']
            text = details.get('exception', {}).get('description') or details.get('text')
            raise DevToolsError('evaluate failed: %s\n  in: %s' % (text, expression[:200]))
        return result['result'].get('value')

    def emulate_color_scheme(self, scheme):
        self.send('Emulation.setEmulatedMedia',
                  {'features': [{'name': 'prefers-color-scheme', 'value': scheme}]})

    def set_scripts_disabled(self, disabled):
        self.send('Emulation.setScriptExecutionDisabled', {'value': disabled})

    def screenshot(self, path):
        """The whole page at the emulated width, as PNG."""
        size = self.send('Page.getLayoutMetrics')['cssContentSize']
        shot = self.send('Page.captureScreenshot', {
            'format': 'png', 'captureBeyondViewport': True,
            'clip': {'x': 0, 'y': 0, 'width': size['width'], 'height': size['height'],
                     'scale': 1}}, timeout=60)
        with open(path, 'wb') as f:
            f.write(base64.b64decode(shot['data']))

    def print_pdf(self, path):
        pdf = self.send('Page.printToPDF', {'printBackground': True}, timeout=60)
        data = base64.b64decode(pdf['data'])
        with open(path, 'wb') as f:
            f.write(data)
        return data

    # -- shutdown ---------------------------------------------------------------------------
    def close(self):
        try:
            if not self._closed and self.proc.poll() is None:
                self.send('Browser.close', browser_level=True, timeout=5)
        except DevToolsError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=5)
        for fd in (self._to_chrome, self._from_chrome):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self._profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
