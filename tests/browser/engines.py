"""One small interface over the three browser engines the cross-browser tests drive.

    chromium  Debian's Chromium through Playwright (headless)
    firefox   Debian's Firefox ESR through Puppeteer over WebDriver BiDi (headless; a Node
              process, tests/browser/firefox_bridge.mjs, speaks JSON lines with this one)
    webkit    WebKitGTK's MiniBrowser through its WebDriver (WebKitWebDriver) and Selenium, under
              a virtual X display (xvfb-run: WebKitGTK has no headless mode)

Every `Session` is one fresh profile (no cache, storage or service worker from before):
    goto(url), reload(), evaluate(js_expression) -> JSON value (promises are awaited),
    click(css) a real pointer click at the element's centre, press(key) a real key press,
    wait(js_expression, timeout) until it is truthy, poll(check, timeout, what), close().
Errors: WebKit's WebDriver cannot read the console, so the tests read what index.html records in
the page itself (window.bgtErrors: every error and unhandled rejection) in every engine alike.
A missing browser or driver FAILS the tests that need it (never a skip). Browsers come from
$FIREFOX / $WEBKIT_DRIVER / $WEBKIT_BROWSER, else the Debian paths below.
"""

import json
import os
import queue
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest
from browserkit import ROOT, watch

BOOT_S = 120  # a cold Pyodide start on a busy 2-core machine can take 10+ s
ENGINES = ("chromium", "firefox", "webkit")
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
WEBKIT_BROWSER = os.environ.get(
    "WEBKIT_BROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
)


def missing(what, install):
    pytest.fail(f"{what} not found: {install}. Browser tests never skip.", pytrace=False)


class Session:
    name = "?"

    def wait(self, expression, timeout=BOOT_S, what=None):
        """The first truthy value of a JS expression, polled."""
        return self.poll(lambda: self.evaluate(expression), timeout, what or expression)

    def poll(self, check, timeout, what):
        deadline = time.monotonic() + timeout
        while True:
            value = check()
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: waited {timeout} s for {what}")
            time.sleep(0.1)

    def wait_ready(self, game=None, timeout=BOOT_S):
        """Until Python has drawn the board (of `game`) and listens; fails at once when the
        start failed."""
        selector = 'html[data-board="ready"]' + (f'[data-board-game="{game}"]' if game else "")
        state = self.wait(
            f"document.querySelector('{selector}') ? 'ready' : "
            "document.documentElement.dataset.board === 'failed' && 'failed'",
            timeout,
            f"the board of {game}",
        )
        assert state == "ready", f"{self.name}: the start failed: {self.errors()}"

    def errors(self):
        return self.evaluate("window.bgtErrors || ['no error record']")


# ---- Chromium: Playwright ------------------------------------------------------------------------
class Chromium(Session):
    name = "chromium"

    def __init__(self, browser_type, launch_args, *servers):
        # a profile on disk, as a person has: a real HTTP cache (a private context keeps big
        # responses such as the WebAssembly out of its memory cache)
        self.profile = tempfile.TemporaryDirectory(prefix="bgt-chromium-")
        self.context = browser_type.launch_persistent_context(
            self.profile.name, **launch_args, viewport={"width": 1000, "height": 800}
        )
        self.context.set_default_timeout(BOOT_S * 1000)
        self.outside = watch(self.context, *servers)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()

    def goto(self, url):
        self.page.goto(url)

    def reload(self):
        self.page.reload()

    def evaluate(self, expression):
        return self.page.evaluate(f"async () => ({expression})")

    def click(self, css):
        self.page.locator(css).first.click()

    def press(self, key):
        self.page.keyboard.press(key)

    def close(self):
        self.context.close()
        self.profile.cleanup()
        assert self.outside == [], f"requests left the origin: {self.outside}"


# ---- Firefox: Puppeteer over WebDriver BiDi, in a Node process -----------------------------------
class FirefoxBridge:
    def __init__(self):
        node = shutil.which("node")
        if not node or not (ROOT / "node_modules" / "puppeteer-core").is_dir():
            missing("node or puppeteer-core", "run `npm ci` (scripts/setup.sh does)")
        if not Path(FIREFOX).is_file():
            missing(f"Firefox ({FIREFOX})", "apt-get install firefox-esr, or set FIREFOX")
        self.process = subprocess.Popen(
            [node, str(Path(__file__).with_name("firefox_bridge.mjs")), FIREFOX],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.next = 0
        assert self._answer(0, BOOT_S) == "ready"

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(json.loads(line))
        self.lines.put(None)

    def _answer(self, wanted, timeout):
        while True:
            try:
                message = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"firefox: no answer within {timeout} s") from None
            if message is None:
                raise AssertionError("firefox: the bridge process ended")
            if message["id"] == wanted:
                if "error" in message:
                    raise AssertionError(f"firefox: {message['error']}")
                return message["value"]

    def __call__(self, cmd, **args):
        self.next += 1
        self.process.stdin.write(json.dumps({"id": self.next, "cmd": cmd, **args}) + "\n")
        self.process.stdin.flush()
        return self._answer(self.next, BOOT_S + 30)

    def quit(self):
        self.process.stdin.close()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)


class Firefox(Session):
    name = "firefox"

    def __init__(self, bridge):
        self.bridge = bridge
        self.h = bridge("open")

    def goto(self, url):
        self.bridge("goto", h=self.h, url=url)

    def reload(self):
        self.bridge("reload", h=self.h)

    def evaluate(self, expression):
        return self.bridge("evaluate", h=self.h, expression=expression)

    def click(self, css):
        self.bridge("click", h=self.h, css=css)

    def press(self, key):
        self.bridge("press", h=self.h, key=key)

    def close(self):
        self.bridge("close", h=self.h)


# ---- WebKit: WebKitWebDriver + Selenium, under a virtual display ---------------------------------
class WebKitDriver:
    """WebKitWebDriver on a free port, under xvfb-run (a session without a display hangs)."""

    def __init__(self):
        for path, package in (
            (WEBKIT_DRIVER, "webkit2gtk-driver"),
            (WEBKIT_BROWSER, "webkit2gtk-driver"),
        ):
            if not Path(path).is_file():
                missing(path, f"apt-get install {package}, or set WEBKIT_DRIVER / WEBKIT_BROWSER")
        if not shutil.which("xvfb-run"):
            missing("xvfb-run", "apt-get install xvfb")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.process = subprocess.Popen(
            [
                "xvfb-run",
                "-a",
                "-s",
                "-screen 0 1280x1024x24",
                WEBKIT_DRIVER,
                f"--port={self.port}",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "WebKitWebDriver did not start"
                time.sleep(0.1)

    def quit(self):
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(30)


class WebKit(Session):
    name = "webkit"

    def __init__(self, driver):
        from selenium import webdriver
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection
        from selenium.webdriver.webkitgtk.options import Options

        options = Options()
        options.binary_location = WEBKIT_BROWSER
        options.add_argument("--automation")
        config = ClientConfig(f"http://127.0.0.1:{driver.port}", timeout=BOOT_S + 30)
        self.driver = webdriver.Remote(RemoteConnection(client_config=config), options=options)
        self.driver.set_page_load_timeout(BOOT_S)
        self.driver.set_script_timeout(BOOT_S)
        self.driver.set_window_size(1000, 800)

    def goto(self, url):
        self.driver.get(url)

    def reload(self):
        self.driver.refresh()

    def evaluate(self, expression):
        answer = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"(async () => ({expression}))().then((value) => done({{value}}),"
            " (error) => done({error: String(error && (error.stack || error.message) || error)}));"
        )
        if "error" in answer:
            raise AssertionError(f"webkit: {answer['error']}")
        return answer.get("value")

    def click(self, css):
        from selenium.webdriver.common.action_chains import ActionChains

        # a real pointer click at the centre of the element's box (WebKit's WebDriver takes no
        # element without boxes of its own, such as an SVG <g>, as a target)
        x, y = self.evaluate(
            f"""(() => {{ const e = document.querySelector({json.dumps(css)});
            e.scrollIntoView({{block: "center", inline: "center"}});
            const r = e.getBoundingClientRect();
            return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)]; }})()"""
        )
        actions = ActionChains(self.driver)
        actions.w3c_actions.pointer_action.move_to_location(x, y).click()
        actions.perform()

    def press(self, key):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        ActionChains(self.driver).send_keys(
            getattr(Keys, key.upper(), key) if len(key) > 1 else key
        ).perform()

    def close(self):
        self.driver.quit()


# ---- fixtures ------------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def firefox_bridge():
    bridge = FirefoxBridge()
    yield bridge
    bridge.quit()


@pytest.fixture(scope="session")
def webkit_driver():
    driver = WebKitDriver()
    yield driver
    driver.quit()


@pytest.fixture
def open_session(request, site):
    """open_session(engine, *other_servers) -> a fresh Session of that engine (in Chromium only
    requests to the site and those servers pass), closed after the test."""
    made = []

    def open_session(engine, *servers):
        if engine == "chromium":
            made.append(
                Chromium(
                    request.getfixturevalue("browser_type"),
                    request.getfixturevalue("browser_type_launch_args"),
                    site,
                    *servers,
                )
            )
        elif engine == "firefox":
            made.append(Firefox(request.getfixturevalue("firefox_bridge")))
        else:
            made.append(WebKit(request.getfixturevalue("webkit_driver")))
        return made[-1]

    yield open_session
    for session in made:
        session.close()
