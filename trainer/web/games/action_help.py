"""A picture card that says what an action card does, the first time a child holds one of
its kind (issue 39.4: Joker, Shifter, Thief and Bomb were shown without a word). Shown on
every board of the child's turns until they make a move while holding it; which kinds a
child has met is kept in the session (a new login meets them again: a shared tablet's next
child has not met them)."""

from __future__ import annotations

from flask import session

from trainer.engine.cards import card_table
from trainer.web.core.i18n import gettext as _

MET = "action_cards_met"


def words(kind: str) -> str:
    """What the card does, in a child's words (RULES.md R7.1–R7.4)."""
    return {
        "joker": _("Joker: the magic number goes 1 up or 1 down, for this turn."),
        "shifter": _("Shifter: the top card of the pile goes on the table, and you get a new magic number."),
        "thief": _("Thief: a card from someone's hand goes on the table."),
        "bomb": _("Bomb: everyone else puts a card from their hand on the table."),
    }[kind]


def _kinds(cards) -> list[str]:
    kinds = card_table().action_kind
    return sorted({kinds[c] for c in cards})


def to_explain(cards) -> list[dict]:
    """For each kind of action card in `cards` the child has not met yet: one of its cards
    (for the picture) and its words."""
    met = set(session.get(MET, ()))
    first = {}
    for card in cards:
        kind = card_table().action_kind[card]
        if kind not in met:
            first.setdefault(kind, card)
    return [{"card": card, "words": words(kind)} for kind, card in sorted(first.items())]


def met(cards) -> None:
    """The child moved while holding `cards`: their kinds are met."""
    kinds = set(_kinds(cards)) - set(session.get(MET, ()))
    if kinds:
        session[MET] = sorted(set(session.get(MET, ())) | kinds)
