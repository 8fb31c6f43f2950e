"""Every catalogue is complete, has nothing fuzzy, and its .mo is compiled from its .po."""

import gettext
import io
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).parent.parent
TRANSLATED = ["nl", "da", "de", "fi", "cs"]


def _po(lang):
    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po", "rb") as fh:
        return read_po(fh, locale=lang)


def _pot():
    with open(ROOT / "translations" / "messages.pot", "rb") as fh:
        return read_po(fh)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogue_is_complete_and_not_fuzzy(lang):
    catalog = _po(lang)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            problems.append(f"untranslated: {message.id!r}")
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
    assert problems == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogue_has_every_message_of_the_template(lang):
    catalog = _po(lang)
    # By context too: a pgettext message (a colour's letter on a small card) is only there with it.
    missing = [m.id for m in _pot() if m.id and catalog.get(m.id, context=m.context) is None]
    assert missing == [], "run `make translations` and translate the new entries"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_catalogue_matches_the_po_file(lang):
    buffer = io.BytesIO()
    write_mo(buffer, _po(lang))
    buffer.seek(0)
    expected = gettext.GNUTranslations(buffer)._catalog
    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.mo", "rb") as fh:
        compiled = gettext.GNUTranslations(fh)._catalog
    assert compiled == expected, "run `make translations` to recompile"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_survive_translation(lang):
    import re

    for message in _po(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(re.findall(r"%\(\w+\)[sd]", ids[-1]))
        for s in strings:
            assert set(re.findall(r"%\(\w+\)[sd]", s)) == wanted, (lang, message.id, s)


def test_template_is_up_to_date_with_the_source():
    """Every string in the code and templates is in messages.pot (nothing left unextracted)."""
    from babel.messages.frontend import CommandLineInterface

    out = ROOT / ".pytest_cache" / "fresh.pot"
    out.parent.mkdir(exist_ok=True)
    CommandLineInterface().run(
        [
            "pybabel",
            "-q",
            "extract",
            "-F",
            str(ROOT / "babel.cfg"),
            "-k",
            "_l",
            "-k",
            "lazy_gettext",
            "--no-location",
            "--sort-output",
            "-o",
            str(out),
            str(ROOT),
        ]
    )
    with open(out, "rb") as fh:
        fresh = {m.id for m in read_po(fh) if m.id}
    current = {m.id for m in _pot() if m.id}
    assert len(fresh) > 100  # the extraction really read the sources
    assert fresh - current == set(), "run `make translations`"
