"""The puzzles handed ahead (ahead.py), each rendered once per puzzle and process (issue 36.3).

Every puzzle screen carries two more puzzles for a Wi-Fi drop: two more renders of
practice/_puzzle.html, about two thirds of the screen's own work (bench/request_cost.py).
A puzzle handed ahead has nothing entered yet, so its HTML depends only on the puzzle, the
language, the pupil's time bar switch, the time limit and how the pupil's cards count (dots or
a ten-frame, the number line: issue 49.4), except for four pieces that differ
from hand-out to hand-out: its attempt id, its ticket, the page's CSRF token and the drill's
progress line. The first render of a puzzle is kept with those four cut out; later hand-outs
put in their own, escaped as the template escapes them, so the page is byte for byte what a
fresh render gives (tests/web/drills/test_ahead_pages.py compares them).
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import render_template
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from trainer.web.core.page_context import pupil_page

# A bank is a few hundred puzzles a kind; a page is about 7 KB: at most ~7 MB a worker.
KEPT = 1024
_ATTEMPT, _TICKET, _CSRF, _PROGRESS = "\x1eattempt\x1e", "\x1eticket\x1e", "\x1ecsrf\x1e", "\x1eprogress\x1e"

_kept: OrderedDict[tuple, str] = OrderedDict()
_lock = threading.Lock()


def render(context: dict, ticket: str) -> Markup:
    """practice/_puzzle.html for a puzzle handed ahead, with `context` as for a fresh puzzle."""
    attempt, progress = context["attempt"], context["progress"]
    pieces = {
        _ATTEMPT: str(escape(attempt["id"])),
        _TICKET: str(escape(ticket)),
        _CSRF: str(escape(generate_csrf())),
        _PROGRESS: render_template("practice/_progress.html", progress=progress),
    }
    shown = pupil_page()
    prefs = shown.prefs if shown else {}
    key = (
        context["puzzle"].id,
        prefs.get("card_faces"),
        prefs.get("number_line"),
        str(get_locale()),
        bool(context["hide_countdown"]),
        context["untimed"],
        attempt["time_limit_s"],
    )
    with _lock:
        template = _kept.get(key)
        if template is not None:
            _kept.move_to_end(key)
    if template is None:
        html = render_template("practice/_puzzle.html", **context, ticket=ticket)
        template = _cut(html, pieces)
        if template is None:
            return Markup(html)  # a piece not found exactly once: never guess, keep nothing
        with _lock:
            _kept[key] = template
            while len(_kept) > KEPT:
                _kept.popitem(last=False)
    for sentinel, value in pieces.items():
        template = template.replace(sentinel, value)
    return Markup(template)


def _cut(html: str, pieces: dict[str, str]) -> str | None:
    for sentinel, value in pieces.items():
        if html.count(value) != 1:
            return None
        html = html.replace(value, sentinel)
    return html
