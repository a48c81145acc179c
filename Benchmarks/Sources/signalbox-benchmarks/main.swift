import Foundation

// Usage:
//   signalbox-benchmarks                 run every case, each in its own process; print table
//   signalbox-benchmarks --run IMPL W    run one case in this process; print one result line
//   signalbox-benchmarks --only W1,W2    restrict the workloads of the full run
//   signalbox-benchmarks --run IMPL W --reps N   N timed repetitions instead of 5 (with
//                                        --reps 0: one untimed run, for callgrind.sh)

let allCases: [Case] =
    w1Cases + w2Cases + w3Cases + w4Cases + w5Cases + w51Cases + w6Cases + d1Cases + r1Cases
    + s1Cases() + s2Cases + s2LongCases + w7AllCases + w7vCases
let implementations = ["plain", "signalbox", "opencombine"]

let arguments = CommandLine.arguments
if arguments.count >= 4, arguments[1] == "--run" {
    guard let testCase = allCases.first(where: { $0.impl == arguments[2] && $0.workload == arguments[3] })
    else {
        FileHandle.standardError.write(Data("unknown case \(arguments[2]) \(arguments[3])\n".utf8))
        exit(2)
    }
    // Memory first, in the fresh process, so earlier allocations do not hide it.
    let memory = testCase.memory?()
    var repetitions = 5
    if let index = arguments.firstIndex(of: "--reps"), index + 1 < arguments.count,
        let count = Int(arguments[index + 1]), count >= 0
    {
        repetitions = count
    }
    if repetitions == 0 {
        let result = testCase.body()
        print("\(testCase.impl) \(testCase.workload) - \(result.checksum)")
        exit(0)
    }
    let result = measure(testCase, repetitions: repetitions)
    print("\(testCase.impl) \(testCase.workload) \(String(format: "%.2f", result.nsPerOp)) \(result.checksum)")
    if let memory {
        print("memory \(testCase.impl) \(testCase.workload) \(String(format: "%.1f", memory))")
    }
    exit(0)
}

var only: Set<String>?
if let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count {
    only = Set(arguments[index + 1].split(separator: ",").map(String.init))
}
let workloads = allCases.map(\.workload).reduce(into: [String]()) {
    if !$0.contains($1), only?.contains($1) ?? true { $0.append($1) }
}

let executable = URL(fileURLWithPath: arguments[0]).standardizedFileURL
var results: [String: [String: (ns: Double, checksum: String)]] = [:]
var memoryResults: [String: [String: Double]] = [:]
for workload in workloads {
    for impl in implementations where allCases.contains(where: { $0.impl == impl && $0.workload == workload }) {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--run", impl, workload]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch {
            print("failed to run \(impl) \(workload): \(error)")
            continue
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        for line in output.split(separator: "\n") {
            print(line)
            let fields = line.split(separator: " ")
            if fields.count == 4, fields[0] == "memory", let bytes = Double(fields[3]) {
                memoryResults[workload, default: [:]][impl] = bytes
            } else if fields.count == 4, let ns = Double(fields[2]) {
                results[workload, default: [:]][impl] = (ns, String(fields[3]))
            }
        }
    }
}

print("")
print("workload       plain ns/op  signalbox ns/op  opencombine ns/op  sb/plain  oc/sb    checksums")
for workload in workloads {
    let row = results[workload] ?? [:]
    func cell(_ impl: String) -> String {
        row[impl].map { String(format: "%.2f", $0.ns) } ?? "-"
    }
    func ratio(_ a: String, _ b: String) -> String {
        guard let x = row[a]?.ns, let y = row[b]?.ns, y > 0 else { return "-" }
        return String(format: "%.2fx", x / y)
    }
    let checksums = Set(row.values.map(\.checksum))
    let line = [
        workload.padding(toLength: 14, withPad: " ", startingAt: 0),
        cell("plain").padding(toLength: 12, withPad: " ", startingAt: 0),
        cell("signalbox").padding(toLength: 16, withPad: " ", startingAt: 0),
        cell("opencombine").padding(toLength: 18, withPad: " ", startingAt: 0),
        ratio("signalbox", "plain").padding(toLength: 9, withPad: " ", startingAt: 0),
        ratio("opencombine", "signalbox").padding(toLength: 8, withPad: " ", startingAt: 0),
        checksums.count == 1 ? "match" : "MISMATCH",
    ]
    print(line.joined(separator: " "))
}

for workload in workloads {
    guard let row = memoryResults[workload] else { continue }
    func cell(_ impl: String) -> String {
        row[impl].map { String(format: "%.1f", $0) } ?? "-"
    }
    var line = "\(workload) memory bytes/observer: plain \(cell("plain"))  signalbox \(cell("signalbox"))"
    line += "  opencombine \(cell("opencombine"))"
    if let sb = row["signalbox"], let oc = row["opencombine"], sb > 0 {
        line += String(format: "  oc/sb %.2fx", oc / sb)
    }
    print(line)
}
