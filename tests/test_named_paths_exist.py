"""Every repository path that a doc, comment, docstring or assertion message names exists.

Files move (tests/test_authorization.py became tests/web/test_authorization.py) and the sentences
that point at them stay behind; a newcomer who follows one finds nothing. This reads every tracked
text file, picks out what looks like a path (`dir/name.ext`, or a folder under a top-level
directory ending in `/`) and looks for it from the repository root, from the folders docs and
templates name paths from (`trainer/`, `trainer/web/`, `templates/`, `static/`, `tests/`), and
beside the file that names it. `../shared/` paths are
looked up in the shared folder beside the repository.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"

EXTENSIONS = ("webmanifest|sqlite3|jsonl|json|woff2|html|toml|py|md|js|css|txt|sh|pot|po|cfg|svg|png|csv|db")
FILE_PATH = re.compile(r"(?<![\w/.<{%-])((?:\.\./)?(?:[\w.-]+/)+[\w.-]+\.(?:" + EXTENSIONS + r"))(?!\w)")
TOP_LEVEL = "trainer|tests|templates|static|docs|bench|seed_data|translations"
FOLDER_PATH = re.compile(r"(?<![\w/.-])((?:" + TOP_LEVEL + r")/(?:[\w.-]+/)*)(?![\w.-])")
BASES = ("", "trainer/", "trainer/web/", "templates/", "static/", "tests/")
SCANNED = (".py", ".md", ".html", ".js", ".css", ".cfg", ".toml", ".txt", ".sh", "Makefile", ".ci/run")

# Paths that name no repository file on purpose, each with why.
NOT_FILES = {
    ("docs/schools.md", "DIR/S.sqlite3"),  # a placeholder: a school's file in --schools DIR
    ("docs/web.md", "x/page.html"),  # a placeholder in the how-to for a new area
    ("docs/web.md", "x/_fragment.html"),  # the same
    ("tests/test_layering.py", "trainer/puzzles/drill.py"),  # a made-up module the rule must refuse
    ("tests/test_layering.py", "trainer/web/views.py"),  # the same
    ("tests/web/core/test_static_files.py", "css/a.css"),  # a file the test writes
    ("tests/security/test_error_pages_production.py", "2e/trainer/web/config.py"),  # a traversal probe
}
# Made at run time, never tracked: the instance folder, benchmark results, a served school's file.
GENERATED = ("instance/", "bench/results/")


def tracked_text_files():
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.split()
    for name in listed:
        # This file names stale paths on purpose, as examples.
        if name.endswith(SCANNED) and not name.startswith("translations/") and "/vendor/" not in name \
                and name != "tests/test_named_paths_exist.py":
            yield name


def exists(named: str, where: Path) -> bool:
    if named.startswith("../shared/"):
        # A checkout without the shared folder beside it (a worktree elsewhere) cannot tell.
        return not SHARED.is_dir() or (SHARED / named.removeprefix("../shared/")).exists()
    return any((ROOT / base / named).exists() for base in BASES) or (where.parent / named).exists()


def dangling_paths():
    for name in tracked_text_files():
        path = ROOT / name
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            named = {m.group(1) for m in FILE_PATH.finditer(line)}
            named |= {m.group(1) for m in FOLDER_PATH.finditer(line)}
            for one in sorted(named):
                if one.startswith(GENERATED) or (name, one) in NOT_FILES:
                    continue
                if not exists(one, path):
                    yield f"{name}:{number}: {one}"


def test_every_path_named_in_docs_comments_and_messages_exists():
    assert list(dangling_paths()) == []


def test_a_moved_file_is_caught(tmp_path, monkeypatch):
    # The check must see a stale pointer in a comment, and must not see a right one.
    assert not exists("tests/test_authorization.py", ROOT / "trainer/web/core/ownership.py")
    assert exists("tests/web/test_authorization.py", ROOT / "trainer/web/core/ownership.py")
    assert exists("web/core/ownership.py", ROOT / "docs/web.md")
    assert [m.group(1) for m in FILE_PATH.finditer("# see tests/test_authorization.py:31")] == [
        "tests/test_authorization.py"]
