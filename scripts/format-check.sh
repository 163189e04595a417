#!/usr/bin/env bash
# Fails when a Swift file in Sources/ or Tests/ is not formatted as .swift-format says (the
# toolchain's swift-format, nothing to install). Each finding is one line, file:line:column.
# To format in place instead: swift format format -i -r --parallel Sources Tests
#   scripts/format-check.sh [PACKAGE_DIRECTORY]
set -euo pipefail

root=$(cd "${1:-$(dirname "$0")/..}" && pwd)
swift=${SWIFT:-swift}
cd "$root"
"$swift" format lint --strict --recursive --parallel --configuration .swift-format Sources Tests
