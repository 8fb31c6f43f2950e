"""Elo-style ratings with the high-speed-high-stakes score, after Math Garden.

Klinkenberg, Straatemeier & van der Maas (2011), Computers & Education 57, 1813-1824;
Maris & van der Maas (2012), Psychometrika 77, 615-633. Formulas and the derivation are in
docs/puzzles.md; the constants were tuned with bench/learner_sim.py (docs/performance.md).

Ratings are in logits. With a = DISCRIMINATION * (theta - beta), the HSHS model says the
score S = (2x - 1)(1 - t/d) has density proportional to e^(a*S) on [-1, 1], so
    E[S]         = coth(a) - 1/a          (the Langevin function; Klinkenberg et al. eq. 7)
    P(correct)   = P(S > 0) = 1 / (1 + e^-a)
and the Elo step after an answer is  theta += K_pupil (S - E[S]),  beta -= K_puzzle (S - E[S])."""
from __future__ import annotations

import math
from dataclasses import dataclass

DISCRIMINATION = 1.0       # a = DISCRIMINATION * (theta - beta); the time limit d is folded in
TARGET_SUCCESS = 0.75      # Math Garden's choice: hard enough to learn, easy enough to enjoy


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


def langevin(a: float) -> float:
    """coth(a) - 1/a, with its series a/3 - a^3/45 near 0 (where both terms blow up)."""
    if abs(a) < 1e-3:
        return a / 3 - a ** 3 / 45
    return 1 / math.tanh(a) - 1 / a


def expected_score(theta: float, beta: float, discrimination: float = DISCRIMINATION) -> float:
    """E[S] under the HSHS model: odd in theta - beta, increasing, strictly inside (-1, 1)."""
    return langevin(discrimination * (theta - beta))


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


PUPIL_K = KSchedule(start=1.2, floor=0.12, half=6.0)
PUZZLE_K = KSchedule(start=0.5, floor=0.05, half=10.0)


@dataclass(frozen=True, slots=True)
class Rating:
    value: float = 0.0     # logits
    count: int = 0         # rated answers so far (drives K)

    def to_json(self) -> dict:
        return {"value": self.value, "count": self.count}

    @classmethod
    def from_json(cls, data: dict) -> "Rating":
        return cls(float(data["value"]), int(data["count"]))


@dataclass(frozen=True, slots=True)
class RatingUpdate:
    pupil: Rating          # after
    puzzle: Rating         # after
    score: float           # S
    expected: float        # E[S] before the answer
    k_pupil: float
    k_puzzle: float

    def to_json(self) -> dict:
        return {"pupil": self.pupil.to_json(), "puzzle": self.puzzle.to_json(), "score": self.score,
                "expected": self.expected, "k_pupil": self.k_pupil, "k_puzzle": self.k_puzzle}


def update(pupil: Rating, puzzle: Rating, credit: float, seconds: float, limit: float, *,
           pupil_k: KSchedule = PUPIL_K, puzzle_k: KSchedule = PUZZLE_K,
           discrimination: float = DISCRIMINATION) -> RatingUpdate:
    """New ratings after one answer: credit (1/0, or an `all` puzzle's partial credit) in
    `seconds` against the time limit `limit`."""
    score = hshs_score(credit, seconds, limit)
    expected = expected_score(pupil.value, puzzle.value, discrimination)
    kp, ki = pupil_k.k(pupil.count), puzzle_k.k(puzzle.count)
    surprise = score - expected
    return RatingUpdate(Rating(pupil.value + kp * surprise, pupil.count + 1),
                        Rating(puzzle.value - ki * surprise, puzzle.count + 1),
                        score, expected, kp, ki)
