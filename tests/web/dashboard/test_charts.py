"""Chart geometry and heat-map cells: pure functions with hand-checked numbers."""

import pytest

from trainer.web.dashboard import charts, heatmap


@pytest.mark.parametrize(
    "low, high, expected",
    [
        (0, 7300, (0, 8000, 2000)),
        (0.2, 1.9, (0, 2, 0.5)),
        (-0.7, 0.4, (-1, 0.5, 0.5)),
        (1.0, 1.0, (0.5, 1.5, 0.25)),
    ],
)
def test_nice_ranges_have_round_ticks(low, high, expected):
    assert charts.nice_range(low, high) == pytest.approx(expected)


def test_points_are_placed_by_bucket_and_value_and_gaps_stay_gaps():
    chart = charts.line_chart(
        ["a", "b", "c", "d", "e"], [0.0, None, 0.5, None, 1.0], ["0%", "", "50%", "", "100%"], (0.0, 1.0, 0.5), str
    )
    left, right, top, bottom = chart.left, chart.right, chart.top, chart.bottom
    assert [(p.label, p.x, p.y) for p in chart.points] == [
        ("a", left, bottom),
        ("c", (left + right) / 2, (top + bottom) / 2),
        ("e", right, top),
    ]
    assert (
        chart.polyline
        == f"{left:.1f},{bottom:.1f} {(left + right) / 2:.1f},{(top + bottom) / 2:.1f} {right:.1f},{top:.1f}"
    )
    assert [t.label for t in chart.y_ticks] == ["0.0", "0.5", "1.0"]


def test_axis_labels_thin_out_and_may_differ_from_point_labels():
    chart = charts.line_chart(
        [f"week {i}" for i in range(10)],
        [1.0] * 10,
        ["1"] * 10,
        (0, 2, 1),
        str,
        x_every=4,
        axis_labels=[str(i) for i in range(10)],
    )
    assert [t.label for t in chart.x_ticks] == ["0", "4", "8"]
    assert chart.points[3].label == "week 3"


def test_an_empty_chart_has_no_points():
    assert charts.line_chart(["a"], [None], [""], (0, 1, 1), str).empty


def test_heat_cells_merge_rare_sizes_and_targets_and_band_by_accuracy():
    counts = {(9, 2): (10, 9), (9, 6): (2, 1), (9, 7): (2, 2), (14, 3): (4, 1), (7, 0): (1, 0)}
    medians = {(9, 2): 2500.0, (9, 6): 9000.0, (9, 7): 11000.0}
    grid = heatmap.build(counts, medians)
    assert grid.rows == (6, 7, 8, 9, 10, 11, "other")
    assert grid.columns == (0, 2, 3, 4, 5, 6)
    big = grid.cell(9, 6)
    assert (big.answered, big.correct, big.median_ms) == (4, 3, 9000.0)  # 6 and 7 cards merged
    assert grid.cell(9, 2).accuracy_band == 5 and grid.cell(9, 2).speed_band == 5
    assert grid.cell("other", 3).accuracy_band == 1  # 25% of 4
    assert grid.cell(7, 0).accuracy_band is None  # one answer: not judged
    assert grid.cell(6, 2).answered == 0


def test_hardest_cells_come_first():
    grid = heatmap.build({(7, 2): (10, 9), (8, 3): (10, 5), (9, 4): (2, 0)}, {})
    assert [(r, c) for r, c, _ in grid.ranked()] == [(8, 3), (7, 2)]  # (9, 4) has too few
