"""The pupil page's three charts and their table, from progress buckets (queries.progress)."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.web.core.i18n import gettext as _
from trainer.web.dashboard import formatting
from trainer.web.dashboard.charts import LineChart, line_chart, nice_range

MAX_X_LABELS = 8


@dataclass(frozen=True)
class ChartSet:
    accuracy: LineChart
    speed: LineChart
    rating: LineChart
    rows: list  # (label, bucket) for the table, buckets with answers only
    weekly: bool


def bucket_label(bucket, weekly: bool) -> str:
    day = formatting.short_day(bucket.start)
    return _("week of %(day)s", day=day) if weekly else day


def charts(buckets, weekly: bool) -> ChartSet:
    labels = [bucket_label(b, weekly) for b in buckets]
    axis = [formatting.short_day(b.start) for b in buckets]
    every = max(1, -(-len(buckets) // MAX_X_LABELS))
    accuracy = line_chart(
        labels,
        [b.accuracy for b in buckets],
        [formatting.percent(b.accuracy) for b in buckets],
        (0.0, 1.0, 0.25),
        formatting.percent,
        every,
        axis,
    )
    times = [b.median_ms for b in buckets]
    known = [t for t in times if t is not None]
    speed = line_chart(
        labels,
        times,
        [formatting.seconds(t) for t in times],
        nice_range(0, max(known) if known else 10000, floor_zero=True),
        formatting.seconds,
        every,
        axis,
    )
    ratings = [b.rating for b in buckets]
    known = [r for r in ratings if r is not None]
    rating = line_chart(
        labels,
        ratings,
        [formatting.rating(r) for r in ratings],
        nice_range(min(known, default=-1.0), max(known, default=1.0)),
        lambda v: formatting.number(round(v, 2)),
        every,
        axis,
    )
    rows = [(label, b) for label, b in zip(labels, buckets) if b.answered]
    return ChartSet(accuracy, speed, rating, rows, weekly)


def describe(chart: LineChart, what: str) -> str:
    """A one-sentence summary for the SVG's <desc>: first and last value and the range."""
    if chart.empty:
        return _("%(what)s: no answers in this period.", what=what)
    first, last = chart.points[0], chart.points[-1]
    return _(
        "%(what)s: %(first)s on %(first_day)s, %(last)s on %(last_day)s; %(count)s values. "
        "The table below has every value.",
        what=what,
        first=first.text,
        first_day=first.label,
        last=last.text,
        last_day=last.label,
        count=formatting.number(len(chart.points)),
    )
