#!/usr/bin/env bash
# Fails when a folder in Tests/ is not a test target SwiftPM knows: its tests would never
# compile nor run, and nothing would say so (it happened: two suites sat unbuilt). Asks
# SwiftPM itself (`swift package dump-package`), so it sees what `swift test` sees.
#   scripts/check-test-targets.sh [PACKAGE_DIRECTORY]
set -euo pipefail

root=$(cd "${1:-$(dirname "$0")/..}" && pwd)
swift=${SWIFT:-swift}
# A scratch path of its own: no wait on (or clash with) a build holding .build's lock.
scratch=$(mktemp -d /tmp/instantsearch-targets.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

manifest=$("$swift" package --package-path "$root" --scratch-path "$scratch" dump-package)
declared=$(printf '%s' "$manifest" | python3 -c '
import json, sys
for target in json.load(sys.stdin)["targets"]:
    if target["type"] == "test":
        print((target.get("path") or "Tests/" + target["name"]).rstrip("/"))
')

missing=()
for folder in "$root"/Tests/*/; do
    folder=${folder%/}
    relative=Tests/${folder##*/}
    grep -qxF "$relative" <<<"$declared" || missing+=("$relative")
done

if [ ${#missing[@]} -gt 0 ]; then
    for folder in "${missing[@]}"; do
        echo "error: $folder is not a test target in Package.swift, so its tests never run." \
             "Declare it (.testTarget(name: \"${folder#Tests/}\", ...)) or remove the folder." >&2
    done
    exit 1
fi
echo "Every folder in Tests/ is a declared test target ($(grep -c . <<<"$declared"))." >&2
