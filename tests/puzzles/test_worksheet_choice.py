"""Choosing a worksheet's puzzles (issue 20): the same seed over the same bank gives the same
sheet, the band decides by predicted success for the class, kinds are dealt in turn, and a
growing bank changes a sheet by at most one puzzle at a time."""

import random

import pytest

from trainer.puzzles import KINDS, p_correct
from trainer.puzzles.worksheet import (
    BANDS,
    COUNT_RANGE,
    BankPuzzle,
    WorksheetError,
    choose_puzzles,
    sheet_request,
)


def spread_bank(per_kind: int = 40, kinds=KINDS) -> list[BankPuzzle]:
    """Puzzles of each kind rated evenly from -3 to 3 logits."""
    return [
        BankPuzzle(f"{kind}-{i:012x}", kind, -3 + 6 * i / (per_kind - 1)) for kind in kinds for i in range(per_kind)
    ]


BANK = spread_bank()


def test_the_same_seed_and_bank_give_the_same_sheet_whatever_order_the_bank_is_listed_in():
    request = sheet_request(["all", "tweak"], "class", 10, 42)
    shuffled = BANK[:]
    random.Random(1).shuffle(shuffled)
    first = choose_puzzles(request, BANK, 0.5)
    assert choose_puzzles(request, shuffled, 0.5) == first
    assert choose_puzzles(request, reversed(BANK), 0.5) == first
    assert len(first.ids) == 10 and len(set(first.ids)) == 10


def test_another_seed_gives_another_sheet():
    sheets = {choose_puzzles(sheet_request(["quick"], "hard", 4, seed), BANK, 0.0).ids for seed in range(6)}
    assert len(sheets) == 6


def test_one_new_puzzle_in_the_bank_changes_at_most_one_place_on_the_sheet():
    request = sheet_request(["all", "best"], "class", 8, 7)
    before = set(choose_puzzles(request, BANK, 0.0).ids)
    changed = 0
    for i in range(30):
        grown = BANK + [BankPuzzle(f"all-new{i:09x}", "all", -1.5)]  # P = 82%: in the band
        after = set(choose_puzzles(request, grown, 0.0).ids)
        assert len(after - before) <= 1 and len(after) == 8
        changed += after != before
    assert 0 < changed < 30  # some new puzzles draw a low enough key to enter, most do not


@pytest.mark.parametrize("band", BANDS)
def test_every_puzzle_of_a_band_has_the_predicted_success_of_the_band(band):
    class_rating = 0.8
    choice = choose_puzzles(sheet_request(KINDS, band, 24, 3), BANK, class_rating)
    rating = {p.id: p.rating for p in BANK}
    low, high = BANDS[band].low, BANDS[band].high
    assert choice.outside_band == 0 and len(choice.ids) == 24
    assert all(low <= p_correct(class_rating, rating[i]) <= high for i in choice.ids)


def test_easy_sheets_are_easier_than_class_sheets_which_are_easier_than_hard_ones():
    def mean_success(band):
        ids = choose_puzzles(sheet_request(["all", "joker"], band, 12, 5), BANK, -0.4).ids
        rating = {p.id: p.rating for p in BANK}
        return sum(p_correct(-0.4, rating[i]) for i in ids) / len(ids)

    assert mean_success("easy") > mean_success("class") > mean_success("hard")


def test_a_band_with_too_few_puzzles_is_filled_with_the_nearest_outside_it():
    # class rating 0: only the puzzles rated -0.62 to 0.62 are "hard" (35% <= P <= 65%)
    bank = spread_bank(per_kind=20, kinds=("tweak",))
    band = BANDS["hard"]
    inside = [p for p in bank if band.distance(p_correct(0.0, p.rating)) == 0]
    choice = choose_puzzles(sheet_request(["tweak"], "hard", 10, 1), bank, 0.0)
    assert len(choice.ids) == 10 and choice.outside_band == 10 - len(inside) > 0
    assert {p.id for p in inside} <= set(choice.ids)
    gap = {p.id: band.distance(p_correct(0.0, p.rating)) for p in bank}
    left_out = set(gap) - set(choice.ids)
    assert max(gap[i] for i in choice.ids) <= min(gap[i] for i in left_out)


def test_a_small_bank_gives_a_shorter_sheet_and_says_by_how_much():
    bank = spread_bank(per_kind=3, kinds=("best", "quick"))
    choice = choose_puzzles(sheet_request(["best"], "easy", 6, 0), bank, 0.0)
    assert sorted(choice.ids) == sorted(p.id for p in bank if p.kind == "best")
    assert choice.short_by == 3


def test_kinds_are_dealt_in_turn_and_stand_together_easiest_first():
    choice = choose_puzzles(sheet_request(["quick", "all", "tweak"], "class", 8, 11), BANK, 0.0)
    kinds = [i.split("-")[0] for i in choice.ids]
    assert kinds == ["all"] * 3 + ["tweak"] * 3 + ["quick"] * 2  # KINDS order; 8 = 3 + 3 + 2
    rating = {p.id: p.rating for p in BANK}
    for kind in ("all", "tweak", "quick"):
        ratings = [rating[i] for i in choice.ids if i.startswith(kind)]
        assert ratings == sorted(ratings)


def test_a_kind_that_runs_short_leaves_its_places_to_the_others():
    bank = spread_bank(per_kind=40, kinds=("all",)) + [BankPuzzle("joker-000000000001", "joker", 0.0)]
    choice = choose_puzzles(sheet_request(["all", "joker"], "class", 6, 2), bank, 1.1)
    assert choice.ids[-1] == "joker-000000000001" and len(choice.ids) == 6
    assert choice.outside_band == 0


def test_only_the_chosen_kinds_are_taken():
    choice = choose_puzzles(sheet_request(["best"], "hard", 24, 9), BANK, 0.0)
    assert {i.split("-")[0] for i in choice.ids} == {"best"}


@pytest.mark.parametrize("count", [COUNT_RANGE[0], COUNT_RANGE[1], "12", " 4 "])
def test_four_to_twenty_four_puzzles_may_be_asked_for(count):
    assert sheet_request(["all"], "easy", count, 0).count == int(count)


@pytest.mark.parametrize(
    "kinds, band, count, seed, code",
    [
        (["all"], "easy", 3, 0, "count_range"),
        (["all"], "easy", 25, 0, "count_range"),
        (["all"], "easy", "twelve", 0, "count_range"),
        (["all"], "easy", 4.0, 0, "count_range"),
        (["all"], "easy", True, 0, "count_range"),
        (["all"], "easy", 8, -1, "seed_range"),
        (["all"], "easy", 8, 1_000_000, "seed_range"),
        ([], "easy", 8, 0, "no_kinds"),
        (["all", "riddle"], "easy", 8, 0, "unknown_kind"),
        (["all"], "medium", 8, 0, "unknown_band"),
    ],
)
def test_a_request_that_cannot_make_a_sheet_says_why(kinds, band, count, seed, code):
    with pytest.raises(WorksheetError) as caught:
        sheet_request(kinds, band, count, seed)
    assert caught.value.code == code


def test_count_errors_carry_the_bounds_for_the_page():
    with pytest.raises(WorksheetError) as caught:
        sheet_request(["all"], "easy", 30, 0)
    assert caught.value.params == {"low": 4, "high": 24}


def test_kinds_are_read_as_a_set_in_the_canonical_order():
    assert sheet_request(["tweak", "all", "tweak"], "hard", 4, 0).kinds == ("all", "tweak")
