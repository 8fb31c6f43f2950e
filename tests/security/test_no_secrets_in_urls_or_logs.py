"""No class code, QR token, picture password, teacher password or session token ever appears in
an address (requested, redirected to, or linked from a page) or in a server log line.

The login flows are driven against the real `trainer serve` processes of `real_servers`:
gunicorn's access log (the production log, path only) and waitress's console are scanned.
The app has no PIN: the secrets are the class code, the QR token, the picture passwords, the
teacher's password and the session and CSRF tokens.
"""

import logging
import re

import pytest
from flask import url_for

from trainer.ops import log_paths
from trainer.store import classes as classes_model, invitations
from trainer.web.teachers.invitations import utc_now
from web_helpers import TEACHER_PASSWORD

from .walk import scan

HX = {"HX-Request": "true"}


def _tap(browser, server, pupil_id, keys, headers=None):
    response = None
    for key in keys:
        response = browser.post(server, f"/join/pupil/{pupil_id}", {"pick": key}, headers=headers)
    return response


def test_login_flows_leave_no_secret_in_any_address_or_log_line(real_servers):
    single, workers = real_servers.single, real_servers.workers
    email = "logscan@school.example"
    db = real_servers.db()
    real_servers.make(db).teacher(email=email)
    db.close()
    pages = []  # every HTML page the browsers read, to check the addresses they link to

    # A teacher logs in (one wrong password first), makes a class and a pupil, prints cards,
    # renews the code, exports and resets the pupil's pictures.
    teacher = real_servers.browser()
    teacher.get(workers, "/login")
    assert teacher.post(workers, "/login", {"email": email, "password": "wrong password!"}).status == 400
    assert teacher.post(workers, "/login", {"email": email, "password": TEACHER_PASSWORD}).status == 303
    pages.append(teacher.get(workers, "/classes"))
    created = teacher.post(workers, "/classes", {"name": "Log class"})
    class_path = created.headers["Location"]
    class_id = int(class_path.rsplit("/", 1)[1])
    pages.append(teacher.get(workers, class_path))
    assert teacher.post(workers, f"/classes/{class_id}/pupils", {"name": "Noor"}).status == 303
    db = real_servers.db()
    old = classes_model.get(db, class_id)
    pupil_id, first_pictures = db.execute(
        "SELECT id, picture_password FROM pupils WHERE class_id = ?", [class_id]
    ).fetchone()
    db.close()
    pages.append(teacher.get(workers, f"/classes/{class_id}/cards"))
    assert teacher.post(workers, f"/classes/{class_id}/code", {}).status == 303
    pages.append(teacher.get(single, f"/classes/{class_id}/cards"))
    pages.append(teacher.get(workers, f"/pupils/{pupil_id}"))
    assert teacher.get(workers, f"/pupils/{pupil_id}/export.json").status == 200
    assert teacher.post(workers, f"/pupils/{pupil_id}/reset-pictures", {}, headers=HX).status == 200
    db = real_servers.db()
    new = classes_model.get(db, class_id)
    pictures = db.execute("SELECT picture_password FROM pupils WHERE id = ?", [pupil_id]).fetchone()[0]
    db.close()

    # A pupil types the code (as a child would: lower case, a space), tries wrong pictures,
    # then the right ones; then logs in again with the QR card, the htmx way.
    pupil = real_servers.browser()
    pupil.get(single, "/join")
    assert pupil.post(workers, "/join", {"code": old["join_code"]}).status == 400  # renewed
    typed = new["join_code"].lower()[:3] + " " + new["join_code"].lower()[3:]
    assert pupil.post(workers, "/join", {"code": typed}).status == 303
    pages.append(pupil.get(single, "/join/names"))
    pages.append(pupil.get(workers, f"/join/pupil/{pupil_id}"))
    wrong = [k for k in ("sun", "moon", "star", "heart", "tree", "house") if k not in pictures.split(",")][:3]
    assert _tap(pupil, single, pupil_id, wrong).status == 400
    assert _tap(pupil, workers, pupil_id, pictures.split(",")).status == 303
    pages.append(pupil.get(single, "/me"))
    pupil.post(workers, "/logout")
    # The card opens /join#k=TOKEN: the browser never sends the fragment, only "/join".
    pages.append(pupil.get(workers, "/join"))
    assert pupil.post(single, "/join/qr", {"token": old["qr_token"]}, headers=HX).status == 400
    assert pupil.post(workers, "/join/qr", {"token": new["qr_token"]}, headers=HX).status == 200
    assert _tap(pupil, single, pupil_id, pictures.split(","), headers=HX).status == 200
    pages.append(pupil.get(workers, "/me"))

    secrets = {
        "class code": [old["join_code"], new["join_code"], typed],
        "QR token": [old["qr_token"], new["qr_token"]],
        "picture password": [first_pictures, pictures],
        "teacher password": [TEACHER_PASSWORD, "wrong password!"],
        "teacher e-mail": [email],
        "session cookie": [v for b in (teacher, pupil) for v in b.cookies.values()],
        "CSRF token": [b.csrf for b in (teacher, pupil) if b.csrf],
    }
    picture_words = set(first_pictures.split(",")) | set(pictures.split(","))

    def leaks(text):
        found = [
            kind for kind, values in secrets.items() for value in values if value and value.lower() in text.lower()
        ]
        found += [f"picture {w}" for w in picture_words if re.search(rf"\b{w}\b", text, re.I)]
        return found

    # ASVS 5.0 V14.2.1: secrets only in bodies and headers, never in an address: not in the
    # addresses used, not in any redirect (Location, HX-Redirect), not in any link or form
    # action of any page read.
    addresses = teacher.requested + pupil.requested + teacher.redirects + pupil.redirects
    addresses += [u for page in pages for u in scan(page.text).urls]
    assert len(addresses) > 60
    for address in addresses:
        assert leaks(address) == [], address

    # ASVS 5.0 V16.2.5: no credentials or tokens in the logs. The access log must have seen
    # these requests, or there would be nothing to scan.
    log = workers.log() + single.log()
    for line in (
        '"POST /login" 303',
        '"POST /join" 303',
        '"POST /join/qr" 200',
        f'"POST /join/pupil/{pupil_id}" 303',
        f'"GET /classes/{class_id}/cards" 200',
    ):
        assert line in log, line
    # The security event log (V16.3.1) writes to the same console, and is scanned with it.
    for line in (
        "trainer.security event=teacher_login_failed",
        "trainer.security event=teacher_login ",
        f"trainer.security event=pupil_login pupil={pupil_id} ",
    ):
        assert line in log, line
    for line in log.splitlines():
        if line.startswith("Database: "):
            continue  # the database file's path, printed at start-up
        assert leaks(line) == [], line
    assert "Traceback" not in log


def test_redirects_of_every_page_carry_no_secret(visits, walked):
    # ASVS 5.0 V14.2.1 for every page of the walk: no Location or HX-Redirect holds the class
    # code, the QR token or a picture password, and no link, form or script address does
    # (every form posts: test_every_form_posts).
    _, hostile_world, _ = walked
    secrets = [hostile_world.join_code, hostile_world.qr_token, hostile_world.pictures]
    redirects = [v.headers.get(h) for v in visits for h in ("Location", "HX-Redirect")]
    redirects = [r for r in redirects if r]
    assert len(redirects) > 20
    for target in redirects:
        assert not any(s in target for s in secrets), target
    for v in visits:
        if v.is_html:
            for address in scan(v.body).urls:
                assert not any(s in address for s in secrets), (v.url, address)


def test_every_form_posts(visits):
    # ASVS 5.0 V14.2.1: form fields (codes, pictures, passwords, the CSRF token) travel in the
    # body: no page has a form that would put them into the address (method GET).
    forms = [f for v in visits if v.is_html for f in scan(v.body).forms]
    assert len(forms) > 30
    assert all(f.get("method", "get").lower() == "post" for f in forms)


def test_an_invitation_link_and_a_sign_in_answer_leave_no_secret_in_the_logs(real_servers):
    # Issue 38.2: `trainer serve --workers 2` wrote /invitations/<token> to its access log, and
    # whoever read the log could use an unused administrator invitation for 7 days.
    db = real_servers.db()
    head = real_servers.make(db).teacher(email="loghead@school.example")
    tokens = [invitations.create(db, role="admin", created_by=head, now=utc_now()) for _ in range(2)]
    db.close()
    for server, token in zip((real_servers.workers, real_servers.single), tokens):
        newcomer = real_servers.browser()
        opened = newcomer.get(server, f"/invitations/{token}")
        # ASVS 5.0 V14.2.1: the token is taken once and the browser goes on without it.
        assert opened.status == 303 and opened.headers["Location"] == "/invitation"
        form = newcomer.get(server, "/invitation")
        assert form.status == 200 and token not in form.text
        joined = newcomer.post(
            server,
            "/invitation",
            {
                "display_name": "New head",
                "email": f"newhead{server.port}@school.example",
                "password": TEACHER_PASSWORD,
                "password2": TEACHER_PASSWORD,
            },
        )
        assert joined.status == 303
        assert all(token not in address for address in newcomer.requested[1:] + newcomer.redirects)
    # What a sign-in service sends back: its code and state are secrets too.
    answer = "/signin/1/callback?code=c0de-from-the-provider&state=st4te-of-the-browser"
    for server in (real_servers.workers, real_servers.single):
        real_servers.browser().get(server, answer)

    # ASVS 5.0 V16.2.5: the access log saw these requests, with the secrets hidden.
    log = real_servers.workers.log() + real_servers.single.log()
    assert '"GET /invitations/[hidden]" 303' in log
    assert '"POST /invitation" 303' in log
    assert '"GET /signin/1/callback"' in log
    for secret in (*tokens, "c0de-from-the-provider", "st4te-of-the-browser"):
        assert secret not in log


def test_every_route_with_a_token_in_its_path_is_masked_in_logs(app):
    # A link that carries a secret in its path (the parent page's, issue 37.3) must be added to
    # trainer.ops.log_paths, or its token goes into the access log (issue 38.2).
    secret = "Zq3-secret_Token9"
    rules = [r for r in app.url_map.iter_rules() if {"token", "secret", "key", "link"} & set(r.arguments)]
    assert sorted(r.endpoint for r in rules) == ["invitations.accept", "parent_page.show"]
    for rule in rules:
        with app.test_request_context():
            path = url_for(rule.endpoint, **{a: secret for a in rule.arguments})
        for line in (path, f"/oak{path}", f'10.0.0.1 "GET {path}?x=1" 200 512 3ms'):
            assert secret not in log_paths.mask(line), line


@pytest.mark.parametrize(
    "line",
    [
        '"GET /signin/1/callback?code=SECRET&state=SECRET" 200',
        '"GET /signin/1/callback?state=SECRET&code=SECRET&iss=https%3A%2F%2Fid" 303',
        "code=SECRET&state=SECRET",
        "Exception on /invitations/SECRET [GET]",
        "/birch/invitations/SECRET/",
        '10.0.0.1 "GET /family/SECRET?lang=nl HTTP/1.1" 200',
    ],
)
def test_mask_hides_secret_values_and_keeps_the_rest(line):
    masked = log_paths.mask(line)
    assert "SECRET" not in masked and "[hidden]" in masked
    assert masked.split("[hidden]")[0] == line.split("SECRET")[0]


def test_the_apps_own_log_lines_are_masked(app, client, caplog):
    # Flask writes "Exception on <path> [GET]" for a 500; Werkzeug's development server writes
    # the request line. Both go through trainer.ops.log_paths.MaskSecrets.
    with caplog.at_level("INFO"):
        app.logger.error("Exception on %s [%s]", "/invitations/SECRET1", "GET")
        logging.getLogger("werkzeug").info('%s - - "%s" %s', "10.0.0.1", "GET /invitations/SECRET2 HTTP/1.1", 303)
    assert "SECRET" not in caplog.text and caplog.text.count("/invitations/[hidden]") == 2
