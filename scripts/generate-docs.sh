#!/usr/bin/env bash
# Generates what `make install` installs beside the executables, from the command line's own
# definitions so it never drifts from --help: man pages (ArgumentParser's generate-manual
# plugin, which runs each executable with --experimental-dump-help and writes mdoc) and
# bash / zsh / fish completions (--generate-completion-script), and the shell integration's
# scripts (instantsearch --bash / --zsh / --fish) as shell/key-bindings.SHELL.
# Usage: scripts/generate-docs.sh CONFIG OUTPUT_FOLDER   (CONFIG: release or debug)
set -euo pipefail
cd "$(dirname "$0")/.."
config=${1:?CONFIG (release or debug)}
out=${2:?output folder}
swift=${SWIFT:-swift}
bin=.build/$config
# The variable holds options for the interactive search; what is generated must not depend on it.
unset INSTANTSEARCH_DEFAULT_OPTS

rm -rf "$out"
mkdir -p "$out/man"

# The plugin builds every product in $config (the executables `make install` copies; nothing
# to do when they are built) and its own tool, then runs each executable with
# --experimental-dump-help and writes its page under .build/plugins/GenerateManual/outputs/<target>/.
pages=.build/plugins/GenerateManual/outputs
rm -rf "$pages"
"$swift" package --disable-sandbox generate-manual --configuration "$config" >"$out/plugin.log" 2>&1 \
    || { cat "$out/plugin.log" >&2; exit 1; }
for product in instantsearch instantsearch-serve instantsearch-postgres; do
    # A page is named after the command's name: instantsearch-serve calls itself "instantsearch serve".
    page=$(find "$pages/$product" -maxdepth 1 -name '*.1' | head -n 1)
    [ -n "$page" ] || { echo "generate-docs: no man page was generated for $product" >&2; exit 1; }
    # A blank line in a discussion becomes mdoc's paragraph break (man warns about blank lines).
    sed 's/^$/.Pp/' "$page" >"$out/man/$product.1"
done

"$bin/instantsearch" --generate-completion-script bash >"$out/instantsearch.bash"
"$bin/instantsearch" --generate-completion-script zsh >"$out/_instantsearch"
"$bin/instantsearch" --generate-completion-script fish >"$out/instantsearch.fish"

mkdir -p "$out/shell"
for shell in bash zsh fish; do
    "$bin/instantsearch" --$shell >"$out/shell/key-bindings.$shell"
done
