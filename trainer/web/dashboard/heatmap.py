"""Heat maps of accuracy and speed by target sum and combination size. Pure.

Each cell carries its numbers; the colour band is a CSS class and the page prints the numbers
in the cell, so nothing depends on colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass

TARGETS = (6, 7, 8, 9, 10, 11)  # 7-10 printed on the backs (R1.2), 6 and 11 with a Joker (R4.2)
SIZES = (2, 3, 4, 5)  # cards in the combination, hand card included
BIG = 6  # sizes from here on share one column
NONE = 0  # `tweak` puzzles whose answer is "there is none"
MIN_ANSWERS = 3  # fewer: shown, but not coloured as if it meant something
ACCURACY_BANDS = (0.5, 0.65, 0.8, 0.9)  # band 1 below 50% ... band 5 from 90%
SPEED_BANDS_MS = (12000, 8000, 5000, 3000)  # band 1 slower than 12 s ... band 5 under 3 s


@dataclass(frozen=True)
class Cell:
    answered: int = 0
    correct: int = 0
    median_ms: float | None = None

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.answered if self.answered else None

    @property
    def enough(self) -> bool:
        return self.answered >= MIN_ANSWERS

    @property
    def accuracy_band(self) -> int | None:
        if not self.enough:
            return None
        return 1 + sum(self.accuracy >= edge for edge in ACCURACY_BANDS)

    @property
    def speed_band(self) -> int | None:
        if not self.enough or self.median_ms is None:
            return None
        return 1 + sum(self.median_ms < edge for edge in SPEED_BANDS_MS)


@dataclass(frozen=True)
class Grid:
    rows: tuple  # target values, then "other" when targets outside 6-11 occur
    columns: tuple  # SIZES, then BIG, with NONE first when it occurs
    cells: dict  # (row, column) -> Cell

    def cell(self, row, column) -> Cell:
        return self.cells.get((row, column), Cell())

    @property
    def empty(self) -> bool:
        return not self.cells

    def ranked(self, min_answers: int = 5) -> list[tuple]:
        """(row, column, cell) with enough answers, hardest first (accuracy, then speed)."""
        found = [(r, c, cell) for (r, c), cell in self.cells.items() if cell.answered >= min_answers]
        return sorted(found, key=lambda t: (t[2].accuracy, -(t[2].median_ms or 0)))


def row_of(target: int):
    return target if target in TARGETS else "other"


def column_of(size: int) -> int:
    if size <= NONE:
        return NONE
    return min(max(size, SIZES[0]), BIG)


def build(counts: dict, medians: dict) -> Grid:
    """`counts`: (target, size) -> (answered, correct); `medians`: (target, size) -> ms, both
    already merged per raw target and size (rows and columns may merge them further)."""
    merged: dict = {}
    for (target, size), (answered, correct) in counts.items():
        key = (row_of(target), column_of(size))
        a, c = merged.get(key, (0, 0))
        merged[key] = (a + answered, c + correct)
    # A merged cell's median is only exact when one raw cell feeds it; otherwise take the
    # answer-weighted middle of the raw medians (merged cells are rare: Joker-free targets
    # outside 6-11 and combinations of 6+ cards).
    times: dict = {}
    for (target, size), ms in medians.items():
        key = (row_of(target), column_of(size))
        times.setdefault(key, []).append((ms, counts.get((target, size), (1, 0))[0]))
    cells = {key: Cell(a, c, _weighted_middle(times.get(key, []))) for key, (a, c) in merged.items()}
    rows = TARGETS + (("other",) if any(r == "other" for r, _ in cells) else ())
    columns = ((NONE,) if any(c == NONE for _, c in cells) else ()) + SIZES + (BIG,)
    return Grid(rows, columns, cells)


def _weighted_middle(pairs) -> float | None:
    if not pairs:
        return None
    pairs = sorted(pairs)
    half = sum(w for _, w in pairs) / 2
    seen = 0
    for ms, weight in pairs:
        seen += weight
        if seen >= half:
            return ms
    return pairs[-1][0]
