"""Spreadsheet formulas cannot ride in on exported cells (CSV injection)."""
import csv
import io

import pytest

from trainer.web.dashboard.csv_safe import csv_lines, neutralise


@pytest.mark.parametrize("text", ["=1+1", "+1", "-1", "@SUM(A1)", "\tX", "\rX",
                                  '=HYPERLINK("http://x","y")'])
def test_text_that_a_spreadsheet_would_run_is_made_text(text):
    assert neutralise(text) == "'" + text


@pytest.mark.parametrize("value, expected", [("Ada", "Ada"), ("3B", "3B"), (-0.25, "-0.25"), (7, "7"),
                                             (None, ""), (True, "1"), (1 / 3, "0.333333")])
def test_harmless_text_and_our_own_numbers_are_kept(value, expected):
    assert neutralise(value) == expected


def test_csv_lines_make_one_file_with_a_bom_and_quote_where_needed():
    body = "".join(csv_lines(["name", "note"], [["Chloé", 'said "hi", twice'], ["=cmd", -1.5]]))
    assert body.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(body.lstrip("\ufeff"))))
    assert rows == [["name", "note"], ["Chloé", 'said "hi", twice'], ["'=cmd", "-1.5"]]
