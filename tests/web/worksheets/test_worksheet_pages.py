"""The class's worksheet form, the printable sheet and its key, and sheets brought back by code
(issue 20)."""

import html
import re

import pytest

from drill_helpers import CURATED
from puzzle_helpers import expected_answer
from trainer.puzzles.worksheet import sheet_code
from trainer.store import puzzles
from trainer.web.worksheets.sheet import PAGE_HEAD, PAGE_HEIGHT, ROW_GAP, box_height, paginate


def text(response):
    return html.unescape(response.get_data(as_text=True))


@pytest.fixture
def bank(db):
    puzzles.store(db, CURATED, "curated")
    return {p.id: p for p in CURATED}


def make_sheet(client, class_id, **form):
    data = {"kinds": ["all", "tweak", "best", "joker", "quick"], "band": "class", "count": "8", "seed": "7"}
    data.update(form)
    return client.post(f"/classes/{class_id}/worksheet", data=data)


def shown_ids(page: str) -> list[str]:
    return re.findall(r'data-puzzle-id="([^"]+)"', page)


def test_the_class_page_links_to_the_worksheet_form(client, class_id):
    page = text(client.get(f"/classes/{class_id}"))
    assert f'href="/classes/{class_id}/worksheet"' in page and 'href="/sets"' in page
    form = text(client.get(f"/classes/{class_id}/worksheet"))
    assert "How many puzzles" in form and 'name="seed"' in form


def test_the_same_seed_gives_the_same_sheet_and_code(client, class_id, bank):
    first = make_sheet(client, class_id)
    again = make_sheet(client, class_id)
    other = make_sheet(client, class_id, seed="8")
    assert first.status_code == 303 and first.headers["Location"] == again.headers["Location"]
    assert other.headers["Location"] != first.headers["Location"]
    page = text(client.get(first.headers["Location"]))
    ids = shown_ids(page)
    assert len(ids) == 8 and set(ids) <= set(bank)
    code = first.headers["Location"].rsplit("/", 1)[1]
    assert code == sheet_code(ids) and page.count(code) >= 3  # in each page's corner and the key


def test_each_key_entry_is_the_solvers_right_answer(client, class_id, bank):
    page = text(client.get(make_sheet(client, class_id, count="24").headers["Location"]))
    ids = shown_ids(page)
    entries = page.split('class="key-entry" data-key-number="')[1:]
    assert len(entries) == len(ids) == 24
    for number, (puzzle_id, entry) in enumerate(zip(ids, entries), 1):
        puzzle = bank[puzzle_id]
        assert entry.startswith(f'{number}"')
        sums = re.findall(r"data-key-sum>([^<]+)<", entry)
        # R5.4: each right capture called from the hand card; the RULES.md example's sweep
        # reads "2 plus 1 is 3, plus 3 is 6, plus 3 is 9"
        assert len(sums) == len(expected_answer(puzzle.kind, puzzle.position, puzzle.focus))
        assert all(s.endswith(f"is {c.target}") or " is " not in s for s, c in zip(sums, puzzle.answer))
        if not puzzle.answer:
            assert "There is none." in entry


@pytest.mark.parametrize(
    "form, messages",
    [
        (
            {"kinds": [], "count": "3", "seed": "x"},
            [
                "Choose at least one kind of puzzle.",
                "Give a whole number of puzzles from 4 to 24.",
                "Give a whole number from 0 to 999999.",
            ],
        ),
        ({"count": "25"}, ["Give a whole number of puzzles from 4 to 24."]),
        ({"band": "medium"}, ["Choose how hard the puzzles are."]),
    ],
)
def test_a_bad_form_says_what_is_wrong_with_every_field(client, class_id, bank, db, form, messages):
    response = make_sheet(client, class_id, **form)
    assert response.status_code == 400
    for message in messages:
        assert message in text(response)
    assert db["worksheets"].count == 0


def test_a_code_is_found_however_it_is_typed(client, class_id, bank):
    location = make_sheet(client, class_id).headers["Location"]
    code = location.rsplit("/", 1)[1]
    for typed in (code, code.lower(), code.replace("-", " "), code.replace("0", "O")):
        response = client.post("/worksheets", data={"code": typed})
        assert response.status_code == 303 and response.headers["Location"] == location


@pytest.mark.parametrize(
    "typed, message",
    [
        ("K7QM", "A sheet code is 8 letters and digits, like K7QM-3XPA."),
        ("K7QM-3XPA", "None of your worksheets has the code K7QM-3XPA."),
    ],
)
def test_a_wrong_code_is_told(client, teacher, typed, message):
    response = client.post("/worksheets", data={"code": typed})
    assert response.status_code == 400 and message in text(response)


def test_a_sheet_not_of_this_teacher_is_not_found(client, teacher, make):
    theirs = make.set_and_sheet(make.teacher(email="other@school.example"))["code"]
    assert client.get(f"/worksheets/{theirs}").status_code == 404
    assert client.post("/worksheets", data={"code": theirs}).status_code == 400
    assert client.get("/worksheets/not-a-code").status_code == 404


def test_the_sheet_speaks_the_teachers_language(client, class_id, bank):
    location = make_sheet(client, class_id).headers["Location"]
    page = text(client.get(location, headers={"Accept-Language": "de"}))
    assert "Aufgabe 1" in page and "Zauberzahl" in page and "Blattcode" in page and "Name:" in page


def test_pages_hold_rows_that_fit_and_keep_the_order():
    long_first = sorted(CURATED, key=box_height, reverse=True)
    pages = paginate(long_first)
    assert [p for page in pages for p in page] == long_first
    for page in pages:
        rows = [page[i : i + 2] for i in range(0, len(page), 2)]
        used = sum(max(map(box_height, row)) for row in rows) + ROW_GAP * (len(rows) - 1)
        assert used <= PAGE_HEIGHT - PAGE_HEAD
    assert len(pages) > 1


def test_an_all_puzzle_with_more_combinations_gets_more_room():
    by_answers = sorted((p for p in CURATED if p.kind == "all"), key=lambda p: len(p.answer))
    assert box_height(by_answers[-1]) > box_height(by_answers[0])
