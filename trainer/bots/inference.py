"""Reading the other players' hands from how they played (the `expert` level's inference).

The view's public log (R9: every card played so far, face up) is replayed with the hidden
cards as blanks, which gives, for each turn another player took, the table they faced, how
many cards they held and drew, and what left their hand since (a Thief, a Bomb). Two facts
then weigh each guess of their current hand:

* a capture adds up to the target of that turn (R5.2), and the target was the back of the card
  on top of the deck (R4.1) — the first card that player drew at the end of the turn (R6.1);
* a player who laid a card (R5.2) when their hand could capture rarely does so on purpose.

A guess's weight is the chance of the observed plays under that model, averaged over which of
the player's cards were drawn after each turn (all ways equally likely). The search bots use
the weights to make determinisations that agree with the play more likely.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from trainer.bots.sim import BACK, EMPTY_TARGET, INDEX, VALUE, subsets_by_sum
from trainer.engine.moves import Discard, LostTurn, Play, UseJoker, UseShifter, UseThief
from trainer.engine.state import HAND_SIZE, TABLE_REFILL


class _Slot:
    """A place on the table whose card may not be known yet (dealt or refilled face up from the
    deck: the card shows, but the log does not name it; a later capture or the table does)."""

    __slots__ = ("card", "arrived", "unsure_until")

    def __init__(self, card, arrived=0):
        self.card = card
        self.arrived = arrived  # blanks that arrived together are interchangeable
        self.unsure_until = -1  # before this time, which card it held is unknown


@dataclass
class Turn:
    """One turn of a player, as everyone saw it."""

    seat: int
    card: int  # the card played (simulator number)
    capture: tuple[int, ...]  # () for a lay
    delta: int  # that turn's Joker (R4.2)
    slots: list  # the table when the card was played
    hand_size: int  # cards held when playing
    deck_size: int  # deck size then: 0 means the blue 7 was the target
    clock: int  # its place in the log
    drawn: int = 0  # cards drawn after it, up to the player's next turn
    removed: list = field(default_factory=list)  # cards taken from the hand since (R7.1, R7.4)
    table: tuple[int, ...] | None = ()  # the table as card numbers; None if unsure
    sums: dict | None = None


def public_turns(view) -> dict[int, list[Turn]] | None:  # noqa: C901 - one walk over the log
    """Each seat's turns, latest first, or None if the log cannot be followed (it always can
    for a view of a real round; None only keeps a bot safe from a hand-made view)."""
    n = view.players
    hand = [HAND_SIZE] * n
    total = sum(1 for _ in _deck_cards(view.colors))
    deck = total - HAND_SIZE * n - TABLE_REFILL
    table = [_Slot(None) for _ in range(TABLE_REFILL)]
    clock = 0
    delta = 0
    latest: list[Turn | None] = [None] * n
    turns: dict[int, list[Turn]] = {s: [] for s in range(n)}

    def refill(seat: int) -> int:
        nonlocal deck
        draws = max(0, min(HAND_SIZE - hand[seat], deck))
        hand[seat] += draws
        deck -= draws
        if not table and deck:
            k = min(TABLE_REFILL, deck)
            table.extend(_Slot(None, clock) for _ in range(k))
            deck -= k
        return draws

    for seat, move in view.log:
        clock += 1
        if isinstance(move, LostTurn):
            drawn = refill(seat)
            if latest[seat] is not None:
                latest[seat].drawn += drawn
        elif isinstance(move, UseJoker):
            delta = move.delta
        elif isinstance(move, UseThief):
            if move.stolen is None:
                return None
            hand[move.victim] -= 1
            table.append(_Slot(INDEX[move.stolen]))
            if latest[move.victim] is not None:
                latest[move.victim].removed.append(INDEX[move.stolen])
        elif isinstance(move, UseShifter):
            deck -= 1
            table.append(_Slot(None, clock))
        elif isinstance(move, Discard):
            hand[seat] -= 1
            table.append(_Slot(INDEX[move.card]))
            if latest[seat] is not None:
                latest[seat].removed.append(INDEX[move.card])
        elif isinstance(move, Play):
            card = INDEX[move.card]
            taken = tuple(INDEX[c] for c in move.capture)
            turn = Turn(seat, card, taken, delta, list(table), hand[seat], deck, clock)
            if not _take(table, taken):
                return None
            if not taken:
                table.append(_Slot(card))
            hand[seat] -= 1
            delta = 0
            turn.drawn = refill(seat)
            latest[seat] = turn
            turns[seat].append(turn)
        # UseBomb changes nothing by itself: the Discards that follow do.
    if len(table) != len(view.table) or deck != view.deck_size or tuple(hand) != view.hand_sizes:
        return None
    if not _name_blanks(table, [INDEX[c] for c in view.table]):
        return None
    for seat in turns:
        for t in turns[seat]:
            unsure = any(s.unsure_until > t.clock for s in t.slots)
            t.table = None if unsure else tuple(s.card for s in t.slots)
            t.slots = []
        turns[seat].reverse()
    return turns


def _take(table: list[_Slot], taken: tuple[int, ...]) -> bool:
    """Takes a capture's cards off the table, naming blank slots as it must; False if the
    cards cannot have been there."""
    for c in taken:
        slot = next((s for s in table if s.card == c), None)
        if slot is None:
            blanks = [s for s in table if s.card is None]
            if not blanks:
                return False
            slot = blanks[0]
            newest = max(s.arrived for s in blanks)
            if newest != slot.arrived:
                # The log does not name refilled or shifted cards: with blanks of two
                # arrivals on the table, which one this was is unknown. Once all of
                # them lay there the table is the same either way; before the last
                # arrived it is not, and those turns teach nothing.
                for s in blanks:
                    s.unsure_until = max(s.unsure_until, newest)
            slot.card = c
        table.remove(slot)
    return True


def _name_blanks(table: list[_Slot], left: list[int]) -> bool:
    """Names the blank slots by the cards the view shows (`left`, consumed); False if a named
    slot's card is not among them."""
    for slot in table:
        if slot.card is not None:
            if slot.card not in left:
                return False
            left.remove(slot.card)
    blanks = [slot for slot in table if slot.card is None]
    for slot, card in zip(blanks, left):
        slot.card = card
    return True


def _deck_cards(colors):
    from trainer.engine.cards import card_table

    return card_table().deck_for(colors)


class HandModel:
    """Weighs guesses of one player's current hand by their last `memory` turns."""

    def __init__(self, turns: list[Turn], memory: int, slip: float):
        self.turns = turns[:memory]
        self.slip = slip
        # For each turn with a known table: target -> the hand values that could capture.
        self.capturing: list[dict[int, frozenset[int]] | None] = []
        for t in self.turns:
            if t.capture or t.table is None:
                self.capturing.append(None)
                continue
            sums = subsets_by_sum(t.table) if t.table else {}
            self.capturing.append(
                {
                    target: frozenset(target - s for s in sums if 1 <= target - s <= 6)
                    for target in range(EMPTY_TARGET - 1, 12)
                }
            )
        self.memo: dict = {}

    def weight(self, hand) -> float:
        return self._likelihood(tuple(sorted(hand)), 0)

    def _likelihood(self, held: tuple[int, ...], level: int) -> float:
        if level == len(self.turns):
            return 1.0
        key = (level, held)
        found = self.memo.get(key)
        if found is not None:
            return found
        t = self.turns[level]
        pool = list(held) + t.removed
        keep = len(pool) - t.drawn
        if keep != t.hand_size - 1 or keep < 0:
            self.memo[key] = 1.0  # counts do not fit (should not happen): learn nothing more
            return 1.0
        total = 0.0
        count = 0
        for kept in combinations(range(len(pool)), keep):
            hand = tuple(sorted([pool[i] for i in kept] + [t.card]))
            if t.deck_size:
                drawn = [pool[i] for i in range(len(pool)) if i not in kept]
                targets = [BACK[f] + t.delta for f in drawn] if drawn else [None]
            else:
                targets = [EMPTY_TARGET + t.delta]
            deeper = None
            for target in targets:
                p = self._chance(level, t, hand, target)
                if p:
                    if deeper is None:
                        deeper = self._likelihood(hand, level + 1)
                    p *= deeper
                total += p
                count += 1
        found = self.memo[key] = total / count if count else 1.0
        return found

    def _chance(self, level: int, t: Turn, hand, target) -> float:
        """P(the observed play | the hand then, the target then)."""
        if target is None:
            return 1.0
        if t.capture:
            return 1.0 if VALUE[t.card] + sum(VALUE[c] for c in t.capture) == target else 0.0
        capturing = self.capturing[level]
        if capturing is None:
            return 1.0
        values = capturing.get(target)
        if values:
            for c in hand:
                if VALUE[c] in values:
                    return self.slip
        return 1.0
