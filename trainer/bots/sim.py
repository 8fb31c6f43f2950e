"""A fast, mutable copy of the round rules for the search bots' look-ahead.

The engine's `State` is immutable and speaks card ids; search needs tens of thousands of
simulated turns per decision, so this module replays the same rules (R5-R7, D5-D8) on small
integers and plain lists. It is private to the bots: records and real games always go through
`trainer.engine.rules.apply`. tests/bots/test_sim.py plays seeded rounds through both and
checks that they never disagree.

Cards are numbered 0..53 in `card_table().numeric_ids` order; action cards 0..9 in
`action_ids` order. The deck is stored top LAST (so drawing is `pop()`), unlike the engine.
"""

from __future__ import annotations

import random

from trainer.engine.cards import ACTION_KINDS, card_table
from trainer.engine.state import HAND_SIZE, TABLE_REFILL, Phase, State

START, PLAY, DISCARD, OVER = 0, 1, 2, 3
PHASE_CODE = {Phase.START: START, Phase.PLAY: PLAY, Phase.DISCARD: DISCARD, Phase.OVER: OVER}
THIEF, JOKER, SHIFTER, BOMB = range(4)  # same order as cards.ACTION_KINDS

_T = card_table()
IDS: tuple[str, ...] = _T.numeric_ids
INDEX: dict[str, int] = {c: i for i, c in enumerate(IDS)}
VALUE: tuple[int, ...] = tuple(_T.value[c] for c in IDS)
BACK: tuple[int, ...] = tuple(_T.back[c] for c in IDS)
POINTS: tuple[int, ...] = tuple(_T.points[c] for c in IDS)
ACTION_IDS: tuple[str, ...] = _T.action_ids
ACTION_INDEX: dict[str, int] = {c: i for i, c in enumerate(ACTION_IDS)}
ACTION_KIND: tuple[int, ...] = tuple(ACTION_KINDS.index(_T.action_kind[c]) for c in ACTION_IDS)
ACTION_POINTS: tuple[int, ...] = tuple(_T.points[c] for c in ACTION_IDS)
EMPTY_TARGET: int = _T.empty_deck_target
del _T

# Decisions inside the simulator are tuples whose first item is one of these codes.
LAY, CAPTURE, USE_THIEF, USE_JOKER, USE_SHIFTER, USE_BOMB, GIVE = range(7)


class Sim:
    """One round in progress. `pts` are running scores (R2, R6.5); `acts[s]` counts seat s's
    unused action cards by kind (THIEF, JOKER, SHIFTER, BOMB)."""

    __slots__ = ("n", "deck", "tdeck", "table", "hands", "pts", "acts", "turn", "phase", "delta", "pending", "turns")

    def __init__(self, n, deck, tdeck, table, hands, pts, acts, turn, phase, delta=0, pending=(), turns=0):
        self.n = n
        self.deck = deck  # list of card numbers, top last
        self.tdeck = tdeck  # list of action card numbers, top last
        self.table = table  # list of card numbers, arrival order (R7.5)
        self.hands = hands  # list of lists
        self.pts = pts  # list of running scores
        self.acts = acts  # list of [thief, joker, shifter, bomb] unused counts
        self.turn = turn
        self.phase = phase
        self.delta = delta
        self.pending = list(pending)
        self.turns = turns

    # ------------------------------------------------------------ building

    @classmethod
    def from_state(cls, state: State) -> "Sim":
        n = state.players
        acts = []
        for s in range(n):
            counts = [0, 0, 0, 0]
            for card in state.owned[s]:
                if card not in state.used[s]:
                    counts[ACTION_KIND[ACTION_INDEX[card]]] += 1
            acts.append(counts)
        return cls(
            n=n,
            deck=[INDEX[c] for c in reversed(state.deck)],
            tdeck=[ACTION_INDEX[c] for c in reversed(state.tweak_deck)],
            table=[INDEX[c] for c in state.table],
            hands=[[INDEX[c] for c in h] for h in state.hands],
            pts=state.scores(),
            acts=acts,
            turn=state.turn,
            phase=PHASE_CODE[state.phase],
            delta=state.delta,
            pending=state.pending,
            turns=state.turns,
        )

    def clone(self) -> "Sim":
        s = Sim.__new__(Sim)
        s.n = self.n
        s.deck = self.deck[:]
        s.tdeck = self.tdeck[:]
        s.table = self.table[:]
        s.hands = [h[:] for h in self.hands]
        s.pts = self.pts[:]
        s.acts = [a[:] for a in self.acts]
        s.turn = self.turn
        s.phase = self.phase
        s.delta = self.delta
        s.pending = self.pending[:]
        s.turns = self.turns
        return s

    # ------------------------------------------------------------ reading

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def current(self) -> int:
        return self.pending[0] if self.phase == DISCARD else self.turn

    def target(self) -> int:
        """R4.1 and R4.2."""
        deck = self.deck
        return (BACK[deck[-1]] if deck else EMPTY_TARGET) + self.delta

    # ------------------------------------------------------------ moves (no checks: callers
    # pass legal decisions, which tests/bots/test_sim.py checks against the engine)

    def do(self, d, rng: random.Random | None = None) -> None:
        code = d[0]
        if code == CAPTURE:
            self.capture(d[1], d[2])
        elif code == LAY:
            self.lay(d[1])
        elif code == GIVE:
            self.give(d[1])
        elif code == USE_JOKER:
            self.acts[self.turn][JOKER] -= 1
            self.delta = d[1]
            self.phase = PLAY
        elif code == USE_THIEF:
            self.thief(d[1], d[2] if len(d) > 2 else None, rng)
        elif code == USE_SHIFTER:
            self.acts[self.turn][SHIFTER] -= 1
            self.table.append(self.deck.pop())  # R7.3
            self.phase = PLAY
        else:
            self.bomb()

    def capture(self, card: int, taken) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        table = self.table
        pts = POINTS[card]
        for c in taken:
            table.remove(c)
            pts += POINTS[c]
        if not table and self.tdeck:  # R5.3 TWEAK (D6: none left, no card)
            a = self.tdeck.pop()
            pts += ACTION_POINTS[a]
            self.acts[seat][ACTION_KIND[a]] += 1
        self.pts[seat] += pts
        self.end_turn(seat)

    def lay(self, card: int) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        self.table.append(card)
        self.end_turn(seat)

    def thief(self, victim: int, stolen, rng) -> None:
        self.acts[self.turn][THIEF] -= 1
        hand = self.hands[victim]
        if stolen is None:
            stolen = hand[rng.randrange(len(hand))]  # R7.1
        hand.remove(stolen)
        self.table.append(stolen)
        self.phase = PLAY

    def bomb(self) -> None:
        seat = self.turn
        self.acts[seat][BOMB] -= 1
        n = self.n
        self.pending = [s % n for s in range(seat + 1, seat + n) if self.hands[s % n]]  # R7.4
        self.phase = DISCARD

    def give(self, card: int) -> None:
        seat = self.pending.pop(0)
        self.hands[seat].remove(card)
        self.table.append(card)
        if not self.pending:
            self.phase = PLAY

    def end_turn(self, seat: int) -> None:
        """R6.1, R6.2, then D7's lost turns, as in rules._end_turn."""
        self.turns += 1
        self.delta = 0
        hands, deck = self.hands, self.deck
        n = self.n
        self._refill(seat)
        nxt = (seat + 1) % n
        phase = START
        while not hands[nxt]:
            if not deck and not any(hands):
                phase = OVER  # R6.4
                break
            self._refill(nxt)
            nxt = (nxt + 1) % n
        self.turn = nxt
        self.phase = phase

    def _refill(self, seat: int) -> None:
        hand, deck, table = self.hands[seat], self.deck, self.table
        while len(hand) < HAND_SIZE and deck:
            hand.append(deck.pop())
        if not table and deck:
            for _ in range(TABLE_REFILL):
                if deck:
                    table.append(deck.pop())

    # ------------------------------------------------------------ legal decisions

    def legal(self) -> list:
        """Every decision of the player to act, as rules.legal_moves lists them (one per card
        set; one use per action kind)."""
        if self.phase == OVER:
            return []
        if self.phase == DISCARD:
            return [(GIVE, c) for c in self.hands[self.pending[0]]]
        seat = self.turn
        hand = self.hands[seat]
        out = captures(hand, self.table, self.target())
        out += [(LAY, c) for c in hand]
        if self.phase == START and hand:
            out += action_decisions(seat, self.acts[seat], [len(h) for h in self.hands], len(self.deck))
        return out


def action_decisions(seat, acts, hand_sizes, deck_size) -> list:
    """D8: only where the card has an effect."""
    out = []
    if acts[THIEF]:
        out += [(USE_THIEF, v) for v in range(len(hand_sizes)) if v != seat and hand_sizes[v]]
    if acts[JOKER]:
        out += [(USE_JOKER, 1), (USE_JOKER, -1)]
    if acts[SHIFTER] and deck_size:
        out.append((USE_SHIFTER,))
    if acts[BOMB] and any(hand_sizes[v] for v in range(len(hand_sizes)) if v != seat):
        out.append((USE_BOMB,))
    return out


_SUMS_CACHE: dict = {}
_SUMS_CACHE_LIMIT = 50_000


def subsets_by_sum(table, most: int = 10) -> dict[int, tuple[tuple[int, ...], ...]]:
    """Every non-empty set of table cards (as card-number tuples, table order) by face-value
    sum, for sums up to `most` (a capture needs target - hand value <= 11 - 1).

    Tables recur across playouts, so results are remembered (a pure function of its input;
    treat the result as read-only)."""
    key = (tuple(table), most)
    found = _SUMS_CACHE.get(key)
    if found is not None:
        return found
    if len(_SUMS_CACHE) >= _SUMS_CACHE_LIMIT:
        _SUMS_CACHE.clear()
    # Tuples, not lists: once the garbage collector has seen them it stops tracking tuples of
    # ints (and then the dicts holding them), so a full cache does not make every full
    # collection walk millions of objects in the middle of a bot's think.
    found = _SUMS_CACHE[key] = {t: tuple(sets) for t, sets in _subsets_by_sum(table, most).items()}
    return found


def _subsets_by_sum(table, most: int) -> dict[int, list[tuple[int, ...]]]:
    out: dict[int, list[tuple[int, ...]]] = {}
    items = [(VALUE[c], c) for c in table]
    m = len(items)

    def walk(i: int, total: int, chosen: tuple) -> None:
        for j in range(i, m):
            v, c = items[j]
            t = total + v
            if t > most:
                continue
            picked = chosen + (c,)
            out.setdefault(t, []).append(picked)
            walk(j + 1, t, picked)

    walk(0, 0, ())
    return out


def captures(hand, table, target: int, sums=None) -> list:
    """(CAPTURE, card, taken) for every hand card and table card set reaching `target` (D5)."""
    if not table:
        return []
    if sums is None:
        sums = subsets_by_sum(table)
    out = []
    for card in hand:
        for taken in sums.get(target - VALUE[card], ()):
            out.append((CAPTURE, card, taken))
    return out


# ---------------------------------------------------------------- engine moves <-> decisions


def decision_of(move) -> tuple:
    """The simulator decision for an engine move."""
    from trainer.engine.moves import Discard, Play, UseBomb, UseJoker, UseShifter, UseThief

    if isinstance(move, Play):
        if move.capture:
            return (CAPTURE, INDEX[move.card], tuple(INDEX[c] for c in move.capture))
        return (LAY, INDEX[move.card])
    if isinstance(move, Discard):
        return (GIVE, INDEX[move.card])
    if isinstance(move, UseThief):
        if move.stolen is None:
            return (USE_THIEF, move.victim)
        return (USE_THIEF, move.victim, INDEX[move.stolen])
    if isinstance(move, UseJoker):
        return (USE_JOKER, move.delta)
    if isinstance(move, UseShifter):
        return (USE_SHIFTER,)
    if isinstance(move, UseBomb):
        return (USE_BOMB,)
    raise TypeError(f"not a move: {move!r}")


def move_of(d: tuple, unused_cards) -> object:
    """The engine move for a decision; `unused_cards` are the decider's unused [T!] card ids,
    in the order the view lists them (the first of the kind is used, as rules.action_moves)."""
    from trainer.engine.moves import Discard, Play, UseBomb, UseJoker, UseShifter, UseThief

    code = d[0]
    if code == CAPTURE:
        return Play(IDS[d[1]], tuple(IDS[c] for c in d[2]))
    if code == LAY:
        return Play(IDS[d[1]])
    if code == GIVE:
        return Discard(IDS[d[1]])
    kind = {USE_THIEF: THIEF, USE_JOKER: JOKER, USE_SHIFTER: SHIFTER, USE_BOMB: BOMB}[code]
    card = next(c for c in unused_cards if ACTION_KIND[ACTION_INDEX[c]] == kind)
    if code == USE_THIEF:
        return UseThief(card, d[1])
    if code == USE_JOKER:
        return UseJoker(card, d[1])
    if code == USE_SHIFTER:
        return UseShifter(card)
    return UseBomb(card)
