#!/usr/bin/env bash
# Fails when the manual page leaves out what the binary offers: each long option its help
# shows (`instantsearch --help`, `instantsearch help search`, and every subcommand's `--help`,
# the subcommands read from the top-level help), each action and each event `--bind` knows
# (read from the binary's own message for an unknown one). An option counts as documented when
# it heads an entry (the line after `.TP`), an action or event when it heads an entry or is
# set in bold in the ACTIONS or KEY/EVENT BINDINGS section. Also fails on an entry for a long
# option no help shows (a stale or invented one), so the page can say nothing the binary does
# not do, and on two entries with the same text (each option, action and event in its own words). `make test` runs it on the debug build.
#   scripts/check-man.sh [BINARY] [PAGE]   (default: .build/debug/instantsearch docs/instantsearch.1)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/debug/instantsearch}
page=${2:-docs/instantsearch.1}
[ -x "$binary" ] || { echo "check-man: $binary is not built" >&2; exit 1; }
[ -f "$page" ] || { echo "check-man: no manual page at $page" >&2; exit 1; }
# The variable holds options for the interactive search; what the help shows must not depend on it.
unset INSTANTSEARCH_DEFAULT_OPTS FZF_DEFAULT_OPTS FZF_DEFAULT_OPTS_FILE

help=$(mktemp)
trap 'rm -f "$help"' EXIT
"$binary" --help >>"$help"
"$binary" help search >>"$help"
subcommands=$(awk '/^SUBCOMMANDS:/ { listing = 1; next } listing && /^  [a-z]/ { print $1 }' "$help")
[ -n "$subcommands" ] || { echo "check-man: found no SUBCOMMANDS in '$binary --help'" >&2; exit 1; }
for subcommand in $subcommands; do
    "$binary" "$subcommand" --help >>"$help" 2>&1 || {
        echo "check-man: '$binary $subcommand --help' failed:" >&2
        "$binary" "$subcommand" --help 2>&1 | sed 's/^/    /' >&2
        exit 1
    }
done

# An unknown action and an unknown key make --bind list the valid names (and exit 2).
actions=$("$binary" --bind 'f9:no-such-action' </dev/null 2>&1 >/dev/null || true)
events=$("$binary" --bind 'no-such-key:abort' </dev/null 2>&1 >/dev/null || true)

python3 - "$help" "$page" "$actions" "$events" <<'EOF'
import re, sys

help_text = open(sys.argv[1], encoding="utf-8").read()
page = open(sys.argv[2], encoding="utf-8").read().split("\n")
actions_message, events_message = sys.argv[3], sys.argv[4]

def plain(line):
    """A roff line as it reads: \\- as -, font changes and the zero-width \\& gone."""
    line = re.sub(r"\\f[BIRP]|\\f\(..|\\&|\\\(em", "", line)
    line = line.replace("\\-", "-").replace("\\e", "\\")
    return line

def names(text, pattern):
    return set(re.findall(pattern, text))

LONG = r"(?<![\w-])(--[a-z0-9][a-z0-9-]*)"
shown = names(help_text, LONG)

# Entries' heads: the line after each .TP (and the tag of .IP), section by section.
heads, bold = [], {}
section = ""
for number, line in enumerate(page):
    if line.startswith(".SH"):
        section = line[3:].strip().strip('"')
    if line.startswith(".TP") and number + 1 < len(page):
        heads.append((section, plain(page[number + 1])))
    if line.startswith(".IP "):
        heads.append((section, plain(line[4:])))
    if re.match(r"^\.(B|BR|BI|IB|RB)\b", line):
        bold.setdefault(section, []).append(plain(line))
headed = set()
for _, head in heads:
    headed |= names(head, LONG)

problems = []
# Each entry says its own thing: an entry whose text repeats another's word for word (as
# --no-multi once repeated --multi's) is a problem, short texts ("same as above") aside.
bodies, current = {}, None
for number, line in enumerate(page + [".TP"]):
    if re.match(r"^\.(TP|SH|SS|PP|IP)\b", line):
        if current and len(" ".join(current[1]).split()) >= 6:
            text = " ".join(" ".join(current[1]).split())
            if text in bodies:
                problems.append(f"the entries {bodies[text]!r} and {current[0]!r} have the same text: {text[:80]}…")
            else:
                bodies[text] = current[0]
        current = [plain(re.sub(r"^\.\w+\s+", "", page[number + 1])).replace('"', ""), []] if line.startswith(".TP") and number + 1 < len(page) else None
    elif current is not None and number > 0 and not page[number - 1].startswith(".TP"):
        current[1].append(plain(re.sub(r"^\.(B|I|BR|RB|IR|RI|BI|IB)\s+", "", line)).replace('"', ""))
for option in sorted(shown - headed):
    problems.append(f"the help shows {option}, and the manual page has no entry for it")
for option in sorted(headed - shown):
    problems.append(f"the manual page has an entry for {option}, which no help of the binary shows")

def listed(message, label):
    match = re.search(label + r": (.*?)(?: \(see |;|$)", message)
    return [name.strip() for name in match.group(1).split(",")] if match else None

actions = listed(actions_message, "actions")
if actions is None:
    problems.append("could not read the action names from --bind's message: " + actions_message.strip()[:200])
events = listed(events_message, "events")
if events is None:
    problems.append("could not read the event names from --bind's message: " + events_message.strip()[:200])

def documented(name, section):
    words = r"(?<![\w/-])" + re.escape(name) + r"(?![\w/-])"
    texts = [head for s, head in heads if s == section] + bold.get(section, [])
    return any(re.search(words, text) for text in texts)

for action in actions or []:
    if not documented(action, "ACTIONS"):
        problems.append(f"--bind knows the action {action}, and the ACTIONS section does not document it")
for event in events or []:
    if not documented(event, "KEY/EVENT BINDINGS"):
        problems.append(f"--bind knows the event {event}, and the KEY/EVENT BINDINGS section does not document it")

if problems:
    for problem in problems:
        print("check-man: " + problem, file=sys.stderr)
    print(f"check-man: {len(problems)} problem(s) in {sys.argv[2]}", file=sys.stderr)
    sys.exit(1)
print(f"check-man: {sys.argv[2]} documents the {len(shown)} long options, {len(actions)} actions and {len(events)} events the binary shows")
EOF
