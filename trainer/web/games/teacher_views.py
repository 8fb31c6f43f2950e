"""A teacher limits what a class may choose for games: bot levels (the fitted bot, or fixed
levels pinned), the fitted bot's aim, how many bots, game lengths, the player's licence for
colours, and hints (issues 6.1, 6.7, 17)."""

from __future__ import annotations

from flask import Blueprint, request

from trainer.games.settings import GAME_LEVELS, LENGTHS, TURN_CLOCKS
from trainer.store import game_limits
from trainer.web.core import htmx, login
from trainer.web.core.i18n import gettext as _
from trainer.web.core.ownership import own_class
from trainer.web.db import get_db
from trainer.web.games import words
from trainer.web.games.forms import AIM_PERCENTS, MAX_BOTS, limits_from_form

bp = Blueprint("class_games", __name__)


def _errors() -> dict:
    return {
        "levels": _("Allow at least one bot level."),
        "lengths": _("Allow at least one game length."),
        "max_bots": _("Choose from 1 to 5 bots."),
        "aim": _("Choose how often pupils should win: from %(low)d%% to %(high)d%% of their games.", low=30, high=70),
        "turn_clock": _("Choose a turn clock from the list."),
    }


@bp.route("/classes/<int:class_id>/games", methods=["GET", "POST"])
@login.teacher_required
def limits(class_id):
    klass = own_class(class_id)
    db = get_db()
    current, error, saved, status = game_limits.get(db, class_id), None, False, 200
    if request.method == "POST":
        parsed = limits_from_form(request.form)
        current = parsed.limits
        if parsed.error:
            error, status = _errors()[parsed.error], 400
        else:
            game_limits.put(db, class_id, current)
            saved = True
    return htmx.render(
        "games/limits.html",
        "games/_limits_form.html",
        klass=klass,
        limits=current,
        error=error,
        saved=saved,
        max_bots=MAX_BOTS,
        aims=AIM_PERCENTS,
        turn_clocks=TURN_CLOCKS,
        levels=[(key, words.level_name(key)) for key in GAME_LEVELS],
        lengths=[(key, words.length_name(key)) for key in LENGTHS],
    ), status
