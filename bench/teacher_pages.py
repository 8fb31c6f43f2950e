"""The teacher's side at a real class size (issue 24): taps to set up a class of 30, and page
heights at 1280×800, before and after, measured in the same run.

    nice .venv/bin/python bench/teacher_pages.py [--before /work/main] [--after .]

Each tree (a checkout of the app) is measured in its own process with that tree's code first on
sys.path: a fresh database, a live server, Debian's Chromium. The path is the one a new teacher
takes (issue 24): register, create "Group 5B", add 30 pupils, print the login cards, set the
drill and one pupil's extra time, open the dashboard (day 0); then the same class with seven
weeks of answers from the demo's learner profiles. A tap is one click or one field filled in;
where the old pages offered no paste, the pupils are added one a submit (the CSV upload needs a
file the teacher must first make, so it is not the fast path from a copied column).

Prints a Markdown table for docs/dashboard.md and writes bench/results/teacher_pages.json.
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAMES = [
    "Emma",
    "Noor",
    "Sem",
    "Liv",
    "Daan",
    "Julia",
    "Lucas",
    "Mila",
    "Finn",
    "Tess",
    "Levi",
    "Sara",
    "Bram",
    "Zoë",
    "Milan",
    "Nina",
    "Ravi",
    "Yara",
    "Jesse",
    "Lotte",
    "Ahmed",
    "Fenna",
    "Thijs",
    "Isa",
    "Ruben",
    "Saar",
    "Olivier",
    "Roos",
    "Mees",
    "Chloé",
]


class Taps:
    """Counts what the teacher does: a click, or one field filled in."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def click(self, locator):
        locator.first.click()
        self.count += 1

    def fill(self, locator, text):
        locator.first.fill(text)
        self.count += 1

    def select(self, locator, label):
        locator.first.select_option(label=label)
        self.count += 1


def height(page) -> int:
    page.wait_for_load_state("networkidle")
    return page.evaluate("document.documentElement.scrollHeight")


def pdf_pages(page) -> int:
    from pypdf import PdfReader

    page.emulate_media(media="print")
    pages = len(PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True))).pages)
    page.emulate_media(media="screen")
    return pages


def wait_for(page, path_part: str):
    page.wait_for_url(f"**{path_part}**")
    page.wait_for_load_state("networkidle")


def measure(tree: Path) -> dict:
    """Runs in the child process: `tree`'s code is first on sys.path."""
    import logging
    import threading
    from datetime import date, datetime, time, timedelta

    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    from trainer import create_app
    from trainer.demo.history import add_history
    from trainer.store.db import connect

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    db_path = Path(tempfile.mkdtemp()) / "bench.db"
    app = create_app({"DATABASE": str(db_path), "SECRET_KEY": "bench", "TESTING": True})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}"
    out: dict = {"tree": str(tree)}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium-headless-shell", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        t = Taps(page)
        page.goto(url + "/")
        t.click(page.get_by_role("link", name="I am a teacher"))
        t.click(page.get_by_role("link", name="Create a teacher account"))
        t.fill(page.get_by_label("Your name"), "Ms de Vries")
        t.fill(page.get_by_label("E-mail address"), "bench@school.example")
        t.fill(page.get_by_label("Password", exact=True), "a long enough password")
        t.fill(page.get_by_label("Password again"), "a long enough password")
        t.click(page.get_by_role("button", name="Create account"))
        t.fill(page.get_by_label("New class name"), "Group 5B")
        t.click(page.get_by_role("button", name="Create class"))
        wait_for(page, "/classes/")
        class_url = page.url
        start = t.count
        paste = page.locator(".class-nav").get_by_role("link", name="Add pupils")
        if paste.count():
            t.click(paste)
            t.fill(page.get_by_label("Paste the class list: one pupil per line"), "\n".join(NAMES))
            t.click(page.get_by_role("button", name="Check the names"))
            t.click(page.get_by_role("button", name=f"Add {len(NAMES)} pupils"))
            wait_for(page, class_url)
        else:
            for name in NAMES:
                t.fill(page.get_by_label("Add a pupil (first name or nickname)"), name)
                t.click(page.get_by_role("button", name="Add pupil"))
                page.get_by_text(f"{name} added.").first.wait_for()
        out["taps_pupils"] = t.count - start
        page.goto(class_url)  # measured, not counted
        out["class_page_px"] = height(page)

        start = t.count
        t.click(page.get_by_role("link", name="Print login cards"))
        wait_for(page, "/cards")
        out["card_pages"] = pdf_pages(page)
        t.click(page.get_by_role("button", name="Print"))  # the print dialog: one tap more
        out["taps_cards"] = t.count - start

        start = t.count
        page.goto(class_url)
        tab = page.locator(".class-nav").get_by_role("link", name="Daily drill")
        t.click(tab if tab.count() else page.get_by_role("link", name="Set the daily drill"))
        wait_for(page, "/drill")
        t.fill(page.get_by_label("Number of puzzles", exact=True), "8")
        t.click(page.get_by_role("button", name="Save drill"))
        page.get_by_text("Drill saved.").first.wait_for()
        if page.get_by_label("Give extra time to").count():
            t.select(page.get_by_label("Give extra time to"), "Noor")
            t.fill(page.get_by_label("Extra seconds", exact=True), "15")
            t.click(page.get_by_role("button", name="Add", exact=True))
        else:
            t.fill(page.get_by_label("Noor", exact=True), "15")
            t.click(page.get_by_role("button", name="Save extra time"))
        page.get_by_text("Extra time saved.").first.wait_for()
        out["drill_page_px"] = height(page)
        out["taps_drill"] = t.count - start

        start = t.count
        page.goto(class_url)
        tab = page.locator(".class-nav").get_by_role("link", name="Dashboard")
        t.click(tab if tab.count() else page.get_by_role("link", name="Dashboard: how the class is doing"))
        wait_for(page, "/dashboard")
        out["taps_dashboard"] = t.count - start
        out["dashboard_day0_px"] = height(page)
        out["day0_flagged"] = page.locator("tbody tr.needs-attention").count()
        out["taps_total"] = t.count

        db = connect(str(db_path))
        class_id = db.execute("SELECT id FROM classes").fetchone()[0]
        ids = [r[0] for r in db.execute("SELECT id FROM pupils ORDER BY id")]
        add_history(db, class_id, ids, date.today())
        weeks_ago = datetime.combine(date.today() - timedelta(weeks=7), time(8)).astimezone().isoformat()
        db.execute("UPDATE classes SET created_at = ?", [weeks_ago])
        db.execute("UPDATE pupils SET created_at = ?", [weeks_ago])
        db.close()
        page.reload()
        out["dashboard_px"] = height(page)
        rows = page.eval_on_selector_all(
            "table.overview tbody tr", "rs => rs.map(r => r.getBoundingClientRect().height)"
        )
        out["row_px_max"] = round(max(rows), 1)
        out["row_px_mean"] = round(sum(rows) / len(rows), 1)
        hard = page.get_by_role("link", name="What the class finds hard")
        hard.first.click()
        wait_for(page, "/dashboard/hard")
        out["hard_px"] = height(page)
        browser.close()
    server.shutdown()
    return out


ROWS = [
    ("taps_pupils", "Taps: add 30 pupils"),
    ("taps_cards", "Taps: print the login cards"),
    ("taps_drill", "Taps: set the drill and one pupil's extra time"),
    ("taps_dashboard", "Taps: open the dashboard"),
    ("taps_total", "Taps: the whole path, registering included"),
    ("card_pages", "A4 pages of login cards (30 pupils)"),
    ("class_page_px", "Class page, 30 pupils (px)"),
    ("drill_page_px", "Drill settings page (px)"),
    ("dashboard_day0_px", "Dashboard on day 0 (px)"),
    ("day0_flagged", "Rows flagged on day 0"),
    ("dashboard_px", "Dashboard with 7 weeks of answers (px)"),
    ("row_px_max", "Tallest overview row (px)"),
    ("row_px_mean", "Mean overview row (px)"),
    ("hard_px", '"What the class finds hard" (px)'),
]


def report(before: dict, after: dict) -> str:
    lines = ["| At 1280×800 | Before | After |", "|---|---:|---:|"]
    lines += [f"| {label} | {before.get(key, '–')} | {after.get(key, '–')} |" for key, label in ROWS]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", default="/work/main", help="the tree measured as 'before'")
    parser.add_argument("--after", default=str(ROOT), help="the tree measured as 'after'")
    parser.add_argument("--measure", help=argparse.SUPPRESS)  # the child process
    args = parser.parse_args()
    if args.measure:
        tree = Path(args.measure).resolve()
        sys.path.insert(0, str(tree))
        print(json.dumps(measure(tree)))
        return 0
    results = {}
    for name, tree in (("before", args.before), ("after", args.after)):
        done = subprocess.run([sys.executable, __file__, "--measure", tree], capture_output=True, text=True, cwd=tree)
        if done.returncode:
            print(done.stderr, file=sys.stderr)
            return 2
        results[name] = json.loads(done.stdout.strip().splitlines()[-1])
    (ROOT / "bench" / "results").mkdir(exist_ok=True)
    (ROOT / "bench" / "results" / "teacher_pages.json").write_text(json.dumps(results, indent=2))
    print(report(results["before"], results["after"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
