"""Names in the reader's order (issue 47.6): ICU's rules per language, not code points."""

from trainer.pupils.collation import sort_names

CLASS = ["Zoë", "Åsa", "Ömer", "Łukasz", "Ελένη", "Anna", "Ärne", "Olivia", "Čeněk", "Cyril"]


def test_danish_puts_a_ring_after_z():
    order = sort_names(CLASS, "da")
    assert order.index("Zoë") < order.index("Åsa")
    assert order.index("Anna") < order.index("Cyril")


def test_german_puts_a_umlaut_with_a_and_o_umlaut_with_o():
    order = sort_names(CLASS, "de")
    assert order[:3] == ["Anna", "Ärne", "Åsa"]
    assert order.index("Olivia") < order.index("Ömer") < order.index("Zoë")
    assert order.index("Łukasz") < order.index("Olivia")  # Ł with L


def test_czech_puts_c_caron_after_c():
    order = sort_names(CLASS, "cs")
    assert order.index("Cyril") < order.index("Čeněk")


def test_greek_after_latin_and_not_by_code_point_in_english():
    order = sort_names(CLASS, "en")
    assert order[-1] == "Ελένη"
    assert order.index("Łukasz") < order.index("Zoë") and order.index("Åsa") < order.index("Cyril")
    assert sorted(CLASS) != order  # code points put Å, Ł, Ö after Zoë
