#!/usr/bin/env bash
# The instruction-count guard (a stage of .ci/run): builds the benchmarks in release, counts
# Signalbox's instructions per operation on a fixed set of workloads with callgrind
# (callgrind.sh --impl signalbox), and compares them with Benchmarks/baseline.tsv.
#
# - Fails (exit 1) when a workload costs more than the tolerance above its baseline.
# - Reports a workload that costs less than the tolerance below its baseline (exit 0): a
#   deliberate improvement, to record with --update so that the guard holds the new figure.
# - Fails when the baseline was recorded with another toolchain (counts of two compilers
#   are not comparable; refresh the baseline with the toolchain of CI) or lacks a workload.
#
# Instruction counts repeat to the last digit run to run on one machine, except W5's: its
# two threads interleave differently under valgrind each run, and the more values the
# queue drains at once, the fewer instructions per value (792–1,134 over 25 runs). Its
# ceiling, when the queue drains values one at a time, repeats within 0.7 %
# (1,127.0–1,134.0), so W5 is counted up to five times and its highest count is compared
# (a run within the tolerance of the baseline ends the series). BENCHMARKS.md ("The guard") has
# the measurements.
#
# Usage: Benchmarks/guard.sh [--update] [--tolerance PERCENT] [--no-build]
#   --update          rewrite baseline.tsv with this run's counts (commit it with the change
#                     that moved them, saying why; see the file's header)
#   --tolerance P     allowed change in percent (default 2)
#   --no-build        use the release binary already built
set -euo pipefail
cd "$(dirname "$0")"
me=guard.sh

# Every workload family of BENCHMARKS.md but D1 (JSON decoding in Foundation, whose
# hashing is seeded per process: its count moves by about 1 % run to run), in the variants
# that are quick under callgrind: each takes 1–3 s.
steady=(
    W1 W1o W2 W3 W4 W6 R1
    S1-fifo-10k S1-lifo-10k S1-random-10k
    S2-sig-1 S2-sig-5 S2-sig-20 S2-prod-1 S2-prod-20
)
threaded=(W5)  # compared by their highest count over up to $threaded_runs runs
threaded_runs=5
baseline_file=baseline.tsv
tolerance=2
update=
build=1
while [[ $# -gt 0 ]]; do
    case "$1" in
    --update) update=1; shift ;;
    --tolerance) tolerance=${2:?}; shift 2 ;;
    --no-build) build=; shift ;;
    *)
        echo "usage: Benchmarks/$me [--update] [--tolerance PERCENT] [--no-build]" >&2
        exit 2
        ;;
    esac
done
for tool in valgrind callgrind_annotate python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "$me: $tool is missing (apt-get install -y valgrind python3)" >&2
        exit 2
    fi
done

if [[ -n "$build" ]]; then
    echo "$me: swift build -c release (Benchmarks)"
    # SwiftPM keeps the build plan of this package while its manifests are unchanged, so a
    # source file added, moved or removed in the root package (a path dependency) is not
    # seen ("cannot find 'X' in scope"). Dropping the plan makes it list the files again;
    # what was compiled stays (the build is still incremental).
    rm -f .build/release.yaml .build/release/description.json
    swift build -c release
fi

toolchain=$(swift --version 2>/dev/null | head -n 1)
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
counts=$(mktemp)
trap 'rm -f "$counts"' EXIT
started=$SECONDS
./callgrind.sh --impl signalbox --digits 2 "${steady[@]}" | tee "$counts"

# The baseline of a workload, or nothing.
baseline_of() {
    [[ -f "$baseline_file" ]] && awk -F '\t' -v w="$1" '$1 == w { print $2 }' "$baseline_file"
}
for workload in "${threaded[@]}"; do
    highest=
    before=$(baseline_of "$workload" || true)
    for run in $(seq 1 "$threaded_runs"); do
        now=$(./callgrind.sh --impl signalbox --digits 2 "$workload" | awk 'NR == 2 { print $3 }')
        echo "$me: $workload run $run: $now"
        highest=$(awk -v a="${highest:-0}" -v b="$now" 'BEGIN { print (b + 0 > a + 0) ? b : a }')
        # Comparing: stop at the first run within the tolerance of the baseline.
        if [[ -z "$update" && -n "$before" ]] && awk -v b="$before" -v n="$now" -v t="$tolerance" \
            'BEGIN { exit !(n >= b * (1 - t / 100) && n <= b * (1 + t / 100)) }'; then
            break
        fi
    done
    printf "%-16s %-12s %14s\n" "$workload" signalbox "$highest" | tee -a "$counts"
done
echo "$me: $((${#steady[@]} + ${#threaded[@]})) workloads counted in $((SECONDS - started)) s"

if [[ -n "$update" ]]; then
    commit=$(git -C .. rev-parse --short HEAD 2>/dev/null || echo unknown)
    {
        cat <<'EOF'
# Instruction-count baseline of Benchmarks/guard.sh, which .ci/run runs: Signalbox's
# instructions per operation on each workload (BENCHMARKS.md describes them), counted by
# `callgrind.sh --impl signalbox` on a release build.
#
# The guard fails when a workload costs more than its tolerance (2 %) above the figure
# here, and reports one that costs that much less. Update this file with
# `Benchmarks/guard.sh --update`, in the same commit as the change that moved the counts,
# and say in that commit's message which workloads moved, by how much, and why. Also
# update it, alone, when CI's toolchain changes (the guard refuses to compare counts of
# another toolchain). Never update it to make a regression pass unexplained.
EOF
        echo "#"
        echo "# ${threaded[*]}: the highest count of $threaded_runs runs (see guard.sh)."
        echo "#"
        echo "# toolchain: $toolchain"
        echo "# cpu: ${cpu:-unknown}"
        echo "# recorded: $(date -u +%Y-%m-%d) at $commit"
        printf "workload\tinstructions_per_operation\n"
        awk 'NR > 1 && $3 != "-" { printf "%s\t%s\n", $1, $3 }' "$counts"
    } >"$baseline_file"
    echo "$me: wrote $baseline_file; commit it with the change that moved the counts, saying why"
    exit 0
fi

if [[ ! -f "$baseline_file" ]]; then
    echo "$me: no $baseline_file: record one with Benchmarks/$me --update" >&2
    exit 1
fi
python3 - "$baseline_file" "$counts" "$tolerance" "$toolchain" "${cpu:-unknown}" <<'PY'
import sys

baseline_path, counts_path, tolerance, toolchain, cpu = sys.argv[1:]
tolerance = float(tolerance)
header, baseline = {}, {}
for line in open(baseline_path, encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("#"):
        key, _, value = line[1:].strip().partition(": ")
        if key in ("toolchain", "cpu", "recorded"):
            header[key] = value
    elif line and not line.startswith("workload\t"):
        name, value = line.split("\t")
        baseline[name] = float(value)
counts = {}
for line in open(counts_path, encoding="utf-8").readlines()[1:]:
    name, _, value = line.split()
    counts[name] = None if value == "-" else float(value)

problems = []
if header.get("toolchain") != toolchain:
    problems.append(
        f"the baseline was recorded with \"{header.get('toolchain')}\", this is "
        f"\"{toolchain}\": counts of two toolchains are not comparable; refresh it with "
        "Benchmarks/guard.sh --update (in a commit of its own)")
if header.get("cpu") != cpu:
    # glibc picks its string and memory functions by CPU (ifunc), so another CPU model can
    # move a count by a few percent with nothing changed: widen the tolerance rather than
    # fail a run for the machine it ran on.
    widened = max(tolerance, 5.0)
    print(f"guard.sh: note: the baseline was recorded on \"{header.get('cpu')}\", this is "
          f"\"{cpu}\" (libc's string functions may differ by CPU): tolerance "
          f"{tolerance:g} % -> {widened:g} %")
    tolerance = widened

regressions, improvements = [], []
print(f"{'workload':16} {'baseline':>12} {'now':>12} {'change':>8}")
for name, now in counts.items():
    if now is None:
        problems.append(f"{name}: no count (is it a workload of the benchmarks binary?)")
        continue
    if name not in baseline:
        problems.append(f"{name}: not in the baseline; record it with --update")
        continue
    before = baseline[name]
    change = (now - before) / before * 100 if before else 0.0
    verdict = ""
    if change > tolerance:
        verdict = "REGRESSION"
        regressions.append(f"{name} {before:,.2f} -> {now:,.2f} ({change:+.2f} %)")
    elif change < -tolerance:
        verdict = "improved: update the baseline"
        improvements.append(f"{name} {before:,.2f} -> {now:,.2f} ({change:+.2f} %)")
    print(f"{name:16} {before:12,.2f} {now:12,.2f} {change:+7.2f}% {verdict}")
for name in baseline:
    if name not in counts:
        print(f"guard.sh: note: {name} is in the baseline but no longer guarded")

recorded = header.get("recorded", "unknown")


def workloads(names):
    return f"1 workload costs" if len(names) == 1 else f"{len(names)} workloads cost"


if improvements:
    print(f"guard.sh: {workloads(improvements)} more than {tolerance:g} % less than "
          f"the baseline (recorded {recorded}): {'; '.join(improvements)}. If that was "
          "deliberate, record it: Benchmarks/guard.sh --update, committed with the change "
          "and its reason.")
for problem in problems:
    print(f"guard.sh: FAILED: {problem}", file=sys.stderr)
if regressions:
    print(f"guard.sh: FAILED: {workloads(regressions)} more than {tolerance:g} % "
          f"above the baseline (recorded {recorded}): {'; '.join(regressions)}. Find the "
          "change that costs the instructions (callgrind.sh on the commits before and after);"
          " if the cost is deliberate, update the baseline in the same commit and say why.",
          file=sys.stderr)
if problems or regressions:
    sys.exit(1)
print(f"guard.sh: every workload within {tolerance:g} % of the baseline (recorded {recorded})")
PY
