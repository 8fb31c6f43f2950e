"""Everything a game says to a child, in their language: names, running sums (R5.4), what each
move did, why a move was refused, hints. The game service and the bots hand over codes and
plain data; only this module turns them into words.
"""

from __future__ import annotations

from trainer.bots.dial import dial_strength
from trainer.engine.cards import card_table
from trainer.engine.moves import ActionMove, Discard, LostTurn, Play, UseBomb, UseJoker, UseShifter, UseThief
from trainer.engine.solver import running_sums
from trainer.games.service import PUPIL
from trainer.games.settings import FITTED, PERSON
from trainer.web.core.card_faces import COLOR_NAMES, action_name
from trainer.web.core.i18n import gettext as _, ngettext

# The fitted bot's name by strength, a fifth of the dial each (issue 17): a child sees an
# animal, never a number, and meets the next one as they get better.
OPPONENT_BANDS = (0.2, 0.4, 0.6, 0.8)


FACES = ("hedgehog", "squirrel", "fox", "owl", "bear")  # static/bots/<face>.svg


def opponent_name(x: float) -> str:
    """The friendly name of the strength dial's bot at `x` (0 to 1)."""
    return _animal(_band(x))


def _animal(band: int) -> str:
    return (_("Hedgehog"), _("Squirrel"), _("Fox"), _("Owl"), _("Bear"))[band]


def _band(x: float) -> int:
    return sum(x >= edge for edge in OPPONENT_BANDS)


# The fixed levels by strength, weakest first (the dial's animals in the same order), so the
# same animal always means about the same strength: casual, clever and expert all sit at the
# dial's top, and measured Elo alone would make all three "Bear".
FIXED_BANDS = {"random": 0, "beginner": 1, "casual": 2, "clever": 3, "expert": 4}


def _band_of(level: str) -> int | None:
    """Which animal plays at this level; None for a level this code cannot read."""
    if level in FIXED_BANDS:
        return FIXED_BANDS[level]
    try:
        x = dial_strength(level)
    except ValueError:
        return None
    return _band(x) if x is not None else None


def bot_face(level: str) -> str:
    """The face (static/bots/<face>.svg) of a bot of this level."""
    band = _band_of(level)
    return FACES[band] if band is not None else "robot"


def seat_names(bots) -> list[str]:
    """Every seat's name: "You", then each bot by its animal (issue 15.6); two of the same
    animal are numbered ("Fox", "Fox 2") so the story can tell them apart."""
    names = [_("You")]
    seen: dict[str, int] = {}
    for seat, level in enumerate(bots, start=1):
        band = _band_of(level)
        name = _animal(band) if band is not None else _("Bot %(num)d", num=seat)
        seen[name] = seen.get(name, 0) + 1
        names.append(name if seen[name] == 1 else _("%(name)s %(num)d", name=name, num=seen[name]))
    return names


def table_seat_names(layout: tuple[str, ...], names: dict[int, dict]) -> list[str]:
    """Every seat's name at a table of people (a class table, the family table): a person's
    first name; a bot by its animal as in bot games ("Fox", "Fox 2": the story can tell them
    apart); a seat left by a child "Player n"."""
    bots = [kind for kind in layout if kind != PERSON]
    animals = iter(seat_names(bots)[1:])
    out = []
    for seat, kind in enumerate(layout):
        animal = next(animals) if kind != PERSON else None
        if seat in names:
            out.append(names[seat]["name"])
        elif animal is not None:
            out.append(animal)
        else:
            out.append(_("Player %(num)d", num=seat + 1))
    return out


def round_ended(number: int, names: list[str], points: list[int]) -> str:
    """What a child who did not see a round end is told first (issue 46.4): its result, each
    child's own points (games.fair), in seat order (no ranking)."""
    each = [
        ngettext("%(name)s: %(num)d point", "%(name)s: %(num)d points", n, name=name) for name, n in zip(names, points)
    ]
    return _("Round %(num)d ended. %(points)s.", num=number, points=", ".join(each))


def level_name(level: str) -> str:
    try:
        x = dial_strength(level)
    except ValueError:  # not a dial this code can read: shown as stored
        x = None
    if x is not None:
        return opponent_name(x)
    return {
        "random": _("Random"),
        "beginner": _("Beginner"),
        "casual": _("Casual"),
        "clever": _("Clever"),
        "expert": _("Expert"),
        FITTED: _("Fitted to each pupil"),
    }.get(level, level)


def level_with_animal(level: str) -> str:
    """A fixed level as a child meets it on the board: its animal, with the level's word
    ("Fox (Casual)"); a dial's name is already its animal."""
    band = FIXED_BANDS.get(level)
    if band is None:
        return level_name(level)
    return _("%(animal)s (%(level)s)", animal=_animal(band), level=level_name(level))


def fitted_choice(dial: str) -> str:
    """The fitted bot in a pupil's list of opponents."""
    return _("%(name)s (just right)", name=level_name(dial))


def length_name(length: str, full_points: int | None = None) -> str:
    if length == "round":
        return _("One round")
    if length == "short":
        return _("A short match, to 30 points")
    if full_points is None:
        return _("A long match")
    return _("A full match, to %(points)d points", points=full_points)


def player_name(seat: int, names=None) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return _("You") if seat == PUPIL else _("Bot %(num)d", num=seat)


def card_words(card: str) -> str:
    cards = card_table()
    return _("%(color)s %(value)s", color=COLOR_NAMES[cards.color_of[card]], value=cards.value[card])


def cards_words(cards) -> str:
    return ", ".join(card_words(c) for c in cards)


def call(steps) -> str:
    """R5.4: "6 plus 2 is 8, plus 1 is 9", from (value, running sum) pairs."""
    steps = [tuple(s) for s in steps]
    if len(steps) == 1:
        return str(steps[0][0])
    parts = [_("%(first)d plus %(value)d is %(sum)d", first=steps[0][0], value=steps[1][0], sum=steps[1][1])]
    parts += [_("plus %(value)d is %(sum)d", value=v, sum=s) for v, s in steps[2:]]
    return ", ".join(parts)


def call_of(play: str, capture) -> str:
    return call(running_sums(play, capture))


def short_text(step, names, total: str | None, me: int = PUPIL) -> str | None:
    """A move in a few words for the board's list, where a sentence is long (the sentence is
    read out): "Fox took 4 + 3 = 7", "Fox used the Joker: 9". None: the sentence is short.
    `me`: the seat it is told to (class play: the child's own seat)."""
    you, name = step.seat == me, player_name(step.seat, names)
    if total is not None:
        return _("You took %(sum)s", sum=total) if you else _("%(name)s took %(sum)s", name=name, sum=total)
    move = step.move
    if isinstance(move, UseJoker):
        target = step.after.target
        return (
            _("You used the Joker: %(target)d", target=target)
            if you
            else _("%(name)s used the Joker: %(target)d", name=name, target=target)
        )
    if isinstance(move, UseShifter):
        target = step.after.target
        return (
            _("You used the Shifter: %(target)d", target=target)
            if you
            else _("%(name)s used the Shifter: %(target)d", name=name, target=target)
        )
    if isinstance(move, UseThief):
        victim = player_name(move.victim, names)
        if you:
            return _("You used the Thief on %(victim)s", victim=victim)
        if move.victim == me:
            return _("%(name)s used the Thief on you", name=name)
        return _("%(name)s used the Thief on %(victim)s", name=name, victim=victim)
    if isinstance(move, UseBomb):
        return _("You used the Bomb") if you else _("%(name)s used the Bomb", name=name)
    return None


def sum_line(play: str, capture) -> str:
    """The same sum in figures, "4 + 3 + 2 = 9", for the eyes (the call above is read out)."""
    values = [card_table().value[c] for c in (play, *capture)]
    return f"{' + '.join(map(str, values))} = {sum(values)}"


# ---------------------------------------------------------------- refusals


def game_error(code: str, params: dict) -> str:
    """GameError codes (trainer.games.service) and the web's own, as a friendly sentence."""
    if code == "wrong_sum":
        return _(
            "%(call)s — not %(target)d. Try other cards, or put a card down.",
            call=call(params["steps"]),
            target=params["target"],
        )
    messages = {
        "not_in_hand": _("That card is not in your hand."),
        "not_on_table": _("That card is no longer on the table."),
        "no_bomb": _("Nobody asked you to give up a card."),
        "give_up_a_card": _("The Bomb! First choose a card from your hand to put on the table."),
        "one_action_per_turn": _("You have already used an action card this turn: one per turn."),
        "action_not_allowed": _("You cannot use that action card now."),
        "round_over": _("This round is over."),
        "not_your_turn": _("Wait: it is not your turn yet."),
        "round_not_over": _("The round is not over yet."),
        "game_over": _("This game is over."),
        "pick_hand": _("First tap a card in your hand."),
        "pick_table": _("Tap cards on the table too: a card from your hand alone never takes anything."),
        "changed": _("This game changed in another window. Here it is as it is now."),
        "moved_on": _("The game moved on — here it is now."),
        "hints_off": _("Hints are switched off for your class."),
        # A move the tablet held through a Wi-Fi drop longer than one lasts (issue 36.2): the
        # Wi-Fi's fault, never the child's.
        "held_too_long": _("The Wi-Fi was away for a long time, so that move did not count. Your turn again!"),
    }
    return messages.get(code, _("That did not work. Try again."))


def settings_error(code: str, params: dict) -> str:
    if code == "bot_count":
        return ngettext("Choose %(num)d bot.", "Choose from 1 to %(num)d bots.", params.get("most", 5))
    return {
        "bot_level": _("Your class cannot play against that level."),
        "length": _("Your class cannot play games of that length."),
        "colors_locked": _("Your class plays with the usual colours."),
        "colors": _("Red must always be in, and each colour only once."),
        "too_few_colors": _("Too few colours for so many players: add a colour."),
    }.get(code, _("That did not work. Try again."))


def too_many_games(cap: int) -> str:
    return ngettext(
        "You already have %(num)d game going. Play it on, or stop it first.",
        "You already have %(num)d games going. Play one of them on, or stop one first.",
        cap,
    )


# ---------------------------------------------------------------- what happened


def step_text(step, me: int = PUPIL, name_of=player_name) -> str:
    """One move of the story (trainer.games.story.Step) as a sentence, told to the player in
    seat `me`; `name_of(seat)` names the others (class play names classmates)."""
    seat, move, you = step.seat, step.move, step.seat == me
    name = name_of(seat)
    if isinstance(move, Play) and move.capture:
        # Each card by its colour too (issue 49: "took 2" does not say which 2).
        card, taken, sums = card_words(move.card), cards_words(move.capture), call_of(move.card, move.capture)
        text = (
            _("You played %(card)s and took %(taken)s: %(call)s.", card=card, taken=taken, call=sums)
            if you
            else _(
                "%(name)s played %(card)s and took %(taken)s: %(call)s.", name=name, card=card, taken=taken, call=sums
            )
        )
        return text + (" " + tweak_text(step, me, name_of) if step.tweak else "")
    if isinstance(move, Play):
        return (
            _("You put %(card)s down on the table.", card=card_words(move.card))
            if you
            else _("%(name)s put %(card)s down on the table.", name=name, card=card_words(move.card))
        )
    if isinstance(move, ActionMove):
        return _action_text(step, me, name_of)
    if isinstance(move, Discard):
        return (
            _("You put %(card)s on the table for the Bomb.", card=card_words(move.card))
            if you
            else _("%(name)s put %(card)s on the table for the Bomb.", name=name, card=card_words(move.card))
        )
    if isinstance(move, LostTurn):
        return lost_turn_text(
            seat, deck_empty=not step.after.deck and not step.after.hands[seat], me=me, name_of=name_of
        )
    raise TypeError(f"not a move: {move!r}")


def _action_text(step, me: int = PUPIL, name_of=player_name) -> str:
    """An action card played (R7), as step_text tells it."""
    move, you, name = step.move, step.seat == me, name_of(step.seat)
    if isinstance(move, UseJoker):
        target = step.after.target
        return (
            _("You used the Joker: the magic number is %(target)d this turn.", target=target)
            if you
            else _("%(name)s used the Joker: the magic number is %(target)d this turn.", name=name, target=target)
        )
    if isinstance(move, UseThief):
        card = card_words(move.stolen)
        if you:
            return _(
                "You used the Thief on %(victim)s: %(card)s went to the table.", victim=name_of(move.victim), card=card
            )
        if move.victim == me:
            return _("%(name)s used the Thief on you: your %(card)s went to the table.", name=name, card=card)
        return _(
            "%(name)s used the Thief on %(victim)s: %(card)s went to the table.",
            name=name,
            victim=name_of(move.victim),
            card=card,
        )
    if isinstance(move, UseShifter):
        card, target = card_words(step.after.table[-1]), step.after.target
        return (
            _(
                "You used the Shifter: %(card)s went to the table and the magic number is now %(target)d.",
                card=card,
                target=target,
            )
            if you
            else _(
                "%(name)s used the Shifter: %(card)s went to the table and the magic number is now %(target)d.",
                name=name,
                card=card,
                target=target,
            )
        )
    return (
        _("You used the Bomb: everyone else puts a card on the table.")
        if you
        else _("%(name)s used the Bomb: everyone else puts a card on the table.", name=name)
    )


def helper_text(step, me: int = PUPIL, name_of=player_name) -> str:
    """A move the helper bot made for a child at a class table (issue 16.4), said as the
    helper's (issue 49): "The helper played for Bram: red 3, taking blue 4: 3 plus 4 is 7."
    Never "Bram played": the child did not."""
    move, seat = step.move, step.seat
    who = _("The helper played for you:") if seat == me else _("The helper played for %(name)s:", name=name_of(seat))
    if isinstance(move, Play) and move.capture:
        what = _(
            "%(card)s, taking %(taken)s: %(call)s.",
            card=card_words(move.card),
            taken=cards_words(move.capture),
            call=call_of(move.card, move.capture),
        )
        if step.tweak:
            won = step.won_action
            what += " " + (
                _("TWEAK! The helper took the whole table and won the %(card)s.", card=action_name(won))
                if won is not None
                else _("TWEAK! The whole table, but no action cards are left to win.")
            )
    elif isinstance(move, Play):
        what = _("%(card)s, put down on the table.", card=card_words(move.card))
    elif isinstance(move, Discard):
        what = _("%(card)s, put on the table for the Bomb.", card=card_words(move.card))
    elif isinstance(move, ActionMove):
        what = _("the %(card)s.", card=action_name(move.card))
    else:
        return step_text(step, me, name_of)
    return f"{who} {what}"


def lost_turn_text(seat: int, deck_empty: bool, me: int = PUPIL, name_of=player_name) -> str:
    """D7: a turn with an empty hand is lost; with an empty pile the player just passes."""
    if deck_empty:
        return (
            _("You have no cards and the pile is empty: you pass.")
            if seat == me
            else _("%(name)s has no cards and the pile is empty: they pass.", name=name_of(seat))
        )
    return (
        _("You had no cards, so your turn was lost. You picked up new cards.")
        if seat == me
        else _("%(name)s had no cards, so that turn was lost. They picked up new cards.", name=name_of(seat))
    )


def tweak_text(step, me: int = PUPIL, name_of=player_name) -> str:
    won = step.won_action
    if won is None:
        return _("TWEAK! The whole table, but no action cards are left to win.")
    if step.seat == me:
        return _("TWEAK! You took the whole table and won the %(card)s!", card=action_name(won))
    return _(
        "TWEAK! %(name)s took the whole table and won the %(card)s.", name=name_of(step.seat), card=action_name(won)
    )


# ---------------------------------------------------------------- hints (trainer.bots.hint reasons)


def hint_text(kind: str, params: dict) -> str:
    if kind == "capture":
        text = _("Try this: %(call)s.", call=call(params["steps"]))
        if params.get("tweak"):
            text += " " + _("That takes the whole table: a TWEAK!")
        return text
    if kind == "joker":
        sign = "+1" if params["delta"] > 0 else "−1"
        text = _("Use the Joker (%(sign)s): the magic number becomes %(target)d.", sign=sign, target=params["target"])
        if params.get("then"):
            text += " " + hint_text("capture", params["then"])
        return text
    return _("No capture this time: put a card down.")


# ---------------------------------------------------------------- scores (R2)


def points_sum(count: int, each: int, points: int) -> str:
    """A line of the score as an addition, not a product (issue 39.4: a 7-year-old adds):
    "1 + 1 + 1 = 3"; a long one shortened, "1 + 1 + 1 + … + 1 = 12"; one card, "5"."""
    if count <= 1 or count * each != points:
        return str(points)
    terms = [str(each)] * count if count <= 6 else [str(each)] * 3 + ["…", str(each)]
    return f"{' + '.join(terms)} = {points}"


def score_reason(reason: str) -> str:
    return {
        "plain": _("Other cards"),
        "red": _("Red cards"),
        "five": _("Fives"),
        "red5": _("The red 5"),
        "action": _("Action cards"),
    }[reason]
