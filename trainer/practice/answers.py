"""Reading what the puzzle page posts: the combinations, the tap log and the page's times.

With JavaScript (static/js/drill.js) the page sends everything at once:
  answer     JSON list of combinations, as trainer.puzzles.grading.Combination.from_json reads
  answer_ms  JSON list: when each combination was entered, ms after the cards were drawn
  taps       JSON list of events {"ms", "action", "card"?, "delta"?, "input"}
  client_ms  ms from the first frame with the cards drawn to submission
  time_up    "1" when the page sent the answer because the time ran out
  final      what ended it: "done", "none" ("there is none") or "pass" ("I don't know");
             the pressed button's `action` is read when `final` is missing
  queued_ms  only from the outbox (static/js/outbox.js): how long the page kept the answer
             because the network was gone, from the child's submission to this send
A malformed `answer` is refused (400: nothing is stored, the page can send it again); the
times and the tap log are the pupil's machine talking, so odd entries are dropped and a
missing time is left for trainer.puzzles.timing to flag. Every JSON field is read with depth
and length limits (trainer.puzzles.untrusted_json): beyond them no page of ours sent it, and
the whole answer is refused (400)."""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from trainer.engine.positions import Position
from trainer.puzzles import untrusted_json
from trainer.puzzles.grading import Combination
from trainer.puzzles.timing import decimal_number

MAX_COMBINATIONS = 30
MAX_EVENTS = 400
MAX_MS = 24 * 3600 * 1000
# (depth, characters) per JSON field: a combination nests 3 deep ([{"capture": [...]}]), an
# event 2; the tap log of a slow child with extra time is tens of KB.
LIMITS = {"answer": (4, 16_000), "answer_ms": (2, 8_000), "taps": (3, 256_000)}
ACTIONS = ("tap", "untap", "add", "remove", "clear", "delta", "none", "done", "pass")
INPUTS = {"touch": "touch", "pen": "touch", "mouse": "mouse", "keys": "keys"}
FINAL_ACTIONS = ("done", "none", "pass")

# Why a set of tapped cards is not yet a combination (the page words these).
NEED_HAND = "need_hand"
NEED_TABLE = "need_table"
NEED_DELTA = "need_delta"
NONE_YET = "none_yet"  # "Done" before any combination (a pass is "I don't know")


class AnswerError(ValueError):
    """The posted answer cannot be read; nothing is stored."""


@dataclass(frozen=True)
class PostedAnswer:
    combinations: tuple[Combination, ...]
    answer_ms: tuple[float, ...] | None  # one per combination, or None when not sent
    events: tuple[dict, ...]
    client_ms: float | None
    input_kind: str | None  # touch, mouse, keys, or mixed
    time_up: bool
    queued_ms: float | None = None  # held on the device through a network drop

    @classmethod
    def without_page_times(cls, combinations: Iterable[Combination] = ()) -> "PostedAnswer":
        """An answer with no times from the page: sent without JavaScript, or closed by the
        server for a puzzle left open past its time."""
        return cls(tuple(combinations), None, (), None, None, False)

    def first_correct_ms(self, index: int | None) -> int | None:
        if index is None or self.answer_ms is None or index >= len(self.answer_ms):
            return None
        ms = self.answer_ms[index]
        if self.client_ms is not None:
            ms = min(ms, self.client_ms)
        return round(ms)


def _ms(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    value = float(value)
    return value if math.isfinite(value) and 0 <= value <= MAX_MS else None


def _json(form: Mapping[str, str], field: str, required: bool) -> object:
    """The field's JSON; None when it is missing, or not JSON and not `required`."""
    text = form.get(field)
    if not text and not required:
        return None
    depth, length = LIMITS[field]
    try:
        return untrusted_json.loads(text, max_depth=depth, max_length=length)
    except untrusted_json.JSONLimitError as err:
        raise AnswerError(f"{field}: {err.reason}") from None
    except ValueError:
        if required:
            raise AnswerError(f"{field} is not JSON") from None
        return None


def _event(raw: object) -> dict | None:
    if not isinstance(raw, dict):
        return None
    ms, action = _ms(raw.get("ms")), raw.get("action")
    if ms is None or action not in ACTIONS:
        return None
    event = {"ms": round(ms), "action": action}
    card = raw.get("card")
    if isinstance(card, str) and 1 <= len(card) <= 4:
        event["card"] = card
    delta = raw.get("delta")
    if delta in (-1, 0, 1) and not isinstance(delta, bool):
        event["delta"] = delta
    if raw.get("input") in INPUTS:
        event["input"] = INPUTS[raw["input"]]
    return event


def input_summary(events: Iterable[dict]) -> str | None:
    kinds = {e["input"] for e in events if "input" in e}
    if not kinds:
        return None
    return kinds.pop() if len(kinds) == 1 else "mixed"


def parse_posted(form: Mapping[str, str]) -> PostedAnswer:
    """The JavaScript page's answer (the form has an `answer` field)."""
    action = form.get("final") or form.get("action") or "done"
    if action not in FINAL_ACTIONS:
        raise AnswerError("unknown action")
    raw = _json(form, "answer", required=True)
    if not isinstance(raw, list) or len(raw) > MAX_COMBINATIONS:
        raise AnswerError(f"answer must be a list of at most {MAX_COMBINATIONS} combinations")
    try:
        combinations = [Combination.from_json(c) for c in raw]
    except ValueError as err:
        raise AnswerError(str(err)) from None
    if action == "pass":
        # "I don't know" is a pass whatever the page had collected (docs/puzzles.md: S = 0).
        combinations = []
    answer_ms = None
    times = _json(form, "answer_ms", required=False)
    if isinstance(times, list) and len(times) == len(raw) and all(_ms(t) is not None for t in times):
        answer_ms = [float(t) for t in times][: len(combinations)]
    events = []
    raw_events = _json(form, "taps", required=False)
    if isinstance(raw_events, list):
        events = [e for e in map(_event, raw_events[:MAX_EVENTS]) if e is not None]
    client_ms = _ms(decimal_number(form.get("client_ms")))
    if action == "none" and not any(c.none for c in combinations):
        combinations.append(Combination.there_is_none())
        if answer_ms is not None and client_ms is not None:
            answer_ms.append(client_ms)
    if answer_ms is not None and len(answer_ms) != len(combinations):
        answer_ms = None
    return PostedAnswer(
        tuple(combinations),
        tuple(answer_ms) if answer_ms is not None else None,
        tuple(events),
        client_ms,
        input_summary(events),
        form.get("time_up") == "1",
        _ms(decimal_number(form.get("queued_ms"))),
    )


def combination_from_cards(
    cards: Collection[str], position: Position, delta: int | None
) -> tuple[Combination | None, str | None]:
    """The combination a set of tapped cards makes: the hand card plays, the table cards are
    captured, in tap order. None and a reason when it is not one yet (no hand card, no table
    card (D5), or a Joker puzzle without its -1/0/+1 choice)."""
    hand = [c for c in cards if c in position.hand]
    table = [c for c in cards if c in position.table]
    if len(hand) != 1:
        return None, NEED_HAND
    if not table:
        return None, NEED_TABLE
    if position.joker and delta is None:
        return None, NEED_DELTA
    return Combination(hand[0], tuple(table), delta or 0), None
