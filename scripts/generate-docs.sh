#!/usr/bin/env bash
# Gathers what `make install` installs beside the executables: the manual, docs/instantsearch.1
# (written by hand; scripts/check-man.sh fails when it leaves out an option of --help), bash / zsh / fish completions
# (--generate-completion-script), made to complete the default subcommand's options and files
# without the word `search` (scripts/completion-default.sh), and the shell integration's scripts (instantsearch --bash /
# --zsh / --fish) as shell/key-bindings.SHELL. Builds nothing: the executable
# must be built in CONFIG (the Makefile's install target does, with the same command as
# `make build`, so that the next `make run` has nothing to build).
# Usage: scripts/generate-docs.sh CONFIG OUTPUT_FOLDER   (CONFIG: release or debug)
set -euo pipefail
cd "$(dirname "$0")/.."
config=${1:?CONFIG (release or debug)}
out=${2:?output folder}
bin=.build/$config
# The variable holds options for the interactive search; what is generated must not depend on it.
unset INSTANTSEARCH_DEFAULT_OPTS

rm -rf "$out"
mkdir -p "$out/man"
[ -x "$bin/instantsearch" ] || { echo "generate-docs: $bin/instantsearch is not built" >&2; exit 1; }
cp docs/instantsearch.1 "$out/man/instantsearch.1"

scripts/completion-default.sh bash "$bin/instantsearch" >"$out/instantsearch.bash"
scripts/completion-default.sh zsh "$bin/instantsearch" >"$out/_instantsearch"
scripts/completion-default.sh fish "$bin/instantsearch" >"$out/instantsearch.fish"

mkdir -p "$out/shell"
for shell in bash zsh fish; do
    "$bin/instantsearch" --$shell >"$out/shell/key-bindings.$shell"
done
