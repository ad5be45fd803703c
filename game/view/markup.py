"""Building HTML/SVG markup as text, escaped. The board is drawn by setting markup once per
update: crossing the Python<->JS boundary per element is slow, once per update is not."""

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
