#!/bin/sh
# Compares `--filter` byte for byte with fzf's on real inputs, for queries of every syntax and
# the line options: prints one line per difference and a count of the comparisons; status 1
# when any differs.
# Usage: scripts/compare-filter-with-fzf.sh [OURS] [FZF]   (defaults: the release binary, .build/fzf)
set -u
ours=${1:-.build/release/instantsearch}
fzf=${2:-.build/fzf/bin/fzf}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

find /usr 2>/dev/null | head -300000 > "$work/find-usr"
ls /usr/bin > "$work/usr-bin"
dpkg -l > "$work/dpkg-l" 2>/dev/null || true
pypi=${PYPI_TSV:-../.library/env/packages/pypi.tsv}
if [ -f "$pypi" ]; then head -200000 "$pypi" > "$work/pypi"; fi

queries='lib
usr/lib
py
tnsrflw
zip
xz
'"'"'lib
'"'"'bin
^/usr/share
^py
^lib
.so$
.h$
conf$
!lib
!/ !.
lib | bin
'"'"'py | ^z
zip !gz
usr lib so
Lib
LIB
^/usr/lib/python3
'"'"'python'"'"'
doc$ | man$
ab
abc
ii lib
-dev
ssl
x86
s/b/p
.py
__init__
a b c d
'"'"'.
ä
q
zz'

touch "$work/count" "$work/different"
for input in "$work"/*; do
    [ -s "$input" ] || continue
    for options in "" "--no-sort" "--tac" "--scheme=path" "-e" "-i" "+i" "--tiebreak=begin,length" "--tiebreak=end" "-d / --nth=-1" "--algo=v1"; do
        printf '%s\n' "$queries" | while IFS= read -r query; do
            # shellcheck disable=SC2086
            "$fzf" --filter "$query" $options < "$input" > "$work/fzf.out" 2>/dev/null
            fzf_status=$?
            # shellcheck disable=SC2086
            "$ours" --filter "$query" $options < "$input" > "$work/ours.out" 2>/dev/null
            ours_status=$?
            if ! cmp -s "$work/fzf.out" "$work/ours.out" || [ "$fzf_status" != "$ours_status" ]; then
                echo "DIFFERENT: $(basename "$input") $options --filter '$query' (fzf $(wc -l < "$work/fzf.out") lines, status $fzf_status; ours $(wc -l < "$work/ours.out"), status $ours_status)" | tee -a "$work/different"
            fi
            echo x >> "$work/count"
        done
    done
done
echo "$(wc -l < "$work/count") comparisons, $(wc -l < "$work/different") different"
[ ! -s "$work/different" ]
