"""The cards a pupil has tapped for a capture: one hand card and table cards in tap order.

Kept in the session, not in the page: each tap posts only its own card and taps queue on the
form, so a child tapping quickly never sends a stale selection (as with the picture pad).
A selection belongs to one position of one game; any move starts a new one.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask import session

KEY = "game_pick"


@dataclass(frozen=True)
class Pick:
    hand: str | None = None
    table: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return self.hand is None and not self.table

    def cards(self) -> tuple[str, ...]:
        return ((self.hand,) if self.hand else ()) + self.table

    def to_json(self) -> dict:
        return {"hand": self.hand, "table": list(self.table)}


def current(game_id: int, position: str, hand, table) -> Pick:
    stored = session.get(KEY)
    if not isinstance(stored, dict) or stored.get("game") != game_id or stored.get("at") != position:
        return Pick()
    chosen = stored.get("hand")
    picked = stored.get("table")
    picked = picked if isinstance(picked, list) else []
    return Pick(chosen if chosen in hand else None,
                tuple(dict.fromkeys(c for c in picked if c in table)))


def tap(game_id: int, position: str, hand, table, card: str) -> Pick:
    """A hand card replaces the chosen one (tapped again, it is let go); a table card is
    added, or taken out again."""
    pick = current(game_id, position, hand, table)
    if card in hand:
        pick = Pick(None if pick.hand == card else card, pick.table)
    elif card in table:
        chosen = pick.table
        pick = Pick(pick.hand, tuple(c for c in chosen if c != card) if card in chosen else chosen + (card,))
    store(game_id, position, pick)
    return pick


def store(game_id: int, position: str, pick: Pick) -> None:
    if pick.empty:
        session.pop(KEY, None)
    else:
        session[KEY] = {"game": game_id, "at": position, **pick.to_json()}


def clear() -> None:
    session.pop(KEY, None)
