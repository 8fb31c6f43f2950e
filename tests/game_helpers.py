"""Helpers for the games' tests: games found by seeded play, and a pupil's game in the database."""

from __future__ import annotations

import random
import time

from trainer.engine.moves import LostTurn, Play, UseBomb, UseJoker, UseShifter, UseThief
from trainer.engine.rules import legal_moves
from trainer.engine.state import Phase
from trainer.games.service import Game, decide, new_game, next_round
from trainer.games.settings import GameSettings
from trainer.store import games

HX = {"HX-Request": "true"}


def html(response) -> str:
    return response.get_data(as_text=True)


ACTION_KINDS = {UseJoker: "joker", UseThief: "thief", UseShifter: "shifter", UseBomb: "bomb"}


def greedy_move(state, rng):
    """A TWEAK when there is one (to win action cards), else any legal move."""
    moves = legal_moves(state)
    sweeps = [m for m in moves if isinstance(m, Play) and m.capture and len(m.capture) == len(state.table)]
    return rng.choice(sweeps or moves)


ONE_RANDOM_BOT = GameSettings(("random",))


def find_game(want, settings: GameSettings = ONE_RANDOM_BOT, seeds=range(300), limit: int = 400) -> Game:
    """The first game, over the seeds, in which seeded play reaches a position `want` accepts.
    The same seeds always give the same game."""
    for seed in seeds:
        rng = random.Random(seed)
        game = new_game(settings, seed)
        for _ in range(limit):
            if want(game):
                return game
            if game.over:
                break
            if game.round_over:
                game = next_round(game)
                continue
            game, _ = decide(game, greedy_move(game.state, rng))
    raise AssertionError("no seed reaches such a game")


def pupil_may(kind):
    """`want` for find_game: the pupil, at the start of their turn, may use an action card of `kind`."""

    def want(game):
        state = game.state
        return (
            game.pupil_to_act
            and state.phase is Phase.START
            and any(ACTION_KINDS.get(type(m)) == kind for m in legal_moves(state))
        )

    return want


def bomb_hits_pupil(game):
    return game.pupil_to_act and game.state.phase is Phase.DISCARD


def turn_lost_since_pupil(game):
    return game.pupil_to_act and any(isinstance(m, LostTurn) for _, m in game.state.log[max(0, game.seen - 3) :])


def store_game(db, pupil_id: int, game: Game) -> int:
    return games.create(db, pupil_id, game, time.time())


def tap(client, game_id, *cards):
    response = None
    for card in cards:
        response = client.post(f"/games/{game_id}/tap", data={"tap": card}, headers=HX)
    return response


def play(client, game_id, move, decision_ms=None):
    """Makes `move` as the page does: taps and Take/Lay for a play, a button for the rest."""
    data = {} if decision_ms is None else {"decision_ms": str(decision_ms)}
    if isinstance(move, Play):
        client.post(f"/games/{game_id}/tap", data={"clear": "1"}, headers=HX)
        tap(client, game_id, move.card, *move.capture)
        data["kind"] = "take" if move.capture else "lay"
    elif type(move) in ACTION_KINDS:
        data["kind"] = ACTION_KINDS[type(move)]
        if isinstance(move, UseJoker):
            data["delta"] = str(move.delta)
        if isinstance(move, UseThief):
            data["victim"] = str(move.victim)
    else:
        data.update(kind="discard", card=move.card)
    return client.post(f"/games/{game_id}/move", data=data, headers=HX)
