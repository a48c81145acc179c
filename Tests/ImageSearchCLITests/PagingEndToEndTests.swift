import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import TestThreads
import Testing

/// `imagesearch --pages N` as a user runs it, against a loopback server that answers each
/// page after 1–20 ms (seeded jitter): the races between the transport's thread and the main
/// queue happen here as they do in the field.
@Suite("imagesearch paging against a loopback server", .serialized, .ownThreads)
struct PagingEndToEndTests {
    static let runs = 50
    /// Seeds the server's latencies.
    static let seed: UInt64 = 27

    @Test("--pages 3 --per-page 3: 50 of 50 runs print every page and exit 0")
    func everyRunLoadsEveryPage() throws {
        let server = try LoopbackHTTPServer(
            latency: PixabayPage.latency, seed: Self.seed,
            handler: PixabayPage.pagedServer(perPage: 3, pages: 3))
        defer { server.stop() }
        var failures = 0
        for run in 0..<Self.runs {
            let query = "red fox \(run)"
            let result = try CommandRunner.run(
                [
                    "--base-url", server.baseURL + "/api/", "--api-key", "e2e-key",
                    "--timeout", "5", "--pages", "3", "--per-page", "3", query,
                ], timeout: 20)
            let pages = server.requests.filter { $0.query["q"] == query }.map {
                $0.query["page"] ?? "?"
            }
            let ok =
                result.status == 0 && result.tableIDs == Array(100...108)
                && pages == ["1", "2", "3"]
            if !ok { failures += 1 }
            #expect(result.status == 0, "run \(run) (server seed \(Self.seed)): \(result.stderr)")
            #expect(result.tableIDs == Array(100...108), "run \(run)")
            #expect(pages == ["1", "2", "3"], "run \(run)")
            #expect(result.stdout.contains("9 of 9 images"), "run \(run)")
            if failures > 2 { break }  // enough evidence
        }
    }

    @Test("when page 2 answers 500, page 1 is printed, the error goes to stderr, exit 1")
    func laterPageFails() throws {
        let server = try LoopbackHTTPServer(
            latency: PixabayPage.latency, seed: Self.seed,
            handler: PixabayPage.pagedServer(perPage: 3, pages: 3, failing: [2]))
        defer { server.stop() }
        let result = try CommandRunner.run(
            [
                "--base-url", server.baseURL + "/api/", "--api-key", "e2e-key", "--timeout", "5",
                "--pages", "3", "--per-page", "3", "red", "fox",
            ], timeout: 20)
        #expect(result.status == 1)
        #expect(result.tableIDs == [100, 101, 102])
        #expect(result.stdout.contains("3 of 9 images"))
        #expect(result.stderr.contains(NetworkError.serverError(statusCode: 500).description))
        #expect(server.requests.map { $0.query["page"] } == ["1", "2"])
    }

    @Test("--json with a failing page 2 prints the loaded results as JSON, exit 1")
    func laterPageFailsJSON() throws {
        let server = try LoopbackHTTPServer(
            latency: PixabayPage.latency, seed: Self.seed,
            handler: PixabayPage.pagedServer(perPage: 3, pages: 3, failing: [2]))
        defer { server.stop() }
        let result = try CommandRunner.run(
            [
                "--base-url", server.baseURL + "/api/", "--api-key", "e2e-key", "--timeout", "5",
                "--pages", "2", "--per-page", "3", "--json", "red", "fox",
            ], timeout: 20)
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        let report = try #require(object as? [String: Any])
        #expect((report["results"] as? [Any])?.count == 3)
        #expect(result.stderr.contains(NetworkError.serverError(statusCode: 500).description))
    }
}
