"""What a pupil's play tells the teacher (issue 6): was a capture there, was a TWEAK, how long."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.moves import Play
from trainer.engine.solver import best_capture, solve
from trainer.engine.state import State


@dataclass(frozen=True, slots=True)
class MoveAnalysis:
    round: int
    turn: int
    target: int
    hand: tuple[str, ...]
    table: tuple[str, ...]
    play: str
    capture: tuple[str, ...]  # empty: laid
    points: int  # of the chosen capture (0 for a lay)
    tweak: bool  # the chosen capture swept the table
    captures_available: int
    best_points: int  # 0 when no capture was there
    tweak_available: bool
    decision_ms: int | None  # from the board being drawn to the move (client)
    hint_used: bool

    @property
    def missed_capture(self) -> bool:
        return self.captures_available > 0 and not self.capture

    @property
    def missed_tweak(self) -> bool:
        return self.tweak_available and not self.tweak

    def to_json(self) -> dict:
        out = {name: getattr(self, name) for name in self.__slots__}
        out["hand"], out["table"], out["capture"] = list(self.hand), list(self.table), list(self.capture)
        out["missed_capture"], out["missed_tweak"] = self.missed_capture, self.missed_tweak
        return out


def analyse_play(state: State, move: Play, round_no: int, decision_ms: int | None, hint_used: bool) -> MoveAnalysis:
    """`state` is the position the play was chosen in (after any action card of the turn)."""
    seat = state.turn
    captures = solve(state.hands[seat], state.table, state.target)
    best = best_capture(captures)
    chosen = next((c for c in captures if c.play == move.card and set(c.capture) == set(move.capture)), None)
    return MoveAnalysis(
        round=round_no,
        turn=state.turns,
        target=state.target,
        hand=state.hands[seat],
        table=state.table,
        play=move.card,
        capture=chosen.capture if chosen else (),
        points=chosen.points if chosen else 0,
        tweak=bool(chosen and chosen.tweak),
        captures_available=len(captures),
        best_points=best.points if best else 0,
        tweak_available=any(c.tweak for c in captures),
        decision_ms=decision_ms,
        hint_used=hint_used,
    )
