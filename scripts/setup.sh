#!/usr/bin/env bash
# scripts/setup.sh run|test: create the virtual environment and install what the command needs,
# at the versions locked in requirements/ (run.txt, dev.txt: `make lock` writes them).
#   run   the bot only: the project, its runtime dependencies, and a CJK font so player names in
#         Chinese render as glyphs, not boxes;
#   test  also the dev tools (pytest, hypothesis, ruff, simcord, import-linter …) and a
#         PostgreSQL server for the tests of that backend (they start a throwaway server of their
#         own; without one they are skipped, with a note).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
WHAT="${1:-run}"
case "$WHAT" in
    run) extras=""; lock=requirements/run.txt ;;
    test) extras="[dev]"; lock=requirements/dev.txt ;;
    *) echo "usage: scripts/setup.sh run|test" >&2; exit 2 ;;
esac

if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "cardtable needs Python 3.11 or newer; $PYTHON is $("$PYTHON" --version 2>&1)" >&2
    exit 1
fi

if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -c "$lock" -e ".$extras"

apt_updated=""
# apt_install WHAT FALLBACK PACKAGE...: install through apt-get (as root, or with sudo), or say
# what to do by hand; never fails the set-up (FALLBACK says what happens without them).
apt_install() {
    local what="$1" fallback="$2"
    shift 2
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "note: no $what found and no apt-get; $fallback" >&2
        return 0
    fi
    local sudo=""
    if [ "$(id -u)" != 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
            echo "note: no $what found; install it with: apt-get install $*; $fallback" >&2
            return 0
        fi
    fi
    echo "installing $what: $*"
    if [ -z "$apt_updated" ]; then
        $sudo apt-get update -qq >/dev/null || true
        apt_updated=1
    fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null \
        || echo "note: installing $what failed; $fallback" >&2
}

have_cjk_font() {
    command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=zh family 2>/dev/null)" ]
}

# Debian keeps the server's programs in /usr/lib/postgresql/<version>/bin, off PATH.
have_postgres_server() {
    if [ -n "${PG_BIN:-}" ]; then [ -x "$PG_BIN/initdb" ]; return; fi
    compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null 2>&1
}

if ! have_cjk_font; then
    apt_install "a CJK font" "images fall back to a plain font" \
        fontconfig fonts-noto-cjk fonts-noto-color-emoji
fi

if [ "$WHAT" = test ] && [ -z "${PG_BIN:-}" ] && ! have_postgres_server; then
    apt_install "the PostgreSQL server" "the PostgreSQL tests are skipped" postgresql
fi
