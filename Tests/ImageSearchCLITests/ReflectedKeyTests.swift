import Foundation
import LoopbackHTTPServer
import TestThreads
import Testing

/// A server that copies the API key into the hits it returns (`user`, `tags`, `pageURL`,
/// image addresses) must not get it shown, encoded as JSON or written to the cache: every
/// text from the server passes the redactor before any of those (issue 34, item 2).
@Suite("a key the server reflects into its hits never leaves the process", .ownThreads)
struct ReflectedKeyTests {
    static let key = "ReflectedKey-0123456789abcdefXYZ"

    /// A page of two hits whose texts carry the key as sent, upper-cased, percent-encoded
    /// and as a middle run of 20 of its characters.
    static func reflectingPage(key: String) -> String {
        let middle = String(key.dropFirst(6).prefix(20))
        let encoded = key.replacingOccurrences(of: "-", with: "%2d")
        func hit(_ id: Int) -> String {
            """
            {"id":\(id),"pageURL":"https://pixabay.com/photos/\(key)-\(id)/",\
            "tags":"fox, \(key.uppercased()), \(middle)",\
            "previewURL":"https://cdn.example/p/\(encoded).png",\
            "previewWidth":150,"previewHeight":100,\
            "webformatURL":"https://cdn.example/w/\(id).png?k=\(key)",\
            "webformatWidth":640,"webformatHeight":427,"imageWidth":6000,"imageHeight":4000,\
            "views":1,"downloads":2,"likes":3,"user":"eve \(key)"}
            """
        }
        return "{\"total\":2,\"totalHits\":2,\"hits\":[\(hit(1)),\(hit(2))]}"
    }

    /// Whether `text` holds the key, or a run of 8 of its characters, in any case.
    static func leaks(_ text: String) -> Bool {
        let lowered = text.lowercased().replacingOccurrences(of: "%2d", with: "-")
        let secret = Array(key.lowercased())
        for start in 0...(secret.count - 8)
        where lowered.contains(String(secret[start..<start + 8])) {
            return true
        }
        return false
    }

    @Test(
        "table, detail and JSON show no part of a reflected key",
        arguments: [["red", "fox"], ["--detail", "1", "red", "fox"], ["--json", "red", "fox"]])
    func shown(arguments: [String]) throws {
        let server = try LoopbackHTTPServer { _ in .json(Self.reflectingPage(key: Self.key)) }
        defer { server.stop() }
        let result = try CommandRunner.run(
            ["--base-url", server.baseURL + "/api/"] + arguments,
            environment: ["PIXABAY_API_KEY": Self.key])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!Self.leaks(result.stdout), "stdout: \(result.stdout)")
        #expect(!Self.leaks(result.stderr), "stderr: \(result.stderr)")
        #expect(result.stdout.contains("eve"), "the rest of the text is still shown")
    }

    @Test("the on-disk cache holds no part of a reflected key")
    func cached() throws {
        let server = try LoopbackHTTPServer { _ in .json(Self.reflectingPage(key: Self.key)) }
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory
            .appendingPathComponent("imagesearch-reflect-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try CommandRunner.run(
            ["--base-url", server.baseURL + "/api/", "red", "fox"],
            environment: ["PIXABAY_API_KEY": Self.key, "XDG_CACHE_HOME": cache.path])
        #expect(result.status == 0, "\(result.stderr)")
        var files = 0
        let walker = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard let data = FileManager.default.contents(atPath: url.path), !data.isEmpty
            else { continue }
            files += 1
            #expect(!Self.leaks(String(decoding: data, as: UTF8.self)), "\(url.lastPathComponent)")
        }
        #expect(files > 0, "a page was cached")
    }
}
