"""What a page's outbox (static/js/outbox.js) may claim: a drill answer or a game move held on
the tablet through a Wi-Fi drop is sent again with `queued_ms`, how long the tablet held it.
One bound for both (issue 38.4, trainer.puzzles.timing.MAX_QUEUED_SECONDS, where drill answers
and game moves read it: trainer.practice.flow, trainer.play.moves): a school Wi-Fi drop lasts
seconds, a router's restart a few minutes; ten minutes covers both with room. Beyond it a class
has stopped working, and a claim that long is one nobody can check (100 minutes were once
claimed and believed)."""

from __future__ import annotations

from trainer.puzzles.timing import decimal_number

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
