#!/usr/bin/env bash
# Key-to-frame latency of `imagesearch -i`: builds the release binary and runs
# Benchmarks/key-latency.py on it, both under the shared heavy lock when flock is there (the
# build uses the CPU, and the timing wants it quiet). See BENCHMARKS.md ("Key to frame
# (imagesearch -i)") for the method.
#
# Usage: Benchmarks/key-latency.sh [--no-build] [key-latency.py options]
#   e.g. Benchmarks/key-latency.sh --cases 20,1000,10000,huge --keys 200
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${KEY_LATENCY_LOCKED:-}" ]] && command -v flock >/dev/null; then
    KEY_LATENCY_LOCKED=1 exec flock /tmp/signalbox-heavy.lock "$0" "$@"
fi
if [[ "${1:-}" == "--no-build" ]]; then
    shift
else
    swift build -c release --product imagesearch >&2
fi
exec python3 Benchmarks/key-latency.py "$(swift build -c release --show-bin-path)/imagesearch" "$@"
