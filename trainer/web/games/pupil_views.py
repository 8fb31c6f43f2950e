"""A pupil's games against bots (issue 6): a new game, the board, taps, moves, hints, rounds.

Views stay thin: a move goes through the one move pipeline (trainer.play.moves, with the
rules in trainer.games: the service refuses a move without changing anything), the screen's
data in games.board, the words in games.words, the SQL in trainer.store.games. A pupil
reaches only their own games: anyone else's id is a 404.
"""

from __future__ import annotations

import json
import secrets

from flask import Blueprint, current_app, g, redirect, render_template, request, session, url_for

from trainer.engine.state import Phase
from trainer.games.service import PUPIL, new_game, position_key, turn_key
from trainer.games.settings import FITTED, LENGTHS, SettingsError, check_settings
from trainer.play import moves
from trainer.play.kinds import BotGame
from trainer.store import game_limits, game_moves, games
from trainer.web.core import home_visit, htmx, login, outbox, school_day, security_log
from trainer.web.core.numbers import whole_number
from trainer.web.db import get_db
from trainer.web.games import action_help, board as game_board, pick as game_pick, words
from trainer.web.games.family_views import is_family
from trainer.web.games.forms import board_claim, settings_from_form
from trainer.web.games.level import fitted_dial

bp = Blueprint("games", __name__)

WATCHED = "game_watched"


def _own_game(game_id: int) -> dict:
    """The pupil's own game against bots; a family table has its own routes (family_views)."""
    row = games.get_for_pupil(get_db(), g.pupil["id"], game_id)
    if row is None or is_family(row):
        security_log.not_yours("game", game_id)
    return row


# ---------------------------------------------------------------- a new game


@bp.route("/games/new", methods=["GET", "POST"])
@login.pupil_required
def new():
    db = get_db()
    limits = game_limits.get(db, g.pupil["class_id"])
    if request.method == "POST":
        try:
            settings = check_settings(settings_from_form(request.form, limits), limits)
        except SettingsError as err:
            return _new_form(limits, request.form, words.settings_error(err.code, err.params)), 400
        if FITTED in settings.bots:
            settings = settings.fit_bots(fitted_dial(g.pupil, limits))
        game = new_game(settings, secrets.randbelow(2**31))
        cap = current_app.config["MAX_OPEN_GAMES"]
        try:
            game_id = games.create(
                db, g.pupil["id"], game, school_day.now(), max_open=cap, at_home=home_visit.at_home()
            )
        except games.TooManyOpen:
            return _new_form(limits, request.form, words.too_many_games(cap)), 409
        return redirect(url_for("games.show", game_id=game_id), 303)
    return _new_form(limits, None, None)


def _new_form(limits, form, error):
    chosen = {
        f"bot{n}": (form.get(f"bot{n}", "") if form else (limits.default_level if n == 1 else ""))
        for n in range(1, limits.max_bots + 1)
    }
    length = form.get("length", "round") if form else "round"
    if length not in limits.lengths:
        length = limits.lengths[0]
    colors_mode = form.get("colors_mode", "usual") if form else "usual"
    colors = form.getlist("colors") if form else ["R", "O", "Y", "G"]
    return htmx.render(
        "games/new.html",
        "games/_new_form.html",
        limits=limits,
        chosen=chosen,
        length=length,
        colors_mode=colors_mode,
        colors=colors,
        error=error,
        lengths=[(key, words.length_name(key)) for key in LENGTHS if key in limits.lengths],
        levels=_level_choices(limits),
    )


def _level_choices(limits) -> list[tuple[str, str]]:
    """(value, label) of the opponents a pupil may choose, by the animal they will see on the
    board: the fitted bot by its friendly name, a fixed level with its word."""
    fitted = words.fitted_choice(fitted_dial(g.pupil, limits)) if limits.fitted else None
    return [(key, fitted if key == FITTED else words.level_with_animal(key)) for key in limits.levels]


# ---------------------------------------------------------------- the board


@bp.route("/games/<int:game_id>")
@login.pupil_required
def show(game_id):
    found = games.get_for_pupil(get_db(), g.pupil["id"], game_id)
    if found is not None and is_family(found):
        # "Continue your game" on the pupil's page opens the newest game, of either kind.
        return redirect(url_for("family.show", game_id=game_id), 303)
    row = _own_game(game_id)
    game = games.load(row)
    asked = request.args.get("step")
    told = None
    if asked == "end":
        step = None
        # Skip (issue 49): how many of the bots' moves the live region had said; it says the rest.
        told = _int(request.args["told"]) if "told" in request.args else None
    elif asked is not None:
        step = _int(asked)
    else:
        # A story already watched is not told again; after a new login it is.
        step = None if session.get(WATCHED) == _watch_key(row, game) else 0
    return _board(row, game, step, told=told)


def _watch_key(row, game) -> str:
    return f"{row['id']}:{position_key(game)}"


def _int(text: str) -> int:
    return min(whole_number(text, 6) or 0, 10_000)


def _board(row, game, step=None, error=None, status=200, told=None):
    db = get_db()
    moment = game_board.moment(game, step)
    live = moment.live
    active = row["status"] == "active"
    # Every form on the board says which position it was made on, and which page it came from
    # (issue 15.7): see _stale.
    context = {
        "row": row,
        "game": game,
        "moment": moment,
        "error": error,
        "active": active,
        "ui": _ui(row),
        "version": position_key(game),
        "token": secrets.token_urlsafe(9),
        "board": game_board.board(game, moment.state, moment.acting),
        "delay": current_app.config["GAME_STEP_MS"],
        "oob": htmx.hx().wants_fragment,
        "told": told,
        "deciding": False,
        "discard": False,
        "can_hint": False,
        "hint": None,
        "actions": [],
    }
    if live:
        session[WATCHED] = _watch_key(row, game)
        turn = turn_key(game)
        deciding = active and not game.state.over and game.pupil_to_act
        if deciding:
            games.stamp_turn(db, row["id"], turn, school_day.now())
        context.update(_live_context(row, game, deciding, turn))
        if game.state.over:
            context["scores"] = game_board.round_scores(game)
            context["look_back"] = game_board.look_back(_round_analyses(row, game))
    return htmx.render("games/board.html", "games/_game.html", **context), status


def _ui(row) -> dict:
    """The board partials' section and URLs (templates/games/_game.html); a class table has
    its own (trainer.web.classplay.views._board_context)."""

    def url(endpoint):
        return url_for(endpoint, game_id=row["id"])

    return {
        "id": "game",
        "move": url("games.move"),
        "tap": url("games.tap"),
        "hint": url("games.hint"),
        "stop": url("games.stop"),
        "next": url("games.start_next_round"),
        "again": url_for("games.new"),
        "sync": None,
        "live": None,
        "refresh": None,
    }


def _round_analyses(row, game) -> list[dict]:
    """The analyses of the pupil's plays in the round just finished, in order."""
    out = []
    for m in game_moves.of_game(get_db(), row["id"]):
        if m["round"] == game.round_no and m["analysis"]:
            out.append(json.loads(m["analysis"]))
    return out


def _stale(row, game):
    """A form made on an older position of this game (issue 15.7), or None when it is not: the
    same page posting again is shown the game as it is, any other old page is refused kindly,
    nothing changed (trainer.play.moves.behind, the rule every move follows)."""
    page = moves.behind(
        BotGame(get_db()), row, game, PUPIL, request.form.get("version"), outbox.move_token(request.form)
    )
    if page == moves.AGAIN:
        return _applied(row, game)
    return None if page is None else _whole_board(row, game, "moved_on")


def _whole_board(row, game, code):
    """Nothing changed, and the page must see the game as it is now: the whole board with one
    line saying why, wherever the post meant its answer to go."""
    html, status = _board(row, game, None, error=words.game_error(code, {}), status=409)
    if not htmx.hx().wants_fragment:
        return html, status
    return html, status, htmx.retarget_headers("#game", "outerHTML")


def _hints_allowed(game) -> bool:
    """Chosen when the game began, and still allowed now: a teacher may switch hints off
    for the class while games are under way."""
    return game.settings.hints and game_limits.get(get_db(), g.pupil["class_id"]).hints


def _live_context(row, game, deciding, turn) -> dict:
    state = game.state
    pick = game_pick.current(row, position_key(game), state.hands[PUPIL], state.table)
    can_hint = deciding and _hints_allowed(game) and state.phase is not Phase.DISCARD
    hint = None
    if can_hint and row.get("hint_turn") == turn:
        hint = game_board.capture_hint(state)
    return {
        "deciding": deciding,
        "pick": pick,
        "status": game_board.pick_status(pick, state.target),
        "actions": (
            game_board.pupil_actions(state, game_board.seat_names(game), game_board.seat_faces(game))
            if deciding
            else []
        ),
        "action_help": action_help.to_explain(state.owned[PUPIL]) if deciding else [],
        "discard": deciding and state.phase is Phase.DISCARD,
        "can_hint": can_hint,
        "hint": hint,
        "decision": f"{row['id']}:{turn}",
    }


# ---------------------------------------------------------------- tapping cards


@bp.route("/games/<int:game_id>/tap", methods=["POST"])
@login.pupil_required
def tap(game_id):
    row = _own_game(game_id)
    game = games.load(row)
    stale = _stale(row, game)
    if stale is not None:
        return stale
    state = game.state
    position = position_key(game)
    hand, table = state.hands[PUPIL], state.table
    if request.form.get("clear"):
        game_pick.clear(row["id"])
        pick = game_pick.Pick()
    elif game.pupil_to_act and state.phase is not Phase.DISCARD and row["status"] == "active":
        pick = game_pick.tap(row["id"], position, hand, table, request.form.get("tap", ""))
    else:
        pick = game_pick.current(row, position, hand, table)
    if not htmx.hx().wants_fragment:
        return redirect(url_for("games.show", game_id=game_id, step="end"), 303)
    html = render_template("games/_pick_status.html", status=game_board.pick_status(pick, state.target), error=None)
    # The buttons stay in the page (a queued tap from a replaced button would be dropped);
    # static/js/games.js marks them from this event.
    return html, 200, htmx.trigger_headers("game-picked", pick.to_json())


# ---------------------------------------------------------------- moves


@bp.route("/games/<int:game_id>/move", methods=["POST"], endpoint="move")
@bp.route("/games/<int:game_id>/next", methods=["POST"], endpoint="start_next_round")
@login.pupil_required
def move(game_id):
    """A move, or the next round of a match, through the one move pipeline (trainer.play.moves;
    docs/web.md "The way of a move")."""
    next_round = request.endpoint == "games.start_next_round"
    row = _own_game(game_id)
    claim = board_claim(request.form, row, school_day.now(), home_visit.at_home(), next_round)
    outcome = moves.play(BotGame(get_db()), row, PUPIL, claim)
    if outcome.kind == moves.DONE and not next_round:
        action_help.met(outcome.before.state.owned[PUPIL])
    return _answer(outcome, next_round)


def _answer(outcome: moves.Outcome, next_round: bool):
    row, game = outcome.row, outcome.game
    if outcome.applied:
        return _applied(row, game)
    if outcome.kind == moves.STALE or outcome.code == "held_too_long":
        return _whole_board(row, game, "moved_on" if outcome.kind == moves.STALE else "held_too_long")
    if outcome.by_rules and not next_round:
        return _refuse(row, game, outcome.code, outcome.params, 400)
    code = "changed" if outcome.kind == moves.CHANGED else outcome.code
    return _board(row, game, None, error=words.game_error(code, outcome.params), status=409)


def _refuse(row, game, code, params, status):
    """Nothing changed: the message goes where the pupil is looking, next to the running sum."""
    message = words.game_error(code, params)
    state = game.state
    # The running sum is on the board only while the pupil is choosing a card to play.
    on_board = game.pupil_to_act and not state.over and state.phase is not Phase.DISCARD and row["status"] == "active"
    if htmx.hx().wants_fragment and on_board:
        pick = game_pick.current(row, position_key(game), state.hands[PUPIL], state.table)
        html = render_template(
            "games/_pick_status.html", status=game_board.pick_status(pick, state.target), error=message
        )
        return html, status, htmx.retarget_headers("#pick-status")
    return _board(row, game, None, error=message, status=status)


def _applied(row, game):
    """The move is in the game: the board from right after it (a plain form: a 303 to it)."""
    if not htmx.hx().wants_fragment:
        return redirect(url_for("games.show", game_id=row["id"]), 303)
    return _board(row, game, 0)


@bp.route("/games/<int:game_id>/hint", methods=["POST"])
@login.pupil_required
def hint(game_id):
    row = _own_game(game_id)
    game = games.load(row)
    if not _hints_allowed(game):
        return _board(row, game, None, error=words.game_error("hints_off", {}), status=403)
    if row["status"] != "active" or game.state.over or not game.pupil_to_act:
        return _board(row, game, None, error=words.game_error("not_your_turn", {}), status=409)
    if game.state.phase is Phase.DISCARD:
        return _board(row, game, None, error=words.game_error("give_up_a_card", {}), status=409)
    games.mark_hint(get_db(), row["id"], turn_key(game))
    return _board(_own_game(game_id), game, None)


@bp.route("/games/<int:game_id>/stop", methods=["POST"])
@login.pupil_required
def stop(game_id):
    row = _own_game(game_id)
    games.abandon(get_db(), row["id"], school_day.now())
    return redirect(url_for("pupil_home.home"), 303)
