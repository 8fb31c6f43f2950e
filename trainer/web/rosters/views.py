"""Upload a OneRoster bulk file, see what it would change, apply it: administrators only.

The file is kept server-side between preview and apply (trainer.store.rosters, by its
SHA-256), so "apply" does not upload again and applies exactly the file that was previewed;
the plan is made again at apply time, against the school as it is then.
"""

from __future__ import annotations

import re

from flask import Blueprint, abort, g, redirect, render_template, request, url_for

from trainer.rosters import oneroster, plan
from trainer.store import pupils, rosters, school_settings
from trainer.web.core import login
from trainer.web.db import get_db
from trainer.web.rosters.messages import describe

bp = Blueprint("rosters", __name__, url_prefix="/school/rosters")
DIGEST = re.compile(r"[0-9a-f]{64}")
ORG_SETTING = "oneroster_org"


@bp.route("", methods=["GET", "POST"])
@login.admin_required
def index():
    if request.method != "POST":
        return render_template("rosters/index.html", errors=[], pending=rosters.pending(get_db(), g.teacher["id"]))
    upload_file = request.files.get("file")
    if upload_file is None or not upload_file.filename:
        return render_template(
            "rosters/index.html", pending=[], errors=[describe(oneroster.Issue("", 0, "not_zip"))]
        ), 400
    data = upload_file.read()
    try:
        oneroster.read_zip(data)
    except oneroster.RosterRefused as refused:
        return render_template("rosters/index.html", pending=[], errors=[describe(i) for i in refused.issues]), 400
    digest = rosters.keep_upload(get_db(), g.teacher["id"], data)
    return redirect(url_for("rosters.preview", upload=digest), 303)


def _load(digest: str) -> oneroster.Roster:
    """The kept upload of this administrator; 404 for a bad, foreign or expired digest."""
    if not DIGEST.fullmatch(digest):
        abort(404)
    data = rosters.upload(get_db(), g.teacher["id"], digest)
    if data is None:
        abort(404)
    return oneroster.read_zip(data)


def _org(roster: oneroster.Roster, chosen: str) -> str | None:
    schools = {o.sourced_id for o in roster.schools()}
    if chosen:
        if chosen not in schools:
            abort(400)
        return chosen
    remembered = school_settings.get(get_db(), ORG_SETTING)
    if remembered in schools:
        return remembered
    return next(iter(schools)) if len(schools) == 1 else None


@bp.route("/preview")
@login.admin_required
def preview():
    digest = request.args.get("upload", "")
    roster = _load(digest)
    org = _org(roster, request.args.get("org", ""))
    the_plan = plan.make(roster, org, rosters.current(get_db())) if org else None
    return _preview(digest, roster, org, the_plan)


def _preview(digest, roster, org, the_plan, status=200):
    too_big = the_plan.oversized(pupils.MAX_CLASS_SIZE) if the_plan else []
    return render_template(
        "rosters/preview.html",
        digest=digest,
        roster=roster,
        org=org,
        plan=the_plan,
        schools=roster.schools(),
        too_big=too_big,
        max_class_size=pupils.MAX_CLASS_SIZE,
    ), status


@bp.route("/apply", methods=["POST"])
@login.admin_required
def apply():
    digest = request.form.get("upload", "")
    roster = _load(digest)
    org = request.form.get("org", "")
    if org not in {o.sourced_id for o in roster.schools()}:
        abort(400)
    db = get_db()
    the_plan = plan.make(roster, org, rosters.current(db))
    if the_plan.oversized(pupils.MAX_CLASS_SIZE):
        return _preview(digest, roster, org, the_plan, 400)
    try:
        result = rosters.apply(db, the_plan, g.teacher["id"])
    except pupils.ClassFull:
        # A class filled up by hand between the plan and the import: nothing was imported.
        return _preview(digest, roster, org, plan.make(roster, org, rosters.current(db)), 409)
    school_settings.put(db, ORG_SETTING, org)
    rosters.forget_upload(db, digest)
    return render_template("rosters/result.html", result=result, plan=the_plan, org=roster.orgs[org])
