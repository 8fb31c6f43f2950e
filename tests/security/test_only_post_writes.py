"""No request that is not a POST changes anything (issue 38.3).

An outside attack sent HEAD with a form body: views that asked `request.method == "GET"` took
every other method for a POST, and the CSRF hook lets the safe methods through unchecked, so a
HEAD to `/classes/<id>/paste` added a pupil and three HEAD picture taps logged a pupil in.
Here every route of `app.url_map`, as every kind of visitor, gets HEAD, GET and OPTIONS with
the form its POST takes (and the session's own CSRF token, so only the method is wrong), with
and without that body, and the database must stay as it was.
"""

from route_table import ALL_ROUTES, PLAIN_POSTS

from .walk import Snapshots, snapshot, url, walk

# What any other route is sent: the fields the app's forms use most, filled with something a
# writing branch would accept.
ANY_FORM = {
    "name": "Sent by HEAD",
    "step": "add",
    "line": "1",
    "confirm_name": "Victim",
    "days": "30",
    "open": "0",
    "active": "0",
    "role": "admin",
}


def _form(endpoint, world, pick):
    if endpoint == "pupil_login.pictures_step":
        return {"pick": pick}
    data = PLAIN_POSTS.get(endpoint) or ALL_ROUTES.get(endpoint, {}).get("POST") or ANY_FORM
    return {k: str(v).format(join_code=world.join_code, qr_token=world.qr_token) for k, v in data.items()}


def test_no_request_but_a_post_writes_on_any_route(app, hostile_world, db):
    # ASVS 5.0 V3.5.3: state changes only behind POST (and so behind its CSRF checks).
    ids = hostile_world.ids
    rules = sorted((r for r in app.url_map.iter_rules() if r.endpoint != "static"), key=lambda r: r.rule)
    # Reading every page once first: GET /games/<id> and GET /practice write bookkeeping the
    # first time they are seen (docs/security.md, V3.5.3); nothing after that may change.
    # One walk serves all three methods: it is most of this test's time.
    walk(app, hostile_world.clients, ids)
    snapshot = Snapshots(db)  # tables are read again only when something was committed
    before = snapshot()
    writers = []
    for rule in rules:
        address = url(app, rule, ids)
        for role, client in hostile_world.clients.items():
            token = client.csrf_token()
            # Pictures one at a time: three taps of the right ones would log the pupil in.
            picks = hostile_world.pictures.split(",") if rule.endpoint == "pupil_login.pictures_step" else [None]
            for method in ("HEAD", "GET", "OPTIONS"):
                for pick in picks:
                    form = {**_form(rule.endpoint, hostile_world, pick), "csrf_token": token}
                    for data in (form, None):
                        response = client.open(address, method=method, data=data, headers={"X-CSRFToken": token})
                        assert response.status_code < 500, (method, rule.rule, role)
                if snapshot() != before:
                    writers.append((method, rule.endpoint, role))
                    before = snapshot()
    assert writers == [], writers


def test_a_safe_method_with_a_body_is_refused(client, db):
    # The guard in front of the views (trainer/web/core/csrf.py): a browser never sends a body
    # with GET, HEAD or OPTIONS, so one that does is refused before any view reads it.
    client.get("/join")
    before = snapshot(db)
    for method in ("HEAD", "GET", "OPTIONS"):
        response = client.open("/join", method=method, data={"code": "ABCDEF"})
        assert response.status_code == 400, method
        assert client.open("/join", method=method).status_code == 200, method
    assert snapshot(db) == before


def test_views_branch_on_post_not_on_get():
    # A view that asks `request.method == "GET"` takes HEAD and OPTIONS for a POST: the writing
    # branch is the one that asks for "POST" (issue 38.3).
    from pathlib import Path

    import trainer

    root = Path(trainer.__file__).parent
    found = [
        f"{path.relative_to(root)}:{n}"
        for path in root.rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "request.method" in line and '"GET"' in line
    ]
    assert found == []
