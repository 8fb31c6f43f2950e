"""Issue 20 end to end, by clicking from "My classes": a teacher builds a puzzle set by tapping
cards (mouse and keyboard), the solver's answer appears as the cards go down, the set becomes
today's drill, a pupil answers it, and the teacher prints a worksheet and its answer key: each
puzzle whole on one A4 page, and the key's running sums those of the solver's right captures."""

import io
import re

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from browser.drill_steps import answer, current_puzzle, english_sum
from drill_helpers import CURATED
from puzzle_helpers import expected_answer
from trainer.store import puzzles
from web_helpers import TEACHER_PASSWORD, Make

pytestmark = pytest.mark.browser

PICTURES = {"sun": "Sun", "tree": "Tree", "boat": "Boat"}
PX_PER_MM = 96 / 25.4
A4_CONTENT_MM = 297 - 2 * 12  # the @page margins of static/css/worksheets.css


@pytest.fixture
def school(live_server):
    db = live_server.db()
    puzzles.store(db, CURATED, "curated")
    make = Make(db)
    teacher = make.teacher(email="sheets@school.example")
    class_id = make.klass(teacher, "Paper class")
    make.pupil(class_id, "Ada", password="sun,tree,boat")
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"class_id": class_id, "join_code": code}


def teacher_logs_in(page, live_server):
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Teachers: log in").click()
    page.get_by_label("E-mail address").fill("sheets@school.example")
    page.get_by_label("Password").fill(TEACHER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My classes")).to_be_visible()


def open_class(page):
    # The list looks the same before and after "My classes" (the teacher may already be on it):
    # its answer is in before the class is tapped, as a person sees the page come back first.
    with page.expect_response(lambda response: response.url.endswith("/classes")):
        page.get_by_role("link", name="My classes", exact=True).click()
    page.get_by_role("link", name="Paper class").click()
    expect(page.get_by_role("heading", name="Paper class")).to_be_visible()


def tap(page, card):
    page.locator(f"#pal-{card}").click()


def expected_sums(puzzle) -> list[str]:
    """The solver's right captures (tests/puzzle_helpers.py, from solve() alone), each called from
    the hand card, then the table cards in table order (R5.4)."""
    table = puzzle.position.table
    calls = []
    for _target, play, captured in expected_answer(puzzle.kind, puzzle.position, puzzle.focus):
        calls.append(english_sum([play, *sorted(captured, key=table.index)]))
    return sorted(calls)


def key_sums(page, number) -> list[str]:
    return sorted(page.locator(f'[data-key-number="{number}"] [data-key-sum]').all_inner_texts())


def check_printed_sheet(page, live_server):
    """Print media: every puzzle avoids page breaks and is no taller than its estimate; the PDF
    Chromium prints has one page per sheet page, each holding exactly its own puzzles; the key
    agrees with the solver."""
    page.emulate_media(media="print")
    sheets = page.locator("[data-sheet-page]")
    numbers_by_page = []
    for i in range(sheets.count()):
        boxes = sheets.nth(i).locator(".sheet-puzzle")
        numbers = []
        for j in range(boxes.count()):
            box = boxes.nth(j)
            assert box.evaluate("e => getComputedStyle(e).breakInside") == "avoid"
            height_mm = box.bounding_box()["height"] / PX_PER_MM
            assert height_mm <= float(box.get_attribute("data-height-mm")) + 0.1
            numbers.append(int(box.get_attribute("data-puzzle-number")))
        sheet_mm = sheets.nth(i).bounding_box()["height"] / PX_PER_MM
        assert sheet_mm <= A4_CONTENT_MM
        numbers_by_page.append(numbers)
    for entry in page.locator(".key-entry").all():
        assert entry.evaluate("e => getComputedStyle(e).breakInside") == "avoid"

    pdf = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True, prefer_css_page_size=True)))
    texts = [p.extract_text() for p in pdf.pages]
    assert len(texts) > len(numbers_by_page)  # the key follows the puzzles
    for text, numbers in zip(texts, numbers_by_page):
        printed = [int(n) for n in re.findall(r"Puzzle (\d+)", text)]
        assert printed == numbers  # all of them, whole, and no other
        assert "Name:" in text and "Sheet code" in text
    assert "Answers" in texts[len(numbers_by_page)]
    page.emulate_media(media="screen")

    db = live_server.db()
    for box in page.locator(".sheet-puzzle").all():
        puzzle = puzzles.get(db, box.get_attribute("data-puzzle-id"))
        number = box.get_attribute("data-puzzle-number")
        if puzzle.answer:
            assert key_sums(page, number) == expected_sums(puzzle)
        else:
            expect(page.locator(f'[data-key-number="{number}"]')).to_contain_text("There is none.")
    db.close()
    return [int(n) for group in numbers_by_page for n in group]


def test_teacher_builds_a_set_assigns_it_a_pupil_answers_and_the_teacher_prints(
    page, live_server, watch, school, browser
):
    teacher_logs_in(page, live_server)
    open_class(page)
    page.get_by_role("link", name="My puzzle sets").first.click()
    page.get_by_label("Name of the set").fill("Card sets")
    page.get_by_role("button", name="Make the set").click()
    expect(page.get_by_role("heading", name="Puzzle set: Card sets")).to_be_visible()

    # Puzzle 1 by mouse: the RULES.md example, every combination of the hand.
    for card in ("R1a", "O3a", "Y3a"):
        tap(page, card)
    page.get_by_label("into the hand").check()
    expect(page.locator("#draft-answer")).to_contain_text("The hand must hold 1 to 3 cards.")
    for card in ("B4", "P6", "G2a"):
        tap(page, card)
    expect(page.locator('[data-place="table"] [data-tap]')).to_have_count(3)
    expect(page.locator('[data-place="hand"] [data-tap]')).to_have_count(3)
    expect(page.locator("#pal-G2a")).to_have_attribute("aria-pressed", "true")
    page.get_by_label("Target").select_option("9")
    answer_box = page.locator("#draft-answer")
    expect(answer_box.locator("[data-key-sum]")).to_have_count(3)
    expect(answer_box).to_contain_text("2 plus 1 is 3, plus 3 is 6, plus 3 is 9")  # R5.4
    expect(answer_box).to_contain_text("TWEAK: the whole table!")  # R5.3
    # A card tapped twice goes back; the answer follows.
    tap(page, "B4")
    expect(page.locator('[data-place="hand"] [data-tap]')).to_have_count(2)
    tap(page, "B4")
    expect(answer_box.locator("[data-key-sum]")).to_have_count(3)
    page.get_by_role("button", name="Add to the set").click()
    expect(page.get_by_text("The puzzle is in the set.")).to_be_visible()

    # Puzzle 2 by keyboard only: a TWEAK puzzle whose answer is "there is none".
    page.locator("#place-table").focus()
    page.keyboard.press("Space")
    for card in ("R1a", "O3a", "Y3a"):
        page.locator(f"#pal-{card}").focus()
        page.keyboard.press("Enter")
    page.locator("#place-hand").focus()
    page.keyboard.press("Space")
    page.locator("#pal-P6").focus()
    page.keyboard.press("Space")
    page.locator("#ed-kind").select_option("tweak")
    expect(answer_box).to_contain_text("There is none.")
    # A bad position is told in the words of an upload: nothing captures at target 2.
    page.locator("#ed-kind").select_option("quick")
    page.locator("#ed-target").select_option("2")
    expect(answer_box).to_contain_text("Nothing can be captured at target 2, so there is nothing to find.")
    page.locator("#ed-target").select_option("9")
    page.locator("#ed-kind").select_option("tweak")
    expect(answer_box).to_contain_text("There is none.")
    page.get_by_role("button", name="Add to the set").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("The puzzle is in the set.")).to_be_visible()
    expect(page.locator(".set-member")).to_have_count(2)
    set_ids = page.eval_on_selector_all(".set-member", "els => els.map(e => e.dataset.member)")

    # The set becomes today's drill.
    open_class(page)
    page.get_by_role("link", name="Set the daily drill").click()
    page.get_by_label("Puzzle set").select_option(label="Card sets (2 puzzles)")
    page.get_by_role("button", name="Use as today's drill").click()
    expect(page.get_by_text("Today every pupil does your set Card sets")).to_be_visible()

    # A pupil answers it, the set's puzzles in the set's order.
    pupil = browser.new_page()
    pupil.goto(live_server.url + "/")
    pupil.get_by_role("link", name="Pupils: log in").click()
    pupil.get_by_label("Class code").fill(school["join_code"])
    pupil.get_by_role("button", name="Next").click()
    pupil.get_by_role("link", name="Ada").click()
    for key in ("sun", "tree", "boat"):
        pupil.get_by_role("button", name=PICTURES[key]).click()
    expect(pupil.locator("label[for=drill-progress]")).to_have_text("0 of 2 puzzles done")
    pupil.get_by_role("button", name="Start today's drill").click()
    for number, puzzle_id in enumerate(set_ids, 1):
        _, shown = current_puzzle(pupil, live_server)
        assert shown.id == puzzle_id
        answer(pupil, shown, "mouse")
        expect(pupil.locator("[data-feedback] h1")).to_have_text(re.compile(r"^(Well done!|Great!|Super!)$"))
        if number < len(set_ids):
            pupil.get_by_role("button", name="Next puzzle").click()
    expect(pupil.get_by_text("Today's drill is done. Well done!")).to_be_visible()
    db = live_server.db()
    stored = db.execute(
        "SELECT a.puzzle_id, a.correct FROM attempts a JOIN pupils p ON p.id = a.pupil_id"
        " WHERE p.name = 'Ada' ORDER BY a.issued_at"
    ).fetchall()
    db.close()
    assert stored == [(pid, 1) for pid in set_ids]
    pupil.close()

    # The teacher prints the set as a worksheet ...
    page.get_by_role("link", name="My puzzle sets").first.click()
    page.get_by_role("link", name="Card sets").click()
    page.get_by_role("button", name="Print as a worksheet").click()
    expect(page.get_by_role("heading", name=re.compile(r"^Worksheet [0-9A-Z]{4}-[0-9A-Z]{4}$"))).to_be_visible()
    assert page.eval_on_selector_all(".sheet-puzzle", "els => els.map(e => e.dataset.puzzleId)") == set_ids
    check_printed_sheet(page, live_server)

    # ... and a worksheet of 12 bank puzzles from the class page, which its code brings back.
    open_class(page)
    page.get_by_role("link", name="Make a worksheet").click()
    for kind in ("Quick!", "Joker"):
        page.get_by_label(re.compile("^" + re.escape(kind))).uncheck()
    page.get_by_label("easy").check()
    page.get_by_label("How many puzzles").fill("12")
    page.get_by_label("Seed").fill("2026")
    page.get_by_role("button", name="Make the worksheet").click()
    code = page.locator(".sheet-code strong").first.inner_text()
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}", code)
    first = check_printed_sheet(page, live_server)
    assert len(first) == 12
    sheet_ids = page.eval_on_selector_all(".sheet-puzzle", "els => els.map(e => e.dataset.puzzleId)")
    assert {i.split("-")[0] for i in sheet_ids} <= {"all", "tweak", "best"}

    open_class(page)
    page.get_by_role("link", name="Make a worksheet").click()
    page.get_by_label("Sheet code").fill(code.lower().replace("-", " "))
    page.get_by_role("button", name="Open").click()
    expect(page.get_by_role("heading", name=f"Worksheet {code}")).to_be_visible()
    assert page.eval_on_selector_all(".sheet-puzzle", "els => els.map(e => e.dataset.puzzleId)") == sheet_ids
    watch.assert_clean()
