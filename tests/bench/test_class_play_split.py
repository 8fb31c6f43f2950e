"""bench/class_play.py's load split over client processes (issue 50), checked on small fake
samples: every table whole in one process, the drillers spread, the processes' samples merged
and cut to the parent's window, and the asks of the table set against the moves they follow.
No server and no clock: what the figures are is the benchmark's to measure."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from class_play import (
    Table,
    ask_reason,
    asks_per_move,
    default_clients,
    errors_in,
    merge,
    split_load,
    times_in,
)


def _table(table_id: int) -> dict:
    return {"id": table_id, "pupils": [{"id": table_id * 10 + s} for s in range(4)]}


def test_each_table_is_whole_in_one_process_and_each_pupil_in_exactly_one():
    tables = [_table(t) for t in range(7)]
    drillers = [{"id": 1000 + d} for d in range(45)]
    shares = split_load(tables, drillers, 3)
    assert len(shares) == 3
    assert sorted(t["id"] for share, _ in shares for t in share) == list(range(7))
    assert sorted(d["id"] for _, share in shares for d in share) == [1000 + d for d in range(45)]


def test_the_shares_are_as_even_as_whole_tables_allow():
    shares = split_load([_table(t) for t in range(5)], [{"id": d} for d in range(30)], 2)
    loads = [6 * len(tables) + len(drillers) for tables, drillers in shares]
    assert max(loads) - min(loads) <= 6


def test_a_process_with_nothing_to_do_is_not_started():
    assert split_load([_table(1)], [], 4) == [([_table(1)], [])]


def test_default_clients_follows_the_load_and_the_cores():
    assert default_clients(10, 60, 2) == 2
    assert default_clients(4, 12, 2) == 2  # at least 2 where there are 2 cores
    assert default_clients(30, 180, 16) == 3
    assert default_clients(30, 180, 2) == 2  # never more than the cores
    assert default_clients(10, 60, 1) == 1


def _result(samples, failed, events, cpu_s, tables=()):
    return {
        "samples": samples,
        "failed": failed,
        "events": events,
        "asks": [],
        "tables": list(tables),
        "cpu_s": cpu_s,
        "window_s": 10.0,
        "load": "fake",
    }


def test_the_processes_samples_are_merged_and_cut_to_the_parents_window():
    one = _result(
        [("poll", 99.0, 0.5), ("poll", 101.0, 0.01), ("move", 105.0, 0.02)],
        [("poll", 100.5)],
        {"moves": [100.0, 112.0]},
        2.0,
    )
    two = _result([("poll", 102.0, 0.03), ("drill", 111.0, 0.9)], [("drill", 111.0)], {"moves": [103.0]}, 5.0)
    merged = merge([one, two])
    assert times_in(merged["samples"], 100.0, 110.0) == {"poll": [0.01, 0.03], "move": [0.02]}
    assert errors_in(merged["failed"], 100.0, 110.0) == {"poll": 1}
    assert sorted(merged["events"]["moves"]) == [100.0, 103.0, 112.0]
    assert [c["cores_busy"] for c in merged["clients"]] == [0.2, 0.5]


def test_a_table_crosses_the_pipe_and_its_moves_seen_are_timed_on_one_clock():
    table = Table({"id": 3})
    table.acked[5], table.mover[5] = 100.0, 30
    table.saw(30, 4, 5, 100.0)
    table.saw(31, 4, 5, 100.25)
    table.saw(32, 3, 5, 100.5)
    back = Table.from_record(table.record())
    assert back.latencies(99.0, 101.0) == [0.25, 0.5]
    assert back.latencies(100.5, 101.0) == []


def test_asks_are_set_against_the_moves_they_follow_with_what_each_brought():
    table = {
        "id": 1,
        "pupils": [{"id": p} for p in (10, 11, 12, 13)],
        "acked": {5: 100.0, 6: 102.0},
        "mover": {5: 10, 6: 11},
    }
    asks = [
        (100.1, 1, 11, "version", 200, 4, 5),  # 10's move
        (100.1, 1, 12, "version", 200, 4, 5),
        (100.2, 1, 13, "version", 200, 4, 6),  # two moves in one ask
        (101.0, 1, 12, "due", 204, 5, 5),  # a turn fell due, nothing changed
        (103.0, 1, 12, "version", 200, 5, 7),  # 11's move and one no tablet made
        (104.0, 1, 13, "version", 200, 7, 8),  # the server's own version (a child noted back)
        (120.0, 1, 13, "version", 200, 8, 9),  # after the window
    ]
    found = asks_per_move(asks, [table], 100.0, 110.0)
    assert found["asks"] == 6
    assert found["move_viewings"] == 6
    assert found["per_viewer_per_move"] == 1.0
    assert found["by_what_it_brought"] == {
        "a move of another tablet": 4,
        "nothing new (due)": 1,
        "only versions no tablet made (version)": 1,
    }


def test_a_tablet_asks_when_the_version_changed_or_a_turn_fell_due():
    assert ask_reason({"table": 1, "version": 6}, 5) == "version"
    assert ask_reason({"table": 1, "version": 5, "due": True}, 5) == "due"
    assert ask_reason({"table": 1, "version": None}, 5) == "gone"
    assert ask_reason({"table": 1, "version": 5}, 5) is None
    assert ask_reason({"class": 2, "version": 3}, 5) is None


def test_an_ask_counts_with_the_window_of_the_move_it_brought():
    table = {
        "id": 1,
        "pupils": [{"id": p} for p in (10, 11, 12, 13)],
        "acked": {5: 99.5, 6: 109.0},
        "mover": {5: 10, 6: 10},
    }
    asks = [
        (100.3, 1, 11, "version", 200, 4, 5),  # a move made before the window
        (110.4, 1, 11, "version", 200, 5, 6),  # a move made in it, seen after it
    ]
    found = asks_per_move(asks, [table], 100.0, 110.0)
    assert (found["asks"], found["move_viewings"]) == (1, 3)
