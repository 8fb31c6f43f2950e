"""A class tournament calls its children to their tables (issue 39.1). Full pages show the
call by base.html; an htmx answer to a seated child (a drill's answer, the lobby's poll, a
board of a bot game) gets it out of band, so a child who had a page open before Start is led
to their table by their next tap. One indexed read, only for a pupil's htmx answer with a
body; never for their own table's poll."""

from __future__ import annotations

from flask import g, render_template, request

from trainer.web.core import htmx
from trainer.web.core.page_context import pupil_page

# A child at a table (its poll, a move): seating a tournament never takes a child from a
# game in play, so these answers need no call and cost no read.
AT_A_TABLE = frozenset({"classplay.live", "classplay.move", "classplay.start"})


def add_call(response):
    if (
        g.get("pupil") is None
        or response.status_code != 200
        or response.mimetype != "text/html"
        or request.endpoint in AT_A_TABLE
        or htmx.sends_elsewhere(response)
        or not htmx.hx().is_htmx
        or response.is_streamed
        or response.direct_passthrough
    ):
        return response
    page = pupil_page()
    if page is None or page.tournament_call is None:
        return response
    body = response.get_data(as_text=True)
    if 'id="tournament-call"' not in body:
        response.set_data(body + render_template("_tournament_call.html", oob=True))
    return response
