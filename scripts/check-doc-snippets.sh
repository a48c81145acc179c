#!/usr/bin/env bash
# Compiles every ```swift block of README.md and of the DocC articles
# (Sources/*/*.docc/*.md), so that no example in the documentation can go stale. The rules
# (scripts/check_doc_snippets.py has them in full; README.md, "Documentation", in short):
#
# - The blocks of a file are compiled in order, in programs: a block with an `import` line
#   starts a program, a block without one continues the program of the block before it.
#   Each program is type-checked as one main.swift, Swift 6 language mode, warnings as
#   errors, against this package's modules (those of the build in the scratch path),
#   `Testing`, and a stand-in module named SwiftUI (scripts/swiftui-stand-in/SwiftUI.swift:
#   SwiftUI's signatures without SwiftUI, since SwiftUI exists on Apple platforms only). A
#   program that uses `#if canImport(SwiftUI)` fails if the stand-in is not found.
# - A block whose first line is `// swift-tools-version…` is a whole Package.swift: its
#   package graph is resolved against this repository (product and package names checked).
# - A block preceded by `<!-- fragment: why -->` on the line right before its fence is
#   skipped and listed with its reason. There is no other way to skip one.
#
# Errors point at the Markdown lines.
#
# Usage: scripts/check-doc-snippets.sh [--scratch-path DIR] [--list] [FILE.md ...]
# (default scratch path: .build; the package's modules come from its debug build, made with
# `swift build` when missing. --list prints the programs, manifests and fragments only.)
set -euo pipefail
cd "$(dirname "$0")/.."
me=$(basename "$0")

scratch=.build
list=
files=()
while [[ $# -gt 0 ]]; do
    case "$1" in
    --scratch-path) scratch=${2:?}; shift 2 ;;
    --list) list=--list; shift ;;
    -*)
        echo "usage: scripts/$me [--scratch-path DIR] [--list] [FILE.md ...]" >&2
        exit 2
        ;;
    *) files+=("$1"); shift ;;
    esac
done
if [[ ${#files[@]} -eq 0 ]]; then
    files=(README.md)
    for article in Sources/*/*.docc/*.md; do files+=("$article"); done
fi
modules=(Signalbox SignalboxTesting ImageSearchModel ImageSearchOffline ImageSearchTesting ImageSearchViewModel)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [[ -n "$list" ]]; then
    exec python3 scripts/check_doc_snippets.py --root "$PWD" --modules - --stand-in - \
        --work "$work" --list "${files[@]}"
fi

# The package's modules: under Modules/ in the bin folder (Swift 6 toolchains), or in the
# bin folder itself (older ones).
find_modules() {
    local bin
    bin=$(swift build --scratch-path "$scratch" --show-bin-path)
    module_dir=
    for candidate in "$bin/Modules" "$bin"; do
        if [[ -e "$candidate/${modules[0]}.swiftmodule" ]]; then
            module_dir=$candidate
            return 0
        fi
    done
    return 1
}
if ! find_modules; then
    echo "== $me: no build in $scratch; swift build"
    swift build --scratch-path "$scratch"
    find_modules || {
        echo "$me: no ${modules[0]}.swiftmodule in the build of $scratch" >&2
        exit 2
    }
fi
for module in "${modules[@]}"; do
    if [[ ! -e "$module_dir/$module.swiftmodule" ]]; then
        echo "$me: $module.swiftmodule is missing from $module_dir (swift build)" >&2
        exit 2
    fi
done

mkdir "$work/stand-in"
if ! swiftc -emit-module -module-name SwiftUI -parse-as-library -swift-version 6 \
    -warnings-as-errors -emit-module-path "$work/stand-in/SwiftUI.swiftmodule" \
    -module-cache-path "$work/module-cache" scripts/swiftui-stand-in/SwiftUI.swift; then
    echo "$me: the SwiftUI stand-in (scripts/swiftui-stand-in/SwiftUI.swift) does not build" >&2
    exit 2
fi

if ! python3 scripts/check_doc_snippets.py --root "$PWD" --modules "$module_dir" \
    --stand-in "$work/stand-in" --work "$work" "${files[@]}"; then
    echo "$me: a documentation example does not compile (errors above, at the Markdown" \
        "lines). Fix the example; if it uses SwiftUI API the stand-in lacks, add that API to" \
        "scripts/swiftui-stand-in/SwiftUI.swift with SwiftUI's real signature." >&2
    exit 1
fi
