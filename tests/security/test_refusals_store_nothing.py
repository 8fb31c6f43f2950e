"""Every refusal leaves the database as it was (issue 38.6).

An outside attack added a puzzle to a full set three times: each answer was 400 "The set is
full", and each time the puzzle still went into the bank (31 → 34). Here every POST route, as
the visitor its form is for, is sent submissions its checks refuse (no fields, each field
empty, made of a NUL, 3,000 characters long, a Unicode digit, or left out) and, whenever the
answer is a 4xx, every table must hold what it held before (walk.snapshot: rows, not only
their number). The world is put back (SQLite backup API) after every request, so each starts
from the same one.
"""

import sqlite3

from route_table import ALL_ROUTES, PLAIN_POSTS, PUPIL_LOGIN_ROUTES, PUPIL_ROUTES, TOKEN_ROUTES
from trainer.store import puzzle_sets
from trainer.web.worksheets.set_views import MAX_SET

from .walk import Snapshots, post_rules, url

# Tables a refused request rightly writes, each for its own reason (as the fuzzer's
# VOLATILE_TABLES): a wrong password or picture is refused *and* counted (the throttle), a
# browser seen at a login is remembered, the daily purge runs on a day's first request.
COUNTED = {"login_failures", "login_throttle", "known_devices", "maintenance"}
# Who sends each form (test_request_forgery.py's test_every_post_route_is_known makes sure
# every POST route has one in tests/route_table.py).
ANONYMOUS = {
    "auth.register",
    "auth.login",
    "pupil_login.join",
    "pupil_login.join_qr",
    "invitations.join",
    *TOKEN_ROUTES,
}
JOINING = {*PUPIL_LOGIN_ROUTES, "pupil_login.leave"}
PUPIL = {
    *PUPIL_ROUTES,
    "games.new",
    "practice.next_puzzle",
    "practice.answer",
    "practice.countdown",
    "pupil_home.switch",
    "pupil_home.avatar",
    "pupil_home.play",
    "classplay.open_table",
}
BAD_VALUES = ("", "\x00", "x" * 3000, "٣")


def _role(endpoint: str) -> str:
    if endpoint in ANONYMOUS:
        return "anonymous"
    if endpoint in JOINING:
        return "joining"
    return "pupil" if endpoint in PUPIL else "teacher"


def refusals(form: dict) -> list[tuple[str, dict]]:
    """The form as a page fills it in (refused where the world makes it so: the set is full),
    and what its checks should refuse: none of its fields, each field bad or missing."""
    sent = [("as filled in", form), ("no fields", {})]
    for name in form:
        sent += [(f"{name}={bad[:8]!r}", {**form, name: bad}) for bad in BAD_VALUES]
        sent.append((f"without {name}", {k: v for k, v in form.items() if k != name}))
    return sent


def test_every_refused_form_leaves_the_database_as_it_was(app, hostile_world, db):
    # Issue 38.6; ASVS 5.0 V2.3.3 (transactions: all or nothing) and V16.5.3 (a refusal is clean).
    world = hostile_world
    # A full set: adding to it is refused although the puzzle itself is fine.
    for puzzle_id in [p for (p,) in db.execute("SELECT id FROM puzzles ORDER BY id LIMIT ?", [MAX_SET])]:
        puzzle_sets.add_puzzle(db, world.ids["set_id"], puzzle_id, MAX_SET)
    tokens = {role: client.csrf_token() for role, client in world.clients.items()}
    cookies = {
        role: "; ".join(f"{c.key}={c.value}" for c in client._cookies.values())
        for role, client in world.clients.items()
    }
    live = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    pristine = sqlite3.connect(":memory:")
    live.backup(pristine)

    snapshot = Snapshots(db)  # a refusal mostly writes nothing: no need to read every table

    def rows():
        return {t: r for t, r in snapshot().items() if t not in COUNTED}

    before = rows()
    sender = app.test_client(use_cookies=False)
    failures, refused = [], 0
    try:
        for rule in post_rules(app):
            endpoint = rule.endpoint
            role = _role(endpoint)
            form = PLAIN_POSTS[endpoint] if endpoint in PLAIN_POSTS else ALL_ROUTES[endpoint]["POST"] or {}
            form = {k: v.format(join_code=world.join_code, qr_token=world.qr_token) for k, v in form.items()}
            address = url(app, rule, world.ids)
            for what, data in refusals(form):
                response = sender.post(
                    address,
                    csrf=False,
                    data={**data, "csrf_token": tokens[role]},
                    environ_overrides={"HTTP_COOKIE": cookies[role]},
                )
                assert response.status_code < 500, (endpoint, what)
                after = rows()
                if 400 <= response.status_code < 500:
                    refused += 1
                    changed = sorted(t for t in after if after[t] != before.get(t))
                    if changed:
                        failures.append(f"{endpoint} as {role}, {what}: {response.status_code} but wrote {changed}")
                if after != before:
                    pristine.backup(live)
    finally:
        live.close()
        pristine.close()
    assert refused > 200
    assert snapshot.reads > 1  # the backups that put the world back were seen
    assert failures == [], "\n".join(failures)
