"""The teacher watches a class's tables (issue 16): table cards, target, whose turn, points,
never a hand (every board is built with no seat: `board.NOBODY`). Polled like the tables."""

from __future__ import annotations

from flask import Blueprint, request

from trainer.play import presence, tables as play_tables
from trainer.store import class_tables, pupil_rewards, tournaments
from trainer.web.classplay import projector as wall
from trainer.web.classplay.tournament_panel import tournament_panel
from trainer.web.core import fragments, htmx, login, push_link, school_day
from trainer.web.core.ownership import own_class
from trainer.web.db import get_db
from trainer.web.games import table_board

bp = Blueprint("classplay_watch", __name__)

FINISHED_SHOWN = 6


def tournament_first(db, class_id: int, rows: list[dict]) -> list[dict]:
    """The latest class tournament's tables first, all of them and in its order, so that
    "Table 1" on the cards is table 1 of the tournament's standings (issue 16.5)."""
    latest = tournaments.latest(db, class_id)
    if latest is None:
        return rows
    ids = tournaments.table_ids(db, latest["id"])
    return [class_tables.get(db, i) for i in ids] + [r for r in rows if r["id"] not in set(ids)]


@bp.route("/classes/<int:class_id>/play")
@login.teacher_required
def watch(class_id):
    return _watch(own_class(class_id))


@bp.route("/classes/<int:class_id>/play/live")
@login.teacher_required
def watch_live(class_id):
    """204 while no table of the class changed (one aggregate read), else the tables."""
    klass = own_class(class_id)
    if request.args.get("v", "") == play_tables.class_signature(get_db(), class_id, school_day.now()):
        return "", 204
    return _watch(klass)


def watched_tables(db, klass: dict) -> list[dict]:
    """Every table the teacher's pages show, the tournament's first: its row, who sits where,
    the game, the board seen by nobody (R9) and, once over, the scores."""
    tables = []
    rows = class_tables.for_class(db, klass["id"], ("open", "playing"))
    rows += class_tables.for_class(db, klass["id"], ("finished",))[-FINISHED_SHOWN:][::-1]
    rows = tournament_first(db, klass["id"], rows)
    avatars = pupil_rewards.class_faces(db, klass["id"])
    seats = class_tables.seats_of_tables(db, [row["id"] for row in rows])
    for row in rows:
        names = seats[row["id"]]
        game = class_tables.load(row)
        playing = row["status"] == "playing"
        away = presence.away_seats(names, school_day.now(), row["created_at"]) if playing else set()
        tables.append(
            {
                "row": row,
                "names": names,
                "game": game,
                "board": table_board.board(
                    game,
                    table_board.NOBODY,
                    names,
                    avatars,
                    away,
                    class_tables.helped_of(row),
                    not_here=presence.not_here_yet(names) if playing else set(),
                )
                if game
                else None,
                "scores": (
                    table_board.round_scores(game, table_board.NOBODY, names, avatars, class_tables.helped_of(row))
                    if game and game.state.over
                    else None
                ),
            }
        )
    for t in tables:
        # Everything classplay/_watch_table.html shows of it, but its number (trainer.web.core.fragments).
        game = t["game"]
        t["shown"] = fragments.shown(
            t["row"]["id"],
            t["row"]["status"],
            [n["name"] for n in t["names"].values()] if game is None else None,
            game.state.over if game else None,
            t["scores"],
            t["board"],
        )
    return tables


def _watch(klass: dict):
    db = get_db()
    tables = watched_tables(db, klass)
    # The tournament panel is on the whole page only; the tables' poll gets the fragment.
    whole_page = not htmx.hx().wants_fragment
    return htmx.render(
        "classplay/watch.html",
        "classplay/_watch.html",
        klass=klass,
        tables=tables,
        signature=play_tables.class_signature(db, klass["id"], school_day.now()),
        push=push_link.stream_url("class", klass["id"], "teacher", login.teacher_id()),
        tp=tournament_panel(db, klass) if whole_page else None,
    )


@bp.route("/classes/<int:class_id>/play/projector")
@login.teacher_required
def projector(class_id):
    """The class's tables for a wall (issue 39.3): no site navigation, large, live."""
    klass = own_class(class_id)
    db = get_db()
    return htmx.render(
        "classplay/projector.html",
        "classplay/_projector.html",
        klass=klass,
        wall=wall.projector(db, klass, watched_tables(db, klass)),
        push=push_link.stream_url("class", klass["id"], "teacher", login.teacher_id()),
    )


@bp.route("/classes/<int:class_id>/play/projector/live")
@login.teacher_required
def projector_live(class_id):
    """204 while nothing on the wall changed; else the live part (#projector). Polled every
    2 s, and asked at once when the live channel says a table changed."""
    klass = own_class(class_id)
    db = get_db()
    here = wall.who_is_here(db, klass)
    if request.args.get("v", "") == wall.signature(db, klass, here):
        return "", 204
    return htmx.render(
        "classplay/projector.html",
        "classplay/_projector.html",
        klass=klass,
        wall=wall.projector(db, klass, watched_tables(db, klass)),
        push=push_link.stream_url("class", klass["id"], "teacher", login.teacher_id()),
    )
