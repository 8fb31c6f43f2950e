"""Adding pupils one by one: a first name or nickname only."""

import pytest

HX = {"HX-Request": "true"}


def test_add_pupil_returns_the_roster_fragment(client, class_id, db):
    response = client.post(f"/classes/{class_id}/pupils", data={"name": " Noor  "}, headers=HX)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.strip().startswith('<section class="panel" id="roster">')
    assert "Noor added." in html
    row = db.execute("SELECT name, picture_password FROM pupils").fetchone()
    assert row[0] == "Noor"
    assert len(row[1].split(",")) == 3


@pytest.mark.parametrize("name", ["Zoë", "Jiří", "Väinö", "Søren", "Anne-Marie", "D'Arcy", "Tom B", "Tom2"])
def test_names_from_every_language_are_welcome(client, class_id, db, name):
    assert client.post(f"/classes/{class_id}/pupils", data={"name": name}).status_code == 303
    assert db.execute("SELECT name FROM pupils").fetchone()[0] == name


@pytest.mark.parametrize(
    "name, message",
    [
        ("", "Please enter a name."),
        ("x" * 31, "A name can have at most 30 characters."),
        ("anna@example.org", "Use only letters, digits, spaces, hyphens and apostrophes."),
        ("<script>", "Use only letters, digits, spaces, hyphens and apostrophes."),
        ("123", "A name needs at least one letter."),
        ("Anna Maria de Vries", "A first name or nickname only, please (at most two words)."),
    ],
)
def test_bad_names_are_refused_with_a_message(client, class_id, db, name, message):
    response = client.post(f"/classes/{class_id}/pupils", data={"name": name}, headers=HX)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM pupils").fetchone()[0] == 0


def test_duplicate_names_are_refused_ignoring_case_and_spaces(client, class_id, db):
    client.post(f"/classes/{class_id}/pupils", data={"name": "Noor"})
    response = client.post(f"/classes/{class_id}/pupils", data={"name": " NOOR "})
    assert response.status_code == 400
    assert "There is already a pupil with this name in the class." in response.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM pupils").fetchone()[0] == 1


def test_the_same_name_may_be_in_another_class(client, auth, make, class_id, db):
    other = make.klass(db.execute("SELECT teacher_id FROM classes").fetchone()[0], "Other")
    client.post(f"/classes/{class_id}/pupils", data={"name": "Noor"})
    assert client.post(f"/classes/{other}/pupils", data={"name": "Noor"}).status_code == 303


def test_hostile_names_are_shown_escaped(client, class_id, make):
    make.pupil(class_id, name="Tom", password="sun,tree,boat")
    from trainer.store.db import connect

    db = connect(client.application.config["DATABASE"])
    db.execute("UPDATE pupils SET name = ? WHERE name = 'Tom'", ['"><script>alert(1)</script>'])
    db.close()
    html = client.get(f"/classes/{class_id}").get_data(as_text=True)
    assert "<script>alert(1)" not in html
    assert "&lt;script&gt;" in html


def test_without_javascript_adding_redirects_back_with_a_message(client, class_id):
    response = client.post(f"/classes/{class_id}/pupils", data={"name": "Noor"})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/classes/{class_id}"
    assert "Noor added." in client.get(response.headers["Location"]).get_data(as_text=True)
