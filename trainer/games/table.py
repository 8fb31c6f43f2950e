"""Class play (issue 16): classmates at one table, each deciding in their own seat, bots in
the seats given to them. The game is the one game core's (trainer.games.service.Game with
`TableSettings`); what only a table has is the helper bot that plays for a child who is away
or whose turn clock ran out.
"""

from __future__ import annotations

from trainer.bots import make_bot
from trainer.engine.view import view_of
from trainer.games.service import Game, GameError, decide, draws

HELPER_LEVEL = "casual"  # the helper bot that plays for a child whose clock ran out or who is away
HELPER_STEPS = 12  # decisions in one turn at most (action cards, then the card)


def helper_turn(game: Game, seat: int) -> tuple[Game, list[int]]:
    """The helper bot plays `seat`'s decisions until the turn passes (a Bomb's discard, an
    action card and the card played), as the child could have. Returns the game and the log
    steps it made. Deterministic: its chance comes from the table's seed, as a bot's does.
    Its plays are not the child's: no analysis is kept of them."""
    state = game.state
    if state.over or state.current_player != seat:
        raise GameError("not_your_turn")
    steps: list[int] = []
    turns, bot = state.turns, make_bot(HELPER_LEVEL)
    while (
        not game.state.over
        and game.state.current_player == seat
        and game.state.turns == turns
        and len(steps) < HELPER_STEPS
    ):
        step = len(game.state.log)
        rng = draws(game.settings, game.seed, len(game.rounds), step, "helper")
        game, _ = decide(game, bot.choose(view_of(game.state, seat), rng), seat=seat)
        steps.append(step)
    return game, steps
