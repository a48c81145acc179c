#!/usr/bin/env bash
# Key-to-frame latency of `imagesearch -i`: builds the release binary (under the shared heavy
# lock when flock is there) and runs Benchmarks/key-latency.py on it. See BENCHMARKS.md
# ("Key to frame (imagesearch -i)") for the method.
#
# Usage: Benchmarks/key-latency.sh [--no-build] [key-latency.py options]
#   e.g. Benchmarks/key-latency.sh --cases 20,1000,10000,huge --keys 200
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == "--no-build" ]]; then
    shift
else
    build=(swift build -c release --product imagesearch)
    if command -v flock >/dev/null; then
        flock /tmp/signalbox-heavy.lock "${build[@]}" >&2
    else
        "${build[@]}" >&2
    fi
fi
exec python3 Benchmarks/key-latency.py "$(swift build -c release --show-bin-path)/imagesearch" "$@"
