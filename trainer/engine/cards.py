"""Card data, read from seed_data/cards.json (D1 backs, R2 points): no card table lives in code."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

SEED_DATA = Path(os.environ.get("TWEAK_SEED_DATA", Path(__file__).resolve().parents[2] / "seed_data"))

ACTION_KINDS = ("thief", "joker", "shifter", "bomb")


@dataclass(frozen=True)
class CardTable:
    colors: tuple[str, ...]  # colour letters in index order R O Y G B P
    color_names: dict[str, str]  # letter -> English name
    value: dict[str, int]  # numeric card id -> face value (R1.1)
    back: dict[str, int]  # numeric card id -> back number (R1.2, D1)
    points: dict[str, int]  # every card id -> points (R2)
    color_of: dict[str, str]  # numeric card id -> colour letter
    numeric_ids: tuple[str, ...]  # all 54, colour by colour in printed order
    action_ids: tuple[str, ...]  # all 10 [T!] cards
    action_kind: dict[str, str]  # action card id -> thief/joker/shifter/bomb
    empty_deck_target: int  # the blue 7 under the deck (R1.4)

    def deck_for(self, colors: Iterable[str]) -> tuple[str, ...]:
        wanted = set(colors)
        return tuple(c for c in self.numeric_ids if self.color_of[c] in wanted)

    def is_numeric(self, card: str) -> bool:
        return card in self.value

    def is_action(self, card: str) -> bool:
        return card in self.action_kind


@cache
def card_table() -> CardTable:
    data = json.loads((SEED_DATA / "cards.json").read_text(encoding="utf-8"))
    numeric = data["numeric"]
    actions = data["action"]
    points = {c["id"]: c["points"] for c in numeric}
    points.update({a["id"]: a["points"] for a in actions})
    return CardTable(
        colors=tuple(c["letter"] for c in data["colors"]),
        color_names={c["letter"]: c["name"] for c in data["colors"]},
        value={c["id"]: c["value"] for c in numeric},
        back={c["id"]: c["back"] for c in numeric},
        points=points,
        color_of={c["id"]: c["color"] for c in numeric},
        numeric_ids=tuple(c["id"] for c in numeric),
        action_ids=tuple(a["id"] for a in actions),
        action_kind={a["id"]: a["kind"] for a in actions},
        empty_deck_target=data["blue_seven_target"],
    )


def default_colors(players: int) -> tuple[str, ...]:
    """R3.1 with D2: 2-3 players R O Y G, 4 players adds B, 5-6 players all six."""
    if not 2 <= players <= 6:
        raise ValueError(f"TWEAK is for 2 to 6 players, not {players} (R3.1)")
    colors = card_table().colors
    return colors[:4] if players <= 3 else colors[:5] if players == 4 else colors
