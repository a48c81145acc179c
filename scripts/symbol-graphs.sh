# Sourced by check-docs.sh and build-docs.sh: `dump_symbol_graphs SCRATCH` extracts the
# symbol graphs of the public API of every module of the build in SCRATCH (building what is
# missing; after `swift build` or `swift test` only the graphs are extracted) and sets
# `graphs` to their folder. Exits with status 2 when it cannot.
dump_symbol_graphs() {
    local scratch=$1 output
    # Old graphs of renamed or removed extensions must not be read: start from an empty folder.
    rm -rf "$scratch"/*/symbolgraph
    if ! output=$(swift package --scratch-path "$scratch" dump-symbol-graph \
        --skip-synthesized-members 2>&1); then
        echo "$output" >&2
        echo "$(basename "$0"): swift package dump-symbol-graph failed" >&2
        exit 2
    fi
    graphs=$(sed -n 's/^Files written to //p' <<<"$output" | tail -n 1)
    if [[ -z "$graphs" || ! -d "$graphs" ]]; then
        echo "$output" >&2
        echo "$(basename "$0"): could not find the symbol graphs" >&2
        exit 2
    fi
}
