"""Every repository path that a doc, comment, docstring or assertion message names exists.

Files move (tests/test_authorization.py became tests/web/test_authorization.py) and the sentences
that point at them stay behind; a newcomer who follows one finds nothing. This reads every tracked
text file, picks out what looks like a path (`dir/name.ext`, or a folder under a top-level
directory ending in `/`) and looks for it from the repository root, from the folders docs and
templates name paths from (`trainer/`, `trainer/web/`, `templates/`, `static/`, `tests/`), and
beside the file that names it. `../shared/` paths are
looked up in the shared folder beside the repository.

Dotted module names (`trainer.web.core.csv_export`, `trainer.store.db.write_transaction`) are
checked too (issue 48.5): each must be a package or module under the repository, and a name after
the module one of its own top-level names (read from its source, nothing imported).
"""

from __future__ import annotations

import ast
import re
import subprocess
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"

EXTENSIONS = "webmanifest|sqlite3|jsonl|json|woff2|html|toml|py|md|js|css|txt|sh|pot|po|cfg|svg|png|csv|db"
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
# A dotted name that is no module of ours, starting where ours start (`trainer.`, `bench.`, `tests.`);
# matched whole, so `trainer.db.demo-login` (a file) is not cut to `trainer.db.demo`.
DOTTED = re.compile(r"(?<![\w./-])((?:trainer|bench|tests)(?:\.[A-Za-z_]\w*+)++)(?![\w-])")
# Dotted names that name no module on purpose, each with why.
NOT_MODULES = {
    "trainer.security",  # the security events' logger (trainer/web/core/security_log.py)
    "bench.x",  # tests/test_layering.py: an example of a module outside trainer
    "trainer.web.core.home",  # tests/web/test_area_table.py: a wrong row the test makes on purpose
    "trainer.web.core.views",  # the same
}
# Made at run time, never tracked: the instance folder, benchmark results, a served school's file,
# the 16-core script's wheelhouse and environment (bench/device/make_wheelhouse.sh, run.sh).
GENERATED = ("instance/", "bench/results/", "bench/device/wheels", "bench/device/venv")


def tracked_text_files():
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for name in listed:
        # This file names stale paths on purpose, as examples.
        if (
            name.endswith(SCANNED)
            and not name.startswith("translations/")
            and "/vendor/" not in name
            and name != "tests/test_named_paths_exist.py"
        ):
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


@cache
def top_level_names(module: Path) -> frozenset[str]:
    """What `module` defines or imports at its top level."""
    names = set()
    for node in ast.parse(module.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    return frozenset(names)


def module_exists(dotted: str) -> bool:
    """`a.b.c`: folders and a module file from the root, then (if anything is left) one of that
    module's (or package's) own names. Attributes past that one are not followed."""
    parts = dotted.split(".")
    if parts[-1] in EXTENSIONS.split("|") or parts[-1].startswith("__"):
        return True  # a file's name (`trainer.db`), or what every module has (`trainer.__file__`)
    here = ROOT
    for n, part in enumerate(parts):
        if (here / part).is_dir():
            here = here / part
        elif (here / f"{part}.py").is_file():
            rest = parts[n + 1 :]
            return not rest or rest[0] in top_level_names(here / f"{part}.py")
        else:
            init = here / "__init__.py"
            return n > 0 and init.is_file() and part in top_level_names(init)
    return True


def stale_module_names():
    for name in tracked_text_files():
        try:
            text = (ROOT / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for dotted in sorted({m.group(1) for m in DOTTED.finditer(line)} - NOT_MODULES):
                if not module_exists(dotted):
                    yield f"{name}:{number}: {dotted}"


def test_every_path_named_in_docs_comments_and_messages_exists():
    assert list(dangling_paths()) == []


def test_every_dotted_module_name_in_docs_comments_and_messages_exists():
    assert list(stale_module_names()) == []


def test_a_moved_module_is_caught():
    # The old home of the CSV rules, a module that never was, and a name its module lacks.
    assert not module_exists("trainer.web.csv_export")
    assert not module_exists("trainer.web.puzzle_screen")
    assert not module_exists("trainer.web.core.csv_export.no_such_function")
    assert module_exists("trainer.web.core.csv_export")
    assert module_exists("trainer.web.core.csv_export.csv_response")
    assert module_exists("trainer.web.core")  # a package
    assert module_exists("trainer.create_app")  # a package's own name
    assert module_exists("trainer.db")  # a file, not a module
    found = [m.group(1) for m in DOTTED.finditer("go through trainer.web.csv_export (csv_response).")]
    assert found == ["trainer.web.csv_export"]
    assert [m.group(1) for m in DOTTED.finditer("`trainer.db.demo-login`, self.trainer.x")] == []


def test_a_moved_file_is_caught(tmp_path, monkeypatch):
    # The check must see a stale pointer in a comment, and must not see a right one.
    assert not exists("tests/test_authorization.py", ROOT / "trainer/web/core/ownership.py")
    assert exists("tests/web/test_authorization.py", ROOT / "trainer/web/core/ownership.py")
    assert exists("web/core/ownership.py", ROOT / "docs/web.md")
    assert [m.group(1) for m in FILE_PATH.finditer("# see tests/test_authorization.py:31")] == [
        "tests/test_authorization.py"
    ]
