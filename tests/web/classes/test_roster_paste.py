"""Pasting a class list (issue 24): names one per line or copied spreadsheet columns, a preview
where every name can still be changed, suggestions for duplicates, the CSV upload's checks."""

import html
import re

import pytest


def names(db):
    return [r[0] for r in db.execute("SELECT name FROM pupils ORDER BY id")]


def preview(client, class_id, text):
    response = client.post(f"/classes/{class_id}/paste", data={"step": "preview", "names": text})
    return response, html.unescape(response.get_data(as_text=True))


def typed(page):
    return re.findall(r'<input id="paste-name-\d+" name="name" value="([^"]*)"', page)


def add(client, class_id, entries):
    return client.post(
        f"/classes/{class_id}/paste",
        data={"step": "add", "name": [n for _, n in entries], "line": [str(l) for l, _ in entries]},
    )


def test_the_preview_adds_nothing_and_shows_every_name(client, class_id, db):
    response, page = preview(client, class_id, "Noor\nSem\n\nJiří\n")
    assert response.status_code == 200 and typed(page) == ["Noor", "Sem", "Jiří"]
    assert "Add 3 pupils" in page and names(db) == []


def test_spreadsheet_columns_the_first_is_the_name(client, class_id):
    _, page = preview(client, class_id, "Voornaam\tAchternaam\nNoor\tBakker\nSem\tVisser\n")
    assert typed(page) == ["Noor", "Sem"]  # a header word is skipped, surnames not kept
    _, page = preview(client, class_id, "Noor, Bakker\nSem, Visser")
    assert typed(page) == ["Noor", "Sem"]


def test_two_emmas_get_the_first_letter_of_their_surnames(client, class_id):
    _, page = preview(client, class_id, "Emma\tJansen\nNoor\tBakker\nEmma\tKok\n")
    assert typed(page) == ["Emma J.", "Noor", "Emma K."]
    assert "Pasted as Emma" in page and "Kok" not in page and "Jansen" not in page


def test_two_emmas_without_surnames_must_be_told_apart_before_anything_is_added(client, class_id, db):
    _, page = preview(client, class_id, "Emma\nNoor\nemma\n")
    assert "The same name is already on line 1. Add a letter to tell them apart, for example emma A." in page
    assert "Nothing is added yet: 1 name needs a change." in page
    response = add(client, class_id, [(1, "Emma"), (2, "Noor"), (3, "emma")])
    assert response.status_code == 400 and names(db) == []
    response = add(client, class_id, [(1, "Emma B."), (2, "Noor"), (3, "Emma V.")])
    assert response.status_code == 303 and names(db) == ["Emma B.", "Noor", "Emma V."]
    assert "3 pupils added." in client.get(response.headers["Location"]).get_data(as_text=True)


def test_a_name_already_in_the_class_gets_a_suggestion(client, class_id, make):
    make.pupil(class_id, "Emma")
    _, page = preview(client, class_id, "Emma\tKok\n")
    assert typed(page) == ["Emma K."]
    _, page = preview(client, class_id, "Emma\n")
    assert "There is already a pupil with this name in the class. Add a letter" in page


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "The list has no names in it."),
        ("\n\n \n", "The list has no names in it."),
        ("\n".join(f"Kid {i}" for i in range(41)), "A class list can have at most 40 names."),
    ],
)
def test_a_list_without_usable_names_is_refused(client, class_id, text, message):
    response, page = preview(client, class_id, text)
    assert response.status_code == 400 and message in page


@pytest.mark.parametrize(
    "name, message",
    [
        ("anna@example.org", "Use only letters, digits, spaces, hyphens and apostrophes."),
        ("Anna Maria de Vries", "A first name or nickname only, please (at most two words)."),
        ("x" * 31, "A name can have at most 30 characters."),
    ],
)
def test_the_upload_checks_apply_to_each_pasted_name(client, class_id, db, name, message):
    _, page = preview(client, class_id, f"Noor\n{name}\n")
    assert message in page
    assert add(client, class_id, [(1, "Noor"), (2, name)]).status_code == 400
    assert names(db) == []


def test_another_teachers_class_has_no_paste_page(client, class_id, make):
    other = make.klass(make.teacher(), "Not mine")
    assert client.get(f"/classes/{other}/paste").status_code in (403, 404)
