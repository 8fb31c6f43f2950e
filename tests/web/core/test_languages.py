"""Language choice: browser preference, the picker, and remembering it per person."""

import pytest

from trainer.web.core.i18n import LANGUAGES

LOGIN_HEADING = {
    "en": "Log in to your class",
    "nl": "Log in bij je klas",
    "da": "Log ind i din klasse",
    "de": "Melde dich bei deiner Klasse an",
    "fi": "Kirjaudu luokkaasi",
    "cs": "Přihlas se do své třídy",
}


def test_six_languages():
    assert set(LANGUAGES) == {"en", "nl", "da", "de", "fi", "cs"}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_browser_preference_picks_the_language(client, lang):
    html = client.get("/join", headers={"Accept-Language": f"{lang};q=0.9"}).get_data(as_text=True)
    assert f"<h1>{LOGIN_HEADING[lang]}</h1>" in html
    assert f'<html lang="{lang}">' in html


def test_unsupported_browser_language_falls_back_to_english(client):
    html = client.get("/join", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "<h1>Log in to your class</h1>" in html


def test_picker_sets_the_language_for_this_device(client):
    response = client.post("/language", data={"lang": "da", "next": "/join"})
    assert response.status_code == 303 and response.headers["Location"] == "/join"
    assert "<h1>Log ind i din klasse</h1>" in client.get("/join").get_data(as_text=True)


def test_picker_refuses_unknown_languages_and_foreign_next(client):
    assert client.post("/language", data={"lang": "xx"}).status_code == 400
    response = client.post("/language", data={"lang": "de", "next": "https://evil.example/"})
    assert response.headers["Location"] == "/"


def test_teachers_choice_is_stored_and_follows_them_to_another_device(app, client, auth, db):
    auth.login_new_teacher("a@school.example")
    client.post("/language", data={"lang": "fi"})
    assert db.execute("SELECT language FROM teachers").fetchone()[0] == "fi"
    from web_helpers import AuthActions, Make

    other = app.test_client()
    AuthActions(other, Make(db)).login("a@school.example")
    assert "Omat luokat" in other.get("/classes").get_data(as_text=True)


def test_pupils_choice_is_stored(client, make, pupil_auth, db):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id, "Noor")
    pupil_auth.login(class_id, pupil_id)
    client.post("/language", data={"lang": "cs"})
    assert db.execute("SELECT language FROM pupils WHERE id = ?", [pupil_id]).fetchone()[0] == "cs"
    assert "Ahoj, Noor!" in client.get("/me").get_data(as_text=True)


def test_choice_made_before_login_is_kept_at_login(client, make, pupil_auth):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id, "Noor")
    client.post("/language", data={"lang": "de"})
    pupil_auth.login(class_id, pupil_id)
    assert "Hallo Noor!" in client.get("/me").get_data(as_text=True)


def test_plurals_follow_each_language(client, auth, make):
    class_id = make.klass(auth.login_new_teacher())
    for name in ("Ada", "Bo"):
        make.pupil(class_id, name)
    client.post("/language", data={"lang": "cs"})
    assert "2 žáci" in client.get("/classes").get_data(as_text=True)
    for name in ("Cy", "Di", "Ed"):
        make.pupil(class_id, name)
    assert "5 žáků" in client.get("/classes").get_data(as_text=True)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_how_to_play_exists_in_every_language(client, lang):
    client.post("/language", data={"lang": lang})
    response = client.get("/how-to-play")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "TWEAK" in html and html.count("<h2>") >= 4
    assert f'<html lang="{lang}">' in html


def test_how_to_play_pages_are_written_per_language_not_copied():
    from pathlib import Path

    howto = Path(__file__).resolve().parents[3] / "templates" / "howto"
    texts = {p.stem.lstrip("_"): p.read_text(encoding="utf-8") for p in howto.glob("_*.html")}
    assert set(texts) == set(LANGUAGES)
    assert len(set(texts.values())) == len(texts)
