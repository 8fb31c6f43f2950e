"""The position format of FORMATS.md, read strictly: input of the solver and of puzzles."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.cards import card_table
from trainer.engine.errors import CodedError

POSITION_KEYS = {"target", "table", "hand", "joker"}


class PositionError(CodedError):
    """A position that does not follow FORMATS.md; `code` is one of the codes raised below."""


@dataclass(frozen=True, slots=True)
class Position:
    target: int
    table: tuple[str, ...]
    hand: tuple[str, ...]
    joker: bool = False

    def to_json(self) -> dict:
        out = {"target": self.target, "table": list(self.table), "hand": list(self.hand)}
        if self.joker:
            out["joker"] = True
        return out


def parse_position(data: object) -> Position:
    if not isinstance(data, dict):
        raise PositionError("a position must be a JSON object with target, table and hand", "not_object")
    extra = sorted(set(data) - POSITION_KEYS)
    if extra:
        raise PositionError(
            f"unknown field {extra[0]!r} (a position has target, table, hand, joker)", "unknown_field", field=extra[0]
        )
    for key in ("target", "table", "hand"):
        if key not in data:
            raise PositionError(f"the position has no {key!r}", "missing_field", field=key)
    target = data["target"]
    if not isinstance(target, int) or isinstance(target, bool):
        raise PositionError(f"target must be a whole number, not {target!r}", "target_not_whole")
    joker = data.get("joker", False)
    if not isinstance(joker, bool):
        raise PositionError("joker must be true or false", "joker_not_bool")
    seen: set[str] = set()
    table = _card_ids(data, "table", seen)
    return Position(target, table, _card_ids(data, "hand", seen), joker)


def _card_ids(data: dict, key: str, seen: set[str]) -> tuple[str, ...]:
    """The list `key` of known numeric cards, none of them in `seen` (which gains them)."""
    ids = data[key]
    if not isinstance(ids, list):
        raise PositionError(f"{key} must be a list of card ids", "not_a_list", field=key)
    cards = card_table()
    for card in ids:
        if not isinstance(card, str) or not cards.is_numeric(card):
            raise PositionError(
                f"unknown card {card!r} in {key} (ids look like R1a, O5, B3b)",
                "unknown_card",
                card=str(card),
                field=key,
            )
        if card in seen:
            raise PositionError(f"card {card} appears twice", "card_twice", card=card)
        seen.add(card)
    return tuple(ids)
