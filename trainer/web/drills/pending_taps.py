"""Answering without JavaScript: each tap is a form post, and the taps so far wait in the
signed session until the pupil presses Done (like the picture pad's taps, pupils/picture_login.py).

With JavaScript the page keeps the taps itself and posts everything once (trainer/practice/answers.py); then
nothing is kept here. The page's own times are missing on this path, so the answer is timed
by the server and flagged `no_client_time` (trainer.puzzles.timing)."""
from __future__ import annotations

from flask import session

from trainer.practice.answers import MAX_COMBINATIONS, NONE_YET, AnswerError, PostedAnswer, combination_from_cards
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
        card = form["tap"]
        if card not in position.hand and card not in position.table:
            raise AnswerError("not a card of this puzzle")
        if card in cards:
            cards.remove(card)
        else:
            if card in position.hand:      # one card from the hand: a new one replaces it
                cards = [c for c in cards if c not in position.hand]
            cards.append(card)
    elif "delta" in form:
        if form["delta"] not in ("-1", "0", "1") or not position.joker:
            raise AnswerError("the Joker moves the target by -1, 0 or +1")
        state["delta"] = int(form["delta"])
    elif "remove" in form:
        index = whole_number(form["remove"], 3)
        if index is not None and index < len(combos):
            del combos[index]
    action = form.get("action")
    if action in ("add", "done") and cards:
        combo, problem = combination_from_cards(cards, position, state["delta"])
        if combo is None:
            save({**state, "cards": cards, "combos": combos, "problem": problem})
            return None
        if combo.to_json() not in combos and len(combos) < MAX_COMBINATIONS:
            combos.append(combo.to_json())
        cards = []
    elif action == "clear":
        cards = []
    elif action == "none":
        combos.append({"none": True})
    elif action == "done" and not combos:
        save({**state, "cards": cards, "combos": combos, "problem": NONE_YET})
        return None
    if action in ("done", "none", "pass"):
        clear()
        chosen = [] if action == "pass" else [Combination.from_json(c) for c in combos]
        return PostedAnswer.without_page_times(chosen)
    save({**state, "cards": cards, "combos": combos})
    return None
