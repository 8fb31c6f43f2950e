"""Answering without JavaScript: each tap is a form post, and the taps so far wait in the
signed session until the pupil presses Done (like the picture pad's taps, pupils/picture_login.py).

With JavaScript the page keeps the taps itself and posts everything once (trainer/practice/answers.py); then
nothing is kept here. The page's own times are missing on this path, so the answer is timed
by the server and flagged `no_client_time` (trainer.puzzles.timing)."""

from __future__ import annotations

from flask import session

from trainer.engine.positions import Position
from trainer.practice.answers import (
    FINAL_ACTIONS,
    MAX_COMBINATIONS,
    NONE_YET,
    AnswerError,
    PostedAnswer,
    combination_from_cards,
)
from trainer.puzzles.grading import Combination
from trainer.puzzles.puzzle import Puzzle
from trainer.web.core.numbers import whole_number

KEY = "drill_taps"


def load(attempt_id: str) -> dict:
    state = session.get(KEY)
    if isinstance(state, dict) and state.get("attempt") == attempt_id:
        return state
    return {"attempt": attempt_id, "cards": [], "delta": None, "combos": [], "problem": None}


def save(state: dict) -> None:
    session[KEY] = state


def clear() -> None:
    session.pop(KEY, None)


def peek(attempt_id: str) -> dict:
    """The waiting taps for the page, and the problem to show once."""
    state = load(attempt_id)
    if state.get("problem"):
        save({**state, "problem": None})
    return state


def step(form, puzzle: Puzzle, attempt_id: str) -> PostedAnswer | None:
    """Apply one post. Returns the whole answer when the pupil is done, else None (the state
    is saved, with a problem to show when the tapped cards are not a combination yet)."""
    position = puzzle.position
    state = load(attempt_id)
    state["problem"] = None
    cards: list[str] = list(state["cards"])
    combos: list[dict] = list(state["combos"])
    if "tap" in form:
        cards = _tapped(cards, form["tap"], position)
    elif "delta" in form:
        state["delta"] = _delta(form["delta"], position)
    elif "remove" in form:
        combos = _without(combos, form["remove"])
    action = form.get("action")
    cards, combos, problem = _pressed(action, cards, combos, position, state["delta"])
    if problem is not None:
        save({**state, "cards": cards, "combos": combos, "problem": problem})
        return None
    if action in FINAL_ACTIONS:
        clear()
        chosen = [] if action == "pass" else [Combination.from_json(c) for c in combos]
        return PostedAnswer.without_page_times(chosen)
    save({**state, "cards": cards, "combos": combos})
    return None


def _tapped(cards: list[str], card: str, position: Position) -> list[str]:
    """The tapped cards after a tap on `card`: a second tap takes it back, and a card from the
    hand replaces the one tapped before (a combination plays one). A card is never in the list
    twice, so taking it back leaves the others in their tap order."""
    if card not in position.hand and card not in position.table:
        raise AnswerError("not a card of this puzzle")
    if card in cards:
        return [c for c in cards if c != card]
    if card in position.hand:
        cards = [c for c in cards if c not in position.hand]
    return [*cards, card]


def _delta(value: str, position: Position) -> int:
    if value not in ("-1", "0", "1") or not position.joker:
        raise AnswerError("the Joker moves the target by -1, 0 or +1")
    return int(value)


def _without(combos: list[dict], value: str) -> list[dict]:
    """The combinations without the one the pupil removed; an index that names none is ignored."""
    index = whole_number(value, 3)
    if index is not None and index < len(combos):
        return combos[:index] + combos[index + 1 :]
    return combos


def _pressed(
    action: str | None, cards: list[str], combos: list[dict], position: Position, delta: int | None
) -> tuple[list[str], list[dict], str | None]:
    """The tapped cards and the combinations after the button pressed, and the problem to show
    when the tapped cards are not a combination yet, or "Done" came before any combination."""
    if action in ("add", "done") and cards:
        combo, problem = combination_from_cards(cards, position, delta)
        if combo is None:
            return cards, combos, problem
        if combo.to_json() not in combos and len(combos) < MAX_COMBINATIONS:
            combos = [*combos, combo.to_json()]
        return [], combos, None
    if action == "clear":
        return [], combos, None
    if action == "none":
        return cards, [*combos, {"none": True}], None
    if action == "done" and not combos:
        return cards, combos, NONE_YET
    return cards, combos, None
