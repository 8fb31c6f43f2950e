"""What the game screen shows, as plain data for the templates: the board at one moment of the
story (issue 6.2), the choices open to the pupil, and the score screen (R2, R8).

Everything is read from the pupil's view (R9), never from the hidden parts of the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.bots.hint import capture_reason, hint as bot_hint
from trainer.engine.moves import Discard, Play, UseBomb, UseJoker, UseShifter, UseThief
from trainer.engine.rules import legal_moves
from trainer.engine.scoring import breakdown
from trainer.engine.solver import best_capture, running_sums, solve
from trainer.engine.state import Phase, State
from trainer.engine.view import PlayerView, view_of
from trainer.games.look_back import look_back as kind_look_back
from trainer.games.service import PUPIL, Game
from trainer.games.story import Story, story
from trainer.web.games import words
from trainer.web.games.pick import Pick

HINT_LEVEL = "casual"


# ---------------------------------------------------------------- the story, step by step


@dataclass(frozen=True)
class Moment:
    """The board at step `step` of the story: 0 is right after the pupil's own move, step k
    tells the k-th public move after it (issue 15.6: with that move's cards marked on the
    board and its player marked as playing); `live` when nothing is left to show."""

    state: State
    step: int
    steps: int
    news: list[dict]
    acting: int | None = None  # the seat whose move is being told
    marked: frozenset = frozenset()  # cards the told move played, took or moved
    played: tuple[str, ...] = ()  # a capture's cards, hand card first (R5.4)
    call: str | None = None  # its sum in figures, "4 + 3 = 7" (R5.4)

    @property
    def live(self) -> bool:
        return self.step >= self.steps


def seat_names(game: Game) -> list[str]:
    return words.seat_names(game.settings.bots)


def seat_faces(game: Game) -> list[str | None]:
    """Each bot's face (static/bots/); None for the pupil, who is shown by their own character."""
    return [None, *(words.bot_face(level) for level in game.settings.bots)]


def _news_item(step, names, faces, latest: bool) -> dict:
    move = step.move
    capture = isinstance(move, Play) and bool(move.capture)
    total = words.sum_line(move.card, move.capture) if capture else None
    return {
        "text": words.step_text(step, name_of=lambda seat: names[seat]),
        "you": step.seat == PUPIL,
        "tweak": step.tweak,
        # For the eyes: a capture as its sum in figures; the sentence is read out.
        "short": words.short_text(step, names, total),
        "won": step.won_action if step.tweak else None,
        "latest": latest,
        "seat": step.seat,
        "name": names[step.seat],
        "face": faces[step.seat],
        "sum": total,
    }


def _marks(step) -> tuple[State, frozenset, tuple[str, ...]]:
    """The position to show while `step` is told, and the cards to mark in it. A capture is
    shown before it happens, its cards still on the table (and the magic number it made); a
    card put on the table is shown where it landed."""
    move = step.move
    if isinstance(move, Play) and move.capture:
        return step.before, frozenset(move.capture), (move.card, *move.capture)
    if isinstance(move, (Play, Discard)):
        return step.after, frozenset({move.card}), ()
    if isinstance(move, UseThief):
        return step.after, frozenset({move.stolen}), ()
    if isinstance(move, UseShifter):
        return step.after, frozenset({step.after.table[-1]}), ()
    return step.after, frozenset(), ()


def moment(game: Game, step: int | None) -> Moment:
    told: Story = story(game)
    later = told.later
    names = seat_names(game)
    # Frame 0 tells the pupil's own move; frame k (1..count) the k-th move after it; then live.
    count = len(later) + 1 if later else 0
    step = count if step is None else max(0, min(step, count))
    shown = list(told.mine) + list(later[:step])
    faces = seat_faces(game)
    news = [_news_item(s, names, faces, i == len(shown) - 1) for i, s in enumerate(shown)]
    if step == count:
        return Moment(game.state, step, count, news)
    if step == 0:
        return Moment(later[0].before, step, count, news, acting=told.mine[-1].seat if told.mine else None)
    current = later[step - 1]
    state, marked, played = _marks(current)
    call = words.sum_line(played[0], played[1:]) if played else None
    return Moment(state, step, count, news, current.seat, marked, played, call)


# ---------------------------------------------------------------- the board


def seats(game: Game, view: PlayerView, acting: int | None = None) -> list[dict]:
    """`acting`: while a move is told, its player is the one shown playing (issue 15.6)."""
    totals = game.match.totals if game.settings.threshold is not None else None
    scores = view.scores()
    names = seat_names(game)
    out = []
    for seat in range(view.players):
        out.append(
            {
                "seat": seat,
                "you": seat == PUPIL,
                "name": names[seat],
                "face": words.bot_face(game.settings.bots[seat - 1]) if seat != PUPIL else None,
                "hand_size": view.hand_sizes[seat],
                "won": len(view.won[seat]),
                "actions": [
                    {"card": c, "name": words.action_name(c), "used": c in view.used[seat]} for c in view.owned[seat]
                ],
                "score": scores[seat],
                # Match totals count finished rounds; the round in play adds on top.
                "total": (totals[seat] + (0 if game.state.over else scores[seat])) if totals else None,
                "to_act": (view.to_act if acting is None else acting) == seat,
                "dealer": view.dealer == seat,
            }
        )
    return out


def board(game: Game, state: State, acting: int | None = None) -> dict:
    view = view_of(state, PUPIL)
    return {
        "view": view,
        "seats": seats(game, view, acting),
        "target": view.target,
        "joker": view.delta,
        "blue_seven": view.deck_size == 0,
        "deck_size": view.deck_size,
        "tweak_deck_size": view.tweak_deck_size,
        "round_no": game.round_no + 1,
    }


def pupil_actions(state: State, names=None, faces=None) -> list[dict]:
    """The action cards the pupil may use now (R5.1, D8), one button each."""
    if state.current_player != PUPIL or state.phase is not Phase.START:
        return []
    out = []
    for move in legal_moves(state):
        if isinstance(move, UseJoker):
            out.append(
                {
                    "kind": "joker",
                    "card": move.card,
                    "delta": move.delta,
                    "label": f"{words.action_name(move.card)} {'+1' if move.delta > 0 else '−1'}",
                }
            )
        elif isinstance(move, UseThief):
            out.append(
                {
                    "kind": "thief",
                    "card": move.card,
                    "victim": move.victim,
                    "label": words.action_name(move.card),
                    "victim_name": words.player_name(move.victim, names),
                    "victim_face": faces[move.victim] if faces else None,
                }
            )
        elif isinstance(move, (UseShifter, UseBomb)):
            out.append(
                {
                    "kind": "shifter" if isinstance(move, UseShifter) else "bomb",
                    "card": move.card,
                    "label": words.action_name(move.card),
                }
            )
    return out


def pick_status(pick: Pick, target: int) -> dict:
    """The running sum as the pupil taps (R5.4), and how it stands against the target."""
    if pick.hand is None:
        return {"state": "table" if pick.table else "start", "call": None}
    steps = running_sums(pick.hand, pick.table)
    total = steps[-1][1]
    if not pick.table:
        return {"state": "hand", "call": None, "value": total}
    state = "right" if total == target else "short" if total < target else "over"
    return {"state": state, "call": words.call(steps), "total": total, "more": target - total}


# ---------------------------------------------------------------- hints (issue 6.7)


def capture_hint(state: State) -> dict:
    """ "Show me a capture": the bots' hint when it is a capture (or a Joker that opens one),
    otherwise the best capture there is, otherwise advice to lay."""
    view = view_of(state, PUPIL)
    suggestion = bot_hint(view, HINT_LEVEL)
    reason = suggestion.reason
    if reason.kind == "capture" or (reason.kind == "joker" and reason.params.get("then")):
        # A Joker's "then" holds the parameters of the capture it opens.
        params = reason.params if reason.kind == "capture" else reason.params["then"]
        cards = [params["play"]["id"]] + [c["id"] for c in params["taken"]]
        if reason.kind == "joker":
            cards.append(suggestion.move.card)
        return {"cards": set(cards), "text": words.hint_text(reason.kind, reason.params)}
    best = best_capture(solve(view.hand, view.table, view.target))
    if best is not None:
        params = capture_reason(best.play, best.capture, view.target, view.table).params
        return {"cards": {best.play, *best.capture}, "text": words.hint_text("capture", params)}
    return {"cards": set(), "text": words.hint_text("lay", {})}


# ---------------------------------------------------------------- the score screen


def score_lines(won, owned) -> list[dict]:
    """A player's points of a round, line by line (R2, R6.5), as every score screen shows them
    (a table's too: games.table_board)."""
    return [
        {
            "label": words.score_reason(line.reason),
            "cards": line.cards,
            "each": line.each,
            "sum": words.points_sum(len(line.cards), line.each, line.points),
            "points": line.points,
            "action": line.reason == "action",
        }
        for line in breakdown(won, owned)
    ]


def round_scores(game: Game) -> dict:
    state = game.state
    scores = state.scores()
    names = seat_names(game)
    players = []
    for seat in range(state.players):
        lines = score_lines(state.won[seat], state.owned[seat])
        players.append(
            {
                "seat": seat,
                "name": names[seat],
                "you": seat == PUPIL,
                "face": words.bot_face(game.settings.bots[seat - 1]) if seat != PUPIL else None,
                "lines": lines,
                "points": scores[seat],
                "total": game.match.totals[seat] if game.settings.threshold is not None else None,
            }
        )
    return {
        "players": players,
        "threshold": game.settings.threshold,
        "over": game.over,
        "winner": game.winner,
        "next_dealer": None if game.over else game.match.next_dealer,
        "round_no": game.round_no + 1,
        "you_won_round": scores[PUPIL] == max(scores),
    }


def look_back(analyses: list[dict]) -> list[dict]:
    """The child's own one or two turns worth a second look (trainer.games.look_back), worded."""
    out = []
    for t in kind_look_back(analyses):
        out.append(
            {
                "kind": t.kind,
                "turn": t.turn,
                "target": t.target,
                "cards": t.cards,
                "call": words.call(t.steps),
                "sum": words.sum_line(t.cards[0], t.cards[1:]),
                "tweak": t.tweak,
            }
        )
    return out
