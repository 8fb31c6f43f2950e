# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Playwright drives Debian's Chromium; it must never download a browser of its own.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: run test test-days screens chromium oidc-provider bench clean translations

# PyICU (names in the reader's alphabet) builds against the system's ICU library.
$(STAMP): pyproject.toml
	@pkg-config --exists icu-uc 2>/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y libicu-dev pkg-config g++; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# `make run PORT=8000`: the app on that port, its live channel on the next one (issue 47.7).
PORT ?= 5000
run: $(STAMP)
	$(BIN)/trainer serve --port $(PORT)

# Browser tests drive Debian's Chromium, its headless shell (the build Playwright runs headless);
# Playwright never downloads a browser here.
chromium:
	@test -x /usr/bin/chromium-headless-shell || { $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium-headless-shell; }

# The sign-in tests run npm's oidc-provider (tests/oidc) on the machine's Node.js.
OIDC_STAMP := tests/oidc/node_modules/.installed
$(OIDC_STAMP): tests/oidc/package-lock.json
	@command -v npm >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y nodejs npm; }
	npm ci --prefix tests/oidc --no-audit --no-fund
	touch $(OIDC_STAMP)

oidc-provider: $(OIDC_STAMP)

# The linter first (pyflakes, import order, bugbear, the complexity limit: [tool.ruff] in
# pyproject.toml), then the type checker over the packages [tool.mypy] names, a few seconds
# (docs/web.md, "Checks"). Then the tests in one process per core and one more: the browser
# tests spend half their time waiting for a page, and the extra process fills those gaps
# (docs/performance.md, issue 35.7). A file's
# tests stay together so its module-wide worlds are built once. Bytecode is written even where
# the machine says not to (PYTHONDONTWRITEBYTECODE): each test process and each `trainer`
# command the tests start would otherwise compile every module, and pytest rewrite every test
# file's asserts, again.
#
# Then the tests whose expectations are about days and hours once more, as if it were a Sunday
# (tests/clock.py, issue 44.2): a test that passes only on a weekday cannot land. Last, the work
# tree must be as the suite found it (tests write their screenshots outside it).
#
# The tests' databases (and Chromium's profiles) live in memory where the machine has room for
# them: every test commits with SQLite's fsync, 3-7 ms each on this machine's disk and nothing
# in memory, about 30,000 of them in a run (docs/performance.md, "The suite's time"). Durability
# on power loss is bench/crash_test.py's subject, not the suite's.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
TEST_TMPDIR ?= $(shell room=$$(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 { print $$4 }'); \
	[ "$${room:-0}" -gt 4000000 ] && echo /dev/shm || echo $${TMPDIR:-/tmp})
PYTEST := TMPDIR=$(TEST_TMPDIR) PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder
test: $(STAMP) chromium oidc-provider
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	@bash tests/tree_unchanged.sh before
	$(PYTEST)
	$(PYTEST) -q -m dates --as-if sunday
	@bash tests/tree_unchanged.sh after

# The date- and time-sensitive tests under every day that breaks date code (tests/clock.py's
# DAYS: weekends, New Year's Eve at 23:59:30, 29 February, both daylight-saving days at 00:30
# and 23:30). A few minutes; not part of `make test`, which runs the Sunday.
DAYS := weekday saturday sunday new-years-eve leap-day summer-time-0030 summer-time-2330 winter-time-0030 winter-time-2330
test-days: $(STAMP)
	@for day in $(DAYS); do echo "== as if $$day"; $(PYTEST) -q -m dates --as-if $$day || exit 1; done

# The pictures in docs/screens, taken again by the browser tests that take them (a run of
# `make test` writes them outside the work tree). After a page changes on purpose.
screens: $(STAMP) chromium oidc-provider
	TRAINER_SCREENS=$(CURDIR)/docs/screens $(PYTEST) -q -m browser

# After changing user-visible text: extract, merge into every language, translate the new
# entries in translations/*/LC_MESSAGES/messages.po, then run this again to compile.
# tests/test_translations.py fails while anything is untranslated, fuzzy or not compiled.
translations: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k _l -k lazy_gettext --no-location --sort-output -o translations/messages.pot .
	$(BIN)/pybabel update -i translations/messages.pot -d translations --no-fuzzy-matching --ignore-obsolete --width 100
	$(BIN)/pybabel compile -d translations --statistics

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info
