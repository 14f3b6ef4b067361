#!/usr/bin/env bash
# Create the virtual environment, install the project and its dev extras, and make sure a CJK
# font is present so player names in Chinese render as glyphs, not boxes.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"

if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "cardtable needs Python 3.11 or newer; $PYTHON is $("$PYTHON" --version 2>&1)" >&2
    exit 1
fi

if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[dev]'

have_cjk_font() {
    command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=zh family 2>/dev/null)" ]
}

if ! have_cjk_font; then
    packages="fontconfig fonts-noto-cjk fonts-noto-color-emoji"
    if command -v apt-get >/dev/null 2>&1; then
        sudo=""
        if [ "$(id -u)" != 0 ]; then
            if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else sudo="none"; fi
        fi
        if [ "$sudo" = none ]; then
            echo "note: no CJK font found; install one with: apt-get install $packages" >&2
        else
            echo "installing fonts: $packages"
            $sudo apt-get update -qq >/dev/null || true
            DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $packages >/dev/null \
                || echo "note: font install failed; images fall back to a plain font" >&2
        fi
    else
        echo "note: no CJK font found and no apt-get; images fall back to a plain font" >&2
    fi
fi
