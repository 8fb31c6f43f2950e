"""The kinds of game a move can be made in (trainer.play.moves.Kind), each over its store: a
game against bots and the family table are rows of `games` (trainer.store.games), a class table
a row of `class_tables` (trainer.store.class_tables). The move pipeline is the same; what
differs is here: the version a page names, how a move is stored to be known again, who may
move, and what is kept with a play.
"""

from __future__ import annotations

from trainer.games.analysis import MoveAnalysis
from trainer.games.service import PUPIL, Game, position_key, turn_key
from trainer.play.moves import Claim
from trainer.store import class_tables, games
from trainer.store.handles import Database


class BotGame:
    """A pupil's game against bots (issue 6): the pupil sits in seat 0. A page names the
    position it was made on and carries a token, stored with the move it applied."""

    def __init__(self, db: Database):
        self.db = db

    def load(self, row: dict) -> Game:
        return games.load(row)

    def version(self, row: dict, game: Game | None) -> str:
        assert game is not None  # a row of `games` always holds one (games.load)
        return position_key(game)

    def key(self, seat: int | None, version: str | int | None, token: str | None) -> str | None:
        return token

    def applied(self, row: dict, seat: int | None, key: str) -> bool:
        return key == row.get("move_token")

    def refusal(self, row: dict, game: Game | None, seat: int | None, next_round: bool) -> str | None:
        return "game_over" if row["status"] != "active" else None

    def seen_ms(self, row: dict, game: Game, now: float) -> int | None:
        return games.server_ms(row, turn_key(game), now)

    def hint_used(self, row: dict, game: Game) -> bool:
        return row.get("hint_turn") == turn_key(game)

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
        # Only the child's own plays are analysed: a family member's are nobody's.
        return games.save(
            self.db,
            row,
            game,
            analysis if seat == PUPIL else None,
            seen_ms,
            now=claim.now,
            token=key,
            queued_ms=claim.queued_ms or None,
            at_home=claim.at_home,
        )

    def read_again(self, row: dict) -> dict | None:
        return games.get_for_pupil(self.db, row["pupil_id"], row["id"])


class FamilyTable(BotGame):
    """The family table (issue 37.4): a game of the child's, passed from hand to hand. A move
    comes from the person holding the tablet (`seat`: who last tapped "It's me"); while that
    is not the person to act, or the game is over, the page is behind the game."""

    def refusal(self, row: dict, game: Game | None, seat: int | None, next_round: bool) -> str | None:
        assert game is not None  # a row of `games` always holds one (games.load)
        if row["status"] != "active" or (not next_round and (seat is None or seat != game.to_act)):
            return "moved_on"
        return None


class ClassTable:
    """A class table (issue 16): classmates in their seats. A page names the table's version;
    a move is stored as `seat@version:move`, with the table and with the seat, so the same move
    sent again is known even after classmates moved since."""

    def __init__(self, db: Database):
        self.db = db

    def load(self, row: dict) -> Game | None:
        return class_tables.load(row)

    def version(self, row: dict, game: Game | None) -> int:
        return row["version"]

    def key(self, seat: int | None, version: str | int | None, token: str | None) -> str | None:
        return None if seat is None else f"{seat}@{version}:{token}"

    def applied(self, row: dict, seat: int | None, key: str) -> bool:
        # The table's latest move, or the seat's (a move from no seat is no seat's).
        return row["last_move"] == key or (seat is not None and class_tables.seat_made(self.db, row["id"], seat, key))

    def refusal(self, row: dict, game: Game | None, seat: int | None, next_round: bool) -> str | None:
        if seat is None:
            return "not_seated"
        return "not_playing" if row["status"] != "playing" else None

    def seen_ms(self, row: dict, game: Game, now: float) -> int:
        # The turn began when the table last changed.
        return max(0, round((now - row["updated_at"]) * 1000))

    def hint_used(self, row: dict, game: Game) -> bool:
        return False

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
        assert key is not None  # a class table refuses the one move without a key: from no seat
        return class_tables.save(
            self.db, row, game, claim.now, key, seat=seat, analysis=analysis, queued_ms=claim.queued_ms or None
        )

    def read_again(self, row: dict) -> dict | None:
        return class_tables.get(self.db, row["id"])
