"""Helpers for URLs that come from the browser."""

from __future__ import annotations

import unicodedata
from urllib.parse import urlsplit

from flask import request


def safe_next(target: str | None) -> str | None:
    """A `next` address only if it stays in this school: a path on this site (no open
    redirect) under the app's own prefix. In path mode (trainer.web.schools) that is
    `/oak/...`: a `next` of `/classes/1` would leave the school for a 404, and one of
    `/birch/school` would lead into another school."""
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
    root = request.script_root
    if root and parts.path != root and not parts.path.startswith(root + "/"):
        return None
    # Browsers resolve "." and ".." segments (also written %2e) before they ask: /oak/../birch
    # is /birch.
    if any(segment.lower().replace("%2e", ".") in (".", "..") for segment in parts.path.split("/")):
        return None
    return target


def here() -> str:
    """This page's path as the browser sees it (with the school's prefix): what a `next` holds."""
    return request.script_root + request.path
