"""The cards a pupil has tapped for a capture: one hand card and table cards in tap order.

Kept with the game in the database, not in the page or the cookie session: each tap posts
only its own card and taps queue on the form, so a child tapping quickly never sends a stale
selection; and a cookie written by one response can be overwritten by another that was
already on its way (a board refresh, a second tab), which lost taps under load. The row is
the one source of truth, updated in one write transaction per tap, so it also holds across
several server processes. A selection belongs to one position of one game; any move starts
a new one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from trainer.store import games
from trainer.web.db import get_db


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


def _read(stored: str | None, position: str, hand, table) -> Pick:
    try:
        data = json.loads(stored) if stored else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("at") != position:
        return Pick()
    chosen = data.get("hand")
    picked = data.get("table")
    picked = picked if isinstance(picked, list) else []
    return Pick(
        chosen if isinstance(chosen, str) and chosen in hand else None,
        tuple(dict.fromkeys(c for c in picked if isinstance(c, str) and c in table)),
    )


def _tapped(pick: Pick, hand, table, card: str) -> Pick:
    """A hand card replaces the chosen one (tapped again, it is let go); a table card is
    added, or taken out again."""
    if card in hand:
        return Pick(None if pick.hand == card else card, pick.table)
    if card in table:
        chosen = pick.table
        return Pick(pick.hand, tuple(c for c in chosen if c != card) if card in chosen else chosen + (card,))
    return pick


def current(row: dict, position: str, hand, table) -> Pick:
    return _read(row.get("pick"), position, hand, table)


def tap(game_id: int, position: str, hand, table, card: str) -> Pick:
    def update(stored):
        pick = _tapped(_read(stored, position, hand, table), hand, table, card)
        return pick, (None if pick.empty else json.dumps({"at": position, **pick.to_json()}))

    return games.update_pick(get_db(), game_id, update)


def clear(game_id: int) -> None:
    games.update_pick(get_db(), game_id, lambda stored: (None, None))
