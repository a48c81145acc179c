#!/usr/bin/env bash
# Builds the README's install manifest, its first example and its first test the way a
# newcomer does: a package named MyApp beside a clone of this repository named Signalbox,
# with the manifest block of "Install" as MyApp/Package.swift, the first block of "Quick
# start: pipeline authors" as Sources/MyApp/main.swift and the first block of "Quick start:
# test authors" as Tests/MyAppTests/MyAppTests.swift. Then `swift run MyApp` must print
# the search's result line and exit 0 (within 120 s), and `swift test` must pass.
#
# The clone is of the committed HEAD (what a newcomer gets): commit before running it.
#
# Usage: scripts/check-readme-package.sh [--keep]   (--keep leaves the folder and says where)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
keep=
if [[ ${1:-} == --keep ]]; then keep=1; fi
work=$(mktemp -d "${TMPDIR:-/tmp}/readme-package.XXXXXX")
if [[ -z $keep ]]; then trap 'rm -rf "$work"' EXIT; fi

git clone -q "$repo" "$work/Signalbox"
mkdir -p "$work/MyApp/Sources/MyApp" "$work/MyApp/Tests/MyAppTests"
python3 - "$repo/README.md" "$work/MyApp" <<'PY'
import re, sys
readme, app = sys.argv[1], sys.argv[2]
text = open(readme, encoding="utf-8").read()

def section(title):
    start = text.index("\n## " + title + "\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else len(text)]

def first_swift_block(body, what):
    match = re.search(r"```swift\n(.*?)```", body, re.S)
    if not match:
        sys.exit(f"check-readme-package: no swift block in {what}")
    return match.group(1)

manifest = first_swift_block(section("Install"), "Install")
if not manifest.startswith("// swift-tools-version"):
    sys.exit("check-readme-package: the first block of Install is not a Package.swift")
open(f"{app}/Package.swift", "w").write(manifest)
open(f"{app}/Sources/MyApp/main.swift", "w").write(
    first_swift_block(section("Quick start: pipeline authors"), "Quick start: pipeline authors"))
open(f"{app}/Tests/MyAppTests/MyAppTests.swift", "w").write(
    first_swift_block(section("Quick start: test authors"), "Quick start: test authors"))
PY

cd "$work/MyApp"
echo "check-readme-package: building MyApp beside a clone of HEAD ($work)"
swift build 2>&1 | tail -3
# Warnings count as errors for what a newcomer copies.
if swift build 2>&1 | grep -q "warning:"; then
    swift build 2>&1 | grep "warning:"
    echo "check-readme-package: the README's package builds with warnings" >&2
    exit 1
fi
set +e
output=$(timeout 120 swift run --skip-build MyApp 2>&1)
status=$?
set -e
echo "$output" | tail -5
if [[ $status -ne 0 ]]; then
    echo "check-readme-package: swift run MyApp exited with $status (124: still running after 120 s)" >&2
    exit 1
fi
if ! grep -q "hits:" <<<"$output"; then
    echo "check-readme-package: swift run MyApp printed no result line" >&2
    exit 1
fi
swift test 2>&1 | tail -3
echo "check-readme-package: the manifest, the first example and the first test build and run as written"
if [[ -n $keep ]]; then echo "kept: $work"; fi
