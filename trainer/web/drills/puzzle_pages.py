"""Puzzle screens, each rendered once per puzzle and process (issues 36.3, 50).

Every "next puzzle" answers with the puzzle to answer and the puzzles handed ahead for a Wi-Fi
drop (ahead.py): three renders of practice/_puzzle.html, most of the request's work
(bench/profile_route.py). A puzzle with nothing entered yet has HTML that depends only on the
puzzle, the language, the pupil's own settings (the time bar, what the needs page sets), the
time limit and whether it travels with a ticket, except for four pieces that differ from
hand-out to hand-out: its attempt id, its ticket, the page's CSRF token and the drill's
progress line. The first render of a puzzle is kept with those four cut out; later hand-outs
put in their own, escaped as the template escapes them, so the page is byte for byte what a
fresh render gives (tests/web/drills/test_puzzle_pages.py compares them). A puzzle with taps
waiting (the page without JavaScript, pending_taps.py) is rendered afresh every time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from flask import current_app, render_template
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from trainer.web.core.page_context import pupil_page

# A bank is a few hundred puzzles a kind; a page is about 7 KB: at most ~14 MB a worker.
KEPT = 2048
_ATTEMPT, _TICKET, _CSRF, _PROGRESS = "\x1eattempt\x1e", "\x1eticket\x1e", "\x1ecsrf\x1e", "\x1eprogress\x1e"

_kept: OrderedDict[tuple, str] = OrderedDict()
_progress_kept: OrderedDict[tuple, str] = OrderedDict()
_lock = threading.Lock()


def render(
    context: Callable[[], dict], *, puzzle, attempt: dict, progress, waiting: dict, ticket: str | None = None
) -> Markup:
    """practice/_puzzle.html for one puzzle: the one to answer (`ticket` None) or one handed
    ahead with its ticket. `context` makes the template's context (drills/pupil_views.py), only
    when the puzzle must be rendered: its words are a dozen translations."""
    if not _untouched(waiting):
        return Markup(render_template("practice/_puzzle.html", **context(), ticket=ticket))
    pieces = {
        _ATTEMPT: str(escape(attempt["id"])),
        _TICKET: str(escape(ticket)) if ticket is not None else None,
        _CSRF: str(escape(generate_csrf())),
        _PROGRESS: progress_line(progress),
    }
    pieces = {sentinel: value for sentinel, value in pieces.items() if value is not None}
    key = (
        puzzle.id,
        str(get_locale()),
        ticket is not None,
        not attempt.get("timed", True),  # as the template's `untimed`
        attempt["time_limit_s"],
        # All of the pupil's own settings, as every template sees them (pupil_page.prefs), so
        # that a screen drawn for one child's needs is never handed to another's.
        _own_settings(),
    )
    with _lock:
        template = _kept.get(key)
        if template is not None:
            _kept.move_to_end(key)
    if template is None:
        html = render_template("practice/_puzzle.html", **context(), ticket=ticket)
        template = _cut(html, pieces)
        if template is None:
            return Markup(html)  # a piece not found exactly once: never guess, keep nothing
        _keep(_kept, key, template, KEPT)
    for sentinel, value in pieces.items():
        template = template.replace(sentinel, value)
    return Markup(template)


def progress_line(shown) -> Markup:
    """practice/_progress.html for a practice_flow.Progress, kept per language and what the
    line shows (a drill of puzzles takes a few dozen values; a drill of minutes shows the
    seconds spent, new each time). Rendered without the app's context processors, which the
    template does not use."""
    key = (
        str(get_locale()),
        shown.mode,
        shown.answered,
        shown.planned,
        shown.planned_minutes,
        shown.minutes_done,
        shown.value,
        shown.maximum,
    )
    with _lock:
        html = _progress_kept.get(key)
    if html is None:
        html = current_app.jinja_env.get_template("practice/_progress.html").render(progress=shown)
        _keep(_progress_kept, key, html, KEPT)
    return Markup(html)


def _own_settings() -> tuple:
    page = pupil_page()
    return tuple(sorted(page.prefs.items())) if page is not None else ()


def _untouched(waiting: dict) -> bool:
    """Nothing entered yet, and no problem to show."""
    return not (waiting["cards"] or waiting["combos"] or waiting["delta"] is not None or waiting.get("problem"))


def _keep(kept: OrderedDict, key: tuple, value: str, most: int) -> None:
    with _lock:
        kept[key] = value
        while len(kept) > most:
            kept.popitem(last=False)


def _cut(html: str, pieces: dict[str, str]) -> str | None:
    for sentinel, value in pieces.items():
        if html.count(value) != 1:
            return None
        html = html.replace(value, sentinel)
    return html
