"""The family table's words (issue 37.4): why a new family table was refused."""

from __future__ import annotations

from trainer.web.core.i18n import gettext as _


def refused(code: str, params: dict) -> str:
    if code == "bad_name":
        return _("A name is letters only, at most %(num)d of them.", num=params["most"])
    if code == "need_family":
        return _("Type the name of at least one person who plays with you.")
    if code == "too_many":
        return _("At most %(num)d players sit at one table.", num=params["most"])
    if code == "bot_level":
        return _("Choose a bot from the list.")
    return _("Choose how long the game lasts.")
