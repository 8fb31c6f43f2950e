"""What kind of device holds a child's home QR (issue 47.2), from its User-Agent when it was
bound: enough for a teacher to tell "the child's tablet" from "a parent's phone", never a
fingerprint. The key is stored; the words are the reader's language."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

# The first rule that matches wins: an iPad that asks for desktop pages says "Macintosh", so a
# touch Mac reads as an iPad only when its User-Agent says so; that is as far as we guess.
_RULES = (
    ("ipad", ("ipad",)),
    ("iphone", ("iphone", "ipod")),
    ("android-tablet", ("android",)),  # an Android phone says "Mobile" too: checked below
    ("chromebook", ("cros",)),
    ("windows", ("windows",)),
    ("mac", ("macintosh", "mac os x")),
    ("linux", ("linux",)),
)

LABELS = {
    "ipad": _l("iPad"),
    "iphone": _l("iPhone"),
    "android-tablet": _l("Android tablet"),
    "android-phone": _l("Android phone"),
    "chromebook": _l("Chromebook"),
    "windows": _l("Windows computer"),
    "mac": _l("Mac"),
    "linux": _l("Linux computer"),
}


def kind(user_agent: str | None) -> str | None:
    """A key of LABELS, or None for a device we cannot name."""
    text = (user_agent or "").lower()
    for key, marks in _RULES:
        if any(mark in text for mark in marks):
            if key == "android-tablet" and "mobile" in text:
                return "android-phone"
            return key
    return None


def label(key: str | None) -> str:
    return str(LABELS.get(key or "", _l("a device")))
