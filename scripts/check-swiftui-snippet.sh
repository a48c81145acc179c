#!/usr/bin/env bash
# Type-checks the SwiftUI example of README.md (the ```swift block of the section "Using with
# SwiftUI") on Linux, where SwiftUI does not exist: against a stand-in module named SwiftUI
# (scripts/swiftui-stand-in/SwiftUI.swift, SwiftUI's signatures without SwiftUI) and against
# this package's modules, in the Swift 6 language mode, warnings counted as errors. Fails
# when the example does not type-check; errors point at README.md's lines.
#
# Usage: scripts/check-swiftui-snippet.sh [--scratch-path DIR]   (default: .build; the
# package's modules come from its debug build, made with `swift build` when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
me=$(basename "$0")

scratch=.build
if [[ "${1:-}" == "--scratch-path" && -n "${2:-}" ]]; then
    scratch=$2
elif [[ $# -gt 0 ]]; then
    echo "usage: scripts/$me [--scratch-path DIR]" >&2
    exit 2
fi
section="Using with SwiftUI"
modules=(Signalbox ImageSearchModel ImageSearchViewModel)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The first ```swift block between the section's heading and the next heading of its level,
# preceded by a #sourceLocation line so that the compiler reports README.md's line numbers.
awk -v section="## $section" '
    $0 == section { inside = 1; next }
    inside && /^## / { exit }
    inside && !code && /^```swift[[:space:]]*$/ {
        code = 1
        printf "#sourceLocation(file: \"README.md\", line: %d)\n", NR + 1
        next
    }
    code && /^```[[:space:]]*$/ { found = 1; exit }
    code { print }
    END { exit found ? 0 : 1 }
' README.md >"$work/Snippet.swift" || {
    echo "$me: README.md has no complete \`\`\`swift block under \"## $section\"" >&2
    exit 1
}

# The example sits in `#if canImport(SwiftUI)`: if the stand-in were not found, the block
# would be skipped and anything would pass.
cat >"$work/StandInFound.swift" <<'EOF'
#if !canImport(SwiftUI)
#error("the SwiftUI stand-in is not on the import path")
#endif
EOF

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
        echo "$me: $module.swiftmodule is missing from $module_dir" >&2
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

if ! swiftc -typecheck -module-name ReadmeSwiftUIExample -parse-as-library -swift-version 6 \
    -warnings-as-errors -module-cache-path "$work/module-cache" \
    -I "$work/stand-in" -I "$module_dir" "$work/Snippet.swift" "$work/StandInFound.swift"; then
    echo "$me: FAILED: the SwiftUI example of README.md (\"## $section\") does not" \
        "type-check against the SwiftUI stand-in and this package's modules (errors above)." >&2
    echo "$me: if it uses SwiftUI API the stand-in lacks, add that API to" \
        "scripts/swiftui-stand-in/SwiftUI.swift with SwiftUI's real signature." >&2
    exit 1
fi
echo "$me: the SwiftUI example of README.md type-checks (against the stand-in)"
