"""The layers of docs/web.md ("Layers"), read from the code's imports (AST, every import
statement, inside functions too), so an arrow added back up fails the suite.

Each layer lists the trainer packages it may import; `flask` says whether Flask and its
family may be imported. `trainer` itself is the application factory (`trainer.create_app`).
No module imports another module's private name (`from x import _name`).
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
# A string that is a statement: SQL text belongs to the store (and the dashboard's queries).
SQL = re.compile(r"\b(SELECT\b.+\bFROM|INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|"
                 r"CREATE\s+(TABLE|INDEX)|PRAGMA\s+\w+)\b", re.DOTALL)
# What plays a game (issue 35): the store may read, write and rebuild games, never play them,
# so the game logic cannot run inside a write transaction (trainer.store.versions).
GAME_PLAY = {"decide", "new_game", "next_round", "helper_turn", "analyse_play", "service", "table"}


@dataclass(frozen=True)
class Layer:
    may_import: frozenset[str]
    flask: bool
    picture: str       # where the layer stands in docs/web.md's picture


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
    "cli": Layer(frozenset(PURE | {"store", "demo", "ops", "config", "cli", "push", "play", "trainer"}), False,
                 "cli: nothing from web but the factory"),
    "bench": Layer(frozenset(PURE | {"store", "demo", "ops", "config", "cli", "push", "play", "trainer"}), True,
                   "bench: like the command line, nothing from web but the factory"),
    "web": Layer(frozenset(PURE | {"store", "ops", "config", "web", "push", "play"}), True, "web: the top, never the cli"),
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


def sql_in(tree: ast.AST) -> list[int]:
    """The lines of the string constants that are SQL statements (docstrings are prose)."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
            and SQL.search(node.value)]


def submodules(root: Path, target: str, names: list[str]) -> list[str]:
    """`from trainer import config` imports the module trainer.config, not the factory."""
    folder = root.joinpath(*target.split("."))
    found = [f"{target}.{n}" for n in names if (folder / f"{n}.py").exists() or (folder / n).is_dir()]
    return found if names and len(found) == len(names) else found + [target]


def violations(root: Path, folders: tuple[str, ...] = ("trainer", "bench")) -> list[str]:
    found = []
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            module = module_name(path, root)
            layer = LAYERS[layer_of(module)]
            tree = ast.parse(path.read_text())
            if layer_of(module) in NO_DATABASE:
                found += [f"{path.relative_to(root)}:{line} holds SQL ({layer.picture})" for line in sql_in(tree)]
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


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


CLEAN = {
    "trainer/__init__.py": "", "trainer/engine/__init__.py": "", "trainer/engine/cards.py": "",
    "trainer/store/__init__.py": "", "trainer/store/db.py": "import sqlite3\n",
    "trainer/web/__init__.py": "from flask import Flask\nfrom trainer.store import db\n",
    "trainer/cli/__init__.py": "", "trainer/cli/serve.py": "from trainer import create_app\n",
}


def test_a_clean_tree_passes(tmp_path):
    write(tmp_path, CLEAN)
    assert violations(tmp_path, ("trainer",)) == []


@pytest.mark.parametrize("name, text, finding", [
    ("trainer/engine/rules.py", "from trainer.bots import make_bot\n", "imports trainer.bots (engine:"),
    ("trainer/store/pupils.py", "def f():\n    from trainer.web import pictures\n",
     "imports trainer.web (store:"),
    ("trainer/store/pupils.py", "from flask_babel import gettext\n", "imports flask_babel (store:"),
    ("trainer/store/pupils.py", "from . import db\nfrom ..web import pictures\n", "imports trainer.web (store:"),
    ("trainer/puzzles/drill.py", "import trainer.store.db\n", "imports trainer.store.db (puzzles/games:"),
    ("trainer/cli/backup.py", "from trainer.web.db import get_db\n", "(cli: nothing from web but the factory)"),
    ("trainer/web/views.py", "from trainer.store.db import _kept\n", "imports the private name _kept"),
    ("trainer/keyfile.py", "from trainer.config import DEFAULTS\n", "imports trainer.config (keyfile:"),
    ("trainer/store/class_tables.py", "from trainer.games.service import Game, decide\n", "(store: runs no game logic)"),
    ("trainer/store/class_tables.py", "from trainer.games import table\n", "(store: runs no game logic)"),
    ("trainer/play/presence.py", "import sqlite3\n", "imports sqlite3 (play:"),
    ("trainer/play/presence.py", "from flask import g\n", "imports flask (play:"),
    ("trainer/play/moves.py", "from trainer.web.core import outbox\n", "imports trainer.web.core (play:"),
    ("trainer/play/tables.py", "def f(db):\n    return db.execute('SELECT seat FROM class_table_seats')\n",
     "holds SQL (play:"),
    ("trainer/play/tables.py", "SEEN = ('UPDATE class_table_seats'\n        ' SET seen_at = ?')\n", "holds SQL (play:"),
    ("trainer/store/class_tables.py", "from trainer.play import presence\n", "imports trainer.play (store:"),
])
def test_an_arrow_added_back_is_reported(tmp_path, name, text, finding):
    write(tmp_path, {**CLEAN, name: text})
    found = violations(tmp_path, ("trainer",))
    assert len(found) == 1 and finding in found[0] and found[0].startswith(name), found


def test_prose_about_sql_is_not_sql(tmp_path):
    """A docstring may say what a statement does, and a word like "select" is no statement."""
    write(tmp_path, {**CLEAN, "trainer/play/tables.py": (
        '"""Reads SELECT seat FROM class_table_seats, once."""\n'
        'WORDS = "select a card, then update the sum"\n')})
    assert violations(tmp_path, ("trainer",)) == []
