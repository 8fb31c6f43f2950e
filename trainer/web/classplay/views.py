"""Class play for pupils (issue 16): the lobby (open a table, join one of the class's), the
table seen from one's own seat, moves, and the short poll that keeps every screen live.

Views stay thin: the table's versions are in trainer.store.class_tables, the game in the game
core (trainer.games, played through trainer.play.tables and the one move pipeline,
trainer.play.moves), who is here in trainer.play.presence, the screen's data in
games.table_board. A pupil reaches only tables of their own class: any other id is a 404.
Every change answers a plain form with a 303 to the table (no JavaScript needed) and htmx with
the swapped table.
"""

from __future__ import annotations

import secrets

from flask import Blueprint, g, redirect, render_template, request, url_for

from trainer.games.fair import helped_since_own_turn
from trainer.games.settings import LENGTHS
from trainer.play import moves, presence, tables as play_tables
from trainer.store import class_tables, game_limits, pupil_rewards
from trainer.web.classplay import forms, tournament_call, words
from trainer.web.core import htmx, login, push_link, school_day, security_log
from trainer.web.db import get_db
from trainer.web.games import action_help, table_board, words as game_words

bp = Blueprint("classplay", __name__)
bp.after_app_request(tournament_call.add_call)


def _class_table(table_id: int) -> dict:
    """The table, if it belongs to the pupil's class; otherwise a 404 (logged as refused)."""
    row = class_tables.get(get_db(), table_id)
    if row is None or row["class_id"] != g.pupil["class_id"]:
        security_log.not_yours("class_table", table_id)
    return row


# ---------------------------------------------------------------- the lobby


@bp.route("/play/tables")
@login.pupil_required
def lobby():
    return _lobby(None), 200


def _lobby(error: str | None, status_form=None):
    db = get_db()
    class_id = g.pupil["class_id"]
    limits = game_limits.get(db, class_id)
    tables = []
    faces = pupil_rewards.class_faces(db, class_id)
    for row in class_tables.for_class(db, class_id, ("open",)):
        seats = class_tables.seats_of(db, row["id"])
        tables.append(
            {
                "row": row,
                "names": [s["name"] for s in seats.values()],
                "people": [(s["name"], faces.get(s["pupil_id"])) for s in seats.values()],
                "free": row["seats"] - len(seats),
            }
        )
    return htmx.render(
        "classplay/lobby.html",
        "classplay/_lobby.html",
        tables=tables,
        mine=class_tables.pupils_tables(db, g.pupil["id"]),
        error=error,
        signature=class_tables.class_signature(db, class_id),
        push=push_link.stream_url("class", class_id, "pupil", g.pupil["id"]),
        levels=[(key, game_words.level_name(key)) for key in forms.bot_levels(limits)],
        lengths=[(key, game_words.length_name(key)) for key in LENGTHS if key in limits.lengths],
        max_seats=6,
    )


@bp.route("/play/call")
@login.pupil_required
def call():
    """The class tournament's call, out of band, for a page that heard from the live channel
    that a table of the class changed ("My page": classplay/_call_live.html); empty when there
    is none, so a call also goes when the tournament ends. Not a page: opened as one, it is
    "My page", where the call shows."""
    if not htmx.hx().is_htmx:
        return redirect(url_for("pupil_home.home"), 303)
    return render_template("_tournament_call.html", oob=True)


@bp.route("/play/tables/live")
@login.pupil_required
def lobby_live():
    """The lobby's poll: 204 (nothing to swap) while no table of the class changed."""
    db = get_db()
    if request.args.get("v", "") == class_tables.class_signature(db, g.pupil["class_id"]):
        return "", 204
    return _lobby(None)


@bp.route("/play/tables", methods=["POST"])
@login.pupil_required
def open_table():
    db = get_db()
    limits = game_limits.get(db, g.pupil["class_id"])
    wanted = forms.new_table(request.form, limits)
    if wanted is None:
        return _lobby(words.refused("settings")), 400
    try:
        table_id = class_tables.open_table(
            db, g.pupil["class_id"], g.pupil["id"], wanted.seats, wanted.length, wanted.bot_level, school_day.now()
        )
    except class_tables.TableRefused as err:
        return _lobby(words.refused(err.code)), 409
    return redirect(url_for("classplay.table", table_id=table_id), 303)


@bp.route("/play/tables/<int:table_id>/join", methods=["POST"])
@login.pupil_required
def join(table_id):
    _class_table(table_id)
    try:
        class_tables.join(get_db(), table_id, g.pupil["id"], school_day.now())
    except class_tables.TableRefused as err:
        return _lobby(words.refused(err.code)), 409
    return redirect(url_for("classplay.table", table_id=table_id), 303)


@bp.route("/play/tables/<int:table_id>/leave", methods=["POST"])
@login.pupil_required
def leave(table_id):
    _class_table(table_id)
    try:
        class_tables.leave(get_db(), table_id, g.pupil["id"], school_day.now())
    except class_tables.TableRefused as err:
        return _table_page(_class_table(table_id), words.refused(err.code)), 409
    return redirect(url_for("classplay.lobby"), 303)


@bp.route("/play/tables/<int:table_id>/start", methods=["POST"])
@login.pupil_required
def start(table_id):
    row = _class_table(table_id)
    db = get_db()
    with_bots = request.form.get("bots") == "1"
    empty = row["seats"] - len(class_tables.seats_of(db, table_id))
    if with_bots and empty > game_limits.get(db, row["class_id"]).max_bots:
        return _table_page(row, words.refused("too_many_bots")), 409
    if empty and not with_bots and request.form.get("sure") != "1":
        # A seat still free and no bot for it: ask first, in words (issue 39.4).
        return _table_page(row, None, ask_free=empty)
    try:
        play_tables.start(
            db,
            table_id,
            g.pupil["id"],
            with_bots,
            secrets.randbelow(2**31),
            school_day.now(),
            turn_clock=game_limits.get(db, row["class_id"]).turn_clock,
        )
    except class_tables.TableRefused as err:
        return _table_page(_class_table(table_id), words.refused(err.code)), 409
    return _after_change(table_id)


# ---------------------------------------------------------------- the table


@bp.route("/play/tables/<int:table_id>")
@login.pupil_required
def table(table_id):
    return _table_page(_class_table(table_id), None)


@bp.route("/play/tables/<int:table_id>/live", methods=["POST"])
@login.pupil_required
def live(table_id):
    """The poll every screen at the table sends each second with the version it shows: 204
    (htmx swaps nothing) while the version is the same, otherwise the table as it is now. A
    POST, because being here is news: a turn whose clock ran out, or of a child who is away,
    is played by the helper bot now (lazily, no background thread: docs/class-play.md)."""
    db = get_db()
    found = class_tables.poll_of(db, table_id)
    if found is None or found[0] != g.pupil["class_id"]:
        security_log.not_yours("class_table", table_id)
    now = school_day.now()
    version = play_tables.tick(db, table_id, g.pupil["id"], now)
    # Being here is not a move (issue 46.3): who is here ("a", presence.look) is compared beside the version.
    if request.args.get("v", "") == str(version) and request.args.get("a", "") == play_tables.look_of(
        db, table_id, now
    ):
        return "", 204
    return _table_page(_class_table(table_id), None)


@bp.route("/play/tables/<int:table_id>/move", methods=["POST"])
@login.pupil_required
def move(table_id):
    """A child's move or the next round, through the one move pipeline (docs/web.md "The way
    of a move"): the table is read once, its game built once, the answer drawn from them."""
    row = _class_table(table_id)
    claim = forms.claim(request.form, row, school_day.now())
    if claim is None:
        return _table_page(row, game_words.game_error("bad_move", {})), 400
    outcome = play_tables.move(get_db(), row, g.pupil["id"], claim)
    seat, before = outcome.seat, outcome.before
    if outcome.applied:
        if before is not None and seat is not None and seat < before.state.players:
            action_help.met(before.state.owned[seat])
        return _after_change(table_id, outcome.row, outcome.game)
    if outcome.by_rules:
        error = game_words.game_error(outcome.code, outcome.params)
    else:
        error = words.refused("stale" if outcome.kind in (moves.STALE, moves.CHANGED) else outcome.code)
    return _table_page(outcome.row, error, game=outcome.game), 409


def _after_change(table_id: int, row: dict | None = None, game=None):
    if htmx.hx().wants_fragment:
        return _table_page(row or _class_table(table_id), None, game=game)
    return redirect(url_for("classplay.table", table_id=table_id), 303)


def _table_page(row: dict, error: str | None, ask_free: int = 0, game=None):
    """The table as `row` has it (and `game`, its game, when the caller built it already)."""
    db = get_db()
    names = class_tables.seats_of(db, row["id"])
    seat = class_tables.seat_of(db, row["id"], g.pupil["id"])
    game = class_tables.load(row) if game is None else game
    context = {
        "row": row,
        "names": names,
        "seat": seat,
        "error": error,
        "game": game,
        "faces": pupil_rewards.class_faces(db, row["class_id"]) if game is None else {},
        "opener": seat is not None and names and seat == min(names),
        "free": row["seats"] - len(names),
        "push": _push(row, seat),
        "ask_free": ask_free,
    }
    if game is not None:
        context.update(_board_context(row, game, names, seat))
        context["ui"]["push"] = context["push"]
    return htmx.render("classplay/table.html", "classplay/_table.html", **context)


def _push(row: dict, seat: int | None) -> str | None:
    """The live channel's address for a child seated at a table that can still change (only
    they may subscribe to it: trainer.store.live_tables.may_watch)."""
    if seat is None or row["status"] == "finished":
        return None
    return push_link.stream_url("table", row["id"], "pupil", g.pupil["id"])


def _board_context(row: dict, game, names: dict, seat: int | None) -> dict:
    """What the games' board partials need (templates/games/_game.html and the partials it
    includes), for a class table seen from `seat`: the children's board (issue 15.7) with the
    table's own URLs, its version on every move and its poll (`ui`)."""
    me = seat if seat is not None else table_board.NOBODY
    avatars = pupil_rewards.class_faces(get_db(), row["class_id"])
    playing = row["status"] == "playing"
    now = school_day.now()
    # The child looking is at their tablet: their own board never calls them away or not here
    # yet (a GET notes nothing; their first poll or stream does, and then agrees).
    seen = {s: ({**v, "seen_at": now} if s == seat else v) for s, v in names.items()}
    away = presence.away_seats(seen, now, row["created_at"]) if playing else set()
    look = presence.look(seen, now, row["created_at"]) if playing else ""
    helped = class_tables.helped_of(row)
    board = table_board.board(
        game, me, names, avatars, away, helped, not_here=presence.not_here_yet(seen) if playing else set()
    )
    move_url = url_for("classplay.move", table_id=row["id"])
    over = game.state.over
    deciding = board["mine"] and row["status"] == "playing"
    return {
        "ui": {
            "id": "table",
            "move": move_url,
            "tap": None,
            "hint": None,
            "stop": None,
            "next": move_url,
            "again": url_for("classplay.lobby"),
            "sync": "#table:queue",
            "live": (
                url_for("classplay.live", table_id=row["id"], v=row["version"], a=look or None)
                if row["status"] != "finished"
                else None
            ),
            "refresh": url_for("classplay.table", table_id=row["id"]),
        },
        "board": board,
        "moment": {"live": True, "news": board["news"], "marked": frozenset(), "step": 0},
        "version": row["version"],
        "look": look,
        "token": None,
        "my_seat": seat,
        "active": row["status"] == "playing",
        "deciding": deciding,
        "discard": deciding and board["discard"],
        "decision": f"table{row['id']}:{row['version']}",
        "oob": False,
        "pick": {"table": (), "hand": None},
        "status": {"state": "start"},
        "can_hint": False,
        "hint": None,
        "helped_for_me": helped_since_own_turn(game, me, helped),
        "actions": table_board.actions(game, me, names, avatars) if deciding else [],
        "action_help": action_help.to_explain(game.state.owned[me]) if deciding else [],
        "scores": table_board.round_scores(game, me, names, avatars, helped) if over else None,
    }
