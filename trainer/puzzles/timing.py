"""Is a reported answer time believable? (issue 5, item 4; rules in docs/puzzles.md)

The server knows when it issued the puzzle and when the answer arrived; the page reports its
own durations, measured from the first frame with the cards drawn. The client's time is the
better measure (no network), but it is the pupil's machine talking:

- CLIENT_LONGER: the client's time exceeds the server's interval (plus CLOCK_TOLERANCE and
  CLOCK_DRIFT), which cannot happen honestly since the page starts timing after the server
  sent the puzzle. Treatment: score with the server's interval instead (an upper bound of the
  true time, so the pupil can only lose by it), still rated.
- CLIENT_MUCH_SHORTER: the client's time is shorter than the server's interval by more than
  LOAD_ALLOWANCE seconds plus CLOCK_DRIFT of the interval. Loading and drawing a puzzle takes a
  second or two, not more: a page claiming less is not measuring honestly (a script can
  otherwise claim any time down to the human floor and score nearly S = 1). Until issue 21
  anything within half the interval was believed, so a page seen for 36 s could claim 18.
  Treatment: score with the server's interval less the allowance; still rated.
- NO_CLIENT_TIME: missing, negative or not a number. Treatment: the server's interval, rated.
- TOO_FAST: fewer than MIN_SECONDS_PER_TAP seconds per tapped card by the time used, or by the
  server's interval. Treatment: not rated (neither rating moves) and flagged for the teacher:
  no human produced that time, so it says nothing about the pupil, and a scripted or bounced
  answer can neither raise a rating nor (by a fast-guess penalty) sink one.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

MIN_SECONDS_PER_TAP = 0.25  # see docs/puzzles.md: ~4 aimed taps a second is the human ceiling
CLOCK_TOLERANCE = 0.25  # seconds: rounding, frame timing, timer resolution
CLOCK_DRIFT = 0.02  # 2% of the interval: client clocks that run a little fast
LOAD_ALLOWANCE = 5.0  # seconds a slow network and an old tablet may take to show a puzzle
# The longest wait a page's outbox may claim for a drill answer or a game move it held through a
# Wi-Fi drop (why ten minutes: trainer/web/core/outbox.py): here, below both, so the use cases of
# practice (trainer/practice/) and the web app's moves read one number.
MAX_QUEUED_SECONDS = 10 * 60

CLIENT_LONGER = "client_longer_than_server"
CLIENT_MUCH_SHORTER = "client_much_shorter_than_server"
NO_CLIENT_TIME = "no_client_time"
TOO_FAST = "faster_than_tapping"
# Not a judgement of the page's times but of its wait: an answer the tablet says it held longer
# than a Wi-Fi drop lasts (trainer/practice/flow.py). Stored, never rated, never counted
# towards a drill (trainer/store/practice.py reads this flag).
HELD_TOO_LONG = "held_too_long"

# A page's measured milliseconds: ASCII digits, at most a millionth's fraction. `float()` also
# reads "1_0", " 5", "nan" and other scripts' digits, none of which a page of ours sends.
_DECIMAL = re.compile(r"[0-9]{1,15}(\.[0-9]{1,6})?")


def decimal_number(text: object) -> float | None:
    """ "4000" or "4000.5" (a page's measured milliseconds) -> float; anything else -> None."""
    if not isinstance(text, str) or not _DECIMAL.fullmatch(text):
        return None
    return float(text)


@dataclass(frozen=True, slots=True)
class TimingCheck:
    seconds: float  # the time to score with
    source: str  # "client" or "server"
    flags: tuple[str, ...]
    rated: bool  # False: leave both ratings as they are

    @property
    def plausible(self) -> bool:
        return not self.flags

    def to_json(self) -> dict:
        return {"seconds": self.seconds, "source": self.source, "flags": list(self.flags), "rated": self.rated}


def check_timing(client_seconds: float | None, server_seconds: float, taps: int) -> TimingCheck:
    """Which time to believe for one answer, and whether it may move the ratings.

    `server_seconds`: from issuing the puzzle to receiving the answer (the server's own
    clock, so it must be a finite number >= 0); `client_seconds`: the page's duration to
    submission; `taps`: cards tapped for the answer (grading.tapped_cards), at least 1."""
    if server_seconds is None or not math.isfinite(server_seconds) or server_seconds < 0:
        raise ValueError(f"the server interval must be a time >= 0, not {server_seconds!r}")
    taps = max(1, int(taps))
    flags: list[str] = []
    if (
        client_seconds is None
        or not isinstance(client_seconds, (int, float))
        or not math.isfinite(client_seconds)
        or client_seconds < 0
    ):
        flags.append(NO_CLIENT_TIME)
        seconds, source = float(server_seconds), "server"
    elif client_seconds > server_seconds * (1 + CLOCK_DRIFT) + CLOCK_TOLERANCE:
        flags.append(CLIENT_LONGER)
        seconds, source = float(server_seconds), "server"
    elif server_seconds - client_seconds > LOAD_ALLOWANCE + server_seconds * CLOCK_DRIFT:
        flags.append(CLIENT_MUCH_SHORTER)
        seconds, source = float(server_seconds) - LOAD_ALLOWANCE, "server"
    else:
        seconds, source = float(client_seconds), "client"
    fastest = MIN_SECONDS_PER_TAP * taps
    if seconds < fastest or server_seconds < fastest:
        flags.append(TOO_FAST)
    return TimingCheck(seconds, source, tuple(flags), TOO_FAST not in flags)


def believed_decision_ms(client_ms: int | None, seen_ms: int | None) -> int | None:
    """A game move's decision time (issue 45): the board's own measurement, but never shorter
    than what the server saw from serving the turn to the move, less LOAD_ALLOWANCE and
    CLOCK_DRIFT as for drill answers. A wait the page claims (`queued_ms`) is not taken off: the
    server cannot check it, so it never makes a move faster. None when the board sent none."""
    if client_ms is None or seen_ms is None:
        return client_ms
    floor = seen_ms - 1000 * LOAD_ALLOWANCE - seen_ms * CLOCK_DRIFT
    return max(client_ms, round(floor))


def held_too_long(queued_ms: int) -> bool:
    """The page held a game move longer than a Wi-Fi drop lasts: it no longer counts."""
    return queued_ms > MAX_QUEUED_SECONDS * 1000
