"""The editor's form: the cards on the table and in the hand (hidden fields, in tap order), the
target, the kind, the focus card, where the next tapped card goes, and the card just tapped.
The same fields serve static/js/editor.js (which moves cards in the page and asks for the live
answer) and the page without JavaScript (each tap posts the form)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from trainer.engine.cards import card_table
from trainer.puzzles.kinds import FOCUS_HAND, KINDS
from trainer.puzzles.puzzle import TARGET_RANGE
from trainer.web.core.numbers import whole_number

PLACES = ("table", "hand")
DEFAULT_TARGET = 9


@dataclass(frozen=True)
class EditorState:
    table: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    target: object = DEFAULT_TARGET  # an int when the form sent digits; else what it sent
    kind: str = "all"
    focus: str = FOCUS_HAND
    place: str = "table"

    @property
    def draft_focus(self) -> str:
        # A focus card is for `all` only; one left over from before the kind changed is dropped.
        return self.focus if self.kind == "all" and self.focus in self.hand else FOCUS_HAND

    def tapped(self, card: str) -> "EditorState":
        """A card tapped: taken back if it is placed, else put where `place` says."""
        if card in self.table:
            return replace(self, table=tuple(c for c in self.table if c != card))
        if card in self.hand:
            return replace(self, hand=tuple(c for c in self.hand if c != card))
        if self.place == "hand":
            return replace(self, hand=(*self.hand, card))
        return replace(self, table=(*self.table, card))


def read(form, with_tap: bool = True) -> EditorState:
    """The state the form describes, with the tap (if any) applied. The script has applied the
    tap itself before it asks (htmx still sends the last button pressed), so its requests are
    read `with_tap=False`. Unknown cards and repeats
    are dropped here (only a forged form sends them); sizes and the target are left for the
    puzzle checks, so the teacher reads the same words as for an upload."""
    cards = card_table()
    seen: set[str] = set()

    def cards_of(name):
        kept = []
        for card in form.getlist(name):
            if cards.is_numeric(card) and card not in seen:
                seen.add(card)
                kept.append(card)
        return tuple(kept)

    typed_target = form.get("target", "").strip()
    target = whole_number(typed_target, max_digits=3)
    kind = form.get("kind", "all")
    state = EditorState(
        cards_of("table"),
        cards_of("hand"),
        typed_target if target is None else target,
        kind if kind in KINDS else "all",
        form.get("focus", FOCUS_HAND),
        form.get("place") if form.get("place") in PLACES else "table",
    )
    tap = form.get("tap") if with_tap else None
    if tap and cards.is_numeric(tap):
        state = state.tapped(tap)
    return state


def palette() -> list[list[str]]:
    """Every numeric card, a row per colour (R1.1)."""
    cards = card_table()
    colours = ("R", "O", "Y", "G", "B", "P")
    return [[c for c in cards.deck_for(colours) if cards.color_of[c] == colour] for colour in colours]


TARGETS = range(TARGET_RANGE[0], TARGET_RANGE[1] + 1)
