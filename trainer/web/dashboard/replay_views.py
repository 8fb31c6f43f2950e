"""Step through one of a pupil's games, with the analysed plays beside it."""

from __future__ import annotations

from flask import request

from trainer.games.service import PUPIL
from trainer.web.core import htmx, login, security_log
from trainer.web.core.ownership import own_pupil
from trainer.web.dashboard import params, replay
from trainer.web.dashboard.blueprint import bp
from trainer.web.dashboard.queries import class_games, game_review
from trainer.web.db import get_db


@bp.route("/pupils/<int:pupil_id>/replay")
@login.teacher_required
def replay_page(pupil_id):
    pupil = own_pupil(pupil_id)
    # The game id travels in the query: the pupil in the path is checked against the teacher,
    # the game against the pupil, so another pupil's game is a 404 like any foreign id.
    # `table=` instead of `game=` is a class game (issue 16.6): the rounds of a class table the
    # pupil sat at, shown from their seat as a bot game is from seat 0 (R9: their hand only).
    db = get_db()
    names = bots = None
    if "table" in request.args:
        table_id = params.whole_number(request.args, "table", required=True)
        game = class_games.table(db, pupil_id, table_id)
        if game is None:
            security_log.not_yours("class_table", table_id)
        game["settings"] = {}
        seat, which, names, bots = game["seat"], {"table": table_id}, game["names"], game["bots"]
        moves = class_games.moves(db, table_id, pupil_id)
    else:
        game_id = params.whole_number(request.args, "game", required=True)
        game = game_review.game(db, pupil_id, game_id)
        if game is None:
            security_log.not_yours("game", game_id)
        if not isinstance(game["settings"], dict):
            game["settings"] = {}
        seat, which = PUPIL, {"game": game_id}
        moves = game_review.moves(db, game_id)
    round_no = params.whole_number(request.args, "round", 0)
    step_no = params.whole_number(request.args, "step", 0)
    try:
        step = replay.step_at(game["record"], round_no, step_no, seat)
    except IndexError:
        raise params.BadParam(_no_such_step()) from None
    except replay.NotReplayable:
        step = None
    played = {(m["round"], m["turn"]): m for m in moves}
    analysis = played.get((round_no, step_no - 1)) if step and step.pupil_moved else None
    if analysis is not None and analysis["analysis"] is None:
        analysis = None
    return htmx.render(
        "dashboard/replay.html",
        "dashboard/_replay.html",
        pupil=pupil,
        game=game,
        step=step,
        moves=moves,
        analysis=analysis,
        which=which,
        seat_names=names,
        seat_bots=bots,
        could=replay.could_have(analysis["analysis"]) if analysis else None,
    )


def _no_such_step() -> str:
    from trainer.web.core.i18n import gettext as _

    return _("This game has no such round or turn.")
