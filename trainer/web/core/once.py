"""What a request reads once, however many of its parts ask (issue 36.3).

A puzzle screen asks for the class's drill settings and the pupil's own settings for the puzzle
it issues, for the one it shows and for each puzzle it hands ahead: three and four reads of
the same rows before. Kept on `g`, so a request sees one value throughout and the next request
reads again; outside a request (the command line, the store's tests) every call reads.
"""

from __future__ import annotations

from flask import g, has_app_context
from sqlite_utils import Database

from trainer.puzzles.drill_settings import DrillSettings
from trainer.store import drills


def _kept(key: tuple, read):
    if not has_app_context():
        return read()
    kept = g.setdefault("read_once", {})
    if key not in kept:
        kept[key] = read()
    return kept[key]


def class_settings(db: Database, class_id: int) -> DrillSettings:
    return _kept(("class", class_id), lambda: drills.settings_for_class(db, class_id))


def pupil_settings(db: Database, pupil_id: int) -> dict:
    """A copy each time: a caller that changes what it got changes nobody else's."""
    return dict(_kept(("pupil", pupil_id), lambda: drills.pupil_settings(db, pupil_id)))
