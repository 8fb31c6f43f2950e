"""Parts of a page rendered once and reused (issue 50): a table on the teacher's watch page,
a pupil's line of the class overview. Most of what those pages show has not changed since
the last time they were asked (they are polled), and rendering it again was most of their CPU.

A fragment is kept per worker, per app, under its template, the page's language, the school's
prefix (`request.script_root`: its links carry it) and a key that the caller builds from
everything the fragment shows: the same key must mean the same bytes. The fragment is drawn
with the template's globals and the context it is handed, nothing of the request's context
(no `pupil_page`, no `current_lang`), so that it cannot show what its key leaves out; what it
reads on `g` (a child's own character, their card faces) its key names. Never key a board by
the table alone: a board with a hand belongs to one seat (R9), and no kept fragment holds a hand.

The store is bounded: when full it is emptied and filled again (what a class shows now comes
back in one request)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Hashable, Mapping

from flask import current_app, request
from flask_babel import get_locale
from markupsafe import Markup, escape

KEPT = 4096  # fragments per worker: a school's tables and overview lines, several languages
_MARK = "\x1e"  # a control character: never in a page, and left as it is by escaping
_HOLE = re.compile(f"{_MARK}(\\w+){_MARK}")


def shown(*parts: object) -> bytes:
    """A key from what a fragment shows, by its `repr` (plain data, dataclasses, enums): a
    digest, so that a kept fragment costs its bytes and not its data's."""
    return hashlib.blake2b(repr(parts).encode(), digest_size=16).digest()


def render(name: str, key: Hashable, holes: Mapping[str, object] | None = None, **context) -> Markup:
    """The fragment `name` kept under `key`. `holes` are values that differ from request to
    request (a form's token, this page's path) in a fragment otherwise the same for many: each
    is drawn as a mark, kept so, and filled in, escaped as the template escapes it, on every
    use. A hole's value must reach the page only through `{{ }}` or as a variable of `_()`
    (escaped once, not otherwise changed: no filter, no test on it)."""
    kept = current_app.extensions.setdefault("fragments", {})
    full = (name, str(get_locale()), request.script_root, key)
    found = kept.get(full)
    if found is None:
        if len(kept) >= KEPT:
            kept.clear()
        marks = {hole: f"{_MARK}{hole}{_MARK}" for hole in holes or ()}
        found = kept[full] = Markup(current_app.jinja_env.get_template(name).render(context, **marks))
    if not holes:
        return found
    values = {hole: str(escape(value)) for hole, value in holes.items()}
    # One pass, so that a value holding a mark is never filled in itself.
    return Markup(_HOLE.sub(lambda hole: values.get(hole.group(1), hole.group(0)), found))


def init_app(app) -> None:
    app.jinja_env.globals.update(fragment=render, fragment_key=shown)
