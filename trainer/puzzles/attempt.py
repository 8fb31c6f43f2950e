"""One answer, start to finish: grade it, decide which time to believe, move the ratings.

This is the single call the web layer makes when an answer arrives; it stores what comes back."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from trainer.puzzles.grading import Combination, Grade, grade, tapped_cards
from trainer.puzzles.puzzle import Puzzle
from trainer.puzzles.rating import (
    PUPIL_K,
    PUPIL_TRUST,
    PUZZLE_K,
    KSchedule,
    Rating,
    RatingUpdate,
    accuracy_score,
    hshs_score,
    update,
)
from trainer.puzzles.timing import TimingCheck, check_timing


@dataclass(frozen=True, slots=True)
class Outcome:
    grade: Grade
    timing: TimingCheck
    score: float  # HSHS score with the believed time (also when not rated)
    limit: float  # the time limit used (the puzzle's, or the drill's)
    pupil_before: Rating
    puzzle_before: Rating
    pupil_after: Rating  # == before when the answer is not rated
    puzzle_after: Rating
    update: RatingUpdate | None  # None when not rated
    passed: bool = False  # nothing entered ("I don't know", or time ran out): S = 0
    timed: bool = True  # False: rated on accuracy alone (the pupil's "no timer")

    def to_json(self) -> dict:
        return {
            "grade": self.grade.to_json(),
            "timing": self.timing.to_json(),
            "score": self.score,
            "limit": self.limit,
            "pupil_before": self.pupil_before.to_json(),
            "puzzle_before": self.puzzle_before.to_json(),
            "pupil_after": self.pupil_after.to_json(),
            "puzzle_after": self.puzzle_after.to_json(),
            "rated": self.update is not None,
            "passed": self.passed,
            # Only when untimed: the stored outcomes of timed answers stay as they were.
            **({} if self.timed else {"timed": False}),
        }

    def unrated(self) -> "Outcome":
        """The same grade and score, moving neither rating: for an answer nobody can be judged
        on (held on a tablet for longer than a Wi-Fi drop lasts)."""
        return replace(self, pupil_after=self.pupil_before, puzzle_after=self.puzzle_before, update=None)


def score_attempt(
    puzzle: Puzzle,
    submitted: Iterable[Combination | dict],
    *,
    pupil: Rating,
    puzzle_rating: Rating,
    client_seconds: float | None,
    server_seconds: float,
    limit: float | None = None,
    pupil_k: KSchedule = PUPIL_K,
    puzzle_k: KSchedule = PUZZLE_K,
    pupil_trust: float = PUPIL_TRUST,
    timed: bool = True,
) -> Outcome:
    """Grade `submitted` (Combinations or their JSON), check the times (timing.check_timing) and
    update both ratings unless the time is not believable. An empty `submitted` is a pass
    (S = 0). `limit` defaults to the puzzle's
    time limit; pass the drill's (e.g. with extra time for a pupil who needs it). `timed` False:
    a child with "no timer" (issue 49.3), scored on accuracy alone (rating.accuracy_score); the
    timing checks still run, so a scripted too-fast answer moves no rating either way."""
    entries = [c if isinstance(c, Combination) else Combination.from_json(c) for c in submitted]
    result = grade(puzzle, entries)
    limit = puzzle.time_limit if limit is None else float(limit)
    timing = check_timing(client_seconds, server_seconds, tapped_cards(entries))
    # Nothing entered is a pass, scored like a time-out (S = 0) however quickly it came, as
    # Math Garden's question mark: giving up costs the expected score, never a guess penalty.
    passed = not entries
    seconds = limit if passed else timing.seconds
    # Untimed, a pass is worth half a right answer, S = 0 as the timed pass: giving up costs the
    # expected score there too, never a wrong answer's -1.
    credit = 0.5 if passed and not timed else result.credit
    score = hshs_score(credit, seconds, limit) if timed else accuracy_score(credit)
    if not timing.rated:
        return Outcome(result, timing, score, limit, pupil, puzzle_rating, pupil, puzzle_rating, None, passed, timed)
    step = update(
        pupil,
        puzzle_rating,
        credit,
        seconds,
        limit,
        pupil_k=pupil_k,
        puzzle_k=puzzle_k,
        pupil_trust=pupil_trust,
        timed=timed,
    )
    return Outcome(
        result, timing, step.score, limit, pupil, puzzle_rating, step.pupil, step.puzzle, step, passed, timed
    )
