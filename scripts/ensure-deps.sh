#!/usr/bin/env bash
# Installs what building and testing need from Debian's packages, when it is missing:
# the ncursesw headers (the TUI links libncursesw), libpq's (PostgreSQL, opened at first use), the sqlite3 headers (the benchmark),
# libcurl's (the HTTP client),
# tmux (end-to-end tests drive the real binary in tmux), python3 (the test-target check)
# and python3-venv (the Algolia client check), man-db (the install check reads the installed man page
# with man -l), zsh and fish (the shell integration's tests drive them), strace (they trace them) and chafa (an image previewer);
# with --screenshots, tmux, rsvg-convert and the DejaVu fonts (scripts/screenshots.py). Needs root
# or sudo only when something is missing.
set -euo pipefail

need=()
[ -e /usr/include/ncursesw/curses.h ] || need+=(libncurses-dev)
# PostgreSQL's client library (--postgres, import-postgres) and its pkg-config file.
[ -e /usr/include/postgresql/libpq-fe.h ] || need+=(libpq-dev)
# The benchmark compares with SQLite FTS5 through the system library.
[ -e /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)
# The HTTP client (--remote, --elasticsearch) is libcurl (CCurl): its headers to build; the
# binary opens libcurl.so.4 (and libpq.so.5) only when a session first needs it, so neither is linked.
ls /usr/include/*/curl/curl.h >/dev/null 2>&1 || [ -e /usr/include/curl/curl.h ] || need+=(libcurl4-openssl-dev)
if [ "${1:-}" = "--test" ]; then
    command -v tmux >/dev/null 2>&1 || need+=(tmux)
    # scripts/check-test-targets.sh reads SwiftPM's JSON with it.
    command -v python3 >/dev/null 2>&1 || need+=(python3)
    # scripts/algolia-client-check.sh installs Algolia's Python client into a venv (Debian's
    # python3 makes venvs only with python3-venv).
    python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || need+=(python3-venv)
    # scripts/check-install.sh reads the installed man page with `man -l` (man-db brings groff).
    command -v man >/dev/null 2>&1 || need+=(man-db)
    # The shell integration's tests drive real zsh and fish (bash is there already).
    command -v zsh >/dev/null 2>&1 || need+=(zsh)
    command -v fish >/dev/null 2>&1 || need+=(fish)
    # The command log's test traces the shells' execve calls (no program run at a prompt).
    command -v strace >/dev/null 2>&1 || need+=(strace)
    # The image preview's test runs a real image previewer.
    command -v chafa >/dev/null 2>&1 || need+=(chafa)
fi
if [ "${1:-}" = "--screenshots" ]; then
    # scripts/screenshots.py runs the binary in tmux, writes each screen as SVG and turns it
    # into PNG with rsvg-convert, in DejaVu Sans Mono.
    command -v tmux >/dev/null 2>&1 || need+=(tmux)
    command -v python3 >/dev/null 2>&1 || need+=(python3)
    command -v rsvg-convert >/dev/null 2>&1 || need+=(librsvg2-bin)
    fc-list 2>/dev/null | grep -q "DejaVu Sans Mono" || need+=(fonts-dejavu-core)
fi
[ ${#need[@]} -eq 0 ] && exit 0

echo "Installing ${need[*]} from the distribution's packages..." >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
