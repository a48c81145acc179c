#!/usr/bin/env bash
# Fails when a public symbol of a library module has no doc comment, or a function's doc
# comment does not describe its parameters, result and errors (see scripts/check_docs.py).
#
# Usage: scripts/check-docs.sh [--scratch-path DIR]   (default: .build, shared with
# `swift build` / `swift test`, so after a test run only the symbol graphs are extracted)
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build
if [[ "${1:-}" == "--scratch-path" && -n "${2:-}" ]]; then
    scratch=$2
elif [[ $# -gt 0 ]]; then
    echo "usage: scripts/check-docs.sh [--scratch-path DIR]" >&2
    exit 2
fi
modules=(Signalbox SignalboxAtomic SignalboxTesting ImageSearchModel ImageSearchOffline ImageSearchTesting ImageSearchViewModel)

source scripts/symbol-graphs.sh
dump_symbol_graphs "$scratch"
python3 scripts/check_docs.py --root "$PWD" "$graphs" "${modules[@]}"
