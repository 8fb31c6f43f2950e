"""The `expert` level: determinised search whose deals follow what the other players' plays
reveal about their hands (trainer.bots.inference), with a larger budget than `clever`, and the
exact endgame (docs/bots.md)."""

from __future__ import annotations

import random

from trainer.bots.backs import hand_stories, pick_story
from trainer.bots.clever import endgame_choice, worlds_once_empty
from trainer.bots.inference import HandModel, public_turns
from trainer.bots.ismcts import ismcts
from trainer.bots.knowledge import Knowledge
from trainer.bots.search import Evaluator, distinct, successive_halving
from trainer.bots.sim import Sim, decision_of, move_of
from trainer.engine.moves import Move
from trainer.engine.view import PlayerView


class InformedSampler:
    """Determinisations drawn uniformly, then kept with probability equal to their weight under
    the hand models (rejection sampling; weights are at most 1). After `tries` rejections the
    heaviest guess seen is used, so a model that fits badly never stalls the search."""

    def __init__(self, knowledge: Knowledge, models: dict[int, HandModel], tries: int, backs: dict | None = None):
        self.k = knowledge
        self.models = models
        self.tries = tries
        self.backs = backs

    def weight(self, hands) -> float:
        w = 1.0
        for seat, model in self.models.items():
            w *= model.weight(hands[seat])
            if w == 0.0:
                break
        return w

    def __call__(self, rng: random.Random) -> Sim:
        best = None
        best_w = -1.0
        for _ in range(self.tries):
            backs = None
            if self.backs:
                backs = {s: pick_story(stories, rng) for s, stories in self.backs.items()}
            hands, deck = self.k.sample_hidden(rng, backs)
            w = self.weight(hands)
            if w >= 1.0 or rng.random() < w:
                best = (hands, deck)
                break
            if w > best_w:
                best, best_w = (hands, deck), w
        hands, deck = best
        return self.k.sim_with(hands, deck, self.k.sample_tweak_deck(rng))


class ExpertBot:
    """Settings:
    - `playouts`: determinisations x candidates per decision (search budget);
    - `horizon`: playouts stop after this many turns and the margin then is read as a chance
      of winning (search.estimated_utility) -- shorter, steadier look-ahead than clever's;
    - `memory`, `slip`, `tries`: the inference (how many past turns of each player are read,
      how often a player lays although they could capture, guesses per determinisation);
    - `backs`: deal the other hands only cards whose backs fit the targets seen when those
      players drew (trainer.bots.backs);
    - `search`: "flat" (successive halving over root decisions) or "ismcts" (Cowling et al.);
    - `exploration`: the UCB constant of ismcts;
    - `exact_deck`: with two players, the exact search (trainer.bots.endgame) takes over once
      the deck holds at most this many cards, on `exact_worlds` inferred deals (the other
      hand and the deck's order), within `endgame_nodes` positions in all, weighing a round win
      by `exact_win_weight` against the margin (an exact value has no noise for the margin to
      smooth, and the ladder counts wins);
    - `win_weight`, `endgame_worlds`: as for clever (`endgame_worlds` deals once the deck is
      empty with more than two players).
    """

    name = "expert"

    def __init__(
        self,
        playouts: int = 2000,
        horizon: int | None = 6,
        memory: int = 3,
        slip: float = 0.15,
        tries: int = 20,
        backs: bool = True,
        search: str = "flat",
        exploration: float = 0.7,
        win_weight: float = 0.5,
        endgame_worlds: int = 2,
        endgame_nodes: int = 20_000,
        exact_deck: int = 2,
        exact_worlds: int = 8,
        exact_win_weight: float = 0.9,
    ):
        if search not in ("flat", "ismcts"):
            raise ValueError("search must be 'flat' or 'ismcts'")
        self.playouts = playouts
        self.horizon = horizon
        self.memory = memory
        self.slip = slip
        self.tries = tries
        self.backs = backs
        self.search = search
        self.exploration = exploration
        self.win_weight = win_weight
        self.endgame_worlds = endgame_worlds
        self.endgame_nodes = endgame_nodes
        self.exact_deck = exact_deck
        self.exact_worlds = exact_worlds
        self.exact_win_weight = exact_win_weight

    def sampler(self, view: PlayerView, knowledge: Knowledge):
        backs = hand_stories(view) if self.backs else None
        models = {}
        turns = public_turns(view) if self.memory else None
        if turns is not None:
            models = {
                s: HandModel(turns[s], self.memory, self.slip)
                for s in knowledge.others
                if turns[s] and view.hand_sizes[s]
            }
        if not models and not backs:
            return knowledge.determinise
        return InformedSampler(knowledge, models, self.tries, backs)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        moves = view.legal_moves()
        candidates = distinct([decision_of(m) for m in moves])
        if len(candidates) == 1:
            return move_of(candidates[0], view.unused)
        knowledge = Knowledge(view)
        sampler = self.sampler(view, knowledge)
        best = None
        worlds = self.exact_worlds_for(view)
        if worlds:
            best = endgame_choice(
                knowledge, candidates, rng, self.exact_win_weight, worlds, self.endgame_nodes, sampler
            )
        if best is None and self.search == "ismcts":
            best = ismcts(
                sampler, rng, view.seat, candidates, self.playouts, self.win_weight, self.horizon, self.exploration
            )
        if best is None:
            ev = Evaluator(knowledge, rng, view.seat, self.win_weight, sampler=sampler, horizon=self.horizon)
            best, _ = successive_halving(candidates, ev.value, self.playouts)
        return move_of(best, view.unused)

    def exact_worlds_for(self, view: PlayerView) -> int:
        """How many deals the exact search solves now (0: search by sampling)."""
        if view.players == 2 and 0 < view.deck_size <= self.exact_deck:
            return self.exact_worlds
        return worlds_once_empty(view, self.endgame_worlds)
