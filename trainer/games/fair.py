"""What the helper bot did for a child at a class table is not the child's (issue 39.1): its
turns are left out of the child's points and TWEAKs in the tournament's standings (and so
its certificates), and a child who comes back is told how many turns it played for them.
Pure: works on round records, games and the table's `helped` list ([round, step, seat, why],
trainer.store.class_tables.helped_of)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.engine.moves import Play
from trainer.engine.records import replay_round
from trainer.engine.state import State, deal
from trainer.games.service import Game
from trainer.games.story import states_along


def helper_steps(helped: Sequence[Sequence], round_no: int) -> dict[int, set[int]]:
    """seat -> the log steps of round `round_no` the helper bot decided for it."""
    out: dict[int, set[int]] = {}
    for r, step, seat, *_why in helped:
        if r == round_no:
            out.setdefault(seat, set()).add(step)
    return out


def own_results(record: dict, round_no: int, helped: Sequence[Sequence]) -> tuple[list[int], list[int]]:
    """Each seat's points and TWEAKs in a finished round without what the helper bot's turns
    earned for it: every helper step's change to that seat's score and [T!] cards is taken away."""
    return own_of(replay_round(record), round_no, helped)


def own_of(final: State, round_no: int, helped: Sequence[Sequence]) -> tuple[list[int], list[int]]:
    """own_results of a round's state, finished or still in play (points so far)."""
    points, tweaks = final.scores(), [len(owned) for owned in final.owned]
    steps = helper_steps(helped, round_no)
    if not steps:
        return points, tweaks
    states, start = states_along(final), deal(final.setup)
    for seat, mine in steps.items():
        for i in mine:
            if not 0 <= i < len(states) or seat >= final.players:
                continue
            before = states[i - 1] if i else start
            points[seat] -= states[i].scores()[seat] - before.scores()[seat]
            tweaks[seat] -= len(states[i].owned[seat]) - len(before.owned[seat])
    return points, tweaks


def _plays(state: State, seat: int) -> list[int]:
    return [i for i, (who, move) in enumerate(state.log) if who == seat and isinstance(move, Play)]


def helped_since_own_turn(game: Game, seat: int, helped: Sequence[Sequence]) -> int:
    """How many turns in a row the helper bot played for `seat` since its child's own last
    turn (across rounds): what the child is told when they come back. 0 once they play."""
    if seat < 0 or not helped:
        return 0
    count = 0
    rounds: list[tuple[int, State | None]] = [(game.round_no, game.state)]
    for number in range(game.round_no - 1, -1, -1):
        rounds.append((number, None))
    for number, state in rounds:
        mine = helper_steps(helped, number).get(seat, set())
        if state is None:
            if not mine:
                return count  # a round without a helper turn for them: they played it
            state = replay_round(game.rounds[number])
        for i in reversed(_plays(state, seat)):
            if i not in mine:
                return count
            count += 1
    return count


@dataclass(frozen=True)
class FairScores:
    """The one score every screen shows (issue 46.4), each seat's own: what the helper bot's
    turns earned for it is apart (`*_helper`), never in the figure, as in the standings."""

    round: list[int]  # points in the round shown (in play, or just over)
    round_helper: list[int]
    totals: list[int] | None  # match points so far, the round in play included; None: one round
    totals_helper: list[int] | None
    winner: int | None  # once the game is over: the most own points (None: a tie, or not over)


def fair_scores(game: Game, helped: Sequence[Sequence]) -> FairScores:
    raw_round = game.state.scores()
    raw_totals = game.totals() if game.settings.threshold is not None else None
    if helped:
        own_round = own_of(game.state, game.round_no, helped)[0]
        own_totals = None
        if raw_totals is not None:
            own_totals = list(own_round)
            for number, record in enumerate(game.rounds):
                if number != game.round_no:
                    for seat, points in enumerate(own_results(record, number, helped)[0]):
                        own_totals[seat] += points
    else:
        own_round, own_totals = raw_round, raw_totals
    winner = game.winner
    if game.over and helped:
        final = own_totals if own_totals is not None else own_round
        winner = final.index(max(final)) if final.count(max(final)) == 1 else None
    return FairScores(
        own_round,
        [r - o for r, o in zip(raw_round, own_round)],
        own_totals,
        [r - o for r, o in zip(raw_totals, own_totals)] if raw_totals is not None and own_totals is not None else None,
        winner,
    )
