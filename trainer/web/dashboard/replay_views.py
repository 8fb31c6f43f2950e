"""Step through one of a pupil's games, with the analysed plays beside it."""
from __future__ import annotations

from flask import request

from trainer.web.core import htmx, login, security_log
from trainer.web.core.ownership import own_pupil
from trainer.web.dashboard import params, replay
from trainer.web.dashboard.blueprint import bp
from trainer.web.dashboard.queries import game_review
from trainer.web.db import get_db


@bp.route("/pupils/<int:pupil_id>/replay")
@login.teacher_required
def replay_page(pupil_id):
    pupil = own_pupil(pupil_id)
    # The game id travels in the query: the pupil in the path is checked against the teacher,
    # the game against the pupil, so another pupil's game is a 404 like any foreign id.
    game_id = params.whole_number(request.args, "game", required=True)
    game = game_review.game(get_db(), pupil_id, game_id)
    if game is None:
        security_log.not_yours("game", game_id)
    if not isinstance(game["settings"], dict):
        game["settings"] = {}
    round_no = params.whole_number(request.args, "round", 0)
    step_no = params.whole_number(request.args, "step", 0)
    moves = game_review.moves(get_db(), game_id)
    try:
        step = replay.step_at(game["record"], round_no, step_no)
    except IndexError:
        raise params.BadParam(_no_such_step()) from None
    except replay.NotReplayable:
        step = None
    played = {(m["round"], m["turn"]): m for m in moves}
    analysis = played.get((round_no, step_no - 1)) if step and step.pupil_moved else None
    if analysis is not None and analysis["analysis"] is None:
        analysis = None
    return htmx.render("dashboard/replay.html", "dashboard/_replay.html", pupil=pupil, game=game,
                       step=step, moves=moves, analysis=analysis,
                       could=replay.could_have(analysis["analysis"]) if analysis else None)


def _no_such_step() -> str:
    from flask_babel import gettext as _
    return _("This game has no such round or turn.")
