"""Reading the games' forms: a new game's settings, a class's limits, and a pupil's move (what
the move pipeline, trainer.play.moves, is handed: a Claim).

Anything a browser can post is turned into settings or a move, or refused with a code that
games.words puts into words; nothing here raises anything else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from trainer.engine.cards import card_table
from trainer.engine.moves import Discard, Move, Play, UseBomb, UseJoker, UseShifter, UseThief
from trainer.engine.rules import unused_action_cards
from trainer.engine.state import Phase, State
from trainer.games.game_level import DEFAULT_AIM, check_aim
from trainer.games.service import PUPIL, GameError, position_key
from trainer.games.settings import GAME_LEVELS, LENGTHS, TURN_CLOCKS, ClassLimits, GameSettings, SettingsError
from trainer.play.moves import Claim
from trainer.web.core import outbox
from trainer.web.core.numbers import typed_whole_number, whole_number
from trainer.web.games import pick as game_pick
from trainer.web.games.pick import Pick

MAX_BOTS = 5
MAX_CARDS = 12  # more table cards than a round can hold is not a move
MAX_DECISION_MS = 3_600_000  # longer than an hour is a tablet left open, not a decision


# ---------------------------------------------------------------- a new game


def settings_from_form(form, limits: ClassLimits) -> GameSettings:
    """Bot 1 must play; bots 2-5 play when given a level. Raises SettingsError."""
    bots = []
    for n in range(1, MAX_BOTS + 1):
        level = form.get(f"bot{n}", "")
        if level:
            bots.append(level[:20])
    if not bots:
        raise SettingsError("bot_count", most=min(MAX_BOTS, limits.max_bots))
    colors = None
    if form.get("colors_mode") == "choose":
        colors = tuple(c for c in form.getlist("colors") if isinstance(c, str))[:12]
    return GameSettings(tuple(bots), form.get("length", "round")[:20], colors, limits.hints)


@dataclass(frozen=True)
class LimitsForm:
    limits: ClassLimits
    error: str | None = None  # a code: "levels", "lengths", "max_bots", "aim"


AIM_PERCENTS = tuple(range(30, 71, 5))  # what the form offers; any whole percent 30-70 is kept


def aim_from_form(form) -> float | None:
    """The fitted bot's aim from a percentage ("50"); the default when the form has none,
    None when it makes no sense."""
    text = form.get("aim")
    if text is None:
        return DEFAULT_AIM
    percent = typed_whole_number(text, 3)
    if percent is None:
        return None
    try:
        return check_aim(percent / 100)
    except ValueError:
        return None


def limits_from_form(form) -> LimitsForm:
    levels = tuple(level for level in GAME_LEVELS if level in form.getlist("levels"))
    lengths = tuple(length for length in LENGTHS if length in form.getlist("lengths"))
    max_bots = whole_number(form.get("max_bots", ""), 2) or 0
    aim = aim_from_form(form)
    clock = whole_number(form.get("turn_clock", "0") or "0", 2)
    limits = ClassLimits(
        levels=levels,
        max_bots=max_bots,
        lengths=lengths,
        allow_colors=form.get("allow_colors") == "1",
        hints=form.get("hints") == "1",
        aim=DEFAULT_AIM if aim is None else aim,
        turn_clock=clock if clock in TURN_CLOCKS else 0,
    )
    if not levels:
        return LimitsForm(limits, "levels")
    if not lengths:
        return LimitsForm(limits, "lengths")
    if not 1 <= max_bots <= MAX_BOTS:
        return LimitsForm(limits, "max_bots")
    if aim is None:
        return LimitsForm(limits, "aim")
    if clock not in TURN_CLOCKS:
        return LimitsForm(limits, "turn_clock")
    return LimitsForm(limits)


# ---------------------------------------------------------------- a move


def decision_ms(form) -> int | None:
    """The page's own measurement (board drawn to move); absent or nonsense is None."""
    value = whole_number(form.get("decision_ms", ""), 8)
    return value if value is not None and value <= MAX_DECISION_MS else None


def posted_pick(form) -> Pick | None:
    """The cards a board posted with its move (`hand`, `take`): a class table's always, a bot
    game's when the child chose them while the Wi-Fi was gone (static/js/games.js); None when
    it posted none. Whether they are in the hand and on the table is the game core's to say."""
    if "hand" not in form and "take" not in form:
        return None
    cards = card_table()
    hand = form.get("hand", "")
    take = tuple(c for c in form.getlist("take")[:MAX_CARDS] if cards.is_numeric(c))
    return Pick(hand if cards.is_numeric(hand) else None, take if len(set(take)) == len(take) else ())


def board_claim(form, row: dict, now: float, at_home: bool, next_round: bool = False) -> Claim:
    """What a bot game's or the family table's board sent with a move: the position it was made
    on (`version`; none from an old page or a script: judged by the rules alone), its page's
    token, the move (or the next round), the outbox's wait and the board's decision time."""
    return Claim(
        form.get("version"),
        outbox.move_token(form),
        read_move=None if next_round else reads_move(form, row),
        now=now,
        queued_ms=outbox.queued_ms(form),
        decision_ms=decision_ms(form),
        at_home=at_home,
    )


def reads_move(form, row: dict):
    """Reads the move for (the game, the seat) the pipeline gives, with the cards the board
    posted (a class table's always; a bot game's or the family's when chosen while the Wi-Fi was
    gone, static/js/games.js), else those its taps chose here, kept with the game. Bot games,
    the family table and class tables read their moves here alike."""

    def read(game, seat: int) -> Move:
        state = game.state
        pick = posted_pick(form) or game_pick.current(row, position_key(game), state.hands[seat], state.table)
        return move_from_form(form, state, pick, seat)

    return read


def move_from_form(form, state: State, pick: Pick, seat: int = PUPIL) -> Move:
    """The move the person in `seat` asked for, with the cards they picked (a bot game keeps
    them with the game, a class table's board posts them). Raises GameError with a friendly
    code; whether the move is allowed is for the game core to say (it refuses without
    changing anything)."""
    kind = form.get("kind", "")
    if state.phase is Phase.DISCARD and state.current_player == seat and kind != "discard":
        raise GameError("give_up_a_card")  # R7.4: the Bomb's card comes first
    if kind in ("take", "lay"):
        return _played(kind, pick)
    if kind == "discard":
        return _discarded(form)
    action = _ACTIONS.get(kind)
    if action is None:
        raise GameError("bad_move")
    return action(form, state, _own_unused(state, seat, kind))


def _played(kind: str, pick: Pick) -> Play:
    if pick.hand is None:
        raise GameError("pick_hand")
    if kind == "lay":
        return Play(pick.hand)
    if not pick.table:
        raise GameError("pick_table")  # D5: a hand card alone never captures
    return Play(pick.hand, pick.table)


def _discarded(form) -> Discard:
    card = form.get("card", "")
    if not card_table().is_numeric(card):
        raise GameError("bad_move")
    return Discard(card)


def _joker(form, state: State, card: str) -> UseJoker:
    delta = form.get("delta", "")
    if delta not in ("1", "-1", "+1"):
        raise GameError("bad_move")
    return UseJoker(card, int(delta))


def _thief(form, state: State, card: str) -> UseThief:
    victim = whole_number(form.get("victim", ""), 1)
    if victim is None or victim >= state.players:
        raise GameError("bad_move")
    return UseThief(card, victim)


# An action card's move, from the form, the state and the person's unused card of that kind
# (looked up first: without one the move is refused before the rest of the form is read).
_ACTIONS: dict[str, Callable[[Any, State, str], Move]] = {
    "joker": _joker,
    "thief": _thief,
    "shifter": lambda form, state, card: UseShifter(card),
    "bomb": lambda form, state, card: UseBomb(card),
}


def _own_unused(state: State, seat: int, kind: str) -> str:
    """The person's first unused card of that kind: two of a kind do the same (R7)."""
    kinds = card_table().action_kind
    for card in unused_action_cards(state.owned[seat], state.used[seat]):
        if kinds[card] == kind:
            return card
    raise GameError("action_not_allowed")
