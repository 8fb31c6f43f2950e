"""A logged-in pupil's own page (templates pupil/me.html, made for children, issue 15): their
character, level and goal, stars and badges, and two big buttons — today's drill and one-tap
Play. Also the character picker and Play's one tap (a game against the pupil's usual bot,
the class's default length, through the games service)."""

from __future__ import annotations

import secrets

from flask import Blueprint, abort, current_app, g, redirect, request, url_for

from trainer.games.service import new_game
from trainer.games.settings import FITTED, GameSettings, check_settings
from trainer.practice import flow as practice_flow
from trainer.pupils.avatars import AVATARS, is_avatar
from trainer.store import drills, game_limits, games, pupil_rewards, tournaments
from trainer.store.db import write_transaction
from trainer.web.core import home_visit, htmx, login, once, push_link, school_day
from trainer.web.db import get_db
from trainer.web.games.level import fitted_dial
from trainer.web.pupils import standing, words

bp = Blueprint("pupil_home", __name__)


@bp.route("/me")
@login.pupil_required
def home():
    db = get_db()
    climb = standing.climb(db, g.pupil, school_day.today())
    avatar = pupil_rewards.avatar(db, g.pupil["id"])
    return htmx.render(
        "pupil/me.html",
        "pupil/_me.html",
        pupil=g.pupil,
        climb=climb,
        avatar=avatar,
        avatars=AVATARS if avatar is None else (),
        words=words,
        active_game=next(iter(games.list_for_pupil(db, g.pupil["id"], limit=1)), None),
        drill=practice_flow.drill_status(db, g.pupil, clock=school_day, reads=once),
        tournament_table=tournaments.table_of(db, g.pupil["id"]),
        call_push=push_link.stream_url("class", g.pupil["class_id"], "pupil", g.pupil["id"]),
    )


# What a pupil switches on for themself on their page; both start off (classrooms are quiet).
OWN_SWITCHES = ("read_aloud", "sounds")


@bp.route("/me/switch", methods=["POST"])
@login.pupil_required
def switch():
    name = request.form.get("name", "")
    if name not in OWN_SWITCHES:
        abort(400)
    drills.set_pupil_flag(get_db(), g.pupil["id"], name, request.form.get("on") == "1")
    return redirect(url_for("pupil_home.home"), 303)


@bp.route("/me/avatar", methods=["GET", "POST"])
@login.pupil_required
def avatar():
    db = get_db()
    if request.method == "POST":
        key = request.form.get("avatar", "")
        if not is_avatar(key):
            abort(400)
        with write_transaction(db):
            pupil_rewards.set_avatar(db, g.pupil["id"], key, school_day.now())
        return redirect(url_for("pupil_home.home"), 303)
    return htmx.render(
        "pupil/avatar.html",
        "pupil/_avatar_picker.html",
        avatars=AVATARS,
        chosen=pupil_rewards.avatar(db, g.pupil["id"]),
        words=words,
    )


def _one_tap_settings() -> GameSettings:
    """One bot — the pupil's usual one (the fitted bot where the class allows it) — and one
    round when allowed, else the class's first length: what the "More choices" form offers first."""
    limits = game_limits.get(get_db(), g.pupil["class_id"])
    length = "round" if "round" in limits.lengths else limits.lengths[0]
    settings = check_settings(GameSettings((limits.default_level,), length), limits)
    if FITTED in settings.bots:
        settings = settings.fit_bots(fitted_dial(g.pupil, limits))
    return settings


@bp.route("/me/play", methods=["POST"])
@login.pupil_required
def play():
    db = get_db()
    active = games.list_for_pupil(db, g.pupil["id"], limit=1)
    if active:
        # One tap means playing, not a pile of half-played games: carry on the open one.
        return redirect(url_for("games.show", game_id=active[0]["id"]), 303)
    game = new_game(_one_tap_settings(), secrets.randbelow(2**31))
    try:
        game_id = games.create(
            db,
            g.pupil["id"],
            game,
            school_day.now(),
            max_open=current_app.config["MAX_OPEN_GAMES"],
            at_home=home_visit.at_home(),
        )
    except games.TooManyOpen:
        return redirect(url_for("games.new"), 303)
    return redirect(url_for("games.show", game_id=game_id), 303)
