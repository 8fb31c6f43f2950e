"""Waiting on what would happen, not on the clock (issue 44.4).

A check that something did *not* happen waits for an event that shows the page had every
chance to do it — the same page's failed tries, a later request, a control page doing what the
checked page must not — and only then looks. `until` polls from the test's side: the pages'
CSP forbids the eval that Playwright's wait_for_function needs."""

from __future__ import annotations

from collections.abc import Callable


def until(page, condition: Callable[[], object], what: str, seconds: float = 15) -> None:
    for _ in range(int(seconds * 20)):
        if condition():
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"waited {seconds} s for {what}")


class RequestLog:
    """The requests one page sent, in the order they ended: ("finished" | "failed", method, url)."""

    def __init__(self, page):
        self.ended: list[tuple[str, str, str]] = []
        page.on("requestfinished", lambda r: self.ended.append(("finished", r.method, r.url)))
        page.on("requestfailed", lambda r: self.ended.append(("failed", r.method, r.url)))

    def count(self, how: str, part: str, method: str = "POST", since: int = 0) -> int:
        return sum(1 for ended, m, url in self.ended[since:] if ended == how and m == method and part in url)

    def mark(self) -> int:
        return len(self.ended)

    def any_finished_since(self, mark: int) -> bool:
        return any(ended == "finished" for ended, _, _ in self.ended[mark:])


class TablePolls:
    """The table polls (POST .../live) a page sent (`event="requestfinished"`: had answered)."""

    def __init__(self, page, event: str = "request"):
        self.live = 0
        page.on(event, self._seen)

    def _seen(self, request):
        if request.method == "POST" and request.url.split("?")[0].endswith("/live"):
            self.live += 1
