"""axe-core in the browser tests (issue 15.8): the vendored engine (tests/browser/vendor,
axe-core 4.14.1 from npm, MPL-2.0) reports WCAG 2.1 A/AA violations and axe's best practices.
It is run by the browser's DevTools (Playwright's `evaluate`), which the page's CSP does not
govern, rather than added as an inline <script>, which it rightly refuses: so any page, in any
test's context, can be scanned as it is, with the CSP in force (issue 48.4)."""

from __future__ import annotations

from pathlib import Path

AXE = (Path(__file__).parent / "vendor" / "axe-core-4.14.1" / "axe.min.js").read_text()
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def violations(page) -> list[str]:
    """One line per violated rule: its id, impact and the first elements it names."""
    if not page.evaluate("!!window.axe"):
        page.evaluate(AXE)
    found = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})"
        ".then(r => r.violations.map(v => [v.id, v.impact, v.nodes.slice(0, 3)"
        ".map(n => n.target.join(' '))]))",
        TAGS,
    )
    return [f"{rule} ({impact}): {', '.join(nodes)}" for rule, impact, nodes in found]
