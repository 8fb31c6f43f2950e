"""The nginx set-up docs/deploy.md documents logs no query string (issue 45): the live
channel's address carries its ticket (`?t=...`), and nginx's own `combined` format logs
`$request`, the whole request line. Every `server` block names a format of the docs' own, and
none of them logs a variable that holds the query string."""

from __future__ import annotations

import re
from pathlib import Path

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"
# nginx variables that hold the query string, or a whole address that may have one.
WITH_QUERY = ("$request", "$request_uri", "$args", "$query_string", "$is_args", "$http_referer", "$arg_")


def _nginx_blocks() -> str:
    return "\n".join(re.findall(r"```nginx\n(.*?)```", DEPLOY.read_text(encoding="utf-8"), re.S))


def test_the_documented_log_formats_leave_the_query_string_out():
    config = _nginx_blocks()
    formats = dict(re.findall(r"log_format\s+(\w+)\s+((?:'[^']*'\s*)+);", config))
    assert formats, "docs/deploy.md documents a log_format"
    for name, layout in formats.items():
        used = re.findall(r"\$\w+", layout)
        assert not [v for v in used if v in WITH_QUERY or v.startswith("$arg_")], (name, used)


def test_every_documented_server_block_logs_with_such_a_format():
    config = _nginx_blocks()
    formats = set(re.findall(r"log_format\s+(\w+)", config))
    servers = re.findall(r"^server\s*\{", config, re.M)
    logs = re.findall(r"access_log\s+\S+\s+(\w+);", config)
    assert servers and len(logs) == len(servers)
    assert set(logs) <= formats
