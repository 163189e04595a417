#!/usr/bin/env bash
# Algolia's own Python API client against `instantsearch serve` (scripts/algolia-client-check.py
# says what it checks). The client comes from PyPI into a virtual environment under .build/,
# made once and made again when scripts/algolia-client-requirements.txt changes.
# Usage: scripts/algolia-client-check.sh [path/to/instantsearch]   (default: the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/debug/instantsearch}"
requirements=scripts/algolia-client-requirements.txt
venv=.build/algolia-client-venv
if ! cmp -s "$requirements" "$venv/requirements.txt"; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$venv/requirements.txt"
fi
exec "$venv/bin/python" scripts/algolia-client-check.py "$binary"
