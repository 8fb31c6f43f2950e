"""docs/web.md's "Areas" table against the app (issue 35.4): every blueprint with the module
that makes it, every package of trainer/web/, every folder of templates/ in exactly one row,
and every folder a row names on disk."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Blueprint

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "web.md"
PAIR = re.compile(r"`(\w+)` → `(\w+)`")
TICKED = re.compile(r"`([^`]+)`")


def area_rows(text: str) -> list[dict]:
    """The rows of the table under "## Areas": package, blueprints {name: module}, templates, tests."""
    section = text.split("\n## Areas\n", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 5 or not cells[1].startswith("`"):
            continue
        rows.append(
            {
                "area": cells[0],
                "package": TICKED.findall(cells[1])[0].rstrip("/"),
                "blueprints": dict(PAIR.findall(cells[2])),
                "templates": [t.rstrip("/") for t in TICKED.findall(cells[3])],
                "tests": [t.rstrip("/") for t in TICKED.findall(cells[4])],
            }
        )
    return rows


def problems(rows: list[dict], blueprints: dict, root: Path) -> list[str]:
    """What breaks the rule; `blueprints` is `app.blueprints`."""
    found = []
    listed = {}
    for row in rows:
        dotted = row["package"].replace("/", ".")
        for name, module in row["blueprints"].items():
            if name in listed:
                found.append(f"blueprint {name} is in two rows")
            listed[name] = f"{dotted}.{module}"
        modules = list(row["blueprints"].values())
        for module in {m for m in modules if modules.count(m) > 1}:
            found.append(f"{row['area']}: {module} makes more than one blueprint")
        for folder in row["tests"]:
            if not (root / folder).is_dir():
                found.append(f"{row['area']}: tests folder {folder} does not exist")
    made = {name: bp.import_name for name, bp in blueprints.items()}
    for name, module in sorted(made.items()):
        if name not in listed:
            found.append(f"blueprint {name} (from {module}) has no place in the Areas table")
        elif listed[name] != module:
            found.append(f"blueprint {name} is made in {module}, the table says {listed[name]}")
    for name in sorted(set(listed) - set(made)):
        found.append(f"the table lists blueprint {name}, which the app does not register")

    packages = {row["package"] for row in rows}
    for init in sorted((root / "trainer" / "web").glob("*/__init__.py")):
        package = init.parent.relative_to(root).as_posix()
        if package not in packages:
            found.append(f"package {package} has no row in the Areas table")
    for package in sorted(packages):
        if not (root / package / "__init__.py").is_file():
            found.append(f"package {package} in the table does not exist")

    owners: dict[str, list[str]] = {}
    for row in rows:
        for folder in row["templates"]:
            owners.setdefault(folder, []).append(row["area"])
    on_disk = {p.name for p in (root / "templates").iterdir() if p.is_dir()}
    for folder in sorted(on_disk - set(owners)):
        found.append(f"templates/{folder}/ belongs to no area")
    for folder, areas in sorted(owners.items()):
        if folder not in on_disk:
            found.append(f"templates/{folder}/ in the table does not exist")
        if len(areas) > 1:
            found.append(f"templates/{folder}/ belongs to {', '.join(areas)}")
    return found


def test_the_area_table_matches_the_app_and_the_folders(app):
    rows = area_rows(DOC.read_text(encoding="utf-8"))
    assert {row["area"] for row in rows} >= {"signin", "classplay", "dashboard", "core"}
    assert problems(rows, app.blueprints, ROOT) == []


def test_a_blueprint_missing_from_the_table_is_reported(app):
    app.register_blueprint(Blueprint("stray", "trainer.web.core.pages"))
    rows = area_rows(DOC.read_text(encoding="utf-8"))
    assert problems(rows, app.blueprints, ROOT) == [
        "blueprint stray (from trainer.web.core.pages) has no place in the Areas table"
    ]


def test_a_row_naming_a_gone_module_or_folder_is_reported(app):
    rows = area_rows(DOC.read_text(encoding="utf-8"))
    core = next(row for row in rows if row["area"] == "core")
    core["blueprints"]["pages"] = "home"
    core["templates"].remove("cards")
    gone = "no_such_folder"  # built, so that the check of named paths does not read it as one
    core["templates"].append(gone)
    core["tests"].append(f"tests/web/{gone}")
    assert sorted(problems(rows, app.blueprints, ROOT)) == sorted(
        [
            f"core: tests folder tests/web/{gone} does not exist",
            "blueprint pages is made in trainer.web.core.pages, the table says trainer.web.core.home",
            "templates/cards/ belongs to no area",
            f"templates/{gone}/ in the table does not exist",
        ]
    )


def test_a_package_without_a_row_and_a_shared_folder_are_reported(app):
    rows = [row for row in area_rows(DOC.read_text(encoding="utf-8")) if row["area"] != "rosters"]
    rows[0]["blueprints"]["rosters"] = "views"  # keep the blueprint listed, under the wrong package
    rows[1]["templates"].append("pages")
    found = problems(rows, app.blueprints, ROOT)
    assert "package trainer/web/rosters has no row in the Areas table" in found
    assert "templates/rosters/ belongs to no area" in found
    assert f"templates/pages/ belongs to {rows[0]['area']}, {rows[1]['area']}" in found
    assert ("blueprint rosters is made in trainer.web.rosters.views, the table says trainer.web.core.views") in found
