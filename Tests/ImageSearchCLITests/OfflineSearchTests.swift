import Foundation
import ImageSearchModel
import ImageSearchOffline
import Signalbox
import TestThreads
import Testing

/// What the offline catalog answers for `query`, page by page, straight from the model.
func catalogPages(_ query: String, perPage: Int, pages: Int) throws -> [ResponseEntity] {
    let pixabay = try Pixabay(apiKey: nil, perPage: perPage)
    let catalog = OfflineCatalog()
    return try (1...pages).compactMap { page -> ResponseEntity? in
        let parameters = pixabay.parameters(query: query, page: page)
        guard
            case .success(let data)? = catalog.requestJSON(
                url: pixabay.baseURL, parameters: parameters
            ).first()
        else { return nil }
        let response = try ResponseEntity.decode(from: data)
        return response.images.isEmpty ? nil : response
    }
}

@Suite("imagesearch with the offline catalog", .serialized, .ownThreads)
struct OfflineSearchTests {
    @Test("an offline search prints the catalog's rows and a summary")
    func offlineRows() throws {
        let result = try CommandRunner.run(["--offline", "--per-page", "5", "red", "fox"])
        #expect(result.status == 0)
        let expected = try catalogPages("red fox", perPage: 5, pages: 1)
        #expect(!expected.isEmpty)
        #expect(result.tableIDs == expected.flatMap(\.images).map(\.id))
        let total = expected.first?.totalCount ?? -1
        #expect(
            result.stdout.contains("\(result.tableIDs.count) of \(total) images for \"red fox\""))
        #expect(!result.stdout.contains("\u{1B}["), "no colour when piped")
        #expect(result.stderr.isEmpty, "no notice with --offline, no spinner when piped")
    }

    @Test("without a key the offline catalog answers, with a one-line notice on stderr")
    func noKeyNotice() throws {
        let result = try CommandRunner.run(["cat"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("offline catalog"))
        #expect(result.stderr.contains("PIXABAY_API_KEY"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("--json prints one document that matches the catalog")
    func json() throws {
        let result = try CommandRunner.run([
            "--offline", "--json", "--per-page", "4", "mountain", "lake",
        ])
        #expect(result.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let expected = try catalogPages("mountain lake", perPage: 4, pages: 1)
        let rows = try #require(document["results"] as? [[String: Any]])
        #expect(
            rows.compactMap { ($0["id"] as? NSNumber)?.uint64Value }
                == expected.flatMap(\.images).map(\.id))
        #expect((document["total"] as? NSNumber)?.int64Value == expected.first?.totalCount)
        #expect(document["query"] as? String == "mountain lake")
        #expect(document["source"] as? String == "offline")
        #expect(rows.first?["tags"] is [String])
    }

    @Test("--pages 2 loads and shows the second page")
    func twoPages() throws {
        let result = try CommandRunner.run(["--offline", "--per-page", "3", "--pages", "2", "fox"])
        #expect(result.status == 0)
        let expected = try catalogPages("fox", perPage: 3, pages: 2)
        #expect(expected.count == 2)
        #expect(result.tableIDs == expected.flatMap(\.images).map(\.id))
        #expect(result.tableIDs.count == 6)
    }

    @Test("--detail 1 prints the detail view model's texts for the first result")
    func detail() throws {
        let result = try CommandRunner.run(["--offline", "--per-page", "3", "--detail", "1", "fox"])
        #expect(result.status == 0)
        let first = try #require(try catalogPages("fox", perPage: 3, pages: 1).first?.images.first)
        #expect(result.stdout.contains("Result 1: image \(first.id)"))
        #expect(result.stdout.contains("User:      \(first.username)"))
        #expect(result.stdout.contains("Tags:      \(first.tags.joined(separator: ", "))"))
        #expect(
            result.stdout.contains("Size:      \(first.pageImageWidth) x \(first.pageImageHeight)"))
        #expect(result.stdout.contains("Page:      \(first.pageURL)"))
        #expect(result.stdout.contains("Views:"))
    }

    @Test("a query with no match exits 0 with zero results")
    func zeroResults() throws {
        let result = try CommandRunner.run(["--offline", "qwxzzy"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("0 of 0 images for \"qwxzzy\""))
    }

    @Test("--detail beyond the loaded results is a usage error (exit 2) with a reason")
    func detailOutOfRange() throws {
        let result = try CommandRunner.run(["--offline", "--per-page", "3", "--detail", "9", "fox"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--detail 9 is out of range"))
        let found = try CommandRunner.run(["--offline", "--detail", "40", "fox"])
        #expect(found.status == 2, "fewer results than --detail asks for")
        #expect(found.stderr.contains("--detail 40 is out of range: 14 results were loaded"))
        // What was found is shown before the error.
        #expect(found.stdout.contains("14 of 14 images for \"fox\""), "\(found.stdout)")
    }

    @Test("--base-url without a key is a usage error (exit 2) that says what to add")
    func baseURLWithoutKey() throws {
        let result = try CommandRunner.run(
            ["--base-url", "http://127.0.0.1:9/api/", "fox"], environment: ["PIXABAY_API_KEY": ""])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "no offline results pass for the server's: \(result.stdout)")
        #expect(result.stderr.contains("--base-url http://127.0.0.1:9/api/ needs an API key"))
        #expect(result.stderr.contains("--api-key"))
        let offline = try CommandRunner.run([
            "--base-url", "http://127.0.0.1:9/api/", "--offline", "fox",
        ])
        #expect(offline.status == 0)
    }

    @Test("interactive mode reads commands from standard input")
    func interactive() throws {
        let result = try CommandRunner.run(
            ["-i", "--offline", "--per-page", "3"], input: "fox\n:n\n:d 2\n:d 99\n:q\n")
        #expect(result.status == 0)
        let expected = try catalogPages("fox", perPage: 3, pages: 2).flatMap(\.images)
        #expect(result.tableIDs == expected.map(\.id))
        #expect(result.stdout.contains("Result 2: image \(expected[1].id)"))
        #expect(result.stdout.contains(":detail needs a result number from 1 to 6."))
    }

    @Test("--help and --version exit 0")
    func helpAndVersion() throws {
        let help = try CommandRunner.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("Usage: imagesearch"))
        let version = try CommandRunner.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("imagesearch "))
    }
}
