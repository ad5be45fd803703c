"""Browser tests: pytest-playwright driving the system Chromium against the real site, and the
cross-browser tests (test_browser_engines.py) driving Chromium, Firefox and WebKit through
engines.py.

A missing browser FAILS these tests (never a skip; tests/conftest.py fails a session in which any
test was skipped), so CI cannot turn green without having driven every browser. The site is served
in-process by scripts/serve.py from the repository root on 127.0.0.1 (a free port);
`python3 scripts/build.py` (run by scripts/test.sh) must have made vendor/ and pyscript.toml; the
snapshot, sw.js and vendor/preload.json are refreshed here.
"""

import fcntl
import os

import build
import pytest
import serve
from browserkit import CHROMIUM_ARGS, ROOT, errors, find_chromium, guard
from engines import firefox_bridge, open_session, webkit_driver  # noqa: F401 (fixtures)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    chromium = find_chromium()
    if not chromium:
        pytest.fail(
            f"Chromium not found (CHROMIUM={os.environ.get('CHROMIUM', '')!r}). Install it "
            "(`apt-get install chromium`) or set CHROMIUM=/path/to/chromium. Browser tests never skip.",
            pytrace=False,
        )
    return {**browser_type_launch_args, "executable_path": chromium, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def site():
    """The repository root served at http://127.0.0.1:<free port>/."""
    missing = [
        p
        for p in ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyscript/core.js", "sw.js")
        if not (ROOT / p).exists()
    ]
    if missing:
        pytest.fail(
            f"site not built ({', '.join(missing)} missing): run `bash scripts/test.sh` "
            "or `npm ci && python3 scripts/build.py`",
            pytrace=False,
        )
    if not build.toml_is_current():
        pytest.fail(
            "pyscript.toml does not list the files under game/: run `python3 scripts/build.py`",
            pytrace=False,
        )
    # refresh the build outputs: game/ changes all the time (the snapshot imports it: made again
    # by the pinned Pyodide under Node when any of its files changed; sw.js, vendor/preload.json);
    # one test process at a time (the suite runs in two, pytest-xdist)
    with open(ROOT / "vendor" / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        build.make_snapshot()
        build.generate()
    server = serve.start(ROOT)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def blog(tmp_path_factory):
    """A second server for the embedding "blog", reached as http://localhost:<port>/: another SITE
    than the game at 127.0.0.1 (two ports of one host would be the same site and prove nothing).
    Tests write their pages into blog.root."""
    server = serve.start(tmp_path_factory.mktemp("blog"))
    server.site_url = f"http://localhost:{server.server_address[1]}/"
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def guarded(browser, site):
    """make(*other_servers, **context_options) -> a fresh context (own cache, storage and service
    workers) whose requests may only go to the site and the given servers."""
    contexts = []

    def make(*other_servers, **options):
        context = browser.new_context(**{"viewport": {"width": 1000, "height": 800}, **options})
        context.set_default_timeout(30_000)
        context.outside = guard(context, site, *other_servers)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(guarded):
    """A fresh page in a guarded context that must end with no request outside the origin and no
    page error (it replaces pytest-playwright's `page`)."""
    context = guarded()
    page = context.new_page()
    page.errors_seen = []
    page.on("pageerror", lambda e: page.errors_seen.append(str(e)))
    yield page
    assert context.outside == [], context.outside
    assert page.errors_seen == [] and errors(page) == []
