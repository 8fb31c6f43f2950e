"""Pupils log in: class code (typed or QR) -> name -> three pictures in order."""

import html

import pytest

from web_helpers import PupilActions

HX = {"HX-Request": "true"}


@pytest.fixture
def setup(make):
    teacher = make.teacher()
    class_id = make.klass(teacher, "Owls")
    pupil_id = make.pupil(class_id, "Noor", password="sun,tree,boat")
    return class_id, pupil_id, make.class_row(class_id)


def test_wrong_code_is_refused_with_a_message(client, pupil_auth):
    response = pupil_auth.enter_code("ZZZZZZ")
    assert response.status_code == 400
    assert "We could not find a class with this code." in response.get_data(as_text=True)


def test_code_leads_to_the_names_of_the_class(client, pupil_auth, setup, make):
    class_id, pupil_id, row = setup
    other_class = make.klass(make.teacher(), "Other")
    make.pupil(other_class, "Stranger")
    response = pupil_auth.enter_code(row["join_code"].lower())
    assert response.headers["Location"] == "/join/names"
    html = client.get("/join/names").get_data(as_text=True)
    assert "Noor" in html and "Stranger" not in html
    assert row["join_code"] not in html  # the code is not echoed back into the page


def test_names_page_without_a_class_goes_back_to_the_code(client):
    assert client.get("/join/names").headers["Location"] == "/join"


def test_right_pictures_log_the_pupil_in(client, pupil_auth, setup):
    class_id, pupil_id, row = setup
    response = pupil_auth.login(class_id, pupil_id)
    assert response.status_code == 303 and response.headers["Location"] == "/me"
    html = client.get("/me").get_data(as_text=True)
    assert "Hello Noor!" in html and "Owls" in html


def test_taps_are_counted_one_at_a_time(client, pupil_auth, setup):
    class_id, pupil_id, row = setup
    pupil_auth.enter_code(row["join_code"])
    response = client.post(f"/join/pupil/{pupil_id}", data={"pick": "sun"}, headers=HX)
    assert "1 of 3 pictures chosen" in response.get_data(as_text=True)
    response = client.post(f"/join/pupil/{pupil_id}", data={"clear": "1"}, headers=HX)
    assert "0 of 3 pictures chosen" in response.get_data(as_text=True)


def test_htmx_login_answers_with_a_full_reload(client, pupil_auth, setup):
    class_id, pupil_id, row = setup
    pupil_auth.enter_code(row["join_code"])
    pupil_auth.tap(pupil_id, ["sun", "tree"])
    response = client.post(f"/join/pupil/{pupil_id}", data={"pick": "boat"}, headers=HX)
    assert response.headers["HX-Redirect"] == "/me"


def test_wrong_order_is_refused(client, pupil_auth, setup):
    class_id, pupil_id, row = setup
    response = pupil_auth.login(class_id, pupil_id, ("tree", "sun", "boat"))
    assert response.status_code == 400
    assert "Not quite. Try again!" in response.get_data(as_text=True)
    assert client.get("/me").status_code == 302


def test_unknown_picture_is_a_bad_request(client, pupil_auth, setup):
    class_id, pupil_id, row = setup
    pupil_auth.enter_code(row["join_code"])
    assert client.post(f"/join/pupil/{pupil_id}", data={"pick": "dragon"}).status_code == 400


def test_pupil_login_is_throttled_per_pupil_on_this_device(app, client, pupil_auth, setup, make, db):
    class_id, pupil_id, row = setup
    other = make.pupil(class_id, "Sem", password="moon,star,fish")
    for _ in range(4):
        assert pupil_auth.login(class_id, pupil_id, ("moon", "star", "fish")).status_code == 400
    locked = pupil_auth.login(class_id, pupil_id, ("moon", "star", "fish"))
    assert locked.status_code == 429
    assert "Let's take a little break. Try again in 1 minute, or ask your teacher." in html.unescape(
        locked.get_data(as_text=True)
    )
    assert pupil_auth.login(class_id, pupil_id).status_code == 429  # right pictures, still locked here
    assert pupil_auth.login(class_id, other, ("moon", "star", "fish")).status_code == 303
    # On another tablet the same pupil is not locked (docs/security.md, "Guessing").
    tablet = app.test_client()
    assert PupilActions(tablet, make).login(class_id, pupil_id).status_code == 303


def test_a_new_picture_password_lifts_the_lock(client, pupil_auth, setup, db):
    class_id, pupil_id, row = setup
    for _ in range(5):
        pupil_auth.login(class_id, pupil_id, ("moon", "star", "fish"))
    assert pupil_auth.login(class_id, pupil_id).status_code == 429
    from trainer.store import pupils

    pupils.reset_picture_password(db, pupil_id)
    new = db.execute("SELECT picture_password FROM pupils WHERE id = ?", [pupil_id]).fetchone()[0]
    assert pupil_auth.login(class_id, pupil_id, new.split(",")).status_code == 303


def test_qr_token_selects_the_class(client, setup):
    class_id, pupil_id, row = setup
    response = client.post("/join/qr", data={"token": row["qr_token"]})
    assert response.status_code == 303 and response.headers["Location"] == "/join/names"
    assert "Noor" in client.get("/join/names").get_data(as_text=True)


def test_old_qr_token_after_regenerating_is_refused(client, setup, db):
    from trainer.store import classes

    class_id, pupil_id, row = setup
    classes.regenerate_code(db, class_id)
    response = client.post("/join/qr", data={"token": row["qr_token"]})
    assert response.status_code == 400
    assert "This login card is no longer valid." in response.get_data(as_text=True)


def test_archived_class_cannot_be_joined(client, pupil_auth, setup, db):
    from trainer.store import classes

    class_id, pupil_id, row = setup
    pupil_auth.enter_code(row["join_code"])
    classes.set_archived(db, class_id, True)
    assert client.get("/join/names").headers["Location"] == "/join"
    assert pupil_auth.enter_code(row["join_code"]).status_code == 400


def test_a_pupil_of_another_class_cannot_be_chosen(client, pupil_auth, setup, make):
    class_id, pupil_id, row = setup
    other_class = make.klass(make.teacher())
    stranger = make.pupil(other_class, "Stranger", password="sun,tree,boat")
    pupil_auth.enter_code(row["join_code"])
    assert client.get(f"/join/pupil/{stranger}").status_code == 404
    assert client.post(f"/join/pupil/{stranger}", data={"pick": "sun"}).status_code == 404


def test_pupil_cannot_open_teacher_pages(client, pupil_auth, setup):
    class_id, pupil_id, row = setup
    pupil_auth.login(class_id, pupil_id)
    assert client.get("/classes").status_code == 302
    assert client.get(f"/classes/{class_id}").status_code == 302
    assert client.get(f"/pupils/{pupil_id}").status_code == 302
    assert client.get(f"/pupils/{pupil_id}/export.json").status_code == 302


def test_pupil_logout_ends_the_session(client, pupil_auth, setup, db):
    class_id, pupil_id, row = setup
    pupil_auth.login(class_id, pupil_id)
    client.post("/logout")
    assert client.get("/me").status_code == 302
    assert db.execute("SELECT count(*) FROM auth_sessions").fetchone()[0] == 0


def test_leaving_the_class_forgets_it(client, pupil_auth, setup):
    class_id, pupil_id, row = setup
    pupil_auth.enter_code(row["join_code"])
    client.post("/join/leave")
    assert client.get("/join/names").headers["Location"] == "/join"


def test_guessing_class_codes_is_limited_per_device(app, client, pupil_auth, setup):
    class_id, pupil_id, row = setup
    app.config["JOIN_CODE_DEVICE_FAILURES"] = 3
    assert pupil_auth.enter_code("AAAAAA").status_code == 400
    assert pupil_auth.enter_code("AAAAAC").status_code == 400
    assert pupil_auth.enter_code("AAAAAD").status_code == 400
    locked = pupil_auth.enter_code("AAAAAE")
    assert locked.status_code == 429
    assert "Too many wrong codes. Wait 15 minutes or ask your teacher." in locked.get_data(as_text=True)
    assert pupil_auth.enter_code(row["join_code"]).status_code == 429  # even the right one, for now
    elsewhere = app.test_client()  # another tablet behind the same address
    assert PupilActions(elsewhere, pupil_auth.make).enter_code(row["join_code"]).status_code == 303
    # A printed card's QR token still works on the locked tablet: 192 bits are not guessed.
    assert client.post("/join/qr", data={"token": row["qr_token"]}).status_code == 303


def test_a_right_code_does_not_clear_the_count_of_wrong_ones(app, client, pupil_auth, setup, db):
    class_id, pupil_id, row = setup
    app.config["JOIN_CODE_DEVICE_FAILURES"] = 3
    pupil_auth.enter_code("AAAAAA")
    pupil_auth.enter_code("AAAAAC")
    assert pupil_auth.enter_code(row["join_code"]).status_code == 303
    assert pupil_auth.enter_code("AAAAAD").status_code == 400
    assert pupil_auth.enter_code("AAAAAE").status_code == 429


def test_who_are_you_lists_names_in_the_readers_alphabet(client, make):
    # Issue 47.6: by ICU's rules for the page's language, not by code point.
    import re

    class_id = make.klass(make.teacher())
    for name in ("Zoë", "Åsa", "Anna", "Ελένη", "Łukasz"):
        make.pupil(class_id, name)
    code = make.class_row(class_id)["join_code"]

    def names_in(language):
        page = client.get("/join/names", headers={"Accept-Language": language}).get_data(as_text=True)
        return [n for n in re.findall(r"Zoë|Åsa|Anna|Ελένη|Łukasz", page)]

    assert client.post("/join", data={"code": code}).status_code == 303
    assert names_in("da") == ["Anna", "Łukasz", "Zoë", "Åsa", "Ελένη"]
    assert names_in("de") == ["Anna", "Åsa", "Łukasz", "Zoë", "Ελένη"]
