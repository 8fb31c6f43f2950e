"""A few weeks of made-up but consistent history for the demo class, so the dashboard has
something to show on first start.

Everything goes through the real code: puzzles come from the real bank (`ensure_bank`) and are
chosen by `choose_puzzle`, answers are graded and rated by `score_attempt`, games are played by
`trainer.games.service` with bots deciding for the pupil, and every play's MoveAnalysis is
stored as the games code stores it. Only the children are invented: each has an ability that
drifts over the weeks, a speed and a habit, so the overview shows a spread (one stopped
practising, one's accuracy is falling, ...).
"""

from __future__ import annotations

import json
import math
import random
import uuid
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from sqlite_utils import Database

from trainer.bots import make_bot
from trainer.engine.view import view_of
from trainer.games import service
from trainer.games.settings import GameSettings
from trainer.puzzles.attempt import score_attempt
from trainer.puzzles.grading import tapped_cards
from trainer.puzzles.kinds import KINDS
from trainer.puzzles.puzzle import Puzzle
from trainer.puzzles.rating import Rating
from trainer.puzzles.selection import choose_puzzle
from trainer.puzzles.streaks import is_school_day, last_school_day
from trainer.store import game_levels, game_moves, puzzles as bank, utcnow
from trainer.store.db import write_transaction

SEED = 2026
WEEKS = 4
DRILL_PUZZLES = 12


@dataclass(frozen=True)
class Child:
    ability: float  # true ability in logits at the start
    gain: float  # logits per week (negative: getting worse)
    seconds_per_card: float
    practice: float  # chance of doing the drill on a school day
    stopped: int = 0  # school days since the child last practised (0: practises)
    today: str = "done"  # "done", "started" or "none"
    slump: float = 0.0  # ability lost in the last week (falling accuracy)
    bot: str = "beginner"  # who decides the child's moves in the demo games


PROFILES = (
    Child(1.6, 0.15, 1.1, 0.95),
    Child(0.6, 0.35, 1.6, 0.9),
    Child(1.0, 0.1, 1.4, 0.9, stopped=5, today="none", bot="random"),
    Child(0.9, 0.1, 1.5, 0.9, today="started", slump=2.0),
    Child(1.3, 0.2, 2.2, 0.8, bot="casual"),
    Child(-0.2, 0.25, 1.2, 0.85, today="none", bot="random"),
)


def add_history(db: Database, class_id: int, pupil_ids: list[int], today: date, seed: int = SEED) -> None:
    """History up to `today`'s drill. Made on a Saturday, a Sunday (or a holiday the app cannot
    know), the drills end on the last school day: the teacher who opens the demo at the weekend
    sees Friday's drill (one child done, one started, one who stopped), as on a school day."""
    rng = random.Random(seed)
    today = last_school_day(today)
    bank.ensure_bank(db)
    ratings = bank.ratings(db, KINDS)
    rows = {r["id"]: r for r in db.query("SELECT id, data, combo_size FROM puzzles")}
    cache: dict[str, Puzzle] = {}
    start = today - timedelta(weeks=WEEKS)
    with write_transaction(db):
        for n, pupil_id in enumerate(pupil_ids):
            child = PROFILES[n % len(PROFILES)]
            rating = _history(db, pupil_id, child, start, today, ratings, rows, cache, rng)
            db.execute(
                "INSERT OR REPLACE INTO pupil_ratings (pupil_id, rating, count, updated_at) VALUES (?, ?, ?, ?)",
                [pupil_id, rating.value, rating.count, utcnow()],
            )
            for g in range(2):
                opponents = ("beginner",) if rng.random() < 0.5 else ("random", "beginner")
                add_game(
                    db, pupil_id, today - timedelta(days=3 + 5 * g), rng, child.bot, opponents, child.seconds_per_card
                )
        for puzzle_id, new in ratings.items():
            bank.set_rating(db, puzzle_id, new)


def _days(child: Child, start: date, today: date, rng: random.Random) -> list[tuple[date, bool]]:
    """(day, finished) for each drill day."""
    school = [start + timedelta(days=i) for i in range((today - start).days + 1)]
    school = [d for d in school if is_school_day(d)]
    last = len(school) - 1 - child.stopped if child.stopped else len(school) - 1
    days = []
    for i, day in enumerate(school):
        if i > last:
            break
        if day == today:
            if child.today != "none":
                days.append((day, child.today == "done"))
        elif rng.random() < child.practice:
            days.append((day, True))
    return days


def _history(db, pupil_id, child, start, today, ratings, rows, cache, rng) -> Rating:
    rating = Rating()
    for day, finished in _days(child, start, today, rng):
        weeks_in = (day - start).days / 7
        ability = child.ability + child.gain * weeks_in
        if (today - day).days < 7:
            ability -= child.slump
        clock = datetime.combine(day, time(9, 0)).timestamp() + rng.uniform(0, 5 * 3600)
        count = DRILL_PUZZLES if finished else DRILL_PUZZLES // 3
        session_id = db.execute(
            "INSERT INTO practice_sessions (pupil_id, mode, day, planned, started_at, finished_at)"
            " VALUES (?, 'drill', ?, ?, ?, NULL)",
            [pupil_id, day.isoformat(), DRILL_PUZZLES, clock],
        ).lastrowid
        seen: set[str] = set()
        for _ in range(count):
            puzzle_id = choose_puzzle(rating, ratings, seen, rng)
            seen.add(puzzle_id)
            puzzle = cache.get(puzzle_id) or cache.setdefault(puzzle_id, bank.get(db, puzzle_id))
            clock, rating = _answer(
                db, pupil_id, session_id, day, clock, puzzle, rows[puzzle_id], child, ability, rating, ratings, rng
            )
        if finished:
            db.execute("UPDATE practice_sessions SET finished_at = ? WHERE id = ?", [clock, session_id])
    return rating


def _true_difficulty(puzzle: Puzzle) -> float:
    # The same hidden offset for a puzzle whichever child meets it.
    return puzzle.difficulty + random.Random(puzzle.id).gauss(0, 0.5)


def _answer(db, pupil_id, session_id, day, clock, puzzle, row, child, ability, rating, ratings, rng):
    p_right = 1 / (1 + math.exp(-(ability - _true_difficulty(puzzle))))
    right = rng.random() < p_right
    submitted = _right_answer(puzzle) if right else _wrong_answer(puzzle, rng)
    cards = max(1, tapped_cards(submitted))
    seconds = child.seconds_per_card * (1.5 + cards) * math.exp(rng.gauss(0, 0.35))
    if rng.random() < 0.01:
        seconds = 0.1  # a double tap the timing check will refuse to rate
    issued = clock + rng.uniform(1, 4)
    server = seconds + rng.uniform(0.15, 0.4)
    outcome = score_attempt(
        puzzle, submitted, pupil=rating, puzzle_rating=ratings[puzzle.id], client_seconds=seconds, server_seconds=server
    )
    ratings[puzzle.id] = outcome.puzzle_after
    taps = _events(submitted, puzzle.kind, seconds, rng)
    db.execute(
        """INSERT INTO attempts (id, pupil_id, session_id, puzzle_id, kind, day, issued_at, answered_at,
               time_limit_s, client_ms, server_ms, believed_ms, first_correct_ms, input_kind, taps,
               submitted, outcome, correct, credit, score, flags, pupil_rating_before,
               pupil_rating_after, puzzle_rating_before, puzzle_rating_after, target, combo_size)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
        [
            uuid.UUID(int=rng.getrandbits(128)).hex,
            pupil_id,
            session_id,
            puzzle.id,
            puzzle.kind,
            day.isoformat(),
            issued,
            issued + server,
            outcome.limit,
            round(seconds * 1000),
            round(server * 1000),
            round(outcome.timing.seconds * 1000),
            round(seconds * 1000)
            if outcome.grade.first_right is not None and outcome.timing.source == "client"
            else None,
            "touch",
            json.dumps(taps),
            json.dumps(submitted),
            json.dumps({**outcome.to_json(), "ending": "answer" if submitted else "pass"}),
            int(outcome.grade.correct),
            outcome.grade.credit,
            outcome.score,
            json.dumps(list(outcome.timing.flags)),
            outcome.pupil_before.value,
            outcome.pupil_after.value,
            outcome.puzzle_before.value,
            outcome.puzzle_after.value,
            puzzle.position.target,
            row["combo_size"],
        ],
    )
    return issued + server, outcome.pupil_after


def _events(submitted: list[dict], kind: str, seconds: float, rng: random.Random) -> list[dict]:
    """The page's event log as drill.js posts it (docs/drills.md), now and then with a card
    tapped by mistake and taken back."""
    events, ms = [], 0
    steps = sum(1 + len(c.get("capture", [])) for c in submitted) + 1
    for combo in submitted:
        if combo.get("none"):
            events.append({"ms": round(seconds * 1000), "action": "none", "input": "touch"})
            continue
        for card in (combo["play"], *combo["capture"]):
            ms += seconds * 1000 / steps
            if rng.random() < 0.05:
                events.append({"ms": round(ms) - 300, "action": "tap", "card": card, "input": "touch"})
                events.append({"ms": round(ms) - 150, "action": "untap", "card": card, "input": "touch"})
            events.append({"ms": round(ms), "action": "tap", "card": card, "input": "touch"})
        if kind == "all":
            events.append({"ms": round(ms) + 50, "action": "add", "input": "touch"})
    events.append({"ms": round(seconds * 1000), "action": "done" if submitted else "pass", "input": "touch"})
    return events


def _combo(capture, target: int) -> dict:
    out = {"play": capture.play, "capture": list(capture.capture)}
    if capture.target != target:
        out["delta"] = capture.target - target
    return out


def _right_answer(puzzle: Puzzle) -> list[dict]:
    target = puzzle.position.target
    if not puzzle.answer:
        return [{"none": True}]
    if puzzle.kind == "all":
        return [_combo(c, target) for c in puzzle.answer]
    return [_combo(puzzle.answer[0], target)]


def _wrong_answer(puzzle: Puzzle, rng: random.Random) -> list[dict]:
    """The mistakes children make: stopping early, a card too few or too many, giving up."""
    target = puzzle.position.target
    table = list(puzzle.position.table)
    if puzzle.kind == "all" and len(puzzle.answer) > 1 and rng.random() < 0.5:
        return [_combo(c, target) for c in puzzle.answer[:-1]]
    if not puzzle.answer:
        return [{"play": puzzle.position.hand[0], "capture": table[:1]}]
    if rng.random() < 0.1:
        return []  # gave up
    first = puzzle.answer[0]
    capture = list(first.capture)
    spare = [c for c in table if c not in capture]
    if len(capture) > 1 and (not spare or rng.random() < 0.5):
        capture.pop(rng.randrange(len(capture)))
    elif spare:
        capture.append(rng.choice(spare))
    return [{"play": first.play, "capture": capture}]


def add_game(
    db,
    pupil_id: int,
    day: date,
    rng: random.Random,
    me: str = "beginner",
    opponents: tuple[str, ...] = ("beginner",),
    seconds_per_card: float = 1.5,
    length: str = "round",
) -> int:
    """A finished game of the pupil (a bot of level `me` deciding in their seat), stored with
    its record and one game_moves row per play (trainer.store.game_moves), and counted for the pupil's game level as a finished game is; dated in the past,
    which that module (stamping the present) cannot do."""
    settings = GameSettings(bots=opponents, length=length)
    game = service.new_game(settings, rng.getrandbits(32))
    player = make_bot(me)
    started = datetime.combine(day, time(13, 0)).timestamp() + rng.uniform(0, 3600)
    clock = started
    analyses = []
    while not game.over:
        if game.round_over:
            game = service.next_round(game)
            continue
        move = player.choose(view_of(game.state, service.PUPIL), rng)
        decision_ms = int(1000 * seconds_per_card * rng.uniform(2, 6))
        clock += decision_ms / 1000 + 3
        game, analysis = service.decide(game, move, decision_ms)
        if analysis is not None:
            analyses.append((analysis, clock))
    game_id = db.execute(
        "INSERT INTO games (pupil_id, settings, state, record, status, pupil_points, winner,"
        " created_at, updated_at) VALUES (?, ?, ?, ?, 'finished', ?, ?, ?, ?)",
        [
            pupil_id,
            json.dumps(settings.to_json()),
            json.dumps(game.to_json()),
            json.dumps(game.record()),
            game.totals()[service.PUPIL],
            game.winner,
            started,
            clock,
        ],
    ).lastrowid
    for a, at in analyses:
        game_moves.insert(db, a, pupil_id, at, game_id=game_id, server_ms=a.decision_ms + 400)
    game_levels.rate_game(db, pupil_id, game, clock)
    return game_id
