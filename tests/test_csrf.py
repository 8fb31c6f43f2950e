"""Every state-changing request needs the CSRF token; cross-site requests are refused."""
from web_helpers import TEACHER_PASSWORD, csrf_from


def test_post_without_token_is_refused_and_changes_nothing(client, make, db):
    make.teacher(email="a@school.example")
    response = client.post("/login", csrf=False,
                           data={"email": "a@school.example", "password": TEACHER_PASSWORD})
    assert response.status_code == 400
    assert "The page was open for too long" in response.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM auth_sessions").fetchone()[0] == 0


def test_post_with_a_wrong_token_is_refused(client, auth, make, db):
    auth.login_new_teacher()
    client.csrf_token()
    response = client.post("/classes", csrf=False, data={"name": "X", "csrf_token": "forged"})
    assert response.status_code == 400
    assert db.execute("SELECT count(*) FROM classes").fetchone()[0] == 0


def test_token_from_the_form_field_is_accepted(client, make):
    make.teacher(email="a@school.example")
    token = csrf_from(client.get("/login").get_data(as_text=True))
    response = client.post("/login", csrf=False, data={
        "email": "a@school.example", "password": TEACHER_PASSWORD, "csrf_token": token})
    assert response.status_code == 303


def test_token_in_the_htmx_header_is_accepted(client, auth, db):
    auth.login_new_teacher()
    html = client.get("/classes").get_data(as_text=True)
    assert 'hx-headers=\'{"X-CSRFToken": "' in html
    token = client.csrf_token()
    response = client.post("/classes", csrf=False, data={"name": "Via htmx"},
                           headers={"X-CSRFToken": token, "HX-Request": "true"})
    assert response.status_code == 303
    assert db.execute("SELECT count(*) FROM classes").fetchone()[0] == 1


def test_cross_site_request_is_refused_even_with_a_token(client, auth, db):
    auth.login_new_teacher()
    response = client.post("/classes", data={"name": "Evil"},
                           headers={"Sec-Fetch-Site": "cross-site"})
    assert response.status_code == 403
    response = client.post("/classes", data={"name": "Evil"},
                           headers={"Origin": "https://evil.example"})
    assert response.status_code == 403
    assert db.execute("SELECT count(*) FROM classes").fetchone()[0] == 0


def test_every_form_on_every_page_carries_the_token(client, auth, make):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher)
    pupil_id = make.pupil(class_id)
    for path in ["/classes", f"/classes/{class_id}", f"/classes/{class_id}/upload",
                 f"/pupils/{pupil_id}", f"/pupils/{pupil_id}/delete"]:
        html = client.get(path).get_data(as_text=True)
        forms = html.count("<form")
        assert forms > 0
        assert html.count('name="csrf_token"') == forms, path
