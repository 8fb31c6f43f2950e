"""The layers of docs/web.md ("Layers"), read from the code's imports (AST, every import
statement, inside functions too), so an arrow added back up fails the suite.

Each layer lists the trainer packages it may import; `flask` says whether Flask and its
family may be imported. `trainer` itself is the application factory (`trainer.create_app`).
No module imports another module's private name (`from x import _name`). The use cases
(trainer/practice/, trainer/play/) hold no SQL text. Inside the web app, the areas of docs/web.md ("Areas")
import one another one way only, with trainer/web/core/ below them all.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FLASK_FAMILY = {"flask", "flask_babel", "werkzeug", "jinja2", "markupsafe"}
PURE = {"engine", "bots", "puzzles", "games", "pupils", "rosters"}
# Layers that may not open the database nor hold SQL (issues 46, 48: trainer.play's rules and
# use cases call the store's functions, for the web app and the live channel alike).
NO_DATABASE = {"play"}
DATABASE = {"sqlite3", "sqlite_utils"}
# Layers that reach the database through trainer.store alone (issue 48): they may hold a
# connection to pass on, never a statement. Docstrings may name SQL (why a step is safe).
NO_SQL_TEXT = {"practice", "play"}
SQL_TEXT = re.compile(
    r"\b(select\b.*\bfrom|insert\s+(or\s+\w+\s+)?into|update\s+\w+\s+set|delete\s+from"
    r"|(create|drop|alter)\s+(table|index|trigger|view)|pragma\s+\w|begin\s+(immediate|exclusive"
    r"|deferred|transaction)|savepoint\s+\w)\b",
    re.IGNORECASE | re.DOTALL,
)
# What plays a game (issue 35): the store may read, write and rebuild games, never play them,
# so the game logic cannot run inside a write transaction (trainer.store.versions).
GAME_PLAY = {"decide", "new_game", "next_round", "helper_turn", "analyse_play", "service", "table"}


@dataclass(frozen=True)
class Layer:
    may_import: frozenset[str]
    flask: bool
    picture: str  # where the layer stands in docs/web.md's picture


LAYERS = {
    "engine": Layer(frozenset({"engine"}), False, "engine: the rules, imports no other trainer package"),
    "bots": Layer(frozenset({"engine", "bots"}), False, "bots: only the engine"),
    "puzzles": Layer(frozenset(PURE), False, "puzzles/games: pure, nothing from web, store or Flask"),
    "games": Layer(frozenset(PURE), False, "puzzles/games: pure, nothing from web, store or Flask"),
    "pupils": Layer(frozenset(PURE), False, "pupils (issue 15: avatars, stars, badges): pure like puzzles/games"),
    "rosters": Layer(frozenset({"rosters"}), False, "rosters (issue 25: OneRoster files and import plans): pure"),
    # The use cases of play (issues 46, 48: a move's one way, class tables, who is here, when
    # a turn is due): no SQL text and no Flask, calling the store's functions, so the web app
    # and the live channel call the same code.
    "play": Layer(frozenset(PURE | {"play", "store"}), False, "play: use cases over the store, no SQL, no Flask"),
    # The use cases of practice (issue 48): a drill's steps on the store and the pure code, for
    # any caller; the caller gives the clock and the settings it read (trainer/practice/caller.py).
    "practice": Layer(
        frozenset(PURE | {"store", "play", "practice"}),
        False,
        "practice: the use cases of drills, on the store, no Flask and no web",
    ),
    "store": Layer(frozenset(PURE | {"store"}), False, "store: SQLite, no Flask and no web"),
    "demo": Layer(frozenset(PURE | {"store", "demo"}), False, "demo: made by the store and the pure code"),
    "ops": Layer(frozenset({"ops", "keyfile"}), False, "ops: the database file alone"),
    "config": Layer(frozenset({"config", "keyfile"}), True, "config: the installation's settings"),
    # The secret-in-a-file code that config (the instance's key) and ops (the schools' master
    # key) share: a leaf below both, so neither has to import the other.
    "keyfile": Layer(frozenset({"keyfile"}), False, "keyfile: a leaf, imports no other trainer module"),
    # The live channel's process (issue 36.1): reads the store, knows the schools' files and
    # keys (ops), never Flask or the web app; the web app signs its tickets (push.tokens).
    "push": Layer(frozenset({"store", "ops", "push", "play"}), False, "push: the live channel, no Flask"),
    "cli": Layer(
        frozenset(PURE | {"store", "demo", "ops", "config", "cli", "push", "play", "practice", "trainer"}),
        False,
        "cli: nothing from web but the factory",
    ),
    "bench": Layer(
        frozenset(PURE | {"store", "demo", "ops", "config", "cli", "push", "play", "practice", "trainer"}),
        True,
        "bench: like the command line, nothing from web but the factory",
    ),
    "web": Layer(
        frozenset(PURE | {"store", "ops", "config", "web", "push", "play", "practice"}),
        True,
        "web: the top, never the cli",
    ),
    "trainer": Layer(frozenset({"web"}), False, "trainer: the factory, built by web"),
}


def layer_of(module: str) -> str:
    """`trainer.store.db` -> store; `trainer` -> trainer (the factory); `bench.x` -> bench."""
    parts = module.split(".")
    if parts[0] == "bench":
        return "bench"
    return parts[1] if len(parts) > 1 else "trainer"


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(tree: ast.AST, module: str, is_package: bool):
    """(imported module, names taken from it, line) for every import statement."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            target = node.module or ""
            if node.level:
                base = module.split(".")[: len(module.split(".")) - node.level + is_package]
                target = ".".join(base + ([target] if target else []))
            yield target, [a.name for a in node.names], node.lineno


def submodules(root: Path, target: str, names: list[str]) -> list[str]:
    """`from trainer import config` imports the module trainer.config, not the factory."""
    folder = root.joinpath(*target.split("."))
    found = [f"{target}.{n}" for n in names if (folder / f"{n}.py").exists() or (folder / n).is_dir()]
    return found if names and len(found) == len(names) else found + [target]


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of the module, its classes and its functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def strings(tree: ast.AST):
    """(line, text) of every string constant but the docstrings; an f-string whole, with its
    replacement fields as `x`."""
    skipped = docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped:
            yield node.lineno, node.value
        elif isinstance(node, ast.JoinedStr):
            yield node.lineno, "".join(v.value if isinstance(v, ast.Constant) else "x" for v in node.values)


def sql_text(tree: ast.AST) -> list[int]:
    """Lines of the strings (docstrings aside) that hold an SQL statement."""
    return sorted({line for line, text in strings(tree) if SQL_TEXT.search(text)})


def violations(root: Path, folders: tuple[str, ...] = ("trainer", "bench")) -> list[str]:
    found = []
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            module = module_name(path, root)
            layer = LAYERS[layer_of(module)]
            tree = ast.parse(path.read_text())
            if layer_of(module) in NO_SQL_TEXT:
                found += [
                    f"{path.relative_to(root)}:{line} holds SQL text ({layer.picture})" for line in sql_text(tree)
                ]
            for target, names, line in imports_of(tree, module, path.name == "__init__.py"):
                where = f"{path.relative_to(root)}:{line}"
                top = target.split(".")[0]
                if top in FLASK_FAMILY and not layer.flask:
                    found.append(f"{where} imports {target} ({layer.picture})")
                if top in DATABASE and layer_of(module) in NO_DATABASE:
                    found.append(f"{where} imports {target} ({layer.picture})")
                if top == "trainer":
                    for wanted in {layer_of(t) for t in submodules(root, target, names)}:
                        if wanted not in layer.may_import:
                            found.append(f"{where} imports {target} ({layer.picture})")
                    if layer_of(module) == "store" and target.startswith("trainer.games"):
                        for name in sorted(GAME_PLAY & set(names or [target.split(".")[-1]])):
                            found.append(f"{where} imports {name} from {target} (store: runs no game logic)")
                    for name in names:
                        if name.startswith("_") and not name.startswith("__") and target != module:
                            found.append(f"{where} imports the private name {name} from {target}")
    return found


def test_the_code_keeps_its_layers():
    assert violations(ROOT) == []


def test_sign_in_does_not_import_the_teachers_area():
    """The teachers' login uses sign-in's provider buttons; sign-in takes what both need from
    trainer.web.core (guessing.lock_message), so the two do not import each other (issue 35.3)."""
    found = []
    for path in sorted((ROOT / "trainer/web/signin").rglob("*.py")):
        module = module_name(path, ROOT)
        for target, names, line in imports_of(ast.parse(path.read_text()), module, path.name == "__init__.py"):
            if any(t.startswith("trainer.web.teachers") for t in submodules(ROOT, target, names)):
                found.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    assert found == []


# The shared bottom of the web app: every area may import it, it imports no area.
WEB_CORE = "core"
# Pairs of areas that still import each other, each with the work that ends it (none left:
# the table board the family table shares with class play lives in games, issue 48.1).
TWO_WAY_FOR_NOW: set[frozenset[str]] = set()


def area_imports(root: Path) -> dict[tuple[str, str], list[str]]:
    """{(area, area it imports): where} from every module under trainer/web/<area>/."""
    web = root / "trainer" / "web"
    areas = {init.parent.name for init in web.glob("*/__init__.py")}
    found: dict[tuple[str, str], list[str]] = {}
    for path in sorted(web.glob("*/**/*.py")):
        module = module_name(path, root)
        area = module.split(".")[2]
        for target, names, line in imports_of(ast.parse(path.read_text()), module, path.name == "__init__.py"):
            for imported in submodules(root, target, names):
                parts = imported.split(".")
                if parts[:2] == ["trainer", "web"] and len(parts) > 2 and parts[2] in areas - {area}:
                    found.setdefault((area, parts[2]), []).append(f"{path.relative_to(root)}:{line}")
    return found


def two_way_areas(root: Path) -> list[str]:
    edges = area_imports(root)
    found = [
        f"{WEB_CORE} imports {b} ({', '.join(where)}): core is below every area"
        for (a, b), where in sorted(edges.items())
        if a == WEB_CORE
    ]
    for (a, b), where in sorted(edges.items()):
        if WEB_CORE not in (a, b) and a < b and (b, a) in edges and frozenset({a, b}) not in TWO_WAY_FOR_NOW:
            found.append(f"{a} and {b} import each other ({', '.join(where + edges[b, a])})")
    return found


def test_web_areas_import_one_another_one_way():
    """docs/web.md "Areas": what two areas share moves down to trainer/web/core/ or below the web
    app (trainer/practice/), so a change to one area never has to follow an import back."""
    assert two_way_areas(ROOT) == []


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


CLEAN = {
    "trainer/__init__.py": "",
    "trainer/engine/__init__.py": "",
    "trainer/engine/cards.py": "",
    "trainer/store/__init__.py": "",
    "trainer/store/db.py": "import sqlite3\n",
    "trainer/web/__init__.py": "from flask import Flask\nfrom trainer.store import db\n",
    "trainer/cli/__init__.py": "",
    "trainer/cli/serve.py": "from trainer import create_app\n",
    # A use case may say in words which SQL keeps it safe, and reach the database through the store.
    "trainer/practice/__init__.py": '"""An answer is stored while `answered_at IS NULL`, in BEGIN IMMEDIATE."""\n',
    "trainer/practice/flow.py": "from trainer.store import db\n\ndef record(conn):\n    return db.connect(conn)\n",
}


@pytest.mark.parametrize(
    "files, finding",
    [
        (
            {
                "trainer/web/pupils/home.py": "from trainer.web.drills import sums\n",
                "trainer/web/drills/pupil_views.py": "def f():\n    from trainer.web.pupils.home import bp\n",
            },
            "drills and pupils import each other (trainer/web/drills/pupil_views.py:2, trainer/web/pupils/home.py:1)",
        ),
        (
            {"trainer/web/core/home_visit.py": "from trainer.web.pupils import home\n"},
            "core imports pupils (trainer/web/core/home_visit.py:1): core is below every area",
        ),
    ],
)
def test_areas_importing_each_other_are_reported(tmp_path, files, finding):
    one_way = {
        "trainer/web/__init__.py": "",
        "trainer/web/core/__init__.py": "",
        "trainer/web/core/htmx.py": "",
        "trainer/web/pupils/__init__.py": "",
        "trainer/web/pupils/home.py": "from trainer.web.core import htmx\n",
        "trainer/web/drills/__init__.py": "",
        "trainer/web/drills/sums.py": "",
        "trainer/web/drills/pupil_views.py": "from trainer.web.pupils.home import bp\n",
    }
    write(tmp_path, one_way)
    assert two_way_areas(tmp_path) == []
    write(tmp_path, files)
    assert two_way_areas(tmp_path) == [finding]


def test_a_clean_tree_passes(tmp_path):
    write(tmp_path, CLEAN)
    assert violations(tmp_path, ("trainer",)) == []


@pytest.mark.parametrize(
    "name, text, finding",
    [
        ("trainer/engine/rules.py", "from trainer.bots import make_bot\n", "imports trainer.bots (engine:"),
        ("trainer/store/pupils.py", "def f():\n    from trainer.web import pictures\n", "imports trainer.web (store:"),
        ("trainer/store/pupils.py", "from flask_babel import gettext\n", "imports flask_babel (store:"),
        ("trainer/store/pupils.py", "from . import db\nfrom ..web import pictures\n", "imports trainer.web (store:"),
        ("trainer/puzzles/drill.py", "import trainer.store.db\n", "imports trainer.store.db (puzzles/games:"),
        ("trainer/cli/backup.py", "from trainer.web.db import get_db\n", "(cli: nothing from web but the factory)"),
        ("trainer/web/views.py", "from trainer.store.db import _kept\n", "imports the private name _kept"),
        ("trainer/keyfile.py", "from trainer.config import DEFAULTS\n", "imports trainer.config (keyfile:"),
        (
            "trainer/store/class_tables.py",
            "from trainer.games.service import Game, decide\n",
            "(store: runs no game logic)",
        ),
        ("trainer/store/class_tables.py", "from trainer.games import table\n", "(store: runs no game logic)"),
        ("trainer/play/presence.py", "import sqlite3\n", "imports sqlite3 (play:"),
        ("trainer/play/presence.py", "from flask import g\n", "imports flask (play:"),
        ("trainer/play/moves.py", "from trainer.web.core import outbox\n", "imports trainer.web.core (play:"),
        (
            "trainer/play/tables.py",
            "def f(db):\n    return db.execute('SELECT seat FROM class_table_seats')\n",
            "holds SQL text (play:",
        ),
        (
            "trainer/play/tables.py",
            "SEEN = ('UPDATE class_table_seats'\n        ' SET seen_at = ?')\n",
            "holds SQL text (play:",
        ),
        ("trainer/store/class_tables.py", "from trainer.play import presence\n", "imports trainer.play (store:"),
        ("trainer/practice/flow.py", "from flask import g\n", "imports flask (practice:"),
        (
            "trainer/practice/flow.py",
            "from trainer.web.core import school_day\n",
            "imports trainer.web.core (practice:",
        ),
        (
            "trainer/practice/flow.py",
            'def f(db):\n    return db.query("SELECT id FROM attempts WHERE pupil_id = ?")\n',
            "holds SQL text (practice:",
        ),
        (
            "trainer/practice/flow.py",
            "STEP = f\"update {'attempts'} set answered_at = 1\"\n",
            "holds SQL text (practice:",
        ),
        ("trainer/store/practice.py", "from trainer.practice import flow\n", "imports trainer.practice (store:"),
    ],
)
def test_an_arrow_added_back_is_reported(tmp_path, name, text, finding):
    write(tmp_path, {**CLEAN, name: text})
    found = violations(tmp_path, ("trainer",))
    assert len(found) == 1 and finding in found[0] and found[0].startswith(name), found


def test_prose_about_sql_is_not_sql(tmp_path):
    """A docstring may say what a statement does, and a word like "select" is no statement."""
    write(
        tmp_path,
        {
            **CLEAN,
            "trainer/play/tables.py": (
                '"""Reads SELECT seat FROM class_table_seats, once."""\nWORDS = "select a card, then update the sum"\n'
            ),
        },
    )
    assert violations(tmp_path, ("trainer",)) == []
