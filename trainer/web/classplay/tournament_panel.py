"""What the Class play page's tournament panel (classplay/_tournament.html, issue 16.5) shows,
read by the views that render it (classplay/watch.py, classplay/tournament.py)."""

from __future__ import annotations

from datetime import datetime, time

from flask import g
from sqlite_utils import Database

from trainer.games.settings import LENGTHS
from trainer.store import class_tables, game_limits, pupil_rewards, pupils, tournaments
from trainer.web.core import fragments, school_day
from trainer.web.games import words as game_words


def _day_start() -> float:
    day = school_day.today()
    return datetime.combine(day, time.min).astimezone().timestamp()


def tournament_panel(db: Database, klass: dict) -> dict:
    """What the Class play page shows of the tournament: the running or latest one's
    standings, or the start form (everyone listed, those seen today ticked)."""
    latest = tournaments.latest(db, klass["id"])
    running = tournaments.running(db, klass["id"])
    limits = game_limits.get(db, klass["id"])
    panel = {
        "latest": latest,
        "running": running,
        "error": g.get("tournament_error"),
        "standings": tournaments.standings(db, latest["id"]) if latest else [],
        "finished": bool(latest) and running is None,
        "signature": class_tables.class_signature(db, klass["id"]),
    }
    if running is None:
        ticked = g.get("tournament_ticked")
        panel.update(
            pupils=pupils.list_for_class(db, klass["id"]),
            avatars=pupil_rewards.class_faces(db, klass["id"]),
            present=ticked if ticked is not None else tournaments.present_today(db, klass["id"], _day_start()),
            lengths=[(key, game_words.length_name(key)) for key in LENGTHS if key in limits.lengths],
        )
        # All that classplay/_present.html shows: the class's pupils, their faces, who is ticked.
        panel["present_shown"] = fragments.shown(
            panel["pupils"],
            [panel["avatars"].get(p["id"]) for p in panel["pupils"]],
            sorted(panel["present"], key=repr),
        )
    return panel
