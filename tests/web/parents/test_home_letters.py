"""The home letters (issue 37.2) and the teacher's hold on the parent links (issue 37.3): one
letter per pupil in any of the six languages, a blank-name test print, renewing and switching
off per pupil and per class."""

import re

import pytest

from parent_helpers import parent_link, print_letters
from trainer.store import parent_links

LANGS = ("en", "nl", "da", "de", "fi", "cs")


@pytest.fixture
def klass(app, client, auth, make):
    teacher = auth.login_new_teacher("letters@school.example")
    class_id = make.klass(teacher, "Group 6")
    ids = [make.pupil(class_id, name) for name in ("Sam", "Ada", "Noor")]
    return {"class_id": class_id, "pupils": ids}


def _letters(html: str) -> list[str]:
    return re.findall(r'<article class="home-letter".*?</article>', html, re.S)


def test_one_letter_per_pupil_each_with_its_own_name_and_parent_qr_and_no_class_wide_way_in(app, client, db, klass):
    html = print_letters(client, klass["class_id"], lang="en").get_data(as_text=True)
    letters = _letters(html)
    assert len(letters) == 3
    for letter, name in zip(letters, ("Ada", "Noor", "Sam")):  # the class list's order
        assert f"Dear parents of {name}," in letter
        assert sum(other in letter for other in ("Ada", "Noor", "Sam")) == 1  # no other child's name
        assert letter.count('class="qr"') == 1  # the parent page only: home practice is off
        # Issue 47.1: no class code, class QR or pictures: they open "Who are you?" with every classmate.
        assert make_class_code(db, klass["class_id"]) not in letter and "/join" not in letter
        assert 'class="picture small"' not in letter
        assert "does not practise at home at the moment" in letter and "Kind regards,<br>Teacher" in letter
    assert db.execute("SELECT count(*) FROM parent_links WHERE nonce IS NOT NULL").fetchone()[0] == 3
    # Printing again hands out the same links: letters printed earlier keep working.
    before = {p: parent_link(app, db, p) for p in klass["pupils"]}
    print_letters(client, klass["class_id"])
    assert {p: parent_link(app, db, p) for p in klass["pupils"]} == before


def make_class_code(db, class_id):
    return db.execute("SELECT join_code FROM classes WHERE id = ?", [class_id]).fetchone()[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_letters_come_in_six_languages_and_the_page_stays_the_teachers(client, klass, lang):
    html = print_letters(client, klass["class_id"], lang=lang).get_data(as_text=True)
    assert f'<section class="home-letters" lang="{lang}"' in html
    assert "Home letters for Group 6" in html  # the teacher's page: English
    letter = _letters(html)[0]
    english = "Dear parents of" in letter
    assert english == (lang == "en")


def test_the_test_print_has_a_blank_name_and_no_child(client, db, klass):
    html = print_letters(client, klass["class_id"], test="1", lang="en").get_data(as_text=True)
    letters = _letters(html)
    assert len(letters) == 1
    assert 'class="letter-blank"' in letters[0]
    assert not any(name in letters[0] for name in ("Sam", "Ada", "Noor"))
    assert 'class="qr"' not in letters[0]  # no QR at all: blank slots
    assert letters[0].count("letter-qr-blank") == 2  # the home QR's and the parent page's
    assert db.execute("SELECT count(*) FROM parent_links").fetchone()[0] == 0  # hands out no link


def test_one_pupils_letter_alone_and_another_class_pupil_is_404(client, make, klass):
    html = print_letters(client, klass["class_id"], pupil=str(klass["pupils"][0]), lang="en").get_data(as_text=True)
    assert [re.search(r"Dear parents of (\w+)", letter).group(1) for letter in _letters(html)] == ["Sam"]
    stranger = make.pupil(make.klass(make.teacher(email="x@school.example")), "Stranger")
    assert client.get(f"/classes/{klass['class_id']}/letters?pupil={stranger}").status_code == 404


def test_renewing_a_pupils_link_kills_the_old_one(app, client, db, klass):
    sam, ada = klass["pupils"][:2]
    print_letters(client, klass["class_id"])
    old, ada_link = parent_link(app, db, sam), parent_link(app, db, ada)
    response = client.post(f"/pupils/{sam}/parent-link/renew")
    assert response.status_code == 303 and f"pupil={sam}" in response.headers["Location"]
    new = parent_link(app, db, sam)
    assert new != old
    assert client.get(f"/family/{old}").status_code == 404
    assert client.get(f"/family/{new}").status_code == 200
    assert client.get(f"/family/{ada_link}").status_code == 200  # the others keep theirs


def test_switching_off_a_pupils_page(app, client, db, klass):
    sam = klass["pupils"][0]
    print_letters(client, klass["class_id"])
    link = parent_link(app, db, sam)
    assert client.post(f"/pupils/{sam}/parent-link/off").status_code == 303
    assert client.get(f"/family/{link}").status_code == 404
    assert parent_links.state(db, sam) == "off"
    # Printing again does not switch it back on: the letter says the page is off.
    html = print_letters(client, klass["class_id"], pupil=str(sam), lang="en").get_data(as_text=True)
    assert "The teacher has switched this page off." in html
    assert client.get(f"/family/{link}").status_code == 404
    client.post(f"/pupils/{sam}/parent-link/renew")  # on again, with a new link
    assert client.get(f"/family/{parent_link(app, db, sam)}").status_code == 200


def test_the_whole_class_renewed_or_switched_off(app, client, db, klass):
    print_letters(client, klass["class_id"])
    old = [parent_link(app, db, p) for p in klass["pupils"]]
    assert client.post(f"/classes/{klass['class_id']}/parent-links/renew").status_code == 303
    new = [parent_link(app, db, p) for p in klass["pupils"]]
    assert all(client.get(f"/family/{link}").status_code == 404 for link in old)
    assert all(client.get(f"/family/{link}").status_code == 200 for link in new)
    assert client.post(f"/classes/{klass['class_id']}/parent-links/off").status_code == 303
    assert all(client.get(f"/family/{link}").status_code == 404 for link in new)
    assert {parent_links.state(db, p) for p in klass["pupils"]} == {"off"}


def test_another_teacher_cannot_renew_or_switch_off(app, client, auth, make, db, klass):
    print_letters(client, klass["class_id"])
    before = db.execute("SELECT * FROM parent_links ORDER BY pupil_id").fetchall()
    auth.logout()
    auth.login_new_teacher("other@school.example")
    sam = klass["pupils"][0]
    for url in (
        f"/pupils/{sam}/parent-link/renew",
        f"/pupils/{sam}/parent-link/off",
        f"/classes/{klass['class_id']}/parent-links/renew",
        f"/classes/{klass['class_id']}/parent-links/off",
    ):
        assert client.post(url).status_code == 404
    assert client.get(f"/classes/{klass['class_id']}/letters").status_code == 404
    assert db.execute("SELECT * FROM parent_links ORDER BY pupil_id").fetchall() == before


def test_with_practice_at_home_on_each_letter_carries_its_childs_own_home_qr(client, db, klass):
    # Issue 37.2: the letter shows how the child logs in at home — the class's QR and pictures,
    # and, once the teacher has switched practice at home on, the child's personal home QR.
    from trainer.pupils.home_hours import HomeHours
    from trainer.store import home_practice

    def home_tokens(html):
        return re.findall(r"Home QR code of (\w+)", html)

    assert home_tokens(print_letters(client, klass["class_id"], lang="en").get_data(as_text=True)) == []
    home_practice.save_hours(db, klass["class_id"], HomeHours(enabled=True))
    letters = _letters(print_letters(client, klass["class_id"], lang="en").get_data(as_text=True))
    assert [home_tokens(letter) for letter in letters] == [["Ada"], ["Noor"], ["Sam"]]
    assert all(letter.count('class="qr"') == 2 for letter in letters)  # the child's home QR, the parent page


def test_the_letter_labels_each_code_and_says_the_hours_whom_to_ask_and_the_warning(client, db, klass):
    # Issue 47.2.
    from datetime import time

    from trainer.pupils.home_hours import HomeHours
    from trainer.store import home_practice

    home_practice.save_hours(
        db,
        klass["class_id"],
        HomeHours(enabled=True, opens=time(15), closes=time(19, 30), days=frozenset({1, 2, 3, 4, 5})),
    )
    letter = _letters(print_letters(client, klass["class_id"], lang="en").get_data(as_text=True))[0]
    assert "For your child's tablet" in letter and "For you: see how your child is doing" in letter
    assert "open on Monday, Tuesday, Wednesday, Thursday, and Friday from 15:00 to 19:30" in letter
    assert "do not scan this code with your own phone" in letter
    assert "If the code does not work" in letter and "please tell Teacher" in letter
    # The child's code comes before the parent's, each under its own label.
    assert letter.index("For your child") < letter.index("Home QR code of") < letter.index("For you: see")
    de = _letters(print_letters(client, klass["class_id"], lang="de").get_data(as_text=True))[0]
    assert "Montag" in de and "15:00" in de
