import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import TestThreads
import Testing

@testable import imagesearch

/// A page address from the server is shown the way a browser's address bar shows it: a host
/// that mixes scripts (a Cyrillic `і` among Latin letters) in punycode, and an address with
/// userinfo (`https://pixabay.com@evil.example/`) is never opened (issue 34, item 10).
@Suite("look-alike page addresses", .ownThreads)
struct LookAlikeAddressTests {
    static func page(_ addresses: [String]) -> String {
        let hits = addresses.enumerated().map { offset, address in
            """
            {"id":\(offset + 1),"pageURL":"\(address)","tags":"fox",\
            "previewURL":"https://cdn.example/p.png","previewWidth":150,"previewHeight":100,\
            "webformatURL":"https://cdn.example/w.png","webformatWidth":640,\
            "webformatHeight":427,"imageWidth":6000,"imageHeight":4000,"views":1,\
            "downloads":2,"likes":3,"user":"eve"}
            """
        }
        return "{\"total\":\(hits.count),\"totalHits\":\(hits.count),"
            + "\"hits\":[\(hits.joined(separator: ","))]}"
    }

    @Test(
        "hosts are shown as a browser shows them",
        arguments: [
            ("https://p\u{456}xabay.com/photos/x-1/", "https://xn--pxabay-pvf.com/photos/x-1/"),
            ("https://\u{440}\u{430}\u{443}\u{440}\u{430}l.com/", "https://xn--l-7sba6dbr.com/"),
            ("https://pixabay.com@evil.example/x", "https://evil.example/x"),
            ("https://user:pw@evil.example:8443/x?a=1", "https://evil.example:8443/x?a=1"),
            ("https://m\u{FC}nchen.de/a", "https://m\u{FC}nchen.de/a"),
            ("https://\u{4F8B}\u{3048}.jp/", "https://\u{4F8B}\u{3048}.jp/"),
            ("https://p%D1%96xabay.com/", "https://xn--pxabay-pvf.com/"),
            ("https://pixabay.com/photos/fox-1/", "https://pixabay.com/photos/fox-1/"),
            ("https://PIXABAY.com/", "https://PIXABAY.com/"),
            ("https://[::1]:8080/a", "https://[::1]:8080/a"),
            ("not an address", "not an address"),
        ])
    func shown(address: String, expected: String) {
        #expect(WebAddress.shown(address) == expected)
    }

    @Test("a host label longer than DNS allows is shown percent-encoded, never raw")
    func longLabel() {
        let label = String(repeating: "p\u{456}", count: 2_000)
        let shown = WebAddress.shown("https://\(label).com/")
        #expect(shown.hasPrefix("https://p%D1%96p") && !shown.contains("\u{456}"))
    }

    @Test("an address with userinfo is never opened; a look-alike opens as punycode")
    func opening() {
        #expect(SystemExternalAppChannel.openable("https://pixabay.com@evil.example/x") == nil)
        #expect(SystemExternalAppChannel.openable("https://a:b@evil.example/x") == nil)
        #expect(
            SystemExternalAppChannel.openable("https://p\u{456}xabay.com/x")
                == "https://xn--pxabay-pvf.com/x")
    }

    @Test("line mode shows the real host and refuses to open a disguised address")
    func lineMode() throws {
        let server = try LoopbackHTTPServer { _ in
            .json(
                Self.page([
                    "https://p\u{456}xabay.com/photos/x-1/",
                    "https://pixabay.com@evil.example/photos/x-2/",
                ]))
        }
        defer { server.stop() }
        let result = try CommandRunner.run(
            ["-i", "--api-key", "k-12345678", "--base-url", server.baseURL + "/api/"],
            environment: ["BROWSER": "/bin/true"],
            input: "fox\n:d 1\n:o 1\n:d 2\n:o 2\n:q\n")
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout + result.stderr
        #expect(!out.contains("p\u{456}xabay"), "\(out)")
        #expect(out.contains("xn--pxabay-pvf.com/photos/x-1/"), "\(out)")
        #expect(out.contains("Opening https://xn--pxabay-pvf.com/photos/x-1/"), "\(out)")
        #expect(!out.contains("pixabay.com@"), "\(out)")
        #expect(out.contains("evil.example"), "\(out)")
        #expect(out.contains("Not opening"), "\(out)")
    }
}
