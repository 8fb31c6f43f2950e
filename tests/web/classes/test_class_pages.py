"""The class's pages as tabs (issue 24): pupils, add pupils, login cards, drill, at home
(issue 37.1), settings, dashboard; the class sheet; each page short enough for a class of 30."""

import re

import pytest

from web_helpers import Make

TABS = ["Pupils", "Add pupils", "Login cards", "Daily drill", "At home", "Class settings", "Dashboard"]


@pytest.mark.parametrize(
    "path, current",
    [
        ("", "Pupils"),
        ("/paste", "Add pupils"),
        ("/upload", "Add pupils"),
        ("/cards", "Login cards"),
        ("/drill", "Daily drill"),
        ("/home-practice", "At home"),
        ("/settings", "Class settings"),
        ("/dashboard", "Dashboard"),
        ("/dashboard/hard", "Dashboard"),
    ],
)
def test_every_class_page_has_the_tabs_and_marks_its_own(client, class_id, path, current):
    page = client.get(f"/classes/{class_id}{path}").get_data(as_text=True)
    nav = re.search(r'<nav class="class-nav no-print".*?</nav>', page, re.S).group(0)
    assert re.findall(r">([^<>]+)</a></li>", nav) == TABS
    assert re.findall(r'aria-current="page">([^<]+)<', nav) == [current]


def test_the_pupils_page_lists_pupils_with_their_status_and_actions(client, class_id, make, db):
    noor = make.pupil(class_id, "Noor")
    sem = make.pupil(class_id, "Sem")
    db.execute("UPDATE pupils SET archived_at = '2026-01-01' WHERE id = ?", [sem])
    page = client.get(f"/classes/{class_id}").get_data(as_text=True)
    assert "1 pupil" in page and "active" in page and "archived" in page
    assert f'href="/pupils/{noor}/progress"' in page and f'href="/pupils/{noor}"' in page
    # Set once a year, so on their own page: retention, archive, delete.
    for text in ("Keep data for", "Archive this class", "Delete class and all data"):
        assert text not in page
        assert text in client.get(f"/classes/{class_id}/settings").get_data(as_text=True)


def test_the_class_sheet_has_every_name_and_picture_password(client, class_id, make):
    make.pupil(class_id, "Noor", password="sun,tree,boat")
    make.pupil(class_id, "Sem", password="star,fish,moon")
    page = client.get(f"/classes/{class_id}/class-sheet").get_data(as_text=True)
    rows = re.findall(r'<tr><th scope="row">(\w+)</th>(.*?)</tr>', page, re.S)
    assert [name for name, _ in rows] == ["Noor", "Sem"]
    labels = [re.findall(r'picture-label">([^<]+)<', cells) for _, cells in rows]
    assert labels == [["Sun", "Tree", "Boat"], ["Star", "Fish", "Moon"]]


def test_another_teachers_class_sheet_is_not_shown(client, class_id, db):
    other = Make(db)
    stranger = other.klass(other.teacher(), "Not mine")
    assert client.get(f"/classes/{stranger}/class-sheet").status_code == 404


ADD_PUPILS = {
    "en": "Add pupils",
    "nl": "Leerlingen toevoegen",
    "da": "Tilføj elever",
    "de": "Kinder hinzufügen",
    "fi": "Lisää oppilaita",
    "cs": "Přidat žáky",
}


@pytest.mark.parametrize("lang", sorted(ADD_PUPILS))
def test_the_class_pages_and_the_paste_preview_render_in_every_language(client, class_id, make, lang):
    make.pupil(class_id, "Emma")
    client.post("/language", data={"lang": lang, "next": "/"})
    for path in ("", "/paste", "/cards", "/class-sheet", "/drill", "/settings", "/dashboard"):
        response = client.get(f"/classes/{class_id}{path}")
        html = response.get_data(as_text=True)
        assert response.status_code == 200 and f'<html lang="{lang}">' in html and "%(" not in html, (lang, path)
        assert ADD_PUPILS[lang] in html
    response = client.post(f"/classes/{class_id}/paste", data={"step": "preview", "names": "Emma\nNoor\n"})
    html = response.get_data(as_text=True)
    assert "%(" not in html and 'aria-invalid="true"' in html  # Emma is in the class already
