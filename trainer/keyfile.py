"""A secret kept in a file of its own: made on first use, readable by this user only (0600).

Shared by trainer.config (the one school's SECRET_KEY in the instance folder) and
trainer.ops.schools (the folder of schools' master key): the same small race and the same
permissions, so they live in one place that neither layer has to import the other for.
"""

from __future__ import annotations

import os
import secrets
import time


class EmptyKeyFile(Exception):
    """The file exists and stays empty: someone else's half-made key, or a damaged file."""


def read_or_create(path: str) -> str:
    """The key in `path`, made (64 hex digits) if the file does not exist yet."""
    try:
        # O_EXCL: two workers starting at once must not each write a different key.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        # Another worker may have created the file an instant ago and not written it yet.
        for _ in range(50):
            with open(path, encoding="ascii") as fh:
                key = fh.read().strip()
            if key:
                return key
            time.sleep(0.02)
        raise EmptyKeyFile(path) from None
    key = secrets.token_hex(32)
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(key + "\n")
    return key
