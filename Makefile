# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test chromium bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/trainer serve

# Browser tests drive Debian's Chromium; Playwright never downloads a browser here.
chromium:
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium; }

test: $(STAMP) chromium
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info
