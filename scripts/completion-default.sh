#!/usr/bin/env bash
# Writes BINARY's completion script for SHELL (swift-argument-parser's), made to complete the
# default subcommand: it completes `instantsearch search --sel`, but `search` is the default, and a user
# types `instantsearch --sel<Tab>` or `instantsearch data/<Tab>`. The script is kept whole; a
# wrapper registered in its place hands the words to it with `search` put in when the first
# word is no subcommand, and offers the subcommands too where one may be typed.
# Usage: scripts/completion-default.sh bash|zsh|fish BINARY > installed
set -euo pipefail
shell=${1:?bash, zsh or fish}
binary=${2:?the instantsearch executable}
# The subcommands, the default first, from the command line's own definitions.
subcommands=$("$binary" --experimental-dump-help | python3 -c '
import json, sys
command = json.load(sys.stdin)["command"]
names = [s["commandName"] for s in command["subcommands"] if s.get("shouldDisplay", True)]
default = command["defaultSubcommand"]
print(" ".join([default] + [n for n in names if n != default]))')
default=${subcommands%% *}

case "$shell" in
bash)
    # Everything but the last line, which registers the generated function.
    "$binary" --generate-completion-script bash | sed '/^complete -o filenames -F _instantsearch instantsearch$/d'
    cat <<SCRIPT

# Added by scripts/completion-default.sh: without a subcommand, the words are the default's.
_instantsearch_with_default() {
    local -ar subcommands=($subcommands)
    local sub
    if [[ \${COMP_CWORD} -gt 1 ]]; then
        for sub in "\${subcommands[@]}"; do
            [[ "\${COMP_WORDS[1]}" == "\${sub}" ]] && { _instantsearch "\${@}"; return; }
        done
    fi
    COMP_WORDS=("\${COMP_WORDS[0]}" $default "\${COMP_WORDS[@]:1}")
    COMP_CWORD=\$((COMP_CWORD + 1))
    COMP_LINE="\${COMP_LINE/\${COMP_WORDS[0]}/\${COMP_WORDS[0]} $default}"
    COMP_POINT=\$((COMP_POINT + ${#default} + 1))
    _instantsearch "\${@}"
    # The first word may be a subcommand as well as a file.
    if [[ \${COMP_CWORD} -eq 2 && "\${2}" != -* ]]; then
        COMPREPLY+=(\$(compgen -W "\${subcommands[*]}" -- "\${2}"))
    fi
}
complete -o filenames -F _instantsearch_with_default instantsearch
SCRIPT
    ;;
zsh)
    # Everything but the closing lines that call or register the generated function.
    "$binary" --generate-completion-script zsh | sed -e '/^if \[\[ "\${funcstack\[1\]}" = _instantsearch \]\]; then$/,$d'
    cat <<SCRIPT

# Added by scripts/completion-default.sh: without a subcommand, the words are the default's.
_instantsearch_with_default() {
    local -a subcommands=($subcommands)
    if (( CURRENT > 2 )) && (( \${subcommands[(Ie)\${words[2]}]} )); then
        _instantsearch "\${@}"
        return
    fi
    local ret=1
    local -i first=\$(( CURRENT == 2 ))
    # The default's function reads its own name first, then its words.
    words[1]=$default
    _instantsearch_$default "\${@}" && ret=0
    # The first word may be a subcommand as well as a file.
    if (( first )) && [[ "\${PREFIX}" != -* ]]; then
        compadd -- "\${subcommands[@]}" && ret=0
    fi
    return ret
}

# Loaded from fpath as _instantsearch: this body defined the functions (redefining
# _instantsearch itself), so the wrapper is registered for every Tab after this one.
compdef _instantsearch_with_default instantsearch
if [[ "\${funcstack[1]}" = _instantsearch ]]; then
    _instantsearch_with_default "\${@}"
fi
SCRIPT
    ;;
fish)
    # The generated script reads the command line through __instantsearch_tokens; the wrapper
    # defined after it puts the default in when the first word is no subcommand.
    "$binary" --generate-completion-script fish
    cat <<SCRIPT

# Added by scripts/completion-default.sh: without a subcommand, the words are the default's.
functions --copy __instantsearch_tokens __instantsearch_tokens_typed
function __instantsearch_tokens
    set -l tokens (__instantsearch_tokens_typed \$argv)
    # Only the command's words (-p), not the word under the cursor alone (-t).
    if contains -- -t \$argv; or contains -- "\$tokens[2]" $subcommands
        printf '%s\\n' \$tokens
    else
        printf '%s\\n' \$tokens[1] $default \$tokens[2..]
    end
end
# The first word may be a subcommand as well as a file or an option.
complete -c 'instantsearch' -n 'test (count (__instantsearch_tokens_typed -pc)) -eq 1' -fa '$subcommands'
SCRIPT
    ;;
*) echo "completion-default: bash, zsh or fish, not $shell" >&2; exit 2 ;;
esac
