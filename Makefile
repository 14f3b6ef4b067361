# Two commands do everything on a fresh machine (only Python 3.11+, make and bash needed):
#   make run    set up the bot's runtime, then run the Discord bot
#   make test   set up the runtime and the dev tools, then lint (ruff check, ruff format --check,
#               import-linter's layer contracts), run the whole test suite, then the minimums check
# Set-up creates .venv and installs the versions locked in requirements/ (scripts/setup.sh):
# `make run` the runtime only, plus a CJK font; `make test` adds the dev tools and the
# PostgreSQL server (the tests start a throwaway server of their own; without one they are
# skipped with a one-line note). `make minimums` installs each dependency at its declared
# floor in .venv-minimums and runs a fast subset. `make lock` re-resolves requirements/.

PYTHON ?= python3
VENV := .venv
SOURCES := pyproject.toml scripts/setup.sh

.PHONY: run test minimums lock bench setup clean

$(VENV)/.installed-run: $(SOURCES) requirements/run.txt
	PYTHON=$(PYTHON) bash scripts/setup.sh run
	@touch $@

$(VENV)/.installed-test: $(SOURCES) requirements/dev.txt
	PYTHON=$(PYTHON) bash scripts/setup.sh test
	@touch $@ $(VENV)/.installed-run

setup: $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(VENV)/bin/python -m bot

test: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/python -m pytest -q -n 2
	PYTHON=$(PYTHON) bash scripts/minimums.sh

minimums:
	PYTHON=$(PYTHON) bash scripts/minimums.sh

lock: $(VENV)/.installed-run
	$(VENV)/bin/python -m pip install -q uv==0.13.9
	$(VENV)/bin/uv pip compile pyproject.toml --python-version 3.11 -q \
		--custom-compile-command "make lock" -o requirements/run.txt
	$(VENV)/bin/uv pip compile pyproject.toml --extra dev --python-version 3.11 -q \
		--custom-compile-command "make lock" -o requirements/dev.txt

bench: $(VENV)/.installed-test
	$(VENV)/bin/pip install -q -c requirements/dev.txt -e '.[bench]'
	$(VENV)/bin/python -m bench

clean:
	rm -rf $(VENV) .venv-minimums .pytest_cache .hypothesis .ruff_cache build
