"""What a page's outbox (static/js/outbox.js) may claim: a drill answer or a game move held on
the tablet through a Wi-Fi drop is sent again with `queued_ms`, how long the tablet held it.
One bound for both (issue 38.4: trainer.puzzles.timing.MAX_QUEUED_SECONDS); a move held longer
does not count (trainer.play.moves), an answer is judged by trainer/web/drills/flow.py."""
from __future__ import annotations

from trainer.puzzles.timing import MAX_QUEUED_SECONDS  # noqa: F401 (the outbox's bound, said here for callers)
from trainer.web.core.numbers import decimal_number

MOVE_TOKEN_CHARS = 24


def move_token(form) -> str | None:
    """The token of the page a game move came from, stored with the move it applied: the same
    page's move sent again is known by it (trainer.play.moves)."""
    return form.get("token", "")[:MOVE_TOKEN_CHARS] or None


def queued_ms(form) -> int:
    """The wait the page claims, in whole milliseconds (as drill answers read it); 0 when it
    claims none or nonsense."""
    value = decimal_number(form.get("queued_ms", ""))
    return round(value) if value is not None else 0
