"""The one way a person's move goes, whatever the game (issue 48): a game against bots, the
family table and a class table. The view reads the request into a `Claim` and the game's row
(once); `play` does the rest, in this order, and hands back an `Outcome` the view draws:

1. the page's move already applied, sent again (a double tap, a second tab, the outbox sending
   again a move whose answer the Wi-Fi lost), is answered as done, whatever happened since:
   it names an older version and its key is the latest the game stored (`behind`, one rule);
2. a move this seat may not make on this game now changes nothing (the kind's `refusal`: the
   game is over, the person to act does not hold the tablet, the child does not sit there);
3. any other move made on an older version is stale, refused calmly (nothing changes);
4. a move the tablet held longer than a Wi-Fi drop lasts does not count (trainer.puzzles.
   timing.held_too_long, the bound drill answers have too);
5. the game core applies it (trainer.games.service `decide`, or `next_round`), refusing with a
   GameError what may not be done, changing nothing; a card played is analysed, its decision
   time never shorter than what the server saw (issue 45);
6. the kind saves it as the game's next version (trainer.play.kinds: one interface over the
   two stores); a save that finds the game moved on since it was read is this very move's twin
   (again) or another window's (changed).

Nothing here knows Flask or SQL: the kinds call the store, the views draw the outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from trainer.engine.moves import Move
from trainer.games.analysis import MoveAnalysis
from trainer.games.service import Game, GameError, decide, next_round
from trainer.puzzles.timing import believed_decision_ms, held_too_long

DONE, AGAIN, STALE, REFUSED, CHANGED = "done", "again", "stale", "refused", "changed"
NEXT_ROUND = "next-round"  # a class table's key for the move that deals the next round of a match


@dataclass(frozen=True)
class Claim:
    """What the page sent with a move."""

    version: str | int | None  # the version the page showed (None: it named none, judged by the rules alone)
    token: str | None  # the page's token (games) or the move's key (class tables)
    read_move: Callable[[Game, int], Move] | None  # reads the move for (the game, the seat); None: the next round
    now: float
    queued_ms: int = 0  # how long the outbox says it held the move through a Wi-Fi drop
    decision_ms: int | None = None  # the board's own measurement
    at_home: bool | None = None  # where the move is made (issue 47.1; None: as the game was)

    @property
    def next_round(self) -> bool:
        """The move deals the next round of a match: there is no move of a seat to read."""
        return self.read_move is None


@dataclass(frozen=True)
class Outcome:
    """What became of a move. `row` and `game` are the game as the answer shows it (the saved
    one after a move, the one read otherwise, read again after a lost race); `before` is the
    game the move was made on."""

    kind: str  # DONE, AGAIN, STALE, REFUSED or CHANGED
    row: dict
    game: Game | None
    before: Game | None
    seat: int | None
    code: str | None = None  # REFUSED: why, for the kind's words
    params: dict = field(default_factory=dict)
    by_rules: bool = False  # REFUSED by the game core (a GameError), not by the table or the page

    @property
    def applied(self) -> bool:
        """The move is in the game: applied now, or before (sent again)."""
        return self.kind in (DONE, AGAIN)


class Kind(Protocol):
    """How one kind of game is read, judged and saved (trainer.play.kinds)."""

    def load(self, row: dict) -> Game | None: ...

    def version(self, row: dict, game: Game | None) -> str | int:
        """The version a page of this game as it is now names."""

    def key(self, seat: int | None, version: str | int | None, token: str | None) -> str | None:
        """What the move is stored as, so that it is known when sent again."""

    def applied(self, row: dict, seat: int | None, key: str) -> bool:
        """The latest move stored (of the game, or of the seat) is the one with this key."""

    def refusal(self, row: dict, game: Game | None, seat: int | None, next_round: bool) -> str | None:
        """Why this seat may not make a move on this game now, or None."""

    def seen_ms(self, row: dict, game: Game, now: float) -> int | None:
        """How long the server saw the turn out."""

    def hint_used(self, row: dict, game: Game) -> bool: ...

    def save(
        self,
        row: dict,
        seat: int | None,
        game: Game,
        analysis: MoveAnalysis | None,
        seen_ms: int | None,
        key: str | None,
        claim: Claim,
    ) -> dict | None:
        """Stores the game as the next version of `row`: the row as stored, or None when the
        game moved on since `row` was read."""

    def read_again(self, row: dict) -> dict | None: ...


def behind(
    kind: Kind, row: dict, game: Game | None, seat: int | None, version: str | int | None, token: str | None
) -> str | None:
    """None when the page shows the game as it is (or names no version); AGAIN when it names
    an older one and its move is the latest the game stored (sent again: applied once);
    STALE when it names an older one otherwise."""
    if version is None or version == kind.version(row, game):
        return None
    key = kind.key(seat, version, token)
    return AGAIN if key is not None and kind.applied(row, seat, key) else STALE


def play(kind: Kind, row: dict, seat: int | None, claim: Claim) -> Outcome:
    """The move `claim` of the person in `seat`, on the game of `row` (read once, built once)."""
    game = kind.load(row)

    def outcome(what: str, code: str | None = None, params: dict | None = None, by_rules: bool = False) -> Outcome:
        return Outcome(what, row, game, game, seat, code, params or {}, by_rules)

    page = behind(kind, row, game, seat, claim.version, claim.token)
    if page == AGAIN:
        return outcome(AGAIN)
    code = kind.refusal(row, game, seat, claim.next_round)
    if code is not None:
        return outcome(REFUSED, code)
    if page == STALE:
        return outcome(STALE)
    if held_too_long(claim.queued_ms):
        return outcome(REFUSED, "held_too_long")
    # A game the kind let this seat move on exists (a class table not being played has none,
    # and refuses). A move read from the page is a seat's: the family table and class tables
    # refuse one from no seat, and a bot game's is always the pupil's.
    assert game is not None
    analysis = seen = None
    try:
        if claim.read_move is None:
            after = next_round(game)
        else:
            assert seat is not None
            seen = kind.seen_ms(row, game, claim.now)
            after, analysis = decide(
                game,
                claim.read_move(game, seat),
                believed_decision_ms(claim.decision_ms, seen),
                hint_used=kind.hint_used(row, game),
                seat=seat,
            )
    except GameError as err:
        return outcome(REFUSED, err.code, err.params, by_rules=True)
    key = kind.key(seat, claim.version, claim.token)
    saved = kind.save(row, seat, after, analysis, seen, key, claim)
    if saved is not None:
        return Outcome(DONE, saved, after, game, seat)
    # Another request saved first: this very move (its twin, sent at once), or another's.
    fresh = kind.read_again(row) or row
    twin = key is not None and kind.applied(fresh, seat, key)
    return Outcome(AGAIN if twin else CHANGED, fresh, kind.load(fresh), game, seat)
