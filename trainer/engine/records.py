"""`tweak-round/1` and `tweak-match/1` records (FORMATS.md): write, read and replay."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from trainer.engine.cards import card_table
from trainer.engine.match import Match
from trainer.engine.moves import (
    ActionMove,
    Discard,
    LostTurn,
    Move,
    Play,
    UseBomb,
    UseJoker,
    UseShifter,
    UseThief,
)
from trainer.engine.rules import IllegalMove, apply
from trainer.engine.state import RoundSetup, State, check_colors, deal

ROUND_FORMAT = "tweak-round/1"
MATCH_FORMAT = "tweak-match/1"


class RecordError(ValueError):
    """The record itself is malformed (not a rule broken by a move): bad input."""


@dataclass(frozen=True)
class ReplayError(Exception):
    """A move in the record breaks a rule."""

    message: str
    move: int  # 0-based index into the record's moves (across rounds for a match: see replay_match)
    round: int | None = None

    def to_json(self) -> dict:
        out = {"error": self.message, "move": self.move}
        if self.round is not None:
            out["round"] = self.round
        return out


# ---------------------------------------------------------------- writing


def round_record(state: State) -> dict:
    setup = state.setup
    return {
        "format": ROUND_FORMAT,
        "players": setup.players,
        "colors": list(setup.colors),
        "dealer": setup.dealer,
        "deck": list(setup.deck),
        "tweak_deck": list(setup.tweak_deck),
        "moves": record_moves(state.log),
    }


def record_moves(log: Iterable[tuple[int, Move | LostTurn]]) -> list[dict]:
    """One entry per turn actually played; lost turns leave none (FORMATS.md)."""
    moves: list[dict] = []
    action: dict | None = None
    for seat, move in log:
        if isinstance(move, LostTurn):
            continue
        if isinstance(move, Discard):
            assert action is not None, "a log gives a Bomb's discards only after the Bomb (R7.4)"
            action["discards"][str(seat)] = move.card
        elif isinstance(move, Play):
            entry: dict = {"player": seat}
            if action is not None:
                entry["action"] = action
            entry["play"] = move.card
            entry["capture"] = list(move.capture)
            moves.append(entry)
            action = None
        else:
            action = action_json(move)
    return moves


def action_json(move: ActionMove) -> dict:
    if isinstance(move, UseJoker):
        return {"card": move.card, "delta": move.delta}
    if isinstance(move, UseThief):
        return {"card": move.card, "victim": move.victim, "stolen": move.stolen}
    if isinstance(move, UseBomb):
        return {"card": move.card, "discards": {}}
    return {"card": move.card}


# ---------------------------------------------------------------- reading


def setup_from_record(record: object) -> RoundSetup:
    if not isinstance(record, dict):
        raise RecordError("a round record must be a JSON object")
    if record.get("format") != ROUND_FORMAT:
        raise RecordError(f"format must be {ROUND_FORMAT!r}, not {record.get('format')!r}")
    players = _int(record, "players")
    if not 2 <= players <= 6:
        raise RecordError(f"players must be 2 to 6, not {players}")
    colors = _colors(record)
    dealer = _int(record, "dealer")
    if not 0 <= dealer < players:
        raise RecordError(f"dealer must be a seat from 0 to {players - 1}")
    cards = card_table()
    deck = _card_list(record, "deck")
    if sorted(deck) != sorted(cards.deck_for(colors)):
        raise RecordError("deck must hold every numeric card of the colours in play exactly once")
    tweak_deck = _card_list(record, "tweak_deck")
    if sorted(tweak_deck) != sorted(cards.action_ids):
        raise RecordError("tweak_deck must hold all ten action cards exactly once")
    if not isinstance(record.get("moves"), list):
        raise RecordError("moves must be a list")
    try:
        deal(RoundSetup(players, colors, dealer, tuple(deck), tuple(tweak_deck)))
    except ValueError as err:
        raise RecordError(str(err)) from None
    return RoundSetup(players, colors, dealer, tuple(deck), tuple(tweak_deck))


def _colors(record: dict) -> tuple[str, ...]:
    colors = record.get("colors")
    if not isinstance(colors, list) or not all(isinstance(c, str) for c in colors):
        raise RecordError("colors must be a list of colour letters")
    try:
        return check_colors(colors)
    except ValueError as err:
        raise RecordError(str(err)) from None


def _int(record: dict, key: str) -> int:
    value = record.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{key} must be a whole number")
    return value


def _card_list(record: dict, key: str) -> list[str]:
    value = record.get(key)
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise RecordError(f"{key} must be a list of card ids")
    return value


# ---------------------------------------------------------------- replaying


def replay_round(record: Any) -> State:
    """The state the record's moves lead to. Raises RecordError for a malformed record and
    ReplayError (which move, which rule) for a move that breaks a rule."""
    state = deal(setup_from_record(record))
    for index, entry in enumerate(record["moves"]):
        try:
            state = _replay_turn(state, entry)
        except IllegalMove as err:
            raise ReplayError(str(err), index) from None
        except _BadEntry as err:
            raise ReplayError(str(err), index) from None
    return state


class _BadEntry(ValueError):
    pass


def _replay_turn(state: State, entry: object) -> State:
    if not isinstance(entry, dict):
        raise _BadEntry("a move must be a JSON object")
    if state.over:
        raise IllegalMove("R6.4", "the round is already over: the deck and every hand are empty")
    player = entry.get("player")
    if player != state.turn:
        raise IllegalMove("R3.2", f"it is seat {state.turn}'s turn, not {player!r}'s (D3, D7)")
    action = entry.get("action")
    if action is not None:
        state = _replay_action(state, action)
    play = entry.get("play")
    capture = entry.get("capture", [])
    if not isinstance(play, str) or not isinstance(capture, list) or not all(isinstance(c, str) for c in capture):
        raise _BadEntry("a move needs play (a card id) and capture (a list of card ids)")
    _check_known(play, *capture)
    return apply(state, Play(play, tuple(capture)))


def _replay_action(state: State, action: object) -> State:
    if not isinstance(action, dict) or not isinstance(action.get("card"), str):
        raise _BadEntry("action must be an object with the card used")
    card = action["card"]
    kind = card_table().action_kind.get(card)
    if kind is None:
        raise _BadEntry(f"unknown action card {card!r}")
    if kind == "joker":
        # A missing delta is refused by apply like any other but +1 or -1 (R7.2).
        return apply(state, UseJoker(card, action.get("delta", 0)))
    if kind == "shifter":
        return apply(state, UseShifter(card))
    if kind == "thief":
        victim, stolen = action.get("victim"), action.get("stolen")
        if not isinstance(victim, int) or not isinstance(stolen, str):
            raise _BadEntry("a Thief needs victim (a seat) and stolen (a card id)")
        _check_known(stolen)
        return apply(state, UseThief(card, victim, stolen))
    discards = action.get("discards")
    if not isinstance(discards, dict):
        raise _BadEntry("a Bomb needs discards: one card for each other player holding one")
    state = apply(state, UseBomb(card))
    expected = [str(s) for s in state.pending]
    if sorted(discards) != sorted(expected):
        raise IllegalMove(
            "R7.4", f"the Bomb hits seats {', '.join(expected)}: each of them, and no one else, gives up one card"
        )
    for seat in expected:
        _check_known(discards[seat])
        state = apply(state, Discard(discards[seat]))
    return state


def _check_known(*cards: object) -> None:
    table = card_table()
    for card in cards:
        if not isinstance(card, str) or not table.is_numeric(card):
            raise _BadEntry(f"unknown card {card!r}")


def replay_result(state: State) -> dict:
    """The replay result of FORMATS.md for the position a round record reached."""
    return {
        "finished": state.over,
        "turns": state.turns,
        "scores": state.scores(),
        "won": [list(w) for w in state.won],
        "tweak_cards": [list(o) for o in state.owned],
        "table": list(state.table),
        "target": state.target,
    }


# ---------------------------------------------------------------- matches


def match_record(threshold: int, rounds: list[dict]) -> dict:
    return {"format": MATCH_FORMAT, "threshold": threshold, "rounds": rounds}


def replay_match(record: object) -> dict:
    """Replays every round of a match record and checks R8/D3/D9 across them.

    Raises RecordError for a malformed record, ReplayError (with the round) for a broken rule.
    """
    if not isinstance(record, dict) or record.get("format") != MATCH_FORMAT:
        raise RecordError(f"format must be {MATCH_FORMAT!r}")
    threshold = _int(record, "threshold")
    if threshold < 1:
        raise RecordError("threshold must be at least 1")
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise RecordError("rounds must be a non-empty list of round records")
    match: Match | None = None
    results = []
    for number, round_rec in enumerate(rounds):
        try:
            setup = setup_from_record(round_rec)
        except RecordError as err:
            raise RecordError(f"round {number}: {err}") from None
        if match is None:
            match = Match(setup.players, setup.colors, threshold, setup.dealer)
        else:
            _check_next_round(match, setup, number)
        try:
            state = replay_round(round_rec)
        except ReplayError as err:
            raise ReplayError(err.message, err.move, number) from None
        results.append(replay_result(state))
        if not state.over:
            if number != len(rounds) - 1:
                raise ReplayError(
                    "a round that is not finished must be the last one (R6.4)", len(round_rec["moves"]), number
                )
            break
        match = match.with_round(state)
    assert match is not None, "rounds holds at least one round"
    return {
        "format": MATCH_FORMAT,
        "finished": match.over,
        "rounds": results,
        "totals": match.totals,
        "winner": match.winner,
    }


def _check_next_round(match: Match, setup: RoundSetup, number: int) -> None:
    """R8, R3.2, D3, D9: round `number` may follow the rounds `match` holds."""
    if match.over:
        raise ReplayError("the match was already over before this round (R8.2, D9)", 0, number)
    if (setup.players, setup.colors) != (match.players, match.colors):
        raise ReplayError("every round of a match has the same players and colours (R8)", 0, number)
    if setup.dealer != match.next_dealer:
        raise ReplayError(f"this round's dealer must be seat {match.next_dealer} (R3.2, D3)", 0, number)


# ---------------------------------------------------------------- single decisions


def move_to_json(seat: int, move: Move | LostTurn) -> dict:
    """One decision of the public log (a Thief's card included), for saving a game mid-turn."""
    if isinstance(move, Play):
        return {"seat": seat, "play": move.card, "capture": list(move.capture)}
    if isinstance(move, Discard):
        return {"seat": seat, "discard": move.card}
    if isinstance(move, LostTurn):
        return {"seat": seat, "lost_turn": True}
    action = action_json(move)
    action.pop("discards", None)
    return {"seat": seat, "action": action}


def move_from_json(data: dict) -> tuple[int, Move | None]:
    """The (seat, move) that move_to_json wrote; LostTurn entries are not decisions (None)."""
    seat = data["seat"]
    if "play" in data:
        return seat, Play(data["play"], tuple(data["capture"]))
    if "discard" in data:
        return seat, Discard(data["discard"])
    if data.get("lost_turn"):
        return seat, None
    action = data["action"]
    kind = card_table().action_kind[action["card"]]
    if kind == "joker":
        return seat, UseJoker(action["card"], action["delta"])
    if kind == "thief":
        return seat, UseThief(action["card"], action["victim"], action["stolen"])
    if kind == "shifter":
        return seat, UseShifter(action["card"])
    return seat, UseBomb(action["card"])
