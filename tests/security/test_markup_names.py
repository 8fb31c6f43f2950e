"""Every page's markup gives accessible names only to elements that can carry one (issue 23:
an HTML validator found the class code as an `aria-label` on a `<p>`). WAI-ARIA 1.2 prohibits
naming the roles these elements have (paragraph, generic, emphasis...) unless given a role."""

import re
from html.parser import HTMLParser

# Elements whose implicit role (paragraph, generic, code, emphasis, strong, ...) cannot be named.
UNNAMEABLE = {"p", "div", "span", "code", "em", "strong", "b", "i", "del", "ins", "sub", "sup", "small"}


class _Named(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in UNNAMEABLE and "role" not in a and ("aria-label" in a or "aria-labelledby" in a):
            self.found.append(f"<{tag} {' '.join(k for k in a if k.startswith('aria-'))}>")


def test_no_page_names_an_element_whose_role_cannot_be_named(visits):
    bad = {}
    for v in visits:
        if v.is_html:
            page = _Named()
            page.feed(v.body)
            if page.found:
                bad[f"{v.role} {v.url}"] = page.found
    assert bad == {}


def test_the_class_code_is_named_by_its_heading(walked):
    app, world, visits = walked
    page = next(
        v.body for v in visits if v.role == "teacher" and v.url == f"/classes/{world.class_id}" and not v.fragment
    )
    # The class page's one-line code (issue 24): the words "Class code" name it, in the text.
    line = re.search(r'<p class="join-line">(.*?)</p>', page, re.S).group(1)
    assert "Class code" in line and f'<strong class="join-code">{world.join_code}</strong>' in line
