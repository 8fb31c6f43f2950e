"""The stream's ticket: the web app, having checked who may watch what, signs it into the
page; the push process checks the signature and age, then asks the database once more
(trainer.store.live_tables.may_watch). itsdangerous is what Flask signs its cookies with; the
salt keeps a ticket from ever being read as a session or a form token."""

from __future__ import annotations

from dataclasses import dataclass, field

from itsdangerous import BadSignature, URLSafeTimedSerializer

SALT = "tweak-push/1"
MAX_AGE = 3600  # seconds; every fresh board or projector fragment carries a new one
KINDS = {("table", "pupil"), ("class", "pupil"), ("class", "teacher")}


@dataclass(frozen=True)
class Ticket:
    kind: str  # "table" or "class"
    thing: int  # the table's or the class's id
    who: str  # "pupil" or "teacher"
    person: int
    # When a read ticket stops being good (epoch seconds): its stream ends then, and the
    # channel no longer notes its child as present (trainer.push.hub).
    expires: float = field(default=float("inf"), compare=False)
    # The login it was signed in, by when that began (auth_sessions.created_at, with `person`:
    # no secret): the ticket is good only while that session lives, so a logout, an archive
    # or "log out everywhere" ends its stream (issue 46.5). The web app always binds one;
    # None only for tools and tests.
    session: float | None = field(default=None, compare=False)


def sign(secret: str, ticket: Ticket) -> str:
    fields = [ticket.kind, ticket.thing, ticket.who, ticket.person]
    return URLSafeTimedSerializer(secret, salt=SALT).dumps(
        fields if ticket.session is None else [*fields, ticket.session]
    )


def read(secret: str, token: str, max_age: int = MAX_AGE) -> Ticket | None:
    """The ticket, or None for anything forged, expired or malformed."""
    try:
        fields, signed = URLSafeTimedSerializer(secret, salt=SALT).loads(token, max_age=max_age, return_timestamp=True)
        (kind, thing, who, person), session = fields[:4], (fields[4] if len(fields) == 5 else None)
    except (BadSignature, ValueError, TypeError, KeyError):
        return None
    if (
        len(fields) not in (4, 5)
        or (kind, who) not in KINDS
        or not all(type(n) is int for n in (thing, person))
        or not (session is None or type(session) in (int, float))
    ):
        return None
    return Ticket(kind, thing, who, person, signed.timestamp() + max_age, session)
