"""The moves of a TWEAK turn. A turn is an optional action card (R5.1), Bomb discards by the
players it hits (R7.4), then exactly one played card (R5.2)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Play:
    """Play a hand card: a capture when `capture` names table cards, a lay when it is empty."""

    card: str
    capture: tuple[str, ...] = ()

    @property
    def is_lay(self) -> bool:
        return not self.capture


@dataclass(frozen=True, slots=True)
class UseThief:
    card: str
    victim: int
    stolen: str | None = None  # drawn with the RNG when None (R7.1); fixed when replaying


@dataclass(frozen=True, slots=True)
class UseJoker:
    card: str
    delta: int  # +1 or -1 (R7.2)


@dataclass(frozen=True, slots=True)
class UseShifter:
    card: str


@dataclass(frozen=True, slots=True)
class UseBomb:
    card: str


@dataclass(frozen=True, slots=True)
class Discard:
    """A card given up to a Bomb by the player it hits (R7.4)."""

    card: str


@dataclass(frozen=True, slots=True)
class LostTurn:
    """Not chosen by anyone: logged when a player's turn is lost (D7)."""

    seat: int


Move = Play | UseThief | UseJoker | UseShifter | UseBomb | Discard
ActionMove = UseThief | UseJoker | UseShifter | UseBomb
ACTION_MOVE_KIND = {UseThief: "thief", UseJoker: "joker", UseShifter: "shifter", UseBomb: "bomb"}
