#!/usr/bin/env bash
# Builds the DocC documentation of every library with the toolchain's own `docc` (no
# package plugin): symbol graphs of the build, then `docc convert` of each module's catalog
# (`Sources/<Module>/<Module>.docc`). Fails on any warning, a broken symbol link included.
#
# Usage: scripts/build-docs.sh [--scratch-path DIR] [--output DIR]
#        scripts/build-docs.sh --preview MODULE    (serves one module at http://localhost:8080)
# Default output: .build/docs/<Module>.doccarchive (open its index.html through a web
# server, or use --preview). Set DOCC to use another docc binary.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build
output=.build/docs
preview=
while [[ $# -gt 0 ]]; do
    case "$1" in
    --scratch-path) scratch=${2:?}; shift 2 ;;
    --output) output=${2:?}; shift 2 ;;
    --preview) preview=${2:?}; shift 2 ;;
    *)
        echo "usage: scripts/build-docs.sh [--scratch-path DIR] [--output DIR] [--preview MODULE]" >&2
        exit 2
        ;;
    esac
done
modules=(Signalbox SignalboxTesting ImageSearchModel ImageSearchOffline ImageSearchTesting ImageSearchViewModel)

# The docc of the toolchain that runs `swift`: beside it on Linux, through xcrun on macOS.
if [[ -z "${DOCC:-}" ]]; then
    if command -v xcrun >/dev/null 2>&1; then
        DOCC=$(xcrun --find docc)
    else
        DOCC=$(dirname "$(readlink -f "$(command -v swift)")")/docc
    fi
fi
if [[ ! -x "$DOCC" ]]; then
    echo "build-docs: no docc at $DOCC (set DOCC)" >&2
    exit 2
fi

# Symbol graphs of the public API, in "$graphs".
source scripts/symbol-graphs.sh
dump_symbol_graphs "$scratch"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One folder per module with only its own graphs (`Module.symbols.json` and its extension
# graphs `Module@Other.symbols.json`), so each catalog is converted alone.
graphs_of() {
    local module=$1 dir=$work/graphs/$1
    mkdir -p "$dir"
    cp "$graphs/$module.symbols.json" "$dir/"
    compgen -G "$graphs/$module@*.symbols.json" >/dev/null && cp "$graphs/$module@"*.symbols.json "$dir/"
    echo "$dir"
}

if [[ -n "$preview" ]]; then
    exec "$DOCC" preview "Sources/$preview/$preview.docc" \
        --additional-symbol-graph-dir "$(graphs_of "$preview")" \
        --fallback-display-name "$preview" \
        --fallback-bundle-identifier "org.signalbox.$preview" \
        --output-path "$work/$preview.doccarchive"
fi

mkdir -p "$output"
status=0
for module in "${modules[@]}"; do
    echo "== docc convert Sources/$module/$module.docc"
    log=$work/$module.log
    rm -rf "$output/$module.doccarchive"
    if ! "$DOCC" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$(graphs_of "$module")" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.signalbox.$module" \
        --fallback-default-module-kind "Framework" \
        --output-path "$output/$module.doccarchive" \
        --warnings-as-errors >"$log" 2>&1; then
        status=1
    fi
    cat "$log"
    # Belt and braces: any diagnostic at all fails, whatever docc's exit status.
    if grep -E -q "(warning|error):" "$log"; then
        status=1
    fi
done
if [[ $status -ne 0 ]]; then
    echo "build-docs: docc reported problems (above)" >&2
    exit 1
fi
echo "build-docs: ${#modules[@]} archives in $output, no warnings"
