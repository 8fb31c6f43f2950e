"""The connections the store's functions take, named for the layers that are handed one and
pass it on to the store without opening the database themselves (trainer.play may import
neither sqlite3 nor sqlite-utils: tests/test_layering.py)."""

from __future__ import annotations

from sqlite3 import Connection

from sqlite_utils import Database

__all__ = ["Connection", "Database"]
