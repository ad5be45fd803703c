"""Embedding: the README's one-line <iframe> on a blog of ANOTHER site.

The blog is http://localhost:P2, the game http://127.0.0.1:P1 (two sites; two ports of one host
would be the same site and prove nothing). Chromium refuses storage to such a third-party frame by
default: the test checks that this really happened, then that the game still starts with no page
error, that a click reaches Python, and that the game runs in a process of its own, so that its
start (one long task of the interpreter) cannot stall the blog: the blog's 10 ms timer keeps
ticking while the game boots. (How late it ever was is printed, not asserted: scripts/bench.py
measures timing; a shared test machine is too noisy for a threshold.)
"""

import re

from browserkit import ROOT, click_changes_board, errors, wait_ready

BLOG = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A blog post</title></head>
<body style="font-family: sans-serif; max-width: 760px; margin: 2rem auto">
<h1>Why I love Toscana</h1>
<p>Some text before the game.</p>
<script>
  window.maxGap = 0;
  let last = performance.now();
  setInterval(() => { const now = performance.now(); window.maxGap = Math.max(window.maxGap, now - last); last = now; }, 10);
</script>
SNIPPET
<p>Some text after the game.</p>
</body></html>
"""


def readme_snippet():
    """The one line the README tells bloggers to paste."""
    text = (ROOT / "README.md").read_text("utf-8")
    block = text.split("<!-- embed-snippet -->", 1)[1]
    line = next(row for row in block.splitlines() if row.strip().startswith("<iframe"))
    assert line.strip().endswith("</iframe>"), "the embed snippet must be one line"
    return line.strip()


def test_readme_iframe_works_on_another_site_with_storage_refused(guarded, site, blog):
    snippet = readme_snippet()
    host = re.search(r'src="(https://[^"]*/)index\.html', snippet).group(1)
    (blog.root / "blog.html").write_text(
        BLOG.replace("SNIPPET", snippet.replace(host, site.url)), "utf-8"
    )
    context = guarded(blog)
    page = context.new_page()
    page_errors = []
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    blog_url = blog.site_url + "blog.html"
    page.goto(blog_url)
    game = page.frame_locator("iframe")
    game.locator("#poster-start").wait_for(state="visible")
    frame = next(f for f in page.frames if f.url.startswith(site.url))
    assert "embed=1" in frame.url

    # a cross-site frame: storage is refused to it (the case the game must survive)
    assert frame.evaluate("window.bgt.storage") is False
    assert frame.evaluate("document.cookie = 'x=1'; document.cookie") == ""
    # nothing heavy happens until the reader asks for the game
    assert frame.evaluate("document.querySelectorAll('script[type=\"py\"]').length") == 0
    history_before = page.evaluate("history.length")

    # the game's frame is out of the blog's process (site isolation): a CDP target of its own
    cdp = context.new_cdp_session(page)
    targets = cdp.send("Target.getTargets")["targetInfos"]
    assert [t for t in targets if t["type"] == "iframe" and t["url"].startswith(site.url)], targets

    page.evaluate("window.maxGap = 0; window.ticks = 0; setInterval(() => window.ticks++, 10)")
    game.locator("#poster-start").click()
    booting = page.evaluate("window.ticks")
    wait_ready(game, "toscana")
    assert page.evaluate("window.ticks") > booting  # the blog kept running while Python started
    print(f"blog timer: longest gap {page.evaluate('window.maxGap'):.0f} ms while the game booted")

    assert frame.evaluate("window.bgtMemoryIDB") is True  # the IndexedDB stand-in was needed
    # Python started from its memory snapshot: no storage is needed for that
    assert frame.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
    assert game.locator("#storage-note").is_visible()  # saving says it is off

    click_changes_board(game)

    # fits its container and leaves the host page alone
    assert frame.evaluate("""() => {
        const d = document.documentElement, b = document.querySelector('#gt-board').getBoundingClientRect();
        return d.scrollHeight <= innerHeight + 1 && d.scrollWidth <= innerWidth + 1
            && b.bottom <= innerHeight + 1 && b.right <= innerWidth + 1 && b.width > 100; }""")
    assert page.url == blog_url
    assert page.evaluate("history.length") == history_before
    assert page.evaluate("document.title") == "A blog post"

    assert context.outside == [], context.outside
    assert page_errors == []
    assert errors(page) == [] and errors(frame) == []
