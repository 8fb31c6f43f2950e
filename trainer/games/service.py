"""The one game core (issues 6, 16 and 35): a game of seats, each decided by a person or by
a bot. A pupil's game against bots is a game whose seats after the pupil's (seat 0) are bots
(`GameSettings`); a class table one whose children sit in any seats (`TableSettings`,
trainer.games.table). A person's move is checked, analysed and applied here, then bots decide
until a person must (any person, not only seat 0) or the round ends.

Games are saved as JSON (settings, seed, finished round records and the current round's
decisions) and rebuilt by replaying, so a reload or a new login resumes exactly. All chance
and every bot decision draw from RNGs derived from the game's seed and the decision's place
(after the settings' SALT, so the games stored before the two kinds shared this code continue
exactly as they would have).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace

from trainer.bots import make_bot
from trainer.engine.match import Match
from trainer.engine.moves import Discard, Move, Play, UseThief
from trainer.engine.records import (
    match_record,
    move_from_json,
    move_to_json,
    replay_round,
    round_record,
)
from trainer.engine.rules import apply, legal_moves
from trainer.engine.solver import running_sums
from trainer.engine.state import Phase, RoundSetup, State, deal, shuffled_setup
from trainer.engine.view import view_of
from trainer.games.analysis import MoveAnalysis, analyse_play
from trainer.games.family import FamilySettings
from trainer.games.settings import PERSON, GameSettings, TableSettings

PUPIL = 0  # the pupil's seat in a game against bots
GAME_FORMAT = GameSettings.FORMAT
SETTINGS = {kind.FORMAT: kind for kind in (GameSettings, TableSettings, FamilySettings)}
Settings = GameSettings | TableSettings | FamilySettings


class GameError(ValueError):
    """A move the pupil may not make now; `code` and `params` become a friendly, translated message."""

    def __init__(self, code: str, **params: object):
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Game:
    settings: Settings
    seed: int
    match: Match
    rounds: tuple[dict, ...]  # finished round records (the current one too once it is over)
    state: State  # the current round (finished when between rounds)
    seen: int = 0  # log length after the latest person's decision: what came after is news

    @property
    def round_no(self) -> int:
        """0-based number of the current round; a finished round is already in `rounds`."""
        return len(self.rounds) - 1 if self.state.over else len(self.rounds)

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now (always a person's while the round runs)."""
        return self.state.current_player

    @property
    def pupil_to_act(self) -> bool:
        return self.state.current_player == PUPIL

    @property
    def round_over(self) -> bool:
        return self.state.over

    @property
    def over(self) -> bool:
        if not self.state.over:
            return False
        return self.settings.threshold is None or self.match.over

    @property
    def winner(self) -> int | None:
        if not self.over:
            return None
        if self.settings.threshold is not None:
            return self.match.winner
        scores = self.state.scores()
        return scores.index(max(scores)) if scores.count(max(scores)) == 1 else None

    def totals(self) -> list[int]:
        """Match points so far, the round in play included; a one-round game's round points."""
        if self.settings.threshold is None:
            return self.state.scores()
        if self.state.over:
            return list(self.match.totals)
        return [t + s for t, s in zip(self.match.totals, self.state.scores())]

    def news(self) -> list:
        """(seat, move) pairs since the latest person's decision: bots' turns and lost turns to show."""
        return list(self.state.log[self.seen :])

    def record(self) -> dict:
        """A tweak-round/1 record for a one-round game, tweak-match/1 for a match (FORMATS.md);
        an unfinished round is included as far as it went."""
        rounds = list(self.rounds)
        if not self.state.over:
            rounds.append(round_record(self.state))
        if self.settings.threshold is None:
            return rounds[0]
        return match_record(self.settings.threshold, rounds)

    def to_json(self) -> dict:
        setup = self.state.setup
        return {
            "format": self.settings.FORMAT,
            "settings": self.settings.to_json(),
            "seed": self.seed,
            "first_dealer": self.match.first_dealer,
            "rounds": list(self.rounds[: self.round_no]),
            "current": {
                "players": setup.players,
                "colors": list(setup.colors),
                "dealer": setup.dealer,
                "deck": list(setup.deck),
                "tweak_deck": list(setup.tweak_deck),
                "log": [move_to_json(seat, move) for seat, move in self.state.log],
            },
            "seen": self.seen,
        }


def position_key(game: Game) -> str:
    """Changes with every move: the version a page of a game against bots (or of the family
    table) names, so a move made on another position is known (trainer.play.moves); a
    selection or a watched story belongs to one position."""
    return f"{game.round_no}:{len(game.state.log)}"


def turn_key(game: Game) -> str:
    """One per turn (an action card and the play share it): decision time and hints are per turn."""
    return f"{game.round_no}:{game.state.turns}"


def draws(settings: Settings, seed: int, round_no: int, step: int, purpose: str) -> random.Random:
    """The chance of the decision at `step` of round `round_no` (deal, bot, chance, helper)."""
    return random.Random(f"{settings.SALT}{seed}:{round_no}:{step}:{purpose}")


def new_game(settings: Settings, seed: int) -> Game:
    if PERSON not in settings.seats:
        raise ValueError("a game needs a person")
    first_dealer = random.Random(f"{settings.SALT}{seed}:dealer").randrange(settings.players)  # D3
    match = Match(settings.players, settings.colors_in_play, settings.threshold or 1, first_dealer)
    return _advance(Game(settings, seed, match, (), _deal(settings, seed, 0, first_dealer)))


def _deal(settings: Settings, seed: int, round_no: int, dealer: int) -> State:
    rng = draws(settings, seed, round_no, 0, "deal")
    return deal(shuffled_setup(settings.players, rng, settings.colors_in_play, dealer))


def next_round(game: Game) -> Game:
    """After a round of a match, the next one, dealt by the next seat (R3.2)."""
    if not game.state.over:
        raise GameError("round_not_over")
    if game.over:
        raise GameError("game_over")
    state = _deal(game.settings, game.seed, len(game.rounds), game.match.next_dealer)
    return _advance(replace(game, state=state, seen=0))


def _advance(game: Game) -> Game:
    """Bots decide until a person must or the round ends; a finished round is recorded."""
    state, round_no, seats = game.state, len(game.rounds), game.settings.seats
    # No one decides (current_player is None) once the round is over.
    while (seat := state.current_player) is not None and seats[seat] != PERSON:
        step = len(state.log)
        move = make_bot(seats[seat]).choose(
            view_of(state, seat), draws(game.settings, game.seed, round_no, step, "bot")
        )
        state = apply(state, move, draws(game.settings, game.seed, round_no, step, "chance"))
    game = replace(game, state=state)
    if state.over:
        match = game.match.with_round(state) if not game.match.over else game.match
        game = replace(game, rounds=game.rounds + (round_record(state),), match=match)
    return game


def decide(
    game: Game, move: Move, decision_ms: int | None = None, hint_used: bool = False, seat: int = PUPIL
) -> tuple[Game, MoveAnalysis | None]:
    """The decision of the person in `seat`, with the analysis of a card played (for the
    teacher's reports). Refused with a GameError, changing nothing, when not allowed."""
    state = game.state
    if state.over:
        raise GameError("round_over")
    if state.current_player != seat:
        raise GameError("not_your_turn")
    move = normalise_move(state, move)
    check_move(state, move, seat)
    analysis = None
    if isinstance(move, Play):
        analysis = analyse_play(state, move, len(game.rounds), decision_ms, hint_used)
    after = apply(state, move, draws(game.settings, game.seed, len(game.rounds), len(state.log), "chance"))
    # News starts right after the person's own move: turns lost at the end of it come next.
    return _advance(replace(game, state=after, seen=len(state.log) + 1)), analysis


def normalise_move(state: State, move: Move) -> Move:
    if isinstance(move, Play) and move.capture and all(c in state.table for c in move.capture):
        # Cards may be tapped in any order; records keep the table's order.
        order = {card: i for i, card in enumerate(state.table)}
        return Play(move.card, tuple(sorted(move.capture, key=order.__getitem__)))
    if isinstance(move, UseThief):
        return UseThief(move.card, move.victim)  # the card is drawn at random (R7.1), not chosen
    return move


def check_move(state: State, move: Move, seat: int = PUPIL) -> None:
    """Friendly reasons for the mistakes a child makes in `seat`; anything else the rules refuse."""
    hand = state.hands[seat]
    if isinstance(move, Discard):
        if state.phase is not Phase.DISCARD:
            raise GameError("no_bomb")
        if move.card not in hand:
            raise GameError("not_in_hand", card=move.card)
        return
    if state.phase is Phase.DISCARD:
        raise GameError("give_up_a_card")
    if isinstance(move, Play):
        _check_play(state, move, hand)
        return
    if state.phase is not Phase.START:
        raise GameError("one_action_per_turn")
    if move not in legal_moves(state):
        raise GameError("action_not_allowed", card=getattr(move, "card", None))


def _check_play(state: State, move: Play, hand: tuple[str, ...]) -> None:
    if move.card not in hand:
        raise GameError("not_in_hand", card=move.card)
    missing = [c for c in move.capture if c not in state.table]
    if missing:
        raise GameError("not_on_table", card=missing[0])
    if move.capture:
        steps = running_sums(move.card, move.capture)
        if steps[-1][1] != state.target:
            raise GameError("wrong_sum", steps=steps, total=steps[-1][1], target=state.target)


# ---------------------------------------------------------------- saving and resuming


SAVED_KEPT = 128  # games kept per worker by their saved text: a school's tables, a few moves each
_saved: dict[str, Game] = {}


def game_from_saved(text: str) -> Game:
    """`game_from_json` of a saved game's text, kept by that text (issue 50): a table's four
    tablets and the teacher's pages each load the version a move saved, and replaying its
    rounds was a fifth of a table view's CPU. A Game and all it holds are frozen, so one
    built game serves every request that reads the same text."""
    game = _saved.get(text)
    if game is None:
        if len(_saved) >= SAVED_KEPT:
            _saved.clear()
        game = _saved[text] = game_from_json(json.loads(text))
    return game


def keep_saved(text: str, game: Game) -> None:
    """`game` was just saved as `text`: the next load of that text is this game, not a replay
    of it (a saved game is rebuilt exactly: tests/games/test_service.py)."""
    if len(_saved) >= SAVED_KEPT:
        _saved.clear()
    _saved[text] = game


def game_from_json(data: dict) -> Game:
    """Rebuilds a saved game (a bot game's tweak-game/1, a class table's tweak-table/1, a
    family table's tweak-family/1) by
    replaying it; raises ValueError when the data is not a game."""
    kind = SETTINGS.get(data.get("format", ""))
    if kind is None:
        raise ValueError("not a tweak-game/1, tweak-table/1 or tweak-family/1 document")
    settings = kind.from_json(data["settings"])
    match = Match(settings.players, settings.colors_in_play, settings.threshold or 1, data["first_dealer"])
    rounds = tuple(data["rounds"])
    for record in rounds:
        match = match.with_round(replay_round(record))
    current = data["current"]
    state = deal(
        RoundSetup(
            current["players"],
            tuple(current["colors"]),
            current["dealer"],
            tuple(current["deck"]),
            tuple(current["tweak_deck"]),
        )
    )
    for entry in current["log"]:
        _, move = move_from_json(entry)
        if move is not None:  # lost turns happen by themselves (D7)
            state = apply(state, move)
    game = Game(settings, data["seed"], match, rounds, state, data.get("seen", 0))
    if state.over:
        game = replace(
            game, rounds=rounds + (round_record(state),), match=match.with_round(state) if not match.over else match
        )
    return game
