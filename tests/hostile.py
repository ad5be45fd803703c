"""Hostile input for the decoders' tests (CPython and browser): links whose header is any text."""

import base64
import zlib

DEEP = "[" * 10_000 + "]" * 10_000  # JSON nested 10,000 deep: json.loads would exhaust the stack


def raw_link(header_text):
    """A version-2 link (game/core/links.py) whose header is `header_text` as it is, no moves."""
    head = header_text.encode()
    size, n = bytearray(), len(head)
    while n >= 0x80:
        size.append((n & 0x7F) | 0x80)
        n >>= 7
    size.append(n)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(bytes(size) + head) + packer.flush()
    return "2" + base64.urlsafe_b64encode(packed).decode().rstrip("=")
