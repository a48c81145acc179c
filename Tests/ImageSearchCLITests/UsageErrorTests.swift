import TestThreads
import Testing

@Suite("imagesearch usage errors", .ownThreads)
struct UsageErrorTests {
    static let cases: [([String], String)] = [
        (["--bogus", "cat"], "unknown option '--bogus'"),
        (["--per-page"], "--per-page needs a value"),
        (["--per-page", "abc", "cat"], "--per-page needs a whole number, got 'abc'"),
        (["--per-page", "2", "cat"], "--per-page needs a number between 3 and 200, got 2"),
        (["--per-page=201", "cat"], "--per-page needs a number between 3 and 200, got 201"),
        (["--pages", "0", "cat"], "--pages needs a number between 1 and 100, got 0"),
        (["--detail", "0", "cat"], "--detail needs a number of at least 1, got 0"),
        (["--timeout", "soon", "cat"], "--timeout needs a number of seconds between 0.1 and 600"),
        (["--base-url", "ftp://example.org", "cat"], "--base-url needs an http(s) URL"),
        (
            ["--cache-memory", "-1", "cat"],
            "--cache-memory needs a number between 0 and 4096, got -1"
        ),
        (["--cache-memory=lots", "cat"], "--cache-memory needs a whole number, got 'lots'"),
        (["--api-key", " ", "cat"], "--api-key needs a non-empty key"),
        (["--json=yes", "cat"], "--json takes no value"),
        (["--offline"], "a query is required"),
        (["   "], "a query is required"),
    ]

    @Test(
        "bad command lines exit 2 with a one-line reason and a pointer to --help", arguments: cases)
    func usageError(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message))
        #expect(result.stderr.contains("see --help"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test("--cache-memory sets the in-memory budget; 0 keeps nothing and still searches")
    func cacheMemoryAccepted() throws {
        for budget in ["0", "1", "4096"] {
            let result = try CommandRunner.run(["--offline", "--cache-memory", budget, "fox"])
            #expect(result.status == 0, "--cache-memory \(budget)")
            #expect(result.stdout.contains("fox"))
            #expect(result.stderr.isEmpty)
        }
    }
}
