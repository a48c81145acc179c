#!/usr/bin/env bash
# Builds the fuzz targets of Fuzz/ (if needed) and runs one, or all, for a while.
#
# Usage: scripts/fuzz.sh TARGET|all SECONDS [LIBFUZZER_OPTION...]
#        scripts/fuzz.sh list
#
# Each target runs for SECONDS (libFuzzer's -max_total_time) on a copy of its seed corpus,
# Fuzz/Corpus/TARGET, in a fresh temporary folder: what the run adds to the corpus is
# thrown away, the committed corpus never grows. Extra options go to libFuzzer as they are
# (for instance -jobs=2, -seed=1, -only_ascii=1).
#
# Exit status: 0 when no target crashed; 1 when one did (the run's folder is then kept,
# and the path of the crashing input, the input and the Swift stack of its replay are
# printed); 2 for a usage or build error. See Fuzz/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    echo "usage: scripts/fuzz.sh TARGET|all SECONDS [LIBFUZZER_OPTION...]" >&2
    echo "       scripts/fuzz.sh list" >&2
    echo "targets: ${targets[*]}" >&2
    exit 2
}

# Every folder of Fuzz/Sources is a target, except the support library.
targets=()
for dir in Fuzz/Sources/*/; do
    name=$(basename "$dir")
    [[ "$name" == FuzzSupport ]] || targets+=("$name")
done

[[ "${1:-}" == list ]] && { printf '%s\n' "${targets[@]}"; exit 0; }
[[ $# -ge 2 && "$2" =~ ^[0-9]+$ && "$2" -gt 0 ]] || usage
selected=$1
seconds=$2
shift 2
if [[ "$selected" == all ]]; then
    run=("${targets[@]}")
elif [[ " ${targets[*]} " == *" $selected "* ]]; then
    run=("$selected")
else
    echo "fuzz: no target named '$selected'" >&2
    usage
fi

# --sanitize=fuzzer instruments every module (the root package's too) for coverage and
# links libFuzzer's main. A debug build: SwiftPM then compiles with -enable-testing, which
# `@testable import ImageSearchModel` needs. Incremental: a no-op when nothing changed.
build=(swift build --package-path Fuzz --sanitize=fuzzer)
started=$SECONDS
if ! log=$("${build[@]}" 2>&1); then
    echo "$log" >&2
    echo "fuzz: the build failed" >&2
    exit 2
fi
echo "== fuzz: built in $((SECONDS - started)) s"
bin=$("${build[@]}" --show-bin-path)

# Prints the input at $1: as text when it is printable UTF-8, otherwise as a hex dump.
show_input() {
    python3 - "$1" <<'EOF'
import sys
data = open(sys.argv[1], "rb").read()
print(f"   input ({len(data)} bytes), as a Python literal:")
print("   " + repr(data[:600]) + (" ..." if len(data) > 600 else ""))
EOF
}

# Replays the input $2 on target $1 with Swift's backtracer on, printing the error and the
# first frames of the crashed thread.
show_stack() {
    local out
    out=$(SWIFT_BACKTRACE=enable=yes,interactive=no,color=no,sanitize=yes \
        "$bin/$1" "$2" 2>&1 || true)
    echo "   replay ($bin/$1 $2):"
    awk '/Fatal error|invariant broken|Program crashed|crashed:$/ { on = 1 }
         on && /^Thread [0-9]+( ".*")?:$/ { exit }
         on && NF { print "   " $0; if (++n == 24) exit }' <<<"$out"
}

failed=0
for target in "${run[@]}"; do
    corpus=Fuzz/Corpus/$target
    if [[ ! -d "$corpus" ]]; then
        echo "fuzz: $target has no seed corpus ($corpus)" >&2
        exit 2
    fi
    work=$(mktemp -d "${TMPDIR:-/tmp}/signalbox-fuzz-$target.XXXXXX")
    mkdir "$work/corpus" "$work/crashes"
    cp -R "$corpus/." "$work/corpus/"
    echo "== fuzz: $target for $seconds s (seeds: $(ls "$corpus" | wc -l), folder: $work)"
    # Swift's backtracer would take the crash signals before libFuzzer, which then could not
    # save the crashing input: it is off while fuzzing, and on for the replay below.
    options=(-max_total_time="$seconds" -print_final_stats=1 -max_len=8192 -timeout=10
        -rss_limit_mb=1024 -artifact_prefix="$work/crashes/")
    dictionary=Fuzz/Dictionaries/$target.dict
    [[ ! -f "$dictionary" ]] || options+=(-dict="$dictionary")
    status=0
    SWIFT_BACKTRACE=enable=no "$bin/$target" "${options[@]}" "$@" "$work/corpus" \
        >"$work/fuzz.log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/fuzz.log" | tail -n 1)
    # With -fork=N there are no final stats: take the count of the last status line.
    [[ -n "$runs" ]] || runs=$(sed -n 's/^#\([0-9]*\):.*/\1/p' "$work/fuzz.log" | tail -n 1)
    crashes=("$work"/crashes/*)
    if [[ $status -eq 0 && ! -e "${crashes[0]}" ]]; then
        echo "   ok: ${runs:-?} inputs, no crash"
        rm -rf "$work"
        continue
    fi
    failed=1
    echo "   FAILED (libFuzzer exit status $status) after ${runs:-?} inputs; log: $work/fuzz.log"
    grep -E 'Fatal error|invariant broken|ERROR: libFuzzer|deadly signal|Test unit written' \
        "$work/fuzz.log" | head -n 6 | sed 's/^/   /' || true
    if [[ ! -e "${crashes[0]}" ]]; then
        echo "   no input was saved (a signal libFuzzer does not handle?); see the log"
        tail -n 20 "$work/fuzz.log" | sed 's/^/   /'
        continue
    fi
    for input in "${crashes[@]}"; do
        echo "   crash input: $input"
        show_input "$input"
        show_stack "$target" "$input"
    done
done
exit $failed
