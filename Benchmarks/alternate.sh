#!/usr/bin/env bash
# Side-by-side timing on a noisy machine: runs two cases in alternating processes, ROUNDS
# times, and prints each pair, then the median of each and the median of the ratios B/A.
#
# Usage: Benchmarks/alternate.sh IMPL_A WORKLOAD_A IMPL_B WORKLOAD_B [ROUNDS]
#   e.g. Benchmarks/alternate.sh plain W1o signalbox W1o 9   (after `swift build -c release`)
set -euo pipefail
cd "$(dirname "$0")"
if [ $# -lt 4 ]; then
    echo "usage: $0 IMPL_A WORKLOAD_A IMPL_B WORKLOAD_B [ROUNDS]" >&2
    exit 2
fi
binary=${BINARY:-.build/release/signalbox-benchmarks}
rounds=${5:-9}
pairs=$(mktemp)
trap 'rm -f "$pairs"' EXIT
for _ in $(seq 1 "$rounds"); do
    # Only the timing line (`impl workload ns/op checksum`), not W6's `memory …` line.
    a=$("$binary" --run "$1" "$2" | awk -v impl="$1" '$1 == impl {print $3}')
    b=$("$binary" --run "$3" "$4" | awk -v impl="$3" '$1 == impl {print $3}')
    echo "$a $b" | tee -a "$pairs"
done
python3 - "$pairs" "$1 $2" "$3 $4" <<'PY'
import statistics, sys
rows = [tuple(map(float, line.split())) for line in open(sys.argv[1])]
a = statistics.median(r[0] for r in rows)
b = statistics.median(r[1] for r in rows)
ratios = [r[1] / r[0] for r in rows]
print(f"median {sys.argv[2]}: {a:.2f} ns/op   median {sys.argv[3]}: {b:.2f} ns/op")
print(f"median ratio: {statistics.median(ratios):.2f}x  (min {min(ratios):.2f}x, max {max(ratios):.2f}x)")
PY
