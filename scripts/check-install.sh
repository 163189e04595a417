#!/usr/bin/env bash
# `make test`'s check of `make install`: installs into a throwaway DESTDIR, then reads what it
# installed the way a user's tools do (man -l on the page, bash sourcing the completions,
# the installed instantsearch alone in bin/), then `make uninstall` must
# leave nothing behind. CONFIG=debug by default: `make test` has just built that, so nothing
# is built twice (the release build is used when CONFIG=release).
set -uo pipefail
cd "$(dirname "$0")/.."
config=${CONFIG:-debug}
prefix=/usr/local
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
passed=0 failed=0
check() {  # check DESCRIPTION COMMAND...: runs the command, counts and says the outcome
    local description=$1; shift
    if "$@" >"$log" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "check-install: FAILED: $description" >&2
        sed 's/^/    /' "$log" >&2
    fi
}
contains() {  # contains TEXT COMMAND...: the command succeeds and prints TEXT
    local text=$1; shift
    local output
    output=$("$@" 2>&1) || { echo "$output"; return 1; }
    grep -qF -- "$text" <<<"$output" || { echo "no \"$text\" in:"; echo "$output" | head -n 20; return 1; }
}

log=$(mktemp)
trap 'rm -rf "$dest" "$log"' EXIT
if ! make --no-print-directory install DESTDIR="$dest" PREFIX="$prefix" CONFIG="$config" >"$log" 2>&1; then
    cat "$log" >&2
    echo "check-install: 0 passed, 1 failed"
    exit 1
fi
root=$dest$prefix

# `make run` on a fresh clone: its build rule must not name a file only a build writes
# (Package.resolved is not committed). A dry run in a clone of what is committed.
clone=$(mktemp -d)
check "a fresh clone's make build and make run have a rule for every input" \
    bash -c "git clone -q '$PWD' '$clone/repo' && make -C '$clone/repo' -n build run >/dev/null"
rm -rf "$clone"

check "instantsearch is installed, executable" test -x "$root/bin/instantsearch"
check "bin/ holds instantsearch alone" bash -c "[ \"\$(ls '$root/bin')\" = instantsearch ] || { ls -l '$root/bin'; false; }"
check "the installed binary runs" contains "0.1.0" "$root/bin/instantsearch" --version
# What the binary may not carry: ICU's data (34 MB; `icudt` names its symbol and its data
# file, and a stripped binary still holds the name in the data), nor libcurl and libpq, which
# it opens only when --remote, --elasticsearch or PostgreSQL first need them.
check "the installed binary holds no ICU data" \
    bash -c "! grep -a -o -m 1 'icudt[0-9]*[lb]\?_dat' '$root/bin/instantsearch'"
check "the build's binary (unstripped) has no ICU symbol (nm)" \
    bash -c "! nm '.build/$config/instantsearch' 2>/dev/null | grep -m 1 icudt"
check "the installed binary links no ICU library" \
    bash -c "! ldd '$root/bin/instantsearch' | grep -i -E 'libicu|FoundationICU'"
check "the installed binary links neither libcurl nor libpq" \
    bash -c "! ldd '$root/bin/instantsearch' | grep -E 'libcurl|libpq'"
check "instantsearch serve is a subcommand of the one binary" \
    contains "Algolia's search REST protocol" "$root/bin/instantsearch" serve --help
check "man -l reads the page, with the fzf options in it" \
    contains "--select-1" env MANPAGER=cat MANWIDTH=100 man -l "$root/share/man/man1/instantsearch.1"
check "man -l keeps the page's non-ASCII characters (an ellipsis, in a UTF-8 locale)" \
    contains "KEY:ACTION[,…]" env LANG=C.UTF-8 LC_ALL=C.UTF-8 MANPAGER=cat MANWIDTH=200 man -l "$root/share/man/man1/instantsearch.1"
check "man -l reads it without a formatting warning" \
    bash -c "out=\$(env MANPAGER=cat man --warnings -l '$root/share/man/man1/instantsearch.1' 2>&1 >/dev/null); [ -z \"\$out\" ] || { echo \"\$out\"; false; }"
check "the page documents serve's options" \
    contains "--admin-key-file" env MANPAGER=cat MANWIDTH=200 man -l "$root/share/man/man1/instantsearch.1"
check "bash: sourcing the completions defines them for instantsearch" \
    contains "instantsearch" bash -c "source '$root/share/bash-completion/completions/instantsearch'; complete -p instantsearch"
# What bash does on Tab: the function `complete -p` names, with the words typed so far.
complete_words() {  # complete_words WORD...: the completions offered for the last word
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        function=$(complete -p instantsearch | sed -E "s/.*-F ([^ ]+).*/\1/")
        "$function" instantsearch "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf "%s\n" "${COMPREPLY[@]}"' complete "$root/share/bash-completion/completions/instantsearch" "$@"
}
check "bash: Tab after instantsearch offers the subcommands" contains "import-postgres" complete_words instantsearch ""
check "bash: Tab completes the search's options" contains "--select-1" complete_words instantsearch search --sel
# `search` is the default subcommand: its options and files complete without the word.
check "bash: Tab completes the search's options without 'search'" contains "--select-1" complete_words instantsearch --sel
check "bash: Tab completes a file name" contains "Makefile" complete_words instantsearch Makef
check "bash: Tab completes a file name after an option" contains "Package.swift" complete_words instantsearch --lenient Package.sw
check "bash: Tab completes a subcommand's options" contains "--index-cache" complete_words instantsearch query --index-c
check "zsh: the completion file declares the command" grep -q "^#compdef instantsearch" "$root/share/zsh/site-functions/_instantsearch"
check "fish: the completion file completes the command" grep -q "complete -c 'instantsearch'" "$root/share/fish/vendor_completions.d/instantsearch.fish"
if command -v zsh >/dev/null; then check "zsh parses its completions" zsh -n "$root/share/zsh/site-functions/_instantsearch"; fi
if command -v fish >/dev/null; then
    check "fish parses its completions" fish -n "$root/share/fish/vendor_completions.d/instantsearch.fish"
    # What fish offers on Tab for the command line typed so far (complete -C).
    fish_complete() { fish -c "source '$root/share/fish/vendor_completions.d/instantsearch.fish'; complete -C \"\$argv\"" "$@"; }
    check "fish: Tab completes the search's options without 'search'" contains "--select-1" fish_complete "instantsearch --sel"
    check "fish: Tab completes a file name" contains "Makefile" fish_complete "instantsearch Makef"
    check "fish: Tab after instantsearch offers the subcommands" contains "import-postgres" fish_complete "instantsearch "
    check "fish: Tab completes a subcommand's options" contains "--index-cache" fish_complete "instantsearch query --index-c"
fi

for shell in bash zsh fish; do
    installed=$root/share/instantsearch/shell/key-bindings.$shell
    check "$shell: the installed integration is what instantsearch --$shell prints" \
        bash -c "diff <('$root/bin/instantsearch' --$shell) '$installed'"
    if command -v $shell >/dev/null; then check "$shell parses its integration" $shell -n "$installed"; fi
done
check "bash: sourcing the integration binds Ctrl-T, Ctrl-R and Alt-C" \
    contains "__instantsearch_ctrl_t" bash --norc -ic "source '$root/share/instantsearch/shell/key-bindings.bash'; bind -X"

check "make uninstall" make --no-print-directory uninstall DESTDIR="$dest" PREFIX="$prefix"
check "uninstall leaves no file behind" bash -c "left=\$(find '$dest' -type f); [ -z \"\$left\" ] || { echo \"\$left\"; false; }"

echo "check-install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
