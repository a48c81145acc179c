#!/usr/bin/env bash
# Measures how much of ReactiveSwift's own spec suite passes against Signalbox.
#
#   scripts/rs-conformance.sh --reactiveswift PATH --quick PATH --nimble PATH \
#       [--filter REGEX] [--timeout SECONDS] [--work-dir DIR]
#       [--against-reactiveswift | --signalbox PATH]
#
# PATH are local work trees: ReactiveSwift at tag 7.2.1, Quick 7.6.2, Nimble 13.x or 14.x.
# Nothing is copied into this repository and nothing in the checkouts is changed. The
# script generates a package in the work directory (--work-dir DIR, outside the
# repository, or else a new folder under $TMPDIR; either is left in place with the build,
# results.tsv and the child processes' logs, and a second run in it reuses the build) that
#   - depends on this repository's Signalbox package, on Quick and on Nimble by path;
#   - compiles copies of ReactiveSwift's Tests/ReactiveSwiftTests/*.swift in which the
#     only change is `import ReactiveSwift` -> `import Signalbox` (import lines only),
#     in the Swift 5 language mode they were written for;
#   - adds glue that is the same for any library under test: a Nimble adapter when the
#     specs use a Nimble spelling this Nimble no longer has, the list of examples for
#     swift-corelibs-xctest (which does not discover Quick's examples, nor anything in an
#     executable) and a runner that executes each spec class in a child process with a
#     per-example watchdog: an example that runs longer than --timeout seconds (30 by
#     default) is counted as hung, a crash is counted as a failure, and the run goes on
#     with the next example.
# --against-reactiveswift builds the same copies, unchanged, against the ReactiveSwift
# checkout itself with the same glue, so that both sides are measured the same way.
# --signalbox PATH measures another copy of the Signalbox package (a clean export of a
# commit, say: `git archive HEAD | tar -x -C DIR`) instead of this work tree.
# --filter REGEX keeps the spec classes whose name matches the (extended) regex.
#
# Resolving the generated package also resolves Quick's and Nimble's own dependencies
# (CwlPreconditionTesting, CwlCatchException, swift-algorithms, swift-argument-parser,
# swift-numerics) from their usual URLs: that needs the network or a git mirror of them.
#
# Prints a table (spec class | examples | passed | failed | hung) with totals, then every
# failing or hung example with its first failure message; the same results are written to
# WORK/results.tsv. Exits 0 when the specs ran (failures included), 1 on bad arguments, 2
# when the generated package could not be built. Linux only: it drives
# swift-corelibs-xctest's XCTMain.
set -euo pipefail

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    echo "Run with --help for the full description." >&2
}

die() {
    echo "rs-conformance: $*" >&2
    exit 1
}

RS_PATH="" QUICK_PATH="" NIMBLE_PATH="" FILTER="" TIMEOUT=30 WORK_DIR="" AGAINST_RS=0 SB_PATH=""
while [ $# -gt 0 ]; do
    case "$1" in
        --reactiveswift) RS_PATH="${2:-}"; shift 2 || die "--reactiveswift needs a path" ;;
        --quick) QUICK_PATH="${2:-}"; shift 2 || die "--quick needs a path" ;;
        --nimble) NIMBLE_PATH="${2:-}"; shift 2 || die "--nimble needs a path" ;;
        --filter) FILTER="${2:-}"; shift 2 || die "--filter needs a regex" ;;
        --timeout) TIMEOUT="${2:-}"; shift 2 || die "--timeout needs a number of seconds" ;;
        --work-dir) WORK_DIR="${2:-}"; shift 2 || die "--work-dir needs a path" ;;
        --signalbox) SB_PATH="${2:-}"; shift 2 || die "--signalbox needs a path" ;;
        --against-reactiveswift) AGAINST_RS=1; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done

[ -n "$RS_PATH" ] || { usage >&2; die "--reactiveswift PATH is required"; }
[ -n "$QUICK_PATH" ] || { usage >&2; die "--quick PATH is required"; }
[ -n "$NIMBLE_PATH" ] || { usage >&2; die "--nimble PATH is required"; }
[[ "$TIMEOUT" =~ ^[0-9]+$ ]] && [ "$TIMEOUT" -gt 0 ] || die "--timeout must be a whole number of seconds, got '$TIMEOUT'"
[ "$(uname -s)" = "Linux" ] || die "this harness drives swift-corelibs-xctest's XCTMain and runs on Linux only"
command -v swift >/dev/null 2>&1 || die "swift is not on PATH"

abs_dir() { (cd "$1" 2>/dev/null && pwd -P) || die "no such directory: $1"; }

RS_PATH="$(abs_dir "$RS_PATH")"
QUICK_PATH="$(abs_dir "$QUICK_PATH")"
NIMBLE_PATH="$(abs_dir "$NIMBLE_PATH")"
SPEC_DIR="$RS_PATH/Tests/ReactiveSwiftTests"
[ -d "$SPEC_DIR" ] || die "$RS_PATH has no Tests/ReactiveSwiftTests: not a ReactiveSwift work tree"
[ -f "$RS_PATH/Package.swift" ] && grep -q 'name: *"ReactiveSwift"' "$RS_PATH/Package.swift" \
    || die "$RS_PATH/Package.swift does not declare the ReactiveSwift package"
grep -q 'name: *"Quick"' "$QUICK_PATH/Package.swift" 2>/dev/null \
    || die "$QUICK_PATH is not a Quick work tree (no Package.swift naming Quick)"
grep -q 'name: *"Nimble"' "$NIMBLE_PATH/Package.swift" 2>/dev/null \
    || die "$NIMBLE_PATH is not a Nimble work tree (no Package.swift naming Nimble)"
NIMBLE_SRC="$NIMBLE_PATH/Sources/Nimble"
[ -d "$NIMBLE_SRC" ] || die "$NIMBLE_PATH has no Sources/Nimble"

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
if [ -n "$SB_PATH" ]; then
    [ "$AGAINST_RS" = 0 ] || die "--signalbox and --against-reactiveswift exclude each other"
    SB_PATH="$(abs_dir "$SB_PATH")"
else
    SB_PATH="$REPO_ROOT"
fi
grep -q '\.library(name: *"Signalbox"' "$SB_PATH/Package.swift" 2>/dev/null \
    || die "$SB_PATH/Package.swift has no Signalbox library product"

inside_repo() {
    case "$1/" in "$REPO_ROOT"/*) return 0 ;; *) return 1 ;; esac
}

if [ -n "$WORK_DIR" ]; then
    # Refuse a folder inside the repository before creating anything.
    inside_repo "$(realpath -m "$WORK_DIR")" \
        && die "the work directory $WORK_DIR lies inside the repository; pick one outside it"
    mkdir -p "$WORK_DIR" || die "cannot create work directory $WORK_DIR"
    WORK_DIR="$(abs_dir "$WORK_DIR")"
    # Only an empty folder or one this script made before (it rewrites and deletes there).
    if [ -n "$(ls -A "$WORK_DIR")" ] && [ ! -f "$WORK_DIR/.library-under-test" ]; then
        die "$WORK_DIR is not empty and was not made by this script; give an empty or new folder"
    fi
else
    WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/rs-conformance.XXXXXX")"
fi
inside_repo "$WORK_DIR" && die "the work directory $WORK_DIR lies inside the repository; pick one outside it"
for p in "$RS_PATH" "$QUICK_PATH" "$NIMBLE_PATH"; do
    inside_repo "$p" && die "$p lies inside the repository; keep the checkouts outside it"
done

if [ "$AGAINST_RS" = 1 ]; then
    LIB_NAME="ReactiveSwift" LIB_PATH="$RS_PATH"
else
    LIB_NAME="Signalbox" LIB_PATH="$SB_PATH"
fi
LIB_ID="$(echo "$LIB_NAME" | tr '[:upper:]' '[:lower:]')"

echo "rs-conformance: library under test: $LIB_NAME ($LIB_PATH)"
echo "rs-conformance: specs: $SPEC_DIR"
# True when $1 is the top of a git work tree (not a folder inside some other repository).
is_git_top() { [ "$(git -C "$1" rev-parse --show-toplevel 2>/dev/null || true)" = "$1" ]; }
if is_git_top "$RS_PATH"; then
    tag="$(git -C "$RS_PATH" describe --tags --exact-match 2>/dev/null || echo "not at a tag")"
    echo "rs-conformance: ReactiveSwift checkout: $tag"
    [ "$tag" = "7.2.1" ] || echo "rs-conformance: warning: expected tag 7.2.1" >&2
fi
echo "rs-conformance: work directory: $WORK_DIR"
for dep in "Quick:$QUICK_PATH" "Nimble:$NIMBLE_PATH"; do
    if is_git_top "${dep#*:}"; then
        echo "rs-conformance: ${dep%%:*}: $(git -C "${dep#*:}" describe --tags 2>/dev/null || echo "no tag")"
    fi
done
echo "rs-conformance: $(swift --version 2>&1 | grep -m1 -i 'swift version' || echo 'swift version unknown')"

# ---------------------------------------------------------------------------------------
# The generated package. The dependencies are reached through symlinks named after the
# packages so that their identities are quick, nimble, signalbox / reactiveswift whatever
# the checkouts' folders are called: Quick's own dependency on Nimble then resolves to
# the Nimble given here.
# ---------------------------------------------------------------------------------------
DEPS="$WORK_DIR/deps"
RUNNER="$WORK_DIR/Sources/ConformanceRunner"
mkdir -p "$DEPS" "$RUNNER"
for link in Quick Nimble Signalbox ReactiveSwift; do rm -f "$DEPS/$link"; done
ln -s "$QUICK_PATH" "$DEPS/Quick"
ln -s "$NIMBLE_PATH" "$DEPS/Nimble"
ln -s "$LIB_PATH" "$DEPS/$LIB_NAME"
# A build against the other library must not reuse stale spec objects.
if [ -f "$WORK_DIR/.library-under-test" ] && [ "$(cat "$WORK_DIR/.library-under-test")" != "$LIB_NAME $LIB_PATH" ]; then
    rm -rf "$WORK_DIR/.build" "$WORK_DIR/Package.resolved"
fi
echo "$LIB_NAME $LIB_PATH" >"$WORK_DIR/.library-under-test"

cat >"$WORK_DIR/Package.swift" <<EOF
// swift-tools-version:6.0
// Generated by scripts/rs-conformance.sh; regenerated on every run.
import PackageDescription

let package = Package(
    name: "RSConformance",
    dependencies: [
        .package(path: "deps/$LIB_NAME"),
        .package(path: "deps/Quick"),
        .package(path: "deps/Nimble"),
    ],
    targets: [
        .executableTarget(
            name: "ConformanceRunner",
            dependencies: [
                .product(name: "$LIB_NAME", package: "$LIB_ID"),
                .product(name: "Quick", package: "quick"),
                .product(name: "Nimble", package: "nimble"),
            ],
            path: "Sources/ConformanceRunner"
        )
    ],
    // The specs were written for Swift 5.
    swiftLanguageModes: [.v5]
)
EOF

# The specs: fresh copies, with only the import lines rewritten.
rm -rf "$RUNNER/Specs" "$RUNNER/Glue"
mkdir -p "$RUNNER/Specs" "$RUNNER/Glue"
shopt -s nullglob
spec_files=("$SPEC_DIR"/*.swift)
shopt -u nullglob
[ ${#spec_files[@]} -gt 0 ] || die "no .swift files in $SPEC_DIR"
rewritten=0
for f in "${spec_files[@]}"; do
    dest="$RUNNER/Specs/$(basename "$f")"
    if [ "$AGAINST_RS" = 1 ]; then
        cp "$f" "$dest"
    else
        sed -E 's/^([[:space:]]*(@testable[[:space:]]+)?import[[:space:]]+)ReactiveSwift([[:space:]]*(\/\/.*)?)$/\1Signalbox\3/' "$f" >"$dest"
        n="$(diff "$f" "$dest" | grep -c '^>' || true)"
        rewritten=$((rewritten + n))
    fi
done
# `@testable` on a line of its own before `import ReactiveSwift` is covered: the import
# line itself is rewritten.
if [ "$AGAINST_RS" = 0 ]; then
    left="$(grep -l '^[[:space:]]*import[[:space:]]\{1,\}ReactiveSwift' "$RUNNER"/Specs/*.swift || true)"
    [ -z "$left" ] || die "import ReactiveSwift left in: $left"
    echo "rs-conformance: ${#spec_files[@]} spec files copied, $rewritten import lines rewritten"
else
    echo "rs-conformance: ${#spec_files[@]} spec files copied unchanged"
fi

# (a) Nimble adapter, only for what the specs use and this Nimble lacks.
adapter="$RUNNER/Glue/NimbleAdapter.swift"
adapter_body=""
if grep -q 'SourceLocation(file:' "$RUNNER"/Specs/*.swift \
    && ! grep -Eq 'init\(file: *FileString' "$NIMBLE_SRC/Utils/SourceLocation.swift" 2>/dev/null; then
    # Nimble 13.3+ replaced SourceLocation's internal init(file:line:) with
    # init(fileID:filePath:line:column:); the specs' file-level helpers call the old one.
    adapter_body+='
extension SourceLocation {
    convenience init(file: FileString, line: UInt) {
        self.init(fileID: "\(file)", filePath: file, line: line, column: 0)
    }
}
'
    echo "rs-conformance: Nimble adapter: SourceLocation(file:line:)"
fi
if grep -q 'SyncExpectation' "$RUNNER"/Specs/*.swift \
    && ! grep -rq 'struct SyncExpectation' "$NIMBLE_SRC"; then
    # Nimble before 13 called the synchronous expectation `Expectation`.
    adapter_body+='
typealias SyncExpectation = Expectation
'
    echo "rs-conformance: Nimble adapter: SyncExpectation = Expectation"
fi
if [ -n "$adapter_body" ]; then
    printf '// Generated by scripts/rs-conformance.sh: Nimble spellings the specs use.\n@testable import Nimble\n%s' \
        "$adapter_body" >"$adapter"
fi

# (c) The example list. Spec classes: subclasses of QuickSpec / AsyncSpec (their examples
# come from Quick's allTests) and of XCTestCase (their test methods are listed here).
table="$RUNNER/Glue/SpecTable.swift"
{
    echo "// Generated by scripts/rs-conformance.sh: the spec classes to run."
    echo "import XCTest"
    echo "import Quick"
    echo ""
    echo "let specTable: [SpecClass] = ["
    awk '
        function flush_class() {
            if (cls == "") return
            if (kind == "xctest") {
                printf "    SpecClass(name: \"%s\", kind: .xctest) { testCase([\n", cls
                for (i = 1; i <= ntests; i++) printf "%s", tests[i]
                printf "    ]) },\n"
            } else {
                printf "    SpecClass(name: \"%s\", kind: .quick) { testCase(%s.allTests) },\n", cls, cls
            }
            cls = ""; ntests = 0
        }
        FNR == 1 { flush_class() }
        match($0, /^[[:space:]]*((public|internal|final|open)[[:space:]]+)*class[[:space:]]+[A-Za-z_][A-Za-z0-9_]*[[:space:]]*:[[:space:]]*(QuickSpec|AsyncSpec|XCTestCase)([^A-Za-z0-9_]|$)/) {
            flush_class()
            line = $0
            sub(/^.*class[[:space:]]+/, "", line)
            name = line; sub(/[[:space:]]*:.*$/, "", name)
            base = line; sub(/^[^:]*:[[:space:]]*/, "", base); sub(/[^A-Za-z].*$/, "", base)
            cls = name; kind = (base == "XCTestCase") ? "xctest" : "quick"; ntests = 0
            next
        }
        cls != "" && kind == "xctest" && match($0, /^[[:space:]]*((public|internal|final|open|@MainActor)[[:space:]]+)*func[[:space:]]+test[A-Za-z0-9_]*[[:space:]]*\(\)/) {
            fn = $0; sub(/^.*func[[:space:]]+/, "", fn); sub(/[[:space:]]*\(.*$/, "", fn)
            rest = $0; sub(/^[^)]*\)/, "", rest)
            if (rest ~ /async/)
                tests[++ntests] = sprintf("        (\"%s\", asyncTest(%s.%s)),\n", fn, cls, fn)
            else
                tests[++ntests] = sprintf("        (\"%s\", %s.%s),\n", fn, cls, fn)
        }
        END { flush_class() }
    ' "$RUNNER"/Specs/*.swift
    echo "]"
} >"$table"
nspec="$(grep -c 'SpecClass(name:' "$table" || true)"
[ "$nspec" -gt 0 ] || die "found no QuickSpec or XCTestCase subclass in $SPEC_DIR"
echo "rs-conformance: $nspec spec classes found ($(grep -c 'kind: .quick' "$table" || true) Quick, $(grep -c 'kind: .xctest' "$table" || true) XCTestCase)"

# (b) The runner: main.swift drives, a child process per spec class runs its examples.
cat >"$RUNNER/main.swift" <<'EOF'
// Generated by scripts/rs-conformance.sh.
//
// Without arguments but with RSCONF_CLASS set, this process is a child: it runs the
// examples of one spec class from index RSCONF_FROM on through XCTMain, writes one line
// per event to the file RSCONF_EVENTS (START i, FAIL i location message, END i pass|fail,
// HANG i, STALL) and ends itself (_exit) when an example runs longer than RSCONF_TIMEOUT
// seconds. With `--drive` it is the parent: it lists the examples, starts children until
// every example has a result, resuming after a hung or crashed example, and prints the
// tables.
import Foundation
import XCTest
import Quick
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

struct SpecClass {
    enum Kind: String { case quick, xctest }
    let name: String
    let kind: Kind
    let entry: () -> XCTestCaseEntry
    init(name: String, kind: Kind, _ entry: @escaping () -> XCTestCaseEntry) {
        self.name = name
        self.kind = kind
        self.entry = entry
    }
}

func now() -> Double { ProcessInfo.processInfo.systemUptime }

func escapeField(_ s: String) -> String {
    s.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\t", with: "\\t")
        .replacingOccurrences(of: "\n", with: "\\n")
        .replacingOccurrences(of: "\r", with: "")
}

func unescapeField(_ s: String) -> String {
    var out = ""
    var escaping = false
    for c in s {
        if escaping {
            switch c {
            case "n": out.append("\n")
            case "t": out.append("\t")
            default: out.append(c)
            }
            escaping = false
        } else if c == "\\" {
            escaping = true
        } else {
            out.append(c)
        }
    }
    return out
}

// MARK: - Child

final class EventLog: XCTestObservation {
    let fd: Int32
    let lock = NSLock()
    var nextIndex: Int
    var current: Int?
    var since = now()

    init(fd: Int32, from: Int) {
        self.fd = fd
        self.nextIndex = from
    }

    func emit(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.lock()
        let index = nextIndex
        nextIndex += 1
        current = index
        since = now()
        lock.unlock()
        emit("START\t\(index)")
    }

    func testCase(
        _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
        atLine lineNumber: Int
    ) {
        lock.lock()
        let index = current ?? -1
        lock.unlock()
        let location = "\(filePath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "?"):\(lineNumber)"
        emit("FAIL\t\(index)\t\(location)\t\(escapeField(description))")
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.lock()
        let index = current ?? -1
        current = nil
        since = now()
        lock.unlock()
        emit("END\t\(index)\t\(testCase.testRun?.hasSucceeded == false ? "fail" : "pass")")
    }

    /// Ends the process when one example, or the time between two, exceeds `timeout`.
    func startWatchdog(timeout: Double) {
        let thread = Thread { [self] in
            while true {
                usleep(100_000)
                lock.lock()
                let running = current
                let elapsed = now() - since
                lock.unlock()
                if elapsed > timeout {
                    emit(running.map { "HANG\t\($0)" } ?? "STALL")
                    _exit(124)
                }
            }
        }
        thread.start()
    }
}

func runChild(className: String, environment: [String: String]) -> Never {
    guard let spec = specTable.first(where: { $0.name == className }) else {
        FileHandle.standardError.write("unknown spec class \(className)\n".data(using: .utf8)!)
        exit(2)
    }
    let from = Int(environment["RSCONF_FROM"] ?? "0") ?? 0
    let timeout = Double(environment["RSCONF_TIMEOUT"] ?? "30") ?? 30
    let path = environment["RSCONF_EVENTS"] ?? "/dev/null"
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    guard fd >= 0 else {
        FileHandle.standardError.write("cannot open \(path)\n".data(using: .utf8)!)
        exit(2)
    }
    let entry = spec.entry()
    let log = EventLog(fd: fd, from: from)
    XCTestObservationCenter.shared.addTestObserver(log)
    log.startWatchdog(timeout: timeout)
    let tests = Array(entry.allTests.dropFirst(from))
    QCKMain([], testCases: [(testCaseClass: entry.testCaseClass, allTests: tests)])
}

// MARK: - Parent

enum Outcome {
    case passed
    case failed(String)
    case hung(String)

    var isPassed: Bool { if case .passed = self { return true } else { return false } }
    var isHung: Bool { if case .hung = self { return true } else { return false } }
}

struct Options {
    var outDir = FileManager.default.currentDirectoryPath
    var timeout = 30.0
    var filter: String?
    var label = "the library under test"
}

func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var i = 0
    while i < arguments.count {
        let arg = arguments[i]
        let value = i + 1 < arguments.count ? arguments[i + 1] : ""
        switch arg {
        case "--out": options.outDir = value; i += 1
        case "--timeout": options.timeout = Double(value) ?? 30; i += 1
        case "--filter": options.filter = value.isEmpty ? nil : value; i += 1
        case "--label": options.label = value; i += 1
        default: break
        }
        i += 1
    }
    return options
}

func crashReason(logPath: String, status: Int32, reason: Process.TerminationReason) -> String {
    let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n").map(String.init)
    let markers = ["Fatal error", "fatal error", "Precondition failed", "Assertion failed", "Illegal instruction",
                   "Segmentation fault", "Trace/breakpoint trap", "Aborted", "Terminated"]
    let how = reason == .uncaughtSignal ? "signal \(status)" : "exit status \(status)"
    if let line = lines.first(where: { line in markers.contains { line.contains($0) } }) {
        return "crashed (\(how)): \(line.trimmingCharacters(in: .whitespaces))"
    }
    let tail = lines.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) ?? ""
    return "crashed (\(how))" + (tail.isEmpty ? "" : ": \(tail)")
}

func drive(_ options: Options) -> Int32 {
    let fm = FileManager.default
    let eventsDir = (options.outDir as NSString).appendingPathComponent("events")
    try? fm.removeItem(atPath: eventsDir)
    try? fm.createDirectory(atPath: eventsDir, withIntermediateDirectories: true)
    let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])

    var specs = specTable
    if let filter = options.filter {
        specs = specs.filter { $0.name.range(of: filter, options: .regularExpression) != nil }
        if specs.isEmpty {
            print("rs-conformance: no spec class matches --filter \(filter)")
            return 1
        }
    }

    struct Row { let spec: SpecClass; let names: [String]; let outcomes: [Outcome] }
    var rows: [Row] = []

    for spec in specs {
        let names = spec.entry().allTests.map { $0.0 }
        var outcomes = [Outcome?](repeating: nil, count: names.count)
        var from = 0
        var run = 0
        let started = now()
        while from < names.count {
            run += 1
            let base = (eventsDir as NSString).appendingPathComponent("\(spec.name).\(run)")
            let eventsPath = base + ".events", logPath = base + ".log"
            fm.createFile(atPath: eventsPath, contents: nil)
            fm.createFile(atPath: logPath, contents: nil)
            let output = FileHandle(forWritingAtPath: logPath)!
            let process = Process()
            process.executableURL = executable
            process.arguments = []
            var environment = ProcessInfo.processInfo.environment
            environment["RSCONF_CLASS"] = spec.name
            environment["RSCONF_FROM"] = String(from)
            environment["RSCONF_EVENTS"] = eventsPath
            environment["RSCONF_TIMEOUT"] = String(options.timeout)
            process.environment = environment
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            do { try process.run() } catch {
                print("rs-conformance: cannot start \(executable.path): \(error)")
                return 2
            }
            // Backstop for a child whose own watchdog cannot act.
            var lastSize: UInt64 = 0
            var lastChange = now()
            var killed = false
            while process.isRunning {
                usleep(100_000)
                let size = ((try? fm.attributesOfItem(atPath: eventsPath))?[.size] as? NSNumber)?.uint64Value ?? 0
                if size != lastSize { lastSize = size; lastChange = now() }
                if now() - lastChange > options.timeout + 30 {
                    kill(process.processIdentifier, SIGKILL)
                    killed = true
                    break
                }
            }
            process.waitUntilExit()
            try? output.close()

            let text = (try? String(contentsOfFile: eventsPath, encoding: .utf8)) ?? ""
            var open: Int?
            var firstFailure: [Int: String] = [:]
            var lastResolved = from - 1
            var stalled = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
                let index = fields.count > 1 ? Int(fields[1]) ?? -1 : -1
                switch fields[0] {
                case "START":
                    open = index
                case "FAIL" where index >= 0 && index < names.count:
                    if firstFailure[index] == nil {
                        let location = fields.count > 2 ? fields[2] : "?"
                        let message = fields.count > 3 ? unescapeField(fields[3]) : "(no message)"
                        firstFailure[index] = "\(location): \(message.trimmingCharacters(in: .whitespacesAndNewlines))"
                    }
                case "END" where index >= 0 && index < names.count:
                    let passed = fields.count > 2 && fields[2] == "pass"
                    outcomes[index] = passed ? .passed : .failed(firstFailure[index] ?? "failed (no message)")
                    lastResolved = max(lastResolved, index)
                    open = nil
                case "HANG" where index >= 0 && index < names.count:
                    outcomes[index] = .hung("did not finish within \(Int(options.timeout)) s")
                    lastResolved = max(lastResolved, index)
                    open = nil
                case "STALL":
                    stalled = true
                default:
                    break
                }
            }
            if let index = open, index >= 0, index < names.count {
                // Started and never finished: the child crashed (or was killed by the backstop).
                outcomes[index] = killed
                    ? .hung("did not finish within \(Int(options.timeout)) s (killed)")
                    : .failed(crashReason(logPath: logPath, status: process.terminationStatus,
                                          reason: process.terminationReason))
                lastResolved = max(lastResolved, index)
            } else if lastResolved + 1 < names.count && lastResolved + 1 == from || stalled || killed {
                // Nothing ran, or the child stopped between two examples: charge the next one.
                let index = lastResolved + 1
                if index < names.count && outcomes[index] == nil {
                    outcomes[index] = stalled || killed
                        ? .hung("no progress within \(Int(options.timeout)) s before the example started")
                        : .failed("child ended before the example started: "
                                  + crashReason(logPath: logPath, status: process.terminationStatus,
                                                reason: process.terminationReason))
                    lastResolved = index
                }
            }
            from = lastResolved + 1
        }
        let resolved = outcomes.map { $0 ?? .failed("no result") }
        rows.append(Row(spec: spec, names: names, outcomes: resolved))
        let failed = resolved.filter { !$0.isPassed && !$0.isHung }.count
        let hung = resolved.filter { $0.isHung }.count
        let seconds = (now() - started).rounded()
        print("rs-conformance: \(spec.name): \(names.count) examples, \(failed) failed, \(hung) hung "
              + "(\(Int(seconds)) s, \(run) process\(run == 1 ? "" : "es"))")
    }

    // The tables.
    func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return right ? fill + s : s + fill
    }
    let header = ["Spec class", "Kind", "Examples", "Passed", "Failed", "Hung"]
    var cells: [[String]] = []
    var totals = (examples: 0, passed: 0, failed: 0, hung: 0)
    var byKind: [SpecClass.Kind: (classes: Int, examples: Int)] = [:]
    for row in rows {
        let passed = row.outcomes.filter { $0.isPassed }.count
        let hung = row.outcomes.filter { $0.isHung }.count
        let failed = row.outcomes.count - passed - hung
        cells.append([row.spec.name, row.spec.kind == .quick ? "Quick" : "XCTest", String(row.names.count),
                      String(passed), String(failed), String(hung)])
        totals.examples += row.names.count
        totals.passed += passed
        totals.failed += failed
        totals.hung += hung
        byKind[row.spec.kind, default: (0, 0)].classes += 1
        byKind[row.spec.kind, default: (0, 0)].examples += row.names.count
    }
    cells.append(["Total", "", String(totals.examples), String(totals.passed), String(totals.failed),
                  String(totals.hung)])
    let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max() ?? 0 }
    func printRow(_ row: [String]) {
        let text = row.enumerated().map { pad($0.element, widths[$0.offset], right: $0.offset >= 2) }
        print("| " + text.joined(separator: " | ") + " |")
    }
    print("")
    print("ReactiveSwift specs against \(options.label)")
    print("")
    printRow(header)
    print("|" + widths.enumerated().map { String(repeating: "-", count: $0.element + 1) + ($0.offset >= 2 ? ":" : "-") }
        .joined(separator: "|") + "|")
    for (i, row) in cells.enumerated() {
        if i == cells.count - 1 { printRow(row.map { $0.isEmpty ? "" : "**\($0)**" }) } else { printRow(row) }
    }
    let quick = byKind[.quick] ?? (0, 0), xctest = byKind[.xctest] ?? (0, 0)
    print("")
    print("\(totals.examples) examples: \(quick.examples) Quick examples in \(quick.classes) specs and "
          + "\(xctest.examples) XCTest methods in \(xctest.classes) class\(xctest.classes == 1 ? "" : "es"); "
          + "\(totals.passed) passed, \(totals.failed) failed (crashes included), \(totals.hung) hung")

    var report = "spec\tindex\texample\toutcome\tmessage\n"
    var problems: [String] = []
    for row in rows {
        for (i, outcome) in row.outcomes.enumerated() {
            let name = row.names[i]
            switch outcome {
            case .passed:
                report += "\(row.spec.name)\t\(i)\t\(escapeField(name))\tpassed\t\n"
            case let .failed(message):
                report += "\(row.spec.name)\t\(i)\t\(escapeField(name))\tfailed\t\(escapeField(message))\n"
                problems.append("FAILED \(row.spec.name) #\(i): \(name)\n    \(message.replacingOccurrences(of: "\n", with: "\n    "))")
            case let .hung(message):
                report += "\(row.spec.name)\t\(i)\t\(escapeField(name))\thung\t\(escapeField(message))\n"
                problems.append("HUNG   \(row.spec.name) #\(i): \(name)\n    \(message)")
            }
        }
    }
    let reportPath = (options.outDir as NSString).appendingPathComponent("results.tsv")
    try? report.write(toFile: reportPath, atomically: true, encoding: .utf8)
    print("")
    if problems.isEmpty {
        print("No example failed or hung.")
    } else {
        print("Failing and hung examples (first failure message each):")
        for problem in problems { print(problem) }
    }
    print("")
    print("Per-example results: \(reportPath); child logs: \(eventsDir)")
    return 0
}

let environment = ProcessInfo.processInfo.environment
if let className = environment["RSCONF_CLASS"] {
    runChild(className: className, environment: environment)
} else if CommandLine.arguments.dropFirst().first == "--list" {
    for spec in specTable {
        for (i, test) in spec.entry().allTests.enumerated() { print("\(spec.name)\t\(i)\t\(test.0)") }
    }
    exit(0)
} else if CommandLine.arguments.dropFirst().first == "--drive" {
    exit(drive(parseOptions(Array(CommandLine.arguments.dropFirst(2)))))
} else {
    print("usage: ConformanceRunner --drive [--out DIR] [--timeout S] [--filter REGEX] [--label NAME] | --list")
    exit(1)
}
EOF

# ---------------------------------------------------------------------------------------
# Build and run.
# ---------------------------------------------------------------------------------------
echo "rs-conformance: building (swift build, debug, Swift 5 mode for the specs)..."
build_log="$WORK_DIR/build.log"
if ! nice -n 10 swift build --package-path "$WORK_DIR" --product ConformanceRunner >"$build_log" 2>&1; then
    grep -E 'error:' "$build_log" | head -40 >&2 || true
    echo "rs-conformance: the generated package did not build; full log: $build_log" >&2
    exit 2
fi
bin="$(swift build --package-path "$WORK_DIR" --show-bin-path)/ConformanceRunner"
[ -x "$bin" ] || { echo "rs-conformance: no runner at $bin" >&2; exit 2; }

runner_args=(--drive --out "$WORK_DIR" --timeout "$TIMEOUT" --label "$LIB_NAME ($LIB_PATH)")
[ -n "$FILTER" ] && runner_args+=(--filter "$FILTER")
set +e
"$bin" "${runner_args[@]}"
status=$?
set -e
[ "$status" -eq 0 ] || { echo "rs-conformance: the runner stopped with status $status" >&2; exit "$status"; }
exit 0
