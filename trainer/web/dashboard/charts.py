"""Line charts as geometry for an SVG template (templates/dashboard/_pupil_charts.html).

Pure: values in, coordinates and tick positions out. The server draws every chart, so pages
need no chart library, nothing is fetched from elsewhere, and a printed page shows the same
picture. Styling lives in CSS classes: the CSP allows no inline style.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 14, 40


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    label: str  # the bucket, e.g. a date
    text: str  # the value as the page shows it


@dataclass(frozen=True)
class Tick:
    at: float  # x or y coordinate
    label: str


@dataclass(frozen=True)
class LineChart:
    points: tuple[Point, ...]
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)

    @property
    def empty(self) -> bool:
        return not self.points


def nice_step(span: float, ticks: int = 4) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) giving about `ticks` intervals."""
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * power:
            return factor * power
    return 10 * power


def nice_range(low: float, high: float, ticks: int = 4, floor_zero: bool = False) -> tuple[float, float, float]:
    """(start, stop, step) covering low..high with round tick values."""
    if floor_zero:
        low = min(0.0, low)
    if high - low < 1e-9:
        low, high = low - 0.5, high + 0.5
    step = nice_step(high - low, ticks)
    start = math.floor(low / step) * step
    stop = math.ceil(high / step) * step
    return start, stop, step


def line_chart(
    labels: list[str],
    values: list[float | None],
    texts: list[str],
    y_range: tuple[float, float, float],
    y_label,
    x_every: int = 1,
    axis_labels: list[str] | None = None,
) -> LineChart:
    """`labels[i]`/`values[i]`/`texts[i]` per bucket, evenly spaced along x (a bucket without a
    value is a gap in time, not a point); `y_label(v)` words a tick value; `axis_labels`, when
    given, are shorter labels for the x axis."""
    start, stop, step = y_range
    left, right, top, bottom = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM
    slots = max(1, len(labels) - 1)

    def x_at(i: int) -> float:
        return left + (right - left) * (i / slots if len(labels) > 1 else 0.5)

    def y_at(v: float) -> float:
        return bottom - (bottom - top) * (v - start) / (stop - start)

    points = tuple(Point(x_at(i), y_at(v), labels[i], texts[i]) for i, v in enumerate(values) if v is not None)
    count = int(round((stop - start) / step))
    y_ticks = tuple(Tick(y_at(start + k * step), y_label(start + k * step)) for k in range(count + 1))
    axis = axis_labels or labels
    x_ticks = tuple(Tick(x_at(i), axis[i]) for i in range(0, len(labels), max(1, x_every)))
    return LineChart(points, y_ticks, x_ticks)
