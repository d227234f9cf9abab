"""The site in the two engines besides Chromium that phones at a table run: WebKit (every iPhone browser) and
Gecko (Firefox). Each is driven through its own WebDriver, from the registries' packages (build.py
`other_engines` installs them): Debian's WebKitWebDriver driving WebKitGTK's MiniBrowser under Xvfb (classic
WebDriver over HTTP), and Debian's Firefox ESR over WebDriver BiDi (its own remote agent, no geckodriver).

Both are wrapped in one small `Phone`: open a page, run a function in it (JSON in, JSON out; a promise is
awaited), find an element by a function, tap it and type into it through the engine's own input (WebDriver's
element click, BiDi pointer and key actions), reload. A missing engine fails the test that asks for it, naming
the package; it is never skipped.

What each engine can be asked differs, and is said where a test relies on it:
- Firefox reports every console message and JavaScript error over BiDi (`log.entryAdded`) and every request
  the page and its workers make (`network.beforeRequestSent`), from before the page's first script.
- WebKitWebDriver has neither. A WebKit phone's errors are the page's own: uncaught errors, rejected promises,
  console.error and policy violations, watched from the moment a page has loaded (WebDriver has no script that
  runs before the page's); its requests are the page's Resource Timing entries.
"""

from __future__ import annotations

import glob
import itertools
import json
import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

WEBKIT_PACKAGE = "webkit2gtk-driver"
FIREFOX_PACKAGE = "firefox-esr"
# An error Firefox logs now and then for a linked table's host under load, with no frame of any script on its
# stack (a page's own errors have one): 3 times in some 45 runs of the linked-table tests under load, never
# found in the page's code (bench/README.md, "Engines"). It is printed, not failed on; any other error is.
FIREFOX_OWN = 'Error: Permission denied to access property "length"'


def _needed(what: str, found: str | None, package: str) -> str:
    if not found or not Path(found).exists():
        pytest.fail(f"{what} is missing: Debian's {package} package (python3 build.py test installs it as root)",
                    pytrace=False)
    return found


def webkit_driver() -> str:
    return _needed("WebKitWebDriver", os.environ.get("WORTWURF_WEBKIT_DRIVER") or shutil.which("WebKitWebDriver"),
                   WEBKIT_PACKAGE)


def minibrowser() -> str:
    found = os.environ.get("WORTWURF_MINIBROWSER") or next(iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))),
                                                            None)
    return _needed("WebKitGTK's MiniBrowser", found, WEBKIT_PACKAGE)


def firefox() -> str:
    found = os.environ.get("WORTWURF_FIREFOX") or shutil.which("firefox-esr") or shutil.which("firefox")
    return _needed("Firefox", found, FIREFOX_PACKAGE)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def german_locale() -> str:
    """A folder (LOCPATH) with the de_DE.UTF-8 locale compiled: WebKitGTK reads navigator.language from the
    locale it runs in, and a locale that is not there reads as en-US. build.py makes it in .cache/locale."""
    made = os.environ.get("WORTWURF_LOCPATH")
    if made and (Path(made) / "de_DE.UTF-8").exists():
        return made
    folder = Path(tempfile.gettempdir()) / f"wortwurf-locale-{os.getuid()}"
    if not (folder / "de_DE.UTF-8" / "LC_MESSAGES").exists():
        _needed("the German locale's source", "/usr/share/i18n/locales/de_DE", "locales")
        folder.mkdir(exist_ok=True)
        subprocess.run(["localedef", "-i", "de_DE", "-f", "UTF-8", str(folder / "de_DE.UTF-8")], check=True,
                       capture_output=True)
    return str(folder)


class Display:
    """An X display of its own (Xvfb) for WebKitGTK, which has no headless mode of its own."""

    def __init__(self):
        xvfb = _needed("Xvfb", os.environ.get("WORTWURF_XVFB") or shutil.which("Xvfb"), "xvfb")
        read, write = os.pipe()
        self.process = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1366x900x24", "-nolisten",
                                         "tcp"], pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as told:
            number = told.readline().strip()
        if not number:
            pytest.fail("Xvfb did not start", pytrace=False)
        self.name = f":{number}"

    def close(self):
        self.process.terminate()
        self.process.wait(10)


class EngineError(AssertionError):
    pass


# --- the page's side, the same in both engines ---------------------------------------------------------------

# The page's own errors, watched from the moment this runs (WebKit: right after each load).
WATCH = """() => {
  if (window.__engineWatch) return true;
  const seen = window.__engineWatch = [];
  addEventListener("error", (e) => seen.push(`error: ${e.message}`));
  addEventListener("unhandledrejection", (e) => seen.push(`unhandled rejection: ${e.reason}`));
  document.addEventListener("securitypolicyviolation", (e) => seen.push(`policy: ${e.violatedDirective} ${e.blockedURI}`));
  const error = console.error.bind(console);
  console.error = (...parts) => { seen.push(parts.map(String).join(" ")); error(...parts); };
  return true;
}"""

# A control as a person finds it: visible, enabled, named by its label, its aria-label or its text.
CONTROL = """(pattern, within, roles) => {
  const re = new RegExp(pattern);
  const root = within ? document.querySelector(within) : document;
  if (!root) return null;
  const label = (el) => {
    if (el.getAttribute("aria-label")) return el.getAttribute("aria-label").trim();
    if (el.id) { const l = document.querySelector(`label[for="${el.id}"]`); if (l) return l.textContent.trim(); }
    const wrap = el.closest("label");
    return (wrap ?? el).textContent.replace(/\\s+/g, " ").trim();
  };
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  return [...root.querySelectorAll(roles)].find((el) => shown(el) && !el.disabled && re.test(label(el))) ?? null;
}"""


# The page takes a second tap near the first within 0.3 s as a double tap, and one action (web/common.js); these
# taps all land in the middle of the view (each control is scrolled there first), so each waits this long after
# the last: a tap of its own, as a person's are (the Chromium tests' clicks wait so too: conftest).
TAP_SPACING = 0.45


class Phone:
    """One page in one engine (subclasses: WebKitPhone, FirefoxPhone)."""

    engine = ""
    url = ""
    tapped = 0.0  # when the last tap had been made (time.monotonic())

    def spaced_from_the_last_tap(self) -> None:
        time.sleep(max(0.0, self.tapped + TAP_SPACING - time.monotonic()))

    def js(self, function: str, *args):
        """The JSON value of `function(...args)` in the page (a promise awaited)."""
        raise NotImplementedError

    def element(self, function: str, *args):
        raise NotImplementedError

    def tap(self, element) -> None:
        raise NotImplementedError

    def type(self, element, text: str) -> None:
        raise NotImplementedError

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def errors(self) -> list[str]:
        raise NotImplementedError

    def requests_off_origin(self, origin: str) -> list[str]:
        raise NotImplementedError

    # -- shared

    def wait(self, function: str, *args, timeout: float = 60, message: str = ""):
        """Until `function(...args)` is truthy in the page; its value."""
        end = time.monotonic() + timeout
        while True:
            value = self.js(function, *args)
            if value:
                return value
            if time.monotonic() > end:
                raise EngineError(f"{self.engine}: never true within {timeout} s: {message or function}")
            time.sleep(0.1)

    def ready(self, timeout: float = 90) -> None:
        """Until the page is ready; a start that fails or takes past `timeout` is told with what the page shows."""
        started = self._until("() => { if (window.wortwurf && !window.__readyAsked) window.__readyAsked ="
                              " window.wortwurf.ready.then(() => (window.__ready = 'ready'),"
                              " (e) => (window.__ready = `failed: ${e.message}`)); return window.__ready; }",
                              timeout, "ready")
        if started != "ready":
            raise EngineError(f"{self.engine}: the start failed: {self._starting()}")

    def first_visit_done(self) -> None:
        """Until the page's first visit has done what it does after ready: its snapshot kept and, when it was,
        Pyodide's factory loaded once more through the offline cache (web/code-cache.mjs). A reload meanwhile
        cuts that load off, and Firefox says so on the console."""
        self._until("() => { const has = (name) => performance.getEntriesByName(name).length > 0;"
                    " return !(has('worker:snapshot-made') || has('worker:snapshot-shipped'))"
                    " || (has('worker:snapshot-kept') && has('wortwurf-code-cache')); }", 60, "the first visit done")

    def _until(self, function: str, timeout: float, what: str):
        try:
            return self.wait(function, timeout=timeout, message=what)
        except EngineError as error:
            raise EngineError(f"{error}; the page shows: {self._starting()}") from None

    def _starting(self) -> str:
        """The start's text, its outcome, the offline cache in control, and the page's and its worker's marks."""
        return self.js("() => [document.getElementById('loading-text')?.textContent, window.__ready,"
                       " navigator.serviceWorker?.controller?.scriptURL,"
                       " ...performance.getEntriesByType('mark').map((m) => m.name)].join(' | ')")

    def control(self, pattern: str, within: str | None = None, roles: str = "button, [role=button]", timeout=30):
        """The first control whose name matches `pattern`, once there is one."""
        self.wait(f"(...args) => Boolean(({CONTROL})(...args))", pattern, within, roles, timeout=timeout,
                  message=f"a control named /{pattern}/")
        return self.element(CONTROL, pattern, within, roles)

    def press(self, pattern: str, within: str | None = None, roles: str = "button, [role=button]") -> None:
        self.tap(self.control(pattern, within, roles))

    def choose(self, select: str, value: str) -> None:
        """The option `value` of the select `select` (a CSS selector) chosen, as a change of it by a person."""
        self.js("""(select, value) => { const el = document.querySelector(select); el.value = value;
            el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); }""",
                select, value)

    def query(self, selector: str):
        return self.element("(s) => document.querySelector(s)", selector)

    def game(self):
        return self.js("() => wortwurf.game()")

    def actions(self) -> int:
        return self.js("() => wortwurf.game() ? wortwurf.game().record.actions.length : -1")

    def close(self) -> None:
        pass


# --- WebKit: WebKitWebDriver (classic WebDriver) driving MiniBrowser ----------------------------------------

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


class WebKit:
    """WebKit on a display, in a locale: a phone is a WebKitWebDriver of its own with its session (its own
    MiniBrowser, its own storage), ended with it (one driver for all hung on a new session under load)."""

    def __init__(self, display: Display, language: str = "de_DE.UTF-8"):
        self.display, self.language = display, language

    def phone(self) -> "WebKitPhone":
        driver = WebKitDriver(self.display, self.language)
        try:
            session = driver.call("POST", "/session", {"capabilities": {"alwaysMatch": {
                "webkitgtk:browserOptions": {"binary": minibrowser(), "args": ["--automation"]}}}})
        except BaseException:
            driver.close()
            raise
        return WebKitPhone(driver, session["sessionId"], session["capabilities"]["browserVersion"])

    def close(self):
        pass


class WebKitDriver:
    """One WebKitWebDriver, in a process group of its own with the MiniBrowser it starts."""

    def __init__(self, display: Display, language: str):
        self.port = free_port()
        # The locale is where WebKitGTK reads the person's language from (navigator.language), as Safari reads
        # the phone's; LC_ALL over whatever the machine has
        env = {**os.environ, "DISPLAY": display.name, "LC_ALL": language, "LOCPATH": german_locale(),
               "GDK_BACKEND": "x11", "WEBKIT_DISABLE_COMPOSITING_MODE": "1"}
        env.pop("LANGUAGE", None)
        self.process = subprocess.Popen([webkit_driver(), f"--port={self.port}"], env=env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        end = time.monotonic() + 30
        while True:
            try:
                self.call("GET", "/status", timeout=5)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > end or self.process.poll() is not None:
                    self.close()
                    raise EngineError("WebKitWebDriver did not start")
                time.sleep(0.1)

    def call(self, method: str, path: str, body=None, timeout: float = 120):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                return json.load(answer)["value"]
        except urllib.error.HTTPError as error:
            told = json.load(error).get("value", {})
            raise EngineError(f"WebKitWebDriver {method} {path}: {told.get('error')}: {told.get('message')}") from None

    def close(self):
        """The driver and what it started (its process group)."""
        try:
            os.killpg(self.process.pid, 15)
        except ProcessLookupError:
            pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, 9)
            self.process.wait(10)


class WebKitPhone(Phone):
    engine = "webkit"

    def __init__(self, driver: WebKitDriver, session: str, version: str):
        self.driver, self.session, self.version = driver, session, version
        self.call("POST", "/timeouts", {"script": 120_000})

    def call(self, method, path, body=None):
        return self.driver.call(method, f"/session/{self.session}{path}", body)

    def _run(self, function: str, args):
        script = (f"const done = arguments[arguments.length - 1];"
                  f"Promise.resolve().then(() => ({function})(...arguments[0]))"
                  f".then((v) => done({{ ok: v === undefined ? null : v }}), (e) => done({{ error: String(e) }}));")
        answer = self.call("POST", "/execute/async", {"script": script, "args": [list(args)]})
        if "error" in answer:
            raise EngineError(f"webkit: {answer['error']}")
        return answer["ok"]

    def js(self, function: str, *args):
        return self._run(function, args)

    def element(self, function: str, *args):
        found = self._run(function, args)
        return found[ELEMENT] if found else None

    def tap(self, element) -> None:
        # (in the middle of the view first: WebDriver scrolls it only just in, where a bar fixed to the bottom
        # of the screen can be over it)
        self.spaced_from_the_last_tap()
        self.call("POST", "/execute/sync", {"script": "arguments[0].scrollIntoView({ block: 'center' })",
                                            "args": [{ELEMENT: element}]})
        self.call("POST", f"/element/{element}/click", {})
        self.tapped = time.monotonic()

    def type(self, element, text: str) -> None:
        self.call("POST", f"/element/{element}/clear", {})
        self.call("POST", f"/element/{element}/value", {"text": text})

    def choose(self, select: str, value: str) -> None:
        self.tap(self.element("(s, v) => document.querySelector(s).querySelector(`option[value='${v}']`)", select, value))

    def goto(self, url: str) -> None:
        self.url = url
        self.call("POST", "/url", {"url": url})
        self.js(WATCH)

    def reload(self) -> None:
        self.call("POST", "/refresh", {})
        self.js(WATCH)

    def errors(self) -> list[str]:
        return self.js("() => window.__engineWatch ?? []")

    def requests_off_origin(self, origin: str) -> list[str]:
        return [name for name in self.js("() => performance.getEntriesByType('resource').map((e) => e.name)")
                if not name.startswith((origin, "data:", "blob:"))]

    def close(self) -> None:
        try:
            self.driver.call("DELETE", f"/session/{self.session}", timeout=15)
        except (EngineError, OSError):
            pass
        self.driver.close()


# --- Firefox: its own WebDriver BiDi ------------------------------------------------------------------------

FIREFOX_PREFS = {
    # A person whose first language the page does not speak, German second: the page speaks German, chosen
    # from the list (navigator.languages), in every Firefox test.
    "intl.accept_languages": "fr-FR, de-DE",
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "extensions.update.enabled": False,
    "media.navigator.permission.disabled": True,  # (a fake camera at a linked table, as Chromium's tests have)
    "media.navigator.streams.fake": True,
    "media.peerconnection.ice.loopback": True,  # (this machine's phones meet on its own addresses)
    # A Firefox host offers multicast names even once the page had the camera (it lets it go before the offer),
    # and a Chromium guest did not find them here ("ICE failed"): the tests have it offer its addresses
    # (bench/README.md, "Engines")
    "media.peerconnection.ice.obfuscate_host_addresses": False,
}


class Firefox:
    """One Firefox over WebDriver BiDi; a phone is a tab in a user context of its own (its own storage)."""

    def __init__(self, prefs: dict | None = None):
        import websockets.sync.client  # (pinned in tests/requirements.txt)

        self.profile = tempfile.TemporaryDirectory(prefix="wortwurf-firefox-")
        with open(Path(self.profile.name) / "user.js", "w") as user:
            for name, value in {**FIREFOX_PREFS, **(prefs or {})}.items():
                user.write(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n")
        self.process = subprocess.Popen(
            [firefox(), "--headless", "--no-remote", "--profile", self.profile.name, "--remote-debugging-port=0",
             "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        self.output: list[str] = []
        address = queue.Queue()

        def drain():
            for line in self.process.stderr:
                self.output.append(line)
                if found := re.search(r"WebDriver BiDi listening on (ws://\S+)", line):
                    address.put(found.group(1))
            address.put(None)

        threading.Thread(target=drain, daemon=True).start()
        try:
            url = address.get(timeout=60)
        except queue.Empty:
            url = None
        if not url:
            self.process.kill()
            raise EngineError("Firefox did not start its WebDriver BiDi: " + "".join(self.output[-20:]))
        self.socket = websockets.sync.client.connect(url + "/session", max_size=None, open_timeout=30)
        self.ids = itertools.count(1)
        self.waiting: dict[int, queue.Queue] = {}
        self.listeners: list = []
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()
        self.capabilities = self.send("session.new", {"capabilities": {}})["capabilities"]
        self.version = self.capabilities["browserVersion"]
        self.send("session.subscribe", {"events": ["log.entryAdded", "network.beforeRequestSent"]})

    def _read(self):
        try:
            for text in self.socket:
                message = json.loads(text)
                if "id" in message and message["id"] in self.waiting:
                    self.waiting.pop(message["id"]).put(message)
                elif message.get("type") == "event":
                    for listener in list(self.listeners):
                        listener(message["method"], message["params"])
        except Exception:  # the browser went away: whoever waits is told
            for answer in list(self.waiting.values()):
                answer.put({"type": "error", "error": "closed", "message": "Firefox went away"})

    def send(self, method: str, params: dict, timeout: float = 120):
        number = next(self.ids)
        answer = queue.Queue()
        self.waiting[number] = answer
        with self.lock:
            self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        try:
            message = answer.get(timeout=timeout)
        except queue.Empty:
            raise EngineError(f"firefox: no answer to {method} within {timeout} s") from None
        if message.get("type") == "error":
            raise EngineError(f"firefox {method}: {message.get('error')}: {message.get('message')}")
        return message["result"]

    def phone(self) -> "FirefoxPhone":
        user = self.send("browser.createUserContext", {})["userContext"]
        tab = self.send("browsingContext.create", {"type": "tab", "userContext": user})["context"]
        return FirefoxPhone(self, tab, user)

    def close(self):
        try:
            self.send("browser.close", {}, timeout=10)
        except EngineError:
            pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.socket.close()
        self.profile.cleanup()


class FirefoxPhone(Phone):
    engine = "firefox"

    def __init__(self, browser: Firefox, context: str, user: str):
        self.browser, self.context, self.user = browser, context, user
        self.version = browser.version
        self.console: list[str] = []
        self.requests: list[str] = []
        browser.listeners.append(self._event)

    def _event(self, method, params):
        if method == "log.entryAdded" and params.get("source", {}).get("context") == self.context:
            if params.get("level") == "error":  # (with where it came from: a failure here is read from CI's log)
                frames = params.get("stackTrace", {}).get("callFrames", [])[:3]
                where = " ".join(f"at {f.get('functionName') or '?'} {f.get('url')}:{f.get('lineNumber')}" for f in frames)
                text = params.get("text") or ""
                if not frames and text == FIREFOX_OWN:
                    print(f"firefox: its own error, not the page's: {text}", file=sys.stderr)
                else:
                    self.console.append(" ".join(filter(None, [text, where])))
        elif method == "network.beforeRequestSent" and params.get("context") in (self.context, None):
            self.requests.append(params["request"]["url"])

    def _call(self, declaration: str, args):
        result = self.browser.send("script.callFunction", {
            "functionDeclaration": declaration, "awaitPromise": True, "target": {"context": self.context},
            "arguments": [{"type": "string", "value": json.dumps(list(args))}], "resultOwnership": "none"})
        if result["type"] == "exception":
            details = result["exceptionDetails"]
            raise EngineError(f"firefox: {details.get('text')}")
        return result["result"]

    def js(self, function: str, *args):
        value = self._call(f"async (json) => JSON.stringify((await ({function})(...JSON.parse(json))) ?? null)", args)
        return json.loads(value["value"])

    def element(self, function: str, *args):
        value = self._call(f"async (json) => ({function})(...JSON.parse(json))", args)
        return value.get("sharedId")

    def tap(self, element) -> None:
        self.spaced_from_the_last_tap()
        self._call("(json) => JSON.parse(json)", [])  # (the realm is up)
        self.browser.send("script.callFunction", {
            "functionDeclaration": "(el) => el.scrollIntoView({ block: 'center', inline: 'center' })",
            "awaitPromise": False, "target": {"context": self.context},
            "arguments": [{"sharedId": element}]})
        self.browser.send("input.performActions", {"context": self.context, "actions": [{
            "type": "pointer", "id": "finger", "parameters": {"pointerType": "mouse"}, "actions": [
                {"type": "pointerMove", "x": 0, "y": 0, "origin": {"type": "element", "element": {"sharedId": element}}},
                {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})
        self.browser.send("input.releaseActions", {"context": self.context})
        self.tapped = time.monotonic()

    def type(self, element, text: str) -> None:
        self.browser.send("script.callFunction", {
            "functionDeclaration": "(el) => { el.focus(); el.select?.(); }", "awaitPromise": False,
            "target": {"context": self.context}, "arguments": [{"sharedId": element}]})
        keys = [{"type": "keyDown", "value": "\ue003"}, {"type": "keyUp", "value": "\ue003"}]  # (what was selected)
        for character in text:
            keys += [{"type": "keyDown", "value": character}, {"type": "keyUp", "value": character}]
        self.browser.send("input.performActions", {"context": self.context, "actions": [
            {"type": "key", "id": "keys", "actions": keys}]})

    def preload(self, function: str) -> None:
        """`function` runs in every page this phone loads, before the page's own scripts."""
        self.browser.send("script.addPreloadScript", {"functionDeclaration": function, "contexts": [self.context]})

    def goto(self, url: str) -> None:
        self.url = url
        self.browser.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self.browser.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def errors(self) -> list[str]:
        return list(self.console)

    def requests_off_origin(self, origin: str) -> list[str]:
        return [url for url in self.requests if not url.startswith((origin, "data:", "blob:"))]

    def close(self) -> None:
        self.browser.listeners.remove(self._event)
        try:
            self.browser.send("browsingContext.close", {"context": self.context})
            self.browser.send("browser.removeUserContext", {"userContext": self.user})
        except EngineError:
            pass


# --- Chromium through Playwright, as the same Phone (the linked table's other side) ---------------------------


class ChromiumPhone(Phone):
    engine = "chromium"

    def __init__(self, context):
        self.context = context
        self.page = context.new_page()

    def preload(self, function: str) -> None:
        self.page.add_init_script(f"({function})()")

    def js(self, function: str, *args):
        return self.page.evaluate(f"async (args) => (await ({function})(...args)) ?? null", list(args))

    def element(self, function: str, *args):
        return self.page.evaluate_handle(f"(args) => ({function})(...args)", list(args)).as_element()

    def tap(self, element) -> None:
        element.click()

    def type(self, element, text: str) -> None:
        element.fill(text)

    def goto(self, url: str) -> None:
        self.url = url
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def errors(self) -> list[str]:
        return list(self.context.watch.errors)

    def requests_off_origin(self, origin: str) -> list[str]:
        return list(self.context.watch.foreign)

    def close(self) -> None:
        self.context.close()
