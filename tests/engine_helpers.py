"""Hand-built positions for rule tests: a State with exactly the cards a test names."""

from __future__ import annotations

from trainer.engine.cards import card_table
from trainer.engine.state import Phase, RoundSetup, State


def make_state(
    hands,
    table=(),
    deck=(),
    *,
    turn=0,
    owned=None,
    used=None,
    won=None,
    tweak_deck=None,
    phase=Phase.START,
    colors=("R", "O", "Y", "G", "B", "P"),
    dealer=None,
) -> State:
    n = len(hands)
    tweak_deck = tuple(card_table().action_ids) if tweak_deck is None else tuple(tweak_deck)
    owned = tuple(tuple(o) for o in (owned or [()] * n))
    used = tuple(frozenset(u) for u in (used or [()] * n))
    won = tuple(tuple(w) for w in (won or [()] * n))
    setup = RoundSetup(n, tuple(colors), (turn - 1) % n if dealer is None else dealer, (), ())
    return State(
        setup, tuple(deck), tweak_deck, tuple(table), tuple(tuple(h) for h in hands), won, owned, used, turn, phase
    )


def deck_with_target(target: int, *, exclude=()) -> list[str]:
    """A one-card deck whose back number makes the wanted target (R4.1)."""
    cards = card_table()
    for card in cards.numeric_ids:
        if cards.back[card] == target and card not in exclude:
            return [card]
    raise ValueError(target)
