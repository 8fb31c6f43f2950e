"""What a table of people shows, as plain data for the games' board partials (issue 16): the
same shapes as trainer.web.games.board, so a child at a class table, and each person at the
family table (issue 37.4), gets the children's board (templates/games/_centre, _play, _seats,
_news, _actions, _discard, _round_over). Class play draws its tables with it; the games area
keeps it, so the family table needs nothing of class play (areas depend one way, issue 48).

A seat's board comes from that seat's view (R9): its own hand, never another's, never the
deck's order. The teacher and classmates who do not sit at the table get a view with no hand
at all (`hand=()`), so no template can show one by mistake.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from trainer.engine.moves import LostTurn, Play, UseBomb, UseJoker, UseShifter, UseThief
from trainer.engine.rules import legal_moves
from trainer.engine.state import Phase, deal
from trainer.engine.view import view_of
from trainer.games.fair import fair_scores, own_results
from trainer.games.service import Game
from trainer.games.settings import PERSON
from trainer.games.story import Step, states_along
from trainer.web.games import words as game_words
from trainer.web.games.board import score_lines

NEWS = 8  # moves shown in "What happened" at most
NOBODY = -1  # the seat of someone watching
NO_FACE = "none"  # a classmate who has not picked a character yet (games/_macros.html bot_face)

NO_AVATARS: Mapping[int, str] = MappingProxyType({})


def names_of(game: Game, names: dict[int, dict]) -> list[str]:
    return game_words.table_seat_names(game.settings.seats, names)


def faces_of(game: Game, names: dict[int, dict], avatars: dict[int, str]) -> list[str]:
    """Each seat's face for games/_macros.html bot_face: a classmate's character
    ("avatars/<key>"), a bot's animal (static/bots/); a seat left by its child keeps no face."""
    out = []
    for s, kind in enumerate(game.settings.seats):
        if s in names:
            key = avatars.get(names[s]["pupil_id"])
            out.append(f"avatars/{key}" if key else NO_FACE)
        elif kind != PERSON:
            out.append(game_words.bot_face(kind))
        else:
            out.append(NO_FACE)
    return out


def board(
    game: Game,
    seat: int,
    names: dict[int, dict],
    avatars: Mapping[int, str] = NO_AVATARS,
    away: set[int] = frozenset(),
    helped: list = (),
    not_here: set[int] = frozenset(),
    with_news: bool = True,
) -> dict:
    """`away`: seats whose child is away; `helped`: the helper bot's moves at the table
    ([round, step, seat, why], trainer.store.class_tables.helped_of), both said on the board;
    `not_here`: tournament seats whose child has not opened the table yet (the table waits).
    `with_news` False leaves out what happened (the teacher's pages do not show it: telling
    the round again move by move was a fifth of the projector's CPU, issue 50)."""
    state = game.state
    view = view_of(state, max(seat, 0))
    if seat == NOBODY:
        view = replace(view, hand=())
    # The one score (issue 46.4): each child's own, the helper's turns apart (games.fair).
    fair = fair_scores(game, helped)
    totals, scores = fair.totals, fair.round
    seat_names, faces = names_of(game, names), faces_of(game, names, avatars)
    seats = [
        {
            "seat": s,
            "you": s == seat,
            "name": seat_names[s],
            "face": faces[s],
            "hand_size": view.hand_sizes[s],
            "won": len(view.won[s]),
            "actions": [{"card": c, "used": c in view.used[s]} for c in view.owned[s]],
            "score": scores[s],
            "total": totals[s] if totals else None,
            "by_helper": fair.round_helper[s],
            "to_act": view.to_act == s,
            "dealer": view.dealer == s,
            "away": s in away,
            "not_here": s in not_here and s not in away,
            "helper": s in away and game.settings.seats[s] == PERSON,
        }
        for s in range(view.players)
    ]
    to_act = state.current_player
    return {
        "view": view,
        "seats": seats,
        "target": view.target,
        "joker": view.delta,
        "blue_seven": view.deck_size == 0,
        "deck_size": view.deck_size,
        "tweak_deck_size": view.tweak_deck_size,
        "round_no": game.round_no + 1,
        "to_act": to_act,
        "to_act_name": seat_names[to_act] if to_act is not None else None,
        "to_act_face": faces[to_act] if to_act is not None else None,
        "mine": seat >= 0 and to_act == seat and not state.over,
        "discard": state.phase is Phase.DISCARD,
        "news": news(game, seat, seat_names, faces, helped) if with_news else [],
    }


def news(game: Game, seat: int, seat_names: list[str], faces: list[str], helped: list = ()) -> list[dict]:
    """What happened since this child's own last move (their last look at a board they
    could change): that move, then every public move after it (R9: the log holds only what
    everyone saw), each with its player's face and a capture's sum in figures, as in bot
    games. Someone watching sees the latest moves. A move the helper bot made for a child
    says so (and why)."""
    state = game.state
    log = state.log
    if not log and game.round_no == 0:
        return []
    by_helper = {step: why for round_no, step, _, why in helped if round_no == game.round_no}
    states, start = states_along(state), deal(state.setup)
    first = max(0, len(log) - NEWS)
    if seat >= 0:
        mine = [i for i, (who, move) in enumerate(log) if who == seat and not isinstance(move, LostTurn)]
        if mine:
            last = mine[-1]
            # An action card and the play after it are one turn: start at the turn's first move.
            while last > 0 and log[last - 1][0] == seat and not isinstance(log[last - 1][1], LostTurn):
                last -= 1
            first = max(first, last)

    out = []
    if seat >= 0 and game.round_no > 0 and not state.over and not any(who == seat for who, _move in log):
        # Not yet a move of theirs this round: they may not have seen the last one end (a long
        # Wi-Fi drop, issue 46.4), so what happened begins with its result.
        number = game.round_no - 1
        points = own_results(game.rounds[number], number, helped)[0]
        out.append(
            {
                "text": game_words.round_ended(number + 1, seat_names, points),
                "short": None,
                "you": False,
                "tweak": False,
                "won": None,
                "latest": False,
                "lost": False,
                "seat": None,
                "name": None,
                "face": "robot",
                "sum": None,
                "helper": None,
                "round_end": True,
                "key": f"{number}:end",
            }
        )
    for i in range(first, len(log)):
        who, move = log[i]
        step = Step(who, move, states[i - 1] if i else start, states[i])
        capture = isinstance(move, Play) and bool(move.capture)
        total = game_words.sum_line(move.card, move.capture) if capture else None
        helper = by_helper.get(i)
        # The helper's move is said as the helper's, never as if the child played (issue 49).
        tell = game_words.helper_text if helper else game_words.step_text
        out.append(
            {
                "text": tell(step, seat, lambda s: seat_names[s]),
                "you": who == seat,
                "short": game_words.short_text(step, seat_names, total, me=seat),
                "tweak": step.tweak,
                "won": step.won_action if step.tweak else None,
                "latest": i == len(log) - 1,
                "lost": isinstance(move, LostTurn),
                "seat": who,
                "name": seat_names[who],
                "face": faces[who],
                "sum": total,
                "helper": helper,
                # Which move this is, so a class table says each move once (static/js/games.js).
                "key": f"{game.round_no}:{i}",
            }
        )
    return out


def actions(game: Game, seat: int, names: dict[int, dict], avatars: Mapping[int, str] = NO_AVATARS) -> list[dict]:
    """The action cards the child in `seat` may use now (R5.1, D8), one button each."""
    state = game.state
    if state.current_player != seat or state.phase is not Phase.START:
        return []
    seat_names, faces = names_of(game, names), faces_of(game, names, avatars)
    out = []
    for move in legal_moves(state):
        if isinstance(move, UseJoker):
            out.append(
                {
                    "kind": "joker",
                    "delta": move.delta,
                    "label": f"{game_words.action_name(move.card)} {'+1' if move.delta > 0 else '−1'}",
                }
            )
        elif isinstance(move, UseThief):
            out.append(
                {
                    "kind": "thief",
                    "victim": move.victim,
                    "label": game_words.action_name(move.card),
                    "victim_name": seat_names[move.victim],
                    "victim_face": faces[move.victim],
                }
            )
        elif isinstance(move, (UseShifter, UseBomb)):
            out.append(
                {
                    "kind": "shifter" if isinstance(move, UseShifter) else "bomb",
                    "label": game_words.action_name(move.card),
                }
            )
    return out


def round_scores(
    game: Game, seat: int, names: dict[int, dict], avatars: Mapping[int, str] = NO_AVATARS, helped: list = ()
) -> dict:
    """The score screen after a round (R2, R6.5; R8 totals in a match): public information,
    in the shape of trainer.web.games.board.round_scores. Every figure is the child's own
    (games.fair, as in the standings); what the helper bot's turns earned is apart (`by_helper`)."""
    state = game.state
    fair = fair_scores(game, helped)
    scores = fair.round
    seat_names, faces = names_of(game, names), faces_of(game, names, avatars)
    players = []
    for s in range(state.players):
        lines = score_lines(state.won[s], state.owned[s])
        players.append(
            {
                "seat": s,
                "name": seat_names[s],
                "you": s == seat,
                "face": faces[s],
                "points": scores[s],
                "lines": lines,
                "by_helper": fair.round_helper[s],
                "total": fair.totals[s] if fair.totals is not None else None,
            }
        )
    return {
        "players": players,
        "threshold": game.settings.threshold,
        "over": game.over,
        "winner": fair.winner,
        "next_dealer": None if game.over else game.match.next_dealer,
        "round_no": game.round_no + 1,
        "you_won_round": seat >= 0 and scores[seat] == max(scores),
    }
