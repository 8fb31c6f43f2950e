"""What a class-play screen shows, as plain data for the templates (issue 16).

A seat's board comes from that seat's view (R9): its own hand, never another's, never the
deck's order. The teacher and classmates who do not sit at the table get a view with no hand
at all (`hand=()`), so no template can show one by mistake.
"""
from __future__ import annotations

from dataclasses import replace

from trainer.engine.moves import LostTurn, UseBomb, UseJoker, UseShifter, UseThief
from trainer.engine.rules import legal_moves
from trainer.engine.scoring import breakdown
from trainer.engine.state import Phase, deal
from trainer.engine.view import view_of
from trainer.games.story import Step, states_along
from trainer.games.table import TableGame
from trainer.web.classplay.words import seat_name
from trainer.web.games import words as game_words

NEWS = 6          # moves shown in "What happened"
NOBODY = -1       # the seat of someone watching


def board(game: TableGame, seat: int, names: dict[int, dict], away: set[int] = frozenset(),
          helped: list = ()) -> dict:
    """`away`: seats whose child is away; `helped`: the helper bot's moves at the table
    ([round, step, seat, why], trainer.store.class_tables.helped_of), both said on the board."""
    state = game.state
    view = view_of(state, max(seat, 0))
    if seat == NOBODY:
        view = replace(view, hand=())
    layout = game.settings.seats
    totals = game.totals() if game.settings.threshold is not None else None
    scores = view.scores()
    seats = [{
        "seat": s, "you": s == seat, "name": seat_name(s, layout, names),
        "level": None, "hand_size": view.hand_sizes[s], "won": len(view.won[s]),
        "actions": [{"card": c, "used": c in view.used[s]} for c in view.owned[s]],
        "score": scores[s], "total": totals[s] if totals else None,
        "to_act": view.to_act == s, "dealer": view.dealer == s, "away": s in away,
    } for s in range(view.players)]
    return {"view": view, "seats": seats, "target": view.target, "joker": view.delta,
            "blue_seven": view.deck_size == 0, "deck_size": view.deck_size,
            "tweak_deck_size": view.tweak_deck_size, "round_no": game.round_no + 1,
            "to_act": state.current_player, "to_act_name": (seat_name(state.current_player, layout, names)
                                                           if state.current_player is not None else None),
            "mine": seat >= 0 and state.current_player == seat,
            "discard": state.phase is Phase.DISCARD, "news": news(game, seat, names, helped)}


def news(game: TableGame, seat: int, names: dict[int, dict], helped: list = ()) -> list[dict]:
    """The latest public moves (R9: the log holds only what everyone saw), told to `seat`;
    a move the helper bot made for a child says so (and why)."""
    state = game.state
    by_helper = {step: why for round_no, step, _, why in helped if round_no == game.round_no}
    log = state.log
    if not log:
        return []
    states, start = states_along(state), deal(state.setup)
    layout = game.settings.seats

    def name_of(s: int) -> str:
        return seat_name(s, layout, names)

    out = []
    for i in range(max(0, len(log) - NEWS), len(log)):
        who, move = log[i]
        step = Step(who, move, states[i - 1] if i else start, states[i])
        out.append({"text": game_words.step_text(step, seat, name_of), "you": who == seat,
                    "tweak": step.tweak, "won": step.won_action if step.tweak else None,
                    "latest": i == len(log) - 1, "lost": isinstance(move, LostTurn),
                    "helper": by_helper.get(i)})
    return out


def actions(game: TableGame, seat: int, names: dict[int, dict]) -> list[dict]:
    """The action cards the child in `seat` may use now (R5.1, D8), one button each."""
    state = game.state
    if state.current_player != seat or state.phase is not Phase.START:
        return []
    out = []
    for move in legal_moves(state):
        if isinstance(move, UseJoker):
            out.append({"kind": "joker", "delta": move.delta,
                        "label": f"{game_words.action_name(move.card)} {'+1' if move.delta > 0 else '−1'}"})
        elif isinstance(move, UseThief):
            out.append({"kind": "thief", "victim": move.victim, "label": game_words.action_name(move.card),
                        "victim_name": seat_name(move.victim, game.settings.seats, names)})
        elif isinstance(move, (UseShifter, UseBomb)):
            out.append({"kind": "shifter" if isinstance(move, UseShifter) else "bomb",
                        "label": game_words.action_name(move.card)})
    return out


def round_scores(game: TableGame, seat: int, names: dict[int, dict]) -> dict:
    """The score screen after a round (R2, R6.5; R8 totals in a match): public information."""
    state = game.state
    scores = state.scores()
    layout = game.settings.seats
    players = [{"seat": s, "name": seat_name(s, layout, names), "you": s == seat, "points": scores[s],
                "lines": [{"label": game_words.score_reason(line.reason), "points": line.points}
                          for line in breakdown(state.won[s], state.owned[s])],
                "total": game.match.totals[s] if game.settings.threshold is not None else None}
               for s in range(state.players)]
    winner = game.winner
    return {"players": players, "over": game.over,
            "winner": seat_name(winner, layout, names) if winner is not None else None,
            "you_won": winner is not None and winner == seat}
