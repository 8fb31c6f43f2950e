"""Teacher passwords: argon2id with the OWASP Password Storage Cheat Sheet parameters
(19 MiB memory, 2 iterations, 1 lane), the first option of OWASP ASVS 5.0 11.4.2."""

from __future__ import annotations

from functools import lru_cache

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError

HASHER = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1, hash_len=32, salt_len=16, type=Type.ID)
MIN_LENGTH = 10
MAX_LENGTH = 256  # long enough for any passphrase, short enough not to be a DoS lever


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def verify(stored_hash: str, password: str) -> bool:
    try:
        return HASHER.verify(stored_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(stored_hash: str) -> bool:
    return HASHER.check_needs_rehash(stored_hash)


@lru_cache(maxsize=1)
def _dummy_hash() -> str:
    return HASHER.hash("not a real password")


def burn_time(password: str) -> None:
    """Spend as long as a real check, so timing does not tell which e-mails exist."""
    verify(_dummy_hash(), password)
