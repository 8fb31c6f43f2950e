"""The teacher watches a class's tables (issue 16): table cards, target, whose turn, points,
never a hand (every board is built with no seat: `board.NOBODY`). Polled like the tables."""

from __future__ import annotations

from flask import Blueprint, request
from flask_babel import get_locale

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
DRAWN_KEPT = 512  # tables' boards kept per worker: a school's classes, a few versions each
_drawn: dict[bytes, tuple] = {}


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
        playing = row["status"] == "playing"
        away = presence.away_seats(names, school_day.now(), row["created_at"]) if playing else set()
        not_here = presence.not_here_yet(names) if playing else set()
        # All a table's box shows (classplay/_watch_table.html but its number), from what its
        # board is drawn from: the saved game, the helper's moves, who sits where (names and
        # faces, not when each was last seen), who is away or not here yet, and the language
        # of the board's words. Only teachers see these pages: no child's own settings show.
        shown = fragments.shown(
            str(get_locale()),
            row["id"],
            row["status"],
            row["state"],
            row.get("helped"),
            [(seat, n["pupil_id"], n["name"], avatars.get(n["pupil_id"])) for seat, n in names.items()],
            sorted(away),
            sorted(not_here),
        )
        game = class_tables.load(row)
        board, scores = _drawn.get(shown) or _draw(shown, row, game, names, avatars, away, not_here)
        tables.append({"row": row, "names": names, "game": game, "board": board, "scores": scores, "shown": shown})
    return tables


def _draw(shown: bytes, row: dict, game, names: dict, avatars: dict, away: set, not_here: set) -> tuple:
    """A table's board seen by nobody and, once over, its scores, kept under `shown` (a
    worker's teacher pages ask for the same tables every few seconds)."""
    helped = class_tables.helped_of(row)
    drawn = (
        (
            table_board.board(
                game, table_board.NOBODY, names, avatars, away, helped, not_here=not_here, with_news=False
            )
            if game
            else None
        ),
        (
            table_board.round_scores(game, table_board.NOBODY, names, avatars, helped)
            if game and game.state.over
            else None
        ),
    )
    if len(_drawn) >= DRAWN_KEPT:
        _drawn.clear()
    _drawn[shown] = drawn
    return drawn


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


def _projector_page(db, klass):
    return htmx.render(
        "classplay/projector.html",
        "classplay/_projector.html",
        klass=klass,
        wall=wall.projector(db, klass, watched_tables(db, klass)),
        push=push_link.stream_url("class", klass["id"], "teacher", login.teacher_id()),
    )


@bp.route("/classes/<int:class_id>/play/projector")
@login.teacher_required
def projector(class_id):
    """The class's tables for a wall (issue 39.3): no site navigation, large, live."""
    klass = own_class(class_id)
    db = get_db()
    return _projector_page(db, klass)


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
    return _projector_page(db, klass)
