"""A pupil's game level (issue 17): a rating on the bots' Elo scale, and the strength dial that
gives the pupil the class's aimed chance of winning.

The rating is Glicko's (Glickman 1999): an Elo number and a rating deviation (RD), the
uncertainty, which shrinks with every game and grows a little before each one, since children
get better. Opponents are the bots, at the Elo that bench/dial.py measured
(seed_data/bot_elo.json, the dial's points interpolated), or another rated player: a game
against a classmate is an update against their rating. A game is one rating period: every
round against every opponent counts as one result (a shared top score half a win), as the
bots' Elo was measured on single rounds.

The choice: the dial X whose bot the pupil is expected to beat with the aimed chance (Glicko's
expected score, which allows for both ratings' uncertainty), clamped to the dial's range
[0, 1]. No Flask, no SQL: the web layer stores the ratings and words the opponents.
"""

from __future__ import annotations

import bisect
import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from trainer.bots.dial import PREFIX, dial_strength

BOT_ELO_FILE = Path(__file__).resolve().parents[2] / "seed_data" / "bot_elo.json"
Q = math.log(10) / 400
START_RD = 250.0  # a new pupil: anywhere from random to casual, roughly
MIN_RD = 50.0  # never surer than this: children change
DRIFT = 35.0  # RD added (in quadrature) before each game: what a child may have changed
CHAINED_RD = 40.0  # bots whose Elo was chained from another run (no interval of their own)
DEFAULT_AIM = 0.5
AIM_RANGE = (0.30, 0.70)
START_LEVEL = "beginner"  # the class default: what a pupil with no games is taken to be
SETTLED_RD = 130.0  # about 7 games in: the level is no longer a first guess


@dataclass(frozen=True, slots=True)
class Rating:
    elo: float
    rd: float = START_RD
    games: int = 0


def g(rd: float) -> float:
    """Glicko's damping of a rating difference by its uncertainty."""
    return 1.0 / math.sqrt(1.0 + 3.0 * Q * Q * rd * rd / (math.pi * math.pi))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance that `player` beats `opponent` in one round, allowing for both uncertainties."""
    spread = math.sqrt(player.rd**2 + opponent.rd**2)
    return 1.0 / (1.0 + 10.0 ** (-g(spread) * (player.elo - opponent.elo) / 400.0))


def update(player: Rating, results: Iterable[tuple[Rating, float]], drift: float | None = None) -> Rating:
    """The rating after one game: `results` are (opponent, score) pairs, score 1 for a win,
    0.5 for a shared top, 0 for a loss, one per round and opponent (Glicko-1, one period;
    `drift` widens the RD first, as Glicko does between periods)."""
    rd = min(max(START_RD, player.rd), math.hypot(player.rd, DRIFT if drift is None else drift))
    info = 0.0
    pull = 0.0
    count = 0
    for opponent, score in results:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is from 0 (a loss) to 1 (a win), a shared top 0.5, not {score}")
        gj = g(opponent.rd)
        e = 1.0 / (1.0 + 10.0 ** (-gj * (player.elo - opponent.elo) / 400.0))
        info += Q * Q * gj * gj * e * (1.0 - e)
        pull += gj * (score - e)
        count += 1
    if not count:
        return player
    precision = 1.0 / (rd * rd) + info
    return Rating(player.elo + Q / precision * pull, max(MIN_RD, math.sqrt(1.0 / precision)), player.games + 1)


def check_aim(aim: float) -> float:
    low, high = AIM_RANGE
    if not (isinstance(aim, (int, float)) and math.isfinite(aim) and low <= aim <= high):
        raise ValueError(f"the aim is a chance of winning from {low:.0%} to {high:.0%}, not {aim}")
    return float(aim)


@dataclass(frozen=True)
class BotElo:
    """The measured Elo of the fixed levels and of the dial's points (seed_data/bot_elo.json)."""

    levels: dict[str, Rating]
    dial_x: tuple[float, ...]  # rising, 0 ... 1
    dial_elo: tuple[float, ...]  # rising with x (bench/dial.py checks it)
    dial_rd: tuple[float, ...]

    @classmethod
    def from_json(cls, data: dict) -> BotElo:
        def rd(ci):
            return (ci[1] - ci[0]) / (2 * 1.959963984540054) if ci else CHAINED_RD

        levels = {name: Rating(row["elo"], rd(row["ci95"])) for name, row in data["levels"].items()}
        points = sorted(data["dial"], key=lambda p: p["x"])
        elos = [p["elo"] for p in points]
        if any(b <= a for a, b in zip(elos, elos[1:])):
            raise ValueError("the dial's Elo must rise with X")
        return cls(levels, tuple(p["x"] for p in points), tuple(elos), tuple(rd(p["ci95"]) for p in points))

    def dial_rating(self, x: float) -> Rating:
        """Elo of `dial:x`, linear between the measured points."""
        xs = self.dial_x
        if x <= xs[0]:
            return Rating(self.dial_elo[0], self.dial_rd[0])
        if x >= xs[-1]:
            return Rating(self.dial_elo[-1], self.dial_rd[-1])
        i = bisect.bisect_right(xs, x) - 1
        t = (x - xs[i]) / (xs[i + 1] - xs[i])
        return Rating(
            self.dial_elo[i] + t * (self.dial_elo[i + 1] - self.dial_elo[i]),
            self.dial_rd[i] + t * (self.dial_rd[i + 1] - self.dial_rd[i]),
        )

    def rating_of(self, bot: str) -> Rating:
        """The Elo of a bot name: a level or `dial:X` (ValueError for neither)."""
        x = dial_strength(bot)
        if x is not None:
            return self.dial_rating(x)
        try:
            return self.levels[bot]
        except KeyError:
            raise ValueError(f"no measured Elo for bot {bot!r}") from None


@lru_cache(maxsize=4)
def load_bot_elo(path: Path = BOT_ELO_FILE) -> BotElo:
    return BotElo.from_json(json.loads(Path(path).read_text()))


def starting_rating(bots: BotElo, level: str = START_LEVEL) -> Rating:
    """A pupil with no games: taken to play like the class default level, and very unsure."""
    return Rating(bots.rating_of(level).elo, START_RD, 0)


def game_results(
    bots: BotElo, opponents: Iterable[str], round_scores: Iterable[tuple[int, ...]], seat: int = 0
) -> list[tuple[Rating, float]]:
    """(opponent rating, score) for every round and bot of a game: `opponents[k]` sat in seat
    k + 1 when the pupil is in seat 0, as trainer.games.service seats them."""
    names = list(opponents)
    out = []
    for scores in round_scores:
        mine = scores[seat]
        others = [s for s in range(len(scores)) if s != seat]
        for name, s in zip(names, others):
            out.append((bots.rating_of(name), 1.0 if mine > scores[s] else 0.5 if mine == scores[s] else 0.0))
    return out


def choose_dial(player: Rating, bots: BotElo, aim: float = DEFAULT_AIM) -> float:
    """The dial X at which the pupil's expected score is `aim`, clamped to [0, 1], to 2 places.

    Solved on the curve: the expected score falls as X rises, so bisection finds the X where it
    crosses the aim; past either end the nearest end is the best there is."""
    aim = check_aim(aim)

    def score_at(x: float) -> float:
        return expected_score(player, bots.dial_rating(x))

    lo, hi = bots.dial_x[0], bots.dial_x[-1]
    if score_at(lo) <= aim:
        return lo
    if score_at(hi) >= aim:
        return hi
    for _ in range(40):
        mid = (lo + hi) / 2
        if score_at(mid) > aim:
            lo = mid
        else:
            hi = mid
    return round((lo + hi) / 2, 2)


def dial_name(x: float) -> str:
    return f"{PREFIX}{x:g}"


@dataclass(frozen=True, slots=True)
class GameLevel:
    """A pupil's game level as a teacher reads it: where on the dial they win half their
    games, 0 (random moves) to 100 (casual)."""

    points: int
    games: int
    settled: bool  # enough games that the level is more than a first guess
    beyond_dial: bool  # stronger than the dial's top (casual)


def game_level(rating: Rating, bots: BotElo) -> GameLevel:
    return GameLevel(
        round(100 * choose_dial(rating, bots, DEFAULT_AIM)),
        rating.games,
        rating.rd <= SETTLED_RD,
        rating.elo > bots.dial_elo[-1],
    )


def level_points(bot: str, bots: BotElo) -> int:
    """Where a bot sits on the same 0-100 scale (beginner about 34)."""
    return round(100 * choose_dial(Rating(bots.rating_of(bot).elo, 0.0), bots, DEFAULT_AIM))
