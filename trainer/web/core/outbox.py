"""What a page's outbox (static/js/outbox.js) may claim: a drill answer or a game move held on
the tablet through a Wi-Fi drop is sent again with `queued_ms`, how long the tablet held it.
One bound for both (issue 38.4, trainer.puzzles.timing.MAX_QUEUED_SECONDS, where drill answers
read it too): a school Wi-Fi drop lasts seconds, a router's restart a few minutes; ten minutes
covers both with room. Beyond it a class has stopped working, and a claim that long is one
nobody can check (100 minutes were once claimed and believed)."""
from __future__ import annotations

from trainer.puzzles.timing import MAX_QUEUED_SECONDS, decimal_number

MOVE_TOKEN_CHARS = 24


def move_token(form) -> str | None:
    """The token of the page a game move came from, stored with the move it applied."""
    return form.get("token", "")[:MOVE_TOKEN_CHARS] or None


def sent_again(form, row: dict) -> bool:
    """The move already applied, sent again (its answer lost to the Wi-Fi, or a double tap):
    it carries the token stored with the game's latest move, and is answered with the game as
    it is, applied once."""
    token = move_token(form)
    return token is not None and token == row.get("move_token")


def queued_ms(form) -> int:
    """The wait the page claims, in whole milliseconds (as drill answers read it); 0 when it
    claims none or nonsense."""
    value = decimal_number(form.get("queued_ms", ""))
    return round(value) if value is not None else 0


def held_too_long(form) -> bool:
    """The page held the post longer than a Wi-Fi drop lasts: it no longer counts."""
    return queued_ms(form) > MAX_QUEUED_SECONDS * 1000
