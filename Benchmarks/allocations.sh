#!/usr/bin/env bash
# Heap allocations per operation, counted by valgrind (memcheck's "total heap usage: N
# allocs"): each case runs once, untimed (`--run IMPL W --reps 0`), and the allocations of
# a process that only starts up are subtracted, as callgrind.sh does with instructions.
#
# Usage: Benchmarks/allocations.sh [--impl IMPL[,IMPL…]] W7d [W4-1 ...]
#   (after `swift build -c release` in Benchmarks; default impls plain,signalbox,opencombine)
set -euo pipefail
cd "$(dirname "$0")"
binary=${BINARY:-.build/release/signalbox-benchmarks}
impls=(plain signalbox opencombine)
if [[ ${1:-} == --impl ]]; then
    IFS=, read -r -a impls <<<"${2:?}"
    shift 2
fi
# The operations of each workload, from callgrind.sh's table (one source of truth).
ops_of() {
    grep -o "\[$1\]=[0-9]*" callgrind.sh | head -n 1 | cut -d= -f2
}
# The set-up case of a workload, from callgrind.sh's `setups` table, if it has one.
setup_of() {
    grep -o "\[$1\]=$1-setup" callgrind.sh | head -n 1 | cut -d= -f2 || true
}
# Prints the heap allocations of one run of: binary "$@" (whatever its exit status: the
# start-up run exits with 2, as it finds no case).
allocations() {
    valgrind --tool=memcheck --leak-check=no "$binary" "$@" 2>&1 >/dev/null |
        awk '/total heap usage/ { gsub(",", "", $5); print $5 }' || true
}
startup=$(allocations --run plain none)
printf "%-16s %-12s %14s\n" workload impl allocs/op
for workload in "$@"; do
    ops=$(ops_of "$workload")
    for impl in "${impls[@]}"; do
        total=$(allocations --run "$impl" "$workload" --reps 0)
        subtract=$startup
        setup=$(setup_of "$workload")
        if [[ -n "$total" && -n "$setup" ]]; then
            subtract=$(allocations --run "$impl" "$setup" --reps 0)
        fi
        if [[ -z "$total" || -z "$ops" ]]; then
            printf "%-16s %-12s %14s\n" "$workload" "$impl" -
            continue
        fi
        awk -v w="$workload" -v i="$impl" -v t="$total" -v s="$subtract" -v n="$ops" \
            'BEGIN { printf "%-16s %-12s %14.2f\n", w, i, (t - s) / n }'
    done
done
