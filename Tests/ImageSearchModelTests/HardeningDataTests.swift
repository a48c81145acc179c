import Foundation
import LoopbackHTTPServer
import Signalbox
import SignalboxLocks
import SignalboxTesting
import TestThreads
import Testing

@testable import ImageSearchModel

/// Secrets in server texts and addresses, and what a server can make the client keep.
@Suite("hardening: secrets in texts, bounded pages, private cache files", .ownThreads)
struct HardeningDataTests {
    static let key = "KEY-abcdefghijklmno"  // 19 characters

    @Test(
        "a key echoed across the cut of a 4xx message leaves no part of itself",
        arguments: 130...175)
    func keyNearTheCut(offset: Int) throws {
        let text = String(repeating: "x", count: offset) + " " + Self.key + " tail of the message"
        let error = try #require(
            NetworkError(
                statusCode: 400, headers: [:], body: Data(text.utf8), redacting: [Self.key]))
        guard case .invalidRequest(let message) = error else {
            Issue.record("got \(error.debugDescription)")
            return
        }
        #expect(message.count <= NetworkError.maximumMessageLength)
        for length in 4...Self.key.count {
            #expect(
                !message.contains(String(Self.key.prefix(length))),
                "\(length) characters of the key show: \(message)")
        }
    }

    @Test("a key the server itself cut short at the end of its text is redacted")
    func keyCutByTheServer() throws {
        for length in 6..<Self.key.count {
            let text = "Invalid API key: " + Self.key.prefix(length)
            let error = try #require(
                NetworkError(
                    statusCode: 400, headers: [:], body: Data(text.utf8), redacting: [Self.key]))
            #expect(
                !error.description.contains(String(Self.key.prefix(length))),
                "\(error.description)")
        }
    }

    @Test(
        "a key the server cut short inside its text (an ellipsis, a bracket or more words after it) is redacted",
        arguments: ["…", "...", "[truncated]", ", check your account", "\u{2026}\n"])
    func keyCutInsideTheText(after: String) throws {
        for length in 8..<Self.key.count {
            let start = "Invalid API key: " + Self.key.prefix(length) + after
            let end = "Invalid API key: …" + Self.key.suffix(length) + after
            for text in [start, end] {
                let error = try #require(
                    NetworkError(
                        statusCode: 400, headers: [:], body: Data(text.utf8),
                        redacting: [Self.key]))
                for part in [Self.key.prefix(length), Self.key.suffix(length)] {
                    #expect(
                        !error.description.contains(String(part)),
                        "\(length) characters of the key show: \(error.description)")
                }
            }
        }
    }

    @Test(
        "any run of 8 or more characters of the key is redacted: its middle, upper-cased, percent-encoded in either case"
    )
    func keyPartsInAnyForm() throws {
        let key = "k3y-AbCdEfGh/IjKlMnOp+QrStUv=w"  // 30 characters, some encoded in a query
        let encoded = key.utf8.map { byte -> String in
            let character = Character(Unicode.Scalar(byte))
            return character.isLetter || character.isNumber
                ? String(character) : String(format: "%%%02X", byte)
        }.joined()
        let middle = String(key.dropFirst(3).prefix(24))
        let forms = [
            "echo: " + middle + " (trimmed)",  // 24 of 30 characters, from the middle
            "Invalid key " + key.uppercased(),
            "Invalid key " + key.lowercased(),
            "url: /api/?key=" + encoded.lowercased() + "&q=fox",  // lower-case hex digits
            "url: /api/?q=fox&k=" + encoded,
            "part: " + String(key.dropFirst(11).prefix(9)),  // 9 characters from inside
        ]
        for text in forms {
            let error = try #require(
                NetworkError(statusCode: 400, headers: [:], body: Data(text.utf8), redacting: [key])
            )
            let shown = error.description.lowercased()
            for start in 0...(key.count - 8) {
                let run = key.lowercased().dropFirst(start).prefix(8)
                #expect(!shown.contains(run), "\"\(run)\" shows in: \(error.description)")
            }
            #expect(!shown.contains(String(encoded.lowercased().dropFirst(4).prefix(8))))
        }
        // Ordinary words are left alone.
        let plain = try #require(
            NetworkError(
                statusCode: 400, headers: [:], body: Data("Invalid request for fox".utf8),
                redacting: [key]))
        #expect(plain.description.contains("Invalid request for fox"))
    }

    @Test(
        "a key= inside the base URL is a secret: not in the cache key, the description or a 4xx text"
    )
    func keyInsideTheBaseURL() throws {
        let secret = "inline-0123456789abc"
        let pixabay = try Pixabay(
            apiKey: "k-0123456789", baseURL: "http://127.0.0.1:8080/api/?key=\(secret)&lang=en")
        let request = PixabaySearchRequest(pixabay: pixabay, query: "fox", page: 1)
        #expect(!request.cacheKey.contains(secret), "\(request.cacheKey)")
        #expect(!pixabay.shownBaseURL.contains(secret))
        #expect(pixabay.shownBaseURL.contains("lang=en"))
        #expect(!"\(pixabay)".contains(secret))
    }

    @Test("userinfo in the base URL stays out of cache keys and descriptions")
    func userInfoStripped() throws {
        let pixabay = try Pixabay(
            apiKey: "k-0123456789", baseURL: "http://alice:pa55word@127.0.0.1:8080/api/")
        let request = PixabaySearchRequest(pixabay: pixabay, query: "fox", page: 1)
        #expect(!request.cacheKey.contains("pa55word"))
        #expect(!request.cacheKey.contains("alice"))
        #expect(request.cacheKey.hasPrefix("http://127.0.0.1:8080/api/?"))
        #expect(!pixabay.description.contains("pa55word"))
        #expect(pixabay.shownBaseURL == "http://127.0.0.1:8080/api/")
    }

    @Test("an invalid address with userinfo is reported without it")
    func userInfoNotInErrors() {
        let outcome = Network(timeout: 1).requestJSON(
            url: "ftp://bob:hunter22@example.invalid/", parameters: [:]
        ).outcome(timeout: 10)
        let text = outcome.error?.description ?? ""
        #expect(!text.isEmpty)
        #expect(!text.contains("hunter22"), "\(text)")
    }

    @Test("a page keeps at most the hits asked for; the rest are counted")
    func perPageEnforced() throws {
        let pixabay = try Pixabay(apiKey: "k-0123456789", perPage: 3)
        let request = PixabaySearchRequest(pixabay: pixabay, query: "fox", page: 1)
        let page = try request.decode(Fixtures.responseData(totalHits: 5000, count: 40))
        #expect(page.images.count == 3)
        #expect(page.excessHits == 37)
        #expect(page.skippedHits == 0)
    }

    @Test("ImageSearch keeps at most perPage hits even from a transport that decodes itself")
    func perPageEnforcedBySearch() throws {
        let scheduler = TestScheduler()
        let pixabay = try Pixabay(apiKey: "k-0123456789", perPage: 3)
        let network = StubNetworkAnsweringPages(page: Fixtures.response(totalHits: 5000, count: 50))
        let search = ImageSearch(
            network: network, pixabay: pixabay, cache: ResponseCache(clock: scheduler),
            rateLimiter: RateLimiter(clock: scheduler))
        let pages = try #require(try search.searchImages(query: "fox").first()?.get())
        #expect(pages.images.count == 3)
        #expect(pages.excessHits == 47)
    }

    @Test("long texts from the server are cut; an absurd address makes the hit malformed")
    func stringsCapped() throws {
        var fields = Fixtures.hitFields()
        fields["user"] = "\"" + String(repeating: "u", count: 100_000) + "\""
        fields["tags"] =
            "\""
            + (0..<5000).map { "tag\($0)" + String(repeating: "t", count: 500) }
            .joined(separator: ", ") + "\""
        let hit = try JSONDecoder().decode(
            ImageEntity.self, from: Data(Fixtures.object(fields).utf8))
        #expect(hit.username.utf8.count <= ImageEntity.maximumTextLength)
        #expect(hit.tags.count <= ImageEntity.maximumTagCount)
        #expect(hit.tags.allSatisfy { $0.utf8.count <= ImageEntity.maximumTextLength })

        var long = Fixtures.hitFields()
        long["pageURL"] = "\"https://pixabay.com/" + String(repeating: "p", count: 100_000) + "\""
        let body = #"{"totalHits": 2, "hits": [\#(Fixtures.object(long)), \#(Fixtures.hitJSON())]}"#
        let page = try ResponseEntity.decode(from: Data(body.utf8))
        #expect(page.images.count == 1)
        #expect(page.skippedHits == 1)
    }

    /// A fresh directory under the temporary folder, removed by the caller.
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("hardening-\(UUID().uuidString)")
    }

    static func mode(_ url: URL) -> Int {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return -1 }
        return Int(info.st_mode) & 0o777
    }

    @Test("cache files are written 0600 and an existing folder is made 0700")
    func privateModes() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        let old = directory.appendingPathComponent("page-00000000000000000000000000000000.json")
        try Data("{}".utf8).write(to: old)
        chmod(old.path, 0o644)
        let storage = DiskResponseStorage(directory: directory)
        storage.store(
            ResponseCacheEntry(value: Fixtures.response(totalHits: 1, count: 1), storedAt: Date()),
            forKey: "k", keepingAtMost: 10, expiredBefore: .distantPast)
        #expect(Self.mode(directory) == 0o700)
        #expect(Self.mode(storage.fileURL(forKey: "k")) == 0o600)
        #expect(Self.mode(old) == 0o600)
    }

    @Test("temporary files left by a killed writer are swept and counted in the bound")
    func strayTemporaryFilesSwept() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let old = Date().addingTimeInterval(-3600)
        var strays: [URL] = []
        for name in [".dat.nosync1234.abcdef", ".page-0123456789abcdef.tmp"] {
            let url = directory.appendingPathComponent(name)
            try Data(count: 4000).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
            strays.append(url)
        }
        let unrelated = directory.appendingPathComponent("notes.txt")
        try Data("keep".utf8).write(to: unrelated)
        let storage = DiskResponseStorage(directory: directory, maximumBytes: 1_000_000)
        storage.store(
            ResponseCacheEntry(value: Fixtures.response(totalHits: 1, count: 1), storedAt: Date()),
            forKey: "k", keepingAtMost: 10, expiredBefore: .distantPast)
        for stray in strays {
            #expect(
                !FileManager.default.fileExists(atPath: stray.path), "\(stray.lastPathComponent)")
        }
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(
            names.sorted()
                == ["notes.txt", storage.fileURL(forKey: "k").lastPathComponent].sorted())
    }
}

/// A transport that answers every typed request with one page, decoded or not.
private struct StubNetworkAnsweringPages: Networking {
    let page: ResponseEntity

    func requestJSON(url: String, parameters: [String: String]) -> SignalProducer<
        Data, NetworkError
    > { SignalProducer(error: .unknown) }

    func requestImage(url: String) -> SignalProducer<Data, NetworkError> {
        SignalProducer(error: .unknown)
    }

    func send<Request: NetworkRequest>(_ request: Request) -> SignalProducer<
        Request.Response, NetworkError
    > {
        guard let response = page as? Request.Response else {
            return SignalProducer(error: .unknown)
        }
        return SignalProducer(value: response)
    }
}
