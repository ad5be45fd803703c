"""Building HTML/SVG markup as text, escaped. The board is drawn by setting markup once per
update: crossing the Python<->JS boundary per element is slow, once per update is not."""

import re

_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}


def esc(text):
    """Text safe inside an element or a quoted attribute (player names, loaded files)."""
    return "".join(_ESCAPES.get(ch, ch) for ch in str(text))


def attrs(values):
    """` name="value"` pairs; None and False leave an attribute out, True writes it bare.
    A trailing underscore is dropped (class_ -> class) and other underscores become dashes."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(out)


def tag(element, /, *children, **values):
    """<element attrs>children</element>; children are markup already (escape text with esc)."""
    return f"<{element}{attrs(values)}>{''.join(children)}</{element}>"


def empty(element, /, **values):
    """A childless element, <rect .../> or <input .../> (valid for SVG and HTML void tags)."""
    return f"<{element}{attrs(values)}/>"


# Bidi isolates (FSI ... PDI) drop out of a name every control that could end the isolate early:
# the isolate marks themselves and paragraph breaks.
_ISOLATE_BREAKERS = {
    **dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069")),
    **dict.fromkeys(map(ord, "\n\r\x1c\x1d\x1e\x85\u2028\u2029"), " "),
}


def icon_svg(inner, box, size, label="", class_=None):
    """A small standalone SVG picture `box` units square, drawn `size` px: named by `label` for
    screen readers, or hidden from them when it only repeats what the text beside it says."""
    return tag(
        "svg",
        tag("title", esc(label)) if label else "",
        inner,
        viewBox=f"0 0 {box} {box}",
        width=size,
        height=size,
        class_=class_,
        role="img" if label else None,
        aria_label=label or None,
        aria_hidden=None if label else "true",
    )


def isolate(text):
    """A player's name as a bidi isolate: whatever direction marks or right-to-left override
    it holds, it cannot reorder the text around it (the isolate's end closes them all). Plain
    text, so it works wherever a name goes (sentences, attributes, SVG); html_isolates() turns
    it into <bdi> where it lands in HTML."""
    return "\u2068" + str(text).translate(_ISOLATE_BREAKERS) + "\u2069"


_TAG = re.compile(r"(<[^>]*>)")
_ISOLATED = re.compile("\u2068([^\u2068\u2069]*)\u2069")


def html_isolates(markup):
    """HTML markup with the isolates of names in its text (not in attributes, not inside SVG)
    as <bdi> elements: the same isolation, and copied text holds no invisible marks. A run of
    text around a name stays one piece (a <span>), also where its parent lays out its children
    as flex or grid items."""
    parts = _TAG.split(markup)
    svg = 0
    for k, part in enumerate(parts):
        if k % 2:  # a tag
            if part.startswith("<svg"):
                svg += 1
            elif part.startswith("</svg"):
                svg -= 1
        elif svg == 0 and "\u2068" in part:
            text = _ISOLATED.sub(r"<bdi>\1</bdi>", part)
            whole = (
                text.startswith("<bdi>") and text.endswith("</bdi>") and text.count("<bdi>") == 1
            )
            parts[k] = text if whole else f"<span>{text}</span>"
    return "".join(parts)


_LIVE = re.compile(r' aria-live="[^"]*"')
ALERT = "data-alert"  # where a part said role="alert": the status line says it once (screen.py)


def quiet(markup):
    """Markup without live regions: the table speaks through its one status line
    (game/ui/voice.py), so a part drawn again never speaks on its own. An alert stays marked
    (`ALERT`) for the status line to say when it appears."""
    return _LIVE.sub("", markup).replace(' role="alert"', f' {ALERT}=""')
