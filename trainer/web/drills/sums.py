"""Running sums in words (R5.4), translated: "4 plus 3 is 7, plus 2 is 9".

Built from structured steps (trainer.puzzles.steps), never by translating the English call.
The page's script words the sum while the pupil taps, so it gets the same two translated
patterns (`patterns()`) and fills them in the same way."""

from __future__ import annotations

from trainer.puzzles.steps import Step
from trainer.web.core.i18n import gettext as _


def sum_text(steps: tuple[Step, ...] | list[Step]) -> str:
    if not steps:
        return ""
    if len(steps) == 1:
        return str(steps[0].value)
    first, second = steps[0], steps[1]
    text = _("%(first)s plus %(value)s is %(total)s", first=first.value, value=second.value, total=second.total)
    for step in steps[2:]:
        text = _("%(sum)s, plus %(value)s is %(total)s", sum=text, value=step.value, total=step.total)
    return text


def patterns() -> dict[str, str]:
    """The translated patterns with their placeholders left in, for static/js/drill.js."""
    return {"first": _("%(first)s plus %(value)s is %(total)s"), "next": _("%(sum)s, plus %(value)s is %(total)s")}
