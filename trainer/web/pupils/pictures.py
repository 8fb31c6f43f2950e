"""The nine pictures of the picture password, drawn as simple inline SVG shapes.

Each picture has a distinct shape AND a word under it, so a child who cannot tell the colours
apart, or a screen reader, can still use them. The key (an English word) is what is stored:
trainer.store.picture_passwords makes and checks stored passwords from the same nine keys.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import lazy_gettext as _l


@dataclass(frozen=True)
class Picture:
    key: str
    label: object  # a lazy string, translated when rendered
    svg: str  # the shapes inside a 0 0 100 100 viewBox


PICTURES = (
    Picture(
        "sun",
        _l("Sun"),
        '<circle cx="50" cy="50" r="22" fill="#f2b705"/>'
        '<g stroke="#c98a00" stroke-width="6" stroke-linecap="round">'
        '<path d="M50 8v14M50 78v14M8 50h14M78 50h14M20 20l10 10M70 70l10 10M80 20L70 30M30 70L20 80"/></g>',
    ),
    Picture("moon", _l("Moon"), '<path d="M62 12a40 40 0 1 0 26 62A32 32 0 1 1 62 12z" fill="#4a5a8c"/>'),
    Picture("star", _l("Star"), '<path d="M50 8l12 28 30 2-23 19 8 30-27-17-27 17 8-30L8 38l30-2z" fill="#e07a10"/>'),
    Picture(
        "heart",
        _l("Heart"),
        '<path d="M50 88C20 64 8 48 8 32a20 20 0 0 1 42-8 20 20 0 0 1 42 8c0 16-12 32-42 56z" fill="#c8243c"/>',
    ),
    Picture(
        "tree",
        _l("Tree"),
        '<path d="M50 8L18 62h64z" fill="#2e7d32"/><rect x="42" y="62" width="16" height="28" fill="#6d4c2f"/>',
    ),
    Picture(
        "house",
        _l("House"),
        '<path d="M14 48L50 14l36 34z" fill="#8e3b2e"/><rect x="22" y="48" width="56" height="40" fill="#b0795a"/>'
        '<rect x="44" y="64" width="14" height="24" fill="#3b2418"/>',
    ),
    Picture(
        "fish",
        _l("Fish"),
        '<ellipse cx="44" cy="50" rx="32" ry="20" fill="#1c7fa6"/><path d="M72 50l20-18v36z" fill="#1c7fa6"/>'
        '<circle cx="30" cy="45" r="4" fill="#fff"/>',
    ),
    Picture(
        "boat",
        _l("Boat"),
        '<path d="M10 62h80L76 84H24z" fill="#5b3a8e"/><path d="M48 12v46H20z" fill="#8f6cc4"/>'
        '<rect x="48" y="12" width="4" height="50" fill="#3b2418"/>',
    ),
    Picture(
        "flower",
        _l("Flower"),
        '<g fill="#d0459b"><circle cx="50" cy="26" r="14"/><circle cx="74" cy="44" r="14"/>'
        '<circle cx="64" cy="70" r="14"/><circle cx="36" cy="70" r="14"/><circle cx="26" cy="44" r="14"/></g>'
        '<circle cx="50" cy="50" r="11" fill="#f2b705"/>',
    ),
)

BY_KEY = {p.key: p for p in PICTURES}


def parse(stored: str) -> list[Picture]:
    return [BY_KEY[k] for k in stored.split(",")]
