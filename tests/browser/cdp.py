"""Headless Chromium driven over the DevTools protocol, for the browser tests.

Chromium is started with --remote-debugging-pipe: protocol messages travel as
NUL-terminated JSON over file descriptors 3 (to the browser) and 4 (from it),
so the tests need nothing beyond Python's standard library and Debian's
`chromium` package: no WebSocket client, no npm package, no TCP port.
"""
import base64
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time

# The flags this closed network needs (no background connections), headless.
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio", "--remote-debugging-pipe",
]


def find_chromium():
    """The Chromium binary: $CHROMIUM when set (only it), else `chromium` or `chromium-browser` on PATH; None if
    there is none."""
    if "CHROMIUM" in os.environ:
        return shutil.which(os.environ["CHROMIUM"])
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            return shutil.which(name)
    return None


class ProtocolError(Exception):
    pass


class Browser:
    """One Chromium process; `page()` opens a tab."""

    def __init__(self, binary, width=1400, height=900):
        self.profile = tempfile.mkdtemp(prefix="hivelineage-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        # The child gets the pipe ends as fds 3 and 4, as --remote-debugging-pipe expects (moved
        # out of the way first, as they may themselves be 3 or 4); close_fds keeps only those two.
        def child_fds():
            r, w = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(r, 3)
            os.dup2(w, 4)
        self.proc = subprocess.Popen(
            [binary, *CHROMIUM_FLAGS, f"--user-data-dir={self.profile}", f"--window-size={width},{height}",
             "about:blank"],
            pass_fds=(3, 4), preexec_fn=child_fds,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._next_id = 0
        self._lock = threading.Lock()
        self._waiting = {}   # id -> [event, response]
        self._events = []    # (sessionId, method, params), in arrival order
        self._events_cv = threading.Condition()
        self._stderr = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()
        self.width, self.height = width, height

    def _read_stderr(self):
        for line in self.proc.stderr:
            self._stderr.append(line.decode("utf-8", "replace"))

    def _read(self):
        buf = b""
        while True:
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                break
            buf += chunk
            while b"\0" in buf:
                raw, buf = buf.split(b"\0", 1)
                msg = json.loads(raw)
                if "id" in msg:
                    with self._lock:
                        slot = self._waiting.get(msg["id"])
                    if slot:
                        slot[1] = msg
                        slot[0].set()
                else:
                    with self._events_cv:
                        self._events.append((msg.get("sessionId"), msg["method"], msg.get("params", {})))
                        self._events_cv.notify_all()
        with self._lock:
            for slot in self._waiting.values():
                slot[0].set()

    def send(self, method, params=None, session=None, timeout=60):
        with self._lock:
            self._next_id += 1
            mid = self._next_id
            slot = [threading.Event(), None]
            self._waiting[mid] = slot
        msg = {"id": mid, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self._to_browser, json.dumps(msg).encode() + b"\0")
        if not slot[0].wait(timeout):
            raise ProtocolError(f"{method}: no answer in {timeout} s")
        with self._lock:
            del self._waiting[mid]
        resp = slot[1]
        if resp is None:
            raise ProtocolError(f"{method}: the browser went away\n{''.join(self._stderr[-20:])}")
        if "error" in resp:
            raise ProtocolError(f"{method}: {resp['error'].get('message')}")
        return resp.get("result", {})

    def events(self, session, method):
        with self._events_cv:
            return [p for s, m, p in self._events if s == session and m == method]

    def page(self):
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        return Page(self, session)

    def close(self):
        try:
            self.send("Browser.close", timeout=10)
        except ProtocolError:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_browser)
        shutil.rmtree(self.profile, ignore_errors=True)


class Page:
    def __init__(self, browser, session):
        self.browser = browser
        self.session = session
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.send(f"{domain}.enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": browser.width, "height": browser.height, "deviceScaleFactor": 1, "mobile": False})

    def send(self, method, params=None, timeout=120):
        return self.browser.send(method, params, self.session, timeout)

    def goto(self, url, ready="document.documentElement && document.documentElement.dataset.ready", timeout=120):
        """Loads `url` and waits until the JavaScript expression `ready` is truthy."""
        self.send("Page.navigate", {"url": url})
        return self.wait_for(ready, timeout)

    def eval(self, expression, timeout=120):
        """The value of a JavaScript expression (awaited when it is a promise), as JSON."""
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                      timeout)
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            raise ProtocolError(f"{expression}: {d.get('exception', {}).get('description') or d.get('text')}")
        return r["result"].get("value")

    def wait_for(self, expression, timeout=60):
        end = time.time() + timeout
        while True:
            value = self.eval(expression)
            if value:
                return value
            if time.time() > end:
                raise ProtocolError(f"timed out waiting for {expression}")
            time.sleep(0.05)

    def click(self, selector):
        """A real mouse click in the middle of the first element matching `selector`."""
        box = self.eval(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: 'nearest'}}); const r = e.getBoundingClientRect();
            return [r.x + r.width / 2, r.y + r.height / 2, r.width * r.height]; }})()""")
        if not box:
            raise ProtocolError(f"nothing matches {selector}")
        if not box[2]:
            raise ProtocolError(f"{selector} is not on screen")
        self.click_at(box[0], box[1])

    def click_at(self, x, y):
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})

    def hover(self, x, y):
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})

    def type(self, text):
        self.send("Input.insertText", {"text": text})

    def key(self, key, code=None, vk=None):
        params = {"key": key, "code": code or key, "windowsVirtualKeyCode": vk or 0}
        self.send("Input.dispatchKeyEvent", {"type": "keyDown", **params})
        self.send("Input.dispatchKeyEvent", {"type": "keyUp", **params})

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def console_errors(self):
        """Exceptions thrown and console.error / browser log errors so far."""
        errors = [e["exceptionDetails"].get("exception", {}).get("description") or e["exceptionDetails"]["text"]
                  for e in self.browser.events(self.session, "Runtime.exceptionThrown")]
        errors += [" ".join(str(a.get("value", a.get("description", ""))) for a in e["args"])
                   for e in self.browser.events(self.session, "Runtime.consoleAPICalled") if e["type"] == "error"]
        errors += [e["entry"]["text"] for e in self.browser.events(self.session, "Log.entryAdded")
                   if e["entry"]["level"] == "error"]
        return errors

    def requests(self):
        """URLs of every request the page made."""
        return [e["request"]["url"] for e in self.browser.events(self.session, "Network.requestWillBeSent")]
