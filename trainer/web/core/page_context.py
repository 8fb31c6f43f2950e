"""The one context processor that reads the database (issue 35.2): what every page shows of
the logged-in pupil — their switches on <main> (templates/base.html), their own character
on a game board (games/_macros.html) and their class tournament's table (_tournament_call.html). Everything else a template shows, its view reads and
hands it; tests/web/core/test_template_data.py fails when another template global or context
processor reads the database.

Read lazily and once per request: a fragment that shows neither (a practice answer, a board
refresh) costs no query, and a page that shows both costs one each."""

from __future__ import annotations

from functools import cached_property

from flask import g, request

from trainer.store import pupil_rewards, tournaments
from trainer.web.core import once
from trainer.web.db import get_db


class PupilPage:
    def __init__(self, pupil_id: int):
        self.pupil_id = pupil_id

    @cached_property
    def prefs(self) -> dict:
        """The pupil's switches (read aloud, sounds, the time bar)."""
        return once.pupil_settings(get_db(), self.pupil_id)

    @cached_property
    def avatar(self) -> str | None:
        """The pupil's character key, None before they pick one."""
        return pupil_rewards.avatar(get_db(), self.pupil_id)

    @cached_property
    def tournament_call(self) -> int | None:
        """The class tournament's table the pupil sits at (issue 39.1), which every page
        leads to by one big button (templates/_tournament_call.html), except that table's own."""
        table_id = tournaments.table_of(get_db(), self.pupil_id)
        here = (request.view_args or {}).get("table_id") if request.endpoint else None
        return None if table_id is None or here == table_id else table_id


def pupil_page() -> PupilPage | None:
    pupil = g.get("pupil")
    if pupil is None:
        return None
    if "pupil_page" not in g:
        g.pupil_page = PupilPage(pupil["id"])
    return g.pupil_page


def _page_context() -> dict:
    return {"pupil_page": pupil_page()}


def init_app(app) -> None:
    app.context_processor(_page_context)
