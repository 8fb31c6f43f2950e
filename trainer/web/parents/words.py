"""The parent page's and the letter's words that depend on data: a skill in a parent's words and
one game to play at home with a real deck."""

from __future__ import annotations

from trainer.pupils.home_report import Skill
from trainer.web.core.i18n import gettext as _


def skill(s: Skill) -> str:
    if s.cards == 0:
        return _("seeing when no cards make %(target)d", target=s.target)
    return _("finding %(cards)d cards that make %(target)d", cards=s.cards, target=s.target)


def game_idea(s: Skill) -> str:
    """One game for the kitchen table that practises `s`, saying which cards it needs: the TWEAK
    deck's numbers are 1 to 6 (RULES.md R1.1), and an ordinary deck's ace to 6 do the same."""
    if s.cards <= 2:
        return _(
            "Take the TWEAK cards, or the ace to 6 of an ordinary deck, and lay them face up. One of "
            "you points at a card; the other finds a card that makes %(target)d with it. Then swap.",
            target=s.target,
        )
    return _(
        "Deal six TWEAK cards face up (or the ace to 6 of an ordinary deck). Who is first to find "
        "%(cards)d cards that make %(target)d? Check together, then deal again.",
        cards=s.cards,
        target=s.target,
    )
