"""The vendored htmx: one version, with its licence.

The security headers, inline-script and static-file checks that were here moved to
tests/security/test_security_headers_every_page.py, which walks every page of the app for every
kind of visitor (docs/security.md).
"""

from pathlib import Path


def test_one_htmx_version_is_vendored_with_its_licence():
    vendor = Path(__file__).resolve().parents[3] / "static" / "vendor"
    scripts = sorted(p.name for p in vendor.glob("htmx-*.js"))
    assert scripts == ["htmx-2.0.11.min.js"]
    assert (vendor / "htmx-2.0.11.LICENSE").exists()
