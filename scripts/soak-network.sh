#!/usr/bin/env bash
# The leak soak of issue 25: N requests through one Network against a loopback server, a
# fifth of them disposed in flight, printing the resident set size every STEP requests.
# Whether RSS settles is read from the numbers; nothing here passes or fails on them.
#
#   scripts/soak-network.sh [REQUESTS] [STEP]     (default 10000 1000)
#
# Builds the tests optimised (-c release) so the numbers are those of shipped code. Takes the
# shared heavy-job lock when it exists, like every build on the shared machine.
set -euo pipefail
cd "$(dirname "$0")/.."
requests="${1:-10000}"
step="${2:-1000}"
lock=()
if [ -e /tmp/signalbox-heavy.lock ]; then lock=(flock /tmp/signalbox-heavy.lock); fi
build=(-c release -Xswiftc -enable-testing --scratch-path .build-release)
"${lock[@]}" swift build --build-tests "${build[@]}" >/dev/null
SIGNALBOX_SOAK="$requests" SOAK_STEP="$step" "${lock[@]}" swift test --skip-build "${build[@]}" \
    --filter 'NetworkSoak' 2>&1 | sed -n 's/^soak: //p'
