"""Macros drawn once per argument and kept (issue 50): a card's face, its name, an action
card, a player's face. A board draws a dozen of them and a class overview many more, each a
Jinja macro call of a few dozen lines, for a handful of cards and faces that look the same on
every page.

A kept macro is one whose output depends on its arguments and nothing else but the page's
language and the school's prefix (its URLs carry it), which are in the key; what it would read
of the viewer (a child's counting faces, their own character) is handed to it by the wrapper
and is in the key as well. Kept per worker and app, bounded: when full, emptied and filled
again. A call whose arguments cannot be a key (a list) is drawn as before."""

from __future__ import annotations

from collections.abc import Callable

from flask import current_app, has_request_context, request
from flask_babel import get_locale
from markupsafe import Markup

from trainer.web.core.page_context import pupil_page

KEPT = 8192  # 110 cards × 3 sizes × the faces, actions and players' faces, several languages


def _viewer_faces(args: tuple, kwargs: dict) -> str:
    """How the viewing child counts (digits, dots, ten-frame): "digits" for anyone else."""
    page = pupil_page() if has_request_context() else None
    return page.prefs["card_faces"] if page is not None else "digits"


def _viewer_avatar(args: tuple, kwargs: dict) -> str | None:
    """The viewing child's own character, for a face drawn as theirs (`face` None): read only
    then, as the macro did. None for anyone else or before they pick one."""
    face = args[0] if args else kwargs.get("face")
    page = pupil_page() if has_request_context() and not face else None
    return page.avatar if page is not None else None


VIEWER = {"faces": _viewer_faces, "mine": _viewer_avatar}


def kept(name: str, macro: Callable[..., Markup], *viewer: str) -> Callable[..., Markup]:
    """`macro` (a template's macro, called by its `name` in the key) as a function that draws
    it once per arguments. Each of `viewer` (keys of VIEWER) is passed to the macro as a
    keyword argument, read from the request on every call."""
    readers = [(arg, VIEWER[arg]) for arg in viewer]

    def call(*args, **kwargs) -> Markup:
        for arg, read in readers:
            kwargs[arg] = read(args, kwargs)
        if not has_request_context():
            return macro(*args, **kwargs)
        try:
            key = (name, str(get_locale()), request.script_root, args, tuple(sorted(kwargs.items())))
            store = current_app.extensions.setdefault("kept_macros", {})
            found = store.get(key)
        except TypeError:  # an argument that cannot be a key
            return macro(*args, **kwargs)
        if found is None:
            if len(store) >= KEPT:
                store.clear()
            found = store[key] = macro(*args, **kwargs)
        return found

    return call


def init_app(app) -> None:
    app.jinja_env.globals["kept"] = kept
