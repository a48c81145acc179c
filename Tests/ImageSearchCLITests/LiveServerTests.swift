import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import TestThreads
import Testing

/// A Pixabay-shaped page of `count` hits, ids from `firstID`.
func pixabayPage(totalHits: Int, count: Int, firstID: Int = 100) -> String {
    let hits = (0..<count).map { offset -> String in
        let id = firstID + offset
        return """
            {"id":\(id),"pageURL":"https://pixabay.com/photos/x-\(id)/","type":"photo",\
            "tags":"red fox, animal","previewURL":"https://cdn.example/p/\(id).png",\
            "previewWidth":150,"previewHeight":100,"webformatURL":"https://cdn.example/w/\(id).png",\
            "webformatWidth":640,"webformatHeight":427,"largeImageURL":"https://cdn.example/l/\(id).png",\
            "imageWidth":6000,"imageHeight":4000,"imageSize":1234,"views":12345,"downloads":678,\
            "collections":1,"likes":\(90 + offset),"comments":3,"user_id":7,"user":"tester\(id)",\
            "userImageURL":""}
            """
    }
    return
        "{\"total\":\(totalHits),\"totalHits\":\(totalHits),\"hits\":[\(hits.joined(separator: ","))]}"
}

@Suite("imagesearch against a loopback Pixabay-compatible server", .serialized, .ownThreads)
struct LiveServerTests {
    static let fakeKey = "FAKE-KEY-7f3a9c1e"

    func run(
        _ reply: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply,
        arguments: [String] = ["red", "fox"], keyInEnvironment: Bool = false
    ) throws -> (CommandResult, [LoopbackHTTPServer.Request]) {
        let server = try LoopbackHTTPServer(handler: reply)
        defer { server.stop() }
        var all = ["--base-url", server.baseURL + "/api/", "--timeout", "2"]
        var environment: [String: String] = [:]
        if keyInEnvironment {
            environment["PIXABAY_API_KEY"] = Self.fakeKey
        } else {
            all += ["--api-key", Self.fakeKey]
        }
        let result = try CommandRunner.run(all + arguments, environment: environment)
        return (result, server.requests)
    }

    func expectNoKey(_ result: CommandResult) {
        #expect(!result.stdout.contains(Self.fakeKey))
        #expect(!result.stderr.contains(Self.fakeKey))
    }

    @Test("a successful search shows the server's hits and sends the key and query")
    func success() throws {
        let (result, requests) = try run({ _ in .json(pixabayPage(totalHits: 2, count: 2)) })
        #expect(result.status == 0)
        #expect(result.tableIDs == [100, 101])
        #expect(result.stdout.contains("2 of 2 images for \"red fox\""))
        #expect(result.stderr.isEmpty, "no offline notice when a key is set")
        let request = try #require(requests.first)
        #expect(request.target.hasPrefix("/api/"))
        #expect(request.query["key"] == Self.fakeKey)
        #expect(request.query["q"] == "red fox")
        #expect(request.headers["user-agent"]?.hasPrefix("imagesearch/") == true)
        expectNoKey(result)
    }

    @Test("the key can come from PIXABAY_API_KEY")
    func keyFromEnvironment() throws {
        let (result, requests) = try run(
            { _ in .json(pixabayPage(totalHits: 1, count: 1)) }, keyInEnvironment: true)
        #expect(result.status == 0)
        #expect(requests.first?.query["key"] == Self.fakeKey)
        expectNoKey(result)
    }

    @Test("HTTP 429 exits 1 with a rate-limit message")
    func rateLimited() throws {
        let (result, _) = try run({ _ in
            .text("Too many requests", status: 429, headers: ["Retry-After": "30"])
        })
        #expect(result.status == 1)
        #expect(result.stderr.contains(NetworkError.rateLimited(retryAfter: 30).description))
        expectNoKey(result)
    }

    @Test("HTTP 500 exits 1 with a server-error message")
    func serverError() throws {
        let (result, _) = try run({ _ in .text("boom", status: 500) })
        #expect(result.status == 1)
        #expect(result.stderr.contains(NetworkError.serverError(statusCode: 500).description))
        expectNoKey(result)
    }

    @Test("a rejected key (HTTP 400 with a message) exits 1 without echoing the key")
    func invalidKey() throws {
        let (result, _) = try run({ request in
            .text(
                "[ERROR 400] Invalid or missing API key (\(request.query["key"] ?? ""))",
                status: 400)
        })
        #expect(result.status == 1)
        #expect(result.stderr.contains("The request was rejected"))
        expectNoKey(result)
    }

    @Test("a server that never answers times out: exit 1 with a timed-out message")
    func timeout() throws {
        let start = DispatchTime.now().uptimeNanoseconds
        let (result, _) = try run({ _ in .hold }, arguments: ["--timeout", "0.5", "red", "fox"])
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(result.status == 1)
        #expect(result.stderr.contains(NetworkError.timedOut.description))
        #expect(elapsed >= 0.45, "gave up after \(elapsed) s, before the 0.5 s timeout")
        expectNoKey(result)
    }

    @Test("HTML instead of JSON exits 1 with an incorrect-data message")
    func htmlBody() throws {
        let (result, _) = try run({ _ in
            .respond(
                status: 200, headers: ["Content-Type": "text/html"],
                body: Data("<html>oops</html>".utf8))
        })
        #expect(result.status == 1)
        #expect(result.stderr.contains(NetworkError.incorrectDataReturned.description))
        expectNoKey(result)
    }
}

@Suite("imagesearch interactive cancellation", .serialized, .ownThreads)
struct InteractiveCancellationTests {
    @Test("Ctrl-C during a search cancels that search (and its request), not the program")
    func interruptCancelsSearch() throws {
        let server = try LoopbackHTTPServer { _ in .hold }
        defer { server.stop() }
        let command = try CommandRunner.launch([
            "-i", "--api-key", LiveServerTests.fakeKey, "--base-url", server.baseURL + "/api/",
            "--timeout", "30",
        ])
        command.write("red fox\n")
        #expect(server.waitForRequest(timeout: 20))
        command.interrupt()
        #expect(server.waitForClientToClose(timeout: 20), "the held request was cancelled")
        command.write(":q\n")
        command.closeInput()
        let result = try command.finish(timeout: 20)
        #expect(result.status == 0)
        let stderr = result.stderr
        #expect(stderr.contains("Search cancelled."))
        #expect(!stderr.contains(LiveServerTests.fakeKey))
    }
}
