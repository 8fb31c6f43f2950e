"""The family table (issue 37.4): pass-and-play on one tablet. The child starts it from their
page; 2-6 players, each family member named by a first name typed for this game, bots in any
seat nobody takes. The game is the child's (stored as their game, the child's own plays
analysed like every game's); the family's plays are analysed for nobody.

One screen shows one hand at a time (R9): before a different person's turn the board gives
way to "Pass the tablet to Anna" (templates/games/_hand_over.html), which shows no card,
until Anna taps. Who holds the tablet and the family's names live in this device's signed
session cookie only, never in the database (docs/pupils.md, "The family table").
"""

from __future__ import annotations

import json
import secrets

from flask import Blueprint, current_app, g, redirect, render_template, request, session, url_for

from trainer.engine.state import Phase
from trainer.games.family import FamilyError, family_table, hand_over_to
from trainer.games.service import PUPIL, new_game, position_key, turn_key
from trainer.games.settings import FIXED_LEVELS, LENGTHS, MAX_SEATS
from trainer.play import moves
from trainer.play.kinds import FamilyTable
from trainer.store import game_limits, games
from trainer.web.core import home_visit, htmx, login, school_day, security_log
from trainer.web.core.page_context import pupil_page
from trainer.web.db import get_db
from trainer.web.games import board as game_board, family_words, pick as game_pick, table_board, words
from trainer.web.games.forms import board_claim

bp = Blueprint("family", __name__)

KEPT = "family_tables"  # session: {game id: {"names": [...], "holder": seat or None}}
GOING = 10  # open games read for the family tables still going
KEEP_TABLES = 3  # a pupil has at most MAX_OPEN_GAMES games going; the newest are kept


def is_family(row: dict) -> bool:
    """A stored game's row is a family table's (only its settings name seats)."""
    try:
        settings = json.loads(row["settings"])
    except ValueError:
        return False
    return isinstance(settings, dict) and "seats" in settings


def _own_table(game_id: int) -> dict:
    row = games.get_for_pupil(get_db(), g.pupil["id"], game_id)
    if row is None or not is_family(row):
        security_log.not_yours("family_table", game_id)
    return row


def _kept(game_id: int) -> dict:
    return dict(session.get(KEPT, {}).get(str(game_id), {}))


def _keep(game_id: int, **changes) -> None:
    tables = dict(session.get(KEPT, {}))
    entry = {**tables.pop(str(game_id), {}), **changes}
    newest = list(tables.items())[-(KEEP_TABLES - 1) :]
    session[KEPT] = {**dict(newest), str(game_id): entry}


def _names(game, game_id: int) -> dict[int, dict]:
    """Seat -> {"name"}: the child's own name, the family's as typed on this device; a person
    seat whose name this device does not know (another tablet, a new login) is "Player n"."""
    typed = _kept(game_id).get("names") or []
    out = {PUPIL: {"name": g.pupil["name"], "pupil_id": g.pupil["id"]}}
    for seat in game.settings.people:
        if seat != PUPIL and seat < len(typed) and typed[seat]:
            out[seat] = {"name": typed[seat], "pupil_id": None}
    return out


# ---------------------------------------------------------------- a new family table


def _levels(limits) -> tuple[str, ...]:
    return tuple(level for level in FIXED_LEVELS if level in limits.levels) if limits.max_bots else ()


@bp.route("/games/family/new", methods=["GET", "POST"])
@login.pupil_required
def new():
    db = get_db()
    limits = game_limits.get(db, g.pupil["class_id"])
    levels = _levels(limits)
    if request.method == "POST":
        rows = [
            (request.form.get(f"name{n}", "")[:200], request.form.get(f"bot{n}", "")) for n in range(2, MAX_SEATS + 1)
        ]
        try:
            settings, names = family_table(g.pupil["name"], rows, request.form.get("length", "round"), levels)
            if settings.length not in limits.lengths:
                raise FamilyError("length")
        except FamilyError as err:
            return _new_form(limits, levels, request.form, family_words.refused(err.code, err.params)), 400
        game = new_game(settings, secrets.randbelow(2**31))
        cap = current_app.config["MAX_OPEN_GAMES"]
        try:
            game_id = games.create(
                db, g.pupil["id"], game, school_day.now(), max_open=cap, at_home=home_visit.at_home()
            )
        except games.TooManyOpen:
            return _new_form(limits, levels, request.form, words.too_many_games(cap)), 409
        _keep(game_id, names=list(names), holder=None)
        return redirect(url_for("family.show", game_id=game_id), 303)
    return _new_form(limits, levels, None, None)


def _new_form(limits, levels, form, error):
    rows = [
        {"n": n, "name": form.get(f"name{n}", "") if form else "", "bot": form.get(f"bot{n}", "") if form else ""}
        for n in range(2, MAX_SEATS + 1)
    ]
    # The family tables still going, to carry on (the pupil's page opens only the newest game).
    going = [row["id"] for row in games.list_for_pupil(get_db(), g.pupil["id"], limit=GOING) if is_family(row)]
    return htmx.render(
        "games/family_new.html",
        "games/_family_form.html",
        rows=rows,
        error=error,
        going=going,
        levels=[(key, words.level_with_animal(key)) for key in levels],
        lengths=[(key, words.length_name(key)) for key in LENGTHS if key in limits.lengths],
        length=form.get("length", "round") if form else "round",
    )


# ---------------------------------------------------------------- the table


@bp.route("/games/family/<int:game_id>")
@login.pupil_required
def show(game_id):
    row = _own_table(game_id)
    return _screen(row, games.load(row))


def _screen(row, game, error=None, status=200):
    """The hand-over screen when the tablet must change hands, else the board of the person
    holding it."""
    names = _names(game, row["id"])
    holder = _kept(row["id"]).get("holder")
    active = row["status"] == "active"
    passing = hand_over_to(game.settings, game.to_act, holder) if active else None
    if passing is not None:
        seat_names = table_board.names_of(game, names)
        html = htmx.render(
            "games/family.html",
            "games/_hand_over.html",
            row=row,
            name=seat_names[passing],
            seat=passing,
            version=position_key(game),
            error=error,
            oob=htmx.hx().wants_fragment,
        )
        return html, status
    seat = holder if holder is not None else PUPIL
    if active and not game.state.over and game.to_act == PUPIL == seat:
        # The server's half of the child's decision time, as in bot games (docs/web.md).
        games.stamp_turn(get_db(), row["id"], turn_key(game), school_day.now())
    context = _board_context(row, game, names, seat, active)
    return htmx.render("games/family.html", "games/_game.html", error=error, **context), status


def _board_context(row, game, names, seat: int, active: bool) -> dict:
    """What the games' board partials need (templates/games/_game.html), for the person in
    `seat`: a class table's board (their own hand only, R9) with the bot games' taps, kept
    with the game, and the running sum in #pick-status (spoken with read-aloud on)."""
    state = game.state
    board = table_board.board(game, seat, names, _avatars())
    deciding = active and not state.over and state.current_player == seat
    position = position_key(game)
    pick = game_pick.current(row, position, state.hands[seat], state.table)

    def url(endpoint):
        return url_for(endpoint, game_id=row["id"])

    return {
        "ui": {
            "id": "game",
            "move": url("family.move"),
            "tap": url("family.tap"),
            "hint": None,
            "stop": url("family.stop"),
            "next": url("family.start_next_round"),
            "again": url_for("family.new"),
            "sync": None,
            "live": None,
            "refresh": None,
            # The live region tells the person taking the tablet what the others did (issue 49).
            "family": True,
        },
        "row": row,
        "game": game,
        "board": board,
        "my_seat": None if state.over else seat,
        "moment": {"live": True, "news": board["news"], "marked": frozenset(), "step": 0},
        "version": position,
        "token": secrets.token_urlsafe(9),
        "active": active,
        "deciding": deciding,
        "discard": deciding and state.phase is Phase.DISCARD,
        "decision": f"family{row['id']}:{turn_key(game)}:{seat}",
        "oob": htmx.hx().wants_fragment,
        "pick": pick,
        "status": game_board.pick_status(pick, state.target),
        "speak_sum": True,
        "can_hint": False,
        "hint": None,
        "actions": table_board.actions(game, seat, names, _avatars()) if deciding else [],
        "scores": table_board.round_scores(game, -1, names, _avatars()) if state.over else None,
    }


def _avatars() -> dict:
    avatar = pupil_page().avatar
    return {g.pupil["id"]: avatar} if avatar else {}


@bp.route("/games/family/<int:game_id>/ready", methods=["POST"])
@login.pupil_required
def ready(game_id):
    """The person the tablet was passed to taps "It's me": their hand is shown."""
    row = _own_table(game_id)
    game = games.load(row)
    if request.form.get("version") == position_key(game) and game.to_act is not None:
        if hand_over_to(game.settings, game.to_act, None) is not None:
            _keep(game_id, holder=game.to_act)
    return _after_change(row, game)


def _holding(row, game) -> int | None:
    """The seat that may decide now: the person to act, once the tablet is in their hands."""
    seat = game.to_act
    if row["status"] != "active" or seat is None or _kept(row["id"]).get("holder") != seat:
        return None
    return seat


@bp.route("/games/family/<int:game_id>/tap", methods=["POST"])
@login.pupil_required
def tap(game_id):
    row = _own_table(game_id)
    game = games.load(row)
    state = game.state
    seat = _holding(row, game)
    if seat is None or request.form.get("version", position_key(game)) != position_key(game):
        return _screen(row, game, words.game_error("moved_on", {}), 409)
    position = position_key(game)
    if request.form.get("clear"):
        game_pick.clear(row["id"])
        pick = game_pick.Pick()
    elif state.phase is not Phase.DISCARD:
        pick = game_pick.tap(row["id"], position, state.hands[seat], state.table, request.form.get("tap", ""))
    else:
        pick = game_pick.current(row, position, state.hands[seat], state.table)
    if not htmx.hx().wants_fragment:
        return redirect(url_for("family.show", game_id=game_id), 303)
    html = render_template(
        "games/_pick_status.html", status=game_board.pick_status(pick, state.target), error=None, speak_sum=True
    )
    return html, 200, htmx.trigger_headers("game-picked", pick.to_json())


@bp.route("/games/family/<int:game_id>/move", methods=["POST"], endpoint="move")
@bp.route("/games/family/<int:game_id>/next", methods=["POST"], endpoint="start_next_round")
@login.pupil_required
def move(game_id):
    """A move of the person holding the tablet, or the next round, through the one move
    pipeline (trainer.play.moves; docs/web.md "The way of a move"). Sent through the outbox
    (static/js/outbox.js) as a bot game's move: held through a home Wi-Fi drop with the cards
    chosen meanwhile, and sent again until it gets through."""
    next_round = request.endpoint == "family.start_next_round"
    row = _own_table(game_id)
    outcome = moves.play(
        FamilyTable(get_db()),
        row,
        _kept(game_id).get("holder"),
        board_claim(request.form, row, school_day.now(), home_visit.at_home(), next_round),
    )
    if outcome.applied:
        return _after_change(outcome.row, outcome.game)
    code = {moves.STALE: "moved_on", moves.CHANGED: "changed"}.get(outcome.kind, outcome.code)
    status = 400 if outcome.by_rules and not next_round else 409
    return _screen(outcome.row, outcome.game, words.game_error(code, outcome.params), status)


@bp.route("/games/family/<int:game_id>/stop", methods=["POST"])
@login.pupil_required
def stop(game_id):
    row = _own_table(game_id)
    games.abandon(get_db(), row["id"], school_day.now())
    return redirect(url_for("pupil_home.home"), 303)


def _after_change(row, game):
    if not htmx.hx().wants_fragment:
        return redirect(url_for("family.show", game_id=row["id"]), 303)
    return _screen(row, game)
