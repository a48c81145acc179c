#!/usr/bin/env bash
# Time per stage of a signal chain (S2-sig), side by side on a noisy machine: each round runs
# plain and Signalbox at K = 1 and at K = K2 in alternating processes; per stage is
# (t_K2 - t_1) / (K2 - 1). Prints each round, then the medians and the median ratio.
#
# Usage: Benchmarks/perstage.sh [K2 = 20 | 5] [ROUNDS = 9]   (after `swift build -c release`)
set -euo pipefail
cd "$(dirname "$0")"
binary=${BINARY:-.build/release/signalbox-benchmarks}
k2=${1:-20}
rounds=${2:-9}
time_of() { "$binary" --run "$1" "$2" | awk -v impl="$1" '$1 == impl {print $3}'; }
for _ in $(seq 1 "$rounds"); do
    echo "$(time_of plain S2-sig-1) $(time_of signalbox S2-sig-1)" \
        "$(time_of plain "S2-sig-$k2") $(time_of signalbox "S2-sig-$k2")"
done | python3 -c '
import statistics, sys
k2 = int(sys.argv[1])
rows = [list(map(float, line.split())) for line in sys.stdin if line.strip()]
for row in rows:
    print(" ".join("%.2f" % x for x in row))
plain = [(r[2] - r[0]) / (k2 - 1) for r in rows]
signalbox = [(r[3] - r[1]) / (k2 - 1) for r in rows]
ratios = [s / p for s, p in zip(signalbox, plain)]
print("per stage: plain %.2f ns, signalbox %.2f ns (medians); median ratio %.2fx (%.2f-%.2f)"
      % (statistics.median(plain), statistics.median(signalbox), statistics.median(ratios),
         min(ratios), max(ratios)))
' "$k2"
