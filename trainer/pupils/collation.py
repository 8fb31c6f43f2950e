"""Names in the reader's alphabetical order (issue 47.6), by ICU's collation (PyICU), the
Unicode CLDR's rules for each language: a Danish list puts Å after Z, a German one Ä with A, a
Czech one Č after C, and Greek names come after Latin ones rather than by code point. Pure: the
caller names the language ("da", "de", ...; None: the CLDR root order, which every language
starts from)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import icu


@cache
def _collator(language: str) -> icu.Collator:
    return icu.Collator.createInstance(icu.Locale(language or "root"))


def name_key(language: str | None) -> Callable[[str], bytes]:
    """A sort key for names in `language`'s order (a collator's sort keys compare as bytes)."""
    return _collator((language or "").split("_")[0].lower()).getSortKey


def sort_names(names, language: str | None) -> list[str]:
    return sorted(names, key=name_key(language))
