"""Pages include their fragments; htmx requests get only the fragment."""

from trainer.web.core.htmx import HtmxRequest

HX = {"HX-Request": "true"}
BOOSTED = {"HX-Request": "true", "HX-Boosted": "true"}


def test_plain_request_gets_the_full_page(client):
    html = client.get("/join").get_data(as_text=True)
    assert html.startswith("<!doctype html>")
    assert 'id="join"' in html


def test_htmx_request_gets_only_the_fragment(client):
    html = client.get("/join", headers=HX).get_data(as_text=True)
    assert "<html" not in html
    assert html.strip().startswith('<section class="panel narrow" id="join">')


def test_boosted_navigation_gets_the_full_page(client):
    html = client.get("/join", headers=BOOSTED).get_data(as_text=True)
    assert "<html" in html


def test_every_response_varies_on_hx_request(client):
    assert "HX-Request" in client.get("/join").headers["Vary"]
    assert "HX-Request" in client.get("/join", headers=HX).headers["Vary"]


def test_body_is_boosted_and_carries_the_csrf_header(client):
    html = client.get("/").get_data(as_text=True)
    assert '<body hx-boost="true" hx-headers=\'{"X-CSRFToken": ' in html


def test_fragment_decision():
    assert HtmxRequest(True, False, None).wants_fragment
    assert not HtmxRequest(True, True, None).wants_fragment
    assert not HtmxRequest(False, False, None).wants_fragment


def test_login_answers_htmx_with_a_full_reload(client, make):
    from web_helpers import TEACHER_PASSWORD

    make.teacher(email="a@school.example")
    response = client.post("/login", headers=BOOSTED, data={"email": "a@school.example", "password": TEACHER_PASSWORD})
    assert response.status_code == 200
    assert response.headers["HX-Redirect"] == "/classes"


def test_only_the_htmx_helper_reads_hx_headers():
    from pathlib import Path

    web = Path(__file__).resolve().parents[3] / "trainer" / "web"
    readers = [p.name for p in web.rglob("*.py") if '"HX-' in p.read_text() and p.name != "htmx.py"]
    assert readers == []


def test_expired_session_during_an_htmx_request_asks_for_a_full_page_load(client, auth, make, db):
    class_id = make.klass(auth.login_new_teacher())
    db.execute("DELETE FROM auth_sessions")
    headers = dict(HX, **{"HX-Current-URL": f"http://localhost/classes/{class_id}"})
    response = client.post(f"/classes/{class_id}/pupils", data={"name": "Noor"}, headers=headers)
    assert response.headers["HX-Redirect"] == f"/login?next=/classes/{class_id}"
    assert db.execute("SELECT count(*) FROM pupils").fetchone()[0] == 0
