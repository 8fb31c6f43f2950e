"""A deadline for the live channel's requests (issue 45): uvicorn's HTTP/1.1 protocol (h11)
closes a connection that sits idle *after* a response (`timeout_keep_alive`), but one that never
sends a request, or sends its header a byte at a time, it kept for ever. Here a connection must
have sent a whole request header HEADER_TIMEOUT seconds after it opened or after its last
response; a stream, once its header is in, runs as long as it is read.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0  # seconds: a page's EventSource sends its header at once


class H11WithDeadline(H11Protocol):
    header_timeout = HEADER_TIMEOUT
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if not self._in_request():
            self._arm()  # a request beginning after the last response: its own deadline
        super().data_received(data)
        if self._in_request():
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._disarm()  # idle now: uvicorn's keep-alive timeout takes over

    def connection_lost(self, exc) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _in_request(self) -> bool:
        return self.cycle is not None and not self.cycle.response_complete

    def _arm(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self._in_request() and not self.transport.is_closing():
            self.transport.close()
