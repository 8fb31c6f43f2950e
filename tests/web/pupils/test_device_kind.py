"""The kind of device a home QR is bound to (issue 47.2), from its User-Agent: enough for a
teacher to tell the child's tablet from a parent's phone."""

import pytest

from trainer.web.pupils.device_kind import kind


@pytest.mark.parametrize(
    "agent, expected",
    [
        ("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1", "ipad"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1", "iphone"),
        ("Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 Chrome/126 Safari/537.36", "android-tablet"),
        (
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36",
            "android-phone",
        ),
        ("Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 Chrome/126 Safari/537.36", "chromebook"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126 Safari/537.36", "windows"),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15", "mac"),
        ("", None),
        (None, None),
        ("curl/8.0", None),
    ],
)
def test_kinds(agent, expected):
    assert kind(agent) == expected
