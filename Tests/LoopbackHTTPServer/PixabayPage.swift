import Foundation

/// Pixabay-shaped JSON for the loopback server to answer with.
public enum PixabayPage {
    /// A page of `count` hits with ids from `firstID`, claiming `totalHits` in all.
    public static func json(totalHits: Int, count: Int, firstID: Int = 100) -> String {
        let hits = (0..<count).map { offset -> String in
            let id = firstID + offset
            return """
                {"id":\(id),"pageURL":"https://pixabay.com/photos/x-\(id)/","type":"photo",\
                "tags":"red fox, animal","previewURL":"https://cdn.example/p/\(id).png",\
                "previewWidth":150,"previewHeight":100,\
                "webformatURL":"https://cdn.example/w/\(id).png",\
                "webformatWidth":640,"webformatHeight":427,\
                "largeImageURL":"https://cdn.example/l/\(id).png",\
                "imageWidth":6000,"imageHeight":4000,"imageSize":1234,"views":12345,\
                "downloads":678,"collections":1,"likes":\(90 + offset),"comments":3,\
                "user_id":7,"user":"tester\(id)","userImageURL":""}
                """
        }
        return "{\"total\":\(totalHits),\"totalHits\":\(totalHits),"
            + "\"hits\":[\(hits.joined(separator: ","))]}"
    }

    /// The latency and jitter of a real server, for `LoopbackHTTPServer(latency:seed:)` in
    /// front of ``pagedServer(perPage:pages:failing:)``: 1–20 ms per reply.
    public static let latency: ClosedRange<TimeInterval> = 0.001...0.02

    /// Answers page `page` (from the request's `page` parameter) of a search whose hits are
    /// `pages` full pages of `perPage`, ids from 100; `failing` pages answer HTTP 500. It
    /// answers at once: give the server a `latency` (``latency``) for a real server's
    /// timing, drawn from the server's seeded generator.
    public static func pagedServer(
        perPage: Int, pages: Int, failing: Set<Int> = []
    ) -> @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply {
        { request in
            let page = Int(request.query["page"] ?? "") ?? 1
            if failing.contains(page) { return .text("boom", status: 500) }
            guard (1...pages).contains(page) else {
                return .text("[ERROR 400] \"page\" is out of valid range.", status: 400)
            }
            return .json(
                json(
                    totalHits: perPage * pages, count: perPage,
                    firstID: 100 + (page - 1) * perPage))
        }
    }
}
