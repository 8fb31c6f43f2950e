"""Stored worksheets (issue 20): one row per teacher and code, the same sheet keeps its code, and
a code already taken by other puzzles moves on to the next one."""

from trainer.puzzles import worksheet
from trainer.store import worksheets


def test_the_same_sheet_keeps_its_code_and_row(db, make):
    teacher = make.teacher()
    first = worksheets.save(db, teacher, ["a", "b"], {"set": "x"})
    assert worksheets.save(db, teacher, ["a", "b"], {"set": "y"}) == first
    stored = worksheets.get(db, teacher, first)
    assert (stored["code"], stored["puzzle_ids"], stored["title"]) == (first, ["a", "b"], {"set": "x"})
    assert db["worksheets"].count == 1
    other = make.teacher()
    assert worksheets.save(db, other, ["a", "b"], {}) == first and worksheets.get(db, other, first)["title"] == {}


def test_a_clash_of_codes_takes_the_next_code_of_the_same_sheet(db, make, monkeypatch):
    teacher = make.teacher()
    real = worksheet.sheet_code
    monkeypatch.setattr(worksheets, "sheet_code", lambda ids, salt=0: "AAAA-AAAA" if salt == 0 else real(ids, salt))
    assert worksheets.save(db, teacher, ["a"], {}) == "AAAA-AAAA"
    second = worksheets.save(db, teacher, ["b"], {})
    assert second == real(["b"], 1)
    assert worksheets.get(db, teacher, second)["puzzle_ids"] == ["b"]
    assert worksheets.save(db, teacher, ["b"], {}) == second  # found again behind the clash


def test_a_class_rating_is_the_median_of_its_pupils():
    assert worksheet.class_rating([]) == 0.0
    assert worksheet.class_rating([0.5, -1.0, 2.0]) == 0.5
    assert worksheet.class_rating([1.0, 2.0]) == 1.5
