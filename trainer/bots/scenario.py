"""Hand-made positions for tests and benchmarks: a whole State from a few named cards."""

from __future__ import annotations

from trainer.engine.cards import card_table, default_colors
from trainer.engine.state import Phase, RoundSetup, State


def make_state(
    hands,
    table,
    deck_top=(),
    *,
    turn: int = 0,
    rest: str = "deck",
    won=None,
    owned=None,
    used=None,
    tweak_deck=None,
    phase: Phase = Phase.START,
    delta: int = 0,
    pending=(),
    colors=None,
    log=(),
) -> State:
    """A State where `hands`, `table` and the top of the deck are as given.

    Every other numeric card of the colours in play goes below `deck_top` in the deck
    (rest="deck") or onto the won pile of the last seat (rest="won"), so that card counts add
    up as in a real round. `owned`/`used` list [T!] cards per seat; the [T!]
    deck holds the others unless `tweak_deck` is given."""
    players = len(hands)
    colors = tuple(colors) if colors else default_colors(players)
    cards = card_table()
    placed = [c for h in hands for c in h] + list(table) + list(deck_top)
    won = [list(p) for p in (won or [[] for _ in range(players)])]
    placed += [c for p in won for c in p]
    if len(set(placed)) != len(placed):
        raise ValueError("a card is placed twice")
    others = [c for c in cards.deck_for(colors) if c not in set(placed)]
    deck = list(deck_top)
    if rest == "deck":
        deck += others
    elif rest == "won":
        won[-1] += others
    else:
        raise ValueError("rest must be 'deck' or 'won'")
    owned = [tuple(o) for o in (owned or [() for _ in range(players)])]
    used = [frozenset(u) for u in (used or [() for _ in range(players)])]
    owned_all = {c for o in owned for c in o}
    if tweak_deck is None:
        tweak_deck = [c for c in cards.action_ids if c not in owned_all]
    setup = RoundSetup(players, colors, (turn - 1) % players, (), ())
    return State(
        setup,
        tuple(deck),
        tuple(tweak_deck),
        tuple(table),
        tuple(tuple(h) for h in hands),
        tuple(tuple(p) for p in won),
        tuple(owned),
        tuple(used),
        turn,
        phase,
        delta,
        tuple(pending),
        tuple(log),
        0,
    )


def dealt_state(hands, table, deck_top=(), *, dealer: int | None = None, tweak_deck=None, colors=None) -> State:
    """A freshly dealt round (D4) whose hands, table and deck top are as given: the deck order
    is arranged so that dealing produces them, so the round has a real history from here."""
    from trainer.engine.state import deal

    players = len(hands)
    if any(len(h) != 3 for h in hands) or len(table) != 2:
        raise ValueError("a deal gives 3 cards to each player and 2 to the table (D4)")
    dealer = players - 1 if dealer is None else dealer
    colors = tuple(colors) if colors else default_colors(players)
    cards = card_table()
    first = (dealer + 1) % players
    order = [hands[(first + k) % players][k // players] for k in range(3 * players)]
    order += list(table) + list(deck_top)
    if len(set(order)) != len(order):
        raise ValueError("a card is placed twice")
    order += [c for c in cards.deck_for(colors) if c not in set(order)]
    tweak_deck = tuple(tweak_deck) if tweak_deck is not None else cards.action_ids
    return deal(RoundSetup(players, colors, dealer, tuple(order), tuple(tweak_deck)))
