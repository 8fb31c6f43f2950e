"""What the backs of the cards tell about the other hands (the `expert` level's card counting).

Every card that leaves the deck during play lay on top first, so its back was the target
(R4.1) that everyone saw (`PlayerView.backs_shown`). Following the public log, a player
knows the back of every card each other player drew, and of every card that left their hand
face up (played, stolen, given to a Bomb; D1: a card's back follows from its name). The three
dealt cards are the unknowns: their backs were never the target (R3.3). When a card leaves a
hand, it was either a drawn card with that back or one of the dealt cards that happens to have
it (about one in four: D1 prints the four backs about equally often), and the two stories are weighed so.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from trainer.bots.sim import BACK, INDEX
from trainer.engine.cards import card_table
from trainer.engine.moves import Discard, LostTurn, Play, UseShifter, UseThief
from trainer.engine.state import HAND_SIZE, TABLE_REFILL

DEALT_BACK_CHANCE = 0.25  # a dealt card has a given back: D1 spreads the four backs evenly

# One story of a hand: (how many cards of unknown back it holds -- the dealt ones, and drawn ones
# whose back the view did not record -- and the sorted backs of the others).
Story = tuple[int, tuple[int, ...]]


def _drew(stories: dict[Story, float], back: int | None) -> dict[Story, float]:
    if back is None:  # a view without backs_shown (state_from_view)
        return {(dealt + 1, known): p for (dealt, known), p in stories.items()}
    return {(dealt, tuple(sorted(known + (back,)))): p for (dealt, known), p in stories.items()}


def _lost(stories: dict[Story, float], back: int) -> dict[Story, float]:
    out: dict[Story, float] = defaultdict(float)
    for (dealt, known), p in stories.items():
        drawn = known.count(back)
        w_dealt = dealt * DEALT_BACK_CHANCE
        total = w_dealt + drawn
        if not total:
            continue  # this story cannot explain the card: it is dropped
        if w_dealt:
            out[(dealt - 1, known)] += p * w_dealt / total
        if drawn:
            rest = list(known)
            rest.remove(back)
            out[(dealt, tuple(rest))] += p * drawn / total
    mass = sum(out.values())
    return {story: p / mass for story, p in out.items()} if mass else {}


def hand_stories(view) -> dict[int, list[tuple[float, Counter]]] | None:  # noqa: C901 - one walk over the log
    """For each other seat, the backs its hand holds for sure under each story, with the
    story's chance: [(chance, Counter of backs)], or None when the log and the counts do not
    fit (never for a view of a real round)."""
    n = view.players
    play_deck = len(card_table().deck_for(view.colors)) - n * HAND_SIZE - TABLE_REFILL
    shown = view.backs_shown
    hand = [HAND_SIZE] * n
    deck = play_deck
    table = TABLE_REFILL
    stories: list[dict[Story, float]] = [{(HAND_SIZE, ()): 1.0} for _ in range(n)]

    def leave_deck(count: int, seat: int | None = None) -> None:
        nonlocal deck
        if seat is not None:
            gone = play_deck - deck
            for k in range(gone, gone + count):
                stories[seat] = _drew(stories[seat], shown[k] if k < len(shown) else None)
        deck -= count

    def leave_hand(seat: int, card: str) -> None:
        hand[seat] -= 1
        stories[seat] = _lost(stories[seat], BACK[INDEX[card]])

    def refill(seat: int) -> None:  # R6.1, then R6.2
        nonlocal table
        draws = max(0, min(HAND_SIZE - hand[seat], deck))
        hand[seat] += draws
        leave_deck(draws, seat)
        if not table and deck:
            k = min(TABLE_REFILL, deck)
            leave_deck(k)
            table += k

    for seat, move in view.log:
        if isinstance(move, LostTurn):
            refill(seat)
        elif isinstance(move, UseThief):
            if move.stolen is None:
                return None
            leave_hand(move.victim, move.stolen)
            table += 1
        elif isinstance(move, UseShifter):
            leave_deck(1)
            table += 1
        elif isinstance(move, Discard):
            leave_hand(seat, move.card)
            table += 1
        elif isinstance(move, Play):
            leave_hand(seat, move.card)
            table += -len(move.capture) if move.capture else 1
            refill(seat)
    if deck != view.deck_size or tuple(hand) != view.hand_sizes or table != len(view.table):
        return None
    out = {}
    for s in range(n):
        if s == view.seat:
            continue
        if not stories[s]:
            return None
        out[s] = [(p, Counter(known)) for (_, known), p in stories[s].items()]
    return out


def pick_story(stories: list[tuple[float, Counter]], rng) -> Counter:
    """One story, drawn by its chance."""
    r = rng.random()
    for p, backs in stories:
        r -= p
        if r < 0:
            return backs
    return stories[-1][1]
