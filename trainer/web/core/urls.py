"""Helpers for URLs that come from the browser."""
from __future__ import annotations

import unicodedata
from urllib.parse import urlsplit


def safe_next(target: str | None) -> str | None:
    """A `next` address only if it stays on this site (no open redirect)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return None
    # Our own addresses never hold spaces or control characters; a newline would otherwise
    # reach a Location or HX-Redirect header (refused there with a 500) and browsers drop
    # tabs and newlines from URLs ("/\t/evil.example" is "//evil.example" to them).
    if any(ch.isspace() or unicodedata.category(ch).startswith("C") for ch in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return None
    return target
