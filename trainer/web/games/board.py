"""What the game screen shows, as plain data for the templates: the board at one moment of the
story (issue 6.2), the choices open to the pupil, and the score screen (R2, R8).

Everything is read from the pupil's view (R9), never from the hidden parts of the state.
"""
from __future__ import annotations

from dataclasses import dataclass

from trainer.bots.hint import capture_reason, hint as bot_hint
from trainer.engine.moves import UseBomb, UseJoker, UseShifter, UseThief
from trainer.engine.rules import legal_moves
from trainer.engine.scoring import breakdown
from trainer.engine.solver import best_capture, running_sums, solve
from trainer.engine.state import Phase, State
from trainer.engine.view import PlayerView, view_of
from trainer.games.service import PUPIL, Game
from trainer.games.story import Story, story
from trainer.web.games import words
from trainer.web.games.pick import Pick

HINT_LEVEL = "casual"


def position_key(game: Game) -> str:
    """Changes with every move: a selection or a watched story belongs to one position."""
    return f"{game.round_no}:{len(game.state.log)}"


def turn_key(game: Game) -> str:
    """One per turn (an action card and the play share it): decision time and hints are per turn."""
    return f"{game.round_no}:{game.state.turns}"


# ---------------------------------------------------------------- the story, step by step

@dataclass(frozen=True)
class Moment:
    """The board at step `step` of the story: 0 is right after the pupil's own move, each
    further step one more public move after it; `live` when nothing is left to show."""
    state: State
    step: int
    steps: int
    news: list[dict]

    @property
    def live(self) -> bool:
        return self.step >= self.steps


def moment(game: Game, step: int | None) -> Moment:
    told: Story = story(game)
    later = told.later
    count = len(later)
    step = count if step is None else max(0, min(step, count))
    if step == count:
        state = game.state
    else:
        state = later[step].before
    shown = list(told.mine) + list(later[:step])
    news = [{"text": words.step_text(s), "you": s.seat == PUPIL, "tweak": s.tweak,
             "won": s.won_action if s.tweak else None, "latest": i == len(shown) - 1}
            for i, s in enumerate(shown)]
    return Moment(state, step, count, news)


# ---------------------------------------------------------------- the board

def seats(game: Game, view: PlayerView) -> list[dict]:
    totals = game.match.totals if game.settings.threshold is not None else None
    scores = view.scores()
    out = []
    for seat in range(view.players):
        out.append({
            "seat": seat, "you": seat == PUPIL, "name": words.player_name(seat),
            "level": words.level_name(game.settings.bots[seat - 1]) if seat != PUPIL else None,
            "hand_size": view.hand_sizes[seat], "won": len(view.won[seat]),
            "actions": [{"card": c, "name": words.action_name(c), "used": c in view.used[seat]}
                        for c in view.owned[seat]],
            "score": scores[seat],
            # Match totals count finished rounds; the round in play adds on top.
            "total": (totals[seat] + (0 if game.state.over else scores[seat])) if totals else None,
            "to_act": view.to_act == seat, "dealer": view.dealer == seat,
        })
    return out


def board(game: Game, state: State) -> dict:
    view = view_of(state, PUPIL)
    return {
        "view": view, "seats": seats(game, view),
        "target": view.target, "joker": view.delta,
        "blue_seven": view.deck_size == 0, "deck_size": view.deck_size,
        "tweak_deck_size": view.tweak_deck_size, "round_no": game.round_no + 1,
    }


def pupil_actions(state: State) -> list[dict]:
    """The action cards the pupil may use now (R5.1, D8), one button each."""
    if state.current_player != PUPIL or state.phase is not Phase.START:
        return []
    out = []
    for move in legal_moves(state):
        if isinstance(move, UseJoker):
            out.append({"kind": "joker", "card": move.card, "delta": move.delta,
                        "label": f"{words.action_name(move.card)} {'+1' if move.delta > 0 else '−1'}"})
        elif isinstance(move, UseThief):
            out.append({"kind": "thief", "card": move.card, "victim": move.victim,
                        "label": words.action_name(move.card), "victim_name": words.player_name(move.victim)})
        elif isinstance(move, (UseShifter, UseBomb)):
            out.append({"kind": "shifter" if isinstance(move, UseShifter) else "bomb", "card": move.card,
                        "label": words.action_name(move.card)})
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
    """"Show me a capture": the bots' hint when it is a capture (or a Joker that opens one),
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

def round_scores(game: Game) -> dict:
    state = game.state
    scores = state.scores()
    players = []
    for seat in range(state.players):
        lines = [{"label": words.score_reason(line.reason), "cards": line.cards, "each": line.each,
                  "points": line.points, "action": line.reason == "action"}
                 for line in breakdown(state.won[seat], state.owned[seat])]
        players.append({"seat": seat, "name": words.player_name(seat), "you": seat == PUPIL,
                        "lines": lines, "points": scores[seat],
                        "total": game.match.totals[seat] if game.settings.threshold is not None else None})
    return {"players": players, "threshold": game.settings.threshold, "over": game.over,
            "winner": game.winner, "next_dealer": None if game.over else game.match.next_dealer,
            "round_no": game.round_no + 1}
