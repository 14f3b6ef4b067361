#!/usr/bin/env bash
# make minimums: install each runtime dependency at exactly the minimum pyproject.toml declares
# (scripts/minimums.py) in a venv of its own, .venv-minimums, and run a fast subset of the tests
# that reaches every one of them: a floor set too low fails here, and so `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
VENV=.venv-minimums
wanted="$("$PYTHON" scripts/minimums.py)"
if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
fi
if [ "$(cat "$VENV/.installed" 2>/dev/null)" != "$wanted" ]; then
    # shellcheck disable=SC2086 # one requirement a line, no spaces inside
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check $wanted
    echo "$wanted" > "$VENV/.installed"
fi
echo "minimums: $(echo "$wanted" | head -n 7 | tr '\n' ' ')"
PYTHONPATH="$PWD" "$VENV/bin/python" -m pytest -q -n 2 -p no:cacheprovider \
    tests/test_config.py tests/test_settings.py \
    tests/store/test_store.py tests/store/test_passwords.py \
    tests/render/test_fonts.py tests/ratings/test_model.py \
    tests/discord/test_sync.py tests/discord/test_operations.py
