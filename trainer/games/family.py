"""The family table (issue 37.4): pass-and-play on one tablet. The child sits in seat 0, the
family in the seats after, each decided by a person on the same device, and bots in any seat
nobody takes. The game is the one game core's (trainer.games.service.Game with
`FamilySettings`); what only a family table has is the hand-over between its people: one
screen shows one hand at a time (R9), so before a different person's turn the tablet is
passed and their hand stays hidden until they tap.

The family's first names are typed for one game and are no part of the settings: the web
layer keeps them on the device (docs/pupils.md, "The family table").
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.cards import default_colors
from trainer.games.settings import FIXED_LEVELS, LENGTHS, MAX_SEATS, MIN_SEATS, PERSON, threshold_of

FAMILY = "family"  # how the dashboard's list of a game's opponents names a family member
NAME_LENGTH = 20


@dataclass(frozen=True, slots=True)
class FamilySettings:
    FORMAT = "tweak-family/1"
    SALT = "family:"

    seats: tuple[str, ...]  # PERSON or a bot level; seat 0 is the child
    length: str = "round"
    hints = False  # the family plays without "Show me a capture"

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s == PERSON)

    @property
    def bots(self) -> tuple[str, ...]:
        """The child's opponents, seat 1 on, as a bot game lists them: a family member is no
        bot, so a family game never counts for the child's game level (no Elo for FAMILY)."""
        return tuple(FAMILY if s == PERSON else s for s in self.seats[1:])

    @property
    def threshold(self) -> int | None:
        return threshold_of(self.length, self.players)

    @property
    def colors_in_play(self) -> tuple[str, ...]:
        return default_colors(self.players)  # R3.1

    def to_json(self) -> dict:
        return {"seats": list(self.seats), "length": self.length, "bots": list(self.bots)}

    @classmethod
    def from_json(cls, data: dict) -> FamilySettings:
        seats = tuple(data["seats"])
        if not MIN_SEATS <= len(seats) <= MAX_SEATS or seats[0] != PERSON or data.get("length", "round") not in LENGTHS:
            raise ValueError("not a family table's settings")
        return cls(seats, data.get("length", "round"))


class FamilyError(ValueError):
    def __init__(self, code: str, **params: object):
        super().__init__(code)
        self.code = code
        self.params = params


def clean_name(text: str) -> str | None:
    """A first name typed for this game: letters (any alphabet), spaces, hyphens and
    apostrophes, at most NAME_LENGTH characters; None when there is no letter at all."""
    name = " ".join(text.split())
    if not name or len(name) > NAME_LENGTH:
        return None
    if not all(ch.isalpha() or ch in " -'’" for ch in name) or not any(ch.isalpha() for ch in name):
        return None
    return name


def family_table(
    child: str, others: list[tuple[str, str]], length: str = "round", levels: tuple[str, ...] = FIXED_LEVELS
) -> tuple[FamilySettings, tuple[str | None, ...]]:
    """The settings and each seat's name (None for a bot) from the form's rows: `others` holds
    (typed name, bot level) per seat after the child's, "" for neither; a row with a name is
    a person, one with a level a bot, an empty row no seat. Raises FamilyError."""
    seats: list[str] = [PERSON]
    names: list[str | None] = [child]
    for typed, level in others:
        if typed.strip():
            name = clean_name(typed)
            if name is None:
                raise FamilyError("bad_name", most=NAME_LENGTH)
            seats.append(PERSON)
            names.append(name)
        elif level:
            if level not in levels:
                raise FamilyError("bot_level")
            seats.append(level)
            names.append(None)
    if len(seats) > MAX_SEATS:
        raise FamilyError("too_many", most=MAX_SEATS)
    if seats.count(PERSON) < 2:
        raise FamilyError("need_family")  # one person alone is a bot game
    if length not in LENGTHS:
        raise FamilyError("length")
    return FamilySettings(tuple(seats), length), tuple(names)


def hand_over_to(settings: FamilySettings, to_act: int | None, holder: int | None) -> int | None:
    """The seat the tablet must be passed to before anything is shown, or None: when a person
    other than the one who holds the tablet (`holder`, who last tapped "It's me") must decide.
    A Bomb's discards (R7.4) pass it too: the player it hits chooses their own card."""
    if to_act is None or settings.seats[to_act] != PERSON or to_act == holder:
        return None
    return to_act
