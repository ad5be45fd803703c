#!/usr/bin/env python3
"""Draw the site icons by code: assets/icon.svg, and PNGs rendered from it by headless Chromium.

    .venv/bin/python scripts/make_icons.py              (needs playwright + Chromium; see tests/browser)
    .venv/bin/python scripts/make_icons.py --out DIR    write the four files into DIR instead

Outputs (committed, so building the site needs no browser): assets/icon.svg,
assets/icon-192.png, assets/icon-512.png, assets/icon-maskable-512.png (full-bleed background,
motif inside the central 80 % safe zone).
"""

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"

TILES = [("#c8553d", 0, 0), ("#d9d2c3", 1, 0), ("#6e9a4a", 0, 1), ("#e8c872", 1, 1)]


def svg(maskable=False):
    """A wooden table square with four game tiles (Toscana roof and paving, a field, a map)."""
    size = 512
    inset = 0 if maskable else 16
    radius = 0 if maskable else 96
    # tiles: inside the 80 % safe zone for maskable icons
    area = 0.62 * size if maskable else 0.70 * size
    gap = area * 0.06
    tile = (area - gap) / 2
    x0 = (size - area) / 2
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" height="{size}">',
        '<defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#9a6538"/><stop offset=".5" stop-color="#7a4b28"/>'
        '<stop offset="1" stop-color="#63391b"/></linearGradient></defs>',
        f'<rect x="{inset}" y="{inset}" width="{size - 2 * inset}" height="{size - 2 * inset}" rx="{radius}" fill="url(#w)"/>',
    ]
    for i in range(9):  # wood grain
        y = inset + 30 + i * (size - 2 * inset - 60) / 8
        parts.append(
            f'<path d="M{inset + 20} {y:.0f} q{size / 4:.0f} -10 {size / 2:.0f} 0 t{size / 2 - 40 - 2 * inset:.0f} 0" '
            f'stroke="#000" stroke-opacity=".08" stroke-width="3" fill="none"/>'
        )
    for colour, cx, cy in TILES:
        x = x0 + cx * (tile + gap)
        y = x0 + cy * (tile + gap)
        parts.append(
            f'<rect x="{x + 6:.1f}" y="{y + 10:.1f}" width="{tile:.1f}" height="{tile:.1f}" rx="{tile * 0.1:.1f}" '
            f'fill="#000" fill-opacity=".25"/>'
        )
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{tile:.1f}" height="{tile:.1f}" rx="{tile * 0.1:.1f}" '
            f'fill="{colour}" stroke="#3b2412" stroke-opacity=".35" stroke-width="4"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ASSETS, help="folder to write into (assets/)")
    out = parser.parse_args(argv).out
    out.mkdir(parents=True, exist_ok=True)
    (out / "icon.svg").write_text(svg(), "utf-8")
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        for name, size, maskable in [
            ("icon-192.png", 192, False),
            ("icon-512.png", 512, False),
            ("icon-maskable-512.png", 512, True),
        ]:
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            markup = svg(maskable).replace(
                'width="512" height="512"', f'width="{size}" height="{size}"'
            )
            page.set_content(
                f'<html><body style="margin:0;background:transparent">{markup}</body></html>'
            )
            page.screenshot(
                path=str(out / name),
                omit_background=True,
                clip={"x": 0, "y": 0, "width": size, "height": size},
            )
            page.close()
        browser.close()
    print(f"wrote {out}/icon.svg and 3 PNG icons")
    return 0


if __name__ == "__main__":
    sys.exit(main())
