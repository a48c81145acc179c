#!/usr/bin/env bash
# Instructions per operation, counted by callgrind: repeatable where wall-clock time is not
# (a shared 2-core machine). Each case runs once, untimed, in its own process; the count of
# a second process that does nothing but start up is subtracted.
#
# S1 workloads count only the disposals (callgrind's --toggle-collect on the `s1Dispose…`
# functions), so nothing is subtracted from them; S1_LIMIT=K disposes only K observers.
#
# Usage: Benchmarks/callgrind.sh [--impl IMPL[,IMPL…]] [--digits N] W2 [W3 ...]
#   (after `swift build -c release` in Benchmarks). --impl picks the implementations
#   (default plain,signalbox,opencombine); --digits the decimals printed (default 1).
#   Benchmarks/guard.sh runs it with --impl signalbox --digits 2.
set -euo pipefail
cd "$(dirname "$0")"
binary=${BINARY:-.build/release/signalbox-benchmarks}
impls=(plain signalbox opencombine)
digits=1
while [[ $# -gt 0 ]]; do
    case "$1" in
    --impl) IFS=, read -r -a impls <<<"${2:?}"; shift 2 ;;
    --digits) digits=${2:?}; shift 2 ;;
    *) break ;;
    esac
done
# Prints the total instructions of one run of: binary "$@" (VALGRIND_ARGS added); returns
# the run's exit status (2 for a case the binary does not have), or 1 if nothing was counted.
count() {
    local out total status=0
    out=$(mktemp)
    # shellcheck disable=SC2086
    valgrind --tool=callgrind ${VALGRIND_ARGS:-} --callgrind-out-file="$out" "$binary" "$@" \
        >/dev/null 2>&1 || status=$?
    total=$(callgrind_annotate "$out" 2>/dev/null |
        awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
    rm -f "$out"
    if [[ -z "$total" ]]; then
        echo "callgrind.sh: no instruction count for: $binary $*" >&2
        return 1
    fi
    echo "$total"
    return "$status"
}
declare -A operations=(
    [W1]=2000000 [W1o]=2000000 [W2]=200000 [W3]=1000000 [W4]=100000 [W5]=500000 [W6]=1000000 [D1]=100
    [R1]=10000000
    [S2-sig-1]=200000 [S2-sig-5]=200000 [S2-sig-20]=200000
    [S2-prod-1]=1000000 [S2-prod-5]=1000000 [S2-prod-20]=1000000
    [S2-sig-40]=200000 [S2-prod-40]=1000000
    [W7d]=20000 [W7n]=10000 [W4-1]=100000 [W5-1]=50000 [W7v]=1000)
# Workloads whose set-up is not negligible: the count of a run of this case (the same
# set-up, no operations) is subtracted instead of the start-up's.
declare -A setups=([W7v]=W7v-setup)
# Start-up only: the binary looks the case up, finds none, and exits with status 2.
baseline=$(count --run plain none || true)
if [[ -z "$baseline" ]]; then
    echo "callgrind.sh: could not count the start-up of $binary" >&2
    exit 1
fi
printf "%-16s %-12s %14s\n" workload impl instr/op
for workload in "$@"; do
    for impl in "${impls[@]}"; do
        if [[ $workload == S1-* ]]; then
            size=${workload##*-}
            size=${size/k/000}
            ops=$(( ${S1_LIMIT:-$size} < size ? ${S1_LIMIT:-$size} : size ))
            total=$(VALGRIND_ARGS="--toggle-collect=*s1Dispose*" \
                count --run "$impl" "$workload" --reps 0 ${S1_LIMIT:+--limit "$S1_LIMIT"}) ||
                total=
            subtract=0
        else
            total=$(count --run "$impl" "$workload" --reps 0) || total=
            ops=${operations[$workload]:-}
            subtract=$baseline
            if [[ -n "$total" && -n "${setups[$workload]:-}" ]]; then
                subtract=$(count --run "$impl" "${setups[$workload]}" --reps 0) || total=
            fi
        fi
        if [[ -z "$total" || -z "$ops" ]]; then
            printf "%-16s %-12s %14s\n" "$workload" "$impl" -  # no such case
            continue
        fi
        awk -v w="$workload" -v i="$impl" -v t="$total" -v s="$subtract" -v n="$ops" \
            -v d="$digits" 'BEGIN { printf "%-16s %-12s %14." d "f\n", w, i, (t - s) / n }'
    done
done
