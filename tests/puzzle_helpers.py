"""Shared helpers for the puzzle tests: an independent statement of each kind's right answer."""

from trainer.engine.cards import card_table
from trainer.engine.positions import Position
from trainer.engine.solver import solve

RULES_EXAMPLE = Position(9, ("R1a", "O3a", "Y3a"), ("B4", "P6", "G2a"))  # RULES.md clarifying example


def key(c) -> tuple:
    return (c.target, c.play, frozenset(c.capture))


def expected_answer(kind: str, position: Position, focus: str = "hand") -> set:
    """What issue 5 says is right, computed from solve() without trainer.puzzles."""
    cards = card_table()
    captures = solve(position.hand, position.table, position.target, position.joker)
    for c in captures:  # R5.2: played card plus captured cards make the target, D5: one table card at least
        assert cards.value[c.play] + sum(cards.value[x] for x in c.capture) == c.target and c.capture
    if kind == "all":
        return {key(c) for c in captures if focus == "hand" or c.play == focus}
    if kind == "tweak":
        return {key(c) for c in captures if set(c.capture) == set(position.table)}
    if kind == "quick":
        return {key(c) for c in captures}
    t_card = cards.points["joker-1"]  # R2: a [T!] card is worth 2
    worth = {key(c): c.points + (t_card if set(c.capture) == set(position.table) else 0) for c in captures}
    top = max(worth.values())
    return {k for k, w in worth.items() if w == top}
