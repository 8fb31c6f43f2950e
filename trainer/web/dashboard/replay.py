"""Step through a stored game, one turn at a time, as the pupil saw it.

A game's `record` (tweak-round/1 or tweak-match/1) is replayed with the engine's own
`replay_round` up to the chosen turn, and shown from the pupil's seat (R9): their hand, the
table, the target and what everyone can see, never a bot's hand or the deck's order.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.cards import card_table
from trainer.engine.records import MATCH_FORMAT, RecordError, ReplayError, replay_round
from trainer.engine.solver import solve
from trainer.engine.view import PlayerView, view_of
from trainer.games.service import PUPIL


class NotReplayable(ValueError):
    """The stored record cannot be replayed (it should not happen: the engine wrote it)."""


@dataclass(frozen=True)
class Step:
    round_no: int  # 0-based
    rounds: int
    step: int  # turns played so far in this round, 0 = just dealt
    steps: int  # turns in this round
    view: PlayerView  # after `step` turns, from the pupil's seat
    move: dict | None  # the record's entry for the turn just played
    scores: tuple[int, ...]
    won_tweak: bool = False  # the turn just played won a [T!] card (a TWEAK, R5.3)
    seat: int = PUPIL  # the pupil's seat: 0 in bot games, theirs at a class table

    @property
    def mover(self) -> int | None:
        return self.move["player"] if self.move else None

    @property
    def pupil_moved(self) -> bool:
        return self.mover == self.seat


def rounds_of(record: dict) -> list[dict]:
    if not isinstance(record, dict):
        raise NotReplayable("not a record")
    if record.get("format") == MATCH_FORMAT:
        rounds = record.get("rounds")
        if not isinstance(rounds, list) or not rounds:
            raise NotReplayable("a match without rounds")
        return rounds
    return [record]


def turns_in(record: dict, round_no: int) -> int:
    moves = rounds_of(record)[round_no].get("moves")
    if not isinstance(moves, list):
        raise NotReplayable("a round without moves")
    return len(moves)


def step_at(record: dict, round_no: int, step: int, seat: int = PUPIL) -> Step:
    """Raises IndexError for a round or step that does not exist, NotReplayable for a broken record."""
    rounds = rounds_of(record)
    if not 0 <= round_no < len(rounds):
        raise IndexError("round")
    this = rounds[round_no]
    steps = turns_in(record, round_no)
    if not 0 <= step <= steps:
        raise IndexError("step")
    try:
        state = replay_round({**this, "moves": this["moves"][:step]})
        before = replay_round({**this, "moves": this["moves"][: step - 1]}) if step else state
    except (RecordError, ReplayError, KeyError, TypeError) as err:
        raise NotReplayable(str(err)) from None
    move = this["moves"][step - 1] if step else None
    # A TWEAK shows as a [T!] card won (with an empty [T!] deck, D6, it would not show).
    won = bool(move) and len(state.owned[move["player"]]) > len(before.owned[move["player"]])
    return Step(round_no, len(rounds), step, steps, view_of(state, seat), move, tuple(state.scores()), won, seat)


@dataclass(frozen=True)
class TurnText:
    """A record entry taken apart for the page to word."""

    seat: int
    action: str | None  # thief, joker, shifter, bomb
    delta: int | None
    victim: int | None
    stolen: str | None
    discards: tuple[tuple[int, str], ...]
    play: str
    capture: tuple[str, ...]


def turn_text(move: dict) -> TurnText:
    action = move.get("action") or {}
    kind = card_table().action_kind.get(action.get("card")) if action else None
    discards = tuple(sorted((int(seat), card) for seat, card in (action.get("discards") or {}).items()))
    return TurnText(
        move["player"],
        kind,
        action.get("delta"),
        action.get("victim"),
        action.get("stolen"),
        discards,
        move["play"],
        tuple(move.get("capture") or ()),
    )


@dataclass(frozen=True)
class Missed:
    """What the pupil could have taken at a decision the analysis flagged."""

    captures: tuple  # solver captures, best first
    tweak_available: bool


def could_have(analysis: dict, show: int = 3) -> Missed:
    """The captures that were there, from the stored MoveAnalysis JSON (hand, table, target)."""
    captures = solve(tuple(analysis["hand"]), tuple(analysis["table"]), analysis["target"])
    ranked = sorted(captures, key=lambda c: (c.tweak, c.points, c.cards), reverse=True)
    return Missed(tuple(ranked[:show]), any(c.tweak for c in captures))
