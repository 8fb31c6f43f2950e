"""What the pupil is shown happened: their own latest turn, then every public move after it,
each with the round as it stood before and after (issue 6.3: bots' turns one by one).

The log of a round holds every public move (R9), a Thief's drawn card included, so replaying
it from the deal gives each in-between position exactly, and shows nothing a pupil may not see.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.moves import LostTurn, Play
from trainer.engine.rules import apply
from trainer.engine.state import State, deal
from trainer.games.service import PUPIL, Game


@dataclass(frozen=True)
class Step:
    seat: int
    move: object  # Play, a Use* action, Discard or LostTurn
    before: State
    after: State

    @property
    def won_action(self) -> str | None:
        """The [T!] card a TWEAK won in this step (R5.3), if any."""
        old, new = self.before.owned[self.seat], self.after.owned[self.seat]
        return new[-1] if len(new) > len(old) else None

    @property
    def tweak(self) -> bool:
        # D6: with the [T!] deck empty a sweep still stands, but wins nothing.
        return (
            isinstance(self.move, Play) and bool(self.move.capture) and len(self.move.capture) == len(self.before.table)
        )


@dataclass(frozen=True)
class Story:
    mine: tuple[Step, ...]  # the pupil's latest decisions (an action card and a play, or a discard)
    later: tuple[Step, ...]  # everything since: bots' moves and lost turns (D7), in order


def states_along(final: State) -> list[State]:
    """states[i]: the round right after log entry i. A lost turn (D7) is logged by the play
    before it, so it shares that play's state."""
    state = deal(final.setup)
    states = []
    for _seat, move in final.log:
        if not isinstance(move, LostTurn):
            state = apply(state, move)
        states.append(state)
    return states


def story(game: Game) -> Story:
    final = game.state
    log = final.log
    states = states_along(final)
    start = deal(final.setup)

    def step(i: int) -> Step:
        seat, move = log[i]
        return Step(seat, move, states[i - 1] if i else start, states[i])

    split = min(game.seen, len(log))
    first = split
    while first > 0 and log[first - 1][0] == PUPIL and not isinstance(log[first - 1][1], LostTurn):
        first -= 1
    return Story(tuple(step(i) for i in range(first, split)), tuple(step(i) for i in range(split, len(log))))
