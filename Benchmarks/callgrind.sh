#!/usr/bin/env bash
# Instructions per operation, counted by callgrind: repeatable where wall-clock time is not
# (a shared 2-core machine). Each case runs once, untimed, in its own process; the count of
# a second process that does nothing but start up is subtracted.
#
# S1 workloads count only the disposals (callgrind's --toggle-collect on the `s1Dispose…`
# functions), so nothing is subtracted from them; S1_LIMIT=K disposes only K observers.
#
# Usage: Benchmarks/callgrind.sh W2 [W3 ...]   (after `swift build -c release` in Benchmarks)
set -euo pipefail
cd "$(dirname "$0")"
binary=${BINARY:-.build/release/signalbox-benchmarks}
count() {  # prints the total instructions of one run of: binary "$@" (VALGRIND_ARGS added)
    local out
    out=$(mktemp)
    # shellcheck disable=SC2086
    valgrind --tool=callgrind ${VALGRIND_ARGS:-} --callgrind-out-file="$out" "$binary" "$@" \
        >/dev/null 2>&1
    callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
    rm -f "$out"
}
declare -A operations=(
    [W1]=2000000 [W1o]=2000000 [W2]=200000 [W3]=1000000 [W4]=100000 [W5]=500000 [W6]=1000000 [D1]=100
    [R1]=10000000
    [S2-sig-1]=200000 [S2-sig-5]=200000 [S2-sig-20]=200000
    [S2-prod-1]=1000000 [S2-prod-5]=1000000 [S2-prod-20]=1000000)
baseline=$(count --run plain none 2>/dev/null || true)
baseline=${baseline:-0}
printf "%-12s %-12s %14s\n" workload impl instr/op
for workload in "$@"; do
    for impl in plain signalbox opencombine; do
        if [[ $workload == S1-* ]]; then
            size=${workload##*-}
            size=${size/k/000}
            ops=$(( ${S1_LIMIT:-$size} < size ? ${S1_LIMIT:-$size} : size ))
            total=$(VALGRIND_ARGS="--toggle-collect=*s1Dispose*" \
                count --run "$impl" "$workload" --reps 0 ${S1_LIMIT:+--limit "$S1_LIMIT"})
            subtract=0
        else
            total=$(count --run "$impl" "$workload" --reps 0)
            ops=${operations[$workload]}
            subtract=$baseline
        fi
        printf "%-12s %-12s %14.1f\n" "$workload" "$impl" "$(echo "($total - $subtract) / $ops" | bc -l)"
    done
done
