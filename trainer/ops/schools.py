"""A folder of schools (issue 19): one SQLite file per school, `DIR/<slug>.sqlite3`, and the
folder's master key, from which each school's secret key is derived.

The folder is the whole registry: a school exists when its file does, so `trainer school add`
in one terminal is seen by running servers at the next request, and removing the file removes
the school. The master key lives in `DIR/.master_key` (0600, made on first use) unless
TRAINER_MASTER_KEY gives it; each school's Flask SECRET_KEY is HMAC-SHA256(master, slug), so a
cookie signed for school A does not verify on school B, while every worker and every app
server that shares the folder (or the key) derives the same key for the same school.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re

from trainer import keyfile

SUFFIX = ".sqlite3"
MASTER_KEY_FILE = ".master_key"
# A DNS label (it is also the host name's first part): lower-case letters, digits and inner
# hyphens, at most 40 characters.
SLUG = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?\Z")
# Never school names: they would shadow paths or hosts people expect to mean something else.
RESERVED = frozenset({"www", "static", "admin", "api"})


class SchoolError(Exception):
    """Bad slug, unknown or existing school, or an unusable folder: one clear sentence."""


# ---------------------------------------------------------------- which school a request names
# One rule for the web app (trainer.web.schools) and the live channel (trainer.push.server),
# so a page and its stream are never served by two different schools (issue 46.2).


def request_host(host: str | None, forwarded_host: str | None, trust_proxy: bool) -> str:
    """The host a request was sent to: behind the TLS proxy (TRUST_PROXY) the one it says it
    forwarded (X-Forwarded-Host, as the web app's ProxyFix reads it), else the Host header."""
    if trust_proxy and forwarded_host:
        return forwarded_host
    return host or ""


def slug_for_host(host: str, domain: str) -> str | None:
    """`<slug>.<domain>` -> slug; None for any other host (an IP address, the domain itself,
    a deeper name). The slug is not checked against the folder here (existing_path does)."""
    host = host.split(",")[0].strip().lower()
    if host.startswith("["):  # an IPv6 address names no school
        return None
    host = host.rsplit(":", 1)[0] if ":" in host else host
    suffix = "." + domain.lower().strip(".")
    if not host.endswith(suffix):
        return None
    slug = host[: -len(suffix)]
    return slug if slug and "." not in slug else None


def slug_for_path(path: str) -> str | None:
    """`/<slug>/...` -> slug (None: the path names none)."""
    slug = path.lstrip("/").partition("/")[0]
    return slug or None


def valid_slug(slug: str) -> bool:
    return bool(SLUG.match(slug)) and "--" not in slug and slug not in RESERVED


def check_slug(slug: str) -> str:
    if not valid_slug(slug):
        raise SchoolError(
            f"{slug!r} is not a school slug: use 1-40 lower-case letters, digits "
            "and single inner hyphens (like 'oak-lane'), not www/static/admin/api"
        )
    return slug


def slug_from_name(name: str) -> str:
    """'Oak Lane Primary' -> 'oak-lane-primary'; letters outside a-z are dropped, so a name of
    only such letters gives '' and the caller asks for --slug."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:40].strip("-")
    return re.sub(r"-{2,}", "-", slug)


def database_path(folder: str, slug: str) -> str:
    return os.path.join(os.path.abspath(folder), check_slug(slug) + SUFFIX)


def existing_path(folder: str, slug: str) -> str | None:
    """The school's file if the slug is valid and the school exists, else None (no exception:
    the dispatcher asks this for every request's host)."""
    if not valid_slug(slug):
        return None
    path = os.path.join(os.path.abspath(folder), slug + SUFFIX)
    return path if os.path.isfile(path) else None


def slugs(folder: str) -> list[str]:
    """Every school in the folder, sorted."""
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        raise SchoolError(f"--schools: folder {folder} does not exist") from None
    return sorted(n[: -len(SUFFIX)] for n in names if n.endswith(SUFFIX) and valid_slug(n[: -len(SUFFIX)]))


def check_folder(folder: str) -> str:
    folder = os.path.abspath(folder)
    if not os.path.isdir(folder):
        raise SchoolError(f"--schools: folder {folder} does not exist")
    return folder


def master_key(folder: str) -> bytes:
    """TRAINER_MASTER_KEY, else the folder's key file, created on first use (O_EXCL: two
    workers starting at once must not each write a different key)."""
    given = os.environ.get("TRAINER_MASTER_KEY")
    if given:
        return given.encode("utf-8")
    path = os.path.join(folder, MASTER_KEY_FILE)
    try:
        return keyfile.read_or_create(path).encode("ascii")
    except keyfile.EmptyKeyFile:
        raise SchoolError(
            f"{path} is empty: delete it to make a new master key (every school's sessions then end)"
        ) from None


def secret_key(master: bytes, slug: str) -> str:
    """The school's own Flask SECRET_KEY: knowing one school's key tells nothing of another's."""
    return hmac.new(master, b"tweak-school-secret:" + slug.encode("ascii"), hashlib.sha256).hexdigest()
