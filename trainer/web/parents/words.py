"""The parent page's and the letter's words that depend on data: a skill in a parent's words and
one game to play at home with a real deck."""
from __future__ import annotations

from flask_babel import gettext as _

from trainer.pupils.home_report import Skill


def skill(s: Skill) -> str:
    if s.cards == 0:
        return _("seeing when no cards make %(target)d", target=s.target)
    return _("finding %(cards)d cards that make %(target)d", cards=s.cards, target=s.target)


def game_idea(s: Skill) -> str:
    """One game for the kitchen table that practises `s` (cards 1 to 10 of any deck will do)."""
    if s.cards <= 2:
        return _("Lay the cards 1 to 10 face up. One of you points at a card; the other finds the card "
                 "that makes %(target)d with it. Then swap.", target=s.target)
    return _("Deal six cards face up. Who is first to find %(cards)d cards that make %(target)d? "
             "Check together, then deal again.", cards=s.cards, target=s.target)
