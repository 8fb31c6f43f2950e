"""What a pupil chooses for a new game (issue 6), checked against what the class allows."""

from __future__ import annotations

from dataclasses import dataclass, replace

from trainer.bots import LEVELS
from trainer.engine.cards import default_colors
from trainer.engine.match import default_threshold
from trainer.engine.state import check_colors
from trainer.games.game_level import DEFAULT_AIM

PERSON = "pupil"  # a seat a child decides in; any other seat names its bot's level
MIN_SEATS, MAX_SEATS = 2, 6
LENGTHS = ("round", "short", "full")
TURN_CLOCKS = (
    0,
    30,
    60,
)  # class play's turn clock (issue 16.4): off, 30 s, 60 s     # one round; a match to 30 points; R8.2 thresholds
SHORT_MATCH_POINTS = 30
# "fitted": the strength dial chosen for the pupil's game level (issue 17). A pupil chooses it
# by this name; the game is stored with the dial it stood for (fit_bots), `dial:X`.
FITTED = "fitted"
FIXED_LEVELS = tuple(level for level in ("beginner", "casual", "clever", "expert", "random") if level in LEVELS)
GAME_LEVELS = (FITTED, *FIXED_LEVELS)


def threshold_of(length: str, players: int) -> int | None:
    """The points that end a match (R8.2); None for a game of one round."""
    if length == "round":
        return None
    return SHORT_MATCH_POINTS if length == "short" else default_threshold(players)


class SettingsError(ValueError):
    def __init__(self, code: str, **params: object):
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass(frozen=True, slots=True)
class GameSettings:
    """A pupil's game against bots: the pupil in seat 0, a bot in each seat after."""

    FORMAT = "tweak-game/1"  # the stored game's format (trainer.games.service.Game.to_json)
    SALT = ""  # what the game's random draws are derived from, after the seed

    bots: tuple[str, ...]  # one level per opponent, 1 to 5 of them
    length: str = "round"
    colors: tuple[str, ...] | None = None  # None: R3.1 for the number of players
    hints: bool = True

    @property
    def seats(self) -> tuple[str, ...]:
        return (PERSON, *self.bots)

    @property
    def players(self) -> int:
        return len(self.bots) + 1

    @property
    def threshold(self) -> int | None:
        return threshold_of(self.length, self.players)

    @property
    def colors_in_play(self) -> tuple[str, ...]:
        return self.colors if self.colors is not None else default_colors(self.players)

    def fit_bots(self, dial: str) -> GameSettings:
        """These settings with every "fitted" bot replaced by the dial chosen for the pupil."""
        return replace(self, bots=tuple(dial if bot == FITTED else bot for bot in self.bots))

    def to_json(self) -> dict:
        return {
            "bots": list(self.bots),
            "length": self.length,
            "colors": list(self.colors) if self.colors is not None else None,
            "hints": self.hints,
        }

    @classmethod
    def from_json(cls, data: dict) -> GameSettings:
        colors = data.get("colors")
        return cls(
            tuple(data["bots"]),
            data.get("length", "round"),
            tuple(colors) if colors is not None else None,
            data.get("hints", True),
        )


@dataclass(frozen=True, slots=True)
class TableSettings:
    """A class table (issue 16): classmates in their seats, bots in the seats given to them."""

    FORMAT = "tweak-table/1"
    SALT = "table:"

    seats: tuple[str, ...]  # PERSON or a bot level, one per seat
    length: str = "round"

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s == PERSON)

    @property
    def threshold(self) -> int | None:
        return threshold_of(self.length, self.players)

    @property
    def colors_in_play(self) -> tuple[str, ...]:
        return default_colors(self.players)  # R3.1

    def to_json(self) -> dict:
        return {"seats": list(self.seats), "length": self.length}

    @classmethod
    def from_json(cls, data: dict) -> TableSettings:
        seats = tuple(data["seats"])
        if not MIN_SEATS <= len(seats) <= MAX_SEATS or data.get("length", "round") not in LENGTHS:
            raise ValueError("not a table's settings")
        return cls(seats, data.get("length", "round"))


@dataclass(frozen=True, slots=True)
class ClassLimits:
    """What a teacher allows a class (issue 6: the teacher can limit the choices). Without
    FITTED among the levels, the class plays the fixed levels it allows (pinned, issue 17);
    `aim` is the chance of winning the fitted bot is chosen for (30-70%)."""

    levels: tuple[str, ...] = GAME_LEVELS
    max_bots: int = 5
    lengths: tuple[str, ...] = LENGTHS
    allow_colors: bool = True
    hints: bool = True
    aim: float = DEFAULT_AIM
    turn_clock: int = 0  # class play: seconds a child's turn may take, 0 = no clock

    @property
    def fitted(self) -> bool:
        return FITTED in self.levels

    @property
    def default_level(self) -> str:
        """What a new game offers first: the fitted bot, else beginner, else the first allowed."""
        if self.fitted:
            return FITTED
        return "beginner" if "beginner" in self.levels else self.levels[0]


def check_settings(settings: GameSettings, limits: ClassLimits = ClassLimits()) -> GameSettings:
    if not 1 <= len(settings.bots) <= min(5, limits.max_bots):
        raise SettingsError("bot_count", most=min(5, limits.max_bots))
    for level in settings.bots:
        if level not in GAME_LEVELS or level not in limits.levels:
            raise SettingsError("bot_level", level=level)
    if settings.length not in LENGTHS or settings.length not in limits.lengths:
        raise SettingsError("length", length=settings.length)
    colors = settings.colors
    if colors is not None:
        if not limits.allow_colors and tuple(colors) != default_colors(settings.players):
            raise SettingsError("colors_locked")
        try:
            colors = check_colors(colors)
        except ValueError:
            raise SettingsError("colors", colors="".join(colors)) from None
        if len(colors) * 9 < settings.players * 3 + 2:
            raise SettingsError("too_few_colors")
    return GameSettings(tuple(settings.bots), settings.length, colors, settings.hints and limits.hints)
