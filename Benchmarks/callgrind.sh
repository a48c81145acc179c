#!/usr/bin/env bash
# Instructions per operation, counted by callgrind: repeatable where wall-clock time is not
# (a shared 2-core machine). Each case runs once, untimed, in its own process; the count of
# a second process that does nothing but start up is subtracted.
#
# Usage: Benchmarks/callgrind.sh W2 [W3 ...]   (after `swift build -c release` in Benchmarks)
set -euo pipefail
cd "$(dirname "$0")"
binary=.build/release/signalbox-benchmarks
count() {  # prints the total instructions of one run of: binary "$@"
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" "$@" >/dev/null 2>&1
    callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
    rm -f "$out"
}
declare -A operations=(
    [W1]=2000000 [W1o]=2000000 [W2]=200000 [W3]=1000000 [W4]=100000 [W5]=500000 [W6]=1000000 [D1]=100 [R1]=10000000)
baseline=$(count --run plain none 2>/dev/null || true)
baseline=${baseline:-0}
printf "%-4s %-12s %14s\n" workload impl instr/op
for workload in "$@"; do
    for impl in plain signalbox opencombine; do
        total=$(count --run "$impl" "$workload" --reps 0)
        ops=${operations[$workload]}
        printf "%-4s %-12s %14.1f\n" "$workload" "$impl" "$(echo "($total - $baseline) / $ops" | bc -l)"
    done
done
