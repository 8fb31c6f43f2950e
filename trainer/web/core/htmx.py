"""The one place that reads htmx's HX-* request headers.

A full page includes its fragments (`{% include "_x.html" %}`); when htmx asks for a
fragment (an hx-get/hx-post that is not a boosted navigation), only the fragment is sent.
Because the same URL answers in two shapes, every response carries `Vary: HX-Request`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from flask import flash, make_response, redirect, render_template, request


@dataclass(frozen=True)
class HtmxRequest:
    is_htmx: bool
    boosted: bool
    target: str | None
    current_url: str | None = None

    @property
    def wants_fragment(self) -> bool:
        return self.is_htmx and not self.boosted


def hx() -> HtmxRequest:
    headers = request.headers
    return HtmxRequest(
        is_htmx=headers.get("HX-Request") == "true",
        boosted=headers.get("HX-Boosted") == "true",
        target=headers.get("HX-Target"),
        current_url=headers.get("HX-Current-URL"),
    )


def render(page: str, fragment: str, **context) -> str:
    return render_template(fragment if hx().wants_fragment else page, **context)


def fragment_or_redirect(fragment: str, url: str, flash_message: str, **context):
    """After a successful change: htmx swaps in the updated fragment; a plain form post
    (no JavaScript) is redirected, so that reloading the page does not post again."""
    if hx().wants_fragment:
        return render_template(fragment, **context)
    flash(flash_message)
    return redirect(url, 303)


def full_reload(url: str):
    """Send the browser to `url` with a real page load.

    Used after log-in, log-out and a language change: the <body> carries the CSRF header and
    <html lang> the language, and a boosted swap would keep the stale ones.
    """
    if hx().is_htmx:
        # Not a 3xx: the browser would follow it inside the XHR and htmx never see the header.
        return make_response("", 200, {"HX-Redirect": url})
    return redirect(url, 303)


def sends_elsewhere(response) -> bool:
    """The answer sends the browser to another page (full_reload): nothing is swapped in."""
    return "HX-Redirect" in response.headers


def trigger_headers(event: str, detail) -> dict:
    """Response headers that make htmx fire `event` (with `detail`) on the requesting element."""
    return {"HX-Trigger": json.dumps({event: detail})}


def retarget_headers(target: str, swap: str = "innerHTML") -> dict:
    """Response headers that send this answer somewhere else than the element asked for."""
    return {"HX-Retarget": target, "HX-Reswap": swap}


def add_vary(response):
    response.vary.add("HX-Request")
    return response
