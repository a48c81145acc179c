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
# queue drains at once, the fewer instructions per value (792–1,134 over 25 runs; 948–988
# for runs in a row on a busy machine). So W5 is guarded by its ceiling (values drained one
# at a time, 1,127–1,134): it fails only above the ceiling in the baseline, a lower count
# is not an improvement, and --update never lowers the ceiling (edit the line to do that).
# W5-1 (one value in flight, so the queue always drains one) holds the `observe(on:)` path
# per value instead: its count repeats within about 0.3 % at its lowest, with an occasional
# run up to 2.8 % higher (how the worker thread parks and wakes in libdispatch and the
# semaphore, not Signalbox's code), so it is compared by its lowest count over up to three
# runs (a run within the tolerance ends the series; --update records the lowest of three).
#
# Per stage: the cost of one stage of a chain is guarded on its own, as the difference
# between the long and the short chain over the stages between them ((K20 − K1) / 19), within
# half an instruction (it repeats to a thousandth), so that a cost paid per send in a long
# chain cannot hide in its total: a +17-instruction cost per value that only the 20-stage
# chain paid moved S2-sig-20 by 1.4 %, under the tolerance; per stage it is +0.9.
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
    W7d W7n W4-1 W7v
)
lowest=(W5-1)  # compared by their lowest count over up to $lowest_runs runs (above)
lowest_runs=3
ceilings=(W5)  # guarded by their ceiling (above); counted once, or $ceiling_runs times to update
ceiling_runs=5
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
# W5-1's two threads run pinned to one CPU where `taskset` exists: spread over two CPUs its
# count depends on the machine's load, not on the code (3,679 on an idle 2-core machine,
# 2,474 with another process keeping a core busy: how long the idle side spins before it
# parks); on one CPU they take turns and it repeats (2,469-2,473, idle or not, unless
# something else runs on that CPU).
pinned=()
if command -v taskset >/dev/null 2>&1; then pinned=(taskset -c 0); fi
for workload in "${lowest[@]}"; do
    before=$(baseline_of "$workload" || true)
    low=
    for run in $(seq 1 "$lowest_runs"); do
        now=$(${pinned[@]+"${pinned[@]}"} ./callgrind.sh --impl signalbox --digits 2 "$workload" |
            awk 'NR == 2 { print $3 }')
        echo "$me: $workload run $run: $now"
        low=$(awk -v a="${low:-$now}" -v b="$now" 'BEGIN { print (b + 0 < a + 0) ? b : a }')
        # Comparing: stop at the first run within the tolerance of the baseline.
        if [[ -z "$update" && -n "$before" ]] && awk -v b="$before" -v n="$now" -v t="$tolerance" \
            'BEGIN { exit !(n >= b * (1 - t / 100) && n <= b * (1 + t / 100)) }'; then
            break
        fi
    done
    printf "%-16s %-12s %14s\n" "$workload" signalbox "$low" | tee -a "$counts"
done
for workload in "${ceilings[@]}"; do
    highest=$(baseline_of "$workload" || true)
    runs=1
    if [[ -n "$update" ]]; then runs=$ceiling_runs; fi
    for run in $(seq 1 "$runs"); do
        now=$(./callgrind.sh --impl signalbox --digits 2 "$workload" | awk 'NR == 2 { print $3 }')
        echo "$me: $workload run $run: $now"
        if [[ -n "$update" ]]; then
            # The ceiling only goes up: a run that drained more values at once is cheaper.
            highest=$(awk -v a="${highest:-0}" -v b="$now" 'BEGIN { print (b + 0 > a + 0) ? b : a }')
        else
            highest=$now
        fi
    done
    printf "%-16s %-12s %14s\n" "$workload" signalbox "$highest" | tee -a "$counts"
done
echo "$me: $((${#steady[@]} + ${#lowest[@]} + ${#ceilings[@]})) workloads counted in $((SECONDS - started)) s"

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
        echo "# ${lowest[*]}: the lowest count of $lowest_runs runs; ${ceilings[*]}: a ceiling, the"
        echo "# highest count seen, never lowered by --update (see guard.sh)."
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
python3 - "$baseline_file" "$counts" "$tolerance" "$toolchain" "${cpu:-unknown}" "${ceilings[*]}" <<'PY'
import sys

baseline_path, counts_path, tolerance, toolchain, cpu, ceilings = sys.argv[1:]
ceilings = set(ceilings.split())
# Per-stage costs: (name, long chain, short chain, stages between them).
per_stage = [("S2-sig/stage", "S2-sig-20", "S2-sig-1", 19),
             ("S2-prod/stage", "S2-prod-20", "S2-prod-1", 19)]
# A per-stage difference is compared within this many instructions (not the tolerance).
per_stage_slack = 0.5
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


def compare(name, before, now, slack=None):
    change = (now - before) / before * 100 if before else 0.0
    allowed = before * tolerance / 100 if slack is None else slack
    above = now - before > allowed
    below = before - now > allowed
    verdict = ""
    if above:
        verdict = "REGRESSION" if name not in ceilings else "REGRESSION (above its ceiling)"
        regressions.append(f"{name} {before:,.2f} -> {now:,.2f} ({change:+.2f} %)")
    elif name in ceilings:
        verdict = "within its ceiling"
    elif below:
        verdict = "improved: update the baseline"
        improvements.append(f"{name} {before:,.2f} -> {now:,.2f} ({change:+.2f} %)")
    print(f"{name:16} {before:12,.2f} {now:12,.2f} {change:+7.2f}% {verdict}")


for name, now in counts.items():
    if now is None:
        problems.append(f"{name}: no count (is it a workload of the benchmarks binary?)")
        continue
    if name not in baseline:
        problems.append(f"{name}: not in the baseline; record it with --update")
        continue
    compare(name, baseline[name], now)
for name, long, short, stages in per_stage:
    if all(counts.get(w) is not None and w in baseline for w in (long, short)):
        compare(name, (baseline[long] - baseline[short]) / stages,
                (counts[long] - counts[short]) / stages, per_stage_slack)
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
          f"(per stage: {per_stage_slack:g} instruction) above the baseline (recorded {recorded}): {'; '.join(regressions)}. Find the "
          "change that costs the instructions (callgrind.sh on the commits before and after);"
          " if the cost is deliberate, update the baseline in the same commit and say why.",
          file=sys.stderr)
if problems or regressions:
    sys.exit(1)
print(f"guard.sh: every workload within {tolerance:g} % of the baseline (recorded {recorded})")
PY
