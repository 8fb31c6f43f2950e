"""The stream's ticket: the web app, having checked who may watch what, signs it into the
page; the push process checks the signature and age, then asks the database once more
(trainer.store.live_tables.may_watch). itsdangerous is what Flask signs its cookies with; the
salt keeps a ticket from ever being read as a session or a form token."""
from __future__ import annotations

from dataclasses import dataclass, field

from itsdangerous import BadSignature, URLSafeTimedSerializer

SALT = "tweak-push/1"
MAX_AGE = 3600          # seconds; every fresh board or projector fragment carries a new one
KINDS = {("table", "pupil"), ("class", "pupil"), ("class", "teacher")}


@dataclass(frozen=True)
class Ticket:
    kind: str       # "table" or "class"
    thing: int      # the table's or the class's id
    who: str        # "pupil" or "teacher"
    person: int
    # When a read ticket stops being good (epoch seconds): its stream ends then, and the
    # channel no longer notes its child as present (trainer.push.hub).
    expires: float = field(default=float("inf"), compare=False)


def sign(secret: str, ticket: Ticket) -> str:
    return URLSafeTimedSerializer(secret, salt=SALT).dumps(
        [ticket.kind, ticket.thing, ticket.who, ticket.person])


def read(secret: str, token: str, max_age: int = MAX_AGE) -> Ticket | None:
    """The ticket, or None for anything forged, expired or malformed."""
    try:
        (kind, thing, who, person), signed = URLSafeTimedSerializer(secret, salt=SALT).loads(
            token, max_age=max_age, return_timestamp=True)
    except (BadSignature, ValueError, TypeError):
        return None
    if (kind, who) not in KINDS or not all(type(n) is int for n in (thing, person)):
        return None
    return Ticket(kind, thing, who, person, signed.timestamp() + max_age)
