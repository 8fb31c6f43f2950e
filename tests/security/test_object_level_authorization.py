"""Nobody reaches what is not theirs: not anonymously, not as a classmate, not by adding fields.

Built on tests/web/test_authorization.py and tests/route_table.py, whose tables list every route with an id and whose
tests cover teacher-vs-teacher, pupil-of-another-class and the login step. Added here: the
classmate direction (a pupil of the victim's own class), anonymous visitors, field-level
tampering, and that another teacher's id looks exactly like a missing one.
"""

import re

import pytest

from route_table import ALL_ROUTES, OUTSIDE_LOGIN, PUBLIC_ENDPOINTS, TEACHER_ROUTES, route_url, send
from web_helpers import PupilActions

from .walk import snapshot

CSRF_TOKEN = re.compile(r'(?<="X-CSRFToken": ")[^"]+|(?<=name="csrf_token" value=")[^"]+')


# A class-play table is the class's: any classmate may look at it and sit down (who may
# move at it: tests/web/classplay).
NOT_THE_VICTIMS_ALONE = [(e, m) for e, m in OUTSIDE_LOGIN if not e.startswith("classplay.")]


@pytest.mark.parametrize("endpoint, method", NOT_THE_VICTIMS_ALONE)
def test_a_classmate_cannot_reach_the_victims_ids(app, client, make, victim, db, endpoint, method):
    # ASVS 5.0 V8.2.2: data-specific access (no IDOR) between pupils of the SAME class:
    # teacher routes send a pupil to the teachers' login; a pupil route with a classmate's
    # id (drills, games: PUPIL_ROUTES) is refused. Nothing changes either way.
    classmate = make.pupil(victim["class_id"], "Mate", password="moon,star,fish")
    assert PupilActions(client, make).login(victim["class_id"], classmate, ("moon", "star", "fish")).status_code == 303
    before = snapshot(db)
    response = send(client, method, route_url(app, endpoint, victim), ALL_ROUTES[endpoint][method])
    if endpoint in TEACHER_ROUTES:
        assert response.status_code == 302 and response.headers["Location"].startswith("/login")
    else:
        assert response.status_code in (403, 404)
    assert snapshot(db) == before


@pytest.mark.parametrize("endpoint, method", OUTSIDE_LOGIN)
def test_an_anonymous_visitor_reaches_no_id(app, client, victim, db, endpoint, method):
    # ASVS 5.0 V8.2.1: function-level access: without a login every id route sends to a
    # login page and changes nothing.
    before = snapshot(db)
    response = send(client, method, route_url(app, endpoint, victim), ALL_ROUTES[endpoint][method])
    assert response.status_code == 302
    assert response.headers["Location"].startswith(("/login", "/join"))
    assert snapshot(db) == before


def test_every_page_but_the_public_ones_needs_a_login(visits):
    # ASVS 5.0 V8.2.1 for every GET route of the app (not only those with ids): an
    # anonymous visitor is sent to a login page; the public pages are a fixed, short list.
    checked = 0
    for v in visits:
        if v.role == "anonymous" and v.endpoint not in PUBLIC_ENDPOINTS | {"error 404"}:
            # htmx asks for a full page load of the login instead of a redirect (login.py)
            target = v.headers.get("HX-Redirect") if v.fragment else v.headers.get("Location")
            assert v.status == (200 if v.fragment else 302), v.url
            assert target.startswith(("/login", "/join")), v.url
            assert "alert(" not in v.body and "Zoe" not in v.body, v.url  # nothing of the class
            checked += 1
    assert checked >= 16


def _page(response, address: str) -> str:
    return CSRF_TOKEN.sub("token", response.get_data(as_text=True).replace(address, "X"))


def test_another_teachers_id_looks_exactly_like_a_missing_one(app, client, auth, victim):
    # ASVS 5.0 V8.2.2: refusing must not confirm that the id exists (404, same page).
    auth.login_new_teacher("a@school.example")
    for theirs, missing in (
        (f"/classes/{victim['class_id']}", "/classes/99999"),
        (f"/pupils/{victim['pupil_id']}", "/pupils/99999"),
        (f"/pupils/{victim['pupil_id']}/export.json", "/pupils/99999/export.json"),
    ):
        a, b = client.get(theirs), client.get(missing)
        assert a.status_code == b.status_code == 404
        # The same page but for its own address (the language picker comes back to it).
        # The CSRF token carries a timestamp, so two requests a second apart differ in it.
        assert _page(a, theirs) == _page(b, missing)


def test_extra_form_fields_cannot_move_rows_to_another_owner(app, client, auth, make, victim, db):
    # ASVS 5.0 V8.2.3: field-level access: only the fields a form offers are written; ids
    # smuggled into a post are ignored.
    teacher = auth.login_new_teacher("a@school.example")
    class_id = make.klass(teacher, "Mine")
    pupil_id = make.pupil(class_id, "Noor")
    smuggled = {
        "teacher_id": str(victim["class_id"]),
        "class_id": str(victim["class_id"]),
        "id": str(victim["pupil_id"]),
        "pupil_id": str(victim["pupil_id"]),
        "join_code": "AAAAAA",
        "picture_password": "sun,moon,star",
        "archived_at": "x",
    }
    client.post(f"/classes/{class_id}/rename", data={"name": "Renamed", **smuggled})
    client.post(f"/pupils/{pupil_id}/rename", data={"name": "Nora", **smuggled})
    client.post(f"/classes/{class_id}/pupils", data={"name": "Sem", **smuggled})
    client.post("/classes", data={"name": "New one", **smuggled})
    rows = db.execute(
        "SELECT id, teacher_id, name, join_code, archived_at FROM classes WHERE teacher_id = ? ORDER BY id", [teacher]
    ).fetchall()
    assert [r[2] for r in rows] == ["Renamed", "New one"]
    assert all(r[3] != "AAAAAA" and r[4] is None for r in rows)
    pupils = db.execute(
        "SELECT class_id, name, picture_password FROM pupils WHERE class_id = ? ORDER BY id", [class_id]
    ).fetchall()
    assert [(p[0], p[1]) for p in pupils] == [(class_id, "Nora"), (class_id, "Sem")]
    assert "sun,moon,star" not in [p[2] for p in pupils]
    # The victim's rows are as they were.
    assert make.class_row(victim["class_id"])["name"] == "B's class"
    assert db.execute("SELECT class_id, name FROM pupils WHERE id = ?", [victim["pupil_id"]]).fetchone() == (
        victim["class_id"],
        "Victim",
    )
