"""Printable worksheets (issue 20), pure: which bank puzzles go on a sheet, the answer key with
its running sums, and the short code printed in the sheet's corner. No Flask, no SQL.

**Choosing.** A request names kinds, a difficulty band, a count (4-24) and a seed. Each bank
puzzle's predicted success for the class, P = 1 / (1 + e^-(class rating - puzzle rating))
(the model of trainer.puzzles.rating), puts it in a band:

    easy   P >= 85%          the class nearly always gets it
    class  65% <= P <= 85%   around the drill's 75% aim
    hard   35% <= P <= 65%   a stretch, not out of reach

The kinds are dealt in turn (in KINDS order), so a sheet of two kinds holds about as many of
each. Within a kind the puzzles of the band are taken in the order of a seeded draw key,
SHA-256(seed, puzzle id): a rendezvous draw. It depends on the ids only, never on the order the
bank was listed in, and when the bank grows a new puzzle enters a sheet only if its own key is
among the lowest, so one new puzzle changes at most one place of the sheet instead of
reshuffling it. When the band holds too few puzzles of the chosen kinds, the nearest outside
it (by distance of P to the band) fill the sheet, and the choice says how many. On the sheet
each kind's puzzles stand together, easiest first.

**The code.** The same seed over the same bank gives the same sheet, but the bank does not
stand still: every answer moves ratings and uploads and generation add puzzles, so a code that
only encoded (kinds, band, count, seed), even with a fingerprint of the bank, could tell that
the sheet has changed but could never bring it back. So the code names the sheet's content
instead: 40 bits of SHA-256 over the ordered puzzle ids, written as 8 Crockford base-32 symbols
("K7QM-3XPA": no I, L, O or U; reading is case-blind, O is read as 0 and I, L as 1, hyphens and
spaces are ignored). The web layer stores one row per code with the ordered ids (puzzles are
never deleted from the bank), and the answer key is recomputed from the puzzles by the solver.
Printing the same sheet twice gives the same code, and a teacher's own puzzle set printed as a
sheet gets its code the same way. Among ten thousand stored sheets the chance that any two
content hashes share 40 bits is about 1 in 20,000; should the store find its code taken by other
puzzles, it asks for the next code of the same content (`sheet_code(ids, salt=1)`, ...). A
mistyped code almost surely names no sheet at all (1 in 100 million with 10,000 stored)."""

from __future__ import annotations

import hashlib
import re
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from trainer.engine.errors import CodedError
from trainer.puzzles.kinds import KINDS, worth
from trainer.puzzles.puzzle import Puzzle
from trainer.puzzles.rating import p_correct
from trainer.puzzles.steps import Step, call_steps

COUNT_RANGE = (4, 24)  # issue 20
SEED_RANGE = (0, 999_999)  # a number a teacher can read out and type again


@dataclass(frozen=True, slots=True)
class Band:
    name: str
    low: float  # predicted success for the class, inclusive
    high: float

    def distance(self, p: float) -> float:
        """How far a predicted success lies outside the band (0 inside it)."""
        return max(self.low - p, p - self.high, 0.0)


BANDS = {band.name: band for band in (Band("easy", 0.85, 1.0), Band("class", 0.65, 0.85), Band("hard", 0.35, 0.65))}


class WorksheetError(CodedError):
    """A request or a code that cannot make a sheet; codes: no_kinds, unknown_kind, unknown_band,
    count_range, seed_range, bad_code."""


class BankPuzzle(NamedTuple):
    """What choosing needs of a bank puzzle; the web layer reads these three columns only and
    loads the chosen puzzles afterwards."""

    id: str
    kind: str
    rating: float


@dataclass(frozen=True, slots=True)
class SheetRequest:
    kinds: tuple[str, ...]  # in KINDS order, no repeats
    band: str
    count: int
    seed: int


def sheet_request(kinds: Iterable[str], band: str, count: int | str, seed: int | str) -> SheetRequest:
    """A checked request; count and seed may be the digits a form sent."""
    kinds = set(kinds)
    if not kinds:
        raise WorksheetError("choose at least one kind of puzzle", "no_kinds")
    unknown = sorted(kinds - set(KINDS))
    if unknown:
        raise WorksheetError(
            f"unknown puzzle kind {unknown[0]!r}: kinds are {', '.join(KINDS)}", "unknown_kind", kind=unknown[0]
        )
    if band not in BANDS:
        raise WorksheetError(f"unknown difficulty {band!r}: use {', '.join(BANDS)}", "unknown_band", band=str(band))
    return SheetRequest(
        tuple(k for k in KINDS if k in kinds),
        band,
        _whole(count, "count", COUNT_RANGE),
        _whole(seed, "seed", SEED_RANGE),
    )


def _whole(value: object, name: str, bounds: tuple[int, int]) -> int:
    low, high = bounds
    if isinstance(value, str) and re.fullmatch(r"\s*[0-9]{1,9}\s*", value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise WorksheetError(
            f"{name} must be a whole number from {low} to {high}, not {value!r}", f"{name}_range", low=low, high=high
        )
    return value


def class_rating(ratings: Iterable[float]) -> float:
    """The class's level: the median of its pupils' ratings; 0, where every pupil starts
    (rating.starting_rating), for a class that has none yet."""
    values = sorted(ratings)
    return statistics.median(values) if values else 0.0


@dataclass(frozen=True, slots=True)
class Choice:
    ids: tuple[str, ...]  # in sheet order
    outside_band: int  # how many of them come from outside the band (it had too few)
    wanted: int  # the count asked for; len(ids) is less only when the bank ran out

    @property
    def short_by(self) -> int:
        return self.wanted - len(self.ids)


def draw_key(seed: int, puzzle_id: str) -> bytes:
    return hashlib.sha256(f"{seed}/{puzzle_id}".encode()).digest()


def choose_puzzles(request: SheetRequest, bank: Iterable[BankPuzzle], class_rating: float) -> Choice:
    """The sheet's puzzles (module docstring): the band first, kinds in turn, seeded draw."""
    band = BANDS[request.band]
    inside: dict[str, list[BankPuzzle]] = {k: [] for k in request.kinds}
    outside: dict[str, list[tuple[float, bytes, BankPuzzle]]] = {k: [] for k in request.kinds}
    for entry in bank:
        if entry.kind not in inside:
            continue
        gap = band.distance(p_correct(class_rating, entry.rating))
        if gap == 0.0:
            inside[entry.kind].append(entry)
        else:
            outside[entry.kind].append((gap, draw_key(request.seed, entry.id), entry))
    for entries in inside.values():
        entries.sort(key=lambda e: (draw_key(request.seed, e.id), e.id))
    nearest = {k: [e for _, _, e in sorted(rows, key=lambda r: (r[0], r[1], r[2].id))] for k, rows in outside.items()}
    taken = _deal(list(inside.values()), request.count)
    filled = _deal(list(nearest.values()), request.count - sum(map(len, taken)))
    ids: list[str] = []
    for first, more in zip(taken, filled):
        ids.extend(e.id for e in sorted(first + more, key=lambda e: (e.rating, e.id)))
    return Choice(tuple(ids), sum(map(len, filled)), request.count)


def _deal(queues: Sequence[list[BankPuzzle]], wanted: int) -> list[list[BankPuzzle]]:
    """Up to `wanted` entries, one from each queue in turn, skipping queues that run dry."""
    taken: list[list[BankPuzzle]] = [[] for _ in queues]
    depth = 0
    while wanted > 0 and any(depth < len(q) for q in queues):
        for queue, out in zip(queues, taken):
            if wanted > 0 and depth < len(queue):
                out.append(queue[depth])
                wanted -= 1
        depth += 1
    return taken


# ---------------------------------------------------------------- the answer key


@dataclass(frozen=True, slots=True)
class KeyCapture:
    play: str  # the hand card
    capture: tuple[str, ...]  # table cards, in table order
    steps: tuple[Step, ...]  # the call, hand card first (R5.4): the page words it
    target: int  # the target it reaches: the printed one, or one off with the Joker
    joker: int  # -1, 0 or +1: how the Joker moved the target (R7.2); 0 without one
    tweak: bool  # takes the whole table (R5.3)
    worth: int  # points (R2) plus 2 for a TWEAK's [T!] card (kinds.worth)


@dataclass(frozen=True, slots=True)
class AnswerKey:
    puzzle_id: str
    kind: str
    captures: tuple[KeyCapture, ...]  # every right capture, in the solver's order

    @property
    def none(self) -> bool:
        """A `tweak` puzzle whose answer is "there is none"."""
        return not self.captures


def answer_key(puzzle: Puzzle) -> AnswerKey:
    """Every capture the puzzle counts as right (trainer.puzzles.kinds.answer_for, i.e. the
    solver), each with its running sum. For `quick` every capture is right, so all are listed."""
    printed = puzzle.position.target
    return AnswerKey(
        puzzle.id,
        puzzle.kind,
        tuple(
            KeyCapture(c.play, c.capture, call_steps(c), c.target, c.target - printed, c.tweak, worth(c))
            for c in puzzle.answer
        ),
    )


MIN_WRITING_LINES = 3


def writing_lines(puzzle: Puzzle) -> int:
    """Lines to write combinations on: an `all` puzzle gets one per combination but never fewer
    than three, so the blank lines do not give away that there is just one; the other kinds ask
    for one combination."""
    if puzzle.kind == "all":
        return max(MIN_WRITING_LINES, len(puzzle.answer))
    return 1


# ---------------------------------------------------------------- the sheet's code

CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base 32
CODE_SYMBOLS = 8  # 40 bits
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})
_CODE_VERSION = "worksheet-1"  # in the hash, so that a future layout of codes cannot collide


def sheet_code(puzzle_ids: Sequence[str], salt: int = 0) -> str:
    """The code of a sheet holding these puzzles in this order, e.g. "K7QM-3XPA". `salt` gives
    the next code of the same sheet, for the rare code already taken by another sheet."""
    if not puzzle_ids:
        raise ValueError("a sheet holds at least one puzzle")
    digest = hashlib.sha256("\n".join((f"{_CODE_VERSION}/{salt}", *puzzle_ids)).encode()).digest()
    number = int.from_bytes(digest[:5], "big")
    symbols = "".join(CODE_ALPHABET[(number >> (5 * i)) & 31] for i in reversed(range(CODE_SYMBOLS)))
    return f"{symbols[:4]}-{symbols[4:]}"


def parse_sheet_code(text: object) -> str:
    """A typed code in its printed form; WorksheetError("bad_code") when it cannot be one.
    Whether a sheet has that code is for the store to say."""
    if not isinstance(text, str):
        raise WorksheetError("a sheet code is 8 letters and digits", "bad_code")
    symbols = re.sub(r"[\s\-]", "", text).upper().translate(_READ_AS)
    if len(symbols) != CODE_SYMBOLS or any(s not in CODE_ALPHABET for s in symbols):
        raise WorksheetError(
            f"{text.strip()!r} is not a sheet code: it is 8 letters and digits like K7QM-3XPA", "bad_code"
        )
    return f"{symbols[:4]}-{symbols[4:]}"
