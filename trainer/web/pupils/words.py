"""The words of the pupil's home page that depend on data: avatars' names (for screen
readers), badges, and the next level's goal in a child's words."""

from __future__ import annotations

from trainer.puzzles.levels import Standing
from trainer.web.core.i18n import gettext as _, ngettext

AVATAR_NAMES = {
    "fox": lambda: _("Fox"),
    "owl": lambda: _("Owl"),
    "cat": lambda: _("Cat"),
    "frog": lambda: _("Frog"),
    "robot": lambda: _("Robot"),
    "dragon": lambda: _("Dragon"),
    "panda": lambda: _("Panda"),
    "octopus": lambda: _("Octopus"),
    "rocket": lambda: _("Rocket"),
    "unicorn": lambda: _("Unicorn"),
    "bear": lambda: _("Bear"),
    "turtle": lambda: _("Turtle"),
}

BADGE_NAMES = {
    "first_drill": lambda: _("First drill"),
    "first_tweak": lambda: _("First TWEAK in a game"),
    "find_all": lambda: _("Found them all"),
    "streak_5": lambda: _("5 days in a row"),
    "streak_10": lambda: _("10 days in a row"),
    "streak_20": lambda: _("20 days in a row"),
}

BADGE_HOW = {
    "first_drill": lambda: _("Finish a daily drill."),
    "first_tweak": lambda: _("Take the whole table in a game."),
    "find_all": lambda: _("Find every combination in a “find them all” puzzle."),
    "streak_5": lambda: _("Do the drill 5 school days in a row."),
    "streak_10": lambda: _("Do the drill 10 school days in a row."),
    "streak_20": lambda: _("Do the drill 20 school days in a row."),
}


def avatar_name(key: str | None) -> str:
    found = AVATAR_NAMES.get(key or "")
    return found() if found else _("No character yet")


def badge_name(key: str) -> str:
    return BADGE_NAMES[key]()


def badge_how(key: str) -> str:
    return BADGE_HOW[key]()


def goal(standing: Standing, name: str) -> str:
    """One short line about the next level: days like today, or what is missing."""
    if standing.top:
        return _("You are at the top level. Amazing!")
    if standing.need_faster_s > 0 and standing.need_rating == 0 and not standing.need_answers:
        return _("Answer a little faster to become %(level)s.", level=name)
    if standing.need_rating == 0 and standing.need_answers and standing.days_like_today:
        # Only practice is missing: count drills, which a child can plan, not "days like today".
        return ngettext(
            "%(num)d more drill to become %(level)s!",
            "%(num)d more drills to become %(level)s!",
            standing.days_like_today,
            level=name,
        )
    if standing.days_like_today:
        return ngettext(
            "%(num)d more day like today to become %(level)s!",
            "%(num)d more days like today to become %(level)s!",
            standing.days_like_today,
            level=name,
        )
    return _("Keep doing your daily drill to become %(level)s.", level=name)
