"""Words for codes the dashboard shows: puzzle kinds, wrong answers, bot levels, action cards.

Lazy, so each is translated into the language of the page that shows it.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from trainer.games.game_level import level_points, load_bot_elo
from trainer.web.core.i18n import gettext as _, ngettext
from trainer.web.drills.screen import KIND_NAMES
from trainer.web.games.words import level_name

# One set of names for the drill kinds everywhere (issue 47.6): the drill page's, which the
# children see, so a teacher and a child say the same words.
KINDS = KIND_NAMES

WRONG_REASONS = {
    "unknown_card": _l("a card that is not in the puzzle"),
    "not_in_hand": _l("the first card was not a hand card"),
    "not_on_table": _l("a card that is not on the table"),
    "card_twice": _l("the same card twice"),
    "no_table_card": _l("no table card"),
    "no_joker": _l("used a Joker that was not there"),
    "bad_delta": _l("the Joker only moves the target by 1"),
    "wrong_sum": _l("wrong sum"),
    "not_focus": _l("right sum, but not with the card asked about"),
    "not_tweak": _l("right sum, but not the whole table"),
    "not_best": _l("right sum, but not the best capture"),
    "there_is_one": _l("said there is none, but there is one"),
}

BOT_LEVELS = {
    "random": _l("random"),
    "beginner": _l("beginner"),
    "casual": _l("casual"),
    "clever": _l("clever"),
    "expert": _l("expert"),
    # A person at a family table (issue 37.4, trainer.games.family.FAMILY): no bot, no name.
    "family": _l("a family member"),
}


def bot_label(level: str) -> str:
    """A bot of a pupil's game as the teacher reads it: the fixed level, or the fitted bot
    with its friendly name and where it sits on the 0-100 game-level scale."""
    if level.startswith("dial:"):
        try:
            points = level_points(level, load_bot_elo())
        except ValueError:
            return level
        return _("fitted: %(name)s, level %(points)d", name=level_name(level), points=points)
    return str(BOT_LEVELS.get(level, level))


def beginner_level() -> int:
    """Where the Beginner bot sits on the game-level scale, for the pages that explain it."""
    return level_points("beginner", load_bot_elo())


DRILL_TODAY = {
    "done": _l("Done"),
    "started": _l("Started"),
    "none": _l("Not yet"),
}

SORT_COLUMNS = {
    "name": _l("Name"),
    "drill": _l("Today's drill"),
    "streak": _l("Streak"),
    "accuracy": _l("Right (7 days)"),
    "accuracy_change": _l("Change"),
    "speed": _l("Median time (7 days)"),
    "speed_change": _l("Change"),
    "rating": _l("Rating"),
    "game_level": _l("Game level"),
    "games": _l("Games"),
    "missed": _l("Missed captures"),
}


def reason_text(reason) -> str:
    """One attention reason in words (trainer.web.dashboard.metrics.Reason)."""
    from trainer.web.dashboard.formatting import percent

    if reason.code == "never":
        return _("Has not practised yet")
    if reason.code == "idle":
        return ngettext("No practice for %(num)d school day", "No practice for %(num)d school days", reason.value)
    if reason.code == "falling":
        return ngettext("Accuracy down %(num)d point this week", "Accuracy down %(num)d points this week", reason.value)
    if reason.code == "low":
        return _("Right only %(percent)s of the time this week", percent=percent(reason.value))
    return reason.code


def kind_label(kind: str) -> str:
    return str(KINDS.get(kind, kind))


def wrong_label(code: str) -> str:
    return str(WRONG_REASONS.get(code, code))
