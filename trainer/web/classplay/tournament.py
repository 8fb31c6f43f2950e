"""The class tournament on the teacher's Class play page (issue 16.5): tick who is present,
seat them (at random or by game level: trainer.games.tournament), start every table at once,
watch the standings, end early, print the certificates. The store does the work
(trainer.store.tournaments); the watch page (classplay/watch.html) includes the panel
(classplay/tournament_panel.py reads what it shows)."""

from __future__ import annotations

import random
import secrets
from datetime import datetime

from flask import Blueprint, g, redirect, render_template, request, url_for

from trainer.games.game_level import load_bot_elo, starting_rating
from trainer.games.settings import LENGTHS
from trainer.games.tournament import CannotSeat, seat_at_random, seat_by_level
from trainer.play import tables as play_tables
from trainer.store import class_tables, game_levels, game_limits, pupil_rewards, pupils, tournaments
from trainer.web.classplay import watch as classplay_watch
from trainer.web.classplay.tournament_panel import tournament_panel
from trainer.web.classplay.tournament_words import tournament_refused
from trainer.web.core import htmx, login, push_link, school_day
from trainer.web.core.numbers import whole_number
from trainer.web.core.ownership import own_class
from trainer.web.db import get_db

bp = Blueprint("classplay_tournament", __name__)

SEATINGS = ("random", "level")
MAX_PRESENT = 200


@bp.route("/classes/<int:class_id>/play/tournament/live")
@login.teacher_required
def live(class_id):
    """The standings' poll: 204 while no table of the class changed."""
    klass = own_class(class_id)
    if request.args.get("v", "") == class_tables.class_signature(get_db(), class_id):
        return "", 204
    if not htmx.hx().wants_fragment:  # opened as a page: the whole Class play page
        return classplay_watch._watch(klass)
    # `push`: whether the page follows the live channel (the panel then asks only when told).
    return render_template(
        "classplay/_tournament.html",
        klass=klass,
        tp=tournament_panel(get_db(), klass),
        push=push_link.stream_url("class", klass["id"], "teacher", login.teacher_id()),
    )


def _refused(klass: dict, code: str, status: int, ticked: set[int] | None = None):
    g.tournament_error = tournament_refused(code)
    g.tournament_ticked = ticked
    return classplay_watch._watch(klass), status


@bp.route("/classes/<int:class_id>/play/tournament", methods=["POST"])
@login.teacher_required
def start(class_id):
    klass = own_class(class_id)
    db = get_db()
    limits = game_limits.get(db, class_id)
    ours = {p["id"] for p in pupils.list_for_class(db, class_id)}
    asked = request.form.getlist("present")[:MAX_PRESENT]
    present = sorted({whole_number(a) for a in asked} & ours)
    seating, length = request.form.get("seating", "random"), request.form.get("length", "")
    if seating not in SEATINGS or length not in LENGTHS or length not in limits.lengths:
        return _refused(klass, "settings", 400, set(present))
    rng = random.Random(secrets.randbits(64))
    try:
        if seating == "level":
            start_at = starting_rating(load_bot_elo()).elo
            ratings = game_levels.for_pupils(db, present)
            tables = seat_by_level({p: ratings[p].elo if p in ratings else start_at for p in present}, rng)
        else:
            tables = seat_at_random(present, rng)
    except CannotSeat:
        return _refused(klass, "one" if present else "nobody", 400, set(present))
    try:
        games = play_tables.tournament_games(tables, length, secrets.randbelow(2**31))
        tournaments.start(db, class_id, tables, games, school_day.now(), turn_clock=limits.turn_clock)
    except (tournaments.TournamentRefused, class_tables.TableRefused) as err:
        return _refused(klass, err.code, 409, set(present))
    return redirect(url_for("classplay_watch.watch", class_id=class_id), 303)


@bp.route("/classes/<int:class_id>/play/tournament/end", methods=["POST"])
@login.teacher_required
def end(class_id):
    own_class(class_id)
    db = get_db()
    running = tournaments.running(db, class_id)
    if running is not None:
        tournaments.end(db, running["id"], school_day.now())
    return redirect(url_for("classplay_watch.watch", class_id=class_id), 303)


@bp.route("/classes/<int:class_id>/play/certificates")
@login.teacher_required
def certificates(class_id):
    """One printable certificate per table winner and for the most TWEAKs found (print CSS:
    one A4 page each), once every table of the latest tournament finished."""
    klass = own_class(class_id)
    db = get_db()
    latest = tournaments.latest(db, class_id)
    running = latest is not None and tournaments.running(db, class_id) is not None
    awards = tournaments.certificates(db, latest["id"]) if latest and not running else []
    avatars = pupil_rewards.class_faces(db, class_id)
    return render_template(
        "classplay/certificates.html",
        klass=klass,
        awards=awards,
        avatars=avatars,
        running=running,
        latest=latest,
        day=datetime.fromtimestamp(latest["started_at"]).date() if latest else None,
    )
