"""A port for a server a test starts in another process or thread, chosen below the kernel's
ephemeral range.

A port the kernel hands out for `bind(("127.0.0.1", 0))` comes from the same range as the
local ports of outgoing connections. Between choosing it and the server binding it (seconds,
for a `trainer serve` that imports and migrates first), any of the suite's other connections
(Chromium's, a test client's) may take it as its local port, and the server's bind fails with
"address in use" for as long as that connection lives: a CI run once lost the live channel
that way. Below the range nothing takes a port unasked."""

from __future__ import annotations

import random
import socket

_FALLBACK_LOW = 32768


def _ephemeral_low() -> int:
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return _FALLBACK_LOW


def free_port() -> int:
    """A port nothing listens on or is bound to now, from 10000 up to the ephemeral range."""
    high = max(_ephemeral_low(), 11000)
    for _ in range(200):
        port = random.randrange(10000, high)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port below the ephemeral range")
