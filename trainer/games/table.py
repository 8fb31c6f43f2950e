"""Class play (issue 16): classmates at one table, each deciding in their own seat, bots in
the seats given to them. Pure: the store keeps a table's game as `TableGame.to_json()`.

This is not a second engine: states, moves, chance and records are the engine's, a child's
move is checked by the same `check_move` as a bot game's pupil move, and bots decide as in
bot games. What differs from `trainer.games.service.Game` is only that several seats are
people, so after a move bots play until a person must decide (any person, not seat 0).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from trainer.bots import make_bot
from trainer.engine.cards import default_colors
from trainer.engine.match import Match, default_threshold
from trainer.engine.moves import Move
from trainer.engine.records import match_record, move_from_json, move_to_json, replay_round, round_record
from trainer.engine.rules import apply
from trainer.engine.state import RoundSetup, State, deal, shuffled_setup
from trainer.engine.view import view_of
from trainer.games.service import GameError, check_move, normalise_move
from trainer.games.settings import LENGTHS, SHORT_MATCH_POINTS

TABLE_FORMAT = "tweak-table/1"
PERSON = "pupil"          # a seat a child plays; any other seat names its bot's level
MIN_SEATS, MAX_SEATS = 2, 6


@dataclass(frozen=True, slots=True)
class TableSettings:
    seats: tuple[str, ...]        # PERSON or a bot level, one per seat
    length: str = "round"

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s == PERSON)

    @property
    def threshold(self) -> int | None:
        if self.length == "round":
            return None
        return SHORT_MATCH_POINTS if self.length == "short" else default_threshold(self.players)

    def to_json(self) -> dict:
        return {"seats": list(self.seats), "length": self.length}

    @classmethod
    def from_json(cls, data: dict) -> TableSettings:
        seats = tuple(data["seats"])
        if not MIN_SEATS <= len(seats) <= MAX_SEATS or data.get("length", "round") not in LENGTHS:
            raise ValueError("not a table's settings")
        return cls(seats, data.get("length", "round"))


@dataclass(frozen=True)
class TableGame:
    settings: TableSettings
    seed: int
    match: Match
    rounds: tuple[dict, ...]      # finished round records (the current one too once it is over)
    state: State

    @property
    def round_no(self) -> int:
        """0-based number of the current round; a finished round is already in `rounds`."""
        return len(self.rounds) - 1 if self.state.over else len(self.rounds)

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

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now (always a person's while the round runs)."""
        return self.state.current_player

    def totals(self) -> list[int]:
        """Match points so far, the round in play included; a one-round game's round points."""
        if self.settings.threshold is None:
            return self.state.scores()
        if self.state.over:
            return list(self.match.totals)
        return [t + s for t, s in zip(self.match.totals, self.state.scores())]

    def to_json(self) -> dict:
        setup = self.state.setup
        return {
            "format": TABLE_FORMAT, "settings": self.settings.to_json(), "seed": self.seed,
            "first_dealer": self.match.first_dealer,
            "rounds": list(self.rounds[:self.round_no]),
            "current": {"players": setup.players, "colors": list(setup.colors), "dealer": setup.dealer,
                        "deck": list(setup.deck), "tweak_deck": list(setup.tweak_deck),
                        "log": [move_to_json(seat, move) for seat, move in self.state.log]},
        }

    def record(self) -> dict:
        """The game so far as tweak-round/1 (one round) or tweak-match/1 (FORMATS.md)."""
        rounds = list(self.rounds)
        if not self.state.over:
            rounds.append(round_record(self.state))
        if self.settings.threshold is None:
            return rounds[0]
        return match_record(self.settings.threshold, rounds)


def _rng(seed: int, round_no: int, step: int, purpose: str) -> random.Random:
    return random.Random(f"table:{seed}:{round_no}:{step}:{purpose}")


def _deal(settings: TableSettings, seed: int, round_no: int, dealer: int) -> State:
    colors = default_colors(settings.players)      # R3.1
    return deal(shuffled_setup(settings.players, _rng(seed, round_no, 0, "deal"), colors, dealer))


def new_table_game(settings: TableSettings, seed: int) -> TableGame:
    if len(settings.people) < 1:
        raise ValueError("a table needs a child")
    first_dealer = random.Random(f"table:{seed}:dealer").randrange(settings.players)    # D3
    match = Match(settings.players, default_colors(settings.players), settings.threshold or 1, first_dealer)
    return _advance(TableGame(settings, seed, match, (), _deal(settings, seed, 0, first_dealer)))


def _advance(game: TableGame) -> TableGame:
    """Bots decide until a person must, or the round ends; a finished round is recorded."""
    state, round_no = game.state, len(game.rounds)
    seats = game.settings.seats
    while not state.over and seats[state.current_player] != PERSON:
        seat, step = state.current_player, len(state.log)
        move = make_bot(seats[seat]).choose(view_of(state, seat), _rng(game.seed, round_no, step, "bot"))
        state = apply(state, move, _rng(game.seed, round_no, step, "chance"))
    game = replace(game, state=state)
    if state.over:
        match = game.match.with_round(state) if not game.match.over else game.match
        game = replace(game, rounds=game.rounds + (round_record(state),), match=match)
    return game


def decide(game: TableGame, seat: int, move: Move) -> TableGame:
    """The child in `seat` decides. Refused with a GameError, changing nothing, when not allowed."""
    state = game.state
    if state.over:
        raise GameError("round_over")
    if state.current_player != seat:
        raise GameError("not_your_turn")
    move = normalise_move(state, move)
    check_move(state, move, seat)
    after = apply(state, move, _rng(game.seed, len(game.rounds), len(state.log), "chance"))
    return _advance(replace(game, state=after))


HELPER_LEVEL = "casual"     # the helper bot that plays for a child whose clock ran out or who is away
HELPER_STEPS = 12           # decisions in one turn at most (action cards, then the card)


def helper_turn(game: TableGame, seat: int) -> tuple[TableGame, list[int]]:
    """The helper bot plays `seat`'s decisions until the turn passes (a Bomb's discard, an
    action card and the card played), as the child could have. Returns the game and the log
    steps it made. Deterministic: its chance comes from the table's seed, as a bot's does."""
    state = game.state
    if state.over or state.current_player != seat:
        raise GameError("not_your_turn")
    steps, turns, bot = [], state.turns, make_bot(HELPER_LEVEL)
    while (not game.state.over and game.state.current_player == seat and game.state.turns == turns
           and len(steps) < HELPER_STEPS):
        step = len(game.state.log)
        move = bot.choose(view_of(game.state, seat), _rng(game.seed, len(game.rounds), step, "helper"))
        game = decide(game, seat, move)
        steps.append(step)
    return game, steps


def next_round(game: TableGame) -> TableGame:
    """After a round of a match, the next one, dealt by the next seat (R3.2)."""
    if not game.state.over:
        raise GameError("round_not_over")
    if game.over:
        raise GameError("game_over")
    state = _deal(game.settings, game.seed, len(game.rounds), game.match.next_dealer)
    return _advance(replace(game, state=state))


def table_from_json(data: dict) -> TableGame:
    """Rebuilds a stored table game by replaying it; ValueError when the data is not one."""
    if data.get("format") != TABLE_FORMAT:
        raise ValueError(f"not a {TABLE_FORMAT} document")
    settings = TableSettings.from_json(data["settings"])
    match = Match(settings.players, default_colors(settings.players), settings.threshold or 1,
                  data["first_dealer"])
    rounds = tuple(data["rounds"])
    for record in rounds:
        match = match.with_round(replay_round(record))
    current = data["current"]
    state = deal(RoundSetup(current["players"], tuple(current["colors"]), current["dealer"],
                            tuple(current["deck"]), tuple(current["tweak_deck"])))
    for entry in current["log"]:
        _, move = move_from_json(entry)
        if move is not None:           # lost turns happen by themselves (D7)
            state = apply(state, move)
    game = TableGame(settings, data["seed"], match, rounds, state)
    if state.over:
        game = replace(game, rounds=rounds + (round_record(state),),
                       match=match.with_round(state) if not match.over else match)
    return game
