# Two commands do everything on a fresh machine (only Python 3.11+, make and bash needed):
#   make run    set up, then run the Discord bot
#   make test   set up, then lint (ruff, import-linter's layer contracts) and run the whole test suite
# Set-up creates .venv, installs the project with its extras, and installs a CJK font and
# the PostgreSQL server through the system package manager when missing (scripts/setup.sh).
# The tests run the store and service suites on SQLite and on PostgreSQL (a throwaway server
# they start themselves; skipped with a one-line note where none can run).

PYTHON ?= python3
VENV := .venv
STAMP := $(VENV)/.installed

.PHONY: run test bench setup clean

$(STAMP): pyproject.toml scripts/setup.sh
	PYTHON=$(PYTHON) bash scripts/setup.sh
	@touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/python -m bot

test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/python -m pytest -q -n 2

bench: $(STAMP)
	$(VENV)/bin/pip install -q -e '.[bench]'
	$(VENV)/bin/python -m bench

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache
