"""Static checks of a page's HTML shared by the accessibility tests of each area."""
from html.parser import HTMLParser


class PageScan(HTMLParser):
    """What is on the page. The content of a <template> is not (it is an inert fragment until
    a script puts it in place of what is there: the puzzles handed out ahead, issue 18)."""

    def __init__(self):
        super().__init__()
        self.ids, self.label_for, self.inputs, self.h1 = [], set(), [], 0
        self.in_template = 0

    def handle_endtag(self, tag):
        if tag == "template":
            self.in_template -= 1

    def handle_starttag(self, tag, attrs):
        if tag == "template":
            self.in_template += 1
        if self.in_template:
            return
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "label" and "for" in a:
            self.label_for.add(a["for"])
        if tag in ("input", "select", "textarea") and a.get("type") not in ("hidden", "submit"):
            self.inputs.append(a)
        if tag == "h1":
            self.h1 += 1


def assert_accessible_at_a_glance(path: str, html: str) -> PageScan:
    """Unique ids, a label for every field, exactly one h1 (WCAG 2.2: 1.3.1, 4.1.1, 2.4.6)."""
    scan = PageScan()
    scan.feed(html)
    assert len(scan.ids) == len(set(scan.ids)), f"duplicate ids on {path}"
    for field in scan.inputs:
        assert field.get("id") in scan.label_for, f"unlabelled field on {path}: {field}"
    assert scan.h1 == 1, f"{path} should have exactly one h1"
    return scan
