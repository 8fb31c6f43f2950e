"""Elo-style ratings with the high-speed-high-stakes score, after Math Garden.

Klinkenberg, Straatemeier & van der Maas (2011), Computers & Education 57, 1813-1824;
Maris & van der Maas (2012), Psychometrika 77, 615-633. Formulas and the derivation are in
docs/puzzles.md; the constants were tuned with bench/learner_sim.py (docs/performance.md).

Ratings are in logits. With a = DISCRIMINATION * (theta - beta), the HSHS model says the
score S = (2x - 1)(1 - t/d) has density proportional to e^(a*S) on [-1, 1], so
    E[S]         = coth(a) - 1/a          (the Langevin function; Klinkenberg et al. eq. 7)
    P(correct)   = P(S > 0) = 1 / (1 + e^-a)
and the Elo step after an answer is  theta += K_pupil (S - E[S]),  beta -= K_puzzle trust (S - E[S]).

A child with "no timer" (issue 49.3) is rated on accuracy alone: S = 2x - 1, whose expectation
under P(correct) = logistic(a') is 2 P(correct) - 1 = tanh(a'/2), with a' = ACCURACY_DISCRIMINATION
* (theta - beta), and the same Elo step applies (bench/learner_sim.py --untimed shows the ratings
of one child with and without the timer agree, docs/performance.md)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

DISCRIMINATION = 1.0  # a = DISCRIMINATION * (theta - beta); the time limit d is folded in
TARGET_SUCCESS = 0.75  # Math Garden's choice: hard enough to learn, easy enough to enjoy
# Accuracy alone (a child with "no timer") on the timed ratings' scale: timed ratings of children
# of typical pace spread about 1/1.15 as widely as accuracy alone would put them, as the time in
# each score says a little of the same thing again. Tuned with bench/learner_sim.py --untimed
# so the same child's rating with and without the timer agree (docs/performance.md).
ACCURACY_DISCRIMINATION = 1.15


def hshs_score(credit: float, seconds: float, limit: float) -> float:
    """S = (2x - 1)(1 - t/d), x the credit in [0, 1]. At or past the limit S = 0: a slow answer,
    right or wrong, says nothing; a fast wrong one costs most."""
    if not limit > 0:
        raise ValueError(f"the time limit must be positive, not {limit!r}")
    x = min(1.0, max(0.0, float(credit)))
    t = max(0.0, float(seconds))
    if t >= limit:
        return 0.0
    return (2 * x - 1) * (1 - t / limit)


def accuracy_score(credit: float) -> float:
    """S = 2x - 1: right +1, wrong -1, partial credit between; the time says nothing."""
    return 2 * min(1.0, max(0.0, float(credit))) - 1


def langevin(a: float) -> float:
    """coth(a) - 1/a, with its series a/3 - a^3/45 near 0 (where both terms blow up)."""
    if abs(a) < 1e-3:
        return a / 3 - a**3 / 45
    return 1 / math.tanh(a) - 1 / a


def expected_score(theta: float, beta: float, discrimination: float = DISCRIMINATION) -> float:
    """E[S] under the HSHS model: odd in theta - beta, increasing, strictly inside (-1, 1)."""
    return langevin(discrimination * (theta - beta))


def expected_accuracy(theta: float, beta: float, discrimination: float = ACCURACY_DISCRIMINATION) -> float:
    """E[2x - 1] = 2 P(correct) - 1 = tanh(a/2): the expectation of accuracy_score."""
    return math.tanh(discrimination * (theta - beta) / 2)


def p_correct(theta: float, beta: float, discrimination: float = DISCRIMINATION) -> float:
    """P(correct) implied by the same model: the logistic of a."""
    a = discrimination * (theta - beta)
    if a >= 0:
        return 1 / (1 + math.exp(-a))
    e = math.exp(a)
    return e / (1 + e)


def gap_for(p: float, discrimination: float = DISCRIMINATION) -> float:
    """theta - beta at which P(correct) = p: logit(p) / discrimination (ln 3 = 1.0986 for 75%)."""
    return math.log(p / (1 - p)) / discrimination


@dataclass(frozen=True, slots=True)
class KSchedule:
    """K(n) = floor + (start - floor) * half / (half + n): large while the rating rests on few
    answers, falling like 1/n (the Robbins-Monro rate), never below `floor` so a rating can still
    follow a pupil who learns."""

    start: float
    floor: float
    half: float

    def k(self, answers: int) -> float:
        return self.floor + (self.start - self.floor) * self.half / (self.half + max(0, answers))


PUPIL_K = KSchedule(start=1.5, floor=0.10, half=4.0)
PUZZLE_K = KSchedule(start=0.3, floor=0.03, half=10.0)
PUPIL_TRUST = 20.0  # a puzzle learns from a pupil in proportion n / (n + PUPIL_TRUST), n = the
# pupil's rated answers: a new pupil's rating is a guess, and letting it move
# puzzles would drag the whole scale after every pupil who starts off-target


def trust(answers: int, half: float = PUPIL_TRUST) -> float:
    """How far a puzzle's update may rely on the pupil's rating: 0 for a first answer, 1/2 after
    `half` answers, towards 1 after many; 1 always when half is 0 (no damping)."""
    if half <= 0:
        return 1.0
    answers = max(0, answers)
    return answers / (answers + half)


@dataclass(frozen=True, slots=True)
class Rating:
    value: float = 0.0  # logits
    count: int = 0  # rated answers so far (drives K)

    def to_json(self) -> dict:
        return {"value": self.value, "count": self.count}

    @classmethod
    def from_json(cls, data: dict) -> "Rating":
        return cls(float(data["value"]), int(data["count"]))


SETTLED = 20  # answers after which a pupil's rating counts as settled


def starting_rating(others: Iterable[Rating] = ()) -> Rating:
    """Where a new pupil starts: the median of the settled ratings (at least SETTLED answers)
    of the pupils given (e.g. the class), else 0. Its count is 0, so K starts large anyway."""
    values = sorted(r.value for r in others if r.count >= SETTLED)
    if not values:
        return Rating()
    mid = len(values) // 2
    median = values[mid] if len(values) % 2 else (values[mid - 1] + values[mid]) / 2
    return Rating(median, 0)


@dataclass(frozen=True, slots=True)
class RatingUpdate:
    pupil: Rating  # after
    puzzle: Rating  # after
    score: float  # S
    expected: float  # E[S] before the answer
    k_pupil: float
    k_puzzle: float

    def to_json(self) -> dict:
        return {
            "pupil": self.pupil.to_json(),
            "puzzle": self.puzzle.to_json(),
            "score": self.score,
            "expected": self.expected,
            "k_pupil": self.k_pupil,
            "k_puzzle": self.k_puzzle,
        }


def update(
    pupil: Rating,
    puzzle: Rating,
    credit: float,
    seconds: float,
    limit: float,
    *,
    pupil_k: KSchedule = PUPIL_K,
    puzzle_k: KSchedule = PUZZLE_K,
    pupil_trust: float = PUPIL_TRUST,
    discrimination: float = DISCRIMINATION,
    timed: bool = True,
) -> RatingUpdate:
    """New ratings after one answer: credit (1/0, or an `all` puzzle's partial credit) in
    `seconds` against the time limit `limit`; with `timed` False, on the credit alone
    (accuracy_score against expected_accuracy).

    theta' = theta + K_pupil(n_pupil) (S - E),  beta' = beta - K_puzzle(n_puzzle) trust(n_pupil) (S - E)."""
    if timed:
        score = hshs_score(credit, seconds, limit)
        expected = expected_score(pupil.value, puzzle.value, discrimination)
    else:
        score = accuracy_score(credit)
        expected = expected_accuracy(pupil.value, puzzle.value, discrimination * ACCURACY_DISCRIMINATION)
    kp = pupil_k.k(pupil.count)
    ki = puzzle_k.k(puzzle.count) * trust(pupil.count, pupil_trust)
    surprise = score - expected
    return RatingUpdate(
        Rating(pupil.value + kp * surprise, pupil.count + 1),
        Rating(puzzle.value - ki * surprise, puzzle.count + 1),
        score,
        expected,
        kp,
        ki,
    )
